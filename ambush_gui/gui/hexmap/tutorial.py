"""The tutorial mission's "what to do next" line.

A mission is a tutorial when its name says so (``ambush-tutorial``, or any mission whose
name ends in ``tutorial``). Until the player has done each of the four things the
tutorial teaches (moved a soldier, fired, thrown a grenade, given a turn) a line in the
Mission panel says what to do next, from the decision open now; once all four are done
it says so once and then stops.

What has been done is read from the game log (``move``, ``fire``, ``throw`` and
``give_turn`` events of a US soldier), so a tutorial saved and opened again goes on
where it was. Nothing here is a rule: the line only names the buttons and the clicks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.events import Event

__all__ = ["LESSONS", "done_lessons", "is_tutorial", "is_tutorial_name", "tutorial_hint"]

LESSONS = ("move", "fire", "throw", "give_turn")
"""What the tutorial teaches, in order."""

DONE = ("You have moved, fired, thrown a grenade and given a turn: the tutorial has shown "
        "you everything. Take the farmhouse to end the mission.")


def is_tutorial(game: Any) -> bool:
    """Whether ``game`` plays a tutorial mission (a ``tutorial`` flag, else its name)."""
    spec = getattr(game, "spec", None)
    if spec is None:
        return False
    flag = getattr(spec, "tutorial", None)
    if isinstance(flag, bool):
        return flag
    return is_tutorial_name(str(getattr(spec, "name", "")))


def is_tutorial_name(name: str) -> bool:
    """Whether a mission's short name makes it a tutorial (``ambush-tutorial``)."""
    return name.endswith("tutorial")


def done_lessons(events: Iterable[Event], us: set[str]) -> set[str]:
    """The lessons the US soldiers (``us``: their ids) have done, from the log."""
    done: set[str] = set()
    for e in events:
        d = e.data
        if e.kind == "move" and d.get("soldier") in us and d.get("to"):
            done.add("move")
        elif e.kind == "fire" and d.get("firer") in us and d.get("weapon"):
            done.add("fire")
        elif e.kind == "throw" and d.get("soldier") in us:
            done.add("throw")
        elif e.kind == "give_turn" and d.get("commander") in us:
            done.add("give_turn")
    return done


def _actions(d: Decision) -> set[str]:
    return {str(o["action"]) for o in d.options if isinstance(o, Mapping) and "action" in o}


def _name(game: Any, sid: Any) -> str:
    s = game.state.soldiers.get(str(sid)) if sid is not None else None
    return s.name if s is not None else "the soldier"


def tutorial_hint(game: Any, decision: Decision | None, done: set[str],
                  mover: str | None = None) -> str:
    """What to do next, for the open ``decision``; "" once every lesson is done (the
    caller shows :data:`DONE` once) or when the tutorial has nothing to say. ``mover``:
    in Operations, the soldier whose hexes the map shows."""
    todo = [x for x in LESSONS if x not in done]
    if not todo or decision is None or decision.side != "us":
        return ""
    lesson = todo[0]
    kind = decision.kind
    who = _name(game, decision.facts.get("soldier"))
    if kind is DecisionKind.AMBUSH_OPERATIONS:
        movers = [o["soldier"] for o in decision.options if isinstance(o, Mapping) and "soldier" in o]
        if lesson == "move" and movers:
            sid = mover if mover in movers else movers[0]
            s = game.state.soldiers.get(sid)
            if s is not None and s.hex is None:
                return (f"Click a highlighted hex to bring {s.name} onto the map. Another "
                        "man: pick him in the Squad tab, or press Tab.")
            return (f"Click {_name(game, sid)}'s counter, then a highlighted hex to move him "
                    "one hex. Every hex entered may read a paragraph.")
        if movers:
            return ("Walk on, hex by hex (Tab picks the next soldier; End turn when all have "
                    "moved). When a German shows himself, Action Rounds begin: then you can "
                    f"{_verb(lesson)}.")
        return "Nobody can move further this turn: press End turn (E)."
    if kind is DecisionKind.AMBUSH_MOVE:
        if lesson == "move" or "snap" not in decision.options:
            return (f"Click a highlighted hex to move {who} on; Stop (Esc) ends his move "
                    "(points not spent are lost).")
        return f"Press Snap shot to fire at a German now, between the hexes of {who}'s move."
    if kind is DecisionKind.AMBUSH_ACTOR:
        return ("Several of your men act in this AR Track space: pick the one to act first.")
    if kind is DecisionKind.AMBUSH_ACTION:
        offered = _actions(decision)
        wants = {"move": ("move", "Move", "then click hexes on the map"),
                 "fire": ("aimed", "Aimed fire", "then pick a German as the target"),
                 "throw": ("grenade", "Throw a grenade", "then click the hex to throw into"),
                 "give_turn": ("give_turn", "Give a turn",
                               "then the man who acts again (he must be within the "
                               "sergeant's command)")}
        action, button, then = wants[lesson]
        if action in offered:
            return f"{who}'s turn: choose {button}, {then}."
        if lesson == "fire" and "snap" in offered:
            return f"{who}'s turn: choose Snap fire, then pick a German as the target."
        return (f"{who} cannot {_verb(lesson)} now; do what his turn allows (or Pass). "
                f"Another man, or a later turn, can {_verb(lesson)}.")
    if kind is DecisionKind.AMBUSH_TARGET:
        return "Pick the weapon and target: the chance to hit is shown beside each."
    return ""


def _verb(lesson: str) -> str:
    return {"move": "move", "fire": "fire", "throw": "throw a grenade",
            "give_turn": "give a turn (the sergeant's Give a turn)"}[lesson]
