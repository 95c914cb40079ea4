"""Issue 14: a Force on Force module's state shows plainly on the table (the turn panel and
the unit card) until issue 15 draws each module, and its questions and plans are answered
in the window (the CHOOSE card dialog, extra cards in the plan dialog); without modules
nothing is added."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402

from ambush_gui.alley import modules  # noqa: E402
from ambush_gui.alley.model import Unit  # noqa: E402
from ambush_gui.core.decisions import Decision, DecisionKind  # noqa: E402
from ambush_gui.core.game import Procedure  # noqa: E402
from ambush_gui.gui.table.dialogs import ChooseDialog, PlanDialog, dialog_for  # noqa: E402
from ambush_gui.gui.table.panels import TurnPanel, UnitCard  # noqa: E402
from tests.alley import kit  # noqa: E402


class Gas(modules.RuleModule):
    name = "test-gas"
    title = "Gas"

    def status(self) -> list[str]:
        return ["MOPP 2: Reaction Tests -1"]

    def unit_status(self, unit: Unit) -> list[str]:
        return [f"Stress Level 3 <{unit.id}>"]

    def plan_options(self, unit: Unit) -> list[str]:
        return ["test-gas/mask-up"] if unit.side.value == "regular" else []

    def plan_label(self, unit: Unit, plan: str) -> str | None:
        return "Put masks on (no move, no fire)" if plan == "test-gas/mask-up" else None

    def carry_out_plan(self, unit: Unit, plan: str) -> Procedure:
        got = yield Decision("regular", DecisionKind.CHOOSE, "How fast?", ("slow", "fast"),
                             facts={"module": "test-gas", "question": "test-gas.speed",
                                    "labels": {"slow": "Slowly (safe)", "fast": "Fast (risky)"},
                                    "explain": "Masks on: choose how."})
        unit.marks["test-gas.masked"] = got


@pytest.fixture
def gas() -> Iterator[None]:
    modules.register(Gas)
    yield
    modules.REGISTRY.pop(Gas.name)


def _game(mods: Any) -> Any:
    return kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))], modules=mods,
                    strict=False)


def test_the_turn_panel_and_unit_card_say_the_modules_state(qtbot: Any, gas: None) -> None:
    game = _game(["test-gas"])
    panel, card = TurnPanel(), UnitCard()
    qtbot.addWidget(panel)
    qtbot.addWidget(card)
    panel.show_state(game, game.pending())
    assert not panel.modules.isHidden()
    assert "MOPP 2: Reaction Tests -1" in panel.modules.text()
    assert "Gas" in panel.modules.toolTip()
    card.show_unit(game, "m")
    assert "Stress Level 3 &lt;m&gt;" in card.body.text()  # escaped: the card is rich text


def test_without_modules_nothing_is_added(qtbot: Any) -> None:
    game = _game([])
    panel, card = TurnPanel(), UnitCard()
    qtbot.addWidget(panel)
    qtbot.addWidget(card)
    panel.show_state(game, game.pending())
    assert panel.modules.isHidden() and panel.modules.text() == ""


def _open(qtbot: Any, game: Any) -> tuple[Any, list[Any]]:
    dlg = dialog_for(game.pending(), game)
    assert dlg is not None
    qtbot.addWidget(dlg)
    answers: list[Any] = []
    dlg.chosen.connect(answers.append)
    dlg.show()
    qtbot.waitExposed(dlg)
    return dlg, answers


def test_a_module_plan_is_a_card_in_the_plan_dialog_and_its_question_a_card_dialog(
        qtbot: Any, gas: None) -> None:
    game = _game(["test-gas"])
    game.answer("m")  # Fireteam m activates
    d = game.pending()
    assert d.kind is DecisionKind.PLAN and "test-gas/mask-up" in d.options
    assert d.facts["module_plans"] == {"test-gas/mask-up": "Put masks on (no move, no fire)"}
    dlg, answers = _open(qtbot, game)
    assert isinstance(dlg, PlanDialog)
    card = dlg.speed_cards["test-gas/mask-up"]
    qtbot.mouseClick(card, Qt.MouseButton.LeftButton)
    assert dlg.go.text() == "Put masks on (no move, no fire)" and dlg.go.isEnabled()
    qtbot.mouseClick(dlg.go, Qt.MouseButton.LeftButton)
    assert answers == ["test-gas/mask-up"]
    game.answer(answers[0])
    choose, picked = _open(qtbot, game)
    assert isinstance(choose, ChooseDialog)
    texts = [c.toolTip() for c in choose.cards]
    assert texts == ["Slowly (safe)", "Fast (risky)"]
    qtbot.mouseClick(choose.cards[1], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(choose.commit_button, Qt.MouseButton.LeftButton)
    assert picked == ["fast"]
    game.answer("fast")
    assert game.unit("m").marks == {"test-gas.masked": "fast"}
    assert game.unit("m").activated and game.unit("m").moved == 0


def test_a_long_choice_commits_with_its_head_not_an_ellipsis(qtbot: Any) -> None:
    """The stay-mounted question's cards explain each choice at length; the commit button
    says only the choice ("Stay mounted"), which it never cuts mid-rule."""
    game = _game([])
    long = "Stay mounted: move 8\"/16\"; fire one die type down; no In Cover; +1 die at you"
    d = Decision("regular", DecisionKind.CHOOSE, "Stay mounted or dismount?", ("stay", "off"),
                 facts={"module": "mounted", "question": "mounted.stay_mounted",
                        "labels": {"stay": long, "off": "Dismount"}})
    dlg = dialog_for(d, game)
    assert isinstance(dlg, ChooseDialog)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.mouseClick(dlg.cards[0], Qt.MouseButton.LeftButton)
    assert dlg.commit_button is not None and dlg.commit_button.text().startswith("Stay mounted")
    assert "…" not in dlg.commit_button.text() and "Cover" not in dlg.commit_button.text()
    assert dlg.cards[0].toolTip() == long  # the whole line stays on the card


def test_a_computers_hidden_choice_gives_nothing_away(qtbot: Any) -> None:
    """Whether a buried IED goes off now is the Insurgents' secret: while the computer makes
    that choice, the Regular player's view (core/view.py) reads only the secret's own words,
    in the turn panel and in the narration of its answer (the playtest saw "set off the
    Medium IED road-bomb now?" before the bomb was known)."""
    from ambush_gui.ai.narrate import narrate
    from ambush_gui.core.view import View

    game = _game([])
    d = Decision("insurgent", DecisionKind.CHOOSE, "Insurgent: set off the Medium IED now?",
                 ("detonate", "wait"),
                 facts={"module": "ieds", "question": "ieds.detonate",
                        "secret": "The Insurgents weigh a hidden move"})
    regular, owner = View(game, "regular"), View(game, "insurgent")
    assert regular.prompt(d) == "The Insurgents weigh a hidden move"
    assert regular.tell_answer(d, narrate(game, d, "wait")) is None  # its answer: not told
    assert owner.prompt(d) == d.prompt and owner.asked(d).mine
    panel = TurnPanel()
    qtbot.addWidget(panel)
    panel.show_state(game, d, "computer", prompt=regular.prompt(d))
    assert "IED" not in panel.prompt.text() and "hidden move" in panel.prompt.text()
    panel.show_state(game, d, "human", prompt=owner.prompt(d))  # the owner reads his own question
    assert "IED" in panel.prompt.text()


def test_a_hidden_command_ied_asks_its_owner_in_secret() -> None:
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))], modules=["ieds"],
                 ieds={"devices": [{"id": "b", "size": "medium", "at": [6, 8], "reach": 4,
                                    "trigger": "command", "target": "random"}]}, strict=False)
    from ambush_gui.alley.fof.ieds import IedsModule

    mod = g.modules.get("ieds")
    assert isinstance(mod, IedsModule)
    device = next(iter(mod.devices.values())) if isinstance(mod.devices, dict) else mod.devices[0]
    d = mod.detonate_decision(device, [g.unit("m")])
    assert d.facts["secret"] == "The Insurgents weigh a hidden move"
