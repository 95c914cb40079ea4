"""Fresh Insurgents: the Insurgency Level, timing, the Contracting Trouble reinforcement
table and where new units come from (AA-059..062, CT-019..038, CT-041)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ambush_gui.alley import reinforcements
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import FigureKind, Side
from ambush_gui.alley.pools import firepower
from ambush_gui.alley.scenario import Scenario
from ambush_gui.alley.weapons import WEAPONS, Support
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.dice import Dice, Die
from tests.alley import kit

CT = Path(__file__).resolve().parents[2] / "ambush_gui" / "scenarios" / "contracting-trouble.toml"
SPOTS = [(1, (12, 20)), (2, (20, 12)), (3, (4, 20)), (4, (20, 4)), (5, (20, 20))]
S, L = FigureKind.SOLDIER, FigureKind.LEADER
NONE = "none"


def ct(script: list[int]) -> AlleyGame:
    """Contracting Trouble itself, its dice scripted."""
    return AlleyGame(Scenario.load(CT), 0, Dice(script=script, strict=True))


def at_level(level: int, script: list[int]) -> AlleyGame:
    """A test table whose Insurgency Level is a number instead of "Automatic"."""
    scn = kit.scenario([kit.marines("m", (2, 2))], hot_spots=SPOTS)
    table = scn.spec.reinforcements
    assert table is not None
    spec = scn.spec.model_copy(update={"reinforcements": table.model_copy(update={"level": level})})
    return AlleyGame(Scenario(spec, "<test>"), 0, Dice(script=script, strict=True))


def first(d: Decision) -> Any:
    return d.options[0]


def table_rolls(g: AlleyGame) -> list[str]:
    return [t for t in kit.roll_texts(g) if t.startswith("Insurgent reinforcements")]


def arrivals(g: AlleyGame) -> list[Any]:
    return kit.events(g, "arrive")


# -- the Insurgency Level and timing --------------------------------------------------------------


@pytest.mark.rule("AA-059")
def test_an_insurgency_check_of_1d6_at_or_under_the_level_calls_for_a_table_roll() -> None:
    """AA-059: Level 3: a 3 brings a 2d6 roll on the table; a 4 brings nobody."""
    g = at_level(3, [3, 3, 3, 2, 4, 1])  # check 3; 2d6 = 6: 1d6+2 rifles; no leader; Hot Spot 1
    kit.drive(g, reinforcements.arrive(g), [first])
    assert kit.roll_texts(g)[0].startswith("Insurgency check") and len(table_rolls(g)) == 1
    assert len(g.state.side_units(Side.INSURGENT)) == 1
    h = at_level(3, [4])
    kit.drive(h, reinforcements.arrive(h))
    assert len(kit.roll_texts(h)) == 1 and not h.state.side_units(Side.INSURGENT)


@pytest.mark.rule("AA-060")
@pytest.mark.rule("CT-019")
def test_contracting_trouble_reinforcements_are_automatic() -> None:
    """AA-060, CT-019: Level "Automatic": no Insurgency check, straight to the 2d6 table."""
    g = ct([3, 3, 2, 4, 1])
    assert g.spec.reinforcements is not None and g.spec.reinforcements.level == "automatic"
    kit.drive(g, reinforcements.arrive(g), [first])
    assert kit.roll_texts(g)[0].startswith("Insurgent reinforcements: 2d6")
    assert len(arrivals(g)) == 1


@pytest.mark.rule("AA-061")
@pytest.mark.rule("CT-038")
@pytest.mark.rule("CT-035")
def test_each_unit_of_a_roll_again_result_rolls_its_own_hot_spot() -> None:
    """AA-061, CT-038, house rule CT-035: a 4 (1d6 rifles, roll again) then a 10 (one
    light support figure) make two units, each with its own Hot Spot roll."""
    g = ct([2, 2, 3, 2, 1, 5, 5, 3, 2])
    kit.drive(g, reinforcements.arrive(g), [first, first])
    spots = [e.data["hot_spot"] for e in arrivals(g)]
    assert spots == [1, 2]
    units = [g.unit(e.data["unit"]) for e in arrivals(g)]
    assert [sorted(f.weapon for f in u.figures) for u in units] == [["rifle"] * 3, ["lmg"]]
    assert len([t for t in kit.roll_texts(g) if t.startswith("Hot Spot")]) == 2


@pytest.mark.rule("CT-035")
def test_roll_again_stops_after_three_extra_rolls() -> None:
    """House rule CT-035: four 4s in a row make four units and no fifth table roll."""
    script: list[int] = []
    for spot in (1, 2, 3, 4):
        script += [2, 2, 1, 2, spot]  # a 4: one rifleman, no leader, his own Hot Spot
    g = ct(script)
    kit.drive(g, reinforcements.arrive(g), [first] * 4)
    assert len(table_rolls(g)) == 4 and len(arrivals(g)) == 4 and g.dice.scripted == 0


@pytest.mark.rule("AA-062")
def test_arrivals_come_at_the_start_of_turn_2_and_may_interrupt_and_act_at_once() -> None:
    """House rule AA-062: the unit that arrives as turn 2 begins is offered an interrupt
    of the Marines' move and an action in that turn's Insurgent phase."""
    g = kit.game(
        [kit.marines("m", (10, 8))], hot_spots=SPOTS, turn_limit=2, script=[3, 3, 2, 1, 1]
    )  # 6: 1d6+2 = 4 figures, one a leader; Hot Spot 1
    seen: list[tuple[int, Decision]] = []

    def answer(d: Decision) -> Any:
        seen.append((g.state.turn, d))
        if d.kind is DecisionKind.PLAN:
            return "cautious:move-fire" if g.state.turn == 2 and d.side == "regular" else "halted"
        if d.kind is DecisionKind.MOVE:
            return {"path": [[11.2, 10]]}
        if d.kind is DecisionKind.INSURGENT_ACT:
            return "r1" if "r1" in d.options else "end"
        if d.kind is DecisionKind.FIRE:
            return "hold"
        if d.kind in (DecisionKind.INTERRUPT, DecisionKind.REACT):
            return NONE
        return d.options[0]

    d = g.pending()
    while d is not None:
        g.answer(answer(d))
        d = g.pending()
    assert [e.data["unit"] for e in kit.events(g, "arrive")] == ["r1"]
    ev = g.log.events
    turn2 = next(k for k, e in enumerate(ev) if e.kind == "turn" and e.data["turn"] == 2)
    came = next(k for k, e in enumerate(ev) if e.kind == "arrive")
    assert turn2 < came < next(k for k, e in enumerate(ev) if k > came and e.kind == "activate")
    interrupts = [d for t, d in seen if d.kind is DecisionKind.INTERRUPT]
    assert interrupts and {o["unit"] for o in interrupts[0].options if o != NONE} == {"r1"}
    acts = [d for t, d in seen if d.kind is DecisionKind.INSURGENT_ACT and t == 2]
    assert "r1" in acts[0].options and g.unit("r1").activated


@pytest.mark.rule("CT-021")
def test_one_table_roll_a_turn_and_none_in_turn_1() -> None:
    """House rule CT-021: turns 1, 2, 3 throw 0, 1 and 1 reinforcement rolls."""
    g = kit.game(
        [kit.marines("m", (2, 2))],
        hot_spots=SPOTS,
        turn_limit=3,
        script=[3, 3, 2, 4, 1, 4, 4, 3, 4, 2],
    )  # 6 then 8
    d = g.pending()
    per_turn: Counter[int] = Counter()
    count = 0
    while d is not None:
        g.answer(
            {DecisionKind.PLAN: "halted", DecisionKind.INSURGENT_ACT: "end"}.get(
                d.kind, d.options[0]
            )
        )
        now = len(table_rolls(g))
        per_turn[g.state.turn] += now - count
        count = now
        d = g.pending()
    assert [per_turn[t] for t in (1, 2, 3)] == [0, 1, 1]


# -- the Contracting Trouble table ----------------------------------------------------------------

ROWS = {
    # total: (script for the counts, RPG type and leader check; the figures that arrive)
    2: ([3, 4], {(S, "rifle"): 3, (S, "lmg"): 1}),
    3: ([4, 4], {(S, "rpg"): 1}),
    4: ([5, 4], {(S, "rifle"): 5}),
    5: ([4, 4], {(S, "rpg"): 1}),
    6: ([1, 4], {(S, "rifle"): 3}),
    7: ([2], {(S, "rifle"): 2, (S, "lmg"): 1, (L, "rifle"): 1}),
    8: ([6, 4], {(S, "rifle"): 8}),
    9: ([2, 4], {(S, "rifle"): 2}),
    10: ([4], {(S, "lmg"): 1}),
    11: ([3, 2], {(S, "rifle"): 3, (S, "rpg"): 1, (L, "rifle"): 1}),
    12: ([6, 5, 4], {(S, "rifle"): 11}),
}
RULES = {
    2: "CT-022",
    3: "CT-023",
    4: "CT-024",
    5: "CT-025",
    6: "CT-026",
    7: "CT-027",
    8: "CT-028",
    9: "CT-029",
    10: "CT-030",
    11: "CT-031",
    12: "CT-032",
}


@pytest.mark.rule("CT-020")
@pytest.mark.rule("CT-022")
@pytest.mark.rule("CT-023")
@pytest.mark.rule("CT-024")
@pytest.mark.rule("CT-025")
@pytest.mark.rule("CT-026")
@pytest.mark.rule("CT-027")
@pytest.mark.rule("CT-028")
@pytest.mark.rule("CT-029")
@pytest.mark.rule("CT-030")
@pytest.mark.rule("CT-031")
@pytest.mark.rule("CT-032")
@pytest.mark.parametrize("total", sorted(ROWS))
def test_each_line_of_the_2d6_table_brings_its_figures(total: int) -> None:
    """CT-020, CT-022..032: each 2d6 total brings the shipped table's figures (rows 4 and
    9 roll again; rows 7 and 11 bring their own leader and need no leader check)."""
    script, expected = ROWS[total]
    g = ct(script)
    assert g.spec.reinforcements is not None
    entry = g.spec.reinforcements.table[total]
    figs = reinforcements.build_figures(g, entry, total)
    assert Counter(figs) == Counter(expected), RULES[total]
    assert entry.roll_again == (total in (4, 9))
    assert g.dice.scripted == 0
    assert ("Leader check" in " ".join(kit.roll_texts(g))) == (total not in (7, 11))


@pytest.mark.rule("CT-033")
def test_each_rpg_rolls_1d6_and_5_or_6_makes_it_an_at_rpg() -> None:
    """CT-033: 4 -> RPG, 5 -> AT RPG, 6 -> AT RPG."""
    weapons = []
    for face in (4, 5, 6):
        g = ct([face, 4])
        assert g.spec.reinforcements is not None
        weapons.append(reinforcements.build_figures(g, g.spec.reinforcements.table[3], 3)[0][1])
    assert weapons == ["rpg", "at_rpg", "at_rpg"]


@pytest.mark.rule("CT-034")
def test_an_at_rpg_is_a_medium_support_weapon_like_the_rpg() -> None:
    """House rule CT-034: the AT RPG adds 2 Firepower dice, as an RPG does."""
    assert WEAPONS["at_rpg"].support is Support.MEDIUM and WEAPONS["at_rpg"].dice == 2
    g = kit.game(
        [
            kit.marines("m", (2, 2)),
            kit.insurgents("a", (2, 20), weapons=["at_rpg"], leader=True),
            kit.insurgents("r", (12, 20), weapons=["rpg"], leader=True),
        ]
    )
    m = g.unit("m")
    assert firepower(g, g.unit("a"), m).dice == firepower(g, g.unit("r"), m).dice


@pytest.mark.rule("CT-036")
def test_a_leaderless_arrival_gets_a_leader_on_a_1_and_comes_leaderless_otherwise() -> None:
    """CT-036: a 1 on the leader check swaps one figure for a leader; a 2 does not."""
    for face, leaders in ((1, 1), (2, 0)):
        g = ct([3, 3, 3, face, 1])  # 6: 1d6+2 = 5 rifles; the leader check; Hot Spot 1
        kit.drive(g, reinforcements.arrive(g), [first])
        unit = g.unit(arrivals(g)[0].data["unit"])
        assert len(unit.figures) == 5
        assert sum(f.kind is L for f in unit.figures) == leaders


@pytest.mark.rule("CT-037")
@pytest.mark.rule("CT-041")
def test_a_rifleman_becomes_the_leader_else_the_gunner_keeping_his_weapon() -> None:
    """House rule CT-037: row 2 (rifles + LMG) promotes a rifleman and keeps its d6; row
    10's lone LMG gunner becomes a leader with his LMG, a detached leader rolling d8;
    every other arrival is TQ d6, Morale d10 (CT-041)."""
    g = ct([1, 1, 2, 1, 1])  # 2: 1d6 = 2 rifles + LMG; leader check 1; Hot Spot 1
    kit.drive(g, reinforcements.arrive(g), [first])
    unit = g.unit(arrivals(g)[0].data["unit"])
    assert Counter((f.kind, f.weapon) for f in unit.figures) == Counter(
        {(L, "rifle"): 1, (S, "rifle"): 1, (S, "lmg"): 1}
    )
    assert (unit.tq, unit.morale) == (Die.D6, Die.D10)
    h = ct([5, 5, 1, 2])  # 10: one LMG; leader check 1; Hot Spot 2
    kit.drive(h, reinforcements.arrive(h), [first])
    lone = h.unit(arrivals(h)[0].data["unit"])
    assert [(f.kind, f.weapon) for f in lone.figures] == [(L, "lmg")]
    assert lone.is_detached_leader and lone.tq is Die.D8


@pytest.mark.rule("CT-037")
def test_the_leader_check_is_for_reinforcements_only() -> None:
    """House rule CT-037: the leaderless starting gunmen (map point 1) throw no leader
    check: setting up throws no die at all."""
    g = ct([])
    assert g.unit("i1").leader is None
    assert g.pending() is not None and not kit.roll_texts(g)


@pytest.mark.rule("AA-059")
def test_every_turns_reinforcement_dice_are_fresh_throws_of_the_one_seeded_stream() -> None:
    """AA-059, AA-052: a play-test of The Orchard Battery saw the same reinforcement dice
    on turns 2 and 3 (4 and 6, then Hot Spot 6). Chance, not a reused stream: a whole
    seeded game's dice, the Insurgency checks, the 2d6 and the Hot Spots of several turns
    among them, are exactly the successive throws of the one stream its seed starts, never
    restarted nor thrown again (about one pair of turns in 216 repeats by chance)."""
    from ambush_gui import systems
    from ambush_gui.ai.simulate import make_player, play_out

    game = systems.new_game(systems.load_scenario(systems.resolve("the-orchard-battery")), 5)
    play_out(game, {side: make_player("normal", "alley", k)
                    for k, side in enumerate(("regular", "insurgent"))})
    rolls = [e.data for e in game.log.events if e.kind == "roll"]
    turns = {e.data["turn"] for e in game.log.events if e.kind == "turn"}
    arrivals = [t for t in turns if any(
        e.kind == "roll" and e.data["purpose"] == "Insurgent reinforcements"
        for e in _turn_events(game, t))]
    assert len(arrivals) >= 2
    stream = Dice(5)  # the same seed, thrown afresh
    expected = [list(stream.roll(r["sides"], len(r["faces"]))) for r in rolls]
    assert [r["faces"] for r in rolls] == expected


def _turn_events(game: Any, turn: int) -> list[Any]:
    """The events of one game turn, from its "turn" event to the next."""
    out, inside = [], False
    for e in game.log.events:
        if e.kind == "turn":
            inside = e.data["turn"] == turn
        elif inside:
            out.append(e)
    return out


def test_the_log_says_what_a_table_roll_brings_in_words() -> None:
    """"Reinforcement roll 7: 3 with small arms" left a new player to guess what the 3
    counted and what became of them: the line says who arrives."""
    from ambush_gui.alley.scenario import ReinforcementEntry as Row

    g = at_level(3, [3, 3, 3, 2, 4, 1])  # check 3; 2d6 = 6: 1d6+2 rifles; no leader; Hot Spot 1
    kit.drive(g, reinforcements.arrive(g), [first])
    told = [e.text for e in kit.events(g, "reinforce")]
    assert told and told[0].startswith("Reinforcement roll 6: ") and told[0].endswith(" arrive")
    assert reinforcements.describe(Row(small_arms=3)) == "3 fighters with small arms arrive"
    assert reinforcements.describe(Row(small_arms=1)) == "1 fighter with small arms arrives"
    assert reinforcements.describe(Row(leader=True)) == "a Leader arrives"
    assert reinforcements.describe(Row(small_arms="1d6", rpg=1, leader=True, roll_again=True)) == \
        "1d6 fighters with small arms, a Leader and 1 fighter with an RPG arrive, and roll again"
    assert reinforcements.describe(Row()) == "nobody arrives"
