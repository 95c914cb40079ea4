"""AA-104 and AA-106, the correction ``overwatch_at_the_point``: Overwatch fires at the
point of an Insurgent move the Regular player names, not once the move has ended (seed 000
lines 105, 141). Games built by hand play the legacy reading; these set the option."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.alley import options as opt
from ambush_gui.alley import turn
from ambush_gui.alley.game import AlleyGame
from ambush_gui.core.decisions import Decision, DecisionKind
from tests.alley import kit
from tests.alley.test_interrupts import fires, misses
from tests.alley.test_overwatch import watch


def east(g: AlleyGame) -> tuple[float, float]:
    """Where i's move ends: 4" east of its centre, in o's sight all along."""
    x, y = g.unit("i").centre()
    return (x + 4.0, y)


def phase(g: AlleyGame, point: Callable[[Decision], Any], asked: list[Decision],
          move: Any = None, reactor: str = "o") -> None:
    """The Insurgent phase with i moving 4" east (or answering its move with ``move``); the
    Overwatch question answered by ``point``; every other question the obvious way
    (``reactor`` reacts at the end when it may, i holds its fire)."""
    acted: list[str] = []
    end = east(g)

    def answer(d: Decision) -> Any:
        asked.append(d)
        if d.kind is DecisionKind.INSURGENT_ACT:
            acted.append("x")
            return "i" if len(acted) == 1 else "end"
        if d.kind is DecisionKind.PLAN:
            return "cautious:move-fire"
        if d.kind is DecisionKind.MOVE:
            return move if move is not None else {"path": [list(end)], "speed": "cautious"}
        if d.kind is DecisionKind.OVERWATCH_POINT:
            return point(d)
        if d.kind is DecisionKind.REACT:  # it fires at the end when it is offered it
            return reactor if reactor in d.options else "none"
        if d.kind is DecisionKind.OVERWATCH:
            return "none"
        if d.kind is DecisionKind.FIRE:
            return "hold"
        return d.options[0]

    kit.play_out(turn.insurgent_phase(g), answer, 200)


def where_fired(g: AlleyGame) -> float:
    """How far i had moved when o's fire came: the move events logged before it."""
    moved = 0.0
    for e in g.log.events:
        if e.kind == "move" and e.data.get("unit") == "i":
            moved += float(e.data.get("distance", 0.0))
        if e.kind == "fire" and e.data.get("attacker") == "o":
            return moved
    raise AssertionError("o never fired")


def corrected(script: list[int]) -> AlleyGame:
    g = watch(script=script)
    g.options[opt.OVERWATCH_POINT] = "at_the_point"
    g.unit("m").activated = True
    return g


@pytest.mark.rule("AA-104")
def test_overwatch_fires_at_the_point_of_the_move_the_regular_names() -> None:
    """o fires when i has moved 2" of its 4", and i then finishes its move."""
    g = corrected(misses(8 + 5))
    end = east(g)
    asked: list[Decision] = []
    phase(g, lambda d: {"unit": "o", "kind": "fire", "at": 2.0}, asked)
    points = [d for d in asked if d.kind is DecisionKind.OVERWATCH_POINT]
    assert points, "the Regular was never asked where Overwatch fires"
    first = points[0]
    assert first.side == "regular" and first.facts["target"] == "i"
    assert {o["at"] for o in first.options[1:] if o["unit"] == "o"} == {0.0, 2.0, 4.0}
    assert first.facts["path"][-1] == pytest.approx(list(end))
    assert fires(g) == [("o", "i", 8)]
    assert where_fired(g) == pytest.approx(2.0)
    assert g.unit("i").centre() == pytest.approx(end)  # it finished its move
    # o had its chance at this move: it is not offered again at its end (AA-106)
    reacts = [d for d in asked if d.kind is DecisionKind.REACT]
    assert all("o" not in d.options for d in reacts)


@pytest.mark.rule("AA-104")
def test_letting_the_move_finish_spends_overwatchs_chance_at_it() -> None:
    g = corrected([])
    end = east(g)
    asked: list[Decision] = []
    phase(g, lambda d: "none", asked)
    assert not fires(g)
    assert g.unit("i").centre() == pytest.approx(end)
    assert all("o" not in d.options for d in asked if d.kind is DecisionKind.REACT)


@pytest.mark.rule("AA-104")
@pytest.mark.rule("AA-090")
def test_older_saves_keep_overwatch_fire_at_the_end_of_the_move() -> None:
    """The legacy reading (a game with no options recorded): no question along the move;
    o fires only once i has moved its whole 4"."""
    g = watch(script=misses(8 + 5))
    g.unit("m").activated = True
    asked: list[Decision] = []
    phase(g, lambda d: pytest.fail("asked along the move"), asked)
    assert not any(d.kind is DecisionKind.OVERWATCH_POINT for d in asked)
    assert fires(g) == [("o", "i", 8)]
    assert where_fired(g) == pytest.approx(4.0)


@pytest.mark.rule("AA-104")
def test_a_mover_stopped_by_overwatch_ends_its_move_there() -> None:
    """Fire that kills the whole unit at 2": it never reaches the end of its move."""
    g = corrected([6] * 8 + [1] * 5 + [1] * 20)
    end = east(g)
    asked: list[Decision] = []
    phase(g, lambda d: {"unit": "o", "kind": "fire", "at": 2.0}, asked)
    i = g.unit("i")
    assert where_fired(g) == pytest.approx(2.0)
    if i.alive:
        assert i.centre()[0] < end[0] - 1e-6
    assert sum(float(e.data.get("distance", 0.0)) for e in g.log.events
               if e.kind == "move" and e.data.get("unit") == "i") == pytest.approx(2.0)


@pytest.mark.rule("AA-106")
def test_an_overwatch_unit_out_of_dice_is_not_offered_the_move() -> None:
    g = corrected([])
    g.unit("o").overwatch_shots = 99
    asked: list[Decision] = []
    phase(g, lambda d: pytest.fail("o has no dice left"), asked)
    assert not any(d.kind is DecisionKind.OVERWATCH_POINT for d in asked)


@pytest.mark.rule("AA-104")
def test_the_computer_regular_fires_from_overwatch_along_the_move() -> None:
    g = corrected(misses(8 + 5))
    asked: list[Decision] = []
    ai = AlleyAI()
    phase(g, lambda d: ai.choose(g, d), asked)
    assert any(d.kind is DecisionKind.OVERWATCH_POINT for d in asked)
    assert fires(g) and fires(g)[0][0] == "o"
    assert where_fired(g) < 4.0 - 1e-6  # during the move, not at its end


def test_new_games_play_the_correction_and_it_is_not_offered() -> None:
    o = opt.OPTIONS.get(opt.OVERWATCH_POINT)
    assert o.default == "at_the_point" and o.legacy == "end_of_move" and not o.offered


def open_point(g: AlleyGame) -> tuple[Any, Decision]:
    """The Insurgent phase of ``g`` (i moving 4" east) run up to the Overwatch question;
    the procedure is returned too, to go on with it (for the dialog's tests)."""
    end = east(g)
    proc = turn.insurgent_phase(g)
    d = next(proc)
    for a in ("i", "cautious:move-fire", {"path": [list(end)], "speed": "cautious"}):
        d = proc.send(d.validate(a))
    assert d.kind is DecisionKind.OVERWATCH_POINT
    return proc, d
