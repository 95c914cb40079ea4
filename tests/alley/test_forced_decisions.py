"""Decisions whose answer cannot matter are marked forced (issue 10, "Fewer clicks").

The engine still asks them, in the same order, so saves replay unchanged; the mark tells
the GUI it may answer for the player. It must be set exactly when no answer could change
the game, and never otherwise.
"""

from __future__ import annotations

import pytest

from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.alley.fire import fire
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.pools import defense, firepower
from ambush_gui.core.decisions import Decision, DecisionKind
from tests.alley import kit


def riflemen_fire(n_rifles: int, n_insurgents: int, script: list[int]) -> tuple[AlleyGame, Decision]:
    """Marine riflemen fire at Insurgents beside rubble; the matching decision it asks."""
    g = kit.game(
        [kit.marines("m", (2, 2), weapons=["rifle"] * n_rifles),
         kit.insurgents("i", (2, 21), n=n_insurgents)],
        pieces=[kit.rubble("r", (0, 22.5, 1, 1))],
        script=script,
    )
    m, i = g.unit("m"), g.unit("i")
    assert firepower(g, m, i).dice == n_rifles and defense(g, i, m).dice == n_insurgents
    d = kit.asks(g, fire(g, m, i, "test"))
    assert d.kind is DecisionKind.MATCH
    return g, d


@pytest.mark.rule("AA-147")
def test_matching_is_forced_when_the_defender_keeps_no_dice() -> None:
    _, d = riflemen_fire(2, 3, [6, 5, 3, 2, 1])
    assert d.facts["defense"] == []
    assert d.forced == "best"
    assert "kept no dice" in d.forced_reason
    assert d.validate(d.forced) == {"pairs": [[6, None], [5, None]]}


@pytest.mark.rule("AA-147")
def test_matching_is_forced_when_no_kept_defense_die_can_cancel() -> None:
    """A 4 cannot stop a 5 or a 6: two casualties however the 4 is placed."""
    _, d = riflemen_fire(2, 3, [6, 5, 4, 2, 1])
    assert d.facts["defense"] == [4]
    assert d.forced == "best"
    assert "2 casualties" in d.forced_reason


@pytest.mark.rule("AA-148")
def test_matching_is_forced_when_every_figure_falls_whatever_the_arrangement() -> None:
    """Three attack dice against two figures: the best arrangement still kills both."""
    _, d = riflemen_fire(3, 2, [6, 6, 5, 5, 3])
    assert d.facts["defense"] == [5]
    assert d.forced == "best"
    assert "every fighting figure" in d.forced_reason


@pytest.mark.rule("AA-147")
@pytest.mark.parametrize(
    ("rifles", "insurgents", "script"),
    [
        (2, 3, [6, 5, 5, 1, 1]),  # the 5 cancels the 5, or nothing against the 6
        (3, 3, [6, 6, 5, 6, 5, 1]),  # one or two of three figures fall
        (3, 3, [6, 5, 4, 6, 4, 1]),  # which of 6, 5 to give up: the example's choice (AA-152)
    ],
)
def test_matching_is_asked_when_the_arrangement_can_change_the_casualties(
    rifles: int, insurgents: int, script: list[int]
) -> None:
    _, d = riflemen_fire(rifles, insurgents, script)
    assert d.forced is None and d.forced_reason == ""


def test_a_decision_with_one_listed_option_is_forced_and_one_with_a_check_is_not() -> None:
    one = Decision("regular", DecisionKind.ACTIVATE, "Regular: which unit?", options=("a",))
    assert (one.forced, one.forced_reason) == ("a", "the only legal answer")
    two = Decision("regular", DecisionKind.ACTIVATE, "Regular: which unit?", options=("a", "b"))
    assert two.forced is None
    checked = Decision("regular", DecisionKind.MOVE, "Regular: move", options=("stay",),
                       check=lambda c: c)
    assert checked.forced is None  # a free move accepts answers outside the list


def test_every_forced_answer_is_legal_and_alone_or_harmless_over_whole_games() -> None:
    """Across computer games, every forced mark names a legal answer: the only one, the
    best arrangement, or no fire where every fire has no dice (AA-144)."""
    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    seen = 0
    for seed in (1, 2, 3):
        g = systems.new_game(scenario, seed)
        ai = AlleyAI()
        for _ in range(400):
            d = g.pending()
            if d is None:
                break
            if d.forced is not None:
                seen += 1
                d.validate(d.forced)
                if d.kind is not DecisionKind.MATCH and len(d.options) > 1:
                    assert d.forced in ("hold", "none") and "AA-144" in d.forced_reason
            g.answer(ai.choose(g, d))
    assert seen > 0


@pytest.mark.rule("AA-147")
def test_matching_is_forced_when_every_die_set_cancels_as_many_wherever_it_goes() -> None:
    """Issue 28: a kept 6 against 5, 4, 4, 4 cancels one die wherever it is set; only
    keeping it back (a casualty more, which no defender wants) would change anything."""
    _, d = riflemen_fire(4, 4, [5, 4, 4, 4, 6, 1, 1, 1])
    assert (d.facts["attack"], d.facts["defense"]) == ([5, 4, 4, 4], [6])
    assert d.forced == "best"
    assert "3 casualties" in d.forced_reason
    assert d.validate(d.forced) == {"pairs": [[5, None], [4, None], [4, None], [4, 6]]}


@pytest.mark.rule("AA-147", "FF-035")
def test_an_ieds_matching_with_one_armor_die_that_cancels_anywhere_is_not_asked() -> None:
    """Issue 28, as played in Market Day: a Medium IED's 4 dice kept 5, 4, 4, 4 against
    a Marine team's one Armor die, a 6: three casualties however the 6 is placed."""
    from ambush_gui.alley.fof import blast
    from ambush_gui.alley.fof.ieds import IedsModule

    g = kit.game([kit.marines("m", (2, 2), armor=1)], modules=["ieds"],
                 ieds={"devices": [{"id": "ied-1", "at": [3, 10], "size": "medium"}]},
                 script=[5, 4, 4, 4, 6], strict=False)
    mod = g.modules.get("ieds")
    assert isinstance(mod, IedsModule)
    d = kit.asks(g, blast.attack(g, mod.blast(mod.devices[0]), g.unit("m")))
    assert d.kind is DecisionKind.MATCH and d.facts["defense"] == [6]
    assert d.forced == "best" and "3 casualties" in d.forced_reason


@pytest.mark.rule("AA-147")
def test_matching_is_asked_when_where_a_die_is_set_changes_the_casualties() -> None:
    """A kept 4 against 6 and 4 cancels the 4, or nothing if set against the 6."""
    _, d = riflemen_fire(2, 3, [6, 4, 4, 1, 1])
    assert (d.facts["attack"], d.facts["defense"]) == ([6, 4], [4])
    assert d.forced is None


# -- questions whose every fire has no dice (house rule AA-144: no attack) ---------------------

def no_dice_game() -> AlleyGame:
    """A lone Marine rifleman who moved Rapidly and was interrupted three times (no dice
    against anyone), Marines m2 with dice, and a lone Insurgent 15" north who has none
    against the Pinned m2 behind rubble, moving Cautiously."""
    from ambush_gui.alley.model import Speed

    g = kit.game([kit.marines("m", (5, 5), weapons=["rifle"]), kit.marines("m2", (12, 5)),
                  kit.insurgents("i", (8, 20), n=1)],
                 pieces=[kit.rubble("r", (9, 6, 8, 1))])
    g.state.turn = 1
    m, m2 = g.unit("m"), g.unit("m2")
    m.speed, m.times_interrupted = Speed.RAPID, 3
    m2.speed, m2.pinned = Speed.CAUTIOUS, True
    assert firepower(g, m, g.unit("i")).dice == 0 and firepower(g, g.unit("i"), m2).dice == 0
    assert firepower(g, m2, g.unit("i")).dice > 0
    return g


@pytest.mark.rule("AA-144")
def test_fire_with_no_dice_at_any_target_is_held_for_the_player() -> None:
    """Issue 28: "fires at?" was asked when every target had 0 dice; the dialog offered
    only Hold fire."""
    from ambush_gui.alley import turn

    g = no_dice_game()
    d = turn.fire_decision(g, g.unit("m"), [g.unit("i")])
    assert d.forced == "hold" and "no Firepower dice" in d.forced_reason
    assert "AA-144" in d.forced_reason
    assert d.validate("i") == "i"  # still a legal answer: old saves replay as played
    assert turn.fire_decision(g, g.unit("m2"), [g.unit("i")]).forced is None


@pytest.mark.rule("AA-144", "AA-089")
def test_a_reaction_only_units_without_dice_could_make_is_declined_for_the_player() -> None:
    """Issue 28: the reaction card of a unit with no dice is greyed out; with no other
    unit the question is answered "none" and the log says why."""
    from ambush_gui.alley import turn

    g = no_dice_game()
    g.unit("m2").reacted = True  # it has had its reaction: only m is offered
    d = kit.asks(g, turn.react_to_move(g, g.unit("i")))
    assert d.kind is DecisionKind.REACT and d.options == ("none", "m")
    assert d.forced == "none" and "may react to Insurgents i" in d.forced_reason
    g2 = no_dice_game()
    d2 = kit.asks(g2, turn.react_to_move(g2, g2.unit("i")))
    assert set(d2.options) == {"none", "m", "m2"} and d2.forced is None


@pytest.mark.rule("AA-144", "AA-071")
def test_the_window_to_fire_at_a_pinned_unit_is_not_opened_when_no_fire_has_dice() -> None:
    """Issue 28: the Insurgent player was asked at every Regular activation whether to
    fire at a Pinned unit; with no die to throw at it the question is answered "none"."""
    from ambush_gui.alley import turn

    g = no_dice_game()
    d = kit.asks(g, turn.activation(g, g.unit("m")))
    assert d.kind is DecisionKind.INTERRUPT and d.options[1]["kind"] == "fire_pinned"
    assert d.forced == "none" and "Pinned" in d.forced_reason
    g.unit("m2").speed = None  # not moving Cautiously: the lone gunman has a die
    assert kit.asks(g, turn.activation(g, g.unit("m"))).forced is None


@pytest.mark.rule("AA-147")
@pytest.mark.parametrize(
    ("rifles", "insurgents", "script"),
    [
        (2, 2, [6, 5, 6, 5]),  # a 6 for the 6 and a 5 for the 5: set a 5 on the 6 to lose one
        (1, 2, [6, 6, 5]),  # a 6 and a 5 against a 6: the 5 set on it would lose a man
        (2, 3, [5, 4, 6, 6, 4]),  # three dice for two: every die can be matched
    ],
)
def test_matching_is_forced_when_every_firepower_die_can_be_cancelled(
    rifles: int, insurgents: int, script: list[int]
) -> None:
    """A play-test: the Regular was asked to arrange his Defense dice when matching each
    Firepower die left no casualty. The defender attempts "to match each of the attacker's
    dice with an equal or higher die roll" (AA-147, seed 000 line 196): where every die
    can be matched only giving one up on purpose would differ, which the text does not
    leave him. The best arrangement is taken, and the log says why."""
    _, d = riflemen_fire(rifles, insurgents, script)
    assert d.forced == "best"
    assert "matches each one: no casualty" in d.forced_reason
    assert d.validate(d.forced)["pairs"] and all(
        p[1] is not None and p[1] >= p[0] for p in d.validate(d.forced)["pairs"])

