"""Text on the table stays inside the view and on the table (issue 10 play-test D):
a refusal beside a unit ran off the view over the SUV, the set-down title was cut at
the right edge while the Decision dock said "No decision is open.", and unit labels ran
past the table's edge and over the exit strip."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRectF

from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.core.decisions import DecisionKind
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.table.items import LabelItem
from ambush_gui.gui.table.view import TableView
from ambush_gui.gui.table.window import MainWindow


def _window(qtbot: Any, size: tuple[int, int] = (1280, 800)) -> tuple[MainWindow, GameController]:
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 3)
    ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    win.start()
    return win, ctl


def on_screen(view: TableView, label: LabelItem) -> QRectF:
    at = view.mapFromScene(label.pos())
    return label.plate().translated(at.x(), at.y())


def test_a_long_refusal_at_the_edge_wraps_inside_the_view(qtbot: Any) -> None:
    win, ctl = _window(qtbot)
    view = win.table
    right = view.table.table_rect().right()
    why = 'the path is 11.3" long; this unit may move [6.0"] more, and more words to wrap'
    view._refuse(why, view.table.flip.scene(right - 0.5, 20.0))
    plate = on_screen(view, view.table.flash)
    assert QRectF(view.viewport().rect()).contains(plate)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_a_set_down_is_asked_in_the_dock_and_its_title_fits(qtbot: Any,
                                                            size: tuple[int, int]) -> None:
    win, ctl = _window(qtbot, size)
    game, ai = ctl.game, AlleyAI()
    for _ in range(400):
        d = ctl.pending()
        assert d is not None
        if d.kind is DecisionKind.PLACE:
            break
        ctl.answer(ai.choose(game, d))
    else:
        raise AssertionError("no PLACE decision")
    assert win.table.mode == "place"
    assert win.move_prompt is not None and win.move_prompt.isVisible()
    assert win.decision_panel.isAncestorOf(win.move_prompt)
    assert f"Hot Spot {d.facts['hot_spot']}" in win.move_prompt.detail.text()
    title = win.table.table.place_overlay.title
    assert QRectF(win.table.viewport().rect()).contains(on_screen(win.table, title))
    # answering it takes the prompt down
    ctl.answer(ai.choose(game, d))
    assert win.move_prompt is None or win.move_prompt.decision is not d


def test_unit_labels_stay_on_the_table(qtbot: Any) -> None:
    win, ctl = _window(qtbot)
    game, ai = ctl.game, AlleyAI()
    scene = win.table.table
    for _ in range(120):
        ppi = win.table.pixels_per_inch()
        r = scene.table_rect()
        inside = QRectF(r.left() * ppi, r.top() * ppi, r.width() * ppi, r.height() * ppi)
        for uid, lab in scene.unit_labels.items():
            if lab.isVisible():
                plate = lab.plate().translated(lab.pos() * ppi)
                assert inside.adjusted(-1, -1, 1, 1).contains(plate), (uid, lab.text)
        d = ctl.pending()
        if d is None:
            break
        ctl.answer(ai.choose(game, d))


def test_leaders_standing_together_share_one_label(qtbot: Any) -> None:
    win, ctl = _window(qtbot)
    scene = win.table.table
    st = ctl.game.state
    leaders = [u for u in st.units.values() if u.name.startswith("Leader (") and u.on_table
               and u.figures]
    assert len(leaders) >= 3

    def shown() -> list[str]:
        return [lab.text for uid, lab in scene.unit_labels.items()
                if lab.isVisible() and uid in {u.id for u in leaders}]

    texts = shown()
    assert len(texts) < len(leaders)  # fewer plates than leaders (04.png: four plates)
    every = " ".join(texts)
    for u in leaders:  # yet each is named
        assert u.name[u.name.index("(") + 1:-1] in every
    assert any(", " in t for t in texts)
    # a selected leader gets his own label back
    win.table.select(leaders[0].id)
    assert scene.unit_labels[leaders[0].id].isVisible()
    assert ", " not in scene.unit_labels[leaders[0].id].text


def test_every_building_and_rubble_is_named_at_1280x800(qtbot: Any) -> None:
    """"Collapsed shed" (and "Apartments") were not shown at 1280x800: a little wider
    than their piece, they were dropped although they covered nothing."""
    win, ctl = _window(qtbot)
    scene = win.table.table
    for pid, lab in scene.terrain_labels.items():
        if scene.terrain[pid].kind in ("building", "rubble"):
            assert lab.isVisible(), lab.text


def test_figures_on_one_spot_are_marked(qtbot: Any) -> None:
    """The Mosque showed one diamond for RPG team (3)'s two figures (a leader joined on
    its figure's spot): the stack is marked with its count."""
    win, ctl = _window(qtbot)
    scene = win.table.table
    assert not any(m.isVisible() for m in scene.stack_marks)
    a, b = ctl.game.unit("alpha").figures[:2]
    old = (b.x, b.y)
    b.x, b.y = a.x, a.y
    scene.refresh()
    shown = [m for m in scene.stack_marks if m.isVisible()]
    assert len(shown) == 1 and shown[0].text == "×2"
    assert a.id in shown[0].toolTip() and b.id in shown[0].toolTip()
    b.x, b.y = old
    scene.refresh()
    assert not any(m.isVisible() for m in scene.stack_marks)
