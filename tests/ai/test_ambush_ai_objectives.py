"""The Ambush! US computer player plays the mission (issue 16): it leaves an objective whose
points can no longer be reached, and it does not farm a paragraph that scores every time.

The missions are in ``ambush_missions.py``; the old player parked on the dead objective and
farmed the well until the day ended (30 turns), which these tests would catch."""

from __future__ import annotations

import pytest

from ambush_gui.ai.ambush_ai import AmbushAI
from ambush_gui.ai.simulate import play_out
from ambush_gui.ambush.game import AmbushGame
from ambush_gui.core.hexgrid import Hex
from tests.ai import ambush_missions as missions

SEEDS = range(1, 9)


def played(data: dict, seed: int) -> AmbushGame:
    g = missions.game(data, seed)
    play_out(g, {"us": AmbushAI()})
    assert g.result is not None
    return g


def turn_of(g: AmbushGame, kind: str, **data: object) -> list[int]:
    """The Operations turn of each ``kind`` event whose data has ``data``."""
    turn, out = 0, []
    for e in g.log.events:
        if e.kind == "operations" and "turn" in e.data:
            turn = e.data["turn"]
        if e.kind == kind and all(e.data.get(k) == v for k, v in data.items()):
            out.append(turn)
    return out


def test_a_place_whose_scoring_option_the_condition_has_shut_is_no_objective() -> None:
    g = missions.game(missions.dead_objective())
    ai = AmbushAI()
    assert Hex.from_label("0402") in ai.objective(g)  # quiet farm: the papers may be there
    g.state.condition = "B"
    places = {t.paragraph for t in ai.targets(g)}
    assert 1 not in places and 4 in places  # alert: only the bridge still scores
    assert ai.objective(g) == frozenset({Hex.from_label("0802")})


def test_the_squad_leaves_the_dead_objective_and_goes_on_to_the_next_then_exits() -> None:
    for seed in SEEDS:
        g = played(missions.dead_objective(), seed)
        alert = turn_of(g, "condition", to="B")[0]
        reads = turn_of(g, "paragraph", paragraph=1)
        # after the Germans are alert the farm (hex 0402) is entered at most twice more
        assert len([t for t in reads if t > alert]) <= 2, (seed, reads, alert)
        assert 4 in [e.data.get("paragraph") for e in g.log.events if e.kind == "score"]
        assert g.result["why"] == "the squad has left the map", (seed, g.result)
        assert g.turn <= alert + 8 < missions.TURN_LIMIT


def test_a_place_no_soldier_can_reach_is_no_objective(monkeypatch: pytest.MonkeyPatch) -> None:
    import ambush_gui.ai.ambush_ai as mod

    bridge = Hex.from_label("0802")
    real = mod.enter_cost
    monkeypatch.setattr(mod, "enter_cost",
                        lambda g, s, frm, to: None if to == bridge else real(g, s, frm, to))
    mod._DIST.clear()
    g = missions.game(missions.dead_objective())
    g.state.condition = "B"  # the farm is dead; the bridge is the only place left
    ai = AmbushAI()
    assert 4 in {t.paragraph for t in ai.targets(g)}
    assert ai.objective(g) == ai.exits(g)
    mod._DIST.clear()


def test_a_chance_that_keeps_failing_is_given_up_after_a_few_tries() -> None:
    g = missions.game(missions.dead_objective())
    ai = AmbushAI()
    farm = next(t for t in ai.targets(g) if t.paragraph == 1)
    _, reads = ai.history(g)
    reads[1] = 3  # three readings of the farm's paragraph, none found the papers
    ai._targets.clear()  # the worth is kept per state; the test changed it behind its back
    assert 1 not in {t.paragraph for t in ai.targets(g)}
    assert farm.worth > 0


def test_a_repeatable_scoring_paragraph_is_taken_once_then_the_squad_leaves() -> None:
    for seed in SEEDS:
        g = played(missions.farm(), seed)
        assert turn_of(g, "score", paragraph=1) == turn_of(g, "score", paragraph=1)[:1], seed
        assert g.result["why"] == "the squad has left the map"
        assert g.turn < 6


def test_a_paragraph_already_scored_is_worth_nothing_more() -> None:
    g = missions.game(missions.farm())
    ai = AmbushAI()
    assert [t.paragraph for t in ai.targets(g)] == [1]
    scored, _ = ai.history(g)
    scored.add(1)
    ai._targets.clear()  # the worth is kept per state; the test changed it behind its back
    assert ai.targets(g) == []
    assert ai.objective(g) == ai.exits(g)


def test_the_shipped_missions_end_well_before_the_day_is_over() -> None:
    """The hedgerow squad used to stall on the crossroads (paragraph 19 shut once the
    garrison was alerted again); now no game runs to the turn limit."""
    from ambush_gui import systems

    m = systems.load_scenario(systems.resolve("ambush-hedgerow"))
    for seed in range(1, 11):
        g = systems.new_game(m, seed)
        g.start()
        play_out(g, {"us": AmbushAI()})
        assert "the day is over" not in g.result["why"], seed
