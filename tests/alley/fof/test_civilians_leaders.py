"""The civilians module: popular leaders (FF-149..154), mixed mobs (FF-155..160) and
hostile mobs (FF-161..166)."""

from __future__ import annotations

import pytest

from ambush_gui.alley import turn, victory
from ambush_gui.alley.fire import take_casualties
from ambush_gui.alley.fof import civilians_hostile, civilians_leaders
from ambush_gui.alley.model import Side
from ambush_gui.alley.pools import defense, firepower
from ambush_gui.core.decisions import DecisionKind
from tests.alley import kit
from tests.alley.fof.test_civilians import GUNMEN, MARINES, centre, civ, game, mob

# Two riflemen and their leader at (5..6.6, 20); a stand touching the leader's base.
GANG = kit.insurgents("i", (5, 20), n=2, leader=True)
TOUCHING = mob("mob1", 6.9, 19)


def plans(g, uid: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [p for p in turn.plan_options(g, g.unit(uid)) if "/" in p]


# -- popular leaders --------------------------------------------------------------------------

@pytest.mark.rule("FF-149")
def test_a_leader_in_base_contact_may_declare_manipulate_or_arm() -> None:
    g = game([MARINES, GANG], [TOUCHING])
    assert plans(g, "i") == ["civilians/manipulate/mob1", "civilians/arm/mob1"]
    label = civ(g).plan_label(g.unit("i"), "civilians/arm/mob1")
    assert label is not None and "D6 of 4 or less: 67%" in label
    apart = game([MARINES, GANG], [mob("mob1", 7.5, 19)])  # 0.9" from his base: no contact
    assert plans(apart, "i") == []
    leaderless = game([MARINES, kit.insurgents("i", (5, 20), n=3)], [mob("mob1", 7.5, 19)])
    assert plans(leaderless, "i") == []  # his riflemen touch it, but no leader


@pytest.mark.rule("FF-150")
def test_the_attempt_succeeds_on_a_d6_at_or_below_the_insurgency_level() -> None:
    g = game([MARINES, GANG], [TOUCHING], script=[4, 5], settings={"insurgency_level": 4})
    mod, i, m = civ(g), g.unit("i"), civ(g).mobs["mob1"]
    assert civilians_leaders.attempt(mod, i, "manipulate", m)
    assert not civilians_leaders.attempt(mod, i, "manipulate", m)
    assert kit.roll_texts(g)[0].startswith("Popular leader: Insurgents i tries to manipulate mob mob1 "
                                           "(Insurgency Level 4 or less): 1d6 → 4")


@pytest.mark.rule("FF-151")
def test_a_manipulated_mob_moves_6_inches_where_the_leader_wants() -> None:
    g = game([MARINES, GANG], [TOUCHING], script=[2])
    i = g.unit("i")
    proc = turn.insurgent_activation(g, i)
    d = kit.asks(g, proc, ["civilians/manipulate/mob1"])
    assert d.kind is DecisionKind.CHOOSE and d.facts["question"] == "civilians.manipulate"
    assert d.side == "insurgent" and "east" in d.options and "stay" in d.options
    assert d.facts["labels"]["east"].startswith("6\" east")
    with pytest.raises(StopIteration):
        proc.send(d.validate("east"))
    assert centre(g, "mob1") == (14.4, 20.0)
    assert i.moved == 0 and not i.fired  # the attempt was the unit's action
    assert plans(g, "i") == []  # free of his influence (and no longer in contact)


@pytest.mark.rule("FF-152")
def test_arming_needs_an_armed_figure_with_the_leader() -> None:
    alone = kit.insurgents("i", (5, 20), n=0, leader=True)  # a leader on his own
    g = game([MARINES, alone], [mob("mob1", 5.3, 19)])
    assert plans(g, "i") == ["civilians/manipulate/mob1"]
    unarmed = kit.insurgents("i", (5, 20), weapons=["unarmed"], leader=True)
    g = game([MARINES, unarmed], [mob("mob1", 6.1, 19)])
    assert plans(g, "i") == ["civilians/manipulate/mob1"]


@pytest.mark.rule("FF-153")
def test_an_armed_mob_is_1d6_plus_1_per_armed_figure_on_the_table() -> None:
    g = game([MARINES, GANG], [TOUCHING], script=[3, 4])  # success 3 <= 4; 4 + 2 helpers = 6
    i = g.unit("i")
    kit.drive(g, turn.insurgent_activation(g, i), ["civilians/arm/mob1"])
    assert "Armed mob: mob mob1: 1d6 → 4 +2 2 armed figures with the leader [FF-153]" in kit.roll_texts(g)
    new = g.unit("c1")
    assert sorted(f.weapon for f in new.figures) == ["rifle"] * 4 + ["unarmed"] * 2  # the 6 line
    assert new.side is Side.INSURGENT and str(new.tq) == "d6" and new.activated
    assert civ(g).mobs["mob1"].gone == "armed" and len(i.figures) == 3  # helpers stay with him
    assert set(g.created) == {f.id for f in new.figures}
    from ambush_gui.alley import invariants

    assert invariants.check(g) == []


@pytest.mark.rule("FF-154")
def test_the_armed_mob_table_is_the_scenarios_with_a_default() -> None:
    """House rule FF-154: the table lives in the settings; a total beyond the last line reads
    the last line; "with him" is the leader's own unit."""
    table = {"1": {"armed": 1}, "5": {"armed": 6, "supporters": 1}}
    g = game([MARINES, GANG], [TOUCHING], settings={"armed_mob_table": table})
    mod = civ(g)
    assert civilians_leaders.armed_result(mod, 4) == (1, 0)
    assert civilians_leaders.armed_result(mod, 9) == (6, 1)
    assert civilians_leaders.helpers(g.unit("i")) == 2
    dflt = civ(game([MARINES, GANG], [TOUCHING]))
    assert civilians_leaders.armed_result(dflt, 1) == (1, 4)
    assert civilians_leaders.armed_result(dflt, 12) == (5, 2)


# -- mixed mobs -------------------------------------------------------------------------------

MIXED = kit.insurgents("x", (5, 20), weapons=["rifle", "rifle", "unarmed", "unarmed"])


def mixed_game(**kw):  # type: ignore[no-untyped-def]
    return game([MARINES, MIXED], [mob("mob1", 15, 2)], settings={"mixed_mobs": ["x"]}, **kw)


@pytest.mark.rule("FF-155")
def test_a_mixed_mob_is_named_by_the_scenario_or_made_by_arming() -> None:
    g = mixed_game()
    assert civilians_leaders.supporter_ids(civ(g)) == {"x": ["x-3", "x-4"]}
    armed = game([MARINES, GANG], [TOUCHING], script=[1, 1])
    kit.drive(armed, turn.insurgent_activation(armed, armed.unit("i")), ["civilians/arm/mob1"])
    assert civilians_leaders.supporter_ids(civ(armed))["c1"] and armed.unit("c1").marks["civilians.mixed"]


@pytest.mark.rule("FF-156")
def test_a_mixed_mobs_firepower_counts_only_armed_figures() -> None:
    g = mixed_game()
    assert firepower(g, g.unit("x"), g.unit("m")).items[0].value == 2


@pytest.mark.rule("FF-157")
def test_a_mixed_mobs_defense_counts_every_figure() -> None:
    g = mixed_game()
    assert defense(g, g.unit("x"), g.unit("m")).items[0].value == 4


@pytest.mark.rule("FF-158")
def test_the_owner_chooses_which_figures_of_a_mixed_mob_fall() -> None:
    g = mixed_game()
    d = kit.asks(g, take_casualties(g, g.unit("x"), 1, False))
    assert d.side == "insurgent" and d.kind is DecisionKind.CASUALTIES
    assert ["x-1"] in d.options and ["x-3"] in d.options


@pytest.mark.rule("FF-159")
def test_unarmed_supporters_lost_count_as_civilian_casualties_of_the_enemy() -> None:
    g = mixed_game()
    x, m = g.unit("x"), g.unit("m")
    kit.drive(g, take_casualties(g, x, 1, False), [["x-3"]])
    kit.drive(g, civ(g).after_fire(x, m, 1))
    assert civ(g).caused[Side.REGULAR] == 1
    kit.drive(g, take_casualties(g, x, 1, False), [["x-1"]])  # an armed one: no civilian
    kit.drive(g, civ(g).after_fire(x, m, 1))
    assert civ(g).caused[Side.REGULAR] == 1
    kit.drive(g, take_casualties(g, x, 1, False), [["x-2"]])  # the last armed one
    kit.drive(g, civ(g).after_fire(x, m, 1))
    assert not x.on_table and civ(g).caused[Side.REGULAR] == 1  # the supporters went home


@pytest.mark.rule("FF-160")
def test_each_civilian_casualty_scores_the_awards_points() -> None:
    award = {"awards": [{"side": "insurgent", "event": "civilian_casualty", "points": 2}]}
    g = mixed_game(victory=award, script=[1])
    x, m = g.unit("x"), g.unit("m")
    kit.drive(g, take_casualties(g, x, 1, False), [["x-4"]])
    kit.drive(g, civ(g).after_fire(x, m, 1))
    civ(g).civilian_casualty(civ(g).mobs["mob1"], Side.REGULAR, "hit by stray fire")
    civ(g).civilian_casualty(civ(g).mobs["mob1"], Side.INSURGENT, "hit by their own side")
    victory.score(g)
    assert g.state.score.total(Side.INSURGENT) == 4
    assert [w for _, _, w in g.state.score.lines] == [
        "unarmed supporter x-4 of Insurgents x (caused by the Marines)",
        "a civilian of mob mob1 hit by stray fire (caused by the Marines)"]


# -- hostile mobs -----------------------------------------------------------------------------

CLOSE = mob("mob1", 9, 7)  # centre (10.5, 8): the block point in front of the Marines is 4.3" off


def hostile_game(**kw):  # type: ignore[no-untyped-def]
    settings = {"hostile_mobs": ["mob1"], **kw.pop("settings", {})}
    g = game([MARINES, GUNMEN], [CLOSE], settings=settings, **kw)
    g.state.turn = 2
    return g


@pytest.mark.rule("FF-161")
def test_a_hostile_mob_is_moved_by_the_player_the_scenario_names() -> None:
    g = hostile_game()
    d = kit.asks(g, civ(g).phase_start(Side.INSURGENT))
    assert d.side == "insurgent" and d.facts["question"] == "civilians.hostile_move"
    assert set(d.options) == {"block/m", "near/m", "stay"}
    assert list(civ(g).phase_start(Side.REGULAR)) == []  # not in the other player's phase
    police = hostile_game(settings={"hostile_controller": "regular"})
    d = kit.asks(police, civ(police).phase_start(Side.REGULAR))
    assert d.side == "regular" and set(d.options) == {"block/i", "near/i", "stay"}


@pytest.mark.rule("FF-161")
def test_hostile_mobs_act_in_the_turn_at_the_start_of_their_players_phase() -> None:
    g = hostile_game(strict=False)
    while (d := g.pending()) is not None and d.kind is not DecisionKind.CHOOSE:
        g.answer("end" if "end" in d.options else d.options[0])
    assert d is not None and g.state.phase == "insurgent"


@pytest.mark.rule("FF-162")
def test_a_hostile_mob_may_block_regular_lines_of_fire() -> None:
    g = hostile_game()
    m, i = g.unit("m"), g.unit("i")
    assert civ(g).fire_blocked(m, i) is None
    kit.drive(g, civ(g).phase_start(Side.INSURGENT), ["block/m", "none"])
    assert centre(g, "mob1") == (6.2, 8.0)
    assert civ(g).fire_blocked(m, i) is not None and turn.fire_targets(g, m) == []


@pytest.mark.rule("FF-163")
def test_a_hostile_mob_may_taunt_one_regular_unit_within_4_inches() -> None:
    g = hostile_game()
    d = kit.asks(g, civ(g).phase_start(Side.INSURGENT), ["stay"])  # 1.6" from the Marines
    assert d.facts["question"] == "civilians.taunt" and d.options == ("m", "none")
    far = game([MARINES, GUNMEN], [mob("mob1", 13, 7)], settings={"hostile_mobs": ["mob1"]})
    kit.drive(far, civ(far).phase_start(Side.INSURGENT), ["stay"])  # 5.6" away: no taunt asked


@pytest.mark.rule("FF-164")
def test_each_mob_taunts_a_single_unit() -> None:
    units = [MARINES, kit.marines("n", (11, 5)), GUNMEN]
    g = game(units, [CLOSE], settings={"hostile_mobs": ["mob1"]})
    g.state.turn = 2
    d = kit.asks(g, civ(g).phase_start(Side.INSURGENT), ["stay"])
    assert set(d.options) == {"m", "n", "none"}  # one answer: one unit
    kit.drive(g, civilians_hostile.taunt(civ(g), civ(g).mobs["mob1"]), ["n"])
    assert list(civilians_hostile.taunt(civ(g), civ(g).mobs["mob1"])) == []  # no second this turn
    assert "civilians.taunted_turn" not in g.unit("m").marks


@pytest.mark.rule("FF-165")
def test_a_taunted_unit_is_marked_for_combat_stress() -> None:
    g = hostile_game()
    kit.drive(g, civ(g).phase_start(Side.INSURGENT), ["stay", "m"])
    assert g.unit("m").marks["civilians.taunted_turn"] == 2
    assert g.snapshot()["confidence"]["m"][1] == {"civilians.taunted_turn": 2}


@pytest.mark.rule("FF-166")
def test_a_hostile_mob_moves_up_to_6_inches_and_not_toward_gunfire() -> None:
    g = game([MARINES, GUNMEN], [mob("mob1", 18, 14)], settings={"hostile_mobs": ["mob1"]})
    g.state.turn = 2
    mod = civ(g)
    x0, y0 = centre(g, "mob1")
    kit.drive(g, mod.phase_start(Side.INSURGENT), ["near/m"])
    x, y = centre(g, "mob1")
    assert ((x - x0) ** 2 + (y - y0) ** 2) ** 0.5 == pytest.approx(6.0, abs=1e-3)
    kit.drive(g, mod.after_fire(g.unit("i"), g.unit("m"), 0))
    mod.toward_gunfire()
    assert centre(g, "mob1") == (x, y)  # under its player's control: no drift to the gunfire


@pytest.mark.rule("FF-165")
def test_with_combat_stress_a_taunt_raises_the_units_stress_next_turn() -> None:
    def level_next_turn(taunt: bool) -> list[tuple[int, str]]:
        g = kit.game([MARINES, GUNMEN], pieces=[CLOSE], modules=["civilians", "combat_stress"],
                     civilians={"hostile_mobs": ["mob1"]}, strict=False)
        stress = g.modules.get("combat_stress")
        assert stress is not None
        g.state.turn = 1
        kit.drive(g, stress.start_turn())
        g.state.turn = 2
        kit.drive(g, civ(g).phase_start(Side.INSURGENT), ["stay", "m" if taunt else "none"])
        kit.drive(g, g.modules.end_turn())
        g.state.turn = 3
        return [(m.value, m.rule) for m in stress.modifiers(g.unit("m"))]  # type: ignore[attr-defined]

    assert (1, "FF-095") in level_next_turn(True)
    assert (1, "FF-095") not in level_next_turn(False)
    # +1 taunted, and turn 2 no longer counts as a quiet turn (FF-099: one −1 fewer)
    assert sum(v for v, _ in level_next_turn(True)) == sum(v for v, _ in level_next_turn(False)) + 2
