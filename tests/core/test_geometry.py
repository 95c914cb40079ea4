"""Tests for the free-measure table: line of sight, cover, movement, cohesion, measuring.

Most tests use one small 24" x 24" street, drawn here so the numbers in the
tests can be checked by eye (north is up, y grows northward)::

    y=24 +--------------------------------------------+
         |                                            |
    y=20 |============== road (y 18-20) ==============|
    y=18 |                                            |
         |                            rubble (19-22,  |
    y=14 | wreck                       14-16), light  |
    y=12 | (2-4,12-14)   house (8-12)   shed (16-18)  |
         |  impassable    blocks sight  blocks sight  |
    y=8  |                                            |
    y=2  |    low wall (x 4-10, y 2-2.25), solid      |
    y=0  +--------------------------------------------+
         x=0                                       x=24
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from ambush_gui.core.geometry import (
    CoverClass,
    Piece,
    Sight,
    Table,
    centroid,
    cohesive,
    min_distance,
    path_length,
    point_along,
    truncate,
)


def piece(
    id: str,
    kind: str,
    poly: shapely.Polygon,
    *,
    blocks_sight: bool = False,
    cover: CoverClass = CoverClass.NONE,
    impassable: bool = False,
) -> Piece:
    """A piece that blocks nothing, gives no cover and lets figures through unless told."""
    return Piece(id, kind, poly, blocks_sight, cover, impassable)


@pytest.fixture
def street() -> Table:
    return Table(
        24,
        24,
        [
            piece("house", "building", shapely.box(8, 8, 12, 12), blocks_sight=True,
                  cover=CoverClass.SOLID),
            piece("shed", "building", shapely.box(16, 8, 18, 12), blocks_sight=True,
                  cover=CoverClass.SOLID),
            piece("wall", "wall", shapely.box(4, 2, 10, 2.25), cover=CoverClass.SOLID),
            piece("road", "road", shapely.box(0, 18, 24, 20)),
            piece("rubble", "rubble", shapely.Polygon([(19, 14), (22, 14), (21, 16)]),
                  cover=CoverClass.LIGHT),
            piece("wreck", "vehicle", shapely.box(2, 12, 4, 14), blocks_sight=True,
                  cover=CoverClass.SOLID, impassable=True),
        ],
    )  # fmt: skip


# -- the table itself ---------------------------------------------------------


def test_pieces_are_looked_up_by_id(street: Table) -> None:
    assert street.piece("shed").kind == "building"
    with pytest.raises(KeyError):
        street.piece("church")


def test_duplicate_ids_and_bad_polygons_are_refused() -> None:
    square = shapely.box(0, 0, 1, 1)
    with pytest.raises(ValueError, match="unique"):
        Table(24, 24, [piece("a", "x", square), piece("a", "y", square)])
    bow_tie = shapely.Polygon([(0, 0), (1, 1), (1, 0), (0, 1)])
    with pytest.raises(ValueError, match="valid"):
        piece("bow tie", "building", bow_tie)


def test_on_table_includes_the_edges(street: Table) -> None:
    assert street.on_table((0, 0)) and street.on_table((24, 24)) and street.on_table((12, 3))
    assert not street.on_table((-0.01, 5)) and not street.on_table((5, 24.01))


def test_pieces_at_counts_the_boundary(street: Table) -> None:
    assert [p.id for p in street.pieces_at((10, 10))] == ["house"]
    assert [p.id for p in street.pieces_at((12, 12))] == ["house"]  # the corner
    assert [p.id for p in street.pieces_at((5, 19))] == ["road"]
    assert street.pieces_at((14, 5)) == ()


# -- line of sight ------------------------------------------------------------


def test_a_building_blocks_sight(street: Table) -> None:
    assert street.sight((6, 10), (14, 10)) == Sight(clear=False, blockers=("house",))
    assert not street.clear((6, 10), (14, 10))


def test_every_blocker_is_named_in_table_order(street: Table) -> None:
    assert street.sight((20, 10), (6, 10)).blockers == ("house", "shed")


def test_an_open_line_is_clear(street: Table) -> None:
    assert street.sight((1, 5), (23, 5)) == Sight(clear=True, blockers=())
    assert street.clear((1, 5), (23, 5))


def test_pieces_that_do_not_block_sight_never_block(street: Table) -> None:
    assert street.clear((1, 19), (23, 19))  # along the road
    assert street.clear((7, 0.5), (7, 5))  # over the low wall
    assert street.clear((18, 15), (23, 15))  # across the rubble


def test_grazing_a_corner_blocks(street: Table) -> None:
    # The line x + y = 24 touches the house only at its corner (12, 12).
    assert street.sight((8, 16), (16, 8)).blockers == ("house",)


def test_a_figure_inside_a_building_sees_out_and_is_seen(street: Table) -> None:
    assert street.clear((10, 10), (14, 10))
    assert street.clear((14, 10), (10, 10))


def test_the_exemption_covers_only_the_building_the_figure_is_in(street: Table) -> None:
    # From inside the house, looking east through the shed.
    assert street.sight((10, 10), (20, 10)) == Sight(clear=False, blockers=("shed",))
    assert street.sight((20, 10), (10, 10)) == Sight(clear=False, blockers=("shed",))
    # From the house into the shed: each end stands in its own building.
    assert street.clear((10, 10), (17, 10))


def test_standing_on_the_wall_of_a_building_counts_as_inside(street: Table) -> None:
    assert street.clear((12, 10), (14, 10))


def test_a_figure_sees_itself(street: Table) -> None:
    assert street.clear((10, 10), (10, 10)) and street.clear((5, 5), (5, 5))


def test_sight_matrix_marks_each_pair(street: Table) -> None:
    points = np.array([[6, 10], [14, 10], [10, 10], [20, 10]])
    expected = np.array(
        [
            [True, False, True, False],
            [False, True, True, False],
            [True, True, True, False],
            [False, False, False, True],
        ]
    )
    np.testing.assert_array_equal(street.sight_matrix(points), expected)
    np.testing.assert_array_equal(street.sight_matrix(points[:2], points[2:]), expected[:2, 2:])


def test_sight_matrix_of_nothing_is_empty(street: Table) -> None:
    assert street.sight_matrix(np.zeros((0, 2))).shape == (0, 0)
    assert street.sight_matrix(np.zeros((0, 2)), np.ones((3, 2))).shape == (0, 3)
    assert Table(24, 24, []).sight_matrix(np.array([[1, 1], [20, 20]])).all()


@pytest.mark.rule("AA-005")
def test_a_unit_sees_another_if_any_figure_does(street: Table) -> None:
    west = np.array([[6, 10], [6, 11], [7, 15]])
    east = np.array([[20, 10], [20, 11], [20, 15]])
    assert street.any_sight(west, east)  # only the y=15 figures see each other
    assert not street.any_sight(west[:2], east[:2])
    assert not street.any_sight(west, np.zeros((0, 2)))


@pytest.mark.rule("AA-005")
def test_units_are_as_far_apart_as_their_nearest_figures() -> None:
    """Measuring is centre to centre, nearest figure to nearest figure."""
    unit_a = np.array([[0, 0], [5, 0]])
    unit_b = np.array([[8, 4], [20, 0]])
    assert min_distance(unit_a, unit_b) == 5.0
    assert min_distance(unit_b, unit_a) == 5.0
    with pytest.raises(ValueError):
        min_distance(unit_a, np.zeros((0, 2)))


# -- sight_matrix against the one-pair rule, on random tables -------------------

coordinate = st.one_of(st.integers(0, 24).map(float), st.floats(0, 24))


@st.composite
def terrain(draw: st.DrawFn, index: int) -> Piece:
    """A box, a rotated box, or a walled courtyard, blocking sight or not."""
    x, y = draw(coordinate), draw(coordinate)
    w, h = draw(st.integers(1, 8).map(float)), draw(st.floats(0.5, 8))
    shape = draw(st.sampled_from(["box", "rotated", "courtyard"]))
    poly = shapely.box(x, y, x + w, y + h)
    if shape == "rotated":
        poly = shapely.affinity.rotate(poly, draw(st.floats(0, 90)))
    elif shape == "courtyard" and min(w, h) > 1:
        yard = shapely.box(x + 0.5, y + 0.5, x + w - 0.5, y + h - 0.5)
        poly = shapely.Polygon(poly.exterior, [yard.exterior])
    return piece(f"p{index}", shape, poly, blocks_sight=draw(st.booleans()))


@st.composite
def layouts(draw: st.DrawFn) -> tuple[Table, np.ndarray]:
    """A table of up to 12 pieces and up to 12 figures, some inside, on or at corners of pieces."""
    n_pieces = draw(st.integers(0, 12))
    pieces = [draw(terrain(i)) for i in range(n_pieces)]
    # Figures anywhere, and at the awkward places: piece centres (in courtyards
    # too) and piece corners.
    awkward = [c for p in pieces for c in shapely.get_coordinates(p.polygon)[:4].tolist()]
    awkward += [[p.polygon.centroid.x, p.polygon.centroid.y] for p in pieces]
    anywhere = st.tuples(coordinate, coordinate).map(list)
    where = st.one_of(anywhere, st.sampled_from(awkward)) if awkward else anywhere
    points = np.array(draw(st.lists(where, min_size=0, max_size=12)), dtype=float).reshape(-1, 2)
    return Table(24, 24, pieces), points


@settings(max_examples=80, deadline=None)
@given(layouts())
def test_sight_matrix_agrees_with_sight_pair_by_pair(layout: tuple[Table, np.ndarray]) -> None:
    table, points = layout
    n = len(points)
    naive = np.array(
        [[table.sight(tuple(a), tuple(b)).clear for b in points] for a in points], dtype=bool
    ).reshape(n, n)
    np.testing.assert_array_equal(table.sight_matrix(points), naive)
    half = n // 2
    np.testing.assert_array_equal(
        table.sight_matrix(points[:half], points[half:]), naive[:half, half:]
    )


@settings(max_examples=40, deadline=None)
@given(layouts())
def test_sight_matrix_is_symmetric_and_everyone_sees_themself(
    layout: tuple[Table, np.ndarray],
) -> None:
    table, points = layout
    matrix = table.sight_matrix(points)
    np.testing.assert_array_equal(matrix, matrix.T)
    assert matrix.diagonal().all()
    np.testing.assert_array_equal(table.sight_matrix(points, points), matrix)


# -- cover -------------------------------------------------------------------


@pytest.mark.rule("AA-126")
@pytest.mark.parametrize(
    ("where", "near"),
    [
        ((7, 4.15), True),  # 1.9" north of the wall
        ((7, 4.35), False),  # 2.1" north of the wall
        ((20, 12.1), True),  # 1.9" south of the rubble (light cover counts)
        ((20, 11.9), True),  # ...and in reach of the shed's wall too
        ((20.5, 11.9), False),  # 2.1" from the rubble, 2.5" from the shed
        ((10, 10), True),  # inside the house
        ((14, 19), False),  # on the road, which gives no cover
    ],
)
def test_near_cover_within_two_inches(
    street: Table, where: tuple[float, float], near: bool
) -> None:
    assert street.near_cover(where) is near


def test_near_cover_distance_scales_for_28mm(street: Table) -> None:
    assert street.near_cover((7, 4.35), distance=3.0)


@pytest.mark.rule("AA-124")
def test_a_target_inside_a_building_has_solid_cover(street: Table) -> None:
    assert street.solid_cover(firer=(20, 20), target=(10, 10)) == ("house",)
    assert street.solid_cover(firer=(9, 9), target=(11, 11)) == ("house",)  # same building


@pytest.mark.rule("AA-124")
def test_a_wall_protects_a_target_just_behind_it(street: Table) -> None:
    assert street.solid_cover(firer=(7, 7), target=(7, 1.5)) == ("wall",)  # 0.5" behind
    assert street.solid_cover(firer=(7, 0), target=(7, 3)) == ("wall",)  # from the other side


@pytest.mark.rule("AA-124")
def test_a_wall_far_from_the_target_gives_no_cover(street: Table) -> None:
    assert street.solid_cover(firer=(7, 7), target=(7, 0.5)) == ()  # 1.5" behind the wall
    assert street.solid_cover(firer=(7, 7), target=(7, 0.5), behind=1.5) == ("wall",)


def test_the_firers_own_cover_does_not_protect_the_target(street: Table) -> None:
    assert street.solid_cover(firer=(7, 2.1), target=(7, 1.5)) == ()
    assert street.solid_cover(firer=(10, 10), target=(13, 10)) == ()  # out of the window


def test_light_cover_is_not_solid(street: Table) -> None:
    assert street.solid_cover(firer=(15, 15), target=(20, 15)) == ()


# -- movement ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "blockers"),
    [
        ([(1, 13), (5, 13)], ("wreck",)),  # straight through
        ([(3, 13), (3, 16)], ("wreck",)),  # climbing out of it still crosses its interior
        ([(1, 11), (5, 11), (5, 15)], ()),  # around it
        ([(1, 12), (5, 12)], ()),  # along its southern edge
        ([(0, 13), (2, 13)], ()),  # up to its side and no further
        ([(6, 10), (14, 10)], ()),  # the house blocks sight, not movement
        ([(3, 13)], ()),  # a path that goes nowhere
    ],
)
def test_path_blockers(street: Table, path: list[tuple[float, float]], blockers: tuple) -> None:
    assert street.path_blockers(path) == blockers


def test_path_length_point_along_and_truncate() -> None:
    path = [(0.0, 0.0), (3.0, 0.0), (3.0, 4.0)]
    assert path_length(path) == 7.0
    assert path_length(path[:1]) == 0.0 and path_length([]) == 0.0
    assert point_along(path, 0) == (0.0, 0.0)
    assert point_along(path, 3) == (3.0, 0.0)
    assert point_along(path, 5) == (3.0, 2.0)
    assert point_along(path, 99) == (3.0, 4.0) and point_along(path, -1) == (0.0, 0.0)
    assert truncate(path, 4) == [(0.0, 0.0), (3.0, 0.0), (3.0, 1.0)]
    assert truncate(path, 3) == [(0.0, 0.0), (3.0, 0.0)]
    assert truncate(path, 0) == [(0.0, 0.0)]
    assert truncate(path, 99) == path


@given(
    st.lists(st.tuples(st.floats(0, 48), st.floats(0, 48)), min_size=1, max_size=6),
    st.floats(-5, 100),
)
def test_truncate_cuts_a_path_to_the_distance_allowed(
    path: list[tuple[float, float]], d: float
) -> None:
    cut = truncate(path, d)
    assert cut[0] == path[0]
    assert path_length(cut) == pytest.approx(min(max(d, 0.0), path_length(path)), abs=1e-9)
    assert cut[-1] == point_along(path, d)


# -- cohesion -------------------------------------------------------------------


def line_of(n: int, spacing: float) -> list[tuple[float, float]]:
    return [(i * spacing, 0.0) for i in range(n)]


@pytest.mark.rule("AA-014")
def test_one_figure_is_cohesive() -> None:
    assert cohesive([(5, 5)]) and cohesive([])


@pytest.mark.rule("AA-014")
def test_a_one_inch_chain_longer_than_the_radius_is_cohesive() -> None:
    chain = line_of(10, 1.0)  # 9" long: the ends are 4.5" from the centre
    assert max(math.dist(p, centroid(chain)) for p in chain) > 4.0
    assert cohesive(chain)


@pytest.mark.rule("AA-014")
def test_a_chain_with_one_gap_too_long_is_broken() -> None:
    chain = line_of(5, 1.0) + [(x + 5.2, y) for x, y in line_of(5, 1.0)]
    assert not cohesive(chain)


@pytest.mark.rule("AA-014")
def test_two_clumps_within_the_radius_are_cohesive() -> None:
    west = [(0.0, 0.0), (0.0, 0.5), (0.5, 0.0)]
    east = [(x + 3.0, y) for x, y in west]  # 2.5" gap: no chain between the clumps
    assert cohesive(west + east)


@pytest.mark.rule("AA-014")
def test_two_clumps_ten_inches_apart_are_not_cohesive() -> None:
    west = [(0.0, 0.0), (0.0, 0.5), (0.5, 0.0)]
    east = [(x + 10.0, y) for x, y in west]
    assert not cohesive(west + east)


@pytest.mark.rule("AA-014")
def test_cohesion_distances_scale_for_28mm() -> None:
    chain = line_of(10, 1.4)
    assert not cohesive(chain)
    assert cohesive(chain, link=1.5, radius=6.0)


def test_centroid_is_the_mean_position() -> None:
    assert centroid([(0, 0), (4, 0), (4, 2), (0, 2)]) == (2.0, 1.0)
    assert centroid(np.array([[1.0, 1.0]])) == (1.0, 1.0)
