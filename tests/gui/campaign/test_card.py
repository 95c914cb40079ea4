"""The launcher's Campaign card (new campaign, with the campaign's men or named ones;
campaigns under way, newest first, with their mission and the men living) and opening a
broken progress file (refused, its last good copy offered)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from ambush_gui.ambush.campaign import Campaign, Progress
from ambush_gui.gui.campaign import window as cw
from ambush_gui.gui.campaign.card import CampaignCard, NamingDialog
from tests.gui.campaign.test_campaign_flow import CAMPAIGN

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def campaign_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    import ambush_gui.ambush.campaign as engine

    path = tmp_path / "two-farms.toml"
    path.write_text(CAMPAIGN, encoding="utf-8")
    monkeypatch.setattr(engine, "shipped", lambda: [path])
    return path


def _progress(campaign_path: Path, folder: Path, n: int, mtime: float) -> Path:
    p = Progress.new(Campaign.load(campaign_path), n)
    path = p.save(folder / f"two-farms-{n}.json")
    os.utime(path, (mtime, mtime))
    return path


def test_the_card_lists_campaigns_under_way_newest_first_with_their_mission_and_men(
        qtbot: Any, campaign_path: Path, private_data: Path) -> None:
    folder = private_data / "campaigns"
    old = _progress(campaign_path, folder, 1, 1_700_000_000)
    new = _progress(campaign_path, folder, 2, 1_800_000_000)
    (folder / "two-farms-3.json").write_text("{ not json", encoding="utf-8")
    os.utime(folder / "two-farms-3.json", (1_600_000_000, 1_600_000_000))
    card = CampaignCard()
    qtbot.addWidget(card)
    assert card.campaign.currentText() == "Two Farms" and "quiet farm" in card.brief.text()
    paths = [card.saved.itemData(i) for i in range(card.saved.count())]
    assert paths == [str(new), str(old), str(folder / "two-farms-3.json")]
    assert card.saved.itemText(0) == "Two Farms — mission 1 of 2 · 8 men living"
    assert card.saved_detail.text().startswith("The Quiet Farm: choosing the squad; saved ")
    assert card.saved.itemText(2) == "two-farms-3.json — cannot be read"
    with qtbot.waitSignal(card.openCampaign) as got:
        qtbot.mouseClick(card.cont, LEFT)
    assert got.args == [str(new)]
    card.name_men.setChecked(True)
    with qtbot.waitSignal(card.newCampaign) as got:
        qtbot.mouseClick(card.start, LEFT)
    assert got.args == [str(campaign_path), True]


def test_nothing_under_way_leaves_continue_off(qtbot: Any, campaign_path: Path) -> None:
    card = CampaignCard()
    qtbot.addWidget(card)
    assert not card.cont.isEnabled() and card.cont.toolTip() == "No campaign under way yet"


def test_the_naming_step_renames_the_men_and_keeps_a_name_left_empty(
        qtbot: Any, campaign_path: Path) -> None:
    progress = Progress.new(Campaign.load(campaign_path), 1)
    dialog = NamingDialog(progress.roster)
    qtbot.addWidget(dialog)
    dialog.table.item(0, 0).setText("  Sgt   Wade ")
    dialog.table.item(1, 0).setText("")
    given = progress.roster.soldiers[1].name
    dialog.apply()
    assert [s.name for s in progress.roster.soldiers[:2]] == ["Sgt Wade", given]


def test_a_broken_progress_file_is_refused_and_its_last_good_copy_offered(
        qtbot: Any, campaign_path: Path, private_data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _progress(campaign_path, private_data / "campaigns", 1, 1_700_000_000)
    good = Progress.load(path)
    good.save()  # the first good file becomes the .bak
    data = json.loads(path.read_text(encoding="utf-8"))
    data["phase"] = "marching"
    path.write_text(json.dumps(data), encoding="utf-8")
    asked: list[str] = []

    def question(parent: Any, title: str, text: str, *a: Any) -> Any:
        asked.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    progress = cw.load_progress(path)
    assert progress is not None and progress.phase == "equip" and progress.path == path
    assert str(path) in asked[0] and "phase" in asked[0] and "last good copy" in asked[0]
    broken = path.with_name(path.name + ".broken")  # set aside, kept for the player
    assert json.loads(broken.read_text(encoding="utf-8"))["phase"] == "marching"
    progress.save()  # the broken file is written over; the good copy stays the .bak
    assert Progress.load(path).phase == "equip"
    assert json.loads(path.with_name(path.name + ".bak").read_text(encoding="utf-8"))["phase"] == "equip"


def test_a_broken_progress_file_without_a_copy_is_refused_saying_why(
        qtbot: Any, private_data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = private_data / "campaigns" / "lost-1.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "ambush-gui-campaign"}', encoding="utf-8")
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda p, t, text, *a: said.append(text)))
    assert cw.load_progress(path) is None
    assert str(path) in said[0]


def test_the_campaigns_story_is_not_cut_and_read_the_story_shows_all_of_it(
        qtbot: Any, private_data: Path) -> None:
    """The Long Lane's story was cut at 260 characters with "…" in mid-sentence: the card
    shows whole sentences, and "Read the story" (Alt+R) opens every paragraph."""
    card = CampaignCard()
    qtbot.addWidget(card)
    card.show()
    qtbot.waitExposed(card)
    card.campaign.setCurrentIndex(card.campaign.findText("The Long Lane"))
    shown = card.brief.text()
    assert shown.startswith("Normandy, June to July 1944.") and shown.endswith(".")
    assert "…" not in shown
    assert card.read_story.isVisible()
    qtbot.mouseClick(card.read_story, LEFT)
    dialog = card.story_dialog
    assert dialog is not None and dialog.isVisible() and "The Long Lane" in dialog.windowTitle()
    from PySide6.QtWidgets import QLabel

    whole = " ".join(label.text() for label in dialog.findChildren(QLabel))
    assert "replacement depot sends green men to fill the gaps." in whole
    assert "straight on to the crossroads at Mesnil-Vert." in whole  # the last paragraph's end
    assert "…" not in whole
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_the_tutorials_end_says_what_to_play_next_from_the_shipped_files(
        qtbot: Any, private_data: Path) -> None:
    """The tutorial's end screen offered only "New game": a new player was not told that
    the campaign starts with this very mission, nor which mission comes next. The words
    come from the shipped campaign (no names in the code); another mission's end is silent."""
    from ambush_gui import systems
    from ambush_gui.ai.ambush_ai import AmbushAI
    from ambush_gui.gui.hexmap.dialogs.end import AmbushEndDialog

    def finished(name: str) -> Any:
        game = systems.new_game(systems.load_scenario(systems.resolve(name)), 3)
        ai = AmbushAI()
        while (d := game.pending()) is not None:
            game.answer(ai.choose(game, d))
        return game

    dlg = AmbushEndDialog.for_game(finished("ambush-tutorial"))
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    words = dlg.next_steps.text()
    assert dlg.next_steps.isVisible() and words.startswith("The tutorial is done.")
    assert "The Hedgerows of Saint-Aubin" in words and "the campaign The Long Lane" in words
    other = AmbushEndDialog.for_game(finished("ambush-raid"))
    qtbot.addWidget(other)
    other.show()
    assert not other.next_steps.isVisible()
