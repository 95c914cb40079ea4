"""Ambush! checklist clauses not named elsewhere: activation placement (AR-008), off-map
soldiers (AR-015), activation mid-step (AR-018), the Event column dice (house rule AR-031),
the Action Number per German turn (house rule AR-051), combat panic (AR-068), crew snap
fire (AR-078) and surrender (AR-115)."""

from __future__ import annotations

import pytest

from ambush_gui.ambush import rounds
from ambush_gui.ambush.actions import Action, action_table, legal, take_turn
from ambush_gui.ambush.charts import ARSpace, DamageResult, Stance
from ambush_gui.ambush.fire import FireType, Target, fire, fire_options, why_not
from ambush_gui.ambush.game import AmbushGame
from ambush_gui.ambush.hooks import EventEntry
from ambush_gui.ambush.mission import Act, Activate, Mission
from ambush_gui.ambush.model import Status
from ambush_gui.core.hexgrid import Hex
from tests.ambush import kit, mission_kit
from tests.ambush.round_kit import ScriptedMission, bench, turns

d = kit.d
NO_JAM = kit.pct(50)
KEEP_CLIP = kit.pct(99)


def small(seed: int = 0) -> AmbushGame:
    return AmbushGame(Mission.from_data(mission_kit.small()), seed)


@pytest.mark.rule("AR-008")
def test_an_activated_german_is_set_in_his_hex_in_the_paragraphs_stance_with_its_markers() -> None:
    game = small(0)
    g1 = game.state.soldiers["g1"]
    assert g1.hex is None
    before = [w.weapon for w in g1.weapons]
    got = game.activate(Activate(german=1, hex="0303", stance=Stance.CROUCHING,
                                 weapons=["stick-grenade"]))
    assert got is g1
    assert g1.hex == Hex.from_label("0303") and g1.stance is Stance.CROUCHING
    assert [w.weapon for w in g1.weapons] == [*before, "stick-grenade"]
    (e,) = [e for e in game.log.events if e.kind == "activate"]
    assert (e.data["hex"], e.data["stance"], e.data["rule"]) == ("0303", "crouching", "AR-008")


@pytest.mark.rule("AR-015")
def test_an_off_map_soldier_can_never_be_attacked() -> None:
    b = kit.bench(kit.us("a", "0101"), kit.german("g", "A", None))
    assert fire_options(b, b.s("a")) == []
    for kind in (FireType.AIMED, FireType.SNAP):
        assert "AR-015" in (why_not(b, b.s("a"), "a-m1-garand", kind, Target("g")) or "")
    b.s("g").hex = kit.h("0104")  # on the map, the same shot is legal
    assert why_not(b, b.s("a"), "a-m1-garand", FireType.AIMED, Target("g")) is None


@pytest.mark.rule("AR-018")
def test_a_german_activated_during_the_action_phase_is_placed_and_the_step_carries_on() -> None:
    def activate(g, soldier, where):  # noqa: ANN001, ANN202
        if where == kit.h("0102"):
            rounds.activate_in_round(g, g.s("n"), kit.h("0106"), Stance.CROUCHING)
        return None

    m = ScriptedMission(on_check=activate)
    b = bench(kit.us("a", "0101"), kit.us("c", "0101"), kit.german("g", "A", "0108"),
              kit.german("n", "B", None), mission=m)
    b.dice.push(d(5), d(1))  # initiative: a and c one turn (AR column 3), g Complete
    rounds.initiative(b, None)
    b.dice.push(d(5), d(3))  # n joins (5 in AR column 3: one turn), then his Action Number
    kit.drive(rounds.action_phase(b), ["a", {"action": "move"}, {"to": "0102"}, {"to": "0103"},
                                       "stop", "stay", {"action": "pass"}])
    n = b.s("n")
    assert (n.hex, n.stance) == (kit.h("0106"), Stance.CROUCHING)  # activation applied
    assert b.s("a").hex == kit.h("0103")  # the move went on after it
    assert "a" in turns(b) and "c" in turns(b) and "n" in turns(b)  # and so did the step
    assert b.brain.turns == [("n", 3)]


@pytest.mark.rule("AR-031")
def test_the_event_column_is_read_on_two_six_sided_dice_and_an_empty_total_is_nothing() -> None:
    m = ScriptedMission(events={12: EventEntry("40")})
    b = bench(kit.us("a", "0101"), mission=m)
    b.dice.push(6, 5)
    kit.drive(rounds.event_phase(b))
    assert m.read == []  # 11 has no entry: nothing happens
    assert kit.events(b, "event")[-1].data["total"] == 11
    b.dice.push(6, 6)
    kit.drive(rounds.event_phase(b))
    assert m.read == ["40"]
    rolls = [e.data for e in kit.events(b, "roll") if "Event" in e.data["purpose"]]
    assert [(r["sides"], r["faces"]) for r in rolls] == [(6, [6, 5]), (6, [6, 6])]


@pytest.mark.rule("AR-051")
def test_a_german_with_two_turns_rolls_a_fresh_action_number_for_each_turn() -> None:
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0108"))
    b.dice.push(d(1), d(9))  # initiative: a Complete; g 2-Turn (9 in AR column 3)
    rounds.initiative(b, None)
    assert b.s("g").marker in (ARSpace.TWO_TURN_ADVANTAGE, ARSpace.TWO_TURN_DISADVANTAGE)
    b.dice.push(d(4), d(7))
    kit.drive(rounds.action_phase(b))
    assert b.brain.turns == [("g", 4), ("g", 7)]
    numbers = [e.data["number"] for e in kit.events(b, "german_turn")]
    assert numbers == [4, 7]


@pytest.mark.rule("AR-068")
def test_a_damage_result_can_panic_the_soldier_hit() -> None:
    # a Garand hit (1) and a damage die of 0 on the rifle row: Panic
    b = kit.bench(kit.us("a", "0101"), kit.german("g", "A", "0104", marker=ARSpace.COMPLETE),
                  script=[*NO_JAM, d(1), d(0), *KEEP_CLIP])
    assert b.charts.damage("rifle", 0) is DamageResult.PANIC
    kit.drive(fire(b, b.s("a")), [kit.aimed("a-m1-garand", "g")])
    g = b.s("g")
    assert g.panicked and g.marker is ARSpace.PANIC and g.status is Status.ACTIVE
    assert "panicked" in (why_not(b, g, "g-kar98k", FireType.AIMED, Target("a")) or "")


@pytest.mark.rule("AR-078")
def test_a_lone_crouching_crewman_may_only_snap_fire_the_crew_weapon() -> None:
    def team(stance: Stance) -> kit.Bench:
        return bench(kit.us("m", "0101", weapons=[], ammo=["m1919"] * 2, stance=stance),
                     kit.us("n", "0105", weapons=[]), kit.german("g", "A", "0103"),
                     crew=[kit.crew("mg", "m1919", "m", "n", prepared_at="0101")])

    b = team(Stance.CROUCHING)
    got = legal(b, b.s("m"))
    assert {"action": "snap"} in got and {"action": "aimed"} not in got
    proc = take_turn(b, b.s("m"))
    first = next(proc)
    while {"action": "snap"} not in first.options:  # past any stance offer
        first = proc.send(next(o for o in first.options if "stance" not in o))
    target = proc.send({"action": "snap"})
    assert kit.snap("mg", "g") in target.options
    assert kit.aimed("mg", "g") not in target.options
    b = team(Stance.STANDING)
    why = {o.action: o.why_not for o in action_table(b, b.s("m"))}
    assert why[Action.SNAP] is not None  # standing: no crew fire at all


@pytest.mark.rule("AR-115")
def test_a_german_ordered_to_surrender_is_captured() -> None:
    game = small(0)
    g1 = game.state.soldiers["g1"]
    game.activate(Activate(german=1, hex="0303"))
    assert g1.active
    game.german_act(g1, Act(surrender=True), 12)
    assert g1.status is Status.CAPTURED and not g1.active
    assert g1.marker is ARSpace.INACTIVE
    assert [e.data["rule"] for e in game.log.events if e.kind == "surrender"] == ["AR-115"]


@pytest.mark.rule("AR-062")
def test_a_german_commander_gives_a_turn_only_when_his_paragraph_says_so() -> None:
    """A paragraph verb ``give_turn = N`` makes a German commander give German N a turn
    (his marker rises one space); without it no German ever gives one."""
    import copy

    data = mission_kit.small()
    first = data["germans"][0]
    first["ldr"] = 3  # a commander (house rule AR-058: LDR 2 or more)
    second = copy.deepcopy(first) | {"number": 2, "letter": "B", "name": "Kurt", "ldr": 1}
    data["germans"].append(second)
    game = AmbushGame(Mission.from_data(data), 0)
    g1, g2 = game.state.soldiers["g1"], game.state.soldiers["g2"]
    game.activate(Activate(german=1, hex="0303"))
    game.activate(Activate(german=2, hex="0403"))
    assert g2.marker is ARSpace.COMPLETE
    game.german_act(g1, Act(give_turn=2), 12)
    assert g2.marker is not ARSpace.COMPLETE and g2.turns == 1
    assert [e.data["rule"] for e in game.log.events if e.kind == "give_turn"] == ["AR-060"]


@pytest.mark.rule("AR-062")
def test_no_german_gives_a_turn_unless_a_paragraph_orders_it() -> None:
    """The shipped missions have no give_turn order, so in whole games no German gives one."""
    from ambush_gui import systems
    from ambush_gui.ai.simulate import play_out

    for seed in (1, 2, 3):
        game = systems.new_game(systems.load_scenario(systems.resolve("ambush-hedgerow")), seed)
        play_out(game, {"us": systems.computer_player("ambush")})
        givers = [e for e in game.log.events if e.kind == "give_turn"]
        assert all(not e.data.get("commander", "").startswith("g") for e in givers)


def test_a_give_turn_order_must_name_a_german_card() -> None:
    from ambush_gui.core.errors import ScenarioError

    data = mission_kit.small()
    data["paragraphs"][1]["options"][0]["do"] = [{"give_turn": 7}]
    with pytest.raises(ScenarioError, match="give_turn"):
        Mission.from_data(data)
