"""Where the program keeps its own files: autosave, saved games, the designer's scenarios.

The user data folder comes from Qt (QStandardPaths); ``AMBUSH_GUI_DATA`` overrides it,
which is how tests keep their autosaves out of the user's folder. Qt names the folder
``<organisation>/<application>``, and both are "ambush-gui": the folder is the one
``ambush-gui`` (``~/.local/share/ambush-gui`` on Linux), not the doubled
``ambush-gui/ambush-gui`` where versions before issue 28 wrote. What those versions left
there is moved up once (:func:`settle`), so no saved game or scenario is lost.
"""

from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path

from PySide6.QtCore import QStandardPaths

log = logging.getLogger(__name__)
_settled: set[Path] = set()


def data_dir() -> Path:
    override = os.environ.get("AMBUSH_GUI_DATA")
    if override:
        p = Path(override)
    else:
        base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
        p = settle(Path(base)) if base else Path.home() / ".ambush-gui"
    p.mkdir(parents=True, exist_ok=True)
    return p


def settle(qt_dir: Path) -> Path:
    """The data folder for Qt's ``qt_dir``: its parent when Qt doubled the name
    (``.../ambush-gui/ambush-gui``), with whatever an older version wrote in the doubled
    folder moved up into it, once per process (:func:`move_in`)."""
    if qt_dir.name != qt_dir.parent.name:
        return qt_dir
    home = qt_dir.parent
    if home not in _settled:
        _settled.add(home)
        if qt_dir.is_dir():
            move_in(qt_dir, home)
    return home


def move_in(old: Path, new: Path) -> None:
    """Move every file of the folder ``old`` into ``new``, keeping its place below it;
    a file whose name is taken there keeps both: it arrives as "name (older).ext". A file
    that cannot be moved stays where it was (and is logged); ``old`` goes once empty."""
    new.mkdir(parents=True, exist_ok=True)
    for entry in sorted(old.iterdir()):
        target = new / entry.name
        try:
            if entry.is_dir() and not entry.is_symlink() and target.is_dir():
                move_in(entry, target)
                continue
            if target.exists() or target.is_symlink():
                target = free_name(target)
            shutil.move(str(entry), str(target))
        except OSError as why:
            log.warning("could not move %s to %s: %s", entry, target, why)
    try:
        old.rmdir()
    except OSError:
        pass


def free_name(path: Path) -> Path:
    """``path`` as "stem (older).ext", or "stem (older 2).ext" and so on, not yet taken."""
    n = 1
    while True:
        tag = "older" if n == 1 else f"older {n}"
        p = path.with_name(f"{path.stem} ({tag}){path.suffix}")
        if not p.exists():
            return p
        n += 1


def autosave_path() -> Path:
    """The one autosave: the game in progress, rewritten after every decision."""
    return data_dir() / "autosave.json"


def network_dir() -> Path:
    """Games across two machines: the host's autosaves, what a guest keeps to rejoin."""
    p = data_dir() / "network"
    p.mkdir(parents=True, exist_ok=True)
    return p


def user_scenarios_dir() -> Path:
    """The designer's own scenarios, missions and campaigns: where the editor saves them,
    and what the launcher lists under "Your scenarios"."""
    p = data_dir() / "scenarios"
    p.mkdir(parents=True, exist_ok=True)
    return p


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
