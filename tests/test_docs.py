"""The documentation stays true: schemas match the models, house rules cover every GAP."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKLIST = ROOT.parent / "shared" / "rules-checklist.md"
sys.path.insert(0, str(ROOT / "tools"))


def test_committed_schemas_match_the_models() -> None:
    import gen_schema

    for name, model in gen_schema.SCHEMAS.items():
        committed = (ROOT / "docs" / "schema" / name).read_text()
        assert committed == gen_schema.render(model), f"run python tools/gen_schema.py ({name} is stale)"


@pytest.mark.skipif(not CHECKLIST.exists(), reason="the shared rules checklist is not beside the repo")
@pytest.mark.parametrize("prefix", ["AA", "AR", "CT", "DC", "FC", "FF"])
def test_every_gap_has_a_documented_house_rule(prefix: str) -> None:
    gaps = re.findall(rf"`({prefix}-\d{{3}})` — GAP", CHECKLIST.read_text())
    docs = "\n".join(p.read_text() for p in (ROOT / "docs" / "rules").glob("*.md"))
    missing = [g for g in gaps if not re.search(rf"^#+ .*{g}", docs, re.M)]
    assert not missing, f"GAPs with no house-rule section in docs/rules/: {missing}"


@pytest.mark.skipif(not CHECKLIST.exists(), reason="the shared rules checklist is not beside the repo")
def test_every_checklist_id_is_named_by_a_rule_test() -> None:
    """Every rule clause of the checklist (AA, AR, CT, DC, FC, FF) has a test marked with its
    ID (``@pytest.mark.rule("FF-105")``), read from the test sources."""
    named: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for marker in re.finditer(r"mark\.rule\(([^)]*)\)", path.read_text()):
            named.update(re.findall(r"[A-Z]{2}-\d{3}", marker.group(1)))
    ids = re.findall(r"`([A-Z]{2}-\d{3})`", CHECKLIST.read_text())
    assert len(ids) > 600  # the checklist was really read
    missing = [i for i in ids if i not in named]
    assert not missing, f"checklist IDs no test names: {missing}"


def test_every_local_link_of_the_readme_and_docs_leads_somewhere() -> None:
    """The README and the pages of docs/ name files (pictures, other pages) that exist: the
    README's pictures moved to docs/screenshots.md once and must keep resolving."""
    link = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
    broken = []
    for page in [ROOT / "README.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").glob("*.md")]:
        for target in link.findall(page.read_text()):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue  # an address, or a place on the same page
            path = (page.parent / target.split("#")[0]).resolve()
            if not path.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, broken
