"""Abandoning casualties and releasing POWs (DC-014..021)."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.alley import options as opt
from ambush_gui.alley import turn
from ambush_gui.alley.fire import fire
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import FigureKind, Injury, Side, Speed
from ambush_gui.alley.morale import remove_unit
from ambush_gui.alley.movement import pick_up
from ambush_gui.alley.pools import firepower
from ambush_gui.alley.victory import finish
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.dice import Die
from tests.alley import kit


def wounded_team(script: list[int] = (), contractors: bool = False, **kw: Any) -> AlleyGame:  # type: ignore[assignment]
    """A fireteam carrying two wounded Marines (m-1, m-2), Insurgents far off and unseen
    behind a building; with ``contractors`` it escorts c1 too."""
    g = kit.game(
        [kit.marines("m", (5, 5), **kw), kit.insurgents("i", (5, 21))],
        pieces=[kit.building("b", (0, 14, 24, 3))],
        contractors=[("c1", (8.2, 5))] if contractors else [],
        script=script,
    )
    m = g.unit("m")
    for f in m.figures[:2]:
        f.dependant, f.injury = True, Injury.MODERATE
    m.had_casualties = True
    for f in list(g.state.ground):
        g.state.ground.remove(f)
        m.figures.append(f)
    g.state.turn = 1
    return g


def activation_until_plan(g: AlleyGame, answer: str) -> Decision:
    """Start unit m's activation, answer the abandon question, return the plan decision."""
    proc = turn.activation(g, g.unit("m"))
    d = next(proc)
    assert d.kind is DecisionKind.ABANDON
    d = proc.send(d.validate(answer))
    return d


@pytest.mark.rule("DC-014")
def test_a_regular_unit_may_abandon_its_casualties() -> None:
    """DC-014: the Regular player is asked, and may leave his casualties behind."""
    g = wounded_team()
    proc = turn.activation(g, g.unit("m"))
    d = next(proc)
    assert d.kind is DecisionKind.ABANDON and d.side == "regular"
    assert d.options == ("keep", "abandon") and d.facts["casualties"] == ["m-1", "m-2"]
    proc.send(d.validate("abandon"))
    assert sorted(f.id for f in g.state.ground) == ["m-1", "m-2"]
    assert all(f.abandoned for f in g.state.ground)
    assert g.unit("m").dependants == []


@pytest.mark.rule("DC-015")
def test_after_abandoning_the_dependant_and_casualty_rules_no_longer_apply() -> None:
    """No −1 Firepower die, Rapid allowed, and no Quality Check to go Rapid."""
    g = wounded_team()
    m, i = g.unit("m"), g.unit("i")
    assert any(x.rule == "DC-005" for x in firepower(g, m, i).items)
    d = activation_until_plan(g, "abandon")
    assert m.abandoned and not any(x.rule == "DC-005" for x in firepower(g, m, i).items)
    assert d.kind is DecisionKind.PLAN and "rapid:move-fire" in d.options
    g = wounded_team()
    proc = turn.activation(g, g.unit("m"))
    d = proc.send(next(proc).validate("abandon"))
    d = proc.send(d.validate("rapid:move-fire"))  # no Quality Check: the script is empty
    assert g.unit("m").speed is Speed.RAPID and d.kind is DecisionKind.MOVE
    assert d.facts["limit"] == 12


@pytest.mark.rule("DC-016")
def test_abandoning_lowers_troop_quality_and_morale_one_type() -> None:
    """DC-016: TQ d8 -> d6 and Morale d10 -> d8."""
    g = wounded_team()
    activation_until_plan(g, "abandon")
    m = g.unit("m")
    assert (m.tq, m.morale) == (Die.D6, Die.D8)


@pytest.mark.rule("DC-017")
def test_below_d6_the_unit_is_no_longer_combat_effective_and_leaves_play() -> None:
    """A d6 team abandons: its TQ would fall below d6, so it is removed from play."""
    g = wounded_team(tq="d6")
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), ["abandon"])
    assert not m.on_table and m.figures == []
    assert sorted(f.id for f in g.state.ground) == ["m-1", "m-2"]
    assert sorted(f.id for f, _ in g.state.removed) == ["m-3", "m-4"]
    assert any("no longer combat effective" in e.text for e in kit.events(g, "abandon"))


@pytest.mark.rule("DC-018")
def test_each_abandoned_casualty_may_become_a_pow_on_4_plus() -> None:
    """At the end: m-1 rolls 4 (taken prisoner, 5 VP to the Insurgents), m-2 rolls 3."""
    g = wounded_team(script=[4, 3])
    activation_until_plan(g, "abandon")
    g.state.turn = 8
    out = finish(g)
    rolls = [e.data["purpose"] for e in kit.events(g, "roll")]
    assert rolls == [
        "Abandoned casualty Marines m, fighter 1: taken prisoner on 4+",
        "Abandoned casualty Marines m, fighter 2: taken prisoner on 4+",
    ]
    by_id = {f.id: f for f in g.state.ground}
    assert by_id["m-1"].captive and not by_id["m-2"].captive
    pows = [p for s, p, w in g.state.score.lines if "POW" in w]
    assert pows == [5]
    assert out["points"]["insurgent"] == 5 + 1 + 1  # the POW and two wounded Marines


@pytest.mark.rule("DC-019")
def test_insurgents_never_carry_casualties_and_lose_nothing() -> None:
    """An Insurgent casualty is removed at once: no Dependant, no abandon question, no loss
    of Troop Quality or Morale."""
    g = kit.game(
        [
            kit.marines("m", (2, 2), weapons=["rifle"]),
            kit.insurgents("i", (2, 21), n=2, leader=True),
        ],
        pieces=[kit.rubble("r", (0, 22.5, 10, 0.5))],
        script=[8, 1, 1, 1, 5, 5],
    )
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, fire(g, m, i, "test"), ["best", ["i-1"]])
    assert i.dependants == [] and (i.tq, i.morale) == (Die.D6, Die.D10)
    assert kit.drive(g, turn.maybe_abandon(g, i)) is None  # asks nothing


@pytest.mark.rule("DC-020")
def test_abandoning_is_declared_at_the_start_of_the_activation() -> None:
    """House rule DC-020: the question opens the activation (before the plan); the casualties
    lie where they were; the contractors cannot be abandoned and stay with the unit; it
    ends the Quality Check for moving faster than Cautious."""
    g = wounded_team(contractors=True)
    m = g.unit("m")
    spots = {f.id: f.pos for f in m.figures}
    d = activation_until_plan(g, "abandon")
    assert d.kind is DecisionKind.PLAN
    assert {f.id: f.pos for f in g.state.ground} == {"m-1": spots["m-1"], "m-2": spots["m-2"]}
    assert [f.id for f in m.dependants] == ["c1"]
    assert m.dependants[0].kind is FigureKind.CONTRACTOR and not m.dependants[0].abandoned
    g = wounded_team()
    d = activation_until_plan(g, "keep")
    assert g.unit("m").dependants and not g.unit("m").abandoned
    assert d.kind is DecisionKind.PLAN
    # no question when there is nothing to abandon (contractors only)
    g = kit.game([kit.marines("m", (5, 5))], contractors=[("c1", (8.2, 5))])
    m = g.unit("m")
    m.figures.append(g.state.ground.pop())
    g.state.turn = 1
    assert next(turn.activation(g, m)).kind is DecisionKind.PLAN


@pytest.mark.rule("DC-021")
def test_the_insurgents_may_release_a_pow_they_hold() -> None:
    """DC-021: a side may free the POWs it holds at any moment, losing only their VP.
    Expected interface: the Insurgent phase offers "release:<figure id>" for each captive
    the Insurgents hold; the freed figure is no longer a captive and scores nothing."""
    g = kit.game(
        [kit.marines("m", (5, 2)), kit.insurgents("i", (5, 21), leader=True)],
        pieces=[kit.building("b", (0, 14, 24, 3))],
    )
    pow_ = g.unit("m").figures.pop()
    pow_.dependant, pow_.injury, pow_.captive = True, Injury.MODERATE, True
    g.state.ground.append(pow_)
    g.state.turn = 1
    proc = turn.insurgent_phase(g)
    d = next(proc)
    assert d.kind is DecisionKind.INSURGENT_ACT
    assert f"release:{pow_.id}" in d.options
    assert pow_.side is Side.REGULAR
    d = proc.send(d.validate(f"release:{pow_.id}"))  # freed: asked again, with no release left
    assert not pow_.captive and pow_.released and pow_ in g.state.ground
    assert not any(str(o).startswith("release:") for o in d.options)
    assert [e.data["figure"] for e in kit.events(g, "release")] == [pow_.id]


@pytest.mark.rule("DC-021")
@pytest.mark.parametrize("reading", ["guards", "side"])
def test_a_prisoner_whose_guards_are_wiped_out_is_no_longer_offered_for_release(reading: str) -> None:
    """DC-021: a side releases the POWs "in their custody". Insurgents i capture a wounded
    Marine where he lies: they may release him. Once i is wiped out nobody holds him: the
    play-test saw "Release" still offered; now it is not, and he stays a captive until the
    Marines reach him. The legacy reading (option ``release_by_the_guards``) offered him."""
    g = kit.game(
        [kit.marines("m", (5, 2)), kit.insurgents("i", (5, 21)), kit.insurgents("j", (15, 21))],
        pieces=[kit.building("b", (0, 14, 24, 3))], options={opt.RELEASE_CUSTODY: reading},
    )
    pow_ = g.unit("m").figures.pop()
    pow_.dependant, pow_.injury = True, Injury.MODERATE
    pow_.x, pow_.y = 6.0, 21.4
    g.state.ground.append(pow_)
    pick_up(g, g.unit("i"), pow_)
    assert pow_.captive and turn.release_options(g, Side.INSURGENT) == [f"release:{pow_.id}"]
    remove_unit(g, g.unit("i"), "wiped out")
    offered = turn.release_options(g, Side.INSURGENT)
    assert offered == ([f"release:{pow_.id}"] if reading == "side" else [])
    assert pow_.captive and pow_ in g.state.ground  # still a captive, for the Marines to retake
    g.state.turn = 1
    d = next(turn.insurgent_phase(g))
    assert (f"release:{pow_.id}" in d.options) is (reading == "side")


@pytest.mark.rule("DC-021")
def test_a_leader_who_joins_a_unit_brings_his_captive_into_its_custody() -> None:
    """DC-021, AA-026: a lone Insurgent leader captures a wounded Marine where he lies, then
    joins a unit: the prisoner is that unit's to release, as he was the leader's."""
    g = kit.game([kit.marines("m", (5, 2)), kit.leader("l", "insurgent", (5, 21)),
                  kit.insurgents("j", (6, 21))], pieces=[kit.building("b", (0, 14, 24, 3))],
                 options={opt.RELEASE_CUSTODY: "guards"})
    pow_ = g.unit("m").figures.pop()
    pow_.dependant, pow_.injury, pow_.x, pow_.y = True, Injury.MODERATE, 5.0, 21.4
    g.state.ground.append(pow_)
    pick_up(g, g.unit("l"), pow_)
    turn.join_unit(g, g.unit("l"), g.unit("j"))
    assert g.state.custody == {pow_.id: "j"}
    assert turn.release_options(g, Side.INSURGENT) == [f"release:{pow_.id}"]


@pytest.mark.rule("DC-021")
def test_the_regulars_release_a_prisoner_they_carry_when_they_pick_a_unit() -> None:
    """DC-021: the Regulars carry an Insurgent prisoner; choosing "release:<id>" when they
    pick the next unit to activate frees him where he is, and he no longer scores."""
    g = kit.game([kit.marines("m", (5, 2)), kit.insurgents("i", (5, 21), leader=True)])
    m = g.unit("m")
    prisoner = g.unit("i").figures.pop(0)
    prisoner.captive = prisoner.dependant = True
    m.figures.append(prisoner)
    g.state.turn = 0
    proc = g.procedure()
    d = next(proc)
    while d.kind is not DecisionKind.ACTIVATE:
        d = proc.send(d.validate(d.options[0]))
    assert f"release:{prisoner.id}" in d.options
    d = proc.send(d.validate(f"release:{prisoner.id}"))
    assert d.kind is DecisionKind.ACTIVATE and f"release:{prisoner.id}" not in d.options
    assert prisoner not in m.figures and prisoner in g.state.ground
    assert not prisoner.captive and prisoner.released and not m.dependants
