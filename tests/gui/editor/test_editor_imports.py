"""The table editor's modules import one another in one direction only: the page imports the
forms, the forms import the awards box and the modules' forms, and those import the shared
pieces (bound.py, canvas.py, fof_data.py), never back. A circle used to be hidden by imports
inside functions; every import within the package now sits at the top of its module, where a
circle would fail at once."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = "ambush_gui.gui.editor.table"
TABLE = Path(__file__).resolve().parents[3] / "ambush_gui" / "gui" / "editor" / "table"


def imports(folder: Path, top_only: bool = False) -> dict[str, set[str]]:
    """Each module of the package -> the package's modules it imports (anywhere in it, or
    only at its top)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        nodes = tree.body if top_only else list(ast.walk(tree))
        graph[path.stem] = {node.module.rsplit(".", 1)[1] for node in nodes
                            if isinstance(node, ast.ImportFrom) and node.module
                            and node.module.startswith(PACKAGE + ".")}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle, each as the modules round it (the first again at the end)."""
    found: list[list[str]] = []

    def walk(module: str, trail: list[str]) -> None:
        for other in sorted(graph.get(module, ())):
            if other == trail[0]:
                found.append([*trail, other])
            elif other not in trail and other > trail[0]:  # each circle once, from its least
                walk(other, [*trail, other])

    for start in sorted(graph):
        walk(start, [start])
    return found


def test_circles_are_found() -> None:
    assert circles({"forms": {"awards"}, "awards": {"bound", "forms"}, "bound": set()}) == [
        ["awards", "forms", "awards"]]


def test_the_table_editors_modules_import_one_another_in_no_circle() -> None:
    graph = imports(TABLE)
    assert circles(graph) == []
    assert {"awards", "modules", "bound"} <= graph["forms"]
    for shared in ("awards", "modules", "bound", "canvas", "fof_data", "items"):
        assert not graph[shared] & {"forms", "page"}, shared


def test_every_import_within_the_package_is_at_the_top() -> None:
    """An import inside a function is how a circle hides: none is left."""
    assert imports(TABLE) == imports(TABLE, top_only=True)
