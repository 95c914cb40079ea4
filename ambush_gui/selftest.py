"""``ambush-gui --selftest``: proof that this installation can start, draw and play.

It is what the build runs on a fresh bundle (packaging/build.sh) and what CI runs on the
installed package (tests/cli/test_selftest.py), so a program that cannot start is never
handed out. In a few seconds, offscreen unless ``QT_QPA_PLATFORM`` names a platform:

1. the package data reads: the rules index (ambush_gui/data), the shipped scenarios, and
   the art (``ambush_gui.assets``) when this version has it: the icon as PNG, and as SVG
   drawn with QtSvg;
2. the launcher opens and paints its first frame (timed from the process start: the
   figure docs/performance.md gives for the bundle and the installed package);
3. for every shipped scenario: its game window opens and paints, a frame of it is drawn
   into an image that must not be blank, the computer makes ten decisions through the
   window's controller (each checked legal by the engine), and the window draws again;
4. for every shipped Ambush! campaign: it loads with its missions, its first squad is
   equipped, the computer makes ten decisions of its first mission, and the progress file
   saved then and read again resumes inside the mission at the same state;
5. in a bundle: nothing Python was loaded from outside it (no Python on the machine is
   needed or used).

It exits 0, or 1 after naming each failure: which scenario, what failed, and why. Its
own files (autosave, settings) go to a temporary folder, never the player's.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

DECISIONS = 10  # the computer's decisions played in each scenario
PAINT_TIMEOUT_S = 10.0  # a window that has not painted by then never will
MIN_COLOURS = 8  # a frame with fewer distinct colours is blank (one fill, a border)
SIZE = (1280, 800)  # the smallest screen the windows are laid out for


class Failed(Exception):
    """One check failed; its message says what, in words a player can pass on."""


def process_start() -> float | None:
    """The wall-clock time this process started (Linux: from /proc), else None."""
    try:
        stat = Path("/proc/self/stat").read_text()
        ticks = int(stat.rsplit(")", 1)[1].split()[19])  # field 22: starttime, in clock ticks
        boot = next(float(line.split()[1]) for line in Path("/proc/stat").read_text().splitlines()
                    if line.startswith("btime"))
        return boot + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return None


def said(exc: BaseException) -> str:
    """An exception's message on one line: its first line, and its last where they differ
    (numpy's import error puts the cause last, under a page of advice)."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    if not lines:
        return ""
    return lines[0] if len(lines) == 1 else f"{lines[0]} … {lines[-1]}"


class Report:
    """What the self-test says as it goes, and the failures it collects."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.failures: list[str] = []

    def say(self, text: str) -> None:
        print(f"selftest: {text}", file=self.out, flush=True)

    def fail(self, where: str, what: str) -> None:
        self.failures.append(f"{where}: {what}")
        print(f"selftest: FAILED {where}: {what}", file=self.out, flush=True)

    @contextmanager
    def check(self, where: str) -> Iterator[None]:
        """Run a step; a failure or any exception is recorded against ``where``."""
        try:
            yield
        except Failed as exc:
            self.fail(where, str(exc))
        except Exception as exc:  # noqa: BLE001 - every failure is reported, none ends the test
            last = traceback.extract_tb(exc.__traceback__)[-1]
            self.fail(where, f"{type(exc).__name__}: {said(exc)} ({Path(last.filename).name}:{last.lineno})")


def run(out: TextIO | None = None) -> int:
    """The self-test; returns the exit status (0 passed, 1 failed)."""
    out = out or sys.stdout
    started = process_start()
    t0 = time.perf_counter()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    report = Report(out)
    with tempfile.TemporaryDirectory(prefix="ambush-gui-selftest-") as tmp:
        os.environ["AMBUSH_GUI_DATA"] = tmp  # the autosave and saves: never the player's
        hook = sys.excepthook  # an exception in a Qt slot is printed and swallowed: count it
        sys.excepthook = lambda kind, exc, tb: report.fail(
            "an event handler", f"{kind.__name__}: {said(exc)}")
        try:
            _run(report, Path(tmp), started)
        finally:
            sys.excepthook = hook
    if report.failures:
        report.say(f"{len(report.failures)} failure(s) in {time.perf_counter() - t0:.1f} s:")
        for f in report.failures:
            print(f"  {f}", file=out)
        return 1
    report.say(f"passed in {time.perf_counter() - t0:.1f} s")
    return 0


def _run(report: Report, tmp: Path, started: float | None) -> None:
    from PySide6.QtCore import QSettings

    # the launcher's last scenario, the windows' layouts: kept in the temporary folder
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(tmp / "settings"))

    from ambush_gui import release

    report.say(f"{release.titled()}, Python {sys.version.split()[0]}, "
               f"{'bundle ' + str(getattr(sys, '_MEIPASS', '')) if _frozen() else 'installed package'}, "
               f"platform {os.environ.get('QT_QPA_PLATFORM')}")
    with report.check("start: the program's modules"):
        from ambush_gui.gui.app import application
    if report.failures:
        return
    app = application()
    shipped: list[Any] = []
    with report.check("package data"):
        shipped = _package_data(report)
    with report.check("launcher"):
        _launcher(report, app, started)
    for s in shipped:
        with report.check(f"scenario {s.name}"):
            _scenario(report, app, s, tmp)
    from ambush_gui.ambush.campaign import shipped as shipped_campaigns

    for path in shipped_campaigns():
        with report.check(f"campaign {path.stem}"):
            _campaign(report, path, tmp)
    if _frozen():
        with report.check("bundle"):
            _bundle_alone(report)


def _campaign(report: Report, path: Path, tmp: Path) -> None:
    """A shipped campaign loads with its missions, its first squad is equipped, the computer
    plays ten decisions of its first mission, and the progress saved and read again resumes
    inside the mission at the same state."""
    from ambush_gui.ai.ambush_ai import AmbushAI
    from ambush_gui.ambush.campaign import Campaign, Progress, loadout_problems, suggest

    campaign = Campaign.load(path)  # a shipped campaign names only shipped missions
    progress = Progress.new(campaign, seed=1)
    step = campaign.steps[0].id
    loadout = suggest(campaign, step, progress.roster)
    problems = loadout_problems(campaign, step, progress.roster, loadout)
    if problems:
        raise Failed(f"the suggested squad may not start {step!r}: {problems[0]}")
    game = progress.start_mission(loadout)
    ai = AmbushAI()
    for _ in range(DECISIONS):
        d = game.pending()
        if d is None:
            break
        game.answer(ai.choose(game, d))
    progress.record(game)
    saved = progress.save(tmp / "campaigns" / f"{campaign.name}-1.json")
    again = Progress.load(saved).resume_mission()
    if again.state_hash() != game.state_hash():
        raise Failed("the progress file saved in its mission does not resume at the same state")
    report.say(f"campaign {path.stem}: {len(campaign.steps)} missions load, the computer made "
               f"{len(game.decisions)} decisions in the first, saved and resumed")


def _frozen() -> bool:
    return bool(getattr(sys, "frozen", False))


def _package_data(report: Report) -> list[Any]:
    """The rules index, the shipped scenarios and the art all read from where they ship."""
    from ambush_gui import release, systems
    from ambush_gui.core.rules_index import RulesIndex

    index = RulesIndex.load()
    if index.entry("AR-107") is None:
        raise Failed("the rules index (ambush_gui/data) has no entry AR-107")
    shipped = [s for s in systems.shipped() if s.system in ("alley", "ambush")]
    if not shipped:
        raise Failed(f"no shipped scenarios in {systems.SCENARIO_DIR}")
    if release.version() == release.UNKNOWN:
        raise Failed("the program's version is unknown: no pyproject.toml, no package metadata")
    report.say(f"package data: rules index, {len(shipped)} shipped scenarios in {systems.SCENARIO_DIR}"
               f"; {_art()}")
    return shipped


def _art() -> str:
    """The application icon among the package's art, if this version ships art."""
    from importlib import resources

    from PySide6.QtGui import QImage

    try:
        root = resources.files("ambush_gui.assets")
    except ModuleNotFoundError:
        return "no art package in this version"
    icon = root / "icon" / "ambush-gui-256.png"
    if not icon.is_file():
        raise Failed("the art package (ambush_gui.assets) has no icon/ambush-gui-256.png")
    image = QImage.fromData(icon.read_bytes())
    if image.isNull() or image.width() != 256:
        raise Failed("the icon icon/ambush-gui-256.png does not read as a 256 px image")
    svg = root / "icon" / "ambush-gui.svg"  # the art is SVG: QtSvg must be there and draw it
    if svg.is_file():
        from PySide6.QtCore import QByteArray
        from PySide6.QtGui import QPainter
        from PySide6.QtSvg import QSvgRenderer

        renderer = QSvgRenderer(QByteArray(svg.read_bytes()))
        if not renderer.isValid():
            raise Failed("the icon icon/ambush-gui.svg does not read as SVG")
        drawn = QImage(64, 64, QImage.Format.Format_ARGB32)
        drawn.fill(0)
        painter = QPainter(drawn)
        renderer.render(painter)
        painter.end()
        _not_blank(drawn, "the icon icon/ambush-gui.svg drawn with QtSvg")
        return "the icon reads (PNG, and SVG drawn with QtSvg)"
    return "the icon reads"


def _launcher(report: Report, app: Any, started: float | None) -> None:
    from ambush_gui.gui.launcher import Launcher

    t = time.perf_counter()
    dlg = Launcher()
    dlg.show()
    painted = _wait_for_paint(app, dlg)
    since = (f"{painted - started:.3f} s after the process started" if started is not None
             else f"{time.perf_counter() - t:.3f} s after it was made")
    report.say(f"launcher: first frame {since} (first-paint {painted:.6f})")
    _not_blank(_frame(dlg), "the launcher's frame")
    dlg.close()
    dlg.deleteLater()
    app.processEvents()


def _scenario(report: Report, app: Any, s: Any, tmp: Path) -> None:
    """Open the scenario's window, draw it, let the computer play ten decisions, draw again."""
    from ambush_gui import systems
    from ambush_gui.gui.app import window_for
    from ambush_gui.gui.shared.controller import GameController, Seat
    from ambush_gui.systems import computer_choice

    t = time.perf_counter()
    scenario = systems.load_scenario(s.path)
    game = systems.new_game(scenario, 1)
    seats = {side: Seat.HUMAN for side in systems.seated_sides(game.system)}
    controller = GameController(game, seats, autosave=tmp / "autosave.json", delay_ms=0)
    win = window_for(controller)
    try:
        win.resize(*SIZE)
        win.show()
        win.start()
        _wait_for_paint(app, win)
        _not_blank(_frame(win), "the window's first frame")
        _not_blank(_frame(win.centralWidget()), "the table or map in the first frame")
        players: dict[str, Any] = {}
        start = len(game.decisions)
        while len(game.decisions) - start < DECISIONS and (d := game.pending()) is not None:
            if d.side not in players:
                players[d.side] = systems.computer_player(game.system, seed=len(players) + 1)
            choice, _ = computer_choice(players[d.side], game, d)
            controller.sit_down(d.side)  # hot-seat: through the hand-over, as a player would
            _settle(app, controller)
            before = len(game.decisions)
            controller.answer(choice)  # through the engine: an illegal answer raises here
            _settle(app, controller)
            if len(game.decisions) == before:
                raise Failed(f"decision {before + 1} ({d.kind}) was answered but not taken")
        played = len(game.decisions) - start
        if played < DECISIONS and game.pending() is not None:
            raise Failed(f"the computer made {played} of {DECISIONS} decisions")
        _not_blank(_frame(win), f"the window's frame after {played} decisions")
        report.say(f"scenario {s.name}: window drawn, the computer made {played} decisions, "
                   f"drawn again ({time.perf_counter() - t:.2f} s)")
    finally:
        controller.seats = {side: Seat.HUMAN for side in controller.seats}
        win.close()
        win.deleteLater()
        app.processEvents()


def _settle(app: Any, controller: Any) -> None:
    """Let the window take in the answer: the controller shows its events, the views redraw."""
    deadline = time.perf_counter() + PAINT_TIMEOUT_S
    app.processEvents()
    while controller.busy:
        if controller.handing_to is not None:  # hot-seat: the next player takes the seat
            controller.take_seat(controller.handing_to)
            continue
        if time.perf_counter() > deadline:
            raise Failed("the window was still showing an answer's events after "
                         f"{PAINT_TIMEOUT_S:.0f} s")
        controller.hurry()
        app.processEvents()


def _wait_for_paint(app: Any, window: Any) -> float:
    """Process events until ``window`` (or a widget in it) paints; the wall-clock time it did."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QWidget

    painted: list[float] = []

    class Spy(QObject):
        def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
            if (not painted and event.type() == QEvent.Type.Paint and isinstance(obj, QWidget)
                    and obj.window() is window):
                painted.append(time.time())
            return False

    spy = Spy()
    app.installEventFilter(spy)
    try:
        deadline = time.perf_counter() + PAINT_TIMEOUT_S
        while not painted:
            if time.perf_counter() > deadline:
                raise Failed(f"no frame was painted within {PAINT_TIMEOUT_S:.0f} s")
            app.processEvents()
            time.sleep(0.001)
    finally:
        app.removeEventFilter(spy)
    return painted[0]


def _frame(widget: Any) -> Any:
    """One frame of ``widget`` drawn into an image, as the screen would show it."""
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QWidget

    if widget is None:
        raise Failed("the window has no central view")
    image = QImage(widget.size(), QImage.Format.Format_ARGB32)
    image.fill(0)
    QWidget.render(widget, image)  # the widget as painted (a QGraphicsView's render is its scene's)
    return image


def _not_blank(image: Any, what: str) -> None:
    colours = distinct_colours(image)
    if image.isNull() or image.width() < 2 or colours < MIN_COLOURS:
        raise Failed(f"{what} is blank ({image.width()}x{image.height()}, {colours} colours)")


def distinct_colours(image: Any, limit: int = 1000) -> int:
    """How many distinct pixel values the image holds (counting stops at ``limit``)."""
    from PySide6.QtGui import QImage

    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    data = bytes(image.constBits())[: stride * height]
    seen: set[bytes] = set()
    for y in range(0, height, 3):
        row = data[y * stride: y * stride + width * 4]
        seen.update(row[i: i + 4] for i in range(0, len(row), 4 * 3))
        if len(seen) >= limit:
            break
    return len(seen)


def _bundle_alone(report: Report) -> None:
    """Everything Python this process loaded comes from the bundle: no Python on the
    machine was used (Linux: the mapped files; everywhere: the modules' files)."""
    base = Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent)).resolve()
    inside: Callable[[str], bool] = lambda p: Path(p).resolve().is_relative_to(base)  # noqa: E731
    # modules read from the bundle's archive name themselves relative to it
    outside = sorted({f for m in list(sys.modules.values())
                      if isinstance(f := getattr(m, "__file__", None), str)
                      and Path(f).is_absolute() and not inside(f)})
    maps = Path("/proc/self/maps")
    if maps.exists():
        mapped = {line.split(None, 5)[5].strip() for line in maps.read_text().splitlines()
                  if len(line.split(None, 5)) == 6}
        outside += sorted(p for p in mapped if p.startswith("/") and "python" in Path(p).name.lower()
                          and not inside(p))
    if outside:
        raise Failed(f"loaded from outside the bundle {base}: {', '.join(outside[:5])}")
    report.say(f"bundle: every Python module and library came from {base}")
