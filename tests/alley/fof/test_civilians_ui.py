"""The civilians module in the table's windows (until issue 15 draws the mobs): the turn
panel and unit card say its state, a disperse plan is a card in the plan dialog, and its
questions (a hostile mob's move, its taunt) are card dialogs."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402

from ambush_gui.alley.model import Side  # noqa: E402
from ambush_gui.core.decisions import DecisionKind  # noqa: E402
from ambush_gui.gui.table.dialogs import ChooseDialog, PlanDialog, dialog_for  # noqa: E402
from ambush_gui.gui.table.panels import TurnPanel, UnitCard  # noqa: E402
from tests.alley import kit  # noqa: E402
from tests.alley.fof.test_civilians import GUNMEN, MARINES, NEAR, civ, game, mob  # noqa: E402


def _open(qtbot: Any, g: Any, d: Any) -> tuple[Any, list[Any]]:
    dlg = dialog_for(d, g)
    assert dlg is not None
    qtbot.addWidget(dlg)
    answers: list[Any] = []
    dlg.chosen.connect(answers.append)
    dlg.show()
    qtbot.waitExposed(dlg)
    return dlg, answers


def test_the_panel_and_card_say_the_mobs_and_the_disperse_plan_is_a_card(qtbot: Any) -> None:
    g = game([MARINES, GUNMEN], [NEAR], settings={"interpreters": ["m"]}, strict=False)
    panel, card = TurnPanel(), UnitCard()
    qtbot.addWidget(panel)
    qtbot.addWidget(card)
    panel.show_state(g, g.pending())
    assert "Civilian mobs: 1 left" in panel.modules.text()
    card.show_unit(g, "m")
    assert "Has an interpreter" in card.body.text()
    g.answer("m")
    d = g.pending()
    assert d is not None and d.kind is DecisionKind.PLAN
    dlg, answers = _open(qtbot, g, d)
    assert isinstance(dlg, PlanDialog)
    qtbot.mouseClick(dlg.speed_cards["civilians/disperse/mob1"], Qt.MouseButton.LeftButton)
    assert dlg.go.text().startswith("Disperse mob mob1")
    qtbot.mouseClick(dlg.go, Qt.MouseButton.LeftButton)
    assert answers == ["civilians/disperse/mob1"]


def test_a_hostile_mobs_questions_are_card_dialogs(qtbot: Any) -> None:
    g = game([MARINES, GUNMEN], [mob("mob1", 9, 7)], settings={"hostile_mobs": ["mob1"]})
    g.state.turn = 2
    proc = civ(g).phase_start(Side.INSURGENT)
    d = kit.asks(g, proc)
    dlg, answers = _open(qtbot, g, d)
    assert isinstance(dlg, ChooseDialog)
    assert [c.toolTip() for c in dlg.cards][-1] == "stay where it is"
    qtbot.mouseClick(dlg.cards[0], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dlg.commit_button, Qt.MouseButton.LeftButton)
    assert answers == [d.options[0]]
    d = proc.send(d.validate(answers[0]))
    taunt, picked = _open(qtbot, g, d)
    assert isinstance(taunt, ChooseDialog) and len(taunt.cards) == 2
