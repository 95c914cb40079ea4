"""Computer-against-computer games: balance figures for designers, a soak test for us.

Each game gets seed ``seed + i``. A player is a level (``easy``, ``normal``, ``hard``;
``ai`` is normal) or ``random`` (uniform among the legal options), seeded from the game
seed (:func:`player_seed`). Exceptions and broken invariants are counted, never hidden:
both must be 0.

Each finished game's outcome is kept in :attr:`Report.outcomes` (the editor's balance
chart draws distributions from it), and an optional ``progress`` callback hears of each
game as it ends and may stop the run early (the editor's Stop button). An optional
``partial`` callback is given the report of the games so far, a few times a second, so
the editor draws its figures as they come; it is made by the same :func:`_finish` as the
final report, so the last one it would see is the final report's figures.

**Every core.** With ``jobs > 1`` the games are played in worker processes. A game
depends only on its index (its seed, its players' seeds), each worker sends back a small
:class:`GameResult`, and the results are folded into the report in game order by the same
:func:`_fold` a one-core run uses: the same seeds give the same report (wins, outcomes in
order, means, exceptions and problems) whatever the number of processes. Only the clock
figures (games per second, seconds per decision) differ from run to run.

The worker processes are *spawned* (a fresh interpreter each), never forked: the editor
runs Simulate from a Qt program with threads of its own, and forking a process that
has threads copies locks held by threads that do not exist in the child (a deadlock
waiting to happen, and Qt says so). Spawn is also the only start method on Windows and
the default on macOS, so every platform runs the same code path; it costs an
interpreter start and the imports once per worker per run (about a second), which is
why a run of fewer games than workers uses fewer workers.

To be sent to a worker the game factory, ``check`` and ``outcome`` must pickle: a
:class:`GameFactory` does, as do module-level functions. A closure (the older form,
``lambda s: systems.new_game(scenario, s)``) does not: such a run plays on one core.
"""

from __future__ import annotations

import copy
import math
import multiprocessing
import os
import pickle
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from ambush_gui.ai.random_player import RandomPlayer
from ambush_gui.core.game import Game

__all__ = ["DecisionTimes", "GameFactory", "GameResult", "RandomPlayer", "Report", "default_jobs",
           "make_player", "play_out", "player_seed", "simulate"]  # RandomPlayer: as the tests import it

MAX_DECISIONS = 20000  # a game that asks more than this is stuck: count it as an exception
MAX_PROBLEMS = 5  # the report keeps the first few problems' texts, in game order

Outcome = tuple[str, dict[str, int], int]


# -- seconds per decision -----------------------------------------------------------------------

# Log-spaced buckets, each 1% wider than the last, from 1 microsecond: a quantile read
# from them is within 0.5% of the sample's, and two summaries merge by adding counts, so
# the figures of a run on N processes are those of one process with the same decisions.
_BUCKET_GROWTH = 1.01
_FLOOR_S = 1e-6


@dataclass
class DecisionTimes:
    """How long one side's player took per decision: a mergeable histogram."""

    counts: dict[int, int] = field(default_factory=dict)
    decisions: int = 0

    def add(self, seconds: float) -> None:
        b = 0 if seconds <= _FLOOR_S else 1 + int(math.log(seconds / _FLOOR_S, _BUCKET_GROWTH))
        self.counts[b] = self.counts.get(b, 0) + 1
        self.decisions += 1

    def merge(self, other: DecisionTimes) -> None:
        for b, n in other.counts.items():
            self.counts[b] = self.counts.get(b, 0) + n
        self.decisions += other.decisions

    def quantile(self, q: float) -> float:
        """The ``q`` quantile (0.5: the median) in seconds, 0 with no decisions: the
        geometric middle of the bucket holding the ``ceil(q * n)``-th fastest decision."""
        if not self.decisions:
            return 0.0
        rank = max(1, math.ceil(q * self.decisions))
        seen = 0
        for b in sorted(self.counts):
            seen += self.counts[b]
            if seen >= rank:
                if b == 0:
                    return _FLOOR_S
                return _FLOOR_S * _BUCKET_GROWTH ** (b - 0.5)
        return 0.0  # pragma: no cover - rank <= decisions

    def to_json(self) -> dict[str, Any]:
        return {"median_s": round(self.quantile(0.5), 6), "p95_s": round(self.quantile(0.95), 6),
                "decisions": self.decisions}


# -- the report ---------------------------------------------------------------------------------

@dataclass
class Report:
    scenario: str
    games: int
    wins: dict[str, int]
    exceptions: int = 0
    invariant_violations: int = 0
    games_per_second: float = 0.0
    mean_turns: float = 0.0
    mean_victory_points: dict[str, float] = field(default_factory=dict)
    mean_decisions: float = 0.0
    mean_losses: dict[str, float] = field(default_factory=dict)  # fighting figures lost a game
    problems: list[str] = field(default_factory=list)
    # (winner or "draw", victory points by side, turns) of each game that finished
    outcomes: list[Outcome] = field(default_factory=list)
    # per seated side, how long its player took to answer (every game played)
    decision_times: dict[str, DecisionTimes] = field(default_factory=dict)
    jobs: int = 1  # the processes that played the games
    asked: int = 0  # the games the run was asked for (more than ``games`` while it runs or once stopped)

    @property
    def partial(self) -> bool:
        """True for the report of a run still under way or stopped early: it covers fewer
        games than were asked for, so it is no measure of the scenario's balance."""
        return self.games < self.asked

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "games": self.games,
            "wins": self.wins,
            "exceptions": self.exceptions,
            "invariant_violations": self.invariant_violations,
            "games_per_second": round(self.games_per_second, 2),
            "mean_turns": round(self.mean_turns, 2),
            "mean_victory_points": {k: round(v, 2) for k, v in self.mean_victory_points.items()},
            "mean_decisions": round(self.mean_decisions, 1),
            "mean_losses": {k: round(v, 2) for k, v in self.mean_losses.items()},
            "seconds_per_decision": {k: v.to_json() for k, v in self.decision_times.items()},
            "jobs": self.jobs,
        }


# -- one game -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class GameFactory:
    """A picklable way to make game ``seed`` of a scenario: the validated scenario or
    mission object (it pickles, and an editor's unsaved draft has no file to name) and
    the rules options chosen. ``GameFactory(scenario)(seed)`` is
    ``systems.new_game(scenario, seed, options)``."""

    scenario: Any
    options: dict[str, str] | None = None

    def __call__(self, seed: int) -> Game:
        from ambush_gui.systems import new_game

        return new_game(self.scenario, seed, self.options)


@dataclass
class GameResult:
    """What one game adds to the report (small: it travels back from a worker)."""

    index: int
    seed: int
    error: str | None = None  # the traceback of an exception
    decisions: int = 0
    broken: list[str] = field(default_factory=list)  # invariants the game broke
    outcome: Outcome | None = None
    times: dict[str, DecisionTimes] = field(default_factory=dict)
    losses: dict[str, int] = field(default_factory=dict)  # fighting figures each side lost


def player_seed(seed: int, index: int, side_number: int) -> int:
    """The dice seed of the player of the ``side_number``-th seat in game ``index`` of a run
    from ``seed``: from the game alone (so a worker makes the same players), and distinct
    per seat (two random players do not mirror each other's choices)."""
    return seed * 7919 + index + side_number * 1_000_003


def make_player(kind: str, system: str, seed: int) -> Any:
    """A seat's player: a level (easy, normal, hard; ``ai`` is normal) or ``random``."""
    from ambush_gui.systems import computer_player

    return computer_player(system, kind, seed)


def play_out(game: Game, players: dict[str, Any],
             times: dict[str, DecisionTimes] | None = None) -> None:
    """Answer every decision until the game ends; ``times`` hears how long each side's
    player took over each answer (its ``choose``, nothing of the engine's)."""
    clock = time.perf_counter
    for _ in range(MAX_DECISIONS):
        d = game.pending()
        if d is None:
            return
        started = clock()
        answer = players[d.side].choose(game, d)
        if times is not None:
            times.setdefault(d.side, DecisionTimes()).add(clock() - started)
        game.answer(answer)
    raise RuntimeError(f"the game did not end within {MAX_DECISIONS} decisions")


@dataclass(frozen=True)
class _Run:
    """What every game of a run shares (sent once to each worker)."""

    new_game: Callable[[int], Game]
    seed: int
    seats: dict[str, str]
    check: Callable[[Game], list[str]] | None
    outcome: Callable[[Game], Outcome] | None

    def play(self, i: int) -> GameResult:
        result = GameResult(i, self.seed + i, times={side: DecisionTimes() for side in self.seats})
        try:  # setting the game up is part of the game: a fault there is its exception too
            game = self.new_game(self.seed + i)
            players = {side: make_player(kind, game.system, player_seed(self.seed, i, n))
                       for n, (side, kind) in enumerate(self.seats.items())}
            play_out(game, players, result.times)
        except Exception:  # counted and reported: a soak test must not stop at the first fault
            result.error = traceback.format_exc()
            return result
        result.decisions = len(game.decisions)
        if self.check is not None:
            result.broken = list(self.check(game))
        if self.outcome is not None:
            winner, pts, t = self.outcome(game)
            result.outcome = (winner, dict(pts), t)
        from ambush_gui.systems import losses

        result.losses = losses(game)
        return result


class _Totals:
    """The sums a report's means are made of, folded in game order."""

    def __init__(self, seats: dict[str, str]) -> None:
        self.points = {side: 0.0 for side in seats}
        self.losses: dict[str, float] = {}
        self.turns = 0
        self.decisions = 0
        self.played = 0


def _fold(report: Report, totals: _Totals, r: GameResult) -> None:
    """Add game ``r`` to the report: the one place a game is counted, for one core or many."""
    totals.played = r.index + 1
    for side, taken in r.times.items():
        report.decision_times.setdefault(side, DecisionTimes()).merge(taken)
    if r.error is not None:
        report.exceptions += 1
        if len(report.problems) < MAX_PROBLEMS:
            report.problems.append(f"game {r.index} (seed {r.seed}):\n{r.error}")
        return
    totals.decisions += r.decisions
    for side, n in r.losses.items():
        totals.losses[side] = totals.losses.get(side, 0.0) + n
    if r.broken:
        report.invariant_violations += 1
        if len(report.problems) < MAX_PROBLEMS:
            report.problems.append(f"game {r.index} (seed {r.seed}): " + "; ".join(r.broken))
    if r.outcome is not None:
        winner, pts, t = r.outcome
        report.outcomes.append((winner, dict(pts), t))
        report.wins[winner] = report.wins.get(winner, 0) + 1
        for side, p in pts.items():
            totals.points[side] = totals.points.get(side, 0.0) + p
        totals.turns += t


# -- the run ------------------------------------------------------------------------------------

def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)


def simulate(
    new_game: Callable[[int], Game],
    name: str,
    games: int,
    seed: int,
    seats: dict[str, str],
    check: Callable[[Game], list[str]] | None = None,
    outcome: Callable[[Game], Outcome] | None = None,
    progress: Callable[[int], bool] | None = None,
    jobs: int = 1,
    partial: Callable[[Report], None] | None = None,
    partial_every: float = 0.25,
) -> Report:
    """Play ``games`` games. ``outcome(game) -> (winner, points by side, turns)``.

    ``progress(games_done)`` is called after each game; when it returns False the run
    stops there and the report covers the games played so far (with ``jobs > 1``: the
    games finished in order from the first; the ones in hand are finished, then
    dropped, so the report is that of a one-core run stopped at the same game).

    ``jobs``: how many processes play (see the module docstring); 1 plays here, and so
    does a run whose ``new_game``, ``check`` or ``outcome`` cannot be pickled.

    ``partial(report)`` is called with a copy of the report of the games so far (in game
    order from the first) when a game is added and at least ``partial_every`` seconds
    have passed since the last call (or the start): a few times a second, however fast
    games end. Its :attr:`Report.partial` is True; the returned report's is False unless
    the run was stopped early."""
    run = _Run(new_game, seed, dict(seats), check, outcome)
    report = Report(name, games, {side: 0 for side in seats} | {"draw": 0}, asked=games)
    totals = _Totals(seats)
    start = last = time.perf_counter()
    jobs = max(1, min(jobs, games))
    if jobs > 1 and not _picklable(run):
        jobs = 1
    report.jobs = jobs
    results = _in_process(run, games, progress) if jobs == 1 else _in_workers(run, games, jobs, progress)
    for r in results:
        _fold(report, totals, r)
        if partial is not None and totals.played < games and time.perf_counter() - last >= partial_every:
            last = time.perf_counter()
            partial(_finish(copy.deepcopy(report), totals, last - start))
    return _finish(report, totals, time.perf_counter() - start)


def _finish(report: Report, totals: _Totals, elapsed: float) -> Report:
    """``report`` with its count and means worked out from ``totals`` after ``elapsed``
    seconds: the one place they are, for the final report and for the ones on the way."""
    played = totals.played
    report.games = played
    done = max(1, played - report.exceptions)
    report.games_per_second = played / elapsed if elapsed > 0 else 0.0
    report.mean_turns = totals.turns / done
    report.mean_victory_points = {k: v / done for k, v in totals.points.items()}
    report.mean_decisions = totals.decisions / done
    report.mean_losses = {k: v / done for k, v in totals.losses.items()}
    return report


def _picklable(run: _Run) -> bool:
    try:
        pickle.dumps(run)
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
    return True


def _in_process(run: _Run, games: int, progress: Callable[[int], bool] | None) -> Iterator[GameResult]:
    for i in range(games):
        if progress is not None and i > 0 and not progress(i):
            return
        yield run.play(i)
    if progress is not None:
        progress(games)


_WORKER_RUN: _Run | None = None  # a worker process's run, set once by _start_worker


def _start_worker(run: _Run) -> None:
    global _WORKER_RUN
    _WORKER_RUN = run


def _play_in_worker(i: int) -> GameResult:
    assert _WORKER_RUN is not None
    return _WORKER_RUN.play(i)


def _in_workers(run: _Run, games: int, jobs: int,
                progress: Callable[[int], bool] | None) -> Iterator[GameResult]:
    """Games on ``jobs`` spawned processes, yielded in game order. A few games per
    worker are kept in hand (so none waits between games) and no more (so a stop does
    not wait for many): when ``progress`` says stop, the games not started are
    cancelled, those started are finished and dropped."""
    context = multiprocessing.get_context("spawn")
    ahead = 2 * jobs
    done: dict[int, GameResult] = {}
    nxt = 0  # the next game to yield
    submitted = 0
    pending: set[Future[GameResult]] = set()
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker,
                             initargs=(run,)) as pool:
        try:
            while nxt < games:
                while submitted < games and len(pending) < ahead:
                    pending.add(pool.submit(_play_in_worker, submitted))
                    submitted += 1
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    r = f.result()
                    done[r.index] = r
                while nxt in done:
                    if progress is not None and nxt > 0 and not progress(nxt):
                        return
                    yield done.pop(nxt)
                    nxt += 1
        finally:
            for f in pending:
                f.cancel()
    if progress is not None:
        progress(games)
