"""Mines and IEDs in the window: the Defense matching against a blast (no firing unit)
and the IED questions open their dialogs without error."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from ambush_gui.core.decisions import DecisionKind  # noqa: E402
from ambush_gui.gui.table.dialogs import ChooseDialog, dialog_for  # noqa: E402
from ambush_gui.gui.table.panels import TurnPanel, UnitCard  # noqa: E402
from tests.alley import kit  # noqa: E402


def _open(qtbot: Any, game: Any) -> Any:
    dlg = dialog_for(game.pending(), game)
    assert dlg is not None
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    return dlg


def test_matching_against_a_mine_attack_opens_the_match_dialog(qtbot: Any) -> None:
    """Turn 1 begins with the Marines in a minefield: a failed test (1), the attack 6, 6, 4
    against their Armor die 5: the defender matches against the mine's dice."""
    game = kit.game([kit.marines("m", (5, 9)), kit.insurgents("i", (5, 20))],
                    pieces=[{"id": "mf-1", "kind": "minefield", "rect": [0, 8, 24, 3]}],
                    modules=["mines"], script=[1, 6, 6, 4, 5], strict=False)
    d = game.pending()
    assert d.kind is DecisionKind.MATCH and d.facts["attacker"] == "mine:mf-1"
    dlg = _open(qtbot, game)
    # the blast by its name, not its id, and why only Armor dice defend (FF-035)
    assert dlg.subline() == "Blast: the Light AP mines of minefield mf-1 against Marines m"
    assert "Armor dice only (FF-035)" in dlg.blast_note(dlg.blast())
    panel, card = TurnPanel(), UnitCard()
    qtbot.addWidget(panel)
    qtbot.addWidget(card)
    panel.show_state(game, d)
    assert "Minefield mf-1" not in panel.modules.text()  # its plate on the table says it
    card.show_unit(game, "m")
    assert "In minefield mf-1" in card.body.text()


def test_the_ied_target_question_is_a_card_dialog(qtbot: Any) -> None:
    game = kit.game([kit.marines("a", (1, 9)), kit.marines("b", (1, 12)), kit.insurgents("i", (15, 20))],
                    modules=["ieds"], ieds={"devices": [{"id": "ied-1", "at": [3, 10], "reach": 4,
                                                         "trigger": "turn", "turn": 1,
                                                         "target": "owner"}]}, strict=False)
    d = game.pending()
    assert d.kind is DecisionKind.CHOOSE and d.facts["question"] == "ieds.target"
    dlg = _open(qtbot, game)
    assert isinstance(dlg, ChooseDialog) and len(dlg.cards) == 2
    assert all("expected" in c.toolTip() for c in dlg.cards)
