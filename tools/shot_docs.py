"""Take the README's screenshots of the Ambush Alley table (run under Xvfb).

    xvfb-run -n 97 -s "-screen 0 1920x1080x24" python tools/shot_docs.py docs/screenshots 1920 1080
    xvfb-run -n 97 -s "-screen 0 1280x800x24" python tools/shot_docs.py docs/screenshots 1280 800

Each shot is a seeded game of Contracting Trouble!, solo against the computer Insurgents
(the computer player also answers for the Regulars), played through the controller to
its moment (see shot_common), the whole screen grabbed:

- ``table-start``: the table, the docks and the empty dice tray at the start;
- ``table-drag``: a fireteam dragged with the tape and the Cautious and Rapid rings;
- ``table-fire``: a fire decision in the Decision dock, the line of sight to the target;
- ``table-interrupt``: the computer's declared move drawn, the Regulars asked to interrupt;
- ``reaction-test``: a Reaction Test in the dice tray, both dice and who won;
- ``dice-matching``: the matching decision with the best arrangement laid out;
- ``table-morale``: a Morale result in the dice tray, the unit selected on the table;
- ``table-narration``: a computer fire told in plain words (tray, log, status bar);
- ``victory``: the victory screen.
"""

from __future__ import annotations

import sys
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from shot_common import (  # tools/ is the script's folder
    Wanted,
    advance_until,
    finish,
    grab,
    play_until_wait,
    settle,
    setup,
    show_window,
    tray_outcome,
)

from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.core.decisions import DecisionKind as K
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.table.dialogs.reaction import latest_reaction
from ambush_gui.gui.table.window import MainWindow

SCENARIO = "contracting-trouble"
SEED = 11


def new_game(app: QApplication, seed: int = SEED, human: str = "regular",
             ) -> tuple[MainWindow, GameController]:
    """A solo game, ``human`` against the computer, its window on the screen."""
    game = systems.new_game(systems.load_scenario(systems.resolve(SCENARIO)), seed)
    seats = {side: Seat.HUMAN if side == human else Seat.COMPUTER for side in ("regular", "insurgent")}
    ctl = GameController(game, seats, delay_ms=0)
    return show_window(app, MainWindow, ctl), ctl


def mouse(view: Any, kind: QMouseEvent.Type, at: QPoint, buttons: Qt.MouseButton) -> None:
    ev = QMouseEvent(kind, at, view.viewport().mapToGlobal(at), Qt.MouseButton.LeftButton,
                     buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), ev)


def drag(app: QApplication, win: MainWindow, ctl: GameController) -> None:
    """Press on the moving unit's first figure and drag it 2.5" across, 4" up (held)."""
    settle(app)
    view = win.table
    fig = ctl.game.unit(ctl.pending().facts["unit"]).figures[0]
    start = view.mapFromScene(view.table.flip.scene(fig.x, fig.y))
    end = view.mapFromScene(view.table.flip.scene(fig.x + 2.5, fig.y + 4.0))
    mouse(view, QMouseEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
    for i in range(1, 11):
        mouse(view, QMouseEvent.Type.MouseMove, start + (end - start) * (i / 10),
              Qt.MouseButton.LeftButton)


def fire(d: Any, g: Any) -> bool:
    return d.kind is K.FIRE and d.side == "regular" and len(d.options) >= 3


def interrupt(d: Any, g: Any) -> bool:
    """The Insurgents asked whether to interrupt the computer's move, its path declared."""
    path = d.facts.get("path") or []
    return d.kind is K.INTERRUPT and d.facts.get("what") == "move" and len(path) >= 2 \
        and abs(path[-1][0] - path[0][0]) + abs(path[-1][1] - path[0][1]) >= 5


def reacting(d: Any, g: Any) -> bool:
    """A Reaction Test just thrown (its card the newest in the tray), the winner to act."""
    rolls = [i for i, e in enumerate(g.log.events) if e.kind == "roll"]
    last = g.log.events[rolls[-1] + 1:] if rolls else []
    return d.kind is K.REACT and latest_reaction(g.log.events, d.facts.get("against")) is not None \
        and any(e.kind == "reaction" for e in last)


def matching(d: Any, g: Any) -> bool:
    return d.kind is K.MATCH and d.side == "insurgent" and len(d.facts["attack"]) >= 3 \
        and len(d.facts["defense"]) >= 2


def decision_shot(app: QApplication, out: Any, name: str, wanted: Wanted, seed: int = SEED,
                  human: str = "regular", tries: int = 1) -> None:
    """A decision open in the Decision dock, in a solo game where ``human`` answers it: the
    first of ``tries`` seeds from ``seed`` whose game reaches it (a short game may not)."""
    for s in range(seed, seed + tries):
        win, ctl = new_game(app, s, human)
        found = advance_until(ctl, AlleyAI(), wanted)
        if found:
            if ctl.pending().kind is K.MATCH:
                win.dialog.show_best()
            grab(app, out, name)
        win.close()
        if found:
            return
    print("NOT FOUND", name)


def main() -> None:
    app, out, tag = setup(sys.argv)
    ai = AlleyAI()

    win, ctl = new_game(app)
    grab(app, out, f"table-start-{tag}.png")
    if advance_until(ctl, ai, lambda d, g: d.kind is K.MOVE and d.side == "regular"):
        drag(app, win, ctl)
        grab(app, out, f"table-drag-{tag}.png")
    win.close()

    decision_shot(app, out, f"table-fire-{tag}.png", fire)
    decision_shot(app, out, f"table-interrupt-{tag}.png", interrupt, human="insurgent")
    decision_shot(app, out, f"reaction-test-{tag}.png", reacting, tries=8)
    decision_shot(app, out, f"dice-matching-{tag}.png", matching, human="insurgent")

    # a Morale throw just shown in the tray (the STEP pace waits after it), its unit selected
    win, ctl = new_game(app)
    if play_until_wait(app, ctl, ai, lambda why, g: tray_outcome(win, "morale", ("pinned", "shaken"))
                       is not None):
        win.table.select(tray_outcome(win, "morale").data["unit"])
        grab(app, out, f"table-morale-{tag}.png")
    win.close()

    # a computer fire told in plain words: the STEP pace waits after the computer's answer
    win, ctl = new_game(app)
    if play_until_wait(app, ctl, ai, lambda why, g: why == ctl.last_reason and " fire" in why):
        grab(app, out, f"table-narration-{tag}.png")
    win.close()

    win, ctl = new_game(app)
    finish(ctl, ai)
    settle(app, 20)
    grab(app, out, f"victory-{tag}.png")
    win.close()


if __name__ == "__main__":
    main()
