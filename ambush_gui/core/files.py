"""Reading and writing the program's files.

Hand-written data (scenarios, missions, charts) is TOML; saves are JSON. Every
problem is reported as an :class:`~ambush_gui.core.errors.InputError` naming the
file, the path inside it (``units[3].figures[1].weapon``) and what was expected.
Writes are atomic: a temporary file in the same folder, then a rename, so a crash
never leaves half a file.
"""

from __future__ import annotations

import datetime
import json
import os
import re
import tempfile
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from ambush_gui.core.errors import InputError, printable, shown

M = TypeVar("M", bound=BaseModel)

MAX_DEPTH = 100
"""How deeply tables and lists may nest in a file. The deepest real file nests about ten
levels (a paragraph option's condition inside ``all`` and ``not``); a file nested hundreds of
levels deep would exhaust Python's recursion in the parser, the schema or a message."""


def loc_path(loc: Sequence[str | int]) -> str:
    """``("units", 3, "figures", 1, "weapon")`` -> ``"units[3].figures[1].weapon"``; key names
    from the file are escaped and shortened (see :func:`~ambush_gui.core.errors.printable`)."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + quoted_key(printable(part, 40))
    return out


def quoted_key(key: str) -> str:
    """A key as a path writes it: in double quotes when it holds a dot, a bracket or a quote,
    as TOML would (``events."4.5"``), so "4.5" never reads as the keys 4 and 5."""
    if re.search(r'[.\[\]"\s]', key) or not key:
        return '"' + key.replace('"', '\\"') + '"'
    return key


PATH_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|([^.\[\]"]+)|\[(-?\d+)\]')
"""One part of a path :func:`loc_path` wrote: a quoted key, a key, or an index."""


def path_tokens(path: str) -> list[str | int]:
    """``'card.events."4.5"[2]'`` -> ``["card", "events", "4.5", 2]``."""
    out: list[str | int] = []
    for q, name, i in PATH_TOKEN.findall(path):
        if i:
            out.append(int(i))
        else:
            out.append(q.replace('\\"', '"') if not name else name)
    return out


def depth(data: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply ``data`` nests (a scalar: 0), counted without recursion and given up past
    ``limit`` (the answer is then ``limit + 1``)."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(data, 0)]
    while todo:
        value, d = todo.pop()
        if isinstance(value, dict):
            items: Any = value.values()
        elif isinstance(value, list | tuple):
            items = value
        else:
            continue
        d += 1
        if d > limit:
            return limit + 1
        deepest = max(deepest, d)
        todo.extend((v, d) for v in items if isinstance(v, dict | list | tuple))
    return deepest


def check_depth(data: Any, file: str, error: type[InputError] = InputError) -> None:
    """Refuse data nested deeper than :data:`MAX_DEPTH` (before any recursive code sees it)."""
    if depth(data) > MAX_DEPTH:
        raise error(file, [("", f"tables and lists nest more than {MAX_DEPTH} levels deep; "
                                "no scenario, mission or save needs that")])


MAX_FILE_BYTES = 8 * 1024 * 1024
"""A scenario, mission or chart file's size at most (docs/formats.md, "Limits"): the largest
shipped file is under 30 KB, and a file of the largest bounds the formats allow is a few MB;
one of 60 MB took half a minute to parse before its first bound was checked."""


def read_data(path: str | Path, error: type[InputError] = InputError) -> dict[str, Any]:
    """Parse a TOML or JSON file into plain data, or raise ``error`` saying where it broke.

    JSON is recognised by its name or by its first character, so a save written without
    its ".json" still reads as one."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_FILE_BYTES:  # refused unread: parsing it would take long
            raise error(str(p), [("", f"is {p.stat().st_size / 2**20:.0f} MB; a scenario, mission "
                                      f"or chart file is at most {MAX_FILE_BYTES // 2**20} MB")])
        raw = p.read_bytes()
    except OSError as exc:
        raise error(str(p), [("", f"cannot be read: {exc.strerror or exc}")]) from None
    except MemoryError:
        raise error(str(p), [("", "is too large to read")]) from None
    return parse_data(raw, str(p), error, json_name=p.suffix.lower() == ".json")


def parse_data(raw: bytes, file: str, error: type[InputError] = InputError,
               json_name: bool = False) -> dict[str, Any]:
    """:func:`read_data` on the file's bytes (``json_name``: the file's name ends in .json)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(file, [("", f"is not UTF-8 text (byte {exc.start})")]) from None
    if "\x00" in text:
        raise error(file, [("", "holds a NUL character: it is not a text file")])
    if json_name or text.lstrip().startswith("{"):  # TOML never opens with "{"
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except json.JSONDecodeError as exc:
            where = f"line {exc.lineno}, column {exc.colno}"
            raise error(file, [(where, f"is not valid JSON: {exc.msg}")]) from None
        except RecursionError:
            raise error(file, [("", "is not valid JSON: it nests too deeply")]) from None
        except ValueError as exc:  # a number of more than 4,300 digits, NaN, Infinity
            raise error(file, [("", f"is not valid JSON: {printable(exc, 120)}")]) from None
    else:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise error(file, [toml_trouble(text, exc)]) from None
        except RecursionError:
            raise error(file, [("", "is not valid TOML: it nests too deeply")]) from None
        except ValueError as exc:  # a number of more than 4,300 digits
            raise error(file, [("", f"is not valid TOML: {printable(exc, 120)}")]) from None
    if not isinstance(data, dict):
        raise error(file, [("", "expected a table/object at the top level")])
    check_depth(data, file, error)
    return data


_OPEN_QUOTE_SAID = ("Illegal character '\\n'", "Unterminated string", "Expected \"'\"",
                    "Expected '\"'")  # what tomllib says after a quote left open
_TOML_AT = re.compile(r"\(at (?:line (\d+), column \d+|end of document)\)$")


def open_quote(text: str) -> tuple[int, str] | None:
    """The line (from 1) where a TOML text's first unclosed quote opens, and the quote, or
    None: a ``"``
    or ``'`` string still open at the end of its line, or a triple-quoted one never closed.
    Comments and escaped quotes are passed over.

    >>> open_quote('a = "ok"\\nb = "not closed\\nc = 1\\n'), open_quote("a = \'\'\'x\\n\'\'\'\\nb = 1")
    ((2, '"'), None)
    """
    quote = ""  # the open string's delimiter
    start = 0
    for n, line in enumerate(text.splitlines(), 1):
        i = 0
        while i < len(line):
            ch = line[i]
            if not quote:
                if ch == "#":
                    break
                if ch in "\"'":
                    quote = ch * 3 if line.startswith(ch * 3, i) else ch
                    start = n
                    i += len(quote)
                    continue
            elif quote[0] == '"' and ch == "\\":
                i += 2
                continue
            elif line.startswith(quote, i):
                i += len(quote)
                quote = ""
                continue
            i += 1
        if len(quote) == 1:  # a one-line string ends with its line
            return n, quote
    return (start, quote) if quote else None


def toml_trouble(text: str, exc: tomllib.TOMLDecodeError) -> tuple[str, str]:
    """A TOML reading error as (place, what): where the cause is a quote left open, the
    line it opens on and that ("line 133: a quote is not closed"), not the character the
    reader choked on later; otherwise the reader's own words."""
    said = str(exc)
    at = _TOML_AT.search(said)
    opened = open_quote(text) if said.startswith(_OPEN_QUOTE_SAID) else None
    if at is not None and opened is not None and (at[1] is None or opened[0] <= int(at[1])):
        line, quote = opened  # said in words: a quote mark in the message reads as quoting
        kind = "double" if quote[0] == '"' else "single"
        if len(quote) == 3:
            return (f"line {line}", f"a quote is not closed (triple {kind} quotes), so the file is "
                    "not valid TOML: the text that opens here runs to the end of the file; close "
                    "it with the same triple quotes")
        return (f"line {line}", f"a quote is not closed (a {kind} quote), so the file is not valid "
                "TOML: text in quotes ends on the line it starts on; add the closing quote (text "
                "over several lines goes between triple quotes)")
    return "", f"is not valid TOML: {printable(exc, 200)}"


def plain_id(text: str) -> str:
    """An id is plain printable text: a line break, a NUL, a tab or a character that turns
    text right to left (a bidi override) would show one id as another, or break the line a
    message or a save writes it on. Refused with :class:`ValueError` (a schema's validator)."""
    if not text.isprintable():
        raise ValueError("an id is plain printable text: no line breaks, tabs, control or "
                         "direction-changing characters")
    return text


def _no_constant(name: str) -> Any:
    """JSON has no NaN or Infinity; Python's reader accepts them unless told not to."""
    raise ValueError(f"{name} is not a JSON number")


def validate(model: type[M], data: Any, file: str, error: type[InputError] = InputError) -> M:
    """Validate plain data against a pydantic model, turning errors into ``error``.

    Read strictly (see :func:`check_model`): a value of the wrong type is refused, never coerced."""
    check_depth(data, file, error)
    spec, problems = check_model(model, data)
    if spec is None:
        raise error(file, problems)
    return spec


def check_model(model: type[M], data: Any) -> tuple[M | None, list[tuple[str, str]]]:
    """``data`` read as ``model``: (the model, []) or (None, every problem as (path, what)).

    Designer files are read strictly, as their JSON would be: ``true`` is not 1, ``"3"`` is
    not 3 and ``"no"`` is not false (a typo must not silently become a number), while a whole
    number stands for a number of inches (``x = 3`` is 3.0), text names a choice and a list
    gives a point. Data a program built with other objects in it is read as before."""
    try:
        text = json.dumps(data, allow_nan=True)
    except TypeError:
        when = _date_in(data, ())
        if when is not None:
            return None, [(loc_path(when), "is a TOML date or time, which no field takes "
                                           "(write text in quotes)")]
        text = None
    except ValueError:  # a number too long to write (read_data refuses these first)
        return None, [("", "holds a number too long to read")]
    try:
        if text is None:
            return model.model_validate(data), []
        return model.model_validate_json(text, strict=True), []
    except RecursionError:
        return None, [("", "nests too deeply to check")]
    except ValidationError as exc:
        return None, problems_of(exc, data)


def _date_in(data: Any, loc: tuple[str | int, ...]) -> tuple[str | int, ...] | None:
    """Where ``data`` holds a TOML date or time (depth is bounded by :func:`check_depth`)."""
    if isinstance(data, dict):
        for k, v in data.items():
            if (found := _date_in(v, (*loc, str(k)))) is not None:
                return found
    elif isinstance(data, list | tuple):
        for i, v in enumerate(data):
            if (found := _date_in(v, (*loc, i))) is not None:
                return found
    elif isinstance(data, datetime.date | datetime.time):
        return loc
    return None


def problems_of(exc: ValidationError, data: Any) -> list[tuple[str, str]]:
    """A pydantic error as (path, what): the path in the file's own keys (the schema's names
    for the branches of a choice, such as ``int`` or ``constrained-str``, left out) and one
    problem per place (the branches' complaints joined: "expected a whole number or text").
    Where one branch of a choice reached deeper into the value than another (a list whose
    item is not text, though the value might also have been a table), the deeper one is said."""
    out: dict[str, list[tuple[str, str]]] = {}
    for err in exc.errors():
        loc, key = _file_loc(err["loc"], data, err["type"] == "missing")
        what = _expectation(err, loc)
        if key:  # a table's key that is not what the table is keyed by
            wanted = type_words(what)
            what = f"the key {shown(key, 40)} " + (f"must be {wanted}" if wanted else f"is wrong: {what}")
        said = out.setdefault(loc_path(loc), [])
        if (what, err["type"]) not in said:
            said.append((what, err["type"]))
    deeper = [p for p in out if p]
    return [(path, _either([w for w, _ in whats])) for path, whats in out.items()
            if not (all(t.endswith("_type") for _, t in whats)
                    and any(q.startswith((f"{path}.", f"{path}[")) or (not path and q) for q in deeper))]


def _file_loc(loc: Sequence[str | int], data: Any, missing: bool) -> tuple[list[str | int], str]:
    """A pydantic error's place as the file's keys and list indexes, and the key itself when
    the error is about a key (``[key]``). Parts that are not in the data are the schema's
    names for a union's branches; a missing field's name (the last part) is kept."""
    out: list[str | int] = []
    cur: Any = data
    key = ""
    for i, part in enumerate(loc):
        if isinstance(cur, dict) and str(part) in cur:
            out.append(str(part))
            cur = cur[str(part)]
        elif isinstance(cur, list) and isinstance(part, int):
            out.append(part)
            cur = cur[part] if 0 <= part < len(cur) else None
        elif part == "[key]":
            key = str(out[-1]) if out else ""
        elif i == len(loc) - 1 and missing:
            out.append(part)
    return out, key


def _either(whats: list[str]) -> str:
    """The complaints of a union's branches about one value, as one: "expected X or Y"."""
    if len(whats) == 1:
        return whats[0]
    got = {m.group(1) for w in whats if (m := _GOT.search(w))}
    wanted = [type_words(w) for w in whats]
    if all(wanted):
        text = "expected " + " or ".join(dict.fromkeys(str(w) for w in wanted))
    else:
        text = "; or ".join(dict.fromkeys(_GOT.sub("", w) for w in whats))
    return text + (f" (got {got.pop()})" if len(got) == 1 else "")


_GOT = re.compile(r" \(got (.*)\)$")
_TYPE_WORDS = {
    "Input should be a valid integer": "a whole number",
    "Input should be a valid number": "a number",
    "Input should be a valid string": "text",
    "Input should be a valid boolean": "true or false",
    "Input should be a valid list": "a list",
    "Input should be a valid dictionary": "a table",
}
_SCHEMA_WORDS = [("a valid array", "a valid list"), ("an object", "a valid dictionary")]


def type_words(what: str) -> str | None:
    """What a schema's type or choice message asks for, in words ("a whole number", "'regular'
    or 'insurgent'"), or None for any other message."""
    bare = _GOT.sub("", what).split(",")[0]
    if bare in _TYPE_WORDS:
        return _TYPE_WORDS[bare]
    if bare.startswith("Input should be '"):
        return bare[len("Input should be "):]
    return None


def _expectation(err: Any, loc: Sequence[str | int] = ()) -> str:
    kind = err["type"]
    if kind == "missing":
        if loc and isinstance(loc[-1], int):  # an item of a fixed-length list, a point's y
            need = _tuple_words(loc)
            which = "y " if need.startswith("a point") and loc[-1] == 1 else ""
            return f"{which}is missing: {need}"
        return "is missing (required)"
    if kind == "extra_forbidden":
        return "is not a known field"
    got = err.get("input")
    if kind in ("too_short", "too_long") and str(err["msg"]).startswith("Tuple"):
        need = _tuple_words(loc)
        return need if kind == "too_short" else f"{need}, no more (got {shown(got, 40)})"
    if kind == "string_too_long":
        return f"is too long: at most {err['ctx']['max_length']:,} characters (it has {len(str(got)):,})"
    msg = str(err["msg"])
    if kind.endswith("_type"):  # JSON's names for a list and a table, as a file says them
        for schema, words in _SCHEMA_WORDS:
            msg = msg.replace(schema, words)
    msg = printable(msg, 240)
    if isinstance(got, dict | list | tuple) and not kind.endswith("_type"):
        return msg  # a table or list is named by its place; the message says what is wrong
    return f"{msg} (got {shown(got, 40)})"


def _tuple_words(loc: Sequence[str | int]) -> str:
    """What a fixed-length list holds: a rectangle's four numbers, else a point's two."""
    leaf = next((p for p in reversed(loc) if isinstance(p, str)), "")
    if leaf == "rect":
        return "a rectangle needs four numbers: x and y of its south-west corner, width and depth"
    return "a point needs two numbers, x and y (inches)"


def atomic_write(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
