"""The campaign's window and its flow: choose-and-equip, the mission in the hex-map window,
the after-mission screen, the next mission..., the campaign's end.

The progress file is the campaign's only memory: it is saved after every choice on these
screens and, while a mission is played, after every decision of its game (the mission's
controller autosaves into it instead of the autosave file), so closing the program at any
moment and opening the progress again resumes exactly there, inside a mission too.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.ambush.campaign import Campaign, Progress
from ambush_gui.ambush.campaign.progress import backup_of, new_path
from ambush_gui.core.errors import InputError, printable
from ambush_gui.gui.campaign.after_mission import OUTCOMES, AfterMission
from ambush_gui.gui.campaign.equip import EquipScreen
from ambush_gui.gui.campaign.record_pad import RecordPad
from ambush_gui.gui.shared import paths, theme
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.shared.game_window import GameWindow, saved_pace, seats_for
from ambush_gui.gui.shared.manual import about_action, manual_action
from ambush_gui.gui.shared.widgets import ask_to_quit

BACK_TO_CAMPAIGN = "Ctrl+Shift+C"  # File > Back to the campaign, in a campaign's mission window
SHOW_STEP = "Ctrl+1"  # Campaign > The Mission tab (Ctrl+M is the Mission Card in the mission)
SHOW_PAD = "Ctrl+2"  # Campaign > The Record pad tab (Ctrl+R is Show the result in the mission)


class CampaignController(GameController):
    """A mission's controller whose autosave is the campaign's progress file: after every
    decision the game's answers go into the progress (``Progress.record``), which is saved.

    A save opened in its window (File > Open) replaces the game there: the controller is
    then ``detached`` from the campaign, which keeps its mission as it was (resumed from
    the campaign's window), and the opened game autosaves as any game does."""

    def __init__(self, game: Any, progress: Progress, **kw: Any) -> None:
        super().__init__(game, seats_for("solo", "ambush"), autosave=None, **kw)
        self.progress = progress
        self.detached = False

    def replace_game(self, game: Any, save_path: Path | None = None,
                     seats: dict[str, Seat] | None = None) -> None:
        self.detached = True
        self.autosave = paths.autosave_path()
        super().replace_game(game, save_path, seats)

    def kept_elsewhere(self) -> str:
        """A campaign's mission is saved in the campaign as it is played: File ▸ Save
        saves it there, and a save file of its own would be played outside the campaign."""
        if self.detached:
            return ""
        self._autosave()
        return (f"This mission is saved in the campaign “{self.progress.campaign.title}” as you "
                "play: Continue campaign on the launcher brings it back where it stands. "
                "File ▸ Save as… makes a separate copy, played outside the campaign.")

    def _autosave(self) -> None:
        if self.detached:
            super()._autosave()
            return
        try:
            self.progress.record(self.played)
            self.progress.save()
        except OSError as exc:
            self.autosaveFailed.emit(f"Saving the campaign to {self.progress.path} failed: {exc}")


class CampaignWindow(QMainWindow):
    """One campaign being played: its screens in the first tab, the record pad in the second.
    ``launcher`` opens the launcher: the Campaign menu's "Back to the launcher" and a
    mission's File > New game leave the campaign for it, saved (its card's Continue resumes
    it); without one (a trial from the editor) they close the campaign, saved."""

    def __init__(self, progress: Progress, parent: QWidget | None = None,
                 launcher: Callable[[], Any] | None = None) -> None:
        super().__init__(parent)
        self.progress = progress
        self.launcher = launcher
        self.mission_window: GameWindow | None = None
        self.controller: CampaignController | None = None
        self._finished: int | None = None  # id() of the game whose debrief is taken
        self.setWindowTitle(f"{printable(progress.campaign.title, 80)} — campaign — ambush-gui")
        self.tabs = QTabWidget()
        self.pages = QStackedWidget()
        self.equip = EquipScreen()
        self.equip.start.connect(self.start_mission)
        self.equip.changed.connect(self._loadout_changed)
        self.in_mission = self._mission_page()
        self.after = AfterMission()
        self.after.continued.connect(self.next_mission)
        self.after.promoted.connect(self._promoted)
        self.end = self._end_page()
        for page in (self.equip, self.in_mission, self.after, self.end):
            self.pages.addWidget(page)
        self.pad = RecordPad()
        self.pad.printed.connect(lambda p: self.statusBar().showMessage(f"Record pad printed to {p}", 8000))
        # no mnemonics on the tabs: Alt+M and Alt+R belong to the pages' buttons. Ctrl+1 and
        # Ctrl+2 (the Campaign menu) switch the tabs: Ctrl+M and Ctrl+R mean the Mission Card
        # and the result in the mission's window, and one key has one meaning (a play-test)
        self.tabs.addTab(self.pages, "Mission")
        self.tabs.addTab(self.pad, "Record pad")
        self.tabs.setTabToolTip(0, "The campaign's next step: choose and equip, the mission, "
                                   "what it did to the squad (Ctrl+1)")
        self.tabs.setTabToolTip(1, "The squad's record pad: every man, his ratings and his history "
                                   "(Ctrl+2; Ctrl+P prints it)")
        self.setCentralWidget(self.tabs)
        self._menus()
        self.show_phase()

    def _menus(self) -> None:
        menu = self.menuBar().addMenu("&Campaign")
        menu.addAction(self.pad.print_action)  # Ctrl+P, wherever the focus is in this window
        for text, key, slot, tip in (
            ("The &Mission tab", QKeySequence(SHOW_STEP), lambda: self.tabs.setCurrentIndex(0),
             "The campaign's next step: choose and equip, the mission, what it did to the squad"),
            ("The &Record pad tab", QKeySequence(SHOW_PAD), lambda: self.tabs.setCurrentIndex(1),
             "The squad's record pad: every man, his ratings and his history"),
            ("&Back to the launcher", QKeySequence.StandardKey.New, self.to_launcher,
             "Leave the campaign for the launcher: it is saved, and its Continue goes on "
             "where it was"),
            ("&Quit", QKeySequence.StandardKey.Quit, self.quit_campaign,
             "Close the campaign: it is saved, and continues where it was"),
        ):
            act = QAction(text, self)
            act.setShortcut(key)
            act.setStatusTip(tip)
            act.setToolTip(tip)
            act.triggered.connect(slot)
            menu.addAction(act)
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction(manual_action(self))
        help_menu.addAction(about_action(self))

    def _mission_page(self) -> QWidget:
        page = QWidget()
        lay = QVBoxLayout(page)
        self.mission_words = QLabel()
        self.mission_words.setWordWrap(True)
        self.mission_words.setFont(theme.label_font(12))
        lay.addWidget(self.mission_words)
        self.resume_button = QPushButton("&Resume the mission")
        self.resume_button.setToolTip("Back to the mission's map, where it was left (Alt+R)")
        self.resume_button.setDefault(True)
        self.resume_button.setMinimumHeight(34)
        self.resume_button.clicked.connect(self.resume_mission)
        self.leave_button = QPushButton("Back to the &launcher")
        self.leave_button.setToolTip("Leave the campaign for the launcher: it is saved, the mission "
                                     "with it, and the Campaign card's Continue goes on where it "
                                     "was (Ctrl+N)")
        self.leave_button.setMinimumHeight(34)
        self.leave_button.clicked.connect(self.to_launcher)
        row = QHBoxLayout()
        row.addWidget(self.resume_button)
        row.addWidget(self.leave_button)
        row.addStretch(1)
        lay.addLayout(row)
        lay.addStretch(1)
        return page

    def _end_page(self) -> QWidget:
        page = QWidget()
        lay = QVBoxLayout(page)
        self.end_words = QLabel()
        self.end_words.setWordWrap(True)
        self.end_words.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.end_words)
        lay.addStretch(1)
        row = QHBoxLayout()
        row.addStretch(1)
        pad = QPushButton("See the &record pad")
        pad.setToolTip("Every man of the squad and his history (Ctrl+2)")
        pad.clicked.connect(lambda: self.tabs.setCurrentIndex(1))
        close = QPushButton("Cl&ose")
        close.setToolTip("Close the campaign's window")
        close.clicked.connect(self.close)
        row.addWidget(pad)
        row.addWidget(close)
        lay.addLayout(row)
        return page

    # -- the phases ------------------------------------------------------------------------
    def show_phase(self) -> None:
        """The page of the progress's phase; the record pad as the roster stands."""
        p = self.progress
        self.pad.show_roster(p.roster.soldiers,
                             f"{printable(p.campaign.title, 60)} — squad record pad")
        if p.phase == "equip":
            self.equip.show_step(p)
            self.pages.setCurrentWidget(self.equip)
        elif p.phase == "mission":
            step = p.campaign.step(str(p.step_id))
            self.mission_words.setText(
                f"The mission <b>{html.escape(printable(str(step.title or step.mission.spec.title), 80))}"
                "</b> is under way: every decision in it is kept. Resume it to go on where you "
                "left it (closing the mission's window brings you back here).")
            self.pages.setCurrentWidget(self.in_mission)
        elif p.phase == "debrief" and p.done:
            self.after.show_debrief(p, p.done[-1])
            self.pages.setCurrentWidget(self.after)
        else:
            self.end_words.setText(self._end_text())
            self.pages.setCurrentWidget(self.end)

    def _end_text(self) -> str:
        p = self.progress
        rows = []
        for d in p.done:
            step = p.campaign.step(d.step_id)
            title = printable(str(step.title or step.mission.spec.title), 60)
            rows.append(f"<li>{html.escape(title)}: {OUTCOMES.get(d.outcome, d.outcome)}, "
                        f"{d.points} points</li>")
        living = p.roster.living()
        return (f"<h2>{html.escape(printable(p.campaign.title, 80))}: the campaign is over</h2>"
                f"<p>{len(p.done)} mission{'s' if len(p.done) != 1 else ''} fought:</p>"
                f"<ul>{''.join(rows)}</ul>"
                f"<p>{len(living)} of the squad's {len(p.roster.soldiers)} men are alive at the end. "
                "Their record is on the record pad.</p>")

    def _save(self) -> None:
        try:
            self.progress.save()
        except OSError as exc:
            self.statusBar().showMessage(f"Could not save the campaign: {exc}", 10000)

    def _loadout_changed(self, loadout: Any) -> None:
        """An unfinished choice is kept: reopened, the screen shows it again."""
        if self.progress.phase == "equip":
            self.progress.loadout = loadout
            self._save()

    def _promoted(self) -> None:
        self._save()
        self.pad.show_roster(self.progress.roster.soldiers)

    def start_mission(self, loadout: Any) -> None:
        game = self.progress.start_mission(loadout)
        self.progress.record(game)
        self._save()
        self.open_mission(game)

    def resume_mission(self) -> None:
        if self.mission_window is not None:
            self.mission_window.show()
            self.mission_window.raise_()
            self.mission_window.activateWindow()
            return
        self.open_mission(self.progress.resume_mission())

    def open_mission(self, game: Any) -> GameWindow:
        """The mission in the hex-map window; this window steps aside until it is over."""
        from ambush_gui.gui.app import window_for

        controller = CampaignController(game, self.progress, pace=saved_pace())
        win = window_for(controller)
        controller.gameOver.connect(lambda _=None, w=win: self.mission_over(w))
        # the end dialog's button (Continue the campaign) comes back here; File > New game
        # leaves for the launcher, as in any game
        win.newGameRequested.connect(lambda w=win: self.back_from_mission(w))
        win.new_game_action.triggered.disconnect()
        win.new_game_action.triggered.connect(self.to_launcher)
        self._back_action(win)
        win.closed.connect(lambda w=win: self.mission_closed(w))  # not a close it refused
        win.branch_refused = ("A campaign's mission is not branched: its men go on in the "
                              "campaign. Save a copy (File ▸ Save as), open it, and continue "
                              "from a moment of the copy")
        self.controller, self.mission_window = controller, win
        self.show_phase()
        win.place_on_screen()
        win.show()
        win.raise_()
        win.activateWindow()
        self.hide()
        win.start()
        return win

    def _back_action(self, win: GameWindow) -> None:
        """File ▸ Back to the campaign (Ctrl+Shift+C), first in the mission's File menu: the
        mission waits, saved, and the campaign window's Resume goes on with it. A play-tester
        found no way back but closing the window (and on a screen with no title bar, none);
        Quit left the whole program."""
        back = QAction("&Back to the campaign", win)
        back.setShortcut(QKeySequence(BACK_TO_CAMPAIGN))
        tip = ("Leave the mission for the campaign window: every decision is kept, and "
               "Resume the mission goes on where you were")
        back.setStatusTip(tip)
        back.setToolTip(tip)
        back.triggered.connect(lambda _=False, w=win: self.back_from_mission(w))
        first = win.file_menu.actions()[0]
        win.file_menu.insertAction(first, back)
        win.file_menu.insertSeparator(first)
        win.back_to_campaign_action = back  # type: ignore[attr-defined]

    def mission_over(self, win: GameWindow) -> None:
        """The game ended: the campaign rules are applied and saved at once (the end dialog
        is still read over the map); its New game button leads back to the campaign."""
        game = win.controller.game
        detached = getattr(win.controller, "detached", False)  # another game opened there
        if detached or self._finished == id(game) or self.progress.phase != "mission":
            return
        self._finished = id(game)
        self.progress.finish_mission(game)
        self._save()
        dialog = getattr(win, "dialog", None)
        after = getattr(dialog, "next_steps", None)
        if after is not None:  # inside the campaign, what follows the tutorial is its next mission
            after.hide()
        button = getattr(dialog, "new_button", None)
        if button is not None:
            button.setText("&Continue the campaign")
            button.setToolTip("Back to the campaign: what the mission did to the squad, "
                              "promotions, and the next mission")

    def back_from_mission(self, win: QObject) -> None:
        if isinstance(win, QWidget) and win.isVisible():
            win.close()  # mission_closed follows
        else:
            self.mission_closed(win)

    def mission_closed(self, win: QObject) -> None:
        """The mission window closed: this window again, at the progress's phase."""
        if win is not self.mission_window:
            return
        self.mission_window = None
        self.controller = None
        if isinstance(win, QWidget):
            win.deleteLater()
        self.show_phase()
        self.show()
        self.raise_()
        self.activateWindow()

    def to_launcher(self) -> None:
        """Leave the campaign for the launcher: the mission (if one is open) and this window
        close, the progress saved (every decision of the mission is in it already)."""
        if self.mission_window is not None:
            self.mission_window.close()  # mission_closed follows, and shows this window
        self.close()
        if self.launcher is not None:
            self.launcher()

    def next_mission(self) -> None:
        self.progress.next_mission()
        self._save()
        self.show_phase()

    QUIT_QUESTION = ("Quit the campaign? It is saved: Continue campaign on the launcher "
                     "goes on where it stands.")

    def quit_campaign(self) -> None:
        """Campaign ▸ Quit: asked once, as the window's close button is (the close this
        makes is the program's, not asked again)."""
        if ask_to_quit(self, "Quit the campaign?", self.QUIT_QUESTION):
            self.close()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if self.mission_window is not None and self.mission_window.isVisible():
            event.ignore()  # hidden behind the mission: only the mission closes it
            self.hide()
            return
        if event.spontaneous() and not ask_to_quit(self, "Quit the campaign?", self.QUIT_QUESTION):
            event.ignore()
            return
        self._save()
        event.accept()


# -- opening a campaign ---------------------------------------------------------------------

def load_progress(path: Path, parent: QWidget | None = None) -> Progress | None:
    """A progress file; a broken one is refused with what is wrong, and its last good copy
    (the engine's ``.bak``) is offered. Taken, the broken file is set aside as ``.broken``
    and the next save writes the file again, the good copy still the ``.bak``."""
    try:
        return Progress.load(path)
    except (InputError, OSError, ValueError) as exc:
        words = printable(str(exc), 1200)
        bak = backup_of(path)
        if not bak.exists():
            QMessageBox.warning(parent, "Cannot continue this campaign",
                                f"{path} cannot be used:\n\n{words}")
            return None
        saved = time.strftime("%Y-%m-%d %H:%M", time.localtime(bak.stat().st_mtime))
        answer = QMessageBox.question(
            parent, "Cannot continue this campaign",
            f"{path} cannot be used:\n\n{words}\n\nContinue from its last good copy, saved {saved}? "
            f"The broken file is kept beside it as {path.name}.broken.")
        if answer != QMessageBox.StandardButton.Yes:
            return None
        try:
            progress = Progress.load_backup(path)
        except (InputError, OSError, ValueError) as exc2:
            QMessageBox.warning(parent, "Cannot continue this campaign",
                                f"The last good copy {bak} cannot be used either:\n\n"
                                f"{printable(str(exc2), 1200)}")
            return None
        # set aside, so that the next save cannot keep it as the last good copy (a broken
        # file that still reads as JSON would be) and the player still has it
        path.replace(path.with_name(path.name + ".broken"))
        return progress


def new_progress(campaign_path: Path, seed: int, name_men: bool = False,
                 parent: QWidget | None = None) -> Progress | None:
    """A new campaign from its file, with the campaign's roster (or men the player names),
    saved at once in a progress file of its own."""
    from ambush_gui.gui.campaign.card import NamingDialog

    campaign = Campaign.load(campaign_path)
    progress = Progress.new(campaign, seed)
    if name_men:
        dialog = NamingDialog(progress.roster, parent)
        if not dialog.exec():
            return None
        dialog.apply()
    progress.save(new_path(paths.data_dir(), campaign))
    return progress


def is_progress(path: Path) -> bool:
    """A progress file rather than a campaign file: by its content (as ``play`` tells them),
    else, when it will not read, by its name (``.json``), so the right error is shown."""
    from ambush_gui.ambush.campaign.progress import FORMAT
    from ambush_gui.core.files import read_data

    try:
        return read_data(path, InputError).get("format") == FORMAT
    except InputError:
        return path.suffix.lower() == ".json"


def open_campaign(target: str | Path, seed: int = 0, name_men: bool = False,
                  parent: QWidget | None = None,
                  launcher: Callable[[], Any] | None = None) -> CampaignWindow | None:
    """A campaign's window: ``target`` is a progress file (continued), or a campaign file or
    shipped campaign's name (started anew); ``launcher`` opens the launcher (see
    :class:`CampaignWindow`). None (after saying why) when it cannot open."""
    from ambush_gui.gui.shared.widgets import cannot_open

    path = _resolve(target)
    try:
        progress = (load_progress(path, parent) if is_progress(path)
                    else new_progress(path, seed, name_men, parent))
    except Exception as exc:  # any file: a message box, never a crash
        cannot_open(parent, "Cannot open this campaign", path, exc)
        return None
    if progress is None:
        return None
    win = CampaignWindow(progress, launcher=launcher)
    place(win)
    win.show()
    if progress.phase == "mission":
        win.resume_mission()
    return win


def place(win: QWidget) -> None:
    """At most 1400x900, inside the screen's room and centred on it."""
    screen = QApplication.primaryScreen()
    if screen is None:
        win.resize(1240, 760)
        return
    avail = screen.availableGeometry()
    w, h = min(1400, avail.width() - 40), min(900, avail.height() - 40)
    win.setGeometry(avail.x() + (avail.width() - w) // 2, avail.y() + (avail.height() - h) // 2, w, h)


def _resolve(target: str | Path) -> Path:
    p = Path(target)
    if p.exists():
        return p
    from ambush_gui.ambush.campaign import shipped

    for c in shipped():
        if c.stem == str(target):
            return c
    return p


def run_campaign(target: str | Path, seed: int = 0, name_men: bool = False) -> int:
    """``ambush-gui play CAMPAIGN|PROGRESS``: the campaign's window, until it closes."""
    from ambush_gui.gui.app import Session, application

    app = application()
    win = Session().campaign(Path(target), seed, name_men)
    if win is None:
        return 2
    return app.exec()
