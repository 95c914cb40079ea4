"""The hex map as the mission editor uses it: the game's map view with editing tools.

:class:`EditorMapView` is :class:`~ambush_gui.gui.hexmap.view.HexMapView` (same drawing, zoom,
pan, grid and numbers) whose left button, while a drawing tool is on, draws instead of
panning:

- **paint** and **select**: a press starts a stroke; every hex the cursor enters joins
  it (``strokeHex``); the release ends it (``strokeEnded``), so one stroke is one undo
  step however many hexes it crossed;
- **hexside**: a click near a hex edge names that side (``sideClicked`` with the two
  hexes): the side nearest the click is the one whose neighbour's centre is nearest;
- **reference**: a click is a ``hexClicked`` even on a counter (the page pairs from-hex
  and to-hex).

With no tool (``"pan"``) the view behaves exactly as in the game. The middle button
always pans. The grid and the hex numbers say when they are turned on or off, however that
happens (the G and N keys on the map, a checkbox of the page): ``gridShown`` and
``labelsShown``, so the page's checkboxes and toolbar buttons stay in step with the map.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPoint, QRectF, Qt, Signal
from PySide6.QtGui import QIcon, QMouseEvent, QPainter, QPixmap
from PySide6.QtWidgets import QGraphicsScene, QWidget

from ambush_gui.ambush.charts import Charts
from ambush_gui.core.hexgrid import Hex, HexMap, from_pixel, to_pixel
from ambush_gui.gui.hexmap.view import HexGeometry, HexMapView, TerrainItem

TOOLS = ("pan", "select", "paint", "hexside", "reference")


class EditorMapView(HexMapView):
    """The hex map with the editor's drawing tools (see the module docstring)."""

    strokeHex = Signal(str)  # a hex joined the stroke (the first one too)
    strokeEnded = Signal()
    sideClicked = Signal(str, str)  # the two hexes either side of the clicked edge
    gridShown = Signal(bool)  # the hex outlines were turned on or off (G, or a checkbox)
    labelsShown = Signal(bool)  # the hex numbers were turned on or off (N, or a checkbox)

    def __init__(self, hexmap: HexMap, parent: QWidget | None = None, hex_size: float = 40.0) -> None:
        super().__init__(hexmap, parent, hex_size=hex_size)
        self.tool = "pan"
        self._stroke: str | None = None  # the last hex of the running stroke; None: none running
        self._stroking = False
        self._clicked: str | None = None  # the hex a reference click pressed on

    def set_tool(self, tool: str) -> None:
        if tool not in TOOLS:
            raise ValueError(f"unknown tool {tool!r}; expected one of {', '.join(TOOLS)}")
        self.tool = tool
        cursor = {"paint": Qt.CursorShape.CrossCursor, "select": Qt.CursorShape.PointingHandCursor,
                  "hexside": Qt.CursorShape.CrossCursor, "reference": Qt.CursorShape.PointingHandCursor}
        if tool in cursor:
            self.viewport().setCursor(cursor[tool])
        else:
            self.viewport().unsetCursor()

    def set_grid_visible(self, on: bool) -> None:
        """Show or hide the hex outlines, and say so when that changes them."""
        was = self.grid_visible
        super().set_grid_visible(on)
        if was != on:
            self.gridShown.emit(on)

    def set_labels_visible(self, on: bool) -> None:
        """Show or hide the hex numbers, and say so when that changes them."""
        was = self.labels_visible
        super().set_labels_visible(on)
        if was != on:
            self.labelsShown.emit(on)

    def side_at(self, pos: QPoint) -> tuple[str, str] | None:
        """The hexside nearest a viewport pixel: (the hex there, its neighbour across the
        nearest edge), both on the map; None off the map or at the map's outer edge."""
        p = self.mapToScene(pos)
        h = from_pixel(p.x(), p.y(), self.hex_size)
        if h not in self.geo.on_map:
            return None

        def gap(n: Hex) -> float:
            x, y = to_pixel(n, self.hex_size)
            return math.hypot(x - p.x(), y - p.y())

        n = min(h.neighbours(), key=gap)
        if n not in self.geo.on_map:
            return None
        return h.label, n.label

    def side_point(self, a: str, b: str) -> QPoint:
        """A viewport pixel on the edge between hexes ``a`` and ``b`` (for tests and tips)."""
        line = self.geo.side(Hex.from_label(a), Hex.from_label(b))
        return self.mapFromScene(line.center())

    # -- the mouse -----------------------------------------------------------------------------
    def _drawing(self, event: QMouseEvent) -> bool:
        left = Qt.MouseButton.LeftButton
        return self.tool in ("paint", "select", "hexside", "reference") and (
            event.button() == left or bool(event.buttons() & left))

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if not self._drawing(event) or event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        pos = event.position().toPoint()
        event.accept()
        if self.tool == "hexside":
            side = self.side_at(pos)
            if side is not None:
                self.sideClicked.emit(*side)
            return
        if self.tool == "reference":  # a click is on the hex, even where a counter stands
            self._clicked = self.hex_at(pos)
            return
        self._stroking = True
        self._stroke = self.hex_at(pos)
        if self._stroke is not None:
            self.strokeHex.emit(self._stroke)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if not self._stroking:
            super().mouseMoveEvent(event)
            return
        pos = event.position().toPoint()
        label = self.hex_at(pos)
        self._hover_to(label or "")
        if label is not None and label != self._stroke:
            self._stroke = label
            self.strokeHex.emit(label)
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if self._clicked is not None:
            label, self._clicked = self._clicked, None
            event.accept()
            if self.hex_at(event.position().toPoint()) == label:
                self.hexClicked.emit(label)
            return
        if not self._stroking:
            super().mouseReleaseEvent(event)
            return
        self._stroking = False
        self._stroke = None
        event.accept()
        self.strokeEnded.emit()


def terrain_icon(terrain: str, charts: Charts, size: int = 28) -> QIcon:
    """A swatch of one terrain as the map draws it: one hex rendered by the map's own
    terrain item, so the palette and the map can never disagree."""
    hexmap = HexMap(1, 1, charts, {Hex(0, 0): terrain}, default=terrain)
    geo = HexGeometry(1, 1, size / 2)
    item = TerrainItem(geo, hexmap)
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene = QGraphicsScene()
    scene.addItem(item)
    scene.render(painter, QRectF(0, 0, size, size), geo.bounds.adjusted(-1, -1, 1, 1))
    painter.end()
    return QIcon(pixmap)
