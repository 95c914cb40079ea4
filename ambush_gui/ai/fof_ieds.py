"""How the computer players use IEDs (FF-049): which unit to attack, and when to set off
a command IED.

The harm an IED does to the Regulars' aim is measured as its expected casualties on a
unit, with a large bonus for a unit carrying escorts or casualties (every figure it
loses slows or stops the carrying, and the escorts are what the scenarios score). A
command IED goes off when that harm is worth its one shot: a carrier in reach, a fair
number of expected casualties, or the last turn. It is not spent on the first passer-by
when a unit it would hurt much more (a squad behind its point man, a carrier) is close
enough to walk into reach before the game ends: it waits for that one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ambush_gui.ai.fof import Advice, Player, adviser
from ambush_gui.alley.fof.blast import Blast, odds
from ambush_gui.alley.fof.ieds import DETONATE, WAIT, IedsModule

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.alley.model import Unit
    from ambush_gui.core.decisions import Decision

CARRIER_BONUS = 3.0
"""Expected casualties a unit carrying escorts or casualties is worth on top of its own."""
WORTH_IT = 0.8
"""The expected harm at which a command IED is set off rather than kept."""
BETTER = 1.5
"""How many times the harm in reach a unit still coming must promise for the IED to wait."""
COMING = 2.0
"""Within how many Rapid moves of the device a unit counts as still coming."""


def _blast(g: AlleyGame, d: Decision) -> Blast | None:
    mod = g.modules.get("ieds")
    if not isinstance(mod, IedsModule):
        return None
    device = next((x for x in mod.devices if x.id == d.facts.get("device")), None)
    return mod.blast(device) if device is not None else None


def harm(g: AlleyGame, blast: Blast, unit: Unit) -> float:
    """What hitting ``unit`` does to its side's aim (see the module docstring)."""
    return odds(g, blast, unit)[1] + (CARRIER_BONUS if unit.dependants else 0.0)


@adviser("ieds.target")
def target(ai: Player, g: AlleyGame, d: Decision) -> Advice | None:
    """The unit in reach whose loss hurts the enemy's aim most."""
    blast = _blast(g, d)
    if blast is None:
        return None
    best = max((g.unit(u) for u in d.options), key=lambda u: harm(g, blast, u))
    why = "it carries escorts or casualties" if best.dependants else \
        f"the most expected casualties ({odds(g, blast, best)[1]:.1f})"
    return best.id, f"the IED attacks {best.name}: {why}"


def coming(g: AlleyGame, mod: IedsModule, device: Any, blast: Blast, in_reach: list[Unit],
           worth: float) -> Unit | None:
    """The enemy unit not yet in reach, within :data:`COMING` Rapid moves of the device,
    that the blast would hurt most if that is at least ``worth``; else None."""
    near = [u for u in g.state.side_units(device.spec.owner.enemy)
            if u.alive and u.on_table and u not in in_reach
            and mod.distance(device, u) <= COMING * g.m.rapid]
    best = max(near, key=lambda u: harm(g, blast, u), default=None)
    return best if best is not None and harm(g, blast, best) >= worth else None


@adviser("ieds.detonate")
def detonate(ai: Player, g: AlleyGame, d: Decision) -> Advice | None:
    """Set it off for a carrier, for enough expected casualties, or on the last turn."""
    blast = _blast(g, d)
    if blast is None:
        return None
    units: list[Any] = [g.unit(u) for u in d.facts.get("units", [])]
    if not units:
        return WAIT, "no one in reach"
    mod = g.modules.get("ieds")
    assert isinstance(mod, IedsModule)  # _blast found the device in it
    device = next(x for x in mod.devices if x.id == d.facts["device"])
    values = [harm(g, blast, u) for u in units]
    value = max(values) if device.spec.target == "owner" else sum(values) / len(values)
    if any(u.dependants for u in units):
        return DETONATE, "a unit carrying escorts or casualties is in reach"
    last = g.state.turn >= g.spec.turn_limit
    if not last:
        better = coming(g, mod, device, blast, units, BETTER * max(value, WORTH_IT))
        if better is not None:
            return WAIT, (f"only about {value:.1f} expected casualties now: it waits for "
                          f"{better.name}, on its way")
    if value >= WORTH_IT:
        return DETONATE, f"about {value:.1f} expected casualties"
    if last:
        return DETONATE, "the last turn: now or never"
    return WAIT, f"only about {value:.1f} expected casualties: it waits for a better moment"
