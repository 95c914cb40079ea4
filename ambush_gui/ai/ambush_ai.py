"""A US computer player for Ambush! that answers every US decision.

Plain tactical sense, no search. In Operations the squad works towards the mission's
objective (the Paragraph Check places whose paragraphs score or end the mission; the ones
that unlock others first), rearmost man first so the squad keeps together, by the path
that costs least in Movement Points and open ground. In Rounds a soldier who can fire
fires (aimed, at the best hit number, from a crouch); one who cannot closes on the
nearest German; a prone man gets up. Every answer goes through ``Decision.validate``.
"""

from __future__ import annotations

import heapq
from typing import Any

from ambush_gui.ai.narrate import Choice
from ambush_gui.ambush.actions import enter_cost
from ambush_gui.ambush.charts import Side, Stance
from ambush_gui.ambush.fire import sees
from ambush_gui.ambush.game import AmbushGame
from ambush_gui.ambush.model import Soldier
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.hexgrid import Hex

INF = 10**9
ACTION_ORDER = ("crew_aimed", "aimed", "snap", "clear_jam", "prepare_bazooka", "prepare_crew",
                "wake", "move", "move_snap")


class AmbushAI:
    """Answers the US side's decisions."""

    def __init__(self) -> None:
        self._dist: dict[frozenset[Hex], dict[Hex, int]] = {}
        self._visited: set[Hex] = set()

    def choose(self, game: AmbushGame, d: Decision) -> Any:
        handler = {
            DecisionKind.AMBUSH_OPERATIONS: self.operations,
            DecisionKind.AMBUSH_ACTOR: self.actor,
            DecisionKind.AMBUSH_ACTION: self.action,
            DecisionKind.AMBUSH_TARGET: self.target,
            DecisionKind.AMBUSH_MOVE: self.move,
            DecisionKind.AMBUSH_STANCE: self.stance,
        }.get(d.kind)
        self._visited |= {s.hex for s in game.state.side(Side.US) if s.hex is not None}
        answer = handler(game, d) if handler is not None else d.options[0]
        try:
            return d.validate(answer)
        except IllegalDecision:
            return d.options[-1]

    def decide(self, game: AmbushGame, d: Decision) -> Choice:
        """The answer and its reason, for the GUI to narrate."""
        answer = self.choose(game, d)
        why = {
            DecisionKind.AMBUSH_OPERATIONS: "towards the mission's objective, rearmost man first",
            DecisionKind.AMBUSH_ACTION: "fire when he can, else close on the nearest German",
            DecisionKind.AMBUSH_TARGET: "the best hit number",
            DecisionKind.AMBUSH_MOVE: "the cheapest way towards the nearest German",
            DecisionKind.AMBUSH_STANCE: "crouched to fire, up to move",
        }.get(d.kind, "")
        return Choice(answer, why)

    # -- distances ---------------------------------------------------------------------
    def distances(self, g: AmbushGame, goal: frozenset[Hex]) -> dict[Hex, int]:
        """Cost to reach ``goal`` from every hex: Movement Points, plus one for each hex
        without cover (it neither blocks sight nor is a building)."""
        if goal in self._dist:
            return self._dist[goal]
        hexmap = g.state.map
        dist = {h: 0 for h in goal}
        todo = [(0, h) for h in goal]
        while todo:
            du, u = heapq.heappop(todo)
            if du > dist.get(u, INF):
                continue
            t = hexmap.terrain(u)
            bare = 0 if (g.charts.blocks_sight(t) or g.charts.building(t)) else 1
            for v in hexmap.neighbours(u):
                cost = enter_cost(g, _NOBODY, v, u)
                if cost is None:
                    continue
                dv = du + cost + bare
                if dv < dist.get(v, INF):
                    dist[v] = dv
                    heapq.heappush(todo, (dv, v))
        self._dist[goal] = dist
        return dist

    def objective(self, g: AmbushGame) -> frozenset[Hex]:
        """Where the squad goes: the places whose Paragraph Checks may find a German, score
        or end the mission, and are not done yet (a scoring paragraph's sighting made; a
        place that can only find Germans, once visited); the nearest of those that do not
        end the mission first, else the one that ends it."""
        m = g.scenario
        firsts: list[frozenset[Hex]] = []
        lasts: list[frozenset[Hex]] = []
        for c in m.spec.card.checks:
            if c.when and g.state.condition not in c.when:
                continue
            chain = _chain(m, c.paragraph)
            acts = [(n, a) for n in chain for o in m.paragraph(n).options for a in o.do]
            ends = any(a.end is not None for _, a in acts)
            scoring = {n for n, a in acts if (a.score or 0) > 0}
            finds = any(a.activate is not None for _, a in acts)
            if not (ends or scoring or finds):
                continue
            where = m.places(c.at)
            if any(m.paragraph(n).sighting in g.state.sightings for n in scoring):
                continue
            if not scoring and not ends and where & self._visited:
                continue
            (lasts if ends else firsts).append(where)
        for group in (firsts, lasts):
            if group:
                return min(group, key=lambda w: (self._reach(g, w), sorted(w)))
        return frozenset(Hex.from_label(x) for x in m.spec.end.exit_hexes)

    def _reach(self, g: AmbushGame, goal: frozenset[Hex]) -> int:
        """How far the squad's rearmost soldier is from ``goal``."""
        dist = self.distances(g, goal)
        far = 0
        for s in g.state.side(Side.US):
            if s.left_map:
                continue
            if s.hex is None:
                entries = g.mission.entry_hexes(g, s)
                far = max(far, min(dist.get(h, INF) for h in entries))
            else:
                far = max(far, dist.get(s.hex, INF))
        return far

    # -- Operations ------------------------------------------------------------------
    def operations(self, g: AmbushGame, d: Decision) -> Any:
        goal = self.objective(g)
        dist = self.distances(g, goal)
        here = {s.id: (dist.get(s.hex, INF) if s.hex is not None else INF)
                for s in g.state.side(Side.US)}
        best: tuple[Any, ...] | None = None
        for o in d.options:
            if o == "end" or o["to"] == "off":
                continue
            to = Hex.from_label(o["to"])
            gain = here[o["soldier"]] - dist.get(to, INF)
            if gain <= 0 and here[o["soldier"]] < INF:
                continue
            key = (-here[o["soldier"]], dist.get(to, INF), o["soldier"])
            if best is None or key < best[0]:
                best = (key, o)
        if best is not None:
            return best[1]
        # someone stands in an objective not yet done: step out, to enter it again
        for o in d.options:
            if o != "end" and o["to"] != "off" and here[o["soldier"]] == 0 \
                    and Hex.from_label(o["to"]) not in goal and _fresh(d, o["soldier"], g):
                return o
        return "end"

    # -- Rounds ----------------------------------------------------------------------
    def actor(self, g: AmbushGame, d: Decision) -> Any:
        for sid in d.options:
            if self.targets(g, g.state.soldiers[sid]):
                return sid
        return d.options[0]

    def targets(self, g: AmbushGame, s: Soldier) -> list[Soldier]:
        return [o for o in g.state.side(Side.GERMAN) if o.hex is not None and sees(g, s, o)]

    def action(self, g: AmbushGame, d: Decision) -> Any:
        s = g.state.soldiers[d.facts["soldier"]]
        acts = {o["action"]: o for o in d.options if "action" in o}
        stances = {o["stance"] for o in d.options if "stance" in o}
        if "remove_grenade" in acts:  # AR-086: a live grenade in his hex
            return acts["remove_grenade"]
        # a set-up machinegun fired by two men outguns either man's own weapon (AR-077)
        fire = acts.get("crew_aimed") or acts.get("aimed") or acts.get("snap")
        throw = self.grenade(g, [o for o in d.options if o.get("action") == "grenade"],
                             crowd=1 if fire is None else 2)
        if throw is not None:
            return throw
        if fire is not None and s.stance is Stance.STANDING and "crouching" in stances:
            return {"stance": "crouching"}
        if s.stance is Stance.PRONE and not fire and stances:
            want = "crouching" if self.targets(g, s) else "standing"
            if want in stances:
                return {"stance": want}
        if s.stance is Stance.CROUCHING and not fire and "move" not in acts \
                and "standing" in stances and not self.targets(g, s):
            return {"stance": "standing"}
        for name in ACTION_ORDER:
            if name in acts and (name != "move" or not self.targets(g, s)):
                return acts[name]
        return acts.get("pass", d.options[0])

    def grenade(self, g: AmbushGame, throws: list[dict[str, str]],
                crowd: int) -> dict[str, str] | None:
        """A grenade at a hex with no US soldier and at least ``crowd`` Germans (AR-082)."""
        for o in throws:
            h = Hex.from_label(o["to"])
            if not g.state.in_hex(h, Side.US) and len(g.state.in_hex(h, Side.GERMAN)) >= crowd:
                return o
        return None

    def target(self, g: AmbushGame, d: Decision) -> Any:
        odds = list(d.facts.get("odds", []))
        shots = [o for o in d.options if o != "hold"]
        if not shots:
            return "hold"
        best = max(range(len(shots)),
                   key=lambda i: odds[i]["number"] if i < len(odds) else -1)
        return shots[best]

    def move(self, g: AmbushGame, d: Decision) -> Any:
        s = g.state.soldiers[d.facts["soldier"]]
        if "snap" in d.options and self.targets(g, s):
            return "snap"
        if self.targets(g, s):
            return "stop"
        germans = frozenset(o.hex for o in g.state.side(Side.GERMAN) if o.hex is not None)
        goal = germans or self.objective(g)
        dist = self.distances(g, goal)
        now = dist.get(s.hex, INF) if s.hex is not None else INF
        steps = [o for o in d.options if isinstance(o, dict) and "to" in o and o["to"] != "off"]
        steps.sort(key=lambda o: dist.get(Hex.from_label(o["to"]), INF))
        if steps and dist.get(Hex.from_label(steps[0]["to"]), INF) < now:
            return steps[0]
        return "stop"

    def stance(self, g: AmbushGame, d: Decision) -> Any:
        s = g.state.soldiers[d.facts["soldier"]]
        if self.targets(g, s) and s.stance is Stance.STANDING and "crouching" in d.options:
            return "crouching"
        return "stay"


class _Nobody:
    """``enter_cost`` needs a soldier only by name."""


_NOBODY: Any = _Nobody()


def _chain(m: Any, first: int) -> list[int]:
    seen: list[int] = []
    todo = [first]
    while todo:
        n = todo.pop()
        if n in seen:
            continue
        seen.append(n)
        todo += [a.goto for o in m.paragraph(n).options for a in o.do if a.goto is not None]
    return seen


def _fresh(d: Decision, sid: str, g: AmbushGame) -> bool:
    """Only step out of the objective when he has not moved yet this turn (a full MPA)."""
    return d.facts.get("mp_left", {}).get(sid) == g.state.soldiers[sid].mpa
