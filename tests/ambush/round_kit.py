"""Benches for the Action Round engine: ``kit.Bench`` plus scripted mission hooks and a
deterministic German brain.

    b = round_kit.bench(kit.us("a", "0101"), kit.german("g", "A", "0104"), script=[...])
    kit.drive(rounds.play_round(b, RoundsStart(("g",))), [...])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ambush_gui.ambush.fire import Term, german_fire
from ambush_gui.ambush.hooks import EventEntry, RoundsContext, Situation
from ambush_gui.ambush.model import Soldier
from ambush_gui.core.game import Procedure
from ambush_gui.core.hexgrid import Hex
from tests.ambush import kit


@dataclass
class ScriptedMission:
    """Mission hooks from tables: Event column, and a record of every check made."""

    events: dict[int, EventEntry] = field(default_factory=dict)
    read: list[str] = field(default_factory=list)
    checks: list[tuple[str, str, str]] = field(default_factory=list)  # (soldier, hex, stance)
    hexes_checked: list[str] = field(default_factory=list)
    entries: tuple[str, ...] = ("0101",)
    on_check: Any = None  # optional: a function (g, soldier, hex) -> Procedure | None

    def event_entry(self, g: RoundsContext, total: int) -> EventEntry | None:
        return self.events.get(total)

    def read_paragraph(self, g: RoundsContext, paragraph: str) -> Procedure:
        self.read.append(paragraph)
        return
        yield

    def paragraph_check(self, g: RoundsContext, soldier: Soldier, where: Hex) -> Procedure:
        self.checks.append((soldier.id, where.label, soldier.stance.value))
        if self.on_check is not None:
            proc = self.on_check(g, soldier, where)
            if proc is not None:
                yield from proc

    def hex_check(self, g: RoundsContext, where: Hex) -> Procedure:
        self.hexes_checked.append(where.label)
        return
        yield

    def entry_hexes(self, g: RoundsContext, soldier: Soldier) -> Sequence[Hex]:
        return [kit.h(x) for x in self.entries]


@dataclass
class ScriptBrain:
    """A deterministic German: fires at the closest target he can, else passes."""

    fire: bool = True
    turns: list[tuple[str, int]] = field(default_factory=list)
    reactions: list[tuple[str, str, str | None]] = field(default_factory=list)

    def take_turn(self, g: RoundsContext, german: Soldier, action_number: int) -> Procedure:
        self.turns.append((german.id, action_number))
        if self.fire:
            german_fire(g, german, Term.CLOSEST, "test brain")
        return
        yield

    def special_reaction(self, g: RoundsContext, german: Soldier, situation: Situation,
                         cause: Soldier | None) -> Procedure:
        self.reactions.append((german.id, situation.value, cause.id if cause else None))
        return
        yield


@dataclass
class RoundBench(kit.Bench):
    mission: ScriptedMission = field(default_factory=ScriptedMission)
    brain: ScriptBrain = field(default_factory=ScriptBrain)


def bench(*soldiers: Soldier, brain: ScriptBrain | None = None,
          mission: ScriptedMission | None = None, **kw: Any) -> RoundBench:
    b = kit.bench(*soldiers, **kw)
    kit.BENCHES.remove(b) if b in kit.BENCHES else None
    rb = RoundBench(b.state, b.charts, b.dice, b.log, mission or ScriptedMission(),
                    brain or ScriptBrain(fire=False))
    if kw.get("strict", True):
        kit.BENCHES.append(rb)
    return rb


def turns(b: kit.Bench) -> list[str]:
    """Who took a turn, in order."""
    return [e.data["soldier"] for e in kit.events(b, "turn")]


def act(action: str, **kw: str) -> dict[str, str]:
    return {"action": action, **kw}


PASS = act("pass")


def passes(n: int) -> Iterable[dict[str, str]]:
    return [PASS] * n
