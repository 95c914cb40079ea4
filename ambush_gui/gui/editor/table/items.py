"""The editor's own marks on the free-measure table: grid, handles, rings, outlines, markers.

Everything the scenario itself holds (terrain, figures, Hot Spots, friendly edges) is
drawn with the game's own items from :mod:`ambush_gui.gui.table.items`, so a table looks the
same in the editor as in play. This module adds only what editing needs on top: an inch
grid, the selection outline and its corner handles, the 6" spacing ring round Hot Spots
(AA-050), the rubber band of a piece being drawn, the small markers for aid stations
(escorts are drawn by the canvas with the game's own figure), and the
deployment zones (translucent areas in the side's colour, named with the side).

Like the game's items, these take no mouse input: the
:class:`~ambush_gui.gui.editor.table.canvas.TableCanvas` reads the mouse and asks what
is under it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ambush_gui.gui.shared import theme
from ambush_gui.gui.table.items import cosmetic, draw_fixed_text, pixels_per_unit

HANDLE_PX = 9.0  # the side of a corner handle, in screen pixels


class GridItem(QGraphicsItem):
    """Faint lines every inch over the table, stronger every 6" (the common move)."""

    def __init__(self, width: float, height: float) -> None:
        super().__init__()
        self.w, self.h = width, height
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.EDITOR_Z_GRID)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return QRectF(0, 0, self.w, self.h)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        fine, major = cosmetic(theme.EDITOR_GRID, 1.0), cosmetic(theme.EDITOR_GRID_MAJOR, 1.0)
        for k in range(1, int(self.w - 1e-6) + 1):
            painter.setPen(major if k % 6 == 0 else fine)
            painter.drawLine(QPointF(k, 0), QPointF(k, self.h))
        for k in range(1, int(self.h - 1e-6) + 1):
            y = self.h - k
            painter.setPen(major if k % 6 == 0 else fine)
            painter.drawLine(QPointF(0, y), QPointF(self.w, y))


class OutlineItem(QGraphicsItem):
    """The selected piece's outline (dashed, in the selection colour), or the shape being
    drawn: a rubber-band rectangle, or a polygon's corners so far and the line to the mouse."""

    def __init__(self, points: list[QPointF], closed: bool = True,
                 colour: QColor = theme.SELECTION) -> None:
        super().__init__()
        self.points = points
        self.closed = closed
        self.colour = colour
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_OVERLAY)

    def set_points(self, points: list[QPointF], closed: bool | None = None) -> None:
        self.prepareGeometryChange()
        self.points = points
        if closed is not None:
            self.closed = closed
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        if not self.points:
            return QRectF()
        return QPolygonF(self.points).boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.points:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(cosmetic(QColor(0, 0, 0, 160), 4.0))
        self._draw(painter)
        painter.setPen(cosmetic(self.colour, 2.0, Qt.PenStyle.DashLine))
        self._draw(painter)

    def _draw(self, painter: QPainter) -> None:
        poly = QPolygonF(self.points)
        if self.closed:
            painter.drawPolygon(poly)
        else:
            painter.drawPolyline(poly)


class HandleItem(QGraphicsItem):
    """A corner handle: a small white square of fixed screen size; drag it to reshape."""

    def __init__(self, at: QPointF, index: int) -> None:
        super().__init__()
        self.index = index
        self.setPos(at)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_OVERLAY + 1)
        self.setToolTip("Drag to reshape the piece")

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        s = HANDLE_PX / 2 + 1
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        s = HANDLE_PX / 2
        painter.setPen(cosmetic(theme.FIGURE_OUTLINE, 1.2))
        painter.setBrush(QColor("#ffffff"))
        painter.drawRect(QRectF(-s, -s, 2 * s, 2 * s))


class RingItem(QGraphicsItem):
    """A circle of ``radius`` inches round a point: the 6" a Hot Spot keeps clear (AA-050).
    Drawn red while the spot being placed is inside it."""

    def __init__(self, centre: QPointF, radius: float) -> None:
        super().__init__()
        self.r = radius
        self.bad = False
        self.setPos(centre)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_OVERLAY)

    def set_bad(self, bad: bool) -> None:
        if bad != self.bad:
            self.bad = bad
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        s = self.r + 0.2
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = theme.ILLEGAL if self.bad else theme.HOT_SPOT
        fill = QColor(colour)
        fill.setAlpha(45 if self.bad else 18)
        painter.setBrush(fill)
        painter.setPen(cosmetic(colour, 2.0, Qt.PenStyle.DashLine))
        painter.drawEllipse(QPointF(0, 0), self.r, self.r)


class MarkRingItem(QGraphicsItem):
    """A ring of ``width`` screen pixels round a point, ``radius`` inches out, that takes no
    clicks: what marks a selected marker or a leader."""

    def __init__(self, radius: float, colour: QColor, width: float, z: float,
                 margin: float) -> None:
        super().__init__()
        self.r, self.colour, self.width, self.margin = radius, colour, width, margin
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(z)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        s = self.r + self.margin
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(cosmetic(self.colour, self.width))
        painter.drawEllipse(QPointF(0, 0), self.r, self.r)


class SelectRingItem(MarkRingItem):
    """A ring of fixed screen width round a selected marker (a Hot Spot, an aid station)."""

    def __init__(self, radius: float) -> None:
        super().__init__(radius, theme.SELECTION, 4.0, theme.Z_OVERLAY, 0.3)


class SizeTagItem(QGraphicsItem):
    """The size of the rectangle being drawn ("4 x 3.5\""), beside the mouse."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_OVERLAY + 2)

    def set_text(self, text: str, at: QPointF) -> None:
        self.text = text
        self.setPos(at)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return QRectF(-6, -3, 12, 6)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        px = 12.0
        lod = pixels_per_unit(painter)
        w, h = (8 * len(self.text) + 8) / lod, 18 / lod
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(theme.LABEL_BG)
        painter.drawRoundedRect(QRectF(-w / 2, -h / 2, w, h), 3 / lod, 3 / lod)
        draw_fixed_text(painter, QPointF(0, 0), self.text, px, theme.LABEL_TEXT)


class ProblemRingItem(QGraphicsItem):
    """A red dashed ring round a figure or marker the game's loader finds fault with (its
    tooltip says what is wrong)."""

    def __init__(self, radius: float, tip: str) -> None:
        super().__init__()
        self.r = radius
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_OVERLAY - 1)
        self.setToolTip(tip)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        s = self.r + 0.3
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(cosmetic(theme.ILLEGAL, 2.5, Qt.PenStyle.DashLine))
        painter.drawEllipse(QPointF(0, 0), self.r, self.r)


class ZoneItem(QGraphicsItem):
    """A deployment zone: a translucent area in its side's colour with a dashed edge and a
    small plate naming it ("Regulars set up") in its north-west corner. Drawn with a red
    edge when the game's loader finds fault with it (off the table, crossing itself)."""

    def __init__(self, polygon: QPolygonF, colour: QColor, text: str, tip: str) -> None:
        super().__init__()
        self.polygon = polygon
        self.colour = QColor(colour)
        self.text = text
        self.bad = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.ZONE_Z)
        self.setToolTip(tip)

    def set_bad(self, bad: bool, why: str = "") -> None:
        self.bad = bad
        if why:
            self.setToolTip(f"{self.toolTip()}\n⚠ {why}")
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self.polygon.boundingRect().adjusted(-0.3, -0.3, 0.3, 0.3)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self.polygon)
        path.closeSubpath()
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(self.colour)
        fill.setAlpha(theme.ZONE_FILL_ALPHA)
        edge = QColor(theme.ILLEGAL if self.bad else self.colour)
        edge.setAlpha(theme.ZONE_EDGE_ALPHA)
        painter.setBrush(fill)
        pen = cosmetic(edge, 3.0 if self.bad else 2.0, Qt.PenStyle.CustomDashLine)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        pen.setDashPattern([5, 3])
        painter.setPen(pen)
        painter.drawPolygon(self.polygon)
        if not self.text:
            return
        lod = pixels_per_unit(painter)
        box = self.polygon.boundingRect()
        px = 11.0
        w, h = (7.0 * len(self.text) + 12) / lod, 17 / lod
        if w > box.width() or 2 * h > box.height():
            return  # too small at this zoom to be named
        # in the north-west corner, where it is least often under the side's own figures
        centre = QPointF(box.left() + w / 2 + 4 / lod, box.top() + h / 2 + 4 / lod)
        plate = QColor(self.colour)
        plate.setAlpha(200)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(plate)
        painter.drawRoundedRect(QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h), 3 / lod, 3 / lod)
        draw_fixed_text(painter, centre, self.text, px, theme.EXIT_TEXT)


class IedItem(QGraphicsItem):
    """An IED the designer placed (FF-044..051): a dark diamond with a bright edge and
    "IED" under it, its reach a faint dashed ring; dimmer when it is hidden from the
    players (most are)."""

    def __init__(self, radius: float, reach: float, hidden: bool, tip: str) -> None:
        super().__init__()
        self.r, self.reach, self.hidden = radius, reach, hidden
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_MARKERS)
        self.setToolTip(tip)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        s = max(self.reach, 1.6 * self.r) + 0.1
        return QRectF(-s, -s, 2 * s, 2 * s)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        s = 1.3 * self.r
        path.addRect(QRectF(-s, -s, 2 * s, 2 * s))
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        ring = QColor(theme.ILLEGAL)
        ring.setAlpha(110)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(cosmetic(ring, 1.0, Qt.PenStyle.DashLine))
        painter.drawEllipse(QPointF(0, 0), self.reach, self.reach)
        r = self.r
        diamond = QPolygonF([QPointF(0, -r), QPointF(r, 0), QPointF(0, r), QPointF(-r, 0)])
        fill = QColor("#3a2a1a")
        fill.setAlpha(170 if self.hidden else 255)
        painter.setBrush(fill)
        painter.setPen(cosmetic(QColor("#ff9a1f"), 2.0))
        painter.drawPolygon(diamond)
        painter.setPen(cosmetic(QColor("#ffd27a"), 1.0))
        painter.drawLine(QPointF(-0.35 * r, 0), QPointF(0.35 * r, 0))
        painter.drawLine(QPointF(0, -0.35 * r), QPointF(0, 0.35 * r))


class LeaderRingItem(MarkRingItem):
    """A Positive (green) or Negative (red) Leader's ring round his figure (FF-102..104),
    so he is found at any zoom; his rating is on the badge beside it."""

    def __init__(self, radius: float, positive: bool) -> None:
        super().__init__(radius, QColor("#2e7d32") if positive else QColor("#b23b3b"), 2.5,
                         theme.Z_MARKERS, 0.1)
