"""The computer players and civilian mobs (ambush_gui/ai/fof_civilians.py)."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.ai.simulate import make_player, play_out
from ambush_gui.alley import invariants, turn
from ambush_gui.alley.fof import civilians_hostile
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Side
from ambush_gui.alley.scenario import Scenario
from tests.alley import kit
from tests.alley.fof.test_civilians import GUNMEN, MARINES, civ, game, mob
from tests.alley.fof.test_civilians_leaders import GANG, TOUCHING


def test_a_regular_patrol_disperses_a_mob_in_its_way_rather_than_firing_through_it() -> None:
    g = game([MARINES, GUNMEN], [mob("mob1", 4.7, 10)])  # across every line, 5" off
    m = g.unit("m")
    assert turn.fire_targets(g, m) == []
    d = turn.plan_decision(g, m)
    ai = AlleyAI()
    assert ai.choose(g, d) == "civilians/disperse/mob1"
    assert "disperse" in ai.decide(g, d).reason
    aside = game([MARINES, GUNMEN], [mob("mob1", 12, 3)])  # beside it, in nobody's way
    d = turn.plan_decision(aside, aside.unit("m"))
    assert "civilians/disperse/mob1" in d.options
    assert not str(AlleyAI().choose(aside, d)).startswith("civilians/")


def test_a_popular_leader_arms_the_crowd_when_he_can() -> None:
    g = game([MARINES, GANG], [TOUCHING])
    d = turn.plan_decision(g, g.unit("i"))
    assert AlleyAI().choose(g, d) == "civilians/arm/mob1"
    alone = game([MARINES, kit.insurgents("i", (5, 20), n=0, leader=True)], [mob("mob1", 5.3, 19)])
    d = turn.plan_decision(alone, alone.unit("i"))
    assert AlleyAI().choose(alone, d) == "civilians/manipulate/mob1"  # no men: he stirs it up


def test_a_manipulated_mob_goes_into_the_regulars_lines_of_fire() -> None:
    g = game([MARINES, GANG], [mob("mob1", 6.9, 13)], script=[1])
    i = g.unit("i")
    i.translate(0, -6)  # the leader touches the stand, 8" from the Marines
    proc = turn.insurgent_activation(g, i)
    d = kit.asks(g, proc, ["civilians/manipulate/mob1"])
    choice = AlleyAI().choose(g, d)
    x, y = d.facts["to"][choice]
    poly = civ(g).mobs["mob1"].poly
    import shapely.affinity

    cx, cy = civ(g).mobs["mob1"].centre
    moved = shapely.affinity.translate(poly, x - cx, y - cy)
    civ(g).mobs["mob1"].poly = moved
    civ(g)._version += 1
    assert civ(g).fire_blocked(g.unit("m"), i) is not None or y < cy  # across the line, or nearer


def test_a_hostile_mob_blocks_the_nearest_regular_and_taunts_the_nearest() -> None:
    units = [MARINES, kit.marines("n", (16, 5)), GUNMEN]
    g = game(units, [mob("mob1", 9, 7)], settings={"hostile_mobs": ["mob1"]})
    g.state.turn = 2
    ai = AlleyAI()
    d = kit.asks(g, civ(g).phase_start(Side.INSURGENT))
    assert ai.choose(g, d) == "block/m"  # m sees the Insurgents; it is nearest
    d = kit.asks(g, civilians_hostile.taunt(civ(g), civ(g).mobs["mob1"]))
    assert ai.choose(g, d) == "m"


def soak_scenario() -> Scenario:
    data = tomllib.loads(Path("ambush_gui/scenarios/contracting-trouble.toml").read_text())
    data = copy.deepcopy(data)
    data["modules"] = ["civilians"]
    w, h = data["table"]["width"], data["table"]["height"]
    for k, (x, y) in enumerate([(0.3, 0.45), (0.6, 0.55), (0.45, 0.25), (0.7, 0.8)]):
        data["table"]["pieces"].append({"id": f"mob{k + 1}", "kind": "civilian_mob",
                                        "rect": [round(w * x, 1), round(h * y, 1), 3, 2]})
    data["civilians"] = {"hostile_mobs": ["mob4"]}
    return Scenario.from_data(data, "soak")


def test_computer_players_play_whole_games_with_mobs() -> None:
    scn = soak_scenario()
    for seed in range(3):
        g = AlleyGame(scn, seed)
        play_out(g, {s: make_player("ai", "alley", seed) for s in ("regular", "insurgent")})
        assert g.state.outcome is not None and invariants.check(g) == []
        assert any(e.kind == "civilians" for e in g.log.events)


def test_an_insurgent_leader_walks_up_to_a_crowd_near_the_regulars() -> None:
    from ambush_gui.alley.fof.civilians_leaders import leader_in_contact
    from ambush_gui.core.decisions import DecisionKind

    g = game([MARINES, GANG], [mob("mob1", 9.5, 19)], strict=False)  # 2.9" from the leader
    g.state.phase = "insurgent"
    i, ai = g.unit("i"), AlleyAI()
    proc = turn.insurgent_activation(g, i)
    d = kit.asks(g, proc, ["cautious:move-fire"])
    assert d.kind is DecisionKind.MOVE
    choice = ai.choose(g, d)
    assert "popular leader" in ai.decide(g, d).reason
    try:
        while True:  # the rest of the activation: no reaction, no fire
            d = proc.send(d.validate(choice))
            choice = d.options[0]
    except StopIteration:
        pass
    assert leader_in_contact(civ(g), i, civ(g).mobs["mob1"])
    d = turn.plan_decision(g, i)
    assert ai.choose(g, d) == "civilians/arm/mob1"  # next turn: he arms it


def test_a_game_with_mobs_replays_to_the_same_state() -> None:
    """The module's state (mobs, casualties, gunfire) is rebuilt by replaying the decisions."""
    scn = soak_scenario()
    g = AlleyGame(scn, 7)
    play_out(g, {s: make_player("ai", "alley", 7) for s in ("regular", "insurgent")})
    again = AlleyGame(scn, 7)
    for choice in g.decisions:
        again.answer(choice)
    assert again.state_hash() == g.state_hash()
    assert again.snapshot()["modules"]["civilians"] == g.snapshot()["modules"]["civilians"]
