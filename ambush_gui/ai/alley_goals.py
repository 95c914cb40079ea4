"""What each computer unit goes for: the scenario's awards, read as objectives.

A scenario says what scores in ``[[victory.awards]]`` (docs/formats.md, "Awards";
:mod:`ambush_gui.alley.victory` scores them). The computer player reads the same list
and gives every unit of its side one :class:`Goal`: the objective that pays its side
most for that unit now, reachable before the turn limit round impassable terrain
(:mod:`ambush_gui.core.paths`).

For the side that scores an award:

* ``escort_exited``: the nearest team fetches the escorts, the unit carrying them makes
  for the award's edge (else the nearest friendly one), the others cover the rescue;
* ``hot_spot_neutralised``: one unit per Hot Spot goes to it, and stays Halted a whole
  turn there (AA-054: in contact at the start of the turn, not moved at its end);
* ``zone_held`` / ``zone_cleared``: one unit per zone makes for it (and stays, for
  ``zone_held``);
* ``figure_exited``: a unit makes for the edge (after another objective, when there
  is time for both);
* ``enemy_wounded`` / ``enemy_killed``: units with nothing better hunt the nearest enemy;
* nothing left to score while the enemy scores its losses: it leaves by a friendly edge.

For the other side the same awards are threats: the Insurgents stand in the zones the
Regulars score (an enemy figure in a zone denies it), go across the way of Regular
units making for a scoring edge, go for units sitting on Hot Spots, and stop the
escorts' rescue as before (:mod:`ambush_gui.ai.alley_insurgent`).

Everything here is plain planning arithmetic over the game state, with no search and no
dice, so a stronger player (issue 16's look-ahead) can reuse it: :func:`plan` gives each
unit its goal, and :meth:`Planner.options` lists every goal open to one unit with its
value, the candidates a look-ahead would play forward and compare.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property
from typing import TypedDict

import numpy as np
import shapely

from ambush_gui.ai.alley_insurgent import carries_contractors, exit_point, route
from ambush_gui.alley import victory
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Figure, FigureKind, Side, Unit
from ambush_gui.alley.scenario import AwardEvent, AwardSpec
from ambush_gui.core.geometry import min_distance
from ambush_gui.core.paths import Pathfinder, clearance_of, pathfinder
from ambush_gui.core.words import whose

Point = tuple[float, float]
Where = Point | str  # a point, or a table edge by name

AMBUSH_AHEAD = 5.0  # inches down the escorts' way out where Insurgents lie in wait
CUT_AHEAD = 4.0  # inches ahead of a Regular unit on its way out where Insurgents stand across it
COVER_BACK = 7.0  # inches behind the escorts where the covering teams stand
PACE_SHARE = 0.8  # of a speed's allowance a unit can count on (interruptions cost inches)
HUNT_SHARE = 0.6  # of an enemy figure's points a hunt is worth (a hit is never sure)
ARRIVED = 0.3  # inches from a point goal that count as there
NEVER = 10**6  # turns to a goal no way reaches: more than any turn limit
LATE = 0.2  # of its points an edge or zone is worth when the unit's pace says it arrives too late


class Aim(StrEnum):
    """What a goal is for (the reason's first words)."""

    FETCH = "fetch"  # reach the escorts waiting on the ground
    CARRY = "carry"  # bring the escorts off the table
    COVER = "cover"  # stand behind the rescue, or beside the carrier
    HOT_SPOT = "hot_spot"  # neutralise a Hot Spot (AA-054)
    ZONE = "zone"  # hold or clear a zone
    EXIT = "exit"  # get figures off by an edge
    HUNT = "hunt"  # close with the nearest enemy
    LEAVE = "leave"  # nothing left to score: off the table before it costs more
    DEFEND = "defend"  # (Insurgents) stand in a zone the enemy scores
    CUT_OFF = "cut_off"  # (Insurgents) stand across an enemy unit's way out
    AMBUSH = "ambush"  # (Insurgents) lie in wait on the escorts' way out


@dataclass(frozen=True)
class Goal:
    """One unit's objective: where it heads, what it is worth, and why, in words."""

    aim: Aim
    where: Where
    value: float
    reason: str
    hold: bool = False  # once there it stays put (a Hot Spot being neutralised, a zone held)
    to_end: bool = False  # it pays only if the unit is still there at the end (zone_held)
    arrived: bool = False  # it is there now
    key: str = ""  # the objective it serves (one unit each for Hot Spots, zones, the fetch)
    to: str = ""  # a move's reason when it gets to the place ("goes to the contractors: ...")
    towards: str = ""  # and when it ends short of it ("goes towards the contractors: ...")
    enemy: str = ""  # the enemy unit it closes with or goes for, if it names one (its fire's words)

    def moving(self, reached: bool) -> str:
        """The reason of a move made for this goal: "to" the place only when the move gets
        there, "towards" it when it ends short (the reason alone for a goal that names no
        place to get to: closing with an enemy, lying in wait, covering)."""
        return (self.to if reached else self.towards) or self.reason


class Heading(TypedDict):
    """A goal's move words both ways (:attr:`Goal.to`, :attr:`Goal.towards`)."""

    to: str
    towards: str


def _heading(verb: str, place: str, rest: str = "") -> Heading:
    """A goal's move words both ways: ``verb`` "to"/"towards" ``place``, then ``rest``."""
    return {"to": f"{verb} to {place}{rest}", "towards": f"{verb} towards {place}{rest}"}


def _vp(points: float) -> str:
    return f"{points:g} VP"


def _edge_name(edge: str) -> str:
    return f"the {edge} edge"


class Planner:
    """The goals of one side's units for the game as it stands (built per decision)."""

    def __init__(self, g: AlleyGame, side: Side) -> None:
        self.g, self.side = g, side
        self.st = g.state
        awards = _AWARDS.get(g)
        if awards is None:
            awards = _AWARDS[g] = list(g.spec.victory.all_awards())
        self.mine = [a for a in awards if a.side is side and a.points > 0]
        self.theirs = [a for a in awards if a.side is side.enemy and a.points > 0]
        # edges the side is penalised for leaving by (a negative figure_exited award)
        self.shut = {str(a.edge) if a.edge is not None else "*" for a in awards
                     if a.side is side and a.points < 0 and a.event is AwardEvent.FIGURE_EXITED}
        self.turns_left = max(1, g.spec.turn_limit - self.st.turn + 1)
        self.edges = [str(e) for e in g.spec.sides[side].friendly_edges]
        self.waiting = waiting_escorts(g)
        self.carriers = carriers(g)
        self.enemies = [(u, u.centre()) for u in self.st.side_units(side.enemy)]
        self._finders: dict[str, Pathfinder] = {}

    # -- measuring -----------------------------------------------------------------------
    def finder(self, unit: Unit) -> Pathfinder:
        f = self._finders.get(unit.id)
        if f is None:
            f = self._finders[unit.id] = pathfinder(self.g.table, clearance_of(unit.points(), unit.centre()))
        return f

    def way(self, unit: Unit, where: Where) -> float:
        """How far the unit must walk to ``where``, round the terrain (``inf``: no way)."""
        return self.finder(unit).field(where).distance(unit.centre())

    def pace(self, unit: Unit) -> float:
        """Inches a turn the unit can count on: Rapid, or Cautious with Dependants (DC-006)."""
        m = self.g.m
        return PACE_SHARE * (m.cautious if unit.dependants else m.rapid)

    def turns_to(self, unit: Unit, dist: float) -> int:
        """Whole turns to cover ``dist``; a way that does not exist (an infinite distance, a
        goal shut off by impassable terrain) takes longer than any game."""
        if dist <= ARRIVED:
            return 0
        if not math.isfinite(dist):
            return NEVER
        return math.ceil(dist / self.pace(unit))

    def best_edge(self, unit: Unit, edge: str | None = None) -> tuple[str, float] | None:
        """The friendly edge to leave by (``edge`` if the award names one) and the way to it."""
        edges = [edge] if edge is not None else self.edges
        edges = [e for e in edges if e in self.edges]  # only a friendly edge lets a unit off (CT-015)
        scored = [(self.way(unit, e), e) for e in edges]
        scored = [(d, e) for d, e in scored if math.isfinite(d)]
        if not scored:
            return None
        d, e = min(scored)
        return e, d

    # -- the awards, per unit --------------------------------------------------------------
    def awards(self, event: AwardEvent, mine: bool = True) -> list[AwardSpec]:
        return [a for a in (self.mine if mine else self.theirs) if a.event is event]

    def options(self, unit: Unit) -> list[Goal]:
        """Every goal open to ``unit``, with its value (the highest is taken first)."""
        out = self._escort_goals(unit) if self.side is Side.REGULAR else self._stop_escorts(unit)
        if self.side is Side.REGULAR:
            out += self._hot_spots(unit)
        else:
            out += self._hot_spot_threats(unit)
        out += self._zones(unit)
        out += self._exits(unit)
        if self.side is Side.INSURGENT:
            out += self._exit_threats(unit)
        if self.side is Side.INSURGENT:
            out += self._defend(unit)
        out += self._hunt(unit, leave=not out)
        return self._then_exit(unit, out)

    def _escort_goals(self, unit: Unit) -> list[Goal]:
        """CT-042: fetch the escorts, carry them off, cover the rescue."""
        awards = self.awards(AwardEvent.ESCORT_EXITED)
        if not awards:
            return []
        pts = max(a.points for a in awards)
        edge = next((str(a.edge) for a in awards if a.edge is not None), None)
        out: list[Goal] = []
        waiting = self.waiting
        label = escort_word(waiting or [f for u in self.carriers for f in u.dependants])
        if carries_contractors(unit):
            n = sum(f.kind is FigureKind.CONTRACTOR for f in unit.figures)
            way = self.best_edge(unit, edge) or self.best_edge(unit)
            if way is not None:
                out.append(Goal(Aim.CARRY, way[0], 100.0 + pts * n,
                                f"carries the {label} out by {_edge_name(way[0])}: {_vp(pts)} each",
                                key=f"carry:{unit.id}",
                                **_heading(f"carries the {label}", _edge_name(way[0]), f": {_vp(pts)} each")))
            return out
        if waiting:
            here = unit.centre()  # once, not once a waiting figure
            f = min(waiting, key=lambda f: math.dist(f.pos, here))
            out.append(Goal(Aim.FETCH, f.pos, 50.0 + pts * len(waiting),
                            f"goes for the {label}: {_vp(pts)} each brought off", key="fetch",
                            **_heading("goes", f"the {label}", f": {_vp(pts)} each brought off")))
            f0 = waiting[0]
            cx, cy = here
            v = np.array([cx - f0.x, cy - f0.y])
            norm = float(np.hypot(*v)) or 1.0
            back = COVER_BACK * self.g.m.scale
            out.append(Goal(Aim.COVER, (f0.x + back * v[0] / norm, f0.y + back * v[1] / norm), 1.0 + pts / 2,
                            f"covers the rescue of the {label}", key="cover"))
        else:
            carry = self.carriers
            if carry:
                out.append(Goal(Aim.COVER, carry[0].centre(), 1.0 + pts / 2,
                                f"escorts {carry[0].name} and the {label} out", key="cover"))
        return out

    def _hot_spots(self, unit: Unit) -> list[Goal]:
        """AA-054: in contact at the start of a turn and not moved by its end neutralises it."""
        awards = self.awards(AwardEvent.HOT_SPOT_NEUTRALISED)
        if not awards or unit.is_detached_leader:
            return []
        pts = sum(a.points for a in awards)
        out = []
        reach = self.g.m.hot_spot_contact
        pts_at = unit.points()
        for h in self.st.hot_spots.values():
            if h.neutralised:
                continue
            touching = bool((np.hypot(pts_at[:, 0] - h.x, pts_at[:, 1] - h.y) <= reach - 0.05).any())
            # turns it needs, this one included: staying out this turn (it started in
            # contact), or the whole of the next one after it gets there
            if touching:
                turns = 1 if h.number in unit.start_contact and unit.moved == 0 else 2
            else:
                dist = self.way(unit, (h.x, h.y))
                if not math.isfinite(dist):
                    continue
                turns = self.turns_to(unit, dist) + 1
            if turns > self.turns_left:
                continue
            what = "holds Hot Spot" if touching else "makes for Hot Spot"
            out.append(Goal(Aim.HOT_SPOT, (h.x, h.y), pts,
                            f"{what} {h.number} to neutralise it: {_vp(pts)}", hold=touching,
                            arrived=touching, key=f"hot:{h.number}",
                            **_heading("goes", f"Hot Spot {h.number}", f" to neutralise it: {_vp(pts)}")))
        return out

    def _zone_point(self, unit: Unit, zone: str) -> Point:
        """A point well inside the zone, nearest the unit, where its centre can stand."""
        finder = self.finder(unit)
        inner = finder.memo.get(("zone", zone))
        if inner is None:
            poly = victory.zone_polygon(self.g, zone)
            inner = poly.buffer(-0.5 * self.g.m.scale)
            if inner.is_empty:
                inner = poly
            if finder.obstacles:
                free = inner.difference(shapely.union_all(finder.obstacles))
                if not free.is_empty:
                    inner = free
            shapely.prepare(inner)
            finder.memo[("zone", zone)] = inner
        here = shapely.Point(unit.centre())
        if inner.covers(here):
            return unit.centre()
        from shapely.ops import nearest_points

        p = nearest_points(inner, here)[0]
        return (float(p.x), float(p.y))

    def _in_zone(self, unit: Unit, zone: str) -> bool:
        poly = victory.zone_polygon(self.g, zone)
        return any(poly.covers(shapely.Point(f.x, f.y)) for f in unit.fighters)

    def _zones(self, unit: Unit) -> list[Goal]:
        """Zones the side scores (held at the end, or cleared once)."""
        out = []
        for a in self.awards(AwardEvent.ZONE_HELD) + self.awards(AwardEvent.ZONE_CLEARED):
            assert a.zone is not None
            held = a.event is AwardEvent.ZONE_HELD
            if not held and f"{self.side.value}:{a.zone}" in self.st.zones_cleared:
                continue
            name = victory.zone_name(self.g, a.zone)
            inside = self._in_zone(unit, a.zone)
            if inside:
                where: Point = unit.centre()
                dist = 0.0
            else:
                where = self._zone_point(unit, a.zone)
                dist = self.way(unit, where)
                if not math.isfinite(dist):
                    continue
            late = not inside and self.turns_to(unit, dist) > self.turns_left
            what = "holds" if inside else "makes for"
            rest = f": {_vp(a.points)} if held at the end" if held else f" to clear it: {_vp(a.points)}"
            out.append(Goal(Aim.ZONE, where, float(a.points) * (LATE if late else 1.0),
                            f"{what} {name}{rest}", hold=held and inside, to_end=held,
                            arrived=inside, key=f"zone:{a.zone}", **_heading("goes", name, rest)))
        return out

    def _exits(self, unit: Unit) -> list[Goal]:
        """figure_exited: each own figure off the table (by the award's edge, if named)."""
        out = []
        figures = [f for f in unit.figures if f.side is self.side and not f.captive
                   and f.kind is not FigureKind.CONTRACTOR]
        for a in self.awards(AwardEvent.FIGURE_EXITED):
            way = self.best_edge(unit, None if a.edge is None else str(a.edge))
            if way is None:
                continue
            edge, dist = way
            late = self.turns_to(unit, dist) > self.turns_left  # it may still make it, at a run
            out.append(Goal(Aim.EXIT, edge, float(a.points * len(figures)) * (LATE if late else 1.0),
                            f"makes for {_edge_name(edge)}: {_vp(a.points)} a figure", key=f"exit:{edge}",
                            **_heading("goes", _edge_name(edge), f": {_vp(a.points)} a figure")))
        return out

    def _hunt(self, unit: Unit, leave: bool) -> list[Goal]:
        """enemy_wounded / enemy_killed: close with the nearest enemy. With nothing to
        score (``leave``), a Regular unit leaves the table, where the enemy can no longer
        score its losses."""
        pts = [a.points for a in self.mine if a.event in (AwardEvent.ENEMY_WOUNDED, AwardEvent.ENEMY_KILLED)]
        if not self.enemies:
            return []
        here = unit.centre()
        t, at = min(self.enemies, key=lambda e: math.dist(e[1], here))
        if pts:
            value = HUNT_SHARE * max(pts)
            return [Goal(Aim.HUNT, at, value,
                         f"closes with the nearest enemy, {t.name} ({_vp(max(pts))} a "
                         f"{victory.member(self.g, self.side.enemy)} hit; it fires at whoever "
                         f"it hurts most)", enemy=t.id)]
        if self.side is Side.INSURGENT or not self.edges or not leave or "*" in self.shut:
            return [Goal(Aim.HUNT, at, 0.01, f"closes with {t.name}", enemy=t.id)]
        way = self.best_edge(unit)
        if way is None or way[0] in self.shut:
            return [Goal(Aim.HUNT, at, 0.01, f"closes with {t.name}", enemy=t.id)]
        return [Goal(Aim.LEAVE, way[0], 0.02,
                     f"nothing left to score here: leaves by {_edge_name(way[0])}")]

    def _then_exit(self, unit: Unit, goals: list[Goal]) -> list[Goal]:
        """An objective with time to make for a scoring edge afterwards is worth both."""
        exits = [g for g in goals if g.aim is Aim.EXIT]
        if not exits:
            return goals
        out = []
        best_exit = max(exits, key=lambda g: g.value)
        for goal in goals:
            if goal.aim in (Aim.HOT_SPOT, Aim.FETCH, Aim.ZONE) and not goal.to_end:
                there = 0.0 if goal.arrived else self.way(unit, goal.where)
                after = self.way_from(unit, goal.where, best_exit.where)
                turns = self.turns_to(unit, there) + (1 if goal.aim is Aim.HOT_SPOT else 0) \
                    + self.turns_to(unit, after)
                if turns <= self.turns_left:
                    then = f", then off {_edge_name(str(best_exit.where))}"
                    goal = replace(goal, value=goal.value + best_exit.value, reason=goal.reason + then,
                                   to=goal.to and goal.to + then,
                                   towards=goal.towards and goal.towards + then)
            out.append(goal)
        return out

    def way_from(self, unit: Unit, start: Where, goal: Where) -> float:
        if isinstance(start, str):
            return math.inf
        return self.finder(unit).field(goal).distance(start)

    # -- the Insurgents: the Regulars' awards as threats ---------------------------------
    def _stop_escorts(self, unit: Unit) -> list[Goal]:
        """CT-042/046: cut the carriers off, or lie in wait on the escorts' way out."""
        pay = [a.points for a in self.theirs if a.event is AwardEvent.ESCORT_EXITED]
        pay += [a.points for a in self.mine if a.event is AwardEvent.CAPTIVE_HELD]
        if not pay:
            return []
        pts = max(pay)
        carry = self.carriers
        if carry:
            here = unit.centre()
            c = min(self._carriers_at, key=lambda uc: math.dist(uc[1], here))[0]
            way = whose('way out', c.name)
            return [Goal(Aim.CUT_OFF, cut_off(self.g, c), 20.0 + pts,
                         f"gets across {way}: {_vp(pts)} an escort",
                         to=f"gets across {way}: {_vp(pts)} an escort",
                         towards=f"goes towards {way} to get across it: {_vp(pts)} an escort")]
        if self.waiting:
            where, coming, reason = self._ambush
            return [Goal(Aim.AMBUSH, where, 10.0 + pts if coming else 0.005, reason)]
        return []

    @cached_property
    def _carriers_at(self) -> list[tuple[Unit, Point]]:
        """The carriers and their centres, once a plan (every gang measures to them)."""
        return [(u, u.centre()) for u in self.carriers]

    @cached_property
    def _ambush(self) -> tuple[Point, bool, str]:
        """Where a gang lies in wait on the waiting escorts' way out, whether a Marine team
        is coming for them (lying in wait pays only then; else hunting does), and why: the
        same for every unit of the side, so worked out once a plan."""
        waiting = self.waiting
        at = np.array([waiting[0].pos])
        coming = any(min_distance(u.points(), at) <= 2 * self.g.m.rapid for u, _ in self.enemies)
        return (route(self.g, waiting[0].pos, AMBUSH_AHEAD * self.g.m.scale), coming,
                f"lies in wait on the {possessive(escort_word(waiting))} way out")

    def _hot_spot_threats(self, unit: Unit) -> list[Goal]:
        """The Regulars score Hot Spots they sit on: go for the unit sitting there."""
        pts = sum(a.points for a in self.theirs if a.event is AwardEvent.HOT_SPOT_NEUTRALISED)
        if not pts:
            return []
        out = []
        reach = 3.0 * self.g.m.scale
        for h in self.st.hot_spots.values():
            if h.neutralised:
                continue
            near = [u for u in self.st.side_units(self.side.enemy)
                    if min_distance(u.points(), np.array([[h.x, h.y]])) <= reach]
            if near:
                t = near[0]
                out.append(Goal(Aim.HUNT, t.centre(), 0.8 * pts,
                                f"goes for {t.name} on Hot Spot {h.number}: denies {_vp(pts)}",
                                key=f"hot:{h.number}", enemy=t.id))
        return out

    def _exit_threats(self, unit: Unit) -> list[Goal]:
        """The Regulars score figures off an edge: stand across the way of the nearest."""
        out = []
        for a in self.theirs:
            if a.event is not AwardEvent.FIGURE_EXITED:
                continue
            enemy_edges = [str(e) for e in self.g.spec.sides[self.side.enemy].friendly_edges]
            edges = [str(a.edge)] if a.edge is not None else enemy_edges
            edges = [e for e in edges if e in enemy_edges]
            if not edges:
                continue
            here = unit.centre()
            for t in self.st.side_units(self.side.enemy):
                if t.is_detached_leader:
                    continue
                spot, edge = self._ahead_of(t, edges)
                if math.dist(spot, here) > 3 * self.g.m.rapid:
                    continue
                way = f"{whose('way', t.name)} to {_edge_name(edge)}"
                denies = f"denies {_vp(a.points)} a figure"
                out.append(Goal(Aim.CUT_OFF, spot, 0.5 * a.points * len(t.fighters),
                                f"gets across {way}: {denies}", key=f"cut:{t.id}",
                                to=f"gets across {way}: {denies}",
                                towards=f"goes towards {way} to get across it: {denies}"))
        return out

    def _ahead_of(self, enemy: Unit, edges: list[str]) -> tuple[Point, str]:
        """A point a few inches ahead of ``enemy`` on its way (round the terrain) to the
        nearest of ``edges``, and that edge; straight at the edge when terrain shuts it off."""
        finder = self.finder(enemy)
        ways = [(finder.field(e).distance(enemy.centre()), e) for e in edges]
        dist, edge = min(ways)
        way = finder.route(enemy.centre(), edge) if math.isfinite(dist) else None
        if not way:
            return cut_off(self.g, enemy, edges), edge
        ahead = CUT_AHEAD * self.g.m.scale
        start = enemy.centre()
        spot = way[-1]  # the edge is nearer than that: at the edge
        for p in way:
            leg = math.dist(start, p)
            if leg >= ahead:
                t = ahead / leg if leg else 0.0
                spot = (start[0] + (p[0] - start[0]) * t, start[1] + (p[1] - start[1]) * t)
                break
            ahead -= leg
            start = p
        w, h = self.st.width, self.st.height
        return (min(max(spot[0], 0.5), w - 0.5), min(max(spot[1], 0.5), h - 0.5)), edge

    def _defend(self, unit: Unit) -> list[Goal]:
        """An Insurgent figure in a zone the Regulars score denies it."""
        out = []
        for a in self.theirs:
            if a.event not in (AwardEvent.ZONE_HELD, AwardEvent.ZONE_CLEARED):
                continue
            assert a.zone is not None
            if a.event is AwardEvent.ZONE_CLEARED and f"{a.side.value}:{a.zone}" in self.st.zones_cleared:
                continue
            inside = self._in_zone(unit, a.zone)
            name = victory.zone_name(self.g, a.zone)
            where = unit.centre() if inside else self._zone_point(unit, a.zone)
            if not inside:
                dist = self.way(unit, where)
                if not math.isfinite(dist) or self.turns_to(unit, dist) > self.turns_left:
                    continue
            denies = f": denies the {victory.side_name(self.g, self.side.enemy)} {_vp(a.points)}"
            out.append(Goal(Aim.DEFEND, where, float(a.points),
                            f"{'holds' if inside else 'makes for'} {name}{denies}",
                            hold=inside, arrived=inside, key=f"zone:{a.zone}",
                            **_heading("goes", name, denies)))
        return out


_AWARDS: weakref.WeakKeyDictionary[AlleyGame, list[AwardSpec]] = weakref.WeakKeyDictionary()


def plan(g: AlleyGame, side: Side) -> dict[str, Goal]:
    """A goal for every unit of ``side`` on the table: each objective that pays once
    (a Hot Spot, a zone, fetching the escorts) goes to the unit that gets most from it,
    nearest first; the others take their own best."""
    p = Planner(g, side)
    units = [u for u in g.state.side_units(side) if u.alive]
    ranked: list[tuple[float, float, int, Unit, Goal]] = []
    for i, u in enumerate(units):
        at = u.centre()
        for goal in p.options(u):
            d = 0.0 if goal.arrived else math.dist(at, goal.where) \
                if not isinstance(goal.where, str) else 0.0
            ranked.append((goal.value, -d, i, u, goal))
    ranked.sort(key=lambda r: (r[0], r[1], -r[2]), reverse=True)
    taken: dict[str, int] = {}
    out: dict[str, Goal] = {}
    for _, _, _, u, goal in ranked:
        if u.id in out:
            continue
        if goal.key and goal.key != "cover" and not goal.key.startswith("carry"):
            share = 2 if goal.aim in (Aim.DEFEND, Aim.CUT_OFF) else 1
            leader = goal.key == "fetch" and u.is_detached_leader  # leaders go along (they join)
            if taken.get(goal.key, 0) >= share and not leader:
                continue
            if not leader:
                taken[goal.key] = taken.get(goal.key, 0) + 1
        out[u.id] = goal
    return out


# -- shared look-ups --------------------------------------------------------------------------

def threatened(g: AlleyGame) -> list[Point]:
    """Points inside the zones the Regulars still score (where fresh Insurgents deny them)."""
    out = []
    for a in g.spec.victory.all_awards():
        if a.side is Side.REGULAR and a.points > 0 and a.zone is not None:
            if a.event is AwardEvent.ZONE_CLEARED and f"regular:{a.zone}" in g.state.zones_cleared:
                continue
            c = victory.zone_polygon(g, a.zone).representative_point()
            out.append((float(c.x), float(c.y)))
    return out


def escorts_score(g: AlleyGame) -> bool:
    """Does the scenario score the escorts (the Regulars bringing them off, the Insurgents
    holding them)? Only then do they shape the plans (CT-042, CT-046)."""
    hit = _ESCORTS_SCORE.get(g)
    if hit is None:
        hit = _ESCORTS_SCORE[g] = any(
            a.points > 0 and ((a.side is Side.REGULAR and a.event is AwardEvent.ESCORT_EXITED)
                              or (a.side is Side.INSURGENT and a.event is AwardEvent.CAPTIVE_HELD))
            for a in g.spec.victory.all_awards())
    return hit


_ESCORTS_SCORE: weakref.WeakKeyDictionary[AlleyGame, bool] = weakref.WeakKeyDictionary()


def waiting_escorts(g: AlleyGame) -> list[Figure]:
    """Escorts on the ground the Regulars have not taken in (CT-048)."""
    return [f for f in g.state.ground if f.kind is FigureKind.CONTRACTOR]


def carriers(g: AlleyGame) -> list[Unit]:
    return [u for u in g.state.side_units(Side.REGULAR) if carries_contractors(u)]


def escort_word(figs: list[Figure]) -> str:
    """What the escorts are called ("contractors", "VIP")."""
    labels = {f.label or "escort" for f in figs}
    if len(labels) != 1:
        return "escorts"
    word = labels.pop()
    return word if len(figs) == 1 else (word + "s" if not word.endswith("s") else word)


def possessive(word: str) -> str:
    """ "contractors" -> "contractors'", "headman" -> "headman's"."""
    return word + "'" if word.endswith("s") else word + "'s"


def cut_off(g: AlleyGame, unit: Unit, edges: list[str] | None = None) -> Point:
    """A point on ``unit``'s way to its nearest exit, a few inches ahead of it."""
    cx, cy = unit.centre()
    ex, ey = exit_point(g, (cx, cy), unit.side, edges)
    d = math.dist((cx, cy), (ex, ey)) or 1.0
    ahead = min(CUT_AHEAD * g.m.scale, d)
    return (cx + (ex - cx) * ahead / d, cy + (ey - cy) * ahead / d)
