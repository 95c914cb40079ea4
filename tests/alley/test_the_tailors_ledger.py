"""The Tailor's Ledger, the second shipped Ambush Alley scenario (issue 11): the file
validates without a warning, it scores by awards Contracting Trouble does not use, its
escort is an unhurt tailor brought off the east edge, every award scores as written in
the scenario's own side names, and computer games on it run clean.

docs/rules/the-tailors-ledger.md describes the table and the balance measured.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import shapely

from ambush_gui import systems
from ambush_gui.alley import turn, victory
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import FigureKind, Injury, Side
from ambush_gui.alley.movement import move_along
from ambush_gui.alley.scenario import AwardEvent, Scenario
from ambush_gui.cli import main
from ambush_gui.core.dice import Dice
from tests.alley.fof_scenarios import computer_games, score_lines

ROOT = Path(__file__).resolve().parents[2]
LEDGER = ROOT / "ambush_gui" / "scenarios" / "the-tailors-ledger.toml"
CT = ROOT / "ambush_gui" / "scenarios" / "contracting-trouble.toml"


def ledger() -> AlleyGame:
    return AlleyGame(Scenario.load(LEDGER), 0, Dice(strict=True))


def fig(g: AlleyGame, fid: str):  # type: ignore[no-untyped-def]
    return next(f for f in g.state.all_figures() if f.id == fid)


def in_workshop(g: AlleyGame, uid: str) -> bool:
    poly = g.table.piece("workshop").polygon
    return any(poly.covers(shapely.Point(f.pos)) for f in g.unit(uid).fighters)


# -- the file ---------------------------------------------------------------------------------------

def test_it_is_shipped_and_validates_without_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    assert systems.resolve("the-tailors-ledger") == LEDGER
    assert any(s.name == "the-tailors-ledger" and s.system == "alley" for s in systems.shipped())
    assert main(["validate", str(LEDGER)]) == 0
    out, err = capsys.readouterr()
    (line,) = out.strip().splitlines()  # one line: no warning, no note
    assert line.startswith(f"{LEDGER}: valid alley scenario") and "The Tailor's Ledger" in line
    assert err == ""  # no warning, no note: a format-2 file infers nothing


def test_it_scores_by_at_least_three_awards_contracting_trouble_does_not_use() -> None:
    ours = {a.event for a in Scenario.load(LEDGER).spec.victory.all_awards()}
    theirs = {a.event for a in Scenario.load(CT).spec.victory.all_awards()}
    assert ours - theirs == {AwardEvent.ZONE_CLEARED, AwardEvent.ZONE_HELD, AwardEvent.HOT_SPOT_NEUTRALISED}


def test_its_escort_is_an_unhurt_tailor_brought_off_the_east_edge() -> None:
    g = ledger()
    (faruq,) = g.state.ground
    assert (faruq.id, faruq.label, faruq.kind, faruq.injury) == ("Faruq", "tailor", FigureKind.CONTRACTOR,
                                                                 Injury.NONE)
    assert g.table.piece("tailors-shop").polygon.covers(shapely.Point(faruq.pos))
    assert g.spec.sides[Side.REGULAR].friendly_edges == ["east"]
    exits = [(a.event, a.edge) for a in g.spec.victory.all_awards() if a.edge is not None]
    assert [(e, edge.value) for e, edge in exits] == [(AwardEvent.ESCORT_EXITED, "east")]


def test_the_canal_is_crossed_only_by_the_culvert_and_the_footbridge() -> None:
    """The canal pieces are impassable (a move through them is refused) and leave the
    street and the footbridge open."""
    g = ledger()
    canal = [p for p in g.table.pieces if p.id.startswith("canal")]
    assert len(canal) == 3 and all(p.impassable and not p.blocks_sight for p in canal)
    for piece in ("bridge-street", "footbridge"):
        crossing = g.table.piece(piece).polygon
        assert not any(crossing.intersection(p.polygon).area > 0 for p in canal)


# -- the awards, as written -------------------------------------------------------------------------

@pytest.mark.rule("AA-054")
def test_the_paratroopers_awards_score_in_their_words() -> None:
    """Red team takes Faruq in and leaves by the east edge (6 for him); Blue team clears
    the workshop and sits a turn on Hot Spot 3 (3, and 2)."""
    g = ledger()
    st = g.state
    red, blue = g.unit("red"), g.unit("blue")
    # Red team walks up to the tailor's door from Bridge Street and takes him in (CT-048).
    faruq = fig(g, "Faruq")
    red.translate(faruq.x - red.figures[0].x, 12.2 - red.figures[0].y)
    x, y = red.centre()
    move_along(g, red, [(x, y), (x, y + 2.5)], 2.5)
    assert faruq in red.figures and any("takes in Faruq" in e.text for e in g.log.events)
    # ... and leaves the table across the east edge with him.
    red.translate(33 - red.centre()[0], 0)
    turn.exit_table(g, red)
    assert {st.exit_edges[f.id] for f in st.exited} == {"east"}
    # The workshop cell is gone; Blue team walks in and stays a turn on Hot Spot 3.
    for f in list(g.unit("cell").figures):
        g.unit("cell").figures.remove(f)
        st.removed.append((f, "casualty"))
    spot = st.hot_spots[3]
    blue.translate(spot.x - blue.figures[0].x - 0.6, spot.y - blue.figures[0].y)
    assert in_workshop(g, "blue")
    st.turn = 4
    victory.check_zones(g)
    assert st.zones_cleared == {"regular:workshop": ("blue", 4)}
    blue.start_contact, blue.moved = (3,), 0
    turn.end_turn(g)
    assert spot.neutralised
    out = victory.finish(g)
    assert score_lines(g) == [
        ("regular", 6, "tailor Faruq escorted off the table by the east edge", "escort_exited"),
        ("regular", 3, "Bicycle workshop cleared by Blue team on turn 4", "zone_cleared"),
        ("regular", 2, "Hot Spot 3 neutralised", "hot_spot_neutralised"),
    ]
    assert out["winner"] == "regular" and out["points"] == {"regular": 11, "insurgent": 0}
    texts = [e.text for e in g.log.events if e.kind in ("score", "victory")]
    assert texts[0] == ("Paratroopers +6: Faruq escorted off the table by the east edge "
                        "(escort_exited)")
    assert texts[-1] == "The Paratroopers win: Paratroopers 11 VP, Militia 0 VP"


@pytest.mark.rule("CT-047")
def test_the_militias_awards_score_in_their_words() -> None:
    """Nobody reached the tailor, the cell still sits in its workshop, one paratrooper is
    wounded and one killed: 2 + 3 + 5 + 3, and the higher total wins."""
    g = ledger()
    fig(g, "red-1").injury = Injury.SLIGHT
    fig(g, "blue-2").injury = Injury.KILLED
    assert in_workshop(g, "cell")
    out = victory.finish(g)
    assert score_lines(g) == [
        ("insurgent", 2, "paratrooper red-1 wounded", "enemy_wounded"),
        ("insurgent", 3, "paratrooper blue-2 killed", "enemy_killed"),
        ("insurgent", 5, "tailor Faruq held at the end", "captive_held"),
        ("insurgent", 3, "Bicycle workshop held at the end", "zone_held"),
    ]
    assert out["winner"] == "insurgent" and out["points"] == {"regular": 0, "insurgent": 13}
    texts = [e.text for e in g.log.events if e.kind in ("score", "victory")]
    assert texts[-1] == "The Militia win: Paratroopers 0 VP, Militia 13 VP"
    assert not any("Marine" in t or "Insurgent" in t or "contractor" in t for t in texts)


def test_a_paratrooper_in_the_workshop_at_the_end_denies_the_militia_its_hold() -> None:
    g = ledger()
    red = g.unit("red")
    red.translate(14.2 - red.figures[0].x, 18.4 - red.figures[0].y)  # beside the cell, inside
    assert in_workshop(g, "red") and in_workshop(g, "cell")
    victory.finish(g)
    assert [a for *_, a in score_lines(g)] == ["captive_held"]


# -- computer games ---------------------------------------------------------------------------------

def test_fifty_computer_games_run_clean_and_score_only_its_awards() -> None:
    """50 computer-against-computer games: no exception, no broken invariant, each side
    wins some, and every score line names one of the scenario's awards in its side names."""
    played = computer_games(LEDGER, "the-tailors-ledger", 1, ("Paratroopers", "Militia"), n=50)
    assert played.report.wins["regular"] > 0 and played.report.wins["insurgent"] > 0
    assert all("Paratroopers" in e.text and "Militia" in e.text
               for g in played.games for e in g.log.events if e.kind == "victory")
    assert {"escort_exited", "captive_held", "enemy_wounded"} <= played.scored
