"""What the other side did, shown on the table: figures that slide along their path and
the shot of a fire, an interruption or a reaction.

The controller presents an answer's events after the engine has resolved all of it, so
when a ``move`` event is shown the figure items still stand where they were drawn last:
the slide starts there and ends at the event's ``to`` (the unit's new centre). Nothing
here computes a rule: the positions come from the events and the answer's own path.
The shot's arrow and rings are :mod:`ambush_gui.gui.shared.shot_marks` (the after-game
report draws them on the hex map too).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PySide6.QtCore import QEasingCurve, QLineF, QObject, QPointF, QVariantAnimation
from PySide6.QtWidgets import QGraphicsItem

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
