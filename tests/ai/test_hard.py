"""The hard player (issue 16): the normal player's candidates, tried forward over sampled
futures; legal over whole games, deterministic per seed, and as normal where the normal
player has nothing to compare."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.ai import alley_lookahead
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.ai.ambush_ai import AmbushAI
from ambush_gui.ai.hard import HardPlayer, _turn, stream
from ambush_gui.ai.lookahead import fork
from ambush_gui.ai.narrate import Choice
from ambush_gui.alley.model import FigureKind, Side
from ambush_gui.core.decisions import Decision, DecisionKind

CT = systems.load_scenario(systems.resolve("contracting-trouble"))
ALLEY = ["contracting-trouble", "market-day", "the-orchard-battery", "the-tailors-ledger"]


def play(game: Any, players: dict[str, Any], until: int = 5000) -> list[str]:
    """Play ``game`` (every answer goes through Decision.validate in game.answer); the
    hard players' reasons."""
    reasons = []
    for _ in range(until):
        d = game.pending()
        if d is None:
            break
        player = players[d.side]
        choice = player.decide(game, d)
        if isinstance(player, HardPlayer):
            assert choice.reason, f"no reason for {d.kind}"
            reasons.append(choice.reason)
        game.answer(choice.answer)
    return reasons


@pytest.mark.parametrize("name", ALLEY)
def test_hard_answers_are_legal_over_a_whole_game_on_every_alley_scenario(name: str) -> None:
    scenario = systems.load_scenario(systems.resolve(name))
    g = systems.new_game(scenario, 1)
    hard = {s: HardPlayer("alley", 1 + i, futures=1, horizon=6, budget=2)
            for i, s in enumerate(("regular", "insurgent"))}
    reasons = play(g, hard)
    assert g.over and not systems.invariants(g)
    assert any("futures" in r for r in reasons)  # it looked ahead on this scenario
    assert sum(sum(h.looked.values()) for h in hard.values()) > 0


def test_hard_is_deterministic_per_seed() -> None:
    runs = []
    for _ in range(2):
        g = systems.new_game(CT, 2)
        hard = HardPlayer("alley", 9, futures=2, horizon=10, budget=4)
        reasons = play(g, {"regular": AlleyAI(), "insurgent": hard}, until=90)
        runs.append((g.decisions, reasons))
    assert runs[0] == runs[1]


def test_reason_says_what_was_compared() -> None:
    g = systems.new_game(CT, 3)
    ai, hard = AlleyAI(), HardPlayer("alley", 4, futures=2)
    while True:
        d = g.pending()
        assert d is not None
        if len(g.decisions) > 20 and len(alley_lookahead.candidates(ai, g, d)) >= 2:
            break
        g.answer(ai.choose(g, d))
    choice = hard.decide(g, d)
    assert "played forward over 2 sampled futures" in choice.reason
    assert choice.answer in [c.answer for c in alley_lookahead.candidates(ai, g, d)]
    # the window says the answer and then its reason: the reason does not say it again
    from ambush_gui.ai.narrate import narrate

    assert narrate(g, d, choice.answer) not in choice.reason


def test_the_futures_depend_on_the_players_seed_and_the_games_progress_only() -> None:
    assert stream(1, 10, 0) == stream(1, 10, 0)
    assert len({stream(1, 10, 0), stream(1, 10, 1), stream(1, 11, 0), stream(2, 10, 0)}) == 4


# -- AlleyAI's candidates and value ---------------------------------------------------------
def normal_game(seed: int, answers: int) -> Any:
    g = systems.new_game(CT, seed)
    ai = AlleyAI()
    for _ in range(answers):
        d = g.pending()
        g.answer(ai.choose(g, d))
    return g


def test_candidates_are_distinct_legal_and_the_normal_answer_first() -> None:
    g = systems.new_game(CT, 5)
    ai = AlleyAI()
    compared = 0
    for _ in range(150):
        d = g.pending()
        if d is None:
            break
        cands = alley_lookahead.candidates(ai, g, d)
        if cands:
            assert cands[0].answer == AlleyAI().choose(g, d)
            for c in cands:
                d.validate(c.answer)
                assert c.reason
            answers = [c.answer for c in cands]
            assert all(a != b for i, a in enumerate(answers) for b in answers[i + 1:])
            assert len(cands) <= alley_lookahead.MAX_CANDIDATES
            compared += len(cands) > 1
        g.answer(ai.choose(g, d))
    assert compared >= 5


def test_value_is_the_scenarios_points_as_they_stand_and_changes_nothing() -> None:
    g = normal_game(6, 60)
    lines, events = list(g.state.score.lines), len(g.log.events)
    pts = alley_lookahead.standing_points(g)
    assert (g.state.score.lines, len(g.log.events)) == (lines, events)
    # Contracting Trouble: each Marine wounded or killed scores for the Insurgents
    from ambush_gui.alley.victory import WOUNDED

    hurt = [f for f in g.state.all_figures()
            if f.side is Side.REGULAR and f.injury in WOUNDED and f.kind is not FigureKind.CONTRACTOR]
    assert pts[Side.INSURGENT] >= len(hurt)
    r, i = alley_lookahead.value(g, "regular"), alley_lookahead.value(g, Side.INSURGENT)
    assert r == pytest.approx(-i)


def test_value_of_a_finished_game_is_its_points_and_the_win() -> None:
    g = systems.new_game(CT, 1)
    play(g, {"regular": AlleyAI(), "insurgent": AlleyAI()})
    out = g.state.outcome
    diff = out["points"]["regular"] - out["points"]["insurgent"]
    bonus = {"regular": 1, "insurgent": -1, "draw": 0}[out["winner"]] * alley_lookahead.WIN_BONUS
    assert alley_lookahead.value(g, "regular") == pytest.approx(diff + bonus)


def test_value_counts_escorts_carried_toward_the_way_out() -> None:
    g = normal_game(1, 0)
    g.start()
    while not any(alley_lookahead.carriers(g)):
        d = g.pending()
        if d is None:
            pytest.skip("the Marines never took the contractors in")
        g.answer(AlleyAI().choose(g, d))
    more = alley_lookahead.promise(g)
    fighters = sum(len(u.fighters) for u in g.state.side_units(Side.REGULAR))
    assert more[Side.REGULAR] > alley_lookahead.FIGURE_WORTH * fighters  # the escorts' share


# -- Ambush!: through the same interface --------------------------------------------------
AMBUSH = systems.load_scenario(systems.resolve("ambush-tutorial"))


def ambush_decision() -> tuple[Any, Decision]:
    g = systems.new_game(AMBUSH, 1)
    ai = AmbushAI()
    for _ in range(300):
        d = g.pending()
        assert d is not None
        if d.side == "us" and len(d.options) >= 2 and len(g.decisions) > 3:
            return g, d
        g.answer(ai.choose(g, d) if d.side == "us" else d.options[0])
    raise AssertionError("no US decision with two answers")


class StubNormal:
    """A normal player with candidates and value: the second candidate is worth more."""

    def __init__(self) -> None:
        self.inner = AmbushAI()
        self.valued: list[Any] = []

    def choose(self, game: Any, d: Decision) -> Any:
        return self.inner.choose(game, d)

    def decide(self, game: Any, d: Decision) -> Choice:
        return self.inner.decide(game, d)

    def candidates(self, game: Any, d: Decision) -> list[Choice]:
        first = self.inner.decide(game, d)
        other = next(o for o in d.options if o != first.answer)
        self.at = len(game.decisions)
        self.other = other
        return [first, Choice(other, "the stub's other answer")]

    def value(self, game: Any, side: str) -> float:
        self.valued.append(game)
        return 1.0 if game.decisions[self.at] == self.other else 0.0


def test_ambush_hard_uses_the_normal_players_candidates_and_value() -> None:
    g, d = ambush_decision()
    hard = HardPlayer("ambush", 3, futures=2)
    stub = hard.normal = StubNormal()
    choice = hard.decide(g, d)
    assert choice.answer == stub.other
    assert "the best of 2 answers played forward over 2 sampled futures" in choice.reason
    assert len(stub.valued) == 4 and all(f is not g for f in stub.valued)  # forks, never the game


class PlainNormal:
    """A normal player with no look-ahead interface (no candidates, no value)."""

    def __init__(self) -> None:
        self.inner = AmbushAI()

    def choose(self, game: Any, d: Decision) -> Any:
        return self.inner.choose(game, d)

    def decide(self, game: Any, d: Decision) -> Choice:
        return self.inner.decide(game, d)


def test_hard_plays_as_normal_when_the_normal_player_has_no_candidates() -> None:
    g, d = ambush_decision()
    hard = HardPlayer("ambush", 3)
    hard.normal = PlainNormal()
    n_before = len(g.decisions)
    assert hard.decide(g, d) == AmbushAI().decide(g, d)
    assert hard.looked == {} and hard.forks == 0 and len(g.decisions) == n_before


def test_a_fork_is_what_the_hard_player_plays_forward() -> None:
    """The interface the hard player builds on: a fork answers like the game."""
    g = normal_game(7, 30)
    f = fork(g, stream(1, len(g.decisions), 0))
    assert f.state_hash() == g.state_hash()
    assert f.pending().kind is g.pending().kind  # type: ignore[union-attr]
    assert isinstance(g.pending().kind, DecisionKind)  # type: ignore[union-attr]


def test_an_ambush_game_has_turns_for_the_budget_and_the_horizon() -> None:
    g, _ = ambush_decision()
    assert _turn(g) == (g.turn, g.state.round) and g.turn >= 1
