"""Take the README's screenshots of the Ambush! window (run under Xvfb).

    xvfb-run -n 97 -s "-screen 0 1920x1080x24" python tools/shot_ambush.py docs/screenshots 1920 1080
    xvfb-run -n 97 -s "-screen 0 1280x800x24" python tools/shot_ambush.py docs/screenshots 1280 800

It plays fixed games of the hedgerow mission with the US computer player answering
through the controller (see shot_common), and grabs the whole screen at: the mission
map with its brief at the start, a German paragraph being read (with its red
references), the AR Track mid-Round, the fire decision with its modifiers, the Last fire
dock after a hit, a Round waiting on a casualty (the dice tray's Continue), a German's
card, the Mission Card with the Paragraph Check hexes marked, and the end screen.
"""

from __future__ import annotations

import sys
from typing import Any

from PySide6.QtCore import Qt
from shot_common import (  # tools/ is the script's folder
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
from ambush_gui.ai.ambush_ai import AmbushAI
from ambush_gui.ambush.charts import Side
from ambush_gui.ambush.model import Mode
from ambush_gui.core.decisions import DecisionKind
from ambush_gui.gui.hexmap.window import AmbushWindow
from ambush_gui.gui.shared.controller import GameController, Seat

MISSION = "ambush-hedgerow"
SEED = 1
PARAGRAPH_SEED = 7
"""The game of the paragraph shot and those after it: at seeds 1-6 no German read a
paragraph that walked him along his red references during the Action Rounds (the last
paragraph read before a US decision); at seed 7 one does by the 20th decision."""
FIRE_SEED = 3
"""The game of the fire shots: at seed 1 every fire offered one or two possible fires, and
the shot showed a list of one; at seed 3 Cpl Ortiz has three (:data:`FIRE_CHOICES`)."""
FIRE_CHOICES = 3


def german_moved(game: Any) -> bool:
    """The last paragraph read was a German's, and it moved him (along red references)."""
    events = game.log.events
    last = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "paragraph"), None)
    if last is None or not events[last].data.get("german"):
        return False
    return any(e.kind == "move" and e.data.get("german") and e.data.get("to") for e in events[last:])


def new_game(app: Any, seed: int = SEED) -> tuple[AmbushWindow, GameController]:
    game = systems.new_game(systems.load_scenario(systems.resolve(MISSION)), seed)
    ctl = GameController(game, {"us": Seat.HUMAN}, delay_ms=0)
    return show_window(app, AmbushWindow, ctl), ctl


def main() -> None:
    app, out, tag = setup(sys.argv)
    ai = AmbushAI()

    win, ctl = new_game(app)
    game = ctl.game
    grab(app, out, f"ambush-start-{tag}.png")
    win.close()
    win, ctl = new_game(app, PARAGRAPH_SEED)
    game = ctl.game
    # a German reads his paragraph mid-Round: the reader shows it, the map its references
    if advance_until(ctl, ai, lambda d, g: g.state.mode is Mode.ROUNDS and german_moved(g)):
        win.reader_dock.raise_()
        grab(app, out, f"ambush-paragraph-{tag}.png")
    else:  # no German walked his references: the game is over, the AR Track from a new one
        print("no German moved along his references: no ambush-paragraph shot")
        win.close()
        win, ctl = new_game(app)
        game = ctl.game
    if advance_until(ctl, ai, lambda d, g: g.state.mode is Mode.ROUNDS and g.state.round >= 2
                     and d.kind is DecisionKind.AMBUSH_ACTION):
        grab(app, out, f"ambush-ar-track-{tag}.png")
    win.show_mission_card()
    win.show_checks(True)
    # as a player would drag it: the card's dock the right column's room, the Event column in sight
    win.resizeDocks([win.card_view_dock], [int(win.height() * 0.55)], Qt.Orientation.Vertical)
    grab(app, out, f"ambush-mission-card-{tag}.png")
    win.show_checks(False)
    finish(ctl, ai)
    assert game.result is not None, "the mission did not end"
    grab(app, out, f"ambush-end-{tag}.png")
    win.close()

    # a fire: the target decision with several possible fires, the German aimed at, the
    # shot in the Last fire dock
    win, ctl = new_game(app, FIRE_SEED)
    game = ctl.game
    if advance_until(ctl, ai, lambda d, g: d.kind is DecisionKind.AMBUSH_TARGET
                     and len(d.facts.get("odds", [])) >= FIRE_CHOICES):
        cards = getattr(win.dialog, "cards", None) or []
        if len(cards) > 1:
            cards[1][1].click()
        grab(app, out, f"ambush-fire-{tag}.png")
        # the German he aims at: his card, the paragraph for each Action Number
        german = next((s.id for s in game.state.soldiers.values() if s.side is Side.GERMAN
                       and s.on_map and s.active), None)
        if german is not None:
            win._on_select(german)
            grab(app, out, f"ambush-german-card-{tag}.png")
    # a hit mid-Round: the Last fire dock shows it step by step, every die drawn
    mark = len(game.log.events)
    if advance_until(ctl, ai, lambda d, g: g.state.mode is Mode.ROUNDS and any(
            e.kind == "hit" for e in g.log.events[mark:])):
        win.fire_dock.raise_()
        settle(app)
        grab(app, out, f"ambush-fire-result-{tag}.png")
    win.close()

    # a Round waits on a casualty: the dice tray's Continue, the counter where he fell
    win, ctl = new_game(app)
    if play_until_wait(app, ctl, ai, lambda why, g: ctl.moment is not None
                       and tray_outcome(win, "damage") is not None
                       and tray_outcome(win, "damage").data.get("result") not in (None, "none")):
        hit = tray_outcome(win, "damage")
        who = hit.data.get("soldier") or hit.data.get("target")
        if who:
            win._on_select(who)
        grab(app, out, f"ambush-casualty-{tag}.png")
    win.close()


if __name__ == "__main__":
    main()
