"""The unit a decision is about is selected (issue 10 play-test C): the Unit card kept
showing Fireteam Alpha and the Line of sight dock "Fireteam Alpha -> Gunmen" while
Bravo activated."""

from __future__ import annotations

from typing import Any

from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.table.target_info import HINT
from ambush_gui.gui.table.window import MainWindow


def _window(qtbot: Any) -> tuple[MainWindow, GameController]:
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 11)
    ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.start()
    return win, ctl


def test_a_decision_selects_its_unit_and_drops_the_stale_pair(qtbot: Any) -> None:
    win, ctl = _window(qtbot)
    game, ai = ctl.game, AlleyAI()
    for _ in range(200):
        d = ctl.pending()
        assert d is not None
        actor = win.actor_of(d)
        mates = [u for u in game.state.units.values() if actor and u.id != actor
                 and u.side.value == d.side and u.on_table and u.figures]
        enemies = [u for u in game.state.units.values() if u.side.value != d.side
                   and u.on_table and u.figures]
        if actor and mates and enemies:
            break
        ctl.answer(ai.choose(game, d))
    else:
        raise AssertionError("no decision named an acting unit")
    mate, enemy = mates[0], enemies[0]
    # the player looked at another unit's shot: that unit is selected, the dock says it
    win.table.select(mate.id)
    win.table.show_report(mate, enemy)
    assert win.card.title.text() == mate.name and mate.name in win.hover.text()
    win._on_decision(d)  # the decision about ``actor`` is (re)offered
    assert win.table.selected == actor and win.selected == actor
    assert win.card.title.text() == game.unit(actor).name
    assert mate.name not in win.hover.text() or win.hover.text() == HINT


def test_selecting_another_unit_clears_the_dock(qtbot: Any) -> None:
    win, ctl = _window(qtbot)
    st = ctl.game.state
    regs = [u for u in st.units.values() if u.side.value == "regular" and u.figures]
    ins = next(u for u in st.units.values() if u.side.value == "insurgent" and u.figures
               and u.on_table)
    win.table.select(regs[0].id)
    win.table.show_report(regs[0], ins)
    assert regs[0].name in win.hover.text()
    win.table.select(regs[1].id)
    assert win.hover.text() == HINT
