"""The table being edited, to scale, and what the mouse does on it.

:class:`TableCanvas` is a :class:`~ambush_gui.gui.shared.map_view.MapView` (wheel zoom, pan,
``F`` to fit, like the game's table) over a scene drawn from the document's plain data
with the game's own items. It redraws from ``doc.data`` whenever the document changes,
so undo and redo show at once, and it never changes the data itself except through the
document: every click, drag or key ends in one ``doc.set``/``insert``/``remove`` with a
readable undo text ("Move Shop", "Add hot spot 3"). A drag moves the items on screen
while the mouse moves and pushes one command on release.

Tools (:attr:`TableCanvas.tool`):

- ``"select"``: click selects a piece, unit, Hot Spot, contractor, aid station or
  deployment zone (a zone is picked by its edge, or inside it where nothing else is);
  drag moves it; Ctrl-drag moves one figure of a unit (kept in cohesion, AA-014); drag a
  corner handle to reshape a piece; ``Del`` deletes; ``R``/``Shift+R`` turns a piece 15°
  clockwise/anticlockwise (the format has no rotation field, so a turned rectangle
  becomes a four-cornered polygon); a drag over empty table pans.
- ``"rect:KIND"``: drag out a rectangular piece of that kind (a click drops one of a
  typical size). Civilian mobs and minefields are placed like any piece; the game's
  loader refuses to play them until their Force on Force module is switched on. A
  minefield's label adds its type and concentration, a hostile mob's says so.
- ``"zone:SIDE"``: drag out a deployment zone for that side (``sides.SIDE.deployment``);
  it moves, reshapes, turns and deletes like a piece. Figures of the side standing
  outside all its zones are marked as problems, by the loader's own check.
- ``"polygon"``: click the corners one by one; double-click or Enter closes it, Esc
  cancels.
- ``"unit"``: click places a new unit from the roster form (:attr:`unit_factory`).
- ``"hot_spot"``, ``"escort"``, ``"aid_station"``: click places one. A Hot Spot
  closer than 6" to another is refused (AA-050); the 6" rings show while one is placed
  or dragged. An escort (``[[escorts]]``: a VIP, an informant, a detainee) is drawn as
  the game draws it, a yellow figure (with a red cross when wounded) under its label;
  the ``[[contractors]]`` shorthand (wounded escorts labelled "contractor") is drawn the
  same way, and the ``"contractor"`` tool still places one.
- ``"ied"``: click places an IED (``[[ieds.devices]]``, switching the ``ieds`` module
  on in the same undo step), drawn as a diamond with its reach as a dashed ring; it is
  dragged and deleted like a marker, at the path ``("ieds", "devices", i)``.

Force on Force marks drawn from the modules' settings: a Positive (green) or Negative
(red) Leader's ring and rating beside his figure, a mortar team's or mounted unit's kind
after its name. Deleting a piece or unit also takes out what the modules' settings said
about it (:func:`~ambush_gui.gui.editor.table.fof_data.forget`), in the same undo step.

Table coordinates are inches from the south-west corner with y north; the scene flips
y (:class:`~ambush_gui.gui.table.items.Flip`) so north is up, as in the game.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import shapely
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPolygonF
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsScene, QWidget

from ambush_gui.alley.measures import Measures
from ambush_gui.core.geometry import cohesive
from ambush_gui.gui.editor.document import DataPath, EditorDocument, parse_path
from ambush_gui.gui.editor.table.fof_data import forget, leader_marks, piece_tag, set_module, unit_tags
from ambush_gui.gui.editor.table.items import (
    HANDLE_PX,
    GridItem,
    HandleItem,
    IedItem,
    LeaderRingItem,
    OutlineItem,
    ProblemRingItem,
    RingItem,
    SelectRingItem,
    SizeTagItem,
    ZoneItem,
)
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.map_view import MapView
from ambush_gui.gui.table.items import (
    SOLID_KINDS,
    AidStationItem,
    ExitBandItem,
    FigureItem,
    Flip,
    HotSpotItem,
    LabelItem,
    Look,
    TableItem,
    TerrainItem,
    long_axis,
)
from ambush_gui.gui.table.scene import short_name

Point = tuple[float, float]
MEASURES = Measures(1.0)  # the editor works at 15mm scale, the file's own inches
BASE_RADIUS = 0.25  # AA-004: half-inch round bases
HOT_SPOT_RADIUS = 0.42
SNAP = 0.5  # inches
FIGURE_SPACING = 0.8  # between figures of a new unit: bases clear, well inside 1" (AA-014)
PIECE_KINDS = ("building", "wall", "rubble", "road", "vehicle", "open", "civilian_mob", "minefield")
KIND_TITLES = {"building": "Building", "wall": "Wall", "rubble": "Rubble", "road": "Road",
               "vehicle": "Vehicle wreck", "open": "Open ground", "civilian_mob": "Civilian mob",
               "minefield": "Minefield"}
DEFAULT_SIZES = {"building": (4.0, 3.0), "wall": (4.0, 0.5), "rubble": (2.0, 2.0),
                 "road": (12.0, 3.0), "vehicle": (2.5, 1.0), "open": (4.0, 4.0),
                 "civilian_mob": (3.0, 2.0),  # FF-130: a 2"x3" stand at 15mm
                 "minefield": (6.0, 4.0)}
ZONE_SIDES = ("regular", "insurgent")
DEFAULT_ZONE = (6.0, 4.0)  # a click with a zone tool drops one this size
ZONE_EDGE_PX = 6.0  # how near its edge a click picks a zone over the piece under it
EXIT_BAND = 0.8
ROTATE_STEP = 15.0  # degrees per R press
ESCORT_LISTS = ("contractors", "escorts")  # the shorthand first, as the loader reads them
MARKER_LISTS = ("hot_spots", *ESCORT_LISTS, "aid_stations")
IEDS = ("ieds", "devices")  # the IEDs' list: each one a marker at ("ieds", "devices", i)
IED_RADIUS = 0.4


# -- plain-data helpers (pure, testable without a view) ----------------------------------

def num(v: float) -> float | int:
    """A tidy number for the file: 2 decimals, and an int when it is whole."""
    r = round(float(v), 2)
    return int(r) if r == int(r) else r


def corners(piece: dict[str, Any]) -> list[Point]:
    """A piece's outline in table inches (a rect's four corners, or its points)."""
    if piece.get("rect") is not None:
        try:
            x, y, w, h = (float(v) for v in piece["rect"])
        except (TypeError, ValueError):
            return []
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    try:
        return [(float(p[0]), float(p[1])) for p in piece.get("points") or []]
    except (TypeError, ValueError, IndexError):
        return []


def with_corners(piece: dict[str, Any], pts: list[Point]) -> dict[str, Any]:
    """``piece`` with a new outline: kept a rect when ``pts`` is an upright rectangle
    and it was one, else written as points."""
    out = dict(piece)
    if piece.get("rect") is not None and len(pts) == 4:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        upright = all(any(math.isclose(p[0], x, abs_tol=1e-6) for x in (min(xs), max(xs))) and
                      any(math.isclose(p[1], y, abs_tol=1e-6) for y in (min(ys), max(ys))) for p in pts)
        if upright:
            out["rect"] = [num(min(xs)), num(min(ys)), num(max(xs) - min(xs)), num(max(ys) - min(ys))]
            return out
    out.pop("rect", None)
    out["points"] = [[num(x), num(y)] for x, y in pts]
    return out


def rotate(pts: list[Point], degrees: float) -> list[Point]:
    """Turn an outline about its centre (positive = anticlockwise, y north).

    >>> [tuple(round(c, 6) for c in p) for p in rotate([(0, 0), (2, 0), (2, 2), (0, 2)], 90)]
    [(2.0, 0.0), (2.0, 2.0), (0.0, 2.0), (0.0, 0.0)]
    """
    c = shapely.Polygon(pts).centroid
    a = math.radians(degrees)
    ca, sa = math.cos(a), math.sin(a)
    return [(c.x + (x - c.x) * ca - (y - c.y) * sa, c.y + (x - c.x) * sa + (y - c.y) * ca)
            for x, y in pts]


def figures_word(n: int, what: str = "figure") -> str:
    """A count of figures in plain words, one or many (not "figure(s)").

    >>> figures_word(1), figures_word(4), figures_word(2, "Regular figure")
    ('1 figure', '4 figures', '2 Regular figures')
    """
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def spot_beside(pts: list[Point], outlines: list[list[Point]], width: float,
                height: float) -> Point | None:
    """Where a figure added to a unit stands: beside its last figure (else beside another),
    on the table and clear of the others; when the last figure stands in a piece (the
    building a garrison holds), inside that piece if there is room there, so an added
    figure does not step out into the open. None when there is no room at all.

    >>> spot_beside([(1, 1)], [], 24, 24)
    (1.8, 1.0)
    >>> spot_beside([(1, 1), (1.8, 1)], [[(0, 0), (2, 0), (2, 2), (0, 2)]], 24, 24)
    (1.8, 1.8)
    """
    around = list(reversed(pts)) or [(width / 2, height / 2)]
    spots: list[Point] = []
    for x0, y0 in around:
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
            x, y = round(x0 + dx * FIGURE_SPACING, 2), round(y0 + dy * FIGURE_SPACING, 2)
            if (0.25 <= x <= width - 0.25 and 0.25 <= y <= height - 0.25
                    and all(math.dist((x, y), p) >= 0.55 for p in pts) and (x, y) not in spots):
                spots.append((x, y))
    held = [shapely.Polygon(o) for o in outlines if len(o) >= 3]
    held = [g for g in held if g.is_valid and g.covers(shapely.Point(around[0]))]
    return next((s for s in spots if any(g.covers(shapely.Point(s)) for g in held)),
                spots[0] if spots else None)


def formation(at: Point, count: int, width: float, height: float) -> list[Point]:
    """Where a new unit's figures stand: rows of up to five, 0.8" apart, starting at
    ``at`` and kept on the table. In cohesion by construction (every figure within 1" of
    the next, AA-014).

    >>> formation((1, 1), 3, 24, 24)
    [(1.0, 1.0), (1.8, 1.0), (2.6, 1.0)]
    """
    cols = min(count, 5)
    rows = (count + 4) // 5
    x0 = min(max(at[0], 0.3), width - 0.3 - (cols - 1) * FIGURE_SPACING)
    y0 = min(max(at[1], 0.3 + (rows - 1) * FIGURE_SPACING), height - 0.3)
    return [(round(x0 + (k % 5) * FIGURE_SPACING, 2), round(y0 - (k // 5) * FIGURE_SPACING, 2))
            for k in range(count)]


def used_ids(data: dict[str, Any]) -> set[str]:
    """Every id in the scenario (pieces, units, figures, escorts): ids must be unique."""
    out: set[str] = set()
    for p in get_list(data, ("table", "pieces")):
        out.add(str(p.get("id", "")))
    for u in get_list(data, ("units",)):
        out.add(str(u.get("id", "")))
        for f in u.get("figures") or []:
            out.add(str(f.get("id", "")))
    for key in ESCORT_LISTS:
        for c in get_list(data, (key,)):
            out.add(str(c.get("id", "")))
    return out


def fresh_id(data: dict[str, Any], stem: str, taken: set[str] | None = None) -> str:
    """``stem-1``, ``stem-2``... the first not used in ``data`` (nor in ``taken``)."""
    stem = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-") or "item"
    used = used_ids(data) | (taken or set())
    k = 1
    while f"{stem}-{k}" in used:
        k += 1
    return f"{stem}-{k}"


TRIGGER_WORDS = {"enter": "when a unit comes within its reach", "turn": "as its turn begins",
                 "command": "when its owner says"}


def get_list(data: dict[str, Any], path: DataPath) -> list[Any]:
    node: Any = data
    for part in path:
        node = node.get(part) if isinstance(node, dict) else None
    return node if isinstance(node, list) else []


def point_of(data: dict[str, Any], path: DataPath) -> Point | None:
    """Where a marker stands: a Hot Spot's or contractor's ``at``, or an aid station."""
    node: Any = data
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return None
    if isinstance(node, dict):
        node = node.get("at")
    try:
        return (float(node[0]), float(node[1]))
    except (TypeError, ValueError, IndexError):
        return None


def spacing_problem(spots: list[dict[str, Any]], at: Point, skip: int | None = None) -> str:
    """Why a Hot Spot cannot stand at ``at`` (closer than 6" to another, AA-050), or ""."""
    need = MEASURES.hot_spot_spacing
    for i, spot in enumerate(spots):
        if i == skip:
            continue
        try:
            x, y = float(spot["at"][0]), float(spot["at"][1])
        except (KeyError, TypeError, ValueError, IndexError):
            continue
        d = math.hypot(at[0] - x, at[1] - y)
        if d < need:
            return (f"Hot Spot {spot.get('number', '?')} is only {d:.1f}\" away: Hot Spots must "
                    f"be at least {need:g}\" apart (AA-050)")
    return ""


def piece_name(piece: dict[str, Any]) -> str:
    return str(piece.get("label") or piece.get("id") or "piece")


def escort_facts(data: dict[str, Any], path: DataPath) -> tuple[str, bool]:
    """An escort's label and whether it starts wounded, as the loader reads them: a
    ``[[contractors]]`` entry is a wounded "contractor"; an ``[[escorts]]`` entry is
    unhurt and labelled "escort" unless it says otherwise."""
    node = get_list(data, path[:1])
    i = int(path[1])
    e = node[i] if i < len(node) and isinstance(node[i], dict) else {}
    if path[0] == "contractors":
        return "contractor", True
    return str(e.get("label") or "escort"), bool(e.get("wounded"))


def escort_name(data: dict[str, Any], path: DataPath) -> str:
    """What the undo texts call an escort: "VIP vip-1", "contractor contractor-2"."""
    label, _ = escort_facts(data, path)
    return f"{label} {get_in_list(data, path).get('id', '')}".strip()


def get_in_list(data: dict[str, Any], path: DataPath) -> dict[str, Any]:
    node = get_list(data, path[:1])
    i = int(path[1])
    return node[i] if i < len(node) and isinstance(node[i], dict) else {}


def escort_groups(spots: list[tuple[str, Point]], reach: float = 1.5) -> list[list[int]]:
    """Escorts standing together under one label: those with the same label chained
    within ``reach`` inches of one another (the game labels them as one, "Contractors").

    >>> escort_groups([("VIP", (1, 1)), ("VIP", (2, 1)), ("VIP", (9, 9)), ("guide", (2.5, 1))])
    [[0, 1], [2], [3]]
    """
    groups: list[list[int]] = []
    for k, (label, at) in enumerate(spots):
        joined = [g for g in groups if spots[g[0]][0] == label
                  and any(math.dist(at, spots[j][1]) <= reach for j in g)]
        merged = [k]
        for g in joined:
            merged = g + merged
            groups.remove(g)
        groups.append(sorted(merged))
    return sorted(groups)


def is_zone(path: DataPath | None) -> bool:
    """Whether ``path`` names one deployment zone: ``("sides", side, "deployment", i)``."""
    return path is not None and len(path) == 4 and path[0] == "sides" and path[2] == "deployment"


def is_shape(path: DataPath | None) -> bool:
    """Whether ``path`` names something with an outline: a terrain piece or a zone."""
    return path is not None and ((path[:2] == ("table", "pieces") and len(path) == 3) or is_zone(path))


def zone_paths(data: dict[str, Any]) -> list[DataPath]:
    """Every deployment zone in the scenario, Regulars' first."""
    return [("sides", side, "deployment", i) for side in ZONE_SIDES
            for i in range(len(get_list(data, ("sides", side, "deployment"))))]


def zone_name(data: dict[str, Any], path: DataPath) -> str:
    """"Regular deployment zone 2", with its label when it has one."""
    side = str(path[1])
    zone = get_list(data, path[:3])[int(path[3])] if is_zone(path) else {}
    label = zone.get("label") if isinstance(zone, dict) else ""
    name = f"{theme.SIDE_NAMES.get(side, side)} deployment zone {int(path[3]) + 1}"
    return f"{name} ({label})" if label else name


def shape_name(data: dict[str, Any], path: DataPath) -> str:
    """What the undo texts call a piece or a zone."""
    if is_zone(path):
        return zone_name(data, path)
    node = get_list(data, path[:2])
    i = int(path[2])
    return piece_name(node[i]) if i < len(node) and isinstance(node[i], dict) else "piece"


# -- the view --------------------------------------------------------------------------


def drawable(poly: shapely.Polygon) -> shapely.Polygon:
    """A shape that can be drawn for any outline a draft may hold: the outline itself when
    it is a proper polygon, else its hull (a crossed outline) thickened to a sliver (a
    rectangle of no width, points in a line), so a bad piece stays visible and clickable
    while the Problems list says what is wrong with it."""
    if poly.is_valid and poly.area > 0:
        return poly
    hull = poly.convex_hull
    return hull if isinstance(hull, shapely.Polygon) and hull.area > 0 else hull.buffer(0.05)


BESIDE_KINDS = ("building", "rubble")  # pieces named just outside when their name does not fit


@dataclass
class Drag:
    """A mouse drag under way: what it moves and where it started (table inches)."""

    kind: str  # "move", "figure", "handle", "rect", "pan"
    start: Point
    pixel: QPoint
    path: DataPath | None = None
    index: int = -1  # the figure or corner being dragged
    moved: bool = False
    current: Point = (0.0, 0.0)
    items: list[QGraphicsItem] = field(default_factory=list)


class TableCanvas(MapView):
    """The editable table: the scenario drawn with the game's items, tools on the mouse."""

    selectionChanged = Signal(object)  # the selected DataPath, or None
    message = Signal(str, bool)  # a status line for the page; True = something was refused
    toolChanged = Signal(str)

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.viewer = "all"  # "View as" (core/view.py): "all", "regular" or "insurgent"
        self.tool = "select"
        self.last_kind = "building"  # what a polygon piece is made of
        self.snap = True
        self.show_grid = True
        self.selected: DataPath | None = None
        self.selected_figure: int | None = None
        self.unit_factory: Callable[[Point], dict[str, Any]] | None = None
        self._drag: Drag | None = None
        self._poly: list[Point] = []  # corners of the polygon being drawn
        self._scene = QGraphicsScene(self)
        self.setScene(self._scene)
        self._flip = Flip(24.0)
        self.pieces: dict[int, TerrainItem] = {}
        self.piece_labels: dict[int, LabelItem] = {}
        self.label_homes: dict[int, tuple[QPointF, str]] = {}  # a name's place inside its piece
        self.figures: dict[int, list[FigureItem]] = {}
        self.unit_labels: dict[int, LabelItem] = {}
        self.markers: dict[DataPath, QGraphicsItem] = {}
        self.escort_labels: dict[DataPath, LabelItem] = {}
        self.zones: dict[DataPath, ZoneItem] = {}
        self._decor: list[QGraphicsItem] = []  # selection outline, handles
        self._rings: list[RingItem] = []
        self._ghost: QGraphicsItem | None = None
        self._rubber: OutlineItem | None = None
        self._size_tag: SizeTagItem | None = None
        doc.changed.connect(self._doc_changed)
        self.rebuild()

    # -- geometry --------------------------------------------------------------------------
    @property
    def flip(self) -> Flip:
        return self._flip

    def table_size(self) -> tuple[float, float]:
        t = self.doc.get(("table",), {}) or {}
        try:
            w, h = float(t.get("width", 24)), float(t.get("height", 24))
        except (TypeError, ValueError):
            w, h = 24.0, 24.0
        return (w if w > 0 else 24.0, h if h > 0 else 24.0)

    def fit_rect(self) -> QRectF:
        w, h = self.table_size()
        m = EXIT_BAND + 0.4
        return QRectF(-m, -m, w + 2 * m, h + 2 * m)

    def to_table(self, pixel: QPoint) -> Point:
        return self._flip.table(self.mapToScene(pixel))

    def to_pixel(self, at: Point) -> QPoint:
        return self.mapFromScene(self._flip.scene(*at))

    def snapped(self, at: Point) -> Point:
        if not self.snap:
            return (round(at[0], 2), round(at[1], 2))
        return (round(at[0] / SNAP) * SNAP, round(at[1] / SNAP) * SNAP)

    def snapped_delta(self, d: Point) -> Point:
        return self.snapped(d)

    def on_table(self, at: Point, margin: float = 0.0) -> Point:
        w, h = self.table_size()
        return (min(max(at[0], margin), w - margin), min(max(at[1], margin), h - margin))

    # -- drawing from the data ----------------------------------------------------------------
    def _doc_changed(self, path: object) -> None:
        if self._drag is not None:  # an undo in the middle of a drag: drop the drag
            self._drag = None
        if self.selected is not None and self.doc.get(self.selected) is None:
            self.select(None)
        self.rebuild()
        if path in ((), ("table",), ("table", "width"), ("table", "height")):
            self.fit()  # a new table size: show all of it

    def set_viewer(self, viewer: str) -> None:
        """Draw the table as ``viewer`` would see it in play (a piece hidden from that side
        left off); "all" draws everything."""
        self.viewer = viewer
        self.rebuild()

    def rebuild(self) -> None:
        """Draw the whole table again from ``doc.data`` (a 24" table redraws in a few ms)."""
        self._scene.clear()
        self.pieces, self.piece_labels, self.figures, self.unit_labels = {}, {}, {}, {}
        self.label_homes = {}
        self.markers, self.zones = {}, {}
        self.leader_badges: list[LabelItem] = []
        self.escort_labels = {}
        self._decor, self._rings, self._ghost, self._rubber, self._size_tag = [], [], None, None, None
        w, h = self.table_size()
        self._flip = Flip(h)
        pad = max(w, h) * 0.5
        self._scene.setSceneRect(QRectF(-pad, -pad, w + 2 * pad, h + 2 * pad))
        self._scene.addItem(TableItem(w, h, 1.0))
        if self.show_grid:
            self._scene.addItem(GridItem(w, h))
        self._draw_edges(w, h)
        for i, piece in enumerate(get_list(self.doc.data, ("table", "pieces"))):
            self._draw_piece(i, piece)
        for path in zone_paths(self.doc.data):
            self._draw_zone(path)
        for i, unit in enumerate(get_list(self.doc.data, ("units",))):
            self._draw_unit(i, unit)
        for i, spot in enumerate(get_list(self.doc.data, ("hot_spots",))):
            at = point_of(self.doc.data, ("hot_spots", i))
            if at is None:
                continue
            try:
                number = int(spot.get("number", 0))
            except (TypeError, ValueError):
                number = 0
            item = HotSpotItem(number, HOT_SPOT_RADIUS)
            self._add_marker(("hot_spots", i), item, at)
        self._draw_escorts()
        for i in range(len(get_list(self.doc.data, ("aid_stations",)))):
            at = point_of(self.doc.data, ("aid_stations", i))
            if at is not None:
                self._add_marker(("aid_stations", i), AidStationItem(0.35), at)
        self._draw_ieds()
        self._mark_problems()
        self._decorate()
        self.layout_labels()
        if self._poly:
            self._show_polygon(None)

    def _draw_ieds(self) -> None:
        """Each IED where it lies (or at the middle of the piece it is in), its reach a
        dashed ring, its label under it (or "IED" and its id, when it has no label); left
        off when the table is viewed as a side it is hidden from (the one view of
        core/view.py)."""
        from ambush_gui.alley.view import hidden_in_file
        from ambush_gui.core.view import View
        from ambush_gui.gui.table.fof import hidden_words

        pieces = {str(p.get("id")): p for p in get_list(self.doc.data, ("table", "pieces"))
                  if isinstance(p, dict)}
        view = View(None, self.viewer, hidden_in_file(get_list(self.doc.data, IEDS)))
        for i, dev in enumerate(get_list(self.doc.data, IEDS)):
            if not isinstance(dev, dict):
                continue
            at = point_of(self.doc.data, (*IEDS, i))
            if at is None and str(dev.get("piece")) in pieces:
                pts = corners(pieces[str(dev.get("piece"))])
                if len(pts) >= 3:
                    c = shapely.Polygon(pts).centroid
                    at = (c.x, c.y)
            if at is None:
                continue
            try:
                reach = float(dev.get("reach", 3.0))
            except (TypeError, ValueError):
                reach = 3.0
            size = str(dev.get("size", "medium"))
            trigger = str(dev.get("trigger", "enter"))
            if not view.sees(str(dev.get("id", ""))):
                continue  # "View as" the side it is hidden from: not on its table
            secret = view.own_hidden(str(dev.get("id", "")))
            hidden = bool(secret)
            tip = (f"IED {dev.get('id', '')}{': ' + str(dev['label']) if dev.get('label') else ''}\n"
                   f"{size.capitalize()}, goes off {TRIGGER_WORDS.get(trigger, trigger)}; reach {reach:g}\"; "
                   f"{hidden_words(secret) if hidden else 'shown to both sides'}")
            path = (*IEDS, i)
            self._add_marker(path, IedItem(IED_RADIUS, reach, hidden, tip), at)
            name = str(dev.get("label") or "").strip() or f"IED {dev.get('id', '')}"  # as it is called
            lab = LabelItem(name, point_size=7.0, fg=theme.TERRAIN_LABEL,
                            bg=theme.TERRAIN_LABEL_BG, anchor="below", gap=2.0)
            lab.setPos(self._flip.scene(at[0], at[1] - IED_RADIUS))
            lab.setZValue(theme.Z_MARKERS + 1)
            self._scene.addItem(lab)
            self.escort_labels[path] = lab

    def _draw_escorts(self) -> None:
        """Escorts and contractors as the game draws them on the ground, each group of
        the same label under one plate ("VIP", "Contractors")."""
        spots: list[tuple[str, Point]] = []
        paths: list[DataPath] = []
        for key in ESCORT_LISTS:
            for i, e in enumerate(get_list(self.doc.data, (key,))):
                at = point_of(self.doc.data, (key, i))
                if at is None or not isinstance(e, dict):
                    continue
                label, wounded = escort_facts(self.doc.data, (key, i))
                fig = FigureItem(BASE_RADIUS)
                fig.set_look(Look(contractor=True, unhurt=not wounded, on_ground=True))
                how = "wounded" if wounded else "unhurt"
                short = " ([[contractors]] shorthand)" if key == "contractors" else ""
                fig.setToolTip(f"{label} {e.get('id', '')}, {how}{short}: waits for a Regular unit to "
                               "reach it, then is carried as a Dependant (CT-048, DC-005)")
                self._add_marker((key, i), fig, at)
                spots.append((label, at))
                paths.append((key, i))
        for group in escort_groups(spots):
            label = spots[group[0]][0]
            word = label + ("s" if len(group) > 1 and not label.endswith("s") else "")
            lab = LabelItem(word[:1].upper() + word[1:], bold=True, fg=QColor("#111111"),
                            bg=theme.CONTRACTOR, anchor="below", gap=2.0)
            xs = [spots[k][1][0] for k in group]
            ys = [spots[k][1][1] for k in group]
            lab.setPos(self._flip.scene((min(xs) + max(xs)) / 2, min(ys) - BASE_RADIUS * 1.2))
            lab.setZValue(theme.Z_OVERLAY - 2)
            self._scene.addItem(lab)
            for k in group:
                self.escort_labels[paths[k]] = lab

    def _draw_edges(self, w: float, h: float) -> None:
        sides = self.doc.get(("sides",), {}) or {}
        for side, spec in sides.items():
            if side not in theme.SIDE_COLOURS or not isinstance(spec, dict):
                continue
            colour = QColor(theme.SIDE_COLOURS[side])
            colour.setAlpha(theme.EXIT_BAND.alpha())
            edges = [str(e) for e in spec.get("friendly_edges") or []]
            # two sides on one edge share the band: each takes its half
            for e in edges:
                other = [s for s, sp in sides.items() if s != side and isinstance(sp, dict)
                         and e in (sp.get("friendly_edges") or [])]
                b = EXIT_BAND / 2 if other else EXIT_BAND
                off = b if other and side == "insurgent" else 0.0
                rect, vertical, arrow = {
                    "south": (QRectF(0, h + off, w, b), False, "↓"),
                    "north": (QRectF(0, -b - off, w, b), False, "↑"),
                    "west": (QRectF(-b - off, 0, b, h), True, "↑"),
                    "east": (QRectF(w + off, 0, b, h), True, "↓"),
                }.get(e, (None, False, ""))
                if rect is None:
                    continue
                name = theme.SIDE_NAMES.get(side, side)
                self._scene.addItem(ExitBandItem(rect, f"{name} edge", colour, vertical, arrow))

    def _draw_zone(self, path: DataPath) -> None:
        zone = self.doc.get(path)
        pts = corners(zone) if isinstance(zone, dict) else []
        if len(pts) < 3:
            return
        side = str(path[1])
        side_name = str(self.doc.get(("sides", side, "name")) or theme.SIDE_NAMES.get(side, side))
        label = str(zone.get("label") or "")
        text = f"{side_name} set up" + (f": {label}" if label else "")
        tip = (f"{zone_name(self.doc.data, path)}: where the {side_name} set up. Every figure of "
               "the side must start inside one of its zones. Drag the edge to move it, a corner "
               "to resize it; Del deletes it.")
        item = ZoneItem(QPolygonF([self._flip.scene(*q) for q in pts]), theme.SIDE_COLOURS[side], text, tip)
        self._scene.addItem(item)
        self.zones[path] = item

    def _draw_piece(self, i: int, piece: dict[str, Any]) -> None:
        pts = corners(piece)
        if len(pts) < 3:
            return
        poly = shapely.Polygon(pts)
        kind = str(piece.get("kind", "open"))
        if kind not in PIECE_KINDS:
            kind = "open"
        facts = [f"{piece_name(piece)} ({KIND_TITLES.get(kind, kind)}, id {piece.get('id', '?')})"]
        if not poly.is_valid:
            facts.append("the outline crosses itself, or it has no area")
        item = TerrainItem(str(piece.get("id", "")), kind, drawable(poly), self._flip, "\n".join(facts),
                           impassable=piece.get("impassable") is True)
        self._scene.addItem(item)
        self.pieces[i] = item
        label = str(piece.get("label") or "")
        tag = piece_tag(self.doc.data, piece)
        if tag:
            item.setToolTip(f"{item.toolTip()}\n{tag.capitalize()}")
            label = f"{label or piece.get('id', '')}\n{tag}"
        if label and kind != "wall":
            lab = LabelItem(label, point_size=7.5 if kind != "building" else 8.0,
                            bold=kind == "building", fg=theme.TERRAIN_LABEL,
                            bg=theme.RUBBLE_LABEL_BG if kind in ("rubble", "road", "vehicle") else
                            theme.TERRAIN_LABEL_BG if kind in ("civilian_mob", "minefield")
                            or (piece.get("impassable") is True and kind not in SOLID_KINDS) else None)
            c = drawable(poly).centroid
            x, y = c.x, c.y
            if kind == "road" and poly.is_valid:  # along the road, clear of the crossings
                a, b, _ = long_axis(poly)
                if abs(b[1] - a[1]) > abs(b[0] - a[0]):
                    lab.setRotation(-90)
                    a, b = (a, b) if a[1] <= b[1] else (b, a)
                else:
                    a, b = (a, b) if a[0] <= b[0] else (b, a)
                x, y = a[0] + 0.18 * (b[0] - a[0]), a[1] + 0.18 * (b[1] - a[1])
            lab.setPos(self._flip.scene(x, y))
            self.label_homes[i] = (QPointF(lab.pos()), kind)  # inside it (layout may move it out)
            lab.setZValue(theme.Z_TERRAIN + 1)
            self._scene.addItem(lab)
            self.piece_labels[i] = lab

    def _draw_unit(self, i: int, unit: dict[str, Any]) -> None:
        side = str(unit.get("side", "regular"))
        if side not in ("regular", "insurgent"):
            side = "regular"
        items = []
        xs, ys = [], []
        for j, fig in enumerate(unit.get("figures") or []):
            at = point_of(self.doc.data, ("units", i, "figures", j))
            if at is None:
                continue
            item = FigureItem(BASE_RADIUS)
            item.figure_id = str(fig.get("id", ""))
            item.set_look(Look(side=side, leader=fig.get("kind") == "leader",
                               highlight=self.selected == ("units", i)))
            item.setPos(self._flip.scene(*at))
            item.setToolTip(f"{fig.get('id', '')} — {fig.get('kind', 'soldier')}, "
                            f"{fig.get('weapon', 'rifle')}\n{unit.get('name', '')}")
            self._scene.addItem(item)
            items.append(item)
            xs.append(at[0])
            ys.append(at[1])
        self.figures[i] = items
        marks = leader_marks(self.doc.data)
        for fig, item in zip(unit.get("figures") or [], items, strict=False):
            mark = marks.get(str(fig.get("id")))
            if mark is None:
                continue
            positive = mark.startswith("+")
            ring = LeaderRingItem(BASE_RADIUS * 1.55, positive)
            ring.setPos(item.pos())
            self._scene.addItem(ring)
            badge = LabelItem(mark, point_size=6.5, bold=True, fg=QColor("#ffffff"),
                              bg=QColor("#2e7d32") if positive else QColor("#b23b3b"), anchor="right",
                              gap=1.0)
            badge.setPos(item.pos() + QPointF(BASE_RADIUS * 1.2, -BASE_RADIUS * 1.2))
            badge.setToolTip(f"{'Positive' if positive else 'Negative'} Leader, rating {mark[1:]} "
                             "(FF-102..104)")
            item.setToolTip(f"{item.toolTip()}\n{'Positive' if positive else 'Negative'} Leader, "
                            f"rating {mark[1:]}")
            self._scene.addItem(badge)
            self.leader_badges.append(badge)
        if items:
            lab = LabelItem(self.unit_title(unit),
                            edge=theme.SIDE_COLOURS[side], anchor="below", gap=2.0)
            lab.setPos(self._flip.scene((min(xs) + max(xs)) / 2, min(ys) - BASE_RADIUS * 1.2))
            self._scene.addItem(lab)
            self.unit_labels[i] = lab

    def unit_title(self, unit: dict[str, Any]) -> str:
        """A unit's label: its name, and what the modules make of it ("light mortar")."""
        name = str(unit.get("name") or unit.get("id") or "unit")
        tags = unit_tags(self.doc.data, str(unit.get("id", "")))
        return f"{name} ({', '.join(tags)})" if tags else name

    def _mark_problems(self) -> None:
        """Outline in red what the game's own loader finds wrong (a piece off the table,
        a figure outside it, Hot Spots too close), its tooltip naming the problem."""
        self.problem_marks: list[QGraphicsItem] = []
        for where, raw in self.doc.problems():
            p = parse_path(where)
            what = self.doc.describe(where, raw)[1]
            if p[:2] == ("table", "pieces") and len(p) >= 3 and isinstance(p[2], int):
                piece = self.pieces.get(p[2])
                if piece is not None:
                    piece.set_blocking(True)
                    piece.setToolTip(f"{piece.toolTip()}\n⚠ {what}")
                    self.problem_marks.append(piece)
                continue
            if is_zone(p[:4]) and p[:4] in self.zones:
                zone = self.zones[p[:4]]  # type: ignore[index]
                zone.set_bad(True, what)
                self.problem_marks.append(zone)
                continue
            spots: list[QGraphicsItem] = []
            if p[:1] == ("units",) and len(p) >= 2 and isinstance(p[1], int):
                figs = self.figures.get(p[1], [])
                j = p[3] if len(p) >= 4 and p[2] == "figures" else None
                spots = [figs[j]] if isinstance(j, int) and j < len(figs) else list(figs)
            elif len(p) >= 2 and (p[0], p[1]) in self.markers:
                spots = [self.markers[(p[0], p[1])]]
            elif len(p) >= 3 and p[:3] in self.markers:
                spots = [self.markers[p[:3]]]
            for item in spots:
                ring = ProblemRingItem(0.5, f"⚠ {what}")
                ring.setPos(item.pos())
                self._scene.addItem(ring)
                self.problem_marks.append(ring)

    # -- labels ---------------------------------------------------------------------------------
    def _zoomed(self) -> None:
        super()._zoomed()
        self.layout_labels()

    def layout_labels(self) -> None:
        """Keep labels readable at this zoom: a unit's name goes below its figures, else
        above, shortened ("Leader (2a)" -> "2a") where names would overlap, hidden only
        when nothing fits; a terrain name shows where it fits inside its piece and no
        unit, figure or marker covers it."""
        ppi = self.scale_factor()
        if ppi <= 0:
            return
        r = 1.3 * BASE_RADIUS * ppi
        obstacles = [QRectF(p.x() - r, p.y() - r, 2 * r, 2 * r)
                     for figs in self.figures.values() for p in (f.pos() * ppi for f in figs)]
        obstacles += [QRectF(m.pos().x() * ppi - r * 1.4, m.pos().y() * ppi - r * 1.4, 2.8 * r, 2.8 * r)
                      for m in self.markers.values()]
        placed: list[QRectF] = []
        for badge in self.leader_badges:  # a leader's rating first: it sits right by him
            rect = badge.plate().translated(badge.pos() * ppi)
            badge.setVisible(not any(rect.intersects(o) for o in placed))
            if badge.isVisible():
                placed.append(rect)
        units = get_list(self.doc.data, ("units",))
        order = sorted(self.unit_labels, key=lambda i: (self.selected != ("units", i), i))
        for i in order:
            lab = self.unit_labels[i]
            name = self.unit_title(units[i]) if i < len(units) else ""
            figs = self.figures.get(i, [])
            xs = [f.pos().x() for f in figs]
            ys = [f.pos().y() for f in figs]
            gap = BASE_RADIUS * 1.2
            spots = [("below", QPointF((min(xs) + max(xs)) / 2, max(ys) + gap)),
                     ("above", QPointF((min(xs) + max(xs)) / 2, min(ys) - gap))]
            chosen = None
            for text in dict.fromkeys((name, short_name(name))):
                lab.set_text(text)
                for anchor, spot in spots:
                    rect = lab.plate(anchor).translated(spot * ppi)
                    if not any(rect.intersects(o) for o in placed + obstacles):
                        chosen = (anchor, spot, rect)
                        break
                if chosen:
                    break
            lab.setVisible(chosen is not None)
            if chosen is not None:
                lab.set_anchor(chosen[0])
                lab.setPos(chosen[1])
                placed.append(chosen[2])
        for i, lab in self.piece_labels.items():
            piece = self.pieces.get(i)
            if piece is None:
                continue
            box = piece.polygon.boundingRect()
            home, kind = self.label_homes.get(i, (None, ""))
            if home is not None:
                lab.setPos(home)
            lab.set_anchor("center")
            rect = lab.plate()
            along, across = box.width(), box.height()
            if lab.rotation():
                c = rect.center()
                w, h = rect.height(), rect.width()
                rect = QRectF(c.x() - w / 2, c.y() - h / 2, w, h)
                along, across = across, along
            rect = rect.translated(lab.pos() * ppi)
            long_side = max(rect.width(), rect.height())
            short_side = min(rect.width(), rect.height())
            fits = long_side + 4 <= along * ppi and short_side + 2 <= across * ppi
            free = fits and not any(rect.intersects(o) for o in placed + obstacles)
            if not free and kind in BESIDE_KINDS and not lab.rotation():
                # a building too small for its name is named just below it, as on the
                # table in play ("Pump house" on a 3" building was not shown at all)
                spot = QPointF(box.center().x(), box.bottom())
                rect = lab.plate("below").translated(spot * ppi)
                outline = QRectF(box.topLeft() * ppi, box.bottomRight() * ppi)
                free = not any(rect.intersects(o) for o in [*placed, *obstacles, outline])
                if free:
                    lab.set_anchor("below")
                    lab.setPos(spot)
            lab.setVisible(free)
            if free:
                placed.append(rect)

    def _add_marker(self, path: DataPath, item: QGraphicsItem, at: Point) -> None:
        item.setPos(self._flip.scene(*at))
        self._scene.addItem(item)
        self.markers[path] = item

    # -- selection ------------------------------------------------------------------------
    def select(self, path: DataPath | None, figure: int | None = None) -> None:
        """Select a piece ``("table", "pieces", i)``, a unit ``("units", i)`` or a marker
        (``("hot_spots", i)``, ``("contractors", i)``, ``("aid_stations", i)``)."""
        changed = path != self.selected
        old = self.selected
        self.selected, self.selected_figure = path, figure
        for p in (old, path):
            if p is not None and len(p) == 2 and p[0] == "units":
                self._highlight_unit(int(p[1]), p == path)
        self._decorate()
        if changed:
            self.selectionChanged.emit(path)

    def _highlight_unit(self, i: int, on: bool) -> None:
        unit = self.doc.get(("units", i)) or {}
        side = str(unit.get("side", "regular"))
        side = side if side in ("regular", "insurgent") else "regular"
        for j, item in enumerate(self.figures.get(i, [])):
            figs = unit.get("figures") or []
            leader = j < len(figs) and figs[j].get("kind") == "leader"
            item.set_look(Look(side=side, leader=leader, highlight=on))

    def _decorate(self) -> None:
        for item in self._decor:
            self._scene.removeItem(item)
        self._decor = []
        p = self.selected
        if p is None:
            return
        if is_shape(p):
            pts = corners(self.doc.get(p) or {})
            if len(pts) >= 3:
                scene_pts = [self._flip.scene(*q) for q in pts]
                self._decor.append(OutlineItem(scene_pts))
                self._decor += [HandleItem(q, k) for k, q in enumerate(scene_pts)]
        elif p in self.markers:
            self._decor.append(SelectRingItem(0.7))
            self._decor[-1].setPos(self.markers[p].pos())
        elif p[0] == "units" and self.selected_figure is not None:
            figs = self.figures.get(int(p[1]), [])
            if 0 <= self.selected_figure < len(figs):
                self._decor.append(SelectRingItem(0.45))
                self._decor[-1].setPos(figs[self.selected_figure].pos())
        for item in self._decor:
            self._scene.addItem(item)

    def items_of(self, path: DataPath) -> list[QGraphicsItem]:
        """The scene items that draw the thing at ``path`` (they move together in a drag)."""
        if path[:2] == ("table", "pieces"):
            i = int(path[2])
            return [x for x in (self.pieces.get(i), self.piece_labels.get(i)) if x is not None]
        if path[0] == "units":
            i = int(path[1])
            return [*self.figures.get(i, []), *([self.unit_labels[i]] if i in self.unit_labels else [])]
        if is_zone(path):
            return [self.zones[path]] if path in self.zones else []
        item = self.markers.get(path)
        label = self.escort_labels.get(path)
        return [x for x in (item, label) if x is not None]

    def centre_on(self, path: DataPath) -> None:
        """Bring the place into view; one already in sight is left where it is (centring it
        slid a table that fitted the view half out of it when a unit was picked from the
        Units tab's list)."""
        items = self.items_of(path)
        if not items:
            return
        r = QRectF()
        for item in items:
            r = r.united(item.sceneBoundingRect()) if not isinstance(item, LabelItem) else r
        seen = self.mapToScene(self.viewport().rect()).boundingRect()
        if seen.contains(r) if not r.isNull() else seen.contains(items[0].scenePos()):
            return
        self.centerOn(r.center() if not r.isNull() else items[0].scenePos())
        self.auto_fit = False

    # -- hit testing ------------------------------------------------------------------------
    def hit(self, pixel: QPoint) -> tuple[DataPath | None, int | None]:
        """What is under the mouse: (path, figure index) of the top-most thing."""
        scene_pos = self.mapToScene(pixel)
        items = [item for item in self._scene.items(scene_pos) if item.isVisible()]
        for item in items:
            for path, marker in self.markers.items():
                if marker is item:
                    return path, None
            for i, figs in self.figures.items():
                for j, fig in enumerate(figs):
                    if fig is item:
                        return ("units", i), j
        zone = self.zone_at(pixel, edge_only=True)
        if zone is not None:
            return zone, None
        for item in items:
            for i, piece in self.pieces.items():
                if piece is item and piece.shape().contains(scene_pos):
                    return ("table", "pieces", i), None
        return self.zone_at(pixel, edge_only=False), None

    def zone_at(self, pixel: QPoint, edge_only: bool) -> DataPath | None:
        """The deployment zone whose edge is within a few pixels of ``pixel`` or, unless
        ``edge_only``, the smallest zone the pixel is inside."""
        at = shapely.Point(self.to_table(pixel))
        tol = ZONE_EDGE_PX / max(self.scale_factor(), 1e-6)
        found: list[tuple[float, DataPath]] = []
        for path in self.zones:
            pts = corners(self.doc.get(path) or {})
            if len(pts) < 3:
                continue
            poly = shapely.Polygon(pts)
            if edge_only and poly.exterior.distance(at) <= tol:
                found.append((poly.exterior.distance(at), path))
            elif not edge_only and poly.covers(at):
                found.append((poly.area, path))
        return min(found)[1] if found else None

    def handle_at(self, pixel: QPoint) -> int | None:
        for item in self._decor:
            if isinstance(item, HandleItem):
                p = self.mapFromScene(item.pos())
                if abs(p.x() - pixel.x()) <= HANDLE_PX and abs(p.y() - pixel.y()) <= HANDLE_PX:
                    return item.index
        return None

    # -- tools ------------------------------------------------------------------------------
    def set_tool(self, tool: str) -> None:
        """Switch the tool (see the module docstring); a polygon half drawn is dropped."""
        if tool.startswith("rect:"):
            self.last_kind = tool.split(":", 1)[1]
        self._poly = []
        self._clear_transient()
        self.tool = tool
        self.viewport().setCursor(Qt.CursorShape.ArrowCursor if tool == "select"
                                  else Qt.CursorShape.CrossCursor)
        self.toolChanged.emit(tool)

    def _clear_transient(self) -> None:
        for item in (*self._rings, self._ghost, self._rubber, self._size_tag):
            if item is not None and item.scene() is self._scene:
                self._scene.removeItem(item)
        self._rings, self._ghost, self._rubber, self._size_tag = [], None, None, None

    def _say(self, text: str, refused: bool = False) -> None:
        self.message.emit(text, refused)

    # -- the mouse ----------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        pixel = event.position().toPoint()
        at = self.to_table(pixel)
        self.setFocus()
        event.accept()
        if event.button() == Qt.MouseButton.MiddleButton:
            self._drag = Drag("pan", at, pixel, moved=True)
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        if self.tool.startswith(("rect:", "zone:")):
            self._drag = Drag("rect", self.snapped(at), pixel)
            return
        if self.tool == "polygon":
            self._add_polygon_corner(self.snapped(at))
            return
        if self.tool != "select":
            self._place(self.tool, at)
            return
        handle = self.handle_at(pixel) if self.selected is not None else None
        if handle is not None:
            self._drag = Drag("handle", at, pixel, self.selected, handle)
            return
        path, figure = self.hit(pixel)
        if path is None:
            self.select(None)
            self._drag = Drag("pan", at, pixel)
            return
        self.select(path, figure)
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        kind = "figure" if ctrl and figure is not None else "move"
        items = self.items_of(path)
        if kind == "figure":
            items = [self.figures[int(path[1])][figure]]  # type: ignore[index]
        self._drag = Drag(kind, at, pixel, path, figure if figure is not None else -1,
                          items=items)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        pixel = event.position().toPoint()
        at = self.to_table(pixel)
        d = self._drag
        if d is None:
            self._hover(at)
            return
        far = (pixel - d.pixel).manhattanLength()
        if not d.moved and far < QApplication.startDragDistance():
            return
        d.moved = True
        if d.kind == "pan":
            self.pan(pixel.x() - d.pixel.x(), pixel.y() - d.pixel.y())
            d.pixel = pixel
            return
        d.current = at
        if d.kind == "rect":
            self._show_rubber(d.start, self.snapped(at))
        elif d.kind in ("move", "figure"):
            self._drag_items(d, at)
        elif d.kind == "handle":
            self._show_reshape(d, at)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        d, self._drag = self._drag, None
        event.accept()
        if d is None or d.kind == "pan":
            return
        at = self.to_table(event.position().toPoint())
        d.current = at
        pushed = self.doc.undo_stack.index()
        self._finish(d, at)
        if d.moved and d.kind != "rect" and self.doc.undo_stack.index() == pushed:
            self.rebuild()  # nothing changed (refused, or dropped where it was): put it back

    def _finish(self, d: Drag, at: Point) -> None:
        if d.kind == "rect":
            self._clear_transient()
            self._finish_rect(d.start, self.snapped(at), d.moved)
        elif not d.moved:
            return
        elif d.kind == "move":
            self._finish_move(d)
        elif d.kind == "figure":
            self._finish_figure(d)
        elif d.kind == "handle":
            self._finish_reshape(d)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        event.accept()
        if self.tool == "polygon":  # the double-clicked point is the last corner
            self._add_polygon_corner(self.snapped(self.to_table(event.position().toPoint())))
            self.close_polygon()
        elif self.tool == "select":
            self.mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        key = event.key()
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.tool == "polygon":
            self.close_polygon()
        elif key == Qt.Key.Key_Escape:
            if self._drag is not None:
                self._drag = None
                self.rebuild()
            elif self._poly:
                self._poly = []
                self._clear_transient()
                self._say("Polygon cancelled")
            elif self.tool != "select":
                self.set_tool("select")
            else:
                self.select(None)
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.delete_selected()
        elif key == Qt.Key.Key_R:
            self.rotate_selected(ROTATE_STEP if shift else -ROTATE_STEP)
        else:
            super().keyPressEvent(event)

    # -- hover feedback ---------------------------------------------------------------------------
    def _hover(self, at: Point) -> None:
        if self.tool == "hot_spot":
            self._show_rings(self.snapped(at), skip=None)
        elif self.tool == "polygon" and self._poly:
            self._show_polygon(self.snapped(at))

    def _show_rings(self, at: Point, skip: int | None) -> None:
        """The 6" ring round every other Hot Spot, and round the one being placed; red
        where the spacing is broken (AA-050)."""
        spots = get_list(self.doc.data, ("hot_spots",))
        if not self._rings:
            for i in range(len(spots)):
                c = point_of(self.doc.data, ("hot_spots", i))
                if i != skip and c is not None:
                    ring = RingItem(self._flip.scene(*c), MEASURES.hot_spot_spacing)
                    self._scene.addItem(ring)
                    self._rings.append(ring)
            mine = RingItem(self._flip.scene(*at), MEASURES.hot_spot_spacing)
            mine.setData(0, "mine")
            self._scene.addItem(mine)
            self._rings.append(mine)
        bad = bool(spacing_problem(spots, at, skip))
        for ring in self._rings:
            if ring.data(0) == "mine":
                ring.setPos(self._flip.scene(*at))
                ring.set_bad(bad)
            else:
                x, y = self._flip.table(ring.pos())
                ring.set_bad(math.hypot(x - at[0], y - at[1]) < MEASURES.hot_spot_spacing)

    def leaveEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        if self._drag is None and self.tool == "hot_spot":
            self._clear_transient()
        super().leaveEvent(event)

    # -- placing ----------------------------------------------------------------------------------
    def _place(self, tool: str, raw: Point) -> None:
        w, h = self.table_size()
        at = self.snapped(raw)
        if not (0 <= raw[0] <= w and 0 <= raw[1] <= h):
            self._say("Click on the table to place it", True)
            return
        if tool == "hot_spot":
            self.add_hot_spot(at)
        elif tool == "unit":
            if self.unit_factory is None:
                return
            unit = self.unit_factory(at)
            i = self.doc.insert(("units",), None, unit, f"Add unit {unit.get('name', unit['id'])}")
            self.select(("units", i))
            self._say(f"{unit.get('name')} placed: {figures_word(len(unit['figures']))}. Drag to move it, "
                      "Ctrl-drag to move one figure.")
        elif tool == "contractor":
            cid = fresh_id(self.doc.data, "contractor")
            i = self.doc.insert(("contractors",), None, {"id": cid, "at": [num(at[0]), num(at[1])]},
                                f"Add contractor {cid}")
            self.select(("contractors", i))
        elif tool == "escort":
            self.add_escort(at)
        elif tool == "aid_station":
            i = self.doc.insert(("aid_stations",), None, [num(at[0]), num(at[1])], "Add aid station")
            self.select(("aid_stations", i))
        elif tool == "ied":
            self.add_ied(at)

    def add_ied(self, at: Point) -> DataPath:
        """Place a new IED (medium, hidden, going off when a unit comes near: the form
        changes it), switching the IEDs module on if it was off: one undo step."""
        taken = used_ids(self.doc.data) | {str(d.get("id")) for d in get_list(self.doc.data, IEDS)
                                           if isinstance(d, dict)}
        iid = fresh_id(self.doc.data, "ied", taken)
        text = f"Add IED {iid}"
        with self.doc.macro(text):
            set_module(self.doc, "ieds", True, text)
            i = self.doc.insert(IEDS, None, {"id": iid, "at": [num(at[0]), num(at[1])]}, text)
        self.select((*IEDS, i))
        self._say(f"IED {iid} placed: set its size, trigger and target under Properties; drag to move it")
        return (*IEDS, i)

    def add_escort(self, at: Point) -> DataPath:
        """Place a new escort (unhurt, labelled "escort": the form changes both) in one
        undo step that also marks the file as format 2, whose ``[[escorts]]`` it uses."""
        eid = fresh_id(self.doc.data, "escort")
        text = f"Add escort {eid}"
        with self.doc.macro(text):
            i = self.doc.insert(("escorts",), None, {"id": eid, "at": [num(at[0]), num(at[1])]}, text)
            self.doc.set(("format",), 2, text)
        self.select(("escorts", i))
        self._say(f"Escort {eid} placed: name what it is (VIP, informant...) and whether it starts "
                  "wounded under Properties; drag to move it")
        return ("escorts", i)

    def add_hot_spot(self, at: Point) -> bool:
        """Place the lowest free Hot Spot number at ``at``; refused (with a message) if
        all five are placed or another is closer than 6" (AA-049, AA-050)."""
        spots = get_list(self.doc.data, ("hot_spots",))
        taken = {s.get("number") for s in spots}
        free = [n for n in range(1, 6) if n not in taken]
        if not free:
            self._say("All five Hot Spots are placed (AA-049 numbers them 1 to 5)", True)
            return False
        why = spacing_problem(spots, at)
        if why:
            self._say(f"Hot Spot {free[0]} not placed: {why}", True)
            return False
        n = free[0]
        i = self.doc.insert(("hot_spots",), None, {"number": n, "at": [num(at[0]), num(at[1])]},
                            f"Add hot spot {n}")
        self._clear_transient()
        self.select(("hot_spots", i))
        self._say(f"Hot Spot {n} placed")
        return True

    def _show_rubber(self, a: Point, b: Point) -> None:
        pts = [self._flip.scene(*q) for q in ((a[0], a[1]), (b[0], a[1]), (b[0], b[1]), (a[0], b[1]))]
        if self._rubber is None:
            self._rubber = OutlineItem(pts, colour=QColor("#ffffff"))
            self._size_tag = SizeTagItem()
            self._scene.addItem(self._rubber)
            self._scene.addItem(self._size_tag)
        self._rubber.set_points(pts)
        assert self._size_tag is not None
        self._size_tag.set_text(f"{abs(b[0] - a[0]):g} x {abs(b[1] - a[1]):g}\"",
                                self._flip.scene(b[0], b[1]) + QPointF(0.0, -0.6))

    def _finish_rect(self, a: Point, b: Point, dragged: bool) -> None:
        kind = self.tool.split(":", 1)[1]
        zone = self.tool.startswith("zone:")
        w, h = self.table_size()
        if dragged:
            x0, x1 = sorted((a[0], b[0]))
            y0, y1 = sorted((a[1], b[1]))
        else:  # a click: a piece of the usual size, centred where clicked
            dw, dh = DEFAULT_ZONE if zone else DEFAULT_SIZES.get(kind, (2.0, 2.0))
            x0, y0 = a[0] - dw / 2, a[1] - dh / 2
            x1, y1 = x0 + dw, y0 + dh
        x0, y0 = max(0.0, x0), max(0.0, y0)
        x1, y1 = min(w, x1), min(h, y1)
        if x1 - x0 < 0.2 or y1 - y0 < 0.2:
            self._say("Too small: drag out a rectangle at least 0.2\" each way", True)
            return
        if zone:
            self.add_zone(kind, [num(x0), num(y0), num(x1 - x0), num(y1 - y0)])
            return
        pid = fresh_id(self.doc.data, kind)
        piece = {"id": pid, "kind": kind, "label": f"{KIND_TITLES[kind]} {pid.rsplit('-', 1)[1]}",
                 "rect": [num(x0), num(y0), num(x1 - x0), num(y1 - y0)]}
        i = self.doc.insert(("table", "pieces"), None, piece, f"Add {KIND_TITLES[kind].lower()} {pid}")
        self.select(("table", "pieces", i))

    def add_zone(self, side: str, rect: list[float | int]) -> DataPath:
        """Add a deployment zone for ``side`` (one undo step, the list made if it is the
        side's first) and select it."""
        lst = ("sides", side, "deployment")
        n = len(get_list(self.doc.data, lst)) + 1
        text = f"Add {theme.SIDE_NAMES.get(side, side)} deployment zone {n}"
        with self.doc.macro(text):
            i = self.doc.insert(lst, None, {"rect": rect}, text)
        path = (*lst, i)
        self.select(path)
        self._say(f"{zone_name(self.doc.data, path)} added: {self._zone_count(side)}")
        return path

    def _zone_count(self, side: str) -> str:
        """How many of the side's figures stand outside its zones, as the loader says."""
        outside = [w for w, what in self.doc.problems()
                   if w.startswith("units[") and f"outside the {side} deployment zones" in what]
        if not outside:
            return f"every {theme.SIDE_NAMES.get(side, side)} figure stands inside the side's zones"
        stand = "stands" if len(outside) == 1 else "stand"
        return (f"{figures_word(len(outside), theme.SIDE_NAMES.get(side, side) + ' figure')} {stand} "
                "outside the side's zones (marked in red)")

    def _add_polygon_corner(self, at: Point) -> None:
        if self._poly and math.dist(self._poly[-1], at) < 0.05:
            return
        self._poly.append(at)
        self._show_polygon(None)
        self._say(f"Corner {len(self._poly)}: click the next; double-click or Enter closes the "
                  "polygon, Esc cancels")

    def _show_polygon(self, mouse: Point | None) -> None:
        pts = [self._flip.scene(*q) for q in self._poly]
        if mouse is not None:
            pts.append(self._flip.scene(*mouse))
        if self._rubber is None or self._rubber.scene() is not self._scene:
            self._rubber = OutlineItem(pts, closed=False, colour=QColor("#ffffff"))
            self._scene.addItem(self._rubber)
        self._rubber.set_points(pts, closed=False)

    def close_polygon(self) -> bool:
        """Close the polygon being drawn into a piece (of the last kind chosen)."""
        pts = self._poly
        if len(pts) < 3:
            self._say("A polygon needs at least 3 corners", True)
            return False
        if not shapely.Polygon(pts).is_valid:
            self._say("The outline crosses itself: click the corners in order round the piece", True)
            return False
        self._poly = []
        self._clear_transient()
        kind = self.last_kind
        pid = fresh_id(self.doc.data, kind)
        piece = {"id": pid, "kind": kind, "label": f"{KIND_TITLES[kind]} {pid.rsplit('-', 1)[1]}",
                 "points": [[num(x), num(y)] for x, y in pts]}
        i = self.doc.insert(("table", "pieces"), None, piece,
                            f"Add {KIND_TITLES[kind].lower()} {pid} ({len(pts)} corners)")
        self.select(("table", "pieces", i))
        self._say(f"{piece['label']} added; change its kind and label under Properties")
        return True

    # -- dragging ---------------------------------------------------------------------------------
    def _delta(self, d: Drag, at: Point) -> Point:
        return self.snapped_delta((at[0] - d.start[0], at[1] - d.start[1]))

    def _drag_items(self, d: Drag, at: Point) -> None:
        assert d.path is not None
        if d.path[0] == "hot_spots":
            target = self.snapped(at)
            self.markers[d.path].setPos(self._flip.scene(*target))
            self._show_rings(target, skip=int(d.path[1]))
            for item in self._decor:
                item.setPos(self._flip.scene(*target))
            return
        dx, dy = self._delta(d, at)
        for item in (*d.items, *self._decor):
            item.setData(1, item.data(1) if item.data(1) is not None else item.pos())
            item.setPos(item.data(1) + QPointF(dx, -dy))

    def _finish_move(self, d: Drag) -> None:
        assert d.path is not None
        path = d.path
        if path[:2] == IEDS:
            at = self.on_table(self.snapped(d.current))
            old = point_of(self.doc.data, path)
            if old is not None and math.dist(old, at) < 1e-9:
                return
            text = f"Move IED {self.doc.get((*path, 'id'))}"
            with self.doc.macro(text):
                self.doc.set((*path, "at"), [num(at[0]), num(at[1])], text)
                self.doc.set((*path, "piece"), None, text)
            return
        if path[0] in MARKER_LISTS:
            self._clear_transient()
            at = self.on_table(self.snapped(d.current))
            old = point_of(self.doc.data, path)
            if path[0] == "hot_spots":
                spots = get_list(self.doc.data, ("hot_spots",))
                why = spacing_problem(spots, at, skip=int(path[1]))
                if why:
                    self.rebuild()
                    self._say(f"Hot Spot not moved: {why}", True)
                    return
            if old is not None and math.dist(old, at) < 1e-9:
                return
            value = [num(at[0]), num(at[1])]
            if path[0] == "hot_spots":
                n = self.doc.get((*path, "number"))
                self.doc.set((*path, "at"), value, f"Move hot spot {n}")
            elif path[0] in ESCORT_LISTS:
                self.doc.set((*path, "at"), value, f"Move {escort_name(self.doc.data, path)}")
            else:
                self.doc.set(path, value, "Move aid station")
            return
        dx, dy = self._delta(d, d.current)
        if dx == 0 and dy == 0:
            self.rebuild()
            return
        if is_shape(path):
            piece = self.doc.get(path)
            moved = with_corners(piece, [(x + dx, y + dy) for x, y in corners(piece)])
            self.doc.set(path, moved, f"Move {shape_name(self.doc.data, path)}")
        else:
            unit = self.doc.get(path)
            figs = [dict(f, at=[num(f["at"][0] + dx), num(f["at"][1] + dy)]) for f in unit["figures"]]
            self.doc.set((*path, "figures"), figs, f"Move {unit.get('name') or unit.get('id')}")

    def _finish_figure(self, d: Drag) -> None:
        """One figure moved apart from its unit. If the unit would fall out of cohesion
        (AA-014) the figure is pulled to within 1" of its nearest fellow when it was dropped
        within 4" of one, and the move is refused (with the reason) when dropped farther."""
        assert d.path is not None
        unit = self.doc.get(d.path)
        j = d.index
        figs = unit["figures"]
        at = self.on_table(self.snapped(d.current), 0.0)
        others = [(float(f["at"][0]), float(f["at"][1])) for k, f in enumerate(figs) if k != j]
        link = MEASURES.cohesion_link
        note = ""
        if others and not cohesive([*others, at], link, MEASURES.cohesion_radius):
            near = min(others, key=lambda p: math.dist(p, at))
            dist = math.dist(near, at)
            if dist > MEASURES.cohesion_radius:
                self.rebuild()
                self._say(f"Figure not moved: {figs[j]['id']} would be {dist:.1f}\" from the rest of "
                          f"{unit.get('name')}; a unit keeps within {link:g}\" of one another or "
                          f"{MEASURES.cohesion_radius:g}\" of its centre (AA-014)", True)
                return
            k = (0.9 * link) / dist
            at = (round(near[0] + (at[0] - near[0]) * k, 2), round(near[1] + (at[1] - near[1]) * k, 2))
            note = f" (pulled to within {link:g}\" of the unit to keep it in cohesion, AA-014)"
        self.doc.set((*d.path, "figures", j, "at"), [num(at[0]), num(at[1])],
                     f"Move figure {figs[j].get('id')}")
        self._say(f"Moved {figs[j].get('id')}{note}")

    def _reshaped(self, d: Drag, at: Point) -> list[Point]:
        assert d.path is not None
        piece = self.doc.get(d.path)
        pts = corners(piece)
        target = self.snapped(at)
        if piece.get("rect") is not None:  # the opposite corner stays put
            ox, oy = pts[(d.index + 2) % 4]
            x0, x1 = sorted((ox, target[0]))
            y0, y1 = sorted((oy, target[1]))
            return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        pts[d.index] = target
        return pts

    def _show_reshape(self, d: Drag, at: Point) -> None:
        pts = [self._flip.scene(*q) for q in self._reshaped(d, at)]
        for item in self._decor:
            if isinstance(item, OutlineItem):
                item.set_points(pts)
            elif isinstance(item, HandleItem) and item.index < len(pts):
                item.setPos(pts[item.index])

    def _finish_reshape(self, d: Drag) -> None:
        assert d.path is not None
        piece = self.doc.get(d.path)
        pts = self._reshaped(d, d.current)
        poly = shapely.Polygon(pts)
        if poly.area < 0.04 or not poly.is_valid:
            self.rebuild()
            self._say("Not reshaped: the piece would be empty or cross itself", True)
            return
        self.doc.set(d.path, with_corners(piece, pts), f"Resize {shape_name(self.doc.data, d.path)}")

    # -- keys on the selection -------------------------------------------------------------------
    def delete_selected(self) -> bool:
        p = self.selected
        if p is None:
            return False
        value = self.doc.get(p)
        if p[0] == "units":
            text = f"Delete {value.get('name') or value.get('id')}"
        elif p[0] == "hot_spots":
            text = f"Delete hot spot {value.get('number')}"
        elif p[0] in ESCORT_LISTS:
            text = f"Delete {escort_name(self.doc.data, p)}"
        elif p[0] == "aid_stations":
            text = "Delete aid station"
        elif p[:2] == IEDS:
            text = f"Delete IED {value.get('id')}"
            self.select(None)
            with self.doc.macro(text):
                self.doc.remove(IEDS, int(p[-1]), text)
                if not get_list(self.doc.data, IEDS):
                    self.doc.set(IEDS, None, text)
            return True
        elif is_zone(p):
            text = f"Delete {zone_name(self.doc.data, p)}"
            self.select(None)
            with self.doc.macro(text):  # the side's last zone: the key goes, as it was
                self.doc.remove(p[:-1], int(p[-1]), text)
                if not get_list(self.doc.data, p[:-1]):
                    self.doc.set(p[:-1], None, text)
            return True
        else:
            text = f"Delete {piece_name(value)}"
        self.select(None)
        with self.doc.macro(text):  # and what the modules said about it
            self.doc.remove(p[:-1], int(p[-1]), text)
            if isinstance(value, dict):
                forget(self.doc, value, text)
        return True

    def rotate_selected(self, degrees: float) -> bool:
        """Turn the selected piece about its centre (the format has no rotation field: a
        rectangle turned by anything but a right angle is written as four points)."""
        p = self.selected
        if not is_shape(p):
            self._say("Select a terrain piece or a deployment zone to turn it", True)
            return False
        assert p is not None
        piece = self.doc.get(p)
        pts = corners(piece)
        if len(pts) < 3:
            return False
        turned = rotate(pts, degrees)
        way = "clockwise" if degrees < 0 else "anticlockwise"
        self.doc.set(p, with_corners(piece, turned),
                     f"Rotate {shape_name(self.doc.data, p)} {abs(degrees):g}° {way}")
        return True
