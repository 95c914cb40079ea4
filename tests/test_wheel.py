"""Issue 33: the wheel is whole. Build it from this checkout, install it into a fresh
virtual environment and run the installed ``ambush-gui`` there: ``--version``, ``list``
(every shipped scenario, mission and campaign) and ``--selftest``.

No network: the wheel is built with this Python's setuptools (``--no-build-isolation``;
the ``test`` extra brings a setuptools that builds wheels itself), the environment sees
this machine's PySide6, shapely and pydantic (``--system-site-packages``) and the wheel is
installed without its dependencies. The commands run from an empty folder with no
``PYTHONPATH``, and the test checks that they import the wheel's copy of the package, not
this checkout (an editable install of it may be on the machine).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

from ambush_gui import systems

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "ambush_gui", "assets")
"""What setuptools builds the wheel from (a copy: a build leaves build/ and egg-info)."""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("wheel")
    src, dist, env_dir, cwd = tmp / "src", tmp / "dist", tmp / "venv", tmp / "cwd"
    src.mkdir()
    cwd.mkdir()
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(path, src / name)
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                            "--no-index", "-q", "-w", str(dist), str(src)],
                           capture_output=True, text=True, timeout=300, env=_clean_env(tmp))
    assert build.returncode == 0, f"the wheel does not build:\n{build.stdout}\n{build.stderr}"
    (wheel,) = dist.glob("ambush_gui-*.whl")
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    install = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                              "--no-deps", "--no-index", "-q", str(wheel)],
                             capture_output=True, text=True, timeout=300, env=_clean_env(tmp))
    assert install.returncode == 0, f"the wheel does not install:\n{install.stdout}\n{install.stderr}"
    return {"wheel": wheel, "python": python, "script": env_dir / "bin" / "ambush-gui", "cwd": cwd,
            "tmp": tmp}


def _clean_env(tmp: Path) -> dict[str, str]:
    """This process's environment less whatever would point Python at this checkout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON") and k != "VIRTUAL_ENV"}
    env.update(PYTHONNOUSERSITE="1", QT_QPA_PLATFORM="offscreen", HOME=str(tmp / "home"),
               AMBUSH_GUI_DATA=str(tmp / "data"), XDG_CONFIG_HOME=str(tmp / "config"))
    return env


def _run(installed: dict[str, Path], *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in argv], cwd=installed["cwd"], capture_output=True, text=True,
                          timeout=600, env=_clean_env(installed["tmp"]))


def test_the_wheel_carries_every_shipped_file(installed: dict[str, Path]) -> None:
    names = set(zipfile.ZipFile(installed["wheel"]).namelist())
    shipped = {p.relative_to(ROOT).as_posix() for p in (ROOT / "ambush_gui" / "scenarios").rglob("*.toml")}
    assert shipped and shipped <= names
    assert {"ambush_gui/data/rules_statements.toml", "ambush_gui/assets/LICENSES"} <= names


def test_the_installed_program_is_the_wheel_s_copy_and_knows_its_version(
        installed: dict[str, Path]) -> None:
    where = _run(installed, installed["python"], "-c", "import ambush_gui; print(ambush_gui.__file__)")
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).is_relative_to(installed["tmp"] / "venv"), where.stdout
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    said = _run(installed, installed["script"], "--version")
    assert said.returncode == 0 and said.stdout.strip() == f"ambush-gui {version}", said


def test_the_installed_list_shows_every_shipped_scenario_mission_and_campaign(
        installed: dict[str, Path]) -> None:
    listed = _run(installed, installed["script"], "list", "--json")
    assert listed.returncode == 0, listed.stderr
    got = json.loads(listed.stdout)
    want = systems.shipped(campaigns=True)
    assert sorted((s["name"], s["kind"]) for s in got) == sorted((s.name, s.kind) for s in want)
    assert {"scenario", "mission", "campaign"} <= {s["kind"] for s in got}
    assert all(Path(s["path"]).is_relative_to(installed["tmp"] / "venv") for s in got)


def test_the_installed_program_passes_its_self_test(installed: dict[str, Path]) -> None:
    run = _run(installed, installed["script"], "--selftest")
    assert run.returncode == 0, f"{run.stdout}\n{run.stderr}"
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert run.stdout.startswith(f"selftest: ambush-gui {version}, ")
    assert str(installed["tmp"] / "venv") in run.stdout  # it read the wheel's package data
