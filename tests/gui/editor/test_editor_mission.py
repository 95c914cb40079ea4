"""The hex mission page of the editor: a mission built from empty through its widgets,
saved, reopened, validated and played; live validation; the shipped missions open right."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from ambush_gui import systems
from ambush_gui.ambush.mission import Mission, shipped
from ambush_gui.ambush.model import Mode
from ambush_gui.core.hexgrid import Hex
from ambush_gui.gui.editor.document import EditorDocument
from ambush_gui.gui.editor.hexmap import data as md
from ambush_gui.gui.editor.hexmap.page import MissionPage, new_mission_data
from ambush_gui.gui.editor.hexmap.paragraphs import ActEdit
from ambush_gui.gui.editor.window import EditorWindow


def page_for(qtbot: QtBot, doc: EditorDocument) -> MissionPage:
    page = MissionPage(doc)
    qtbot.addWidget(page)
    page.resize(1600, 950)
    page.show()
    qtbot.waitExposed(page)
    page.fit()
    return page


def click_hex(qtbot: QtBot, page: MissionPage, label: str) -> None:
    qtbot.mouseClick(page.view.viewport(), Qt.MouseButton.LeftButton, pos=page.view.hex_centre(label))


def drag(qtbot: QtBot, page: MissionPage, labels: list[str]) -> None:
    vp = page.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=page.view.hex_centre(labels[0]))
    for lb in labels[1:]:
        qtbot.mouseMove(vp, page.view.hex_centre(lb))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=page.view.hex_centre(labels[-1]))


def choose(box: QComboBox, data: object) -> None:
    """Pick an entry the way a person does: the combo's ``activated``."""
    i = box.findData(data)
    assert i >= 0, data
    box.setCurrentIndex(i)
    box.activated.emit(i)


def pick_terrain(page: MissionPage, key: str) -> None:
    for r in range(page.terrain_palette.count()):
        if page.terrain_palette.item(r).data(Qt.ItemDataRole.UserRole) == key:
            page.terrain_palette.setCurrentRow(r)
            return
    raise AssertionError(key)


def terrain(doc: EditorDocument, label: str) -> str:
    """The terrain the game's loader reads for a hex of the document."""
    return Mission.from_data(copy.deepcopy(doc.data)).map.terrain(Hex.from_label(label))


def test_a_mission_built_from_empty_saves_reopens_validates_and_plays(qtbot: QtBot, tmp_path: Path) -> None:
    doc = EditorDocument(new_mission_data(6, 5, "Test Farm"))
    page = page_for(qtbot, doc)
    stack = doc.undo_stack

    # the map: a stroke of woods, a road with the 7-hex brush, a wall on one edge
    pick_terrain(page, "woods")
    assert page.view.tool == "paint"
    drag(qtbot, page, ["0101", "0201", "0301"])
    assert stack.text(stack.index() - 1) == "Paint 3 hexes woods"
    assert page.hexmap.terrain(Hex.from_label("0201")) == "woods"
    pick_terrain(page, "field")
    page.brush7.setChecked(True)
    click_hex(qtbot, page, "0504")
    assert stack.text(stack.index() - 1) == "Paint 7 hexes field"
    page.brush1.setChecked(True)
    page.set_tool("hexside")
    choose(page.feature, "wall")
    edge = page.view.side_point("0302", "0402")
    qtbot.mouseClick(page.view.viewport(), Qt.MouseButton.LeftButton, pos=edge)
    assert doc.get(("map", "hexsides")) == [{"feature": "wall", "sides": ["0302/0402"]}]

    # two Conditions
    page.card.cond_add.click()
    page.card.conditions.item(1, 1).setText("The Germans are alert")
    assert doc.get(("conditions", "B")) == {"name": "The Germans are alert"}

    # three paragraphs; the first activates German 1 and commences Rounds
    pe = page.paragraphs
    for _ in range(3):
        pe.add_button.click()
    assert [p["number"] for p in doc.get(("paragraphs",))] == [1, 2, 3]
    assert stack.text(stack.index() - 1) == "Add paragraph 3"
    pe.select(0, 0)
    pe.text.setFocus()
    pe.text.setPlainText("A rifle barrel slides over the sill.")
    pe.text.commit()
    pe.option_text.setText("Activate German 1 in 0402. Commence Rounds.")
    pe.option_text.editingFinished.emit()
    choose(pe.act_rows[0].verb, "activate")
    act = pe.act_rows[0]
    act.hex.setText("0402")
    act.hex.editingFinished.emit()
    pe.act_add.click()
    choose(pe.act_rows[1].verb, "commence_rounds")
    option = doc.get(("paragraphs", 0, "options", 0))
    assert option["do"] == [{"activate": {"german": 1, "hex": "0402"}}, {"commence_rounds": True}]
    pe.select(1, 0)
    choose(pe.list_style, "numbered")
    choose(pe.when.kind, "condition")
    choose(pe.when.choice, "B")
    assert doc.get(("paragraphs", 1, "options", 0, "when")) == {"condition": "B"}
    assert doc.get(("paragraphs", 1, "style")) == "numbered"

    # one German card, his table edited in a cell
    page.germans.add.click()
    g = doc.get(("germans", 0))
    assert g["columns"] == {"A": [1] * 10, "B": [1] * 10} and g["self_preservation"] == [1] * 10
    page.germans.table.item(4, 1).setText("3")
    assert doc.get(("germans", 0, "columns", "B"))[4] == 3

    # a US squad of two entering by the picked hexes
    page.squad.add.click()
    page.squad.add.click()
    page.set_tool("select")
    drag(qtbot, page, ["0102", "0103"])
    assert page.selected == ["0102", "0103"]
    for i in (0, 1):
        page.squad.select(i)
        page.squad.enters_from_selection.click()
    assert [s["enters"] for s in doc.get(("squad",))] == [["0102", "0103"]] * 2

    # Paragraph Checks: per hex and per area
    page.card.check_paragraph.setValue(1)
    page.card.check_add.click()
    click_hex(qtbot, page, "0102")  # drop both picked hexes, pick two others
    click_hex(qtbot, page, "0103")
    drag(qtbot, page, ["0203", "0204"])
    page.card.area_name.setText("lane")
    page.card.area_add.click()
    assert doc.get(("map", "areas")) == {"lane": ["0203-0204"]}
    page.card.areas.setCurrentCell(0, 0)
    page.card.check_paragraph.setValue(2)
    page.card.area_check.click()
    assert doc.get(("card", "checks")) == [{"at": ["0102", "0103"], "paragraph": 1},
                                           {"at": ["lane"], "paragraph": 2}]

    # the Event column: 7 reads paragraph 3 under every Condition
    page.card.events.item(7 - 2, 0).setText("3")
    assert doc.get(("card", "events")) == {"7": 3}

    # a red reference: two clicks
    page.set_tool("reference")
    click_hex(qtbot, page, "0402")
    click_hex(qtbot, page, "0502")
    assert doc.get(("card", "references")) == [{"path": ["0402", "0502"]}]
    assert stack.text(stack.index() - 1) == "Red reference 0402 → 0502"
    click_hex(qtbot, page, "0505")  # not next to 0502: refused, said why
    assert "not neighbours" in page.status.text()
    click_hex(qtbot, page, "0502")  # the same hex again: the arrow stops there
    assert page.ref_from is None
    assert doc.get(("card", "references")) == [{"path": ["0402", "0502"]}]

    assert doc.problems() == []
    assert terrain(doc, "0301") == "woods" and terrain(doc, "0604") == "field"
    saved = doc.save(tmp_path / "farm.toml")
    again = EditorDocument.open(saved)
    assert again.data == doc.data

    game = systems.new_game(systems.load_scenario(saved), 3)
    ai = systems.computer_player("ambush")
    start = game.turn
    for _ in range(500):
        d = game.pending()
        if d is None or game.turn > start or game.state.mode is Mode.ROUNDS:
            break
        game.answer(ai.choose(game, d))
    assert game.turn > start or game.state.mode is Mode.ROUNDS
    assert systems.invariants(game) == []


def test_undo_takes_back_a_whole_stroke_and_the_map_redraws(qtbot: QtBot) -> None:
    doc = EditorDocument(new_mission_data(5, 4, "Strokes"))
    page = page_for(qtbot, doc)
    pick_terrain(page, "orchard")
    drag(qtbot, page, ["0101", "0102", "0202", "0203"])
    assert doc.get(("map", "terrain")) == [{"terrain": "orchard", "hexes": ["0101-0102", "0202-0203"]}]
    doc.undo_stack.undo()
    assert doc.get(("map", "terrain")) == []
    assert all(page.hexmap.terrain(h) == "clear" for h in page.hexmap.hexes())
    assert page.view.map is page.hexmap


def test_a_goto_to_a_missing_paragraph_is_named_and_a_click_goes_there(qtbot: QtBot) -> None:
    doc = EditorDocument.open(systems.resolve("ambush-tutorial"))
    page = page_for(qtbot, doc)
    pe = page.paragraphs
    # paragraph 3 (index 2), option 2 goes to 4: make it go to 99 through the action's spin box
    page.show_tab(pe)
    pe.select(2, 1)
    goto = next(a for a in pe.act_rows if a.key() == "goto")
    goto.number.setValue(99)
    assert doc.get(("paragraphs", 2, "options", 1, "do", 0)) == {"goto": 99}
    texts = [pe.problems.item(r).text() for r in range(pe.problems.count())]
    assert texts == ["✖ paragraph 3, option 2: goto 99: no such paragraph"]
    missing = texts
    pe.select(0, 0)
    row = texts.index(missing[0])
    item = pe.problems.item(row)
    rect = pe.problems.visualItemRect(item)
    qtbot.mouseClick(pe.problems.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert pe.current() == 2 and pe.current_option() == 1
    assert page.current_tab() is pe


def test_an_unreachable_paragraph_is_a_warning_not_a_problem(qtbot: QtBot) -> None:
    doc = EditorDocument.open(systems.resolve("ambush-tutorial"))
    page = page_for(qtbot, doc)
    new = max(p["number"] for p in doc.data["paragraphs"]) + 1
    page.paragraphs.add_button.click()
    assert doc.problems() == []  # the loader accepts it
    texts = [page.paragraphs.problems.item(r).text() for r in range(page.paragraphs.problems.count())]
    assert texts == [f"⚠ paragraph {new}: is never read: no Mission Card entry, soldier card or "
                     "other paragraph leads to it"]


def test_a_loop_of_gotos_is_the_loader_s_problem_shown_beside_the_list(qtbot: QtBot) -> None:
    doc = EditorDocument.open(systems.resolve("ambush-tutorial"))
    page = page_for(qtbot, doc)
    pe = page.paragraphs
    pe.select(11, 0)  # paragraph 12: both options end his reading; make them go to 13 and back
    with doc.macro("a loop"):
        pe.set_actions([{"goto": 13}], "goto 13")
        pe.select(11, 1)
        pe.set_actions([{"goto": 13}], "goto 13")
        doc.set(("paragraphs", 12, "options", 0, "do"), [{"goto": 12}], "goto 12")
    texts = [pe.problems.item(r).text() for r in range(pe.problems.count())]
    assert any("can never end" in t and "12 -> 13 -> 12" in t for t in texts), texts


def test_read_from_lists_what_leads_to_a_paragraph_and_a_click_goes_there(qtbot: QtBot) -> None:
    doc = EditorDocument.open(systems.resolve("ambush-tutorial"))
    page = page_for(qtbot, doc)
    pe = page.paragraphs
    pe.select(1)  # paragraph 2: paragraph 1's first two options go to it
    words = [pe.readers.item(r).text() for r in range(pe.readers.count())]
    assert words == ["paragraph 1, option 1", "paragraph 1, option 2", "paragraph 7, option 1"]
    pe.select(7)  # paragraph 8: both German cards read it
    words = [pe.readers.item(r).text() for r in range(pe.readers.count())]
    assert "German 1 (A), column A: Action Numbers 0, 1, 2, 3, 4" in words
    item = next(pe.readers.item(r) for r in range(pe.readers.count())
                if pe.readers.item(r).text().startswith("German 2 (B), column B"))
    qtbot.mouseClick(pe.readers.viewport(), Qt.MouseButton.LeftButton,
                     pos=pe.readers.visualItemRect(item).center())
    assert page.current_tab() is page.germans and page.germans.current() == 1
    assert page.germans.table.currentRow() == 2  # his first Action Number reading 8 under B


def test_focus_path_finds_cards_columns_hexes_and_says_when_nothing_matches(qtbot: QtBot) -> None:
    doc = EditorDocument.open(systems.resolve("ambush-tutorial"))
    page = page_for(qtbot, doc)
    assert page.focus_path(("germans", 1, "columns", "B", 4))
    assert page.current_tab() is page.germans and page.germans.current() == 1
    col = page.germans.table.currentColumn()
    assert page.germans.table.horizontalHeaderItem(col).text() == "Condition B"
    assert page.germans.table.currentRow() == 4
    assert page.focus_path(("card", "checks", 1, "at", 0))
    assert sorted(page.focused) == ["0503", "0504", "0603"]  # the yard
    assert page.focus_path(("map", "terrain", 3))
    assert sorted(page.focused) == ["0604", "0605", "0704", "0705"]
    assert page.focus_path(("squad", 2))
    assert page.squad.current() == 2
    assert not page.focus_path(("nothing", 3))


@pytest.mark.parametrize("path", shipped(), ids=lambda p: p.stem)
def test_each_shipped_mission_opens_with_every_hex_and_paragraph(qtbot: QtBot, path: Path) -> None:
    doc = EditorDocument.open(path)
    page = page_for(qtbot, doc)
    mission = Mission.load(path)
    assert page.view.map is page.hexmap
    assert {h: page.hexmap.terrain(h) for h in mission.map.hexes()} == \
        {h: mission.map.terrain(h) for h in mission.map.hexes()}
    assert page.hexmap.hexside_features() == mission.map.hexside_features()
    listed = [page.paragraphs.list.item(r).text().split()[0] for r in range(page.paragraphs.list.count())]
    assert listed == [str(p.number) for p in mission.spec.paragraphs]
    # a hex clicked with Pan says what the card does there
    first = mission.spec.card.checks[0]
    hexes = sorted(mission.places(first.at))
    click_hex(qtbot, page, hexes[0].label)
    assert f"Paragraph Check → {first.paragraph}" in page.status.text()
    assert doc.undo_stack.count() == 0  # looking changes nothing


def test_an_edge_click_finds_the_side_nearest_the_pointer_and_a_second_click_clears_it(
        qtbot: QtBot) -> None:
    doc = EditorDocument(new_mission_data(4, 4, "Edges"))
    page = page_for(qtbot, doc)
    view = page.view
    for a, b in (("0202", "0203"), ("0202", "0302"), ("0303", "0302")):
        centre = view.hex_centre(a)
        edge = view.side_point(a, b)
        near = QPoint((3 * edge.x() + centre.x()) // 4, (3 * edge.y() + centre.y()) // 4)
        assert view.side_at(near) == (a, b)
    page.set_tool("hexside")
    choose(page.feature, "hedgerow")
    for _ in range(2):
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.side_point("0202", "0203"))
    assert doc.get(("map", "hexsides")) == []
    assert [doc.undo_stack.text(i) for i in range(doc.undo_stack.count())] == [
        "Hedgerow between 0202 and 0203", "Clear the side 0202/0203"]


def test_a_combined_condition_is_written_as_json_and_bad_json_is_refused(qtbot: QtBot) -> None:
    doc = EditorDocument.open(systems.resolve("ambush-tutorial"))
    page = page_for(qtbot, doc)
    pe = page.paragraphs
    pe.select(0, 0)  # paragraph 1's first option: all of Condition A and a chance
    assert pe.when.kind.currentData() == "advanced"
    assert json.loads(pe.when.text.text()) == {"all": [{"condition": "A"}, {"chance": "0-3"}]}
    count = doc.undo_stack.count()
    pe.when.text.setText('{"any": [{"condition": "A"}')
    pe.when.text.editingFinished.emit()
    assert doc.undo_stack.count() == count and not pe.when.error.isHidden()
    pe.when.text.setText('{"any": [{"condition": "A"}, {"wounded": true}]}')
    pe.when.text.editingFinished.emit()
    when = doc.get(("paragraphs", 0, "options", 0, "when"))
    assert when == {"any": [{"condition": "A"}, {"wounded": True}]}
    assert pe.when.error.isHidden() and doc.problems() == []


def test_germans_stand_where_paragraphs_activate_them_and_a_click_opens_the_card(qtbot: QtBot) -> None:
    doc = EditorDocument.open(systems.resolve("ambush-tutorial"))
    page = page_for(qtbot, doc)
    counters = {(c.hex, c.text, c.stance) for c in page.activation_counters()}
    # the sentry in the house (or the barn, if the house is entered first); the orchard man
    assert counters == {("0502", "A", "crouching"), ("0602", "A", "crouching"),
                        ("0604", "B", "prone")}
    qtbot.mouseClick(page.view.viewport(), Qt.MouseButton.LeftButton, pos=page.view.counter_pos("german-1-0"))
    assert page.current_tab() is page.germans and page.germans.current() == 1


def test_renumbering_a_paragraph_renumbers_every_reader_in_one_undo_step(qtbot: QtBot) -> None:
    doc = EditorDocument.open(systems.resolve("ambush-hedgerow"))
    page = page_for(qtbot, doc)
    pe = page.paragraphs
    # paragraph 41 is read from German cards and from other paragraphs' "go to"; make a
    # Paragraph Check and the Event column read it too, through the card's widgets
    page.card.events.item(8 - 2, 0).setText("41")
    page.selected = ["1410"]
    page.card.check_paragraph.setValue(41)
    page.card.check_add.click()
    before = copy.deepcopy(doc.data)
    places = [p for p, n, _ in md.paragraph_refs(doc.data) if n == 41]
    assert {p.split(".")[0].split("[")[0] for p in places} == {"card", "germans", "paragraphs"}
    assert "card.events.8" in places and any(p.endswith(".goto") for p in places)
    assert doc.problems() == []
    count = doc.undo_stack.count()

    pe.select(40)
    assert pe.number.value() == 41
    pe.number.setValue(60)
    assert doc.undo_stack.count() == count + 1
    assert doc.undo_stack.text(count) == f"Renumber paragraph 41 as 60 and {len(places)} references to it"
    assert doc.get(("paragraphs", 40, "number")) == 60
    assert [p for p, n, _ in md.paragraph_refs(doc.data) if n == 41] == []
    assert sorted(p for p, n, _ in md.paragraph_refs(doc.data) if n == 60) == sorted(places)
    assert doc.get(("card", "events", "8")) == 60 and doc.get(("card", "checks", 10, "paragraph")) == 60
    assert doc.problems() == []
    assert "Event column: 8" in [pe.readers.item(r).text() for r in range(pe.readers.count())]

    # a number another paragraph has is refused, and the refusal names that paragraph
    pe.number.setValue(40)
    assert doc.undo_stack.count() == count + 1 and doc.get(("paragraphs", 40, "number")) == 60
    assert not pe.number_error.isHidden()
    assert "Paragraph 40 already exists" in pe.number_error.text() and "row 40" in pe.number_error.text()

    doc.undo_stack.undo()
    assert doc.data == before
    assert pe.number.value() == 41 and pe.number_error.isHidden()


def test_a_red_reference_s_conditions_are_set_in_the_page_and_the_map_shows_one_condition(
        qtbot: QtBot) -> None:
    doc = EditorDocument.open(systems.resolve("ambush-tutorial"))
    page = page_for(qtbot, doc)
    card = page.card
    every = len(page.arrows)
    assert every == 5 and len(page.view._arrows.arrows) == 5  # 0502 → 0802 and 0604 → 0804
    card.references.setCurrentRow(1)
    card.ref_when_boxes["B"].click()
    assert doc.get(("card", "references", 1, "when")) == ["B"]
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == "Red reference 0604 → 0804 holds under B only"
    assert "(under B)" in card.references.item(1).text()
    assert doc.problems() == []

    # the map shows what Mission.references gives under the Condition picked
    mission = Mission.from_data(copy.deepcopy(doc.data))
    for condition in ("A", "B"):
        choose(card.ref_view, condition)
        wanted = {(a.label, b.label) for a, b in mission.references(condition).items()}
        assert set(page.arrows) == wanted and len(page.view._arrows.arrows) == len(wanted)
    choose(card.ref_view, "A")
    assert len(page.arrows) == 3
    assert card.references.item(1).foreground().color() != card.references.item(0).foreground().color()
    choose(card.ref_view, None)
    assert len(page.arrows) == every

    # an arrow drawn while Condition B is shown holds under B
    choose(card.ref_view, "B")
    page.set_tool("reference")
    click_hex(qtbot, page, "0804")
    click_hex(qtbot, page, "0805")
    assert doc.get(("card", "references", 1)) == {"path": ["0604", "0704", "0804", "0805"], "when": ["B"]}
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == "Red reference 0804 → 0805 under B"

    # ticking nothing: every Condition again
    card.references.setCurrentRow(1)
    card.ref_when_boxes["B"].click()
    assert "when" not in doc.get(("card", "references", 1))
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == "Red reference 0604 → 0805 holds under every " \
        "Condition"


def test_an_activation_s_weapons_two_turns_and_advantage_are_edited_in_its_row(qtbot: QtBot) -> None:
    doc = EditorDocument.open(systems.resolve("ambush-hedgerow"))
    page = page_for(qtbot, doc)
    pe = page.paragraphs
    page.show_tab(pe)
    pe.select(6, 0)  # paragraph 7: activate German 3 in 0803, crouching
    assert pe.act_rows[0].key() == "activate" and not pe.act_rows[0].extra.isHidden()
    path = ("paragraphs", 6, "options", 0, "do", 0, "activate")

    def row() -> ActEdit:  # the row as drawn now (an edit redraws the option's rows)
        return pe.act_rows[0]

    choose(row().weapon_pick, "panzerfaust")
    assert not row().weapon_drop.isEnabled()
    row().weapon_add.click()
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == \
        "Paragraph 7, option 1: place a panzerfaust marker with German 3"
    choose(row().weapon_pick, "panzerfaust")
    row().weapon_add.click()
    assert doc.get((*path, "weapons")) == ["panzerfaust", "panzerfaust"]
    assert "Panzerfaust, Panzerfaust" in row().weapons_shown.text()
    choose(row().weapon_pick, "panzerfaust")
    assert row().weapon_drop.isEnabled()
    row().weapon_drop.click()
    assert doc.get((*path, "weapons")) == ["panzerfaust"]
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == \
        "Paragraph 7, option 1: take a panzerfaust marker off German 3"
    row().two_turns["german"].click()
    assert doc.get((*path, "two_turns")) == ["german"]
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == \
        "Paragraph 7, option 1: two turns in Round 1 for German"
    choose(row().advantage, "us")
    assert doc.get((*path, "advantage")) == "us"
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == \
        "Paragraph 7, option 1: Advantage in Round 1 to US"
    assert doc.problems() == []
    mission = Mission.from_data(copy.deepcopy(doc.data))
    a = mission.paragraph(7).options[0].do[0].activate
    assert a is not None and a.weapons == ["panzerfaust"] and [s.value for s in a.two_turns] == ["german"]
    # the row redrawn from the document (another paragraph and back) shows the same
    pe.select(5, 0)
    pe.select(6, 0)
    assert row().two_turns["german"].isChecked() and not row().two_turns["us"].isChecked()
    assert row().advantage.currentData() == "us" and row().weapons() == ["panzerfaust"]
    row().two_turns["german"].click()
    assert "two_turns" not in doc.get(path)
    for _ in range(6):
        doc.undo_stack.undo()
    assert "weapons" not in doc.get(path) and "advantage" not in doc.get(path)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_activation_row_and_every_tab_fit_in_the_editor_window(
        qtbot: QtBot, size: tuple[int, int]) -> None:
    win = EditorWindow(EditorDocument.open(systems.resolve("ambush-hedgerow")))
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    page = win.page
    page.focus_path(("paragraphs", 6, "options", 0))
    act = page.paragraphs.act_rows[0]
    qtbot.waitUntil(lambda: act.isVisible() and act.width() > 0)
    scroll = page._scrolls[page.paragraphs]
    assert scroll.horizontalScrollBar().maximum() == 0  # nothing off the right of the pane
    for w in (act.verb, act.german, act.hex, act.stance, act.advantage, act.weapon_pick,
              *act.two_turns.values()):
        assert w.isVisible()
        assert w.width() >= w.minimumSizeHint().width(), w
        right = w.mapTo(act, w.rect().topRight()).x()
        assert right <= act.width(), w
    # every choice of the row can be read whole: the combos' current texts fit their boxes
    for box in (act.verb, act.stance, act.advantage):
        text = box.fontMetrics().horizontalAdvance(box.currentText())
        assert text + 30 <= box.width(), (box.currentText(), box.width())
    # and no tab of the page is cut off on the right: a narrow pane stacks a tab's columns
    for tab in (page.map_tab, page.card, page.paragraphs, page.germans, page.squad, page.settings):
        page.show_tab(tab)
        bar = page._scrolls[tab].horizontalScrollBar()
        qtbot.waitUntil(lambda tab=tab: tab.isVisible())
        assert bar.maximum() == 0, (tab, bar.maximum())
    win.doc.undo_stack.setClean()


def test_grid_and_hex_numbers_stay_in_step_with_g_and_n_on_the_map(qtbot: QtBot) -> None:
    doc = EditorDocument(new_mission_data(5, 4, "Keys"))
    page = page_for(qtbot, doc)
    view = page.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_G)
    assert not view.grid_visible
    assert not page.show_grid.isChecked() and not page.grid_action.isChecked()
    qtbot.keyClick(view, Qt.Key.Key_N)
    assert not view.labels_visible
    assert not page.show_numbers.isChecked() and not page.numbers_action.isChecked()
    page.show_grid.click()
    assert view.grid_visible and page.grid_action.isChecked()
    page.numbers_action.trigger()
    assert view.labels_visible and page.show_numbers.isChecked()
    qtbot.keyClick(view, Qt.Key.Key_N)
    assert not page.show_numbers.isChecked() and not page.numbers_action.isChecked()


def test_a_soldier_card_gives_a_crew_weapon_two_cards_share(qtbot: QtBot) -> None:
    """Issue 13: the squad card's weapon choices offer the machineguns, marked as crew
    weapons; picked on two soldiers' cards they are one gun the mission carries in pieces
    (FC-053), with the Port Boxes the loader asks for until the designer writes them."""
    from tests.ambush import mission_kit

    data = mission_kit.small()
    data["squad"].append(dict(data["squad"][0], id="b", name="Baker"))
    doc = EditorDocument(data)
    page = page_for(qtbot, doc)
    texts = {page.squad.weapons.pick.itemData(i): page.squad.weapons.pick.itemText(i)
             for i in range(page.squad.weapons.pick.count())}
    assert "crew weapon" in texts["m1919"] and "crew weapon" not in texts["m1-garand"]
    for i in (0, 1):
        page.squad.select(i)
        choose(page.squad.weapons.pick, "m1919")
        page.squad.weapons.add.click()
    assert [s["weapons"] for s in doc.get(("squad",))] == [["m1-garand", "m1919"]] * 2
    m = Mission.from_data(copy.deepcopy(doc.data))
    (mg,) = m.crew_weapons()
    assert mg.weapon == "m1919" and mg.carriers == {"a": 2, "b": 1}
    assert any("port_boxes" in path for path, _ in doc.warnings())
    page.squad.select(0)
    page.squad.port.setValue(2)
    page.squad.select(1)
    page.squad.port.setValue(1)
    assert not any("port_boxes" in path for path, _ in doc.warnings())


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_forms_get_their_least_width_and_the_map_the_rest(qtbot: QtBot, size: tuple[int, int]) -> None:
    """The map pane was narrow at 1920 px (615 of 1580): the forms now get the least width
    they need, measured tab by tab (side by side while the map keeps 45% of the page, else
    stacked), and the map the rest."""
    win = EditorWindow(EditorDocument.open(systems.resolve("ambush-hedgerow")))
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    page = win.page
    least = page.least_widths()
    stacked = max(s for _, s in least.values())
    qtbot.waitUntil(lambda: page.split.sizes()[1] == max(
        [stacked, *(w for w, _ in least.values() if w <= sum(page.split.sizes()) * 0.55)]))
    map_w, forms_w = page.split.sizes()
    if size[0] == 1920:  # the booklet keeps its list beside the paragraph
        assert page.paragraphs not in page._wide_need
        assert forms_w == least[page.paragraphs][0]
        assert map_w >= 0.45 * (map_w + forms_w) and map_w > 700
    else:  # the tabs stack, each whole in its pane; the map had 363 px before
        assert forms_w == stacked
        assert map_w > 420
    win.doc.undo_stack.setClean()


def test_a_dragged_split_is_remembered_for_the_next_mission_page(qtbot: QtBot) -> None:
    first = page_for(qtbot, EditorDocument.open(systems.resolve("ambush-hedgerow")))
    qtbot.waitUntil(lambda: first._sized and sum(first.split.sizes()) > 0)
    total = sum(first.split.sizes())
    first.split.setSizes([total - 900, 900])
    first.split.splitterMoved.emit(total - 900, 1)  # what a drag of the handle says
    second = page_for(qtbot, EditorDocument.open(systems.resolve("ambush-tutorial")))
    qtbot.waitUntil(lambda: second.split.sizes()[1] == 900)
    # a remembered width the page cannot give leaves the map its least
    second.split.setSizes([100, total - 100])
    second.split.splitterMoved.emit(100, 1)
    third = page_for(qtbot, EditorDocument.open(systems.resolve("ambush-tutorial")))
    qtbot.waitUntil(lambda: third.split.sizes()[0] >= 240)


def dock_lines(win: EditorWindow) -> list[str]:
    """The Problems dock's lines, each as "place: what" (its warning mark left out)."""
    items = [win.problem_list.list.item(r).text() for r in range(win.problem_list.list.count())]
    return [t.removeprefix("⚠ warning: ") for t in items]


def tab_lines(page: MissionPage) -> list[str]:
    pe = page.paragraphs
    return [pe.problems.item(r).text()[2:] for r in range(pe.problems.count())]


def test_the_problems_dock_and_the_paragraphs_tab_show_the_same_problems_in_a_designer_s_words(
        qtbot: QtBot) -> None:
    """Issue 11: the dock said "1 problem" while the tab listed three errors, warnings never
    reached the dock, and both spoke pydantic ("List should have at least 1 item after
    validation, not 0") and paths (``paragraphs[0].options[0].do[0].goto``)."""
    win = EditorWindow(EditorDocument.open(systems.resolve("ambush-tutorial")))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    doc, page = win.doc, win.page
    with doc.macro("three mistakes"):
        doc.set(("paragraphs", 0, "options", 0, "do"), [{"goto": 0}])  # no paragraph number
        doc.set(("paragraphs", 1, "options", 0, "do"), [])  # an option doing nothing
        doc.set(("paragraphs", 2, "options", 1, "do"), [{"goto": 99}])  # a paragraph not written
    win.check()
    assert dock_lines(win) == tab_lines(page) == [
        "paragraph 1, option 1: goto needs a paragraph number, 1 or more (got 0)",
        "paragraph 2, option 1: do needs at least one action: what happens when the option applies",
        "paragraph 3, option 2: goto 99: no such paragraph",
    ]
    assert "3 problems" in win.problem_list.header.text()
    assert "3 to fix, 0 warnings" in page.paragraphs.problems_title.text()
    for text in (*dock_lines(win), win.problem_list.header.text()):
        assert "List should" not in text and "[" not in text and "Input should" not in text
    # a click in the dock goes to the paragraph and the option, and says the place in words
    item = win.problem_list.list.item(2)
    qtbot.mouseClick(win.problem_list.list.viewport(), Qt.MouseButton.LeftButton,
                     pos=win.problem_list.list.visualItemRect(item).center())
    assert page.current_tab() is page.paragraphs
    assert page.paragraphs.current() == 2 and page.paragraphs.current_option() == 1
    assert win.statusBar().currentMessage() == "paragraph 3, option 2: goto 99: no such paragraph"
    doc.undo_stack.undo()
    win.check()
    # warnings too, the same in both: a paragraph nothing reads and one that scores again
    new = max(p["number"] for p in doc.data["paragraphs"]) + 1
    page.paragraphs.add_button.click()
    win.check()
    assert dock_lines(win) == tab_lines(page) == [
        f"paragraph {new}: is never read: no Mission Card entry, soldier card or other "
        "paragraph leads to it"]
    assert "1 warning" in win.problem_list.header.text()
    assert "0 to fix, 1 warning" in page.paragraphs.problems_title.text()
    doc.undo_stack.setClean()
