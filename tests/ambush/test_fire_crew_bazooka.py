"""Ambush! fire combat: crew weapons and bazookas (FC-052..070).

The M1919 light machinegun (3 Port Boxes, automatic, short range 0-6 at base 7, jam 02,
Out of Ammo 14); the M1 bazooka (aimed only, short range 0-3 at base 6, jam 04, rounds
crossed off as used).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from ambush_gui.ambush.charts import CrewClass, DamageResult, WeaponKind
from ambush_gui.ambush.fire import (
    FireType,
    IllegalFire,
    Target,
    Term,
    fire,
    fire_options,
    german_fire,
    hit_odds,
    load_bazooka,
    new_round,
    piece_moved,
    prepare_crew_weapon,
    prepare_crew_weapons_in_operations,
    rounds_left,
    why_not,
)
from ambush_gui.ambush.game import AmbushGame
from ambush_gui.ambush.mission import Mission
from ambush_gui.ambush.model import AmbushState, Mode, Soldier, Stance, Status, WeaponState
from tests.ambush import kit, mission_kit

NO_JAM = kit.pct(50)
KEEP_CLIP = kit.pct(99)
MISS = [*NO_JAM, kit.d(9), *KEEP_CLIP]  # a machinegun shot that misses, no clip spent
C = Stance.CROUCHING


def mg_team(*extra: Soldier, script: Sequence[int] = (), stance: Stance = C,
            prepared: bool = True, mode: Mode = Mode.ROUNDS) -> kit.Bench:
    """Pvt M (WS 0, two belts) and Pvt N (WS 3) with an M1919 in 0101; German G in 0104."""
    return kit.bench(
        kit.us("m", "0101", weapons=[], ammo=["m1919"] * 2, ws=0, stance=stance),
        kit.us("n", "0101", weapons=[], ws=3, stance=stance),
        kit.german("g", "A", "0104"), *extra,
        crew=[kit.crew("mg", "m1919", "m", "n", prepared_at="0101" if prepared else None)],
        script=script, mode=mode,
    )


def options(b: kit.Bench, sid: str, **kw: Any) -> list[dict[str, str]]:
    return [o.to_json() for o in fire_options(b, b.s(sid), **kw)]


# -- crew weapons -----------------------------------------------------------------------------


@pytest.mark.rule("FC-052")
def test_machineguns_are_crew_weapons_whose_marker_shows_prepared() -> None:
    crew = {k for k, w in kit.CHARTS.weapons().items() if w.kind is WeaponKind.CREW}
    assert crew == {"m1919", "m1917", "m2-hmg", "mg42", "mg34"}
    assert {kit.CHARTS.weapon(k).crew for k in crew} == set(CrewClass)
    b = mg_team(prepared=False)
    assert not b.w("mg").prepared
    prepare_crew_weapon(b, "mg", b.s("m"))
    assert b.w("mg").prepared and b.w("mg").at == kit.h("0101")
    assert "FC-052" in kit.texts(b, "crew")[0]


@pytest.mark.rule("FC-053")
@pytest.mark.parametrize("carriers", [{"m": 3}, {"m": 1, "n": 1, "o": 1}])
def test_a_crew_weapon_is_carried_by_exactly_two_soldiers(carriers: dict[str, int]) -> None:
    soldiers = [kit.us(s, "0101", weapons=[]) for s in "mno"]
    with pytest.raises(ValueError, match="FC-053"):
        AmbushState.build(kit.hexmap(), soldiers, [WeaponState("mg", "m1919", carriers=carriers)],
                          kit.CHARTS)


@pytest.mark.rule("FC-054")
@pytest.mark.parametrize(("weapon", "boxes", "ok"), [
    ("m1919", (2, 1), True), ("m1917", (2, 1), True), ("m2-hmg", (2, 2), True),
    ("m2-hmg", (2, 1), False), ("m1919", (2, 2), False),
])
def test_light_and_medium_fill_three_port_boxes_heavy_four(
    weapon: str, boxes: tuple[int, int], ok: bool,
) -> None:
    soldiers = [kit.us(s, "0101", weapons=[]) for s in "mn"]
    mg = WeaponState("mg", weapon, carriers={"m": boxes[0], "n": boxes[1]})
    if ok:
        AmbushState.build(kit.hexmap(), soldiers, [mg], kit.CHARTS)
    else:
        with pytest.raises(ValueError, match="FC-054"):
            AmbushState.build(kit.hexmap(), soldiers, [mg], kit.CHARTS)


@pytest.mark.rule("FC-055")
def test_the_carriers_must_share_a_hex_to_prepare_it() -> None:
    b = mg_team(prepared=False)
    b.s("n").hex = kit.h("0102")
    with pytest.raises(IllegalFire, match="FC-055"):
        prepare_crew_weapon(b, "mg", b.s("m"))
    assert options(b, "m") == []  # apart, it is nowhere to be fired
    b.s("n").hex = kit.h("0101")
    prepare_crew_weapon(b, "mg", b.s("m"))


@pytest.mark.rule("FC-056")
def test_preparing_is_automatic_in_operations_and_an_action_in_rounds() -> None:
    """Operations through the real turn (the carriers enter one hex; the turn ends with the
    gun set up, nobody's action); Rounds by a soldier's action only."""
    data = mission_kit.small()
    able = data["squad"][0]
    data["squad"] = [dict(able, id="m", name="Pvt M", weapons=["m1919"], ammo=["m1919"] * 2,
                          port_boxes=2),
                     dict(able, id="n", name="Pvt N", weapons=["m1919"], ammo=[], port_boxes=1)]
    game = AmbushGame(Mission.from_data(data), 0)
    (mg,) = game.state.crew_weapons.values()
    for sid in ("m", "n"):
        game.answer({"soldier": sid, "to": "0101"})
    assert not mg.prepared and game.state.mode is Mode.OPERATIONS
    game.answer("end")
    assert mg.prepared and [e.data["by"] for e in game.log.events if e.kind == "crew"] == [None]
    assert prepare_crew_weapons_in_operations(game) == []  # nothing left to set up
    rounds = mg_team(prepared=False)
    with pytest.raises(IllegalFire, match="FC-056"):
        prepare_crew_weapon(rounds, "mg")
    prepare_crew_weapon(rounds, "mg", rounds.s("n"))
    assert rounds.w("mg").prepared


@pytest.mark.rule("FC-057")
def test_moving_a_piece_unprepares_it() -> None:
    b = mg_team()
    b.s("n").hex = kit.h("0102")
    piece_moved(b, b.s("n"))
    assert not b.w("mg").prepared and b.w("mg").at is None
    assert "FC-057" in kit.texts(b, "crew")[0]
    # the weapon by its name, not its id (issue 29: "moves a piece of the m1919")
    assert f"a piece of the {b.charts.weapon(b.w('mg').weapon).name}:" in kit.texts(b, "crew")[0]


@pytest.mark.rule("FC-058")
def test_the_firer_of_a_crew_weapon_must_be_crouching() -> None:
    b = mg_team(stance=Stance.STANDING)
    assert options(b, "m") == []
    assert "FC-058" in (why_not(b, b.s("m"), "mg", FireType.SNAP, Target("g")) or "")


@pytest.mark.rule("FC-059")
def test_a_lone_soldier_always_snap_fires_a_crew_weapon_once() -> None:
    b = mg_team(script=MISS)
    assert options(b, "m") == [kit.snap("mg", "g")]
    assert "FC-059" in (why_not(b, b.s("m"), "mg", FireType.AIMED, Target("g")) or "")
    result = kit.drive(fire(b, b.s("m")), [kit.snap("mg", "g")])  # no second shot is asked
    assert len(result.shots) == 1


@pytest.mark.rule("FC-060")
def test_two_soldiers_each_snap_fire_it_once() -> None:
    b = mg_team(script=MISS * 2)
    kit.drive(fire(b, b.s("m")), [kit.snap("mg", "g")])
    kit.drive(fire(b, b.s("n")), [kit.snap("mg", "g")])
    assert b.w("mg").fired_by == ["m", "n"]


@pytest.mark.rule("FC-060")
def test_or_combine_into_one_aimed_fire_at_the_declared_firers_ws() -> None:
    b = mg_team()
    assert options(b, "m", partner=b.s("n")) == [kit.aimed("mg", "g"), kit.snap("mg", "g")]
    odds = hit_odds(b, b.s("m"), "mg", FireType.AIMED, Target("g"), b.s("n"))
    assert odds is not None
    (ws,) = [m for m in odds.modifiers if m.rule == "FC-060"]
    assert ws.value == 0 and odds.number == 7 + 0


@pytest.mark.rule("FC-061")
def test_at_most_two_soldiers_fire_one_crew_weapon_per_round() -> None:
    b = mg_team(kit.us("o", "0101", weapons=[], stance=C), script=MISS * 3)
    kit.drive(fire(b, b.s("m")), [kit.snap("mg", "g")])
    kit.drive(fire(b, b.s("n")), [kit.snap("mg", "g")])
    assert options(b, "o") == []
    assert "FC-061" in (why_not(b, b.s("o"), "mg", FireType.SNAP, Target("g")) or "")
    assert options(b, "m") == [kit.snap("mg", "g")]  # one of the two may fire it again
    new_round(b)
    kit.drive(fire(b, b.s("o")), [kit.snap("mg", "g")])


@pytest.mark.rule("FC-062")
def test_two_germans_use_the_higher_ws() -> None:
    b = kit.bench(kit.german("g", "A", "0101", weapons=[], ws=0),
                  kit.german("h", "B", "0101", weapons=[], ws=3), kit.us("a", "0104"),
                  crew=[kit.crew("mg", "mg42", "g", "h", prepared_at="0101")],
                  script=[*NO_JAM, kit.d(9)])
    out = german_fire(b, b.s("g"), Term.CLOSEST, partner=b.s("h"))
    assert out.fire is not None and out.fire.fire is FireType.AIMED
    odds = out.fire.shots[0].odds
    assert odds is not None
    (ws,) = [m for m in odds.modifiers if m.rule == "FC-062"]
    assert ws.value == 3 and b.s("h").stance is C and b.w("mg").fired_by == ["g", "h"]


@pytest.mark.rule("FC-063")
def test_combined_aimed_fire_is_one_shot_for_both_and_uses_the_crews_ammunition() -> None:
    """House rule FC-063: resolved once, when the second crewman's turn comes, both counted
    as firers; the belt may come from either man (here only Pvt M has belts; Pvt N fires)."""
    b = mg_team(script=[*NO_JAM, kit.d(9), *kit.pct(3)])
    result = kit.drive(fire(b, b.s("n"), partner=b.s("m")), [kit.aimed("mg", "g")])
    assert len(result.shots) == 1 and result.shots[0].clip_spent
    assert b.w("mg").fired_by == ["n", "m"] and b.s("m").clips("m1919") == 1


# -- bazookas ---------------------------------------------------------------------------------


def bazooka_team(*targets: Soldier, script: Sequence[int] = (), rounds: int = 2,
                 terrain: dict[str, str] | None = None) -> kit.Bench:
    """Pvt A with a bazooka and ``rounds`` rounds, Pvt L (his loader) with one more, in 0101."""
    return kit.bench(kit.us("a", "0101", weapons=["bazooka"], ammo=["bazooka"] * rounds),
                     kit.us("l", "0101", weapons=[], ammo=["bazooka"]),
                     *targets, script=script, terrain=terrain)


BAZOOKA = "a-bazooka"


@pytest.mark.rule("FC-064")
def test_a_bazooka_never_snap_fires() -> None:
    b = bazooka_team(kit.german("g", "A", "0103"))
    load_bazooka(b, b.s("a"), b.s("a"), BAZOOKA)
    assert options(b, "a") == [{"weapon": BAZOOKA, "fire": "aimed", "target": "g"}]
    assert "FC-064" in (why_not(b, b.s("a"), BAZOOKA, FireType.SNAP, Target("g")) or "")


@pytest.mark.rule("FC-065")
def test_loading_is_an_action_of_the_carrier_or_a_soldier_in_his_hex() -> None:
    b = bazooka_team(kit.us("far", "0102", weapons=[], ammo=["bazooka"]))
    with pytest.raises(IllegalFire, match="FC-065"):
        load_bazooka(b, b.s("far"), b.s("a"), BAZOOKA)
    load_bazooka(b, b.s("l"), b.s("a"), BAZOOKA)  # the loader brings his own round
    assert b.w(BAZOOKA).prepared and b.s("l").ammo == [] and b.s("a").clips("bazooka") == 2
    with pytest.raises(IllegalFire, match="already loaded"):
        load_bazooka(b, b.s("a"), b.s("a"), BAZOOKA)


@pytest.mark.rule("FC-066")
def test_a_loaded_bazooka_stays_loaded_while_carried() -> None:
    b = bazooka_team()
    load_bazooka(b, b.s("a"), b.s("a"), BAZOOKA)
    b.s("a").hex = kit.h("0203")
    piece_moved(b, b.s("a"))
    assert b.w(BAZOOKA).prepared


@pytest.mark.rule("FC-067")
def test_each_shot_crosses_off_a_round() -> None:
    b = bazooka_team(kit.german("g", "A", "0103", stance=Stance.PRONE),
                     script=[*NO_JAM, kit.d(9)] * 2)
    a, w = b.s("a"), b.w(BAZOOKA)
    for left in (1, 0):
        load_bazooka(b, a, a, BAZOOKA)
        kit.drive(fire(b, a), [{"weapon": BAZOOKA, "fire": "aimed", "target": "g"}])
        assert rounds_left(a, w) == left and not w.prepared
    assert [e.data["rule"] for e in kit.events(b, "ammo")] == ["FC-067", "FC-067"]
    with pytest.raises(IllegalFire, match="round"):
        load_bazooka(b, a, a, BAZOOKA)


@pytest.mark.rule("FC-068")
def test_a_soldier_hit_takes_the_personnel_result_the_rest_of_the_hex_grenade_inside() -> None:
    b = bazooka_team(kit.german("g", "A", "0103"), kit.german("h", "B", "0103"),
                     kit.german("i", "C", "0103", stance=Stance.PRONE),
                     script=[*NO_JAM, kit.d(2), kit.d(5), kit.d(0), kit.d(3)])
    load_bazooka(b, b.s("a"), b.s("a"), BAZOOKA)
    result = kit.drive(fire(b, b.s("a")), [{"weapon": BAZOOKA, "fire": "aimed", "target": "g"}])
    struck = [(s.soldier, s.row, s.result) for s in result.shots[0].struck]
    assert struck == [("g", "personnel", DamageResult.KILLED),
                      ("h", "grenade-inside", DamageResult.NONE),
                      ("i", "grenade-inside", DamageResult.WOUND)]


@pytest.mark.rule("FC-069")
@pytest.mark.parametrize(("building", "die", "penetrated"), [
    ("wooden-building", 1, True), ("stone-building", 3, False),
])
def test_against_a_building_the_penetration_row(building: str, die: int,
                                                penetrated: bool) -> None:
    """Penetrated, the round bursts inside: Grenade Inside for everyone there."""
    script = [*NO_JAM, kit.d(2), kit.d(die)] + ([kit.d(9)] if penetrated else [])
    b = bazooka_team(kit.german("g", "A", "0103", stance=Stance.PRONE),
                     terrain={"0103": building}, script=script)
    load_bazooka(b, b.s("a"), b.s("a"), BAZOOKA)
    wall = {"weapon": BAZOOKA, "fire": "aimed", "wall": "0103"}
    assert options(b, "a") == [wall]  # he is hidden (FC-073); the building is not
    result = kit.drive(fire(b, b.s("a")), [wall])
    shot = result.shots[0]
    assert shot.penetrated is penetrated
    assert [(s.row, s.result) for s in shot.struck] == (
        [("grenade-inside", DamageResult.KILLED)] if penetrated else [])


@pytest.mark.rule("FC-070")
def test_a_bazooka_miss_has_no_effect_and_never_scatters() -> None:
    b = bazooka_team(kit.german("g", "A", "0103"), kit.german("n", "B", "0102"),
                     script=[*NO_JAM, kit.d(9)])
    load_bazooka(b, b.s("a"), b.s("a"), BAZOOKA)
    result = kit.drive(fire(b, b.s("a")), [{"weapon": BAZOOKA, "fire": "aimed", "target": "g"}])
    assert not result.shots[0].hit and result.shots[0].struck == []
    assert kit.events(b, "damage") == [] and kit.events(b, "damage_roll") == []
    assert all(b.s(s).status is Status.ACTIVE and not b.s(s).wounded for s in ("g", "n"))
    assert any("FC-070" in t for t in kit.texts(b, "miss"))
