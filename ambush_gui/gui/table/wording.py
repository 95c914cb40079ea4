"""The engine's table event texts in the player's words, at display time.

An event's text is part of what a replay reproduces word for word (the crowd replays'
log digests, ``tools/crowd_replays.py``), so a terse text is said again here, from the
event's own data, rather than changed where it is recorded: the dice matching's
shorthand ("6-x, 5-5") becomes which Defense die cancels which Firepower die. The log dock,
its rebuild after a save is opened or a move undone, and the dice tray all show events
through :func:`shown` (the table window's ``worded``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ambush_gui.core.events import Event


def shown(event: Event) -> Event:
    """``event`` as the player reads it (the same event when nothing needs saying again).

    >>> shown(Event("match", "Dice matched: 6-x, 5-5 → 1 casualty",
    ...             {"pairs": [[6, None], [5, 5]]})).text
    'Dice matched: Defense 5 cancels Firepower 5; Firepower 6 not cancelled → 1 casualty'
    """
    text = event.text
    if event.kind == "match":
        text = _match_words(text, event.data.get("pairs"))
    return event if text == event.text else replace(event, text=text)


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
