"""Write ambush_gui/data/house_rules.json from the house-rule sections of docs/rules/.

    python tools/gen_house_rules.py

The rules reference (F1) explains a GAP with the house rule the engine plays. The
installed program has no docs/ folder, so the sections are shipped as package data;
this tool is the only way that file is written, and tests/core/test_rules_index.py fails
when it no longer matches docs/rules/, so the two cannot drift.

Each section (a ``##`` heading) keeps its title, the IDs its heading names, its file
and its text in Markdown, without the seed line references (they quote the seed) and
the test names (they are for developers). Bullets of a "Notes" section that start with
an italic ID (``- *AA-184/186 (...)*``) become notes on those IDs.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ambush_gui.core.rule_ids import find_ids  # noqa: E402

DOCS = ROOT / "docs" / "rules"
OUT = ROOT / "ambush_gui" / "data" / "house_rules.json"

_DEV_PARAGRAPH = re.compile(r"\*\*(Seed|Tested by)[^*]*\*\*.*", re.S)
_TEST_REF = re.compile(r"\s*\((?:`test_[^`]*`[,.\s]*)+\)\.?")
OPTIONS_PAGE = "options.md"
"""The rules options: each section is a reading chosen when a game starts, not a house rule."""
DEVELOPER_TOPICS = ("Pixels", "Speed", "The mission file")
"""Sections for programmers (screen geometry, caching, the file format): no use to a player."""


def _clean(paragraph: str) -> str:
    """A paragraph without its seed references and test names ('' if nothing is left)."""
    paragraph = _DEV_PARAGRAPH.sub("", paragraph)
    paragraph = _TEST_REF.sub("", paragraph)
    return paragraph.strip()


def _ids(text: str) -> list[str]:
    return list(dict.fromkeys(i for c in find_ids(text) for i in c.ids))


def sections(path: Path) -> list[dict[str, Any]]:
    """The sections of one docs/rules file, in order."""
    out: list[dict[str, Any]] = []
    parts = re.split(r"^## ", path.read_text(encoding="utf-8"), flags=re.M)[1:]
    for part in parts:
        heading, _, body = part.partition("\n")
        title = heading.split(" — ", 1)[1] if " — " in heading else heading
        paragraphs = [p for p in (_clean(p) for p in re.split(r"\n\s*\n", body)) if p]
        ids = _ids(heading)
        if heading.strip().startswith(DEVELOPER_TOPICS):
            continue
        if not ids and heading.startswith(("Notes", "Not implemented")):
            kind = "not built yet" if heading.startswith("Not implemented") else "note"
            for bullet in re.split(r"^- ", "\n".join(paragraphs), flags=re.M)[1:]:
                lead = re.match(r"\*([^*]+)\*\.?\s*", bullet)
                if lead and _ids(lead.group(1)):
                    out.append({
                        "ids": _ids(lead.group(1)),
                        "title": lead.group(1).strip(" ."),
                        "file": path.name,
                        "kind": kind,
                        "text": re.sub(r"\s*\n\s*", " ", bullet[lead.end():]).strip(),
                    })
            continue
        kind = "house rule" if ids else "topic"
        if ids and path.name == OPTIONS_PAGE and not title.startswith("Correction"):
            kind = "rules option"
        out.append({
            "ids": ids,
            "title": title.strip(),
            "file": path.name,
            "kind": kind,
            "text": "\n\n".join(paragraphs),
        })
    return out


def render() -> str:
    """The JSON the package ships, exactly as committed."""
    data = [s for p in sorted(DOCS.glob("*.md")) if p.name != "README.md" for s in sections(p)]
    return json.dumps({"source": "docs/rules", "sections": data}, indent=1, ensure_ascii=False) + "\n"


def main() -> None:
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
