"""Roads and streams on the hex map join without triangles where a street crosses a lane
(issue 10, defect 11)."""

from __future__ import annotations

from ambush_gui.core.hexgrid import Direction, Hex
from ambush_gui.gui.hexmap.view import band_links


def step(h: Hex, d: Direction, k: int = 1) -> Hex:
    dq, dr = d.vector
    return Hex(h[0] + k * dq, h[1] + k * dr)


def sides(mask: int) -> set[Direction]:
    return {Direction(i) for i in range(6) if mask >> i & 1}


JUNCTION = Hex(5, 5)
STREET = {step(JUNCTION, d, k) for d in (Direction.N, Direction.S) for k in range(0, 4)}
LANE = {step(JUNCTION, d, k) for d in (Direction.NE, Direction.SW) for k in range(1, 4)}
TERRAIN = {h: "road" for h in STREET | LANE}
ON_MAP = {Hex(q, r) for q in range(-5, 15) for r in range(-5, 15)}


def test_a_street_crossing_a_lane_joins_through_the_junction() -> None:
    assert sides(band_links(JUNCTION, TERRAIN, ON_MAP)) == {
        Direction.N, Direction.NE, Direction.S, Direction.SW}
    north, north_east = step(JUNCTION, Direction.N), step(JUNCTION, Direction.NE)
    # the two hexes beside the junction touch each other, but are not joined (a triangle)
    assert sides(band_links(north, TERRAIN, ON_MAP)) == {Direction.N, Direction.S}
    assert sides(band_links(north_east, TERRAIN, ON_MAP)) == {Direction.NE, Direction.SW}


def test_a_plain_road_and_its_end_at_the_map_edge_are_unchanged() -> None:
    road = {Hex(0, r): "road" for r in range(0, 5)}
    on_map = {Hex(q, r) for q in range(0, 5) for r in range(0, 5)}
    assert sides(band_links(Hex(0, 2), road, on_map)) == {Direction.N, Direction.S}
    end = band_links(Hex(0, 0), road, on_map)  # leaves the map straight on, to the north
    assert sides(end) == {Direction.S} and end >> (6 + Direction.N) & 1
