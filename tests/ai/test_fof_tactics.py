"""The normal player plays each Force on Force module by its own tactics (issue 30).

One small scenario under tests/ai/scenarios per tactic, built so that only the right
play pays, played normal against normal over ten seeds, and the same games with the
tactic taken away (the adviser removed: the module's first answer, or no module
advice at all), so each test shows both that the scenario needs the tactic and that
the normal player has it. Counts of games and points, never timings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from ambush_gui.ai import fof, fof_mines
from ambush_gui.alley.fof.combat_stress import CombatStressModule
from ambush_gui.alley.game import AlleyGame
from tests.ai.test_alley_goals import SEEDS, played  # the test tables, played normal v normal


def games(name: str) -> list[AlleyGame]:
    return [played(name, seed) for seed in SEEDS]


@contextmanager
def without(question: str) -> Iterator[None]:
    """The normal player with the adviser for ``question`` taken away."""
    fof._load()
    kept = fof.ADVISERS.pop(question)
    try:
        yield
    finally:
        fof.ADVISERS[question] = kept


def count(gs: list[AlleyGame], test: Callable[[AlleyGame], bool]) -> int:
    return sum(1 for g in gs if test(g))


def points(gs: list[AlleyGame], side: str) -> int:
    return sum(g.state.outcome["points"][side] for g in gs)  # type: ignore[index]


# -- mines: round a known minefield ------------------------------------------------------

def took_a_mine_test(g: AlleyGame) -> bool:
    return any(e.kind == "mines" for e in g.log.events)


def test_the_normal_player_goes_round_a_minefield_when_there_is_a_way(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A heavy AP field lies across the fireteam's straight way north, with a way round
    its east end: the normal player never sets foot in it and still gets every Marine
    off; the same player blind to minefields walks in in several games."""
    gs = games("minefield-round.toml")
    assert count(gs, took_a_mine_test) == 0
    assert points(gs, "regular") == 8 * len(SEEDS)  # four Marines off, 2 points each
    monkeypatch.setattr(fof_mines, "fields", lambda g: [])
    blind = games("minefield-round.toml")
    assert count(blind, took_a_mine_test) >= 3, "the scenario does not need the tactic"


# -- IEDs: wait for the squad, not the point man -----------------------------------------

def blasted(g: AlleyGame) -> str:
    """The unit the IED attacked ("" if it never went off)."""
    return next((str(e.data["target"]) for e in g.log.events if e.kind == "blast"), "")


def test_the_bomber_waits_for_the_squad_rather_than_the_point_man() -> None:
    """A command IED under the lane; a point man reaches it a turn before the squad. The
    normal bomber lets the point man by and sets it off on the squad; the bomber who
    fires at the first passer-by (the module's first answer) gets the point man only."""
    gs = games("ied-patience.toml")
    assert count(gs, lambda g: blasted(g) == "squad") >= 8
    with without("ieds.detonate"):
        hasty = games("ied-patience.toml")
    assert count(hasty, lambda g: blasted(g) == "point") >= 8, "the scenario does not need the tactic"
    assert points(gs, "insurgent") >= 2 * points(hasty, "insurgent")


# -- mortars: lay from beyond the No Fire Zone ---------------------------------------------

def mortar_fires(g: AlleyGame) -> int:
    name = g.unit("mortar").name
    return sum(1 for e in g.log.events
               if e.kind == "fire" and e.text.split(":", 1)[-1].strip().startswith(f"{name} fires"))


def test_the_mortar_team_holds_and_lays_rather_than_walking_into_its_no_fire_zone() -> None:
    """Two militia bands come down a long field at a Marine fireteam and mortar team told
    to hold the compound ahead. The normal player keeps the mortar where it stands and
    fires it every turn; the same player without the mortar advice sends the crew
    forward with the fireteam, and from inside its No Fire Zone it falls silent."""
    gs = games("mortar-standoff.toml")
    with without("plan:mortars"):
        forward = games("mortar-standoff.toml")
    fired, walked = sum(map(mortar_fires, gs)), sum(map(mortar_fires, forward))
    assert fired >= 1.3 * walked, (fired, walked)
    assert points(gs, "regular") >= 1.2 * points(forward, "regular")


# -- mounted: ride to cover distance ----------------------------------------------------------

def got_off(g: AlleyGame) -> bool:
    return any(g.state.exit_edges.get(f.id) == "north" for f in g.state.exited)


def test_a_patrol_far_from_its_goal_mounts_up_and_rides() -> None:
    """A dismounted patrol must get off the north edge 62" away in five turns: on foot it
    cannot, mounted it can after a turn spent mounting (and again after a fall from the
    saddle under fire). The normal player mounts up; without the mounted advice it walks
    and never gets there."""
    gs = games("mounted-ride.toml")
    assert count(gs, got_off) >= 7
    with without("plan:mounted"):
        walked = games("mounted-ride.toml")
    assert count(walked, got_off) == 0, "the scenario does not need the tactic"


# -- civilians: talk the crowd out of the way -------------------------------------------------

def test_a_patrol_disperses_the_crowd_standing_in_its_way() -> None:
    """The only gate in a long wall has a crowd in it, and a mob stand blocks movement
    (FF-135). The normal player talks it down (FF-139) and takes the team through; without
    the crowd advice the team stands before the gate all game."""
    gs = games("crowd-in-the-gate.toml")
    assert count(gs, got_off) >= 8
    with without("plan:civilians"):
        stuck = games("crowd-in-the-gate.toml")
    assert count(stuck, got_off) == 0, "the scenario does not need the tactic"


# -- combat stress: the Positive Leader steadies the shaken team ------------------------------

def stress_lost(g: AlleyGame) -> int:
    """Firepower dice the Regular teams still have lost to stress at the end (FF-115)."""
    mod = g.modules.get("combat_stress")
    assert isinstance(mod, CombatStressModule)
    return sum(s.lost for s in mod.units.values())


def regained(g: AlleyGame) -> int:
    return sum(1 for e in g.log.events if e.kind == "confidence" and "regains confidence" in e.text)


def joined(g: AlleyGame) -> str:
    return next((str(e.text) for e in g.log.events if e.kind == "join"), "")


def test_the_positive_leader_joins_the_team_under_fire() -> None:
    """A lone Sergeant (a Positive Leader) between a team in the militia's sight and a
    bigger one out of it, both tired. The normal player sends him to the team under fire,
    which ends with fewer Firepower dice lost to stress (FF-100, FF-111, FF-121); without
    the stress advice he joins the bigger, quiet team (AA-026)."""
    gs = games("stress-sergeant.toml")
    assert count(gs, lambda g: "joins West team" in joined(g)) >= 7
    with without("move:combat_stress"):
        plain = games("stress-sergeant.toml")
    assert count(plain, lambda g: "joins East team" in joined(g)) >= 8, "the scenario needs no tactic"
    assert sum(map(stress_lost, gs)) <= 0.8 * sum(map(stress_lost, plain))
    assert sum(map(regained, gs)) >= sum(map(regained, plain))
    assert points(gs, "regular") >= points(plain, "regular")
