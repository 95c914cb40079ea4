"""Movement: move-and-fire order, the three speeds and what each speed costs or gives
(AA-030..040)."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.alley import turn
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.interrupts import reaction_modifiers, reaction_test
from ambush_gui.alley.model import Speed
from ambush_gui.alley.movement import allowance
from ambush_gui.alley.pools import defense, firepower
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from tests.alley import kit

NONE = "none"


def duel(**kw: Any) -> AlleyGame:
    """A fireteam at (2, 2) facing a led Insurgent unit 12" north, in turn 1."""
    g = kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 14), n=3, leader=True)], **kw)
    g.state.turn = 1
    return g


def misses(g: AlleyGame, attacker: str, target: str) -> list[int]:
    """Faces for one Fire Combat in which every Firepower and Defense die shows 1."""
    a, t = g.unit(attacker), g.unit(target)
    return [1] * firepower(g, a, t).dice + [1] * defense(g, t, a).dice


def by_kind(log: list[DecisionKind], answers: dict[DecisionKind, Any]) -> Any:
    """An answer for whatever is asked, chosen by its kind, recording the kinds asked."""

    def f(d: Decision) -> Any:
        log.append(d.kind)
        return answers[d.kind]

    return f


def mods(unit: Any) -> list[tuple[int, str]]:
    return [(m.value, m.rule) for m in reaction_modifiers(unit)]


@pytest.mark.rule("AA-030")
def test_an_activated_unit_moves_then_fires_or_fires_then_moves() -> None:
    """AA-030: fire-move asks for the target before the path; move-fire the other way."""
    for plan, order in (
        ("cautious:fire-move", [DecisionKind.FIRE, DecisionKind.MOVE]),
        ("cautious:move-fire", [DecisionKind.MOVE, DecisionKind.FIRE]),
    ):
        g = duel()
        g.dice.push(*misses(g, "m", "i"))
        asked: list[DecisionKind] = []
        answer = by_kind(
            asked,
            {
                DecisionKind.PLAN: plan,
                DecisionKind.FIRE: "i",
                DecisionKind.INTERRUPT: NONE,
                DecisionKind.MOVE: {"path": [[3.2, 4]]},
            },
        )
        proc = turn.activation(g, g.unit("m"))
        d = next(proc)
        try:
            while True:
                d = proc.send(d.validate(answer(d)))
        except StopIteration:
            pass
        steps = [k for k in asked if k in (DecisionKind.FIRE, DecisionKind.MOVE)]
        assert steps == order
        assert g.unit("m").moved == pytest.approx(2)
        assert kit.events(g, "fire")


@pytest.mark.rule("AA-031")
def test_the_unit_picks_one_speed_halted_cautious_or_rapid() -> None:
    """AA-031: the plan names Halted (or Overwatch), Cautious or Rapid, with an order."""
    g = duel()
    d = kit.asks(g, turn.activation(g, g.unit("m")))
    assert d.kind is DecisionKind.PLAN
    assert set(d.options) == {
        "halted",
        "overwatch",
        "cautious:move-fire",
        "cautious:fire-move",
        "rapid:move-fire",
        "rapid:fire-move",
    }


@pytest.mark.rule("AA-032")
def test_cautious_movement_is_at_most_6_inches() -> None:
    """AA-032: the move decision of a Cautious unit takes 6" and refuses 6.1"."""
    g = duel()
    d = kit.asks(g, turn.activation(g, g.unit("m")), ["cautious:move-fire"])
    assert d.kind is DecisionKind.MOVE and d.facts["limit"] == 6
    assert d.validate({"path": [[3.2, 8]]})
    with pytest.raises(IllegalDecision, match='6.0" more'):
        d.validate({"path": [[3.2, 8.1]]})


@pytest.mark.rule("AA-033")
def test_rapid_movement_is_more_than_6_and_never_more_than_12_inches_a_turn() -> None:
    """AA-033: a Rapid unit may go 12" but not 12.1"; having moved 5" it has 7" left."""
    g = duel()
    m = g.unit("m")
    d = kit.asks(g, turn.activation(g, m), ["rapid:move-fire"])
    assert d.facts["limit"] == 12
    assert d.validate({"path": [[3.2, 2], [3.2, 11], [6.2, 11]]})
    with pytest.raises(IllegalDecision):
        d.validate({"path": [[3.2, 2], [3.2, 11], [6.3, 11]]})
    m.moved = 5
    assert allowance(g, m, Speed.RAPID) == 7 and allowance(g, m, Speed.CAUTIOUS) == 1


@pytest.mark.rule("AA-034")
def test_a_unit_that_does_not_move_or_is_on_overwatch_has_halted() -> None:
    """AA-034: Halted, Overwatch, or a declared move that stays put: the unit is Halted."""
    g = duel()
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), ["overwatch"])
    assert m.overwatch and m.speed is Speed.HALTED
    h = duel()
    m = h.unit("m")
    kit.drive(h, turn.activation(h, m), ["cautious:move-fire", "stay", "hold"])
    assert m.moved == 0 and m.speed is Speed.HALTED
    assert mods(m) == [(1, "AA-035")]
    assert not [x for x in defense(h, m, h.unit("i")).items if x.rule == "AA-120"]


@pytest.mark.rule("AA-035")
def test_halted_or_overwatch_units_get_plus_1_on_reaction_tests() -> None:
    """AA-035: the Halted Regular's 3 counts 4 in the Reaction Test; so does Overwatch's."""
    g = duel(script=[3, 1, 3, 1])
    m, i = g.unit("m"), g.unit("i")
    m.speed, i.speed = Speed.HALTED, Speed.CAUTIOUS
    assert mods(m) == [(1, "AA-035")]
    reaction_test(g, m, i, "test")
    m.speed, m.overwatch = Speed.CAUTIOUS, True
    assert mods(m) == [(1, "AA-035")]  # never stacked with Cautious
    reaction_test(g, m, i, "test")
    assert [e.data["regular_total"] for e in kit.events(g, "reaction")] == [4, 4]


@pytest.mark.rule("AA-036")
def test_regulars_moving_cautiously_get_plus_1_insurgents_never() -> None:
    """AA-036: Cautious +1 on the Regular's Reaction roll, nothing for the Insurgent's."""
    g = duel(script=[3, 3])
    m, i = g.unit("m"), g.unit("i")
    m.speed = i.speed = Speed.CAUTIOUS
    assert mods(m) == [(1, "AA-036")] and mods(i) == []
    reaction_test(g, m, i, "test")
    e = kit.events(g, "reaction")[0].data
    assert (e["regular_total"], e["insurgent_total"]) == (4, 3)


@pytest.mark.rule("AA-037")
def test_a_unit_that_moved_rapidly_gets_minus_1_on_reaction_rolls() -> None:
    """AA-037: Rapid -1 on the Reaction roll: the Regular's 5 counts 4 and the Insurgent's
    5 beats it."""
    g = duel(script=[5, 5])
    m, i = g.unit("m"), g.unit("i")
    m.speed, i.speed = Speed.RAPID, Speed.CAUTIOUS
    assert mods(m) == [(-1, "AA-037")]
    assert reaction_test(g, m, i, "test") is True


@pytest.mark.rule("AA-038")
def test_a_unit_that_moved_rapidly_loses_one_firepower_die() -> None:
    """AA-038: the same fireteam throws one die fewer when Rapid."""
    g = duel()
    m, i = g.unit("m"), g.unit("i")
    m.speed = Speed.CAUTIOUS
    before = firepower(g, m, i).dice
    m.speed = Speed.RAPID
    pool = firepower(g, m, i)
    assert pool.dice == before - 1
    assert [(x.value, x.rule) for x in pool.items if x.rule == "AA-038"] == [(-1, "AA-038")]


@pytest.mark.rule("AA-039")
def test_the_speed_declared_at_activation_holds_for_the_whole_turn() -> None:
    """House rule AA-039: a Rapid unit that fires before its move already loses the die,
    and after the move it keeps the Rapid -1 on Reaction rolls for the rest of the turn."""
    g = duel()
    m = g.unit("m")
    m.speed = Speed.RAPID
    g.dice.push(*misses(g, "m", "i"))
    m.speed = None
    kit.drive(
        g,
        turn.activation(g, m),
        ["rapid:fire-move", "i", NONE, {"path": [[3.2, 2], [11, 2]]}, NONE],
    )
    fp = [e for e in kit.events(g, "roll") if e.data["purpose"].startswith("Firepower")][0]
    assert ("moved Rapidly", -1, "AA-038") in [tuple(x) for x in fp.data["modifiers"]]
    assert m.moved == pytest.approx(7.8) and m.speed is Speed.RAPID
    assert mods(m) == [(-1, "AA-037")]


@pytest.mark.rule("AA-040")
def test_halted_and_rapid_change_the_insurgent_reaction_roll_too() -> None:
    """House rule AA-040: the Insurgent's 3 counts 4 when Halted, 2 when Rapid, 3 when
    Cautious (the Cautious bonus is the Regulars' alone)."""
    g = duel(script=[1, 3, 1, 3, 1, 3])
    m, i = g.unit("m"), g.unit("i")
    m.speed = Speed.RAPID
    for speed in (Speed.HALTED, Speed.RAPID, Speed.CAUTIOUS):
        i.speed = speed
        reaction_test(g, m, i, "test")
    assert [e.data["insurgent_total"] for e in kit.events(g, "reaction")] == [4, 2, 3]
