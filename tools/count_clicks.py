"""Clicks per fire: hot-seat turns of Contracting Trouble played through the real window.

    QT_QPA_PLATFORM=offscreen python tools/count_clicks.py [--seeds 1-8] [--turns 2] [--json]

For each seed the computer player (:class:`AlleyAI`) decides every answer of both sides
and the answer is given the way a person gives it: each dialog's own widgets are
clicked with the mouse, in order (``DecisionDialog.clicks_for``), in the game window of
a hot-seat game. A card already selected when its turn comes (a dialog's default) is not
clicked again and not counted. Moves and placements are answered on the table and are
not counted: they are not part of a fire. Decisions the program answers for the player
(issue 10, "Fewer clicks") cost no click.

A fire's clicks are every click from the end of the previous action to the fire's last
decision: declaring it (the target, or the interruption, reaction or Overwatch unit
that fires), the windows it opens for the other side (interrupting the fire, or not),
matching the dice and choosing casualties. Activations, plans, moves and placements end
an action; a fire's matching and casualties belong to it. In hot-seat the seat passes
between the players (gui/shared/curtain.py): the clicks that hand it over before a
fire's decision ("Hand the seat to ...", then the next player's "I am ...") are the
fire's too, counted as "hand-over".

The same script measures any commit whose window has ``clicks_for`` (be93a03 on):

    git worktree add /tmp/before be93a03
    PYTHONPATH=/tmp/before QT_QPA_PLATFORM=offscreen python tools/count_clicks.py
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("AMBUSH_GUI_DATA", "/tmp/ambush-count-clicks")  # no autosave of yours

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.alley_ai import AlleyAI  # noqa: E402
from ambush_gui.core.decisions import DecisionKind as K  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402

FIRE_KINDS = {K.FIRE, K.INTERRUPT, K.OVERWATCH, K.REACT, K.MATCH, K.CASUALTIES}
AFTER_FIRE = {K.MATCH, K.CASUALTIES}  # a fire's own decisions, after its dice are thrown
ON_THE_TABLE = {K.MOVE, K.PLACE}


@dataclass
class Fire:
    """One Fire Combat and the clicks it cost, by decision kind."""

    seed: int
    turn: int
    text: str
    clicks: Counter[str] = field(default_factory=Counter)

    @property
    def total(self) -> int:
        return sum(self.clicks.values())


@dataclass
class Game:
    seed: int
    fires: list[Fire] = field(default_factory=list)
    forced: int = 0  # decisions answered for the players
    asked: int = 0  # decisions answered by clicking a dialog


def play(seed: int, turns: int, app: QApplication) -> Game:
    """Play ``turns`` hot-seat turns of seed ``seed`` through the window; count clicks."""
    from ambush_gui.gui.table.window import MainWindow

    try:
        from ambush_gui.gui.shared.curtain import Curtain

        Curtain.ARM_MS = 0  # the button's sleep is against a held key, not a scripted click
    except ImportError:  # a commit from before the hand-over (the script measures old ones)
        pass
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), seed)
    controller = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0)
    win = MainWindow(controller)
    win.resize(1280, 800)
    win.show()
    win.start()
    app.processEvents()
    ai = AlleyAI()
    out = Game(seed)
    timeline: list[tuple[str, Any]] = []  # ("decision", (kind, clicks)), ("hand-over", ...), ("fire", text)
    seen = 0  # log events already looked at for fires

    def fires_logged() -> None:
        nonlocal seen
        g = controller.game
        for e in g.log.events[seen:]:
            if e.kind == "fire" and "firepower" in e.data:
                timeline.append(("fire", (g.state.turn, e.text)))
        seen = len(g.log.events)

    while (d := controller.pending()) is not None and controller.game.state.turn <= turns:
        n = len(controller.game.decisions)
        # the seat first: a decision the engine answers for the player waits for its seat
        timeline.append(("hand-over", (d.kind, take_the_seat(win, app))))
        fires_logged()
        if (d := controller.pending()) is None:
            break
        g = controller.game
        answer = ai.choose(g, d)
        if d.kind in ON_THE_TABLE:
            win._answer(answer)
            clicks = 0
        else:
            dlg = win.dialog
            assert dlg is not None and dlg.decision is d, (d, dlg)
            clicks = 0
            for w in dlg.clicks_for(answer):
                if already_selected(w):
                    continue  # a default already selected: nobody clicks it again
                QTest.mouseClick(w, Qt.MouseButton.LeftButton)
                clicks += 1
            out.asked += 1
        app.processEvents()
        g = controller.game
        assert len(g.decisions) > n, (d, answer)
        out.forced += len(g.decisions) - n - 1
        timeline.append(("decision", (d.kind, clicks)))
        fires_logged()
    win.close()
    win.deleteLater()
    app.processEvents()
    out.fires = attribute(seed, timeline)
    return out


def take_the_seat(win: Any, app: QApplication) -> int:
    """Hot-seat hand-overs before the next question shows, clicked as people click them:
    the seated player's "Hand the seat to ..." button when he has nothing to decide, then
    the next player's button on the curtain. Returns the clicks."""
    from PySide6.QtWidgets import QPushButton

    clicks = 0
    for _ in range(8):
        passing, curtain = getattr(win, "pass_widget", None), getattr(win, "curtain", None)
        if passing is not None:
            button = passing.findChild(QPushButton)
        elif curtain is not None and curtain.isVisible():
            button = curtain.button
        else:
            return clicks
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)
        clicks += 1
        app.processEvents()
    raise AssertionError("the seat was never taken")


def already_selected(w: Any) -> bool:
    """A checked button of an exclusive group (a selected card): clicking it changes
    nothing. A checked checkbox is not: a click would clear it."""
    if not getattr(w, "isCheckable", lambda: False)() or not w.isChecked():
        return False
    group = w.group() if hasattr(w, "group") else None
    return bool(w.autoExclusive() or (group is not None and group.exclusive()))


def attribute(seed: int, timeline: list[tuple[str, Any]]) -> list[Fire]:
    """Give each click to the fire it was part of (see the module's docstring)."""
    fires: list[Fire] = []
    pending: Counter[str] = Counter()
    current: Fire | None = None
    for what, item in timeline:
        if what == "fire":
            turn, text = item
            current = Fire(seed, turn, text, pending)
            fires.append(current)
            pending = Counter()
            continue
        kind, clicks = item  # a decision's clicks, or the hand-overs before it
        key = what if what == "hand-over" else kind.value
        if kind in AFTER_FIRE and current is not None:
            current.clicks[key] += clicks
        elif kind in FIRE_KINDS:
            pending[key] += clicks
            current = None
        else:  # an activation, a plan, a move: the action is over
            pending, current = Counter(), None
    return fires


def seeds_arg(text: str) -> list[int]:
    if "-" in text:
        lo, hi = text.split("-")
        return list(range(int(lo), int(hi) + 1))
    return [int(s) for s in text.split(",")]


def summary(games: list[Game]) -> dict[str, Any]:
    fires = [f for g in games for f in g.fires]
    totals = [f.total for f in fires]
    by_kind: Counter[str] = Counter()
    for f in fires:
        by_kind.update(f.clicks)
    return {
        "games": [g.seed for g in games],
        "fires": len(fires),
        "mean": statistics.fmean(totals) if totals else 0.0,
        "median": statistics.median(totals) if totals else 0,
        "min": min(totals, default=0),
        "max": max(totals, default=0),
        "histogram": dict(sorted(Counter(totals).items())),
        "per_fire_by_kind": {k: v / len(fires) for k, v in sorted(by_kind.items())} if fires else {},
        "decisions_clicked": sum(g.asked for g in games),
        "decisions_answered_for_the_player": sum(g.forced for g in games),
        "per_seed": {g.seed: [f.total for f in g.fires] for g in games},
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", default="1-8", help="e.g. 1-8 or 1,4,9")
    p.add_argument("--turns", type=int, default=2, help="hot-seat turns played per seed")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    games = [play(seed, args.turns, app) for seed in seeds_arg(args.seeds)]
    s = summary(games)
    if args.json:
        print(json.dumps(s, indent=1))
        return 0
    import ambush_gui

    print(f"ambush_gui from {os.path.dirname(ambush_gui.__file__)}")
    print(f"seeds {args.seeds}, {args.turns} turns each: {s['fires']} fires")
    print(f"clicks per fire: mean {s['mean']:.2f}, median {s['median']}, range {s['min']}-{s['max']}")
    print("histogram (clicks: fires): " + ", ".join(f"{k}: {v}" for k, v in s["histogram"].items()))
    print("clicks per fire by decision: " + ", ".join(
        f"{k} {v:.2f}" for k, v in s["per_fire_by_kind"].items()))
    print(f"decisions clicked {s['decisions_clicked']}, answered for the players "
          f"{s['decisions_answered_for_the_player']}")
    for seed, totals in s["per_seed"].items():
        print(f"  seed {seed}: {totals}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
