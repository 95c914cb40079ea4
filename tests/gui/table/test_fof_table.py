"""Issue 15: the Force on Force modules on the game table, with the real widgets.

Each test opens a small scenario of tests/gui/table/data (or the kit's table) and checks
what the player sees: the mortar symbol and No Fire Zone, the minefield's type on its
plate and the mine test in the tray, the IED burst and crater (never a hidden one before
it goes off), Stress Levels on the labels and the leaders' rings, the Contamination Test
in the tray before First Aid, the fire dialog's direct lay and blocked targets, and the
rules reference's module sections.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QRectF  # noqa: E402

from ambush_gui.alley.fire import kill  # noqa: E402
from ambush_gui.alley.game import AlleyGame  # noqa: E402
from ambush_gui.alley.scenario import Scenario  # noqa: E402
from ambush_gui.core.decisions import DecisionKind  # noqa: E402
from ambush_gui.core.dice import Dice  # noqa: E402
from ambush_gui.core.events import Event  # noqa: E402
from ambush_gui.gui.shared.dice_tray import DiceTrayPanel  # noqa: E402
from ambush_gui.gui.shared.pacing import attached, big_moment  # noqa: E402
from ambush_gui.gui.table.dialogs import FireDialog, MatchDialog, dialog_for  # noqa: E402
from ambush_gui.gui.table.fof import BurstItem, CraterItem, IedMarkItem  # noqa: E402
from ambush_gui.gui.table.panels import TurnPanel  # noqa: E402
from ambush_gui.gui.table.view import TableView  # noqa: E402
from tests.alley import kit  # noqa: E402

DATA = Path(__file__).parent / "data"


def _game(name: str, script: list[int] | None = None, seed: int = 1) -> AlleyGame:
    scn = Scenario.load(DATA / f"{name}.toml")
    if script is None:
        return AlleyGame(scn, seed)
    return AlleyGame(scn, seed, Dice(seed, script=script, strict=False))


def _view(qtbot: Any, game: AlleyGame) -> TableView:
    game.pending()  # the game runs to its first decision (the modules' turn start)
    view = TableView(game)
    qtbot.addWidget(view)
    view.resize(1000, 800)
    view.show()
    qtbot.waitExposed(view)
    view.refresh()
    return view


def _tray(qtbot: Any, game: AlleyGame) -> DiceTrayPanel:
    tray = DiceTrayPanel()
    qtbot.addWidget(tray)
    for e in game.log.events:
        tray.add(e)
    return tray


# -- mortars ----------------------------------------------------------------------------

def test_a_mortar_team_carries_the_symbol_and_shows_its_no_fire_zone_when_selected(qtbot: Any) -> None:
    game = _game("fof-mortars")
    view = _view(qtbot, game)
    scene = view.table
    assert all(scene.figures[f"mortar-{i}"].look.mortar for i in (1, 2, 3))
    assert not scene.figures["alpha-1"].look.mortar
    assert not scene.fof.zone.isVisible()
    view.select("mortar")
    assert scene.fof.zone.isVisible()
    assert '18"' in scene.fof.zone_label.text and "direct lay" in scene.fof.zone_label.text
    flip = scene.flip
    # the Gunmen (11" off) stand inside the zone, the Snipers (over 18") outside it
    assert scene.fof.zone.path().contains(flip.scene(8, 14))
    assert not scene.fof.zone.path().contains(flip.scene(20, 26))
    view.select("alpha")
    assert not scene.fof.zone.isVisible()


def test_the_fire_decision_explains_direct_lay_and_the_blocked_target(qtbot: Any) -> None:
    game = _game("fof-mortars")
    d = game.pending()
    assert d.kind is DecisionKind.ACTIVATE
    game.answer("mortar")
    while (d := game.pending()).kind is not DecisionKind.FIRE:
        game.answer(next(o for o in d.options if "halt" in str(o).lower()) if d.kind is DecisionKind.PLAN
                    else d.options[0])
    assert d.facts["unit"] == "mortar" and "gunmen" in d.facts["blocked"]
    dlg = dialog_for(d, game)
    assert isinstance(dlg, FireDialog)
    qtbot.addWidget(dlg)
    dlg.show()
    assert "No Fire Zone" in dlg.blocked["gunmen"].text()
    dlg.cards["snipers"].setChecked(True)
    assert dlg.note.isVisibleTo(dlg) and "Direct lay" in dlg.note.text() and "FF-012" in dlg.note.text()


# -- NBC --------------------------------------------------------------------------------

def test_the_turn_panel_names_each_sides_mopp_level_and_its_penalty(qtbot: Any) -> None:
    game = _game("fof-mortars")
    panel = TurnPanel()
    qtbot.addWidget(panel)
    panel.show_state(game, game.pending())
    text = panel.modules.text()
    assert "Marines MOPP 2: Reaction Tests −1" in text
    assert "Insurgents MOPP 0: no penalty" in text
    assert "Contamination Test" in text


def test_the_contamination_test_is_a_throw_of_its_own_with_its_verdict() -> None:
    roll = Event("roll", "Contamination Test: m-1 (Marines m): 1d8 → 6",
                 {"purpose": "Contamination Test: m-1 (Marines m)", "faces": [6], "sides": 8})
    verdict = Event("contamination", "Contamination Test 6 for m-1: passes: on to First Aid", {})
    aid = Event("roll", "First Aid: m-1: 1d6 → 3", {"purpose": "First Aid: m-1", "faces": [3]})
    assert attached(roll, verdict) and not attached(verdict, aid)
    tray = DiceTrayPanel()
    for e in (roll, verdict, aid):
        tray.add(e)
    assert [t.title() for t in tray.throws] == ["Contamination Test: m-1 (Marines m)", "First Aid: m-1"]
    assert tray.throws[0].outcomes == [verdict]


# -- mines ------------------------------------------------------------------------------

def test_a_minefield_plate_names_its_type_and_concentration(qtbot: Any) -> None:
    view = _view(qtbot, _game("fof-mines", script=[6]))
    labels = view.table.terrain_labels
    assert labels["mf-west"].text == "Old minefield\nLight AP · medium (−2)"
    assert labels["mf-road"].text == "Minefield\nHybrid · heavy (−3)"
    assert labels["mf-west"].isVisible() and labels["mf-road"].isVisible()
    assert "FF-038" in labels["mf-road"].toolTip()


def test_the_mine_test_shows_in_the_tray_with_its_modifiers_then_the_blast_is_named(qtbot: Any) -> None:
    """The Light mortar team (here a rifle team) starts in the Old minefield: 1 on its d8,
    +1 stationary −2 medium: fails; the mines throw 6, 6, 4 against its Armor die 5."""
    game = _game("fof-mines", script=[1, 6, 6, 4, 5])
    d = game.pending()
    assert d.kind is DecisionKind.MATCH
    tray = _tray(qtbot, game)
    test = next(t for t in tray.throws if t.title().startswith("Mine test"))
    mods = [m[0] if isinstance(m, list | tuple) else m["label"] for m in test.rolls[0].data["modifiers"]]
    assert "stationary" in mods and "medium concentration of mines" in mods
    assert "fails its mine test" in test.outcomes[0].text
    dlg = dialog_for(d, game)
    assert isinstance(dlg, MatchDialog)
    qtbot.addWidget(dlg)
    assert dlg.subline() == "Blast: the Light AP mines of Old minefield against Light mortar team"
    assert "Armor dice only (FF-035)" in dlg.blast_note(dlg.blast())


# -- IEDs -------------------------------------------------------------------------------

def test_a_hidden_ied_is_never_drawn_before_it_goes_off_then_bursts_and_leaves_a_crater(qtbot: Any) -> None:
    game = _game("fof-stress")
    view = _view(qtbot, game)
    scene = view.table
    drawn = lambda cls: [i for i in scene.items() if isinstance(i, cls)]  # noqa: E731
    assert len(drawn(IedMarkItem)) == 1  # the culvert's (shown); the handcart's: nothing
    assert "culvert" in drawn(IedMarkItem)[0].toolTip()
    assert not drawn(CraterItem)
    assert "cart" not in " ".join(scene.fof.game.modules.status())
    while game.state.turn < 2 and game.pending() is not None:
        d = game.pending()
        game.answer("hold" if "hold" in d.options else d.options[0] if d.options else None)
    went = [e for e in game.log.events if e.kind == "ied" and e.data.get("went_off")]
    assert went and went[0].data["device"] == "cart" and big_moment(went[0])
    view.refresh()
    assert any("handcart" in c.toolTip() for c in drawn(CraterItem))
    scene.fof.show_blast(tuple(went[0].data["where"]), float(went[0].data["reach"]),
                         "The Medium IED cart goes off", 500)
    assert drawn(BurstItem) and scene.fof.burst_label.isVisible()
    qtbot.waitUntil(lambda: not drawn(BurstItem), timeout=3000)


# -- combat stress -------------------------------------------------------------------------

def test_labels_carry_the_stress_level_and_confidence_and_leaders_show_their_rings(qtbot: Any) -> None:
    game = _game("fof-stress")
    view = _view(qtbot, game)
    scene = view.table
    assert "Stress 3, Confident" in scene.unit_labels["alpha"].text \
        or "S3 Confident" in scene.unit_labels["alpha"].text
    assert not scene.fof.show_leader("alpha-1")
    assert scene.fof.show_leader("alpha-L")
    inner, outer = scene.fof.leader_rings
    assert inner.isVisible() and outer.isVisible()
    assert 'Positive Leader Fireteam Alpha, leader (2): Stress −2 within 6"' == inner.label.text
    assert 'Stress Test +1 die, mixed leadership within 8"' == outer.label.text
    assert abs(inner.radius - 6.0) < 1e-9 and abs(outer.radius - 8.0) < 1e-9
    assert scene.fof.show_leader("bravo-L") and "Negative" in inner.label.text
    scene.fof.show_leader(None)
    assert not inner.isVisible() and not outer.isVisible()
    # the Negative Leader killed: no ring of his, and no mixed leadership on the other's
    bravo = game.unit("bravo")
    kill(game, bravo, next(f for f in bravo.figures if f.id == "bravo-L"))
    assert not scene.fof.show_leader("bravo-L")
    assert scene.fof.show_leader("alpha-L")
    assert 'Stress Test +1 die within 8"' == outer.label.text


def test_a_stress_test_is_a_tray_card_with_its_verdict_and_lost_confidence() -> None:
    roll = Event("roll", "", {"purpose": "Stress Test: Bravo (start of the turn), Stress Level 4",
                              "faces": [1, 2, 5], "sides": 8})
    level = Event("stress", "Alpha: Stress Level 2 (...)", {})
    verdict = Event("stress", "Bravo fails its Stress Test: 1 held, 2 below 4", {})
    lost = Event("confidence", "Bravo loses confidence: Firepower 4D → 3D", {})
    tray = DiceTrayPanel()
    for e in (level, roll, verdict, lost, level):
        tray.add(e)
    assert len(tray.throws) == 1 and tray.throws[0].outcomes == [verdict, lost]


def test_a_stress_level_event_alone_joins_no_throw() -> None:
    a = Event("roll", "", {"purpose": "Morale Check: X", "faces": [5]})
    told = Event("morale", "X Stands", {})
    level = Event("stress", "X: Stress Level 2", {})
    assert not attached(told, level)
    tray = DiceTrayPanel()
    for e in (a, told, level):
        tray.add(e)
    assert tray.throws[0].outcomes == [told]


# -- the rules reference -----------------------------------------------------------------

def test_the_rules_reference_has_a_section_per_module_and_finds_a_rule_by_id(qtbot: Any) -> None:
    from ambush_gui.gui.shared.rules_help import RulesHelp

    ref = RulesHelp(system="alley")
    qtbot.addWidget(ref)
    text = ref.fof_view.toPlainText()
    for title in ("Mortars", "NBC and MOPP", "Mines", "IEDs", "Combat stress"):
        assert title in text
    ref.look_up("FF-036")
    assert "FF-036" in ref.entry.toPlainText()


def test_kit_game_without_modules_draws_nothing_more(qtbot: Any) -> None:
    game = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))], strict=False)
    view = _view(qtbot, game)
    assert " · " not in view.table.unit_labels["m"].text
    assert not view.table.fof.ied_items and not view.table.fof.show_zone("m")


# -- in the window ----------------------------------------------------------------------------

def test_in_the_window_an_ied_bursts_where_it_is_waits_for_the_player_then_points_at_its_target(
        qtbot: Any) -> None:
    """fof-stress, turn 2 begins: the hidden handcart IED goes off at (23, 5) by Fireteam
    Alpha. The controller waits on it (a big moment), the burst and its words are on the
    table, then the blast's arrow runs from the point to the unit it attacks."""
    from ambush_gui.gui.shared.controller import GameController, Seat
    from ambush_gui.gui.shared.pacing import Pace
    from ambush_gui.gui.table.window import MainWindow

    game = _game("fof-stress")
    ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, pace=Pace.STEP)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.start()
    fof = win.table.table.fof
    seen: list[str] = []
    ctl.eventLogged.connect(lambda e: seen.append(e.kind))
    for _ in range(300):
        if "ied" in seen and ctl.waiting_for is not None:
            break
        if ctl.waiting_for is not None:
            ctl.proceed()
            continue
        if ctl.busy:
            qtbot.waitUntil(lambda: not ctl.busy or ctl.waiting_for is not None, timeout=5000)
            continue
        d = ctl.pending()
        assert d is not None
        ctl.answer("hold" if "hold" in d.options else d.options[0] if d.options else None)
    assert "goes off" in str(ctl.waiting_for)
    assert fof.burst is not None and fof.burst_label.isVisible()
    assert "handcart" in fof.burst_label.text
    flip = win.table.table.flip
    assert (fof.burst.pos() - flip.scene(23, 5)).manhattanLength() < 1e-6
    for _ in range(20):  # on to the blast: the arrow from the point to its target
        if "blast" in seen:
            break
        ctl.proceed()
        qtbot.wait(10)
    assert "blast" in seen and win.table.shot.arrow.isVisible()
    assert "it attacks Fireteam Alpha" in fof.burst_label.text or not fof.burst_label.isVisible()


def test_a_leaders_rings_follow_him_and_do_not_outlive_the_state_they_were_drawn_on(
        qtbot: Any) -> None:
    """Issue 28, item 5: after a leader was dragged, his 6" and 8" rings and their labels
    stayed where he had stood, into the next turn, striking through other labels."""
    game = _game("fof-stress")
    view = _view(qtbot, game)
    scene = view.table
    inner, outer = scene.fof.leader_rings
    assert scene.fof.show_leader("alpha-L")
    before = inner.circle.rect().center()
    leader = next(f for f in game.unit("alpha").figures if f.id == "alpha-L")
    leader.x += 3.0  # he moves (the engine's state changes)
    view.refresh()  # what the window does on every change of the game
    assert not inner.isVisible() and not outer.isVisible()
    assert scene.fof.show_leader("alpha-L")  # pointed at again: drawn where he now stands
    after = inner.circle.rect().center()
    assert abs((after.x() - before.x()) - 3.0 * game.m.scale) < 1e-6


def test_a_minefield_too_small_for_its_plate_keeps_its_area_in_sight(qtbot: Any) -> None:
    """Issue 28, item 6: The Orchard Battery's "Mines on the track" (3" by 1.5") had its
    name plate laid over it whole, so the player saw a plate and no mined ground, and
    drove across the plate's edge (outside the field: no test) thinking it was the field.
    A plate too big for its field stands beside it; the hatched area stays uncovered."""
    game = AlleyGame(Scenario.load(Path(__file__).parents[3] / "ambush_gui" / "scenarios"
                                   / "the-orchard-battery.toml"), 7)
    view = _view(qtbot, game)
    scene = view.table
    for ppi in (view.pixels_per_inch(), 20.0):  # as shown, and zoomed in
        scene.layout_labels(ppi)
        for pid in ("mines-track", "mines-west", "mines-east"):
            lab = scene.terrain_labels[pid]
            assert lab.isVisible(), pid
            field = scene.terrain[pid].polygon.boundingRect()
            field_px = QRectF(field.topLeft() * ppi, field.bottomRight() * ppi)
            plate = scene._pixels(lab, ppi)
            inside = field_px.contains(plate)
            assert inside or not plate.intersects(field_px), (pid, ppi, plate, field_px)
