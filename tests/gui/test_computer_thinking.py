"""The computer thinks off the GUI thread (issue 16): the window stays live and says who is
thinking at which level; a thought made stale (undo, a new level, closing) is never
applied; the launcher and the Game menu choose the level; every computer answer is
narrated with its reason."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QSettings, QTimer  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.alley_ai import AlleyAI  # noqa: E402
from ambush_gui.ai.levels import LEVEL_HELP, LEVELS  # noqa: E402
from ambush_gui.ai.narrate import Choice  # noqa: E402
from ambush_gui.core.game import Game  # noqa: E402
from ambush_gui.gui.shared.controller import THINK_POLL_MS, GameController, Seat  # noqa: E402
from ambush_gui.gui.shared.pacing import Pace  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402

SCENARIO = systems.load_scenario(systems.resolve("contracting-trouble"))
SOLO = {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}
THINK_MAX_S = 30.0  # a player left waiting gives up after this (the test then fails): a
# safety stop, not a timing: under load (a 2-core machine running simulations beside the
# suite) the GUI thread once took over 5 s to see five 20 ms ticks beside a GIL-bound worker


class SlowPlayer:
    """The normal player, slowed on purpose: its first answer waits until the test
    releases it (``release``; the thinking test releases it from a GUI-thread timer, so it
    answers only once the GUI thread has run meanwhile). It records the decision count it
    was asked at, the level it was made for, whether it ran on the GUI thread, and
    whether it gave up waiting."""

    made: list[SlowPlayer] = []
    release = threading.Event()

    def __init__(self, system: str, level: str = "normal", seed: int = 0) -> None:
        self.level = level
        self.normal = AlleyAI()
        self.asked: list[tuple[int, bool]] = []
        self.gave_up = False
        self.finished = threading.Event()
        SlowPlayer.made.append(self)

    def decide(self, game: Any, decision: Any) -> Choice:
        self.asked.append((len(game.decisions), threading.current_thread() is threading.main_thread()))
        try:
            if len(self.asked) == 1:
                self.wait()
            return self.normal.decide(game, decision)
        finally:
            self.finished.set()

    def choose(self, game: Any, decision: Any) -> Any:
        return self.decide(game, decision).answer

    def wait(self) -> None:
        self.gave_up = not SlowPlayer.release.wait(THINK_MAX_S)


class BusyPlayer(SlowPlayer):
    """As :class:`SlowPlayer`, but it works (pure Python, holding the GIL most of the
    time) until released instead of sleeping: a look-ahead player thinks like this."""

    def wait(self) -> None:
        end = time.monotonic() + THINK_MAX_S
        n = 0
        while not SlowPlayer.release.is_set() and time.monotonic() < end:
            n = sum(i * i for i in range(2000)) + n % 7
        self.gave_up = not SlowPlayer.release.is_set()


@pytest.fixture(autouse=True)
def no_saved_level() -> Any:
    """Qt reads its settings file once per process: a level chosen by one test would be
    the next one's default."""
    QSettings("ambush-gui", "ambush-gui").remove("level")
    yield
    QSettings("ambush-gui", "ambush-gui").remove("level")


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[SlowPlayer]]:
    SlowPlayer.made = []
    SlowPlayer.release = threading.Event()
    monkeypatch.setattr(systems, "computer_player", SlowPlayer)
    yield SlowPlayer
    SlowPlayer.release.set()  # no worker left waiting


@pytest.fixture(params=["waits", "works"])
def slow_or_busy(request: pytest.FixtureRequest,
                 monkeypatch: pytest.MonkeyPatch) -> Iterator[type[SlowPlayer]]:
    SlowPlayer.made = []
    SlowPlayer.release = threading.Event()
    kind = SlowPlayer if request.param == "waits" else BusyPlayer
    monkeypatch.setattr(systems, "computer_player", kind)
    yield kind
    SlowPlayer.release.set()


def at_insurgent_turn(seed: int, after_regular: bool = False) -> Game:
    """A game played by the normal player up to an Insurgent decision (right after a
    Regular answer that undo may take back, if ``after_regular``)."""
    game = systems.new_game(SCENARIO, seed).start()
    ai = AlleyAI()
    for _ in range(3000):
        d = game.pending()
        assert d is not None, "the game ended first"
        if d.side == "insurgent" and (not after_regular or (
                game.answered_by and game.answered_by[-1] == "regular"
                and game.undo_floor() <= len(game.decisions) - 1)):
            return game
        game.answer(ai.choose(game, d))
    raise AssertionError("no such decision")


def window(qtbot: Any, game: Game, pace: Pace = Pace.FAST) -> tuple[GameController, MainWindow]:
    ctl = GameController(game, SOLO, pace=pace)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.show()
    return ctl, win


def test_a_slow_computer_thinks_off_the_gui_thread_and_its_answer_is_applied_once(
        qtbot: Any, slow_or_busy: type[SlowPlayer]) -> None:
    slow = slow_or_busy
    game = at_insurgent_turn(3)
    index = len(game.decisions)
    ctl, win = window(qtbot, game)
    ticks: list[float] = []  # the GUI thread's timer, while the computer thinks

    def tick() -> None:
        if ctl.is_thinking:
            ticks.append(time.monotonic())
        if len(ticks) >= 5:
            slow.release.set()  # the worker answers only once the GUI thread has run

    clock = QTimer()
    clock.timeout.connect(tick)
    clock.start(20)
    told: list[int] = []
    ctl.narrated.connect(lambda *_: told.append(len(ctl.game.decisions)))
    win.start()
    assert ctl.is_thinking
    qtbot.waitUntil(lambda: win.thinking_indicator.isVisible(), timeout=2000)
    line = win.thinking_indicator.label.text()
    assert line == "The Insurgents are thinking… (normal)"
    assert win.turn_panel.banner.text() == "◆ Insurgent computer thinking…"  # the side by shape too
    assert "normal level" in win.turn_panel.banner.toolTip()  # the level one hover away
    assert win.turn_panel.busy.isVisibleTo(win)
    assert line in win.decision_panel.idle.text()
    with pytest.raises(RuntimeError):  # the game does not change under the worker
        ctl.answer("end")
    qtbot.waitUntil(lambda: len(ctl.game.decisions) > index, timeout=int(THINK_MAX_S * 2000))
    clock.stop()
    player = slow.made[0]
    assert not player.gave_up and len(ticks) >= 5, "the GUI thread did not run while the computer thought"
    assert player.asked[0] == (index, False)  # asked once, in a worker
    assert told.count(index) == 1  # and applied once
    assert ctl.game.answered_by[index] == "insurgent"
    qtbot.waitUntil(lambda: ctl.pending() is None or ctl.pending().side == "regular", timeout=10000)
    assert not ctl.is_thinking
    assert not win.thinking_indicator.isVisible()
    assert not win.turn_panel.busy.isVisible()
    assert "thinking" not in win.turn_panel.banner.text()


def test_the_worker_answers_as_the_computer_would_on_the_game_itself(qtbot: Any) -> None:
    """The worker thinks on a fork of the game: its answer is the one the player gives on
    the live game."""
    game = at_insurgent_turn(5)
    d = game.pending()
    expected = AlleyAI().choose(game, d)
    ctl, _ = window(qtbot, game)
    index = len(game.decisions)
    ctl.start()
    qtbot.waitUntil(lambda: len(ctl.game.decisions) > index, timeout=5000)
    assert ctl.game.decisions[index] == expected


def test_an_undo_while_the_computer_thinks_drops_its_answer(qtbot: Any, slow: type[SlowPlayer]) -> None:
    game = at_insurgent_turn(3, after_regular=True)
    index = len(game.decisions)
    ctl, win = window(qtbot, game)
    told: list[str] = []
    ctl.narrated.connect(lambda text, side: told.append(text))
    win.start()
    assert ctl.is_thinking and ctl.can_undo()
    ctl.undo()
    assert not ctl.is_thinking and not win.thinking_indicator.isVisible()
    assert len(ctl.game.decisions) == index - 1
    slow.release.set()
    qtbot.waitUntil(slow.made[0].finished.is_set, timeout=5000)
    qtbot.wait(5 * THINK_POLL_MS)  # the forgotten thought's answer would have been collected
    assert slow.made[0].asked and not told
    assert len(ctl.game.decisions) == index - 1
    assert ctl.pending() is not None and ctl.pending().side == "regular"


def test_a_new_level_while_the_computer_thinks_asks_again_at_that_level(
        qtbot: Any, slow: type[SlowPlayer]) -> None:
    game = at_insurgent_turn(3)
    index = len(game.decisions)
    ctl, win = window(qtbot, game)
    told: list[int] = []
    ctl.narrated.connect(lambda *_: told.append(len(ctl.game.decisions)))
    win.start()
    qtbot.waitUntil(lambda: win.thinking_indicator.isVisible(), timeout=2000)
    win.level_actions["hard"].trigger()
    assert ctl.levels == {"insurgent": "hard"}
    assert win.thinking_indicator.label.text() == "The Insurgents are thinking… (hard)"
    slow.release.set()  # both answer: the stale one (normal) and the new one (hard)
    qtbot.waitUntil(lambda: len(ctl.game.decisions) > index, timeout=5000)
    assert slow.made[0].finished.is_set()
    assert [p.level for p in slow.made] == ["normal", "hard"]
    assert told.count(index) == 1  # the normal player's stale answer was dropped
    assert QSettings("ambush-gui", "ambush-gui").value("level") == "hard"


def test_closing_the_window_while_the_computer_thinks_applies_nothing(
        qtbot: Any, slow: type[SlowPlayer]) -> None:
    game = at_insurgent_turn(3)
    index = len(game.decisions)
    ctl, win = window(qtbot, game)
    win.start()
    assert ctl.is_thinking
    qtbot.wait(ctl.delay_ms + 100)  # the pace's delay is over: only the thought is awaited
    assert ctl.is_thinking
    win.close()
    slow.release.set()
    qtbot.waitUntil(slow.made[0].finished.is_set, timeout=5000)
    qtbot.wait(5 * THINK_POLL_MS)
    assert len(game.decisions) == index


def test_the_instant_pace_thinks_on_the_gui_thread(qtbot: Any, slow: type[SlowPlayer]) -> None:
    """Tests and scripts play at INSTANT: no worker, so no thread timing in the suite."""
    slow.release.set()
    game = at_insurgent_turn(3)
    index = len(game.decisions)
    ctl = GameController(game, SOLO, delay_ms=0)
    ctl.start()
    assert not ctl.is_thinking
    ctl.run_computer_now()
    assert len(ctl.game.decisions) > index
    assert slow.made[0].asked[0] == (index, True)


# -- levels in the window ------------------------------------------------------------------

def test_the_launcher_asks_the_level_for_a_solo_game_and_remembers_it(qtbot: Any) -> None:
    from PySide6.QtCore import QSettings

    from ambush_gui.gui.launcher import LAST_MODE, Launcher

    QSettings("ambush-gui", "ambush-gui").remove(LAST_MODE)  # (the settings outlive a test)
    dlg = Launcher()
    qtbot.addWidget(dlg)
    dlg.show()
    assert dlg.chosen_level() == "normal"
    assert [dlg.level.itemData(i) for i in range(dlg.level.count())] == list(LEVELS)
    for i, level in enumerate(LEVELS):
        assert LEVEL_HELP[level] in dlg.level.itemData(i, 3)  # Qt.ToolTipRole
    mission = next(i for i in range(dlg.scenario.count()) if "ambush-" in dlg.scenario.itemData(i))
    dlg.scenario.setCurrentIndex(mission)
    assert not dlg.level.isVisible()  # Ambush!: the paragraphs play the Germans
    table = next(i for i in range(dlg.scenario.count())
                 if dlg.scenario.itemData(i).endswith("contracting-trouble.toml"))
    dlg.scenario.setCurrentIndex(table)
    assert dlg.mode() == "hotseat"  # first offered: two at this computer
    assert not dlg.level.isVisible()  # hot-seat: nobody to set a level for
    solo = next(b for b in dlg.mode_group.buttons() if b.property("mode") == "regular")
    solo.setChecked(True)
    assert dlg.level.isVisible() and dlg.level_label.isVisible()
    dlg.level.setCurrentIndex(dlg.level.findData("hard"))
    started: list[tuple[str, str, int]] = []
    dlg.newGame.connect(lambda *a: started.append(a))
    dlg.start.click()
    assert started and started[0][1] == "regular"
    again = Launcher()
    qtbot.addWidget(again)
    assert again.chosen_level() == "hard"


def test_a_new_game_from_the_launcher_plays_the_computer_at_its_level(qtbot: Any) -> None:
    from ambush_gui.gui.app import Session

    session = Session()
    win = session.new_game(systems.resolve("contracting-trouble"), "regular", 3, level="hard")
    assert win is not None
    qtbot.addWidget(win)
    assert win.controller.levels == {"insurgent": "hard"}
    assert "Computer (hard)" in win.turn_panel.players.text()
    assert "Computer (hard)" in win.brief.text.toPlainText()
    assert win.level_actions["hard"].isChecked()


def test_the_game_menu_level_is_keyboard_reachable_and_greyed_in_hot_seat(qtbot: Any) -> None:
    ctl, win = window(qtbot, systems.new_game(SCENARIO, 3), Pace.INSTANT)
    assert win.level_menu.title() == "Computer &level"
    assert [a.text() for a in win.level_actions.values()] == ["&Easy", "&Normal", "&Hard"]
    assert win.level_menu.isEnabled() and win.level_actions["normal"].isChecked()
    for level, a in win.level_actions.items():
        assert LEVEL_HELP[level] in a.toolTip()
    hot = GameController(systems.new_game(SCENARIO, 3),
                         {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0)
    other = MainWindow(hot)
    qtbot.addWidget(other)
    assert not other.level_menu.isEnabled()
    assert "hot-seat" in other.level_menu.menuAction().toolTip()


# -- the reason line -----------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_every_computer_answer_is_narrated_with_its_reason(qtbot: Any, level: str) -> None:
    """Both sides at every level: each narration in the log carries " — " and a reason,
    save a hidden choice's (its reason would give it away)."""
    game = systems.new_game(SCENARIO, 3)
    ctl = GameController(game, {"regular": Seat.COMPUTER, "insurgent": Seat.COMPUTER},
                         delay_ms=0, level=level)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    told: list[tuple[str, str, bool]] = []

    def on_told(text: str, side: str) -> None:
        d = ctl.game.pending()
        told.append((side, text, bool(d is not None and d.facts.get("secret"))))

    ctl.narrated.connect(on_told)
    win.start()
    for _ in range(150):
        if ctl.pending() is None:
            break
        ctl.run_computer_now()
    assert {side for side, _, _ in told} == {"regular", "insurgent"}
    bare = [(side, text) for side, text, secret in told if " — " not in text and not secret]
    assert not bare, bare[:5]
    logged = [line for line in win.log.text().splitlines() if line.startswith("» ")]
    assert len(logged) == len(told)
    assert all(text in line for line, (_, text, _) in zip(logged, told, strict=True))
