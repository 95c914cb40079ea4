"""Simulate from the editor: N computer-against-computer games of the scenario being built.

The designer picks how many games and the first dice seed and presses Run; the games
are played by :func:`ambush_gui.ai.simulate.simulate` (the same procedure as
``ambush-gui simulate``, so the same seed gives the same figures) from a worker thread,
on every core (spawned worker processes: see that module), so the window stays live,
the progress bar moves and Stop ends the run after the games in hand. The result shows
as a :class:`~ambush_gui.gui.editor.chart.BalanceChart` and as plain figures. Ambush!
missions are played by the US computer player against the German paragraphs.
"""

from __future__ import annotations

from collections.abc import Callable
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
from ambush_gui.ai.simulate import GameFactory, Report, default_jobs, simulate
from ambush_gui.gui.editor.chart import BalanceChart, side_name


class SimulationWorker(QThread):
    """Plays the games off the GUI thread; ``progressed(done)`` after each game, then
    ``done(report)``. :meth:`stop` asks it to end after the current game."""

    progressed = Signal(int)
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
                          systems.invariants, systems.outcome, progress=self._progress, jobs=self.jobs)
        self.done.emit(report)

    def _progress(self, done: int) -> bool:
        self.progressed.emit(done)
        return not self._stop


def summary(report: Report) -> str:
    """The figures as a few lines of text (rich text, for the dialog)."""
    finished = len(report.outcomes)
    wins = ", ".join(f"{side_name(k)} {v} ({100 * v / finished:.0f}%)" if finished else f"{side_name(k)} {v}"
                     for k, v in sorted(report.wins.items(), key=lambda kv: kv[0] == "draw"))
    vp = ", ".join(f"{side_name(k)} {v:.1f}" for k, v in report.mean_victory_points.items())
    lines = [f"<b>{report.games}</b> games played ({report.games_per_second:.1f} games/s on "
             f"{report.jobs} {'process' if report.jobs == 1 else 'processes'})",
             f"Wins: {wins}", f"Mean victory points: {vp}",
             f"Mean game length: {report.mean_turns:.1f} turns"]
    if report.exceptions or report.invariant_violations:
        lines.append(f"<span style='color:#c0392b'><b>{report.exceptions} games broke off with an "
                     f"error and {report.invariant_violations} broke an invariant</b>: this is a "
                     "program fault, please report it with the scenario file.</span>")
    return "<br>".join(lines)


class SimulateDialog(QDialog):
    """Run N games of a validated scenario and show the balance; emits ``simulated(report)``."""

    simulated = Signal(object)

    def __init__(self, scenario: Any, parent: QWidget | None = None,
                 current: Callable[[], Any] | None = None) -> None:
        """``current()``, when given, is asked on each Run for the scenario as it stands now
        (the editor's document may have changed since the dialog opened); None means it
        cannot be simulated, and the run does not start (``current`` says why)."""
        super().__init__(parent)
        self.scenario = scenario
        self.current = current
        self.worker: SimulationWorker | None = None
        self.report: Report | None = None
        self.setWindowTitle(f"Simulate — {scenario.spec.title}")
        lay = QVBoxLayout(self)
        who = ("the US computer player against the German paragraphs" if scenario.spec.system == "ambush"
               else "the computer player on both sides")
        self.intro = QLabel(f"Play <b>{scenario.spec.title}</b> many times, {who}, to see whether it "
                            "is balanced: who wins, by how many victory points, and how long games last."
                            + (" Each run plays the scenario as it stands in the editor." if current else ""))
        self.intro.setWordWrap(True)
        lay.addWidget(self.intro)
        row = QHBoxLayout()
        row.addWidget(QLabel("&Games"))
        self.games = QSpinBox()
        self.games.setRange(1, 100_000)
        self.games.setValue(100)
        self.games.setToolTip("How many games to play")
        row.itemAt(0).widget().setBuddy(self.games)  # type: ignore[union-attr]
        row.addWidget(self.games)
        seed_label = QLabel("&Seed")
        row.addWidget(seed_label)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(1)
        self.seed.setToolTip("The first game's dice seed (game i uses seed + i): the same seed gives "
                             "the same figures, as with ambush-gui simulate")
        seed_label.setBuddy(self.seed)
        row.addWidget(self.seed)
        self.run_button = QPushButton("&Run")
        self.run_button.setDefault(True)
        self.run_button.setToolTip("Play the games (the window stays usable meanwhile)")
        self.run_button.clicked.connect(lambda: self.run())
        self.stop_button = QPushButton("S&top")
        self.stop_button.setToolTip("Stop after the game being played; the figures cover the games so far")
        self.stop_button.setEnabled(False)
        self.stop_button.clicked.connect(self.stop)
        row.addWidget(self.run_button)
        row.addWidget(self.stop_button)
        self.progress = QProgressBar()
        self.progress.setFormat("%v of %m games")
        self.progress.setValue(0)
        row.addWidget(self.progress, 1)
        lay.addLayout(row)
        self.chart = BalanceChart()
        lay.addWidget(self.chart, 1)
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
        self.resize(1080, 560)

    def running(self) -> bool:
        return self.worker is not None and self.worker.isRunning()

    def run(self, games: int | None = None, seed: int | None = None) -> None:
        """Start the games (the spin boxes' values unless given)."""
        if self.running():
            return
        if games is not None:
            self.games.setValue(games)
        if seed is not None:
            self.seed.setValue(seed)
        if self.current is not None:
            scenario = self.current()
            if scenario is None:
                return
            self.scenario = scenario
            self.setWindowTitle(f"Simulate — {scenario.spec.title}")
        n = self.games.value()
        self.progress.setRange(0, n)
        self.progress.setValue(0)
        self.report = None
        self.figures.setText(f"Playing {n} games…")
        self.worker = SimulationWorker(self.scenario, n, self.seed.value(), self)
        self.worker.progressed.connect(self.progress.setValue)
        self.worker.done.connect(self._done)
        self.run_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.worker.start()

    def stop(self) -> None:
        if self.worker is not None:
            self.worker.stop()
            self.figures.setText("Stopping after the game in hand…")

    def _done(self, report: Report) -> None:
        if self.worker is not None:
            self.worker.wait()
        self.worker = None
        self.report = report
        self.progress.setValue(report.games)
        self.chart.set_report(report)
        self.figures.setText(summary(report))
        self.run_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.simulated.emit(report)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if self.worker is not None:  # end the run: nothing is shown from a closed dialog
            self.worker.done.disconnect(self._done)
            self.worker.stop()
            self.worker.wait()
            self.worker = None
            self.run_button.setEnabled(True)
            self.stop_button.setEnabled(False)
        super().closeEvent(event)
