"""Overwatch (AA-092, AA-097/098, AA-103..108)."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.alley import turn
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Speed
from ambush_gui.alley.pools import firepower
from ambush_gui.core.decisions import Decision, DecisionKind
from tests.alley import kit
from tests.alley.test_interrupts import duel, fires, misses, rolls


def watch(*more: dict[str, Any], script: list[int] | None = None) -> AlleyGame:
    """The duel, plus Marines o at (18,5) already on Overwatch this turn."""
    g = duel(kit.marines("o", (18, 5)), *more, script=script)
    o = g.unit("o")
    o.overwatch, o.activated, o.speed = True, True, Speed.HALTED
    return g


def recorder(log: list[Decision], answer: Any) -> Any:
    """An answer that also records the decision it answers."""
    return lambda d: log.append(d) or answer


# -- AA-103 / AA-108: choosing Overwatch, and what it costs -----------------------------------

@pytest.mark.rule("AA-103")
@pytest.mark.rule("AA-108")
def test_a_regular_goes_on_overwatch_when_it_activates_and_does_nothing_else() -> None:
    """House rule AA-108: Overwatch is the whole activation: no move, no fire, no interrupt."""
    g = duel()
    o = g.unit("m")
    plans: list[Decision] = []
    kit.drive(g, turn.activation(g, o), [recorder(plans, "overwatch")])  # nothing more is asked
    assert "overwatch" in plans[0].options
    assert o.overwatch and o.activated and o.speed is Speed.HALTED
    assert o.moved == 0 and not kit.events(g, "fire")


@pytest.mark.rule("AA-103")
def test_only_regulars_may_go_on_overwatch() -> None:
    g = duel()
    plan = kit.asks(g, turn.insurgent_activation(g, g.unit("i")))
    assert plan.kind is DecisionKind.PLAN and plan.side == "insurgent"
    assert "overwatch" not in plan.options and "halted" in plan.options


@pytest.mark.rule("AA-090")
@pytest.mark.rule("AA-108")
def test_overwatch_covers_the_insurgent_phase_and_ends_with_the_turn() -> None:
    """o fires at i after its move and again at j after its move (one die fewer: 7D8), once
    per move; at the end of the turn it is no longer on Overwatch."""
    g = watch(kit.insurgents("j", (12, 15), n=3, leader=True), script=misses(8 + 5) + misses(7 + 5))
    o = g.unit("o")
    g.unit("m").activated = True
    offered: list[Decision] = []
    kit.drive(g, turn.insurgent_phase(g), [
        "i", "cautious:move-fire", {"path": [[6.2, 13]], "speed": "cautious"},
        recorder(offered, "o"), recorder(offered, "none"), "hold",
        "j", "cautious:move-fire", {"path": [[13.2, 13]], "speed": "cautious"},
        recorder(offered, "o"), recorder(offered, "none"), "hold",
    ])
    assert [d.options for d in offered] == [("none", "m", "o"), ("none", "m")] * 2
    assert fires(g) == [("o", "i", 8), ("o", "j", 7)]
    turn.end_turn(g)
    assert not o.overwatch


# -- AA-092 / AA-104 / AA-106: every interruption it sees, until its dice run out ---------------

@pytest.mark.rule("AA-092")
@pytest.mark.rule("AA-104")
@pytest.mark.rule("AA-106")
def test_overwatch_answers_every_interruption_losing_a_die_after_the_first() -> None:
    """i, then j, interrupt m's fire; o (already activated) is offered both times and fires
    8D8, then 7D8."""
    g = watch(kit.insurgents("j", (12, 15), n=3, leader=True),
              script=[8, 1] + misses(8 + 4) + [8, 1] + misses(5 + 5)
              + [8, 1] + misses(7 + 4) + [8, 1] + misses(5 + 5) + misses(6 + 4))
    offered: list[Decision] = []
    kit.drive(g, turn.activation(g, g.unit("m")), [
        "halted", "i",
        {"unit": "i", "kind": "fire"}, recorder(offered, "o"), "none",
        {"unit": "j", "kind": "fire"}, recorder(offered, "o"), "none",
    ])
    assert [d.options for d in offered] == [("none", "o"), ("none", "o")]
    assert fires(g) == [("o", "i", 8), ("i", "m", 5), ("o", "j", 7), ("j", "m", 5), ("m", "i", 6)]


@pytest.mark.rule("AA-106")
def test_overwatch_firepower_falls_by_one_die_a_shot_after_the_first_until_none_is_left() -> None:
    g = watch()
    o, i = g.unit("o"), g.unit("i")
    dice = []
    for shots in range(10):
        o.overwatch_shots = shots
        dice.append(firepower(g, o, i, overwatch=True).dice)
    assert dice == [8, 7, 6, 5, 4, 3, 2, 1, 0, 0]
    assert firepower(g, o, i).dice == 8  # only its Overwatch fire is reduced
    o.overwatch_shots = 8  # out of dice: never offered again
    g.dice.push(8, 1, *misses(5 + 5), *misses(7 + 4))
    kit.drive(g, turn.activation(g, g.unit("m")),  # no OVERWATCH decision is asked
              ["halted", "i", {"unit": "i", "kind": "fire"}, "none"])


@pytest.mark.rule("AA-090")
@pytest.mark.rule("AA-104")
def test_overwatch_may_react_to_insurgent_fire_at_another_unit() -> None:
    """i fires at m in the Insurgent phase; o, not the target, may react (a Reaction Test:
    o wins 9 to 2 and fires first)."""
    g = watch(script=[8, 1] + misses(8 + 4) + misses(5 + 5))
    g.unit("m").activated = True
    g.unit("m").reacted = True  # m has had its one reaction this phase (house rule AA-090)
    offered: list[Decision] = []
    kit.drive(g, turn.insurgent_phase(g), ["i", "halted", "m", recorder(offered, "o")])
    assert offered[0].options == ("none", "o")
    assert fires(g) == [("o", "i", 8), ("i", "m", 5)]


# -- AA-105: no interrupting Overwatch -----------------------------------------------------

@pytest.mark.rule("AA-105")
def test_insurgents_can_never_interrupt_overwatch_fire() -> None:
    """o fires from Overwatch at i in the Insurgent phase and inside an interruption; j, which
    sees o and still has its interrupt, is never asked (every INTERRUPT targets m)."""
    g = watch(kit.insurgents("j", (12, 15), n=3, leader=True), script=misses(8 + 5))
    o, j = g.unit("o"), g.unit("j")
    assert g.sees(j, o)
    kit.drive(g, turn.insurgent_phase(g), [
        "i", "cautious:move-fire", {"path": [[6.2, 13]], "speed": "cautious"}, "o", "none", "hold",
        "end"])
    assert not j.interrupted
    g2 = watch(kit.insurgents("j", (12, 15), n=3, leader=True), script=[8, 1] + misses(8 + 4)
               + [8, 1] + misses(5 + 5) + misses(7 + 4))
    asked: list[Decision] = []
    kit.drive(g2, turn.activation(g2, g2.unit("m")), [
        "halted", "i", recorder(asked, {"unit": "i", "kind": "fire"}), "o", "none",
        recorder(asked, "none"),
    ])
    assert [d.facts["target"] for d in asked] == ["m", "m"]
    assert not g2.unit("j").interrupted


# -- AA-097 / AA-098 / AA-107: Overwatch against an interruption -----------------------------

@pytest.mark.rule("AA-097")
@pytest.mark.rule("AA-098")
@pytest.mark.rule("AA-107")
def test_overwatch_that_passes_fires_before_the_interrupted_units_reaction_test() -> None:
    """o's own Reaction Test against i (9 to 2) comes first; o fires at once, then m tests."""
    g = watch(script=[8, 1] + misses(8 + 4) + [8, 1] + misses(5 + 5) + misses(7 + 4))
    kit.drive(g, turn.activation(g, g.unit("m")),
              ["halted", "i", {"unit": "i", "kind": "fire"}, "o", "none"])
    assert [e.data["unit"] for e in rolls(g, "Reaction Test")] == ["o", "i", "m", "i"]
    events = [e for e in g.log.events if e.kind in ("reaction", "fire")]
    assert [(e.kind, e.data.get("regular") or e.data.get("attacker")) for e in events] == [
        ("reaction", "o"), ("fire", "o"), ("reaction", "m"), ("fire", "i"), ("fire", "m")]


@pytest.mark.rule("AA-097")
@pytest.mark.rule("AA-098")
def test_overwatch_that_shakes_the_interrupter_breaks_up_the_interruption() -> None:
    """o wins and hits once; i checks Morale (2, 2, 2) and is Shaken: no Reaction Test for m,
    no interrupting fire; m still counts the interruption (7D8 against i's 3D6)."""
    g = watch(script=[8, 1] + [8] + misses(7) + misses(4) + [2, 2, 2] + misses(7 + 3))
    i = g.unit("i")
    kit.drive(g, turn.activation(g, g.unit("m")),
              ["halted", "i", {"unit": "i", "kind": "fire"}, "o", "best", ["i-1"]])
    assert i.shaken(1) and len(rolls(g, "Reaction Test")) == 2
    assert fires(g) == [("o", "i", 8), ("m", "i", 7)]


@pytest.mark.rule("AA-098")
@pytest.mark.rule("AA-107")
def test_overwatch_that_fails_fires_after_the_insurgents() -> None:
    """o loses 2 to 7: i's interrupting fire comes first, then o fires, then m's own fire."""
    g = watch(script=[1, 6] + [8, 1] + misses(5 + 5) + misses(8 + 4) + misses(7 + 4))
    kit.drive(g, turn.activation(g, g.unit("m")),
              ["halted", "i", {"unit": "i", "kind": "fire"}, "o", "none"])
    assert kit.events(g, "reaction")[0].data["insurgent_first"] is True
    assert fires(g) == [("i", "m", 5), ("o", "i", 8), ("m", "i", 7)]
