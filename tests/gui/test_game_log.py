"""The game log follows the game: its newest line stays in sight when the log is made
shorter (the Decision dock above it grows for a question; a playtest saw the newest lines
pushed out of sight), and one scrolled back by the player stays where they put it."""

from __future__ import annotations

from typing import Any

from ambush_gui.core.events import Event
from ambush_gui.gui.shared.widgets import GameLog


def filled(qtbot: Any) -> GameLog:
    log = GameLog()
    qtbot.addWidget(log)
    log.resize(400, 500)
    log.show()
    qtbot.waitExposed(log)
    for i in range(200):
        log.add(Event("move", f"Fireteam Alpha moves {i}\"", {}))
    return log


def test_the_newest_line_stays_in_sight_when_the_log_is_made_shorter(qtbot: Any) -> None:
    log = filled(qtbot)
    bar = log.verticalScrollBar()
    assert bar.value() == bar.maximum() > 0
    log.resize(400, 200)
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    assert bar.value() == bar.maximum()


def test_a_log_scrolled_back_stays_where_the_player_put_it(qtbot: Any) -> None:
    log = filled(qtbot)
    bar = log.verticalScrollBar()
    bar.setValue(10)
    log.resize(400, 200)
    assert bar.value() == 10
