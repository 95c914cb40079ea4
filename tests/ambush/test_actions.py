"""A US soldier's turn during Rounds: the actions table, stance, movement (seed 002)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ambush_gui.ambush import actions, rounds
from ambush_gui.ambush.actions import Action, TurnState, action_table, legal, take_turn
from ambush_gui.ambush.charts import ARSpace, Stance
from ambush_gui.ambush.model import Side
from tests.ambush import kit
from tests.ambush.round_kit import ScriptBrain, ScriptedMission, bench

d = kit.d


def why(b, sid: str, action: Action) -> str | None:  # noqa: ANN001
    return next(o.why_not for o in action_table(b, b.s(sid)) if o.action is action)


@pytest.mark.rule("AR-070")
@pytest.mark.rule("AR-075")
@pytest.mark.rule("AR-076")
def test_a_standing_rifleman_in_sight_of_a_german_may_fire_aimed_or_snap_or_pass() -> None:
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0104"))
    got = legal(b, b.s("a"))
    for a in ("aimed", "snap", "move", "move_snap", "pass"):
        assert {"action": a} in got


@pytest.mark.rule("AR-074")
def test_a_prone_soldier_must_change_stance_before_firing_or_moving() -> None:
    b = bench(kit.us("a", "0101", stance=Stance.PRONE), kit.german("g", "A", "0104"))
    assert "prone" in (why(b, "a", Action.AIMED) or "")
    assert "prone" in (why(b, "a", Action.MOVE) or "")
    proc = take_turn(b, b.s("a"))
    first = next(proc)
    assert {"stance": "standing"} in first.options
    second = proc.send({"stance": "crouching"})
    assert {"action": "aimed"} in second.options
    assert not any("stance" in o for o in second.options)  # his one change is used


@pytest.mark.rule("AR-071")
@pytest.mark.rule("AR-072")
def test_the_stance_change_is_free_unwounded_and_costs_a_wounded_soldier_one_point() -> None:
    b = bench(kit.us("a", "0101", mpa=4), kit.us("w", "0103", mpa=4, wounded=True))
    t = TurnState(4)
    actions.change_stance(b, b.s("a"), Stance.CROUCHING, t)
    assert t.mp == 4
    t = TurnState(4)
    actions.change_stance(b, b.s("w"), Stance.CROUCHING, t)
    assert t.mp == 3


@pytest.mark.rule("AR-097")
def test_actions_whose_rules_are_missing_are_listed_with_the_reason() -> None:
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0101"))
    for a in (Action.MOVE_CREW, Action.VEHICLE, Action.GRENADE, Action.THROW_SATCHEL,
              Action.DRAG):
        assert "AR-0" in (why(b, "a", a) or "")


@pytest.mark.rule("AR-077")
def test_aimed_crew_fire_takes_two_crouching_soldiers_and_both_spend_their_turn() -> None:
    b = bench(kit.us("a", "0101", stance=Stance.CROUCHING, weapons=("m1919",), clips=3),
              kit.us("b", "0101", stance=Stance.CROUCHING),
              kit.german("g", "A", "0104"), crew=[kit.crew("mg", "m1919", "a", "b", "0101")])
    b.state.advantage = Side.US
    for s in ("a", "b"):
        b.s(s).marker, b.s(s).turns = ARSpace.ONE_TURN_ADVANTAGE, 1
    assert {"action": "crew_aimed", "partner": "b"} in legal(b, b.s("a"))
    b.s("b").stance = Stance.STANDING
    assert "crouching" in (why(b, "a", Action.CREW_AIMED) or "")


@pytest.mark.rule("AR-085")
@pytest.mark.rule("AR-084")
@pytest.mark.rule("AR-087")
def test_clear_jam_prepare_bazooka_and_prepare_crew_weapon_are_offered_when_they_apply() -> None:
    b = bench(kit.us("a", "0101", weapons=("m1-garand", "bazooka"), ammo=["m1-garand"]),
              kit.us("b", "0101"), kit.us("c", "0101"),
              crew=[kit.crew("mg", "m1919", "b", "c")])
    b.w("a-m1-garand").jammed = True
    got = legal(b, b.s("a"))
    assert {"action": "clear_jam", "weapon": "a-m1-garand"} in got
    assert {"action": "prepare_crew", "weapon": "mg"} in got
    assert "bazooka" in (why(b, "a", Action.PREPARE_BAZOOKA) or "")  # no round


@pytest.mark.rule("AR-088")
@pytest.mark.rule("AR-099")
@pytest.mark.rule("AR-101")
@pytest.mark.rule("AR-103")
@pytest.mark.rule("AR-003")
def test_a_standing_soldier_pays_the_chart_cost_per_hex_and_checks_every_hex() -> None:
    m = ScriptedMission()
    b = bench(kit.us("a", "0101", mpa=5), mission=m)  # clear hexes cost 2
    t = TurnState(5)
    proc = actions.move(b, b.s("a"), t, 5)
    first = next(proc)
    assert {"to": "0102"} in first.options
    second = proc.send({"to": "0102"})
    third = proc.send({"to": "0103"})
    assert third.facts["left"] == 1 and not any("to" in o and o["to"] != "off"
                                                 for o in third.options if isinstance(o, dict))
    try:
        proc.send("stop")
    except StopIteration as stop:
        assert [h.label for h in stop.value] == ["0102", "0103"]
    assert [c[1] for c in m.checks] == ["0102", "0103"]
    assert t.mp == 0
    # one point left: "1 Movement Point is lost", not "1 Movement Points are lost"
    assert any("stops; 1 Movement Point is lost" in e.text for e in kit.events(b, "move"))
    del second


@pytest.mark.rule("AR-106")
def test_a_standing_soldier_never_enters_a_hex_costing_more_than_he_has_left() -> None:
    b = bench(kit.us("a", "0101", mpa=3), terrain={"0102": "rubble"})
    steps = actions.move_steps(b, b.s("a"), 3, crawled=False)
    assert {"to": "0102"} not in steps


@pytest.mark.rule("AR-100")
def test_a_crouching_soldier_crawls_exactly_one_hex_whatever_the_terrain() -> None:
    b = bench(kit.us("a", "0101", mpa=3, stance=Stance.CROUCHING), terrain={"0102": "rubble"})
    t = TurnState(3)
    proc = actions.move(b, b.s("a"), t, 3)
    first = next(proc)
    assert {"to": "0102"} in first.options
    after = proc.send({"to": "0102"})
    assert not any(isinstance(o, dict) and "to" in o for o in after.options)
    try:
        proc.send("stop")
    except StopIteration:
        pass


@pytest.mark.rule("AR-100")
def test_a_stance_that_ends_a_move_says_so_in_the_engines_own_line() -> None:
    """The window once added "crouching now ends his move" to the log line itself, so the
    log rebuilt from a reopened save lacked it (issue 29); the engine says it now."""
    b = bench(kit.us("a", "0101", mpa=6))
    proc = actions.move(b, b.s("a"), TurnState(6), 6)
    first = next(proc)
    assert {"stance": "crouching"} in first.options
    proc.send({"to": "0102"})
    proc.send({"stance": "crouching"})
    line = b.log.events[-1]
    assert line.kind == "stance" and line.text.endswith(": Crouching, a man crawls one hex a "
                                                        "turn, and he has already moved: "
                                                        "crouching now ends his move (AR-100).")
    assert line.data["ends_move"].startswith("Crouching")
    b2 = bench(kit.us("a", "0101", mpa=6))
    proc2 = actions.move(b2, b2.s("a"), TurnState(6), 6)
    next(proc2)
    proc2.send({"stance": "crouching"})  # before any hex: he may still crawl one
    assert "ends_move" not in b2.log.events[-1].data


@pytest.mark.rule("AR-102")
def test_a_moving_soldier_stops_on_entering_a_hex_with_an_enemy() -> None:
    b = bench(kit.us("a", "0101", mpa=8), kit.german("g", "A", "0102"))
    proc = actions.move(b, b.s("a"), TurnState(8), 8)
    next(proc)
    after = proc.send({"to": "0102"})
    assert not any(isinstance(o, dict) and "to" in o for o in after.options)
    try:
        proc.send("stop")
    except StopIteration:
        pass


@pytest.mark.rule("AR-073")
def test_the_paragraph_check_comes_before_the_stance_change() -> None:
    m = ScriptedMission()
    b = bench(kit.us("a", "0101", mpa=6), mission=m)
    proc = actions.move(b, b.s("a"), TurnState(6), 6)
    next(proc)
    proc.send({"to": "0102"})
    proc.send({"stance": "prone"})
    assert m.checks == [("a", "0102", "standing")] and b.s("a").stance is Stance.PRONE
    proc.close()


@pytest.mark.rule("AR-113")
def test_a_german_who_sees_a_soldier_move_into_sight_gets_his_special_reaction() -> None:
    b = bench(kit.us("a", "0101", mpa=6), kit.german("g", "A", "0305"),
              terrain={"0202": "stone-building", "0203": "stone-building",
                       "0102": "clear"})
    before = rounds.sees(b, b.s("g"), b.s("a"))
    proc = actions.move(b, b.s("a"), TurnState(6), 6)
    next(proc)
    proc.send({"to": "0102"})
    proc.close()
    seen = rounds.sees(b, b.s("g"), b.s("a"))
    assert (b.brain.reactions != []) == (seen and not before)


@pytest.mark.rule("AR-105")
def test_a_us_soldier_who_leaves_the_map_cannot_return() -> None:
    b = bench(kit.us("a", "0101"), mission=ScriptedMission(entries=("0101",)))
    proc = actions.move(b, b.s("a"), TurnState(6), 6)
    first = next(proc)
    assert {"to": "off"} in first.options
    try:
        proc.send({"to": "off"})
    except StopIteration:
        pass
    assert b.s("a").hex is None and b.s("a").left_map
    assert actions.move_steps(b, b.s("a"), 6, crawled=False) == []


@pytest.mark.rule("AR-013")
def test_an_aware_off_map_soldier_enters_by_an_entry_hex_paying_its_cost() -> None:
    b = bench(kit.us("a", None, mpa=2), mission=ScriptedMission(entries=("0101", "0201")),
              terrain={"0201": "rubble"})
    assert actions.move_steps(b, b.s("a"), 2, crawled=False) == [{"to": "0101"}]


@pytest.mark.rule("AR-090")
def test_move_snap_fire_moves_half_the_mpa_and_fires_one_snap_shot_in_between() -> None:
    b = bench(kit.us("a", "0101", mpa=5), kit.german("g", "A", "0106"))
    proc = actions.move(b, b.s("a"), TurnState(5), 5 // 2, snap=True)
    first = next(proc)
    assert "snap" in first.options and first.facts["left"] == 2
    nxt = proc.send({"to": "0102"})
    assert nxt.facts["left"] == 0
    # the snap shot: target decision; jam percentile 99, hit die 9 (miss), no ammo use 99
    b.dice.push(*kit.pct(99), d(9), *kit.pct(99))
    target = proc.send("snap")
    assert target.kind.value == "ambush_target"
    back = proc.send(target.options[0])
    assert "snap" not in back.options
    try:
        proc.send("stop")
    except StopIteration:
        pass


@pytest.mark.rule("AR-090")
def test_move_snap_fire_says_why_its_shot_waits_and_offers_it_once_a_german_is_in_sight() -> None:
    """The shot is not dropped without a word: while no German is in sight the move says
    so, and the step that brings one into sight offers it; the path keeps its start hex."""
    b = bench(kit.us("a", "0101", mpa=5), kit.german("g", "A", "0106"),
              terrain={"0103": "stone-building"})
    proc = actions.move(b, b.s("a"), TurnState(5), 5 // 2, snap=True)
    first = next(proc)
    assert "snap" not in first.options
    assert first.facts["snap"] == "waiting"
    assert first.facts["snap_why"] == "No German in sight to snap-fire at"
    nxt = proc.send({"to": "0201"})
    assert "snap" in nxt.options and nxt.facts["snap"] == "ready" and "snap_why" not in nxt.facts
    assert nxt.facts["start"] == "0101" and nxt.facts["from"] == "0201"
    assert nxt.facts["entered"] == ["0201"]


def test_a_plain_move_says_nothing_about_a_snap_shot() -> None:
    b = bench(kit.us("a", "0101", mpa=5), kit.german("g", "A", "0106"))
    first = next(actions.move(b, b.s("a"), TurnState(5), 5))
    assert "snap" not in first.options and "snap" not in first.facts


@pytest.mark.rule("AR-107")
@pytest.mark.rule("AR-108")
def test_an_evasive_german_moves_until_unseen_then_leaves_the_map() -> None:
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0103"),
              terrain={"0104": "stone-building", "0105": "clear", "0106": "clear"})
    walked = actions.evasive_move(b, b.s("g"), [kit.h("0203"), kit.h("0204"), kit.h("0205")])
    assert walked and b.s("g").hex is None and b.s("g").left_map
    assert not rounds.germans_on_map(b)


# -- invariants ----------------------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6),
       picks=st.lists(st.integers(0, 50), min_size=60, max_size=60))
def test_turns_never_exceed_the_marker_and_first_turns_come_before_seconds(seed, picks) -> None:  # noqa: ANN001
    """AR-044, AR-045: a soldier acts only as many turns as his marker gives (plus any he
    is given); every two-turn soldier takes his first before anyone takes a second."""
    kit.BENCHES.clear()
    b = bench(kit.us("a", "0101"), kit.us("s", "0102", ldr=4), kit.us("c", "0301"),
              kit.german("g", "A", "0106"), kit.german("h", "B", "0206"),
              brain=ScriptBrain(fire=True), seed=seed, strict=False)
    b.state.round = 3
    rounds.initiative(b)
    allowed = {s.id: s.turns for s in b.state.soldiers.values()}
    seconds_started = False
    order: list[str] = []
    proc = rounds.action_phase(b)
    it = iter(picks)
    try:
        decision = next(proc)
        for _ in range(200):
            opts = decision.options
            choice = opts[next(it, 0) % len(opts)]
            if isinstance(choice, dict) and choice.get("action") == "give_turn":
                allowed[choice["soldier"]] += 1
            decision = proc.send(choice)
    except StopIteration:
        pass
    taken: dict[str, int] = {}
    for e in kit.events(b, "turn"):
        sid = e.data["soldier"]
        taken[sid] = taken.get(sid, 0) + 1
        order.append(e.data["space"])
    for sid, n in taken.items():
        assert n <= allowed[sid], (sid, n, allowed[sid])
    # first turns from 2-Turn spaces all come before any turn from a 1-Turn space
    # taken by a soldier who started with two (his second)
    firsts = [i for i, sp in enumerate(order) if sp.startswith("2-turn")]
    if firsts and not kit.events(b, "give_turn"):
        assert max(firsts) < min((i for i, sp in enumerate(order) if sp.startswith("1-turn")),
                                 default=len(order))
    del seconds_started


@pytest.mark.rule("FC-073")
def test_the_refusal_to_fire_names_the_german_hidden_prone_in_a_building() -> None:
    """Play-test: Hahn lay prone in the farmhouse and "no ready weapon can fire" never said
    why. Standing, he is fired at; prone, the refusal names him and the house rule."""
    b = bench(kit.us("a", "0402"), kit.german("g", "A", "0502", stance=Stance.PRONE),
              terrain={"0502": "stone-building"})
    got = why(b, "a", Action.AIMED) or ""
    assert got.startswith("no ready weapon can fire")
    assert "prone in a building, hidden from outside his hex (FC-073)" in got
    assert b.s("g").label in got
    b.s("g").stance = Stance.CROUCHING
    assert why(b, "a", Action.AIMED) is None


def test_a_german_out_of_reach_is_not_blamed_on_his_hiding() -> None:
    """Prone in a building but beyond every weapon's range: that is not why."""
    b = bench(kit.us("a", "0101", weapons=[]), kit.german("g", "A", "0502", stance=Stance.PRONE),
              terrain={"0502": "stone-building"})
    assert "FC-073" not in (why(b, "a", Action.AIMED) or "")
