"""The balance chart: what N computer-against-computer games say about a scenario.

Three panels painted with QPainter (QtCharts is not part of PySide6-Essentials):

* **Who wins** — one bar per side and one for draws, the share of games in percent;
* **Victory points** — how often each side ended a game with each score, the sides'
  bars side by side in every bin;
* **Game length** — how many games lasted each number of turns.

Every bar answers a tooltip with its exact figures, and :meth:`BalanceChart.figures`
returns the numbers the chart draws (what the tests check). The chart only shows a
:class:`~ambush_gui.ai.simulate.Report`; it computes no rule.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QToolTip, QWidget

from ambush_gui.ai.simulate import Report
from ambush_gui.gui.shared import theme

MAX_BINS = 16  # more distinct values than this are grouped into ranges


@dataclass(frozen=True)
class Bin:
    """A range of whole numbers ``low..high`` (one value when they are equal)."""

    low: int
    high: int

    @property
    def label(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"

    def holds(self, value: int) -> bool:
        return self.low <= value <= self.high


def bins_for(values: list[int], most: int = MAX_BINS) -> list[Bin]:
    """Bins covering ``values``: one per whole number, or equal ranges when too many.

    >>> [b.label for b in bins_for([2, 3, 5])]
    ['2', '3', '4', '5']
    >>> [b.label for b in bins_for(list(range(40)), most=4)]
    ['0–9', '10–19', '20–29', '30–39']
    """
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / most))
    return [Bin(v, min(high, v + width - 1)) for v in range(low, high + 1, width)]


def side_name(side: str) -> str:
    return "Draw" if side == "draw" else theme.SIDE_NAMES.get(side, side.capitalize())


def side_colour(side: str) -> QColor:
    return theme.SIDE_COLOURS.get(side, theme.NEUTRAL)


class BalanceChart(QWidget):
    """Win rates, victory-point distributions and game lengths of a simulation."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.report: Report | None = None
        self.sides: list[str] = []
        self.waiting = ""  # said instead of the chart while a run has no game to show yet
        self._hits: list[tuple[QRectF, str]] = []
        self.setMinimumSize(720, 300)
        self.setMouseTracking(True)
        self.setToolTip("Point at a bar for its exact figures")

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(1020, 380)

    def set_report(self, report: Report | None, waiting: str = "") -> None:
        """Chart ``report``; with None, say ``waiting`` (a run has begun) or how to begin."""
        self.report, self.waiting = report, waiting
        self.sides = [s for s in report.wins if s != "draw"] if report is not None else []
        self.update()

    # -- the figures --------------------------------------------------------------------------
    def figures(self) -> dict[str, Any]:
        """The numbers drawn: games, win share by side (percent), the victory points each
        side scored game by game (counts per bin), and game lengths (counts per turn bin)."""
        r = self.report
        if r is None:
            return {}
        finished = len(r.outcomes)
        wins = {side: r.wins.get(side, 0) for side in [*self.sides, "draw"]}
        rates = {side: 100.0 * n / finished if finished else 0.0 for side, n in wins.items()}
        vp_values = [pts.get(side, 0) for _, pts, _ in r.outcomes for side in self.sides]
        vp_bins = bins_for(vp_values)
        vp = {side: [sum(1 for _, pts, _ in r.outcomes if b.holds(pts.get(side, 0))) for b in vp_bins]
              for side in self.sides}
        turns = [t for _, _, t in r.outcomes]
        turn_bins = bins_for(turns)
        length = [sum(1 for t in turns if b.holds(t)) for b in turn_bins]
        return {
            "games": r.games,
            "finished": finished,
            "wins": wins,
            "win_rates": rates,
            "vp_bins": [b.label for b in vp_bins],
            "vp": vp,
            "turn_bins": [b.label for b in turn_bins],
            "turns": length,
            "turn_counts": dict(sorted(Counter(turns).items())),
        }

    # -- tooltips -----------------------------------------------------------------------------
    def event(self, ev: QEvent) -> bool:
        if ev.type() == QEvent.Type.ToolTip:
            pos = QPointF(ev.pos())  # type: ignore[attr-defined]
            for rect, text in self._hits:
                if rect.contains(pos):
                    QToolTip.showText(ev.globalPos(), text, self)  # type: ignore[attr-defined]
                    return True
            QToolTip.showText(ev.globalPos(), self.toolTip() if self.report else "", self)  # type: ignore[attr-defined]
            return True
        return super().event(ev)

    def tooltip_at(self, pos: QPointF) -> str | None:
        """The tooltip a bar at ``pos`` shows (None between bars)."""
        for rect, text in self._hits:
            if rect.contains(pos):
                return text
        return None

    # -- painting -----------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#ffffff"))
        self._hits = []
        if self.report is None or not self.report.outcomes:
            p.setPen(theme.MUTED_TEXT)
            p.setFont(theme.label_font(11))
            text = ("No game finished: nothing to chart." if self.report is not None else
                    self.waiting or "Run a simulation to see who wins, the victory points and how "
                    "long games last.")
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, text)
            return
        f = self.figures()
        legend_h = 30.0
        area = QRectF(self.rect()).adjusted(10, 8, -10, -legend_h - 6)
        gap = 24.0
        widths = (0.24, 0.42, 0.34)
        usable = area.width() - 2 * gap
        x = area.left()
        rects = []
        for w in widths:
            rects.append(QRectF(x, area.top(), usable * w, area.height()))
            x += usable * w + gap
        keys = [*self.sides, "draw"]
        self._panel(p, rects[0], "Who wins (% of games)", [side_name(k) for k in keys],
                    {"": [f["win_rates"][k] for k in keys]}, percent=True,
                    colours=[side_colour(k) for k in keys],
                    tips=[f"{side_name(k)}: {f['wins'][k]} of {f['finished']} games "
                          f"({f['win_rates'][k]:.1f}%)" for k in keys])
        self._panel(p, rects[1], "Victory points at the end (games)", f["vp_bins"],
                    {s: f["vp"][s] for s in self.sides}, colours=[side_colour(s) for s in self.sides],
                    tip_of=lambda series, label, n: f"{side_name(series)} scored {label} VP in {n} "
                                                    f"game{'s' if n != 1 else ''}",
                    x_title="victory points")
        self._panel(p, rects[2], "Game length (games)", f["turn_bins"], {"turns": f["turns"]},
                    colours=[theme.CHART_LENGTH],
                    tip_of=lambda _s, label, n: f"{n} game{'s' if n != 1 else ''} lasted {label} "
                                                f"turn{'s' if label != '1' else ''}",
                    x_title="turns played")
        self._legend(p, QRectF(self.rect()).adjusted(10, self.height() - legend_h - 4, -10, -4))

    def _panel(self, p: QPainter, rect: QRectF, title: str, labels: list[str],
               series: dict[str, list[float]], colours: list[QColor], percent: bool = False,
               tips: list[str] | None = None, tip_of: Any = None, x_title: str = "") -> None:
        """One bar chart: a title, a y axis with grid lines, labelled bars, an x caption."""
        p.setPen(theme.DIALOG_TEXT)
        p.setFont(theme.label_font(10.5, True))
        title_h = 24.0
        p.drawText(QRectF(rect.left(), rect.top(), rect.width(), title_h),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
        small = theme.label_font(8.5)
        fm = QFontMetricsF(small)
        p.setFont(small)
        top = max((max(vals) for vals in series.values() if vals), default=0.0)
        step, steps = (25.0, 4) if percent else axis_steps(top)
        ymax = step * steps
        axis_w = fm.horizontalAdvance("100%") + 8
        bottom_h = fm.height() * (2.4 if x_title else 1.4)
        plot = QRectF(rect.left() + axis_w, rect.top() + title_h + fm.height(),
                      rect.width() - axis_w, rect.height() - title_h - fm.height() - bottom_h)
        # grid and y labels
        for i in range(steps + 1):
            value = ymax * i / steps
            y = plot.bottom() - plot.height() * i / steps
            p.setPen(QPen(theme.CHART_GRID, 1))
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            p.setPen(theme.MUTED_TEXT)
            text = f"{value:.0f}%" if percent else f"{value:g}"
            p.drawText(QRectF(rect.left(), y - fm.height() / 2, axis_w - 5, fm.height()),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, text)
        p.setPen(QPen(theme.DIALOG_TEXT, 1))
        p.drawLine(plot.bottomLeft(), plot.bottomRight())
        if not labels:
            return
        n_series = len(series)
        slot = plot.width() / len(labels)
        bar_w = min(46.0, slot * 0.8 / n_series)
        every = max(1, math.ceil(fm.horizontalAdvance("00–00") * 1.2 / slot))  # labels that fit
        for i, label in enumerate(labels):
            group_w = bar_w * n_series
            x0 = plot.left() + slot * i + (slot - group_w) / 2
            for j, (name, vals) in enumerate(series.items()):
                value = vals[i]
                h = plot.height() * (value / ymax if ymax else 0.0)
                bar = QRectF(x0 + j * bar_w, plot.bottom() - h, bar_w - (1 if n_series > 1 else 0), h)
                colour = colours[i] if tips is not None else colours[j]
                p.fillRect(bar, colour)
                hit = QRectF(bar.left(), plot.top(), bar.width(), plot.height())
                tip = tips[i] if tips is not None else tip_of(name, label, int(value))
                self._hits.append((hit, tip))
                if percent:  # the share above its bar
                    p.setPen(theme.DIALOG_TEXT)
                    p.setFont(theme.label_font(9, True))
                    p.drawText(QRectF(bar.left() - 20, bar.top() - fm.height() - 2, bar.width() + 40,
                                      fm.height()), Qt.AlignmentFlag.AlignCenter, f"{value:.0f}%")
                    p.setFont(small)
            if i % every == 0 or i == len(labels) - 1 and every == 1:
                p.setPen(theme.DIALOG_TEXT)
                p.drawText(QRectF(plot.left() + slot * i - 20, plot.bottom() + 2, slot + 40, fm.height()),
                           Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, label)
        if x_title:
            p.setPen(theme.MUTED_TEXT)
            p.drawText(QRectF(plot.left(), plot.bottom() + fm.height() + 2, plot.width(), fm.height()),
                       Qt.AlignmentFlag.AlignHCenter, x_title)

    def _legend(self, p: QPainter, rect: QRectF) -> None:
        p.setFont(theme.label_font(9))
        fm = QFontMetricsF(p.font())
        x = rect.left()
        entries = [(side_colour(s), side_name(s)) for s in [*self.sides, "draw"]]
        entries.append((theme.CHART_LENGTH, "Games of that length"))
        for colour, text in entries:
            swatch = QRectF(x, rect.center().y() - 6, 12, 12)
            p.fillRect(swatch, colour)
            p.setPen(theme.DIALOG_TEXT)
            p.drawText(QPointF(x + 17, rect.center().y() + fm.ascent() / 2 - 1), text)
            x += 17 + fm.horizontalAdvance(text) + 22


def axis_steps(top: float) -> tuple[float, int]:
    """A whole, round step (1, 2, 5 × 10ⁿ) and how many of them reach ``top``, about five.

    >>> axis_steps(41), axis_steps(94), axis_steps(0), axis_steps(3)
    ((10, 5), (20, 5), (1, 1), (1, 3))
    """
    if top <= 0:
        return 1, 1
    rough = top / 5
    exp = 10 ** math.floor(math.log10(rough)) if rough >= 1 else 1
    step = next((m * exp for m in (1, 2, 5, 10) if m * exp >= rough), 10 * exp)
    return step, max(1, math.ceil(top / step))
