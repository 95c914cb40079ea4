"""What the tape's readout says while a unit is dragged (a new player's play-test): it stays
whole inside the view; once the pointer rests it adds the drop's own verdict, asked of the
engine about every figure and not only the one held (a figure that would end in a
building, the mine test another figure would walk into); and a detached leader hears
whether the drop joins him to a unit or how far he is from joining (AA-026)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("PySide6.QtWidgets")

from PySide6.QtCore import QPointF, QRectF  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.alley.game import AlleyGame  # noqa: E402
from ambush_gui.alley.turn import move_decision, move_rules  # noqa: E402
from ambush_gui.gui.shared import theme  # noqa: E402
from ambush_gui.gui.table.view import TableView  # noqa: E402
from tests.alley import kit  # noqa: E402
from tests.gui.table.test_table_moves import CTRL  # noqa: E402
from tests.gui.table.test_table_view import LEFT, NONE, at, make_view, open_move  # noqa: E402

Point = tuple[float, float]


def kit_move(qtbot: Any, units: list[dict[str, Any]], uid: str, size: tuple[int, int] = (900, 900),
             **kw: Any) -> tuple[AlleyGame, TableView]:
    """A test table whose unit ``uid`` is asked for its move (6")."""
    g = kit.game(units, strict=False, **kw)
    g.state.turn = 1
    view = make_view(qtbot, g, size)
    unit = g.unit(uid)
    view.begin_move(move_decision(g, unit, 6.0, move_rules(g, unit)))
    return g, view


def hold_at(view: TableView, start: Point, end: Point, modifiers: Any = NONE) -> None:
    """Press on ``start`` and drag to ``end``, the button still down."""
    vp = view.viewport()
    QTest.mousePress(vp, LEFT, modifiers, at(view, *start))
    for k in range(1, 7):
        t = k / 6
        QTest.mouseMove(vp, at(view, start[0] + t * (end[0] - start[0]),
                                start[1] + t * (end[1] - start[1])))


def readout_in_view(view: TableView) -> tuple[QRectF, QRectF]:
    """The readout's plate and the viewport, in viewport pixels."""
    r = view.table.move_overlay.readout
    p = view.mapFromScene(r.pos())
    return r.plate().translated(p.x(), p.y()), QRectF(view.viewport().rect())


def said(qtbot: Any, view: TableView, words: str) -> str:
    """The readout once the pointer has rested and it says ``words``."""
    r = view.table.move_overlay.readout
    qtbot.waitUntil(lambda: words in r.text, timeout=3000)
    return r.text


def test_a_ctrl_dragged_figures_readout_stays_inside_the_view(qtbot: Any) -> None:
    """Ctrl-dragging one figure toward the view's edge ran its readout off the view, cut
    ("6.4…" at 1280x800)."""
    g, view = kit_move(qtbot, [kit.marines("m", (19, 5)), kit.insurgents("i", (5, 20))], "m",
                       size=(320, 700))
    lone = g.unit("m").figures[3]  # the easternmost, at 21.4"
    hold_at(view, lone.pos, (23.6, 5.0), CTRL)
    plate, vp = readout_in_view(view)
    assert view.table.move_overlay.readout.isVisible()
    assert vp.contains(plate), (plate, vp)
    # beside the figure, not pushed in over it: it covered the ghost it was about
    assert not plate.contains(QPointF(at(view, 23.6, 5.0)))
    QTest.mouseRelease(view.viewport(), LEFT, CTRL, at(view, 23.6, 5.0))


def test_the_readout_stays_inside_the_view_when_the_keys_scroll_it(qtbot: Any) -> None:
    """The arrow keys take the path's end on and the view follows it: the readout stays
    whole in the view that scrolled under it."""
    g, view = kit_move(qtbot, [kit.marines("m", (12, 5)), kit.insurgents("i", (5, 20))], "m",
                       size=(320, 700))
    view.zoom(4.0)
    view.centerOn(view.table.flip.scene(2.0, 5.0))  # the player looked away, west
    view.key_step(1.0, 0.0)  # the end 1" east, far off the view: it follows the end
    plate, vp = readout_in_view(view)
    assert vp.contains(plate), (plate, vp)


def test_a_figure_the_player_does_not_hold_walking_into_a_truck_is_told_before_the_drop(
        qtbot: Any) -> None:
    truck = {"id": "truck", "kind": "vehicle", "rect": [7, 8.6, 3, 1.2]}  # impassable
    g, view = kit_move(qtbot, [kit.marines("m", (5, 5)), kit.insurgents("i", (20, 20))], "m",
                       pieces=[truck])
    held = g.unit("m").figures[0]  # at 5": it passes clear of the truck; the one at 7.4" does not
    hold_at(view, held.pos, (held.x, held.y + 4.0))
    r = view.table.move_overlay.readout
    assert r.bg == theme.LABEL_BG  # the distance alone: legal
    text = said(qtbot, view, "truck")
    assert "impassable" in text and r.bg == theme.FLASH_BG  # refused, and why, before the drop
    with qtbot.waitSignal(view.moveRefused) as sig:
        QTest.mouseRelease(view.viewport(), LEFT, NONE, at(view, held.x, held.y + 4.0))
    assert "truck" in sig.args[0]  # the drop says the same


@pytest.mark.rule("AA-026")
def test_a_leader_dragged_beside_a_leaderless_unit_hears_how_far_he_is_from_joining(
        qtbot: Any) -> None:
    g, view = kit_move(qtbot, [kit.leader("L", "insurgent", (10, 10)),
                               kit.insurgents("i", (10, 14), n=3), kit.marines("m", (2, 2))], "L")
    name = g.unit("i").name
    hold_at(view, (10.0, 10.0), (10.0, 11.7))
    text = said(qtbot, view, "to join")
    assert f'2.3" from {name}: within 1" to join' in text
    QTest.mouseMove(view.viewport(), at(view, 10.0, 13.3))
    assert "joins" in said(qtbot, view, f"joins {name}")
    with qtbot.waitSignal(view.moveChosen) as sig:
        QTest.mouseRelease(view.viewport(), LEFT, NONE, at(view, 10.0, 13.3))
    assert sig.args[0]["join"] == "i"  # the drop does what the tape said


@pytest.mark.rule("AA-026")
def test_a_leader_dropped_too_far_moves_as_the_tape_said(qtbot: Any) -> None:
    g, view = kit_move(qtbot, [kit.leader("L", "insurgent", (10, 10)),
                               kit.insurgents("i", (10, 14), n=3), kit.marines("m", (2, 2))], "L")
    hold_at(view, (10.0, 10.0), (10.0, 11.7))
    said(qtbot, view, "to join")
    with qtbot.waitSignal(view.moveChosen) as sig:
        QTest.mouseRelease(view.viewport(), LEFT, NONE, at(view, 10.0, 11.7))
    assert "join" not in sig.args[0]


@pytest.mark.rule("FF-036")
def test_another_figure_walking_into_a_minefield_is_warned_of_before_the_drop(
        qtbot: Any) -> None:
    """The Signal Box: Alpha's easternmost figure is dragged north-east, clear of the old
    minefield; its westernmost would end in it."""
    g = systems.new_game(systems.load_scenario(systems.resolve("the-signal-box")), 7).start()
    assert isinstance(g, AlleyGame)
    view = make_view(qtbot, g)
    view.begin_move(open_move(g, "alpha", "cautious:move-fire"))
    alpha = g.unit("alpha")
    held = alpha.figures[-1]  # at (9.9, 1.5)
    cx, cy = alpha.centre()
    dest = (held.x + 11.4 - cx, held.y + 6.5 - cy)  # the unit's centre to (11.4, 6.5)
    hold_at(view, held.pos, dest)
    text = said(qtbot, view, "minefield")
    assert "Old minefield (red posts)" in text and "mine test" in text
    assert view.table.move_overlay.readout.bg == theme.READOUT_WARN_BG
    clear = (held.x + 12.4 - cx, held.y + 6.0 - cy)  # every figure east of the field
    QTest.mouseMove(view.viewport(), at(view, *clear))
    r = view.table.move_overlay.readout
    qtbot.waitUntil(lambda: "minefield" not in r.text and r.bg == theme.LABEL_BG, timeout=3000)
    QTest.mouseRelease(view.viewport(), LEFT, NONE, at(view, *clear))


@pytest.mark.parametrize("how", ["escape", "right click"])
def test_a_drag_taken_back_mid_way_makes_no_move_on_release(qtbot: Any, how: str) -> None:
    """Esc or a right click took the tape back, but the left button's release still made the
    move (seen under Xvfb: a Ctrl-dragged figure moved after Esc)."""
    from PySide6.QtCore import Qt

    g, view = kit_move(qtbot, [kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))], "m")
    fig = g.unit("m").figures[0]
    moves: list[Any] = []
    view.moveChosen.connect(moves.append)
    view.moveRefused.connect(moves.append)
    hold_at(view, fig.pos, (fig.x, fig.y + 3.0))
    if how == "escape":
        QTest.keyClick(view, Qt.Key.Key_Escape)
    else:
        QTest.mouseClick(view.viewport(), Qt.MouseButton.RightButton, NONE, at(view, fig.x, fig.y + 3.0))
    QTest.mouseRelease(view.viewport(), LEFT, NONE, at(view, fig.x, fig.y + 3.0))
    assert moves == [] and view.mode == "move"  # still asked, nothing answered
    assert not view.table.move_overlay.visible


@pytest.mark.rule("CT-054")
def test_a_unit_dragged_onto_an_enemy_hears_it_is_a_close_assault(qtbot: Any) -> None:
    """A new player dragged a fireteam onto the raiders in the signal box to Close Assault
    them, as the Decision dock said to: the tape told only the distance, so he could not
    tell a Close Assault from a move that stops beside them. It names it, as the drop does."""
    g, view = kit_move(qtbot, [kit.marines("m", (5, 5)), kit.insurgents("i", (5, 9), n=2)], "m")
    cx, cy = g.unit("m").centre()
    hold_at(view, (cx, cy), (cx, 8.6))
    text = said(qtbot, view, "Close Assault")
    assert f"Close Assault on {g.unit('i').name} (CT-054)" in text
    with qtbot.waitSignal(view.moveChosen) as sig:
        QTest.mouseRelease(view.viewport(), LEFT, NONE, at(view, cx, 8.6))
    assert sig.args[0]["assault"] == "i"  # the drop does what the tape said
