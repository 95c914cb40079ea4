"""The game windows: a map in the centre, the turn panel, cards and the log in docks.

:class:`GameWindow` is what every rule system's window shares: the controller's
signals, the File/Edit/View/Game/Help menus, save, open, undo, the dialog and prompt
placement. The Ambush Alley window over the free-measure table (``gui/table/window.py``) and the
Ambush! window over the hex map (``gui/hexmap/window.py``) are its subclasses.

Each routes a pending decision to where a person answers it: moves and placements on
the map, everything else in the dialog for its kind. In solo play the computer's
answers arrive through the controller, paced by the speed setting, and show in the
log and on the map like a person's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.errors import InputError
from ambush_gui.gui.shared import paths
from ambush_gui.gui.shared.controller import SPEEDS, GameController, Seat
from ambush_gui.gui.shared.widgets import GameLog

MAP_KINDS = (DecisionKind.MOVE, DecisionKind.PLACE)


def remember_recent(path: Path) -> None:
    """Keep the last ten games opened or saved, newest first (the launcher lists them)."""
    settings = QSettings("ambush-gui", "ambush-gui")
    recent = [p for p in (settings.value("recent", []) or []) if p != str(path)]
    settings.setValue("recent", [str(path), *recent][:10])


def recent_games() -> list[str]:
    settings = QSettings("ambush-gui", "ambush-gui")
    return [p for p in (settings.value("recent", []) or []) if Path(p).exists()]


class GameWindow(QMainWindow):
    """One game, one window: what every rule system's window shares.

    A subclass builds its map and docks in :meth:`_build` (setting ``self.board``, the
    map view with ``fit()`` and ``zoom(factor)``, and ``self.log``), and answers the
    controller in :meth:`_on_decision`, :meth:`_on_computer`, :meth:`_on_game_over`,
    :meth:`_refresh` and :meth:`_on_reset`.
    """

    newGameRequested = Signal()
    board: Any
    board_name = "map"
    computer_players = True  # a side may be played by the computer (the Game menu sets its pace)
    log: GameLog

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.dialog: Any = None
        self.move_prompt: Any = None
        self.selected: str | None = None
        self._build()
        self._menus()
        self.statusBar().showMessage("Ready")
        controller.decisionPending.connect(self._on_decision)
        controller.computerToMove.connect(self._on_computer)
        controller.eventLogged.connect(self._on_event)
        controller.stateChanged.connect(self._refresh)
        controller.reset.connect(self._on_reset)
        controller.gameOver.connect(self._on_game_over)
        controller.autosaveFailed.connect(lambda msg: self.statusBar().showMessage(msg, 8000))
        self.log.reload(controller.game.log.events)
        self._update_title()

    # -- what a subclass provides -------------------------------------------------------------
    def _build(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _on_decision(self, decision: Decision) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _on_computer(self, decision: Decision) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _on_game_over(self, result: Any) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _refresh(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _on_reset(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def dialog_for(self, decision: Decision, game: Any, parent: QWidget) -> Any:  # pragma: no cover
        """The dialog of this game's package that answers ``decision`` (None: on the map)."""
        raise NotImplementedError

    def _end_board_modes(self) -> None:
        """Take down whatever the map shows for the decision being answered."""

    def _view_menu(self, view: Any) -> None:
        """Add the map's own entries to the View menu."""

    def _on_event(self, event: Any) -> None:
        self.log.add(event)

    def show_rules(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- building shared by every window ------------------------------------------------------
    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea, name: str) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setMinimumWidth(250)
        dock.setObjectName(f"dock-{name}")
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(area, dock)
        return dock

    def _menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        self._act(file, "&New game…", QKeySequence.StandardKey.New, self.newGameRequested.emit,
                  "Start another game from the launcher")
        self._act(file, "&Open…", QKeySequence.StandardKey.Open, self.open_file, "Open a saved game")
        self._act(file, "&Save", QKeySequence.StandardKey.Save, self.save, "Save this game")
        self._act(file, "Save &as…", QKeySequence.StandardKey.SaveAs, self.save_as,
                  "Save this game under a new name")
        file.addSeparator()
        self._act(file, "&Quit", QKeySequence.StandardKey.Quit, self.close,
                  "Quit (the game is autosaved after every decision)")
        edit = bar.addMenu("&Edit")
        self.undo_action = self._act(edit, "&Undo", QKeySequence.StandardKey.Undo, self.undo,
                                     "Take back your last decision (never past a die roll)")
        view = bar.addMenu("&View")
        self._act(view, f"&Fit {self.board_name}", QKeySequence("F"), lambda: self.board.fit(),
                  f"Fit the whole {self.board_name} in the window")
        self._act(view, "Zoom &in", QKeySequence.StandardKey.ZoomIn, lambda: self.board.zoom(1.25), "")
        self._act(view, "Zoom &out", QKeySequence.StandardKey.ZoomOut, lambda: self.board.zoom(0.8), "")
        self._view_menu(view)
        if self.computer_players:
            game = bar.addMenu("&Game")
            speed = game.addMenu("Computer &speed")
            group = QActionGroup(self)
            for name, ms in SPEEDS.items():
                a = QAction(name.capitalize(), self, checkable=True)
                a.setChecked(ms == self.controller.delay_ms)
                a.triggered.connect(lambda _=False, ms=ms: self.controller.set_speed(ms))
                a.setStatusTip(f"The computer answers after {ms} ms" if ms
                               else "The computer answers at once")
                group.addAction(a)
                speed.addAction(a)
        help_ = bar.addMenu("&Help")
        self._act(help_, "&Rules reference", QKeySequence.StandardKey.HelpContents, self.show_rules,
                  "A short reference to the rules the game enforces")
        self._act(help_, "&About", None, self.about, "")

    def _act(self, menu: Any, text: str, key: Any, slot: Any, tip: str) -> QAction:
        a = QAction(text, self)
        if key is not None:
            a.setShortcut(QKeySequence(key) if not isinstance(key, QKeySequence) else key)
        a.setStatusTip(tip)
        a.setToolTip(tip)
        a.triggered.connect(slot)
        menu.addAction(a)
        return a

    # -- the game flow --------------------------------------------------------------------
    def start(self) -> None:
        self._refresh()
        self.controller.start()

    def _answer(self, choice: Any) -> None:
        try:
            self.controller.answer(choice)
        except IllegalDecision as exc:
            self.statusBar().showMessage(f"Not allowed: {exc}", 8000)
            d = self.controller.pending()
            if d is not None:
                self._on_decision(d)

    def _close_prompts(self) -> None:
        for w in (self.dialog, self.move_prompt):
            if w is not None:
                w.blockSignals(True)
                if hasattr(w, "dismiss"):
                    w.dismiss()  # a decision dialog refuses a plain close: it wants an answer
                else:
                    w.close()
                w.deleteLater()
        self.dialog = self.move_prompt = None
        dock = self.findChild(QDockWidget, "dock-prompt")
        if dock is not None:
            dock.hide()  # an empty "Your move" dock would only take room from the docks
        self._end_board_modes()

    def _show_dialog(self, decision: Decision) -> None:
        """Open the dialog for ``decision`` beside the map, not modal: the map stays live
        to look at, and what the dialog points at is shown on it (``_on_highlight``)."""
        self.dialog = self.dialog_for(decision, self.controller.game, self)
        if self.dialog is None:
            QMessageBox.warning(self, "ambush-gui", f"No dialog for {decision.kind.value}")
            return
        self.dialog.chosen.connect(self._answer)
        self.dialog.highlighted.connect(lambda what, d=decision: self._on_highlight(d, what))
        self.dialog.setModal(False)
        self.dialog.show()
        self._place_dialog(self.dialog)
        self.dialog.raise_()

    def _on_highlight(self, decision: Decision, what: Any) -> None:
        """Show on the map what the player is looking at in a dialog."""

    def _place_dialog(self, dialog: QWidget) -> None:
        """Keep the table in view: dialogs open against the window's right-hand side."""
        frame = self.frameGeometry()
        x = frame.right() - dialog.frameGeometry().width() - 12
        y = frame.top() + 48
        dialog.move(max(frame.left(), x), y)

    def _prompt_dock(self, widget: QWidget) -> QDockWidget:
        dock = self.findChild(QDockWidget, "dock-prompt")
        if dock is None:
            dock = QDockWidget("Your move", self)
            dock.setObjectName("dock-prompt")
            # not closable: the prompt holds the Stay button and the move's limits
            dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                             | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        dock.setWidget(widget)
        # the whole prompt, never clipped: its lines wrap to the width of the left docks
        turn = self.findChild(QDockWidget, "dock-turn")
        width = turn.width() if turn is not None else widget.sizeHint().width()
        high = widget.heightForWidth(width) if widget.hasHeightForWidth() else -1
        dock.setMinimumHeight(max(high, widget.sizeHint().height()) + 28)
        dock.show()
        return dock

    # -- files ------------------------------------------------------------------------------
    def _update_title(self) -> None:
        title = self.controller.game.spec.title  # type: ignore[attr-defined]
        where = f" — {self.controller.save_path.name}" if self.controller.save_path else ""
        self.setWindowTitle(f"{title}{where} — ambush-gui")

    def save(self) -> bool:
        if self.controller.save_path is None:
            return self.save_as()
        return self._save_to(self.controller.save_path)

    def save_as(self) -> bool:
        start = str(paths.saves_dir() / f"{self.controller.game.scenario.name}.json")  # type: ignore[attr-defined]
        name, _ = QFileDialog.getSaveFileName(self, "Save game", start, "Saved games (*.json)")
        return bool(name) and self._save_to(Path(name))

    def _save_to(self, path: Path) -> bool:
        try:
            self.controller.save(path)
        except OSError as exc:
            QMessageBox.critical(self, "Save failed", f"Could not save to {path}:\n{exc}")
            return False
        remember_recent(path)
        self._update_title()
        self.statusBar().showMessage(f"Saved to {path}", 5000)
        return True

    def open_file(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Open saved game", str(paths.saves_dir()),
                                              "Saved games (*.json);;All files (*)")
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path) -> bool:
        from ambush_gui.core import saves
        from ambush_gui.gui.shared.controller import load_game

        try:
            game = load_game(path)
            players = saves.read(path).players
        except InputError as exc:
            QMessageBox.warning(self, "Cannot open this game", str(exc))
            return False
        remember_recent(path)
        seats = {side: Seat(players.get(side, "human")) for side in self.controller.seats}
        self.controller.replace_game(game, path, seats)
        self._update_title()
        return True

    def undo(self) -> None:
        if not self.controller.undo():
            self.statusBar().showMessage("Nothing to undo: undo never goes back past a die roll", 5000)

    # -- help ---------------------------------------------------------------------------------
    def about(self) -> None:
        QMessageBox.about(self, "About ambush-gui",
                          "<b>ambush-gui</b><br>Ambush Alley and Ambush! on your computer, every rule "
                          "enforced and every die shown.<br><br>The game is autosaved after every decision.")

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        self._close_prompts()
        event.accept()


def seats_for(mode: str, system: str = "alley") -> dict[str, Seat]:
    """Ambush Alley: 'hotseat', 'regular' (a person plays the Regulars) or 'insurgent'.
    Ambush! is solitaire: the person plays the US squad, the paragraphs the Germans."""
    if system == "ambush":
        return {"us": Seat.HUMAN}
    if mode == "regular":
        return {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}
    if mode == "insurgent":
        return {"regular": Seat.COMPUTER, "insurgent": Seat.HUMAN}
    return {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}
