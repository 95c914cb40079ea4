"""A mission's problems in the designer's words, every independent one at once (a
play-test, s8)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ambush_gui.ambush.mission import SCENARIOS, Mission
from ambush_gui.cli import main
from ambush_gui.core.errors import ScenarioError
from tests.ambush.mission_kit import small


def problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    """The problems, each as (place, what) in the designer's words."""
    with pytest.raises(ScenarioError) as info:
        Mission.from_data(data, "m.toml")
    return info.value.described


def activating(german: int) -> dict[str, Any]:
    data = small()
    data["paragraphs"][1]["options"][0]["do"] = [{"activate": {"german": german, "hex": "0303"}}]
    return data


def test_a_missing_german_is_listed_while_the_squad_is_still_empty() -> None:
    """A paragraph activating a German who did not exist was reported only after a US
    soldier was added: the schema's problem hid the cross-checks'."""
    data = activating(42)
    data["squad"] = []
    got = problems(data)
    assert got == [("the US squad", "the mission needs at least one US soldier"),
                   ("paragraph 2, option 1", "activates German 42, but no German card is numbered 42")]


def test_problems_beside_a_wrong_action_and_a_wrong_rating_are_listed_too() -> None:
    data = activating(42)
    data["paragraphs"][0]["options"][0]["do"][1] = {"fire": "nowhere"}
    data["germans"][0]["ar"] = "two"
    data["card"]["events"]["8"] = 99
    said = [what for _, what in problems(data)]
    assert any("ar needs a whole number (got 'two')" in w for w in said), said
    assert any("fire" in w and "nowhere" in w for w in said), said
    assert any("no German card is numbered 42" in w for w in said), said
    assert any("paragraph 99: no such paragraph" in w for w in said), said


def test_a_stand_in_says_nothing_of_its_own() -> None:
    """The stand-in soldier is nobody's problem: only the file's are listed."""
    data = small()
    data["squad"] = []
    assert problems(data) == [("the US squad", "the mission needs at least one US soldier")]


# -- places and messages in the designer's words ------------------------------------------------


def test_a_quoted_paragraph_number_says_where_and_how_to_write_it() -> None:
    data = small()
    data["card"]["checks"][0] = {"at": ["0201", "0301"], "paragraph": "66"}
    assert problems(data) == [("Mission Card, Paragraph Check 1 (0201, 0301)",
                               "paragraph needs a paragraph number; write 66 without quotes")]


def test_an_activation_s_problems_name_the_action_not_the_file_s_fields() -> None:
    data = small()
    data["paragraphs"][0]["options"][0]["do"][0] = {"activate": {"german": 42, "hex": "9999"}}
    assert problems(data) == [
        ("paragraph 1, option 1, action 1", "activates German 42, but no German card is numbered 42"),
        ("paragraph 1, option 1, action 1", "hex 9999 is off the 6x4 map (columns 01-06, rows 01-04)"),
    ]


def test_map_and_card_places_are_said_as_the_editor_names_them() -> None:
    data = small()
    data["map"]["terrain"][0]["terrain"] = "swamp"
    data["card"]["references"][0]["path"][1] = "0501"
    data["card"]["events"]["7"] = 98
    places = [place for place, _ in problems(data)]
    assert places == ["Map, terrain patch 1 (0302)", "Mission Card, Event column, total 7",
                      "Mission Card, red reference 1 (0101, 0501, 0301 …)",
                      "Mission Card, red reference 1 (0101, 0501, 0301 …)"], places


def test_an_unclosed_quote_is_named_by_its_line(tmp_path: Path) -> None:
    """tomllib said "Illegal character '\\n' (at line 133, column 25)" at the top level; the
    cause was a quote left open."""
    lines = (SCENARIOS / "ambush-tutorial.toml").read_text(encoding="utf-8").splitlines()
    n = next(i for i, line in enumerate(lines) if line.startswith("name = ") and i > 20)
    lines[n] = lines[n].rstrip('"')
    path = tmp_path / "m.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        Mission.load(path)
    assert info.value.problems == [(f"line {n + 1}", "a quote is not closed (a double quote), so "
                                    "the file is not valid TOML: text in quotes ends on the line it "
                                    "starts on; add the closing quote (text over several lines goes "
                                    "between triple quotes)")]


def test_validate_marks_every_line_of_its_problems_as_an_error(tmp_path: Path, capsys: Any) -> None:
    """With an unknown Condition column the second line lacked "error:"."""
    data = small()
    data["germans"][0]["columns"]["Q"] = data["germans"][0]["columns"].pop("B")
    path = tmp_path / "m.toml"
    import tomli_w
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    assert main(["validate", str(path)]) != 0
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2, lines
    assert all(line.startswith(f"error: {path}: German 1") for line in lines), lines
