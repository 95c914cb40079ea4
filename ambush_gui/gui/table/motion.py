"""What the other side did, shown on the table: figures that slide along their path and
the shot of a fire, an interruption or a reaction.

The controller presents an answer's events after the engine has resolved all of it, so
when a ``move`` event is shown the figure items still stand where they were drawn last:
the slide starts there and ends at the event's ``to`` (the unit's new centre). Nothing
here computes a rule: the positions come from the events and the answer's own path.
Ambush! does the same with its counter slides and red fire arrows (the hex view); this
is the table's version, not an import of it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PySide6.QtCore import QEasingCurve, QLineF, QObject, QPointF, QRectF, Qt, QTimer, QVariantAnimation
from PySide6.QtGui import QBrush, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsPathItem, QGraphicsScene

from ambush_gui.core.geometry import path_length, point_along
from ambush_gui.gui.shared import theme

Point = tuple[float, float]


def slide_route(start: Point, to: Point, distance: float, answer: object) -> list[Point]:
    """The route a move event's figures slide along: the answered path (a MOVE answer's
    ``path``, from ``start``) cut at the event's ``distance`` when it ends at ``to``;
    else the straight line (the rest of an interrupted move, a pick-up's stop)."""
    if isinstance(answer, dict) and isinstance(answer.get("path"), list) and answer["path"]:
        try:
            route = [start, *((float(x), float(y)) for x, y in answer["path"])]
        except (TypeError, ValueError):
            route = []
        if len(route) > 1 and distance > 0:
            end = point_along(route, min(distance, path_length(route)))
            if math.dist(end, to) < 0.05:
                return _cut(route, distance)
    return [start, to]


def _cut(route: list[Point], distance: float) -> list[Point]:
    """``route`` up to ``distance`` along it."""
    out, done = [route[0]], 0.0
    for a, b in zip(route, route[1:], strict=False):
        leg = math.dist(a, b)
        if done + leg >= distance:
            out.append(point_along([a, b], distance - done))
            return out
        out.append(b)
        done += leg
    return out


class FigureSlide(QObject):
    """Slides a group of figure items together along a route (scene points)."""

    def __init__(self, items: Sequence[QGraphicsItem], route: list[QPointF], ms: int,
                 done: Callable[[], None] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.items = list(items)
        self.route = route
        self.starts = [QPointF(i.pos()) for i in self.items]
        self.z = [i.zValue() for i in self.items]
        self.done = done
        self._legs = [QLineF(a, b).length() for a, b in zip(route, route[1:], strict=False)]
        self.length = sum(self._legs)
        self.anim = QVariantAnimation(self)
        self.anim.setStartValue(0.0)
        self.anim.setEndValue(1.0)
        self.anim.setDuration(max(1, ms))
        self.anim.setEasingCurve(QEasingCurve.Type.InOutSine)
        self.anim.valueChanged.connect(lambda v: self._at(float(v)))
        self.anim.finished.connect(self.finish)

    def start(self) -> None:
        for i in self.items:
            i.setZValue(theme.Z_SLIDING)
        self.anim.start()

    def _offset(self, t: float) -> QPointF:
        d = t * self.length
        for (a, b), leg in zip(zip(self.route, self.route[1:], strict=False), self._legs, strict=False):
            if d <= leg or leg == 0:
                f = d / leg if leg else 1.0
                return a + (b - a) * f - self.route[0]
            d -= leg
        return self.route[-1] - self.route[0]

    def _at(self, t: float) -> None:
        off = self._offset(t)
        for item, start in zip(self.items, self.starts, strict=False):
            item.setPos(start + off)

    def finish(self) -> None:
        """Stop where the route ends (also when a newer slide or a redraw takes over)."""
        if self.anim.state() is QVariantAnimation.State.Running:
            self.anim.stop()
        self._at(1.0)
        for i, z in zip(self.items, self.z, strict=False):
            i.setZValue(z)
        done, self.done = self.done, None
        if done is not None:
            done()


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
