"""Counting words for the texts players read: "1 casualty", "2 casualties".

One helper for the engines' event texts and the GUI alike, so that no log line or
panel says "1 fresh figures".

>>> count(1, "casualty", "casualties"), count(3, "casualty", "casualties")
('1 casualty', '3 casualties')
>>> count(1, "fresh figure"), count(0, "hex", "hexes"), count(-1, "point")
('1 fresh figure', '0 hexes', '-1 point')
"""

from __future__ import annotations


def count(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for one (and minus one), plural otherwise."""
    return f"{n} {singular if abs(n) == 1 else (plural or singular + 's')}"


def noun(n: int, singular: str, plural: str | None = None) -> str:
    """The noun alone, agreeing with ``n`` (for "+1 point" written with a sign)."""
    return singular if abs(n) == 1 else (plural or singular + "s")


def with_article(word: str) -> str:
    """The word with its article: "a building", "an open" (by its first letter; enough for
    the words the program names kinds with).

    >>> with_article("wall"), with_article("open"), with_article("minefield")
    ('a wall', 'an open', 'a minefield')
    """
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"
