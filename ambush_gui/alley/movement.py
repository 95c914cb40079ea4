"""Movement on the free-measure table: allowances, legal paths, contact and exits.

A move is a path of waypoints for the unit's centre; the unit's figures keep their
places around it (house rule AA-017: formations move as a body, so a unit stays in
cohesion while it moves). Terrain never slows a move (house rule AA-006), but no figure's
track may cross impassable terrain, and no figure may pass through an enemy figure.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
from shapely.affinity import translate

from ambush_gui.alley import options
from ambush_gui.alley.model import Figure, FigureKind, Side, Speed, Unit
from ambush_gui.alley.names import figure_name, figure_names
from ambush_gui.core.decisions import IllegalDecision
from ambush_gui.core.geometry import MAX_WAYPOINTS, path_length

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame

Point = tuple[float, float]
EPS = 1e-6


def speed_limit(g: AlleyGame, speed: Speed, unit: Unit | None = None) -> float:
    """AA-032/033: Cautious 6", Rapid 12", Halted 0. With ``unit``, a rule module may give
    that unit its own limit (its ``allowance(unit, speed)`` hook: FF-055/056, a mounted
    unit's 8" and 16")."""
    limit = {Speed.HALTED: 0.0, Speed.CAUTIOUS: g.m.cautious, Speed.RAPID: g.m.rapid}[speed]
    if unit is not None and g.modules and speed is not Speed.HALTED:
        limit = float(g.modules.first("allowance", unit, speed, default=limit))
    return limit


def speed_words(g: AlleyGame, speed: Speed, unit: Unit | None = None) -> str:
    """A speed as every part of the window names it, with the unit's own full move:
    "Cautious 8\"" for a mounted unit (the Force on Force Tactical move, FF-055, is the
    Cautious speed the plan declares), "Rapid 12\"", "Halted". The mounted unit's ring said
    "Tactical 8\"" while its card said "cautious"."""
    if speed is Speed.HALTED:
        return "Halted"
    return f'{speed.value.capitalize()} {speed_limit(g, speed, unit):g}"'


def allowance(g: AlleyGame, unit: Unit, speed: Speed | None = None) -> float:
    """Inches the unit may still move this turn: its speed's limit, less 1" for each
    interruption it has suffered (AA-085), less what it has already moved.

    DC-006 (AA-033: a move over the Cautious limit is Rapid): a unit holding Dependants
    never moves Rapidly, so whatever speed it declared, from the moment it holds one
    everything it has moved this turn counts against its Cautious limit. Every path that
    moves a unit (its move, a cover move, an Insurgent move, the walk on after taking
    figures in) asks here (older saves: the correction ``dependants_on_every_move``)."""
    spd = speed or unit.speed or Speed.HALTED
    if spd is Speed.RAPID and unit.dependants and options.dependants_slow_every_move(g):
        spd = Speed.CAUTIOUS
    loss = unit.times_interrupted * g.m.interrupt_loss if unit.side is Side.REGULAR else 0.0
    return max(0.0, speed_limit(g, spd, unit) - loss - unit.moved)


def spent_words(g: AlleyGame, unit: Unit) -> str:
    """Why ``unit`` has no movement left (:func:`allowance` is 0), in words for the log: a
    play-test saw a Rapid move cut off at the interruption's point with no word why."""
    spd = unit.speed or Speed.HALTED
    slowed = spd is Speed.RAPID and unit.dependants and options.dependants_slow_every_move(g)
    limit = speed_limit(g, Speed.CAUTIOUS if slowed else spd, unit)
    loss = unit.times_interrupted * g.m.interrupt_loss if unit.side is Side.REGULAR else 0.0
    lost = f", and {loss:g}\" were lost to interruptions (AA-085)" if loss else ""
    if slowed:
        return (f"it has moved {unit.moved:.1f}\"{lost}; holding Dependants it may move no "
                f"farther than its Cautious {limit:g}\" (DC-006)")
    return f"it has moved {unit.moved:.1f}\" of its {spd.value.capitalize()} {limit:g}\"{lost}"


@dataclass(frozen=True)
class MovePlan:
    """A validated move: the full path (start included) and what it leads to."""

    path: tuple[Point, ...]
    length: float
    exits: bool = False
    join: str | None = None
    assault: str | None = None
    speed: Speed | None = None
    figures: tuple[tuple[str, Point], ...] = ()  # figures placed apart from the formation
    reform: float = 0.0  # the longest extra distance a placed figure walks

    def to_choice(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": [list(p) for p in self.path[1:]]}
        if self.figures:
            out["figures"] = {fid: list(p) for fid, p in self.figures}
        if self.join:
            out["join"] = self.join
        if self.assault:
            out["assault"] = self.assault
        if self.speed:
            out["speed"] = self.speed.value
        return out


def exit_edge(g: AlleyGame, unit: Unit, p: Point) -> str | None:
    """Which friendly edge a point beyond the table lies across, if any."""
    edges = g.spec.sides[unit.side].friendly_edges
    w, h = g.state.width, g.state.height
    x, y = p
    for edge in edges:
        if (edge == "south" and y < 0 and 0 <= x <= w) or (edge == "west" and x < 0 and 0 <= y <= h) \
                or (edge == "north" and y > h and 0 <= x <= w) or (edge == "east" and x > w and 0 <= y <= h):
            return str(edge)
    return None


def exit_edge_at(g: AlleyGame, unit: Unit, end: Point) -> str | None:
    """CT-015: the friendly edge the unit leaves across when its centre ends at ``end``.

    A unit leaves when its figures step off the table: it is enough that every figure
    off the table is across a friendly edge, whatever its centre (a Fireteam whose lead
    figure crosses the west edge leaves, though its centre is still on the table). A
    centre across a friendly edge also leaves, as before."""
    finals = unit.points() - np.array(unit.centre()) + np.array(end)
    return _exit_edge_of(g, unit, finals, end)


def _exit_edge_of(g: AlleyGame, unit: Unit, finals: np.ndarray, end: Point) -> str | None:
    w, h = g.state.width, g.state.height
    off = [(float(x), float(y)) for x, y in finals if not (0 <= x <= w and 0 <= y <= h)]
    if not off:
        return None
    edges = [exit_edge(g, unit, p) for p in off]
    if all(edges):
        return edges[0]
    return exit_edge(g, unit, end)


def check_move(
    g: AlleyGame,
    unit: Unit,
    choice: Any,
    limit: float,
    *,
    speeds: tuple[Speed, ...] = (),
    may_assault: bool = False,
    retreat_only: bool = False,
    to_cover: bool = False,
) -> MovePlan:
    """Validate a move answer; raise :class:`IllegalDecision` saying what is wrong.

    ``speeds`` (Insurgent interrupts, AA-099): the answer names one of these speeds
    and the limit is that speed's. ``retreat_only``: Pinned or Shaken units may not move
    toward the enemy (AA-185, AA-199/200). ``to_cover``: a Pinned unit that moves must
    end in cover, not Exposed (AA-184).
    """
    if not isinstance(choice, dict) or "path" not in choice:
        raise IllegalDecision("a move is {'path': [[x, y], ...]} (waypoints after the start)")
    speed = None
    if speeds:
        try:
            speed = Speed(choice.get("speed", ""))
        except ValueError:
            raise IllegalDecision(f"name a speed: one of {[s.value for s in speeds]}") from None
        if speed not in speeds:
            raise IllegalDecision(f"{speed.value} is not allowed here; one of {[s.value for s in speeds]}")
        limit = min(limit, allowance(g, unit, speed))
    raw = choice["path"]
    if isinstance(raw, list | tuple) and len(raw) > MAX_WAYPOINTS:
        raise IllegalDecision(f"the path has {len(raw):,} waypoints; a move has at most "
                              f"{MAX_WAYPOINTS}")
    try:
        pts = [(float(x), float(y)) for x, y in raw]
    except (TypeError, ValueError):
        raise IllegalDecision("path must be a list of [x, y] pairs of numbers") from None
    if not pts:
        raise IllegalDecision("the path is empty")
    start = unit.centre()
    path = (start, *pts)
    length = path_length(path)
    if length > limit + EPS:
        raise IllegalDecision(f"the path is {length:.1f}\" long; this unit may move {limit:.1f}\" more")
    blockers = _figure_path_blockers(g, unit, path) if length > EPS else []
    if blockers:
        raise IllegalDecision(f"the path crosses impassable terrain: {', '.join(blockers)}")
    end = path[-1]
    offsets = unit.points() - np.array(start)
    finals = offsets + np.array(end)
    placed, reform = _place_figures(g, unit, choice.get("figures"), finals, length, limit)
    exits = False
    w, h = g.state.width, g.state.height
    if not ((finals >= 0).all() and (finals[:, 0] <= w).all() and (finals[:, 1] <= h).all()):
        if _exit_edge_of(g, unit, finals, end) is None:
            raise IllegalDecision("the move would leave a figure off the table (not across a friendly edge)")
        exits = True
    if not exits:
        bad = g.impassable_at(finals)
        if bad:
            raise IllegalDecision(f"a figure would end inside impassable terrain ({bad})")
    assault = choice.get("assault")
    if assault is not None:
        assault = _check_assault(g, unit, assault, finals, may_assault)
    _check_enemy_contact(g, unit, path, offsets, ignore=assault)
    if placed:
        _check_steps(g, unit, [(offsets[i] + np.array(end), finals[i]) for i, _ in placed], assault)
    join = choice.get("join")
    if join is not None:
        join = _check_join(g, unit, join, finals)
    if retreat_only and length > EPS:
        before, after = g.nearest_enemy_distance(unit.side, unit.points(fighting_only=True), finals)
        if after < before - EPS:
            raise IllegalDecision("a Pinned or Shaken unit may not move toward the enemy")
    if to_cover and length > EPS and not exits:
        if not any(g.near_cover((float(x), float(y))) for x, y in finals):
            raise IllegalDecision("a Pinned or newly Shaken unit that moves must move into cover "
                                  "(not Exposed)")
    figures = tuple((unit.figures[i].id, (float(finals[i][0]), float(finals[i][1]))) for i, _ in placed)
    plan = MovePlan(tuple(path), length, exits, join, assault, speed, figures, reform)
    g.modules.check_move(unit, plan)
    return plan


def _place_figures(g: AlleyGame, unit: Unit, spec: Any, finals: np.ndarray, length: float,
                   limit: float) -> tuple[list[tuple[int, Point]], float]:
    """AA-014/016: figures placed apart from the formation at the end of the move.

    Each placed figure walks the path with the formation, then straight to its place;
    that whole walk must be within the unit's movement, its last step may not cross
    impassable terrain, and the unit must end in cohesion. ``finals`` is updated in
    place. Returns the (figure index, place) pairs and the longest extra step.
    """
    if spec is None:
        return [], 0.0
    if not isinstance(spec, dict) or not spec:
        raise IllegalDecision("'figures' is {figure id: [x, y]} for the figures placed apart")
    index = {f.id: i for i, f in enumerate(unit.figures)}
    placed: list[tuple[int, Point]] = []
    longest = 0.0
    for fid, xy in spec.items():
        if fid not in index:
            raise IllegalDecision(f"{fid!r} is not a figure of {unit.name}")
        i = index[fid]
        who = figure_name(unit.figures[i])
        try:
            x, y = (float(v) for v in xy)
        except (TypeError, ValueError):
            raise IllegalDecision(f"the place of {who} must be [x, y]") from None
        step = math.hypot(x - finals[i][0], y - finals[i][1])
        if length + step > limit + EPS:
            raise IllegalDecision(f"{who} would walk {length + step:.1f}\"; the unit may move "
                                  f"{limit:.1f}\" more")
        walk = ((float(finals[i][0]), float(finals[i][1])), (x, y))
        bad = g.table.path_blockers(walk)
        if bad:
            raise IllegalDecision(f"{who} would cross impassable terrain: {', '.join(bad)}")
        finals[i] = (x, y)
        placed.append((i, (x, y)))
        longest = max(longest, step)
    from ambush_gui.core.geometry import cohesive

    if not cohesive(finals, g.m.cohesion_link, g.m.cohesion_radius):
        raise IllegalDecision(f"the unit would break cohesion: every figure within "
                              f"{g.m.cohesion_link:g}\" of another, or all within "
                              f"{g.m.cohesion_radius:g}\" of the centre (AA-014)")
    return placed, longest


class EnemyContact(IllegalDecision):
    """A plain move that would touch an enemy figure: the table, which reads a drop in
    contact as a Close Assault too, tells the assault's own refusal instead (FF-077)."""


def _check_steps(g: AlleyGame, unit: Unit, steps: list[tuple[np.ndarray, np.ndarray]],
                 ignore: str | None) -> None:
    """A placed figure's last step may not pass through or end touching an enemy figure."""
    enemy = [p for u in g.enemies(unit) if u.id != ignore for p in u.points().tolist()]
    if not enemy:
        return
    others = shapely.multipoints(np.array(enemy))
    for a, b in steps:
        line = shapely.LineString([tuple(a), tuple(b)]) if not np.allclose(a, b) else shapely.Point(tuple(b))
        if float(shapely.distance(line, others)) < g.m.contact:
            raise EnemyContact("figures may not move through or into contact with enemy figures "
                                  "(declare a Close Assault to end in contact)")


class MoveChecks:
    """:func:`check_move` for the answers to one open move decision, each checked once.

    Nothing changes the state while a decision waits, so the same answer checked by
    the computer player, then by the game, then carried out, gives the same plan; an
    answer refused once is refused again for the same reason (a computer player asks
    about its best ends more than once).
    """

    def __init__(self, g: AlleyGame, unit: Unit, limit: float, **rules: Any) -> None:
        self.g, self.unit, self.limit, self.rules = g, unit, limit, rules
        self._plans: dict[str, MovePlan | IllegalDecision] = {}

    def plan(self, choice: Any) -> MovePlan:
        key = repr(choice)  # answers are plain JSON values
        plan = self._plans.get(key)
        if plan is None:
            try:
                plan = check_move(self.g, self.unit, choice, self.limit, **self.rules)
            except IllegalDecision as why:
                self._plans[key] = why
                raise
            self._plans[key] = plan
            self._plans.setdefault(repr(plan.to_choice()), plan)  # the normalised answer
        if isinstance(plan, IllegalDecision):
            raise plan.with_traceback(None)
        return plan


def _figure_path_blockers(g: AlleyGame, unit: Unit, path: tuple[Point, ...]) -> list[str]:
    """House rule AA-006: the impassable pieces whose interior some figure's own track
    crosses (every figure follows the path at its place in the formation)."""
    offsets = unit.points() - np.array(path[0])
    tracks = np.asarray(path)[None, :, :] + offsets[:, None, :]  # (figure, waypoint, xy)
    pieces = g.table.impassable_near(tracks.min(axis=(0, 1)), tracks.max(axis=(0, 1)))
    if not pieces:
        return []
    lines = shapely.multilinestrings(list(tracks))
    return [p.id for p in pieces if shapely.relate_pattern(lines, p.polygon, "T********")]


def _check_assault(g: AlleyGame, unit: Unit, target_id: Any, finals: np.ndarray, may: bool) -> str:
    if not may:
        raise IllegalDecision("this unit may not Close Assault now")
    target = g.state.units.get(str(target_id))
    if target is None or not target.alive or target.side is unit.side:
        raise IllegalDecision(f"{target_id!r} is not an enemy unit on the table")
    from ambush_gui.core.geometry import min_distance

    if min_distance(finals, target.points()) > g.m.assault_reach + EPS:
        raise IllegalDecision("a Close Assault must end the move in contact (within 1\") with its target")
    return target.id


def _check_enemy_contact(g: AlleyGame, unit: Unit, path: tuple[Point, ...], offsets: np.ndarray,
                         ignore: str | None) -> None:
    """No figure may pass through or end touching an enemy figure (except its assault target)."""
    others = [(u, u.points()) for u in g.enemies(unit) if u.id != ignore]
    others = [(u, p) for u, p in others if len(p)]
    if not others:
        return
    enemy = np.vstack([p for _, p in others])
    start = np.array(path[0])
    figs = start + offsets
    # Enemies already in contact at the start may be walked away from.
    gap = np.hypot(enemy[None, :, 0] - figs[:, None, 0], enemy[None, :, 1] - figs[:, None, 1])
    far = enemy[(gap >= g.m.contact).all(axis=0)]
    if len(far) == 0:
        return
    tracks = np.array(path)[None, :, :] + offsets[:, None, :]  # (figure, waypoint, xy)
    # Enemies clearly beyond the box around every track cannot be touched on the way.
    reach = g.m.contact + 1e-6
    lo, hi = tracks.min(axis=(0, 1)) - reach, tracks.max(axis=(0, 1)) + reach
    far = far[((far >= lo) & (far <= hi)).all(axis=1)]
    if len(far) == 0:
        return
    lines = shapely.linestrings(tracks)
    d = shapely.distance(lines, shapely.multipoints(far))
    if float(np.min(d)) < g.m.contact:
        track = shapely.union_all(lines)
        who = min(others, key=lambda o: float(shapely.distance(track, shapely.multipoints(o[1]))))[0]
        raise EnemyContact(f"figures may not move through or into contact with enemy figures "
                           f"({who.name} in the way; declare a Close Assault to end in contact)")


def _check_join(g: AlleyGame, unit: Unit, target_id: Any, finals: np.ndarray) -> str:
    """AA-026: a detached leader joins a unit by moving into cohesion with it."""
    if not unit.is_detached_leader:
        raise IllegalDecision("only a detached leader may join a unit")
    target = g.state.units.get(str(target_id))
    if target is None or not target.alive or target.side is not unit.side or target is unit:
        raise IllegalDecision(f"{target_id!r} is not a friendly unit on the table")
    if target.leader is not None:
        raise IllegalDecision(f"{target.name} already has a leader")
    from ambush_gui.core.geometry import min_distance

    if min_distance(finals, target.points()) > g.m.cohesion_link + EPS:
        raise IllegalDecision(f"the leader must end within {g.m.cohesion_link:g}\" of {target.name}")
    return target.id


def join_gaps(g: AlleyGame, unit: Unit, finals: np.ndarray) -> list[tuple[Unit, float]]:
    """AA-026, read only: the units a detached leader whose figure ends at ``finals``
    could join (friendly, on the table, leaderless), each with the gap from him to its
    nearest figure, nearest first. He joins one by ending within ``g.m.cohesion_link``
    of it (:func:`_check_join` decides); a table tells the player before the drop. Empty
    for any unit that is not a detached leader."""
    if not unit.is_detached_leader:
        return []
    from ambush_gui.core.geometry import min_distance

    gaps = [(u, float(min_distance(finals, u.points()))) for u in g.state.side_units(unit.side)
            if u is not unit and u.alive and u.leader is None]
    return sorted(gaps, key=lambda ug: ug[1])


def clear_run(g: AlleyGame, unit: Unit, path: list[Point], ignore: str | None = None) -> float:
    """How far ``unit`` can go along ``path`` (which starts at its centre) before one of its
    figures would touch an enemy figure it is not already in contact with (other than
    those of unit ``ignore``, a Close Assault's target): the whole path when nothing
    stands in the way (option ``blocked_after_interrupt``)."""
    from ambush_gui.core.geometry import truncate

    total = path_length(path)
    offsets = unit.points() - np.array(path[0])

    def clear(d: float) -> bool:
        if d <= EPS:
            return True
        try:
            _check_enemy_contact(g, unit, tuple(truncate(path, d)), offsets, ignore=ignore)
        except EnemyContact:
            return False
        return True

    if clear(total):
        return total
    lo, hi = 0.0, total  # blocked somewhere: the last clear point, to a thousandth of an inch
    while hi - lo > 1e-3:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if clear(mid) else (lo, mid)
    return lo


ROUND_STEPS = (1.0, 0.75, 0.5, 0.25)  # how much of the way round a move tries, longest first
ROUND_GAIN = 0.1  # inches a way round must gain on stopping short to count as one


def way_round(g: AlleyGame, unit: Unit, goal: Point | str, limit: float,
              ok: Callable[[dict[str, Any]], bool], beyond: Point | None = None,
              speed: str | None = None) -> dict[str, Any] | None:
    """The move (an answer to a move decision) that takes ``unit`` toward ``goal`` (a point
    or a table edge) by the shortest way round the enemy figures near it and the
    impassable terrain, as far along it as ``limit`` and ``ok`` (the decision's own check)
    allow: how a Regular unit finishes a move whose way an interruption blocked (option
    ``blocked_after_interrupt`` = ``goes_round``, house rule AA-068, AA-085), and how the
    computer players find that way. With ``beyond`` (where the unit would stop short) only
    a move that ends nearer the goal than that point, by that way, counts. None when there
    is no such move."""
    from ambush_gui.core.geometry import truncate
    from ambush_gui.core.paths import around, clearance_of

    here = unit.centre()
    enemy = [e.points() for e in g.enemies(unit) if e.points().size]
    if not enemy or limit <= EPS:
        return None
    figures = np.vstack(enemy)
    near = figures[np.hypot(*(figures - np.array(here)).T) <= limit + 2 * g.m.rapid]
    if not len(near):
        return None
    finder = around(g.table, clearance_of(unit.points(), here), near, g.m.contact + 0.1)
    field = finder.field(goal)
    way = field.path(here)
    left: Callable[[Point], float] = field.distance  # how far from the goal, by the way round
    if way is None:  # the goal itself is shut off: as near to it as the unit can get
        if isinstance(goal, str) or not (way := finder.closest(here, goal)):
            return None
        left = lambda p: math.dist(p, goal)  # noqa: E731 (as the crow flies, then)
    path = [here, *way]
    total = path_length(path)
    need = math.inf if beyond is None else left(beyond) - ROUND_GAIN
    for frac in ROUND_STEPS:
        step = min(max(0.0, limit - 0.01) * frac, total)  # rounded waypoints: keep inside it
        if step < 0.3:
            break
        walk = truncate(path, step)
        if left(walk[-1]) >= need:
            continue
        choice: dict[str, Any] = {"path": [[round(x, 3), round(y, 3)] for x, y in walk[1:]]}
        if speed:
            choice["speed"] = speed
        if ok(choice):
            return choice
    return None


def keep_on_table(g: AlleyGame, unit: Unit, path: list[Point]) -> list[Point]:
    """``path`` cut where the unit's last figure would step off the table, if it does."""
    from ambush_gui.core.geometry import point_along, truncate

    offsets = unit.points() - np.array(path[0])
    w, h = g.state.width, g.state.height

    def on(d: float) -> bool:
        pts = offsets + np.array(point_along(path, d))
        return bool((pts >= 0).all() and (pts[:, 0] <= w).all() and (pts[:, 1] <= h).all())

    total = path_length(path)
    if on(total):
        return path
    lo, hi = 0.0, total
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if on(mid) else (lo, mid)
    return truncate(path, lo)


def back_on_table(g: AlleyGame, unit: Unit, toward: Point) -> None:
    """Step ``unit`` straight back toward ``toward`` (where its move began, on the table)
    just far enough that every figure stands on the table; nothing when none is off it."""
    w, h = g.state.width, g.state.height
    pts = unit.points()

    def on(t: float) -> bool:
        moved = pts + t * (np.array(toward) - np.array(unit.centre()))
        return bool((moved >= 0).all() and (moved[:, 0] <= w).all() and (moved[:, 1] <= h).all())

    if not len(pts) or on(0.0):
        return
    lo, hi = 0.0, 1.0
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if on(mid) else (mid, hi)
    x, y = unit.centre()
    dx, dy = hi * (toward[0] - x), hi * (toward[1] - y)
    unit.translate(dx, dy)
    g.log.emit("move", f"{unit.name} stops at the table's edge", unit=unit.id,
               to=[round(x + dx, 3), round(y + dy, 3)], distance=0.0)


def formation_ok(g: AlleyGame, unit: Unit, start: np.ndarray, end: np.ndarray) -> bool:
    """Could the unit be moved straight from ``start`` to ``end`` (engine-made moves)?"""
    try:
        plan = check_move(g, unit, {"path": [[float(end[0]), float(end[1])]]}, math.inf)
    except IllegalDecision:
        return False
    return not plan.exits


def candidate_moves(g: AlleyGame, unit: Unit, limit: float, **rules: Any) -> list[dict[str, Any]]:
    """A spread of legal moves (the options a random player picks from, the GUI's hints)."""
    if limit <= EPS:
        return []
    cx, cy = unit.centre()
    out: list[dict[str, Any]] = []
    seen: set[tuple[float, float]] = set()
    for frac in (0.5, 1.0):
        for k in range(8):
            a = k * math.pi / 4
            p = (round(cx + frac * limit * math.cos(a), 2), round(cy + frac * limit * math.sin(a), 2))
            if p in seen:
                continue
            seen.add(p)
            choice: dict[str, Any] = {"path": [list(p)]}
            if rules.get("speeds"):  # an Insurgent move names its speed (AA-099)
                choice["speed"] = rules["speeds"][0].value
            try:
                check_move(g, unit, choice, limit, **rules)
            except IllegalDecision:
                continue
            out.append(choice)
    return out


def must_seek_cover(g: AlleyGame, unit: Unit, moves: list[dict[str, Any]], **rules: Any) -> bool:
    """AA-184/186, AA-199: a Pinned (or newly Shaken) unit that is not in cover and has a
    legal move into cover, never toward the enemy, among ``moves`` must take one; with
    none it may stay where it is and claim In Cover (AA-122, AA-186)."""
    if not rules.get("to_cover") or not moves:
        return False
    return not any(g.near_cover(f.pos) for f in unit.fighters)


# -- carrying out a move -----------------------------------------------------------------

def move_along(g: AlleyGame, unit: Unit, path: list[Point], distance: float) -> list[Point]:
    """Move ``unit`` ``distance`` inches along ``path`` (which starts at its centre),
    picking up friendly Dependants it touches on the way (CT-048) and going on along the
    declared path (CT-049, house rule CT-050) to the point asked for (AA-067: an
    interruption declared at 4" happens at 4", not where the unit took someone in at
    2.3"). A unit holding Dependants goes no further than its Cautious allowance (DC-006).
    Returns the rest of the path (starting at the unit's new centre)."""
    from ambush_gui.core.geometry import point_along, truncate

    every = options.dependants_slow_every_move(g)
    if every:
        path = _within_allowance(g, unit, path, truncate)
    for _ in range(50):  # each stop is a pick-up, which empties the ground it touched
        total = path_length(path)
        step = max(0.0, min(distance, total))
        contact = first_contact(g, unit, path, step)
        if contact is not None:
            step = contact[0]
        dest = point_along(path, step)
        start = unit.centre()
        unit.translate(dest[0] - start[0], dest[1] - start[1])
        unit.moved += step
        distance -= step
        if step > EPS:
            g.log.emit("move", f"{unit.name} moves {step:.1f}\"", unit=unit.id,
                       to=[round(dest[0], 3), round(dest[1], 3)], distance=round(step, 3))
        path = _rest_of(path, step, total, truncate)
        if contact is None:
            break
        path = _take_in(g, unit, contact[1], path, truncate)
        if distance <= EPS or len(path) < 2 or path_length(path) <= EPS:
            break
        if not every and math.isfinite(distance):
            break  # older saves: an interruption beyond the touch was resolved at the touch
    return path


def _take_in(g: AlleyGame, unit: Unit, touched: Figure, rest: list[Point], truncate: Any) -> list[Point]:
    """The pick-up at a touch (CT-048) and the rest of the path the unit may still walk."""
    pick_up(g, unit, touched)
    # The figures taken in join the formation and move its centre: shift the rest of
    # the path with it, so the fighting figures keep to the declared path (CT-049).
    cx, cy = unit.centre()
    sx, sy = cx - rest[0][0], cy - rest[0][1]
    rest = _within_allowance(g, unit, [(x + sx, y + sy) for x, y in rest], truncate)
    if len(rest) > 1 and path_length(rest) > EPS:
        # House rule CT-050: the unit goes on only if the rest of its path is legal for
        # its new figures too (a contractor must not be carried through the SUV).
        try:
            check_move(g, unit, {"path": [list(p) for p in rest[1:]]}, math.inf)
        except IllegalDecision as why:
            g.log.emit("move", f"{unit.name} stops where it took them in: {why}", unit=unit.id)
            rest = [rest[0]]
    return rest


def _within_allowance(g: AlleyGame, unit: Unit, path: list[Point], truncate: Any) -> list[Point]:
    """DC-006: the part of a Rapid mover's path it may still walk once it holds Dependants
    (its Cautious allowance, less what it has moved and lost to interruptions)."""
    if not (unit.dependants and unit.speed is Speed.RAPID) or len(path) < 2:
        return path
    room = allowance(g, unit) if options.dependants_slow_every_move(g) \
        else max(0.0, g.m.cautious - unit.moved)  # older saves: no interruption loss
    if path_length(path) <= room + EPS:
        return path
    return [path[0], *truncate(path, room)[1:]] if room > EPS else [path[0]]


def _rest_of(path: list[Point], done: float, total: float, truncate: Any) -> list[Point]:
    reversed_path = list(reversed(path))
    rest = list(reversed(truncate(reversed_path, total - done)))
    return rest if rest else [path[-1]]


def first_contact(g: AlleyGame, unit: Unit, path: list[Point], upto: float) -> tuple[float, Figure] | None:
    """The first ground figure the moving unit touches within ``upto`` inches, if any."""
    candidates = [f for f in g.state.ground if pickable(g, unit, f)]
    if not candidates or len(path) < 2:
        return None
    line = shapely.LineString(path)
    offsets = unit.points() - np.array(path[0])
    best: tuple[float, Figure] | None = None
    for fig in candidates:
        inside = g.modules.first("reach_area", fig) if g.modules else None
        for off in offsets:
            q = shapely.Point(fig.x - off[0], fig.y - off[1])
            if line.distance(q) <= g.m.contact + EPS:
                # CT-048: picked up at the first touch, not at the closest approach
                along = max(0.0, float(line.project(q))
                            - math.sqrt(max(0.0, g.m.contact ** 2 - line.distance(q) ** 2)))
                if inside is not None:
                    along = _first_touch_inside(line, q, off, inside, g.m.contact + EPS)
                if along <= upto + EPS and (best is None or along < best[0]):
                    best = (along, fig)
    return best


def stand_with(g: AlleyGame, unit: Unit, fig: Figure) -> None:
    """House rule CT-050 (the correction ``carried_figures``): a figure taken in stands in
    the unit's formation (DC-004: Dependants are added to the unit that escorts them). One
    already within the cohesion link (1") of a figure of the unit stays where it is; one
    farther off is placed 0.7" from the unit's figure nearest to it, on the free spot
    nearest to where it lay: on the table, out of impassable terrain, its base clear of
    every other figure and out of contact with the enemy. The legacy reading (``apart``)
    left it where it lay."""
    from ambush_gui.alley.options import carried_with_the_unit

    pts = unit.points()
    if not carried_with_the_unit(g) or not len(pts):
        return
    here = np.array(fig.pos)
    if float(np.min(np.hypot(*(pts - here).T))) <= g.m.cohesion_link + EPS:
        return
    step = 0.7 * g.m.scale  # as a regrouped unit stands (house rule AA-017)
    angles = np.radians(np.arange(0, 360, 15))
    ring = np.stack([np.cos(angles), np.sin(angles)], axis=1) * step
    spots = (pts[:, None, :] + ring[None, :, :]).reshape(-1, 2)
    spots = spots[np.argsort(np.hypot(*(spots - here).T), kind="stable")]
    others = [f.pos for u in g.state.units.values() if u.on_table for f in u.figures if f is not fig]
    others += [f.pos for f in g.state.ground if f is not fig]
    enemy = np.array([p for u in g.enemies(unit) if u.on_table for p in u.points().tolist()]).reshape(-1, 2)
    crowd = np.array(others, dtype=float).reshape(-1, 2)
    w, h = g.state.width, g.state.height
    for x, y in spots:
        if not (0 <= x <= w and 0 <= y <= h) or g.impassable_at(np.array([[x, y]])) is not None:
            continue
        if len(crowd) and float(np.min(np.hypot(crowd[:, 0] - x, crowd[:, 1] - y))) < 0.5 * g.m.scale - EPS:
            continue  # bases may not overlap (AA-004)
        if len(enemy) and float(np.min(np.hypot(enemy[:, 0] - x, enemy[:, 1] - y))) <= g.m.contact + EPS:
            continue
        fig.x, fig.y = float(x), float(y)
        return
    # no free spot by any figure of the unit (hemmed in): it stands where it lay


def _first_touch_inside(line: shapely.LineString, q: shapely.Point, off: np.ndarray,
                        area: shapely.Geometry, reach: float) -> float:
    """How far along ``line`` the figure at ``off`` from the unit's centre first touches the
    figure at ``q + off`` while standing inside ``area`` (a minefield the touched figure lies
    in: house rule FF-043, option ``reaching_into_a_minefield``); infinity if it never does."""
    where = q.buffer(reach).intersection(translate(area, -float(off[0]), -float(off[1])))
    met = line.intersection(where)
    if met.is_empty:
        return math.inf
    return min(float(line.project(shapely.Point(c))) for c in shapely.get_coordinates(met))


def pickable(g: AlleyGame, unit: Unit, fig: Figure) -> bool:
    if unit.side is Side.REGULAR:
        return fig.side is Side.REGULAR or fig.kind is FigureKind.CONTRACTOR
    # CT-018: the Insurgents may not seize the contractors before the Marines reach them.
    if fig.captive:
        return False
    early_ok = "contractors" not in g.spec.special_rules or g.state.contractors_reached
    return fig.kind is not FigureKind.CONTRACTOR or early_ok


def pick_up(g: AlleyGame, unit: Unit, touched: Figure) -> None:
    """CT-048 / house rule CT-050: touching one figure on the ground takes in every
    friendly figure on the ground within 4" of it, and each stands with the unit from then
    on (DC-004; :func:`stand_with`); Insurgents touching them capture them where they stand
    (CT-051: Insurgents never move the contractors)."""
    near = [f for f in g.state.ground if pickable(g, unit, f)
            and math.hypot(f.x - touched.x, f.y - touched.y) <= g.m.cohesion_radius]
    for fig in near:
        if unit.side is Side.REGULAR:
            g.state.ground.remove(fig)
            g.state.custody.pop(fig.id, None)
            fig.captive = False
            stand_with(g, unit, fig)
            unit.figures.append(fig)
            if fig.kind is FigureKind.CONTRACTOR:
                g.state.contractors_reached = True
        else:
            fig.captive = True
            g.state.custody[fig.id] = unit.id
    names = figure_names(near)
    verb = "takes in" if unit.side is Side.REGULAR else "captures"
    g.log.emit("pick_up", f"{unit.name} {verb} {names}", unit=unit.id, figures=[f.id for f in near])
