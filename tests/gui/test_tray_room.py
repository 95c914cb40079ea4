"""At 1280x800 the second line of a card's outcome was cut by the tray's horizontal scroll
bar ("… Fireteam Bravo acts first" half hidden): the cards' area holds a card with captions,
modifiers and a two-line outcome above the scroll bar, and the tray grows no more than that."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.core.events import Event  # noqa: E402
from ambush_gui.gui.shared import theme  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402

ALLEY = systems.load_scenario(systems.resolve("contracting-trouble"))


def roll(purpose: str, faces: list[int], sides: int, side: str,
         mods: list[tuple[str, int, str]]) -> Event:
    return Event("roll", f"{purpose}: …", {"purpose": purpose, "faces": faces, "sides": sides,
                                           "modifiers": mods, "result": "", "side": side})


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_a_two_line_outcome_stands_above_the_scroll_bar(qtbot: Any, size: tuple[int, int]) -> None:
    ctl = GameController(systems.new_game(ALLEY, 3),
                         {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    tray = win.tray
    for i in range(6):  # enough cards for the strip to scroll sideways
        tray.add(roll(f"Reaction Test (Bravo reacts {i}): Fireteam Bravo", [7], 8, "regular",
                      [("moving Cautiously", 1, "AA-036")]))
        tray.add(roll(f"Reaction Test (Bravo reacts {i}): Insurgents R1", [2], 6, "insurgent",
                      [("Halted or on Overwatch", 1, "AA-035")]))
        tray.add(Event("reaction", "Reaction Test: Insurgents R1 3 against Fireteam Bravo 8 — "
                       "Fireteam Bravo acts first (a tie goes to the Regular)",
                       {"insurgent_first": False}))
        tray.add(Event("move", "something else", {}))
    card = tray.latest
    bar = tray.scroll.horizontalScrollBar()
    qtbot.waitUntil(lambda: bar.isVisible() and card.outcome.width() > 100)
    qtbot.waitUntil(lambda: "\n" in card.outcome.text())
    view = tray.scroll.viewport()
    # the outcome's second line ends inside the viewport, above the scroll bar
    bottom = card.outcome.mapTo(view, QPoint(0, card.outcome.height())).y()
    fm = card.outcome.fontMetrics()
    text_bottom = card.outcome.mapTo(view, QPoint(0, 0)).y() + card.outcome.contentsRect().top() \
        + (card.outcome.height() - 2 * fm.height()) // 2 + 2 * fm.height()
    assert card.outcome.height() >= 2 * fm.height()
    assert min(bottom, text_bottom) <= view.height() and text_bottom <= view.height()
    # no more room than that: the tray strip stays a strip
    assert tray.height() <= theme.TRAY_HEIGHT + 40
    assert view.height() - card.minimumSizeHint().height() < 30
