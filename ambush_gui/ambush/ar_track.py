"""The AR Track during a Round: placing markers, the order of turns, dropping a marker.

A marker's space says how many turns its soldier has left: two in a 2-Turn space, one in
a 1-Turn space, none elsewhere (AR-035, AR-036). Each turn, action or pass, drops it one
space: 2-Turn -> 1-Turn of the same half -> Complete (AR-044; house rule AR-046). Turns
run down the track, 2-Turn Advantage, 2-Turn Disadvantage, 1-Turn Advantage, 1-Turn
Disadvantage (AR-043), so everyone with two turns takes his first before anyone takes a
second (AR-045). A side's markers all sit in its own half (AR-039).

>>> [space.value for space in ORDER]
['2-turn-advantage', '2-turn-disadvantage', '1-turn-advantage', '1-turn-disadvantage']
>>> DROP[ARSpace.TWO_TURN_ADVANTAGE].value, turns_of(ARSpace.PANIC)
('1-turn-advantage', 0)
"""

from __future__ import annotations

from ambush_gui.ambush.charts import ARResult, ARSpace
from ambush_gui.ambush.fire import move_marker
from ambush_gui.ambush.model import AmbushContext, Side, Soldier

ORDER: tuple[ARSpace, ...] = (
    ARSpace.TWO_TURN_ADVANTAGE,
    ARSpace.TWO_TURN_DISADVANTAGE,
    ARSpace.ONE_TURN_ADVANTAGE,
    ARSpace.ONE_TURN_DISADVANTAGE,
)
"""AR-043: the spaces whose soldiers act, in the order they act."""

DROP: dict[ARSpace, ARSpace] = {
    ARSpace.TWO_TURN_ADVANTAGE: ARSpace.ONE_TURN_ADVANTAGE,
    ARSpace.TWO_TURN_DISADVANTAGE: ARSpace.ONE_TURN_DISADVANTAGE,
    ARSpace.ONE_TURN_ADVANTAGE: ARSpace.COMPLETE,
    ARSpace.ONE_TURN_DISADVANTAGE: ARSpace.COMPLETE,
}
"""AR-044, house rule AR-046: one space down, within the half."""

_TURNS = {ARSpace.TWO_TURN_ADVANTAGE: 2, ARSpace.TWO_TURN_DISADVANTAGE: 2,
          ARSpace.ONE_TURN_ADVANTAGE: 1, ARSpace.ONE_TURN_DISADVANTAGE: 1}


def turns_of(space: ARSpace) -> int:
    """Turns left to a soldier whose marker is in ``space``."""
    return _TURNS.get(space, 0)


def has_advantage(g: AmbushContext, side: Side) -> bool:
    """Does ``side`` hold the Advantage half this Round (AR-032, AR-039)?"""
    return g.state.advantage is side


def can_act(s: Soldier) -> bool:
    """Active, not panicked (AR-066) and, for a US soldier, aware (AR-023), with a turn left."""
    return (s.active and not s.panicked and (s.side is Side.GERMAN or s.aware)
            and turns_of(s.marker) > 0 and not s.left_map)


def set_space(g: AmbushContext, s: Soldier, space: ARSpace, why: str, rule: str) -> None:
    """Put his marker in ``space`` with the turns it gives."""
    move_marker(g, s, space, why, rule)
    s.turns = turns_of(space)


def place(g: AmbushContext, s: Soldier, result: ARResult, why: str, rule: str) -> None:
    """Put his marker where ``result`` sends it in his side's half (AR-034..039). A wounded
    soldier reaching a 2-Turn space gets one turn: the 1-Turn space of the same half (house
    rule AR-042). A Panic result panics him (AR-037, AR-064)."""
    adv = has_advantage(g, s.side)
    if result is ARResult.TWO_TURNS and s.wounded:
        result = ARResult.ONE_TURN
        why += "; wounded: one turn only"
        rule += ", AR-035, AR-042"
    if result is ARResult.PANIC:
        s.panicked = True
    set_space(g, s, result.space(adv), why, rule)


def drop(g: AmbushContext, s: Soldier, why: str = "") -> None:
    """AR-044: his turn (action or pass) drops his marker one space; said as a turn taken
    with one to come while the space below still gives a turn (a play-tester read "his turn
    is over" for a man moving from a 2-turn to a 1-turn space)."""
    if s.marker in DROP:
        below = DROP[s.marker]
        why = why or ("his turn is over" if below in (ARSpace.COMPLETE, ARSpace.INACTIVE)
                      else "one turn taken, one to come")
        set_space(g, s, below, why, "AR-044")


__all__ = ["DROP", "ORDER", "can_act", "drop", "has_advantage", "place", "set_space",
           "turns_of"]
