"""The Action Round sequence (seed 002): awareness, Event Phase, initiative, the AR Track,
the order of turns, panic, New Round, activation and Condition change during a Round."""

from __future__ import annotations

import pytest

from ambush_gui.ambush import rounds
from ambush_gui.ambush.charts import ARSpace, DamageResult, Stance
from ambush_gui.ambush.fire import alert, apply_damage
from ambush_gui.ambush.hooks import EventEntry, RoundsStart
from ambush_gui.ambush.model import Mode, Side
from tests.ambush import kit
from tests.ambush.round_kit import PASS, ScriptBrain, ScriptedMission, bench, turns

d = kit.d
SERGEANT = {"ldr": 4}


def finish(proc, answers):  # noqa: ANN001, ANN201
    """Answer a procedure already waiting at a decision, to its end."""
    for a in answers:
        try:
            proc.send(a)
        except StopIteration as stop:
            return stop.value
    raise AssertionError("the procedure asks for more")


def two(b, us_die: int, de_die: int, start: RoundsStart | None = None) -> Side:
    b.dice.push(d(us_die), d(de_die))
    return rounds.initiative(b, start)


# -- initiative and placement --------------------------------------------------------------


@pytest.mark.rule("AR-032")
def test_the_higher_initiative_die_takes_the_advantage_and_a_tie_goes_to_the_germans() -> None:
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0105"))
    assert two(b, 7, 5) is Side.US
    assert two(b, 5, 7) is Side.GERMAN
    assert two(b, 6, 6) is Side.GERMAN
    assert b.state.advantage is Side.GERMAN


@pytest.mark.rule("AR-033")
def test_a_paragraph_may_fix_the_round_1_advantage_but_both_dice_are_still_rolled() -> None:
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0105"))
    assert two(b, 9, 5, RoundsStart(("g",), advantage=Side.GERMAN)) is Side.GERMAN
    assert b.s("a").marker is ARSpace.TWO_TURN_DISADVANTAGE  # his die still placed him
    assert b.s("g").marker is ARSpace.ONE_TURN_ADVANTAGE


@pytest.mark.rule("AR-040")
def test_a_two_turn_grant_replaces_that_sides_roll() -> None:
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0105"), kit.german("h", "B", "0106"))
    b.dice.push(d(5))  # the US die only
    assert rounds.initiative(b, RoundsStart(("g",), two_turns=Side.GERMAN)) is Side.GERMAN
    assert b.s("g").marker is b.s("h").marker is ARSpace.TWO_TURN_ADVANTAGE
    assert b.s("a").marker is ARSpace.ONE_TURN_DISADVANTAGE


@pytest.mark.rule("AR-034")
@pytest.mark.rule("AR-035")
@pytest.mark.rule("AR-036")
def test_each_marker_goes_where_his_sides_die_reads_in_his_ar_column() -> None:
    b = bench(kit.us("a", "0101", ar=3), kit.us("b", "0101", ar=1),
              kit.german("g", "A", "0105", ar=3))
    two(b, 9, 5)  # AR 3: 9 two turns; AR 1: 9 two turns; German AR 3: 5 one turn
    assert b.s("a").marker is b.s("b").marker is ARSpace.TWO_TURN_ADVANTAGE
    assert (b.s("a").turns, b.s("g").turns) == (2, 1)
    assert b.s("g").marker is ARSpace.ONE_TURN_DISADVANTAGE


@pytest.mark.rule("AR-042")
def test_a_wounded_soldier_reaching_two_turns_gets_the_one_turn_space_of_his_half() -> None:
    b = bench(kit.us("a", "0101", wounded=True), kit.german("g", "A", "0105"))
    two(b, 9, 5)
    assert b.s("a").marker is ARSpace.ONE_TURN_ADVANTAGE and b.s("a").turns == 1


@pytest.mark.rule("AR-037")
@pytest.mark.rule("AR-064")
def test_the_panic_space_panics_him_in_command_or_not() -> None:
    b = bench(kit.us("a", "0101", **SERGEANT), kit.us("b", "0101"), kit.german("g", "A", "0105"))
    two(b, 0, 5)
    assert b.s("a").panicked and b.s("a").marker is ARSpace.PANIC


@pytest.mark.rule("AR-038")
@pytest.mark.rule("AR-059")
@pytest.mark.rule("AR-065")
def test_a_red_number_panics_only_a_us_soldier_out_of_command() -> None:
    # AR 3 column: 1-3 red; 3 reads one turn
    b = bench(kit.us("lone", "0101"), kit.us("s", "0108", **SERGEANT), kit.us("p", "0108"),
              kit.german("g", "A", "0505"))
    two(b, 3, 3)
    assert b.s("lone").panicked and b.s("lone").marker is ARSpace.PANIC
    assert b.s("s").marker is b.s("p").marker is ARSpace.ONE_TURN_DISADVANTAGE
    assert b.s("g").marker is ARSpace.ONE_TURN_ADVANTAGE and not b.s("g").panicked


@pytest.mark.rule("AR-039")
def test_the_two_sides_share_turn_spaces_but_never_a_half() -> None:
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0105"))
    two(b, 8, 9)
    assert b.s("g").marker is ARSpace.TWO_TURN_ADVANTAGE
    assert b.s("a").marker is ARSpace.TWO_TURN_DISADVANTAGE


# -- the order of turns --------------------------------------------------------------------


@pytest.mark.rule("AR-043")
@pytest.mark.rule("AR-045")
@pytest.mark.rule("AR-046")
def test_turns_run_down_the_track_and_every_first_turn_comes_before_any_second() -> None:
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0108"), kit.german("h", "B", "0108",
              ar=1))
    two(b, 9, 8)  # US Advantage: a 2-Turn Adv; g (AR 3) 2-Turn Dis; h (AR 1, 8) 1-Turn Dis
    b.dice.push(d(1), d(1), d(1))  # one Action Number per German turn
    kit.drive(rounds.action_phase(b), [PASS, PASS])
    assert turns(b) == ["a", "g", "a", "g", "h"]
    assert [t[0] for t in b.brain.turns] == ["g", "g", "h"]


@pytest.mark.rule("AR-044")
def test_a_pass_drops_the_marker_one_space() -> None:
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0108"))
    two(b, 9, 1)  # German 1: Complete
    proc = rounds.action_phase(b)
    kit.asks(proc, [PASS])
    assert b.s("a").marker is ARSpace.ONE_TURN_ADVANTAGE
    finish(proc, [PASS])
    assert b.s("a").marker is ARSpace.COMPLETE
    said = [e.text for e in b.log.events if e.kind == "marker" and e.data.get("soldier") == "a"]
    assert "(one turn taken, one to come)" in said[-2] and "(his turn is over)" in said[-1]


@pytest.mark.rule("AR-048")
def test_us_soldiers_of_one_space_act_in_the_order_the_player_chooses() -> None:
    b = bench(kit.us("a", "0101"), kit.us("b", "0102"), kit.german("g", "A", "0108"))
    two(b, 5, 1)
    proc = rounds.action_phase(b)
    first = next(proc)
    assert first.kind.value == "ambush_actor" and first.options == ("a", "b")
    rest = proc.send("b")
    assert rest.facts["soldier"] == "b"
    finish(proc, [PASS, PASS])
    assert turns(b) == ["b", "a"]


@pytest.mark.rule("AR-049")
@pytest.mark.rule("AR-050")
@pytest.mark.rule("AR-109")
def test_germans_of_one_space_act_by_letter_each_with_a_fresh_action_number() -> None:
    b = bench(kit.us("a", "0101"), kit.german("z", "C", "0108"), kit.german("y", "A", "0107"),
              kit.german("x", "B", "0106"))
    two(b, 1, 5)
    b.dice.push(d(4), d(7), d(2))
    kit.drive(rounds.action_phase(b))
    assert b.brain.turns == [("y", 4), ("x", 7), ("z", 2)]


@pytest.mark.rule("AR-023")
def test_an_unaware_soldier_is_not_placed_and_never_acts() -> None:
    b = bench(kit.us("a", "0101", aware=False), kit.german("g", "A", "0108"))
    two(b, 9, 1)
    assert b.s("a").marker is ARSpace.COMPLETE
    kit.drive(rounds.action_phase(b))
    assert turns(b) == []


@pytest.mark.rule("AR-052")
@pytest.mark.rule("AR-053")
def test_a_wound_ends_his_turns_and_a_kill_makes_him_inactive() -> None:
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0108"), kit.german("h", "B", "0107"))
    two(b, 1, 9)
    apply_damage(b, b.s("g"), DamageResult.WOUND, "test")
    apply_damage(b, b.s("h"), DamageResult.KILLED, "test")
    assert b.s("g").marker is ARSpace.COMPLETE and b.s("h").marker is ARSpace.INACTIVE
    kit.drive(rounds.action_phase(b))
    assert turns(b) == []


@pytest.mark.rule("AR-066")
@pytest.mark.rule("AR-054")
@pytest.mark.rule("AR-069")
def test_a_panicked_soldier_does_nothing_then_goes_prone_and_complete_at_round_end() -> None:
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0108"))
    two(b, 0, 1)
    kit.drive(rounds.action_phase(b))
    assert turns(b) == [] and b.s("a").marker is ARSpace.PANIC
    rounds.end_of_round(b)
    a = b.s("a")
    assert (a.panicked, a.stance, a.marker) == (False, Stance.PRONE, ARSpace.COMPLETE)


@pytest.mark.rule("AR-067")
def test_a_panicked_soldier_can_be_attacked() -> None:
    b = bench(kit.us("a", "0102"), kit.german("g", "A", "0101"),
              brain=ScriptBrain(fire=True))
    two(b, 0, 5)
    # Action Number, jam percentile, hit die, damage die, (Germans spend no clips)
    b.dice.push(d(3), *kit.pct(99), d(0), d(0))
    kit.drive(rounds.action_phase(b))
    assert any(e.data.get("target") == "a" for e in kit.events(b, "german_fire"))


# -- awareness -----------------------------------------------------------------------------


@pytest.mark.rule("AR-019")
@pytest.mark.rule("AR-020")
@pytest.mark.rule("AR-028")
def test_round_1_only_soldiers_who_see_the_german_check_awareness() -> None:
    b = bench(kit.us("a", "0101", per=4), kit.us("b", "0102", per=4), kit.us("c", "0801"),
              kit.german("g", "A", "0104"), terrain={"0701": "stone-building",
                                                     "0702": "stone-building",
                                                     "0601": "stone-building",
                                                     "0602": "stone-building"})
    b.state.round = 1
    assert not rounds.sees(b, b.s("c"), b.s("g"))
    b.dice.push(d(3), d(7))  # a passes, b fails; c makes no check
    rounds.us_awareness(b, ("g",))
    assert [b.s(x).aware for x in "abc"] == [True, False, False]
    assert len(kit.events(b, "perception")) == 2


@pytest.mark.rule("AR-021")
@pytest.mark.rule("AR-013")
@pytest.mark.rule("AR-016")
def test_round_2_every_unaware_soldier_checks_on_or_off_the_map() -> None:
    b = bench(kit.us("a", "0101", aware=False), kit.us("off", None, aware=False),
              kit.us("c", "0102"), kit.german("g", "A", "0104"))
    b.state.round = 2
    b.dice.push(d(9), d(0))
    rounds.us_awareness(b)
    assert (b.s("a").aware, b.s("off").aware, b.s("c").aware) == (False, True, True)


@pytest.mark.rule("AR-105")
def test_a_soldier_who_has_left_the_map_makes_no_check_no_roll_and_takes_no_command() -> None:
    """House rule AR-105 (issue 29's play-test: a man who had left was still rolled for):
    he is out of the mission. No Awareness Check in Round 2, no "is aware" in Round 3, no
    marker placed (so no panic), no Leadership counted, and no commander wakes him or
    gives him a turn: not even one still off the map, whom AR-014 puts "in one hex" with
    the others off the map. The dice are strict: a roll for him would fail the test."""
    from ambush_gui.ambush import actions, command

    sgt = kit.us("sgt", None, ldr=3, name="Sgt Off")  # aware, not yet on the map
    gone = kit.us("gone", None, aware=False, left_map=True, name="Pvt Gone")
    b = bench(sgt, gone, kit.us("c", "0102", aware=False), kit.german("g", "A", "0104"))
    b.state.round = 2
    b.dice.push(d(0))  # Pvt C's check, and no other
    rounds.us_awareness(b)
    assert (b.s("c").aware, b.s("gone").aware) == (True, False)
    b.state.round = 3
    rounds.everyone_aware(b)
    b.s("gone").aware = False  # (his flag turns, as before the house rule: old saves' state)
    rounds.place_side(b, Side.US, 9)
    assert b.s("gone").marker is ARSpace.COMPLETE and not b.s("gone").panicked
    assert all(o.id != "gone" for o, _ in command.command_givers(b, b.s("sgt")))
    assert command.why_not_wake(b, b.s("sgt"), b.s("gone")) == "Pvt Gone has left the map (AR-105)"
    b.s("gone").aware = True
    assert command.why_not_give(b, b.s("sgt"), b.s("gone")) == "Pvt Gone has left the map (AR-105)"
    answers = [o.answer for o in actions.action_table(b, b.s("sgt"))]
    assert not any(a.get("soldier") == "gone" for a in answers)
    assert "Pvt Gone" not in " ".join(e.text for e in b.log.events)


@pytest.mark.rule("AR-022")
def test_from_round_3_everyone_is_aware() -> None:
    b = bench(kit.us("a", "0101", aware=False), kit.german("g", "A", "0104"))
    b.state.round = 3
    rounds.everyone_aware(b)
    assert b.s("a").aware


@pytest.mark.rule("AR-012")
def test_off_map_soldiers_stay_unaware_in_round_1() -> None:
    b = bench(kit.us("off", None), kit.german("g", "A", "0104"))
    b.state.round = 1
    rounds.us_awareness(b, ("g",))
    assert not b.s("off").aware


@pytest.mark.rule("AR-024")
def test_an_attack_on_a_hex_wakes_everyone_in_it() -> None:
    b = bench(kit.us("a", "0101", aware=False), kit.us("b", "0101", aware=False),
              kit.us("c", "0102", aware=False))
    alert(b, kit.h("0101"), "fired at")
    assert [b.s(x).aware for x in "abc"] == [True, True, False]


# -- Event Phase ---------------------------------------------------------------------------


@pytest.mark.rule("AR-029")
@pytest.mark.rule("AR-030")
def test_the_event_phase_reads_the_event_column_and_skips_a_sighting_already_made() -> None:
    m = ScriptedMission(events={7: EventEntry("31", "tank"), 8: EventEntry("40")})
    b = bench(kit.us("a", "0101"), mission=m)
    b.state.sightings.add("tank")
    b.dice.push(3, 4, 4, 4)
    kit.drive(rounds.event_phase(b))
    kit.drive(rounds.event_phase(b))
    assert m.read == ["40"]


@pytest.mark.rule("AR-017")
@pytest.mark.rule("AR-001")
@pytest.mark.rule("AR-002")
@pytest.mark.rule("AR-047")
@pytest.mark.rule("AR-027")
def test_rounds_run_awareness_events_and_actions_until_no_german_is_left() -> None:
    m = ScriptedMission(events={})
    b = bench(kit.us("a", "0102"), kit.german("g", "A", "0104"), mission=m,
              mode=Mode.OPERATIONS)
    # Round 1: a sees g, checks (3 passes); no Event Phase; initiative 9 v 1 (g Complete)
    b.dice.push(d(3), d(9), d(1))
    proc = rounds.action_rounds(b, RoundsStart(("g",)))
    first = next(proc)
    assert b.state.mode is Mode.ROUNDS and b.state.round == 1
    assert kit.events(b, "roll")[1].data["purpose"].startswith("Initiative")

    def german_leaves(_: object) -> dict[str, str]:
        b.s("g").hex = None  # as if he evaded
        return PASS

    first = proc.send(first.validate(PASS))
    # Round 1 ends with g gone; the Rounds end without a Round 2 Event Phase
    try:
        proc.send(german_leaves(first))
    except StopIteration as stop:
        assert stop.value == 1
    assert b.state.mode is Mode.OPERATIONS and not b.s("a").aware


def test_round_2_has_an_event_phase_and_round_1_has_none() -> None:
    m = ScriptedMission()
    b = bench(kit.us("a", "0102"), kit.german("g", "A", "0104"), mission=m)
    b.state.round = 1
    b.dice.push(d(3), d(5), d(1))  # awareness, initiative: a one turn, g Complete
    kit.drive(rounds.play_round(b, RoundsStart(("g",))), [PASS])
    assert not any("Event" in e.data.get("purpose", "") for e in kit.events(b, "roll"))
    b.state.round = 2
    b.dice.push(1, 1, d(1), d(1))  # Event 2d6, initiative (a aware: no Round-2 check)
    kit.drive(rounds.play_round(b, None))
    assert any("Event" in e.data.get("purpose", "") for e in kit.events(b, "roll"))


# -- activation and Condition change during a Round -----------------------------------------


@pytest.mark.rule("AR-118")
@pytest.mark.rule("AR-119")
@pytest.mark.rule("AR-009")
def test_a_german_activated_mid_round_with_two_turns_joins_the_2_turn_space_of_his_half() -> None:
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0108"), kit.german("n", "B", None))
    two(b, 9, 1)
    assert rounds.activate_in_round(b, b.s("n"), kit.h("0105"), Stance.PRONE, two_turns=True)
    assert b.s("n").hex == kit.h("0105") and b.s("n").stance is Stance.PRONE
    assert b.s("n").marker is ARSpace.TWO_TURN_DISADVANTAGE


@pytest.mark.rule("AR-120")
@pytest.mark.rule("AR-122")
@pytest.mark.rule("AR-121")
def test_a_german_activated_mid_move_rolls_an_action_number_and_acts_after_the_mover() -> None:
    def activate(g, soldier, where):  # noqa: ANN001, ANN202
        if where == kit.h("0102"):
            rounds.activate_in_round(g, g.s("n"), kit.h("0106"), Stance.STANDING)
        return None

    m = ScriptedMission(on_check=activate)
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0108"), kit.german("n", "B", None),
              mission=m)
    two(b, 5, 1)
    b.dice.push(d(5), d(0))  # n joins: 5 in AR column 3 = one turn; then his Action Number
    kit.drive(rounds.action_phase(b), [{"action": "move"}, {"to": "0102"}, {"to": "0103"},
                                       "stop", "stay"])
    assert b.s("a").hex == kit.h("0103")  # he finished his move
    assert turns(b) == ["a", "n"]


@pytest.mark.rule("AR-108")
@pytest.mark.rule("AR-010")
def test_a_german_coming_back_after_evading_does_not_score_again() -> None:
    b = bench(kit.us("a", "0101"), kit.german("n", "B", None), mode=Mode.OPERATIONS)
    assert rounds.activate_in_round(b, b.s("n"), kit.h("0105"), Stance.STANDING)
    b.s("n").hex, b.s("n").left_map = None, True
    assert not rounds.activate_in_round(b, b.s("n"), kit.h("0105"), Stance.STANDING)


@pytest.mark.rule("AR-108", "AR-035")
@pytest.mark.parametrize("acted", [False, True])
def test_a_german_back_in_the_round_he_evaded_after_his_turn_waits_for_the_next(
    acted: bool,
) -> None:
    """House rule AR-108: his turns this Round were his marker's; coming back in the same
    Round (evaded at his second turn, a paragraph brings him back) gives him none more.
    Seen in hedgerow simulations: Vogt took three turns in one Round."""
    b = bench(kit.us("a", "0101"), kit.german("n", "B", None),
              script=[] if acted else [kit.d(9)])
    b.log.emit("round", "Round 1", round=1)
    if acted:
        b.log.emit("turn", "German N's turn", soldier="n", space="2-turn-advantage")
    b.s("n").left_map = True
    rounds.activate_in_round(b, b.s("n"), kit.h("0105"), Stance.STANDING)
    assert (b.s("n").marker is ARSpace.COMPLETE) is acted
    assert any("next Round" in e.text for e in kit.events(b, "activate")) is acted


@pytest.mark.rule("AR-123")
@pytest.mark.rule("AR-124")
@pytest.mark.rule("AR-125")
def test_a_condition_change_checks_every_us_hex_lowest_number_first() -> None:
    m = ScriptedMission()
    b = bench(kit.us("a", "0303"), kit.us("b", "0102"), kit.us("c", "0102"),
              kit.us("d", "0201"), mission=m)
    kit.drive(rounds.condition_change(b, "B"))
    assert b.state.condition == "B"
    assert m.hexes_checked == ["0102", "0201", "0303"]
