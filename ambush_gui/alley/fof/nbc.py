"""NBC and MOPP (FF-018..026): MOPP levels and their penalties; Contamination Tests in an NBC environment.

Switched on by ``modules = ["nbc"]``; settings in the scenario's ``[nbc]`` table
(docs/rules/fof-nbc.md)::

    modules = ["nbc"]

    [nbc]
    environment = true        # FF-024: an NBC environment (Contamination Tests)

    [nbc.mopp]                # FF-022: the MOPP level each side starts at (0-4; absent: 0)
    regular = 2

    [nbc.schedule.3]          # from turn 3 on (FF-022)
    regular = 4

MOPP is worn by a whole side (house rule FF-023). MOPP 1-2: −1 on every Reaction Test
(FF-020); MOPP 3-4: −1 and the Optimum Range halved, with no rounding on the free-measure
table (FF-021, house rule FF-023). In an NBC environment every casualty about to roll
First Aid first takes a Contamination Test: 4+ on its unit's Troop Quality die, or it is
killed (FF-024/025, house rule FF-026).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import Field, field_validator

from ambush_gui.alley.model import Figure, Side, Unit
from ambush_gui.alley.modules import RuleModule, Settings, register
from ambush_gui.alley.names import figure_name
from ambush_gui.core.events import Modifier
from ambush_gui.core.game import Procedure

if TYPE_CHECKING:
    from ambush_gui.alley.scenario import ScenarioSpec

LEVELS = range(0, 5)  # FF-018: MOPP 0 to MOPP 4
WHAT = {0: "masks at hand", 1: "suits", 2: "suits and boots", 3: "masks, suits and boots",
        4: "the full ensemble"}  # FF-019..021: what the troops wear at each level


def _levels(v: Any, when: str = "") -> Any:
    """FF-018: a MOPP level is 0 to 4; said in the designer's words when it is not."""
    if isinstance(v, dict):
        for side, level in v.items():
            if isinstance(level, int) and not isinstance(level, bool) and level not in LEVELS:
                raise ValueError(f"{when}MOPP {level} for the {side} side is not a MOPP level: there "
                                 "are five, MOPP 0 (no penalty) to MOPP 4 (the full ensemble) (FF-018)")
    return v


class NbcSettings(Settings):
    """The ``[nbc]`` table of a scenario."""
    NUMBERED: ClassVar[dict[str, str]] = {"schedule": "turn"}  # keyed by number: checked for "04" and "4"

    environment: bool = Field(
        default=False, description="FF-024: an NBC environment: each wounded figure takes a "
                                   "Contamination Test before its First Aid")
    mopp: dict[Side, int] = Field(
        default={}, description="FF-022: the MOPP level (0-4) each side wears at the start; a side "
                                "not named wears MOPP 0")
    schedule: dict[int, dict[Side, int]] = Field(
        default={}, description="FF-022: MOPP changes by turn: turn -> side -> level, from the "
                                "start of that turn on")

    @field_validator("mopp")
    @classmethod
    def _mopp(cls, v: Any) -> Any:
        return _levels(v)

    @field_validator("schedule")
    @classmethod
    def _schedule(cls, v: Any) -> Any:
        if isinstance(v, dict):
            for turn, levels in v.items():
                _levels(levels, f"turn {turn}: ")
        return v


@register
class NbcModule(RuleModule):
    name = "nbc"
    title = "NBC and MOPP"
    rules = "FF-018..026"
    Settings = NbcSettings
    settings: NbcSettings

    def __init__(self, game: Any, settings: Any) -> None:
        super().__init__(game, settings)
        # FF-022: unless the scenario says otherwise, MOPP 0
        self.mopp: dict[Side, int] = {side: self.settings.mopp.get(side, 0) for side in Side}

    # -- the file ---------------------------------------------------------------------
    @classmethod
    def cross_check(cls, spec: ScenarioSpec, settings: Any) -> list[tuple[str, str]]:
        """Every scheduled change comes in a turn the scenario plays."""
        out: list[tuple[str, str]] = []
        for turn in settings.schedule:
            if not 1 <= turn <= spec.turn_limit:
                out.append((f"nbc.schedule.{turn}",
                            f"a MOPP change on turn {turn} never happens: the scenario plays "
                            f"turns 1 to {spec.turn_limit}"))
        return out

    # -- state --------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {"mopp": {side.value: level for side, level in self.mopp.items()}}

    def status(self) -> list[str]:
        parts = []
        for side in Side:
            level = self.mopp[side]
            name = self.g.spec.sides[side].name if side in self.g.spec.sides else side.title
            parts.append(f"{name} MOPP {level}: {penalty_words(level)}")
        out = ["; ".join(parts)]
        if self.settings.environment:
            out.append("NBC environment: a Contamination Test before each First Aid")
        return out

    def unit_status(self, unit: Unit) -> list[str]:
        """On a unit's card: its side's MOPP level and what it costs (its halved range)."""
        level = self.level(unit)
        if level == 0:
            return []
        if level >= 3:
            half = unit.optimum_range / 2 / self.g.m.scale
            return [f"MOPP {level}: Reaction Tests −1, Optimum Range halved to {half:g}\""]
        return [f"MOPP {level}: Reaction Tests −1"]

    def level(self, unit: Unit) -> int:
        """House rule FF-023: MOPP is worn by the whole side."""
        return self.mopp[unit.side]

    # -- hooks --------------------------------------------------------------------------
    def start_turn(self) -> Procedure:
        """FF-022: the scenario's scheduled MOPP changes, at the start of their turn."""
        change = self.settings.schedule.get(self.g.state.turn, {})
        for side, level in change.items():
            if level == self.mopp[side]:
                continue
            self.mopp[side] = level
            name = self.g.spec.sides[side].name if side in self.g.spec.sides else side.title
            self.g.log.emit("mopp", f"{name} go to MOPP {level} ({WHAT[level]}): "
                                    f"{penalty_words(level)}", side=side.value, level=level)
        return
        yield

    def reaction_modifiers(self, unit: Unit) -> list[Modifier]:
        """FF-020/021 (house rule FF-023: added to every other Reaction modifier)."""
        level = self.level(unit)
        if level >= 3:
            return [Modifier(f"MOPP {level} ({WHAT[level]})", -1, "FF-021")]
        if level >= 1:
            return [Modifier(f"MOPP {level} ({WHAT[level]})", -1, "FF-020")]
        return []

    def optimum_range_factor(self, unit: Unit) -> list[float]:
        """FF-021, house rule FF-023: halved at MOPP 3 and 4, not rounded (applied to the
        range another module may have set first, e.g. a mounted unit's)."""
        return [0.5] if self.level(unit) >= 3 else []

    def before_first_aid(self, unit: Unit, fig: Figure) -> Procedure:
        """FF-024/025, house rule FF-026: in an NBC environment a casualty about to roll
        First Aid takes a Contamination Test, 4+ on its unit's Troop Quality die (Pinned
        −1, AA-188, as every Quality Check); a failure kills it. Returns True if it died."""
        if not self.settings.environment:
            return False
        g = self.g
        mods = [Modifier("Pinned", -1, "AA-188")] if unit.pinned else []
        face = g.dice.one(int(unit.tq), f"Contamination Test: {figure_name(fig)}",
                          modifiers=mods, rule="FF-025", side=unit.side.value, unit=unit.id)
        total = face + sum(m.value for m in mods)
        died = total < 4
        g.log.emit("contamination", f"Contamination Test {total} for {figure_name(fig)}: "
                   f"{'fails: the torn suit kills him (KIA)' if died else 'passes: on to First Aid'}",
                   unit=unit.id, figure=fig.id, total=total, died=died)
        return died
        yield


def penalty_words(level: int) -> str:
    """What a MOPP level costs, in a few words (FF-019..021)."""
    if level >= 3:
        return "Reaction Tests −1, Optimum Range halved"
    if level >= 1:
        return "Reaction Tests −1"
    return "no penalty"
