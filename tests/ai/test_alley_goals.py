"""The computer player plays the scenario's awards (ambush_gui.ai.alley_goals).

Three small scenarios under tests/ai/scenarios, each scored by one award Contracting
Trouble does not use, played computer against computer over ten seeds: a fireteam
gets off the north edge round an impassable canal (``figure_exited``), two teams
neutralise Hot Spots (``hot_spot_neutralised``), a team ends in the market hall behind
an impassable lorry park (``zone_held``). Before the computer read the awards every one
of those games ended 0 to 0. Then hand-set positions pin the choices: the goal, the pace,
staying on a Hot Spot, the Insurgents standing in the Regulars' zone, and the reasons.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.ai.alley_goals import Aim, plan
from ambush_gui.ai.simulate import play_out
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Side
from ambush_gui.alley.scenario import Scenario
from ambush_gui.alley.turn import plan_decision
from tests.alley import kit

SCENARIOS = Path(__file__).parent / "scenarios"
SEEDS = range(1, 11)


def played(name: str, seed: int) -> AlleyGame:
    g = AlleyGame(Scenario.load(SCENARIOS / name), seed)
    ai = AlleyAI()
    play_out(g, {"regular": ai, "insurgent": ai})
    assert g.state.outcome is not None
    return g


def test_a_fireteam_gets_off_its_exit_edge_round_an_impassable_canal() -> None:
    """The straight way north runs into the canal; the way round its east end is 40"
    in six turns. Every figure off the north edge scores 2."""
    off = 0
    for seed in SEEDS:
        g = played("canal-exit.toml", seed)
        gone = [f for f in g.state.exited if g.state.exit_edges.get(f.id) == "north"]
        off += bool(gone)
        assert g.state.outcome is not None
        assert g.state.outcome["points"]["regular"] == 2 * len([f for f in gone if f.side is Side.REGULAR])
    assert off >= 8, f"the fireteam got off the north edge in only {off} of {len(SEEDS)} games"


def test_the_computer_neutralises_hot_spots_when_they_score() -> None:
    neutralised = [sum(h.neutralised for h in played("hot-spots.toml", seed).state.hot_spots.values())
                   for seed in SEEDS]
    assert sum(n > 0 for n in neutralised) >= 8
    assert sum(neutralised) >= 14, neutralised  # of 20 Hot Spots in ten games


def test_the_computer_ends_with_figures_in_a_zone_it_holds_for_points() -> None:
    held = 0
    for seed in SEEDS:
        g = played("zone-held.toml", seed)
        held += "zone_held" in g.state.score.awards
    assert held >= 8, f"the market hall was held in only {held} of {len(SEEDS)} games"


# -- hand-set positions ------------------------------------------------------------------

def award(side: str, event: str, points: int, **kw: Any) -> dict[str, Any]:
    return {"side": side, "event": event, "points": points, **kw}


def table(awards: list[dict[str, Any]], units: list[dict[str, Any]], **kw: Any) -> AlleyGame:
    sides = {"regular": {"name": "Marines", "optimum_range": 8, "armor": 1,
                         "friendly_edges": ["north", "south"]},
             "insurgent": {"name": "Insurgents", "optimum_range": 6}}
    g = kit.game(units, victory={"awards": awards}, sides=sides, turn_limit=6, strict=False, **kw)
    g.state.turn = 1
    return g


def test_each_hot_spot_gets_one_unit_and_a_neutralised_one_none() -> None:
    g = table([award("regular", "hot_spot_neutralised", 3)],
              [kit.marines("a", (3, 3)), kit.marines("b", (16, 3)), kit.insurgents("i", (12, 22), n=2)],
              hot_spots=[(1, (5, 12)), (2, (18, 12))])
    goals = plan(g, Side.REGULAR)
    assert goals["a"].aim is Aim.HOT_SPOT and goals["a"].where == (5, 12)
    assert goals["b"].aim is Aim.HOT_SPOT and goals["b"].where == (18, 12)
    assert "Hot Spot 1" in goals["a"].reason and "3 VP" in goals["a"].reason
    g.state.hot_spots[2].neutralised = True
    assert plan(g, Side.REGULAR)["b"].key != "hot:2"


def test_a_unit_on_a_hot_spot_stays_halted_the_whole_turn() -> None:
    """AA-054: in contact at the start of the turn and not moved at its end."""
    g = table([award("regular", "hot_spot_neutralised", 3)],
              [kit.marines("a", (4.0, 11.8)), kit.insurgents("i", (12, 22), n=2)], hot_spots=[(1, (5, 12))])
    a = g.unit("a")
    a.start_contact = (1,)
    d = plan_decision(g, a)
    c = AlleyAI().decide(g, d)
    assert c.answer in ("halted", "overwatch")
    assert "holds Hot Spot 1" in c.reason


def test_a_unit_far_from_its_edge_with_few_turns_left_moves_rapidly() -> None:
    """Pace: 30" to go in three turns needs more than a Cautious 6" a turn, even with an
    enemy in sight; with the whole game ahead, Cautious does, while one is in sight."""
    g = table([award("regular", "figure_exited", 2, edge="north")],
              [kit.marines("a", (10, 2)), kit.insurgents("i", (18, 6), n=2)])
    a = g.unit("a")
    ai = AlleyAI()
    g.state.turn = 4
    c = ai.decide(g, plan_decision(g, a))
    assert c.answer.startswith("rapid:"), c
    assert "north edge" in c.reason and "2 VP a figure" in c.reason
    g.state.turn = 1
    assert AlleyAI().decide(g, plan_decision(g, a)).answer.startswith("cautious:")


def test_a_hot_spot_on_the_way_comes_first_then_the_exit_edge() -> None:
    g = table([award("regular", "hot_spot_neutralised", 3),
               award("regular", "figure_exited", 1, edge="north")],
              [kit.marines("a", (10, 3)), kit.insurgents("i", (2, 22), n=2)], hot_spots=[(1, (11, 12))])
    goal = plan(g, Side.REGULAR)["a"]
    assert goal.aim is Aim.HOT_SPOT
    assert goal.reason.endswith("then off the north edge")
    g.state.turn = 6  # the last turn: no time to sit on the Hot Spot, so it runs for the edge
    assert plan(g, Side.REGULAR)["a"].aim is Aim.EXIT


def test_the_insurgents_stand_in_a_zone_the_regulars_score() -> None:
    """An Insurgent figure in the zone denies zone_held; the one nearest goes there and,
    once in, stays Halted."""
    g = table([award("regular", "zone_held", 5, zone="hall")],
              [kit.marines("a", (3, 2)), kit.insurgents("i", (12, 20), n=3),
               kit.insurgents("j", (2, 22), n=3)],
              pieces=[kit.building("hall", (10, 12, 6, 4))])
    goals = plan(g, Side.INSURGENT)
    assert goals["i"].aim is Aim.DEFEND and "denies" in goals["i"].reason and "5 VP" in goals["i"].reason
    assert plan(g, Side.REGULAR)["a"].aim is Aim.ZONE
    g.unit("i").translate(0, -6)  # now inside the hall
    assert plan(g, Side.INSURGENT)["i"].hold
    d = plan_decision(g, g.unit("i"))
    assert AlleyAI().choose(g, d) == "halted"


def test_the_insurgents_get_across_the_way_to_a_scoring_edge() -> None:
    g = table([award("regular", "figure_exited", 2, edge="north")],
              [kit.marines("a", (10, 12)), kit.insurgents("i", (4, 20), n=3)])
    goal = plan(g, Side.INSURGENT)["i"]
    assert goal.aim is Aim.CUT_OFF and "north edge" in goal.reason
    assert goal.where[1] > 12 and isinstance(goal.where, tuple)  # between the Marines and the edge


def test_a_unit_behind_its_pace_moves_its_whole_allowance_along_the_way() -> None:
    """30" from the edge with three turns left: the move takes all 12" of a Rapid move."""
    from ambush_gui.alley.model import Speed
    from ambush_gui.alley.turn import move_decision, move_rules
    from ambush_gui.core.geometry import path_length

    g = table([award("regular", "figure_exited", 2, edge="north")],
              [kit.marines("a", (10, 2)), kit.insurgents("i", (2, 22), n=2)],
              pieces=[kit.rubble("scrub", (8, 4, 6, 3))])
    g.state.turn = 4
    a = g.unit("a")
    a.speed = Speed.RAPID
    d = move_decision(g, a, 12.0, move_rules(g, a))
    c = AlleyAI().decide(g, d)
    length = path_length([a.centre(), *[tuple(p) for p in c.answer["path"]]])
    assert length > 11.9 and c.answer["path"][-1][1] > 13.5
    assert "north edge" in c.reason


def test_the_escorts_go_out_by_the_edge_the_award_names() -> None:
    """escort_exited names the north edge: the carrier makes for it though the south edge
    (friendly too) is nearer."""
    from ambush_gui.alley.movement import pick_up

    g = table([award("regular", "escort_exited", 4, edge="north")],
              [kit.marines("a", (12, 4)), kit.insurgents("i", (20, 22), n=2)],
              escorts=[{"id": "vip", "at": [12.4, 4.6], "label": "VIP"}])
    a = g.unit("a")
    pick_up(g, a, g.state.ground[0])
    goal = plan(g, Side.REGULAR)["a"]
    assert goal.aim is Aim.CARRY and goal.where == "north"
    assert goal.reason == "carries the VIP out by the north edge: 4 VP each"


def test_with_nothing_left_to_score_a_unit_leaves_unless_leaving_costs_points() -> None:
    """The enemy scores its losses: off the table it is safe; a negative figure_exited
    award (a penalty for leaving) keeps it on the table."""
    units = [kit.marines("a", (10, 6)), kit.insurgents("i", (10, 20), n=2)]
    g = table([award("insurgent", "enemy_killed", 2)], units)
    goal = plan(g, Side.REGULAR)["a"]
    assert goal.aim is Aim.LEAVE and goal.where == "south"
    g = table([award("insurgent", "enemy_killed", 2), award("regular", "figure_exited", -3)], units)
    assert plan(g, Side.REGULAR)["a"].aim is Aim.HUNT


def test_the_insurgents_cut_off_the_way_round_a_canal_not_the_straight_line() -> None:
    """The Marines' way north runs round the canal's east end: the Insurgents stand
    ahead of them on that way, not in the canal's shadow straight north of them."""
    g = table([award("regular", "figure_exited", 2, edge="north")],
              [kit.marines("a", (14, 9)), kit.insurgents("i", (4, 20), n=3)],
              pieces=[{"id": "canal", "kind": "open", "rect": [0, 11, 18, 2], "impassable": True}])
    goal = plan(g, Side.INSURGENT)["i"]
    assert goal.aim is Aim.CUT_OFF and isinstance(goal.where, tuple)
    x, y = goal.where
    assert x > 16 and y < 11.5  # along the bank toward the canal's end


def test_a_goal_no_way_reaches_takes_longer_than_any_game() -> None:
    """An infinite way (a goal shut off by impassable terrain) is never 'in time': it
    once reached math.ceil and raised OverflowError in the middle of a computer turn."""
    from ambush_gui.ai.alley_goals import NEVER, Planner

    g = AlleyGame(Scenario.load(SCENARIOS / "canal-exit.toml"), 1)
    planner = Planner(g, Side.REGULAR)
    unit = g.state.side_units(Side.REGULAR)[0]
    assert planner.turns_to(unit, math.inf) == NEVER > 10_000
    assert planner.turns_to(unit, 0.0) == 0
