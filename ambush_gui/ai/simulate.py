"""Computer-against-computer games: balance figures for designers, a soak test for us.

Each game gets seed ``seed + i``. A player is ``ai`` (the computer player) or
``random`` (uniform among the legal options). Exceptions and broken invariants are
counted, never hidden: both must be 0.

Each finished game's outcome is kept in :attr:`Report.outcomes` (the editor's balance
chart draws distributions from it), and an optional ``progress`` callback hears of each
game as it ends and may stop the run early (the editor's Stop button).
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ambush_gui.core.game import Game

MAX_DECISIONS = 20000  # a game that asks more than this is stuck: count it as an exception


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
    problems: list[str] = field(default_factory=list)
    # (winner or "draw", victory points by side, turns) of each game that finished
    outcomes: list[tuple[str, dict[str, int], int]] = field(default_factory=list)

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
        }


def make_player(kind: str, system: str, seed: int) -> Any:
    """A seat's player: a level (easy, normal, hard; ``ai`` is normal) or ``random``."""
    from ambush_gui.systems import computer_player

    return computer_player(system, kind, seed)


def play_out(game: Game, players: dict[str, Any]) -> None:
    """Answer every decision until the game ends."""
    for _ in range(MAX_DECISIONS):
        d = game.pending()
        if d is None:
            return
        game.answer(players[d.side].choose(game, d))
    raise RuntimeError(f"the game did not end within {MAX_DECISIONS} decisions")


def simulate(
    new_game: Callable[[int], Game],
    name: str,
    games: int,
    seed: int,
    seats: dict[str, str],
    check: Callable[[Game], list[str]] | None = None,
    outcome: Callable[[Game], tuple[str, dict[str, int], int]] | None = None,
    progress: Callable[[int], bool] | None = None,
) -> Report:
    """Play ``games`` games. ``outcome(game) -> (winner, points by side, turns)``.

    ``progress(games_done)`` is called after each game; when it returns False the run
    stops there and the report covers the games played so far."""
    report = Report(name, games, {side: 0 for side in seats} | {"draw": 0})
    points = {side: 0.0 for side in seats}
    turns = 0
    decisions = 0
    start = time.perf_counter()
    played = 0
    for i in range(games):
        if progress is not None and i > 0 and not progress(i):
            break
        played = i + 1
        game = new_game(seed + i)
        players = {side: make_player(kind, game.system, seed * 7919 + i) for side, kind in seats.items()}
        try:
            play_out(game, players)
        except Exception:  # counted and reported: a soak test must not stop at the first fault
            report.exceptions += 1
            if len(report.problems) < 5:
                report.problems.append(f"game {i} (seed {seed + i}):\n{traceback.format_exc()}")
            continue
        decisions += len(game.decisions)
        if check is not None:
            bad = check(game)
            if bad:
                report.invariant_violations += 1
                if len(report.problems) < 5:
                    report.problems.append(f"game {i} (seed {seed + i}): " + "; ".join(bad))
        if outcome is not None:
            winner, pts, t = outcome(game)
            report.outcomes.append((winner, dict(pts), t))
            report.wins[winner] = report.wins.get(winner, 0) + 1
            for side, p in pts.items():
                points[side] = points.get(side, 0.0) + p
            turns += t
    if progress is not None and played == games:
        progress(games)
    elapsed = time.perf_counter() - start
    report.games = played
    done = max(1, played - report.exceptions)
    report.games_per_second = played / elapsed if elapsed > 0 else 0.0
    report.mean_turns = turns / done
    report.mean_victory_points = {k: v / done for k, v in points.items()}
    report.mean_decisions = decisions / done
    return report
