"""Rule IDs as the program writes them, and how to read them out of any text.

Events, modifiers and docstrings cite the rules checklist by ID: ``AR-112``, a range
``AA-074..084`` or a shorthand list ``AA-014/016``. The rules reference
(``ambush_gui.core.rules_index``) and the GUI's look-ups read the IDs out of those
texts with :func:`find_ids`, so every way of writing an ID is parsed in one place.

>>> [c.ids for c in find_ids("Reaction Test (AA-074..077), pinned [AA-014/016]")]
[('AA-074', 'AA-075', 'AA-076', 'AA-077'), ('AA-014', 'AA-016')]
>>> find_ids("AR-107")[0].text
'AR-107'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIXES: tuple[str, ...] = ("AA", "CT", "DC", "AR", "FC", "FF")
"""The checklist's sections: Ambush Alley, Contracting Trouble, Dependants and Casualties,
Ambush! Action Rounds, Ambush! Fire Combat, Force on Force."""

AMBUSH_PREFIXES: frozenset[str] = frozenset({"AR", "FC"})
"""The prefixes of Ambush!'s rules; the others are the free-measure table's."""

CITATION = re.compile(
    r"\b(?P<prefix>" + "|".join(PREFIXES) + r")-(?P<first>\d{3})"
    r"(?P<rest>(?:(?:\.\.|–|/)\d{3}(?!\d))*)"
)
"""One citation: an ID, optionally followed by ``..NNN``/``–NNN`` (a range) or ``/NNN``."""


@dataclass(frozen=True)
class Citation:
    """A rule citation found in a text: where it is, as written, and the IDs it names."""

    start: int
    end: int
    text: str
    ids: tuple[str, ...]


def _expand(prefix: str, first: str, rest: str) -> tuple[str, ...]:
    ids = [int(first)]
    for sep, num in re.findall(r"(\.\.|–|/)(\d{3})", rest):
        n = int(num)
        if sep == "/" or n <= ids[-1]:
            ids.append(n)
        else:
            ids.extend(range(ids[-1] + 1, n + 1))
    seen = dict.fromkeys(ids)
    return tuple(f"{prefix}-{n:03d}" for n in seen)


def find_ids(text: str) -> list[Citation]:
    """Every rule citation in ``text``, in order."""
    return [
        Citation(m.start(), m.end(), m.group(0), _expand(m["prefix"], m["first"], m["rest"]))
        for m in CITATION.finditer(text)
    ]


def cited_ids(text: str) -> set[str]:
    """The IDs ``text`` names explicitly: each ID written, a range's two ends, each of a
    ``/`` list (a range's inside is looked up when it is clicked, not required here)."""
    out: set[str] = set()
    for m in CITATION.finditer(text):
        out.add(f"{m['prefix']}-{m['first']}")
        out.update(f"{m['prefix']}-{n}" for n in re.findall(r"\d{3}", m["rest"]))
    return out


def system_of(rule_id: str) -> str:
    """``"ambush"`` for an Ambush! rule, ``"alley"`` for the others."""
    return "ambush" if rule_id[:2] in AMBUSH_PREFIXES else "alley"
