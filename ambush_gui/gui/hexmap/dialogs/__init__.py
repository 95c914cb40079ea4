"""A dialog for every decision the Ambush! engine asks off the map.

``dialog_for(decision, game, parent)`` builds the dialog for the open decision, or
returns None for the decisions answered on the hex map (``ON_THE_MAP``: AMBUSH_MOVE,
AMBUSH_OPERATIONS: show an :class:`AmbushStepPrompt`). :class:`AmbushEndDialog` shows
the end of a mission.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.gui.hexmap.dialogs.actions import (
    AmbushActionDialog,
    AmbushActorDialog,
    AmbushStanceDialog,
    AmbushStepPrompt,
)
from ambush_gui.gui.hexmap.dialogs.end import AmbushEndDialog
from ambush_gui.gui.hexmap.dialogs.fire import AmbushFireDialog
from ambush_gui.gui.shared.dialog_base import DecisionDialog

DIALOGS: dict[DecisionKind, type[DecisionDialog]] = {
    DecisionKind.AMBUSH_ACTION: AmbushActionDialog,
    DecisionKind.AMBUSH_TARGET: AmbushFireDialog,
    DecisionKind.AMBUSH_ACTOR: AmbushActorDialog,
    DecisionKind.AMBUSH_STANCE: AmbushStanceDialog,
}
# answered on the hex map; an AmbushStepPrompt shows the other answers
ON_THE_MAP = (DecisionKind.AMBUSH_MOVE, DecisionKind.AMBUSH_OPERATIONS)


def dialog_for(
    decision: Decision, game: Any, parent: QWidget | None = None
) -> DecisionDialog | None:
    """The dialog that answers ``decision``, or None if it is answered on the map."""
    cls = DIALOGS.get(decision.kind)
    return cls(decision, game, parent) if cls is not None else None


__all__ = [
    "DIALOGS",
    "ON_THE_MAP",
    "AmbushActionDialog",
    "AmbushActorDialog",
    "AmbushEndDialog",
    "AmbushFireDialog",
    "AmbushStanceDialog",
    "AmbushStepPrompt",
    "dialog_for",
]
