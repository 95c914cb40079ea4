"""The score as it stands, in the Turn panel: one line with each side's points if the game
ended now, and the award lines (the victory screen's) in a pop-up, each saying whether its
points are won for good, counted only at the end, or still open, and what is still to be
won. The engine computes it all (:func:`ambush_gui.alley.victory.standing`); nothing here
counts a point."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from ambush_gui.alley.model import Side
from ambush_gui.alley.victory import AwardStanding, Standing
from ambush_gui.gui.shared import theme

SHORTCUT = "Ctrl+P"  # "points"
MOST_LINES = 3  # an award's own lines listed in the pop-up; the rest counted
POPUP_WIDTH = 440
NBSP = "\u00a0"  # keeps a side's name with its points when the score line wraps

WON, AT_THE_END, OPEN, FINAL = "won", "if the game ended now", "still open", "final"
STATUS_TIPS = {
    WON: "won for good: these points stay whatever happens",
    AT_THE_END: "counted only at the end: what it would give now, and it may still change",
    OPEN: "nothing yet: the points are still to be won",
}


def status(a: AwardStanding, over: bool) -> str:
    """How sure an award's points are: final, won for good, counted only at the end, or open."""
    if over:
        return FINAL
    if a.at_the_end:
        return AT_THE_END
    return WON if a.lines else OPEN


def _names(game: Any) -> dict[str, str]:
    return {str(getattr(k, "value", k)): v.name for k, v in game.spec.sides.items()}


def summary_html(s: Standing, names: dict[str, str],
                 fits: Callable[[str], bool] = lambda _: True) -> str:
    """"Score now: Border Horse 6 · Militia 4", each side in its colour. A side's mark, name
    and points are held together by non-breaking spaces, so the line wraps after "Score:"
    or a "·", between the sides: at 1280x800 it wrapped as "◆ Militia" with its "8" alone
    below. A side whose words do not ``fit`` on one line (a long name at the largest text)
    may break inside its name, never between its last word and its points; a "·" that
    does not fit after them goes to the next line."""
    parts = []
    for k, side in enumerate(Side):
        mark, name = theme.side_mark(side.value), names.get(side.value, side.value)
        points = str(s.total(side))
        whole = f"{mark} {name} {points}"
        inside = NBSP if fits(whole) else " "
        words = inside.join(escape(w) for w in name.split())
        dot = "" if k == len(Side) - 1 else f"{NBSP if fits(whole + ' ·') else ' '}· "
        parts.append(f"<span style='color:{theme.SIDE_COLOURS[side.value].name()}'>"
                     f"{mark}{NBSP}{words}{NBSP}<b>{points}</b></span>{dot}")
    return f"{'Final score' if s.over else 'Score'}: " + "".join(parts)


def lines_html(s: Standing, names: dict[str, str]) -> str:
    """Every award of each side: its title and points, how sure they are, the lines that
    earned them and the note (what is still to be won, or why it gave nothing)."""
    muted = theme.MUTED_TEXT.name()
    head = ("The final score" if s.over else
            "The score if the game ended now. <i>won</i>: kept whatever happens; <i>if the game "
            "ended now</i>: counted only at the end; <i>still open</i>: nothing yet.")
    out = [f"<p style='color:{muted}'>{head}</p>"]
    for side in Side:
        colour = theme.SIDE_COLOURS[side.value].name()
        out.append(f"<p style='margin-top:6px'><b style='color:{colour}'>"
                   f"{theme.side_mark(side.value)} {escape(names.get(side.value, side.value))}: "
                   f"{s.total(side)} VP</b></p>")
        rows = []
        for a in s.of(side):
            said = status(a, s.over)
            rows.append(f"<tr><td align='right' style='padding-right:6px'><b>{a.points:+d}</b></td>"
                        f"<td><b>{escape(a.title)}</b>"
                        + ("" if said == FINAL else f" <span style='color:{muted}'>— {said}</span>")
                        + "</td></tr>")
            shown = list(a.lines[:MOST_LINES])
            if len(a.lines) > MOST_LINES:
                shown.append(f"… and {len(a.lines) - MOST_LINES} more")
            rows += [f"<tr><td></td><td>{escape(line)}</td></tr>" for line in shown]
            if a.note:
                rows.append(f"<tr><td></td><td style='color:{muted}'>{escape(a.note)}</td></tr>")
        if not rows:
            rows.append(f"<tr><td></td><td style='color:{muted}'>no award for this side</td></tr>")
        out.append("<table cellspacing='0' cellpadding='1'>" + "".join(rows) + "</table>")
    return "".join(out)


class ScorePopup(QFrame):
    """The award lines, over the table beside the Turn panel until a click elsewhere or Esc."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Popup)
        self.setFrameShape(QFrame.Shape.Box)
        self.setStyleSheet("ScorePopup { background: palette(base); }")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 8)
        self.text = QLabel()
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setWordWrap(True)
        self.text.setFont(theme.label_font(9.5))
        self.text.setFixedWidth(POPUP_WIDTH)
        lay.addWidget(self.text)

    def show_at(self, html: str, at: QPoint) -> None:
        """Show ``html`` with its top-left corner at ``at`` (global), kept on the screen."""
        self.text.setText(html)
        self.adjustSize()
        screen = QGuiApplication.screenAt(at) or QGuiApplication.primaryScreen()
        room = screen.availableGeometry()
        x = max(room.left(), min(at.x(), room.right() - self.width()))
        y = max(room.top(), min(at.y(), room.bottom() - self.height()))
        self.move(x, y)
        self.show()


class ScoreBox(QWidget):
    """One line in the Turn panel: each side's points as they stand; a click on it, its
    button or Ctrl+P shows the award lines."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.summary.setFont(theme.label_font(9.5))
        self.summary.setCursor(Qt.CursorShape.PointingHandCursor)
        # its width is the panel's to give: the words held whole must not widen the Turn
        # panel past its dock (a sideways scroll bar at the largest text); they are held
        # whole only where they fit (_show_summary)
        self.summary.setMinimumWidth(1)
        self.more = QToolButton()
        self.more.setText("▸")
        self.more.setAutoRaise(True)
        self.more.setToolTip(f"The score award by award: what is won, what is counted only at the end, "
                             f"and what is still to be won ({SHORTCUT})")
        self.more.clicked.connect(self.show_lines)
        row.addWidget(self.summary, 1)
        row.addWidget(self.more, 0, Qt.AlignmentFlag.AlignTop)
        self.popup = ScorePopup(self)
        self.html = ""
        self._standing: tuple[Standing, dict[str, str]] | None = None  # what the line shows
        self.setVisible(False)

    def show_standing(self, game: Any) -> None:
        """Show the game's score as it stands (a game with no awards shows no line)."""
        from ambush_gui.alley import victory

        if not hasattr(game, "spec") or not game.spec.victory.all_awards():
            self.setVisible(False)
            return
        s = victory.standing(game)
        names = _names(game)
        self._standing = (s, names)
        self._show_summary()
        self.html = lines_html(s, names)
        self.summary.setToolTip(("" if s.over else "If the game ended now. ") +
                                f"Click for the lines award by award ({SHORTCUT}).")
        self.setVisible(True)
        if self.popup.isVisible():
            self.popup.text.setText(self.html)
            self.popup.adjustSize()

    def _show_summary(self) -> None:
        """The score's line for the label's width: a side's words kept whole where they fit."""
        if self._standing is None:
            return
        # the points are bold: a little room to spare
        room = self.summary.contentsRect().width() - self.summary.fontMetrics().averageCharWidth()
        html = summary_html(*self._standing,
                            fits=lambda t: self.summary.fontMetrics().horizontalAdvance(t) <= room)
        if html != self.summary.text():
            self.summary.setText(html)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._show_summary()  # narrower or wider: whether a long name must break changes

    def show_lines(self) -> None:
        """The award lines in the pop-up, beside the Turn panel over the table."""
        if not self.html:
            return
        at = self.mapToGlobal(QPoint(self.width() + 12, 0))
        self.popup.show_at(self.html, at)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        if event.button() is Qt.MouseButton.LeftButton:
            self.show_lines()
        super().mousePressEvent(event)
