"""Counting words for the texts players read: "1 casualty", "2 casualties".

One helper for the engines' event texts and the GUI alike, so that no log line or
panel says "1 fresh figures".

>>> count(1, "casualty", "casualties"), count(3, "casualty", "casualties")
('1 casualty', '3 casualties')
>>> count(1, "fresh figure"), count(0, "hex", "hexes"), count(-1, "point")
('1 fresh figure', '0 hexes', '-1 point')
"""

from __future__ import annotations

import string


def count(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for one (and minus one), plural otherwise."""
    return f"{n} {singular if abs(n) == 1 else (plural or singular + 's')}"


def noun(n: int, singular: str, plural: str | None = None) -> str:
    """The noun alone, agreeing with ``n`` (for "+1 point" written with a sign)."""
    return singular if abs(n) == 1 else (plural or singular + "s")


def possessive(name: str) -> str:
    """"Bravo team's", but "Signal box raiders'" and "the Fusiliers'" (a play-test read
    "raiders's").

    >>> possessive("Bravo team"), possessive("Signal box raiders")
    ("Bravo team's", "Signal box raiders'")
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def whose(thing: str, name: str) -> str:
    """``name``'s ``thing``: "Fireteam Bravo's move", but "the move of Corporal (squad
    leader)" for a name that ends in a bracket, which reads badly with "'s" after it (a
    play-test: "Corporal (squad leader)'s move" on the hot-seat curtain). At the head of a
    sentence, :func:`capital` it.

    >>> whose("move", "Fireteam Bravo"), whose("move", "Corporal (squad leader)")
    ("Fireteam Bravo's move", 'the move of Corporal (squad leader)')
    >>> whose("sight", "the Insurgents"), capital(whose("leader", "Gunmen (1)"))
    ("the Insurgents' sight", 'The leader of Gunmen (1)')
    """
    if name.endswith(")"):
        return f"the {thing} of {name}"
    return f"{possessive(name)} {thing}"


def capital(text: str) -> str:
    """``text`` with its first letter a capital (the rest as it is)."""
    return text[:1].upper() + text[1:]


def named_together(labels: list[str]) -> str:
    """Figures called by their labels, each label once with how many bear it where there
    are several labels (a lone label in the plural when several bear it).

    >>> named_together(["contractor", "contractor"]), named_together(["VIP"])
    ('contractors', 'VIP')
    >>> named_together(["VIP", "informant"]), named_together(["doctor", "patient", "patient"])
    ('VIP and informant', 'doctor and 2 patients')
    """
    kinds: dict[str, int] = {}
    for label in labels:
        kinds[label] = kinds.get(label, 0) + 1
    if len(kinds) == 1:
        (label, n), = kinds.items()
        return label + "s" if n > 1 and not label.endswith("s") else label
    parts = [label if n == 1 else count(n, label) for label, n in kinds.items()]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


_SAID_AN = "AEFHILMNORSX"
"""Letters whose spoken name begins with a vowel sound ("an M1", "an MG 42", "an SS man")."""


def with_article(word: str) -> str:
    """The word with its article, as the word is said: "a building", "an open", "an M1
    Garand rifle" (M said "em"), "a Mk 2 hand grenade" (said "mark"), "a BAR", "an 81mm
    mortar", "a unit", "an hour". Every player text that puts "a" or "an" before a name
    the program does not know in advance (a weapon, a kind) writes it here.

    >>> with_article("wall"), with_article("open"), with_article("minefield")
    ('a wall', 'an open', 'a minefield')
    >>> with_article("M1 Garand rifle clip"), with_article("MP 40"), with_article("StG 44")
    ('an M1 Garand rifle clip', 'an MP 40', 'an StG 44')
    >>> with_article("Mk 2 hand grenade"), with_article("Kar 98k rifle"), with_article("BAR")
    ('a Mk 2 hand grenade', 'a Kar 98k rifle', 'a BAR')
    >>> with_article("81mm mortar"), with_article("18-pounder"), with_article("unit")
    ('an 81mm mortar', 'an 18-pounder', 'a unit')
    """
    return f"{article(word)} {word}"


def article(word: str) -> str:
    """"a" or "an" before ``word``, by the sound it begins with (see :func:`with_article`)."""
    head = ""
    for ch in word.strip():
        if not ch.isalnum():
            break
        head += ch
    if not head:
        return "a"
    digits = head[:len(head) - len(head.lstrip("0123456789"))]
    if digits:  # eight, eighty, eleven, eighteen
        return "an" if digits.startswith("8") or digits in ("11", "18") else "a"
    letters = head[:len(head) - len(head.lstrip(string.ascii_letters))]
    spelt = (sum(c.isupper() for c in letters) >= 2  # BAR, MP, StG: said letter by letter
             or (len(letters) == 1 and letters.isupper() and len(head) > 1))  # M1, P38, G43
    if spelt:
        return "an" if letters[0].upper() in _SAID_AN else "a"
    low = head.lower()
    if low.startswith(("hour", "honest", "honour", "honor", "heir")):
        return "an"
    if low.startswith(("uni", "use", "usu", "uti", "eu", "one", "once")):
        return "a"
    return "an" if low[0] in "aeiou" else "a"
