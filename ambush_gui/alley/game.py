"""An Ambush Alley game: a scenario, a seed and the decisions made so far.

:class:`AlleyGame` builds the starting state from the scenario and runs the sequence
of play (:func:`ambush_gui.alley.turn.play`) as a generator that pauses at every
decision. The helpers here (who sees whom, distances) are shared by the rule modules.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

import numpy as np
import shapely

from ambush_gui.alley.measures import Measures
from ambush_gui.alley.model import AlleyState, Figure, FigureKind, HotSpot, Injury, Side, Unit
from ambush_gui.alley.modules import Modules
from ambush_gui.alley.names import name_escorts, name_unit
from ambush_gui.alley.scenario import Scenario
from ambush_gui.core.decisions import Decision
from ambush_gui.core.dice import Dice, Die
from ambush_gui.core.events import Event, EventLog
from ambush_gui.core.game import Game, Procedure
from ambush_gui.core.geometry import Point, Table, min_distance
from ambush_gui.core.view import Hidden


class AlleyGame(Game):
    system = "alley"

    def __init__(self, scenario: Scenario, seed: int = 0, dice: Dice | None = None,
                 options: Mapping[str, str] | None = None) -> None:
        """``options``: the rules options' readings (every option, as a new game or a save
        names them); None for a game that records none, which plays the legacy readings
        (the engine's before options existed), as a save made before them replays. A
        retired option an older save names is kept as recorded (``retired_options``)."""
        from ambush_gui.alley.options import OPTIONS, split_retired

        super().__init__(seed, dice)
        today, retired = split_retired(options or {})
        self.retired_options = retired  # a retired option an older save records (options.RETIRED)
        self.recorded_options: dict[str, str] | None = \
            None if options is None else {**OPTIONS.check(today), **retired}
        self.options: dict[str, str] = OPTIONS.for_replay(today)
        self.scenario = scenario
        self.spec = scenario.spec
        self.table: Table = scenario.table
        self.m = Measures(scenario.scale)
        self.state = build_state(scenario)
        self.initial_figures = [f.id for f in self.state.all_figures()]
        self.created: list[str] = []  # figures brought in by a rule (reinforcements)
        self._sight_cache: dict[tuple[Any, ...], bool] = {}  # sight answers, and rows done
        self._cover_cache: dict[tuple[float, float], bool] = {}
        self._solid_cache: dict[tuple[float, float, float, float], bool] = {}
        self._impassable: list[tuple[str, Any]] | None = None
        self.modules = Modules(self, self.spec.module_settings())  # optional rules (seed 003)
        self.memo = Memo()  # geometry answers keyed by figure positions (never state)
        self.keep_checkpoint = False  # copy the game at each turn's start (a look-ahead's)
        self.checkpoint: Checkpoint | None = None  # the last such copy

    def procedure(self) -> Procedure:
        from ambush_gui.alley.turn import play

        return play(self)

    def take_checkpoint(self) -> None:
        """Keep a copy of the game as the turn loop stands at a turn's start (the turn
        procedure calls this when ``keep_checkpoint`` is set): :meth:`resumed` plays on
        from it. Every state a turn carries over is in the game itself: the state, the
        modules, the figures created, the ids handed out."""
        self.checkpoint = Checkpoint(self._detached(), len(self.decisions), self.dice.count,
                                     len(self.log.events))

    def _detached(self) -> AlleyGame:
        """A deep copy without the dice, the log, the decisions or the running procedure;
        the scenario, the table and the table's geometry caches (sight, cover: pure answers
        keyed by positions) are shared, not copied. ``memo`` starts empty: some of its
        answers are keyed by a count of the game's own changes (a civilian mob's moves),
        which two copies count alike for different changes."""
        shared: list[Any] = [self.scenario, self.spec, self.table, self.m,
                             self._sight_cache, self._cover_cache, self._solid_cache,
                             self._impassable, *(m.settings for m in self.modules)]
        memo: dict[int, Any] = {id(x): x for x in shared}
        memo[id(self.memo)] = Memo()
        for x in (self.dice, self.log, self._gen, self._pending, self.checkpoint, self.decisions,
                  self.roll_marks, self.answered_by):
            memo[id(x)] = None
        return copy.deepcopy(self, memo)

    @staticmethod
    def resumed(cp: Checkpoint, dice: Dice, events: list[Event]) -> AlleyGame:
        """A new game at ``cp``'s turn start, its procedure run to its first decision:
        ``events`` is its log so far (the game's events up to the checkpoint: the engine
        reads back in its log), ``dice`` throws everything from there on. The caller
        answers the decisions made since the checkpoint (the game's ``decisions`` hold
        only those)."""
        from ambush_gui.alley.turn import play

        g = cp.game._detached()
        g.log = EventLog()
        g.log.events = events
        g.dice, dice.log = dice, g.log
        g.decisions, g.roll_marks, g.answered_by = [], [], []
        g.keep_checkpoint, g.checkpoint, g.result = False, None, None
        g._gen = play(g, resume=True)
        g._advance(None, first=True)
        return g

    def snapshot(self) -> dict[str, Any]:
        """The state, and the options a game records (so a save's state hash, which
        ``replay --verify`` checks, covers them; a game that records none hashes as before)."""
        snap = self.state.snapshot()
        if self.modules:  # only then, so a game without modules hashes as it always has
            snap["modules"] = self.modules.snapshot()
            snap["confidence"] = {u.id: [u.confidence, dict(sorted(u.marks.items()))]
                                  for u in self.state.units.values()}
        if self.recorded_options is not None:
            snap["options"] = dict(sorted(self.recorded_options.items()))
        return snap

    def created_figures(self) -> list[str]:
        return self.created

    def hidden_pieces(self) -> Mapping[str, Hidden]:
        """The pieces still hidden from a side (what each side may see: core/view.py)."""
        from ambush_gui.alley.view import hidden_pieces

        return hidden_pieces(self)

    def look_moments(self, event: Event) -> list[str]:
        """The secret-holding sides ``event`` is a hot-seat hand-over moment for."""
        from ambush_gui.alley.view import look_moments

        return look_moments(self, event)

    def called_for(self, d: Decision) -> str:
        """What the player handed the seat for ``d`` is called for (the hot-seat curtain)."""
        from ambush_gui.alley.view import called_for

        return called_for(self, d)

    # -- shared look-ups --------------------------------------------------------------
    def unit(self, uid: str) -> Unit:
        return self.state.units[uid]

    def sees(self, a: Unit, b: Unit) -> bool:
        """House rule AA-005: a unit sees another if any figure it sees with
        (:meth:`eyes`) sees any figure of the other, carried ones included.

        Answers are remembered by the figure positions on both ends (a line between two
        sets of points is clear both ways, so one answer serves both questions). On a
        miss one end is checked against every unit of the other's side whose answer is
        not known yet, in one batch: the end not yet checked against that side, nearly
        always the unit that has just moved, because the next questions are about it.
        """
        ka, kb = self._eyes_at(a), _where(b)
        if not ka or not kb:
            return False
        hit = self._sight_cache.get((ka, kb))
        if hit is None:
            done = self._sight_cache
            if (ka, b.side, _where) in done and (kb, a.side, self._eyes_at) not in done:
                self._sight_row(b, kb, a.side, self._eyes_at)
            else:
                self._sight_row(a, ka, b.side, _where)
            hit = self._sight_cache.get((ka, kb))
            if hit is None:  # b is not on the table (a test built it by hand)
                hit = self.table.any_sight(np.array(ka, dtype=float), b.points())
                self._remember(ka, kb, hit)
        return hit

    def eyes(self, unit: Unit) -> list[Figure]:
        """The figures ``unit`` sees with (DC-023, CT-016, house rule AA-005): its fighting
        figures, not the contractors and casualties it carries; every figure under the
        legacy reading of the correction ``carried_figures``, as older saves were played."""
        from ambush_gui.alley.options import carried_with_the_unit

        return unit.fighters if carried_with_the_unit(self) else unit.figures

    def eye_points(self, unit: Unit) -> np.ndarray:
        """Where the figures of :meth:`eyes` stand (no rows for a unit that sees nothing)."""
        return np.array([f.pos for f in self.eyes(unit)], dtype=float).reshape(-1, 2)

    def _eyes_at(self, unit: Unit) -> Where:
        return tuple(map(_XY, self.eyes(unit)))

    def _sight_row(self, a: Unit, ka: Where, side: Side, key: Any) -> None:
        """Sight from the points ``ka`` (of unit ``a``) to every unit of ``side``, each
        taken at ``key(unit)`` (its eyes or all its figures)."""
        others = [k for u in self.state.units.values()
                  if u.figures and u is not a and u.side is side
                  and (k := key(u)) and (ka, k) not in self._sight_cache]
        self._sight_cache[(ka, side, key)] = True  # this row is done (cleared with the answers)
        if not others:
            return
        m = self.table.sight_matrix(np.array(ka, dtype=float),
                                    np.array([xy for k in others for xy in k], dtype=float))
        col = 0
        for k in others:
            self._remember(ka, k, bool(m[:, col:col + len(k)].any()))
            col += len(k)

    def _remember(self, ka: Where, kb: Where, seen: bool) -> None:
        if len(self._sight_cache) > 40000:
            self._sight_cache.clear()
        self._sight_cache[(ka, kb)] = seen
        self._sight_cache[(kb, ka)] = seen

    def near_cover(self, p: tuple[float, float]) -> bool:
        """AA-126: within 2" of terrain that gives cover (memoised: the table never changes)."""
        key = (round(p[0], 4), round(p[1], 4))
        hit = self._cover_cache.get(key)
        if hit is None:
            hit = self._cover_cache[key] = self.table.near_cover(key, self.m.exposed)
        return hit

    def near_cover_many(self, pts: list[tuple[float, float]]) -> list[bool]:
        """:meth:`near_cover` for many points, the new ones in one batch."""
        keys = [(round(p[0], 4), round(p[1], 4)) for p in pts]
        new = [k for k in dict.fromkeys(keys) if k not in self._cover_cache]
        if new:
            found = self.table.near_cover_many(np.array(new, dtype=float), self.m.exposed).tolist()
            self._cover_cache.update(zip(new, found, strict=True))
        return [self._cover_cache[k] for k in keys]

    def solid_cover(self, firer: tuple[float, float], target: tuple[float, float]) -> bool:
        """AA-124, house rule AA-127: inside, or within 1" behind, Solid Cover (memoised)."""
        key = (round(firer[0], 4), round(firer[1], 4), round(target[0], 4), round(target[1], 4))
        hit = self._solid_cache.get(key)
        if hit is None:
            if len(self._solid_cache) > 50000:
                self._solid_cache.clear()
            hit = self._solid_cache[key] = bool(
                self.table.solid_cover(key[:2], key[2:], self.m.solid_behind))
        return hit

    def solid_cover_many(self, lines: list[tuple[Point, Point]]) -> list[bool]:
        """:meth:`solid_cover` for many (firer, target) lines, the new ones in one batch."""
        keys = [(round(f[0], 4), round(f[1], 4), round(t[0], 4), round(t[1], 4)) for f, t in lines]
        known: dict[tuple[float, float, float, float], bool] = {}
        new = []
        for k in dict.fromkeys(keys):
            hit = self._solid_cache.get(k)
            if hit is None:
                new.append(k)
            else:
                known[k] = hit
        if new:
            ends = np.array(new, dtype=float)
            found = self.table.solid_cover_many(ends[:, :2], ends[:, 2:], self.m.solid_behind)
            found = found.tolist()
            known.update(zip(new, found, strict=True))
            if len(self._solid_cache) > 50000:
                self._solid_cache.clear()
            self._solid_cache.update(zip(new, found, strict=True))
        return [known[k] for k in keys]

    def impassable_at(self, pts: np.ndarray) -> str | None:
        """The id of an impassable piece one of the points stands in, if any."""
        if self._impassable is None:
            self._impassable = [(p.id, p.polygon) for p in self.table.pieces if p.impassable]
            for _, poly in self._impassable:
                shapely.prepare(poly)
        for pid, poly in self._impassable:
            if shapely.intersects_xy(poly, pts[:, 0], pts[:, 1]).any():
                return pid
        return None

    def distance(self, a: Unit, b: Unit) -> float:
        """House rule AA-005: measured between the nearest figures' centres."""
        return min_distance(a.points(), b.points())

    def enemies(self, unit: Unit) -> list[Unit]:
        return self.state.side_units(unit.side.enemy)

    def nearest_enemy_distance(self, side: Side, *pts: np.ndarray) -> list[float]:
        """For each set of points, how far the nearest fighting enemy figure is."""
        enemy = [u.points(fighting_only=True) for u in self.state.side_units(side.enemy)]
        if not enemy:
            return [float("inf")] * len(pts)
        figures = np.vstack(enemy)
        return [min_distance(p, figures) for p in pts]

    def new_unit_id(self, prefix: str) -> str:
        n = self.state.next_unit_number
        self.state.next_unit_number += 1
        return f"{prefix}{n}"

    def leader_die(self) -> Die:
        spec = self.spec.reinforcements
        return Die.parse(spec.leader_tq) if spec else Die.D8


@dataclass(frozen=True)
class Checkpoint:
    """A game copied at a turn's start (:meth:`AlleyGame.take_checkpoint`), and how far the
    game had come there: its decisions, dice thrown and log events."""

    game: AlleyGame  # detached: no dice, log, decisions or procedure
    decisions: int
    throws: int
    events: int


Where = tuple[tuple[float, float], ...]
"""A unit's figure positions in order: all a unit-to-unit sight answer depends on."""

_XY = attrgetter("x", "y")


def _where(unit: Unit) -> Where:
    return tuple(map(_XY, unit.figures))


class Memo(dict):  # type: ignore[type-arg]
    """A bounded cache of pure geometric answers (keyed by positions, so never stale)."""

    def __setitem__(self, key: Any, value: Any) -> None:
        if len(self) > 50000:
            self.clear()
        super().__setitem__(key, value)


def build_state(scenario: Scenario) -> AlleyState:
    """AA-041: the table, the Hot Spots, the Regulars, then the Insurgents, as the file says."""
    spec, s = scenario.spec, scenario.scale
    units: dict[str, Unit] = {}
    for u in sorted(spec.units, key=lambda u: 0 if u.side is Side.REGULAR else 1):
        side = spec.sides[u.side]
        figs = [
            Figure(f.id, f.kind, f.weapon, f.at[0] * s, f.at[1] * s, u.side) for f in u.figures
        ]
        name_unit(u.name, figs)
        units[u.id] = Unit(
            id=u.id,
            name=u.name,
            side=u.side,
            tq=Die.parse(u.tq),
            morale=Die.parse(u.morale),
            figures=figs,
            optimum_range=(u.optimum_range or side.optimum_range) * s,
            armor=side.armor if u.armor is None else u.armor,
            confidence=str(u.confidence or "confident"),
        )
    hot = {h.number: HotSpot(h.number, h.at[0] * s, h.at[1] * s) for h in spec.hot_spots}
    # Escorts wait on the ground for the Regulars (CT-014: contractors start wounded); an
    # unhurt escort is a Dependant all the same once taken in (DC-001/002).
    ground = [
        Figure(e.id, FigureKind.CONTRACTOR, "unarmed", e.at[0] * s, e.at[1] * s, Side.REGULAR,
               dependant=True, injury=Injury.MODERATE if e.wounded else Injury.NONE, label=e.label)
        for e in spec.all_escorts()
    ]
    name_escorts(ground)
    return AlleyState(
        width=spec.table.width * s, height=spec.table.height * s, units=units,
        hot_spots=hot, ground=ground,
    )
