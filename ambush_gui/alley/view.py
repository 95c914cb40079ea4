"""What a side may see of an Ambush Alley / Force on Force table (see :mod:`ambush_gui.core.view`).

The table's hidden pieces are the modules' (``hidden_pieces()``: today the IEDs a
scenario hides, ``hidden_from``); a piece is revealed for good once it has gone off.

**Fixed moments** (:func:`look_moments`): in hot-seat play a side holding secrets is
handed the seat at moments that do not depend on whether it has something secret to
decide, so that the other player cannot tell from the curtain that it was asked: as each
turn begins, and after each move of an enemy unit while it has a hidden device it sets
off by command (such a device is asked about as the turn begins and after an enemy
move ends within its reach).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.events import Event
from ambush_gui.core.view import Hidden, holds_secrets
from ambush_gui.core.words import capital, whose


def hidden_pieces(game: Any) -> Mapping[str, Hidden]:
    mods = getattr(game, "modules", None)
    out: dict[str, Hidden] = {}
    if mods:
        for pid, hidden in mods.gather("hidden_pieces"):
            out[pid] = hidden
    return out


def hidden_in_file(devices: list[Any]) -> dict[str, Hidden]:
    """The IEDs a scenario's ``[[ieds.devices]]`` hide, read from the file as it stands
    (the editor's "View as"): a device the file does not yet describe well enough is
    read by its owner and hidden keys alone, as the game would read them."""
    from ambush_gui.alley.fof.ieds import DeviceSettings

    out: dict[str, Hidden] = {}
    for dev in devices:
        if not isinstance(dev, dict):
            continue
        keys = {k: dev[k] for k in ("owner", "hidden", "hidden_from") if k in dev}
        try:
            spec = DeviceSettings.model_validate({"id": "x", **keys})
        except ValueError:
            continue  # the Problems list names what is wrong; drawn as for everyone
        sides = frozenset(s.value for s in spec.hidden_sides)
        if sides:
            out[str(dev.get("id", ""))] = Hidden(spec.owner.value, sides)
    return out


def look_moments(game: Any, event: Event) -> list[str]:
    """The sides holding secrets that ``event`` is a fixed moment for (see the module
    docstring): every such side as a turn begins; after an enemy unit's move, a side with
    a hidden command device waiting."""
    if event.kind == "turn":
        return [s for s in ("regular", "insurgent") if holds_secrets(game, s)]
    if event.kind == "move":
        unit = game.state.units.get(event.data.get("unit")) if event.data.get("unit") else None
        mods = getattr(game, "modules", None)
        if unit is None or not mods:
            return []
        askers = set(mods.gather("secret_askers"))
        return [s for s in sorted(askers) if s != unit.side.value]
    return []


def called_for(game: Any, d: Decision) -> str:
    """What the player taking the seat is called for by ``d``, in words both players may
    read on the hot-seat curtain (:func:`ambush_gui.core.view.seat_called`): the question's
    kind and the units it is about, told from its kind and facts, never from its prompt.
    The prompt may tell a die's verdict ("Fireteam Bravo may react first": the Reaction
    Test's winner; "choose 2 casualties": the hits); these words tell no count, no winner
    and no state a throw gave. A question a Force on Force module asks is named by its
    ``facts["question"]``; one this function does not know reads as a question of that
    module's rules.

    >>> from ambush_gui.core.decisions import Decision, DecisionKind
    >>> called_for(None, Decision("regular", DecisionKind.CASUALTIES, "Regular: choose 2 "
    ...            "casualties in u1", (["a", "b"], ["a", "c"]), {"unit": "u1", "hits": 2}))
    'Choose who falls in u1'
    """
    f = d.facts
    k = DecisionKind

    def name(key: str) -> str:
        return _name(game, f.get(key))

    if d.kind is k.ACTIVATE:
        return "Choose the unit that activates next"
    if d.kind is k.PLAN:
        return f"Say how {name('unit')} acts"
    if d.kind is k.MOVE:
        if f.get("cover_from"):
            return f"Move {name('unit')} into cover or out of {whose('sight', name('cover_from'))}"
        if f.get("interrupting"):
            return f"Move {name('unit')}: its interruption of {name('interrupting')}"
        return f"Move {name('unit')}"
    if d.kind is k.FIRE:
        return f"Choose {whose('target', name('unit'))}, or hold its fire"
    if d.kind is k.INTERRUPT:
        return f"You may interrupt {whose(f.get('what') or 'action', name('target'))}"
    if d.kind is k.OVERWATCH:
        return (f"You may fire at {name('against')} (interrupting {name('interrupted')}) from "
                "Overwatch or with a unit still waiting to activate")
    if d.kind is k.OVERWATCH_POINT:
        return f"You may fire from Overwatch at {whose('move', name('target'))}"
    if d.kind is k.REACT:
        if f.get("unit"):  # the interrupted unit: "react first" and "return fire" read alike
            return capital(f"{whose('answer', name('unit'))} to {whose('interruption', name('against'))}")
        return f"You may react to {whose(f.get('what') or 'action', name('against'))}"
    if d.kind is k.MATCH:
        return (f"Match {whose('Defense dice', name('target'))} against "
                f"{whose('fire', name('attacker'))}")
    if d.kind is k.CASUALTIES:
        return f"Choose who falls in {name('unit')}"
    if d.kind is k.HOT_SPOT:
        return "Choose the Hot Spot where new Insurgents arrive"
    if d.kind is k.PLACE:
        return f"Set down the new Insurgents at Hot Spot {f.get('hot_spot')}"
    if d.kind is k.INSURGENT_ACT:
        return "Choose the unit that acts next in the Insurgent phase, or end the turn"
    if d.kind is k.ABANDON:
        return f"You may abandon {whose('casualties', name('unit'))}"
    if d.kind is k.CHOOSE:
        return _module_called_for(game, f)
    return "A question for you"


def _module_called_for(game: Any, f: Mapping[str, Any]) -> str:
    """:func:`called_for` for a Force on Force module's question (``facts["question"]``)."""
    question = str(f.get("question", ""))
    mob = _name(game, f.get("mob"))
    if question == "mounted.stay_mounted":
        return f"{_name(game, f.get('unit'))}, fired on by {_name(game, f.get('attacker'))}: " \
               "stay mounted or dismount"
    if question == "ieds.target":
        return f"Choose the unit {_name(game, f.get('device'))} attacks"
    if question == "ieds.detonate":
        return f"You may set off {_name(game, f.get('device'))}"
    if question == "civilians.hostile_move":
        return f"Move the hostile {mob}"
    if question == "civilians.taunt":
        return f"You may have {mob} taunt a unit"
    if question == "civilians.manipulate":
        return f"Send {mob} where {whose('leader', _name(game, f.get('unit')))} wants it"
    module = str(f.get("module") or question.partition(".")[0] or "a module")
    return f"A question of the {module} rules"


def _name(game: Any, pid: Any) -> str:
    """A unit, mob or device of the table by its name (its id when the game has none)."""
    pid = str(pid)
    state = getattr(game, "state", None)
    unit = getattr(state, "units", {}).get(pid)
    if unit is not None:
        return str(unit.name)
    mods = getattr(game, "modules", None)
    civ = mods.get("civilians") if mods else None
    mob = getattr(civ, "mobs", {}).get(pid)
    if mob is not None:
        return str(mob.name)
    ieds = mods.get("ieds") if mods else None
    device = next((v for v in getattr(ieds, "devices", []) if v.id == pid), None)
    return str(device.name) if device is not None else pid
