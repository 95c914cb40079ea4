"""Ambush! fire combat: modifiers and multiple targets (FC-023..033).

A BAR (automatic, short range 0-4, base 7, jam 02, Out of Ammo 39) reads the automatic
row of the Damage Table: panic 0-1, wound 2-5, incapacitated 6-7, killed 8-9.
"""

from __future__ import annotations

import pytest

from ambush_gui.ambush.charts import DamageResult
from ambush_gui.ambush.fire import (
    FireType,
    HitOdds,
    Target,
    Term,
    fire,
    fire_options,
    german_fire,
    hit_odds,
)
from ambush_gui.ambush.model import Stance, Status
from tests.ambush import kit

NO_JAM = kit.pct(50)
KEEP_CLIP = kit.pct(99)


def odds_of(b: kit.Bench, sid: str, wid: str, fire_type: FireType, target: str) -> HitOdds:
    odds = hit_odds(b, b.s(sid), wid, fire_type, Target(target))
    assert odds is not None
    return odds


# -- the Fire Combat Modifiers Chart ----------------------------------------------------------


@pytest.mark.rule("FC-023")
@pytest.mark.parametrize(("stance", "terrain", "shift"), [
    (Stance.STANDING, "clear", 0), (Stance.CROUCHING, "woods", -3),
    (Stance.PRONE, "stone-building", -5), (Stance.PRONE, "stream", -1),
])
def test_the_targets_stance_crossed_with_his_terrain(stance: Stance, terrain: str,
                                                     shift: int) -> None:
    b = kit.bench(kit.us("a", "0101"), kit.german("g", "A", "0103", stance=stance),
                  terrain={"0103": terrain})
    odds = odds_of(b, "a", "a-m1-garand", FireType.AIMED, "g")
    (mod,) = [m for m in odds.modifiers if m.rule == "FC-023"]
    assert mod.value == shift == kit.CHARTS.modifier(stance, terrain)
    assert stance.value in mod.label


@pytest.mark.rule("FC-024")
@pytest.mark.parametrize(("stance", "terrain"), [
    (Stance.STANDING, "clear"), (Stance.CROUCHING, "stone-building"), (Stance.CROUCHING, "woods"),
])
def test_the_firers_own_stance_and_terrain_never_count(stance: Stance, terrain: str) -> None:
    b = kit.bench(kit.us("a", "0101", stance=stance), kit.german("g", "A", "0103"),
                  terrain={"0101": terrain})
    assert odds_of(b, "a", "a-m1-garand", FireType.AIMED, "g").number == 7


@pytest.mark.rule("FC-025")
def test_snap_fire_wounded_firer_and_captured_weapon() -> None:
    """A wounded US soldier snap firing a captured MP 40: −2, −1, −1."""
    b = kit.bench(kit.us("a", "0101", weapons=["mp40"], wounded=True),
                  kit.german("g", "A", "0102"))
    odds = odds_of(b, "a", "a-mp40", FireType.SNAP, "g")
    shifts = {m.label: m.value for m in odds.modifiers if m.rule == "FC-025"}
    assert shifts == {"snap fire": -2, "wounded firer": -1, "captured weapon": -1}
    assert odds.number == 7 + 1 + 0 - 2 - 1 - 1


@pytest.mark.rule("FC-026")
def test_every_shift_and_the_ws_combine_into_one_number() -> None:
    b = kit.bench(kit.us("a", "0101", ws=2, wounded=True),
                  kit.german("g", "A", "0103", stance=Stance.CROUCHING),
                  terrain={"0103": "orchard"}, script=[*NO_JAM, kit.d(9), *KEEP_CLIP])
    odds = odds_of(b, "a", "a-m1-garand", FireType.SNAP, "g")
    assert [(m.value, m.rule) for m in odds.modifiers] == [
        (2, "FC-026"), (-2, "FC-023"), (-2, "FC-025"), (-1, "FC-025")]
    assert odds.number == odds.raw == 6 + 2 - 2 - 2 - 1
    kit.drive(fire(b, b.s("a")), [kit.snap("a-m1-garand", "g"), "hold"])
    roll = next(e for e in kit.events(b, "roll") if e.data["purpose"].startswith("Hit"))
    assert [m[2] for m in roll.data["modifiers"]] == ["FC-026", "FC-023", "FC-025", "FC-025"]


@pytest.mark.rule("FC-027")
def test_the_only_shifts_are_the_charts() -> None:
    """House rule FC-027 (docs/rules/ambush-charts.md): stance x terrain, snap, wounded,
    captured and multiple targets; nothing else."""
    b = kit.bench(kit.us("a", "0101", weapons=["stg44"], wounded=True),
                  kit.german("g", "A", "0102", stance=Stance.PRONE), kit.german("h", "B", "0102"),
                  terrain={"0102": "brush"})
    aimed = odds_of(b, "a", "a-stg44", FireType.AIMED, "g")
    snap = odds_of(b, "a", "a-stg44", FireType.SNAP, "g")
    c = kit.CHARTS
    assert [m.value for m in aimed.modifiers] == [
        1, c.modifier("prone", "brush"), c.wounded_firer, c.captured_weapon,
        c.multiple_target_shift("stg44", 2, True)]
    assert [m.value for m in snap.modifiers] == [
        1, c.modifier("prone", "brush"), c.snap_fire, c.wounded_firer, c.captured_weapon]


# -- multiple targets -------------------------------------------------------------------------


@pytest.mark.rule("FC-028")
def test_a_hex_with_two_or_more_enemy_soldiers_is_a_multiple_target() -> None:
    """A friend, or an inactive enemy, does not make a multiple target; a second German does."""
    one = kit.bench(kit.us("a", "0101", weapons=["bar"]), kit.german("g", "A", "0103"),
                    kit.german("dead", "B", "0103", status=Status.DEAD))
    two = kit.bench(kit.us("a", "0101", weapons=["bar"]), kit.german("g", "A", "0103"),
                    kit.german("h", "B", "0103"))
    assert [m.rule for m in odds_of(one, "a", "a-bar", FireType.AIMED, "g").modifiers] == [
        "FC-026", "FC-023"]
    (mod,) = [m for m in odds_of(two, "a", "a-bar", FireType.AIMED, "g").modifiers
              if m.rule == "FC-031"]
    assert mod.label.startswith("2 targets")


@pytest.mark.rule("FC-029")
def test_the_us_player_picks_any_german_he_can_see_in_the_hex() -> None:
    b = kit.bench(kit.us("a", "0101"), kit.german("g", "A", "0103"),
                  kit.german("h", "B", "0103", stance=Stance.PRONE))
    targets = {o.target.soldier for o in fire_options(b, b.s("a"))}
    assert targets == {"g", "h"}


@pytest.mark.rule("FC-030")
def test_a_german_shoots_the_most_exposed_soldier_of_the_stack() -> None:
    b = kit.bench(kit.us("p", "0104", stance=Stance.PRONE), kit.us("c", "0104",
                  stance=Stance.CROUCHING), kit.german("g", "A", "0101"),
                  script=[*NO_JAM, kit.d(9)])
    out = german_fire(b, b.s("g"), Term.EASIEST)
    assert out.fire is not None and out.fire.shots[0].target.soldier == "c"
    assert kit.events(b, "tie") == []


@pytest.mark.rule("FC-030")
def test_ties_for_most_exposed_are_broken_by_a_logged_roll() -> None:
    b = kit.bench(kit.us("s", "0104"), kit.us("t", "0104"), kit.german("g", "A", "0101"),
                  script=[2, *NO_JAM, kit.d(9)])
    out = german_fire(b, b.s("g"), Term.CLOSEST)
    assert out.fire is not None and out.fire.shots[0].target.soldier == "t"
    (tie,) = kit.events(b, "tie")
    assert tie.data["options"] == ["Pvt S", "Pvt T"] and tie.data["face"] == 2


@pytest.mark.rule("FC-031")
@pytest.mark.parametrize(("weapon", "fire_type", "shift"), [
    ("bar", FireType.AIMED, 2), ("bar", FireType.SNAP, 0), ("m1-garand", FireType.AIMED, 0),
])
def test_aimed_automatic_fire_gains_one_per_target_beyond_the_first(
    weapon: str, fire_type: FireType, shift: int,
) -> None:
    b = kit.bench(kit.us("a", "0101", weapons=[weapon], ws=0),
                  kit.german("g", "A", "0103", stance=Stance.PRONE),
                  kit.german("h", "B", "0103", stance=Stance.PRONE),
                  kit.german("i", "C", "0103", stance=Stance.PRONE))
    odds = odds_of(b, "a", f"a-{weapon}", fire_type, "g")
    got = sum(m.value for m in odds.modifiers if m.rule == "FC-031")
    assert got == shift


@pytest.mark.rule("FC-032")
def test_a_burst_carries_on_while_each_damage_roll_is_lower() -> None:
    """Damage 7 on the declared target; then 4 < 7 hits the crouching man (a wound); then
    6 is not lower than 4: the burst stops before the prone man."""
    b = kit.bench(kit.us("a", "0101", weapons=["bar"]), kit.german("g", "A", "0103"),
                  kit.german("c", "B", "0103", stance=Stance.CROUCHING),
                  kit.german("p", "C", "0103", stance=Stance.PRONE),
                  script=[*NO_JAM, kit.d(1), kit.d(7), kit.d(4), kit.d(6), *KEEP_CLIP])
    result = kit.drive(fire(b, b.s("a")), [kit.aimed("a-bar", "g")])
    struck = [(s.soldier, s.die, s.result) for s in result.shots[0].struck]
    assert struck == [("g", 7, DamageResult.INCAPACITATED), ("c", 4, DamageResult.WOUND)]
    assert b.s("c").wounded and b.s("p").status is Status.ACTIVE and not b.s("p").wounded
    assert [e.data["rule"] for e in kit.events(b, "carry_on")] == ["FC-032", "FC-032"]


@pytest.mark.rule("FC-033")
def test_the_burst_compares_with_the_declared_targets_roll_and_ties_are_random() -> None:
    """House rule FC-033: each new roll is that man's damage, the first compared with the
    declared target's; equally exposed men are picked by a logged roll."""
    b = kit.bench(kit.us("a", "0101", weapons=["bar"]), kit.german("g", "A", "0103"),
                  kit.german("c", "B", "0103", stance=Stance.CROUCHING),
                  kit.german("d", "C", "0103", stance=Stance.CROUCHING),
                  script=[*NO_JAM, kit.d(1), kit.d(9), kit.d(8), 2, kit.d(1), *KEEP_CLIP])
    result = kit.drive(fire(b, b.s("a")), [kit.aimed("a-bar", "g")])
    struck = [(s.soldier, s.die, s.result) for s in result.shots[0].struck]
    assert struck == [("g", 9, DamageResult.KILLED), ("d", 8, DamageResult.KILLED),
                      ("c", 1, DamageResult.PANIC)]
    (tie,) = kit.events(b, "tie")  # the last man needs no roll
    assert tie.data["options"] == ["German C (B)", "German D (C)"] and b.dice.scripted == 0


@pytest.mark.rule("FC-033")
def test_snap_fire_never_carries_on() -> None:
    b = kit.bench(kit.us("a", "0101", weapons=["bar"]), kit.german("g", "A", "0103"),
                  kit.german("h", "B", "0103"),
                  script=[*NO_JAM, kit.d(1), kit.d(9), *KEEP_CLIP])
    result = kit.drive(fire(b, b.s("a")), [kit.snap("a-bar", "g"), "hold"])
    assert [s.soldier for s in result.shots[0].struck] == ["g"]
    assert kit.events(b, "carry_on") == []
