"""The raid (``ambush-raid``) and the column ambush (``ambush-column``): the campaign's third
and sixth missions. What each must do for the story to hold: the raid scores the way home
only after the alarm, the mortar only once its crew is out of the fight; the column comes
when the squad is in the ditch, breaks when its Feldwebel falls, and the lane is searched
only when nobody fights on."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.ai.simulate import play_out
from ambush_gui.ambush.game import AmbushGame
from ambush_gui.ambush.mission import SCENARIOS, Mission
from ambush_gui.ambush.paragraphs import GermanFacts, Paragraphs, TableSituation
from ambush_gui.core.dice import Dice
from ambush_gui.core.events import EventLog
from ambush_gui.core.hexgrid import Hex

MISSIONS = ["ambush-raid", "ambush-column"]


def load(name: str) -> Mission:
    return Mission.load(SCENARIOS / f"{name}.toml")


def engine(name: str) -> Paragraphs:
    log = EventLog()
    return Paragraphs(load(name), Dice(0, log), log)


def verbs(readings: Any) -> list[str]:
    return [a.verb for r in readings for a in r.actions]


def on_map(*numbers: int) -> dict[int, GermanFacts]:
    return {n: GermanFacts(hex=Hex.from_label("1204")) for n in numbers}


def out(*numbers: int) -> dict[int, GermanFacts]:
    return {n: GermanFacts(hex=Hex.from_label("1204"), active=False) for n in numbers}


@pytest.mark.parametrize("name", MISSIONS)
def test_the_squad_has_four_to_six_slots_that_any_soldier_can_fill(name: str) -> None:
    """A campaign puts its own men in the slots: every slot enters by the same hexes, and the
    squad's weapons and Ammo Boxes are the default allotment (six boxes at most, FC-039)."""
    m = load(name)
    assert m.warnings == []
    squad = m.spec.squad
    assert 4 <= len(squad) <= 6
    assert len({tuple(s.enters) for s in squad}) == 1
    assert all(len(s.ammo) <= 6 for s in squad)


def test_the_raid_scores_the_way_home_only_once_the_alarm_is_up() -> None:
    m = load("ambush-raid")
    home = Hex.from_label("0105")
    assert m.check_paragraph(home, "A") is None
    assert m.check_paragraph(home, "B") is None
    assert m.check_paragraph(home, "C") == 16
    readings = engine("ambush-raid").read_through(16, TableSituation("C"))
    acts = [a for r in readings for a in r.actions]
    assert [(a.verb, a.score or a.end) for a in acts if a.verb in ("score", "end")] == [
        ("score", 3), ("end", acts[-1].end)]
    assert acts[-1].end is not None and acts[-1].end.value == "points"


def test_the_mortar_is_spiked_only_when_its_crew_is_out_of_the_fight() -> None:
    e = engine("ambush-raid")
    fighting = TableSituation("B", ["1005"], on_map(2) | out(3))
    assert verbs(e.read_through(10, fighting)) == ["hold"]
    spiked = e.read_through(10, TableSituation("B", ["1005"], out(2, 3)))
    assert [r.paragraph for r in spiked][:2] == [10, 11]
    assert "score" in verbs(spiked) and "condition" in verbs(spiked)
    assert spiked[1].sighting == "mortar-spiked"  # once: the points cannot be farmed


def test_the_raid_alarm_brings_men_from_the_east() -> None:
    e = engine("ambush-raid")
    readings = e.read_through(11, TableSituation("B", ["1005"], out(2, 3)))
    activated = [a.activate.german for r in readings for a in r.actions if a.activate]
    assert activated == [7, 5]


def test_the_column_comes_on_a_die_when_a_man_enters_the_ditch_with_the_squad_s_advantage() -> None:
    m = load("ambush-column")
    assert m.check_paragraph(Hex.from_label("0705"), "A") == 1
    assert m.check_paragraph(Hex.from_label("0705"), "B") is None
    log = EventLog()
    e = Paragraphs(m, Dice(0, log, script=(10,), strict=True), log)
    came = e.read_through(1, TableSituation("A", ["0705"]))
    acts = [a for r in came for a in r.actions if a.activate]
    assert [a.activate.german for a in acts if a.activate] == [1, 2, 3, 4]
    assert acts[0].activate is not None and acts[0].activate.advantage is not None
    assert acts[0].activate.advantage.value == "us"
    log = EventLog()
    e = Paragraphs(m, Dice(0, log, script=(9,), strict=True), log)
    assert verbs(e.read_through(1, TableSituation("A", ["0705"]))) == ["hold"]


def test_the_column_breaks_when_its_feldwebel_falls() -> None:
    e = engine("ambush-column")
    still = e.read_through(36, TableSituation("B", ["0705"], on_map(1, 3)), german=1)
    assert "condition" not in verbs(still)
    broken = e.read_through(36, TableSituation("B", ["0705"], on_map(1) | out(3)), german=1)
    assert verbs(broken) == ["condition", "move"]
    assert broken[0].actions[0].condition == "D"


def test_the_lane_is_searched_only_when_no_german_fights_on() -> None:
    e = engine("ambush-column")
    fighting = TableSituation("B", ["0704"], on_map(5) | out(1, 2, 3, 4))
    assert verbs(e.read_through(15, fighting)) == ["hold"]
    done = e.read_through(15, TableSituation("D", ["0704"], out(1, 2, 3, 4, 5)))
    assert verbs(done) == ["goto", "score", "end"]


@pytest.mark.parametrize("name", MISSIONS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_mission_plays_to_its_end_with_the_computer_squad(name: str, seed: int) -> None:
    game = systems.new_game(load(name), seed)
    assert isinstance(game, AmbushGame)
    play_out(game, {"us": systems.computer_player("ambush")})
    assert game.over
    assert systems.invariants(game) == []
    assert [e.kind for e in game.log.events if e.kind == "mission_end"] == ["mission_end"]
