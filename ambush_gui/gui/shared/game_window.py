"""The game windows: a map in the centre, the turn panel, cards and the log in docks.

:class:`GameWindow` is what every rule system's window shares: the controller's
signals, the File/Edit/View/Game/Help menus, save, open, undo, the dialog and prompt
placement, and whose view is shown: everything it shows of the game goes through the
controller's :class:`~ambush_gui.core.view.View` (the viewer's own hidden pieces, the other
side's secret questions as a neutral line, the log as the viewer may read it); in hot-seat
the :class:`~ambush_gui.gui.shared.curtain.Curtain` covers it while the seat passes. The
Ambush Alley window over the free-measure table (``gui/table/window.py``) and the Ambush!
window over the hex map (``gui/hexmap/window.py``) are its subclasses.

Each routes a pending decision to where a person answers it: moves and placements on
the map, everything else in the dialog for its kind. Every decision, the move prompts
included, is asked in the **Decision** dock at the top of the right column, never in a
window over the map: the dialog is embedded there (:class:`DecisionPanel`), and the map
pans and zooms so that the units the decision is about (:meth:`GameWindow.units_of`)
stay in sight beside it. In solo play the computer's answers arrive through the
controller, paced by the speed setting, and show in the log and on the map like a
person's.

The window opens filling the screen's available area, then as the player left it:
its size and its docks are kept per window kind (:meth:`GameWindow.place_on_screen`).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any, cast

from PySide6.QtCore import QRect, QRectF, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QGuiApplication,
    QKeyEvent,
    QKeySequence,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QScrollArea,
    QStyle,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from ambush_gui import systems
from ambush_gui.core import saves
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.events import Event
from ambush_gui.core.words import capital, possessive
from ambush_gui.gui.shared import art, paths, theme
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.shared.dialog_base import DecisionDialog, side_title
from ambush_gui.gui.shared.dice_tray import DiceTrayPanel
from ambush_gui.gui.shared.manual import manual_action
from ambush_gui.gui.shared.onlooker import computer_doing, told_of, unaddressed
from ambush_gui.gui.shared.pacing import DEFAULT_PACE, MENU_PACES, PACE_TIPS, Pace
from ambush_gui.gui.shared.rules_help import RulesHelp
from ambush_gui.gui.shared.widgets import GameLog, ask_to_quit, cannot_open

MAP_KINDS = (DecisionKind.MOVE, DecisionKind.PLACE)


def _stored_paths(settings: QSettings) -> list[str]:
    """The "recent" setting as a list of paths. QSettings hands back a one-item list as a
    plain string (and nothing as None): walked as a list, that string would be its letters,
    and "/" would be offered as a game."""
    value = settings.value("recent", [])
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value else []
    return [str(p) for p in cast("list[object]", value) if p]


def remember_recent(path: Path) -> None:
    """Keep the last ten games opened or saved, newest first (the launcher lists them)."""
    settings = QSettings("ambush-gui", "ambush-gui")
    recent = [p for p in _stored_paths(settings) if p != str(path)]
    settings.setValue("recent", [str(path), *recent][:10])


def saved_pace() -> Pace:
    """The pace last chosen in the Game menu (the default before any)."""
    value = QSettings("ambush-gui", "ambush-gui").value("pace", DEFAULT_PACE.value)
    try:
        return Pace(str(value))
    except ValueError:
        return DEFAULT_PACE


def remember_pace(pace: Pace) -> None:
    QSettings("ambush-gui", "ambush-gui").setValue("pace", pace.value)


def saved_level() -> str:
    """The computer level last chosen (launcher or Game menu), normal before any."""
    from ambush_gui.ai.levels import DEFAULT_LEVEL, LEVELS

    value = str(QSettings("ambush-gui", "ambush-gui").value("level", DEFAULT_LEVEL))
    return value if value in LEVELS else DEFAULT_LEVEL


def remember_level(level: str) -> None:
    QSettings("ambush-gui", "ambush-gui").setValue("level", level)


def thinking_text(side_name: str, level: str) -> str:
    """"The Insurgents are thinking… (hard)": what the window says while a computer side
    thinks (``side_name`` a side's plural name, as the scenario names it)."""
    name = side_name if side_name.lower().startswith("the ") else f"the {side_name}"
    return f"{name[0].upper()}{name[1:]} are thinking… ({level})"


RESULT_TIP = "Show the victory window again: who won and every point (Ctrl+R)"


class ThinkingIndicator(QWidget):
    """The status bar's busy bar and line while a computer thinks: the window stays
    usable (no wait cursor), the bar only says that something is being worked out."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 6, 0)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)  # no end known: the bar runs to and fro
        self.bar.setTextVisible(False)
        self.bar.setFixedSize(70, 12)
        self.label = QLabel()
        lay.addWidget(self.bar)
        lay.addWidget(self.label)
        self.hide()

    def show_text(self, text: str | None) -> None:
        if text:
            self.label.setText(text)
            self.setToolTip(f"{text} The window stays yours meanwhile: scroll, look at units, "
                            "read the log.")
            self.show()
        else:
            self.hide()


def recent_games() -> list[str]:
    """The recent games whose files are still there (files, never folders)."""
    return [p for p in _stored_paths(QSettings("ambush-gui", "ambush-gui")) if Path(p).is_file()]


def scrolling(widget: QWidget, least: int = 120, foot: int = 0) -> QScrollArea:
    """``widget`` in a frameless vertical scroll area, so that a long card or report never
    makes its dock (and the window) taller than a 1280x800 screen, and gives up its height
    to the Decision dock. Its words wrap to the column's width; what cannot (a unit's name
    of one word longer than the column, a row of boxes at the largest text scale) scrolls
    sideways rather than being cut at the column's edge. ``foot``: pixels left clear under
    what it shows, for a dock with another under it (the unit card's "Status", scrolled to
    the dock's foot, touched the title bar of the dock below and read as its heading)."""
    area = QScrollArea()
    area.setViewportMargins(0, 0, 0, foot)
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    area.setMinimumHeight(least)
    return area


def column_widths(screen_width: int) -> tuple[int, int]:
    """The left and right columns' fixed widths for a screen ``screen_width`` pixels wide."""
    wide = screen_width >= theme.WIDE_SCREEN
    return theme.LEFT_COLUMN, theme.RIGHT_COLUMN_WIDE if wide else theme.RIGHT_COLUMN


class DecisionPanel(QWidget):
    """The Decision dock's body: the open decision's widget (a dialog embedded as a plain
    widget, or a move prompt), or one line saying who is deciding.

    Keys typed while the map or another dock has the focus reach the window, which hands
    Enter, Esc and the digits to the hosted decision (:meth:`GameWindow.keyPressEvent`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("decision-panel")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        self.idle = QLabel("No decision is open.")
        self.idle.setWordWrap(True)
        self.idle.setMargin(10)
        self.idle.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.idle.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        lay.addWidget(self.idle, 1)
        self.current: QWidget | None = None
        self._frame: QWidget | None = None  # what the layout holds: the widget, or its scroll
        # the text grown with a decision open: its banner, question and buttons need more
        # room in a dock of the same height (once the fonts are changed and laid out)
        # (a method, not a lambda: Qt lets go of it with the panel)
        theme.comfort.changed.connect(self._fit_room_soon)

    def host(self, widget: QWidget) -> None:
        """Show ``widget`` in the dock (a QDialog becomes a plain child widget). A prompt
        that is no dialog (a move's help) scrolls: at the largest text scale it overran the
        dock's share of the column, its title drawn over its first lines. A decision's
        dialog scrolls its own body, and the dock scrolls it whole only where its banner,
        prompt and buttons alone are taller than the dock
        (:meth:`DecisionDialog.heightForWidth`)."""
        self.current = widget
        widget.setParent(self, Qt.WindowType.Widget)
        # the dock's whole height, its buttons at the dock's foot: the most a dialog standing
        # alone may take (theme.DIALOG_MAX) left them short of it in a tall dock
        if isinstance(widget, DecisionDialog):
            widget.setMaximumHeight(theme.QT_MAX_SIZE)
        plain = isinstance(widget, QDialog) and not isinstance(widget, DecisionDialog)
        self._frame = widget if plain else scrolling(widget, least=40)
        lay = self.layout()
        assert isinstance(lay, QVBoxLayout)
        lay.insertWidget(0, self._frame, 1)
        self.idle.hide()
        self._frame.show()
        widget.show()
        # once the dock has its height for it (the panel is still the idle line's now)
        self._fit_room_soon()

    def _fit_room_soon(self) -> None:
        QTimer.singleShot(0, self, self._fit_room)

    def _fit_room(self) -> None:
        """Tell the hosted decision the room it has (:meth:`DecisionDialog.fit_room`)."""
        fit = getattr(self.current, "fit_room", None)
        if callable(fit) and self.width() > 0 and self.height() > 0:
            # the width left beside the dock's scroll bar: a banner that fitted the whole
            # width wrapped a line more once the bar came, and pushed the buttons under
            bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
            fit(self.width() - bar, self.height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt name
        super().resizeEvent(event)
        self._fit_room()

    def clear(self, text: str = "No decision is open.", showing: bool = False) -> None:
        """Nothing to answer here now: say so (and who is deciding, if anyone). ``showing``:
        the line tells the dice being shown and the keys that go on, in the text's own ink
        (in the muted grey of "No decision is open." it read as an empty dock)."""
        frame = self._frame
        if frame is not None:
            lay = self.layout()
            if lay is not None:
                lay.removeWidget(frame)
            if isinstance(frame, QScrollArea) and self.current is not None:
                if frame.viewport().isAncestorOf(self.current):
                    frame.takeWidget()  # the prompt back to the panel, its scroll let go
                    self.current.setParent(self)
                # else taken out already (a hot-seat's dialog, out of the window at once): it
                # must not come back into the dock, where the next player would read it
                # hidden now: until the event loop deletes it, the dropped prompt's scroll
                # area lay over the idle line, and the dock stood empty while the tray waited
                frame.hide()
                frame.deleteLater()
        self._frame = None
        self.current = None
        self.idle.setText(text)
        ink = theme.DIALOG_TEXT if showing else theme.MUTED_TEXT
        self.idle.setStyleSheet(f"color: {ink.name()};")
        self.idle.show()

    def preferred_height(self, width: int) -> int:
        """The height the hosted decision wants at ``width`` (its body unscrolled)."""
        w = self.current
        if w is None:
            return self.idle.heightForWidth(width) if self.idle.hasHeightForWidth() else 60
        want = getattr(w, "preferred_height", None)
        if callable(want):
            return int(want(width))
        if w.hasHeightForWidth():
            return max(w.heightForWidth(width), w.minimumSizeHint().height())
        return w.sizeHint().height()


EXPORT_REPORT = "Ctrl+Shift+R"  # File > Export report
TIMELINE_SHOWN = "window/timeline"  # the View of the timeline under the map, kept
BACK_TO_EDITOR = "Ctrl+Shift+E"  # File > Back to the editor, in a game "Play from here" started


def own_file(c: GameController) -> Path:
    """Where the game played is kept: its own save, else a new file of its own in the saves
    folder (never the one autosave, which the next game takes over)."""
    if c.save_path is not None and c.save_path != paths.autosave_path():
        return c.save_path
    stamp = time.strftime("%Y-%m-%d %H-%M-%S")
    stem = paths.safe_stem(c.played.scenario.name, "game")  # type: ignore[attr-defined]
    return paths.saves_dir() / f"{stem} {stamp}.json"


class GameWindow(QMainWindow):
    """One game, one window: what every rule system's window shares.

    A subclass builds its map and docks in :meth:`_build` (setting ``self.board``, the
    map view with ``fit()`` and ``zoom(factor)``, and ``self.log``), and answers the
    controller in :meth:`_on_decision`, :meth:`_on_computer`, :meth:`_on_game_over`,
    :meth:`_refresh` and :meth:`_on_reset`.
    """

    newGameRequested = Signal()
    closed = Signal()  # the window closed (a close it refused, after asking, does not count)
    branchRequested = Signal(object, object, object, str)  # a game, its seats, its save, the level
    board: Any
    board_name = "map"
    window_kind = "game"  # the QSettings group its size and docks are kept under
    computer_players = True  # a side may be played by the computer (the Game menu sets its pace)
    log: GameLog
    branch_refused = ""  # why Continue from here is not offered in this window (a campaign's)
    _wait_message = ""  # what the status bar said at the last wait, cleared once it is over
    presented_at: float | None = None  # time.monotonic() when an answer's dice were last all shown

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # built at Normal size, then brought to the player's text scale the way a change of
        # it is (_comfort_changed): built at a remembered 150%, a label_font's words were
        # brought to it twice (225%) and the rest once
        scale, theme.comfort.scale = theme.comfort.scale, 1.0
        self.notes = []
        try:
            self._build_all(controller)
        finally:
            theme.comfort.scale = scale
        self._scale_shown = 1.0  # the text scale the window's fonts were made at
        theme.comfort.changed.connect(self._comfort_changed)
        self.reload_log(controller.game.log.events)
        if scale != 1.0:
            self._comfort_changed()
        else:
            self.tray.reload(controller.game.log.events)
        self._update_title()
        self.update_undo()
        self._result_ready()  # a game opened already over has its result to show

    def _build_all(self, controller: GameController) -> None:
        """The window's docks, map, menus and signals (at Normal size: see __init__)."""
        self.setWindowIcon(art.icon())  # the title bar and taskbar, even without application()
        self.controller = controller
        self._told_kept = False  # File ▸ Save said once where a campaign's mission is kept
        self.dialog: Any = None
        self.move_prompt: Any = None
        self.selected: str | None = None
        # id -> (widget, its own least height) of the docks giving way to a decision
        self._kept_least: dict[int, tuple[QWidget, int]] = {}
        screen = self.screen() or QGuiApplication.primaryScreen()
        avail = screen.availableGeometry() if screen is not None else QRect(0, 0, 1280, 800)
        self.left_width, self.right_width = column_widths(avail.width())
        self.decision_panel = DecisionPanel()
        self._build_decision_dock()  # first: the docks _build adds on the right go under it
        self._build()
        self.log.side_of = self.log_side  # the log marks sides and colours verdicts as the tray
        self.log.verdict = self.verdict
        self._build_theatre()
        self._build_tray()
        self._menus()
        self.thinking_indicator = ThinkingIndicator()
        self.statusBar().addPermanentWidget(self.thinking_indicator)
        self.statusBar().showMessage("Ready")
        controller.thinking.connect(self._on_thinking)
        controller.decisionPending.connect(self._on_decision)
        controller.computerToMove.connect(self._on_computer)
        controller.remoteToMove.connect(self._on_remote)
        controller.stateChanged.connect(self._show_remote_wait)
        controller.eventLogged.connect(self._on_event)
        controller.stateChanged.connect(self._refresh)
        controller.stateChanged.connect(self.update_undo)
        controller.reset.connect(self.update_undo)
        controller.reset.connect(self._on_reset)
        controller.gameOver.connect(self._on_game_over)
        controller.gameOver.connect(lambda _=None: self._result_ready())
        controller.reset.connect(self._result_ready)
        controller.stateChanged.connect(self._result_ready)
        controller.autosaveFailed.connect(lambda msg: self.statusBar().showMessage(msg, 8000))
        self._build_curtain()

    # -- what a subclass provides -------------------------------------------------------------
    def _build(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _on_decision(self, decision: Decision) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _on_computer(self, decision: Decision) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _on_game_over(self, result: Any) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- a game across two machines (gui/netplay.py) ----------------------------------------
    def remote_line(self, short: bool = False) -> str | None:
        """What the other machine is doing, when the open decision waits on it: "The
        Insurgents are deciding on the other machine: …", or this player's answer on its way
        to the host; None when the decision is not waiting on the network."""
        c = self.controller
        d = c.pending()
        if d is None or not c.remote:
            return None
        if c.offline:
            return c.offline
        if c.sent == len(c.game.decisions):
            return "Your answer went to the host; waiting for it to come back…"
        if c.seat_of(d) is not Seat.REMOTE:
            return None
        who = self.side_plural(d.side)
        who = who if who.lower().startswith("the ") else f"the {who}"
        head = f"{who[0].upper()}{who[1:]} are deciding on the other machine"
        asked = c.view.asked(d)
        # another side's secret question: not even its neutral line (that would tell that a
        # hidden piece has someone in reach); the pause itself is all this player sees
        if asked.secret or short:
            return f"{head}…"
        # the question without the engine's address to that side ("…: Insurgent: interrupt")
        return f"{head}: {told_of(asked.text, side_title(d.side))}"

    def _on_remote(self, decision: Decision) -> None:
        """The open decision is answered at the other machine (or this answer is on its
        way there): nothing to answer here; the dock, the status bar and the busy bar say
        who is deciding."""
        self._close_prompts()
        self._show_remote_wait()
        self._tell_idle()

    def _show_remote_wait(self) -> None:
        line = self.remote_line(short=True)
        if self.controller.offline:  # paused or left: nobody is deciding, so no busy bar
            self.thinking_indicator.show_text(None)
            self._show_thinking(None)
        elif line is not None or self.controller.remote:
            self.thinking_indicator.show_text(line or self.thinking_line())
            self._show_thinking(line or self.thinking_line())

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
        self.add_to_log(self.worded(event))

    def add_to_log(self, event: Event) -> None:
        """An event into the log as the viewer may read it (core/view.py); kept as it came,
        so that the log is told again to the next player who takes the seat."""
        self.logged.append(event)
        told = self.controller.view.tell(event)
        if told is not None:
            self.log.add(told)

    def worded(self, event: Event) -> Event:
        """``event`` in the player's words, as the log and the dice tray show it (a game
        whose engine texts need saying again overrides this)."""
        return event

    def verdict(self, event: Event) -> bool | None:
        """Whether ``event`` tells a test passed (True) or failed (False), for its colour in
        the dice tray; None for any other outcome (a game whose tests say so overrides this)."""
        return None

    def reload_log(self, events: list[Event] | None = None) -> None:
        """The log told again to the viewer: ``events`` (a game just loaded or undone: its
        own, said in the player's words as they were live, :meth:`worded`), else every line
        logged so far (the forced answers and narration too)."""
        if events is not None:
            self.logged = self._with_notes([self.worded(e) for e in events])
        view = self.controller.view
        told = [t for e in self.logged if (t := view.tell(e)) is not None]
        self.log.reload(branch_note(self.controller.played) + told)

    def note(self, event: Event) -> None:
        """A line of the table's, not the game's (the network's news, the chat, how a saved
        game is seated): shown now, and kept in its place whenever the log is told again
        from the game's events (a take-back, a rejoin, a moment watched)."""
        self.notes.append((len(self.controller.played.log.events), event))
        self.logged.append(event)
        self.log.add(event)

    def _with_notes(self, events: list[Event]) -> list[Event]:
        """``events`` (the game's) with the notes each after as many of them as the game had
        when it was said (at the end if the game now has fewer: a take-back), in order."""
        out: list[Event] = []
        i = 0
        for at, note in self.notes:
            at = max(i, min(at, len(events)))
            out += events[i:at]
            out.append(note)
            i = at
        return out + events[i:]

    # -- hot-seat: whose view, and the hand-over (gui/shared/curtain.py) ----------------------
    logged: list[Event]
    notes: list[tuple[int, Event]]  # the table's lines, each after that many game events

    def _build_curtain(self) -> None:
        from ambush_gui.gui.shared.curtain import Curtain

        self.curtain = Curtain(self)
        self.curtain.taken.connect(self.controller.take_seat)
        self.pass_widget: QWidget | None = None
        c = self.controller
        c.handOver.connect(self._on_hand_over)
        c.seatTaken.connect(self._on_seat_taken)
        c.passing.connect(self._on_passing)

    @property
    def seat_open(self) -> bool:
        """The curtain is down: input meant for a seat goes nowhere until it is taken."""
        return self.curtain.isVisible()

    def _on_hand_over(self, side: str) -> None:
        """Cover the window (opaque when a side holds secrets) until ``side`` takes it."""
        from ambush_gui.core.view import secret_holders

        self._close_prompts(f"Waiting for the {side_title(side)} player to take the seat.")
        self.undo_action.setEnabled(False)
        self.curtain.ask(side, opaque=bool(secret_holders(self.controller.game)),
                         called=self.controller.called_for(side))

    def _on_seat_taken(self, side: str) -> None:
        """``side``'s player sits down: the window shows his view."""
        self.curtain.hide()
        self._view_changed()
        self.reload_log()
        self.tray.reload(self.controller.shown_events())  # the held throws come as they are shown
        self._update_title()
        self.update_undo()

    def _view_changed(self) -> None:
        """The viewer changed: draw the map as the new viewer sees it (a subclass)."""
        self._refresh()

    def _on_passing(self, side: str) -> None:
        """The seated player has nothing to decide now: a button hands the seat on."""
        from PySide6.QtWidgets import QPushButton

        from ambush_gui.gui.shared.curtain import side_player

        self._close_prompts()
        box = QWidget()
        lay = QVBoxLayout(box)
        note = QLabel(f"Nothing for you to decide now. When you are done looking, hand the seat "
                      f"to {side_player(side)}.")
        note.setWordWrap(True)
        button = QPushButton(f"Hand the seat to {side_player(side)}")
        button.setToolTip("Covers the table and asks the other player to take the seat (Enter)")
        button.setDefault(True)
        button.clicked.connect(lambda _=False, s=side: self._pass_seat(s))
        lay.addWidget(note)
        lay.addWidget(button)
        self.pass_widget = box
        self.pass_side = side
        self._host(box)
        button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _pass_seat(self, side: str) -> None:
        if self.pass_widget is None:
            return
        self._close_prompts()
        self.controller.hand_over(side)

    def show_keys(self) -> None:
        """The rules reference (F1) open on its Keys page."""
        self.show_rules()
        from ambush_gui.gui.shared.rules_help import RulesHelp

        ref = self.findChild(RulesHelp, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if ref is not None:
            ref.tabs.setCurrentWidget(ref.keys_view)

    def show_rules(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- the timeline under the map (gui/shared/theatre.py) ---------------------------------
    def _build_theatre(self) -> None:
        from ambush_gui.gui.shared.theatre import Theatre

        board: QWidget = self.board
        self.takeCentralWidget()
        holder = QWidget()
        lay = QVBoxLayout(holder)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(board, 1)
        self.theatre = Theatre(self)
        lay.addWidget(self.theatre.panel)
        self.theatre.panel.setVisible(bool(QSettings().value(TIMELINE_SHOWN, True, type=bool)))
        self.setCentralWidget(holder)

    def _timeline_menu(self, menu: Any) -> None:
        t = self.theatre
        menu.setToolTipsVisible(True)
        self._act(menu, "Back one &decision", QKeySequence("Alt+Left"), lambda: t.step_decision(-1),
                  "Watch the game as it stood one decision earlier (the game itself waits)")
        self._act(menu, "On one d&ecision", QKeySequence("Alt+Right"), lambda: t.step_decision(1),
                  "Watch the next decision (past the last one: back to the game)")
        self._act(menu, "Back one &throw", QKeySequence("Alt+Shift+Left"), lambda: t.step_throw(-1),
                  "Watch the throw before: its dice in the tray, its words in the log")
        self._act(menu, "On one t&hrow", QKeySequence("Alt+Shift+Right"), lambda: t.step_throw(1),
                  "Watch the next throw")
        self._act(menu, "&Play / pause", QKeySequence("Alt+P"), t.toggle_play,
                  "Play the game back from the moment shown at the Game menu's pace")
        self._act(menu, "&Back to the game", QKeySequence("Alt+End"), t.leave,
                  "Stop watching: the game as it stands now (Esc too)")
        menu.addSeparator()
        self._act(menu, "&Continue from here…", QKeySequence("Ctrl+Shift+B"), t.continue_from_here,
                  "Start a new game from the moment watched, with its own save and fresh dice")
        self._act(menu, "Show &both sides' secrets…", None, t.agree_to_show_all,
                  "Hot-seat: the timeline shows each player his own side's view; both may agree "
                  "to show everything (after the game it shows everything anyway)")
        menu.addSeparator()
        shown = QAction("Show the time&line", self, checkable=True)
        shown.setChecked(t.panel.isVisible() or not self.isVisible())
        shown.setToolTip("The bar of decisions and throws under the map")
        shown.toggled.connect(self._show_timeline)
        menu.addAction(shown)

    def _show_timeline(self, on: bool) -> None:
        self.theatre.panel.setVisible(on)
        QSettings().setValue(TIMELINE_SHOWN, on)

    def branch_from(self, n: int, seats: dict[str, Seat], level: str) -> Path | None:
        """A new game from the moment after ``n`` decisions, saved beside the others and
        played in its own window (the session opens it; this game is kept)."""
        from ambush_gui.gui.shared.theatre import fresh_seed

        c = self.controller
        source = ""  # the game branched from: its file, kept now if it had none of its own
        try:
            own = own_file(c)
            if c.dirty or own != c.save_path:
                c.save(own)  # so that the branch names it (closing it for the branch kept it
                # only after the branch had recorded that it came from no file)
                remember_recent(own)
            source = own.name
        except OSError:
            pass  # the branch says it came from an unsaved game
        stem = paths.safe_stem(c.played.scenario.name, "game")  # type: ignore[attr-defined]
        path = paths.saves_dir() / f"{stem} from decision {n}.json"
        for i in range(2, 1000):
            if not path.exists():
                break
            path = paths.saves_dir() / f"{stem} from decision {n} ({i}).json"
        try:
            new = saves.branch(c.played, n, fresh_seed(), systems.factory, source)
            players = {side: seat.value for side, seat in seats.items()}
            saves.save(new, path, players, {s: level for s, seat in seats.items()
                                            if seat is Seat.COMPUTER})
        except (OSError, ValueError) as exc:
            QMessageBox.critical(self, "No new game", f"Could not start a game from decision {n}:\n{exc}")
            return None
        remember_recent(path)
        self.theatre.leave()
        self.branchRequested.emit(new, seats, path, level)
        return path

    # -- building shared by every window ------------------------------------------------------
    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea, name: str) -> QDockWidget:
        """A dock in ``area``; in the left and right columns its width is fixed, so that
        text growing in it never pushes the map sideways."""
        dock = QDockWidget(title, self)
        dock.setMinimumWidth(250)
        if area == Qt.DockWidgetArea.LeftDockWidgetArea:
            dock.setFixedWidth(self.left_width)
        elif area == Qt.DockWidgetArea.RightDockWidgetArea:
            dock.setFixedWidth(self.right_width)
        dock.setObjectName(f"dock-{name}")
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(area, dock)
        return dock

    def _build_decision_dock(self) -> None:
        """The Decision dock, on top of the right column (the docks ``_build`` adds there
        stack under it): every decision is asked in it."""
        right = Qt.DockWidgetArea.RightDockWidgetArea
        dock = QDockWidget("Decision", self)
        dock.setObjectName("dock-decision")
        dock.setWidget(self.decision_panel)
        dock.setFixedWidth(self.right_width)
        # not closable: the decision being asked must stay in sight
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(right, dock)
        self.decision_dock = dock

    def _menus(self) -> None:
        bar = self.menuBar()
        file = self.file_menu = bar.addMenu("&File")
        self.new_game_action = self._act(
            file, "&New game…", QKeySequence.StandardKey.New, self.newGameRequested.emit,
            "Start another game from the launcher")
        self._act(file, "&Open…", QKeySequence.StandardKey.Open, self.open_file, "Open a saved game")
        self._act(file, "&Save", QKeySequence.StandardKey.Save, self.save, "Save this game")
        self._act(file, "Save &as…", QKeySequence.StandardKey.SaveAs, self.save_as,
                  "Save this game under a new name")
        self.report_action = self._act(
            file, "Export &report…", QKeySequence(EXPORT_REPORT), self.export_report,
            "Write this game as one web page to read or share: the story turn by turn, a "
            "picture of the board at each big moment with its dice, the victory table and the "
            "rules options (an unfinished game shows only what both sides saw)")
        file.addSeparator()
        self._act(file, "&Quit", QKeySequence.StandardKey.Quit, self.quit_app,
                  "Quit (the game is autosaved after every decision)")
        edit = bar.addMenu("&Edit")
        self.undo_action = self._act(edit, "&Undo", QKeySequence.StandardKey.Undo, self.undo,
                                     self.UNDO_TIP)
        edit.setToolTipsVisible(True)  # a greyed Undo says why
        view = bar.addMenu("&View")
        self._act(view, f"&Fit {self.board_name}", QKeySequence("F"), lambda: self.board.fit(),
                  f"Fit the whole {self.board_name} in the window")
        view.setToolTipsVisible(True)
        zoom_in = self._act(view, "Zoom &in (+ or the mouse wheel)", "+",
                            lambda: self.board.zoom(1.25), f"A closer look at the {self.board_name}")
        zoom_in.setShortcuts([QKeySequence("+"), QKeySequence("=")])
        self._act(view, "Zoom &out (- or the mouse wheel)", "-", lambda: self.board.zoom(0.8),
                  f"See more of the {self.board_name}")
        view.addSeparator()
        larger = self._act(view, "&Larger text and symbols", "Ctrl++", lambda: theme.step_scale(1),
                           "Enlarge the writing and the symbols on the map and in the panels "
                           "(remembered for the next game)")
        larger.setShortcuts([QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")])
        self._act(view, "&Smaller text and symbols", "Ctrl+-", lambda: theme.step_scale(-1),
                  "Make the writing and the symbols on the map and in the panels smaller")
        self._act(view, "&Normal size", "Ctrl+0", lambda: theme.step_scale(0),
                  "The writing and the symbols at their usual size")
        self.safe_colours_action = QAction("&Colour-blind safe colours", self, checkable=True)
        self.safe_colours_action.setChecked(theme.comfort.safe)
        self.safe_colours_action.setShortcut(QKeySequence("Ctrl+Shift+K"))
        tip = ("The sides in blue and orange (red against green is hard to tell for many), "
               "and blue and orange for good and bad marks; the sides keep their shapes too")
        self.safe_colours_action.setStatusTip(tip)
        self.safe_colours_action.setToolTip(tip)
        self.safe_colours_action.toggled.connect(theme.set_colour_blind_safe)
        view.addAction(self.safe_colours_action)
        self._view_menu(view)
        self._game_menu(bar.addMenu("&Game"))
        self._timeline_menu(bar.addMenu("&Timeline"))
        help_ = bar.addMenu("&Help")
        self._act(help_, "&Rules reference", QKeySequence.StandardKey.HelpContents, self.show_rules,
                  "A short reference to the rules the game enforces")
        help_.addAction(manual_action(self))
        self._act(help_, "&Keys", None, self.show_keys,
                  "Every key of this window: a whole turn can be played without the mouse")
        self._act(help_, "&About", None, self.about, "")

    def _game_menu(self, game: Any) -> None:
        """The pace the computer's answers and the engine's events are shown at, and the
        Continue / Skip keys of the dice tray."""
        game.addSection("Pace")
        group = QActionGroup(self)
        self.pace_actions: dict[Pace, QAction] = {}
        for pace in MENU_PACES:
            a = QAction(pace.value.capitalize(), self, checkable=True)
            a.setChecked(pace is self.controller.pace)
            a.setStatusTip(PACE_TIPS[pace])
            a.setToolTip(PACE_TIPS[pace])
            a.triggered.connect(lambda _=False, pace=pace: self.set_pace(pace))
            group.addAction(a)
            game.addAction(a)
            self.pace_actions[pace] = a
        game.addSeparator()
        # enabled only while the tray waits / shows: Space and Esc stay the map's otherwise
        self.continue_action = self._act(game, "&Continue", QKeySequence(Qt.Key.Key_Space),
                                         self.controller.proceed,
                                         "Show on after a big moment or a step (Space)")
        self.skip_action = self._act(game, "S&kip to the decision", QKeySequence(Qt.Key.Key_Escape),
                                     self.controller.hurry,
                                     "Show the rest of this answer at once (Esc)")
        self.continue_action.setEnabled(False)
        self.skip_action.setEnabled(False)
        game.addSeparator()
        # the result window closes on the Space or Return meant for the dice tray: this brings it back
        self.result_action = self._act(game, "Show the &result", QKeySequence("Ctrl+R"),
                                       self.show_result, RESULT_TIP)
        self.result_action.setEnabled(False)
        if self.computer_players:
            self._level_menu(game)

    def _level_menu(self, game: Any) -> None:
        """Game > Computer level: Easy, Normal or Hard for the computer's side, mid-game
        (Alt+G, L, then E, N or H); greyed in a hot-seat game, saying why."""
        from ambush_gui.ai.levels import LEVEL_HELP, LEVELS

        game.addSeparator()
        menu = game.addMenu("Computer &level")
        menu.setToolTipsVisible(True)
        self.level_menu = menu
        group = QActionGroup(self)
        self.level_actions: dict[str, QAction] = {}
        for level in LEVELS:
            a = QAction(f"&{level.capitalize()}", self, checkable=True)
            tip = f"{level.capitalize()}: {LEVEL_HELP[level]}"
            a.setStatusTip(tip)
            a.setToolTip(tip)
            a.triggered.connect(lambda _=False, level=level: self.set_level(level))
            group.addAction(a)
            menu.addAction(a)
            self.level_actions[level] = a
        self.update_level_menu()

    def update_level_menu(self) -> None:
        """The level menu checks the computer's level; greyed when no side is the computer's."""
        actions = getattr(self, "level_actions", None)
        if not actions:
            return
        c = self.controller
        sides = [s for s, seat in c.seats.items() if seat is Seat.COMPUTER]
        self.level_menu.setEnabled(bool(sides))
        self.level_menu.menuAction().setToolTip(
            "The computer's level" if sides else "No side is played by the computer (hot-seat)")
        if sides:
            actions[c.level_of(sides[0])].setChecked(True)

    def set_level(self, level: str) -> None:
        """The Game menu's level: the computer plays at it from its next decision (one it
        is thinking about now is asked again), and the next game starts at it too."""
        c = self.controller
        before = {s: c.level_of(s) for s, seat in c.seats.items() if seat is Seat.COMPUTER}
        c.set_level(level)
        for side, was in before.items():  # the log keeps the change with the game's events
            now = c.level_of(side)
            if now != was:
                self.add_to_log(Event("narration", f"{self._side_name(side)} computer: plays at {now} "
                                   f"from now on (it was {was})", {"side": side}))
        remember_level(level)
        self.update_level_menu()
        self._levels_changed()
        self._refresh()
        self.statusBar().showMessage(f"The computer now plays at {level}", 5000)

    def set_pace(self, pace: Pace) -> None:
        """The Game menu's pace: kept for the next game too."""
        self.controller.set_pace(pace)
        remember_pace(pace)
        a = getattr(self, "pace_actions", {}).get(pace)
        if a is not None:
            a.setChecked(True)
        self.statusBar().showMessage(f"Pace: {pace.value} — {PACE_TIPS.get(pace, '')}", 5000)

    # -- the dice tray ------------------------------------------------------------------
    def _build_tray(self) -> None:
        """The dice tray under the map (the bottom corners belong to the side columns)."""
        self.tray = DiceTrayPanel(self.side_of)
        self.tray.wording = self.worded  # the tray says each event as the log does
        self.tray.verdict = self.verdict
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        dock = self._dock("Dice tray", self.tray, Qt.DockWidgetArea.BottomDockWidgetArea, "dice")
        self.tray_dock = dock
        self._size_tray()
        self.tray.continueClicked.connect(self.controller.proceed)
        self.tray.skipClicked.connect(self.controller.hurry)
        c = self.controller
        c.eventLogged.connect(self.tray.add)
        c.narrated.connect(self._on_narrated)
        c.waiting.connect(self._on_wait)
        c.presenting.connect(self._on_presenting)
        c.beat.connect(self._on_beat)

    def _size_tray(self) -> None:
        """The dice tray as tall as a card whole under its header (the Continue button
        shown) at the text scale, and a little more, never a panel that takes the map's room."""
        self.tray.fit_room()
        least = self.tray.least_height()
        self.tray.setMinimumHeight(least)  # the dock, its title bar added, follows its body
        self.tray.setMaximumHeight(least + theme.TRAY_SPARE)

    def side_of(self, event: Event) -> str | None:
        """The side a roll or outcome without a ``side`` belongs to (a subclass reads its
        names from the state: Ambush!'s rolls name the soldier)."""
        return None

    def log_side(self, event: Event) -> str | None:
        """The side a line of the log is about, for its mark: the event's own ``side``, or
        for a roll and an event about a unit, the side the dice tray gives it. A line about
        no one side (a turn begins, a scenario's set-up) has none."""
        side = event.data.get("side")
        if side:
            return str(side)
        if event.kind == "roll" or "unit" in event.data:
            return self.side_of(event)
        return None

    def _on_narrated(self, text: str, side: str) -> None:
        self.tray.narrate(text, side)
        self.add_to_log(Event("narration", f"{self._side_name(side)} computer: {text}", {"side": side}))
        self.statusBar().showMessage(f"{self._side_name(side)} computer: {text}", 8000)

    @staticmethod
    def _side_name(side: str) -> str:
        return side_title(side)

    def side_plural(self, side: str) -> str:
        """A side's name for a sentence about the whole side ("the Insurgents", "the US
        Marines"): the scenario's own name where it has one."""
        sides = getattr(getattr(self.controller.game, "spec", None), "sides", None) or {}
        for key, spec in dict(sides).items():
            if str(getattr(key, "value", key)) == side and getattr(spec, "name", None):
                return str(spec.name)
        return {"regular": "Regulars", "insurgent": "Insurgents", "us": "US squad",
                "german": "Germans"}.get(side, side_title(side))

    def watching_line(self) -> str:
        """"Watching decision 35 of 52": what the Turn panel's banner says while a past
        moment is shown (its live words, "Insurgent computer thinking…", told of the game
        as it stands, not of the moment); "" when the game itself is shown."""
        t = getattr(self, "theatre", None)
        if t is None or not self.controller.watching or t.index is None:
            return ""
        n, k = t.marks.stops[t.index]
        total = len(self.controller.played.decisions)
        at = f"decision {n} of {total}" if n else "the start"
        return f"Watching {at}" + (f", throw {k}" if k else "")

    def thinking_line(self) -> str | None:
        """"The Insurgents are thinking… (hard)" while a computer thinks, else None."""
        c = self.controller
        side = c.thinking_side
        return None if side is None else thinking_text(self.side_plural(side), c.level_of(side))

    def _on_thinking(self, side: str, level: str) -> None:
        """A computer started (``side``) or stopped (``""``) thinking: the status bar's
        busy bar, the Decision dock's line and the turn panel say so."""
        self.thinking_indicator.show_text(self.thinking_line())
        self._tell_idle()
        self._show_thinking(self.thinking_line())

    def _show_thinking(self, text: str | None) -> None:
        """A window's own place for the thinking line (the table's turn panel)."""

    def _show_waiting(self, why: str | None) -> None:
        """A window's own place to say the dice tray waits for the player (the table's
        turn panel); None when it no longer waits."""

    def _levels_changed(self) -> None:
        """The computer's level changed: a window that shows it beyond the turn panel
        (the table's scenario brief) redraws it."""

    def _on_wait(self, why: str) -> None:
        """A big moment: the window draws the game as it stood then (the controller's
        ``moment``: the live game is already at the answer's end)."""
        if self.controller.moment is not None:
            self._show_moment(self.controller.moment)
        self.tray.show_wait(why, self.controller.waited_on)
        self._tell_idle()
        self._show_waiting(why)
        self.continue_action.setEnabled(True)
        self._wait_message = f"{why} — Space or Continue to go on, Esc to skip"
        self.statusBar().showMessage(self._wait_message)

    def _on_presenting(self, on: bool) -> None:
        """While an answer's events are shown, no decision is open: close the one that was
        answered (it would answer the next question otherwise)."""
        self.tray.set_presenting(on)
        self.skip_action.setEnabled(on)
        if on:
            self._close_prompts()
        else:
            self.presented_at = time.monotonic()  # an Esc just after answers nothing (dialog_base)
            self.continue_action.setEnabled(False)
            self._show_waiting(None)
            self.statusBar().clearMessage()

    def _show_moment(self, game: Any) -> None:
        """Draw ``game`` (a copy of the game as it stood at a big moment) on the map and
        the docks that show the state. The table draws the controller's ``shown`` at every
        beat and wait instead (gui/table/window.py)."""

    def _on_beat(self) -> None:
        """The queue rests: a window that holds views back (the hex map's) shows them."""
        self.tray.flush()
        if not self.controller.waiting_for:
            self.tray.end_wait()
            self._show_waiting(None)
            self.continue_action.setEnabled(False)
            if self.statusBar().currentMessage() == self._wait_message:
                self.statusBar().clearMessage()  # "End of Round 1" stood through Round 2's throws
        self._tell_idle()

    def _comfort_changed(self) -> None:
        """The text scale or the palette changed (View menu): every dock's fonts follow
        at once, the map redraws (:meth:`_restyle_board`) and the panels are told again
        in the palette."""
        self.safe_colours_action.setChecked(theme.comfort.safe)
        before = QSize(self.size())
        scaled = self._scale_shown != theme.comfort.scale
        self._rescale_window()
        self._size_tray()  # the tray's cards told again at the scale, in the palette
        self.tray.reload(self.controller.game.log.events)
        self.log.restyle()  # its side marks and verdicts in the palette
        if scaled and self.decision_panel.current is not None:
            fit = getattr(self.decision_panel.current, "fit_default_text", None)
            if callable(fit):  # its words elided again at their new size: the default
                fit()  # button made at 100% kept its whole words at 200%, past the dock's edge
            self._fit_decision(self.decision_panel.current)
        theme.repaint_styles(self)  # an open decision's tints and banner in the palette, at once
        self._restyle_board()
        self.theatre.panel.restyle()  # the timeline's marks at the scale, in the palette
        self._refresh()
        self.update()
        for ms in (0, 300):  # the docks settle in two steps: check after each
            QTimer.singleShot(ms, self, lambda was=before: self.keep_on_screen(was))  # not after it

    def keep_on_screen(self, was: QSize) -> None:
        """A window the text's growth made taller or wider than the screen's available
        area comes back within it (never smaller than ``was``, its size before: one the
        player made bigger stays so). Text grown to 200% in an Ambush! Operations turn left
        the window 825 px tall on an 800 px screen, its status bar under the edge."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None or self.isMaximized() or self.isFullScreen():
            return
        avail = screen.availableGeometry()
        frame = self.frameGeometry()
        extra_w, extra_h = frame.width() - self.width(), frame.height() - self.height()
        w = min(self.width(), max(was.width(), avail.width() - extra_w))
        h = min(self.height(), max(was.height(), avail.height() - extra_h))
        if (w, h) != (self.width(), self.height()):
            self.resize(w, h)

    def _rescale_window(self) -> None:
        """The window's words at the player's text scale: the docks with their title bars
        and what they hold, the menus, the timeline under the map, the status bar, the
        rules reference (F1) and the hot-seat curtain (the docks' bodies alone grew: their
        titles, the menus, the reference and the curtain stayed small)."""
        old, new = self._scale_shown, theme.comfort.scale
        if old != new:
            # the tabs of docks stacked in one place (Game log | Scenario and victory) are
            # the window's own, not a dock's
            tabs = self.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
            for part in (self.menuBar(), *self.findChildren(QDockWidget), *tabs, self.statusBar(),
                         self.theatre.panel, *self._references(), self.curtain):
                theme.rescale_fonts(part, old, new)
            self._scale_shown = new
            for reference in self._references():
                reference.restyle()
            if self.curtain.isVisible():
                self.curtain.cover()  # its card as wide and tall as its words now are

    def _references(self) -> list[RulesHelp]:
        """The window's rules reference (F1), if it was opened: a window of its own."""
        return self.findChildren(RulesHelp, options=Qt.FindChildOption.FindDirectChildrenOnly)

    def _restyle_board(self) -> None:
        """Redraw the map's labels and symbols at the text scale and in the palette."""
        if hasattr(self.board, "restyle"):
            self.board.restyle()

    def key_actions(self, menu: Any, rows: Any) -> list[QAction]:
        """Menu entries for keys that work only at times (a move asked, a hex to pick): each
        row (text, keys, slot, tip), disabled until the window enables it."""
        out = []
        for text, keys, slot, tip in rows:
            a = QAction(text, self)
            a.setShortcuts([QKeySequence(k) for k in keys])
            a.setToolTip(tip)
            a.setStatusTip(tip)
            a.triggered.connect(slot)
            a.setEnabled(False)
            menu.addAction(a)
            out.append(a)
        return out

    def _act(self, menu: Any, text: str, key: Any, slot: Any, tip: str) -> QAction:
        a = QAction(text, self)
        if key is not None:
            a.setShortcut(QKeySequence(key) if not isinstance(key, QKeySequence) else key)
        a.setStatusTip(tip)
        a.setToolTip(tip)
        a.triggered.connect(slot)
        menu.addAction(a)
        return a

    def _result_ready(self) -> None:
        """Game > Show the result: enabled once the game is over (greyed before, saying why)."""
        action = getattr(self, "result_action", None)
        if action is None:
            return
        over = bool(self.controller.game.over)
        action.setEnabled(over)
        action.setToolTip(RESULT_TIP if over else "The game is not over yet: no result to show")

    def show_result(self) -> None:
        """The victory window again, over the map (Ctrl+R)."""
        if self.controller.game.over:
            self._on_game_over(self.controller.game.result)

    # -- the game flow --------------------------------------------------------------------
    def start(self) -> None:
        self._refresh()
        self.update_undo()
        self.controller.start()

    def _answer(self, choice: Any) -> None:
        if self.controller.watching:
            self.statusBar().showMessage("You are watching a past moment: Esc goes back to the "
                                         "game, or Continue from here starts a new one", 6000)
            return
        if self.controller.busy:
            self.statusBar().showMessage("Wait: the last answer is still being shown "
                                         "(Space or Continue to go on, Esc to skip)", 5000)
            return
        try:
            self.tray.answered()  # its dice are the person's, not the computer's last line's
            self.controller.answer(choice)
        except IllegalDecision as exc:
            self.statusBar().showMessage(f"Not allowed: {exc}", 8000)
            d = self.controller.pending()
            if d is not None:
                self._on_decision(d)

    def idle_text(self) -> str:
        """What the Decision dock says while no decision is open, from the controller's
        state: the big moment the dice tray waits on, the answer being shown, or the
        computer that is deciding ("No decision is open." alone told the player nothing)."""
        c = self.controller
        if c.waiting_for and c.waits_on_answer:  # at the Step pace, the computer's answer
            return f"{c.waiting_for}.\nSpace: go on to the next question."
        if c.waiting_for:
            # the dice that decided the result before it, in the place of whose dice are
            # shown (a Close Assault's, a fire's): a Regular's First Aid results alone told
            # the player nothing of why he fell
            return (f"{self.tray.deciding_words() or self.showing_line()}: {c.waiting_for}.\n"
                    f"Space: go on · Esc: show them all. The next question comes after.")
        if c.busy:
            return f"{self.showing_line()}.\nEsc: show them all. The next question comes after."
        d = c.pending()
        if (remote := self.remote_line()) is not None:
            return remote
        if d is not None and c.seat_of(d) is Seat.COMPUTER:
            thinking = self.thinking_line()
            said = self.asked_line(d)
            return f"{thinking}\n{said}" if thinking else said
        return "No decision is open."

    def showing_line(self) -> str:
        """"The Insurgents' dice are being shown": whose dice the tray shows now, told from
        its newest card's rolls (a throw already in front of the player, so in hot-seat it
        tells nothing the curtain hid: never the dice still to come); "Both sides' dice"
        for a card with both sides' rolls (a fire and its Defense); "The last answer is being
        shown" while no card has dice (a play-test read of dice over an empty tray)."""
        card = self.tray.latest
        rolls = card.throw.rolls if card is not None else []
        if not rolls:  # an IED gone off waits before its blast's dice: there are none yet
            return "The last answer is being shown"
        sides = {str(r.data.get("side") or self.side_of(r) or "") for r in rolls} - {""}
        if len(sides) > 1:  # a fire and its Defense: naming the side of the last roll
            return "Both sides' dice are being shown"  # told a player his own fire was theirs
        if not sides:
            return "The last answer's dice are being shown"
        who = self.side_plural(sides.pop())
        who = who if who.lower().startswith("the ") else f"the {who}"
        return f"{capital(possessive(who))} dice are being shown"

    def asked_line(self, decision: Decision) -> str:
        """``decision``'s words as this window shows them: another side's secret question
        its neutral line (core/view.py); a question the computer answers, what the
        computer is doing ("Insurgents (computer) match their Defense dice…"): the
        engine's own words read as an order to the person ("Insurgent: match your
        Defense dice"); anything else the engine's prompt. While a past moment is watched,
        the question then ("The question then (Raiders): how does…"), never "Raiders
        (computer) are deciding" of a moment long past."""
        c = self.controller
        asked = c.view.asked(decision)
        if c.watching:
            return (f"The question then ({self.side_plural(decision.side)}): "
                    f"{unaddressed(asked.text, side_title(decision.side))}")
        if asked.secret or c.seat_of(decision) is not Seat.COMPUTER:
            return asked.text
        return computer_doing(asked.text, side_title(decision.side), self.side_plural(decision.side))

    def _tell_idle(self) -> None:
        """No decision hosted: the dock says what is happening now (the tray waits or
        rests, or a computer decides), and stays as short as that line."""
        if self.decision_panel.current is None and self.dialog is None \
                and self.move_prompt is None and self.controller.pending() is not None:
            self.decision_panel.clear(self.idle_text(), showing=self.controller.busy)
            self._shrink_idle()

    def _shrink_idle(self) -> None:
        """The Decision dock as tall as its one idle line: the game log under it gets the
        room back until the next decision (:meth:`_host` lets the dock grow again)."""
        dock = self.decision_dock
        width = max(self.right_width - 8, 200)
        high = self.decision_panel.preferred_height(width) + theme.DOCK_TITLE
        # exactly that tall: a most height alone left a longer line cut at the height of the
        # shorter one before it (Qt does not grow a dock when its most height rises)
        dock.setMinimumHeight(high)
        dock.setMaximumHeight(high)  # the layout hands the rest to the docks under it
        self._give_way(False)  # and those docks their least heights back

    def yielding(self) -> list[tuple[QWidget, int]]:
        """The widgets of the docks under the Decision dock that give up height while a
        decision's list of choices needs it, each with the least height it keeps then
        (:meth:`_fit_decision`). None in this window."""
        return []

    def _give_way(self, on: bool) -> None:
        """The docks under the Decision dock down to their least under a list of choices
        (``on``), or back to their own least heights (and their room, the Decision dock
        shrinking) once no decision needs it."""
        kept = self._kept_least
        changed = []
        if on:
            for w, least in self.yielding():
                if id(w) not in kept:
                    kept[id(w)] = (w, w.minimumHeight())
                w.setMinimumHeight(min(least, kept[id(w)][1]))
                changed.append(w)
        else:
            for w, least in kept.values():
                w.setMinimumHeight(least)
                changed.append(w)
            kept.clear()
        for w in changed:  # the docks' least heights follow now, not at the next layout
            dock = w.parentWidget()
            lay = dock.layout() if isinstance(dock, QDockWidget) else None
            if lay is not None:
                lay.activate()

    def _close_prompts(self, idle: str | None = None) -> None:
        for w in (self.dialog, self.move_prompt, getattr(self, "pass_widget", None)):
            if w is not None:
                w.blockSignals(True)
                if hasattr(w, "dismiss"):
                    w.dismiss()  # a decision dialog refuses a plain close: it wants an answer
                else:
                    w.close()
                w.hide()
                if getattr(self, "curtain", None) is not None and self.controller.hot_seat:
                    # out of the window at once, not at the next turn of the event loop: the
                    # next player's view holds nothing of the last one's question
                    w.setParent(None)
                w.deleteLater()
        self.dialog = self.move_prompt = self.pass_widget = None
        self.decision_panel.clear(idle if idle is not None else self.idle_text(),
                                  showing=idle is None and self.controller.busy)
        self._shrink_idle()
        self._end_board_modes()

    def _show_dialog(self, decision: Decision) -> None:
        """Ask ``decision`` in the Decision dock beside the map: the map stays live to
        look at, what the dialog points at is shown on it (``_on_highlight``), and the
        units it is about are brought into view (:meth:`keep_in_view`)."""
        self.dialog = self.dialog_for(decision, self.controller.game, self.decision_panel)
        if self.dialog is None:
            QMessageBox.warning(self, "ambush-gui", f"No dialog for {decision.kind.value}")
            return
        self.dialog.chosen.connect(self._answer)
        self.dialog.highlighted.connect(lambda what, d=decision: self._on_highlight(d, what))
        self.dialog.setModal(False)
        if hasattr(self.dialog, "add_back"):
            why = self.back_why_not(decision)
            if why is None:
                self.dialog.add_back(self.go_back)
            elif self.BACK_ALWAYS_SHOWN:  # greyed, saying why: it no longer comes and goes
                self.dialog.add_back(self.go_back, tip=why).setEnabled(False)
        self._host(self.dialog, decision)
        self._on_opened(decision)
        # the first highlight was emitted while the dialog was being built: show it now
        if hasattr(self.dialog, "rehighlight"):
            self.dialog.rehighlight()

    def _host(self, widget: QWidget, decision: Decision | None = None) -> None:
        """Show ``widget`` in the Decision dock, the dock at its share of the column
        (``theme.DECISION_SHARE``, the log keeping ``theme.LOG_LEAST``; the dialog's body
        scrolls past that, :meth:`_fit_decision`), and bring the decision's units into
        view."""
        theme.fit_fonts(widget)
        self.decision_panel.host(widget)
        dock = self.decision_dock
        dock.show()
        dock.raise_()
        grew = getattr(widget, "grew", None)
        if grew is not None:  # a refusal shown under a move's help: the dock grows with it
            grew.connect(lambda w=widget: self._fit_decision(w))
        self._fit_decision(widget)
        if isinstance(widget, QDialog):
            widget.setFocus(Qt.FocusReason.OtherFocusReason)
        if decision is not None:
            self.keep_in_view(decision)
            QTimer.singleShot(0, lambda d=decision: self._keep_if_open(d))

    def _fit_decision(self, widget: QWidget) -> None:
        """The Decision dock at its one height for a decision, its share of the right
        column, whatever ``widget`` (hosted in it) asks: when it opens, and again when it
        grows (a refusal shown). The answer buttons stand at the dock's foot, so they are
        where the last ones were: the dock took each question's height, and the buttons
        jumped up and down the column from one question to the next, a player's click
        landing in empty space or on another control (a play-test). A short question has
        room under its body; a long one scrolls its body, as before."""
        if self.decision_panel.current is not widget:
            return
        self.decision_dock.setMaximumHeight(theme.QT_MAX_SIZE)  # no longer the idle line's
        high = self._decision_height(widget)
        self._hold_dock(high)
        # again once the new widget is laid out (its size hints settle after the show)
        QTimer.singleShot(0, lambda w=widget, h=high: self._size_decision(w, h))

    def _decision_height(self, widget: QWidget) -> int:
        """The Decision dock's height for ``widget``: its share of the right column, more
        where a list of choices needs it (the docks under it giving way)."""
        width = max(self.right_width - 8, 200)
        column, below = self._right_column()
        high = max(min(int(column * theme.DECISION_SHARE), column - below), 120)
        # a list of choices: its heading and first choices in sight, the docks under the
        # dock giving way down to their least (at 1280x800 a fire showed one possible fire
        # of three, the paragraph already read keeping 200 pixels)
        listed = getattr(widget, "list_height", None)
        need = listed(width) if callable(listed) and self.yielding() else None
        if need is not None and need + theme.DOCK_TITLE > high:
            self._give_way(True)
            widget.setProperty("list_first", True)  # its banner gives way before its list (fit_room)
            column, below = self._right_column(slack=False)
            high = max(high, min(need + theme.DOCK_TITLE, column - below))
        else:
            self._give_way(False)
        return high

    def _hold_dock(self, high: int) -> None:
        """The Decision dock ``high`` pixels tall now (:meth:`_dock_to`), and kept so.

        resizeDocks alone lands tens of pixels off (Qt shares the change out): the dock's
        least and most heights hold it at ``high`` while the docks take their heights (with
        its least alone Qt gave it a few pixels more for one question, not the next). Then
        its least is let down to what the decision asks: held at its whole height, the
        window could not be made shorter while a decision was open."""
        dock = self.decision_dock
        dock.setMinimumHeight(high)
        dock.setMaximumHeight(high)
        self._dock_to(high)
        lay = self.layout()
        if lay is not None:
            lay.activate()  # the docks under it take their new heights now, not a beat later
        width = max(self.right_width - 8, 200)
        want = self.decision_panel.preferred_height(width) + theme.DOCK_TITLE
        dock.setMinimumHeight(min(max(want, 120), high))
        if lay is not None:
            lay.activate()  # the window's least height follows now

    def place_over_map(self, dialog: QWidget) -> None:
        """A pop-up that is not a decision (the victory screen, the end of a mission) opens
        over the map, never over the log or the docks: its top-left corner at the map
        view's, sized to fit inside it where it can."""
        vp = self.board.viewport() if hasattr(self.board, "viewport") else self.centralWidget()
        if vp is None:  # no map to open over (never so in a built window)
            return
        area = QRect(vp.mapToGlobal(vp.rect().topLeft()), vp.size())
        hint = dialog.sizeHint()
        w = min(max(hint.width(), 300), area.width())
        h = min(max(hint.height(), 200), area.height())
        dialog.resize(w, h)
        x = area.left() + max((area.width() - dialog.frameGeometry().width()) // 2, 0)
        y = area.top() + max((area.height() - dialog.frameGeometry().height()) // 2, 0)
        dialog.move(x, y)

    BACK_ALWAYS_SHOWN = False
    """Whether a decision's Back button shows, greyed with the reason, when there is nothing
    to take back (the hex map's turns: a Back that came and went looked missing)."""

    def can_go_back(self, decision: Decision) -> bool:
        """Whether the player can back out of ``decision`` to his previous choice: the
        last answer was his own (the same side's), and undo may take it back (no die was
        rolled since)."""
        return self.back_why_not(decision) is None

    def back_why_not(self, decision: Decision) -> str | None:
        """Why Back cannot take back the player's previous choice now, in his words; None
        when it can (:meth:`can_go_back`)."""
        game = self.controller.game
        answered = getattr(game, "answered_by", None)
        if not answered:
            return "Nothing to take back: this is the first choice"
        if answered[-1] != decision.side:
            return "Nothing of yours to take back: the last choice was not yours"
        if self.controller.undo_target() != len(game.decisions) - 1:
            return ("Nothing to take back: a die was rolled after your last choice, and "
                    "Back never goes back past a roll")
        return None

    def go_back(self) -> None:
        """Back: take back the previous choice (the decision before this one reopens)."""
        self.undo()

    def _dock_to(self, high: int) -> None:
        """The Decision dock ``high`` pixels tall, the docks under it in the right column
        giving (or taking) the difference, the last (the log) first, each down to its
        least. resizeDocks on the Decision dock alone shared the change out among all of
        them, itself included: it landed tens of pixels short, a different number for each
        question."""
        dock = self.decision_dock
        right = Qt.DockWidgetArea.RightDockWidgetArea
        under = sorted((d for d in self.findChildren(QDockWidget)
                        if d is not dock and d.isVisible() and not d.isFloating()
                        and self.dockWidgetArea(d) == right
                        and d.geometry().top() > dock.geometry().top()),
                       key=lambda d: d.geometry().top())
        sizes = [d.height() for d in under]
        delta = high - dock.height()
        for i in reversed(range(len(under))):
            if delta <= 0:  # room given back: the last takes it
                sizes[i] -= delta
                break
            least = max(under[i].minimumSizeHint().height(), under[i].minimumHeight())
            take = max(min(delta, sizes[i] - least), 0)
            sizes[i] -= take
            delta -= take
        self.resizeDocks([dock, *under], [high, *sizes], Qt.Orientation.Vertical)

    def _size_decision(self, widget: QWidget, high: int) -> None:
        if self.decision_panel.current is widget:
            self._hold_dock(high)
            show = getattr(widget, "show_list", None)
            if callable(show):
                lay = self.layout()
                if lay is not None:
                    lay.activate()
                show()

    def _right_column(self, slack: bool = True) -> tuple[int, int]:
        """The right column's height (the Decision dock's top to the status bar), and what
        the docks under the Decision dock keep of it: the log about six lines
        (``theme.LOG_LEAST``), every other dock shown there its least height (without
        ``slack``: each dock its least, the log too)."""
        dock = self.decision_dock
        column = self.statusBar().geometry().top() - dock.geometry().top()
        if dock.isFloating() or column < 300:
            column = max(self.height() - self.menuBar().height() - self.statusBar().height(), 300)
        right = Qt.DockWidgetArea.RightDockWidgetArea
        shown = [d for d in self.findChildren(QDockWidget)
                 if d is not dock and not d.isFloating() and d.isVisible()
                 and self.dockWidgetArea(d) == right]
        # a group of tabbed docks keeps its tallest least, whichever tab is in front: the
        # Decision dock, and its commit button, moved when "Last fire" took the front
        below, counted, tabs = 0, set[int](), 0
        for d in shown:
            if id(d) not in counted:
                group = [d, *(t for t in self.tabifiedDockWidgets(d) if t in shown)]
                counted.update(id(t) for t in group)
                below += max(max(t.minimumSizeHint().height(), t.minimumHeight())
                             for t in group) + 6
                if len(group) > 1:
                    titles = {t.windowTitle() for t in group}
                    tabs += max((b.sizeHint().height() for b in self.findChildren(QTabBar)
                                 if b.isVisible() and titles & {b.tabText(i)
                                                                for i in range(b.count())}),
                                default=0)
        if not slack:  # each at its least, a group's tab bar too (else the window grew
            return column, below + tabs  # past an 800-pixel screen, its status bar off it)
        return column, max(theme.LOG_LEAST, below + (theme.LOG_LEAST // 2 if shown else 0))

    def _keep_if_open(self, decision: Decision) -> None:
        """Again once the docks have their new sizes (the map's viewport changed)."""
        if self.controller.pending() is decision:
            self.keep_in_view(decision)

    def _on_opened(self, decision: Decision) -> None:
        """A dialog just opened for ``decision``: show on the map what it is about
        before the player chooses (an interrupt's declared path)."""

    def _on_highlight(self, decision: Decision, what: Any) -> None:
        """Show on the map what the player is looking at in a dialog."""

    # -- the units a decision is about, in view --------------------------------------------------
    def units_of(self, decision: Decision) -> list[str]:
        """The ids of the map items ``decision`` is about (the acting unit, its target, the
        moving unit, the interrupter...): read from the decision's facts and options."""
        return []

    def unit_rect(self, uid: str) -> QRectF | None:
        """The scene rect of ``uid``'s item(s) on the map, or None if it is not shown."""
        return None

    def decision_rects(self, decision: Decision) -> list[QRectF]:
        """The scene rects of the units ``decision`` is about."""
        out = []
        for uid in self.units_of(decision):
            r = self.unit_rect(uid)
            if r is not None and r.isValid():
                out.append(r)
        return out

    def keep_in_view(self, decision: Decision) -> None:
        """Pan, and zoom out if need be, so that every unit ``decision`` is about is
        inside the map view's visible part (with a margin)."""
        if not self.isVisible():
            return  # the view has no size yet: the map is fitted when it is shown
        rects = self.decision_rects(decision)
        if rects and hasattr(self.board, "keep_visible"):
            self.board.keep_visible(rects)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        """Enter, Esc and the digits typed anywhere in the window answer the decision in
        the dock (the map, when clicked, takes the focus from it)."""
        if self.seat_open:  # keys meant for a seat wait for its player (the curtain takes them)
            self.curtain.keyPressEvent(event)
            return
        key = event.key()
        if key == Qt.Key.Key_Escape and self.controller.watching:
            self.theatre.leave()
            return
        if self.pass_widget is not None and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._pass_seat(self.pass_side)
            return
        ours = key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape) or (
            Qt.Key.Key_1.value <= key <= Qt.Key.Key_9.value)
        if ours and isinstance(self.dialog, QDialog) and self.dialog.isVisible():
            self.dialog.keyPressEvent(event)
            return
        super().keyPressEvent(event)

    # -- the window's place on the screen ---------------------------------------------------------
    def _settings_key(self, what: str) -> str:
        return f"window/{self.window_kind}/{what}"

    editor: QWidget | None = None
    """The editor window whose "Play from here" started this game (None: any other game)."""

    def played_from(self, editor: QWidget) -> None:
        """A game the editor started: File > Back to the editor (Ctrl+Shift+E) closes it and
        brings that editor window up again; call before :meth:`place_on_screen`."""
        self.editor = editor
        back = QAction("&Back to the editor", self)
        back.setShortcut(QKeySequence(BACK_TO_EDITOR))
        tip = "Close this game and go back to the scenario in the editor"
        back.setStatusTip(tip)
        back.setToolTip(tip)
        back.triggered.connect(self.back_to_editor)
        first = self.file_menu.actions()[0]
        self.file_menu.insertAction(first, back)
        self.file_menu.insertSeparator(first)
        self.back_action = back

    def back_to_editor(self) -> None:
        editor = self.editor
        if not self.close() or editor is None:
            return
        editor.show()
        if editor.isMinimized():
            editor.showNormal()
        editor.raise_()
        editor.activateWindow()

    def place_on_screen(self) -> None:
        """Open as the player left this kind of window (size, docks), else filling the
        screen's available area (not a fixed 1280x800 on a 1920x1080 screen). A game the
        editor started fills the screen's available area too (at nine tenths of a 1280x800
        screen its Decision dock showed one choice of three, a play-test), File ▸ Back to
        the editor bringing the editor up again, and leaves the size and docks the player
        keeps for games alone."""
        if self.editor is not None:
            screen = self.screen() or QGuiApplication.primaryScreen()
            self.setGeometry(screen.availableGeometry() if screen is not None
                             else QRect(0, 0, 1280, 800))
            return
        settings = QSettings("ambush-gui", "ambush-gui")
        geometry = settings.value(self._settings_key("geometry"))
        state = settings.value(self._settings_key("state"))
        restored = bool(geometry) and self.restoreGeometry(geometry)
        if state:
            self.restoreState(state, self.STATE_VERSION)
            self.decision_dock.show()  # never lost: the decisions are asked there
            self.tray_dock.show()  # nor the dice tray, where the big moments wait
            self.layout_restored()
        if not restored:
            screen = self.screen() or QGuiApplication.primaryScreen()
            if screen is not None:
                avail = screen.availableGeometry()
                self.setGeometry(avail)
            else:
                self.resize(1280, 800)

    STATE_VERSION = 3  # bump when the docks change: an old saved layout is then ignored

    def layout_restored(self) -> None:
        """The docks stand as the player last left them: a window that must show one now
        (a mission's brief as it starts) brings it forward here."""

    def remember_layout(self) -> None:
        """Keep the window's size and docks for the next window of this kind (not a game
        the editor started, whose size is the editor's choice)."""
        if self.editor is not None:
            return
        settings = QSettings("ambush-gui", "ambush-gui")
        settings.setValue(self._settings_key("geometry"), self.saveGeometry())
        settings.setValue(self._settings_key("state"), self.saveState(self.STATE_VERSION))

    # -- files ------------------------------------------------------------------------------
    def _update_title(self) -> None:
        title = self.controller.game.spec.title  # type: ignore[attr-defined]
        where = f" — {self.controller.save_path.name}" if self.controller.save_path else ""
        c = self.controller
        whose = f" — {side_title(c.viewer)} player's view" if c.hot_seat and c.viewer else ""
        self.setWindowTitle(f"{title}{where}{whose} — ambush-gui")

    def save(self) -> bool:
        if self.controller.saving_refused:
            QMessageBox.information(self, "Not saved now", self.controller.saving_refused)
            return False
        kept = self.controller.kept_elsewhere()
        if kept:  # saved where it lives (a campaign's mission): not a file of its own
            self.statusBar().showMessage(kept, 10000)
            if not self._told_kept:
                self._told_kept = True
                QMessageBox.information(self, "Saved in the campaign", kept)
            return True
        if self.controller.save_path is None:
            return self.save_as()
        return self._save_to(self.controller.save_path)

    def save_as(self) -> bool:
        if self.controller.saving_refused:
            QMessageBox.information(self, "Not saved now", self.controller.saving_refused)
            return False
        stem = paths.safe_stem(self.controller.game.scenario.name, "game")  # type: ignore[attr-defined]
        start = str(paths.saves_dir() / f"{stem}.json")
        title = "Save a copy, played outside the campaign" if self.controller.kept_elsewhere() \
            else "Save game"
        name, _ = QFileDialog.getSaveFileName(self, title, start, "Saved games (*.json)")
        return bool(name) and self._save_to(saves.with_suffix(name))

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

    def export_report(self) -> Path | None:
        """File > Export report: ask where (the scenario's name by default, in the saves
        folder), write the after-action report of the game as it stands, and say where."""
        from ambush_gui.gui import report

        game = self.controller.played
        start = str(paths.saves_dir() / report.default_name(game))
        name, _ = QFileDialog.getSaveFileName(self, "Export the after-action report", start,
                                              "Web pages (*.html)")
        if not name:
            return None
        out = Path(name) if Path(name).suffix.lower() in (".html", ".htm") \
            else Path(name + report.SUFFIX)
        try:
            QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            try:  # the game as it stands, saved aside, is what the report replays
                with tempfile.TemporaryDirectory(prefix="ambush-gui-report-") as tmp:
                    save = Path(tmp) / "game.json"
                    saves.save(game, save, self.controller.players())
                    report.write(save, out)
            finally:
                QGuiApplication.restoreOverrideCursor()
        except Exception as exc:  # a full disk, a folder not writable: said, never a crash
            QMessageBox.critical(self, "Report not written", f"Could not write {out}:\n{exc}")
            return None
        self.statusBar().showMessage(f"Report written to {out}", 8000)
        QMessageBox.information(self, "Report written",
                                f"The after-action report is in {out}.\nOpen it in any web "
                                "browser; it needs no network.")
        return out

    def open_file(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Open saved game", str(paths.saves_dir()),
                                              "Saved games (*.json);;All files (*)")
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path) -> bool:
        from ambush_gui.gui.shared.controller import load_game

        try:
            game = load_game(path)
            players = saves.read(path).players
        except Exception as exc:  # any file: a message box, never a crash (issue 12)
            cannot_open(self, "Cannot open this game", path, exc)
            return False
        remember_recent(path)
        seats = {side: Seat(players.get(side, "human")) for side in self.controller.seats}
        self.controller.replace_game(game, path, seats)
        self._update_title()
        return True

    UNDO_TIP = "Take back your last decision (never past a die roll)"

    def update_undo(self) -> None:
        """Edit > Undo enabled, or greyed with its tooltip and status tip saying why."""
        why = self.controller.undo_why_not()
        if why is None and self.controller.handing_to is not None:
            why = "Not while the seat passes: the next player takes it first"
        self.undo_action.setEnabled(why is None)
        tip = self.UNDO_TIP if why is None else why
        self.undo_action.setToolTip(tip)
        self.undo_action.setStatusTip(tip)

    def undo(self) -> None:
        if not self.controller.can_undo():
            self.statusBar().showMessage(self.controller.undo_why_not() or "Nothing to undo", 5000)
            return
        if self._confirm_undo():
            self.controller.undo()

    def undo_question(self) -> str | None:
        """In hot-seat, the question to ask before an undo takes back a decision that is not
        the player's at the keyboard (the one the open decision is for); None otherwise."""
        c = self.controller
        humans = [side for side, seat in c.seats.items() if seat is Seat.HUMAN]
        if len(humans) < 2:
            return None
        d = c.pending()
        at_keyboard = d.side if d is not None else None
        others = [s for s in c.undo_sides() if s != at_keyboard and c.seats.get(s) is Seat.HUMAN]
        if not others:
            return None
        whose = " and ".join(f"the {side_title(s)} player's" for s in others)
        you = f"You are the {side_title(at_keyboard)} player. " if at_keyboard else ""
        return (f"Take back {whose} last decision?\n\n{you}Undo goes back to {whose} decision: "
                "agree on it with them first.")

    def _confirm_undo(self) -> bool:
        question = self.undo_question()
        if question is None:
            return True
        answer = QMessageBox.question(self, "Undo the other player's decision?", question,
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    # -- help ---------------------------------------------------------------------------------
    def about(self) -> None:
        from ambush_gui.gui.shared.manual import show_about

        show_about(self, "<br><br>The game is autosaved after every decision.")

    def quit_question(self) -> str:
        """What closing this window asks first (File > Quit and the window's close button
        alike), "" when nothing would be lost: no decision made yet, or the game over and
        saved. A game across two machines asks its own question (gui/netplay.py)."""
        c = self.controller
        if Seat.REMOTE in c.seats.values() or not c.played.decisions:
            return ""
        saved = not c.dirty or c.autosave is not None or bool(c.kept_elsewhere())
        if c.played.over and saved:
            return ""
        kept = c.kept_elsewhere()
        if kept:  # a campaign's mission
            return f"Quit the mission?\n\n{kept}"
        if not c.dirty and c.save_path is not None and c.save_path != c.autosave:
            return (f"Quit the game? It is saved in {c.save_path.name}: Recent games on the "
                    "launcher opens it again where it stands.")  # not played on since it opened
        if c.autosave is None:
            return ("Quit the game? It is not saved: File > Save keeps it first (Keep "
                    "playing, then Ctrl+S).")
        return ("Quit the game? It is saved: Continue on the launcher goes on from where it "
                "stands.")

    def confirm_quit(self) -> bool:
        """Ask :meth:`quit_question` (Enter quits, Esc keeps playing); True to close."""
        text = self.quit_question()
        return not text or ask_to_quit(self, "Quit the game?", text)

    def quit_app(self) -> None:
        """File > Quit quits the application, every window with it (not this one only),
        after asking once, as the window's close button does."""
        from PySide6.QtWidgets import QApplication

        if not self.confirm_quit():
            return
        if not self.close():  # refused: a game across two machines whose player stays
            return
        app = QApplication.instance()
        if app is not None:
            QApplication.closeAllWindows()
            kinds = (Qt.WindowType.Window, Qt.WindowType.Dialog)  # not a tooltip or a menu
            if any(w.isVisible() and w.windowType() in kinds for w in QApplication.topLevelWidgets()):
                return  # a window refused (an editor's unsaved work, Cancel): it stays open
            app.quit()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        curtain = getattr(self, "curtain", None)
        if curtain is not None and curtain.isVisible():
            curtain.cover()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        # the close button (or the desktop) asks as File > Quit does; a close the program
        # makes (a game replaced, the campaign's way back, Quit's closing of every window)
        # does not ask again
        if event.spontaneous() and not self.confirm_quit():
            event.ignore()
            return
        self.controller.shutdown()  # a computer still thinking answers no closed game
        self.remember_layout()
        self._close_prompts()
        event.accept()
        self.closed.emit()


def branch_note(game: Any) -> list[Event]:
    """The log's first line in a game continued from another's moment (saves.branch_words)."""
    words = saves.branch_words(game)
    return [Event("branch", words)] if words else []


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
