"""The free-measure table: the scene follows the state; selection, zoom, fit, hover.

Moves and placements on the table are in test_table_moves.py.
"""

from __future__ import annotations

import math

import pytest

pytest.importorskip("PySide6.QtWidgets")

from PySide6.QtCore import QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QWheelEvent  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.alley.game import AlleyGame  # noqa: E402
from ambush_gui.core.decisions import Decision, DecisionKind  # noqa: E402
from ambush_gui.gui.table.items import FigureItem, TerrainItem  # noqa: E402
from ambush_gui.gui.table.scene import caption, short_name  # noqa: E402
from ambush_gui.gui.table.view import TableView, scale_bar_length  # noqa: E402

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


# -- helpers shared with test_table_moves.py ---------------------------------------------

def new_game(seed: int = 1) -> AlleyGame:
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), seed)
    game.start()
    assert isinstance(game, AlleyGame)
    return game


def open_move(game: AlleyGame, unit: str = "bravo", plan: str = "rapid:move-fire") -> Decision:
    """Activate ``unit`` with ``plan`` and return its MOVE decision."""
    game.answer(unit)
    game.answer(plan)
    d = game.pending()
    assert d is not None and d.kind is DecisionKind.MOVE, d
    return d


def make_view(qtbot, game: AlleyGame, size: tuple[int, int] = (900, 900)) -> TableView:  # noqa: ANN001
    view = TableView(game)
    qtbot.addWidget(view)
    view.resize(*size)
    view.move(4000, 4000)  # clear of any window an earlier test left open (the offscreen
    view.show()  # platform sends a bare mouse move to the first window under the point)
    qtbot.waitExposed(view)
    view.fit()
    return view


def at(view: TableView, x: float, y: float) -> QPoint:
    """The viewport pixel over table point (x, y) inches."""
    return view.mapFromScene(view.table.flip.scene(x, y))


def drag(view: TableView, start: tuple[float, float], end: tuple[float, float],
         steps: int = 6) -> None:
    vp = view.viewport()
    QTest.mousePress(vp, LEFT, NONE, at(view, *start))
    for k in range(1, steps + 1):
        t = k / steps
        QTest.mouseMove(vp, at(view, start[0] + t * (end[0] - start[0]),
                                start[1] + t * (end[1] - start[1])))
    QTest.mouseRelease(vp, LEFT, NONE, at(view, *end))


def inches_per_pixel(view: TableView) -> float:
    return 1.0 / view.pixels_per_inch()


@pytest.fixture
def game() -> AlleyGame:
    return new_game()


@pytest.fixture
def view(qtbot, game: AlleyGame) -> TableView:  # noqa: ANN001
    return make_view(qtbot, game)


# -- the scene follows the state -------------------------------------------------------------

def test_scene_shows_every_figure_hot_spot_and_piece(view: TableView, game: AlleyGame) -> None:
    st = game.state
    on_table = [f for u in st.units.values() if u.on_table for f in u.figures] + st.ground
    shown = view.table.visible_figures()
    assert sorted(i.figure_id for i in shown) == sorted(f.id for f in on_table)
    assert sorted(view.table.hot_spots) == sorted(st.hot_spots) == [1, 2, 3, 4, 5]
    terrain = [i for i in view.table.items() if isinstance(i, TerrainItem)]
    assert sorted(i.piece_id for i in terrain) == sorted(p.id for p in game.table.pieces)
    assert set(view.table.unit_labels) == set(st.units)
    assert view.table.contractor_label.isVisible()


def test_figures_stand_where_the_state_says_north_up(view: TableView, game: AlleyGame) -> None:
    for unit in game.state.units.values():
        for fig in unit.figures:
            item = view.table.figures[fig.id]
            assert item.unit_id == unit.id
            assert item.pos() == QPointF(fig.x, game.state.height - fig.y)
    north = view.table.figures["i2a-1"].pos().y()
    south = view.table.figures["alpha-1"].pos().y()
    assert north < south  # north is up on screen


def test_sides_are_told_apart_by_shape_and_marking(view: TableView) -> None:
    figs = view.table.figures
    assert figs["alpha-1"].look.side == "regular" and not figs["alpha-1"].look.leader
    assert figs["cpl-1"].look.leader
    assert figs["i1-1"].look.side == "insurgent"
    assert figs["contractor-1"].look.contractor and figs["contractor-1"].look.on_ground


def test_refresh_follows_a_move_and_reuses_items(view: TableView, game: AlleyGame) -> None:
    d = open_move(game)
    before = {fid: id(item) for fid, item in view.table.figures.items()}
    count = len(view.table.items())
    cx, cy = game.unit("bravo").centre()
    game.answer({"path": [[cx, cy + 4.0]]})
    view.refresh()
    for fig in game.unit("bravo").figures:
        assert view.table.figures[fig.id].pos() == QPointF(fig.x, game.state.height - fig.y)
    assert {fid: id(item) for fid, item in view.table.figures.items()} == before
    assert len(view.table.items()) == count
    assert view.table.unit_labels["bravo"].text.startswith("✓ ")  # it has activated
    assert d is not game.pending()


def test_neutralised_hot_spot_is_struck_out(view: TableView, game: AlleyGame) -> None:
    game.state.hot_spots[4].neutralised = True
    view.refresh()
    assert view.table.hot_spots[4].neutralised
    assert "neutralised" in view.table.hot_spots[4].toolTip()
    assert not view.table.hot_spots[1].neutralised


def test_contractors_taken_in_show_as_dependants(view: TableView, game: AlleyGame) -> None:
    fig = game.state.ground.pop(0)
    game.unit("bravo").figures.append(fig)
    view.refresh()
    item = view.table.figures[fig.id]
    assert item.unit_id == "bravo" and item.look.dependant and not item.look.on_ground
    assert view.table.contractor_label.isVisible()  # the other one is still waiting
    game.state.ground.clear()
    view.refresh()
    assert not view.table.contractor_label.isVisible()


def test_removed_units_disappear(view: TableView, game: AlleyGame) -> None:
    game.unit("i3").on_table = False
    view.refresh()
    assert not view.table.figures["i3-1"].isVisible()
    assert not view.table.unit_labels["i3"].isVisible()


def test_set_game_keeps_the_terrain(qtbot, view: TableView, game: AlleyGame) -> None:  # noqa: ANN001
    terrain = {id(i) for i in view.table.terrain.values()}
    other = new_game(seed=2)
    other.unit("alpha").translate(1.0, 0.0)
    view.set_game(other)
    assert {id(i) for i in view.table.terrain.values()} == terrain
    fig = other.unit("alpha").figures[0]
    assert view.table.figures[fig.id].pos() == QPointF(fig.x, other.state.height - fig.y)


def test_labels_shorten_when_crowded() -> None:
    assert short_name("Leader (2a)") == "2a"
    assert short_name("Fireteam Alpha") == "Alpha"
    assert short_name("Bravo team") == "Bravo"  # not "team": the word that tells units apart
    assert short_name("Tea shop gunmen") == "Tea shop" and short_name("Gunmen") == "Gunmen"
    assert short_name("Coal stack pair") == "Coal stack"  # "pair" told no one which unit
    game = new_game()
    unit = game.unit("i2a")
    unit.pinned = True
    assert caption(unit, 1) == "Leader (2a) · Pinned"
    assert caption(unit, 1, short=True) == "2a · Pinned"


def test_unit_labels_do_not_overlap_at_fit(view: TableView) -> None:
    ppi = view.pixels_per_inch()
    plates = [lab.plate().translated(lab.pos() * ppi) for lab in view.table.unit_labels.values()
              if lab.isVisible()]
    for i, a in enumerate(plates):
        for b in plates[i + 1:]:
            assert not a.intersects(b)


# -- selection ----------------------------------------------------------------------------

def test_clicking_a_unit_selects_it(qtbot, view: TableView, game: AlleyGame) -> None:  # noqa: ANN001
    fig = game.unit("alpha").figures[2]
    with qtbot.waitSignal(view.unitSelected) as sig:
        QTest.mouseClick(view.viewport(), LEFT, NONE, at(view, fig.x, fig.y))
    assert sig.args == ["alpha"]
    assert view.selected == "alpha"
    assert all(view.table.figures[f.id].look.highlight for f in game.unit("alpha").figures)
    assert not view.table.figures["bravo-1"].look.highlight
    with qtbot.waitSignal(view.unitSelected) as sig:
        QTest.mouseClick(view.viewport(), LEFT, NONE, at(view, 12.0, 18.0))  # empty street
    assert sig.args == [""]
    assert not view.table.figures[fig.id].look.highlight


def test_clicking_a_unit_label_selects_the_unit(qtbot, view: TableView) -> None:  # noqa: ANN001
    label = view.table.unit_labels["i1"]
    centre = view.mapFromScene(label.pos()) + label.plate().center().toPoint()
    with qtbot.waitSignal(view.unitSelected) as sig:
        QTest.mouseClick(view.viewport(), LEFT, NONE, centre)
    assert sig.args == ["i1"]


# -- zoom, pan, fit ---------------------------------------------------------------------------

def test_zoom_and_fit_change_the_transform(view: TableView) -> None:
    fitted = view.pixels_per_inch()
    view.zoom(2.0)
    assert view.pixels_per_inch() == pytest.approx(2 * fitted)
    assert not view.auto_fit
    QTest.keyClick(view, Qt.Key.Key_F)
    assert view.pixels_per_inch() == pytest.approx(fitted)
    QTest.keyClick(view, Qt.Key.Key_Plus)
    assert view.pixels_per_inch() == pytest.approx(fitted * view.ZOOM_STEP)
    QTest.keyClick(view, Qt.Key.Key_Minus)
    assert view.pixels_per_inch() == pytest.approx(fitted)
    view.zoom(1e-6)  # clamped: the table never shrinks to nothing
    assert view.pixels_per_inch() == pytest.approx(0.5 * fitted, rel=0.05)


def test_wheel_zooms_about_the_cursor(view: TableView) -> None:
    fitted = view.pixels_per_inch()
    spot = at(view, 20.0, 20.0)
    before = view.mapToScene(spot)
    event = QWheelEvent(QPointF(spot), QPointF(view.viewport().mapToGlobal(spot)), QPoint(0, 0),
                        QPoint(0, 240), Qt.MouseButton.NoButton, NONE, Qt.ScrollPhase.NoScrollPhase,
                        False)
    QApplication.sendEvent(view.viewport(), event)
    assert view.pixels_per_inch() == pytest.approx(fitted * view.ZOOM_STEP ** 2)
    after = view.mapToScene(spot)
    assert math.dist((before.x(), before.y()), (after.x(), after.y())) < 2 * inches_per_pixel(view)


def test_drag_on_empty_table_pans(view: TableView) -> None:
    view.zoom(3.0)
    centre = view.viewport().rect().center()
    before = view.mapToScene(centre)
    start = at(view, 12.0, 18.0)  # an empty street: a pan, not a selection
    vp = view.viewport()
    QTest.mousePress(vp, LEFT, NONE, start)
    for k in range(1, 5):
        QTest.mouseMove(vp, start + QPoint(-20 * k, 20 * k))
    QTest.mouseRelease(vp, LEFT, NONE, start + QPoint(-80, 80))
    after = view.mapToScene(centre)
    ppi = view.pixels_per_inch()
    assert after.x() - before.x() == pytest.approx(80 / ppi, abs=0.05)  # the table follows
    assert after.y() - before.y() == pytest.approx(-80 / ppi, abs=0.05)  # the mouse
    assert view.selected is None


def test_scale_bar_picks_round_inches() -> None:
    assert scale_bar_length(30.0) == 6.0
    assert scale_bar_length(100.0) == 2.0
    assert scale_bar_length(2000.0) == 0.25


def test_scale_bar_is_drawn(view: TableView) -> None:
    image = view.grab().toImage()
    corner = image.pixelColor(20, image.height() - 15)  # the bar's first black cell
    assert corner.lightness() < 60


# -- hover: sight, range, dice ------------------------------------------------------------

def test_hover_names_the_blocker(qtbot, view: TableView, game: AlleyGame) -> None:  # noqa: ANN001
    view.select("alpha")
    hidden = game.unit("i4")  # in the south-east house, out of Alpha's sight
    assert not game.sees(game.unit("alpha"), hidden)
    with qtbot.waitSignal(view.hoverInfo) as sig:
        QTest.mouseMove(view.viewport(), at(view, *hidden.figures[1].pos))
    report = view.report
    assert report is not None and not report.clear
    assert report.blockers and report.blockers[0] in sig.args[0]
    assert "blocked by" in report.text()
    assert view.table.sight.isVisible() and not view.table.sight.clear
    assert all(view.table.terrain[p].blocking for p in report.blocker_ids)
    QTest.mouseMove(view.viewport(), at(view, 12.0, 18.0))
    assert not view.table.sight.isVisible()
    assert not any(view.table.terrain[p].blocking for p in report.blocker_ids)


def test_hover_shows_clear_sight_pools_and_odds(qtbot, view: TableView, game: AlleyGame) -> None:  # noqa: ANN001
    view.select("alpha")
    target = game.unit("i1")
    with qtbot.waitSignal(view.hoverInfo) as sig:
        QTest.mouseMove(view.viewport(), at(view, *target.figures[0].pos))
    report = view.report
    assert report is not None and report.clear
    text = sig.args[0]
    for m in (*report.firepower.items, *report.defense.items):
        assert m.rule in text  # each modifier with its rule ID
    assert f"{report.mean:.2f}" in text
    assert report.firepower.dice > 0 and 0 < report.mean < report.firepower.dice
    assert "Optimum Range" in text
    assert view.table.sight.isVisible() and view.table.sight.clear
    # the report is said in the dock only: nothing floats over the units (issue 10, A)
    assert not hasattr(view.table, "info")


def test_no_report_for_a_friendly_unit(view: TableView, game: AlleyGame) -> None:
    view.select("alpha")
    QTest.mouseMove(view.viewport(), at(view, *game.unit("bravo").figures[0].pos))
    assert view.report is None and not view.table.sight.isVisible()


def test_figures_have_tooltips(view: TableView) -> None:
    item = view.table.figures["alpha-3"]
    assert isinstance(item, FigureItem)
    assert "M203" in item.toolTip() and "Fireteam Alpha" in item.toolTip()
    assert "Solid Cover" in view.table.terrain["cafe"].toolTip()


def test_examples_in_the_docstrings() -> None:
    import doctest

    from ambush_gui.gui.table import scene as table_scene
    from ambush_gui.gui.table import view as table_view

    for module in (table_scene, table_view):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_reasons_name_pieces_by_their_labels(view: TableView) -> None:
    name = view.table.name_pieces
    assert name("the path crosses impassable terrain: suv") == \
        "the path crosses impassable terrain: Wrecked SUV (suv)"
    inside = name("a figure would end inside impassable terrain (suv)")
    assert inside.endswith("(Wrecked SUV (suv))")
    assert name("the suv is not named before the word") == "the suv is not named before the word"
