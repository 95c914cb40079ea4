"""Designer files read strictly, and messages that name the place (issue 27).

A value of the wrong type is refused with its place and the type expected, never coerced
(``true`` is not 1, ``"3"`` is not 3, ``"no"`` is not false); a whole number still stands for
inches. Ids are plain printable text. A problem inside a list names the item as the designer
counts it, and no validator words reach the designer."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.alley.fof.combat_stress import CombatStressSettings
from ambush_gui.alley.fof.ieds import DeviceSettings, IedsSettings
from ambush_gui.alley.fof.mines import MinesSettings
from ambush_gui.alley.fof.mounted import MountedSettings
from ambush_gui.alley.scenario import (
    MAX_CORNERS,
    MAX_FIGURES,
    MAX_HOT_SPOTS,
    MAX_ID,
    MAX_LIST,
    MAX_NAME,
    MAX_PIECES,
    MAX_REINFORCEMENTS,
    MAX_TEXT,
    MAX_UNITS,
    AwardSpec,
    Scenario,
    ScenarioSpec,
    TableSpec,
)
from ambush_gui.ambush import mission as am
from ambush_gui.ambush.mission import Mission
from ambush_gui.cli import main
from ambush_gui.core.errors import InputError, ScenarioError
from ambush_gui.core.files import MAX_FILE_BYTES, read_data
from tests.core.test_bad_input import changed, refused

DOCS = Path(__file__).resolve().parents[2] / "docs"
MARKET_DAY = systems.resolve("market-day")
HEDGEROW = systems.resolve("ambush-hedgerow")
CONTRACTING = systems.resolve("contracting-trouble")

Mutate = Callable[[dict[str, Any]], Any]


def refusal(source: Path, mutate: Mutate) -> InputError:
    """The error loading ``source``'s data changed by ``mutate``."""
    data = read_data(source)
    mutate(data)
    loader = Mission if data.get("system") == "ambush" else Scenario
    with pytest.raises(InputError) as exc:
        loader.from_data(data, "bad.toml")
    return exc.value


def lines(exc: InputError) -> list[str]:
    return str(exc).splitlines()


def said(exc: InputError, *words: str) -> None:
    """One line of the message says each of ``words`` (the place and what was expected)."""
    assert any(all(w in line for w in words) for line in lines(exc)), str(exc)


# -- item 1: a paragraph number that is a list or a table ------------------------------------


@pytest.mark.parametrize("number", ["[1]", "{ a = 1 }", "[]", '"1"', "true"])
@pytest.mark.parametrize("command", ["validate", "play"])
def test_a_paragraph_number_that_is_not_a_number_is_refused_not_a_traceback(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, number: str, command: str) -> None:
    """The fuzzer's two tracebacks: draft_problems put every paragraph's number in a set."""
    text = HEDGEROW.read_text()
    assert "[[paragraphs]]\nnumber = 1\n" in text
    p = tmp_path / "bad.toml"
    p.write_text(text.replace("[[paragraphs]]\nnumber = 1\n", f"[[paragraphs]]\nnumber = {number}\n", 1))
    err = refused(capsys, p, "paragraph #1 (no number)", "number needs a whole number",
                  command=command)
    assert "unhashable" not in err


def test_a_draft_with_a_structured_paragraph_number_still_hears_about_its_gotos() -> None:
    data = {"paragraphs": [{"number": [3]}, {"number": 4, "options": [{"do": [{"goto": 9}]}]}]}
    assert am.draft_problems(data) == [("paragraphs[1].options[0].do[0].goto", "goto 9: no such paragraph")]


# -- item 2: values of the wrong type are refused, not coerced ---------------------------------

SCENARIO_TYPOS: list[tuple[Mutate, tuple[str, ...]]] = [
    (lambda d: d.__setitem__("turn_limit", True), ("turn limit", "must be a whole number (got true)")),
    (lambda d: d.__setitem__("turn_limit", "3"), ("turn limit", "must be a whole number (got '3')")),
    (lambda d: d["units"][0].__setitem__("armor", False), ("body armor", "whole number (got false)")),
    (lambda d: d["units"][0]["figures"][0].__setitem__("at", ["3", 4]), ("must be a number (got '3')",)),
    (lambda d: d["table"].__setitem__("width", "32"), ("table width", "must be a number (got '32')")),
    (lambda d: d["table"]["pieces"][0].__setitem__("impassable", "no"),
     ("impassable", "must be true or false (got 'no')")),
    (lambda d: d["table"]["pieces"][0].__setitem__("blocks_sight", 0),
     ("blocks sight", "must be true or false (got 0)")),
    (lambda d: d["ieds"]["devices"][0].__setitem__("hidden", "no"),
     ("IED settings, device 1 (id 'road-bomb'), hidden", "must be true or false (got 'no')")),
    (lambda d: d["ieds"]["devices"][0].__setitem__("ap", True), ("device 1", "ap", "(got true)")),
    (lambda d: d["ieds"]["devices"][0].__setitem__("reach", "3"), ("reach", "must be a number (got '3')")),
    (lambda d: d["combat_stress"]["positive_leaders"][0].__setitem__("rating", "2"),
     ("positive leader 1", "rating", "whole number (got '2')")),
    (lambda d: d["victory"]["awards"][0].__setitem__("points", 2.0),
     ("award 1", "points", "whole number (got 2.0)")),
]


@pytest.mark.parametrize(("mutate", "words"), SCENARIO_TYPOS)
def test_a_scenario_value_of_the_wrong_type_is_refused_with_its_place(mutate: Mutate,
                                                                       words: tuple[str, ...]) -> None:
    said(refusal(MARKET_DAY, mutate), "bad.toml", *words)


def test_reinforcement_typos_are_refused() -> None:
    def typo(d: dict[str, Any]) -> None:
        d["reinforcements"]["table"]["7"]["small_arms"] = True
        d["reinforcements"]["table"]["8"]["leader"] = "yes"
        d["reinforcements"]["level"] = "3"

    exc = refusal(CONTRACTING, typo)
    said(exc, "reinforcement table, roll 7", "small arms", "a whole number or text (got true)")
    said(exc, "reinforcement table, roll 8", "leader", "true or false (got 'yes')")
    said(exc, "Insurgency Level", "'3'")


MISSION_TYPOS: list[tuple[Mutate, tuple[str, ...]]] = [
    (lambda d: d["map"].__setitem__("width", True), ("Map", "width needs a whole number (got true)")),
    (lambda d: d["germans"][0].__setitem__("ar", "3"),
     ("German 1", "ar needs a whole number; write 3 without quotes")),
    (lambda d: d["paragraphs"][1]["options"][0]["do"][0].__setitem__("goto", "5"),
     ("paragraph 2", "goto needs a paragraph number; write 5 without quotes")),
    (lambda d: d["squad"][0].__setitem__("port_boxes", 1.0), ("US soldier", "(got 1.0)")),
]


@pytest.mark.parametrize(("mutate", "words"), MISSION_TYPOS)
def test_a_mission_value_of_the_wrong_type_is_refused_with_its_place(mutate: Mutate,
                                                                      words: tuple[str, ...]) -> None:
    said(refusal(HEDGEROW, mutate), "bad.toml", *words)


FROM_THE_DOCS = '''
format = 2
name = "docs-example"
title = "Written from docs/formats.md"
turn_limit = 6

[table]
width = 24
height = 24

[[table.pieces]]
id = "house"
kind = "building"
rect = [10, 10, 4, 3]

[sides.regular]
name = "US Marines"
optimum_range = 12

[sides.insurgent]
name = "Insurgents"
optimum_range = 6

[[units]]
id = "alpha"
name = "Fireteam Alpha"
side = "regular"
tq = "d8"
morale = "d8"
figures = [{ id = "a-1", at = [2, 2] }, { id = "a-2", at = [3, 2.5] }]

[[units]]
id = "cell"
name = "Cell"
side = "insurgent"
tq = "d6"
morale = "d6"
figures = [{ id = "c-1", at = [20, 20] }]

[victory]
awards = [{ side = "regular", event = "enemy_killed", points = 1 }]
'''


def test_whole_numbers_still_stand_for_inches(tmp_path: Path) -> None:
    """``width = 24`` and ``at = [2, 2]`` are numbers of inches, not a wrong type."""
    p = tmp_path / "docs-example.toml"
    p.write_text(FROM_THE_DOCS)
    scenario = Scenario.load(p)
    assert scenario.spec.table.width == 24.0
    assert scenario.spec.units[0].figures[0].at == (2.0, 2.0)
    assert main(["validate", str(p)]) == 0


def test_every_shipped_file_still_loads() -> None:
    for s in systems.shipped():
        systems.load_scenario(s.path)


def test_a_toml_date_is_refused_with_its_place(tmp_path: Path) -> None:
    text = CONTRACTING.read_text().replace('name = "', 'name = 1979-05-27\nxname = "', 1)
    p = tmp_path / "date.toml"
    p.write_text(text.replace("xname", "title_again", 1))
    with pytest.raises(ScenarioError, match="name: is a TOML date or time"):
        Scenario.load(p)


# -- item 3: ids are plain printable text --------------------------------------------------------


@pytest.mark.parametrize("ident", ["lt\n1", "lt\x001", "lt\u202e1", "lt\t1", "lt\u20661"])
def test_an_id_that_is_not_plain_printable_text_is_refused(ident: str) -> None:
    exc = refusal(MARKET_DAY, lambda d: d["units"][0].__setitem__("id", ident))
    said(exc, "id", "an id is plain printable text")
    exc = refusal(MARKET_DAY, lambda d: d["table"]["pieces"][0].__setitem__("id", ident))
    said(exc, "id", "an id is plain printable text")
    assert all(line.isprintable() for line in lines(exc))


def test_a_mission_id_with_a_line_break_is_refused() -> None:
    exc = refusal(HEDGEROW, lambda d: d["squad"][0].__setitem__("id", "sgt\n"))
    said(exc, "id", "lower case letters")


# -- item 4: messages that name the place --------------------------------------------------------


def test_a_problem_inside_a_list_names_the_item_as_the_designer_counts() -> None:
    def third(d: dict[str, Any]) -> None:
        one = d["ieds"]["devices"][0]
        d["ieds"]["devices"] = [dict(one, id=f"ied-{k}") for k in ("north", "south")]
        d["ieds"]["devices"].append(dict(one, id="ied-east", reach=0))

    exc = refusal(MARKET_DAY, third)
    said(exc, "device 3 (id 'ied-east'), reach: must be more than 0")


@pytest.mark.parametrize(("at", "words"), [
    ([16], "y is missing: a point needs two numbers, x and y"),
    ([16, 1, 2], "a point needs two numbers, x and y (inches), no more"),
])
def test_a_point_of_the_wrong_length_says_it_needs_x_and_y(at: list[int], words: str) -> None:
    exc = refusal(MARKET_DAY, lambda d: d["units"][0]["figures"][0].__setitem__("at", at))
    said(exc, words)
    assert "Field required" not in str(exc) and "Tuple" not in str(exc)


@pytest.mark.parametrize("modules", [5, [1], {"ieds": 3}, "ieds"])
def test_a_choice_of_shapes_does_not_leak_validator_words(modules: Any) -> None:
    exc = refusal(MARKET_DAY, lambda d: d.__setitem__("modules", modules))
    text = str(exc)
    for leak in ("constrained-str", "list[", "dict[", "str,any", "validation", "[key]"):
        assert leak not in text, text


def test_the_branches_of_a_choice_are_said_as_one_expectation() -> None:
    exc = refusal(CONTRACTING, lambda d: d["reinforcements"].__setitem__("level", "3"))
    said(exc, "Insurgency Level", "expected 'automatic' or a whole number (got '3')")
    exc = refusal(MARKET_DAY, lambda d: d.__setitem__("modules", [1]))
    assert lines(exc) == ["bad.toml: rule module 1: must be text (got 1)"]
    exc = refusal(CONTRACTING, lambda d: d["sides"].__setitem__("blue", {}))
    said(exc, "the key 'blue' must be 'regular' or 'insurgent'")
    exc = refusal(HEDGEROW, lambda d: d["card"]["checks"][0].__setitem__("at", 5))
    said(exc, "Mission Card, Paragraph Check 1", "at needs a list (got 5)")


def test_a_rectangle_of_the_wrong_length_says_its_four_numbers() -> None:
    exc = refusal(MARKET_DAY, lambda d: d["table"]["pieces"][0].__setitem__("rect", [1, 2, 3]))
    said(exc, "Station Road (station-road)", "a rectangle needs four numbers")


def test_a_bad_polygon_names_the_file_and_the_piece(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    def bow_tie(d: dict[str, Any]) -> None:
        piece = d["table"]["pieces"][0]
        piece.pop("rect", None)
        piece["points"] = [[0, 0], [4, 4], [0, 4], [4, 0]]

    p = changed(tmp_path, MARKET_DAY, bow_tie)
    refused(capsys, p, "Station Road (station-road)", "the outline crosses itself")


def test_an_over_long_name_is_reported_by_its_key() -> None:
    exc = refusal(MARKET_DAY, lambda d: d["units"][0].__setitem__("name", "x" * 300))
    said(exc, "name: is too long: at most 200 characters (it has 300)")
    assert "xxxxxxxxxx" not in str(exc)


def test_a_dotted_key_keeps_its_dot() -> None:
    exc = refusal(HEDGEROW, lambda d: d["card"].setdefault("events", {}).__setitem__("4.5", 3))
    said(exc, "Mission Card, Event column, total 4.5", "the key '4.5' must be a whole number")
    exc = refusal(CONTRACTING, lambda d: d["reinforcements"]["table"].__setitem__("4.5", {}))
    assert "4, 5" not in str(exc), str(exc)
    said(exc, "'4.5'")


def test_an_open_piece_is_an_open() -> None:
    def field(d: dict[str, Any]) -> None:
        d["modules"].append("mines")
        d["mines"] = {"fields": {"station-road": {}}}
        d["table"]["pieces"][0]["kind"] = "open"

    said(refusal(MARKET_DAY, field), "is an open, not a minefield")


# -- item 5: the Limits table says what the program enforces --------------------------------------


def _limit(model: Any, name: str) -> Any:
    """A field's upper bound as its schema holds it (le or max_length)."""
    for m in model.model_fields[name].metadata:
        for attr in ("le", "max_length"):
            if getattr(m, attr, None) is not None:
                return getattr(m, attr)
    raise AssertionError(f"{model.__name__}.{name} has no upper bound")


def _limits_table() -> dict[str, str]:
    text = (DOCS / "formats.md").read_text()
    section = text.split("### Limits", 1)[1].split("\n## ", 1)[0]
    rows = [r.strip().strip("|").split("|") for r in section.splitlines() if r.startswith("| ")]
    return {cells[0].strip(): cells[1].strip() for cells in rows[1:]}


def test_the_limits_table_lists_every_limit_with_the_programs_numbers() -> None:
    table = _limits_table()
    expected: dict[str, list[Any]] = {
        "Ambush Alley: table width and depth": [_limit(TableSpec, "width"), _limit(TableSpec, "height")],
        "turns (`turn_limit`)": [_limit(ScenarioSpec, "turn_limit")],
        "table pieces": [MAX_PIECES],
        "corners of one piece or zone (`points`)": [MAX_CORNERS],
        "units": [MAX_UNITS],
        "figures in a unit": [MAX_FIGURES],
        "Hot Spots": [MAX_HOT_SPOTS],
        "escorts, contractors, aid stations, awards, deployment zones of a side": [MAX_LIST],
        "rule modules switched on": [_limit(ScenarioSpec, "modules")],
        "reinforcement small arms in one line": [MAX_REINFORCEMENTS],
        "ids; names, titles, labels; briefs and texts": [MAX_ID, MAX_NAME, MAX_TEXT],
        "points of one award or victory key": [_limit(AwardSpec, "points")],
        "Force on Force: IEDs (`[[ieds.devices]]`)": [_limit(IedsSettings, "devices")],
        "an IED's id; its label": [_limit(DeviceSettings, "id"), _limit(DeviceSettings, "label")],
        "minefields; mounted units": [_limit(MinesSettings, "fields"), _limit(MountedSettings, "units")],
        "Positive Leaders; Negative Leaders": [_limit(CombatStressSettings, "positive_leaders"),
                                               _limit(CombatStressSettings, "negative_leaders")],
        "Ambush!: paragraphs": [am.MAX_PARAGRAPHS],
        "map width and height": [_limit(am.MapSpec, "width"), _limit(am.MapSpec, "height")],
        "German cards; US soldiers": [am.MAX_GERMANS, am.MAX_SQUAD],
        "points (a `score`, a victory award, a level's `min`)": [am.MAX_POINTS],
        "a scenario, mission or chart file's size": [MAX_FILE_BYTES // 2**20],
    }
    for what, numbers in expected.items():
        assert what in table, f"the Limits table has no row {what!r}"
        said_numbers = [float(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", table[what])]
        for n in numbers:
            assert float(n) in said_numbers, f"{what}: the code says {n}, the table {table[what]!r}"


def test_a_list_over_its_bound_is_refused_in_the_words_the_limits_table_uses() -> None:
    exc = refusal(MARKET_DAY, lambda d: d["ieds"].__setitem__(
        "devices", [dict(d["ieds"]["devices"][0], id=f"ied-{k}") for k in range(101)]))
    said(exc, "IED settings, devices", "at most 100")


def test_exit_code_is_bad_input_for_a_typo(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    p = changed(tmp_path, MARKET_DAY, lambda d: d.__setitem__("turn_limit", "10"))
    refused(capsys, p, "turn limit", "must be a whole number (got '10')")


def test_a_designer_file_over_its_size_bound_is_refused_unread(tmp_path: Path) -> None:
    """A 9 MB scenario (the fuzzer's hedgerow with its paragraphs repeated was 65 MB and
    took half a minute to parse) is refused by its size, naming the file and the bound."""
    p = tmp_path / "huge.toml"
    p.write_bytes(b"# " + b"x" * (MAX_FILE_BYTES + 10) + b"\n")
    with pytest.raises(ScenarioError) as exc:
        systems.load_scenario(str(p))
    assert "huge.toml" in str(exc.value) and "at most 8 MB" in str(exc.value)


def test_a_reinforcement_roll_given_twice_is_refused_not_merged() -> None:
    """The reinforcement table's keys "04" and "4" are one roll given twice: read strictly,
    both became roll 4 and one silently won (the MOPP schedule had the same fault)."""
    data = read_data(systems.resolve("contracting-trouble"))
    data["reinforcements"]["table"]["04"] = data["reinforcements"]["table"]["4"]
    with pytest.raises(ScenarioError) as exc:
        Scenario.from_data(data, "ct.toml")
    assert "ct.toml: reinforcements, table: roll 4 is given twice (keys '4' and '04')" in str(exc.value)
