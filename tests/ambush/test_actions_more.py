"""The thrown-weapon actions of the actions table (seed 002 AR-080..083, AR-086, AR-025) and
their house rules (docs/rules/ambush-actions.md)."""

from __future__ import annotations

import pytest

from ambush_gui.ambush import actions, assault, throws
from ambush_gui.ambush.actions import Action, TurnState, action_table, legal, move, take_turn
from ambush_gui.ambush.charts import ARSpace, Stance
from ambush_gui.ambush.fire import IllegalFire
from ambush_gui.ambush.model import Side, Status
from tests.ambush import kit
from tests.ambush.round_kit import bench

d, pct, h = kit.d, kit.pct, kit.h
GRENADIER = {"ammo": ["m1-garand", "mk2-grenade"]}
SAPPER = {"ammo": ["m1-garand", "satchel-charge"]}


def why(b, sid: str, action: Action) -> str | None:  # noqa: ANN001
    return next(o.why_not for o in action_table(b, b.s(sid)) if o.action is action)


def run(proc, answers=()):  # noqa: ANN001, ANN201
    return kit.drive(proc, answers)


# -- grenades: stance, range, equipment ---------------------------------------------------


@pytest.mark.rule("AR-082")
def test_a_grenade_is_thrown_standing_three_hexes_and_crouching_only_two() -> None:
    b = bench(kit.us("a", "0101", **GRENADIER), kit.german("g", "A", "0104"),
              kit.german("k", "K", "0103"))
    got = legal(b, b.s("a"))
    assert {"action": "grenade", "to": "0104"} in got
    assert {"action": "grenade", "to": "0103"} in got
    b.s("a").stance = Stance.CROUCHING
    got = legal(b, b.s("a"))
    assert {"action": "grenade", "to": "0104"} not in got
    assert {"action": "grenade", "to": "0103"} in got


@pytest.mark.rule("AR-082")
def test_nobody_throws_a_grenade_prone_or_without_one() -> None:
    b = bench(kit.us("a", "0101", stance=Stance.PRONE, **GRENADIER), kit.us("n", "0101"),
              kit.german("g", "A", "0103"))
    assert "prone" in (why(b, "a", Action.GRENADE) or "")
    assert "no grenade" in (why(b, "n", Action.GRENADE) or "")
    with pytest.raises(IllegalFire):
        run(throws.throw_grenade(b, b.s("n"), h("0103")))


def test_a_prone_man_without_the_weapon_is_told_he_has_none_not_to_get_up() -> None:
    """Issue 29 play-test: a prone man with no grenade read "is prone: a grenade is thrown
    standing or crouching" in "Not possible now"; that he has none comes first (grenade,
    satchel charge, bazooka)."""
    b = bench(kit.us("n", "0101", stance=Stance.PRONE), kit.german("g", "A", "0103"))
    assert "has no grenade" in (why(b, "n", Action.GRENADE) or "")
    assert "has no satchel charge" in (why(b, "n", Action.PREPARE_SATCHEL) or "")
    assert "no unloaded bazooka" in (why(b, "n", Action.PREPARE_BAZOOKA) or "")


@pytest.mark.rule("AR-083")
def test_a_soldier_never_moves_and_throws_a_grenade_in_one_turn() -> None:
    b = bench(kit.us("a", "0101", **GRENADIER), kit.german("g", "A", "0104"),
              script=[*pct(50), d(4), d(9), d(0)])  # lands; g fails to remove; none
    # a move offers hexes, a stance change or stop: never a throw
    first = next(move(b, b.s("a"), TurnState(6), 6))
    assert all(not (isinstance(o, dict) and o.get("action") == "grenade")
               for o in first.options)
    b.s("a").ammo.append("mk2-grenade")  # the throw: no move afterwards, only the stance
    kit.drive(take_turn(b, b.s("a")), [{"action": "grenade", "to": "0104"},
                                        lambda dec: dec.kind.value == "ambush_stance"
                                        and "stay"])
    assert not kit.events(b, "move")  # no hex entered after the throw


# -- the throw: dud, landing, scatter, damage ---------------------------------------------


@pytest.mark.rule("AR-082")
def test_a_grenade_that_lands_bursts_on_the_grenade_row_for_everyone_in_the_hex() -> None:
    b = bench(kit.us("a", "0101", **GRENADIER), kit.german("g", "A", "0104"),
              kit.german("k", "K", "0104", stance=Stance.PRONE),
              script=[*pct(50), d(4),  # not a dud; 4 against long 3 + WS 1: lands
                      d(9),  # g (standing) tries to throw it out: fails PER 4
                      d(9), d(0)])  # damage: g killed, k untouched
    landed = run(throws.throw_grenade(b, b.s("a"), h("0104")))
    assert landed == h("0104")
    assert b.s("g").status is Status.DEAD and b.s("k").active
    assert "mk2-grenade" not in b.s("a").ammo  # crossed off (FC-040)


@pytest.mark.rule("AR-082")
def test_a_dud_grenade_does_nothing_but_is_used_up() -> None:
    b = bench(kit.us("a", "0101", **GRENADIER), kit.german("g", "A", "0103"), script=[*pct(1)])
    assert run(throws.throw_grenade(b, b.s("a"), h("0103"))) is None
    assert b.s("g").active and b.s("a").clips("mk2-grenade") == 0


@pytest.mark.rule("AR-025")
@pytest.mark.rule("AR-082")
def test_a_scattered_grenade_makes_the_soldiers_of_both_hexes_aware() -> None:
    b = bench(kit.german("g", "A", "0101", weapons=("mp40", "stick-grenade")),
              kit.us("a", "0103", aware=False), kit.us("c", "0104", aware=False),
              script=[*pct(50), d(8),  # 8 against medium 5 + WS 1: a miss
                      4,  # scatter: south, from 0103 into 0104
                      d(0)])  # damage to c: none
    landed = run(throws.throw_grenade(b, b.s("g"), h("0103")),
                 [{"action": "pass"}])  # c does not try to throw it out
    assert landed == h("0104")
    assert b.s("a").aware and b.s("c").aware
    assert kit.events(b, "scatter")[0].data["to"] == "0104"


@pytest.mark.rule("AR-082")
def test_a_grenade_scattered_off_the_map_is_lost() -> None:
    b = bench(kit.german("g", "A", "0103", weapons=("mp40", "stick-grenade")),
              kit.us("a", "0101"), script=[*pct(50), d(9), 1])  # 9 misses; north: off map
    assert run(throws.throw_grenade(b, b.s("g"), h("0101"))) is None
    assert b.s("a").active


# -- remove live grenade --------------------------------------------------------------------


@pytest.mark.rule("AR-086")
def test_removing_a_live_grenade_is_never_a_turns_action() -> None:
    b = bench(kit.us("a", "0101", **GRENADIER), kit.german("g", "A", "0103"))
    assert "out of turn" in (why(b, "a", Action.REMOVE_GRENADE) or "")


@pytest.mark.rule("AR-086")
def test_a_passed_perception_check_throws_the_live_grenade_out_at_the_cost_of_a_turn() -> None:
    b = bench(kit.german("g", "A", "0101", weapons=("mp40", "stick-grenade")),
              kit.us("a", "0103"), script=[*pct(50), d(2), d(3)])  # lands; PER 4: passed
    b.state.advantage = Side.US
    b.s("a").marker, b.s("a").turns = ARSpace.ONE_TURN_ADVANTAGE, 1
    landed = run(throws.throw_grenade(b, b.s("g"), h("0103")),
                 [{"action": "remove_grenade"}])
    assert landed is None and b.s("a").active and not b.s("a").wounded
    assert b.s("a").marker is ARSpace.COMPLETE


@pytest.mark.rule("AR-086")
def test_a_prone_soldier_cannot_reach_the_live_grenade() -> None:
    b = bench(kit.german("g", "A", "0101", weapons=("mp40", "stick-grenade")),
              kit.us("a", "0103", stance=Stance.PRONE),
              script=[*pct(50), d(0), d(9)])  # 0 always lands; damage 9: killed
    run(throws.throw_grenade(b, b.s("g"), h("0103")))  # no decision is asked
    assert b.s("a").status is Status.DEAD


# -- satchel charges ------------------------------------------------------------------------


@pytest.mark.rule("AR-080")
def test_a_satchel_charge_is_prepared_standing_or_crouching_never_prone() -> None:
    b = bench(kit.us("a", "0101", stance=Stance.CROUCHING, **SAPPER),
              kit.us("p", "0102", stance=Stance.PRONE, **SAPPER), kit.german("g", "A", "0104"))
    assert {"action": "prepare_satchel"} in legal(b, b.s("a"))
    assert "prone" in (why(b, "p", Action.PREPARE_SATCHEL) or "")
    throws.prepare_satchel(b, b.s("a"))
    assert "already" in (why(b, "a", Action.PREPARE_SATCHEL) or "")


@pytest.mark.rule("AR-081")
def test_a_prepared_satchel_is_thrown_standing_one_to_three_hexes() -> None:
    b = bench(kit.us("a", "0101", stance=Stance.CROUCHING, **SAPPER),
              kit.german("g", "A", "0104"), kit.german("f", "F", "0105"))
    assert "prepare it first" in (why(b, "a", Action.THROW_SATCHEL) or "")
    throws.prepare_satchel(b, b.s("a"))
    assert "standing" in (why(b, "a", Action.THROW_SATCHEL) or "")
    b.s("a").stance = Stance.STANDING
    got = legal(b, b.s("a"))
    assert {"action": "throw_satchel", "to": "0104"} in got
    assert {"action": "throw_satchel", "to": "0105"} not in got  # four hexes: too far


@pytest.mark.rule("AR-081")
@pytest.mark.rule("AR-080")
def test_a_thrown_satchel_goes_off_on_the_satchel_row() -> None:
    b = bench(kit.us("a", "0101", **SAPPER), kit.german("g", "A", "0102"),
              script=[*pct(50), d(5), d(7)])  # 5 against short 6 + 1: lands; 7: killed
    kit.drive(take_turn(b, b.s("a")), [{"action": "prepare_satchel"}, "stay"])
    assert b.s("a").satchel_ready
    run(throws.throw_satchel(b, b.s("a"), h("0102")))
    assert b.s("g").status is Status.DEAD and not b.s("a").satchel_ready
    assert b.s("a").clips("satchel-charge") == 0


# -- assault and move/charge assault --------------------------------------------------------


@pytest.mark.rule("AR-079")
def test_an_assault_is_made_standing_in_the_enemys_hex() -> None:
    b = bench(kit.us("a", "0101"), kit.us("c", "0101", stance=Stance.CROUCHING),
              kit.us("f", "0103"), kit.german("g", "A", "0101"))
    assert {"action": "assault", "target": "g"} in legal(b, b.s("a"))
    assert "standing" in (why(b, "c", Action.ASSAULT) or "")
    assert "enemy's hex" in (why(b, "f", Action.ASSAULT) or "")


@pytest.mark.rule("AR-079")
def test_the_assault_loser_is_incapacitated_and_a_tie_changes_nothing() -> None:
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0101"),
              script=[d(6), d(3), d(4), d(4)])
    assert assault.assault(b, b.s("a"), b.s("g")) is b.s("g")  # 6+1 against 3+1
    assert b.s("g").status is Status.INCAPACITATED
    b.s("g").status = Status.ACTIVE
    assert assault.assault(b, b.s("a"), b.s("g")) is None  # 4+1 against 4+1


@pytest.mark.rule("AR-079")
def test_a_panicked_loser_is_captured() -> None:
    b = bench(kit.us("a", "0101"), kit.german("g", "A", "0101", panicked=True),
              script=[d(2), d(3)])  # 2+1 against 3+1-2
    assault.assault(b, b.s("a"), b.s("g"))
    assert b.s("g").status is Status.CAPTURED and b.s("g").marker is ARSpace.INACTIVE


@pytest.mark.rule("AR-091")
def test_a_charge_moves_up_to_half_the_mpa_then_assaults() -> None:
    b = bench(kit.us("a", "0101", mpa=5), kit.german("g", "A", "0102"),
              script=[d(8), d(0)])
    assert {"action": "move_assault"} in legal(b, b.s("a"))
    b.s("a").stance = Stance.CROUCHING
    assert "standing" in (why(b, "a", Action.MOVE_ASSAULT) or "")
    b.s("a").stance = Stance.STANDING
    seen: list[int] = []

    def first(dec):  # noqa: ANN001, ANN202
        seen.append(dec.facts["left"])
        return {"to": "0102"}

    loser = kit.drive(actions.charge(b, b.s("a"), TurnState(5)), [first, "stop"])
    assert seen == [2]  # half of 5, rounded down
    assert loser is b.s("g") and b.s("a").hex == h("0102")


# -- drag -----------------------------------------------------------------------------------


@pytest.mark.rule("AR-092")
def test_dragging_needs_a_standing_soldier_with_an_empty_port_box() -> None:
    b = bench(kit.us("a", "0101", port_boxes=2), kit.us("n", "0101"),
              kit.us("x", "0101", status=Status.INCAPACITATED))
    assert {"action": "drag", "soldier": "x", "to": "0102"} in legal(b, b.s("a"))
    assert "Port Box" in (why(b, "n", Action.DRAG) or "")
    b.s("a").stance = Stance.CROUCHING
    assert "standing" in (why(b, "a", Action.DRAG) or "")


@pytest.mark.rule("AR-092")
@pytest.mark.rule("AR-096")
def test_a_drag_takes_the_whole_mpa_for_one_hex_and_kills_the_incapacitated_on_a_0() -> None:
    b = bench(kit.us("a", "0101", port_boxes=2),
              kit.us("x", "0101", status=Status.INCAPACITATED), script=[d(0)])
    kit.drive(take_turn(b, b.s("a")), [{"action": "drag", "soldier": "x", "to": "0102"},
                                       "stay"])
    assert b.s("a").hex == h("0102") == b.s("x").hex
    assert b.s("x").status is Status.DEAD
    assert kit.events(b, "drag")[-1].data["rule"] == "AR-096"


# -- pick up or exchange --------------------------------------------------------------------


@pytest.mark.rule("AR-093")
def test_taking_from_an_inactive_soldier_needs_crouching() -> None:
    b = bench(kit.us("a", "0101", ammo=["m1-garand"]),
              kit.us("x", "0101", status=Status.DEAD, weapons=("thompson",), clips=2))
    assert "crouching" in (why(b, "a", Action.PICK_UP) or "")
    b.s("a").stance = Stance.CROUCHING
    got = legal(b, b.s("a"))
    assert {"action": "pick_up", "from": "x", "weapon": "x-thompson"} in got
    assault.pick_up(b, b.s("a"), {"action": "pick_up", "from": "x", "ammo": "thompson"})
    assert b.s("a").clips("thompson") == 1 and b.s("x").clips("thompson") == 1


@pytest.mark.rule("AR-093")
def test_standing_he_exchanges_equipment_with_an_active_friend_but_not_prone() -> None:
    b = bench(kit.us("a", "0101", ammo=["m1-garand"]),
              kit.us("f", "0101", ammo=["mk2-grenade"]), kit.us("p", "0101", stance=Stance.PRONE))
    assert {"action": "pick_up", "from": "f", "ammo": "mk2-grenade"} in legal(b, b.s("a"))
    assert "prone" in (why(b, "p", Action.PICK_UP) or "")


# -- move crew weapon -----------------------------------------------------------------------


def _crew_bench():  # noqa: ANN202
    b = bench(kit.us("a", "0101", weapons=("m1919",), clips=2), kit.us("b", "0101"),
              crew=[kit.crew("mg", "m1919", "a", "b", "0101")])
    b.state.advantage = Side.US
    for s in ("a", "b"):
        b.s(s).marker, b.s(s).turns = ARSpace.ONE_TURN_ADVANTAGE, 1
    return b


@pytest.mark.rule("AR-089")
@pytest.mark.rule("AR-098")
def test_two_carriers_move_the_crew_weapon_together_and_both_spend_their_turn() -> None:
    b = _crew_bench()
    assert {"action": "move_crew", "weapon": "mg", "partner": "b"} in legal(b, b.s("a"))
    shares = dict(b.w("mg").carriers)
    kit.drive(take_turn(b, b.s("a")), [{"action": "move_crew", "weapon": "mg", "partner": "b"},
                                       {"to": "0102"}, "stop", "stay"])
    assert b.s("a").hex == b.s("b").hex == h("0102")
    assert b.state.crew_hex(b.w("mg")) == h("0102") and not b.w("mg").prepared
    assert b.w("mg").carriers == shares  # each keeps his share of the Port Boxes
    assert ("b", "0102", "standing") in b.mission.checks
    assert b.s("b").marker is ARSpace.COMPLETE


@pytest.mark.rule("AR-089")
def test_the_crew_weapon_needs_its_second_carrier_beside_him_in_his_stance() -> None:
    b = _crew_bench()
    b.s("b").stance = Stance.CROUCHING
    assert "AR-089" in (why(b, "a", Action.MOVE_CREW) or "")
    b.s("b").stance = Stance.STANDING
    b.s("b").hex = h("0103")
    assert "AR-089" in (why(b, "a", Action.MOVE_CREW) or "")
