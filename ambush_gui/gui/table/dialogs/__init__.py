"""A dialog for every decision the Ambush Alley engine asks.

``dialog_for(decision, game, parent)`` builds the dialog for the open decision, or
returns None for the decisions answered on the table (MOVE, PLACE: show a
:class:`MovePrompt` instead) and for kinds this package does not know. Every dialog
emits ``chosen(answer)`` with an answer the engine has already validated; the window
passes it to ``GameController.answer``. ``highlighted(object)`` says what the player is
looking at (a target id, an interrupt option, a Hot Spot number).

Not decisions: :class:`DiceTray` and :class:`MoraleDialog` show any roll from the log
with every die; :class:`VictoryDialog` shows the winner and every victory-point line.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.gui.shared.dialog_base import DecisionDialog
from ambush_gui.gui.shared.dice import DiceTray, DieFace
from ambush_gui.gui.table.dialogs.casualties import AbandonDialog, CasualtiesDialog
from ambush_gui.gui.table.dialogs.choose import ChooseDialog
from ambush_gui.gui.table.dialogs.fire import FireDialog, OddsChart
from ambush_gui.gui.table.dialogs.hot_spot import HotSpotDialog
from ambush_gui.gui.table.dialogs.interrupt import InterruptDialog, OverwatchPointDialog
from ambush_gui.gui.table.dialogs.match import MatchDialog
from ambush_gui.gui.table.dialogs.morale import MoraleDialog
from ambush_gui.gui.table.dialogs.move import MovePrompt
from ambush_gui.gui.table.dialogs.plan import PlanDialog
from ambush_gui.gui.table.dialogs.reaction import OverwatchDialog, ReactDialog, ReactionPanel
from ambush_gui.gui.table.dialogs.units import ActivateDialog, InsurgentActDialog
from ambush_gui.gui.table.dialogs.victory import VictoryDialog

DIALOGS: dict[DecisionKind, type[DecisionDialog]] = {
    DecisionKind.ACTIVATE: ActivateDialog,
    DecisionKind.PLAN: PlanDialog,
    DecisionKind.FIRE: FireDialog,
    DecisionKind.INTERRUPT: InterruptDialog,
    DecisionKind.OVERWATCH: OverwatchDialog,
    DecisionKind.OVERWATCH_POINT: OverwatchPointDialog,
    DecisionKind.REACT: ReactDialog,
    DecisionKind.MATCH: MatchDialog,
    DecisionKind.CASUALTIES: CasualtiesDialog,
    DecisionKind.HOT_SPOT: HotSpotDialog,
    DecisionKind.INSURGENT_ACT: InsurgentActDialog,
    DecisionKind.ABANDON: AbandonDialog,
    DecisionKind.CHOOSE: ChooseDialog,
}
ON_THE_TABLE = (DecisionKind.MOVE, DecisionKind.PLACE)


def dialog_for(
    decision: Decision, game: Any, parent: QWidget | None = None
) -> DecisionDialog | None:
    """The dialog that answers ``decision``, or None if it is answered on the table."""
    cls = DIALOGS.get(decision.kind)
    return cls(decision, game, parent) if cls is not None else None


__all__ = [
    "DIALOGS",
    "ON_THE_TABLE",
    "AbandonDialog",
    "ActivateDialog",
    "CasualtiesDialog",
    "ChooseDialog",
    "DecisionDialog",
    "DiceTray",
    "DieFace",
    "FireDialog",
    "HotSpotDialog",
    "InsurgentActDialog",
    "InterruptDialog",
    "MatchDialog",
    "MoraleDialog",
    "MovePrompt",
    "OddsChart",
    "OverwatchDialog",
    "OverwatchPointDialog",
    "PlanDialog",
    "ReactDialog",
    "ReactionPanel",
    "VictoryDialog",
    "dialog_for",
]
