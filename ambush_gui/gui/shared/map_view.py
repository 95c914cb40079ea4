"""What every map view does with the mouse wheel and the keys: zoom, pan and fit.

:class:`MapView` is the :class:`QGraphicsView` both maps are shown in (the free-measure
table, :class:`~ambush_gui.gui.table.view.TableView`, and the Ambush! hex map,
:class:`~ambush_gui.gui.hexmap.view.HexMapView`). It owns one idea: how the player moves
his eye over a map.

- The wheel zooms about the cursor: the map point under the mouse stays under it.
- ``+``/``=`` and ``-`` zoom about the centre; ``F`` fits the whole map.
- :meth:`pan` moves the map with the mouse (subclasses call it while a drag over empty
  map or with the middle button goes on; each view decides what a drag means).
- A fitted view stays fitted when the window is resized, until the player zooms or pans
  (``auto_fit``).
- :meth:`keep_visible` pans (and zooms out if it must) the least needed to bring some map
  rects inside the view: the units a decision is about stay in sight while it is asked.
- Zoom is clamped: never smaller than half the fitted size, never larger than
  :attr:`MAX_SCALE` pixels per scene unit, so the map can neither vanish nor turn into
  one blurred hex.

Scroll bars are hidden (panning replaces them) but still do the scrolling: the scene
rect must be larger than the map (a margin round it) for the view to be free to pan.
Subclasses say what "the whole map" is (:meth:`fit_rect`) and may react to a zoom
(:meth:`_zoomed`, e.g. to lay out labels that keep their size on screen).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QKeyEvent, QPainter, QResizeEvent, QShowEvent, QTransform, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from ambush_gui.gui.shared import theme


class MapView(QGraphicsView):
    """A map view with wheel zoom about the cursor, pan, fit and the zoom keys."""

    ZOOM_STEP = 1.25  # one wheel notch, one key press
    MAX_SCALE = 400.0  # the closest zoom, in pixels per scene unit
    MIN_FIT_FRACTION = 0.5  # the farthest zoom, as a fraction of the fitted scale
    BAR_ROOM = 0  # pixels kept free under the map when fitting (for a scale bar, a legend)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        # Repaint only what changed (a drag repaints the tape, not the town); scrolling
        # repaints everything (scrollContentsBy), since overlays stay put on the glass.
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setBackgroundBrush(theme.VIEW_BACKGROUND)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.viewport().setMouseTracking(True)
        self.setMinimumSize(320, 240)
        self.auto_fit = True  # keep the map fitted until the player zooms or pans

    # -- what to fit -------------------------------------------------------------------
    def fit_rect(self) -> QRectF:
        """The scene rect :meth:`fit` shows whole (by default the scene's items)."""
        return self.scene().itemsBoundingRect() if self.scene() is not None else QRectF()

    def bar_room(self) -> float:
        """The room kept under the map when fitting, at the player's text scale (the plate
        drawn there grows with it)."""
        return self.BAR_ROOM * theme.comfort.scale

    def scale_factor(self) -> float:
        """Pixels per scene unit at the current zoom."""
        return float(self.transform().m11())

    def restyle(self) -> None:
        """Redraw every item at the player's text scale and in the palette (View menu);
        a subclass first brings its sized texts and symbols to the scale."""
        if self.scene() is not None:
            for item in self.scene().items():
                item.update()  # a cached item (a figure, a counter) is drawn again
        self.viewport().update()

    # -- zoom and pan --------------------------------------------------------------------
    def fit(self) -> None:
        """Show the whole map, centred, clear of the room kept under it."""
        k = self._fit_scale()
        self.setTransform(QTransform.fromScale(k, k))
        centre = self.fit_rect().center()
        self.centerOn(QPointF(centre.x(), centre.y() + 0.5 * self.bar_room() / k))
        self.auto_fit = True
        self._zoomed()

    def _fit_scale(self) -> float:
        r = self.fit_rect()
        vp = self.viewport().rect()
        if r.width() <= 0 or r.height() <= 0:
            return 1.0
        return max(1e-3, min(vp.width() / r.width(), (vp.height() - self.bar_room()) / r.height()))

    def zoom(self, factor: float, anchor: QPoint | None = None) -> None:
        """Zoom by ``factor`` keeping the point under ``anchor`` (viewport pixels) still."""
        k = self.scale_factor()
        lo, hi = self.MIN_FIT_FRACTION * self._fit_scale(), self.MAX_SCALE
        factor = max(lo / k, min(hi / k, factor))
        if abs(factor - 1.0) < 1e-9:
            return
        if anchor is None:
            anchor = self.viewport().rect().center()
        before = self.mapToScene(anchor)
        self.scale(factor, factor)
        after = self.mapFromScene(before)
        self._scroll_by(after.x() - anchor.x(), after.y() - anchor.y())
        self.auto_fit = False
        self._zoomed()

    def visible_rect(self, margin: int = 0) -> QRectF:
        """The scene rect shown in the viewport, less ``margin`` pixels on every side."""
        vp = self.viewport().rect().adjusted(margin, margin, -margin, -margin)
        return self.mapToScene(vp).boundingRect()

    def keep_visible(self, rects: list[QRectF], margin: int = theme.MAP_KEEP_MARGIN) -> bool:
        """Bring every rect of ``rects`` (scene coordinates) inside the viewport: nothing
        moves if they are in sight already; else zoom out first if they cannot fit at this
        zoom, then pan the least that shows them clear of the edges by ``margin`` pixels.
        The player's zoom is kept when it can be. Returns whether the view moved."""
        rects = [r for r in rects if r.isValid()]
        if not rects:
            return False
        want = rects[0]
        for r in rects[1:]:
            want = want.united(r)
        vp = self.viewport().rect()
        room_w, room_h = vp.width() - 2 * margin, vp.height() - 2 * margin
        if room_w < 40 or room_h < 40:  # a tiny view: keep what room there is
            margin = 0
            room_w, room_h = vp.width(), vp.height()
        if self.auto_fit:  # a fitted map stays fitted while that shows them
            self.fit()
        # already in sight: the view stays still (the margin is where a pan brings them)
        if self.visible_rect(2).contains(want):
            return False
        k = self.scale_factor()
        fits = min(room_w / max(want.width(), 1e-6), room_h / max(want.height(), 1e-6))
        if fits < k:  # too far apart for this zoom: zoom out about the view's centre
            lo = self.MIN_FIT_FRACTION * self._fit_scale()
            self.zoom(max(fits, lo) / k)
        seen = self.visible_rect(margin)
        dx = dy = 0.0
        if want.width() > seen.width() or want.left() < seen.left():
            dx = want.left() - seen.left()
        elif want.right() > seen.right():
            dx = want.right() - seen.right()
        if want.height() > seen.height() or want.top() < seen.top():
            dy = want.top() - seen.top()
        elif want.bottom() > seen.bottom():
            dy = want.bottom() - seen.bottom()
        if dx or dy:
            k = self.scale_factor()
            self._scroll_by(dx * k, dy * k)
        self.auto_fit = False
        self.viewport().update()
        return True

    def pan(self, dx: float, dy: float) -> None:
        """Move the map ``(dx, dy)`` pixels on screen (it follows a dragging mouse)."""
        self._scroll_by(-dx, -dy)
        self.auto_fit = False

    def _scroll_by(self, dx: float, dy: float) -> None:
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + round(dx))
        v.setValue(v.value() + round(dy))

    def _zoomed(self) -> None:
        """Called after every change of zoom; subclasses re-lay what keeps its screen size."""
        self.viewport().update()

    # -- Qt's events -----------------------------------------------------------------------
    def scrollContentsBy(self, dx: int, dy: int) -> None:  # noqa: N802 - Qt's name
        super().scrollContentsBy(dx, dy)
        self.viewport().update()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt's name
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom(self.ZOOM_STEP ** steps, event.position().toPoint())
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if self.auto_fit:
            self.fit()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self.auto_fit:
            self.fit()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        key = event.key()
        if key == Qt.Key.Key_F:
            self.fit()
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom(self.ZOOM_STEP)
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom(1 / self.ZOOM_STEP)
        else:
            super().keyPressEvent(event)
