"""Mounted units (FF-052..086; house rules FF-056, FF-060, FF-070, FF-076, FF-083, FF-086)."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.ai.fof import advise, plan_advice
from ambush_gui.alley import close_assault, turn
from ambush_gui.alley.fire import fire, first_aid, take_casualties
from ambush_gui.alley.fof.mounted import MountedModule
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Injury, Speed
from ambush_gui.alley.movement import allowance, check_move
from ambush_gui.alley.pools import defense, firepower, optimum_range
from ambush_gui.core.decisions import DecisionKind, IllegalDecision
from ambush_gui.core.dice import Die
from ambush_gui.core.errors import ScenarioError
from tests.alley import kit


def riders(uid: str, at: tuple[float, float], tq: str = "d8", n: int = 4, side: str = "regular",
           **kw: Any) -> dict[str, Any]:
    """A unit of ``n`` riflemen on either side (the mounted settings say what they ride)."""
    return {"id": uid, "name": f"Riders {uid}", "side": side, "tq": tq, "morale": "d8",
            "figures": kit.figures(uid, at, ["rifle"] * n), **kw}


def game(units: list[dict[str, Any]], mounted: list[dict[str, Any]], script: list[int] = (),
         settings: dict[str, Any] | None = None, **kw: Any) -> AlleyGame:
    g = kit.game(units, script=script, modules=["mounted"],
                 mounted={"units": mounted, **(settings or {})}, **kw)
    g.state.turn = 1
    return g


def mod(g: AlleyGame) -> MountedModule:
    m = g.modules.get("mounted")
    assert isinstance(m, MountedModule)
    return m


def rules_of(pool: Any) -> list[str]:
    return [m.rule for m in pool.items]


def cav_vs_foot(script: list[int] = (), confidence: str | None = None, kind: str = "cavalry",
                tq: str = "d8", **kw: Any) -> AlleyGame:
    """Riders "r" (Regulars, mounted) at y=5 and Insurgents "i" on foot at y=12."""
    extra = {"confidence": confidence} if confidence else {}
    return game([riders("r", (5, 5), tq=tq, **extra), kit.insurgents("i", (5, 12))],
                [{"unit": "r", "type": kind}], script=script, **kw)


def rolls(g: AlleyGame) -> list[str]:
    return [e.data["purpose"] for e in kit.events(g, "roll")]


def play_out(proc: Any) -> Any:
    """Run a procedure to its end, taking the first option of every decision it asks."""
    try:
        d = next(proc)
        while True:
            d = proc.send(d.validate(d.options[0]))
    except StopIteration as stop:
        return stop.value


# -- the settings ---------------------------------------------------------------------------------


def problems(units: list[dict[str, Any]], mounted: Any) -> list[tuple[str, str]]:
    with pytest.raises(ScenarioError) as err:
        kit.scenario(units, modules=["mounted"], mounted=mounted)
    return err.value.problems


@pytest.mark.rule("FF-052")
def test_there_are_two_kinds_of_mounted_unit_and_nothing_else() -> None:
    g = game([riders("a", (5, 5)), riders("b", (5, 8)), kit.insurgents("i", (5, 20))],
             [{"unit": "a", "type": "cavalry"}, {"unit": "b", "type": "mounted_troops"}])
    assert g.unit("a").marks["mounted.type"] == "cavalry"
    assert g.unit("b").marks["mounted.type"] == "mounted_troops"
    assert mod(g).status() == ["Riders a: Cavalry, mounted (4 mounts)",
                               "Riders b: Mounted Troops, mounted (4 mounts)"]
    bad = problems([riders("a", (5, 5))], {"units": [{"unit": "a", "type": "camel_corps"}]})
    assert bad[0][0] == "mounted.units[0].type" and "mounted_troops" in bad[0][1]


def test_an_unknown_unit_is_refused_with_its_place_named() -> None:
    bad = problems([riders("a", (5, 5))], {"units": [{"unit": "ghost", "type": "cavalry"}]})
    assert bad == [("mounted.units[0].unit",
                    "mounted unit 'ghost': no unit of that id in the scenario (expected one of a)")]


def test_unknown_settings_keys_are_refused() -> None:
    bad = problems([riders("a", (5, 5))], {"units": [], "gallop": 30})
    assert bad[0][0] == "mounted.gallop"


@pytest.mark.rule("FF-054")
def test_only_units_of_d8_or_better_can_be_cavalry() -> None:
    bad = problems([riders("a", (5, 5), tq="d6")], {"units": [{"unit": "a", "type": "cavalry"}]})
    assert bad == [("mounted.units[0].type", "mounted unit a (Riders a): Cavalry need Troop Quality "
                                             "d8 or better (FF-054); it has d6")]
    kit.scenario([riders("a", (5, 5), tq="d6")], modules=["mounted"],
                 mounted={"units": [{"unit": "a", "type": "mounted_troops"}]})  # fine
    kit.scenario([riders("a", (5, 5), tq="d8")], modules=["mounted"],
                 mounted={"units": [{"unit": "a", "type": "cavalry"}]})


@pytest.mark.rule("FF-053")
def test_mounted_troops_with_their_mounts_off_the_table_fight_on_foot() -> None:
    g = game([riders("a", (5, 5)), kit.insurgents("i", (5, 20))],
             [{"unit": "a", "type": "mounted_troops", "mounted": False, "mounts_on_table": False}])
    a = g.unit("a")
    assert not mod(g).is_mounted(a) and a.marks["mounted.state"] == "dismounted"
    assert mod(g).plan_options(a) == []  # no mounts to climb on
    assert allowance(g, a, Speed.RAPID) == 12
    bad = problems([riders("a", (5, 5))], {"units": [{"unit": "a", "type": "mounted_troops",
                                                      "mounts_on_table": False}]})
    assert bad[0][0] == "mounted.units[0].mounted" and "FF-053" in bad[0][1]


# -- movement -------------------------------------------------------------------------------------


@pytest.mark.rule("FF-055")
def test_mounted_units_move_8_tactical_and_16_rapid() -> None:
    g = cav_vs_foot()
    r = g.unit("r")
    assert allowance(g, r, Speed.CAUTIOUS) == 8 and allowance(g, r, Speed.RAPID) == 16
    mod(g).dismount(r, "test")
    assert allowance(g, r, Speed.CAUTIOUS) == 6 and allowance(g, r, Speed.RAPID) == 12
    big = kit.game([riders("r", (5, 5)), kit.insurgents("i", (5, 20))], scale=1.5,
                   modules=["mounted"], mounted={"units": [{"unit": "r", "type": "cavalry"}]})
    assert allowance(big, big.unit("r"), Speed.RAPID) == 24  # 28mm: every distance × 1.5


@pytest.mark.rule("FF-056")
def test_tactical_is_cautious_with_an_8_inch_cap() -> None:
    """House rule FF-056: a Tactical move is a Cautious one (its Defense die, its Reaction
    bonus), capped at 8"; more than 8" is Rapid."""
    g = cav_vs_foot()
    r = g.unit("r")
    r.speed = Speed.CAUTIOUS
    assert "AA-120" in rules_of(defense(g, r, g.unit("i")))
    check_move(g, r, {"path": [[14.2, 5]]}, allowance(g, r))  # 8" east of its centre
    with pytest.raises(IllegalDecision, match="may move 8.0"):
        check_move(g, r, {"path": [[15.2, 5]]}, allowance(g, r))
    r.speed = Speed.RAPID
    assert allowance(g, r) == 16


# -- firing from the saddle -------------------------------------------------------------------------


@pytest.mark.rule("FF-057")
def test_mounted_troops_fire_one_die_type_down_with_no_optimum_range() -> None:
    g = cav_vs_foot(kind="mounted_troops", tq="d8")
    g.unit("i").translate(0, -4)  # 3" away: within the 8" Optimum Range on foot
    r, i = g.unit("r"), g.unit("i")
    fp = firepower(g, r, i)
    assert fp.die is Die.D6 and "AA-110" not in rules_of(fp)
    assert optimum_range(g, r) == 0
    mod(g).dismount(r, "test")
    fp = firepower(g, r, i)
    assert fp.die is Die.D8 and "AA-110" in rules_of(fp)


@pytest.mark.rule("FF-058")
def test_the_seed_example_a_d10_unit_fires_mounted_with_d8() -> None:
    g = cav_vs_foot(kind="mounted_troops", tq="d10")
    assert firepower(g, g.unit("r"), g.unit("i")).die is Die.D8


@pytest.mark.rule("FF-059")
def test_cavalry_fire_one_type_down_but_keep_the_range_of_their_unmodified_troop_quality() -> None:
    g = cav_vs_foot(tq="d10")
    g.unit("i").translate(0, 2)  # 9" away: beyond the scenario's 8", within d10's 10"
    r, i = g.unit("r"), g.unit("i")
    fp = firepower(g, r, i)
    assert fp.die is Die.D8 and "AA-110" in rules_of(fp)
    assert optimum_range(g, r) == 10


@pytest.mark.rule("FF-060")
def test_the_optimum_range_table_by_troop_quality_is_a_setting() -> None:
    """House rule FF-060: a table by TQ die, 6/8/10/12" unless the scenario says otherwise."""
    g = cav_vs_foot(tq="d8")
    assert mod(g).cfg.optimum_ranges == {"d6": 6, "d8": 8, "d10": 10, "d12": 12}
    assert optimum_range(g, g.unit("r")) == 8
    g = cav_vs_foot(tq="d8", settings={"optimum_ranges": {"d8": 5}})
    assert optimum_range(g, g.unit("r")) == 5  # not in the table: the scenario's own range
    assert "AA-110" not in rules_of(firepower(g, g.unit("r"), g.unit("i")))  # 7" away


# -- firing at mounted units --------------------------------------------------------------------------


@pytest.mark.rule("FF-061")
def test_a_mounted_unit_never_claims_in_cover() -> None:
    g = cav_vs_foot()
    r, i = g.unit("r"), g.unit("i")
    r.pinned = True  # AA-122: a Pinned unit is Hunkered Down, In Cover
    assert "AA-122" not in rules_of(defense(g, r, i))
    r.pinned, r.still_turns = False, 1  # AA-121: a turn in place
    assert "AA-121" not in rules_of(defense(g, r, i))
    mod(g).dismount(r, "test")
    assert "AA-121" in rules_of(defense(g, r, i))


@pytest.mark.rule("FF-062")
def test_solid_cover_only_from_terrain_tall_enough_to_hide_horse_and_rider() -> None:
    wall = kit.wall("w", (4, 6, 6, 0.3))  # just north of the riders, between them and the fire
    g = cav_vs_foot(pieces=[wall])
    r, i = g.unit("r"), g.unit("i")
    assert "AA-124" not in rules_of(defense(g, r, i))  # a low wall: no Solid Cover mounted
    mod(g).dismount(r, "test")
    assert "AA-124" in rules_of(defense(g, r, i))  # on foot, behind it
    g = cav_vs_foot(pieces=[wall], settings={"tall_cover": ["wall"]})
    assert "AA-124" in rules_of(defense(g, g.unit("r"), g.unit("i")))  # a high wall


@pytest.mark.rule("FF-063")
def test_foot_units_firing_at_a_mounted_unit_get_one_more_die() -> None:
    g = cav_vs_foot()
    i, r = g.unit("i"), g.unit("r")
    assert ("target mounted", 1, "FF-063") in [(m.label, m.value, m.rule) for m in firepower(g, i, r).items]
    mod(g).dismount(r, "test")
    assert "FF-063" not in rules_of(firepower(g, i, r))


@pytest.mark.rule("FF-064")
def test_mounted_units_firing_at_each_other_get_no_extra_die() -> None:
    g = game([riders("r", (5, 5)), riders("e", (5, 12), side="insurgent", tq="d8")],
             [{"unit": "r", "type": "cavalry"}, {"unit": "e", "type": "cavalry"}])
    assert "FF-063" not in rules_of(firepower(g, g.unit("e"), g.unit("r")))
    mod(g).dismount(g.unit("e"), "test")
    assert "FF-063" in rules_of(firepower(g, g.unit("e"), g.unit("r")))


# -- staying mounted under fire ----------------------------------------------------------------------


@pytest.mark.rule("FF-065")
def test_mounted_troops_fired_at_take_a_troop_quality_check_or_dismount() -> None:
    g = cav_vs_foot(kind="mounted_troops", script=[5])  # passes: stays mounted
    kit.drive(g, mod(g).before_fire(g.unit("i"), g.unit("r")))
    assert mod(g).is_mounted(g.unit("r"))
    assert rolls(g) == ["Quality Check: Riders r (to stay mounted under fire, FF-065)"]
    g = cav_vs_foot(kind="mounted_troops", script=[3])  # fails: dismounts
    kit.drive(g, mod(g).before_fire(g.unit("i"), g.unit("r")))
    assert not mod(g).is_mounted(g.unit("r")) and g.unit("r").marks["mounted.state"] == "dismounted"
    assert not g.unit("r").pinned


@pytest.mark.rule("FF-066")
def test_high_confidence_mounted_troops_choose_without_a_check() -> None:
    g = cav_vs_foot(kind="mounted_troops", confidence="high")
    d = kit.asks(g, mod(g).before_fire(g.unit("i"), g.unit("r")))
    assert d.kind is DecisionKind.CHOOSE and d.options == ("stay", "dismount")
    assert d.facts["question"] == "mounted.stay_mounted" and set(d.facts["labels"]) == {"stay", "dismount"}
    kit.drive(g, mod(g).before_fire(g.unit("i"), g.unit("r")), ["stay"])
    assert mod(g).is_mounted(g.unit("r")) and rolls(g) == []
    kit.drive(g, mod(g).before_fire(g.unit("i"), g.unit("r")), ["dismount"])
    assert not mod(g).is_mounted(g.unit("r"))


@pytest.mark.rule("FF-067")
def test_low_confidence_mounted_troops_dismount_at_once_and_are_pinned() -> None:
    g = cav_vs_foot(kind="mounted_troops", confidence="low")
    kit.drive(g, mod(g).before_fire(g.unit("i"), g.unit("r")))
    r = g.unit("r")
    assert not mod(g).is_mounted(r) and r.pinned and rolls(g) == []
    turn.end_turn(g)  # "for the remainder of the turn"
    assert not r.pinned


@pytest.mark.rule("FF-068")
def test_cavalry_never_check_but_may_dismount_whatever_their_confidence() -> None:
    for conf in ("low", "confident", "high"):
        g = cav_vs_foot(confidence=conf)
        d = kit.asks(g, mod(g).before_fire(g.unit("i"), g.unit("r")))
        assert d.options == ("stay", "dismount") and d.facts["rule"] == "FF-068"
        kit.drive(g, mod(g).before_fire(g.unit("i"), g.unit("r")), ["stay"])
        assert mod(g).is_mounted(g.unit("r")) and rolls(g) == [] and not g.unit("r").pinned


@pytest.mark.rule("FF-068")
def test_the_question_speaks_of_the_unit_in_the_singular() -> None:
    """A play-test read "Regular: Captain are fired on by Barn riflemen": a unit is one
    thing here, as everywhere else the program names it ("First section fires at ...")."""
    g = cav_vs_foot()
    r, i = g.unit("r"), g.unit("i")
    d = kit.asks(g, mod(g).before_fire(i, r))
    assert f"{r.name} is fired on by {i.name} — stay mounted or dismount?" in d.prompt
    assert " are fired on " not in d.prompt


@pytest.mark.rule("FF-069")
def test_the_unit_that_made_them_dismount_keeps_its_extra_die_later_ones_do_not() -> None:
    g = game([riders("r", (5, 5)), kit.insurgents("i", (5, 12)), kit.insurgents("j", (12, 12))],
             [{"unit": "r", "type": "mounted_troops"}], script=[2])
    m, r, i, j = mod(g), g.unit("r"), g.unit("i"), g.unit("j")
    kit.drive(g, m.before_fire(i, r))
    assert not m.is_mounted(r)
    assert "FF-069" in rules_of(firepower(g, i, r))
    assert "FF-069" not in rules_of(firepower(g, j, r))
    kit.drive(g, m.after_fire(r, i, 0))
    assert "FF-069" not in rules_of(firepower(g, i, r))  # its next fire: none


@pytest.mark.rule("FF-070")
def test_the_check_comes_before_the_attack_and_a_cavalry_dismount_still_gives_the_die() -> None:
    """House rule FF-070: the Confidence ladder is the unit's ``confidence``; the check is
    made before the Firepower dice; a Cavalry unit that chooses to dismount still gives the
    shooter its +1 die."""
    g = cav_vs_foot(kind="mounted_troops", strict=False, script=[2])  # fails: dismounts
    play_out(fire(g, g.unit("i"), g.unit("r"), "test"))
    first = rolls(g)
    assert first[0].startswith("Quality Check: Riders r (to stay mounted")
    assert first[1].startswith("Firepower:")
    shot = kit.events(g, "fire")[0].data["firepower"]["items"]  # the pools count it on foot
    assert ["target dismounted under this fire", 1, "FF-069"] in shot
    assert "FF-063" not in [rule for _, _, rule in shot]
    g = cav_vs_foot()
    kit.drive(g, mod(g).before_fire(g.unit("i"), g.unit("r")), ["dismount"])
    assert "FF-069" in rules_of(firepower(g, g.unit("i"), g.unit("r")))


# -- casualties -----------------------------------------------------------------------------------


def hit(g: AlleyGame, uid: str = "r", n: int = 1, answers: list[Any] | None = None) -> int:
    unit = g.unit(uid)
    chosen = [f.id for f in unit.fighters][:n]
    assert chosen == sorted(chosen)  # riflemen all: the first of them fall, no question asked
    return kit.drive(g, take_casualties(g, unit, n, False), answers or [])


@pytest.mark.rule("FF-071")
def test_each_casualty_on_a_mounted_unit_falls_on_rider_or_mount() -> None:
    g = cav_vs_foot(script=[2, 5, 1, 5, 6])  # rider (2), keeps his seat (5), First Aid 1; mount (5), seat 6
    hit(g, n=2)
    texts = [e.text for e in kit.events(g, "mounted")]
    assert texts == ["Riders r, fighter 1: the rider is hit and stays in the saddle",
                     "Riders r, fighter 2: the mount is hit and killed; the rider lands on his feet unhurt"]
    assert rolls(g)[0] == "Rider or mount: Riders r, fighter 1"
    g = cav_vs_foot(script=[1])
    mod(g).dismount(g.unit("r"), "test")
    hit(g)  # on foot: no rider-or-mount die, just First Aid
    assert rolls(g) == ["First Aid: Riders r, fighter 1"]


@pytest.mark.rule("FF-072")
def test_the_figure_hit_takes_a_troop_quality_check_fail_and_he_is_thrown() -> None:
    g = cav_vs_foot(script=[3, 2, 1])  # rider, fails (2), First Aid 1 (+1: 2, still slight)
    hit(g)
    assert [e.text for e in kit.events(g, "mounted")] == ["Riders r, fighter 1: the rider is hit and "
                                                           "thrown from his mount"]
    assert rolls(g)[1] == "Quality Check: Riders r (Riders r, fighter 1 keeps his seat, FF-072)"
    aid = [e for e in kit.events(g, "roll") if e.data["purpose"].startswith("First Aid")][0]
    assert [rule for _, _, rule in aid.data["modifiers"]] == ["FF-074"]  # thrown


@pytest.mark.rule("FF-073")
def test_a_rider_who_kept_his_seat_rolls_first_aid_normally() -> None:
    g = cav_vs_foot(script=[1, 4, 4])
    hit(g)
    aid = [e for e in kit.events(g, "roll") if e.data["purpose"].startswith("First Aid")][0]
    assert aid.data["modifiers"] == [] and g.unit("r").figures[0].injury is Injury.MODERATE


@pytest.mark.rule("FF-074")
def test_a_thrown_rider_takes_the_worse_first_aid_result() -> None:
    g = cav_vs_foot(script=[1, 1, 4])  # rider, thrown, First Aid 4 -> 5: serious
    serious = hit(g)
    aid = [e for e in kit.events(g, "roll") if e.data["purpose"].startswith("First Aid")][0]
    assert aid.data["modifiers"] == [("thrown from his mount (the worse result)", 1, "FF-074")]
    assert g.unit("r").figures[0].injury is Injury.SERIOUS and serious == 1


@pytest.mark.rule("FF-075")
def test_a_mount_casualty_is_dead_and_its_rider_on_foot() -> None:
    g = cav_vs_foot(script=[6, 5])
    hit(g)
    m, r = mod(g), g.unit("r")
    assert "r-1" not in m.mounts["r"] and len(m.riders(r)) == 3
    assert r.figures[0].fighting and r.figures[0].injury is Injury.NONE
    m.dismount(r, "test")
    m.mounts["r"] -= {"r-2", "r-3"}  # two more mounts lost: one of four left
    assert not m.may_mount(r) and "mounted/mount" not in m.plan_options(r)


@pytest.mark.rule("FF-076")
def test_house_rule_the_split_and_the_first_aid_direction() -> None:
    """House rule FF-076: d6 1-3 rider, 4-6 mount; a mount hit leaves its rider on foot,
    unhurt if he passes, a casualty with the worse First Aid if he is thrown; the seed's
    −1 is the worse result, +1 on this table; First Aid when the casualty is taken; a unit
    with mounts for fewer than half its fighting figures is on foot."""
    g = game([riders("r", (5, 5), n=2), kit.insurgents("i", (5, 12))],
             [{"unit": "r", "type": "cavalry"}], script=[4, 1, 3])  # mount, thrown, First Aid 3 -> 4
    hit(g)
    r = g.unit("r")
    assert "r-1" not in mod(g).mounts["r"]  # a 4 is the mount
    assert r.figures[0].injury is Injury.MODERATE and r.figures[0].dependant
    assert mod(g).is_mounted(r)  # one fighter left, with his mount: still mounted
    g = game([riders("r", (5, 5), n=3), kit.insurgents("i", (5, 12))],
             [{"unit": "r", "type": "cavalry"}], script=[6, 5, 6, 6])
    hit(g, n=2)  # two mounts lost, both riders on their feet: 1 mount for 3 fighters
    assert not mod(g).is_mounted(g.unit("r"))
    assert any("too few mounts" in e.text for e in kit.events(g, "mounted"))
    g = cav_vs_foot(script=[6])
    f = g.unit("r").figures[0]
    mod(g).thrown.add(f.id)
    assert first_aid(g, g.unit("r"), f) == 1  # 6 + 1 stays 6: serious, on the table


@pytest.mark.rule("FF-061")
@pytest.mark.rule("AA-126")
def test_a_mounted_unit_claims_no_in_cover_so_stays_exposed_when_pinned() -> None:
    """A mounted unit may never claim In Cover (FF-061), so Pinned in the open it has not
    gone to ground: its attacker keeps the Exposed die; dismounted it is In Cover instead."""
    g = cav_vs_foot(options={"exposed_while_in_cover": "not_exposed"})
    r, i = g.unit("r"), g.unit("i")
    r.pinned = True
    assert "AA-126" in rules_of(firepower(g, i, r)) and "AA-122" not in rules_of(defense(g, r, i))
    mod(g).dismount(r, "test")
    assert "AA-126" not in rules_of(firepower(g, i, r)) and "AA-122" in rules_of(defense(g, r, i))


ON_FOOT = {"hit_without_a_mount": "on_foot"}


@pytest.mark.rule("FF-071")
@pytest.mark.rule("FF-074")
@pytest.mark.rule("FF-075")
def test_a_man_whose_mount_is_dead_is_hit_as_a_man_on_foot() -> None:
    """Play-test: a rider whose horse was already dead was hit again while his unit rode on
    (three mounts for four men): rider or mount was rolled for him, he "kept his seat" or
    was "thrown from his mount" and took the thrown rider's worse First Aid (correction
    ``hit_without_a_mount``)."""
    g = cav_vs_foot(script=[6, 5, 4], options=ON_FOOT)  # mount dead, lands on his feet; then First Aid 4
    hit(g)
    assert mod(g).is_mounted(g.unit("r")) and "r-1" not in mod(g).mounts["r"]
    before = len(rolls(g))
    hit(g)  # r-1 again, on foot beside the others
    assert rolls(g)[before:] == ["First Aid: Riders r, fighter 1"]
    aid = [e for e in kit.events(g, "roll") if e.data["purpose"].startswith("First Aid")][-1]
    assert aid.data["modifiers"] == [] and g.unit("r").figures[0].injury is Injury.MODERATE
    assert len(kit.events(g, "mounted")) == 1  # only the first hit was on horseback
    g = cav_vs_foot(script=[6, 5, 2, 1, 4], options={"hit_without_a_mount": "rider_or_mount"})
    hit(g)
    hit(g)  # older saves replay as they were played: "thrown", +1 on First Aid
    assert "thrown from his mount" in kit.events(g, "mounted")[-1].text


def test_insurgent_riders_hit_are_removed_mount_hits_may_spare_them() -> None:
    g = game([kit.marines("m", (5, 5)), riders("e", (5, 12), side="insurgent", tq="d8")],
             [{"unit": "e", "type": "cavalry"}], script=[2, 5, 5, 5])
    hit(g, "e", n=2)  # e-1: rider hit, removed (AA-154); e-2: mount hit, lands on his feet
    assert [f.id for f in g.unit("e").figures] == ["e-2", "e-3", "e-4"]


# -- Close Combat -------------------------------------------------------------------------------------


def melee(kind: str = "cavalry", tq: str = "d8", script: list[int] = (), attacker_mounted: bool = True,
          **kw: Any) -> AlleyGame:
    """Riders "r" (Regulars) in base contact with Insurgents "i" (4 riflemen, d6)."""
    return game([riders("r", (5, 5), tq=tq), kit.insurgents("i", (5, 5.8))],
                [{"unit": "r", "type": kind, "mounted": attacker_mounted}], script=script, **kw)


def throws(g: AlleyGame) -> list[tuple[str, int, int]]:
    return [(e.data["purpose"], e.data["sides"], len(e.data["faces"])) for e in kit.events(g, "roll")]


@pytest.mark.rule("FF-077")
def test_mounted_troops_may_not_charge_while_mounted() -> None:
    g = game([riders("r", (5, 5)), kit.insurgents("i", (5, 9))], [{"unit": "r", "type": "mounted_troops"}])
    r = g.unit("r")
    charge = {"path": [[5, 8.2]], "assault": "i"}
    with pytest.raises(IllegalDecision, match="FF-077"):
        check_move(g, r, charge, 8, may_assault=True)
    mod(g).dismount(r, "test")
    check_move(g, r, charge, 6, may_assault=True)  # on foot they may
    assert not [p for p in mod(g).plan_options(r) if p.startswith("mounted/charge")]


@pytest.mark.rule("FF-078")
def test_mounted_troops_caught_mounted_lose_the_initial_reaction_and_are_struck_first() -> None:
    g = game([riders("r", (5, 5), side="regular"), kit.insurgents("i", (5, 5.8), tq="d8")],
             [{"unit": "r", "type": "mounted_troops"}],
             script=[4, 5, 6, 1, 3], strict=False)  # the Insurgents strike first: 3 successes
    play_out(close_assault.resolve(g, g.unit("i"), g.unit("r")))
    assert not mod(g).is_mounted(g.unit("r"))
    t = throws(g)
    assert t[0] == ("Close Assault: Insurgents i", 8, 4)  # no Reaction Test: lost outright
    assert t[1] == ("Close Assault: Riders r", 8, 1)
    assert any("caught mounted" in e.text for e in kit.events(g, "assault"))


@pytest.mark.rule("FF-079")
def test_cavalry_suffer_no_close_combat_penalty_they_throw_their_own_die() -> None:
    g = melee(strict=False)
    play_out(close_assault.resolve(g, g.unit("r"), g.unit("i")))
    mine = [t for t in throws(g) if t[0] == "Close Assault: Riders r"]
    assert mine and mine[0][1] == 8  # d8, not the d6 they fire with mounted
    assert mod(g).is_mounted(g.unit("r"))


@pytest.mark.rule("FF-080")
def test_cavalry_roll_one_die_type_up_in_a_close_combat_reaction_test() -> None:
    g = melee(strict=False)
    play_out(close_assault.resolve(g, g.unit("r"), g.unit("i")))
    t = throws(g)
    assert t[0] == ("Close Combat Reaction Test: Riders r", 10, 1)
    assert t[1] == ("Close Combat Reaction Test: Insurgents i", 6, 1)


@pytest.mark.rule("FF-081")
def test_each_mounted_cavalry_figure_throws_a_bonus_die() -> None:
    g = melee()
    mods = close_assault.dice_for(g, g.unit("r"), g.unit("i"), True)
    assert ("4 mounted Cavalry figures", 4, "FF-081") in [(m.label, m.value, m.rule) for m in mods]
    assert sum(m.value for m in mods) == 8
    mod(g).dismount(g.unit("r"), "test")
    assert sum(m.value for m in close_assault.dice_for(g, g.unit("r"), g.unit("i"), True)) == 4


@pytest.mark.rule("FF-082")
def test_close_combat_casualties_on_mounted_units_follow_the_fire_rules() -> None:
    # Reaction: Riders 2 (d10), Insurgents 6: the Insurgents strike first: 4 dice, 4 successes;
    # the Riders throw 8 - 4 = 4 dice, none succeeds: they lose by 4... capped at 4 fighters.
    g = melee(script=[2, 6, 4, 4, 4, 4, 1, 1, 1, 1,
                      2, 5, 1,  # r-1: rider, keeps his seat, First Aid 1 (slight)
                      5, 5,  # r-2: mount, lands on his feet
                      6, 5,  # r-3: mount, lands on his feet
                      3, 6, 2], strict=False)  # r-4: rider, keeps his seat, First Aid 2 (slight)
    play_out(close_assault.resolve(g, g.unit("r"), g.unit("i")))
    assert len(kit.events(g, "mounted")) == 4


@pytest.mark.rule("FF-083")
def test_close_combat_is_the_close_assault_with_an_initial_reaction_test_when_mounted() -> None:
    """House rule FF-083: with no mounted unit the Close Assault is the core one (no
    Reaction Test); with one, the winner of the initial Reaction Test throws first and each
    of its successes takes a die from the other side's throw; ties go to the defender."""
    g = melee(attacker_mounted=False, script=[1, 1, 1, 1, 1, 1, 1, 1])
    kit.drive(g, close_assault.resolve(g, g.unit("r"), g.unit("i")))
    assert [t[0] for t in throws(g)] == ["Close Assault: Riders r", "Close Assault: Insurgents i"]
    # mounted: Reaction 3 (d10) against 3: a tie, the defender strikes first
    g = melee(script=[3, 3, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1], strict=False)
    play_out(close_assault.resolve(g, g.unit("r"), g.unit("i")))
    t = throws(g)
    assert t[2] == ("Close Assault: Insurgents i", 6, 4)
    assert t[3] == ("Close Assault: Riders r", 8, 6)  # 8 dice less 2 struck down
    assert kit.events(g, "roll")[3].data["modifiers"][-1][2] == "FF-083"


# -- casualty and Dependant penalties ---------------------------------------------------------------------


def activate(g: AlleyGame, plan: str) -> Any:
    proc = turn.activation(g, g.unit("r"))
    d = next(proc)
    while d.kind is not DecisionKind.PLAN:
        d = proc.send(d.validate(d.options[0]))
    return proc, proc.send(d.validate(plan)), d


@pytest.mark.rule("FF-084")
def test_mounted_troops_take_the_casualty_and_dependant_penalties() -> None:
    g = cav_vs_foot(kind="mounted_troops", script=[2])
    g.unit("r").had_casualties = True
    activate(g, "rapid:move-fire")
    assert rolls(g) == ["Quality Check: Riders r (to move faster than Cautious after casualties)"]
    assert g.unit("r").speed is Speed.CAUTIOUS


@pytest.mark.rule("FF-085")
def test_cavalry_ignore_the_casualty_penalty_but_not_the_dependant_penalties() -> None:
    g = cav_vs_foot()
    r = g.unit("r")
    r.had_casualties = True
    activate(g, "rapid:move-fire")
    assert rolls(g) == [] and r.speed is Speed.RAPID
    g = cav_vs_foot()
    r = g.unit("r")
    r.figures[0].dependant = True  # a wounded rider carried
    assert "DC-005" in rules_of(firepower(g, r, g.unit("i")))
    assert "rapid:move-fire" not in turn.plan_options(g, r)


@pytest.mark.rule("FF-086")
def test_the_casualty_penalty_is_the_quality_check_before_moving_faster_than_cautious() -> None:
    """House rule FF-086: the Casualty Penalty Cavalry ignore is AA-162's Quality Check
    (the hook the activation asks); Cavalry on foot ignore it too (it is the unit's)."""
    g = cav_vs_foot()
    r = g.unit("r")
    assert turn.casualty_penalty_waived(g, r)
    mod(g).dismount(r, "test")
    assert turn.casualty_penalty_waived(g, r)
    g = cav_vs_foot(kind="mounted_troops")
    assert not turn.casualty_penalty_waived(g, g.unit("r"))
    assert not turn.casualty_penalty_waived(kit.game([kit.marines("m", (5, 5))]), g.unit("r"))


# -- mounting and dismounting as actions -------------------------------------------------------------


def test_dismount_and_mount_are_plans_with_labels_then_the_unit_may_fire() -> None:
    g = cav_vs_foot(kind="mounted_troops", strict=False)
    r = g.unit("r")
    d = turn.plan_decision(g, r)
    assert "mounted/dismount" in d.options
    assert d.facts["module_plans"]["mounted/dismount"] == "Dismount (then may fire on foot, Halted)"
    proc = turn.activation(g, r)
    d = next(proc)
    d = proc.send(d.validate("mounted/dismount"))
    assert d.kind is DecisionKind.FIRE  # then its fire, on foot
    assert not mod(g).is_mounted(r) and r.speed is Speed.HALTED
    assert mod(g).status() == ["Riders r: Mounted Troops, on foot (4 mounts held)"]
    assert mod(g).unit_status(r) == ["Mounted Troops: on foot (4 mounts held)"]
    assert "mounted/mount" in turn.plan_options(g, r)
    assert mod(g).plan_label(r, "mounted/mount") == "Mount up (then may fire from the saddle, Halted)"
    r.pinned = True
    assert "mounted/mount" not in turn.plan_options(g, r)


def test_module_state_is_in_the_snapshot() -> None:
    g = cav_vs_foot()
    snap = g.snapshot()
    assert snap["modules"]["mounted"]["units"]["r"] == {"type": "cavalry", "mounted": True,
                                                        "mounts": ["r-1", "r-2", "r-3", "r-4"]}
    assert snap["confidence"]["r"][1]["mounted.state"] == "mounted"


def test_a_cavalry_charge_is_a_rapid_move_into_close_combat() -> None:
    g = game([riders("r", (5, 5)), kit.insurgents("i", (5, 16))], [{"unit": "r", "type": "cavalry"}],
             strict=False)
    r = g.unit("r")
    assert "mounted/charge/i" in turn.plan_options(g, r)
    proc = turn.activation(g, r)
    d = next(proc)
    d = proc.send(d.validate("mounted/charge/i"))
    try:
        while True:
            d = proc.send(d.validate(d.options[0]))
    except StopIteration:
        pass
    assert r.speed is Speed.RAPID and r.moved > 8 and r.fired
    assert kit.events(g, "assault")


# -- the computer players ------------------------------------------------------------------------------


def test_computer_dismounts_beside_cover_and_stays_mounted_in_the_open() -> None:
    g = cav_vs_foot(kind="mounted_troops", confidence="high")
    d = kit.asks(g, mod(g).before_fire(g.unit("i"), g.unit("r")))
    answer, why = advise(AlleyAI(), g, d)
    assert answer == "stay" and "open" in why
    g = cav_vs_foot(kind="mounted_troops", confidence="high", pieces=[kit.rubble("x", (4, 2, 6, 2))])
    d = kit.asks(g, mod(g).before_fire(g.unit("i"), g.unit("r")))
    answer, why = advise(AlleyAI(), g, d)
    assert answer == "dismount" and "cover" in why


def test_computer_dismounts_under_fire_beside_cover_and_mounts_out_of_sight() -> None:
    g = cav_vs_foot(kind="mounted_troops", pieces=[kit.rubble("x", (4, 2, 6, 2))],
                    contractors=[("c1", (20, 22))])  # their goal: far to the north-east
    r = g.unit("r")
    ai = AlleyAI()
    assert plan_advice(ai, g, turn.plan_decision(g, r)) == (
        "mounted/dismount", "under the enemy's eyes beside cover: it dismounts to fight from it")
    mod(g).dismount(r, "test")
    g.unit("i").on_table = False  # nobody sees them now
    assert plan_advice(ai, g, turn.plan_decision(g, r)) == (
        "mounted/mount", "out of sight with far to go: it mounts up")
    g.unit("i").on_table = True  # seen again: no mounting under the enemy's eyes
    assert plan_advice(ai, g, turn.plan_decision(g, r)) is None


def test_computer_cavalry_charge_only_with_good_odds() -> None:
    g = game([riders("r", (5, 5)), kit.insurgents("i", (5, 16), n=2)], [{"unit": "r", "type": "cavalry"}])
    ai = AlleyAI()
    got = plan_advice(ai, g, turn.plan_decision(g, g.unit("r")))
    assert got is not None and got[0] == "mounted/charge/i"
    g = game([riders("r", (5, 5), n=2), kit.insurgents("i", (3, 16), n=10)],
             [{"unit": "r", "type": "cavalry"}])
    got = plan_advice(ai, g, turn.plan_decision(g, g.unit("r")))
    assert got is None or not got[0].startswith("mounted/charge")


def test_a_computer_game_with_mounted_units_replays_to_the_same_state() -> None:
    """Both computer players through a whole game of mounted units on both sides (charges,
    dismounts, rider-or-mount casualties); replaying its decisions gives the same hash."""
    units = [riders("r", (4, 3)), riders("t", (12, 3)), kit.marines("m", (20, 3)),
             riders("e", (6, 18), side="insurgent", tq="d8"), kit.insurgents("i", (14, 18), n=6)]
    mounted = [{"unit": "r", "type": "cavalry"}, {"unit": "t", "type": "mounted_troops"},
               {"unit": "e", "type": "cavalry"}]
    pieces = [kit.building("b", (10, 9, 3, 3)), kit.rubble("x", (2, 12, 4, 2))]
    g = kit.game(units, pieces=pieces, seed=5, strict=False, modules=["mounted"],
                 mounted={"units": mounted}, contractors=[("c1", (12, 21))])
    ai = AlleyAI()
    while (d := g.pending()) is not None:
        g.answer(ai.choose(g, d))
    assert kit.events(g, "mounted")
    again = kit.game(units, pieces=pieces, seed=5, strict=False, modules=["mounted"],
                     mounted={"units": mounted}, contractors=[("c1", (12, 21))])
    for choice in g.decisions:
        again.answer(choice)
    assert again.over and again.state_hash() == g.state_hash()
