"""Engine fixes found by playing the Force on Force scenarios (Market Day, The Orchard
Battery) with the computer on both sides, each with the situation that showed it."""

from __future__ import annotations

from ambush_gui.alley import interrupts
from ambush_gui.alley.model import Speed
from ambush_gui.alley.movement import MovePlan
from tests.alley import kit

FIELD = {"id": "mf-1", "kind": "minefield", "rect": [0, 8, 24, 3]}  # a belt across y 8..11


def test_a_unit_wiped_out_by_mines_on_its_way_does_not_close_assault() -> None:
    """An Insurgent gunman runs across a minefield to Close Assault the Marines beyond it
    (The Orchard Battery, seed 14: a machine-gun nest crossing the lane). He fails his mine
    test and the mine kills him: the move ends there and nobody assaults (before the fix
    the assault went on with no figure left, and the engine failed)."""
    g = kit.game([kit.marines("m", (4, 14)), kit.insurgents("i", (4.5, 5), n=1)], pieces=[FIELD],
                 modules=["mines"], mines={}, script=[1, 6, 6, 6, 1], strict=False)
    g.state.turn = 1
    ins = g.unit("i")
    path = ((4.5, 5.0), (4.5, 13.2))
    plan = MovePlan(path=path, length=8.2, assault="m", speed=Speed.RAPID)
    kit.drive(g, interrupts.carry_out(g, ins, list(path), plan), ["best"])  # the Marines' matching
    assert not ins.alive
    assert kit.events(g, "assault") == []
