"""Take the README's screenshots of the Ambush! window (run under Xvfb).

    xvfb-run -s "-screen 0 1920x1080x24" python tools/shot_ambush.py docs/screenshots 1920 1080
    xvfb-run -s "-screen 0 1280x800x24" python tools/shot_ambush.py docs/screenshots 1280 800

It plays a fixed game of the hedgerow mission with the US computer player answering
through the controller, and grabs the whole screen (window and dialogs) at: the mission
map at the start, a German paragraph being read (with its red references), the AR Track
mid-Round, the fire dialog with its modifiers, the Last fire dock after a hit, and the end
screen.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication
from shot_docs import advance_until, grab, settle  # tools/ is the script's folder

from ambush_gui import systems
from ambush_gui.ai.ambush_ai import AmbushAI
from ambush_gui.ambush.model import Mode
from ambush_gui.core.decisions import DecisionKind
from ambush_gui.gui.hexmap.window import AmbushWindow
from ambush_gui.gui.shared.controller import GameController, Seat

MISSION = "ambush-hedgerow"
SEED = 1


def german_moved(game: Any) -> bool:
    """The last paragraph read was a German's, and it moved him (along red references)."""
    events = game.log.events
    last = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "paragraph"), None)
    if last is None or not events[last].data.get("german"):
        return False
    return any(e.kind == "move" and e.data.get("german") and e.data.get("to") for e in events[last:])


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    w, h = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (1920, 1080)
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("AMBUSH_GUI_DATA", "/tmp/ambush-gui-shots")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    game = systems.new_game(systems.load_scenario(systems.resolve(MISSION)), SEED)
    ctl = GameController(game, {"us": Seat.HUMAN}, delay_ms=0)
    win = AmbushWindow(ctl)
    win.setGeometry(app.primaryScreen().availableGeometry())
    win.show()
    win.start()
    settle(app)
    tag = f"{w}x{h}"
    grab(app, out, f"ambush-start-{tag}.png")

    ai = AmbushAI()
    # a German reads his paragraph mid-Round: the reader shows it, the map its references
    if advance_until(ctl, ai, lambda d, g: g.state.mode is Mode.ROUNDS and german_moved(g)):
        shown = [w for w in (win.dialog,) if w is not None and w.isVisible()]
        for w in shown:
            w.hide()
        grab(app, out, f"ambush-paragraph-{tag}.png")
        for w in shown:
            w.show()
    if advance_until(ctl, ai, lambda d, g: g.state.mode is Mode.ROUNDS and g.state.round >= 2
                     and d.kind is DecisionKind.AMBUSH_ACTION):
        win.dialog.hide()
        grab(app, out, f"ambush-ar-track-{tag}.png")
        win.dialog.show()
    if advance_until(ctl, ai, lambda d, g: d.kind is DecisionKind.AMBUSH_TARGET
                     and "odds" in d.facts):
        dlg = win.dialog
        cards = getattr(dlg, "cards", None) or []
        if len(cards) > 1:
            cards[1][1].click()
        grab(app, out, f"ambush-fire-{tag}.png")
    # a hit mid-Round: the Last fire dock shows it step by step, every die drawn
    mark = len(game.log.events)
    if advance_until(ctl, ai, lambda d, g: g.state.mode is Mode.ROUNDS and any(
            e.kind == "hit" for e in g.log.events[mark:])):
        shown = [w for w in (win.dialog,) if w is not None and w.isVisible()]
        for w in shown:
            w.hide()
        settle(app)
        grab(app, out, f"ambush-fire-result-{tag}.png")
        for w in shown:
            w.show()
    advance_until(ctl, ai, lambda d, g: False)
    assert game.result is not None, "the mission did not end"
    grab(app, out, f"ambush-end-{tag}.png")
    win.close()


if __name__ == "__main__":
    main()
