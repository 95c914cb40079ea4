"""The rules index (F1's look-ups) covers every rule ID the program can show.

Every ID cited in ambush_gui/ (code, docstrings, event texts, modifiers) or in the shipped
scenario data has an entry; every house-rule section of docs/rules/ reaches the entries it
names, and the shipped copy of those sections is the one tools/gen_house_rules.py writes.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

from ambush_gui.core.rule_ids import cited_ids, find_ids
from ambush_gui.core.rules_index import RulesIndex

ROOT = Path(__file__).resolve().parents[2]
CHECKLIST = ROOT.parent / "shared" / "rules-checklist.md"
SEEDS = ROOT.parent / "shared" / "seeds"
DATA = ROOT / "ambush_gui" / "data"


def _program_files() -> list[Path]:
    files = [p for p in (ROOT / "ambush_gui").rglob("*") if p.suffix in (".py", ".toml", ".json")]
    files += [p for p in (ROOT / "ambush_gui" / "scenarios").rglob("*") if p.suffix in (".toml", ".json")]
    return [p for p in files if p.parent != DATA]  # the index itself cites every ID


def test_every_rule_id_the_program_cites_has_an_entry() -> None:
    index = RulesIndex.load()
    missing = {}
    for path in _program_files():
        for rid in cited_ids(path.read_text(encoding="utf-8")):
            if index.entry(rid) is None:
                missing.setdefault(rid, str(path.relative_to(ROOT)))
    assert len(_program_files()) > 100  # the walk really read the package
    assert not missing, f"rule IDs with no entry in ambush_gui/data/rules_statements.toml: {missing}"


def test_every_house_rule_section_reaches_the_ids_its_heading_names() -> None:
    index = RulesIndex.load()
    for path in sorted((ROOT / "docs" / "rules").glob("*.md")):
        for heading in re.findall(r"^## (.+)$", path.read_text(encoding="utf-8"), re.M):
            for rid in (i for c in find_ids(heading) for i in c.ids):
                entry = index.entry(rid)
                assert entry is not None, f"{path.name}: '{heading}' names {rid}, which has no entry"
                assert any(h.file == path.name and rid in h.ids for h in entry.house_rules), (
                    f"{rid}'s entry lacks the house rule '{heading}' of {path.name}: "
                    "run python tools/gen_house_rules.py")


def test_the_shipped_house_rules_are_generated_from_docs_rules() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import gen_house_rules

    assert (DATA / "house_rules.json").read_text(encoding="utf-8") == gen_house_rules.render(), (
        "ambush_gui/data/house_rules.json is stale: run python tools/gen_house_rules.py")


def test_house_rules_leave_out_seed_quotes_and_test_names() -> None:
    for h in RulesIndex.load().entries["AA-002"].house_rules:
        assert "**Reading.**" in h.text and "**Why.**" in h.text
        assert "**Seed.**" not in h.text and "Tested by" not in h.text and "test_" not in h.text


@pytest.mark.skipif(not CHECKLIST.exists(), reason="the shared rules checklist is not beside the repo")
def test_gaps_are_marked_open_and_answered_by_a_house_rule() -> None:
    text = CHECKLIST.read_text(encoding="utf-8")
    gaps = set(re.findall(r"`((?:AA|AR|CT|DC|FC|FF)-\d{3})` — GAP", text))
    index = RulesIndex.load()
    for rid, entry in index.entries.items():
        assert (entry.kind == "gap") == (rid in gaps), f"{rid}: 'Open:' must mark exactly the GAPs"
    # Force on Force's modules are not built: its gaps have no house rule yet.
    unanswered = sorted(g for g in gaps if g in index.entries and not g.startswith("FF")
                        and not index.entries[g].house_rules)
    assert not unanswered, f"GAPs whose entry shows no house rule: {unanswered}"


@pytest.mark.skipif(not SEEDS.exists(), reason="the seeds are not beside the repo")
def test_statements_are_the_programs_own_words_not_the_seeds() -> None:
    """No statement shares a run of seven words with a seed text."""
    def runs(text: str) -> set[tuple[str, ...]]:
        words = re.findall(r"[a-z0-9]+", text.lower())
        return {tuple(words[i:i + 7]) for i in range(len(words) - 6)}

    seed_runs: set[tuple[str, ...]] = set()
    for p in SEEDS.glob("*.txt"):
        seed_runs |= runs(p.read_text(encoding="utf-8", errors="replace"))
    statements = tomllib.loads((DATA / "rules_statements.toml").read_text(encoding="utf-8"))["rules"]
    copied = {rid: text for rid, text in statements.items() if runs(text) & seed_runs}
    assert not copied, f"statements that repeat the seed text: {copied}"


def test_the_index_ships_as_package_data() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = project["tool"]["setuptools"]["package-data"]["ambush_gui"]
    shipped = {p.name for g in globs for p in (ROOT / "ambush_gui").glob(g)}
    assert {"rules_statements.toml", "house_rules.json"} <= shipped


def test_search_finds_an_id_a_range_and_words() -> None:
    index = RulesIndex.load()
    assert [e.rule_id for e in index.search("ar-107")] == ["AR-107"]
    assert [e.rule_id for e in index.search("AA-074..077")] == ["AA-074", "AA-075", "AA-076", "AA-077"]
    evasive = [e.rule_id for e in index.search("evasive", "ambush")]
    assert "AR-107" in evasive and all(r[:2] in ("AR", "FC") for r in evasive)
    assert index.search("jammed weapon", "alley") == []
    assert [t.title for t in index.search_topics("mission ends", "ambush")] == ["The end of a mission"]


def test_every_force_on_force_id_has_a_statement_under_its_module() -> None:
    """FF-001..166 each have a line, under the heading of the module that plays it."""
    index = RulesIndex.load()
    missing = [f"FF-{n:03d}" for n in range(1, 167) if index.entry(f"FF-{n:03d}") is None]
    assert not missing
    firsts = {"FF-001": "Mortars", "FF-018": "MOPP levels", "FF-027": "Mines", "FF-044": "IEDs",
              "FF-052": "Mounted units", "FF-087": "Combat stress: setting up", "FF-129": "Civilians"}
    for rid, section in firsts.items():
        assert index.entries[rid].section == section
    assert index.entries["FF-166"].section == "Hostile mobs"
    assert [e.rule_id for e in index.search("FF-105")] == ["FF-105"]
    assert index.entries["FF-105"].statement.startswith("Mixed leadership")
    assert "FF-105" in [e.rule_id for e in index.search("mixed leadership", "alley")]
    assert [e.kind for e in index.search("FF-105..107")] == ["rule", "example", "example"]


def test_doc_examples() -> None:
    import doctest

    from ambush_gui.core import rule_ids, rules_index

    for mod in (rule_ids, rules_index):
        assert doctest.testmod(mod).failed == 0
