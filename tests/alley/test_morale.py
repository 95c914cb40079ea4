"""Morale Checks (AA-164..183): when they are taken, and what Regulars and Insurgents suffer."""

from __future__ import annotations

import pytest

from ambush_gui.alley import morale
from ambush_gui.alley.fire import fire
from ambush_gui.alley.game import AlleyGame
from ambush_gui.core.dice import Die
from tests.alley import kit


def checks(g: AlleyGame) -> list[list[int]]:
    """The faces of every Morale Check thrown so far."""
    return [
        e.data["faces"]
        for e in kit.events(g, "roll")
        if e.data["purpose"].startswith("Morale Check")
    ]


def results(g: AlleyGame) -> list[str]:
    return [e.data["result"] for e in kit.events(g, "morale")]


def table(units: list[dict], script: list[int]) -> AlleyGame:
    """Marines at the south edge, the other units far north beside rubble (not Exposed)."""
    return kit.game(
        [kit.marines("m", (2, 2)), *units],
        pieces=[kit.rubble("r", (0, 22.5, 10, 0.5)), kit.rubble("s", (0, 3, 1, 1))],
        script=script,
    )


# -- the check -----------------------------------------------------------------------------


@pytest.mark.rule("AA-164")
def test_a_morale_check_throws_one_morale_die_per_figure() -> None:
    """3 Insurgents with Morale d8 throw 3d8; 4 Marines with Morale d10 throw 4d10."""
    g = table([kit.insurgents("i", (2, 21), n=3, morale="d8")], [5, 5, 5, 5, 5, 5, 5])
    morale.check(g, g.unit("i"), "test")
    morale.check(g, g.unit("m"), "test")
    rolls = [e for e in kit.events(g, "roll")]
    assert [(e.data["sides"], len(e.data["faces"])) for e in rolls] == [(8, 3), (10, 4)]


@pytest.mark.rule("AA-165")
def test_no_morale_modifiers_leaders_roll_and_dependants_do_not() -> None:
    """House rule AA-165: an attached leader adds a Morale die, a carried casualty does not,
    and no modifier is applied to the roll."""
    g = table([kit.insurgents("i", (2, 21), n=3, leader=True)], [5] * 7)
    m, i = g.unit("m"), g.unit("i")
    m.figures[0].dependant = True
    morale.check(g, i, "test")
    morale.check(g, m, "test")
    assert [len(f) for f in checks(g)] == [4, 3]
    assert all(e.data["modifiers"] == [] for e in kit.events(g, "roll"))


@pytest.mark.rule("AA-166")
def test_a_leaderless_insurgent_unit_checks_every_time_it_is_fired_on() -> None:
    """No casualty, yet a check; the same unit with a leader takes none."""
    g = table([kit.insurgents("i", (2, 21), n=3)], [1] * 6 + [6, 6, 6, 5, 5, 5])
    kit.drive(g, fire(g, g.unit("m"), g.unit("i"), "test"))
    assert checks(g) == [[5, 5, 5]]
    g = table([kit.insurgents("i", (2, 21), n=2, leader=True)], [1] * 6 + [6, 6, 6])
    kit.drive(g, fire(g, g.unit("m"), g.unit("i"), "test"))
    assert checks(g) == []


@pytest.mark.rule("AA-167")
def test_an_insurgent_unit_checks_every_time_it_takes_a_casualty() -> None:
    """With a leader: no check when unhurt, a check after each attack that hits."""
    g = table(
        [kit.insurgents("i", (2, 21), n=3, leader=True)],
        [8, 1, 1, 1, 1, 1] + [1, 1, 1, 1] + [5, 5, 5] + [8, 1, 1, 1, 1, 1] + [1, 1, 1] + [5, 5],
    )
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, fire(g, m, i, "first"), ["best", ["i-1"]])
    kit.drive(g, fire(g, m, i, "second"), ["best", ["i-2"]])
    assert checks(g) == [[5, 5, 5], [5, 5]]


@pytest.mark.rule("AA-168")
def test_a_regular_unit_checks_every_time_it_takes_a_casualty() -> None:
    """Fired on without loss: no check; hit: a check (First Aid 1, so only that one)."""
    g = table(
        [kit.insurgents("i", (2, 21), n=3)],
        [6, 6, 6] + [8] * 5 + [6, 1, 1] + [1] * 5 + [1] + [5, 5, 5, 5],
    )
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, fire(g, i, m, "miss"), ["best"])
    assert checks(g) == []
    kit.drive(g, fire(g, i, m, "hit"), ["best", ["m-1"]])
    assert checks(g) == [[5, 5, 5, 5]]


@pytest.mark.rule("AA-169")
def test_one_check_per_attack_however_many_casualties() -> None:
    """House rule AA-169: two Marine casualties (slight) bring one check; a leaderless
    Insurgent unit fired on that loses two figures also checks once."""
    g = table([kit.insurgents("i", (2, 21), n=4)], [6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 2, 5, 5, 5, 5])
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, fire(g, i, m, "test"), ["best", ["m-1", "m-2"]])
    assert checks(g) == [[5, 5, 5, 5]]
    g = table([kit.insurgents("i", (2, 21), n=4)], [8, 8, 1, 1, 1, 1] + [1] * 4 + [5, 5])
    kit.drive(g, fire(g, g.unit("m"), g.unit("i"), "test"), ["best"])
    assert checks(g) == [[5, 5]]


@pytest.mark.rule("AA-170")
def test_each_morale_die_of_4_or_more_is_a_success() -> None:
    """4 and 10 succeed, 3 and 1 fail: 2 successes, 2 failures."""
    g = table([], [4, 3, 10, 1])
    morale.check(g, g.unit("m"), "test")
    assert "(2 successes, 2 failures)" in kit.events(g, "morale")[0].text


# -- Regulars ----------------------------------------------------------------------------------


@pytest.mark.rule("AA-171")
def test_regulars_stand_on_more_successes_than_failures() -> None:
    """AA-171: 3 successes against 1 failure: the Marines Stand, unharmed."""
    g = table([], [4, 4, 4, 3])
    m = g.unit("m")
    assert morale.check(g, m, "test") == "stand"
    assert not m.pinned and m.morale is Die.D10


@pytest.mark.rule("AA-172")
def test_regulars_are_pinned_when_failures_equal_or_outnumber_successes() -> None:
    """AA-172: 2 against 2, and 1 against 3: Pinned."""
    g = table([], [4, 4, 3, 3, 4, 3, 3, 3])
    m = g.unit("m")
    assert morale.check(g, m, "tie") == "pinned" and m.pinned
    g2 = table([], [4, 3, 3, 3])
    assert morale.check(g2, g2.unit("m"), "worse") == "pinned" and g2.unit("m").pinned


@pytest.mark.rule("AA-173")
def test_pinned_again_the_same_turn_a_regular_unit_pulls_back() -> None:
    """AA-173: Pinned a second time in the open: Pull Back, and regroup next turn."""
    g = table([kit.insurgents("i", (2, 12), n=3)], [1, 1, 1, 1, 1, 1, 1, 1])
    m, i = g.unit("m"), g.unit("i")
    g.state.turn = 3
    assert morale.check(g, m, "first", i) == "pinned"
    assert morale.check(g, m, "second", i) == "pull back"
    assert m.regroup_turn == 4
    assert kit.events(g, "pull_back")


@pytest.mark.rule("AA-174")
def test_a_unit_in_a_defensible_position_stays_pinned_instead() -> None:
    """House rule AA-174: inside a building, or in Solid Cover from the last firer, a second
    Pinned result leaves the unit Pinned where it is."""
    g = kit.game(
        [kit.marines("m", (10, 10)), kit.insurgents("i", (10, 20), n=3)],
        pieces=[kit.building("b", (9, 9, 5, 3))],
        script=[1] * 8,
    )
    m, i = g.unit("m"), g.unit("i")
    m.pinned = True
    assert morale.check(g, m, "again", i) == "pinned"
    assert m.pinned and m.regroup_turn is None and not kit.events(g, "pull_back")
    g = kit.game(
        [kit.marines("m", (10, 10)), kit.insurgents("i", (10, 20), n=3)],
        pieces=[kit.wall("w", (9, 10.5, 4, 0.4))],
        script=[1] * 4,
    )
    m, i = g.unit("m"), g.unit("i")
    m.pinned = True
    assert morale.defensible(g, m, i)
    assert morale.check(g, m, "again", i) == "pinned" and m.regroup_turn is None


# -- Insurgents --------------------------------------------------------------------------------


@pytest.mark.rule("AA-175")
def test_insurgents_that_stand_can_still_shrink() -> None:
    """AA-175: 3 successes, 1 failure: they Stand, but the figure that rolled 1 slips away."""
    g = table([kit.insurgents("i", (2, 21), n=4)], [1, 5, 5, 5])
    i = g.unit("i")
    assert morale.check(g, i, "test") == "stand"
    assert [f.id for f in i.figures] == ["i-2", "i-3", "i-4"]
    assert i.morale is Die.D10


@pytest.mark.rule("AA-176")
def test_every_figure_that_rolls_a_1_shrinks_pass_or_fail() -> None:
    """Failing too: 1,1,2,5 removes two figures and the unit is Shaken."""
    g = table([kit.insurgents("i", (2, 21), n=4)], [1, 1, 2, 5])
    i = g.unit("i")
    assert morale.check(g, i, "test") == "shaken"
    assert len(i.figures) == 2
    assert [why for _, why in g.state.removed] == ["shrank", "shrank"]


@pytest.mark.rule("AA-176")
def test_a_unit_whose_last_fighters_shrink_is_gone_not_shaken() -> None:
    """A play-test: a lone gunman rolled a 1, slipped away, and the empty unit was then told
    "Shaken: Morale falls to d8". Nobody is left to be Shaken: the unit is gone."""
    g = table([kit.insurgents("i", (2, 21), n=1)], [1])
    i = g.unit("i")
    morale.check(g, i, "test")
    assert not i.on_table and not i.figures
    texts = [e.text for e in kit.events(g, "morale")]
    assert texts == ["Insurgents i is gone: its last fighters slipped away"], texts


@pytest.mark.rule("AA-177")
def test_shaken_lowers_the_morale_die_one_type() -> None:
    """AA-177: Shaken, a d8 Morale unit drops to d6."""
    g = table([kit.insurgents("i", (2, 21), n=3, morale="d8")], [2, 3, 4])
    i = g.unit("i")
    assert morale.check(g, i, "test") == "shaken"
    assert i.morale is Die.D6 and i.shaken_turn == g.state.turn


@pytest.mark.rule("AA-178")
def test_shaken_below_d6_breaks_and_the_unit_is_removed() -> None:
    """AA-178: a d6 Morale unit Shaken breaks and flees: every figure leaves play."""
    g = table([kit.insurgents("i", (2, 21), n=3, morale="d6")], [2, 3, 4])
    i = g.unit("i")
    assert morale.check(g, i, "test") == "broken"
    assert not i.on_table and not i.figures
    assert [why for _, why in g.state.removed] == ["broke and fled"] * 3


@pytest.mark.rule("AA-179")
def test_a_d10_unit_shaken_rolls_d8_and_breaks_on_the_third() -> None:
    """EXAMPLE: d10 → d8 → d6 → broken."""
    g = table([kit.insurgents("i", (2, 21), n=3)], [2, 3, 4, 2, 3, 4, 2, 3, 4])
    i = g.unit("i")
    assert morale.check(g, i, "1") == "shaken" and i.morale is Die.D8
    assert morale.check(g, i, "2") == "shaken" and i.morale is Die.D6
    assert [e.data["sides"] for e in kit.events(g, "roll")] == [10, 8]
    assert morale.check(g, i, "3") == "broken" and not i.alive


@pytest.mark.rule("AA-180")
def test_a_tie_is_shaken() -> None:
    """House rule AA-180: 2 successes and 2 failures: Shaken (line 239 governs)."""
    assert morale.outcome(2, 2) == "fail"
    g = table([kit.insurgents("i", (2, 21), n=4)], [2, 3, 4, 5])
    assert morale.check(g, g.unit("i"), "tie") == "shaken"


@pytest.mark.rule("AA-181")
def test_support_weapon_figures_shrink_last() -> None:
    """The RPG gunner rolls the 1, but a rifleman slips away instead."""
    g = table([kit.insurgents("i", (2, 21), weapons=["rifle", "lmg", "rpg"])], [5, 5, 1])
    i = g.unit("i")
    morale.check(g, i, "test")
    assert [f.weapon for f in i.figures] == ["lmg", "rpg"]
    g = table([kit.insurgents("i", (2, 21), weapons=["rifle", "lmg", "rpg"])], [1, 1, 5])
    morale.check(g, g.unit("i"), "test")
    assert [f.weapon for f in g.unit("i").figures] == ["rpg"]


@pytest.mark.rule("AA-182")
def test_insurgent_leaders_never_shrink() -> None:
    """Everyone rolls a 1: the riflemen go, the leader stays (and the unit is Shaken)."""
    g = table([kit.insurgents("i", (2, 21), n=2, leader=True)], [1, 1, 1])
    i = g.unit("i")
    assert morale.check(g, i, "test") == "shaken"
    assert [f.id for f in i.figures] == ["i-L"] and i.alive


@pytest.mark.rule("AA-182")
def test_a_leader_is_not_shrunk_even_where_he_would_go_first() -> None:
    """The RPG gunner rolls the 1 and goes although Support Weapons go last: the only other
    figure is the leader, whom the "small arms first" order would pick (his rifle adds no
    die) if leaders could shrink."""
    g = table([kit.insurgents("i", (2, 21), weapons=["rpg"], leader=True)], [1, 5])
    i = g.unit("i")
    morale.check(g, i, "test")
    assert [f.id for f in i.figures] == ["i-L"]
    assert [v for e in kit.events(g, "shrink") for v in e.data["figures"]] == ["i-1"]


@pytest.mark.rule("AA-183")
def test_the_ones_of_non_leaders_count_small_arms_go_first() -> None:
    """House rule AA-183: a leader's own 1 removes nobody; two 1s among the others remove two
    figures, riflemen before the light machinegun, never the leader."""
    g = table([kit.insurgents("i", (2, 21), n=2, leader=True)], [5, 5, 1])
    i = g.unit("i")
    assert morale.check(g, i, "leader's 1") == "stand"
    assert len(i.figures) == 3 and not kit.events(g, "shrink")
    g = table(
        [kit.insurgents("i", (2, 21), weapons=["lmg", "rifle", "rifle", "rifle"], leader=True)],
        [1, 5, 5, 1, 5],
    )
    i = g.unit("i")
    morale.check(g, i, "two 1s")
    assert sorted(f.id for f in i.figures) == ["i-1", "i-4", "i-L"]
    assert kit.events(g, "shrink")[0].data["figures"] == ["i-2", "i-3"]
