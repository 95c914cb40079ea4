"""The Decision dock has the room at 1280x800: the line-of-sight report sits in the left
column, a decision takes most of the right column over a log that keeps about six lines,
the choices that need a click come before long lists, and an option chosen by its
number is scrolled into view. The interrupt lists who sees the mover first."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, QRect, Qt  # noqa: E402
from PySide6.QtWidgets import QLabel, QWidget  # noqa: E402

from ambush_gui.core.decisions import Decision  # noqa: E402
from ambush_gui.core.decisions import DecisionKind as K
from ambush_gui.gui.shared import theme  # noqa: E402
from ambush_gui.gui.shared.controller import Seat  # noqa: E402
from ambush_gui.gui.table.dialogs import InterruptDialog, PlanDialog, dialog_for  # noqa: E402
from ambush_gui.gui.table.dialogs.situations import drive_to  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402
from tests.gui.table.windows import table_window  # noqa: E402

HOTSEAT = {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}
LEFT = Qt.DockWidgetArea.LeftDockWidgetArea
RIGHT = Qt.DockWidgetArea.RightDockWidgetArea


def _many_interrupters(d: Decision, g: Any) -> bool:
    units = {o["unit"] for o in d.options if isinstance(o, dict)}
    return d.facts.get("what") == "move" and len(units) >= 4


def open_window(qtbot: Any, game: Any) -> MainWindow:
    return table_window(qtbot, game, HOTSEAT)


def top(widget: QWidget) -> int:
    return widget.mapToGlobal(QPoint(0, 0)).y()


def test_line_of_sight_is_in_the_left_column_and_the_decision_takes_the_right(qtbot: Any) -> None:
    game, d = drive_to(K.INTERRUPT, _many_interrupters)
    win = open_window(qtbot, game)
    qtbot.waitUntil(lambda: isinstance(win.dialog, InterruptDialog))
    assert win.dockWidgetArea(win.hover_dock) == LEFT
    log_dock = win.log.parentWidget()
    while log_dock is not None and log_dock.objectName() != "dock-log":
        log_dock = log_dock.parentWidget()
    assert log_dock is not None and win.dockWidgetArea(log_dock) == RIGHT
    qtbot.waitUntil(lambda: win.decision_dock.height() > 400)
    # the log keeps about six lines under the decision
    assert log_dock.height() >= theme.LOG_LEAST - 10
    assert win.decision_dock.height() > log_dock.height()


def test_interrupt_fire_or_move_and_point_come_before_the_units(qtbot: Any) -> None:
    game, d = drive_to(K.INTERRUPT, _many_interrupters)
    dlg = dialog_for(d, game)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    first_card = next(iter(dlg.cards.values()))
    kinds = next(iter(dlg.kind_buttons.values()))
    assert top(kinds) < top(first_card)
    assert dlg.point_buttons and top(dlg.point_buttons[0]) < top(first_card)


def test_interrupters_who_see_the_mover_soonest_come_first_with_a_chip(qtbot: Any) -> None:
    game, d = drive_to(K.INTERRUPT, _many_interrupters)
    dlg = dialog_for(d, game)
    qtbot.addWidget(dlg)
    first: dict[str, float] = {}
    for o in d.options:
        if isinstance(o, dict):
            first[o["unit"]] = min(first.get(o["unit"], 1e9), o["at"])
    shown = [first[u] for u in dlg.cards]
    assert shown == sorted(shown)
    mover = game.unit(d.facts["target"]).name
    for uid, card in dlg.cards.items():
        chips = [c.text() for c in card.findChildren(QLabel)]
        if first[uid] == 0.0:
            assert f"sees {mover}" in chips
        else:
            assert f'sees it after {first[uid]:.1f}"' in chips
    # the options and their order are the engine's: reordering the cards changes no answer
    uid = list(dlg.cards)[-1]
    answers: list[Any] = []
    dlg.chosen.connect(answers.append)
    qtbot.mouseClick(dlg.cards[uid], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dlg.go, Qt.MouseButton.LeftButton)
    assert answers and answers[0] in d.options and answers[0]["unit"] == uid


def test_plan_order_comes_before_the_speeds(qtbot: Any) -> None:
    game, d = drive_to(K.PLAN, lambda d, g: "rapid:fire-move" in d.options)
    dlg = dialog_for(d, game)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    assert isinstance(dlg, PlanDialog)
    assert top(dlg.order_buttons["move-fire"]) < top(dlg.speed_cards["halted"])


def test_a_number_key_scrolls_its_option_into_view(qtbot: Any) -> None:
    game, d = drive_to(K.INTERRUPT, _many_interrupters)
    dlg = dialog_for(d, game)
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.resize(theme.RIGHT_COLUMN - 8, 300)  # a short dock: the list scrolls
    qtbot.waitExposed(dlg)
    n = min(len(dlg.option_buttons), 9)
    last = dlg.option_buttons[n - 1]
    vp = dlg.body_scroll.viewport()

    def in_view() -> bool:
        r = QRect(last.mapTo(vp, QPoint(0, 0)), last.size())
        return vp.rect().contains(r)

    assert not in_view()  # below the fold before
    qtbot.keyClick(dlg, getattr(Qt.Key, f"Key_{n}"))
    assert last.isChecked()
    qtbot.waitUntil(in_view)


def test_a_greyed_undo_says_why(qtbot: Any) -> None:
    from ambush_gui.gui.table.dialogs.situations import new_game

    game = new_game(3)
    win = open_window(qtbot, game)
    a = win.undo_action
    assert not a.isEnabled()
    assert a.toolTip().startswith("Nothing to undo")
    assert a.statusTip() == a.toolTip()
    # once the player has decided something since the last roll, Undo is offered
    qtbot.waitUntil(lambda: win.controller.pending() is not None)
    while not win.controller.can_undo():
        d = win.controller.pending()
        assert d is not None
        win.controller.answer(d.options[0] if d.options else None)
        qtbot.waitUntil(lambda: not win.controller.busy)
    win.update_undo()
    assert a.isEnabled() and a.toolTip() == win.UNDO_TIP


def test_match_puts_the_dice_to_arrange_before_the_rolls(qtbot: Any) -> None:
    game, d = drive_to(K.MATCH)
    dlg = dialog_for(d, game)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    rolls = next(w for w in dlg.findChildren(QLabel) if w.text() == "The rolls")
    assert top(dlg.slots[0]) < top(dlg.tray) < top(rolls)


def test_an_interrupting_move_shows_the_rest_of_the_move_it_interrupts(qtbot: Any) -> None:
    """A person moving Insurgents who interrupt by movement sees the Regular's declared
    path still drawn on the table, and the prompt says that standing in it stops the mover
    short or makes it go round (house rule AA-068, option blocked_after_interrupt)."""
    from ambush_gui.gui.table.dialogs import MovePrompt

    game, d = drive_to(K.MOVE, lambda d, g: bool(d.facts.get("interrupting")), seeds=range(1, 40))
    win = open_window(qtbot, game)
    qtbot.waitUntil(lambda: isinstance(win.move_prompt, MovePrompt))
    assert win.table._interrupt_tape.isVisible()
    mover = game.unit(d.facts["interrupting"]["unit"])
    said = win.move_prompt.details()
    assert f"The rest of {mover.name}'s declared move is drawn on the table" in said
    assert "it must go round you, or stop short where it cannot (house rule AA-068)" in said


@pytest.mark.rule("AA-068")
def test_a_blocked_mover_is_told_why_it_is_asked_and_sees_the_way_it_meant_to_go(qtbot: Any) -> None:
    """Option blocked_after_interrupt = goes_round: the Regular asked to finish a move whose
    way Insurgents block sees the rest of the declared move drawn on the table, and the
    prompt names the blockers, the limit left and that it may stay (house rule AA-068)."""
    from ambush_gui.gui.table.dialogs import MovePrompt

    game, d = drive_to(K.MOVE, lambda d, g: bool(d.facts.get("blocked_by")), seeds=range(1, 40))
    win = open_window(qtbot, game)
    qtbot.waitUntil(lambda: isinstance(win.move_prompt, MovePrompt))
    assert win.table._interrupt_tape.isVisible()
    who = game.unit(d.facts["blocked_by"])
    assert f"the way is blocked by {who.name}" in win.move_prompt.title.text()
    said = win.move_prompt.details()
    assert f"runs into {who.name} (house rule AA-068)" in said
    assert f'up to {d.facts["limit"]:.1f}"' in said and "or Stay where it is" in said
    assert win.move_prompt.stay is not None
    assert win.move_prompt.stay.toolTip().startswith("Keep it where it stands")


def test_at_the_largest_text_the_decisions_buttons_wrap_whole_and_the_dock_scrolls(
        qtbot: Any) -> None:
    """At 200% on a 1280x800 screen the Insurgent's buttons were squeezed into one row
    ("e Insurgent" for "End the Insurgent phase", under "▼ more below"), and the default
    button's words stayed at Normal size. Now they wrap onto more lines, each whole and at
    the scale, and the dock scrolls where the dialog's banner, prompt and buttons need
    more than its height: nothing is cut at its right or bottom edge."""
    from PySide6.QtWidgets import QApplication, QPushButton, QScrollArea

    from ambush_gui.gui.table.dialogs import InsurgentActDialog

    theme.set_scale(2.0)
    game, _d = drive_to(K.INSURGENT_ACT, lambda d, g: "end" in d.options)
    win = open_window(qtbot, game)
    qtbot.waitUntil(lambda: isinstance(win.dialog, InsurgentActDialog))
    dlg = win.dialog
    qtbot.waitUntil(lambda: dlg.isVisible() and dlg.width() > 200)
    QApplication.processEvents()
    shown = [b for b in dlg.findChildren(QPushButton)
             if b.isVisible() and not dlg.body_widget.isAncestorOf(b)]
    assert len(shown) >= 3  # Back, End the Insurgent phase, Act with ...
    for b in shown:
        assert b.width() >= b.sizeHint().width(), b.text()  # its words whole
        place = b.geometry().translated(b.parentWidget().mapTo(dlg, QPoint(0, 0)))
        assert dlg.rect().contains(place), (b.text(), place, dlg.rect())
    app_pt = QApplication.font().pointSizeF()
    assert dlg.default_button is not None
    assert dlg.default_button.font().pointSizeF() == pytest.approx(2 * app_pt)
    # what the dock cannot show scrolls: the dialog is as tall as its parts need
    assert dlg.banner.height() >= dlg.banner.heightForWidth(dlg.banner.width())
    area = dlg.parentWidget().parentWidget()
    assert isinstance(area, QScrollArea) and area.widget() is dlg
    assert dlg.height() >= dlg.heightForWidth(dlg.width())


def test_a_decisions_default_button_stays_inside_the_dock_when_the_text_grows(qtbot: Any) -> None:
    """Opened at 100% and grown to 200% (View > Larger text), "Activate Corporal (squad
    leader)" kept its whole words in the larger font and ran past the dock's right edge:
    the default button's words are elided again at the new size."""
    from ambush_gui.gui.table.dialogs.situations import new_game

    win = table_window(qtbot, new_game(7), HOTSEAT)
    win.controller.sit_down("regular")
    qtbot.waitUntil(lambda: win.decision_panel.current is not None)
    dlg = win.decision_panel.current
    assert dlg.default_button is not None
    theme.set_scale(2.0)
    qtbot.wait(50)
    button, dock = dlg.default_button, win.decision_dock
    right = button.mapTo(win, QPoint(button.width(), 0)).x()
    assert right <= dock.mapTo(win, QPoint(dock.width(), 0)).x(), (button.text(), right)
    assert button.property("full_text") in button.toolTip()


def _a_few_interrupters(d: Decision, g: Any) -> bool:
    """A move two or three Insurgent units may interrupt, by fire or by moving: the common
    case."""
    mine = [o for o in d.options if isinstance(o, dict)]
    return (d.facts.get("what") == "move" and 2 <= len({o["unit"] for o in mine}) <= 3
            and {"fire", "move"} <= {o["kind"] for o in mine})


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_an_interrupt_opens_with_its_top_in_sight(qtbot: Any, size: tuple[int, int]) -> None:
    """The Signal Box at 1280x800: "interrupt Alpha team's move?" opened scrolled down to
    "Where along the move" and the units, who was moving and Fire or Move above the fold.
    It opens at its top: the line saying who moves, the Fire and Move toggles and the first
    unit's card (checked) whole in sight. The note under Fire or Move had kept six lines
    for Move's words on the rest of the move it interrupts; those now come last."""
    game, _ = drive_to(K.INTERRUPT, _a_few_interrupters)
    win = table_window(qtbot, game, HOTSEAT, size=size)
    qtbot.waitUntil(lambda: isinstance(win.dialog, InterruptDialog))
    dlg = win.dialog
    seen: list[int] = []
    for _ in range(10):  # the dock is sized, and the list shown, once laid out
        qtbot.wait(40)
        seen.append(dlg.body_scroll.verticalScrollBar().value())
    port = dlg.body_scroll.viewport()

    def whole(w: QWidget) -> bool:
        return port.rect().contains(QRect(w.mapTo(port, QPoint(0, 0)), w.size()))

    who = dlg.body.itemAt(0).widget()
    first = next(iter(dlg.cards.values()))
    assert first.isChecked()
    assert isinstance(who, QLabel) and "is moving" in who.text()
    assert [whole(w) for w in (who, *dlg.kind_buttons.values(), first)] == [True] * (
        2 + len(dlg.kind_buttons)), (seen, first.geometry().bottom(), port.height())
    # Move's word on the rest of the move it interrupts is said, under the units, and
    # choosing Move moves no card (issue 28)
    was = first.mapTo(port, QPoint(0, 0))
    dlg.kind_buttons["move"].click()
    assert "goes round you" in dlg.rest_note.text() and "goes round" not in dlg.kind_note.text()
    assert first.mapTo(port, QPoint(0, 0)) == was
