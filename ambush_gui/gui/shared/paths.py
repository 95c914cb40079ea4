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
