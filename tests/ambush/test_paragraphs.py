"""The German paragraph engine: bulleted and numbered options, conditions, chance and ties by
logged rolls, Self-Preservation, Special Reactions, and walking the red references."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.ambush.charts import DamageResult, Stance
from ambush_gui.ambush.fire import apply_damage
from ambush_gui.ambush.game import AmbushGame
from ambush_gui.ambush.mission import Activate, Mission, Reaction
from ambush_gui.ambush.paragraphs import (
    GermanFacts,
    Paragraphs,
    StateSituation,
    TableSituation,
)
from ambush_gui.core.dice import Dice
from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.events import EventLog
from ambush_gui.core.hexgrid import Hex
from tests.ambush import kit
from tests.ambush.mission_kit import small


def engine(data: dict[str, Any] | None = None, script: tuple[int, ...] = ()) -> Paragraphs:
    log = EventLog()
    return Paragraphs(Mission.from_data(data or small()), Dice(0, log, script=script, strict=True), log)


def situation(**facts: Any) -> TableSituation:
    us = facts.pop("us", ())
    cond = facts.pop("condition", "A")
    return TableSituation(cond, us, {1: GermanFacts(hex=Hex.from_label(facts.pop("at", "0303")),
                                                    **facts)})


def with_paragraph(p: dict[str, Any]) -> dict[str, Any]:
    data = small()
    data["paragraphs"].append(p)
    data["card"]["checks"].append({"at": ["0601"], "paragraph": p["number"]})
    return data


def rolls(e: Paragraphs) -> list[str]:
    return [ev.text for ev in e.log.events if ev.kind == "roll"]


@pytest.mark.rule("AR-111")
def test_numbered_options_take_the_first_that_applies() -> None:
    e = engine()
    r = e.read(10, situation(sees_us=True), german=1)
    assert r.option == 0 and [a.verb for a in r.actions] == ["fire"]
    r = e.read(10, situation(sees_us=False), german=1)
    assert r.option == 1 and r.actions[0].move.value == "references"  # type: ignore[union-attr]
    assert "► 2. else" in r.event.text and "  1. sees" in r.event.text


@pytest.mark.rule("AR-111")
def test_bulleted_options_take_the_one_that_applies() -> None:
    e = engine()
    assert e.read(11, situation(wounded=True), german=1).actions[0].verb == "surrender"
    r = e.read(11, situation(wounded=False), german=1)
    assert r.option == 1 and "► • not wounded" in r.event.text
    assert rolls(e) == []


@pytest.mark.rule("AR-117")
def test_several_bulleted_options_applying_are_settled_by_a_logged_roll() -> None:
    e = engine(with_paragraph({"number": 30, "text": "Both.", "options": [
        {"text": "one", "do": [{"hold": True}]},
        {"text": "two", "when": {"sees_us": True}, "do": [{"fire": "closest"}]}]}), script=(2,))
    r = e.read(30, situation(sees_us=True), german=1)
    assert r.option == 1
    assert rolls(e) and "Random tie" in rolls(e)[0]


def test_no_option_applying_does_nothing_and_says_so() -> None:
    e = engine()
    r = e.read(10, situation(), german=1)  # numbered: 'else' always applies
    assert r.option == 1
    e2 = engine(with_paragraph({"number": 30, "text": "Nothing.", "options": [
        {"text": "only wounded", "when": {"wounded": True}, "do": [{"surrender": True}]}]}))
    r = e2.read(30, situation(), german=1)
    assert r.option is None and r.actions == () and "none applies" in r.event.text


@pytest.mark.rule("AR-111")
def test_one_chance_die_per_reading_split_by_bullets() -> None:
    data = with_paragraph({"number": 30, "text": "Die.", "options": [
        {"text": "low", "when": {"chance": "0-4"}, "do": [{"fire": "closest"}]},
        {"text": "high", "when": {"chance": "5-9"}, "do": [{"move": "evasive"}]}]})
    e = engine(data, script=(kit.d(7),))
    r = e.read(30, situation(), german=1)
    assert r.roll == 7 and r.option == 1 and len(rolls(e)) == 1
    assert "[5-9] high" in r.event.text and "die 7" in r.event.text


def test_a_numbered_chance_not_reached_is_not_rolled() -> None:
    data = with_paragraph({"number": 30, "style": "numbered", "text": "Die.", "options": [
        {"text": "first", "when": {"sees_us": True}, "do": [{"hold": True}]},
        {"text": "chance", "when": {"chance": "0-4"}, "do": [{"move": "evasive"}]}]})
    e = engine(data)
    assert e.read(30, situation(sees_us=True), german=1).option == 0
    assert rolls(e) == []
    e = engine(data, script=(kit.d(0),))
    r = e.read(30, situation(sees_us=False), german=1)
    assert r.option == 1 and r.roll == 0


@pytest.mark.parametrize(("cond", "facts", "expect"), [
    ({"us_within": 1}, {"us": ["0304"]}, True),
    ({"us_within": 0}, {"us": ["0304"]}, False),
    ({"us_in": ["yard"]}, {"us": ["0502"]}, True),
    ({"us_in": ["0101"]}, {"us": ["0502"]}, False),
    ({"condition": "B"}, {"condition": "B"}, True),
    ({"has_ammo": False}, {"has_ammo": False}, True),
    ({"stance": "prone"}, {"stance": "prone"}, True),
    ({"german_active": 1}, {}, True),
    ({"not": {"german_active": 1}}, {}, False),
    ({"all": [{"always": True}, {"wounded": True}]}, {}, False),
    ({"any": [{"wounded": True}, {"sees_us": True}]}, {"sees_us": True}, True),
])
def test_conditions(cond: dict[str, Any], facts: dict[str, Any], expect: bool) -> None:
    e = engine(with_paragraph({"number": 30, "style": "numbered", "text": "?", "options": [
        {"text": "yes", "when": cond, "do": [{"hold": True}]}]}))
    assert (e.read(30, situation(**facts), german=1).option == 0) is expect


def test_a_paragraph_check_asking_about_him_finds_it_does_not_hold() -> None:
    """Nobody reads a Paragraph Check or an Event, so "he sees a US soldier" does not hold
    and the next option applies (issue 12: it used to stop the game; validate warns of it)."""
    reading = engine().read(10, situation(sees_us=True))
    assert reading.option == 1 and reading.german is None


@pytest.mark.rule("AR-110")
def test_a_german_turn_reads_the_condition_column() -> None:
    e = engine()
    t = e.german_turn(1, 6, "B", situation(sees_us=True))
    assert (t.column, t.action_number, t.rerolled, t.reading.paragraph) == ("B", 6, False, 11)
    assert "column B -> paragraph 11" in e.log.events[0].text


@pytest.mark.rule("AR-114")
def test_self_preservation_takes_precedence_in_or_next_to_a_us_hex() -> None:
    e = engine()
    for us in ("0303", "0304"):
        t = e.german_turn(1, 0, "A", situation(us=[us], reactions=frozenset({Reaction.US_INTO_SIGHT})))
        assert (t.column, t.reading.paragraph, t.rerolled) == ("S", 12, False)
    assert e.german_turn(1, 0, "A", situation(us=["0305"])).column == "A"


@pytest.mark.rule("AR-113")
def test_a_special_reaction_rerolls_the_action_number() -> None:
    e = engine(script=(kit.d(4),))
    t = e.german_turn(1, 9, "A", situation(reactions=frozenset({Reaction.US_INTO_SIGHT})))
    assert (t.column, t.action_number, t.rerolled, t.reading.paragraph) == ("R", 4, True, 13)
    assert "Special Reaction R" in rolls(e)[0]


@pytest.mark.rule("AR-112")
def test_reference_walking_stops_when_the_next_hex_costs_too_much() -> None:
    e = engine()  # 0101 -> 0201 -> 0301 -> 0401, all clear (2 MP each)
    w = e.follow_references(Hex.from_label("0101"), 5, "A")
    assert [h.label for h in w.hexes] == ["0201", "0301"] and w.left == 1
    assert "0401 costs 2 MP, 1 left" in w.stopped
    w = e.follow_references(Hex.from_label("0101"), 6, "A")
    assert [h.label for h in w.hexes] == ["0201", "0301", "0401"] and w.left == 0
    assert e.follow_references(Hex.from_label("0101"), 1, "A").hexes == ()


@pytest.mark.rule("AR-102")
def test_reference_walking_stops_in_a_hex_holding_an_enemy() -> None:
    w = engine().follow_references(Hex.from_label("0101"), 6, "A", frozenset({Hex.from_label("0201")}))
    assert [h.label for h in w.hexes] == ["0201"] and "enemy" in w.stopped


@pytest.mark.rule("AR-112")
def test_hexside_features_add_to_the_walk() -> None:
    m = Mission.load(Mission.load.__globals__["SCENARIOS"] / "ambush-hedgerow.toml")
    e = Paragraphs(m, Dice(0))
    # 0802 -> 0902 crosses the hedgerow: 2 (clear) + 3 = 5 MP
    w = e.follow_references(Hex.from_label("0802"), 6, "A")
    assert [h.label for h in w.hexes] == ["0902"] and w.left == 1


@pytest.mark.rule("AR-030")
def test_an_event_whose_sighting_was_made_is_skipped() -> None:
    data = small()
    data["paragraphs"][1]["sighting"] = "yard"
    e = engine(data)
    assert e.event_check(situation(), total=7) is not None
    assert e.event_check(TableSituation("A", (), {}, sightings={"yard"}), total=7) is None
    assert e.event_check(situation(), total=8) is None


@pytest.mark.rule("AR-003")
def test_a_paragraph_check_reads_the_hex_or_area_entered() -> None:
    e = engine()
    r = e.paragraph_check(Hex.from_label("0201"), situation())
    assert r is not None and r.actions[0].activate is not None and r.actions[0].activate.german == 1
    assert r.actions[1].verb == "commence_rounds"
    assert e.paragraph_check(Hex.from_label("0601"), situation()) is None


def test_read_through_follows_go_to() -> None:
    data = small()
    data["paragraphs"][1]["options"][0]["do"] = [{"condition": "B"}, {"goto": 12}]
    rs = engine(data).read_through(2, situation())
    assert [r.paragraph for r in rs] == [2, 12] and rs[0].goto == 12


@pytest.mark.rule("AR-116")
def test_a_state_situation_reads_the_live_game() -> None:
    b = kit.bench(kit.us("a", "0101"), kit.german("g", "A", "0104", number=1), script=())
    b.state.condition = "A"
    s = StateSituation(b)
    assert s.sees_us(1) and not s.us_within(1, 2) and s.us_within(1, 3)
    assert s.has_ammo(1) and s.german_active(1) and not s.german_active(2)
    assert s.condition() == "A" and s.us_in(frozenset({Hex.from_label("0101")}))


def test_the_tutorial_reads_end_to_end() -> None:
    m = Mission.load(Mission.load.__globals__["SCENARIOS"] / "ambush-tutorial.toml")
    log = EventLog()
    e = Paragraphs(m, Dice(0, log, script=(kit.d(2),), strict=True), log)
    s = TableSituation("A", ["0303"], {})
    rs = e.read_through(1, s)
    assert [r.paragraph for r in rs] == [1, 2]
    assert [a.verb for a in rs[1].actions] == ["activate", "condition", "commence_rounds"]
    assert rs[1].sighting == "farmhouse-sentry"


# -- issue 26: "has appeared and is out of the fight" -----------------------------------------


@pytest.mark.rule("AR-111", "AR-053", "AR-107")
def test_german_out_holds_only_for_a_german_who_appeared_and_is_out_of_the_fight() -> None:
    """``german_out`` is not ``not german_active``: a German not yet seen, or one who slipped
    off the map (AR-107), is not out of the fight; one incapacitated, killed or captured
    (AR-053) is. ``not german_active`` keeps its meaning for files written before."""
    data = small()
    data["paragraphs"][1]["options"] = [
        {"text": "out", "when": {"german_out": 1}, "do": [{"condition": "B"}]},
        {"text": "not on the map", "when": {"not": {"german_active": 1}}, "do": [{"hold": True}]},
        {"text": "else", "do": [{"stance": "prone"}]}]
    data["paragraphs"][1]["style"] = "numbered"
    e = engine(data)
    cases = {"never seen": {}, "on the map": {1: GermanFacts(hex=Hex.from_label("0303"))},
             "slipped away": {1: GermanFacts(hex=None)},
             "out": {1: GermanFacts(hex=Hex.from_label("0303"), active=False)}}
    got = {name: e.read(2, TableSituation("A", (), germans)).option
           for name, germans in cases.items()}
    assert got == {"never seen": 1, "on the map": 2, "slipped away": 1, "out": 0}


def test_german_out_names_a_german_card() -> None:
    data = small()
    data["paragraphs"][1]["options"][0]["when"] = {"german_out": 7}
    with pytest.raises(ScenarioError) as err:
        Mission.from_data(data, "bad.toml")
    assert err.value.problems == [("paragraphs[1].options[0].when.german_out",
                                   "no German card numbered 7")]


def hedgerow(*faces: int) -> AmbushGame:
    m = Mission.load(Mission.load.__globals__["SCENARIOS"] / "ambush-hedgerow.toml")
    game = AmbushGame(m, 0, Dice(0, script=[kit.d(f) for f in faces], strict=True))
    game.state.condition = "B"
    return game


def run(proc: Any) -> None:
    """Carry out a reading that asks nothing."""
    for _ in proc:
        raise AssertionError("the reading asked for a decision")


@pytest.mark.rule("AR-111", "AR-053", "AR-030")
def test_hedgerow_paragraph_24_waits_until_german_1_has_appeared_and_is_out() -> None:
    """Paragraph 24 (the whistle: "if German 1 is out of the fight ... they pull out") read
    in turn 1 did fire although German 1 had never appeared. Now: not before he appears,
    not while he fights, not after he slipped away, and on 0-4 once he is out of the fight."""
    game = hedgerow(2, 2)
    brandt = game.state.soldiers["g1"]
    r = game.read(24)
    assert r is not None and r.option == 1 and r.roll is None  # never seen: no die, nothing
    assert game.activate(Activate(german=1, hex="1005", stance=Stance.CROUCHING)) is brandt
    r = game.read(24)
    assert r is not None and r.option == 1  # he fights on
    brandt.hex, brandt.left_map = None, True  # slipped away east: he may come back (AR-107)
    r = game.read(24)
    assert r is not None and r.option == 1
    brandt.hex, brandt.left_map = Hex.from_label("1005"), False
    apply_damage(game, brandt, DamageResult.KILLED, "test")
    r = game.read(24)
    assert r is not None and (r.option, r.roll) == (0, 2)
    run(game.carry_out(r))
    assert game.state.condition == "C"


@pytest.mark.rule("AR-111", "AR-011", "AR-053")
@pytest.mark.parametrize(("paragraph", "german", "other"), [(15, 3, 1), (26, 3, 1), (22, 5, 1)])
def test_hedgerow_a_german_out_of_the_fight_is_not_called_up_again(
        paragraph: int, german: int, other: int) -> None:
    """Paragraphs 15, 26 ("if German 3 is not on the map, activate him ... Commence Rounds")
    and 22 (German 5) took a German out of the fight for one not on the map: the activation
    was refused (house rule AR-011), but the Condition went back to B (from C, the garrison
    withdrawing) and Rounds began with nobody new. Now the option for "he is gone" applies."""
    game = hedgerow()
    game.state.condition = "C"
    g = game.activate(Activate(german=german, hex="0905"))
    assert g is not None
    apply_damage(game, g, DamageResult.KILLED, "test")
    r = game.read(paragraph)
    assert r is not None and r.option == other
    run(game.carry_out(r))
    assert game.state.condition == "C"
