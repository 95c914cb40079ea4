"""Where the program keeps its own files: autosave, recent games, settings.

The user data folder comes from Qt (QStandardPaths); ``AMBUSH_GUI_DATA`` overrides it,
which is how tests keep their autosaves out of the user's folder.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QStandardPaths


def data_dir() -> Path:
    override = os.environ.get("AMBUSH_GUI_DATA")
    if override:
        p = Path(override)
    else:
        base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
        p = Path(base or Path.home() / ".ambush-gui")
    p.mkdir(parents=True, exist_ok=True)
    return p


def autosave_path() -> Path:
    """The one autosave: the game in progress, rewritten after every decision."""
    return data_dir() / "autosave.json"


def saves_dir() -> Path:
    p = data_dir() / "saves"
    p.mkdir(parents=True, exist_ok=True)
    return p


def safe_stem(text: object, fallback: str = "scenario") -> str:
    """A file name made from a scenario's free-text ``name``: letters, digits, "-", "_" and
    single spaces only, at most 60 characters, so a name never chooses a folder ("../../x",
    "/etc/x" and control characters all become a plain slug in the folder the user picks).

    >>> safe_stem("../../etc/passwd"), safe_stem("Contracting Trouble!"), safe_stem("\\x1b")
    ('etc-passwd', 'Contracting Trouble', 'scenario')
    """
    import re

    s = str(text) if isinstance(text, str) else ""
    s = re.sub(r"[^A-Za-z0-9 _-]+", "-", s[:200])  # ASCII only: no separators, dots, controls
    s = re.sub(r"-{2,}", "-", re.sub(r"\s+", " ", s)).strip(" -_")
    return s[:60].strip(" -_") or fallback
