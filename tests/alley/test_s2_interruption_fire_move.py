"""Interruption by fire (AA-093..096) and by movement (AA-099..102)."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.alley import turn
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Speed
from ambush_gui.core.decisions import DecisionKind, IllegalDecision
from tests.alley import kit
from tests.alley.test_interrupts import duel, fires, misses, resume, rolls

MOVE6 = {"path": [[6.2, 11]]}  # m's 6" Cautious move straight north
AT0 = {"unit": "i", "kind": "fire", "at": 0.0}
HIT = [6, 1, 1, 1]  # four Insurgent dice, one kept 6


def kinds(g: AlleyGame, wanted: tuple[str, ...]) -> list[str]:
    """The kinds of the events of these kinds, in the order they happened."""
    return [e.kind for e in g.log.events if e.kind in wanted]


def fire_data(g: AlleyGame) -> list[dict[str, Any]]:
    return [e.data for e in kit.events(g, "fire") if "firepower" in e.data]


# -- AA-093..096: interruption by fire ---------------------------------------------------

@pytest.mark.rule("AA-093")
@pytest.mark.rule("AA-094")
def test_a_regular_that_loses_is_shot_checks_morale_then_returns_fire_and_moves_on() -> None:
    """i wins 7 to 2: its 4D6 hit once at once (First Aid 1: slight, m-1 fights on); the
    Marines check Morale (4d10, they Stand), return fire with 7D8 and finish the move (5")."""
    g = duel(script=[1, 6] + HIT + misses(6) + [1] + [10] * 4 + misses(7 + 4))
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), [
        "cautious:move-fire", MOVE6, AT0, "best", ["m-1"], "fire", "hold",
    ])
    assert kinds(g, ("fire", "first_aid", "morale", "move")) == [
        "fire", "first_aid", "morale", "fire", "move"]
    assert kit.events(g, "morale")[0].data["result"] == "stand"
    assert fires(g) == [("i", "m", 4), ("m", "i", 7)]
    assert m.moved == pytest.approx(5.0)


@pytest.mark.rule("AA-095")
def test_no_casualties_no_morale_check() -> None:
    """House rule AA-095: interrupting fire that hits nothing calls for no Morale Check."""
    g = duel(script=[1, 6] + misses(4 + 6))
    kit.drive(g, turn.activation(g, g.unit("m")),
              ["cautious:move-fire", MOVE6, AT0, "none", "hold"])
    assert not rolls(g, "Morale Check") and not g.unit("m").pinned


@pytest.mark.rule("AA-095")
def test_a_pinned_unit_may_still_return_fire() -> None:
    """The hit Marines fail their check (four 1s) and are Pinned: they may still return fire."""
    g = duel(script=[1, 6] + HIT + misses(6) + [1] + [1] * 4)
    m = g.unit("m")
    d = kit.asks(g, turn.activation(g, m), ["cautious:move-fire", MOVE6, AT0, "best", ["m-1"]])
    assert m.pinned
    assert d.kind is DecisionKind.REACT and "fire" in d.options


@pytest.mark.rule("AA-095")
def test_a_pull_back_ends_the_activation_without_return_fire() -> None:
    """Already Pinned in the open, m fails again and Pulls Back: no return fire, and its
    declared fire is lost (the activation ends with no further decision)."""
    g = duel(script=[1, 6] + [6, 1, 1, 1, 1] + misses(6) + [1] + [1] * 4)
    m = g.unit("m")
    m.pinned = True
    kit.drive(g, turn.activation(g, m), [
        "none",  # i does not spend its interrupt on the Pinned m at the start
        "halted", "i", {"unit": "i", "kind": "fire"}, "best", ["m-1"],
    ])
    assert m.regroup_turn == 2
    assert fires(g) == [("i", "m", 5)]


@pytest.mark.rule("AA-096")
def test_a_regular_that_wins_against_interrupting_fire_may_fire_first() -> None:
    """In its fire step m wins 9 to 2: it may fire first, move into cover or let it be. It fires
    first (7D8), then i makes its interrupting fire."""
    g = duel(script=[8, 1] + misses(7 + 4) + misses(5 + 5) + misses(7 + 4))
    seen: list[tuple] = []
    kit.drive(g, turn.activation(g, g.unit("m")), [
        "halted", "i", {"unit": "i", "kind": "fire"},
        lambda d: seen.append(d.options) or "fire",
    ])
    assert set(seen[0]) == {"fire", "cover", "none"}
    assert fires(g)[:2] == [("m", "i", 7), ("i", "m", 5)]


@pytest.mark.rule("AA-096")
def test_or_move_into_cover_with_its_normal_movement_less_the_interruption() -> None:
    """A Halted unit ducking for cover moves as if Cautious: 6" less the 1" lost (5")."""
    g = duel(script=[8, 1])
    d = kit.asks(g, turn.activation(g, g.unit("m")),
                 ["halted", "i", {"unit": "i", "kind": "fire"}, "cover"])
    assert d.kind is DecisionKind.MOVE and d.facts["cover_from"] == "i"
    assert d.facts["limit"] == pytest.approx(5.0)


# -- AA-099..102: interruption by movement -------------------------------------------------------

@pytest.mark.rule("AA-099")
def test_an_insurgent_interrupting_by_movement_declares_cautious_or_rapid() -> None:
    """7" needs Rapid (Cautious is 6"); a move that names no speed is refused."""
    g = duel(script=[1, 6] + misses(6 + 4))
    i = g.unit("i")
    proc = turn.activation(g, g.unit("m"))
    d = kit.asks(g, proc, ["halted", "i", {"unit": "i", "kind": "move"}])
    assert d.kind is DecisionKind.MOVE and d.facts["speeds"] == ["cautious", "rapid"]
    for bad in ({"path": [[6.2, 22]], "speed": "cautious"}, {"path": [[6.2, 18]]}):
        with pytest.raises(IllegalDecision):
            d.validate(bad)
    resume(proc, d, [{"path": [[6.2, 22]], "speed": "rapid"}, "none"])
    assert i.speed is Speed.RAPID and i.moved == pytest.approx(7.0)
    assert fires(g) == [("m", "i", 6)]  # 17" away: beyond even the SAW's reach


@pytest.mark.rule("AA-100")
def test_the_interrupted_regular_returns_fire_at_the_insurgents_new_place() -> None:
    """i wins and moves 3" Cautiously; m then returns fire at it there (Defense 5D6: moving
    Cautiously), before its own declared fire."""
    g = duel(script=[1, 6] + misses(7 + 5) + misses(7 + 5))
    kit.drive(g, turn.activation(g, g.unit("m")), [
        "halted", "i", {"unit": "i", "kind": "move"},
        {"path": [[6.2, 18]], "speed": "cautious"}, "fire",
    ])
    assert kinds(g, ("move", "fire"))[:2] == ["move", "fire"]
    assert [d["defense"]["dice"] for d in fire_data(g)] == [5, 5]
    assert fire_data(g)[0]["attacker"] == "m"


@pytest.mark.rule("AA-100")
@pytest.mark.rule("AA-102")
def test_a_regular_that_wins_fires_before_the_insurgents_move() -> None:
    """House rule AA-102: m wins 9 to 2 and fires at i where it stands (Defense 4D6), then i
    moves (Cautiously: its Defense becomes 5D6 against m's declared fire)."""
    g = duel(script=[8, 1] + misses(7 + 4) + misses(7 + 5))
    i = g.unit("i")
    kit.drive(g, turn.activation(g, g.unit("m")), [
        "halted", "i", {"unit": "i", "kind": "move"}, "fire",
        {"path": [[6.2, 18]], "speed": "cautious"},
    ])
    assert kinds(g, ("move", "fire")) == ["fire", "move", "fire"]
    assert [d["defense"]["dice"] for d in fire_data(g)] == [4, 5]
    assert i.centre() == pytest.approx((6.2, 18.0))


@pytest.mark.rule("AA-101")
def test_waiting_and_overwatch_units_may_fire_at_the_moving_interrupter() -> None:
    """m2 (waiting) and o (on Overwatch) both cover m against i's move and fire at it before
    m's own test; m2 has used its activation, o stays on Overwatch."""
    g = duel(kit.marines("m2", (12, 5)), kit.marines("o", (18, 5)),
             script=[8, 1] + misses(8 + 4) + [8, 1] + misses(8 + 4) + [8, 1] + misses(7 + 5))
    m2, o = g.unit("m2"), g.unit("o")
    o.overwatch, o.activated, o.speed = True, True, Speed.HALTED
    offered: list[tuple] = []
    kit.drive(g, turn.activation(g, g.unit("m")), [
        "halted", "i", {"unit": "i", "kind": "move"},
        lambda d: offered.append(d.options) or "m2",
        lambda d: offered.append(d.options) or "o",
        "none", {"path": [[6.2, 18]], "speed": "cautious"},
    ])
    assert offered == [("none", "m2", "o"), ("none", "o")]
    assert m2.activated and o.overwatch and o.overwatch_shots == 1
    assert fires(g) == [("m2", "i", 8), ("o", "i", 8), ("m", "i", 7)]
    assert kinds(g, ("move", "fire")) == ["fire", "fire", "move", "fire"]
