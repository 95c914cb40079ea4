"""The sequence of play, the end of the game, and Hot Spots (AA-042..056)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ambush_gui.alley import reinforcements, turn
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import FigureKind, Side, Speed
from ambush_gui.alley.pools import defense, firepower
from ambush_gui.alley.scenario import Scenario
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.dice import Dice
from ambush_gui.core.errors import ScenarioError
from tests.alley import kit

CT = Path(__file__).resolve().parents[2] / "ambush_gui" / "scenarios" / "contracting-trouble.toml"
NONE = "none"
PASSIVE = {
    DecisionKind.PLAN: "halted",
    DecisionKind.FIRE: "hold",
    DecisionKind.INSURGENT_ACT: "end",
    DecisionKind.INTERRUPT: NONE,
    DecisionKind.OVERWATCH: NONE,
    DecisionKind.REACT: NONE,
}
SPOTS = [(1, (12, 20)), (2, (20, 12)), (3, (4, 20)), (4, (20, 4)), (5, (20, 20))]
RIFLES = [(FigureKind.SOLDIER, "rifle")] * 4


def quiet(d: Decision) -> Any:
    """Nobody fires, moves or interrupts; the first option for anything else."""
    return PASSIVE.get(d.kind, d.options[0] if d.options else None)


def play(g: AlleyGame, answer: Callable[[Decision], Any] = quiet) -> list[tuple[int, Decision]]:
    """Play a whole game; returns every decision asked, with the turn it was asked in."""
    seen = []
    d = g.pending()
    while d is not None:
        seen.append((g.state.turn, d))
        g.answer(answer(d))
        d = g.pending()
    return seen


def kinds(g: AlleyGame) -> list[str]:
    return [e.kind for e in g.log.events]


def misses(g: AlleyGame, attacker: str, target: str) -> list[int]:
    a, t = g.unit(attacker), g.unit(target)
    return [1] * firepower(g, a, t).dice + [1] * defense(g, t, a).dice


# -- the sequence of play -------------------------------------------------------------------------


@pytest.mark.rule("AA-042")
def test_fresh_insurgents_are_checked_for_after_the_first_turn_before_regulars_activate() -> None:
    """AA-042: no reinforcement dice in turn 1; in turn 2 they come before the activation."""
    g = kit.game(
        [kit.marines("m", (2, 2))], hot_spots=SPOTS, turn_limit=2, script=[3, 3, 2, 4, 1]
    )  # 2d6 = 6: 1d6+2 rifles (2 -> 4), no leader, Hot Spot 1
    play(g)
    ev = g.log.events
    turn2 = next(k for k, e in enumerate(ev) if e.kind == "turn" and e.data["turn"] == 2)
    first_roll = next(k for k, e in enumerate(ev) if e.kind == "roll")
    activate2 = next(k for k, e in enumerate(ev) if e.kind == "activate" and k > turn2)
    assert turn2 < first_roll < activate2
    assert any(e.kind == "arrive" for e in ev[turn2:activate2])


@pytest.mark.rule("AA-043")
def test_the_regular_player_activates_his_units_one_at_a_time_in_any_order() -> None:
    """AA-043: he picks any unit not yet activated, then the next; Insurgents that see a
    unit act may interrupt its activation."""
    g = kit.game(
        [
            kit.marines("a", (2, 2)),
            kit.marines("b", (10, 2)),
            kit.insurgents("i", (6, 14), n=3, leader=True),
        ],
        turn_limit=1,
    )
    seen: list[Decision] = []

    def answer(d: Decision) -> Any:
        seen.append(d)
        if d.kind is DecisionKind.ACTIVATE:
            return "b" if "b" in d.options else d.options[0]
        if d.kind is DecisionKind.PLAN and d.facts["unit"] == "b":
            return "cautious:move-fire"
        if d.kind is DecisionKind.MOVE:
            return {"path": [[11.2, 4]]}
        return quiet(d)

    play(g, answer)
    acts = [d.options for d in seen if d.kind is DecisionKind.ACTIVATE]
    assert acts == [("a", "b"), ("a",)]
    interrupts = [d for d in seen if d.kind is DecisionKind.INTERRUPT]
    assert interrupts and interrupts[0].facts["target"] == "b"


@pytest.mark.rule("AA-044")
def test_after_the_regulars_every_insurgent_unit_that_did_not_interrupt_may_act() -> None:
    """AA-044: the end-of-turn choice offers every Insurgent unit except the one that
    interrupted this turn."""
    g = kit.game(
        [
            kit.marines("m", (2, 2)),
            kit.insurgents("i", (2, 14), leader=True),
            kit.insurgents("j", (10, 14), leader=True),
            kit.insurgents("k", (18, 14), leader=True),
        ]
    )
    g.state.turn = 1
    g.unit("j").interrupted = True
    d = kit.asks(g, turn.insurgent_phase(g))
    assert d.kind is DecisionKind.INSURGENT_ACT and d.options == ("end", "i", "k")


@pytest.mark.rule("AA-045")
@pytest.mark.rule("AA-048")
def test_turns_repeat_until_the_turn_limit_ends_the_game() -> None:
    """AA-045, house rule AA-048: turn follows turn until the scenario's limit (3 here;
    Contracting Trouble: 4), then the victory points decide."""
    g = kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 14))], turn_limit=3)
    play(g)
    assert [e.data["turn"] for e in kit.events(g, "turn")] == [1, 2, 3]
    assert g.over and g.state.outcome is not None and g.state.outcome["turn"] == 3
    ct = Scenario.load(CT)
    assert ct.spec.turn_limit == 4
    h = AlleyGame(ct, 7)
    play(h)
    assert h.state.outcome is not None and h.state.outcome["turn"] == 4


@pytest.mark.rule("AA-048")
def test_the_game_ends_as_soon_as_no_regular_unit_is_on_the_table() -> None:
    """House rule AA-048: the only fireteam leaves across the south edge in turn 1 of 8:
    no Insurgent phase follows and the game is over."""
    g = kit.game(
        [kit.marines("m", (2, 1)), kit.insurgents("i", (2, 14), leader=True)], turn_limit=8
    )

    def answer(d: Decision) -> Any:
        if d.kind is DecisionKind.PLAN:
            return "cautious:move-fire"
        if d.kind is DecisionKind.MOVE:
            return {"path": [[3.2, -1]]}
        return quiet(d)

    seen = play(g, answer)
    assert not g.unit("m").on_table and g.over
    assert g.state.outcome is not None and g.state.outcome["turn"] == 1
    assert DecisionKind.INSURGENT_ACT not in [d.kind for _, d in seen]


@pytest.mark.rule("AA-046")
def test_the_regular_player_has_the_initiative_every_turn() -> None:
    """AA-046: each turn's first question is the Regular player's activation."""
    g = kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 14))], turn_limit=3)
    seen = play(g)
    firsts = [next(d for t, d in seen if t == n) for n in (1, 2, 3)]
    assert [(d.side, d.kind) for d in firsts] == [("regular", DecisionKind.ACTIVATE)] * 3


@pytest.mark.rule("AA-047")
def test_each_turn_runs_reinforcements_activations_insurgents_then_the_end_of_turn() -> None:
    """House rule AA-047: the outer loop in order; the end of the turn unpins, ends
    Overwatch, counts turns in place and remembers each unit's speed."""
    g = kit.game(
        [
            kit.marines("a", (2, 2)),
            kit.marines("b", (10, 2)),
            kit.insurgents("i", (2, 14), leader=True),
        ],
        hot_spots=SPOTS,
        turn_limit=2,
        script=[3, 3, 2, 4, 1],
    )

    def answer(d: Decision) -> Any:
        if d.kind is DecisionKind.INSURGENT_ACT:
            return "i" if "i" in d.options else "end"
        return quiet(d)

    play(g, answer)
    order = [k for k in kinds(g) if k in ("turn", "reinforce", "activate", "turn_end", "victory")]
    assert order == [
        "turn",
        "activate",
        "activate",
        "activate",
        "turn_end",
        "turn",
        "reinforce",
        "activate",
        "activate",
        "activate",
        "turn_end",
        "victory",
    ]
    h = kit.game([kit.marines("a", (2, 2)), kit.marines("b", (10, 2))])
    h.state.turn = 1
    a, b = h.unit("a"), h.unit("b")
    a.pinned, a.overwatch, a.speed = True, True, Speed.HALTED
    b.speed, b.moved = Speed.CAUTIOUS, 3.0
    turn.end_turn(h)
    assert not a.pinned and not a.overwatch
    assert (a.still_turns, b.still_turns) == (1, 0)
    assert (a.last_speed, b.last_speed) == (Speed.HALTED, Speed.CAUTIOUS)


# -- Hot Spots ------------------------------------------------------------------------------------


@pytest.mark.rule("AA-049")
def test_five_hot_spots_numbered_1_to_5() -> None:
    """AA-049: Contracting Trouble places counters 1-5; a sixth number, or a number twice,
    is refused."""
    g = AlleyGame(Scenario.load(CT))
    assert sorted(g.state.hot_spots) == [1, 2, 3, 4, 5]
    with pytest.raises(ScenarioError):
        kit.scenario([kit.marines("m", (2, 2))], hot_spots=[(6, (10, 10))])
    with pytest.raises(ScenarioError):
        kit.scenario([kit.marines("m", (2, 2))], hot_spots=[(1, (10, 10)), (1, (20, 20))])


@pytest.mark.rule("AA-050")
def test_hot_spots_are_at_least_6_inches_apart() -> None:
    """AA-050: 5.9" apart is refused, 6" is accepted; the shipped table keeps the rule."""
    with pytest.raises(ScenarioError, match="at least 6"):
        kit.scenario([kit.marines("m", (2, 2))], hot_spots=[(1, (10, 10)), (2, (15.9, 10))])
    kit.scenario([kit.marines("m", (2, 2))], hot_spots=[(1, (10, 10)), (2, (16, 10))])
    spots = list(AlleyGame(Scenario.load(CT)).state.hot_spots.values())
    for k, a in enumerate(spots):
        for b in spots[k + 1 :]:
            assert np.hypot(a.x - b.x, a.y - b.y) >= 6


@pytest.mark.rule("AA-051")
def test_the_scenario_file_places_the_hot_spots() -> None:
    """House rule AA-051: the counters stand where the file puts them; nobody is asked."""
    ct = Scenario.load(CT)
    g = AlleyGame(ct, 0, Dice(strict=True))
    assert {n: (h.x, h.y) for n, h in g.state.hot_spots.items()} == {
        h.number: tuple(h.at) for h in ct.spec.hot_spots
    }
    d = g.pending()
    assert d is not None and d.kind is DecisionKind.ACTIVATE


@pytest.mark.rule("AA-052")
def test_each_arriving_unit_rolls_its_hot_spot_and_a_6_lets_the_insurgent_choose() -> None:
    """AA-052: a 3 means Hot Spot 3; a 6 asks the Insurgent player for one."""
    g = kit.game([kit.marines("m", (2, 2))], hot_spots=SPOTS, script=[3, 6])
    assert kit.drive(g, reinforcements.choose_hot_spot(g)) == 3
    d = kit.asks(g, reinforcements.choose_hot_spot(g))
    assert (
        d.kind is DecisionKind.HOT_SPOT and d.side == "insurgent" and d.options == (1, 2, 3, 4, 5)
    )


@pytest.mark.rule("AA-053")
def test_new_units_are_set_down_within_4_inches_of_their_hot_spot() -> None:
    """AA-053: every offered place keeps every new figure within 4" of the counter; a
    place that puts one figure beyond 4" is refused."""
    g = kit.game([kit.marines("m", (2, 2))], hot_spots=SPOTS, script=[2])
    spot = g.state.hot_spots[2]  # (20, 12); four figures in a row 2.1" wide
    proc = reinforcements.place_unit(g, RIFLES)
    d = kit.asks(g, proc)
    assert d.kind is DecisionKind.PLACE and d.options
    offs = reinforcements.formation(4, 0.7)
    offs = offs - offs.mean(axis=0)
    for x, y in d.options:
        assert np.hypot(offs[:, 0] + x - spot.x, offs[:, 1] + y - spot.y).max() <= 4 + 1e-6
    for bad in ([16.5, 12], [20, 15.9], [15.5, 12]):
        with pytest.raises(IllegalDecision, match="within 4"):
            d.validate(bad)
    try:
        proc.send(d.validate([20, 15.8]))
    except StopIteration:
        pass
    new = [u for u in g.state.side_units(Side.INSURGENT)]
    assert len(new) == 1 and all(np.hypot(f.x - 20, f.y - 12) <= 4 for f in new[0].figures)


@pytest.mark.rule("AA-054")
def test_a_regular_unit_stationary_in_contact_for_a_turn_neutralises_a_hot_spot() -> None:
    """AA-054: the fireteam begins the turn touching Hot Spot 1 and stays: the counter is
    removed at the end of the turn; the one that moved off Hot Spot 2 removes nothing."""
    g = kit.game([kit.marines("a", (11, 19.8)), kit.marines("b", (19, 11.8))], hot_spots=SPOTS)
    g.state.turn = 1
    turn.start_turn(g)
    g.unit("b").moved = 2.0
    turn.end_turn(g)
    assert g.state.hot_spots[1].neutralised and not g.state.hot_spots[2].neutralised
    assert kit.events(g, "hot_spot")[0].data == {"number": 1, "unit": "a"}


@pytest.mark.rule("AA-055")
def test_an_arrival_rolling_a_neutralised_hot_spot_is_lost_without_a_reroll() -> None:
    """AA-055: Hot Spot 2 is gone; the unit that rolls a 2 never arrives and no die is
    thrown again."""
    g = kit.game([kit.marines("m", (2, 2))], hot_spots=SPOTS, script=[2])
    g.state.hot_spots[2].neutralised = True
    kit.drive(g, reinforcements.place_unit(g, RIFLES))
    assert not g.state.side_units(Side.INSURGENT)
    assert len(kit.roll_texts(g)) == 1 and g.dice.scripted == 0
    assert "Hot Spot 2 is neutralised: the arrivals are lost" in [e.text for e in g.log.events]


def test_an_arrival_rolling_a_hot_spot_the_table_does_not_have_is_told_so() -> None:
    """A play-test: on the Signal Box (three Hot Spots) a 4 was told as "Hot Spot 4 is
    neutralised", a counter nobody ever placed."""
    g = kit.game([kit.marines("m", (2, 2))], hot_spots=SPOTS, script=[4])
    del g.state.hot_spots[4]
    kit.drive(g, reinforcements.place_unit(g, RIFLES))
    assert not g.state.side_units(Side.INSURGENT)
    assert "The table has no Hot Spot 4: the arrivals are lost" in [e.text for e in g.log.events]


@pytest.mark.rule("AA-056")
def test_a_6_offers_only_active_hot_spots_and_with_none_left_the_arrivals_are_lost() -> None:
    """House rule AA-056: after a 6 the Insurgent chooses among the active counters; with
    every counter neutralised the arrivals are lost and nobody is asked."""
    g = kit.game([kit.marines("m", (2, 2))], hot_spots=SPOTS, script=[6, 6])
    g.state.hot_spots[1].neutralised = g.state.hot_spots[4].neutralised = True
    assert kit.asks(g, reinforcements.choose_hot_spot(g)).options == (2, 3, 5)
    for h in g.state.hot_spots.values():
        h.neutralised = True
    assert kit.drive(g, reinforcements.choose_hot_spot(g)) is None


@pytest.mark.rule("AA-056")
def test_neutralising_needs_a_figure_within_1_inch_from_the_start_and_no_move() -> None:
    """House rule AA-056: one figure within 1" of the counter at the start of the turn is
    contact; the unit may fire meanwhile; a unit that only arrives in contact during the
    turn, or stands 1.2" off, neutralises nothing."""
    g = kit.game(
        [
            kit.marines("a", (12.3, 20.9)),
            kit.marines("b", (2, 12)),
            kit.marines("c", (4, 21.2)),
            kit.insurgents("i", (10, 4), n=3, leader=True),
        ],
        hot_spots=SPOTS,
    )
    g.state.turn = 1
    turn.start_turn(g)
    a, b = g.unit("a"), g.unit("b")
    assert a.start_contact == (1,) and g.unit("c").start_contact == ()  # 1.2" from Hot Spot 3
    g.dice.push(*misses(g, "a", "i"))
    kit.drive(g, turn.activation(g, a), ["halted", "i", NONE])  # fires, does not move
    assert a.fired and a.moved == 0
    b.translate(17.4, 0)  # b now touches Hot Spot 2, but did not begin the turn there
    turn.end_turn(g)
    assert [n for n, h in g.state.hot_spots.items() if h.neutralised] == [1]
