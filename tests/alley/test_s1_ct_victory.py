"""Contracting Trouble!: victory points and the winner (CT-017, CT-042..047).

End states are set up directly on the game state, then the game is finished."""

from __future__ import annotations

from pathlib import Path

import pytest

from ambush_gui import systems
from ambush_gui.alley import options as opt
from ambush_gui.alley import victory
from ambush_gui.alley.fire import first_aid, take_casualties
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Figure, Injury, Side
from ambush_gui.alley.scenario import ESCORTS_HELD, Scenario
from ambush_gui.core import saves
from ambush_gui.core.dice import Dice
from ambush_gui.core.errors import ScenarioError
from tests.alley import kit

CT = Path(__file__).resolve().parents[2] / "ambush_gui" / "scenarios" / "contracting-trouble.toml"


def ct(script: list[int] | None = None) -> AlleyGame:
    g = AlleyGame(Scenario.load(CT), 0, Dice(script=script or [], strict=True))
    g.state.turn = 8
    return g


def escort_off(g: AlleyGame) -> None:
    """Both contractors have left the table with the Marines."""
    g.state.exited.extend(g.state.ground)
    g.state.ground.clear()


def marine(g: AlleyGame, fid: str) -> Figure:
    return next(f for u in g.state.side_units(Side.REGULAR) for f in u.figures if f.id == fid)


def wound(g: AlleyGame, fid: str, injury: Injury) -> Figure:
    f = marine(g, fid)
    f.injury = injury
    f.dependant = injury is not Injury.SLIGHT
    return f


def to_ground(g: AlleyGame, fid: str, captive: bool = False) -> Figure:
    f = marine(g, fid)
    for u in g.state.units.values():
        if f in u.figures:
            u.figures.remove(f)
    f.captive = captive
    g.state.ground.append(f)
    return f


def points(g: AlleyGame) -> tuple[int, int]:
    out = victory.finish(g)
    return out["points"]["regular"], out["points"]["insurgent"]


@pytest.mark.rule("CT-042")
def test_5_vp_for_each_contractor_escorted_off_the_table() -> None:
    """CT-042: both contractors off the table: 10 VP, plus 5 for leaving nobody behind."""
    g = ct()
    escort_off(g)
    assert points(g) == (15, 0)
    assert len([w for s, p, w in g.state.score.lines if "escorted" in w and p == 5]) == 2
    assert g.state.outcome is not None and g.state.outcome["winner"] == "regular"


@pytest.mark.rule("CT-043")
def test_5_vp_only_if_no_marine_casualty_or_pow_is_left_behind() -> None:
    """CT-043: a casualty still carried by its fireteam is not left behind (5 VP); a
    casualty lying on the table, or a POW, at the end costs those 5 VP."""
    g = ct()
    escort_off(g)
    wound(g, "alpha-1", Injury.MODERATE)  # carried
    assert points(g)[0] == 15
    for captive in (False, True):
        h = ct()
        escort_off(h)
        wound(h, "alpha-1", Injury.SERIOUS)
        to_ground(h, "alpha-1", captive=captive)
        assert points(h)[0] == 10


@pytest.mark.rule("CT-044")
def test_1_vp_for_each_wounded_marine() -> None:
    """CT-044: slight, moderate and serious wounds score 1 VP each for the Insurgents."""
    g = ct()
    wound(g, "alpha-1", Injury.SLIGHT)
    wound(g, "alpha-2", Injury.MODERATE)
    wound(g, "bravo-3", Injury.SERIOUS)
    assert points(g)[1] == 3 + 10  # and the two contractors still on the table (CT-046)


@pytest.mark.rule("CT-045")
def test_2_vp_for_each_marine_killed() -> None:
    """CT-045: a killed Marine scores 2 VP (and not the wounded VP as well)."""
    g = ct()
    escort_off(g)
    f = wound(g, "bravo-1", Injury.KILLED)
    g.unit("bravo").figures.remove(f)
    g.state.removed.append((f, "killed"))
    assert points(g) == (15, 2)


@pytest.mark.rule("CT-046")
@pytest.mark.rule("CT-017")
def test_5_vp_for_each_captive_contractor_or_pow_held_at_the_end() -> None:
    """CT-046, CT-017: contractors still on the table at the end are the Insurgents'
    captives, 5 VP each (the Insurgents kept them from leaving); a Marine POW is 5 VP more
    (and 1 for his wound)."""
    g = ct()
    assert points(g) == (5, 10)
    h = ct()
    escort_off(h)
    wound(h, "alpha-4", Injury.MODERATE)
    to_ground(h, "alpha-4", captive=True)
    assert points(h) == (10, 5 + 1)
    assert any("POW" in w for s, p, w in h.state.score.lines)
    k = ct()
    escort_off(k)
    pow_ = wound(k, "bravo-2", Injury.MODERATE)
    k.unit("bravo").figures.remove(pow_)
    pow_.captive = True
    k.unit("i1").figures.append(pow_)  # carried off as a prisoner by an Insurgent unit
    assert points(k) == (10, 5 + 1)


def carried(g: AlleyGame) -> None:
    """Fireteam Bravo has picked both contractors up and is still on the table."""
    for f in list(g.state.ground):
        g.state.ground.remove(f)
        f.dependant = True
        g.unit("bravo").figures.append(f)


def without_the_special_rule() -> AlleyGame:
    """Contracting Trouble as a file written from docs/formats.md without the table's own
    rule ``escorts_held_at_the_end`` would play it: the seed's CT-046."""
    data = Scenario.load(CT).to_data()
    data["special_rules"] = [r for r in data["special_rules"] if r != ESCORTS_HELD]
    g = AlleyGame(Scenario.from_data(data, "<test>"), 0, Dice(script=[], strict=True))
    g.state.turn = 8
    return g


@pytest.mark.rule("CT-046")
@pytest.mark.rule("CT-017")
@pytest.mark.parametrize(("special_rule", "insurgent"), [(True, 10), (False, 0)])
def test_contractors_the_marines_still_carry_at_the_end_are_held_only_under_the_tables_own_rule(
        special_rule: bool, insurgent: int) -> None:
    """CT-046, CT-017, Contracting Trouble's own special rule ``escorts_held_at_the_end``:
    the game ends with both contractors carried by a Marine fireteam still on the table.
    The shipped file has the rule: the Insurgents kept them from leaving and score them as
    captives, 5 VP each, and win 10 to 5. A file without it plays the seed, which counts
    captives only: the Marines win on their 5 VP for leaving nobody behind."""
    g = ct() if special_rule else without_the_special_rule()
    assert (ESCORTS_HELD in g.spec.special_rules) is special_rule
    carried(g)
    assert points(g) == (5, insurgent)
    assert g.state.outcome is not None
    assert g.state.outcome["winner"] == ("insurgent" if insurgent else "regular")
    held = [w for s, p, w in g.state.score.lines if "still on the table" in w]
    assert len(held) == (2 if insurgent else 0)
    assert all("Fireteam Bravo" in w for w in held)


def test_the_rule_is_the_scenarios_not_a_rules_option() -> None:
    """No rules option reads CT-046 any more; a scenario whose ``[options]`` still names
    the old ``escorts_not_brought_out`` loads as before: ``held`` is the special rule,
    ``on_the_ground`` is the seed's reading, anything else a clear error."""
    assert opt.RETIRED_ESCORTS not in {o.name for o in opt.OPTIONS}
    data = Scenario.load(CT).to_data()
    data["special_rules"] = ["contractors"]
    for value, rules in (("held", ["contractors", ESCORTS_HELD]), ("on_the_ground", ["contractors"])):
        spec = Scenario.from_data({**data, "options": {opt.RETIRED_ESCORTS: value}}, "<test>").spec
        assert spec.special_rules == rules and spec.options == {}
    with pytest.raises(ScenarioError, match="escorts_held_at_the_end"):
        Scenario.from_data({**data, "options": {opt.RETIRED_ESCORTS: "maybe"}}, "<test>")


SAVES = Path(__file__).resolve().parent / "saves"


@pytest.mark.rule("CT-046")
@pytest.mark.parametrize(("name", "reading", "winner"), [
    ("contracting-trouble-escorts-held.json", "held", "insurgent"),
    ("contracting-trouble-escorts-on-the-ground.json", "on_the_ground", "regular")])
def test_a_save_that_recorded_the_old_option_verifies_and_scores_as_played(
        name: str, reading: str, winner: str) -> None:
    """Two whole computer games saved while ``escorts_not_brought_out`` was a rules option
    (the same game, seed 1, under each reading), ending with the contractors still carried
    by a Marine unit: each still verifies (proof, replay, state hash), and scores as it was
    played, by the reading it records, whatever the scenario it embeds says."""
    game = saves.verify(SAVES / name, systems.factory)
    assert isinstance(game, AlleyGame) and game.pending() is None
    assert game.recorded_options is not None and game.recorded_options[opt.RETIRED_ESCORTS] == reading
    assert ESCORTS_HELD not in game.spec.special_rules
    assert victory.escorts_held_at_the_end(game) is (reading == "held")
    assert game.result is not None and game.result["winner"] == winner
    held = [w for s, p, w in game.state.score.lines if "still on the table" in w]
    assert len(held) == (2 if reading == "held" else 0)


def test_a_new_game_plays_the_files_rule_and_an_older_save_the_seed() -> None:
    """A new game of the shipped file counts carried contractors as held (its special
    rule); a game that records no options (a save made before the option existed) embeds
    a file without the rule, and plays the seed's reading."""
    new = AlleyGame(Scenario.load(CT), 0, Dice(script=[], strict=True),
                    options=opt.OPTIONS.for_new_game())
    assert victory.escorts_held_at_the_end(new)
    old = without_the_special_rule()
    assert not victory.escorts_held_at_the_end(old)


@pytest.mark.rule("CT-047")
def test_the_higher_total_wins_and_equal_totals_are_a_draw() -> None:
    """House rule CT-047: one contractor out and nobody left behind (10) against one
    contractor held and five wounded (10) is a draw; a sixth wound makes it 10 to 11."""
    results = []
    for wounded in (4, 5, 6):
        g = ct()
        g.state.exited.append(g.state.ground.pop(0))
        for fid in ["alpha-1", "alpha-2", "alpha-3", "alpha-4", "bravo-1", "bravo-2"][:wounded]:
            wound(g, fid, Injury.MODERATE)
        out = victory.finish(g)
        results.append((out["points"]["regular"], out["points"]["insurgent"], out["winner"]))
    assert results == [(10, 9, "regular"), (10, 10, "draw"), (10, 11, "insurgent")]
    assert kit.events(g, "victory")[0].text.startswith("The Insurgents win")


@pytest.mark.rule("CT-047")
@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_every_first_aid_result_is_a_wounded_marine(face: int) -> None:
    """House rule CT-047: slight (1-2), moderate (3-4) and serious (5-6) all score 1 VP."""
    g = ct([face])
    escort_off(g)
    first_aid(g, g.unit("alpha"), marine(g, "alpha-2"))
    assert points(g) == (15, 1)


@pytest.mark.rule("CT-047")
def test_killed_is_a_carried_casualty_hit_again() -> None:
    """House rule CT-047 (with DC-026): the wounded Marine carried by his team is hit
    again: he is killed, 2 VP instead of 1; he is not left behind."""
    g = ct()
    escort_off(g)
    wound(g, "alpha-2", Injury.MODERATE)
    kit.drive(g, take_casualties(g, g.unit("alpha"), 1, forced=True))
    assert marine_or_none(g, "alpha-2") is None
    assert [(f.id, why) for f, why in g.state.removed] == [("alpha-2", "killed")]
    assert points(g) == (15, 2)


def marine_or_none(g: AlleyGame, fid: str) -> Figure | None:
    return next(
        (f for u in g.state.side_units(Side.REGULAR) for f in u.figures if f.id == fid), None
    )


@pytest.mark.rule("CT-046")
def test_asking_for_the_retired_option_says_what_it_became() -> None:
    """`--option escorts_not_brought_out=held` (or a launcher preset) is told the option is
    now the scenario's special rule, not merely that no such option exists."""
    from ambush_gui.alley.options import OPTIONS
    from ambush_gui.core.options import OptionError

    with pytest.raises(OptionError, match="escorts_held_at_the_end"):
        OPTIONS.check({"escorts_not_brought_out": "held"})
