"""Rules options: the readings a player chooses when the rule texts allow two.

Where the seeds truly allow two readings that change how a game plays, the reading is a
named option (DESIGN.md, "Rules options"): chosen when a game starts, stored in the save,
shown in the rules reference and on the victory screen. Each option names the reading
closest to the text as its ``default`` (what a new game plays unless told otherwise) and
the reading the engine played before the option existed as its ``legacy`` value: a save
that records no options (every save made before options existed), or does not name an
option added later, replays with the legacy readings, so old saves replay unchanged.

A registry is plain data (this module knows no rule system); each rule system lists its
own options (``ambush_gui.alley.options``).

>>> reg = Registry((RulesOption("volley", "Volleys", (Reading("one", "One"), Reading("two", "Two")),
...                             default="one", legacy="two", rule_ids=("AA-082",)),))
>>> reg.for_new_game({}), reg.for_replay(None), reg.for_replay({})
({'volley': 'one'}, {'volley': 'two'}, {'volley': 'two'})
>>> reg.parse(["volley=two"])
{'volley': 'two'}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field


class OptionError(ValueError):
    """An option name or value the rule system does not know; says what it knows."""


@dataclass(frozen=True)
class Reading:
    """One value of an option: a short name (stored in saves), a title and what it does."""

    value: str
    title: str
    text: str = ""


@dataclass(frozen=True)
class RulesOption:
    """A rule the texts allow to be read two ways, and the readings the engine plays."""

    name: str
    title: str
    readings: tuple[Reading, ...]
    default: str
    """The reading closest to the text: what a new game plays unless told otherwise."""
    legacy: str
    """The reading the engine played before the option existed: old saves replay with it."""
    rule_ids: tuple[str, ...] = ()
    seed_lines: str = ""
    """Where the texts say it, e.g. "seed 000 lines 125-127"."""
    text: str = ""
    """Why the texts allow two readings, in the program's words."""
    modules: tuple[str, ...] = ()
    """The Force on Force modules whose rules it reads (none for the core game): it is
    offered only for a scenario that switches one of them on (the engine still records it)."""
    offered: bool = True
    """False for a correction: the texts decide, so a new game always plays the default and
    no player is asked; the legacy value is kept only so that older saves replay."""

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(r.value for r in self.readings)

    def reading(self, value: str) -> Reading:
        for r in self.readings:
            if r.value == value:
                return r
        raise OptionError(f"rules option {self.name}: {value!r} is not one of its readings "
                          f"({', '.join(self.values)})")


@dataclass(frozen=True)
class Registry:
    """Every rules option of one rule system, in the order the reference lists them."""

    options: tuple[RulesOption, ...]
    retired: Mapping[str, str] = field(default_factory=dict)
    """Names that were options once, and what became of each (said when one is asked for)."""

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.options)

    def get(self, name: str) -> RulesOption:
        for o in self.options:
            if o.name == name:
                return o
        if name in self.retired:
            raise OptionError(f"{name!r} is a rules option no more: {self.retired[name]}")
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"no rules option named {name!r} (the options are: {known})")

    def check(self, chosen: Mapping[str, str]) -> dict[str, str]:
        """``chosen`` checked: every name known, every value one of its readings."""
        out: dict[str, str] = {}
        for name, value in chosen.items():
            option = self.get(str(name))
            option.reading(str(value))
            out[option.name] = str(value)
        return out

    def for_new_game(self, *layers: Mapping[str, str] | None) -> dict[str, str]:
        """Every option's value for a new game: the defaults, then each layer in turn
        (a scenario's defaults, then what the player chose) overriding the ones it names."""
        out = {o.name: o.default for o in self.options}
        for layer in layers:
            out.update(self.check(layer or {}))
        return out

    def for_replay(self, recorded: Mapping[str, str] | None) -> dict[str, str]:
        """Every option's value for a game replayed from a save: what it records, and the
        legacy reading for every option it does not name (a save older than the option)."""
        out = {o.name: o.legacy for o in self.options}
        out.update(self.check(recorded or {}))
        return out

    def parse(self, items: Iterable[str]) -> dict[str, str]:
        """``NAME=VALUE`` words (the command line's ``--option``) as a checked mapping."""
        out: dict[str, str] = {}
        for item in items:
            name, sep, value = item.partition("=")
            if not sep or not name.strip() or not value.strip():
                raise OptionError(f"--option {item!r}: expected NAME=VALUE")
            out[name.strip()] = value.strip()
        return self.check(out)

    @property
    def offered(self) -> tuple[RulesOption, ...]:
        """The options a player chooses (the corrections are not asked)."""
        return tuple(o for o in self.options if o.offered)

    def describe(self, values: Mapping[str, str]) -> list[tuple[RulesOption, Reading]]:
        """The option and the chosen reading, for each option, in the registry's order."""
        return [(o, o.reading(values.get(o.name, o.default))) for o in self.offered]

    def differs(self, values: Mapping[str, str]) -> list[tuple[RulesOption, Reading]]:
        """The offered options whose value is not the default: what a summary says."""
        return [(o, r) for o, r in self.describe(values) if r.value != o.default]

    def summary(self, values: Mapping[str, str] | None, recorded: bool = True) -> str:
        """One line saying which readings a game plays: the options not at their default
        by name, or that every one is (``recorded=False``: a game that records none, an
        older save, plays the readings of its time)."""
        if not self.offered:
            return ""
        if not recorded:
            return "Rules options: none recorded (an older save), so the readings it was played with"
        changed = self.differs(values or {})
        if not changed:
            return "Rules options: every reading closest to the text"
        rest = "; every other reading closest to the text" if len(changed) < len(self.offered) else ""
        return "Rules options: " + "; ".join(f"{o.title}: {r.title.lower()}" for o, r in changed) + rest

    def details(self, values: Mapping[str, str] | None) -> str:
        """Every offered option and the reading played, one a line (a tooltip's text)."""
        return "\n".join(f"{o.title}: {r.title}" + ("" if r.value != o.default else " (closest to the text)")
                         for o, r in self.describe(values or {}))


EMPTY = Registry(())
