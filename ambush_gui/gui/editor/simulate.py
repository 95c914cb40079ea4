"""Simulate from the editor: N computer-against-computer games of the scenario being built.

The designer picks how many games and the first dice seed and presses Run; the games
are played by :func:`ambush_gui.ai.simulate.simulate` (the same procedure as
``ambush-gui simulate``, so the same seed gives the same figures) from a worker thread,
on every core (spawned worker processes: see that module), so the window stays live,
the progress bar moves and Stop ends the run after the games in hand. The result shows
as a :class:`~ambush_gui.gui.editor.chart.BalanceChart`, as plain figures and as a verdict
(:func:`ambush_gui.ai.balance.verdict`): in band, or which side wins too often or how many
draws, and what in this file to change. Ambush! missions are played by the US computer
player against the German paragraphs.

The chart and the figures grow while the games are played (the report of the games so
far, a few times a second: a play-tester stared at a bare progress bar through 500
games). The verdict waits for the end of the run, or for Stop, and says how many games
it rests on; a stopped run says its figures are partial, and only a finished run is kept
as the scenario's balance for the launcher's card.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from PySide6.QtCore import Qt, QThread, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ambush_gui import systems
from ambush_gui.ai.balance import Verdict, band_words, verdict
from ambush_gui.ai.simulate import GameFactory, Report, default_jobs, simulate
from ambush_gui.gui.editor.chart import BalanceChart, side_name
from ambush_gui.gui.shared import theme

PARTIAL_EVERY_S = 0.25
"""Seconds between two showings of the figures so far: the chart grows four times a
second, however fast the games end, and the window has time for everything else."""


class SimulationWorker(QThread):
    """Plays the games off the GUI thread; ``progressed(done)`` after each game,
    ``partial(report)`` with the figures so far every :data:`PARTIAL_EVERY_S`, then
    ``done(report)``. :meth:`stop` asks it to end after the current game."""

    progressed = Signal(int)
    partial = Signal(object)
    done = Signal(object)

    def __init__(self, scenario: Any, games: int, seed: int, parent: QWidget | None = None,
                 jobs: int | None = None) -> None:
        super().__init__(parent)
        self.scenario, self.games, self.seed = scenario, games, seed
        self.jobs = jobs or default_jobs()  # processes: every core unless told
        self._stop = False

    def stop(self) -> None:
        self._stop = True

    def run(self) -> None:
        scenario = self.scenario
        seats = {side: "ai" for side in systems.seated_sides(scenario.spec.system)}
        report = simulate(GameFactory(scenario), scenario.spec.name, self.games, self.seed, seats,
                          systems.invariants, systems.outcome, progress=self._progress, jobs=self.jobs,
                          partial=self.partial.emit, partial_every=PARTIAL_EVERY_S)
        self.done.emit(report)

    def _progress(self, done: int) -> bool:
        self.progressed.emit(done)
        return not self._stop


def summary(report: Report, running: bool = False) -> str:
    """The figures as a few lines of text (rich text, for the dialog); ``running``: the
    figures so far of a run still under way."""
    finished = len(report.outcomes)
    wins = ", ".join(f"{side_name(k)} {v} ({100 * v / finished:.0f}%)" if finished else f"{side_name(k)} {v}"
                     for k, v in sorted(report.wins.items(), key=lambda kv: kv[0] == "draw"))
    vp = ", ".join(f"{side_name(k)} {v:.1f}" for k, v in report.mean_victory_points.items())
    speed = (f"{report.games_per_second:.1f} games/s on "
             f"{report.jobs} {'process' if report.jobs == 1 else 'processes'}")
    if running:
        head = (f"<b>{report.games} of {report.asked}</b> games played so far ({speed}): the "
                "figures grow as games end; the verdict comes at the end, or when you stop")
    elif report.partial:
        head = (f"<b>{report.games} of {report.asked}</b> games played: <b>stopped early, so these "
                f"figures are partial</b> ({speed})")
    else:
        head = f"<b>{report.games}</b> games played ({speed})"
    lines = [head, f"Wins: {wins}", f"Mean victory points: {vp}",
             f"Mean game length: {report.mean_turns:.1f} turns"]
    if report.exceptions or report.invariant_violations:
        lines.append(f"<span style='color:#c0392b'><b>{report.exceptions} games broke off with an "
                     f"error and {report.invariant_violations} broke an invariant</b>: this is a "
                     "program fault, please report it with the scenario file.</span>")
    return "<br>".join(lines)


def rests_on(report: Report) -> str:
    """How many games a verdict rests on, in words: the finished games, and for a run
    stopped early, of how many asked.

    >>> rests_on(Report("ct", 37, {"regular": 20, "draw": 17}, asked=500))
    'On the 37 games finished before Stop (of 500 asked): a partial run.'
    """
    n = sum(report.wins.values())
    games = f"{n} game{'s' if n != 1 else ''}"
    if report.partial:
        return f"On the {games} finished before Stop (of {report.asked} asked): a partial run."
    if n < report.games:
        return f"On the {games} that finished (of {report.games} played)."
    return f"On the {games} of the run."


def verdict_html(v: Verdict, basis: str = "") -> str:
    """The verdict as rich text: the findings, what they rest on (``basis``), what to try
    as a list, the caution."""
    parts = [f"<b>{escape(line)}</b>" for line in v.findings]
    if basis:
        parts.append(escape(basis))
    html = "<br>".join(parts)
    if v.levers:
        html += ("<br>To bring it into band, try one change at a time:<ul style='margin: 2px 0;'>"
                 + "".join(f"<li>{escape(line)}</li>" for line in v.levers) + "</ul>")
    if v.caution:
        html += f"{'' if v.levers else '<br>'}<i>{escape(v.caution)}</i>"
    return html


class RunsDialog(QDialog):
    """What the editor's two Simulate dialogs share: a count and a first seed, Run and Stop, a
    progress bar, a worker thread, the result's figures under a body of the subclass's own,
    and a run that stops when the dialog closes. A subclass gives :meth:`worker_for` (the
    thread that plays ``n`` runs from ``seed``), :meth:`titled` (the title of what it plays)
    and :meth:`show_result`, and may give :meth:`show_partial` for a worker with a
    ``partial(result)`` signal; ``simulated(result)`` is emitted after each run."""

    simulated = Signal(object)

    def __init__(self, subject: Any, parent: QWidget | None, current: Callable[[], Any] | None,
                 intro: str, runs: tuple[str, str, int], seed_tip: str,
                 extra: list[QWidget] | None = None) -> None:
        """``current()``, when given, is asked on each Run for what to play as it stands now
        (the editor's document may have changed since the dialog opened); None means it
        cannot be played, and the run does not start (``current`` says why). ``runs`` is the
        count's label, its noun ("games") and its first value."""
        super().__init__(parent)
        self.subject, self.current = subject, current
        self.worker: Any = None
        label_text, self.noun, first = runs
        self.setWindowTitle(f"Simulate — {self.titled(subject)}")
        lay = QVBoxLayout(self)
        self.intro = QLabel(intro)
        self.intro.setWordWrap(True)
        lay.addWidget(self.intro)
        row = QHBoxLayout()
        count_label = QLabel(label_text)
        row.addWidget(count_label)
        self.count = QSpinBox()
        self.count.setRange(1, 100_000)
        self.count.setValue(first)
        self.count.setToolTip(f"How many {self.noun} to play")
        count_label.setBuddy(self.count)
        row.addWidget(self.count)
        seed_label = QLabel("&Seed")
        row.addWidget(seed_label)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(1)
        self.seed.setToolTip(seed_tip)
        seed_label.setBuddy(self.seed)
        row.addWidget(self.seed)
        for widget in extra or []:
            row.addWidget(widget)
        self.run_button = QPushButton("&Run")
        self.run_button.setDefault(True)
        self.run_button.setToolTip(f"Play the {self.noun} (the window stays usable meanwhile)")
        self.run_button.clicked.connect(lambda: self.run())
        one = self.noun[:-1]
        self.stop_button = QPushButton("S&top")
        self.stop_button.setToolTip(f"Stop after the {one} being played; the figures cover the "
                                    f"{self.noun} so far, marked partial")
        self.stop_button.setEnabled(False)
        self.stop_button.clicked.connect(self.stop)
        row.addWidget(self.run_button)
        row.addWidget(self.stop_button)
        self.progress = QProgressBar()
        self.progress.setFormat(f"%v of %m {self.noun}")
        self.progress.setRange(0, first)
        self.progress.setValue(0)
        self.count.valueChanged.connect(lambda n: None if self.running() else self.progress.setRange(0, n))
        row.addWidget(self.progress, 1)
        lay.addLayout(row)
        self.body = QVBoxLayout()  # the subclass's chart or table
        lay.addLayout(self.body, 1)
        self.figures = QLabel("")
        self.figures.setWordWrap(True)
        self.figures.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.figures)
        close = QPushButton("&Close")
        close.clicked.connect(self.close)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(close)
        lay.addLayout(bottom)

    # -- the subclass's part -----------------------------------------------------------------
    def titled(self, subject: Any) -> str:
        raise NotImplementedError

    def worker_for(self, n: int, seed: int) -> Any:
        raise NotImplementedError

    def show_result(self, result: Any) -> None:
        raise NotImplementedError

    def show_partial(self, result: Any) -> None:
        """The figures so far of a run under way (shown only by a worker that sends them)."""

    # -- running -----------------------------------------------------------------------------
    def running(self) -> bool:
        return self.worker is not None and self.worker.isRunning()

    def run(self, n: int | None = None, seed: int | None = None) -> None:
        """Start the runs (the boxes' values unless given)."""
        if self.running():
            return
        if n is not None:
            self.count.setValue(n)
        if seed is not None:
            self.seed.setValue(seed)
        if self.current is not None:
            subject = self.current()
            if subject is None:
                return
            self.subject = subject
            self.setWindowTitle(f"Simulate — {self.titled(subject)}")
        n = self.count.value()
        self.progress.setRange(0, n)
        self.progress.setValue(0)
        self.figures.setText(f"Playing {n} {self.noun}…")
        self.worker = self.worker_for(n, self.seed.value())
        self.worker.progressed.connect(self.progress.setValue)
        if hasattr(self.worker, "partial"):
            self.worker.partial.connect(self._partial)
        self.worker.done.connect(self._done)
        self.run_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.worker.start()

    def stop(self) -> None:
        if self.worker is not None:
            self.worker.stop()
            self.stop_button.setEnabled(False)
            # the figures so far stay in sight: the bar says what is happening
            self.progress.setFormat(f"%v of %m {self.noun}: stopping…")

    def _partial(self, result: Any) -> None:
        if self.worker is not None:  # a run that was closed shows nothing more
            self.show_partial(result)

    def _done(self, result: Any) -> None:
        if self.worker is not None:
            self.worker.wait()
        self.worker = None
        self.progress.setFormat(f"%v of %m {self.noun}")
        self.show_result(result)
        self.run_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.simulated.emit(result)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if self.worker is not None:  # end the run: nothing is shown from a closed dialog
            self.worker.done.disconnect(self._done)
            if hasattr(self.worker, "partial"):
                self.worker.partial.disconnect(self._partial)
            self.worker.stop()
            self.worker.wait()
            self.worker = None
            self.run_button.setEnabled(True)
            self.stop_button.setEnabled(False)
            self.progress.setFormat(f"%v of %m {self.noun}")
        super().closeEvent(event)


class SimulateDialog(RunsDialog):
    """Run N games of a validated scenario and show the balance; emits ``simulated(report)``."""

    def __init__(self, scenario: Any, parent: QWidget | None = None,
                 current: Callable[[], Any] | None = None) -> None:
        who = ("the US computer player against the German paragraphs" if scenario.spec.system == "ambush"
               else "the computer player on both sides")
        intro = (f"Play <b>{scenario.spec.title}</b> many times, {who}, to see whether it is balanced: "
                 "who wins, by how many victory points, and how long games last."
                 + (" Each run plays the scenario as it stands in the editor." if current else ""))
        super().__init__(scenario, parent, current, intro, ("&Games", "games", 100),
                         "The first game's dice seed (game i uses seed + i): the same seed gives "
                         "the same figures, as with ambush-gui simulate")
        self.report: Report | None = None  # the finished or stopped run's
        self.so_far: Report | None = None  # the figures so far of the run under way
        self.games = self.count
        self.chart = BalanceChart()
        self.chart.setMinimumHeight(240)  # still reads; leaves a 1280x800 screen room for the verdict
        self.body.addWidget(self.chart, 1)
        self.verdict: Verdict | None = None
        self.verdict_label = QLabel()
        self.verdict_label.setWordWrap(True)
        self.verdict_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.verdict_label.setToolTip(
            f"The band a scenario aims for: {band_words(scenario.spec.system)}, with the computer's "
            "Normal player on both sides. The levers are the ones this file has; change one, then run again")
        self.verdict_label.hide()  # until a run has a verdict
        self.body.addWidget(self.verdict_label)
        self.resize(1080, 560)

    @property
    def scenario(self) -> Any:
        return self.subject

    @scenario.setter
    def scenario(self, scenario: Any) -> None:
        self.subject = scenario

    def run(self, games: int | None = None, seed: int | None = None) -> None:
        """Start the games (the boxes' values unless given)."""
        super().run(games, seed)

    def titled(self, subject: Any) -> str:
        return str(subject.spec.title)

    def worker_for(self, n: int, seed: int) -> SimulationWorker:
        self.report, self.so_far, self.verdict = None, None, None
        self.verdict_label.hide()  # the last run's verdict is not this one's
        self.chart.set_report(None, f"Playing {n} games: the chart grows as they end…")
        return SimulationWorker(self.subject, n, seed, self)

    def show_partial(self, report: Report) -> None:
        """The chart and the figures of the games so far; no verdict on a run under way."""
        self.so_far = report
        # the bar hears of a game when the one after it is in hand: it must not read 16 of 500
        # under figures of 17
        self.progress.setValue(max(self.progress.value(), report.games))
        self.chart.set_report(report)
        self.figures.setText(summary(report, running=True))
        self._fit_height()

    def show_result(self, report: Report) -> None:
        """The finished (or stopped) run: its chart, its figures and the verdict, which
        says how many games it rests on."""
        self.report, self.so_far = report, None
        self.progress.setValue(report.games)
        self.chart.set_report(report)
        self.figures.setText(summary(report))
        self.verdict = v = verdict(self.subject.spec, report.wins)
        background, edge = theme.BALANCE_VERDICT["in" if v.in_band else "out"]
        self.verdict_label.setStyleSheet(
            f"QLabel {{ background: {background.name()}; color: #1c1c1c; padding: 6px 8px; "
            f"border-left: 4px solid {edge.name()}; }}")
        self.verdict_label.setText(verdict_html(v, rests_on(report)))
        self.verdict_label.show()
        self._fit_height()

    def _fit_height(self) -> None:
        """Grow (never shrink) to the height the chart, the verdict and the figures need, within
        the screen, so the verdict never covers the chart's legend; moved up if it would hang
        off the screen's bottom."""
        lay = self.layout()
        if lay is None:
            return
        lay.activate()
        need = lay.totalHeightForWidth(self.width()) if lay.hasHeightForWidth() else \
            lay.totalMinimumSize().height()
        screen = self.screen().availableGeometry()
        frame = self.frameGeometry().height() - self.height()
        height = min(max(self.height(), need), screen.height() - frame)
        if height != self.height():
            self.resize(self.width(), height)
        bottom = self.frameGeometry().top() + height + frame
        if bottom > screen.bottom():
            self.move(self.x(), max(screen.top(), self.y() - (bottom - screen.bottom())))
