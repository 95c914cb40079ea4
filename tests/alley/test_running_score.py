"""The score as it stands (issue 28): ``victory.standing`` scores every award as if the game
ended now with the final score's own procedure (``victory.tally``), says which points are
counted only at the end and what is still to be won, and once the game is over says why an
award gave nothing. It never touches the game's ledger or log, and at the last moment its
totals are the final score."""

from __future__ import annotations

from pathlib import Path

from ambush_gui import systems
from ambush_gui.alley import turn, victory
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Injury, Side
from ambush_gui.alley.movement import move_along

ROOT = Path(__file__).resolve().parents[2]


def load(name: str) -> AlleyGame:
    return systems.new_game(systems.load_scenario(ROOT / "ambush_gui" / "scenarios" / f"{name}.toml"), 0)  # type: ignore[return-value]


def fig(g: AlleyGame, fid: str):  # type: ignore[no-untyped-def]
    return next(f for f in g.state.all_figures() if f.id == fid)


def award(s: victory.Standing, side: Side, event: str) -> victory.AwardStanding:
    (a,) = [a for a in s.of(side) if a.award.event.value == event]
    return a


def into_zone(g: AlleyGame, uid: str, zone: str) -> None:
    """Stand unit ``uid`` in the award zone ``zone`` (its figures in a row at the zone's heart)."""
    u = g.unit(uid)
    p = victory.zone_polygon(g, zone).representative_point()
    u.translate(p.x - u.figures[0].x, p.y - u.figures[0].y)


def totals(s: victory.Standing) -> dict[str, int]:
    return {"regular": s.total(Side.REGULAR), "insurgent": s.total(Side.INSURGENT)}


def finished_equal(g: AlleyGame) -> victory.Standing:
    """The running totals at the last moment are the final score, line for line."""
    before = victory.standing(g)
    out = victory.finish(g)
    assert totals(before) == out["points"]
    assert sorted((a.side.value, a.award.points, why) for a in before.awards for why in a.lines) == sorted(
        (s.value, p, w) for s, p, w in g.state.score.said())  # as shown: figures by name
    after = victory.standing(g)
    assert after.over and totals(after) == out["points"]
    return after


def test_market_day_at_the_start_and_both_sides_in_the_square() -> None:
    g = load("market-day")
    events = len(g.log.events)
    s = victory.standing(g)
    assert len(g.log.events) == events and g.state.score.lines == []  # the game is left alone
    assert not s.over and totals(s) == {"regular": 0, "insurgent": 7}
    escort = award(s, Side.REGULAR, "escort_exited")
    assert (escort.points, escort.at_the_end) == (0, False)
    assert escort.note == "headman still to bring off the table by the south edge: +8"
    assert award(s, Side.REGULAR, "hot_spot_neutralised").note == "5 Hot Spots still to neutralise: +1 each"
    held = award(s, Side.INSURGENT, "zone_held")
    assert (held.points, held.at_the_end, held.lines) == (2, True, ("Market square held at the end",))
    # Alpha team walks into the square among the gunmen: nobody holds it now.
    into_zone(g, "alpha", "market-square")
    s = victory.standing(g)
    held = award(s, Side.INSURGENT, "zone_held")
    assert (held.points, held.note) == (0, "Market square: held by nobody: both sides stand in it")
    assert award(s, Side.REGULAR, "zone_cleared").note.startswith(
        "Market square not yet cleared (held by nobody: both sides stand in it): +3")
    # Nothing hidden is counted or told: the bomb under Station Road is in no line.
    assert not any("bomb" in t or "IED" in t for a in s.awards for t in (a.note, *a.lines))
    after = finished_equal(g)
    held = award(after, Side.INSURGENT, "zone_held")
    assert held.note == "Market square: held by nobody at the end — both sides had figures in it"
    assert not held.at_the_end  # settled: the game is over
    assert award(after, Side.INSURGENT, "enemy_killed").note == "no ranger killed"
    assert award(after, Side.INSURGENT, "civilian_casualty").note == "the Rangers caused no civilian casualty"
    assert award(after, Side.REGULAR, "escort_exited").note == (
        "no escort brought off the table by the south edge")


def test_the_orchard_battery_losses_and_the_pit() -> None:
    """A trooper wounded and one killed: the killed one's points are won, the wounded one's
    counted at the end (he may yet die); the pit, cleared, gives its 6 for good."""
    g = load("the-orchard-battery")
    first = g.unit("first")
    first.figures[0].injury = Injury.SLIGHT
    first.figures[1].injury = Injury.KILLED
    for u in victory._in_zone(g, "mortar-pit", Side.INSURGENT):  # the battery's crews fall
        for f in list(u.figures):
            u.figures.remove(f)
            g.state.removed.append((f, "casualty"))
    into_zone(g, "second", "mortar-pit")
    g.state.turn = 3
    victory.check_zones(g)
    s = victory.standing(g)
    wounded, killed = award(s, Side.INSURGENT, "enemy_wounded"), award(s, Side.INSURGENT, "enemy_killed")
    assert (wounded.points, wounded.at_the_end) == (2, True)
    assert (killed.points, killed.at_the_end, killed.note) == (3, False, "+3 for each more")
    cleared = award(s, Side.REGULAR, "zone_cleared")
    assert (cleared.points, cleared.at_the_end, cleared.note) == (6, False, "")
    assert cleared.lines[0].startswith("Mortar pit cleared by") and cleared.lines[0].endswith("on turn 3")
    held = award(s, Side.REGULAR, "zone_held")
    assert (held.points, held.lines, held.note) == (3, ("Mortar pit held at the end",), "")
    assert award(s, Side.INSURGENT, "zone_held").points == 0
    after = finished_equal(g)
    assert award(after, Side.INSURGENT, "zone_held").note == "Mortar pit: held by the Border Horse at the end"
    assert award(after, Side.REGULAR, "hot_spot_neutralised").note == "no Hot Spot neutralised"


def test_contracting_trouble_tells_an_abandoned_casualty_as_still_open() -> None:
    """A Marine casualty left on the ground: nobody-left-behind gives nothing now and says
    who; the Insurgents' prisoner roll at the end (DC-018) is not thrown, only told."""
    g = load("contracting-trouble")
    s = victory.standing(g)
    assert totals(s) == {"regular": 5, "insurgent": 10}
    assert award(s, Side.REGULAR, "none_left_behind").note == "nobody left behind so far"
    assert award(s, Side.REGULAR, "escort_exited").note == "2 escorts still to bring off the table: +5 each"
    assert award(s, Side.INSURGENT, "captive_held").note == (
        "+5 for each prisoner held at the end (an escort not brought off counts)")
    unit = next(u for u in g.state.side_units(Side.REGULAR) if len(u.figures) > 1)
    casualty = unit.figures.pop()
    casualty.injury, casualty.abandoned = Injury.SERIOUS, True
    g.state.ground.append(casualty)
    s = victory.standing(g)
    assert award(s, Side.REGULAR, "none_left_behind").points == 0
    assert award(s, Side.REGULAR, "none_left_behind").note == "Fireteam Alpha, fighter 4 left behind now"
    assert award(s, Side.INSURGENT, "captive_held").note == (
        "1 abandoned casualty may be taken prisoner at the end (4+): +5 each")
    assert award(s, Side.INSURGENT, "enemy_wounded").lines == ("Fireteam Alpha, fighter 4 wounded",)


def test_the_tailors_ledger_running_total_is_the_final_score() -> None:
    """The paratroopers take the tailor off the east edge and neutralise a Hot Spot; at the
    last moment the running score is the final one, and each militia award says why it
    gave nothing."""
    g = load("the-tailors-ledger")
    st = g.state
    red = g.unit("red")
    faruq = fig(g, "Faruq")  # Red team walks up to the tailor's door and takes him in (CT-048)
    red.translate(faruq.x - red.figures[0].x, 12.2 - red.figures[0].y)
    x, y = red.centre()
    move_along(g, red, [(x, y), (x, y + 2.5)], 2.5)
    assert faruq in red.figures
    s = victory.standing(g)
    assert award(s, Side.REGULAR, "escort_exited").note == (
        "tailor still to bring off the table by the east edge: +6")
    assert award(s, Side.INSURGENT, "captive_held").points == 0
    red.translate(33 - red.centre()[0], 0)
    turn.exit_table(g, red)
    st.hot_spots[3].neutralised = True
    s = victory.standing(g)
    assert award(s, Side.REGULAR, "escort_exited").lines == (
        "Faruq escorted off the table by the east edge",)
    assert award(s, Side.REGULAR, "hot_spot_neutralised").note == "4 Hot Spots still to neutralise: +2 each"
    after = finished_equal(g)
    assert totals(after) == {"regular": 8, "insurgent": 3}
    assert award(after, Side.INSURGENT, "enemy_wounded").note == "no paratrooper wounded"
    assert award(after, Side.INSURGENT, "captive_held").note == "no prisoner held at the end"
    assert award(after, Side.REGULAR, "zone_cleared").note == (
        "Bicycle workshop never cleared: the Paratroopers never stood in it alone")
