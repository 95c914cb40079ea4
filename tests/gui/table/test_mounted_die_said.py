"""A mounted unit fires one Troop Quality die type lower (FF-057/059), and the player is told
so where the dice are shown: a play-tester's Cavalry, d8 on their card, read "Firepower 5d6"
in the line-of-sight panel with nothing saying why (v4 play-test of The Orchard Battery)."""

from __future__ import annotations

import html
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from ambush_gui.alley.pools import quality_die_why  # noqa: E402
from ambush_gui.gui.table.target_info import target_report  # noqa: E402
from tests.alley import kit  # noqa: E402


def mounted_game(uid: str, kind: str, tq: str = "d8") -> Any:
    """Marines "m" (d8) and Insurgents "i" (``tq``), unit ``uid`` mounted as ``kind``."""
    return kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 12), tq=tq)],
                    modules=["mounted"], mounted={"units": [{"unit": uid, "type": kind}]},
                    strict=False)


@pytest.mark.rule("FF-059")
def test_the_sight_panel_says_why_mounted_cavalry_fire_d6() -> None:
    g = mounted_game("m", "cavalry")
    report = target_report(g, g.unit("m"), g.unit("i"))
    assert str(report.firepower.die) == "d6"
    said = "d6, not its d8: one type lower, firing mounted"
    assert f"{said} [FF-059]" in report.text()
    shown = html.unescape(report.html())
    assert said in shown and "FF-059" in shown


@pytest.mark.rule("FF-057")
def test_mounted_troops_are_told_by_their_own_rule() -> None:
    g = mounted_game("m", "mounted_troops")
    assert quality_die_why(g, g.unit("m"), "fire") == ("one type lower, firing mounted", "FF-057")


def test_nothing_is_said_when_the_unit_throws_its_own_die() -> None:
    on_foot = mounted_game("m", "cavalry")  # the Insurgents fire on foot
    low = mounted_game("i", "mounted_troops", tq="d6")  # no die below d6: d6 stays d6
    for g, a, b in ((on_foot, "i", "m"), (low, "i", "m")):
        report = target_report(g, g.unit(a), g.unit(b))
        assert str(report.firepower.die) == str(g.unit(a).tq)
        assert "not its" not in report.text() and "not its" not in report.html()
        assert quality_die_why(g, g.unit(a), "fire") is None


def test_the_unit_card_says_the_die_a_mounted_unit_fires(qtbot: Any) -> None:
    from ambush_gui.gui.table.panels import UnitCard

    card = UnitCard()
    qtbot.addWidget(card)
    g = mounted_game("m", "cavalry")
    card.show_unit(g, "m")
    assert "Fires <b>d6</b>: one type lower, firing mounted (FF-059)" in card.body.text()
    card.show_unit(g, "i")  # on foot: no such line
    assert "Fires" not in card.body.text()


def test_a_mounted_action_card_names_its_rules_not_a_state(qtbot: Any) -> None:
    """Under "Mount up (then may fire from the saddle, Halted)" the card's line read
    "Mounted", the module's bare name, as if the unit on foot were mounted: the Dismount
    and Mount up cards say which rules they come from, "Mounted units"."""
    from ambush_gui.alley.fof.mounted import PLAN_DISMOUNT, PLAN_MOUNT
    from ambush_gui.gui.table.dialogs import dialog_for
    from ambush_gui.gui.table.dialogs.plan import PlanDialog

    g = mounted_game("m", "cavalry")
    g.answer("m")  # the Marines activate, mounted: they may dismount
    dlg = dialog_for(g.pending(), g)
    qtbot.addWidget(dlg)
    assert isinstance(dlg, PlanDialog)
    lines = [lab.text() for lab in dlg.speed_cards[PLAN_DISMOUNT].detail_labels]
    assert lines == ["Mounted units"]
    assert PLAN_MOUNT not in dlg.speed_cards
