"""Dependants and casualties (DC-001..027): penalties, hand-off, abandoning, fire at them."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.alley import invariants, turn
from ambush_gui.alley import options as opt
from ambush_gui.alley.fire import casualty_options, fire, settle
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import FigureKind, Injury, Side, Speed
from ambush_gui.alley.movement import allowance, back_on_table, move_along, pick_up
from ambush_gui.alley.pools import defense, firepower
from ambush_gui.alley.victory import score
from ambush_gui.core.decisions import DecisionKind, IllegalDecision
from tests.alley import kit


def carry(g: AlleyGame, uid: str) -> None:
    """Put every figure waiting on the ground into unit ``uid`` (as if picked up)."""
    u = g.unit(uid)
    for f in list(g.state.ground):
        g.state.ground.remove(f)
        u.figures.append(f)


def wound(g: AlleyGame, fid: str) -> None:
    """Make a Marine a carried casualty (First Aid 3-4)."""
    for u in g.state.units.values():
        for f in u.figures:
            if f.id == fid:
                f.dependant, f.injury = True, Injury.MODERATE
                u.had_casualties = True


def escort(script: list[int] = (), **kw: Any) -> AlleyGame:  # type: ignore[assignment]
    """A fireteam escorting the two wounded contractors, Insurgents 10" north."""
    g = kit.game(
        [kit.marines("m", (5, 5)), kit.insurgents("i", (5, 15))],
        pieces=[kit.rubble("r", (4, 6, 1, 1))],
        contractors=[("c1", (5.4, 4.5)), ("c2", (6.2, 4.5))],
        script=script,
        **kw,
    )
    carry(g, "m")
    return g


def rule_ids(pool: Any) -> dict[str, int]:
    return {m.rule: m.value for m in pool.items}


# -- Dependants --------------------------------------------------------------------------------


@pytest.mark.rule("DC-001")
def test_dependants_are_non_combatants_that_cost_fighting_power_and_mobility() -> None:
    """DC-001: the contractors do not fight; the unit loses a Firepower die and Rapid moves."""
    g = escort()
    m, i = g.unit("m"), g.unit("i")
    assert [f.id for f in m.dependants] == ["c1", "c2"]
    assert not any(f.fighting for f in m.dependants)
    assert len(m.fighters) == 4
    assert rule_ids(firepower(g, m, i))["DC-005"] == -1
    assert "rapid:move-fire" not in turn.plan_options(g, m)


@pytest.mark.rule("DC-002")
def test_a_unit_that_takes_in_non_combatants_has_dependants() -> None:
    """Marines moving into the contractors take them in: the unit now has Dependants."""
    g = kit.game([kit.marines("m", (5, 5))], contractors=[("c1", (10, 5.5)), ("c2", (10.6, 5.5))])
    m = g.unit("m")
    assert m.dependants == []
    x, y = m.centre()
    move_along(g, m, [(x, y), (x + 6, y)], 6)
    assert sorted(f.id for f in m.dependants) == ["c1", "c2"]
    assert g.state.ground == []


@pytest.mark.rule("DC-003")
def test_the_scenario_decides_how_dependants_are_gained_and_lost() -> None:
    """The contractors come from the scenario file; its special rule 'contractors' also
    decides whether they can ever become casualties (DC-024 does not reach them)."""
    plain = escort()
    assert {f.kind for f in plain.unit("m").dependants} == {FigureKind.CONTRACTOR}
    assert any("c1" in o for o in casualty_options(plain, plain.unit("m"), 2, True))
    ruled = escort(special_rules=["contractors"])
    assert not any(
        "c1" in o or "c2" in o for o in casualty_options(ruled, ruled.unit("m"), 2, True)
    )
    bare = kit.game([kit.marines("m", (5, 5))])
    assert bare.state.ground == [] and bare.unit("m").dependants == []


@pytest.mark.rule("DC-004")
def test_dependants_go_with_their_unit_and_can_be_captured_and_retaken() -> None:
    """DC-004: Dependants move with their unit; on the ground the enemy can capture them,
    and friends can take them back."""
    g = escort()
    m = g.unit("m")
    c1 = next(f for f in m.figures if f.id == "c1")
    before = c1.pos
    m.translate(3, 0)
    assert c1.pos == (before[0] + 3, before[1])
    # dropped on the ground, an Insurgent unit captures them where they stand ...
    for f in list(m.dependants):
        m.figures.remove(f)
        g.state.ground.append(f)
    pick_up(g, g.unit("i"), c1)
    assert c1.captive and c1 in g.state.ground and c1.pos == (before[0] + 3, before[1])
    # ... and Marines touching them take them back
    pick_up(g, m, c1)
    assert not c1.captive and c1 in m.figures


@pytest.mark.rule("DC-005")
def test_a_unit_with_dependants_loses_one_firepower_die() -> None:
    """DC-005: without its Dependants the same unit throws one more Firepower die."""
    g = escort()
    m, i = g.unit("m"), g.unit("i")
    with_them = firepower(g, m, i).dice
    for f in list(m.dependants):
        m.figures.remove(f)
    assert firepower(g, m, i).dice == with_them + 1


@pytest.mark.rule("DC-006")
def test_a_unit_with_dependants_may_not_move_rapidly() -> None:
    """No Rapid plan; and a Rapid move that takes them in on the way stops at 6"."""
    g = escort()
    plans = turn.plan_options(g, g.unit("m"))
    assert "cautious:move-fire" in plans and not any(p.startswith("rapid") for p in plans)
    g = kit.game([kit.marines("m", (2, 5))], contractors=[("c1", (7, 5.5))])
    m = g.unit("m")
    m.speed = Speed.RAPID
    x, y = m.centre()
    rest = move_along(g, m, [(x, y), (x + 12, y)], 12)
    assert m.dependants
    moved_so_far = m.moved
    from ambush_gui.core.geometry import path_length

    assert moved_so_far + path_length(rest) == pytest.approx(6.0)


EVERY_MOVE = {opt.DEPENDANTS_SLOW: "every_move"}
AT4 = {"unit": "i", "kind": "fire", "at": 4.0}


def pick_up_on_a_rapid_run(**kw: Any) -> tuple[AlleyGame, Any, Any]:
    """A fireteam running Rapidly east (12") whose lead figure touches contractor c1 after
    2.3"; Insurgents i watch from the north. Returns the game, the activation and its
    decision after the Insurgents interrupt by fire at 4" (Reaction Test: the Marines 6,
    the Insurgents 1: the Marines act first)."""
    g = kit.game([kit.marines("m", (2, 5)), kit.insurgents("i", (10, 15), n=3, leader=True)],
                 contractors=[("c1", (7.3, 5))], script=[6, 1], **kw)
    g.state.turn = 1
    proc = turn.activation(g, g.unit("m"))
    d = kit.asks(g, proc, ["rapid:move-fire", {"path": [[15.2, 5]]}, AT4])
    return g, proc, d


@pytest.mark.rule("DC-006")
@pytest.mark.rule("AA-085")
def test_a_cover_move_after_a_pick_up_counts_against_the_cautious_limit() -> None:
    """The seed-like game: c1 taken in after 2.3", the interruption at 4", the Marines win
    the Reaction Test. Their move into cover may use 6 - 4 - 1 = 1" (it was offered the
    Rapid 8.7" and left the table carrying him)."""
    g, proc, d = pick_up_on_a_rapid_run(options=EVERY_MOVE)
    assert d.kind is DecisionKind.REACT and "cover" in d.options
    d = proc.send(d.validate("cover"))
    assert d.kind is DecisionKind.MOVE and d.facts["limit"] == pytest.approx(1.0)
    with pytest.raises(IllegalDecision):
        d.validate({"path": [[-0.5, 5]]})  # back off the west edge: far beyond 1"


@pytest.mark.rule("AA-067")
def test_an_interruption_declared_beyond_a_pick_up_happens_where_it_was_declared() -> None:
    """Declared at 4", the interruption is resolved at 4": the Marines take c1 in at 2.3"
    and walk on with him to the declared point (they were stopped at 2.3")."""
    g, _, d = pick_up_on_a_rapid_run(options=EVERY_MOVE)
    m = g.unit("m")
    assert d.kind is DecisionKind.REACT
    assert [f.id for f in m.dependants] == ["c1"]
    assert m.moved == pytest.approx(4.0)


@pytest.mark.rule("DC-006")
def test_older_saves_keep_the_plain_move_cap() -> None:
    """The correction ``dependants_on_every_move``, legacy reading: the interruption at the
    pick-up point and a cover move of 12 - 2.3 - 1 = 8.7", as those games were played."""
    g, proc, d = pick_up_on_a_rapid_run(options={opt.DEPENDANTS_SLOW: "plain_move"})
    assert g.unit("m").moved == pytest.approx(2.3)
    d = proc.send(d.validate("cover"))
    assert d.facts["limit"] == pytest.approx(8.7)


@pytest.mark.rule("DC-006")
def test_a_figure_wounded_by_interrupting_fire_slows_the_rest_of_the_move() -> None:
    """Rapid, 12" east: interrupted by fire at 2", m-1 is hit (First Aid 3: a Dependant).
    The rest of the move is 6 - 2 - 1 = 3" (it went on 9")."""
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 15), n=3, leader=True)],
                 script=[1, 6, 6, 1, 1, 1, *[1] * 6, 3, 10, 10, 10, 10], options=EVERY_MOVE)
    g.state.turn = 1
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), [
        "rapid:move-fire", {"path": [[18.2, 5]]}, {"unit": "i", "kind": "fire", "at": 2.0},
        "best", ["m-1"], "none", "hold"])
    assert [f.id for f in m.dependants] == ["m-1"]
    assert m.moved == pytest.approx(5.0)


@pytest.mark.rule("DC-006")
def test_a_rapid_exit_that_takes_someone_in_on_the_way_stays_on_the_table() -> None:
    """12" west to the edge, c1 taken in after 2.3": the Marines stop at 6" in all, 5"
    short of the edge, and do not leave the table (they used to leave with him)."""
    g = kit.game([kit.marines("m", (10, 5))], contractors=[("c1", (7.1, 5))], options=EVERY_MOVE)
    g.state.turn = 1
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), ["rapid:move-fire", {"path": [[-0.5, 5]]}])
    assert m.on_table and m.moved == pytest.approx(6.0)
    assert [f.id for f in m.dependants] == ["c1"]


@pytest.mark.rule("CT-015")
def test_an_exit_stopped_short_by_a_pick_up_leaves_if_its_figures_are_across_the_edge() -> None:
    """Rapid, 10.5" west off the table, c1 taken in at once: the Marines stop at their 6"
    Cautious allowance, already across the west edge, so they have left the table with
    him. (A random game once left a fireteam standing 1.5" off the south edge.)"""
    g = kit.game([kit.marines("m", (3.5, 5))], contractors=[("c1", (2.2, 5))], options=EVERY_MOVE)
    g.state.turn = 1
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), ["rapid:move-fire", {"path": [[-7.0, 5]]}])
    assert not m.on_table and "c1" in {f.id for f in g.state.exited}
    assert invariants.check(g) == []


def test_a_unit_stopped_off_the_table_steps_back_onto_it() -> None:
    """What keeps every figure on the table when a move stops short beyond no friendly
    edge: the unit steps straight back toward where it started, just far enough."""
    g = kit.game([kit.marines("m", (1.0, 5))])
    m = g.unit("m")
    m.translate(-2.0, 0.0)
    assert invariants.check(g) != []
    back_on_table(g, m, (6.0, 5.0))
    assert invariants.check(g) == [] and min(m.points()[:, 0]) == pytest.approx(0.0, abs=1e-6)
    assert kit.events(g, "move")[-1].text == "Marines m stops at the table's edge"


@pytest.mark.rule("DC-006")
def test_an_insurgent_unit_holding_a_dependant_has_only_its_cautious_allowance() -> None:
    """The Insurgents' moves ask the same allowance: Rapid gives them 6", not 12"."""
    g = kit.game([kit.insurgents("i", (5, 15))], options=EVERY_MOVE)
    i = g.unit("i")
    assert allowance(g, i, Speed.RAPID) == pytest.approx(12.0)
    i.figures[0].dependant = True
    assert allowance(g, i, Speed.RAPID) == pytest.approx(6.0)


@pytest.mark.rule("DC-007")
def test_the_penalty_is_one_die_whatever_the_number_and_wounded_marines_count() -> None:
    """House rule DC-007: one contractor, two contractors, two and a wounded Marine: −1 each
    time; a wounded Marine alone is a Dependant too (−1, no Rapid)."""
    g = escort()
    m, i = g.unit("m"), g.unit("i")
    assert rule_ids(firepower(g, m, i))["DC-005"] == -1
    wound(g, "m-1")
    assert len(m.dependants) == 3 and rule_ids(firepower(g, m, i))["DC-005"] == -1
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 15))])
    wound(g, "m-1")
    m = g.unit("m")
    assert rule_ids(firepower(g, m, g.unit("i")))["DC-005"] == -1
    assert not any(p.startswith("rapid") for p in turn.plan_options(g, m))


# -- casualties ------------------------------------------------------------------------------------


@pytest.mark.rule("DC-008")
def test_after_a_casualty_going_faster_than_cautious_needs_a_quality_check() -> None:
    """A Marine wounded (First Aid 3), then handed off at the edge: the team may plan Rapid
    again, but must pass a Quality Check for it."""
    g = kit.game(
        [kit.marines("m", (5, 1.0)), kit.insurgents("i", (5, 11))],
        pieces=[kit.rubble("r", (4, 2, 1, 1))],
        script=[6, 1, 1, 1, 1, 1, 1, 1, 1, 3, 10, 10, 10, 2],
    )
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, fire(g, i, m, "test"), ["best", ["m-1"]])
    assert m.had_casualties
    turn.hand_off(g, m)  # within 1" of the south edge
    assert m.dependants == []
    g.state.turn = 1
    proc = turn.activation(g, m)
    d = next(proc)
    assert d.kind is DecisionKind.PLAN and "rapid:move-fire" in d.options
    d = proc.send(d.validate("rapid:move-fire"))
    assert kit.roll_texts(g)[-1].startswith(
        "Quality Check: Marines m (to move faster than Cautious"
    )
    assert m.speed is Speed.CAUTIOUS  # the 2 failed


@pytest.mark.rule("DC-009")
def test_a_casualty_is_out_of_the_fight() -> None:
    """DC-009: a wounded Marine gives no Firepower and no Defense die."""
    g = kit.game(
        [kit.marines("m", (5, 5)), kit.insurgents("i", (5, 15))],
        pieces=[kit.rubble("r", (4, 6, 1, 1))],
    )
    m, i = g.unit("m"), g.unit("i")
    wound(g, "m-1")
    assert rule_ids(firepower(g, m, i))["AA-134"] == 3
    assert rule_ids(defense(g, m, i))["AA-117"] == 3


@pytest.mark.rule("DC-010")
def test_a_casualty_is_carried_by_its_unit_and_left_on_the_ground_if_it_is_gone() -> None:
    """House rule DC-010: the wounded Marine stays in the unit as a Dependant and moves with
    it; when the last fighting figure falls, the Dependants are left on the ground."""
    g = kit.game(
        [kit.marines("m", (5, 5), weapons=["rifle", "rifle"]), kit.insurgents("i", (5, 15))]
    )
    m = g.unit("m")
    wound(g, "m-1")
    m1 = m.figures[0]
    assert m1 in m.figures and m1 in m.dependants
    m.translate(0, 2)
    assert m1.pos == (5, 7)
    wound(g, "m-2")
    settle(g, m)
    assert not m.on_table and m.figures == []
    assert {f.id for f in g.state.ground} == {"m-1", "m-2"}


@pytest.mark.rule("DC-011")
def test_at_a_friendly_edge_the_dependants_are_handed_off_and_the_penalty_ends() -> None:
    """DC-011: a move ending at the south edge hands the contractor off the table; the
    Firepower penalty ends and Rapid is allowed again."""
    g = kit.game(
        [kit.marines("m", (5, 7)), kit.insurgents("i", (5, 20))], contractors=[("c1", (5.4, 6.5))]
    )
    carry(g, "m")
    m, i = g.unit("m"), g.unit("i")
    assert rule_ids(firepower(g, m, i))["DC-005"] == -1
    m.speed = Speed.CAUTIOUS
    x, y = m.centre()
    kit.drive(g, turn.regular_move(g, m), [{"path": [[x, 1.0]]}, "none"])  # no interrupt
    assert m.on_table and m.dependants == []
    assert [f.id for f in g.state.exited] == ["c1"]
    assert rule_ids(firepower(g, m, i)).get("DC-005") is None  # the −1 is gone
    assert any(p.startswith("rapid") for p in turn.plan_options(g, m))


@pytest.mark.rule("DC-012")
def test_casualties_can_be_handed_over_at_a_scenario_aid_station() -> None:
    """A scenario aid station at (12, 12): a team ending 1" from it hands over its wounded
    Marine (the contractor, whose objective is the table edge, stays)."""
    g = kit.game(
        [kit.marines("m", (12, 13))], contractors=[("c1", (12.4, 13.5))], aid_stations=[[12, 12]]
    )
    carry(g, "m")
    wound(g, "m-2")
    m = g.unit("m")
    turn.hand_off(g, m)
    assert [f.id for f in m.dependants] == ["c1"]
    assert [f.id for f in g.state.exited] == ["m-2"]
    far = kit.game([kit.marines("m", (12, 15))], aid_stations=[[12, 12]])
    wound(far, "m-2")
    turn.hand_off(far, far.unit("m"))
    assert [f.id for f in far.unit("m").dependants] == ["m-2"]


@pytest.mark.rule("DC-013")
def test_within_1_inch_of_a_friendly_edge_all_dependants_go_and_contractors_score() -> None:
    """House rule DC-013: 1" from the south edge (friendly) the contractors and the wounded
    Marine are handed off, the unit stays on the table, and each contractor is escorted
    off (5 VP); 1.5" away, or at the north edge (not friendly), nothing is handed off."""
    g = kit.game([kit.marines("m", (5, 1.5))], contractors=[("c1", (8.2, 1.5)), ("c2", (9.0, 1.5))])
    carry(g, "m")
    wound(g, "m-1")
    m = g.unit("m")
    m.translate(0, -0.5)  # every figure now exactly 1" from the south edge
    turn.hand_off(g, m)
    assert m.on_table and m.dependants == []
    assert sorted(f.id for f in g.state.exited) == ["c1", "c2", "m-1"]
    score(g)
    assert [p for s, p, w in g.state.score.lines if "escorted" in w] == [5, 5]
    g = kit.game([kit.marines("m", (5, 1.5))], contractors=[("c1", (8.2, 1.5))])
    carry(g, "m")
    turn.hand_off(g, g.unit("m"))  # 1.5" from the edge: too far
    assert [f.id for f in g.unit("m").dependants] == ["c1"]
    g = kit.game([kit.marines("m", (5, 23.5))], contractors=[("c1", (8.2, 23.5))])
    carry(g, "m")
    turn.hand_off(g, g.unit("m"))
    assert [f.id for f in g.unit("m").dependants] == ["c1"]


# -- fire at units with Dependants ---------------------------------------------------------------


def team_of_three(script: list[int], **kw: Any) -> AlleyGame:
    """DC-025's fireteam read as 3 fighting Marines (house rule DC-027) with 2 contractors;
    4 Insurgent riflemen 10" away: 4D6 against 4D8."""
    g = kit.game(
        [kit.marines("m", (5, 5), weapons=["rifle", "rifle", "saw"]), kit.insurgents("i", (5, 15))],
        pieces=[kit.rubble("r", (4, 6, 1, 1))],
        contractors=[("c1", (5.4, 4.5)), ("c2", (6.2, 4.5))],
        script=script,
        **kw,
    )
    carry(g, "m")
    return g


@pytest.mark.rule("DC-022")
def test_a_unit_with_dependants_rolls_its_defense_as_usual() -> None:
    """DC-022: the team escorting contractors throws its usual Defense dice."""
    g = team_of_three([1, 1, 1, 1, 8, 8, 8, 8])
    m, i = g.unit("m"), g.unit("i")
    with_them = rule_ids(defense(g, m, i))
    assert with_them == {"AA-117": 3, "AA-128": 1}
    kit.drive(g, fire(g, i, m, "test"))
    assert kit.events(g, "roll")[1].data["purpose"] == "Defense: Marines m"
    assert len(kit.events(g, "roll")[1].data["faces"]) == 4


@pytest.mark.rule("DC-023")
def test_only_combat_effective_figures_give_defense_dice() -> None:
    """4 Marines, one of them wounded, and 2 contractors: 3 figure dice + armor."""
    g = escort()
    wound(g, "m-1")
    m = g.unit("m")
    assert len(m.figures) == 6
    assert rule_ids(defense(g, m, g.unit("i")))["AA-117"] == 3


@pytest.mark.rule("DC-024")
def test_more_defense_failures_than_successes_puts_one_casualty_on_a_dependant() -> None:
    """One hit with Defense 1,2,3,5 (3 failures): the casualty must be a contractor. One hit
    with 1,2,4,5 (a tie): only fighting figures can fall."""
    g = team_of_three([6, 1, 1, 1, 1, 2, 3, 5, 10, 10, 10])
    m = g.unit("m")
    assert sorted(casualty_options(g, m, 1, True)) == [["c1"], ["c2"]]
    kit.drive(g, fire(g, g.unit("i"), m, "test"), ["best"])  # two alike: no choice to make
    assert [(f.id, why) for f, why in g.state.removed] == [("c1", "killed")]
    assert len(m.fighters) == 3
    g = team_of_three([6, 1, 1, 1, 1, 2, 4, 5])
    d = kit.asks(g, fire(g, g.unit("i"), g.unit("m"), "test"), ["best"])
    assert not d.facts["forced_dependant"]
    assert sorted(d.options) == [["m-1"], ["m-2"], ["m-3"]]


@pytest.mark.rule("DC-025")
def test_the_fireteam_escorting_two_wounded_contractors() -> None:
    """EXAMPLE: Defense 4d8 = 1,2,3,4 against Firepower 4d6 = 2,3,5,6: the lone 4 stops
    neither the 5 nor the 6 → 2 casualties; 3 of 4 Defense dice failed → exactly one of them
    falls on a Dependant. With no 'contractors' special rule a contractor can take it."""
    g = team_of_three([2, 3, 5, 6, 1, 2, 3, 4, 1, 10, 10, 10])
    m, i = g.unit("m"), g.unit("i")
    assert (firepower(g, i, m).dice, defense(g, m, i).dice) == (4, 4)
    d = kit.asks(g, fire(g, i, m, "Example"), ["best"])
    assert d.facts["hits"] == 2
    assert all(len({"c1", "c2"} & set(o)) == 1 and len(o) == 2 for o in d.options)
    g = team_of_three([2, 3, 5, 6, 1, 2, 3, 4, 1, 10, 10, 10])
    m, i = g.unit("m"), g.unit("i")
    assert kit.drive(g, fire(g, i, m, "Example"), ["best", ["c1", "m-1"]]) == 2
    assert [f.id for f in m.dependants] == ["c2"]
    assert [(f.id, why) for f, why in g.state.removed] == [("c1", "killed")]
    assert m.figures[0].injury is Injury.SLIGHT  # m-1's First Aid: 1


@pytest.mark.rule("DC-025")
def test_the_example_with_the_contractors_rule_falls_on_the_fighters() -> None:
    """CT-056 (scenario rule 'contractors'): the same dice, but contractors are never hit and
    there is no other Dependant: both casualties fall on Marines."""
    g = team_of_three([2, 3, 5, 6, 1, 2, 3, 4], special_rules=["contractors"])
    d = kit.asks(g, fire(g, g.unit("i"), g.unit("m"), "Example"), ["best"])
    assert d.facts["forced_dependant"]
    assert all(not {"c1", "c2"} & set(o) for o in d.options)


@pytest.mark.rule("DC-026")
def test_a_carried_casualty_hit_again_is_killed() -> None:
    """House rule DC-026: the wounded Marine takes the forced hit: he is killed, and scores
    2 VP for the Insurgents instead of the 1 a wounded Marine is worth."""
    g = kit.game(
        [kit.marines("m", (5, 5)), kit.insurgents("i", (5, 15))],
        pieces=[kit.rubble("r", (4, 6, 1, 1))],
        script=[6, 1, 1, 1, 1, 2, 3, 5, 10, 10, 10],
    )
    wound(g, "m-4")
    m = g.unit("m")
    kit.drive(g, fire(g, g.unit("i"), m, "test"), ["best"])  # the only choice: m-4
    m4 = g.state.removed[-1][0]
    assert (m4.id, m4.injury, g.state.removed[-1][1]) == ("m-4", Injury.KILLED, "killed")
    score(g)
    assert [(p, w) for s, p, w in g.state.score.lines if s is Side.INSURGENT] == [
        (2, "Marine m-4 killed")
    ]


@pytest.mark.rule("DC-027")
def test_the_examples_4d8_is_three_fighting_marines_and_body_armor() -> None:
    """House rule DC-027: 3 fighters + 1 armor = 4d8; a full team of 4 would throw 5d8."""
    g = team_of_three([])
    assert rule_ids(defense(g, g.unit("m"), g.unit("i"))) == {"AA-117": 3, "AA-128": 1}
    g = escort()
    assert defense(g, g.unit("m"), g.unit("i")).dice == 5
