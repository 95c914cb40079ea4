"""The Ambush Alley game state: sides, figures, units and their rule statuses.

Plain mutable dataclasses, rebuilt by replaying decisions; :meth:`AlleyState.snapshot`
turns them into plain data for the state hash. Every figure lives in exactly one
place (a unit, the ground, off the table, or out of play), so figures are never
created or lost except by a rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import numpy as np

from ambush_gui.core.dice import Die


class Side(StrEnum):
    """AA-007: every unit is a Regular unit or an Insurgent unit."""

    REGULAR = "regular"
    INSURGENT = "insurgent"

    @property
    def enemy(self) -> Side:
        return Side.INSURGENT if self is Side.REGULAR else Side.REGULAR

    @property
    def title(self) -> str:  # type: ignore[override]  # the side's name, not str.title()
        return "Regular" if self is Side.REGULAR else "Insurgent"


class Speed(StrEnum):
    """AA-031: the speed a unit picks when it activates."""

    HALTED = "halted"
    CAUTIOUS = "cautious"
    RAPID = "rapid"


class Order(StrEnum):
    """AA-030: move then fire, or fire then move."""

    MOVE_FIRE = "move-fire"
    FIRE_MOVE = "fire-move"


class FigureKind(StrEnum):
    SOLDIER = "soldier"
    LEADER = "leader"
    CONTRACTOR = "contractor"


class Injury(StrEnum):
    """The Standard First Aid Table results (AA-156..158), plus killed (house rule DC-026)."""

    NONE = "none"
    SLIGHT = "slight"
    MODERATE = "moderate"
    SERIOUS = "serious"
    KILLED = "killed"


class Where(StrEnum):
    """Where a figure that is not in a unit has gone."""

    GROUND = "ground"  # on the table, in no unit (contractors waiting at the SUV)
    EXITED = "exited"  # left the table with its unit
    REMOVED = "removed"  # out of play: killed, shrunk, fled, captured and lost


_CONTRACTOR = FigureKind.CONTRACTOR  # a plain name: enum lookups cost, and this is asked a lot


@dataclass
class Figure:
    """One figure on its own half-inch base (AA-004)."""

    id: str
    kind: FigureKind
    weapon: str
    x: float
    y: float
    side: Side
    dependant: bool = False  # AA-157/158, DC-001: a non-combatant carried by its unit
    injury: Injury = Injury.NONE
    captive: bool = False  # held by the enemy side (contractor seized, Marine POW)
    abandoned: bool = False  # DC-014: a casualty left behind by its unit
    released: bool = False  # DC-021: let go by the side that held it
    label: str = ""  # an escort's word for itself ("contractor", "VIP"): shown and scored by it
    # what a player calls it ("Fireteam Alpha, fighter 2": alley/names.py); shown, never hashed
    name: str = field(default="", compare=False)

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def fighting(self) -> bool:
        """Combat effective: gives a Firepower and a Defense die (DC-023)."""
        return not self.dependant and self.kind is not _CONTRACTOR

    def snapshot(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind.value,
            "weapon": self.weapon,
            "at": [round(self.x, 4), round(self.y, 4)],
            "side": self.side.value,
            "dependant": self.dependant,
            "injury": self.injury.value,
            "captive": self.captive,
            "abandoned": self.abandoned,
            "released": self.released,
        }


@dataclass
class Unit:
    """A unit and every status the rules give it."""

    id: str
    name: str
    side: Side
    tq: Die
    morale: Die
    figures: list[Figure]
    optimum_range: float
    armor: int = 0
    # -- this turn --------------------------------------------------------------
    activated: bool = False  # Regulars: has had its activation; Insurgents: has acted
    interrupted: bool = False  # Insurgent: used its one interrupt this turn (AA-064)
    times_interrupted: int = 0  # Regular: interruptions suffered this turn (AA-085)
    speed: Speed | None = None  # the speed declared this turn
    moved: float = 0.0  # inches moved this turn
    fired: bool = False  # fired in its own activation this turn
    fire_only: bool = False  # AA-028: a leader joined before it activated
    reacted: bool = False  # house rule AA-090: reacted in the end-of-turn Insurgent phase
    start_contact: tuple[int, ...] = ()  # Hot Spots touched at the start of the turn (AA-054)
    overwatch: bool = False  # AA-103
    overwatch_shots: int = 0  # AA-106: interruptions fired from Overwatch
    pinned: bool = False  # AA-172; cleared at the end of the turn (AA-192)
    # -- lasting ---------------------------------------------------------------
    last_speed: Speed | None = None  # the speed of the previous turn (AA-076)
    still_turns: int = 0  # whole turns spent in place (AA-121 Hunkered Down)
    regroup_turn: int | None = None  # AA-196: the turn in which it regroups after a Pull Back
    shaken_turn: int | None = None  # AA-200: the turn it became Shaken
    had_casualties: bool = False  # AA-162: must pass a Quality Check to go faster than Cautious
    abandoned: bool = False  # DC-015
    last_attacker: str | None = None  # AA-193: the enemy unit that fired at it last
    on_table: bool = True
    joined: str | None = None  # AA-026: the unit this detached leader joined (no longer on table)
    # -- Force on Force (hashed by the game only when a module is switched on) ---------
    confidence: str = "confident"  # FF-066/067/115: "high", "confident" or "low" (house rule FF-070)
    marks: dict[str, Any] = field(default_factory=dict)  # module facts about the unit (plain data)

    # -- derived ---------------------------------------------------------------
    @property
    def fighters(self) -> list[Figure]:
        return [f for f in self.figures if f.fighting]

    @property
    def dependants(self) -> list[Figure]:
        return [f for f in self.figures if not f.fighting]

    @property
    def leader(self) -> Figure | None:
        """The attached leader figure (AA-019: a leader in the unit is in cohesion with it);
        a wounded or captured leader carried as a Dependant leads nobody (DC-001, DC-029)."""
        return next((f for f in self.figures if f.kind is FigureKind.LEADER and f.fighting), None)

    @property
    def is_detached_leader(self) -> bool:
        """A leader on his own (AA-018, house rule AA-029: he acts as a unit of one)."""
        fighters = self.fighters
        return len(fighters) == 1 and fighters[0].kind is FigureKind.LEADER

    @property
    def alive(self) -> bool:
        """Still a unit in play: on the table with at least one fighting figure."""
        if self.on_table:
            for f in self.figures:  # a loop, not any(): asked thousands of times a game
                if f.fighting:
                    return True
        return False

    def points(self, fighting_only: bool = False) -> np.ndarray:
        figs = self.fighters if fighting_only else self.figures
        if not figs:
            return np.zeros((0, 2))
        return np.array([(f.x, f.y) for f in figs], dtype=float)

    def centre(self) -> tuple[float, float]:
        figs = self.figures
        n = len(figs)
        if 0 < n < 8:  # numpy adds fewer than 8 numbers one after the other: the same sums in plain Python
            x = y = 0.0
            for f in figs:
                x += f.x
                y += f.y
            return (float(x) / n, float(y) / n)
        pts = self.points()
        if n == 0:
            return (float(pts[:, 0].mean()), float(pts[:, 1].mean()))
        # ndarray.mean is add.reduce / n (pairwise from 8 numbers): the same sums, without its overhead
        return (float(np.add.reduce(pts[:, 0])) / n, float(np.add.reduce(pts[:, 1])) / n)

    def translate(self, dx: float, dy: float) -> None:
        for f in self.figures:
            f.x += dx
            f.y += dy

    @contextmanager
    def shifted(self, dx: float, dy: float) -> Iterator[None]:
        """The unit moved by (dx, dy) for a what-if (a computer player weighing a shot along
        a move), then put back EXACTLY where it was. Translating back by (-dx, -dy) would
        leave a rounding residue (x + dx - dx is not always x): invisible in the state
        hash, yet enough to flip a contact test at the margin, so a game would no longer
        replay from its decisions."""
        saved = [(f.x, f.y) for f in self.figures]
        self.translate(dx, dy)
        try:
            yield
        finally:
            for f, (x, y) in zip(self.figures, saved, strict=True):
                f.x, f.y = x, y

    def shaken(self, turn: int) -> bool:
        """AA-200: Shaken for the rest of the turn it broke and the whole next turn."""
        return self.shaken_turn is not None and turn <= self.shaken_turn + 1

    def regrouping(self, turn: int) -> bool:
        return self.regroup_turn is not None and turn == self.regroup_turn

    def label(self) -> str:
        return f"{self.name}"

    def snapshot(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "side": self.side.value,
            "tq": int(self.tq),
            "morale": int(self.morale),
            "figures": [f.snapshot() for f in self.figures],
            "activated": self.activated,
            "interrupted": self.interrupted,
            "times_interrupted": self.times_interrupted,
            "speed": self.speed.value if self.speed else None,
            "moved": round(self.moved, 4),
            "overwatch": self.overwatch,
            "pinned": self.pinned,
            "regroup_turn": self.regroup_turn,
            "shaken_turn": self.shaken_turn,
            "had_casualties": self.had_casualties,
            "abandoned": self.abandoned,
            "on_table": self.on_table,
        }


@dataclass
class HotSpot:
    """AA-049: a numbered counter where Insurgent reinforcements arrive."""

    number: int
    x: float
    y: float
    neutralised: bool = False
    contact_unit: str | None = None  # AA-054: a Regular unit that began the turn in contact


@dataclass
class Score:
    """Victory points, kept as a ledger so the end screen can say where each came from."""

    lines: list[tuple[Side, int, str]] = field(default_factory=list)
    # the award event each line scores for (not hashed: the lines say it in words)
    awards: list[str] = field(default_factory=list)
    # each line as a player reads it, figures by name (alley/names.py); not hashed: the
    # lines' own words, which saves hash, keep figure ids
    shown: list[str] = field(default_factory=list)

    def add(self, side: Side, points: int, why: str, award: str = "", shown: str | None = None) -> None:
        self.lines.append((side, points, why))
        self.awards.append(award)
        self.shown.append(why if shown is None else shown)

    def said(self) -> list[tuple[Side, int, str]]:
        """The lines as the victory screen shows them: (side, points, the shown words)."""
        return [(s, p, w) for (s, p, _), w in zip(self.lines, self.shown, strict=True)]

    def total(self, side: Side) -> int:
        return sum(p for s, p, _ in self.lines if s is side)


@dataclass
class AlleyState:
    """Everything replaying a game's decisions produces."""

    width: float
    height: float
    units: dict[str, Unit]
    hot_spots: dict[int, HotSpot]
    ground: list[Figure]  # figures in no unit (the contractors before contact)
    exited: list[Figure] = field(default_factory=list)
    removed: list[tuple[Figure, str]] = field(default_factory=list)
    turn: int = 0
    phase: str = "setup"
    next_unit_number: int = 1
    contractors_reached: bool = False  # CT-018: a Marine has reached the contractors
    score: Score = field(default_factory=Score)
    outcome: dict[str, Any] | None = None
    # figure id -> the table edge it left by (for figure_exited awards; derived from the
    # moves, so not hashed)
    exit_edges: dict[str, str] = field(default_factory=dict)
    # captive figure id -> the Insurgent unit holding him where he stands (DC-021: only
    # the unit with him in its custody may release him; derived from the moves, so not hashed)
    custody: dict[str, str] = field(default_factory=dict)
    # zone id -> (unit id, turn) of the first unit that cleared it (zone_cleared awards)
    zones_cleared: dict[str, tuple[str, int]] = field(default_factory=dict)

    def side_units(self, side: Side, alive: bool = True) -> list[Unit]:
        return [u for u in self.units.values() if u.side is side and (not alive or u.alive)]

    def all_figures(self) -> list[Figure]:
        out = [f for u in self.units.values() for f in u.figures]
        return out + self.ground + self.exited + [f for f, _ in self.removed]

    def snapshot(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "phase": self.phase,
            "units": [u.snapshot() for u in self.units.values()],
            "hot_spots": [
                [h.number, round(h.x, 4), round(h.y, 4), h.neutralised]
                for h in self.hot_spots.values()
            ],
            "ground": [f.snapshot() for f in self.ground],
            "exited": [f.id for f in self.exited],
            "removed": [[f.id, why] for f, why in self.removed],
            "score": [[s.value, p, w] for s, p, w in self.score.lines],
            "outcome": self.outcome,
            "contractors_reached": self.contractors_reached,
            # only when a zone_cleared award is in play, so older games hash as they did
            **({"zones_cleared": {k: list(v) for k, v in self.zones_cleared.items()}}
               if self.zones_cleared else {}),
        }
