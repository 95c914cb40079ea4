"""Pinned, Pull Back and Shaken (AA-184..201)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from ambush_gui.alley import morale, turn
from ambush_gui.alley import options as opt
from ambush_gui.alley.fire import fire
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.interrupts import (
    can_return_fire,
    insurgent_move,
    may_interrupt,
    quality_check,
    reaction_modifiers,
)
from ambush_gui.alley.model import Speed
from ambush_gui.alley.pools import defense, firepower, solid_cover
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.dice import Die
from tests.alley import kit


def pinned_marines(pieces: list[dict[str, Any]]) -> AlleyGame:
    """Marines Pinned in the open mid-move (Cautious, 6" left), Insurgents 10" north."""
    g = kit.game([kit.marines("m", (10, 10)), kit.insurgents("i", (10, 20), n=3)], pieces=pieces)
    g.state.turn = 1
    m = g.unit("m")
    m.speed, m.pinned = Speed.CAUTIOUS, True
    return g


def pinned_move(g: AlleyGame) -> Decision:
    m = g.unit("m")
    return turn.move_decision(g, m, turn.allowance(g, m), turn.move_rules(g, m))


def south(g: AlleyGame, uid: str, d: float) -> dict[str, Any]:
    x, y = g.unit(uid).centre()
    return {"path": [[x, y - d]]}


def north(g: AlleyGame, uid: str, d: float) -> dict[str, Any]:
    x, y = g.unit(uid).centre()
    return {"path": [[x, y + d]]}


# -- Pinned ------------------------------------------------------------------------------------


@pytest.mark.rule("AA-184")
def test_a_pinned_unit_with_movement_left_must_use_it_to_reach_cover() -> None:
    """Rubble 5" behind them: staying in the open is refused, a move into the open too;
    a move to the rubble is the answer."""
    g = pinned_marines([kit.rubble("r", (9, 4, 5, 1))])
    d = pinned_move(g)
    assert "stay" not in d.options and d.options
    with pytest.raises(IllegalDecision, match="reach cover"):
        d.validate("stay")
    with pytest.raises(IllegalDecision, match="into cover"):
        d.validate({"path": [[5.5, 10.0]]})  # 5.7" west, still in the open
    assert d.validate(south(g, "m", 5))


@pytest.mark.rule("AA-185")
def test_a_pinned_unit_may_not_move_toward_the_enemy() -> None:
    """AA-185: cover lies toward the Insurgents: the move there is refused."""
    g = pinned_marines([kit.rubble("r", (9, 14, 5, 1))])
    d = pinned_move(g)
    with pytest.raises(IllegalDecision, match="toward the enemy"):
        d.validate(north(g, "m", 3))


@pytest.mark.rule("AA-186")
def test_with_no_cover_but_toward_the_enemy_it_may_stay_and_get_in_cover() -> None:
    """The only cover lies toward the Insurgents: staying is legal, and the Pinned unit
    claims the In Cover die (Hunkered Down)."""
    g = pinned_marines([kit.rubble("r", (9, 14, 5, 1))])
    d = pinned_move(g)
    assert "stay" in d.options and d.validate("stay") == "stay"
    items = defense(g, g.unit("m"), g.unit("i")).items
    assert any(x.rule == "AA-122" and x.value == 1 for x in items)


@pytest.mark.rule("AA-187")
def test_a_pinned_unit_may_still_fire_and_return_fire() -> None:
    """AA-187: a Pinned unit may plan to fire, pick a target and fire (−1 die),
    and may return fire."""
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (2, 12), n=3)],
        script=[1] * 7 + [1] * 3 + [5] * 3,
    )
    m, i = g.unit("m"), g.unit("i")
    g.state.turn = 1
    m.pinned = True
    assert "halted" in turn.plan_options(g, m)
    proc = turn.activation(g, m)
    d = next(proc)
    assert d.kind is DecisionKind.INTERRUPT  # AA-070: the Insurgents may fire first: they don't
    d = proc.send(d.validate("none"))
    assert d.kind is DecisionKind.PLAN
    d = proc.send(d.validate("halted"))
    assert d.kind is DecisionKind.FIRE and "i" in d.options
    assert can_return_fire(g, m)
    kit.drive(g, fire(g, m, i, "Pinned fire"))
    throw = kit.events(g, "roll")[0]
    assert (
        throw.data["purpose"].startswith("Firepower: Marines m") and len(throw.data["faces"]) == 7
    )
    assert ("Pinned", -1, "AA-188") in throw.data["modifiers"]


@pytest.mark.rule("AA-188")
def test_a_pinned_unit_loses_a_quality_die_on_every_test() -> None:
    """Quality Check, Reaction Test and Firepower each carry the Pinned −1."""
    g = kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 12), n=3)], script=[4, 4])
    m, i = g.unit("m"), g.unit("i")
    assert quality_check(g, m, "free")
    fp = firepower(g, m, i).dice
    m.pinned = True
    assert not quality_check(g, m, "pinned")  # 4 − 1 = 3
    assert ("Pinned", -1, "AA-188") in [(x.label, x.value, x.rule) for x in reaction_modifiers(m)]
    assert firepower(g, m, i).dice == fp - 1


@pytest.mark.rule("AA-189")
def test_pinned_is_minus_one_on_a_single_die_and_one_die_off_firepower_only() -> None:
    """House rule AA-189: a 5 still passes a Quality Check (−1 on the roll, not a lower die
    type); Firepower loses a die; Morale and Defense dice are untouched."""
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (2, 12), n=3)],
        script=[5, 5, 5, 5, 5, 5, 5, 5, 5],
    )
    m, i = g.unit("m"), g.unit("i")
    m.moved = 2.0
    before = (firepower(g, m, i).dice, defense(g, m, i).dice)
    m.pinned = True
    assert quality_check(g, m, "pinned")
    assert kit.events(g, "roll")[0].data["sides"] == 8
    after = (firepower(g, m, i).dice, defense(g, m, i).dice)
    assert after[0] == before[0] - 1
    assert after[1] == before[1] + 1  # no die lost; the Pinned unit even claims In Cover
    morale.check(g, m, "pinned")
    assert len(kit.events(g, "roll")[-1].data["faces"]) == 4


@pytest.mark.rule("AA-190")
def test_pinning_does_not_change_the_morale_dice() -> None:
    """AA-190: after a Pinned result the unit still throws 4d10 for Morale."""
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (2, 12))], script=[1, 1, 1, 1, 5, 5, 5, 5]
    )
    m = g.unit("m")
    assert morale.check(g, m, "first") == "pinned"
    assert m.morale is Die.D10
    morale.check(g, m, "again")
    throw = kit.events(g, "roll")[-1]
    assert (throw.data["sides"], len(throw.data["faces"])) == (10, 4)


@pytest.mark.rule("AA-191")
def test_morale_cards_are_ignored() -> None:
    """House rule AA-191: no Morale Card changes a Pinned unit's Morale: its check has no
    modifier at all and it reads on the plain successes and failures."""
    g = kit.game([kit.marines("m", (2, 2))], script=[4, 4, 4, 1])
    m = g.unit("m")
    m.pinned = True
    assert morale.check(g, m, "test") == "stand"
    assert kit.events(g, "roll")[-1].data["modifiers"] == []


@pytest.mark.rule("AA-192")
def test_pinned_ends_at_the_end_of_the_turn() -> None:
    """AA-192: the end of the turn clears Pinned."""
    g = kit.game([kit.marines("m", (2, 2))])
    m = g.unit("m")
    g.state.turn = 2
    m.pinned = True
    turn.end_turn(g)
    assert not m.pinned
    assert [e.data["unit"] for e in kit.events(g, "unpin")] == ["m"]


# -- Pull Back ---------------------------------------------------------------------------------


@pytest.mark.rule("AA-193")
def test_pull_back_goes_directly_away_from_the_last_firer() -> None:
    """The firer is due east: with no cover anywhere the team goes due west."""
    g = kit.game([kit.marines("m", (6, 10)), kit.insurgents("i", (20, 10), n=3)])
    m, i = g.unit("m"), g.unit("i")
    x0, y0 = m.centre()
    morale.pull_back(g, m, i)
    x1, y1 = m.centre()
    assert x1 < x0 and y1 == pytest.approx(y0)


@pytest.mark.rule("AA-194")
def test_pull_back_is_up_to_6_inches_whatever_was_moved_to_the_nearest_cover() -> None:
    """Already 12" moved, it still pulls back; in the open it goes the whole 6"; with a
    building 4" behind it stops at the first spot in Solid Cover, short of 6"."""
    g = kit.game([kit.marines("m", (6, 10)), kit.insurgents("i", (20, 10), n=3)])
    m, i = g.unit("m"), g.unit("i")
    m.moved = 12.0
    x0, _ = m.centre()
    morale.pull_back(g, m, i)
    assert x0 - m.centre()[0] == pytest.approx(6.0)
    g = kit.game(
        [kit.marines("m", (10, 10)), kit.insurgents("i", (20, 10), n=3)],
        pieces=[kit.building("b", (3, 8, 4, 4))],
    )
    m, i = g.unit("m"), g.unit("i")
    x0, _ = m.centre()
    morale.pull_back(g, m, i)
    moved = x0 - m.centre()[0]
    assert 0 < moved < 6
    assert solid_cover(g, m, i)
    m.translate(0.5, 0)  # half an inch less is not yet in cover
    assert not solid_cover(g, m, i) and g.sees(m, i)


@pytest.mark.rule("AA-195")
def test_pull_back_searches_60_degrees_either_side_else_goes_straight_6() -> None:
    """House rule AA-195: a building 45° off the line away is used; one only to the side
    (beyond 60°) is not, and the team goes the full 6" straight away."""
    g = kit.game(
        [kit.marines("m", (10, 10)), kit.insurgents("i", (20, 10), n=3)],
        pieces=[kit.building("b", (4, 2, 3, 4))],
    )
    m, i = g.unit("m"), g.unit("i")
    x0, y0 = m.centre()
    morale.pull_back(g, m, i)
    dx, dy = m.centre()[0] - x0, m.centre()[1] - y0
    assert dy < 0 and math.hypot(dx, dy) <= 6 + 1e-9
    assert abs(math.degrees(math.atan2(-dy, -dx))) <= 60 + 1e-6
    assert solid_cover(g, m, i) or not g.sees(m, i)
    g = kit.game(
        [kit.marines("m", (10, 10)), kit.insurgents("i", (20, 10), n=3)],
        pieces=[kit.building("b", (11, 2, 3, 4))],
    )
    m, i = g.unit("m"), g.unit("i")
    x0, y0 = m.centre()
    morale.pull_back(g, m, i)
    assert (x0 - m.centre()[0], m.centre()[1]) == (pytest.approx(6.0), pytest.approx(y0))


@pytest.mark.rule("AA-195")
def test_a_covered_position_is_out_of_sight_or_in_solid_cover() -> None:
    """House rule AA-195: behind a wall the firer still sees the team, but the wall gives
    Solid Cover, so that is where the Pull Back ends."""
    g = kit.game(
        [kit.marines("m", (10, 10)), kit.insurgents("i", (20, 10), n=3)],
        pieces=[kit.wall("w", (7, 8, 0.4, 5))],
    )
    m, i = g.unit("m"), g.unit("i")
    x0, _ = m.centre()
    morale.pull_back(g, m, i)
    assert x0 - m.centre()[0] < 6
    assert g.sees(m, i) and solid_cover(g, m, i)


@pytest.mark.rule("AA-196")
def test_after_a_pull_back_the_unit_regroups_next_turn_fire_or_overwatch_only() -> None:
    """AA-196: the turn after a Pull Back the unit may only halt (and fire) or go on
    Overwatch."""
    g = kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 12), n=3)], script=[1] * 4)
    m, i = g.unit("m"), g.unit("i")
    g.state.turn = 1
    m.pinned = True
    morale.check(g, m, "again", i)
    assert m.regroup_turn == 2
    turn.end_turn(g)
    g.state.turn = 2
    turn.start_turn(g)
    assert m.regrouping(2)
    assert turn.plan_options(g, m) == ["halted", "overwatch"]
    proc = turn.activation(g, m)
    d = next(proc)
    if d.kind is DecisionKind.INTERRUPT:  # an Insurgent may fire at the regrouping unit
        d = proc.send(d.validate("none"))
    assert d.kind is DecisionKind.PLAN and d.options == ("halted", "overwatch")
    d = proc.send(d.validate("halted"))
    assert d.kind is DecisionKind.FIRE  # it may fire


@pytest.mark.rule("AA-197")
def test_regrouping_ends_with_that_turn() -> None:
    """AA-197: the turn after regrouping, every plan is open again."""
    g = kit.game([kit.marines("m", (2, 2))])
    m = g.unit("m")
    m.regroup_turn = 2
    g.state.turn = 2
    assert "cautious:move-fire" not in turn.plan_options(g, m)
    turn.end_turn(g)
    g.state.turn = 3
    turn.start_turn(g)
    assert not m.regrouping(3)
    assert {"cautious:move-fire", "rapid:move-fire"} <= set(turn.plan_options(g, m))


@pytest.mark.rule("AA-198")
def test_a_regrouping_unit_pinned_twice_pulls_back_again() -> None:
    """AA-198: a regrouping unit Pinned twice Pulls Back again (and regroups next turn)."""
    g = kit.game([kit.marines("m", (10, 10)), kit.insurgents("i", (10, 20), n=3)], script=[1] * 8)
    m, i = g.unit("m"), g.unit("i")
    g.state.turn = 2
    m.regroup_turn = 2
    assert morale.check(g, m, "first", i) == "pinned"
    y0 = m.centre()[1]
    assert morale.check(g, m, "second", i) == "pull back"
    assert m.regroup_turn == 3 and m.centre()[1] < y0


# -- Shaken ------------------------------------------------------------------------------------


def shaken_insurgents(pieces: list[dict[str, Any]], turn_shaken: int, now: int = 3) -> AlleyGame:
    """Insurgents with a leader 10" north of the Marines, Shaken in ``turn_shaken``."""
    g = kit.game(
        [kit.marines("m", (10, 5)), kit.insurgents("i", (10, 15), n=3, leader=True)], pieces=pieces
    )
    g.state.turn = now
    i = g.unit("i")
    i.shaken_turn, i.morale = turn_shaken, Die.D8
    return g


@pytest.mark.rule("AA-199")
def test_a_shaken_unit_with_movement_left_must_reach_cover_not_toward_the_enemy() -> None:
    """Shaken this turn in the open: staying is refused while rubble lies 5" behind; a move
    into the open is refused, and so is one toward the Marines."""
    g = shaken_insurgents([kit.rubble("r", (9, 20, 5, 1)), kit.rubble("s", (9, 10.5, 5, 1))], 3)
    i = g.unit("i")
    d = next(insurgent_move(g, i, (Speed.CAUTIOUS,)))
    assert "stay" not in d.options and d.options
    with pytest.raises(IllegalDecision, match="reach cover"):
        d.validate("stay")
    with pytest.raises(IllegalDecision, match="into cover"):
        d.validate({"path": [[17.0, 15.0]], "speed": "cautious"})
    with pytest.raises(IllegalDecision, match="toward the enemy"):
        d.validate({"path": [[i.centre()[0], 12.0]], "speed": "cautious"})
    assert d.validate({"path": [[i.centre()[0], 20.0]], "speed": "cautious"})


@pytest.mark.rule("AA-200")
def test_the_turn_after_being_shaken_only_moves_away_and_never_fires() -> None:
    """Shaken last turn: no interrupt, no fire in its activation, no Close Assault, and any
    move must take it away from the enemy."""
    g = shaken_insurgents([], 2)
    m, i = g.unit("m"), g.unit("i")
    assert i.shaken(3) and not may_interrupt(g, i)
    proc = turn.insurgent_activation(g, i)
    d = next(proc)
    assert d.kind is DecisionKind.PLAN
    d = proc.send(d.validate("cautious:fire-move"))
    assert d.kind is DecisionKind.MOVE  # the fire step was skipped
    assert d.facts["retreat_only"] and not d.facts["may_assault"]
    with pytest.raises(IllegalDecision, match="toward the enemy"):
        d.validate({"path": [[i.centre()[0], 12.0]], "speed": "cautious"})
    with pytest.raises(IllegalDecision, match="may not Close Assault"):
        d.validate({"path": [[i.centre()[0], 10.0]], "speed": "cautious", "assault": m.id})
    assert d.validate("stay") == "stay"  # not in its Shaken turn: no need to find cover
    assert not kit.events(g, "fire")


@pytest.mark.rule("AA-201")
def test_shaken_lasts_this_turn_and_the_next_and_the_morale_loss_stays() -> None:
    """House rule AA-201: Shaken in turn 3 (no interrupt, no fire, no assault in turns 3
    and 4); in turn 5 it may interrupt again, but its Morale stays one type lower."""
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (2, 21), n=3, leader=True)],
        script=[2, 2, 3, 5],
    )
    i = g.unit("i")
    g.state.turn = 3
    assert morale.check(g, i, "test") == "shaken" and i.morale is Die.D8
    for t, shaken in ((3, True), (4, True), (5, False)):
        g.state.turn = t
        turn.start_turn(g)
        assert i.shaken(t) is shaken
        assert may_interrupt(g, i) is not shaken
    assert i.morale is Die.D8
    g.state.turn = 3
    rules = next(insurgent_move(g, i, (Speed.CAUTIOUS,))).facts
    assert rules["may_assault"] is False


@pytest.mark.rule("AA-201")
def test_shaken_by_reaction_fire_after_its_move_the_unit_does_not_fire() -> None:
    """House rule AA-201: the Marines' reaction to the move Shakes the Insurgents; the
    fire step of their move-then-fire activation is lost (no target is even asked)."""
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (2, 14), n=3, leader=True)],
        script=[8] + [1] * 7 + [1] * 5 + [2, 2, 3],
    )
    i = g.unit("i")
    g.state.turn = 1
    x, y = i.centre()
    kit.drive(
        g,
        turn.insurgent_activation(g, i),
        ["cautious:move-fire", {"path": [[x + 1, y]], "speed": "cautious"}, "m", "best", ["i-1"]],
    )
    assert i.shaken(1)
    assert [e.data["attacker"] for e in kit.events(g, "fire") if "attacker" in e.data] == ["m"]


# -- AA-199: Shaken in the middle of its own move ------------------------------------------

def watched_run(reading: str | None, pieces: list[dict[str, Any]]) -> AlleyGame:
    """i (3 rifles and a leader, in the open at y 15) moves 4" east in the Insurgent phase;
    o on Overwatch at (18, 5) fires at 2": one casualty (8D8: one 6; 5D6 Defense: all 1s)
    and a Morale Check of three 2s: Shaken, with 4" of its Cautious 6" left."""
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 15), n=3, leader=True),
                  kit.marines("o", (18, 5))], pieces=pieces,
                 script=[6] + [1] * 7 + [1] * 5 + [2, 2, 2],
                 options={opt.OVERWATCH_POINT: "at_the_point",
                          **({opt.SHAKEN_MID_MOVE: reading} if reading else {})})
    g.state.turn = 1
    o = g.unit("o")
    o.overwatch, o.activated, o.speed = True, True, Speed.HALTED
    g.unit("m").activated = True
    return g


def shaken_at_2(g: AlleyGame, mover: Any) -> list[Decision]:
    """Run the Insurgent phase: i moves 4" east, o fires at 2"; the moves after the first
    answered by ``mover`` (a function of the decision). Returns the later MOVE decisions."""
    asked: list[Decision] = []
    end = [g.unit("i").centre()[0] + 4.0, 15.0]

    def answer(d: Decision) -> Any:
        if d.kind is DecisionKind.INSURGENT_ACT:
            return "i" if not g.unit("i").activated else "end"
        if d.kind is DecisionKind.PLAN:
            return "cautious:move-fire"
        if d.kind is DecisionKind.MOVE:
            if g.unit("i").moved == 0:
                return {"path": [end], "speed": "cautious"}
            asked.append(d)
            return mover(d)
        if d.kind is DecisionKind.OVERWATCH_POINT:
            return {"unit": "o", "kind": "fire", "at": 2.0}
        if d.kind is DecisionKind.FIRE:
            return "hold"
        return "none" if "none" in d.options else d.options[0]

    kit.play_out(turn.insurgent_phase(g), answer, 100)
    return asked


RUBBLE_NORTH = [kit.rubble("r", (6, 19, 4, 1))]  # 4" north of i: cover, away from the Marines


@pytest.mark.rule("AA-199")
def test_a_unit_shaken_by_overwatch_in_mid_move_uses_the_rest_to_reach_cover() -> None:
    """Shaken at 2" of its 4" move, in the open with rubble 4" north of it: it is asked for
    the rest of its movement (6 - 2 = 4", as a Pinned Regular is, AA-184), may not stay, may
    not go on east into the open nor toward the Marines, and goes north into cover (it
    used to stop dead at 2")."""
    g = watched_run("to_cover", RUBBLE_NORTH)
    i = g.unit("i")

    def north(d: Decision) -> Any:
        assert d.facts["limit"] == pytest.approx(4.0)
        assert d.facts["to_cover"] and d.facts["retreat_only"] and not d.facts["may_assault"]
        with pytest.raises(IllegalDecision, match="reach cover"):
            d.validate("stay")
        x, y = i.centre()
        with pytest.raises(IllegalDecision, match="into cover"):
            d.validate({"path": [[x + 2.0, y]], "speed": "cautious"})
        with pytest.raises(IllegalDecision, match="toward the enemy"):
            d.validate({"path": [[x, y - 2.0]], "speed": "cautious"})
        return {"path": [[x, y + 2.0]], "speed": "cautious"}

    asked = shaken_at_2(g, north)
    assert len(asked) == 1 and i.shaken_turn == 1
    assert i.moved == pytest.approx(4.0) and i.centre()[1] == pytest.approx(17.0)
    assert any(g.near_cover(f.pos) for f in i.fighters)


@pytest.mark.rule("AA-199")
def test_the_computer_players_take_a_shaken_mover_into_cover() -> None:
    """The normal player answers the same question with a legal move into cover; the hard
    player looks ahead only among legal answers, the normal one first."""
    from ambush_gui.ai.alley_ai import AlleyAI

    g = watched_run("to_cover", RUBBLE_NORTH)
    ai = AlleyAI()
    asked = shaken_at_2(g, lambda d: ai.choose(g, d))
    assert len(asked) == 1
    assert any(g.near_cover(f.pos) for f in g.unit("i").fighters)


@pytest.mark.rule("AA-199")
def test_a_shaken_mover_with_no_cover_in_reach_stays_where_it_was_shaken() -> None:
    """No cover within the 4" it has left: it may stay (and does), 2" along its move."""
    g = watched_run("to_cover", [])
    asked = shaken_at_2(g, lambda d: "stay")
    assert len(asked) == 1 and "stay" in asked[0].options
    assert g.unit("i").moved == pytest.approx(2.0)


@pytest.mark.rule("AA-199")
def test_older_saves_keep_the_shaken_mover_stopped_dead() -> None:
    """The correction ``shaken_in_mid_move``, legacy reading: no question, it stops at 2"."""
    g = watched_run(None, RUBBLE_NORTH)
    asked = shaken_at_2(g, lambda d: pytest.fail("asked for a move"))
    assert asked == [] and g.unit("i").moved == pytest.approx(2.0)


@pytest.mark.rule("AA-185")
def test_a_pinned_units_cover_move_after_an_interruption_never_goes_toward_the_enemy() -> None:
    """Pinned Marines fire Halted, are interrupted and win the Reaction Test (6 - 1 + 1
    against 1): their move into cover may not take them 2" toward the Insurgents, though
    rubble lies there; a move back is still theirs (it was accepted either way)."""
    def pinned_interrupted(options: dict[str, str]) -> Decision:
        g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 15), n=3, leader=True)],
                     pieces=[kit.rubble("r", (4, 9, 4, 1)), kit.rubble("s", (4, 1, 4, 1))],
                     script=[6, 1], options=options)
        g.state.turn = 1
        m = g.unit("m")
        m.pinned = True
        proc = turn.activation(g, m)
        d = kit.asks(g, proc, ["none", "halted", "i", {"unit": "i", "kind": "fire"}])
        assert d.kind is DecisionKind.REACT and "cover" in d.options
        return proc.send(d.validate("cover"))

    d = pinned_interrupted({opt.PINNED_COVER_MOVE: "away_only"})
    with pytest.raises(IllegalDecision, match="toward the enemy"):
        d.validate({"path": [[6.2, 7.0]]})
    assert d.validate({"path": [[6.2, 3.5]]})
    legacy = pinned_interrupted({})  # older saves: the move toward them stands
    assert legacy.validate({"path": [[6.2, 7.0]]})
