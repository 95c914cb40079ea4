"""The hard player looks ahead fairly (issue 16): its futures come from its own streams,
never from the game's dice, so two games identical up to a decision, whatever their
own dice would throw next, get the same answer and the same reason."""

from __future__ import annotations

from typing import Any

from ambush_gui import systems
from ambush_gui.ai import alley_lookahead
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.ai.hard import HardPlayer
from ambush_gui.ai.lookahead import fork, past_faces
from ambush_gui.alley.game import AlleyGame
from ambush_gui.core.decisions import Decision
from ambush_gui.core.dice import Dice

SCENARIO = systems.load_scenario(systems.resolve("contracting-trouble"))


def looked_at_decision(seed: int = 3, after: int = 20) -> tuple[AlleyGame, Decision]:
    """A Contracting Trouble game, played by the normal player, at its first decision
    after ``after`` answers where the normal player offers two or more answers to compare."""
    g = systems.new_game(SCENARIO, seed)
    ai = AlleyAI()
    for _ in range(400):
        d = g.pending()
        assert d is not None
        if len(g.decisions) >= after and len(alley_lookahead.candidates(ai, g, d)) >= 2:
            assert isinstance(g, AlleyGame)
            return g, d
        g.answer(ai.choose(g, d))
    raise AssertionError("no decision with candidates to compare")


def twin(g: AlleyGame, seed: int) -> AlleyGame:
    """The same game up to now (same decisions, same faces thrown), with its own seed and
    different dice from here on."""
    other = AlleyGame(g.scenario, seed, dice=Dice(seed, script=past_faces(g)), options=g.recorded_options)
    other.start()
    for answer in g.decisions:
        other.answer(answer)
    return other


def test_games_identical_up_to_a_decision_get_the_same_answer_and_reason() -> None:
    g, _ = looked_at_decision()
    other = twin(g, 991)
    assert other.state_hash() == g.state_hash() and other.seed != g.seed
    hard_a, hard_b = HardPlayer("alley", 5), HardPlayer("alley", 5)
    a = hard_a.decide(g, g.pending())  # type: ignore[arg-type]
    b = hard_b.decide(other, other.pending())  # type: ignore[arg-type]
    assert "futures" in a.reason  # it did look ahead here
    assert (a.answer, a.reason) == (b.answer, b.reason)
    # ...and their own dice do differ from here on (read only now, after both answers)
    ahead = [g.dice.d6("test") for _ in range(6)], [other.dice.d6("test") for _ in range(6)]
    assert ahead[0] != ahead[1]


def test_two_forks_with_different_streams_get_the_same_answer() -> None:
    g, _ = looked_at_decision(seed=4)
    one, two = fork(g, 11), fork(g, 12)
    a = HardPlayer("alley", 2).decide(one, one.pending())  # type: ignore[arg-type]
    b = HardPlayer("alley", 2).decide(two, two.pending())  # type: ignore[arg-type]
    assert (a.answer, a.reason) == (b.answer, b.reason)


class Tripwire:
    """Stands in for the game's dice: any use of it fails the test."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the hard player touched the game's dice ({name})")


def test_the_hard_player_never_touches_the_games_own_dice() -> None:
    g, d = looked_at_decision()
    dice = g.dice
    count, state, events = dice.count, dice._rng.getstate(), len(g.log.events)
    g.dice = Tripwire()  # type: ignore[assignment]
    try:
        choice = HardPlayer("alley", 7).decide(g, d)
    finally:
        g.dice = dice
    assert "futures" in choice.reason
    assert (dice.count, dice._rng.getstate(), len(g.log.events)) == (count, state, events)
    assert g.pending() is d  # the game itself has not moved


def test_the_same_seed_gives_the_same_answers_and_another_seed_its_own_futures() -> None:
    g, d = looked_at_decision()
    first = HardPlayer("alley", 5).decide(g, d)
    again = HardPlayer("alley", 5).decide(g, d)
    assert first == again
