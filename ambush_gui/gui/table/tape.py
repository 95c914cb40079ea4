"""Overlays on the table while a player measures: the tape, the speed rings, the unit's
ghosts, the Hot Spot arrival circle, and the sight line.

Nothing here asks the engine anything: the view hands these items points and numbers
already known, so moving the tape costs a few ``setPos`` calls per mouse move.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ambush_gui.gui.shared import theme
from ambush_gui.gui.table.items import FigureItem, LabelItem, Look, area, cosmetic, pixels_per_unit


def disc(centre: QPointF, radius: float) -> QRectF:
    """The square a circle of ``radius`` about ``centre`` is drawn in."""
    return QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)


class TapeItem(QGraphicsItem):
    """A measuring tape along a path: a yellow band with a mark every inch (a long one
    every 6"), red beyond ``limit`` inches."""

    def __init__(self) -> None:
        super().__init__()
        self.points: list[QPointF] = []
        self.limit = math.inf
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_TAPE)
        self._bounds = QRectF()

    def set_path(self, points: list[QPointF], limit: float) -> None:
        self.prepareGeometryChange()
        self.points = list(points)
        self.limit = limit
        if points:
            xs = [p.x() for p in points]
            ys = [p.y() for p in points]
            self._bounds = QRectF(min(xs) - 1, min(ys) - 1, max(xs) - min(xs) + 2,
                                  max(ys) - min(ys) + 2)
        else:
            self._bounds = QRectF()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self._bounds

    def _split(self) -> tuple[list[QPointF], list[QPointF]]:
        """The path up to the limit, and the rest."""
        inside, done = [self.points[0]], 0.0
        for a, b in zip(self.points, self.points[1:], strict=False):
            leg = math.dist((a.x(), a.y()), (b.x(), b.y()))
            if done + leg <= self.limit:
                inside.append(b)
                done += leg
                continue
            t = max(0.0, (self.limit - done) / leg) if leg else 0.0
            cut = QPointF(a.x() + t * (b.x() - a.x()), a.y() + t * (b.y() - a.y()))
            inside.append(cut)
            rest = [cut, b, *self.points[self.points.index(b) + 1:]]
            return inside, rest
        return inside, []

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if len(self.points) < 2:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        inside, beyond = self._split()
        for part, colour in ((inside, theme.TAPE_BAND), (beyond, theme.TAPE_OVER)):
            if len(part) < 2:
                continue
            painter.setPen(cosmetic(QColor(0, 0, 0, 170), 9.0))
            painter.drawPolyline(part)
            painter.setPen(cosmetic(colour, 7.0))
            painter.drawPolyline(part)
        lod = pixels_per_unit(painter)
        painter.setPen(cosmetic(theme.TAPE_TICK, 1.3))
        done, mark = 0.0, 1.0
        for a, b in zip(self.points, self.points[1:], strict=False):
            dx, dy = b.x() - a.x(), b.y() - a.y()
            leg = math.hypot(dx, dy)
            if leg == 0:
                continue
            nx, ny = -dy / leg, dx / leg
            while mark <= done + leg + 1e-9:
                t = (mark - done) / leg
                half = (4.5 if round(mark) % 6 == 0 else 2.8) / lod
                cx, cy = a.x() + t * dx, a.y() + t * dy
                painter.drawLine(QPointF(cx - nx * half, cy - ny * half),
                                 QPointF(cx + nx * half, cy + ny * half))
                mark += 1.0
            done += leg


def ring_spots(centre: QPointF, radius: float, steps: int = 16) -> list[tuple[str, QPointF]]:
    """Places round a ring for its words, the top first, then ever further from it on
    either side, each with the anchor that keeps the words outside the ring."""
    out = []
    for k in sorted(range(-steps // 2 + 1, steps // 2 + 1), key=lambda k: (abs(k), -k)):
        a = 2 * math.pi * k / steps
        up, across = math.cos(a), math.sin(a)
        anchor = ("above" if up > 0.38 else "below" if up < -0.38
                  else "right" if across > 0 else "left")
        out.append((anchor, QPointF(centre.x() + radius * across, centre.y() - radius * up)))
    return out


class Ring:
    """A dashed circle about a point with a small label at its top."""

    def __init__(self, scene: QGraphicsScene, colour: QColor, width: float = 1.6,
                 dash: bool = True) -> None:
        pen = cosmetic(colour, width, Qt.PenStyle.DashLine if dash else Qt.PenStyle.SolidLine)
        self.circle = QGraphicsEllipseItem()
        self.circle.setPen(pen)
        self.circle.setBrush(Qt.BrushStyle.NoBrush)
        self.circle.setZValue(theme.Z_OVERLAY)
        self.circle.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.label = LabelItem("", point_size=7.5, fg=colour.darker(130), bg=theme.RING_LABEL_BG,
                               anchor="above", gap=1.0)
        self.label.setZValue(theme.Z_OVERLAY + 1)
        scene.addItem(self.circle)
        scene.addItem(self.label)
        self.radius = 0.0
        self.hide()

    def show_at(self, centre: QPointF, radius: float, text: str) -> None:
        self.radius = radius
        self.circle.setRect(disc(centre, radius))
        self.label.set_text(text)
        self.circle.show()
        self.label.show()
        self._place_label(centre)

    def move_to(self, centre: QPointF) -> None:
        self.circle.setRect(disc(centre, self.radius))
        self._place_label(centre)

    def _place_label(self, centre: QPointF) -> None:
        """The ring's words at its top, or else the nearest place round the ring where
        they stay on the table and cover no other name or Hot Spot on it ("Cautious 6\" — limit" lay over
        Bravo team's label); where they cover least when every place is taken."""
        spots = ring_spots(centre, self.radius)
        scene = self.label.scene()
        ppi = float(getattr(scene, "ppi", 0.0) or 0.0)
        names = [i.plate().translated(i.scenePos() * ppi).adjusted(-2, -2, 2, 2)  # their edges
                 for i in (scene.items() if scene else [])
                 if isinstance(i, LabelItem) and i is not self.label and i.isVisible()
                 and not i.rotation()] if ppi > 0 else []
        for spot in getattr(scene, "hot_spots", {}).values():  # the numbered markers too
            p, h = spot.pos() * ppi, spot.r * ppi
            names.append(QRectF(p.x() - h, p.y() - h, 2 * h, 2 * h))
        table = getattr(scene, "table_rect", None)
        room = table() if callable(table) and ppi > 0 else None
        room = QRectF(room.topLeft() * ppi, room.bottomRight() * ppi) if room is not None else None

        def cover(spot: tuple[str, QPointF]) -> float:  # how much it hides, or lies off the table
            rect = self.label.plate(spot[0]).translated(spot[1] * ppi)
            off = 0.0 if room is None else area(rect) - area(rect.intersected(room))
            return off + sum(area(rect.intersected(n)) for n in names)

        anchor, at = min(spots, key=cover)  # the first of the least covered: the top if free
        self.label.set_anchor(anchor)
        self.label.setPos(at)

    def hide(self) -> None:
        self.circle.hide()
        self.label.hide()

    def isVisible(self) -> bool:  # noqa: N802 - reads like Qt's
        return self.circle.isVisible()

    def remove(self, scene: QGraphicsScene) -> None:
        scene.removeItem(self.circle)
        scene.removeItem(self.label)


class MoveOverlay:
    """What a move drag shows: the Cautious and Rapid rings about the start, the ring of
    the movement left about the last waypoint, the tape, the distance and the ghosts."""

    def __init__(self, scene: QGraphicsScene, base_radius: float) -> None:
        self.scene = scene
        self.base_radius = base_radius
        self.cautious = Ring(scene, theme.RING_CAUTIOUS)
        self.rapid = Ring(scene, theme.RING_RAPID)
        self.limit = Ring(scene, theme.RING_LIMIT, width=2.2, dash=False)
        self.tape = TapeItem()
        scene.addItem(self.tape)
        self.readout = LabelItem("", point_size=9.5, bold=True, anchor="right", gap=8.0,
                                 edge=QColor("#333333"), max_width=theme.READOUT_WIDTH)
        self.readout.setZValue(theme.Z_TAPE + 2)
        scene.addItem(self.readout)
        self.ghosts: list[FigureItem] = []
        self._count = 0
        self.waypoints: list[QGraphicsEllipseItem] = []
        self.hide()

    def set_ghosts(self, looks: list[Look]) -> None:
        while len(self.ghosts) < len(looks):
            g = FigureItem(self.base_radius)
            g.setOpacity(theme.GHOST_OPACITY)
            g.setZValue(theme.Z_TAPE + 1)
            self.scene.addItem(g)
            self.ghosts.append(g)
        for g, look in zip(self.ghosts, looks, strict=False):
            g.set_look(look)
        for g in self.ghosts:
            g.hide()
        self._count = len(looks)

    def place_ghosts(self, points: list[QPointF]) -> None:
        for k, g in enumerate(self.ghosts):
            if k < min(len(points), self._count):
                g.setPos(points[k])
                g.show()
            else:
                g.hide()

    def set_waypoints(self, points: list[QPointF]) -> None:
        while len(self.waypoints) < len(points):
            w = QGraphicsEllipseItem(-0.12, -0.12, 0.24, 0.24)
            w.setBrush(theme.WAYPOINT)
            w.setPen(cosmetic(QColor("#ffffff"), 1.5))
            w.setZValue(theme.Z_TAPE + 2)
            w.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.scene.addItem(w)
            self.waypoints.append(w)
        for k, w in enumerate(self.waypoints):
            if k < len(points):
                w.setPos(points[k])
                w.show()
            else:
                w.hide()

    def show_tape(self, visible: bool) -> None:
        self.tape.setVisible(visible)
        self.readout.setVisible(visible)
        if not visible:
            for g in self.ghosts:
                g.hide()

    def hide(self) -> None:
        for ring in (self.cautious, self.rapid, self.limit):
            ring.hide()
        self.show_tape(False)
        self.set_waypoints([])

    def place_labels(self) -> None:
        """The rings' words placed again, once the names on the table are laid out anew
        (a zoom, the first layout after the move began)."""
        for ring in (self.cautious, self.rapid, self.limit):
            if ring.isVisible():
                ring.move_to(ring.circle.rect().center())

    @property
    def visible(self) -> bool:
        return self.tape.isVisible()


class PlaceOverlay:
    """AA-053: the 4" circle about the Hot Spot and the legal set-down points."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.circle = QGraphicsEllipseItem()
        self.circle.setPen(cosmetic(theme.ARRIVAL_RING, 2.0, Qt.PenStyle.DashLine))
        fill = QColor(theme.ARRIVAL_RING)
        fill.setAlpha(28)
        self.circle.setBrush(fill)
        self.circle.setZValue(theme.Z_OVERLAY)
        self.circle.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(self.circle)
        # wrapped: one long line ran past the view's edge at 1280x800
        self.title = LabelItem("", point_size=8.5, bold=True, fg=QColor("#ffffff"),
                               bg=theme.ARRIVAL_RING, anchor="above", gap=2.0,
                               max_width=theme.PLACE_TITLE_WIDTH)
        self._title_at = QPointF()
        self.title.setZValue(theme.Z_OVERLAY + 1)
        scene.addItem(self.title)
        self.marks: list[QGraphicsEllipseItem] = []
        self.hot: int | None = None
        self.hide()

    def show(self, centre: QPointF, radius: float, points: list[QPointF], title: str) -> None:
        self.circle.setRect(disc(centre, radius))
        self.circle.show()
        self.title.set_text(title)
        self._title_at = QPointF(centre.x(), centre.y() - radius)
        self.place_title()
        self.title.show()
        while len(self.marks) < len(points):
            m = QGraphicsEllipseItem(-0.2, -0.2, 0.4, 0.4)
            m.setPen(cosmetic(QColor("#ffffff"), 1.5))
            m.setZValue(theme.Z_OVERLAY + 1)
            m.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.scene.addItem(m)
            self.marks.append(m)
        for k, m in enumerate(self.marks):
            m.setVisible(k < len(points))
            if k < len(points):
                m.setPos(points[k])
                m.setBrush(theme.PLACE_OPTION)
                m.setToolTip("A legal place to set the new unit down (its centre)")
        self.hot = None

    def place_title(self) -> None:
        """Put the title back on top of the circle (a view then keeps it inside itself)."""
        self.title.setPos(self._title_at)

    def highlight(self, index: int | None) -> None:
        if index == self.hot:
            return
        for k, m in enumerate(self.marks):
            m.setBrush(theme.PLACE_HOVER if k == index else theme.PLACE_OPTION)
            m.setScale(1.5 if k == index else 1.0)
        self.hot = index

    def hide(self) -> None:
        self.circle.hide()
        self.title.hide()
        for m in self.marks:
            m.hide()
        self.hot = None


class SightLine(QGraphicsLineItem):
    """The line between the two figures a hover report is about: green clear, red blocked."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(theme.Z_OVERLAY + 3)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.clear = True
        self.hide()

    def show_line(self, a: QPointF, b: QPointF, clear: bool) -> None:
        self.clear = clear
        colour = theme.SIGHT_CLEAR if clear else theme.SIGHT_BLOCKED
        pen = cosmetic(colour, 3.0, Qt.PenStyle.SolidLine if clear else Qt.PenStyle.DashLine)
        self.setPen(pen)
        self.setLine(a.x(), a.y(), b.x(), b.y())
        self.show()
