"""packaging/install-desktop.sh: the desktop entry and the icons, installed per user (XDG)
for a bundle wherever it lies, and removed again."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "install-desktop.sh"

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def fake_bundle(tmp_path: Path) -> Path:
    """A folder shaped like dist/ambush-gui: the executable, and the art in the package."""
    bundle = tmp_path / "my apps" / "ambush-gui"  # a space: Exec= must quote the path
    art = bundle / "_internal" / "ambush_gui" / "assets" / "icon"
    art.mkdir(parents=True)
    exe = bundle / "ambush-gui"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    for n in (16, 48, 256):
        (art / f"ambush-gui-{n}.png").write_bytes(b"\x89PNG")
    (art / "ambush-gui.svg").write_text("<svg/>")
    return bundle


def install(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"XDG_DATA_HOME": str(tmp_path / "share"), "HOME": str(tmp_path)}
    return subprocess.run(["bash", str(SCRIPT), *args], env=env, capture_output=True, text=True, timeout=60)


def test_installs_the_entry_for_the_bundle_and_every_icon_size_then_uninstalls(tmp_path: Path) -> None:
    bundle = fake_bundle(tmp_path)
    run = install(tmp_path, str(bundle))
    assert run.returncode == 0, run.stderr
    share = tmp_path / "share"
    entry = configparser.ConfigParser(interpolation=None)
    entry.read(share / "applications" / "ambush-gui.desktop")
    e = entry["Desktop Entry"]
    assert e["Exec"] == f'"{bundle}/ambush-gui"'
    assert e["TryExec"] == f"{bundle}/ambush-gui"
    assert (e["Type"], e["Icon"], e["Terminal"]) == ("Application", "ambush-gui", "false")
    assert "Game;" in e["Categories"]
    for n in (16, 48, 256):
        png = share / "icons" / "hicolor" / f"{n}x{n}" / "apps" / "ambush-gui.png"
        assert png.read_bytes() == b"\x89PNG"
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / "ambush-gui.svg").is_file()

    run = install(tmp_path, "--uninstall")
    assert run.returncode == 0, run.stderr
    assert not (share / "applications" / "ambush-gui.desktop").exists()
    assert not list((share / "icons").glob("**/ambush-gui.*"))


def test_refuses_a_folder_that_is_not_a_bundle(tmp_path: Path) -> None:
    run = install(tmp_path, str(tmp_path))
    assert run.returncode == 1
    assert "no ambush-gui executable" in run.stderr
    assert not (tmp_path / "share" / "applications" / "ambush-gui.desktop").exists()
