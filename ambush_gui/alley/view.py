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

from ambush_gui.core.events import Event
from ambush_gui.core.view import Hidden, holds_secrets


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
