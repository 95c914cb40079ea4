"""The Insurgent computer player goes after the contractors' carrier (ambush_gui.ai).

Hand-built positions (tests/alley/kit.py) pin what the player does with the levers
docs/history.md names: every unit that sees the carrier interrupts its move, the
best shot goes first and at the earliest point (the lost inch, AA-085, hurts most
there), a gang that can reach the carrier goes in with a Close Assault, and fresh
Insurgents arrive across the carrier's way out.
"""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.ai.alley_insurgent import assault_odds, carries_contractors, exit_point, route
from ambush_gui.alley.close_assault import dice_for
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.interrupts import interrupt_decision, interrupt_options_along
from ambush_gui.alley.model import Speed, Unit
from ambush_gui.alley.movement import pick_up
from ambush_gui.core.decisions import Decision, DecisionKind
from tests.alley import kit


def table(*insurgents: dict[str, Any], carrier_at: tuple[float, float] = (10.0, 12.0),
          options: dict[str, str] | None = None) -> AlleyGame:
    """Marines ``m`` carrying the two contractors at ``carrier_at``, in the open, and the
    given Insurgents; turn 1, nothing has acted yet. ``options``: rules options (the
    others play their legacy readings)."""
    x, y = carrier_at
    g = kit.game([kit.marines("m", (x - 1.2, y)), kit.marines("other", (2, 2)), *insurgents],
                 contractors=[("c1", (x, y + 0.6)), ("c2", (x + 0.6, y + 0.6))],
                 special_rules=["contractors"], seed=1, strict=False, options=options)
    g.state.turn = 1
    m = g.unit("m")
    pick_up(g, m, g.state.ground[0])
    assert len(m.dependants) == 2
    return g


def move_interrupt(g: AlleyGame, mover: Unit, to: tuple[float, float]) -> Decision:
    """The interrupt decision the engine asks when ``mover`` declares a Cautious move to ``to``."""
    mover.speed = Speed.CAUTIOUS
    path = [mover.centre(), to]
    opts = interrupt_options_along(g, mover, path)
    return interrupt_decision(g, mover, opts, "move", path=path)


def test_the_carrier_is_interrupted_by_the_unit_with_the_best_shot_at_the_start_of_its_move() -> None:
    """Both gangs see the carrier walk south. The near one (inside its Optimum Range) is
    chosen over the far one, and it fires at the first point of the move."""
    g = table(kit.insurgents("near", (14, 9), n=3, leader=True),
              kit.insurgents("far", (21, 21), n=3, leader=True))
    m = g.unit("m")
    d = move_interrupt(g, m, (m.centre()[0], 6.5))
    units = {o["unit"] for o in d.options[1:]}
    assert units == {"near", "far"}
    ai = AlleyAI()
    assert ai.hits(g, g.unit("near"), m) > ai.hits(g, g.unit("far"), m)
    choice = d.validate(ai.choose(g, d))
    assert choice == {"unit": "near", "kind": "fire", "at": 0.0}


def test_a_far_unit_still_interrupts_the_carrier_but_not_another_team() -> None:
    """Alone, the far gang (beyond twice its Optimum Range) still spends its interrupt on
    the carrier: the inch matters more than the shot. The same gang lets a team without
    the contractors walk past."""
    g = table(kit.insurgents("far", (21, 21), n=3, leader=True))
    ai = AlleyAI()
    m = g.unit("m")
    d = move_interrupt(g, m, (m.centre()[0], 6.5))
    assert d.validate(ai.choose(g, d)) == {"unit": "far", "kind": "fire", "at": 0.0}
    other = g.unit("other")
    g.unit("far").interrupted = False
    d2 = move_interrupt(g, other, (2.0, 6.0))
    assert d2.options[1:], "the far gang sees the other team too"
    assert ai.choose(g, d2) == "none"


def test_a_big_gang_in_reach_close_assaults_the_carrier_a_lone_gunman_shoots() -> None:
    """Ten riflemen with a leader 6" from the carrier interrupt by moving (a Close
    Assault: 11 dice against 4); a lone rifleman shoots instead."""
    g = table(kit.insurgents("gang", (9, 17.5), n=10, leader=True))
    m = g.unit("m")
    d = move_interrupt(g, m, (m.centre()[0], 6.5))
    odds = assault_odds(g, g.unit("gang"), m)
    assert odds.attacker_dice == 11 and odds.win > 0.8
    choice = AlleyAI().choose(g, d)
    assert choice["unit"] == "gang" and choice["kind"] == "move"
    g2 = table(kit.insurgents("lone", (9, 17.5), n=1))
    m2 = g2.unit("m")
    d2 = move_interrupt(g2, m2, (m2.centre()[0], 6.5))
    assert AlleyAI().choose(g2, d2)["kind"] == "fire"


def test_the_gang_that_interrupted_by_moving_ends_in_contact_and_assaults() -> None:
    """The move the player then declares for the gang is a legal Close Assault on the carrier."""
    from ambush_gui.alley.interrupts import insurgent_move

    g = table(kit.insurgents("gang", (9, 17.5), n=10, leader=True))
    gang, m = g.unit("gang"), g.unit("m")
    proc = insurgent_move(g, gang, (Speed.CAUTIOUS, Speed.RAPID))
    d = next(proc)
    assert d.kind is DecisionKind.MOVE
    ai = AlleyAI()
    choice = d.validate(ai.choose(g, d))
    assert choice["assault"] == m.id
    answer: Any = choice
    try:  # play the rest out (casualty choices and the like) with the computer player
        while True:
            d = proc.send(answer)
            answer = d.validate(ai.choose(g, d))
    except StopIteration:
        pass
    assault = kit.events(g, "assault")[0]
    assert assault.data == {"attacker": "gang", "defender": "m"}


def test_assault_odds_read_the_engines_dice() -> None:
    """The dice counts are close_assault.dice_for's; one d6 against one d6 wins a
    quarter of the time (4+ against a miss), and the winner's margin is one."""
    g = kit.game([kit.marines("m", (5, 5), weapons=("rifle",)),
                  kit.insurgents("i", (5, 6), n=1)], script=[], strict=False)
    i, m = g.unit("i"), g.unit("m")
    odds = assault_odds(g, i, m)
    assert odds.attacker_dice == sum(x.value for x in dice_for(g, i, m, True)) == 1
    assert odds.defender_dice == sum(x.value for x in dice_for(g, m, i, False)) == 1
    p_d8 = 5 / 8  # the Marine's d8 succeeds on 4..8
    assert odds.win == pytest.approx(0.5 * (1 - p_d8))
    assert odds.mean_casualties == pytest.approx(odds.win) == pytest.approx(odds.overrun)


def test_fresh_insurgents_come_in_across_the_carriers_way_out() -> None:
    """Offered Hot Spots north and south of a carrier heading for the south edge, the
    player picks the southern one, and sets the gang down nearest the way out."""
    g = kit.game([kit.marines("m", (14, 12)), kit.insurgents("i", (22, 22), n=2)],
                 contractors=[("c1", (15.2, 12.6)), ("c2", (15.8, 12.6))],
                 special_rules=["contractors"], hot_spots=[(1, (15, 22)), (2, (15, 3))],
                 seed=1, strict=False)
    g.state.turn = 2
    m = g.unit("m")
    pick_up(g, m, g.state.ground[0])
    ai = AlleyAI()
    assert carries_contractors(m)
    assert exit_point(g, m.centre())[1] == -1.0  # the south edge is nearer than the west
    d = Decision(side="insurgent", kind=DecisionKind.HOT_SPOT, prompt="", options=(1, 2), facts={"roll": 6})
    assert ai.choose(g, d) == 2
    ahead = route(g, m.centre(), 4.0)
    places = ([15.0, 1.0], [15.0, 5.0], [18.0, 3.0])
    d2 = Decision(side="insurgent", kind=DecisionKind.PLACE, prompt="", options=places, facts={})
    assert ai.choose(g, d2) == [15.0, 5.0]
    assert ahead[1] < m.centre()[1]


def test_a_small_unit_draws_the_covering_fire_before_the_gang_rushes_the_carrier() -> None:
    """A led six-man gang can rush the carrier; the other fireteam, still waiting to act,
    sees it and would fire at whoever interrupts first (AA-091). The pair of gunmen it
    also sees interrupts first, by fire, to draw that fire; the reason says so."""
    g = table(kit.insurgents("gang", (13, 9), n=6, leader=True), kit.insurgents("pair", (4, 16), n=2))
    m = g.unit("m")
    d = move_interrupt(g, m, (m.centre()[0], 6.5))
    ai = AlleyAI()
    c = ai.decide(g, d)
    assert d.validate(c.answer) == {"unit": "pair", "kind": "fire", "at": 0.0}
    assert "draws Marines other's fire before Insurgents gang rushes in" in c.reason
    g.unit("other").activated = True  # nobody left to cover the carrier: the gang goes in
    c = ai.decide(g, move_interrupt(g, m, (m.centre()[0], 6.5)))
    assert c.answer["unit"] == "gang" and c.answer["kind"] == "move", c


def _carrier_walks_south(reading: str, marines: Any = None) -> tuple[AlleyGame, Any]:
    """The carrier declares a 5.7" Cautious move due south past a gang 4" to its east; the
    computer player answers every Insurgent decision, the Marines fire nothing back.
    ``marines``: the computer player that answers the Marines' move once its way is
    blocked (option blocked_after_interrupt = goes_round)."""
    from ambush_gui.alley import turn

    g = table(kit.insurgents("gang", (14, 10), n=3, leader=True),
              options={"blocked_after_interrupt": reading})
    m = g.unit("m")
    ai = AlleyAI()
    proc = turn.activation(g, m)
    first: Any = None
    answer: Any = None
    try:
        while True:
            d = proc.send(answer)
            if d.side == "insurgent":
                answer = d.validate(ai.choose(g, d))
                if d.kind is DecisionKind.INTERRUPT and first is None:
                    first = answer
            elif d.kind is DecisionKind.PLAN:
                answer = "cautious:move-fire"
            elif d.kind is DecisionKind.MOVE and d.facts.get("blocked_by"):
                answer = d.validate(marines.choose(g, d))
            elif d.kind is DecisionKind.MOVE:
                answer = {"path": [[m.centre()[0], 6.5]]}
            else:
                held = [o for o in ("none", "hold", "stay") if o in d.options]
                answer = held[0] if held else d.validate(ai.choose(g, d))  # casualties, matching
    except StopIteration:
        pass
    return g, first


@pytest.mark.rule("AA-099")
def test_a_gang_that_can_reach_the_carriers_way_steps_into_it_and_stops_the_carrier() -> None:
    """With the correction blocked_after_interrupt, the gang that sees the carrier set off
    interrupts at the start of its move by moving, not by fire, and stands on its way out
    just beyond its leading figures: the carrier stops short of it, north of the gang,
    having gone about half of the 5" left to it. Under the old
    reading (the carrier walked through) the same gang fires instead."""
    g, first = _carrier_walks_south("stops_short")
    m, gang = g.unit("m"), g.unit("gang")
    assert first == {"unit": "gang", "kind": "move", "at": 0.0}
    assert gang.alive and m.centre()[1] > gang.centre()[1]
    assert m.moved < 3.0  # of the 5" left after the interruption
    assert [e for e in kit.events(g, "move") if "stops short" in e.text]
    old, first_old = _carrier_walks_south("walks_through")
    assert first_old["kind"] == "fire"
    assert old.unit("m").moved == pytest.approx(5.0)  # the whole move it had left


class _HardHere:
    """Hard's answer where it cannot play forward (a procedure driven by hand records no
    decisions to fork): the candidates it would weigh must all be legal, and without a
    look-ahead it keeps the first, normal's."""

    def choose(self, g: AlleyGame, d: Decision) -> Any:
        from ambush_gui.ai.alley_lookahead import candidates

        cands = [c.answer for c in candidates(AlleyAI(), g, d)]
        assert cands and all(d.validate(c) is not None for c in cands)
        return cands[0]


@pytest.mark.rule("AA-068")
@pytest.mark.rule("AA-085")
@pytest.mark.parametrize("level", ["normal", "hard", "easy"])
def test_a_computer_carrier_whose_way_is_blocked_goes_round_toward_its_way_out(level: str) -> None:
    """Under blocked_after_interrupt = goes_round the gang still steps into the carrier's
    way (the detour costs it about 2" of its move), and each computer player, asked to
    finish the carrier's move, goes on round the gang toward its way out (the west edge)
    with the 5" left to it: it neither stays nor stops short, and touches no Insurgent."""
    from ambush_gui.ai.easy import EasyPlayer
    from ambush_gui.core.geometry import min_distance

    player: Any = {"normal": AlleyAI(), "easy": EasyPlayer("alley", 1), "hard": _HardHere()}[level]
    start = (10.0, 12.0)  # the carrier's centre (it carries the two contractors)
    g, first = _carrier_walks_south("goes_round", player)
    m, gang = g.unit("m"), g.unit("gang")
    assert first == {"unit": "gang", "kind": "move", "at": 0.0}
    assert not [e for e in kit.events(g, "move") if "stops short" in e.text or "stays" in e.text]
    assert m.moved > 4.0  # of the 5" left after the interruption (stopping short: 2.3")
    assert m.centre()[0] < start[0] - 3.0  # on its way west
    assert min_distance(m.points(), gang.points()) >= g.m.contact
