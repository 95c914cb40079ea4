"""The game window's files and undo: saving without ".json", the recent list, and undo
of the other player's decision in hot-seat (issue 10, defects 1, 2 and 5)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.core import saves
from ambush_gui.gui import app
from ambush_gui.gui.launcher import Launcher
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.shared.game_window import recent_games, remember_recent
from ambush_gui.gui.table.window import MainWindow

SCENARIO = systems.load_scenario(systems.resolve("contracting-trouble"))
HOTSEAT = {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}


def window(qtbot: Any, game: Any) -> MainWindow:
    win = MainWindow(GameController(game, HOTSEAT, delay_ms=0))
    qtbot.addWidget(win)
    win.start()
    return win


def played(decisions: int = 30, seed: int = 3) -> Any:
    game = systems.new_game(SCENARIO, seed)
    ai = AlleyAI()
    for _ in range(decisions):
        d = game.pending()
        if d is None or d.forced is not None:
            break
        game.answer(ai.choose(game, d))
    return game


# -- defect 1: a save named without ".json" --------------------------------------------------

def test_save_as_adds_the_extension_and_the_save_opens_again(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    win = window(qtbot, played())
    typed = tmp_path / "my game"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(typed), ""))
    assert win.save_as()
    written = tmp_path / "my game.json"
    assert written.is_file() and not typed.exists()
    assert win.controller.save_path == written
    other = window(qtbot, systems.new_game(SCENARIO, 9))
    assert other.open_path(written)
    assert other.controller.game.state_hash() == win.controller.game.state_hash()


def test_a_save_without_the_extension_is_recognised_by_its_content(tmp_path: Path) -> None:
    """Saves written before the fix: Open, ``play`` and ``replay`` read them as saves,
    not as TOML scenarios."""
    game = played()
    bare = tmp_path / "my game"
    saves.save(game, bare)
    assert saves.is_save(bare) and app._is_save(bare)
    assert not saves.is_save(systems.resolve("contracting-trouble"))
    assert saves.verify(bare, systems.factory).state_hash() == game.state_hash()
    assert saves.with_suffix(bare) == tmp_path / "my game.json"
    assert saves.with_suffix(tmp_path / "a.JSON") == tmp_path / "a.JSON"


def test_replay_command_reads_a_save_without_the_extension(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ambush_gui.cli import main

    bare = tmp_path / "game"
    saves.save(played(), bare)
    assert main(["replay", str(bare), "--verify"]) == 0
    assert "verified" in capsys.readouterr().out


# -- defect 2: the recent list ---------------------------------------------------------------

def test_a_single_recent_game_stored_as_a_plain_string_is_one_game(tmp_path: Path) -> None:
    """QSettings reads a one-item list back as a string: it must not be walked letter by
    letter (which offered "/" as a game and then "Is a directory")."""
    save = tmp_path / "one.json"
    saves.save(played(5), save)
    QSettings("ambush-gui", "ambush-gui").setValue("recent", str(save))
    assert recent_games() == [str(save)]
    remember_recent(tmp_path / "two.json")
    assert QSettings("ambush-gui", "ambush-gui").value("recent")[:2] == [
        str(tmp_path / "two.json"), str(save)]


def test_the_launcher_lists_one_recent_game_once_and_readable(qtbot: Any, tmp_path: Path) -> None:
    save = tmp_path / "one.json"
    game = played(5)  # up to the first decision answered for the player
    saves.save(game, save)
    QSettings("ambush-gui", "ambush-gui").setValue("recent", str(save))
    dlg = Launcher()
    qtbot.addWidget(dlg)
    rows = [dlg.recent.item(i).text() for i in range(dlg.recent.count())]
    assert rows == [f"one.json — {SCENARIO.spec.title}, {len(game.decisions)} decisions"]


def test_folders_are_never_offered_as_recent_games(tmp_path: Path) -> None:
    QSettings("ambush-gui", "ambush-gui").setValue("recent", [str(tmp_path), "/"])
    assert recent_games() == []


# -- defect 5: undo in hot-seat --------------------------------------------------------------

def _hotseat_after_the_other_side() -> Any:
    """A game whose last answer was the other side's, with no die thrown since."""
    ai = AlleyAI()
    for seed in range(1, 20):
        game = systems.new_game(SCENARIO, seed)
        for _ in range(300):
            d = game.pending()
            if d is None or d.forced is not None:
                break
            if (game.decisions and game.answered_by[-1] != d.side
                    and game.undo_floor() < len(game.decisions)):
                return game
            game.answer(ai.choose(game, d))
    raise AssertionError("no such moment in the seeds tried")


def test_hotseat_undo_of_the_opponents_decision_asks_first(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _hotseat_after_the_other_side()
    n, other, me = len(game.decisions), game.answered_by[-1], game.pending().side
    win = window(qtbot, game)
    asked: list[str] = []
    reply = [QMessageBox.StandardButton.No]
    monkeypatch.setattr(QMessageBox, "question",
                        lambda _p, _t, text, *a: (asked.append(text), reply[0])[1])
    win.undo()
    names = {"regular": "Regular", "insurgent": "Insurgent"}
    assert asked and asked[0].startswith(f"Take back the {names[other]} player's last decision?")
    assert f"You are the {names[me]} player" in asked[0]
    assert len(win.controller.game.decisions) == n  # "No": nothing taken back
    reply[0] = QMessageBox.StandardButton.Yes
    win.undo()
    assert len(win.controller.game.decisions) == n - 1
    assert win.controller.pending().side == other


def test_undo_in_solo_play_does_not_ask(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _hotseat_after_the_other_side()
    ctl = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.start()
    monkeypatch.setattr(QMessageBox, "question", lambda *a: pytest.fail("asked"))
    ctl.seats[game.pending().side] = Seat.HUMAN
    ctl.seats[game.answered_by[-1]] = Seat.COMPUTER  # solo: the computer's answers are not asked about
    assert win.undo_question() is None


def test_the_launcher_names_the_sides_as_the_scenario_does(qtbot: Any) -> None:
    """The Tailor's Ledger's Regulars are Paratroopers: a new player looked for them and
    found only 'Regulars'. Contracting Trouble's sides read as before."""
    dlg = Launcher()
    qtbot.addWidget(dlg)

    def modes() -> list[str]:
        return [b.text() for b in dlg.mode_group.buttons()]

    dlg.scenario.setCurrentIndex(dlg.scenario.findText("The Tailor's Ledger"))
    assert modes()[1:] == ["Play the Paratroopers (Regulars) against the computer",
                           "Play the Militia (Insurgents) against the computer",
                           "Host it for a player on another machine: you play the Paratroopers (Regulars)",
                           "Host it for a player on another machine: you play the Militia (Insurgents)"]
    dlg.scenario.setCurrentIndex(dlg.scenario.findText("Contracting Trouble!"))
    assert modes()[1:3] == ["Play the US Marines (Regulars) against the computer",
                            "Play the Insurgents against the computer"]


def test_the_about_box_says_the_version(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33: Help > About names the version a player can quote."""
    from ambush_gui import release

    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: said.append(text))
    win = window(qtbot, played(decisions=0))
    win.about()
    assert said and f"ambush-gui {release.version()}" in said[0]


def test_the_editor_and_the_campaign_window_have_an_about_box_too(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from ambush_gui import release
    from ambush_gui.gui.editor.window import EditorWindow

    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: said.append(text))
    editor = EditorWindow()
    qtbot.addWidget(editor)
    help_menu = next(a.menu() for a in editor.menuBar().actions() if a.text() == "&Help")
    next(a for a in help_menu.actions() if a.text() == "&About").trigger()
    assert said and f"ambush-gui {release.version()}" in said[-1]
