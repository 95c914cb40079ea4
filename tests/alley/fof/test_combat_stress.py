"""Combat stress (FF-087..128): Stress Levels, leaders, Stress Tests, losing and regaining Confidence.

The fixtures are a Marine fireteam ``m`` (4 figures, 6D basic Firepower, d8) at y=10 and
Insurgents ``i`` far off in plain sight; leaders are the ``L`` figures of other Regular
units placed a measured distance from ``m``. Dice are scripted and strict.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.ai.random_player import RandomPlayer
from ambush_gui.ai.simulate import make_player, play_out
from ambush_gui.alley import modules, turn, victory
from ambush_gui.alley.fire import fire, kill
from ambush_gui.alley.fof.combat_stress import CombatStressModule, basic_firepower
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Injury, Unit
from ambush_gui.alley.pools import firepower
from ambush_gui.core.errors import ScenarioError
from tests.alley import kit

M = (5.0, 10.0)  # the fireteam's first figure; its last stands at (7.4, 10)
FAR = kit.insurgents("i", (16, 22))


def squad(uid: str, y: float, x: float = 5.0) -> dict[str, Any]:
    """A Regular unit of three riflemen and a leader figure ``{uid}-L`` at (x + 2.4, y)."""
    return {"id": uid, "name": f"Squad {uid}", "side": "regular", "tq": "d8", "morale": "d10",
            "figures": kit.figures(uid, (x, y), ["rifle"] * 3, leader=True)}


def stress(units: list[dict[str, Any]] | None = None, script: tuple[int, ...] = (),
           options: dict[str, str] | None = None, pieces: tuple[dict[str, Any], ...] = (),
           extra_modules: dict[str, dict[str, Any]] | None = None,
           game_kw: dict[str, Any] | None = None,
           **settings: Any) -> tuple[AlleyGame, CombatStressModule]:
    """A game with combat stress on, after the start of turn 1 (every unit tracked);
    ``extra_modules``: other modules switched on too, with their settings."""
    units = units if units is not None else [kit.marines("m", M), FAR]
    switched: Any = {"combat_stress": {}, **extra_modules} if extra_modules else ["combat_stress"]
    g = kit.game(units, script=script, options=options, pieces=list(pieces),
                 modules=switched, combat_stress=settings, **(game_kw or {}))
    cs = g.modules.get("combat_stress")
    assert isinstance(cs, CombatStressModule)
    g.state.turn = 1
    kit.drive(g, cs.start_turn())
    return g, cs


def at_turn(g: AlleyGame, cs: CombatStressModule, n: int) -> None:
    """Play the module's start of turn ``n`` (its Stress Levels, regains and tests)."""
    g.state.turn = n
    kit.drive(g, cs.start_turn())


def items(cs: CombatStressModule, unit: Unit) -> dict[str, int]:
    """The unit's stress modifiers now, by rule."""
    out: dict[str, int] = {}
    for m in cs.modifiers(unit):
        assert m.rule not in out, f"{m.rule} counted twice"
        out[m.rule] = m.value
    return out


def level(cs: CombatStressModule, unit: Unit) -> int:
    return max(0, sum(items(cs, unit).values()))


def stress_rolls(g: AlleyGame) -> list[Any]:
    return [e for e in kit.events(g, "roll") if e.data["purpose"].startswith("Stress Test")]


def lost_item(g: AlleyGame, unit: Unit) -> list[tuple[str, int, str]]:
    return [(x.label, x.value, x.rule) for x in firepower(g, unit, g.unit("i")).items
            if x.rule == "FF-115"]


# -- switching it on, the background level ---------------------------------------------------------


@pytest.mark.rule("FF-087")
def test_combat_stress_is_played_only_when_the_scenario_switches_it_on() -> None:
    def to_turn_two(g: AlleyGame) -> None:
        player = RandomPlayer(3)
        while not (g.state.turn == 2 and g.state.phase == "regular"):
            d = g.pending()
            assert d is not None
            g.answer(player.choose(g, d))

    units = [kit.marines("m", M), kit.insurgents("i", (5, 20))]
    plain = kit.game(units, strict=False)
    plain.start()
    to_turn_two(plain)
    assert not stress_rolls(plain) and not kit.events(plain, "stress")
    on = kit.game(units, strict=False, modules=["combat_stress"], combat_stress={"background": 4})
    on.start()
    to_turn_two(on)
    assert [e.data["unit"] for e in stress_rolls(on)] == ["m"]


@pytest.mark.rule("FF-088")
def test_the_scenario_sets_the_background_stress_level() -> None:
    g, cs = stress(background=3)
    assert cs.units["m"].level == 3 and g.unit("m").marks["combat_stress.level"] == 3
    assert items(cs, g.unit("m"))["FF-088"] == 3
    g, cs = stress()
    assert cs.units["m"].level == 0  # usually 0


@pytest.mark.rule("FF-089")
def test_every_regular_unit_starts_at_the_same_level_then_each_goes_its_own_way() -> None:
    g, cs = stress([kit.marines("m", M), kit.marines("n", (15, 10)), FAR], background=2,
                   script=(8,) * 8)
    assert cs.units["m"].level == cs.units["n"].level == 2
    cs.units["m"].fired_on.add(1)  # only m was fired on in turn 1
    at_turn(g, cs, 2)
    assert cs.units["m"].level == 4 and cs.units["n"].level == 2
    assert g.unit("m").marks["combat_stress.level"] == 4


# -- the modifiers ----------------------------------------------------------------------------------


@pytest.mark.rule("FF-090")
def test_the_modifiers_add_together() -> None:
    g, cs = stress([kit.marines("m", M), squad("n", 13), FAR], background=1, script=(8,) * 8,
                   negative_leaders=[{"figure": "n-L", "rating": 2}])
    cs.units["m"].fired_on |= {1, 2}
    g.unit("m").figures[0].injury = Injury.SLIGHT
    at_turn(g, cs, 3)
    got = items(cs, g.unit("m"))
    assert got == {"FF-088": 1, "FF-091": 2, "FF-092": 1, "FF-094": 1, "FF-096": 2}
    assert cs.units["m"].level == 1 + 2 + 1 + 1 + 2


@pytest.mark.rule("FF-091")
def test_plus_one_for_each_turn_after_the_first() -> None:
    g, cs = stress()
    cs.units["m"].fired_on |= {1, 2, 3}  # never quiet, so only the turns count
    g.state.turn = 4
    assert items(cs, g.unit("m"))["FF-091"] == 3
    g.state.turn = 1
    assert "FF-091" not in items(cs, g.unit("m"))


@pytest.mark.rule("FF-092")
def test_plus_one_for_dependants_or_wounded_in_the_unit() -> None:
    g, cs = stress()
    g.state.turn = 2
    assert "FF-092" not in items(cs, g.unit("m"))
    g.unit("m").figures[1].injury = Injury.MODERATE
    g.unit("m").figures[1].dependant = True
    assert items(cs, g.unit("m"))["FF-092"] == 1


def _zone_game(**settings: Any) -> tuple[AlleyGame, CombatStressModule]:
    """A market the Insurgents clear (their objective) and a Hot Spot under the fireteam."""
    awards = [{"side": "insurgent", "event": "zone_cleared", "zone": "market", "points": 2},
              {"side": "regular", "event": "hot_spot_neutralised", "points": 3}]
    return stress([kit.marines("m", M), kit.insurgents("i", (15, 20))],
                  pieces=(kit.rubble("market", (14, 19, 6, 3)),),
                  game_kw={"format": 2, "victory": {"awards": awards}, "hot_spots": [(1, (6.2, 10))]},
                  **settings)


@pytest.mark.rule("FF-093")
def test_plus_one_for_each_insurgent_objective_achieved() -> None:
    g, cs = _zone_game()
    victory.check_zones(g)  # the Insurgents clear the market in turn 1
    at_turn(g, cs, 2)
    got = items(cs, g.unit("m"))
    assert got["FF-093"] == 1
    assert cs.achieved["insurgent"] == ["market cleared by Insurgents i on turn 1"]
    at_turn(g, cs, 3)  # house rule FF-101: it still counts, once
    assert items(cs, g.unit("m"))["FF-093"] == 1


@pytest.mark.rule("FF-094")
def test_plus_one_if_fired_on_last_turn() -> None:
    g, cs = stress(script=(1,) * 20, units=[kit.marines("m", M), kit.insurgents("i", (5, 16))])
    kit.drive(g, fire(g, g.unit("i"), g.unit("m"), "Fire"))  # every die misses: fired on all the same
    assert cs.units["m"].fired_on == {1}
    g.state.turn = 2
    assert items(cs, g.unit("m"))["FF-094"] == 1
    g.state.turn = 3
    assert "FF-094" not in items(cs, g.unit("m"))


@pytest.mark.rule("FF-095")
def test_plus_one_if_taunted_by_mobs_last_turn() -> None:
    g, cs = stress(script=(8,) * 4)
    g.unit("m").marks["civilians.taunted_turn"] = 1  # the civilians module's mark
    at_turn(g, cs, 2)
    got = items(cs, g.unit("m"))
    assert got["FF-095"] == 1 and "FF-099" not in got  # a taunted turn is not a quiet one


@pytest.mark.rule("FF-096")
def test_plus_x_for_a_negative_leader_within_6_inches() -> None:
    g, cs = stress([kit.marines("m", M), squad("n", 15.5), FAR],
                   negative_leaders=[{"figure": "n-L", "rating": 3}])
    g.state.turn = 2
    assert items(cs, g.unit("m"))["FF-096"] == 3  # 5.5" away
    g.unit("n").translate(0, 2)  # 7.5": beyond 6" (and he is alone within 8", so not mixed)
    assert "FF-096" not in items(cs, g.unit("m"))


@pytest.mark.rule("FF-097")
def test_minus_one_in_solid_cover_or_out_of_sight_of_every_enemy() -> None:
    g, cs = stress(pieces=(kit.wall("w", (4, 10.4, 5, 0.4)),))  # a wall just north of m
    g.state.turn = 2
    assert [m.label for m in cs.modifiers(g.unit("m")) if m.rule == "FF-097"] == ["in Solid Cover"]
    g, cs = stress()
    g.state.turn = 2
    assert "FF-097" not in items(cs, g.unit("m"))  # in the open, in sight
    g, cs = stress(pieces=(kit.building("b", (0, 14, 24, 3)), kit.wall("w", (4, 10.4, 5, 0.4))))
    g.state.turn = 2
    # house rule FF-101: both at once is still −1 (items() refuses a rule counted twice)
    assert items(cs, g.unit("m"))["FF-097"] == -1


@pytest.mark.rule("FF-098")
def test_minus_one_for_each_regular_objective_achieved() -> None:
    g, cs = _zone_game(background=3)
    m = g.unit("m")
    m.start_contact, m.moved = (1,), 0.0
    turn.end_turn(g)  # m stayed on Hot Spot 1 all turn: neutralised
    g.dice.push(8, 8, 8, 8)  # level 3+1−1−1+1 (the Insurgents cleared the market too): passes
    at_turn(g, cs, 2)
    assert cs.achieved["regular"] == ["Hot Spot 1 neutralised"]
    assert items(cs, m)["FF-098"] == -1


@pytest.mark.rule("FF-099")
def test_minus_one_for_each_turn_not_under_fire_nor_taunted() -> None:
    g, cs = stress()
    cs.units["m"].fired_on.add(2)
    g.state.turn = 4  # turns 1 and 3 were quiet
    assert items(cs, g.unit("m"))["FF-099"] == -2


@pytest.mark.rule("FF-100")
def test_minus_x_for_a_positive_leader_within_6_inches() -> None:
    g, cs = stress([kit.marines("m", M), squad("p", 15), FAR], background=4,
                   positive_leaders=[{"figure": "p-L", "rating": 2}])
    g.state.turn = 2
    assert items(cs, g.unit("m"))["FF-100"] == -2
    g.unit("p").figures[-1].injury = Injury.SERIOUS  # a wounded leader leads nobody
    g.unit("p").figures[-1].dependant = True
    assert "FF-100" not in items(cs, g.unit("m"))


# -- house rule FF-101: recalculated each turn, never below 0 -----------------------------------


@pytest.mark.rule("FF-101")
def test_the_level_is_worked_out_afresh_each_turn_and_never_below_zero() -> None:
    g, cs = stress([kit.marines("m", M), squad("n", 14), FAR], background=1,
                   negative_leaders=[{"figure": "n-L", "rating": 3}])
    cs.units["m"].fired_on.add(1)
    g.state.turn = 2
    assert level(cs, g.unit("m")) == 1 + 1 + 1 + 3
    g.unit("n").translate(0, 8)  # the Negative Leader walks away: his +3 is gone, not kept
    g.state.turn = 3
    assert level(cs, g.unit("m")) == 1 + 2 + 0 - 1  # turns 2 quiet; not fired on in turn 2
    g2, cs2 = stress([kit.marines("m", M), squad("p", 14), FAR],
                     positive_leaders=[{"figure": "p-L", "rating": 3}])
    at_turn(g2, cs2, 2)
    assert sum(items(cs2, g2.unit("m")).values()) < 0 and cs2.units["m"].level == 0


# -- leaders ---------------------------------------------------------------------------------------


@pytest.mark.rule("FF-102")
def test_a_positive_leader_rates_1_to_3_and_removes_that_much_stress() -> None:
    for rating in (1, 2, 3):
        g, cs = stress([kit.marines("m", M), squad("p", 14), FAR],
                       positive_leaders=[{"figure": "p-L", "rating": rating}])
        g.state.turn = 2
        assert items(cs, g.unit("m"))["FF-100"] == -rating
    with pytest.raises(ScenarioError, match=r"positive leader 1.*'p-L'.*1, 2 or 3.*not 4"):
        stress([kit.marines("m", M), squad("p", 14), FAR],
               positive_leaders=[{"figure": "p-L", "rating": 4}])


@pytest.mark.rule("FF-103")
def test_the_scenario_lists_its_leaders_and_the_table_shows_them() -> None:
    g, cs = stress([kit.marines("m", M), squad("p", 14), squad("n", 18), FAR],
                   positive_leaders=[{"figure": "p-L", "rating": 2}],
                   negative_leaders=[{"figure": "n-L", "rating": 1}])
    assert g.spec.combat_stress is not None
    assert cs.status()[0] == "Stress leaders: Squad p, leader, Positive 2; Squad n, leader, Negative 1"
    n_leader = next(f for f in g.unit("n").figures if f.id == "n-L")
    kill(g, g.unit("n"), n_leader)  # a leader killed is no longer listed
    assert cs.status()[0] == "Stress leaders: Squad p, leader, Positive 2"
    with pytest.raises(ScenarioError, match="Positive Leader 'ghost': no figure of that id"):
        stress(positive_leaders=[{"figure": "ghost", "rating": 1}])


@pytest.mark.rule("FF-104")
def test_a_negative_leader_rates_1_to_3_and_adds_that_much_stress() -> None:
    for rating in (1, 2, 3):
        g, cs = stress([kit.marines("m", M), squad("n", 14), FAR],
                       negative_leaders=[{"figure": "n-L", "rating": rating}])
        g.state.turn = 2
        assert items(cs, g.unit("m"))["FF-096"] == rating
    with pytest.raises(ScenarioError, match=r"negative leader 1.*1, 2 or 3.*not 0"):
        stress([kit.marines("m", M), squad("n", 14), FAR],
               negative_leaders=[{"figure": "n-L", "rating": 0}])


def _mixed(positive: int, negative: int, p_at: float = 4.0, n_at: float = 5.0,
           options: dict[str, str] | None = None) -> dict[str, int]:
    """m's modifiers with a Positive Leader ``p_at``" north and a Negative one ``n_at``" south."""
    g, cs = stress([kit.marines("m", M), squad("p", M[1] + p_at), squad("n", M[1] - n_at), FAR],
                   options=options, positive_leaders=[{"figure": "p-L", "rating": positive}],
                   negative_leaders=[{"figure": "n-L", "rating": negative}])
    g.state.turn = 2
    got = items(cs, g.unit("m"))
    return {k: v for k, v in got.items() if k in ("FF-096", "FF-100", "FF-105")}


@pytest.mark.rule("FF-105")
def test_mixed_leadership_applies_the_difference_in_the_larger_ones_direction() -> None:
    assert _mixed(3, 1) == {"FF-105": -2}
    assert _mixed(1, 3) == {"FF-105": 2}
    assert _mixed(2, 1, p_at=7.5) == {"FF-105": -1}  # within 8" of both


@pytest.mark.rule("FF-106")
def test_example_positive_1_and_negative_2_gain_1_stress() -> None:
    """Seed 003 line 261: Positive 1 and Negative 2 within 8": the unit gains 1, not 2."""
    assert _mixed(1, 2) == {"FF-105": 1}


@pytest.mark.rule("FF-107")
def test_example_positive_2_and_negative_1_lose_1_stress() -> None:
    """Seed 003 line 261, reversed: Positive 2 and Negative 1: the unit loses 1, not 2."""
    assert _mixed(2, 1) == {"FF-105": -1}


@pytest.mark.rule("FF-108")
@pytest.mark.parametrize("reading, expected", [("as_written", {}), ("eight", {"FF-100": -2})])
def test_the_leader_radius_is_a_rules_option(reading: str, expected: dict[str, int]) -> None:
    """A Positive Leader 7" away: beyond the table's 6" as written, within 8" read as 8"."""
    g, cs = stress([kit.marines("m", M), squad("p", 17), FAR], options={"stress_leader_radius": reading},
                   positive_leaders=[{"figure": "p-L", "rating": 2}])
    g.state.turn = 2
    got = {k: v for k, v in items(cs, g.unit("m")).items() if k in ("FF-100", "FF-096", "FF-105")}
    assert got == expected


@pytest.mark.rule("FF-108")
def test_equal_ratings_cancel_and_leaders_of_one_sign_do_not_add_up() -> None:
    assert _mixed(2, 2) == {}
    g, cs = stress([kit.marines("m", M), squad("p", 13), squad("q", 7), FAR],
                   positive_leaders=[{"figure": "p-L", "rating": 1}, {"figure": "q-L", "rating": 2}])
    g.state.turn = 2
    assert items(cs, g.unit("m"))["FF-100"] == -2  # the best of them


LEADS_OTHERS = {"stress_leader_on_himself": "leads_others"}


def _lone(sign: str, script: tuple[int, ...] = (), options: dict[str, str] | None = None,
          **settings: Any) -> tuple[AlleyGame, CombatStressModule, Unit]:
    """A Lieutenant ``c-1`` alone in his unit, a leader of rating 1 of ``sign``, at turn 2."""
    g, cs = stress([kit.leader("c", "regular", (15, 10)), FAR], script=script,
                   options=LEADS_OTHERS if options is None else options,
                   **{f"{sign}_leaders": [{"figure": "c-1", "rating": 1}]}, **settings)
    g.state.turn = 2
    return g, cs, g.unit("c")


@pytest.mark.rule("FF-096")
@pytest.mark.rule("FF-111")
def test_a_lone_negative_leader_does_not_count_his_own_rating_against_himself() -> None:
    """Play-test: the Lieutenant alone got "+1 Negative Leader within 6\"", then lost his
    only Stress Test die and left the table without being fired on. A leader acts on the
    men he leads or stands near, not on himself (correction ``stress_leader_on_himself``)."""
    g, cs, c = _lone("negative", script=(8,), background=2)
    assert not {"FF-096", "FF-105"} & set(items(cs, c))
    at_turn(g, cs, 2)  # level 2 + 1 turn − 1 quiet turn = 2: his one die of 8 holds
    assert len(stress_rolls(g)[-1].data["faces"]) == 1
    assert c.alive and cs.units["c"].lost == 0
    g, cs, c = _lone("negative", options={"stress_leader_on_himself": "counts_himself"}, background=2)
    assert items(cs, c)["FF-096"] == 1  # older saves replay as they were played
    at_turn(g, cs, 2)
    assert not c.alive and not stress_rolls(g)


@pytest.mark.rule("FF-100")
@pytest.mark.rule("FF-111")
@pytest.mark.rule("FF-121")
def test_a_lone_positive_leader_does_not_steady_himself_but_still_steadies_his_squad() -> None:
    g, cs, c = _lone("positive", script=(1,), background=4)
    assert "FF-100" not in items(cs, c)
    assert "FF-121" not in _rules(cs.regain_reasons(c))  # nor is he his own reason to regain
    cs.units["c"].level = 4
    assert not cs.stress_test(c, "test") and len(stress_rolls(g)[-1].data["faces"]) == 1
    g, cs = stress([squad("p", 10), FAR], options=LEADS_OTHERS, background=4,
                   positive_leaders=[{"figure": "p-L", "rating": 2}])
    g.state.turn = 2
    assert items(cs, g.unit("p"))["FF-100"] == -2  # his own squad, three riflemen with him
    for f in g.unit("p").figures[:3]:
        kill(g, g.unit("p"), f)
    assert "FF-100" not in items(cs, g.unit("p"))  # the riflemen gone: he is on his own


# -- the Stress Test -------------------------------------------------------------------------------


@pytest.mark.rule("FF-109")
def test_every_turn_but_the_first_starts_with_a_stress_test_whose_penalty_is_immediate() -> None:
    g, cs = stress(script=(1, 1, 1, 4), background=4)
    assert not stress_rolls(g)  # turn 1: none
    at_turn(g, cs, 2)
    assert [e.data["unit"] for e in stress_rolls(g)] == ["m"]
    assert cs.units["m"].lost == 1 and lost_item(g, g.unit("m"))  # already this turn


@pytest.mark.rule("FF-110")
def test_only_the_sides_the_scenario_names_take_stress_tests() -> None:
    g, cs = stress([kit.marines("m", M), kit.insurgents("i", (16, 22), n=2)], script=(8,) * 4,
                   background=4)
    at_turn(g, cs, 2)
    assert "i" not in cs.units and [e.data["unit"] for e in stress_rolls(g)] == ["m"]
    g, cs = stress([kit.marines("m", M), kit.insurgents("i", (16, 22), n=2)], script=(8, 8, 8, 8, 6, 6),
                   background=4, sides=["regular", "insurgent"])
    at_turn(g, cs, 2)
    assert [e.data["unit"] for e in stress_rolls(g)] == ["m", "i"]


@pytest.mark.rule("FF-111")
def test_stress_test_dice_one_per_figure_plus_positive_minus_each_negative_within_8() -> None:
    g, cs = stress([kit.marines("m", M), squad("p", 17.5), squad("n", 3), squad("o", 3, x=8.2), FAR],
                   script=(8, 8, 8), positive_leaders=[{"figure": "p-L", "rating": 1}],
                   negative_leaders=[{"figure": "n-L", "rating": 1}, {"figure": "o-L", "rating": 1}])
    cs.units["m"].level = 5
    assert cs.stress_test(g.unit("m"), "test")
    roll = stress_rolls(g)[-1]
    assert len(roll.data["faces"]) == 4 + 1 - 2 and roll.data["sides"] == 8
    assert [(v, r) for _, v, r in roll.data["modifiers"]] == [(4, "FF-111"), (1, "FF-111"),
                                                              (-1, "FF-111"), (-1, "FF-111")]


@pytest.mark.rule("FF-112")
def test_more_dice_at_or_above_the_level_pass() -> None:
    g, cs = stress(script=(4, 5, 8, 1))
    cs.units["m"].level = 4
    assert cs.stress_test(g.unit("m"), "test")
    assert kit.events(g, "stress")[-1].data["held"] == 3


@pytest.mark.rule("FF-113")
def test_more_dice_below_the_level_fail_and_the_unit_loses_confidence() -> None:
    g, cs = stress(script=(1, 1, 1, 4), background=4)
    at_turn(g, cs, 2)
    assert cs.units["m"].lost == 1 and g.unit("m").confidence == "low"


@pytest.mark.rule("FF-114")
def test_a_tie_passes_against_the_units_own_level_with_fighting_figures_only() -> None:
    g, cs = stress([kit.marines("m", M), kit.marines("n", (15, 10)), FAR], script=(1, 1, 5, 5, 1, 1, 5, 5))
    cs.units["m"].level, cs.units["n"].level = 5, 6
    assert cs.stress_test(g.unit("m"), "test")  # 2 against 2: a tie passes
    assert not cs.stress_test(g.unit("n"), "test")  # the same faces fail against n's own 6
    g, cs = stress(script=(5, 5, 1))
    g.unit("m").figures[0].dependant = True  # a Dependant throws no die
    cs.units["m"].level = 4
    assert cs.stress_test(g.unit("m"), "test") and len(stress_rolls(g)[-1].data["faces"]) == 3
    g, cs = stress([kit.leader("c", "regular", M), squad("n", 12), FAR],
                   negative_leaders=[{"figure": "n-L", "rating": 1}])
    cs.units["c"].level = 3
    assert not cs.stress_test(g.unit("c"), "test")  # no die left: fails, no roll
    cs.units["c"].level = 1
    assert cs.stress_test(g.unit("c"), "test") and not stress_rolls(g)  # level 1: every die holds


# -- losing confidence --------------------------------------------------------------------------


@pytest.mark.rule("FF-115")
def test_losing_confidence_costs_a_firepower_die_and_a_confidence_level() -> None:
    g, cs = stress()
    m = g.unit("m")
    before = firepower(g, m, g.unit("i")).raw
    cs.lose_confidence(m)
    assert lost_item(g, m) == [("lost confidence (combat stress)", -1, "FF-115")]
    assert firepower(g, m, g.unit("i")).raw == before - 1 and m.confidence == "low"
    assert m.marks["combat_stress.lost_dice"] == 1


@pytest.mark.rule("FF-116")
def test_example_6d_becomes_5d_and_confident_becomes_low() -> None:
    """Seed 003 line 275: a basic Firepower of 6D goes down to 5D; Confident becomes Low."""
    g, cs = stress()
    m = g.unit("m")
    assert basic_firepower(m) == 6 and m.confidence == "confident"
    basic = [x for x in firepower(g, m, g.unit("i")).items if x.rule in ("AA-134", "AA-137")]
    assert sum(x.value for x in basic) == 6
    cs.lose_confidence(m)
    assert sum(x.value for x in basic) + sum(v for _, v, _ in lost_item(g, m)) == 5
    assert m.confidence == "low"
    assert "Firepower 6D → 5D, Confident → Low Confidence" in kit.events(g, "confidence")[-1].text


@pytest.mark.rule("FF-117")
def test_a_unit_out_of_firepower_dice_is_combat_ineffective_and_removed() -> None:
    g, cs = stress([kit.marines("m", M), kit.leader("c", "regular", (15, 10)), FAR], script=(1,),
                   background=5)
    cs.units["c"].level = 5
    assert not cs.stress_test(g.unit("c"), "test")
    cs.lose_confidence(g.unit("c"))
    assert not g.unit("c").alive and ("c-1", "combat ineffective") in [(f.id, w) for f, w in g.state.removed]
    assert "combat ineffective" in kit.events(g, "stress")[-1].text


@pytest.mark.rule("FF-117")
def test_the_computer_players_play_on_when_units_vanish_under_stress() -> None:
    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    data = scenario.to_data() | {"modules": ["combat_stress"],
                                 "combat_stress": {"background": 6, "sides": ["regular", "insurgent"]}}
    scenario = type(scenario).from_data(data, "<test>")
    gone = 0
    for seed in (1, 2, 3):
        g = systems.new_game(scenario, seed)
        play_out(g, {s: make_player("ai", "alley", seed) for s in ("regular", "insurgent")})
        assert g.pending() is None and g.result is not None
        gone += sum(1 for _, why in g.state.removed if why == "combat ineffective")
    assert gone


@pytest.mark.rule("FF-118")
def test_low_is_the_bottom_and_casualties_count_against_what_is_left() -> None:
    g, cs = stress()
    m = g.unit("m")
    m.confidence = "high"
    cs.lose_confidence(m)
    assert m.confidence == "confident"
    cs.lose_confidence(m)
    cs.lose_confidence(m)
    assert m.confidence == "low" and cs.units["m"].lost == 3  # Low stays Low; the die still goes
    # casualties count against what is left: a rifleman falls, 5D basic, 3 lost, 2 left
    m.figures.pop(0)
    at_turn(g, cs, 2)
    assert basic_firepower(m) == 5 and m.alive
    m.figures.pop(1)  # the M203 gunner too: rifle and SAW, 3D basic, 3 lost: exactly none left
    assert basic_firepower(m) == 3
    at_turn(g, cs, 3)
    assert not m.alive and "combat ineffective" in kit.events(g, "stress")[-1].text


# -- regaining confidence -----------------------------------------------------------------------


def _lost(units: list[dict[str, Any]] | None = None, script: tuple[int, ...] = (), lost_turn: int = 1,
          **kw: Any) -> tuple[AlleyGame, CombatStressModule]:
    """m lost confidence in ``lost_turn``; the game is at turn 2, m's level 4."""
    g, cs = stress(units, script=script, **kw)
    cs.lose_confidence(g.unit("m"))
    cs.units["m"].lost_turn = lost_turn
    cs.units["m"].level = 4
    g.state.turn = 2
    return g, cs


def _rules(reasons: list[str]) -> list[str]:
    return [r.rsplit("(", 1)[1].rstrip(")") for r in reasons]


BLIND = kit.building("b", (0, 14, 24, 3))  # between m and the Insurgents


@pytest.mark.rule("FF-119")
def test_no_regaining_in_the_turn_confidence_was_lost() -> None:
    g, cs = _lost(pieces=(BLIND,), lost_turn=2)
    assert cs.regain_reasons(g.unit("m")) and not cs.regain(g.unit("m"))  # strict dice: no roll
    cs.units["m"].lost_turn = 1
    g.dice.push(8, 8, 8, 8)
    assert cs.regain(g.unit("m"))


@pytest.mark.rule("FF-120")
def test_a_unit_tries_only_if_a_condition_applies() -> None:
    g, cs = _lost()  # in the open, in sight, no leader: nothing applies
    assert cs.regain_reasons(g.unit("m")) == [] and not cs.regain(g.unit("m"))
    assert not stress_rolls(g)


@pytest.mark.rule("FF-121")
def test_condition_a_positive_leader_within_8_inches() -> None:
    g, cs = _lost([kit.marines("m", M), squad("p", 17.5), FAR],
                  positive_leaders=[{"figure": "p-L", "rating": 1}])
    assert _rules(cs.regain_reasons(g.unit("m"))) == ["FF-121"]
    g.unit("p").translate(0, 1)
    assert cs.regain_reasons(g.unit("m")) == []


@pytest.mark.rule("FF-122")
def test_condition_not_fired_on_last_turn_and_in_cover() -> None:
    g, cs = _lost(pieces=(kit.rubble("r", (4, 11, 5, 1)),))
    assert _rules(cs.regain_reasons(g.unit("m"))) == ["FF-122"]
    cs.units["m"].fired_on.add(1)
    assert cs.regain_reasons(g.unit("m")) == []


@pytest.mark.rule("FF-123")
def test_condition_in_no_enemys_line_of_sight() -> None:
    g, cs = _lost(pieces=(BLIND,))
    cs.units["m"].fired_on.add(1)
    assert _rules(cs.regain_reasons(g.unit("m"))) == ["FF-123"]


class Support(modules.RuleModule):
    """A stand-in for a module with aircraft and armour (the program has neither)."""

    name = "test-support"

    def stress_air_support(self, unit: Unit, turn: int) -> bool | None:
        return bool(self.options.get("air")) or None

    def stress_friendly_armour(self, unit: Unit) -> bool | None:
        return bool(self.options.get("armour")) or None


@pytest.fixture
def support() -> Iterator[None]:
    modules.register(Support)
    yield
    modules.REGISTRY.pop(Support.name)


@pytest.mark.rule("FF-124")
def test_condition_air_support_last_turn(support: None) -> None:
    g, cs = _lost(extra_modules={"test-support": {"air": True}})
    assert _rules(cs.regain_reasons(g.unit("m"))) == ["FF-124"]
    g, cs = _lost(extra_modules={"test-support": {}})
    assert cs.regain_reasons(g.unit("m")) == []  # none in this program: house rule FF-128


@pytest.mark.rule("FF-125")
def test_condition_friendly_armour_in_sight(support: None) -> None:
    g, cs = _lost(extra_modules={"test-support": {"armour": True}})
    assert _rules(cs.regain_reasons(g.unit("m"))) == ["FF-125"]


@pytest.mark.rule("FF-126")
def test_condition_achieved_an_objective_last_turn() -> None:
    g, cs = _zone_game(background=4)
    m = g.unit("m")
    cs.lose_confidence(m)
    m.start_contact, m.moved = (1,), 0.0
    turn.end_turn(g)  # m neutralises Hot Spot 1 at the end of turn 1
    g.dice.push(1, 1, 1, 1)  # the regain roll fails (level 4)
    g.dice.push(8, 8, 8, 8)  # the turn's Stress Test passes
    at_turn(g, cs, 2)
    assert cs.units["m"].objectives == {1}
    asked = [e for e in kit.events(g, "confidence") if "may try" in e.text]
    assert "FF-126" in _rules(asked[0].data["reasons"])  # (and Hunkered Down, In Cover: FF-122)


@pytest.mark.rule("FF-127")
def test_the_regain_roll_is_a_stress_test_that_gives_back_a_firepower_die() -> None:
    g, cs = _lost(pieces=(BLIND,), script=(4, 4, 4, 1))
    assert cs.regain(g.unit("m"))
    roll = stress_rolls(g)[-1]
    assert "regain" in roll.data["purpose"] and roll.data["result"] == "each die of 4+ holds"
    assert cs.units["m"].lost == 0 and lost_item(g, g.unit("m")) == []
    g, cs = _lost(pieces=(BLIND,), script=(1, 1, 1, 4))
    assert not cs.regain(g.unit("m")) and cs.units["m"].lost == 1


@pytest.mark.rule("FF-128")
def test_regaining_restores_a_confidence_level_up_to_the_start_at_the_start_of_the_next_turn() -> None:
    g, cs = stress(pieces=(BLIND,), background=3)
    m = g.unit("m")
    cs.lose_confidence(m)
    cs.lose_confidence(m)  # lost in turn 1 (as if), Low
    cs.units["m"].level = 3
    g.dice.push(*(8,) * 8)  # regain at last turn's level 3, then the test at 2 (3+1−1−1)
    at_turn(g, cs, 2)
    texts = [e.text for e in g.log.events if e.kind in ("confidence", "stress")]
    regained = next(i for i, t in enumerate(texts) if "regains confidence" in t)
    assert regained < next(i for i, t in enumerate(texts) if "Stress Level 2 (" in t)
    assert "Stress Level 3" in stress_rolls(g)[0].data["purpose"]
    assert m.confidence == "confident" and cs.units["m"].lost == 1
    g.dice.push(*(8,) * 8)
    at_turn(g, cs, 3)
    assert m.confidence == "confident" and cs.units["m"].lost == 0  # never above where it started


# -- the settings -------------------------------------------------------------------------------


def test_bad_settings_are_refused_naming_the_place() -> None:
    with pytest.raises(ScenarioError, match=r"background.*0 to 6.*not 7"):
        stress(background=7)
    with pytest.raises(ScenarioError, match=r"background.*not -1"):
        stress(background=-1)
    with pytest.raises(ScenarioError) as err:
        stress(negative_leaders=[{"figure": "m-9", "rating": 2}])
    assert err.value.problems[0][0] == "combat_stress.negative_leaders[0].figure"
    with pytest.raises(ScenarioError, match="insurgent side, whose units take no Stress Tests"):
        stress(positive_leaders=[{"figure": "i-1", "rating": 2}])
    with pytest.raises(ScenarioError, match="already listed"):
        stress(positive_leaders=[{"figure": "m-1", "rating": 2}],
               negative_leaders=[{"figure": "m-1", "rating": 2}])
    with pytest.raises(ScenarioError, match="gusts"):
        stress(gusts=3)


def test_each_unit_says_its_stress_in_words() -> None:
    g, cs = stress(background=2)
    cs.lose_confidence(g.unit("m"))
    assert cs.summary(g.unit("m")) == ("Marines m: Stress Level 2, Low Confidence, "
                                       "Firepower −1 (lost confidence)")
    assert cs.status() == ["Combat stress: background 2, highest Stress Level 2 (Marines m)",
                           "Lost confidence: Marines m −1"]
    assert cs.unit_status(g.unit("m")) == ["Stress Level 2, Low Confidence, Firepower −1 (lost confidence)",
                                           "stress from: +2 background Stress Level [FF-088]"]
    assert g.modules.gather("unit_status", g.unit("i")) == []  # Insurgents take no tests here
    assert cs.explain(g.unit("m"))[0] == "+2 background Stress Level [FF-088]"
    snap = g.snapshot()
    assert snap["modules"]["combat_stress"]["units"]["m"]["lost"] == 1


# -- a leader who has left the fight (correction stress_leader_who_left) ---------------------------

GONE = {"stress_leader_on_himself": "leads_others", "stress_leader_who_left": "counts_no_more"}


def _sergeant_leaves(reading: str = "counts_no_more", script: tuple[int, ...] = ()) -> tuple[AlleyGame,
                                                                                             CombatStressModule]:
    """The play-test of Market Day: a Lieutenant ``l`` (Negative 1) and a Sergeant ``c``
    (Positive 2), each alone in his unit, beside the fireteam ``m``. At the start of turn 2
    the Sergeant, at Stress Level 2 with his one die taken by the Lieutenant within 8", fails
    without a roll and leaves the table (FF-114, FF-117). The Lieutenant tests before him."""
    g, cs = stress([kit.leader("l", "regular", (12, 10)), kit.leader("c", "regular", (9, 10)),
                    kit.marines("m", M), FAR], script=script,
                   options={**GONE, "stress_leader_who_left": reading}, background=1,
                   positive_leaders=[{"figure": "c-1", "rating": 2}],
                   negative_leaders=[{"figure": "l-1", "rating": 1}])
    at_turn(g, cs, 2)
    assert not g.unit("c").alive
    return g, cs


@pytest.mark.rule("FF-100")
@pytest.mark.rule("FF-109")
def test_a_leader_who_leaves_the_table_no_longer_counts_on_the_unit_cards() -> None:
    """Play-test: after the Sergeant had gone, the Lieutenant's card still counted "−2
    Positive Leader within 6"" from him."""
    g, cs = _sergeant_leaves(script=(8, 8, 8))
    card = " ".join(cs.unit_status(g.unit("l")))
    assert "Positive Leader" not in card and cs.units["l"].level == 1
    assert "FF-100" not in {m.rule for m in cs.units["l"].items}
    said = [e.text for e in kit.events(g, "stress")]
    assert any(t.startswith("Leader c has lost all its Firepower dice to stress: combat ineffective, "
                            "it leaves the table (FF-117); Leader c, a Positive Leader, leads no more")
               for t in said)
    assert any(t.startswith("Leader l: Stress Level 0 → 1: Leader c (combat ineffective) no longer "
                            "leads (FF-109") for t in said)
    assert "no die left to throw (+1 1 figure [FF-111]" in " ".join(said)  # why he failed
    g, cs = _sergeant_leaves("counted_till_next_turn")  # older saves: as they were played
    assert "FF-100" in {m.rule for m in cs.units["l"].items}


@pytest.mark.rule("FF-105")
@pytest.mark.rule("FF-109")
@pytest.mark.rule("FF-111")
def test_the_units_that_test_after_a_leader_has_gone_test_without_him() -> None:
    """FF-109: the Stress Test's penalty takes effect at once. The fireteam, testing after the
    Sergeant left, had its level worked out with his mixed leadership (−1: Positive 2 against
    Negative 1); without him the Lieutenant's +1 stands, level 2: it throws its dice (4
    figures, −1 for the Lieutenant within 8"), where the old level of 0 held without a roll."""
    g, cs = _sergeant_leaves(script=(8, 8, 8))
    m = g.unit("m")
    assert cs.units["m"].level == 2 and {x.rule: x.value for x in cs.units["m"].items}["FF-096"] == 1
    roll = stress_rolls(g)[-1]
    assert roll.data["unit"] == "m" and len(roll.data["faces"]) == 3
    assert "FF-105" not in {x.rule for x in cs.units["m"].items} and m.alive
    assert not [x for x in cs.leaders(m, 8.0) if x.positive]  # dice, mixed leadership, regaining
    g, cs = _sergeant_leaves("counted_till_next_turn")
    assert cs.units["m"].level == 0 and stress_rolls(g) == []


@pytest.mark.rule("FF-100")
@pytest.mark.rule("FF-109")
def test_a_leader_killed_by_fire_leads_no_more_from_that_moment() -> None:
    """A Positive Leader killed in the middle of a turn: the squad he steadied loses his −2
    at once (its card, and the level it would regain confidence at next turn)."""
    g, cs = stress([squad("p", 10), kit.marines("m", (5, 13)), FAR], options=GONE, background=3,
                   positive_leaders=[{"figure": "p-L", "rating": 2}])
    at_turn(g, cs, 2)  # no die is thrown: every level is at most 1
    assert {x.rule: x.value for x in cs.units["m"].items}["FF-100"] == -2
    before = cs.units["m"].level
    p = g.unit("p")
    kill(g, p, next(f for f in p.figures if f.id == "p-L"))
    kit.drive(g, cs.after_fire(p, g.unit("i"), 1))
    assert "FF-100" not in {x.rule for x in cs.units["m"].items}
    assert cs.units["m"].level == before + 2
    assert "Squad p, leader (killed) no longer leads" in kit.events(g, "stress")[-1].text
