"""The controller: computer pacing, undo to the last shown roll, seats from a save."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.core import saves
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.table.window import MainWindow

SCENARIO = systems.load_scenario(systems.resolve("contracting-trouble"))


def test_the_computer_answers_its_own_decisions(qtbot: Any) -> None:
    game = systems.new_game(SCENARIO, 4)
    ctl = GameController(game, {"regular": Seat.COMPUTER, "insurgent": Seat.COMPUTER}, delay_ms=0)
    ctl.start()
    qtbot.waitUntil(lambda: len(game.decisions) >= 20, timeout=10000)
    assert set(game.answered_by[:20]) <= {"regular", "insurgent"}


def test_opening_a_solo_save_keeps_the_computer_seat(qtbot: Any, tmp_path: Path) -> None:
    solo = systems.new_game(SCENARIO, 5)
    ai = AlleyAI()
    while (d := solo.pending()) is not None and d.side == "regular":
        solo.answer(ai.choose(solo, d))
    path = tmp_path / "solo.json"
    saves.save(solo, path, {"regular": "human", "insurgent": "computer"})

    ctl = GameController(systems.new_game(SCENARIO, 1),
                         {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.start()
    assert win.open_path(path)
    assert ctl.seats == {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}
    qtbot.waitUntil(lambda: ctl.pending() is None or ctl.pending().side == "regular", timeout=10000)


def test_an_interrupt_point_chosen_in_the_dialog_is_shown_on_the_move(qtbot: Any) -> None:
    """AA-067: the point along the move where the interruption strikes, shown on the map."""
    from PySide6.QtCore import Qt

    from ambush_gui.core.decisions import DecisionKind
    from ambush_gui.core.geometry import point_along
    from ambush_gui.gui.table.dialogs.situations import drive_to

    game, d = drive_to(DecisionKind.INTERRUPT,
                       lambda d, g: d.facts.get("what") == "move" and len(d.options) > 2)
    ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.show()
    win.start()
    qtbot.waitUntil(lambda: win.dialog is not None)
    option = next(o for o in d.options[1:] if o.get("at", 0) > 0)
    for widget in win.dialog.clicks_for(option)[:-1]:  # everything but the final "Interrupt"
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
    mark = win.table._interrupt_mark
    assert mark.isVisible()
    x, y = point_along([tuple(p) for p in d.facts["path"]], option["at"])
    expected = win.table.table.flip.scene(x, y)
    assert abs(mark.pos().x() - expected.x()) < 1e-6 and abs(mark.pos().y() - expected.y()) < 1e-6


# -- decisions whose answer cannot matter ----------------------------------------------------

def _game_at_forced(kind: Any) -> tuple[Any, Any]:
    """A computer-played game stopped at a decision of ``kind`` the engine marks forced."""
    ai = AlleyAI()
    for seed in range(1, 30):
        game = systems.new_game(SCENARIO, seed)
        for _ in range(600):
            d = game.pending()
            if d is None:
                break
            if d.kind is kind and d.forced is not None:
                return game, d
            game.answer(ai.choose(game, d))
    raise AssertionError(f"no forced {kind} decision in the seeds tried")


def test_a_forced_decision_is_answered_for_the_person_and_logged(qtbot: Any, tmp_path: Path) -> None:
    from ambush_gui.core.decisions import DecisionKind

    game, d = _game_at_forced(DecisionKind.MATCH)
    n = len(game.decisions)
    ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0)
    logged: list[Any] = []
    asked: list[Any] = []
    ctl.eventLogged.connect(logged.append)
    ctl.decisionPending.connect(asked.append)
    ctl.start()
    assert game.decisions[n] == d.validate("best")  # the engine's best arrangement, as asked
    assert n in ctl.forced_answers and d not in asked
    line = next(e for e in logged if e.kind == "forced")
    assert line.text.startswith(f"Decided for the {d.side.title()} player: match your Defense dice")
    assert f"→ the best arrangement — {d.forced_reason}" in line.text
    # the person is asked the next decision that can matter, and undo never lands on the
    # forced one (it would only be answered again)
    later = ctl.pending()
    assert later is None or later.forced is None
    keep = ctl.undo_target()
    assert keep is None or keep != n
    # the save holds the forced answer like any other and replays to the same state
    path = tmp_path / "forced.json"
    ctl.save(path)
    assert saves.verify(path, systems.factory).state_hash() == game.state_hash()


def test_a_forced_decision_of_a_computer_seat_is_left_to_the_computer(qtbot: Any) -> None:
    from ambush_gui.core.decisions import DecisionKind

    game, d = _game_at_forced(DecisionKind.MATCH)
    ctl = GameController(game, {d.side: Seat.COMPUTER}, delay_ms=10_000)
    seen: list[Any] = []
    ctl.computerToMove.connect(seen.append)
    ctl.start()
    assert seen == [d] and ctl.pending() is d and not ctl.forced_answers


def test_saves_made_before_forced_answers_replay_unchanged() -> None:
    """The golden games, recorded before decisions were marked forced, replay to their
    states: the mark changes nothing the engine asks."""
    golden = sorted((Path(__file__).parents[1] / "alley" / "golden").glob("*.json"))
    assert golden
    for path in golden:
        saves.verify(path, systems.factory)


def test_the_log_line_names_units_as_the_table_does() -> None:
    from ambush_gui.core.decisions import Decision, DecisionKind
    from ambush_gui.gui.shared.controller import forced_text

    game = systems.new_game(SCENARIO, 1)
    game.start()
    d = Decision("regular", DecisionKind.ACTIVATE, "Regular: turn 1 — which unit activates next?",
                 options=("cpl",))
    assert forced_text(d, game) == ("Decided for the Regular player: turn 1 — which unit "
                                    "activates next → Corporal (squad leader) — nothing else was possible")


def test_the_log_line_names_figures_as_the_table_does() -> None:
    """Casualties chosen for the player are told by name (alley/names.py), never by id."""
    from ambush_gui.core.decisions import Decision, DecisionKind
    from ambush_gui.gui.shared.controller import forced_text

    game = systems.new_game(SCENARIO, 1)
    game.start()
    d = Decision("regular", DecisionKind.CASUALTIES, "Regular: choose 2 casualties in Fireteam Alpha",
                 options=(["alpha-1", "alpha-3"],), forced=["alpha-1", "alpha-3"],
                 forced_reason="the only legal answer")
    assert forced_text(d, game) == ("Decided for the Regular player: choose 2 casualties in Fireteam "
                                    "Alpha → Fireteam Alpha, fighter 1; Fireteam Alpha, fighter 3 — "
                                    "nothing else was possible")


def test_the_log_line_says_no_fire_in_words() -> None:
    """Issue 28: a fire or a reaction declined for the player is told as "hold fire" or
    "no", with the reason, not as the engine's "hold" or "none"."""
    from ambush_gui.core.decisions import Decision, DecisionKind
    from ambush_gui.gui.shared.controller import forced_text

    game = systems.new_game(SCENARIO, 1)
    game.start()
    d = Decision("regular", DecisionKind.FIRE, "Regular: Corporal fires at?", options=("hold", "x"),
                 forced="hold", forced_reason="no Firepower dice")
    assert forced_text(d, game).endswith("Corporal fires at → hold fire — no Firepower dice")
    r = Decision("regular", DecisionKind.REACT, "Regular: react to X's move?", options=("none", "y"),
                 forced="none", forced_reason="no dice")
    assert "react to X's move → no — no dice" in forced_text(r, game)
