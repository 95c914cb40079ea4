"""The Ambush! hex map on screen: terrain, hexside features, counters, and what the
player may do next (steps to enter, the red references, marked hexes).

:class:`HexMapView` shows a :class:`~ambush_gui.core.hexgrid.HexMap` and turns the
mouse into hex numbers and soldier ids; it knows no rule. The game window feeds it
:class:`Counter` values (:func:`counters_for` builds them from an ``AmbushState``) and
the hexes the engine offers (:meth:`HexMapView.show_steps`); the mission editor feeds it
a new map after every brush stroke (:meth:`HexMapView.set_map`).

Layers, bottom to top (z values in :mod:`ambush_gui.gui.shared.theme`):

1. terrain: one item paints every hex (a fill per terrain and a small pattern: furrows,
   fruit trees, tufts, tree crowns, stones, roofs; roads and streams join their
   neighbours), the hexside features on the hex edges, and the map's outline. It is
   cached as a device pixmap, so a repaint of the map is one blit; each pattern is
   drawn once per zoom as a tile and blitted per hex, and :meth:`HexMapView.set_map`
   redraws only the hexes that changed (and their neighbours);
2. marks (tinted hexes), then the hex grid and the hex numbers (one cached item; either
   can be toggled);
3. the steps one may enter next, the path entered so far, arrows;
4. counters, stacked in their hex like a real stack: each one offset down and right
   from the one under it, so every counter's top band (its name and status badges)
   stays in sight, up to six in a hex;
5. over the counters: the note on the move so far, and the ghost of a dragged counter.

Measured by ``bench/bench_hex_map.py``.

Scene units are pixels at ``hex_size`` (the centre-to-corner distance), with hex 0101's
centre at the origin, as :func:`~ambush_gui.core.hexgrid.to_pixel` lays them out.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import (
    QEasingCurve,
    QEvent,
    QLineF,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    Qt,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPixmapCache,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QToolTip,
    QWidget,
)

from ambush_gui.core.hexgrid import Direction, Hex, HexMap, corners, from_pixel, to_pixel
from ambush_gui.gui.shared import art, theme
from ambush_gui.gui.shared.map_view import MapView

__all__ = ["Counter", "HexMapView", "counters_for", "stack_extent", "stack_layout"]

NO_PEN = QPen(Qt.PenStyle.NoPen)


# -- what the map is told ----------------------------------------------------------------


@dataclass(frozen=True)
class Counter:
    """One counter on the map, as the map draws it (plain values: no engine objects)."""

    id: str  # soldier id
    side: str  # "us" or "german"
    hex: str  # "CCRR" label
    text: str  # short text on the counter (US: short name; German: letter)
    stance: str  # "standing" | "crouching" | "prone"
    wounded: bool = False
    panicked: bool = False
    out: bool = False  # out of the fight (killed/captured/surrendered): drawn faded and crossed
    unaware: bool = False  # US not yet aware
    tip: str = ""  # tooltip text (name, ratings, status)
    no_command: bool = False  # US out of command: a red initiative number panics him (AR-059)
    apart: int = 0  # the letters of ``text`` that tell him from the rest of his side


def counters_for(state: Any, commands: Mapping[str, str] | None = None,
                 kit: Mapping[str, str] | None = None,
                 hidden: Container[str] = ()) -> list[Counter]:
    """Every soldier of an ``AmbushState`` who is on the map (a hex, not left the map).

    US counters carry the soldier's surname, German counters their letter (AR-007).
    ``commands``: each US soldier's command in words (:func:`~ambush_gui.ambush.command.
    command_words`), for his tooltip and the out-of-command badge. ``kit``: what each soldier
    carries in the chart's words (:func:`~ambush_gui.gui.hexmap.dialogs.common.weapons_text`).
    ``hidden``: the soldiers lying prone in a building, out of the enemy's sight (FC-073).
    """
    out: list[Counter] = []
    commands, kit = commands or {}, kit or {}
    labels = counter_labels(state.soldiers.values())
    for s in state.soldiers.values():
        if s.hex is None or s.left_map:
            continue
        side = str(s.side.value)
        text, apart = labels[s.id]
        status = str(s.status.value)
        out.append(Counter(
            id=s.id, side=side, hex=s.hex.label, text=text, apart=apart, stance=str(s.stance.value),
            wounded=s.wounded, panicked=s.panicked, out=status != "active",
            unaware=side == "us" and not s.aware,
            tip=_soldier_tip(s, commands.get(s.id, ""), kit.get(s.id, ""), s.id in hidden),
            no_command=commands.get(s.id, "").startswith("Out of command"),
        ))
    return out


RANKS = frozenset({"Pvt", "Pfc", "Cpl", "Sgt", "SSgt", "TSgt", "MSgt", "Lt", "Capt", "T/5", "T/4",
                   "Schütze", "Grenadier", "Gefreiter", "Obergefreiter", "Unteroffizier",
                   "Feldwebel", "Leutnant"})
"""Words before a surname that are a rank, not a given name (see :func:`counter_labels`)."""


def counter_labels(soldiers: Iterable[Any]) -> dict[str, tuple[str, int]]:
    """Each soldier's counter text, and how many of its letters tell him from the rest of
    his side. A German's is his letter (AR-007); a US soldier's his surname, or, where two
    share one, the word before it too ("Cpl Hall", "J. Hall": a given name as its initial).
    The letters that tell men apart are what a counter too small for the whole text keeps:
    "Hallam" and "Halloran" shortened are "Halla." and "Hallo.", never both "Hall…".

    >>> from types import SimpleNamespace as S
    >>> men = [S(id=i, side=S(value="us"), letter="", name=n) for i, n in
    ...        enumerate(["Sgt Hallam", "Pvt Halloran", "Pvt John Hall", "Pfc Tom Hall"])]
    >>> counter_labels(men)
    {0: ('Hallam', 5), 1: ('Halloran', 5), 2: ('J. Hall', 1), 3: ('T. Hall', 1)}
    """
    words: dict[str, list[str]] = {}
    texts: dict[str, str] = {}
    for s in soldiers:
        if str(s.side.value) == "german" and s.letter:
            texts[s.id] = s.letter
        else:
            words[s.id] = str(s.name).split() or [str(s.id)]
    surnames = [w[-1] for w in words.values()]
    for sid, w in words.items():
        text = w[-1]
        if surnames.count(text) > 1 and len(w) > 1:
            before = w[-2]  # a rank (Pvt, Cpl) stays whole; a given name becomes its initial
            text = f"{before} {text}" if before.rstrip(".") in RANKS else f"{before[0]}. {text}"
        texts[sid] = text
    us = [texts[sid] for sid in words]

    def apart(text: str) -> int:
        """1 + the longest start it shares with another man's text (at most its length)."""
        shared = [len(os.path.commonprefix([text, o])) for o in us if o != text]
        return min(len(text), 1 + max(shared, default=0))

    return {sid: (t, apart(t) if sid in words else len(t)) for sid, t in texts.items()}


def shortened(text: str, apart: int, fits: Callable[[str], bool]) -> str:
    """``text`` as a counter's band shows it in the room ``fits`` allows: whole, else cut to
    as many letters as fit with a full stop, never fewer than the ``apart`` letters that
    tell him from the rest of his side.

    >>> shortened("Castellano", 3, lambda t: len(t) <= 6)
    'Caste.'
    >>> shortened("Hallam", 5, lambda t: len(t) <= 4)
    'Halla'
    """
    if fits(text):
        return text
    for n in range(len(text) - 1, apart - 1, -1):
        cut = text[:n].rstrip(" .")
        if len(cut) >= apart and fits(cut + "."):
            return cut + "."
    return text[:max(apart, 1)]


def game_counters(game: Any) -> list[Counter]:
    """The counters of an ``AmbushGame`` as its window draws them: each US soldier with his
    command in words and every soldier with what he carries (:func:`counters_for`)."""
    from ambush_gui.ambush.command import command_words
    from ambush_gui.ambush.fire import hidden_in_building
    from ambush_gui.gui.hexmap.dialogs.common import weapons_text

    soldiers = game.state.soldiers.values()
    commands = {s.id: command_words(game, s) for s in soldiers}
    kit = {s.id: weapons_text(game, s) for s in soldiers if s.hex is not None}
    hidden = {s.id for s in soldiers if s.active and hidden_in_building(game, s)}
    return counters_for(game.state, commands, kit, hidden)


def _also_here(c: Counter) -> str:
    """A counter under the top one, in a hex's tooltip: "Pfc Lund (crouching, wounded)"."""
    name = c.tip.split("</b>")[0].removeprefix("<b>") if c.tip.startswith("<b>") else c.text
    state = [c.stance] + (["out of the fight"] if c.out else  # only that: not "wounded" too
                          [w for w, on in (("wounded", c.wounded), ("panicked", c.panicked)) if on])
    return f"{name} ({', '.join(state)})"


def _soldier_tip(s: Any, command: str = "", kit: str = "", hidden: bool = False) -> str:
    from ambush_gui.gui.hexmap.dialogs.common import ratings_text

    side = theme.SIDE_NAMES.get(str(s.side.value), str(s.side.value))
    who = f"{s.name} ({s.letter})" if s.letter else s.name
    stance = str(s.stance.value).capitalize()
    if hidden:  # the reason nobody outside his hex may fire at him, which "Prone" hides
        foes = "Germans" if str(s.side.value) == "us" else "Americans"
        stance = f"Prone in a building: hidden from the {foes} (FC-073)"
    lines = [f"<b>{who}</b>, {side}, in {s.hex.label}", f"{stance} · {ratings_text(s)}"]
    if command:
        head, _, rest = command.partition(". ")
        lines.append(f"<b>{head}</b>: {rest}")
    # a dead man is only dead: his wound and panic are not listed after it (play-test)
    state = [f"{s.status.value}: out of the fight"] if str(s.status.value) != "active" else \
        [w for w, on in (("wounded", s.wounded), ("panicked", s.panicked),
                         ("not yet aware", str(s.side.value) == "us" and not s.aware)) if on]
    if state:
        lines.append("<i>" + ", ".join(state).capitalize() + "</i>")
    if kit:
        lines.append("Carries: " + kit)
    return "<br>".join(lines)


# -- geometry ------------------------------------------------------------------------------


class HexGeometry:
    """Where each hex of a ``width`` x ``height`` map lies in the scene, worked out once."""

    def __init__(self, width: int, height: int, size: float) -> None:
        self.width, self.height, self.size = width, height, size
        hexes = sorted(Hex.from_offset(c, r) for c in range(1, width + 1) for r in range(1, height + 1))
        self.hexes: tuple[Hex, ...] = tuple(hexes)
        self.on_map = frozenset(hexes)
        self.centre: dict[Hex, QPointF] = {h: QPointF(*to_pixel(h, size)) for h in hexes}
        self.polygon: dict[Hex, QPolygonF] = {
            h: QPolygonF([QPointF(x, y) for x, y in corners(h, size)]) for h in hexes}
        self.box: dict[Hex, QRectF] = {h: p.boundingRect() for h, p in self.polygon.items()}
        self.bounds = QRectF()
        for box in self.box.values():
            self.bounds = self.bounds.united(box)
        grid = QPainterPath()
        edge = QPainterPath()
        for h in hexes:
            pts = [QPointF(x, y) for x, y in corners(h, size)]
            for i, n in enumerate(_neighbour_by_corner(h)):
                if n in self.on_map and n < h:
                    continue  # the neighbour draws this side
                a, b = pts[i], pts[(i + 1) % 6]
                grid.moveTo(a)
                grid.lineTo(b)
                if n not in self.on_map:
                    edge.moveTo(a)
                    edge.lineTo(b)
        self.grid_path = grid
        self.edge_path = edge

    def side(self, a: Hex, b: Hex) -> QLineF:
        """The hexside between adjacent ``a`` and ``b``, end to end."""
        pts = [QPointF(x, y) for x, y in corners(a, self.size)]
        i = _neighbour_by_corner(a).index(b)
        return QLineF(pts[i], pts[(i + 1) % 6])


def _neighbour_by_corner(h: Hex) -> tuple[Hex, ...]:
    """The neighbour across the side from corner ``i`` to corner ``i + 1`` of ``h``.

    :func:`~ambush_gui.core.hexgrid.corners` starts at the east corner and turns
    clockwise on screen, so side 0 faces south-east, then south, south-west, north-west,
    north and north-east.
    """
    q, r = h
    return (Hex(q + 1, r), Hex(q, r + 1), Hex(q - 1, r + 1), Hex(q - 1, r), Hex(q, r - 1),
            Hex(q + 1, r - 1))


def _font(pixels: float, bold: bool = False) -> QFont:
    f = QFont()
    f.setPixelSize(max(1, round(pixels)))
    f.setBold(bold)
    return f


# -- terrain -------------------------------------------------------------------------------

Look = list[tuple[QPainterPath, QPen, QBrush]]


def _fitted_font(text: str, pixels: float, smallest: float, width: float) -> QFont:
    """A bold font for ``text`` at ``pixels``, made smaller (down to ``smallest``) until the
    text fits ``width``: a surname is shrunk a little rather than cut to "Nov…"."""
    font = _font(pixels, bold=True)
    need = QFontMetricsF(font).horizontalAdvance(text)
    if need <= width or need <= 0:
        return font
    size = max(round(smallest), math.floor(pixels * width / need))
    font = _font(size, bold=True)
    while size > smallest and QFontMetricsF(font).horizontalAdvance(text) > width:
        size -= 1  # text widths do not scale exactly with the pixel size
        font = _font(size, bold=True)
    return font


def _circle(path: QPainterPath, x: float, y: float, r: float) -> None:
    path.addEllipse(QPointF(x, y), r, r)


def _terrain_looks(s: float) -> dict[str, Look]:
    """Each known terrain's pattern, drawn about a hex centre at (0, 0), for hex size ``s``.

    Every stroke stays inside the hexagon, so nothing needs clipping.
    """
    g = theme.HEX_GLYPH
    looks: dict[str, Look] = {}
    furrows = QPainterPath()
    for k in range(-2, 3):
        y = 0.22 * s * k
        furrows.moveTo(-0.6 * s, y + 0.07 * s)
        furrows.lineTo(0.6 * s, y - 0.07 * s)
    looks["field"] = [(furrows, QPen(g["field"], 0.05 * s, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap),
                       QBrush(Qt.BrushStyle.NoBrush))]
    trees = QPainterPath()
    for y, xs in ((-0.42, (-0.3, 0.3)), (0.0, (-0.55, 0.0, 0.55)), (0.42, (-0.3, 0.3))):
        for x in xs:
            _circle(trees, x * s, y * s, 0.13 * s)
    looks["orchard"] = [(trees, QPen(g["orchard"].darker(140), 0.02 * s), QBrush(g["orchard"]))]
    tufts = QPainterPath()
    for x, y in ((-0.45, -0.35), (0.15, -0.45), (0.5, -0.05), (-0.15, 0.05), (-0.5, 0.35),
                 (0.25, 0.42)):
        for dx in (-0.08, 0.0, 0.08):
            tufts.moveTo(x * s, y * s + 0.06 * s)
            tufts.lineTo((x + 1.4 * dx) * s, y * s - 0.08 * s)
    looks["brush"] = [(tufts, QPen(g["brush"], 0.035 * s, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap),
                       QBrush(Qt.BrushStyle.NoBrush))]
    crowns = QPainterPath()
    crowns.setFillRule(Qt.FillRule.WindingFill)
    for x, y, r in ((-0.36, -0.3, 0.27), (0.3, -0.36, 0.26), (0.0, 0.04, 0.3), (-0.42, 0.34, 0.24),
                    (0.4, 0.3, 0.26)):
        _circle(crowns, x * s, y * s, r * s)
    looks["woods"] = [(crowns, QPen(g["woods-edge"], 0.03 * s), QBrush(g["woods"]))]
    stones = QPainterPath()
    for x, y, r, turn in ((-0.45, -0.3, 0.1, 10), (0.05, -0.5, 0.08, 40), (0.4, -0.25, 0.11, 70),
                          (-0.1, -0.05, 0.12, 20), (0.45, 0.2, 0.08, 55), (-0.5, 0.25, 0.09, 35),
                          (0.05, 0.4, 0.1, 80), (-0.2, 0.55, 0.06, 15), (0.25, 0.0, 0.06, 60)):
        quad = QPolygonF([QPointF(x * s + r * s * math.cos(math.radians(turn + 90 * i)) * (1 - 0.3 * (i % 2)),
                                  y * s + r * s * math.sin(math.radians(turn + 90 * i)))
                          for i in range(4)])
        stones.addPolygon(quad)
        stones.closeSubpath()
    looks["rubble"] = [(stones, QPen(g["rubble"].darker(130), 0.02 * s), QBrush(g["rubble"]))]
    for key, w, h in (("wooden-building", 0.95, 0.6), ("stone-building", 1.05, 0.7)):
        body = QPainterPath()
        body.addRect(QRectF(-0.5 * w * s, -0.5 * h * s, w * s, h * s))
        roof = QPainterPath()  # a hip roof seen from above: the ridge and four hips
        ridge = 0.5 * (w - h) * s
        roof.moveTo(-ridge, 0)
        roof.lineTo(ridge, 0)
        for sx in (-1, 1):
            for sy in (-1, 1):
                roof.moveTo(sx * ridge, 0)
                roof.lineTo(sx * 0.5 * w * s, sy * 0.5 * h * s)
        looks[key] = [(body, QPen(g["building-edge"], 0.04 * s), QBrush(g[key])),
                      (roof, QPen(g["roof-ridge"], 0.035 * s), QBrush(Qt.BrushStyle.NoBrush))]
    hatch = QPainterPath()
    for k in range(-2, 3):
        hatch.moveTo(-0.5 * s + 0.22 * k * s, -0.5 * s)
        hatch.lineTo(0.5 * s + 0.22 * k * s, 0.5 * s)
    looks["?"] = [(hatch, QPen(theme.HEX_UNKNOWN_HATCH, 0.03 * s), QBrush(Qt.BrushStyle.NoBrush))]
    return looks


# Terrains drawn as a band joining the same terrain in the neighbouring hexes: the band's
# edge and middle colours and widths (in hex sizes).
_BANDS = {
    "road": (theme.HEX_ROAD_EDGE, theme.HEX_ROAD, 0.42, 0.3),
    "stream": (theme.HEX_STREAM_EDGE, theme.HEX_STREAM, 0.36, 0.26),
}


def _band_look(name: str, mask: int, s: float) -> Look:
    """A road or stream in one hex: a band from the centre through each side in ``mask``
    (bits 0-5, :class:`~ambush_gui.core.hexgrid.Direction` order), or to the side where
    it leaves the map (bits 6-11); a pool if none. Flat ends a little past a side overlap
    the neighbour's band, so the two hexes' tiles join without a seam; at the map's edge
    the band stops on the edge."""
    edge, ink, wide, narrow = _BANDS[name]
    look: Look = []
    none = QBrush(Qt.BrushStyle.NoBrush)
    # The middle reaches further than the edges, so the soft end of this hex's edge
    # stroke always lies under its own middle, never over the neighbour's.
    for colour, width, reach in ((edge, wide * s, 0.53), (ink, narrow * s, 0.56)):
        spokes = QPainterPath()
        for i in range(12):
            if mask >> i & 1:
                x, y = to_pixel(Hex(*Direction(i % 6).vector), s)
                k = reach if i < 6 else 0.5  # the side is at 0.5
                spokes.moveTo(0, 0)
                spokes.lineTo(k * x, k * y)
        hub = QPainterPath()
        hub.addEllipse(QPointF(0, 0), 0.5 * width if mask else 0.7 * width,
                       0.5 * width if mask else 0.7 * width)
        look.append((spokes, QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap), none))
        look.append((hub, NO_PEN, QBrush(colour)))
    return look


def band_links(h: Hex, terrain: Mapping[Hex, str], on_map: Container[Hex]) -> int:
    """Which sides a road or stream in ``h`` leaves by (bits 0-5, :class:`Direction`
    order): towards each neighbour of the same terrain, and straight on off the map where
    it has one link and the map ends (bits 6-11).

    Where a street crosses a lane, the hexes on either side of the junction touch it and
    each other: joined pairwise they would draw a triangle. Two such hexes are not joined
    when a hex they both touch joins more of the band than either (the junction): the
    band runs through the junction, not across its corner.
    """
    name = terrain[h]

    def joined(a: Hex) -> set[Hex]:
        return {n for n in a.neighbours() if terrain.get(n) == name}

    mine = joined(h)
    links = []
    for i, n in enumerate(h.neighbours()):
        if n not in mine:
            continue
        theirs = joined(n)
        if any(len(joined(c)) > max(len(mine), len(theirs)) for c in mine & theirs):
            continue  # a corner of a junction
        links.append(i)
    if len(links) == 1 and h.neighbours()[(links[0] + 3) % 6] not in on_map:
        links.append(6 + (links[0] + 3) % 6)  # bits 6-11: out through the map's edge
    return sum(1 << i for i in links)


class TerrainItem(QGraphicsItem):
    """Every hex's terrain, the hexside features and the map's outline, in one cached item."""

    def __init__(self, geometry: HexGeometry, hexmap: HexMap) -> None:
        super().__init__()
        self.geo = geometry
        self.map = hexmap
        self._looks = _terrain_looks(geometry.size)
        self._tiles: dict[tuple[str, float], QImage] = {}
        self.setZValue(theme.Z_HEX_TERRAIN)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)  # exposedRect
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_map(self, geometry: HexGeometry, hexmap: HexMap) -> None:
        """Draw ``hexmap``. On the same geometry only the hexes whose terrain or sides
        changed, and their neighbours (a road turns, a hedge ends), are drawn afresh: the
        cached pixmap keeps the rest, so a brush stroke costs a few hexes, not the map."""
        old, self.map = self.map, hexmap
        if geometry is not self.geo:
            self.prepareGeometryChange()
            self.geo = geometry
            self._looks = _terrain_looks(geometry.size)
            self._tiles = {}
            self.update()
            return
        changed = {h for h in geometry.hexes if old.terrain(h) != hexmap.terrain(h)}
        before, after = old.hexside_features(), hexmap.hexside_features()
        for side in before.keys() | after.keys():
            if before.get(side) != after.get(side):
                changed.update((side.a, side.b))
        m = 0.15 * geometry.size  # hexside strokes reach a little past the hex
        for h in changed:
            r = QRectF()
            for n in (h, *h.neighbours()):
                if n in geometry.on_map:
                    r = r.united(geometry.box[n])
            self.update(r.adjusted(-m, -m, m, m))

    def _look(self, name: str) -> Look | None:
        """What is drawn over a hex's fill: a terrain's pattern, or ``"road:5"``, a band
        (road, stream) from the centre out through the sides in the bits of the number
        (bit ``i``: :class:`~ambush_gui.core.hexgrid.Direction` ``i``, 0 north)."""
        look = self._looks.get(name)
        if look is None and ":" in name:
            band, mask = name.split(":")
            look = self._looks[name] = _band_look(band, int(mask), self.geo.size)
        return look

    def _tile(self, name: str, scale: float) -> QImage | None:
        """:meth:`_look` drawn once at ``scale`` device pixels per unit on a transparent
        square of side ``2 * size``; then each hex is one blit, however busy its look."""
        look = self._look(name)
        if not look:
            return None
        key = (name, round(scale, 4))
        tile = self._tiles.get(key)
        if tile is None:
            if len(self._tiles) > 64:  # zoomed a lot: keep only this zoom's tiles
                self._tiles.clear()
            side = max(1, math.ceil(2 * self.geo.size * scale))
            tile = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
            tile.fill(Qt.GlobalColor.transparent)
            p = QPainter(tile)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.scale(side / (2 * self.geo.size), side / (2 * self.geo.size))
            p.translate(self.geo.size, self.geo.size)
            for path, pen, brush in look:
                p.setPen(pen)
                p.setBrush(brush)
                p.drawPath(path)
            p.end()
            self._tiles[key] = tile
        return tile

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        m = 0.2 * self.geo.size
        return self.geo.bounds.adjusted(-m, -m, m, m)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # noqa: D102
              widget: QWidget | None = None) -> None:
        geo, hexmap, s = self.geo, self.map, self.geo.size
        terrain = {h: hexmap.terrain(h) for h in geo.hexes}
        # Only what meets the exposed rect: after set_map that is a few hexes.
        exposed = option.exposedRect if option is not None else self.boundingRect()
        near = exposed.adjusted(-0.2 * s, -0.2 * s, 0.2 * s, 0.2 * s)
        hexes = [h for h in geo.hexes if geo.box[h].intersects(near)]
        # Fills without antialiasing: aliased polygons tile the plane exactly, so no seam
        # shows between two hexes (and they fill several times faster).
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(NO_PEN)
        for h in hexes:
            painter.setBrush(theme.HEX_TERRAIN_FILL.get(terrain[h], theme.HEX_UNKNOWN_FILL))
            painter.drawPolygon(geo.polygon[h])
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        t = painter.worldTransform()
        scale = math.hypot(t.m11(), t.m12())
        half = QPointF(s, s)
        for h in hexes:
            name = terrain[h]
            if name in _BANDS:
                name = f"{name}:{self._links(h, terrain)}"
            elif name not in theme.HEX_TERRAIN_FILL:
                name = "?"
            tile = self._tile(name, scale)
            if tile is not None:
                painter.drawImage(QRectF(geo.centre[h] - half, geo.centre[h] + half), tile)
        inside = set(hexes)
        for side, feature in hexmap.hexside_features().items():
            if side.a in inside or side.b in inside:
                self._hexside(painter, geo.side(side.a, side.b), feature)
        painter.setPen(QPen(theme.HEX_MAP_EDGE, 0.06 * s))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(geo.edge_path)

    def _links(self, h: Hex, terrain: Mapping[Hex, str]) -> int:
        return band_links(h, terrain, self.geo.on_map)

    def _hexside(self, painter: QPainter, line: QLineF, feature: str) -> None:
        s = self.geo.size
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if feature == "hedgerow":
            painter.setPen(QPen(theme.HEX_HEDGEROW, 0.18 * s, Qt.PenStyle.SolidLine,
                                Qt.PenCapStyle.RoundCap))
            painter.drawLine(line)
            painter.setPen(NO_PEN)
            painter.setBrush(theme.HEX_HEDGEROW_LEAF)
            for k in range(1, 6):
                p = line.pointAt(k / 6)
                painter.drawEllipse(p, 0.055 * s, 0.055 * s)
        elif feature == "wall":
            painter.setPen(QPen(theme.HEX_WALL_EDGE, 0.14 * s, Qt.PenStyle.SolidLine,
                                Qt.PenCapStyle.SquareCap))
            painter.drawLine(line)
            painter.setPen(QPen(theme.HEX_WALL, 0.08 * s, Qt.PenStyle.SolidLine,
                                Qt.PenCapStyle.SquareCap))
            painter.drawLine(line)
            painter.setPen(QPen(theme.HEX_WALL_EDGE, 0.02 * s))
            normal = line.normalVector().unitVector()
            nx, ny = normal.dx() * 0.04 * s, normal.dy() * 0.04 * s
            for k in range(1, 5):  # joints between the stones
                p = line.pointAt(k / 5)
                painter.drawLine(QPointF(p.x() - nx, p.y() - ny), QPointF(p.x() + nx, p.y() + ny))
        else:
            painter.setPen(QPen(theme.HEX_SIDE_OTHER, 0.1 * s, Qt.PenStyle.DashLine))
            painter.drawLine(line)


class GridItem(QGraphicsItem):
    """The hex outlines (a hairline whatever the zoom) and the printed hex numbers near the
    top of each hex, either or both, in one cached item (one pixmap to blit, not two)."""

    def __init__(self, geometry: HexGeometry) -> None:
        super().__init__()
        self.geo = geometry
        self.grid = True
        self.labels = True
        self.setZValue(theme.Z_HEX_GRID)
        # Opaque ink faded as a whole when the cached pixmap is blitted: antialiased
        # translucent hairlines cost several times more to draw.
        self.setOpacity(theme.HEX_GRID_OPACITY)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_geometry(self, geometry: HexGeometry) -> None:
        self.prepareGeometryChange()
        self.geo = geometry

    def show_parts(self, grid: bool, labels: bool) -> None:
        self.grid, self.labels = grid, labels
        self.setVisible(grid or labels)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self.geo.bounds.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # noqa: D102
              widget: QWidget | None = None) -> None:
        if self.grid:
            pen = QPen(theme.HEX_GRID, 1.0)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawPath(self.geo.grid_path)
        if self.labels:
            s = self.geo.size
            # a fifth of a hex, but no smaller than readable where the map is fitted small
            # (the hedgerow at 1280x800 printed them 5 px high), up to the counters' top
            k = abs(painter.worldTransform().m11()) or 1.0
            # (times the player's text scale, up to what the hex's top holds)
            size = min(max(0.21 * s, theme.HEX_LABEL_MIN_PX / k), 0.28 * s) * theme.comfort.scale
            size = min(size, 0.42 * s)
            painter.setFont(_font(size))
            painter.setPen(theme.HEX_LABEL)
            for h in self.geo.hexes:
                c = self.geo.centre[h]
                painter.drawText(QRectF(c.x() - 0.5 * s, c.y() - 0.86 * s, s, 0.44 * s),
                                 Qt.AlignmentFlag.AlignCenter, h.label)


# -- overlays ------------------------------------------------------------------------------


def _plate(painter: QPainter, centre: QPointF, text: str, font: QFont, ink: QColor,
           bg: QColor, edge: QColor) -> None:
    """``text`` on a small rounded plate centred at ``centre``."""
    fm = QFontMetricsF(font)
    w, h = fm.horizontalAdvance(text) + 0.8 * fm.height(), 1.25 * fm.height()
    rect = QRectF(centre.x() - 0.5 * w, centre.y() - 0.5 * h, w, h)
    painter.setFont(font)
    painter.setPen(QPen(edge, 0.06 * fm.height()))
    painter.setBrush(bg)
    painter.drawRoundedRect(rect, 0.3 * h, 0.3 * h)
    painter.setPen(ink)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def plate_height(font: QFont) -> float:
    """How tall :func:`_plate` draws a text in ``font``."""
    return 1.25 * QFontMetricsF(font).height()


class HexesItem(QGraphicsItem):
    """Some hexes tinted in one colour with an outline: marks, and the steps one may enter
    (each with a short text)."""

    def __init__(self, geometry: HexGeometry, fill: QColor, edge: QColor, z: float,
                 texts: Mapping[Hex, str] | None = None, tip: str = "") -> None:
        super().__init__()
        self.geo = geometry
        self.fill, self.edge = fill, edge
        self.texts: dict[Hex, str] = dict(texts or {})
        self.hexes: list[Hex] = list(self.texts)
        self.tip = tip
        self.places: dict[Hex, float] = {}  # a text's place under its hex centre, if not TEXT_AT
        self.setZValue(z)

    TEXT_AT = 0.62
    """A step's text, in hex sizes under its hex centre: under a lone counter."""

    def set_hexes(self, hexes: Iterable[Hex], texts: Mapping[Hex, str] | None = None) -> None:
        self.prepareGeometryChange()
        self.hexes = list(hexes)
        self.texts = dict(texts or {})

    def text_font(self) -> QFont:
        return _font(0.24 * self.geo.size, bold=True)

    def set_places(self, places: Mapping[Hex, float]) -> None:
        """Where each text stands (scene pixels under its hex centre, negative above it)
        where a stack of counters would hide it at :attr:`TEXT_AT`."""
        self.prepareGeometryChange()
        self.places = dict(places)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        r = QRectF()
        for h in self.hexes:
            r = r.united(self.geo.polygon[h].boundingRect())
        m = 3 + (0.5 * self.geo.size if self.places else 0)  # a text over a stack
        return r.adjusted(-3, -m, 3, 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # noqa: D102
              widget: QWidget | None = None) -> None:
        pen = QPen(self.edge, 2.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(self.fill)
        for h in self.hexes:
            painter.drawPolygon(self.geo.polygon[h])
        if not self.texts:
            return
        font = self.text_font()
        for h, text in self.texts.items():
            if text:
                _plate(painter, self.text_centre(h), text, font, theme.HEX_STEP_EDGE,
                       theme.HEX_STEP_TEXT_BG, theme.HEX_STEP_EDGE)

    def text_centre(self, h: Hex) -> QPointF:
        """Where the text of hex ``h`` is centred, in scene pixels."""
        c = self.geo.centre[h]
        return QPointF(c.x(), c.y() + self.places.get(h, self.TEXT_AT * self.geo.size))


class ChecksItem(QGraphicsItem):
    """The hexes with a Paragraph Check (the Mission Card overlay): a faint tint, a dashed
    outline and a small "¶ 3" plate under the hex number (the step costs sit at the
    bottom, the counters in the middle)."""

    def __init__(self, geometry: HexGeometry) -> None:
        super().__init__()
        self.geo = geometry
        self.checks: dict[Hex, int] = {}
        self.setZValue(theme.Z_HEX_MARKS + 1)

    def set_checks(self, checks: Mapping[Hex, int]) -> None:
        self.prepareGeometryChange()
        self.checks = dict(checks)
        self.setVisible(bool(self.checks))

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        r = QRectF()
        for h in self.checks:
            r = r.united(self.geo.polygon[h].boundingRect())
        return r.adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # noqa: D102
              widget: QWidget | None = None) -> None:
        pen = QPen(theme.HEX_CHECK_EDGE, 1.5, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        s = self.geo.size
        font = _font(0.22 * s, bold=True)
        for h, number in self.checks.items():
            painter.setPen(pen)
            painter.setBrush(theme.HEX_CHECK)
            painter.drawPolygon(self.geo.polygon[h])
            c = self.geo.centre[h]
            _plate(painter, QPointF(c.x(), c.y() - 0.42 * s), f"¶\u2009{number}", font,
                   theme.HEX_CHECK_EDGE, theme.HEX_CHECK_TEXT_BG, theme.HEX_CHECK_EDGE)


class PathItem(QGraphicsItem):
    """The hexes entered so far, as a line from centre to centre (under the counters), and
    a note at its end (over them: it must stay readable)."""

    def __init__(self, geometry: HexGeometry) -> None:
        super().__init__()
        self.geo = geometry
        self.points: list[QPointF] = []
        self.note = NoteItem(geometry)
        self.setZValue(theme.Z_HEX_PATH)

    def set_path(self, points: list[QPointF], note: str, top: float = 0.0) -> None:
        """The line through ``points`` and ``note`` at its end, above the counters there
        (``top``: how far above its hex centre their stack reaches, in scene pixels)."""
        self.prepareGeometryChange()
        self.points = points
        self.note.geo = self.geo
        # Over the end hex's own number, above the counter there: the one spot that hides
        # no step's text and no other counter's band; higher over a stack, whose upper
        # counters' names it covered
        end = points[-1] if points else QPointF()
        half = 0.5 * plate_height(self.note.font())
        above = min(-0.62 * self.geo.size, top - half - 0.03 * self.geo.size)
        self.note.set_text(note if points else "", QPointF(end.x(), end.y() + above))

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        if not self.points:
            return QRectF()
        r = QPolygonF(self.points).boundingRect()
        s = self.geo.size
        return r.adjusted(-0.3 * s, -0.3 * s, 0.3 * s, 0.3 * s)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # noqa: D102
              widget: QWidget | None = None) -> None:
        if not self.points:
            return
        s = self.geo.size
        line = QPolygonF(self.points)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for colour, width in ((theme.HEX_PATH_CASING, 0.17 * s), (theme.HEX_PATH, 0.08 * s)):
            painter.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                                Qt.PenJoinStyle.RoundJoin))
            painter.drawPolyline(line)
        painter.setPen(QPen(theme.HEX_PATH_CASING, 0.04 * s))
        painter.setBrush(theme.HEX_PATH)
        for p in self.points:
            painter.drawEllipse(p, 0.09 * s, 0.09 * s)


class NoteItem(QGraphicsItem):
    """A short text on a dark plate, centred on a scene point, above the counters."""

    def __init__(self, geometry: HexGeometry) -> None:
        super().__init__()
        self.geo = geometry
        self.text = ""
        self.setZValue(theme.Z_HEX_DRAGGED - 1)

    def set_text(self, text: str, at: QPointF) -> None:
        self.prepareGeometryChange()
        self.text = text
        self.setPos(at)
        self.setVisible(bool(text))

    def font(self) -> QFont:
        return _font(0.2 * self.geo.size, bold=True)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        fm = QFontMetricsF(self.font())
        w, h = fm.horizontalAdvance(self.text) + 2 * fm.height(), 2 * fm.height()
        return QRectF(-0.5 * w, -0.5 * h, w, h)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # noqa: D102
              widget: QWidget | None = None) -> None:
        if self.text:
            _plate(painter, QPointF(0, 0), self.text, self.font(), theme.BANNER_TEXT,
                   theme.HEX_PATH, theme.HEX_PATH_CASING)


class ArrowsItem(QGraphicsItem):
    """Arrows from hex centre to hex centre (the Mission Card's red references)."""

    def __init__(self, geometry: HexGeometry) -> None:
        super().__init__()
        self.geo = geometry
        self.arrows: list[tuple[QPointF, QPointF]] = []
        self.colour = theme.HEX_ARROW
        self.setZValue(theme.Z_HEX_ARROWS)

    def set_arrows(self, arrows: list[tuple[QPointF, QPointF]], colour: QColor) -> None:
        self.prepareGeometryChange()
        self.arrows, self.colour = arrows, colour

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        if not self.arrows:
            return QRectF()
        pts = [p for a in self.arrows for p in a]
        return QPolygonF(pts).boundingRect().adjusted(-10, -10, 10, 10)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # noqa: D102
              widget: QWidget | None = None) -> None:
        s = self.geo.size
        casing = QPen(QColor(255, 255, 255, 170), 0.13 * s, Qt.PenStyle.SolidLine,
                      Qt.PenCapStyle.RoundCap)
        ink = QPen(self.colour, 0.07 * s, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        for a, b in self.arrows:
            line = QLineF(a, b)
            if line.length() < 1e-6:
                continue
            # Leave the centres free for the counters: from 0.35 to 1.65 hex sizes along.
            start = line.pointAt(0.35 * s / line.length())
            tip = line.pointAt(1.0 - 0.3 * s / line.length())
            shaft = QLineF(start, tip)
            u = shaft.unitVector()
            dx, dy = u.dx(), u.dy()
            head = 0.28 * s
            base = QPointF(tip.x() - dx * head, tip.y() - dy * head)
            wing = QPointF(-dy * 0.5 * head, dx * 0.5 * head)
            tri = QPolygonF([tip, base + wing, base - wing])
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(casing)
            painter.drawLine(QLineF(start, base))
            painter.setPen(ink)
            painter.drawLine(QLineF(start, base))
            painter.setPen(QPen(QColor(255, 255, 255, 170), 0.03 * s))
            painter.setBrush(self.colour)
            painter.drawPolygon(tri)


# -- counters ------------------------------------------------------------------------------


def stack_layout(n: int, size: float) -> tuple[float, list[QPointF]]:
    """How ``n`` counters sit in one hex: their scale and each one's offset from the hex
    centre, bottom counter first.

    Each counter lies down and to the right of the one under it by the height of its
    top band, so every counter's name and badges show. Counters shrink as the stack
    grows, so six still fit in the hex.

    >>> k, offsets = stack_layout(1, 40.0)
    >>> k, offsets[0].x(), offsets[0].y()
    (1.0, 0.0, 0.0)
    >>> len({(p.x(), p.y()) for p in stack_layout(6, 40.0)[1]})
    6
    """
    k = 1.0 if n <= 1 else 0.9 if n <= 3 else 0.75 if n <= 6 else 0.62
    dx, dy = 0.12 * size * k, CounterItem.BAND * size * k
    return k, [QPointF((i - 0.5 * (n - 1)) * dx, (i - 0.5 * (n - 1)) * dy) for i in range(n)]


def stack_extent(n: int, size: float) -> tuple[float, float]:
    """How far a stack of ``n`` counters reaches above (negative) and below its hex centre,
    its count badge included: the texts on the map stand outside it."""
    if n <= 0:
        return 0.0, 0.0
    k, offsets = stack_layout(n, size)
    half = 0.5 * CounterItem.HEIGHT * size * k
    badge = 0.19 * size * k if n > 1 else 0.0  # on the top counter's lower corner
    return offsets[0].y() - half, offsets[-1].y() + half + badge


def _stance_figure(painter: QPainter, box: QRectF, stance: str) -> None:
    """A small figure standing, crouching or lying in ``box`` (the counter's stance): the
    square SVG of ``assets/hexmap/``, as tall as the box allows, on its bottom edge."""
    h = min(box.width(), box.height())
    square = QRectF(box.center().x() - 0.5 * h, box.bottom() - h, h, h)
    art.draw(painter, f"hexmap/stance-{stance if stance in STANCES else 'standing'}", square)


STANCES = ("standing", "crouching", "prone")


class CounterItem(QGraphicsItem):
    """One counter: a US counter is a rounded square with a white star, a German one an
    octagon with a cross, each in its side's colour. The top band holds the text and the
    status badges (W wounded, ! panicked, ? not yet aware, a struck-through C out of
    command); the body shows the emblem and
    a figure standing, crouching or lying. A counter out of the fight is faded and
    crossed; the selected one has a yellow ring."""

    WIDTH, HEIGHT, BAND = 1.16, 0.82, 0.28  # in hex sizes, before the stack's shrinking

    def __init__(self, counter: Counter, size: float) -> None:
        super().__init__()
        self.counter = counter
        self.size = size
        self.k = 1.0
        self.selected = False
        self.stack = 1  # on the top counter of a stack: how many counters the hex holds
        self.covered = False  # under another counter of its stack: only its band shows
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(theme.Z_HEX_COUNTERS)

    def set_look(self, counter: Counter, k: float, selected: bool, stack: int = 1,
                 covered: bool = False) -> None:
        if (counter, k, selected, stack, covered) == (self.counter, self.k, self.selected,
                                                      self.stack, self.covered):
            return
        if k != self.k:
            self.prepareGeometryChange()
        self.counter, self.k, self.selected, self.stack = counter, k, selected, stack
        self.covered = covered
        self.setOpacity(theme.COUNTER_OUT_OPACITY if counter.out else 1.0)
        self.update()

    def rect(self) -> QRectF:
        w, h = self.WIDTH * self.size * self.k, self.HEIGHT * self.size * self.k
        return QRectF(-0.5 * w, -0.5 * h, w, h)

    def band_point(self) -> QPointF:
        """A point of this counter that the counters stacked on it never cover."""
        r = self.rect()
        return QPointF(r.left() + 0.3 * r.width(), r.top() + 0.5 * self.BAND * self.size * self.k)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        m = 0.2 * self.size * self.k  # the stack's count badge stands out of the corner
        return self.rect().adjusted(-m, -m, m, m)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.rect())
        return path

    def _stack_badge(self, painter: QPainter, r: QRectF, s: float) -> None:
        """How many counters the hex holds, on the top one's lower left corner (the
        counters under it lie up and to the left): none is hidden without a sign."""
        d = 0.38 * s
        box = QRectF(r.left() - 0.5 * d, r.bottom() - 0.5 * d, d, d)
        painter.setPen(QPen(theme.COUNTER_EDGE, 0.025 * s))
        painter.setBrush(QColor("white"))
        painter.drawEllipse(box)
        painter.setFont(_font(0.7 * d, bold=True))
        painter.setPen(QColor("black"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(self.stack))

    def band_text(self, right: float | None = None) -> tuple[QRectF, QFont, str, QRectF | None]:
        """Where the band's text goes, its font, the text as it fits, and where the band's
        stance figure goes (None: left out). ``right``: where the badges leave off.

        The stance is in the band too, since in a stack only the top counter's body shows;
        on a counter whose body shows, the band's figure gives way when the name would
        not fit beside it (the body shows the stance larger). A name that still does not
        fit is cut to the letters that fit, never fewer than tell him from his side's
        others (:func:`shortened`): "Hall…" named nobody at 1280x800 (a play-test)."""
        c, s = self.counter, self.size * self.k
        r = self.rect()
        band_h = self.BAND * s
        if right is None:
            right = r.right() - 0.08 * s - self._badges_width()
        left = r.left() + (0.2 if c.side == "german" else 0.1) * s
        fig_w = 0.9 * band_h
        figure: QRectF | None = QRectF(right - fig_w, r.top() + 0.08 * band_h, fig_w, 0.84 * band_h)
        beside = right - fig_w - 0.04 * s
        smallest = 0.45 * band_h
        font = _fitted_font(c.text, 0.7 * band_h, smallest, max(0.0, beside - left))
        if not self.covered and QFontMetricsF(font).horizontalAdvance(c.text) > beside - left:
            figure, beside = None, right  # his body shows the stance
            font = _fitted_font(c.text, 0.7 * band_h, smallest, max(0.0, beside - left))
        text_box = QRectF(left, r.top(), max(0.0, beside - left), band_h)
        metrics = QFontMetricsF(font)
        text = shortened(c.text, c.apart or len(c.text),
                         lambda t: metrics.horizontalAdvance(t) <= text_box.width())
        return text_box, font, text, figure

    def _badges_width(self) -> float:
        """How much of the band's right end the status badges take."""
        c, s = self.counter, self.size * self.k
        n = sum(1 for on in (c.wounded, c.panicked, c.unaware,
                             c.no_command and not (c.panicked or c.unaware)) if on)
        return n * (0.86 * self.BAND * s + 0.03 * s)

    def _outline(self, r: QRectF) -> QPainterPath:
        path = QPainterPath()
        if self.counter.side == "german":
            cut = 0.22 * r.height()
            path.addPolygon(QPolygonF([
                QPointF(r.left() + cut, r.top()), QPointF(r.right() - cut, r.top()),
                QPointF(r.right(), r.top() + cut), QPointF(r.right(), r.bottom() - cut),
                QPointF(r.right() - cut, r.bottom()), QPointF(r.left() + cut, r.bottom()),
                QPointF(r.left(), r.bottom() - cut), QPointF(r.left(), r.top() + cut)]))
            path.closeSubpath()
        else:
            path.addRoundedRect(r, 0.16 * r.height(), 0.16 * r.height())
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # noqa: D102
              widget: QWidget | None = None) -> None:
        c, s = self.counter, self.size * self.k
        r = self.rect()
        colour = theme.SIDE_COLOURS.get(c.side, theme.NEUTRAL)
        outline = self._outline(r)
        painter.setPen(NO_PEN)
        painter.setBrush(theme.COUNTER_SHADOW)
        painter.drawPath(outline.translated(0.05 * s, 0.06 * s))
        painter.setPen(QPen(theme.COUNTER_EDGE, 0.035 * s))
        painter.setBrush(colour)
        painter.drawPath(outline)
        band_h = self.BAND * s
        band = QRectF(r.left(), r.top(), r.width(), band_h)
        painter.save()
        painter.setClipPath(outline)
        painter.setPen(NO_PEN)
        painter.setBrush(colour.darker(135))
        painter.drawRect(band)
        painter.restore()
        # The band: the text, then the badges at its right end.
        badges = [(t, col) for t, col, on in (("W", theme.COUNTER_WOUNDED, c.wounded),
                                              ("!", theme.COUNTER_PANICKED, c.panicked),
                                              ("?", theme.COUNTER_UNAWARE, c.unaware),
                                              ("C", theme.COUNTER_NO_COMMAND,
                                               c.no_command and not (c.panicked or c.unaware))) if on]
        bd = 0.86 * band_h
        right = r.right() - 0.08 * s
        badge_font = _font(0.7 * bd, bold=True)
        for text, col in reversed(badges):
            box = QRectF(right - bd, band.center().y() - 0.5 * bd, bd, bd)
            painter.setPen(QPen(theme.COUNTER_EDGE, 0.02 * s))
            painter.setBrush(col)
            painter.drawEllipse(box)
            painter.setFont(badge_font)
            painter.setPen(theme.COUNTER_TEXT)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
            if text == "C":  # struck through: no command
                painter.setPen(QPen(theme.COUNTER_TEXT, 0.025 * s))
                painter.drawLine(box.bottomLeft() + QPointF(0.2 * bd, -0.2 * bd),
                                 box.topRight() + QPointF(-0.2 * bd, 0.2 * bd))
            right -= bd + 0.03 * s
        text_box, font, text, figure = self.band_text(right)
        if figure is not None:
            _stance_figure(painter, figure, c.stance)
        painter.setFont(font)
        painter.setPen(theme.COUNTER_TEXT)
        painter.drawText(text_box, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, text)
        # The body: the side's emblem and the stance figure.
        body = QRectF(r.left(), band.bottom(), r.width(), r.height() - band_h)
        em = QPointF(r.left() + 0.3 * r.width(), body.center().y())
        er = 0.36 * body.height()
        emblem = "german" if c.side == "german" else "us"
        art.draw(painter, f"hexmap/{emblem}-emblem",
                 QRectF(em.x() - 1.2 * er, em.y() - 1.2 * er, 2.4 * er, 2.4 * er))
        fig = QRectF(r.left() + 0.55 * r.width(), body.top() + 0.08 * body.height(),
                     0.38 * r.width(), 0.84 * body.height())
        _stance_figure(painter, fig, c.stance)
        if c.out:
            painter.setPen(QPen(theme.COUNTER_OUT_MARK, 0.09 * s, Qt.PenStyle.SolidLine,
                                Qt.PenCapStyle.RoundCap))
            m = 0.1 * s
            painter.drawLine(QPointF(r.left() + m, r.top() + m), QPointF(r.right() - m, r.bottom() - m))
            painter.drawLine(QPointF(r.left() + m, r.bottom() - m), QPointF(r.right() - m, r.top() + m))
        if self.selected:
            # Thin and close, so the band of the counter under it stays readable.
            painter.setPen(QPen(theme.SELECTION, 0.07 * s))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(self._outline(r.adjusted(-0.04 * s, -0.04 * s, 0.04 * s, 0.04 * s)))
        if self.stack > 1:  # over the selection ring
            self._stack_badge(painter, r, s)


# -- the view ------------------------------------------------------------------------------


@dataclass
class _Press:
    """What a left or middle press may turn into: a click, a pan, or a drag across steps."""

    kind: str  # "counter", "empty", "pan", "drag"
    at: QPoint
    counter: str | None = None
    hex: str | None = None
    moved: bool = False
    last_hex: str | None = None


class HexMapView(MapView):
    """The Ambush! hex map: terrain, counters, steps, arrows and marks; zoom and pan
    (:class:`MapView`), clicks and drags turned into hex numbers and soldier ids.

    Mouse: a click on a hex emits ``hexClicked``; a click on a counter selects it and
    emits ``counterClicked`` (but a click in a highlighted step hex is a click on that
    hex, whoever stands there). A drag that starts on a counter while steps are shown
    carries a ghost of the counter and emits ``stepDragged`` each time the cursor enters
    a highlighted hex; any other drag pans. Keys: ``F`` fit, ``+``/``-`` zoom, ``G`` hex
    grid, ``N`` hex numbers, ``Esc`` drops a drag.
    """

    hexClicked = Signal(str)  # left click on a hex (label), not on a drag
    hexHovered = Signal(str)  # hex under the cursor, "" when off the map
    counterClicked = Signal(str)  # a counter clicked (soldier id); also selects it
    stepDragged = Signal(str)  # a drag from a counter entered a highlighted step hex

    BAR_ROOM = 34  # room under the map for the hover line

    def __init__(self, hexmap: HexMap, parent: QWidget | None = None, *,
                 hex_size: float = 40.0) -> None:
        super().__init__(parent)
        self.hex_size = float(hex_size)
        self.MAX_SCALE = 260.0 / self.hex_size  # closest zoom: a hex about 520 pixels across
        # Each cached layer is a viewport-sized pixmap (8 MB at 1920x1080); Qt's default
        # pixmap cache (10 MB) would evict one to make room for the next on every repaint.
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), 96 * 1024))
        self.setScene(QGraphicsScene(self))
        self.map = hexmap
        self.geo = HexGeometry(hexmap.width, hexmap.height, self.hex_size)
        self._terrain = TerrainItem(self.geo, hexmap)
        self._grid = GridItem(self.geo)
        self._steps_item = HexesItem(self.geo, theme.HEX_STEP, theme.HEX_STEP_EDGE,
                                     theme.Z_HEX_STEPS)
        self._path = PathItem(self.geo)
        self._arrows = ArrowsItem(self.geo)
        self._scatter = ArrowsItem(self.geo)  # a throw's scatter, apart from the red references
        self._checks = ChecksItem(self.geo)  # the Mission Card's Paragraph Checks, on demand
        for item in (self._terrain, self._grid, self._steps_item, self._path, self._path.note,
                     self._arrows, self._scatter, self._checks):
            self.scene().addItem(item)
        self._marks: list[HexesItem] = []
        self._steps: dict[str, str] = {}
        self._path_shown: tuple[list[str], str] = ([], "")  # the path's hexes and its note
        self._counters: dict[str, Counter] = {}
        self._items: dict[str, CounterItem] = {}
        self.selected: str | None = None
        self._ghost: CounterItem | None = None
        self._picked: HexesItem | None = None  # the hex the keyboard picked (pick_hex)
        self._press: _Press | None = None
        self._hover = ""
        self._anim: QVariantAnimation | None = None
        self._anim_id: str | None = None
        self._anim_end = QPointF()
        self._set_scene_rect()

    # -- the map -------------------------------------------------------------------------
    def _set_scene_rect(self) -> None:
        b = self.geo.bounds
        pad = 0.5 * max(b.width(), b.height())
        self.scene().setSceneRect(b.adjusted(-pad, -pad, pad, pad))

    def fit_rect(self) -> QRectF:
        m = 0.25 * self.hex_size
        return self.geo.bounds.adjusted(-m, -m, m, m)

    def set_map(self, hexmap: HexMap) -> None:
        """Show ``hexmap`` instead (the editor calls this after each brush stroke): only the
        terrain layer is redrawn unless the map's size changed."""
        resized = (hexmap.width, hexmap.height) != (self.geo.width, self.geo.height)
        self.map = hexmap
        if resized:
            self.geo = HexGeometry(hexmap.width, hexmap.height, self.hex_size)
            self._grid.set_geometry(self.geo)
            for overlay in (self._steps_item, self._path, self._arrows, self._scatter,
                            self._checks):
                overlay.geo = self.geo
            self._checks.set_checks({})
            self.clear_steps()
            self.clear_arrows()
            self.show_scatter([])
            self.clear_marks()
            self._counters = {k: c for k, c in self._counters.items() if self._hex(c.hex) is not None}
            self._set_scene_rect()
        self._terrain.set_map(self.geo, hexmap)
        if resized:
            self.set_counters(list(self._counters.values()), self.selected)
            if self.auto_fit:
                self.fit()

    def _hex(self, label: str) -> Hex | None:
        try:
            h = Hex.from_label(label)
        except ValueError:
            return None
        return h if h in self.geo.on_map else None

    def _on_map(self, label: str) -> Hex:
        h = self._hex(label)
        if h is None:
            raise ValueError(f"{label!r} is not a hex of this {self.geo.width}x{self.geo.height} map")
        return h

    # -- toggles -----------------------------------------------------------------------------
    @property
    def grid_visible(self) -> bool:
        return self._grid.grid

    @property
    def labels_visible(self) -> bool:
        return self._grid.labels

    def set_grid_visible(self, on: bool) -> None:
        """Show or hide the hex outlines."""
        self._grid.show_parts(on, self._grid.labels)

    def restyle(self) -> None:
        self._layout()  # the counters at the scale
        super().restyle()

    def set_labels_visible(self, on: bool) -> None:
        """Show or hide the printed hex numbers."""
        self._grid.show_parts(self._grid.grid, on)

    # -- counters ------------------------------------------------------------------------------
    def set_counters(self, counters: list[Counter], selected: str | None = None) -> None:
        """Show exactly these counters (items are reused by id); finishes a slide at once."""
        self._finish_animation()
        for c in counters:
            self._on_map(c.hex)
        self._counters = {c.id: c for c in counters}
        for cid in [k for k in self._items if k not in self._counters]:
            self.scene().removeItem(self._items.pop(cid))
        for c in counters:
            if c.id not in self._items:
                item = CounterItem(c, self.hex_size)
                self._items[c.id] = item
                self.scene().addItem(item)
        self.selected = selected if selected in self._counters else None
        self._layout()

    def select(self, counter_id: str | None) -> None:
        """Ring a counter (it goes on top of its stack), or none."""
        self.selected = counter_id if counter_id in self._counters else None
        self._layout()

    def _layout(self) -> None:
        """Put every counter in its hex, stacked: out of the fight at the bottom, the
        selected one on top, the others in the order given."""
        stacks: dict[str, list[Counter]] = {}
        for c in self._counters.values():
            stacks.setdefault(c.hex, []).append(c)
        for label, stack in stacks.items():
            stack.sort(key=lambda c: (not c.out, c.id == self.selected))
            k, offsets = stack_layout(len(stack), self.hex_size)
            k *= theme.symbol_scale()  # the player's scale, as far as a hex holds a counter
            centre = self.geo.centre[Hex.from_label(label)]
            for i, (c, off) in enumerate(zip(stack, offsets, strict=True)):
                item = self._items[c.id]
                item.set_look(c, k, c.id == self.selected,
                              len(stack) if i == len(stack) - 1 else 1, i < len(stack) - 1)
                if c.id == self._anim_id:
                    self._anim_end = centre + off
                    continue
                item.setPos(centre + off)
                item.setZValue(theme.Z_HEX_COUNTERS + 0.01 * i)
        self._place_texts()

    def counter_at(self, pos: QPoint) -> str | None:
        """The counter under a viewport point (the top one of a stack)."""
        for item in self.items(pos):
            if isinstance(item, CounterItem) and item is not self._ghost:
                return item.counter.id
        return None

    def counter_pos(self, counter_id: str) -> QPoint:
        """A viewport pixel on the counter that no counter stacked on it covers."""
        item = self._items[counter_id]
        return self.mapFromScene(item.mapToScene(item.band_point()))

    # -- steps, arrows, marks --------------------------------------------------------------------
    def show_steps(self, steps: dict[str, str], path: list[str] | None = None,
                   note: str = "") -> None:
        """Highlight the hexes one may enter next, each with its short text ("2 MP"), and
        the path entered so far as a line with ``note`` near its end."""
        hexes = {self._on_map(label): text for label, text in steps.items()}
        self._steps = dict(steps)
        self._steps_item.set_hexes(hexes, hexes)
        self._path_shown = (list(path or []), note)
        self._place_texts()

    def clear_steps(self) -> None:
        self._steps = {}
        self._steps_item.set_hexes([])
        self._path_shown = ([], "")
        self._place_texts()

    def _place_texts(self) -> None:
        """The steps' MP texts and the path's note clear of the counters stacked in their
        hexes (a stack of two or more reaches past the places they have over one counter);
        again whenever the counters or the steps change."""
        s = self.hex_size
        counts: dict[str, int] = {}
        for c in self._counters.values():
            counts[c.hex] = counts.get(c.hex, 0) + 1
        half = 0.5 * plate_height(self._steps_item.text_font())
        places = {}
        for h in self._steps_item.hexes:
            n = counts.get(h.label, 0)
            if n > 1:  # over the stack, on the hex's own number: under it, the badge and
                # the text reached into the next hex's number
                places[h] = stack_extent(n, s)[0] - half - 0.03 * s
        self._steps_item.set_places(places)
        path, note = self._path_shown
        points = [self.geo.centre[self._on_map(label)] for label in path]
        top = stack_extent(counts.get(path[-1], 0), s)[0] if path else 0.0
        self._path.set_path(points, note if points else "", top)

    @property
    def dragging(self) -> str | None:
        """The counter being dragged across the steps, or None."""
        press = self._press
        return press.counter if press is not None and press.kind == "drag" else None

    @property
    def steps(self) -> dict[str, str]:
        """The highlighted step hexes and their texts."""
        return dict(self._steps)

    def show_arrows(self, arrows: list[tuple[str, str]], colour: QColor | None = None) -> None:
        """Arrows from hex centre to hex centre, replacing those shown (red by default)."""
        pts = [(self.geo.centre[self._on_map(a)], self.geo.centre[self._on_map(b)])
               for a, b in arrows]
        self._arrows.set_arrows(pts, colour or theme.HEX_ARROW)

    def clear_arrows(self) -> None:
        self._arrows.set_arrows([], theme.HEX_ARROW)

    def show_scatter(self, arrows: list[tuple[str, str]]) -> None:
        """A scattered throw, from the hex aimed at to where it landed, in its own colour and
        layer: neither it nor the red references replace the other."""
        pts = [(self.geo.centre[self._on_map(a)], self.geo.centre[self._on_map(b)])
               for a, b in arrows]
        self._scatter.set_arrows(pts, theme.FIRE_SCATTER)

    @property
    def scatter_arrows(self) -> int:
        """How many scatter arrows are drawn."""
        return len(self._scatter.arrows)

    def pick_hex(self, label: str | None) -> None:
        """Ring the hex the keyboard picked (the arrow keys in a move), or none."""
        if self._picked is not None:
            self.scene().removeItem(self._picked)
            self._picked = None
        if label:
            item = HexesItem(self.geo, QColor(theme.PLACE_HOVER.red(), theme.PLACE_HOVER.green(),
                                              theme.PLACE_HOVER.blue(), 120),
                             theme.PLACE_HOVER, theme.Z_HEX_PATH + 1, tip="Enter: he enters this hex")
            item.set_hexes([self._on_map(label)])
            self.scene().addItem(item)
            self._picked = item
            self.ensureVisible(item.sceneBoundingRect(), 60, 60)

    def mark_hexes(self, labels: list[str], colour: QColor, tip: str = "") -> None:
        """Tint these hexes (added to the marks shown); ``tip`` joins their tooltips. An
        opaque colour is drawn see-through, so the terrain shows under the tint."""
        fill = QColor(colour)
        if fill.alpha() == 255:
            fill.setAlpha(110)
        edge = QColor(colour)
        edge.setAlpha(255)
        item = HexesItem(self.geo, fill, edge, theme.Z_HEX_MARKS, tip=tip)
        item.set_hexes([self._on_map(label) for label in labels])
        self._marks.append(item)
        self.scene().addItem(item)

    def show_checks(self, checks: Mapping[str, int]) -> None:
        """Mark the hexes with a Paragraph Check (hex label -> paragraph); {} takes them down."""
        self._checks.set_checks({self._on_map(label): n for label, n in checks.items()})

    @property
    def checks(self) -> dict[str, int]:
        """The Paragraph Check hexes marked (hex label -> paragraph)."""
        return {h.label: n for h, n in self._checks.checks.items()}

    def clear_marks(self) -> None:
        for item in self._marks:
            self.scene().removeItem(item)
        self._marks = []

    # -- the slide ----------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return self._anim is not None

    def animate_move(self, counter_id: str, path: list[str], ms_per_hex: int = 220) -> None:
        """Slide a counter hex by hex along ``path`` and leave it in the last hex.

        ``path`` lists the hexes in order; it may start with the counter's own hex. If the
        counter already stands in the last hex (``set_counters`` came first) the slide starts
        from the first. Non-blocking; a later :meth:`set_counters` ends it at once.
        """
        self._finish_animation()
        item = self._items[counter_id]
        c = self._counters[counter_id]
        hexes = [self._on_map(label) for label in path]
        if not hexes:
            return
        if c.hex == path[-1] and len(hexes) > 1:
            start = self.geo.centre[hexes[0]]
            hexes = hexes[1:]
        else:
            start = QPointF(item.pos())
            if path[0] == c.hex:
                hexes = hexes[1:]
        self._anim_id = counter_id
        self._counters[counter_id] = replace(c, hex=path[-1])
        self._layout()  # the others close up; the moving one's slot is _anim_end
        points = [start] + [self.geo.centre[h] for h in hexes[:-1]] + [self._anim_end]
        item.setZValue(theme.Z_HEX_DRAGGED)
        item.setPos(start)
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(float(len(points) - 1))
        anim.setDuration(max(1, ms_per_hex * (len(points) - 1)))
        anim.setEasingCurve(QEasingCurve.Type.Linear)

        def step(value: Any) -> None:
            t = float(value)
            i = min(int(t), len(points) - 2)
            if i < 0:
                return
            f = t - i
            a, b = points[i], points[i + 1]
            item.setPos(a + (b - a) * f)

        anim.valueChanged.connect(step)
        anim.finished.connect(self._finish_animation)
        self._anim = anim
        anim.start()

    def _finish_animation(self) -> None:
        anim, self._anim = self._anim, None
        if anim is None:
            return
        anim.stop()
        anim.deleteLater()
        self._anim_id = None
        self._layout()

    # -- pixels ------------------------------------------------------------------------------------
    def hex_at(self, pos: QPoint) -> str | None:
        """The hex number under a viewport pixel, or None off the map."""
        p = self.mapToScene(pos)
        h = from_pixel(p.x(), p.y(), self.hex_size)
        return h.label if h in self.geo.on_map else None

    def hex_centre(self, label: str) -> QPoint:
        """The viewport pixel at a hex's centre."""
        return self.mapFromScene(self.geo.centre[self._on_map(label)])

    def scene_place(self, what: str) -> QPointF | None:
        """Where a counter (by id) or a hex (by label) is on the scene: the counter's centre
        as it stands in its stack, the hex's centre; None for neither (a shot's ends, in the
        after-game report's pictures)."""
        item = self._items.get(what)
        if item is not None:
            return item.sceneBoundingRect().center()
        h = Hex.from_label(what) if len(what) == 4 and what.isdigit() else None
        return self.geo.centre[h] if h is not None and h in self.geo.on_map else None

    # -- words ----------------------------------------------------------------------------------------
    def describe_hex(self, label: str) -> str:
        """One line on a hex: number, terrain, cost to enter standing, sight; then its hexside
        features (what the hover line and the tooltip say)."""
        h = self._on_map(label)
        rules = self.map.rules
        t = self.map.terrain(h)
        parts = [label, _terrain_name(rules, t)]
        if t not in theme.HEX_TERRAIN_FILL:
            parts[-1] += f" ({t})"
        cost = _safe(lambda: rules.mp_cost(t))
        parts.append("cannot be entered" if cost is None else f"{cost} MP to enter standing")
        if _safe(lambda: rules.blocks_sight(t)):
            parts.append("blocks sight")
        line = " · ".join(parts)
        sides = []
        for n in self.map.neighbours(h):
            feature = self.map.hexside(h, n)
            if feature is None:
                continue
            extra = _safe(lambda f=feature: rules.hexside_mp_cost(f))
            cost_text = "cannot be crossed" if extra is None else f"+{extra} MP to cross"
            sight = ", blocks sight" if _safe(lambda f=feature: rules.hexside_blocks_sight(f)) else ""
            sides.append(f"{_side_name(rules, feature)} towards {n.label}: {cost_text}{sight}")
        return "\n".join([line, *sides])

    def tooltip_at(self, pos: QPoint) -> str:
        """The tooltip for a viewport point: the counter there, the hex, any marks on it."""
        label = self.hex_at(pos)
        if label is None:
            return ""
        parts = []
        cid = self.counter_at(pos)
        if cid is not None and self._counters[cid].tip:
            parts.append(self._counters[cid].tip)
        others = [c for c in self._counters.values() if c.hex == label and c.id != cid]
        if others:  # each by his name, stance and state: the counters under the top one
            parts.append(f"<b>{len(others) + 1} counters in this hex.</b> Also here: "
                         + "; ".join(_also_here(c) for c in others))
        parts.append(self.describe_hex(label).replace("\n", "<br>"))
        h = Hex.from_label(label)
        parts += [m.tip for m in self._marks if m.tip and h in m.hexes]
        if h in self._checks.checks:
            parts.append(f"Paragraph Check: paragraph {self._checks.checks[h]} is read when a "
                         "soldier enters this hex")
        if label in self._steps:
            parts.append(f"Click or drag here to enter: {self._steps[label]}")
        return "<br>".join(parts)

    # -- the glass: the hover line ---------------------------------------------------------------
    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802 - Qt's name
        painter.save()
        painter.resetTransform()
        s = theme.comfort.scale  # the line's words at the player's text scale
        font = _font(13 * s)
        painter.setFont(font)
        text = (self.describe_hex(self._hover).split("\n")[0] if self._hover else
                "Wheel: zoom · drag: pan · F: fit · G: hex grid · N: hex numbers")
        fm = QFontMetricsF(font)
        # never wider than the map: at a large text scale the line is cut short with "…"
        room = max(self.viewport().width() - 20 - 20 * s, 40)
        text = fm.elidedText(text, Qt.TextElideMode.ElideRight, room)
        plate = QRectF(10, self.viewport().height() - 32 * s, fm.horizontalAdvance(text) + 20 * s, 24 * s)
        self.info_plate = plate  # where it was drawn last
        painter.setPen(QPen(QColor(0, 0, 0, 90), 1))
        painter.setBrush(theme.HEX_INFO_BG)
        painter.drawRoundedRect(plate, 6, 6)
        painter.setPen(theme.SCALE_BAR_INK)
        painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()

    def _update_info(self) -> None:
        vp = self.viewport()
        high = round(40 * theme.comfort.scale)
        vp.update(0, vp.height() - high, vp.width(), high)

    # -- the mouse and the keys -------------------------------------------------------------------
    def _hover_to(self, label: str) -> None:
        if label != self._hover:
            self._hover = label
            self.hexHovered.emit(label)
            self._update_info()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        pos = event.position().toPoint()
        self.setFocus()
        if event.button() == Qt.MouseButton.MiddleButton:
            self._press = _Press("pan", pos, moved=True)
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        elif event.button() == Qt.MouseButton.LeftButton:
            cid = self.counter_at(pos)
            self._press = _Press("counter" if cid else "empty", pos, cid, self.hex_at(pos))
        else:
            super().mousePressEvent(event)
            return
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        pos = event.position().toPoint()
        press = self._press
        self._hover_to(self.hex_at(pos) or "")
        if press is None:
            return
        delta = pos - press.at
        if not press.moved and abs(delta.x()) + abs(delta.y()) < QApplication.startDragDistance():
            return
        if not press.moved and press.kind == "counter" and self._steps:
            press.kind = "drag"
            press.last_hex = press.hex
            self._start_ghost(press.counter)
        press.moved = True
        if press.kind == "drag":
            if self._ghost is not None:
                self._ghost.setPos(self.mapToScene(pos))
            label = self.hex_at(pos)
            if label != press.last_hex:
                press.last_hex = label
                if label is not None and label in self._steps:
                    self.stepDragged.emit(label)
            return
        if press.kind != "pan":
            press.kind = "pan"
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        self.pan(delta.x(), delta.y())
        press.at = pos
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        press, self._press = self._press, None
        self.viewport().unsetCursor()
        self._drop_ghost()
        event.accept()
        if press is None or press.moved:
            return
        if press.hex is not None and press.hex in self._steps:
            self.hexClicked.emit(press.hex)
        elif press.kind == "counter" and press.counter is not None:
            self.select(press.counter)
            self.counterClicked.emit(press.counter)
        elif press.hex is not None:
            self.hexClicked.emit(press.hex)

    def _start_ghost(self, counter_id: str | None) -> None:
        if counter_id is None:
            return
        source = self._items[counter_id]
        ghost = CounterItem(source.counter, self.hex_size)
        ghost.set_look(source.counter, source.k, True)
        ghost.setOpacity(0.75)
        ghost.setZValue(theme.Z_HEX_DRAGGED)
        ghost.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._ghost = ghost
        self.scene().addItem(ghost)

    def _drop_ghost(self) -> None:
        if self._ghost is not None:
            self.scene().removeItem(self._ghost)
            self._ghost = None

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        self._hover_to("")
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        key = event.key()
        if key == Qt.Key.Key_G:
            self.set_grid_visible(not self.grid_visible)
        elif key == Qt.Key.Key_N:
            self.set_labels_visible(not self.labels_visible)
        elif key == Qt.Key.Key_Escape and self._press is not None:
            self._press = None
            self._drop_ghost()
            self.viewport().unsetCursor()
        else:
            super().keyPressEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self.tooltip_at(event.pos())
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)


def _safe(get: Any) -> Any:
    """A rule's answer about a name, or None when the rules do not know the name."""
    try:
        return get()
    except KeyError:
        return None


def _terrain_name(rules: Any, key: str) -> str:
    spec = getattr(rules, "spec", None)
    entry = getattr(spec, "terrain", {}).get(key) if spec is not None else None
    return str(entry.name) if entry is not None else key.replace("-", " ").capitalize()


def _side_name(rules: Any, key: str) -> str:
    spec = getattr(rules, "spec", None)
    entry = getattr(spec, "hexsides", {}).get(key) if spec is not None else None
    return str(entry.name) if entry is not None else key.replace("-", " ").capitalize()

