"""The frame every decision dialog shares: who must answer, the engine's prompt, a
body, buttons, and one signal carrying the answer.

A dialog never computes a rule. It shows the decision's ``facts``, the engine's pools
and odds and the events in the log, and turns a click into one of the answers the
engine offers. Before it emits, it asks ``decision.validate``; an illegal answer is
shown with the engine's reason and nothing is emitted.

Keyboard: Enter gives the default answer, Esc the safe one where there is one
("none", "hold", "stay", "keep"), and 1..9 press the numbered option buttons in order.
Where nothing is selected for the player, the first Enter selects a card (the focused one,
else the first) and the second gives it.

Mouse, in every dialog alike: one click on a card selects it; Enter, a double-click on
the card or the dialog's button commits it.

Where: the game window embeds the dialog in its Decision dock, a column about 400 pixels
wide (``theme.RIGHT_COLUMN``): every dialog is laid out for that width (sections stacked,
labels wrapped, the body scrolling vertically), and says how tall it would like to be
(:meth:`DecisionDialog.preferred_height`).

Tests and accessibility tools: :meth:`DecisionDialog.clicks_for` names the widgets a
person clicks, in order, to give an answer, so a script can play through the real
buttons (and a screen reader's user can be told the steps).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PySide6.QtCore import QPoint, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QColor,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QMouseEvent,
    QPalette,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpacerItem,
    QStyle,
    QVBoxLayout,
    QWidget,
    QWidgetItem,
)

from ambush_gui.core.decisions import Decision, IllegalDecision
from ambush_gui.core.events import Modifier
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.rules_help import look_up, rule_links

ModifierLike = Modifier | Sequence[Any]


# -- small shared pieces -----------------------------------------------------------------


def side_colour(side: str | None) -> QColor:
    return theme.SIDE_COLOURS.get(str(side), theme.NEUTRAL)


def side_tint(side: str | None) -> QColor:
    return theme.SIDE_TINTS.get(str(side), theme.PANEL_BG)


def side_title(side: str | None) -> str:
    return theme.SIDE_NAMES.get(str(side), str(side).capitalize())


def unit_name(game: Any, uid: str | None) -> str:
    """The unit's name from the state, or the id if the unit is gone."""
    unit = game.state.units.get(uid) if uid is not None else None
    return unit.name if unit is not None else str(uid)


def as_modifier(item: ModifierLike) -> Modifier:
    if isinstance(item, Modifier):
        return item
    label, value, *rest = item
    return Modifier(str(label), int(value), str(rest[0]) if rest else "")


def rule_tip(m: Modifier) -> str:
    src = f"Rule {m.rule}" if m.rule else "No rule reference"
    return f"{src}: {m.label} ({'+' if m.value >= 0 else '−'}{abs(m.value)})"


def label(
    text: str = "",
    *,
    bold: bool = False,
    size: float | None = None,
    colour: QColor | None = None,
    wrap: bool = False,
    rich: bool = False,
) -> QLabel:
    w = QLabel(text)
    f = w.font()
    if size is not None:
        f.setPointSizeF(theme.scaled(size))
    f.setBold(bold)
    w.setFont(f)
    if colour is not None:
        theme.paint_ink(w, colour)
    w.setWordWrap(wrap)
    w.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    return w


class FlowLayout(QLayout):
    """Widgets left to right, wrapping onto the next line when the width runs out (a row
    of toggles in a narrow dock). Hidden widgets take no room. A stretch
    (:meth:`addStretch`) takes its line's spare width, as in a QHBoxLayout, and goes to
    the next line with the widget after it: a row of buttons pushed right stays right
    when it wraps (at the largest text scale a decision's buttons were cut at the dock's
    edge). A line the row wraps onto after a stretch is pushed right too: a match's
    "Best", wrapped under "Use mine" and "more below", stood at the left, where the
    last question's default button had not been."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 4) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        # the stretch a wrapped line gets when a stretch came before it in the row
        self._push = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 - Qt name
        self._items.append(item)

    def addStretch(self, stretch: int = 1) -> None:  # noqa: N802 - QBoxLayout's name
        """Spare width here (every stretch of a line takes an equal share)."""
        self.addItem(QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum))
        self.invalidate()

    def insertWidget(self, index: int, widget: QWidget) -> None:  # noqa: N802 - QBoxLayout's name
        self.addChildWidget(widget)
        self._items.insert(max(0, min(index, len(self._items))), QWidgetItem(widget))
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt name
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt name
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 - Qt name
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt name
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt name
        return self._lay_out(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt name
        super().setGeometry(rect)
        self._lay_out(rect, move=True)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt name
        return self.minimumSize()

    def minimumSize(self) -> QSize:  # noqa: N802 - Qt name
        size = QSize()
        for item in self._items:
            if item.spacerItem() is None and not self._skips(item):
                size = size.expandedTo(self._least(item))
        m = self.contentsMargins()
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    def _hint(self, item: QLayoutItem) -> QSize:
        return item.sizeHint()

    def _least(self, item: QLayoutItem) -> QSize:
        return item.minimumSize()

    def _skips(self, item: QLayoutItem) -> bool:
        return item.isEmpty()  # a hidden widget takes no room

    def _lines(self, width: int) -> list[list[tuple[QLayoutItem, QSize]]]:
        """The items shown, line by line, each with its size (a stretch's is empty)."""
        gap = self.spacing()
        lines: list[list[tuple[QLayoutItem, QSize]]] = [[]]
        stretches: list[tuple[QLayoutItem, QSize]] = []  # they go with the widget after them
        used = 0
        pushed = False  # a stretch came before: the lines wrapped onto stay pushed right
        for item in self._items:
            if item.spacerItem() is not None:
                stretches.append((item, QSize()))
                pushed = True
                continue
            if self._skips(item):
                continue
            hint = self._hint(item)
            if lines[-1] and used + gap + hint.width() > width:
                lines.append([])
                used = 0
                if pushed and not stretches:
                    stretches.append((self._push, QSize()))
            used += (gap if lines[-1] else 0) + hint.width()
            lines[-1] += [*stretches, (item, hint)]
            stretches = []
        lines[-1] += stretches
        return lines

    def _lay_out(self, rect: QRect, move: bool) -> int:
        m = self.contentsMargins()
        area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        gap = self.spacing()
        y, bottom = area.y(), area.y()
        for line in self._lines(area.width()):
            shown = [hint for item, hint in line if item.spacerItem() is None]
            if not shown:
                continue
            high = max(h.height() for h in shown)
            spare = area.width() - sum(h.width() for h in shown) - gap * (len(shown) - 1)
            stretches = sum(1 for item, _ in line if item.spacerItem() is not None)
            x = area.x()
            for item, hint in line:
                if item.spacerItem() is not None:
                    x += max(spare, 0) // stretches
                    continue
                if move:  # each item at its own height, centred on its line's
                    item.setGeometry(QRect(QPoint(x, y + (high - hint.height()) // 2), hint))
                x += hint.width() + gap
            bottom = y + high
            y = bottom + gap
        return bottom - rect.y() + m.bottom()


def hline() -> QFrame:
    f = QFrame()
    f.setFrameShape(QFrame.Shape.HLine)
    f.setStyleSheet(f"color: {theme.PANEL_EDGE.name()};")
    return f


class Banner(QFrame):
    """A band in the side's colour: who must answer, and what about."""

    def __init__(
        self, side: str | None, text: str, sub: str = "", parent: QWidget | None = None,
        short: str = "",
    ) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        self.full_text, self.short_text, self.sub_text = text, short or text, sub
        self.compact = False
        theme.paint_style(self, lambda: (
            f"#banner {{ background: {side_colour(side).name()}; border-radius: 6px; }}"
            f"#banner QLabel {{ color: {theme.BANNER_TEXT.name()}; background: transparent; }}"
        ))
        lay = QVBoxLayout(self)
        lay.setContentsMargins(14, 8, 14, 8)
        lay.setSpacing(2)
        self.title = label(text, bold=True, size=13)
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        # wrapped too: "Blast: the Medium IED road-bomb (under Station Road) against Bravo
        # team" ran off the dock's right edge
        self.sub = label(sub, size=9.5, wrap=True)
        self.sub.setVisible(bool(sub))
        lay.addWidget(self.sub)
        self._held = -1

    def set_compact(self, on: bool) -> None:
        """Compact: only the short title ("Regular player"), no subtitle, the rest in the
        tooltip; for a dock too short for the banner, the question and its buttons (at 200%
        on 1280x800 a four-line banner pushed Abandon's buttons below the dock's foot)."""
        if on == self.compact:
            return
        self.compact = on
        self.title.setText(self.short_text if on else self.full_text)
        self.sub.setVisible(bool(self.sub_text) and not on)
        self.setToolTip("\n".join(t for t in (self.full_text, self.sub_text) if t) if on else "")
        self._held = -1
        lay = self.layout()
        if lay is not None and self.width() > 0:
            self.setMinimumHeight(max(0, lay.totalHeightForWidth(self.width())))
        self.updateGeometry()

    def full_height(self, width: int) -> int:
        """The banner's height at ``width`` with its whole title and subtitle."""
        lay = self.layout()
        m = lay.contentsMargins() if lay is not None else None
        inner = max(width - (m.left() + m.right() if m else 28), 40)
        h = (m.top() + m.bottom()) if m else 16

        def wrapped(w: QLabel, text: str) -> int:
            return QFontMetrics(w.font()).boundingRect(
                QRect(0, 0, inner, 100_000), int(Qt.TextFlag.TextWordWrap), text).height()

        h += wrapped(self.title, self.full_text)
        if self.sub_text:
            h += 2 + wrapped(self.sub, self.sub_text)
        return h

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt name
        """As tall as the wrapped title and subtitle at the banner's width: its least height
        was their height unwrapped, and a short dock (200% text at 1280x800) squeezed a
        two-line title into one line's room, its words drawn over the subtitle."""
        hint = super().minimumSizeHint()
        lay = self.layout()
        if lay is not None and self.width() > 0:
            hint.setHeight(max(hint.height(), lay.totalHeightForWidth(self.width())))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt name
        super().resizeEvent(event)
        lay = self.layout()
        need = lay.totalHeightForWidth(self.width()) if lay is not None else -1
        if need != self._held:  # a new width wraps the words anew: the parent asks again
            self._held = need
            # a hard least height, not only a hint: a layout short of room (a wrapping
            # button row under it) gave the banner a few pixels under its hint
            self.setMinimumHeight(max(0, need))
            self.updateGeometry()


class Chip(QLabel):
    """A small rounded status tag (Pinned, Overwatch, 2 Dependants...)."""

    def __init__(
        self, text: str, colour: QColor, tip: str = "", parent: QWidget | None = None
    ) -> None:
        super().__init__(text, parent)
        self.setToolTip(tip)
        f = self.font()
        f.setPointSizeF(theme.scaled(8.5))
        f.setBold(True)
        self.setFont(f)
        theme.paint_style(self, lambda: (
            f"QLabel {{ color: {colour.name()}; border: 1px solid {colour.name()};"
            f" border-radius: 8px; padding: 0px 6px; background: white; }}"
        ))


class ModifierList(QWidget):
    """One row per modifier: label, signed value, rule tag; each row's tooltip names
    its rule. Used for Firepower, Defense and Reaction Test modifiers."""

    def __init__(
        self,
        items: Iterable[ModifierLike],
        parent: QWidget | None = None,
        empty: str = "no modifiers",
    ) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(2)
        self.rows: list[tuple[Modifier, list[QLabel]]] = []
        mods = [as_modifier(i) for i in items]
        if not mods:
            grid.addWidget(label(empty, colour=theme.MUTED_TEXT), 0, 0)
        for r, m in enumerate(mods):
            value = label(
                f"{'+' if m.value >= 0 else '−'}{abs(m.value)}",
                bold=True,
                colour=theme.BONUS if m.value >= 0 else theme.MALUS,
            )
            value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            text = label(m.label, wrap=True)
            tag = label(rule_links(m.rule, theme.RULE_TAG) if m.rule else "—", size=8.5,
                        colour=theme.RULE_TAG, rich=bool(m.rule))
            tag.linkActivated.connect(lambda href, tag=tag: look_up(href.removeprefix("rule:"), tag))
            cells = [value, text, tag]
            for c, w in enumerate(cells):
                w.setToolTip(rule_tip(m))
                grid.addWidget(w, r, c)
            self.rows.append((m, cells))
        grid.setColumnStretch(1, 1)


class Card(QPushButton):
    """A large checkable button holding a title, detail lines and status chips.

    Cards are the option buttons of most dialogs: a click selects, a double-click
    (``activated``) commits, the number in the corner is its key.
    """

    activated = Signal()

    def __init__(
        self,
        title: str,
        details: Sequence[str] = (),
        chips: Sequence[QWidget] = (),
        key: int | None = None,
        side: str | None = None,
        parent: QWidget | None = None,
        warnings: Sequence[str] = (),
    ) -> None:
        super().__init__(parent)
        self.setCheckable(True)
        self.setAutoDefault(False)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        # Preferred height: wrapped detail lines make the height follow the width
        # (heightForWidth), so the minimum must not be the narrow, tall sizeHint.
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        edge = side_colour(side)
        theme.paint_style(self, lambda: (
            f"Card {{ text-align: left; background: white; border-radius: 6px;"
            f" border: 1px solid {theme.PANEL_EDGE.name()}; }}"
            f"Card:hover {{ border: 1px solid {edge.name()}; }}"
            f"Card:checked {{ background: {side_tint(side).name()};"
            f" border: 2px solid {edge.name()}; }}"
            f"Card:disabled {{ background: {theme.PANEL_BG.name()}; }}"
        ))
        outer = QHBoxLayout(self)
        outer.setContentsMargins(10, 6, 10, 6)
        outer.setSpacing(10)
        self.key = key
        if key is not None:  # a key cap: the number picks the card (its tooltip says so)
            k = label(str(key), bold=True, size=9, colour=theme.DIALOG_TEXT)
            k.setObjectName("keyCap")
            theme.paint_style(k, lambda: (
                f"#keyCap {{ border: 1px solid {theme.MUTED_TEXT.name()}; border-radius: 3px;"
                f" background: {theme.PANEL_BG.name()}; padding: 0px 3px; }}"))
            k.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
            outer.addWidget(k, 0, Qt.AlignmentFlag.AlignTop)
        col = QVBoxLayout()
        col.setSpacing(1)
        self.title_label = label(title, bold=True, size=10.5)
        self.title_label.setWordWrap(True)
        col.addWidget(self.title_label)
        self.detail_labels = []  # the details, then the warnings (in the warning colour)
        for d, colour in [*((d, theme.MUTED_TEXT) for d in details),
                          *((w, theme.WARNING) for w in warnings)]:
            dl = label(d, size=9, colour=colour)
            dl.setWordWrap(True)
            col.addWidget(dl)
            self.detail_labels.append(dl)
        self.warnings = list(warnings)
        if chips:
            row = FlowLayout(spacing=4)  # the chips wrap in a narrow dock
            for c in chips:
                row.addWidget(c)
            col.addLayout(row)
        outer.addLayout(col, 1)
        for w in self.findChildren(QLabel):
            if not isinstance(w, Chip):  # chips keep their tooltips
                w.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt name
        lay = self.layout()
        hint = lay.sizeHint() if lay is not None else super().sizeHint()
        return QSize(max(hint.width(), 180), hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt name
        return QSize(160, 36)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt name
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt name
        """Wrapped titles and details: the height the card needs at ``width``."""
        lay = self.layout()
        if lay is None:
            return super().heightForWidth(width)
        return max(lay.totalHeightForWidth(width) if lay.hasHeightForWidth()
                   else lay.sizeHint().height(), 36)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt name
        """A double-click commits: the first click selected the card already."""
        if event.button() == Qt.MouseButton.LeftButton and self.isEnabled():
            if self.isCheckable() and not self.isChecked():
                self.setChecked(True)
            self.activated.emit()
            event.accept()
            return
        super().mouseDoubleClickEvent(event)


def unit_chips(game: Any, unit: Any) -> list[Chip]:
    """Status tags read from the unit's model fields, each naming its rule."""
    turn = game.state.turn
    out: list[Chip] = []
    side = unit.side.value
    if unit.activated:
        out.append(
            Chip(
                "done" if side == "regular" else "acted",
                theme.MUTED_TEXT,
                "Has had its activation this turn (AA-043/044)",
            )
        )
    if getattr(unit, "interrupted", False) and side == "insurgent":
        out.append(Chip("interrupted", theme.MUTED_TEXT, "Used its interrupt this turn (AA-064)"))
    if unit.overwatch:
        out.append(Chip("Overwatch", theme.LEGAL, "On Overwatch (AA-103)"))
    if unit.pinned:
        out.append(
            Chip("Pinned", theme.ILLEGAL, "Pinned (AA-172): −1 Firepower, −1 Reaction (AA-188)")
        )
    if unit.shaken(turn):
        out.append(Chip("Shaken", theme.ILLEGAL, "Shaken (AA-200)"))
    if unit.regrouping(turn):
        out.append(
            Chip("Regrouping", theme.ILLEGAL, "Regroups this turn after a Pull Back (AA-196)")
        )
    deps = unit.dependants
    if deps:
        out.append(
            Chip(
                f"{len(deps)} Dependant{'s' if len(deps) != 1 else ''}",
                theme.DEPENDANT_RING,
                "Carrying Dependants: −1 Firepower (DC-005), no Rapid moves (DC-006)",
            )
        )
    if unit.leader is not None:
        out.append(
            Chip("Leader", theme.SELECTION.darker(160), "A leader is with the unit (AA-019)")
        )
    if unit.speed is not None:
        out.append(
            Chip(unit.speed.value.capitalize(), theme.NEUTRAL, "Speed declared this turn (AA-031)")
        )
    return out


class Toggle(QPushButton):
    """A checkable button as wide as its words in bold (checked, they are bold), at the
    font it has now: a least width measured when it was made, at Normal size, let a row
    squeeze it once the text grew, and a checked "Move, then fire" read "ove, then fir"."""

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt name
        hint = super().sizeHint()
        bold = QFont(self.font())
        bold.setBold(True)
        # padding and border: 30px
        return QSize(max(hint.width(), QFontMetrics(bold).horizontalAdvance(self.text()) + 30),
                     hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt name
        return self.sizeHint()


def toggle(text: str, tip: str = "", side: str | None = None) -> QPushButton:
    """A checkable button whose checked state is plain to see (tinted, edged)."""
    b = Toggle(text)
    b.setCheckable(True)
    b.setAutoDefault(False)
    b.setToolTip(tip)
    b.setMinimumHeight(30)
    b.setObjectName("toggle")
    edge = side_colour(side)
    theme.paint_style(b, lambda: (
        f"#toggle {{ background: white; border: 1px solid {theme.PANEL_EDGE.name()};"
        f" border-radius: 5px; padding: 4px 12px; }}"
        f"#toggle:hover {{ border: 1px solid {edge.name()}; }}"
        # the keyboard's place shows: Enter's first press in a prone man's turn puts it here
        f"#toggle:focus {{ border: 2px solid {edge.name()}; }}"
        f"#toggle:checked {{ background: {side_tint(side).name()}; border: 2px solid {edge.name()};"
        f" font-weight: bold; }}"
        f"#toggle:disabled {{ color: {theme.MUTED_TEXT.name()};"
        f" background: {theme.PANEL_BG.name()}; }}"
    ))
    return b


def unit_header(game: Any, unit: Any) -> QFrame:
    """A unit's name, ratings and statuses in a box tinted for its side (not a button)."""
    box, lay = panel(unit.side.value)
    lay.addWidget(label(unit.name, bold=True, size=11, wrap=True))
    lay.addWidget(label(unit_details(unit), size=9, colour=theme.MUTED_TEXT, wrap=True))
    chips = unit_chips(game, unit)
    if chips:
        row = FlowLayout(spacing=4)
        for c in chips:
            row.addWidget(c)
        lay.addLayout(row)
    return box


def unit_line(game: Any, unit: Any) -> QWidget:
    """A unit's ratings and statuses on one line that wraps (no name, no box): for a
    dialog whose banner names the unit already, where a box as :func:`unit_header`'s
    took the room of the last choice (a plan's Rapid, below the fold at 1280x800)."""
    holder = QWidget()
    row = FlowLayout(holder, spacing=4)
    row.addWidget(label(unit_details(unit), size=9, colour=theme.MUTED_TEXT))
    for c in unit_chips(game, unit):
        row.addWidget(c)
    return holder


def unit_details(unit: Any) -> str:
    fighters = len(unit.fighters)
    return f"{fighters} figure{'s' if fighters != 1 else ''} · TQ {unit.tq} · Morale {unit.morale}"


# -- the dialog --------------------------------------------------------------------------


ESC_GRACE_S = 0.6
"""Seconds after an answer's dice stop being shown in which Esc answers nothing: Esc also
shows the rest of the dice at once, and a player who pressed it for the dice as they ended
gave the next question its safe answer, or took his last choice back (a play-test)."""


def esc_meant_for_dice(widget: QWidget, event: QKeyEvent | None = None) -> bool:
    """Whether an Esc typed in ``widget`` (a decision in a game window) should answer
    nothing: a held-down key's repeat, or one pressed within :data:`ESC_GRACE_S` of the
    window's dice being shown (the window's ``presented_at``, a ``time.monotonic()``)."""
    if event is not None and event.isAutoRepeat():
        return True
    shown = getattr(widget.window(), "presented_at", None)
    return isinstance(shown, float) and time.monotonic() - shown < ESC_GRACE_S


def tell_status(widget: QWidget, text: str, ms: int = 6000) -> None:
    """``text`` in the status bar of ``widget``'s window, when it has one."""
    bar = getattr(widget.window(), "statusBar", None)
    if callable(bar):
        bar().showMessage(text, ms)



def phase_now(game: Any) -> str:
    """A table game's phase as a player would name it: "start" while the new turn's
    opening steps run (mine tests, Stress Tests: the engine's phase is still the last
    turn's "end" until its reinforcements or activations begin, and a play-tester read
    "Turn 2 · End of turn" over a mine test at the start of turn 2), else the engine's."""
    state = getattr(game, "state", None)
    phase = str(getattr(state, "phase", "") or "")
    if phase != "end":
        return phase
    for event in reversed(getattr(getattr(game, "log", None), "events", None) or []):
        if event.kind == "turn_end":
            return "end"
        if event.kind == "turn":  # "Turn N begins", and no "Turn N ends" since
            return "start"
    return phase


class DecisionDialog(QDialog):
    """Base class: banner, prompt, body, buttons; ``chosen(answer)`` when answered.

    Subclasses implement :meth:`build` (fill ``self.body``) and may set
    ``self.safe_answer`` (Esc) and a default button (Enter) with :meth:`set_default`.
    ``highlighted(object)`` tells the table what the player is looking at (a target,
    an interrupt point), so it can be marked there.
    """

    chosen = Signal(object)
    highlighted = Signal(object)

    def __init__(self, decision: Decision, game: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.decision = decision
        self.game = game
        self.safe_answer: Any = None
        self.answer: Any = None
        self._answered = False
        self._dismissed = False
        self.option_buttons: list[QAbstractButton] = []  # in the order shown
        self.keyed: dict[int, QAbstractButton] = {}  # the number key that presses each
        self.answer_buttons: list[tuple[Any, QPushButton]] = []  # add_button's fixed answers
        self.default_button: QPushButton | None = None
        self.last_highlight: Any = None
        self.highlighted.connect(self._remember_highlight)
        # the cards that select an answer (choice_card) and the button that commits it
        self.picks: list[tuple[Any, Card]] = []
        self._pick_group: QButtonGroup | None = None
        self._pick_texts: dict[int, str] = {}
        self.commit_button: QPushButton | None = None
        self.selection: Any = None
        self.setWindowTitle(
            f"{side_title(decision.side)} player — {decision.kind.value.replace('_', ' ')}"
        )
        paint_background(self)

        self.outer = outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 12, 12, 12)
        outer.setSpacing(8)
        self.banner = Banner(decision.side, self.headline(), self.subline(),
                             short=f"{side_title(decision.side)} player")
        outer.addWidget(self.banner)
        self.prompt = label(decision.prompt, size=10.5, wrap=True, colour=theme.DIALOG_TEXT)
        outer.addWidget(self.prompt)

        self.body_widget = QWidget()
        self.body = QVBoxLayout(self.body_widget)
        self.body.setContentsMargins(0, 0, 0, 0)
        self.body.setSpacing(8)
        self.body_scroll = QScrollArea()
        self.body_scroll.setWidgetResizable(True)
        self.body_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.body_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.body_scroll.viewport().setAutoFillBackground(False)
        self.body_widget.setAutoFillBackground(False)
        self.body_scroll.setWidget(self.body_widget)
        outer.addWidget(self.body_scroll, 1)
        # said while the body has more below its fold: in a short dock the answers under it
        # were out of sight with only a thin scroll bar to tell (in the buttons' row, after
        # the row's stretch: it takes no height from the body)
        self.more_below = label("▼ more below", size=9, colour=theme.MUTED_TEXT)
        self.more_below.setToolTip("More answers below: scroll the list, or press a "
                                   "number (1-9) to pick and show one")
        self.more_below.setVisible(False)
        bar = self.body_scroll.verticalScrollBar()
        bar.rangeChanged.connect(lambda *_: self._say_more_below())
        bar.valueChanged.connect(lambda *_: self._say_more_below())

        self.error = label("", colour=theme.ILLEGAL, wrap=True)
        self.error.setVisible(False)
        outer.addWidget(self.error)
        # the buttons wrap onto a second line where the dock is too narrow for them (at the
        # largest text scale "End the Insurgent phase" was cut to "e Insurgent")
        self.buttons = FlowLayout(spacing=8)
        # the default button moves to a row of its own, under the others, when its words do
        # not fit beside them ("Act with M...", "Fire at Tea shop gun..." were cut)
        self.own_row = QHBoxLayout()
        # empty, a box is 0 wide at most, and the column it stands in with the buttons' row
        # took that row's narrowest for its widest: the row was told to wrap every button
        self.own_row.addStretch(0)
        self.bottom = QVBoxLayout()
        self.bottom.setSpacing(6)
        self.bottom.addLayout(self.buttons)
        self.bottom.addLayout(self.own_row)
        outer.addLayout(self.bottom)

        self.build()
        self.body.addStretch(1)
        items = [self.buttons.itemAt(i) for i in range(self.buttons.count())]
        stretch = [i for i, item in enumerate(items) if item is not None and item.spacerItem()]
        if not stretch:
            self.buttons.addStretch(1)
        self.buttons.insertWidget(stretch[-1] + 1 if stretch else self.buttons.count(),
                                  self.more_below)
        self._fit()

    def _say_more_below(self) -> None:
        bar = self.body_scroll.verticalScrollBar()
        self.more_below.setVisible(bar.value() < bar.maximum())

    def _remember_highlight(self, what: Any) -> None:
        self.last_highlight = what

    def rehighlight(self) -> None:
        """Say again what is selected now: the first selection is made while the dialog is
        built, before the window listens."""
        if self.last_highlight is not None:
            self.highlighted.emit(self.last_highlight)

    # -- for subclasses -------------------------------------------------------------
    def headline(self) -> str:
        """The banner: "Regular player — Fireteam Alpha activates"."""
        return f"{side_title(self.decision.side)} player — {self.what()}"

    def what(self) -> str:
        return self.decision.kind.value.replace("_", " ")

    def subline(self) -> str:
        state = getattr(self.game, "state", None)
        turn, phase = getattr(state, "turn", None), phase_now(self.game)
        if not turn:
            return ""
        names = {
            "regular": "Regular activations",
            "insurgent": "Insurgent phase",
            "reinforcements": "Insurgent reinforcements",
            "start": "start of the turn",
            "end": "end of the turn",
        }
        return f"Turn {turn}" + (f" · {names[phase]}" if phase in names else "")

    def build(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def unit(self, uid: str | None) -> Any:
        return self.game.state.units.get(uid) if uid is not None else None

    def name(self, uid: str | None) -> str:
        return unit_name(self.game, uid)

    def add_button(
        self,
        text: str,
        answer: Any = None,
        *,
        on_click: Callable[[], None] | None = None,
        tip: str = "",
        default: bool = False,
        stretch_before: bool = False,
    ) -> QPushButton:
        """A button in the bottom row that answers ``answer`` (or runs ``on_click``)."""
        if stretch_before:
            self.buttons.addStretch(1)
        b = QPushButton(text)
        b.setAutoDefault(False)
        b.setMinimumHeight(32)
        b.setToolTip(tip)
        b.clicked.connect(on_click if on_click is not None else (lambda: self.choose(answer)))
        if on_click is None:
            self.answer_buttons.append((answer, b))
        self.buttons.addWidget(b)
        if default:
            self.set_default(b)
        return b

    def set_default(self, button: QPushButton) -> None:
        if self.default_button is not None:
            self.default_button.setDefault(False)
            f = self.default_button.font()
            f.setBold(False)
            self.default_button.setFont(f)
        self.default_button = button
        button.setDefault(True)
        f = QFont(button.font())
        if not button.testAttribute(Qt.WidgetAttribute.WA_SetFont):
            # a font of its own is taken to be at the text scale (theme.rescale_fonts): the
            # application's, copied bold, stayed at Normal size ("Fire at Gunmen" at 200%)
            f.setPointSizeF(theme.scaled(f.pointSizeF()))
        f.setBold(True)
        button.setFont(f)
        if "(Enter)" not in button.toolTip():
            button.setToolTip((button.toolTip() + "  " if button.toolTip() else "") + "(Enter)")

    def number(self, button: QAbstractButton, key: int | None = None) -> int:
        """Register an option button for number key ``key`` (by default the least number
        not taken); returns its number. Once checked (a click, a number key, a default) it
        is scrolled into the body's view: the option chosen with "4" is never below the
        fold of a short dock."""
        if key is None:
            key = next(n for n in range(1, len(self.keyed) + 2) if n not in self.keyed)
        self.option_buttons.append(button)
        self.keyed[key] = button
        button.toggled.connect(lambda on, b=button: self.show_option(b) if on else None)
        return key

    def show_option(self, widget: QWidget) -> None:
        """Scroll the body so that ``widget`` (an option in it) is in sight."""
        if self.body_widget.isAncestorOf(widget):
            self.body_scroll.ensureWidgetVisible(widget, 0, 8)
            # again once laid out: a default checked while the dialog is built, or in a
            # dock that is still taking its height, has no final place yet
            QTimer.singleShot(0, lambda w=widget: self._show_option_later(w))

    def _show_option_later(self, widget: QWidget) -> None:
        try:
            if widget.isVisible() and self.body_widget.isAncestorOf(widget):
                self.body_scroll.ensureWidgetVisible(widget, 0, 8)
        except RuntimeError:  # the dialog went (answered) before the timer
            pass

    def choice_card(self, card: Card, answer: Any, commit_text: str) -> Card:
        """One click on ``card`` selects ``answer`` (the commit button then reads
        ``commit_text``); Enter, a double-click on the card or the button commits it.
        Call :meth:`add_commit` once the cards are made."""
        if self._pick_group is None:
            self._pick_group = QButtonGroup(self)
        card.setCheckable(True)
        self._pick_group.addButton(card)
        self.picks.append((answer, card))
        self._pick_texts[id(card)] = commit_text
        card.toggled.connect(lambda on, a=answer, c=card: self._picked(a, c) if on else None)
        card.activated.connect(lambda a=answer: self.choose(a))
        return card

    def add_commit(self, tip: str = "", stretch_before: bool = True,
                   unselected: str = "") -> QPushButton:
        """The default button that gives the selected card's answer; the first card that
        can be chosen, and warns of nothing (a crowd in the line of fire) if one such may be
        chosen, is selected (a click on another changes it). With ``unselected`` nothing is
        selected: the button is greyed with those words until a card is, so Enter never
        gives an answer the player has not picked."""
        self.commit_button = self.add_button("OK", on_click=self.commit, default=True,
                                             stretch_before=stretch_before, tip=tip)
        self._commit_tip = tip
        # as wide as its widest words from the start: the button keeps its place whichever
        # card is selected (it was as wide as the selected card's words, and a click at the
        # same spot missed it after another card was chosen)
        button = self.commit_button
        widest = max([*self._pick_texts.values(), unselected or "OK"],
                     key=lambda t: button_text_width(button, t))
        self._fit_text(button, widest)
        checked = next((c for _, c in self.picks if c.isChecked()), None)
        if checked is None and unselected:
            self._fit_text(button, unselected)
            button.setEnabled(False)
            button.setToolTip(f"{unselected}: click a card or press its number; then "
                              "Enter, this button or a double-click takes it")
        elif checked is None:  # the first that may be chosen; one with no warning if any
            enabled = [c for _, c in self.picks if c.isEnabled()]
            first = next((c for c in enabled if not getattr(c, "warnings", ())),
                         enabled[0] if enabled else None)
            if first is not None:
                first.setChecked(True)
        else:
            self._picked(next(a for a, c in self.picks if c is checked), checked)
        return self.commit_button

    def _picked(self, answer: Any, card: Card) -> None:
        self.selection = answer
        if self.commit_button is not None:
            self.commit_button.setEnabled(True)
            text = self._pick_texts.get(id(card), "OK")
            self._fit_text(self.commit_button, text)
            tip = getattr(self, "_commit_tip", "")
            self.commit_button.setToolTip(
                f"{text} (Enter, or double-click the card)" + (f"\n{tip}" if tip else ""))

    def _room_for(self, button: QPushButton) -> int:
        """The width ``button`` may take in the bottom row, beside the other buttons (the
        whole row once it stands on a row of its own)."""
        if self.buttons.indexOf(button) < 0:
            return theme.RIGHT_COLUMN - 40
        others: list[QWidget] = [
            b for b in self.findChildren(QPushButton)
            if b is not button and self.buttons.indexOf(b) >= 0 and not b.isHidden()]
        # "▼ more below" comes and goes with the body's scrolling: its room is kept for it
        # (the button was cut on the right when it came, "Fire at Schütze Lenz (B) (50%")
        others.append(self.more_below)
        used = sum(b.sizeHint().width() for b in others) + self.buttons.spacing() * len(others)
        return max(theme.RIGHT_COLUMN - 40 - used, 120)

    def _fit_text(self, button: QPushButton, text: str) -> None:
        """``text`` on ``button`` whole: on a row of its own under the other buttons when it
        does not fit beside them (once moved it stays, so it moves at most once, mostly
        while the dialog is built); elided only when even the whole row is too narrow."""
        button.setProperty("full_text", text)
        if self.buttons.indexOf(button) >= 0 and \
                button_text_width(button, text) >= self._room_for(button) - 28:  # elided at equal
            self.buttons.removeWidget(button)
            self.own_row.addWidget(button, 1)
            button.setMinimumWidth(0)  # the whole row's width
        room = self._room_for(button)
        fit_button_text(button, text, room)
        if self.buttons.indexOf(button) >= 0:  # never narrower than the words it has shown:
            # a shorter text leaves the button where it was, the row's room its most
            least = max(button.minimumWidth(), button.sizeHint().width())
            button.setMinimumWidth(min(least, room))

    def commit(self) -> None:
        """Give the selected card's answer."""
        if self.selection is not None or any(a is None for a, _ in self.picks):
            self.choose(self.selection)

    def commit_on_double_click(self, card: Card, commit: Callable[[], Any]) -> None:
        """A double-click on ``card`` gives what the commit button would (after the
        first click selected it)."""
        card.activated.connect(lambda: commit())

    # -- the clicks that give an answer -------------------------------------------------
    def clicks_for(self, answer: Any) -> list[QWidget]:
        """The widgets a person clicks, in this order, to give ``answer``.

        Each dialog knows its own steps (a target card, then "Fire"; the checkboxes,
        then "Confirm"; a unit, fire or move, a point, then "Interrupt"). Clicked in
        order with the left button, they make the dialog emit ``chosen(answer)``. The
        widgets are the dialog's own, live now; a later click may show or enable the
        next one. Raises :class:`LookupError` if the dialog offers no way to give
        ``answer`` (it is not legal, or not one of the dialog's choices).

        This base version knows the bottom-row buttons with a fixed answer; dialogs
        with cards, toggles or checkboxes extend it.
        """
        for value, card in self.picks:
            if value == answer and card.isEnabled() and self.commit_button is not None:
                return [card, self.commit_button]
        for value, button in self.answer_buttons:
            if value == answer:
                return [button]
        raise LookupError(f"{type(self).__name__} offers no clicks for {answer!r}")

    # -- answering --------------------------------------------------------------------
    def choose(self, answer: Any) -> bool:
        """Validate with the engine, then emit ``chosen`` and close. False if illegal."""
        if self._answered:
            return False
        try:
            self.decision.validate(answer)
        except IllegalDecision as e:
            self.error.setText(str(e))
            self.error.setVisible(True)
            return False
        self._answered = True
        self.answer = answer
        self.chosen.emit(answer)
        self.accept()
        return True

    def dismiss(self) -> None:
        """Close without answering (the decision went away: undo, load, game over)."""
        self._dismissed = True
        self.done(QDialog.DialogCode.Rejected)

    esc_goes_back = False
    """Esc presses Back (where there is no safe answer): only for a question that is the
    second step of the choice just made (an Ambush! fire's target after Fire). Elsewhere
    the previous choice was another question, and Esc, which also hurries the dice, took
    it back unasked (a play-test): there Back is its button or Ctrl+Z."""

    def add_back(self, on_back: Callable[[], None], tip: str = "") -> QPushButton:
        """A "Back" button, first in the bottom row: it takes back the player's previous
        decision (the window undoes it). Esc presses it only where :attr:`esc_goes_back`."""
        b = QPushButton("Back")
        b.setAutoDefault(False)
        b.setMinimumHeight(32)
        b.setToolTip(tip or ("Take back your previous choice (Esc or Ctrl+Z)" if self.esc_goes_back
                             else "Take back your previous choice (Ctrl+Z)"))
        b.clicked.connect(lambda: on_back())
        self.buttons.insertWidget(0, b)
        self.back_button = b
        self.fit_default_text()
        return b

    def fit_default_text(self, text: str | None = None) -> None:
        """Set (or re-fit) the default button's text to the room the bottom row leaves it,
        elided with the whole text in its tooltip: the dock never widens."""
        b = self.default_button
        if b is None:
            return
        self._fit_text(b, text if text is not None else (b.property("full_text") or b.text()))

    back_button: QPushButton | None = None

    def reject(self) -> None:
        """Esc: the safe answer where there is one, else Back where :attr:`esc_goes_back`
        and the previous choice can be taken back; otherwise the decision stays open and
        the status bar says how to take a choice back."""
        if self._dismissed or self._answered:
            super().reject()
        elif self.safe_answer is not None:
            self.choose(self.safe_answer)
        elif self.esc_goes_back and self.back_button is not None and self.back_button.isEnabled():
            self.back_button.click()
        elif self.back_button is not None and self.back_button.isEnabled():
            tell_status(self, "Esc takes no choice back here: Back (Ctrl+Z) takes back your "
                              "previous choice")

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt name
        if self._answered or self._dismissed:
            event.accept()
        elif self.safe_answer is not None and self.choose(self.safe_answer):
            event.accept()
        else:
            event.ignore()

    # -- keys and size -----------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt name
        """1..9 press the numbered options; Enter and Esc are QDialog's (default
        button, :meth:`reject`). Buttons and sliders pass digits up to here."""
        key = event.key()
        plain = event.modifiers() in (
            Qt.KeyboardModifier.NoModifier,
            Qt.KeyboardModifier.KeypadModifier,
        )
        if plain and Qt.Key.Key_1.value <= key <= Qt.Key.Key_9.value:
            self.press_number(key - Qt.Key.Key_0.value)
            return
        if key == Qt.Key.Key_Escape and esc_meant_for_dice(self, event):
            event.accept()  # an Esc that hurried the dice (or its key held down) answers nothing
            return
        if plain and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.pick_for_enter():
            return
        super().keyPressEvent(event)

    def pick_for_enter(self) -> bool:
        """Enter while no card is selected (``add_commit``'s ``unselected``): select the
        card that has the keyboard focus, else the first that may be chosen, and show it;
        the next Enter commits it. True if it selected one: Enter always does something
        with the open decision, and never gives an answer the player has not seen
        selected. (Enter did nothing at all in an Ambush! turn picked nothing.)"""
        if self.commit_button is None or self.commit_button.isEnabled() or not self.picks:
            return False
        enabled = [c for _, c in self.picks if c.isEnabled()]
        focus = self.focusWidget()
        card = next((c for c in enabled if c is focus), None) or next(
            (c for c in enabled if not getattr(c, "warnings", ())), enabled[0] if enabled else None)
        if card is None:
            return False
        card.setChecked(True)
        card.setFocus(Qt.FocusReason.OtherFocusReason)
        self.show_option(card)
        return True

    def press_number(self, n: int) -> None:
        b = self.keyed.get(n)
        if b is not None and b.isEnabled():
            b.click()
            self.show_option(b)

    def _fit(self) -> None:
        """Lay out for the Decision dock's width (``theme.RIGHT_COLUMN``): the body scrolls
        vertically, never sideways. Standing alone (tests, a screenshot) the dialog is
        sized to that width and as tall as :meth:`preferred_height` asks, within
        ``theme.DIALOG_MAX``."""
        width = theme.RIGHT_COLUMN - 8
        self.body_scroll.setMinimumSize(0, 60)
        self.setMinimumWidth(0)
        self.setMaximumSize(*theme.DIALOG_MAX)
        self.resize(width, min(self.preferred_height(width), theme.DIALOG_MAX[1]))

    def preferred_height(self, width: int) -> int:
        """The height that shows the whole dialog, its body unscrolled, at ``width``."""
        margins = self.outer.contentsMargins()
        w = max(width - margins.left() - margins.right(), 100)
        body = self.body
        h = body.totalHeightForWidth(w) if body.hasHeightForWidth() else -1
        h = max(h, body.totalMinimumSize().height(), self.body_widget.minimumSizeHint().height())
        return self._height_around(width, h)

    def _body_widget(self, i: int) -> QWidget | None:
        """The widget of the body's ``i``-th item (None: a spacing or a layout)."""
        it = self.body.itemAt(i)
        return it.widget() if it is not None else None

    def _list_items(self, count: int) -> tuple[int, int] | None:
        """The body's items from the list of choices' heading (or its first choice, if it
        has none) to its ``count``-th choice (its last, if fewer): their indexes in the
        body's layout. None for a decision without a list of numbered choices, or one
        whose choices stand deeper in the body."""
        if not self.option_buttons:
            return None

        def index(w: QWidget) -> int:
            for i in range(self.body.count()):
                it = self._body_widget(i)
                if it is not None and (it is w or it.isAncestorOf(w)):
                    return i
            return -1

        first = index(self.option_buttons[0])
        last = index(self.option_buttons[min(count, len(self.option_buttons)) - 1])
        if first < 0 or last < first:
            return None
        heading = self._body_widget(first - 1) if first > 0 else None
        if heading is not None and heading.property("section"):
            first -= 1
        return first, last

    def list_height(self, width: int, count: int = theme.CHOICES_SHOWN) -> int | None:
        """The height at ``width`` that shows the list of choices' heading and its first
        ``count`` choices (all, if fewer) with the banner, the question and the buttons,
        what stands above the list in the body scrolled out of sight (:meth:`show_list`).
        At 1280x800 a fire decision showed one possible fire of three and "more below",
        its "Possible fires" heading half cut. None: no list of choices."""
        items = self._list_items(count)
        if items is None:
            return None
        margins = self.outer.contentsMargins()
        w = max(width - margins.left() - margins.right()
                - self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent), 100)
        h = 0
        for i in range(items[0], items[1] + 1):
            it = self.body.itemAt(i)
            if it is not None:
                h += it.heightForWidth(w) if it.hasHeightForWidth() else it.sizeHint().height()
        h += self.body.spacing() * (items[1] - items[0]) + 8
        return self._height_around(width, h)

    def show_list(self, count: int = theme.CHOICES_SHOWN) -> None:
        """Scroll the body so that the list of choices' heading and its first ``count``
        choices are in sight, the heading at the top unless all above it fits too (the
        first choice checked had been scrolled to the viewport's foot, the weapons listed
        above "Possible fires" cut in half)."""
        items = self._list_items(count)
        if items is None:
            return
        top_w, end_w = self._body_widget(items[0]), self._body_widget(items[1])
        if top_w is None or end_w is None:
            return
        bar = self.body_scroll.verticalScrollBar()
        top = top_w.geometry().top()
        bottom = end_w.geometry().bottom()
        room = self.body_scroll.viewport().height()
        if bottom + 8 <= room:
            bar.setValue(0)  # the lines above the list too
        elif bar.value() != top:  # the heading at the top, no line above it cut in half
            bar.setValue(min(top, bar.maximum()))

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt name
        """The least height at ``width`` that shows the banner, the prompt and the buttons
        whole, the body scrolled in its least room: the Decision dock scrolls (it holds the
        dialog in a scroll area) rather than cut them where it is shorter (the largest text
        scale at 1280x800, the buttons wrapped onto two lines)."""
        return self._height_around(width, self.body_scroll.minimumHeight())

    def fit_room(self, width: int, height: int) -> None:
        """Hosted in a dock ``height`` pixels high at ``width``: where the banner, the
        question, the body's least and the buttons do not fit, the banner gives up its
        headline and subtitle (:meth:`Banner.set_compact`); what a player needs most, the
        question and the buttons that answer it, stays in sight. The body's least here is
        about a card's height (:data:`theme.BODY_ROOM` at the scale), not its scroll's least:
        at 200% a plan kept its four-line banner over a body that showed no speed at all.

        A list of choices (``list_first``) whose heading and first choice do not fit even
        under the compact banner: the question gives way too, its words in the banner's
        tooltip (at 200% on 1280x800 a fire's three-line question left the list 64 pixels,
        less than one possible fire); the list's heading says what to choose."""
        margins = self.outer.contentsMargins()
        w = max(width - margins.left() - margins.right(), 100)
        self._show_prompt(True)  # measured with the question in, whatever the last fit did
        body = self.preferred_height(width) - self._height_around(width, 0)
        now = self._height_around(width, max(self.body_scroll.minimumHeight(),
                                             min(body, round(theme.scaled(theme.BODY_ROOM)))))
        whole = now - max(self.banner.heightForWidth(w), 0) + self.banner.full_height(w)
        listed = self.list_height(width) if self.property("list_first") else None
        if listed is not None:  # the list's heading and first choices before the subtitle
            whole = max(whole, listed - max(self.banner.heightForWidth(w), 0)
                        + self.banner.full_height(w))
        self.banner.set_compact(whole > height)
        first = self.list_height(width, 1) if listed is not None and self.banner.compact else None
        self._show_prompt(first is None or first <= height)

    def _show_prompt(self, on: bool) -> None:
        """The question shown under the banner, or hidden with its words in the banner's
        tooltip (:meth:`fit_room`). A question its dialog hides for good stays hidden."""
        gave = bool(self.property("prompt_gave_way"))
        if on == gave:
            if not on and (self.prompt.isHidden() or not self.prompt.text()):
                return  # hidden by the dialog itself, or nothing to say
            self.setProperty("prompt_gave_way", not on)
            self.prompt.setVisible(on)
            text = self.prompt.text()
            tip = self.banner.toolTip().removesuffix("\n" + text).removesuffix(text)
            self.banner.setToolTip(tip if on else "\n".join(t for t in (tip, text) if t))

    def _height_around(self, width: int, body: int) -> int:
        """The dialog's height at ``width`` with its body ``body`` pixels high."""
        margins = self.outer.contentsMargins()
        w = max(width - margins.left() - margins.right(), 100)
        h = body
        parts = [self.banner.heightForWidth(w), h, self.bottom.totalHeightForWidth(w)]
        if not self.prompt.isHidden():
            parts.append(self.prompt.heightForWidth(w))
        if self.error.isVisible():
            parts.append(self.error.heightForWidth(w))
        gaps = self.outer.spacing() * (len(parts) - 1)
        return margins.top() + margins.bottom() + sum(max(p, 0) for p in parts) + gaps + 4

def _bold(button: QPushButton) -> QFontMetrics:
    font = QFont(button.font())
    font.setBold(True)  # the default button is bold
    return QFontMetrics(font)


def button_text_width(button: QPushButton, text: str) -> int:
    """How wide ``text`` is on ``button`` in the default button's bold."""
    return _bold(button).horizontalAdvance(text)


def fit_button_text(button: QPushButton, text: str, room: int) -> None:
    """``text`` on ``button``, elided to ``room`` pixels (the whole text in the tooltip):
    a long unit name never widens the Decision dock."""
    button.setText(_bold(button).elidedText(text, Qt.TextElideMode.ElideRight, max(room - 28, 40)))


def paint_background(widget: QWidget) -> None:
    """The dialogs' paper colour, inherited by every child that does not paint its own."""
    pal = widget.palette()
    pal.setColor(QPalette.ColorRole.Window, theme.PANEL_BG)
    widget.setPalette(pal)
    widget.setAutoFillBackground(True)


def clear_layout(layout: Any) -> None:
    """Empty a layout now: widgets are hidden at once, deleted later."""
    while layout.count():
        item = layout.takeAt(0)
        w = item.widget()
        if w is not None:
            w.hide()
            w.deleteLater()


def section(title: str, tip: str = "") -> QLabel:
    """A small bold heading inside a dialog body (wrapped: the Decision dock is narrow)."""
    w = label(title, bold=True, size=10, colour=theme.DIALOG_TEXT, wrap=True)
    w.setToolTip(tip)
    w.setProperty("section", True)  # a list's heading: kept in sight with it (list_height)
    return w


def panel(side: str | None = None) -> tuple[QFrame, QVBoxLayout]:
    """A framed box, tinted for a side."""
    f = QFrame()
    f.setObjectName("panel")
    theme.paint_style(f, lambda: (
        f"#panel {{ background: {side_tint(side).name() if side else 'white'};"
        f" border: 1px solid {theme.PANEL_EDGE.name()}; border-radius: 6px; }}"
    ))
    lay = QVBoxLayout(f)
    lay.setContentsMargins(10, 8, 10, 8)
    lay.setSpacing(4)
    return f, lay
