"""Two programs on one machine play over a real TCP connection (``host`` and ``join``
headless, computer against computer): both print the same final state hash and a fair dice
check, and a guest killed mid-game joins again at the decision where the host waits."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

TIMEOUT = 240


def start(args: list[str], data: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "AMBUSH_GUI_DATA": str(data), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.Popen([sys.executable, "-m", "ambush_gui", *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def host(tmp_path: Path, name: str, *extra: str) -> tuple[subprocess.Popen[str], int]:
    proc = start(["host", name, "--side", "insurgent", "--port", "0", "--headless",
                  "--computer", "insurgent", *extra], tmp_path / "host")
    assert proc.stdout is not None
    first = proc.stdout.readline()
    port = re.search(r"on port (\d+)", first)
    assert port, first
    return proc, int(port.group(1))


def join(tmp_path: Path, port: int, *extra: str) -> subprocess.Popen[str]:
    return start(["join", f"127.0.0.1:{port}", "--headless", "--computer", "regular", *extra],
                 tmp_path / "guest")


def ended(proc: subprocess.Popen[str]) -> tuple[int, str]:
    out, _ = proc.communicate(timeout=TIMEOUT)
    return proc.returncode, out


def final(out: str) -> str:
    found = re.search(r"^state hash: ([0-9a-f]{64})$", out, re.M)
    assert found, out
    return found.group(1)


@pytest.mark.parametrize("name", ["contracting-trouble", "market-day"])
def test_two_programs_play_to_the_end_on_one_board_with_fair_dice(tmp_path: Path, name: str) -> None:
    h, port = host(tmp_path, name)
    g = join(tmp_path, port)
    (g_rc, g_out), (h_rc, h_out) = ended(g), ended(h)
    assert (g_rc, h_rc) == (0, 0), (g_out, h_out)
    assert final(g_out) == final(h_out)
    assert "dice check: fair: All " in g_out
    saved = re.search(r"^saved: (.+)$", g_out, re.M)
    assert saved and Path(saved.group(1)).is_file()
    check = subprocess.run([sys.executable, "-m", "ambush_gui", "replay", "--verify", saved.group(1)],
                           capture_output=True, text=True, timeout=TIMEOUT)
    assert check.returncode == 0, check.stdout + check.stderr


def test_a_guest_killed_mid_game_joins_again_where_the_host_waits(tmp_path: Path) -> None:
    h, port = host(tmp_path, "market-day", "--pace", "0.02")
    g = join(tmp_path, port, "--pace", "0.02")
    kept = tmp_path / "guest" / "network" / f"kept-127.0.0.1-{port}.json"
    deadline = time.monotonic() + TIMEOUT
    while not kept.exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1.5)  # some decisions in
    g.send_signal(signal.SIGKILL)
    g.wait(timeout=TIMEOUT)
    assert h.stdout is not None
    line = ""
    while "Paused at decision" not in line:
        line = h.stdout.readline()
        assert line, "the host ended instead of waiting"
    paused = int(re.search(r"Paused at decision (\d+)", line).group(1))  # type: ignore[union-attr]
    again = join(tmp_path, port)
    g_rc, g_out = ended(again)
    h_rc, h_out = ended(h)
    assert (g_rc, h_rc) == (0, 0), (g_out, h_out)
    assert f"it stands at decision {paused}, as the host's does" in g_out
    assert f"The other player joined again at decision {paused}." in h_out
    assert final(g_out) == final(h_out)
    assert "dice check: fair" in g_out


def test_a_host_that_stops_hosts_its_save_again_and_the_guest_rejoins(tmp_path: Path) -> None:
    """The host's program dies mid-game: its save verifies and reports like any save, and
    ``host SAVE`` on the same port goes on from where it stopped; the guest joins again as
    after a dropped connection and the game ends with fair dice."""
    h, port = host(tmp_path, "market-day", "--pace", "0.02")
    g = join(tmp_path, port, "--pace", "0.02")
    folder = tmp_path / "host" / "network"
    deadline = time.monotonic() + TIMEOUT
    while not list(folder.glob("host-*.json")) and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1.5)  # some decisions in
    h.send_signal(signal.SIGKILL)
    h.wait(timeout=TIMEOUT)
    g_rc, g_out = ended(g)
    assert g_rc == 1 and "Join again to go on" in g_out, g_out
    save = str(next(folder.glob("host-*.json")))
    for args in (["replay", "--verify", save], ["report", save, "--out", str(tmp_path / "r.html")]):
        done = subprocess.run([sys.executable, "-m", "ambush_gui", *args], capture_output=True,
                              text=True, timeout=TIMEOUT, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
        assert done.returncode == 0, done.stdout + done.stderr
    again = start(["host", save, "--port", str(port), "--headless", "--computer", "insurgent"],
                  tmp_path / "host")
    assert again.stdout is not None
    first = again.stdout.readline()
    stopped = re.search(r"again from decision (\d+) as the insurgent side", first)
    assert stopped, first
    g = join(tmp_path, port)
    (g_rc, g_out), (h_rc, h_out) = ended(g), ended(again)
    assert (g_rc, h_rc) == (0, 0), (g_out, h_out)
    assert f"The other player joined again at decision {stopped.group(1)}." in h_out
    assert "kept no record" not in g_out
    assert final(g_out) == final(h_out)
    assert "dice check: fair" in g_out
