"""The table's prompts tell the truth about who acts (a play-test): a question the computer
answers is never worded as an order to the person; a paused game says it is paused and how
to go on; in hot-seat the Turn panel names the decision actually open."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from ambush_gui.core.decisions import DecisionKind as K  # noqa: E402
from ambush_gui.gui.table.dialogs.situations import drive_to  # noqa: E402

SIDE_NAMES = {"regular": "US Marines", "insurgent": "Insurgents"}  # Contracting Trouble's


def computer_window(qtbot: Any, game: Any, computer: str) -> Any:
    """A table window where the computer plays ``computer``, at a pace that lets the
    window show its question before it answers."""
    from ambush_gui.gui.shared.controller import GameController, Seat
    from ambush_gui.gui.shared.pacing import Pace
    from ambush_gui.gui.table.window import MainWindow

    human = "regular" if computer == "insurgent" else "insurgent"
    c = GameController(game, {human: Seat.HUMAN, computer: Seat.COMPUTER}, pace=Pace.SLOW)
    win = MainWindow(c)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.start()
    return win


def addressed_to_player(text: str) -> bool:
    """The engine's way of putting a question to a side: "Insurgent: …", "your", "you"."""
    return bool(re.search(r"(^|\n)(Regular|Insurgent): |\byour?\b", text))


# the questions each side is asked, one of each kind that names a side
CASES = [
    ("insurgent", K.MATCH), ("insurgent", K.INTERRUPT), ("insurgent", K.CASUALTIES),
    ("insurgent", K.MOVE), ("insurgent", K.FIRE), ("insurgent", K.INSURGENT_ACT),
    ("insurgent", K.HOT_SPOT), ("insurgent", K.PLACE), ("insurgent", K.PLAN),
    ("regular", K.ACTIVATE), ("regular", K.PLAN), ("regular", K.MOVE), ("regular", K.FIRE),
    ("regular", K.MATCH), ("regular", K.CASUALTIES), ("regular", K.REACT),
]


@pytest.mark.parametrize(("side", "kind"), CASES, ids=[f"{s}-{k.value}" for s, k in CASES])
def test_a_computers_question_is_told_as_what_the_computer_does(qtbot: Any, side: str,
                                                                 kind: K) -> None:
    """Against the computer playing the Insurgents the Regular player read "Insurgent:
    match your Defense dice" in the Turn panel: an order to him about the computer's
    dice. Every question the computer answers, for either side, is said as what the
    computer does, in the Turn panel, the Decision dock and the status bar."""
    game, d = drive_to(kind, lambda d, g: d.side == side, seeds=range(40))
    assert d is not None
    win = computer_window(qtbot, game, side)
    assert game.pending() is d  # not answered yet: the slow pace thinks first
    shown = {"turn panel": win.turn_panel.prompt.text(),
             "decision dock": win.decision_panel.idle.text(),
             "status bar": win.statusBar().currentMessage()}
    for where, text in shown.items():
        assert text.startswith(f"{SIDE_NAMES[side]} (computer)") or \
            f"\n{SIDE_NAMES[side]} (computer)" in text, (where, text)
        assert not addressed_to_player(text), (where, text)
    win.close()


def test_the_match_line_says_what_the_computer_does() -> None:
    from ambush_gui.gui.shared.onlooker import computer_doing

    assert computer_doing("Insurgent: match your Defense dice against Fireteam Alpha's Firepower",
                          "Insurgent", "Insurgents") == \
        "Insurgents (computer) match their Defense dice against Fireteam Alpha's Firepower"


def test_the_onlookers_words_keep_their_examples() -> None:
    import doctest

    from ambush_gui.gui.shared import onlooker

    assert doctest.testmod(onlooker).failed == 0
