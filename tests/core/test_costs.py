"""Costs grow with the file (issue 12): the answers that got cheaper are still the same
answers, and the pathological files are refused briefly. Timing lives in
docs/performance.md (bench/bench_costs.py), never in a test."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from ambush_gui.alley.scenario import Scenario
from ambush_gui.ambush.mission import Mission
from ambush_gui.ambush.mission import checks as mission_checks
from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.geometry import CoverClass, Piece, Table, close_to_earlier

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import bench_costs  # noqa: E402

# -- the proximity grid --------------------------------------------------------------------

points = st.lists(st.tuples(st.integers(0, 60).map(lambda v: v / 2),
                            st.integers(0, 60).map(lambda v: v / 2)), max_size=40)


@settings(max_examples=200, deadline=None)
@given(points, st.sampled_from([0.5, 3.0, 6.0]))
def test_close_to_earlier_finds_exactly_the_points_too_close(pts: list[tuple[float, float]],
                                                            radius: float) -> None:
    found = close_to_earlier(pts, radius)
    for i, (x, y) in enumerate(pts):
        near = [k for k in range(i) if math.hypot(x - pts[k][0], y - pts[k][1]) < radius]
        assert (found[i] >= 0) == bool(near)
        if near:
            assert found[i] in near


@pytest.mark.rule("AA-050")
def test_hot_spots_at_one_point_are_summarised() -> None:
    """As many Hot Spots as a scenario may hold (100), all at one point: each too-close one
    is named once, ten are shown and the rest counted (every pair was 4,950 lines; 3,000
    Hot Spots made 4.5 million)."""
    with pytest.raises(ScenarioError) as err:
        Scenario.from_data(bench_costs.hot_spots(100), "many.toml")
    spacing = [w for p, w in err.value.problems if "6\"" in w]
    assert len(spacing) == 11  # ten shown, the rest counted
    assert spacing[0] == "is 0.0\" from hot_spots[0]; Hot Spots must be at least 6\" apart (AA-050)"
    assert spacing[-1] == "and 89 more Hot Spots closer than 6\" to another (AA-050)"


@pytest.mark.rule("AA-050")
def test_two_hot_spots_too_close_are_still_named() -> None:
    data = bench_costs.hot_spots(0)
    data["hot_spots"] = [{"number": 1, "at": [2.0, 2.0]}, {"number": 2, "at": [20.0, 2.0]},
                         {"number": 3, "at": [20.0, 6.5]}]
    with pytest.raises(ScenarioError) as err:
        Scenario.from_data(data, "close.toml")
    assert ("hot_spots[2].at", "is 4.5\" from hot_spots[1]; Hot Spots must be at least 6\" "
                               "apart (AA-050)") in err.value.problems


def test_figures_stacked_on_one_spot_are_summarised() -> None:
    data = bench_costs.hot_spots(0)
    data["hot_spots"] = []
    data.pop("reinforcements", None)
    data["units"][1]["figures"] = [{"id": f"a-{i}", "weapon": "rifle", "at": [1.5, 1.5]}
                                   for i in range(100)]
    with pytest.raises(ScenarioError) as err:
        Scenario.from_data(data, "stack.toml", setup=True)
    overlap = [w for _, w in err.value.problems if "overlap" in w]
    assert len(overlap) == 11 and overlap[-1].startswith("and 89 more figures whose bases overlap")


# -- near cover: the grown pieces answer as the grown union did ------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 30), st.sampled_from([1.0, 2.0, 3.0]))
def test_near_cover_answers_as_the_grown_union_did(seed: int, n: int, distance: float) -> None:
    rng = np.random.default_rng(seed)
    classes = [CoverClass.NONE, CoverClass.LIGHT, CoverClass.SOLID]
    pieces = []
    for i in range(n):
        (x, y), (w, h) = rng.uniform(0, 20, 2), rng.uniform(0.2, 4, 2)
        cover = classes[int(rng.integers(3))]
        pieces.append(Piece(f"p{i}", "rubble", shapely.box(x, y, x + w, y + h), False, cover, False))
    table = Table(24, 24, pieces)
    pts = np.vstack([rng.uniform(0, 24, (300, 2)), np.round(rng.uniform(0, 24, (300, 2)) * 4) / 4])
    covers = [p.polygon for p in pieces if p.cover is not CoverClass.NONE]
    zone = shapely.union_all(covers).buffer(distance, quad_segs=32) if covers else shapely.Polygon()
    before = shapely.intersects_xy(zone, pts[:, 0], pts[:, 1])
    clear_of_edge = shapely.distance(zone.boundary, shapely.points(pts)) > 1e-9 if covers else before | True
    now = table.near_cover_many(pts, distance)
    assert (now[clear_of_edge] == before[clear_of_edge]).all()


def test_near_cover_keeps_shapes_in_proportion_to_the_pieces() -> None:
    """The index holds each piece grown on its own: its size follows the pieces (the grown
    union of thousands of scattered pieces took gigabytes)."""
    def stored(n: int) -> int:
        pieces = [Piece(f"p{i}", "rubble", shapely.box(x, y, x + 0.1, y + 0.1), False,
                        CoverClass.LIGHT, False)
                  for i, (x, y) in enumerate(np.random.default_rng(1).uniform(0, 24, (n, 2)))]
        table = Table(24, 24, pieces)
        table.near_cover_many(np.array([[1.0, 1.0]]), 2.0)
        tree = table._cover_zones[2.0]
        return int(shapely.get_num_coordinates(tree.geometries).sum())
    small, large = stored(100), stored(1_000)
    assert large == 10 * small


# -- the paragraph graph ---------------------------------------------------------------------


def test_a_long_goto_chain_validates_with_one_run_of_the_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    runs: list[int] = []
    real = mission_checks._Checker.run

    def counted(self: Any) -> Any:
        runs.append(1)
        return real(self)
    monkeypatch.setattr(mission_checks._Checker, "run", counted)
    m = Mission.from_data(bench_costs.ambush_mission(3_000), "chain.toml")
    assert runs == [1]
    assert not any("can never end" in w for _, w in m.warnings)


def test_a_long_loop_is_named_briefly() -> None:
    with pytest.raises(ScenarioError) as err:
        Mission.from_data(bench_costs.ambush_mission(3_000, loop=True), "loop.toml")
    trapped = [(p, w) for p, w in err.value.problems if "can never end" in w]
    assert len(trapped) == 3_000
    path, first = trapped[0]
    assert first.startswith("paragraph 1000 can never end") and "-> … (a loop of 3,000) -> 1000" in first
    assert max(len(w) for _, w in trapped) < 300


def test_a_chain_into_a_short_loop_is_shown_as_before() -> None:
    data = bench_costs.ambush_mission(4)  # 1000 -> 1001 -> 1002 -> 1003 (stops)
    data["paragraphs"][-1]["options"][0]["do"] = [{"goto": 1002}]  # 1003 -> 1002: a loop
    with pytest.raises(ScenarioError) as err:
        Mission.from_data(data, "short.toml")
    trapped = {w.split(" can")[0]: w for _, w in err.value.problems if "can never end" in w}
    assert "(1002 -> 1003 -> 1002)" in trapped["paragraph 1000"]
    assert "(1003 -> 1002 -> 1003)" in trapped["paragraph 1003"]


def test_a_long_loop_is_reported_in_a_few_lines_not_one_per_paragraph() -> None:
    """Every paragraph of a 3,000-paragraph loop with no way out is trapped, and each was
    its own line (0.58 MB of text): now ten are shown and the rest counted in one line."""
    with pytest.raises(ScenarioError) as e:
        Mission.from_data(bench_costs.ambush_mission(3000, loop=True), "loop.toml")
    text = str(e.value)
    assert len(e.value.problems) >= 3000  # every place is still there for programs
    assert len(text.splitlines()) <= 12 and len(text) < 5000, len(text)
    assert "paragraph …: and 2,990 more like this: can never end" in text
