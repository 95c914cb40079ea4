"""A computer player for Ambush Alley that answers every decision for either side.

It plays by plain tactical sense, not search: the Marines go for the contractors,
cover each other and carry them out across the nearest friendly edge; the
Insurgents interrupt moving Marines in the open, fire where the odds are best, wait
on the contractors' way out, spend every interruption they have on the unit carrying
the contractors, and Close Assault it (or any team) when the engine's dice favour it
(see :mod:`ambush_gui.ai.alley_insurgent` and docs/history.md). Every answer
goes through ``Decision.validate``, so it is always legal.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import numpy as np

from ambush_gui.ai import fof_mines
from ambush_gui.ai.alley_goals import (
    PACE_SHARE,
    Aim,
    Goal,
    carriers,
    cut_off,
    escort_word,
    escorts_score,
    exit_point,
    plan,
    threatened,
    waiting_escorts,
)
from ambush_gui.ai.alley_insurgent import assault_odds, carries_contractors, route, support_team
from ambush_gui.ai.fof import advise, move_advice, plan_advice
from ambush_gui.ai.narrate import Choice
from ambush_gui.alley.fire import fire_blocked, odds
from ambush_gui.alley.game import AlleyGame, _where
from ambush_gui.alley.interrupts import held_down
from ambush_gui.alley.model import FigureKind, Side, Speed, Unit
from ambush_gui.alley.movement import EnemyContact, way_round
from ambush_gui.alley.pools import exposed, firepower, optimum_range, places, solid_cover_many
from ambush_gui.alley.turn import HALTED, OVERWATCH, RELEASE
from ambush_gui.core.decisions import Decision, IllegalDecision
from ambush_gui.core.geometry import min_distance, path_length, point_along, points_along
from ambush_gui.core.paths import Pathfinder, around, clearance_of, pathfinder
from ambush_gui.core.words import possessive, whose

Point = tuple[float, float]
STANDS = (Aim.DEFEND, Aim.ZONE, Aim.HOT_SPOT)  # goals that score by standing on ground
TIMED = (Aim.FETCH, Aim.CARRY, Aim.EXIT, Aim.HOT_SPOT, Aim.ZONE)  # goals that score only if reached in time

AMBUSH_AHEAD = 5.0  # inches down the contractors' way out where Insurgents lie in wait
BEHIND = 1.5  # how much gain a unit behind its pace loses per inch it falls short
ASSAULT_MEAN = 0.25  # mean Marine casualties that make a Close Assault on any team worth it
CARRIER_WIN = 0.1  # chance of beating the contractors' carrier that makes an assault worth it
FIRE_WORTH = 0.3  # mean casualties an Insurgent shot from cover must promise (the Marines answer it)
SUPPORT_SHOT = 0.2  # the same for a support weapon team in cover (it fires from range)
SEEN_COST = 2.5  # what ending an Insurgent move in the Marines' sight costs (reaction fire, AA-089)
SUPPORT_OVERRUN = 0.3  # chance of overrunning the carrier that sends a weapon team in
HIDE_FOR = 4.0  # inches farther from the action fresh Insurgents go to arrive out of sight
KEEP_FOR_ASSAULT = 0.35  # chance of beating the carrier that keeps a gang's action for the assault
LURK_MIN = 3  # fighters a gang needs to lie in wait for the carrier
LURK_SLACK = 4.0  # inches beyond a Rapid move a gang still lies in wait within
SPARE_TURNS = 1  # turns a timed errand keeps in hand for the inches interruptions cost
KEEP_SHARE = 0.8  # of its own phase's best shot an interrupt must promise (it also costs an inch)
LURK_TURNS = 2  # turns after this one a carry needs for a gang to wait on the escorts
LAST_TURNS = 1  # turns after this one when Insurgents stop keeping men for later
MIN_SHOT = 0.12  # mean casualties below which a fire is no shot at all (too far, too hidden)
ARRIVED = 1.0  # inches from its goal within which a move's end is "to" it, not "towards" it
ROUND = " (round the enemy figures in its way)"  # a move's reason when it goes round Insurgents in its way
CUT_OFF = " (cut off by terrain: it gets as near as it can)"  # a move's reason when no way reaches its goal
ASSAULT_TRIES = 8  # approach points tried (each validated by the engine) for one Close Assault
ROUNDING = 0.01  # inches a move keeps short of its limit (its waypoints are rounded to 0.001")
BLOCK_GAP = 0.9  # inches a blocker keeps between its figures and the carrier's (no contact)
BLOCK_INCH = 0.5  # what each inch of the carrier's move a block takes away is worth (a shot is ~1.3)
BLOCK_LEFT = 1.5  # inches of its move the carrier must still have for a block to be worth it


def expected_hits(g: AlleyGame, attacker: Unit, target: Unit, overwatch: bool = False) -> float:
    """The mean casualties of a fire: the engine's exact odds, as the fire dialog shows them."""
    return odds(g, attacker, target, overwatch).mean


def _fire_key(u: Unit) -> tuple[Any, ...]:
    """What Firepower and Defense read of a unit (pools.firepower / pools.defense): its
    figures' places and weapons, speed, Dependants, interruptions, Overwatch shots, Pins,
    turns in place, Troop Quality and armor. A heuristic cache key for the AI only."""
    return (u.id, u.points().tobytes(), tuple(f.weapon for f in u.fighters), u.speed,
            bool(u.dependants), u.times_interrupted, u.overwatch_shots, u.pinned,
            u.still_turns, u.moved == 0, u.tq, u.armor, u.side)


def _chance(p: float) -> str:
    """A fire's chance of a casualty in a reason's words ("little chance" below 5%: an
    interruption made for the inch it costs, not for the shot)."""
    return f"a {p:.0%} chance of a casualty" if p >= 0.05 else "little chance of a casualty"


def _first(path: list[Point], d: float) -> list[Point]:
    """The waypoints of the first ``d`` inches of ``path`` after its start (as
    :func:`ambush_gui.core.geometry.truncate`, in plain Python: paths here are short)."""
    out: list[Point] = []
    for a, b in zip(path, path[1:], strict=False):
        leg = math.dist(a, b)
        if leg >= d - 1e-9:
            t = d / leg if leg > 0 else 0.0
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            return out
        out.append(b)
        d -= leg
    return out


def regulars(g: AlleyGame) -> str:
    """The Regulars as the scenario names them, for the reasons a player reads: "the US
    Marines", "the Fusiliers" (the reasons said "the Marines" in every scenario)."""
    sides = getattr(g.spec, "sides", None) or {}
    spec = sides.get(Side.REGULAR)
    return f"the {spec.name}" if spec is not None and spec.name else "the Regulars"


class AlleyAI:
    """Answers ``decision`` for whichever side it is asked about."""

    def __init__(self) -> None:
        self._memo: dict[tuple[Any, ...], Any] = {}
        self._memo_at = -1
        self._memo_game: AlleyGame | None = None  # the game _memo was worked out in
        self._odds: dict[tuple[Any, ...], Any] = {}
        self._why = ""  # the reason of the answer being worked out (decide() returns it)
        self._assault_missed = False  # the move being worked out tried a Close Assault and found no way in
        self._goals: dict[Side, tuple[Any, dict[str, Goal]]] = {}
        self.move_ends: list[Any] = []  # the last move's scored ends, best first (for look-ahead)

    def _remembered(self, g: AlleyGame) -> dict[tuple[Any, ...], Any]:
        """Answers worked out for this decision of this game: forgotten once the next one
        changes the state, or when asked of another game (a window's player thinks on a new
        copy each time: after an undo, one can stand at the count another stood at)."""
        if self._memo_at != len(g.decisions) or self._memo_game is not g:
            self._memo.clear()
            self._memo_at = len(g.decisions)
            self._memo_game = g
        return self._memo

    def hits(self, g: AlleyGame, attacker: Unit, target: Unit, overwatch: bool = False) -> float:
        """expected_hits, remembered by everything the two pools read (so across
        decisions: most units neither move nor change between two questions)."""
        key = (overwatch, _fire_key(attacker), _fire_key(target))
        value = self._odds.get(key)
        if value is None:
            if len(self._odds) > 20000:
                self._odds.clear()
            value = self._odds[key] = expected_hits(g, attacker, target, overwatch)
        return value

    def choose(self, game: AlleyGame, decision: Decision) -> Any:
        handler: Callable[[AlleyGame, Decision], Any] = getattr(
            self, f"_{decision.kind.value}", self._first
        )
        self._why = ""
        self.move_ends = []
        return handler(game, decision)

    def decide(self, game: AlleyGame, decision: Decision) -> Choice:
        """The answer and its one-line reason, for the GUI to narrate."""
        answer = self.choose(game, decision)
        return Choice(answer, self._why)

    def _choose(self, g: AlleyGame, d: Decision) -> Any:
        """A Force on Force module's question: its adviser in :mod:`ambush_gui.ai.fof`."""
        answer, self._why = advise(self, g, d)
        return answer

    # -- small helpers -------------------------------------------------------------------
    @staticmethod
    def _first(g: AlleyGame, d: Decision) -> Any:
        return d.options[0]

    @staticmethod
    def _refusal(d: Decision, choice: Any) -> IllegalDecision | None:
        """Why the engine refuses ``choice`` (None: it is legal)."""
        try:
            d.validate(choice)
        except IllegalDecision as why:
            return why
        return None

    @classmethod
    def _ok(cls, d: Decision, choice: Any) -> bool:
        return cls._refusal(d, choice) is None

    @staticmethod
    def carriers(g: AlleyGame) -> list[Unit]:
        return carriers(g)

    @staticmethod
    def waiting_contractors(g: AlleyGame) -> list[Any]:
        return waiting_escorts(g)

    def goals(self, g: AlleyGame, side: Side) -> dict[str, Goal]:
        """Every unit's objective (:mod:`ambush_gui.ai.alley_goals`), worked out again only
        when something it reads has changed: where the units stand, whether they have
        moved this turn, the escorts, the Hot Spots and the zones."""
        st = g.state
        # asked at nearly every decision: list comprehensions, not generators (a third of the time)
        key = (side, st.turn, len(st.ground), len(st.exited), len(st.zones_cleared),
               tuple([h.neutralised for h in st.hot_spots.values()]),
               tuple([(u.id, u.on_table, u.moved > 0, tuple(u.start_contact), _where(u))
                      for u in st.units.values()]))
        hit = self._goals.get(side)
        if hit is None or hit[0] != key:
            hit = self._goals[side] = (key, plan(g, side))
        return hit[1]

    def goal_of(self, g: AlleyGame, unit: Unit) -> Goal | None:
        return self.goals(g, unit.side).get(unit.id)

    def rescuer(self, g: AlleyGame) -> Unit | None:
        """The team sent for the escorts (the one whose goal is to fetch them)."""
        for uid, goal in self.goals(g, Side.REGULAR).items():
            unit = g.state.units[uid]
            if goal.aim is Aim.FETCH and not unit.is_detached_leader:
                return unit
        return None

    def goal(self, g: AlleyGame, unit: Unit) -> Point | None:
        """Where a unit wants to be (a point: an edge goal is the point straight across it)."""
        goal = self.goal_of(g, unit)
        if goal is None:
            return None
        if isinstance(goal.where, str):
            return self.finder(g, unit).drop(unit.centre(), goal.where)
        return goal.where

    @staticmethod
    def finder(g: AlleyGame, unit: Unit) -> Pathfinder:
        return pathfinder(g.table, clearance_of(unit.points(), unit.centre()))

    def cut_off(self, g: AlleyGame, carrier: Unit) -> Point:
        """A point on the carrier's way to its nearest exit, a few inches ahead of it."""
        return cut_off(g, carrier)

    def exit_point(self, g: AlleyGame, unit: Unit) -> Point:
        return exit_point(g, unit.centre(), unit.side)

    def pace_needed(self, g: AlleyGame, goal: Goal, remaining: float, unit: Unit | None = None) -> float:
        """Inches a turn the unit must make to reach its goal by the turn limit, leaving the
        turns the rest of its errand takes (the escorts fetched must still be carried off,
        at a Cautious pace, DC-006) and one turn to spare for the inches interruptions cost
        (AA-085) when the errand scores only if it is done in time."""
        turns = max(1, g.spec.turn_limit - g.state.turn + 1)
        if goal.aim is Aim.HOT_SPOT and not goal.arrived:
            turns -= 1  # it must then stay a whole turn (AA-054)
        if goal.aim is Aim.FETCH and unit is not None and not isinstance(goal.where, str):
            turns -= self._carry_turns(g, unit, goal.where)
        if goal.aim in TIMED and turns > 2:
            turns -= SPARE_TURNS
        return remaining / max(1, turns) if math.isfinite(remaining) else 0.0

    def _carry_turns(self, g: AlleyGame, unit: Unit, at: Point) -> int:
        """Whole turns a carrier takes from ``at`` to the nearest friendly edge, Cautiously."""
        finder = self.finder(g, unit)
        edges = [str(e) for e in g.spec.sides[unit.side].friendly_edges]
        way = min((finder.field(e).distance(at) for e in edges), default=math.inf)
        if not math.isfinite(way):
            return 0
        return math.ceil(way / (PACE_SHARE * g.m.cautious))

    # -- decisions -------------------------------------------------------------------------
    def _activate(self, g: AlleyGame, d: Decision) -> Any:
        units = [g.unit(u) for u in d.options if not u.startswith(RELEASE)]  # never frees POWs
        rescuer = self.rescuer(g)

        def rank(u: Unit) -> tuple[int, float]:
            if u.dependants:
                return (0, 0.0)
            if u is rescuer:
                return (1, 0.0)
            if u.is_detached_leader:
                return (3, 0.0)
            return (2, 0.0)

        unit = min(units, key=rank)
        goal = self.goal_of(g, unit)
        first = {0: "it carries Dependants to safety", 1: "it is sent for the escorts",
                 3: "a leader, last"}.get(rank(unit)[0], "the next unit")
        self._why = f"{first}; it {goal.reason}" if goal is not None else first
        return unit.id

    def _remaining(self, g: AlleyGame, unit: Unit, goal: Goal) -> float:
        """How far the unit still has to walk to its goal, round the terrain."""
        return self.finder(g, unit).field(goal.where).distance(unit.centre())

    def _plan(self, g: AlleyGame, d: Decision) -> Any:
        answer = self._plan_answer(g, d)
        if isinstance(answer, str) and "/" not in answer:  # a core plan (a module's says its own)
            self._why = self._plan_words(g, d, answer, self._why)
        return answer

    def _plan_words(self, g: AlleyGame, d: Decision, answer: str, why: str) -> str:
        """The reason of a core plan, said so that it agrees with what the unit then does
        (words only: the plan is :meth:`_plan_answer`'s). A unit that may not move this
        turn stays Halted whatever its aim; one that may not fire does not promise a fire
        (a play-test: "it fires from range", then no fire); one already where its goal is
        need not move; one closing with an enemy fires at the best shot it has, which may
        be another enemy (a play-test: "closes with the nearest enemy", then it fired at
        another)."""
        from ambush_gui.alley.interrupts import may_fire_alone

        unit = g.unit(d.facts["unit"])
        goal = self.goal_of(g, unit)
        if answer not in (HALTED, OVERWATCH):
            if goal is not None and goal.reason in why and answer.endswith("move-fire"):
                if goal.arrived and not goal.hold:
                    return f"{why}; it is there already and need not move"
                if goal.aim is Aim.HUNT and "whoever" not in why:
                    return f"{why}; it fires at whichever enemy its fire hurts most"
            return why
        stays = "goes on Overwatch" if answer == OVERWATCH else "stays Halted"
        if not any(":" in str(o) for o in d.options):  # no move plan is open to it
            cause = ("a leader joined it before it acted: it may only fire (AA-028)" if unit.fire_only
                     else "it regroups after a Pull Back (AA-196)" if unit.regrouping(g.state.turn)
                     else "it regroups: it was out of cohesion (AA-016)")
            aim = f" (its aim: it {goal.reason})" if goal is not None else ""
            return f"it may not move this turn, {cause}; it {stays}{aim}"
        if answer == HALTED and re.search(r"\bfires\b|\bshot\b", why):
            if not may_fire_alone(g, unit):
                return ("a lone leader who only leads may not fire (AA-029, rules option "
                        "detached_insurgent_leaders): he stays Halted where he is")
            if unit.side is Side.INSURGENT and unit.shaken(g.state.turn):
                return "it is Shaken: it may not fire this turn (AA-201), so it stays Halted where it is"
        return why

    def _rapid(self, unit: Unit, opts: tuple[Any, ...], aim: str) -> Any:
        """An Insurgent plan's Rapid move, or the first plan open when none is (said so: a
        unit carrying Dependants may not move Rapidly, DC-006, and then stays Halted)."""
        if "rapid:move-fire" in opts:
            return "rapid:move-fire"
        if opts[0] == HALTED and any(":" in str(o) for o in opts):
            cause = "it carries Dependants: it may not move Rapidly (DC-006)" if unit.dependants \
                else "it may not move Rapidly"
            self._why = f"{cause}, so it stays Halted (its aim: {aim})"
        return opts[0]

    def _plan_answer(self, g: AlleyGame, d: Decision) -> Any:
        if g.modules:  # a Force on Force module's action may beat the core plans
            advice = plan_advice(self, g, d)
            if advice is not None:
                answer, self._why = advice
                return answer
        unit = g.unit(d.facts["unit"])
        opts = d.options
        goal = self.goal_of(g, unit)
        targets = [e for e in g.enemies(unit) if g.sees(unit, e) and not fire_blocked(g, unit, e)]

        def best_shot() -> float:  # only worked out where the plan depends on it
            self._ask_cover(g, [(unit, t, (0.0, 0.0)) for t in targets])
            return max((self.hits(g, unit, t) for t in targets), default=0.0)

        def best_target() -> str:  # the words only: the unit the fire step will take
            return max(((self.hits(g, unit, t), t.id, t.name) for t in targets), default=(0, "", ""))[2]

        if goal is not None and goal.hold and goal.arrived:
            self._why = f"it {goal.reason}"
            if unit.side is Side.REGULAR and "overwatch" in opts and not best_shot():
                return "overwatch"
            return "halted"
        if unit.side is Side.REGULAR:
            if goal is None or (unit.pinned and "cautious:move-fire" not in opts):
                self._why = "nothing left to score" if goal is None else "it is Pinned"
                return "overwatch" if "overwatch" in opts and not best_shot() else "halted"
            self._why = f"it {goal.reason}"
            remaining = self._remaining(g, unit, goal)
            if not math.isfinite(remaining):
                remaining = math.dist(self.goal(g, unit) or unit.centre(), unit.centre())
            far = remaining > 7 * g.m.scale
            pace = self.pace_needed(g, goal, remaining, unit)
            late = remaining > g.m.cautious and pace > 0.8 * g.m.cautious
            wants = "rapid:move-fire" if (far and not targets) or late else "cautious:move-fire"
            if late and targets and "rapid:move-fire" in opts:
                self._why += f" ({remaining:.0f}\" to go: it must hurry)"
            if not late and not unit.dependants and unit is not self.rescuer(g) and best_shot() >= 1.0:
                wants = "cautious:fire-move"
                then = f"it need not move: it {goal.reason}" if goal.arrived else f"then it {goal.reason}"
                self._why = (f"it fires first, at {best_target()} (about {best_shot():.1f} expected "
                             f"casualties); {then}")
            for plan_ in (wants, "cautious:move-fire", "halted"):
                if plan_ in opts:
                    return plan_
            return opts[0]
        # Insurgent: rush the unit carrying the contractors when strong enough to overrun
        # it; else shoot from cover when the shot is worth the Marines' answer; otherwise
        # close in out of their sight (every Marine that sees a move fires at it, AA-089).
        assault = self._assault_target(g, unit, g.m.rapid)
        if assault is not None and "rapid:move-fire" in opts:
            self._why = (f"it moves Rapidly to go into a Close Assault on {assault.name}: "
                         f"{assault_odds(g, unit, assault).win:.0%} chance to win it")
            return "rapid:move-fire"
        if unit.is_detached_leader and self._join_target(g, unit) is not None:
            self._why = "a lone leader: it joins a gang"
            return "rapid:move-fire" if "rapid:move-fire" in opts else opts[-1]
        shot = best_shot() if targets else 0.0
        lurk = self._lurk(g, unit)
        last = self._last_turns(g)
        if last and targets and shot >= MIN_SHOT:
            self._why = (f"the game is nearly over, nothing to keep men for: it fires, about {shot:.1f} "
                         "expected casualties")
            return "halted" if not exposed(g, unit) else \
                ("cautious:fire-move" if "cautious:fire-move" in opts else opts[0])
        if lurk is not None:
            if not self._watched_now(g, unit):
                self._why = f"it lies in wait out of sight, within a Close Assault's reach of {lurk[1]}"
                return "halted"
            self._why = f"it slips out of sight, staying within a Close Assault's reach of {lurk[1]}"
            return self._rapid(unit, opts, self._why)
        if support_team(unit):
            if shot >= SUPPORT_SHOT and not exposed(g, unit):
                self._why = (f"a support weapon in cover: it fires from range, about {shot:.1f} "
                             "expected casualties")
                return "halted"
            settled = goal is None or goal.arrived or not self._far_from(g, unit, goal)
            if settled and not exposed(g, unit) and not self._watched_now(g, unit):
                self._why = "a support weapon: it waits in cover, out of sight, for a target worth it"
                return "halted"
        if targets and not exposed(g, unit) and shot >= FIRE_WORTH:
            self._why = f"it has a shot from cover: about {shot:.1f} expected casualties"
            return "halted"
        if targets and shot >= 2 * FIRE_WORTH:
            self._why = f"it has a shot worth taking: about {shot:.1f} expected casualties"
            return "cautious:fire-move" if "cautious:fire-move" in opts else opts[0]
        where = f"it {goal.reason}" if goal is not None else "it closes in"
        self._why = f"no shot worth {possessive(regulars(g))} answer: {where}, out of their sight" \
            if targets \
            else f"no target in sight: {where}"
        return self._rapid(unit, opts, where)

    def _escort_fight(self, g: AlleyGame) -> bool:
        """Is the fight for the escorts on (they score, and a Marine team carries them or is
        coming for them with time to carry them off)? Only then do Insurgents keep men out
        of sight for it; otherwise they hunt Marines, which score too (CT-044/045)."""
        if not escorts_score(g) or self._last_turns(g):
            return False
        if self.carriers(g):
            return True
        waiting = self.waiting_contractors(g)
        if not waiting or g.spec.turn_limit - g.state.turn < LURK_TURNS:
            return False
        at = np.array([waiting[0].pos])
        return any(u.fighters and min_distance(u.points(), at) <= 2 * g.m.rapid
                   for u in g.state.side_units(Side.REGULAR))

    @staticmethod
    def _last_turns(g: AlleyGame) -> bool:
        """The last turn or the one before: nothing is worth keeping men for any more."""
        return g.spec.turn_limit - g.state.turn <= LAST_TURNS

    def _lurk(self, g: AlleyGame, unit: Unit) -> tuple[Point, str] | None:
        """Where a gang waits to Close Assault the escorts' carrier, and its name: the
        carrier, or the escorts it will take in. A gang within a Rapid move of it (and a
        little) waits out of the Marines' sight, so that it is still whole in its own
        phase: gangs that assault one after the other are what overruns a carrier (DC-029)."""
        if unit.is_detached_leader or support_team(unit) or unit.dependants or len(unit.fighters) < LURK_MIN:
            return None
        if not escorts_score(g) or self._last_turns(g):
            return None
        carry = self.carriers(g)
        if carry:
            spots = [(c.centre(), c.name) for c in carry]
        else:
            waiting = self.waiting_contractors(g)
            if not waiting or not self._escort_fight(g):
                return None
            spots = [(waiting[0].pos, f"the {escort_word(waiting)}")]
        reach = g.m.rapid + LURK_SLACK
        here = unit.points()
        for at, name in spots:
            if min_distance(here, np.array([at])) <= reach:
                return (float(at[0]), float(at[1])), name
        return None

    def _watched_now(self, g: AlleyGame, unit: Unit) -> bool:
        """Does any enemy unit see ``unit`` where it stands?"""
        return any(g.sees(e, unit) for e in g.enemies(unit))

    def _far_from(self, g: AlleyGame, unit: Unit, goal: Goal) -> bool:
        """Is the goal more than a Rapid move away (round the terrain)?"""
        return self._remaining(g, unit, goal) > g.m.rapid

    def _move(self, g: AlleyGame, d: Decision) -> Any:
        unit = g.unit(d.facts["unit"])
        self._assault_missed = False
        answer = self._move_answer(g, d)
        if not (isinstance(answer, dict) and answer.get("assault")):
            planned = self._planned_assault(g, unit)
            if planned is not None:  # the plan said it goes in: say why it does not
                self._why = (f"no way into contact with {planned.name} is open to its move, so no "
                             f"Close Assault: {self._why}" if self._assault_missed
                             else f"instead of the Close Assault on {planned.name}, {self._why}")
        return answer

    def _planned_assault(self, g: AlleyGame, unit: Unit) -> Unit | None:
        """The Marine unit an Insurgent's plan moved it Rapidly to Close Assault (its plan's
        reason named it), asked at its move, before it has moved: the plan's own test
        (:meth:`_plan_answer`), as the unit still stands where it planned. None for any
        other move (an interruption's, one after a fire, a Regular's)."""
        if unit.side is not Side.INSURGENT or unit.speed is not Speed.RAPID or unit.moved > 0 \
                or unit.interrupted or unit.fired:
            return None
        return self._assault_target(g, unit, g.m.rapid)

    def _stays(self, goal: Goal, cause: str) -> None:
        """The reason of a move that stays where it is (the log line already says it stays):
        why, then what the unit is after (a play-test read "stays where it is — it makes
        for Hot Spot 2")."""
        self._why = f"{cause} (its aim: it {goal.reason})"

    def _move_answer(self, g: AlleyGame, d: Decision) -> Any:
        if g.modules:  # a Force on Force module's reason to go somewhere else
            advice = move_advice(self, g, d)
            if advice is not None:
                answer, self._why = advice
                return answer
        unit = g.unit(d.facts["unit"])
        limit = float(d.facts.get("limit", 0))
        speeds = d.facts.get("speeds")
        speed = speeds[-1] if speeds else None
        goal = self.goal_of(g, unit)

        def stay() -> Any:  # AA-184: a Pinned unit out of cover, cover in reach, may not stay put
            if not d.facts.get("to_cover") or self._ok(d, "stay"):
                return "stay"
            self._why = "it is Pinned in the open with cover in reach: it must move into cover (AA-184)"
            return d.options[0]

        if goal is None or limit <= 0.05:
            self._why = "nothing left to score" if goal is None else "it has no move left"
            return stay()
        self._why = f"it {goal.reason}"
        if unit.side is Side.INSURGENT and unit.interrupted:  # its move is its interruption
            block = self._block_move(g, d, unit)
            if block is not None:
                return block
        if goal.hold and goal.arrived:
            return stay()
        if unit.side is Side.INSURGENT and d.facts.get("may_assault"):
            assault = self._assault_move(g, d, unit, limit, speed)
            self._assault_missed = assault is None
            if assault is not None:
                target = g.unit(assault["assault"])
                o = assault_odds(g, unit, target)
                self._why = (f"{o.win:.0%} chance to beat {target.name} hand to hand, about "
                             f"{o.mean_casualties:.1f} casualties to them")
                return assault
        join = self._join_target(g, unit) if unit.is_detached_leader else None
        lurk = self._lurk(g, unit) if unit.side is Side.INSURGENT else None
        if lurk is not None:
            hide = self._hide_move(g, d, unit, limit, speed, lurk)
            if hide is not None:
                return hide
        where: Point | str = goal.where
        if join is not None:
            where = join.centre()
            self._why = f"a lone leader: it goes to join {join.name}"
        here = np.array(unit.centre())
        finder = plain = self.finder(g, unit)
        if g.modules:  # FF-036: round the minefields when a way round exists
            finder = fof_mines.avoiding(g, unit, where, plain)
        field = finder.field(where)
        way = field.path(unit.centre())
        cut_off = False  # no way to the goal: the move makes for the nearest point instead
        if way is None:  # shut off by terrain: as near as it can get
            if isinstance(where, str):
                self._stays(goal, "no way round the terrain leads there")
                return stay()
            near = finder.closest(unit.centre(), where)
            if not near:
                self._stays(goal, "no way round the terrain leads nearer")
                return stay()
            field = finder.field(near[-1])
            way = field.path(unit.centre()) or near
            self._why += CUT_OFF
            cut_off = True
        path = [unit.centre(), *way]
        total = path_length(path)
        if total < 0.3:
            self._stays(goal, "it is there already" if goal.arrived else "it stands as near as it can get")
            return stay()
        gap = field.distance(unit.centre())
        first = np.array(way[0]) - here
        base = math.atan2(first[1], first[0])
        first_leg = float(np.hypot(*first))
        routes: list[list[Point]] = []
        reach = max(0.0, limit - ROUNDING)  # the waypoints are rounded: keep inside the limit
        for frac in (1.0, 0.75, 0.5):  # along the way found, full allowance first
            step = min(reach * frac, total)
            routes.append(_first(path, step))
        for frac in (1.0, 0.5):  # and straight fans round its first leg
            for turn in (0, 30, -30, 60, -60):
                a = base + math.radians(turn)
                step = min(reach * frac, first_leg if turn == 0 else reach * frac)
                routes.append([(float(here[0] + step * math.cos(a)), float(here[1] + step * math.sin(a)))])
        routes = [r for r in routes if r]
        points = [r[-1] for r in routes]
        ends = np.array(points, dtype=float)
        choices: list[dict[str, Any]] = []
        for r, (x, y) in zip(routes, points, strict=True):
            choice: dict[str, Any] = {"path": [[round(px, 3), round(py, 3)] for px, py in r]}
            if speed:
                choice["speed"] = speed
            beside = join is not None and min_distance(unit.points() - here + np.array((x, y)), join.points())
            if join is not None and beside <= g.m.cohesion_link:
                choice["join"] = join.id
            choices.append(choice)
        # Score every candidate (cheap, in batches), then take the best one that is legal.
        cover = g.near_cover_many(points)
        last = self._last_turns(g)
        # a unit making for ground that scores goes in, seen or not; so does any at the end
        shy = goal.aim not in STANDS and not last
        # a lone leader crosses open ground only to reach his gang in this move, and one
        # with no gang to reach keeps out of sight: alone in the Marines' sight he is one die
        # against a fireteam's volley (a playtester saw them walk out one after another)
        lone = unit.is_detached_leader and unit.side is Side.INSURGENT and not last
        seen = np.zeros(len(points), dtype=bool)  # only counts against an end without cover
        # (an Insurgent end in sight is fired at wherever it is, AA-089), and only for a
        # unit that minds being seen (it is not worked out for one that does not)
        open_ends = [i for i, c in enumerate(cover) if not c or unit.side is Side.INSURGENT]
        if open_ends and (shy or lone):
            seen[open_ends] = self._watched(g, unit, ends[open_ends])
        inside = [False] * len(points)
        if unit.side is Side.INSURGENT:
            inside = [any(pc.kind == "building" for pc in at) for at in g.table.pieces_at_many(points)]
        left = field.distances(points)
        need = min(limit, self.pace_needed(g, goal, gap, unit)) if unit.side is Side.REGULAR else 0.0
        mined = fof_mines.mine_costs(g, unit, routes, finder is not plain) if g.modules \
            else [0.0] * len(points)
        scores = [self._score_end(unit, gap - float(left[i]), need, seen[i] and shy, cover[i], inside[i])
                  - mined[i] for i in range(len(points))]
        ranked = sorted(((v, i) for i, v in enumerate(scores)), reverse=True)
        self.move_ends = [choices[i] for _, i in ranked]
        hidden = unit.side is Side.INSURGENT and join is None and goal.aim not in STANDS and not last \
            and self._escort_fight(g) and not self._watched_now(g, unit)
        # the best ends lie beyond enemy figures (Insurgents who stepped into the way)
        blocked = unit.side is Side.REGULAR and self._may_touch(g, unit, limit) and any(
            isinstance(self._refusal(d, choices[i]), EnemyContact) for _, i in ranked[:3])
        for _, i in ranked:
            if hidden and seen[i]:  # every Marine that sees it after its move fires (AA-089)
                self._why = (f"it stays out of {possessive(regulars(g))} sight (it {goal.reason} "
                             "when it can, unseen)")
                return stay()
            if lone and seen[i] and "join" not in choices[i]:
                continue
            if self._ok(d, choices[i]):
                if unit.side is Side.REGULAR and blocked:  # the best ends lie beyond enemy figures
                    detour = self._round_enemies(g, d, unit, where, limit, speed)
                    short = float(field.distance(tuple(detour["path"][-1]))) if detour else 0.0
                    if detour is not None and short < float(left[i]) - 0.5:
                        self._say_heading(g, goal, join, detour, short, cut_off, ROUND)
                        return detour
                self._say_heading(g, goal, join, choices[i], float(left[i]), cut_off)
                return choices[i]
        if lone:
            self._why = (f"a lone leader: he waits out of sight until he can reach {join.name} unseen"
                         if join is not None else "a lone leader with no gang to lead: he keeps out of sight")
        elif unit.side is Side.REGULAR and blocked:
            detour = self._round_enemies(g, d, unit, where, limit, speed)
            if detour is not None:
                self._say_heading(g, goal, join, detour,
                                  float(field.distance(tuple(detour["path"][-1]))), cut_off, ROUND)
                return detour
        if not lone:
            refusal = self._refusal(d, choices[ranked[0][1]]) if ranked else None
            self._stays(goal, "no move it weighed is open to it" + (f" ({refusal})" if refusal else ""))
        return stay()

    def _say_heading(self, g: AlleyGame, goal: Goal, join: Unit | None, choice: dict[str, Any],
                     left: float, cut_off: bool, rest: str = "") -> None:
        """Word the chosen move's reason now that its end is known, ``rest`` at its end:
        "to" its goal only when the move ends there (within ``ARRIVED`` inches of it, by the
        way round the terrain, ``left``), "towards" it when it ends short (a move that fell
        short read as if the unit got there, a play-test); a lone leader goes "to join" his
        gang only when the move joins him to it. Words only: the move chosen is the same."""
        cut = CUT_OFF if cut_off else ""
        if join is not None:
            heading = (f"it goes to join {join.name}" if "join" in choice
                       else f"it goes towards {join.name}, to join it")
            self._why = f"a lone leader: {heading}{cut}{rest}"
            return
        self._why = f"it {goal.moving(left <= ARRIVED * g.m.scale and not cut_off)}{cut}{rest}"

    @staticmethod
    def _may_touch(g: AlleyGame, unit: Unit, limit: float) -> bool:
        """Could a move of up to ``limit`` inches bring a figure into contact with an enemy
        figure (the engine's EnemyContact refusal)? Not when every enemy figure stands
        farther from the unit's figures than that plus the contact distance: no figure
        strays farther from where it stands than the centre walks (and a longer path is
        refused for its length first). Spares the engine's checks of moves that cannot be
        refused for contact."""
        enemy = [e.points() for e in g.enemies(unit) if e.figures]
        if not enemy:
            return False
        return min_distance(unit.points(), np.vstack(enemy)) <= limit + g.m.contact + 0.01

    def _round_enemies(self, g: AlleyGame, d: Decision, unit: Unit, where: Point | str, limit: float,
                       speed: str | None) -> Any:
        """Every move toward the goal runs into enemy figures (Insurgents who stepped into
        the way, house rule AA-068): the way round them, as far along it as is legal
        (:func:`ambush_gui.alley.movement.way_round`; its reason ends :data:`ROUND`). None
        when there is none."""
        choice = way_round(g, unit, where, limit, lambda c: self._ok(d, c), speed=speed)
        return choice

    def _hide_move(self, g: AlleyGame, d: Decision, unit: Unit, limit: float, speed: str | None,
                   lurk: tuple[Point, str]) -> Any:
        """A legal move to a place out of the Marines' sight that stays within a Close
        Assault's reach of ``lurk`` (inside a building best); None when there is none."""
        here = np.array(unit.centre())
        at = np.array(lurk[0])
        ends: list[np.ndarray] = []
        for frac in (0.35, 0.7, 1.0):
            for k in range(12):
                a = 2 * math.pi * k / 12
                ends.append(here + frac * limit * np.array([math.cos(a), math.sin(a)]))
        pts = np.array(ends)
        far = np.hypot(*(pts - at).T) > g.m.rapid
        seen = self._watched(g, unit, pts)
        ok = np.flatnonzero(~seen & ~far)
        if not len(ok):
            return None
        inside = [any(pc.kind == "building" for pc in at_) for at_ in g.table.pieces_at_many(
            [(float(pts[i, 0]), float(pts[i, 1])) for i in ok])]
        order = sorted(range(len(ok)), key=lambda j: (not inside[j], float(np.hypot(*(pts[ok[j]] - at)))))
        for j in order[:ASSAULT_TRIES]:
            x, y = pts[ok[j]]
            choice: dict[str, Any] = {"path": [[round(float(x), 3), round(float(y), 3)]]}
            if speed:
                choice["speed"] = speed
            if self._ok(d, choice):
                self._why = (f"it slips out of {possessive(regulars(g))} sight, within a Close "
                             f"Assault's reach of {lurk[1]}")
                return choice
        return None

    def _watched(self, g: AlleyGame, unit: Unit, ends: np.ndarray) -> np.ndarray:
        """Which candidate end points the enemy can see (unit centres, one batched query)."""
        enemy = [g.eye_points(u) for u in g.enemies(unit)]
        if not enemy:
            return np.zeros(len(ends), dtype=bool)
        m = g.table.sight_matrix(ends, np.vstack(enemy))
        return np.asarray(m.any(axis=1), dtype=bool)

    @staticmethod
    def _score_end(unit: Unit, gain: float, need: float, seen: bool, cover: bool, inside: bool) -> float:
        """How good an end point is: the ground gained toward the goal (round the terrain),
        less a penalty for falling behind the pace the turn limit needs (``need``
        inches this turn), cover, and, for Insurgents, being inside a building and out
        of sight."""
        score = gain + (0.8 if cover else 0.0)
        if gain < need:
            score -= BEHIND * (need - gain)
        if unit.side is Side.INSURGENT:
            score += 1.5 if inside else 0.0
            if seen:
                score -= SEEN_COST
            if seen and not cover:
                score -= 4.0
        elif seen and not cover:
            score -= 1.0
        return score

    def _assault_target(self, g: AlleyGame, unit: Unit, reach: float) -> Unit | None:
        """A Marine unit within ``reach`` worth a Close Assault: the contractors' carrier
        when the odds of beating it are fair, any unit when the assault should cost it
        casualties (every Marine casualty scores; Insurgent losses do not)."""
        if unit.is_detached_leader or unit.shaken(g.state.turn) or unit.dependants:
            return None
        best: tuple[float, Unit] | None = None
        for m in g.state.side_units(Side.REGULAR):
            if g.distance(unit, m) > reach + 0.5:
                continue
            o = assault_odds(g, unit, m)
            carrier = carries_contractors(m)
            if support_team(unit) and not (carrier and o.overrun >= SUPPORT_OVERRUN):
                continue  # a weapon team counts firing from cover, not in a brawl
            if not (o.mean_casualties >= ASSAULT_MEAN or (carrier and o.win >= CARRIER_WIN)):
                continue
            v = o.mean_casualties + (2.0 + 4.0 * o.overrun if carrier else 0.0)
            if best is None or v > best[0]:
                best = (v, m)
        return best[1] if best is not None else None

    def _assault_move(self, g: AlleyGame, d: Decision, unit: Unit, limit: float,
                      speed: str | None) -> Any:
        """A legal move that ends in contact with the assault target: our nearest figure
        goes to just short of one of the target's figures, straight at it or from the
        side (a building or another Marine may be in the straight way)."""
        target = self._assault_target(g, unit, limit)
        if target is None:
            return None
        ours, theirs = unit.points(), target.points()
        gaps = np.hypot(ours[:, None, 0] - theirs[None, :, 0], ours[:, None, 1] - theirs[None, :, 1])
        centre = np.array(unit.centre())
        tries: list[tuple[float, np.ndarray]] = []
        for j in range(len(theirs)):
            i = int(np.argmin(gaps[:, j]))
            away = ours[i] - theirs[j]
            base = math.atan2(float(away[1]), float(away[0]))
            for turn in (0.0, 50.0, -50.0, 100.0, -100.0):
                a = base + math.radians(turn)
                spot = theirs[j] + 0.8 * g.m.scale * np.array([math.cos(a), math.sin(a)])
                end = centre + spot - ours[i]
                length = float(np.hypot(*(end - centre)))
                if length <= limit:
                    tries.append((length + 0.01 * abs(turn), end))
        tries.sort(key=lambda t: t[0])
        for _, end in tries[:ASSAULT_TRIES]:
            choice: dict[str, Any] = {"path": [[round(float(end[0]), 3), round(float(end[1]), 3)]],
                                      "assault": target.id}
            if speed:
                choice["speed"] = speed
            if self._ok(d, choice):
                return choice
        return None

    def _join_target(self, g: AlleyGame, unit: Unit) -> Unit | None:
        """The leaderless unit a lone leader joins (AA-026): see :meth:`joins`."""
        return self.joins(g, unit.side).get(unit.id)

    def joins(self, g: AlleyGame, side: Side) -> dict[str, Unit]:
        """Which leaderless unit each lone leader of ``side`` goes to join (AA-026): a
        leader lets a unit act and interrupt with no Quality Check (AA-021, AA-072) and
        adds his Troop Quality, so the biggest leaderless units in reach this turn get
        one each first; a leader with none in reach makes for the nearest, biggest one.
        Remembered for the decision (the answer changes once anyone moves)."""
        memo = self._remembered(g)
        key = ("joins", side)
        hit = memo.get(key)
        if hit is not None:
            return hit  # type: ignore[no-any-return]
        units = g.state.side_units(side)  # the living ones
        leaders = [u for u in units if u.is_detached_leader]
        gangs = [u for u in units if u.leader is None and not u.is_detached_leader and u.fighters]
        reach = g.m.rapid + g.m.cohesion_link
        pairs = []
        if leaders and gangs:  # every leader's distance to every gang (AA-005), in one batch each
            sizes = [len(u.points()) for u in gangs]
            where = np.vstack([u.points() for u in gangs])
            starts = np.cumsum([0, *sizes[:-1]])
            for ldr in leaders:
                at = ldr.points()
                d = np.hypot(at[:, None, 0] - where[None, :, 0], at[:, None, 1] - where[None, :, 1])
                near = np.minimum.reduceat(d.min(axis=0), starts).tolist()
                pairs += [(gap > reach, -len(u.fighters), gap, ldr.id, u.id)
                          for u, gap in zip(gangs, near, strict=True)]
        pairs.sort()
        out: dict[str, Unit] = {}
        taken: set[str] = set()
        for _, _, _, lid, uid in pairs:
            if lid in out or uid in taken:
                continue
            out[lid] = g.unit(uid)
            taken.add(uid)
        memo[key] = out
        return out

    def _fire(self, g: AlleyGame, d: Decision) -> Any:
        unit = g.unit(d.facts["unit"])
        scored = []
        self._ask_cover(g, [(unit, g.unit(tid), (0.0, 0.0)) for tid in d.options[1:]])
        for tid in d.options[1:]:
            t = g.unit(tid)
            value = self.hits(g, unit, t)
            if unit.side is Side.INSURGENT and t.dependants:
                value *= 1.5
            scored.append((value, tid))
        if not scored:
            self._why = "no target in sight"
            return "hold"
        value, tid = max(scored)
        if value <= 0.05:
            self._why = "no shot worth taking"
            return "hold"
        self._why = self._fire_words(g, d, unit, tid, value)
        return tid

    def _fire_words(self, g: AlleyGame, d: Decision, unit: Unit, tid: str, value: float) -> str:
        """A fire's reason: the best shot it has, said after its move when it has moved (its
        plan may have said no enemy was in sight: one came into sight), and, when its goal
        names another enemy (closing with the nearest), that this shot is the better one (a
        play-test: the plan said "closes with the nearest enemy", the fire went elsewhere)."""
        why = f"the best shot it has: about {value:.1f} expected casualties"
        if unit.moved > 0:
            why = f"after its move, {why}"
        goal = self.goal_of(g, unit)
        aimed = g.state.units.get(goal.enemy) if goal is not None and goal.enemy else None
        if aimed is not None and aimed.id != tid and aimed.alive:
            seen = aimed.id in d.options
            why += (f" (better than at {aimed.name}, the enemy it closes with)" if seen
                    else f" ({aimed.name}, the enemy it closes with, is not in its sights)")
        return why

    def shot(self, g: AlleyGame, attacker: Unit, target: Unit,
             overwatch: bool = False) -> tuple[float, float]:
        """(mean casualties, chance of at least one) of a fire: the engine's exact odds,
        remembered as :meth:`hits` is."""
        key = ("shot", overwatch, _fire_key(attacker), _fire_key(target))
        value = self._odds.get(key)
        if value is None:
            if len(self._odds) > 20000:
                self._odds.clear()
            o = odds(g, attacker, target, overwatch)
            value = self._odds[key] = (o.mean, 1.0 - o.distribution[0] if o.distribution else 0.0)
        return value  # type: ignore[no-any-return]

    def _along(self, d: Decision, target: Unit) -> dict[float, tuple[float, float]]:
        """The mover's centre shift at each stop of the declared move the options measure."""
        path = d.facts.get("path")
        stops = sorted({float(o["at"]) for o in d.options[1:] if isinstance(o, dict) and "at" in o})
        if not path or not stops:
            return {}
        here = np.array(target.centre())
        places = points_along([tuple(p) for p in path], stops)
        return {s: (float(p[0] - here[0]), float(p[1] - here[1])) for s, p in zip(stops, places, strict=True)}

    def shot_along(self, g: AlleyGame, ins: Unit, target: Unit,
                   shift: tuple[float, float]) -> tuple[float, float, bool]:
        """(mean casualties, chance of one or more, mover in the open) of ``ins`` firing at
        ``target`` moved by ``shift`` (a point of its declared move)."""
        dx, dy = shift
        with target.shifted(dx, dy):
            mean, one = self.shot(g, ins, target)
            open_ = exposed(g, target)
        return mean, one, open_

    @staticmethod
    def _in_reach(g: AlleyGame, ins: Unit, target: Unit, shift: tuple[float, float]) -> bool:
        """Is ``target``, moved by ``shift``, within twice ``ins``'s Optimum Range of it
        (measured from where the target stands, plus the shift)? Farther, no interrupt
        shot is worth weighing."""
        return g.distance(ins, target) <= 2 * optimum_range(g, ins) + math.hypot(*shift)

    @staticmethod
    def _ask_cover(g: AlleyGame, shots: list[tuple[Unit, Unit, tuple[float, float]]]) -> None:
        """Put to the table in one batch what the fires (attacker, target, the target's
        shift along its move) about to be weighed will ask of Solid Cover and of cover
        near the target (AA-124, AA-126), so that their answers wait in the game's caches:
        the table answers a batch in about the time it takes over one question."""
        pairs: list[tuple[list[Point], np.ndarray]] = []
        for ins, target, (dx, dy) in shots:
            with target.shifted(dx, dy):
                pairs.append((places(target), ins.points(fighting_only=True)))
        if len(pairs) > 1:
            solid_cover_many(g, pairs)
            g.near_cover_many([at for spots, _ in pairs for at in spots])

    def _keep_value(self, g: AlleyGame, ins: Unit, mover: Unit) -> float:
        """What the unit's action is worth if it does not interrupt: its best shot now at
        a Marine other than the mover (it fires in its own phase), or a Close Assault it
        can reach then (an interrupter does not act again this turn, AA-064)."""
        others = [u for u in g.enemies(ins)
                  if u is not mover and g.sees(ins, u) and not fire_blocked(g, ins, u)]
        self._ask_cover(g, [(ins, u, (0.0, 0.0)) for u in others])
        best = max((self.hits(g, ins, u) for u in others), default=0.0)
        if self._assault_target(g, ins, g.m.rapid) is not None:
            best = max(best, 1.0)
        return best

    def _interrupt(self, g: AlleyGame, d: Decision) -> Any:
        """Interrupt a Regular move (AA-063..068) where the shot along it is best, with the
        unit that gains most; a fire (AA-066) with the unit aimed at. Each interruption
        also costs the mover an inch (AA-085) and draws its friends' fire first: a unit
        spends its interrupt when the shot is worth more than what it would do in its own
        phase (the unit then does not act, AA-064)."""
        target = g.unit(d.facts["target"])
        what = d.facts["what"]
        carrier = carries_contractors(target)
        if what == "move" and carrier:
            stall = self._stall(g, d, target)
            if stall is not None:
                return stall
        best: tuple[float, Any, str] | None = None
        shifts = self._along(d, target) if what == "move" else {}
        if shifts:
            shots = [(g.unit(o["unit"]), target, shifts.get(float(o["at"]), (0.0, 0.0)))
                     for o in d.options[1:] if o["kind"] == "fire"]
            self._ask_cover(g, [s for s in shots if self._in_reach(g, *s)])
        keep: dict[str, float] = {}
        for opt in d.options[1:]:
            ins = g.unit(opt["unit"])
            if opt["kind"] == "fire_pinned":
                mark = g.unit(opt["target"])
                mean, one = self.shot(g, ins, mark)
                if mean >= 0.5 and (best is None or mean > best[0]):
                    best = (mean, opt, f"fires at {held_down(g, mark)} {mark.name} with no Reaction "
                                       f"Test: {_chance(one)}")
                continue
            if opt["kind"] != "fire":
                continue
            if what == "fire":
                if d.facts.get("aimed_at") != ins.id:
                    continue
                mean, one = self.shot(g, ins, target)
                if len(ins.fighters) >= LURK_MIN and mean < FIRE_WORTH:
                    continue  # a gang keeps itself for its phase: the covering Marines fire first (AA-091)
                v = mean + 0.5
                why = f"fires back before it is fired on: {_chance(one)}"
            else:
                at = float(opt["at"])
                shift = shifts.get(at, (0.0, 0.0))
                if not self._in_reach(g, ins, target, shift):
                    continue
                mean, one, open_ = self.shot_along(g, ins, target, shift)
                if mean < MIN_SHOT:
                    continue
                v = mean + (0.3 if open_ else 0.0) - 0.01 * at
                why = f"interrupts at {at:.1f}\" along the move: {_chance(one)}" \
                    + (" in the open" if open_ else "") + ", and the mover loses 1\" of its move"
            if ins.leader is None:
                v *= 0.6  # it must pass an Interrupt Check first (AA-072)
            if any(f.kind is FigureKind.CONTRACTOR for f in target.figures):
                v += 0.3  # anything that slows the contractors' escort is worth an interrupt
            if v < 0.2 or (best is not None and v <= best[0]):
                continue  # no better than the best so far: what the unit keeps it for does not matter
            if v < 1.2 and self._keeps_its_move(g, ins):
                continue  # first: what its action is worth elsewhere need not be worked out
            if ins.id not in keep:
                keep[ins.id] = self._keep_value(g, ins, target)
            if v < KEEP_SHARE * keep[ins.id]:
                continue
            best = (v, opt, f"{ins.name} {why}")
        if best is None:
            self._why = "no shot along the move is worth an interruption" if what == "move" \
                else "no shot worth an interruption"
            return "none"
        self._why = best[2]
        return best[1]

    def _keeps_its_move(self, g: AlleyGame, ins: Unit) -> bool:
        """An Insurgent unit on its way into a zone keeps its action for its own phase
        (a unit that interrupts does not act then, AA-064): only a very good shot is
        worth more than standing in the zone."""
        goal = self.goal_of(g, ins)
        return goal is not None and goal.aim in (Aim.DEFEND, Aim.ZONE) and not goal.arrived

    def _stall(self, g: AlleyGame, d: Decision, target: Unit) -> Any:
        """Interrupt the contractors' carrier with whoever can: each interruption costs it
        an inch (AA-085). A unit that can reach it goes in with a Close Assault when the
        odds are worth it; the others shoot where the shot along its move is best, the
        earlier point when they are even (the lost inch hurts most there)."""
        shifts = self._along(d, target)
        if not shifts:
            return None
        self._ask_cover(g, [(g.unit(o["unit"]), target, shifts.get(float(o["at"]), (0.0, 0.0)))
                            for o in d.options[1:] if o["kind"] == "fire"])
        shape = target.points() - np.array(target.centre())
        here = np.array(target.centre())
        reach = g.m.rapid - g.m.assault_reach
        best: tuple[float, Any, str] | None = None
        assessed: set[tuple[str, str]] = set()
        fires: list[tuple[int, float, Any, str]] = []  # the shooters, fewest fighters first
        saving: dict[str, bool] = {}  # gangs kept for a Close Assault in their own phase
        for opt in d.options[1:]:  # the options come by unit, each stop in order
            ins = g.unit(opt["unit"])
            at = float(opt["at"])
            shift = shifts.get(at, (0.0, 0.0))
            if opt["kind"] == "fire":
                if ins.id not in saving:
                    saving[ins.id] = self._saves_for_assault(g, ins, target, shifts[max(shifts)])
                if saving[ins.id]:
                    continue
                mean, one, open_ = self.shot_along(g, ins, target, shift)
                v = 1.0 + mean + (0.2 if open_ else 0.0) - 0.03 * at
                why = (f"{ins.name} interrupts the {escort_word(target.dependants)}' carrier at {at:.1f}\" "
                       f"along its move: {_chance(one)}, and the carrier loses 1\" of its move")
                fires.append((len(ins.fighters), -v, opt, why))
            else:
                if (ins.id, "block") not in assessed:  # its earliest stop: the move options come in order
                    assessed.add((ins.id, "block"))
                    check = 0.7 if ins.leader is None else 1.0  # an Interrupt Check first (AA-072)
                    floor = -math.inf if best is None else best[0]
                    block = self.block_value(g, d, ins, target, at, floor, check)
                    if block is not None:
                        v, why = block
                        v *= check
                        if best is None or v > best[0]:
                            best = (v, opt, why)
                if (ins.id, "move") in assessed or ins.is_detached_leader or ins.dependants:
                    continue
                if min_distance(ins.points(), shape + here + np.array(shift)) > reach:
                    continue
                assessed.add((ins.id, "move"))
                odds_ = assault_odds(g, ins, target)
                if odds_.mean_casualties < 0.5 and odds_.win < 0.4:
                    continue
                if support_team(ins) and odds_.overrun < SUPPORT_OVERRUN:
                    continue
                v = 1.0 + 2.0 * odds_.mean_casualties + 4.0 * odds_.overrun
                why = (f"{ins.name} rushes the carrier at {at:.1f}\" along its move: {odds_.win:.0%} "
                       f"chance to win the Close Assault, {odds_.overrun:.0%} to overrun it")
            if ins.leader is None:
                v *= 0.7  # it must pass an Interrupt Check first (AA-072)
            if best is None or v > best[0]:
                best = (v, opt, why)
        if best is None:
            return None
        if best[1]["kind"] == "move":
            # Marines waiting to act (or on Overwatch) fire at each interrupter first
            # (AA-091, AA-104): a small unit's shot goes first to draw that fire.
            rusher = g.unit(best[1]["unit"])
            covering = [u for u in self._supporters(g, target) if g.sees(u, rusher)]
            decoys = sorted((f for f in fires if f[2]["unit"] != rusher.id
                             and any(g.sees(u, g.unit(f[2]["unit"])) for u in covering)),
                            key=lambda f: (f[0], f[1]))
            if covering and decoys:
                then = "steps into the carrier's way" if "steps into" in best[2] else "rushes in"
                self._why = (f"{decoys[0][3]}; it draws {whose('fire', covering[0].name)} before "
                             f"{rusher.name} {then}")
                return decoys[0][2]
        self._why = best[2]
        return best[1]

    @staticmethod
    def _reach(unit: Unit) -> float:
        """How far the unit's farthest figure stands from its centre."""
        pts = unit.points()
        return float(np.max(np.hypot(*(pts - np.array(unit.centre())).T))) if len(pts) else 0.0

    def block_value(self, g: AlleyGame, d: Decision, ins: Unit, target: Unit, at: float,
                    beat: float = -math.inf, scale: float = 1.0) -> tuple[float, str] | None:
        """What ``ins`` interrupting at ``at`` by moving into the rest of the carrier's
        declared path is worth, and why (option ``blocked_after_interrupt``, house rule
        AA-068): under ``stops_short`` every inch of the carrier's move beyond the blocker is
        lost; under ``goes_round`` the carrier goes round it where it can and loses only
        the detour (:meth:`_detour`), so a block pays in a street the carrier cannot get
        round, seldom in the open. None when it cannot get there or the block would take
        little; also, without working the detour out, when the value times ``scale``
        could not exceed ``beat`` even if the carrier lost every inch beyond the blocker."""
        from ambush_gui.alley import options
        from ambush_gui.alley.movement import allowance

        reading = options.reading(g, options.BLOCKED_PATH)
        if reading == "walks_through" or ins.shaken(g.state.turn):
            return None
        path = d.facts.get("path")
        if not path:
            return None
        way = [(float(x), float(y)) for x, y in path]
        total = path_length(way)
        room = min(total, allowance(g, target) - g.m.interrupt_loss)  # where its move would end
        ahead = at + self._reach(target) + self._reach(ins) + BLOCK_GAP
        lost = room - ahead
        if lost < BLOCK_LEFT:
            return None
        spot = point_along(way, ahead)
        limit = allowance(g, ins, Speed.CAUTIOUS if ins.dependants else Speed.RAPID)  # DC-006
        if math.dist(ins.centre(), spot) > limit - 0.3:
            return None
        if reading == "goes_round":  # it goes round where it can: the detour is what it loses
            if (1.0 + BLOCK_INCH * lost) * scale <= beat:
                return None  # the detour only takes away: it could not be worth more
            lost = min(lost, self._detour(g, target, ins, way, at, room, spot))
            if lost < BLOCK_LEFT:
                return None
        v = 1.0 + BLOCK_INCH * lost
        why = (f"{ins.name} steps into the {escort_word(target.dependants)}' carrier's way at "
               f"{at:.1f}\" along its move: " + (
                   f"it must go round, about {lost:.0f}\" of its move lost" if reading == "goes_round"
                   else f"it stops short, about {lost:.0f}\" short of where it was going"))
        return v, why

    def _detour(self, g: AlleyGame, target: Unit, ins: Unit, way: list[Point], at: float,
                room: float, spot: Point) -> float:
        """How much farther from the end of its declared ``way`` the carrier ends its move
        when ``ins`` stands at ``spot`` and it goes round (option ``blocked_after_interrupt``
        = ``goes_round``): the way round from the point of the interruption, within the
        ``room`` its move had, against the straight way on. Where the terrain leaves no way
        round, everything beyond the blocker (it stops short)."""
        start = point_along(way, at)
        figures = ins.points() - np.array(ins.centre()) + np.array(spot)
        finder = around(g.table, clearance_of(target.points(), target.centre()), figures,
                        g.m.contact + 0.1)
        field = finder.field(way[-1])
        if field.path(start) is None:
            return math.inf
        return max(0.0, field.distance(start) - (room - at) - (path_length(way) - room))

    def _block_move(self, g: AlleyGame, d: Decision, unit: Unit) -> Any:
        """An interrupting Insurgent unit's move into the way of the carrier it interrupts:
        its centre on the carrier's way out, just beyond the carrier's leading figures (the
        carrier must stop short of it or go round it, house rule AA-068). None when no such move is legal."""
        from ambush_gui.alley import options

        if options.reading(g, options.BLOCKED_PATH) == "walks_through":
            return None
        told = d.facts.get("interrupting") or {}
        carrier = g.state.units.get(str(told.get("unit")))
        if carrier is None or not carrier.alive or not carries_contractors(carrier) or not told.get("path"):
            return None
        way = [carrier.centre(), *[(float(x), float(y)) for x, y in told["path"]][1:]]
        base = self._reach(carrier) + self._reach(unit) + BLOCK_GAP
        speeds = [str(s) for s in d.facts.get("speeds") or ()]
        for extra in (0.0, 0.5, 1.0, 2.0):
            if base + extra >= path_length(way):
                break
            x, y = point_along(way, base + extra)
            far = math.dist(unit.centre(), (x, y))
            for speed in speeds:
                if speed == "cautious" and far > g.m.cautious:
                    continue
                choice = {"path": [[round(x, 3), round(y, 3)]], "speed": speed}
                if self._ok(d, choice):
                    self._why = (f"it steps into {whose('way', carrier.name)}: the carrier must stop short "
                                 "or go round it (house rule AA-068)")
                    return choice
        return None

    def _saves_for_assault(self, g: AlleyGame, ins: Unit, target: Unit, end: tuple[float, float]) -> bool:
        """Will ``ins`` reach a Close Assault on the carrier in its own phase, where the move
        being interrupted ends? Then it keeps its action for that (an interrupter does not
        act again this turn, AA-064): gangs that assault one after the other in the
        Insurgent phase are what overruns a carrier (DC-029)."""
        if ins.is_detached_leader or support_team(ins) or ins.dependants or ins.shaken(g.state.turn):
            return False
        dx, dy = end
        with target.shifted(dx, dy):
            near = g.distance(ins, target) <= g.m.rapid - g.m.assault_reach
            worth = near and assault_odds(g, ins, target).win >= KEEP_FOR_ASSAULT
        return worth

    @staticmethod
    def _supporters(g: AlleyGame, target: Unit) -> list[Unit]:
        """Regular units that would fire at an Insurgent interrupting ``target`` before it
        acts: on Overwatch, or still waiting to activate and in sight of it (AA-091)."""
        return [u for u in g.state.side_units(Side.REGULAR)
                if u is not target and u.alive and (u.overwatch or (not u.activated and g.sees(u, target)))]

    def _overwatch(self, g: AlleyGame, d: Decision) -> Any:
        ins = g.unit(d.facts["against"])
        rescuer = self.rescuer(g)
        for uid in d.options[1:]:
            u = g.unit(uid)
            if u.overwatch or (u is not rescuer and not u.dependants and self.hits(g, u, ins) >= 0.8):
                self._why = "it has the interrupter in its sights"
                return uid
        self._why = "no unit has a good shot at the interrupter"
        return "none"

    def _overwatch_point(self, g: AlleyGame, d: Decision) -> Any:
        """AA-104: fire from Overwatch where the shot is best along the Insurgent move: the
        expected casualties with the mover at each point (out in the open they are
        higher), the earlier point when they are even (the mover has less of its move
        done). Let it finish when no shot is worth half a casualty."""
        ins = g.unit(d.facts["target"])
        path = [tuple(p) for p in d.facts.get("path") or []]
        opts = [o for o in d.options if isinstance(o, dict)]
        if not path or not opts:
            return "none"
        stops = sorted({float(o["at"]) for o in opts})
        places = points_along(path, stops)
        here = np.array(ins.centre())
        best: tuple[float, Any] | None = None
        for o in opts:
            dx, dy = places[stops.index(float(o["at"]))] - here
            with ins.shifted(float(dx), float(dy)):
                v = self.hits(g, g.unit(o["unit"]), ins, overwatch=True) - 0.01 * float(o["at"])
            if best is None or v > best[0] + 1e-9:
                best = (v, o)
        if best is None or best[0] < 0.5:
            self._why = "no point of the move gives Overwatch a good shot"
            return "none"
        self._why = f"the best shot along the move: about {best[0]:.1f} expected casualties"
        return best[1]

    def _react(self, g: AlleyGame, d: Decision) -> Any:
        opts = d.options
        ins = g.unit(d.facts["against"])
        if "fire" in opts and firepower(g, g.unit(d.facts["unit"]), ins).dice > 0:  # AA-144: no dice, no fire
            v = self.hits(g, g.unit(d.facts["unit"]), ins)
            self._why = f"fires at {ins.name} first: about {v:.1f} expected casualties"
            return "fire"
        if "cover" in opts and g.unit(d.facts["unit"]).dependants:
            self._why = "it carries Dependants: it gets them into cover"
            return "cover"
        scored = [(self.hits(g, g.unit(u), ins), u) for u in opts if u not in ("none", "cover", "fire")]
        if scored:
            v, uid = max(scored)
            if v >= 0.5:
                self._why = (f"{g.unit(uid).name} has the best shot at {ins.name}: about {v:.1f} "
                             "expected casualties")
                return uid
        self._why = f"no shot at {ins.name} worth half a casualty"
        return "none"

    def _match(self, g: AlleyGame, d: Decision) -> Any:
        self._why = "the fewest casualties"
        return "best"

    def _casualties(self, g: AlleyGame, d: Decision) -> Any:
        unit = g.unit(d.facts["unit"])
        by_id = {f.id: f for f in unit.figures}

        def cost(ids: list[str]) -> float:
            total = 0.0
            for i in ids:
                f = by_id[i]
                total += 5 if f.kind is FigureKind.LEADER else 1 + 2 * (f.weapon != "rifle")
            return total

        answer = min(d.options, key=cost)
        self._why = "it loses riflemen before leaders and support weapons"
        return answer

    def ambush_points(self, g: AlleyGame) -> list[Point]:
        """Where fresh Insurgents should come in: across the carriers' way out, or on the
        contractors' way out while they still wait for the Marines; else in the zones the
        Regulars score and by their units."""
        carriers = self.carriers(g)
        if carriers:
            return [self.cut_off(g, c) for c in carriers]
        waiting = self.waiting_contractors(g)
        if waiting:
            return [route(g, waiting[0].pos, AMBUSH_AHEAD * g.m.scale)]
        return threatened(g) + [u.centre() for u in g.state.side_units(Side.REGULAR)]

    def _hot_spot(self, g: AlleyGame, d: Decision) -> Any:
        spots = self.ambush_points(g)
        if not spots:
            self._why = "no enemy to aim at yet: the first one"
            return d.options[0]
        self._why = "the nearest to where the Regulars must pass"

        def score(n: int) -> float:
            h = g.state.hot_spots[n]
            return min(math.dist((h.x, h.y), p) for p in spots)

        answer = min(d.options, key=score)
        self._why = f"Hot Spot {answer} is nearest where fresh men are wanted"
        return answer

    def _place(self, g: AlleyGame, d: Decision) -> Any:
        """Fresh Insurgents come in nearest where they are wanted, out of the Marines' sight
        when a place is (they would be fired at before they act), inside a building best."""
        spots = self.ambush_points(g)
        if not spots:
            self._why = "no enemy to aim at yet: the first place offered"
            return d.options[0]
        pts = [(float(p[0]), float(p[1])) for p in d.options]
        marines = [g.eye_points(u) for u in g.state.side_units(Side.REGULAR)]
        seen = np.asarray(g.table.sight_matrix(np.array(pts), np.vstack(marines)).any(axis=1)) \
            if marines else np.zeros(len(pts), dtype=bool)
        inside = [any(pc.kind == "building" for pc in at) for at in g.table.pieces_at_many(pts)]
        scores = [min(math.dist(p, s) for s in spots) + (HIDE_FOR if seen[i] else 0.0)
                  - (1.0 if inside[i] else 0.0) for i, p in enumerate(pts)]
        i = int(np.argmin(scores))
        self._why = "nearest the enemy's way" + (
            f", out of {possessive(regulars(g))} sight" if not seen[i] else "")
        return d.options[i]

    def _insurgent_act(self, g: AlleyGame, d: Decision) -> Any:
        units = [g.unit(u) for u in d.options[1:] if not u.startswith(RELEASE)]
        marines = g.state.side_units(Side.REGULAR)
        if not units or not marines:
            self._why = "no unit left to act" if not units else "no enemy left"
            return "end"
        # The gang with the best Close Assault on the carrier goes first: the next may then
        # finish a weakened team off (an overrun takes the contractors, DC-029).
        best: tuple[float, Unit] | None = None
        for u in units if self.carriers(g) else ():
            t = self._assault_target(g, u, g.m.rapid)
            if t is not None and carries_contractors(t):
                v = assault_odds(g, u, t).win
                if best is None or v > best[0]:
                    best = (v, u)
        if best is not None:
            self._why = "it has the best Close Assault on the escorts' carrier"
            return best[1].id
        pts = np.vstack([m.points() for m in marines])
        # a lone leader goes after the gangs have moved: he joins one where it ends up
        # (joining first would hold it in place, AA-028)
        gangs_left = any(not v.is_detached_leader for v in units)
        unit = min(units, key=lambda u: (u.is_detached_leader and gangs_left, min_distance(u.points(), pts)))
        goal = self.goal_of(g, unit)
        self._why = "the nearest to the enemy" + (f"; it {goal.reason}" if goal is not None else "")
        return unit.id

    def _abandon(self, g: AlleyGame, d: Decision) -> Any:
        self._why = "nobody is left behind (it scores)"
        return "keep"
