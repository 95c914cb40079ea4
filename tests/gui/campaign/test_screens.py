"""The campaign's screens, each alone, on a small campaign built from the engine's own
dataclasses (the rules' answers - suggestion, problems, costs - stubbed where a test is
about what the screen does with them): the record pad and its PDF, choose-and-equip and its
Start button, the after-mission screen and its promotions, the launcher's Campaign card."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel

from ambush_gui import systems
from ambush_gui.ambush.campaign import Debrief, Fate, Kit, Loadout, Roster, Soldier, Step
from ambush_gui.ambush.campaign.spec import Allotment, Next, RatingSet, Settings
from ambush_gui.gui.campaign import after_mission, equip
from ambush_gui.gui.campaign.record_pad import COLUMNS, RecordPad


def _men() -> list[Soldier]:
    return [
        Soldier("sgt-kane", "Sgt Kane", 4, 6, 2, 5, 3, missions=2, germans=1, xp=9,
                history=["The Mill: unhurt; hit Gefreiter Lutz", "The Ford: unhurt"]),
        Soldier("pfc-ortiz", "Pfc Ortiz", 3, 6, 1, 4, 1, status="wounded", out_for=2, missions=1,
                history=["The Mill: wounded"]),
        Soldier("pvt-hale", "Pvt Hale", 3, 6, 1, 3, 1, xp=1),
        Soldier("pvt-moss", "Pvt Moss", 2, 6, 0, 3, 0, recruit=True),
        Soldier("pvt-dunn", "Pvt Dunn", 3, 6, 1, 3, 1, status="dead", missions=1,
                history=["The Mill: killed"]),
    ]


@pytest.fixture
def progress() -> Any:
    mission = systems.load_scenario(systems.resolve("ambush-tutorial"))
    step = Step("farm", mission, 3, Allotment(weapons={"thompson": 1, "m1-garand": 2},
                                             ammo={"thompson": 3, "m1-garand": 6, "mk2-grenade": 2}),
                Next(), title="The Quiet Farm", brief="Clear the farm.", index=0)
    settings = Settings(caps=RatingSet(ar=5, mpa=7, ws=2, per=6, ldr=4))  # Kane's WS at its cap
    campaign = SimpleNamespace(name="test", title="The Test Lane", steps=[step], settings=settings,
                               step=lambda sid: step)
    return SimpleNamespace(campaign=campaign, roster=Roster(_men()), step_id="farm", phase="debrief",
                           loadout=None, done=[], seed=1, promotions=[])


SUGGESTED = Loadout([Kit("sgt-kane", ["thompson"], ["thompson"] * 3 + ["mk2-grenade"]),
                     Kit("pvt-hale", ["m1-garand"], ["m1-garand"] * 3),
                     Kit("pvt-moss", ["m1-garand"], ["m1-garand"] * 3 + ["mk2-grenade"])])


def test_record_pad_lists_every_man_spells_out_the_ratings_and_prints_a_pdf(
        qtbot: Any, tmp_path: Path) -> None:
    pad = RecordPad()
    qtbot.addWidget(pad)
    pad.show_roster(_men(), "The Test Lane — squad record pad")
    headers = [pad.table.horizontalHeaderItem(c) for c in range(pad.table.columnCount())]
    assert [h.text() for h in headers if h] == [name for name, _ in COLUMNS]
    tips = {h.text(): h.toolTip() for h in headers if h}
    assert tips["AR"].startswith("Action Rating") and tips["MPA"].startswith("Movement Point Allowance")
    assert tips["WS"].startswith("Weapon Skill") and tips["PER"].startswith("Perception")
    assert tips["LDR"].startswith("Leadership")
    assert pad.table.rowCount() == 5
    row = [pad.table.item(1, c).text() for c in range(pad.table.columnCount())]
    assert row[0] == "Pfc Ortiz" and row[6] == "wounded: misses 2 more missions"
    assert pad.table.item(0, 10).text() == "The Mill: unhurt; hit Gefreiter Lutz\nThe Ford: unhurt"
    assert pad.table.item(3, 0).text() == "Pvt Moss (recruit)"
    out = tmp_path / "pad.pdf"
    pad.print_to(out)
    assert out.read_bytes().startswith(b"%PDF") and out.stat().st_size > 1000


def test_ctrl_p_asks_for_a_file_and_prints_there(qtbot: Any, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from ambush_gui.gui.campaign import record_pad

    pad = RecordPad()
    qtbot.addWidget(pad)
    pad.show_roster(_men())
    pad.show()
    pad.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is pad)
    target = tmp_path / "squad"
    monkeypatch.setattr(record_pad.QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(target), "")))
    with qtbot.waitSignal(pad.printed) as got:
        QTest.keyClick(pad, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert got.args == [str(target) + ".pdf"]
    assert Path(got.args[0]).read_bytes().startswith(b"%PDF")


def test_equip_opens_on_the_suggestion_and_start_waits_for_no_problems(
        qtbot: Any, progress: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    progress.phase = "equip"
    asked: list[Loadout] = []

    def problems(campaign: Any, step_id: str, roster: Any, loadout: Loadout) -> list[str]:
        asked.append(loadout)
        boxes = [len(k.ammo) for k in loadout.slots]
        return [f"{k.soldier_id} holds {n} Ammo Boxes; at most 6" for k, n in
                zip(loadout.slots, boxes, strict=True) if n > 6]

    monkeypatch.setattr(equip, "suggest", lambda *a: SUGGESTED)
    monkeypatch.setattr(equip, "loadout_problems", problems)
    screen = equip.EquipScreen()
    qtbot.addWidget(screen)
    screen.show_step(progress)
    assert len(screen.slots) == 3
    # only the fit are offered: not the wounded, not the dead
    offered = [screen.slots[0].man.itemData(i) for i in range(screen.slots[0].man.count())]
    assert offered == ["", "sgt-kane", "pvt-hale", "pvt-moss"]
    assert screen.loadout() == SUGGESTED
    assert screen.start_button.isEnabled()
    screen.slots[1].ammo["m1-garand"].setValue(6)
    screen.slots[1].ammo["mk2-grenade"].setValue(1)
    assert asked[-1].slots[1].ammo == ["m1-garand"] * 6 + ["mk2-grenade"]
    assert not screen.start_button.isEnabled()
    assert "pvt-hale holds 7 Ammo Boxes" in screen.start_button.toolTip()
    assert "pvt-hale holds 7 Ammo Boxes" in screen.problems.text()
    assert screen.slots[1].boxes.text() == "7: 1 too many"
    qtbot.mouseClick(screen.suggest_button, Qt.MouseButton.LeftButton)
    assert screen.loadout() == SUGGESTED and screen.start_button.isEnabled()
    with qtbot.waitSignal(screen.start) as got:
        qtbot.mouseClick(screen.start_button, Qt.MouseButton.LeftButton)
    assert got.args == [SUGGESTED]


def equip_screen(qtbot: Any, progress: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The equip screen at the progress's equip step, the suggestion ``SUGGESTED`` and no
    loadout problems."""
    progress.phase = "equip"
    monkeypatch.setattr(equip, "suggest", lambda *a: SUGGESTED)
    monkeypatch.setattr(equip, "loadout_problems", lambda *a: [])
    screen = equip.EquipScreen()
    qtbot.addWidget(screen)
    screen.show_step(progress)
    return screen


def test_equip_says_what_is_left_of_the_allotment_and_what_port_boxes_are(
        qtbot: Any, progress: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new player read "M1 Garand rifle (2)" and a bare dash under Port Boxes and did not
    know what either meant: beside each row, how many are left to hand out; a line says what
    the allotment, the six Ammo Boxes and the Port Boxes are; a slot without them says none."""
    screen = equip_screen(qtbot, progress, monkeypatch)
    screen.resize(1200, 700)
    screen.show()
    qtbot.waitExposed(screen)
    left = {k: label.text() for k, (label, _n) in screen.left.items()}
    assert left == {("weapons", "thompson"): "0 of 1 left", ("weapons", "m1-garand"): "0 of 2 left",
                    ("ammo", "thompson"): "0 of 3 left", ("ammo", "m1-garand"): "0 of 6 left",
                    ("ammo", "mk2-grenade"): "0 of 2 left"}
    moss = screen.slots[2]
    qtbot.mouseClick(moss.weapons["m1-garand"], Qt.MouseButton.LeftButton)  # he puts it down
    assert screen.left[("weapons", "m1-garand")][0].text() == "1 of 2 left"
    moss.ammo["m1-garand"].setFocus()
    QTest.keyClick(moss.ammo["m1-garand"], Qt.Key.Key_Up)  # a fourth box for Moss: one too many
    assert screen.left[("ammo", "m1-garand")][0].text() == "1 too many (of 6)"
    assert moss.boxes.text() == "5 of 6"
    text = screen.explain.text()
    assert "left to hand out" in text and "at most 6 Ammo Boxes" in text
    # no machinegun on this mission: nothing explains Port Boxes, no row shows them (a
    # play-tester read them explained where they did not count)
    assert "Port Box" not in text
    heads = [w.text() for w in screen.findChildren(QLabel) if w.isVisible()]
    assert not [h for h in heads if "Port Box" in h], heads
    assert all(not col.port.isVisible() for col in screen.slots)


def test_equip_explains_port_boxes_where_the_mission_allots_a_machinegun(
        qtbot: Any, progress: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    mission = systems.load_scenario(systems.resolve("ambush-hedgerow"))
    step = Step("hedges", mission, 3,
                Allotment(weapons={"m1919": 1, "thompson": 1, "m1-garand": 2},
                          ammo={"m1919": 2, "thompson": 3, "m1-garand": 6, "mk2-grenade": 2}),
                Next(), title="The Hedges", brief="Through the hedges.", index=0)
    progress.campaign.steps = [step]
    progress.campaign.step = lambda sid: step
    progress.step_id = "hedges"
    screen = equip_screen(qtbot, progress, monkeypatch)
    screen.show()
    qtbot.waitExposed(screen)
    assert "Port Boxes are the places on a slot's card for a machinegun's pieces" in \
        screen.explain.text()
    ports = [col.port for col in screen.slots]
    assert all(p.isVisible() for p in ports)
    boxes = [mission.spec.squad[i].port_boxes for i in range(3)]
    assert [p.text() for p in ports] == [str(n) if n else "none" for n in boxes]
    assert ports[0].toolTip().startswith("<p>")  # rich text: Qt wraps it


def test_equip_reopens_on_the_choice_the_progress_keeps(
        qtbot: Any, progress: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(equip, "suggest", lambda *a: SUGGESTED)
    monkeypatch.setattr(equip, "loadout_problems", lambda *a: [])
    kept = Loadout([Kit("pvt-moss", ["thompson"], ["thompson"]), Kit("sgt-kane", [], []),
                    Kit("pvt-hale", ["m1-garand"], [])])
    progress.loadout, progress.phase = kept, "equip"
    screen = equip.EquipScreen()
    qtbot.addWidget(screen)
    screen.show_step(progress)
    assert screen.loadout() == kept


def _debrief() -> Debrief:
    return Debrief("farm", "us", 14,
                   [Fate("sgt-kane", "unhurt", 1, ["Gefreiter Lutz"]), Fate("pfc-ortiz", "wounded"),
                    Fate("pvt-dunn", "killed")],
                   recovered=["pvt-hale"], xp={"sgt-kane": 5, "pfc-ortiz": 3},
                   recruits=[Soldier("pvt-new", "Pvt Nash", 2, 6, 0, 3, 0, recruit=True)],
                   lines=["Pfc Ortiz misses 2 missions."],
                   rolls=[{"purpose": "Recovery: Pfc Ortiz, wounded", "faces": [2]}],
                   level="Decisive", next_step=None)


def test_after_mission_shows_the_fates_the_dice_and_raises_a_rating_through_the_engine(
        qtbot: Any, progress: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = after_mission.AfterMission()
    qtbot.addWidget(screen)
    screen.show_debrief(progress, _debrief())
    assert "The Quiet Farm — Decisive · 14 points" in screen.heading.text()
    fates = [[screen.fates.item(r, c).text() for c in range(5)] for r in range(3)]
    assert fates[0] == ["Sgt Kane", "unhurt", "1 (Gefreiter Lutz)", "+5", "fit"]
    assert fates[1][4] == "wounded: misses 2 more missions"
    assert fates[2][1:] == ["killed", "0", "+0", "dead"]
    # the experience is explained, not repeated ("+5" said only "+5": a play-test)
    tip = screen.fates.item(0, 3).toolTip()
    assert tip.startswith("+5: 1 for coming through the mission, 2 for 1 German he put out of "
                          "the fight (2 each), 2 for a US victory (campaign rule 5)"), tip
    assert "surrenders to a paragraph counts for nobody" in tip
    assert screen.fates.item(2, 3).toolTip() == "+0"  # the dead gain none
    story = screen.dice.toPlainText()
    assert "Recovery: Pfc Ortiz, wounded: 2" in story and "Pfc Ortiz misses 2 missions." in story
    assert "Pvt Hale" in story and "Pvt Nash" in story
    assert "the campaign's end" in screen.continue_button.text()
    # Kane (9 xp): WS is at its cap, PER costs 4
    assert screen.promote_man.currentData() == "sgt-kane"
    texts = [screen.promote_rating.itemText(i) for i in range(screen.promote_rating.count())]
    assert texts[2] == "WS 2: at its cap" and texts[3] == "PER 5 → 6: 4 xp"
    assert screen.promote_rating.currentData() == "ar"  # 8 xp: he can buy it
    screen.promote_rating.setCurrentIndex(2)
    assert not screen.promote_button.isEnabled() and "cap" in screen.promote_button.toolTip()
    screen.promote_rating.setCurrentIndex(3)
    with qtbot.waitSignal(screen.promoted):
        qtbot.mouseClick(screen.promote_button, Qt.MouseButton.LeftButton)
    kane = progress.roster.by_id("sgt-kane")
    assert (kane.per, kane.xp) == (6, 5) and progress.promotions[-1]["rating"] == "per"
    assert screen.promote_man.itemText(0) == "Sgt Kane (5 xp)"
    assert "Perception raised to 6; 5 experience left" in screen.promote_note.text()
    # the raise bought is told with what the campaign rules did, and in his history
    story = screen.dice.toPlainText()
    rules = story[story.index("What the campaign rules did"):story.index("The dice thrown")]
    assert "Sgt Kane: Perception raised to 6 (4 experience)." in rules
    assert kane.history[-1] == "Perception raised to 6 (4 experience)"
    screen.promote_rating.setCurrentIndex(0)  # AR: 8 xp, he has 5
    assert not screen.promote_button.isEnabled()
    assert "costs 8 experience; he has 5" in screen.promote_note.text()


def test_a_raise_bought_by_mistake_is_taken_back_by_undo_or_ctrl_z(
        qtbot: Any, progress: Any) -> None:
    """A play-test: Raise spent at once, with no way back, so a misclick cost a man his
    experience for good. Undo (Alt+U, or Ctrl+Z anywhere on the screen) names the raise it
    takes back and gives the rating and the experience back, until Continue."""
    screen = after_mission.AfterMission()
    qtbot.addWidget(screen)
    screen.show_debrief(progress, _debrief())
    screen.show()
    qtbot.waitExposed(screen)
    assert not screen.undo_button.isEnabled() and "Ctrl+Z" in screen.promotions.toolTip()
    assert screen.undo_button.text() == "&Undo the raise"
    screen.promote_rating.setCurrentIndex(3)  # Kane's Perception, 4 of his 9 xp
    with qtbot.waitSignal(screen.promoted):
        qtbot.mouseClick(screen.promote_button, Qt.MouseButton.LeftButton)
    kane = progress.roster.by_id("sgt-kane")
    assert (kane.per, kane.xp) == (6, 5)
    assert "Undo (Alt+U or Ctrl+Z) takes it back" in screen.promote_note.text()
    assert screen.undo_button.isEnabled()
    tip = screen.undo_button.toolTip()
    assert "Sgt Kane's Perception back to 5, and his 4 experience back" in tip, tip
    with qtbot.waitSignal(screen.promoted):  # the window saves the progress
        qtbot.mouseClick(screen.undo_button, Qt.MouseButton.LeftButton)
    assert (kane.per, kane.xp, progress.promotions) == (5, 9, [])
    assert kane.history[-1] == "The Ford: unhurt"
    assert "Taken back: Sgt Kane's Perception is 5 again; he has 9 experience" in \
        screen.promote_note.text()
    assert screen.promote_man.itemText(0) == "Sgt Kane (9 xp, can be promoted)"
    assert screen.promote_rating.currentData() == "per"  # ready to buy the right one
    assert "Sgt Kane: Perception" not in screen.dice.toPlainText()
    assert not screen.undo_button.isEnabled()
    # by the keyboard: Raise with Space, take it back with Ctrl+Z
    screen.activateWindow()
    screen.promote_button.setFocus()
    with qtbot.waitSignal(screen.promoted):
        qtbot.keyClick(screen.promote_button, Qt.Key.Key_Space)
    assert kane.per == 6
    with qtbot.waitSignal(screen.promoted):
        QTest.keyClick(screen.windowHandle(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert (kane.per, kane.xp) == (5, 9)
    progress.phase = "mission"  # the next mission started: nothing to take back
    screen._show_undo()
    assert not screen.undo_button.isEnabled()


def test_after_mission_opens_on_a_man_and_a_rating_he_can_buy_and_says_what_the_rest_need(
        qtbot: Any, progress: Any) -> None:
    """Played through: Sgt Hallam had 4 experience and the screen opened on his Action
    Rating (8), Raise greyed out, though Perception (4) was his to buy: the player saw no
    promotion to make. It opens on the first man and rating that can be bought, and a
    rating not yet affordable says how much more it needs."""
    progress.roster.by_id("sgt-kane").xp = 0
    progress.roster.by_id("pvt-hale").xp = 4
    screen = after_mission.AfterMission()
    qtbot.addWidget(screen)
    debrief = _debrief()
    debrief.xp = {"pvt-hale": 4}
    screen.show_debrief(progress, debrief)
    men = [screen.promote_man.itemText(i) for i in range(screen.promote_man.count())]
    assert men[0] == "Sgt Kane (0 xp)" and "Pvt Hale (4 xp, can be promoted)" in men
    assert screen.promote_man.currentData() == "pvt-hale"
    assert screen.promote_rating.currentData() == "per" and screen.promote_button.isEnabled()
    texts = [screen.promote_rating.itemText(i) for i in range(screen.promote_rating.count())]
    assert texts[0] == "AR 3 → 4: 8 xp (needs 4 more)" and texts[3] == "PER 3 → 4: 4 xp"
    screen.promote_button.setFocus()
    with qtbot.waitSignal(screen.promoted):
        qtbot.keyClick(screen.promote_button, Qt.Key.Key_Space)
    assert progress.roster.by_id("pvt-hale").per == 4


def test_equip_says_what_each_mans_ratings_are_and_how_they_are_worked_out(
        qtbot: Any, progress: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Play-test: the line "AR 4 · MPA 6 · WS 2 / PER 5 · LDR 3" under each man had only a
    list of the ratings' names, and its row no name. Its tooltip spells out each rating and
    what it does, and how his came to be (the starting roster's or a recruit's, raised with
    experience up to the caps, at the campaign's costs); the row is named "Ratings"."""
    from PySide6.QtWidgets import QLabel

    screen = equip_screen(qtbot, progress, monkeypatch)
    kane, _, moss = (col.ratings for col in screen.slots)
    assert kane.text() == "AR 4 · MPA 6 · WS 2\nPER 5 · LDR 3"
    tip = kane.toolTip()
    for line in ("AR 4: Action Rating: the AR Track column", "MPA 6: Movement Point Allowance",
                 "WS 2: Weapon Skill", "PER 5: Perception", "LDR 3: Leadership"):
        assert line in tip
    assert "starting roster" in tip and "campaign rule 6" in tip
    assert "AR 8 · MPA 6 · WS 5 · PER 4 · LDR 6" in tip  # the costs
    assert "never above AR 5 · MPA 7 · WS 2 · PER 6 · LDR 4" in tip  # the caps of this campaign
    assert "He has 9 experience unspent" in tip
    assert "a recruit's ratings (AR 2 · MPA 6 · WS 0 · PER 3 · LDR 0" in moss.toolTip()
    heads = {w.text(): w.toolTip() for w in screen.grid_holder.findChildren(QLabel)}
    assert "Ratings" in heads and "campaign rule 6" in heads["Ratings"]
    screen.slots[0].man.setCurrentIndex(screen.slots[0].man.findData("pvt-hale"))
    assert "Pvt Hale's ratings" in kane.toolTip() and "He has 1 experience" in kane.toolTip()
