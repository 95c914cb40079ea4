"""Computer answers told in plain words, and the small record a computer player returns.

DESIGN.md: each computer decision carries a one-line reason the GUI narrates. A player's
``decide(game, decision)`` returns a :class:`Choice` (the answer the engine takes, and
why); ``choose`` stays the answer alone, for the simulator and the tests. :func:`narrate`
says what an answer does (which unit, what, where on the move it interrupts, that it
chose not to) from the decision's own facts and options: no rule is worked out here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.words import whose

SIDE_NAMES = {"regular": "The Regulars", "insurgent": "The Insurgents", "us": "The US squad",
              "german": "The Germans"}


@dataclass(frozen=True)
class Choice:
    """A computer player's answer and its one-line reason (shown, never saved)."""

    answer: Any
    reason: str = ""


def name(game: Any, ident: Any) -> str:
    """A unit's or soldier's name, or the id itself when the game has no such piece."""
    state = getattr(game, "state", None)
    for attr in ("units", "soldiers"):
        pieces = getattr(state, attr, None)
        if isinstance(pieces, dict) and ident in pieces:
            piece = pieces[ident]
            return str(getattr(piece, "name", ident))
    return str(ident)


def _plan(text: str) -> str:
    if text == "halted":
        return "stays Halted (may fire)"
    if text == "overwatch":
        return "goes on Overwatch"
    speed, _, order = text.partition(":")
    steps = {"move-fire": "moves, then fires", "fire-move": "fires, then moves"}.get(order, order)
    return f"moves {speed.capitalize()}: {steps}" if order else text


def _alley(game: Any, d: Decision, c: Any) -> str:
    k = d.kind
    f = d.facts
    unit = name(game, f.get("unit")) if f.get("unit") else ""
    if k is DecisionKind.ACTIVATE:
        return f"{name(game, c)} activates"
    if k is DecisionKind.INSURGENT_ACT:
        return "The Insurgents end their phase" if c == "end" else f"{name(game, c)} acts"
    if k is DecisionKind.PLAN:
        module_plan = (f.get("module_plans") or {}).get(c)  # a module's plan, in its words
        if module_plan:
            return f"{unit}: {module_plan[:1].lower()}{module_plan[1:]}"
        return f"{unit} {_plan(str(c))}"
    if k is DecisionKind.MOVE:
        if c == "stay" or not isinstance(c, dict):
            return f"{unit} stays where it is"
        if c.get("assault"):
            return f"{unit} moves into a Close Assault on {name(game, c['assault'])}"
        if c.get("join"):
            return f"{unit} moves to join {name(game, c['join'])}"
        speed = {"cautious": " Cautiously", "rapid": " Rapidly"}.get(str(c.get("speed")), "")
        return f"{unit} moves{speed}"
    if k is DecisionKind.FIRE:
        return f"{unit} holds its fire" if c == "hold" else f"{unit} fires at {name(game, c)}"
    if k is DecisionKind.INTERRUPT:
        target = name(game, f.get("target"))
        what = f.get("what")
        if not isinstance(c, dict):
            if str(what).startswith("activation"):  # the window at its start (house rule AA-071)
                return f"No Insurgent spends its interrupt at the start of {whose('activation', target)}"
            return f"No Insurgent interrupts {whose('fire' if what == 'fire' else 'move', target)}"
        who = name(game, c.get("unit"))
        if c.get("kind") == "fire_pinned":
            return f"{who} interrupts to fire at {name(game, c.get('target'))}"
        how = "by fire" if c.get("kind") == "fire" else "by movement"
        where = f' {float(c["at"]):.1f}" along its move' if "at" in c else ""
        return f"{who} interrupts {target}{where} {how}"
    if k is DecisionKind.OVERWATCH:
        against = name(game, f.get("against"))
        if c == "none":
            return f"No Regular unit answers {whose('interruption', against)}"
        answering = game.state.units.get(c) if hasattr(game, "state") else None
        if answering is not None and not answering.overwatch:  # a unit still to act (AA-091)
            return (f"{name(game, c)}, still to act, answers {whose('interruption', against)}: "
                    "that is its activation")
        return f"{name(game, c)} on Overwatch answers {whose('interruption', against)}"
    if k is DecisionKind.OVERWATCH_POINT:
        target = name(game, f.get("target"))
        if not isinstance(c, dict):
            return f"No Overwatch unit fires at {whose('move', target)}"
        who = name(game, c.get("unit"))
        return f'{who} on Overwatch fires at {target} {float(c["at"]):.1f}" along its move'
    if k is DecisionKind.REACT:
        if c == "none":
            return f"{unit or 'The Regulars'} do not react" if not unit else f"{unit} does not react"
        if c == "fire":
            return f"{unit} fires back at {name(game, f.get('against'))}"
        if c == "cover":
            return f"{unit} takes cover"
        return f"{name(game, c)} fires in support at {name(game, f.get('against'))}"
    if k is DecisionKind.MATCH:
        return "The defender matches the dice (the best arrangement)" if c == "best" \
            else "The defender matches the dice"
    if k is DecisionKind.CASUALTIES:
        from ambush_gui.alley.names import name_of  # casualties are Ambush Alley's

        # by name ("fighter 1" of "RPG team (4), fighter 1"), never by id ("i4-2"), and
        # the unit named once: "Tea shop gunmen loses Tea shop gunmen, fighter 1" read twice
        names = [name_of(game, x) for x in c] if isinstance(c, list | tuple) else [str(c)]
        own = f"{unit}, "
        figures = "; ".join(n.removeprefix(own) if unit else n for n in names)
        return f"{unit} loses {figures}"
    if k is DecisionKind.HOT_SPOT:
        return f"Reinforcements come in at Hot Spot {c}"
    if k is DecisionKind.PLACE:
        return "Reinforcements are set down"
    if k is DecisionKind.ABANDON:
        return "The casualties are kept" if c == "keep" else "The casualties are abandoned"
    return ""


_STANCE_WORDS = {"standing": "stands up", "crouching": "crouches", "prone": "goes prone"}


def _ambush(game: Any, d: Decision, c: Any) -> str:
    """An Ambush! answer in the words its dialog's button gives it (the soldiers, weapons
    and hexes by their names, never the file's keys: issue 29)."""
    from ambush_gui.ambush.words import option_text, soldier_name, weapon_name

    k = d.kind
    sid = d.facts.get("soldier") or d.facts.get("firer")
    who = soldier_name(game, sid) if sid else ""
    if k is DecisionKind.AMBUSH_OPERATIONS:
        if not isinstance(c, dict):
            return f"Operations turn {d.facts.get('turn', '')}: the US squad ends the turn".replace(
                "turn : ", "turn: ")
        name = soldier_name(game, c.get("soldier"))
        return f"{name} leaves the map" if c.get("to") == "off" else f"{name} enters {c.get('to')}"
    if k is DecisionKind.AMBUSH_ACTOR:
        return f"{soldier_name(game, c)} acts next"
    if isinstance(c, dict) and "stance" in c and len(c) == 1:
        return f"{who} {_STANCE_WORDS.get(str(c['stance']), str(c['stance']))}"
    if k is DecisionKind.AMBUSH_STANCE:
        return f"{who} keeps his stance" if c == "stay" else \
            f"{who} {_STANCE_WORDS.get(str(c), str(c))}"
    if k is DecisionKind.AMBUSH_MOVE:
        if not isinstance(c, dict):
            return f"{who} stops"
        return f"{who} leaves the map" if c.get("to") == "off" else f"{who} moves into {c.get('to')}"
    if k is DecisionKind.AMBUSH_TARGET:
        if not isinstance(c, dict):
            return f"{who} holds his fire"
        how = "snap" if c.get("fire") == "snap" else "aimed"
        at = f"the wall of {c['wall']}" if "wall" in c else soldier_name(game, c.get("target"))
        return f"{who}: {how} fire with the {weapon_name(game, str(c.get('weapon')))} at {at}"
    if k is DecisionKind.AMBUSH_ACTION and isinstance(c, dict) and "action" in c:
        return f"{who}: {option_text(game, sid, c)}"
    return f"{who}: {c}" if who else str(c)


def narrate(game: Any, d: Decision, choice: Any) -> str:
    """One line in plain words: what ``choice`` does as the answer to ``d`` (what another
    side may read of it is :meth:`ambush_gui.core.view.View.tell_answer`'s to say)."""
    text = _ambush(game, d, choice) if d.kind.value.startswith("ambush") else _alley(game, d, choice)
    return text or f"{SIDE_NAMES.get(d.side, d.side)}: {d.prompt} — {choice}"
