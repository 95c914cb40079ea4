"""What a release of the program is: its version, and where the files it ships lie.

The version has one source, ``version`` in ``pyproject.toml``. A clone reads that file
itself (so a clone whose install is older than its checkout still says what it is); an
installed wheel, and the PyInstaller bundle (its spec copies the metadata in), read the
installed package's metadata.

The shipped scenarios, missions, campaigns and the Ambush! charts are package data,
``ambush_gui/scenarios/`` (campaigns in ``campaigns/``, the charts in ``charts/``), found
with :mod:`importlib.resources`: from a clone, an installed wheel and the bundle alike.
Versions before 0.9.0 kept them in a top-level ``scenarios/`` folder beside the package;
:func:`shipped_name` finds today's file for a path that names one of those.
"""

from __future__ import annotations

import importlib.metadata
import importlib.resources
import tomllib
from functools import cache
from pathlib import Path

DISTRIBUTION = "ambush-gui"
UNKNOWN = "0+unknown"
"""What :func:`version` says when no source of it can be read."""


@cache
def version() -> str:
    """The program's version: ``0.9.0``."""
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:  # a clone: its own pyproject.toml is the truth, whatever is installed
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
        if project.get("name") == DISTRIBUTION and isinstance(project.get("version"), str):
            return str(project["version"])
    except (OSError, ValueError):
        pass
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return UNKNOWN


def titled(program: str = "ambush-gui") -> str:
    """``ambush-gui 0.9.0``: what ``--version`` prints."""
    return f"{program} {version()}"


def scenarios_dir() -> Path:
    """The folder of the shipped scenarios and missions (``campaigns/`` and ``charts/`` in
    it). The program reads them as plain files, so it must be a folder on disk, as it is
    in a clone, an installed wheel and the bundle (not inside a zip archive)."""
    place = importlib.resources.files("ambush_gui") / "scenarios"
    if not isinstance(place, Path):
        raise RuntimeError(f"the shipped scenarios are not in a folder on disk ({place}): "
                           "install the program unzipped")
    return place


SCENARIOS_DIR = scenarios_dir()
CAMPAIGNS_DIR = SCENARIOS_DIR / "campaigns"
CHARTS_FILE = SCENARIOS_DIR / "charts" / "ambush-charts.toml"


def shipped_name(path: str | Path) -> Path | None:
    """Today's shipped file for ``path`` when ``path`` is missing and names a file in a
    ``scenarios/`` folder (or its ``campaigns/`` or ``charts/``) as versions before 0.9.0
    laid them out, beside the package: what a launcher setting, a typed command or a
    designer's campaign written then still means. None for anything else."""
    p = Path(path)
    if p.exists() or p.suffix != ".toml":
        return None
    folder = p.parent.name
    if folder == "scenarios":
        here = SCENARIOS_DIR
    elif folder in ("campaigns", "charts") and p.parent.parent.name == "scenarios":
        here = SCENARIOS_DIR / folder
    else:
        return None
    found = here / p.name
    return found if found.is_file() else None
