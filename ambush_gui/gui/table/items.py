"""The things drawn on the free-measure table: ground, terrain, figures, Hot Spots, labels.

Scene units are table inches with y flipped (:class:`Flip`), so north is up on screen.
Shapes are drawn in inches and grow with the zoom; outlines use cosmetic pens and text
is drawn at a fixed pixel size, so both stay crisp and readable at any zoom. The items
take no mouse input: :class:`~ambush_gui.gui.table.view.TableView` reads the mouse and
asks the scene what is under it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import shapely
from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QRadialGradient,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ambush_gui.gui.shared import art, theme


class Flip:
    """Table inches (origin south-west, y north) to scene units (y down) and back."""

    def __init__(self, height: float) -> None:
        self.height = height

    def scene(self, x: float, y: float) -> QPointF:
        return QPointF(x, self.height - y)

    def table(self, p: QPointF) -> tuple[float, float]:
        return (p.x(), self.height - p.y())

    def polygon(self, poly: shapely.Polygon) -> QPolygonF:
        return QPolygonF([self.scene(x, y) for x, y in poly.exterior.coords])


def area(r: QRectF) -> float:
    """A rectangle's area in square pixels (0 for an empty or invalid one): how much one
    label covers of another, for the label layouts."""
    return max(0.0, r.width()) * max(0.0, r.height()) if r.isValid() else 0.0


def cosmetic(colour: QColor, width: float = 1.0,
             style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    """A pen whose width is in screen pixels, whatever the zoom."""
    pen = QPen(colour, width, style)
    pen.setCosmetic(True)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


def pixels_per_unit(painter: QPainter) -> float:
    """How many device pixels one scene unit covers where the painter is drawing."""
    return max(1e-6, QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform()))


def draw_fixed_text(painter: QPainter, centre: QPointF, text: str, pixel_size: float,
                    colour: QColor, bold: bool = True, rotation: float = 0.0) -> None:
    """Text of a fixed pixel size centred on a scene point (inside an item's paint)."""
    lod = pixels_per_unit(painter)
    painter.save()
    painter.translate(centre)
    painter.scale(1.0 / lod, 1.0 / lod)
    if rotation:
        painter.rotate(rotation)
    font = QFont()
    font.setPixelSize(max(1, round(theme.scaled(pixel_size))))
    font.setBold(bold)
    painter.setFont(font)
    painter.setPen(colour)
    painter.drawText(QRectF(-400, -100, 800, 200), Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


# -- labels ------------------------------------------------------------------------------

ANCHORS = ("center", "below", "above", "right", "left")


class LabelItem(QGraphicsItem):
    """Text on a rounded plate that keeps its size on screen at any zoom.

    ``anchor`` says where the item's position sits on the plate: "below" hangs the
    plate under the point, "above" sets it on top, "right"/"left" beside it.
    """

    PAD_X, PAD_Y = 5.0, 2.0

    def __init__(self, text: str = "", *, point_size: float = theme.TABLE_LABEL_PT,
                 bold: bool = False, fg: QColor = theme.LABEL_TEXT,
                 bg: QColor | None = theme.LABEL_BG, edge: QColor | None = None,
                 anchor: str = "center", max_width: float = 0.0, gap: float = 0.0,
                 parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_LABELS)
        self.unit_id: str | None = None  # a unit's name label selects the unit when clicked
        self.points = point_size  # at scale 1.0: drawn at the player's text scale
        self._font = theme.label_font(point_size, bold)
        self.fg, self.bg, self.edge = fg, bg, edge
        self.max_width = max_width
        self.gap = gap  # pixels between the anchor point and the plate
        self._anchor = anchor
        self._text = ""
        self._box = QSizeF()
        self._rect = QRectF()
        self.set_text(text)

    @property
    def text(self) -> str:
        return self._text

    def set_text(self, text: str) -> None:
        if text == self._text and not self._rect.isNull():
            return
        self.prepareGeometryChange()
        self._text = text
        fm = QFontMetricsF(self._font)
        if self.max_width:
            r = fm.boundingRect(QRectF(0, 0, self.max_width, 1e5),
                                int(Qt.TextFlag.TextWordWrap), text)
        else:
            r = fm.boundingRect(QRectF(0, 0, 1e5, 1e5), 0, text)
        self._box = QSizeF(r.width() + 2 * self.PAD_X, r.height() + 2 * self.PAD_Y)
        self._place()

    def set_point_size(self, points: float) -> None:
        """The text's size in points at scale 1.0 (drawn at the player's text scale)."""
        self.points = points
        if abs(self._font.pointSizeF() - theme.scaled(points)) > 1e-6:
            self._font.setPointSizeF(theme.scaled(points))
            text, self._text = self._text, ""
            self.set_text(text)

    def set_anchor(self, anchor: str) -> None:
        if anchor != self._anchor:
            self.prepareGeometryChange()
            self._anchor = anchor
            self._place()

    def set_colours(self, fg: QColor, bg: QColor | None, edge: QColor | None = None) -> None:
        self.fg, self.bg, self.edge = fg, bg, edge
        self.update()

    def size(self) -> QSizeF:
        """The plate's size in pixels."""
        return QSizeF(self._box)

    def plate(self, anchor: str | None = None) -> QRectF:
        """The plate in pixels, relative to the anchor point (for label layout)."""
        w, h, g = self._box.width(), self._box.height(), self.gap
        return {
            "center": QRectF(-w / 2, -h / 2, w, h),
            "below": QRectF(-w / 2, g, w, h),
            "above": QRectF(-w / 2, -h - g, w, h),
            "right": QRectF(g, -h / 2, w, h),
            "left": QRectF(-w - g, -h / 2, w, h),
        }[anchor or self._anchor]

    def _place(self) -> None:
        self._rect = self.plate()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self._rect.adjusted(-1, -1, 1, 1)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.bg is not None:
            painter.setBrush(self.bg)
            painter.setPen(QPen(self.edge, 1.2) if self.edge is not None else Qt.PenStyle.NoPen)
            painter.drawRoundedRect(self._rect, 4, 4)
        painter.setPen(self.fg)
        painter.setFont(self._font)
        inner = self._rect.adjusted(self.PAD_X, self.PAD_Y, -self.PAD_X, -self.PAD_Y)
        flags = Qt.AlignmentFlag.AlignCenter | (Qt.TextFlag.TextWordWrap if self.max_width else 0)
        painter.drawText(inner, int(flags), self._text)


# -- figures --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Look:
    """How one figure is drawn (everything that changes its picture)."""

    side: str = "regular"
    leader: bool = False
    contractor: bool = False  # an escort (a contractor is one)
    unhurt: bool = False  # an escort with no wound: no red cross
    dependant: bool = False  # carried: wounded, or a contractor taken in
    captive: bool = False
    on_ground: bool = False  # in no unit (the contractors before pickup, dropped casualties)
    highlight: bool = False  # its unit is selected
    fallen: bool = False  # a casualty the dice tray tells, before the table drops it
    mortar: bool = False  # a mortar team's figure (FF-001): the mortar symbol
    support: bool = False  # carries a support weapon (AA-138: the RPG, a SAW): a rocket


def star(radius: float, points: int = 5, inner: float = 0.45) -> QPolygonF:
    poly = QPolygonF()
    for k in range(2 * points):
        r = radius if k % 2 == 0 else radius * inner
        a = -math.pi / 2 + k * math.pi / points
        poly.append(QPointF(r * math.cos(a), r * math.sin(a)))
    return poly


SYMBOL_SIDES = ("regular", "insurgent")
"""The sides with figure symbols in assets/table/; any other side is drawn as a Regular
in its own colour (the symbol recoloured)."""


def symbol_of(look: Look) -> tuple[str, art.Recolour]:
    """The figure's symbol in ``assets/table/`` and the colour swaps it is drawn with.

    Contractors are yellow with a red cross (wounded) or a black dot (unhurt); leaders
    carry a white star, a mortar team the mortar symbol, a support weapon (the RPG, a
    SAW) a white rocket, other Regulars the white bar. A fallen figure is greyed.
    """
    if look.contractor:
        name = "contractor-unhurt" if look.unhurt else "contractor"
        drawn = want = theme.CONTRACTOR  # the colour the SVG is drawn in, the one wanted
    else:
        side = look.side if look.side in SYMBOL_SIDES else "regular"
        mark = ("-leader" if look.leader else "-mortar" if look.mortar
                else "-support" if look.support else "")
        name = side + mark
        drawn = theme.svg_side_colour(side)
        want = theme.SIDE_COLOURS.get(look.side, drawn)  # the palette in use (View menu)
    if look.fallen:
        want = theme.FALLEN_FILL
    return f"table/{name}", ((drawn.name(), want.name()),) if want != drawn else ()


class FigureItem(QGraphicsItem):
    """One figure on its round base: Regulars a circle with a white bar, Insurgents a
    diamond, leaders a white star, support weapons a white rocket, contractors yellow
    with a red cross (the symbols of ``assets/table/``, see :func:`symbol_of`); an orange
    ring marks a Dependant and a dashed red ring a captive."""

    def __init__(self, radius: float, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.r = radius
        self.figure_id = ""
        self.unit_id: str | None = None
        self.look = Look()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_UNITS)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_look(self, look: Look) -> None:
        if look != self.look:
            self.look = look
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        s = 2.4 * self.r
        return QRectF(-s, -s, 2 * s, 2 * s)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), 1.3 * self.r, 1.3 * self.r)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r, look = self.r, self.look
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if look.highlight:
            painter.setPen(cosmetic(theme.SELECTION, 4.0))
            painter.drawEllipse(QPointF(0, 0), 1.5 * r, 1.5 * r)
        if look.on_ground:
            painter.setPen(cosmetic(theme.GROUND_FIGURE_RING, 2.0, Qt.PenStyle.DashLine))
            painter.drawEllipse(QPointF(0, 0), 1.7 * r, 1.7 * r)
        if look.dependant:
            painter.setPen(cosmetic(theme.DEPENDANT_RING, 3.0))
            painter.drawEllipse(QPointF(0, 0), 1.22 * r, 1.22 * r)
        if look.captive:
            painter.setPen(cosmetic(theme.CAPTIVE, 2.0, Qt.PenStyle.DashLine))
            painter.drawEllipse(QPointF(0, 0), 1.4 * r, 1.4 * r)
        # The base and its mark are the figure's symbol in assets/table/ (see symbol_of).
        name, recolour = symbol_of(look)
        art.draw(painter, name, QRectF(-1.2 * r, -1.2 * r, 2.4 * r, 2.4 * r), recolour)
        if look.fallen:  # a red cross over the greyed figure: removed once the tray goes on
            painter.setPen(cosmetic(theme.FALLEN_CROSS, 3.0))
            d = 1.1 * r
            painter.drawLine(QPointF(-d, -d), QPointF(d, d))
            painter.drawLine(QPointF(-d, d), QPointF(d, -d))


# -- Hot Spots ------------------------------------------------------------------------------

def hot_spot_tip(number: int, neutralised: bool, arrival: float = 4.0) -> str:
    """What a Hot Spot is for, in words (a play-tester read only "(AA-049)"); ``arrival``:
    how far from it new units are set down (the game's measure, AA-053)."""
    if neutralised:
        return (f"Hot Spot {number}, neutralised: a Regular unit held it for a whole turn.\n"
                f"New Insurgent units no longer arrive here; a Hot Spot die that shows "
                f"{number}\nbrings no one (AA-054, AA-055)")
    return (f"Hot Spot {number}: where new Insurgent units may arrive (a die picks the Hot "
            f"Spot;\nthey are set down within {arrival:g}\" of it). A Regular unit that stands in "
            f"contact\nwith it a whole turn without moving neutralises it (AA-049..055)")


class HotSpotItem(QGraphicsItem):
    """AA-049: a numbered Hot Spot counter; a neutralised one is greyed and struck out."""

    def __init__(self, number: int, radius: float, arrival: float = 4.0) -> None:
        super().__init__()
        self.number = number
        self.r = radius
        self.arrival = arrival
        self.neutralised = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_MARKERS)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._tip()

    def set_neutralised(self, value: bool) -> None:
        if value != self.neutralised:
            self.neutralised = value
            self._tip()
            self.update()

    def _tip(self) -> None:
        self.setToolTip(hot_spot_tip(self.number, self.neutralised, self.arrival))

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        s = 1.6 * self.r
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self.r
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = theme.HOT_SPOT_NEUTRAL if self.neutralised else theme.HOT_SPOT
        painter.setPen(cosmetic(QColor("#ffffff"), 2.0))
        painter.setBrush(fill)
        hexagon = QPolygonF([QPointF(r * math.cos(a), r * math.sin(a))
                             for a in (k * math.pi / 3 for k in range(6))])
        painter.drawPolygon(hexagon)
        px = min(26.0, max(8.0, 1.05 * r * pixels_per_unit(painter)))
        draw_fixed_text(painter, QPointF(0, 0), str(self.number), px, theme.HOT_SPOT_TEXT)
        if self.neutralised:
            painter.setPen(cosmetic(theme.ILLEGAL, 3.0))
            painter.drawLine(QPointF(-r, -r), QPointF(r, r))
            painter.drawLine(QPointF(-r, r), QPointF(r, -r))


class AidStationItem(QGraphicsItem):
    """DC-012: an aid station, a white square with a red cross (the game and the editor)."""

    def __init__(self, radius: float) -> None:
        super().__init__()
        self.r = radius
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_MARKERS)
        self.setToolTip("Aid station (DC-012): Regular units ending a move within 1\" hand "
                        "over their wounded here")

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        s = 1.3 * self.r
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self.r
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(cosmetic(theme.FIGURE_OUTLINE, 1.2))
        painter.setBrush(QColor("#ffffff"))
        painter.drawRect(QRectF(-r, -r, 2 * r, 2 * r))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(theme.ILLEGAL)
        a, b = 0.7 * r, 0.22 * r
        painter.drawRect(QRectF(-a, -b, 2 * a, 2 * b))
        painter.drawRect(QRectF(-b, -a, 2 * b, 2 * a))


# -- terrain --------------------------------------------------------------------------------

def _hash01(i: int, j: int, salt: int) -> float:
    """A fixed pseudo-random number in [0, 1) for a lattice cell (rubble speckles)."""
    v = math.sin(i * 12.9898 + j * 78.233 + salt * 37.719) * 43758.5453
    return v - math.floor(v)


def long_axis(poly: shapely.Polygon) -> tuple[tuple[float, float], tuple[float, float], float]:
    """The centre line along a piece's long side (ends) and its short width."""
    rect = poly.minimum_rotated_rectangle
    c = list(rect.exterior.coords)[:4]

    def mid(p: tuple[float, float], q: tuple[float, float]) -> tuple[float, float]:
        return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)

    e0 = math.dist(c[0], c[1])
    e1 = math.dist(c[1], c[2])
    if e0 >= e1:
        return mid(c[1], c[2]), mid(c[3], c[0]), e1
    return mid(c[0], c[1]), mid(c[2], c[3]), e0


SOLID_KINDS = ("building", "wall", "vehicle")  # already read as "nobody walks through"


class TerrainItem(QGraphicsItem):
    """One terrain piece, drawn by kind: buildings with a roof line and a shadow, rubble
    speckled, roads with a centre line, walls dark and solid, a vehicle as a body, a
    civilian mob as a crowd of heads, a minefield hatched in warning orange with a red
    dashed edge. Impassable ground (a canal, a ravine: any piece marked impassable that
    does not already look solid) is dark and cross-hatched inside a heavy edge, so a
    player sees at a glance where nobody can go, not only in its tooltip."""

    def __init__(self, piece_id: str, kind: str, polygon: shapely.Polygon, flip: Flip,
                 tooltip: str, impassable: bool = False) -> None:
        super().__init__()
        self.piece_id = piece_id
        self.kind = kind
        self.no_go = impassable and kind not in SOLID_KINDS
        self.polygon = flip.polygon(polygon)
        self.blocking = False  # named as a blocker of the sight line being shown
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setToolTip(tooltip)
        self.setZValue(theme.Z_TERRAIN - (2 if kind == "road" else 0))
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._extras: list[QPolygonF] = []
        self._lines: list[tuple[QPointF, QPointF]] = []
        if kind in ("building", "vehicle"):
            inset = polygon.buffer(-0.22 if kind == "building" else -0.14, join_style="mitre")
            if isinstance(inset, shapely.Polygon) and not inset.is_empty:
                self._extras.append(flip.polygon(inset))
        if kind == "road":
            a, b, _ = long_axis(polygon)
            self._lines.append((flip.scene(*a), flip.scene(*b)))
        self._burn = 0.0
        self._wheels: list[QPolygonF] = []
        if kind == "vehicle":
            a, b, w = long_axis(polygon)
            self._burn = 0.45 * w
            self._wheels = self._wheel_shapes(a, b, w, flip)
            for t in (0.28, 0.8):  # windscreen and rear window, across the body
                x, y = a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])
                dx, dy = b[0] - a[0], b[1] - a[1]
                n = math.hypot(dx, dy) or 1.0
                px, py = -dy / n * w * 0.32, dx / n * w * 0.32
                self._lines.append((flip.scene(x + px, y + py), flip.scene(x - px, y - py)))
        self._specks: list[QRectF] = []
        if kind == "rubble":
            self._specks = self._speckles(polygon, flip)
        self._heads: list[tuple[QRectF, QRectF]] = []  # a mob: (shoulders, head) seen from above
        if kind == "civilian_mob":
            self._heads = self._crowd(polygon, flip)
        self._hatch: list[tuple[QPointF, QPointF]] = []  # a minefield: warning stripes
        self._mines: list[QRectF] = []
        if kind == "minefield":
            self._hatch, self._mines = self._minefield(polygon, flip)
        self._bounds = self.polygon.boundingRect().adjusted(-0.3, -0.3, 0.3, 0.3)

    @staticmethod
    def _wheel_shapes(a: tuple[float, float], b: tuple[float, float], w: float,
                      flip: Flip) -> list[QPolygonF]:
        """Four wheels peeping out from under the body, so the wreck reads as a car."""
        length = math.dist(a, b) or 1.0
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        nx, ny = -uy, ux
        hl, hw = 0.09 * length, 0.08 * w
        out = []
        for t in (0.2, 0.8):
            for side in (-1.0, 1.0):
                cx = a[0] + t * (b[0] - a[0]) + side * nx * (w / 2)
                cy = a[1] + t * (b[1] - a[1]) + side * ny * (w / 2)
                out.append(QPolygonF([flip.scene(cx + su * ux * hl + sn * nx * hw,
                                                 cy + su * uy * hl + sn * ny * hw)
                                      for su, sn in ((-1, -1), (1, -1), (1, 1), (-1, 1))]))
        return out

    @staticmethod
    def _speckles(polygon: shapely.Polygon, flip: Flip) -> list[QRectF]:
        x0, y0, x1, y1 = polygon.bounds
        step = 0.32
        out = []
        salt = int(x0 * 7 + y0 * 13)
        for i in range(int((x1 - x0) / step) + 1):
            for j in range(int((y1 - y0) / step) + 1):
                x = x0 + (i + _hash01(i, j, salt)) * step
                y = y0 + (j + _hash01(j, i, salt + 1)) * step
                s = 0.06 + 0.1 * _hash01(i + 3, j + 5, salt)
                if polygon.contains(shapely.Point(x, y)):
                    p = flip.scene(x, y)
                    out.append(QRectF(p.x() - s / 2, p.y() - s / 2, s, s))
        return out

    @staticmethod
    def _crowd(polygon: shapely.Polygon, flip: Flip) -> list[tuple[QRectF, QRectF]]:
        """A civilian mob stand (FF-130): people packed shoulder to shoulder, a head and a
        pair of shoulders every third of an inch or so, jittered so it reads as a crowd."""
        x0, y0, x1, y1 = polygon.bounds
        step = 0.36
        salt = int(x0 * 11 + y0 * 5)
        inner = polygon.buffer(-0.12)
        out = []
        for i in range(int((x1 - x0) / step) + 1):
            for j in range(int((y1 - y0) / step) + 1):
                x = x0 + (i + 0.2 + 0.6 * _hash01(i, j, salt)) * step
                y = y0 + (j + 0.2 + 0.6 * _hash01(j, i, salt + 3)) * step
                if not inner.contains(shapely.Point(x, y)):
                    continue
                p = flip.scene(x, y)
                hw, hh, r = 0.15, 0.09, 0.075
                out.append((QRectF(p.x() - hw, p.y() - hh + 0.03, 2 * hw, 2 * hh),
                            QRectF(p.x() - r, p.y() - r, 2 * r, 2 * r)))
        return out

    @staticmethod
    def _minefield(polygon: shapely.Polygon,
                   flip: Flip) -> tuple[list[tuple[QPointF, QPointF]], list[QRectF]]:
        """Diagonal warning stripes every half inch, clipped to the piece, and a scatter of
        small mine discs among them."""
        x0, y0, x1, y1 = polygon.bounds
        span = (x1 - x0) + (y1 - y0)
        lines = []
        step = 0.5
        for k in range(int(span / step) + 2):
            c = x0 - (y1 - y0) + k * step  # the stripe x = c + (y - y0), rising to the north-east
            cut = polygon.intersection(shapely.LineString([(c, y0), (c + (y1 - y0), y1)]))
            for seg in getattr(cut, "geoms", [cut]):
                if isinstance(seg, shapely.LineString) and not seg.is_empty:
                    (ax, ay), (bx, by) = seg.coords[0], seg.coords[-1]
                    lines.append((flip.scene(ax, ay), flip.scene(bx, by)))
        mines = []
        salt = int(x0 * 3 + y0 * 17)
        gap = 1.1
        for i in range(int((x1 - x0) / gap) + 1):
            for j in range(int((y1 - y0) / gap) + 1):
                x = x0 + (i + 0.25 + 0.5 * _hash01(i, j, salt)) * gap
                y = y0 + (j + 0.25 + 0.5 * _hash01(j, i, salt + 1)) * gap
                if polygon.buffer(-0.15).contains(shapely.Point(x, y)):
                    p = flip.scene(x, y)
                    mines.append(QRectF(p.x() - 0.09, p.y() - 0.09, 0.18, 0.18))
        return lines, mines

    def set_blocking(self, value: bool) -> None:
        if value != self.blocking:
            self.blocking = value
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self._bounds

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self.polygon)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        kind = self.kind
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = theme.TERRAIN_FILL.get(kind, theme.TERRAIN_FILL["open"])
        edge = theme.TERRAIN_EDGE.get(kind, theme.TERRAIN_EDGE["open"])
        if kind in ("building", "vehicle", "wall"):  # a shadow to the south-east
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 55))
            painter.drawPolygon(self.polygon.translated(0.12, 0.12))
        if kind == "vehicle":
            fill, edge = theme.VEHICLE_BODY, theme.VEHICLE_EDGE
            painter.setBrush(theme.VEHICLE_EDGE)
            painter.setPen(Qt.PenStyle.NoPen)
            for wheel in self._wheels:
                painter.drawPolygon(wheel)
        painter.setBrush(fill)
        painter.setPen(cosmetic(edge, 1.5 if kind != "road" else 0.0))
        if kind == "road":
            painter.setPen(Qt.PenStyle.NoPen)
        elif kind == "minefield":  # hatching first, then the dashed warning edge over it
            painter.setPen(Qt.PenStyle.NoPen)
        if self.no_go:
            painter.setBrush(theme.IMPASSABLE_FILL)
            painter.setPen(Qt.PenStyle.NoPen)
        painter.drawPolygon(self.polygon)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if self.no_go:  # the hatching and heavy edge over whatever the kind drew
            painter.setBrush(QBrush(theme.IMPASSABLE_HATCH, Qt.BrushStyle.DiagCrossPattern))
            painter.setPen(cosmetic(theme.IMPASSABLE_EDGE, 2.5))
            painter.drawPolygon(self.polygon)
            painter.setBrush(Qt.BrushStyle.NoBrush)
        if kind == "building":
            painter.setPen(cosmetic(theme.ROOF_LINE, 1.2))
            for poly in self._extras:
                painter.drawPolygon(poly)
        elif kind == "vehicle":
            painter.setPen(cosmetic(theme.VEHICLE_EDGE, 1.0))
            painter.setBrush(theme.VEHICLE_BODY.darker(112))
            for poly in self._extras:
                painter.drawPolygon(poly)
            painter.setPen(cosmetic(theme.VEHICLE_GLASS, 3.5))
            for a, b in self._lines:
                painter.drawLine(a, b)
            centre = self.polygon.boundingRect().center()
            burn = QRadialGradient(centre, self._burn)
            burn.setColorAt(0.0, theme.VEHICLE_SCORCH)
            burn.setColorAt(1.0, QColor(0, 0, 0, 0))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(burn)
            painter.drawEllipse(centre, self._burn, self._burn)
        elif kind == "road":
            pen = cosmetic(theme.ROAD_MARKING, 1.5, Qt.PenStyle.CustomDashLine)
            pen.setDashPattern([6, 6])
            painter.setPen(pen)
            for a, b in self._lines:
                painter.drawLine(a, b)
        elif kind == "rubble":
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.RUBBLE_SPECKLE)
            for r in self._specks:
                painter.drawRect(r)
        elif kind == "civilian_mob":
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.MOB_SHOULDERS)
            for shoulders, _ in self._heads:
                painter.drawEllipse(shoulders)
            painter.setPen(cosmetic(theme.MOB_HEAD_EDGE, 0.8))
            painter.setBrush(theme.MOB_HEAD)
            for _, head in self._heads:
                painter.drawEllipse(head)
        elif kind == "minefield":
            painter.setPen(cosmetic(theme.MINEFIELD_HATCH, 2.0))
            for a, b in self._hatch:
                painter.drawLine(a, b)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.MINEFIELD_MINE)
            for r in self._mines:
                painter.drawEllipse(r)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            pen = cosmetic(edge, 2.0, Qt.PenStyle.CustomDashLine)
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            pen.setDashPattern([4, 3])
            painter.setPen(pen)
            painter.drawPolygon(self.polygon)
        if self.blocking:
            painter.setBrush(QBrush(QColor(192, 57, 43, 50)))
            painter.setPen(cosmetic(theme.BLOCKER_EDGE, 3.0))
            painter.drawPolygon(self.polygon)


# -- the table ------------------------------------------------------------------------------

class TableItem(QGraphicsItem):
    """The table top: its ground, its edge, and inch marks along the edges (longer every 6")."""

    def __init__(self, width: float, height: float, tick: float = 1.0) -> None:
        super().__init__()
        self.w, self.h, self.tick = width, height, tick
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_GROUND)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return QRectF(-0.2, -0.2, self.w + 0.4, self.h + 0.4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(theme.TABLE_GROUND)
        painter.setPen(cosmetic(theme.TABLE_EDGE, 2.0))
        painter.drawRect(QRectF(0, 0, self.w, self.h))
        painter.setPen(cosmetic(theme.TABLE_TICK, 1.0))
        n_x, n_y = int(self.w / self.tick + 1e-6), int(self.h / self.tick + 1e-6)
        for k in range(1, n_x):
            x = k * self.tick
            t = 0.45 if k % 6 == 0 else 0.18
            painter.drawLine(QPointF(x, 0), QPointF(x, t))
            painter.drawLine(QPointF(x, self.h), QPointF(x, self.h - t))
        for k in range(1, n_y):
            y = self.h - k * self.tick
            t = 0.45 if k % 6 == 0 else 0.18
            painter.drawLine(QPointF(0, y), QPointF(t, y))
            painter.drawLine(QPointF(self.w, y), QPointF(self.w - t, y))


class ExitBandItem(QGraphicsItem):
    """A friendly table edge (CT-015): a band just outside the edge, in the side's colour."""

    def __init__(self, rect: QRectF, text: str, colour: QColor, vertical: bool, arrow: str) -> None:
        super().__init__()
        self.rect, self.text, self.colour, self.vertical = rect, text, colour, vertical
        self.arrow = arrow  # points off the table, in the text's own (perhaps turned) frame
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_MARKERS - 1)
        self.setToolTip(f"{text}: units leave the table across this edge")
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self.rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.colour)
        painter.drawRect(self.rect)
        short = self.rect.width() if self.vertical else self.rect.height()
        px = min(13.0, max(7.0, 0.55 * short * pixels_per_unit(painter)))
        text = f"{self.arrow}   {self.text}   {self.arrow}"
        draw_fixed_text(painter, self.rect.center(), text, px, theme.EXIT_TEXT,
                        rotation=-90.0 if self.vertical else 0.0)
