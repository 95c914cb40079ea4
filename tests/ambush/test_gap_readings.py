"""House-rule readings of checklist GAPs not pinned by another test file (the readings are
in docs/rules/ambush-rounds.md)."""

from __future__ import annotations

import pytest

from ambush_gui.ambush.game import AmbushGame
from ambush_gui.ambush.mission import Mission
from ambush_gui.ambush.model import ARSpace
from tests.ambush import mission_kit


@pytest.mark.rule("AR-011")
def test_an_activated_german_s_ar_marker_shows_his_card_letter() -> None:
    game = AmbushGame(Mission.from_data(mission_kit.small()), 1)
    game.answer({"soldier": "a", "to": "0101"})
    game.answer({"soldier": "a", "to": "0201"})  # paragraph 1 activates German 1
    g1 = game.state.soldiers["g1"]
    card = game.scenario.german(1)
    assert g1.letter == card.letter == "A"
    assert g1.label == f"{g1.name} (A)"
    activated = next(e for e in game.log.events if e.kind == "activate")
    assert activated.text.startswith(f"{g1.name} (A) is activated")
    placed = next(e for e in game.log.events if e.kind == "marker" and e.data["soldier"] == "g1")
    assert placed.text.startswith(f"The AR marker of {g1.name} (A):")
    assert placed.data["to"] == ARSpace.COMPLETE.value  # AR-009: it starts on Complete
