"""The Orchard Battery, a shipped Force on Force scenario (issue 14): a mounted troop
crosses an old minefield to take a mortar pit under the threat of gas, with the mortars,
nbc, mines and mounted modules on.

The file validates without a warning, reports its modules, the minefield leaves one lane
(the goat track) and the mortar crew stands in its pit, and computer games on it play
to the end on both sides without an exception or a broken invariant.
docs/rules/the-orchard-battery.md describes the table, the special rules and the
balance measured.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import shapely

from ambush_gui import systems
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Side
from tests.alley.fof_scenarios import computer_games

ROOT = Path(__file__).resolve().parents[2]
FILE = ROOT / "ambush_gui" / "scenarios" / "the-orchard-battery.toml"


def game(seed: int = 0) -> AlleyGame:
    return systems.new_game(systems.load_scenario(FILE), seed)  # type: ignore[return-value]




def test_the_minefield_spans_the_slope_but_for_the_goat_track() -> None:
    g = game()
    fields = {p.id: p.polygon for p in g.table.pieces if p.kind == "minefield"}
    belt = fields["mines-west"].union(fields["mines-east"])
    track = g.table.piece("goat-track").polygon
    assert belt.bounds[0] == 0 and belt.bounds[2] == g.table.width  # edge to edge
    assert belt.intersection(track).area == 0  # the shepherds' lane is clear ...
    assert fields["mines-track"].within(track)  # ... until the militia's own mines
    pit = g.table.piece("mortar-pit").polygon
    assert all(pit.covers(shapely.Point(f.pos)) for f in g.unit("battery").figures)


def test_its_modules_are_set_as_the_brief_says() -> None:
    """The crew in the pit is a Medium mortar team (an objective, FF-001/002) and the team
    at the orchard's end a Light one (FF-008); the slope is an NBC environment and the
    troop's MOPP rises 1, 2, 4 (FF-022, FF-024); the frontier fields are Light AP at medium
    concentration and the track's hybrid at light (FF-030, FF-034, FF-038); the Captain
    and both sections are Cavalry, the riflemen Mounted Troops, all mounted (FF-052)."""
    g = game()
    mortars = g.modules.get("mortars").settings
    assert {k: v.value for k, v in mortars.teams.items()} == {"battery": "medium", "light-mortar": "light"}
    assert not mortars.medium_direct_lay
    nbc = g.modules.get("nbc").settings
    assert nbc.environment
    regular = [nbc.mopp[Side.REGULAR]] + [nbc.schedule[t][Side.REGULAR] for t in sorted(nbc.schedule)]
    assert (regular, sorted(nbc.schedule)) == ([1, 2, 4], [4, 6])
    mines = g.modules.get("mines").settings
    assert (mines.type, mines.concentration) == ("light_ap", "medium")
    track = mines.fields["mines-track"]
    assert (track.type, track.concentration) == ("hybrid", "light")
    mounted = g.modules.get("mounted").settings
    assert [(u.unit, u.type, u.mounted) for u in mounted.units] == [
        ("captain", "cavalry", True), ("first", "cavalry", True), ("second", "cavalry", True),
        ("riflemen", "mounted_troops", True)]
    assert all(int(g.unit(u.unit).tq) >= 8 for u in mounted.units if u.type == "cavalry")  # FF-054


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_computer_games_play_to_the_end(seed: int) -> None:
    """The computer on both sides, a few seeds: every game ends, with no exception and no
    broken invariant, the modules have their say (MOPP rises, the horsemen check, dismount
    or lose mounts), and every score line is one of the scenario's awards in its side names."""
    kinds = computer_games(FILE, "the-orchard-battery", seed, ('Border Horse', 'Militia')).kinds
    assert {"mopp", "mounted"} <= kinds
