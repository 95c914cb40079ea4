"""The two shipped Force on Force scenarios played to the end in the real window.

Market Day (civilians, IEDs, combat stress) and The Orchard Battery (mortars, NBC, mines,
mounted) each play one whole game hot-seat and one against the computer, driven as
``test_playthrough`` drives Contracting Trouble: the computer player says what to answer
and the answer is given through the window's own widgets (a drag or a click on the
table, the dialog's buttons and cards). A module question the window cannot answer fails
here, which is the point.
"""

from __future__ import annotations

import sys
import time
import traceback
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QEvent  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.core.decisions import DecisionKind  # noqa: E402
from ambush_gui.gui.shared import paths  # noqa: E402
from ambush_gui.gui.shared.controller import Seat  # noqa: E402
from ambush_gui.gui.table.dialogs import VictoryDialog  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402
from tests.gui.table.test_playthrough import HOTSEAT, Driver, ShownPrompts  # noqa: E402
from tests.gui.table.windows import table_window  # noqa: E402

SCENARIOS = {  # scenario: the seed played (a game that asks the modules' questions and plans)
    "market-day": 3,
    "the-orchard-battery": 3,
}
MODULES = ("civilians", "ieds", "combat_stress", "mortars", "nbc", "mines", "mounted")
ASKED = {  # scenario: module questions and plans every hot-seat game of it asks the window
    "market-day": {"ieds.detonate", "civilians.taunt", "plan civilians/disperse", "plan civilians/arm"},
    "the-orchard-battery": {"mounted.stay_mounted", "plan mounted/charge", "plan mounted/dismount"},
}


def open_window(
    qtbot: Any, name: str, seats: dict[str, Seat], seed: int, *, owned: bool = True
) -> MainWindow:
    """The game window, shown and started; ``owned``: closed by qtbot after the test."""
    game = systems.new_game(systems.load_scenario(systems.resolve(name)), seed)
    return table_window(qtbot, game, seats, owned=owned, autosave=paths.autosave_path())


def check_victory(win: MainWindow) -> None:
    """The victory dialog is up, naming the winner by the scenario's own side names."""
    game = win.controller.game
    assert game.pending() is None
    dlg = win.dialog
    assert isinstance(dlg, VictoryDialog) and dlg.isVisible()
    result = game.state.outcome or game.result
    assert dlg.outcome == dict(result)
    names = {side.value: spec.name for side, spec in game.spec.sides.items()}
    winner = result["winner"]
    assert dlg.banner.title.text() == ("A draw" if winner == "draw" else f"The {names[winner]} win")
    shown = "\n".join(lab.text() for lab in dlg.findChildren(type(dlg.banner.title)))
    for side, points in result["points"].items():
        assert f"{points} VP" in shown, side


class ModuleDriver(Driver):
    """The playthrough driver, noting the module questions it answered in the window."""

    questions: set[str]

    def step(self, d: Any) -> None:
        game = self.controller.game
        n = len(game.decisions)
        super().step(d)
        if d.facts.get("module"):
            self.questions.add(str(d.facts.get("question")))
        elif d.kind is DecisionKind.PLAN:
            plan = game.decisions[n]  # the plan clicked in the dialog
            if isinstance(plan, str) and plan.split("/")[0] in MODULES:
                self.questions.add("plan " + "/".join(plan.split("/")[:2]))


@pytest.fixture
def no_uncaught(monkeypatch: pytest.MonkeyPatch) -> list[BaseException]:
    """Exceptions raised inside Qt slots (printed by PySide, not raised): collected."""
    caught: list[BaseException] = []

    def hook(kind: type[BaseException], exc: BaseException, tb: Any) -> None:
        caught.append(exc)
        traceback.print_exception(kind, exc, tb)

    monkeypatch.setattr(sys, "excepthook", hook)
    return caught


@pytest.mark.parametrize("name", SCENARIOS)
def test_hotseat_module_scenario_to_the_victory_screen(
    qtbot: Any, name: str, no_uncaught: list[BaseException]
) -> None:
    t0 = time.perf_counter()
    win = open_window(qtbot, name, HOTSEAT, SCENARIOS[name])
    driver = ModuleDriver(qtbot, win)
    driver.questions = set()
    driver.play()
    game = win.controller.game
    assert driver.answered + len(win.controller.forced_answers) == len(game.decisions)
    assert {"regular", "insurgent"} <= set(game.answered_by)
    check_victory(win)
    assert not no_uncaught, no_uncaught
    assert ASKED[name] <= driver.questions, driver.questions
    print(f"\n{name} hot-seat: {len(game.decisions)} decisions in {time.perf_counter() - t0:.1f} s; "
          f"kinds {sorted(k.value for k in driver.kinds)}; module questions {sorted(driver.questions)}")


@pytest.mark.parametrize("person", ["regular", "insurgent"])
@pytest.mark.parametrize("name", SCENARIOS)
def test_module_scenario_against_the_computer(
    qtbot: Any, name: str, person: str, no_uncaught: list[BaseException]
) -> None:
    """The person plays one side through the widgets, the computer the other at the
    instant pace; no dialog is ever opened for the computer's side."""
    computer = "insurgent" if person == "regular" else "regular"
    t0 = time.perf_counter()
    spy = ShownPrompts()
    app = QApplication.instance()
    app.installEventFilter(spy)
    try:
        win = open_window(qtbot, name, {person: Seat.HUMAN, computer: Seat.COMPUTER}, SCENARIOS[name])
        win.controller.set_speed(0)
        driver = ModuleDriver(qtbot, win)
        driver.questions = set()
        driver.play()
    finally:
        app.removeEventFilter(spy)
    game, c = win.controller.game, win.controller
    assert driver.answered + len(c.forced_answers) == game.answered_by.count(person) > 0
    assert game.answered_by.count(computer) > 10
    assert spy.shown and {side for side, _ in spy.shown} == {person}
    check_victory(win)
    assert not no_uncaught, no_uncaught
    print(f"\n{name}, the person the {person}s: {len(game.decisions)} decisions in "
          f"{time.perf_counter() - t0:.1f} s; module questions {sorted(driver.questions)}")

def test_closing_the_window_while_an_ied_bursts_stops_the_burst(
    qtbot: Any, no_uncaught: list[BaseException]
) -> None:
    """A burst still swelling when its window goes (a game ended mid-blast, the window
    closed) stops with it: it used to run on and touch its deleted item."""
    win = open_window(qtbot, "market-day", HOTSEAT, 1, owned=False)
    win.table.table.fof.show_blast((10.0, 10.0), 2.0, "an IED goes off", 300)
    qtbot.wait(50)
    win.close()
    win.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.wait(400)  # past the burst's end
    assert not no_uncaught, no_uncaught
