"""The AR Track as a widget (AR-032..053): the spaces in acting order, each soldier's
marker in its space, who acts next, and the initiative dice that put them there.

It only shows what the engine says: the spaces come from
:mod:`ambush_gui.ambush.ar_track` (``ORDER``), the soldier who acts next from
:func:`ambush_gui.ambush.rounds.next_space` and :func:`ar_track.can_act`, the dice and the
reason for the Advantage from the latest ``initiative`` event. The four acting spaces lie
as a 2x2 grid (Advantage half on the left, Disadvantage half on the right; reading order
is acting order, AR-043), then Panic, Complete and Inactive.

The small pieces the other Ambush! docks share (a soldier's short name, his state in a
word, his tooltip, the spaces' names) live here too, beside the markers that use them.
"""

from __future__ import annotations

import textwrap
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFontMetrics, QMouseEvent, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayoutItem,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
    QWidgetItem,
)

from ambush_gui.ambush import ar_track
from ambush_gui.ambush.charts import ARSpace, Side
from ambush_gui.ambush.command import command_words
from ambush_gui.ambush.model import Mode, Soldier
from ambush_gui.ambush.rounds import next_space
from ambush_gui.ambush.words import SPACE_NAMES
from ambush_gui.core.events import Event
from ambush_gui.core.words import count
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import FlowLayout, clear_layout, side_colour, side_title
from ambush_gui.gui.shared.dice import DieFace
from ambush_gui.gui.shared.widgets import text_label

SPACE_TIPS: dict[ARSpace, str] = {
    ARSpace.TWO_TURN_ADVANTAGE: "Two turns this Round; these act first",
    ARSpace.TWO_TURN_DISADVANTAGE: "Two turns this Round; they take their first turn second",
    ARSpace.ONE_TURN_ADVANTAGE: "One turn left this Round; they act third",
    ARSpace.ONE_TURN_DISADVANTAGE: "One turn left this Round; they act last",
    ARSpace.PANIC: "Panicked: no turn this Round; at the end of the Round he falls prone "
                   "and the panic is over.\nA man panics when the initiative die reads the "
                   "Panic space in his Action Rating column,\nor a red number while he is out "
                   "of command (his card says whether he is, and why)",
    ARSpace.COMPLETE: "No turn left this Round (or none was given)",
    ARSpace.INACTIVE: "Out of the fight: incapacitated, killed or captured",
}

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
    """This Round's ``initiative`` event (AR-032), or None until its dice are thrown: a new
    Round clears the last one's (the track showed them through the next Event Phase)."""
    for e in reversed(events):
        if e.kind == "initiative":
            return e
        if e.kind in ("round", "rounds"):
            return None
    return None


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


def soldier_tip(game: Any, s: Soldier) -> str:
    where = s.hex.label if s.hex is not None else "off the map"
    lines = [f"{s.label} — {side_title(s.side.value)}", f"Hex {where}, {s.stance.value}",
             f"AR marker: {SPACE_NAMES[s.marker]}", f"Turns left this Round: {s.turns}"]
    state = soldier_state(s)
    if state != "active":
        lines.append(state.capitalize())
    if s.side is Side.US and not s.aware:
        lines.append("Unaware: he cannot act until he becomes aware")
    command = command_words(game, s)
    if command:  # a tooltip's plain lines never wrap by themselves
        lines.append(textwrap.fill(command, 72))
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


class MarkerFlow(FlowLayout):
    """The markers of one AR Track space, left to right, wrapping when the width runs out."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 2) -> None:
        super().__init__(parent, spacing)

    def addWidget(self, w: QWidget) -> None:  # noqa: N802 - Qt name
        self.addChildWidget(w)
        self.addItem(QWidgetItem(w))

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt name
        return False  # FlowHolder.fit sets the height; Qt asking at every layout pass is slow

    def _hint(self, item: QLayoutItem) -> QSize:
        # a widget just added to a shown parent stays hidden until the event loop shows it,
        # and a hidden widget's layout item claims no size: ask the widget itself
        w = item.widget()
        return w.sizeHint() if w is not None else item.sizeHint()

    def _least(self, item: QLayoutItem) -> QSize:
        return self._hint(item)

    def _skips(self, item: QLayoutItem) -> bool:
        return False


class FlowHolder(QWidget):
    """Holds a :class:`MarkerFlow` and keeps its minimum height to what the wrapped lines
    need at its present width (nested layouts do not pass height-for-width on reliably)."""

    def __init__(self, flow: MarkerFlow, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.flow = flow
        self.least = 0  # a height kept even when empty
        self.setLayout(flow)

    def fit(self) -> None:
        need = max(self.flow.heightForWidth(max(self.width(), 40)), self.least)
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
        self.highlighted, self.tint = False, QColor("white")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 2, 4, 3)
        lay.setSpacing(1)
        # the column headers name the halves, so an acting space's caption needs only its
        # place in the order and its turns ("3. 1-Turn"); the tooltip gives the full name
        name = SPACE_NAMES[space]
        caption = f"{step}. {name.split()[0]}" if step is not None else name
        self.caption = text_label(caption, bold=True, size=8, wrap=False)
        tip = f"{name}: {SPACE_TIPS[space]}"
        self.caption.setToolTip(tip)
        self.setToolTip(tip)
        lay.addWidget(self.caption)
        self.flow = MarkerFlow(spacing=1)
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
        """Ring the box when its space acts next; tint it with the half's side colour.
        Painted (``paintEvent``), not a style sheet: restyling a box re-polishes every
        marker in it, tens of milliseconds when a Round's Advantage changes hands."""
        self.highlighted = on
        self.tint = QColor(tint) if tint is not None else QColor("white")
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = 2.0 if self.highlighted else 1.0
        edge = theme.SELECTION.darker(130) if self.highlighted else theme.PANEL_EDGE
        p.setPen(QPen(edge, width))
        p.setBrush(self.tint)
        half = width / 2
        p.drawRoundedRect(QRectF(self.rect()).adjusted(half, half, -half, -half), 5, 5)


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
        # the dice go under the title where the column is too narrow for both (larger text)
        top_box = QWidget()
        top = FlowLayout(top_box, spacing=6)
        self.title = text_label("", bold=True, size=11, wrap=False)
        top.addWidget(self.title)
        top.addStretch(1)
        self.dice_box = QWidget()
        dice = QHBoxLayout(self.dice_box)
        dice.setContentsMargins(0, 0, 0, 0)
        dice.setSpacing(3)
        self.us_die = DieFace(None, sides=10, side="us", size=theme.AR_DIE_SIZE)
        self.german_die = DieFace(None, sides=10, side="german", size=theme.AR_DIE_SIZE)
        self.us_die_label = text_label("US", size=8, wrap=False)
        self.german_die_label = text_label("Ger", size=8, wrap=False)
        for w in (self.us_die_label, self.us_die, self.german_die_label, self.german_die):
            dice.addWidget(w)
        top.addWidget(self.dice_box)
        lay.addWidget(top_box)
        self.reason = text_label("", size=8)
        self.reason.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        lay.addWidget(self.reason)
        self.track = QWidget()
        self.grid = QGridLayout(self.track)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(3)
        self.half_labels = [QLabel(), QLabel()]
        for lab in self.half_labels:
            lab.setFont(theme.label_font(9, True))
            lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
            lab.setMargin(2)
            lab.setWordWrap(True)  # "Disadvantage:" over "German" where the half is narrow
        self.spaces: dict[ARSpace, SpaceBox] = {}
        for step, space in enumerate(ar_track.ORDER, start=1):
            self.spaces[space] = SpaceBox(space, step)
        self.rest: list[SpaceBox] = []
        for space in ARSpace:
            if space not in self.spaces:
                box = SpaceBox(space, None)
                # room for a line of markers even when empty: the row was squashed to a
                # strip of its three names (issue 29 play-test, 1920x1080)
                box.holder.least = theme.AR_MARKER_HEIGHT + 5
                box.holder.fit()
                self.spaces[space] = box
                self.rest.append(box)
        self.arrangement: tuple[bool, int] | None = None
        self._arrange(False, len(self.rest))
        lay.addWidget(self.track)
        # the text grown or shrunk: the arrangement that fits the column changes
        # (a method, not a lambda: Qt lets go of it with the widget)
        theme.comfort.changed.connect(self._fit_width_soon)
        self.idle = text_label("", size=9)
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
            last = f" The last firefight lasted {count(st.round, 'Round')}." if st.round else ""
            self._show_operations(f"Operations, turn {game.turn}: no Action Rounds are being "
                                  f"fought.{last}")
            return
        self.title.setText(f"Round {st.round}")
        thrown = latest_initiative(game.log.events) is not None  # else last Round's Advantage
        adv = st.advantage.value if st.advantage is not None and thrown else None
        dis = None if adv is None else ("german" if adv == "us" else "us")
        self._show_halves(adv)
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
            chip = MarkerChip(s, soldier_tip(game, s), s.id in self.next_actors)
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

    def follow(self, event: Event) -> None:
        """An event as it is shown (the live game is already at the answer's end): a new
        Round names itself and clears the last one's dice and Advantage, its initiative
        shows its own; the Rounds' end puts the track away."""
        if event.kind == "round":
            self.title.setText(f"Round {event.data.get('round')}")
        if event.kind == "round" and self.track.isHidden():  # Rounds commence: the track
            # is drawn with the next moment; till then it says no Operations turn
            self.idle.setText("Action Rounds have begun: each marker goes on the track when "
                              "the initiative dice are thrown.")
        elif event.kind in ("round", "initiative") and not self.track.isHidden():
            self._show_dice([event])
            self._show_halves(event.data.get("advantage") if event.kind == "initiative" else None)
        elif event.kind == "rounds" and "rounds" in event.data:
            self._show_operations(f"The Rounds are over after {count(int(event.data['rounds']), 'Round')}: "
                                  "Operations resume.")

    def show_waiting(self, why: str) -> None:
        """The dice tray waits on a Round's end ("End of Round 1"): the title says so, as the
        Mission panel does (the markers drawn are already back on Complete for the next)."""
        if why.startswith("End of"):
            self.title.setText(why)

    def _show_operations(self, words: str) -> None:
        for w in (self.track, self.dice_box, self.reason):
            w.setVisible(False)
        self.idle.setVisible(True)
        self.title.setText("AR Track")
        self.idle.setText(words)
        for box in self.spaces.values():
            box.set_markers([])

    def _arrange(self, labels_across: bool, per_row: int) -> None:
        """The halves side by side, each under its name, over the other spaces in a row
        (``per_row`` of them a row). ``labels_across``: the halves' names each on a row of
        its own across both, over its two spaces side by side, where a name's longest word
        is wider than a half (larger text at 1280x800: "Disad…", "2. 2-Tu…" and "Complet…"
        were cut at the dock's edge, which scrolled sideways)."""
        if (labels_across, per_row) == self.arrangement:
            return
        self.arrangement = (labels_across, per_row)
        grid = self.grid
        while grid.count():
            grid.takeAt(0)
        halves = (
            (self.half_labels[0], [self.spaces[ARSpace.TWO_TURN_ADVANTAGE],
                                   self.spaces[ARSpace.ONE_TURN_ADVANTAGE]]),
            (self.half_labels[1], [self.spaces[ARSpace.TWO_TURN_DISADVANTAGE],
                                   self.spaces[ARSpace.ONE_TURN_DISADVANTAGE]]),
        )
        cells = 6  # 2 and 3 both divide it: two halves, or three spaces, a row
        row = 0
        if labels_across:
            for lab, boxes in halves:
                grid.addWidget(lab, row, 0, 1, cells)
                for k, box in enumerate(boxes):
                    grid.addWidget(box, row + 1, k * 3, 1, 3)
                row += 2
        else:
            for col, (lab, boxes) in enumerate(halves):
                grid.addWidget(lab, 0, col * 3, 1, 3)
                for r, box in enumerate(boxes, start=1):
                    grid.addWidget(box, r, col * 3, 1, 3)
            row = 3
        span = cells // per_row
        for k, box in enumerate(self.rest):
            grid.addWidget(box, row + k // per_row, (k % per_row) * span, 1, span)
        for c in range(cells):
            grid.setColumnStretch(c, 1)
        grid.invalidate()

    def fit_width(self) -> None:
        """The arrangement that fits the width the track is shown in (its scroll area's):
        :meth:`_arrange`."""
        shown = self.parentWidget()
        outer = self.layout()
        m = outer.contentsMargins() if outer is not None else None
        room = (shown.width() if shown is not None else self.width()) - (
            m.left() + m.right() if m is not None else 0)
        gap = self.grid.spacing()
        half = (room - gap) // 2

        def widest_word(lab: QLabel) -> int:
            fm = lab.fontMetrics()
            words = lab.text().split() or [""]
            return max(fm.horizontalAdvance(w) for w in words) + 2 * lab.margin() + 4

        across = any(widest_word(lab) > half for lab in self.half_labels)
        per_row = len(self.rest)
        while per_row > 1 and sum(
                b.minimumSizeHint().width() for b in self.rest[:per_row]) \
                + gap * (per_row - 1) > room:
            per_row -= 1
        self._arrange(across, per_row)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt name
        super().resizeEvent(event)
        self.fit_width()

    def _fit_width_soon(self) -> None:
        QTimer.singleShot(0, self, self.fit_width)  # once the fonts are at the new size

    def _show_halves(self, adv: str | None) -> None:
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
        self.fit_width()  # "Disadvantage: German" is wider than "Disadvantage: US"

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
        self.dice_box.setVisible(e is not None)
        if e is None:
            self.us_die.value = self.german_die.value = None
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
