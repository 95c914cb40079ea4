"""Fire Combat and casualties (AA-114/115, AA-145..148, AA-153..163)."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.alley import turn
from ambush_gui.alley.fire import fire
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import FigureKind, Injury, Side, Speed
from ambush_gui.alley.pools import defense, firepower
from ambush_gui.alley.victory import score
from ambush_gui.core.decisions import DecisionKind, IllegalDecision
from tests.alley import kit


def marines_under_fire(script: list[int], **kw: Any) -> AlleyGame:
    """4 Insurgent riflemen 10" from a Marine fireteam beside rubble: 4D6 against 5D8."""
    g = kit.game(
        [kit.marines("m", (5, 5)), kit.insurgents("i", (5, 15))],
        pieces=[kit.rubble("r", (4, 6, 1, 1))],
        script=script,
        **kw,
    )
    assert firepower(g, g.unit("i"), g.unit("m")).dice == 4
    assert defense(g, g.unit("m"), g.unit("i")).dice == 5
    return g


def purposes(g: AlleyGame) -> list[str]:
    return [e.data["purpose"] for e in kit.events(g, "roll")]


# -- the attack roll -----------------------------------------------------------------------


@pytest.mark.rule("AA-114")
def test_each_side_rolls_its_own_die_and_sets_aside_results_under_4() -> None:
    """The Marines throw d8s for Firepower, the Insurgents d6s for Defense; only 4+ stay."""
    g = kit.game(
        [kit.marines("m", (2, 2), weapons=["rifle"] * 4), kit.insurgents("i", (2, 21), n=3)],
        pieces=[kit.rubble("r", (0, 22.5, 1, 1))],
        script=[8, 4, 3, 1, 6, 3, 2],
    )
    m, i = g.unit("m"), g.unit("i")
    decision = kit.asks(g, fire(g, m, i, "test"))
    fp, df = kit.events(g, "roll")
    assert (fp.data["sides"], fp.data["faces"]) == (8, [8, 4, 3, 1])
    assert (df.data["sides"], df.data["faces"]) == (6, [6, 3, 2])
    assert decision.facts["attack"] == [8, 4]
    assert decision.facts["defense"] == [6]


@pytest.mark.rule("AA-115")
def test_an_attacker_die_no_defender_die_equals_or_beats_is_a_casualty() -> None:
    """6,5 against 6,4: the 6 is tied (cancelled), the 5 beats the 4: one casualty."""
    g = kit.game(
        [kit.marines("m", (2, 2), weapons=["rifle", "rifle"]), kit.insurgents("i", (2, 21), n=2)],
        pieces=[kit.rubble("r", (0, 22.5, 1, 1))],
        script=[6, 5, 6, 4, 10],
    )
    m, i = g.unit("m"), g.unit("i")
    # the tie 6-6 cancels; the 4 cannot stop the 5 (identical riflemen: no choice to make)
    hits = kit.drive(g, fire(g, m, i, "test"), [{"pairs": [[6, 6], [5, 4]]}])
    assert hits == 1
    assert len(i.figures) == 1


@pytest.mark.rule("AA-145")
def test_beyond_effective_range_the_attacker_keeps_only_7_and_8() -> None:
    """With a scenario Effective Range of 10": 4+ inside it, 7+ beyond it."""
    g = kit.game(
        [kit.marines("m", (2, 2), weapons=["rifle"] * 4), kit.insurgents("i", (2, 21), n=3)],
        pieces=[kit.rubble("r", (0, 22.5, 1, 1))],
        effective_range=10,
        script=[8, 7, 6, 4, 1, 1, 1],
    )
    m, i = g.unit("m"), g.unit("i")
    d = kit.asks(g, fire(g, m, i, "far"))
    assert d.facts["attack"] == [8, 7]
    g2 = kit.game(
        [kit.marines("m", (2, 2), weapons=["rifle"] * 4), kit.insurgents("i", (2, 11), n=3)],
        pieces=[kit.rubble("r", (0, 12.5, 1, 1))],
        effective_range=10,
        script=[8, 7, 6, 4, 1, 1, 1],
    )
    d2 = kit.asks(g2, fire(g2, g2.unit("m"), g2.unit("i"), "near"))
    assert d2.facts["attack"] == [8, 7, 6, 4]


@pytest.mark.rule("AA-146")
def test_the_defender_rolls_his_defense_dice() -> None:
    """AA-146: the Marines throw their 5 Defense dice."""
    g = marines_under_fire([1, 1, 1, 1, 8, 7, 6, 5, 4])
    kit.drive(g, fire(g, g.unit("i"), g.unit("m"), "test"), [])
    throw = kit.events(g, "roll")[1]
    assert throw.data["purpose"] == "Defense: Marines m"
    assert len(throw.data["faces"]) == 5


@pytest.mark.rule("AA-147")
def test_the_defender_arranges_his_dice_as_he_likes() -> None:
    """6,5 against 6,5: the best pairing saves both; his own poor pairing (5 on the 6, 6 on
    the 5) is allowed and costs one casualty; a die used twice is refused."""

    def play(morale: list[int]) -> tuple[AlleyGame, Any]:
        g = kit.game(
            [
                kit.marines("m", (2, 2), weapons=["rifle", "rifle"]),
                kit.insurgents("i", (2, 21), n=3),
            ],
            pieces=[kit.rubble("r", (0, 22.5, 1, 1))],
            script=[6, 5, 6, 5, 1, *morale],
        )
        return g, fire(g, g.unit("m"), g.unit("i"), "test")

    g, proc = play([])
    d = next(proc)
    assert d.kind is DecisionKind.MATCH and d.side == "insurgent"
    with pytest.raises(IllegalDecision):
        d.validate({"pairs": [[6, 6], [5, 6]]})
    g, proc = play([10, 10])  # leaderless, one casualty: a check with the 2 left
    assert kit.drive(g, proc, [{"pairs": [[6, 5], [5, 6]]}]) == 1
    g, proc = play([10, 10, 10])  # leaderless, fired on: a check with all 3
    assert kit.drive(g, proc, ["best"]) == 0


@pytest.mark.rule("AA-148")
def test_only_attacker_dice_of_4_or_more_cause_casualties() -> None:
    """3,3,3,3 against no Defense success: no casualty at all; 4 and 3s: one casualty."""
    g = marines_under_fire([3, 3, 3, 3, 1, 1, 1, 1, 1])
    assert kit.drive(g, fire(g, g.unit("i"), g.unit("m"), "test")) == 0
    g = marines_under_fire([4, 3, 3, 3, 1, 1, 1, 1, 1, 2, 10, 10, 10, 10])
    assert kit.drive(g, fire(g, g.unit("i"), g.unit("m"), "test"), ["best", ["m-1"]]) == 1


# -- who falls ---------------------------------------------------------------------------------


@pytest.mark.rule("AA-153")
def test_the_owner_chooses_the_casualties_and_a_leader_can_fall() -> None:
    """House rule AA-153: the Insurgent player picks, among fighting figures, leader included."""
    g = kit.game(
        [
            kit.marines("m", (2, 2), weapons=["rifle"]),
            kit.insurgents("i", (2, 21), n=2, leader=True),
        ],
        pieces=[kit.rubble("r", (0, 22.5, 1, 1))],
        script=[8, 1, 1, 1, 10, 10],
    )
    m, i = g.unit("m"), g.unit("i")
    d = kit.asks(g, fire(g, m, i, "test"), ["best"])
    assert d.kind is DecisionKind.CASUALTIES and d.side == "insurgent"
    assert sorted(d.options) == [["i-1"], ["i-2"], ["i-L"]]
    g2 = kit.game(
        [
            kit.marines("m", (2, 2), weapons=["rifle"]),
            kit.insurgents("i", (2, 21), n=2, leader=True),
        ],
        pieces=[kit.rubble("r", (0, 22.5, 1, 1))],
        script=[8, 1, 1, 1, 10, 10],
    )
    kit.drive(g2, fire(g2, g2.unit("m"), g2.unit("i"), "test"), ["best", ["i-L"]])
    assert g2.unit("i").leader is None


# -- casualties to Insurgents and Regulars -------------------------------------------------


@pytest.mark.rule("AA-154")
def test_insurgent_casualties_are_removed_at_once_without_first_aid() -> None:
    """AA-154: the hit Insurgent leaves play at once; no First Aid die is thrown."""
    g = kit.game(
        [kit.marines("m", (2, 2), weapons=["rifle"]), kit.insurgents("i", (2, 21), n=2)],
        pieces=[kit.rubble("r", (0, 22.5, 1, 1))],
        script=[8, 1, 1, 10],
    )
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, fire(g, m, i, "test"), ["best"])  # two identical riflemen: no choice to make
    assert [f.id for f in i.figures] == ["i-2"]
    assert g.state.removed[-1][0].id == "i-1"
    assert not any(p.startswith("First Aid") for p in purposes(g))


@pytest.mark.rule("AA-155")
def test_each_regular_casualty_rolls_first_aid_as_it_is_taken() -> None:
    """Two casualties: two First Aid rolls, one per figure, before the Morale Check."""
    g = marines_under_fire([6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 2, 10, 10, 10, 10])
    kit.drive(g, fire(g, g.unit("i"), g.unit("m"), "test"), ["best", ["m-1", "m-2"]])
    ps = purposes(g)
    assert ps[2:4] == ["First Aid: Marines m, fighter 1", "First Aid: Marines m, fighter 2"]
    assert ps[4].startswith("Morale Check")
    assert all(
        len(e.data["faces"]) == 1 and e.data["sides"] == 6 for e in kit.events(g, "roll")[2:4]
    )


@pytest.mark.rule("AA-156")
@pytest.mark.parametrize("face", [1, 2])
def test_first_aid_1_or_2_is_slight(face: int) -> None:
    """AA-156: First Aid 1-2: slight injuries, the figure is no Dependant."""
    g = marines_under_fire([6, 1, 1, 1, 1, 1, 1, 1, 1, face, 10, 10, 10, 10])
    kit.drive(g, fire(g, g.unit("i"), g.unit("m"), "test"), ["best", ["m-1"]])
    fig = g.unit("m").figures[0]
    assert fig.injury is Injury.SLIGHT and not fig.dependant


@pytest.mark.rule("AA-157")
@pytest.mark.parametrize("face", [3, 4])
def test_first_aid_3_or_4_is_moderate_and_a_dependant(face: int) -> None:
    """AA-157: First Aid 3-4: moderate injuries, the figure is a Dependant; no extra check."""
    g = marines_under_fire([6, 1, 1, 1, 1, 1, 1, 1, 1, face, 10, 10, 10])
    kit.drive(g, fire(g, g.unit("i"), g.unit("m"), "test"), ["best", ["m-1"]])
    m = g.unit("m")
    fig = m.figures[0]
    assert fig.injury is Injury.MODERATE and fig.dependant
    assert [f.id for f in m.dependants] == ["m-1"]
    assert len(kit.events(g, "morale")) == 1  # only the casualty check


@pytest.mark.rule("AA-158")
@pytest.mark.parametrize("face", [5, 6])
def test_first_aid_5_or_6_is_serious_a_dependant_and_a_morale_test(face: int) -> None:
    """AA-158: First Aid 5-6: serious injuries, a Dependant, and a Morale test."""
    g = marines_under_fire([6, 1, 1, 1, 1, 1, 1, 1, 1, face, 10, 10, 10, 10, 10, 10])
    kit.drive(g, fire(g, g.unit("i"), g.unit("m"), "test"), ["best", ["m-1"]])
    fig = g.unit("m").figures[0]
    assert fig.injury is Injury.SERIOUS and fig.dependant
    reasons = [p for p in purposes(g) if p.startswith("Morale Check")]
    assert reasons[-1] == "Morale Check: Marines m (a serious First Aid result)"


@pytest.mark.rule("AA-159")
def test_a_casualty_leaves_the_units_fighting_strength() -> None:
    """A moderately wounded Marine gives no Firepower, Defense or Morale die any more."""
    g = marines_under_fire([6, 1, 1, 1, 1, 1, 1, 1, 1, 3, 10, 10, 10])
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, fire(g, i, m, "test"), ["best", ["m-1"]])
    assert len(m.fighters) == 3
    assert defense(g, m, i).dice == 3 + 1
    morale_roll = kit.events(g, "roll")[-1]
    assert len(morale_roll.data["faces"]) == 3


@pytest.mark.rule("AA-160")
def test_slight_fights_on_as_a_wounded_marine_and_worse_is_carried() -> None:
    """House rule AA-160: a slight casualty keeps fighting but scores as wounded (1 VP); a
    moderate one stays with its unit as a carried Dependant."""
    g = marines_under_fire([6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 4, 10, 10, 10])
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, fire(g, i, m, "test"), ["best", ["m-1", "m-2"]])
    slight, moderate = m.figures[0], m.figures[1]
    assert slight.fighting and slight.injury is Injury.SLIGHT
    assert moderate in m.figures and moderate.dependant
    assert firepower(g, m, i).items[0].value == 3
    score(g)
    wounded = [w for s, p, w in g.state.score.lines if s is Side.INSURGENT and "wounded" in w]
    assert sorted(wounded) == ["Marine m-1 wounded", "Marine m-2 wounded"]


@pytest.mark.rule("AA-161")
def test_a_serious_result_adds_a_morale_check_to_the_casualty_check() -> None:
    """House rule AA-161: one casualty, serious: two Morale Checks, not one."""
    g = marines_under_fire([6, 1, 1, 1, 1, 1, 1, 1, 1, 6, 10, 10, 10, 10, 10, 10])
    kit.drive(g, fire(g, g.unit("i"), g.unit("m"), "test"), ["best", ["m-1"]])
    checks = [p for p in purposes(g) if p.startswith("Morale Check")]
    assert checks == [
        "Morale Check: Marines m (took casualties)",
        "Morale Check: Marines m (a serious First Aid result)",
    ]
    assert g.dice.scripted == 0


# -- after casualties: a Quality Check to go faster than Cautious ---------------------------


def activate(g: AlleyGame, uid: str, plan: str) -> Any:
    """Run a lone Marine unit's activation with ``plan``, staying where it is."""
    proc = turn.activation(g, g.unit(uid))
    d = next(proc)
    assert d.kind is DecisionKind.PLAN
    d = proc.send(d.validate(plan))
    return d, proc


@pytest.mark.rule("AA-162")
def test_after_a_casualty_moving_rapidly_needs_a_quality_check_for_the_rest_of_the_game() -> None:
    """AA-162: once a figure is lost, every Rapid plan needs a Quality Check, in any later turn;
    Cautious needs none."""
    g = kit.game([kit.marines("m", (5, 5))], script=[4, 4])
    m = g.unit("m")
    g.state.turn = 1
    d, _ = activate(g, "m", "rapid:move-fire")
    assert not any(p.startswith("Quality Check") for p in purposes(g))  # no casualty yet
    m.had_casualties = True
    for t in (2, 7):  # any later turn
        g.state.turn = t
        turn.start_turn(g)
        d, _ = activate(g, "m", "rapid:move-fire")
        assert (
            purposes(g)[-1]
            == "Quality Check: Marines m (to move faster than Cautious after casualties)"
        )
        assert m.speed is Speed.RAPID and d.facts["limit"] == 12
    g.state.turn = 8
    turn.start_turn(g)
    activate(g, "m", "cautious:move-fire")  # Cautious needs no check
    assert len([p for p in purposes(g) if p.startswith("Quality Check")]) == 2


@pytest.mark.rule("AA-163")
def test_failing_the_check_means_cautious_only_this_activation() -> None:
    """House rule AA-163: a failed check (3 on the d8) turns the Rapid plan into Cautious."""
    g = kit.game([kit.marines("m", (5, 5))], script=[3])
    m = g.unit("m")
    m.had_casualties = True
    g.state.turn = 1
    d, _ = activate(g, "m", "rapid:move-fire")
    assert m.speed is Speed.CAUTIOUS
    assert d.kind is DecisionKind.MOVE and d.facts["limit"] == 6
    assert any(e.data.get("passed") is False for e in kit.events(g, "quality"))
    assert all(f.kind is not FigureKind.CONTRACTOR for f in m.figures)


def test_the_match_line_reads_right_with_no_die_to_match_and_more_hits_than_figures() -> None:
    """The log's match line: "no Firepower die to match" rather than an empty list, and a
    lone gunman hit six times "6 hits, more than its 1 figure: 1 casualty" rather than
    "6 casualties" (both read wrong in a playtest)."""
    from ambush_gui.alley.fire import _outcome_text, _pairs_text
    from ambush_gui.core.matching import Arrangement

    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 15), n=1)])
    assert _pairs_text(Arrangement(())) == "no Firepower die to match"
    assert _pairs_text(Arrangement(((7, None), (6, 4)))) == "7-x, 6-4"
    assert _outcome_text(6, g.unit("i")) == "6 hits, more than its 1 figure: 1 casualty"
    assert _outcome_text(1, g.unit("i")) == "1 casualty"
    assert _outcome_text(3, g.unit("m")) == "3 casualties"


def test_a_unit_with_nothing_to_fire_at_is_told_so() -> None:
    """A play-test: a mortar team chose "Halted: fire only" twice and the turn moved on with
    no word; its fire step says it had no target."""
    from ambush_gui.alley import turn

    g = kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (20, 20))],
                 pieces=[{"id": "wall", "kind": "building", "rect": [0, 10, 24, 2]}], strict=False)
    m = g.unit("m")
    assert not g.sees(m, g.unit("i"))
    assert kit.drive(g, turn.choose_target(g, m)) is None
    assert [e.text for e in kit.events(g, "fire")] == ["Marines m has no target to fire at"]


def test_a_named_person_with_nothing_to_fire_at_is_not_called_it() -> None:
    """A play-tester read "Councillor Idris has no target it may fire at": the line names a
    person, a team or a crowd alike, with no pronoun to get wrong."""
    from ambush_gui.alley import turn

    g = kit.game([{**kit.leader("idris", "regular", (2, 2)), "name": "Councillor Idris"},
                  kit.insurgents("i", (20, 20))],
                 pieces=[{"id": "wall", "kind": "building", "rect": [0, 10, 24, 2]}], strict=False)
    assert kit.drive(g, turn.choose_target(g, g.unit("idris"))) is None
    assert [e.text for e in kit.events(g, "fire")] == ["Councillor Idris has no target to fire at"]
