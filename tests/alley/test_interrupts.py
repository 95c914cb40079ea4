"""Interrupts (AA-063..072): who may interrupt a Regular unit, when, where, and how often."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.alley import turn
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.interrupts import (
    fire_interrupt_options,
    interrupt_options_along,
    pinned_target_options,
)
from ambush_gui.alley.model import Speed
from ambush_gui.core.decisions import DecisionKind, IllegalDecision
from ambush_gui.core.geometry import path_length
from tests.alley import kit


def misses(n: int) -> list[int]:
    """``n`` dice that all roll 1: a fire that keeps nothing (no match, no casualty)."""
    return [1] * n


def fires(g: AlleyGame) -> list[tuple[str, str, int]]:
    """(attacker, target, Firepower dice) of every Fire Combat so far, in order."""
    return [(e.data["attacker"], e.data["target"], e.data["firepower"]["dice"])
            for e in kit.events(g, "fire") if "firepower" in e.data]


def rolls(g: AlleyGame, purpose: str) -> list[Any]:
    return [e for e in kit.events(g, "roll") if e.data["purpose"].startswith(purpose)]


def resume(proc: Any, d: Any, answers: list[Any]) -> Any:
    """Go on with a procedure that is waiting at decision ``d``, answering in order."""
    try:
        for a in answers:
            d = proc.send(d.validate(a(d) if callable(a) else a))
    except StopIteration as stop:
        return stop.value
    raise AssertionError(f"still asking {d!r}")


def duel(*more: dict[str, Any], leader: bool = True, script: list[int] | None = None,
         **kw: Any) -> AlleyGame:
    """Marines m at (5,5) and Insurgents i (3 rifles + a leader, or 4 rifles) 10\" north,
    on an open table, in turn 1."""
    units = [kit.marines("m", (5, 5)),
             kit.insurgents("i", (5, 15), n=3 if leader else 4, leader=leader), *more]
    g = kit.game(units, script=script or [], **kw)
    g.state.turn = 1
    return g


# -- AA-063: line of sight to a Regular that moves or fires ----------------------------------

@pytest.mark.rule("AA-063")
def test_only_insurgents_that_see_the_shooter_may_interrupt_its_fire() -> None:
    """i sees m and is offered the interrupt; h, behind a building, is not."""
    g = duel(kit.insurgents("h", (20, 5), n=3, leader=True),
             pieces=[kit.building("b", (12, 2, 3, 6))])
    m = g.unit("m")
    assert not g.sees(g.unit("h"), m)
    assert {o["unit"] for o in fire_interrupt_options(g, m)} == {"i"}
    d = kit.asks(g, turn.activation(g, m), ["halted", "i"])
    assert d.kind is DecisionKind.INTERRUPT and d.side == "insurgent"
    assert {(o["unit"], o["kind"]) for o in d.options[1:]} == {("i", "fire"), ("i", "move")}


@pytest.mark.rule("AA-063")
def test_a_move_can_be_interrupted_only_where_the_insurgents_see_the_mover() -> None:
    """Behind the building for the first 8" of its 12" run, m is offered to i only at 10"
    and 12"."""
    g = kit.game([kit.marines("m", (0.5, 2)), kit.insurgents("i", (12, 4), n=3, leader=True)],
                 pieces=[kit.building("b", (4, 0, 4, 8))])
    m = g.unit("m")
    m.speed = Speed.RAPID
    opts = interrupt_options_along(g, m, [m.centre(), (1.7, 14.0)])
    assert sorted({float(o["at"]) for o in opts}) == [10.0, 12.0]


# -- AA-064 / AA-065: once a turn each, but many on one Regular -----------------------------

@pytest.mark.rule("AA-064")
@pytest.mark.rule("AA-069")
def test_an_insurgent_unit_interrupts_only_once_a_turn() -> None:
    """i interrupts m1's fire; when m2 fires later, i sees it but is never asked again.
    Its interrupt by fire was one action: it fired and did not move (AA-069)."""
    g = duel(kit.marines("m2", (12, 5)),
             script=[8, 1] + misses(5 + 5) + misses(7 + 4) + misses(8 + 4))
    m, m2, i = g.unit("m"), g.unit("m2"), g.unit("i")
    kit.drive(g, turn.activation(g, m),
              ["halted", "i", {"unit": "i", "kind": "fire"}, "none", "none"])
    assert i.interrupted
    assert fire_interrupt_options(g, m2) == [] and g.sees(i, m2)
    kit.drive(g, turn.activation(g, m2), ["halted", "i"])  # no INTERRUPT decision in between
    assert fires(g) == [("i", "m", 5), ("m", "i", 7), ("m2", "i", 8)]
    assert not [e for e in kit.events(g, "move") if e.data["unit"] == "i"]


@pytest.mark.rule("AA-065")
def test_one_regular_unit_may_be_interrupted_by_several_insurgent_units() -> None:
    """i and then j interrupt m's fire; m then fires with 2 dice fewer (8 → 6)."""
    g = duel(kit.insurgents("j", (12, 15), n=3, leader=True),
             script=[8, 1] + misses(5 + 5) + [8, 1] + misses(5 + 5) + misses(6 + 4))
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), [
        "halted", "i",
        {"unit": "i", "kind": "fire"}, "none",
        {"unit": "j", "kind": "fire"}, "none",
    ])
    assert m.times_interrupted == 2
    assert fires(g) == [("i", "m", 5), ("j", "m", 5), ("m", "i", 6)]


# -- AA-066..068: which unit, which action, and where on the move ----------------------------

@pytest.mark.rule("AA-066")
def test_the_insurgent_declares_the_unit_and_whether_it_interrupts_move_or_fire() -> None:
    """The Insurgent player answers the interrupt: which unit, by fire or by movement, and the
    decision says which Regular action (move or fire) is being interrupted."""
    g = duel()
    d = kit.asks(g, turn.activation(g, g.unit("m")), ["cautious:move-fire", {"path": [[6.2, 11]]}])
    assert d.kind is DecisionKind.INTERRUPT and d.side == "insurgent"
    assert d.facts["what"] == "move"
    assert {o["kind"] for o in d.options[1:]} == {"fire", "move"}
    g2 = duel()
    d2 = kit.asks(g2, turn.activation(g2, g2.unit("m")), ["halted", "i"])
    assert d2.facts["what"] == "fire" and d2.facts["aimed_at"] == "i"
    # Choosing "move" makes i move (the Insurgent wins the Reaction Test 7 to 2).
    g3 = duel(script=[1, 6])
    d3 = kit.asks(g3, turn.activation(g3, g3.unit("m")), [
        "cautious:move-fire", {"path": [[6.2, 11]]}, {"unit": "i", "kind": "move", "at": 0.0}])
    assert d3.kind is DecisionKind.MOVE and d3.side == "insurgent" and d3.facts["unit"] == "i"


@pytest.mark.rule("AA-067")
@pytest.mark.rule("AA-068")
def test_the_insurgent_picks_the_point_on_the_declared_path() -> None:
    """m declares its whole 6" path first; the Insurgent is offered points every 2" and picks
    4": i fires when m is 4" along, then m finishes with the 1" left (6 − 1 − 4)."""
    g = duel(script=[8, 1] + misses(5 + 6))
    m = g.unit("m")
    proc = turn.activation(g, m)
    d = kit.asks(g, proc, ["cautious:move-fire", {"path": [[6.2, 11]]}])
    assert sorted({float(o["at"]) for o in d.options[1:]}) == [0.0, 2.0, 4.0, 6.0]
    resume(proc, d, [{"unit": "i", "kind": "fire", "at": 4.0}, "none", "hold"])
    moves = [e.data for e in kit.events(g, "move") if e.data["unit"] == "m"]
    assert moves[0]["to"] == [6.2, 9.0] and moves[0]["distance"] == 4.0
    first_fire = next(i for i, e in enumerate(g.log.events) if e.kind == "fire")
    first_move = next(i for i, e in enumerate(g.log.events) if e.kind == "move")
    assert first_move < first_fire  # the interruption happened at the chosen point
    assert m.centre() == pytest.approx((6.2, 10.0)) and m.moved == pytest.approx(5.0)


@pytest.mark.rule("AA-069")
def test_an_interrupt_by_movement_is_a_move_only() -> None:
    """i wins the Reaction Test and moves; it is not asked to fire, and having interrupted it
    does not act again in the Insurgent phase."""
    g = duel(script=[1, 6] + misses(7 + 5))
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, turn.activation(g, m), [
        "halted", "i", {"unit": "i", "kind": "move"},
        {"path": [[6.2, 18]], "speed": "cautious"},  # the Insurgent's move
        "none",  # m does not return fire
    ])
    assert i.centre() == pytest.approx((6.2, 18.0))
    assert fires(g) == [("m", "i", 7)]  # only m's own (declared) fire
    assert kit.drive(g, turn.insurgent_phase(g), []) is None  # no decision: i is done


# -- AA-070 / AA-071: fire at a Pinned or regrouping Regular unit -----------------------------

@pytest.mark.rule("AA-070")
@pytest.mark.rule("AA-071")
def test_an_insurgent_may_spend_its_interrupt_on_a_pinned_unit_without_a_reaction_test() -> None:
    """At the start of m2's activation, i fires at the Pinned m: an Interrupt Check (no
    leader), no Reaction Test, no interruption penalty for m; i has used its interrupt."""
    g = duel(kit.marines("m2", (12, 5)), leader=False, script=[5] + misses(5 + 6))
    m, i = g.unit("m"), g.unit("i")
    m.pinned = True
    proc = turn.activation(g, g.unit("m2"))
    d = kit.asks(g, proc)
    assert d.kind is DecisionKind.INTERRUPT
    assert d.options[1:] == ({"unit": "i", "kind": "fire_pinned", "target": "m"},)
    plan = proc.send(d.validate(d.options[1]))
    assert plan.kind is DecisionKind.PLAN and plan.facts["unit"] == "m2"
    assert fires(g) == [("i", "m", 5)]
    assert [e.data["purpose"].split(":")[0] for e in kit.events(g, "roll")] == [
        "Quality Check", "Firepower", "Defense"]
    assert i.interrupted and m.times_interrupted == 0
    said = kit.events(g, "interrupt")[0].text  # in words, not the engine's "fire_pinned"
    assert said.endswith("interrupts Marines m by firing at it while it is Pinned (no Reaction "
                         "Test, AA-070)"), said


@pytest.mark.rule("AA-070")
@pytest.mark.rule("AA-071")
def test_the_sacrificed_interrupt_at_a_regrouping_unit_is_told_as_disrupted_not_pinned() -> None:
    """m regroups after a Pull Back (Disrupted) and is not Pinned: i may still spend its
    interrupt on it, and the log, the fire's label and the computer's reason say why
    (a play-test read "while it is Pinned" just after "no longer Pinned")."""
    g = duel(kit.marines("m2", (12, 5)), leader=False, script=[5] + misses(5 + 6))
    m = g.unit("m")
    m.regroup_turn = g.state.turn
    assert not m.pinned
    proc = turn.activation(g, g.unit("m2"))
    d = kit.asks(g, proc)
    assert d.options[1:] == ({"unit": "i", "kind": "fire_pinned", "target": "m"},)
    assert "Pinned" not in d.prompt, d.prompt
    proc.send(d.validate(d.options[1]))
    said = kit.events(g, "interrupt")[0].text
    assert "Pinned" not in said and said.endswith(
        "by firing at it while it regroups after its Pull Back (Disrupted: no Reaction Test, "
        "AA-070, house rule AA-071)"), said
    fire = kit.events(g, "fire")[0].text
    assert fire.startswith("Fire at a Disrupted (regrouping) unit"), fire


@pytest.mark.rule("AA-071")
def test_disrupted_means_regrouping_after_a_pull_back() -> None:
    """A unit regrouping this turn is a mark; a steady unit, or one the Insurgent cannot see,
    is not; the offer is never made during a move (only at an activation's start)."""
    g = duel(kit.insurgents("h", (20, 5), n=3, leader=True),
             pieces=[kit.building("b", (12, 2, 3, 6))])
    m = g.unit("m")
    assert pinned_target_options(g) == []
    m.regroup_turn = 1
    assert pinned_target_options(g) == [{"unit": "i", "kind": "fire_pinned", "target": "m"}]
    m.regroup_turn, m.pinned = None, True
    assert [o["unit"] for o in pinned_target_options(g)] == ["i"]  # h cannot see m
    m.speed = Speed.CAUTIOUS
    along = interrupt_options_along(g, m, [m.centre(), (6.2, 9)])
    assert {o["kind"] for o in along} == {"fire", "move"}


# -- AA-072: the Interrupt Check -----------------------------------------------------------

@pytest.mark.rule("AA-072")
def test_a_leaderless_unit_that_fails_the_interrupt_check_is_done_for_the_turn() -> None:
    """3 on the d6 fails: no Reaction Test, no penalty for m (8 dice), and i does not act in
    the Insurgent phase. (i is leaderless, so m's fire brings it a Morale Check: 4d10.)"""
    g = duel(leader=False, script=[3] + misses(8 + 4) + [10] * 4)
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, turn.activation(g, m), ["halted", "i", {"unit": "i", "kind": "fire"}])
    assert i.interrupted and i.activated
    assert not rolls(g, "Reaction Test")
    assert fires(g) == [("m", "i", 8)]
    assert kit.drive(g, turn.insurgent_phase(g), []) is None


@pytest.mark.rule("AA-072")
@pytest.mark.parametrize("leader,script,checks", [(False, [4, 8, 1], 1), (True, [8, 1], 0)])
def test_a_4_passes_the_interrupt_check_and_a_leader_needs_none(
        leader: bool, script: list[int], checks: int) -> None:
    """4+ on the d6 lets the interrupt go on to its Reaction Test; with a leader attached the
    unit rolls no Interrupt Check at all."""
    g = duel(leader=leader, script=script)
    d = kit.asks(g, turn.activation(g, g.unit("m")), ["halted", "i", {"unit": "i", "kind": "fire"}])
    assert d.kind is DecisionKind.REACT
    assert len(rolls(g, "Quality Check")) == checks
    assert len(rolls(g, "Reaction Test")) == 2


# -- house rule AA-068, AA-099: an interruption by movement that blocks the rest of the move ------

def _blocked(reading: str | None) -> AlleyGame:
    """m (a row from x 5 to 7.4) declares 6" Cautiously due north; i, a row 10" north,
    interrupts at its start by moving 6" straight into its way (to y 9) and wins the
    Reaction Test; m does not fire back."""
    g = duel(script=[1, 6], options={"blocked_after_interrupt": reading} if reading else None)
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), [
        "cautious:move-fire", {"path": [[6.2, 11.0]]},
        {"unit": "i", "kind": "move", "at": 0.0},
        {"path": [[6.2, 9.0]], "speed": "cautious"},  # i moves into m's way
        "none",  # m does not return fire
        "hold",  # nor fire after its move
    ])
    return g


@pytest.mark.rule("AA-068")
@pytest.mark.rule("AA-099")
def test_insurgents_who_move_into_the_way_of_an_interrupted_move_stop_it_short() -> None:
    """The rest of m's declared path runs through i's figures: m stops a little short
    (0.3") of where its leading figures would touch them (0.6" short of y 9): 3.1" along,
    not the 5" its move had left after the interruption; after the move the log says who
    blocked it. Before the correction, m walked on through i to y 10."""
    g = _blocked("stops_short")
    m, i = g.unit("m"), g.unit("i")
    assert i.centre() == pytest.approx((6.2, 9.0))
    assert m.centre()[1] == pytest.approx(9.0 - 0.6 - 0.3, abs=0.01)
    assert m.moved == pytest.approx(3.1, abs=0.01)
    moves = [e for e in kit.events(g, "move") if e.data.get("unit") == "m"]
    assert moves[-1].data["blocked_by"] == "i"  # told after the move itself
    said = [e.text for e in kit.events(g, "move") if e.data.get("unit") == "m"]
    assert any("stops short" in t and i.name in t for t in said), said
    old = _blocked("walks_through")
    assert old.unit("m").centre() == pytest.approx((6.2, 10.0))  # through i, as it was
    assert _blocked(None).unit("m").centre() == pytest.approx((6.2, 10.0))  # a hand-built game: legacy


def _asked_round(reading: str = "goes_round", **kw: Any) -> tuple[AlleyGame, Any, Any]:
    """As :func:`_blocked`, up to the decision m's player is asked once i stands in its
    way (with ``kw`` for the table). Returns the game, the activation and the decision."""
    g = duel(script=[1, 6], options={"blocked_after_interrupt": reading}, **kw)
    proc = turn.activation(g, g.unit("m"))
    d = kit.asks(g, proc, [
        "cautious:move-fire", {"path": [[6.2, 11.0]]},
        {"unit": "i", "kind": "move", "at": 0.0},
        {"path": [[6.2, 9.0]], "speed": "cautious"},
        "none",
    ])
    return g, proc, d


def _touches(g: AlleyGame, a: str, b: str) -> bool:
    from ambush_gui.core.geometry import min_distance

    return bool(min_distance(g.unit(a).points(), g.unit(b).points()) < g.m.contact)


@pytest.mark.rule("AA-068")
@pytest.mark.rule("AA-085")
@pytest.mark.rule("AA-099")
def test_a_mover_whose_way_is_blocked_finishes_its_move_round_the_blockers() -> None:
    """Option blocked_after_interrupt = goes_round (the default): i steps into the rest of
    m's declared path, so m's player is asked to finish the move from where m stands by a
    new path, up to the 5" left (6" Cautious, less 1" for the interruption, AA-085); a
    path through i or longer than 5" is refused; m goes round i and ends farther on than
    stopping short would have taken it (y 8.1), never touching i."""
    from ambush_gui.alley.options import OPTIONS

    assert OPTIONS.get("blocked_after_interrupt").default == "goes_round"
    g, proc, d = _asked_round()
    m, i = g.unit("m"), g.unit("i")
    assert d.kind is DecisionKind.MOVE and d.side == "regular"
    assert d.facts["limit"] == pytest.approx(5.0) and d.facts["blocked_by"] == "i"
    assert f"the way is blocked by {i.name}" in d.prompt and "5.0\"" in d.prompt
    assert "stay" in d.options
    with pytest.raises(IllegalDecision):
        d.validate({"path": [[6.2, 10.0]]})  # straight on, through i
    with pytest.raises(IllegalDecision):
        d.validate({"path": [[3.0, 9.0], [3.0, 12.0]]})  # round, but 7.4" long
    round_ = d.options[1]
    assert resume(proc, d, [round_, "hold"]) is None
    assert m.moved == pytest.approx(path_length([(6.2, 5.0), *map(tuple, round_["path"])]), abs=0.01)
    assert 4.5 < m.moved <= 5.0 + 1e-6
    assert m.centre()[1] > 8.1 and not _touches(g, "m", "i")
    assert not [e for e in kit.events(g, "move") if "stops short" in e.text]


@pytest.mark.rule("AA-068")
def test_a_blocked_mover_may_stay_where_it_stands() -> None:
    """The text says the interrupted unit "may" finish its move: m's player may keep it
    where the interruption left it (here its start); the log says why it stopped."""
    g, proc, d = _asked_round()
    resume(proc, d, ["stay", "hold"])
    m = g.unit("m")
    assert m.centre() == pytest.approx((6.2, 5.0)) and m.moved == 0
    said = [e.text for e in kit.events(g, "move") if e.data.get("unit") == "m"]
    assert any("stays where it is" in t and g.unit("i").name in t for t in said), said


@pytest.mark.rule("AA-068")
@pytest.mark.rule("AA-099")
def test_a_blocked_mover_with_no_way_round_stops_short() -> None:
    """In a lane between two buildings no way round i exists: m is asked nothing more
    and stops short, 0.3" from where its leading figures would touch i, as under the
    reading stops_short; the log says who blocked it."""
    lane = [{**kit.building("w", (0.0, 6.0, 4.5, 18.0)), "impassable": True},
            {**kit.building("e", (7.9, 6.0, 16.1, 18.0)), "impassable": True}]
    g = duel(script=[1, 6], options={"blocked_after_interrupt": "goes_round"}, pieces=lane)
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), [
        "cautious:move-fire", {"path": [[6.2, 11.0]]},
        {"unit": "i", "kind": "move", "at": 0.0},
        {"path": [[6.2, 9.0]], "speed": "cautious"},
        "none", "hold",
    ])
    assert m.centre()[1] == pytest.approx(9.0 - 0.6 - 0.3, abs=0.01)
    said = [e.text for e in kit.events(g, "move") if e.data.get("unit") == "m"]
    assert any("stops short" in t for t in said), said


@pytest.mark.rule("AA-068")
def test_an_interrupted_close_assault_still_reaches_its_target() -> None:
    """m declares a Close Assault ending in contact with i (CT-054); j, off to the east,
    interrupts it by fire at its start. The rest of the path runs into i's figures, as it
    always did: its own target never stops it short (a playtester's assault stopped after
    0.2" "blocked by" the very unit it went for)."""
    from ambush_gui.ai.alley_ai import AlleyAI

    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 10), n=2),
                  kit.insurgents("j", (20, 5), n=3, leader=True)],
                 seed=3, strict=False, options={"blocked_after_interrupt": "stops_short"})
    g.state.turn = 1
    m = g.unit("m")
    ai = AlleyAI()
    proc = turn.activation(g, m)
    answer: Any = None
    try:
        while True:
            d = proc.send(answer)
            if d.kind is DecisionKind.PLAN:
                answer = "cautious:move-fire"
            elif d.kind is DecisionKind.MOVE and d.side == "regular":
                answer = {"path": [[6.2, 9.45]], "assault": "i"}
            elif d.kind is DecisionKind.INTERRUPT:
                j = {"unit": "j", "kind": "fire", "at": 0.0}
                answer = j if j in d.options else "none"
            else:
                held = [o for o in ("none", "hold") if o in d.options]
                answer = held[0] if held else ai.choose(g, d)
            answer = d.validate(answer)
    except StopIteration:
        pass
    assert len(kit.events(g, "interrupt")) == 1 and m.alive
    assert not [e for e in kit.events(g, "move") if "stops short" in e.text]
    assert [e.data for e in kit.events(g, "assault")][:1] == [{"attacker": "m", "defender": "i"}]


@pytest.mark.rule("AA-066")
@pytest.mark.rule("AA-029")
def test_a_unit_offered_no_fire_is_told_the_one_reason_that_holds() -> None:
    """A play-test: a greyed Fire listed every reason there might be ("sees no point of the
    move, or a crowd in the line, or a No Fire Zone"). The engine says the one that holds:
    a lone leader under the reading "lead, never fire alone" moves but does not fire."""
    from ambush_gui.alley.interrupts import interrupt_decision

    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("l", (5, 15), n=0, leader=True),
                  kit.insurgents("i", (8, 15), n=3)],
                 options={"detached_insurgent_leaders": "lead_only"})
    g.state.turn = 1
    m = g.unit("m")
    path = [m.centre(), (5.0, 9.0)]
    opts = interrupt_options_along(g, m, path)
    assert {o["kind"] for o in opts if o["unit"] == "l"} == {"move"}
    d = interrupt_decision(g, m, opts, "move", path=path)
    assert set(d.facts["no_fire"]) == {"l"}  # the unit that may fire is given no reason
    why = d.facts["no_fire"]["l"]
    assert why.startswith("Insurgents l cannot interrupt by fire: he is a leader on his own")
    assert "FF-" not in why and "crowd" not in why and "sees no" not in why


@pytest.mark.rule("AA-063")
def test_each_point_a_unit_is_not_offered_carries_the_reason_that_holds_there() -> None:
    """A play-tester: a greyed point along the move gave one general reason ("does not see
    the mover there, or cannot do this there"). The engine says, point by point, why: i is
    behind the building for the first 8" of m's run (j sees it all along)."""
    _, d = kit.run_behind_a_building()
    not_here = d.facts["not_here"]
    assert {(r["unit"], r["kind"], r["at"]) for r in not_here} == {
        ("i", kind, at) for kind in ("fire", "move") for at in (0.0, 2.0, 4.0, 6.0, 8.0)}
    assert all(r["why"].startswith("out of sight: Insurgents i has no line of sight to Marines m")
               for r in not_here)
