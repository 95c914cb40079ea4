"""The Ambush! charts: the shipped file loads, bad files are refused clearly, the look-ups.

The values are the project's own (docs/rules/ambush-charts.md); the tests pin the
rules the charts serve and the shape of the data, not the design numbers, except
where a number is the seed's own (wounded firer −1, Port Boxes 3/3/4...).
"""

from __future__ import annotations

import copy
import json
import re
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ambush_gui.ambush.charts import (
    CHARTS_PATH,
    ARResult,
    ARSpace,
    Band,
    ChartError,
    Charts,
    ChartsFile,
    DamageResult,
    JamResult,
    Side,
    Stance,
    Wall,
    WeaponKind,
    faces_text,
    hit_number,
    hits,
    parse_faces,
)
from ambush_gui.core.hexgrid import Hex, HexMap, Hexside

RAW: dict[str, Any] = tomllib.loads(CHARTS_PATH.read_text())


@pytest.fixture(scope="module")
def charts() -> Charts:
    return Charts.default()


def broken(edit: Callable[[dict[str, Any]], Any]) -> str:
    """The error message for the shipped data changed by ``edit``."""
    data = copy.deepcopy(RAW)
    edit(data)
    with pytest.raises(ChartError) as err:
        Charts.from_data(data, "bad.toml")
    return str(err.value)


# -- the shipped file ---------------------------------------------------------------------


def test_the_shipped_charts_load_and_cover_both_sides(charts: Charts) -> None:
    assert charts.source == str(CHARTS_PATH)
    assert Charts.default() is charts
    assert charts.weapons(Side.US) and charts.weapons(Side.GERMAN)
    assert {w.kind for w in charts.weapons().values()} == set(WeaponKind)
    assert list(charts.ar_ratings) == [1, 2, 3, 4, 5, 6]


def test_the_charts_round_trip_through_plain_data(charts: Charts, tmp_path: Path) -> None:
    again = Charts.from_data(charts.to_data(), "copy")
    assert again.spec == charts.spec
    # The file notation survives: faces as ranges.
    assert charts.to_data()["damage"]["rifle"]["wound"] == "3-5"


def test_a_missing_or_broken_file_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(ChartError, match="nope.toml: .*cannot be read"):
        Charts.load(tmp_path / "nope.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("weapons = [")
    with pytest.raises(ChartError, match="bad.toml: .*not valid TOML"):
        Charts.load(bad)


# -- validation: every error names the file, the place and the expectation ------------------


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda d: d["damage"]["rifle"].update(wound="3-4"),
            "bad.toml: damage.rifle: die face 5 has no result; every face 0-9 needs exactly one",
        ),
        (
            lambda d: d["damage"]["rifle"].update(wound="2-5"),
            "bad.toml: damage.rifle: face 2 is both 'panic' and 'wound'",
        ),
        (
            lambda d: d["damage"]["rifle"].update(wound="3-12"),
            "bad.toml: damage.rifle.wound: is not a set of die faces: faces run 0-9",
        ),
        (
            lambda d: d["damage"]["rifle"].update(wound="5-3"),
            "bad.toml: damage.rifle.wound: the range 5-3 runs backwards",
        ),
        (
            lambda d: d["damage"]["rifle"].update(penetrated="9"),
            "bad.toml: damage.rifle: a personnel row has no 'penetrated' result",
        ),
        (
            lambda d: d["damage"]["bazooka-wood"].update(killed="0"),
            "bad.toml: damage.bazooka-wood: a penetration row gives only 'none' and 'penetrated'",
        ),
        (
            lambda d: d["weapons"]["m1-garand"]["hit"].update(short=10),
            "bad.toml: weapons.m1-garand.hit.short: Input should be less than or equal to 9",
        ),
        (
            lambda d: d["weapons"]["m1-garand"].update(jam=100),
            "bad.toml: weapons.m1-garand.jam: Input should be less than or equal to 99",
        ),
        (
            lambda d: d["weapons"]["m1-garand"]["range"].update(medium=5),
            "bad.toml: weapons.m1-garand.range: bands must end further out each time",
        ),
        (
            lambda d: d["weapons"]["bazooka"].update(snap=True),
            "bad.toml: weapons.bazooka: a bazooka can never snap fire (FC-064)",
        ),
        (
            lambda d: d["weapons"]["m1917"].pop("crew"),
            "bad.toml: weapons.m1917: a crew weapon (kind 'crew') needs 'crew'",
        ),
        (
            lambda d: d["weapons"]["mk2-grenade"].pop("throw"),
            "bad.toml: weapons.mk2-grenade: a thrown weapon needs 'throw'",
        ),
        (
            lambda d: d["weapons"]["mk2-grenade"]["throw"].update(prone=1),
            "bad.toml: weapons.mk2-grenade: nobody throws prone",
        ),
        (
            lambda d: d["weapons"]["m1-garand"].update(damage="personel"),
            "bad.toml: weapons.m1-garand.damage: unknown Damage Table row 'personel'; expected",
        ),
        (
            lambda d: d["weapons"]["m1-garand"].update(damage="bazooka-wood"),
            "bad.toml: weapons.m1-garand.damage: row 'bazooka-wood' is a penetration row; "
            "expected a personnel row",
        ),
        (
            lambda d: d["weapons"]["bazooka"]["penetration"].update(wood="rifle"),
            "bad.toml: weapons.bazooka.penetration.wood: row 'rifle' is a personnel row",
        ),
        (
            lambda d: d["weapons"]["m1-garand"].update(side="british"),
            "bad.toml: weapons.m1-garand.side: Input should be 'us' or 'german'",
        ),
        (
            lambda d: d["weapons"]["m1-garand"].update(rof=3),
            "bad.toml: weapons.m1-garand.rof: is not a known field",
        ),
        (
            lambda d: d["weapons"].update({"Big Gun": d["weapons"]["m1911"]}),
            "bad.toml: weapons.\"Big Gun\": the key 'Big Gun' is wrong: String should match pattern",
        ),
        (
            lambda d: d["movement"]["terrain"].pop("woods"),
            "bad.toml: movement.terrain: has no cost for terrain 'woods' (every terrain needs one)",
        ),
        (
            lambda d: d["movement"]["terrain"].update(woods=-1),
            "bad.toml: movement.terrain.woods: expected Movement Points 0-99, or 'impassable' "
            "(got -1)",
        ),
        (
            lambda d: d["movement"]["hexsides"].pop("hedgerow"),
            "bad.toml: movement.hexsides: has no cost for hexside feature 'hedgerow'",
        ),
        (
            lambda d: d["modifiers"]["terrain"].pop("stream"),
            "bad.toml: modifiers.terrain: has no modifiers for terrain 'stream'",
        ),
        (
            lambda d: d["modifiers"]["terrain"].update(lava=d["modifiers"]["terrain"]["clear"]),
            "bad.toml: modifiers.terrain.lava: 'lava' is not a terrain defined under [terrain]",
        ),
        (
            lambda d: d["modifiers"].pop("snap_fire"),
            "bad.toml: modifiers.snap_fire: is missing (required)",
        ),
        (
            lambda d: d["ar_track"]["columns"].pop("3"),
            "bad.toml: ar_track: Action Rating columns must run without a gap (got [1, 2, 4, 5",
        ),
        (
            lambda d: d["ar_track"]["columns"]["3"].update(two_turns="9"),
            "bad.toml: ar_track.columns.3: die face 8 has no result",
        ),
        (
            lambda d: d["ar_track"]["columns"]["3"].update(red="0-1"),
            "bad.toml: ar_track.columns.3: red face(s) 0 already read Panic",
        ),
        (
            lambda d: d["clear_jam"]["columns"]["1"].update(broken="8-9"),
            "bad.toml: clear_jam.columns.1: face 8 is both 'jammed' and 'broken'",
        ),
        (
            lambda d: d.update(system="alley"),
            "bad.toml: system: Input should be 'ambush'",
        ),
    ],
)
def test_every_bad_chart_is_refused_with_file_path_and_expectation(
    edit: Callable[[dict[str, Any]], Any], message: str
) -> None:
    assert message in broken(edit)


def test_every_problem_is_reported_at_once() -> None:
    def two(d: dict[str, Any]) -> None:
        d["movement"]["terrain"].pop("woods")
        d["weapons"]["bar"]["damage"] = "nothing"

    text = broken(two)
    assert "movement.terrain: has no cost for terrain 'woods'" in text
    assert "weapons.bar.damage: unknown Damage Table row 'nothing'" in text


def test_die_faces_are_written_as_ranges() -> None:
    assert parse_faces("0-2,7") == {0, 1, 2, 7}
    assert parse_faces(" 9 ") == {9} and parse_faces(4) == {4} and parse_faces("") == set()
    assert faces_text(frozenset({0, 1, 2, 7, 8})) == "0-2,7-8"
    for bad in ("10", "0-10", "a", "1,,2", True, 1.5):
        with pytest.raises(ValueError):
            parse_faces(bad)


# -- the Weapon Chart ---------------------------------------------------------------------------


@pytest.mark.rule("FC-015")
def test_same_and_adjacent_hexes_are_short_range_and_beyond_long_cannot_be_fired_at(
    charts: Charts,
) -> None:
    w = charts.weapon("m1-garand")
    assert charts.range_band("m1-garand", 0) is Band.SHORT
    assert charts.range_band("m1-garand", 1) is Band.SHORT
    assert charts.range_band("m1-garand", w.range.short) is Band.SHORT
    assert charts.range_band("m1-garand", w.range.short + 1) is Band.MEDIUM
    assert charts.range_band("m1-garand", w.range.long) is Band.LONG
    assert charts.range_band("m1-garand", w.range.long + 1) is None
    assert charts.hit_chance("m1-garand", w.range.long + 1) is None
    with pytest.raises(ValueError):
        charts.range_band("m1-garand", -1)


@pytest.mark.rule("FC-016")
def test_the_base_chance_is_read_for_the_range_band(charts: Charts) -> None:
    for wid, w in charts.weapons().items():
        assert charts.hit_chance(wid, 0) == w.hit.short
        assert charts.hit_chance(wid, w.range.medium) == w.hit.medium
        assert charts.hit_chance(wid, w.range.long) == w.hit.long
        # Design: the chance never rises with range.
        assert w.hit.short >= w.hit.medium >= w.hit.long


@pytest.mark.rule("FC-011")
def test_a_percentile_roll_at_or_below_the_jam_number_jams(charts: Charts) -> None:
    jam = charts.weapon("thompson").jam
    assert jam is not None
    assert charts.jams("thompson", jam) and charts.jams("thompson", 0)
    assert not charts.jams("thompson", jam + 1)
    with pytest.raises(ValueError, match="00-99"):
        charts.jams("thompson", 100)


@pytest.mark.rule("FC-021")
def test_a_percentile_roll_at_or_below_out_of_ammo_spends_a_clip(charts: Charts) -> None:
    number = charts.weapon("m1-garand").out_of_ammo
    assert number is not None
    assert charts.spends_clip("m1-garand", number)
    assert not charts.spends_clip("m1-garand", number + 1)


@pytest.mark.rule("FC-040")
def test_rounds_crossed_off_as_used_never_spend_clips(charts: Charts) -> None:
    for wid in ("bazooka", "mk2-grenade", "satchel-charge", "panzerfaust"):
        assert charts.weapon(wid).out_of_ammo is None
        assert not charts.spends_clip(wid, 0)


@pytest.mark.rule("FC-064")
def test_a_bazooka_never_snap_fires(charts: Charts) -> None:
    assert all(not w.snap for w in charts.weapons().values() if w.kind is WeaponKind.BAZOOKA)


@pytest.mark.rule("FC-052")
@pytest.mark.rule("FC-054")
def test_crew_weapons_are_machineguns_filling_three_or_four_port_boxes(charts: Charts) -> None:
    boxes = {w.crew: w.port_boxes for w in charts.weapons().values() if w.crew is not None}
    assert {k.value: v for k, v in boxes.items()} == {"light": 3, "medium": 3, "heavy": 4}
    assert charts.weapon("m1-garand").port_boxes is None
    assert all(w.automatic for w in charts.weapons().values() if w.kind is WeaponKind.CREW)


@pytest.mark.rule("AR-081")
@pytest.mark.rule("AR-082")
def test_throws_satchel_standing_only_grenades_shorter_crouching(charts: Charts) -> None:
    assert charts.throw_range("satchel-charge", Stance.STANDING) == 3
    assert charts.throw_range("satchel-charge", Stance.CROUCHING) is None
    for g in ("mk2-grenade", "stick-grenade"):
        standing = charts.throw_range(g, Stance.STANDING)
        crouching = charts.throw_range(g, Stance.CROUCHING)
        assert standing is not None and crouching is not None and crouching < standing
    assert charts.throw_range("m1-garand", Stance.STANDING) is None


def test_an_unknown_weapon_names_the_known_ones(charts: Charts) -> None:
    with pytest.raises(KeyError, match="unknown weapon 'phaser'.*m1-garand"):
        charts.weapon("phaser")


# -- Damage Table ---------------------------------------------------------------------------------


@pytest.mark.rule("FC-019")
def test_every_damage_row_gives_a_result_for_every_face(charts: Charts) -> None:
    for row, spec in charts.spec.damage.items():
        results = [charts.damage(row, die) for die in range(10)]
        if spec.kind == "personnel":
            assert set(results) <= {
                DamageResult.NONE,
                DamageResult.PANIC,
                DamageResult.WOUND,
                DamageResult.INCAPACITATED,
                DamageResult.KILLED,
            }
            # Design: the higher the die, the worse the result (the spread of FC-032 tapers).
            order = list(DamageResult)
            assert [order.index(r) for r in results] == sorted(order.index(r) for r in results)
        else:
            assert set(results) <= {DamageResult.NONE, DamageResult.PENETRATED}
    assert charts.damage("rifle", 0) is DamageResult.PANIC
    assert charts.damage("rifle", 9) is DamageResult.KILLED
    with pytest.raises(ValueError, match="0-9"):
        charts.damage("rifle", 10)
    with pytest.raises(KeyError, match="unknown Damage Table row"):
        charts.damage("laser", 3)


@pytest.mark.rule("FC-068")
def test_a_bazooka_on_a_soldier_uses_personnel_and_grenade_inside_for_the_others(
    charts: Charts,
) -> None:
    w = charts.weapon("bazooka")
    assert (w.damage, w.blast) == ("personnel", "grenade-inside")
    assert "personnel" in charts.spec.damage and "grenade-inside" in charts.spec.damage


@pytest.mark.rule("FC-069")
def test_a_bazooka_on_a_building_or_vehicle_reads_a_penetration_row(charts: Charts) -> None:
    w = charts.weapon("bazooka")
    assert set(w.penetration) == set(Wall)
    for row in w.penetration.values():
        assert charts.spec.damage[row].kind == "penetration"
    assert charts.building("stone-building") is Wall.STONE
    assert charts.building("wooden-building") is Wall.WOOD
    assert charts.building("woods") is None


# -- Fire Combat Modifiers ------------------------------------------------------------------------


@pytest.mark.rule("FC-023")
def test_modifiers_cross_the_targets_stance_with_his_terrain(charts: Charts) -> None:
    assert charts.modifier(Stance.STANDING, "clear") == 0
    assert charts.modifier("prone", "woods") == -4
    for terrain in charts.spec.terrain:
        # Lower is harder to hit, and better cover is never easier.
        s, c, p = (charts.modifier(x, terrain) for x in Stance)
        assert s >= c >= p
    with pytest.raises(KeyError, match="unknown terrain 'lava'"):
        charts.modifier("standing", "lava")
    with pytest.raises(ValueError):
        charts.modifier("kneeling", "clear")


@pytest.mark.rule("FC-025")
def test_wounded_firer_and_captured_weapon_are_minus_one(charts: Charts) -> None:
    assert charts.wounded_firer == -1
    assert charts.captured_weapon == -1
    assert charts.snap_fire < 0


@pytest.mark.rule("FC-031")
def test_multiple_targets_add_one_per_extra_target_for_automatic_aimed_fire(
    charts: Charts,
) -> None:
    assert charts.multiple_target_shift("mg42", 3, aimed=True) == 2
    assert charts.multiple_target_shift("mg42", 1, aimed=True) == 0
    assert charts.multiple_target_shift("mg42", 3, aimed=False) == 0  # snap fire
    assert charts.multiple_target_shift("kar98k", 3, aimed=True) == 0  # not automatic
    with pytest.raises(ValueError):
        charts.multiple_target_shift("mg42", 0, aimed=True)


@pytest.mark.rule("FC-016")
@pytest.mark.rule("FC-017")
def test_the_hit_number_is_base_plus_ws_plus_shifts_kept_within_0_to_8() -> None:
    assert hit_number(6, 1, -3) == 4
    assert hit_number(2, 0, -5) == 0
    assert hit_number(8, 3, 0) == 8
    assert hit_number(5, 2, -1 - 1) == 5


@pytest.mark.rule("FC-018")
def test_at_or_under_hits_0_always_hits_9_always_misses() -> None:
    assert hits(0, 0) and not hits(8, 9)
    assert hits(4, 4) and not hits(4, 5)
    assert [hits(8, d) for d in range(10)] == [True] * 9 + [False]
    assert [hits(0, d) for d in range(10)] == [True] + [False] * 9
    with pytest.raises(ValueError):
        hits(4, -1)


# -- AR Track -----------------------------------------------------------------------------------


@pytest.mark.rule("AR-034")
@pytest.mark.rule("AR-041")
def test_every_column_places_every_initiative_die(charts: Charts) -> None:
    for rating in charts.ar_ratings:
        for die in range(10):
            placement = charts.ar_space(rating, die)
            assert placement.result in ARResult
    # Design: a better rating never does worse on the same die.
    rank = [ARResult.PANIC, ARResult.COMPLETE, ARResult.ONE_TURN, ARResult.TWO_TURNS]
    for die in range(10):
        got = [rank.index(charts.ar_space(r, die).result) for r in charts.ar_ratings]
        assert got == sorted(got)
    with pytest.raises(ValueError, match="no AR Track column for Action Rating 9"):
        charts.ar_space(9, 0)
    with pytest.raises(ValueError, match="0-9"):
        charts.ar_space(3, 10)


@pytest.mark.rule("AR-035")
@pytest.mark.rule("AR-036")
@pytest.mark.rule("AR-037")
def test_turn_spaces_and_the_panic_space(charts: Charts) -> None:
    assert charts.ar_space(3, 9).result is ARResult.TWO_TURNS and ARResult.TWO_TURNS.turns == 2
    assert charts.ar_space(3, 5).result is ARResult.ONE_TURN and ARResult.ONE_TURN.turns == 1
    assert charts.ar_space(3, 0).result is ARResult.PANIC and ARResult.PANIC.turns == 0
    # Panic on the Panic space in command or not, US or German.
    p = charts.ar_space(1, 0)
    for us in (True, False):
        for in_command in (True, False):
            assert p.outcome(us=us, in_command=in_command) is ARResult.PANIC


@pytest.mark.rule("AR-038")
@pytest.mark.rule("AR-064")
@pytest.mark.rule("AR-065")
def test_a_red_number_panics_a_us_soldier_out_of_command_only(charts: Charts) -> None:
    red = charts.ar_space(3, 3)
    assert red.red and red.result is ARResult.ONE_TURN
    assert red.outcome(us=True, in_command=False) is ARResult.PANIC
    assert red.outcome(us=True, in_command=True) is ARResult.ONE_TURN
    assert red.outcome(us=False, in_command=False) is ARResult.ONE_TURN  # Germans never
    plain = charts.ar_space(3, 7)
    assert not plain.red and plain.outcome(us=True, in_command=False) is ARResult.ONE_TURN


@pytest.mark.rule("AR-039")
@pytest.mark.rule("AR-043")
def test_results_go_to_the_half_the_side_holds(charts: Charts) -> None:
    assert ARResult.TWO_TURNS.space(advantage=True) is ARSpace.TWO_TURN_ADVANTAGE
    assert ARResult.TWO_TURNS.space(advantage=False) is ARSpace.TWO_TURN_DISADVANTAGE
    assert ARResult.ONE_TURN.space(advantage=False) is ARSpace.ONE_TURN_DISADVANTAGE
    assert ARResult.PANIC.space(advantage=True) is ARSpace.PANIC
    assert ARResult.COMPLETE.space(advantage=True) is ARSpace.COMPLETE
    # Turns are taken top down: 2-Turn Advantage, 2-Turn Disadvantage, 1-Turn Adv., 1-Turn Dis.
    assert list(ARSpace)[:4] == [
        ARSpace.TWO_TURN_ADVANTAGE,
        ARSpace.TWO_TURN_DISADVANTAGE,
        ARSpace.ONE_TURN_ADVANTAGE,
        ARSpace.ONE_TURN_DISADVANTAGE,
    ]


# -- Movement Point Cost --------------------------------------------------------------------------


@pytest.mark.rule("AR-101")
@pytest.mark.rule("AR-106")
def test_every_terrain_has_a_movement_point_cost(charts: Charts) -> None:
    for terrain in charts.spec.terrain:
        cost = charts.mp_cost(terrain)
        assert cost is None or cost >= 1
    assert charts.mp_cost("road") < charts.mp_cost("clear") < charts.mp_cost("rubble")  # type: ignore[operator]
    assert charts.hexside_mp_cost("hedgerow") == 3
    with pytest.raises(KeyError, match="unknown terrain"):
        charts.mp_cost("lava")


def test_impassable_terrain_costs_none() -> None:
    def lake(d: dict[str, Any]) -> None:
        d["terrain"]["lake"] = {"name": "Lake"}
        d["movement"]["terrain"]["lake"] = "impassable"
        d["modifiers"]["terrain"]["lake"] = {"standing": 0, "crouching": 0, "prone": 0}

    data = copy.deepcopy(RAW)
    lake(data)
    assert Charts.from_data(data).mp_cost("lake") is None


def test_the_charts_drive_a_hex_map(charts: Charts) -> None:
    m = HexMap(
        4,
        3,
        charts,
        {Hex.from_label("0202"): "woods", Hex.from_label("0302"): "road"},
        hexsides={Hexside.between(Hex.from_label("0101"), Hex.from_label("0102")): "hedgerow"},
    )
    assert m.blocks_sight(Hex.from_label("0202"))
    assert m.mp_cost(Hex.from_label("0302")) == charts.mp_cost("road")
    assert m.mp_cost(Hex.from_label("0102"), Hex.from_label("0101")) == 2 + 3
    assert not m.los(Hex.from_label("0201"), Hex.from_label("0203")).clear  # through the wood
    assert m.los(Hex.from_label("0102"), Hex.from_label("0302")).clear  # past it, along a side
    with pytest.raises(ValueError, match="unknown terrain 'lava'"):
        HexMap(2, 2, charts, {Hex(0, 0): "lava"})


# -- Clear Jammed Weapon ---------------------------------------------------------------------------


@pytest.mark.rule("FC-035")
@pytest.mark.rule("FC-036")
@pytest.mark.rule("FC-038")
def test_clearing_a_jam_reads_one_die_in_the_ws_column(charts: Charts) -> None:
    assert charts.clear_jam(1, 0) is JamResult.CLEARED
    assert charts.clear_jam(1, 7) is JamResult.JAMMED
    assert charts.clear_jam(1, 9) is JamResult.BROKEN
    # Design: more skill never does worse.
    rank = [JamResult.BROKEN, JamResult.JAMMED, JamResult.CLEARED]
    for die in range(10):
        got = [rank.index(charts.clear_jam(ws, die)) for ws in range(-1, 5)]
        assert got == sorted(got)
    # Beyond the columns: the nearest column.
    assert charts.clear_jam(12, 7) == charts.clear_jam(4, 7)
    assert charts.clear_jam(-5, 2) == charts.clear_jam(-1, 2)


@pytest.mark.rule("FC-037")
def test_a_captured_weapon_is_cleared_at_ws_minus_one(charts: Charts) -> None:
    for ws in range(0, 5):
        for die in range(10):
            assert charts.clear_jam(ws, die, captured=True) == charts.clear_jam(ws - 1, die)
    assert charts.clear_jam(0, 4, captured=True) is JamResult.JAMMED
    assert charts.clear_jam(0, 3) is JamResult.CLEARED


# -- the docs stay true ---------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]


def test_the_doc_tables_match_the_shipped_charts(charts: Charts) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import chart_tables

    doc = (ROOT / "docs" / "rules" / "ambush-charts.md").read_text()
    for title, rows in chart_tables.all_tables(charts).items():
        assert "\n".join(rows) in doc, (
            f"the {title} in docs/rules/ambush-charts.md no longer matches the data: "
            "run python tools/chart_tables.py and paste it"
        )


@pytest.mark.parametrize("doc", ["ambush-charts.md", "ambush-hexes.md"])
def test_the_house_rules_name_tests_that_exist(doc: str) -> None:
    text = (ROOT / "docs" / "rules" / doc).read_text()
    named = re.findall(r"`(test_\w+\.py)::(test_\w+)`", text)
    assert named
    for file, name in named:
        sources = [p.read_text() for p in (ROOT / "tests").rglob(file)]
        assert any(f"def {name}(" in src for src in sources), f"{doc} names {file}::{name}"


def test_the_committed_schema_matches_the_model() -> None:
    committed = (ROOT / "docs" / "schema" / "ambush-charts.schema.json").read_text()
    rendered = json.dumps(ChartsFile.model_json_schema(), indent=1, sort_keys=True) + "\n"
    assert committed == rendered, "docs/schema/ambush-charts.schema.json is stale: regenerate it"


def test_examples_in_the_docstrings() -> None:
    import doctest

    from ambush_gui.ambush import charts

    result = doctest.testmod(charts)
    assert result.failed == 0 and result.attempted > 0
