"""Screenshots of the computer's levels and its thinking state (issue 16).

    Xvfb :81 -screen 0 1280x800x24 &  DISPLAY=:81 python tools/shot_thinking.py docs/screenshots 1280 800
    Xvfb :82 -screen 0 1920x1080x24 & DISPLAY=:82 python tools/shot_thinking.py docs/screenshots 1920 1080

- launcher-SIZE.png: the launcher, Market Day chosen, the Rangers against the computer
  at Normal, with the rules options and the Start button beside the cards;
- launcher-level-SIZE.png: the launcher, Contracting Trouble against the computer, its
  level (Hard) chosen, with what that level does beside it;
- table-thinking-SIZE.png: the table while the hard Insurgents think about an interrupt:
  the turn panel and the status bar say so over a busy bar, the window stays live.

The hard player is made to take a few seconds here (it sleeps before answering), so the
shot is taken while it thinks, whatever its real speed: the shot is of the window's
thinking state, not of the player's speed (docs/performance.md has that).
"""

from __future__ import annotations

import sys
import time
from typing import Any

from shot_common import advance_until, grab, settle, setup

THINK_S = 6.0


def main() -> int:
    app, out, size = setup(sys.argv)
    from ambush_gui import systems
    from ambush_gui.core.decisions import DecisionKind
    from ambush_gui.gui.launcher import Launcher
    from ambush_gui.gui.shared.controller import GameController, Seat
    from ambush_gui.gui.shared.pacing import Pace
    from ambush_gui.gui.table.window import MainWindow

    def launcher(scenario: str, level: str, name: str) -> None:
        """The launcher, ``scenario`` chosen, the Regulars against the computer at ``level``."""
        dlg = Launcher()
        dlg.scenario.setCurrentIndex(next(i for i in range(dlg.scenario.count())
                                          if str(dlg.scenario.itemData(i)).endswith(scenario)))
        next(b for b in dlg.mode_group.buttons() if b.property("mode") == "regular").setChecked(True)
        dlg.level.setCurrentIndex(dlg.level.findData(level))
        dlg.seed.setValue(5)
        dlg.show()
        settle(app, 20)
        grab(app, out, name)
        dlg.close()

    launcher("market-day.toml", "normal", f"launcher-{size}.png")
    launcher("contracting-trouble.toml", "hard", f"launcher-level-{size}.png")

    real = systems.computer_player

    class Slow:
        """The real player at its level, answering after ``THINK_S`` seconds."""

        def __init__(self, system: str, level: str = "normal", seed: int = 0) -> None:
            self.player = real(system, level, seed)

        def decide(self, game: Any, d: Any) -> Any:
            time.sleep(THINK_S)
            return self.player.decide(game, d)

    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 5)
    ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER},
                         delay_ms=0, level="hard")
    ctl.start()
    ai = real("alley")
    assert advance_until(ctl, ai, lambda d, g: d.side == "insurgent" and d.kind is DecisionKind.INTERRUPT)
    systems.computer_player = Slow  # type: ignore[assignment]
    ctl.set_level("hard")  # the players made again: slowed
    ctl.set_pace(Pace.NORMAL)
    win = MainWindow(ctl)
    win.setGeometry(app.primaryScreen().availableGeometry())
    win.show()
    settle(app)
    win.start()  # the open decision, asked of the computer as in play
    end = time.monotonic() + 1.5
    while time.monotonic() < end:  # the window runs while the worker thinks
        app.processEvents()
        time.sleep(0.02)
    assert ctl.is_thinking
    grab(app, out, f"table-thinking-{size}.png")
    win.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
