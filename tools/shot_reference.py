"""Take the screenshots of the rules reference (F1) beside a game window (run under Xvfb).

    xvfb-run -s "-screen 0 1920x1080x24" python tools/shot_reference.py docs/screenshots 1920 1080
    xvfb-run -s "-screen 0 1280x800x24" python tools/shot_reference.py docs/screenshots 1280 800

The Ambush! window on the hedgerow mission with the reference open on its Charts tab and
on a search for AR-107; the Ambush Alley window with the reference on an AA house rule.
"""

from __future__ import annotations

import sys

from shot_common import grab, settle, setup  # tools/ is the script's folder

from ambush_gui import systems
from ambush_gui.gui.hexmap.window import AmbushWindow
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.shared.rules_help import look_up, open_reference
from ambush_gui.gui.table.window import MainWindow


def main() -> None:
    app, out, tag = setup(sys.argv)

    game = systems.new_game(systems.load_scenario(systems.resolve("ambush-hedgerow")), 1)
    win = AmbushWindow(GameController(game, {"us": Seat.HUMAN}, delay_ms=0))
    win.setGeometry(app.primaryScreen().availableGeometry())
    win.show()
    win.start()
    settle(app)
    ref = open_reference(win, "ambush")
    ref.tabs.setCurrentWidget(ref.charts_view)
    grab(app, out, f"reference-charts-{tag}.png")
    look_up("AR-107", win)
    grab(app, out, f"reference-ar107-{tag}.png")
    win.close()

    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 3)
    table = MainWindow(GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0))
    table.setGeometry(app.primaryScreen().availableGeometry())
    table.show()
    table.start()
    settle(app)
    look_up("AA-087", table)
    grab(app, out, f"reference-aa087-{tag}.png")
    table.close()


if __name__ == "__main__":
    main()
