"""The engine's Ambush! event texts as the player reads them (issue 10's new player saw
"Sgt Doyle: give_turn", "its sighting 'farmhouse-sentry'", "the us side" and panics with
no reason). The engine's texts stay as they are for the sides and panics: the log and the
tray say them again."""

from __future__ import annotations

from typing import Any

from ambush_gui import systems
from ambush_gui.core.events import Event
from ambush_gui.gui.hexmap.wording import shown
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dice_tray import DiceTrayPanel

PANIC = ("Sgt Doyle's AR marker: complete → panic (1 in AR column 4, red: out of command, "
         "panic) [AR-038, AR-059, AR-064]")


def test_the_engine_says_an_action_a_sighting_and_a_reaction_in_words() -> None:
    """Once said at display time only (so a log rebuilt from a reopened save said
    "give_turn" again); the engine says them in words now (issue 29)."""
    from ambush_gui.ambush.mission import Reaction
    from ambush_gui.ambush.words import REACTIONS, action_title, seen_already

    assert action_title("give_turn") == "Give a turn" and action_title("aimed") == "Aimed fire"
    assert seen_already("farmhouse-sentry") == "it tells of the farmhouse sentry, already seen"
    assert REACTIONS[Reaction.US_INTO_SIGHT] == "an American comes into his sight"


def test_the_sides_are_named_and_a_panic_says_why() -> None:
    e = Event("initiative", "Initiative: US 0, Germans 9: the german side has the Advantage "
              "(the higher die [AR-032])", {"us": 0, "german": 9})
    assert "the German side has the Advantage" in shown(e).text
    roll = Event("roll", "Initiative: german [AR-032]: 1 0-9 die → 9",
                 {"purpose": "Initiative: german [AR-032]", "faces": [9], "sides": 10})
    assert shown(roll).text.startswith("Initiative: German")
    assert shown(roll).data["purpose"] == "Initiative: German [AR-032]"
    panic = shown(Event("marker", PANIC, {"soldier": "doyle", "to": "panic"}))
    assert panic.text == ("Sgt Doyle panics: 1 is red in his Action Rating column (4) and he "
                          "is out of command [AR-038, AR-059, AR-064]")


def test_the_tray_card_keeps_the_panic_and_its_reason(qtbot: Any) -> None:
    """A Round's initiative card told "US 1, Germans 9" and elided the panics after it."""
    tray = DiceTrayPanel()
    tray.wording = shown
    qtbot.addWidget(tray)
    tray.resize(700, 150)
    tray.show()
    for side, face in (("us", 1), ("german", 9)):
        tray.add(Event("roll", f"Initiative: {side} [AR-032]: 1 0-9 die → {face}",
                       {"purpose": f"Initiative: {side} [AR-032]", "faces": [face],
                        "sides": 10, "zero_nine": True}))
    tray.add(Event("initiative", "Initiative: US 1, Germans 9: the german side has the "
                   "Advantage (the higher die [AR-032])", {"us": 1, "german": 9}))
    tray.add(Event("marker", PANIC, {"soldier": "doyle", "to": "panic"}))
    tray.add(Event("round", "something else", {}))
    card = tray.latest
    qtbot.waitUntil(lambda: card.outcome.width() > 100)
    assert [b.caption.text() for b in card.blocks] == ["US", "German"]
    text = card.outcome.text().replace("\n", " ")
    assert "Sgt Doyle panics" in text and "out of command" in text  # the card widened for it
    assert "…" not in text.split("Sgt Doyle panics")[1]
    assert "die )" not in card.outcome.full  # a rule tag cut out leaves no space before ")"
    assert card.width() <= theme.TRAY_CARD_MAX_WIDTH


def test_the_window_log_says_the_words(qtbot: Any) -> None:
    from ambush_gui.gui.hexmap.window import AmbushWindow
    from ambush_gui.gui.shared.controller import GameController, Seat

    scenario = systems.load_scenario(systems.resolve("ambush-tutorial"))
    ctl = GameController(systems.new_game(scenario, 3), {"us": Seat.HUMAN}, delay_ms=0)
    win = AmbushWindow(ctl)
    qtbot.addWidget(win)
    win.start()
    ai = systems.computer_player("ambush")
    for _ in range(80):
        d = ctl.pending()
        if d is None or "Germans 9" in win.log.text():
            break
        ctl.answer(ai.choose(ctl.game, d))
    win.log.flush()
    text = win.log.text()
    assert "the German side has the Advantage" in text
    assert "the german side" not in text and "its sighting '" not in text
    assert any(e.text.endswith("the german side has the Advantage (the higher die [AR-032])")
               for e in ctl.game.log.events)  # the saved text is the engine's


def _tutorial_game() -> Any:
    game = systems.new_game(systems.load_scenario(systems.resolve("ambush-tutorial")), 3)
    game.start()
    return game


def test_an_outcome_is_coloured_for_the_side_it_is_good_news_for() -> None:
    """Issue 29's play-test: "is wounded", bad news for the US player, was in the US green
    (the colour of the man it befell)."""
    from ambush_gui.gui.hexmap.wording import news_side

    st = _tutorial_game().state
    us = next(s for s in st.soldiers.values() if s.side.value == "us")
    de = next(s for s in st.soldiers.values() if s.side.value == "german")
    gun = us.weapons[0].id

    def news(kind: str, **data: Any) -> str | None:
        return news_side(Event(kind, "", data), st)

    assert news("damage", soldier=us.id, result="wound") == "german"
    assert news("damage", soldier=de.id, result="killed") == "us"
    assert news("damage_roll", soldier=us.id, result="panic") == "german"
    assert news("hit", firer=de.id, target=us.id) == "german"
    assert news("miss", firer=de.id, target=us.id) == "us"
    assert news("marker", soldier=us.id, to="panic") == "german"
    assert news("marker", soldier=us.id, to="2-turn-advantage") == "us"
    assert news("aware", soldier=us.id, aware=False) == "german"
    assert news("perception", soldier=us.id, passed=True) == "us"
    assert news("jam", weapon=gun, jammed=True, dud=False) == "german"
    assert news("jam", weapon=gun, jammed=False, dud=False) == "us"
    assert news("clear_jam", soldier=us.id, result="broken") == "german"
    assert news("ammo", soldier=us.id, weapon=gun, spent=True) == "german"
    assert news("surrender", german=de.number) == "us"
    assert news("event", total=7) is None  # nobody's news: the side that threw


def test_the_tray_shows_a_us_soldier_wounded_in_the_germans_colour(qtbot: Any) -> None:
    from PySide6.QtGui import QPalette

    from ambush_gui.gui.hexmap.window import AmbushWindow
    from ambush_gui.gui.shared.controller import GameController, Seat

    ctl = GameController(_tutorial_game(), {"us": Seat.HUMAN}, delay_ms=0)
    win = AmbushWindow(ctl)
    qtbot.addWidget(win)
    st = ctl.game.state
    us = next(s for s in st.soldiers.values() if s.side.value == "us")
    de = next(s for s in st.soldiers.values() if s.side.value == "german")
    for e in (Event("roll", f"Damage: {us.label}: 1 0-9 die → 4",
                    {"purpose": f"Damage: {us.label}", "faces": [4], "sides": 10}),
              Event("damage", f"{us.label} is wounded (hit by {de.label}'s rifle)",
                    {"soldier": us.id, "result": "wound"})):
        win.tray.add(e)
    win.tray.add(Event("round", "something else", {}))
    win.tray.flush()
    card = win.tray.latest
    assert card is not None and "is wounded" in card.outcome.full
    colour = card.outcome.palette().color(QPalette.ColorRole.WindowText)
    assert colour == theme.SIDE_COLOURS["german"]
