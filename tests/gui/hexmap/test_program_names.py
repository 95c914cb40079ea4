"""No mission file's key and no program name reaches the player (issue 29's play-test: the
log said "Special Reaction R: us-into-sight", and, once a save was reopened and the log
rebuilt, "its sighting 'farmhouse-sentry'").

Each shipped mission is played by the computer's US squad on a few seeds; every line the
player can read of it is scanned: the computer's narration (what it does and why, as the
log, the tray and the status bar say it) and every event as the log and the dice tray
show it (:func:`~ambush_gui.gui.hexmap.wording.shown`). A window then shows the log live,
and again after the game is saved and reopened: the two read the same.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.ai.narrate import narrate
from ambush_gui.ambush.model import Side
from ambush_gui.core import saves
from ambush_gui.gui.hexmap.wording import german_names, shown

MISSIONS = sorted(p.stem for p in systems.SCENARIO_DIR.glob("ambush-*.toml"))
SEEDS = (1, 2, 3)
KEY = re.compile(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+")
PROGRAM = re.compile(
    r"\b[a-z]+_[a-z0-9_]+\b"  # snake_case: give_turn, left_map
    r"|\b[a-z_]+\.[a-z_]+\b"  # dotted: rounds.activate_in_round
    r"|\b[A-Za-z_]+\([a-z, ]*\)"  # a call: HexMap.los(a, b)
    r"|'[a-z0-9]+(?:-[a-z0-9]+)+'"  # a quoted key: 'farmhouse-sentry'
    r"|\b[a-z0-9]+(?:-[a-z0-9]+){2,}\b"  # a key of three words or more: 1-turn-advantage
    r"|[{}]")  # a dict or set printed as it is


def mission_keys(scenario: Any) -> set[str]:
    """The keys and ids the mission file gives (sightings, areas, soldiers, weapons, the
    Special Reactions' situations...), less those its own prose uses as words ("half-track")."""
    data = json.loads(scenario.spec.model_dump_json())
    prose: list[str] = []
    keys: set[str] = set()

    def walk(x: Any, key: str = "") -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if KEY.fullmatch(k):
                    keys.add(k)
                walk(v, k)
        elif isinstance(x, list):
            for v in x:
                walk(v, key)
        elif isinstance(x, str):
            if key in ("text", "brief", "title", "result", "why", "name"):
                prose.append(x)
            elif KEY.fullmatch(x):
                keys.add(x)

    walk(data)
    words = " ".join(prose)
    return {k for k in keys if not re.search(rf"(?<![\w-]){re.escape(k)}(?![\w-])", words)}


def program_words(lines: list[str], keys: set[str]) -> list[str]:
    """Each line that says a key of the mission or a program-like name, with what it says."""
    found = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(keys, key=len, reverse=True)))
                       + r")(?![\w-])") if keys else None
    bad = []
    for line in lines:
        hits = [m.group(0) for m in PROGRAM.finditer(line)]
        hits += [m.group(0) for m in found.finditer(line)] if found else []
        if hits:
            bad.append(f"{hits}: {line}")
    return bad


def play(mission: str, seed: int) -> tuple[Any, list[str]]:
    """The mission played by the computer's US squad: the game and its narration lines."""
    game = systems.new_game(systems.load_scenario(systems.resolve(mission)), seed)
    game.start()
    ai = systems.computer_player("ambush")
    told = []
    while (d := game.pending()) is not None and len(game.decisions) < 4000:
        choice = ai.decide(game, d)
        told.append(f"{narrate(game, d, choice.answer)} — {choice.reason}")
        game.answer(choice.answer)
    return game, told


def shown_lines(game: Any) -> list[str]:
    names = german_names([s for s in game.state.soldiers.values() if s.side is Side.GERMAN])
    out = []
    for e in game.log.events:
        said = shown(e, names)
        out.append(said.text)
        if isinstance(said.data.get("purpose"), str):
            out.append(said.data["purpose"])  # a roll's card in the tray
    return out


def test_the_missions_are_found() -> None:
    assert len(MISSIONS) >= 6 and "ambush-tutorial" in MISSIONS


@pytest.mark.parametrize("mission", MISSIONS)
def test_no_key_of_the_mission_and_no_program_name_is_said(mission: str) -> None:
    bad: list[str] = []
    for seed in SEEDS:
        game, told = play(mission, seed)
        keys = mission_keys(game.scenario)
        bad += [f"seed {seed}: {b}" for b in program_words(told + shown_lines(game), keys)]
    assert not bad, "\n".join(dict.fromkeys(bad))


def test_the_scan_finds_what_the_play_test_saw() -> None:
    scenario = systems.load_scenario(systems.resolve("ambush-tutorial"))
    keys = mission_keys(scenario)
    assert "farmhouse-sentry" in keys and "sgt-doyle" in keys
    for line in ("Special Reaction R: us-into-sight (AR-113)",
                 "¶2 is skipped: its sighting 'farmhouse-sentry' has been made",
                 "Sgt Doyle: give_turn", "see rounds.activate_in_round",
                 "Pvt Small: {'action': 'pass'}", "pvt-small",
                 "Round 2, 1-turn-advantage: which soldier acts next?"):
        assert program_words([line], keys), line
    assert not program_words(["Sgt Doyle: Give a turn to Pvt Small in 0502"], keys)


def test_the_log_reads_the_same_after_the_game_is_saved_and_reopened(
        qtbot: Any, tmp_path: Path) -> None:
    from ambush_gui.gui.hexmap.window import AmbushWindow
    from ambush_gui.gui.shared.controller import GameController, Seat

    def window(game: Any) -> AmbushWindow:
        ctl = GameController(game, {"us": Seat.HUMAN}, delay_ms=0)
        win = AmbushWindow(ctl)
        qtbot.addWidget(win)
        return win

    scenario = systems.load_scenario(systems.resolve("ambush-tutorial"))
    live = window(systems.new_game(scenario, 1))
    live.start()
    ai = systems.computer_player("ambush")
    ctl = live.controller
    while (d := ctl.pending()) is not None:
        ctl.answer(ai.choose(ctl.game, d))
    live.log.flush()
    said = live.log.text()
    # the lines the test is for: a soldier's action, a Special Reaction
    assert any(e.kind == "action" for e in live.logged) and "Special Reaction" in said
    path = tmp_path / "tutorial.json"
    saves.save(ctl.game, path)
    reopened = window(saves.verify(path, systems.factory))
    reopened.log.flush()
    assert [e.text for e in reopened.logged] == [e.text for e in live.logged]
    assert reopened.log.text() == said
    keys = mission_keys(scenario)
    assert not program_words(said.splitlines(), keys)
