"""Starting the GUI: the launcher, new games, saved games, and one window per game."""

from __future__ import annotations

import gc
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from ambush_gui import systems
from ambush_gui.core import saves
from ambush_gui.core.events import Event
from ambush_gui.core.files import atomic_write
from ambush_gui.core.game import Game
from ambush_gui.gui.shared import art, paths, theme
from ambush_gui.gui.shared.controller import GameController, Seat, load_game
from ambush_gui.gui.shared.game_window import (
    GameWindow,
    own_file,
    recent_games,
    remember_recent,
    saved_level,
    saved_pace,
    seats_for,
)
from ambush_gui.gui.shared.widgets import cannot_open, install_wheel_guard


def application() -> QApplication:
    app = cast("QApplication | None", QApplication.instance())
    if app is None:
        app = QApplication(sys.argv[:1])
        app.setApplicationName("ambush-gui")
        app.setOrganizationName("ambush-gui")
        # Wayland finds the icon and the taskbar entry by the .desktop file's name.
        app.setDesktopFileName("ambush-gui")
    # Every window (launcher, game, editor, dialogs) shows the icon unless it sets its own.
    app.setWindowIcon(art.icon())
    theme.load_comfort()  # the text scale and palette the player chose (View menu)
    install_wheel_guard()
    return app  # type: ignore[return-value]


class Session:
    """Keeps the open windows alive and wires the launcher to them."""

    def __init__(self) -> None:
        self.windows: list[QWidget] = []
        self.launcher_window: QWidget | None = None
        self.network_ends: list[Any] = []  # games across two machines (gui/netplay.py)

    def launcher(self, replacing: GameWindow | None = None) -> None:
        """The launcher; a game it starts or opens replaces ``replacing`` (File > New
        game's window): one game window at a time, the old game kept in a save. One
        launcher at a time too: one left open behind the window (File > New game twice)
        replaced the same window again after the other had, and two windows played one game."""
        from ambush_gui.gui.launcher import Launcher

        if self.launcher_window is not None:
            self.launcher_window.close()
        dlg = Launcher()
        dlg.newGame.connect(lambda path, mode, seed: self._network(
            dlg, self.host(Path(path), mode.removeprefix("host-"), dlg.rules_options()))
            if mode.startswith("host-") else self._from_launcher(
            dlg, self.new_game(Path(path), mode, seed, options=dlg.rules_options(),
                               level=dlg.chosen_level()), replacing))
        dlg.openGame.connect(
            lambda path: self._from_launcher(dlg, self.open_save(Path(path)), replacing))
        dlg.openEditor.connect(lambda: self._from_launcher(
            dlg, self.editor(back=lambda: self.launcher(replacing))))
        dlg.joinGame.connect(lambda address: self._network(dlg, self.join(address)))
        dlg.hostSave.connect(lambda path, port: self._network(dlg, self.host_save(Path(path), port)))
        dlg.newCampaign.connect(lambda path, seed, name_men: self._from_launcher(
            dlg, self.campaign(Path(path), seed, name_men, dlg)))
        dlg.openCampaign.connect(
            lambda path: self._from_launcher(dlg, self.campaign(Path(path), parent=dlg)))
        self.launcher_window = dlg
        dlg.show()

    def _network(self, dlg: QWidget, end: Any) -> None:
        """A game across two machines began from the launcher: the launcher makes way for
        its waiting dialog (the end lives as long as this session)."""
        if end is not None:
            self.network_ends.append(end)
            dlg.close()

    def host(self, scenario_path: Path, side: str, options: dict[str, str] | None = None) -> Any:
        """Host a new game of ``scenario_path`` playing ``side`` (gui/netplay.py)."""
        from ambush_gui.gui.netplay import host_game
        from ambush_gui.net.link import DEFAULT_PORT

        try:
            scenario = systems.load_scenario(scenario_path)
            return host_game(self, scenario, scenario_path.stem, side, DEFAULT_PORT, options)
        except Exception as exc:  # a file, or a port taken: a message box, never a crash
            cannot_open(None, "Cannot host this scenario", scenario_path, exc)
            return None

    def host_save(self, path: Path, port: int) -> Any:
        """Host the game saved at ``path`` (one this machine hosted) again on ``port``."""
        from PySide6.QtWidgets import QMessageBox

        from ambush_gui.gui.netplay import host_saved_game
        from ambush_gui.net.session import SessionError

        try:
            return host_saved_game(self, path, port)
        except (OSError, SessionError) as why:  # a port taken; a record that makes no seed
            QMessageBox.warning(None, "Cannot host this game", str(why))
            return None
        except Exception as exc:  # any file: a message box, never a crash (issue 12)
            cannot_open(None, "Cannot host this game", path, exc)
            return None

    def join(self, address: str) -> Any:
        """Join the game hosted at ``address`` (HOST[:PORT])."""
        from ambush_gui.gui.netplay import join_game
        from ambush_gui.net.link import parse_address

        return join_game(self, parse_address(address))

    def _from_launcher(self, dlg: QWidget, window: QWidget | None,
                       replacing: GameWindow | None = None) -> None:
        if window is None:
            return
        dlg.close()
        if isinstance(window, GameWindow) and replacing is not None and replacing is not window:
            self.retire(replacing, window)

    def retire(self, old: GameWindow, new: GameWindow) -> Path | None:
        """Close ``old`` for ``new``: its game, if one was played, is saved first (to its
        own file, else to a file of its own in the saves folder, listed under Recent
        games: the one autosave is the new game's now). Returns where it was kept."""
        kept: Path | None = None
        if old not in self.windows:  # retired already: closed, its game kept
            return None
        c = old.controller
        if c.played.decisions:
            kept = own_file(c)
            try:
                if c.dirty or kept != c.save_path:  # an opened save not played on stays as it was
                    c.save(kept)
                remember_recent(kept)
            except OSError as exc:
                new.statusBar().showMessage(f"Could not keep the last game: {exc}", 8000)
                kept = None
        old.close()
        if old in self.windows:
            self.windows.remove(old)
        old.deleteLater()
        if kept is not None:
            new.statusBar().showMessage(f"The last game was saved to {kept}", 8000)
        return kept

    def branched(self, old: GameWindow, game: Game, seats: dict[str, Seat], path: Path,
                 level: str) -> GameWindow:
        """Timeline ▸ Continue from here: the new game from a past moment in its own window,
        the old one kept in its save and closed (one game window at a time)."""
        n = len(game.decisions)
        new = self._window(game, seats, path, level)
        self.retire(old, new)
        new.statusBar().showMessage(f"A new game from decision {n}, saved as {path.name}. Its "
                                    "dice from here on are fresh, never the old game's.", 20000)
        return new

    def new_game(self, scenario_path: Path, mode: str = "hotseat", seed: int = 0,
                 scale: float = 1.0, options: dict[str, str] | None = None,
                 level: str | None = None) -> GameWindow | None:
        try:
            scenario = systems.load_scenario(scenario_path, scale)
            return self.play(scenario, mode, seed, options, level)
        except Exception as exc:  # any file: a message box, never a crash (issue 12)
            cannot_open(None, "Cannot start this scenario", scenario_path, exc)
            return None

    def play(self, scenario: object, mode: str = "hotseat", seed: int = 0,
             options: dict[str, str] | None = None, level: str | None = None,
             editor: QWidget | None = None) -> GameWindow:
        """A new game of a validated scenario or mission in its window: the launcher's new
        game and the editor's "Play from here" both start games here. ``mode`` says who
        sits where (see :func:`~ambush_gui.gui.shared.game_window.seats_for`); ``options``
        the rules options the player chose (the rest: the scenario's, else the defaults);
        ``level`` the computer's (None: the level chosen last, in the launcher or the Game
        menu); ``editor`` the editor window whose "Play from here" starts it (the game then
        fills the screen as any game does, and offers the way back to it)."""
        game = systems.new_game(scenario, seed, options)
        return self._window(game, seats_for(mode, game.system), None, level, editor)

    def editor(self, path: Path | None = None, back: Callable[[], object] | None = None) -> QWidget:
        """An editor window, offering first to restore work a crash left unsaved; ``path``
        (a scenario or mission file) opens in it, or in a second window after a restore.
        ``back``: what File ▸ Close goes back to (the launcher the editor was opened from)."""
        from ambush_gui.gui.editor.window import EditorWindow

        win = EditorWindow(session=self)
        win.back_to_launcher = back
        win.show()
        self.windows.append(win)
        restored = win.offer_recovery()
        if path is not None:
            if restored:
                win = EditorWindow(session=self)
                win.back_to_launcher = back
                win.show()
                self.windows.append(win)
            win.open_path(path)
        return win

    def campaign(self, path: Path, seed: int = 0, name_men: bool = False,
                 parent: QWidget | None = None) -> QWidget | None:
        """An Ambush! campaign's window: a campaign file started anew (the men named by the
        player if ``name_men``), or a progress file continued."""
        from ambush_gui.gui.campaign.window import open_campaign

        win = open_campaign(path, seed, name_men, parent, launcher=self.launcher)
        if win is not None:
            self.windows.append(win)
        return win

    def open_save(self, path: Path, computer: str | None = None,
                  computer_level: str = "normal") -> GameWindow | None:
        """A saved game, seated as it was saved; ``computer`` (``play SAVE --computer
        SIDE[:LEVEL]``) seats the computer on that side at ``computer_level`` and a person
        on the other instead."""
        try:
            game = load_game(path)
            record = saves.read(path)
            players, levels = record.players, record.levels
        except Exception as exc:  # any file: a message box, never a crash (issue 12)
            cannot_open(None, "Cannot open this game", path, exc)
            return None
        # the sides that answer decisions: in Ambush! the Germans have no seat (a continued
        # mission came up behind a hot-seat curtain, its Germans seated as a second person)
        seats = {side: Seat(players.get(side, "human"))
                 for side in systems.seated_sides(game.system)}
        # the other machine's seat of a game across two machines: a person's here (hot-seat)
        elsewhere = [side for side, seat in seats.items() if seat is Seat.REMOTE]
        seats.update({side: Seat.HUMAN for side in elsewhere})
        if path != paths.autosave_path():
            remember_recent(path)
        level: dict[str, str] | None = None
        if levels:  # the level each computer side played at; a side it does not name: the last chosen
            level = {side: levels.get(side, saved_level()) for side in seats}
        if computer in seats:  # asked for on the command line: it wins over the save's seats
            seats = {side: Seat.COMPUTER if side == computer else Seat.HUMAN for side in seats}
            level = {side: computer_level if side == computer else (level or {}).get(
                side, saved_level()) for side in seats}
        win = self._window(game, seats, path, level)
        if elsewhere:
            win.note(Event("network", remote_words(game, elsewhere), {}))
        return win

    def _window(self, game: Game, seats: dict[str, Seat], save_path: Path | None,
                level: str | dict[str, str] | None = None, editor: QWidget | None = None,
                network: Callable[[GameController], None] | None = None) -> GameWindow:
        """``network``: a game across two machines sets up its controller (gui/netplay.py)
        before the window starts it."""
        kept = self.keep_autosaved(save_path)
        controller = GameController(game, seats, autosave=paths.autosave_path(), pace=saved_pace(),
                                    level=level or saved_level())
        controller.save_path = save_path
        if network is not None:
            network(controller)
        win = window_for(controller)
        win.newGameRequested.connect(lambda w=win: self.launcher(replacing=w))
        win.branchRequested.connect(lambda g, s, p, lv, w=win: self.branched(w, g, s, p, lv))
        if editor is not None:
            win.played_from(editor)
        win.place_on_screen()  # the screen's room, or as the player left this kind of window
        if os.environ.get("AMBUSH_GUI_FIRST_PAINT"):  # bench/bench_gui.py times start-up
            _report_first_paint(win)
        win.show()
        # the keyboard's from the start: Ctrl+O works without a click in the window first
        win.raise_()
        win.activateWindow()
        win.start()
        QTimer.singleShot(1000, settle_memory)  # after the first frames, not before them
        self.windows.append(win)
        if kept is not None:
            win.statusBar().showMessage(f"The last game was kept in {kept}", 10000)
        return win

    def keep_autosaved(self, opening: Path | None) -> Path | None:
        """The game the autosave holds, kept in a file of its own (listed under Recent games)
        before a new game takes the autosave's place: one quit, then ``ambush-gui play`` of
        another scenario, lost an unfinished mission (a play-test). Not when the autosave is
        what is being opened, when a window still plays it (closing that window keeps it:
        :meth:`retire`), or when a recent save already holds it."""
        auto = paths.autosave_path()
        if opening == auto or not auto.exists():
            return None
        try:
            record = saves.read(auto)
        except Exception:  # noqa: BLE001 - a broken autosave: nothing a player could go on from
            return None
        if not record.decisions:
            return None

        def same(other: Any) -> bool:
            return bool(other.decisions == record.decisions and other.seed == record.seed
                        and other.scenario == record.scenario)

        for w in self.windows:
            if not isinstance(w, GameWindow):
                continue
            played = w.controller.played
            if w.controller.autosave == auto and played.decisions == record.decisions \
                    and played.seed == record.seed:
                return None
        for name in recent_games()[:10]:
            try:
                if same(saves.read(name)):
                    return None
            except Exception:  # noqa: BLE001 - a recent file gone or broken: not this one
                continue
        stem = paths.safe_stem(str(record.scenario.get("name") or ""), "game")
        kept = paths.saves_dir() / f"{stem} {time.strftime('%Y-%m-%d %H-%M-%S')} (autosaved).json"
        try:
            atomic_write(kept, auto.read_text(encoding="utf-8"))
        except OSError:
            return None
        remember_recent(kept)
        return kept


def remote_words(game: Game, sides: list[str]) -> str:
    """The line a game across two machines opens with at one machine."""
    names = " and ".join(side_name(game, side) for side in sides)
    return (f"This game was played across two machines, the {names} at the other one; here "
            "a person at this computer plays them too (hot-seat).")


def side_name(game: Game, side: str) -> str:
    """The scenario's name for ``side`` ("Highlanders"), else the rules' ("Insurgents")."""
    from ambush_gui.gui.netplay import side_name as name

    return name(game.scenario, side)  # type: ignore[attr-defined]


def settle_memory() -> None:
    """Collect once, then freeze what is alive (the modules, the scenario, the window) out
    of Python's cyclic garbage collector: its full collections otherwise rescan all of it
    and stall a German turn for a tenth of a second now and then (bench_ambush_gui.py)."""
    gc.collect()
    gc.freeze()


def window_for(controller: GameController) -> GameWindow:
    """The window of the game's rule system: the table for Ambush Alley, the hex map for
    Ambush!."""
    if controller.system == "ambush":
        from ambush_gui.gui.hexmap.window import AmbushWindow

        return AmbushWindow(controller)
    from ambush_gui.gui.table.window import MainWindow

    return MainWindow(controller)


def run(target: str | None = None, seed: int = 0, computer: str | None = None,
        scale: float = 1.0, options: dict[str, str] | None = None, level: str = "normal") -> int:
    """Open the launcher, or a game directly (``ambush-gui play SCENARIO|SAVE``); the
    computer plays ``computer``'s side at ``level``."""
    app = application()
    session = Session()
    if target is None:
        session.launcher()
    else:
        path = systems.resolve(target)
        if _is_save(path):
            if session.open_save(path, computer, level) is None:
                return 2
        else:
            mode = computer_mode(computer)
            if session.new_game(path, mode, seed, scale, options, level) is None:
                return 2
    return app.exec()


def run_editor(target: str | None = None) -> int:
    """Open the scenario editor (``ambush-gui edit [FILE]``): FILE is a path or the name of
    a shipped scenario or mission."""
    app = application()
    session = Session()
    # File ▸ Close leads to the launcher, as from a launcher's editor (the manual says so; a
    # play-tester's Close left the program)
    session.editor(systems.resolve(target) if target else None, back=session.launcher)
    return app.exec()


class _FirstPaint(QObject):
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt name
        if event.type() == QEvent.Type.Paint and not getattr(self, "done", False):
            self.done = True
            print(f"first-paint {time.time():.6f}", flush=True)
            QTimer.singleShot(50, lambda: os._exit(0))  # a measurement run: leave at once
        return False


def _report_first_paint(win: GameWindow) -> None:
    """Print the wall-clock time of the table's first painted frame, then quit."""
    spy = _FirstPaint(win)
    win.board.viewport().installEventFilter(spy)


def computer_mode(computer: str | None) -> str:
    """``--computer insurgent`` means the person plays the Regulars, and so on."""
    return {None: "hotseat", "insurgent": "regular", "regular": "insurgent"}[computer]


def _is_save(path: Path) -> bool:
    """A save, by its content (a save named without ".json" is still one)."""
    return saves.is_save(path)
