"""Issue 28 (item 7, the play-tester's follow-up): text still cut or covered at 1280x800 and
1920x1080. Each test puts the window where the play-tester saw the fault."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QLabel, QWidget  # noqa: E402

from ambush_gui import systems  # noqa: E402
from tests.gui.table.test_words_fit import table_window  # noqa: E402

SIZES = [(1280, 800), (1920, 1080)]
MOB_REFUSAL = ("the move passes through mob Crowd at the bus station: nobody moves through a "
               "civilian mob (FF-135); disperse it or go round")


def market_day(seed: int = 7) -> Any:
    return systems.new_game(systems.load_scenario(systems.resolve("market-day")), seed=seed)


def uncut(lab: QLabel) -> bool:
    """A shown word-wrapped label is as tall as its text needs at its width."""
    return not lab.isVisible() or lab.height() >= lab.heightForWidth(lab.width())


def labels_uncut(widget: QWidget) -> list[str]:
    """The texts of ``widget``'s shown labels that are cut at the top or bottom."""
    return [lab.text() for lab in widget.findChildren(QLabel)
            if lab.wordWrap() and not uncut(lab)]


@pytest.mark.parametrize("size", SIZES)
def test_a_three_line_refusal_does_not_cut_the_move_help(qtbot: Any, size: tuple[int, int]) -> None:
    """Bravo team dropped in the crowd: the refusal took three lines under the move's help,
    and the help lost a line at its top and bottom; the dock grows (or scrolls) instead."""
    game = market_day()
    game.answer("alpha")
    game.answer("rapid:move-fire")
    win = table_window(qtbot, game, size)
    prompt = win.move_prompt
    assert prompt is not None
    win._on_refused(MOB_REFUSAL)
    qtbot.wait(0)
    assert prompt.error.isVisible()
    assert labels_uncut(prompt) == []


WAITS = ("First Aid 6 for alpha-1: serious injuries: becomes a Dependant; the unit must take a "
         "Morale check for a Serious Casualty")


@pytest.mark.parametrize("size", SIZES)
def test_the_dice_trays_wait_keeps_its_last_line_in_the_decision_dock(
        qtbot: Any, size: tuple[int, int]) -> None:
    """"The dice tray waits for you: First Aid 6 for alpha-1: …" lost its third line: the dock
    kept the one line's height it had shrunk to (a longer line only raised its most height)."""
    win = table_window(qtbot, market_day(), size)
    win._close_prompts("No decision is open.")
    qtbot.wait(0)
    win._close_prompts(f"The dice tray waits for you: {WAITS} — Space or Continue")
    qtbot.wait(0)
    idle = win.decision_panel.idle
    assert idle.isVisible()
    assert labels_uncut(win.decision_panel) == []


def test_a_long_banner_subline_wraps_inside_the_dock(qtbot: Any) -> None:
    """The road-bomb's match: "Blast: the Medium IED road-bomb (under Station Road) against
    Bravo team" under the banner ran off the Decision dock's right edge."""
    from ambush_gui.gui.shared import theme
    from ambush_gui.gui.shared.dialog_base import Banner

    banner = Banner("regular", "Regular player — match your Defense dice",
                    "Blast: the Medium IED road-bomb (under Station Road) against Bravo team")
    qtbot.addWidget(banner)
    banner.setFixedWidth(theme.RIGHT_COLUMN_WIDE - 20)
    banner.show()
    qtbot.waitExposed(banner)
    sub = banner.sub
    fits = sub.fontMetrics().horizontalAdvance(sub.text()) <= sub.contentsRect().width()
    assert (sub.wordWrap() and uncut(sub)) or fits


@pytest.mark.parametrize("size", SIZES)
def test_the_trays_titles_wrap_rather_than_end_in_an_ellipsis(
        qtbot: Any, size: tuple[int, int]) -> None:
    """"Civilian casualty check: Councillor Idris's fire passe…", "Firepower: Councillor
    Idri…": a card's title and its rolls' captions take a second line where the card has the
    height to spare, the tray's header too; none is then cut at the bottom."""
    from ambush_gui.core.events import Event

    win = table_window(qtbot, market_day(), size)
    tray = win.tray
    purpose = ("Civilian casualty check: Councillor Idris's fire passes mob Crowd at the cloth "
               "stalls (1-2: a casualty)")
    tray.add(Event("roll", f"{purpose}: 1d6 → 6", {"purpose": purpose, "faces": [6], "sides": 6,
                                                   "result": ""}))
    tray.add(Event("mob", "Mob crowd at the cloth stalls is unhurt by the fire (6)", {}))
    two = [Event("roll", f"{p}: 3d6", {"purpose": p, "faces": [5, 6, 5], "sides": 6,
                                       "result": ""})
           for p in ("Firepower: Councillor Idris at Lieutenant", "Defense: Lieutenant")]
    for e in two:
        tray.add(e)
    tray.add(Event("note", "", {}))
    tray.narrate("Civilian casualty check: Councillor Idris's fire passes mob Crowd at the "
                 "cloth stalls")
    qtbot.wait(0)
    long_card, pair = tray.cards[-2], tray.cards[-1]
    shown = [long_card.title, pair.blocks[0].caption, tray.header]
    assert [lab.text() for lab in shown if "…" in lab.text()] == []
    assert labels_uncut(tray) == []
    for box in (long_card, pair, tray):
        assert box.layout().minimumSize().height() <= box.height()


@pytest.mark.parametrize("size", SIZES)
def test_the_interrupts_note_on_fire_or_move_is_in_sight_whole(
        qtbot: Any, size: tuple[int, int]) -> None:
    """Four Insurgent units may interrupt: the note on what Move does, last under the units,
    lay half under the scroll area's bottom edge."""
    from PySide6.QtCore import QPoint, QRect

    from ambush_gui.core.decisions import DecisionKind as K
    from ambush_gui.gui.table.dialogs import InterruptDialog
    from ambush_gui.gui.table.dialogs.situations import drive_to
    from tests.gui.table.test_dock_room import _many_interrupters, open_window

    game, _ = drive_to(K.INTERRUPT, _many_interrupters)
    win = open_window(qtbot, game)
    win.resize(*size)
    qtbot.waitUntil(lambda: isinstance(win.dialog, InterruptDialog))
    qtbot.wait(0)
    dlg = win.dialog
    note, port = dlg.kind_note, dlg.body_scroll.viewport()
    assert note.isVisible() and note.text()
    at = note.mapTo(port, QPoint(0, 0))
    assert port.rect().contains(QRect(at, note.size()))


@pytest.mark.parametrize("size", SIZES)
def test_f1s_tabs_are_whole_over_the_left_column(qtbot: Any, size: tuple[int, int]) -> None:
    """F1 in The Orchard Battery at 1280x800 opens the reference over the left column: its
    tab bar cut "Rules" behind the scroll arrows. The tabs take their short names there."""
    from ambush_gui.gui.shared.rules_help import open_reference

    game = systems.new_game(systems.load_scenario(systems.resolve("the-orchard-battery")), seed=7)
    win = table_window(qtbot, game, size)
    ref = open_reference(win, "alley")
    qtbot.waitExposed(ref)
    bar = ref.tabs.tabBar()
    assert bar.count() == 3
    tabs = range(bar.count())
    assert [bar.tabText(i) for i in tabs if bar.tabRect(i).right() > bar.width()] == []
    assert all(bar.tabToolTip(i) for i in tabs)  # the whole name, and what the tab holds
