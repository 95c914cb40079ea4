"""Mission files: the shipped missions load; each cross-check names the exact path (AR-006)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.ambush.mission import Mission, shipped, span_labels
from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.hexgrid import Hex
from tests.ambush.mission_kit import small


def problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(ScenarioError) as err:
        Mission.from_data(data, "broken.toml")
    assert str(err.value).startswith("broken.toml: ")
    return err.value.problems


def paths(data: dict[str, Any]) -> list[str]:
    return [p for p, _ in problems(data)]


@pytest.mark.rule("AR-006")
@pytest.mark.parametrize("path", shipped(), ids=lambda p: p.stem)
def test_the_shipped_missions_load_with_no_warnings(path: Any) -> None:
    m = Mission.load(path)
    assert m.warnings == []  # hedgerow's paragraph 29 kept one until it was read once (issue 11)
    assert Mission.from_data(m.to_data(), "again").to_data() == m.to_data()
    assert m.map.width * m.map.height == len(m.map)
    for s in m.spec.squad:
        assert all(Hex.from_label(h) in m.map for h in s.enters)


def test_the_hedgerow_mission_is_the_size_the_brief_promises() -> None:
    m = Mission.load([p for p in shipped() if "hedgerow" in p.stem][0])
    assert m.map.width >= 12 and m.map.height >= 10
    assert 4 <= len(m.spec.squad) <= 6 and len(m.spec.germans) >= 5
    assert len(m.spec.paragraphs) >= 40 and len(m.spec.conditions) >= 2
    assert m.spec.card.events and m.spec.card.references and m.spec.victory.levels
    assert any(a.end for p in m.spec.paragraphs for o in p.options for a in o.do)


def test_the_small_mission_is_valid() -> None:
    m = Mission.from_data(small())
    assert m.warnings == []
    assert m.check_paragraph(Hex.from_label("0201"), "A") == 1
    assert m.check_paragraph(Hex.from_label("0502"), "B") == 2
    assert m.check_paragraph(Hex.from_label("0601"), "A") is None
    assert m.event_paragraph(7, "A") == 2 and m.event_paragraph(8, "A") is None
    assert m.german_soldier(1).letter == "A" and m.us_soldiers()[0].clips("m1-garand") == 1


def test_block_spans_cover_columns_and_rows() -> None:
    assert span_labels("0401-0502") == ["0401", "0402", "0501", "0502"]


def test_a_paragraph_pointing_to_a_missing_paragraph() -> None:
    data = small()
    data["paragraphs"][1]["options"][0]["do"] = [{"goto": 99}]
    data["card"]["checks"][0]["paragraph"] = 98
    got = problems(data)
    assert ("paragraphs[1].options[0].do[0].goto", "goto 99: no such paragraph") in got
    assert ("card.checks[0].paragraph", "paragraph 98: no such paragraph") in got


@pytest.mark.rule("AR-110")
def test_a_card_missing_a_condition_column() -> None:
    data = small()
    del data["germans"][0]["columns"]["B"]
    assert problems(data) == [("germans[0]", "no column for Condition B (every Condition needs one)")]


def test_a_hex_off_the_map() -> None:
    data = small()
    data["paragraphs"][0]["options"][0]["do"][0]["activate"]["hex"] = "0705"
    data["card"]["references"][0]["path"][3] = "0901"
    data["squad"][0]["enters"] = ["0105"]
    assert paths(data) == ["card.references[0].path[3]", "squad[0].enters[0]",
                           "paragraphs[0].options[0].do[0].activate.hex"]
    assert "hex 0705 is off the 6x4 map" in problems(data)[-1][1]


def test_references_join_adjacent_hexes_one_arrow_per_hex() -> None:
    data = small()
    data["card"]["references"] = [{"path": ["0101", "0301"]}, {"path": ["0101", "0102"]}]
    got = problems(data)
    assert got[0][0] == "card.references[0].path[1]" and "not adjacent" in got[0][1]
    assert got[1][0] == "card.references[1].path[0]" and "one arrow" in got[1][1]


def test_a_loop_of_go_to_with_no_way_out() -> None:
    data = small()
    data["paragraphs"] += [
        {"number": 20, "text": "x", "options": [{"text": "a", "do": [{"goto": 21}]}]},
        {"number": 21, "text": "y", "options": [
            {"text": "b", "when": {"chance": "0-4"}, "do": [{"goto": 20}]},
            {"text": "c", "do": [{"goto": 20}]}]},
    ]
    data["paragraphs"][1]["options"][0]["do"] = [{"goto": 20}]
    got = problems(data)
    assert [p for p, _ in got] == ["paragraphs[1]", "paragraphs[6]", "paragraphs[7]"]
    assert "20 -> 21 -> 20" in got[1][1]


def test_a_loop_with_a_way_out_is_fine() -> None:
    data = small()
    data["paragraphs"] += [
        {"number": 20, "text": "x", "options": [{"text": "a", "do": [{"goto": 21}]}]},
        {"number": 21, "text": "y", "options": [
            {"text": "b", "when": {"chance": "0-4"}, "do": [{"goto": 20}]},
            {"text": "c", "do": [{"hold": True}]}]},
    ]
    data["paragraphs"][1]["options"][0]["do"] = [{"goto": 20}]
    m = Mission.from_data(data)  # no problem: it plays; but it is worth a look (issue 11)
    assert [(m.describe(p, w)[0], w.split(":")[0]) for p, w in m.warnings] == [
        ("paragraph 21, option 2", "applies always (no condition) in a bulleted list, so whenever option "
                                   "1 applies too, both apply and a die picks one of them (AR-117)"),
        ("paragraph 20", "paragraphs 20 -> 21 -> 20 go to each other in a circle")]


def test_an_unreachable_paragraph_is_a_warning() -> None:
    data = small()
    data["paragraphs"].append({"number": 50, "text": "lost", "options": []})
    m = Mission.from_data(data)
    assert m.warnings == [("paragraphs[6]", "paragraph 50 is never read: no Mission Card entry, "
                                             "soldier card or other paragraph leads to it")]


def test_unknown_weapons() -> None:
    data = small()
    data["germans"][0]["weapons"] = ["kar98k", "ray-gun"]
    data["squad"][0]["ammo"] = ["m1-garand", "phaser"]
    data["paragraphs"][0]["options"][0]["do"][0]["activate"]["weapons"] = ["bazooka-x"]
    assert paths(data) == ["germans[0].weapons[1]", "squad[0].ammo[1]",
                           "paragraphs[0].options[0].do[0].activate.weapons[0]"]
    assert "unknown weapon 'ray-gun'" in problems(data)[0][1]


@pytest.mark.rule("AR-007")
def test_a_german_number_used_twice() -> None:
    data = small()
    other = dict(data["germans"][0], letter="B")
    data["germans"].append(other)
    assert problems(data) == [("germans[1].number",
                               "German 1 is used by two cards (card #1 has it too)")]


def test_unknown_conditions_areas_and_germans() -> None:
    data = small()
    data["card"]["start"] = "C"
    data["paragraphs"][1]["options"][0]["when"] = {"any": [{"us_in": ["barn"]},
                                                           {"german_active": 7}]}
    assert paths(data) == ["card.start", "paragraphs[1].options[0].when.any[0].us_in[0]",
                           "paragraphs[1].options[0].when.any[1].german_active"]


def test_a_special_reaction_letter_may_not_be_s_or_a_condition() -> None:
    data = small()
    data["germans"][0]["reactions"]["S"] = data["germans"][0]["reactions"].pop("R")
    assert paths(data) == ["germans[0].reactions.S"]


def test_the_schema_wants_one_key_per_condition_and_action() -> None:
    data = small()
    data["paragraphs"][1]["options"][0]["when"] = {"wounded": True, "sees_us": True}
    data["paragraphs"][1]["options"][0]["do"] = [{}]
    got = problems(data)
    assert [p for p, _ in got] == ["paragraphs[1].options[0].when",
                                   "paragraphs[1].options[0].do[0]"]
    assert "exactly one of" in got[0][1]


def test_a_column_has_ten_action_numbers() -> None:
    data = small()
    data["germans"][0]["columns"]["A"] = [10] * 9
    assert paths(data) == ["germans[0].columns.A"]


@pytest.mark.rule("AR-030")
def test_the_hedgerow_cart_scores_once_however_often_its_event_is_rolled() -> None:
    """Paragraph 29 ("a cart rattles away east", Events 6 and 7 under Condition C) scored
    every time it was rolled and the US computer player farmed it: its sighting makes it read
    once. The format 1 copy kept in tests/ambush/format1 still has the old reading."""
    from ambush_gui.ambush.paragraphs import Paragraphs, TableSituation
    from ambush_gui.core.dice import Dice
    from ambush_gui.core.events import EventLog

    m = Mission.load(systems.resolve("ambush-hedgerow"))
    log = EventLog()
    e = Paragraphs(m, Dice(0, log), log)
    for total in (6, 7):
        first = e.event_check(TableSituation("C", (), {}), total=total)
        assert first is not None and first.paragraph == 29 and first.sighting == "cart-leaves"
        assert e.event_check(TableSituation("C", (), {}, sightings={"cart-leaves"}), total=total) is None
    old = Mission.load(Path(__file__).parent / "format1" / "ambush-hedgerow.toml")
    assert old.paragraph(29).sighting is None  # the old copy is kept as it was
