"""Comfort for weak eyes and colour-blind players (issue 33): the text and symbol scale
(View > Larger / Smaller / Normal size), the colour-blind-safe palette, and the keys."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QSettings, Qt  # noqa: E402
from PySide6.QtGui import QAction  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from ambush_gui.gui.hexmap.view import Counter  # noqa: E402
from ambush_gui.gui.shared import theme  # noqa: E402
from ambush_gui.gui.table.items import Look, symbol_of  # noqa: E402
from tests.gui.hexmap.test_ambush_playthrough import open_window as open_ambush  # noqa: E402
from tests.gui.table.test_playthrough import HOTSEAT  # noqa: E402
from tests.gui.table.test_playthrough import open_window as open_table  # noqa: E402

CTRL = Qt.KeyboardModifier.ControlModifier


def action(win: Any, text: str) -> QAction:
    return next(a for a in win.findChildren(QAction) if a.text() == text)


def key(win: Any, k: Qt.Key, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    win.activateWindow()
    QTest.keyClick(win.windowHandle(), k, mods)


def test_ctrl_plus_enlarges_the_table_labels_and_the_docks_at_once_and_is_remembered(
        qtbot: Any) -> None:
    win = open_table(qtbot, HOTSEAT)
    label = next(iter(win.table.table.unit_labels.values()))
    log_pt, label_pt = win.log.font().pointSizeF(), label._font.pointSizeF()
    card = win.decision_panel.font().pointSizeF()
    zoom = win.table.scale_factor()
    key(win, Qt.Key.Key_Plus, CTRL)
    key(win, Qt.Key.Key_Equal, CTRL)  # the same key without Shift
    assert theme.comfort.scale == theme.SCALE_STEPS[theme.SCALE_STEPS.index(1.0) + 2]
    grown = theme.comfort.scale
    assert win.log.font().pointSizeF() == pytest.approx(log_pt * grown)
    assert label._font.pointSizeF() == pytest.approx(label_pt * grown)
    assert win.decision_panel.font().pointSizeF() == pytest.approx(card * grown)
    assert win.table.scale_factor() < zoom * 1.1  # not zoomed (only fitted again to the room)
    zoom = win.table.scale_factor()
    assert float(QSettings("ambush-gui", "ambush-gui").value(theme.SCALE_SETTING)) == grown
    key(win, Qt.Key.Key_Minus, CTRL)
    assert theme.comfort.scale == theme.SCALE_STEPS[theme.SCALE_STEPS.index(grown) - 1]
    key(win, Qt.Key.Key_0, CTRL)
    assert theme.comfort.scale == 1.0
    assert win.log.font().pointSizeF() == pytest.approx(log_pt)
    assert label._font.pointSizeF() == pytest.approx(label_pt)
    # plain + and - zoom the map, as the View menu says
    zoom = win.table.scale_factor()
    key(win, Qt.Key.Key_Plus)
    assert win.table.scale_factor() == pytest.approx(zoom * 1.25)
    assert "+" in action(win, "Zoom &in (+ or the mouse wheel)").text()


def test_the_scale_stops_at_its_ends(qtbot: Any) -> None:
    for _ in range(len(theme.SCALE_STEPS) + 2):
        theme.step_scale(1)
    assert theme.comfort.scale == max(theme.SCALE_STEPS) == 2.0
    for _ in range(len(theme.SCALE_STEPS) + 2):
        theme.step_scale(-1)
    assert theme.comfort.scale == min(theme.SCALE_STEPS) == 0.8


def test_the_hex_maps_counters_and_numbers_grow_with_the_scale(qtbot: Any) -> None:
    win = open_ambush(qtbot, "ambush-hedgerow", 1)
    win.map.set_counters([Counter("sgt-novak", "us", "0105", "Novak", "standing")])
    item = win.map._items["sgt-novak"]
    width = item.rect().width()
    log_pt = win.log.font().pointSizeF()
    action(win, "&Larger text and symbols").trigger()
    assert item.rect().width() == pytest.approx(width * theme.comfort.scale)
    assert win.log.font().pointSizeF() == pytest.approx(log_pt * theme.comfort.scale)
    for _ in range(6):
        action(win, "&Larger text and symbols").trigger()
    assert item.rect().width() <= width * 1.35 + 1e-6  # a counter stays about its hex


def test_the_colour_blind_palette_recolours_the_sides_and_is_remembered(qtbot: Any) -> None:
    win = open_table(qtbot, HOTSEAT)
    assert symbol_of(Look(side="insurgent"))[1] == ()  # the art as drawn
    red = theme.SIDE_COLOURS["insurgent"].name()
    edge = next(lab.edge for lab in win.table.table.unit_labels.values() if lab.edge is not None)
    win.safe_colours_action.trigger()
    assert theme.comfort.safe and win.safe_colours_action.isChecked()
    assert theme.SIDE_COLOURS["insurgent"].name() == "#d55e00"
    assert theme.SIDE_COLOURS["regular"].name() == "#0072b2"
    assert symbol_of(Look(side="insurgent"))[1] == ((red, "#d55e00"),)  # the figure recoloured
    assert edge.name() in ("#0072b2", "#d55e00")  # a plate already drawn follows too
    assert theme.ILLEGAL.name() == "#d55e00" and theme.LEGAL.name() == "#0072b2"
    assert QSettings("ambush-gui", "ambush-gui").value(theme.PALETTE_SETTING) in (True, "true")
    win.safe_colours_action.trigger()
    assert theme.SIDE_COLOURS["insurgent"].name() == red


def test_the_choices_are_read_back_when_the_program_starts(qtbot: Any) -> None:
    settings = QSettings("ambush-gui", "ambush-gui")
    settings.setValue(theme.SCALE_SETTING, 1.5)
    settings.setValue(theme.PALETTE_SETTING, True)
    theme.load_comfort()
    assert theme.comfort.scale == 1.5 and theme.comfort.safe
    settings.setValue(theme.SCALE_SETTING, "nonsense")
    theme.load_comfort()
    assert theme.comfort.scale == 1.0


def test_the_sides_are_told_by_shape_where_their_colour_shows_them(qtbot: Any) -> None:
    """The turn banner, the players line and the score carry each side's shape (the
    figures' round and diamond bases), so nobody has to tell them by colour."""
    win = open_table(qtbot, HOTSEAT)
    side = win.controller.pending().side
    assert win.turn_panel.banner.text().startswith(theme.side_mark(side) + " ")
    assert theme.side_mark("regular") != theme.side_mark("insurgent")
    summary = win.turn_panel.score.summary.text()
    assert theme.side_mark("regular") in summary and theme.side_mark("insurgent") in summary
    assert theme.side_mark("insurgent") in win.turn_panel.players.text()
    ambush = open_ambush(qtbot, "ambush-hedgerow", 1)
    qtbot.waitUntil(lambda: "to decide" in ambush.mission_panel.banner.text(), timeout=20_000)
    assert ambush.mission_panel.banner.text()[0] in (theme.side_mark("us"), theme.side_mark("german"))


def test_a_decisions_buttons_grow_too_even_under_a_style_sheet(qtbot: Any) -> None:
    """A widget with a style sheet (the step prompt's tinted strip) kept its parents' font
    from its children: the End turn button stayed small at the largest scale."""
    from PySide6.QtWidgets import QApplication, QPushButton

    from tests.gui.test_keyboard_turns import human_decision

    win = open_ambush(qtbot, "ambush-hedgerow", 1)
    human_decision(qtbot, win)
    app_pt = QApplication.font().pointSizeF()
    theme.set_scale(2.0)
    [end] = [b for b in win.move_prompt.findChildren(QPushButton) if b.text() == "End turn"]
    assert end.font().pointSizeF() == pytest.approx(2 * app_pt)
    # a decision shown after the change is built at the scale too
    win._close_prompts()
    win._on_decision(win.controller.pending())
    [end] = [b for b in win.move_prompt.findChildren(QPushButton) if b.text() == "End turn"]
    assert end.font().pointSizeF() == pytest.approx(2 * app_pt)


def test_the_dock_titles_menus_timeline_and_scale_bar_grow_with_the_text(qtbot: Any) -> None:
    """Above 100% the docks' bodies grew but their title bars, the menus, the timeline under
    the map and the table's scale bar stayed at Normal size."""
    from PySide6.QtWidgets import QApplication

    win = open_table(qtbot, HOTSEAT)
    app_pt = QApplication.font().pointSizeF()
    bar = win.theatre.panel.bar
    file_menu = win.file_menu
    tall, label_pt = bar.sizeHint().height(), bar.label_font().pointSizeF()
    icon = win.theatre.panel.buttons[0].iconSize().width()
    win.table.grab()  # drawn: its plate measured
    plate = win.table.bar_plate
    key(win, Qt.Key.Key_Plus, CTRL)
    key(win, Qt.Key.Key_Plus, CTRL)
    grown = theme.comfort.scale
    assert grown > 1.2
    for part in (win.decision_dock, win.tray_dock, win.menuBar(), file_menu, win.statusBar(),
                 win.theatre.panel.line):
        assert part.font().pointSizeF() == pytest.approx(app_pt * grown), part
    assert bar.label_font().pointSizeF() == pytest.approx(label_pt * grown)
    assert bar.height() >= bar.sizeHint().height() > tall * 1.2
    assert win.theatre.panel.buttons[0].iconSize().width() == round(icon * grown)
    win.table.grab()
    assert win.table.bar_plate.height() == pytest.approx(plate.height() * grown)
    ambush = open_ambush(qtbot, "ambush-hedgerow", 1)  # the hex map's line under the map
    ambush.map.grab()
    assert ambush.map.info_plate.height() == pytest.approx(24 * grown)
    assert ambush.menuBar().font().pointSizeF() == pytest.approx(app_pt * grown)


def test_a_window_opened_at_the_remembered_scale_is_as_one_changed_to_it(qtbot: Any) -> None:
    """The scale is remembered for the next game: a window built at 150% brought the words
    label_font had already made at 150% to it a second time (225%)."""
    changed = open_table(qtbot, HOTSEAT)
    theme.set_scale(1.5)
    opened = open_table(qtbot, HOTSEAT)
    for a, b in ((changed.card.title, opened.card.title), (changed.log, opened.log),
                 (changed.decision_dock, opened.decision_dock), (changed.menuBar(), opened.menuBar())):
        assert b.font().pointSizeF() == pytest.approx(a.font().pointSizeF())
    label = next(iter(changed.table.table.unit_labels.values()))
    same = opened.table.table.unit_labels[next(iter(changed.table.table.unit_labels))]
    assert same._font.pointSizeF() == pytest.approx(label._font.pointSizeF())


def test_an_open_decision_takes_the_colour_blind_palette_at_once(qtbot: Any) -> None:
    """A decision open when the palette changed kept its old banner and tints until the next
    one: its style sheets held the old colours as words."""
    from ambush_gui.gui.shared.dialog_base import Banner, Card

    win = open_table(qtbot, HOTSEAT)
    qtbot.waitUntil(lambda: win.dialog is not None)
    side = win.controller.pending().side
    [banner] = win.dialog.findChildren(Banner)
    card = next(c for c in win.dialog.findChildren(Card) if c.isEnabled())
    assert theme.SIDE_COLOURS[side].name() in banner.styleSheet()
    win.safe_colours_action.trigger()
    assert theme.SAFE_SIDE_COLOURS[side].name() in banner.styleSheet()
    assert theme.SAFE_SIDE_TINTS[side].name() in card.styleSheet()
    win.safe_colours_action.trigger()  # and back
    assert theme.SIDE_COLOURS[side].name() in banner.styleSheet()
    assert theme.SAFE_SIDE_COLOURS[side].name() not in banner.styleSheet()


def test_an_open_hex_map_step_takes_the_palette_at_once(qtbot: Any) -> None:
    from tests.gui.test_keyboard_turns import human_decision

    win = open_ambush(qtbot, "ambush-hedgerow", 1)
    human_decision(qtbot, win)
    step = win.move_prompt
    side = win.controller.pending().side
    assert theme.SIDE_TINTS[side].name() in step.styleSheet()
    win.safe_colours_action.trigger()
    assert theme.SAFE_SIDE_TINTS[side].name() in step.styleSheet()


def test_the_timelines_big_moments_are_drawn_in_the_palette(qtbot: Any) -> None:
    """The big moments' diamonds on the timeline stayed red in the colour-blind-safe palette."""
    from pathlib import Path

    from PySide6.QtGui import QColor

    from tests.gui.test_theatre import CONTRACTING, opened

    _, win = opened(qtbot, Path(CONTRACTING))
    win.show()
    qtbot.waitExposed(win)
    bar = win.theatre.panel.bar
    at, _words = win.theatre.marks.big[0]
    count = len(win.theatre.marks.stops)
    k = theme.comfort.scale

    def diamond() -> QColor:
        image = bar.grab().toImage()
        y = round(bar._top() + bar._track() - 5 * k)
        return image.pixelColor(round(bar._x(at, count)), y)

    def near(a: QColor, b: QColor) -> bool:
        return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) < 30

    assert near(diamond(), QColor("#d03030"))
    win.safe_colours_action.trigger()
    assert near(diamond(), QColor("#d55e00"))


def test_the_timelines_last_label_ends_inside_the_bar_at_a_large_scale(qtbot: Any) -> None:
    """At 200% the label of a Round begun at the game's last stop, drawn beside its line at
    the bar's end, ran past the bar's edge ("R10 … O" cut)."""
    from PySide6.QtGui import QFontMetrics

    from ambush_gui.gui.shared.theatre import Marks

    win = open_ambush(qtbot, "ambush-hedgerow", 1)
    theme.set_scale(2.0)
    bar = win.theatre.panel.bar
    win.theatre.marks = Marks(stops=[(n, 0) for n in range(120)],
                              turns=[(0, "O1"), (40, "R1"), (80, "R10"), (119, "O3")])
    metrics = QFontMetrics(bar.label_font())
    spots = bar.labels()
    assert [label for _x, label in spots] == ["O1", "R1", "R10", "O3"]
    for x, label in spots:
        assert 0 <= x and x + metrics.horizontalAdvance(label) <= bar.width()
