"""Rules options: the readings the seeds allow two ways, each played both ways.

Each test names the rule it is about and plays the same situation under both readings, so
that removing either reading's code fails it.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.alley import options as opt
from ambush_gui.alley import turn
from ambush_gui.alley.fire import fire
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.interrupts import reaction_test
from ambush_gui.alley.model import Speed
from ambush_gui.alley.pools import firepower, in_optimum_range
from ambush_gui.core import saves
from ambush_gui.core.decisions import DecisionKind
from ambush_gui.core.errors import SaveError, ScenarioError
from ambush_gui.core.options import OptionError
from tests.alley import kit
from tests.alley.test_interrupts import duel, fires, misses, rolls

MOVE6 = {"path": [[6.2, 11]]}  # m's 6" Cautious move straight north
AT0 = {"unit": "i", "kind": "fire", "at": 0.0}
HIT = [6, 1, 1, 1]  # four Insurgent dice, one kept 6
CT = systems.resolve("contracting-trouble")


# -- the registry, new games, saves --------------------------------------------------------

def test_every_option_names_its_readings_rules_and_seed_lines() -> None:
    names = [o.name for o in opt.OPTIONS]
    assert len(set(names)) == len(names)
    for o in opt.OPTIONS:
        assert len(o.readings) >= 2 and o.default in o.values and o.legacy in o.values
        assert o.rule_ids and o.seed_lines.startswith(("seed 000", "seed 001", "seed 003")) and o.text
    assert [o.offered for o in opt.OPTIONS] == sorted((o.offered for o in opt.OPTIONS), reverse=True)


def test_a_new_game_plays_the_defaults_then_the_scenarios_then_the_players_choice() -> None:
    scenario = systems.load_scenario(CT)
    g = systems.new_game(scenario, 1)
    assert isinstance(g, AlleyGame)
    assert g.options == {o.name: o.default for o in opt.OPTIONS} == g.recorded_options
    data = scenario.to_data() | {"options": {opt.REACTION_FIRE: "extra", opt.SERIOUS_CHECKS: "each"}}
    scenario = type(scenario).from_data(data, "<test>")
    g = systems.new_game(scenario, 1, {opt.SERIOUS_CHECKS: "one_per_attack"})
    assert g.options[opt.REACTION_FIRE] == "extra"
    assert g.options[opt.SERIOUS_CHECKS] == "one_per_attack"
    assert g.options[opt.INSURGENT_REACTION] == "regulars_only"


def test_a_game_that_records_no_options_plays_the_legacy_readings() -> None:
    g = AlleyGame(systems.load_scenario(CT), 1)
    assert g.recorded_options is None
    assert g.options == {o.name: o.legacy for o in opt.OPTIONS}
    assert "options" not in g.snapshot()


def test_a_save_records_its_options_and_replays_and_verifies_with_them(tmp_path: Path) -> None:
    g = systems.new_game(systems.load_scenario(CT), 4, {opt.REACTION_FIRE: "extra"})
    path = tmp_path / "g.json"
    saves.save(g, path)
    data = json.loads(path.read_text())
    assert data["options"] == g.options and data["options"][opt.REACTION_FIRE] == "extra"
    again = saves.verify(path, systems.factory)
    assert again.options == g.options  # type: ignore[attr-defined]
    # the options are covered by the state hash: a save whose options were changed fails
    data["options"][opt.REACTION_FIRE] = "replaces"
    path.write_text(json.dumps(data))
    with pytest.raises(saves.Divergence, match="state_hash"):
        saves.verify(path, systems.factory)
    data["options"] = {"no_such_option": "x"}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="options.*no rules option named 'no_such_option'"):
        saves.replay(path, systems.factory)


def test_an_old_save_without_options_replays_legacy_and_stays_without(tmp_path: Path) -> None:
    golden = sorted((Path(__file__).parent / "golden").glob("*.json"))[0]
    data = json.loads(golden.read_text())
    assert "options" not in data
    g = saves.verify(golden, systems.factory)
    assert g.recorded_options is None  # type: ignore[attr-defined]
    assert "options" not in saves.to_data(g)


def test_a_scenarios_bad_option_is_an_error_naming_the_place(tmp_path: Path) -> None:
    text = CT.read_text() + '\n[options]\nreaction_fire = "twice"\n'
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    with pytest.raises(ScenarioError, match=r"options.reaction_fire: .*'twice' is not one of its "
                                            r"readings \(replaces, extra\)"):
        systems.load_scenario(bad)


def test_the_command_line_option_words() -> None:
    assert opt.OPTIONS.parse(["reaction_fire=extra"]) == {"reaction_fire": "extra"}
    with pytest.raises(OptionError, match="expected NAME=VALUE"):
        opt.OPTIONS.parse(["reaction_fire"])
    with pytest.raises(OptionError, match="the options are: reaction_fire"):
        opt.OPTIONS.parse(["volley=1"])


# -- reaction_fire (AA-080/082) -------------------------------------------------------------

@pytest.mark.rule("AA-080")
@pytest.mark.parametrize("reading", ["replaces", "extra"])
def test_return_fire_after_an_interruption_replaces_the_planned_fire_or_not(reading: str) -> None:
    """i wins 7 to 2 and hits once (slight); m Stands, returns fire (7D8) and finishes its
    move. "replaces": that return fire was its fire, so no target is asked after the move;
    "extra": it is asked for its planned fire too."""
    g = duel(script=[1, 6] + HIT + misses(6) + [1] + [10] * 4 + misses(7 + 4),
             options={opt.REACTION_FIRE: reading})
    m = g.unit("m")
    answers = ["cautious:move-fire", {"path": [[6.2, 11]]}, AT0, "best", ["m-1"], "fire"]
    kit.drive(g, turn.activation(g, m), answers + (["hold"] if reading == "extra" else []))
    assert fires(g) == [("i", "m", 4), ("m", "i", 7)]
    assert m.moved == pytest.approx(5.0)
    said = [e.text for e in kit.events(g, "plan") if "fired in reaction" in e.text]
    assert bool(said) is (reading == "replaces")


@pytest.mark.rule("AA-082")
@pytest.mark.parametrize("reading", ["replaces", "extra"])
def test_fire_first_in_the_fire_step_is_the_units_fire_or_not(reading: str) -> None:
    """In its fire step m wins and fires first at i (7D8), then i fires; "extra" then throws
    m's declared fire as well, "replaces" does not."""
    script = [8, 1] + misses(7 + 4) + misses(5 + 5) + (misses(7 + 4) if reading == "extra" else [])
    g = duel(script=script, options={opt.REACTION_FIRE: reading})
    kit.drive(g, turn.activation(g, g.unit("m")), ["halted", "i", {"unit": "i", "kind": "fire"}, "fire"])
    expected = [("m", "i", 7), ("i", "m", 5)] + ([("m", "i", 7)] if reading == "extra" else [])
    assert fires(g) == expected
    assert g.dice.scripted == 0


# -- insurgent_reaction_modifiers (AA-040) --------------------------------------------------

@pytest.mark.rule("AA-040")
@pytest.mark.parametrize(("reading", "totals"), [("regulars_only", [3, 3, 3]), ("both", [4, 2, 3])])
def test_the_insurgents_speed_modifies_its_reaction_roll_or_not(reading: str, totals: list[int]) -> None:
    """The Insurgent's 3 when Halted, Rapid and Cautious: unmodified with "regulars_only"
    (line 123), 4, 2, 3 with "both" (lines 44, 50); the Regular's Rapid −1 counts either way."""
    g = duel(script=[1, 3] * 3, options={opt.INSURGENT_REACTION: reading})
    m, i = g.unit("m"), g.unit("i")
    m.speed = Speed.RAPID
    for speed in (Speed.HALTED, Speed.RAPID, Speed.CAUTIOUS):
        i.speed = speed
        reaction_test(g, m, i, "test")
    assert [e.data["insurgent_total"] for e in kit.events(g, "reaction")] == totals
    assert [e.data["regular_total"] for e in kit.events(g, "reaction")] == [0, 0, 0]


# -- interrupt_fire_morale (AA-093..095) ----------------------------------------------------

@pytest.mark.rule("AA-093")
@pytest.mark.rule("AA-095")
@pytest.mark.parametrize("reading", ["every_survivor", "casualties_only"])
def test_interrupting_fire_that_hits_nobody_brings_a_morale_check_or_not(reading: str) -> None:
    """i wins and misses: with "every_survivor" the Marines still check (4d10, they Stand)
    before they may return fire; with "casualties_only" no check is thrown."""
    check = [10] * 4 if reading == "every_survivor" else []
    g = duel(script=[1, 6] + misses(4 + 6) + check, options={opt.INTERRUPT_MORALE: reading})
    d = kit.asks(g, turn.activation(g, g.unit("m")), ["cautious:move-fire", MOVE6, AT0])
    assert d.kind is DecisionKind.REACT and "fire" in d.options
    checks = [e.data["purpose"] for e in rolls(g, "Morale Check")]
    assert checks == (["Morale Check: Marines m (survived interrupting fire)"] if check else [])
    assert g.dice.scripted == 0


@pytest.mark.rule("AA-093")
@pytest.mark.rule("AA-144")
@pytest.mark.parametrize("reading", ["attacks_only", "always"])
def test_interrupting_fire_with_no_firepower_dice_is_no_attack_to_survive(
        monkeypatch: pytest.MonkeyPatch, reading: str) -> None:
    """i wins the Reaction Test but has no Firepower die left (house rule AA-144: no
    attack). With "every_survivor" the Marines survived no attack, so they throw no Morale
    Check (a playtester saw one after "no Firepower dice left: no attack"); the
    correction's legacy reading, for older saves, still throws it (4d10, they Stand)."""
    import ambush_gui.alley.fire as fire_mod

    real = fire_mod.firepower

    def none_for_i(g: AlleyGame, attacker: Any, target: Any, overwatch: bool = False) -> Any:
        pool = real(g, attacker, target, overwatch)
        return dataclasses.replace(pool, items=()) if attacker.id == "i" else pool

    monkeypatch.setattr(fire_mod, "firepower", none_for_i)
    check = [10] * 4 if reading == "always" else []
    g = duel(script=[1, 6] + check,
             options={opt.INTERRUPT_MORALE: "every_survivor", opt.NO_ATTACK_CHECK: reading})
    d = kit.asks(g, turn.activation(g, g.unit("m")), ["cautious:move-fire", MOVE6, AT0])
    assert d.kind is DecisionKind.REACT
    assert any("no attack" in e.text for e in kit.events(g, "fire"))
    checks = [e.data["purpose"] for e in rolls(g, "Morale Check")]
    assert checks == (["Morale Check: Marines m (survived interrupting fire)"] if check else [])
    assert g.dice.scripted == 0


@pytest.mark.rule("AA-094")
@pytest.mark.rule("AA-095")
@pytest.mark.parametrize("reading", ["every_survivor", "casualties_only"])
def test_a_unit_pinned_by_interrupting_fire_returns_fire_or_not(reading: str) -> None:
    """Hit once, the Marines fail their check (four 1s) and are Pinned: "casualties_only"
    still offers return fire (line 246); "every_survivor" does not (line 132)."""
    g = duel(script=[1, 6] + HIT + misses(6) + [1] + [1] * 4, options={opt.INTERRUPT_MORALE: reading})
    m = g.unit("m")
    d = kit.asks(g, turn.activation(g, m), ["cautious:move-fire", MOVE6, AT0, "best", ["m-1"]])
    assert m.pinned
    offered = d.kind is DecisionKind.REACT and d.facts.get("what") == "return fire"
    assert offered is (reading == "casualties_only")


# -- serious_wound_checks (AA-161) ----------------------------------------------------------

@pytest.mark.rule("AA-161")
@pytest.mark.parametrize(("reading", "checks"), [("each", 2), ("one_per_attack", 1)])
def test_a_serious_result_adds_a_check_or_is_the_casualty_check(reading: str, checks: int) -> None:
    """One casualty, First Aid 6: two Morale Checks ("each") or one ("one_per_attack")."""
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 15))],
                 pieces=[kit.rubble("r", (4, 6, 1, 1))],
                 script=[6, 1, 1, 1, 1, 1, 1, 1, 1, 6] + [10] * 3 * checks,
                 options={opt.SERIOUS_CHECKS: reading})
    kit.drive(g, fire(g, g.unit("i"), g.unit("m"), "test"), ["best", ["m-1"]])
    assert len(rolls(g, "Morale Check")) == checks
    assert g.dice.scripted == 0


# -- support_weapon_reach (AA-112/113) ------------------------------------------------------

@pytest.mark.rule("AA-112")
@pytest.mark.parametrize(("reading", "die"), [("support_weapon", True), ("unit_range", False)])
def test_a_support_weapons_doubled_range_earns_the_range_die_or_not(reading: str, die: bool) -> None:
    """12" away the riflemen are beyond the 8" Optimum Range and the SAW and M203 within
    twice it: the unit's range die with "support_weapon", none with "unit_range"; at 7" the
    die is earned either way."""
    units = [kit.marines("m", (5, 2)), kit.insurgents("i", (5, 14))]
    g = kit.game(units, options={opt.SUPPORT_REACH: reading})
    m, i = g.unit("m"), g.unit("i")
    assert in_optimum_range(g, m, i) is die
    assert [x.value for x in firepower(g, m, i).items if x.rule == "AA-110"] == ([1] if die else [])
    i.translate(0, -5)
    assert in_optimum_range(g, m, i)


# -- the correction: a joining leader is seen in the unit he joined ---------------------------

@pytest.mark.rule("AA-089")
@pytest.mark.rule("AA-026")
@pytest.mark.parametrize("reading", ["joined_unit", "not_seen"])
def test_a_leader_who_joins_a_unit_in_sight_can_be_reacted_to(reading: str) -> None:
    """In the Insurgent phase a detached leader walks 3" in the open, in sight of the
    Marines, and joins unit i: the Marines may react to the move, at the unit he joined.
    The old engine looked for him in his own, empty, unit ("not_seen", kept for old saves)."""
    g = kit.game([kit.marines("m", (8, 2)), kit.leader("L", "insurgent", (8, 10)),
                  kit.insurgents("i", (12, 10), n=3)], options={opt.JOIN_REACTION: reading})
    g.state.turn = 1
    g.state.phase = "insurgent"
    g.unit("m").activated = True
    proc = turn.insurgent_activation(g, g.unit("L"))
    answers = ["cautious:move-fire", {"path": [[11.2, 10]], "speed": "cautious", "join": "i"}]
    if reading == "not_seen":
        kit.drive(g, proc, answers)
        assert not kit.events(g, "fire")
        return
    d = kit.asks(g, proc, answers)
    assert d.kind is DecisionKind.REACT and d.facts["against"] == "i" and "m" in d.options


# -- detached_insurgent_leaders (AA-029, CT-013) --------------------------------------------

@pytest.mark.rule("AA-029")
@pytest.mark.rule("CT-013")
@pytest.mark.parametrize("reading", ["lead_only", "fight_alone"])
def test_a_lone_insurgent_leader_fires_or_only_leads(reading: str) -> None:
    """A detached Insurgent leader 10" from the Marines, in sight: with "fight_alone" he may
    interrupt their fire by fire and fire in his own activation; with "lead_only" he may only
    interrupt by movement, and his activation asks for no target."""
    from ambush_gui.alley.interrupts import fire_interrupt_options

    g = kit.game([kit.marines("m", (5, 5)), kit.leader("L", "insurgent", (5, 15))],
                 options={opt.LONE_LEADERS: reading})
    g.state.turn = 1
    kinds = [o["kind"] for o in fire_interrupt_options(g, g.unit("m"))]
    assert kinds == (["move"] if reading == "lead_only" else ["fire", "move"])
    proc = turn.insurgent_activation(g, g.unit("L"))
    if reading == "lead_only":
        kit.drive(g, proc, ["halted"])
        assert not kit.events(g, "fire")
    else:
        d = kit.asks(g, proc, ["halted"])
        assert d.kind is DecisionKind.FIRE and "m" in d.options


@pytest.mark.rule("AA-029")
def test_a_lone_regular_leader_still_fights_whatever_the_insurgent_reading() -> None:
    """The option is about Insurgent leaders: the Marine Corporal on his own may still fire."""
    g = kit.game([kit.leader("c", "regular", (5, 5)), kit.insurgents("i", (5, 15))],
                 options={opt.LONE_LEADERS: "lead_only"})
    g.state.turn = 1
    d = kit.asks(g, turn.activation(g, g.unit("c")), ["halted"])
    assert d.kind is DecisionKind.FIRE and "i" in d.options


def test_the_options_page_lists_every_option_with_its_seed_lines_and_figures() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "options.md").read_text()
    for o in opt.OPTIONS:
        assert f"`{o.name}`" in page and o.seed_lines.removeprefix("seed 000 ") in page
        other = next(r.value for r in o.readings if r.value != o.default)
        assert f"`{o.name}={other}`" in page
    assert "(not measured)" not in page


@pytest.mark.rule("AA-068")
def test_a_save_keeps_the_blocked_path_reading_it_was_played_with(tmp_path: Path) -> None:
    """blocked_after_interrupt: a new game goes round; a save made while stopping short was
    the engine's only reading records stops_short and replays with it, move for move; a
    save that does not name the option (made before it) replays walking through."""
    from ambush_gui.ai.alley_ai import AlleyAI

    assert opt.OPTIONS.for_new_game({})[opt.BLOCKED_PATH] == "goes_round"
    assert opt.OPTIONS.for_replay({opt.REACTION_FIRE: "extra"})[opt.BLOCKED_PATH] == "walks_through"
    for seed in range(1, 30):
        g = systems.new_game(systems.load_scenario(CT), seed, {opt.BLOCKED_PATH: "stops_short"})
        ai = AlleyAI()
        while (d := g.pending()) is not None:
            g.answer(ai.choose(g, d))
        if any("stops short" in e.text for e in g.log.events):
            break
    else:
        raise AssertionError("no game stopped a move short")
    path = tmp_path / "g.json"
    saves.save(g, path)
    assert json.loads(path.read_text())["options"][opt.BLOCKED_PATH] == "stops_short"
    again = saves.verify(path, systems.factory)
    assert again.options[opt.BLOCKED_PATH] == "stops_short"  # type: ignore[attr-defined]
