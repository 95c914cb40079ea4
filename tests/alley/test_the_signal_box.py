"""The Signal Box, the shipped scenario to learn on (issue 30): three Regular units, three
turns, one building to take and keep, with the combat_stress and mines modules used simply.

The file validates without a warning and reports its modules; the box, the hedge and the
old minefield are where the brief says; every award scores as written in the scenario's
own side names; the sergeant takes stress off a team near him and the old minefield tests
a team that walks in; computer games on it play to the end.
docs/rules/the-signal-box.md describes the table, the special rules and the balance measured.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import shapely

from ambush_gui.alley import victory
from ambush_gui.alley.fof.combat_stress import CombatStressModule
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Injury, Side
from tests.alley.fof.test_mines import mine_tests, walk
from tests.alley.fof_scenarios import (
    computer_games,
    score_lines,
    shipped_game,
)

ROOT = Path(__file__).resolve().parents[2]
FILE = ROOT / "ambush_gui" / "scenarios" / "the-signal-box.toml"


def game(seed: int = 0) -> AlleyGame:
    return shipped_game(FILE, seed)


def in_box(g: AlleyGame, uid: str) -> bool:
    poly = g.table.piece("signal-box").polygon
    return any(poly.covers(shapely.Point(f.pos)) for f in g.unit(uid).fighters)


def stress(g: AlleyGame) -> CombatStressModule:
    m = g.modules.get("combat_stress")
    assert isinstance(m, CombatStressModule)
    return m


# -- the file ---------------------------------------------------------------------------------------

def test_it_is_small_enough_to_learn_on() -> None:
    """Three turns, three fusilier units, one building that every zone award names."""
    g = game()
    assert g.spec.turn_limit == 3
    assert [u.id for u in g.state.side_units(Side.REGULAR)] == ["sgt", "alpha", "bravo"]
    assert {a.zone for a in g.spec.victory.all_awards() if a.zone} == {"signal-box"}
    assert in_box(g, "box")


def test_the_hedge_blocks_sight_but_for_the_gap_and_the_minefield_leaves_the_lane_clear() -> None:
    g = game()
    hedge = [p for p in g.table.pieces if p.id.startswith("hedge")]
    assert len(hedge) == 2 and all(p.blocks_sight and not p.impassable for p in hedge)
    assert not g.sees(g.unit("bravo"), g.unit("box"))  # the hedge is in the way
    assert g.sees(g.unit("alpha"), g.unit("box"))  # through the gap where the lane runs
    field = g.table.piece("embankment-mines")
    assert field.kind == "minefield"
    assert field.polygon.intersection(g.table.piece("cinder-lane").polygon).area == 0


# -- the awards, as written -------------------------------------------------------------------------

@pytest.mark.rule("CT-047")
def test_the_fusiliers_score_the_box_taken_and_kept() -> None:
    """The raiders in the box are gone; Alpha team walks in on turn 2 and is still there
    at the end: 1 for clearing it, 4 for holding it."""
    g = game()
    st = g.state
    for f in list(g.unit("box").figures):
        g.unit("box").figures.remove(f)
        st.removed.append((f, "casualty"))
    alpha = g.unit("alpha")
    alpha.translate(14.2 - alpha.figures[0].x, 13.6 - alpha.figures[0].y)
    assert in_box(g, "alpha")
    st.turn = 2
    victory.check_zones(g)
    out = victory.finish(g)
    assert score_lines(g) == [
        ("regular", 1, "Signal box cleared by Alpha team on turn 2", "zone_cleared"),
        ("regular", 4, "Signal box held at the end", "zone_held"),
    ]
    assert out["winner"] == "regular" and out["points"] == {"regular": 5, "insurgent": 0}
    texts = [e.text for e in g.log.events if e.kind in ("score", "victory")]
    assert texts[-1] == "The Fusiliers win: Fusiliers 5 VP, Raiders 0 VP"


@pytest.mark.rule("CT-047")
def test_the_raiders_score_the_box_kept_and_the_fusiliers_hit() -> None:
    g = game()
    next(f for f in g.state.all_figures() if f.id == "alpha-1").injury = Injury.SLIGHT
    next(f for f in g.state.all_figures() if f.id == "bravo-4").injury = Injury.KILLED
    out = victory.finish(g)
    assert score_lines(g) == [
        ("insurgent", 3, "Signal box held at the end", "zone_held"),
        ("insurgent", 2, "fusilier alpha-1 wounded", "enemy_wounded"),
        ("insurgent", 3, "fusilier bravo-4 killed", "enemy_killed"),
    ]
    assert out["winner"] == "insurgent" and out["points"] == {"regular": 0, "insurgent": 8}


# -- its special rules ------------------------------------------------------------------------------

@pytest.mark.rule("FF-100")
def test_the_sergeant_takes_stress_off_a_team_near_him() -> None:
    """Sergeant Amos is a Positive Leader of rating 1: a team within 6" of him has 1 less
    stress; a team further off has none of it. The section starts fresh (FF-088)."""
    g = game()
    m = stress(g)
    assert m.settings.background == 0
    sgt, alpha, bravo = g.unit("sgt"), g.unit("alpha"), g.unit("bravo")
    sgt.translate(14.0 - sgt.figures[0].x, 2.5 - sgt.figures[0].y)  # beside Bravo team
    alpha.translate(3.0 - alpha.figures[0].x, 0)  # 8" away from him
    lead = m.leadership(bravo)
    assert lead is not None and (lead.value, lead.rule) == (-1, "FF-100")
    assert m.leadership(alpha) is None


@pytest.mark.rule("FF-036")
def test_a_team_that_walks_into_the_old_minefield_tests_against_its_mines() -> None:
    """Alpha team walks off the lane into the old minefield: one mine test, at −1 for
    the Light concentration (FF-038); a team that keeps to the lane takes none."""
    g = game()
    g.state.turn = 1
    walk(g, "bravo", "cautious:move-fire", [[12.0, 5.5]])
    assert mine_tests(g) == []
    walk(g, "alpha", "cautious:move-fire", [[8.7, 7.0]])
    (t,) = mine_tests(g)
    assert "Old minefield" in t.data["purpose"] or "embankment-mines" in t.data["purpose"]


# -- computer games ---------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3])
def test_computer_games_play_to_the_end(seed: int) -> None:
    """The computer on both sides, a few seeds: every game ends after three turns with no
    exception and no broken invariant, the section takes its Stress Tests, and every score
    line is one of the scenario's awards in its side names."""
    kinds = computer_games(FILE, "the-signal-box", seed, ("Fusiliers", "Raiders")).kinds
    assert {"stress", "victory"} <= kinds
