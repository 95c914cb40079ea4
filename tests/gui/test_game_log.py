"""The game log follows the game: its newest line stays in sight when the log is made
shorter (the Decision dock above it grows for a question; a playtest saw the newest lines
pushed out of sight), and one scrolled back by the player stays where they put it."""

from __future__ import annotations

from typing import Any

from ambush_gui.core.events import Event
from ambush_gui.gui.shared.widgets import GameLog


def filled(qtbot: Any) -> GameLog:
    log = GameLog()
    qtbot.addWidget(log)
    log.resize(400, 500)
    log.show()
    qtbot.waitExposed(log)
    for i in range(200):
        log.add(Event("move", f"Fireteam Alpha moves {i}\"", {}))
    return log


def test_the_newest_line_stays_in_sight_when_the_log_is_made_shorter(qtbot: Any) -> None:
    log = filled(qtbot)
    bar = log.verticalScrollBar()
    assert bar.value() == bar.maximum() > 0
    log.resize(400, 200)
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    assert bar.value() == bar.maximum()


def test_a_log_scrolled_back_stays_where_the_player_put_it(qtbot: Any) -> None:
    log = filled(qtbot)
    bar = log.verticalScrollBar()
    bar.setValue(10)
    log.resize(400, 200)
    assert bar.value() == 10


def _colour_at(log: GameLog, needle: str, offset: int = 0) -> Any:
    """The colour the log draws the character ``offset`` into the first line holding
    ``needle`` (None: the text's own colour)."""
    block = log.document().begin()
    while block.isValid():
        text = block.text()
        if needle in text:
            at = text.index(needle) + offset
            for r in block.layout().formats():
                if r.start <= at < r.start + r.length and r.format.hasProperty(
                        r.format.Property.ForegroundBrush):
                    return r.format.foreground().color()
            return None
        block = block.next()
    raise AssertionError(f"no line with {needle!r}")


def test_the_log_marks_sides_and_colours_verdicts_as_the_tray_does(qtbot: Any) -> None:
    """The log had no colours: a play-tester read the tray's sides and passed/failed tests
    at a glance, and the log as a grey wall. A line about a side starts with its mark (● ◆,
    the shapes of the bases) in its colour, a test's outcome is in the passed or failed
    colour, and both follow the colour-blind-safe palette. A line about no side has none."""
    from ambush_gui.gui.shared import theme
    from ambush_gui.gui.table.wording import passed

    log = GameLog()
    qtbot.addWidget(log)
    sides = {"r1": "regular", "i1": "insurgent"}
    log.side_of = lambda e: sides.get(str(e.data.get("unit")))
    log.verdict = passed
    log.add(Event("turn", "Turn 1 begins", {"turn": 1}))
    log.add(Event("move", "Fireteam Alpha moves 4.0\"", {"unit": "r1"}))
    log.add(Event("quality", "RPG team (5) passes its Quality Check (4)",
                  {"unit": "i1", "passed": True}))
    log.add(Event("morale", "Gunmen (1) is Shaken (2 successes, 3 failures) [AA-160]",
                  {"unit": "i1", "result": "shaken"}))
    lines = log.text().splitlines()
    assert "═══ Turn 1 begins" in lines
    assert "  ● Fireteam Alpha moves 4.0\"" in lines
    assert "  ◆ RPG team (5) passes its Quality Check (4)" in lines
    try:
        for safe in (False, True):
            theme.set_colour_blind_safe(safe)
            log.restyle()
            assert _colour_at(log, "● Fireteam Alpha") == theme.SIDE_COLOURS["regular"]
            assert _colour_at(log, "Fireteam Alpha moves") is None  # the words stay plain
            assert _colour_at(log, "◆ RPG team (5)") == theme.SIDE_COLOURS["insurgent"]
            assert _colour_at(log, "RPG team (5) passes") == theme.PASSED
            assert _colour_at(log, "Gunmen (1) is Shaken") == theme.FAILED
            assert _colour_at(log, "AA-160") == theme.RULE_LINK  # still a link
            assert _colour_at(log, "Turn 1 begins") is None
        # told again (a game loaded, a seat taken): the same marks and colours
        log.reload([Event("quality", "RPG team (5) passes its Quality Check (4)",
                          {"unit": "i1", "passed": True})])
        assert _colour_at(log, "RPG team (5) passes") == theme.PASSED
    finally:
        theme.set_colour_blind_safe(False)
