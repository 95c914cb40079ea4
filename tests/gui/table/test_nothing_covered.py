"""Issue 28 (item 7, the play-tester's follow-up): text still cut or covered at 1280x800 and
1920x1080. Each test puts the window where the play-tester saw the fault."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QLabel, QWidget  # noqa: E402

from ambush_gui import systems  # noqa: E402
from tests.gui.table.test_words_fit import table_window  # noqa: E402

SIZES = [(1280, 800), (1920, 1080)]
MOB_REFUSAL = ("the move passes through mob Crowd at the bus station: nobody moves through a "
               "civilian mob (FF-135); disperse it or go round")


def market_day(seed: int = 7) -> Any:
    return systems.new_game(systems.load_scenario(systems.resolve("market-day")), seed=seed)


def uncut(lab: QLabel) -> bool:
    """A shown word-wrapped label is as tall as its text needs at its width."""
    return not lab.isVisible() or lab.height() >= lab.heightForWidth(lab.width())


def labels_uncut(widget: QWidget) -> list[str]:
    """The texts of ``widget``'s shown labels that are cut at the top or bottom."""
    return [lab.text() for lab in widget.findChildren(QLabel)
            if lab.wordWrap() and not uncut(lab)]


@pytest.mark.parametrize("size", SIZES)
def test_a_three_line_refusal_does_not_cut_the_move_help(qtbot: Any, size: tuple[int, int]) -> None:
    """Bravo team dropped in the crowd: the refusal took three lines under the move's help,
    and the help lost a line at its top and bottom; the dock grows (or scrolls) instead."""
    game = market_day()
    game.answer("alpha")
    game.answer("rapid:move-fire")
    win = table_window(qtbot, game, size)
    prompt = win.move_prompt
    assert prompt is not None
    win._on_refused(MOB_REFUSAL)
    qtbot.wait(0)
    assert prompt.error.isVisible()
    assert labels_uncut(prompt) == []


WAITS = ("First Aid 6 for alpha-1: serious injuries: becomes a Dependant; the unit must take a "
         "Morale check for a Serious Casualty")


@pytest.mark.parametrize("size", SIZES)
def test_the_dice_trays_wait_keeps_its_last_line_in_the_decision_dock(
        qtbot: Any, size: tuple[int, int]) -> None:
    """"The dice tray waits for you: First Aid 6 for alpha-1: …" lost its third line: the dock
    kept the one line's height it had shrunk to (a longer line only raised its most height)."""
    win = table_window(qtbot, market_day(), size)
    win._close_prompts("No decision is open.")
    qtbot.wait(0)
    win._close_prompts(f"The dice tray waits for you: {WAITS} — Space or Continue")
    qtbot.wait(0)
    idle = win.decision_panel.idle
    assert idle.isVisible()
    assert labels_uncut(win.decision_panel) == []
