"""The module advisers read the normal player through a small typed interface
(:class:`ambush_gui.ai.fof.Player`), so no ``fof*`` file imports ``alley_ai`` and
``alley_ai`` imports :mod:`ambush_gui.ai.fof` once, at its top (issue 30)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

AI = Path(__file__).parents[2] / "ambush_gui" / "ai"


def imported(path: Path) -> list[tuple[str, bool]]:
    """Every module ``path`` imports, and whether the import is at the file's top level."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(n) for n in tree.body}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.module, id(node) in top))
        elif isinstance(node, ast.Import):
            out += [(a.name, id(node) in top) for a in node.names]
    return out


def test_no_adviser_imports_the_normal_player() -> None:
    files = sorted(AI.glob("fof*.py"))
    assert len(files) >= 6
    for f in files:
        assert all(m != "ambush_gui.ai.alley_ai" for m, _ in imported(f)), f.name


def test_the_normal_player_imports_the_advisers_at_its_top() -> None:
    fof = [(m, top) for m, top in imported(AI / "alley_ai.py") if m == "ambush_gui.ai.fof"]
    assert fof and all(top for _, top in fof)


def test_each_adviser_imports_on_its_own() -> None:
    """In a fresh interpreter, before anything else of the computer players is loaded."""
    for f in sorted(AI.glob("fof_*.py")):
        run = subprocess.run([sys.executable, "-c", f"import ambush_gui.ai.{f.stem}"],
                             capture_output=True, text=True, cwd=AI.parents[1])
        assert run.returncode == 0, f"{f.name}: {run.stderr}"
