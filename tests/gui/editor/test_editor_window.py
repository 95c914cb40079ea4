"""The editor window (the shell round the table and mission pages): files, undo, live
problems, Play from here, Simulate, recovery copies, ``ambush-gui edit`` and the launcher.

The shell is tested with a small stand-in page (:class:`StandInPage`: the page protocol
and nothing else), so these tests are about the window; the real pages have their own
tests (test_editor_table.py, test_editor_mission.py).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QInputDialog, QMessageBox, QWidget

from ambush_gui import cli, systems
from ambush_gui.ai.simulate import Report, default_jobs, simulate
from ambush_gui.core.files import read_data
from ambush_gui.gui.editor import window as editor_window
from ambush_gui.gui.editor.document import DataPath, EditorDocument
from ambush_gui.gui.editor.window import SEAT_CHOICES, EditorWindow, recovery_files

CT = systems.resolve("contracting-trouble")
TUTORIAL = systems.resolve("ambush-tutorial")


class StandInPage(QWidget):
    """The page protocol only: remembers what it was asked to show."""

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.focused: list[DataPath] = []
        self.fitted = 0
        self.tool = QAction("Stand-in tool", self)

    def focus_path(self, path: DataPath) -> bool:
        self.focused.append(path)
        return len(path) >= 2 and self.doc.get(path[:2]) is not None  # a place inside a section

    def toolbar_actions(self) -> list[QAction]:
        return [self.tool]

    def fit(self) -> None:
        self.fitted += 1


@pytest.fixture(autouse=True)
def stand_in_pages(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(editor_window, "page_class", lambda system: StandInPage)
    answer_questions(monkeypatch, QMessageBox.StandardButton.Discard)  # windows closed at teardown
    yield


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts of the warning boxes the window shows (instead of showing them)."""
    seen: list[str] = []

    def warn(parent: Any, title: str, text: str, *args: Any) -> QMessageBox.StandardButton:
        seen.append(f"{title}\n{text}")
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(warn))
    return seen


def answer_questions(monkeypatch: pytest.MonkeyPatch, answer: QMessageBox.StandardButton) -> list[str]:
    asked: list[str] = []

    def question(parent: Any, title: str, text: str, *args: Any) -> QMessageBox.StandardButton:
        asked.append(text)
        return answer

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    return asked


def editor(qtbot: Any, path: Path | None = None) -> EditorWindow:
    win = EditorWindow()
    qtbot.addWidget(win)
    win.show()
    if path is not None:
        assert win.open_path(path)
    return win


def action(win: EditorWindow, text: str) -> QAction:
    for a in win.findChildren(QAction):
        if a.text().replace("&", "").rstrip("…") == text:
            return a
    raise AssertionError(f"no action {text!r}")


def game_windows() -> list[Any]:
    from ambush_gui.gui.shared.game_window import GameWindow

    return [w for w in QApplication.topLevelWidgets() if isinstance(w, GameWindow) and w.isVisible()]


# -- files --------------------------------------------------------------------------------------
@pytest.mark.parametrize("shipped", systems.shipped(), ids=lambda s: s.name)
def test_shipped_scenarios_open_and_save_as_unchanged(qtbot: Any, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      shipped: systems.ShippedScenario) -> None:
    win = editor(qtbot, shipped.path)
    assert shipped.path.name in win.windowTitle() and not win.isWindowModified()
    assert win.problem_list.problems == [] and "No problems" in win.problem_list.header.text()
    out = tmp_path / "copy.toml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(out), "")))
    action(win, "Save as").trigger()
    assert read_data(out) == read_data(shipped.path)
    assert win.doc is not None and win.doc.path == out and "copy.toml" in win.windowTitle()


def test_save_never_writes_over_a_shipped_file(qtbot: Any, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    before = CT.read_bytes()
    win = editor(qtbot, CT)
    assert win.doc is not None
    win.doc.set(("turn_limit",), 6)
    out = tmp_path / "mine"
    asked: list[str] = []

    def save_name(parent: Any, title: str, start: str, *args: Any) -> tuple[str, str]:
        asked.append(start)
        return str(out), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_name))
    action(win, "Save").trigger()
    assert CT.read_bytes() == before
    assert asked and Path(asked[0]).parent == editor_window.user_scenarios_dir()
    assert read_data(out.with_suffix(".toml"))["turn_limit"] == 6 and not win.isWindowModified()


def test_a_broken_file_is_reported_with_its_place_and_nothing_changes(qtbot: Any, tmp_path: Path,
                                                                     warnings: list[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("title = \n")
    win = editor(qtbot, CT)
    assert not win.open_path(bad)
    assert "bad.toml" in warnings[0] and "not valid TOML" in warnings[0]
    assert win.doc is not None and win.doc.path == CT


def test_undo_and_redo_through_the_edit_menu(qtbot: Any) -> None:
    win = editor(qtbot, CT)
    assert win.doc is not None
    win.doc.set(("turn_limit",), 3, "Shorter game")
    assert win.isWindowModified() and "[*]" in win.windowTitle()
    undo, redo = win.undo_action, win.redo_action
    assert undo is not None and redo is not None
    assert undo in win.edit_menu.actions() and redo in win.edit_menu.actions()
    assert undo.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    assert redo.shortcut() == QKeySequence(QKeySequence.StandardKey.Redo)
    assert "Shorter game" in undo.text()
    twin = next(a for a in win.main_bar.actions() if a.text() == "Undo")  # the toolbar's short label
    assert twin.toolTip() == "Undo shorter game" and twin.isEnabled()
    twin.trigger()
    assert win.doc.get(("turn_limit",)) == 4 and not twin.isEnabled()
    redo.trigger()
    undo.trigger()
    assert win.doc.get(("turn_limit",)) == 4 and not win.isWindowModified()
    assert win.undo_view.stack() is win.doc.undo_stack
    redo.trigger()
    assert win.doc.get(("turn_limit",)) == 3 and win.isWindowModified()


# -- live problems ------------------------------------------------------------------------------
def test_problems_update_live_and_a_click_shows_the_place(qtbot: Any) -> None:
    win = editor(qtbot, CT)
    assert win.doc is not None and isinstance(win.page, StandInPage)
    plist = win.problem_list.list
    assert plist.count() == 0
    win.doc.set(("table", "pieces", 1, "rect"), [0, 0, -1])
    qtbot.waitUntil(lambda: plist.count() > 0, timeout=2000)
    texts = [plist.item(i).text() for i in range(plist.count())]
    said = ("Cross street (cross-street), rectangle (depth): is missing: a rectangle needs four numbers: "
            "x and y of its south-west corner, width and depth")  # the designer's words
    assert said in texts
    assert "problem" in win.problem_list.header.text()
    row = texts.index(said)
    assert "table.pieces[1].rect[3]" in plist.item(row).toolTip()  # the file's own path, for the curious
    rect = plist.visualItemRect(plist.item(row))
    qtbot.mouseClick(plist.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert win.page.focused[-1] == ("table", "pieces", 1, "rect", 3)
    assert "is missing" in win.statusBar().currentMessage()
    # Enter on a problem whose place the page cannot find: the status bar says so
    win.doc.set(("zzz_unknown",), 1)
    qtbot.waitUntil(lambda: any("zzz_unknown" in plist.item(i).text() for i in range(plist.count())),
                    timeout=2000)
    row = next(i for i in range(plist.count()) if "zzz_unknown" in plist.item(i).text())
    plist.setCurrentRow(row)
    plist.setFocus()
    qtbot.keyClick(plist, Qt.Key.Key_Return)
    assert win.page.focused[-1] == ("zzz_unknown",)
    assert "not shown on the page" in win.statusBar().currentMessage()
    while win.doc.undo_stack.canUndo():
        win.doc.undo_stack.undo()
    qtbot.waitUntil(lambda: plist.count() == 0, timeout=2000)
    assert "No problems: ready to play" in win.problem_list.header.text()


# -- play from here -----------------------------------------------------------------------------
def test_play_from_here_refuses_an_invalid_scenario_and_says_what_is_wrong(qtbot: Any,
                                                                          warnings: list[str]) -> None:
    win = editor(qtbot, CT)
    assert win.doc is not None and isinstance(win.page, StandInPage)
    win.doc.set(("table", "pieces", 1, "rect"), [0, 0, -1])
    win.doc.set(("turn_limit",), 0)
    action(win, "Play from here").trigger()
    assert len(warnings) == 1 and game_windows() == []
    assert "Cross street (cross-street), rectangle (depth): is missing: a rectangle needs" in warnings[0]
    assert "turn limit: must be at least 1" in warnings[0]
    assert "2 problems" in warnings[0]
    assert win.page.focused[-1] == editor_window.parse_path(win.doc.problems()[0][0])


@pytest.mark.parametrize("mode", [key for key, _ in SEAT_CHOICES])
def test_play_from_here_plays_the_edited_scenario(qtbot: Any, monkeypatch: pytest.MonkeyPatch,
                                                  mode: str) -> None:
    from ambush_gui.gui.shared.controller import Seat

    text = dict(SEAT_CHOICES)[mode]
    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(lambda *a, **k: (text, True)))
    win = editor(qtbot, CT)
    assert win.doc is not None
    win.doc.set(("title",), "Trouble, edited")
    win.doc.set(("turn_limit",), 5)
    action(win, "Play from here").trigger()
    (game_win,) = game_windows()
    game = game_win.controller.game
    assert game.spec.title == "Trouble, edited" and game.spec.turn_limit == 5
    human = {"hotseat": {"regular", "insurgent"}, "regular": {"regular"}, "insurgent": {"insurgent"}}[mode]
    assert {side for side, seat in game_win.controller.seats.items() if seat is Seat.HUMAN} == human


def test_play_from_here_plays_an_edited_mission_solo_without_asking(qtbot: Any,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(lambda *a, **k: pytest.fail("asked")))
    win = editor(qtbot, TUTORIAL)
    assert win.doc is not None
    win.doc.set(("title",), "The Quiet Farm, edited")
    action(win, "Play from here").trigger()
    (game_win,) = game_windows()
    assert game_win.controller.game.spec.title == "The Quiet Farm, edited"
    assert game_win.controller.game.system == "ambush"


def test_play_from_here_opens_a_window_at_the_screens_size_and_comes_back_to_it(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game fills the screen's available area as a game opened from the launcher does
    (at nine tenths of a 1280x800 screen, over the editor, its Decision dock showed one
    choice of three: a play-test); Back to the editor brings the editor up again."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtTest import QTest

    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(lambda *a, **k: (SEAT_CHOICES[0][1], True)))
    win = editor(qtbot, CT)
    action(win, "Play from here").trigger()
    (game_win,) = game_windows()
    avail = QGuiApplication.primaryScreen().availableGeometry()
    # the screen's room, as any game window (wider only where its docks' least is wider
    # than the offscreen screen)
    assert game_win.height() == avail.height() and game_win.width() >= avail.width()
    assert not game_win.isFullScreen() and not game_win.isMaximized()
    assert win.isVisible()  # the editor stays open
    back = action(game_win, "Back to the editor")
    assert back.shortcut().toString() == "Ctrl+Shift+E"
    assert back in game_win.menuBar().actions()[0].menu().actions()  # the File menu
    game_win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is game_win)
    mods = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    QTest.keyClick(game_win, Qt.Key.Key_E, mods)
    assert game_windows() == []
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win)


def test_cancelling_the_seat_choice_plays_nothing(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(lambda *a, **k: ("", False)))
    win = editor(qtbot, CT)
    assert win.play_from_here() is None and game_windows() == []


# -- simulate -----------------------------------------------------------------------------------
@pytest.mark.parametrize("path", [CT, TUTORIAL], ids=["contracting-trouble", "ambush-tutorial"])
def test_simulate_charts_the_same_figures_as_the_headless_simulation(qtbot: Any, path: Path) -> None:
    win = editor(qtbot, path)
    assert win.doc is not None
    action(win, "Simulate").trigger()
    dlg = win.sim_dialog
    assert dlg is not None and dlg.games.value() == 100
    dlg.run(20, 7)
    assert dlg.running() and not dlg.run_button.isEnabled() and dlg.stop_button.isEnabled()
    qtbot.waitUntil(lambda: dlg.report is not None, timeout=60_000)
    report = dlg.report
    scenario = systems.load_scenario(path)
    seats = {side: "ai" for side in systems.seated_sides(scenario.spec.system)}
    headless = simulate(lambda s: systems.new_game(scenario, s), scenario.spec.name, 20, 7, seats,
                        systems.invariants, systems.outcome)
    assert report.outcomes == headless.outcomes and report.wins == headless.wins
    # played on every core (worker processes), with the figures of one
    assert report.jobs == min(20, default_jobs()) and headless.jobs == 1
    assert report.exceptions == 0 and report.invariant_violations == 0
    figures = dlg.chart.figures()
    assert figures["games"] == 20 and figures["wins"] == {k: report.wins[k] for k in figures["wins"]}
    assert sum(figures["win_rates"].values()) == pytest.approx(100.0)
    assert set(figures["wins"]) == {*systems.sides(scenario.spec.system), "draw"}
    for side, counts in figures["vp"].items():
        assert sum(counts) == 20, side
    assert figures["turn_counts"] == {t: sum(1 for *_, n in report.outcomes if n == t)
                                      for t in sorted({n for *_, n in report.outcomes})}
    assert sum(figures["turns"]) == 20
    assert "20</b> games played" in dlg.figures.text() and "games/s" in dlg.figures.text()
    # a bar's tooltip gives its figures
    dlg.chart.grab()  # paint: the bars' places are known once drawn
    side = next(iter(figures["wins"]))
    tips = [dlg.chart.tooltip_at(QPointF(x, y)) for x in range(0, dlg.chart.width(), 4)
            for y in range(0, dlg.chart.height(), 8)]
    share = f"{figures['win_rates'][side]:.1f}%"
    assert any(t and t.startswith(editor_window.theme.SIDE_NAMES[side]) and share in t for t in tips)
    assert any(t and "lasted" in t for t in tips) and any(t and "VP in" in t for t in tips)


def simulated(qtbot: Any, win: EditorWindow, games: int) -> Any:
    """The Simulate dialog after a run of ``games`` games, pressed into it as a designer would."""
    action(win, "Simulate").trigger()
    dlg = win.sim_dialog
    assert dlg is not None and dlg.verdict_label.isHidden()  # no verdict before a run
    dlg.games.setValue(games)
    qtbot.mouseClick(dlg.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dlg.report is not None, timeout=60_000)
    assert not dlg.verdict_label.isHidden()
    return dlg


def test_simulate_warns_in_words_when_a_side_wins_too_often(qtbot: Any) -> None:
    """Issue 30: a mission every game of which the US squad wins says so, with the figure and
    the levers of this mission (its victory levels, its day, its cards), not silence."""
    win = editor(qtbot, TUTORIAL)
    assert win.doc is not None
    win.doc.set(("victory", "levels"), [{"min": -99, "result": "Victory", "outcome": "us"}])
    dlg = simulated(qtbot, win, 3)
    text = dlg.verdict_label.text()
    assert "Out of band: the US squad won 3 of the 3 games (100%), more than the " \
           "65% the band allows" in text
    assert "a US win starts at -99 now" in text and "Operations turns" in text
    assert "Only 3 games" in text and dlg.verdict is not None and not dlg.verdict.in_band
    # the chart's legend stays clear of the verdict below it
    assert dlg.chart.geometry().bottom() < dlg.verdict_label.geometry().top()


def test_simulate_warns_of_draws_and_says_when_a_table_is_in_band(qtbot: Any) -> None:
    win = editor(qtbot, CT)
    assert win.doc is not None
    win.doc.set(("victory",), {"awards": []})  # nothing scores: every game a draw
    dlg = simulated(qtbot, win, 2)
    text = dlg.verdict_label.text()
    assert "Too many draws: 2 of the 2 games (100%)" in text and "nothing scores" in text
    # in band (figures made up: which games the computer wins is its own affair)
    dlg.show_result(Report("contracting-trouble", 210, {"regular": 110, "insurgent": 90, "draw": 10}))
    assert dlg.verdict_label.text().startswith("<b>In band: the US Marines (Regulars) won 55%")
    assert "Too many draws" not in dlg.verdict_label.text()


def test_simulate_stops_when_asked(qtbot: Any) -> None:
    win = editor(qtbot, CT)
    dlg = win.simulate()
    assert dlg is not None
    dlg.run(500, 1)
    assert dlg.worker is not None
    dlg.worker.progressed.connect(dlg.stop)
    qtbot.waitUntil(lambda: dlg.report is not None, timeout=60_000)
    assert 1 <= dlg.report.games < 500 and len(dlg.report.outcomes) == dlg.report.games
    assert dlg.progress.value() == dlg.report.games and dlg.run_button.isEnabled()


def test_simulate_shows_the_figures_so_far_and_ends_on_the_figures_of_the_whole_run(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Play-test: "Simulate shows nothing until it finishes; for 500 games I stared at a
    progress bar." The chart and the figures grow as games end, saying "n of N games", with
    no verdict on a run under way; the end shows what a run shown only at its end showed:
    the headless figures of the same seeds, and the verdict with the games it rests on."""
    from ambush_gui.ai.balance import verdict
    from ambush_gui.gui.editor import simulate as editor_simulate
    from ambush_gui.gui.editor.chart import BalanceChart

    monkeypatch.setattr(editor_simulate, "PARTIAL_EVERY_S", 0.0)  # every game shown, not 4 a second
    win = editor(qtbot, CT)
    dlg = win.simulate()
    assert dlg is not None
    seen: list[tuple[int, dict[str, Any], str, bool, Any]] = []
    dlg.run(6, 7)
    assert "Playing 6 games" in dlg.chart.waiting and dlg.chart.report is None
    dlg.worker.partial.connect(lambda r: seen.append((r.games, dlg.chart.figures(), dlg.figures.text(),
                                                      dlg.verdict_label.isHidden(), dlg.report,
                                                      dlg.progress.value())))
    qtbot.waitUntil(lambda: dlg.report is not None, timeout=60_000)
    assert [games for games, *_ in seen] == [1, 2, 3, 4, 5]
    for games, figures, text, no_verdict, report, bar in seen:
        assert figures["finished"] == games and sum(figures["wins"].values()) == games
        assert bar == games  # the bar and the figures tell the same count
        assert f"<b>{games} of 6</b> games played so far" in text and "Wins:" in text
        assert no_verdict and report is None  # the verdict waits for the end of the run
    scenario = systems.load_scenario(CT)
    seats = {side: "ai" for side in systems.seated_sides(scenario.spec.system)}
    headless = simulate(lambda s: systems.new_game(scenario, s), scenario.spec.name, 6, 7, seats,
                        systems.invariants, systems.outcome)
    report = dlg.report
    assert not report.partial and report.games == 6
    assert (report.wins, report.outcomes, report.mean_turns, report.mean_victory_points) == \
        (headless.wins, headless.outcomes, headless.mean_turns, headless.mean_victory_points)
    alone = BalanceChart()
    alone.set_report(headless)
    assert dlg.chart.figures() == alone.figures()
    alone.deleteLater()

    def clockless(text: str) -> str:
        return re.sub(r"\([0-9.]+ games/s on \d+ process(es)?\)", "", text)

    assert clockless(dlg.figures.text()) == clockless(editor_simulate.summary(headless))
    assert dlg.figures.text().startswith("<b>6</b> games played (") and "so far" not in dlg.figures.text()
    assert not dlg.verdict_label.isHidden()
    assert dlg.verdict_label.text() == editor_simulate.verdict_html(
        verdict(scenario.spec, headless.wins), "On the 6 games of the run.")


def test_a_stopped_simulate_says_it_is_partial_and_is_not_the_files_balance(qtbot: Any) -> None:
    """Stop keeps the figures of the games finished, says they are partial and what the
    verdict rests on, and is not kept as the balance on the launcher's card of the file."""
    from ambush_gui.gui.launcher_cards import own_card
    from ambush_gui.gui.shared import paths

    mine = paths.user_scenarios_dir() / "stopped-here.toml"
    shutil.copy(CT, mine)
    win = editor(qtbot, mine)
    dlg = win.simulate()
    assert dlg is not None
    dlg.run(500, 1)
    dlg.worker.progressed.connect(lambda done: qtbot.mouseClick(dlg.stop_button, Qt.MouseButton.LeftButton))
    qtbot.waitUntil(lambda: dlg.report is not None, timeout=60_000)
    report = dlg.report
    n = report.games
    assert 1 <= n < 500 and report.partial and report.asked == 500
    assert f"<b>{n} of 500</b> games played: <b>stopped early, so these figures are partial" \
        in dlg.figures.text()
    assert dlg.chart.figures()["finished"] == len(report.outcomes) == n
    text = dlg.verdict_label.text()
    assert not dlg.verdict_label.isHidden()
    games = f"{n} game{'s' if n != 1 else ''}"
    assert f"On the {games} finished before Stop (of 500 asked): a partial run." in text
    assert "stopping" not in dlg.progress.format()  # the bar counts again for the next run
    assert "not kept as the file's balance" in win.statusBar().currentMessage()
    assert win.save()
    card = own_card(mine)
    assert card is not None and not card.measured and card.balance.startswith("Balance not measured")


def test_simulate_refuses_an_invalid_scenario(qtbot: Any, warnings: list[str]) -> None:
    win = editor(qtbot, TUTORIAL)
    assert win.doc is not None
    win.doc.set(("map", "width"), 0)
    assert win.simulate() is None and win.sim_dialog is None
    assert "Cannot simulate it yet" in warnings[0] and "Map: width" in warnings[0]


# -- no lost work -------------------------------------------------------------------------------
def test_a_recovery_copy_is_kept_and_offered(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from ambush_gui.gui.app import Session

    win = editor(qtbot, CT)
    assert win.doc is not None
    win.doc.set(("title",), "Unsaved trouble")
    qtbot.waitUntil(lambda: win.recovery_path.exists(), timeout=3000)
    kept = read_data(win.recovery_path)
    assert kept["data"]["title"] == "Unsaved trouble" and kept["recovery"]["path"] == str(CT)
    # the program dies: the window goes without closing, the copy stays
    crashed = win.recovery_path.parent / "left-by-a-crash.toml"
    shutil.copy(win.recovery_path, crashed)
    win.doc.undo_stack.undo()
    qtbot.waitUntil(lambda: not win.recovery_path.exists(), timeout=3000)  # clean again: no copy
    assert recovery_files() == [crashed]
    asked = answer_questions(monkeypatch, QMessageBox.StandardButton.Yes)
    restored = Session().editor()
    qtbot.addWidget(restored)
    assert "Unsaved trouble" in asked[0] and "contracting-trouble.toml" in asked[0]
    assert restored.doc is not None and restored.doc.data == kept["data"]
    assert restored.doc.path is None and restored.isWindowModified()  # Ctrl+S asks (issue 12)
    assert not crashed.exists() and read_data(restored.recovery_path)["data"] == kept["data"]
    # saving it drops the copy
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(crashed.parent.parent / "mine.toml"), "")))
    assert restored.save() and not restored.recovery_path.exists() and recovery_files() == []


def test_the_copy_of_another_running_editor_is_left_alone(qtbot: Any,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    other = editor_window.recovery_dir() / "1-abc.toml"  # process 1 (init) is always running
    other.write_text('[recovery]\ntitle = "Theirs"\n[data]\ntitle = "Theirs"\n')
    asked = answer_questions(monkeypatch, QMessageBox.StandardButton.Yes)
    win = editor(qtbot)
    assert recovery_files() == [] and not win.offer_recovery() and asked == [] and other.exists()


def test_discarding_the_offer_deletes_the_copy(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from ambush_gui.gui.app import Session

    old = editor_window.recovery_dir() / "old.toml"
    old.write_text('[recovery]\ntitle = "Old"\n[data]\ntitle = "Old"\nsystem = "alley"\n')
    answer_questions(monkeypatch, QMessageBox.StandardButton.Discard)
    win = Session().editor(CT)
    qtbot.addWidget(win)
    assert not old.exists() and win.doc is not None and win.doc.path == CT


def test_closing_with_unsaved_changes_asks(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    win = editor(qtbot, CT)
    assert win.doc is not None
    win.doc.set(("turn_limit",), 6)
    win.write_recovery()
    assert win.recovery_path.exists()
    asked = answer_questions(monkeypatch, QMessageBox.StandardButton.Cancel)
    action(win, "Close").trigger()
    assert win.isVisible() and "not saved" in asked[0]
    asked = answer_questions(monkeypatch, QMessageBox.StandardButton.Discard)
    win.close()
    assert not win.isVisible() and asked and not win.recovery_path.exists()


def test_opening_another_file_asks_about_unsaved_changes(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    win = editor(qtbot, CT)
    assert win.doc is not None
    win.doc.set(("turn_limit",), 6)
    answer_questions(monkeypatch, QMessageBox.StandardButton.Cancel)
    assert not win.open_path(TUTORIAL) and win.doc.path == CT
    answer_questions(monkeypatch, QMessageBox.StandardButton.Discard)
    assert win.open_path(TUTORIAL) and win.doc.path == TUTORIAL and not win.isWindowModified()


# -- starting the editor ------------------------------------------------------------------------
def test_ambush_gui_edit_opens_the_editor(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QApplication, "exec", lambda *a: 0)
    assert cli.main(["edit", "contracting-trouble"]) == 0
    (win,) = [w for w in QApplication.topLevelWidgets() if isinstance(w, EditorWindow) and w.isVisible()]
    assert win.doc is not None and win.doc.path == CT and isinstance(win.page, StandInPage)


def test_ambush_gui_edit_reports_a_broken_file(qtbot: Any, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "broken.toml"
    bad.write_text("[table\n")
    assert cli.main(["edit", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "broken.toml" in err and "not valid TOML" in err and "Traceback" not in err
    assert [w for w in QApplication.topLevelWidgets() if isinstance(w, EditorWindow) and w.isVisible()] == []


def test_the_launcher_opens_the_editor(qtbot: Any) -> None:
    from ambush_gui.gui.app import Session

    session = Session()
    session.launcher()
    launcher = session.launcher_window
    assert launcher is not None
    qtbot.mouseClick(launcher.editor, Qt.MouseButton.LeftButton)
    editors = [w for w in session.windows if isinstance(w, EditorWindow)]
    assert len(editors) == 1 and editors[0].isVisible() and not launcher.isVisible()
    assert editors[0].doc is None  # the empty editor, with its New and Open buttons


def test_the_page_toolbar_and_fit(qtbot: Any) -> None:
    win = editor(qtbot, CT)
    assert isinstance(win.page, StandInPage)
    assert win.page.tool in win.page_bar.actions()
    before = win.page.fitted
    action(win, "Fit").trigger()
    assert win.page.fitted == before + 1


# -- with the real pages ------------------------------------------------------------------------
@pytest.fixture
def real_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(editor_window, "page_class", REAL_PAGE_CLASS)


REAL_PAGE_CLASS = editor_window.page_class


@pytest.mark.parametrize("shipped", systems.shipped(), ids=lambda s: s.name)
def test_shipped_scenarios_round_trip_through_their_real_page(qtbot: Any, tmp_path: Path, real_pages: None,
                                                              monkeypatch: pytest.MonkeyPatch,
                                                              shipped: systems.ShippedScenario) -> None:
    from ambush_gui.gui.editor.hexmap.page import MissionPage
    from ambush_gui.gui.editor.table.page import TablePage

    win = editor(qtbot, shipped.path)
    assert isinstance(win.page, MissionPage if shipped.system == "ambush" else TablePage)
    shown = set(win.page_bar.actions()) | set(win.view_bar.actions())
    assert win.page.toolbar_actions() and {a for a in win.page.toolbar_actions()
                                           if not a.isSeparator()} <= shown
    out = tmp_path / "copy.toml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(out), "")))
    action(win, "Save as").trigger()
    assert read_data(out) == read_data(shipped.path) and not win.isWindowModified()


@pytest.mark.parametrize("system, size, title", [("alley", (18.0, 12.0), "Back alley"),
                                                 ("ambush", (6, 5), "Small farm")])
def test_new_documents_from_the_file_menu(qtbot: Any, real_pages: None, monkeypatch: pytest.MonkeyPatch,
                                          system: str, size: tuple[float, float], title: str) -> None:
    def fill_in(dlg: editor_window.NewDocumentDialog) -> int:
        dlg.across.setValue(size[0])
        dlg.down.setValue(size[1])
        dlg.title.setText(title)
        return int(editor_window.QDialog.DialogCode.Accepted)

    monkeypatch.setattr(editor_window.NewDocumentDialog, "exec", fill_in)
    win = editor(qtbot)
    assert win.doc is None and win.stack.currentWidget() is win.welcome
    action(win, "New table scenario" if system == "alley" else "New hex mission").trigger()
    assert win.doc is not None and win.doc.system == system and win.doc.title == title
    assert win.doc.data == editor_window.new_data(system, size, title)
    assert win.stack.currentWidget() is win.page and "unsaved" in win.windowTitle()
    assert win.problem_list.problems == win.doc.problems()


def test_a_problem_click_selects_the_piece_on_the_real_table_page(qtbot: Any, real_pages: None) -> None:
    win = editor(qtbot, CT)
    assert win.doc is not None
    win.doc.set(("table", "pieces", 1, "rect"), [0, 0, -1])
    plist = win.problem_list.list
    qtbot.waitUntil(lambda: plist.count() == 1, timeout=2000)
    rect = plist.visualItemRect(plist.item(0))
    qtbot.mouseClick(plist.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert "Cross street (cross-street), rectangle (depth): is missing" in win.statusBar().currentMessage()
    assert win.page.canvas.selected == ("table", "pieces", 1)


def test_each_simulate_run_plays_the_scenario_as_it_stands(qtbot: Any, warnings: list[str]) -> None:
    win = editor(qtbot, TUTORIAL)
    assert win.doc is not None
    dlg = win.simulate()
    assert dlg is not None
    win.doc.set(("title",), "Farm, renamed")
    dlg.run(2, 1)
    qtbot.waitUntil(lambda: dlg.report is not None, timeout=30_000)
    assert dlg.scenario.spec.title == "Farm, renamed" and "Farm, renamed" in dlg.windowTitle()
    win.doc.set(("map", "width"), 0)
    dlg.run(2, 1)
    assert not dlg.running() and "Map: width" in warnings[-1]


def test_a_draft_with_problems_saves_and_reopens_with_them(qtbot: Any, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    win = editor(qtbot, CT)
    assert win.doc is not None
    win.doc.set(("turn_limit",), 0)
    out = tmp_path / "draft.toml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(out), "")))
    assert win.save() and read_data(out)["turn_limit"] == 0
    assert "a draft: 1 problem left" in win.statusBar().currentMessage()
    again = editor(qtbot, out)
    assert again.doc is not None and [p for p, _ in again.problem_list.problems] == ["turn_limit"]


def test_the_editor_opens_no_larger_than_the_screen(qtbot) -> None:  # noqa: ANN001
    """At 1280x800 it opened at 1440x900, its toolbar's end and the Problems list off the
    screen (seen by a new designer under Xvfb)."""
    from PySide6.QtCore import QRect

    from ambush_gui.gui.editor.window import editor_size

    class Screen:
        def __init__(self, w: int, h: int) -> None:
            self.rect = QRect(0, 0, w, h)

        def availableGeometry(self) -> QRect:  # noqa: N802 - Qt's name
            return self.rect

    assert editor_size(Screen(1280, 770)) == (1280, 770)  # type: ignore[arg-type]
    assert editor_size(Screen(1920, 1050)) == (1440, 900)  # type: ignore[arg-type]
    assert editor_size(None) == (1440, 900)


def test_every_table_tool_is_on_the_toolbar_at_1280_wide_not_in_its_overflow_menu(
        qtbot: Any, real_pages: None) -> None:
    """Issue 28's editor play-test at 1280x800: the Escort, Aid station and zone tools fell
    into the toolbar's "»" menu, out of sight. The tools have a row of their own; Grid,
    Snap, Turn, Delete and Fit sit on the first row beside the scenario's actions."""
    win = editor(qtbot, Path(__file__).resolve().parents[3] / "ambush_gui" / "scenarios" / "market-day.toml")
    win.resize(1280, 800)
    qtbot.waitUntil(lambda: win.page_bar.width() <= 1280)
    win.layout().activate()
    for bar in (win.page_bar, win.view_bar, win.main_bar):
        for a in bar.actions():
            if a.isSeparator():
                continue
            w = bar.widgetForAction(a)
            assert w is not None and w.isVisible(), (bar.windowTitle(), a.text())
            assert w.geometry().right() <= bar.width(), (bar.windowTitle(), a.text())
    assert {"Escort", "Aid station", "Regular zone", "Insurgent zone"} <= {
        a.text() for a in win.page_bar.actions()}


def test_a_simulate_shows_on_the_launcher_card_of_the_file_saved_as_simulated(qtbot: Any) -> None:
    """Play-test: after Simulate and a save, the launcher's card of the designer's file
    still read "Balance not measured". It shows the last Simulate while the file is as
    it was simulated, and not once the file changes."""
    from ambush_gui.gui.launcher_cards import own_card
    from ambush_gui.gui.shared import paths

    mine = paths.user_scenarios_dir() / "simulated-here.toml"
    shutil.copy(CT, mine)
    card = own_card(mine)
    assert card is not None and card.balance.startswith("Balance not measured") and not card.measured
    win = editor(qtbot, mine)
    dlg = simulated(qtbot, win, 2)
    assert dlg.report is not None and win.save()
    card = own_card(mine)
    assert card is not None and card.measured, card.balance
    assert card.balance.startswith("Balance (your Simulate), 2 computer games: "), card.balance
    mine.write_text(mine.read_text(encoding="utf-8") + "\n# changed by hand\n", encoding="utf-8")
    card = own_card(mine)
    assert card is not None and card.balance.startswith("Balance not measured")


def test_the_verdict_says_the_games_it_rests_on() -> None:
    import doctest

    from ambush_gui.gui.editor import simulate as editor_simulate

    assert doctest.testmod(editor_simulate).failed == 0
    finished = Report("ct", 500, {"regular": 250, "insurgent": 240, "draw": 10}, asked=500)
    assert editor_simulate.rests_on(finished) == "On the 500 games of the run."
    broke = Report("ct", 500, {"regular": 250, "insurgent": 240, "draw": 8}, exceptions=2, asked=500)
    assert editor_simulate.rests_on(broke) == "On the 498 games that finished (of 500 played)."
