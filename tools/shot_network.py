"""Take the README's screenshots of a game across two machines (run under Xvfb).

    xvfb-run -n 97 -s "-screen 0 1920x1080x24" python tools/shot_network.py docs/screenshots 1920 1080
    xvfb-run -n 97 -s "-screen 0 1280x800x24" python tools/shot_network.py docs/screenshots 1280 800

- ``network-host``: the host's small window, waiting, saying which address to join;
- ``network-guest``: the guest's table mid-turn: the other machine's Insurgents deciding
  (turn panel, Decision dock, busy bar), their last dice in the tray, the chat line under
  the log.

The host is a headless program in its own process (the computer plays the Insurgents on
it); the guest's window is this process's, its Regulars answered by the computer through
the window as a click would answer them.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from typing import Any

from shot_common import grab, settle, setup  # tools/ is the script's folder

from ambush_gui import systems
from ambush_gui.gui.app import Session
from ambush_gui.gui.netplay import host_game, join_game
from ambush_gui.gui.shared.controller import Pace, Seat
from ambush_gui.net.link import DEFAULT_PORT, parse_address

SCENARIO = "contracting-trouble"


def wait(app: Any, until: Any, seconds: float = 120) -> None:
    end = time.monotonic() + seconds
    while not until():
        if time.monotonic() > end:
            raise SystemExit("the moment never came")
        app.processEvents()
        time.sleep(0.01)


def main() -> None:
    app, out, size = setup(sys.argv)
    # the host's waiting window: its own process would do the same; here, on any free port
    session = Session()
    scenario = systems.load_scenario(systems.resolve(SCENARIO))
    try:  # the port a player would see (any free one if it is taken here)
        hosting = host_game(session, scenario, SCENARIO, "insurgent", DEFAULT_PORT)
    except OSError:
        hosting = host_game(session, scenario, SCENARIO, "insurgent", 0)
    assert hosting.dialog is not None
    settle(app)
    hosting.dialog.grab().save(str(out / f"network-host-{size}.png"))
    print("wrote", out / f"network-host-{size}.png")
    hosting.dialog.reject()
    hosting.server.close()

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    host = subprocess.Popen([sys.executable, "-m", "ambush_gui", "host", SCENARIO, "--side",
                             "insurgent", "--port", "0", "--headless", "--computer", "insurgent",
                             "--pace", "1.5"], env=env, text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    try:
        assert host.stdout is not None
        port = re.search(r"on port (\d+)", host.stdout.readline())
        assert port, "the host did not start"
        end = join_game(session, parse_address(f"127.0.0.1:{port.group(1)}"))
        wait(app, lambda: end.window is not None)
        win = end.window
        win.setGeometry(app.primaryScreen().availableGeometry())
        ctl = win.controller
        ctl.set_pace(Pace.INSTANT)
        person = systems.computer_player("alley", "normal", 5)
        said = False

        def moment() -> bool:
            nonlocal said
            d = ctl.pending()
            if d is None:
                raise SystemExit("the game ended before the moment")
            if ctl.seat_of(d) is Seat.REMOTE:
                rolled = any(e.kind == "roll" for e in ctl.game.log.events[-6:])
                return len(ctl.game.decisions) >= 14 and rolled and said
            if not ctl.busy and ctl.sent is None:
                if not said and len(ctl.game.decisions) >= 6:
                    assert end.chat_line is not None
                    end.chat_line.setText("Bravo is crossing; cover the cafe")
                    end._chat()
                    said = True
                win._answer(systems.computer_choice(person, ctl.game, d)[0])
            return False

        wait(app, moment)
        win.log_dock.raise_()
        grab(app, out, f"network-guest-{size}.png")
        win.close()
    finally:
        host.kill()


if __name__ == "__main__":
    main()
