"""Victory awards (issue 11): a scenario lists what scores; the higher total wins.

Each test loads a small scenario snippet whose ``[[victory.awards]]`` use one or more
of the nine award events, sets up (or plays) an end state, finishes the game and
checks the score, line by line. House rule CT-047: the higher total wins, equal
totals are a draw. CT-042..046 are the shorthand keys' awards.
"""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from ambush_gui.alley import turn, victory
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Injury
from ambush_gui.alley.movement import move_along
from ambush_gui.alley.scenario import SHORTHAND, AwardEvent, Scenario, ScenarioError, VictorySpec
from ambush_gui.core.dice import Dice
from tests.alley import kit


def award(side: str, event: str, points: int, **kw: Any) -> dict[str, Any]:
    return {"side": side, "event": event, "points": points, **kw}


def game(awards: list[dict[str, Any]], units: list[dict[str, Any]] | None = None,
         insurgent_zone: dict[str, Any] | None = None, **kw: Any) -> AlleyGame:
    """Police (a team of four at 5,5) against Gunmen (four at 5,15), scored by ``awards``."""
    sides: dict[str, Any] = {"regular": {"name": "Police", "member": "officer", "optimum_range": 8,
                                         "friendly_edges": ["south", "west"]},
                             "insurgent": {"name": "Gunmen", "optimum_range": 6}}
    if insurgent_zone is not None:
        sides["insurgent"]["deployment"] = [insurgent_zone]
    units = units or [kit.marines("m", (5, 5)), kit.insurgents("i", (5, 15))]
    extra = {"victory": {"awards": awards}, "sides": sides, **kw}
    scn = kit.scenario(units, **extra)
    return AlleyGame(scn, 0, Dice(0, script=[], strict=True))


def lines(g: AlleyGame) -> list[tuple[str, int, str]]:
    return [(s.value, p, w) for s, p, w in g.state.score.lines]


def fig(g: AlleyGame, fid: str) -> Any:
    return next(f for f in g.state.all_figures() if f.id == fid)


def finish(g: AlleyGame) -> tuple[int, int]:
    out = victory.finish(g)
    return out["points"]["regular"], out["points"]["insurgent"]


# -- the shorthand ---------------------------------------------------------------------------------

@pytest.mark.rule("CT-042")
def test_the_five_contracting_trouble_keys_are_shorthand_for_five_awards() -> None:
    """No awards and no keys: Contracting Trouble's five terms at their points (CT-042..046).
    With awards, only the keys written add to them, before the list."""
    got = [(a.side.value, a.event.value, a.points) for a in VictorySpec().all_awards()]
    assert got == [("regular", "escort_exited", 5), ("regular", "none_left_behind", 5),
                   ("insurgent", "enemy_wounded", 1), ("insurgent", "enemy_killed", 2),
                   ("insurgent", "captive_held", 5)]
    spec = VictorySpec.model_validate({"marine_killed": 3,
                                       "awards": [award("regular", "hot_spot_neutralised", 2)]})
    assert [(a.event.value, a.points) for a in spec.all_awards()] == [
        ("enemy_killed", 3), ("hot_spot_neutralised", 2)]
    assert set(SHORTHAND) == {"contractor_escorted", "none_left_behind", "marine_wounded", "marine_killed",
                              "captive"}


def test_awards_alone_score_nothing_else() -> None:
    g = game([award("regular", "hot_spot_neutralised", 3)])
    fig(g, "m-1").injury = Injury.KILLED  # no enemy_killed award: worth nothing
    assert finish(g) == (0, 0)
    assert g.state.outcome is not None and g.state.outcome["winner"] == "draw"


# -- each event ------------------------------------------------------------------------------------

@pytest.mark.rule("CT-042")
def test_escort_exited_scores_each_escort_brought_off_and_only_by_the_edge_named() -> None:
    """An unhurt VIP handed off the south edge and a wounded informant off the west edge:
    the award for the west edge scores the informant only; a plain award both."""
    g = game([award("regular", "escort_exited", 4, edge="west"), award("regular", "escort_exited", 1)],
             escorts=[{"id": "vip", "at": [12, 2], "label": "VIP"},
                      {"id": "inf", "at": [2, 12], "label": "informant", "wounded": True}])
    st = g.state
    vip, inf = st.ground
    for f, edge in ((vip, "south"), (inf, "west")):
        st.ground.remove(f)
        st.exited.append(f)
        st.exit_edges[f.id] = edge
    assert finish(g) == (6, 0)
    assert lines(g) == [("regular", 4, "informant inf escorted off the table by the west edge"),
                        ("regular", 1, "VIP vip escorted off the table"),
                        ("regular", 1, "informant inf escorted off the table")]
    assert g.state.score.awards == ["escort_exited"] * 3


@pytest.mark.rule("DC-011")
def test_an_escort_handed_off_a_friendly_edge_records_the_edge_it_left_by() -> None:
    """DC-011: a unit ending its move within 1" of a friendly edge hands its Dependants off;
    the edge is remembered for an escort_exited award that names one."""
    g = game([award("regular", "escort_exited", 3, edge="south")],
             units=[kit.marines("m", (5, 3)), kit.insurgents("i", (5, 15))],
             escorts=[{"id": "vip", "at": [5.4, 2.4], "label": "VIP"}])
    m = g.unit("m")
    x, y = m.centre()
    rest = move_along(g, m, [(x, y), (x, 1.2)], 2)  # stops at the VIP to take him in (CT-048)
    assert [f.id for f in m.dependants] == ["vip"]
    move_along(g, m, rest, 2)
    turn.hand_off(g, m)
    assert [f.id for f in g.state.exited] == ["vip"] and g.state.exit_edges["vip"] == "south"
    assert finish(g) == (3, 0)


@pytest.mark.rule("CT-043")
def test_none_left_behind_scores_once_unless_a_casualty_lies_on_the_table() -> None:
    g = game([award("regular", "none_left_behind", 5)])
    assert finish(g) == (5, 0)
    assert lines(g) == [("regular", 5, "no officer casualty or POW left behind")]
    h = game([award("regular", "none_left_behind", 5)])
    m1 = fig(h, "m-1")
    h.unit("m").figures.remove(m1)
    m1.injury, m1.dependant = Injury.MODERATE, True
    h.state.ground.append(m1)
    assert finish(h) == (0, 0)


@pytest.mark.rule("CT-044")
@pytest.mark.rule("CT-045")
def test_enemy_wounded_and_killed_score_each_enemy_figure_in_the_sides_own_words() -> None:
    """The Gunmen score the Police's losses; the Police score Gunmen casualties, which are
    removed at once (AA-154) and so count as killed. A penalty is negative points."""
    g = game([award("insurgent", "enemy_wounded", 1), award("insurgent", "enemy_killed", 2),
              award("regular", "enemy_killed", -1)])  # hearts and minds: a killing costs
    fig(g, "m-1").injury = Injury.SLIGHT
    fig(g, "m-2").injury = Injury.KILLED
    i1 = fig(g, "i-1")
    g.unit("i").figures.remove(i1)
    g.state.removed.append((i1, "casualty"))
    assert finish(g) == (-1, 3)
    assert lines(g) == [("insurgent", 1, "officer m-1 wounded"), ("insurgent", 2, "officer m-2 killed"),
                        ("regular", -1, "Gunman i-1 killed")]
    assert g.state.outcome is not None and g.state.outcome["winner"] == "insurgent"


@pytest.mark.rule("CT-046")
def test_captive_held_scores_each_captive_and_each_escort_never_brought_away() -> None:
    g = game([award("insurgent", "captive_held", 4)],
             escorts=[{"id": "vip", "at": [12, 12], "label": "VIP"}])
    pow_ = fig(g, "m-1")
    g.unit("m").figures.remove(pow_)
    pow_.captive, pow_.dependant = True, True
    g.unit("i").figures.append(pow_)
    assert finish(g) == (0, 8)
    assert lines(g) == [("insurgent", 4, "VIP vip held at the end"),
                        ("insurgent", 4, "officer POW m-1 held at the end")]


@pytest.mark.rule("AA-054")
def test_hot_spot_neutralised_scores_each_hot_spot_a_unit_sat_on_for_a_turn() -> None:
    """AA-054: a Regular unit that began the turn in contact and did not move neutralises
    the Hot Spot at the end of the turn; each neutralised Hot Spot scores."""
    g = game([award("regular", "hot_spot_neutralised", 3)], hot_spots=[(1, (6, 5.5)), (2, (20, 20))])
    m = g.unit("m")
    m.start_contact = (1,)
    turn.end_turn(g)
    assert g.state.hot_spots[1].neutralised and not g.state.hot_spots[2].neutralised
    assert finish(g) == (3, 0)
    assert lines(g) == [("regular", 3, "Hot Spot 1 neutralised")]


@pytest.mark.rule("CT-015")
def test_figure_exited_scores_each_own_figure_off_the_edge_named() -> None:
    """A team leaving the table across the west edge: 4 figures, 2 points each, for the
    west-edge award; the south-edge award (also a friendly edge) scores nothing."""
    g = game([award("regular", "figure_exited", 2, edge="west"),
              award("regular", "figure_exited", 5, edge="south")])
    m = g.unit("m")
    m.translate(-8, 0)
    turn.exit_table(g, m)
    assert set(g.state.exit_edges.values()) == {"west"}
    assert finish(g) == (8, 0)
    assert lines(g)[0] == ("regular", 2, "officer m-1 off the table by the west edge")


def test_an_exit_award_for_an_edge_the_side_cannot_leave_by_is_refused() -> None:
    """Figures leave only across their side's friendly edges, so an award for another edge,
    or for a side with no friendly edge, could never score: the file is refused, naming
    the award and the edges the side has."""
    with pytest.raises(ScenarioError) as e:
        game([award("regular", "figure_exited", 5, edge="north")])
    assert "award 1, edge" in str(e.value)
    assert e.value.problems[0][0] == "victory.awards[0].edge"  # programs still find the place
    assert "Police leave only by their friendly edges (south, west)" in str(e.value)
    with pytest.raises(ScenarioError) as e:
        game([award("insurgent", "escort_exited", 5)], escorts=[{"id": "vip", "at": [20, 4]}])
    assert "Gunmen have no friendly edge" in str(e.value)


def test_zone_held_needs_own_figures_in_the_zone_and_no_enemy() -> None:
    hall = kit.building("hall", (3, 3, 6, 4))
    g = game([award("regular", "zone_held", 6, zone="hall"), award("insurgent", "zone_held", 6, zone="hall")],
             pieces=[hall])
    assert finish(g) == (6, 0)
    assert lines(g) == [("regular", 6, "hall held at the end")]
    h = game([award("regular", "zone_held", 6, zone="hall")], pieces=[hall])
    h.unit("i").translate(0, -9.5)  # a Gunman in the hall too: held by nobody
    assert finish(h) == (0, 0)


def test_zone_cleared_scores_once_when_a_unit_first_stands_in_the_zone_alone() -> None:
    """The Gunmen sit in the market; the Police move in when they are gone: cleared on
    turn 2, and it stays cleared though the Gunmen come back."""
    market = {"id": "market", "kind": "open", "label": "Market", "rect": [2, 13, 8, 5]}
    g = game([award("regular", "zone_cleared", 4, zone="market")], pieces=[market])
    g.state.turn = 1
    m, i = g.unit("m"), g.unit("i")
    x, y = m.centre()
    move_along(g, m, [(x, y), (x, 9)], 4)
    victory.check_zones(g)
    assert g.state.zones_cleared == {}  # nobody in the market yet
    i.translate(10, 0)  # the Gunmen leave the market
    g.state.turn = 2
    m.translate(0, 6)
    victory.check_zones(g)
    assert g.state.zones_cleared == {"regular:market": ("m", 2)}
    assert g.snapshot()["zones_cleared"] == {"regular:market": ["m", 2]}
    i.translate(-10, 0)  # back again: the award is already won
    g.state.turn = 3
    victory.check_zones(g)
    assert finish(g) == (4, 0)
    assert lines(g) == [("regular", 4, "Market cleared by Marines m on turn 2")]


def test_a_deployment_zone_with_an_id_is_a_zone_too() -> None:
    g = game([award("insurgent", "zone_held", 2, zone="north-end")],
             insurgent_zone={"id": "north-end", "label": "North end", "rect": [0, 12, 24, 12]})
    assert finish(g) == (0, 2)
    assert lines(g) == [("insurgent", 2, "North end held at the end")]


# -- the winner, the words -------------------------------------------------------------------------

@pytest.mark.rule("CT-047")
def test_equal_totals_are_a_draw_and_the_log_explains_every_point() -> None:
    g = game([award("regular", "none_left_behind", 2), award("insurgent", "enemy_wounded", 2)])
    fig(g, "m-1").injury = Injury.SLIGHT
    assert finish(g) == (2, 2)
    assert g.state.outcome is not None and g.state.outcome["winner"] == "draw"
    texts = [e.text for e in g.log.events if e.kind in ("score", "victory")]
    assert texts == ["Police +2: no officer casualty or POW left behind (none_left_behind)",
                     "Gunmen +2: Marines m, fighter 1 wounded (enemy_wounded)",
                     "A draw: Police 2 VP, Gunmen 2 VP"]
    # the side's words are the scenario's (the kit's unit is named "Marines m")
    assert not any("Marine" in t.replace("Marines m,", "") or "Regular" in t for t in texts)


def test_every_award_event_read_from_a_toml_snippet() -> None:
    """A scenario snippet as a designer writes it, using all nine events."""
    text = '''
    [[victory.awards]]
    side = "regular"
    event = "escort_exited"
    points = 5
    edge = "south"
    [[victory.awards]]
    side = "regular"
    event = "none_left_behind"
    points = 2
    [[victory.awards]]
    side = "insurgent"
    event = "enemy_wounded"
    points = 1
    [[victory.awards]]
    side = "insurgent"
    event = "enemy_killed"
    points = 2
    [[victory.awards]]
    side = "insurgent"
    event = "captive_held"
    points = 5
    [[victory.awards]]
    side = "regular"
    event = "hot_spot_neutralised"
    points = 3
    [[victory.awards]]
    side = "regular"
    event = "figure_exited"
    points = 1
    edge = "west"
    [[victory.awards]]
    side = "insurgent"
    event = "zone_held"
    points = 4
    zone = "hall"
    [[victory.awards]]
    side = "regular"
    event = "zone_cleared"
    points = -3
    zone = "hall"
    '''
    victory_data = tomllib.loads(text)["victory"]
    # civilian_casualty needs the civilians module: tests/alley/fof/test_civilians.py scores it
    events = {e.value for e in AwardEvent} - {"civilian_casualty"}
    assert {a["event"] for a in victory_data["awards"]} == events
    hall = kit.building("hall", (3, 13, 6, 4))
    g = game(victory_data["awards"], pieces=[hall], hot_spots=[(1, (20, 20))],
             escorts=[{"id": "vip", "at": [20, 4], "label": "VIP"}])
    st = g.state
    st.hot_spots[1].neutralised = True
    fig(g, "m-2").injury = Injury.SLIGHT  # wounded, fights on
    vip = st.ground.pop()
    st.exited.append(vip)
    st.exit_edges["vip"] = "south"
    m = g.unit("m")
    m.translate(-8, 0)
    turn.exit_table(g, m)  # four officers off the west edge
    assert finish(g) == (5 + 2 + 3 + 4, 1 + 4)
    assert [w for _, _, w in st.score.lines] == [
        "VIP vip escorted off the table by the south edge", "no officer casualty or POW left behind",
        "officer m-2 wounded", "Hot Spot 1 neutralised",
        "officer m-1 off the table by the west edge", "officer m-2 off the table by the west edge",
        "officer m-3 off the table by the west edge", "officer m-4 off the table by the west edge",
        "hall held at the end"]


def test_the_winner_is_named_by_the_scenario_not_as_marines() -> None:
    g = game([award("insurgent", "enemy_killed", 1)])
    fig(g, "m-1").injury = Injury.KILLED
    finish(g)
    said = [e.text for e in g.log.events if e.kind == "victory"]
    assert said == ["The Gunmen win: Police 0 VP, Gunmen 1 VP"]
    assert lines(g) == [("insurgent", 1, "officer m-1 killed")]


def test_a_scenario_loaded_from_data_checks_its_awards() -> None:
    from ambush_gui.core.errors import ScenarioError

    with pytest.raises(ScenarioError) as exc:
        kit.scenario([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 15))],
                     victory={"awards": [award("regular", "escort_exited", 5)]})
    assert exc.value.problems == [("victory.awards[0].event", "escort_exited scores escorts, but the "
                                   "scenario places none ([[escorts]] or [[contractors]])")]
    assert isinstance(Scenario, type)
