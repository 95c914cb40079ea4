"""What the README's screenshot scripts share (shot_docs, shot_ambush, shot_reference).

Each script plays a seeded game through the real :class:`GameController` and window, the
computer player answering for every seat, up to the moment a shot needs, then grabs the
whole screen (run under Xvfb at the size the shots are for). Two ways to get there:

- :func:`advance_until` answers at the INSTANT pace (nothing waits) until a decision is
  open that the shot wants: a fire decision in the Decision dock, an interrupt;
- :func:`play_until_wait` plays at the STEP pace, where the controller waits for the
  player after every throw, every computer action and every big moment, pressing
  Continue until it waits on the moment the shot wants (a casualty, a narrated action).

Settings (the window's remembered layout, the pace) go to a fresh folder, so a shot
never depends on how the last one left the window.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout, not an installed copy

from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.shared.pacing import Pace  # noqa: E402

Wanted = Callable[[Any, Any], bool]  # (decision, game) -> the shot's moment


def setup(argv: list[str]) -> tuple[QApplication, Path, str]:
    """The application, the output folder and the size tag (``1280x800``) from
    ``OUT_DIR [WIDTH HEIGHT]``; settings and autosaves in fresh temporary folders."""
    out = Path(argv[1] if len(argv) > 1 else "docs/screenshots")
    w, h = (int(argv[2]), int(argv[3])) if len(argv) > 3 else (1920, 1080)
    out.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="ambush-gui-shots-"))
    os.environ["AMBUSH_GUI_DATA"] = str(scratch / "data")
    os.environ["XDG_CONFIG_HOME"] = str(scratch / "config")  # no remembered layout or pace
    app = QApplication.instance() or QApplication(argv[:1])
    assert isinstance(app, QApplication)
    return app, out, f"{w}x{h}"


def show_window(app: QApplication, window_class: type, ctl: GameController) -> Any:
    """The game window on the whole screen, started."""
    win = window_class(ctl)
    win.setGeometry(app.primaryScreen().availableGeometry())
    win.show()
    win.start()
    settle(app)
    return win


def settle(app: QApplication, rounds: int = 8) -> None:
    """Let Qt lay out and paint (and zero-delay timers fire)."""
    for _ in range(rounds):
        app.processEvents()


def grab(app: QApplication, out: Path, name: str) -> None:
    """The whole screen (the window and anything over it) to ``out/name``."""
    settle(app)
    shot = app.primaryScreen().grabWindow(0)
    shot.save(str(out / name))
    print("wrote", out / name)


def _step(ctl: GameController, ai: Any) -> None:
    """One answer: the computer's own (narrated) for a computer seat, else ``ai``'s."""
    d = ctl.pending()
    if ctl.seat_of(d) is Seat.COMPUTER:
        ctl.run_computer_now()
    else:
        ctl.answer(ai.choose(ctl.game, d))


def advance_until(ctl: GameController, ai: Any, wanted: Wanted, limit: int = 3000) -> bool:
    """Answer at the INSTANT pace until ``wanted(decision, game)`` holds (False: the game
    ended first)."""
    ctl.set_pace(Pace.INSTANT)
    for _ in range(limit):
        d = ctl.pending()
        if d is None:
            return False
        if wanted(d, ctl.game):
            return True
        _step(ctl, ai)
    return False


def play_until_wait(app: QApplication, ctl: GameController, ai: Any,
                    wanted: Callable[[str, Any], bool], limit: int = 3000) -> bool:
    """Play at the STEP pace, pressing Continue, until the controller waits for the player
    on a moment ``wanted(why, game)`` accepts (False: the game ended first). Where the
    computer has a seat its answers come from the controller's own timer, as in play."""
    ctl.set_pace(Pace.STEP)
    for _ in range(limit):
        settle(app, 2)
        if ctl.waiting_for is not None:
            if wanted(ctl.waiting_for, ctl.game):
                settle(app)
                return True
            ctl.proceed()
            continue
        if ctl.busy:
            continue
        d = ctl.pending()
        if d is None:
            return False
        if ctl.seat_of(d) is Seat.COMPUTER:
            ctl._timer.start(0)  # the think time is no part of a shot
            continue
        ctl.answer(ai.choose(ctl.game, d))
    return False


def tray_outcome(win: Any, kind: str, results: tuple[str, ...] = ()) -> Any:
    """The newest throw's ``kind`` outcome event in the window's dice tray (whose
    ``result`` is one of ``results``, if given), or None."""
    card = win.tray.latest
    for e in card.throw.outcomes if card is not None else []:
        if e.kind == kind and (not results or e.data.get("result") in results):
            return e
    return None


def finish(ctl: GameController, ai: Any) -> None:
    """Play the game to its end at once."""
    advance_until(ctl, ai, lambda d, g: False, limit=100000)
