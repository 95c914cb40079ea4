"""The engine's table event texts in the player's words, at display time.

An event's text is part of what a replay reproduces word for word (the crowd replays'
log digests, ``tools/crowd_replays.py``), so a terse text is said again here, from the
event's own data, rather than changed where it is recorded: the dice matching's
shorthand ("6-x, 5-5") becomes which Defense die cancels which Firepower die, and the
last hundredths of a move read as hundredths, not "moves 0.0"". The log dock,
its rebuild after a save is opened or a move undone, and the dice tray all show events
through :func:`shown` (the table window's ``worded``); the tray colours a test's outcome
by :func:`passed`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ambush_gui.core.events import Event


def shown(event: Event, before: Event | None = None) -> Event:
    """``event`` as the player reads it (the same event when nothing needs saying again);
    ``before``: the event logged just before it (a failed Quality Check's roll says why
    the check was taken, and so what failing it costs).

    >>> shown(Event("match", "Dice matched: 6-x, 5-5 → 1 casualty",
    ...             {"pairs": [[6, None], [5, 5]]})).text
    'Dice matched: Defense 5 cancels Firepower 5; Firepower 6 not cancelled → 1 casualty'
    >>> shown(Event("move", 'Alpha moves 0.0"', {"distance": 0.03})).text
    'Alpha moves 0.03"'
    >>> shown(Event("move", 'Alpha moves 0.0"', {"distance": 0.004})).text
    'Alpha moves a fraction of an inch'
    >>> shown(Event("move", 'Alpha moves 0.1"', {"distance": 0.06})).text
    'Alpha moves 0.1"'
    >>> shown(Event("score", "Gunmen +2: Marines m, fighter 1 wounded (enemy_wounded)",
    ...             {"award": "enemy_wounded"})).text
    'Gunmen +2: Marines m, fighter 1 wounded (Enemies wounded)'
    >>> shown(Event("quality", "Gunmen fails its Quality Check (3)", {"passed": False}),
    ...       Event("roll", "…", {"purpose": "Quality Check: Gunmen (no leader)"})).text
    'Gunmen fails its Quality Check (3): it does nothing this turn (AA-022)'
    """
    text = event.text
    if event.kind == "quality" and event.data.get("passed") is False and before is not None:
        text = _quality_words(text, str(before.data.get("purpose") or ""))
    elif event.kind == "match":
        text = _match_words(text, event.data.get("pairs"))
    elif event.kind == "move":
        text = _move_words(text, event.data.get("distance"))
    elif event.kind == "score":
        text = _award_words(text, event.data.get("award"))
    return event if text == event.text else replace(event, text=text)


QUALITY_FAILED = {
    "(no leader)": "it does nothing this turn (AA-022)",
    "(Interrupt Check)": "it does not interrupt, and does nothing more this turn (AA-072)",
}
"""What failing a leaderless unit's Quality Check costs, by the reason its roll gives: a
new player read "Coal stack pair fails its Quality Check (3)" and not that the unit sat
the turn out. (A check to move Rapidly says its cost in the line after it.)"""


def _quality_words(text: str, purpose: str) -> str:
    """A failed Quality Check with what it costs, when its roll says why it was taken."""
    cost = next((c for why, c in QUALITY_FAILED.items() if purpose.endswith(why)), None)
    return f"{text}: {cost}" if cost is not None and purpose.startswith("Quality Check") else text


def _award_words(text: str, award: Any) -> str:
    """A score line's award by the title the victory screen gives it, not its name in the
    scenario file ("(zone_held)" -> "(Zone held at the end)")."""
    from ambush_gui.alley.victory import AWARD_TITLES

    if not isinstance(award, str) or not text.endswith(f"({award})"):
        return text
    return f"{text[: -len(award) - 2]}({AWARD_TITLES.get(award, award.replace('_', ' '))})"


def pairs_words(pairs: Any) -> str:
    """The arrangement of a match in words: which kept Defense die cancels which kept
    Firepower die, and the Firepower dice left uncancelled, each a casualty (AA-147,
    AA-148).

    >>> pairs_words([[6, 6], [5, None], [4, None]])
    'Defense 6 cancels Firepower 6; Firepower 5, 4 not cancelled'
    >>> pairs_words([[6, 4]])  # doctest: +NORMALIZE_WHITESPACE
    'Firepower 6 not cancelled (a lower Defense die set against a Firepower die cancels nothing)'
    """
    cancels = [f"Defense {d} cancels Firepower {a}" for a, d in pairs if d is not None and d >= a]
    left = [a for a, d in pairs if d is None or d < a]
    lower = [d for a, d in pairs if d is not None and d < a]  # a defender's own choice
    said = [", ".join(cancels)] if cancels else []
    if left:
        why = " (a lower Defense die set against a Firepower die cancels nothing)" if lower else ""
        said.append(f"Firepower {', '.join(map(str, left))} not cancelled{why}")
    return "; ".join(said)


def _match_words(text: str, pairs: Any) -> str:
    """ "Dice matched: 6-x, 5-5 → ..." with its pairs said in words."""
    head, arrow, rest = text.partition(" → ")
    if not arrow or not head.startswith("Dice matched: ") or not isinstance(pairs, list) \
            or not pairs or not all(isinstance(p, list) and len(p) == 2 for p in pairs):
        return text
    return f"Dice matched: {pairs_words(pairs)}{arrow}{rest}"


ZERO_TO_A_TENTH = '0.0"'
SHOWN_HUNDREDTHS = 0.05
"""A move shorter than this reads "0.0"" to a tenth: it is told to a hundredth."""


def _move_words(text: str, distance: Any) -> str:
    """ "Alpha moves 0.0"" (the last hundredths of a move, after an interruption at a
    point just short of its end) said to a hundredth, or as a fraction of an inch."""
    if not isinstance(distance, int | float) or distance >= SHOWN_HUNDREDTHS:
        return text
    who, sep, said = text.rpartition(" moves ")
    if not sep or not said.startswith(ZERO_TO_A_TENTH):
        return text
    inches = "a fraction of an inch" if distance < 0.005 else f'{distance:.2f}"'
    return f"{who} moves {inches}{said[len(ZERO_TO_A_TENTH):]}"


TESTS = ("quality", "mines", "stress", "civilians")
"""The kinds of event that tell a test with its verdict in ``passed``: a Quality Check
(AA-012), a mine test (FF-036), a Combat Stress test (FF-111), a leader's test to move a
mob (FF-150)."""

MORALE_PASSED = {"stand": True, "pinned": False, "pull back": False, "shaken": False,
                 "broken": False}
"""A Morale Check's results (AA-170..200): only a unit that Stands has passed it."""


def passed(event: Event) -> bool | None:
    """Whether ``event`` tells a test passed (True) or failed (False); None for anything
    else. Read from the engine's own verdict, for the outcome's colour in the dice tray.

    >>> passed(Event("quality", "RPG team (5) passes its Quality Check (4)", {"passed": True}))
    True
    >>> passed(Event("morale", "Gunmen (1) is Shaken (2 successes, 3 failures)",
    ...              {"result": "shaken"}))
    False
    >>> passed(Event("reaction", "Reaction Test: ... acts first", {})) is None
    True
    >>> passed(Event("civilians", "Mob crowd disperses: Bravo team talks it down (5 beats "
    ...              "Insurgency Level 3)", {"mob": "crowd", "gone": "dispersed"}))
    True
    """
    d = event.data
    if event.kind in TESTS and isinstance(d.get("passed"), bool):
        return bool(d["passed"])
    if event.kind == "morale":
        return MORALE_PASSED.get(str(d.get("result")))
    if event.kind == "civilians" and d.get("gone") == "dispersed":
        return True  # FF-139: talked down; told as the mob's event, it took a hostile mob's red
    if event.kind == "civilians" and " fails to disperse " in event.text:
        return False  # the engine's one line for the attempt that failed (FF-140)
    return None
