"""A fire that throws no dice is not offered (issue 10, defect 10).

House rule AA-144: a Firepower of 0 or less means no attack. The engine still lists such
a target (a save may have declared one), so the dialogs grey the fire out and say why:
"Fire at <unit>" used to be offered with 0 dice.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from ambush_gui.alley.pools import firepower  # noqa: E402
from ambush_gui.core.decisions import DecisionKind as K  # noqa: E402
from ambush_gui.gui.table.dialogs import FireDialog, OverwatchDialog, ReactDialog, dialog_for  # noqa: E402
from ambush_gui.gui.table.dialogs.situations import drive_to  # noqa: E402


def disarm(game: Any, uid: str) -> None:
    """Cost the unit every Firepower die (AA-085: a die lost per interruption)."""
    game.unit(uid).times_interrupted += 12


def open_dialog(qtbot: Any, game: Any, d: Any) -> Any:
    dlg = dialog_for(d, game)
    qtbot.addWidget(dlg)
    dlg.show()
    return dlg


@pytest.mark.rule("AA-144")
def test_the_fire_dialog_greys_out_fire_at_a_target_with_no_dice(qtbot: Any) -> None:
    game, d = drive_to(K.FIRE, lambda d, g: d.side == "regular" and len(d.options) >= 2)
    shooter = d.facts["unit"]
    disarm(game, shooter)
    target = d.options[1]
    assert firepower(game, game.unit(shooter), game.unit(target)).dice == 0
    dlg = open_dialog(qtbot, game, d)
    assert isinstance(dlg, FireDialog)
    dlg.cards[target].setChecked(True)
    assert not dlg.fire_button.isEnabled()
    assert dlg.fire_button.text().startswith("No dice at")
    assert "AA-144" in dlg.fire_button.toolTip()
    assert any("no attack (AA-144)" in lab.text() for lab in dlg.cards[target].detail_labels)


@pytest.mark.rule("AA-144")
def test_the_fire_dialog_picks_a_target_with_dice_first(qtbot: Any) -> None:
    game, d = drive_to(K.FIRE, lambda d, g: d.side == "regular" and len(d.options) >= 2)
    dlg = open_dialog(qtbot, game, d)
    armed = dlg.selected()
    assert dlg.fire_button.isEnabled() and dlg.fire_button.text() == f"Fire at {dlg.name(armed)}"


@pytest.mark.rule("AA-144")
def test_return_fire_with_no_dice_is_not_offered(qtbot: Any) -> None:
    game, d = drive_to(K.REACT, lambda d, g: "fire" in d.options and d.facts.get("unit"))
    disarm(game, d.facts["unit"])
    dlg = open_dialog(qtbot, game, d)
    assert isinstance(dlg, ReactDialog)
    card = dlg.choice_cards["fire"]
    assert not card.isEnabled() and "AA-144" in card.detail_labels[-1].text()
    default = dlg.default_button
    assert default is None or not default.text().startswith("Fire at")


@pytest.mark.rule("AA-144")
def test_a_supporting_unit_with_no_dice_is_not_offered(qtbot: Any) -> None:
    game, d = drive_to(K.OVERWATCH, lambda d, g: len(d.options) >= 2)
    unit = d.options[1]
    disarm(game, unit)
    game.unit(unit).overwatch_shots += 12  # an Overwatch unit loses dice per shot (AA-106)
    dlg = open_dialog(qtbot, game, d)
    assert isinstance(dlg, OverwatchDialog)
    assert not dlg.cards[unit].isEnabled()
    commit = getattr(dlg, "commit_button", None)  # it is never the default choice
    assert commit is None or not str(commit.property("full_text") or commit.text()).endswith(
        dlg.name(unit))
