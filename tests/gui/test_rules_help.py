"""The rules reference (F1): charts from the data, a search that finds any rule ID, and
rule IDs shown elsewhere (the game log, modifier rows) that open it on the rule."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, QRect, Qt  # noqa: E402
from PySide6.QtGui import QTextCursor  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow, QWidget  # noqa: E402

from ambush_gui.ambush.charts import Charts  # noqa: E402
from ambush_gui.core.events import Event, Modifier  # noqa: E402
from ambush_gui.core.rules_index import RulesIndex  # noqa: E402
from ambush_gui.gui.shared import theme  # noqa: E402
from ambush_gui.gui.shared.dialog_base import ModifierList  # noqa: E402
from ambush_gui.gui.shared.rules_help import RulesHelp, look_up, open_reference  # noqa: E402
from ambush_gui.gui.shared.widgets import GameLog  # noqa: E402
from tests.gui.hexmap.test_ambush_playthrough import open_window as open_ambush  # noqa: E402
from tests.gui.table.test_playthrough import HOTSEAT  # noqa: E402
from tests.gui.table.test_playthrough import open_window as open_table  # noqa: E402


def references(owner: QWidget) -> list[RulesHelp]:
    return [w for w in owner.findChildren(RulesHelp) if w.isVisible()]


def test_f1_opens_one_non_modal_reference_with_the_charts_the_game_plays(qtbot: Any) -> None:
    win = open_ambush(qtbot, "ambush-hedgerow", 1)
    f1 = next(a for a in win.findChildren(type(win.undo_action)) if a.text() == "&Rules reference")
    f1.trigger()
    f1.trigger()
    [ref] = references(win)  # F1 again raises the same window
    assert not ref.isModal() and ref.isWindow()
    assert ref.tab_names == [
        "At a glance", "Charts", "Rules and house rules", "Keys"]
    charts = ref.charts_view.toPlainText()
    for title in ("Weapon Chart", "Damage Table", "Fire Combat Modifiers and Movement Point Cost",
                  "AR Track", "Clear Jammed Weapon", "Hexside features"):
        assert title in charts
    played: Charts = win.controller.game.charts
    garand = played.weapon("m1-garand")
    assert garand.name in charts
    assert f"{garand.hit.short}/{garand.hit.medium}/{garand.hit.long}" in charts  # from the data
    assert f"{played.snap_fire:+d}" in charts and str(played.mp_cost("road")) in charts
    assert "US weapons" in charts and "German weapons" in charts


def test_the_charts_are_rendered_from_the_charts_given(qtbot: Any) -> None:
    """A save carries its own charts: the reference shows those, not the shipped ones."""
    data = Charts.default().to_data()
    data["weapons"]["m1-garand"]["hit"] = {"short": 8, "medium": 7, "long": 5}
    ref = RulesHelp(None, system="ambush", charts=Charts.from_data(data, "test"))
    qtbot.addWidget(ref)
    assert "8/7/5" in ref.charts_view.toPlainText()


def test_a_search_for_ar_107_explains_the_house_rule(qtbot: Any) -> None:
    win = open_ambush(qtbot, "ambush-hedgerow", 1)
    win.show_rules()
    [ref] = references(win)
    ref.search.setText("AR-107")
    assert ref.tabs.currentWidget() is ref.index_tab
    ids = [ref.results.item(i).data(Qt.ItemDataRole.UserRole) for i in range(ref.results.count())]
    assert ids == ["AR-107"]
    ref.search.returnPressed.emit()
    shown = ref.entry.toPlainText()
    entry = RulesIndex.load().entry("AR-107")
    assert entry is not None and entry.statement in shown
    assert "How the game reads it: Evasive movement" in shown
    assert "ignoring Movement Points" in shown  # the house rule's reading
    assert "Tested by" not in shown and "Seed." not in shown


def test_an_alley_gap_shows_the_question_and_the_house_rule_with_its_reason(qtbot: Any) -> None:
    win = open_table(qtbot, HOTSEAT)
    ref = look_up("AA-087", win)
    assert ref.system == "alley" and ref.parentWidget() is win
    assert ref.tab_names == ["At a glance", "Force on Force",
                                                                   "Rules and house rules", "Keys"]
    shown = ref.entry.toPlainText()
    assert "The printed rules leave this open." in shown
    assert "The house rule the game plays: What interruptions cost, and for how long" in shown
    assert "Reading." in shown and "Why." in shown


def test_words_and_ranges_find_several_rules_and_links_follow(qtbot: Any) -> None:
    ref = RulesHelp(None, system="ambush")
    qtbot.addWidget(ref)
    ref.search.setText("grenade")
    found = [ref.results.item(i).data(Qt.ItemDataRole.UserRole) for i in range(ref.results.count())]
    assert "AR-082" in found and all(f[:2] in ("AR", "FC") for f in found if f and ":" not in f)
    ref.look_up("FC-031..033")
    found = [ref.results.item(i).data(Qt.ItemDataRole.UserRole) for i in range(ref.results.count())]
    assert found == ["FC-031", "FC-032", "FC-033"]
    ref._on_link(ref.entry, ref.entry.source().__class__("rule:AR-108"))
    assert ref.search.text() == "AR-108" and "AR-108" in ref.entry.toPlainText()
    ref.search.setText("no such rule anywhere")
    assert ref.results.count() == 0 and "Nothing found" in ref.hint.text()


def test_ctrl_f_focuses_the_search_box(qtbot: Any) -> None:
    ref = RulesHelp(None, system="alley")
    qtbot.addWidget(ref)
    ref.show()
    qtbot.waitExposed(ref)
    ref.tabs.setFocus()
    assert not ref.search.hasFocus()
    QTest.keyClick(ref.windowHandle(), Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(ref.search.hasFocus)


def _owner_with_right_column(qtbot: Any, width: int, column: int) -> QMainWindow:
    owner = QMainWindow()
    qtbot.addWidget(owner)
    owner.setCentralWidget(QWidget())
    dock = QDockWidget("Decision", owner)
    dock.setWidget(QWidget())
    dock.setFixedWidth(column)
    owner.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    screen = owner.screen().availableGeometry()
    owner.setGeometry(QRect(screen.left(), screen.top(), width, screen.height() - 40))
    owner.show()
    qtbot.waitExposed(owner)
    return owner


@pytest.mark.parametrize("room", [True, False])
def test_the_reference_opens_beside_the_window_never_over_the_map(qtbot: Any, room: bool) -> None:
    screen = QApplication.primaryScreen().availableGeometry()
    if room:  # a window leaving room on the screen: the reference goes beside it
        owner = _owner_with_right_column(qtbot, screen.width() - theme.REFERENCE_MIN_WIDTH - 20, 150)
    else:  # a maximised window: over its right column (400 px at 1280x800), not the map
        owner = _owner_with_right_column(qtbot, screen.width(), theme.REFERENCE_NARROWEST)
    ref = open_reference(owner, "alley")
    central = owner.centralWidget()
    map_rect = QRect(central.mapToGlobal(QPoint(0, 0)), central.size())
    placed = ref.frameGeometry()
    assert not placed.intersects(map_rect), (placed, map_rect)
    assert placed.width() >= theme.REFERENCE_NARROWEST and screen.contains(placed.topLeft())
    assert placed.right() <= screen.right()
    if room:
        assert placed.left() >= owner.frameGeometry().right()


def test_a_rule_id_in_the_game_log_is_a_link(qtbot: Any) -> None:
    owner = QMainWindow()
    qtbot.addWidget(owner)
    log = GameLog()
    owner.setCentralWidget(log)
    owner.resize(700, 400)
    owner.show()
    qtbot.waitExposed(owner)
    log.add(Event("move", "Gefreiter Hahn moves along the red references to 0605 [AR-112]"))
    log.add(Event("roll", "Reaction Test (AA-074..077): 5 against 3"))
    block = log.document().findBlockByNumber(0)
    at = block.text().index("AR-112") + 2
    cursor = QTextCursor(block)
    cursor.setPosition(block.position() + at)
    point = log.cursorRect(cursor).center()
    cites, under = log.citations_at(point)
    assert under is not None and under.text == "AR-112"

    menu = log.rule_menu(point)
    looks = [a for a in menu.actions() if a.text().startswith("Look up")]
    assert [a.text() for a in looks] == ["Look up AR-112"]
    assert menu.actions().index(looks[0]) == 0  # above Copy and Select All

    qtbot.mouseClick(log.viewport(), Qt.MouseButton.LeftButton, pos=point)
    [ref] = references(owner)
    assert ref.search.text() == "AR-112" and "red" in ref.entry.toPlainText()

    second = log.document().findBlockByNumber(1)
    c2 = QTextCursor(second)
    c2.setPosition(second.position() + second.text().index("AA-074") + 3)
    looks = [a for a in log.rule_menu(log.cursorRect(c2).center()).actions() if a.text().startswith("Look")]
    assert [a.text() for a in looks] == ["Look up AA-074..077"]
    looks[0].trigger()
    assert [r for r in references(owner)] == [ref]  # one reference per window
    assert ref.results.count() == 4


def test_a_modifier_rows_rule_opens_the_reference_of_its_window(qtbot: Any) -> None:
    owner = QMainWindow()
    qtbot.addWidget(owner)
    mods = ModifierList([Modifier("Optimum Range", 1, "AA-110"), Modifier("no rule", -1)])
    owner.setCentralWidget(mods)
    owner.show()
    qtbot.waitExposed(owner)
    (_, cells), (_, plain) = mods.rows
    tag: QLabel = cells[2]
    assert "rule:AA-110" in tag.text() and tag.textFormat() == Qt.TextFormat.RichText
    assert plain[2].text() == "—"
    tag.linkActivated.emit("rule:AA-110")
    [ref] = references(owner)
    assert ref.system == "alley" and ref.search.text() == "AA-110"
    assert "Optimum Range" in ref.entry.toPlainText()


def test_the_reference_covers_the_left_column_not_the_decision_dock(qtbot: Any) -> None:
    """A maximised game window (no room beside it): F1 opens over the left column, never
    over the Decision dock on the right nor the map."""
    win = open_table(qtbot, HOTSEAT)
    screen = win.screen().availableGeometry()
    win.setGeometry(screen)
    qtbot.waitUntil(lambda: win.board.mapToGlobal(QPoint(0, 0)).x() > screen.left() + 250)
    win.show_rules()
    [ref] = references(win)
    placed = ref.frameGeometry()
    central = win.centralWidget()
    map_rect = QRect(central.mapToGlobal(QPoint(0, 0)), central.size())
    dock = win.decision_dock
    dock_rect = QRect(dock.mapToGlobal(QPoint(0, 0)), dock.size())
    assert not placed.intersects(map_rect), (placed, map_rect)
    assert not placed.intersects(dock_rect), (placed, dock_rect)
    assert placed.left() >= screen.left() and placed.width() >= theme.REFERENCE_LEFT_LEAST


def test_a_phrase_ranks_first_and_authoring_notes_are_not_shown(qtbot: Any) -> None:
    ref = RulesHelp(None, system="alley")
    qtbot.addWidget(ref)
    ref.search.setText("reaction test")
    ids = [ref.results.item(i).data(Qt.ItemDataRole.UserRole) for i in range(ref.results.count())]
    assert ids[:2] == ["AA-073", "AA-074"]
    assert ids.index("AA-011") > ids.index("AA-080")
    ref.look_up("AA-011")  # the leaders' d8: its "Why" cited seed lines 27 and 303
    shown = ref.entry.toPlainText()
    assert "Why." in shown and "One die per unit" in shown
    assert "Line 27" not in shown and "line 303" not in shown
    assert "docs/rules" not in shown and ".md" not in shown


def test_force_on_force_rules_are_listed_and_found_by_id(qtbot: Any) -> None:
    """F1 on the table lists the Force on Force modules under their headings, and an ID
    finds its rule: FF-105 is the mixed-leadership rule, shown with its section."""
    ref = RulesHelp(None, system="alley")
    qtbot.addWidget(ref)
    heads = [ref.results.item(i).text() for i in range(ref.results.count())
             if not ref.results.item(i).data(Qt.ItemDataRole.UserRole)]
    for name in ("Mortars", "MOPP levels", "Mines", "IEDs", "Mounted units", "Combat stress: leaders",
                 "Civilians", "Hostile mobs"):
        assert f"Force on Force — {name}" in heads
    ref.look_up("FF-105")
    ids = [ref.results.item(i).data(Qt.ItemDataRole.UserRole) for i in range(ref.results.count())]
    assert ids == ["FF-105"]
    shown = ref.entry.toPlainText()
    assert "Mixed leadership" in shown and "Combat stress: leaders" in shown
    assert "FF-106" in shown and "FF-107" in shown  # the worked examples beside it
    ref.search.setText("mixed leadership")
    found = [ref.results.item(i).data(Qt.ItemDataRole.UserRole) for i in range(ref.results.count())]
    assert found[0] == "FF-105"


def test_a_rule_id_typed_whole_shows_its_page_not_the_last_one(qtbot: Any) -> None:
    """A play-test: the reference open on AA-117 (a log link), the player typed FF-059; the
    list said "1 found" and the page still read AA-117 until he clicked the one result."""
    ref = RulesHelp(None, system="alley")
    qtbot.addWidget(ref)
    ref.look_up("AA-117")
    assert "AA-117" in ref.entry.toPlainText()
    ref.search.setText("FF-059")
    shown = ref.entry.toPlainText()
    assert "FF-059" in shown and not shown.startswith("AA-117")
    ref.search.setText("grenade")  # words finding several rules leave the page to the player
    assert "FF-059" in ref.entry.toPlainText()


def whole_results(ref: RulesHelp) -> int:
    """How many search results the list shows whole, top to bottom, without scrolling."""
    res = ref.results
    view = res.viewport().rect()
    return sum(1 for i in range(res.count()) if res.item(i).data(Qt.ItemDataRole.UserRole)
               and view.contains(res.visualItemRect(res.item(i))))


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_search_results_list_shows_several_results_whole(qtbot: Any, size: tuple[int, int]) -> None:
    """F1, Ctrl+F, a search: the results list was sized by one line a row, and its rows wrap
    to two or three lines in the narrow reference: four results got a list two rows tall.
    It shows every result that fits its share of the tab, and several of a long list."""
    win = open_table(qtbot, HOTSEAT)
    win.resize(*size)
    win.show_rules()
    [ref] = references(win)
    qtbot.waitExposed(ref)
    QTest.keyClick(ref, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    ref.search.setText("AA-074..077")  # four rules, each two or three lines long
    qtbot.waitUntil(lambda: ref.tabs.currentWidget() is ref.index_tab)
    qtbot.waitUntil(lambda: whole_results(ref) == 4)
    # the entry under the list keeps its room
    assert ref.results.height() < ref.index_tab.height() * theme.REFERENCE_RESULTS_MOST
    ref.search.setText("fire")  # 192 rules: the list scrolls, several in sight
    qtbot.waitUntil(lambda: whole_results(ref) >= theme.REFERENCE_RESULTS_LEAST)


def test_the_reference_follows_the_text_size(qtbot: Any) -> None:
    """View > Larger text grew the game window but not the F1 reference: its pages, index,
    search box and chart cells stayed at Normal size, opened before the change or after."""
    app_pt = QApplication.font().pointSizeF()
    win = open_ambush(qtbot, "ambush-hedgerow", 1)
    f1 = next(a for a in win.findChildren(type(win.undo_action)) if a.text() == "&Rules reference")
    f1.trigger()
    [ref] = references(win)
    heading = next(ref.results.item(i) for i in range(ref.results.count())
                   if ref.results.item(i).flags() == Qt.ItemFlag.NoItemFlags)
    assert ref.text.font().pointSizeF() == pytest.approx(app_pt)
    assert f"font-size:{theme.CHART_FONT_PT}pt" in ref.charts_view.toHtml()
    theme.set_scale(2.0)  # open: it follows at once
    for part in (ref.text, ref.charts_view, ref.keys_view, ref.entry, ref.results, ref.search,
                 ref.hint, ref.tabs.tabBar()):
        assert part.font().pointSizeF() == pytest.approx(2 * app_pt), part
    assert ref.text.document().defaultFont().pointSizeF() == pytest.approx(2 * app_pt)
    assert heading.font().pointSizeF() == pytest.approx(2 * app_pt) and heading.font().bold()
    assert f"font-size:{2 * theme.CHART_FONT_PT}pt" in ref.charts_view.toHtml()
    theme.set_scale(1.0)
    assert ref.text.font().pointSizeF() == pytest.approx(app_pt)
    # one opened at a remembered 200% is at 200% from the start
    ref.close()
    ref.deleteLater()
    theme.set_scale(2.0)
    other = open_table(qtbot, HOTSEAT)
    other.show_rules()
    [fresh] = references(other)
    assert fresh.text.font().pointSizeF() == pytest.approx(2 * app_pt)
    assert fresh.search.font().pointSizeF() == pytest.approx(2 * app_pt)


def test_where_not_even_the_short_tab_names_fit_the_pages_are_a_list(qtbot: Any) -> None:
    """At 200% over the game window's left column the tabs showed "Basics", "Modules" and
    "R…" behind the scroll arrows: the fourth page could not be read or found. Where not
    even the short names fit, the pages are a list above them, which picks the page; with
    room the tabs come back."""
    win = open_table(qtbot, HOTSEAT)
    win.show_rules()
    [ref] = references(win)
    ref.resize(640, 760)
    qtbot.wait(10)
    assert ref.tabs.tabBar().isVisible() and not ref.pages.isVisible()
    theme.set_scale(2.0)
    ref.resize(300, 760)
    qtbot.waitUntil(lambda: ref.pages.isVisible())
    assert not ref.tabs.tabBar().isVisible()
    assert [ref.pages.itemText(i) for i in range(ref.pages.count())] == ref.tab_names
    ref.pages.setCurrentIndex(ref.tab_names.index("Keys"))
    assert ref.tabs.currentWidget() is ref.keys_view
    ref.tabs.setCurrentIndex(0)  # Ctrl+Tab and the search move the tabs: the list follows
    assert ref.pages.currentIndex() == 0
    theme.set_scale(1.0)
    ref.resize(640, 760)
    qtbot.waitUntil(lambda: ref.tabs.tabBar().isVisible())
    assert not ref.pages.isVisible()
