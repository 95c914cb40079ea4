"""A fork from the turn's checkpoint is the fork a full replay makes (issue 30): the same
state, the same open decision, and the same future dice (played on a few decisions)."""

from __future__ import annotations

import pytest

from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.ai.lookahead import Forker, fork
from ambush_gui.alley.game import AlleyGame
from ambush_gui.core.game import Game


def _same(a: Game, b: Game) -> None:
    assert a.state_hash() == b.state_hash()
    da, db = a.pending(), b.pending()
    assert (da is None) == (db is None)
    if da is not None and db is not None:
        assert (da.kind, da.side, da.prompt, da.options, da.facts) == (db.kind, db.side, db.prompt,
                                                                       db.options, db.facts)
    assert (a.decisions, a.roll_marks, a.answered_by) == (b.decisions, b.roll_marks, b.answered_by)
    assert [e.text for e in a.log.events] == [e.text for e in b.log.events]


@pytest.mark.parametrize("name", ["contracting-trouble", "market-day", "the-orchard-battery",
                                  "the-tailors-ledger"])
def test_a_fork_from_the_checkpoint_equals_a_fork_by_full_replay(name: str) -> None:
    scenario = systems.load_scenario(systems.resolve(name))
    g = systems.new_game(scenario, 3)
    assert isinstance(g, AlleyGame)
    ai, forker, checked, turns = AlleyAI(), Forker(), 0, set()
    while (d := g.pending()) is not None:
        if len(g.decisions) % 7 == 3:
            k = len(g.decisions)
            quick, full = forker.fork(g, k), fork(g, k)
            _same(quick, full)
            for _ in range(12):  # the same future dice: play both on
                dq, df = quick.pending(), full.pending()
                if dq is None or df is None:
                    break
                answer = AlleyAI().choose(full, df)
                quick.answer(answer)
                full.answer(answer)
            _same(quick, full)
            checked += 1
            turns.add(g.state.turn)
        g.answer(ai.choose(g, d))
    assert checked >= 10 and len(turns) >= 3  # forks at many decisions of several turns


def test_the_forker_follows_a_game_taken_back_and_another_game() -> None:
    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    g = systems.new_game(scenario, 5)
    ai, forker = AlleyAI(), Forker()
    for _ in range(60):
        g.answer(ai.choose(g, g.pending()))  # type: ignore[arg-type]
    _same(forker.fork(g, 1), fork(g, 1))
    back = systems.new_game(scenario, 5)  # the same game taken back ten decisions
    for answer in g.decisions[:50]:
        back.answer(answer)
    _same(forker.fork(back, 2), fork(back, 2))


def test_forks_played_to_the_end_leave_no_trace_in_later_forks() -> None:
    """A fork played on (the civilians' mobs moving in it) must not change what a later
    fork from the same forker is: each fork keeps its own answers that depend on the state
    (a mob stand's moves), sharing only the table's geometry."""
    scenario = systems.load_scenario(systems.resolve("market-day"))
    g = systems.new_game(scenario, 4)
    ai, forker, checked = AlleyAI(), Forker(), 0
    while (d := g.pending()) is not None:
        if len(g.decisions) % 11 == 5:
            k = len(g.decisions)
            _same(forker.fork(g, k), fork(g, k))
            played = forker.fork(g, k + 1)
            normal = AlleyAI()
            while (dp := played.pending()) is not None:
                played.answer(normal.choose(played, dp))
            checked += 1
        g.answer(ai.choose(g, d))
    assert checked >= 10
