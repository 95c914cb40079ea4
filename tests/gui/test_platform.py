"""Platform guards: the Qt binding we run on must not corrupt the interpreter.

DESIGN.md: PySide6 6.12.0 on CPython 3.11 drops a reference to ``None`` on every call
of a Qt method that returns nothing, and the interpreter aborts after a few thousand
calls. The pin in pyproject.toml keeps that release out; this test proves the
installed one is sound.
"""

from __future__ import annotations

import sys

import pytest


def test_void_qt_calls_keep_none_alive() -> None:
    pytest.importorskip("PySide6.QtWidgets")
    from PySide6.QtWidgets import QApplication, QGraphicsPolygonItem

    app = QApplication.instance() or QApplication([])
    item = QGraphicsPolygonItem()
    before = sys.getrefcount(None)
    for i in range(2000):
        item.setPos(float(i), 2.0)
    after = sys.getrefcount(None)
    assert after >= before - 10, f"None lost {before - after} references over 2000 setPos calls"
    assert app is not None


def test_rules_packages_do_not_import_qt() -> None:
    """The rules run headless: nothing under core, alley, ambush or ai imports Qt."""
    import subprocess

    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('PySide6', 'shiboken6', 'PyQt5', 'PyQt6'):\n"
        "            raise ImportError('Qt is not allowed here: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import pkgutil, importlib, ambush_gui\n"
        "for pkg in ('core', 'alley', 'ambush', 'ai'):\n"
        "    mod = importlib.import_module('ambush_gui.' + pkg)\n"
        "    for info in pkgutil.walk_packages(mod.__path__, mod.__name__ + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "import ambush_gui.cli, ambush_gui.systems\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def _gui_imports(package: str) -> dict[str, set[str]]:
    """Every ``ambush_gui.gui...`` module each file under ``gui/<package>`` imports, read
    from its source (an import inside a function counts too)."""
    import ast
    from pathlib import Path

    import ambush_gui

    root = Path(ambush_gui.__file__).parent / "gui" / package
    found: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
            elif isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
        found[str(path.relative_to(root.parent))] = {n for n in names if n.startswith("ambush_gui.gui")}
    return found


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("table", ("ambush_gui.gui.hexmap", "ambush_gui.gui.editor")),
        ("hexmap", ("ambush_gui.gui.table", "ambush_gui.gui.editor")),
        ("shared", ("ambush_gui.gui.table", "ambush_gui.gui.hexmap", "ambush_gui.gui.editor",
                    "ambush_gui.gui.app", "ambush_gui.gui.launcher")),
        ("editor/table", ("ambush_gui.gui.hexmap", "ambush_gui.gui.editor.hexmap")),
        ("editor/hexmap", ("ambush_gui.gui.table", "ambush_gui.gui.editor.table")),
    ],
)
def test_gui_packages_keep_to_their_game(package: str, forbidden: tuple[str, ...]) -> None:
    """The GUI is grouped by game (STYLE.md): the table never imports the hex map, nor the
    reverse, and the shared parts import neither game."""
    imports = _gui_imports(package)
    assert imports, f"no modules found under gui/{package}"
    bad = {
        f: sorted(n for n in names if n.startswith(forbidden))
        for f, names in imports.items()
        if any(n.startswith(forbidden) for n in names)
    }
    assert not bad, f"gui/{package} imports another game's package: {bad}"
