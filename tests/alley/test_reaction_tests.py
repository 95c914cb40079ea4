"""Reaction Tests (AA-073..091): who acts first, the modifiers, the Regular's reactions, and
what each interruption costs the Regular unit."""

from __future__ import annotations

import pytest

from ambush_gui.alley import turn
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.interrupts import current_speed, reaction_modifiers, reaction_test
from ambush_gui.alley.model import Speed
from ambush_gui.alley.movement import allowance
from ambush_gui.alley.pools import defense, firepower
from ambush_gui.core.decisions import DecisionKind, IllegalDecision
from tests.alley import kit
from tests.alley.test_interrupts import duel, fires, misses, resume, rolls

MOVE6 = {"path": [[6.2, 11]]}  # m's 6" Cautious move straight north
AT0 = {"unit": "i", "kind": "fire", "at": 0.0}  # i interrupts by fire at the start
AT_FIRE = {"unit": "i", "kind": "fire"}  # i interrupts a fire by fire


def order(g: AlleyGame, kinds: tuple[str, ...]) -> list[str]:
    """The kinds of the events of these kinds, in the order they happened."""
    return [e.kind for e in g.log.events if e.kind in kinds]


# -- AA-073..075: the test itself ----------------------------------------------------------

@pytest.mark.rule("AA-073")
@pytest.mark.parametrize("answers", [["cautious:move-fire", MOVE6, AT0],
                                     ["halted", "i", {"unit": "i", "kind": "move"}]])
def test_every_interruption_of_a_move_or_a_fire_calls_for_a_reaction_test(answers: list) -> None:
    """Both units throw their Troop Quality die: the Marines a d8, the Insurgents a d6."""
    g = duel(script=[8, 1])
    d = kit.asks(g, turn.activation(g, g.unit("m")), answers)
    assert d.kind is DecisionKind.REACT
    thrown = [(e.data["unit"], e.data["sides"]) for e in rolls(g, "Reaction Test")]
    assert thrown == [("m", 8), ("i", 6)]


@pytest.mark.rule("AA-074")
@pytest.mark.rule("AA-075")
@pytest.mark.parametrize("reg,ins,insurgent_first", [
    (5, 5, True),    # 4 against 5: 4+ and higher
    (1, 4, True),    # 0 against 4
    (6, 5, False),   # 5 against 5: a tie goes to the Regular
    (5, 4, False),   # 4 against 4
    (1, 3, False),   # 0 against 3: higher, but below 4
])
def test_the_insurgent_goes_first_only_with_4_plus_and_strictly_higher(
        reg: int, ins: int, insurgent_first: bool) -> None:
    """The Regular (Rapid: −1) against an Insurgent moving Cautiously (no modifier)."""
    g = duel(script=[reg, ins])
    m, i = g.unit("m"), g.unit("i")
    m.speed, i.speed = Speed.RAPID, Speed.CAUTIOUS
    assert reaction_test(g, m, i, "test") is insurgent_first
    e = kit.events(g, "reaction")[-1].data
    assert (e["regular_total"], e["insurgent_total"]) == (reg - 1, ins)


@pytest.mark.rule("AA-013")
@pytest.mark.parametrize("reg,ins,reason", [
    (5, 5, ""),                              # the Insurgent wins: nothing to explain
    (6, 5, " (a tie goes to the Regular)"),  # 5 against 5
    (1, 3, " (the Insurgent needs 4+)"),     # 0 against 3: higher, but below 4
    (6, 2, ""),                              # 5 against 2: plainly lower
])
def test_the_reaction_test_says_why_a_higher_or_equal_insurgent_loses(
        reg: int, ins: int, reason: str) -> None:
    """An opposed test needs 4+ and a strictly higher score: "3 against 0 — the Regular acts
    first" reads as a mistake unless the log says which half of the rule decided it."""
    g = duel(script=[reg, ins])
    m, i = g.unit("m"), g.unit("i")
    m.speed, i.speed = Speed.RAPID, Speed.CAUTIOUS
    reaction_test(g, m, i, "test")
    assert kit.events(g, "reaction")[-1].text.endswith("acts first" + reason)


@pytest.mark.rule("AA-075")
def test_a_regular_win_does_not_cancel_the_interruption() -> None:
    """m wins 9 to 2 and lets it be: i's interrupting fire still happens, then m fires
    (one die down, 7)."""
    g = duel(script=[8, 1] + misses(5 + 5) + misses(7 + 4))
    kit.drive(g, turn.activation(g, g.unit("m")), ["halted", "i", AT_FIRE, "none"])
    assert kit.events(g, "reaction")[0].data["insurgent_first"] is False
    assert fires(g) == [("i", "m", 5), ("m", "i", 7)]


# -- AA-076 / AA-077: the Regular's modifiers -------------------------------------------------

@pytest.mark.rule("AA-076")
@pytest.mark.parametrize("speed,overwatch,total,rule", [
    (Speed.CAUTIOUS, False, 1, "AA-036"),  # a Patrol Move
    (Speed.HALTED, False, 1, "AA-035"),  # stationary
    (Speed.HALTED, True, 1, "AA-035"),  # on Overwatch
    (Speed.RAPID, False, -1, "AA-037"),  # running
])
def test_regular_reaction_modifiers(speed: Speed, overwatch: bool, total: int, rule: str) -> None:
    g = duel(script=[4, 1])
    m = g.unit("m")
    m.speed, m.overwatch = speed, overwatch
    mods = reaction_modifiers(m)
    assert sum(x.value for x in mods) == total and [x.rule for x in mods] == [rule]
    reaction_test(g, m, g.unit("i"), "test")
    assert kit.events(g, "reaction")[-1].data["regular_total"] == 4 + total


@pytest.mark.rule("AA-077")
def test_patrol_move_is_cautious_and_the_speed_in_force_is_this_turns_else_last_turns() -> None:
    """Before it declares a speed this turn a unit is judged by last turn's (Rapid: −1); once it
    declares, this turn's counts; never moved in the game: Halted (+1)."""
    g = duel()
    m = g.unit("m")
    assert current_speed(m) is Speed.HALTED and sum(x.value for x in reaction_modifiers(m)) == 1
    m.speed = Speed.RAPID
    turn.end_turn(g)
    turn.start_turn(g)
    assert m.speed is None and m.last_speed is Speed.RAPID
    assert sum(x.value for x in reaction_modifiers(m)) == -1
    m.speed = Speed.CAUTIOUS
    assert sum(x.value for x in reaction_modifiers(m)) == 1


@pytest.mark.rule("AA-077")
def test_a_unit_judged_by_last_turns_speed_says_so_in_its_modifier() -> None:
    """A waiting unit that moved Cautiously last turn gets +1, and the die's line says
    "moved Cautiously last turn", not "moving Cautiously" (the playtest read a waiting
    Fireteam as moving); once it declares this turn's speed the line says this turn's."""
    g = duel()
    m = g.unit("m")
    m.speed = Speed.CAUTIOUS
    turn.end_turn(g)
    turn.start_turn(g)
    assert [(x.label, x.value) for x in reaction_modifiers(m)] == [("moved Cautiously last turn", 1)]
    m.speed = Speed.CAUTIOUS
    assert [(x.label, x.value) for x in reaction_modifiers(m)] == [("moving Cautiously", 1)]
    m.speed = Speed.HALTED
    turn.end_turn(g)
    turn.start_turn(g)
    assert [(x.label, x.value) for x in reaction_modifiers(m)] == [("stood still last turn", 1)]


@pytest.mark.rule("AA-077")
def test_halted_and_cautious_never_stack() -> None:
    """On Overwatch and counted as moving Cautiously: still only +1, never +2."""
    g = duel()
    m = g.unit("m")
    m.overwatch, m.speed = True, Speed.CAUTIOUS
    assert sum(x.value for x in reaction_modifiers(m)) == 1


# -- AA-078 / AA-079: firing at a Cautious target ---------------------------------------------

@pytest.mark.rule("AA-078")
@pytest.mark.rule("AA-079")
def test_firing_at_a_cautious_target_costs_the_insurgent_a_die_and_gives_the_target_one() -> None:
    """i (4 figures, target Exposed: 5D6) throws 4D6 at m moving Cautiously, and m's Defense
    rises from 5D8 to 6D8: both apply. The Reaction roll is untouched; Regulars firing at
    Cautious Insurgents lose nothing."""
    g = duel()
    m, i = g.unit("m"), g.unit("i")
    m.speed = Speed.RAPID
    assert (firepower(g, i, m).dice, defense(g, m, i).dice) == (5, 5)
    m.speed = Speed.CAUTIOUS
    fp = firepower(g, i, m)
    assert fp.dice == 4 and [x.value for x in fp.items if x.rule == "AA-078"] == [-1]
    assert defense(g, m, i).dice == 6
    assert not [x for x in reaction_modifiers(i) if x.rule == "AA-078"]
    i.speed = Speed.CAUTIOUS
    assert not [x for x in firepower(g, m, i).items if x.rule == "AA-078"]


# -- AA-080..084: what each side does after the test -------------------------------------------

@pytest.mark.rule("AA-080")
@pytest.mark.rule("AA-088")
def test_insurgent_first_then_return_fire_then_the_rest_of_the_move() -> None:
    """i wins 7 to 2 and fires (4D6 at the Cautious m); m may then return fire (7D8) and
    finishes its move with 5" (6 − 1)."""
    g = duel(script=[1, 6] + misses(4 + 6) + misses(7 + 4))
    m = g.unit("m")
    seen: list[tuple] = []
    kit.drive(g, turn.activation(g, m), [
        "cautious:move-fire", MOVE6, AT0,
        lambda d: seen.append(d.options) or "fire",
        "hold",
    ])
    assert seen == [("fire", "none")]
    assert fires(g) == [("i", "m", 4), ("m", "i", 7)]
    assert order(g, ("fire", "move")) == ["fire", "fire", "move"]
    assert m.moved == pytest.approx(5.0)


@pytest.mark.rule("AA-081")
@pytest.mark.rule("AA-088")
def test_a_regular_that_wins_chooses_fire_first_or_a_move_into_cover() -> None:
    g = duel(script=[8, 1])
    d = kit.asks(g, turn.activation(g, g.unit("m")),
                 ["cautious:move-fire", MOVE6, AT0])
    assert d.kind is DecisionKind.REACT and d.side == "regular"
    assert set(d.options) == {"fire", "cover", "none"}


@pytest.mark.rule("AA-082")
def test_regular_fire_first_then_insurgent_morale_then_survivors_fire_then_the_move() -> None:
    """m wins and fires first: one hit; the leaderless i (3 left) takes its Morale Check and
    Stands, fires with its survivors (3 + Exposed − Cautious = 3D6), then m moves on."""
    g = duel(leader=False, script=[5, 8, 1] + [8, 1, 1, 1, 1, 1, 1] + misses(4) + [10] * 3
             + misses(3 + 6))
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, turn.activation(g, m), [
        "cautious:move-fire", MOVE6, AT0,
        "fire", "best", "hold",
    ])
    assert len(i.figures) == 3
    assert fires(g) == [("m", "i", 7), ("i", "m", 3)]
    assert order(g, ("fire", "morale", "move")) == ["fire", "morale", "fire", "move"]
    assert m.moved == pytest.approx(5.0)


@pytest.mark.rule("AA-083")
@pytest.mark.parametrize("morale,result", [("d10", "shaken"), ("d6", "broken")])
def test_a_shaken_or_broken_insurgent_loses_its_interrupting_action(morale: str,
                                                                     result: str) -> None:
    """Shaken ≈ Pinned, broken ≈ Fleeing: after m's first fire (one hit, then 2, 2, 2 on the
    Morale Check) i does not fire; m still finishes its move."""
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 15), n=4, morale=morale)],
                 script=[5, 8, 1] + [8, 1, 1, 1, 1, 1, 1] + misses(4) + [2, 2, 2])
    g.state.turn = 1
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), [
        "cautious:move-fire", MOVE6, AT0,
        "fire", "best", *(["hold"] if result == "shaken" else []),
    ])
    assert kit.events(g, "morale")[0].data["result"] == result
    assert fires(g) == [("m", "i", 7)]
    assert m.moved == pytest.approx(5.0)


@pytest.mark.rule("AA-084")
def test_the_move_into_cover_is_limited_to_the_movement_left_and_ends_the_move() -> None:
    """Interrupted 2" into a 6" Cautious move, m may move 3" more (6 − 2 − 1): 3.5" is too
    far, 3" into the open is not cover; 2.8" to the building's corner is taken, and the rest
    of the declared path is dropped."""
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (14, 16), n=3, leader=True)],
                 pieces=[kit.building("b", (1, 8, 3, 6))], script=[8, 1] + misses(3 + 7))
    g.state.turn = 1
    m = g.unit("m")
    proc = turn.activation(g, m)
    d = kit.asks(g, proc, ["cautious:move-fire", MOVE6, AT0 | {"at": 2.0}, "cover"])
    assert d.kind is DecisionKind.MOVE and d.facts["limit"] == pytest.approx(3.0)
    for bad in ({"path": [[6.2, 10.5]]}, {"path": [[9.2, 7.0]]}):
        with pytest.raises(IllegalDecision):
            d.validate(bad)
    resume(proc, d, [{"path": [[4.2, 9.0]]}, "hold"])
    assert m.centre() == pytest.approx((4.2, 9.0))
    assert m.moved == pytest.approx(2.0 + 8 ** 0.5)


# -- AA-085..087: what interruptions cost --------------------------------------------------------

@pytest.mark.rule("AA-085")
@pytest.mark.rule("AA-086")
@pytest.mark.rule("AA-087")
@pytest.mark.parametrize("times,fp,cautious,rapid", [(0, 8, 6, 12), (1, 7, 5, 11), (2, 6, 4, 10)])
def test_each_interruption_costs_one_firepower_die_and_one_inch(
        times: int, fp: int, cautious: float, rapid: float) -> None:
    """House rule AA-087: the first interruption costs too, and each one after it one more."""
    g = duel()
    m, i = g.unit("m"), g.unit("i")
    m.times_interrupted = times
    assert firepower(g, m, i).dice == fp
    assert allowance(g, m, Speed.CAUTIOUS) == cautious and allowance(g, m, Speed.RAPID) == rapid
    i.times_interrupted = times  # Insurgents are never "interrupted": no loss
    assert firepower(g, i, m).dice == 5


@pytest.mark.rule("AA-087")
def test_the_losses_last_for_the_rest_of_the_turn() -> None:
    """m, interrupted once in its activation, reacts to j's move in the Insurgent phase with
    7 dice, not 8; the next turn starts clean."""
    g = duel(kit.insurgents("j", (14, 15), n=3, leader=True),
             script=[8, 1] + misses(5 + 5) + misses(7 + 4) + misses(7 + 5))
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), ["halted", "i", AT_FIRE, "none",
                                         "none"])  # j lets it be
    kit.drive(g, turn.insurgent_phase(g), [
        "j", "cautious:move-fire", {"path": [[10.2, 15]], "speed": "cautious"},
        "m", "hold",
    ])
    assert fires(g)[-1] == ("m", "j", 7)
    turn.start_turn(g)
    assert m.times_interrupted == 0 and firepower(g, m, g.unit("j")).dice == 8


# -- AA-089 / AA-090: reactions in the Insurgent phase -------------------------------------------

@pytest.mark.rule("AA-089")
@pytest.mark.rule("AA-090")
def test_regulars_react_to_a_move_by_firing_at_the_end_position_once_in_the_phase() -> None:
    """i moves 2" closer: m fires at it there (8" away: Optimum Range), with no Reaction Test
    and no die lost; when j moves next, m has already reacted and is not asked."""
    g = duel(kit.insurgents("j", (14, 15), n=3, leader=True), script=misses(8 + 5))
    m, i = g.unit("m"), g.unit("i")
    m.activated = True
    reacted: list[tuple] = []
    kit.drive(g, turn.insurgent_phase(g), [
        "i", "cautious:move-fire", {"path": [[6.2, 13]], "speed": "cautious"},
        lambda d: reacted.append(d.options) or "m", "hold",
        "j", "cautious:move-fire", {"path": [[15.2, 13]], "speed": "cautious"}, "hold",
    ])
    assert reacted == [("none", "m")]
    assert i.centre() == pytest.approx((6.2, 13.0))
    assert fires(g) == [("m", "i", 8)]
    assert not rolls(g, "Reaction Test") and m.times_interrupted == 0


@pytest.mark.rule("AA-089")
@pytest.mark.rule("AA-090")
@pytest.mark.parametrize("script,expected", [
    ([8, 1], [("m", "i", 8), ("i", "m", 5)]),  # m wins 9 to 2: fires first
    ([1, 6], [("i", "m", 5), ("m", "i", 8)]),  # i wins 7 to 2: m fires after
])
def test_a_regular_fired_on_reacts_with_a_reaction_test_deciding_who_fires_first(
        script: list[int], expected: list[tuple]) -> None:
    g = duel(script=script + misses(8 + 4) + misses(5 + 5))
    m = g.unit("m")
    m.activated, m.speed = True, Speed.HALTED
    kit.drive(g, turn.insurgent_phase(g), ["i", "halted", "m", "m"])
    assert len(rolls(g, "Reaction Test")) == 2
    assert fires(g) == expected


# -- AA-091: a Regular still waiting to activate -----------------------------------------------

@pytest.mark.rule("AA-091")
def test_a_waiting_regular_that_sees_the_interruption_reacts_as_its_activation() -> None:
    """m2 (waiting) covers m against i: its own Reaction Test (9 to 2) and fire come before
    m's test; m3, already activated, is not offered; m2 will not activate again this turn."""
    g = duel(kit.marines("m2", (12, 5)), kit.marines("m3", (18, 5)),
             script=[8, 1] + misses(8 + 4) + [8, 1] + misses(5 + 5) + misses(7 + 4))
    m2, m3 = g.unit("m2"), g.unit("m3")
    m3.activated = True
    offered: list[tuple] = []
    kit.drive(g, turn.activation(g, g.unit("m")), [
        "halted", "i", AT_FIRE,
        lambda d: offered.append(d.options) or "m2", "none",
    ])
    assert offered == [("none", "m2")]
    assert m2.activated
    assert fires(g) == [("m2", "i", 8), ("i", "m", 5), ("m", "i", 7)]
    assert [e.data["unit"] for e in rolls(g, "Reaction Test")] == ["m2", "i", "m", "i"]
