"""Help ▸ Scenario and victory (Ctrl+B): the scenario's description and its victory points
as the engine scores them, shown when a new game starts, and who plays each side."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui.gui.shared.controller import Seat  # noqa: E402
from ambush_gui.gui.table.dialogs.situations import new_game  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402
from tests.gui.table.windows import table_window  # noqa: E402

SOLO = {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}
HOTSEAT = {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}


def open_window(qtbot: Any, seats: dict[str, Seat], game: Any = None) -> MainWindow:
    return table_window(qtbot, game or new_game(3), seats)


def test_a_new_game_shows_the_brief_and_its_victory_points(qtbot: Any) -> None:
    win = open_window(qtbot, SOLO)
    game = win.controller.game
    assert not win.brief_dock.visibleRegion().isEmpty()
    assert win.log_dock.visibleRegion().isEmpty()  # tabbed under the brief
    text = win.brief.text.toPlainText()
    assert game.spec.title in text
    assert "pinned down beside their shot-up SUV" in text  # the scenario's own description
    # every award the engine scores, with its points: Contracting Trouble's five
    for award in game.spec.victory.all_awards():
        assert f"{award.points:+d} VP" in text
    assert "Escorts brought off: +5 VP each" in text
    assert "Nobody left behind: +5 VP" in text and "Nobody left behind: +5 VP each" not in text
    assert "Enemies killed: +2 VP each" in text
    # Contracting Trouble's own rule on carried escorts (CT-046, CT-017) is said as the
    # scenario's, in its description and by the award it changes
    assert "A special rule of this table" in text
    assert "even those the Regulars carry: this scenario's own rule" in text
    assert "played by You" in text and "played by Computer" in text
    # the Turn panel says who plays each side
    players = win.turn_panel.players.text()
    assert "US Marines" in players and "You" in players and "Computer" in players


@pytest.mark.rule("CT-046")
@pytest.mark.rule("CT-017")
def test_the_brief_says_nothing_of_carried_escorts_without_the_special_rule(qtbot: Any) -> None:
    """A file without Contracting Trouble's own rule plays the seed: its brief does not
    count carried escorts as captives."""
    from ambush_gui import systems
    from ambush_gui.alley.scenario import ESCORTS_HELD, Scenario
    from ambush_gui.gui.table.dialogs.situations import _scenario

    data = _scenario("contracting-trouble").to_data()
    data["special_rules"] = [r for r in data["special_rules"] if r != ESCORTS_HELD]
    game = systems.new_game(Scenario.from_data(data, "<test>"), 3)
    game.start()
    text = open_window(qtbot, SOLO, game).brief.text.toPlainText()
    assert "Captives held at the end: +5 VP each" in text
    assert "this scenario's own rule" not in text


def test_ctrl_b_brings_it_back_and_the_log_returns_after_the_first_answer(qtbot: Any) -> None:
    win = open_window(qtbot, HOTSEAT)
    assert "a person (hot-seat)" in win.brief.text.toPlainText()
    c = win.controller
    qtbot.waitUntil(lambda: c.pending() is not None and not c.busy)
    d = c.pending()
    assert d is not None
    c.answer(d.options[0])
    qtbot.waitUntil(lambda: not win.log_dock.visibleRegion().isEmpty())
    assert win.brief_dock.visibleRegion().isEmpty()
    assert win.brief_action.shortcut().toString() == "Ctrl+B"
    win.activateWindow()
    win.brief_action.trigger()
    qtbot.waitUntil(lambda: not win.brief_dock.visibleRegion().isEmpty())
    qtbot.mouseClick(win.brief.done, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not win.log_dock.visibleRegion().isEmpty())
    QApplication.processEvents()


def test_a_game_under_way_opens_on_the_log(qtbot: Any) -> None:
    game = new_game(3)
    from ambush_gui.ai.alley_ai import AlleyAI

    ai = AlleyAI()
    for _ in range(3):
        d = game.pending()
        assert d is not None
        game.answer(ai.choose(game, d))
    win = open_window(qtbot, HOTSEAT, game)
    assert not win.log_dock.visibleRegion().isEmpty()
    assert win.brief_dock.visibleRegion().isEmpty()
