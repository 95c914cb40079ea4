"""``ambush-gui --selftest`` on the installed package, in its own process as a player runs it
(packaging/build.sh runs the same self-test on the bundle)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter

from ambush_gui import systems
from ambush_gui.selftest import DECISIONS, Failed, Report, _not_blank, distinct_colours, said

SHIPPED = [s.name for s in systems.shipped() if s.system in ("alley", "ambush")]


def selftest(tmp_path: Path, code: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m ambush_gui --selftest`` (after ``code``, which may break the program)."""
    env = {k: v for k, v in os.environ.items() if k != "AMBUSH_GUI_DATA"}
    env |= {"HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen",
            "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    start = "from ambush_gui.cli import main\nraise SystemExit(main(['--selftest']))"
    args = ([sys.executable, "-c", f"{code}\n{start}"] if code
            else [sys.executable, "-m", "ambush_gui", "--selftest"])
    return subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)


def test_selftest_opens_draws_and_plays_every_shipped_scenario_then_exits_0(tmp_path: Path) -> None:
    run = selftest(tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    out = run.stdout
    assert "selftest: launcher: first frame" in out
    for name in SHIPPED:  # at least ten: a forced answer the window gives at once may follow the tenth
        made = re.search(rf"scenario {name}: window drawn, the computer made (\d+) decisions, drawn again",
                         out)
        assert made and int(made.group(1)) >= DECISIONS, name
    assert out.rstrip().splitlines()[-1].startswith("selftest: passed in")
    # its files went to a folder of its own, not the player's
    assert not (tmp_path / "config" / "ambush-gui").exists()
    assert not list((tmp_path / "data").glob("**/autosave.json"))


def test_selftest_names_each_failing_scenario_and_what_failed_and_exits_1(tmp_path: Path) -> None:
    broken = ("from ambush_gui.gui import app\n"
              "def window_for(controller):\n    raise RuntimeError('no window today')\n"
              "app.window_for = window_for")
    run = selftest(tmp_path, broken)
    assert run.returncode == 1, run.stdout + run.stderr
    for name in SHIPPED:
        assert f"FAILED scenario {name}: RuntimeError: no window today" in run.stdout
    assert f"selftest: {len(SHIPPED)} failure(s)" in run.stdout
    assert "selftest: launcher: first frame" in run.stdout  # what works is still checked


def test_a_frame_of_one_colour_is_blank_and_a_drawn_one_is_not(qapp: object) -> None:
    image = QImage(200, 100, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    with pytest.raises(Failed, match="the map is blank"):
        _not_blank(image, "the map")
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(Qt.GlobalColor.darkGreen)
    painter.drawEllipse(10, 10, 80, 80)
    painter.drawText(100, 50, "Ambush!")
    painter.end()
    assert distinct_colours(image) >= 8
    _not_blank(image, "the map")


def test_a_failed_step_is_recorded_against_its_place_in_one_line() -> None:
    class Out:
        text = ""

        def write(self, s: str) -> None:
            self.text += s

        def flush(self) -> None:
            pass

    report = Report(Out())  # type: ignore[arg-type]
    with report.check("scenario market-day"):
        raise ImportError("\n\nIMPORTANT: PLEASE READ THIS\n...\nOriginal error was: libfoo.so: bad ELF")
    with report.check("launcher"):
        raise Failed("no frame was painted within 10 s")
    first, second = report.failures
    assert first.startswith("scenario market-day: ImportError: IMPORTANT: PLEASE READ THIS … Original "
                            "error was: libfoo.so: bad ELF (test_selftest.py:")
    assert second == "launcher: no frame was painted within 10 s"
    assert "FAILED launcher: no frame was painted" in report.out.text  # type: ignore[attr-defined]
    assert said(ValueError("one line")) == "one line"
