"""The launcher's scenario cards: one per shipped scenario with its rules, modules, length
and measured balance; a changed file is "not measured"; the keyboard chooses and starts;
thumbnails are drawn after the first frame and kept on disk by the file's hash."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from ambush_gui import systems
from ambush_gui.core.files import read_data
from ambush_gui.gui import launcher_cards as lc
from ambush_gui.gui.launcher import Launcher

SHIPPED = [s for s in systems.shipped() if s.system in ("alley", "ambush")]


def _card(dlg: Launcher, name: str) -> Any:
    return next(c for c in dlg.cards.cards if c.info.name == name)


def test_every_shipped_scenario_has_a_card_with_its_rules_play_and_length(qtbot: Any) -> None:
    dlg = Launcher()
    qtbot.addWidget(dlg)
    assert sorted(c.info.name for c in dlg.cards.cards) == sorted(s.name for s in SHIPPED)
    for s in SHIPPED:
        card = _card(dlg, s.name)
        data = read_data(s.path)
        assert card.info.title == s.title
        if s.system == "ambush":
            assert card.rules.text().startswith("Ambush!")
            assert "Solitaire" in card.play.text()
            assert "operations turns" in card.length.text() and "rounds" in card.length.text()
        else:
            assert "either side" in card.play.text() and "Hot-seat" in card.play.text()
            assert card.length.text().startswith(f"{data['turn_limit']} turns")
            # "table" as the hex cards say "hex map" (a new player found no card that said it)
            assert card.rules.text().startswith("Ambush Alley (table)")
            if s.modules:
                assert "Force on Force modules: " in card.rules.text()
                for m in s.modules:
                    assert lc.MODULE_TITLES[m] in card.rules.text()
            else:
                assert card.rules.text() == "Ambush Alley (table)"
        # the brief's first words, cut short
        assert card.brief.text()[:40] == " ".join(str(data["brief"]).split())[:40]
    market = _card(dlg, "market-day").rules.text()
    assert market == "Ambush Alley (table), Force on Force modules: Civilians, IEDs, Combat Stress"


def test_the_tutorial_is_the_first_card_and_chosen_when_nothing_was_picked_before(
        qtbot: Any) -> None:
    """Issue 29: the launcher listed Hedgerows first, and selected it, though the tutorial
    is the first mission to play."""
    from PySide6.QtCore import QSettings

    QSettings("ambush-gui", "ambush-gui").remove("launcher/scenario")  # nothing picked before
    dlg = Launcher()
    qtbot.addWidget(dlg)
    names = [c.info.name for c in dlg.cards.cards]
    assert names[0] == "ambush-tutorial"
    assert names.index("ambush-tutorial") < names.index("ambush-hedgerow")
    assert [dlg.scenario.itemData(i) for i in range(dlg.scenario.count())] == \
        [str(c.info.path) for c in dlg.cards.cards]  # the list and the cards agree
    assert dlg.scenario.currentData() == str(systems.resolve("ambush-tutorial"))
    assert dlg.system() == "ambush"


def test_the_table_scenarios_come_shortest_first_the_one_to_learn_on_leading(qtbot: Any) -> None:
    """Issue 30: The Signal Box, the three-turn scenario to learn on, was listed last but one
    (by name) among the table scenarios."""
    dlg = Launcher()
    qtbot.addWidget(dlg)
    turns = {s.name: s.turns for s in systems.shipped()}
    table = [c.info.name for c in dlg.cards.cards if c.info.system == "alley"]
    assert table[0] == "the-signal-box" and turns["the-signal-box"] == 3
    assert [turns[n] for n in table] == sorted(turns[n] for n in table)
    # and its card says so: a new player looking for the table game to learn on could not
    # tell it (only the hex map's tutorial said it was one)
    learn = [c.info.name for c in dlg.cards.cards if "learn the table game" in c.length.text()]
    assert learn == ["the-signal-box"]
    assert _card(dlg, "the-signal-box").length.text() == \
        "3 turns · the shortest: start here to learn the table game"
    for i in range(dlg.scenario.count()):
        if "the-signal-box" in str(dlg.scenario.itemData(i)):
            dlg.scenario.setCurrentIndex(i)
    assert dlg.system_label.text().endswith("; Force on Force modules: Combat Stress, Mines")


def test_the_missions_follow_the_campaigns_order_not_the_alphabet(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: after the tutorial the Ambush! missions were listed by name (column,
    crossroads, hedgerow...), not in the order a player meets them. The order is the
    shipped campaign's, read from its file: a campaign listing them otherwise reorders them."""
    from ambush_gui.ambush.campaign import campaign as engine

    dlg = Launcher()
    qtbot.addWidget(dlg)
    names = [c.info.name for c in dlg.cards.cards]
    long_lane = read_data(engine.CAMPAIGNS / "the-long-lane.toml")
    played = [str(m["mission"]) for m in long_lane["missions"]]
    assert played[0] == "ambush-tutorial" and len(played) == 6
    assert names[:6] == played  # tutorial, hedgerow, raid, rescue, crossroads, column
    assert [dlg.scenario.itemData(i) for i in range(dlg.scenario.count())] == \
        [str(c.info.path) for c in dlg.cards.cards]  # the list and the cards agree
    other = tmp_path / "backwards.toml"
    other.write_text("[[missions]]\nmission = \"ambush-column\"\n"
                     "[[missions]]\nmission = \"ambush-raid\"\n", encoding="utf-8")
    monkeypatch.setattr(engine, "shipped", lambda: [other])
    dlg = Launcher()
    qtbot.addWidget(dlg)
    names = [c.info.name for c in dlg.cards.cards]
    assert names[:3] == ["ambush-tutorial", "ambush-column", "ambush-raid"]
    assert names[3:6] == ["ambush-crossroads", "ambush-hedgerow", "ambush-rescue"]  # the rest by name


def test_each_card_shows_the_committed_balance_of_its_own_version(qtbot: Any) -> None:
    table = lc.balance_table()
    assert table, "ambush_gui/data/balance.toml is missing (python tools/measure_balance.py)"
    dlg = Launcher()
    qtbot.addWidget(dlg)
    for card in dlg.cards.cards:
        entry = table.get(card.info.name)
        if entry and entry["sha256"] == lc.file_hash(card.info.path):
            wins, games = entry["wins"], entry["games"]
            assert card.balance.text().startswith(f"Balance, {games} computer games: ")
            assert card.balance.text().endswith(f"draws {round(100 * wins['draw'] / games)}%")
        else:
            assert "not measured" in card.balance.text()


def test_the_balance_line_names_the_sides_and_their_shares() -> None:
    ct = systems.resolve("contracting-trouble")
    table = {"contracting-trouble": {"sha256": lc.file_hash(ct), "games": 200,
                                     "wins": {"regular": 116, "insurgent": 74, "draw": 10}}}
    info = lc.card_info("contracting-trouble", "Contracting Trouble!", "alley", ct, table)
    assert info.balance == "Balance, 200 computer games: US Marines 58% · Insurgents 37% · draws 5%"
    assert info.measured
    tut = systems.resolve("ambush-tutorial")
    table = {"ambush-tutorial": {"sha256": lc.file_hash(tut), "games": 200,
                                 "wins": {"us": 84, "german": 34, "draw": 82}}}
    info = lc.card_info("ambush-tutorial", "The Quiet Farm", "ambush", tut, table)
    assert info.balance == "Balance, 200 computer games: US 42% · Germans 17% · draws 41%"


def test_a_file_changed_since_it_was_measured_says_not_measured(tmp_path: Path) -> None:
    ct = systems.resolve("contracting-trouble")
    table = {"contracting-trouble": {"sha256": lc.file_hash(ct), "games": 200,
                                     "wins": {"regular": 116, "insurgent": 74, "draw": 10}}}
    copy = tmp_path / "contracting-trouble.toml"
    shutil.copy(ct, copy)
    assert lc.card_info("contracting-trouble", "CT", "alley", copy, table).measured
    text = ct.read_text(encoding="utf-8")
    assert "turn_limit = 4" in text
    copy.write_text(text.replace("turn_limit = 4", "turn_limit = 9"), encoding="utf-8")
    info = lc.card_info("contracting-trouble", "CT", "alley", copy, table)
    assert info.balance == "Balance not measured for this version" and not info.measured
    assert info.length == "9 turns"
    assert lc.card_info("nobody-measured-me", "X", "alley", copy, table).balance == \
        "Balance not measured yet"


def test_arrow_keys_move_between_cards_and_choose_the_scenario(qtbot: Any) -> None:
    dlg = Launcher()
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.cards.choose(0)
    assert dlg.scenario.currentIndex() == 0 and dlg.cards.cards[0].selected
    qtbot.keyClick(dlg.cards, Qt.Key.Key_Down)
    step = dlg.cards.columns
    assert dlg.scenario.currentIndex() == step
    assert dlg.cards.cards[step].selected and not dlg.cards.cards[0].selected
    qtbot.keyClick(dlg.cards, Qt.Key.Key_Right)
    assert dlg.scenario.currentIndex() == step + 1
    qtbot.keyClick(dlg.cards, Qt.Key.Key_Left)
    qtbot.keyClick(dlg.cards, Qt.Key.Key_Up)
    assert dlg.scenario.currentIndex() == 0
    qtbot.keyClick(dlg.cards, Qt.Key.Key_End)
    assert dlg.scenario.currentIndex() == len(SHIPPED) - 1
    # and the drop-down moves the cards
    dlg.scenario.setCurrentIndex(2)
    assert dlg.cards.current == 2 and dlg.cards.cards[2].selected


def shown_recording_starts(qtbot: Any) -> tuple[Launcher, list[tuple[str, str, int]]]:
    """A launcher on screen, and the list its New game requests are recorded in."""
    dlg = Launcher()
    qtbot.addWidget(dlg)
    dlg.show()
    started: list[tuple[str, str, int]] = []
    dlg.newGame.connect(lambda *a: started.append(a))
    return dlg, started


def test_enter_on_a_card_starts_that_scenario_with_the_forms_players(qtbot: Any) -> None:
    dlg, started = shown_recording_starts(qtbot)
    dlg.cards.setFocus()
    ct = next(i for i, c in enumerate(dlg.cards.cards) if c.info.name == "contracting-trouble")
    dlg.cards.choose(0)
    for _ in range(ct):
        qtbot.keyClick(dlg.cards, Qt.Key.Key_Right)
    assert dlg.cards.current == ct
    solo = next(b for b in dlg.mode_group.buttons() if b.property("mode") == "insurgent")
    solo.setChecked(True)
    qtbot.keyClick(dlg.cards, Qt.Key.Key_Return)
    assert len(started) == 1
    assert started[0][0] == str(systems.resolve("contracting-trouble"))
    assert started[0][1] == "insurgent" and started[0][2] == dlg.seed.value()


def test_a_double_click_on_a_card_starts_it(qtbot: Any) -> None:
    dlg, started = shown_recording_starts(qtbot)
    card = dlg.cards.cards[1]
    qtbot.mouseDClick(card, Qt.MouseButton.LeftButton)
    assert started and started[0][0] == str(card.info.path)


def test_thumbnails_wait_for_the_first_frame_then_come_from_the_disk_cache(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[Path] = []
    after_a_frame: list[bool] = []
    real = lc.render_thumbnail

    def counting(path: Path, system: str) -> Any:
        drawn.append(path)
        after_a_frame.append(dlg.cards._painted)
        return real(path, system)

    monkeypatch.setattr(lc, "render_thumbnail", counting)
    dlg = Launcher()
    qtbot.addWidget(dlg)
    dlg.show()
    assert drawn == [] and not any(c.thumb_drawn for c in dlg.cards.cards)  # not before a frame
    qtbot.waitUntil(lambda: all(c.thumb_drawn for c in dlg.cards.cards), timeout=30000)
    assert sorted(drawn) == sorted(s.path for s in SHIPPED)
    assert all(after_a_frame)  # each drawn after the cards' first frame was painted
    for card in dlg.cards.cards:
        assert lc.thumbnail_path(card.info.sha256).exists()
        assert not card.thumb.pixmap().isNull()
    # the next launcher reads them from the disk: nothing drawn again
    drawn.clear()
    again = Launcher()
    qtbot.addWidget(again)
    again.show()
    qtbot.waitUntil(lambda: all(c.thumb_drawn for c in again.cards.cards), timeout=30000)
    assert drawn == []


def test_a_thumbnail_shows_the_map_not_a_blank_box() -> None:
    for s in SHIPPED:
        info = lc.card_info(s.name, s.title, s.system, s.path, {})
        image = lc.render_thumbnail(info.path, info.system)
        colours = {image.pixel(x, y) for x in range(0, image.width(), 7)
                   for y in range(0, image.height(), 7)}
        assert len(colours) > 8, s.name


def test_the_ambush_length_defaults_are_the_missions_own() -> None:
    from ambush_gui.ambush.mission import DEFAULT_ROUND_LIMIT, DEFAULT_TURN_LIMIT

    assert (lc.AMBUSH_TURN_LIMIT, lc.AMBUSH_ROUND_LIMIT) == (DEFAULT_TURN_LIMIT, DEFAULT_ROUND_LIMIT)


def test_the_scenario_picked_before_0_9_is_picked_again(qtbot: Any) -> None:
    """Issue 33: the launcher remembers the scenario picked last by its path, and versions
    before 0.9.0 kept the shipped files beside the package: that setting still picks it."""
    from PySide6.QtCore import QSettings

    old = "/home/someone/ambush-gui/scenarios/market-day.toml"
    QSettings("ambush-gui", "ambush-gui").setValue("launcher/scenario", old)
    dlg = Launcher()
    qtbot.addWidget(dlg)
    assert dlg.scenario.currentData() == str(systems.SCENARIO_DIR / "market-day.toml")


def test_the_first_way_to_play_is_hot_seat_then_the_last_one_chosen(qtbot: Any) -> None:
    """A play-test: a pair at one machine found Contracting Trouble set for one player
    against the computer. Two at this computer is offered first, the program's first use;
    then the way chosen last, remembered (a play-test once found the launcher back on
    hot-seat every time, before it was)."""
    from PySide6.QtCore import QSettings

    from ambush_gui.gui.launcher import LAST_MODE

    QSettings("ambush-gui", "ambush-gui").remove(LAST_MODE)  # (the settings outlive a test)
    dlg = Launcher()
    qtbot.addWidget(dlg)
    dlg.scenario.setCurrentIndex(dlg.scenario.findText("Contracting Trouble!"))
    assert dlg.mode() == "hotseat"
    started: list[str] = []
    dlg.newGame.connect(lambda path, mode, seed: started.append(mode))
    solo = next(b for b in dlg.mode_group.buttons() if b.property("mode") == "regular")
    solo.setChecked(True)
    dlg._new()
    assert started == ["regular"]
    again = Launcher()
    qtbot.addWidget(again)
    again.scenario.setCurrentIndex(again.scenario.findText("Contracting Trouble!"))
    assert again.mode() == "regular"
    again.scenario.setCurrentIndex(again.scenario.findText("The Quiet Farm (tutorial)"))
    assert again.mode() == "solo"  # a mission has one way
    QSettings("ambush-gui", "ambush-gui").remove(LAST_MODE)


def test_the_chosen_card_says_how_it_will_be_played(qtbot: Any) -> None:
    """The way to play was only in the form beside the cards: the chosen card says it, and
    follows a change; the other cards say how they can be played."""
    from PySide6.QtCore import QSettings

    from ambush_gui.gui.launcher import LAST_MODE

    QSettings("ambush-gui", "ambush-gui").remove(LAST_MODE)
    dlg = Launcher()
    qtbot.addWidget(dlg)
    i = dlg.scenario.findText("Contracting Trouble!")
    dlg.scenario.setCurrentIndex(i)
    card = dlg.cards.cards[i]
    assert card.play.text() == "Players: Hot-seat: two players at this computer"
    assert card.play.font().bold()
    solo = next(b for b in dlg.mode_group.buttons() if b.property("mode") == "insurgent")
    solo.setChecked(True)
    assert card.play.text().startswith("Players: Play the ") and "against the computer" in card.play.text()
    other = next(j for j in range(len(dlg.cards.cards)) if j != i
                 and dlg.cards.cards[j].info.system == "alley")
    dlg.scenario.setCurrentIndex(other)
    assert card.play.text() == card.info.play and not card.play.font().bold()
    assert dlg.cards.cards[other].play.text().startswith("Players: ")


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_cards_scroll_to_their_last_card_and_no_further(qtbot: Any, size: tuple[int, int]) -> None:
    """A play-tester scrolled the list to its end and found a screen of blank grid: the
    cards' wrapped words were counted at their narrowest for the grid's height."""
    dlg = Launcher()
    qtbot.addWidget(dlg)
    dlg.resize(*size)
    dlg.show()
    qtbot.waitExposed(dlg)
    grid = dlg.cards
    qtbot.waitUntil(lambda: grid.widget().height() > 0)
    last = max(c.geometry().bottom() for c in grid.cards)
    header = grid.own_header.geometry().bottom() if grid.own_header is not None else 0
    assert grid.widget().height() <= max(last, header) + 40
    grid.verticalScrollBar().setValue(grid.verticalScrollBar().maximum())
    assert grid.cards[-1].visibleRegion().boundingRect().height() > 0 \
        or grid.own_header is not None and grid.own_header.visibleRegion().boundingRect().height() > 0


def test_at_the_largest_text_the_titles_wrap_rather_than_being_cut(qtbot: Any) -> None:
    """A player at the largest text saw "Ambush! campaign: one squad fr", "Choose a
    scenario or missi" and "The Quiet Farm (tutoria" cut at the launcher's edge: the
    headings and the cards' titles wrap onto a second line instead."""
    from PySide6.QtWidgets import QLabel

    from ambush_gui.gui.shared import theme

    was = theme.comfort.scale
    theme.comfort.scale = theme.SCALE_STEPS[-1]
    try:
        dlg = Launcher()
        qtbot.addWidget(dlg)
        dlg.resize(1240, 760)
        dlg.show()
        qtbot.waitExposed(dlg)
        titles = {c.info.title for c in dlg.cards.cards}
        titles |= {"Ambush! campaign: one squad from mission to mission",
                   "Choose a scenario or mission"}
        shown = [lab for lab in dlg.findChildren(QLabel) if lab.text() in titles]
        assert {lab.text() for lab in shown} == titles
        cut = [lab.text() for lab in shown if not lab.wordWrap()
               and lab.fontMetrics().horizontalAdvance(lab.text()) > lab.width()]
        assert cut == []
    finally:
        theme.comfort.scale = was
