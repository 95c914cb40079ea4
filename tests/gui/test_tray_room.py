"""At 1280x800 the second line of a card's outcome was cut by the tray's horizontal scroll
bar ("… Fireteam Bravo acts first" half hidden): the cards' area holds a card with captions,
modifiers and a two-line outcome above the scroll bar, and the tray grows no more than that."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.core.events import Event  # noqa: E402
from ambush_gui.gui.shared import theme  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402

ALLEY = systems.load_scenario(systems.resolve("contracting-trouble"))


def roll(purpose: str, faces: list[int], sides: int, side: str,
         mods: list[tuple[str, int, str]]) -> Event:
    return Event("roll", f"{purpose}: …", {"purpose": purpose, "faces": faces, "sides": sides,
                                           "modifiers": mods, "result": "", "side": side})


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_a_two_line_outcome_stands_above_the_scroll_bar(qtbot: Any, size: tuple[int, int]) -> None:
    win = table(qtbot, size)
    tray = win.tray
    for i in range(6):  # enough cards for the strip to scroll sideways
        tray.add(roll(f"Reaction Test (Bravo reacts {i}): Fireteam Bravo", [7], 8, "regular",
                      [("moving Cautiously", 1, "AA-036")]))
        tray.add(roll(f"Reaction Test (Bravo reacts {i}): Insurgents R1", [2], 6, "insurgent",
                      [("Halted or on Overwatch", 1, "AA-035")]))
        tray.add(Event("reaction", "Reaction Test: Insurgents R1 3 against Fireteam Bravo 8 — "
                       "Fireteam Bravo acts first (a tie goes to the Regular)",
                       {"insurgent_first": False}))
        tray.add(Event("move", "something else", {}))
    card = tray.latest
    bar = tray.cards_area.horizontalScrollBar()
    qtbot.waitUntil(lambda: bar.isVisible() and card.outcome.width() > 100)
    qtbot.waitUntil(lambda: "\n" in card.outcome.text())
    view = tray.cards_area.viewport()
    # the outcome's second line ends inside the viewport, above the scroll bar
    bottom = card.outcome.mapTo(view, QPoint(0, card.outcome.height())).y()
    fm = card.outcome.fontMetrics()
    text_bottom = card.outcome.mapTo(view, QPoint(0, 0)).y() + card.outcome.contentsRect().top() \
        + (card.outcome.height() - 2 * fm.height()) // 2 + 2 * fm.height()
    assert card.outcome.height() >= 2 * fm.height()
    assert min(bottom, text_bottom) <= view.height() and text_bottom <= view.height()
    # no more room than that: the tray strip stays a strip
    assert tray.height() <= theme.TRAY_HEIGHT + 40
    assert view.height() - card.minimumSizeHint().height() < 30


def fire(tray: Any) -> None:
    """A fire of many dice, its Defense, and the match the next answer tells."""
    tray.add(roll("Firepower: Fireteam Alpha at Gunmen (1)", [3, 1, 7, 4, 6, 8], 8, "regular",
                  [("4 figures", 4, "AA-134"), ("M203", 1, "AA-137"), ("SAW", 1, "AA-137")]))
    tray.add(roll("Defense: Gunmen (1)", [5, 6, 3, 5, 3, 6, 6], 6, "insurgent",
                  [("6 figures", 6, "AA-117"), ("Solid Cover", 1, "AA-124")]))


def match(tray: Any) -> None:
    tray.add(Event("match", "Dice matched: 8-x, 7-x, 6-6, 4-5 → 2 casualties", {}))
    tray.add(Event("casualty", "i1-1 (Gunmen (1)) is a casualty and is removed", {"unit": "i1"}))
    tray.add(Event("casualty", "i1-2 (Gunmen (1)) is a casualty and is removed", {"unit": "i1"}))


def outcome_whole(qtbot: Any, tray: Any) -> None:
    """The newest card's two-line outcome ends above the tray's scroll bar."""
    card = tray.latest
    view = tray.cards_area.viewport()
    qtbot.waitUntil(lambda: "\n" in card.outcome.text() and 0 < card.outcome.y()
                    and card.outcome.height() < card.height())  # laid out in its card
    fm = card.outcome.fontMetrics()
    assert card.outcome.height() >= 2 * fm.height()
    assert card.outcome.mapTo(view, QPoint(0, card.outcome.height())).y() <= view.height()


@pytest.mark.parametrize("scale", [1.0, 2.0])
@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_a_fires_outcome_stays_whole_while_the_tray_waits_with_its_buttons(
        qtbot: Any, size: tuple[int, int], scale: float) -> None:
    """The big moment of a fire (its casualties) waits with Continue and Skip beside the
    header, its card whole above the scroll bar at any text scale: larger, the cards grew
    and the tray did not (the outcome's lines went under the scroll bar)."""
    win = table(qtbot, size)
    theme.set_scale(scale)
    tray = win.tray
    fire(tray)
    match(tray)
    tray.show_wait("i1-1 (Gunmen (1)) is a casualty and is removed")
    outcome_whole(qtbot, tray)
    assert "2 casualties" in tray.latest.outcome.full


def test_a_fires_dice_take_their_match_after_the_seat_changes_hands(qtbot: Any) -> None:
    """In hot-seat the Insurgent takes the seat between the Regulars' fire and his match
    (the tray is told the game again then), and a forced match is told between them: the
    fire's card kept its dice but never showed its casualties."""
    win = table(qtbot, (1280, 800))
    tray = win.tray
    fire(tray)
    events = [*tray.throws[-1].rolls]
    tray.reload(events)  # the seat taken: the held events told again
    tray.add(Event("forced", "Decided for the Insurgent player: match your Defense dice", {}))
    match(tray)
    assert len(tray.cards) == 1
    assert not tray.latest.outcome.isHidden()
    assert tray.latest.outcome.full.startswith("Dice matched")
    assert [e.kind for e in tray.latest.throw.outcomes] == ["match", "casualty", "casualty"]


def table(qtbot: Any, size: tuple[int, int]) -> MainWindow:
    ctl = GameController(systems.new_game(ALLEY, 3),
                         {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_at_the_largest_scale_a_cards_title_stays_in_the_strip(qtbot: Any) -> None:
    """A card is widened for its title only as far as the strip: at 200% "Morale Check:
    Gunmen (1) (took casualties)" ran past the strip's right edge, its end cut. A card of
    many dice wider than the strip scrolls, its start (its title) in view."""
    win = table(qtbot, (1280, 800))
    theme.set_scale(2.0)
    tray = win.tray
    view = tray.cards_area.viewport()
    tray.add(roll("Morale Check: Gunmen (1) (took casualties)", [1, 2, 3, 10], 10, "insurgent", []))
    tray.add(Event("morale", "Gunmen (1) is Shaken (1 success, 3 failures): Morale falls to d8",
                   {"unit": "i1"}))
    card = tray.latest
    qtbot.waitUntil(lambda: card.isVisible() and tray.cards_area.horizontalScrollBar().value()
                    == tray.cards_area.horizontalScrollBar().maximum())
    assert card.width() <= view.width()
    assert card.title.toolTip() == "Morale Check: Gunmen (1) (took casualties)"
    fire(tray)
    wide = tray.latest
    qtbot.waitUntil(lambda: wide.isVisible() and wide.width() > view.width())
    qtbot.waitUntil(lambda: wide.mapTo(view, QPoint(0, 0)).x() == 0)  # its start in view


def test_the_card_measured_for_the_trays_height_is_never_shown(qtbot: Any) -> None:
    """The tray measures a sample card ("Test (why): One", "word word …") for its least
    height. It was made in the strip and left there until deleted later: a window shown
    in between showed it in the README's screenshots, over the real cards."""
    from PySide6.QtWidgets import QWidget

    from ambush_gui.gui.shared.dice_tray import ThrowCard, card_least_height

    strip = QWidget()
    qtbot.addWidget(strip)
    assert card_least_height(strip) > 0
    strip.show()
    qtbot.waitExposed(strip)
    assert not [c for c in strip.findChildren(ThrowCard) if c.isVisible()]


@pytest.mark.parametrize("scale", [1.3, 1.5, 2.0])
def test_a_card_given_a_second_line_still_fits_once_the_scroll_bar_comes(
        qtbot: Any, scale: float) -> None:
    """1920x1080 with larger text: a reaction's long title and a fire's caption ("Firepower:
    Fireteam Bravo at RPG team (4)") took a second line while the strip had no sideways
    scroll bar; when it came the cards were taller than the strip and the fire's last result
    line was cut under it. A card's words take the lines the strip has with the bar."""
    from PySide6.QtWidgets import QLabel

    win = table(qtbot, (1920, 1080))
    theme.set_scale(scale)
    tray = win.tray
    area = tray.cards_area
    for i in range(4):  # one by one, as they are thrown: the first before the bar comes
        tray.add(roll(f"Reaction Test (RPG team (4) interrupts Fireteam Bravo {i}): Fireteam Bravo",
                      [7], 8, "regular", [("moving Rapidly", -1, "AA-037")]))
        tray.add(roll(f"Reaction Test (RPG team (4) interrupts Fireteam Bravo {i}): RPG team (4)",
                      [1], 6, "insurgent", []))
        tray.add(Event("reaction", "RPG team (4) 1 against Fireteam Bravo 2 — Fireteam Bravo "
                       "acts first (a tie goes to the Regular)", {"insurgent_first": False}))
        qtbot.wait(30)
        if i == 0:
            assert not area.horizontalScrollBar().isVisible()  # the case: no bar yet
        tray.add(roll("Firepower: Fireteam Bravo at RPG team (4)", [6, 1, 5, 3, 1], 8, "regular",
                      [("4 figures", 4, "AA-134"), ("M203", 1, "AA-137")]))
        tray.add(roll("Defense: RPG team (4)", [4, 1, 3], 6, "insurgent",
                      [("2 figures", 2, "AA-117"), ("Solid Cover", 1, "AA-124")]))
        match(tray)
        qtbot.wait(30)
    view = area.viewport()
    qtbot.waitUntil(lambda: area.horizontalScrollBar().isVisible())
    qtbot.wait(50)  # the cards' words share their room out a beat after they are laid out
    assert area.verticalScrollBar().maximum() == 0
    for card in tray.cards[-2:]:
        for lab in card.findChildren(QLabel):
            if lab.isVisible() and lab.text():
                bottom = lab.mapTo(view, QPoint(0, lab.height())).y()
                assert bottom <= view.height(), (lab.text(), bottom, view.height())


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_tray_shows_whole_cards_only(qtbot: Any, size: tuple[int, int]) -> None:
    """Scrolled to its end, the strip showed a sliver of the card before the ones that fit
    at its left edge (a play-tester read "nmen (1)" and half dice there): every card in
    view is whole, the newest among them, and the strip still scrolls back to the oldest."""
    win = table(qtbot, size)
    tray = win.tray
    view = tray.cards_area.viewport()
    bar = tray.cards_area.horizontalScrollBar()
    for i in range(9):  # cards of different widths, enough to scroll sideways
        if i % 3 == 0:
            fire(tray)
        else:
            tray.add(roll(f"Morale Check: Gunmen ({i}) (took casualties)", [3, 2, 2, 4, 9][:2 + i % 4],
                          10, "insurgent", []))
            tray.add(Event("morale", f"Gunmen ({i}) Stands", {"unit": "i1"}))
        tray.add(Event("move", "something else", {}))

        def settled() -> bool:
            return bar.maximum() > 0 and bar.value() == bar.maximum() \
                and tray.latest.mapTo(view, QPoint(tray.latest.width(), 0)).x() <= view.width()
        if i >= 4:
            qtbot.waitUntil(settled)
            for card in tray.cards:
                left = card.mapTo(view, QPoint(0, 0)).x()
                right = left + card.width()
                inside, outside = 0 <= left and right <= view.width(), right <= 0 or left >= view.width()
                assert inside or outside, (i, left, right, view.width())
    bar.setValue(0)
    assert tray.cards[0].mapTo(view, QPoint(0, 0)).x() == 0


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_a_card_full_of_dice_keeps_its_words_inside_the_strip(
        qtbot: Any, size: tuple[int, int]) -> None:
    """At 1280x800 a fire of seven dice against a unit Hunkered Down ran past the tray's
    right edge, its Defense modifiers cut ("+1 In Cover — Hunkered Down (a t"): a card that
    fits its dice in the strip narrows its words to it (whole in their tooltips)."""
    from PySide6.QtWidgets import QLabel

    win = table(qtbot, size)
    tray = win.tray
    view = tray.cards_area.viewport()
    tray.add(roll("Firepower: Bravo team at Coal stack pair", [5, 8, 4, 6, 2, 6, 1], 8, "regular",
                  [("4 figures", 4, "AA-134"), ("M203 rifle grenade launcher (Bravo team, "
                    "fighter 3)", 1, "AA-137"), ("SAW (squad automatic weapon) (Bravo team, "
                    "fighter 4)", 1, "AA-137"), ("target within Optimum Range", 1, "AA-110")]))
    tray.add(roll("Defense: Coal stack pair", [2, 3, 5], 6, "insurgent",
                  [("2 figures", 2, "AA-117"), ("In Cover — Hunkered Down (a turn in place)",
                    1, "AA-121")]))
    tray.add(Event("match", "Dice matched: Defense 5 cancels Firepower 4; Firepower 8, 6, 6, 5 "
                   "not cancelled → 4 hits, more than its 2 figures: 2 casualties", {}))
    card = tray.latest
    qtbot.waitUntil(lambda: card.isVisible() and card.outcome.isVisible()
                    and card.width() <= view.width()
                    and card.mapTo(view, QPoint(card.width(), 0)).x() <= view.width())
    qtbot.wait(30)
    right = card.mapTo(view, QPoint(card.width(), 0)).x()
    for lab in card.findChildren(QLabel):
        if lab.isVisible() and lab.text():
            ends = lab.mapTo(card, QPoint(0, 0)).x() + max(
                lab.fontMetrics().horizontalAdvance(line) for line in lab.text().split("\n"))
            assert ends <= card.width(), (lab.text(), ends, card.width())
    assert right <= view.width()
    assert "Hunkered Down" in card.blocks[1].modifiers.toolTip()
