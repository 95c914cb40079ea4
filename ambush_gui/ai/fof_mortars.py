"""How the computer players handle mortar teams (the mortars module, FF-001..017).

The module asks no question of its own: its limits reach the core decisions (a fire
decision lists only the targets a team may fire at). What needs advice is the team's
plan, so that neither side's computer player walks a mortar into its own No Fire Zone:

* a Medium or Heavy team that may not fire is an objective: it holds its place;
* a team that has a target beyond its No Fire Zone in sight stays Halted and fires (a
  direct lay);
* a team whose nearest enemy is close to the zone's edge does not advance: Regulars go
  on Overwatch (a fire at anything that moves into its sight beyond the zone), Insurgents
  stay Halted; one with a little room left only moves Cautiously (6");
* otherwise the core plan (its goal) stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ambush_gui.ai.fof import Advice, Player, adviser
from ambush_gui.alley.fire import fire_blocked
from ambush_gui.core.decisions import Decision

if TYPE_CHECKING:
    from ambush_gui.alley.fof.mortars import MortarsModule
    from ambush_gui.alley.game import AlleyGame

WORTH = 0.2  # expected casualties that make a direct lay worth standing still for


def _hold(d: Decision, why: str) -> Advice | None:
    for plan in ("overwatch", "halted"):
        if plan in d.options:
            return plan, why
    return None


@adviser("plan:mortars")
def plan(ai: Player, g: AlleyGame, d: Decision) -> Advice | None:
    """A mortar team's plan (see the module docstring); None for any other unit."""
    mod: MortarsModule | None = g.modules.get("mortars")  # type: ignore[assignment]
    uid = d.facts.get("unit")
    if mod is None or uid is None:
        return None
    unit = g.unit(uid)
    kind = mod.kind(unit)
    if kind is None:
        return None
    zone = mod.zone(unit)
    if zone == float("inf"):
        if "halted" in d.options:
            return "halted", f"a {kind.value} mortar team is an objective: it holds its place"
        return None
    enemies = g.enemies(unit)
    if not enemies:
        return None
    shots = [(ai.hits(g, unit, e), e) for e in enemies
             if g.sees(unit, e) and fire_blocked(g, unit, e) is None]
    best: tuple[float, Any] | None = max(shots, key=lambda s: s[0], default=None)
    if best is not None and best[0] >= WORTH and "halted" in d.options:
        return "halted", (f"a direct lay at {best[1].name} from beyond its No Fire Zone "
                          f"(about {best[0]:.1f} expected casualties)")
    nearest = min(g.distance(unit, e) for e in enemies)
    if nearest > zone + g.m.rapid:
        return None  # room to go where its goal takes it
    if nearest > zone + g.m.cautious and "cautious:move-fire" in d.options:
        return "cautious:move-fire", ("it moves only Cautiously: a Rapid move could take it "
                                      "inside its No Fire Zone")
    return _hold(d, f"it keeps its distance: the nearest enemy is {nearest / g.m.scale:.0f}\" away, "
                    f"near its {zone / g.m.scale:.0f}\" No Fire Zone")
