"""What a new player's first evening on the table left unexplained or undone.

A play-tester selected a unit in the "Ready to act" list and saw neither its card nor its
figures on the table: a unit selected in the list is selected on the table, as a click on
its figures there would, by a click, its number or Enter; a double-click still acts. A
label's "S0" and the Hot Spot die's number said nothing of what they meant."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.core.decisions import DecisionKind  # noqa: E402
from ambush_gui.gui.table.dialogs.units import UnitChoiceDialog  # noqa: E402
from tests.gui.table.windows import table_window  # noqa: E402


def test_a_unit_selected_in_the_ready_list_shows_its_card_and_its_figures(qtbot: Any) -> None:
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 7)
    win = table_window(qtbot, game)
    ctl = win.controller
    qtbot.waitUntil(lambda: isinstance(win.dialog, UnitChoiceDialog) and not ctl.busy)
    dlg = win.dialog
    assert ctl.pending().kind is DecisionKind.ACTIVATE
    units = ctl.game.state.units
    first, second = list(dlg.cards)[:2]
    # the first card is selected as the list opens; the table's selection stays the player's
    assert dlg.selection == first and not win.selected
    # a click on another card
    qtbot.mouseClick(dlg.cards[second], Qt.MouseButton.LeftButton)
    assert win.table.table.selected == second and win.selected == second
    assert units[second].name == win.card.title.text()
    # its number, from the keyboard
    win.activateWindow()
    QTest.keyClick(win.windowHandle(), Qt.Key.Key_1)
    qtbot.waitUntil(lambda: win.table.table.selected == first)
    assert units[first].name == win.card.title.text()
    assert ctl.pending().kind is DecisionKind.ACTIVATE  # selecting answered nothing
    # a double-click still activates it
    qtbot.mouseDClick(dlg.cards[second], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ctl.game.decisions[:1] == [second])



def test_a_units_stress_words_are_explained_in_its_labels_tooltip(qtbot: Any) -> None:
    """"Amos · S0 Confident" on the table: S0 was not explained anywhere on the label. Its
    tooltip says what the Stress Level and the Confidence are."""
    game = systems.new_game(systems.load_scenario(systems.resolve("the-signal-box")), 7)
    win = table_window(qtbot, game)
    labels = win.table.table.unit_labels
    stressed = [uid for uid, lab in labels.items() if lab.isVisible() and "Confident" in lab.toolTip()]
    assert stressed
    tip = labels[stressed[0]].toolTip()
    assert "Stress Level 0" in tip and "S0:" in tip and "Confidence" in tip, tip


def test_the_hot_spot_die_says_what_its_number_means(qtbot: Any) -> None:
    """The tray's "Hot Spot" card showed a 3 and did not say what the 3 was for."""
    from ambush_gui.alley import reinforcements
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.core.dice import Dice

    scn = systems.load_scenario(systems.resolve("contracting-trouble"))
    g = AlleyGame(scn, 0, Dice(script=[3], strict=True))
    proc = reinforcements.choose_hot_spot(g)
    with pytest.raises(StopIteration):
        next(proc)
    (roll,) = [e for e in g.log.events if e.kind == "roll"]
    assert roll.data["purpose"] == "Hot Spot the new unit arrives at (6: the Insurgent chooses)"
