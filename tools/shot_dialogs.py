"""Screenshots of every decision dialog, each opened on a real game situation.

    xvfb-run -s "-screen 0 1920x1080x24" python tools/shot_dialogs.py OUT_DIR [names...]

Names (default: all): activate plan fire interrupt overwatch react match casualties
hot_spot insurgent_act abandon move morale victory. Each is saved as OUT_DIR/<name>.png.
The REACT shot is a Reaction Test just rolled; MATCH shows the engine's best
arrangement laid out on the dice; VICTORY is a game played to its end.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication, QWidget

from ambush_gui.core.decisions import DecisionKind as K
from ambush_gui.gui.table.dialogs import MoraleDialog, MovePrompt, VictoryDialog, dialog_for
from ambush_gui.gui.table.dialogs.reaction import latest_reaction
from ambush_gui.gui.table.dialogs.situations import drive_to, finished_game


def _units_done(d: Any, g: Any) -> bool:
    return g.state.turn >= 2 and any(
        u.activated for u in g.state.units.values() if u.side.value == d.side
    )


def _react(d: Any, g: Any) -> bool:
    return "fire" in d.options and latest_reaction(g.log.events, d.facts.get("against")) is not None


def _match(d: Any, g: Any) -> bool:
    return len(d.facts["attack"]) >= 3 and len(d.facts["defense"]) >= 2


def _fire(d: Any, g: Any) -> bool:
    return len(d.options) >= 3


def _interrupt(d: Any, g: Any) -> bool:
    return (
        d.facts.get("what") == "move"
        and len({o["unit"] for o in d.options if isinstance(o, dict)}) >= 2
    )


SITUATIONS: dict[str, tuple[K | None, Callable[[Any, Any], bool] | None]] = {
    "activate": (K.ACTIVATE, _units_done),
    "plan": (K.PLAN, lambda d, g: "rapid:move-fire" in d.options),
    "fire": (K.FIRE, _fire),
    "interrupt": (K.INTERRUPT, _interrupt),
    "overwatch": (K.OVERWATCH, None),
    "react": (K.REACT, _react),
    "match": (K.MATCH, _match),
    "casualties": (K.CASUALTIES, lambda d, g: len(d.options) >= 3),
    "hot_spot": (K.HOT_SPOT, None),
    "insurgent_act": (K.INSURGENT_ACT, _units_done),
    "abandon": (K.ABANDON, None),
    "move": (K.MOVE, None),
}


def widget_for(name: str) -> QWidget:
    """The widget to photograph for ``name``, opened on a real situation."""
    if name == "victory":
        return VictoryDialog.for_game(finished_game())
    if name == "morale":
        game, _ = drive_to(
            K.ACTIVATE,
            lambda d, g: any(
                e.kind == "morale" and e.data.get("result") in ("pinned", "shaken")
                for e in g.log.events
            ),
        )
        dlg = MoraleDialog.latest(game)
        assert dlg is not None
        return dlg
    kind, where = SITUATIONS[name]
    game, decision = drive_to(kind, where)
    assert decision is not None
    if kind is K.MOVE:
        return MovePrompt(decision, game)
    dlg = dialog_for(decision, game)
    assert dlg is not None
    if kind is K.MATCH:
        dlg.show_best()  # type: ignore[attr-defined]
    return dlg


NAMES = [*SITUATIONS, "morale", "victory"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("names", nargs="*", default=NAMES)
    args = ap.parse_args(argv)
    app = QApplication.instance() or QApplication(sys.argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.names:
        w = widget_for(name)
        if isinstance(w, MovePrompt):
            w.resize(760, w.sizeHint().height())
        w.show()
        app.processEvents()
        path = args.out / f"{name}.png"
        w.grab().save(str(path))
        print(f"{path}  {w.width()}x{w.height()}")
        if hasattr(w, "dismiss"):
            w.dismiss()
        else:
            w.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
