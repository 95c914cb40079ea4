"""The shot of a fire drawn on a map: an arrow from the shooter to the target, a dashed
ring about the shooter, and a ring about each man or figure it hit.

The table shows them after a fire (:mod:`ambush_gui.gui.table.motion`), and the after-game
report draws them on its pictures of the table and of the Ambush! hex map alike
(:mod:`ambush_gui.gui.report`): one drawing, so a fire reads the same on both.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsPathItem, QGraphicsScene

from ambush_gui.gui.shared import theme


class ShotMarks:
    """A shooter -> target arrow and a ring about the shooter, shown for a while after a
    fire (or an interruption) or held while the player is asked to react to it."""

    def __init__(self, scene: QGraphicsScene, parent: QObject) -> None:
        self.arrow = QGraphicsPathItem()
        pen = QPen(theme.SHOT_LINE, 3.0)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.arrow.setPen(pen)
        self.arrow.setBrush(QBrush(theme.SHOT_LINE))
        self.arrow.setZValue(theme.Z_TAPE + 2)
        self.arrow.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(self.arrow)
        self.ring = QGraphicsEllipseItem()
        ring = QPen(theme.SHOT_LINE, 3.0, Qt.PenStyle.DashLine)
        ring.setCosmetic(True)
        self.ring.setPen(ring)
        self.ring.setZValue(theme.Z_TAPE + 2)
        self.ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(self.ring)
        self.timer = QTimer(parent)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.hide)
        self.pair: tuple[str, str] | None = None  # (shooter, target) unit ids on show
        self.ends: tuple[list[QPointF], list[QPointF]] = ([], [])  # the figures it joins
        self.radius = 0.0
        self.held = False
        self.hide()

    def show(self, pair: tuple[str, str], shooter: list[QPointF], target: list[QPointF],
             radius: float, ms: int | None) -> None:
        """Draw the arrow from the shooter's figures to the target's; ``ms`` None holds
        it until :meth:`hide` (a decision about the shot is open)."""
        self.radius = radius
        self.redraw(shooter, target)
        self.arrow.show()
        self.ring.show()
        self.pair = pair
        self.held = ms is None
        self.timer.stop()
        if ms is not None:
            self.timer.start(max(1, ms))

    def redraw(self, shooter: list[QPointF], target: list[QPointF]) -> None:
        """The arrow and the ring drawn again between figures where they stand now (the
        target moved on while the shot was on show: the arrow pointed where it had stood)."""
        self.ends = (list(shooter), list(target))
        radius = self.radius
        a, b = _middle(shooter), _middle(target)
        line = QLineF(a, b)
        if line.length() > 2 * radius:  # from the shooter's edge to the target's
            line = QLineF(line.pointAt(radius / line.length()),
                          line.pointAt(1 - 1.6 * radius / line.length()))
        path = QPainterPath(line.p1())
        path.lineTo(line.p2())
        head = 1.2 * radius
        angle = math.atan2(line.dy(), line.dx())
        tip = line.p2()
        for side in (-1, 1):
            path.moveTo(tip)
            path.lineTo(tip - QPointF(head * math.cos(angle + side * 0.45),
                                      head * math.sin(angle + side * 0.45)))
        self.arrow.setPath(path)
        box = QRectF(a, a)
        for p in shooter:
            box = box.united(QRectF(p, p))
        pad = 1.8 * radius
        self.ring.setRect(box.adjusted(-pad, -pad, pad, pad))

    def hide(self) -> None:
        self.timer.stop()
        self.arrow.hide()
        self.ring.hide()
        self.pair = None
        self.held = False

    def visible(self) -> bool:
        return self.arrow.isVisible()


def _middle(points: list[QPointF]) -> QPointF:
    n = max(1, len(points))
    return QPointF(sum(p.x() for p in points) / n, sum(p.y() for p in points) / n)


def hit_ring(centre: QPointF, radius: float) -> QGraphicsEllipseItem:
    """A ring of ``radius`` about a man or figure a fire hit, over the shot's arrow."""
    pen = QPen(theme.BIG_MOMENT, 3.0)
    pen.setCosmetic(True)
    ring = QGraphicsEllipseItem(QRectF(-radius, -radius, 2 * radius, 2 * radius))
    ring.setPen(pen)
    ring.setPos(centre)
    ring.setZValue(theme.Z_TAPE + 3)
    return ring
