"""The table editor page: a scenario built from empty with the mouse and the forms,
saved, reopened, validated and played; drags, undo, the Hot Spot spacing, cohesion,
the shipped scenarios and focus_path; deployment zones drawn, picked, moved, resized and
deleted, with the figures outside them marked; civilian mobs and minefields placed as
drafts whose problem names the module they need."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from ambush_gui import systems
from ambush_gui.core.files import read_data
from ambush_gui.core.geometry import cohesive
from ambush_gui.gui.editor.document import EditorDocument
from ambush_gui.gui.editor.table.page import TablePage, new_table_data

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def make_page(qtbot: Any, doc: EditorDocument) -> TablePage:
    page = TablePage(doc)
    qtbot.addWidget(page)
    page.resize(1500, 950)
    page.move(4000, 4000)  # clear of any window an earlier test left open
    page.show()
    qtbot.waitExposed(page)
    page.fit()
    return page


def at(page: TablePage, x: float, y: float) -> QPoint:
    """The viewport pixel over table point (x, y) inches."""
    return page.canvas.to_pixel((x, y))


def click(page: TablePage, x: float, y: float, mods: Qt.KeyboardModifier = NONE) -> None:
    QTest.mouseClick(page.canvas.viewport(), LEFT, mods, at(page, x, y))


def drag(page: TablePage, start: tuple[float, float], end: tuple[float, float],
         mods: Qt.KeyboardModifier = NONE, release: bool = True) -> None:
    vp = page.canvas.viewport()
    QTest.mousePress(vp, LEFT, mods, at(page, *start))
    for k in range(1, 7):
        t = k / 6
        QTest.mouseMove(vp, at(page, start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1])))
    if release:
        QTest.mouseRelease(vp, LEFT, mods, at(page, *end))


def type_into(widget: Any, text: str) -> None:
    widget.setFocus()
    widget.selectAll()
    QTest.keyClicks(widget, text)
    QTest.keyClick(widget, Qt.Key.Key_Return)


def play_one_turn(scenario: Any, seed: int = 3) -> Any:
    game = systems.new_game(scenario, seed)
    ai = systems.computer_player("alley")
    game.start()
    first = game.state.turn
    for _ in range(5000):
        d = game.pending()
        if d is None or game.state.turn > first:
            break
        game.answer(ai.choose(game, d))
    assert game.state.turn > first or game.over
    return game


def test_build_save_reload_validate_and_play_from_empty(qtbot: Any, tmp_path: Path) -> None:
    doc = EditorDocument(new_table_data(24, 24, "Test Raid"))
    page = make_page(qtbot, doc)
    canvas = page.canvas

    # terrain: a building and a wall dragged out, a rubble polygon clicked corner by corner
    page.tool_actions["rect:building"].trigger()
    drag(page, (2, 2), (6, 5))
    page.tool_actions["rect:wall"].trigger()
    drag(page, (8, 2), (12, 2.5))
    page.tool_actions["rect:rubble"].trigger()
    page.tool_actions["polygon"].trigger()
    for corner in ((15, 15), (19, 15), (19, 19), (16, 18)):
        click(page, *corner)
    QTest.keyClick(canvas, Qt.Key.Key_Return)
    pieces = doc.get(("table", "pieces"))
    assert [(p["kind"], p.get("rect"), p.get("points")) for p in pieces] == [
        ("building", [2, 2, 4, 3], None),
        ("wall", [8, 2, 4, 0.5], None),
        ("rubble", None, [[15, 15], [19, 15], [19, 19], [16, 18]]),
    ]
    assert len(canvas.pieces) == 3
    # the building's label, typed in its properties
    page.tool_actions["select"].trigger()
    click(page, 4, 3.5)
    assert canvas.selected == ("table", "pieces", 0)
    type_into(page.piece_form.field("label"), "Shop")
    assert doc.get(("table", "pieces", 0, "label")) == "Shop"
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == "Change Building 1: label"

    # units from the roster form
    page.tabs.setCurrentIndex(1)
    roster = page.roster
    roster.side.setCurrentIndex(0)
    type_into(roster.name, "Fireteam Alpha")
    roster.count.setValue(4)
    roster.support.setCurrentIndex(roster.support.findData("saw"))
    QTest.mouseClick(roster.place, LEFT)
    assert canvas.tool == "unit"
    click(page, 2, 8)
    roster.side.setCurrentIndex(1)
    type_into(roster.name, "Gunmen")
    roster.count.setValue(3)
    roster.support.setCurrentIndex(roster.support.findData("rpg"))
    roster.leader.setChecked(True)
    QTest.mouseClick(roster.place, LEFT)
    click(page, 16, 12)
    units = doc.get(("units",))
    assert [(u["name"], u["side"], u["tq"], len(u["figures"])) for u in units] == [
        ("Fireteam Alpha", "regular", "d8", 4), ("Gunmen", "insurgent", "d6", 3)]
    assert units[0]["figures"][-1]["weapon"] == "saw"
    assert units[1]["figures"][0]["kind"] == "leader"
    assert units[0]["figures"][0]["at"] == [2, 8]
    assert sum(len(f) for f in canvas.figures.values()) == 7

    # Hot Spots: the second one closer than 6" is refused and the status says why
    page.tool_actions["hot_spot"].trigger()
    click(page, 20, 20)
    click(page, 22, 22)
    assert "at least 6\" apart" in page.status.text()
    click(page, 20, 4)
    assert [(h["number"], h["at"]) for h in doc.get(("hot_spots",))] == [(1, [20, 20]), (2, [20, 4])]
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == "Add hot spot 2"

    # the settings, typed into the Scenario tab
    page.tabs.setCurrentIndex(2)
    s = page.settings
    type_into(s.field("title"), "Test Raid at Dawn")
    s.brief.setFocus()
    QTest.keyClicks(s.brief, "Get the squad through the market.")
    s.field("title").setFocus()  # leaving the brief commits it
    s.commit_brief()
    turn = s.field("turn_limit")
    turn.setFocus()
    turn.selectAll()
    QTest.keyClicks(turn, "6")
    QTest.keyClick(turn, Qt.Key.Key_Return)
    QTest.mouseClick(s.edge_boxes[("insurgent", "north")], LEFT, NONE, QPoint(4, 4))
    level = s.field(("reinforcements", "level"))
    level.setFocus()
    QTest.keyClick(level, Qt.Key.Key_Down)  # Automatic -> Level 0
    QTest.keyClick(level, Qt.Key.Key_Down)  # -> Level 1
    assert doc.get(("title",)) == "Test Raid at Dawn"
    assert doc.get(("brief",)) == "Get the squad through the market."
    assert doc.get(("turn_limit",)) == 6
    assert doc.get(("sides", "insurgent", "friendly_edges")) == ["north"]
    assert doc.get(("reinforcements", "level")) == 1

    # valid, saved, reopened unchanged, loaded by the game and played for a turn
    assert doc.problems() == []
    out = doc.save(tmp_path / "raid.toml")
    again = EditorDocument.open(out)
    assert again.data == doc.data
    scenario = systems.load_scenario(out)
    game = play_one_turn(scenario)
    assert game.state.turn >= 2 or game.over


def test_a_drag_is_one_undo_step_and_undo_redo_show_on_the_table(qtbot: Any) -> None:
    doc = EditorDocument.open(systems.resolve("contracting-trouble"))
    page = make_page(qtbot, doc)
    shop = doc.get(("table", "pieces", 2))
    assert shop["label"] == "Shop" and shop["rect"] == [1.5, 5.5, 4, 3.5]
    before = page.canvas.pieces[2].sceneBoundingRect()
    drag(page, (3.5, 7.0), (5.5, 8.0))
    assert doc.undo_stack.count() == 1
    assert doc.undo_stack.text(0) == "Move Shop"
    assert doc.get(("table", "pieces", 2, "rect")) == [3.5, 6.5, 4, 3.5]
    moved = page.canvas.pieces[2].sceneBoundingRect()
    assert moved.center().x() == pytest.approx(before.center().x() + 2.0)
    assert moved.center().y() == pytest.approx(before.center().y() - 1.0)  # north is up
    doc.undo_stack.undo()
    assert doc.get(("table", "pieces", 2, "rect")) == [1.5, 5.5, 4, 3.5]
    assert page.canvas.pieces[2].sceneBoundingRect().center() == before.center()
    doc.undo_stack.redo()
    assert page.canvas.pieces[2].sceneBoundingRect().center() == moved.center()


def test_resize_rotate_and_delete_a_piece(qtbot: Any) -> None:
    doc = EditorDocument.open(systems.resolve("contracting-trouble"))
    page = make_page(qtbot, doc)
    assert page.focus_path(("table", "pieces", 2))
    drag(page, (5.5, 9.0), (6.5, 10.0))  # the north-east corner handle
    assert doc.get(("table", "pieces", 2, "rect")) == [1.5, 5.5, 5, 4.5]
    assert doc.undo_stack.text(0) == "Resize Shop"
    page.canvas.setFocus()
    QTest.keyClick(page.canvas, Qt.Key.Key_R)
    turned = doc.get(("table", "pieces", 2))
    assert "rect" not in turned and len(turned["points"]) == 4
    assert doc.undo_stack.text(1) == "Rotate Shop 15° clockwise"
    QTest.keyClick(page.canvas, Qt.Key.Key_Delete)
    assert doc.get(("table", "pieces", 2, "id")) == "garage"
    assert len(page.canvas.pieces) == 15
    assert doc.undo_stack.text(2) == "Delete Shop"


def test_hot_spot_drag_shows_the_rings_and_refuses_a_close_drop(qtbot: Any) -> None:
    doc = EditorDocument.open(systems.resolve("contracting-trouble"))
    page = make_page(qtbot, doc)
    drag(page, (23.3, 11.7), (18.5, 7.5), release=False)  # Hot Spot 3 towards 2, in the warehouse
    rings = page.canvas._rings
    assert len(rings) == 5 and any(r.bad for r in rings)
    QTest.mouseRelease(page.canvas.viewport(), LEFT, NONE, at(page, 18.5, 7.5))
    assert doc.get(("hot_spots", 2, "at")) == [23.3, 11.7]
    assert doc.undo_stack.count() == 0
    assert "AA-050" in page.status.text()
    drag(page, (23.3, 11.7), (23.5, 14.0))
    assert doc.get(("hot_spots", 2, "at")) == [23.5, 14]
    assert doc.undo_stack.text(0) == "Move hot spot 3"


def test_a_unit_moves_whole_and_one_figure_stays_in_cohesion(qtbot: Any) -> None:
    data = new_table_data(24, 24, "Chain")
    data["units"] = [{"id": "line", "name": "Line", "side": "regular", "tq": "d8", "morale": "d10",
                      "figures": [{"id": f"l{k}", "at": [round(1 + 0.9 * k, 2), 1]} for k in range(10)]}]
    doc = EditorDocument(data)
    page = make_page(qtbot, doc)
    drag(page, (1, 1), (1, 3))  # the whole unit
    assert [f["at"] for f in doc.get(("units", 0, "figures"))][:2] == [[1, 3], [1.9, 3]]
    assert doc.undo_stack.text(0) == "Move Line"
    # the last figure dropped 2.75" from the chain is pulled back to within 1" of it
    drag(page, (9.1, 3), (10.5, 4.5), CTRL)
    x, y = doc.get(("units", 0, "figures", 9, "at"))
    assert math.dist((x, y), (8.2, 3)) <= 1.0 and y > 3
    assert "cohesion" in page.status.text()
    assert page.canvas.figures[0][9].pos() == page.canvas.flip.scene(x, y)
    pts = [tuple(f["at"]) for f in doc.get(("units", 0, "figures"))]
    assert cohesive(pts, 1.0, 4.0)
    # dropped far away it is refused, with the reason, and goes back on the table
    drag(page, (x, y), (x, 10), CTRL)
    assert doc.get(("units", 0, "figures", 9, "at")) == [x, y]
    assert "AA-014" in page.status.text() and "not moved" in page.status.text()
    assert page.canvas.figures[0][9].pos() == page.canvas.flip.scene(x, y)
    assert doc.undo_stack.count() == 2


alley_scenarios = [s for s in systems.shipped() if s.system == "alley"]


@pytest.mark.parametrize("shipped", alley_scenarios, ids=lambda s: s.name)
def test_every_shipped_scenario_opens_with_everything_shown(qtbot: Any, shipped: Any) -> None:
    data = read_data(shipped.path)
    doc = EditorDocument(data)
    page = make_page(qtbot, doc)
    c = page.canvas
    assert len(c.pieces) == len(data["table"]["pieces"])
    assert sum(len(f) for f in c.figures.values()) == sum(len(u["figures"]) for u in data["units"])
    assert len(c.markers) == (len(data.get("hot_spots", [])) + len(data.get("contractors", []))
                              + len(data.get("escorts", [])) + len(data.get("aid_stations", []))
                              + len(data.get("ieds", {}).get("devices", [])))  # IEDs: Force on Force
    assert page.settings.field("title").text() == data["title"]
    page.tabs.setCurrentIndex(3)  # the Modules tab shows what the file switches on
    for name, switch in page.modules.switches.items():
        assert switch.isChecked() == (name in data.get("modules", []))
    assert doc.data == data and not doc.is_dirty()  # showing it changed nothing


def test_focus_path_selects_the_named_place(qtbot: Any) -> None:
    doc = EditorDocument.open(systems.resolve("contracting-trouble"))
    page = make_page(qtbot, doc)
    assert page.focus_path(("units", 2, "figures", 1, "weapon"))
    assert page.canvas.selected == ("units", 2) and page.canvas.selected_figure == 1
    assert page.props.currentWidget() is page.unit_form
    assert page.unit_form.field("name").text() == "Fireteam Bravo"
    assert page.focus_path(("table", "pieces", 3, "rect", 2))
    assert page.canvas.selected == ("table", "pieces", 3)
    assert page.piece_form.field("id").text() == "garage"
    assert page.focus_path(("hot_spots", 4, "at"))
    assert page.canvas.selected == ("hot_spots", 4)
    assert page.props.currentWidget() is page.marker_form
    assert page.focus_path(("reinforcements", "table", "7", "small_arms"))
    assert page.tabs.currentIndex() == 2
    assert page.focus_path(("turn_limit",))
    assert not page.focus_path(("table", "pieces", 99))
    assert not page.focus_path(("nothing", "here"))
    assert not page.focus_path(())


def test_an_undone_add_leaves_the_page_consistent(qtbot: Any) -> None:
    doc = EditorDocument(new_table_data(12, 12, "Small"))
    page = make_page(qtbot, doc)
    page.tool_actions["rect:vehicle"].trigger()
    click(page, 6, 6)  # a click drops a wreck of the usual size
    assert doc.get(("table", "pieces", 0, "rect")) == [4.75, 5.5, 2.5, 1]
    assert page.props.currentWidget() is page.piece_form
    doc.undo_stack.undo()
    assert page.canvas.selected is None and page.canvas.pieces == {}
    assert page.props.currentWidget() is page.nothing


def test_polygon_closes_on_double_click_and_esc_cancels(qtbot: Any) -> None:
    doc = EditorDocument(new_table_data(24, 24, "Shapes"))
    page = make_page(qtbot, doc)
    page.tool_actions["rect:building"].trigger()
    page.tool_actions["polygon"].trigger()
    click(page, 2, 2)
    click(page, 6, 2)
    QTest.keyClick(page.canvas, Qt.Key.Key_Escape)  # cancelled: nothing added
    assert doc.undo_stack.count() == 0 and "cancelled" in page.status.text()
    for corner in ((2, 2), (6, 2), (6, 6)):
        click(page, *corner)
    QTest.mouseDClick(page.canvas.viewport(), LEFT, NONE, at(page, 2, 6))
    piece = doc.get(("table", "pieces", 0))
    assert piece["kind"] == "building" and piece["points"] == [[2, 2], [6, 2], [6, 6], [2, 6]]
    assert doc.undo_stack.count() == 1
    assert page.heading.text() == f"Building: {piece['label']}"
    # two corners are no polygon: refused with the reason
    for corner in ((10, 10), (12, 10)):
        click(page, *corner)
    QTest.keyClick(page.canvas, Qt.Key.Key_Return)
    assert "at least 3 corners" in page.status.text() and doc.undo_stack.count() == 1


def test_settings_edits_undo_and_the_form_follows(qtbot: Any) -> None:
    doc = EditorDocument.open(systems.resolve("contracting-trouble"))
    page = make_page(qtbot, doc)
    page.tabs.setCurrentIndex(2)
    box = page.settings.edge_boxes[("regular", "north")]
    QTest.mouseClick(box, LEFT, NONE, QPoint(6, box.height() // 2))
    assert doc.get(("sides", "regular", "friendly_edges")) == ["south", "west", "north"]
    assert doc.undo_stack.text(0) == "Change Regular friendly edges"
    doc.undo_stack.undo()
    assert not box.isChecked()
    assert doc.get(("sides", "regular", "friendly_edges")) == ["south", "west"]
    rpg = page.settings.field(("reinforcements", "table", "3", "rpg"))
    assert rpg.value() == 1
    rpg.setFocus()
    QTest.keyClick(rpg, Qt.Key.Key_Up)
    assert doc.get(("reinforcements", "table", "3", "rpg")) == 2
    doc.undo_stack.undo()
    assert rpg.value() == 1


def test_what_the_loader_rejects_is_marked_on_the_table(qtbot: Any) -> None:
    doc = EditorDocument.open(systems.resolve("contracting-trouble"))
    page = make_page(qtbot, doc)
    assert page.canvas.problem_marks == []
    doc.set(("table", "pieces", 2, "rect"), [22, 5.5, 4, 3.5], "Move Shop")  # over the east edge
    doc.set(("units", 1, "figures", 0, "at"), [-0.5, 1.5], "Move alpha-1")  # off the table, in cohesion
    marks = page.canvas.problem_marks
    assert page.canvas.pieces[2] in marks and page.canvas.pieces[2].blocking
    assert "outside the 24x24 table" in page.canvas.pieces[2].toolTip()
    rings = [m for m in marks if m is not page.canvas.pieces[2]]
    assert len(rings) == 1 and rings[0].pos() == page.canvas.figures[1][0].pos()
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert page.canvas.problem_marks == []


def test_the_unit_form_edits_and_the_unit_is_deleted(qtbot: Any) -> None:
    doc = EditorDocument.open(systems.resolve("contracting-trouble"))
    page = make_page(qtbot, doc)
    click(page, 1.5, 1.5)  # alpha-1
    assert page.canvas.selected == ("units", 1) and page.props.currentWidget() is page.unit_form
    form = page.unit_form
    type_into(form.field("name"), "Alpha Team")
    assert doc.get(("units", 1, "name")) == "Alpha Team"
    assert doc.undo_stack.text(0) == "Change Fireteam Alpha: name"
    assert page.heading.text() == "Regular unit: Alpha Team — figure alpha-1"
    QTest.mouseClick(form.add_button, LEFT)
    figs = doc.get(("units", 1, "figures"))
    assert len(figs) == 5 and figs[-1]["id"] == "alpha-5"
    assert cohesive([tuple(f["at"]) for f in figs], 1.0, 4.0)
    assert len(page.canvas.figures[1]) == 5 and form.table.rowCount() == 5
    weapon = form.table.cellWidget(4, 2)
    weapon.setFocus()
    QTest.keyClick(weapon, Qt.Key.Key_Down)  # rifle -> saw
    assert doc.get(("units", 1, "figures", 4, "weapon")) == "saw"
    page.canvas.setFocus()
    QTest.keyClick(page.canvas, Qt.Key.Key_Delete)
    assert [u["id"] for u in doc.get(("units",))][:2] == ["cpl", "bravo"]
    assert doc.undo_stack.text(doc.undo_stack.count() - 1) == "Delete Alpha Team"
    assert page.props.currentWidget() is page.nothing
    doc.undo_stack.undo()
    assert doc.get(("units", 1, "name")) == "Alpha Team" and len(page.canvas.figures[1]) == 5


# -- deployment zones, civilian mobs and minefields ----------------------------------------------

def test_a_zone_drawn_marks_a_figure_outside_it_until_it_moves_in_and_undo_redo_the_zone(
        qtbot: Any) -> None:
    doc = EditorDocument(new_table_data(24, 24, "Zones"))
    page = make_page(qtbot, doc)
    canvas = page.canvas
    page.tool_actions["zone:regular"].trigger()
    assert canvas.tool == "zone:regular"
    drag(page, (1, 1), (9, 5))
    assert doc.get(("sides", "regular", "deployment")) == [{"rect": [1, 1, 8, 4]}]
    assert doc.undo_stack.count() == 1  # the list made and the zone added: one step
    assert doc.undo_stack.text(0) == "Add Regular deployment zone 1"
    path = ("sides", "regular", "deployment", 0)
    assert canvas.selected == path and path in canvas.zones
    assert page.props.currentWidget() is page.zone_form
    assert page.heading.text() == "Regular deployment zone 1"

    # a Regular unit placed north of the zone: each figure is a problem, ringed on the table
    page.tabs.setCurrentIndex(1)
    page.roster.side.setCurrentIndex(0)
    page.roster.count.setValue(2)
    QTest.mouseClick(page.roster.place, LEFT)
    click(page, 3, 12)
    outside = [(w, what) for w, what in doc.problems() if "deployment zones" in what]
    assert [w for w, _ in outside] == ["units[0].figures[0]", "units[0].figures[1]"]
    assert outside[0][1].startswith("stands outside the regular deployment zones")
    rings = [m for m in canvas.problem_marks if m.pos() in [f.pos() for f in canvas.figures[0]]]
    assert len(rings) == 2 and "outside the regular deployment zones" in rings[0].toolTip()
    # an Insurgent unit anywhere is no problem: the Insurgents have no zones
    page.roster.side.setCurrentIndex(1)
    QTest.mouseClick(page.roster.place, LEFT)
    click(page, 15, 20)
    assert not any(w.startswith("units[1]") for w, _ in doc.problems())

    # moved into the zone through the view: no problem left
    page.tool_actions["select"].trigger()
    drag(page, (3, 12), (3, 3))
    assert doc.get(("units", 0, "figures", 0, "at")) == [3, 3]
    assert not any("deployment zones" in what for _, what in doc.problems())
    assert canvas.problem_marks == []

    # undo of the move brings the problem back; undo of the zone lifts the restriction
    steps = doc.undo_stack.count()
    doc.undo_stack.undo()
    assert any("deployment zones" in what for _, what in doc.problems())
    doc.undo_stack.setIndex(0)
    assert doc.get(("sides", "regular", "deployment")) is None and canvas.zones == {}
    doc.undo_stack.redo()
    assert path in canvas.zones and doc.get((*path, "rect")) == [1, 1, 8, 4]
    doc.undo_stack.setIndex(steps)
    assert doc.get(("units", 0, "figures", 0, "at")) == [3, 3]
    assert not any("deployment" in what for _, what in doc.problems())


def test_a_zone_is_selected_by_its_edge_moved_resized_and_deleted(qtbot: Any) -> None:
    doc = EditorDocument.open(systems.resolve("contracting-trouble"))
    page = make_page(qtbot, doc)
    canvas = page.canvas
    canvas.add_zone("regular", [0.5, 0.5, 14, 4])
    path = ("sides", "regular", "deployment", 0)
    assert doc.problems() == []  # every Regular stands in the south strip
    canvas.select(None)
    # a click inside the zone on open ground selects it; inside it on a piece, the piece;
    # on the zone's edge, the zone even over a piece
    click(page, 10.5, 3)
    assert canvas.selected == path
    click(page, 8, 3)
    assert canvas.selected == ("table", "pieces", 3)  # the garage
    click(page, 12.5, 3)
    assert canvas.selected == ("table", "pieces", 1)  # the cross street
    click(page, 12.5, 4.5)  # the zone's north edge, over the cross street
    assert canvas.selected == path
    drag(page, (10.5, 3), (10.5, 4))
    assert doc.get((*path, "rect")) == [0.5, 1.5, 14, 4]
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == "Move Regular deployment zone 1"
    # Fireteam Bravo at y 1.2 now stands south of it: the loader names them, the page rings them
    outside = [w for w, what in doc.problems() if "deployment zones" in what]
    assert outside == ["units[2].figures[0]", "units[2].figures[1]", "units[2].figures[2]"]
    assert len(canvas.problem_marks) == 3
    drag(page, (14.5, 1.5), (14.5, 0.5))  # the south-east corner handle
    assert doc.get((*path, "rect")) == [0.5, 0.5, 14, 5]
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == "Resize Regular deployment zone 1"
    assert doc.problems() == []
    # a zone off the table is a problem on the zone itself
    doc.set((*path, "rect"), [-2, 0.5, 14, 5], "Move it off")
    assert canvas.zones[path].bad and "outside the 24x24 table" in canvas.zones[path].toolTip()
    doc.undo_stack.undo()
    # Del deletes it, and the side's empty list with it (the file as it was)
    assert page.focus_path(("sides", "regular", "deployment", 0, "rect", 2))
    assert canvas.selected == path and page.props.currentWidget() is page.zone_form
    type_into(page.zone_form.field("label"), "Start line")
    assert doc.get((*path, "label")) == "Start line"
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == "Change Regular deployment zone 1: label"
    assert page.heading.text() == "Regular deployment zone 1 (Start line)"
    assert canvas.zones[path].text == "US Marines set up: Start line"
    spins = page.zone_form.rect_spins
    assert [s.value() for s in spins] == [0.5, 0.5, 14, 5]
    spins[3].setValue(6)
    assert doc.get((*path, "rect")) == [0.5, 0.5, 14, 6]
    canvas.setFocus()
    QTest.keyClick(canvas, Qt.Key.Key_Delete)
    assert "deployment" not in doc.get(("sides", "regular"))
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == "Delete Regular deployment zone 1 (Start line)"
    doc.undo_stack.undo()
    assert path in canvas.zones


@pytest.mark.parametrize("kind, module, rules", [("minefield", "mines", "FF-027..043"),
                                                 ("civilian_mob", "civilians", "FF-129..141")])
def test_a_minefield_or_mob_placed_is_a_problem_naming_its_module(
        qtbot: Any, tmp_path: Path, kind: str, module: str, rules: str) -> None:
    doc = EditorDocument.open(systems.resolve("contracting-trouble"))
    page = make_page(qtbot, doc)
    action = page.tool_actions[f"rect:{kind}"]
    assert module in action.toolTip() and "must switch on" in action.toolTip()
    action.trigger()
    drag(page, (8.5, 10), (14.5, 14))
    n = len(doc.get(("table", "pieces"))) - 1
    piece = doc.get(("table", "pieces", n))
    assert piece["kind"] == kind and piece["rect"] == [8.5, 10, 6, 4]
    got = [(w, what) for w, what in doc.problems() if w.startswith(f"table.pieces[{n}]")]
    assert len(got) == 1 and got[0][0] == f"table.pieces[{n}].kind"
    assert f"need the {module} rule module ({rules}) switched on" in got[0][1]
    assert f'add "{module}" to the scenario\'s modules list' in got[0][1]
    item = page.canvas.pieces[n]
    assert item.kind == kind and item in page.canvas.problem_marks and module in item.toolTip()
    # a draft: it saves and reopens, but the game refuses it with the same words
    out = doc.save(tmp_path / "draft.toml")
    assert EditorDocument.open(out).data == doc.data
    with pytest.raises(Exception, match=f"{module} rule module"):
        systems.load_scenario(out)
    doc.undo_stack.undo()
    assert doc.problems() == []


@pytest.mark.parametrize("rect", [[12, 14, 0, 4], [12, 14, 0, 0]])
def test_a_piece_with_no_area_is_drawn_and_listed(qtbot: Any, rect: list[float]) -> None:
    """A draft may hold a rectangle of no width: the page keeps drawing (a sliver the
    designer can click) and the loader's problem names the piece."""
    doc = EditorDocument(read_data(systems.resolve("contracting-trouble")))
    page = make_page(qtbot, doc)
    doc.set(("table", "pieces", 2, "rect"), rect)
    item = page.canvas.pieces[2]
    assert item.boundingRect().width() > 0 and item.boundingRect().height() > 0
    assert any(path == "table.pieces[2]" for path, _ in doc.problems())
    doc.undo_stack.undo()
    assert doc.problems() == []


def test_an_empty_table_is_not_ready_to_play(qtbot: Any) -> None:
    """Issue 11: a new scenario with no units is refused (a side with no units), so the
    Problems dock cannot say "No problems: ready to play" and Play from here is refused."""
    from ambush_gui.gui.editor.table.page import new_table_data

    doc = EditorDocument(new_table_data(24.0, 24.0, "Empty"))
    assert [p for p, _ in doc.problems()] == ["sides.regular", "sides.insurgent"]
    assert all("have no units" in what for _, what in doc.problems())


@pytest.mark.rule("CT-046")
def test_the_scenario_settings_offer_the_carried_escorts_special_rule(qtbot: Any) -> None:
    """Contracting Trouble's own rule ``escorts_held_at_the_end`` is a special rule the
    editor offers beside "Contractors", ticked for the shipped file; unticking it writes
    the file without it (one undo step), which plays the seed's CT-046."""
    from PySide6.QtWidgets import QCheckBox

    doc = EditorDocument.open(systems.resolve("contracting-trouble"))
    page = make_page(qtbot, doc)
    boxes = {b.text(): b for b in page.findChildren(QCheckBox)}
    box = boxes["Escorts held at the end"]
    assert box.isChecked() and boxes["Contractors"].isChecked()
    assert "Contracting Trouble's own rule" in box.toolTip()
    box.setChecked(False)
    assert doc.get(("special_rules",)) == ["contractors"]
    doc.undo_stack.undo()
    assert doc.get(("special_rules",)) == ["contractors", "escorts_held_at_the_end"]


def test_a_building_too_small_for_its_name_is_named_just_below_it(qtbot: Any) -> None:
    """Play-test: "Pump house" on a 3" building was not shown at all (it appeared once the
    building was 4" wide). Its name now stands just below the building, as on the table in
    play; a wide building keeps its name inside."""
    data = new_table_data(60.0, 48.0, "Pump lane")  # a big table: a 3" building is small
    data.setdefault("table", {})["pieces"] = [
        {"id": "pump", "kind": "building", "label": "Pump house", "rect": [6.0, 10.0, 3.0, 3.0]},
        {"id": "hall", "kind": "building", "label": "Hall", "rect": [2.0, 2.0, 8.0, 5.0]}]
    page = make_page(qtbot, EditorDocument(data))
    canvas = page.canvas
    canvas.layout_labels()
    small, wide = canvas.piece_labels[0], canvas.piece_labels[1]
    assert small.isVisible() and wide.isVisible()
    ppi = canvas.scale_factor()
    box = canvas.pieces[0].polygon.boundingRect()
    assert small.pos().y() >= box.bottom() - 1e-6 and small._anchor == "below", small.pos()  # not over it
    assert canvas.pieces[1].polygon.boundingRect().contains(wide.pos())
    assert ppi > 0


def test_the_pages_status_line_lets_a_message_go_once_read(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Play-test: "Award added: choose who scores…" stood on the status line for the rest of
    the session. A message goes after a while (a refusal stays longer)."""
    from ambush_gui.gui.editor.table import page as page_module

    monkeypatch.setattr(page_module, "STATUS_MS", 50)
    page = make_page(qtbot, EditorDocument(read_data(systems.resolve("contracting-trouble"))))
    page.say("Award added: choose who scores, what for and how many points")
    assert page.status.text().startswith("Award added")
    qtbot.waitUntil(lambda: page.status.text() == "", timeout=2000)
