"""The worked EXAMPLEs of the seeds, each with the seed's own numbers."""

from __future__ import annotations

import pytest

from ambush_gui.alley.fire import fire
from ambush_gui.alley.model import Speed
from ambush_gui.alley.pools import defense, firepower
from tests.alley import kit


@pytest.mark.rule("AA-149")
@pytest.mark.rule("AA-150")
@pytest.mark.rule("AA-151")
@pytest.mark.rule("AA-152")
def test_marines_fire_on_fedayeen_behind_a_mud_wall() -> None:
    """7D8 against 5D6: 7,6,5,4,4,3,2 against 5,5,4,4,3 gives 2 casualties, 1 survivor."""
    g = kit.game(
        [kit.marines("m", (5, 5)), kit.insurgents("f", (5.5, 11.5), n=3)],
        pieces=[kit.wall("mud", (4, 10.6, 6, 0.4))],
        script=[7, 6, 5, 4, 4, 3, 2, 5, 5, 4, 4, 3],
    )
    m, f = g.unit("m"), g.unit("f")
    f.still_turns = 1
    fp, df = firepower(g, m, f), defense(g, f, m)
    assert (fp.dice, int(fp.die)) == (7, 8)
    assert (df.dice, int(df.die)) == (5, 6)
    assert {x.rule for x in df.items} >= {"AA-121", "AA-124"}
    g.dice.push(10, 10, 10)  # their Morale Check afterwards (they took casualties)
    hits = kit.drive(g, fire(g, m, f, "Example"), ["best"])
    assert hits == 2
    assert len(f.figures) == 1


@pytest.mark.rule("AA-129")
def test_fireteam_in_the_street_defends_with_5d8() -> None:
    g = kit.game([kit.marines("m", (12, 11)), kit.insurgents("i", (12, 20))])
    m, i = g.unit("m"), g.unit("i")
    m.speed = Speed.RAPID  # moving down the street, not Cautiously (house rule AA-132)
    df = defense(g, m, i)
    assert (df.dice, int(df.die)) == (5, 8)


@pytest.mark.rule("AA-130")
def test_fireteam_in_a_building_defends_with_6d8() -> None:
    g = kit.game([kit.marines("m", (10, 10)), kit.insurgents("i", (10, 20))],
                 pieces=[kit.building("b", (9, 9, 5, 3))])
    df = defense(g, g.unit("m"), g.unit("i"))
    assert (df.dice, int(df.die)) == (6, 8)
