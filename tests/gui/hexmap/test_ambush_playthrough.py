"""Whole Ambush! missions through the real widgets: the issue's playthroughs.

A driver asks the US computer player (:class:`AmbushAI`) what to answer for each open
decision and gives that answer the way a person would: a hex to enter by clicking it on
the map (after picking the soldier by his counter, or in the squad list when he is still
off the map), the other answers of a move or an Operations turn with the step prompt's
buttons, every other decision with the dialog's own widgets
(``DecisionDialog.clicks_for``). The Germans are the mission's paragraphs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.ambush_ai import AmbushAI  # noqa: E402
from ambush_gui.core import saves  # noqa: E402
from ambush_gui.core.decisions import Decision, DecisionKind  # noqa: E402
from ambush_gui.core.words import count  # noqa: E402
from ambush_gui.gui.hexmap.window import ON_THE_MAP, AmbushWindow  # noqa: E402
from ambush_gui.gui.shared import paths  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.shared.dialog_base import DecisionDialog  # noqa: E402

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier
SOLO = {"us": Seat.HUMAN}
TUTORIAL_SEED = 3
HEDGEROW_SEED = 3


def open_window(qtbot: Any, mission: str, seed: int,
                size: tuple[int, int] = (1600, 1000)) -> AmbushWindow:
    game = systems.new_game(systems.load_scenario(systems.resolve(mission)), seed)
    controller = GameController(game, SOLO, autosave=paths.autosave_path(), delay_ms=0)
    win = AmbushWindow(controller)
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    win.start()
    return win


@dataclass
class Driver:
    """Plays the open decisions through the window's widgets, as the AI would."""

    qtbot: Any
    window: AmbushWindow
    ai: AmbushAI = field(default_factory=AmbushAI)
    kinds: set[DecisionKind] = field(default_factory=set)
    hexes_clicked: int = 0
    paragraphs_shown: set[int] = field(default_factory=set)

    @property
    def game(self) -> Any:
        return self.window.controller.game

    def play(self, limit: int = 5000) -> None:
        for _ in range(limit):
            d = self.window.controller.pending()
            if d is None:
                return
            self.step(d)
        raise AssertionError(f"the mission did not end in {limit} decisions")

    def step(self, d: Decision) -> None:
        answer = self.ai.choose(self.game, d)
        wanted = json.loads(json.dumps(d.validate(answer)))
        n = len(self.game.decisions)
        self.kinds.add(d.kind)
        if d.kind in ON_THE_MAP and isinstance(answer, dict) and answer.get("to") not in (None, "off"):
            self.enter(d, answer)
        elif d.kind in ON_THE_MAP:
            prompt = self.window.move_prompt
            assert prompt is not None and prompt.isVisible(), d
            self.press(prompt.clicks_for(answer), d, answer)
        else:
            dlg = self.window.dialog
            assert isinstance(dlg, DecisionDialog) and dlg.isVisible() and dlg.decision is d, d
            self.press(dlg.clicks_for(answer), d, answer)
        # the answer, then any decisions the engine marked forced, answered for the person
        assert len(self.game.decisions) >= n + 1, (d, answer)
        assert self.game.decisions[n] == wanted, (d, wanted, self.game.decisions[n])
        for e in self.game.log.events[-40:]:
            if e.kind == "paragraph" and e.data.get("paragraph") is not None:
                self.paragraphs_shown.add(int(e.data["paragraph"]))

    def press(self, widgets: list[Any], d: Decision, answer: Any) -> None:
        assert widgets, (d, answer)
        for w in widgets:
            assert w.isVisible() and w.isEnabled(), (d, answer, w)
            self.qtbot.mouseClick(w, LEFT)

    def enter(self, d: Decision, answer: dict[str, str]) -> None:
        """Pick the soldier (Operations), then click the hex on the map."""
        win, view = self.window, self.window.map
        if d.kind is DecisionKind.AMBUSH_OPERATIONS and win.mover(d) != answer["soldier"]:
            s = self.game.state.soldiers[answer["soldier"]]
            if s.hex is not None and s.hex.label not in win._steps:  # his counter: pick him
                QTest.mouseClick(view.viewport(), LEFT, NONE, view.counter_pos(s.id))
            else:
                squad = win.squad.list
                item = next(squad.item(i) for i in range(squad.count())
                            if squad.item(i).data(Qt.ItemDataRole.UserRole) == s.id)
                squad.scrollToItem(item)
                QTest.mouseClick(squad.viewport(), LEFT, NONE, squad.visualItemRect(item).center())
            assert win.mover(d) == answer["soldier"], (answer, win.selected)
        assert answer["to"] in win._steps, (answer, sorted(win._steps))
        QTest.mouseClick(view.viewport(), LEFT, NONE, view.hex_centre(answer["to"]))
        self.hexes_clicked += 1


@pytest.mark.parametrize(("mission", "seed"), [("ambush-tutorial", TUTORIAL_SEED),
                                                ("ambush-hedgerow", HEDGEROW_SEED)])
def test_a_whole_mission_through_the_widgets(qtbot: Any, mission: str, seed: int) -> None:
    from ambush_gui.gui.hexmap.dialogs.end import AmbushEndDialog

    win = open_window(qtbot, mission, seed)
    driver = Driver(qtbot, win)
    driver.play()
    game = win.controller.game
    assert game.result is not None and game.pending() is None
    # the same game as the engine plays alone with the same answers
    alone = systems.new_game(systems.load_scenario(systems.resolve(mission)), seed)
    alone.start()
    for choice in game.decisions:
        alone.answer(choice)
    assert alone.result == game.result and alone.state_hash() == game.state_hash()
    # the end screen says how it went
    assert isinstance(win.dialog, AmbushEndDialog) and win.dialog.isVisible()
    assert win.dialog.level.text() == game.result["level"]
    assert count(game.result["points"]["us"], "point") == win.dialog.total.text()
    # the hexes were entered on the map, Rounds were fought, paragraphs were read
    assert driver.hexes_clicked > 5
    assert DecisionKind.AMBUSH_ACTION in driver.kinds
    assert driver.paragraphs_shown
    # the autosave holds the finished game
    assert saves.read(paths.autosave_path()).decisions == game.decisions
