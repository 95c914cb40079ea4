"""The Ambush! squad player's look-ahead interface (issue 16): ``candidates`` offers a few
distinct legal answers, normal's own first, and ``value`` says how well a side stands from
the mission's own points; and every answer it gives has a specific reason."""

from __future__ import annotations

from collections import Counter

import pytest

from ambush_gui import systems
from ambush_gui.ai.ambush_ai import OUTCOME_WEIGHT, AmbushAI
from ambush_gui.ai.lookahead import fork
from ambush_gui.ai.simulate import play_out
from ambush_gui.ambush.charts import Side
from ambush_gui.ambush.game import AmbushGame
from ambush_gui.ambush.mission import Outcome
from ambush_gui.ambush.model import Status
from ambush_gui.core.decisions import DecisionKind
from tests.ai import ambush_missions as missions


def new(name: str, seed: int) -> AmbushGame:
    g = systems.new_game(systems.load_scenario(systems.resolve(name)), seed)
    assert isinstance(g, AmbushGame)
    g.start()
    return g


@pytest.mark.parametrize("name,seed", [("ambush-hedgerow", 1), ("ambush-hedgerow", 4),
                                       ("ambush-tutorial", 2)])
def test_candidates_are_legal_distinct_and_normal_s_answer_comes_first(name: str, seed: int) -> None:
    g, ai = new(name, seed), AmbushAI()
    compared: Counter[DecisionKind] = Counter()
    while (d := g.pending()) is not None:
        cs = ai.candidates(g, d)
        normal = ai.choose(g, d)
        if cs:
            assert 2 <= len(cs) <= 4
            assert cs[0].answer == normal
            assert all(d.validate(c.answer) == c.answer and c.reason for c in cs)
            assert len({repr(c.answer) for c in cs}) == len(cs)
            compared[d.kind] += 1
        g.answer(normal)
    assert compared[DecisionKind.AMBUSH_OPERATIONS] > 0
    if g.rounds_fought:
        assert compared[DecisionKind.AMBUSH_ACTION] + compared[DecisionKind.AMBUSH_TARGET] > 0


def test_operations_candidates_differ_in_who_moves() -> None:
    g, ai = new("ambush-hedgerow", 1), AmbushAI()
    d = g.pending()
    assert d is not None and d.kind is DecisionKind.AMBUSH_OPERATIONS
    movers = [c.answer["soldier"] for c in ai.candidates(g, d) if isinstance(c.answer, dict)]
    assert len(movers) >= 2 and len(set(movers)) == len(movers)


def test_value_is_the_mission_points_and_the_level_they_reach() -> None:
    g, ai = new("ambush-tutorial", 3), AmbushAI()
    before = ai.value(g, "us")
    assert ai.value(g, "german") == -before
    g.state.score.add(3, "a test")
    eps = 1e-9  # the points add exactly; the level reached may add more
    assert ai.value(g, "us") >= before + 3 - eps
    german = next(s for s in g.state.soldiers.values() if s.side is Side.GERMAN)
    german.status = Status.DEAD
    v = g.scenario.spec.victory
    assert ai.value(g, "us") >= before + 3 + v.german_killed - eps


def test_value_of_a_fork_is_the_value_of_the_game_it_copies() -> None:
    g, ai = new("ambush-hedgerow", 2), AmbushAI()
    for _ in range(40):
        d = g.pending()
        assert d is not None
        g.answer(ai.choose(g, d))
    copy = fork(g, 99)
    assert isinstance(copy, AmbushGame)
    assert ai.value(copy, "us") == pytest.approx(ai.value(g, "us"))


def test_value_of_a_finished_game_is_its_points_and_its_outcome() -> None:
    g, ai = new("ambush-tutorial", 5), AmbushAI()
    play_out(g, {"us": ai})
    assert g.result is not None
    pts, winner = g.result["points"]["us"], Outcome(g.result["winner"])
    assert ai.value(g, "us") == pts + OUTCOME_WEIGHT[winner]


def test_value_counts_a_place_still_worth_entering() -> None:
    g, ai = missions.game(missions.farm()), AmbushAI()
    with_well = ai.value(g, "us")
    scored, _ = ai.history(g)
    scored.add(1)  # the well has scored: nothing left to gain there
    ai._targets.clear()
    assert ai.value(g, "us") < with_well


@pytest.mark.parametrize("name,seed", [("ambush-hedgerow", 3), ("ambush-tutorial", 1)])
def test_every_answer_has_a_specific_reason(name: str, seed: int) -> None:
    g, ai = new(name, seed), AmbushAI()
    while (d := g.pending()) is not None:
        c = ai.decide(g, d)
        assert c.reason and len(c.reason) > 15
        who = d.facts.get("soldier") or d.facts.get("firer")
        if d.kind is DecisionKind.AMBUSH_OPERATIONS and isinstance(c.answer, dict):
            who = c.answer["soldier"]
        if d.kind is DecisionKind.AMBUSH_ACTOR:
            who = c.answer
        if who:
            assert g.state.soldiers[who].label in c.reason, (d.kind, c.reason)
        elif d.kind is DecisionKind.AMBUSH_OPERATIONS:
            assert c.reason.startswith("ends the turn")
        g.answer(c.answer)


def test_a_move_s_reason_says_where_and_what_for() -> None:
    g, ai = new("ambush-tutorial", 1), AmbushAI()
    d = g.pending()
    assert d is not None
    c = ai.decide(g, d)
    assert c.answer["to"] in c.reason and "towards" in c.reason and "MP" in c.reason
