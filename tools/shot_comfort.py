"""Take the screenshots of the comfort settings (run under Xvfb): the text and symbol
scale at its smallest and largest, in the normal and the colour-blind-safe palettes, on
the free-measure table and on the Ambush! hex map.

    xvfb-run -n 95 -s "-screen 0 1280x800x24" python tools/shot_comfort.py docs/screenshots 1280 800
    xvfb-run -n 96 -s "-screen 0 1920x1080x24" python tools/shot_comfort.py docs/screenshots 1920 1080

Each game is played by the computer (shot_common) to a moment with something on every
dock: the table at a Regular move drawn from the keyboard (the tape and its readout), the
hex map in an Operations turn with a hex picked by the arrow keys. It writes
``comfort-{table,hexmap}-{80,200}-{normal,safe}-WxH.png``.
"""

from __future__ import annotations

import sys
from typing import Any

from shot_common import advance_until, grab, settle, setup, show_window  # tools/ is the script's folder

from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.ai.ambush_ai import AmbushAI
from ambush_gui.core.decisions import DecisionKind
from ambush_gui.gui.hexmap.window import AmbushWindow
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.table.window import MainWindow

LOOKS = ((0.8, False), (2.0, False), (0.8, True), (2.0, True))  # (scale, colour-blind safe)


def table(app: Any) -> MainWindow:
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 2)
    ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}, delay_ms=0)
    win = show_window(app, MainWindow, ctl)
    advance_until(ctl, AlleyAI(), lambda d, g: g.state.turn >= 2 and d.kind is DecisionKind.MOVE
                  and d.side == "regular")
    settle(app)
    for dx, dy in ((0, 1), (0, 1), (1, 0), (0.5, 0)):  # the move's end, as the arrow keys take it
        win.table.key_step(dx, dy)
    return win


def hexmap(app: Any) -> AmbushWindow:
    game = systems.new_game(systems.load_scenario(systems.resolve("ambush-hedgerow")), 1)
    ctl = GameController(game, {"us": Seat.HUMAN}, delay_ms=0)
    win = show_window(app, AmbushWindow, ctl)
    advance_until(ctl, AmbushAI(), lambda d, g: d.kind is DecisionKind.AMBUSH_OPERATIONS
                  and int(d.facts.get("turn", 0)) >= 2)
    settle(app)
    win.pick_step(1)
    return win


def main() -> None:
    app, out, tag = setup(sys.argv)
    for name, make in (("table", table), ("hexmap", hexmap)):
        win = make(app)
        for scale, safe in LOOKS:
            theme.set_scale(scale)
            theme.set_colour_blind_safe(safe)
            grab(app, out, f"comfort-{name}-{round(scale * 100)}-{'safe' if safe else 'normal'}-{tag}.png")
        theme.set_scale(1.0)
        theme.set_colour_blind_safe(False)
        win.close()
        settle(app)


if __name__ == "__main__":
    main()
