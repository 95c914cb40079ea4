"""The dice service's log lines: Ambush!'s 0-9 die reads 0, never 10."""

from __future__ import annotations

from ambush_gui.core.dice import Dice
from ambush_gui.core.events import EventLog


def test_a_zero_nine_die_of_zero_is_logged_as_0() -> None:
    log = EventLog()
    dice = Dice(log=log, script=[10])
    assert dice.zero_to_nine("German Action Number") == 0
    (roll,) = log.events
    assert roll.text == "German Action Number: 1 0-9 die → 0"
    assert "10" not in roll.text
    assert roll.data["zero_nine"] is True
    assert roll.data["faces"] == [10]  # the thrown face stays what the engine counts with


def test_percentile_dice_read_0_to_9() -> None:
    log = EventLog()
    dice = Dice(log=log, script=[10, 3])
    assert dice.percentile("Jam") == 3
    assert log.events[0].text == "Jam: 2 0-9 dice → 0, 3"


def test_an_ambush_alley_d10_keeps_its_10() -> None:
    log = EventLog()
    dice = Dice(log=log, script=[10])
    assert dice.one(10, "Morale Check") == 10
    assert log.events[0].text == "Morale Check: 1d10 → 10"
    assert "zero_nine" not in log.events[0].data
