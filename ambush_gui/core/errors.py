"""Narrow error types for bad input. Each names the file, the place in it and what was expected.

Files are shared between players, so what an error message quotes from a file is untrusted:
:func:`printable` escapes control characters (an escape or bell sequence in a key name must not
reach the terminal) and shortens long values, and :class:`InputError` says each kind of problem
at most :data:`MAX_PER_KIND` times, then how many more there are.
"""

from __future__ import annotations

import re
from collections.abc import Callable

Describe = Callable[[str, str], tuple[str, str]]
"""(path, what) -> (place, what) in the words the file's author wrote (see
:func:`ambush_gui.ambush.mission.describe`)."""

SHOWN = 60
"""How many characters of a value from a file a message quotes."""

LINE = 400
"""How many characters one problem's line may take (its place and what was expected)."""

MAX_PER_KIND = 10
"""How many problems of one kind a message lists before it says how many more there are."""

MAX_LINES = 100
"""How many problem lines one message holds at most, whatever their kinds."""


def printable(text: object, limit: int = SHOWN) -> str:
    r"""``text`` safe to print: control and other unprintable characters escaped, and cut to
    ``limit`` characters with "…".

    >>> printable("bad\x1b[2Jkey\x07")
    'bad\\x1b[2Jkey\\x07'
    >>> printable("x" * 100, 10)
    'xxxxxxxxx…'
    """
    s = text if isinstance(text, str) else str(text)
    if len(s) > limit * 4:  # escape no more than can be shown
        s = s[: limit * 4]
        cut = True
    else:
        cut = False
    if not s.isprintable():
        s = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in s)
    if cut or len(s) > limit:
        s = s[: limit - 1] + "…"
    return s


def shown(value: object, limit: int = SHOWN) -> str:
    """A value from a file quoted in a message: ``repr`` for text (so it reads as quoted),
    shortened and escaped; true, false and null as the files spell them. Never ``repr`` of a
    container, which may be deep or huge."""
    if isinstance(value, str):
        return "'" + printable(value, limit - 2).replace("'", "\\'") + "'"
    if isinstance(value, bool) or value is None:  # as TOML and JSON spell them, not Python
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, int | float):
        return printable(_int_text(value) if isinstance(value, int) else repr(value), limit)
    if isinstance(value, dict):
        return f"a table of {len(value)} {'entry' if len(value) == 1 else 'entries'}"
    if isinstance(value, list | tuple):
        return f"a list of {len(value)} {'item' if len(value) == 1 else 'items'}"
    return printable(type(value).__name__, limit)


def _int_text(n: int) -> str:
    """An int's digits, without converting a huge one (Python refuses over 4,300 digits)."""
    if n.bit_length() > 200:
        return f"a {n.bit_length()}-bit number"
    return str(n)


_INDEX = re.compile(r"\[\d+\]")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def kind_of(path: str, what: str) -> tuple[str, str]:
    """Problems of one kind: the same place in every item of a list, saying the same thing but
    for numbers (``hot_spots[7].at`` "is 0.0\" from hot_spots[3]..." and the next). A place
    in the designer's words counts alike whatever its number ("paragraph 1000" and
    "paragraph 1001" trapped in one loop: a 3,000-paragraph loop was 3,000 lines)."""
    return _NUMBER.sub("#", _INDEX.sub("[]", path)), _NUMBER.sub("#", _INDEX.sub("[]", what))[:80]


def summarise(lines: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """At most :data:`MAX_PER_KIND` problems of each kind and :data:`MAX_LINES` in all, the
    rest counted: ("", "and 2,998 more like hot_spots[].at: is # from ...")."""
    seen: dict[tuple[str, str], int] = {}
    out: list[tuple[str, str]] = []
    hidden: dict[tuple[str, str], int] = {}
    example: dict[tuple[str, str], tuple[str, str]] = {}
    for place, what in lines:
        k = kind_of(place, what)
        n = seen.get(k, 0)
        seen[k] = n + 1
        if n < MAX_PER_KIND and len(out) < MAX_LINES:
            out.append((place, what))
        else:
            hidden[k] = hidden.get(k, 0) + 1
            example.setdefault(k, (place, what))
    for k, n in hidden.items():
        place, what = example[k]
        more_place = _NUMBER.sub("…", _INDEX.sub("[…]", place))  # "paragraph …", "Hot Spot …"
        out.append((more_place, f"and {n:,} more like this: {printable(what, 120)}"))
    return out


# A quoted value opens after a space, a bracket or the start (not inside a word: "German's")
# and closes before anything but a letter, so the words between two short quoted values are
# never taken for one long one ("'mob-1' is a ... give 'at'").
_QUOTED = re.compile(r"(?<![\w'])'([^'\s][^'\n]{" + str(SHOWN) + r",})'(?!\w)")


def _short_quotes(what: str) -> str:
    """Every value a message quotes ('...') cut to :data:`SHOWN` characters."""
    return _QUOTED.sub(lambda m: "'" + m.group(1)[: SHOWN - 1] + "…'", what)


class InputError(ValueError):
    """A file the program cannot use: names the file, the path inside it, the expectation.

    ``problems`` keeps the dotted paths (``paragraphs[64].options[1]``) that programs use to
    find the place; ``described`` and the message say the same places in the author's words
    (``paragraph 66, option 2``) when the loader knows them. The message is printable and
    brief: quoted text escaped and shortened, a repeated problem summarised."""

    def __init__(self, file: str, problems: list[tuple[str, str]],
                 describe: Describe | None = None) -> None:
        self.file = file
        self.problems = problems
        self.described = [describe(p, w) if describe else (p, w) for p, w in problems]
        name = printable(file, 200)
        lines = [f"{name}: {printable(path or '(top level)', 120)}: {printable(_short_quotes(what), LINE)}"
                 for path, what in summarise(self.described)]
        super().__init__("\n".join(lines))


class ScenarioError(InputError):
    """A scenario or mission file that failed validation."""


class SaveError(InputError):
    """A save file that cannot be loaded or replayed."""
