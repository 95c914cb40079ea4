"""Command and commanders (seed 002; AR-014, AR-026, AR-055..063, AR-095)."""

from __future__ import annotations

import pytest

from ambush_gui.ambush import command
from ambush_gui.ambush.actions import Action, action_table, legal
from ambush_gui.ambush.charts import ARSpace
from ambush_gui.ambush.model import Side
from tests.ambush import kit
from tests.ambush.round_kit import bench


@pytest.mark.rule("AR-055")
def test_in_command_when_his_ldr_and_his_hex_mates_come_to_five() -> None:
    b = bench(kit.us("a", "0101", ldr=3), kit.us("b", "0101", ldr=2), kit.us("c", "0105", ldr=1))
    assert command.command_sum(b, b.s("a")) == 5 and command.in_command(b, b.s("a"))
    assert not command.in_command(b, b.s("c"))


@pytest.mark.rule("AR-056")
@pytest.mark.rule("AR-058")
def test_a_commander_projects_ldr_two_hexes_and_the_soldiers_there_project_back() -> None:
    b = bench(kit.us("sgt", "0101", ldr=4), kit.us("p", "0103", ldr=1), kit.us("far", "0104"))
    assert command.is_commander(b.s("sgt")) and not command.is_commander(b.s("p"))
    assert command.command_sum(b, b.s("p")) == 5  # his 1 + the sergeant's 4
    assert command.command_sum(b, b.s("sgt")) == 5  # his 4 + the private's 1
    assert not command.in_command(b, b.s("far"))  # three hexes away


@pytest.mark.rule("AR-057")
def test_a_panicked_commander_has_no_command_radius() -> None:
    b = bench(kit.us("sgt", "0101", ldr=4, panicked=True), kit.us("p", "0102", ldr=1))
    assert command.command_sum(b, b.s("p")) == 1


@pytest.mark.rule("AR-014")
def test_off_map_soldiers_count_as_one_hex_for_command() -> None:
    b = bench(kit.us("sgt", None, ldr=3), kit.us("p", None, ldr=2), kit.us("q", "0101", ldr=1))
    assert command.in_command(b, b.s("p"))
    assert not command.in_command(b, b.s("q"))


@pytest.mark.rule("AR-060")
@pytest.mark.rule("AR-061")
@pytest.mark.rule("AR-095")
def test_giving_a_turn_raises_the_receiver_one_space() -> None:
    b = bench(kit.us("sgt", "0101", ldr=4), kit.us("p", "0103"), kit.us("w", "0102",
              wounded=True), kit.us("far", "0104"))
    b.state.advantage = Side.US
    b.s("sgt").marker = ARSpace.ONE_TURN_ADVANTAGE
    assert {"action": "give_turn", "soldier": "p"} in legal(b, b.s("sgt"))
    assert "wounded" in (command.why_not_give(b, b.s("sgt"), b.s("w")) or "")
    assert "two hexes" in (command.why_not_give(b, b.s("sgt"), b.s("far")) or "")
    command.give_turn(b, b.s("sgt"), b.s("p"), advantage=True)
    assert b.s("p").marker is ARSpace.ONE_TURN_ADVANTAGE
    command.give_turn(b, b.s("sgt"), b.s("p"), advantage=True)
    assert b.s("p").marker is ARSpace.TWO_TURN_ADVANTAGE
    assert command.why_not_give(b, b.s("sgt"), b.s("p")) is not None  # 2-Turn: no more


@pytest.mark.rule("AR-063")
def test_an_unaware_soldier_cannot_receive_a_turn() -> None:
    b = bench(kit.us("sgt", "0101", ldr=4), kit.us("p", "0102", aware=False))
    assert "unaware" in (command.why_not_give(b, b.s("sgt"), b.s("p")) or "")


@pytest.mark.rule("AR-026")
def test_an_aware_commander_wakes_an_unwounded_soldier_within_two_hexes() -> None:
    b = bench(kit.us("sgt", "0101", ldr=4), kit.us("p", "0103", aware=False),
              kit.us("w", "0102", aware=False, wounded=True))
    assert legal(b, b.s("sgt")).count({"action": "wake", "soldier": "p"}) == 1
    assert "wounded" in (command.why_not_wake(b, b.s("sgt"), b.s("w")) or "")
    command.wake(b, b.s("sgt"), b.s("p"))
    assert b.s("p").aware


def test_a_private_may_neither_give_turns_nor_wake() -> None:
    b = bench(kit.us("p", "0101"), kit.us("q", "0102", aware=False))
    why = {o.action: o.why_not for o in action_table(b, b.s("p"))}
    assert "commander" in (why[Action.GIVE_TURN] or "")
    assert "commander" in (why[Action.WAKE] or "")
