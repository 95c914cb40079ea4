"""A dialog for every decision the Ambush Alley engine asks.

``dialog_for(decision, game, parent)`` builds the dialog for the open decision, or
returns None for the decisions answered on the table (MOVE, PLACE: show a
:class:`MovePrompt` instead), on the Ambush! hex map (``ON_THE_MAP``: AMBUSH_MOVE,
AMBUSH_OPERATIONS: show an :class:`AmbushStepPrompt`) and for kinds this package does
not know. Every dialog emits ``chosen(answer)`` with an answer the engine has already
validated; the window passes it to ``GameController.answer``. ``highlighted(object)`` says what the player
is looking at (a target id, an interrupt option, a Hot Spot number).

Not decisions: :class:`DiceTray` and :class:`MoraleDialog` show any roll from the log
with every die; :class:`VictoryDialog` shows the winner and every victory-point line;
:class:`AmbushEndDialog` the end of an Ambush! mission.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.gui.dialogs.ambush import (
    AmbushActionDialog,
    AmbushActorDialog,
    AmbushStanceDialog,
    AmbushStepPrompt,
)
from ambush_gui.gui.dialogs.ambush_end import AmbushEndDialog
from ambush_gui.gui.dialogs.ambush_fire import AmbushFireDialog
from ambush_gui.gui.dialogs.base import DecisionDialog
from ambush_gui.gui.dialogs.casualties import AbandonDialog, CasualtiesDialog
from ambush_gui.gui.dialogs.dice import DiceTray, DieFace, MoraleDialog
from ambush_gui.gui.dialogs.fire import FireDialog, OddsChart
from ambush_gui.gui.dialogs.hot_spot import HotSpotDialog
from ambush_gui.gui.dialogs.interrupt import InterruptDialog
from ambush_gui.gui.dialogs.match import MatchDialog
from ambush_gui.gui.dialogs.move import MovePrompt
from ambush_gui.gui.dialogs.plan import PlanDialog
from ambush_gui.gui.dialogs.reaction import OverwatchDialog, ReactDialog, ReactionPanel
from ambush_gui.gui.dialogs.units import ActivateDialog, InsurgentActDialog
from ambush_gui.gui.dialogs.victory import VictoryDialog

DIALOGS: dict[DecisionKind, type[DecisionDialog]] = {
    DecisionKind.ACTIVATE: ActivateDialog,
    DecisionKind.PLAN: PlanDialog,
    DecisionKind.FIRE: FireDialog,
    DecisionKind.INTERRUPT: InterruptDialog,
    DecisionKind.OVERWATCH: OverwatchDialog,
    DecisionKind.REACT: ReactDialog,
    DecisionKind.MATCH: MatchDialog,
    DecisionKind.CASUALTIES: CasualtiesDialog,
    DecisionKind.HOT_SPOT: HotSpotDialog,
    DecisionKind.INSURGENT_ACT: InsurgentActDialog,
    DecisionKind.ABANDON: AbandonDialog,
    DecisionKind.AMBUSH_ACTION: AmbushActionDialog,
    DecisionKind.AMBUSH_TARGET: AmbushFireDialog,
    DecisionKind.AMBUSH_ACTOR: AmbushActorDialog,
    DecisionKind.AMBUSH_STANCE: AmbushStanceDialog,
}
ON_THE_TABLE = (DecisionKind.MOVE, DecisionKind.PLACE)
# Ambush!: answered on the hex map; an AmbushStepPrompt shows the other answers
ON_THE_MAP = (DecisionKind.AMBUSH_MOVE, DecisionKind.AMBUSH_OPERATIONS)


def dialog_for(
    decision: Decision, game: Any, parent: QWidget | None = None
) -> DecisionDialog | None:
    """The dialog that answers ``decision``, or None if it is answered on the table."""
    cls = DIALOGS.get(decision.kind)
    return cls(decision, game, parent) if cls is not None else None


__all__ = [
    "DIALOGS",
    "ON_THE_MAP",
    "ON_THE_TABLE",
    "AbandonDialog",
    "ActivateDialog",
    "AmbushActionDialog",
    "AmbushActorDialog",
    "AmbushEndDialog",
    "AmbushFireDialog",
    "AmbushStanceDialog",
    "AmbushStepPrompt",
    "CasualtiesDialog",
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
    "PlanDialog",
    "ReactDialog",
    "ReactionPanel",
    "VictoryDialog",
    "dialog_for",
]
