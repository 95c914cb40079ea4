"""The Decision dock's question for Overwatch fire at a point of an Insurgent move
(AA-104, the correction ``overwatch_at_the_point``): the interrupt dialog, for the Regular."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402

from ambush_gui.alley import options as opt  # noqa: E402
from ambush_gui.alley.model import Speed  # noqa: E402
from ambush_gui.gui.table.dialogs import OverwatchPointDialog, dialog_for  # noqa: E402
from tests.alley import kit  # noqa: E402
from tests.alley.test_interrupts import fires, misses  # noqa: E402
from tests.alley.test_overwatch import watch  # noqa: E402
from tests.alley.test_overwatch_point import open_point  # noqa: E402


def two_watching() -> Any:
    """o at (18,5) and p at (18,21), both on Overwatch; i about to move 4" east."""
    g = watch(kit.marines("p", (18, 21)), script=misses(8 + 5))
    g.options[opt.OVERWATCH_POINT] = "at_the_point"
    p = g.unit("p")
    p.overwatch, p.activated, p.speed = True, True, Speed.HALTED
    g.unit("m").activated = True
    return g


@pytest.mark.rule("AA-104")
def test_the_regular_picks_the_overwatch_unit_and_the_point(qtbot: Any) -> None:
    g = two_watching()
    proc, d = open_point(g)
    dlg = dialog_for(d, g)
    assert isinstance(dlg, OverwatchPointDialog)
    qtbot.addWidget(dlg)
    answers: list[Any] = []
    dlg.chosen.connect(answers.append)
    dlg.show()
    qtbot.waitExposed(dlg)
    assert set(dlg.cards) == {"o", "p"}
    assert not dlg.kind_title.isVisible()  # one kind of answer: no fire/move row
    assert [b.text() for b in dlg.point_buttons] == ['0.0"', '2.0"', '4.0"']
    seen: list[Any] = []
    dlg.highlighted.connect(seen.append)
    qtbot.mouseClick(dlg.cards["o"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dlg.point_toggles[2.0], Qt.MouseButton.LeftButton)
    assert seen[-1] == {"unit": "o", "kind": "fire", "at": 2.0}  # the table marks the point
    assert dlg.go.text().startswith("Fire:") and '2.0"' in dlg.go.text()
    qtbot.mouseClick(dlg.go, Qt.MouseButton.LeftButton)
    assert answers == [{"unit": "o", "kind": "fire", "at": 2.0}]
    d.validate(answers[0])
    proc.send(answers[0])
    assert fires(g)[0][:2] == ("o", "i")


def test_escape_lets_the_move_finish(qtbot: Any) -> None:
    g = two_watching()
    _, d = open_point(g)
    dlg = dialog_for(d, g)
    assert dlg is not None
    qtbot.addWidget(dlg)
    answers: list[Any] = []
    dlg.chosen.connect(answers.append)
    dlg.show()
    qtbot.waitExposed(dlg)
    assert "Overwatch" in dlg.what()
    assert any(b.text() == "Let it finish" for b in dlg.findChildren(type(dlg.go)))
    qtbot.keyClick(dlg, Qt.Key.Key_Escape)
    assert answers == ["none"]
