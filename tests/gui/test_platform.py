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
