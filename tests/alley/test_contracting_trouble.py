"""Contracting Trouble!: the shipped file, its table, the forces and the objectives
(CT-001..016, CT-039..041)."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import shapely

from ambush_gui.ai.random_player import RandomPlayer
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import FigureKind, Injury, Side, Speed
from ambush_gui.alley.movement import check_move, exit_edge_at
from ambush_gui.alley.pools import firepower
from ambush_gui.alley.scenario import Scenario
from ambush_gui.alley.weapons import WEAPONS, Support
from ambush_gui.core.decisions import IllegalDecision
from ambush_gui.core.dice import Dice, Die
from ambush_gui.core.errors import ScenarioError

CT = Path(__file__).resolve().parents[2] / "ambush_gui" / "scenarios" / "contracting-trouble.toml"


def ct(scale: float = 1.0) -> AlleyGame:
    return AlleyGame(Scenario.load(CT, scale), 0, Dice(strict=True))


def raw() -> dict[str, Any]:
    return tomllib.loads(CT.read_text(encoding="utf-8"))


def gear(g: AlleyGame, uid: str) -> Counter[tuple[FigureKind, str]]:
    return Counter((f.kind, f.weapon) for f in g.unit(uid).figures)


def inside(g: AlleyGame, uid: str, piece: str) -> bool:
    poly = g.table.piece(piece).polygon
    return all(poly.covers(shapely.Point(f.pos)) for f in g.unit(uid).figures)


# -- special rules, Fog of War --------------------------------------------------------------------


@pytest.mark.rule("CT-001")
@pytest.mark.rule("CT-003")
def test_no_assets_and_only_the_scenarios_own_special_rules() -> None:
    """CT-001, house rule CT-003: no Assets and none of the optional special rules; the
    scenario's own Special Rules (the contractors) do apply, and the table's own rule for
    its 4-turn race (carried contractors are held at the end, CT-046)."""
    g = ct()
    assert g.spec.special_rules == ["contractors", "escorts_held_at_the_end"]
    data = raw() | {"assets": ["mortar"]}
    with pytest.raises(ScenarioError):
        Scenario.from_data(data, "<test>")
    with pytest.raises(ScenarioError):
        Scenario.from_data(raw() | {"special_rules": ["contractors", "mines"]}, "<test>")


@pytest.mark.rule("CT-002")
def test_no_fog_of_war_whatever_the_reaction_rolls() -> None:
    """CT-002: whole games with Reaction Tests in them draw no Fog of War card, and the
    file cannot ask for one."""
    reactions = 0
    for seed in (0, 1, 2):
        g = AlleyGame(Scenario.load(CT), seed)
        regular, insurgent = RandomPlayer(seed), RandomPlayer(seed + 100)
        d = g.pending()
        while d is not None:
            g.answer((regular if d.side == "regular" else insurgent).choose(g, d))
            d = g.pending()
        reactions += len([e for e in g.log.events if e.kind == "reaction"])
        assert not [e for e in g.log.events if "fog" in e.kind.lower() or "Fog" in e.text]
    assert reactions > 0
    with pytest.raises(ScenarioError):
        Scenario.from_data(raw() | {"fog_of_war": True}, "<test>")


# -- the table -----------------------------------------------------------------------------------


@pytest.mark.rule("CT-004")
def test_the_table_is_2_feet_square_at_15mm() -> None:
    """CT-004: 2'x2' at 15mm; at 28mm house rule AA-002 makes it 36" (x1.5), not 4'."""
    assert (ct().state.width, ct().state.height) == (24, 24)
    assert (ct(1.5).state.width, ct(1.5).state.height) == (36, 36)


@pytest.mark.rule("CT-005")
def test_the_projects_own_table_two_streets_four_blocks_south_and_west_edges() -> None:
    """House rule CT-005: a main street east-west and a cross street north-south cut the
    table into four blocks; the SUV stands in the main street east of the crossing; the
    Marines' friendly edges are the south and the west; the game lasts 4 turns."""
    g = ct()
    pieces = {p.id: p for p in g.table.pieces}
    assert pieces["main-street"].polygon.bounds == (0, 10, 24, 13)
    assert pieces["cross-street"].polygon.bounds == (11, 0, 14, 24)
    assert pieces["suv"].polygon.within(pieces["main-street"].polygon)
    assert pieces["suv"].polygon.bounds[0] > 14
    # under the cafe's windows, where the gunmen who shot it up look down on it (issue 26)
    assert pieces["cafe"].polygon.bounds[0] <= pieces["suv"].polygon.bounds[0]
    quadrant = {
        "shop": "sw",
        "garage": "sw",
        "warehouse": "se",
        "se-house": "se",
        "mosque": "nw",
        "nw-house": "nw",
        "apartments": "ne",
        "cafe": "ne",
    }
    for pid, q in quadrant.items():
        x, y = pieces[pid].polygon.centroid.coords[0]
        assert ("s" if y < 10 else "n") + ("w" if x < 11 else "e") == q, pid
        assert pieces[pid].kind == "building"
    assert g.spec.sides[Side.REGULAR].friendly_edges == ["south", "west"]
    assert g.spec.turn_limit == 4
    assert inside(g, "i1", "cafe") and inside(g, "i3", "mosque") and inside(g, "i4", "se-house")
    assert inside(g, "i5", "apartments")
    assert all(f.y < 3 and f.x < 14 for u in g.state.side_units(Side.REGULAR) for f in u.figures)
    assert {n: (h.x, h.y) for n, h in g.state.hot_spots.items()} == {
        1: (12.5, 22.5),
        2: (17.0, 3.5),
        3: (23.3, 11.7),
        4: (3.0, 12.0),
        5: (10.5, 7.5),
    }


@pytest.mark.rule("CT-006")
def test_map_key_m_the_partial_marine_squad_starts_in_the_south() -> None:
    """CT-006: the Corporal and both fireteams start along the south edge, west of the
    far side of the cross street."""
    g = ct()
    regulars = g.state.side_units(Side.REGULAR)
    assert {u.id for u in regulars} == {"cpl", "alpha", "bravo"}
    pts = np.vstack([u.points() for u in regulars])
    assert pts[:, 1].max() < 3 and pts[:, 0].max() < 14


@pytest.mark.rule("CT-007")
@pytest.mark.rule("CT-014")
def test_map_key_c_two_wounded_contractors_by_their_wrecked_suv() -> None:
    """CT-007, CT-014: two contractors, both wounded (carried Dependants once reached), on
    the ground within 1" of the SUV, which is a wreck nobody can walk through."""
    g = ct()
    suv = g.table.piece("suv")
    assert suv.kind == "vehicle" and suv.impassable
    assert [f.id for f in g.state.ground] == ["contractor-1", "contractor-2"]
    for f in g.state.ground:
        assert f.kind is FigureKind.CONTRACTOR and f.dependant and f.injury is Injury.MODERATE
        assert suv.polygon.distance(shapely.Point(f.pos)) <= 1


@pytest.mark.rule("CT-008")
def test_map_key_1_six_insurgents_with_small_arms() -> None:
    """CT-008: one unit of six riflemen, no leader."""
    assert gear(ct(), "i1") == Counter({(FigureKind.SOLDIER, "rifle"): 6})


@pytest.mark.rule("CT-009")
@pytest.mark.rule("CT-013")
def test_map_key_2_four_leaders_each_a_detached_leader() -> None:
    """CT-009, house rule CT-013: four Insurgent leaders at point 2, each his own unit of
    one (free to join any unit), TQ d8; every other numbered group is one unit."""
    g = ct()
    twos = [u for u in g.state.side_units(Side.INSURGENT) if u.id.startswith("i2")]
    assert len(twos) == 4
    assert all(u.is_detached_leader and u.tq is Die.D8 for u in twos)
    others = sorted(u.id for u in g.state.side_units(Side.INSURGENT) if not u.id.startswith("i2"))
    assert others == ["i1", "i3", "i4", "i5"]


@pytest.mark.rule("CT-010")
@pytest.mark.rule("CT-012")
def test_map_keys_3_and_5_an_rpg_gunner_each() -> None:
    """CT-010, CT-012: one Insurgent with an RPG, a Medium Support weapon (+2 dice)."""
    g = ct()
    assert WEAPONS["rpg"].support is Support.MEDIUM and WEAPONS["rpg"].dice == 2
    for uid in ("i3", "i5"):
        assert gear(g, uid) == Counter({(FigureKind.SOLDIER, "rpg"): 1})
        items = firepower(g, g.unit(uid), g.unit("alpha")).items
        assert [x.value for x in items if x.rule in ("AA-134", "AA-137")] == [1, 2]


@pytest.mark.rule("CT-011")
def test_map_key_4_a_leader_and_an_rpg_gunner() -> None:
    """CT-011: one unit: a leader and an RPG gunner; led, so it acts with no Quality Check."""
    g = ct()
    assert gear(g, "i4") == Counter(
        {(FigureKind.LEADER, "rifle"): 1, (FigureKind.SOLDIER, "rpg"): 1}
    )
    assert g.unit("i4").leader is not None and not g.unit("i4").is_detached_leader


# -- the objectives -----------------------------------------------------------------------------


@pytest.mark.rule("CT-015")
def test_a_fireteam_leaves_when_its_lead_figure_crosses_the_west_edge() -> None:
    """CT-015: the figures leave the table, not the unit's centre: a Fireteam moving west
    whose lead figure crosses the west edge leaves, though its centre is still on the
    table; the same across the east edge (not friendly) is refused."""
    g = AlleyGame(Scenario.load(CT), 0)
    alpha = g.unit("alpha")  # four figures in a row, 1.5" to 3.9" from the west edge
    alpha.speed = Speed.CAUTIOUS
    cx, cy = alpha.centre()
    lead = min(f.x for f in alpha.figures)
    plan = check_move(g, alpha, {"path": [[cx - 2.0, cy]]}, 6)
    assert lead - 2.0 < 0 < cx - 2.0  # the lead figure is across the edge, the centre is not
    assert plan.exits
    assert exit_edge_at(g, alpha, (cx - 2.0, cy)) == "west"
    assert exit_edge_at(g, alpha, (cx - 1.0, cy)) is None  # all still on the table
    bravo = g.unit("bravo")
    bravo.translate(10.2, 8)  # its lead figure 0.4" from the east edge
    bravo.speed = Speed.CAUTIOUS
    bx, by = bravo.centre()
    with pytest.raises(IllegalDecision, match="friendly edge"):
        check_move(g, bravo, {"path": [[bx + 1.0, by]]}, 6)


@pytest.mark.rule("CT-015")
def test_the_marines_leave_across_the_south_or_west_edge_only() -> None:
    """CT-015: a move off the south edge or the west edge leaves the table; off the north
    or the east edge it is refused."""
    g = AlleyGame(Scenario.load(CT), 0)
    cpl = g.unit("cpl")  # alone at (5.5, 2.5)
    cpl.speed = Speed.RAPID
    assert check_move(g, cpl, {"path": [[5.5, -0.5]]}, 12).exits
    assert check_move(g, cpl, {"path": [[0.5, 2.5], [-0.5, 2.5]]}, 12).exits
    bravo = g.unit("bravo")
    bravo.translate(9, 20)  # now near the north-east corner
    bravo.speed = Speed.RAPID
    cx, cy = bravo.centre()
    for end in ([cx, 24.5], [24.5, cy]):
        with pytest.raises(IllegalDecision, match="friendly edge"):
            check_move(g, bravo, {"path": [end]}, 12)


@pytest.mark.rule("CT-016")
def test_the_contractors_may_never_fire() -> None:
    """CT-016: out of ammunition: carried by a fireteam they add no Firepower die."""
    g = ct()
    alpha = g.unit("alpha")
    before = [x.value for x in firepower(g, alpha, g.unit("i1")).items if x.rule == "AA-134"]
    contractors = list(g.state.ground)
    g.state.ground.clear()
    alpha.figures.extend(contractors)
    assert all(not WEAPONS[f.weapon].armed and not f.fighting for f in contractors)
    after = [x.value for x in firepower(g, alpha, g.unit("i1")).items if x.rule == "AA-134"]
    assert before == after == [4]


# -- the forces ----------------------------------------------------------------------------------


@pytest.mark.rule("CT-039")
def test_a_corporal_and_two_fireteams_of_two_riflemen_an_rgl_and_a_saw() -> None:
    """CT-039: the squad leader alone, and two fireteams of 2 riflemen, M203 and SAW."""
    g = ct()
    assert gear(g, "cpl") == Counter({(FigureKind.LEADER, "rifle"): 1})
    team = Counter(
        {
            (FigureKind.SOLDIER, "rifle"): 2,
            (FigureKind.SOLDIER, "m203"): 1,
            (FigureKind.SOLDIER, "saw"): 1,
        }
    )
    assert gear(g, "alpha") == gear(g, "bravo") == team
    assert WEAPONS["m203"].support is WEAPONS["saw"].support is Support.LIGHT


@pytest.mark.rule("CT-040")
def test_the_marines_are_trained_d8_with_morale_d10_and_body_armor() -> None:
    """CT-040: TQ d8, Morale d10, no Combat Assets (their one extra die is body armor)."""
    for u in ct().state.side_units(Side.REGULAR):
        assert (u.tq, u.morale, u.armor) == (Die.D8, Die.D10, 1)


@pytest.mark.rule("CT-041")
def test_every_insurgent_is_d6_with_morale_d10_but_the_leaders_d8() -> None:
    """CT-041 with house rule AA-011: the starting Insurgents are TQ d6, Morale d10; the
    detached leaders d8; the Insurgents wear no armor."""
    g = ct()
    for u in g.state.side_units(Side.INSURGENT):
        assert u.morale is Die.D10 and u.armor == 0
        assert u.tq is (Die.D8 if u.is_detached_leader else Die.D6)


def test_a_reaction_after_a_close_assault_says_the_fight_is_over() -> None:
    """Reactions come after an Insurgent move (AA-089), so after the Close Assault it ended
    in (CT-054 step 3): the question says so, or a player reads it as a chance to fire
    before the fight (a playtest finding). Both sides played by the computer, from the
    first seed where such a reaction is offered."""
    from ambush_gui import systems

    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    for seed in range(1, 40):
        g = systems.new_game(scenario, seed)
        ai = systems.computer_player("alley")
        while (d := g.pending()) is not None:
            if d.kind.value == "react" and "Close Assault" in d.prompt:
                fight = next(e for e in reversed(g.log.events)
                             if e.kind == "assault" and "attacker" in e.data)
                mover, target = g.unit(fight.data["attacker"]), g.unit(fight.data["defender"])
                assert d.facts["against"] == mover.id
                assert d.prompt == (f"Regular: react to {mover.name}'s move? (it has Close "
                                    f"Assaulted {target.name}: the fight is over)")
                return
            g.answer(ai.choose(g, d))
    raise AssertionError("no reaction after a Close Assault in 39 games")
