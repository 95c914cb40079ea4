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


def _many_defence_dice(d: Any, g: Any) -> bool:
    return len(d.facts["defense"]) >= 7


def _inside(widget: Any, viewport: Any) -> bool:
    """Whether the whole of ``widget`` lies within ``viewport`` left to right."""
    left = widget.mapTo(viewport, QPoint(0, 0)).x()
    return left >= 0 and left + widget.width() <= viewport.width()

def _nothing_cut(dlg: Any) -> None:
    """Every attacker column, rolled die and the defender's tray lies inside the dialog's
    body, with the dice in the tray and then set out."""
    for show in (dlg.clear_dice, dlg.show_best):
        show()
        QApplication.processEvents()
        viewport = dlg.body_scroll.viewport()
        columns = [f.parentWidget() for f in dlg.attack_faces]
        cut = [w for w in [*columns, *dlg.dice, dlg.tray] if not _inside(w, viewport)]
        assert not cut, [w.mapTo(viewport, QPoint(0, 0)).x() for w in cut]



def test_every_die_and_column_is_readable_in_the_decision_dock_at_1280x800(qtbot: Any) -> None:
    """A play-tester: with many dice the 6th was cut at the dock's edge at 1280x800 (the
    defender's tray was one row that did not wrap). Every attacker column and every die of
    the defender, in its tray or in the slots, lies inside the dock's visible width."""
    from tests.gui.table.windows import table_window

    game, _ = drive_to(K.MATCH, _many_defence_dice)
    win = table_window(qtbot, game)
    if win.controller.handing_to is not None:
        win.controller.take_seat(win.controller.handing_to)
    qtbot.waitUntil(lambda: isinstance(win.dialog, MatchDialog))
    dlg = win.dialog
    _nothing_cut(dlg)


def test_ten_dice_against_ten_wrap_inside_the_docks_width(qtbot: Any) -> None:
    """The most a fire can throw (10D against 10D, AA-117): the attacker's columns, the
    defender's tray and the rolls all wrap inside the Decision dock's width at 1280x800."""
    from ambush_gui.core.decisions import Decision
    from ambush_gui.core.matching import best_arrangement

    game, d = drive_to(K.MATCH, _many_defence_dice)
    attack, defense = [8, 8, 7, 7, 6, 6, 5, 5, 4, 4], [6, 6, 6, 6, 5, 5, 5, 4, 4, 4]
    ten = Decision(side=d.side, kind=K.MATCH, prompt=d.prompt, options=("best",),
                   facts={**d.facts, "attack": attack, "defense": defense,
                          "best": best_arrangement(attack, defense).to_json()})
    dlg = dialog_for(ten, game)
    assert isinstance(dlg, MatchDialog)
    qtbot.addWidget(dlg)
    dlg.setFixedSize(380, 700)  # the Decision dock at 1280x800
    dlg.show()
    qtbot.waitExposed(dlg)
    _nothing_cut(dlg)
