"""Scale, table, basing, sight, terrain, unit categories and ratings, the universal
mechanic, and what the scenario sets up (AA-001..013, AA-041, AA-057, AA-058)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.interrupts import quality_check, reaction_test
from ambush_gui.alley.measures import Measures
from ambush_gui.alley.model import Side, Speed
from ambush_gui.alley.movement import check_move
from ambush_gui.alley.scenario import Scenario
from ambush_gui.core.decisions import DecisionKind, IllegalDecision
from ambush_gui.core.dice import Dice, Die
from ambush_gui.core.errors import ScenarioError
from tests.alley import kit

CT = Path(__file__).resolve().parents[2] / "ambush_gui" / "scenarios" / "contracting-trouble.toml"


def ct_game(script: list[int] | None = None, scale: float = 1.0) -> AlleyGame:
    """Contracting Trouble with strict scripted dice."""
    return AlleyGame(Scenario.load(CT, scale), 0, Dice(script=script or [], strict=True))


def rolls(g: AlleyGame) -> list[dict[str, Any]]:
    return [e.data for e in g.log.events if e.kind == "roll"]


# -- scale and table ---------------------------------------------------------------------------


@pytest.mark.rule("AA-001")
def test_28mm_play_makes_every_distance_half_as_long_again() -> None:
    """AA-001: the 15mm distances (6", 12", 1", 4", 2", 6"...) grow by half at 28mm."""
    small, big = Measures(1.0), Measures(1.5)
    assert (small.cautious, small.rapid, small.cohesion_link, small.cohesion_radius) == (
        6,
        12,
        1,
        4,
    )
    assert (big.cautious, big.rapid, big.cohesion_link, big.cohesion_radius) == (9, 18, 1.5, 6)
    assert (small.arrival, small.hot_spot_spacing, small.exposed, small.pull_back) == (4, 6, 2, 6)
    assert (big.arrival, big.hot_spot_spacing, big.exposed, big.pull_back) == (6, 9, 3, 9)


@pytest.mark.rule("AA-002")
def test_the_28mm_factor_is_one_and_a_half_on_every_distance_and_the_table() -> None:
    """House rule AA-002: x1.5 everywhere: every measure, the table, terrain, figures,
    Hot Spots and the Optimum Range; a 9" Cautious move is legal at 28mm, 9.1" is not."""
    names = [n for n, v in vars(Measures).items() if isinstance(v, property)]
    assert len(names) >= 12
    for name in names:
        assert getattr(Measures(1.5), name) == pytest.approx(1.5 * getattr(Measures(1.0), name)), (
            name
        )
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (10, 10))],
        pieces=[kit.building("b", (4, 6, 2, 2))],
        hot_spots=[(1, (20, 20))],
        scale=1.5,
    )
    assert (g.state.width, g.state.height) == (36, 36)
    assert g.unit("m").figures[0].pos == (3.0, 3.0)
    assert g.unit("m").optimum_range == 12
    assert g.unit("i").optimum_range == 9
    assert (g.state.hot_spots[1].x, g.state.hot_spots[1].y) == (30, 30)
    assert g.table.piece("b").polygon.bounds == (6.0, 9.0, 9.0, 12.0)
    m = g.unit("m")
    m.speed = Speed.CAUTIOUS
    cx, cy = m.centre()
    assert check_move(g, m, {"path": [[cx, cy + 9]]}, 9.0).length == pytest.approx(9)
    with pytest.raises(IllegalDecision):
        check_move(g, m, {"path": [[cx, cy + 9.1]]}, 9.0)


@pytest.mark.rule("AA-003")
def test_table_size_comes_from_the_scenario_and_may_be_larger() -> None:
    """AA-003: 2'x2' to 4'x4' as the scenario sets; a bigger table is allowed."""
    assert (ct_game().state.width, ct_game().state.height) == (24, 24)
    for size in (48, 72):
        g = kit.game([kit.marines("m", (2, 2))], width=size, height=size)
        assert (g.state.width, g.state.height) == (size, size)
    with pytest.raises(ScenarioError):
        kit.scenario([kit.marines("m", (2, 2))], width=0)


@pytest.mark.rule("AA-004")
def test_each_figure_stands_on_its_own_half_inch_base() -> None:
    """AA-004: every figure has its own position; bases touch at 0.5" between centres, so
    a figure may not end 0.55" from an enemy figure but may end 0.7" from it."""
    g = kit.game([kit.marines("m", (5, 5), weapons=("rifle",)), kit.insurgents("i", (10, 5), n=1)])
    m = g.unit("m")
    assert len({f.pos for f in ct_game().unit("alpha").figures}) == 4
    assert 0.5 <= g.m.contact < 1.0
    with pytest.raises(IllegalDecision, match="contact with enemy"):
        check_move(g, m, {"path": [[9.45, 5]]}, 6)
    assert check_move(g, m, {"path": [[9.3, 5]]}, 6).length == pytest.approx(4.3)


# -- measuring and sight (house rule AA-005) ---------------------------------------------------


@pytest.mark.rule("AA-005")
def test_units_are_as_far_apart_as_their_nearest_figure_centres() -> None:
    """House rule AA-005: distance = nearest figure centre to nearest figure centre."""
    g = kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (10, 2), n=3)])
    assert g.distance(g.unit("m"), g.unit("i")) == pytest.approx(10 - 4.4)


@pytest.mark.rule("AA-005")
def test_sight_any_figure_buildings_block_unless_inside_units_never_block() -> None:
    """House rule AA-005: a unit sees another if any figure sees any figure; a building
    blocks a line unless one end stands inside it; units never block sight."""
    mixed = {
        "id": "m",
        "name": "Mixed",
        "side": "regular",
        "tq": "d8",
        "morale": "d10",
        "figures": [{"id": "m-1", "at": [7, 10]}, {"id": "m-2", "at": [7, 12.6]}],
    }
    g = kit.game(
        [
            mixed,
            kit.marines("low", (5, 10), weapons=("rifle",)),
            kit.insurgents("far", (16, 10), n=1),
            kit.insurgents("high", (16, 12.6), n=1),
            kit.insurgents("inside", (11, 10), n=1),
            kit.marines("a", (2, 20), weapons=("rifle",)),
            kit.insurgents("x", (20, 20), n=1),
            kit.insurgents("between", (10, 20), n=3),
        ],
        pieces=[kit.building("b", (9, 9, 5, 3))],
    )
    u = g.unit
    assert not g.sees(u("low"), u("far"))  # the building is in the way
    assert g.sees(u("m"), u("high"))  # one figure's clear line is enough
    assert not g.sees(u("m"), u("far"))
    assert g.sees(u("low"), u("inside")) and g.sees(u("inside"), u("far"))  # at a window
    assert g.sees(u("a"), u("x"))  # the unit standing between them blocks nothing


# -- terrain and movement (house rule AA-006) --------------------------------------------------


@pytest.mark.rule("AA-006")
def test_terrain_never_slows_a_move_but_impassable_pieces_stop_it() -> None:
    """House rule AA-006: a 6" Cautious move through rubble and into a building costs 6";
    no figure may cross or end in an impassable piece (a wreck)."""
    g = kit.game(
        [kit.marines("m", (2, 5))],
        pieces=[
            kit.rubble("r", (2, 7, 3, 2)),
            kit.building("b", (2, 10, 3, 3)),
            {"id": "wreck", "kind": "vehicle", "rect": [5.2, 7, 1, 1]},
        ],
    )
    m = g.unit("m")  # figures at x 2..4.4, y 5; centre (3.2, 5)
    plan = check_move(g, m, {"path": [[3.2, 11]]}, 6)  # through the rubble, into the building
    assert plan.length == pytest.approx(6)
    with pytest.raises(IllegalDecision, match="impassable"):
        check_move(g, m, {"path": [[5.0, 10.0]]}, 6)  # the centre passes, the right-hand figure not
    with pytest.raises(IllegalDecision, match="impassable"):
        check_move(g, m, {"path": [[4.5, 7.5]]}, 6)  # a figure would stand in the wreck


# -- unit categories, ratings --------------------------------------------------------------------


@pytest.mark.rule("AA-007")
def test_every_unit_is_regular_or_insurgent() -> None:
    """AA-007: two sides only; a unit of any other side is refused."""
    assert {s.value for s in Side} == {"regular", "insurgent"}
    assert {u.side for u in ct_game().state.units.values()} == {Side.REGULAR, Side.INSURGENT}
    bad = kit.insurgents("c", (5, 5)) | {"side": "civilian"}
    with pytest.raises(ScenarioError):
        kit.scenario([bad])


@pytest.mark.rule("AA-008")
def test_every_unit_has_a_troop_quality_die_and_a_morale_die() -> None:
    """AA-008: TQ and Morale are die types; a unit without one, or with no such die, is refused."""
    for u in ct_game().state.units.values():
        assert isinstance(u.tq, Die) and isinstance(u.morale, Die)
    no_morale = {k: v for k, v in kit.insurgents("i", (5, 5)).items() if k != "morale"}
    with pytest.raises(ScenarioError):
        kit.scenario([no_morale])
    with pytest.raises(ScenarioError):
        kit.scenario([kit.insurgents("i", (5, 5), tq="d7")])


@pytest.mark.rule("AA-009")
def test_scenario_troop_quality_marines_d8_insurgents_d6_leaders_d8() -> None:
    """AA-009: Marines d8; Insurgents d6; Insurgent leaders d8 (the four at map point 2)."""
    g = ct_game()
    for u in g.state.side_units(Side.REGULAR):
        assert u.tq is Die.D8
    ins = g.state.side_units(Side.INSURGENT)
    assert {u.id: int(u.tq) for u in ins if u.is_detached_leader} == {
        "i2a": 8,
        "i2b": 8,
        "i2c": 8,
        "i2d": 8,
    }
    assert {int(u.tq) for u in ins if not u.is_detached_leader} == {6}
    spec = g.spec.reinforcements
    assert spec is not None and (spec.tq, spec.leader_tq) == ("d6", "d8")


@pytest.mark.rule("AA-010")
def test_scenario_morale_is_d10_for_everyone() -> None:
    """AA-010: Morale d10 for Marines, Insurgents and Insurgent leaders, new arrivals too."""
    g = ct_game()
    assert {u.morale for u in g.state.units.values()} == {Die.D10}
    assert g.spec.reinforcements is not None and g.spec.reinforcements.morale == "d10"


@pytest.mark.rule("AA-011")
def test_a_unit_rolls_its_own_die_with_a_leader_a_detached_leader_rolls_d8() -> None:
    """House rule AA-011: the leader-and-RPG team (point 4) rolls its own d6; a detached
    leader rolls his d8; a unit he joins keeps its d6."""
    g = ct_game(script=[3, 3, 3, 3])
    alpha, i4, i2a = g.unit("alpha"), g.unit("i4"), g.unit("i2a")
    reaction_test(g, alpha, i4, "test")
    reaction_test(g, alpha, i2a, "test")
    sides = [(r["unit"], r["sides"]) for r in rolls(g)]
    assert sides == [("alpha", 8), ("i4", 6), ("alpha", 8), ("i2a", 8)]
    from ambush_gui.alley.turn import join_unit

    join_unit(g, i2a, g.unit("i1"))
    assert g.unit("i1").leader is not None and g.unit("i1").tq is Die.D6


# -- the universal mechanic ----------------------------------------------------------------------


@pytest.mark.rule("AA-012")
def test_an_unopposed_test_succeeds_on_4_or_more() -> None:
    """AA-012: 4 passes, 3 fails (a d6 Quality Check)."""
    g = kit.game([kit.insurgents("i", (5, 5))], script=[4, 3])
    i = g.unit("i")
    assert quality_check(g, i, "test") is True
    assert quality_check(g, i, "test") is False


@pytest.mark.rule("AA-013")
def test_an_opposed_test_needs_4_or_more_and_strictly_higher() -> None:
    """AA-013: the Insurgent's 5 beats the Regular's 4; 4 against 4 does not; 3 against 0
    is higher but under 4 and does not."""
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (2, 12))], script=[3, 5, 3, 4, 1, 3]
    )
    m, i = g.unit("m"), g.unit("i")
    m.speed = i.speed = Speed.CAUTIOUS  # Regular +1, Insurgent nothing (AA-036)
    assert reaction_test(g, m, i, "test") is True  # 5 against 3+1
    assert reaction_test(g, m, i, "test") is False  # 4 against 3+1: a tie
    m.speed = Speed.RAPID
    assert reaction_test(g, m, i, "test") is False  # 3 against 1-1: higher but not 4+
    totals = [
        (e.data["insurgent_total"], e.data["regular_total"])
        for e in g.log.events
        if e.kind == "reaction"
    ]
    assert totals == [(5, 4), (4, 4), (3, 0)]


# -- what the scenario sets up -------------------------------------------------------------------


@pytest.mark.rule("AA-041")
def test_set_up_table_hot_spots_regulars_then_insurgents_with_no_dice() -> None:
    """AA-041: the file sets the table, the Hot Spots, the Regulars, then the Insurgents;
    the first thing after set-up is the Regular player's first activation."""
    g = kit.game(
        [kit.insurgents("i", (10, 10)), kit.marines("m", (2, 2))], hot_spots=[(1, (20, 20))]
    )
    assert [u.side for u in g.state.units.values()] == [Side.REGULAR, Side.INSURGENT]
    d = g.pending()
    assert d is not None and d.kind is DecisionKind.ACTIVATE
    setup = g.log.events[0]
    assert setup.kind == "setup" and "1 Hot Spot placed" in setup.text
    assert setup.text.index("Regular") < setup.text.index("Insurgent unit")
    assert not rolls(g)


@pytest.mark.rule("AA-057")
def test_regular_units_number_make_up_and_places_come_from_the_scenario() -> None:
    """AA-057: the Corporal and two fireteams, each figure where the file puts it."""
    g = ct_game()
    spec = {u.id: u for u in g.spec.units}
    regulars = g.state.side_units(Side.REGULAR)
    assert [u.id for u in regulars] == ["cpl", "alpha", "bravo"]
    for u in regulars:
        assert [(f.id, f.weapon, f.pos) for f in u.figures] == [
            (f.id, f.weapon, tuple(f.at)) for f in spec[u.id].figures
        ]


@pytest.mark.rule("AA-058")
def test_insurgents_are_placed_as_the_scenario_says_even_in_range_and_sight() -> None:
    """AA-058: Insurgents may begin within range and line of sight of the Regulars."""
    g = kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 5), n=3)])
    m, i = g.unit("m"), g.unit("i")
    assert [f.pos for f in i.figures] == [(2, 5), (2.8, 5), (3.6, 5)]
    assert g.sees(m, i) and g.distance(m, i) <= m.optimum_range
    ct = ct_game()
    spec = {u.id: u for u in ct.spec.units}
    for u in ct.state.side_units(Side.INSURGENT):
        assert [f.pos for f in u.figures] == [tuple(f.at) for f in spec[u.id].figures]
