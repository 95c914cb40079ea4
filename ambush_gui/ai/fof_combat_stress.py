"""How the computer players use combat stress's leaders (FF-087..128).

The module asks no questions; its leaders change where a lone leader should go. A
Positive Leader within 6" takes his rating off a unit's Stress Level (FF-100), within 8"
adds a die to its Stress Test (FF-111) and lets a unit that lost confidence try to win it
back (FF-121). So a lone Positive Leader goes to join the team that has lost confidence
(the most Firepower dice lost), else the one most enemies see (the next to be fired on,
FF-094), rather than the biggest one in reach (the normal player's choice without the
module, AA-026): the ``move:`` adviser, asked at his moves. (Standing beside the team as
a unit of his own steadied it more, but cost Market Day's Regulars their leader's
activations and a sixth of their wins: he joins.)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ambush_gui.ai.fof import Advice, Player, adviser, legal
from ambush_gui.alley.fof.combat_stress import CombatStressModule

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.alley.model import Unit
    from ambush_gui.core.decisions import Decision

BESIDE = 0.7
"""Inches from the team's nearest figure the leader ends his move (in cohesion: he joins)."""


def _module(g: AlleyGame) -> CombatStressModule | None:
    m = g.modules.get("combat_stress") if g.modules else None
    return m if isinstance(m, CombatStressModule) else None


def _positive(mod: CombatStressModule, unit: Unit) -> bool:
    ids = {f.id for f in unit.fighters}
    return any(positive and spec.figure in ids for spec, positive in mod.leader_specs())


@adviser("move:combat_stress")
def to_the_shaken(ai: Player, g: AlleyGame, d: Decision) -> Advice | None:
    """A lone Positive Leader goes to join the team that needs him most."""
    mod = _module(g)
    uid = d.facts.get("unit")
    if mod is None or uid is None:
        return None
    leader = g.unit(uid)
    if not leader.is_detached_leader or not _positive(mod, leader):
        return None

    def need(u: Unit) -> tuple[int, int, int]:  # lost dice, enemies that see it, Stress Level
        st = mod.units[u.id]
        return st.lost, sum(1 for e in g.enemies(u) if g.sees(e, u)), st.level

    teams = [u for u in g.state.side_units(leader.side)
             if u.id in mod.units and u.fighters and u.leader is None and not u.is_detached_leader]
    shaken = [(need(u), u) for u in teams if need(u)[:2] != (0, 0)]
    if not shaken:
        return None
    limit = float(d.facts.get("limit", 0))
    lx, ly = leader.centre()
    for _, team in sorted(shaken, key=lambda t: (tuple(-x for x in t[0]), t[1].id)):
        f = min(team.fighters, key=lambda f: math.dist(f.pos, (lx, ly)))
        gap = math.dist(f.pos, (lx, ly))
        if gap <= BESIDE * g.m.scale:
            return None  # already there
        t = (gap - BESIDE * g.m.scale) / gap
        end = (round(lx + (f.x - lx) * t, 3), round(ly + (f.y - ly) * t, 3))
        if math.dist(end, (lx, ly)) > limit:
            continue
        choice: dict[str, Any] = {"path": [list(end)], "join": team.id}
        if d.facts.get("speeds"):  # the Insurgent phase: the pace is chosen with the move
            choice["speed"] = d.facts["speeds"][-1]
        if legal(d, choice):
            why = "has lost confidence" if need(team)[0] else "is under the enemy's eyes"
            return choice, (f"a Positive Leader: he joins {team.name}, which {why}, to steady it "
                            "(FF-100, FF-121)")
    return None
