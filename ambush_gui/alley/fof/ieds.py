"""IEDs (FF-044..051): improvised explosive devices, when they go off and whom they attack.

Switched on by ``modules = ["ieds"]``; the scenario lists its devices in the ``[ieds]``
table (FF-048: the scenario decides whether there are any; docs/rules/fof-ieds.md,
"Settings"). Each device has a size (FF-044..047, a guideline the scenario may override,
FF-050), an owner, a place (a point or a table piece), a trigger as the scenario dictates
it, and a target rule (FF-049):

* ``trigger = "enter"``: it goes off when a unit of the other side comes within its
  ``reach``; ``"turn"``: at the start of turn ``turn``; ``"command"``: when its owner
  says (asked whenever an enemy unit ends a move within reach, and as each turn begins
  while one stands there);
* ``piece``: a table piece that stays put; a civilian mob stand, which moves with its
  crowd, is refused when the file is read (house rule FF-051);
* ``target = "random"``: a die picks among the enemy units within reach; ``"owner"``:
  the owner picks, told each unit's odds.

Each device goes off once, as a blast (:mod:`ambush_gui.alley.fof.blast`, house rule
FF-051: resolved like a mine).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
from pydantic import Field, field_validator, model_validator

from ambush_gui.alley.fof.blast import Blast, attack, odds, odds_text
from ambush_gui.alley.fof.mines import walked_path
from ambush_gui.alley.model import Side
from ambush_gui.alley.modules import RuleModule, Settings, once_each, register
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.dice import Die
from ambush_gui.core.game import Procedure
from ambush_gui.core.view import PUBLIC, Hidden, View
from ambush_gui.core.words import capital

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.alley.model import Unit
    from ambush_gui.alley.movement import MovePlan
    from ambush_gui.alley.scenario import ScenarioSpec


@dataclass(frozen=True)
class IedSize:
    """An IED size's guideline ratings (FF-044..047)."""

    title: str
    ap: int
    at: int
    gun: str
    rule: str


SIZES: dict[str, IedSize] = {
    "small": IedSize("Small", 2, 1, "Light Gun", "FF-044"),
    "medium": IedSize("Medium", 4, 4, "Medium Gun", "FF-045"),
    "large": IedSize("Large", 6, 5, "Medium Gun", "FF-046"),
    "massive": IedSize("Massive", 8, 7, "Heavy Gun", "FF-047"),
}
TRIGGERS = ("enter", "turn", "command")
TARGETS = ("random", "owner")
DIES = ("d6", "d8", "d10", "d12")
DETONATE, WAIT = "detonate", "wait"


class DeviceSettings(Settings):
    """One IED (``[[ieds.devices]]``)."""

    id: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_.-]+$")
    label: str = Field(default="", max_length=80, description="what the players call it")
    size: str = Field(default="medium", description="small, medium, large or massive (FF-044..047)",
                      json_schema_extra={"enum": list(SIZES)})
    ap: int | None = Field(default=None, ge=0, le=10,
                           description="FF-050: the scenario's own AP, instead of the size's")
    owner: Side = Field(default=Side.INSURGENT, description="the side that laid it")
    at: tuple[float, float] | None = Field(default=None, description="where it is (inches)")
    piece: str | None = Field(default=None, description="or: the table piece it is in")
    reach: float = Field(default=3.0, gt=0, le=48, allow_inf_nan=False,
                         description="inches from it that a unit is in its reach")
    trigger: str = Field(default="enter", description="enter, turn or command",
                         json_schema_extra={"enum": list(TRIGGERS)})
    turn: int | None = Field(default=None, ge=1, le=99, description="trigger = \"turn\": the turn it "
                             "goes off, as the turn begins")
    target: str = Field(default="random", description="random or owner (FF-049)",
                        json_schema_extra={"enum": list(TARGETS)})
    hidden_from: list[Side] | None = Field(
        default=None, description="the sides that do not see it before it goes off: [\"regular\"] "
        "or [\"insurgent\"] (the side that did not lay it; the default) or [] (both see it); its "
        "owner always sees it")
    hidden: bool | None = Field(default=None, description="older files: true (hidden from the "
                                "other side) or false (shown to both); read as hidden_from")

    @field_validator("hidden_from")
    @classmethod
    def _once(cls, v: list[Side] | None) -> list[Side] | None:
        return None if v is None else once_each(v, "side")

    @model_validator(mode="after")
    def _hidden_from(self) -> DeviceSettings:
        if self.hidden is not None and self.hidden_from is not None:
            raise ValueError("give hidden_from (the sides it is hidden from), not also the older "
                             "hidden = true/false")
        if self.hidden_from and self.owner in self.hidden_from:
            raise ValueError(f"hidden_from lists {self.owner.value!r}, the side that laid it: its "
                             f"owner always sees it (hide it from \"{self.owner.enemy.value}\")")
        return self

    @property
    def hidden_sides(self) -> frozenset[Side]:
        """The sides that do not see it until it goes off (the older ``hidden`` read: true,
        or not given, hides it from the other side; false from neither)."""
        if self.hidden_from is not None:
            return frozenset(self.hidden_from)
        return frozenset() if self.hidden is False else frozenset({self.owner.enemy})

    def migrated(self) -> str | None:
        """What the older ``hidden`` key was read as, in words (None: not given)."""
        if self.hidden is None:
            return None
        sides = ", ".join(f'"{s.value}"' for s in sorted(self.hidden_sides))
        return (f"IED {self.id}: hidden = {str(self.hidden).lower()} read as "
                f"hidden_from = [{sides}]")


class IedsSettings(Settings):
    """The ``[ieds]`` table of a scenario."""

    die: str = Field(default="d6", description="the die an IED's AP dice are (house rule FF-041)",
                     json_schema_extra={"enum": list(DIES)})
    devices: list[DeviceSettings] = Field(default=[], max_length=100)


@dataclass(frozen=True)
class Device:
    """An IED in play."""

    spec: DeviceSettings
    place: shapely.Geometry  # a point or the piece's outline, scaled
    reach: float  # scaled

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def size(self) -> IedSize:
        return SIZES[self.spec.size]

    @property
    def ap(self) -> int:
        return self.size.ap if self.spec.ap is None else self.spec.ap

    @property
    def name(self) -> str:
        what = f"{self.size.title} IED {self.id}"
        return f"the {what}" + (f" ({self.spec.label})" if self.spec.label else "")


@register
class IedsModule(RuleModule):
    name = "ieds"
    title = "IEDs"
    rules = "FF-044..051"
    Settings = IedsSettings

    def __init__(self, game: AlleyGame, settings: Any) -> None:
        super().__init__(game, settings)
        s: IedsSettings = self.settings  # type: ignore[assignment]
        self.die = Die.parse(s.die)
        scale = game.m.scale
        pieces = {p.id: p for p in game.table.pieces}
        self.devices: list[Device] = []
        for d in s.devices:
            if d.piece is not None:
                place = pieces[d.piece].polygon
            else:
                assert d.at is not None
                place = shapely.Point(d.at[0] * scale, d.at[1] * scale)
            shapely.prepare(place)
            self.devices.append(Device(d, place, d.reach * scale))
        self.spent: dict[str, int] = {}  # device id -> the turn it went off

    # -- the file ---------------------------------------------------------------------
    @classmethod
    def cross_check(cls, spec: ScenarioSpec, settings: Any) -> list[tuple[str, str]]:
        """Known sizes, triggers and targets; a place on the table; a turn for "turn"."""
        s: IedsSettings = settings
        problems: list[tuple[str, str]] = []
        if s.die not in DIES:
            problems.append(("ieds.die", f"unknown die {s.die!r} (expected one of {', '.join(DIES)})"))
        pieces = {p.id: p.kind.value for p in spec.table.pieces}
        w, h = spec.table.width, spec.table.height
        seen: set[str] = set()
        for i, d in enumerate(s.devices):
            path, who = f"ieds.devices[{i}]", f"IED {d.id}"
            if d.id in seen:
                problems.append((f"{path}.id", f"{who}: the id is used by an earlier IED"))
            seen.add(d.id)
            for key, value, known in (("size", d.size, SIZES), ("trigger", d.trigger, TRIGGERS),
                                      ("target", d.target, TARGETS)):
                if value not in known:
                    problems.append((f"{path}.{key}", f"{who}: unknown {key} {value!r} "
                                                      f"(expected one of {', '.join(known)})"))
            if (d.at is None) == (d.piece is None):
                problems.append((path, f"{who}: give its place as 'at' (a point) or 'piece' "
                                       "(a table piece), one of the two"))
            if d.at is not None and not (0 <= d.at[0] <= w and 0 <= d.at[1] <= h):
                problems.append((f"{path}.at", f"{who}: {list(d.at)} is off the table "
                                               f"({w:g}\" x {h:g}\")"))
            if d.piece is not None and d.piece not in pieces:
                problems.append((f"{path}.piece", f"{who}: there is no table piece {d.piece!r}"))
            elif d.piece is not None and pieces[d.piece] == "civilian_mob":
                problems.append((f"{path}.piece", f"{who}: piece {d.piece!r} is a civilian mob "
                                                  "stand, which moves (FF-051); give 'at' (a "
                                                  "point) or a piece that stays put"))
            if d.trigger == "turn" and d.turn is None:
                problems.append((f"{path}.turn", f"{who}: trigger = \"turn\" needs the turn it "
                                                 "goes off (turn = N)"))
            if d.turn is not None and d.trigger != "turn":
                problems.append((f"{path}.turn", f"{who}: a turn is given but the trigger is "
                                                 f"{d.trigger!r}, not \"turn\""))
            if d.turn is not None and d.turn > spec.turn_limit:
                problems.append((f"{path}.turn", f"{who}: turn {d.turn} is after the last turn "
                                                 f"({spec.turn_limit})"))
        return problems

    @classmethod
    def migrated(cls, settings: Any) -> list[str]:
        """Each device's older ``hidden = true/false``, as the ``hidden_from`` it is read as."""
        s: IedsSettings = settings
        return [note for d in s.devices if (note := d.migrated()) is not None]

    # -- state --------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {"spent": dict(sorted(self.spent.items()))}

    def hidden_pieces(self) -> list[tuple[str, Hidden]]:
        """The devices still hidden from a side (ambush_gui.alley.view): each until it goes
        off."""
        return [(d.id, Hidden(d.spec.owner.value, frozenset(s.value for s in d.spec.hidden_sides)))
                for d in self.devices if d.id not in self.spent and d.spec.hidden_sides]

    def secret_askers(self) -> list[str]:
        """The sides with a hidden device set off by command still waiting: they are asked
        about it after enemy moves (the hot-seat curtain's fixed moments, alley/view.py)."""
        return [d.spec.owner.value for d in self.devices if d.id not in self.spent
                and d.spec.trigger == "command" and d.spec.hidden_sides]

    def status(self) -> list[str]:
        """What the table may show both players: the IEDs that have gone off, and the ones
        no side has hidden (``hidden_from = []``) still waiting. A hidden IED is not
        mentioned, not even counted, until it goes off (house rule FF-051)."""
        public = View(self.g, PUBLIC)
        out = []
        for d in self.devices:
            if d.id in self.spent:
                out.append(f"{d.name[4:]}: went off on turn {self.spent[d.id]}")
            elif public.sees(d.id):
                out.append(f"{d.name[4:]}: waiting (AP {d.ap}, reach {d.spec.reach:g}\")")
        return out

    def unit_status(self, unit: Unit) -> list[str]:
        """The IEDs no side has hidden still waiting with the unit in reach; a hidden one is
        never mentioned (house rule FF-051)."""
        if not unit.alive:
            return []
        public = View(self.g, PUBLIC)
        return [f"Within reach of {d.name}" for d in self.devices
                if public.sees(d.id) and d.id not in self.spent and unit.side is not d.spec.owner
                and self.distance(d, unit) <= d.reach + 1e-9]

    # -- where -------------------------------------------------------------------------
    def distance(self, device: Device, unit: Unit) -> float:
        pts = unit.points(fighting_only=True)
        if not len(pts):
            return float("inf")
        return float(np.min(shapely.distance(device.place, shapely.points(pts))))

    def in_reach(self, device: Device) -> list[Unit]:
        """The owner's enemies within reach (the device is aimed; its owner keeps clear)."""
        enemy = device.spec.owner.enemy
        return [u for u in self.g.state.side_units(enemy)
                if u.alive and self.distance(device, u) <= device.reach + 1e-9]

    def passed(self, device: Device, unit: Unit, plan: MovePlan) -> bool:
        """Did some figure of ``unit`` come within reach during the move just made?"""
        walked = walked_path(unit, plan)
        if walked is None:
            return self.distance(device, unit) <= device.reach + 1e-9
        cx, cy = unit.centre()
        from shapely.affinity import translate

        return any(translate(walked, f.x - cx, f.y - cy).distance(device.place) <= device.reach + 1e-9
                   for f in unit.fighters)

    def where(self, device: Device) -> list[float]:
        """Where the device is on the table as the game measures it (a piece's: its middle),
        for the window to show the blast (the log's ``where``; ``reach`` likewise)."""
        c = device.place.centroid
        return [round(c.x, 3), round(c.y, 3)]

    def blast(self, device: Device) -> Blast:
        size = device.size
        rule = size.rule if device.spec.ap is None else "FF-050"
        return Blast(f"ied:{device.id}", device.name, device.ap, size.at, self.die, rule,
                     f"{size.title} IED", device.spec.owner.value)

    # -- going off ---------------------------------------------------------------------------
    def go_off(self, device: Device, mover: Unit | None = None) -> Procedure:
        """The device goes off (once): the target is picked as the scenario says (FF-049)
        among the enemy units in reach (and the unit whose move set it off), then attacked."""
        g = self.g
        self.spent[device.id] = g.state.turn
        units = self.in_reach(device)
        if mover is not None and mover.alive and mover not in units:
            units.insert(0, mover)
        if not units:
            g.log.emit("ied", f"{capital(device.name)} goes off with no one in reach", device=device.id,
                       went_off=True, where=self.where(device), reach=device.reach,
                       ap=device.ap, size=device.spec.size)
            return
        g.log.emit("ied", f"{capital(device.name)} goes off ({self.blast(device).describe()})",
                   device=device.id, units=[u.id for u in units], went_off=True,
                   where=self.where(device), reach=device.reach, ap=device.ap,
                   size=device.spec.size)
        if len(units) == 1:
            target = units[0]
        elif device.spec.target == "owner":
            target = g.unit((yield self.target_decision(device, units)))
        else:
            target = self.random_target(device, units)
        yield from attack(g, self.blast(device), target)

    def random_target(self, device: Device, units: list[Unit]) -> Unit:
        """FF-049 "a random unit": the smallest die that numbers them, thrown until it
        shows one of their numbers (units beyond twelve, farthest first, are left out)."""
        units = sorted(units, key=lambda u: self.distance(device, u))[:12]
        die = next(d for d in Die if int(d) >= len(units))
        listing = ", ".join(f"{i + 1} {u.name}" for i, u in enumerate(units))
        while True:
            face = self.g.dice.one(int(die), f"IED target: {device.name} ({listing})",
                                   result=f"1-{len(units)} picks; higher throws again",
                                   side=device.spec.owner.value)
            if face <= len(units):
                target = units[face - 1]
                self.g.log.emit("ied", f"The die picks {target.name}", device=device.id,
                                unit=target.id)
                return target

    def target_decision(self, device: Device, units: list[Unit]) -> Decision:
        """FF-049: the owner chooses which unit in reach the device attacks."""
        blast = self.blast(device)
        owner = device.spec.owner
        return Decision(
            side=owner.value, kind=DecisionKind.CHOOSE,
            prompt=f"{owner.title}: which unit does {device.name} attack?",
            options=tuple(u.id for u in units),
            facts={"module": "ieds", "question": "ieds.target", "device": device.id,
                   "units": [u.id for u in units],
                   "labels": {u.id: f"{u.name}: {odds_text(self.g, blast, u)}" for u in units},
                   "details": {u.id: [f"{len(u.fighters)} figures, Armor dice {u.armor}",
                                      f"carries {len(u.dependants)} casualties or escorts"
                                      if u.dependants else "carries no one"] for u in units},
                   "explain": f"{device.name} ({blast.describe()}) goes off. Its owner picks "
                              "the unit within its reach it attacks (FF-049); the unit "
                              "defends with its Armor dice only (FF-035)."},
        )

    def detonate_decision(self, device: Device, units: list[Unit]) -> Decision:
        """A command IED: the owner says whether it goes off now, seeing who is in reach."""
        blast = self.blast(device)
        owner = device.spec.owner
        best = max(units, key=lambda u: odds(self.g, blast, u)[1])
        who = ", ".join(u.name for u in units)
        pick = "you choose the target" if device.spec.target == "owner" else "a die picks the target"
        return Decision(
            side=owner.value, kind=DecisionKind.CHOOSE,
            prompt=f"{owner.title}: set off {device.name} now?",
            options=(DETONATE, WAIT),
            facts={"module": "ieds", "question": "ieds.detonate", "device": device.id,
                   # a hidden IED's existence is the owner's secret until it goes off: the
                   # other side reads only these words (ambush_gui/core/view.py)
                   **({"secret": f"The {owner.title}s weigh a hidden move"}
                      if device.spec.hidden_sides else {}),
                   "units": [u.id for u in units],
                   "labels": {DETONATE: f"Set it off: {who} in reach ({pick}); at best "
                                        f"{best.name}, {odds_text(self.g, blast, best)}",
                              WAIT: "Wait for a better moment (it goes off only once)"},
                   "explain": f"{device.name} ({blast.describe()}) goes off when its owner says "
                              "(the scenario's trigger). It attacks one unit within reach, which "
                              "defends with its Armor dice only (FF-035)."},
        )

    def command(self, device: Device) -> Procedure:
        units = self.in_reach(device)
        if not units:
            return
        if (yield self.detonate_decision(device, units)) == DETONATE:
            yield from self.go_off(device)

    # -- hooks ----------------------------------------------------------------------------
    def start_turn(self) -> Procedure:
        """The devices timed for this turn go off; command devices with an enemy in reach
        may be set off."""
        for device in self.devices:
            if device.id in self.spent:
                continue
            if device.spec.trigger == "turn" and device.spec.turn == self.g.state.turn:
                yield from self.go_off(device)
            elif device.spec.trigger == "command":
                yield from self.command(device)

    def after_move(self, unit: Unit, plan: MovePlan) -> Procedure:
        """An enemy unit's move: "enter" devices it came within reach of go off; "command"
        devices it ended within reach of may be set off."""
        for device in self.devices:
            if device.id in self.spent or unit.side is device.spec.owner or not unit.alive:
                continue
            if device.spec.trigger == "enter" and self.passed(device, unit, plan):
                yield from self.go_off(device, mover=unit)
            elif device.spec.trigger == "command" and \
                    self.distance(device, unit) <= device.reach + 1e-9:
                yield from self.command(device)
