"""Issue 29: the tutorial teaches command, stance, fire, panic and the ratings, each as its
situation first arises, in the figures of the game in play; a new player who never opens
the rules (F1) has read each by the end."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.ambush_ai import AmbushAI  # noqa: E402
from ambush_gui.ambush.model import Side, Status  # noqa: E402
from ambush_gui.core.hexgrid import Hex  # noqa: E402
from ambush_gui.gui.hexmap.tutorial import (  # noqa: E402
    HOLD,
    TEACHINGS,
    teaching,
    teaching_due,
    tutorial_hint,
)
from tests.gui.hexmap.test_ambush_playthrough import TUTORIAL_SEED, open_window  # noqa: E402

PANIC_SEED = 5  # the computer's squad plays the tutorial and one of its men panics


def tutorial(seed: int) -> Any:
    g = systems.new_game(systems.load_scenario(systems.resolve("ambush-tutorial")), seed)
    g.start()
    return g


def play_and_teach(seed: int) -> tuple[Any, list[tuple[str, str]]]:
    """The tutorial played to its end by the computer's squad, with each lesson as it was
    taught (its key and its words at that moment)."""
    g, ai, taught = tutorial(seed), AmbushAI(), []
    while not g.over:
        d = g.pending()
        k = teaching_due(g, d, [k for k, _ in taught])
        if k is not None:
            taught.append((k, teaching(k, g, d)))
        g.answer(ai.choose(g, d))
    return g, taught


def test_every_lesson_is_taught_once_in_order_as_its_situation_arises() -> None:
    # a game where one of the men panics (PANIC_SEED when this was written), found rather
    # than pinned, so a change to the computer's squad moves it instead of breaking the test
    g, taught = next(t for t in (play_and_teach(s) for s in range(PANIC_SEED, PANIC_SEED + 40))
                     if any(k == "panic" for k, _ in t[1]))
    assert [k for k, _ in taught] == list(TEACHINGS)
    words = dict(taught)
    ratings = words["ratings"]
    for term in ("<b>AR</b>, Action Rating", "not the Action Round", "<b>MPA</b>, Movement Point "
                 "Allowance", "<b>WS</b>, Weapon Skill", "<b>PER</b>, Perception",
                 "<b>LDR</b>, Leadership"):
        assert term in ratings
    assert "Pfc Reyes alone near him makes 4, too few; two men in one hex near him make 5, " \
        "enough" in words["command"]
    assert "Move them up together" in words["command"]
    assert "red number" in words["round"] and "out of command he panics" in words["round"]
    for stance in ("<b>Standing</b>", "<b>Crouching</b>", "<b>Prone</b>"):
        assert stance in words["stance"]
    assert "a shot at" in words["stance"]  # the shifts where he stands
    for step in ("hit number", "WS", "jam", "hit die", "damage die", "clip"):
        assert step in words["fire"]
    assert " panic: a red number" in words["panic"] or " panics: a red number" in words["panic"]
    assert "does nothing until the Round ends, then drops prone" in words["panic"]


def test_a_lesson_is_said_in_the_figures_of_the_moment() -> None:
    g = tutorial(TUTORIAL_SEED)
    doyle, reyes, small = (g.state.soldiers[i] for i in ("sgt-doyle", "pfc-reyes", "pvt-small"))
    doyle.hex, reyes.hex, small.hex = Hex.from_label("0102"), Hex.from_label("0202"), \
        Hex.from_label("0806")
    text = teaching("command", g)  # a private beside his sergeant, one far off
    assert "Now out of command: Sgt Doyle (4), Pfc Reyes (4), Pvt Small (1)." in text
    small.hex = reyes.hex  # two privates in one hex near their sergeant
    assert "in command: Sgt Doyle (5), Pfc Reyes (5), Pvt Small (5)" in teaching("command", g)
    assert [s.id for s in g.state.side(Side.US)] == ["sgt-doyle", "pfc-reyes", "pvt-small"]


def test_the_window_shows_the_lesson_above_what_to_do(qtbot: Any) -> None:
    win = open_window(qtbot, "ambush-tutorial", TUTORIAL_SEED)
    hint = win.mission_panel.hint
    assert hint.isVisible()
    text = hint.text()
    assert text.startswith("<b>Command: keep your men together.</b>")
    assert text.index("in command") < text.index("▶ Click a highlighted hex to bring ")
    assert not hint.visibleRegion().isEmpty()


def test_command_is_taught_before_the_first_move(qtbot: Any) -> None:
    """Issue 29 play-test: the sergeant walked onto the map alone and the men left behind
    were out of command before anything taught command (it came once all were on the map,
    or at the first Round). It is the first lesson, before any move; the ratings follow."""
    win = open_window(qtbot, "ambush-tutorial", TUTORIAL_SEED)
    game = win.controller.game
    assert not game.decisions and all(s.hex is None for s in game.state.side(Side.US))
    assert win.mission_panel.hint.text().startswith("<b>Command: keep your men together.</b>")
    win.controller.answer(AmbushAI().choose(game, game.pending()))  # the first step
    win._refresh()
    assert win.mission_panel.hint.text().startswith("<b>Your men's ratings.</b>")
    assert win.brief.text().index("keep your men together") < win.brief.text().index(
        "Your men's ratings")


def test_after_a_fight_the_line_says_what_is_left_of_the_job() -> None:
    g = tutorial(TUTORIAL_SEED)
    d = g.pending()
    assert tutorial_hint(g, d, set()) != HOLD
    g.state.soldiers["g1"].status = Status.DEAD  # the sentry is out of the fight
    assert tutorial_hint(g, d, set()) == HOLD
    assert "hold the farmhouse" in HOLD and "End turn (E)" in HOLD


def test_a_lesson_taught_stays_in_the_brief_to_read_again(qtbot: Any) -> None:
    win = open_window(qtbot, "ambush-tutorial", TUTORIAL_SEED)
    assert "What the tutorial has taught you" in win.brief.text()
    assert "keep your men together" in win.brief.text()


def test_in_a_fight_a_lesson_stands_alone_at_its_decision_then_gives_way(qtbot: Any) -> None:
    """At 1280x800 the fight's column has no room for a lesson and the line together: the
    lesson stands alone where it is taught, the line comes back at the next decision."""
    from ambush_gui.ambush.model import Mode

    win = open_window(qtbot, "ambush-tutorial", PANIC_SEED)
    game, ai, hint = win.controller.game, AmbushAI(), win.mission_panel.hint
    while game.state.mode is not Mode.ROUNDS or game.pending().side != "us":
        win.controller.answer(ai.choose(game, game.pending()))
    win._refresh()
    assert hint.text().startswith("<b>The Round, the AR Track and the panic roll.</b>")
    assert "▶" not in hint.text()
    win._refresh()  # the same decision, looked at again: the lesson stays
    assert "The Round, the AR Track" in hint.text()
    first = game.pending()
    while game.pending() is first or teaching_due(game, game.pending(), ["ratings", "command",
                                                                         "round"]) is not None:
        win.controller.answer(ai.choose(game, game.pending()))
        if game.over or game.state.mode is not Mode.ROUNDS:
            break
    win._refresh()
    if game.state.mode is Mode.ROUNDS and game.pending().side == "us":
        assert "The Round, the AR Track" not in hint.text()


def test_an_undo_or_a_save_opened_does_not_teach_the_lessons_again(qtbot: Any) -> None:
    """A play-through under Xvfb saw the ratings lesson again in Round 5, after the game
    was reset in the window: the player had learnt it already."""
    from ambush_gui.ambush.model import Mode

    win = open_window(qtbot, "ambush-tutorial", PANIC_SEED)
    game, ai = win.controller.game, AmbushAI()
    while game.state.mode is not Mode.ROUNDS or game.pending().side != "us":
        win.controller.answer(ai.choose(game, game.pending()))
    win._refresh()
    assert "The Round, the AR Track" in win.mission_panel.hint.text()
    win._on_reset()
    win._refresh()
    assert "Your men's ratings" not in win.mission_panel.hint.text()
    assert win.brief.text().count("Your men's ratings") == 1


def test_a_game_closed_and_reopened_does_not_teach_its_lessons_again(qtbot: Any,
                                                                        tmp_path: Any) -> None:
    """Issue 29 play-test: the campaign continued (closed, reopened) showed the first lesson
    again. The lessons taught stay taught for the same game; another game teaches them."""
    from ambush_gui.ambush.model import Mode
    from ambush_gui.core import saves
    from ambush_gui.gui.hexmap.window import AmbushWindow
    from ambush_gui.gui.shared.controller import GameController, Seat

    win = open_window(qtbot, "ambush-tutorial", PANIC_SEED)
    game, ai = win.controller.game, AmbushAI()
    assert win.mission_panel.hint.text().startswith("<b>Command: keep your men together.</b>")
    while game.state.mode is not Mode.ROUNDS or game.pending().side != "us":
        win.controller.answer(ai.choose(game, game.pending()))
    win._refresh()
    path = tmp_path / "tutorial.json"
    saves.save(game, path)
    win.close()
    again = saves.replay(path, systems.factory)
    reopened = AmbushWindow(GameController(again, {"us": Seat.HUMAN}, autosave=None,
                                           delay_ms=0))
    qtbot.addWidget(reopened)
    reopened.resize(1600, 1000)
    reopened.show()
    qtbot.waitExposed(reopened)
    reopened.start()
    reopened._refresh()
    text = reopened.mission_panel.hint.text()
    assert "Your men's ratings" not in text and "keep your men together" not in text
    assert reopened.brief.text().count("Your men's ratings") == 1  # to read again
    other = open_window(qtbot, "ambush-tutorial", PANIC_SEED + 1)  # another game
    assert other.mission_panel.hint.text().startswith("<b>Command: keep your men together.</b>")


def test_each_lesson_reads_whole_without_scrolling_at_1280x800(qtbot: Any) -> None:
    """A play-test: at 1280x800 and 100% text the tutorial's box had to be scrolled to read
    its step (the ratings, with the line under them; the steps of fire in a Round). Each
    lesson, and the line under it, is whole in the Mission dock as it is taught."""
    from PySide6.QtCore import QPoint, QRect

    win = open_window(qtbot, "ambush-tutorial", 7)  # a fire at Round 1 in this one
    win.resize(1280, 800)
    game, ai, hint = win.controller.game, AmbushAI(), win.mission_panel.hint
    seen: dict[str, bool] = {}
    while "fire" not in seen and game.pending() is not None:
        qtbot.waitUntil(lambda: not win.controller.busy, timeout=5000)
        win._refresh()
        key = win._taught[-1][0] if win._taught else None
        if key is not None and key not in seen and hint.isVisible():
            qtbot.waitUntil(lambda: not win._fit_pending)
            view = win.mission_panel.parentWidget()  # the dock's scroll area's viewport
            seen[key] = view.rect().contains(QRect(hint.mapTo(view, QPoint(0, 0)), hint.size()))
        win.controller.answer(ai.choose(game, game.pending()))
    assert list(seen) == ["command", "ratings", "round", "stance", "fire"]
    assert all(seen.values()), seen
