"""The Ambush! docks around the hex map: the AR Track, soldier cards, the squad list and the
mission panel. (The German paragraph reader is :mod:`ambush_gui.gui.paragraph_reader`.)

Like :mod:`ambush_gui.gui.panels` for Ambush Alley, they only show what the engine says:
the spaces come from :mod:`ambush_gui.ambush.ar_track` (``ORDER``), the soldier who acts
next from :func:`ambush_gui.ambush.rounds.next_space` and :func:`ar_track.can_act`, the
initiative dice from the latest ``initiative`` event. Nothing here computes a rule.

- :class:`ARTrackWidget`: the AR Track as it lies on the table during a Round, its four
  acting spaces as a 2x2 grid (Advantage half on the left, Disadvantage half on the right;
  reading order is acting order, AR-043), then Panic, Complete and Inactive, each soldier's
  marker in its space, the soldier taking his turn (or next to act) ringed, and the last
  initiative dice.
- :class:`SoldierCard`: one soldier's card: ratings, weapons, ammunition and every status.
- :class:`SquadList`: the US squad in one compact list to pick a soldier from.
- :class:`MissionPanel`: the Ambush! counterpart of :class:`~ambush_gui.gui.panels.TurnPanel`.
"""

from __future__ import annotations

from collections import Counter as Tally
from typing import Any

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics, QMouseEvent, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
    QWidgetItem,
)

from ambush_gui.ambush import ar_track
from ambush_gui.ambush.charts import ARSpace, Side
from ambush_gui.ambush.model import Mode, Soldier
from ambush_gui.ambush.rounds import next_space
from ambush_gui.core.decisions import Decision
from ambush_gui.core.events import Event
from ambush_gui.gui import theme
from ambush_gui.gui.dialogs.base import Chip, clear_layout, side_colour, side_title
from ambush_gui.gui.dialogs.dice import DieFace
from ambush_gui.gui.panels import _label
from ambush_gui.gui.paragraph_reader import ParagraphReader

__all__ = ["ARTrackWidget", "MarkerChip", "MissionPanel", "ParagraphReader", "SoldierCard",
           "SquadList", "latest_initiative", "short_name", "soldier_state", "turn_in_progress"]

SPACE_NAMES: dict[ARSpace, str] = {
    ARSpace.TWO_TURN_ADVANTAGE: "2-Turn Advantage",
    ARSpace.TWO_TURN_DISADVANTAGE: "2-Turn Disadvantage",
    ARSpace.ONE_TURN_ADVANTAGE: "1-Turn Advantage",
    ARSpace.ONE_TURN_DISADVANTAGE: "1-Turn Disadvantage",
    ARSpace.PANIC: "Panic",
    ARSpace.COMPLETE: "Complete",
    ARSpace.INACTIVE: "Inactive",
}

SPACE_TIPS: dict[ARSpace, str] = {
    ARSpace.TWO_TURN_ADVANTAGE: "Two turns this Round; these act first",
    ARSpace.TWO_TURN_DISADVANTAGE: "Two turns this Round; they take their first turn second",
    ARSpace.ONE_TURN_ADVANTAGE: "One turn left this Round; they act third",
    ARSpace.ONE_TURN_DISADVANTAGE: "One turn left this Round; they act last",
    ARSpace.PANIC: "Panicked: no turn this Round; at the end of the Round he falls prone "
                   "and the panic is over",
    ARSpace.COMPLETE: "No turn left this Round (or none was given)",
    ARSpace.INACTIVE: "Out of the fight: incapacitated, killed or captured",
}

RATINGS: tuple[tuple[str, str, str], ...] = (
    ("ar", "AR", "Action Rating: his column on the AR Track; the initiative die read there "
                 "gives him two turns, one, none or panic"),
    ("mpa", "MPA", "Movement Point Allowance: the Movement Points he may spend moving in one "
                   "action or one Operations turn"),
    ("ws", "WS", "Weapon Skill: added to his chance to hit, and the column he clears a jammed "
                 "weapon on"),
    ("per", "PER", "Perception: he passes a Perception Check by rolling this or less "
                   "(becoming aware, spotting a hidden enemy)"),
    ("ldr", "LDR", "Leadership: how far his command reaches and how many turns he can give"),
)


# -- small shared pieces -----------------------------------------------------------------


def short_name(s: Soldier) -> str:
    """What his counter and AR marker say: a German's letter, a US soldier's surname."""
    if s.side is Side.GERMAN and s.letter:
        return s.letter
    return s.name.split()[-1]


def soldier_state(s: Soldier) -> str:
    """One word for where he stands: active, wounded, panicked, or why he is out."""
    if not s.active:
        return s.status.value
    if s.left_map:
        return "gone" if s.side is Side.US else "evaded"
    parts = [w for w, on in (("wounded", s.wounded), ("panicked", s.panicked)) if on]
    return " and ".join(parts) if parts else "active"


def latest_initiative(events: list[Event]) -> Event | None:
    """The last ``initiative`` event in the log (AR-032), or None."""
    return next((e for e in reversed(events) if e.kind == "initiative"), None)


def initiative_reason(event: Event) -> str:
    """Why the side won the Advantage (the event's ``why``: the higher die, a tie, or the
    paragraph that fixed it)."""
    return str(event.data.get("why", ""))


def turn_in_progress(game: Any) -> Soldier | None:
    """The soldier whose turn the log says has begun and not yet ended: the latest ``turn``
    event of this Round, while his marker still sits in the space he took it from (the
    marker drops when the turn is over, AR-044)."""
    st = game.state
    e = next((e for e in reversed(game.log.events) if e.kind == "turn"), None)
    if e is None or e.data.get("round") != st.round:
        return None
    s = st.soldiers.get(str(e.data.get("soldier")))
    if s is None or s.marker.value != e.data.get("space") or not ar_track.can_act(s):
        return None
    return s


def _tip_for(game: Any, s: Soldier) -> str:
    where = s.hex.label if s.hex is not None else "off the map"
    lines = [f"{s.label} — {side_title(s.side.value)}", f"Hex {where}, {s.stance.value}",
             f"AR marker: {SPACE_NAMES[s.marker]}", f"Turns left this Round: {s.turns}"]
    state = soldier_state(s)
    if state != "active":
        lines.append(state.capitalize())
    if s.side is Side.US and not s.aware:
        lines.append("Unaware: he cannot act until he becomes aware")
    return "\n".join(lines)


# -- a marker on the track -------------------------------------------------------------------


class MarkerChip(QWidget):
    """One soldier's AR marker: the side's colour and the side's counter shape (US: a rounded
    tab with his surname; German: a disc with his letter). Ringed when he acts next; dashed
    while unaware; marked when wounded, panicked or out."""

    clicked = Signal(str)

    def __init__(self, soldier: Soldier, tip: str, next_up: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.soldier_id = soldier.id
        self.side = soldier.side.value
        self.text = short_name(soldier)
        self.next_up = next_up
        self.wounded = soldier.wounded
        self.panicked = soldier.panicked
        self.unaware = soldier.side is Side.US and not soldier.aware
        self.out = not soldier.active
        self.setToolTip(tip + ("\nHis turn now, or he acts next" if next_up else "")
                        + "\nClick to see his card")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setObjectName(f"marker-{soldier.id}")
        self._font = theme.label_font(theme.AR_MARKER_PT, True)
        fm = QFontMetrics(self._font)
        h = theme.AR_MARKER_HEIGHT
        w = h if self.side == "german" else max(h, fm.horizontalAdvance(self.text) + 14)
        self.setFixedSize(w + 5, h + 5)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt name
        return self.size()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt name
        if event.button() is Qt.MouseButton.LeftButton and self.rect().contains(event.position().toPoint()):
            self.clicked.emit(self.soldier_id)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(2.5, 2.5, self.width() - 5, self.height() - 5)
        colour = QColor(theme.SIDE_COLOURS.get(self.side, theme.NEUTRAL))
        if self.out or self.unaware:
            colour.setAlpha(110)
        if self.next_up:
            p.setPen(QPen(theme.SELECTION, 3))
            p.setBrush(Qt.BrushStyle.NoBrush)
            self._shape(p, r.adjusted(-1.5, -1.5, 1.5, 1.5))
        pen = QPen(theme.FIGURE_OUTLINE, 1.2)
        if self.unaware:
            pen.setStyle(Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.setBrush(colour)
        self._shape(p, r)
        p.setFont(self._font)
        p.setPen(QColor("white"))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, self.text)
        if self.out:
            p.setPen(QPen(theme.AR_OUT_CROSS, 2))
            p.drawLine(r.topLeft(), r.bottomRight())
        if self.wounded or self.panicked:
            dot = QRectF(r.right() - 8, r.top() - 2, 9, 9)
            p.setPen(QPen(QColor("white"), 1))
            p.setBrush(theme.AR_PANIC if self.panicked else theme.AR_WOUND)
            p.drawEllipse(dot)
        p.end()

    def _shape(self, p: QPainter, r: QRectF) -> None:
        if self.side == "german":
            p.drawEllipse(r)
        else:
            p.drawRoundedRect(r, 4, 4)


class FlowLayout(QLayout):
    """Lays its widgets left to right and wraps to a new line when the width runs out (the
    markers of one AR Track space)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 2) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._gap = spacing
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 - Qt name
        self._items.append(item)

    def addWidget(self, w: QWidget) -> None:  # noqa: N802 - Qt name
        self.addChildWidget(w)
        self.addItem(QWidgetItem(w))

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt name
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt name
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 - Qt name
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt name
        return False  # FlowHolder.fit sets the height; Qt asking at every layout pass is slow

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt name
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt name
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt name
        return self.minimumSize()

    def minimumSize(self) -> QSize:  # noqa: N802 - Qt name
        size = QSize(0, 0)
        for item in self._items:
            size = size.expandedTo(self._hint(item))
        return size

    @staticmethod
    def _hint(item: QLayoutItem) -> QSize:
        # a widget just added to a shown parent stays hidden until the event loop shows it,
        # and a hidden widget's layout item claims no size: ask the widget itself
        w = item.widget()
        return w.sizeHint() if w is not None else item.sizeHint()

    def _arrange(self, rect: QRect, move: bool) -> int:
        x, y, line = rect.x(), rect.y(), 0
        for item in self._items:
            hint = self._hint(item)
            if x + hint.width() > rect.right() + 1 and line > 0:
                x, y, line = rect.x(), y + line + self._gap, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self._gap
            line = max(line, hint.height())
        return y + line - rect.y()


class FlowHolder(QWidget):
    """Holds a :class:`FlowLayout` and keeps its minimum height to what the wrapped lines
    need at its present width (nested layouts do not pass height-for-width on reliably)."""

    def __init__(self, flow: FlowLayout, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.flow = flow
        self.setLayout(flow)

    def fit(self) -> None:
        need = self.flow.heightForWidth(max(self.width(), 40))
        if need != self.minimumHeight():
            self.setMinimumHeight(need)
        self.flow.invalidate()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt name
        super().resizeEvent(event)
        self.fit()


class SpaceBox(QFrame):
    """One space of the AR Track: its name and its markers. Ringed when it acts next."""

    def __init__(self, space: ARSpace, step: int | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.space = space
        self.setObjectName("arspace")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 2, 4, 3)
        lay.setSpacing(1)
        # the column headers name the halves, so an acting space's caption needs only its
        # place in the order and its turns ("3. 1-Turn"); the tooltip gives the full name
        name = SPACE_NAMES[space]
        caption = f"{step}. {name.split()[0]}" if step is not None else name
        self.caption = _label(caption, bold=True, size=8, wrap=False)
        tip = f"{name}: {SPACE_TIPS[space]}"
        self.caption.setToolTip(tip)
        self.setToolTip(tip)
        lay.addWidget(self.caption)
        self.flow = FlowLayout(spacing=1)
        self.holder = FlowHolder(self.flow)
        lay.addWidget(self.holder)
        lay.addStretch(1)  # caption and markers at the top of a box taller than they need
        self.markers: list[MarkerChip] = []
        self.set_highlight(False, None)

    def set_markers(self, chips: list[MarkerChip]) -> None:
        clear_layout(self.flow)
        self.markers = chips
        for chip in chips:
            self.flow.addWidget(chip)
        self.holder.fit()

    def set_highlight(self, on: bool, tint: QColor | None) -> None:
        self.highlighted = on
        bg = tint.name() if tint is not None else "white"
        edge = f"2px solid {theme.SELECTION.darker(130).name()}" if on \
            else f"1px solid {theme.PANEL_EDGE.name()}"
        sheet = f"#arspace {{ background: {bg}; border: {edge}; border-radius: 5px; }}"
        if sheet != self.styleSheet():  # restyling re-polishes the whole box: only on a change
            self.setStyleSheet(sheet)


# -- the AR Track -------------------------------------------------------------------------------


class ARTrackWidget(QWidget):
    """The AR Track during a Round (AR-032..053): who holds the Advantage, the initiative dice,
    each marker in its space, and who acts: the soldier whose turn is under way
    (:func:`turn_in_progress`), else those who may act in the next space
    (:func:`~ambush_gui.ambush.rounds.next_space`; the US player picks among them, AR-048; the
    first German by letter acts, AR-049). The space is ringed and so are their markers.
    Outside Rounds it says so in one line. Click a marker to pick that soldier
    (``soldierClicked``)."""

    soldierClicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.setSpacing(4)
        top = QHBoxLayout()
        top.setSpacing(6)
        self.title = _label("", bold=True, size=11, wrap=False)
        top.addWidget(self.title)
        top.addStretch(1)
        self.dice_box = QWidget()
        dice = QHBoxLayout(self.dice_box)
        dice.setContentsMargins(0, 0, 0, 0)
        dice.setSpacing(3)
        self.us_die = DieFace(None, sides=10, side="us", size=theme.AR_DIE_SIZE)
        self.german_die = DieFace(None, sides=10, side="german", size=theme.AR_DIE_SIZE)
        self.us_die_label = _label("US", size=8, wrap=False)
        self.german_die_label = _label("Ger", size=8, wrap=False)
        for w in (self.us_die_label, self.us_die, self.german_die_label, self.german_die):
            dice.addWidget(w)
        top.addWidget(self.dice_box)
        lay.addLayout(top)
        self.reason = _label("", size=8)
        self.reason.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        lay.addWidget(self.reason)
        self.track = QWidget()
        grid = QGridLayout(self.track)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(3)
        self.half_labels = [QLabel(), QLabel()]
        for col, lab in enumerate(self.half_labels):
            lab.setFont(theme.label_font(9, True))
            lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
            lab.setMargin(2)
            grid.addWidget(lab, 0, col)
        self.spaces: dict[ARSpace, SpaceBox] = {}
        for step, space in enumerate(ar_track.ORDER, start=1):
            box = SpaceBox(space, step)
            self.spaces[space] = box
            advantage = space in (ARSpace.TWO_TURN_ADVANTAGE, ARSpace.ONE_TURN_ADVANTAGE)
            two = space in (ARSpace.TWO_TURN_ADVANTAGE, ARSpace.TWO_TURN_DISADVANTAGE)
            grid.addWidget(box, 1 if two else 2, 0 if advantage else 1)
        rest = QHBoxLayout()
        rest.setSpacing(3)
        for space in ARSpace:
            if space not in self.spaces:
                box = SpaceBox(space, None)
                self.spaces[space] = box
                rest.addWidget(box, 1)
        grid.addLayout(rest, 3, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        lay.addWidget(self.track)
        self.idle = _label("", size=9)
        self.idle.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        lay.addWidget(self.idle)
        lay.addStretch(1)
        self.placement: dict[str, ARSpace] = {}  # soldier id -> the space his marker is shown in
        self.next_actors: list[str] = []
        self.next_space: ARSpace | None = None
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

    def marker(self, soldier_id: str) -> MarkerChip | None:
        """The marker widget of a soldier, if he is on the track."""
        for box in self.spaces.values():
            for chip in box.markers:
                if chip.soldier_id == soldier_id:
                    return chip
        return None

    def show_state(self, game: Any) -> None:
        st = game.state
        rounds = st.mode is Mode.ROUNDS
        self.track.setVisible(rounds)
        self.dice_box.setVisible(rounds)
        self.reason.setVisible(rounds)
        self.idle.setVisible(not rounds)
        self.placement, self.next_actors = {}, []
        self.next_space = next_space(game) if rounds else None
        if not rounds:
            self.title.setText("AR Track")
            last = f" The last firefight lasted {st.round} Round(s)." if st.round else ""
            self.idle.setText(f"Operations, turn {game.turn}: no Action Rounds are being fought."
                              f"{last}")
            for box in self.spaces.values():
                box.set_markers([])
            return
        self.title.setText(f"Round {st.round}")
        adv = st.advantage.value if st.advantage is not None else None
        dis = None if adv is None else ("german" if adv == "us" else "us")
        for lab, side, half in ((self.half_labels[0], adv, "Advantage"),
                                (self.half_labels[1], dis, "Disadvantage")):
            who = side_title(side) if side else "—"
            lab.setText(f"{half}: {who}")
            colour = side_colour(side) if side else theme.NEUTRAL
            sheet = f"background: {colour.name()}; color: white; border-radius: 4px;"
            if sheet != lab.styleSheet():
                lab.setStyleSheet(sheet)
            lab.setToolTip(f"The {half} half of the track: {who} markers are placed here "
                           "this Round")
        self._show_dice(game.log.events)
        acting = turn_in_progress(game)
        if acting is not None:
            self.next_actors = [acting.id]
        else:
            ready = [s for s in st.soldiers.values()
                     if s.marker is self.next_space and ar_track.can_act(s)]
            if ready and ready[0].side is Side.GERMAN:
                # the Germans act one by one in the order of their letters, as the state lists them
                ready = [s for s in st.side(Side.GERMAN) if s in ready][:1]
            self.next_actors = [s.id for s in ready]
        by_space: dict[ARSpace, list[MarkerChip]] = {space: [] for space in self.spaces}
        for s in self._on_track(game):
            chip = MarkerChip(s, _tip_for(game, s), s.id in self.next_actors)
            chip.clicked.connect(self.soldierClicked)
            by_space[s.marker].append(chip)
            self.placement[s.id] = s.marker
        for space, box in self.spaces.items():
            box.set_markers(by_space[space])
            half_adv = space in (ARSpace.TWO_TURN_ADVANTAGE, ARSpace.ONE_TURN_ADVANTAGE)
            half_dis = space in (ARSpace.TWO_TURN_DISADVANTAGE, ARSpace.ONE_TURN_DISADVANTAGE)
            side = adv if half_adv else dis if half_dis else None
            tint = theme.SIDE_TINTS.get(side) if side else None
            box.set_highlight(space is self.next_space, tint)
        self.updateGeometry()

    @staticmethod
    def _on_track(game: Any) -> list[Soldier]:
        """Soldiers with a marker in play: the US squad still in the mission and the Germans
        activated (the US first, then the Germans by letter)."""
        st = game.state
        out = []
        for side in (Side.US, Side.GERMAN):
            for s in st.side(side, active=False):
                if s.left_map or (side is Side.GERMAN and s.hex is None and s.active):
                    continue
                out.append(s)
        return out

    def _show_dice(self, events: list[Event]) -> None:
        e = latest_initiative(events)
        if e is None:
            self.dice_box.setVisible(False)
            self.reason.setText("")
            return
        us, de = e.data.get("us"), e.data.get("german")
        for die, value in ((self.us_die, us), (self.german_die, de)):
            die.value = value
            die.setToolTip("no die: the paragraph gave this side two turns" if value is None
                           else f"Initiative die: {value}")
            die.update()
        who = side_title(e.data.get("advantage"))
        self.reason.setText(f"{who} Advantage: {initiative_reason(e)}")
        self.reason.setToolTip(e.text)


# -- a soldier's card ----------------------------------------------------------------------------


class SoldierCard(QWidget):
    """A soldier's card (AR-007, FC-039): name, side, the five ratings, his weapons and their
    state, Ammo Boxes and Port Boxes, stance, status, awareness, hex and AR marker."""

    HINT = "Click a counter on the map or a soldier on the AR Track to see his card."

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 8, 8, 8)
        lay.setSpacing(4)
        self.title = _label("No soldier selected", bold=True, size=12)
        self.subtitle = _label("", size=9)
        self.subtitle.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        lay.addWidget(self.title)
        lay.addWidget(self.subtitle)
        self.chips = QHBoxLayout()
        self.chips.setSpacing(4)
        self.chips_box = QWidget()
        self.chips_box.setLayout(self.chips)
        self.chips.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.chips_box)
        self.ratings_box = QWidget()
        ratings = QHBoxLayout(self.ratings_box)
        ratings.setContentsMargins(0, 2, 0, 2)
        ratings.setSpacing(4)
        self.ratings: dict[str, QLabel] = {}
        for key, name, tip in RATINGS:
            cell = QLabel()
            cell.setTextFormat(Qt.TextFormat.RichText)
            cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
            cell.setToolTip(f"{name} — {tip}")
            cell.setStyleSheet(f"QLabel {{ background: white; border: 1px solid "
                               f"{theme.PANEL_EDGE.name()}; border-radius: 4px; padding: 2px; }}")
            cell.setObjectName(f"rating-{key}")
            self.ratings[key] = cell
            ratings.addWidget(cell, 1)
        lay.addWidget(self.ratings_box)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        lay.addWidget(line)
        self.body = _label(self.HINT, size=9.5)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.body)
        lay.addStretch(1)
        self.soldier_id: str | None = None
        self.ratings_box.hide()
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

    def show_soldier(self, game: Any, soldier_id: str | None) -> None:
        s = game.state.soldiers.get(soldier_id) if soldier_id else None
        self.soldier_id = s.id if s is not None else None
        clear_layout(self.chips)
        if s is None:
            self.title.setText("No soldier selected")
            self.subtitle.setText("")
            self.body.setText(self.HINT)
            self.ratings_box.hide()
            return
        side = s.side.value
        self.title.setText(s.name)
        self.title.setStyleSheet(f"color: {side_colour(side).name()};")
        sub = side_title(side)
        if s.side is Side.GERMAN:
            sub += f" — counter {s.letter}, card {s.number}"
        self.subtitle.setText(sub)
        for text, colour, tip in self._chips(s):
            self.chips.addWidget(Chip(text, colour, tip))
        self.chips.addStretch(1)
        self.ratings_box.show()
        for key, name, _ in RATINGS:
            self.ratings[key].setText(f"<span style='font-size:7.5pt'>{name}</span><br>"
                                      f"<b style='font-size:11pt'>{getattr(s, key)}</b>")
        self.body.setText(self._body(game, s))

    @staticmethod
    def _chips(s: Soldier) -> list[tuple[str, QColor, str]]:
        out: list[tuple[str, QColor, str]] = []
        state = soldier_state(s)
        if not s.active:
            out.append((state.capitalize(), theme.MALUS, "Out of the fight"))
        elif s.left_map:
            out.append(("Off the map", theme.NEUTRAL, "He has left the map"))
        else:
            if s.wounded:
                out.append(("Wounded", theme.AR_WOUND, "Wounded: one turn at most a Round"))
            if s.panicked:
                out.append(("Panicked", theme.AR_PANIC, "Panicked: no turn until the Round ends"))
            if not s.wounded and not s.panicked:
                out.append(("Active", theme.BONUS, "Active and fit"))
        if s.side is Side.US:
            out.append(("Aware", theme.BONUS, "Aware: he may act in Rounds") if s.aware
                       else ("Unaware", theme.MUTED_TEXT, "Unaware: he cannot act until he is aware"))
        return out

    @staticmethod
    def _body(game: Any, s: Soldier) -> str:
        charts = game.charts
        where = f"hex <b>{s.hex.label}</b>" if s.hex is not None else "off the map"
        rows = [f"{where}, <b>{s.stance.value}</b>"]
        if s.aboard:
            rows.append(f"aboard {s.aboard}")
        marker = SPACE_NAMES[s.marker]
        rows.append(f"AR marker: <b>{marker}</b>, {s.turns} turn(s) left")
        if s.guarding:
            rows.append(f"guarding {s.guarding}")
        weapons = []
        for w in s.weapons:
            name = _weapon_name(charts, w.weapon)
            flags = [f for f, on in (("<span style='color:#c0392b'>broken</span>", w.broken),
                                     ("<span style='color:#c0392b'>jammed</span>", w.jammed),
                                     ("prepared", w.prepared),
                                     ("<span style='color:#c0392b'>out of ammo</span>",
                                      w.out_of_ammo)) if on]
            if s.side is Side.US:
                flags.append(_ammo_left(charts, s, w.weapon))
            weapons.append(f"{name}" + (f" — {', '.join(flags)}" if flags else ""))
        for w in game.state.crew_weapons.values():
            if s.id in w.carriers:
                weapons.append(f"{_weapon_name(charts, w.weapon)} (crew) — carries "
                               f"{w.carriers[s.id]} Port Box(es)"
                               + (", set up" if w.prepared else ""))
        html = "<br>".join(rows)
        html += "<p style='margin-top:4px'><b>Weapons</b><br>" + ("<br>".join(weapons) or "none") + "</p>"
        if s.side is Side.US:
            boxes = Tally(s.ammo)
            ammo = ", ".join(f"{n}× {_weapon_name(charts, k)}" for k, n in boxes.items()) or "empty"
            extra = [f"Ammo Boxes ({len(s.ammo)} of 6): {ammo}", f"Port Boxes: {s.port_boxes}"]
            if s.satchel_ready:
                extra.append("<b>Satchel charge ready to throw</b>")
            html += "<p style='margin-top:4px'>" + "<br>".join(extra) + "</p>"
        return html


def _ammo_left(charts: Any, s: Soldier, key: str) -> str:
    """His Ammo Boxes for this weapon, named as the Weapon Chart counts them: clips for a
    weapon that spends clips (FC-021), rounds for one whose rounds are crossed off (FC-040)."""
    n = s.clips(key)
    try:
        rounds = charts.weapon(key).out_of_ammo is None
    except (KeyError, ValueError):
        rounds = False
    unit = "round" if rounds else "clip"
    return f"{n} {unit}{'' if n == 1 else 's'} in Ammo Boxes"


def _weapon_name(charts: Any, key: str) -> str:
    try:
        return str(charts.weapon(key).name)
    except (KeyError, ValueError):
        return key


# -- the squad list --------------------------------------------------------------------------------


class SquadList(QWidget):
    """The US squad, one line each (name, hex, stance, a status badge): click to pick."""

    soldierClicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.list = QListWidget()
        self.list.setFont(theme.label_font(9.5))
        self.list.setUniformItemSizes(True)
        self.list.itemClicked.connect(self._pick)
        self.list.itemActivated.connect(self._pick)
        lay.addWidget(self.list)

    def _pick(self, item: QListWidgetItem) -> None:
        self.soldierClicked.emit(str(item.data(Qt.ItemDataRole.UserRole)))

    def show_state(self, game: Any, selected: str | None = None) -> None:
        """Refresh every line. The items are updated in place while the squad is the same,
        so a refresh made in answer to a click never deletes the item being clicked."""
        squad = game.state.side(Side.US, active=False)
        ids = [self.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.list.count())]
        blocked = self.list.blockSignals(True)
        try:
            if ids != [s.id for s in squad]:
                self.list.clear()
                for s in squad:
                    item = QListWidgetItem()
                    item.setData(Qt.ItemDataRole.UserRole, s.id)
                    self.list.addItem(item)
            for row, s in enumerate(squad):
                item = self.list.item(row)
                where = s.hex.label if s.hex is not None else ("gone" if s.left_map else "off map")
                state = soldier_state(s)
                badge = {"active": "●", "wounded": "✚", "panicked": "!"}.get(state, "✕")
                notes = [] if state == "active" else [state]
                if s.active and not s.aware:
                    notes.append("unaware")
                tail = f" · {', '.join(notes)}" if notes else ""
                item.setText(f"{badge} {s.name}  {where} · {s.stance.value}{tail}")
                item.setToolTip(_tip_for(game, s))
                colour = {"active": theme.DIALOG_TEXT, "wounded": theme.AR_WOUND,
                          "panicked": theme.AR_PANIC}.get(state, theme.MUTED_TEXT)
                if state == "active" and not s.aware:
                    colour = theme.MUTED_TEXT
                item.setForeground(colour)
                item.setSelected(s.id == selected)
        finally:
            self.list.blockSignals(blocked)
        self.list.setFixedHeight(self.list.sizeHintForRow(0) * max(1, self.list.count()) + 6)


# -- the mission panel ---------------------------------------------------------------------------


class MissionPanel(QWidget):
    """The mission, Operations turn or Round, the Condition in force, who decides what, the
    points so far and how the mission is won."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 8, 8, 8)
        lay.setSpacing(4)
        self.mission = _label("", bold=True, size=12)
        self.turn = _label("", bold=True, size=11)
        self.condition = _label("", size=9.5)
        self.condition.setTextFormat(Qt.TextFormat.RichText)
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setFont(theme.label_font(10.5, True))
        self.banner.setMargin(6)
        self.prompt = _label("", size=9.5)
        self.score = _label("", size=9.5)
        self.victory = _label("", size=8.5)
        self.victory.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        for w in (self.mission, self.turn, self.condition, self.banner, self.prompt, self.score,
                  self.victory):
            lay.addWidget(w)
        lay.addStretch(1)

    def show_state(self, game: Any, decision: Decision | None, seat: str = "human") -> None:
        st, spec = game.state, game.spec
        self.mission.setText(game.scenario.title)
        self.mission.setToolTip(spec.brief)
        if st.mode is Mode.ROUNDS:
            self.turn.setText(f"Action Rounds — Round {st.round}")
        else:
            self.turn.setText(f"Operations — turn {game.turn}")
        cond = spec.conditions.get(st.condition)
        name = cond.name if cond is not None else ""
        self.condition.setText(f"Condition <b>{st.condition}</b>" + (f": {name}" if name else ""))
        self.condition.setToolTip("The Mission Card in force: it decides the German paragraph "
                                  "columns, the Event column and the red references")
        if decision is None:
            self.banner.setText("The mission is over")
            self.banner.setStyleSheet("background:#444;color:white;border-radius:4px;")
            self.prompt.setText(str(game.result.get("level", "")) if getattr(game, "result", None)
                                else "")
        else:
            who = side_title(decision.side)
            thinking = " (computer)" if seat == "computer" else ""
            self.banner.setText(f"{who} player{thinking} to decide")
            self.banner.setStyleSheet(f"background:{side_colour(decision.side).name()};"
                                      "color:white;border-radius:4px;")
            self.prompt.setText(decision.prompt)
        self.score.setText(f"Points so far: {st.score.total:+d}")
        self.score.setToolTip("\n".join(f"{p:+d}  {why}" for p, why in st.score.lines)
                              or "No points scored yet")
        levels = spec.victory.levels
        short = [lv.result.partition(":")[0] for lv in levels]
        self.victory.setText("Victory: " + ", ".join(f"{name} {lv.min:+d}"
                                                     for name, lv in zip(short, levels[:-1], strict=False))
                             + f", else {short[-1]}")
        self.victory.setToolTip("\n".join(f"{lv.min:+d} or more: {lv.result}" for lv in levels)
                                + (f"\n{spec.end.text}" if spec.end.text else ""))

    def text(self) -> str:
        """Everything the panel says, for tests and screen readers."""
        return "\n".join(w.text() for w in (self.mission, self.turn, self.condition, self.banner,
                                            self.prompt, self.score, self.victory))

