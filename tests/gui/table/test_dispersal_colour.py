"""A crowd talked down is good news told in the colour of a test passed: a play-tester's
rangers dispersed the hostile "Crowd at the bus station" on Market Day and the dice tray
printed "Mob crowd at the bus station disperses: Bravo team talks it down" in the
Insurgents' red, the colour of the mob's side, which reads as a failure (v4 play-test)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from ambush_gui.gui.shared import theme  # noqa: E402
from ambush_gui.gui.shared.dice_tray import DiceTrayPanel, side_colour  # noqa: E402
from ambush_gui.gui.table.wording import passed  # noqa: E402
from tests.alley.fof.test_civilians import civ  # noqa: E402
from tests.alley.fof.test_civilians_leaders import hostile_game  # noqa: E402


def tray_after_dispersal(qtbot: Any, face: int) -> tuple[DiceTrayPanel, Any]:
    """The rangers "m" try to talk the hostile mob down with ``face`` on their d8 (the
    Insurgency Level is 4); a dice tray, as the table window sets it, shows the throw."""
    g = hostile_game(script=[face])
    start = len(g.log.events)
    civ(g).disperse(g.unit("m"), civ(g).mobs["mob1"])
    tray = DiceTrayPanel(side_of=lambda e: "insurgent" if e.data.get("mob") else None)
    qtbot.addWidget(tray)
    tray.verdict = passed
    for e in g.log.events[start:]:
        tray.add(e)
    tray.show()
    return tray, g


@pytest.mark.rule("FF-140")
@pytest.mark.parametrize(("face", "ok"), [(5, True), (4, False)])
def test_a_dispersal_is_coloured_by_its_result_not_by_the_mobs_side(qtbot: Any, face: int,
                                                                    ok: bool) -> None:
    tray, g = tray_after_dispersal(qtbot, face)
    assert (civ(g).mobs["mob1"].gone == "dispersed") is ok
    card = tray.cards[-1]
    assert card.throw.passed is ok
    colour = card.outcome.palette().windowText().color()
    assert colour == (theme.PASSED if ok else theme.FAILED)
    if ok:
        assert colour != side_colour("insurgent")
