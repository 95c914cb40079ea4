"""``play --computer SIDE:LEVEL`` reaches the window: the game's computer seat plays at
that level (the launcher's own choice of level is another branch's)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.easy import EasyPlayer  # noqa: E402
from ambush_gui.gui.app import Session  # noqa: E402

SCENARIO = systems.resolve("contracting-trouble")


@pytest.mark.parametrize(("level", "kind"), [("easy", EasyPlayer), ("normal", None)])
def test_the_window_computer_plays_at_the_level_asked(qtbot: Any, level: str, kind: type | None) -> None:
    win = Session().new_game(SCENARIO, "regular", 3, level=level)  # the person plays the Regulars
    assert win is not None
    qtbot.addWidget(win)
    c = win.controller
    c.set_speed(0)
    assert c.level == level
    player = c._computers["insurgent"]  # the seat's player, as the controller made it
    assert isinstance(player, kind) if kind is not None else type(player).__name__ == "AlleyAI"
    win.close()


def test_a_saved_game_resumes_at_the_level_it_was_played_at(
    qtbot: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save records each computer side's level; opening it plays that level again,
    whatever level the player chose last (a save without levels takes that one)."""
    from ambush_gui.core import saves
    from ambush_gui.gui import app

    monkeypatch.setattr(app, "saved_level", lambda: "normal")
    win = Session().new_game(SCENARIO, "regular", 3, level="easy")
    assert win is not None
    qtbot.addWidget(win)
    path = tmp_path / "easy.json"
    win.controller.save(path)
    win.close()
    assert saves.read(path).levels == {"insurgent": "easy"}
    again = Session().open_save(path)
    assert again is not None
    qtbot.addWidget(again)
    assert again.controller.level_of("insurgent") == "easy"
    assert isinstance(again.controller._computers["insurgent"], EasyPlayer)
    again.close()


def test_a_level_changed_mid_game_is_written_in_the_log(qtbot: Any) -> None:
    """Game ▸ Computer level: the log keeps the change beside the game's events, so a
    player reading back sees from where the computer played harder (a playtest finding)."""
    win = Session().new_game(SCENARIO, "regular", 3, level="normal")
    assert win is not None
    qtbot.addWidget(win)
    win.controller.set_speed(0)
    win.set_level("hard")
    assert "Insurgent computer: plays at hard from now on (it was normal)" in win.log.text()
    lines = win.log.text().count("from now on")
    win.set_level("hard")  # no change, no line
    assert win.log.text().count("from now on") == lines
    win.close()


def test_the_turn_banner_says_the_player_is_waited_for_while_the_tray_waits(qtbot: Any) -> None:
    """While the dice tray waits for the player on a big moment, the turn banner says so
    (it read "Insurgent computer (hard) to decide" while the game was waiting on the
    player's Continue: a playtest finding); once the tray goes on, the banner is the turn's."""
    from ambush_gui.gui.shared.pacing import Pace

    win = Session().new_game(SCENARIO, "regular", 3, level="normal")
    assert win is not None
    qtbot.addWidget(win)
    c = win.controller
    c.set_pace(Pace.STEP)
    ai = systems.computer_player("alley")
    for _ in range(300):
        if c.waiting_for:
            break
        d = c.pending()
        if c.busy or d is None or c.seat_of(d).value == "computer":
            def ready() -> bool:
                p = c.pending()
                return c.waiting_for is not None or (not c.busy and p is not None
                                                     and c.seat_of(p).value == "human")
            qtbot.waitUntil(ready, timeout=10000)
            continue
        c.answer(ai.choose(c.game, d))
    assert c.waiting_for
    from ambush_gui.gui.table.panels import PAUSED, WAITING_STYLE

    assert win.turn_panel.banner.text() == PAUSED
    assert c.waiting_for in win.turn_panel.banner.toolTip()
    assert win.turn_panel.banner.styleSheet() == WAITING_STYLE  # not the next asker's colour
    c.hurry()
    qtbot.waitUntil(lambda: not c.waiting_for, timeout=10000)
    assert win.turn_panel.banner.text() != PAUSED
    assert win.turn_panel.banner.styleSheet() != WAITING_STYLE
    win.close()


def test_play_save_with_computer_seats_the_computer_where_it_is_asked(qtbot: Any,
                                                                        tmp_path: Any) -> None:
    """Play-test: ``play SAVE --computer insurgent`` opened the save as hot-seat, as saved."""
    from ambush_gui.gui.shared.controller import Seat

    win = Session().new_game(SCENARIO, "hotseat", 3)
    assert win is not None
    qtbot.addWidget(win)
    path = tmp_path / "hotseat.json"
    win.controller.save(path)
    win.close()
    again = Session().open_save(path, "insurgent", "hard")
    assert again is not None
    qtbot.addWidget(again)
    assert again.controller.seats == {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}
    assert again.controller.level_of("insurgent") == "hard"
    again.close()
