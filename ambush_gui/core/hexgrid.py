"""Hex maps for Ambush!: coordinates, labels, range, hex lines, line of sight, pixels.

Pure Python and Qt-free. The conventions are written up, with the reasons, in
``docs/rules/ambush-hexes.md``; in short:

Coordinates
    Axial ``Hex(q, r)`` (the third cube coordinate is ``s = -q - r``). Hexes are
    **flat-topped**, so they stand in vertical columns; ``q`` is the column,
    and ``r`` runs down a column. :class:`Hex` is a small named tuple: frozen,
    hashable, ordered by ``(q, r)``, which is also the order of the printed hex
    numbers (column first, then row).

Printed hex numbers
    Four digits ``CCRR``: column then row, both from 01, as on most wargame maps.
    ``0101`` is the north-west corner hex, columns run east and rows south, and
    every second column (02, 04, ...) sits half a hex lower than its neighbours
    ("odd-q" in the usual terms). ``Hex.from_label("0304")`` and ``hex.label``
    convert both ways; ``0101`` is ``Hex(0, 0)``.

    >>> Hex.from_label("0304"), Hex(2, 2).label
    (Hex(q=2, r=2), '0304')
    >>> [h.label for h in Hex.from_label("0202").neighbours()]
    ['0201', '0302', '0303', '0203', '0103', '0102']

Range (FC-013, FC-014)
    :func:`rules_range` counts hexes from the firer (his hex left out) to the
    target (its hex counted) along the shortest path, which is the hex distance:
    0 in the same hex and 1 next door, the two cases the rules say need no count.

Hex line and line of sight
    :func:`hex_line` is exact geometry: the hexes whose inside the straight line
    from centre to centre crosses. Where the line runs exactly along a hexside
    it lists the two hexes beside that stretch as one step, and a line of sight
    there is blocked only when **both** of them block. A hex the line only
    touches at a corner is not on the line. The end hexes never block (a soldier
    in a building or a wood sees out and is seen), and neither do hexside
    features on the sides of the end hexes (he fires over the hedge he is lying
    behind). A blocking hexside feature blocks a line that crosses it; a line
    that passes exactly through a corner is blocked there only when blocking
    features lie on both sides of it (a closed wall corner).

    >>> a, b = Hex.from_label("0102"), Hex.from_label("0302")  # due east, along a hexside
    >>> [[h.label for h in step] for step in hex_line(a, b)]
    [['0102'], ['0201', '0202'], ['0302']]

Pixels
    :func:`to_pixel`, :func:`from_pixel` and :func:`corners` use screen
    coordinates (y grows downwards, as in Qt) with ``Hex(0, 0)``'s centre at the
    origin; ``size`` is the centre-to-corner distance.

Why :meth:`HexMap.los_all_pairs` is fast
    A line's shape depends only on the difference between its ends, so the
    geometry is worked out once per difference (cached for the whole program).
    For all pairs the map keeps its blocking hexes as the bits of one integer,
    laid out column by column, so shifting that integer moves every hex by the
    same step. ``OR`` over the line's hexes of "the blocking plane shifted by that
    hex's offset" then answers, in one big-integer operation per hex of the
    line, the question for *every* pair with that difference at once.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache
from typing import NamedTuple, Protocol

SQRT3 = math.sqrt(3.0)

Point = tuple[float, float]
"""A position in pixels (screen coordinates: y grows downwards)."""


class Direction(IntEnum):
    """The six neighbours of a flat-topped hex, clockwise from north."""

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    @property
    def vector(self) -> tuple[int, int]:
        """The axial step ``(dq, dr)`` to the neighbour in this direction."""
        return _DIRS[self]

    @property
    def opposite(self) -> Direction:
        return Direction((self + 3) % 6)


_DIRS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
_DIR_OF: dict[tuple[int, int], Direction] = {v: Direction(i) for i, v in enumerate(_DIRS)}


class Hex(NamedTuple):
    """One hex, in axial coordinates. Frozen, hashable, ordered like the hex numbers.

    Being a tuple, ``Hex(1, 2) == (1, 2)``; use the methods for arithmetic
    (``+`` on a tuple concatenates).
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate (``q + r + s == 0``)."""
        return -self.q - self.r

    # -- printed hex numbers ------------------------------------------------------

    @classmethod
    def from_offset(cls, col: int, row: int) -> Hex:
        """The hex in printed column ``col`` and row ``row`` (both from 1)."""
        q = col - 1
        return cls(q, row - 1 - (q - (q & 1)) // 2)

    @property
    def offset(self) -> tuple[int, int]:
        """``(column, row)`` as printed on the map, both from 1."""
        return self.q + 1, self.r + (self.q - (self.q & 1)) // 2 + 1

    @property
    def label(self) -> str:
        """The four-digit hex number ``CCRR`` (ValueError outside columns and rows 1-99)."""
        col, row = self.offset
        if not (1 <= col <= 99 and 1 <= row <= 99):
            raise ValueError(f"{self!r} is at column {col}, row {row}: no four-digit hex number")
        return f"{col:02d}{row:02d}"

    @classmethod
    def from_label(cls, text: str) -> Hex:
        """``"0304"`` -> column 3, row 4; raises ValueError saying what a hex number looks like."""
        t = str(text).strip()
        if len(t) != 4 or not t.isdigit() or t[:2] == "00" or t[2:] == "00":
            raise ValueError(
                f"{text!r} is not a hex number; expected four digits CCRR, column then row, "
                "both from 01 (e.g. '0304')"
            )
        return cls.from_offset(int(t[:2]), int(t[2:]))

    def __str__(self) -> str:
        col, row = self.offset
        return self.label if 1 <= col <= 99 and 1 <= row <= 99 else f"({self.q},{self.r})"

    # -- neighbours and distance ---------------------------------------------------

    def neighbour(self, direction: Direction) -> Hex:
        dq, dr = _DIRS[direction]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> tuple[Hex, ...]:
        """The six neighbours, clockwise from north (:class:`Direction` order)."""
        q, r = self
        return tuple(Hex(q + dq, r + dr) for dq, dr in _DIRS)

    def distance(self, other: Hex) -> int:
        """Hex distance: the fewest steps from one hex to the other."""
        dq, dr = other[0] - self[0], other[1] - self[1]
        return max(abs(dq), abs(dr), abs(dq + dr))


class Hexside(NamedTuple):
    """The side shared by two adjacent hexes, stored with the lower hex first."""

    a: Hex
    b: Hex

    @classmethod
    def between(cls, a: Hex, b: Hex) -> Hexside:
        """The hexside between ``a`` and ``b``; ValueError unless they are adjacent."""
        a, b = Hex(*a), Hex(*b)
        if (b.q - a.q, b.r - a.r) not in _DIR_OF:
            raise ValueError(f"{a} and {b} are not adjacent, so they share no hexside")
        return cls(a, b) if a < b else cls(b, a)

    @classmethod
    def of(cls, h: Hex, direction: Direction) -> Hexside:
        """The side of ``h`` towards ``direction``."""
        return cls.between(h, h.neighbour(direction))

    def __str__(self) -> str:
        return f"{self.a}/{self.b}"


def distance(a: Hex, b: Hex) -> int:
    """Hex distance between ``a`` and ``b``.

    >>> distance(Hex.from_label("0101"), Hex.from_label("0404"))
    5
    """
    dq, dr = b[0] - a[0], b[1] - a[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def rules_range(firer: Hex, target: Hex) -> int:
    """The range of a fire as the rules count it (FC-013, FC-014).

    Hexes are counted from the firer's hex (left out) to the target's hex
    (counted), by the shortest way: that is the hex distance. The same hex gives
    0 and an adjacent hex 1, the two cases the rules say need no count; the
    Weapon Chart reads both as short range (house rule FC-015, see
    :meth:`ambush_gui.ambush.charts.Charts.range_band`).

    >>> rules_range(Hex(0, 0), Hex(0, 0)), rules_range(Hex(0, 0), Hex(1, 0))
    (0, 1)
    >>> rules_range(Hex.from_label("0101"), Hex.from_label("0104"))
    3
    """
    return distance(firer, target)


def within(centre: Hex, n: int) -> tuple[Hex, ...]:
    """Every hex at most ``n`` hexes from ``centre``, the centre included, in hex-number order.

    >>> len(within(Hex(0, 0), 2))
    19
    """
    if n < 0:
        return ()
    q0, r0 = centre
    out = []
    for dq in range(-n, n + 1):
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
            out.append(Hex(q0 + dq, r0 + dr))
    out.sort()
    return tuple(out)


# -- hex lines ---------------------------------------------------------------------

LineStep = tuple[Hex, ...]
"""One step of a hex line: one hex, or the two hexes beside a stretch run along their hexside."""

_Cell = tuple[int, int]
# (q, r, k): the side between cell (q, r) and its neighbour in direction k (N, NE or SE).
_Edge = tuple[int, int, int]
# The hexsides at a corner the line passes, on its left and on its right.
_Corner = tuple[tuple[_Edge, ...], tuple[_Edge, ...]]


@dataclass(frozen=True, slots=True)
class _LineShape:
    """The geometry of the line from (0, 0) to a given difference, in relative coordinates."""

    steps: tuple[tuple[_Cell, ...], ...]
    crossings: tuple[_Edge, ...]  # hexsides crossed, except the sides of the end hexes
    corners: tuple[_Corner, ...]  # corners passed, except the sides of the end hexes


def _edge(u: _Cell, v: _Cell) -> _Edge:
    """Canonical form of the side between adjacent cells ``u`` and ``v``."""
    d = _DIR_OF[(v[0] - u[0], v[1] - u[1])]
    if d <= Direction.SE:
        return (u[0], u[1], int(d))
    return (v[0], v[1], int(d.opposite))


def _cells_at(pq: int, pr: int, scale: int) -> list[tuple[_Cell, bool]]:
    """The cells whose closed hexagon holds the point ``(pq, pr) / scale``, each with
    True when the point is strictly inside it. Exact integer arithmetic.

    In cube coordinates the hexagon of a cell ``h`` is ``|u_i - u_j| <= 1`` for the
    offset ``u = p - h`` (the Voronoi cell of the hex lattice).
    """
    ps = -pq - pr
    two = 2 * scale
    q = (2 * pq + scale) // two
    r = (2 * pr + scale) // two
    s = (2 * ps + scale) // two
    if q + r + s != 0:  # cube rounding: fix the coordinate that was rounded furthest
        eq, er, es = abs(q * scale - pq), abs(r * scale - pr), abs(s * scale - ps)
        if eq > er and eq > es:
            q = -r - s
        elif er > es:
            r = -q - s
    uq, ur = pq - scale * q, pr - scale * r
    us = ps + scale * (q + r)
    if max(abs(uq - ur), abs(ur - us), abs(us - uq)) < scale:
        return [((q, r), True)]  # strictly inside the nearest hex: the usual case
    found = []
    for dq, dr in ((0, 0), *_DIRS):
        cq, cr = q + dq, r + dr
        uq, ur = pq - scale * cq, pr - scale * cr
        us = ps + scale * (cq + cr)
        worst = max(abs(uq - ur), abs(ur - us), abs(us - uq))
        if worst <= scale:
            found.append(((cq, cr), worst < scale))
    return found


def _turn(c: _Cell, k: int) -> _Cell:
    """``c`` turned ``k`` times 60 degrees clockwise about (0, 0)."""
    q, r = c
    for _ in range(k % 6):
        q, r = -r, q + r
    return q, r


def _turn_edge(e: _Edge, k: int) -> _Edge:
    q, r, d = e
    return _edge(_turn((q, r), k), _turn((q + _DIRS[d][0], r + _DIRS[d][1]), k))


@cache
def _shape(dq: int, dr: int) -> _LineShape:
    """The line to (dq, dr), turned from the one in the wedge ``q >= 1, r >= 0``.

    The hex grid looks the same after a turn of 60 degrees, and so do the rules
    for lines, so the geometry is only ever worked out for one sixth of the
    directions (turning keeps left and right, so corners keep their sides).
    """
    if dq == 0 and dr == 0:
        return _LineShape((((0, 0),),), (), ())
    k = 0
    while not (dq >= 1 and dr >= 0):
        dq, dr = _turn((dq, dr), 5)  # back one turn
        k += 1
    base = _wedge_shape(dq, dr)
    if k == 0:
        return base
    return _LineShape(
        tuple(tuple(sorted(_turn(c, k) for c in step)) for step in base.steps),
        tuple(_turn_edge(e, k) for e in base.crossings),
        tuple(
            (tuple(_turn_edge(e, k) for e in left), tuple(_turn_edge(e, k) for e in right))
            for left, right in base.corners
        ),
    )


@cache
def _wedge_shape(dq: int, dr: int) -> _LineShape:
    """Exact hex line from the centre of (0, 0) to the centre of (dq, dr), by walking it.

    The point ``p(t) = t * d`` lies in the hexagon of cell ``h`` while every
    ``|t * (d_i - d_j) - (h_i - h_j)| <= 1`` (cube coordinates), so each cell
    holds the line over one closed stretch of ``t``, computed exactly in whole
    numbers (``t`` is counted in steps of ``1 / L``, ``L`` the lowest common
    multiple of the ``|d_i - d_j|``, so every stretch ends on a whole step).
    From the cell the line is in, go to the end of its stretch; the cells
    holding that point are two (a hexside crossed) or three (a corner); the
    ones whose stretch goes on are the next step: one cell, or the two cells
    beside a hexside the line now runs along.
    """
    ds = -dq - dr
    slopes = (dq - dr, dr - ds, ds - dq)
    lcm = math.lcm(*(abs(x) for x in slopes if x))
    ends = {(0, 0), (dq, dr)}

    def stretch(c: _Cell) -> tuple[int, int, bool] | None:
        """(first, last, inside) of the steps where cell ``c`` holds the line; None if none."""
        cq, cr = c
        cs = -cq - cr
        lo, hi, inside = 0, lcm, True
        for slope, h in zip(slopes, (cq - cr, cr - cs, cs - cq), strict=True):
            if slope == 0:
                if abs(h) > 1:
                    return None
                inside = inside and h == 0  # |h| == 1: the line runs along this hexagon's side
                continue
            a, b = lcm * (h - 1) // slope, lcm * (h + 1) // slope  # exact: slope divides lcm
            if slope < 0:
                a, b = b, a
            lo, hi = max(lo, a), min(hi, b)
        return (lo, hi, inside) if lo < hi else None

    steps: list[tuple[_Cell, ...]] = [((0, 0),)]
    crossings: list[_Edge] = []
    corners: list[_Corner] = []
    start = stretch((0, 0))
    assert start is not None
    at = start[1]
    while at < lcm:
        cells = [c for c, _ in _cells_at(at * dq, at * dr, lcm)]
        if len(cells) == 2:
            u, v = cells
            if u not in ends and v not in ends:
                crossings.append(_edge(u, v))
        else:
            left: list[_Edge] = []
            right: list[_Edge] = []
            for i in range(3):
                x, y, z = cells[i], cells[(i + 1) % 3], cells[(i + 2) % 3]
                if x in ends or y in ends:
                    continue
                # The side x|y leaves this corner in the direction x + y - 2z.
                wq, wr = x[0] + y[0] - 2 * z[0], x[1] + y[1] - 2 * z[1]
                side = dq * wr - dr * wq
                if side > 0:
                    left.append(_edge(x, y))
                elif side < 0:
                    right.append(_edge(x, y))
            if left and right:
                corners.append((tuple(left), tuple(right)))
        onward = []
        for c in cells:
            st = stretch(c)
            if st is not None and st[0] <= at < st[1]:
                onward.append((c, st))
        assert len(onward) == 1 and onward[0][1][2] or len(onward) == 2, (dq, dr, at, onward)
        steps.append(tuple(sorted(c for c, _ in onward)))
        at = onward[0][1][1]
    return _LineShape(tuple(steps), tuple(crossings), tuple(corners))


def hex_line(a: Hex, b: Hex) -> tuple[LineStep, ...]:
    """The hexes a straight line from the centre of ``a`` to the centre of ``b`` passes through.

    Each step is one hex whose inside the line crosses, or two hexes (lower
    first) when the line runs exactly along the hexside between them; a hex the
    line touches only at a corner is left out. The first step is ``(a,)`` and the
    last ``(b,)``. The line from ``b`` to ``a`` is the same steps reversed. A
    line that cuts a hexside right at its middle, at a slant, crosses both hexes
    beside it, so a line can have more hexes than its range plus one.

    >>> a, b = Hex.from_label("0101"), Hex.from_label("0104")
    >>> [tuple(h.label for h in step) for step in hex_line(a, b)]
    [('0101',), ('0102',), ('0103',), ('0104',)]
    """
    q0, r0 = a
    sh = _shape(b[0] - q0, b[1] - r0)
    return tuple(tuple(Hex(q0 + q, r0 + r) for q, r in step) for step in sh.steps)


def line_hexes(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """:func:`hex_line` flattened: every hex on the line in order (both beside a hexside run)."""
    return tuple(h for step in hex_line(a, b) for h in step)


# -- pixels ------------------------------------------------------------------------


def to_pixel(h: Hex, size: float) -> Point:
    """The centre of ``h`` in pixels; ``size`` is the centre-to-corner distance.

    >>> to_pixel(Hex(0, 0), 10), to_pixel(Hex(0, 1), 10)[1] == 10 * SQRT3
    ((0.0, 0.0), True)
    """
    q, r = h
    return size * 1.5 * q, size * SQRT3 * (r + q / 2)


def from_pixel(x: float, y: float, size: float) -> Hex:
    """The hex holding the pixel ``(x, y)`` (on a border, one of the hexes beside it)."""
    fq = (2.0 / 3.0) * x / size
    fr = (-x / 3.0 + (SQRT3 / 3.0) * y) / size
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def corners(h: Hex, size: float) -> tuple[Point, ...]:
    """The six corners of ``h`` in pixels, from the east corner, clockwise on screen."""
    cx, cy = to_pixel(h, size)
    return tuple(
        (cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
        for i in range(6)
    )


# -- terrain and the map -------------------------------------------------------------


class TerrainRules(Protocol):
    """What a map needs to know about terrain: the Ambush! charts provide it.

    Each method raises ``KeyError`` for a terrain or feature it does not know.
    """

    def blocks_sight(self, terrain: str) -> bool: ...

    def mp_cost(self, terrain: str) -> int | None: ...

    def hexside_blocks_sight(self, feature: str) -> bool: ...

    def hexside_mp_cost(self, feature: str) -> int | None: ...


@dataclass(frozen=True)
class TerrainTable:
    """A plain :class:`TerrainRules` (for tests and editors): costs and what blocks sight.

    A cost of ``None`` means the hex cannot be entered (or the side not crossed).
    """

    costs: Mapping[str, int | None]
    sight_blocking: frozenset[str] = frozenset()
    hexside_costs: Mapping[str, int | None] = field(default_factory=dict)
    hexside_sight_blocking: frozenset[str] = frozenset()

    def blocks_sight(self, terrain: str) -> bool:
        self.mp_cost(terrain)
        return terrain in self.sight_blocking

    def mp_cost(self, terrain: str) -> int | None:
        if terrain not in self.costs:
            raise KeyError(f"unknown terrain {terrain!r}")
        return self.costs[terrain]

    def hexside_blocks_sight(self, feature: str) -> bool:
        self.hexside_mp_cost(feature)
        return feature in self.hexside_sight_blocking

    def hexside_mp_cost(self, feature: str) -> int | None:
        if feature not in self.hexside_costs:
            raise KeyError(f"unknown hexside feature {feature!r}")
        return self.hexside_costs[feature]


class Sight(NamedTuple):
    """A line of sight: clear or not, and what blocks it."""

    clear: bool
    blockers: tuple[Hex, ...] = ()
    """Blocking hexes on the line (both hexes of a blocked hexside stretch)."""
    hexsides: tuple[Hexside, ...] = ()
    """Blocking hexside features crossed, or closing a corner the line passes."""


def _shift(plane: int, offset: int) -> int:
    """Move every bit of ``plane`` down by ``offset`` places (up when negative)."""
    return plane >> offset if offset >= 0 else plane << -offset


class HexMap:
    """A ``width`` x ``height`` map of flat-topped hexes, numbered ``0101`` to ``WWHH``.

    Terrain is one name per hex (``default`` where none is given); hexside
    features (a hedgerow, a wall) lie between two adjacent hexes. ``rules`` says
    what each name does (the Ambush! charts implement :class:`TerrainRules`).
    ``stacking`` caps how many pieces of a kind may share a hex (Ambush!:
    ``{"vehicle": 2}``, AR-104); kinds not named are unlimited.

    A map is immutable: sight and costs are worked out once. Build a new map for
    changed terrain (line shapes are cached program-wide, so that is cheap).
    """

    def __init__(
        self,
        width: int,
        height: int,
        rules: TerrainRules,
        terrain: Mapping[Hex, str] | None = None,
        *,
        default: str = "clear",
        hexsides: Mapping[Hexside, str] | None = None,
        stacking: Mapping[str, int] | None = None,
    ) -> None:
        if not (1 <= width <= 99 and 1 <= height <= 99):
            raise ValueError(f"a map is 1-99 hexes each way (got {width}x{height})")
        self.width = width
        self.height = height
        self.rules = rules
        self.default = default
        self.stacking: dict[str, int] = dict(stacking or {})
        self._hexes = tuple(
            sorted(Hex.from_offset(c, r) for c in range(1, width + 1) for r in range(1, height + 1))
        )
        self._set = frozenset(self._hexes)
        self._terrain: dict[Hex, str] = {h: default for h in self._hexes}
        for h, name in (terrain or {}).items():
            h = Hex(*h)
            if h not in self._set:
                raise ValueError(f"terrain given for {h}, which is off the {width}x{height} map")
            self._terrain[h] = name
        self._sides: dict[Hexside, str] = {}
        for side, name in (hexsides or {}).items():
            side = Hexside.between(*side)
            if side.a not in self._set or side.b not in self._set:
                raise ValueError(f"hexside feature {name!r} at {side} is not between two map hexes")
            self._sides[side] = name
        self._validate_names()

        # Bit layout for the all-pairs planes: column by column (q), then r. Each column
        # gets room for twice the map's r span, so a step that leaves the map at the top
        # or bottom never lands on a hex of the next column.
        self._rmin = min(h.r for h in self._hexes)
        self._stride = 2 * (max(h.r for h in self._hexes) - self._rmin) + 1
        self._blocking = frozenset(h for h in self._hexes if rules.blocks_sight(self._terrain[h]))
        self._side_blocking: frozenset[_Edge] = frozenset(
            _edge(s.a, s.b) for s, name in self._sides.items() if rules.hexside_blocks_sight(name)
        )
        self._all_pairs: SightTable | None = None

    def _validate_names(self) -> None:
        for h, name in self._terrain.items():
            try:
                self.rules.mp_cost(name)
            except KeyError:
                raise ValueError(f"hex {h}: unknown terrain {name!r}") from None
        for s, name in self._sides.items():
            try:
                self.rules.hexside_mp_cost(name)
            except KeyError:
                raise ValueError(f"hexside {s}: unknown hexside feature {name!r}") from None

    # -- what is where --------------------------------------------------------------

    def __contains__(self, h: object) -> bool:
        return h in self._set

    def __iter__(self) -> Iterator[Hex]:
        return iter(self._hexes)

    def __len__(self) -> int:
        return len(self._hexes)

    def __repr__(self) -> str:
        return f"HexMap({self.width}x{self.height})"

    def hexes(self) -> tuple[Hex, ...]:
        """Every hex of the map, in hex-number order."""
        return self._hexes

    def _check(self, h: Hex) -> None:
        if h not in self._set:
            raise ValueError(f"{h} is off the {self.width}x{self.height} map")

    def terrain(self, h: Hex) -> str:
        self._check(h)
        return self._terrain[h]

    def hexside(self, a: Hex, b: Hex) -> str | None:
        """The feature on the side between adjacent ``a`` and ``b``, or None."""
        return self._sides.get(Hexside.between(a, b))

    def hexside_features(self) -> dict[Hexside, str]:
        return dict(self._sides)

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The neighbours of ``h`` that are on the map, clockwise from north."""
        return tuple(n for n in Hex(*h).neighbours() if n in self._set)

    def within(self, centre: Hex, n: int) -> tuple[Hex, ...]:
        """The map hexes at most ``n`` from ``centre`` (AR-026, AR-056, AR-061: "within two")."""
        return tuple(h for h in within(centre, n) if h in self._set)

    # -- sight ------------------------------------------------------------------------

    def blocks_sight(self, h: Hex) -> bool:
        """Does the terrain of ``h`` block a line of sight passing through it?"""
        self._check(h)
        return h in self._blocking

    def los(self, a: Hex, b: Hex) -> Sight:
        """Line of sight from ``a`` to ``b`` (the same both ways), with what blocks it.

        The line is :func:`hex_line`. A hex on it blocks when its terrain blocks,
        except the two end hexes; a hexside stretch blocks only when both hexes
        beside it block. A blocking hexside feature blocks when the line crosses
        it, and at a corner when blocking features lie on both sides of the line,
        except on the sides of the end hexes. See docs/rules/ambush-hexes.md.
        """
        a, b = Hex(*a), Hex(*b)
        self._check(a)
        self._check(b)
        q0, r0 = a
        sh = _shape(b[0] - q0, b[1] - r0)
        blocking = self._blocking
        blockers: list[Hex] = []
        for step in sh.steps[1:-1]:
            hs = [Hex(q0 + q, r0 + r) for q, r in step]
            if all(h in blocking for h in hs):
                blockers.extend(hs)
        sides: list[Hexside] = []
        if self._side_blocking:
            sb = self._side_blocking

            def moved(e: _Edge) -> _Edge:
                return (q0 + e[0], r0 + e[1], e[2])

            for e in sh.crossings:
                if moved(e) in sb:
                    sides.append(_hexside(moved(e)))
            for left, right in sh.corners:
                ls = [moved(e) for e in left if moved(e) in sb]
                rs = [moved(e) for e in right if moved(e) in sb]
                if ls and rs:
                    sides.extend(_hexside(e) for e in ls + rs)
        return Sight(not blockers and not sides, tuple(blockers), tuple(dict.fromkeys(sides)))

    def can_see(self, a: Hex, b: Hex) -> bool:
        return self.los(a, b).clear

    def los_all_pairs(self) -> SightTable:
        """Line of sight between every two hexes of the map, all at once (cached).

        Agrees with :meth:`los` pair by pair (the tests hold the two together).
        """
        if self._all_pairs is None:
            self._all_pairs = self._compute_all_pairs()
        return self._all_pairs

    def _index(self, h: Hex) -> int:
        return h[0] * self._stride + h[1] - self._rmin

    def _compute_all_pairs(self) -> SightTable:
        stride = self._stride
        index = self._index
        terrain_plane = 0
        for h in self._blocking:
            terrain_plane |= 1 << index(h)
        side_planes = [0, 0, 0]
        for q, r, k in self._side_blocking:
            side_planes[k] |= 1 << index(Hex(q, r))
        any_sides = any(side_planes)
        on_map = 0
        for h in self._hexes:
            on_map |= 1 << index(h)

        # Each column's r range, to list the differences that join two map hexes.
        lo: dict[int, int] = {}
        hi: dict[int, int] = {}
        for q, r in self._hexes:
            lo[q] = min(lo.get(q, r), r)
            hi[q] = max(hi.get(q, r), r)
        cols = sorted(lo)
        clear: dict[tuple[int, int], int] = {}
        for dq in range(0, self.width):
            pairs = [(q, q + dq) for q in cols if q + dq in lo]
            dr_min = min(lo[q2] - hi[q1] for q1, q2 in pairs)
            dr_max = max(hi[q2] - lo[q1] for q1, q2 in pairs)
            for dr in range(dr_min, dr_max + 1):
                if dq == 0 and dr <= 0:
                    continue  # the other half follows by symmetry
                shift = dq * stride + dr
                valid = on_map & _shift(on_map, shift)
                if not valid:
                    continue
                sh = _shape(dq, dr)
                blocked = 0
                if terrain_plane:
                    for step in sh.steps[1:-1]:
                        if len(step) == 1:
                            ((q, r),) = step
                            blocked |= _shift(terrain_plane, q * stride + r)
                        else:
                            (q1, r1), (q2, r2) = step
                            blocked |= _shift(terrain_plane, q1 * stride + r1) & _shift(
                                terrain_plane, q2 * stride + r2
                            )
                if any_sides:
                    for q, r, k in sh.crossings:
                        blocked |= _shift(side_planes[k], q * stride + r)
                    for left, right in sh.corners:
                        lb = rb = 0
                        for q, r, k in left:
                            lb |= _shift(side_planes[k], q * stride + r)
                        for q, r, k in right:
                            rb |= _shift(side_planes[k], q * stride + r)
                        blocked |= lb & rb
                seen = valid & ~blocked
                clear[(dq, dr)] = seen
                clear[(-dq, -dr)] = _shift(seen, -shift)
        return SightTable(self, clear)

    # -- movement and stacking ------------------------------------------------------------

    def mp_cost(self, to: Hex, frm: Hex | None = None) -> int | None:
        """Movement Points a standing soldier pays to enter ``to`` (AR-101), or None if he can't.

        The cost is the Movement Point Cost Chart's for the terrain of ``to``,
        plus, when ``frm`` (an adjacent hex) is given, the chart's cost for any
        hexside feature crossed. A crouching soldier's crawl is one hex for all
        his points whatever the terrain (AR-100): that rule ignores these costs.
        """
        cost = self.rules.mp_cost(self.terrain(to))
        if frm is None or cost is None:
            return cost
        self._check(frm)
        feature = self.hexside(frm, to)
        if feature is None:
            return cost
        extra = self.rules.hexside_mp_cost(feature)
        return None if extra is None else cost + extra

    def stack_limit(self, kind: str) -> int | None:
        """How many pieces of ``kind`` may share a hex, or None for no limit."""
        return self.stacking.get(kind)

    def may_stack(self, kind: str, count: int) -> bool:
        """May ``count`` pieces of ``kind`` share one hex (AR-104 for vehicles)?"""
        limit = self.stacking.get(kind)
        return limit is None or count <= limit


def _hexside(e: _Edge) -> Hexside:
    q, r, k = e
    return Hexside.of(Hex(q, r), Direction(k))


class SightTable:
    """Line of sight between every two hexes of one map, from :meth:`HexMap.los_all_pairs`.

    Stored as one bit mask per difference between the hexes: bit ``i`` of the
    mask for ``d`` says whether the hex with layout index ``i`` sees the hex
    ``d`` away. A hex always sees itself.
    """

    def __init__(self, hexmap: HexMap, clear: dict[tuple[int, int], int]) -> None:
        self.map = hexmap
        self._clear = clear

    def sees(self, a: Hex, b: Hex) -> bool:
        m = self.map
        if a not in m or b not in m:
            raise ValueError(f"{a} or {b} is off the {m.width}x{m.height} map")
        if a == b:
            return True
        return bool((self._clear[(b[0] - a[0], b[1] - a[1])] >> m._index(a)) & 1)

    def visible_from(self, a: Hex) -> frozenset[Hex]:
        """Every map hex that ``a`` sees (``a`` included)."""
        return frozenset(b for b in self.map.hexes() if self.sees(a, b))

    def pairs(self) -> Iterator[tuple[Hex, Hex]]:
        """Every unordered pair of different hexes that see each other (lower hex first)."""
        hexes = self.map.hexes()
        for i, a in enumerate(hexes):
            for b in hexes[i + 1 :]:
                if self.sees(a, b):
                    yield a, b

    def count(self) -> int:
        """How many unordered pairs of different hexes see each other."""
        return sum(m.bit_count() for m in self._clear.values()) // 2


def hexes_of(labels: Iterable[str]) -> tuple[Hex, ...]:
    """``["0101", "0203"]`` -> the hexes (handy in data files and tests)."""
    return tuple(Hex.from_label(t) for t in labels)
