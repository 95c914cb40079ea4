"""The dice-matching dialog: drag the defender's dice onto the attacker's, watch the
casualties counted live, and check both answers against the engine (AA-147/148)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QDragEnterEvent, QDropEvent  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui.core.decisions import DecisionKind as K  # noqa: E402
from ambush_gui.core.matching import Arrangement  # noqa: E402
from ambush_gui.gui.table.dialogs import MatchDialog, dialog_for  # noqa: E402
from ambush_gui.gui.table.dialogs.match import die_mime, match_rolls  # noqa: E402
from ambush_gui.gui.table.dialogs.situations import drive_to  # noqa: E402


def _rich(d: Any, g: Any) -> bool:
    return len(d.facts["attack"]) >= 3 and len(d.facts["defense"]) >= 2


def open_match(qtbot: Any) -> tuple[Any, Any, MatchDialog, list[Any]]:
    game, d = drive_to(K.MATCH, _rich)
    dlg = dialog_for(d, game)
    assert isinstance(dlg, MatchDialog)
    qtbot.addWidget(dlg)
    answers: list[Any] = []
    dlg.chosen.connect(answers.append)
    dlg.show()
    qtbot.waitExposed(dlg)
    return game, d, dlg, answers


def drop(target: Any, die_index: int) -> None:
    """Drag defender die ``die_index`` over a slot and drop it there: the two events a
    real drag delivers (Qt delivers a drop only where the drag entry was accepted)."""
    mime = die_mime(die_index)
    args = (
        Qt.DropAction.MoveAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    enter = QDragEnterEvent(QPoint(5, 5), *args)
    assert QApplication.sendEvent(target, enter) and enter.isAccepted()
    assert QApplication.sendEvent(target, QDropEvent(QPointF(5, 5), *args))


def test_the_rolls_are_both_raw_throws(qtbot: Any) -> None:
    game, d, dlg, _ = open_match(qtbot)
    fp, df = match_rolls(game.log.events, d.facts["attacker"], d.facts["target"])
    assert fp is not None and df is not None
    assert sorted((f for f in fp.data["faces"] if f >= 4), reverse=True) == d.facts["attack"]
    assert sorted((f for f in df.data["faces"] if f >= 4), reverse=True) == d.facts["defense"]
    assert [f.value for f in dlg.attack_faces] == d.facts["attack"]


def test_dragging_dice_counts_casualties_live(qtbot: Any) -> None:
    game, d, dlg, answers = open_match(qtbot)
    attack, defense = d.facts["attack"], d.facts["defense"]
    assert dlg.casualties() == dlg.best.casualties  # the best arrangement is laid out
    click_clear = dlg.clear_button
    qtbot.mouseClick(click_clear, Qt.MouseButton.LeftButton)
    assert dlg.casualties() == len(attack)  # nothing placed: every kept die hits
    assert f"{len(attack)}" in dlg.live.text()
    # the defender's highest die under the attacker's lowest die: it cancels it
    drop(dlg.slots[-1], 0)
    assert dlg.assign[-1] == 0
    expect = Arrangement.from_json(
        [[a, defense[0] if i == len(attack) - 1 else None] for i, a in enumerate(attack)]
    ).casualties
    assert dlg.casualties() == expect
    assert dlg.live.text().endswith(str(expect))
    assert dlg.status[-1].text() == ("cancelled" if defense[0] >= attack[-1] else "casualty")
    # move it to the highest attacker die instead: it leaves the old slot
    drop(dlg.slots[0], 0)
    assert dlg.assign[0] == 0 and dlg.assign[-1] is None
    # and back to the tray
    drop(dlg.tray, 0)
    assert dlg.assign == [None] * len(attack)
    # now place the second die and answer with "Use my arrangement"
    drop(dlg.slots[-1], 1)
    mine = dlg.pairs()
    n = dlg.casualties()
    qtbot.mouseClick(dlg.mine, Qt.MouseButton.LeftButton)
    assert answers == [{"pairs": mine}]
    d.validate(answers[0])
    game.answer(answers[0])
    match = next(e for e in reversed(game.log.events) if e.kind == "match")
    assert match.data["casualties"] == n


def test_click_a_die_then_a_slot(qtbot: Any) -> None:
    game, d, dlg, answers = open_match(qtbot)
    dlg.pick(1)
    qtbot.mouseClick(dlg.slots[0], Qt.MouseButton.LeftButton)
    assert dlg.assign[0] == 1


def test_show_best_is_the_engines_best(qtbot: Any) -> None:
    game, d, dlg, answers = open_match(qtbot)
    best = Arrangement.from_json(d.facts["best"])
    show = next(b for b in dlg.findChildren(type(dlg.mine)) if b.text() == "Show best")
    qtbot.mouseClick(show, Qt.MouseButton.LeftButton)
    assert Arrangement.from_json(dlg.pairs()) == best
    assert dlg.casualties() == best.casualties


def test_best_arrangement_answers_best(qtbot: Any) -> None:
    game, d, dlg, answers = open_match(qtbot)
    best = Arrangement.from_json(d.facts["best"])
    qtbot.keyClick(dlg, Qt.Key.Key_Return)
    assert answers == ["best"]
    assert d.validate("best") == {"pairs": best.to_json()}
    game.answer("best")
    match = next(e for e in reversed(game.log.events) if e.kind == "match")
    assert match.data["casualties"] == best.casualties
