"""The replay theatre in the game window (issue 32): the timeline under the map.

Every decision of the game is a mark on the bar, every throw a smaller one between them,
each turn (an Ambush! Round) labelled and each big moment (a casualty, a panic, a German
appearing, an IED going off, a Hot Spot taken: :func:`~ambush_gui.gui.shared.pacing.big_moment`)
a diamond, red (vermilion in the colour-blind-safe palette). Clicking a mark, the step keys
or Play show the game as it stood: the :class:`~ambush_gui.timeline.Timeline` makes a copy
of the game at that moment and the controller shows it in the window instead of the game
(:meth:`GameController.watch`), with the log and the dice tray as they were. The game
itself waits, untouched: nothing is answered, thought, undone or saved while a moment is
watched, and Esc (or "Back to the game") returns to it.

A stop on the bar is a moment (after ``n`` decisions, the question then open) or one throw of
the next answer (``k``: the game as it stood once its ``k``-th throw was told, the next not
yet thrown: :meth:`Timeline.during`). An Ambush! answer can hold a whole German Round, so
the board moves with its throws.

Whose eyes: during a game the timeline shows what the seated player saw (his side's view
of hidden pieces; in hot-seat both players may agree to show all), after the game all.

"Continue from here…" starts a new game from the moment shown, with its own save
(:func:`ambush_gui.core.saves.branch`): the same first answers and faces, fresh dice after.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QLineF, QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QMouseEvent, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QStyle,
    QToolButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.core.events import Event
from ambush_gui.core.view import ALL, View
from ambush_gui.core.words import count
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import side_title
from ambush_gui.gui.shared.dice_tray import ElidedLabel
from ambush_gui.gui.shared.onlooker import unaddressed
from ambush_gui.gui.shared.pacing import PACE_TIMES, Pace, big_moment, shown_faces
from ambush_gui.timeline import Timeline

if TYPE_CHECKING:
    from ambush_gui.gui.shared.game_window import GameWindow

PLAY_LEAST_MS = 450
"""Play never shows a stop for less than this (the Fast pace's beat is shorter)."""


def heading(event: Event) -> str | None:
    """The label a turn (an Ambush! Round) starts with on the bar, or None."""
    if event.kind == "turn" and "soldier" not in event.data and "turn" in event.data:
        return f"T{event.data['turn']}"
    if event.kind == "round" and event.data.get("round"):
        return f"R{event.data['round']}"
    if event.kind == "operations" and event.data.get("turn") and " ends" not in event.text:
        return f"O{event.data['turn']}"
    return None


def long_turn(label: str) -> str:
    """"T3" -> "Turn 3", "R5" -> "Round 5", "O1" -> "Operations turn 1"."""
    if not label:
        return ""
    return {"T": "Turn ", "R": "Round ", "O": "Operations turn "}[label[0]] + label[1:]


@dataclass
class Marks:
    """What the bar draws: its stops in order ``(n, k)``, the labels of the turns and the big
    moments (each at a stop's index), read from a :class:`Timeline` as ``view`` may see it."""

    stops: list[tuple[int, int]] = field(default_factory=list)
    first: list[int] = field(default_factory=list)  # the index of stop (n, 0)
    rolls: list[list[int]] = field(default_factory=list)  # answer n's throws: log indexes
    turns: list[tuple[int, str]] = field(default_factory=list)
    big: list[tuple[int, str]] = field(default_factory=list)
    answers: int = 0  # the answers read so far

    def read(self, timeline: Timeline, view: View) -> None:
        """Take in the answers the timeline has that these marks have not read yet."""
        log = timeline.log
        if not self.stops:
            self._stop(0)
            for e in log[:timeline.start[0]]:
                if (label := heading(e)) is not None:
                    self._turn(0, label)
        for n in range(self.answers, len(timeline) - 1):
            a, b = timeline.marks(n)[0], timeline.marks(n + 1)[0]
            rolls = [i for i in range(a, b) if log[i].kind == "roll"]
            self.rolls.append(rolls)
            here = self.first[n]
            self.stops.extend((n, k) for k in range(1, len(rolls) + 1))
            self._stop(n + 1)
            k = 0
            for i in range(a, b):
                e = log[i]
                if e.kind == "roll":
                    k += 1
                # shown from the stop of the throw it follows (one before the answer's first
                # throw: that throw's stop; an answer without dice: the next decision's)
                at = here + max(k, 1) if rolls else self.first[n + 1]
                if (label := heading(e)) is not None:
                    self._turn(at, label)
                if (words := big_moment(e)) is not None and view.tell(e) is not None:
                    self.big.append((at, words))
            self.answers = n + 1

    def _turn(self, at: int, label: str) -> None:
        self.turns.append((at, label))  # two Rounds begun in one answer: the later is named

    def _stop(self, n: int) -> None:
        self.first.append(len(self.stops))
        self.stops.append((n, 0))

    def index(self, n: int, k: int = 0) -> int:
        return self.first[n] + k

    def turn_at(self, index: int) -> str:
        label = ""
        for at, text in self.turns:
            if at > index:
                break
            label = text
        return label


class TimelineBar(QWidget):
    """The bar itself: the marks, the stop shown, and a click or a drag to choose one."""

    chosen = Signal(int)  # a stop's index

    TRACK = 26  # the track's height under the labels at Normal size (times the text scale)

    def __init__(self, theatre: Theatre) -> None:
        super().__init__()
        self.theatre = theatre
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.setToolTip("")
        self.restyle()

    def restyle(self) -> None:
        """The bar as tall as its labels and its track at the player's text scale."""
        self.setMinimumHeight(self.sizeHint().height())
        self.updateGeometry()
        self.update()

    def label_font(self) -> QFont:
        """The turns' labels: a point smaller than the bar's words (at the text scale)."""
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF() - theme.scaled(1), theme.scaled(7)))
        return font

    def _top(self) -> int:
        """The track's top: under the turns' labels."""
        return QFontMetrics(self.label_font()).height() + 2

    def _track(self) -> float:
        return self.TRACK * theme.comfort.scale

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(400, self._top() + round(self._track()) + 4)

    def labels(self) -> list[tuple[float, str]]:
        """Where each turn's label starts, never crowding the one before: beside its line,
        or for the last Round near the end, ending inside the bar (at a large text scale it
        ran past the bar's edge, cut). Two Rounds begun in one answer share a stop: the
        later one is named."""
        marks = self.theatre.marks
        count = len(marks.stops)
        metrics = QFontMetrics(self.label_font())
        named = [t for i, t in enumerate(marks.turns)
                 if i + 1 == len(marks.turns) or marks.turns[i + 1][0] != t[0]]
        out: list[tuple[float, str]] = []
        last_end = -100.0
        for at, label in named:
            wide = metrics.horizontalAdvance(label)
            x = min(self._x(at, count) + 2, self.width() - 4 - wide)
            if x >= last_end + 4:
                out.append((x, label))
                last_end = x + wide
        return out

    def _x(self, index: int, count: int) -> float:
        left, right = 8.0, self.width() - 8.0
        return left if count <= 1 else left + (right - left) * index / (count - 1)

    def index_at(self, x: float, snap: bool = True) -> int:
        """The stop drawn nearest ``x``; a big moment's diamond within a few pixels wins
        (stops lie two or three pixels apart in a long game)."""
        marks = self.theatre.marks
        count = len(marks.stops)
        if count <= 1:
            return 0
        if snap:
            near = [(abs(self._x(at, count) - x), at) for at, _ in marks.big]
            if near and min(near)[0] <= 5:
                return min(near)[1]
        left, right = 8.0, self.width() - 8.0
        return max(0, min(count - 1, round((x - left) / (right - left) * (count - 1))))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        marks = self.theatre.marks
        count = len(marks.stops)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        top, high, k = self._top(), self._track(), theme.comfort.scale  # k: the text scale
        track = QRectF(4, top, self.width() - 8, high)
        p.fillRect(track, pal.base())
        p.setPen(QPen(pal.mid().color(), 1))
        p.drawRect(track)
        mid = top + high / 2
        ink = pal.text().color()
        # the turns: a line across the track and its label above, the labels never crowded
        p.setPen(QPen(pal.mid().color(), 1))
        for at, _label in marks.turns:
            x = self._x(at, count)
            p.drawLine(QPointF(x, top), QPointF(x, top + high))
        p.setFont(self.label_font())
        p.setPen(ink)
        for at_x, label in self.labels():
            p.drawText(QPointF(at_x, top - 2 - p.fontMetrics().descent()), label)
        # the decisions tall, the throws short
        thin = QColor(ink)
        thin.setAlpha(150 if count < 300 else 70)
        p.setPen(QPen(thin, 1))
        left, step = self._x(0, count), self._x(1, count) - self._x(0, count)
        p.drawLines([QLineF(left + i * step, mid - (3 if throw else 7) * k, left + i * step,
                            mid + (3 if throw else 7) * k) for i, (_n, throw) in enumerate(marks.stops)])
        # the big moments, in the palette's colour for bad news (red, or vermilion)
        p.setPen(QPen(theme.BIG_MOMENT.darker(170), 1))
        p.setBrush(theme.BIG_MOMENT)
        for at, _words in marks.big:
            x = self._x(at, count)
            y = top + high - 5 * k
            p.drawPolygon(QPolygonF([QPointF(x, y - 5 * k), QPointF(x + 4 * k, y),
                                     QPointF(x, y + 5 * k), QPointF(x - 4 * k, y)]))
        # where the game stands, and the stop shown
        end = self._x(count - 1, count)
        p.setPen(QPen(theme.TIMELINE_NOW, 3 * k))
        p.drawLine(QPointF(end, top + 1), QPointF(end, top + high - 1))
        shown = self.theatre.index
        if shown is not None:
            x = self._x(shown, count)
            p.setPen(QPen(theme.TIMELINE_SHOWN.darker(140), 1))
            p.setBrush(theme.TIMELINE_SHOWN)
            p.drawRoundedRect(QRectF(x - 3 * k, top - 2, 6 * k, high + 4), 2, 2)
        p.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if event.button() == Qt.MouseButton.LeftButton:
            self.chosen.emit(self.index_at(event.position().x()))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        dragging = bool(event.buttons() & Qt.MouseButton.LeftButton)
        index = self.index_at(event.position().x(), snap=not dragging)
        if dragging:
            self.chosen.emit(index)  # a drag scrubs every stop
        tip = self.theatre.describe(index, near=event.position().x())
        QToolTip.showText(event.globalPosition().toPoint(), tip, self)

    def keyPressEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        key, shift = event.key(), bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        t = self.theatre
        if key == Qt.Key.Key_Left:
            t.step_throw(-1) if shift else t.step_decision(-1)
        elif key == Qt.Key.Key_Right:
            t.step_throw(1) if shift else t.step_decision(1)
        elif key == Qt.Key.Key_Home:
            t.show_index(0)
        elif key == Qt.Key.Key_End:
            t.leave()
        else:
            super().keyPressEvent(event)


class TheatrePanel(QWidget):
    """The bar with its buttons and the line that says what is shown, under the map."""

    def __init__(self, theatre: Theatre) -> None:
        super().__init__()
        self.theatre = theatre
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 2, 4, 2)
        lay.setSpacing(2)
        self.bar = TimelineBar(theatre)
        lay.addWidget(self.bar)
        row = QHBoxLayout()
        row.setSpacing(4)
        lay.addLayout(row)

        def button(text: str, tip: str, slot: Any, icon: Any = None) -> QToolButton:
            b = QToolButton()
            b.setText(text)
            if icon is not None:  # the style's own: every font draws them
                b.setIcon(self.style().standardIcon(icon))
            b.setToolTip(tip)
            b.setAutoRaise(True)
            b.clicked.connect(slot)
            row.addWidget(b)
            self.buttons.append(b)
            return b

        self.buttons: list[QToolButton] = []
        sp = QStyle.StandardPixmap
        button("", "The start of the game", lambda: theatre.show_index(0), sp.SP_MediaSkipBackward)
        button("", "Back one decision (Alt+Left)", lambda: theatre.step_decision(-1),
               sp.SP_MediaSeekBackward)
        button("◁", "Back one throw (Alt+Shift+Left)", lambda: theatre.step_throw(-1))
        self.play = button("", "Play the game back from the moment shown at the Game menu's "
                           "pace (Alt+P); again to pause", theatre.toggle_play, sp.SP_MediaPlay)
        button("▷", "On one throw (Alt+Shift+Right)", lambda: theatre.step_throw(1))
        button("", "On one decision (Alt+Right)", lambda: theatre.step_decision(1),
               sp.SP_MediaSeekForward)
        self.line = ElidedLabel()  # cut short with "…" where the row is narrow (a large text scale)
        row.addWidget(self.line, 1)
        self.bar.chosen.connect(theatre.show_index)
        self._icon = self.buttons[0].iconSize()  # the style's, at Normal size

    def restyle(self) -> None:
        """The bar and its buttons' symbols at the player's text scale (the words take
        the window's fonts: GameWindow._rescale_window)."""
        self.bar.restyle()
        for b in self.buttons:
            b.setIconSize(self._icon * theme.comfort.scale)


class WatchingPanel(QWidget):
    """The Decision dock while a moment is watched: where, what was asked then, and the two
    ways on (back to the game, or a new game from here)."""

    def __init__(self, theatre: Theatre) -> None:
        super().__init__()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 8)
        head = QLabel("<b>Watching the game back</b> — nothing here changes the game")
        head.setWordWrap(True)
        lay.addWidget(head)
        self.where = QLabel()
        self.where.setWordWrap(True)
        self.asked = QLabel()
        self.asked.setWordWrap(True)
        lay.addWidget(self.where)
        lay.addWidget(self.asked)
        keys = QLabel("Alt+Left / Alt+Right: a decision back or on · Alt+Shift+Left / Right: a "
                      "throw · Alt+P: play · Esc: back to the game")
        keys.setWordWrap(True)
        keys.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        lay.addWidget(keys)
        row = QHBoxLayout()
        self.branch = QPushButton("Continue from here…")
        self.branch.setToolTip("Start a new game from this moment, with its own save: hot-seat, "
                               "against the computer, or from the other side's seat. Its dice "
                               "from here on are fresh (Ctrl+Shift+B)")
        self.branch.clicked.connect(theatre.continue_from_here)
        self.back = QPushButton("Back to the game")
        self.back.setToolTip("Stop watching: the game as it stands now, at its open decision (Esc)")
        self.back.clicked.connect(theatre.leave)
        self.back.setDefault(True)
        row.addWidget(self.branch)
        row.addWidget(self.back)
        row.addStretch(1)
        lay.addLayout(row)

    def show_text(self, where: str, asked: str) -> None:
        self.where.setText(where[0].upper() + where[1:] if where else "")
        self.asked.setText(asked)

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        lay = self.layout()
        return lay.totalHeightForWidth(width) if lay is not None else super().heightForWidth(width)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        return True


class Theatre:
    """The timeline of one game window: its marks, the stop shown and how to get there."""

    def __init__(self, window: GameWindow) -> None:
        self.window = window
        self.controller = window.controller
        self.timeline: Timeline | None = None
        self.marks = Marks()
        self.index: int | None = None  # the stop shown; None: the game as it stands
        self.show_all = False  # hot-seat: both players agreed to show every hidden piece
        self._viewer: str | None = None  # the seated viewer, kept while a moment is watched
        self.dock: WatchingPanel | None = None  # the Decision dock's body while watching
        self._leaving = False  # leave(): the controller's reset is the same game's
        self.panel = TheatrePanel(self)
        self._timer = QTimer(window)
        self._timer.timeout.connect(self._play_on)
        c = self.controller
        c.stateChanged.connect(self.update)
        c.reset.connect(self._on_reset)
        c.seatTaken.connect(lambda _side: self._forget_marks())
        self.update()

    # -- the marks, kept up with the game ------------------------------------------------------
    def _on_reset(self) -> None:
        """The controller's game was rebuilt: a moment shown (watching goes on), the game
        again (leave), or another game (an undo, a file opened, the other machine's replica):
        then watching is over and the marks are read again."""
        if self.controller.watching or self._leaving:
            return
        if self.index is not None:  # the game was replaced under the moment watched
            self._stop_play()
            self._drop_dock()
            self.index = None
        self._viewer = None
        self.timeline = None
        self._forget_marks()
        self.show_all = False

    def _forget_marks(self) -> None:
        self.marks = Marks()
        if self.timeline is not None:
            self.marks.read(self.timeline, self._view())

    def _view(self) -> View:
        c = self.controller
        return View(c.played, self._eyes())

    def _eyes(self) -> str:
        """Whose view the timeline shows (see the module docstring)."""
        c = self.controller
        if c.played.over or self.show_all:
            return ALL
        return self._viewer if self._viewer is not None else c.viewer

    def update(self) -> None:
        """The game grew (an answer) or a moment was shown: the marks and the line."""
        c = self.controller
        if not c.watching:
            game = c.game
            if self.timeline is None or not self.timeline.extend(game):
                try:
                    self.timeline = Timeline(game)
                except Exception:  # a game the timeline cannot read: no marks, never a crash
                    self.timeline = None
                self.marks = Marks()
            if self.timeline is not None:
                self.marks.read(self.timeline, self._view())
        self._say()
        self.panel.bar.update()

    def _say(self) -> None:
        p, c = self.panel, self.controller
        watching = c.watching and self.index is not None
        why = c.watch_why_not()
        p.bar.setEnabled(why is None or watching)
        total = len(c.played.decisions)
        if not watching:
            text = (why or f"{count(total, 'decision')} · Alt+Left watches back" if total
                    else "Each decision and throw is marked here")
            tip = why or ("Click the bar, or press Alt+Left, to watch the game as it stood at "
                          "any moment; the game itself waits, untouched")
            p.line.set_full(text)
            p.line.setToolTip(text if text == tip else f"{text}\n{tip}")  # whole, if cut short
            return
        moved = " · the other player has answered: Esc to catch up" if c.moved_on else ""
        p.line.set_full(f"Watching: {self.where(short=True)}{moved}")

    # -- showing a stop ---------------------------------------------------------------------
    def show_index(self, index: int) -> None:
        c = self.controller
        if self.timeline is None or not self.marks.stops:
            return
        why = c.watch_why_not()
        if why is not None:
            self.window.statusBar().showMessage(why, 6000)
            return
        index = max(0, min(index, len(self.marks.stops) - 1))
        n, k = self.marks.stops[index]
        if index == len(self.marks.stops) - 1:  # the last stop is the game as it stands
            self.leave()
            return
        if not c.watching:
            self._viewer = c.viewer
            self.window._close_prompts("")
        self.index = index
        c.viewer = self._eyes()
        c.watch(self.timeline.during(n, k))
        self._host_question()
        self._say()
        self.panel.bar.update()

    def where(self, short: bool = False) -> str:
        """The stop shown in words: "Turn 2, after decision 70 of 132, throw 2 of the next
        answer" (``short``, under the bar: "Turn 2, decision 70 of 132, throw 2")."""
        if self.index is None:
            return ""
        n, k = self.marks.stops[self.index]
        turn = long_turn(self.marks.turn_at(self.index))
        total = len(self.controller.played.decisions)
        after = "" if short else "after "
        at = f"{after}decision {n} of {total}" if n else f"the start (of {count(total, 'decision')})"
        throw = (f", throw {k}" if short else f", throw {k} of the next answer") if k else ""
        return f"{turn + ', ' if turn else ''}{at}{throw}"

    def _host_question(self) -> None:
        """The Decision dock says what is shown and what was asked then (never answerable),
        with the two ways on; the log comes to the front: it tells the story up to then."""
        c, win = self.controller, self.window
        d = c.game.pending()
        if d is not None:
            # the side named once: "(Insurgents): Insurgent: match…" addressed it twice
            asked = unaddressed(c.view.prompt(d), side_title(d.side))
            said = f"The question then ({win.side_plural(d.side)}): {asked}"
        else:
            said = "The game was over."
        eyes = "" if self._eyes() == ALL else " (as you saw it)"
        if self.dock is None:
            self.dock = WatchingPanel(self)
            win.decision_panel.host(self.dock)
        self.dock.show_text(f"{self.where()}{eyes}", said)
        win._fit_decision(self.dock)
        log = getattr(win, "log_dock", None)
        if log is not None:
            log.raise_()

    def step_decision(self, step: int) -> None:
        if self.timeline is None:
            return
        n = self.marks.stops[self.index][0] if self.index is not None else len(self.timeline) - 1
        k = self.marks.stops[self.index][1] if self.index is not None else 0
        target = n + step if (step < 0 or k == 0) else n + 1
        if step < 0 and k:
            target = n  # from a throw, back to the moment its answer started from
        if target >= len(self.timeline) - 1 and step > 0:
            self.leave()
            return
        self.show_index(self.marks.index(max(target, 0)))

    def step_throw(self, step: int) -> None:
        if self.timeline is None:
            return
        here = self.index if self.index is not None else len(self.marks.stops) - 1
        target = here + step
        if target >= len(self.marks.stops) - 1 and step > 0:
            self.leave()
            return
        self.show_index(max(target, 0))

    def toggle_play(self) -> None:
        if self._timer.isActive():
            self._stop_play()
            return
        if self.index is None:
            self.show_index(0)
            if self.index is None:
                return
        pace = self.controller.pace
        beat = PACE_TIMES[pace][1] if pace is not Pace.STEP else PACE_TIMES[Pace.NORMAL][1]
        self._timer.start(max(beat, PLAY_LEAST_MS))
        self._play_icon(QStyle.StandardPixmap.SP_MediaPause)

    def _stop_play(self) -> None:
        self._timer.stop()
        self._play_icon(QStyle.StandardPixmap.SP_MediaPlay)

    def _play_icon(self, icon: QStyle.StandardPixmap) -> None:
        self.panel.play.setIcon(self.panel.style().standardIcon(icon))

    @property
    def playing(self) -> bool:
        return self._timer.isActive()

    def _play_on(self) -> None:
        if self.index is None or self.index >= len(self.marks.stops) - 2:
            self._stop_play()
            return
        self.show_index(self.index + 1)

    def leave(self) -> None:
        """Back to the game as it stands."""
        self._stop_play()
        c = self.controller
        if not c.watching:
            return
        self._drop_dock()
        if self._viewer is not None:
            c.viewer, self._viewer = self._viewer, None
        self._leaving = True
        try:
            c.stop_watching()  # its reset keeps these marks: the same game, not another
        finally:
            self._leaving = False
        self.index = None
        self.update()

    def _drop_dock(self) -> None:
        if self.dock is not None:
            self.window.decision_panel.clear()
            self.dock.deleteLater()
            self.dock = None

    # -- hot-seat: both agree to show all ---------------------------------------------------
    def agree_to_show_all(self) -> None:
        c = self.controller
        if c.played.over:
            self.window.statusBar().showMessage("The game is over: the timeline shows everything.", 5000)
            return
        if not c.hot_seat:
            self.window.statusBar().showMessage(
                "The timeline shows what you saw; it shows everything once the game is over.", 6000)
            return
        answer = QMessageBox.question(
            self.window, "Show both sides' secrets?",
            "The timeline shows each player what his own side saw. Show everything, hidden "
            "pieces of both sides included, to whoever watches?\n\nOnly if both players agree: "
            "it tells each of you where the other's hidden pieces were.")
        if answer == QMessageBox.StandardButton.Yes:
            self.show_all = True
            self._forget_marks()
            if self.index is not None:
                self.show_index(self.index)

    def describe(self, index: int, near: float | None = None) -> str:
        """The bar's tip at a stop: where it is, the big moment at it, or the throw."""
        if self.timeline is None or not self.marks.stops:
            return ""
        n, k = self.marks.stops[index]
        turn = long_turn(self.marks.turn_at(index))
        lines = [f"{turn}: " if turn else ""]
        if k:
            roll = self.timeline.log[self.marks.rolls[n][k - 1]]
            told = self._view().tell(roll)
            faces = " ".join(str(f) for f in shown_faces(roll)) if told is not None else "…"
            what = told.text.split(":")[0] if told is not None else "a throw"
            lines[0] += f"throw {k} of decision {n + 1}: {what} ({faces})"
        else:
            lines[0] += f"after decision {n}" if n else "the start"
        for at, words in self.marks.big:
            if at == index:
                lines.append(f"◆ {words}")
        return "\n".join(lines)

    # -- continue from here ---------------------------------------------------------------------
    def continue_from_here(self) -> None:
        c = self.controller
        if self.index is None or self.timeline is None:
            self.window.statusBar().showMessage("Watch the moment to continue from first "
                                                "(click it on the timeline)", 6000)
            return
        if self.window.branch_refused:
            QMessageBox.information(self.window, "Continue from here", self.window.branch_refused)
            return
        # the moment on screen when asked is the one named and branched: playback running on
        # behind the dialog branched from a later moment than the player chose
        self._stop_play()
        n, k = self.marks.stops[self.index]
        dlg = ContinueDialog(c.played, n, self.window, c.seats, c.levels, throws=bool(k))
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return
        self.window.branch_from(n, dlg.seats(), dlg.level())


class ContinueDialog(QDialog):
    """Who plays the new game from a moment, and the word that its dice are fresh."""

    def __init__(self, game: Any, n: int, parent: QWidget | None = None,
                 seats: dict[str, Any] | None = None, levels: dict[str, str] | None = None,
                 throws: bool = False) -> None:
        """``seats`` and ``levels``: how the game watched was played; the new one starts the
        same way (a game against the computer goes on against it, from the same seat).
        ``throws``: the moment shown is a throw of answer ``n + 1``; the new game starts
        before that answer, which is asked again."""
        from ambush_gui.gui.shared.controller import Seat
        from ambush_gui.gui.shared.game_window import saved_level

        super().__init__(parent)
        self.setWindowTitle("Continue from here")
        lay = QVBoxLayout(self)
        title = getattr(getattr(game, "spec", None), "title", "") or "this game"
        again = (f" (the throws shown belong to decision {n + 1}: it is asked again and thrown "
                 "afresh)") if throws else ""
        intro = QLabel(f"A new game of {title} from the moment after decision {n}{again}: "
                       "everything up to then as it was played, with its own save. <b>Its dice "
                       "from there on are fresh</b>: not the ones this game threw next. This "
                       "game is kept as it is.")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        self.choices: dict[str, QRadioButton] = {}
        sides = {"alley": ("regular", "insurgent")}.get(game.system, ())
        names = {str(getattr(k, "value", k)): v.name
                 for k, v in (getattr(getattr(game, "spec", None), "sides", None) or {}).items()}
        if sides:
            self.choices["hotseat"] = QRadioButton("Two players at this screen (hot-seat)")
            for side in sides:
                self.choices[side] = QRadioButton(
                    f"You play the {names.get(side, side)} against the computer")
        else:
            self.choices["us"] = QRadioButton("You lead the squad; the paragraphs play the Germans")
        humans = [side for side, seat in (seats or {}).items() if seat is Seat.HUMAN]
        computers = [side for side, seat in (seats or {}).items() if seat is Seat.COMPUTER]
        mine = humans[0] if len(humans) == 1 and humans[0] in self.choices else None
        (self.choices[mine] if mine else next(iter(self.choices.values()))).setChecked(True)
        for b in self.choices.values():
            lay.addWidget(b)
        self.level_box = QComboBox()
        for level in ("easy", "normal", "hard"):
            self.level_box.addItem(level.capitalize(), level)
        level = (levels or {}).get(computers[0], "") if computers else ""
        self.level_box.setCurrentIndex(max(self.level_box.findData(level or saved_level()), 0))
        self.level_box.setToolTip("How well the computer plays the other side")
        if sides:
            row = QHBoxLayout()
            row.addWidget(QLabel("Computer level:"))
            row.addWidget(self.level_box)
            row.addStretch(1)
            lay.addLayout(row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("Start the new game")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.setMinimumWidth(460)

    def mode(self) -> str:
        return next(m for m, b in self.choices.items() if b.isChecked())

    def seats(self) -> dict[str, Any]:
        from ambush_gui.gui.shared.game_window import seats_for

        mode = self.mode()
        return seats_for("hotseat" if mode == "us" else mode, "ambush" if mode == "us" else "alley")

    def level(self) -> str:
        return str(self.level_box.currentData())


def watch_button(dialog: Any) -> QPushButton:
    """The end screens' "Watch it back": emits the dialog's ``watch`` and closes it."""
    button = QPushButton("Watch it back")
    button.setAutoDefault(False)
    button.setMinimumHeight(32)
    button.setToolTip("Close this and watch the game again from its start on the timeline "
                      "under the map (Alt+P plays it, Alt+Left / Alt+Right step it)")
    button.clicked.connect(lambda: (dialog.watch.emit(), dialog.accept()))
    return button


def fresh_seed() -> int:
    """A new game's dice seed, nobody's to know."""
    return int.from_bytes(os.urandom(4), "big")
