"""What every shipped Force on Force scenario's tests check alike: it validates without a
warning, `list --json` reports its modules, and computer games on it play to the end."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import shapely

from ambush_gui import systems
from ambush_gui.ai.simulate import simulate
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.scenario import Scenario
from ambush_gui.cli import main


def validates_without_a_warning(path: Path, name: str, title: str,
                                capsys: pytest.CaptureFixture[str]) -> None:
    assert systems.resolve(name) == path
    assert main(["validate", str(path)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"{path}: valid alley scenario '{title}'") and err == ""


def lists_its_modules(path: Path, name: str, modules: list[str],
                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--json"]) == 0
    listed = {s["name"]: s for s in json.loads(capsys.readouterr().out)}
    assert listed[name]["modules"] == modules
    assert Scenario.load(path).spec.module_names() == modules


@dataclass
class Played:
    """Computer games of a scenario and what they logged."""

    report: Any  # the simulate report (wins, outcomes, exceptions)
    games: list[AlleyGame]
    kinds: set[str]  # the kinds of event logged
    texts: list[str]  # every event's text
    scored: set[str]  # the awards scored


def computer_games(path: Path, name: str, seed: int, sides: tuple[str, str],
                   n: int = 2) -> Played:
    """``n`` games with the computer on both sides from ``seed``: each ends with no
    exception and no broken invariant, and every score line is one of the scenario's awards
    said in its side names (``sides``)."""
    scenario = systems.load_scenario(path)
    games: list[AlleyGame] = []

    def new_game(s: int) -> AlleyGame:
        games.append(systems.new_game(scenario, s))  # type: ignore[arg-type]
        return games[-1]

    report = simulate(new_game, name, n, seed, {"regular": "ai", "insurgent": "ai"},
                      systems.invariants, systems.outcome)
    assert report.problems == []
    assert (report.exceptions, report.invariant_violations) == (0, 0)
    assert len(report.outcomes) == n
    awards = {a.event.value for a in scenario.spec.victory.all_awards()}
    played = Played(report, games, set(), [], set())
    for g in games:
        for e in g.log.events:
            played.kinds.add(e.kind)
            played.texts.append(e.text)
            if e.kind == "score":
                assert e.text.startswith(tuple(f"{s} +" for s in sides)), e.text
                assert e.data["award"] in awards
                played.scored.add(e.data["award"])
    return played


def shipped_game(path: Path, seed: int = 0) -> AlleyGame:
    """A new game of the table scenario at ``path``."""
    g = systems.new_game(systems.load_scenario(path), seed)
    assert isinstance(g, AlleyGame)
    return g


def score_lines(g: AlleyGame) -> list[tuple[str, int, str, str]]:
    """The score ledger: (side, points, why, award) line by line."""
    return [(s.value, p, w, a) for (s, p, w), a in zip(g.state.score.lines, g.state.score.awards,
                                                        strict=True)]


def inside(g: AlleyGame, uid: str, piece: str) -> bool:
    """Whether a fighting figure of the unit stands in the piece."""
    poly = g.table.piece(piece).polygon
    return any(poly.covers(shapely.Point(f.pos)) for f in g.unit(uid).fighters)


def put(g: AlleyGame, uid: str, x: float, y: float) -> None:
    """Move the unit so that its first figure stands at (x, y)."""
    u = g.unit(uid)
    u.translate(x - u.figures[0].x, y - u.figures[0].y)
