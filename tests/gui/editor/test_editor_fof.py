"""Force on Force in the table editor: a module scenario built from an empty table with the
real widgets (modules switched on in the Modules tab, a minefield dragged out and its
type chosen under Properties, an IED placed and dragged, MOPP set, a leader added, a
mortar team, a unit's Confidence), saved, validated, played to the end by the computer on
both sides, opened by Play from here and simulated; each change one undo step; module
problems in the designer's words, a click on one selecting its thing on the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QInputDialog, QSpinBox

from ambush_gui import systems
from ambush_gui.core.files import read_data
from ambush_gui.gui.editor.document import EditorDocument, parse_path
from ambush_gui.gui.editor.table.modules import RecordList
from ambush_gui.gui.editor.table.page import TablePage, new_table_data
from ambush_gui.gui.editor.window import SEAT_CHOICES, EditorWindow

from .test_editor_table import click, drag, make_page, type_into

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def tick(box: QCheckBox) -> None:
    """Click a check box where a person would (its indicator)."""
    QTest.mouseClick(box, LEFT, NONE, QPoint(8, box.height() // 2))


def choose(combo: QComboBox, text: str) -> None:
    """Pick the entry that starts with ``text`` as a person would (the keyboard, then
    activated, which is what the forms listen to)."""
    index = next(i for i in range(combo.count()) if combo.itemText(i).lower().startswith(text.lower()))
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def step_up(spin: QSpinBox, times: int = 1) -> None:
    spin.setFocus()
    for _ in range(times):
        QTest.keyClick(spin, Qt.Key.Key_Up)


def place_unit(page: TablePage, side: int, name: str, count: int, at: tuple[float, float],
               leader: bool = False) -> None:
    page.tabs.setCurrentIndex(1)
    roster = page.roster
    roster.side.setCurrentIndex(side)
    type_into(roster.name, name)
    roster.count.setValue(count)
    roster.leader.setChecked(leader)
    QTest.mouseClick(roster.place, LEFT)
    click(page, *at)


def errors(doc: EditorDocument) -> list[Any]:
    """What stops play (a warning, such as reinforcements with no Hot Spot yet, does not)."""
    return [f for f in doc.findings() if f.severity == "error"]


def records(page: TablePage, path: tuple[str, ...]) -> RecordList:
    return next(r for r in page.modules.records if r.path == path)


def build(qtbot: Any) -> tuple[EditorDocument, TablePage]:
    """The scenario, built from nothing with the mouse and the forms."""
    doc = EditorDocument(new_table_data(24, 24, "Mined Road"))
    page = make_page(qtbot, doc)
    page.tool_actions["rect:building"].trigger()
    drag(page, (9, 11), (13, 14))
    place_unit(page, 0, "Fireteam Alpha", 4, (3, 2), leader=True)
    place_unit(page, 0, "Mortar Section", 2, (6, 1))
    place_unit(page, 1, "Gunmen", 4, (16, 20), leader=True)

    # the modules, switched on in the Modules tab
    page.tabs.setCurrentIndex(3)
    m = page.modules
    for name in ("mortars", "nbc", "mines", "combat_stress"):
        assert not m.panels[name].isVisibleTo(page)
        tick(m.switches[name])
        assert m.panels[name].isVisibleTo(page)
    assert doc.get(("modules",)) == ["mortars", "nbc", "mines", "combat_stress"]
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == "Switch on: Combat stress"

    # NBC: the Regulars start in MOPP 2, the Insurgents go to MOPP 1 from turn 3
    step_up(m.widget_for(("nbc", "mopp", "regular")), 2)
    assert doc.get(("nbc", "mopp")) == {"regular": 2}
    schedule = records(page, ("nbc", "schedule"))
    QTest.mouseClick(schedule.add_button, LEFT)
    turn, side, level, _x = schedule.widgets[0]
    step_up(turn)
    choose(side, "Insurgents")
    step_up(level)
    assert doc.get(("nbc", "schedule")) == {"3": {"insurgent": 1}}
    tick(m.widget_for(("nbc", "environment")))
    assert doc.get(("nbc", "environment")) is True

    # combat stress: a background level, a Positive Leader (the leader of Alpha, rating 2)
    step_up(m.widget_for(("combat_stress", "background")))
    leaders = records(page, ("combat_stress", "positive_leaders"))
    QTest.mouseClick(leaders.add_button, LEFT)
    figure, rating, _x = leaders.widgets[0]
    alpha_leader = doc.get(("units", 0, "figures", 0, "id"))
    assert figure.currentText().startswith(alpha_leader) and "leader" in figure.currentText()
    step_up(rating)
    assert doc.get(("combat_stress",)) == {"background": 1,
                                          "positive_leaders": [{"figure": alpha_leader, "rating": 2}]}

    # a mortar team: the Mortar Section with a light mortar
    teams = records(page, ("mortars", "teams"))
    QTest.mouseClick(teams.add_button, LEFT)
    unit, kind, _x = teams.widgets[0]
    choose(unit, "Mortar Section")
    assert doc.get(("mortars", "teams")) == {doc.get(("units", 1, "id")): "light"}

    # a minefield across the road, heavy anti-personnel, medium concentration
    page.tool_actions["rect:minefield"].trigger()
    drag(page, (8, 6), (16, 9))
    field = doc.get(("table", "pieces", 1))
    assert field["kind"] == "minefield"
    extras = page.piece_form.modules
    assert extras.isVisibleTo(page)
    choose(extras.mine_type, "heavy AP")
    choose(extras.concentration, "medium")
    assert doc.get(("mines", "fields", field["id"])) == {"type": "heavy_ap", "concentration": "medium"}
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == "Change Minefield 1: concentration"

    # an IED placed with its tool (which switches the module on), dragged, made large
    page.tool_actions["ied"].trigger()
    click(page, 12, 16)
    assert "ieds" in doc.get(("modules",))
    assert doc.get(("ieds", "devices")) == [{"id": "ied-1", "at": [12, 16]}]
    page.tool_actions["select"].trigger()
    drag(page, (12, 16), (13, 17))
    assert doc.get(("ieds", "devices", 0, "at")) == [13, 17]
    assert page.canvas.selected == ("ieds", "devices", 0) and page.props.currentWidget() is page.ied_form
    choose(page.ied_form.rows["size"], "large")
    assert doc.get(("ieds", "devices", 0)) == {"id": "ied-1", "at": [13, 17], "size": "large"}

    # the Gunmen are Low Confidence (their unit's own form)
    click(page, 16, 20)
    assert page.canvas.selected == ("units", 2)
    choose(page.unit_form.field("confidence"), "Low")
    assert doc.get(("units", 2, "confidence")) == "low"

    # the leader and the mortar team are marked on the table
    assert [b.text for b in page.canvas.leader_badges] == ["+2"]
    assert page.canvas.unit_title(doc.get(("units", 1))) == "Mortar Section (light mortar)"
    assert "heavy AP, medium" in page.canvas.piece_labels[1].text
    return doc, page


def play_to_the_end(scenario: Any, seed: int) -> Any:
    game = systems.new_game(scenario, seed)
    ai = systems.computer_player("alley")
    game.start()
    for _ in range(20000):
        d = game.pending()
        if d is None:
            break
        game.answer(ai.choose(game, d))
    assert game.over
    return game


def test_a_module_scenario_built_from_scratch_validates_plays_and_simulates(
        qtbot: Any, tmp_path: Path) -> None:
    doc, page = build(qtbot)
    assert errors(doc) == []
    out = doc.save(tmp_path / "mined-road.toml")
    data = read_data(out)
    assert data["modules"] == ["mortars", "nbc", "mines", "ieds", "combat_stress"]
    assert data["mines"]["fields"]["minefield-1"] == {"type": "heavy_ap", "concentration": "medium"}
    scenario = systems.load_scenario(out)
    game = play_to_the_end(scenario, 5)
    assert set(game.modules.by_name) == {"mortars", "nbc", "mines", "ieds", "combat_stress"}

    # every change was one undo step: undo all of it and the table is empty again
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.data == new_table_data(24, 24, "Mined Road")
    while doc.undo_stack.canRedo():
        doc.undo_stack.redo()
    assert doc.data == data


def test_play_from_here_and_simulate_a_module_scenario(qtbot: Any, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    doc, page = build(qtbot)
    path = doc.save(tmp_path / "mined-road.toml")
    win = EditorWindow()
    qtbot.addWidget(win)
    win.show()
    assert win.open_path(path)
    text = dict(SEAT_CHOICES)["regular"]
    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(lambda *a, **k: (text, True)))
    game_win = win.play_from_here()
    assert game_win is not None
    game = game_win.controller.game
    assert "mines" in game.modules and "ieds" in game.modules
    game_win.close()
    dlg = win.simulate()
    assert dlg is not None
    dlg.run(4, 11)
    qtbot.waitUntil(lambda: dlg.report is not None, timeout=120_000)
    assert dlg.report.games == 4 and dlg.report.exceptions == 0 and dlg.report.invariant_violations == 0


def test_a_module_file_opened_and_saved_unedited_is_unchanged(qtbot: Any, tmp_path: Path) -> None:
    doc, _page = build(qtbot)
    first = doc.save(tmp_path / "a.toml")
    again = EditorDocument.open(first)
    page = make_page(qtbot, again)
    page.tabs.setCurrentIndex(3)
    QApplication.processEvents()
    assert not again.is_dirty()
    second = again.save(tmp_path / "b.toml")
    assert second.read_bytes() == first.read_bytes()


def test_switching_a_module_off_takes_its_settings_with_it_in_one_undo_step(qtbot: Any) -> None:
    doc, page = build(qtbot)
    before = dict(doc.data)
    tick(page.modules.switches["nbc"])
    assert "nbc" not in doc.get(("modules",)) and "nbc" not in doc.data
    assert errors(doc) == []
    doc.undo_stack.undo()
    assert doc.data == before


def test_deleting_a_minefield_or_a_unit_takes_its_module_settings_too(qtbot: Any) -> None:
    doc, page = build(qtbot)
    page.canvas.select(("table", "pieces", 1))
    page.canvas.delete_selected()
    assert doc.get(("mines", "fields")) is None and errors(doc) == []
    page.canvas.select(("units", 1))  # the Mortar Section
    page.canvas.delete_selected()
    assert doc.get(("mortars", "teams")) is None and errors(doc) == []
    page.canvas.select(("units", 0))  # Alpha, whose leader is a Positive Leader
    page.canvas.delete_selected()
    assert doc.get(("combat_stress", "positive_leaders")) is None
    assert [f.path for f in doc.findings()] == ["sides.regular"]  # no Regulars left: not a module's


def test_module_problems_are_in_designers_words_and_select_their_thing(qtbot: Any) -> None:
    doc, page = build(qtbot)
    doc.set(("ieds", "devices", 0, "at"), [40, 17])
    doc.set(("combat_stress", "positive_leaders", 0, "figure"), "nobody")
    found = {f.path: f for f in doc.findings()}
    ied = found["ieds.devices[0].at"]
    assert ied.place == "IED ied-1" and ied.what.startswith("[40.0, 17.0] is off the table")
    leader = found["combat_stress.positive_leaders[0].figure"]
    assert leader.place.startswith("Positive Leader nobody") and not leader.what.startswith("Positive")
    assert page.focus_path(parse_path("ieds.devices[0].at"))
    assert page.canvas.selected == ("ieds", "devices", 0) and page.tabs.currentIndex() == 0
    # the IED off the table is ringed as a problem
    assert page.canvas.problem_marks
    doc.set(("combat_stress", "positive_leaders", 0, "figure"), doc.get(("units", 2, "figures", 0, "id")))
    assert page.focus_path(parse_path("combat_stress.positive_leaders[0].rating"))
    assert page.canvas.selected == ("units", 2) and page.canvas.selected_figure == 0
    assert page.focus_path(parse_path("nbc.schedule"))
    assert page.tabs.currentIndex() == 3


def test_mobs_mounted_units_and_renames_in_the_editor(qtbot: Any, tmp_path: Path) -> None:
    """The other two modules: a mob stand made hostile under Properties (switching the
    civilians module on), the civilians' attitude, a mounted unit of cavalry; a unit
    renamed keeps its mortar team and its mounted line; the scenario plays to the end."""
    doc, page = build(qtbot)
    page.tool_actions["rect:civilian_mob"].trigger()
    drag(page, (18, 12), (21, 14))
    n = len(doc.get(("table", "pieces"))) - 1
    mob = doc.get(("table", "pieces", n))
    assert mob["kind"] == "civilian_mob" and page.piece_form.modules.isVisibleTo(page)
    tick(page.piece_form.modules.hostile)
    assert "civilians" in doc.get(("modules",)) and doc.get(("civilians", "hostile_mobs")) == [mob["id"]]
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == f"Change {mob['label']}: hostile"
    assert "hostile" in page.canvas.piece_labels[n].text or "hostile" in page.canvas.pieces[n].toolTip()

    page.tabs.setCurrentIndex(3)
    m = page.modules
    choose(m.widget_for(("civilians", "attitude", "regular")), "Hostile")
    assert doc.get(("civilians", "attitude")) == {"regular": "hostile"}
    tick(m.switches["mounted"])
    mounted = records(page, ("mounted", "units"))
    QTest.mouseClick(mounted.add_button, LEFT)
    unit, kind, on_horse, mounts, _x = mounted.widgets[0]
    choose(unit, "Fireteam Alpha")
    choose(kind, "Cavalry")
    assert doc.get(("mounted", "units")) == [{"unit": doc.get(("units", 0, "id")), "type": "cavalry"}]
    assert page.canvas.unit_title(doc.get(("units", 0))) == "Fireteam Alpha (cavalry)"

    # the Mortar Section renamed on its form: its mortar team follows, in one undo step
    page.canvas.select(("units", 1))
    type_into(page.unit_form.field("id"), "mortars-1")
    assert doc.get(("mortars", "teams")) == {"mortars-1": "light"}
    assert errors(doc) == []
    doc.undo_stack.undo()
    assert doc.get(("units", 1, "id")) in doc.get(("mortars", "teams")) and errors(doc) == []
    doc.undo_stack.redo()

    out = doc.save(tmp_path / "market.toml")
    game = play_to_the_end(systems.load_scenario(out), 9)
    assert {"civilians", "mounted"} <= set(game.modules.by_name)
