"""The dice tray under the map: every throw as dice faces with its purpose, modifiers
(with their rules), outcome and side; a history to scroll back through."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget

from ambush_gui import systems
from ambush_gui.core.events import Event
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.shared.dialog_base import side_colour
from ambush_gui.gui.shared.dice_tray import DiceTrayPanel

ALLEY = systems.load_scenario(systems.resolve("contracting-trouble"))
AMBUSH = systems.load_scenario(systems.resolve("ambush-tutorial"))


def roll(purpose: str, faces: list[int], sides: int = 6, side: str | None = None,
         mods: list[tuple[str, int, str]] | None = None, **data: Any) -> Event:
    d: dict[str, Any] = {"purpose": purpose, "faces": faces, "sides": sides,
                         "modifiers": mods or [], "result": ""}
    if side:
        d["side"] = side
    d.update(data)
    return Event("roll", f"{purpose}: …", d)


def test_a_reaction_test_is_one_card_with_both_dice_and_the_winner(qtbot: Any) -> None:
    tray = DiceTrayPanel()
    qtbot.addWidget(tray)
    tray.add(roll("Reaction Test (Alpha reacts): Fireteam Alpha", [7], 8, "regular",
                  [("moving Cautiously", 1, "AA-036")]))
    tray.add(roll("Reaction Test (Alpha reacts): RPG team (4)", [3], 6, "insurgent"))
    tray.add(Event("reaction", "Reaction Test: RPG team (4) 3 against Fireteam Alpha 8 — "
                   "Fireteam Alpha acts first", {"insurgent_first": False}))
    tray.add(Event("fire", "Reaction fire: Fireteam Alpha fires", {}))
    assert len(tray.cards) == 1
    card = tray.latest
    assert card.title.full == "Reaction Test (Alpha reacts)"
    assert [b.caption.text() for b in card.blocks] == ["Fireteam Alpha", "RPG team (4)"]
    assert [[f.value for f in b.faces] for b in card.blocks] == [[7], [3]]
    assert [b.faces[0].side for b in card.blocks] == ["regular", "insurgent"]
    assert "AA-036" in card.blocks[0].modifiers.toolTip()  # each modifier names its rule
    assert "AA-036" in card.blocks[0].modifiers.text()
    assert card.outcome.full.endswith("Fireteam Alpha acts first")
    assert card.outcome.full.startswith("RPG team (4) 3")  # the title says "Reaction Test"
    assert card.throw.side == "regular"  # it matters to the winner
    assert card.outcome.palette().windowText().color() == side_colour("regular")
    assert card.property("side") == "regular"


def test_a_new_throw_starts_a_new_card_and_the_old_ones_stay(qtbot: Any) -> None:
    tray = DiceTrayPanel()
    qtbot.addWidget(tray)
    tray.add(roll("Morale Check: Gunmen (1) (took casualties)", [2, 7, 9, 6], 10, "insurgent"))
    tray.add(Event("morale", "Gunmen (1) Stands (3 successes, 1 failure)", {"unit": "i1"}))
    tray.add(roll("First Aid: r1-2 (Fireteam Alpha)", [4], 6, "regular"))
    tray.add(Event("first_aid", "First Aid 4 for r1-2: moderate injuries: becomes a Dependant", {}))
    assert [c.throw.title() for c in tray.cards] == ["Morale Check: Gunmen (1) (took casualties)",
                                                     "First Aid: r1-2 (Fireteam Alpha)"]
    assert "Stands" in tray.cards[0].outcome.full
    assert [c.property("latest") for c in tray.cards] == ["false", "true"]  # older ones quieter
    for i in range(theme.TRAY_HISTORY + 5):
        tray.add(roll(f"Hot Spot {i}", [i % 6 + 1]))
        tray.add(Event("move", "something else", {}))
    assert len(tray.cards) == theme.TRAY_HISTORY  # the oldest are dropped
    assert tray.cards[-1].throw.title() == f"Hot Spot {theme.TRAY_HISTORY + 4}"


def test_a_zero_nine_die_shows_0_and_its_type(qtbot: Any) -> None:
    tray = DiceTrayPanel()
    qtbot.addWidget(tray)
    tray.add(roll("Initiative: us [AR-032]", [10], 10, zero_nine=True))
    face = tray.latest.blocks[0].faces[0]
    assert face.value == 0 and face.kind == "0-9"
    assert "0 on a 0-9 die" in face.toolTip()


def test_the_tray_is_docked_under_the_map_in_both_windows(qtbot: Any) -> None:
    from ambush_gui.gui.app import window_for

    for scenario, seats in ((ALLEY, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}),
                            (AMBUSH, {"us": Seat.HUMAN})):
        win = window_for(GameController(systems.new_game(scenario, 3), seats, delay_ms=0))
        qtbot.addWidget(win)
        win.resize(1280, 800)
        win.show()
        qtbot.waitExposed(win)
        win.start()
        dock = win.findChild(QDockWidget, "dock-dice")
        assert dock is not None and dock.isVisible()
        assert win.dockWidgetArea(dock) is Qt.DockWidgetArea.BottomDockWidgetArea
        assert win.corner(Qt.Corner.BottomLeftCorner) is Qt.DockWidgetArea.LeftDockWidgetArea
        assert win.corner(Qt.Corner.BottomRightCorner) is Qt.DockWidgetArea.RightDockWidgetArea
        assert theme.TRAY_HEIGHT <= dock.height() <= theme.TRAY_HEIGHT + 40
        board = win.board
        left = board.mapTo(win, board.rect().topLeft()).x()
        assert abs(dock.geometry().left() - left) <= 12  # under the map only
        assert dock.geometry().top() >= board.mapTo(win, board.rect().bottomLeft()).y()


def test_every_roll_of_a_game_reaches_the_tray_with_its_outcome(qtbot: Any) -> None:
    """Played through the window: each roll the engine logged is on a card, and the
    outcomes the engine told right after them are on the same card."""
    from ambush_gui.gui.hexmap.window import AmbushWindow

    ctl = GameController(systems.new_game(AMBUSH, 3), {"us": Seat.HUMAN}, delay_ms=0)
    win = AmbushWindow(ctl)
    qtbot.addWidget(win)
    win.start()
    ai = systems.computer_player("ambush")
    for _ in range(12):
        ctl.answer(ai.choose(ctl.game, ctl.pending()))
    rolls = [e for e in ctl.game.log.events if e.kind == "roll"]
    shown = [r for c in win.tray.cards for r in c.throw.rolls]
    assert shown == [win.tray.wording(r) for r in rolls[-len(shown):]] and len(shown) >= 20
    kinds = {e.kind for c in win.tray.cards for e in c.throw.outcomes}
    assert {"initiative", "perception", "hit", "damage", "jam", "ammo"} <= kinds
    sides = {c.throw.side for c in win.tray.cards if c.throw.outcomes}
    assert {"us", "german"} <= sides
    init = next(c for c in win.tray.cards if c.throw.title() == "Initiative")
    assert [b.caption.text() for b in init.blocks] == ["US", "German"]
    assert [b.faces[0].side for b in init.blocks] == ["us", "german"]


def _until_the_computer_speaks(qtbot: Any) -> tuple[GameController, Any, Any]:
    """Contracting Trouble, seed 3, a person as the Regulars against the computer
    Insurgents (the normal player answering for him), played until the computer's first
    line is in the log: (controller, window, the player that answered for the person)."""
    from ambush_gui.gui.table.window import MainWindow

    ctl = GameController(systems.new_game(ALLEY, 3), {"regular": Seat.HUMAN,
                                                      "insurgent": Seat.COMPUTER}, delay_ms=0)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.start()
    ai = systems.computer_player("alley")
    while "Insurgent computer:" not in win.log.text():
        d = ctl.pending()
        if ctl.seat_of(d) is Seat.COMPUTER:
            ctl.run_computer_now()
        else:
            ctl.answer(ai.choose(ctl.game, d))
    return ctl, win, ai


def test_narration_reaches_the_log_the_status_bar_and_the_tray(qtbot: Any) -> None:
    ctl, win, ai = _until_the_computer_speaks(qtbot)
    line = next(x for x in win.log.text().splitlines() if x.startswith("» ◆ Insurgent computer:"))
    assert ctl.last_reason in line
    # after the side's mark, in the dialog's ink: in the Insurgents' red a routine line read
    # as an error (a play-test)
    assert win.tray.header.full.startswith("◆ Insurgent computer:")
    assert side_colour("insurgent").name() not in win.tray.header.styleSheet()
    assert theme.DIALOG_TEXT.name() in win.tray.header.styleSheet()


def test_a_wait_says_why_alone_beside_the_continue_button(qtbot: Any) -> None:
    tray = DiceTrayPanel()
    qtbot.addWidget(tray)
    tray.resize(560, theme.TRAY_HEIGHT)
    tray.show()
    why = "Pvt Greer is wounded (hit by the Kar 98k rifle of Schütze Ritter (D))"
    tray.show_wait(why)
    assert tray.header.full == why
    assert tray.continue_button.isVisible()
    assert "Space" in tray.continue_button.toolTip()
    tray.end_wait()
    assert not tray.continue_button.isVisible()


def test_a_long_outcome_line_keeps_the_verdict_whole(qtbot: Any) -> None:
    """Elided in the middle, a Morale card's "Shrinks … is Shaken" lost the Shaken, and an
    Ambush! hit's "Damage on the rifle row … his turn is over" the wound: when the line
    does not fit, the first outcome that is not an aftermath shows alone."""
    tray = DiceTrayPanel()
    qtbot.addWidget(tray)
    tray.resize(900, theme.TRAY_HEIGHT)
    tray.show()
    tray.add(roll("Morale Check: Insurgents R1 (took casualties)", [3, 1], 10, "insurgent"))
    tray.add(Event("shrink", "Insurgents R1 Shrinks: r1-6 slip away", {"unit": "r1"}))
    tray.add(Event("morale", "Insurgents R1 is Shaken (0 successes, 2 failures): Morale falls "
                   "to d8", {"unit": "r1", "result": "shaken"}))
    tray.add(roll("Damage: Pvt Greer (hit by the Kar 98k rifle of Schütze Ritter (D))", [3], 10, "us"))
    tray.add(Event("damage_roll", "Damage on the rifle row: 3 → wound [FC-019]", {}))
    tray.add(Event("damage", "Pvt Greer is wounded (hit by the Kar 98k rifle of Schütze Ritter (D))",
                   {"soldier": "greer", "result": "wound"}))
    tray.add(Event("marker", "Pvt Greer's AR marker: panic → complete (wounded) [AR-052]", {}))
    tray.add(Event("marker", "The AR marker of Schütze Ritter (D): 2-turn-advantage → "
                   "1-turn-advantage (his turn is over) [AR-044]", {}))
    tray.add(Event("move", "something else", {}))
    qtbot.waitUntil(lambda: all(c.outcome.width() > 100 for c in tray.cards))
    morale, damage = tray.cards
    for card in (morale, damage):
        assert len(card.outcome.text().split("\n")) <= 2
        for line in card.outcome.text().split("\n"):
            assert card.outcome.fontMetrics().horizontalAdvance(line) <= card.outcome.width()
    shown = morale.outcome.text().replace("\n", " ")
    assert "Shrinks" in morale.outcome.full
    assert "Insurgents R1 is Shaken" in shown and "…" not in shown.split("Shaken")[0]
    shown = damage.outcome.text().replace("\n", " ")
    assert "Pvt Greer is wounded (hit by the Kar 98k rifle of Schütze Ritter (D))" in shown
    assert "his turn is over" in damage.outcome.toolTip()  # more was told: all in the tooltip
    short = DiceTrayPanel()  # a line that fits is shown whole
    qtbot.addWidget(short)
    short.resize(900, theme.TRAY_HEIGHT)
    short.show()
    short.add(roll("Morale Check: Gunmen (1)", [9], 10, "insurgent"))
    short.add(Event("shrink", "r1 slips away", {}))
    short.add(Event("morale", "Stands", {"result": "stand"}))
    qtbot.waitUntil(lambda: short.latest.outcome.width() > 100)
    assert short.latest.outcome.text() == "r1 slips away · Stands"


def test_an_outcome_wraps_to_two_lines_before_it_is_cut(qtbot: Any) -> None:
    """At 1280x800 the player read "Gunmen (1) 7 against F…eteam Alpha acts first": the
    outcome now takes a second line, so who and the verdict both read in full; a text too
    long even for two shows its verdict alone, cut at its tail."""
    tray = DiceTrayPanel()
    qtbot.addWidget(tray)
    tray.resize(900, theme.TRAY_HEIGHT)
    tray.show()
    tray.add(roll("Reaction Test (Alpha reacts): Fireteam Alpha", [4], 8, "regular"))
    tray.add(roll("Reaction Test (Alpha reacts): Gunmen (1)", [7], 6, "insurgent"))
    told = "Gunmen (1) 7 against Fireteam Alpha 4: Fireteam Alpha acts first"
    tray.add(Event("reaction", told, {"insurgent_first": False}))
    tray.add(Event("move", "something else", {}))
    card = tray.latest
    qtbot.waitUntil(lambda: card.outcome.width() > 100)
    assert card.outcome.text().replace("\n", " ") == told
    assert "…" not in card.outcome.text()
    assert card.outcome.height() >= 2 * card.outcome.fontMetrics().height() or \
        "\n" not in card.outcome.text()
    long = DiceTrayPanel()
    qtbot.addWidget(long)
    long.resize(900, theme.TRAY_HEIGHT)
    long.show()
    long.add(roll("Damage: Pvt Greer", [3], 10, "us"))
    long.add(Event("damage_roll", "Damage on the rifle row: 3 → wound " + "and more words " * 30, {}))
    long.add(Event("damage", "Pvt Greer is wounded (hit by the Kar 98k rifle of Schütze Ritter (D))",
                   {"soldier": "greer", "result": "wound"}))
    long.add(Event("move", "something else", {}))
    card = long.latest
    qtbot.waitUntil(lambda: card.outcome.width() > 100)
    assert card.outcome.text().startswith("… Pvt Greer is wounded")
    assert len(card.outcome.text().split("\n")) <= 2


def test_a_colon_in_brackets_does_not_cut_a_cards_title(qtbot: Any) -> None:
    """"Leader check (1: a leader)" was titled "Leader check (1"."""
    tray = DiceTrayPanel()
    qtbot.addWidget(tray)
    tray.add(roll("Insurgent reinforcements", [4, 6], 6, "insurgent"))
    tray.add(roll("Leader check (1: a leader)", [3], 6, "insurgent"))
    tray.add(Event("move", "something else", {}))
    assert tray.latest.title.full == "Insurgent reinforcements · Leader check (1: a leader)"
    tray.add(roll("Reaction Test (Alpha reacts): Fireteam Alpha", [7], 8, "regular"))
    tray.add(roll("Reaction Test (Alpha reacts): RPG team (4)", [3], 6, "insurgent"))
    tray.add(Event("move", "something else", {}))
    assert tray.latest.title.full == "Reaction Test (Alpha reacts)"
    assert [b.caption.text() for b in tray.latest.blocks] == ["Fireteam Alpha", "RPG team (4)"]


def test_a_persons_throw_is_not_headed_by_the_computers_last_line(qtbot: Any) -> None:
    """A play-tester's own mine test, at the start of his turn, was headed "Insurgent
    computer: The defender matches the dice…", the computer's line from turns before: the
    header kept the computer's last line over every card after it. Once the person
    answers, each new card is headed by its own purpose until the computer speaks again."""
    tray = DiceTrayPanel()
    qtbot.addWidget(tray)
    tray.narrate("The defender matches the dice (the best arrangement)", "insurgent")
    tray.add(roll("Defense: Fireteam Alpha", [3, 5], 8, "regular"))
    assert tray.header.full.startswith("◆ Insurgent computer:")  # the computer's answer
    tray.answered()
    tray.add(Event("turn", "Turn 2 begins", {}))
    tray.add(roll("Mine test: Alpha team starts the turn in Old minefield", [1], 8, "regular"))
    assert tray.header.full == "Mine test: Alpha team starts the turn in Old minefield"


def test_the_window_clears_the_computers_line_when_the_person_answers(qtbot: Any) -> None:
    ctl, win, ai = _until_the_computer_speaks(qtbot)
    d = ctl.pending()
    while ctl.seat_of(d) is Seat.COMPUTER:
        ctl.run_computer_now()
        d = ctl.pending()
    assert win.tray.header.full.startswith("◆ Insurgent computer:")
    told: list[str] = []
    ctl.narrated.connect(lambda text, side: told.append(text))
    win._answer(ai.choose(ctl.game, d))
    qtbot.waitUntil(lambda: not ctl.busy or ctl.waiting_for is not None, timeout=5000)
    assert told == []  # seed 3: the computer says nothing before the person's throw shows
    assert not win.tray.header.full.startswith("◆ Insurgent computer:")
