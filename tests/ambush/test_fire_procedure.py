"""Ambush! fire combat: who may fire and the seven steps (FC-001..022, AR-024).

Dice are scripted and strict. An M1 Garand (jam 00, Out of Ammo 24) fired aimed by a WS 1
rifleman at a man standing in the open at short range hits on 7 or less; a Kar 98k the same.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Sequence
from typing import Any

import pytest

from ambush_gui.ambush.charts import CHARTS_PATH, ARSpace, Charts, DamageResult
from ambush_gui.ambush.fire import (
    Declaration,
    FireType,
    Target,
    Term,
    apply_damage,
    fire,
    fire_options,
    german_fire,
    hit_odds,
    shoot,
    why_not,
)
from ambush_gui.ambush.model import Side, Stance, Status
from ambush_gui.core.decisions import DecisionKind, IllegalDecision
from ambush_gui.core.hexgrid import rules_range
from tests.ambush import kit

NO_JAM = kit.pct(50)
KEEP_CLIP = kit.pct(99)
GARAND = "a-m1-garand"


def options(b: kit.Bench, sid: str, **kw: Any) -> list[dict[str, str]]:
    return [o.to_json() for o in fire_options(b, b.s(sid), **kw)]


def rifleman_and_german(script: Sequence[int] = (), **kw: Any) -> kit.Bench:
    """Pvt A in 0101 with three Garand clips; German G (letter A) three hexes away in 0104."""
    return kit.bench(kit.us("a", "0101", **kw), kit.german("g", "A", "0104"), script=script)


# -- who may fire -----------------------------------------------------------------------------


@pytest.mark.rule("FC-001")
@pytest.mark.parametrize("stance", [Stance.STANDING, Stance.CROUCHING])
def test_a_standing_or_crouching_soldier_with_a_clip_fires_at_whom_he_sees(stance: Stance) -> None:
    b = rifleman_and_german(stance=stance)
    assert options(b, "a") == [kit.aimed(GARAND, "g"), kit.snap(GARAND, "g")]


@pytest.mark.rule("FC-001")
def test_no_clip_no_fire() -> None:
    b = rifleman_and_german(clips=0)
    assert options(b, "a") == []
    reason = why_not(b, b.s("a"), GARAND, FireType.AIMED, Target(soldier="g"))
    assert reason is not None and "no clip" in reason and "FC-001" in reason


@pytest.mark.rule("FC-001")
def test_no_fire_at_a_german_he_cannot_see() -> None:
    b = kit.bench(kit.us("a", "0101"), kit.german("g", "A", "0104"), terrain={"0102": "woods"})
    assert options(b, "a") == []
    reason = why_not(b, b.s("a"), GARAND, FireType.AIMED, Target(soldier="g"))
    assert reason is not None and "cannot see" in reason


@pytest.mark.rule("FC-002")
def test_a_prone_soldier_cannot_fire() -> None:
    b = rifleman_and_german(stance=Stance.PRONE)
    assert options(b, "a") == []
    reason = why_not(b, b.s("a"), GARAND, FireType.AIMED, Target(soldier="g"))
    assert reason is not None and "FC-002" in reason
    with pytest.raises(ValueError, match="FC-002"):
        shoot(b, b.s("a"), Declaration(GARAND, FireType.AIMED, Target(soldier="g")))


@pytest.mark.rule("FC-003")
def test_crew_weapons_and_bazookas_fire_only_when_prepared() -> None:
    b = kit.bench(
        kit.us("a", "0101", weapons=["bazooka"], ammo=["bazooka"] * 2),
        kit.us("m", "0102", stance=Stance.CROUCHING, weapons=[], ammo=["m1919"] * 2),
        kit.us("n", "0102", weapons=[]),
        kit.german("g", "A", "0104"),
        crew=[kit.crew("mg", "m1919", "m", "n")],
    )
    assert options(b, "a") == [] and options(b, "m") == []
    assert "FC-003" in (why_not(b, b.s("a"), "a-bazooka", FireType.AIMED, Target("g")) or "")
    assert "FC-003" in (why_not(b, b.s("m"), "mg", FireType.SNAP, Target("g")) or "")
    b.w("a-bazooka").prepared = True
    b.w("mg").prepared, b.w("mg").at = True, kit.h("0102")
    assert options(b, "a") == [{"weapon": "a-bazooka", "fire": "aimed", "target": "g"}]
    assert options(b, "m") == [kit.snap("mg", "g")]


@pytest.mark.rule("FC-004")
def test_results_apply_at_once_so_the_next_fire_sees_them() -> None:
    """Pvt A kills the German; Pvt B, firing next, has nobody left to fire at."""
    b = kit.bench(kit.us("a", "0101"), kit.us("c", "0201"), kit.german("g", "A", "0104"),
                  script=[*NO_JAM, kit.d(3), kit.d(9), *KEEP_CLIP])
    kit.drive(fire(b, b.s("a")), [kit.aimed(GARAND, "g")])
    assert b.s("g").status is Status.DEAD
    assert options(b, "c") == []


@pytest.mark.rule("FC-004")
def test_germans_fire_in_the_order_of_their_letters() -> None:
    b = kit.bench(kit.german("x", "C", "0101"), kit.german("y", "A", "0102"),
                  kit.german("z", "B", "0103"))
    assert [s.letter for s in b.state.side(Side.GERMAN)] == ["A", "B", "C"]


@pytest.mark.rule("FC-005")
def test_ranges_chances_jams_and_clips_all_come_from_the_weapon_chart() -> None:
    """Owners may enter the published numbers (docs/rules/ambush-charts.md): change the
    Garand's line and the procedure follows it."""
    data = copy.deepcopy(tomllib.loads(CHARTS_PATH.read_text()))
    data["weapons"]["m1-garand"].update(
        range={"short": 1, "medium": 2, "long": 3}, hit={"short": 3, "medium": 2, "long": 1},
        jam=60, out_of_ammo=80,
    )
    charts = Charts.from_data(data, "owner.toml")
    b = kit.bench(kit.us("a", "0101"), kit.german("g", "A", "0103"), charts=charts,
                  script=[*kit.pct(61), kit.d(9), *kit.pct(80), *kit.pct(60)])
    odds = hit_odds(b, b.s("a"), GARAND, FireType.AIMED, Target("g"))
    assert odds is not None and (odds.band.value, odds.base, odds.number) == ("medium", 2, 3)
    kit.drive(fire(b, b.s("a")), [kit.aimed(GARAND, "g")])
    assert b.s("a").clips("m1-garand") == 2  # 80 spends a clip
    result = kit.drive(fire(b, b.s("a")), [kit.aimed(GARAND, "g")])
    assert result.jammed  # 60 jams
    b.w(GARAND).jammed = False
    assert fire_options(b, b.s("a"))
    b.s("g").hex = kit.h("0105")
    assert fire_options(b, b.s("a")) == []  # 4 hexes: beyond the new long range


@pytest.mark.rule("FC-006")
def test_no_fire_into_a_hex_holding_an_active_friend() -> None:
    b = kit.bench(kit.us("a", "0101"), kit.us("f", "0104"), kit.german("g", "A", "0104"))
    assert options(b, "a") == []
    assert "FC-006" in (why_not(b, b.s("a"), GARAND, FireType.AIMED, Target("g")) or "")
    # the German in the same hex is under the same ban
    assert [o for o in options(b, "f") if o["fire"] == "aimed"] == [
        {"weapon": "f-m1-garand", "fire": "aimed", "target": "g"}]


@pytest.mark.rule("FC-006")
def test_the_firer_in_that_hex_may_fire_in_it() -> None:
    b = kit.bench(kit.us("a", "0104"), kit.us("f", "0104"), kit.german("g", "A", "0104"))
    assert kit.aimed(GARAND, "g") in options(b, "a")


@pytest.mark.rule("FC-007")
@pytest.mark.parametrize("status", [Status.INCAPACITATED, Status.DEAD, Status.CAPTURED])
def test_a_hex_with_only_inactive_friends_may_be_fired_into(status: Status) -> None:
    b = kit.bench(kit.us("a", "0101"), kit.us("f", "0104", status=status),
                  kit.german("g", "A", "0104"))
    assert kit.aimed(GARAND, "g") in options(b, "a")


@pytest.mark.rule("FC-008")
def test_the_german_guarding_a_prisoner_is_never_a_target() -> None:
    b = kit.bench(kit.us("a", "0101"), kit.us("p", "0104", status=Status.CAPTURED),
                  kit.german("guard", "A", "0104", guarding="p"), kit.german("g", "B", "0104"))
    assert [o["target"] for o in options(b, "a")] == ["g", "g"]
    assert "FC-008" in (why_not(b, b.s("a"), GARAND, FireType.AIMED, Target("guard")) or "")


@pytest.mark.rule("FC-009")
def test_the_guard_ban_covers_him_only_even_when_a_burst_carries_on() -> None:
    """House rule FC-009: his hex may be fired into; a burst never carries on to him."""
    b = kit.bench(
        kit.us("a", "0101", weapons=["bar"]), kit.us("p", "0104", status=Status.CAPTURED),
        kit.german("guard", "A", "0104", guarding="p"), kit.german("g", "B", "0104"),
        # jam, hit, damage 5 (wound): no carry-on roll, since only the guard is left
        script=[*NO_JAM, kit.d(2), kit.d(5), *KEEP_CLIP],
    )
    result = kit.drive(fire(b, b.s("a")), [kit.aimed("a-bar", "g")])
    assert [s.soldier for s in result.shots[0].struck] == ["g"]
    assert b.s("guard").status is Status.ACTIVE and not b.s("guard").wounded


# -- step 1: the declaration ------------------------------------------------------------------


@pytest.mark.rule("FC-010")
def test_the_player_declares_weapon_fire_type_and_target() -> None:
    b = kit.bench(kit.us("a", "0101", weapons=["m1-garand", "m1911"],
                         ammo=["m1-garand", "m1911"]),
                  kit.german("g", "A", "0103"), kit.german("h", "B", "0103", stance=Stance.PRONE))
    decision = kit.asks(fire(b, b.s("a")))
    assert decision.kind is DecisionKind.AMBUSH_TARGET and decision.side == "us"
    assert decision.options == (
        kit.aimed(GARAND, "g"), kit.aimed(GARAND, "h"), kit.snap(GARAND, "g"),
        kit.snap(GARAND, "h"), kit.aimed("a-m1911", "g"), kit.aimed("a-m1911", "h"),
        kit.snap("a-m1911", "g"), kit.snap("a-m1911", "h"),
    )
    odds = {(o["weapon"], o["fire"], o["target"]): o["number"] for o in decision.facts["odds"]}
    assert odds[(GARAND, "aimed", "g")] == 7 and odds[(GARAND, "aimed", "h")] == 5
    with pytest.raises(IllegalDecision):
        decision.validate({"weapon": GARAND, "fire": "aimed", "target": "a"})


# -- step 2: jam or dud -----------------------------------------------------------------------


@pytest.mark.rule("FC-011")
def test_a_roll_at_or_under_the_jam_number_jams_and_ends_the_fire() -> None:
    """Thompson: Jam 02. 02 jams and nothing else is rolled; 03 does not jam."""
    b = kit.bench(kit.us("a", "0101", weapons=["thompson"]), kit.german("g", "A", "0102"),
                  script=kit.pct(2))
    result = kit.drive(fire(b, b.s("a")), [kit.aimed("a-thompson", "g")])
    assert result.jammed and b.w("a-thompson").jammed
    assert b.dice.scripted == 0 and b.s("g").status is Status.ACTIVE
    assert "FC-011" in kit.texts(b, "jam")[0]
    b = kit.bench(kit.us("a", "0101", weapons=["thompson"]), kit.german("g", "A", "0102"),
                  script=[*kit.pct(3), kit.d(9), *KEEP_CLIP])
    result = kit.drive(fire(b, b.s("a")), [kit.aimed("a-thompson", "g")])
    assert not result.jammed and result.shots[0].die == 9


@pytest.mark.rule("FC-012")
def test_two_snap_shots_roll_for_jams_twice() -> None:
    b = kit.bench(kit.us("a", "0101", weapons=["thompson"]), kit.german("g", "A", "0102"),
                  script=[*NO_JAM, kit.d(9), *KEEP_CLIP, *kit.pct(1)])
    result = kit.drive(fire(b, b.s("a")), [kit.snap("a-thompson", "g"), {"target": "g"}])
    assert len(result.shots) == 2 and [s.jammed for s in result.shots] == [False, True]
    assert len(kit.events(b, "jam")) == 2


@pytest.mark.rule("FC-012")
def test_a_jam_on_the_first_snap_shot_ends_the_fire() -> None:
    b = kit.bench(kit.us("a", "0101", weapons=["thompson"]), kit.german("g", "A", "0102"),
                  script=kit.pct(0))
    result = kit.drive(fire(b, b.s("a")), [kit.snap("a-thompson", "g")])  # no second decision
    assert len(result.shots) == 1 and result.jammed


# -- step 3: range ----------------------------------------------------------------------------


@pytest.mark.rule("FC-013")
@pytest.mark.parametrize(("at", "band", "base"), [
    ("0101", "short", 6), ("0102", "short", 6), ("0106", "short", 6), ("0107", "medium", 4),
])
def test_range_bands_are_read_from_the_weapon_chart(at: str, band: str, base: int) -> None:
    """Same and adjacent hex need no count; otherwise the count gives the band."""
    b = kit.bench(kit.us("a", "0101"), kit.german("g", "A", at))
    odds = hit_odds(b, b.s("a"), GARAND, FireType.AIMED, Target("g"))
    assert odds is not None and (odds.band.value, odds.base) == (band, base)


@pytest.mark.rule("FC-014")
def test_range_is_the_shortest_count_of_hexes() -> None:
    b = kit.bench(kit.us("a", "0101"), kit.german("g", "A", "0304"),
                  script=[*NO_JAM, kit.d(9), *KEEP_CLIP])
    kit.drive(fire(b, b.s("a")), [kit.aimed(GARAND, "g")])
    (miss,) = kit.events(b, "miss")
    assert miss.data["range"] == rules_range(kit.h("0101"), kit.h("0304")) == 4


@pytest.mark.rule("FC-015")
def test_nothing_beyond_long_range() -> None:
    """House rule FC-015: the M1911 reaches 3 hexes; a German 4 away cannot be fired at."""
    b = kit.bench(kit.us("a", "0101", weapons=["m1911"]), kit.german("g", "A", "0105"))
    assert options(b, "a") == []
    assert "FC-015" in (why_not(b, b.s("a"), "a-m1911", FireType.AIMED, Target("g")) or "")


# -- step 4: the hit number -------------------------------------------------------------------


@pytest.mark.rule("FC-016")
def test_the_hit_number_is_kept_within_0_and_8() -> None:
    b = kit.bench(kit.us("a", "0101", weapons=["thompson"], ws=3), kit.german("g", "A", "0102"))
    high = hit_odds(b, b.s("a"), "a-thompson", FireType.AIMED, Target("g"))
    assert high is not None and (high.raw, high.number) == (10, 8)
    b = kit.bench(kit.us("a", "0101", ws=0), kit.german("g", "A", "0113", stance=Stance.PRONE),
                  terrain={"0113": "stone-building"}, height=13)
    low = hit_odds(b, b.s("a"), GARAND, FireType.SNAP, Target("g"))
    assert low is not None and low.band.value == "long"
    assert (low.raw, low.number) == (2 + 0 - 5 - 2, 0)
    assert "kept within 0-8" in low.text()


@pytest.mark.rule("FC-017")
def test_the_firers_ws_adds_and_penalties_subtract() -> None:
    """House rule FC-017: base + WS + signed shifts; a higher WS helps, a wound hurts."""
    def number(**kw: Any) -> int:
        b = kit.bench(kit.us("a", "0101", **kw), kit.german("g", "A", "0104", stance=Stance.PRONE))
        odds = hit_odds(b, b.s("a"), GARAND, FireType.AIMED, Target("g"))
        assert odds is not None
        return odds.number

    assert number(ws=0) == 6 - 2 and number(ws=2) == 6 + 2 - 2
    assert number(ws=2, wounded=True) == 6 + 2 - 2 - 1


# -- step 5: the hit roll ---------------------------------------------------------------------


@pytest.mark.rule("FC-018")
@pytest.mark.parametrize(("ws", "stance", "die", "hit"), [
    (1, Stance.STANDING, 7, True),  # number 7: at or under hits
    (1, Stance.STANDING, 8, False),
    (-9, Stance.PRONE, 0, True),  # number 0: a 0 always hits
    (3, Stance.STANDING, 9, False),  # number 8: a 9 always misses
])
def test_one_die_at_or_under_the_number_hits(ws: int, stance: Stance, die: int, hit: bool) -> None:
    b = kit.bench(kit.us("a", "0101", ws=ws), kit.german("g", "A", "0104", stance=stance),
                  script=[*NO_JAM, kit.d(die), *([kit.d(0)] if hit else []), *KEEP_CLIP])
    result = kit.drive(fire(b, b.s("a")), [kit.aimed(GARAND, "g")])
    assert result.shots[0].hit is hit
    assert kit.events(b, "hit" if hit else "miss")[0].data["rule"] == "FC-018"


# -- step 6: damage ---------------------------------------------------------------------------


@pytest.mark.rule("FC-019")
def test_a_hit_rolls_on_the_weapons_damage_table_row() -> None:
    """A Thompson hit reads the smg row: 3 is a wound."""
    b = kit.bench(kit.us("a", "0101", weapons=["thompson"]), kit.german("g", "A", "0102"),
                  script=[*NO_JAM, kit.d(1), kit.d(3), *KEEP_CLIP])
    result = kit.drive(fire(b, b.s("a")), [kit.aimed("a-thompson", "g")])
    (struck,) = result.shots[0].struck
    assert (struck.row, struck.die, struck.result) == ("smg", 3, DamageResult.WOUND)
    assert b.s("g").wounded


@pytest.mark.rule("FC-020")
@pytest.mark.parametrize(("result", "wounded_before", "status", "marker", "wounded", "panicked"), [
    (DamageResult.NONE, False, Status.ACTIVE, ARSpace.ONE_TURN_ADVANTAGE, False, False),
    (DamageResult.PANIC, False, Status.ACTIVE, ARSpace.PANIC, False, True),
    (DamageResult.WOUND, False, Status.ACTIVE, ARSpace.COMPLETE, True, False),
    (DamageResult.WOUND, True, Status.INCAPACITATED, ARSpace.INACTIVE, True, False),
    (DamageResult.INCAPACITATED, False, Status.INCAPACITATED, ARSpace.INACTIVE, False, False),
    (DamageResult.KILLED, False, Status.DEAD, ARSpace.INACTIVE, False, False),
])
def test_what_each_damage_result_does_to_a_soldier(
    result: DamageResult, wounded_before: bool, status: Status, marker: ARSpace, wounded: bool,
    panicked: bool,
) -> None:
    """House rule FC-020 (with AR-052, AR-053): a second wound incapacitates."""
    b = kit.bench(kit.us("a", "0101", wounded=wounded_before, turns=1,
                         marker=ARSpace.ONE_TURN_ADVANTAGE))
    apply_damage(b, b.s("a"), result, "test")
    a = b.s("a")
    assert (a.status, a.marker, a.wounded, a.panicked) == (status, marker, wounded, panicked)
    assert a.turns == (1 if result is DamageResult.NONE else 0)


# -- step 7: ammunition -----------------------------------------------------------------------


@pytest.mark.rule("FC-021")
@pytest.mark.parametrize(("roll", "left"), [(24, 2), (25, 3), (0, 2)])
def test_at_or_under_out_of_ammo_spends_a_clip(roll: int, left: int) -> None:
    b = rifleman_and_german([*NO_JAM, kit.d(9), *kit.pct(roll)])
    result = kit.drive(fire(b, b.s("a")), [kit.aimed(GARAND, "g")])
    assert b.s("a").clips("m1-garand") == left
    assert result.shots[0].clip_spent is (left == 2)


def test_the_spent_clip_is_said_with_the_article_its_name_is_said_with() -> None:
    """Issue 29: "a M1 Garand rifle clip ... is spent" (M is said "em")."""
    b = rifleman_and_german([*NO_JAM, kit.d(9), *kit.pct(24)])
    kit.drive(fire(b, b.s("a")), [kit.aimed(GARAND, "g")])
    (spent,) = kit.events(b, "ammo")
    assert ": an M1 Garand rifle clip of " in spent.text


@pytest.mark.rule("FC-021")
def test_two_snap_shots_roll_for_ammunition_twice() -> None:
    b = rifleman_and_german([*NO_JAM, kit.d(9), *kit.pct(10), *NO_JAM, kit.d(9), *kit.pct(10)])
    kit.drive(fire(b, b.s("a")), [kit.snap(GARAND, "g"), {"target": "g"}])
    assert b.s("a").clips("m1-garand") == 1
    assert len(kit.events(b, "ammo")) == 2


@pytest.mark.rule("FC-022")
def test_no_ammunition_roll_after_a_jam_but_one_after_a_miss() -> None:
    """House rule FC-022: a jam ends the fire before step 7; a miss still uses ammunition."""
    b = rifleman_and_german(kit.pct(0))  # the Garand jams on 00
    kit.drive(fire(b, b.s("a")), [kit.aimed(GARAND, "g")])
    assert kit.events(b, "ammo") == [] and b.dice.scripted == 0
    b = rifleman_and_german([*NO_JAM, kit.d(9), *kit.pct(3)])
    kit.drive(fire(b, b.s("a")), [kit.aimed(GARAND, "g")])
    assert b.s("a").clips("m1-garand") == 2


# -- awareness --------------------------------------------------------------------------------


@pytest.mark.rule("AR-024")
def test_an_attempted_attack_wakes_every_us_soldier_in_the_hex() -> None:
    """The Kar 98k jams (00), but the unaware soldier in the target hex becomes aware.
    (Two standing men in 0104: a logged roll of 1 picks Pvt A, FC-030.)"""
    b = kit.bench(kit.us("a", "0104"), kit.us("u", "0104", aware=False),
                  kit.us("v", "0105", aware=False), kit.german("g", "A", "0101"),
                  script=[1, *kit.pct(0)])
    out = german_fire(b, b.s("g"), Term.CLOSEST)
    assert out.fire is not None and out.fire.jammed
    assert b.s("u").aware and not b.s("v").aware
    assert "AR-024" in kit.texts(b, "aware")[0]
