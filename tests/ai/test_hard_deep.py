"""The hard player's decisive decisions (issue 16): the decisions the game turns on
(the escorts' carrier interrupted, fired at, moving; where reinforcements arrive) get
more futures, each played to the end of the game; an answer far behind is dropped early
(adaptive sampling); and the new candidates stand in the carrier's road."""

from __future__ import annotations

import math
from typing import Any

from ambush_gui import systems
from ambush_gui.ai import alley_lookahead
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.ai.hard import DROP, MIN_FUTURES, HardPlayer
from ambush_gui.ai.lookahead import fork
from ambush_gui.ai.narrate import Choice
from ambush_gui.alley.game import AlleyGame
from ambush_gui.core.decisions import Decision, DecisionKind

CT = systems.load_scenario(systems.resolve("contracting-trouble"))


def first(seed: int, want: Any) -> tuple[AlleyGame, Decision]:
    """A Contracting Trouble game played by the normal player up to its first decision
    ``want(g, d)`` accepts."""
    g = systems.new_game(CT, seed)
    ai = AlleyAI()
    for _ in range(2000):
        d = g.pending()
        assert d is not None, "the game ended before such a decision"
        if want(g, d):
            assert isinstance(g, AlleyGame)
            return g, d
        g.answer(ai.choose(g, d))
    raise AssertionError("no such decision")


def anywhere(want: Any) -> tuple[AlleyGame, Decision]:
    """The first such decision in the games of seeds 1 to 8."""
    for seed in range(1, 9):
        try:
            return first(seed, want)
        except AssertionError:
            continue
    raise AssertionError("no such decision in eight games")


def carrier_interrupt(g: AlleyGame, d: Decision) -> bool:
    return (d.kind is DecisionKind.INTERRUPT and len(alley_lookahead.candidates(AlleyAI(), g, d)) >= 2
            and alley_lookahead.decisive(g, d))


def test_nothing_is_decisive_before_a_unit_carries_the_escorts() -> None:
    g = systems.new_game(CT, 1)
    ai = AlleyAI()
    seen = 0
    while not alley_lookahead.carriers(g):
        d = g.pending()
        assert d is not None
        assert not alley_lookahead.decisive(g, d)
        seen += 1
        g.answer(ai.choose(g, d))
    assert seen > 5  # the whole approach to the SUV (8 decisions in this game)


def test_an_interruption_of_the_carrier_is_decisive_and_one_of_another_unit_is_not() -> None:
    g, d = first(2, carrier_interrupt)
    car = {u.id for u in alley_lookahead.carriers(g)}
    assert d.facts["target"] in car
    g2, d2 = anywhere(lambda g, d: d.kind is DecisionKind.INTERRUPT and alley_lookahead.carriers(g)
                   and d.facts["target"] not in {u.id for u in alley_lookahead.carriers(g)})
    assert not alley_lookahead.decisive(g2, d2)


def test_a_decisive_decision_is_played_to_the_end_of_the_game_over_more_futures() -> None:
    g, d = first(2, carrier_interrupt)
    hard = HardPlayer("alley", 3, futures=1, deep_futures=4, deep_budget=40)
    finished: list[bool] = []

    def value(copy: Any, side: Any) -> float:
        finished.append(copy.pending() is None)
        return alley_lookahead.value(copy, side)

    hard.normal.value = value  # type: ignore[attr-defined]  # the normal player's own judge
    choice = hard.decide(g, d)
    assert "to the end of the game over up to 4 sampled futures" in choice.reason
    assert finished and all(finished)  # every fork was played to the end of the game
    assert len(finished) >= 2 * MIN_FUTURES and hard._deep_spent == len(finished)


def test_the_deep_budget_of_a_game_is_kept() -> None:
    g, d = first(2, carrier_interrupt)
    hard = HardPlayer("alley", 3, futures=2, deep_futures=4, deep_budget=7)
    choice = hard.decide(g, d)  # 7 forks allow one candidate pair of 4 futures at most... not two
    assert "end of the game" not in choice.reason
    assert hard._deep_spent == 0


def test_the_deep_look_ahead_is_fair_games_identical_up_to_it_get_the_same_answer() -> None:
    g, d = first(2, carrier_interrupt)
    one, two = fork(g, 11), fork(g, 12)
    a = HardPlayer("alley", 2, deep_futures=3).decide(one, one.pending())  # type: ignore[arg-type]
    b = HardPlayer("alley", 2, deep_futures=3).decide(two, two.pending())  # type: ignore[arg-type]
    assert "end of the game" in a.reason
    assert (a.answer, a.reason) == (b.answer, b.reason)


class Lopsided:
    """A normal player whose second candidate is far worse in every future."""

    def __init__(self) -> None:
        self.inner = AlleyAI()
        self.count = {0: 0, 1: 0}

    def choose(self, game: Any, d: Decision) -> Any:
        return self.inner.choose(game, d)

    def decide(self, game: Any, d: Decision) -> Choice:
        return self.inner.decide(game, d)

    def candidates(self, game: Any, d: Decision) -> list[Choice]:
        self.at = len(game.decisions)
        self.answers = [c.answer for c in alley_lookahead.candidates(self.inner, game, d)[:2]]
        return [Choice(a, "") for a in self.answers]

    def value(self, game: Any, side: Any) -> float:
        i = self.answers.index(game.decisions[self.at])
        self.count[i] += 1
        return 0.0 if i == 0 else -2 * DROP

    def decisive(self, game: Any, d: Decision) -> bool:
        return True


def test_an_answer_far_behind_is_dropped_after_the_first_futures() -> None:
    g, d = first(2, carrier_interrupt)
    hard = HardPlayer("alley", 1, deep_futures=8)
    stub = hard.normal = Lopsided()  # type: ignore[assignment]
    choice = hard.decide(g, d)
    assert choice.answer == stub.answers[0]
    assert stub.count == {0: MIN_FUTURES, 1: MIN_FUTURES}  # not 8 each: the rest were not needed


def test_reinforcements_are_offered_the_hot_spot_nearest_the_carriers_road() -> None:
    g, d = anywhere(lambda g, d: d.kind is DecisionKind.HOT_SPOT and len(d.options) >= 2
                    and alley_lookahead.carriers(g))
    cands = alley_lookahead.candidates(AlleyAI(), g, d)
    assert alley_lookahead.decisive(g, d)
    road = alley_lookahead._on_the_way_out(g)
    spots = g.state.hot_spots
    nearest = min(d.options, key=lambda n: min(math.dist((spots[n].x, spots[n].y), p) for p in road))
    assert nearest in [c.answer for c in cands]
