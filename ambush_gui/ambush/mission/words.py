"""Places in a mission file said in the designer's words ("paragraph 66, option 2", not
``paragraphs[64].options[1]``), and the paragraphs a file names, found on plain data so a
draft that fails its schema still hears about them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ambush_gui.core.files import path_tokens, type_words

# -- places in the designer's words ------------------------------------------------------------



def _tokens(path: str) -> list[str | int]:
    return path_tokens(path)


_NEEDS = {  # a list the schema wants longer, in the designer's words
    "do": "do needs at least one action: what happens when the option applies",
    "squad": "the mission needs at least one US soldier",
    "paragraphs": "the mission needs at least one paragraph",
    "conditions": "the mission needs at least one Condition",
    "levels": "the victory needs at least one level",
    "weapons": "he needs at least one weapon",
    "enters": "he needs at least one entry hex",
    "at": "a Paragraph Check needs at least one hex or area",
    "path": "a red reference joins at least two hexes",
    "hexes": "a terrain patch needs at least one hex",
    "sides": "a hexside patch needs at least one hexside",
}
_PATTERNS = {  # the schema's patterns, said as what to write
    r"^\d{4}$": "a hex number CCRR, e.g. 0304",
    r"^\d{4}(-\d{4})?$": "a hex CCRR or a block CCRR-CCRR",
    r"^\d{4}/\d{4}$": "a hexside CCRR/CCRR",
    r"^(\d{4}|[a-z][a-z0-9-]*)$": "a hex number or an area's name",
    r"^[A-Z]$": "one capital letter",
    r"^[a-z][a-z0-9-]*$": "lower case letters, digits and hyphens, starting with a letter",
}
_WHOLE = {"squad": "the US squad", "paragraphs": "the paragraphs", "germans": "the German cards",
          "conditions": "the Conditions", "end": "the end of the mission"}
_LIST_MIN = re.compile(r"List should have at least (\d+) items? after validation, not (\d+)")
_LIST_MAX = re.compile(r"List should have at most (\d+) items? after validation, not (\d+)")
_BOUND = re.compile(r"Input should be (greater|less) than( or equal to)? (-?\d+) \(got (.*)\)$")
_PATTERN = re.compile(r"String should match pattern '(.*)' \(got (.*)\)$")
_INTEGER = re.compile(r"Input should be a valid integer.*?(\(got .*\))?$")
_QUOTED_NUMBER = re.compile(r"\(got ['\"](-?\d+)['\"]\)$")
_CHOICE = re.compile(r"Input should be (.*) \(got (.*)\)$")


def plain_words(toks: list[str | int], what: str) -> str:
    """A schema message (pydantic's wording) in the designer's words, naming the field:
    "List should have at least 1 item after validation, not 0" under ``do`` becomes "an
    option needs at least one action: what happens when it applies"; "Input should be
    greater than or equal to 1 (got 0)" under ``goto`` becomes "goto needs a paragraph
    number, 1 or more (got 0)". A message the program wrote itself is returned as it is.

    >>> plain_words(["germans", 0, "columns", "A"],
    ...             "List should have at least 10 items after validation, not 2")
    'a column has 10 paragraphs, one for each Action Number 0-9 (it has 2)'
    >>> plain_words(["germans", 0, "ar"], "Input should be less than or equal to 12 (got 40)")
    'ar is at most 12 (got 40)'
    """
    leaf = next((t for t in reversed(toks) if isinstance(t, str)), "")
    counted = toks and isinstance(toks[-1], int)  # an item of a list, not the field itself
    column = len(toks) >= 2 and toks[-2] in ("columns", "reactions") or leaf in (
        "self_preservation", "column")
    if column and (m := _LIST_MIN.match(what) or _LIST_MAX.match(what)):
        return f"a column has 10 paragraphs, one for each Action Number 0-9 (it has {m[2]})"
    if m := _LIST_MIN.match(what):
        least, has = int(m[1]), int(m[2])
        if leaf in _NEEDS and least == 1:
            return _NEEDS[leaf]
        return f"{leaf} needs at least {least} (it has {has})"
    if m := _LIST_MAX.match(what):
        return f"{leaf} has at most {m[1]} (it has {m[2]})"
    if counted:
        leaf = f"{leaf} item {int(toks[-1]) + 1}"
    if m := _BOUND.match(what):
        limit = int(m[3]) + (0 if m[2] else (1 if m[1] == "greater" else -1))
        if leaf in ("goto", "paragraph") and m[1] == "greater":
            return f"{leaf} needs a paragraph number, {limit} or more (got {m[4]})"
        return f"{leaf} is at {'least' if m[1] == 'greater' else 'most'} {limit} (got {m[4]})"
    if m := _INTEGER.match(what):
        needs = "a paragraph number" if leaf in ("goto", "paragraph") else "a whole number"
        if m[1] and (quoted := _QUOTED_NUMBER.match(m[1])):  # "66" for 66: say how to write it
            return f"{leaf} needs {needs}; write {quoted[1]} without quotes"
        return f"{leaf} needs {needs}" + (f" {m[1]}" if m[1] else "")
    if m := _PATTERN.match(what):
        return f"{leaf}: expected {_PATTERNS.get(m[1], 'text of the form ' + m[1])} (got {m[2]})"
    if (m := _CHOICE.match(what)) and "valid" not in m[1]:
        return f"{leaf}: expected {m[1]} (got {m[2]})"
    if what == "is missing (required)":
        return f"{leaf} is missing (required)"
    if what == "is not a known field":
        return f"{leaf} is not a known field (a misspelt name?)"
    if what.startswith("Input should be") and (wanted := type_words(what)):
        got = what[what.rfind(" (got "):] if what.endswith(")") and " (got " in what else ""
        return f"{leaf} needs {wanted}{got}"
    return what


def _spots(value: Any, most: int = 3) -> str:
    """A short list of hexes or areas for a place's name: "0602, 0603", "a, b, c …"."""
    items = [str(v) for v in value] if isinstance(value, list) else []
    return ", ".join(items[:most]) + (" …" if len(items) > most else "")


def _outside(data: Any, toks: list[str | int]) -> tuple[str, int] | None:
    """The Mission Card, the map, the Conditions and the end in the editor's words: (the
    place, how many tokens it said), or None for a place these words do not cover."""
    def at(*keys: str | int) -> Any:
        node = data
        for k in keys:
            node = node.get(k) if isinstance(node, dict) and isinstance(k, str) else (
                node[k] if isinstance(node, list) and isinstance(k, int) and 0 <= k < len(node)
                else None)
        return node

    head = toks[0] if toks else None
    nxt = toks[1] if len(toks) > 1 else None
    idx = toks[2] if len(toks) > 2 and isinstance(toks[2], int) else None
    if head == "card":
        if nxt == "checks" and idx is not None:
            spots = _spots(at("card", "checks", idx, "at"))
            return f"Mission Card, Paragraph Check {idx + 1}" + (f" ({spots})" if spots else ""), 3
        if nxt == "references" and idx is not None:
            spots = _spots(at("card", "references", idx, "path"))
            return f"Mission Card, red reference {idx + 1}" + (f" ({spots})" if spots else ""), 3
        if nxt == "events" and len(toks) > 2:
            return f"Mission Card, Event column, total {toks[2]}", 3
        if nxt == "start":
            return "Mission Card, Condition at the start", 2
        return "Mission Card", 1
    if head == "conditions" and isinstance(nxt, str):
        if len(toks) > 3 and toks[2] == "events":
            return f"Condition {nxt}, Event column, total {toks[3]}", 4
        return f"Condition {nxt}", 2
    if head == "map":
        if nxt == "terrain" and idx is not None:
            spots = _spots(at("map", "terrain", idx, "hexes"))
            return f"Map, terrain patch {idx + 1}" + (f" ({spots})" if spots else ""), 3
        if nxt == "hexsides" and idx is not None:
            kind = at("map", "hexsides", idx, "feature")
            return f"Map, hexside patch {idx + 1}" + (f" ({kind})" if isinstance(kind, str) else ""), 3
        if nxt == "areas" and len(toks) > 2:
            return f"Map, area {toks[2]}", 3
        if nxt == "default":
            return "Map, terrain of every other hex", 2
        return "Map", 1
    if head == "end" and nxt == "exit_hexes":
        return "the end of the mission, exit hexes", 2
    return None


_TAIL_SAID = ("activate.german", "activate.hex", "activate.weapons", "terrain", "feature",
              "paragraph", "at", "path", "hexes", "sides")
"""Fields after a place that the message already makes plain ("no German card numbered 42",
"hex 9999 is off the 8x6 map"): the place is not followed by the file's field name."""


def describe(data: Any, path: str, what: str) -> tuple[str, str]:
    """A problem's place in the words the designer wrote: ``paragraphs[64].options[1].do[0]
    .goto`` of the file becomes "paragraph 66, option 2" (paragraphs by their number, Germans
    by theirs, US soldiers by their id, options and actions counted from 1), and a field
    the message already names ("goto 167: ...") is not said twice. Places outside those
    lists keep their dotted path. ``data`` is the file's data as read."""
    toks = _tokens(path)
    what = plain_words(toks, what)
    words: list[str] = []
    cur: Any = data
    i = 0

    def item(seq: Any, k: int) -> Any:
        return seq[k] if isinstance(seq, list) and 0 <= k < len(seq) else None

    def field(obj: Any, key: str) -> Any:
        return obj.get(key) if isinstance(obj, dict) else None

    rest: list[str | int] = []
    while i < len(toks):
        t = toks[i]
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if t in ("paragraphs", "germans", "squad") and isinstance(nxt, int) and not words:
            cur = item(field(cur, t), nxt)
            if t == "paragraphs":
                n = field(cur, "number")
                words.append(f"paragraph {n}" if _whole(n) else f"paragraph #{nxt + 1} (no number)")
            elif t == "germans":
                n = field(cur, "number")
                words.append(f"German {n}" if _whole(n) else f"German card #{nxt + 1} (no number)")
            else:
                sid = field(cur, "id")
                words.append(f"US soldier {sid}" if isinstance(sid, str) and sid
                             else f"US soldier #{nxt + 1}")
            i += 2
        elif t == "options" and isinstance(nxt, int) and words:
            cur = item(field(cur, t), nxt)
            words.append(f"option {nxt + 1}")
            i += 2
        elif t == "do" and isinstance(nxt, int) and words:
            acts = field(cur, t)
            if not (isinstance(acts, list) and len(acts) == 1):
                words.append(f"action {nxt + 1}")
            cur = item(acts, nxt)
            i += 2
        elif t == "columns" and isinstance(nxt, str) and words and words[0].startswith("German"):
            cur = None
            words.append(f"column {nxt}")
            i += 2
            if i < len(toks) and isinstance(toks[i], int):
                words.append(f"Action Number {toks[i]}")
                i += 1
        elif t == "self_preservation" and words:
            words.append("column S")
            i += 1
            if i < len(toks) and isinstance(toks[i], int):
                words.append(f"Action Number {toks[i]}")
                i += 1
        elif t == "reactions" and isinstance(nxt, str) and words:
            words.append(f"Special Reaction {nxt}")
            i += 2
            if i < len(toks) and toks[i] == "column":
                i += 1
            if i < len(toks) and isinstance(toks[i], int):
                words.append(f"Action Number {toks[i]}")
                i += 1
        elif t == "victory" and nxt == "levels" and not words:
            i += 2
            index = toks[i] if i < len(toks) else None
            if isinstance(index, int):
                levels = field(field(data, "victory"), "levels")
                name = field(item(levels, index), "result")
                words.append(f"victory level {index + 1}" + (f" ({name})" if name else ""))
                i += 1
            else:
                words.append("victory levels")
        elif words:
            rest = toks[i:]
            break
        elif len(toks) == 1 and t in _WHOLE:
            return _WHOLE[str(t)], what
        elif (outside := _outside(data, toks)) is not None:
            words.append(outside[0])
            i += outside[1]
        else:
            return path, what
    place = ", ".join(words)
    if what.startswith(f"{place} ") and not rest:  # "paragraph 50: paragraph 50 is never read"
        what = what[len(place) + 1:]
    if rest:
        tail = "".join(f"[{t}]" if isinstance(t, int) else f".{t}" for t in rest).lstrip(".")
        named = "".join(f".{t}" for t in rest if isinstance(t, str)).lstrip(".")
        if isinstance(rest[0], str) and len(rest) <= 2 and what.startswith((f"{rest[0]} ", f"{rest[0]}:")):
            pass  # the message names the field itself
        elif named in _TAIL_SAID:
            pass  # the message says what the field holds
        else:
            words.append(tail)
        place = ", ".join(words)
    return place, what


# -- the paragraphs a file names -----------------------------------------------------------------


def _dict(x: Any) -> dict[Any, Any]:
    return x if isinstance(x, dict) else {}


def _list(x: Any) -> list[Any]:
    return x if isinstance(x, list) else []


def paragraph_refs(data: Any) -> Iterator[tuple[str, Any, bool]]:
    """Every place of a mission's plain data (a draft too) naming a paragraph: (dotted path,
    number, is a root). Roots are the places the game reads on its own (the Mission Card
    and the soldier cards); the others are an option's ``goto``, reached only through its
    paragraph. Parts not shaped as the format says are passed over (the schema says why).

    >>> list(paragraph_refs({"card": {"events": {"7": 3}}, "paragraphs": [
    ...     {"number": 3, "options": [{"do": [{"goto": 9}]}]}]}))
    [('card.events.7', 3, True), ('paragraphs[0].options[0].do[0].goto', 9, False)]
    """
    data = _dict(data)
    card = _dict(data.get("card"))
    for i, check in enumerate(_list(card.get("checks"))):
        if "paragraph" in _dict(check):
            yield f"card.checks[{i}].paragraph", check["paragraph"], True
    for total, n in _dict(card.get("events")).items():
        yield f"card.events.{total}", n, True
    for name, cond in _dict(data.get("conditions")).items():
        for total, n in _dict(_dict(cond).get("events")).items():
            yield f"conditions.{name}.events.{total}", n, True
    for i, g in enumerate(_list(data.get("germans"))):
        g = _dict(g)
        for c, col in _dict(g.get("columns")).items():
            for k, n in enumerate(_list(col)):
                yield f"germans[{i}].columns.{c}[{k}]", n, True
        for k, n in enumerate(_list(g.get("self_preservation"))):
            yield f"germans[{i}].self_preservation[{k}]", n, True
        for letter, r in _dict(g.get("reactions")).items():
            for k, n in enumerate(_list(_dict(r).get("column"))):
                yield f"germans[{i}].reactions.{letter}.column[{k}]", n, True
    for i, p in enumerate(_list(data.get("paragraphs"))):
        for j, o in enumerate(_list(_dict(p).get("options"))):
            for k, a in enumerate(_list(_dict(o).get("do"))):
                if "goto" in _dict(a):
                    yield f"paragraphs[{i}].options[{j}].do[{k}].goto", a["goto"], False


def no_such_paragraph(path: str, number: int) -> tuple[str, str]:
    """The problem of a place naming a paragraph the mission does not have."""
    leaf = _tokens(path)[-1]
    said = leaf if isinstance(leaf, str) and leaf in ("goto", "paragraph") else "paragraph"
    return path, f"{said} {number}: no such paragraph"


def draft_problems(data: Any) -> list[tuple[str, str]]:
    """What the cross-checks would say about the paragraphs a draft names, found on the plain
    data: a file that fails its schema is not cross-checked, and a designer half-way through
    a mission still wants to hear that a ``goto`` leads nowhere."""
    numbers = {n for p in _list(_dict(data).get("paragraphs")) if _whole(n := _dict(p).get("number"))}
    return [no_such_paragraph(path, n) for path, n, _ in paragraph_refs(data)
            if _whole(n) and n not in numbers]


def _whole(n: Any) -> bool:
    """A paragraph number as a draft may hold one: a whole number (a list, a table or text
    there is the schema's to report, and cannot be looked up)."""
    return isinstance(n, int) and not isinstance(n, bool)
