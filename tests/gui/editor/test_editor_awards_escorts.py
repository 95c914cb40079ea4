"""Issue 11 in the table editor: what scores (awards) edited as a list, escorts placed and
named, the shorthand keys left as they are until edited ("Not set", nothing written),
the keyboard left on the table, and problems in the designer's words.

Each edit is checked for being one undo step, then saved, reloaded by the game's own
loader and scored by the engine."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ambush_gui import systems
from ambush_gui.alley import victory
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.scenario import Scenario, ScenarioSpec
from ambush_gui.gui.editor.document import EditorDocument
from ambush_gui.gui.editor.table.awards import NOT_SET, scored
from ambush_gui.gui.editor.table.page import TablePage, new_table_data

CT = systems.SCENARIO_DIR / "contracting-trouble.toml"
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def ct_data() -> dict[str, Any]:
    with open(CT, "rb") as fh:
        return tomllib.load(fh)


def make_page(qtbot: Any, doc: EditorDocument, active: bool = False) -> TablePage:
    page = TablePage(doc)
    qtbot.addWidget(page)
    page.resize(1500, 950)
    page.show()
    qtbot.waitExposed(page)
    if active:
        page.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is page)
    page.fit()
    return page


def click(page: TablePage, x: float, y: float) -> None:
    QTest.mouseClick(page.canvas.viewport(), LEFT, NONE, page.canvas.to_pixel((x, y)))


def steps(doc: EditorDocument) -> list[str]:
    return [doc.undo_stack.text(i) for i in range(doc.undo_stack.index())]


def reload(doc: EditorDocument, tmp_path: Path, name: str = "edited.toml") -> Scenario:
    path = doc.save(tmp_path / name)
    return Scenario.load(path)


# -- awards ---------------------------------------------------------------------------------------

def test_the_shorthand_is_listed_as_the_awards_it_stands_for_and_saves_unchanged(qtbot: Any,
                                                                                  tmp_path: Path) -> None:
    doc = EditorDocument(ct_data(), CT)
    page = make_page(qtbot, doc)
    box = page.settings.awards
    assert [box.list.item(i).text() for i in range(box.list.count())] == [
        "US Marines +5 per escort brought off the table — shorthand contractor_escorted",
        "US Marines +5 if no Marine is left behind — shorthand none_left_behind",
        "Insurgents +1 per Marine wounded — shorthand marine_wounded",
        "Insurgents +2 per Marine killed — shorthand marine_killed",
        "Insurgents +5 per captive held at the end — shorthand captive"]
    path = doc.save(tmp_path / "ct.toml")
    assert tomllib.loads(path.read_text()) == ct_data()  # opened and saved: not a key changed


def test_an_award_added_edited_moved_and_removed_is_one_undo_step_each_and_scores(qtbot: Any,
                                                                                  tmp_path: Path) -> None:
    doc = EditorDocument(ct_data(), CT)
    page = make_page(qtbot, doc)
    box = page.settings.awards
    box.add.click()  # the shorthand becomes five awards, and a sixth is added: one step
    assert steps(doc) == ["Add award"]
    v = doc.get(("victory",))
    assert "contractor_escorted" not in v and len(v["awards"]) == 6 and doc.get(("format",)) == 2
    assert v["awards"][:5] == [dict(r.award) for r in scored(ct_data())]
    assert box.selected() == 5
    box.side.activated.emit(1)  # the Insurgents score it...
    box.scores_for.activated.emit(box.scores_for.findText("Zone held at the end"))  # ...for holding a zone
    assert doc.get(("victory", "awards", 5)) == {"side": "insurgent", "event": "zone_held", "points": 1,
                                                 "zone": "main-street"}  # the first piece
    assert box.form.isRowVisible(box.zone) and not box.form.isRowVisible(box.edge)
    mosque = box._zone_ids.index("mosque")
    box.zone.activated.emit(mosque)
    box.points.setValue(-3)  # a penalty
    assert doc.get(("victory", "awards", 5)) == {"side": "insurgent", "event": "zone_held", "points": -3,
                                                 "zone": "mosque"}
    box.up.click()
    assert doc.get(("victory", "awards", 4, "event")) == "zone_held" and box.selected() == 4
    box.select(0)
    box.remove.click()  # the escort award goes
    assert [a["event"] for a in doc.get(("victory", "awards"))] == [
        "none_left_behind", "enemy_wounded", "enemy_killed", "zone_held", "captive_held"]
    assert steps(doc) == ["Add award", "Change award 6: side", "Change award 6: event",
                          "Change award 6: zone", "Change award 6: points", "Move award 6 up",
                          "Remove award 1"]
    scn = reload(doc, tmp_path)
    g = AlleyGame(scn, 0)
    out = victory.finish(g)  # nobody moved: the Insurgents sit in the mosque and lose 3 for it
    ledger = [(s.value, p, w) for s, p, w in g.state.score.lines]
    assert ("insurgent", -3, "Mosque held at the end") in ledger
    assert out["points"] == {"regular": 5, "insurgent": -3 + 5 + 5}  # none left behind; two contractors held
    for _ in range(7):
        doc.undo_stack.undo()
    assert doc.data == ct_data()  # every step undone: the file as shipped


def test_an_edge_award_offers_the_edges_and_an_event_change_drops_what_no_longer_fits(qtbot: Any) -> None:
    data = ct_data()
    exit_north = {"side": "regular", "event": "figure_exited", "points": 1, "edge": "north"}
    data["victory"] = {"awards": [exit_north]}
    doc = EditorDocument(data)
    page = make_page(qtbot, doc)
    box = page.settings.awards
    box.select(0)
    assert box.form.isRowVisible(box.edge) and box.edge.currentText() == "North edge"
    box.edge.activated.emit(0)  # any edge
    assert "edge" not in doc.get(("victory", "awards", 0))
    box.edge.activated.emit(3)
    box.scores_for.activated.emit(box.scores_for.findText("Hot Spots neutralised"))
    assert doc.get(("victory", "awards", 0)) == {"side": "regular", "event": "hot_spot_neutralised",
                                                 "points": 1}
    assert not box.form.isRowVisible(box.edge)
    tips = [box.scores_for.itemData(i, Qt.ItemDataRole.ToolTipRole) for i in range(box.scores_for.count())]
    assert all(t and ":" in t for t in tips) and len(tips) == 10  # every event says what scores


def test_a_format_1_file_shows_the_defaults_as_not_set_and_saves_no_victory_points(qtbot: Any,
                                                                                  tmp_path: Path) -> None:
    data = new_table_data(24, 24, "Fresh")
    data["format"] = 1
    del data["victory"]  # a format-1 file written before awards: the shorthand's defaults score
    data["escorts"] = [{"id": "vip", "at": [12, 12]}]
    doc = EditorDocument(data)
    page = make_page(qtbot, doc)
    box = page.settings.awards
    assert box.list.count() == 5
    for i, default in enumerate((5, 5, 1, 2, 5)):
        box.select(i)
        assert box.points.value() == NOT_SET == box.points.minimum()
        assert box.points.text() == f"Not set: scores {default}"  # not -99
    path = doc.save(tmp_path / "fresh.toml")
    assert "victory" not in tomllib.loads(path.read_text())
    assert doc.undo_stack.count() == 0
    box.select(3)
    box.points.stepUp()  # from "Not set" to the default, written: the designer chose it
    assert doc.get(("victory", "awards", 3)) == {"side": "insurgent", "event": "enemy_killed", "points": 2}
    assert steps(doc) == ["Change award 4: points"]


def test_removing_every_award_scores_nothing_rather_than_the_defaults(qtbot: Any, tmp_path: Path) -> None:
    data = ct_data()
    data["victory"] = {"awards": [{"side": "regular", "event": "hot_spot_neutralised", "points": 3}]}
    doc = EditorDocument(data)
    page = make_page(qtbot, doc)
    page.settings.awards.select(0)
    page.settings.awards.remove.click()
    assert doc.get(("victory",)) == {"awards": []}
    assert reload(doc, tmp_path).spec.victory.all_awards() == []


# -- escorts --------------------------------------------------------------------------------------

def test_an_escort_is_placed_moved_named_and_wounded_and_the_game_reads_it(qtbot: Any,
                                                                           tmp_path: Path) -> None:
    data = new_table_data(24, 24, "Extraction")
    doc = EditorDocument(data)
    page = make_page(qtbot, doc)
    page.tool_actions["escort"].trigger()
    click(page, 12, 12)
    assert doc.get(("escorts",)) == [{"id": "escort-1", "at": [12, 12]}] and doc.get(("format",)) == 2
    assert steps(doc) == ["Add escort escort-1"]
    assert page.canvas.selected == ("escorts", 0) and page.props.currentWidget() is page.marker_form
    page.tool_actions["select"].trigger()
    vp = page.canvas.viewport()
    QTest.mousePress(vp, LEFT, NONE, page.canvas.to_pixel((12, 12)))
    for k in range(1, 7):
        QTest.mouseMove(vp, page.canvas.to_pixel((12 + k, 12 - k / 2)))
    QTest.mouseRelease(vp, LEFT, NONE, page.canvas.to_pixel((18, 9)))
    assert doc.get(("escorts", 0, "at")) == [18, 9]
    form = page.marker_form
    form.label.setText("VIP")
    form.label.editingFinished.emit()
    form.wounded.click()
    assert doc.get(("escorts", 0)) == {"id": "escort-1", "at": [18, 9], "label": "VIP", "wounded": True}
    assert steps(doc)[1:] == ["Move escort escort-1", "Change escort escort-1: label",
                              "Change VIP escort-1: wounded"]
    assert page.canvas.escort_labels[("escorts", 0)].text == "VIP"  # the label is on the table
    assert page.marker_form.title.text() == "Escort: VIP escort-1 (wounded)"
    saved = tomllib.loads(doc.save(tmp_path / "escort.toml").read_text())
    escort = ScenarioSpec.model_validate(saved).all_escorts()[0]  # no units yet: the spec alone
    assert (escort.id, escort.at, escort.label, escort.wounded) == ("escort-1", (18, 9), "VIP", True)
    form.wounded.click()  # unhurt again: the key goes (false is the default)
    assert "wounded" not in doc.get(("escorts", 0))


def test_contractors_are_drawn_and_one_edited_becomes_an_escort_in_one_step(qtbot: Any) -> None:
    doc = EditorDocument(ct_data(), CT)
    page = make_page(qtbot, doc)
    assert {("contractors", 0), ("contractors", 1)} <= set(page.canvas.markers)
    assert page.canvas.escort_labels[("contractors", 0)].text == "Contractors"  # as the game labels them
    assert page.focus_path(("contractors", 1, "at"))
    assert page.marker_form.label.text() == "contractor" and page.marker_form.wounded.isChecked()
    page.marker_form.label.setText("engineer")
    page.marker_form.label.editingFinished.emit()
    assert doc.get(("contractors",)) == [{"id": "contractor-1", "at": [20.7, 10.5]}]
    assert doc.get(("escorts",)) == [{"id": "contractor-2", "at": [21.7, 10.5], "label": "engineer",
                                      "wounded": True}]
    assert page.canvas.selected == ("escorts", 0)
    assert steps(doc) == ["Change contractor contractor-2: label"]
    doc.undo_stack.undo()
    assert doc.data == ct_data()


# -- the keyboard ---------------------------------------------------------------------------------

def test_choosing_a_unit_in_the_roster_leaves_the_keyboard_on_the_table(qtbot: Any) -> None:
    """Clicking a unit in the Units list hid the list that had the keyboard, and Qt gave it
    to the first field of the unit's form: the next key typed changed the unit."""
    doc = EditorDocument(ct_data(), CT)
    page = make_page(qtbot, doc, active=True)
    page.tabs.setCurrentIndex(1)
    lst = page.roster.list
    QTest.mouseClick(lst.viewport(), LEFT, NONE, lst.visualItemRect(lst.item(1)).center())
    assert page.canvas.selected == ("units", 1) and page.tabs.currentIndex() == 0
    qtbot.waitUntil(lambda: QApplication.focusWidget() in (page.canvas, page.canvas.viewport()))
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert page.canvas.selected is None and doc.undo_stack.count() == 0


# -- problems in the designer's words -------------------------------------------------------------

def _set(path: tuple[Any, ...], value: Any) -> Any:
    def change(d: dict[str, Any]) -> None:
        node: Any = d
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = value
    return change


def _armed_escort(d: dict[str, Any]) -> None:
    d["escorts"] = [{"id": "vip", "at": [20, 20], "weapon": "rifle"}]


def _no_insurgents(d: dict[str, Any]) -> None:
    d["units"] = [u for u in d["units"] if u["side"] == "regular"]


@pytest.mark.parametrize(("change", "line", "selected"), [
    (_set(("units", 1, "figures", 0, "at"), [21.0, 11.7]),
     "Fireteam Alpha, figure alpha-1: inside impassable terrain (Wrecked SUV): nobody can stand there",
     ("units", 1)),
    (_set(("hot_spots", 2, "at"), [21.5, 11.5]),
     "Hot Spot 3: inside impassable terrain (Wrecked SUV): its Insurgents could not arrive",
     ("hot_spots", 2)),
    (_set(("units", 1, "figures", 0, "at"), [1.5, 21.5]), "Fireteam Alpha: out of cohesion at set-up: its "
     "figures must each be within 1\" of another, or all within 4\" of the unit's centre (AA-014)",
     ("units", 1)),
    (_set(("units", 1, "figures", 1, "at"), [1.5, 1.5]), "Fireteam Alpha, figure alpha-2: only 0.00\" from "
     "Fireteam Alpha, figure alpha-1: their half-inch bases overlap (AA-004)", ("units", 1)),
    (_armed_escort, "escort vip, weapon: an escort carries no weapon (it never fights, DC-001): leave "
     "'weapon' out, not 'rifle'", ("escorts", 0)),
    (_set(("reinforcements", "level"), 9), "reinforcements, Insurgency Level: the Insurgency Level is 1-6 or "
     "'automatic' (AA-059 rolls a d6), not 9", None),
    (_no_insurgents, "Insurgents: no units: each side needs at least one unit: add one", None),
    (_set(("units", 0, "figures"), []), "Corporal (squad leader), figures: needs at least one", ("units", 0)),
])
def test_each_refusal_reads_in_the_designer_s_words_and_a_click_shows_its_place(
        qtbot: Any, change: Any, line: str, selected: tuple[Any, ...] | None) -> None:
    from ambush_gui.gui.editor.window import EditorWindow

    data = ct_data()
    change(data)
    win = EditorWindow(EditorDocument(data))
    qtbot.addWidget(win)
    win.show()
    plist = win.problem_list.list
    texts = [plist.item(i).text() for i in range(plist.count())]
    assert any(t.startswith(line) for t in texts), texts
    assert len(texts) == len(win.doc.problems())  # the dock lists what the loader refuses, no more
    row = next(i for i, t in enumerate(texts) if t.startswith(line))
    QTest.mouseClick(plist.viewport(), LEFT, NONE, plist.visualItemRect(plist.item(row)).center())
    if selected is not None:
        assert win.page.canvas.selected == selected
    else:
        assert win.page.tabs.currentIndex() == 2  # a field of the Scenario tab
    win.doc.undo_stack.clear()
    win.doc.undo_stack.setClean()


def test_the_dock_and_validate_list_the_same_problems(qtbot: Any, tmp_path: Path) -> None:
    from ambush_gui.core.errors import ScenarioError

    data = ct_data()
    _set(("hot_spots", 2, "at"), [21.5, 11.5])(data)
    _set(("units", 1, "figures", 0, "at"), [1.5, 21.5])(data)
    doc = EditorDocument(copy.deepcopy(data))
    with pytest.raises(ScenarioError) as exc:
        Scenario.from_data(data, "x.toml")
    assert doc.problems() == exc.value.problems


def test_a_problem_with_an_award_shows_that_award_in_the_list(qtbot: Any) -> None:
    from ambush_gui.gui.editor.window import EditorWindow

    data = ct_data()
    data["victory"]["awards"] = [{"side": "regular", "event": "zone_held", "points": 2, "zone": "bazaar"}]
    win = EditorWindow(EditorDocument(data))
    qtbot.addWidget(win)
    win.show()
    plist = win.problem_list.list
    assert plist.count() == 1
    assert plist.item(0).text().startswith("award 1, zone: no table piece or deployment zone 'bazaar'")
    QTest.mouseClick(plist.viewport(), LEFT, NONE, plist.visualItemRect(plist.item(0)).center())
    box = win.page.settings.awards
    assert win.page.tabs.currentIndex() == 2 and box.selected() == 5  # after the five shorthand rows
    assert box.zone.currentText() == "bazaar (no such piece or zone)"
