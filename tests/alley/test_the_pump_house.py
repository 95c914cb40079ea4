"""The Pump House, a shipped Force on Force scenario (issue 30): a Regular defence. Two
sections and a light mortar hold three parts of a walled compound against the Brigade,
with the mortars, nbc, mines and civilians modules on.

The file validates without a warning and reports its modules; each Highlander unit
starts in the part of the compound it holds and the minefields leave the road and the
lane open; every award scores as written in the scenario's own side names; the gas, the
suits, the mortar's No Fire Zone and the queue are in play; computer games on it play to
the end, and the Brigade's computer player goes for the compound.
docs/rules/the-pump-house.md describes the table, the special rules and the balance measured.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ambush_gui.ai import alley_goals
from ambush_gui.alley import victory
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Injury, Side
from tests.alley.fof_scenarios import (
    computer_games,
    inside,
    score_lines,
    shipped_game,
)

ROOT = Path(__file__).resolve().parents[2]
FILE = ROOT / "ambush_gui" / "scenarios" / "the-pump-house.toml"
HELD = {"first": "pump-house", "second": "gatehouse", "mortar": "mortar-pit"}


def game(seed: int = 0) -> AlleyGame:
    return shipped_game(FILE, seed)


# -- the file ---------------------------------------------------------------------------------------

def test_each_highlander_unit_starts_in_the_part_of_the_compound_it_holds() -> None:
    g = game()
    for uid, zone in HELD.items():
        assert inside(g, uid, zone), (uid, zone)
    held = {a.zone for a in g.spec.victory.all_awards() if a.side is Side.REGULAR}
    assert held == set(HELD.values())
    assert all(a.event.value == "zone_held" for a in g.spec.victory.all_awards() if a.side is Side.REGULAR)


def test_the_minefields_leave_the_road_and_the_lane_open() -> None:
    g = game()
    fields = [p.polygon for p in g.table.pieces if p.kind == "minefield"]
    assert len(fields) == 3
    for way in ("village-road", "orchard-lane"):
        road = g.table.piece(way).polygon
        assert all(f.intersection(road).area == 0 for f in fields), way


# -- the awards, as written -------------------------------------------------------------------------

@pytest.mark.rule("CT-047")
def test_the_highlanders_score_each_part_of_the_compound_they_hold() -> None:
    """Nobody has come in: 4 + 2 + 1 for the three parts, and the higher total wins."""
    g = game()
    out = victory.finish(g)
    assert score_lines(g) == [
        ("regular", 4, "Pump house held at the end", "zone_held"),
        ("regular", 2, "Gatehouse held at the end", "zone_held"),
        ("regular", 1, "Mortar pit held at the end", "zone_held"),
    ]
    assert out["winner"] == "regular" and out["points"] == {"regular": 7, "insurgent": 0}
    texts = [e.text for e in g.log.events if e.kind in ("score", "victory")]
    assert texts[-1] == "The Highlanders win: Highlanders 7 VP, Brigade 0 VP"


@pytest.mark.rule("CT-047")
def test_the_brigade_scores_the_pump_house_and_blood() -> None:
    """First section has pulled back out of it and the School group stands in the pump house from turn 4;
    in the gatehouse one Highlander is wounded and one killed: 3 + 3 for the pump house,
    2 for the wound and 3 for the dead, against 2 for the gatehouse and 1 for the pit."""
    g = game()
    st = g.state
    g.unit("first").translate(0, -2.5)  # pulled back to the south wall
    school = g.unit("school-group")
    school.translate(11.6 - school.figures[0].x, 7.6 - school.figures[0].y)
    assert inside(g, "school-group", "pump-house")
    st.turn = 4
    victory.check_zones(g)
    figs = {f.id: f for f in st.all_figures()}
    figs["second-1"].injury = Injury.SLIGHT
    figs["second-2"].injury = Injury.KILLED
    out = victory.finish(g)
    assert score_lines(g) == [
        ("regular", 2, "Gatehouse held at the end", "zone_held"),
        ("regular", 1, "Mortar pit held at the end", "zone_held"),
        ("insurgent", 3, "Pump house cleared by School group on turn 4", "zone_cleared"),
        ("insurgent", 3, "Pump house held at the end", "zone_held"),
        ("insurgent", 2, "highlander second-1 wounded", "enemy_wounded"),
        ("insurgent", 3, "highlander second-2 killed", "enemy_killed"),
    ]
    assert out["winner"] == "insurgent" and out["points"] == {"regular": 3, "insurgent": 11}


# -- its special rules ------------------------------------------------------------------------------

def test_its_modules_are_set_as_the_brief_says() -> None:
    """A Light mortar team (FF-007); an NBC environment, the Highlanders at MOPP 1 and MOPP 2
    from turn 5 (FF-022, FF-024); Light AP mines at Medium concentration (FF-030, FF-038);
    two neutral queue stands at the water gate, none hostile (FF-130)."""
    g = game()
    mortars = g.modules.get("mortars").settings
    assert {k: v.value for k, v in mortars.teams.items()} == {"mortar": "light"}
    nbc = g.modules.get("nbc").settings
    assert nbc.environment and nbc.mopp[Side.REGULAR] == 1 and nbc.mopp.get(Side.INSURGENT, 0) == 0
    assert {t: s[Side.REGULAR] for t, s in nbc.schedule.items()} == {5: 2}
    mines = g.modules.get("mines").settings
    assert (mines.type, mines.concentration) == ("light_ap", "medium")
    mobs = [p.id for p in g.spec.table.pieces if p.kind == "civilian_mob"]
    assert mobs == ["queue-west", "queue-east"]
    assert g.modules.get("civilians").settings.hostile_mobs == []


@pytest.mark.rule("FF-011")
def test_the_mortar_lays_only_beyond_its_no_fire_zone() -> None:
    """From its pit the mortar may fire at the Brigade commander up the road (over 18"),
    and not at the Shed group 12" off by the orchard lane."""
    g = game()
    mortar = g.unit("mortar")
    assert g.distance(mortar, g.unit("commander")) > 18 and g.sees(mortar, g.unit("commander"))
    assert g.modules.first("fire_blocked", mortar, g.unit("commander")) is None
    why = g.modules.first("fire_blocked", mortar, g.unit("orchard-group"))
    assert why is not None and "No Fire Zone" in why


def test_the_brigades_computer_player_goes_for_the_compound() -> None:
    """At the start every Brigade unit's goal is a part of the compound: the pump house it
    scores, or a part the Highlanders score, which a fighter in it denies."""
    g = game()
    goals = alley_goals.plan(g, Side.INSURGENT)
    assert goals and all(goal.key.startswith("zone:") for goal in goals.values()), \
        {u: goal.reason for u, goal in goals.items()}
    regular = alley_goals.plan(g, Side.REGULAR)
    assert {uid: regular[uid].key for uid in HELD} == {uid: f"zone:{z}" for uid, z in HELD.items()}
    assert all(regular[uid].hold for uid in HELD)


# -- computer games ---------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2])
def test_computer_games_play_to_the_end(seed: int) -> None:
    """The computer on both sides: every game ends with no exception and no broken
    invariant, the suits go on (MOPP 2 from turn 5) and the mortar fires, and every score
    line is one of the scenario's awards in its side names."""
    kinds = computer_games(FILE, "the-pump-house", seed, ("Highlanders", "Brigade")).kinds
    assert {"mopp", "victory"} <= kinds
