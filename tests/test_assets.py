"""assets/: every file has its source and licence in assets/LICENSES, and ships.

The program's art must be free to hand out with the app (issue 17), so a file added to
assets/ without an entry in LICENSES fails here, as does an entry whose file is gone.
The listed art must also match pyproject's package-data, or a wheel (and the bundle
built from it) would leave it out.
"""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
LICENSES = ASSETS / "LICENSES"
IGNORED = ("__pycache__", ".pyc")  # made by Python, never committed


def entries(text: str) -> dict[str, list[str]]:
    """The entries of a LICENSES text: path -> [source, author, licence]."""
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        path, *rest = [part.strip() for part in line.split("|")]
        out[path] = rest
    return out


def files_in(folder: Path) -> set[str]:
    """Every file under ``folder`` (posix paths relative to it), LICENSES itself aside."""
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")
            if p.is_file() and p.name != "LICENSES" and not any(x in str(p) for x in IGNORED)}


def unlisted(folder: Path) -> set[str]:
    return files_in(folder) - set(entries((folder / "LICENSES").read_text()))


def missing(folder: Path) -> set[str]:
    return set(entries((folder / "LICENSES").read_text())) - files_in(folder)


def test_every_file_in_assets_is_listed_in_licenses() -> None:
    assert not unlisted(ASSETS), f"add these to assets/LICENSES: {sorted(unlisted(ASSETS))}"


def test_every_file_listed_in_licenses_exists() -> None:
    assert not missing(ASSETS), f"assets/LICENSES lists files that are not there: {sorted(missing(ASSETS))}"


def test_every_entry_names_its_source_author_and_licence() -> None:
    bad = {p: rest for p, rest in entries(LICENSES.read_text()).items()
           if len(rest) != 3 or not all(rest)}
    assert not bad, f"entries need 'path | source | author | licence': {bad}"


def test_the_check_catches_an_unlisted_file_and_a_stale_entry(tmp_path: Path) -> None:
    (tmp_path / "table").mkdir()
    (tmp_path / "table" / "listed.svg").write_text("<svg/>")
    (tmp_path / "table" / "stray.svg").write_text("<svg/>")
    (tmp_path / "LICENSES").write_text("table/listed.svg | original | me | MIT\n"
                                       "table/gone.svg | original | me | MIT\n")
    assert unlisted(tmp_path) == {"table/stray.svg"}
    assert missing(tmp_path) == {"table/gone.svg"}


def test_the_listed_art_is_package_data() -> None:
    """Each art file matches a package-data pattern of ambush_gui.assets (the wheel)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["ambush_gui.assets"]
    assert "LICENSES" in patterns
    art = [p for p in entries(LICENSES.read_text()) if not p.endswith(".py")]
    left_out = [p for p in art if not any(fnmatch.fnmatchcase(p, pat) for pat in patterns)]
    assert not left_out, f"not in pyproject's package-data for ambush_gui.assets: {left_out}"


def test_setup_installs_the_top_level_assets_as_ambush_gui_assets() -> None:
    text = (ROOT / "setup.py").read_text()
    assert '"ambush_gui.assets": "assets"' in text


@pytest.mark.parametrize("svg", sorted(p.relative_to(ASSETS).as_posix() for p in ASSETS.rglob("*.svg")))
def test_every_svg_is_valid(svg: str, qapp: object) -> None:
    from PySide6.QtSvg import QSvgRenderer

    assert QSvgRenderer(str(ASSETS / svg)).isValid(), svg


def test_the_icon_pngs_have_the_sizes_their_names_say(qapp: object) -> None:
    from PySide6.QtGui import QImage

    from ambush_gui.gui.shared.art import ICON_SIZES

    for size in ICON_SIZES:
        image = QImage(str(ASSETS / "icon" / f"ambush-gui-{size}.png"))
        assert (image.width(), image.height()) == (size, size)
