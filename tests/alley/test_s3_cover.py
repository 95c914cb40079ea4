"""Cover house rules for Defense and Firepower (AA-127, AA-132)."""

from __future__ import annotations

import pytest

from ambush_gui.alley import turn
from ambush_gui.alley.model import Speed
from ambush_gui.alley.pools import Pool, defense, exposed, firepower, solid_cover
from ambush_gui.core.geometry import CoverClass
from tests.alley import kit


def rules(pool: Pool) -> dict[str, int]:
    """The pool's modifiers by rule ID."""
    out: dict[str, int] = {}
    for m in pool.items:
        out[m.rule] = out.get(m.rule, 0) + m.value
    return out


@pytest.mark.rule("AA-127")
def test_hunkered_down_lasts_until_the_unit_moves_and_firing_keeps_it() -> None:
    """House rule AA-127: after a turn in place the die holds while the unit does not move;
    a turn in which it only fired still counts as in place."""
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))])
    m, i = g.unit("m"), g.unit("i")
    m.fired = True  # fired, never moved
    turn.end_turn(g)
    turn.start_turn(g)
    m.fired = True
    assert rules(defense(g, m, i))["AA-121"] == 1
    m.moved = 0.5
    assert "AA-121" not in rules(defense(g, m, i))
    turn.end_turn(g)  # it moved: the count starts again
    turn.start_turn(g)
    assert "AA-121" not in rules(defense(g, m, i))


@pytest.mark.rule("AA-127")
def test_exposed_is_judged_by_any_fighting_figure_near_cover() -> None:
    """House rule AA-127: one figure within 2" of cover keeps the whole unit from Exposed."""
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (2, 20), n=8, weapons=["rifle"] * 8)],
        pieces=[kit.rubble("r", (9.5, 19.5, 1, 1))],
    )
    m, i = g.unit("m"), g.unit("i")
    # only the last figure (7.6, 20) is within 2" of the rubble
    near = [f for f in i.fighters if g.near_cover(f.pos)]
    assert [f.id for f in near] == ["i-8"]
    assert not exposed(g, i)
    assert "AA-126" not in rules(firepower(g, m, i))


@pytest.mark.rule("AA-127")
def test_solid_cover_needs_half_the_figures_covered() -> None:
    """House rule AA-127: 2 of 4 figures behind the wall is Solid Cover; 1 of 4 is not."""
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (5, 12.5), n=4)],
        pieces=[kit.wall("w", (4, 11.8, 2.2, 0.4))],
    )
    m, i = g.unit("m"), g.unit("i")
    covered = [f.id for f in i.fighters if g.solid_cover((2.0, 2.0), f.pos)]
    assert covered == ["i-1", "i-2"]
    assert solid_cover(g, i, m)
    i.translate(0.8, 0)  # now only i-1 is behind the wall
    assert not solid_cover(g, i, m)


@pytest.mark.rule("AA-127")
def test_rubble_is_ordinary_cover_and_roads_are_none() -> None:
    """House rule AA-127: rubble keeps a unit from Exposed but gives no Solid die; a road
    gives nothing; buildings, walls and vehicles are Solid."""
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (5, 12.5), n=3)],
        pieces=[
            kit.rubble("r", (4, 11.8, 4, 0.4)),
            {"id": "road", "kind": "road", "rect": [0, 14, 24, 3]},
        ],
    )
    m, i = g.unit("m"), g.unit("i")
    assert not exposed(g, i)
    assert "AA-124" not in rules(defense(g, i, m))
    i.translate(0, 3)  # on the road, 2.7" and more from the rubble
    assert exposed(g, i)
    kinds = {p.kind: p.cover for p in g.table.pieces}
    assert kinds["rubble"] is CoverClass.LIGHT and kinds["road"] is CoverClass.NONE
    g2 = kit.game(
        [kit.marines("m", (2, 2))],
        pieces=[
            kit.building("b", (5, 5, 2, 2)),
            kit.wall("w", (10, 5, 2, 0.4)),
            {"id": "suv", "kind": "vehicle", "rect": [15, 5, 2, 1]},
        ],
    )
    assert {p.cover for p in g2.table.pieces} == {CoverClass.SOLID}


@pytest.mark.rule("AA-132")
def test_defense_example_one_is_read_as_not_cautious() -> None:
    """House rule AA-132: the street example's 5d8 is a team not moving Cautiously; moving
    Cautiously the same team would throw 6d8."""
    g = kit.game([kit.marines("m", (12, 11)), kit.insurgents("i", (12, 20))])
    m, i = g.unit("m"), g.unit("i")
    m.speed, m.moved = Speed.RAPID, 4.0
    assert defense(g, m, i).dice == 5
    m.speed = Speed.CAUTIOUS
    assert defense(g, m, i).dice == 6
