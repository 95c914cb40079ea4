"""NBC warfare and MOPP suits (FF-018..026): MOPP levels and their penalties, the scenario's
schedule, and the Contamination Test before First Aid (docs/rules/fof-nbc.md)."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.alley import close_assault
from ambush_gui.alley.fire import take_casualties
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.interrupts import reaction_test
from ambush_gui.alley.model import Injury
from ambush_gui.alley.pools import firepower, in_optimum_range, optimum_range
from ambush_gui.core.errors import ScenarioError
from tests.alley import kit


def table(nbc: dict[str, Any], *units: dict[str, Any], script: list[int] | None = None,
          **kw: Any) -> AlleyGame:
    """Marines "m" at y=5 (Optimum Range 8"), Insurgents "i" 5.5" north (Optimum Range 6")."""
    g = kit.game([kit.marines("m", (5, 5), weapons=("rifle",) * 4),
                  kit.insurgents("i", (5, 10.5), leader=True), *units],
                 modules=["nbc"], nbc=nbc, script=script or [], **kw)
    g.state.turn = 1
    return g


def regular_total(g: AlleyGame) -> int:
    return int(kit.events(g, "reaction")[-1].data["regular_total"])


def level_of(g: AlleyGame, side: str) -> int:
    return int(g.modules.snapshot()["nbc"]["mopp"][side])


# -- MOPP levels -------------------------------------------------------------------------------

@pytest.mark.rule("FF-018")
def test_there_are_five_mopp_levels_0_to_4() -> None:
    for level in range(5):
        assert level_of(table({"mopp": {"regular": level}}), "regular") == level
    with pytest.raises(ScenarioError):
        table({"mopp": {"regular": 5}})
    with pytest.raises(ScenarioError):
        table({"mopp": {"insurgent": -1}})


@pytest.mark.rule("FF-019")
def test_mopp_0_has_no_penalty() -> None:
    g = table({"mopp": {"regular": 0}}, script=[3, 1])
    m = g.unit("m")
    assert g.modules.reaction_modifiers(m) == []
    assert optimum_range(g, m) == 8
    reaction_test(g, m, g.unit("i"), "test")
    assert regular_total(g) == 3 + 1  # the die and the Halted +1 only


@pytest.mark.rule("FF-020")
@pytest.mark.parametrize("level", [1, 2])
def test_mopp_1_and_2_cost_1_on_every_reaction_test(level: int) -> None:
    g = table({"mopp": {"regular": level}}, script=[3, 1])
    m = g.unit("m")
    assert [(x.value, x.rule) for x in g.modules.reaction_modifiers(m)] == [(-1, "FF-020")]
    reaction_test(g, m, g.unit("i"), "test")
    assert regular_total(g) == 3 + 1 - 1
    assert optimum_range(g, m) == 8  # the range is whole below MOPP 3


@pytest.mark.rule("FF-021")
@pytest.mark.parametrize("level", [3, 4])
def test_mopp_3_and_4_cost_1_on_reaction_tests_and_halve_optimum_range(level: int) -> None:
    """FF-021: at 5.5" the Insurgents are inside the Marines' 8" Optimum Range, not their 4"."""
    g = table({"mopp": {"regular": level}}, script=[3, 1])
    m, i = g.unit("m"), g.unit("i")
    assert [(x.value, x.rule) for x in g.modules.reaction_modifiers(m)] == [(-1, "FF-021")]
    reaction_test(g, m, i, "test")
    assert regular_total(g) == 3
    assert optimum_range(g, m) == 4
    assert not in_optimum_range(g, m, i)
    assert "AA-110" not in [x.rule for x in firepower(g, m, i).items]
    assert "AA-110" in [x.rule for x in firepower(g, i, m).items]  # the Insurgents wear MOPP 0


@pytest.mark.rule("FF-022")
def test_the_scenario_sets_mopp_and_its_increases_else_mopp_0() -> None:
    """FF-022: with no level given both sides wear MOPP 0; the schedule raises the Regulars to
    MOPP 4 at the start of turn 3 (and says so in the log), not before."""
    g = table({"schedule": {"3": {"regular": 4}}, "mopp": {"regular": 1}}, turn_limit=6)
    assert level_of(g, "insurgent") == 0 and level_of(g, "regular") == 1
    for t in (1, 2):
        g.state.turn = t
        kit.drive(g, g.modules.start_turn())
        assert level_of(g, "regular") == 1
    g.state.turn = 3
    kit.drive(g, g.modules.start_turn())
    assert level_of(g, "regular") == 4 and optimum_range(g, g.unit("m")) == 4
    assert kit.events(g, "mopp")[-1].text == (
        "Marines go to MOPP 4 (the full ensemble): Reaction Tests −1, Optimum Range halved")
    assert not table({}).modules.reaction_modifiers(g.unit("m"))


@pytest.mark.rule("FF-022")
def test_the_scheduled_increase_happens_in_a_played_game() -> None:
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))], modules=["nbc"],
                 nbc={"schedule": {"2": {"insurgent": 3}}}, strict=False, turn_limit=3)
    while g.pending() is not None and g.state.turn < 2:
        d = g.pending()
        assert d is not None
        g.answer("best" if d.kind.value == "match" else d.options[0])
    assert g.state.turn == 2 and level_of(g, "insurgent") == 3


@pytest.mark.rule("FF-023")
def test_mopp_is_per_side_stacks_and_halves_without_rounding() -> None:
    """House rule FF-023: every unit of the side wears it; the −1 stacks with the others (here
    Pinned −1 and Halted +1); a 5" Optimum Range halves to 2.5"."""
    g = table({"mopp": {"regular": 3}}, kit.marines("n", (15, 5), optimum_range=5),
              script=[5, 1])
    m, n = g.unit("m"), g.unit("n")
    assert optimum_range(g, n) == 2.5
    assert g.modules.reaction_modifiers(n) == g.modules.reaction_modifiers(m)
    m.pinned = True
    reaction_test(g, m, g.unit("i"), "test")
    assert regular_total(g) == 5 + 1 - 1 - 1


def test_the_status_shows_each_sides_mopp_level() -> None:
    g = table({"mopp": {"regular": 2}, "environment": True})
    assert g.modules.status() == [
        "Marines MOPP 2: Reaction Tests −1; Insurgents MOPP 0: no penalty",
        "NBC environment: a Contamination Test before each First Aid"]
    assert g.modules.get("nbc").unit_status(g.unit("m")) == ["MOPP 2: Reaction Tests −1"]  # type: ignore[union-attr]
    g = table({"mopp": {"insurgent": 4}})
    assert g.modules.get("nbc").unit_status(g.unit("i")) == [  # type: ignore[union-attr]
        "MOPP 4: Reaction Tests −1, Optimum Range halved to 3\""]
    assert g.modules.get("nbc").unit_status(g.unit("m")) == []  # type: ignore[union-attr]


# -- Contamination ---------------------------------------------------------------------------

@pytest.mark.rule("FF-024")
@pytest.mark.rule("FF-025")
def test_a_wounded_figure_takes_a_contamination_test_before_first_aid() -> None:
    """FF-024/025: in an NBC environment the casualty rolls its Contamination Test (4 passes),
    then its First Aid (2: slight)."""
    g = table({"environment": True}, script=[4, 2])
    m = g.unit("m")
    kit.drive(g, take_casualties(g, m, 1, False))
    rolls = kit.roll_texts(g)
    assert rolls[0].startswith("Contamination Test: Marines m, fighter 1")
    assert rolls[1].startswith("First Aid: Marines m, fighter 1")
    assert m.figures[0].injury is Injury.SLIGHT


@pytest.mark.rule("FF-025")
def test_a_failed_contamination_test_kills_the_figure() -> None:
    g = table({"environment": True}, script=[3])
    m = g.unit("m")
    kit.drive(g, take_casualties(g, m, 1, False))
    assert "m-1" not in [f.id for f in m.figures]
    assert ("m-1", "killed") in [(f.id, why) for f, why in g.state.removed]
    assert not any(r.startswith("First Aid") for r in kit.roll_texts(g))
    assert m.had_casualties
    assert kit.events(g, "contamination")[-1].data["died"] is True


def test_no_contamination_test_outside_an_nbc_environment() -> None:
    g = table({"environment": False, "mopp": {"regular": 4}}, script=[3])
    kit.drive(g, take_casualties(g, g.unit("m"), 1, False))
    assert [r.split(":")[0] for r in kit.roll_texts(g)] == ["First Aid"]


@pytest.mark.rule("FF-026")
def test_the_contamination_test_is_4_on_the_units_troop_quality_die_for_each_first_aid_casualty() -> None:
    """House rule FF-026: the unit's TQ die (a d8 for these Marines), 4+, Pinned −1; every
    casualty that would roll First Aid takes it (Close Assault ones too); an Insurgent
    casualty is removed with no First Aid, so with no test."""
    g = table({"environment": True}, script=[4, 1])
    m = g.unit("m")
    m.pinned = True
    kit.drive(g, take_casualties(g, m, 1, False))
    roll = kit.events(g, "roll")[0]
    assert roll.data["sides"] == 8 and roll.data["purpose"].startswith("Contamination Test")
    assert "m-1" not in [f.id for f in m.figures]  # 4 − 1 (Pinned) = 3: KIA
    g2 = table({"environment": True}, script=[])
    kit.drive(g2, take_casualties(g2, g2.unit("i"), 1, False), [["i-1"]])
    assert kit.roll_texts(g2) == []
    # a Close Assault's Regular casualty: the test, then First Aid
    g3 = table({"environment": True}, script=[1, 1, 1, 1, 6, 1, 1, 1, 1, 5, 2], strict=False)
    g3.unit("i").translate(0, -4.7)
    kit.drive(g3, close_assault.resolve(g3, g3.unit("m"), g3.unit("i")))
    said = [r.split(":")[0] for r in kit.roll_texts(g3)]
    assert said[2:4] == ["Contamination Test", "First Aid"]


def test_a_mopp_level_of_5_is_refused_naming_the_place() -> None:
    with pytest.raises(ScenarioError) as exc:
        kit.scenario([kit.marines("m", (5, 5))], modules=["nbc"], nbc={"mopp": {"regular": 5}})
    assert exc.value.described == [(
        "NBC settings, MOPP levels",
        "MOPP 5 for the regular side is not a MOPP level: there are five, MOPP 0 (no penalty) "
        "to MOPP 4 (the full ensemble) (FF-018)")]
    with pytest.raises(ScenarioError) as exc:
        kit.scenario([kit.marines("m", (5, 5))], modules=["nbc"],
                     nbc={"schedule": {"2": {"insurgent": 5}}})
    assert exc.value.described[0][0] == "NBC settings, MOPP schedule"
    assert exc.value.described[0][1].startswith("turn 2: MOPP 5 for the insurgent side")


def test_a_schedule_beyond_the_last_turn_or_for_an_unknown_side_is_refused() -> None:
    with pytest.raises(ScenarioError) as exc:
        kit.scenario([kit.marines("m", (5, 5))], modules=["nbc"], turn_limit=6,
                     nbc={"schedule": {"9": {"regular": 3}}})
    assert exc.value.described == [("NBC settings, MOPP schedule, 9",
                                    "a MOPP change on turn 9 never happens: the scenario plays "
                                    "turns 1 to 6")]
    with pytest.raises(ScenarioError, match="NBC settings, MOPP levels, marines"):
        kit.scenario([kit.marines("m", (5, 5))], modules=["nbc"], nbc={"mopp": {"marines": 2}})


@pytest.mark.rule("FF-021")
def test_mopp_halves_the_range_a_mounted_unit_fires_at() -> None:
    """Both modules change Optimum Range: mounted Cavalry fire at their unmodified TQ's
    range (FF-059), and MOPP 3 halves whatever range the unit has (FF-021)."""
    g = kit.game([kit.marines("r", (5, 5), tq="d10"), kit.insurgents("i", (5, 20))],
                 modules=["mounted", "nbc"], mounted={"units": [{"unit": "r", "type": "cavalry"}]},
                 nbc={"mopp": {"regular": 3}}, strict=False)
    assert optimum_range(g, g.unit("r")) == 5  # the d10 range of 10" (FF-060 table), halved
