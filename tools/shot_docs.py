"""Take the README's screenshots of the game window (run under Xvfb).

    xvfb-run -s "-screen 0 1920x1080x24" python tools/shot_docs.py docs/screenshots 1920 1080
    xvfb-run -s "-screen 0 1280x800x24" python tools/shot_docs.py docs/screenshots 1280 800

It plays a fixed hot-seat game of Contracting Trouble! with the computer player
answering through the controller, and grabs the whole screen (window and dialogs) at:
the table at the start, a unit being dragged with the tape, the Reaction Test dialog,
the dice matching dialog and the victory screen.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.core.decisions import DecisionKind
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.table.window import MainWindow

SEED = 11


def settle(app: QApplication, rounds: int = 8) -> None:
    for _ in range(rounds):
        app.processEvents()


def grab(app: QApplication, out: Path, name: str) -> None:
    settle(app)
    shot = app.primaryScreen().grabWindow(0)
    shot.save(str(out / name))
    print("wrote", out / name)


def advance_until(ctl: GameController, ai: Any, wanted: Any, limit: int = 3000) -> bool:
    """Answer with the computer player ``ai`` until ``wanted(decision, game)`` holds."""
    for _ in range(limit):
        d = ctl.pending()
        if d is None:
            return False
        if wanted(d, ctl.game):
            return True
        ctl.answer(ai.choose(ctl.game, d))
    return False


def mouse(view: Any, kind: QMouseEvent.Type, at: QPoint, buttons: Qt.MouseButton) -> None:
    ev = QMouseEvent(kind, at, view.viewport().mapToGlobal(at), Qt.MouseButton.LeftButton,
                     buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), ev)


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    w, h = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (1920, 1080)
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("AMBUSH_GUI_DATA", "/tmp/ambush-gui-shots")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    game = systems.new_game(scenario, SEED)
    ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0)
    win = MainWindow(ctl)
    win.setGeometry(app.primaryScreen().availableGeometry())
    win.show()
    win.start()
    settle(app)
    tag = f"{w}x{h}"
    grab(app, out, f"table-start-{tag}.png")

    ai = AlleyAI()
    if advance_until(ctl, ai, lambda d, g: d.kind is DecisionKind.MOVE and d.side == "regular"):
        settle(app)
        view = win.table
        unit = game.unit(ctl.pending().facts["unit"])
        fig = unit.figures[0]
        start = view.mapFromScene(view.table.flip.scene(fig.x, fig.y))
        end = view.mapFromScene(view.table.flip.scene(fig.x + 2.5, fig.y + 4.0))
        mouse(view, QMouseEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
        for i in range(1, 11):
            p = start + (end - start) * (i / 10)
            mouse(view, QMouseEvent.Type.MouseMove, p, Qt.MouseButton.LeftButton)
        grab(app, out, f"table-drag-{tag}.png")
        mouse(view, QMouseEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton)
        settle(app)

    def reacting(d: Any, g: Any) -> bool:
        return d.kind is DecisionKind.REACT and d.facts.get("what") in ("react first", "return fire")

    if advance_until(ctl, ai, reacting):
        grab(app, out, f"reaction-test-{tag}.png")
    if advance_until(ctl, ai, lambda d, g: d.kind is DecisionKind.MATCH and len(d.facts["attack"]) >= 3
                     and len(d.facts["defense"]) >= 2):
        grab(app, out, f"dice-matching-{tag}.png")
    advance_until(ctl, ai, lambda d, g: False, limit=100000)
    settle(app, 20)
    grab(app, out, f"victory-{tag}.png")


if __name__ == "__main__":
    main()
