"""The figures a unit carries (the correction ``carried_figures``): a contractor or a
casualty neither sees for its unit (DC-023, CT-016, house rule AA-005) nor stands apart
from it once taken in (DC-004, house rule CT-050); it is still seen, and fired at, with it."""

from __future__ import annotations

import math

import pytest

from ambush_gui.alley import options as opt
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.interrupts import overwatch_options_along
from ambush_gui.alley.model import Figure
from ambush_gui.alley.movement import move_along, pick_up
from ambush_gui.alley.turn import fire_targets
from ambush_gui.core.geometry import cohesive
from ambush_gui.gui.table.target_info import sight_line
from tests.alley import kit

NEW = {opt.CARRIED: "with_the_unit"}
OLD = {opt.CARRIED: "apart"}


def hidden_marines(options: dict[str, str]) -> AlleyGame:
    """Four Marines behind a building from the Insurgents; the contractor they carry
    stands 7" off, where a line passes the building's corner to the far gunman."""
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (16, 5))],
                 pieces=[kit.building("b", (9, 2, 3, 6))],
                 contractors=[("c1", (6, 12))], options=options)
    m = g.unit("m")
    m.figures.extend(g.state.ground)
    g.state.ground.clear()
    return g


def figure(g: AlleyGame, fid: str) -> Figure:
    return next(f for f in g.state.all_figures() if f.id == fid)


@pytest.mark.rule("DC-023")
@pytest.mark.rule("CT-016")
@pytest.mark.rule("AA-005")
def test_a_carried_contractor_makes_no_target_for_its_hidden_unit_but_is_seen_with_it() -> None:
    """The Marines' fighting figures see no Insurgent; the contractor they carry does.
    The unit fires at nobody (it sees with its fighting figures), and the Insurgents may
    fire at it (it is seen through every figure). The legacy reading let the contractor spot."""
    g = hidden_marines(NEW)
    m, i = g.unit("m"), g.unit("i")
    assert g.table.any_sight([figure(g, "c1").pos], i.points())  # the contractor has a line
    assert not g.sees(m, i) and fire_targets(g, m) == []
    assert g.sees(i, m) and fire_targets(g, i) == [m]
    clear, _, seer, _ = sight_line(g, m, i)  # the drawn line starts at a fighting figure
    assert not clear and seer.fighting
    old = hidden_marines(OLD)
    assert old.sees(old.unit("m"), old.unit("i"))
    assert fire_targets(old, old.unit("m")) == [old.unit("i")]


@pytest.mark.rule("DC-023")
@pytest.mark.rule("AA-005")
def test_a_carried_figure_gives_no_sight_for_overwatch_fire() -> None:
    """A Marine unit on Overwatch whose only line to a moving Insurgent unit is its
    contractor's is offered no Overwatch fire at it (the batched sight of the interrupt
    and Overwatch offers reads the same eyes as :meth:`AlleyGame.sees`)."""
    def offers(options: dict[str, str]) -> list[dict[str, object]]:
        g = hidden_marines(options)
        m, i = g.unit("m"), g.unit("i")
        m.overwatch = True
        x, y = i.centre()
        return overwatch_options_along(g, i, [(x, y), (x, y - 2)], set())

    assert offers(NEW) == []
    assert offers(OLD)


def contractors_apart(options: dict[str, str]) -> AlleyGame:
    return kit.game([kit.marines("m", (5, 5))], contractors=[("c1", (10, 5.5)), ("c2", (13, 5.5))],
                    options=options)


@pytest.mark.rule("DC-004")
@pytest.mark.rule("CT-050")
def test_a_figure_taken_in_stands_with_the_unit_that_carries_it() -> None:
    """House rule CT-050: touching c1 takes in c2, lying 3" further on; c2 is placed
    beside the unit (within 1" of one of its figures, not on another's base) instead of
    staying where it lay, and the unit ends its move in cohesion. The legacy reading left
    it 3" out, carried along at that distance."""
    g = contractors_apart(NEW)
    m = g.unit("m")
    x, y = m.centre()
    move_along(g, m, [(x, y), (x + 6, y)], 6)
    assert sorted(f.id for f in m.dependants) == ["c1", "c2"]
    pts = m.points()
    assert cohesive(pts, g.m.cohesion_link, g.m.cohesion_radius)
    c2 = figure(g, "c2")
    assert min(math.dist(c2.pos, f.pos) for f in m.figures if f is not c2) <= g.m.cohesion_link + 1e-9
    gaps = [math.dist(a, b) for k, a in enumerate(pts.tolist()) for b in pts.tolist()[k + 1:]]
    assert min(gaps) >= 0.5 - 1e-9
    old = contractors_apart(OLD)
    m = old.unit("m")
    x, y = m.centre()
    move_along(old, m, [(x, y), (x + 6, y)], 6)
    c1, c2 = figure(old, "c1"), figure(old, "c2")
    assert math.dist(c1.pos, c2.pos) == pytest.approx(3.0)


@pytest.mark.rule("DC-004")
@pytest.mark.rule("CT-050")
def test_a_figure_taken_in_keeps_off_impassable_ground_and_the_table_edge() -> None:
    """The place given to a figure taken in is on the table and out of impassable terrain
    (here a wreck next to the Marine who touches the contractors)."""
    g = kit.game([kit.marines("m", (0.3, 5))], contractors=[("c1", (2.8, 5)), ("c2", (2.8, 8.5))],
                 pieces=[{"id": "suv", "kind": "vehicle", "rect": [0, 5.3, 4, 2]}], options=NEW)
    m = g.unit("m")
    pick_up(g, m, figure(g, "c1"))
    c2 = figure(g, "c2")
    assert c2 in m.figures and c2.pos != (2.8, 8.5)
    assert g.impassable_at(m.points()) is None
    assert 0 <= c2.x <= g.state.width and 0 <= c2.y <= g.state.height
    assert min(math.dist(c2.pos, f.pos) for f in m.figures if f is not c2) <= g.m.cohesion_link + 1e-9
