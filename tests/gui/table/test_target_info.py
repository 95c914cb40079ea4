"""The line-of-sight panel's report (issue 10, defect 4): it says when Optimum Range is a
Support Weapon's doubled range, and it follows the state instead of going stale."""

from __future__ import annotations

import html
from typing import Any

import pytest

from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.pools import optimum_reach_by
from ambush_gui.gui.table.target_info import HINT, target_report
from tests.alley import kit


def pair(gap: float, weapons: tuple[str, ...]) -> AlleyGame:
    """Marines in a row at y=2 and Insurgents straight north, ``gap`` inches away."""
    return kit.game([kit.marines("m", (5, 2), weapons=weapons),
                     kit.insurgents("i", (5, 2 + gap), weapons=("rifle",) * 4)])


@pytest.mark.rule("AA-112")
def test_within_optimum_range_by_the_saws_doubled_range_is_said_so() -> None:
    g = pair(15.5, ("rifle", "rifle", "rifle", "saw"))
    m, i = g.unit("m"), g.unit("i")
    assert optimum_reach_by(g, m, i) == "SAW"
    report = target_report(g, m, i)
    assert report.optimum and report.optimum_by == "SAW"
    assert "within, by the SAW's doubled range (16\") [AA-112]" in report.text()
    assert "the SAW's doubled range (16\")" in html.unescape(report.html())
    assert any("SAW's doubled range" in x.label for x in report.firepower.items)


@pytest.mark.rule("AA-110")
@pytest.mark.parametrize(("gap", "weapons", "words"), [
    (5.0, ("rifle", "rifle", "rifle", "saw"), "within [AA-110]"),  # in the unit's own range
    (15.5, ("rifle",) * 4, "beyond"),  # no Support Weapon to double it
    (17.0, ("rifle", "rifle", "rifle", "saw"), "beyond"),  # past even the SAW's 16"
])
def test_plain_optimum_range_and_beyond_say_nothing_of_doubling(
    gap: float, weapons: tuple[str, ...], words: str
) -> None:
    g = pair(gap, weapons)
    report = target_report(g, g.unit("m"), g.unit("i"))
    assert report.optimum_by == "" and "doubled" not in report.text()
    assert f"Optimum Range 8\": {words}" in report.text()


def test_the_dock_report_follows_the_state(qtbot: Any) -> None:
    """After an interruption costs the firer a die, the dock says so at once (it showed the
    old pool into the next turn); when the pair no longer applies it shows the hint."""
    from tests.gui.table.test_table_view import make_view, new_game

    game = new_game()
    view = make_view(qtbot, game)
    view.select("alpha")
    target = game.unit("i1")
    with qtbot.waitSignal(view.hoverInfo):
        view.show_report(game.unit("alpha"), target)  # what pointing at it shows
    before = view.report.firepower.dice
    assert f"<b>{before}d8</b>" in view.report.html()
    game.unit("alpha").times_interrupted += 1  # AA-085: one die fewer
    with qtbot.waitSignal(view.hoverInfo) as sig:
        view.refresh()
    assert f"Firepower <b>{before - 1}d8</b>" in sig.args[0]
    target.on_table = False
    with qtbot.waitSignal(view.hoverInfo) as sig:
        view.refresh()
    assert sig.args[0] == HINT
