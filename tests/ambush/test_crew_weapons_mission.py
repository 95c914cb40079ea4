"""Crew weapons from a mission file to the firing line (issue 13): a machinegun on two US
soldiers' cards is one crew weapon they carry (FC-052..054), the Operations turn sets it up
(FC-056), moving a piece takes it down (FC-057), and the crew fire action fires it, never a
personal weapon (AR-077). Also the stance rules of loading and preparing (AR-084, AR-087),
the six-box limit on picking up (FC-039), vehicles in a multiple target (FC-031), and
the ammunition bearer who carries his partner's rounds (issue 26, FC-065)."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.ambush import assault
from ambush_gui.ambush.actions import Action, action_table, legal, take_turn
from ambush_gui.ambush.charts import ARSpace, Side, Stance
from ambush_gui.ambush.fire import (
    FireType,
    IllegalFire,
    Target,
    clip_holder,
    hit_odds,
    load_bazooka,
    prepare_crew_weapon,
)
from ambush_gui.ambush.game import AmbushGame
from ambush_gui.ambush.mission import Mission
from ambush_gui.ambush.model import Mode, Status, Vehicle
from ambush_gui.core.decisions import DecisionKind
from tests.ambush import kit, mission_kit
from tests.ambush.round_kit import bench

UPRIGHT_ONLY = "standing or crouching"


def squad(*cards: dict[str, Any]) -> dict[str, Any]:
    """The small mission with this squad (each card the kit's rifleman, changed)."""
    data = mission_kit.small()
    able = data["squad"][0]
    data["squad"] = [dict(able, **c) for c in cards]
    return data


def gunners(**kw: Any) -> dict[str, Any]:
    """Able and Baker carry an M1919 between them; Charlie has a rifle."""
    return squad(
        {"id": "a", "name": "Able", "weapons": ["m1-carbine", "m1919"],
         "ammo": ["m1-carbine", "m1919", "m1919"], "port_boxes": 2, **kw},
        {"id": "b", "name": "Baker", "weapons": ["m1919"], "ammo": ["m1919"], "port_boxes": 1},
        {"id": "c", "name": "Charlie"},
    )


def warned(m: Mission, where: str) -> list[str]:
    return [what for path, what in m.warnings if path == where]


# -- the mission format ------------------------------------------------------------------------


@pytest.mark.rule("FC-052", "FC-053", "FC-054")
def test_a_machinegun_on_two_soldiers_cards_is_one_crew_weapon_they_carry() -> None:
    m = Mission.from_data(gunners())
    (mg,) = m.crew_weapons()
    assert (mg.weapon, mg.carriers, mg.prepared) == ("m1919", {"a": 2, "b": 1}, False)
    able, baker, _ = m.us_soldiers()
    assert [w.weapon for w in able.weapons] == ["m1-carbine"]  # not a personal weapon
    assert baker.weapons == []
    assert m.warnings == []
    game = AmbushGame(m, 0)
    assert list(game.state.crew_weapons) == [mg.id]
    assert game.state.crew_weapons[mg.id].carriers == {"a": 2, "b": 1}


@pytest.mark.rule("FC-054")
def test_a_heavy_machinegun_splits_its_four_port_boxes_two_and_two() -> None:
    data = gunners(port_boxes=2)
    for card in data["squad"][:2]:
        card["weapons"] = [w.replace("m1919", "m2-hmg") for w in card["weapons"]]
        card["ammo"] = [w.replace("m1919", "m2-hmg") for w in card["ammo"]]
    data["squad"][1]["port_boxes"] = 2
    (mg,) = Mission.from_data(data).crew_weapons()
    assert mg.carriers == {"a": 2, "b": 2}


@pytest.mark.rule("FC-053")
def test_a_machinegun_on_one_card_only_is_given_the_next_free_soldier_with_a_warning() -> None:
    """Files written before crew weapons loaded keep loading: the inferred partner and his
    Port Boxes are warnings that say what was taken."""
    data = squad({"id": "a", "name": "Able", "weapons": ["m1919"], "ammo": ["m1919"]},
                 {"id": "b", "name": "Baker", "weapons": ["m1-garand"]})
    m = Mission.from_data(data)
    (mg,) = m.crew_weapons()
    assert mg.carriers == {"a": 2, "b": 1}
    (note,) = warned(m, "squad[0].weapons[0]")
    assert "carried by Able with Baker" in note and "FC-053" in note
    assert "port_boxes = 2" in warned(m, "squad[0].port_boxes")[0]
    assert "port_boxes = 1" in warned(m, "squad[1].port_boxes")[0]
    assert [w.weapon for w in m.us_soldiers()[1].weapons] == ["m1-garand"]
    assert AmbushGame(m, 0).state.crew_weapons[mg.id].carriers == {"a": 2, "b": 1}
    assert data["squad"][1]["weapons"] == ["m1-garand"]  # the caller's data is not changed


def test_a_lone_gunner_with_nobody_to_share_it_keeps_loading_with_a_warning() -> None:
    m = Mission.from_data(squad({"id": "a", "name": "Able", "weapons": ["m1919"],
                                 "ammo": ["m1919"]}))
    assert m.crew_weapons() == []
    assert "no other soldier is free" in warned(m, "squad[0].weapons[0]")[0]
    AmbushGame(m, 0)


@pytest.mark.rule("FC-039", "FC-001")
def test_a_belt_on_a_third_soldier_loads_and_feeds_the_gun_in_his_hex() -> None:
    """Issue 26: a box ties to no owner. Charlie's M1919 belt is accepted without a warning,
    and in play it feeds the gun when he stands in its hex (a friend's box there, FC-001)."""
    data = gunners()
    data["squad"][2]["ammo"] = ["m1-garand", "m1919"]
    assert Mission.from_data(data).warnings == []
    b = bench(kit.us("s", "0101", weapons=(), ammo=[], stance=Stance.CROUCHING),
              kit.us("p", "0101", weapons=(), ammo=[], stance=Stance.CROUCHING),
              kit.us("x", "0102", weapons=("m1-garand",), ammo=["m1919"]),
              crew=[kit.crew("mg", "m1919", "s", "p", "0101")])
    assert clip_holder(b, b.s("s"), b.w("mg")) is None
    b.s("x").hex = kit.h("0101")
    assert clip_holder(b, b.s("s"), b.w("mg")) is b.s("x")


# -- Operations --------------------------------------------------------------------------------


def ops_game() -> AmbushGame:
    return AmbushGame(Mission.from_data(gunners()), 0)


@pytest.mark.rule("FC-056", "FC-057")
def test_the_operations_turn_sets_up_a_crew_weapon_whose_pieces_share_a_hex() -> None:
    game = ops_game()
    mg = next(iter(game.state.crew_weapons.values()))
    game.answer({"soldier": "a", "to": "0101"})
    game.answer({"soldier": "b", "to": "0101"})
    assert not mg.prepared  # carried in this turn, not set up yet
    game.answer("end")
    assert mg.prepared and mg.at is not None and mg.at.label == "0101"
    (e,) = [e for e in game.log.events if e.kind == "crew"]
    assert e.data["rule"] == "FC-056" and "M1919" in e.text and e.data["by"] is None
    d = game.pending()
    assert d is not None and d.kind is DecisionKind.AMBUSH_OPERATIONS and game.turn == 2
    game.answer({"soldier": "a", "to": "0102"})  # FC-057: a piece moves
    assert not mg.prepared and mg.at is None
    game.answer("end")
    assert not mg.prepared  # the pieces are apart (FC-055)
    game.answer({"soldier": "b", "to": "0102"})
    game.answer("end")
    assert mg.prepared and mg.at is not None and mg.at.label == "0102"


@pytest.mark.rule("FC-056")
def test_a_crew_weapon_set_up_at_the_end_of_the_turn_is_ready_when_the_event_starts_rounds() -> None:
    """The Event Check ends the Operations turn; a paragraph it reads may commence Rounds
    (AR-029, AR-001): the gun whose pieces stood together all turn is already set up."""
    data = gunners()
    data["card"]["events"] = {str(t): 1 for t in range(2, 13)}  # every Event: the ambush
    game = AmbushGame(Mission.from_data(data), 0)
    mg = next(iter(game.state.crew_weapons.values()))
    game.answer({"soldier": "a", "to": "0101"})
    game.answer({"soldier": "b", "to": "0101"})
    game.answer("end")
    assert game.state.mode is Mode.ROUNDS and game.turn == 1
    assert mg.prepared and mg.at is not None and mg.at.label == "0101"
    kinds = [e.kind for e in game.log.events]
    assert kinds.index("crew") < kinds.index("paragraph")


# -- Rounds: the crew fire action fires the crew weapon -----------------------------------------


def crew_bench(with_mg: bool = True, prepared: bool = True) -> Any:
    b = bench(kit.us("s", "0101", weapons=("thompson",), stance=Stance.CROUCHING, ws=2),
              kit.us("p", "0101", weapons=("m1-garand",), ammo=["m1919", "m1919"],
                     stance=Stance.CROUCHING),
              kit.german("g", "A", "0104"),
              crew=[kit.crew("mg", "m1919", "s", "p", "0101" if prepared else None)]
              if with_mg else [])
    b.state.advantage = Side.US
    for sid in ("s", "p"):
        b.s(sid).marker, b.s(sid).turns = ARSpace.ONE_TURN_ADVANTAGE, 1
    return b


@pytest.mark.rule("AR-077")
@pytest.mark.parametrize(("with_mg", "prepared"), [(False, False), (True, False)])
def test_crew_weapon_fire_is_not_offered_without_a_prepared_crew_weapon(
    with_mg: bool, prepared: bool,
) -> None:
    """Two crouching men with a Thompson and a rifle are no machinegun crew."""
    b = crew_bench(with_mg, prepared)
    assert not [o for o in legal(b, b.s("s")) if o.get("action") == "crew_aimed"]
    assert {"action": "aimed"} in legal(b, b.s("s"))  # his Thompson fires on its own row


@pytest.mark.rule("AR-077", "FC-060")
def test_crew_weapon_fire_fires_the_crew_weapon_and_spends_the_partner_s_turn() -> None:
    b = crew_bench()
    assert {"action": "crew_aimed", "partner": "p"} in legal(b, b.s("s"))
    proc = take_turn(b, b.s("s"))
    d = kit.asks(proc, [{"action": "crew_aimed", "partner": "p"}])
    assert d.kind is DecisionKind.AMBUSH_TARGET
    assert {o["weapon"] for o in d.options} == {"mg"}  # never the Thompson
    assert {o["fire"] for o in d.options} == {"aimed"}
    assert d.facts["partner"] == "p"


@pytest.mark.rule("AR-078", "FC-059")
def test_a_lone_crouching_crewman_snap_fires_the_crew_weapon_once() -> None:
    b = crew_bench()
    b.s("p").stance = Stance.STANDING
    assert not [o for o in legal(b, b.s("s")) if o.get("action") == "crew_aimed"]
    d = kit.asks(take_turn(b, b.s("s")), [{"action": "snap"}])
    assert {"weapon": "mg", "fire": "snap", "target": "g"} in d.options


# -- AR-084, AR-087: stance for loading a bazooka and preparing a crew weapon ------------------


@pytest.mark.rule("AR-084")
@pytest.mark.parametrize(("stance", "ok"), [(Stance.STANDING, True), (Stance.CROUCHING, True),
                                            (Stance.PRONE, False)])
def test_only_a_standing_or_crouching_soldier_loads_a_bazooka(stance: Stance, ok: bool) -> None:
    b = bench(kit.us("a", "0101", weapons=("m1-garand", "bazooka"),
                     ammo=["m1-garand", "bazooka"], stance=stance))
    offered = {"action": "prepare_bazooka", "carrier": "a", "weapon": "a-bazooka"} \
        in legal(b, b.s("a"))
    assert offered is ok
    if ok:
        load_bazooka(b, b.s("a"), b.s("a"), "a-bazooka")
        assert b.w("a-bazooka").prepared
    else:
        why = next(o.why_not for o in action_table(b, b.s("a"))
                   if o.action is Action.PREPARE_BAZOOKA)
        assert why is not None and "AR-084" in why and UPRIGHT_ONLY in why
        with pytest.raises(IllegalFire, match="prone"):
            load_bazooka(b, b.s("a"), b.s("a"), "a-bazooka")
        assert not b.w("a-bazooka").prepared and b.s("a").clips("bazooka") == 1


@pytest.mark.rule("AR-087")
@pytest.mark.parametrize(("stance", "ok"), [(Stance.STANDING, True), (Stance.CROUCHING, True),
                                            (Stance.PRONE, False)])
def test_only_a_standing_or_crouching_soldier_prepares_a_crew_weapon(
    stance: Stance, ok: bool,
) -> None:
    b = bench(kit.us("a", "0101", weapons=(), ammo=[], stance=stance),
              kit.us("b", "0101", weapons=(), ammo=[], stance=Stance.PRONE),
              crew=[kit.crew("mg", "m1919", "a", "b")])
    offered = {"action": "prepare_crew", "weapon": "mg"} in legal(b, b.s("a"))
    assert offered is ok
    if ok:
        prepare_crew_weapon(b, "mg", b.s("a"))
        assert b.w("mg").prepared
    else:
        why = next(o.why_not for o in action_table(b, b.s("a")) if o.action is Action.PREPARE_CREW)
        assert why is not None and "AR-087" in why and UPRIGHT_ONLY in why
        with pytest.raises(IllegalFire, match="prone"):
            prepare_crew_weapon(b, "mg", b.s("a"))
        assert not b.w("mg").prepared


# -- FC-039: six Ammo Boxes, also when picking up ----------------------------------------------


@pytest.mark.rule("FC-039")
@pytest.mark.parametrize(("boxes", "may_take_ammo"), [(5, True), (6, False)])
def test_a_soldier_with_six_ammo_boxes_picks_up_no_more(boxes: int, may_take_ammo: bool) -> None:
    b = bench(kit.us("a", "0101", ammo=["m1-garand"] * boxes, stance=Stance.CROUCHING),
              kit.us("x", "0101", status=Status.DEAD, weapons=("thompson",), clips=2))
    got = legal(b, b.s("a"))
    take = {"action": "pick_up", "from": "x", "ammo": "thompson"}
    assert (take in got) is may_take_ammo
    assert {"action": "pick_up", "from": "x", "weapon": "x-thompson"} in got  # a weapon is no box
    if may_take_ammo:
        assault.pick_up(b, b.s("a"), take)
        assert len(b.s("a").ammo) == 6
    else:
        with pytest.raises(IllegalFire):
            assault.pick_up(b, b.s("a"), take)
        assert len(b.s("a").ammo) == 6 and b.s("x").clips("thompson") == 2


# -- FC-031: vehicles count, even if immune ----------------------------------------------------


@pytest.mark.rule("FC-031")
@pytest.mark.parametrize(("weapon", "fire", "shift"), [
    ("bar", FireType.AIMED, 1), ("bar", FireType.SNAP, 0), ("m1-garand", FireType.AIMED, 0)])
@pytest.mark.parametrize("aboard", [None, "g"])
def test_a_vehicle_in_the_target_hex_counts_as_a_target_even_if_immune(
    aboard: str | None, weapon: str, fire: FireType, shift: int,
) -> None:
    """Aimed BAR fire at a lone German beside a vehicle (empty, or his own): +1, as for a
    second German; the BAR cannot hurt the car but it counts. Snap fire and a rifle gain
    nothing."""
    b = bench(kit.us("a", "0101", weapons=[weapon], ws=0), kit.german("g", "A", "0103"))
    b.state.place_vehicle(Vehicle("car", "Kübelwagen", kit.h("0103"), 4,
                                  [aboard] if aboard else []))
    odds = hit_odds(b, b.s("a"), f"a-{weapon}", fire, Target("g"))
    assert odds is not None
    got = [m for m in odds.modifiers if m.rule == "FC-031"]
    assert sum(m.value for m in got) == shift
    if shift:
        assert "1 vehicle" in got[0].label and "2 targets" in got[0].label


# -- issue 26: the ammunition bearer carries his partner's bazooka rounds ----------------------


def bearer() -> dict[str, Any]:
    """Baker carries the bazooka and no round; Charlie, his ammunition bearer, carries the
    rounds (seed 004 ties a round to no one). Every Event sets off the ambush: a German in
    0103, who only holds, two hexes from the team in 0101."""
    data = squad(
        {"id": "b", "name": "Baker", "weapons": ["m1-carbine", "bazooka"], "ammo": ["m1-carbine"]},
        {"id": "c", "name": "Charlie", "weapons": ["m1-carbine"],
         "ammo": ["m1-carbine", "bazooka", "bazooka"]},
    )
    data["card"]["events"] = {str(t): 1 for t in range(2, 13)}
    data["paragraphs"][0]["options"][0]["do"][0]["activate"]["hex"] = "0103"
    for p in data["paragraphs"][2:4]:  # paragraphs 10 and 11: he holds
        p["options"] = [{"text": "hold", "do": [{"hold": True}]}]
    return data


@pytest.mark.rule("FC-065", "FC-039", "AR-084")
def test_a_bearer_with_his_partners_bazooka_rounds_validates_and_plays() -> None:
    """The mission validates with no warning, and plays through the engine: Charlie loads
    Baker's bazooka from his own Ammo Boxes (FC-065), Baker fires it, the round is crossed
    off (FC-067)."""
    m = Mission.from_data(bearer(), "bearer.toml")
    assert m.warnings == []
    game = AmbushGame(m, 3)
    game.answer({"soldier": "b", "to": "0101"})
    game.answer({"soldier": "c", "to": "0101"})
    game.answer("end")  # the Event Check: the ambush, Rounds begin
    assert game.state.mode is Mode.ROUNDS
    load = {"action": "prepare_bazooka", "carrier": "b", "weapon": "b-bazooka-1"}
    fired = False
    for _ in range(400):
        d = game.pending()
        if d is None or fired:
            break
        opts = list(d.options)
        who = d.facts.get("soldier") or d.facts.get("firer")
        if d.kind is DecisionKind.AMBUSH_ACTION and game.state.soldiers[who].stance \
                is Stance.PRONE:
            game.answer({"stance": "crouching"})  # up from the prone a panic left him in
        elif d.kind is DecisionKind.AMBUSH_ACTION and who == "c" and load in opts:
            game.answer(load)
        elif d.kind is DecisionKind.AMBUSH_ACTION and who == "b" \
                and game.state.soldiers["b"].weapon("b-bazooka-1").prepared \
                and {"action": "aimed"} in opts:
            game.answer({"action": "aimed"})
        elif d.kind is DecisionKind.AMBUSH_TARGET and who == "b":
            shot = next(o for o in opts if isinstance(o, dict) and o.get("weapon") == "b-bazooka-1")
            game.answer(shot)
            fired = True
        else:
            calm = {"action": "pass"}
            game.answer(calm if calm in opts else "stay" if "stay" in opts else opts[0])
    loads = [e.data for e in game.log.events if e.kind == "bazooka"]
    assert loads and loads[0]["loader"] == "c" and loads[0]["source"] == "c"
    shots = [e.data for e in game.log.events if e.kind == "fire" and e.data.get("weapon") == "b-bazooka-1"]
    assert shots and shots[0]["firer"] == "b"
    st = game.state
    assert st.soldiers["c"].clips("bazooka") == 1 and st.soldiers["b"].clips("bazooka") == 0
    assert not st.soldiers["b"].weapon("b-bazooka-1").prepared  # the round is used (FC-067)


@pytest.mark.rule("FC-065", "AR-093")
def test_the_bearer_hands_rounds_over_only_in_the_gunners_hex() -> None:
    """Rounds pass as the rules let them: the bearer loads the bazooka or the gunner takes a
    box from him (AR-093), both only in one hex; from another hex neither is offered."""
    b = bench(kit.us("b", "0101", weapons=("bazooka",), ammo=[]),
              kit.us("c", "0102", weapons=("m1-carbine",), ammo=["bazooka"]))
    for s in ("b", "c"):
        assert not [o for o in legal(b, b.s(s))
                    if o.get("action") in ("prepare_bazooka", "pick_up")]
    with pytest.raises(IllegalFire, match="FC-065"):
        load_bazooka(b, b.s("c"), b.s("b"), "b-bazooka")
    b.s("c").hex = kit.h("0101")
    assert {"action": "prepare_bazooka", "carrier": "b", "weapon": "b-bazooka"} in legal(b, b.s("c"))
    take = {"action": "pick_up", "from": "c", "ammo": "bazooka"}
    assert take in legal(b, b.s("b"))
    assault.pick_up(b, b.s("b"), take)
    assert b.s("b").clips("bazooka") == 1 and b.s("c").ammo == []


@pytest.mark.rule("FC-039")
def test_a_box_nobody_in_the_squad_can_fire_is_a_warning_naming_the_soldier() -> None:
    data = bearer()
    data["squad"][1]["ammo"].append("thompson")
    m = Mission.from_data(data, "bearer.toml")
    (w,) = m.warnings
    place, what = m.describe(*w)
    assert place == "US soldier c, ammo[3]"
    assert what.startswith("an Ammo Box of 'thompson' (")
    assert "fits no weapon anyone in the squad carries" in what and "expected a clip" in what
