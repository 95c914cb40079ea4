"""Ambush! mission files: the map, the Mission Card, the German soldier cards, the paragraphs
and the US squad, as pydantic models, with loading and the cross-checks.

The seeds refer to a paragraph booklet, a Mission Card and soldier cards but print none of
them (AR-006). A mission file (TOML, ``system = "ambush"``, ``kind = "mission"``) supplies
all of it as data; ``docs/rules/ambush-paragraphs.md`` describes the format and the house
rules behind it. Loading validates the shape with pydantic, then :func:`cross_check` finds
what a schema cannot say (a paragraph pointing nowhere, a card missing a Condition column,
a hex off the map, a loop of "go to" with no way out, unknown weapons, a German number used
twice...). Every problem is reported at once, naming the file, the path in it and what was
expected, as :class:`~ambush_gui.core.errors.ScenarioError`. Paragraphs no Mission Card
entry, soldier card or other paragraph leads to are only warned about
(:attr:`Mission.warnings`).

Words, from the rulebook:

- A **Condition** ("A", "B"...) is the Mission Card in force; the German cards have one
  Action Number column per Condition (AR-110). A paragraph may change it (AR-123).
- A **Paragraph Check** reads the paragraph the Mission Card gives the hex (or area) a US
  soldier enters (AR-003). The **Event column** is read with 2d6 (AR-029).
- The **red references** are arrows from hex to hex that a moving German follows (AR-112).
- A paragraph's options are **bulleted** (the one that applies) or **numbered** (the first
  that applies) (AR-111); each has a condition (:class:`Cond`) and actions (:class:`Act`).

>>> m = Mission.load(SCENARIOS / "ambush-tutorial.toml")
>>> m.name, m.spec.card.start, m.german(1).letter
('ambush-tutorial', 'A', 'A')
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from pathlib import Path
from typing import Any

from ambush_gui.ambush.charts import Charts, Side
from ambush_gui.ambush.mission.checks import check, cross_check, warnings
from ambush_gui.ambush.mission.migrate import (
    CrewPair,
    crew_keys,
    crew_pairs,
    crew_share,
    infer_outcome,
    migrate,
    migrate_crew,
)
from ambush_gui.ambush.mission.schema import (
    ACTION_NUMBERS,
    DEFAULT_ROUND_LIMIT,
    DEFAULT_TURN_LIMIT,
    FORMAT,
    HIM,
    MAX_GERMANS,
    MAX_HOPS,
    MAX_LIST,
    MAX_PARAGRAPHS,
    MAX_POINTS,
    MAX_SQUAD,
    SCENARIOS,
    SELF_PRESERVATION,
    Act,
    Activate,
    Cond,
    EndResult,
    GermanCard,
    Level,
    ListStyle,
    MapSpec,
    MissionSpec,
    MoveKind,
    OptionSpec,
    Outcome,
    ParagraphSpec,
    Reaction,
    SquadSoldier,
    map_of,
    span_labels,
)
from ambush_gui.ambush.mission.stand_in import stand_in, under
from ambush_gui.ambush.mission.words import describe, draft_problems, paragraph_refs
from ambush_gui.ambush.model import Soldier, WeaponState
from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.files import check_model, read_data, validate
from ambush_gui.core.hexgrid import Hex, HexMap

__all__ = [
    "ACTION_NUMBERS", "Act", "Activate", "Cond", "CrewPair", "DEFAULT_ROUND_LIMIT",
    "DEFAULT_TURN_LIMIT", "EndResult", "FORMAT", "GermanCard", "HIM", "Level", "ListStyle",
    "MAX_GERMANS", "MAX_HOPS", "MAX_LIST", "MAX_PARAGRAPHS", "MAX_POINTS", "MAX_SQUAD",
    "MapSpec", "Mission", "MissionSpec", "MoveKind", "OptionSpec", "Outcome", "ParagraphSpec",
    "Reaction", "SCENARIOS", "SELF_PRESERVATION", "SquadSoldier", "check", "crew_keys",
    "crew_pairs", "crew_share", "cross_check", "describe", "draft_problems", "infer_outcome",
    "map_of", "migrate", "migrate_crew", "paragraph_refs", "shipped", "span_labels", "warnings",
]


# -- the mission -------------------------------------------------------------------------------


class Mission:
    """A validated mission: the map, the card, the soldier cards and the paragraphs."""

    scale: float = 1.0  # saves record a scenario's scale; a hex map has none

    def __init__(self, spec: MissionSpec, source: str = "", charts: Charts | None = None,
                 migrated: list[tuple[str, str]] | None = None, data: Any = None,
                 checked: list[tuple[str, str]] | None = None) -> None:
        self.spec = spec
        self.source = source
        self.charts = charts or Charts.default()
        self.migrated = list(migrated or [])
        """What loading a format 1 file inferred (path, what)."""
        found = checked if checked is not None else warnings(spec, self.charts)  # once only
        self.warnings: list[tuple[str, str]] = self.migrated + found
        """Doubtful but playable (path, what): inferred outcomes, paragraphs nothing leads to,
        paragraphs that score again and again."""
        self._data = data if data is not None else self.to_data()
        self._paragraphs = {p.number: p for p in spec.paragraphs}
        self._germans = {g.number: g for g in spec.germans}

    # -- loading -------------------------------------------------------------------------------
    @classmethod
    def from_data(cls, data: Any, source: str = "<data>", charts: Charts | None = None) -> Mission:
        """Validate ``data`` (format 1 is migrated first): every problem at once, as a
        :class:`ScenarioError` whose message names the places in the designer's words."""
        charts = charts or Charts.default()
        data, migrated = migrate(data)
        data, crewed = migrate_crew(data, charts)
        migrated += crewed

        def said(path: str, what: str) -> tuple[str, str]:
            return describe(data, path, what)

        try:
            spec = validate(MissionSpec, data, source, ScenarioError)
        except ScenarioError as exc:
            named = {p for p, _ in exc.problems}
            more = [p for p in draft_problems(data) if p[0] not in named]
            more += [p for p in _checked_around(data, exc.problems, charts)
                     if p[0] not in named and p not in more]
            raise ScenarioError(source, exc.problems + more, said) from None
        problems, warned = check(spec, charts)
        if problems:
            raise ScenarioError(source, problems, said)
        return cls(spec, source, charts, migrated, data, checked=warned)

    def describe(self, path: str, what: str) -> tuple[str, str]:
        """A problem or warning's place in the designer's words (see :func:`describe`)."""
        return describe(self._data, path, what)

    @classmethod
    def load(cls, path: str | Path, charts: Charts | None = None) -> Mission:
        return cls.from_data(read_data(path, ScenarioError), str(path), charts)

    def to_data(self) -> dict[str, Any]:
        """Plain data (embedded in saves, so a save outlives edits to the shipped file)."""
        return self.spec.model_dump(mode="json", exclude_none=True, by_alias=True)

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def title(self) -> str:
        return self.spec.title

    # -- look-ups ------------------------------------------------------------------------------
    def paragraph(self, number: int) -> ParagraphSpec:
        try:
            return self._paragraphs[number]
        except KeyError:
            raise KeyError(f"{self.name}: no paragraph {number}") from None

    def german(self, number: int) -> GermanCard:
        """The soldier card of German ``number`` (AR-007)."""
        try:
            return self._germans[number]
        except KeyError:
            raise KeyError(f"{self.name}: no German card numbered {number}") from None

    @cached_property
    def map(self) -> HexMap:
        return map_of(self.spec.map, self.charts)

    @cached_property
    def areas(self) -> dict[str, frozenset[Hex]]:
        return {name: frozenset(Hex.from_label(lb) for s in spans for lb in span_labels(s))
                for name, spans in self.spec.map.areas.items()}

    def places(self, places: Iterable[str]) -> frozenset[Hex]:
        """Hex numbers and area names -> the hexes."""
        out: set[Hex] = set()
        for p in places:
            out |= {Hex.from_label(p)} if p.isdigit() else self.areas[p]
        return frozenset(out)

    def check_paragraph(self, h: Hex, condition: str) -> int | None:
        """The Paragraph Check of hex ``h`` under ``condition`` (AR-003): the hex's own entry,
        else its area's, else None (house rule AR-006)."""
        area_hit: int | None = None
        for c in self.spec.card.checks:
            if c.when and condition not in c.when:
                continue
            for place in c.at:
                if place.isdigit():
                    if Hex.from_label(place) == h:
                        return c.paragraph
                elif area_hit is None and h in self.areas[place]:
                    area_hit = c.paragraph
        return area_hit

    def event_paragraph(self, total: int, condition: str) -> int | None:
        """The Event column's paragraph for a 2d6 ``total`` under ``condition`` (AR-029)."""
        over = self.spec.conditions[condition].events
        return over.get(total, self.spec.card.events.get(total))

    def references(self, condition: str) -> dict[Hex, Hex]:
        """The red references in force: hex -> the next hex (AR-112)."""
        out: dict[Hex, Hex] = {}
        for ref in self.spec.card.references:
            if ref.when and condition not in ref.when:
                continue
            hexes = [Hex.from_label(lb) for lb in ref.path]
            out.update(zip(hexes, hexes[1:], strict=False))
        return out

    def activation_points(self, number: int) -> int:
        """Points scored when German ``number`` is activated (AR-010, house rule AR-011)."""
        pts = self.german(number).points
        return self.spec.victory.activation if pts is None else pts

    def level(self, points: int) -> Level:
        """The victory level a total reaches (the lowest when it reaches none)."""
        for lv in self.spec.victory.levels:
            if points >= lv.min:
                return lv
        return self.spec.victory.levels[-1]

    def result(self, points: int) -> str:
        """The name of the victory level a total reaches."""
        return self.level(points).result

    # -- soldiers ------------------------------------------------------------------------------
    def german_soldier(self, number: int, extra: Iterable[str] = ()) -> Soldier:
        """A German's counter from his card, off the map until activated (AR-007, AR-008)."""
        g = self.german(number)
        sid = f"g{number}"
        return Soldier(sid, Side.GERMAN, g.name, ar=g.ar, mpa=g.mpa, ws=g.ws, per=g.per,
                       ldr=g.ldr, letter=g.letter, number=g.number,
                       weapons=[WeaponState(f"{sid}-{k}-{i}", k)
                                for i, k in enumerate([*g.weapons, *extra])])

    @cached_property
    def _crew(self) -> list[CrewPair]:
        return crew_pairs([s.weapons for s in self.spec.squad], crew_keys(self.charts))[0]

    def us_soldiers(self) -> list[Soldier]:
        """The squad, off the map until they enter (AR-012). A crew weapon two of them carry
        is not among their own weapons: see :meth:`crew_weapons`."""
        pieces = {p for _, a, b in self._crew for p in (a, b)}
        return [Soldier(s.id, Side.US, s.name, ar=s.ar, mpa=s.mpa, ws=s.ws, per=s.per, ldr=s.ldr,
                        weapons=[WeaponState(f"{s.id}-{k}-{j}", k) for j, k in enumerate(s.weapons)
                                 if (i, j) not in pieces],
                        ammo=list(s.ammo), port_boxes=s.port_boxes)
                for i, s in enumerate(self.spec.squad)]

    def crew_weapons(self) -> list[WeaponState]:
        """The squad's crew weapons, each carried in pieces by its two soldiers (FC-053,
        FC-054), not prepared (FC-052): its id is the first carrier's weapon id."""
        out = []
        for key, (a, ja), (b, _) in self._crew:
            first, second = crew_share(self.charts.weapon(key).port_boxes or 0)
            sa, sb = self.spec.squad[a], self.spec.squad[b]
            out.append(WeaponState(f"{sa.id}-{key}-{ja}", key,
                                   carriers={sa.id: first, sb.id: second}))
        return out


def _checked_around(data: Any, problems: list[tuple[str, str]], charts: Charts) -> list[tuple[str, str]]:
    """The cross-checks' problems with the rest of a draft the schema refused: each refused
    part stood in for (:func:`stand_in`), so every independent problem is listed at once and
    not one after another as the designer fixes them."""
    mended, stood = stand_in(data, problems)
    if not stood:
        return []
    spec, _ = check_model(MissionSpec, mended)
    if spec is None:
        return []
    return [p for p in check(spec, charts)[0] if not under(p[0], stood)]


def shipped() -> list[Path]:
    """The shipped mission files."""
    return sorted(p for p in SCENARIOS.glob("ambush-*.toml"))
