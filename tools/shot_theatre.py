"""Take the README's screenshots of the timeline (run under Xvfb).

    xvfb-run -n 97 -s "-screen 0 1920x1080x24" python tools/shot_theatre.py docs/screenshots 1920 1080
    xvfb-run -n 97 -s "-screen 0 1280x800x24" python tools/shot_theatre.py docs/screenshots 1280 800

- ``theatre-table``: a finished game of Contracting Trouble watched back at its first
  casualty: the table as it stood, the throw in the tray, the story up to then in the log,
  the Decision dock saying what is watched, and the bar of decisions, throws, turns and big
  moments under the map;
- ``theatre-hexmap``: a finished Ambush! mission watched at the throw that killed a man;
- ``theatre-continue``: Continue from here, its choice of seats and its word on the dice.
"""

from __future__ import annotations

import sys
from pathlib import Path

from shot_common import grab, settle, setup  # tools/ is the script's folder

from ambush_gui.gui.app import Session
from ambush_gui.gui.shared.theatre import ContinueDialog

ROOT = Path(__file__).resolve().parent.parent
SAVES = {
    "table": ROOT / "tests/alley/golden/contracting-trouble-ai-1.json",
    "hexmap": ROOT / "tests/ambush/format1/ambush-hedgerow-ai-1.json",
}
DEAD = ("casualty", "killed")


def main() -> None:
    app, out, size = setup(sys.argv)
    session = Session()
    for name, path in SAVES.items():
        win = session.open_save(path)
        assert win is not None
        win.setGeometry(app.primaryScreen().availableGeometry())
        settle(app)
        if win.dialog is not None:  # the end screen: its Watch it back is what a player presses
            win.dialog.watch.emit()  # (the timeline closes it)
        t = win.theatre
        at = next(i for i, words in t.marks.big if any(w in words for w in DEAD))
        t.show_index(at)
        settle(app, 20)
        grab(app, out, f"theatre-{name}-{size}.png")
        if name == "table":
            n = t.marks.stops[at][0]
            t.show_index(t.marks.index(n))
            dlg = ContinueDialog(win.controller.played, n, win)
            dlg.choices["regular"].setChecked(True)
            dlg.show()
            win.place_over_map(dlg)
            settle(app, 20)
            grab(app, out, f"theatre-continue-{size}.png")
            dlg.reject()
        t.leave()
        win.close()
        settle(app)


if __name__ == "__main__":
    main()
