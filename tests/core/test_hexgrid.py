"""Tests for the hex map: coordinates, hex numbers, range, hex lines, line of sight, pixels.

The small maps are drawn with hex numbers (CCRR, columns east, rows south; even
columns sit half a hex lower). Hex lines and sight are checked against a brute
force reference written here with exact fractions, independent of the walk the
module uses.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ambush_gui.core.hexgrid import (
    Direction,
    Hex,
    HexMap,
    Hexside,
    Sight,
    TerrainTable,
    corners,
    distance,
    from_pixel,
    hex_line,
    hexes_of,
    line_hexes,
    rules_range,
    to_pixel,
    within,
)

RULES = TerrainTable(
    costs={"clear": 2, "road": 1, "woods": 3, "building": 3, "lake": None},
    sight_blocking=frozenset({"woods", "building"}),
    hexside_costs={"hedgerow": 3, "wall": 1, "cliff": None},
    hexside_sight_blocking=frozenset({"hedgerow"}),
)

coords = st.integers(min_value=-30, max_value=30)
hexes = st.builds(Hex, coords, coords)


def H(label: str) -> Hex:
    return Hex.from_label(label)


# -- coordinates and hex numbers ---------------------------------------------------------


def test_hex_is_a_small_frozen_ordered_hashable_value() -> None:
    h = Hex(2, -1)
    assert (h.q, h.r, h.s) == (2, -1, -1)
    assert {h: 1}[Hex(2, -1)] == 1
    with pytest.raises(AttributeError):
        h.q = 3  # type: ignore[misc]
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]


def test_hex_numbers_run_column_then_row_from_0101_in_the_north_west() -> None:
    assert H("0101") == Hex(0, 0)
    assert H("0101").label == "0101"
    assert H("0201").offset == (2, 1)
    assert H("0102").label == "0102" and H("0102") == Hex(0, 1)
    # Even columns sit half a hex lower: 0201 is south-east of 0101, 0301 north-east of 0201.
    assert H("0101").neighbour(Direction.SE) == H("0201")
    assert H("0201").neighbour(Direction.NE) == H("0301")
    assert str(H("1207")) == "1207"


@given(st.integers(1, 99), st.integers(1, 99))
def test_hex_numbers_round_trip(col: int, row: int) -> None:
    h = Hex.from_offset(col, row)
    assert h.offset == (col, row)
    assert Hex.from_label(h.label) == h
    assert h.label == f"{col:02d}{row:02d}"


def test_sorting_hexes_sorts_their_numbers() -> None:
    hs = [Hex.from_offset(c, r) for c in range(1, 8) for r in range(1, 8)]
    hs = [hs[i] for i in np.random.default_rng(1).permutation(len(hs))]
    assert [h.label for h in sorted(hs)] == sorted(h.label for h in hs)


@pytest.mark.parametrize("bad", ["304", "03045", "ab04", "0004", "0300", "", " 03 4"])
def test_a_bad_hex_number_says_what_a_hex_number_looks_like(bad: str) -> None:
    with pytest.raises(ValueError, match="four digits CCRR"):
        Hex.from_label(bad)


def test_a_hex_off_the_numbered_range_has_no_label() -> None:
    with pytest.raises(ValueError, match="no four-digit hex number"):
        _ = Hex(-1, 0).label
    assert str(Hex(-1, 0)) == "(-1,0)"


# -- neighbours, distance, range -----------------------------------------------------------


def test_neighbours_are_clockwise_from_north_and_all_one_away() -> None:
    h = H("0505")
    ns = h.neighbours()
    assert [n.label for n in ns] == ["0504", "0604", "0605", "0506", "0405", "0404"]
    assert all(distance(h, n) == 1 for n in ns)
    assert all(h.neighbour(d) == ns[d] for d in Direction)
    assert all(h.neighbour(d).neighbour(d.opposite) == h for d in Direction)


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, b) == distance(b, a) == a.distance(b)
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, st.integers(0, 4))
def test_within_n_is_every_hex_at_most_n_away(centre: Hex, n: int) -> None:
    got = within(centre, n)
    assert len(got) == 1 + 3 * n * (n + 1)
    assert list(got) == sorted(got)
    assert all(distance(centre, h) <= n for h in got)


@pytest.mark.rule("FC-013")
def test_same_or_adjacent_hex_needs_no_count() -> None:
    firer = H("0505")
    assert rules_range(firer, firer) == 0
    assert {rules_range(firer, n) for n in firer.neighbours()} == {1}


@pytest.mark.rule("FC-014")
def test_range_counts_the_target_hex_and_not_the_firers() -> None:
    # Straight down a column: 0502, 0503, 0504, 0505 -> four hexes counted.
    assert rules_range(H("0501"), H("0505")) == 4
    # Any shortest path counts the same: 0101 to 0404 steps 0201, 0302, 0303, 0304, 0404.
    assert rules_range(H("0101"), H("0404")) == 5


@pytest.mark.rule("FC-014")
@given(hexes, hexes)
def test_range_is_the_shortest_count_of_hexes_to_the_target(firer: Hex, target: Hex) -> None:
    n = rules_range(firer, target)
    assert n == distance(firer, target)
    if n >= 1:  # one step closer along some neighbour, never two hexes at once
        assert min(rules_range(x, target) for x in firer.neighbours()) == n - 1


# -- hex lines --------------------------------------------------------------------------------


def test_a_line_down_a_column_crosses_each_hex_of_it() -> None:
    assert line_hexes(H("0101"), H("0104")) == hexes_of(["0101", "0102", "0103", "0104"])


def test_a_line_along_a_hexside_lists_both_hexes_beside_it() -> None:
    # 0102 to 0302 runs due east along the side between 0201 and 0202.
    assert hex_line(H("0102"), H("0302")) == ((H("0102"),), (H("0201"), H("0202")), (H("0302"),))
    # Twice as long: hexside, the middle hex's centre, hexside again.
    assert hex_line(H("0102"), H("0502")) == (
        (H("0102"),),
        (H("0201"), H("0202")),
        (H("0302"),),
        (H("0401"), H("0402")),
        (H("0502"),),
    )


def test_a_line_cutting_a_hexside_at_its_middle_crosses_both_hexes() -> None:
    # From Hex(0, 0) to Hex(3, 1) the line cuts the side between (1, 1) and (2, 0) at its
    # middle, at a slant: six hexes for a range of four.
    line = line_hexes(Hex(0, 0), Hex(3, 1))
    assert line == (Hex(0, 0), Hex(1, 0), Hex(1, 1), Hex(2, 0), Hex(2, 1), Hex(3, 1))
    assert distance(Hex(0, 0), Hex(3, 1)) == 4


def test_a_hex_touched_only_at_a_corner_is_not_on_the_line() -> None:
    # Hex(0, 0) to Hex(4, 1) passes exactly through the corner of (1, 0), (1, 1), (2, 0).
    assert Hex(1, 1) not in line_hexes(Hex(0, 0), Hex(4, 1))


@pytest.mark.parametrize(("dq", "dr"), [(dq, dr) for dq in range(-9, 10) for dr in range(-9, 10)])
def test_hex_line_matches_the_brute_force_geometry(dq: int, dr: int) -> None:
    a = Hex(3, -2)
    b = Hex(a.q + dq, a.r + dr)
    assert hex_line(a, b) == ref_line_steps(a, b)


def ref_line_steps(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """Brute force hex line: each cell near the segment, with the stretch of t it holds.

    In cube coordinates the hexagon of cell c holds the point t * d while every
    |t * (d_i - d_j) - (c_i - c_j)| <= 1. A cell holding the line over a stretch of
    positive length is on it; two cells whose stretches start together lie beside a
    hexside the line runs along.
    """
    return tuple(
        tuple(Hex(a.q + q, a.r + r) for q, r in step) for step in _ref_steps(b.q - a.q, b.r - a.r)
    )


@cache
def _ref_steps(dq: int, dr: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    d = (dq, dr, -dq - dr)
    by_start: dict[Fraction, list[tuple[int, int]]] = {}
    for cq in range(min(0, dq) - 1, max(0, dq) + 2):
        for cr in range(min(0, dr) - 2, max(0, dr) + 3):
            c = (cq, cr, -cq - cr)
            lo, hi, ok = Fraction(0), Fraction(1), True
            for i, j in ((0, 1), (1, 2), (2, 0)):
                slope, h = d[i] - d[j], c[i] - c[j]
                if slope == 0:
                    ok = ok and abs(h) <= 1
                else:
                    x, y = Fraction(h - 1, slope), Fraction(h + 1, slope)
                    lo, hi = max(lo, min(x, y)), min(hi, max(x, y))
            if ok and hi > lo:
                by_start.setdefault(lo, []).append((cq, cr))
    return tuple(tuple(sorted(by_start[k])) for k in sorted(by_start))


@given(hexes, hexes)
def test_hex_line_runs_both_ways_and_ends_at_both_ends(a: Hex, b: Hex) -> None:
    line = hex_line(a, b)
    assert line[0] == (a,) and line[-1] == (b,)
    assert hex_line(b, a) == tuple(reversed(line))
    assert len(line) >= distance(a, b) + 1 or a == b


@given(hexes, hexes, st.integers(-20, 20), st.integers(-20, 20))
def test_hex_line_looks_the_same_anywhere_on_the_map(a: Hex, b: Hex, dq: int, dr: int) -> None:
    moved = hex_line(Hex(a.q + dq, a.r + dr), Hex(b.q + dq, b.r + dr))
    assert moved == tuple(tuple(Hex(h.q + dq, h.r + dr) for h in step) for step in hex_line(a, b))


@given(hexes, hexes)
def test_consecutive_hexes_of_a_line_touch(a: Hex, b: Hex) -> None:
    flat = line_hexes(a, b)
    for x, y in zip(flat, flat[1:], strict=False):
        assert distance(x, y) <= 1
    assert all(len(step) in (1, 2) for step in hex_line(a, b))


# -- the map and line of sight ---------------------------------------------------------------


def village() -> HexMap:
    """A 6x5 map::

    woods at 0302 and 0303 (a two-hex wood), a building at 0503,
    a lake at 0105, a hedgerow between 0204 and 0304, a wall between 0401 and 0402.
    """
    return HexMap(
        6,
        5,
        RULES,
        {H("0302"): "woods", H("0303"): "woods", H("0503"): "building", H("0105"): "lake"},
        hexsides={
            Hexside.between(H("0204"), H("0304")): "hedgerow",
            Hexside.between(H("0401"), H("0402")): "wall",
        },
        stacking={"vehicle": 2},
    )


def test_a_map_holds_its_numbered_hexes_and_their_terrain() -> None:
    m = village()
    assert len(m) == 30 and m.hexes()[0] == H("0101") and m.hexes()[-1] == H("0605")
    assert H("0605") in m and H("0705") not in m and H("0106") not in m
    assert m.terrain(H("0302")) == "woods" and m.terrain(H("0101")) == "clear"
    assert m.hexside(H("0304"), H("0204")) == "hedgerow"
    assert m.hexside(H("0101"), H("0102")) is None
    assert [h.label for h in m.neighbours(H("0101"))] == ["0201", "0102"]
    assert set(m.within(H("0101"), 1)) == {H("0101"), H("0201"), H("0102")}
    with pytest.raises(ValueError, match="off the 6x5 map"):
        m.terrain(H("0706"))


def test_a_map_refuses_unknown_terrain_and_features_off_the_map() -> None:
    with pytest.raises(ValueError, match="hex 0102: unknown terrain 'lava'"):
        HexMap(3, 3, RULES, {H("0102"): "lava"})
    with pytest.raises(ValueError, match="unknown hexside feature 'moat'"):
        HexMap(3, 3, RULES, hexsides={Hexside.between(H("0101"), H("0102")): "moat"})
    with pytest.raises(ValueError, match="off the 3x3 map"):
        HexMap(3, 3, RULES, {H("0404"): "woods"})
    with pytest.raises(ValueError, match="not adjacent"):
        Hexside.between(H("0101"), H("0103"))


def test_blocking_terrain_blocks_sight_through_it_but_not_into_or_out_of_it() -> None:
    m = village()
    assert m.blocks_sight(H("0302")) and not m.blocks_sight(H("0301"))
    # 0102 to 0502 passes through the middle of 0302, in the wood.
    assert H("0302") in line_hexes(H("0102"), H("0502"))
    sight = m.los(H("0102"), H("0502"))
    assert not sight.clear and sight.blockers == (H("0302"),)
    # Into and out of the wood: the end hexes never block.
    assert m.los(H("0101"), H("0302")).clear
    assert m.los(H("0302"), H("0303")).clear
    assert m.los(H("0503"), H("0203")).clear is False  # out of the building, through the wood
    assert m.los(H("0503"), H("0603")).clear  # out of the building next door


def test_a_line_along_a_hexside_is_blocked_only_when_both_sides_block() -> None:
    # 0202 to 0402 runs along the side between 0302 and 0303: both woods, so blocked.
    m = village()
    assert hex_line(H("0202"), H("0402"))[1] == (H("0302"), H("0303"))
    assert m.los(H("0202"), H("0402")) == Sight(False, (H("0302"), H("0303")), ())
    # Clear one of them and the line sees past the other.
    half = HexMap(6, 5, RULES, {H("0302"): "woods"})
    assert half.los(H("0202"), H("0402")).clear


def test_hexside_features_block_the_lines_that_cross_them() -> None:
    m = village()
    # 0104 to 0404 crosses the hedgerow between 0204 and 0304.
    assert m.los(H("0104"), H("0404")) == Sight(False, (), (Hexside.between(H("0204"), H("0304")),))
    # A soldier in a hex beside the hedgerow sees over it; so do soldiers next to him.
    assert m.los(H("0204"), H("0404")).clear
    assert m.los(H("0104"), H("0304")).clear
    assert m.los(H("0204"), H("0304")).clear
    # 0301 to 0503 crosses the wall between 0401 and 0402, which does not block sight.
    assert line_hexes(H("0301"), H("0503")) == hexes_of(["0301", "0401", "0402", "0503"])
    assert m.los(H("0301"), H("0503")).clear


def test_a_corner_between_two_blocking_hexsides_blocks_the_line_through_it() -> None:
    # Hex(0,0) to Hex(4,1): the line passes exactly through the corner of (1,0), (1,1), (2,0).
    a, b = Hex(0, 0), Hex(4, 1)
    mk = lambda *sides: HexMap(  # noqa: E731
        8, 8, RULES, hexsides={Hexside.between(x, y): "hedgerow" for x, y in sides}
    )
    # Only the side between (1,0) and (2,0) on one side of the line: it slips past the end.
    assert mk((Hex(1, 0), Hex(2, 0))).los(a, b).clear
    # The two sides of (1,1) at that corner, both on the other side: still clear.
    assert mk((Hex(1, 1), Hex(1, 0)), (Hex(1, 1), Hex(2, 0))).los(a, b).clear
    # A side on each side of the line: a closed hedge corner, blocked.
    closed = mk((Hex(1, 0), Hex(2, 0)), (Hex(1, 1), Hex(2, 0))).los(a, b)
    assert not closed.clear and len(closed.hexsides) == 2


def ref_sight(m: HexMap, a: Hex, b: Hex) -> bool:
    """Brute force line of sight: the reference line, and hexsides tested as exact segments."""
    if a == b:
        return True
    d = (b.q - a.q, b.r - a.r)
    for step in ref_line_steps(a, b)[1:-1]:
        if all(h in m and m.blocks_sight(h) for h in step):  # off the map: never blocks
            return False

    def cross(u: tuple[Fraction, Fraction], v: tuple[Fraction, Fraction]) -> Fraction:
        return u[0] * v[1] - u[1] * v[0]

    def rel(p: tuple[Fraction, Fraction]) -> tuple[Fraction, Fraction]:
        return (p[0] - a.q, p[1] - a.r)

    dd = (Fraction(d[0]), Fraction(d[1]))
    blocking = [s for s, name in m.hexside_features().items() if RULES.hexside_blocks_sight(name)]
    ends = {a, b}
    # Corners of blocking sides, and each side's ends, in axial (q, r).
    side_ends = {}
    for s in blocking:
        common = [n for n in s.a.neighbours() if n in s.b.neighbours()]
        side_ends[s] = [
            (Fraction(s.a.q + s.b.q + w.q, 3), Fraction(s.a.r + s.b.r + w.r, 3)) for w in common
        ]
    # Sides crossed at a point inside them, at a slant.
    for s, (p, q) in side_ends.items():
        if s.a in ends or s.b in ends:
            continue
        rp, rq = rel(p), rel(q)
        cp, cq = cross(dd, rp), cross(dd, rq)
        if cp * cq < 0:  # the side's ends lie on both sides of the line
            # ... and the line's ends on both sides of the side
            e = (rq[0] - rp[0], rq[1] - rp[1])
            c0 = cross(e, (-rp[0], -rp[1]))
            c1 = cross(e, (dd[0] - rp[0], dd[1] - rp[1]))
            if c0 * c1 < 0:
                return False
    # Corners on the line: blocking sides leaving the corner on both sides of it.
    corners_on_line: dict[tuple[Fraction, Fraction], list[Fraction]] = {}
    for s, pts in side_ends.items():
        if s.a in ends or s.b in ends:
            continue
        for i, p in enumerate(pts):
            rp = rel(p)
            t = (rp[0] / dd[0]) if dd[0] else (rp[1] / dd[1])
            if cross(dd, rp) == 0 and 0 < t < 1:
                other = rel(pts[1 - i])
                corners_on_line.setdefault(p, []).append(
                    cross(dd, (other[0] - rp[0], other[1] - rp[1]))
                )
    return not any(
        any(x > 0 for x in sides) and any(x < 0 for x in sides)
        for sides in corners_on_line.values()
    )


def random_map(seed: int, width: int = 9, height: int = 8) -> HexMap:
    rng = np.random.default_rng(seed)
    terrain = {}
    for h in [Hex.from_offset(c, r) for c in range(1, width + 1) for r in range(1, height + 1)]:
        x = rng.random()
        if x < 0.2:
            terrain[h] = "woods"
        elif x < 0.3:
            terrain[h] = "building"
    on_map = set(terrain) | {
        Hex.from_offset(c, r) for c in range(1, width + 1) for r in range(1, height + 1)
    }
    sides = {}
    for _ in range(width * height // 3):
        cells = sorted(on_map)
        h = cells[int(rng.integers(len(cells)))]
        n = h.neighbour(Direction(int(rng.integers(6))))
        if n in on_map:
            sides[Hexside.between(h, n)] = "wall" if rng.random() < 0.3 else "hedgerow"
    return HexMap(width, height, RULES, terrain, hexsides=sides)


@pytest.mark.parametrize("seed", range(4))
def test_line_of_sight_matches_the_brute_force_geometry(seed: int) -> None:
    m = random_map(seed, 8, 7)
    hs = m.hexes()
    by_sides = 0
    for i, a in enumerate(hs):
        for b in hs[i:]:
            sight = m.los(a, b)
            assert sight.clear == ref_sight(m, a, b), (a, b)
            by_sides += bool(sight.hexsides) and not sight.blockers
    assert by_sides > 0  # the maps do test hexside features


@pytest.mark.parametrize("seed", range(4))
def test_all_pairs_agrees_with_one_pair_at_a_time(seed: int) -> None:
    m = random_map(seed, 11, 7)
    table = m.los_all_pairs()
    assert m.los_all_pairs() is table  # computed once
    hs = m.hexes()
    clear = 0
    for a in hs:
        for b in hs:
            assert table.sees(a, b) == m.los(a, b).clear == m.los(b, a).clear, (a, b)
            clear += a < b and table.sees(a, b)
    assert table.count() == clear == sum(1 for _ in table.pairs())
    assert table.visible_from(hs[5]) == frozenset(b for b in hs if m.can_see(hs[5], b))


def test_all_pairs_on_an_open_map_sees_everything() -> None:
    m = HexMap(5, 4, RULES)
    assert m.los_all_pairs().count() == 20 * 19 // 2


def test_sight_is_refused_off_the_map() -> None:
    m = village()
    with pytest.raises(ValueError, match="off the"):
        m.los(H("0101"), H("0909"))
    with pytest.raises(ValueError, match="off the"):
        m.los_all_pairs().sees(H("0101"), H("0909"))


# -- movement points and stacking -----------------------------------------------------------


@pytest.mark.rule("AR-101")
def test_entering_a_hex_costs_its_terrain_plus_any_hexside_crossed() -> None:
    m = village()
    assert m.mp_cost(H("0101")) == 2
    assert m.mp_cost(H("0302")) == 3
    assert m.mp_cost(H("0304"), H("0204")) == 2 + 3  # across the hedgerow
    assert m.mp_cost(H("0402"), H("0401")) == 2 + 1  # over the wall
    assert m.mp_cost(H("0105")) is None  # the lake
    with pytest.raises(ValueError, match="not adjacent"):
        m.mp_cost(H("0303"), H("0101"))
    cliff = HexMap(3, 3, RULES, hexsides={Hexside.between(H("0101"), H("0102")): "cliff"})
    assert cliff.mp_cost(H("0102"), H("0101")) is None
    assert cliff.mp_cost(H("0102")) == 2


@pytest.mark.rule("AR-104")
def test_stacking_limits_are_a_parameter_of_the_map() -> None:
    m = village()
    assert m.stack_limit("vehicle") == 2 and m.stack_limit("soldier") is None
    assert m.may_stack("vehicle", 2) and not m.may_stack("vehicle", 3)
    assert m.may_stack("soldier", 12)


# -- pixels ---------------------------------------------------------------------------------


@given(hexes, st.sampled_from([1.0, 12.5, 40.0]))
def test_pixel_round_trip(h: Hex, size: float) -> None:
    assert from_pixel(*to_pixel(h, size), size) == h


@given(hexes, st.floats(0, 0.85), st.floats(0, 2 * math.pi))
@settings(max_examples=200)
def test_any_point_inside_a_hex_maps_back_to_it(h: Hex, frac: float, angle: float) -> None:
    size = 20.0
    cx, cy = to_pixel(h, size)
    inradius = size * math.sqrt(3) / 2
    x, y = cx + frac * inradius * math.cos(angle), cy + frac * inradius * math.sin(angle)
    assert from_pixel(x, y, size) == h


def test_flat_topped_layout_and_corners() -> None:
    size = 10.0
    # Flat top: the east and west corners are on the centre line, the top is a flat side.
    cs = corners(Hex(0, 0), size)
    assert cs[0] == pytest.approx((10.0, 0.0)) and cs[3] == pytest.approx((-10.0, 0.0))
    assert cs[1][1] == pytest.approx(cs[2][1]) and cs[4][1] == pytest.approx(cs[5][1])
    # Screen y grows down: the hex to the south is lower; 0201 sits half a hex below 0101.
    assert to_pixel(H("0102"), size)[1] > to_pixel(H("0101"), size)[1]
    assert to_pixel(H("0201"), size) == pytest.approx((15.0, 10 * math.sqrt(3) / 2))
    # Neighbours share two corners.
    shared = {tuple(round(v, 6) for v in p) for p in corners(H("0101"), size)} & {
        tuple(round(v, 6) for v in p) for p in corners(H("0201"), size)
    }
    assert len(shared) == 2


def test_examples_in_the_docstrings() -> None:
    import doctest

    from ambush_gui.core import hexgrid

    result = doctest.testmod(hexgrid)
    assert result.failed == 0 and result.attempted > 0
