"""The table window the tests open: one way to build, show and start it."""

from __future__ import annotations

from typing import Any

HOT_SEAT = {"regular": "human", "insurgent": "human"}


def table_window(qtbot: Any, game: Any, seats: dict[str, Any] | None = None, *, owned: bool = True,
                 size: tuple[int, int] = (1280, 800), **controller: Any) -> Any:
    """``game``'s table window at ``size`` (1280x800), shown and started, seats by side (a
    ``Seat`` or its value; hot-seat by default), ``controller`` passed to the
    ``GameController`` (``delay_ms=0`` unless a delay or a pace is given); ``owned``:
    closed by qtbot after the test."""
    from ambush_gui.gui.shared.controller import GameController, Seat
    from ambush_gui.gui.table.window import MainWindow

    if "pace" not in controller:
        controller.setdefault("delay_ms", 0)
    c = GameController(game, {s: Seat(v) for s, v in (seats or HOT_SEAT).items()}, **controller)
    win = MainWindow(c)
    if owned:
        qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    win.start()
    return win
