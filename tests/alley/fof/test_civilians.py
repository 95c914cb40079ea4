"""The civilians module (FF-129..148): mob stands, their move toward gunfire, blocking,
the civilian casualty check and dispersal. Popular leaders, mixed and hostile mobs are
in test_civilians_leaders.py; the computer players in test_civilians_ai.py."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.alley import options as opt
from ambush_gui.alley import turn
from ambush_gui.alley.fire import fire
from ambush_gui.alley.fof.civilians import CiviliansModule
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Injury, Side
from ambush_gui.alley.movement import check_move
from ambush_gui.core.decisions import IllegalDecision
from ambush_gui.core.errors import ScenarioError
from tests.alley import kit


def mob(pid: str, x: float, y: float, w: float = 3, h: float = 2, label: str = "") -> dict[str, Any]:
    """A civilian mob stand: ``x, y`` its south-west corner, 3"x2" unless told."""
    out: dict[str, Any] = {"id": pid, "kind": "civilian_mob", "rect": [x, y, w, h]}
    if label:
        out["label"] = label
    return out


def game(units: list[dict[str, Any]], mobs: list[dict[str, Any]], script: list[int] | tuple[int, ...] = (),
         settings: dict[str, Any] | None = None, **kw: Any) -> AlleyGame:
    extra: dict[str, Any] = {"civilians": settings} if settings else {}
    pieces = [*mobs, *kw.pop("pieces", [])]
    return kit.game(units, script=script, pieces=pieces, modules=["civilians"], **extra, **kw)


def civ(g: AlleyGame) -> CiviliansModule:
    mod = g.modules.get("civilians")
    assert isinstance(mod, CiviliansModule)
    return mod


def drive_all(proc: Any) -> Any:
    """Run a procedure to its end, taking the first option of every decision."""
    try:
        d = next(proc)
        while True:
            d = proc.send(d.validate(d.forced if d.forced is not None else d.options[0]))
    except StopIteration as stop:
        return stop.value


def centre(g: AlleyGame, mid: str) -> tuple[float, float]:
    x, y = civ(g).mobs[mid].centre
    return (round(x, 3), round(y, 3))


# A Marine fireteam at (5..7.4, 5) and Insurgents at (5..7.4, 20); a stand across the middle
# blocks every line between them.
MARINES = kit.marines("m", (5, 5))
GUNMEN = kit.insurgents("i", (5, 20))
ACROSS = mob("mob1", 4.7, 11, label="Market crowd")


# -- the stands ----------------------------------------------------------------------------

@pytest.mark.rule("FF-131")
def test_mobs_start_where_the_scenario_places_them_and_leave_the_static_table() -> None:
    g = game([MARINES, GUNMEN], [ACROSS, mob("mob2", 15, 2)])
    assert centre(g, "mob1") == (6.2, 12.0) and centre(g, "mob2") == (16.5, 3.0)
    assert [p.id for p in g.table.pieces] == []  # the module owns them, not the static table
    assert civ(g).mobs["mob1"].name == "mob Market crowd"


@pytest.mark.rule("FF-130")
def test_a_mob_stand_is_2_by_3_inches_and_grows_with_the_scale() -> None:
    g = game([MARINES, GUNMEN], [ACROSS, mob("tall", 15, 2, w=2, h=3)])
    x0, y0, x1, y1 = civ(g).mobs["mob1"].poly.bounds
    assert (x1 - x0, y1 - y0) == pytest.approx((3, 2))
    big = game([MARINES, GUNMEN], [ACROSS], scale=1.5)  # 28mm: every distance x1.5
    x0, y0, x1, y1 = civ(big).mobs["mob1"].poly.bounds
    assert (x1 - x0, y1 - y0) == pytest.approx((4.5, 3))
    with pytest.raises(ScenarioError, match=r"civilian mob big: a mob stand is a 2\"x3\" rectangle"):
        game([MARINES, GUNMEN], [mob("big", 10, 10, w=4, h=4)])


@pytest.mark.rule("FF-129")
def test_the_scenarios_own_civilian_rules_override_the_general_ones() -> None:
    """A scenario's [civilians] table changes the general values: here a faster crowd that
    comes closer to units than the general 3" and 6"."""
    far = [kit.marines("m", (1, 12)), kit.insurgents("i", (1, 23))]
    g = game(far, [mob("mob1", 18, 11)], settings={"speed": 5, "stop_distance": 2})
    kit.drive(g, civ(g).after_fire(g.unit("i"), g.unit("m"), 0))  # the Marines fired
    civ(g).toward_gunfire()
    (x, y), (x0, y0) = centre(g, "mob1"), (19.5, 12.0)
    assert ((x - x0) ** 2 + (y - y0) ** 2) ** 0.5 == pytest.approx(5.0, abs=1e-3)  # 5", not 3"
    assert civ(g).unit_distance(civ(g).mobs["mob1"], g.unit("m")) > 2.0


# -- moving toward gunfire (FF-132..134) -------------------------------------------------------

@pytest.mark.rule("FF-132")
def test_at_the_end_of_the_turn_a_mob_moves_3_inches_toward_the_gunfire() -> None:
    g = game([kit.marines("m", (1, 1)), kit.insurgents("i", (1, 23))], [mob("mob1", 18, 11)])
    kit.drive(g, civ(g).after_fire(g.unit("i"), g.unit("m"), 0))  # the Marines fired from (2.2, 1)
    kit.drive(g, g.modules.end_turn())
    (x, y), (x0, y0), (gx, gy) = centre(g, "mob1"), (19.5, 12.0), (2.2, 1.0)
    assert ((x - x0) ** 2 + (y - y0) ** 2) ** 0.5 == pytest.approx(3.0, abs=1e-3)
    d0 = ((gx - x0) ** 2 + (gy - y0) ** 2) ** 0.5
    assert ((gx - x) ** 2 + (gy - y) ** 2) ** 0.5 == pytest.approx(d0 - 3.0, abs=1e-3)  # straight at it
    assert any("toward the gunfire of Marines m" in e.text for e in kit.events(g, "civilians"))


@pytest.mark.rule("FF-133")
def test_a_mob_stops_once_within_6_inches_of_a_unit() -> None:
    g = game([kit.marines("m", (1, 12)), kit.insurgents("i", (1, 23))], [mob("mob1", 12, 11)])
    mod = civ(g)
    assert mod.unit_distance(mod.mobs["mob1"], g.unit("m")) == pytest.approx(8.6)
    kit.drive(g, mod.after_fire(g.unit("i"), g.unit("m"), 0))
    mod.toward_gunfire()
    d = mod.unit_distance(mod.mobs["mob1"], g.unit("m"))
    assert 5.85 <= d <= 6.0  # stopped as it came within 6", short of its 3"
    before = centre(g, "mob1")
    mod.toward_gunfire()  # already within 6": it stays
    assert centre(g, "mob1") == before


@pytest.mark.rule("FF-134")
def test_nearest_gunfire_is_where_a_unit_fired_from_this_turn() -> None:
    """House rule FF-134: the nearest place a unit fired from this turn; no gunfire, no move;
    a unit of either side stops it; the record starts afresh each turn."""
    units = [kit.marines("m", (1, 1)), kit.marines("n", (20, 1)), kit.insurgents("i", (1, 23))]
    g = game(units, [mob("mob1", 15, 11)], script=[5])  # n's fire passes it: unhurt
    mod = civ(g)
    mod.toward_gunfire()
    assert centre(g, "mob1") == (16.5, 12.0)  # no gunfire this turn: it stays
    kit.drive(g, mod.after_fire(g.unit("i"), g.unit("m"), 0))
    kit.drive(g, mod.after_fire(g.unit("i"), g.unit("n"), 0))  # n at (21.2, 1) is nearer
    mod.toward_gunfire()
    x, y = centre(g, "mob1")
    assert x > 16.5 and y < 12.0  # toward n, not m
    kit.drive(g, mod.start_turn())
    assert mod.gunfire == []
    fell = game(units, [mob("mob1", 15, 11)], settings={"gunfire": "target"})
    kit.drive(fell, civ(fell).after_fire(fell.unit("i"), fell.unit("m"), 0))
    civ(fell).toward_gunfire()  # the other reading: toward where the fire fell (i, to the north)
    assert centre(fell, "mob1")[1] > 12.0
    near = game([kit.marines("m", (1, 1)), kit.insurgents("i", (15, 16))], [mob("mob1", 15, 11)], script=[5])
    kit.drive(near, civ(near).after_fire(near.unit("i"), near.unit("m"), 0))
    civ(near).toward_gunfire()
    assert centre(near, "mob1") == (16.5, 12.0)  # an Insurgent unit within 6" holds it too


# -- no fire or movement through a stand (FF-135) ---------------------------------------------

@pytest.mark.rule("FF-135")
def test_no_fire_through_a_mob_stand() -> None:
    g = game([MARINES, GUNMEN], [ACROSS])
    m, i = g.unit("m"), g.unit("i")
    assert g.sees(m, i)  # people see over a crowd: sight is not blocked...
    assert "passes through mob Market crowd" in str(civ(g).fire_blocked(m, i))
    assert turn.fire_targets(g, m) == [] and turn.fire_targets(g, i) == []  # ...fire is
    assert turn.lost_to_a_module(g, m, i)  # a fire declared before the mob came is lost
    assert "may no longer fire at Insurgents i" in kit.events(g, "fire")[-1].text
    aside = game([MARINES, GUNMEN], [mob("mob1", 12, 11)])
    assert civ(aside).fire_blocked(aside.unit("m"), aside.unit("i")) is None
    allowed = game([MARINES, GUNMEN], [ACROSS], settings={"block_fire": False})  # "unless the
    assert turn.fire_targets(allowed, allowed.unit("m")) == [allowed.unit("i")]  # scenario allows it"
    assert turn.fire_targets(aside, aside.unit("m")) == [aside.unit("i")]


@pytest.mark.rule("FF-135")
@pytest.mark.parametrize("reading", ["fighting_figures", "to_every_figure"])
def test_a_line_of_fire_past_a_mob_is_the_same_both_ways(reading: str) -> None:
    """FF-135: the stand blocks every line between the fighting figures; the Marines' wounded
    man lies 3.6" east of them, where a line from the gunmen to him misses the stand. The
    play-test saw the gunmen fire at the Marines by that line while the Marines' return fire
    was "lost: passes through mob". Lines of fire join fighting figures, so neither may fire;
    and wherever he lies, each unit may fire at the other exactly when the other may fire
    back. The legacy reading (option ``mob_lines_of_fire``) drew lines to him too."""
    g = game([MARINES, GUNMEN], [ACROSS], options={opt.MOB_LINES: reading})
    m, i = g.unit("m"), g.unit("i")
    hurt = m.figures[-1]
    hurt.dependant, hurt.injury, hurt.x = True, Injury.MODERATE, 11.0
    assert civ(g).fire_blocked(m, i) is not None
    if reading == "to_every_figure":
        assert civ(g).fire_blocked(i, m) is None and turn.fire_targets(g, i) == [m]
        return
    assert civ(g).fire_blocked(i, m) is not None
    assert turn.fire_targets(g, i) == [] == turn.fire_targets(g, m)
    for x in range(0, 24, 2):
        for y in (3, 8, 15, 22):
            hurt.x, hurt.y = float(x), float(y)
            assert (civ(g).fire_blocked(m, i) is None) is (civ(g).fire_blocked(i, m) is None)


@pytest.mark.rule("FF-135")
def test_no_movement_through_a_mob_stand() -> None:
    g = game([MARINES, GUNMEN], [ACROSS])
    m = g.unit("m")
    with pytest.raises(IllegalDecision, match="passes through mob Market crowd"):
        check_move(g, m, {"path": [[6.2, 15]]}, 12)
    with pytest.raises(IllegalDecision, match="civilian mob"):
        check_move(g, m, {"path": [[6.2, 11.5]]}, 12)  # ending in it
    check_move(g, m, {"path": [[12, 5], [12, 15]]}, 20)  # round it is fine
    allowed = game([MARINES, GUNMEN], [ACROSS], settings={"block_movement": False})
    check_move(allowed, allowed.unit("m"), {"path": [[6.2, 15]]}, 12)  # the scenario allows it
    civ(g).remove(civ(g).mobs["mob1"], "dispersed", "goes")
    check_move(g, m, {"path": [[6.2, 15]]}, 12)  # gone: the way is open
    inside = game([kit.marines("m", (5, 11.5)), GUNMEN], [ACROSS])  # set down in it by a rule
    check_move(inside, inside.unit("m"), {"path": [[6.2, 9]]}, 6)  # it may walk out


# -- the civilian casualty check (FF-136, FF-137) ----------------------------------------------

BESIDE = mob("mob1", 8.5, 11)  # 1.1" east of the nearest line of fire (x 7.4)


@pytest.mark.rule("FF-136")
def test_fire_within_2_inches_of_a_mob_checks_for_a_civilian_casualty() -> None:
    g = game([MARINES, GUNMEN], [BESIDE], script=[2])
    mod = civ(g)
    m, i = g.unit("m"), g.unit("i")
    assert mod.casualty_checks(m, mod.passed_mobs(m, i)) == ["mob1"]  # the Marines' d8 rolls 2
    assert mod.mobs["mob1"].casualties == 1 and mod.caused[Side.REGULAR] == 1
    assert "Civilian casualty check: Marines m's fire passes mob mob1 (1-2: a casualty): 1d8 → 2" \
        in kit.roll_texts(g)
    g = game([MARINES, GUNMEN], [BESIDE], script=[3])
    m, i = g.unit("m"), g.unit("i")
    assert civ(g).casualty_checks(m, civ(g).passed_mobs(m, i)) == []  # 3: unhurt
    assert civ(g).mobs["mob1"].casualties == 0


@pytest.mark.rule("FF-136")
@pytest.mark.rule("FF-057")
def test_mounted_troops_firing_mounted_check_with_the_die_they_fired_with() -> None:
    """A play-test (The Last Clinic): the scouts returned fire mounted with 1d6 (their d8
    one type down, FF-057), and the check for the crowd their fire passed rolled a d8. The
    firer's Quality die is the one it fires with: a d6, a casualty 1 time in 3."""
    riders = {**MARINES, "id": "r", "name": "Scouts r",
              "figures": kit.figures("r", (5, 5), ["rifle"] * 4)}
    g = kit.game([riders, GUNMEN], script=[2], pieces=[BESIDE], modules=["civilians", "mounted"],
                 mounted={"units": [{"unit": "r", "type": "mounted_troops"}]})
    mod = civ(g)
    r, i = g.unit("r"), g.unit("i")
    assert mod.casualty_checks(r, mod.passed_mobs(r, i)) == ["mob1"]
    assert any(t.startswith("Civilian casualty check: Scouts r's fire") and t.endswith("1d6 → 2")
               for t in kit.roll_texts(g)), kit.roll_texts(g)


@pytest.mark.rule("FF-136")
def test_the_check_is_made_by_every_fire() -> None:
    g = game([MARINES, GUNMEN], [BESIDE], strict=False)
    drive_all(fire(g, g.unit("i"), g.unit("m"), "Fire"))
    assert any(t.startswith("Civilian casualty check: Insurgents i's fire") for t in kit.roll_texts(g))


@pytest.mark.rule("FF-136")
@pytest.mark.parametrize("reading", ["at_the_shot", "after_the_casualties"])
def test_a_fire_that_kills_every_target_figure_still_checks_the_crowds_it_passed(reading: str) -> None:
    """FF-136: the play-test's Bravo team fired at Councillor Idris past three crowds, killed
    all three of his figures, and no check was rolled: the lines of fire were measured after
    the casualties, to a target with no figure left. They are taken as the attack is thrown.
    The legacy reading of the correction ``civilian_checks_at_the_shot`` keeps the old
    measure for older saves."""
    script = [6] * 8 + [1, 1, 1]  # the Marines' 8D8 all hit; the gunmen's 3D6 save nothing
    if reading == "at_the_shot":
        script += [2, 5]  # the checks: mob1 takes a casualty, west is unhurt
    g = game([MARINES, kit.insurgents("i", (5, 20), n=3)], [BESIDE, mob("west", 1, 11)],
             script=script, options={opt.MOB_CHECKS_AT_THE_SHOT: reading})
    m, i = g.unit("m"), g.unit("i")
    assert civ(g).near_mobs(m, i) == ["mob mob1", "mob west"]  # what the fire card warns of
    drive_all(fire(g, m, i, "Fire"))
    assert not i.figures  # every figure of the target is gone
    checks = [t for t in kit.roll_texts(g) if t.startswith("Civilian casualty check")]
    if reading == "after_the_casualties":
        assert checks == []
        return
    assert [t.split(" passes ")[1].split(" (")[0] for t in checks] == ["mob mob1", "mob west"]
    assert civ(g).mobs["mob1"].casualties == 1 and civ(g).caused[Side.REGULAR] == 1
    assert [u for _, _, u in civ(g).gunfire] == ["m"]  # the crowds heard the shots too


@pytest.mark.rule("FF-136")
def test_checks_are_measured_to_the_figures_standing_when_the_fire_is_thrown() -> None:
    """FF-136: a fire that kills only the gunman whose lines pass near a crowd still checks
    it, though the survivor's lines pass nowhere near it (the old measure, after the
    casualties, made no check)."""
    g = game([MARINES, kit.insurgents("i", (5, 20), n=2)], [mob("east", 10.5, 11)], strict=False,
             options={opt.MOB_CHECKS_AT_THE_SHOT: "at_the_shot"})
    m, i = g.unit("m"), g.unit("i")
    i.figures[0].x = 10.5  # i-1 stands east: only his lines pass within 2" of the stand
    assert civ(g).near_mobs(m, i) == ["mob east"]
    g.dice.push(6, 1, 1, 1, 1, 1, 1, 1, 1, 1)  # one hit (8D8), no save (2D6): i-1 falls
    drive_all(fire(g, m, i, "Fire"))
    assert [f.id for f in i.figures] == ["i-2"]
    assert any(t.startswith("Civilian casualty check: Marines m's fire passes mob east")
               for t in kit.roll_texts(g))


@pytest.mark.rule("FF-137")
def test_one_check_per_mob_per_attack_measured_to_the_stands_edge() -> None:
    """House rule FF-137: one check for each mob within 2" of the lines of fire (the stand's
    edge), none beyond; a stand that has taken mob_size casualties is gone."""
    far = mob("far", 9.5, 11)  # 2.1" from the nearest line
    g = game([MARINES, GUNMEN], [BESIDE, far, mob("west", 1, 11)], script=[1, 1],
             settings={"mob_size": 2})
    mod = civ(g)
    m, i = g.unit("m"), g.unit("i")
    assert mod.casualty_checks(m, mod.passed_mobs(m, i)) == ["mob1", "west"]  # one roll each
    assert len(kit.roll_texts(g)) == 2 and mod.mobs["far"].casualties == 0
    g.dice.push(2, 3)  # mob1's second casualty; west unhurt
    mod.casualty_checks(m, mod.passed_mobs(m, i))
    assert mod.mobs["mob1"].gone == "scattered" and mod.mobs["west"].casualties == 1
    assert [m.id for m in mod.live()] == ["far", "west"]


# -- dispersal (FF-138..148) ------------------------------------------------------------------

NEAR = mob("mob1", 10, 7)  # 2.6" from the Marines, 11" from the Insurgents


def plans(g: AlleyGame, uid: str) -> list[str]:
    return [p for p in turn.plan_options(g, g.unit(uid)) if "/" in p]


@pytest.mark.rule("FF-138")
def test_a_mob_is_never_a_target_but_regulars_may_try_to_disperse_it() -> None:
    g = game([MARINES, GUNMEN], [NEAR])
    assert plans(g, "m") == ["civilians/disperse/mob1"]
    assert all(t.id != "mob1" for t in turn.fire_targets(g, g.unit("m")))


@pytest.mark.rule("FF-139")
def test_dispersal_needs_a_unit_within_6_inches_and_rolls_its_tq_against_the_level() -> None:
    g = game([MARINES, GUNMEN], [mob("mob1", 13.3, 4)])  # 5.9" away
    assert plans(g, "m") == ["civilians/disperse/mob1"]
    g = game([MARINES, GUNMEN], [mob("mob1", 13.5, 4)])  # 6.1" away
    assert plans(g, "m") == []
    g = game([MARINES, GUNMEN], [NEAR], script=[5])
    assert civ(g).level() == 4  # no level given anywhere: 4
    civ(g).disperse(g.unit("m"), civ(g).mobs["mob1"])
    assert kit.roll_texts(g) == ["Disperse mob mob1: Marines m (beat Insurgency Level 4): 1d8 → 5"]


@pytest.mark.rule("FF-140")
def test_a_result_strictly_higher_than_the_level_disperses_the_mob() -> None:
    g = game([MARINES, GUNMEN], [NEAR], script=[4, 5])
    mod, m = civ(g), g.unit("m")
    assert not mod.disperse(m, mod.mobs["mob1"])  # 4 against 4: it stays
    assert mod.mobs["mob1"].gone == ""
    assert mod.disperse(m, mod.mobs["mob1"])  # 5 beats 4: removed
    assert mod.mobs["mob1"].gone == "dispersed" and plans(g, "m") == []


@pytest.mark.rule("FF-141")
def test_a_unit_that_tries_to_disperse_does_nothing_else() -> None:
    g = game([MARINES, GUNMEN], [NEAR], script=[2])
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), ["civilians/disperse/mob1"])  # no move, no fire asked
    assert m.activated and not m.fired and m.moved == 0
    assert civ(g).mobs["mob1"].gone == ""  # failed, and that was the activation


def mods(g: AlleyGame, uid: str = "m") -> list[tuple[int, str]]:
    return [(x.value, x.rule) for x in civ(g).disperse_modifiers(g.unit(uid))]


@pytest.mark.rule("FF-142")
def test_minus_1_when_the_own_side_has_caused_civilian_casualties() -> None:
    g = game([MARINES, GUNMEN], [NEAR])
    civ(g).caused[Side.REGULAR] = 1
    assert mods(g) == [(-1, "FF-142")]


@pytest.mark.rule("FF-143")
def test_minus_1_when_the_civilians_are_hostile_to_the_side() -> None:
    g = game([MARINES, GUNMEN], [NEAR], settings={"attitude": {"regular": "hostile"}})
    assert mods(g) == [(-1, "FF-143")]


@pytest.mark.rule("FF-144")
def test_plus_1_when_the_civilians_are_friendly_to_the_side() -> None:
    g = game([MARINES, GUNMEN], [NEAR], settings={"attitude": {"regular": "friendly",
                                                               "insurgent": "hostile"}})
    assert mods(g) == [(1, "FF-144")]


@pytest.mark.rule("FF-145")
def test_plus_1_when_only_the_other_side_has_caused_casualties() -> None:
    g = game([MARINES, GUNMEN], [NEAR])
    civ(g).caused[Side.INSURGENT] = 2
    assert mods(g) == [(1, "FF-145")]
    civ(g).caused[Side.REGULAR] = 1  # both sides have: only the -1
    assert mods(g) == [(-1, "FF-142")]


@pytest.mark.rule("FF-146")
def test_plus_1_when_the_civilians_of_the_area_are_friendly() -> None:
    g = game([MARINES, GUNMEN], [NEAR], settings={"friendly_area": ["regular"]})
    assert mods(g) == [(1, "FF-146")]


@pytest.mark.rule("FF-147")
def test_plus_1_with_an_interpreter() -> None:
    g = game([MARINES, GUNMEN], [NEAR], settings={"interpreters": ["m"]})
    assert mods(g) == [(1, "FF-147")]


@pytest.mark.rule("FF-148")
def test_the_modifiers_add_up_and_the_odds_are_shown() -> None:
    """House rule FF-148: a scenario's "friendly" gives +1 (FF-144); the area's friendliness
    (FF-146) is a separate fact, so both give +2; only Regulars disperse."""
    g = game([MARINES, GUNMEN], [NEAR, mob("mob2", 10, 16)], script=[3],
             settings={"attitude": {"regular": "friendly"}, "friendly_area": ["regular"],
                       "interpreters": ["m"]})
    assert mods(g) == [(1, "FF-144"), (1, "FF-146"), (1, "FF-147")]
    assert civ(g).disperse_odds(g.unit("m")) == pytest.approx(7 / 8)  # d8 + 3 > 4 on 2+
    label = civ(g).plan_label(g.unit("m"), "civilians/disperse/mob1")
    assert label is not None and label.endswith("must beat Insurgency Level 4: 88%")
    assert "): d8, +1 " in label, label  # the die as the cards write it (was "D8")
    assert plans(g, "i") == []  # the Insurgents never disperse
    assert civ(g).disperse(g.unit("m"), civ(g).mobs["mob1"])  # 3 + 3 = 6 > 4


@pytest.mark.rule("FF-148")
def test_the_insurgency_level_setting_else_the_scenarios_else_4() -> None:
    assert civ(game([MARINES, GUNMEN], [NEAR], settings={"insurgency_level": 2})).level() == 2
    auto = game([MARINES, GUNMEN], [NEAR], reinforcements=True)  # level "automatic"
    assert civ(auto).level() == 4
    spec = auto.spec.reinforcements
    assert spec is not None
    auto.spec = auto.spec.model_copy(update={"reinforcements": spec.model_copy(update={"level": 3})})
    assert civ(auto).level() == 3  # a numbered level is the scenario's


# -- state, status, validation ----------------------------------------------------------------

def test_status_says_the_mobs_left_and_the_casualties_by_side() -> None:
    """The turn panel's lines (and the unit card's, below)."""
    g = game([MARINES, GUNMEN], [NEAR, mob("mob2", 15, 2)], settings={"hostile_mobs": ["mob2"]})
    assert civ(g).status() == ["Civilian mobs: 2 left (1 hostile)"]
    civ(g).caused[Side.INSURGENT] = 2
    civ(g).mobs["mob2"].casualties = 2
    civ(g).remove(civ(g).mobs["mob1"], "dispersed", "goes home")
    assert civ(g).status() == ["Civilian mobs: 1 left (1 hostile), 2 civilians hurt",
                               "Civilian casualties: 0 by the Marines, 2 by the Insurgents"]
    assert g.snapshot()["modules"]["civilians"]["mobs"][0]["gone"] == "dispersed"


def scenario(settings: dict[str, Any] | None = None, pieces: list[dict[str, Any]] | None = None) -> None:
    extra: dict[str, Any] = {"civilians": settings} if settings else {}
    kit.scenario([MARINES, GUNMEN], pieces=pieces or [NEAR], modules=["civilians"], **extra)


def test_validate_refuses_a_mob_outside_the_table() -> None:
    with pytest.raises(ScenarioError) as e:
        scenario(pieces=[mob("mob1", 22, 5)])
    assert ("table.pieces[0]", "lies partly outside the 24x24 table") in e.value.problems


def test_validate_refuses_an_unknown_attitude() -> None:
    with pytest.raises(ScenarioError) as e:
        scenario({"attitude": {"regular": "grumpy"}})
    assert [p for p, _ in e.value.problems] == ["civilians.attitude.regular"]
    assert "'hostile', 'neutral' or 'friendly'" in e.value.problems[0][1]


def test_validate_refuses_settings_naming_a_mob_that_is_not_a_mob() -> None:
    with pytest.raises(ScenarioError) as e:
        scenario({"hostile_mobs": ["house", "ghost"]}, pieces=[NEAR, kit.building("house", (15, 15, 3, 3))])
    assert e.value.problems == [
        ("civilians.hostile_mobs[0]", "hostile mob house: expected a civilian_mob piece, found a building "
                                      "piece"),
        ("civilians.hostile_mobs[1]", "hostile mob ghost: expected a civilian_mob piece, found no piece of "
                                      "that id")]


def test_validate_refuses_a_hostile_mob_controller_that_is_not_a_side() -> None:
    with pytest.raises(ScenarioError) as e:
        scenario({"hostile_mobs": ["mob1"], "hostile_controller": "police"})
    assert [p for p, _ in e.value.problems] == ["civilians.hostile_controller"]


def test_validate_refuses_other_bad_settings() -> None:
    with pytest.raises(ScenarioError) as e:
        scenario({"interpreters": ["x"], "mixed_mobs": ["m"], "insurgency_level": 7})
    assert [p for p, _ in e.value.problems] == ["civilians.insurgency_level"]
    with pytest.raises(ScenarioError) as e:
        scenario({"interpreters": ["x"], "mixed_mobs": ["m"], "armed_mob_table": {"2": {"armed": 1}}})
    assert [p for p, _ in e.value.problems] == ["civilians.armed_mob_table"]
    with pytest.raises(ScenarioError) as e:
        scenario({"interpreters": ["x"], "mixed_mobs": ["m"], "colour": "red"})
    assert [p for p, _ in e.value.problems] == ["civilians.colour"]
    with pytest.raises(ScenarioError) as e:
        scenario({"interpreters": ["x"], "mixed_mobs": ["m"]})
    assert [p for p, _ in e.value.problems] == ["civilians.interpreters[0]", "civilians.mixed_mobs[0]"]


def test_a_civilian_casualty_award_needs_the_module() -> None:
    award = {"awards": [{"side": "insurgent", "event": "civilian_casualty", "points": 1}]}
    with pytest.raises(ScenarioError, match="add \"civilians\" to modules"):
        kit.scenario([MARINES, GUNMEN], victory=award)


def test_a_game_without_civilians_keeps_mob_pieces_refused() -> None:
    with pytest.raises(ScenarioError, match="civilians rule module"):
        kit.scenario([MARINES, GUNMEN], pieces=[NEAR])


def test_the_unit_card_says_taunted_interpreter_and_mixed_mob() -> None:
    mixed = kit.insurgents("x", (5, 20), weapons=["rifle", "unarmed"])
    g = game([MARINES, mixed], [NEAR], settings={"interpreters": ["m"], "mixed_mobs": ["x"]})
    g.state.turn = 3
    g.unit("m").marks["civilians.taunted_turn"] = 3
    assert civ(g).unit_status(g.unit("m")) == ["Taunted by a mob this turn",
                                               "Has an interpreter (disperse +1)"]
    assert civ(g).unit_status(g.unit("x")) == ["Mixed mob: 1 unarmed supporter"]
