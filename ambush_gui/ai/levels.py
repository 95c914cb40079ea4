"""How strong a computer player is: the three levels a player or designer chooses.

``easy`` is the normal player with mistakes, ``normal`` plays by tactical sense
(:mod:`ambush_gui.ai.alley_ai`, :mod:`ambush_gui.ai.ambush_ai`), ``hard`` looks ahead
over sampled futures (:mod:`ambush_gui.ai.hard`; Ambush!'s hard squad is the normal
one with sharper settings, ``ambush_ai.HARD``). ``ai`` is kept as the old name of
``normal``; ``random`` (uniform among the legal options) stays for soak tests.
"""

from __future__ import annotations

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
ALIASES = {"ai": "normal"}
PLAYER_KINDS = (*LEVELS, "ai", "random")  # what --players and simulate seats accept

LEVEL_HELP = {
    "easy": "plays by the same sense as normal but misjudges now and then",
    "normal": "plays the scenario by tactical sense, at once",
    "hard": "looks ahead over sampled futures (fresh dice); in Ambush!, sharper squad tactics",
}


def level_of(kind: str) -> str:
    """``kind`` as a level or ``random``; ValueError naming the choices otherwise."""
    kind = ALIASES.get(kind.strip().lower(), kind.strip().lower())
    if kind in LEVELS or kind == "random":
        return kind
    raise ValueError(f"unknown computer level {kind!r}; expected one of {', '.join(PLAYER_KINDS)}")
