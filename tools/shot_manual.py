"""Take the manual's pictures (docs/manual/img, the package's ambush_gui/manual/img).

    Xvfb :97 -screen 0 1280x800x24 &
    DISPLAY=:97 python tools/shot_manual.py

At 1280x800 only, the whole screen grabbed (see shot_common), each named as the manual
uses it:

- ``turn1-*``: the worked first turn of Contracting Trouble! (seed 7, the Regulars
  answered as the computer's Normal player would, the computer playing the
  Insurgents): the first decision, Bravo's move with the tape, the Reaction Test when
  the RPG team interrupts, the Gunmen's morale, and turn 2 with the timeline; the log
  of the turn is printed, to check the manual's telling against it;
- ``ambush-*``: the hedgerow mission mid-Round (the AR Track), and choose-and-equip
  for the first mission of the Long Lane;
- ``editor-*``: the worked example of the designer's page, "The Well House" built in
  the editor: the empty table with its problems, the table built, and Simulate with its
  verdict on balance.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from shot_common import advance_until, grab, play_until_wait, settle, setup, show_window, tray_outcome

import ambush_gui.gui  # noqa: F401 - pydantic before PySide6, the package's order
from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.ai.ambush_ai import AmbushAI
from ambush_gui.ambush.model import Mode
from ambush_gui.core.decisions import DecisionKind as K
from ambush_gui.gui.shared.controller import GameController, Seat

OUT = Path(__file__).resolve().parents[1] / "ambush_gui" / "manual" / "img"
SEED = 7  # the manual's worked first turn: an interrupt, a Reaction Test, a morale check


def alley_game(app: Any) -> tuple[Any, GameController]:
    from ambush_gui.gui.table.window import MainWindow

    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), SEED)
    ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}, delay_ms=0)
    return show_window(app, MainWindow, ctl), ctl


def turn_started(game: Any, turn: int) -> bool:
    return any(e.kind == "turn" and e.text == f"Turn {turn} begins" for e in game.log.events)


def worked_turn(app: Any) -> None:
    from shot_docs import drag, reacting

    ai = AlleyAI()
    win, ctl = alley_game(app)
    grab(app, OUT, "turn1-start.png")
    advance_until(ctl, ai, lambda d, g: d.kind is K.MOVE and d.side == "regular")
    drag(app, win, ctl)
    grab(app, OUT, "turn1-tape.png")
    win.close()

    win, ctl = alley_game(app)
    if advance_until(ctl, ai, reacting):
        grab(app, OUT, "turn1-reaction.png")
    if play_until_wait(app, ctl, ai, lambda why, g: tray_outcome(win, "morale", ("shaken",)) is not None):
        win.table.select(tray_outcome(win, "morale").data["unit"])
        grab(app, OUT, "turn1-morale.png")
    advance_until(ctl, ai, lambda d, g: turn_started(g, 2) and d.kind is K.ACTIVATE)
    settle(app, 20)
    grab(app, OUT, "turn1-end.png")
    for e in ctl.game.log.events:
        if e.kind in ("turn", "activate", "plan", "move", "interrupt", "reaction", "fire", "match",
                      "casualty", "morale", "quality", "join", "turn_end", "reinforce", "arrive"):
            print("  ", e.text[:150])
    win.close()


def ambush_shots(app: Any) -> None:
    from ambush_gui.gui.hexmap.window import AmbushWindow

    game = systems.new_game(systems.load_scenario(systems.resolve("ambush-hedgerow")), 1)
    ctl = GameController(game, {"us": Seat.HUMAN}, delay_ms=0)
    win = show_window(app, AmbushWindow, ctl)
    if advance_until(ctl, AmbushAI(), lambda d, g: g.state.mode is Mode.ROUNDS and g.state.round >= 2
                     and d.kind is K.AMBUSH_ACTION):
        grab(app, OUT, "ambush-ar-track.png")
    win.close()

    import shot_campaign

    from ambush_gui.gui.campaign import window as cw

    win = cw.open_campaign(shot_campaign.campaign_file(), shot_campaign.SEED)
    assert win is not None
    win.setGeometry(app.primaryScreen().availableGeometry())
    settle(app, 20)
    grab(app, OUT, "ambush-equip.png")
    win.close()


# The worked example of designing.md, as the editor's tools write it (one undo step each).
PIECES = [
    {"id": "lane", "kind": "road", "label": "Lane", "rect": [4.5, 0, 2.5, 14]},
    {"id": "well-house", "kind": "building", "label": "Well house", "rect": [7.5, 8, 3.5, 3]},
    {"id": "barn", "kind": "building", "label": "Barn", "rect": [0.5, 5, 3.5, 3]},
    {"id": "yard-wall", "kind": "wall", "label": "Yard wall", "rect": [7.5, 5.5, 4, 0.4]},
    {"id": "rubble", "kind": "rubble", "label": "Fallen roof", "rect": [1, 10.5, 2.5, 2]},
]
UNITS = [
    {"id": "sgt", "name": "Sergeant", "side": "regular", "tq": "d8", "morale": "d10",
     "figures": [{"id": "sgt-1", "kind": "leader", "weapon": "rifle", "at": [5.7, 0.8]}]},
    {"id": "red", "name": "Red team", "side": "regular", "tq": "d8", "morale": "d10",
     "figures": [{"id": f"red-{i + 1}", "weapon": w, "at": [4.8 + 0.8 * i, 1.8]}
                 for i, w in enumerate(("rifle", "rifle", "m203", "saw"))]},
    {"id": "guards", "name": "Guards", "side": "insurgent", "tq": "d6", "morale": "d10",
     "figures": [{"id": f"guards-{i + 1}", "at": [8 + 0.8 * i, 9.5]} for i in range(3)]},
    {"id": "rpg", "name": "RPG team", "side": "insurgent", "tq": "d6", "morale": "d10",
     "figures": [{"id": "rpg-1", "weapon": "rpg", "at": [1.8, 6.5]}]},
]
AWARDS = [
    ("Regulars hold the well house", {"side": "regular", "event": "zone_held", "zone": "well-house",
                                      "points": 4}),
    ("Insurgents hold the well house", {"side": "insurgent", "event": "zone_held", "zone": "well-house",
                                        "points": 3}),
    ("Insurgents wound a Regular", {"side": "insurgent", "event": "enemy_wounded", "points": 1}),
]


def editor_shots(app: Any) -> None:
    from ambush_gui.gui.editor.document import EditorDocument
    from ambush_gui.gui.editor.window import EditorWindow, new_data

    doc = EditorDocument(new_data("alley", (14, 14), "The Well House"))
    win = EditorWindow(doc)
    win.setGeometry(app.primaryScreen().availableGeometry())
    win.show()
    settle(app, 20)
    win.check_now()
    grab(app, OUT, "editor-empty.png")

    doc.set(("brief",), "A squad must take the well house at the top of the lane and hold it "
            "when the fourth turn ends.", "Brief")
    doc.set(("turn_limit",), 4, "Turn limit")
    for piece in PIECES:
        doc.insert(("table", "pieces"), None, piece, f"Add {piece['label']}")
    for unit in UNITS:
        doc.insert(("units",), None, unit, f"Place {unit['name']}")
    for n, at in ((1, [12.5, 12.5]), (2, [1.5, 13]), (3, [12.5, 3])):
        doc.insert(("hot_spots",), None, {"number": n, "at": at}, f"Hot Spot {n}")
    for text, award in AWARDS:
        doc.insert(("victory", "awards"), None, award, f"Award: {text}")
    win.check_now()
    win.fit()
    win.page.canvas.select(("table", "pieces", 1))  # the well house, its Properties shown
    settle(app, 20)
    grab(app, OUT, "editor-built.png")

    dialog = win.simulate()
    assert dialog is not None
    done: list[object] = []
    dialog.simulated.connect(done.append)
    dialog.run(100, 1)
    while not done:
        app.processEvents()
    dialog.move(win.geometry().center() - dialog.rect().center())
    grab(app, OUT, "editor-simulate.png")
    print("  verdict:", dialog.verdict_label.text()[:300])
    # the designer's one change: six guards, not three (the figures designing.md gives)
    guards = [{"id": f"guards-{i + 1}", "at": [8 + 0.8 * (i % 3), 9.5 + 0.8 * (i // 3)]} for i in range(6)]
    doc.set(("units", 2, "figures"), guards, "Guards: six figures")
    done.clear()
    dialog.run(100, 1)
    while not done:
        app.processEvents()
    print("  again:", dialog.figures.text().replace("\n", " | "))
    print("  verdict:", dialog.verdict_label.text()[:300])
    dialog.close()
    doc.undo_stack.setClean()
    win.close()


def main() -> None:
    app, _out, tag = setup([sys.argv[0], "/tmp/shot-manual", "1280", "800"])
    OUT.mkdir(parents=True, exist_ok=True)
    screen = app.primaryScreen().size()
    assert (screen.width(), screen.height()) == (1280, 800), "run under a 1280x800 screen"
    worked_turn(app)
    ambush_shots(app)
    editor_shots(app)


if __name__ == "__main__":
    main()
