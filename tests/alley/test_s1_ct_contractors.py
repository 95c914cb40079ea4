"""Contracting Trouble!: the contractors' special rules (CT-018, CT-048..057)."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.alley import close_assault, turn
from ambush_gui.alley.fire import casualty_options, fire
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.interrupts import insurgent_move
from ambush_gui.alley.model import FigureKind, Injury, Speed
from ambush_gui.alley.movement import check_move, pick_up
from ambush_gui.alley.pools import defense, firepower
from ambush_gui.core.decisions import DecisionKind, IllegalDecision
from tests.alley import kit

NONE = "none"
CONTRACTORS = [("c1", (4.0, 5.6)), ("c2", (5.0, 5.6))]


def rescue(
    units: list[dict[str, Any]],
    contractors: list[tuple[str, tuple[float, float]]] = CONTRACTORS,
    **kw: Any,
) -> AlleyGame:
    """A test table with the scenario's contractor rules, in turn 1."""
    g = kit.game(units, contractors=contractors, special_rules=["contractors"], **kw)
    g.state.turn = 1
    return g


def carrying(g: AlleyGame, uid: str) -> Any:
    """The unit ``uid`` has reached the contractors and carries them."""
    unit = g.unit(uid)
    pick_up(g, unit, g.state.ground[0])
    return unit


def ids(figs: Any) -> list[str]:
    return sorted(f.id for f in figs)


@pytest.mark.rule("CT-048")
def test_touching_a_contractor_absorbs_the_contractors_as_dependants() -> None:
    """CT-048: the fireteam walking past takes both in as Dependants the moment a figure
    touches one (3.15" along its 6" move, where bases first touch)."""
    g = rescue([kit.marines("m", (2, 2))])
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), ["cautious:move-fire", {"path": [[3.2, 8]]}])
    assert ids(m.dependants) == ["c1", "c2"] and not g.state.ground
    assert all(f.kind is FigureKind.CONTRACTOR and f.dependant for f in m.dependants)
    assert g.state.contractors_reached
    moves = kit.events(g, "move")
    assert moves[0].data["distance"] == pytest.approx(5.6 - 2 - (0.6**2 - 0.4**2) ** 0.5, abs=1e-3)
    assert [e.kind for e in g.log.events if e.kind in ("move", "pick_up")] == [
        "move",
        "pick_up",
        "move",
    ]


@pytest.mark.rule("CT-049")
def test_the_unit_keeps_moving_with_movement_left_and_may_still_fire() -> None:
    """CT-049: after the pick-up the fireteam finishes its 6" path (its riflemen end where
    the path said) and is then offered its fire."""
    g = rescue([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 20), n=3, leader=True)])
    m = g.unit("m")
    proc = turn.activation(g, m)
    d = kit.asks(g, proc, ["cautious:move-fire", {"path": [[3.2, 8]]}])
    while d.kind is DecisionKind.INTERRUPT:
        d = proc.send(d.validate(NONE))
    assert d.kind is DecisionKind.FIRE and "i" in d.options
    assert m.moved == pytest.approx(6)
    assert [f.pos for f in m.fighters] == [(2, 8), (2.8, 8), (3.6, 8), (4.4, 8)]


@pytest.mark.rule("CT-049")
@pytest.mark.rule("CT-057")
def test_a_rapid_move_that_picks_them_up_is_cut_to_6_inches() -> None:
    """CT-049 with CT-057: with Dependants the unit may not move Rapidly, so the rest of
    a Rapid move stops at 6" in all."""
    g = rescue([kit.marines("m", (2, 2))])
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), ["rapid:move-fire", {"path": [[3.2, 12]]}])
    assert len(m.dependants) == 2 and m.moved == pytest.approx(6)


@pytest.mark.rule("CT-050")
def test_one_touch_takes_in_every_friendly_figure_within_4_inches_at_no_cost() -> None:
    """House rule CT-050: the contractor 3" from the one touched comes too; a Marine
    casualty lying 5.5" away stays; the pick-up costs no movement."""
    g = rescue([kit.marines("m", (2, 2))], contractors=[("c1", (4.0, 5.6)), ("c2", (7.0, 5.6))])
    lying = g.state.ground[1].__class__(
        "x-1",
        FigureKind.SOLDIER,
        "rifle",
        9.5,
        5.6,
        g.state.ground[0].side,
        dependant=True,
        injury=Injury.MODERATE,
    )
    g.state.ground.append(lying)
    g.initial_figures.append("x-1")
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), ["cautious:move-fire", {"path": [[3.2, 8]]}])
    assert ids(m.dependants) == ["c1", "c2"]
    assert [f.id for f in g.state.ground] == ["x-1"]
    assert m.moved == pytest.approx(6)


@pytest.mark.rule("CT-018")
@pytest.mark.rule("CT-051")
def test_insurgents_cannot_seize_the_contractors_before_the_marines_reach_them() -> None:
    """CT-018: Insurgents walking over the waiting contractors take nobody; CT-051: once
    the Marines have reached them, Insurgents touching them hold them where they lie,
    never moving them."""
    for reached in (False, True):
        g = rescue([kit.marines("m", (2, 20)), kit.insurgents("i", (3.2, 2), n=3, leader=True)])
        g.state.contractors_reached = reached
        i = g.unit("i")
        before = [f.pos for f in g.state.ground]
        kit.drive(
            g,
            insurgent_move(g, i, (Speed.CAUTIOUS,)),
            [{"path": [[4.4, 7.9]], "speed": "cautious"}],
        )
        assert [f.pos for f in g.state.ground] == before
        assert [f.captive for f in g.state.ground] == [reached, reached]
        assert not [f for f in i.figures if f.kind is FigureKind.CONTRACTOR]


@pytest.mark.rule("CT-052")
@pytest.mark.rule("CT-054")
def test_insurgents_capture_the_contractors_by_winning_a_close_assault() -> None:
    """CT-052, house rule CT-054: four fighting Insurgents (4 dice) assault the lone
    rifleman carrying the contractors (1 die): 4 successes to 0, he falls, the unit is
    overrun: the contractors are captives where they stand, the Marine a prisoner."""
    g = rescue(
        [
            kit.marines("m", (5, 5), weapons=("rifle",)),
            kit.insurgents("i", (4.4, 6), n=3, leader=True),
        ],
        contractors=[("c1", (5.5, 4.6)), ("c2", (6.0, 4.6))],
        script=[6, 6, 6, 6, 1, 3],
    )
    m, i = carrying(g, "m"), g.unit("i")
    with pytest.raises(IllegalDecision, match="contact"):
        check_move(g, i, {"path": [[5.6, 12]], "assault": "m"}, 6, may_assault=True)
    assert (
        check_move(g, i, {"path": [[5.6, 5.7]], "assault": "m"}, 6, may_assault=True).assault == "m"
    )
    kit.drive(g, close_assault.resolve(g, i, m))
    rolls = [e.data for e in kit.events(g, "roll") if e.data["purpose"].startswith("Close Assault")]
    assert [len(r["faces"]) for r in rolls] == [4, 1]
    assert not m.on_table
    held = {f.id: (f.captive, f.pos) for f in g.state.ground}
    assert held["c1"] == (True, (5.5, 4.6)) and held["c2"] == (True, (6.0, 4.6))
    assert set(held) == {"c1", "c2"}  # never moved by Insurgents (CT-051) ...
    assert [(f.id, f.captive) for f in i.figures if f.side is not i.side] == [
        ("m-1", True)
    ]  # ... a POW is


@pytest.mark.rule("CT-053")
def test_contractors_never_become_casualties_when_their_unit_is_fired_on() -> None:
    """CT-053: a volley that kills two with more Defense failures than successes (the
    forced Dependant casualty) still falls on two Marines, never a contractor."""
    g = rescue([kit.marines("m", (3, 5)), kit.insurgents("i", (3, 12), n=4, leader=True)])
    m, i = carrying(g, "m"), g.unit("i")
    fp, df = firepower(g, i, m).dice, defense(g, m, i).dice
    g.dice.push(6, 6, *[1] * (fp - 2), *[1] * df, 1, 1, 9, 9, 9, 9)  # 2 hits; slight x2; Stand
    hits = kit.drive(g, fire(g, i, m, "test"), ["best", lambda d: d.options[0]])
    assert hits == 2
    assert ids(m.dependants) == ["c1", "c2"]
    assert all(f.injury is Injury.MODERATE for f in m.dependants)
    assert all(c not in o for o in casualty_options(g, m, 2, True) for c in ("c1", "c2"))


@pytest.mark.rule("CT-055")
def test_insurgents_block_the_way_out_only_by_standing_in_it() -> None:
    """House rule CT-055: a path through Insurgent figures is refused; the same unit
    standing 1.5" beside the way out does not stop the exit."""
    g = rescue([kit.marines("m", (2, 2.5)), kit.insurgents("i", (2.4, 1.2), n=3, leader=True)])
    m = carrying(g, "m")
    m.speed = Speed.CAUTIOUS
    with pytest.raises(IllegalDecision, match="through"):
        check_move(g, m, {"path": [[3.2, -1]]}, 6)
    g.unit("i").translate(5.6, 0)  # now 1.5" east of the fireteam's way south
    assert check_move(g, m, {"path": [[3.2, -1]]}, 6).exits


@pytest.mark.rule("CT-056")
def test_the_forced_casualty_skips_the_contractors() -> None:
    """House rule CT-056: the forced Dependant casualty falls on a wounded Marine carried
    with the contractors; with none, the hits fall on fighting Marines only."""
    g = rescue([kit.marines("m", (3, 5))])
    m = carrying(g, "m")
    assert casualty_options(g, m, 1, True) == [[f.id] for f in m.fighters]
    m.figures[1].dependant, m.figures[1].injury = True, Injury.MODERATE  # m-2 is carried
    assert casualty_options(g, m, 1, True) == [["m-2"]]
    assert all(
        "m-2" in o and "c1" not in o and "c2" not in o for o in casualty_options(g, m, 2, True)
    )


@pytest.mark.rule("CT-057")
def test_a_unit_escorting_contractors_has_dependants_minus_1_die_and_no_rapid() -> None:
    """CT-057: the escort loses one Firepower die and may not move Rapidly."""
    g = rescue([kit.marines("m", (3, 5)), kit.insurgents("i", (3, 16), n=3, leader=True)])
    m = g.unit("m")
    before = firepower(g, m, g.unit("i")).dice
    carrying(g, "m")
    pool = firepower(g, m, g.unit("i"))
    assert pool.dice == before - 1 and [x.value for x in pool.items if x.rule == "DC-005"] == [-1]
    d = kit.asks(g, turn.activation(g, m))
    assert d.kind is DecisionKind.PLAN and not [o for o in d.options if o.startswith("rapid")]
    assert "cautious:move-fire" in d.options
