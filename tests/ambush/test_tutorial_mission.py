"""Issue 29: the tutorial ("The Quiet Farm") ends when its job is done: the farm clear (no
German still fights on it) and the farmhouse held. It ended when the farmhouse was entered
while a German still fought in the orchard."""

from __future__ import annotations

from typing import Any

from ambush_gui import systems
from ambush_gui.ambush.model import Mode, Side, Stance, Status
from ambush_gui.core.hexgrid import Hex


def farm(seed: int = 3) -> Any:
    g = systems.new_game(systems.load_scenario(systems.resolve("ambush-tutorial")), seed)
    g.start()
    return g


def out(g: Any, *numbers: int) -> None:
    for n in numbers:
        g.state.soldiers[f"g{n}"].status = Status.DEAD


def read_all(g: Any, number: int) -> list[int]:
    """The paragraphs a reading of ``number`` goes through, its "go to"s followed."""
    seen, reading = [number], g.read(number)
    while reading is not None and reading.goto is not None:
        seen.append(reading.goto)
        reading = g.read(reading.goto)
    return seen


def test_entering_the_farmhouse_while_a_german_still_fights_does_not_end_the_mission() -> None:
    g = farm()
    out(g, 1)  # the sentry is down, but the orchard man fights on
    lenz = g.state.soldiers["g2"]
    lenz.hex, lenz.stance = Hex.from_label("0604"), Stance.PRONE
    g.state.condition = "B"
    assert read_all(g, 5) == [5]  # "hold the house until he is out of it"
    lenz.status = Status.INCAPACITATED
    assert read_all(g, 5) == [5, 13]


def test_the_farmhouse_entered_first_brings_out_the_germans_who_have_not_shown_themselves() -> None:
    g = farm()
    assert read_all(g, 5) == [5, 14]  # the sentry is in the barn
    out(g, 1)
    assert read_all(g, 5) == [5, 15]  # the orchard man shows himself too
    out(g, 2)
    assert read_all(g, 5) == [5, 13]


def test_a_man_holding_the_farmhouse_when_the_farm_falls_quiet_ends_it_at_the_turn_end() -> None:
    g = farm()
    out(g, 1, 2)
    g.state.condition = "B"
    doyle = g.state.soldiers["sgt-doyle"]
    doyle.hex = Hex.from_label("0502")  # he went in while the fight went on, and stayed
    d = g.pending()
    assert g.state.mode is Mode.OPERATIONS and "end" in d.options
    g.answer("end")  # the Operations turn ends: its Event Check
    assert g.over
    read = [e.data.get("paragraph") for e in g.log.events if e.kind == "paragraph"]
    assert read[-3:] == [16, 5, 13]
    assert any(e.kind == "score" and "farmhouse held" in e.data.get("why", "")
               for e in g.log.events)


def test_any_man_may_fill_any_slot_of_the_squad() -> None:
    """A campaign puts the player's chosen men in the tutorial's slots: each enters by the
    same hexes, side by side on the west edge by the lane."""
    spec = systems.load_scenario(systems.resolve("ambush-tutorial")).spec
    entries = {tuple(s.enters) for s in spec.squad}
    assert entries == {("0102", "0103", "0104")}
    g = farm()
    assert all(h.startswith("01") for h in spec.squad[0].enters)  # column 01: the west edge
    assert [s.id for s in g.state.side(Side.US)] == [s.id for s in spec.squad]


def test_no_german_slips_off_the_farm_to_put_off_the_end() -> None:
    """A German who slipped off the map is neither on it nor out of the fight, as one never
    seen: entering the farmhouse would bring him back, again and again. In the tutorial a
    German falls back along the red references instead, and stays on the farm."""
    m = systems.load_scenario(systems.resolve("ambush-tutorial"))
    moves = {a.move for p in m.spec.paragraphs for o in p.options for a in o.do if a.move}
    assert "evasive" not in moves and "references" in moves


def test_the_end_says_why_the_mission_ended_not_the_last_casualty() -> None:
    """The end screen read "Why it ended: Schütze Lenz (B) captured" when the farmhouse was
    held: the casualties' scoring loop reused the name of the reason."""
    g = farm()
    out(g, 1, 2)
    g.state.condition = "B"
    g.state.soldiers["sgt-doyle"].hex = Hex.from_label("0502")
    g.answer("end")
    assert g.result["why"] == "paragraph 13 ends the mission (the points decide)"
    end = next(e for e in g.log.events if e.kind == "mission_end")
    assert end.data["why"] == "paragraph 13 ends the mission (the points decide)"
