"""The Chlorine House, a shipped Force on Force scenario (issue 30): a squadron of mounted
gendarmes rides in on a waterworks where chlorine lies on the ground, with the mounted,
ieds, combat_stress and nbc modules on.

The file validates without a warning and reports its modules, its modules are set as the
brief says, every award scores in the scenario's own side names, and computer games on
it run clean with the horsemen riding, charging and getting down.
docs/rules/the-chlorine-house.md describes the table, the special rules and the balance.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import shapely

from ambush_gui.alley import victory
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Injury, Side
from ambush_gui.alley.turn import Speed
from tests.alley.fof_scenarios import (
    computer_games,
    inside,
    put,
    score_lines,
    shipped_game,
)

ROOT = Path(__file__).resolve().parents[2]
FILE = ROOT / "ambush_gui" / "scenarios" / "the-chlorine-house.toml"
SIDES = ("Mounted Gendarmerie", "Valley Front")


def game(seed: int = 0) -> AlleyGame:
    return shipped_game(FILE, seed)


# -- the file ---------------------------------------------------------------------------------------

@pytest.mark.rule("FF-052", "FF-054")
def test_the_squadron_starts_in_the_saddle_at_the_west_end_of_the_canal_road() -> None:
    """Every gendarme unit is mounted with its horses on the table (FF-052): the Captain
    and two troops Cavalry (Troop Quality d8, FF-054), the Sergeant and the carbine troop
    Mounted Troops; the Front's units are all on foot in the works."""
    g = game()
    mounted = g.modules.get("mounted")
    assert [(u.unit, u.type, u.mounted, u.mounts_on_table) for u in mounted.settings.units] == [
        ("captain", "cavalry", True, True), ("lance", "cavalry", True, True),
        ("sabre", "cavalry", True, True), ("sergeant", "mounted_troops", True, True),
        ("carbine", "mounted_troops", True, True)]
    regulars = g.state.side_units(Side.REGULAR)
    assert all(mounted.is_mounted(u) for u in regulars)
    assert all(int(u.tq) >= 8 for u in regulars if mounted.is_cavalry(u))
    assert not any(mounted.is_mounted(u) for u in g.state.side_units(Side.INSURGENT))
    start = shapely.box(0, 3, 4, 12)
    assert all(start.covers(shapely.Point(f.pos)) for u in regulars for f in u.figures)


@pytest.mark.rule("FF-056")
def test_a_mounted_troop_rides_8_inches_cautiously_and_16_rapidly_and_6_on_foot() -> None:
    """The ride is the lesson: in the saddle a troop's Cautious (Tactical) move is 8" and
    its Rapid move 16" (FF-055, house rule FF-056); on foot, 6" and 12"."""
    from ambush_gui.alley.movement import allowance

    g = game()
    lance = g.unit("lance")
    assert (allowance(g, lance, Speed.CAUTIOUS), allowance(g, lance, Speed.RAPID)) == (8, 16)
    g.modules.get("mounted").dismount(lance, "test")
    assert (allowance(g, lance, Speed.CAUTIOUS), allowance(g, lance, Speed.RAPID)) == (6, 12)


def test_its_bombs_gas_and_nerves_are_set_as_the_brief_says() -> None:
    """The aqueduct bomb is Large, wired to the bomber (command, his pick of target); the
    gate bomb Small, set off by the first unit within 2" (FF-044, FF-046, FF-049). The
    works are an NBC environment; the gendarmes ride unmasked, MOPP 2 from turn 3 and 3
    from turn 5; the Front wears MOPP 1 throughout (FF-022, FF-024). Every gendarme unit
    starts at Stress Level 1, the Captain a Positive Leader, the Sergeant a Negative one
    (FF-088, FF-102..104)."""
    g = game()
    ieds = g.modules.get("ieds").settings
    assert [(d.id, d.size, d.trigger, d.target) for d in ieds.devices] == [
        ("aqueduct-bomb", "large", "command", "owner"), ("gate-bomb", "small", "enter", "random")]
    assert g.table.piece("aqueduct").polygon.distance(shapely.Point(ieds.devices[0].at)) < 1.5
    nbc = g.modules.get("nbc").settings
    assert nbc.environment and (nbc.mopp[Side.REGULAR], nbc.mopp[Side.INSURGENT]) == (0, 1)
    assert {t: nbc.schedule[t][Side.REGULAR] for t in nbc.schedule} == {3: 2, 5: 3}
    stress = g.modules.get("combat_stress").settings
    assert stress.background == 1
    assert [(p.figure, p.rating) for p in stress.positive_leaders] == [("captain-1", 2)]
    assert [(p.figure, p.rating) for p in stress.negative_leaders] == [("sergeant-1", 1)]


# -- the awards, as written -------------------------------------------------------------------------

def test_the_gendarmes_awards_score_in_their_words() -> None:
    """The Sabre troop clears the chlorine house on turn 3 and is still in it at the end;
    the Lance troop clears the pump house on turn 5: 5 + 3 and 3."""
    g = game()
    st = g.state
    for uid in ("shed", "pumps"):
        for f in list(g.unit(uid).figures):
            g.unit(uid).figures.remove(f)
            st.removed.append((f, "casualty"))
    put(g, "sabre", 26.2, 10.8)
    assert inside(g, "sabre", "chlorine-house")
    st.turn = 3
    victory.check_zones(g)
    put(g, "lance", 17.8, 20.8)
    assert inside(g, "lance", "pump-house")
    st.turn = 5
    victory.check_zones(g)
    out = victory.finish(g)
    assert score_lines(g) == [
        ("regular", 5, "Chlorine house cleared by Sabre troop on turn 3", "zone_cleared"),
        ("regular", 3, "Chlorine house held at the end", "zone_held"),
        ("regular", 3, "Pump house cleared by Lance troop on turn 5", "zone_cleared"),
    ]
    assert out["winner"] == "regular" and out["points"] == {"regular": 11, "insurgent": 0}
    texts = [e.text for e in g.log.events if e.kind in ("score", "victory")]
    assert texts[-1] == "The Mounted Gendarmerie win: Mounted Gendarmerie 11 VP, Valley Front 0 VP"


def test_the_fronts_awards_score_in_their_words() -> None:
    """Nobody reached the works, one gendarme wounded and one killed: 2 + 3 + 4."""
    g = game()
    next(f for f in g.unit("lance").figures if f.id == "lance-2").injury = Injury.SLIGHT
    next(f for f in g.unit("sabre").figures if f.id == "sabre-1").injury = Injury.KILLED
    out = victory.finish(g)
    assert score_lines(g) == [
        ("insurgent", 2, "gendarme lance-2 wounded", "enemy_wounded"),
        ("insurgent", 3, "gendarme sabre-1 killed", "enemy_killed"),
        ("insurgent", 4, "Chlorine house held at the end", "zone_held"),
    ]
    assert out["winner"] == "insurgent" and out["points"] == {"regular": 0, "insurgent": 9}
    texts = [e.text for e in g.log.events if e.kind in ("score", "victory")]
    assert texts[-1] == "The Valley Front win: Mounted Gendarmerie 0 VP, Valley Front 9 VP"
    assert not any("Marine" in t or "Insurgent" in t for t in texts)


# -- computer games ---------------------------------------------------------------------------------

def test_twenty_computer_games_run_clean_and_the_horsemen_ride_fight_and_get_down() -> None:
    """20 computer-against-computer games: no exception, no broken invariant, each side
    wins some; the squadron charges and dismounts, the bombs go off, MOPP rises, the
    chlorine house is cleared in some games and held by the Front in others, and every
    score line names one of the scenario's awards in its side names."""
    played = computer_games(FILE, "the-chlorine-house", 1, SIDES, n=20)
    assert played.report.wins["regular"] > 0 and played.report.wins["insurgent"] > 0
    texts = played.texts
    scored = {e.text.split(": ", 1)[1].split(" (")[0].split(" by ")[0]
              for g in played.games for e in g.log.events if e.kind == "score"}
    assert any("charges" in t for t in texts) and any("dismounts" in t for t in texts)
    assert any("aqueduct-bomb" in t and "goes off" in t for t in texts)
    assert any(t.startswith("Chlorine house cleared") for t in scored)
    assert "Chlorine house held at the end" in scored
