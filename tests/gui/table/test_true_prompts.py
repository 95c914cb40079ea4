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
from tests.gui.table.windows import table_window  # noqa: E402

SIDE_NAMES = {"regular": "US Marines", "insurgent": "Insurgents"}  # Contracting Trouble's


def computer_window(qtbot: Any, game: Any, computer: str) -> Any:
    """A table window where the computer plays ``computer``, at a pace that lets the
    window show its question before it answers."""
    from ambush_gui.gui.shared.pacing import Pace

    human = "regular" if computer == "insurgent" else "insurgent"
    return table_window(qtbot, game, {human: "human", computer: "computer"}, pace=Pace.SLOW)


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


def paused_on_a_moment(qtbot: Any) -> Any:
    """A window against the computer at the Step pace, the dice tray waiting on the
    computer's answer (the game paused on it)."""
    from ambush_gui.gui.shared.pacing import Pace

    game, d = drive_to(K.MATCH, lambda d, g: d.side == "insurgent")
    win = computer_window(qtbot, game, "insurgent")
    win.controller.set_pace(Pace.STEP)
    qtbot.waitUntil(lambda: win.controller.waiting_for is not None, timeout=10000)
    return win


def test_a_paused_game_says_it_is_paused_and_the_key_that_goes_on(qtbot: Any) -> None:
    """"Your move: Space or Continue" stood in the Turn panel while the game was paused on
    the computer's answer: nothing was the player's to move. The banner says it is paused
    and names the key, and that key goes on."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from ambush_gui.gui.table.panels import PAUSED

    win = paused_on_a_moment(qtbot)
    c = win.controller
    banner = win.turn_panel.banner.text()
    assert banner == PAUSED
    assert banner.startswith("Paused") and "Space" in banner and "move" not in banner.lower()
    assert c.waiting_for in win.turn_panel.banner.toolTip()
    why = c.waiting_for
    win.activateWindow()
    QTest.keyClick(win.windowHandle(), Qt.Key.Key_Space)  # the key the banner names
    qtbot.waitUntil(lambda: c.waiting_for != why, timeout=10000)
    win.close()


def test_a_game_paused_by_the_other_machine_says_so_not_the_trays_key(qtbot: Any) -> None:
    """A dropped connection while the dice tray waited: the banner still read as the tray's
    pause, which Space does not end (the game waits for the other player to join again)."""
    from ambush_gui.gui.shared.controller import Seat
    from ambush_gui.gui.table.panels import PAUSED

    win = paused_on_a_moment(qtbot)
    c = win.controller
    c.seats["insurgent"] = Seat.REMOTE  # the other player, at his machine
    c.offline = ("Paused: the other player's connection is gone; the game waits until they "
                 "join again (the same address).")
    win._on_remote(c.pending())
    assert win.turn_panel.banner.text() == "Paused: the other player's connection is gone"
    c.offline = ""
    win._refresh()
    assert win.turn_panel.banner.text() == PAUSED  # connected again: the tray's pause again
    win.close()


def before_a_hand_over(kind: K) -> tuple[Any, Any]:
    """A Contracting Trouble game one answer before the seat passes to the side asked a
    ``kind`` question (an interruption of a Regular's move, a reaction to it), and that
    answer."""
    from ambush_gui.ai.alley_ai import AlleyAI
    from ambush_gui.gui.table.dialogs.situations import new_game

    for seed in range(40):
        game, ai, answers = new_game(seed), AlleyAI(), []
        while (d := game.pending()) is not None:
            answer = ai.choose(game, d)
            game.answer(answer)
            answers.append(answer)
            after = game.pending()
            if after is not None and after.kind is kind and after.side != d.side:
                replayed = new_game(seed)
                for a in answers[:-1]:
                    replayed.answer(a)
                return replayed, answer
    raise LookupError(f"no game hands the seat over for a {kind} question")


def hot_seat_hand_over(qtbot: Any, game: Any, answer: Any) -> Any:
    """The hot-seat window with the player of the game's open decision seated; he gives
    ``answer`` and the curtain comes down for the next question's player."""
    mover = game.pending()
    win = table_window(qtbot, game)
    c = win.controller
    c.sit_down(mover.side)
    qtbot.waitUntil(lambda: c.pending() is mover and not c.busy and c.handing_to is None)
    c.answer(answer)
    assert c.handing_to == c.pending().side != mover.side and win.curtain.isVisible()
    return win


@pytest.mark.hand_over
@pytest.mark.parametrize("kind", [K.INTERRUPT, K.REACT], ids=["interrupt", "reaction"])
def test_behind_the_hand_over_curtain_the_turn_panel_names_the_decision_open(
        qtbot: Any, kind: K) -> None:
    """Hot-seat: the Insurgent was asked about an interruption of a Regular's move while
    the Turn panel behind his hand-over curtain still read "Regular player to decide" over
    "Regular: move Fireteam Alpha". Whenever a decision changes hands (an interruption, a
    reaction to one) the panel names whose it is; the question itself waits for the seat
    to be taken (a reaction's words tell the Reaction Test's winner before its dice show)."""
    from ambush_gui.gui.shared.dialog_base import side_title

    game, answer = before_a_hand_over(kind)
    mover = game.pending()
    win = hot_seat_hand_over(qtbot, game, answer)
    asked = win.controller.pending()
    assert asked.kind is kind
    banner, prompt = win.turn_panel.banner.text(), win.turn_panel.prompt.text()
    assert f"{side_title(asked.side)} player to decide" in banner, banner
    assert side_title(mover.side) not in banner
    assert prompt == f"Waiting for the {side_title(asked.side)} player to take the seat.", prompt
    win.controller.sit_down(asked.side)
    qtbot.waitUntil(lambda: win.turn_panel.prompt.text() == asked.prompt)
    win.close()


@pytest.mark.hand_over
def test_the_curtain_says_what_the_seat_is_called_for_and_no_dice(qtbot: Any) -> None:
    """Hot-seat: the curtain read "Hand the seat to the Insurgent player" and nothing about
    why (an interruption of Fireteam Alpha's move may come). It names the question and the
    mover, and no die: the Regular's move threw none."""
    from ambush_gui.core.words import whose

    game, answer = before_a_hand_over(K.INTERRUPT)
    win = hot_seat_hand_over(qtbot, game, answer)
    asked = win.controller.pending()
    mover = game.unit(asked.facts["target"]).name
    said = win.curtain.called.text()
    assert win.curtain.called.isVisible()
    assert said == f"You may interrupt {whose(asked.facts['what'], mover)}", said
    assert not re.search(r"\d|→|first|dice", said.replace(mover, "")), said
    win.close()


@pytest.mark.hand_over
def test_the_curtain_names_the_reaction_test_not_its_winner(qtbot: Any) -> None:
    """The reaction's words named the Reaction Test's winner ("Fireteam Bravo may react
    first") before its dice showed. Behind the curtain its dice are still held: the curtain
    names the test, thrown first, and neither the question nor the winner."""
    game, answer = before_a_hand_over(K.REACT)
    win = hot_seat_hand_over(qtbot, game, answer)
    asked = win.controller.pending()
    said = win.curtain.called.text()
    assert said.startswith("First the dice") and "Reaction Test" not in said, said
    for tell in ("react first", "return fire", "acts first", asked.prompt, "→"):
        assert tell not in said, (tell, said)
    win.controller.sit_down(asked.side)
    assert not win.curtain.isVisible()
    win.close()


@pytest.mark.hand_over
def test_behind_the_curtain_for_a_hidden_question_the_turn_panel_tells_nothing_of_it(
        qtbot: Any) -> None:
    """Market Day: the Insurgents are asked whether to set off their hidden road bomb.
    The Regular player, with nothing to decide, hands them the seat: behind the curtain
    the Turn panel names the Insurgent player and the hand-over, never the question, not
    even its neutral line ("The Insurgents weigh a hidden move")."""
    game, asked = drive_to(K.CHOOSE, lambda d, g: bool(d.facts.get("secret")), seeds=range(3),
                           scenario="market-day")
    assert asked is not None
    win = table_window(qtbot, game)
    c = win.controller
    c.sit_down("regular")
    qtbot.waitUntil(lambda: win.pass_widget is not None)  # nothing for him: he hands it on
    win._pass_seat("insurgent")
    assert c.handing_to == "insurgent" and win.curtain.isVisible()
    assert "Insurgent player to decide" in win.turn_panel.banner.text()
    assert win.turn_panel.prompt.text() == "Waiting for the Insurgent player to take the seat."
    text = win.turn_panel.banner.text() + win.turn_panel.prompt.text()
    for trace in (asked.prompt, str(asked.facts["secret"]), "hidden", "IED"):
        assert trace not in text
    win.close()


@pytest.mark.hand_over
def test_hot_seat_hands_over_no_seat_for_an_answer_given_for_its_player(qtbot: Any) -> None:
    """Play-test: the curtain asked the Regular player to take the seat, then the program
    answered for him ("Decided for the Regular player: … may return fire → no") and
    asked the Insurgent player back: about five times in six activations. On a table that
    hides nothing, an answer given for a player needs no seat: both watch its dice."""
    from ambush_gui.ai.alley_ai import AlleyAI
    from ambush_gui.gui.table.dialogs.situations import new_game

    for seed in range(40):
        game, ai, answers = new_game(seed), AlleyAI(), []
        found = None
        while found is None and (d := game.pending()) is not None:
            answer = ai.choose(game, d)
            game.answer(answer)
            answers.append(answer)
            after = game.pending()
            if after is not None and after.side != d.side and after.forced is not None \
                    and not after.facts.get("odds"):
                found = (d, answer, after)
        if found is not None:
            break
    assert found is not None, "no answer hands a forced decision to the other side"
    replayed = new_game(seed)
    for a in answers[:-1]:
        replayed.answer(a)
    mover = replayed.pending()
    win = table_window(qtbot, replayed)
    c = win.controller
    c.sit_down(mover.side)
    qtbot.waitUntil(lambda: c.pending() is mover and not c.busy and c.handing_to is None)
    forced_at = len(replayed.decisions) + 1
    hands: list[tuple[str, int]] = []  # (to whom, decisions answered by then)
    c.handOver.connect(lambda side: hands.append((side, len(replayed.decisions))))
    c.answer(found[1])
    qtbot.waitUntil(lambda: len(replayed.decisions) > forced_at)
    assert forced_at in c.forced_answers, "answered for its player"
    # no curtain came down before it was answered: only for a question after it, if any
    assert all(n > forced_at for _, n in hands), hands
