"""Answering on the table: dragging a unit (tape, limits, refusals), waypoints, speeds for
Insurgent moves, and placing reinforcements at a Hot Spot."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("PySide6.QtWidgets")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from ambush_gui.alley.game import AlleyGame  # noqa: E402
from ambush_gui.alley.interrupts import insurgent_move  # noqa: E402
from ambush_gui.alley.model import FigureKind, Speed  # noqa: E402
from ambush_gui.alley.reinforcements import place_unit  # noqa: E402
from ambush_gui.core.decisions import DecisionKind  # noqa: E402
from ambush_gui.gui.table.view import TableView  # noqa: E402
from tests.gui.table.test_table_view import (  # noqa: E402
    LEFT,
    NONE,
    at,
    drag,
    inches_per_pixel,
    make_view,
    new_game,
    open_move,
)

SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def game() -> AlleyGame:
    return new_game()


@pytest.fixture
def view(qtbot, game: AlleyGame) -> TableView:  # noqa: ANN001
    return make_view(qtbot, game)


def path_length(start: tuple[float, float], path: list[list[float]]) -> float:
    pts = [start, *[tuple(p) for p in path]]
    return sum(math.dist(a, b) for a, b in zip(pts, pts[1:], strict=False))


# -- dragging a unit --------------------------------------------------------------------------

def test_drag_emits_a_legal_move_with_the_distance(qtbot, view: TableView, game: AlleyGame) -> None:  # noqa: ANN001
    d = open_move(game)
    view.begin_move(d)
    bravo = game.unit("bravo")
    start = bravo.centre()
    fig = bravo.figures[1]
    with qtbot.waitSignal(view.moveChosen) as sig:
        drag(view, fig.pos, (fig.x, fig.y + 5.0))
    choice = sig.args[0]
    tol = 3 * inches_per_pixel(view)
    assert choice["path"][-1] == pytest.approx([start[0], start[1] + 5.0], abs=tol)
    assert path_length(start, choice["path"]) == pytest.approx(5.0, abs=tol)
    assert "speed" not in choice  # a Regular declared its speed when it activated
    assert view.mode == "" and not view.table.move_overlay.visible
    game.answer(choice)  # the engine takes it as it is
    assert game.decisions[-1]["path"] == choice["path"]


def test_tape_shows_distance_rings_and_ghosts_while_dragging(view: TableView,
                                                              game: AlleyGame) -> None:
    d = open_move(game, plan="cautious:move-fire")
    view.begin_move(d)
    ov = view.table.move_overlay
    assert ov.limit.isVisible() and ov.limit.radius == pytest.approx(game.m.cautious)
    assert not ov.rapid.isVisible()  # declared Cautious: a Rapid ring would only mislead
    assert not ov.cautious.isVisible()  # the limit ring is the Cautious ring
    assert "Cautious" in ov.limit.label.text
    fig = game.unit("bravo").figures[0]
    vp = view.viewport()
    QTest.mousePress(vp, LEFT, NONE, at(view, *fig.pos))
    QTest.mouseMove(vp, at(view, fig.x, fig.y + 2.0))
    QTest.mouseMove(vp, at(view, fig.x, fig.y + 4.0))
    assert ov.visible and ov.readout.isVisible()
    assert ov.readout.text.startswith("4.0\"") and "of 6.0\"" in ov.readout.text
    assert sum(g.isVisible() for g in ov.ghosts) == len(game.unit("bravo").figures)
    ghost = ov.ghosts[0].pos()
    want = view.table.flip.scene(fig.x, fig.y + 4.0)
    assert math.dist((ghost.x(), ghost.y()), (want.x(), want.y())) < 3 * inches_per_pixel(view)
    QTest.mouseMove(vp, at(view, fig.x, fig.y + 8.0))
    assert "more than 6.0" in ov.readout.text  # red, before the engine is asked
    QTest.mouseRelease(vp, LEFT, NONE, at(view, fig.x, fig.y + 8.0))


def test_too_far_snaps_back_with_the_reason(qtbot, view: TableView, game: AlleyGame) -> None:  # noqa: ANN001
    d = open_move(game)
    view.begin_move(d)
    fig = game.unit("bravo").figures[1]
    chosen = []
    view.moveChosen.connect(chosen.append)
    with qtbot.waitSignal(view.moveRefused) as sig:
        drag(view, fig.pos, (fig.x, fig.y + 14.0))
    assert "may move 12.0\" more" in sig.args[0]
    assert chosen == []
    assert view.table.flash.isVisible() and "12.0" in view.table.flash.text
    assert not view.table.move_overlay.visible  # the ghosts went back
    assert view.mode == "move"  # try again
    assert game.pending() is d


def test_through_the_suv_snaps_back_naming_it(qtbot, view: TableView, game: AlleyGame) -> None:  # noqa: ANN001
    d = open_move(game)
    bravo = game.unit("bravo")
    cx, cy = bravo.centre()
    bravo.translate(20.0 - cx, 11.75 - cy)  # in the main street, east of the wreck
    view.refresh()
    view.begin_move(d)
    fig = bravo.figures[1]
    with qtbot.waitSignal(view.moveRefused) as sig:
        drag(view, fig.pos, (fig.x - 6.5, fig.y))
    assert "impassable terrain: Wrecked SUV (suv)" in sig.args[0]
    assert "Wrecked SUV" in view.table.flash.text


def test_a_drop_just_past_the_ring_lands_on_it(qtbot, view: TableView,  # noqa: ANN001
                                               game: AlleyGame) -> None:
    d = open_move(game)
    view.begin_move(d)
    start = game.unit("bravo").centre()
    fig = game.unit("bravo").figures[1]
    over = 2.0 / view.pixels_per_inch()  # two pixels past the Rapid ring
    with qtbot.waitSignal(view.moveChosen) as sig:
        drag(view, fig.pos, (fig.x, fig.y + 12.0 + over))
    length = path_length(start, sig.args[0]["path"])
    assert 11.99 <= length <= 12.0


def test_rounding_never_carries_a_drop_past_the_limit(view: TableView, game: AlleyGame) -> None:
    """A drop a hair inside the ring stays inside after rounding to three decimals (an
    Insurgent's 12" move dropped at 11.9999" was once refused as 12.0" too long)."""
    d = open_move(game)
    view.begin_move(d)
    start = game.unit("bravo").centre()
    for k in range(90):
        a = math.radians(4 * k + 1)
        for r in (12.0 - 1e-4, 12.0 - 1e-3, 12.0):
            dest = (start[0] + r * math.cos(a), start[1] + r * math.sin(a))
            assert math.dist(start, view.snap(dest)) <= 12.0, (k, r)


def test_dragging_across_a_friendly_edge_exits(qtbot, view: TableView,  # noqa: ANN001
                                               game: AlleyGame) -> None:
    d = open_move(game, unit="alpha")
    view.begin_move(d)
    fig = game.unit("alpha").figures[0]
    with qtbot.waitSignal(view.moveChosen) as sig:
        drag(view, fig.pos, (fig.x, fig.y - 3.0))  # off the south edge (CT-015)
    assert sig.args[0]["path"][-1][1] < 0
    d.validate(sig.args[0])


def test_a_click_on_the_moving_unit_only_selects_it(qtbot, view: TableView,  # noqa: ANN001
                                                    game: AlleyGame) -> None:
    d = open_move(game)
    view.begin_move(d)
    view.select(None)
    chosen = []
    view.moveChosen.connect(chosen.append)
    with qtbot.waitSignal(view.unitSelected) as sig:
        QTest.mouseClick(view.viewport(), LEFT, NONE, at(view, *game.unit("bravo").figures[0].pos))
    assert sig.args == ["bravo"] and chosen == []


def test_waypoints_make_a_path_round_the_buildings(qtbot, view: TableView, game: AlleyGame) -> None:  # noqa: ANN001
    d = open_move(game)
    view.begin_move(d)
    start = game.unit("bravo").centre()
    vp = view.viewport()
    QTest.mouseClick(vp, LEFT, SHIFT, at(view, 12.5, 6.0))
    assert view.moving is not None and len(view.moving.waypoints) == 1
    QTest.mouseMove(vp, at(view, 14.5, 8.5))  # the next leg follows the mouse
    assert view.table.move_overlay.visible
    with qtbot.waitSignal(view.moveChosen) as sig:
        QTest.mouseClick(vp, LEFT, NONE, at(view, 14.5, 8.5))
    path = sig.args[0]["path"]
    tol = 3 * inches_per_pixel(view)
    assert len(path) == 2
    assert path[0] == pytest.approx([12.5, 6.0], abs=tol)
    assert path_length(start, path) == pytest.approx(
        math.dist(start, (12.5, 6.0)) + math.dist((12.5, 6.0), (14.5, 8.5)), abs=2 * tol)
    d.validate(sig.args[0])


def test_escape_forgets_the_waypoints(view: TableView, game: AlleyGame) -> None:
    view.begin_move(open_move(game))
    QTest.mouseClick(view.viewport(), LEFT, SHIFT, at(view, 12.5, 6.0))
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert view.moving is not None and view.moving.waypoints == []
    assert not view.table.move_overlay.visible


def test_insurgent_drag_declares_the_slowest_speed_that_covers_it(qtbot, view: TableView,  # noqa: ANN001
                                                                   game: AlleyGame) -> None:
    gen = insurgent_move(game, game.unit("i4"), speeds=(Speed.CAUTIOUS, Speed.RAPID))
    d = next(gen)
    assert d.kind is DecisionKind.MOVE and d.facts["speeds"] == ["cautious", "rapid"]
    fig = game.unit("i4").figures[0]
    view.begin_move(d)
    ov = view.table.move_overlay  # its speed is still to choose: both rings, Rapid the limit
    assert ov.cautious.isVisible() and ov.cautious.radius == pytest.approx(game.m.cautious)
    assert ov.limit.isVisible() and ov.limit.radius == pytest.approx(game.m.rapid)
    with qtbot.waitSignal(view.moveChosen) as sig:
        drag(view, fig.pos, (fig.x - 4.0, fig.y))
    assert sig.args[0]["speed"] == "cautious"
    view.begin_move(d)
    with qtbot.waitSignal(view.moveChosen) as sig:
        drag(view, fig.pos, (fig.x - 8.0, fig.y))
    assert sig.args[0]["speed"] == "rapid"
    d.validate(sig.args[0])


def test_refresh_ends_a_mode_whose_decision_was_answered(view: TableView, game: AlleyGame) -> None:
    d = open_move(game)
    view.begin_move(d)
    game.answer("stay")  # answered in the move prompt instead
    view.refresh()
    assert view.mode == "" and view.moving is None


def test_tape_update_is_cheap(benchmark, view: TableView, game: AlleyGame) -> None:  # noqa: ANN001
    """One mouse move of a drag: arithmetic and a few setPos calls, no rules asked."""
    view.begin_move(open_move(game))
    cx, cy = game.unit("bravo").centre()
    benchmark(view._show_path, (cx + 1.0, cy + 5.0))
    assert view.table.move_overlay.visible


# -- placing reinforcements ------------------------------------------------------------------

def open_place(game: AlleyGame, spot: int = 3):  # noqa: ANN201 - a Decision
    game.dice.push(spot)  # the Hot Spot roll
    gen = place_unit(game, [(FigureKind.SOLDIER, "rifle")] * 4)
    d = next(gen)
    assert d.kind is DecisionKind.PLACE and d.facts["hot_spot"] == spot
    return d


def test_place_mode_click_on_a_marked_spot(qtbot, view: TableView, game: AlleyGame) -> None:  # noqa: ANN001
    d = open_place(game)
    view.begin_place(d)
    ov = view.table.place_overlay
    assert ov.circle.isVisible()
    assert ov.circle.rect().width() == pytest.approx(2 * game.m.arrival)
    assert sum(m.isVisible() for m in ov.marks) == len(d.options)
    x, y = d.options[0]
    QTest.mouseMove(view.viewport(), at(view, x, y))
    assert ov.hot == 0
    with qtbot.waitSignal(view.placeChosen) as sig:
        QTest.mouseClick(view.viewport(), LEFT, NONE, at(view, x + 0.1, y))
    assert sig.args[0] == [float(x), float(y)]
    assert view.mode == "" and not ov.circle.isVisible()


def test_place_mode_refuses_a_spot_too_far(qtbot, view: TableView, game: AlleyGame) -> None:  # noqa: ANN001
    d = open_place(game)
    view.begin_place(d)
    with qtbot.waitSignal(view.placeRefused) as sig:
        QTest.mouseClick(view.viewport(), LEFT, NONE, at(view, 12.5, 20.0))
    assert "Hot Spot 3" in sig.args[0]
    assert view.mode == "place"


# -- what a drop means: Close Assault and joining ---------------------------------------------

def _kit_view(qtbot, units, **kw):  # noqa: ANN001, ANN202
    from tests.alley import kit

    g = kit.game(units, strict=False, **kw)
    g.state.turn = 1
    return g, make_view(qtbot, g)


@pytest.mark.rule("CT-054")
def test_dropping_a_unit_on_an_enemy_declares_a_close_assault(qtbot) -> None:  # noqa: ANN001
    from ambush_gui.alley.turn import move_decision, move_rules
    from tests.alley import kit

    g, view = _kit_view(qtbot, [kit.marines("m", (5, 5)), kit.insurgents("i", (5, 9), n=2)])
    m = g.unit("m")
    d = move_decision(g, m, 6.0, move_rules(g, m))
    view.begin_move(d)
    cx, cy = m.centre()
    with qtbot.waitSignal(view.moveChosen) as sig:
        view.drop((cx, 8.6))  # on top of them: 0.4" away, closer than a plain move may go
    assert sig.args[0]["assault"] == "i"
    d.validate(sig.args[0])


@pytest.mark.rule("AA-026")
def test_dropping_a_leader_beside_a_leaderless_unit_joins_it(qtbot) -> None:  # noqa: ANN001
    from ambush_gui.alley.turn import move_decision, move_rules
    from tests.alley import kit

    g, view = _kit_view(qtbot, [kit.leader("L", "insurgent", (10, 10)),
                                kit.insurgents("i", (10, 14), n=3), kit.marines("m", (2, 2))])
    lead = g.unit("L")
    d = move_decision(g, lead, 6.0, move_rules(g, lead))
    view.begin_move(d)
    with qtbot.waitSignal(view.moveChosen) as sig:
        view.drop((10.0, 13.3))
    assert sig.args[0]["join"] == "i"


# -- placing one figure apart (Ctrl-drag) -------------------------------------------------------

CTRL = Qt.KeyboardModifier.ControlModifier


def ctrl_drag(view: TableView, start: tuple[float, float], end: tuple[float, float]) -> None:
    vp = view.viewport()
    QTest.mousePress(vp, LEFT, CTRL, at(view, *start))
    for k in range(1, 7):
        t = k / 6
        QTest.mouseMove(vp, at(view, start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1])))
    QTest.mouseRelease(vp, LEFT, CTRL, at(view, *end))


@pytest.mark.rule("AA-014")
def test_ctrl_dragging_one_figure_places_it_apart(qtbot) -> None:  # noqa: ANN001
    from ambush_gui.alley.turn import move_decision, move_rules
    from tests.alley import kit

    g, view = _kit_view(qtbot, [kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))])
    m = g.unit("m")
    d = move_decision(g, m, 6.0, move_rules(g, m))
    view.begin_move(d)
    lone = m.figures[0]
    with qtbot.waitSignal(view.moveChosen) as sig:
        ctrl_drag(view, lone.pos, (lone.x, lone.y + 0.9))
    choice = sig.args[0]
    assert list(choice["figures"]) == [lone.id]
    fx, fy = choice["figures"][lone.id]
    assert abs(fx - lone.x) < 0.2 and abs(fy - (lone.y + 0.9)) < 0.2
    d.validate(choice)


@pytest.mark.rule("AA-014")
def test_a_figure_dragged_out_of_cohesion_snaps_back_with_the_reason(qtbot) -> None:  # noqa: ANN001
    from ambush_gui.alley.turn import move_decision, move_rules
    from tests.alley import kit

    g, view = _kit_view(qtbot, [kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))])
    m = g.unit("m")
    d = move_decision(g, m, 6.0, move_rules(g, m))
    view.begin_move(d)
    lone = m.figures[0]
    with qtbot.waitSignal(view.moveRefused) as sig:
        ctrl_drag(view, lone.pos, (lone.x - 5.0, lone.y))
    assert "cohesion" in sig.args[0]
    assert (lone.x, lone.y) == (5.0, 5.0)  # nothing moved


def test_the_readout_says_when_the_move_leaves_the_table(view: TableView, game: AlleyGame) -> None:
    """CT-015: one figure across a friendly edge takes the whole unit off, though the other
    ghosts still stand on the table; a playtester thought his contractors stayed behind.
    The readout says the unit leaves."""
    d = open_move(game, plan="cautious:move-fire")
    view.begin_move(d)
    ov = view.table.move_overlay
    fig = game.unit("bravo").figures[0]
    vp = view.viewport()
    QTest.mousePress(vp, LEFT, NONE, at(view, *fig.pos))
    QTest.mouseMove(vp, at(view, fig.x, fig.y + 2.0))
    assert "leaves the table" not in ov.readout.text
    QTest.mouseMove(vp, at(view, fig.x, fig.y - 2.0))
    assert "leaves the table" in ov.readout.text
    QTest.mouseRelease(vp, LEFT, NONE, at(view, fig.x, fig.y + 2.0))


def test_a_drop_stepping_away_from_an_enemy_beside_it_is_not_a_close_assault(qtbot) -> None:  # noqa: ANN001
    """The corporal stands just out of contact below and right of a gunman and is dropped
    1" west: the drop ends farther from him than it began, but the walk passes within
    0.6" of him. The move is refused, naming him, and not read as a Close Assault on him
    (a playtester's step away became one)."""
    from ambush_gui.alley.turn import move_decision, move_rules
    from tests.alley import kit

    g, view = _kit_view(qtbot, [kit.leader("L", "regular", (5.3, 5.0)),
                                kit.insurgents("i", (5.0, 5.55), n=1)])
    lead = g.unit("L")
    d = move_decision(g, lead, 6.0, move_rules(g, lead))
    view.begin_move(d)
    refused: list[str] = []
    view.moveRefused.connect(refused.append)
    chosen: list[object] = []
    view.moveChosen.connect(chosen.append)
    view.drop((4.3, 5.0))
    assert not chosen, chosen
    assert refused and "Insurgents i in the way" in refused[0], refused
