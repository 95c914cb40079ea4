"""Mortars (FF-001..017): mortar teams on the table, the No Fire Zone, direct lay, the
small-arms reply and Overwatch without the +1 (docs/rules/fof-mortars.md)."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.alley import turn
from ambush_gui.alley.fire import fire, fire_blocked
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.interrupts import (
    interrupt_options_along,
    overwatch_options_along,
    reaction_modifiers,
    reaction_test,
)
from ambush_gui.alley.pools import firepower
from ambush_gui.alley.turn import fire_decision, fire_targets
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.errors import ScenarioError
from tests.alley import kit

CREW = ("rifle", "rifle")


def table(teams: dict[str, str], *units: dict[str, Any], script: list[int] | None = None,
          pieces: list[dict[str, Any]] | None = None, strict: bool = True,
          **settings: Any) -> AlleyGame:
    """A 48" table with a Regular mortar team "mt" (two crew, at y=5) and ``units``."""
    g = kit.game([kit.marines("mt", (5, 5), weapons=CREW), *units], width=48, height=48,
                 modules=["mortars"], mortars={"teams": teams, **settings},
                 pieces=pieces or [], script=script or [], strict=strict)
    g.state.turn = 1
    return g


def items(pool: Any) -> list[tuple[str, int, str]]:
    return [(m.label, m.value, m.rule) for m in pool.items]


def rules(pool: Any) -> list[str]:
    return [m.rule for m in pool.items]


def answer_all(d: Decision) -> Any:
    return "best" if d.kind is DecisionKind.MATCH else d.options[0]


# -- Medium and Heavy mortars: objectives ----------------------------------------------------------

@pytest.mark.rule("FF-001")
@pytest.mark.rule("FF-002")
def test_a_medium_mortar_team_is_an_objective_that_may_not_fire_at_table_units() -> None:
    """FF-001/002: a scenario places a Medium mortar team as a unit; without the scenario's
    leave to direct-lay it never fires at units on the table, near or far."""
    g = table({"mt": "medium"}, kit.insurgents("near", (5, 12)), kit.insurgents("far", (5, 40)))
    mt = g.unit("mt")
    assert mt.alive and g.modules.get("mortars").kind(mt) == "medium"  # type: ignore[union-attr]
    assert fire_targets(g, mt) == []
    why = fire_blocked(g, mt, g.unit("far"))
    assert why is not None and "Medium mortar" in why and "direct lay" in why


@pytest.mark.rule("FF-003")
@pytest.mark.rule("FF-004")
def test_a_medium_mortar_direct_lays_beyond_24_inches_where_the_scenario_allows() -> None:
    """FF-003/004: with ``medium_direct_lay`` the Medium team fires at a unit 25" away, not at
    one exactly 24" away (its No Fire Zone), with the mortar's dice and the -1."""
    g = table({"mt": "medium"}, kit.insurgents("in", (5, 29)), kit.insurgents("out", (30, 30)),
              medium_direct_lay=True)
    mt = g.unit("mt")
    assert g.distance(mt, g.unit("in")) == pytest.approx(24.0)
    assert [t.id for t in fire_targets(g, mt)] == ["out"]
    assert "24\" No Fire Zone" in (fire_blocked(g, mt, g.unit("in")) or "")
    pool = firepower(g, mt, g.unit("out"))
    assert ("medium mortar", 3, "FF-013") in items(pool) and ("direct lay", -1, "FF-012") in items(pool)


@pytest.mark.rule("FF-005")
def test_a_heavy_mortar_team_never_fires_at_table_units() -> None:
    """FF-005: even with direct lay allowed for Mediums, a Heavy team never fires; nor does it
    reply to an attacker, and it may not interrupt by fire."""
    g = table({"mt": "heavy"}, kit.insurgents("far", (5, 40)), medium_direct_lay=True)
    mt, far = g.unit("mt"), g.unit("far")
    assert fire_targets(g, mt) == []
    kit.drive(g, g.modules.run("fire_declared", far, mt))  # attacked: still no reply
    assert "Heavy mortar" in (fire_blocked(g, mt, far) or "")
    assert turn._may_react(g, mt, far) is False


@pytest.mark.rule("FF-006")
def test_a_squads_own_small_mortar_is_a_medium_support_weapon() -> None:
    """FF-006: a 50mm mortar carried by a fireteam (weapon "squad_mortar") adds 2 dice as a
    Medium Support Weapon (AA-141) and has no No Fire Zone: the team fires at 10"."""
    g = table({}, kit.marines("sq", (20, 5), weapons=("rifle", "squad_mortar")),
              kit.insurgents("near", (20, 15)))
    sq = g.unit("sq")
    assert g.modules.get("mortars").kind(sq) is None  # type: ignore[union-attr]
    assert "near" in [t.id for t in fire_targets(g, sq)]
    pool = firepower(g, sq, g.unit("near"))
    assert ("squad mortar (e.g. the British 50mm) (Marines sq, fighter 2)", 2, "AA-137") in items(pool)
    assert not any(r.startswith("FF") for r in rules(pool))


# -- Light mortar teams ------------------------------------------------------------------------

@pytest.mark.rule("FF-007")
@pytest.mark.rule("FF-008")
def test_light_mortar_teams_are_units_on_the_table() -> None:
    """House rule FF-007 (the lost subject is light mortar teams) and FF-008: a scenario names
    a unit as a "light" mortar team; it is a unit of its own on the table (a weapon team,
    house rule FF-013), activated, moved and planned like any other, with its No Fire Zone
    shown on the table."""
    g = table({"mt": "light"}, kit.insurgents("far", (5, 40)))
    mt = g.unit("mt")
    assert g.modules.get("mortars").kind(mt) == "light"  # type: ignore[union-attr]
    assert "overwatch" in turn.plan_options(g, mt) and "cautious:move-fire" in turn.plan_options(g, mt)
    assert g.modules.status() == ["Marines mt: light mortar, No Fire Zone 18\""]
    assert g.modules.get("mortars").unit_status(mt) == [  # type: ignore[union-attr]
        "Light mortar team: direct lay beyond its 18\" No Fire Zone (−1 die); no Reaction +1 when "
        "Halted or on Overwatch",
        "Its light mortar stays in action while any of its crew stands (the team's figures are "
        "the crew, house rule FF-013)"]


@pytest.mark.rule("FF-009")
@pytest.mark.rule("FF-013")
def test_a_mortar_has_no_fire_at_targets_out_of_its_sight() -> None:
    """FF-009, house rule FF-013: a fire at a unit the team does not see would need the call
    for fire of off-table support, which the program does not have: it is never offered."""
    g = table({"mt": "light"}, kit.insurgents("hidden", (5, 40)),
              pieces=[kit.building("wall-of-houses", (0, 20, 48, 4))])
    mt, hidden = g.unit("mt"), g.unit("hidden")
    assert not g.sees(mt, hidden) and g.distance(mt, hidden) > 18
    assert fire_targets(g, mt) == []


@pytest.mark.rule("FF-010")
@pytest.mark.rule("FF-012")
@pytest.mark.rule("FF-013")
def test_a_light_mortar_direct_lays_at_a_unit_in_sight_beyond_18_inches_at_minus_1_die() -> None:
    """FF-010/012, house rule FF-013: engaging a unit in sight is direct lay: no call for fire
    (no die before the attack), the mortar's 2 dice on the crew's 2, then -1: 3 dice (and
    +1 for an Exposed target). The dice script is strict, so no other die is thrown."""
    g = table({"mt": "light"}, kit.insurgents("far", (5, 30), n=1), script=[6, 6, 6, 6, 1])
    mt, far = g.unit("mt"), g.unit("far")
    pool = firepower(g, mt, far)
    assert items(pool) == [("2 figures", 2, "AA-134"), ("target Exposed", 1, "AA-126"),
                           ("light mortar", 2, "FF-013"), ("direct lay", -1, "FF-012")]
    assert pool.dice == 4
    hits = kit.drive(g, fire(g, mt, far, "Fire"), ["best"])
    assert hits == 4 and not far.alive


@pytest.mark.rule("FF-011")
def test_a_light_mortar_may_not_fire_at_units_18_inches_away_or_closer() -> None:
    """FF-011: 18" away is inside the No Fire Zone; 18.5" is beyond it. A player who names the
    unit inside is refused with the reason."""
    g = table({"mt": "light"}, kit.insurgents("at18", (5, 23)), kit.insurgents("beyond", (30, 23.5)))
    mt = g.unit("mt")
    assert g.distance(mt, g.unit("at18")) == pytest.approx(18.0)
    assert [t.id for t in fire_targets(g, mt)] == ["beyond"]
    d = fire_decision(g, mt, fire_targets(g, mt))
    assert d.facts["blocked"] == {"at18": fire_blocked(g, mt, g.unit("at18"))}
    with pytest.raises(IllegalDecision, match="inside Marines mt's 18\" No Fire Zone"):
        d.validate("at18")
    assert d.validate("beyond") == "beyond"


@pytest.mark.rule("FF-014")
def test_a_mortar_team_fired_on_reacts_like_any_unit() -> None:
    """FF-014: an Insurgent unit 25" away fires at the team; the team may react (a Reaction
    Test, then its fire first when it wins), its fire a direct lay."""
    g = table({"mt": "light"}, kit.insurgents("far", (5, 30)), strict=False, script=[6, 1])
    far = g.unit("far")
    proc = turn.insurgent_fire(g, far)
    d = kit.asks(g, proc, ["mt"])
    assert d.kind is DecisionKind.REACT and "mt" in d.options
    d = proc.send(d.validate("mt"))
    while True:
        try:
            d = proc.send(d.validate(answer_all(d)))
        except StopIteration:
            break
    shots = kit.events(g, "fire")
    reaction = next(e for e in shots if e.text.startswith("Reaction fire"))
    assert reaction.data["attacker"] == "mt"
    assert ["direct lay", -1, "FF-012"] in reaction.data["firepower"]["items"]


@pytest.mark.rule("FF-015")
def test_an_attacker_inside_the_no_fire_zone_gets_a_small_arms_reply() -> None:
    """FF-015: an Insurgent unit 10" away fires at the team: the team may reply, with its crew's
    small arms only (no mortar dice, no direct-lay -1). Another unit as close that did not
    attack it may not be fired at."""
    g = table({"mt": "light"}, kit.insurgents("near", (5, 15)), kit.insurgents("idle", (20, 15)),
              strict=False, script=[6, 1])
    mt, near, idle = g.unit("mt"), g.unit("near"), g.unit("idle")
    assert fire_blocked(g, mt, near) is not None  # not yet attacked
    proc = turn.insurgent_fire(g, near)
    d = kit.asks(g, proc, ["mt"])
    assert d.kind is DecisionKind.REACT and "mt" in d.options
    assert fire_blocked(g, mt, near) is None and fire_blocked(g, mt, idle) is not None
    pool = firepower(g, mt, near)
    assert ("small-arms reply: the mortar cannot fire inside its No Fire Zone", 0, "FF-015") in items(pool)
    assert "FF-013" not in rules(pool) and "FF-012" not in rules(pool)
    assert [t.id for t in fire_targets(g, mt)] == ["near"]


@pytest.mark.rule("FF-015")
def test_a_mortar_team_interrupted_by_fire_inside_its_zone_may_react_first_with_small_arms() -> None:
    """FF-015 through an interruption: the Insurgent's declared fire is an attack, so the team
    that wins the Reaction Test may fire first; an interruption by movement is not."""
    from ambush_gui.alley.interrupts import resolve

    g = table({"mt": "light"}, kit.insurgents("near", (5, 15), leader=True), strict=False,
              script=[6, 1])
    proc = resolve(g, g.unit("mt"), g.unit("near"), "fire")
    d = next(proc)
    assert d.kind is DecisionKind.REACT and "fire" in d.options
    g2 = table({"mt": "light"}, kit.insurgents("near", (5, 15), leader=True), strict=False,
               script=[6, 1])
    d2 = next(resolve(g2, g2.unit("mt"), g2.unit("near"), "move"))
    assert d2.kind is DecisionKind.REACT and "fire" not in d2.options


@pytest.mark.rule("FF-016")
@pytest.mark.rule("FF-017")
def test_a_mortar_team_on_overwatch_or_halted_has_no_plus_1_on_its_reaction_roll() -> None:
    """FF-016, house rule FF-017: the team may go on Overwatch (and fire from it), but the core
    +1 of Overwatch or Halted (AA-035) is cancelled: its Reaction roll is the bare die."""
    g = table({"mt": "light"}, kit.marines("other", (30, 5)), kit.insurgents("i", (5, 30), leader=True),
              script=[4, 4, 4, 4])
    mt, other, ins = g.unit("mt"), g.unit("other"), g.unit("i")
    mt.overwatch = other.overwatch = True
    assert ("Halted or on Overwatch", 1, "AA-035") in [(m.label, m.value, m.rule)
                                                        for m in reaction_modifiers(mt)]
    assert [m.value for m in g.modules.reaction_modifiers(mt)] == [-1]
    assert g.modules.reaction_modifiers(other) == []
    reaction_test(g, mt, ins, "test")
    assert kit.events(g, "reaction")[-1].data["regular_total"] == 4
    reaction_test(g, other, ins, "test")
    assert kit.events(g, "reaction")[-1].data["regular_total"] == 5
    mt.overwatch = False
    mt.last_speed = None  # a unit that has not moved is Halted: no +1 either (FF-017)
    assert sum(m.value for m in reaction_modifiers(mt) + g.modules.reaction_modifiers(mt)) == 0


@pytest.mark.rule("FF-017")
def test_the_small_arms_reply_throws_the_settings_dice_per_crew_figure() -> None:
    """House rule FF-017: ``small_arms_dice`` Firepower dice per crew figure in the reply (2 here:
    +2 on the 2 figures' 2)."""
    g = table({"mt": "light"}, kit.insurgents("near", (5, 15)), small_arms_dice=2)
    mt, near = g.unit("mt"), g.unit("near")
    kit.drive(g, g.modules.run("fire_declared", near, mt))
    pool = firepower(g, mt, near)
    assert ("small-arms reply: the mortar cannot fire inside its No Fire Zone", 2, "FF-015") in items(pool)


# -- the engine asks everywhere ----------------------------------------------------------------

def test_an_insurgent_mortar_interrupts_a_move_only_where_the_mover_is_beyond_its_zone() -> None:
    """The No Fire Zone is asked at each point of a declared move (the mover's place there):
    an Insurgent light mortar 40" up the table interrupts by fire only where the mover is
    more than 18" away; by movement anywhere."""
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("imt", (5, 45), n=2, leader=True)],
                 width=48, height=48, modules=["mortars"], mortars={"teams": {"imt": "light"}})
    g.state.turn = 1
    m = g.unit("m")
    start = m.centre()
    opts = interrupt_options_along(g, m, [start, (start[0], start[1] + 25)])
    fire_at = sorted(o["at"] for o in opts if o["kind"] == "fire")
    assert fire_at and max(fire_at) < 22 and min(fire_at) == 0
    assert max(o["at"] for o in opts if o["kind"] == "move") == 25
    assert m.centre() == start  # the figures are back where they stand


def test_overwatch_from_a_mortar_team_fires_only_beyond_its_zone() -> None:
    """Overwatch fire at points of an Insurgent move, and the reaction to a move, obey the
    No Fire Zone too."""
    g = table({"mt": "light"}, kit.insurgents("i", (5, 40)))
    mt, ins = g.unit("mt"), g.unit("i")
    mt.overwatch = True
    start = ins.centre()
    opts = overwatch_options_along(g, ins, [start, (start[0], start[1] - 20)], set())
    ats = [o["at"] for o in opts]
    assert ats and max(ats) < 17  # 35" away at the start: beyond 18" while it has moved < 17"
    ins.translate(0, -25)  # now 10" away
    assert turn._may_react(g, mt, ins) is False


def test_no_module_no_change_to_the_fire_decision() -> None:
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 12))])
    d = fire_decision(g, g.unit("m"), fire_targets(g, g.unit("m")))
    assert d.check is None and "blocked" not in d.facts


# -- the file ----------------------------------------------------------------------------------

def test_a_mortar_team_that_is_not_a_unit_is_refused_naming_it() -> None:
    with pytest.raises(ScenarioError) as exc:
        kit.scenario([kit.marines("m", (5, 5))], modules=["mortars"],
                     mortars={"teams": {"mortar-9": "light"}})
    assert ("mortars settings, mortar teams, mortar-9",
            "mortar team mortar-9: the scenario has no unit 'mortar-9' (expected one of its units: m)") \
        in exc.value.described


def test_an_unknown_mortar_type_is_refused_naming_the_team() -> None:
    with pytest.raises(ScenarioError) as exc:
        kit.scenario([kit.marines("m", (5, 5))], modules=["mortars"], mortars={"teams": {"m": "huge"}})
    assert ("mortars settings, mortar teams, m",
            "must be 'light', 'medium' or 'heavy' (got 'huge')") in exc.value.described


def test_unknown_mortar_settings_are_refused() -> None:
    with pytest.raises(ScenarioError, match="mortars settings, no fire zone: is not a known field"):
        kit.scenario([kit.marines("m", (5, 5))], modules=["mortars"], mortars={"no_fire_zone": 12})


# -- the computer players ----------------------------------------------------------------------

def plan_for(g: AlleyGame, uid: str) -> tuple[Any, str]:
    from ambush_gui.ai.alley_ai import AlleyAI

    ai = AlleyAI()
    d = turn.plan_decision(g, g.unit(uid))
    choice = ai.decide(g, d)
    return d.validate(choice.answer), choice.reason


def test_the_computer_fires_a_light_mortar_from_beyond_its_zone() -> None:
    g = table({"mt": "light"}, kit.insurgents("far", (5, 30)))
    answer, why = plan_for(g, "mt")
    assert answer == "halted" and "direct lay at Insurgents far" in why


def test_the_computer_keeps_a_light_mortar_out_of_reach_of_its_own_zone() -> None:
    """22" from the nearest enemy (none in sight): a move of 6" could take it inside the zone,
    so it goes on Overwatch; 27" away only a Cautious move; 40" away its goal decides."""
    wall = [kit.building("houses", (0, 14, 48, 2))]
    g = table({"mt": "light"}, kit.insurgents("i", (5, 27)), pieces=wall)
    assert plan_for(g, "mt") == ("overwatch", "it keeps its distance: the nearest enemy is 22\" away, "
                                              "near its 18\" No Fire Zone")
    g = table({"mt": "light"}, kit.insurgents("i", (5, 32)), pieces=wall)
    assert plan_for(g, "mt")[0] == "cautious:move-fire"
    g = table({"mt": "light"}, kit.insurgents("i", (5, 45)), pieces=wall)
    assert "No Fire Zone" not in plan_for(g, "mt")[1]


def test_the_computer_holds_a_heavy_mortar_objective_in_place() -> None:
    g = table({"mt": "heavy"}, kit.insurgents("i", (5, 45)))
    assert plan_for(g, "mt") == ("halted", "a heavy mortar team is an objective: it holds its place")


def test_an_insurgent_light_mortar_stays_halted_near_its_zone() -> None:
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("imt", (5, 27), n=2, leader=True)],
                 width=48, height=48, modules=["mortars"], mortars={"teams": {"imt": "light"}},
                 pieces=[kit.building("houses", (0, 14, 48, 2))])
    g.state.turn = 1
    assert plan_for(g, "imt")[0] == "halted"


def test_computer_games_with_mortars_and_nbc_keep_every_invariant() -> None:
    """Contracting Trouble with a Regular light mortar team, an Insurgent Medium one, MOPP and
    an NBC environment: both computer players play it out, no exception, no broken invariant."""
    import tomllib

    from ambush_gui.ai.alley_ai import AlleyAI
    from ambush_gui.ai.simulate import play_out
    from ambush_gui.alley import invariants
    from ambush_gui.alley.scenario import Scenario
    from ambush_gui.systems import SCENARIO_DIR

    data = tomllib.loads((SCENARIO_DIR / "contracting-trouble.toml").read_text())
    regular, insurgent = "alpha", "i1"
    data["modules"] = ["mortars", "nbc"]
    data["mortars"] = {"teams": {regular: "light", insurgent: "medium"}, "medium_direct_lay": True}
    data["nbc"] = {"environment": True, "mopp": {"regular": 2}, "schedule": {"3": {"regular": 4}}}
    scn = Scenario.from_data(data, "<ct-mortars>")
    for seed in range(3):
        g = AlleyGame(scn, seed)
        play_out(g, {"regular": AlleyAI(), "insurgent": AlleyAI()})
        assert g.state.outcome is not None
        assert invariants.check(g) == []


def _light_mortar_watching_a_run(team_y: float, run: float) -> tuple[Any, Any, list[Any], list[Any]]:
    """Marines m run ``run`` inches north from (5, 5) on turn 1, a light mortar team imt at
    (5, ``team_y``) watching: the game, m, the run's path and the interrupts offered on it."""
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("imt", (5, team_y), n=2, leader=True)],
                 width=48, height=48, modules=["mortars"], mortars={"teams": {"imt": "light"}})
    g.state.turn = 1
    m = g.unit("m")
    start = m.centre()
    path = [start, (start[0], start[1] + run)]
    return g, m, path, interrupt_options_along(g, m, path)


def test_a_mortar_offered_no_fire_at_a_move_is_told_of_its_no_fire_zone() -> None:
    """The greyed Fire's reason is the engine's, asked where the fire would happen: a light
    mortar whose target is inside its No Fire Zone all along the move is told that, and
    nothing about crowds or leaders."""
    from ambush_gui.alley.interrupts import interrupt_decision

    g, m, path, opts = _light_mortar_watching_a_run(team_y=15, run=3)
    assert opts and not any(o["kind"] == "fire" for o in opts)
    why = interrupt_decision(g, m, opts, "move", path=path).facts["no_fire"]["imt"]
    assert "No Fire Zone" in why and "leader" not in why and "crowd" not in why


def test_a_mortar_is_told_at_each_point_where_its_no_fire_zone_keeps_its_fire_off() -> None:
    """The point-by-point reasons of an interrupt (a greyed point's tooltip): where the
    mover is inside the light mortar's No Fire Zone the reason is the zone, not sight."""
    from ambush_gui.alley.interrupts import interrupt_decision

    g, m, path, opts = _light_mortar_watching_a_run(team_y=45, run=25)
    fire_at = {o["at"] for o in opts if o["kind"] == "fire"}
    reasons = {r["at"]: r["why"] for r in interrupt_decision(g, m, opts, "move", path=path)
               .facts["not_here"] if r["unit"] == "imt" and r["kind"] == "fire"}
    assert reasons and set(reasons).isdisjoint(fire_at)
    assert all("No Fire Zone" in why and "sight" not in why for why in reasons.values())
