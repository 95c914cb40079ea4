"""Reading and writing the program's files.

Hand-written data (scenarios, missions, charts) is TOML; saves are JSON. Every
problem is reported as an :class:`~ambush_gui.core.errors.InputError` naming the
file, the path inside it (``units[3].figures[1].weapon``) and what was expected.
Writes are atomic: a temporary file in the same folder, then a rename, so a crash
never leaves half a file.
"""

from __future__ import annotations

import json
import os
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
            out += ("." if out else "") + printable(part, 40)
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


def read_data(path: str | Path, error: type[InputError] = InputError) -> dict[str, Any]:
    """Parse a TOML or JSON file into plain data, or raise ``error`` saying where it broke.

    JSON is recognised by its name or by its first character, so a save written without
    its ".json" still reads as one."""
    p = Path(path)
    try:
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
            raise error(file, [("", f"is not valid TOML: {printable(exc, 200)}")]) from None
        except RecursionError:
            raise error(file, [("", "is not valid TOML: it nests too deeply")]) from None
        except ValueError as exc:  # a number of more than 4,300 digits
            raise error(file, [("", f"is not valid TOML: {printable(exc, 120)}")]) from None
    if not isinstance(data, dict):
        raise error(file, [("", "expected a table/object at the top level")])
    check_depth(data, file, error)
    return data


def _no_constant(name: str) -> Any:
    """JSON has no NaN or Infinity; Python's reader accepts them unless told not to."""
    raise ValueError(f"{name} is not a JSON number")


def validate(model: type[M], data: Any, file: str, error: type[InputError] = InputError) -> M:
    """Validate plain data against a pydantic model, turning errors into ``error``."""
    check_depth(data, file, error)
    try:
        return model.model_validate(data)
    except RecursionError:
        raise error(file, [("", "nests too deeply to check")]) from None
    except ValidationError as exc:
        problems = [(loc_path(e["loc"]), _expectation(e)) for e in exc.errors()]
        raise error(file, problems) from None


def _expectation(err: Any) -> str:
    msg = str(err["msg"])
    if err["type"] == "missing":
        return "is missing (required)"
    if err["type"] == "extra_forbidden":
        return "is not a known field"
    got = err.get("input")
    msg = printable(msg, 240)
    return f"{msg} (got {shown(got, 40)})" if not isinstance(got, dict | list | tuple) else msg


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
