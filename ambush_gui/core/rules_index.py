"""The rules index: every rule ID the program can show, in the program's own words.

The engine cites the rules checklist by ID in its events and modifiers (``AR-112``); the
rules reference (F1) lets the player look any of them up. Each ID has a one-line
statement (``ambush_gui/data/rules_statements.toml``, written for the program) and, for a
GAP the rules leave open, the house rule the engine plays: its reading and why
(``ambush_gui/data/house_rules.json``, written from docs/rules/ by
``tools/gen_house_rules.py``). Both ship inside the package, so the installed program
needs no docs/ folder; they are read on first use.

>>> index = RulesIndex.load()
>>> index.entry("AR-107").statement.startswith("Evasive movement")
True
>>> index.entry("AR-107").house_rules[0].title
'Evasive movement'
>>> [e.rule_id for e in index.search("AA-074..076")]
['AA-074', 'AA-075', 'AA-076']
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources

from ambush_gui.core.rule_ids import find_ids, system_of

SYSTEM_PREFIXES: dict[str, tuple[str, ...]] = {
    "alley": ("AA", "CT", "DC", "FF"),
    "ambush": ("AR", "FC"),
}
"""The checklist sections of each game, in the order the reference lists them."""

PREFIX_NAMES: dict[str, str] = {
    "AA": "Ambush Alley",
    "CT": "Contracting Trouble!",
    "DC": "Dependants and Casualties",
    "AR": "Ambush! Action Rounds",
    "FC": "Ambush! Fire Combat",
    "FF": "Force on Force",
}


@dataclass(frozen=True)
class HouseRule:
    """A section of docs/rules/: the engine's reading of a gap (or a note or topic)."""

    ids: tuple[str, ...]
    title: str
    file: str
    kind: str
    text: str
    """Markdown: the **Reading.** and **Why.** paragraphs, without seed quotes or test names."""


@dataclass(frozen=True)
class RuleEntry:
    """One checklist ID: what the rule says and, if any, the house rules that answer it."""

    rule_id: str
    statement: str
    section: str
    house_rules: tuple[HouseRule, ...] = field(default=())

    @property
    def kind(self) -> str:
        """``"gap"`` (the rules leave it open), ``"example"`` or ``"rule"``."""
        if self.statement.startswith("Open:"):
            return "gap"
        return "example" if self.statement.startswith("Example:") else "rule"

    @property
    def system(self) -> str:
        return system_of(self.rule_id)

    @cached_property
    def _text(self) -> str:
        """Everything a search looks in, lower case (built once: a search runs per keystroke)."""
        return " ".join([self.rule_id, self.statement, self.section]
                        + [h.title + " " + h.text for h in self.house_rules]).lower()

    def matches(self, words: list[str]) -> bool:
        """Every word is in the ID, the statement, the section or a house rule."""
        return all(w in self._text for w in words)


class RulesIndex:
    """Every entry by ID, with the house-rule topics that name no ID."""

    def __init__(self, entries: dict[str, RuleEntry], topics: tuple[HouseRule, ...]) -> None:
        self.entries = entries
        self.topics = topics

    @classmethod
    @cache
    def load(cls) -> RulesIndex:
        """Read the shipped data (once)."""
        data = resources.files("ambush_gui") / "data"
        statements = tomllib.loads((data / "rules_statements.toml").read_text(encoding="utf-8"))
        sections = json.loads((data / "house_rules.json").read_text(encoding="utf-8"))["sections"]
        rules = [HouseRule(tuple(s["ids"]), s["title"], s["file"], s["kind"], s["text"]) for s in sections]
        starts = sorted(statements["sections"].items())
        entries: dict[str, RuleEntry] = {}
        for rid, text in statements["rules"].items():
            heads = [name for start, name in starts if start[:2] == rid[:2] and start <= rid]
            # A section headed by the ID comes before one that names it in passing
            # ("Line of sight (FC-001, AR-107: ...)").
            answers = [h for h in rules if rid in h.ids]
            answers.sort(key=lambda h: rid in h.title)  # noqa: B023 - sorted here, in this pass
            entries[rid] = RuleEntry(rid, text, heads[-1] if heads else PREFIX_NAMES.get(rid[:2], ""),
                                     tuple(answers))
        return cls(entries, tuple(h for h in rules if not h.ids))

    def entry(self, rule_id: str) -> RuleEntry | None:
        return self.entries.get(rule_id)

    def of_system(self, system: str) -> list[RuleEntry]:
        """The entries of one game, in checklist order."""
        prefixes = SYSTEM_PREFIXES.get(system, ())
        return sorted((e for e in self.entries.values() if e.rule_id[:2] in prefixes),
                      key=lambda e: (prefixes.index(e.rule_id[:2]), e.rule_id))

    def search(self, query: str, system: str | None = None) -> list[RuleEntry]:
        """The entries ``query`` asks for: the IDs it cites (``AR-107``, ``AA-074..077``,
        any game) or else the entries holding every word of it (``system``'s only, if given)."""
        cited = [i for c in find_ids(query.upper()) for i in c.ids]
        if cited:
            return [self.entries[i] for i in dict.fromkeys(cited) if i in self.entries]
        words = query.lower().split()
        if not words:
            return self.of_system(system) if system else []
        pool = self.of_system(system) if system else list(self.entries.values())
        found = [e for e in pool if e.matches(words)]
        if len(words) < 2:
            return found
        # the words as a phrase in the rule's section title, then its statement, first
        # ("reaction test": AA-073 before an entry that has "reaction" in one place and
        # "test" in another), then in its house rules' titles, then the rest (each group
        # in checklist order: the sort is stable)
        phrase = " ".join(words)

        def rank(e: RuleEntry) -> int:
            if phrase in e.section.lower():
                return 0
            if phrase in e.statement.lower():
                return 1
            if any(phrase in h.title.lower() for h in e.house_rules):
                return 2
            return 3 if phrase in e._text else 4

        return sorted(found, key=rank)

    def search_topics(self, query: str, system: str | None = None) -> list[HouseRule]:
        """The house-rule topics (sections naming no ID) holding every word of ``query``."""
        words = query.lower().split()
        files = {"alley": ("alley", "contracting", "dependants", "close", "fof"), "ambush": ("ambush",)}
        return [t for t in self.topics
                if words and all(w in (t.title + " " + t.text).lower() for w in words)
                and (system is None or t.file.startswith(files.get(system, ())))]
