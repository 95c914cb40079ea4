"""Combat stress (FF-087..128): Stress Levels, leaders, Stress Tests, losing and regaining Confidence.

Switched on by ``modules = ["combat_stress"]`` (FF-087); settings in the scenario's
``[combat_stress]`` table (docs/rules/fof-combat-stress.md, "Settings")::

    [combat_stress]
    background = 3                       # FF-088: tired, cut-off troops
    sides = ["regular"]                  # house rule FF-110: who takes Stress Tests
    positive_leaders = [{ figure = "alpha-L", rating = 2 }]
    negative_leaders = [{ figure = "bravo-L", rating = 1 }]

What happens, at the start of every turn after the first (FF-109, house rules FF-101,
FF-114, FF-128), before reinforcements arrive:

1. a unit whose lost Firepower dice now take all it has left is combat ineffective
   (FF-117, house rule FF-118);
2. units that lost confidence in an earlier turn and meet a condition of FF-121..126, as
   things stood at the end of the last turn, may roll to regain it (FF-119..128);
3. each unit's Stress Level is worked out afresh from the modifiers (FF-090..108);
4. each unit takes its Stress Test (FF-111..114); failing loses a Firepower die and a
   Confidence Level (FF-115..118).

The module asks no questions: every step is a roll or a sum. Its per-unit state is in
the module (rebuilt on replay) and mirrored into ``unit.marks`` (``combat_stress.level``,
``combat_stress.lost_dice``) for other modules and the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field, field_validator, model_validator

from ambush_gui.alley import morale, options, pools, victory
from ambush_gui.alley.model import Figure, FigureKind, Side, Unit
from ambush_gui.alley.modules import RuleModule, Settings, once_each, register
from ambush_gui.alley.names import figure_name, name_of
from ambush_gui.alley.scenario import AwardEvent
from ambush_gui.alley.weapons import WEAPONS
from ambush_gui.core.events import Modifier
from ambush_gui.core.game import Procedure
from ambush_gui.core.geometry import min_distance

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.alley.scenario import ScenarioSpec

MAX_BACKGROUND = 6
LEADERSHIP_RULES = frozenset({"FF-096", "FF-100", "FF-105"})
"""The rules of the leaders' Stress Level modifier (:meth:`CombatStressModule.leadership`)."""
"""FF-088 gives 0 as usual and 3 for worn-out troops; above 6 no d6 unit could ever pass."""

CONFIDENCE = ("low", "confident", "high")
"""The Confidence Levels, lowest first (house rule FF-118: Low is the bottom)."""

CONFIDENCE_WORDS = {"low": "Low Confidence", "confident": "Confident", "high": "High Confidence"}

DEFAULT_OBJECTIVES = (AwardEvent.ESCORT_EXITED, AwardEvent.FIGURE_EXITED,
                      AwardEvent.HOT_SPOT_NEUTRALISED, AwardEvent.ZONE_CLEARED)
"""House rule FF-101: the awards that are scenario objectives achieved during play (those
scored at the end, or for each enemy hit, are not)."""

_CREDIT_EVENTS = {"hot_spot", "zone", "hand_off", "exit"}
"""Log events that name the unit that achieved an objective (FF-126)."""


class LeaderSpec(Settings):
    """One Positive or Negative Leader of the scenario's brief (FF-102..104)."""

    figure: Annotated[str, Field(min_length=1, max_length=64,
                                 description="the leader's figure id (a figure of a unit)")]
    rating: int = Field(description="Leadership rating, 1 to 3 (FF-102, FF-104)")

    @model_validator(mode="after")
    def _one_to_three(self) -> LeaderSpec:
        if not 1 <= self.rating <= 3:
            raise ValueError(f"leader {self.figure!r}: a Leadership rating is 1, 2 or 3 (FF-102, "
                             f"FF-104), not {self.rating}")
        return self


class CombatStressSettings(Settings):
    """The ``[combat_stress]`` table of a scenario."""

    background: int = Field(
        default=0, description=f"FF-088: the background Stress Level every unit starts at "
                               f"(0 usually, 3 for worn-out or cut-off troops; 0 to {MAX_BACKGROUND})")
    sides: list[Side] = Field(
        default=[Side.REGULAR], min_length=1, max_length=2,
        description="house rule FF-110: the sides whose units take Stress Tests")
    positive_leaders: list[LeaderSpec] = Field(default=[], max_length=50,
                                               description="FF-102/103: Positive Leaders")
    negative_leaders: list[LeaderSpec] = Field(default=[], max_length=50,
                                               description="FF-103/104: Negative Leaders")
    objectives: list[AwardEvent] = Field(
        default=list(DEFAULT_OBJECTIVES), max_length=len(AwardEvent),
        description="house rule FF-101: the award events that count as a scenario objective "
                    "achieved (FF-093, FF-098, FF-126)")

    @field_validator("sides")
    @classmethod
    def _sides_once(cls, v: list[Side]) -> list[Side]:
        return once_each(v, "side")

    @field_validator("background")
    @classmethod
    def _background(cls, v: int) -> int:
        if not 0 <= v <= MAX_BACKGROUND:
            raise ValueError(f"the background Stress Level is 0 to {MAX_BACKGROUND} (FF-088), not {v}")
        return v


@dataclass
class UnitStress:
    """What the module remembers about one unit."""

    since: int  # the unit's first turn on the table (FF-091 counts the turns after it)
    level: int = 0
    items: list[Modifier] = field(default_factory=list)  # why the level is what it is
    lost: int = 0  # Firepower dice lost to failed Stress Tests (FF-115)
    start_confidence: str = "confident"  # the cap on regained confidence (house rule FF-128)
    lost_turn: int | None = None  # FF-119
    fired_on: set[int] = field(default_factory=set)  # turns it was fired on (FF-094, FF-099)
    taunted: set[int] = field(default_factory=set)  # turns mobs taunted it (FF-095, FF-099)
    objectives: set[int] = field(default_factory=set)  # turns it achieved an objective (FF-126)
    counted: set[str] = field(default_factory=set)  # leaders within reach when the level was
    # worked out (not in the state: rebuilt on replay); one who goes is taken out (leaders_left)

    def snapshot(self) -> dict[str, Any]:
        return {"since": self.since, "level": self.level, "lost": self.lost,
                "start_confidence": self.start_confidence, "lost_turn": self.lost_turn,
                "fired_on": sorted(self.fired_on), "taunted": sorted(self.taunted),
                "objectives": sorted(self.objectives)}


@dataclass(frozen=True)
class Leader:
    """A leader on the table now: his figure, where it is, his sign and rating."""

    figure: Figure
    positive: bool
    rating: int
    name: str = ""  # what a player calls him ("Sergeant"); the figure id when not given

    @property
    def words(self) -> str:
        sign = "Positive" if self.positive else "Negative"
        return f"{sign} Leader {self.name or figure_name(self.figure)} ({self.rating})"


def basic_firepower(unit: Unit) -> int:
    """AA-134/137: one die per armed fighting figure plus its Support Weapon's dice (the
    Firepower before any situation's modifier; FF-116's "basic Firepower")."""
    armed = [f for f in unit.fighters if WEAPONS[f.weapon].armed]
    return len(armed) + sum(WEAPONS[f.weapon].dice for f in armed)


def step_confidence(level: str, by: int, cap: str = "high") -> str:
    """One Confidence Level down (``by=-1``) or up (``by=1``), never below Low (house rule
    FF-118) nor above ``cap`` (house rule FF-128).

    >>> step_confidence("confident", -1), step_confidence("low", -1), step_confidence("low", 1, "low")
    ('low', 'low', 'low')
    """
    i = CONFIDENCE.index(level) if level in CONFIDENCE else 1
    if by < 0:
        return CONFIDENCE[max(0, i + by)]
    top = CONFIDENCE.index(cap) if cap in CONFIDENCE else len(CONFIDENCE) - 1
    return CONFIDENCE[i + by] if i + by <= top else CONFIDENCE[i]


@register
class CombatStressModule(RuleModule):
    name = "combat_stress"
    title = "Combat stress"
    rules = "FF-087..128"
    Settings = CombatStressSettings
    settings: CombatStressSettings

    def __init__(self, game: AlleyGame, settings: Any) -> None:
        super().__init__(game, settings)
        self.units: dict[str, UnitStress] = {}
        self.achieved: dict[str, list[str]] = {s.value: [] for s in Side}  # ledger lines so far
        self._log_seen = 0  # log events already read for objective credit

    # -- the file -----------------------------------------------------------------------
    @classmethod
    def cross_check(cls, spec: ScenarioSpec, settings: Any) -> list[tuple[str, str]]:
        """Each leader is a leader figure of the scenario (FF-102..104: Positive and Negative
        Leaders are leaders, of any rank, never a rifleman), named once, of a side that tests."""
        problems: list[tuple[str, str]] = []
        figures = {fig.id: (fig, u) for u in spec.units for fig in u.figures}
        seen: dict[str, str] = {}
        for key in ("positive_leaders", "negative_leaders"):
            for i, leader in enumerate(getattr(settings, key)):
                path = f"combat_stress.{key}[{i}].figure"
                word = key.split("_")[0].capitalize()
                fig, unit = figures.get(leader.figure, (None, None))
                if fig is None or unit is None:
                    problems.append((path, f"{word} Leader {leader.figure!r}: no figure of that id "
                                           "in the scenario's units (a leader is named by his figure id)"))
                elif leader.figure in seen:
                    problems.append((path, f"{word} Leader {leader.figure!r}: already listed under "
                                           f"{seen[leader.figure]}"))
                elif unit.side not in settings.sides:
                    problems.append((path, f"{word} Leader {leader.figure!r}: a figure of the "
                                           f"{unit.side.value} side, whose units take no "
                                           "Stress Tests (add it to combat_stress.sides)"))
                elif fig.kind is not FigureKind.LEADER:
                    problems.append((path, f"{word} Leader {leader.figure!r}: a {fig.kind.value} of "
                                           f"{unit.name}; expected a figure of kind \"leader\" "
                                           "(FF-102, FF-104)"))
                seen.setdefault(leader.figure, key)
        return problems

    # -- state --------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {"units": {uid: s.snapshot() for uid, s in sorted(self.units.items())},
                "achieved": {k: list(v) for k, v in self.achieved.items()}}

    def status(self) -> list[str]:
        """A few lines for the turn panel: the scenario's leaders (FF-103), the most stressed
        unit, and the units that have lost confidence ("Lost confidence: Fireteam Bravo −1")."""
        figs = self.leader_figures()  # a dead, wounded or captured leader leads nobody
        leaders = "; ".join(f"{self.leader_name(x.figure)}, {'Positive' if positive else 'Negative'} "
                            f"{x.rating}" for x, positive in self.leader_specs() if x.figure in figs)
        out = [f"Stress leaders: {leaders}"] if leaders else []
        live = [(self.g.unit(uid), s) for uid, s in self.units.items() if self.g.unit(uid).alive]
        if live:
            unit, top = max(live, key=lambda us: us[1].level)
            out.append(f"Combat stress: background {self.settings.background}, highest Stress Level "
                       f"{top.level} ({unit.name})")
        shaken = [f"{u.name} −{s.lost}" for u, s in live if s.lost]
        if shaken:
            out.append("Lost confidence: " + ", ".join(shaken))
        return out

    def unit_status(self, unit: Unit) -> list[str]:
        """The unit card: its level, Confidence Level and lost dice, then why the level is
        what it is (FF-090)."""
        s = self.units.get(unit.id)
        if s is None:
            return []
        reasons = ", ".join(str(m) for m in s.items if m.value)
        return [self.summary(unit).removeprefix(f"{unit.name}: ")] + (
            [f"stress from: {reasons}"] if reasons else [])

    def summary(self, unit: Unit) -> str:
        """What stress has done to ``unit``, in the words of the rules."""
        s = self.units.get(unit.id)
        if s is None:
            return f"{unit.name}: takes no Stress Tests"
        words = CONFIDENCE_WORDS.get(unit.confidence, unit.confidence)
        text = f"{unit.name}: Stress Level {s.level}, {words}"
        if s.lost:
            text += f", Firepower −{s.lost} (lost confidence)"
        return text

    def explain(self, unit: Unit) -> list[str]:
        """The modifiers behind ``unit``'s Stress Level, one a line (FF-090)."""
        s = self.units.get(unit.id)
        return [str(m) for m in s.items] if s else []

    # -- hooks ----------------------------------------------------------------------------
    def start_turn(self) -> Procedure:
        """FF-109: at the start of every turn after the first, before reinforcements."""
        g = self.g
        turn = g.state.turn
        self._note_taunts()
        self._track_new_units()
        if turn <= 1:
            for uid, s in self.units.items():
                self._mark(g.unit(uid), s)
            sides = " and ".join(side.title for side in self.settings.sides)
            g.log.emit("stress", f"Combat stress: every {sides} unit starts at Stress Level "
                       f"{self.settings.background} (FF-088, FF-089)", level=self.settings.background)
            return
        self._note_objectives(turn - 1)
        for uid in list(self.units):
            unit = g.unit(uid)
            if unit.alive:
                self._check_effective(unit)
        for uid in list(self.units):
            unit = g.unit(uid)
            if unit.alive:
                self.regain(unit)
        for uid, s in self.units.items():
            unit = g.unit(uid)
            if unit.alive:
                s.items = self.modifiers(unit)
                s.level = max(0, sum(m.value for m in s.items))
                s.counted = self._within_reach(unit)
                self._mark(unit, s)
                g.log.emit("stress", f"{unit.name}: Stress Level {s.level} "
                           f"({', '.join(str(m) for m in s.items)})", unit=unit.id, level=s.level,
                           modifiers=[(m.label, m.value, m.rule) for m in s.items])
        for uid in list(self.units):
            unit = g.unit(uid)
            if unit.alive and not self.stress_test(unit, "start of the turn"):
                self.lose_confidence(unit)
                self.leaders_left()  # FF-109: at once, for the units still to test
        return
        yield

    def end_turn(self) -> Procedure:
        """Note the mobs' taunts of this turn (FF-095) before they can be overwritten."""
        self._note_taunts()
        self.leaders_left()
        return
        yield

    def phase_start(self, side: Side) -> Procedure:
        self.leaders_left()
        return
        yield

    def after_fire(self, target: Unit, attacker: Unit, hits: int) -> Procedure:
        """FF-094/099: the unit was fired on in this turn (whatever the hits); a leader the
        fire took out of the fight leads no more (:meth:`leaders_left`)."""
        s = self.units.get(target.id)
        if s is not None:
            s.fired_on.add(self.g.state.turn)
        self.leaders_left()
        return
        yield

    def after_move(self, unit: Unit, plan: Any) -> Procedure:
        self.leaders_left()  # a mine or an IED on the way
        return
        yield

    def after_blast(self, target: Unit, blast: Any, hits: int) -> Procedure:
        self.leaders_left()
        return
        yield

    def leaders_left(self) -> None:
        """FF-109 (a Stress Test's penalty takes effect at once), FF-096/100/105: a Positive
        or Negative Leader who stops leading (killed, wounded, captured, removed from the
        table, a failed Stress Test's removal too) counts no more. Each unit whose Stress
        Level counted him has its leadership judged again without him, at once, and says so
        in the log. The correction ``stress_leader_who_left``: its legacy reading kept the
        levels of the turn's start, the leader in them, until the next turn."""
        if options.reading(self.g, options.STRESS_LEADER_GONE) != "counts_no_more":
            return
        figs = self.leader_figures()
        for uid, s in self.units.items():
            gone = sorted(fid for fid in s.counted if fid not in figs)
            unit = self.g.unit(uid)
            if not gone or not unit.alive:
                continue
            before = s.level
            lead = self.leadership(unit)
            at = next((i for i, m in enumerate(s.items) if m.rule in LEADERSHIP_RULES), len(s.items))
            rest = [m for m in s.items if m.rule not in LEADERSHIP_RULES]
            s.items = rest[:at] + ([lead] if lead is not None else []) + rest[at:]
            s.level = max(0, sum(m.value for m in s.items))
            s.counted = self._within_reach(unit)
            self._mark(unit, s)
            who = "; ".join(f"{self.leader_name(fid)} ({self._gone_why(fid)})" for fid in gone)
            self.g.log.emit("stress", f"{unit.name}: Stress Level {before} → {s.level}: {who} no "
                            f"longer lead{'s' if len(gone) == 1 else ''} (FF-109; "
                            f"{', '.join(str(m) for m in s.items)})", unit=unit.id, level=s.level,
                            gone=gone, modifiers=[(m.label, m.value, m.rule) for m in s.items])

    def _gone_why(self, fid: str) -> str:
        """Why leader figure ``fid`` leads no more, in a few words."""
        why = next((w for f, w in reversed(self.g.state.removed) if f.id == fid), None)
        if why is not None:
            return why
        fig = next((f for u in self.g.state.units.values() for f in u.figures if f.id == fid), None)
        if fig is not None and fig.captive:
            return "captured"
        if fig is not None and not fig.fighting:
            return "a casualty"
        return "off the table"

    def _within_reach(self, unit: Unit) -> set[str]:
        """The leaders whose rating the unit's Stress Level may count (within the widest reach)."""
        return {x.figure.id for x in self.leaders(unit, max(self.leader_radius("modifier"),
                                                            self.leader_radius("mixed")))}

    def firepower_modifiers(self, attacker: Unit, target: Unit) -> list[Modifier]:
        """FF-115: one Firepower die fewer for each time the unit lost confidence."""
        s = self.units.get(attacker.id)
        if s is None or not s.lost:
            return []
        return [Modifier("lost confidence (combat stress)", -s.lost, "FF-115")]

    # -- the Stress Level ---------------------------------------------------------------
    def modifiers(self, unit: Unit) -> list[Modifier]:
        """FF-090..108, house rule FF-101: the unit's Stress Level this turn, worked out
        afresh from the background and every modifier (they add together), never below 0."""
        g, s = self.g, self.units[unit.id]
        turn = g.state.turn
        last = turn - 1
        out = [Modifier("background Stress Level", self.settings.background, "FF-088")]
        after_first = turn - s.since
        if after_first > 0:
            out.append(Modifier(f"for {after_first} turn{'s' if after_first != 1 else ''} after the first",
                                after_first, "FF-091"))
        if unit.dependants or any(f.injury.value != "none" for f in unit.figures):
            out.append(Modifier("Dependants or Wounded in the unit", 1, "FF-092"))
        theirs = len(self.achieved[unit.side.enemy.value])
        if theirs:
            out.append(Modifier(f"for {theirs} {unit.side.enemy.title} objective{'s' if theirs != 1 else ''} "
                                "achieved", theirs, "FF-093"))
        if last in s.fired_on:
            out.append(Modifier("fired on last turn", 1, "FF-094"))
        if last in s.taunted:
            out.append(Modifier("taunted by a mob last turn", 1, "FF-095"))
        lead = self.leadership(unit)
        if lead is not None:
            out.append(lead)
        shelter = self.sheltered(unit)
        if shelter:
            out.append(Modifier(shelter, -1, "FF-097"))
        ours = len(self.achieved[unit.side.value])
        if ours:
            out.append(Modifier(f"for {ours} {unit.side.title} objective{'s' if ours != 1 else ''} achieved",
                                -ours, "FF-098"))
        quiet = sum(1 for t in range(s.since, turn) if t not in s.fired_on and t not in s.taunted)
        if quiet:
            out.append(Modifier(f"for {quiet} turn{'s' if quiet != 1 else ''} not under fire or taunted",
                                -quiet, "FF-099"))
        return out

    def sheltered(self, unit: Unit) -> str:
        """FF-097 (house rule FF-101: −1 once even when both hold): why the unit is
        sheltered from stress, or "" when it is not. No enemy in sight; else Solid Cover
        (AA-124, house rule AA-127) from every enemy unit that sees it."""
        g = self.g
        seen_by = [e for e in g.enemies(unit) if g.sees(e, unit)]
        if not seen_by:
            return "sees no enemy"
        if all(pools.solid_cover(g, unit, e) for e in seen_by):
            return "in Solid Cover"
        return ""

    def leaders(self, unit: Unit, radius: float) -> list[Leader]:
        """The unit's own side's leaders on the table within ``radius`` inches (house rule
        AA-005: measured to the unit's nearest figure); a wounded or captured leader leads
        nobody (DC-001). The one place every leader effect (FF-096, FF-100, FF-105, FF-111,
        FF-121) finds its leaders: a leader alone in his unit, with no other fighting figure
        in it, does not lead himself (correction ``stress_leader_on_himself``)."""
        g = self.g
        out: list[Leader] = []
        figs = self.leader_figures()
        pts = unit.points()
        reach = radius * g.m.scale
        himself = options.reading(g, options.STRESS_LONE_LEADER) == "counts_himself"
        for spec, positive in self.leader_specs():
            fig = figs.get(spec.figure)
            if fig is None or fig.side is not unit.side:
                continue
            if not himself and all(f is fig or not f.fighting for f in unit.figures):
                continue  # his unit is himself alone: he has no men to lead
            if min_distance(pts, _xy(fig)) <= reach + 1e-9:
                out.append(Leader(fig, positive, spec.rating, self.leader_name(fig.id)))
        return out

    def leadership(self, unit: Unit) -> Modifier | None:
        """FF-096, FF-100, FF-105..108: the leaders' stress modifier. Rules option
        ``stress_leader_radius`` (house rule FF-108): "as_written" counts a leader within 6"
        and judges mixed leadership within 8"; "eight" uses 8" for both. Of several leaders
        of one sign only the best counts; mixed leadership applies the difference of the
        best of each in the larger one's direction (equal ratings: none)."""
        near = self.leader_radius("modifier")
        mixed = self.leader_radius("mixed")
        pos8 = max((x.rating for x in self.leaders(unit, mixed) if x.positive), default=0)
        neg8 = max((x.rating for x in self.leaders(unit, mixed) if not x.positive), default=0)
        if pos8 and neg8:  # FF-105
            diff = neg8 - pos8
            if diff == 0:
                return None
            words = (f"mixed leadership (Negative {neg8} against Positive {pos8} within "
                     f"{mixed:g}\")")
            return Modifier(words, diff, "FF-105")
        here = self.leaders(unit, near)
        pos = max((x.rating for x in here if x.positive), default=0)
        neg = max((x.rating for x in here if not x.positive), default=0)
        if pos:
            return Modifier(f"Positive Leader within {near:g}\" (rating {pos})", -pos, "FF-100")
        if neg:
            return Modifier(f"Negative Leader within {near:g}\" (rating {neg})", neg, "FF-096")
        return None

    def leader_radius(self, what: str) -> float:
        """House rule FF-108 / rules option ``stress_leader_radius``: how far a leader reaches
        for the stress modifier ("modifier"), mixed leadership, Stress Test dice and
        regaining confidence (8" in the text)."""
        if what == "modifier" and options.reading(self.g, options.STRESS_LEADER_RADIUS) == "as_written":
            return 6.0
        return 8.0

    # -- the Stress Test ----------------------------------------------------------------
    def stress_test(self, unit: Unit, why: str) -> bool:
        """FF-111..114: one Quality die per fighting figure, +1 die for a Positive Leader
        within 8", −1 for each Negative Leader within 8"; each die at or above the unit's own
        Stress Level holds. House rule FF-114: more dice below fail; a tie passes; a unit
        left with no die fails; at level 0 or 1 every die holds, so none is thrown."""
        g, s = self.g, self.units[unit.id]
        level = s.level
        n = len(unit.fighters)
        items = [Modifier(f"{n} figure{'s' if n != 1 else ''}", n, "FF-111")]
        reach = self.leader_radius("dice")
        near = self.leaders(unit, reach)
        if any(x.positive for x in near):
            best = max((x for x in near if x.positive), key=lambda x: x.rating)
            items.append(Modifier(f"{best.words} within {reach:g}\"", 1, "FF-111"))
        for x in near:
            if not x.positive:
                items.append(Modifier(f"{x.words} within {reach:g}\"", -1, "FF-111"))
        dice = max(0, sum(m.value for m in items))
        purpose = f"Stress Test: {unit.name} ({why}), Stress Level {level}"
        if level <= 1:
            g.log.emit("stress", f"{purpose}: every die holds at Stress Level {level}, so "
                       f"{unit.name} passes without a roll (FF-112)", unit=unit.id, passed=True)
            return True
        if dice == 0:
            why_none = ", ".join(str(m) for m in items)
            g.log.emit("stress", f"{purpose}: no die left to throw ({why_none}), so {unit.name} "
                       "fails (house rule FF-114)", unit=unit.id, passed=False)
            return False
        faces = g.dice.roll(int(unit.tq), dice, purpose, items, f"each die of {level}+ holds",
                            side=unit.side.value, unit=unit.id, rule="FF-111")
        held = sum(1 for f in faces if f >= level)
        broke = dice - held
        ok = broke <= held  # FF-112/113; house rule FF-114: a tie passes
        verdict = "passes its Stress Test" if ok else "fails its Stress Test"
        if ok and held == broke:
            verdict += " on a tie (house rule FF-114)"
        g.log.emit("stress", f"{unit.name} {verdict}: {held} held, {broke} below {level}",
                   unit=unit.id, passed=ok, held=held, below=broke, level=level)
        return ok

    def lose_confidence(self, unit: Unit) -> None:
        """FF-115/116: one Firepower die and one Confidence Level lost (house rule FF-118:
        Low is the bottom); FF-117: out of Firepower dice, the unit is combat ineffective."""
        g, s = self.g, self.units[unit.id]
        s.lost += 1
        s.lost_turn = g.state.turn
        before = unit.confidence
        unit.confidence = step_confidence(before, -1)
        self._mark(unit, s)
        after = CONFIDENCE_WORDS[unit.confidence]
        now = (f"{CONFIDENCE_WORDS.get(before, before)} → {after}" if unit.confidence != before
               else f"stays {after} (house rule FF-118)")
        left = basic_firepower(unit) - s.lost
        g.log.emit("confidence", f"{unit.name} loses confidence: Firepower {basic_firepower(unit)}D → "
                   f"{max(0, left)}D, {now} (FF-115)", unit=unit.id, lost=s.lost,
                   confidence=unit.confidence)
        self._check_effective(unit)

    def _check_effective(self, unit: Unit) -> None:
        """FF-117, house rule FF-118: a unit whose lost dice take every Firepower die it has
        left (casualties shrink what it has) is combat ineffective and leaves the table."""
        s = self.units[unit.id]
        if s.lost and basic_firepower(unit) - s.lost <= 0:
            led = [(f, self.leading(f.id)) for f in unit.figures]
            leads = "".join(f"; {self.leader_name(f.id)}, a {'Positive' if x[0] else 'Negative'} "
                            "Leader, leads no more" for f, x in led if x)
            self.g.log.emit("stress", f"{unit.name} has lost all its Firepower dice to stress: combat "
                            f"ineffective, it leaves the table (FF-117){leads}", unit=unit.id)
            morale.remove_unit(self.g, unit, "combat ineffective")

    # -- regaining confidence -------------------------------------------------------------
    def regain_reasons(self, unit: Unit) -> list[str]:
        """FF-120..126: the conditions that let the unit try to regain confidence, as things
        stand at the end of the last turn (house rule FF-128: judged at the start of the
        next turn, before the Stress Level and Test)."""
        g, s = self.g, self.units[unit.id]
        last = g.state.turn - 1
        reach = self.leader_radius("regain")
        out: list[str] = []
        if any(x.positive for x in self.leaders(unit, reach)):
            out.append(f"a Positive Leader within {reach:g}\" (FF-121)")
        if last not in s.fired_on and self.in_cover(unit):
            out.append("not fired on last turn and In Cover (FF-122)")
        if not any(g.sees(e, unit) for e in g.enemies(unit)):
            out.append("in no enemy's line of sight (FF-123)")
        if g.modules.first("stress_air_support", unit, last, default=False):
            out.append("Air Support last turn (FF-124)")
        if g.modules.first("stress_friendly_armour", unit, default=False):
            out.append("friendly armoured vehicle in sight (FF-125)")
        if last in s.objectives:
            out.append("achieved a scenario objective last turn (FF-126)")
        return out

    def in_cover(self, unit: Unit) -> bool:
        """FF-122: In Cover: not Exposed (AA-126, a figure within 2" of cover) or Hunkered
        Down (AA-121/122)."""
        return not pools.exposed(self.g, unit) or pools.hunkered_down(self.g, unit)

    def regain(self, unit: Unit) -> bool:
        """FF-119..128: a unit that lost confidence in an earlier turn (never the turn it
        lost it) and meets a condition takes a Stress Test at its last Stress Level; passing
        gives back one Firepower die and (house rule FF-128) one Confidence Level, never
        above the level it started the game at. Returns whether it regained."""
        g, s = self.g, self.units[unit.id]
        if not s.lost or s.lost_turn == g.state.turn:  # FF-119
            return False
        reasons = self.regain_reasons(unit)
        if not reasons:
            return False
        g.log.emit("confidence", f"{unit.name} may try to regain confidence: {'; '.join(reasons)}",
                   unit=unit.id, reasons=reasons)
        if not self.stress_test(unit, "to regain confidence"):
            return False
        s.lost -= 1
        before = unit.confidence
        unit.confidence = step_confidence(before, 1, s.start_confidence)
        self._mark(unit, s)
        g.log.emit("confidence", f"{unit.name} regains confidence: one Firepower die back "
                   f"(now −{s.lost}), {CONFIDENCE_WORDS[unit.confidence]} (FF-127, FF-128)",
                   unit=unit.id, lost=s.lost, confidence=unit.confidence)
        return True

    # -- bookkeeping ------------------------------------------------------------------------
    def _track_new_units(self) -> None:
        """FF-089: every unit of a testing side starts at the background level; a unit
        first seen after turn 1 arrived in the last turn (reinforcements come after this)."""
        g = self.g
        turn = g.state.turn
        for u in g.state.units.values():
            if u.id in self.units or u.side not in self.settings.sides or not u.alive:
                continue
            b = self.settings.background
            s = UnitStress(since=max(1, turn - 1), level=b, start_confidence=u.confidence,
                           items=[Modifier("background Stress Level", b, "FF-088")])
            self.units[u.id] = s
            self._mark(u, s)

    def _note_taunts(self) -> None:
        """FF-095: the civilians module marks the turn a mob last taunted a unit."""
        for uid, s in self.units.items():
            t = self.g.unit(uid).marks.get("civilians.taunted_turn")
            if isinstance(t, int):
                s.taunted.add(t)

    def _note_objectives(self, turn: int) -> None:
        """House rule FF-101: the scenario objectives achieved so far are the lines the score
        ledger would hold now for the awards named in ``objectives`` (victory.py's own
        scorers, on a scratch ledger). New lines were achieved in ``turn``; FF-126 credits a
        unit named by an event of that turn that achieves one (a Hot Spot, a zone, an exit)."""
        g = self.g
        wanted = set(self.settings.objectives)
        awards = [a for a in g.spec.victory.all_awards() if a.event in wanted and a.event in victory.SCORERS]
        new_sides: set[str] = set()
        for a, why, shown in victory.tally(g, awards):
            side = a.side
            if why not in self.achieved[side.value]:  # the ledger's words: the state hash has them
                self.achieved[side.value].append(why)
                new_sides.add(side.value)
                g.log.emit("stress", f"Combat stress: {side.title} objective achieved — {shown} "
                           "(FF-093, FF-098)", side=side.value, objective=why)
        events = g.log.events[self._log_seen:]
        self._log_seen = len(g.log.events)
        for e in events:
            uid = e.data.get("unit")
            if e.kind in _CREDIT_EVENTS and uid in self.units:
                if g.unit(uid).side.value in new_sides:
                    self.units[uid].objectives.add(turn)

    def leader_name(self, fid: str) -> str:
        """What a player calls leader figure ``fid`` (alley/names.py): the name of the unit
        he leads alone ("Sergeant"), else "<unit>, leader"; the id only when it is nowhere."""
        return name_of(self.g, fid)

    def leader_specs(self) -> list[tuple[LeaderSpec, bool]]:
        return ([(x, True) for x in self.settings.positive_leaders]
                + [(x, False) for x in self.settings.negative_leaders])

    def leader_figures(self) -> dict[str, Figure]:
        """The leaders' figures that lead now: on the table, in a unit, fighting, free."""
        wanted = {x.figure for x, _ in self.leader_specs()}
        if not wanted:
            return {}
        return {f.id: f for u in self.g.state.units.values() if u.on_table
                for f in u.figures if f.id in wanted and f.fighting and not f.captive}

    def leading(self, fid: str) -> tuple[bool, int] | None:
        """(positive, rating) when figure ``fid`` is a Positive or Negative Leader who leads
        now (on the table, fighting, free); None otherwise."""
        fig = self.leader_figures().get(fid)
        if fig is None:
            return None
        return next(((positive, spec.rating) for spec, positive in self.leader_specs()
                     if spec.figure == fid), None)

    def mixed_possible(self, fid: str) -> bool:
        """Whether leader ``fid``'s side still has a leading leader of the other sign, so
        that mixed leadership (FF-105) can apply within his 8\"."""
        figs = self.leader_figures()
        fig, mine = figs.get(fid), self.leading(fid)
        if fig is None or mine is None:
            return False
        return any(positive is not mine[0] and spec.figure in figs
                   and figs[spec.figure].side is fig.side
                   for spec, positive in self.leader_specs())

    def _mark(self, unit: Unit, s: UnitStress) -> None:
        """The facts other modules and the table read (plain data, in the state hash)."""
        unit.marks["combat_stress.level"] = s.level
        unit.marks["combat_stress.lost_dice"] = s.lost


def _xy(fig: Figure) -> Any:
    import numpy as np

    return np.array([[fig.x, fig.y]], dtype=float)
