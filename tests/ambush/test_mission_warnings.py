"""Mission warnings a designer needs and the schema cannot give (issue 11): an "always"
option beside conditional ones (the list style makes them overlap), and a paragraph that
leads round to itself by "go to". Each is doubtful but playable: ``validate`` prints it and
exits 0, and the editor's Problems dock shows it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ambush_gui.ambush.mission import MAX_HOPS, Mission
from ambush_gui.ambush.paragraphs import ParagraphError, Paragraphs
from ambush_gui.cli import main
from ambush_gui.core.dice import Dice
from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.events import EventLog
from ambush_gui.core.files import atomic_write
from tests.ambush.mission_kit import small
from tests.ambush.test_paragraphs import situation

STYLE = {"bulleted": {}, "numbered": {"style": "numbered"}}


def with_paragraph(number: int, options: list[dict[str, Any]], style: str = "bulleted") -> dict[str, Any]:
    """The small mission with paragraph ``number`` added, read by German 1 (Action Number 0
    under Condition A): its options ask about him."""
    data = small()
    data["paragraphs"].append({"number": number, "text": "Test.", "options": options} | STYLE[style])
    data["germans"][0]["columns"]["A"][0] = number
    return data


def warned(data: dict[str, Any]) -> list[tuple[str, str]]:
    """The warnings, each as (place, what) in the designer's words."""
    m = Mission.from_data(data, "test.toml")
    return [m.describe(p, w) for p, w in m.warnings]


SEEN = {"text": "If he sees an American, he fires.", "when": {"sees_us": True},
        "do": [{"fire": "closest"}]}
NEAR = {"text": "If one is next to him, he goes prone.", "when": {"us_within": 1},
        "do": [{"stance": "prone"}]}
ELSE = {"text": "He waits.", "do": [{"hold": True}]}


@pytest.mark.rule("AR-117")
def test_an_always_option_beside_conditional_bullets_is_warned_in_words_of_play() -> None:
    got = warned(with_paragraph(20, [SEEN, NEAR, ELSE]))
    assert len(got) == 1
    place, what = got[0]
    assert place == "paragraph 20, option 3"
    assert what.startswith("applies always (no condition) in a bulleted list, so whenever options 1 "
                           "and 2 apply too, both apply and a die picks one of them (AR-117)")
    assert "Make the list numbered with this option last" in what


@pytest.mark.rule("AR-117")
def test_the_overlap_the_warning_names_is_what_the_engine_does() -> None:
    """What the warning says happens in play: he sees an American, yet the die may make him
    wait (both bullets apply, a logged roll picks one)."""
    data = with_paragraph(20, [SEEN, ELSE])
    log = EventLog()
    chosen = set()
    for face in (1, 2):
        e = Paragraphs(Mission.from_data(data), Dice(0, log, script=(face,), strict=True), log)
        chosen.add(e.read(20, situation(sees_us=True), german=1).option)
    assert chosen == {0, 1}


@pytest.mark.rule("AR-111", "AR-117")
@pytest.mark.parametrize(("options", "style"), [
    ([SEEN, ELSE], "numbered"),  # "otherwise" last: the intended reading
    ([SEEN, NEAR], "bulleted"),  # every bullet has its condition
    ([ELSE], "bulleted"),  # one option, always
    ([{"text": "0-4", "when": {"chance": "0-4"}, "do": [{"hold": True}]},
      {"text": "5-9", "when": {"chance": "5-9"}, "do": [{"stance": "prone"}]}], "bulleted"),
], ids=["numbered-otherwise-last", "all-conditional", "single", "chance-split"])
def test_options_that_do_not_overlap_are_not_warned(options: list[dict[str, Any]], style: str) -> None:
    assert warned(with_paragraph(20, options, style)) == []


@pytest.mark.rule("AR-111")
def test_a_numbered_always_option_before_others_hides_them() -> None:
    got = warned(with_paragraph(20, [SEEN, ELSE, NEAR], "numbered"))
    assert got == [("paragraph 20, option 2",
                    "applies always (no condition) in a numbered list, where the first that applies "
                    "is taken (AR-111): option 3 after it never happens. Move it last, or give it a "
                    "condition")]


def test_a_paragraph_that_goes_to_itself_is_warned_at_its_goto() -> None:
    again = {"text": "0-4: he looks again.", "when": {"chance": "0-4"}, "do": [{"goto": 20}]}
    data = with_paragraph(20, [again, {"text": "5-9", "when": {"chance": "5-9"}, "do": [{"hold": True}]}])
    m = Mission.from_data(data)
    assert [p for p, _ in m.warnings] == ["paragraphs[6].options[0].do[0].goto"]
    place, what = m.describe(*m.warnings[0])
    assert place == "paragraph 20, option 1"
    assert what.startswith("goto 20 leads back to this paragraph: it is read again at once in the "
                           "same situation")
    assert f"after {MAX_HOPS} readings" in what


def test_a_paragraph_going_to_itself_with_no_die_stops_the_game_as_the_warning_says() -> None:
    """The warning's claim: read in the same situation, the same option applies again, until
    the engine gives up. ``sees_us`` does not change between readings."""
    data = with_paragraph(20, [{"text": "He looks again.", "when": {"sees_us": True}, "do": [{"goto": 20}]},
                               {"text": "He waits.", "when": {"sees_us": False}, "do": [{"hold": True}]}])
    assert any("goto 20 leads back" in w for _, w in warned(data))
    log = EventLog()
    e = Paragraphs(Mission.from_data(data), Dice(0, log), log)
    with pytest.raises(ParagraphError, match="a loop"):
        e.read_through(20, situation(sees_us=True), german=1)


def test_a_longer_circle_of_gotos_is_warned_once_and_a_trapped_one_stays_a_problem() -> None:
    data = with_paragraph(20, [{"text": "0-4", "when": {"chance": "0-4"}, "do": [{"goto": 21}]},
                               {"text": "5-9", "when": {"chance": "5-9"}, "do": [{"hold": True}]}])
    data["paragraphs"] += [
        {"number": 21, "text": "On.", "options": [{"text": "on", "do": [{"goto": 22}]}]},
        {"number": 22, "text": "Back.", "options": [{"text": "back", "do": [{"goto": 20}]}]}]
    got = warned(data)
    assert len(got) == 1
    place, what = got[0]
    assert place == "paragraph 20"
    assert what.startswith("paragraphs 20 -> 21 -> 22 -> 20 go to each other in a circle")
    # with no way out it is the loader's problem, and not also a warning
    data["paragraphs"][6]["options"][1]["do"] = [{"goto": 21}]
    with pytest.raises(ScenarioError, match="can never end"):
        Mission.from_data(data)


def test_validate_prints_the_new_warnings_and_exits_0(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    data = with_paragraph(20, [SEEN, ELSE])
    path = tmp_path / "overlap.json"
    atomic_write(path, json.dumps(data))
    assert main(["validate", str(path)]) == 0
    out, err = capsys.readouterr()
    text = out + err
    assert "warning:" in text and "paragraph 20, option 2: applies always" in text


@pytest.mark.rule("AR-110")
def test_a_german_whose_every_action_number_reads_one_paragraph_is_warned() -> None:
    """What "Add German" fills in (every Action Number to the first paragraph) played as
    "No problems: ready to play"; his die never matters, so it is warned of (a play-test)."""
    data = small()
    g = data["germans"][0]
    g["columns"] = {"A": [1] * 10, "B": [1] * 10}
    g["self_preservation"] = [1] * 10
    got = [w for w in warned(data) if w[0] == "German 1"]
    assert got == [("German 1", "every Action Number on his card leads to paragraph 1 (columns A, "
                    "B and S), so he does the same whatever his die rolls; give the Action Numbers "
                    "the paragraphs they should read (AR-110)")]
    g["self_preservation"] = [12] * 10  # one column of his own: a choice the designer made
    assert not [w for w in warned(data) if w[0] == "German 1"]


@pytest.mark.rule("AR-006")
def test_a_mission_nothing_ends_is_warned_naming_what_could_end_it() -> None:
    data = small()
    del data["end"]
    got = [w for w in warned(data) if w[0] == "the end of the mission"]
    assert len(got) == 1
    assert "nothing ends this mission before the day ends after Operations turn 60" in got[0][1]
    assert all(word in got[0][1] for word in ("exit hexes", "'end' action", "end text"))
    for way in ({"end": {"exit_hexes": ["0601"]}}, {"end": {"text": "Dusk ends it."}}):
        assert not [w for w in warned(small() | way) if w[0] == "the end of the mission"]
    data["paragraphs"][1]["options"][0]["do"] = [{"end": "points"}]
    assert not [w for w in warned(data) if w[0] == "the end of the mission"]
