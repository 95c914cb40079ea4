"""The Turn panel says the computer is thinking whenever its side is the one to act
(a play-test: "Regular player to decide" stood while the dice tray showed the player's
answer and the computer acted next; "Insurgent computer (normal) to decide" between two
of the computer's answers). The same words in the Ambush! mission panel."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QSettings  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.alley_ai import AlleyAI  # noqa: E402
from ambush_gui.core.game import Game  # noqa: E402
from ambush_gui.gui.hexmap.panels import MissionPanel  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.shared.pacing import Pace  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402

SCENARIO = systems.load_scenario(systems.resolve("contracting-trouble"))
SOLO = {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}


@pytest.fixture(autouse=True)
def no_saved_level() -> Any:
    """The level last chosen is remembered: these games play the computer at normal."""
    QSettings("ambush-gui", "ambush-gui").remove("level")
    yield
    QSettings("ambush-gui", "ambush-gui").remove("level")


def played(seed: int, upto: int) -> Game:
    """Contracting Trouble played by the normal player up to decision ``upto``."""
    game = systems.new_game(SCENARIO, seed).start()
    ai = AlleyAI()
    while len(game.decisions) < upto:
        d = game.pending()
        assert d is not None
        game.answer(ai.choose(game, d))
    return game


def window(qtbot: Any, game: Game) -> tuple[GameController, MainWindow]:
    ctl = GameController(game, SOLO, pace=Pace.NORMAL)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.show()
    return ctl, win


def test_the_banner_says_the_computer_thinks_while_the_tray_shows_the_players_answer(
        qtbot: Any) -> None:
    game = played(7, 22)  # the Regular's answer throws dice; the Insurgents act next
    d = game.pending()
    assert d is not None and d.side == "regular"
    ctl, win = window(qtbot, game)
    win.start()
    assert win.turn_panel.banner.text() == "● Regular player to decide"
    ctl.answer(AlleyAI().choose(game, d))
    # the dice tray rests on the throw; the live game is at the computer's question
    assert ctl.busy and ctl.pending() is not None and ctl.pending().side == "insurgent"
    assert not ctl.is_thinking  # its worker starts once the answer is all shown
    assert win.turn_panel.banner.text() == "◆ Insurgent computer thinking…"
    assert "dice tray is showing" in win.turn_panel.prompt.text()  # not the question answered
    ctl.hurry()  # all shown: the computer's question, its worker at work
    assert win.turn_panel.banner.text() == "◆ Insurgent computer thinking…"
    assert "dice tray" not in win.turn_panel.prompt.text()


def test_the_banner_says_the_computer_thinks_between_two_of_its_answers(qtbot: Any) -> None:
    game = systems.new_game(SCENARIO, 7).start()
    ctl = GameController(game, {"regular": Seat.COMPUTER, "insurgent": Seat.COMPUTER},
                         pace=Pace.FAST)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.show()
    seen: list[tuple[str, str]] = []  # (the side to act, the banner) as the tray rests

    def rests() -> bool:
        if ctl.waiting_for:  # a big moment: the player goes on
            ctl.proceed()
        d = ctl.pending()
        if ctl.busy and not ctl.waiting_for and d is not None:
            seen.append((d.side, win.turn_panel.banner.text()))
        return len(seen) >= 3

    win.start()
    qtbot.waitUntil(rests, timeout=30_000)
    ctl.shutdown()
    names = {"regular": "● Regular", "insurgent": "◆ Insurgent"}
    for side, banner in seen:  # not "… computer to decide" over the tray
        assert banner == f"{names[side]} computer thinking…"


def test_the_mission_panel_says_the_computer_thinks(qtbot: Any) -> None:
    g = systems.new_game(systems.load_scenario(systems.resolve("ambush-hedgerow")), 1).start()
    m = MissionPanel()
    qtbot.addWidget(m)
    d = g.pending()
    m.show_state(g, d, "computer")
    assert m.banner.text().endswith("US computer thinking…")  # not "player (computer) to decide"
    m.show_state(g, d, "computer", "hard")
    assert m.banner.text().endswith("US computer (hard) thinking…")
    m.show_state(g, d, "human")
    assert m.banner.text().endswith("US player to decide")
