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

from ambush_gui.core.errors import InputError

M = TypeVar("M", bound=BaseModel)


def loc_path(loc: Sequence[str | int]) -> str:
    """``("units", 3, "figures", 1, "weapon")`` -> ``"units[3].figures[1].weapon"``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def read_data(path: str | Path, error: type[InputError] = InputError) -> dict[str, Any]:
    """Parse a TOML or JSON file into plain data, or raise ``error`` saying where it broke.

    JSON is recognised by its name or by its first character, so a save written without
    its ".json" still reads as one."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise error(str(p), [("", f"cannot be read: {exc.strerror or exc}")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(str(p), [("", f"is not UTF-8 text (byte {exc.start})")]) from None
    if p.suffix.lower() == ".json" or text.lstrip().startswith("{"):  # TOML never opens with "{"
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            where = f"line {exc.lineno}, column {exc.colno}"
            raise error(str(p), [(where, f"is not valid JSON: {exc.msg}")]) from None
    else:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise error(str(p), [("", f"is not valid TOML: {exc}")]) from None
    if not isinstance(data, dict):
        raise error(str(p), [("", "expected a table/object at the top level")])
    return data


def validate(model: type[M], data: Any, file: str, error: type[InputError] = InputError) -> M:
    """Validate plain data against a pydantic model, turning errors into ``error``."""
    try:
        return model.model_validate(data)
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
    shown = repr(got)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return f"{msg} (got {shown})" if not isinstance(got, dict | list) else msg


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
