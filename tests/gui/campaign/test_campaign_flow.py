"""A whole two-mission campaign through the real windows (issue 29's "done when"): the
launcher's Campaign card starts it, choose-and-equip starts each mission, the mission is
played in the hex-map window (its decisions answered by the computer's US player through
the window's controller, as the widgets answer), the program is closed in the middle of
the first mission and the campaign reopened from its progress file, exactly there; the
after-mission screen raises a rating, and the campaign's end screen closes it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ambush_gui.ai.ambush_ai import AmbushAI
from ambush_gui.ambush.campaign import Progress
from ambush_gui.gui.campaign import window as cw
from ambush_gui.gui.shared.pacing import Pace

LEFT = Qt.MouseButton.LeftButton
CAMPAIGN = """format = 1
system = "ambush"
kind = "campaign"
name = "two-farms"
title = "Two Farms"
brief = "A short campaign: the quiet farm, then the farm again."

[[roster]]
id = "sgt-kane"
name = "Sgt Kane"
ar = 4
mpa = 6
ws = 2
per = 5
ldr = 3

[[missions]]
id = "farm"
mission = "ambush-tutorial"
title = "The Quiet Farm"

[[missions]]
id = "again"
mission = "ambush-tutorial"
title = "The Farm Again"
"""


@pytest.fixture
def two_farms(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The campaign, the only one the launcher offers; missions at the instant pace."""
    import ambush_gui.ambush.campaign as engine

    path = tmp_path / "two-farms.toml"
    path.write_text(CAMPAIGN, encoding="utf-8")
    monkeypatch.setattr(engine, "shipped", lambda: [path])
    monkeypatch.setattr(cw, "saved_pace", lambda: Pace.INSTANT)
    return path


def play(qtbot: Any, win: cw.CampaignWindow, stop_after: int | None = None) -> None:
    """Answer the mission's decisions as the computer's US player would, through the
    mission window's controller (``stop_after``: that many answers, then stop)."""
    mission = win.mission_window
    assert mission is not None
    c = mission.controller
    ai = AmbushAI()
    for n in range(5000):
        qtbot.waitUntil(lambda: not c.busy, timeout=5000)
        d = c.pending()
        if d is None or n == stop_after:
            return
        c.answer(ai.choose(c.game, d))
    raise AssertionError("the mission did not end")


def three_answers_in(qtbot: Any, two_farms: Path) -> tuple[cw.CampaignWindow, Any]:
    """The campaign started from its equip screen, three answers into its first mission:
    the campaign window and the mission's."""
    win = cw.open_campaign(two_farms, 5)
    assert win is not None
    qtbot.addWidget(win)
    qtbot.mouseClick(win.equip.start_button, LEFT)
    play(qtbot, win, stop_after=3)
    assert win.mission_window is not None
    return win, win.mission_window


def campaign_windows() -> list[cw.CampaignWindow]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, cw.CampaignWindow)]


def test_a_campaign_from_the_launcher_to_its_end_with_a_reload_inside_a_mission(
        qtbot: Any, two_farms: Path, private_data: Path) -> None:
    from ambush_gui.gui.app import Session

    session = Session()
    session.launcher()
    dlg: Any = session.launcher_window
    qtbot.addWidget(dlg)
    card = dlg.campaign_card
    assert card.campaign.currentText() == "Two Farms"
    assert not card.cont.isEnabled()  # nothing under way yet
    dlg.seed.setValue(5)
    qtbot.mouseClick(card.start, LEFT)
    (win,) = campaign_windows()
    assert not dlg.isVisible()
    progress_path = win.progress.path
    assert progress_path is not None and progress_path.parent == private_data / "campaigns"

    # choose-and-equip opens on the suggestion; the record pad holds the filled roster
    assert win.pages.currentWidget() is win.equip
    assert win.equip.start_button.isEnabled() and len(win.equip.slots) == 3
    assert win.pad.table.rowCount() == 8 and win.pad.table.item(0, 0).text() == "Sgt Kane"
    assert win.equip.loadout().slots[0].soldier_id == "sgt-kane"
    qtbot.mouseClick(win.equip.start_button, LEFT)
    assert win.mission_window is not None and win.mission_window.isVisible()
    assert not win.isVisible()

    # a few decisions, each saved into the progress; then the program closes mid-mission
    play(qtbot, win, stop_after=12)
    answers = list(win.mission_window.controller.game.decisions)
    assert len(answers) >= 12
    saved = json.loads(progress_path.read_text(encoding="utf-8"))
    assert saved["phase"] == "mission" and saved["game"]["decisions"] == json.loads(json.dumps(answers))
    for w in QApplication.topLevelWidgets():
        w.close()
    assert Progress.load(progress_path).phase == "mission"

    # reopened: straight back into the mission, where it was
    win = cw.open_campaign(progress_path)
    assert win is not None and win.mission_window is not None
    assert win.mission_window.controller.game.decisions == answers
    play(qtbot, win)
    assert win.progress.phase == "debrief"
    button = win.mission_window.dialog.new_button  # the end dialog over the map
    assert button.text() == "&Continue the campaign"
    assert not win.mission_window.dialog.next_steps.isVisible()  # the campaign goes on instead
    qtbot.mouseClick(button, LEFT)
    qtbot.waitUntil(lambda: win.isVisible())
    assert win.mission_window is None and win.pages.currentWidget() is win.after
    first = win.progress.done[0]
    assert win.after.fates.rowCount() == 3
    assert first.title in win.after.heading.text() or "The Quiet Farm" in win.after.heading.text()

    # a promotion for the man with the most experience, where one is affordable
    screen = win.after
    for i in range(screen.promote_man.count()):
        screen.promote_man.setCurrentIndex(i)
        for j in range(screen.promote_rating.count()):
            screen.promote_rating.setCurrentIndex(j)
            if screen.promote_button.isEnabled():
                break
        if screen.promote_button.isEnabled():
            break
    if screen.promote_button.isEnabled():
        sid, key = screen.promote_man.currentData(), screen.promote_rating.currentData()
        before = win.progress.roster.by_id(sid).rating(key)
        qtbot.mouseClick(screen.promote_button, LEFT)
        assert Progress.load(progress_path).roster.by_id(sid).rating(key) == before + 1

    # the second mission, from the after-mission screen's Continue
    qtbot.mouseClick(screen.continue_button, LEFT)
    assert win.pages.currentWidget() is win.equip and win.progress.step_id == "again"
    assert "Mission 2 of 2" in win.equip.heading.text()
    qtbot.mouseClick(win.equip.start_button, LEFT)
    play(qtbot, win)
    qtbot.mouseClick(win.mission_window.dialog.new_button, LEFT)
    qtbot.waitUntil(lambda: win.isVisible())
    assert "the campaign's end" in win.after.continue_button.text()
    qtbot.mouseClick(win.after.continue_button, LEFT)
    assert win.pages.currentWidget() is win.end
    assert "the campaign is over" in win.end_words.text() and "2 missions fought" in win.end_words.text()
    done = Progress.load(progress_path)
    assert done.phase == "done" and len(done.done) == 2
    win.close()


def test_a_save_opened_in_the_mission_window_leaves_the_campaign_mission_as_it_was(
        qtbot: Any, two_farms: Path, tmp_path: Path) -> None:
    from ambush_gui import systems
    from ambush_gui.core import saves

    win = cw.open_campaign(two_farms, 5)
    assert win is not None
    qtbot.addWidget(win)
    qtbot.mouseClick(win.equip.start_button, LEFT)
    play(qtbot, win, stop_after=3)
    kept = list(win.progress.game_save["decisions"])
    assert len(kept) == 3
    other = systems.new_game(systems.load_scenario(systems.resolve("ambush-tutorial")), 11)
    saves.save(other, tmp_path / "other.json", {"us": "human"})
    mission = win.mission_window
    assert mission is not None and mission.open_path(tmp_path / "other.json")
    play(qtbot, win, stop_after=4)
    assert mission.controller.game.seed == 11 and len(mission.controller.game.decisions) == 4
    assert Progress.load(win.progress.path).game_save["decisions"] == kept
    mission.close()
    assert win.isVisible() and win.pages.currentWidget() is win.in_mission
    qtbot.mouseClick(win.resume_button, LEFT)
    assert win.mission_window is not None and win.mission_window.controller.game.decisions == kept
    win.mission_window.close()
    win.close()


def test_new_game_in_a_campaign_mission_reaches_the_launcher_and_continue_resumes_it(
        qtbot: Any, two_farms: Path, private_data: Path) -> None:
    """Issue 29: File > New game inside a campaign mission closed the mission onto the
    campaign's window, which had no way to the launcher. It reaches the launcher now, the
    campaign saved; the Campaign card's Continue resumes the mission where it was, and the
    Campaign menu's "Back to the launcher" leaves the campaign the same way."""
    from ambush_gui.gui.app import Session

    session = Session()
    session.launcher()
    dlg: Any = session.launcher_window
    qtbot.addWidget(dlg)
    qtbot.mouseClick(dlg.campaign_card.start, LEFT)
    win = session.windows[-1]
    assert isinstance(win, cw.CampaignWindow)
    qtbot.mouseClick(win.equip.start_button, LEFT)
    play(qtbot, win, stop_after=5)
    mission = win.mission_window
    assert mission is not None
    answers = list(mission.controller.game.decisions)
    mission.new_game_action.trigger()  # File > New game (Ctrl+N)
    launcher: Any = session.launcher_window
    assert launcher is not None and launcher is not dlg and launcher.isVisible()
    qtbot.addWidget(launcher)
    assert not mission.isVisible() and not win.isVisible()
    assert not [w for w in session.windows if w.isVisible()]
    saved = Progress.load(win.progress.path)
    assert saved.phase == "mission" and saved.game_save["decisions"] == json.loads(json.dumps(answers))

    card = launcher.campaign_card
    assert card.cont.isEnabled()
    qtbot.mouseClick(card.cont, LEFT)
    again = session.windows[-1]
    assert isinstance(again, cw.CampaignWindow) and again is not win
    assert again.mission_window is not None and again.mission_window.isVisible()
    assert again.mission_window.controller.game.decisions == answers
    again.mission_window.close()  # onto the campaign's window: Resume, or the launcher
    assert again.isVisible() and again.leave_button.isVisible()
    (back,) = [a for a in again.menuBar().actions()[0].menu().actions()
               if a.text() == "&Back to the launcher"]
    back.trigger()
    assert not again.isVisible() and session.launcher_window is not launcher
    assert session.launcher_window is not None and session.launcher_window.isVisible()
    qtbot.addWidget(session.launcher_window)
    assert Progress.load(again.progress.path).phase == "mission"


def mnemonics(widget: Any) -> list[str]:
    """The Alt+letter of each button, check box and label on a page (the offscreen platform
    runs no mnemonics, so the test reads them; under Xvfb they were pressed)."""
    from PySide6.QtWidgets import QAbstractButton, QLabel

    out = []
    for w in widget.findChildren(QAbstractButton) + widget.findChildren(QLabel):
        text = w.text().replace("&&", "")
        if "&" in text and not w.isHidden():
            out.append(text[text.index("&") + 1].lower())
    return out


def test_the_campaign_window_is_played_from_the_keyboard(qtbot: Any, two_farms: Path) -> None:
    from PySide6.QtTest import QTest

    ctrl = Qt.KeyboardModifier.ControlModifier
    win = cw.open_campaign(two_farms, 5)
    assert win is not None
    qtbot.addWidget(win)

    def key(k: Qt.Key) -> None:
        win.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is win)
        QTest.keyClick(win, k, ctrl)

    key(Qt.Key.Key_2)
    assert win.tabs.currentWidget() is win.pad
    key(Qt.Key.Key_1)
    assert win.tabs.currentWidget() is win.pages
    menu = [win.menuBar().actions()[0].text()[1].lower()]  # Alt+C: the Campaign menu
    for page in (win.equip, win.after, win.in_mission, win.end):
        keys = mnemonics(page) + menu + mnemonics(win.pad)
        assert len(keys) == len(set(keys)), f"{type(page).__name__}: one Alt key twice: {keys}"
    assert win.equip.start_button.text() == "&Start mission"
    win.close()


def menu_keys(window: Any) -> dict[str, str]:
    """Each key of ``window``'s menus and what it does: "Campaign ▸ The Record pad tab"."""
    from PySide6.QtGui import QKeySequence
    from PySide6.QtWidgets import QMenu

    out: dict[str, str] = {}

    def walk(menu: QMenu, where: str) -> None:
        for a in menu.actions():
            if isinstance(a.menu(), QMenu):
                walk(a.menu(), f"{where} ▸ {a.text()}")
            for k in a.shortcuts():
                out[k.toString(QKeySequence.SequenceFormat.PortableText)] = \
                    f"{where} ▸ {a.text()}".replace("&", "")
    for a in window.menuBar().actions():
        if isinstance(a.menu(), QMenu):
            walk(a.menu(), a.text())
    return out


def test_a_key_means_one_thing_in_the_campaign_window_and_its_mission_window(
        qtbot: Any, two_farms: Path) -> None:
    """A play-test: Ctrl+M was the Mission Card in the mission window and "Show the
    mission" in the campaign window (and Ctrl+R the result in one, the record pad in the
    other). A key both windows have does the same kind of thing in both."""
    win, mission = three_answers_in(qtbot, two_farms)
    ours, theirs = menu_keys(win), menu_keys(mission)
    assert theirs["Ctrl+M"] == "Help ▸ Mission Card" and "Ctrl+M" not in ours
    assert "Ctrl+R" not in ours
    same_kind = {"Ctrl+N": "leave for the launcher", "Ctrl+Q": "quit", "Ctrl+P": "print"}
    differ = {k: (ours[k], theirs[k]) for k in ours.keys() & theirs.keys()
              if ours[k] != theirs[k] and k not in same_kind}
    assert not differ, differ
    assert ours["Ctrl+1"] == "Campaign ▸ The Mission tab"
    assert ours["Ctrl+2"] == "Campaign ▸ The Record pad tab"
    win.close()


def test_the_shipped_campaign_is_played_through_the_windows_to_its_last_after_mission_screen(
        qtbot: Any, private_data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Long Lane, every mission it leads to, through the real windows: choose-and-equip
    (the suggestion), the mission window (the computer's US answers through its controller),
    the end dialog's Continue, the after-mission screen; the program closed and the campaign
    reopened from its progress file between two missions and again inside a mission."""
    from ambush_gui.ambush.campaign import shipped

    monkeypatch.setattr(cw, "saved_pace", lambda: Pace.INSTANT)
    (path,) = [p for p in shipped() if p.stem == "the-long-lane"]
    win = cw.open_campaign(path, seed=3)
    assert win is not None
    progress_path = win.progress.path
    assert progress_path is not None
    fought: list[str] = []
    reopened_between = reopened_inside = False
    while win.pages.currentWidget() is not win.end:
        assert win.pages.currentWidget() is win.equip, "each mission starts at choose-and-equip"
        if len(fought) == 2 and not reopened_between:  # closed between two missions
            for w in QApplication.topLevelWidgets():
                w.close()
            reopened_between = True
            win = cw.open_campaign(progress_path)
            assert win is not None and win.pages.currentWidget() is win.equip
        assert win.equip.start_button.isEnabled(), win.equip.start_button.toolTip()
        fought.append(str(win.progress.step_id))
        qtbot.mouseClick(win.equip.start_button, LEFT)
        if len(fought) == 4 and not reopened_inside:  # closed inside a mission
            play(qtbot, win, stop_after=8)
            answers = list(win.mission_window.controller.game.decisions)
            for w in QApplication.topLevelWidgets():
                w.close()
            reopened_inside = True
            win = cw.open_campaign(progress_path)
            assert win is not None and win.mission_window is not None
            assert win.mission_window.controller.game.decisions == answers
        play(qtbot, win)
        qtbot.mouseClick(win.mission_window.dialog.new_button, LEFT)
        qtbot.waitUntil(lambda w=win: w.isVisible())
        assert win.pages.currentWidget() is win.after
        assert win.after.fates.rowCount() >= 1
        qtbot.mouseClick(win.after.continue_button, LEFT)
    assert reopened_between and reopened_inside
    done = Progress.load(progress_path)
    assert done.phase == "done" and [d.step_id for d in done.done] == fought
    assert fought[0] == "farm" and fought[-1] == "column" and len(fought) >= 5
    win.close()


def test_save_in_a_campaign_mission_saves_the_campaign_and_says_so(
        qtbot: Any, two_farms: Path, private_data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A play-tester saved a campaign's mission with File ▸ Save: it went to a save file of
    its own, which reopened outside the campaign with no word. Save keeps it in the
    campaign's progress and says so; Save as names its copy as played outside."""
    from PySide6.QtCore import QEvent
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from ambush_gui.gui.shared import paths

    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _p, title, text: told.append(text))
    asked: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda _p, title, *_a, **_k: (asked.append(title), ("", ""))[1])
    win, mission = three_answers_in(qtbot, two_farms)
    mission.activateWindow()
    QTest.keyClick(mission.windowHandle(), Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(mission.windowHandle(), Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert len(told) == 1 and "saved in the campaign “Two Farms”" in told[0]  # said once
    assert "Save as" in mission.statusBar().currentMessage()
    assert len(Progress.load(win.progress.path).game_save["decisions"]) == 3
    assert mission.controller.save_path is None and asked == []  # no file of its own
    assert not list(paths.saves_dir().glob("*.json"))
    mission.save_as()
    assert asked == ["Save a copy, played outside the campaign"]
    mission.close()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    win.close()


def test_file_back_to_the_campaign_leaves_the_mission_waiting_and_resume_goes_on(
        qtbot: Any, two_farms: Path) -> None:
    """Play-test: inside a campaign's mission there was no way back to the campaign but
    closing the window (none at all on a screen without title bars); Quit left the
    program. File ▸ Back to the campaign (Ctrl+Shift+C) is first in the File menu."""
    from PySide6.QtTest import QTest

    win, mission = three_answers_in(qtbot, two_farms)
    kept = list(mission.controller.game.decisions)
    back = mission.file_menu.actions()[0]
    assert back.text() == "&Back to the campaign" and back.shortcut().toString() == cw.BACK_TO_CAMPAIGN
    mission.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is mission)
    QTest.keyClick(mission, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: win.mission_window is None)
    assert win.isVisible() and win.pages.currentWidget() is win.in_mission
    qtbot.mouseClick(win.resume_button, LEFT)
    assert win.mission_window is not None and win.mission_window.controller.game.decisions == kept
    win.mission_window.close()
    win.close()
