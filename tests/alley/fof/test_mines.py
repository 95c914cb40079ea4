"""Mines (FF-027..043): minefields, the mine test and the mine attack (seed 003 lines 71-107)."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.alley import options as opt
from ambush_gui.alley import turn
from ambush_gui.alley.fof import blast
from ambush_gui.alley.fof.mines import CATEGORY, CONCENTRATIONS, MINE_TYPES, MinesModule
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.interrupts import NONE
from ambush_gui.alley.model import Figure, FigureKind, Injury, Side, Speed
from ambush_gui.alley.movement import move_along
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.errors import ScenarioError
from tests.alley import kit

FIELD = {"id": "mf-1", "kind": "minefield", "rect": [0, 8, 24, 3]}  # a belt across y 8..11


def mined(units: list[dict[str, Any]], mines: dict[str, Any] | None = None,
          pieces: list[dict[str, Any]] | None = None, **kw: Any) -> AlleyGame:
    g = kit.game(units, pieces=pieces if pieces is not None else [FIELD],
                 modules=["mines"], mines=mines or {}, **kw)
    g.state.turn = 1
    return g


def mod(g: AlleyGame) -> MinesModule:
    m = g.modules.get("mines")
    assert isinstance(m, MinesModule)
    return m


def answer(d: Decision) -> Any:
    """Whatever the engine would take: the forced answer, the best matching, no interrupt."""
    if d.forced is not None:
        return d.forced
    if d.kind is DecisionKind.MATCH:
        return "best"
    if d.kind is DecisionKind.INTERRUPT:
        return NONE
    return d.options[0]


def play(g: AlleyGame, proc: Any) -> Any:
    """Run a procedure to its end, answering as :func:`answer` does."""
    try:
        d = next(proc)
        while True:
            d = proc.send(d.validate(answer(d)))
    except StopIteration as stop:
        return stop.value


def mine_tests(g: AlleyGame) -> list[Any]:
    return [e for e in kit.events(g, "roll") if e.data["purpose"].startswith("Mine test")]


def attack_rolls(g: AlleyGame) -> list[Any]:
    return [e for e in kit.events(g, "roll") if e.data["purpose"].startswith("Blast")]


def defense_rolls(g: AlleyGame) -> list[Any]:
    return [e for e in kit.events(g, "roll") if e.data["purpose"].startswith("Defense against")]


def walk(g: AlleyGame, uid: str, plan: str, path: list[list[float]]) -> None:
    """The unit's whole activation: ``plan``, then the move along ``path`` (no fire)."""
    def ans(d: Decision) -> Any:
        if d.kind is DecisionKind.PLAN:
            return plan
        if d.kind is DecisionKind.MOVE:
            return {"path": path}
        if d.kind is DecisionKind.FIRE:
            return d.options[-1] if "none" in d.options else d.options[0]
        return answer(d)

    proc = turn.activation(g, g.unit(uid))
    try:
        d = next(proc)
        while True:
            d = proc.send(d.validate(ans(d)))
    except StopIteration:
        pass


# -- the minefield on the table ----------------------------------------------------------------

@pytest.mark.rule("FF-027")
def test_a_scenario_marks_part_of_the_table_as_mined_and_both_sides_see_it() -> None:
    """FF-027: a minefield is a table piece; the table's status names it, its type and
    the test's modifier for its concentration."""
    g = mined([kit.marines("m", (2, 2))], {"fields": {"mf-1": {"type": "hybrid", "concentration": "medium"}}})
    assert [f.id for f in mod(g).fields] == ["mf-1"]
    assert g.modules.status() == ["Minefield mf-1 (Hybrid, medium concentration): AP 3; mine test -2"]
    m = g.unit("m")
    assert mod(g).unit_status(m) == []
    m.translate(0, 7)
    assert mod(g).unit_status(m) == ["In minefield mf-1 (Hybrid, medium concentration): a mine test "
                                     "as each turn begins"]


@pytest.mark.rule("FF-028")
def test_with_no_stated_chance_the_generic_test_applies_to_every_minefield() -> None:
    """FF-028: a scenario that says nothing about a field gets the rule-of-thumb test, with
    the table's default type (Light AP) and concentration (none): a plain 4+ on the TQ die."""
    g = mined([kit.marines("m", (2, 2))], script=[4])
    f = mod(g).fields[0]
    assert (f.type, f.concentration) == ("light_ap", "none")
    g.unit("m").translate(0, 7)  # standing in the belt
    play(g, mod(g).start_turn())
    (t,) = mine_tests(g)
    assert t.data["sides"] == 8 and [m[0] for m in t.data["modifiers"]] == ["stationary"]
    assert not attack_rolls(g)


@pytest.mark.rule("FF-029")
def test_fog_of_war_cards_are_not_part_of_the_mines_settings() -> None:
    """FF-029 (house rule): there is no Fog of War deck; a scenario cannot declare a mine
    encounter by card, and a settings key for one is refused as unknown."""
    with pytest.raises(ScenarioError, match="mines settings.*cards"):
        kit.scenario([kit.marines("m", (2, 2))], pieces=[FIELD], modules=["mines"],
                     mines={"cards": ["mine encounter"]})


# -- the ratings --------------------------------------------------------------------------------

RATINGS = {"light_ap": (3, 0, "FF-030"), "heavy_ap": (5, 1, "FF-031"), "light_at": (2, 3, "FF-032"),
           "heavy_at": (0, 5, "FF-033"), "hybrid": (3, 3, "FF-034")}


@pytest.mark.parametrize("kind", ["light_ap", "heavy_ap", "light_at", "hybrid"])
@pytest.mark.rule("FF-030", "FF-031", "FF-032", "FF-034")
def test_a_failed_test_brings_a_mine_attack_of_the_types_ap_dice(kind: str) -> None:
    """FF-030..034: Light AP 3, Heavy AP 5, Light AT 2, Hybrid 3 attack dice against
    infantry (house rule FF-041); the AT rating is never thrown (no vehicles)."""
    ap, at, rule = RATINGS[kind]
    g = mined([kit.insurgents("i", (2, 2), n=6)], {"type": kind}, script=[1] + [1] * ap, strict=False)
    assert (MINE_TYPES[kind].ap, MINE_TYPES[kind].at, MINE_TYPES[kind].rule) == (ap, at, rule)
    i = g.unit("i")
    i.translate(0, 7)
    play(g, mod(g).start_turn())
    (a,) = attack_rolls(g)
    assert len(a.data["faces"]) == ap and a.data["sides"] == 6
    assert a.data["modifiers"][0][2] == rule
    (ev,) = kit.events(g, "blast")
    assert f"AP {ap} / AT {at}" in ev.text or ev.data["at"] == at


@pytest.mark.rule("FF-033", "FF-040")
def test_infantry_cross_heavy_at_mines_without_setting_them_off() -> None:
    """FF-033: Heavy AT is AP 0 / AT 5; FF-040: infantry do not set it off, so no test and
    no attack (a strict script with no dice proves nothing is thrown)."""
    assert (MINE_TYPES["heavy_at"].ap, MINE_TYPES["heavy_at"].at) == (0, 5)
    g = mined([kit.marines("m", (2, 2))], {"type": "heavy_at"})
    walk(g, "m", "rapid:move-fire", [[3.2, 8], [3.2, 12]])
    assert g.unit("m").centre()[1] == pytest.approx(12)  # through and out
    assert not mine_tests(g) and not attack_rolls(g)
    assert any(e.data.get("rule") == "FF-040" for e in kit.events(g, "mines"))


@pytest.mark.rule("FF-039")
def test_mines_are_anti_personnel_anti_tank_or_hybrid_each_with_ap_and_at_ratings() -> None:
    """FF-039: three kinds; every type carries both an AP and an AT rating."""
    assert set(CATEGORY.values()) == {"anti-personnel", "anti-tank", "hybrid"}
    assert set(CATEGORY) == set(MINE_TYPES)
    assert all(r.ap >= 0 and r.at >= 0 for r in MINE_TYPES.values())
    assert MINE_TYPES["hybrid"].ap == MINE_TYPES["hybrid"].at  # equally effective against both


@pytest.mark.rule("FF-041")
def test_ap_is_the_number_of_attack_dice_of_the_settings_die_kept_on_4() -> None:
    """FF-041 (house rule): AP = attack dice, of the module's die (d8 here), kept on 4+."""
    g = mined([kit.insurgents("i", (2, 2), n=6)], {"type": "heavy_ap", "die": "d8"},
              script=[1, 4, 3, 8, 2, 5], strict=False)
    g.unit("i").translate(0, 7)
    play(g, mod(g).start_turn())
    (a,) = attack_rolls(g)
    assert a.data["sides"] == 8 and len(a.data["faces"]) == 5
    assert a.data["result"] == "keeps 4+"
    (match,) = kit.events(g, "match")
    assert match.data["casualties"] == 3  # 4, 8, 5 kept; the Insurgents have no Armor dice


# -- the defense ------------------------------------------------------------------------------

@pytest.mark.rule("FF-035")
def test_infantry_attacked_by_mines_claim_only_their_armor_dice() -> None:
    """FF-035: the Marines (body armor 1) throw one Defense die, whatever their figures,
    cover or speed; the Insurgents (no armor) throw none."""
    g = mined([kit.marines("m", (2, 2)), kit.insurgents("i", (12, 2))], options={})
    m = g.unit("m")
    m.speed = Speed.CAUTIOUS
    m.still_turns = 3
    pool = blast.defense_pool(g, m)
    assert pool.dice == 1 and [x.rule for x in pool.items] == ["FF-035"]
    assert blast.defense_pool(g, g.unit("i")).dice == 0


@pytest.mark.rule("FF-042")
@pytest.mark.parametrize("reading", ["armor_only", "no_cover"])
def test_only_their_armor_dice_is_armor_alone_or_figures_and_armor_without_cover(reading: str) -> None:
    """FF-042 (rules option mine_and_ied_defense): four Marines with body armor 1, moving
    Cautiously in Solid Cover: 1 die (Armor alone) or 5 (4 figures + Armor), never a
    cover or Cautious die; the attack's odds follow."""
    g = mined([kit.marines("m", (2, 2))], options={opt.BLAST_DEFENSE: reading},
              pieces=[FIELD, kit.wall("w", (1, 3, 6, 0.3))])
    m = g.unit("m")
    m.speed = Speed.CAUTIOUS
    pool = blast.defense_pool(g, m)
    assert pool.dice == (1 if reading == "armor_only" else 5)
    assert {x.rule for x in pool.items} <= {"FF-035", "AA-117"}
    b = mod(g).blast(mod(g).fields[0])
    mean = blast.odds(g, b, m)[1]
    assert (mean > 0.7) if reading == "armor_only" else (mean < 0.3)


# -- the test -------------------------------------------------------------------------------

@pytest.mark.rule("FF-036")
def test_a_unit_that_enters_a_minefield_tests_and_a_failure_brings_a_mine_attack() -> None:
    """FF-036: the Marines walk into the belt: a failed test (1 on the d8) brings the Light
    AP attack (3d6 against their one Armor d8): two 6s beat the 1 and kill or wound."""
    g = mined([kit.marines("m", (2, 2))], script=[1, 6, 6, 2, 1], strict=False)
    walk(g, "m", "cautious:move-fire", [[3.2, 8]])
    (t,) = mine_tests(g)
    assert "enters minefield mf-1" in t.data["purpose"]
    (a,) = attack_rolls(g)
    assert len(a.data["faces"]) == 3
    assert kit.events(g, "match")[0].data["casualties"] == 2


@pytest.mark.rule("FF-036")
def test_a_unit_that_starts_a_turn_in_a_minefield_tests_and_a_pass_is_safe() -> None:
    """FF-036: as a turn begins, the unit in the field tests; a 4 passes: no attack."""
    g = mined([kit.marines("m", (2, 9)), kit.insurgents("i", (12, 20))], script=[4])
    g.state.turn = 0
    gen = turn.play(g)
    d = next(gen)
    assert d.kind is DecisionKind.ACTIVATE
    (t,) = mine_tests(g)
    assert "starts the turn in minefield mf-1" in t.data["purpose"]
    assert not attack_rolls(g)


@pytest.mark.rule("FF-037")
@pytest.mark.parametrize("reading", ["this_turn", "last_turn"])
def test_moving_rapidly_is_minus_1_and_stationary_plus_1(reading: str) -> None:
    """FF-037: entering at Rapid speed: −1; starting the turn after a turn in place: +1.
    Starting a turn after a Rapid move into the field: no −1, since the unit has not moved
    Rapidly "this turn" (a play-test saw the last turn's speed counted); the corrected
    reading's legacy (option ``mine_test_at_turn_start``) keeps the −1 for older saves."""
    g = mined([kit.marines("m", (2, 2))], script=[5], strict=False,
              options={opt.MINE_TEST_SPEED: reading})
    walk(g, "m", "rapid:move-fire", [[3.2, 8]])
    (t,) = mine_tests(g)
    assert [(m[1], m[2]) for m in t.data["modifiers"]] == [(-1, "FF-037")]
    m = g.unit("m")
    f = mod(g).fields[0]
    m.last_speed, m.still_turns = Speed.RAPID, 0
    g.state.turn = 2
    rapid = [("moved Rapidly", -1)] if reading == "last_turn" else []
    assert [(x.label, x.value) for x in mod(g).modifiers(m, f, entering=False)] == rapid
    m.last_speed, m.still_turns = Speed.HALTED, 1
    assert [(x.label, x.value) for x in mod(g).modifiers(m, f, entering=False)] == [("stationary", 1)]


@pytest.mark.rule("FF-037")
def test_a_rapid_dash_into_a_field_costs_nothing_at_the_next_turns_test() -> None:
    """FF-037, house rule FF-043: the Marines dash Rapidly into the belt (−1 on entering);
    as the next turn begins they test again, with no modifier at all: not stationary (they
    moved), and not "moved Rapidly this turn" (they have not moved in it yet)."""
    g = mined([kit.marines("m", (2, 2)), kit.insurgents("i", (12, 22))], script=[6, 6],
              strict=False, options={opt.MINE_TEST_SPEED: "this_turn"})
    walk(g, "m", "rapid:move-fire", [[3.2, 9]])
    turn.end_turn(g)
    assert g.unit("m").last_speed is Speed.RAPID and g.unit("m").still_turns == 0
    g.state.turn = 2
    play(g, mod(g).start_turn())
    entering, starting = mine_tests(g)
    assert [x[0] for x in entering.data["modifiers"]] == ["moved Rapidly"]
    assert "starts the turn in" in starting.data["purpose"] and starting.data["modifiers"] == []


@pytest.mark.rule("FF-038")
@pytest.mark.parametrize("conc,value", [("light", -1), ("medium", -2), ("heavy", -3)])
def test_the_concentration_of_mines_modifies_the_test(conc: str, value: int) -> None:
    """FF-038: Light −1, Medium −2, Heavy −3; a 6 on the d8 with Heavy −3 (and Rapid −1)
    totals 2 and fails."""
    assert CONCENTRATIONS[conc] == value
    g = mined([kit.marines("m", (2, 2))], {"concentration": conc}, script=[6], strict=False)
    walk(g, "m", "rapid:move-fire", [[3.2, 8]])
    (t,) = mine_tests(g)
    assert (f"{conc} concentration of mines", value, "FF-038") in [tuple(x) for x in t.data["modifiers"]]
    (ev,) = [e for e in kit.events(g, "mines") if "passed" in e.data]
    assert ev.data["total"] == 6 - 1 + value
    assert ev.data["passed"] is (6 - 1 + value >= 4)


@pytest.mark.rule("FF-043")
def test_one_test_per_minefield_entered_per_move_and_none_for_moving_within_one() -> None:
    """FF-043 (house rule): a move across two fields tests twice, once each; a unit that
    starts a move inside a field and moves within it does not test again; a field of no
    stated concentration gives 0; the start of turn 1 counts as stationary."""
    second = {"id": "mf-2", "kind": "minefield", "rect": [0, 13, 24, 2]}
    g = mined([kit.marines("m", (2, 2))], {"fields": {"mf-2": {"concentration": "light"}}},
              pieces=[FIELD, second], script=[6, 6, 6])
    walk(g, "m", "rapid:move-fire", [[3.2, 14]])
    assert [t.data["purpose"].split()[-1] for t in mine_tests(g)] == ["mf-1", "mf-2"]
    assert [len(t.data["modifiers"]) for t in mine_tests(g)] == [1, 2]  # Rapid; Rapid and Light
    g2 = mined([kit.marines("m", (2, 8.5))], script=[6])
    walk(g2, "m", "cautious:move-fire", [[3.2, 10.5]])
    assert not mine_tests(g2)
    play(g2, mod(g2).start_turn())
    assert [m[0] for m in mine_tests(g2)[0].data["modifiers"]] == ["stationary"]


def lying(g: AlleyGame, x: float, y: float) -> Figure:
    """A wounded Marine lying on the ground at ``x, y`` (a Dependant, in no unit)."""
    fig = Figure("w", FigureKind.SOLDIER, "rifle", x, y, Side.REGULAR, dependant=True,
                 injury=Injury.MODERATE)
    g.state.ground.append(fig)
    return fig


@pytest.mark.rule("FF-036")
@pytest.mark.parametrize("reading", ["enters", "from_outside"])
def test_a_figure_lying_in_a_minefield_is_reached_only_by_entering_it(reading: str) -> None:
    """FF-036, house rule FF-043: a wounded Marine lies 0.3" inside the belt (y 8..11). The
    fireteam walks up to the belt's edge: its figures touch him from outside, but none has
    entered the field, so it may not take him in (a play-test saw Insurgents capture such a
    figure that way). Walking into the belt, it reaches him inside and tests for the mines.
    The legacy reading (option ``reaching_into_a_minefield``) took him from outside."""
    g = mined([kit.marines("m", (2, 3))], script=[6], strict=False,
              options={opt.MINEFIELD_REACH: reading})
    w = lying(g, 3.6, 8.3)
    walk(g, "m", "cautious:move-fire", [[3.2, 7.9]])  # m-3 stops 0.1" short of the belt
    if reading == "from_outside":  # taken in with every Marine still outside the belt
        assert w in g.unit("m").figures and all(f.y < 8 for f in g.unit("m").fighters)
        return
    assert w in g.state.ground and not mine_tests(g)
    g.unit("m").activated = False
    walk(g, "m", "cautious:move-fire", [[3.2, 8.6]])
    assert w in g.unit("m").figures
    assert [e.data["figures"] for e in kit.events(g, "pick_up")] == [["w"]]
    assert all(f.y >= 8.0 for f in g.unit("m").fighters)  # they stand in the belt ...
    (t,) = mine_tests(g)  # ... and the unit tested for entering it
    assert "enters minefield mf-1" in t.data["purpose"]


@pytest.mark.rule("FF-036")
def test_insurgents_capture_a_figure_in_a_minefield_only_from_inside_it() -> None:
    """FF-036, house rule FF-043, CT-051: an Insurgent unit moving along the belt's edge
    passes 0.4" from a Marine lying inside it and captures nobody; the same move a step
    further in (its figures inside the belt) captures him where he lies."""
    g = mined([kit.insurgents("i", (2, 7.7)), kit.marines("m", (14, 2))],
              options={opt.MINEFIELD_REACH: "enters"})
    w = lying(g, 8.0, 8.1)
    i = g.unit("i")
    move_along(g, i, [i.centre(), (12.0, 7.7)], 12)
    assert not w.captive and not kit.events(g, "pick_up")
    move_along(g, i, [i.centre(), (12.0, 8.2), (4.0, 8.2)], 12)
    assert w.captive and g.state.custody == {"w": "i"}
    assert min(f.y for f in i.figures) >= 8.0


# -- the file --------------------------------------------------------------------------------

def test_bad_minefield_settings_are_refused_naming_the_minefield() -> None:
    """validate: an unknown mine type or concentration, settings for a piece that is not a
    minefield (or does not exist), each named by the field."""
    cases = [
        ({"fields": {"mf-1": {"type": "claymore"}}}, r"minefield mf-1: unknown mine type 'claymore'"),
        ({"fields": {"mf-1": {"concentration": "dense"}}}, r"minefield mf-1: unknown concentration 'dense'"),
        ({"concentration": "dense"}, r"unknown concentration 'dense'"),
        ({"type": "claymore"}, r"unknown mine type 'claymore' \(expected one of light_ap"),
        ({"fields": {"b": {"type": "hybrid"}}}, r"minefield b: piece 'b' is a building, not a minefield"),
        ({"fields": {"mf-2": {}}}, r"minefield mf-2: there is no table piece 'mf-2'"),
        ({"die": "d7"}, r"unknown die 'd7'"),
    ]
    for settings, message in cases:
        with pytest.raises(ScenarioError, match=message):
            kit.scenario([kit.marines("m", (2, 2))], pieces=[FIELD, kit.building("b", (15, 15, 2, 2))],
                         modules=["mines"], mines=settings)


def test_a_minefield_without_the_mines_module_cannot_be_played() -> None:
    with pytest.raises(ScenarioError, match="mines rule module"):
        kit.scenario([kit.marines("m", (2, 2))], pieces=[FIELD])


def test_the_modules_state_is_in_the_snapshot() -> None:
    g = mined([kit.insurgents("i", (2, 9), n=2)], script=[1, 1, 1, 1], strict=False)
    play(g, mod(g).start_turn())
    assert g.snapshot()["modules"]["mines"] == {"attacks": {"mf-1": 1}}


# -- the computer players --------------------------------------------------------------------

def _north_bound(pieces: list[dict[str, Any]]) -> AlleyGame:
    """A fireteam at the south scoring for every figure off the north edge, six turns."""
    return mined([kit.marines("m", (5, 4))], pieces=pieces, format=2, turn_limit=6,
                 sides={"regular": {"name": "Marines", "optimum_range": 8, "armor": 1,
                                    "friendly_edges": ["north"]},
                        "insurgent": {"name": "Insurgents", "optimum_range": 6}},
                 victory={"awards": [{"side": "regular", "event": "figure_exited", "points": 2,
                                      "edge": "north"}]})


def _computer_path(g: AlleyGame) -> list[tuple[float, float]]:
    from ambush_gui.ai.alley_ai import AlleyAI

    m = g.unit("m")
    d = kit.asks(g, turn.activation(g, m), ["rapid:move-fire"])
    c = AlleyAI().choose(g, d)
    return [m.centre(), *[(float(x), float(y)) for x, y in c["path"]]]


@pytest.mark.rule("FF-036")
def test_the_computer_goes_round_a_minefield_when_a_way_round_exists() -> None:
    """A belt from x 0 to 16 across the way north, open to the east: the computer's move
    enters no minefield (its straight way would), and still makes for the north edge."""
    from ambush_gui.ai import fof_mines

    belt = {"id": "mf-1", "kind": "minefield", "rect": [0, 7, 16, 3]}
    g = _north_bound([belt])
    path = _computer_path(g)
    assert fof_mines.mine_costs(g, g.unit("m"), [path[1:]]) == [0.0]
    assert fof_mines.mine_costs(g, g.unit("m"), [[(5.0, 12.0)]], True) == [fof_mines.ROUND_COST]
    assert path[-1][0] > path[0][0] + 2  # heading east, round the belt


def test_the_computer_crosses_a_minefield_it_cannot_go_round() -> None:
    """The belt spans the table: no way round, so the computer walks on through it."""
    g = _north_bound([{"id": "mf-1", "kind": "minefield", "rect": [0, 7, 24, 3]}])
    path = _computer_path(g)
    assert path[-1][1] > 7


def test_a_minefield_is_named_by_its_label_where_the_player_reads_it() -> None:
    """Playtest b11: the blast banner and the mine test said "minefield mines-west", not the
    designer's "Frontier minefield (west)"."""
    named = {**FIELD, "label": "Frontier minefield (west)"}
    g = mined([kit.marines("m", (2, 2))], pieces=[named], script=[1, 6, 6, 2, 1], strict=False)
    assert mod(g).fields[0].name == "Frontier minefield (west)"
    walk(g, "m", "cautious:move-fire", [[3.2, 8]])
    (t,) = mine_tests(g)
    assert "enters Frontier minefield (west)" in t.data["purpose"]
    blast = [e for e in g.log.events if e.data.get("source") == "mine:mf-1" and e.data.get("name")]
    assert blast and "Frontier minefield (west)" in blast[0].data["name"]


@pytest.mark.rule("FF-036", "FF-040", "FF-043")
def test_a_planned_move_names_the_minefields_any_of_its_figures_would_enter() -> None:
    """Read only, before the move (the table warns while the unit is dragged): one figure
    of the row reaching the belt is enough; the unit does not move, nothing is thrown."""
    g = mined([kit.marines("m", (2, 2))])  # figures at x 2..4.4, y 2
    m = g.unit("m")
    start = m.centre()
    assert mod(g).move_warnings(m, [start, (start[0], start[1] + 5.0)]) == []  # y 7: short of it
    said = mod(g).move_warnings(m, [start, (start[0], start[1] + 6.5)])  # y 8.5: in the belt
    assert len(said) == 1 and "mf-1" in said[0] and "mine test (FF-036)" in said[0]
    assert m.centre() == start and not mine_tests(g)
    heavy = mined([kit.marines("m", (2, 2))], {"type": "heavy_at"})  # FF-040: no test for them
    hm = heavy.unit("m")
    assert mod(heavy).move_warnings(hm, [hm.centre(), (hm.centre()[0], 8.5)]) == []
    inside = mined([kit.marines("m", (2, 9))])  # FF-043: already in it, it tests no more
    im = inside.unit("m")
    assert mod(inside).move_warnings(im, [im.centre(), (im.centre()[0], 10.0)]) == []


@pytest.mark.rule("FF-036")
def test_a_move_into_cover_after_an_interruption_tests_for_the_field_walked_into_before_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """FF-036: a unit that walked into the belt, was interrupted there and moved into cover
    (AA-084) made one move into the minefield, and tests. Its end looked only at the move
    into cover, which began inside the field: no test. The interruption is stubbed (no
    dice) to the Regular's choice of a move into cover."""
    from ambush_gui.alley import interrupts

    house = {"id": "house", "kind": "building", "rect": [0, 12.3, 2.5, 3]}
    g = mined([kit.marines("m", (2, 2)), kit.insurgents("i", (16, 10.5), n=3)],
              pieces=[FIELD, house], strict=False)
    m = g.unit("m")
    m.speed = Speed.RAPID

    def interrupted(g: AlleyGame, reg: Any, ins: Any, kind: str, way: Any = None,
                    walked: Any = None) -> Any:
        assert walked is not None and len(walked) >= 2  # the move so far, for its end
        reg.times_interrupted += 1
        ins.interrupted = True
        yield from interrupts.cover_move(g, reg, ins, walked)
        return False

    monkeypatch.setattr(turn, "resolve", interrupted)
    cx, cy = m.centre()
    proc = turn.regular_move(g, m, {"path": [[cx, cy + 11]]})
    d = next(proc)
    assert d.kind is DecisionKind.INTERRUPT
    at = next(o for o in d.options if isinstance(o, dict) and o.get("at") == 8.0)
    d = proc.send(d.validate(at))
    assert d.kind is DecisionKind.MOVE and d.facts.get("cover_from") == "i"
    assert not mine_tests(g)  # in the field, but its move is not over
    cover = next(o for o in d.options if isinstance(o, dict))
    try:
        d = proc.send(d.validate(cover))
        while True:
            d = proc.send(d.validate(answer(d)))
    except StopIteration:
        pass
    assert len(mine_tests(g)) == 1


def test_the_mines_attack_in_the_plural() -> None:
    """The log read "the Light AP mines of … attacks Alpha team": the mines attack."""
    g = mined([kit.insurgents("i", (2, 2), n=6)], {"type": "light_ap"}, script=[1] + [1] * 3,
              strict=False)
    g.unit("i").translate(0, 7)
    play(g, mod(g).start_turn())
    (ev,) = kit.events(g, "blast")
    assert f" mines of minefield mf-1 attack {g.unit('i').name} — " in ev.text, ev.text
    # it opens the line (and the pause on it, the dice tray's card): "The ...", not "the ..."
    assert ev.text.startswith("The Light AP mines of "), ev.text
