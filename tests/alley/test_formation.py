"""Placing figures apart from the formation at the end of a move (dragging one figure).

The unit moves as a body along its path (house rule AA-017); a figure may then step to
its own place, if its whole walk is within the unit's movement and the unit ends in
cohesion (AA-014, AA-016).
"""

from __future__ import annotations

import math

import pytest

from ambush_gui.alley.interrupts import carry_out
from ambush_gui.alley.movement import check_move
from ambush_gui.core.decisions import IllegalDecision
from tests.alley import kit


def marines_game(**kw: object) -> object:
    return kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))], strict=False, **kw)


@pytest.mark.rule("AA-014")
def test_a_figure_placed_apart_walks_the_path_then_its_own_step() -> None:
    g = marines_game()
    m = g.unit("m")
    cx, cy = m.centre()
    end = (cx, cy + 4)
    lone = m.figures[0]
    spot = (lone.x - 1.5 + 0, lone.y + 4)  # 1.5" west of where the formation puts it
    plan = check_move(g, m, {"path": [list(end)], "figures": {lone.id: list(spot)}}, 6.0)
    assert plan.reform == pytest.approx(1.5)
    kit.drive(g, carry_out(g, m, list(plan.path), plan))
    assert (lone.x, lone.y) == pytest.approx(spot)
    assert m.moved == pytest.approx(4 + 1.5)
    others = [f for f in m.figures if f is not lone]
    assert all(math.isclose(f.y, 9.0) for f in others)


@pytest.mark.rule("AA-032")
def test_the_whole_walk_of_a_placed_figure_counts_against_the_move() -> None:
    g = marines_game()
    m = g.unit("m")
    cx, cy = m.centre()
    lone = m.figures[0]
    with pytest.raises(IllegalDecision, match="would walk 7.0"):
        check_move(g, m, {"path": [[cx, cy + 5]], "figures": {lone.id: [lone.x - 2, lone.y + 5]}}, 6.0)


@pytest.mark.rule("AA-014")
def test_placing_a_figure_may_not_break_cohesion() -> None:
    g = marines_game()
    m = g.unit("m")
    cx, cy = m.centre()
    lone = m.figures[0]
    with pytest.raises(IllegalDecision, match="break cohesion"):
        check_move(g, m, {"path": [[cx, cy]], "figures": {lone.id: [lone.x - 4.5, lone.y]}}, 6.0)


@pytest.mark.rule("AA-006")
def test_a_placed_figure_may_not_step_through_impassable_terrain() -> None:
    g = marines_game(pieces=[{"id": "wreck", "kind": "vehicle", "rect": [3.0, 4.0, 0.6, 2.0]}])
    m = g.unit("m")
    cx, cy = m.centre()
    lone = m.figures[0]  # at (5, 5); the wreck stands between it and (2.5, 5)
    with pytest.raises(IllegalDecision, match="impassable"):
        check_move(g, m, {"path": [[cx, cy]], "figures": {lone.id: [2.5, 5.0]}}, 6.0)


def test_a_placed_figure_may_not_end_touching_the_enemy() -> None:
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (3.0, 6.2), n=1)], strict=False)
    m = g.unit("m")
    cx, cy = m.centre()
    lone = m.figures[0]
    with pytest.raises(IllegalDecision, match="contact with enemy"):
        check_move(g, m, {"path": [[cx, cy]], "figures": {lone.id: [3.2, 5.9]}}, 6.0)


def test_a_figure_of_another_unit_cannot_be_placed() -> None:
    g = marines_game()
    m = g.unit("m")
    with pytest.raises(IllegalDecision, match="not a figure of"):
        check_move(g, m, {"path": [list(m.centre())], "figures": {"i-1": [5, 6]}}, 6.0)
