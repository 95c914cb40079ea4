"""While the dice tray waits on a casualty, the removed figures are drawn as casualties
(greyed, crossed out, "casualty" in their tooltip) rather than alive: the table agrees with
the tray; once the answer is all shown the table drops them."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from ambush_gui import systems  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.shared.pacing import Pace  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402

ALLEY = systems.load_scenario(systems.resolve("contracting-trouble"))
SOLO = {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}


def test_casualties_are_crossed_out_while_the_tray_waits_on_them(qtbot: Any) -> None:
    ctl = GameController(systems.new_game(ALLEY, 11), SOLO, pace=Pace.STEP)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    fallen: list[str] = []
    ctl.eventLogged.connect(lambda e: fallen.append(e.data["figure"]) if e.kind == "casualty" else None)
    win.start()
    ai = systems.computer_player("alley")
    for _ in range(400):
        if ctl.waiting_for is not None and fallen:
            break
        if ctl.waiting_for is not None:
            ctl.proceed()
            continue
        if ctl.busy:
            qtbot.waitUntil(lambda: not ctl.busy or ctl.waiting_for is not None, timeout=5000)
            continue
        d = ctl.pending()
        assert d is not None
        if ctl.seat_of(d) is Seat.COMPUTER:
            qtbot.waitUntil(lambda d=d: ctl.pending() is not d or ctl.busy, timeout=5000)
            continue
        ctl.answer(ai.choose(ctl.game, d))
    assert fallen and ctl.waiting_for is not None
    scene = win.table.table
    live = {f.id for u in ctl.game.state.units.values() for f in u.figures}
    for fid in fallen:
        assert fid not in live  # removed in the game
        item = scene.figures[fid]
        assert item.isVisible() and item.look.fallen  # still drawn, as a casualty
        assert "casualty" in item.toolTip()
    alive = [i for f, i in scene.figures.items() if f in live and i.isVisible()]
    assert alive and not any(i.look.fallen for i in alive)
    # once the answer is all shown the table drops them
    ctl.hurry()
    qtbot.waitUntil(lambda: not ctl.busy)
    qtbot.waitUntil(lambda: not any(scene.figures[fid].isVisible() for fid in fallen))
