"""The packaged app beside the installed package: size on disk, and the time from start to
the launcher's first frame (run ``python bench/bench_packaged.py [--runs 7]`` after
``bash packaging/build.sh``; figures in docs/performance.md, "The packaged app").

The start-up time is wall clock from just before the process is spawned to the launcher's
first paint, which ``ambush-gui --selftest`` prints (``first-paint <epoch>``) as its
second step; the process is ended there. The bundle and ``python -m ambush_gui`` are run
alternately, offscreen, the same number of times, and the medians are compared. Both run
from an empty folder, so ``python`` imports its installed copy: ``--python`` names the
interpreter of the installed program (a virtual environment with the wheel installed;
by default this one).

The installed package's size is that of the distributions it installs (ambush-gui and its
dependencies, as pip lists their files), without the Python interpreter itself.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "dist" / "ambush-gui"


def startup(cmd: list[str], env: dict[str, str], cwd: str) -> float:
    """Seconds from spawn to the launcher's first frame."""
    start = time.time()
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            m = re.search(r"first-paint (\d+\.\d+)", line)
            if m:
                return float(m.group(1)) - start
        raise RuntimeError(f"{cmd[0]}: no first-paint line")
    finally:
        proc.kill()
        proc.wait()


def du_mb(path: Path) -> float:
    out = subprocess.run(["du", "-sk", str(path)], capture_output=True, text=True, check=True).stdout
    return int(out.split()[0]) / 1024


def installed_mb() -> tuple[float, list[str]]:
    """The files of ambush-gui's distribution and of every one it requires, in MiB."""
    seen: dict[str, float] = {}
    todo = ["ambush-gui"]
    while todo:
        name = todo.pop()
        key = name.lower().replace("_", "-")
        if key in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        size = 0
        for f in dist.files or []:
            p = Path(str(dist.locate_file(f)))
            if p.is_file():
                size += p.stat().st_size
        seen[key] = size / 2**20
        for req in dist.requires or []:
            name_and_marker = req.split(";", 1)
            if len(name_and_marker) == 1 or "extra" not in name_and_marker[1]:  # not the extras
                todo.append(re.match(r"[A-Za-z0-9._-]+", req).group(0))  # type: ignore[union-attr]
    return sum(seen.values()), sorted(seen)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--python", default=sys.executable,
                    help="the installed program's Python (default: this one)")
    args = ap.parse_args()
    if not (BUNDLE / "ambush-gui").exists():
        sys.exit("build the bundle first: bash packaging/build.sh")
    with tempfile.TemporaryDirectory() as tmp:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": tmp, "QT_QPA_PLATFORM": "offscreen",
               "LANG": "C.UTF-8"}
        py_env = env | {k: v for k, v in os.environ.items() if k.startswith("PYTHON")}
        bundle, package = [], []
        for _ in range(args.runs):
            bundle.append(startup([str(BUNDLE / "ambush-gui"), "--selftest"], env, tmp))
            package.append(startup([args.python, "-m", "ambush_gui", "--selftest"], py_env, tmp))
    size, dists = installed_mb()
    print(f"bundle  dist/ambush-gui: {du_mb(BUNDLE):.0f} MiB on disk; launcher first frame median "
          f"{statistics.median(bundle):.2f} s (runs: {', '.join(f'{t:.2f}' for t in bundle)})")
    print(f"package {args.python} -m ambush_gui: {size:.0f} MiB in {len(dists)} distributions "
          f"({', '.join(dists)}), without Python; launcher first frame median "
          f"{statistics.median(package):.2f} s (runs: {', '.join(f'{t:.2f}' for t in package)})")


if __name__ == "__main__":
    main()
