"""The editor's document: plain data, undoable edits, the engine's own validation."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from ambush_gui import systems
from ambush_gui.core.files import read_data
from ambush_gui.gui.editor.document import EditorDocument, dump, parse_path, path_text


@pytest.mark.parametrize("shipped", systems.shipped(), ids=lambda s: s.name)
def test_shipped_files_round_trip(shipped: systems.ShippedScenario, tmp_path: Path) -> None:
    doc = EditorDocument.open(shipped.path)
    assert doc.problems() == []
    out = doc.save(tmp_path / shipped.path.name)
    assert read_data(out) == read_data(shipped.path)
    assert not doc.is_dirty()


def test_every_edit_undoes_and_redoes(qapp: object) -> None:
    original = read_data(systems.resolve("contracting-trouble"))
    doc = EditorDocument(original)
    doc.set(("table", "width"), 30)
    doc.insert(("table", "pieces"), 0, {"id": "x", "kind": "rubble", "rect": [1, 1, 1, 1]})
    doc.remove(("table", "pieces"), 3)
    with doc.macro("two at once"):
        doc.set(("turn_limit",), 9)
        doc.set(("brief",), None)
    assert doc.get(("table", "width")) == 30 and doc.get(("turn_limit",)) == 9
    assert "brief" not in doc.data
    assert doc.undo_stack.count() == 4
    edited = dump(doc.data)
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.data == original
    while doc.undo_stack.canRedo():
        doc.undo_stack.redo()
    assert tomllib.loads(edited) == doc.data


def test_problems_name_the_place(qapp: object) -> None:
    doc = EditorDocument(read_data(systems.resolve("contracting-trouble")))
    seen: list[object] = []
    doc.changed.connect(seen.append)
    doc.set(("table", "pieces", 1, "rect"), [0, 0, -1])
    assert seen == [("table", "pieces", 1, "rect")]
    assert ("table.pieces[1].rect[3]", "is missing: a rectangle needs four numbers: x and y of its "
            "south-west corner, width and depth") in doc.problems()
    doc.undo_stack.undo()
    assert doc.problems() == []


def test_paths() -> None:
    assert parse_path("squad[0].weapons[2]") == ("squad", 0, "weapons", 2)
    assert path_text(parse_path("a.b[3].c")) == "a.b[3].c"
