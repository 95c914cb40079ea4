"""IEDs (FF-044..051): devices, their triggers and targets (seed 003 lines 109-121)."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.alley import turn
from ambush_gui.alley.fof import blast
from ambush_gui.alley.fof.ieds import SIZES, IedsModule
from ambush_gui.alley.game import AlleyGame
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.errors import ScenarioError
from tests.alley import kit
from tests.alley.fof.test_mines import answer, attack_rolls, play, walk


def ied(**kw: Any) -> dict[str, Any]:
    return {"id": "ied-1", "at": [3, 10], **kw}


def armed(units: list[dict[str, Any]], *devices: dict[str, Any], **kw: Any) -> AlleyGame:
    g = kit.game(units, modules=["ieds"], ieds={"devices": list(devices)}, **kw)
    g.state.turn = 1
    return g


def mod(g: AlleyGame) -> IedsModule:
    m = g.modules.get("ieds")
    assert isinstance(m, IedsModule)
    return m


def asked(g: AlleyGame, proc: Any, questions: list[Decision]) -> Any:
    """Run ``proc``, noting every CHOOSE decision and answering as the engine would."""
    try:
        d = next(proc)
        while True:
            if d.kind is DecisionKind.CHOOSE:
                questions.append(d)
            d = proc.send(d.validate(answer(d)))
    except StopIteration as stop:
        return stop.value


# -- sizes --------------------------------------------------------------------------------

@pytest.mark.parametrize("size,ap,at,rule", [("small", 2, 1, "FF-044"), ("medium", 4, 4, "FF-045"),
                                             ("large", 6, 5, "FF-046"), ("massive", 8, 7, "FF-047")])
@pytest.mark.rule("FF-044", "FF-045", "FF-046", "FF-047")
def test_each_size_attacks_with_its_ap_dice(size: str, ap: int, at: int, rule: str) -> None:
    """FF-044..047: Small AP 2 / AT 1, Medium 4 / 4, Large 6 / 5, Massive 8 / 7; the AP
    dice are thrown at the unit that set it off."""
    assert (SIZES[size].ap, SIZES[size].at, SIZES[size].rule) == (ap, at, rule)
    g = armed([kit.marines("m", (2, 2))], ied(size=size), strict=False)
    walk(g, "m", "cautious:move-fire", [[3.2, 7.5]])
    (a,) = attack_rolls(g)
    assert len(a.data["faces"]) == ap and a.data["modifiers"][0][2] == rule
    assert f"AP {ap} / AT {at}" in kit.events(g, "ied")[0].text


@pytest.mark.rule("FF-048")
def test_the_scenario_decides_whether_there_are_ieds() -> None:
    """FF-048: the scenario lists its IEDs; with none listed nothing goes off, and without
    the module a scenario cannot give any."""
    g = armed([kit.marines("m", (2, 2))])
    walk(g, "m", "cautious:move-fire", [[3.2, 7.5]])
    assert not kit.events(g, "ied") and not g.modules.status()
    with pytest.raises(ScenarioError, match="ieds module, which is not switched on"):
        kit.scenario([kit.marines("m", (2, 2))], ieds={"devices": [ied()]})


@pytest.mark.rule("FF-049")
def test_a_random_target_is_picked_by_a_die_among_the_units_in_reach() -> None:
    """FF-049: two Marine units in reach when the timed IED goes off; a d6 numbers them
    (nearest first), a 5 is thrown again, a 2 picks the second."""
    g = armed([kit.marines("a", (1, 9)), kit.marines("b", (1, 12)), kit.insurgents("i", (15, 20))],
              ied(trigger="turn", turn=1, reach=4), script=[5, 2], strict=False)
    play(g, mod(g).start_turn())
    picks = [e for e in kit.events(g, "roll") if e.data["purpose"].startswith("IED target")]
    assert [p.data["faces"] for p in picks] == [[5], [2]] and picks[0].data["sides"] == 6
    assert "1 Marines a, 2 Marines b" in picks[0].data["purpose"]
    assert attack_rolls(g)[0].data["purpose"].endswith("at Marines b")


@pytest.mark.rule("FF-049")
def test_the_owner_picks_the_target_told_each_units_odds() -> None:
    """FF-049: target = "owner": the Insurgent is asked which unit in reach, each with
    its expected casualties; the answer is the unit attacked."""
    g = armed([kit.marines("a", (1, 9)), kit.marines("b", (1, 12), armor=0), kit.insurgents("i", (15, 20))],
              ied(trigger="turn", turn=1, reach=4, target="owner"), strict=False)
    proc = mod(g).start_turn()
    d = next(proc)
    assert d.kind is DecisionKind.CHOOSE and d.side == "insurgent"
    assert d.facts["question"] == "ieds.target" and set(d.options) == {"a", "b"}
    assert "expected" in d.facts["labels"]["a"] and "casualties" in d.facts["labels"]["b"]
    try:
        d = proc.send(d.validate("b"))
        while True:
            d = proc.send(d.validate(answer(d)))
    except StopIteration:
        pass
    assert attack_rolls(g)[0].data["purpose"].endswith("at Marines b")


@pytest.mark.rule("FF-050")
def test_the_size_table_is_a_guideline_the_scenario_may_override() -> None:
    """FF-050: a Large IED the scenario rates AP 3 throws 3 dice, citing the override."""
    g = armed([kit.marines("m", (2, 2))], ied(size="large", ap=3), strict=False)
    walk(g, "m", "cautious:move-fire", [[3.2, 7.5]])
    (a,) = attack_rolls(g)
    assert len(a.data["faces"]) == 3 and a.data["modifiers"][0][2] == "FF-050"


@pytest.mark.rule("FF-051")
def test_an_ied_is_resolved_like_a_mine_and_a_hidden_one_is_not_shown() -> None:
    """FF-051 (house rule): the target claims its Armor dice only, as against mines; a
    hidden IED is not on the table's status until it goes off, a shown one is."""
    g = armed([kit.marines("m", (2, 2))], ied(), ied(id="ied-2", at=[20, 20], hidden=False),
              strict=False)
    assert g.modules.status() == ['Medium IED ied-2: waiting (AP 4, reach 3")']
    walk(g, "m", "cautious:move-fire", [[3.2, 7.5]])
    (d,) = [e for e in kit.events(g, "roll") if e.data["purpose"].startswith("Defense against")]
    assert len(d.data["faces"]) == 1 and [m[2] for m in d.data["modifiers"]] == ["FF-035"]
    assert g.modules.status() == ["Medium IED ied-1: went off on turn 1",
                                  'Medium IED ied-2: waiting (AP 4, reach 3")']
    m = g.unit("m")
    m.translate(16, 10)  # in reach of the shown IED
    assert mod(g).unit_status(m) == ["Within reach of the Medium IED ied-2"]
    g3 = armed([kit.marines("m", (2, 8))], ied())
    assert mod(g3).in_reach(mod(g3).devices[0]) and mod(g3).unit_status(g3.unit("m")) == []


# -- triggers -------------------------------------------------------------------------------

def test_an_enter_ied_goes_off_once_when_an_enemy_passes_within_reach() -> None:
    """trigger = "enter": a move that passes within 3" (and goes on out of reach) sets it
    off; the next move past it does nothing (each IED goes off once)."""
    g = armed([kit.marines("m", (2, 2))], ied(at=[8, 8]), strict=False)
    walk(g, "m", "rapid:move-fire", [[3.2, 12]])  # passes 4.8" from it: out of reach
    assert not kit.events(g, "ied")
    g2 = armed([kit.marines("m", (2, 2))], ied(at=[6, 8]), strict=False)
    walk(g2, "m", "rapid:move-fire", [[3.2, 12]])  # its nearest figure passes 1.6" from it
    assert len(kit.events(g2, "ied")) == 1 and len(attack_rolls(g2)) == 1
    turn.start_turn(g2)  # the next turn: it walks back past the spent IED
    walk(g2, "m", "cautious:move-fire", [[3.2, 8]])
    assert g2.unit("m").centre()[1] == pytest.approx(8)
    assert len(attack_rolls(g2)) == 1
    assert g2.snapshot()["modules"]["ieds"] == {"spent": {"ied-1": 1}}


def test_an_ied_ignores_its_owners_units() -> None:
    g = armed([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 14))], ied(at=[3, 12]))
    play(g, mod(g).after_move(g.unit("i"), _plan(g.unit("i").centre())))
    assert not kit.events(g, "ied")


def _plan(at: tuple[float, float]) -> Any:
    from ambush_gui.alley.movement import MovePlan

    return MovePlan((at, at), 0.0)


def test_a_turn_ied_goes_off_as_its_turn_begins_even_with_no_one_in_reach() -> None:
    g = armed([kit.marines("m", (2, 2))], ied(trigger="turn", turn=2))
    play(g, mod(g).start_turn())
    assert not kit.events(g, "ied")
    g.state.turn = 2
    play(g, mod(g).start_turn())
    assert [e.text for e in kit.events(g, "ied")] == ["The Medium IED ied-1 goes off with no one in reach"]


def test_a_command_ied_asks_its_owner_when_an_enemy_ends_a_move_in_reach() -> None:
    """trigger = "command": ended in reach, the owner is asked; "wait" keeps it for later,
    "detonate" sets it off."""
    g = armed([kit.marines("m", (2, 2))], ied(trigger="command", at=[3, 9]), strict=False)
    m = g.unit("m")
    qs: list[Decision] = []
    asked(g, mod(g).after_move(m, _plan(m.centre())), qs)
    assert not qs  # 7" away: not in reach
    m.translate(0, 5)
    proc = mod(g).after_move(m, _plan(m.centre()))
    d = next(proc)
    assert d.facts["question"] == "ieds.detonate" and d.options == ("detonate", "wait")
    with pytest.raises(StopIteration):
        proc.send(d.validate("wait"))
    assert not kit.events(g, "ied")
    qs = []
    proc = mod(g).start_turn()
    d = next(proc)
    assert d.facts["question"] == "ieds.detonate"
    try:
        d = proc.send(d.validate("detonate"))
        while True:
            d = proc.send(d.validate(answer(d)))
    except StopIteration:
        pass
    assert len(attack_rolls(g)) == 1


# -- the file --------------------------------------------------------------------------------

def test_bad_ied_settings_are_refused_naming_the_ied() -> None:
    cases = [
        (ied(size="huge"), r"IED ied-1: unknown size 'huge'"),
        (ied(at=[30, 5]), r"IED ied-1: \[30.0, 5.0\] is off the table \(24\" x 24\"\)"),
        (ied(trigger="timer"), r"IED ied-1: unknown trigger 'timer'"),
        (ied(target="nearest"), r"IED ied-1: unknown target 'nearest'"),
        (ied(trigger="turn"), r"IED ied-1: trigger = \"turn\" needs the turn"),
        (ied(trigger="turn", turn=20), r"IED ied-1: turn 20 is after the last turn"),
        (ied(piece="bridge"), r"IED ied-1: give its place as 'at'"),
        ({"id": "ied-1", "piece": "bridge"}, r"IED ied-1: there is no table piece 'bridge'"),
        (ied(ap=12), r"ap.*at most 10"),
    ]
    for device, message in cases:
        with pytest.raises(ScenarioError, match=message):
            kit.scenario([kit.marines("m", (2, 2))], modules=["ieds"], ieds={"devices": [device]})
    with pytest.raises(ScenarioError, match=r"IED ied-1: the id is used by an earlier IED"):
        kit.scenario([kit.marines("m", (2, 2))], modules=["ieds"], ieds={"devices": [ied(), ied()]})


def test_an_ied_in_a_piece_reaches_from_the_pieces_edge() -> None:
    g = armed([kit.marines("m", (2, 2))], {"id": "ied-1", "piece": "car", "reach": 1},
              pieces=[kit.rubble("car", (1, 4, 6, 1))], strict=False)
    assert mod(g).in_reach(mod(g).devices[0]) == []
    g.unit("m").translate(0, 1.5)
    assert mod(g).in_reach(mod(g).devices[0]) == [g.unit("m")]
    assert blast.odds(g, mod(g).blast(mod(g).devices[0]), g.unit("m"))[1] > 0


# -- the computer players --------------------------------------------------------------------

def _two_in_reach(**device: Any) -> AlleyGame:
    return armed([kit.marines("a", (1, 9)), kit.marines("b", (1, 12), armor=0),
                  kit.insurgents("i", (15, 20))],
                 ied(trigger="turn", turn=1, reach=4, target="owner", **device), strict=False)


@pytest.mark.rule("FF-049")
def test_the_computer_attacks_the_unit_carrying_escorts_else_the_most_casualties() -> None:
    from ambush_gui.ai.alley_ai import AlleyAI

    g = _two_in_reach()
    d = next(mod(g).start_turn())
    c = AlleyAI().decide(g, d)
    assert c.answer == "b" and "expected casualties" in c.reason  # no armor: the most casualties
    a = g.unit("a")
    a.figures[0].dependant = True  # carries a casualty
    mod(g).spent.clear()  # ask again
    d = next(mod(g).start_turn())
    c = AlleyAI().decide(g, d)
    assert c.answer == "a" and "carries" in c.reason


def test_the_computer_sets_off_a_command_ied_when_it_is_worth_it() -> None:
    """A Medium IED on a fireteam in reach: set it off; a Small one rated AP 1 on an
    armored team: wait, until the last turn."""
    from ambush_gui.ai.alley_ai import AlleyAI

    g = armed([kit.marines("m", (2, 8))], ied(trigger="command"), strict=False)
    d = next(mod(g).start_turn())
    assert AlleyAI().choose(g, d) == "detonate"
    g = armed([kit.marines("m", (2, 8))], ied(trigger="command", size="small", ap=1), strict=False)
    d = next(mod(g).start_turn())
    assert AlleyAI().choose(g, d) == "wait"
    g.state.turn = g.spec.turn_limit
    d = next(mod(g).start_turn())
    assert AlleyAI().choose(g, d) == "detonate"


@pytest.mark.rule("AA-026")
def test_a_leader_whose_unit_falls_to_an_ied_on_his_way_to_join_it_stays_on_his_own() -> None:
    """A detached leader walks to join a lone Marine; his move sets off the IED, which the
    bomber puts on the Marine, the unit's last fighting figure. The leader cannot join a
    unit that has left play (he used to vanish into it, figures and all): he stays a unit
    of his own, on the table, and every invariant holds."""
    from ambush_gui.alley import invariants

    g = armed([kit.leader("c", "regular", (2, 8)), kit.marines("m", (2, 2), weapons=("rifle",), armor=0),
               kit.insurgents("i", (15, 20))],
              ied(at=[2, 4], reach=3.5, target="owner"), script=[6, 6, 6], strict=False)
    c, m = g.unit("c"), g.unit("m")

    def ans(d: Decision) -> Any:
        if d.kind is DecisionKind.PLAN:
            return "cautious:move-fire"
        if d.kind is DecisionKind.MOVE:
            return {"path": [[2, 2.8]], "join": "m"}
        if d.kind is DecisionKind.CHOOSE and d.facts.get("question") == "ieds.target":
            return "m"
        return answer(d)

    kit.play_out(turn.activation(g, c), ans)
    assert not m.alive and c.on_table and c.alive and c.figures
    assert any("cannot join Marines m" in e.text for e in kit.events(g, "join"))
    assert invariants.check(g) == []


@pytest.mark.rule("FF-049")
def test_a_move_that_ends_where_it_was_interrupted_still_ends_in_reach_of_a_command_ied(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A play-test (The Last Clinic): the Scout troop's move was interrupted on the bridge,
    had no movement left after the 1" the interruption cost (AA-085), and stopped there,
    in reach of the hidden bomb; its owner was never asked, since the end of the move was
    skipped. The interruption itself is stubbed (no dice): only how the move ends is
    under test. The log says why the move ends there."""
    from ambush_gui.alley.model import Speed

    g = armed([kit.marines("m", (2, 2)), kit.insurgents("i", (14, 7), n=3)],
              ied(trigger="command", at=[3, 7]), strict=False)
    m = g.unit("m")
    m.speed, m.moved = Speed.CAUTIOUS, 1.5  # 4.5" of its Cautious 6" left

    def interrupted(g: AlleyGame, reg: Any, ins: Any, kind: str, way: Any = None,
                    walked: Any = None) -> Any:
        reg.times_interrupted += 1
        ins.interrupted = True
        return False
        yield

    monkeypatch.setattr(turn, "resolve", interrupted)
    cx, cy = m.centre()
    proc = turn.regular_move(g, m, {"path": [[cx, cy + 4.5]]})
    d = next(proc)
    assert d.kind is DecisionKind.INTERRUPT
    late = max((o for o in d.options if isinstance(o, dict) and o.get("at") is not None
                and o["at"] < 4.5), key=lambda o: o["at"])
    assert late["at"] >= 3.5  # past the 5" a Cautious move keeps after losing 1"
    questions = []
    choice = late
    try:
        while True:
            d = proc.send(d.validate(choice))
            questions.append(d.facts.get("question"))
            choice = "wait" if d.kind is DecisionKind.CHOOSE else answer(d)
    except StopIteration:
        pass
    assert questions == ["ieds.detonate"]
    assert m.centre()[1] == pytest.approx(cy + late["at"])
    ends = [e.text for e in kit.events(g, "move") if "ends where it was interrupted" in e.text]
    assert ends and "Cautious 6\"" in ends[0] and "AA-085" in ends[0]
