"""A US computer player for Ambush! that answers every US decision.

Plain tactical sense, no search. In Operations the squad pursues what the mission scores:
each Paragraph Check place is valued by reading its paragraphs the way the booklet would
now (under the Condition in force, with the Germans where they are, every face of the 0-9
die weighed): the points it would score, the Germans it would find, whether it ends the
mission. A place worth nothing any more (its sighting made, its scoring option shut by the
Condition, its points already taken) is dropped, and one tried again and again without
result is given up, so the squad never parks on a dead objective: it moves on to the next
place the mission scores, then ends the mission by its ending paragraph, else leaves by the
exit hexes. It moves rearmost man first so the squad keeps together, by the path that costs
least in Movement Points and open ground.

Repeatable awards (a scoring paragraph with no sighting, read again on every entry) are
taken ONCE: after a paragraph has scored, its points count for nothing in the valuation,
so the squad does not farm it (``Mission`` validation warns of such paragraphs; the
mission's designer meant them once).

In Rounds a soldier who can fire fires (aimed, at the best hit number, from a crouch); one
who cannot closes on the nearest German; a prone man gets up. Every answer goes through
``Decision.validate`` and carries a one-line reason in plain words.

How sharply it plays is a :class:`Judgement` (one code path, settings only): the normal
squad plays :data:`NORMAL`; the hard level of Ambush! is this player on :data:`HARD`, which
lies down after acting in a German's sight, keeps at most two men in a hex on the way in,
walks round Paragraph Check hexes it is not going to, and shoots a party's men before its
leader. The settings were chosen by simulation on training seeds, the same for every
mission.

For the look-ahead player :class:`ambush_gui.ai.hard.HardPlayer` (no longer the hard level
of Ambush!: it was level with normal at 5 s a game): :meth:`AmbushAI.candidates` proposes
a few distinct legal answers at the decisions that matter, normal's own first, and
:meth:`AmbushAI.value` says how well a side stands (the mission's points so far, the
casualties as the end would score them, the victory level they reach, and a small term
for what is still to be had).
"""

from __future__ import annotations

import heapq
import json
import weakref
from dataclasses import dataclass, field
from typing import Any

from ambush_gui.ai.narrate import Choice
from ambush_gui.ambush.actions import enter_cost
from ambush_gui.ambush.charts import Side, Stance
from ambush_gui.ambush.fire import sees
from ambush_gui.ambush.game import AmbushGame
from ambush_gui.ambush.mission import HIM, Cond, EndResult, Mission, Outcome
from ambush_gui.ambush.model import Soldier, Status
from ambush_gui.ambush.paragraphs import StateSituation
from ambush_gui.ambush.words import key_words
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.hexgrid import Hex
from ambush_gui.core.words import count

INF = 10**9
ACTION_ORDER = ("crew_aimed", "aimed", "snap", "clear_jam", "prepare_bazooka", "prepare_crew",
                "wake", "move", "move_snap")
ACTION_WORDS = {"crew_aimed": "fires the machinegun aimed", "aimed": "fires aimed",
                "snap": "snap-fires", "clear_jam": "clears his jammed weapon",
                "prepare_bazooka": "readies the bazooka", "prepare_crew": "sets up the machinegun",
                "wake": "rouses a comrade", "move": "moves", "move_snap": "moves and snap-fires",
                "grenade": "throws a grenade", "remove_grenade": "throws the grenade clear",
                "pass": "passes", "charge": "charges"}

WORTH_MIN = 0.25
"""A place whose valuation (points, Germans found, the end) falls below this is not worth
walking to: the squad moves on."""

TRY_DECAY = 0.6
"""Each reading of a place's paragraph that changed nothing multiplies its worth by this:
a chance that keeps failing is given up after a few tries, never camped on."""

FIND_BONUS = 1.0
"""A German found is worth his activation points and this much more: he can then be put
out of the fight, which the mission scores too."""

ENDS_WORTH = 0.5
"""An ending paragraph with no points is still somewhere to go: it ends the mission on the
points already made, as leaving by the exit hexes would."""

OUTCOME_WEIGHT = {Outcome.US: 3.0, Outcome.DRAW: 0.0, Outcome.GERMAN: -3.0}
"""value(): the victory level the points reach counts this much on top of the points."""

MAX_CANDIDATES = 4


@dataclass(frozen=True)
class Judgement:
    """The squad's tactical judgement as settings: one code path for every level, the
    normal squad on :data:`NORMAL`, the hard one on :data:`HARD`."""

    prone_after_action: bool = False
    """In Rounds, after his action a man whom a German can see lies down (the change is
    free, and prone is the largest shift against a hit, FC-023)."""
    max_stack: int = 99
    """In Operations a man does not step into a hex already holding this many of the squad
    (the objective excepted): a crowded hex helps a German's automatic fire (FC-031)."""
    check_cost: int = 0
    """The extra cost a route pays for each Paragraph Check hex on the way that is not
    where it goes: walking through one reads its paragraph, which may wake the Germans."""
    toll_while_hidden: bool = False
    """The check toll is paid only while no German is on the map: once they are out there is
    no quiet left to keep, and a detour only costs the squad time."""
    leader_shift: int = 0
    """Hit-number points added to a German leader (LDR 2 or more) as a target; negative:
    his men are shot first (a party that loses its leader breaks and gets away)."""


NORMAL = Judgement()
"""The normal squad (its play is what the missions' balance is measured with)."""

HARD = Judgement(prone_after_action=True, max_stack=2, leader_shift=-2, check_cost=3,
                 toll_while_hidden=True)
"""The hard squad: chosen by simulation on training seeds only (5001-5150 to pick the
knobs, 6001-6300 to check them, 9001-9300 for the check toll's limit; never the seeds
docs/performance.md reports). On seeds 9001-9300, US wins normal / hard: tutorial 183 / 181,
hedgerow 183 / 202, raid 103 / 136, rescue 172 / 191, crossroads 183 / 190, column
108 / 202. Tried there and left out: the two-men rule only before the Germans appear (no
change: it only steers Operations moves), three men a hex (column 166, raid 120), no limit
(rescue 205 but raid 113, column 145), lying down only in a firefight's first 5 or 10
Rounds (no change)."""


@dataclass
class Reading:
    """What reading a paragraph (and its "go to"s) would do now, weighed over the die."""

    points: float = 0.0  # expected points scored (score actions, Germans activated)
    finds: float = 0.0  # chance a German is activated
    ends: float = 0.0  # chance the mission ends
    defeat: float = 0.0  # chance it ends in a forced defeat
    changes: dict[str, float] = field(default_factory=dict)  # Condition -> chance

    def add(self, other: Reading, w: float) -> None:
        self.points += w * other.points
        self.finds += w * other.finds
        self.ends += w * other.ends
        self.defeat += w * other.defeat
        for c, p in other.changes.items():
            self.changes[c] = self.changes.get(c, 0.0) + w * p


@dataclass(frozen=True)
class Target:
    """A Paragraph Check place and what entering it is worth now."""

    where: frozenset[Hex]
    words: str  # "hex 0502", "the yard"
    paragraph: int
    points: float
    finds: float
    ends: float
    worth: float

    def says(self) -> str:
        bits = []
        if self.points >= 0.05:
            bits.append(f"{self.points:.1f} VP expected")
        if self.finds >= 0.05 and self.points < 0.05:
            bits.append(f"{self.finds:.0%} chance of finding a German")
        if self.ends >= 0.5:
            bits.append("ends the mission")
        return ", ".join(bits) or "worth a look"


_DIST: weakref.WeakKeyDictionary[Mission, dict[tuple[frozenset[Hex], int], dict[Hex, int]]] = (
    weakref.WeakKeyDictionary())
"""Distances to a goal, per mission (a test's missions may share a name, so by object)."""

_TARGETS: weakref.WeakKeyDictionary[Mission, dict[Any, list[Target]]] = weakref.WeakKeyDictionary()
"""The places' worth in a given state of the game (the key holds all a reading depends on)."""


class AmbushAI:
    """Answers the US side's decisions."""

    def __init__(self, judgement: Judgement = NORMAL) -> None:
        self.judgement = judgement
        # shared by every player (the look-ahead makes a fresh one per fork): both are
        # functions of the mission and the state, kept per mission object
        self._dist = _DIST
        self._targets = _TARGETS
        self._memo: dict[tuple[int, str, frozenset[Hex]], Reading] = {}
        self._logs: weakref.WeakKeyDictionary[Any, tuple[int, set[int], dict[int, int]]] = (
            weakref.WeakKeyDictionary())

    # -- the player protocol --------------------------------------------------------------
    def choose(self, game: AmbushGame, d: Decision) -> Any:
        return self.decide(game, d).answer

    def decide(self, game: AmbushGame, d: Decision) -> Choice:
        """The answer and its one-line reason, for the GUI to narrate."""
        handler = {
            DecisionKind.AMBUSH_OPERATIONS: self.operations,
            DecisionKind.AMBUSH_ACTOR: self.actor,
            DecisionKind.AMBUSH_ACTION: self.action,
            DecisionKind.AMBUSH_TARGET: self.target,
            DecisionKind.AMBUSH_MOVE: self.move,
            DecisionKind.AMBUSH_STANCE: self.stance,
        }.get(d.kind)
        if handler is None:
            return Choice(d.validate(d.options[0]), "the only sensible answer offered")
        answer, why = handler(game, d)
        try:
            return Choice(d.validate(answer), why)
        except IllegalDecision:
            return Choice(d.validate(d.options[-1]), "falls back on the last answer offered")

    # -- distances ---------------------------------------------------------------------
    def distances(self, g: AmbushGame, goal: frozenset[Hex]) -> dict[Hex, int]:
        """Cost to reach ``goal`` from every hex: Movement Points, plus one for each hex
        without cover (it neither blocks sight nor is a building)."""
        cache = self._dist.setdefault(g.scenario, {})
        toll = self.judgement.check_cost
        if toll and self.judgement.toll_while_hidden and any(
                o.hex is not None for o in g.state.side(Side.GERMAN)):
            toll = 0  # the Germans are out: no quiet left to keep, time counts
        key = (goal, toll)
        if key in cache:
            return cache[key]
        checked = frozenset().union(*(g.scenario.places(c.at) for c in g.scenario.spec.card.checks)) \
            - goal if toll else frozenset()
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
                dv = du + cost + bare + (toll if v in checked else 0)  # a step into v pays it
                if dv < dist.get(v, INF):
                    dist[v] = dv
                    heapq.heappush(todo, (dv, v))
        cache[key] = dist
        return dist

    # -- what the mission scores -------------------------------------------------------
    def history(self, g: AmbushGame) -> tuple[set[int], dict[int, int]]:
        """From the game's log: the paragraphs that have scored, and how many times each
        paragraph has been read (kept per game, read incrementally)."""
        events = g.log.events
        seen, scored, reads = self._logs.get(g, (0, set(), {}))
        for e in events[seen:]:
            n = e.data.get("paragraph")
            if not isinstance(n, int):
                continue
            if e.kind == "score":
                scored.add(n)
            elif e.kind == "paragraph":
                reads[n] = reads.get(n, 0) + 1
        self._logs[g] = (len(events), scored, reads)
        return scored, reads

    def reading(self, g: AmbushGame, number: int, condition: str, where: frozenset[Hex],
                scored: set[int], depth: int = 0) -> Reading:
        """What reading paragraph ``number`` now would do, every face of the die weighed
        (a paragraph reads one die for all its chance conditions)."""
        key = (number, condition, where)
        if depth == 0 and key in self._memo:
            return self._memo[key]
        out = self._read(g, number, condition, where, scored, depth)
        if depth == 0:
            self._memo[key] = out
        return out

    def _read(self, g: AmbushGame, number: int, condition: str, where: frozenset[Hex],
              scored: set[int], depth: int) -> Reading:
        m: Mission = g.scenario
        out = Reading()
        p = m.paragraph(number)
        if depth > 12 or (p.sighting is not None and p.sighting in g.state.sightings):
            return out
        chance = _has_chance(p)
        faces: list[int | None] = list(range(10)) if chance else [None]
        for face in faces:
            ok = [i for i, o in enumerate(p.options)
                  if _holds(g, o.when, face, condition, where)]
            if not ok:
                continue
            picks = ok[:1] if p.style.value == "numbered" else ok
            for i in picks:
                w = 1.0 / len(faces) / len(picks)
                out.add(self._acts(g, number, p.options[i].do, condition, where, scored,
                                   depth), w)
        return out

    def _acts(self, g: AmbushGame, number: int, acts: Any, condition: str,
              where: frozenset[Hex], scored: set[int], depth: int) -> Reading:
        out = Reading()
        for a in acts:
            if a.score is not None and number not in scored:
                out.points += a.score
            elif a.activate is not None:
                s = g.state.soldiers.get(f"g{a.activate.german}")
                if s is not None and s.active and s.hex is None:
                    out.finds = 1.0
                    if not s.left_map:
                        out.points += g.scenario.activation_points(a.activate.german)
            elif a.condition is not None and a.condition != condition:
                out.changes[a.condition] = 1.0
                condition = a.condition
            elif a.end is not None:
                out.ends = 1.0
                out.defeat = 1.0 if a.end is EndResult.DEFEAT else 0.0
                if a.end is EndResult.VICTORY:
                    out.points += 100.0
                return out
            elif a.goto is not None:
                out.add(self.reading(g, a.goto, condition, where, scored, depth + 1), 1.0)
        return out

    def targets(self, g: AmbushGame) -> list[Target]:
        """Every Paragraph Check place still worth entering, valued now (kept while nothing
        a reading depends on has changed)."""
        scored, reads = self.history(g)
        st = g.state
        key = (st.condition, frozenset(st.sightings), frozenset(scored),
               tuple(reads.get(c.paragraph, 0) for c in g.scenario.spec.card.checks),
               tuple((s.id, s.active, s.hex is None, s.left_map) for s in st.side(Side.GERMAN,
                                                                                active=False)),
               frozenset(s.hex for s in st.side(Side.US)) if _asks_where(g.scenario) else None)
        cache = self._targets.setdefault(g.scenario, {})
        if key not in cache:
            if len(cache) > 512:
                cache.clear()
            cache[key] = self._value_places(g, scored, reads)
        return cache[key]

    def _value_places(self, g: AmbushGame, scored: set[int], reads: dict[int, int]) -> list[Target]:
        self._memo = {}
        m = g.scenario
        cond = g.state.condition
        out: list[Target] = []
        for c in m.spec.card.checks:
            if c.when and cond not in c.when:
                continue
            where = _reads(m, c.at, c.paragraph, cond)
            if not where:
                continue
            r = self.reading(g, c.paragraph, cond, where, scored)
            if r.defeat > 0.5:
                continue
            worth = r.points + r.finds * FIND_BONUS + r.ends * ENDS_WORTH
            # a change of Condition is worth what it opens: places dead now that score then
            for to, p in r.changes.items():
                worth += p * self._opened(g, to, cond, scored, c.paragraph)
            worth *= TRY_DECAY ** reads.get(c.paragraph, 0) if worth < 100 else 1.0
            if worth < WORTH_MIN:
                continue
            words = ", ".join(f"hex {x}" if x.isdigit() else key_words(x) for x in c.at)
            out.append(Target(where, words, c.paragraph, r.points, r.finds, r.ends, worth))
        return out

    def _opened(self, g: AmbushGame, to: str, now: str, scored: set[int], skip: int) -> float:
        """Points under Condition ``to`` at places that score nothing under ``now``."""
        m = g.scenario
        gain = 0.0
        for c in m.spec.card.checks:
            if c.paragraph == skip or (c.when and to not in c.when):
                continue
            where = _reads(m, c.at, c.paragraph, to)
            later = self.reading(g, c.paragraph, to, where, scored)
            if later.points <= 0 or later.defeat > 0.5:
                continue
            before = (self.reading(g, c.paragraph, now, where, scored)
                      if not c.when or now in c.when else Reading())
            gain += max(0.0, later.points - before.points)
        return min(gain, 10.0)

    def objective(self, g: AmbushGame) -> frozenset[Hex]:
        """Where the squad goes (see :meth:`plan`)."""
        return self.plan(g)[0]

    def plan(self, g: AmbushGame) -> tuple[frozenset[Hex], Target | None]:
        """The place the squad heads for: a forced victory first; then the nearest place
        worth entering that does not end the mission; then the one that ends it; else the
        exit hexes (the target None). A place no soldier can reach is no objective."""
        ts = [t for t in self.targets(g) if self._reach(g, t.where) < INF]  # walled off: no use
        groups = ([t for t in ts if t.points >= 100],
                  [t for t in ts if t.ends < 0.5],
                  [t for t in ts if t.ends >= 0.5])
        for group in groups:
            if group:
                best = min(group, key=lambda t: (self._reach(g, t.where), sorted(t.where)))
                return best.where, best
        return self.exits(g), None

    def exits(self, g: AmbushGame) -> frozenset[Hex]:
        return frozenset(Hex.from_label(x) for x in g.scenario.spec.end.exit_hexes)

    def _reach(self, g: AmbushGame, goal: frozenset[Hex]) -> int:
        """How far the squad's rearmost soldier is from ``goal``."""
        if not goal:
            return 0
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
    def operations(self, g: AmbushGame, d: Decision) -> tuple[Any, str]:
        ranked = self._operations_ranked(g, d)
        return ranked[0] if ranked else ("end", "ends the turn: nobody can move usefully")

    def _operations_ranked(self, g: AmbushGame, d: Decision) -> list[tuple[Any, str]]:
        """Operations answers worth taking, best first (the first is normal's answer)."""
        goal, tgt = self.plan(g)
        dist = self.distances(g, goal) if goal else {}
        where = tgt.words if tgt is not None else "the exit"
        worth = f"{tgt.says()}" if tgt is not None else "nothing left the mission scores"
        st = g.state
        here = {s.id: (dist.get(s.hex, INF) if s.hex is not None else INF)
                for s in st.side(Side.US)}
        out: list[tuple[Any, str]] = []
        if tgt is None:
            for o in d.options:
                if o != "end" and o["to"] == "off":
                    out.append((o, f"{_name(g, o['soldier'])} leaves the map by "
                                f"{st.soldiers[o['soldier']].hex}: {worth}"))
        if not goal:
            return [*out, ("end", f"ends the turn: {worth} and the mission has no exit")]
        moves: list[tuple[tuple[Any, ...], Any]] = []
        for o in d.options:
            if o == "end" or o["to"] == "off":
                continue
            to = Hex.from_label(o["to"])
            gain = here[o["soldier"]] - dist.get(to, INF)
            if gain <= 0 and here[o["soldier"]] < INF:
                continue
            if to not in goal and len(st.in_hex(to, Side.US)) >= self.judgement.max_stack:
                continue
            moves.append(((-here[o["soldier"]], dist.get(to, INF), o["soldier"]), o))
        moves.sort(key=lambda m: m[0])
        for _, o in moves:
            left = dist.get(Hex.from_label(o["to"]), INF)
            out.append((o, f"{_name(g, o['soldier'])} moves to {o['to']} towards {where}: "
                        f"{_mp(left)} from it, {worth}"))
        if not out and tgt is not None:
            # someone stands in the place: step out, to enter it again (its worth falls
            # with every reading that changes nothing, so this is tried a few times only)
            for o in d.options:
                if o != "end" and o["to"] != "off" and here[o["soldier"]] == 0 \
                        and Hex.from_label(o["to"]) not in goal and _fresh(d, o["soldier"], g):
                    out.append((o, f"{_name(g, o['soldier'])} steps out of {where} to enter "
                                f"it again: {worth}"))
                    break
        out.append(("end", f"ends the turn: the squad has gone as far as helps towards {where}"))
        return out

    # -- Rounds ----------------------------------------------------------------------
    def actor(self, g: AmbushGame, d: Decision) -> tuple[Any, str]:
        return self._actors(g, d)[0]

    def _actors(self, g: AmbushGame, d: Decision) -> list[tuple[Any, str]]:
        out: list[tuple[Any, str]] = []
        for sid in d.options:
            seen = self.targets_of(g, g.state.soldiers[sid])
            if seen:
                out.append((sid, f"{_name(g, sid)} acts: he can see {seen[0].label}"))
        for sid in d.options:
            if sid not in [a for a, _ in out]:
                out.append((sid, f"{_name(g, sid)} acts: nobody ready can see a German, "
                            "he closes in"))
        return out

    def targets_of(self, g: AmbushGame, s: Soldier) -> list[Soldier]:
        return [o for o in g.state.side(Side.GERMAN) if o.hex is not None and sees(g, s, o)]

    def action(self, g: AmbushGame, d: Decision) -> tuple[Any, str]:
        s = g.state.soldiers[d.facts["soldier"]]
        who = s.label
        acts = {o["action"]: o for o in d.options if "action" in o}
        stances = {o["stance"] for o in d.options if "stance" in o}
        seen = self.targets_of(g, s)
        foe = seen[0].label if seen else "a German"
        if "remove_grenade" in acts:  # AR-086: a live grenade in his hex
            return acts["remove_grenade"], f"{who} throws the live grenade out of his hex"
        # a set-up machinegun fired by two men outguns either man's own weapon (AR-077)
        fire = acts.get("crew_aimed") or acts.get("aimed") or acts.get("snap")
        throw = self.grenade(g, [o for o in d.options if o.get("action") == "grenade"],
                             crowd=1 if fire is None else 2)
        if throw is not None:
            n = len(g.state.in_hex(Hex.from_label(throw["to"]), Side.GERMAN))
            return throw, f"{who} throws a grenade into {throw['to']}: {count(n, 'German')}, no American"
        if fire is not None and s.stance is Stance.STANDING and "crouching" in stances:
            return {"stance": "crouching"}, f"{who} crouches to fire at {foe}: steadier and smaller"
        if s.stance is Stance.PRONE and not fire and stances:
            want = "crouching" if seen else "standing"
            if want in stances:
                return ({"stance": want}, f"{who} rises to {want}: "
                        + ("to fire at " + foe if seen else "to move on"))
        if s.stance is Stance.CROUCHING and not fire and "move" not in acts \
                and "standing" in stances and not seen:
            return {"stance": "standing"}, f"{who} stands: no German in sight, he must move"
        for name in ACTION_ORDER:
            if name in acts and (name != "move" or not seen):
                if name in ("crew_aimed", "aimed", "snap"):
                    why = f"{who} {ACTION_WORDS[name]}: he can see {foe}"
                elif name == "move":
                    why = f"{who} moves: no German in his sight, he closes in"
                elif name == "wake" and acts[name].get("soldier"):
                    why = (f"{who} rouses {_name(g, acts[name]['soldier'])}: no shot for him, "
                           "a man back in the fight counts more")
                else:
                    why = f"{who} {ACTION_WORDS.get(name, name)}: nothing better to do this turn"
                return acts[name], why
        if "pass" in acts:
            return acts["pass"], f"{who} passes: no shot and nowhere better to go"
        return d.options[0], f"{who} takes the only action offered"

    def watched(self, g: AmbushGame, s: Soldier) -> Soldier | None:
        """A German on the map who can see ``s``, if any."""
        for o in g.state.side(Side.GERMAN):
            if o.hex is not None and sees(g, o, s):
                return o
        return None

    def grenade(self, g: AmbushGame, throws: list[dict[str, str]],
                crowd: int) -> dict[str, str] | None:
        """A grenade at a hex with no US soldier and at least ``crowd`` Germans (AR-082)."""
        for o in throws:
            h = Hex.from_label(o["to"])
            if not g.state.in_hex(h, Side.US) and len(g.state.in_hex(h, Side.GERMAN)) >= crowd:
                return o
        return None

    def target(self, g: AmbushGame, d: Decision) -> tuple[Any, str]:
        return self._shots(g, d)[0]

    def _shots(self, g: AmbushGame, d: Decision) -> list[tuple[Any, str]]:
        odds = list(d.facts.get("odds", []))
        shooter = _name(g, d.facts.get("firer") or d.facts.get("soldier"))
        shots = [(i, o) for i, o in enumerate(d.options) if o != "hold"]
        if not shots:
            return [("hold", f"{shooter} holds his fire: no target offered")]

        def number(i: int) -> int:
            return int(odds[i]["number"]) if i < len(odds) else -1

        def leader(o: Any) -> bool:
            him = g.state.soldiers.get(str(o.get("target"))) if isinstance(o, dict) else None
            return him is not None and him.ldr >= 2

        shift = self.judgement.leader_shift
        shots.sort(key=lambda io: -number(io[0]) - (shift if number(io[0]) >= 0 and leader(io[1])
                                                    else 0))
        out: list[tuple[Any, str]] = []
        for rank, (i, o) in enumerate(shots):
            at = _name(g, o.get("target")) if o.get("target") else f"the wall of {o.get('wall')}"
            n = number(i)
            if n < 0:  # a charge's assault (AR-091): no hit number to compare
                out.append((o, f"{shooter} assaults {at}, the first enemy in his hex"
                            if rank == 0 else f"{shooter} assaults {at}"))
                continue
            best = ", the best chance" if rank == 0 and len(shots) > 1 else ""
            if best and n < max(number(j) for j, _ in shots):
                best = ", a man before his leader: a party that loses its leader gets away"
            how = f" ({o['fire']})" if "fire" in o else ""
            out.append((o, f"{shooter} fires at {at}{how}: hits on {n} or less{best}"))
        if "hold" in d.options:
            out.append(("hold", f"{shooter} holds his second shot"))
        return out

    def move(self, g: AmbushGame, d: Decision) -> tuple[Any, str]:
        return self._moves(g, d)[0]

    def _moves(self, g: AmbushGame, d: Decision) -> list[tuple[Any, str]]:
        s = g.state.soldiers[d.facts["soldier"]]
        seen = self.targets_of(g, s)
        out: list[tuple[Any, str]] = []
        if "snap" in d.options and seen:
            out.append(("snap", f"{s.label} snap-fires on the move: he can see {seen[0].label}"))
        if seen:
            out.append(("stop", f"{s.label} stops: he can see {seen[0].label}"))
        germans = frozenset(o.hex for o in g.state.side(Side.GERMAN) if o.hex is not None)
        goal = germans or self.objective(g)
        towards = "the nearest German" if germans else "the mission's objective"
        dist = self.distances(g, goal) if goal else {}
        now = dist.get(s.hex, INF) if s.hex is not None else INF
        steps = [o for o in d.options if isinstance(o, dict) and "to" in o and o["to"] != "off"]
        steps.sort(key=lambda o: dist.get(Hex.from_label(o["to"]), INF))
        for o in steps[:2]:
            left = dist.get(Hex.from_label(o["to"]), INF)
            if left < now:
                out.append((o, f"{s.label} moves to {o['to']} towards {towards}: "
                            f"{_mp(left)} away"))
        out.append(("stop", f"{s.label} stops: no step brings him closer to {towards}"))
        return out

    def stance(self, g: AmbushGame, d: Decision) -> tuple[Any, str]:
        s = g.state.soldiers[d.facts["soldier"]]
        seen = self.targets_of(g, s)
        foe = self.watched(g, s) if self.judgement.prone_after_action else None
        if foe is not None and "prone" in d.options:
            return "prone", f"{s.label} lies down: {foe.label} can see him"
        if seen and s.stance is Stance.STANDING and "crouching" in d.options:
            return "crouching", f"{s.label} crouches: {seen[0].label} can see him too"
        return "stay", f"{s.label} stays {s.stance.value}: no reason to change"

    # -- the look-ahead interface (the hard player) ------------------------------------
    def candidates(self, game: AmbushGame, d: Decision) -> list[Choice]:
        """Up to four distinct legal answers worth comparing, best first; the first is what
        :meth:`decide` answers. Which soldier moves or acts, where he moves, whom he fires
        at, his action or stance; [] for a decision with nothing to compare."""
        first = self.decide(game, d)
        ranked: list[tuple[Any, str]] = []
        if d.kind is DecisionKind.AMBUSH_OPERATIONS:
            ranked = self._operations_spread(game, d)
        elif d.kind is DecisionKind.AMBUSH_ACTOR:
            ranked = self._actors(game, d)
        elif d.kind is DecisionKind.AMBUSH_TARGET:
            ranked = self._shots(game, d)
        elif d.kind is DecisionKind.AMBUSH_MOVE:
            ranked = self._moves(game, d)
        elif d.kind is DecisionKind.AMBUSH_ACTION:
            ranked = self._actions_spread(game, d)
        elif d.kind is DecisionKind.AMBUSH_STANCE:
            s = game.state.soldiers[d.facts["soldier"]]
            ranked = [(o, f"{s.label} {'stays ' + s.stance.value if o == 'stay' else 'goes ' + o}")
                      for o in d.options]
        else:
            return []
        out = [first]
        keys = {_key(first.answer)}
        for answer, why in ranked:
            if len(out) >= MAX_CANDIDATES:
                break
            try:
                answer = d.validate(answer)
            except IllegalDecision:
                continue
            if _key(answer) not in keys:
                keys.add(_key(answer))
                out.append(Choice(answer, why))
        return out if len(out) > 1 else []

    def _operations_spread(self, g: AmbushGame, d: Decision) -> list[tuple[Any, str]]:
        """Normal's ranking, but one move per soldier, so the alternatives differ in who
        moves, not only in which neighbouring hex."""
        ranked = self._operations_ranked(g, d)
        seen: set[str] = set()
        out: list[tuple[Any, str]] = []
        for answer, why in ranked:
            sid = answer.get("soldier") if isinstance(answer, dict) else None
            if sid is not None and sid in seen:
                continue
            if sid is not None:
                seen.add(sid)
            out.append((answer, why))
        return out

    def _actions_spread(self, g: AmbushGame, d: Decision) -> list[tuple[Any, str]]:
        s = g.state.soldiers[d.facts["soldier"]]
        acts = {o["action"]: o for o in d.options if "action" in o}
        out: list[tuple[Any, str]] = []
        for name in ("crew_aimed", "aimed", "snap", "grenade", "move", "charge", "move_snap"):
            if name in acts:
                out.append((acts[name], f"{s.label} {ACTION_WORDS.get(name, name)}"))
        for o in d.options:
            if "stance" in o:
                out.append((o, f"{s.label} goes {o['stance']}"))
        if "pass" in acts:
            out.append((acts["pass"], f"{s.label} passes"))
        return out

    def value(self, game: AmbushGame, side: str) -> float:
        """How well ``side`` stands, higher is better: the mission's points so far with the
        casualties scored as the end would score them, a bonus or malus for the victory
        level they reach (or the outcome, once the game is over), and a small term for the
        points still to be had (the best place still worth entering, less the way to it).
        The Germans' value is the squad's, negated."""
        us = self._us_value(game)
        return us if side == Side.US.value else -us

    def _us_value(self, g: AmbushGame) -> float:
        if g.result is not None:
            pts = float(g.result.get("points", {}).get("us", 0))
            return pts + OUTCOME_WEIGHT[Outcome(str(g.result.get("winner", "draw")))]
        pts = g.state.score.total + _casualty_points(g)
        level = g.scenario.level(pts).outcome
        future = 0.0
        _, tgt = self.plan(g)
        if tgt is not None:
            future = min(tgt.worth, 10.0) * 0.3 - 0.02 * min(self._reach(g, tgt.where), 50)
        return pts + OUTCOME_WEIGHT[level] + future


class _Nobody:
    """``enter_cost`` needs a soldier only by name."""


_NOBODY: Any = _Nobody()


def _holds(g: AmbushGame, c: Cond, face: int | None, condition: str,
           where: frozenset[Hex]) -> bool:
    """A Mission Card reading's condition, now (``face``: the die; ``where``: the place the
    squad would stand in)."""
    k = c.key
    if k == "always":
        return True
    if k == "all":
        return all(_holds(g, x, face, condition, where) for x in c.all or [])
    if k == "any":
        return any(_holds(g, x, face, condition, where) for x in c.any or [])
    if k == "not_":
        assert c.not_ is not None
        return not _holds(g, c.not_, face, condition, where)
    if k == "chance":
        return face is not None and c.chance is not None and face in c.chance
    if k == "condition":
        return condition == c.condition
    if k == "german_active":
        assert c.german_active is not None
        return StateSituation(g).german_active(c.german_active)
    if k == "german_out":
        assert c.german_out is not None
        return StateSituation(g).german_out(c.german_out)
    if k == "us_in":
        places = g.scenario.places(c.us_in or [])
        return bool(places & where) or any(s.hex in places for s in g.state.side(Side.US))
    if k in HIM:
        return False
    return False


def _reads(m: Mission, at: list[str], paragraph: int, condition: str) -> frozenset[Hex]:
    """The hexes of ``at`` whose Paragraph Check reads ``paragraph`` under ``condition`` (a
    hex's own check wins over its area's, AR-003)."""
    return frozenset(h for h in m.places(at) if m.check_paragraph(h, condition) == paragraph)


_CHANCE: dict[int, tuple[Any, bool]] = {}


def _has_chance(p: Any) -> bool:
    """Does paragraph ``p`` throw the 0-9 die (any chance condition)?"""
    hit = _CHANCE.get(id(p))
    if hit is None or hit[0] is not p:
        hit = (p, any(c.key == "chance" for o in p.options for c in o.when.walk()))
        _CHANCE[id(p)] = hit
    return bool(hit[1])


_ASKS_WHERE: weakref.WeakKeyDictionary[Mission, bool] = weakref.WeakKeyDictionary()


def _asks_where(m: Mission) -> bool:
    """Does a paragraph read by a Paragraph Check ask where the squad stands (``us_in``)?
    Then a place's worth depends on the squad's hexes too."""
    if m not in _ASKS_WHERE:
        seen: set[int] = set()
        todo = [c.paragraph for c in m.spec.card.checks]
        while todo:
            n = todo.pop()
            if n not in seen:
                seen.add(n)
                todo += [a.goto for o in m.paragraph(n).options for a in o.do
                         if a.goto is not None]
        _ASKS_WHERE[m] = any(c.key == "us_in" for n in seen
                                  for o in m.paragraph(n).options for c in o.when.walk())
    return _ASKS_WHERE[m]


def _casualty_points(g: AmbushGame) -> int:
    """The casualties as :meth:`AmbushGame.finish` would score them now."""
    v = g.scenario.spec.victory
    total = 0
    for s in g.state.soldiers.values():
        if s.side is Side.GERMAN:
            total += {Status.INCAPACITATED: v.german_incapacitated, Status.DEAD: v.german_killed,
                      Status.CAPTURED: v.german_captured}.get(s.status, 0)
        else:
            pts = {Status.INCAPACITATED: v.us_incapacitated, Status.DEAD: v.us_killed,
                   Status.CAPTURED: v.us_killed}.get(s.status)
            if pts is None and s.wounded:
                pts = v.us_wounded
            total += pts or 0
    return total


def _name(g: AmbushGame, sid: Any) -> str:
    s = g.state.soldiers.get(sid) if isinstance(sid, str) else None
    return s.label if s is not None else str(sid)


def _mp(n: int) -> str:
    return "out of reach" if n >= INF else f"{n} MP"


def _key(answer: Any) -> str:
    return json.dumps(answer, sort_keys=True, default=str)


def _fresh(d: Decision, sid: str, g: AmbushGame) -> bool:
    """Only step out of the objective when he has not moved yet this turn (a full MPA)."""
    return bool(d.facts.get("mp_left", {}).get(sid) == g.state.soldiers[sid].mpa)
