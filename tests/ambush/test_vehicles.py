"""Loading and unloading a vehicle (seed 002 line 61, AR-094; house rule AR-096) and the
two-vehicles-a-hex limit (seed 002 line 64, AR-104). The minimal vehicle model and its house
rule are in docs/rules/ambush-actions.md ("AR-094 — Vehicles: a minimal model")."""

from __future__ import annotations

import pytest

from ambush_gui.ambush import assault
from ambush_gui.ambush.actions import Action, action_table, legal, take_turn
from ambush_gui.ambush.charts import Stance
from ambush_gui.ambush.fire import IllegalFire
from ambush_gui.ambush.model import Status, Vehicle
from tests.ambush import kit
from tests.ambush.round_kit import bench

d, h = kit.d, kit.h


def why(b, sid: str, action: Action) -> str | None:  # noqa: ANN001
    return next(o.why_not for o in action_table(b, b.s(sid)) if o.action is action)


def truck(b, at: str = "0101", capacity: int = 4, vid: str = "t") -> Vehicle:  # noqa: ANN001
    return b.state.place_vehicle(Vehicle(vid, f"Truck {vid}", h(at), capacity))


@pytest.mark.rule("AR-094")
def test_a_standing_soldier_loads_into_a_vehicle_in_his_hex_and_unloads_again() -> None:
    b = bench(kit.us("a", "0101"), kit.us("far", "0103"))
    v = truck(b)
    assert {"action": "vehicle", "load": "t"} in legal(b, b.s("a"))
    assert "no vehicle in his hex" in (why(b, "far", Action.VEHICLE) or "")
    kit.drive(take_turn(b, b.s("a")), [{"action": "vehicle", "load": "t"}, "stay"])
    assert b.s("a").aboard == "t" and v.passengers == ["a"] and b.s("a").hex == h("0101")
    assert b.state.snapshot()["vehicles"][0]["passengers"] == ["a"]
    got = legal(b, b.s("a"))
    assert {"action": "vehicle", "unload": "t"} in got
    assert {"action": "move"} not in got  # aboard, he unloads before he moves
    kit.drive(take_turn(b, b.s("a")), [{"action": "vehicle", "unload": "t"}, "stay"])
    assert b.s("a").aboard is None and v.passengers == []
    assert kit.events(b, "vehicle")[-1].data["rule"] == "AR-094"


@pytest.mark.rule("AR-094")
def test_loading_or_unloading_needs_him_standing() -> None:
    b = bench(kit.us("a", "0101", stance=Stance.CROUCHING))
    truck(b)
    assert "standing" in (why(b, "a", Action.VEHICLE) or "")
    with pytest.raises(IllegalFire):
        assault.load_or_unload(b, b.s("a"), {"action": "vehicle", "load": "t"})
    b.s("a").stance = Stance.STANDING
    assault.load_or_unload(b, b.s("a"), {"action": "vehicle", "load": "t"})
    b.s("a").stance = Stance.PRONE
    assert "standing" in (why(b, "a", Action.VEHICLE) or "")


@pytest.mark.rule("AR-094")
def test_a_full_vehicle_is_refused() -> None:
    b = bench(kit.us("a", "0101"), kit.us("b", "0101"))
    v = truck(b, capacity=1)
    assault.load_or_unload(b, b.s("a"), {"action": "vehicle", "load": "t"})
    assert v.room == 0
    assert "full" in (why(b, "b", Action.VEHICLE) or "")
    with pytest.raises(IllegalFire):
        assault.load_or_unload(b, b.s("b"), {"action": "vehicle", "load": "t"})


@pytest.mark.rule("AR-094")
@pytest.mark.rule("AR-096")
@pytest.mark.parametrize(("face", "dies"), [(0, True), (7, False)])
def test_an_incapacitated_soldier_loaded_dies_on_a_0_and_survives_another_face(
        face: int, dies: bool) -> None:
    b = bench(kit.us("a", "0101", port_boxes=2),
              kit.us("x", "0101", status=Status.INCAPACITATED), script=[d(face)])
    v = truck(b)
    kit.drive(take_turn(b, b.s("a")), [{"action": "vehicle", "load": "t", "soldier": "x"},
                                       "stay"])
    assert v.passengers == ["a", "x"] and b.s("x").aboard == "t"
    assert (b.s("x").status is Status.DEAD) is dies
    assert kit.events(b, "vehicle")[-1].data["rule"] == "AR-096"


@pytest.mark.rule("AR-094")
@pytest.mark.rule("AR-096")
@pytest.mark.parametrize(("face", "dies"), [(0, True), (3, False)])
def test_an_incapacitated_soldier_unloaded_dies_on_a_0(face: int, dies: bool) -> None:
    b = bench(kit.us("a", "0101", port_boxes=1),
              kit.us("x", "0101", status=Status.INCAPACITATED), script=[d(face)])
    b.state.place_vehicle(Vehicle("t", "Truck", h("0101"), 4, passengers=["a", "x"]))
    assert assault.draggable(b, b.s("a")) == []  # aboard: unloaded first
    assault.load_or_unload(b, b.s("a"), {"action": "vehicle", "unload": "t", "soldier": "x"})
    assert b.s("x").aboard is None and b.state.vehicles["t"].passengers == []
    assert (b.s("x").status is Status.DEAD) is dies


@pytest.mark.rule("AR-094")
def test_carrying_a_casualty_needs_an_empty_port_box_and_room_for_both() -> None:
    b = bench(kit.us("a", "0101"), kit.us("x", "0101", status=Status.INCAPACITATED))
    truck(b)
    got = legal(b, b.s("a"))
    assert {"action": "vehicle", "load": "t"} in got
    assert {"action": "vehicle", "load": "t", "soldier": "x"} not in got  # no Port Box
    b.s("a").port_boxes = 1
    assert {"action": "vehicle", "load": "t", "soldier": "x"} in legal(b, b.s("a"))
    b.state.vehicles["t"].capacity = 1
    assert {"action": "vehicle", "load": "t", "soldier": "x"} not in legal(b, b.s("a"))


@pytest.mark.rule("AR-104")
def test_only_two_vehicles_can_share_a_hex() -> None:
    b = bench(kit.us("a", "0101"))
    truck(b, vid="t1")
    truck(b, vid="t2")
    with pytest.raises(ValueError, match="AR-104"):
        truck(b, vid="t3")
    truck(b, at="0102", vid="t3")
    assert len(b.state.vehicles) == 3


def test_no_vehicles_leave_the_snapshot_unchanged() -> None:
    b = bench(kit.us("a", "0101"))
    snap = b.state.snapshot()
    assert "vehicles" not in snap and "aboard" not in snap["soldiers"][0]
