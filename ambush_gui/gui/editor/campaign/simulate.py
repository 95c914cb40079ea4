"""Simulate a campaign from the editor: the computer plays it through, N times.

Each run is :func:`ambush_gui.ambush.campaign.play_campaign` (what ``ambush-gui simulate
CAMPAIGN`` plays, so the same seed gives the same campaign), campaign i on seed + i, from a
worker thread so the window stays live; Stop ends the run after the campaign in hand. The
report, per step: how often it was played and how it ended; then how many men were left at
the end and how the ratings grew.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from typing import Any

from PySide6.QtCore import Qt, QThread, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from ambush_gui.ambush.campaign import RATINGS
from ambush_gui.gui.editor.campaign.page import header_tips
from ambush_gui.gui.editor.simulate import RunsDialog

OUTCOME_WORDS = {"us": "US", "draw": "Draw", "german": "German"}
LEVELS = [("normal", "The normal squad"), ("hard", "The hard squad")]


@dataclass
class Tally:
    """What many campaigns played by the computer came to."""

    campaigns: int = 0
    outcomes: dict[str, Counter[str]] = field(default_factory=dict)  # step id -> outcome -> times
    survivors: list[int] = field(default_factory=list)
    growth: Counter[str] = field(default_factory=Counter)
    exceptions: int = 0
    violations: int = 0
    first_error: str = ""

    def add(self, result: Any) -> None:
        self.campaigns += 1
        for m in result.missions:
            self.outcomes.setdefault(str(m.get("step")), Counter())[str(m.get("outcome"))] += 1
        self.survivors.append(int(result.survivors))
        self.growth.update(result.growth)
        self.exceptions += len(result.exceptions)
        self.violations += len(result.violations)
        if not self.first_error and (result.exceptions or result.violations):
            self.first_error = str([*result.exceptions, *result.violations][0])


def tally(results: list[Any]) -> Tally:
    out = Tally()
    for r in results:
        out.add(r)
    return out


class CampaignWorker(QThread):
    """Plays the campaigns off the GUI thread: ``progressed(done)`` after each, then
    ``done(tally)``. :meth:`stop` asks it to end after the campaign in hand."""

    progressed = Signal(int)
    done = Signal(object)

    def __init__(self, campaign: Any, runs: int, seed: int, level: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.campaign, self.runs, self.seed, self.level = campaign, runs, seed, level
        self._stop = False

    def stop(self) -> None:
        self._stop = True

    def run(self) -> None:
        from ambush_gui.ambush.campaign import play_campaign

        out = Tally()
        for i in range(self.runs):
            if self._stop:
                break
            try:
                out.add(play_campaign(self.campaign, self.seed + i, us=self.level))
            except Exception as exc:  # a program fault: counted and said, the run goes on
                out.campaigns += 1
                out.exceptions += 1
                out.first_error = out.first_error or f"seed {self.seed + i}: {exc!r}"
            self.progressed.emit(i + 1)
        self.done.emit(out)


def summary(t: Tally) -> str:
    """The figures after the table, as rich text."""
    if not t.campaigns:
        return "No campaign was played."
    s = sorted(t.survivors)
    lines = [f"<b>{t.campaigns}</b> campaign{'s' if t.campaigns != 1 else ''} played"]
    if s:
        lines.append(f"Men left at the end: {sum(s) / len(s):.1f} on average (fewest {s[0]}, most {s[-1]})")
    grown = ", ".join(f"{k.upper()} +{t.growth[k] / t.campaigns:.1f}" for k in RATINGS if t.growth.get(k))
    lines.append(f"Ratings raised per campaign: {grown}" if grown else "No rating was raised")
    if t.exceptions or t.violations:
        lines.append(f"<span style='color:#c0392b'><b>{t.exceptions} errors and {t.violations} broken "
                     "invariants</b>: this is a program fault, please report it with the campaign file "
                     f"({escape(t.first_error)})</span>")
    return "<br>".join(lines)


class CampaignSimulateDialog(RunsDialog):
    """Play a validated campaign N times with the computer's squad; emits ``simulated(tally)``."""

    def __init__(self, campaign: Any, parent: QWidget | None = None,
                 current: Callable[[], Any] | None = None) -> None:
        """``current()``, when given, is asked on each Run for the campaign as it stands now;
        None means it cannot be played, and the run does not start (``current`` says why)."""
        self.level = QComboBox()
        for key, text in LEVELS:
            self.level.addItem(text, key)
        self.level.setToolTip("How well the computer plays the US squad")
        intro = (f"The computer's US squad plays <b>{escape(campaign.title)}</b> through, again and "
                 "again, against the German paragraphs: how each mission ends, where the branches "
                 "lead, and how many men are left at the end. Each run plays the campaign as it "
                 "stands in the editor.")
        super().__init__(campaign, parent, current, intro, ("Ca&mpaigns", "campaigns", 20),
                         "The first campaign's seed (campaign i uses seed + i): the same seed gives "
                         "the same figures, as with ambush-gui simulate", extra=[self.level])
        self.tally: Tally | None = None
        self.runs = self.count
        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels(["Step", "Played", "US", "Draw", "German"])
        header_tips(self.table, ["The step, in the campaign's order", "In how many of the campaigns "
                                 "the step was played (branches may pass it by)",
                                 *(f"How often it ended in a {w} victory" if w != "Draw" else
                                   "How often it ended in a draw" for w in OUTCOME_WORDS.values())])
        head = self.table.horizontalHeader()
        head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.body.addWidget(self.table, 1)
        self.resize(820, 520)
        self.show_tally(Tally())  # the steps, before anything is played

    @property
    def campaign(self) -> Any:
        return self.subject

    def run(self, runs: int | None = None, seed: int | None = None) -> None:
        """Start the campaigns (the boxes' values unless given)."""
        super().run(runs, seed)

    def titled(self, subject: Any) -> str:
        return str(subject.title)

    def worker_for(self, n: int, seed: int) -> CampaignWorker:
        self.tally = None
        return CampaignWorker(self.campaign, n, seed, str(self.level.currentData()), self)

    def show_result(self, t: Tally) -> None:
        self.tally = t
        self.progress.setValue(t.campaigns)
        self.show_tally(t)

    def show_tally(self, t: Tally) -> None:
        """One row per step of the campaign, in order: played, and each outcome with its share."""
        steps = [(s.id, s.title or s.mission.spec.title) for s in self.campaign.steps]
        self.table.setRowCount(len(steps))
        for r, (sid, title) in enumerate(steps):
            counts = t.outcomes.get(sid, Counter())
            played = sum(counts.values())
            cells = [f"{r + 1}. {title} ({sid})", str(played)]
            for outcome in OUTCOME_WORDS:
                n = counts.get(outcome, 0)
                cells.append(f"{n} ({100 * n / played:.0f}%)" if played else "—")
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        self.figures.setText(summary(t) if t.campaigns else "")
