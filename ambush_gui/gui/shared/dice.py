"""Dice as the player would see them on the table, and a tray that shows any roll.

:class:`DieFace` paints one die (its score, its type, and a mark: kept, set aside,
cancelled, casualty). :class:`DiceRow` shows one roll event from the log with every
die and every modifier.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import StrEnum

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QVBoxLayout, QWidget

from ambush_gui.core.events import Event
from ambush_gui.gui.shared import art, theme
from ambush_gui.gui.shared.dialog_base import (
    FlowLayout,
    ModifierList,
    label,
    side_colour,
    side_tint,
)
from ambush_gui.gui.shared.pacing import shown_faces, zero_nine


class Mark(StrEnum):
    PLAIN = "plain"
    KEPT = "kept"  # scored the target number or more
    DISCARDED = "discarded"  # set aside
    SAVED = "saved"  # an attacker die a defender die cancels
    CASUALTY = "casualty"  # an attacker die nobody cancels


DIE_KINDS = ("d6", "d8", "d10", "d12", "0-9")
"""The dice with a drawing in assets/dice/ (the 0-9 die is ``d0-9.svg``)."""

DIE_ART_OPACITY = 0.16
"""How strongly a die's shape shows behind its score: a hint, never in the way of the number."""


def die_art(kind: str) -> str | None:
    """The drawing of a die of ``kind`` ("d6", "0-9") in assets/dice/, if there is one."""
    if kind not in DIE_KINDS:
        return None
    return "dice/d0-9" if kind == "0-9" else f"dice/{kind}"


class DieFace(QWidget):
    """One die: its score large, its type small, tinted for the side that threw it."""

    def __init__(
        self,
        value: int | None,
        sides: int = 6,
        side: str | None = None,
        mark: Mark = Mark.PLAIN,
        size: int = theme.DIE_SIZE,
        parent: QWidget | None = None,
        kind: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.value = value
        self.sides = sides
        self.kind = kind or f"d{sides}"  # the small type label: "d6", or "0-9" for Ambush!'s die
        self.side = side
        self.mark = mark
        self.picked = False  # drawn with a halo: the die the player is moving
        self._size = size
        self.setFixedSize(size, size)
        self._tip()

    def set_mark(self, mark: Mark) -> None:
        self.mark = mark
        self._tip()
        self.update()

    def _tip(self) -> None:
        what = {
            Mark.KEPT: "kept",
            Mark.DISCARDED: "set aside",
            Mark.SAVED: "cancelled",
            Mark.CASUALTY: "a casualty",
            Mark.PLAIN: "",
        }[self.mark]
        die = "a 0-9 die" if self.kind == "0-9" else f"a {self.kind}"
        self.setToolTip(f"{self.value} on {die}" + (f" — {what}" if what else ""))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt name
        return QSize(self._size, self._size)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(3.5, 3.5, self.width() - 7, self.height() - 7)
        fill = (
            theme.DIE_DISCARDED
            if self.mark is Mark.DISCARDED
            else (side_tint(self.side) if self.side else theme.DIE_FACE)
        )
        edge = {Mark.CASUALTY: theme.DIE_CASUALTY, Mark.SAVED: theme.DIE_SAVED}.get(
            self.mark, side_colour(self.side) if self.side else theme.DIE_EDGE
        )
        width = 3.0 if self.mark in (Mark.CASUALTY, Mark.SAVED, Mark.KEPT) else 1.5
        if self.mark is Mark.DISCARDED:
            edge, width = theme.MUTED_TEXT, 1.0
        if self.picked:
            p.setPen(QPen(theme.DIE_DROP_HINT, 5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(-1, -1, 1, 1), 8, 8)
        p.setPen(QPen(edge, width))
        p.setBrush(fill)
        p.drawRoundedRect(r, 7, 7)
        # The die's own shape drawn faintly behind the score (assets/dice/), so a d6 and a
        # d10 look different at a glance, not only by the small type label.
        shape = die_art(self.kind)
        if shape is not None:
            p.save()
            p.setOpacity(DIE_ART_OPACITY)
            art.draw(p, shape, r.adjusted(3, 3, -3, -3))
            p.restore()
        if self.value is not None:
            f = QFont(self.font())
            f.setPixelSize(int(self._size * 0.45))
            f.setBold(True)
            p.setFont(f)
            p.setPen(theme.MUTED_TEXT if self.mark is Mark.DISCARDED else theme.DIE_PIP)
            p.drawText(r.adjusted(0, -3, 0, -3), Qt.AlignmentFlag.AlignCenter, str(self.value))
        small = QFont(self.font())
        small.setPixelSize(max(8, int(self._size * 0.2)))
        p.setFont(small)
        p.setPen(theme.MUTED_TEXT)
        p.drawText(
            r.adjusted(0, 0, -4, -2),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
            self.kind,
        )
        if self.mark in (Mark.CASUALTY, Mark.SAVED):
            side = self._size * 0.32  # in the top-right corner, clear of the score
            badge = QRectF(r.right() - side + 2, r.top() - 2, side, side)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(edge)
            p.drawEllipse(badge)
            p.setPen(QColor("white"))
            f2 = QFont(self.font())
            f2.setPixelSize(int(self._size * 0.22))
            f2.setBold(True)
            p.setFont(f2)
            p.drawText(
                badge, Qt.AlignmentFlag.AlignCenter, "✕" if self.mark is Mark.CASUALTY else "✓"
            )
        p.end()


def keep_target(event: Event) -> int | None:
    """The target number a roll says it keeps ("keeps 4+"), if it says one."""
    m = re.search(r"keeps (\d+)\+", str(event.data.get("result", "")))
    return int(m.group(1)) if m else None


class DiceRow(QWidget):
    """One roll event: its purpose, every die (set-aside dice greyed), its modifiers."""

    def __init__(
        self,
        event: Event,
        target: int | None = None,
        parent: QWidget | None = None,
        show_modifiers: bool = True,
    ) -> None:
        super().__init__(parent)
        self.roll = event  # not ``self.event``: that is QWidget.event()
        d = event.data
        side = d.get("side")
        target = target if target is not None else keep_target(event)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(3)
        faces: Sequence[int] = shown_faces(event)
        kind = "0-9" if zero_nine(event) else None
        head = f"{d.get('purpose', event.text)} — {len(faces)}d{d.get('sides', '?')}"
        if kind:
            head = f"{d.get('purpose', event.text)} — {len(faces)} × 0-9 die"
        if d.get("result"):
            head += f" ({d['result']})"
        title = label(head, bold=True, size=9.5, wrap=True)
        lay.addWidget(title)
        # the dice wrap: a 9D roll in one row was wider than the Decision dock at 1280x800
        # and pushed the whole dialog past its edge (the match dialog's 6th column was cut)
        dice = QWidget()
        row = FlowLayout(dice, spacing=4)
        self.faces: list[DieFace] = []
        for v in faces:
            mark = Mark.PLAIN if target is None else (Mark.KEPT if v >= target else Mark.DISCARDED)
            face = DieFace(v, int(d.get("sides", 6)), side, mark, size=int(theme.DIE_SIZE * 0.8),
                           kind=kind)
            row.addWidget(face)
            self.faces.append(face)
        if not faces:
            row.addWidget(label("no dice", colour=theme.MUTED_TEXT))
        lay.addWidget(dice)
        mods = d.get("modifiers") or []
        if show_modifiers and mods:
            lay.addWidget(ModifierList(mods))


class DiceTray(QWidget):
    """Any number of roll events, one row each, every die shown."""

    def __init__(
        self, events: Sequence[Event] = (), target: int | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._lay = QVBoxLayout(self)
        self._lay.setContentsMargins(0, 0, 0, 0)
        self._lay.setSpacing(8)
        self.rows: list[DiceRow] = []
        for e in events:
            self.add(e, target)

    def add(self, event: Event, target: int | None = None) -> DiceRow:
        row = DiceRow(event, target)
        self._lay.addWidget(row)
        self.rows.append(row)
        return row
