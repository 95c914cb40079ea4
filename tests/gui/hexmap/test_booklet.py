"""Ambush! shows what the booklet shows: the mission brief when a mission starts and one
click away after, a German's card with his Action Number table, the Mission Card with its
Paragraph Check overlay, the tutorial's "what to do next", the move/snap fire's shot
during the move; and the defects: the move path's start hex, the paragraphs of a game
opened from a save, a stale Event banner, bazooka rounds, the bold pilcrow."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtGui import QFontMetricsF  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QPushButton, QTabBar  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.ambush.charts import Side  # noqa: E402
from ambush_gui.core.decisions import Decision, DecisionKind  # noqa: E402
from ambush_gui.core.events import Event  # noqa: E402
from ambush_gui.core.hexgrid import Hex  # noqa: E402
from ambush_gui.gui.hexmap.ammo import ammo_text  # noqa: E402
from ambush_gui.gui.hexmap.dialogs import ON_THE_MAP  # noqa: E402
from ambush_gui.gui.hexmap.dialogs.actions import AmbushStepPrompt  # noqa: E402
from ambush_gui.gui.hexmap.dialogs.common import weapons_text  # noqa: E402
from ambush_gui.gui.hexmap.german_card import GermanCardView, revealed  # noqa: E402
from ambush_gui.gui.hexmap.mission_card import check_hexes, event_rows  # noqa: E402
from ambush_gui.gui.hexmap.panels import SoldierCard  # noqa: E402
from ambush_gui.gui.hexmap.paragraph_reader import ParagraphReader, para  # noqa: E402
from ambush_gui.gui.hexmap.tutorial import (  # noqa: E402
    DONE,
    LESSONS,
    done_lessons,
    is_tutorial,
    tutorial_hint,
)
from ambush_gui.gui.hexmap.view import _fitted_font  # noqa: E402
from ambush_gui.gui.hexmap.window import AmbushWindow  # noqa: E402
from ambush_gui.gui.shared import paths, theme  # noqa: E402
from ambush_gui.gui.shared.controller import GameController  # noqa: E402
from tests.gui.hexmap.test_ambush_panels import mid_round, new_game  # noqa: E402
from tests.gui.hexmap.test_ambush_playthrough import (  # noqa: E402
    LEFT,
    NONE,
    SOLO,
    TUTORIAL_SEED,
    open_window,
)


def window_for(qtbot: Any, game: Any) -> AmbushWindow:
    """A window opened on a game already under way (as the launcher opens a save)."""
    win = AmbushWindow(GameController(game, SOLO, autosave=paths.autosave_path(), delay_ms=0))
    qtbot.addWidget(win)
    win.resize(1600, 1000)
    win.show()
    qtbot.waitExposed(win)
    win.start()
    return win


def on_top(dock: Any) -> bool:
    """The dock is shown and its tab is the one in front."""
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def tutorial_game() -> Any:
    g = systems.new_game(systems.load_scenario(systems.resolve("ambush-tutorial")), TUTORIAL_SEED)
    g.start()
    return g


# -- the brief ----------------------------------------------------------------------------------


def test_the_brief_opens_beside_the_map_when_the_mission_starts_and_comes_back(qtbot: Any) -> None:
    win = open_window(qtbot, "ambush-tutorial", TUTORIAL_SEED)
    spec = win.controller.game.spec
    assert on_top(win.brief_dock)
    assert not win.brief_dock.geometry().intersects(win.map.geometry())  # never over the map
    text = win.brief.text()
    assert "Your three men are to look at a farm" in text
    for lv in spec.victory.levels:
        assert lv.result in text
    assert spec.end.text in text
    assert "Condition A: The farm is quiet — at the start" in text
    assert "Condition B: The Germans are alert" in text
    assert "enters the map by 0102, 0103, 0104" in text
    assert "Sgt Doyle — M1A1 Thompson submachinegun" in text
    qtbot.mouseClick(win.brief.close_button, LEFT)
    assert not on_top(win.brief_dock) and on_top(win.reader_dock)
    assert "Brief" in tab_titles(win)  # behind the paragraphs, one click away
    qtbot.mouseClick(win.mission_panel.brief_button, LEFT)  # one click away
    assert on_top(win.brief_dock)
    win.close_brief()
    help_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Help")
    entry = next(a for a in help_menu.actions() if a.text() == "Mission &brief")
    assert entry.shortcut().toString() == "Ctrl+B"
    entry.trigger()
    assert on_top(win.brief_dock)


def test_a_game_under_way_opens_on_the_map_not_the_brief(qtbot: Any) -> None:
    win = window_for(qtbot, mid_round())
    assert not on_top(win.brief_dock) and on_top(win.reader_dock)
    assert "Victory" in win.brief.text()  # ready for Ctrl+B


def tab_titles(win: Any) -> set[str]:
    """The titles of the window's tabs a player can see."""
    return {bar.tabText(i) for bar in win.findChildren(QTabBar) if bar.isVisible()
            for i in range(bar.count())}


def test_the_brief_tab_is_there_after_continuing_the_autosave(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: the tutorial, a Round played, File > New game, Continue the autosaved game:
    the window opened with no Brief tab (a game under way hid it, and the layout kept for
    the next window had it closed). Its tab is always there; the paragraphs in front."""
    from ambush_gui.ai.ambush_ai import AmbushAI
    from ambush_gui.gui import app
    from ambush_gui.gui.shared.pacing import Pace

    monkeypatch.setattr(app, "saved_pace", lambda: Pace.INSTANT)
    session = app.Session()
    first = session.new_game(systems.resolve("ambush-tutorial"), "solo", TUTORIAL_SEED)
    assert first is not None
    qtbot.addWidget(first)
    c, ai = first.controller, AmbushAI()
    while c.game.state.round < 2:  # a Round played
        qtbot.waitUntil(lambda: not c.busy, timeout=5000)
        d = c.pending()
        assert d is not None
        c.answer(ai.choose(c.game, d))
    qtbot.waitUntil(lambda: not c.busy, timeout=5000)
    first.close_brief()
    assert "Brief" in tab_titles(first)  # "Close the brief": back to the paragraphs, tab kept
    first.new_game_action.trigger()
    launcher: Any = session.launcher_window
    qtbot.addWidget(launcher)
    qtbot.mouseClick(launcher.cont, LEFT)
    second = session.windows[-1]
    qtbot.addWidget(second)
    assert second is not first and second.controller.game.decisions == c.game.decisions
    qtbot.waitExposed(second)
    assert "Brief" in tab_titles(second) and on_top(second.reader_dock)
    # and a window opened on a layout kept with the brief closed (by an older version)
    second.brief_dock.hide()
    second.remember_layout()
    third = window_for(qtbot, mid_round())
    third.place_on_screen()
    assert "Brief" in tab_titles(third) and not on_top(third.brief_dock)


def test_another_game_in_the_window_brings_its_own_brief_and_no_tutorial_line(qtbot: Any) -> None:
    win = open_window(qtbot, "ambush-tutorial", TUTORIAL_SEED)
    assert win.mission_panel.hint.isVisible()
    win.controller.replace_game(mid_round())
    assert "The Hedgerows of Saint-Aubin" in win.brief.text()
    assert "The Quiet Farm" not in win.brief.text()
    assert win.mission_panel.hint.isHidden()
    assert win.reader.entries  # its paragraphs, read again from its log


# -- the German card ------------------------------------------------------------------------------


def test_clicking_a_german_counter_shows_his_card_with_the_condition_in_force(qtbot: Any) -> None:
    game = mid_round()
    win = window_for(qtbot, game)
    german = next(s for s in game.state.soldiers.values() if s.side is Side.GERMAN and s.hex)
    d = win.controller.pending()
    assert d is not None and d.kind not in ON_THE_MAP  # a click on him only shows him
    QTest.mouseClick(win.map.viewport(), LEFT, NONE, win.map.counter_pos(german.id))
    card = win.german_card
    assert card.soldier_id == german.id and on_top(win.german_dock)
    spec = game.scenario.german(german.number)
    assert spec.name in card.text() and f"counter {spec.letter}" in card.text()
    t = card.table
    conds = list(game.spec.conditions)
    assert [t.horizontalHeaderItem(c).text() for c in range(t.columnCount())] == \
        ["AN", *conds, *spec.reactions, "S"]
    for n in range(10):
        assert t.cell(n, 0) == str(n)
        for i, c in enumerate(conds):
            assert t.cell(n, 1 + i) == str(spec.columns[c][n])
        for r, reaction in spec.reactions.items():
            assert t.cell(n, t.column_headed(r)) == str(reaction.column[n])
        assert t.cell(n, t.column_headed("S")) == str(spec.self_preservation[n])
    now = 1 + conds.index(game.state.condition)
    assert t.current == now
    assert t.item(3, now).background().color() == theme.BOOKLET_CURRENT
    assert t.item(3, 0).background().color() != theme.BOOKLET_CURRENT
    assert f"{game.state.condition}</b>: the Condition in force" in card.legend.text()
    # back to a US soldier: the soldier card comes forward again
    us = next(s for s in game.state.soldiers.values() if s.side is Side.US)
    win._on_pick(us.id)
    assert on_top(win.card_dock) and win.card.soldier_id == us.id


def test_the_german_list_names_only_the_germans_who_have_shown_themselves(qtbot: Any) -> None:
    game = mid_round()
    view = GermanCardView()
    qtbot.addWidget(view)
    picked: list[str] = []
    view.soldierPicked.connect(picked.append)
    view.show_state(game)
    shown = sorted((s for s in game.state.soldiers.values() if revealed(s)), key=lambda s: s.number)
    hidden = [s for s in game.state.soldiers.values() if s.side is Side.GERMAN and not revealed(s)]
    assert shown and hidden  # seed 1: some Germans are still face down
    assert [view.picker.itemData(i) for i in range(view.picker.count())] == [s.id for s in shown]
    assert view.soldier_id == shown[0].id
    view.picker.activated.emit(0)
    assert picked == [shown[0].id]
    fresh = GermanCardView()
    qtbot.addWidget(fresh)
    fresh.show_state(new_game())
    assert fresh.soldier_id is None and fresh.picker.isHidden() and not fresh.hint.isHidden()


# -- the Mission Card ---------------------------------------------------------------------------


def test_the_mission_card_and_its_paragraph_check_overlay(qtbot: Any) -> None:
    win = open_window(qtbot, "ambush-tutorial", TUTORIAL_SEED)
    game = win.controller.game
    mission, cond = game.scenario, game.state.condition
    qtbot.mouseClick(win.mission_panel.card_button, LEFT)
    assert on_top(win.card_view_dock)
    assert not win.card_view_dock.geometry().intersects(win.map.geometry())
    view = win.mission_card
    conds = list(game.spec.conditions)
    assert event_rows(mission)[5] == ["7", "—", "16"]  # Condition B's own line 7
    for row, total in enumerate(range(2, 13)):
        for i, c in enumerate(conds):
            n = mission.event_paragraph(total, c)
            assert view.events.cell(row, 1 + i) == (str(n) if n is not None else "—")
    assert view.events.current == 1 + conds.index(cond)
    assert f"► {cond}</b>: <b>{game.spec.conditions[cond].name}</b> (in force)" in view.conditions.text()
    assert "approach (0302-0404)" in view.checks.text() and "hex 0502" in view.checks.text()
    # the overlay, from the View menu (C): the engine's own checks, hover names the paragraph
    assert win.map.checks == {}
    win.checks_action.trigger()
    assert win.map.checks == check_hexes(mission, cond)
    assert win.map.checks["0502"] == 5 and win.map.checks["0302"] == 1 and "0101" not in win.map.checks
    assert view.show_checks.isChecked()
    tip = win.map.tooltip_at(win.map.hex_centre("0502"))
    assert "Paragraph Check: paragraph 5 is read" in tip
    win._on_hover("0502")
    assert win.statusBar().currentMessage().endswith("; Paragraph Check: paragraph 5")
    view.show_checks.setChecked(False)
    assert win.map.checks == {} and not win.checks_action.isChecked()


# -- the tutorial ---------------------------------------------------------------------------------


def _did(kind: str, **data: Any) -> Event:
    return Event(kind, kind, data)


def test_the_tutorial_says_what_to_do_next_until_every_lesson_is_done(qtbot: Any) -> None:
    win = open_window(qtbot, "ambush-tutorial", TUTORIAL_SEED)
    game = win.controller.game
    hint = win.mission_panel.hint
    assert is_tutorial(game) and hint.isVisible()
    assert "Click a highlighted hex to bring " in hint.text()
    assert win.mission_panel.prompt.isHidden()  # the line stands in for the prompt
    d = win.controller.pending()
    step = next(o for o in d.options if isinstance(o, dict) and o.get("to") not in (None, "off"))
    win._on_pick(step["soldier"])
    QTest.mouseClick(win.map.viewport(), LEFT, NONE, win.map.hex_centre(step["to"]))
    assert "move" in done_lessons(game.log.events, {s.id for s in game.state.side(Side.US)})
    assert "Walk on, hex by hex" in hint.text() and "fire" in hint.text()
    # every lesson done (as the log would say): the line says so once, then stops
    us = step["soldier"]
    game.log.events.extend([_did("fire", firer=us, weapon="w"), _did("throw", soldier=us),
                            _did("give_turn", commander=us, receiver=us)])
    win._refresh()
    assert hint.isVisible() and hint.text().endswith(DONE)
    win._refresh()
    assert DONE not in hint.text()  # the lesson of the moment stays, the line is gone
    assert "▶" not in hint.text()


def test_the_tutorial_hint_names_the_button_of_the_next_lesson() -> None:
    game = tutorial_game()
    game.state.soldiers["sgt-doyle"].hex = Hex.from_label("0102")  # on the map, in a fight
    turn = Decision(side="us", kind=DecisionKind.AMBUSH_ACTION, prompt="",
                    options=({"action": "aimed"}, {"action": "move"}, {"action": "pass"}),
                    facts={"soldier": "sgt-doyle"})
    assert tutorial_hint(game, turn, {"move"}) == \
        "Sgt Doyle's turn: choose Aimed fire, then pick a German as the target."
    assert "cannot throw a grenade now" in tutorial_hint(game, turn, {"move", "fire"})
    throw = Decision(side="us", kind=DecisionKind.AMBUSH_ACTION, prompt="",
                     options=({"action": "grenade", "to": "0502"}, {"action": "give_turn",
                                                                    "soldier": "pfc-reyes"}),
                     facts={"soldier": "sgt-doyle"})
    said = tutorial_hint(game, throw, {"move", "fire"})
    assert "choose Throw a grenade" in said
    # its card names the hex: there is no hex to click (a play-test clicked for nothing)
    assert "click" not in said and "names the hex it lands in" in said, said
    assert "choose Give a turn" in tutorial_hint(game, throw, {"move", "fire", "throw"})
    assert tutorial_hint(game, throw, set(LESSONS)) == ""
    german = Decision(side="german", kind=DecisionKind.AMBUSH_ACTION, prompt="", options=("x",))
    assert tutorial_hint(game, german, set()) == ""


def test_the_hint_never_says_cannot_for_what_he_could_never_do_and_says_a_cause_once() -> None:
    """Issue 29 play-test: "cannot throw a grenade" to a man with no grenade, and "cannot
    give a turn" again at every turn. A man with no grenade and no command is told what his
    turn offers, or nothing; a man who could is told why not, once per cause."""
    game = tutorial_game()
    assert not any("grenade" in k for k in game.state.soldiers["pvt-small"].ammo)
    game.state.soldiers["sgt-doyle"].hex = Hex.from_label("0102")

    def turn(sid: str, *options: dict[str, Any], why: str = "") -> Decision:
        rows = [{"action": "grenade", "why": why}] if why else []
        return Decision(side="us", kind=DecisionKind.AMBUSH_ACTION, prompt="",
                        options=(*options, {"action": "pass"}),
                        facts={"soldier": sid, "not_legal": rows})

    done = {"move", "fire"}  # left: throw a grenade, give a turn
    small = turn("pvt-small", {"action": "aimed"}, {"action": "move"})
    assert tutorial_hint(game, small, done, noted={}) == ""
    assert "cannot" not in tutorial_hint(game, small, {"move"}, noted={})
    noted: dict[str, Any] = {}
    first = turn("sgt-doyle", {"action": "move"}, why="no enemy he can see within his throw")
    hint = tutorial_hint(game, first, done, noted=noted)
    assert "Sgt Doyle cannot throw a grenade now (no enemy he can see" in hint
    assert tutorial_hint(game, first, done, noted=noted) == hint  # the same turn, again
    again = turn("sgt-doyle", {"action": "move"}, why="no enemy he can see within his throw")
    assert tutorial_hint(game, again, done, noted=noted) == ""  # said once
    other = turn("sgt-doyle", {"action": "move"}, why="Sgt Doyle is prone")
    assert "cannot throw a grenade now (Sgt Doyle is prone)" in \
        tutorial_hint(game, other, done, noted=noted)


def test_a_man_off_the_map_is_told_what_his_turn_can_do_not_that_he_cannot() -> None:
    """A play-test: the sergeant, not yet on the map at his turn, was told "Sgt Doyle cannot
    give a turn now (...)", which read as an error. He is told that his turn can bring him
    on, how, and that giving a turn comes once he is on the map with his men."""
    game = tutorial_game()
    assert game.state.soldiers["sgt-doyle"].hex is None
    turn = Decision(side="us", kind=DecisionKind.AMBUSH_ACTION, prompt="",
                    options=({"action": "move"}, {"action": "pass"}),
                    facts={"soldier": "sgt-doyle", "not_legal": [
                        {"action": "give_turn", "why": "no unwounded aware soldier in the 1-Turn "
                                                       "or Complete space within two hexes"}]})
    hint = tutorial_hint(game, turn, {"move", "fire", "throw"}, noted={})
    assert "cannot" not in hint, hint
    assert hint.startswith("Sgt Doyle is still off the map, so this turn can bring him on: "
                           "choose Move, then a highlighted hex at the map's edge, or Pass."), hint
    assert "a later turn can give a turn" in hint
    noted: dict[str, Any] = {}
    assert tutorial_hint(game, turn, {"move", "fire", "throw"}, noted=noted) == hint
    later = Decision(side="us", kind=DecisionKind.AMBUSH_ACTION, prompt="",
                     options=turn.options, facts=turn.facts)
    assert tutorial_hint(game, later, {"move", "fire", "throw"}, noted=noted) == ""  # said once


def test_a_mission_that_is_no_tutorial_shows_no_hint(qtbot: Any) -> None:
    win = open_window(qtbot, "ambush-hedgerow", 1)
    assert not is_tutorial(win.controller.game)
    assert win.mission_panel.hint.isHidden() and win.mission_panel.prompt.isVisible()


# -- move/snap fire in the step prompt (AR-090) -------------------------------------------------------


def _move(snap: str | None, options: tuple[Any, ...] = ("stop",)) -> Decision:
    facts: dict[str, Any] = {"soldier": "sgt-doyle", "left": 1, "from": "0403", "start": "0203",
                             "entered": ["0303", "0403"]}
    if snap is not None:
        facts["snap"] = snap
        if snap == "waiting":
            facts["snap_why"] = "No German in sight to snap-fire at"
    return Decision(side="us", kind=DecisionKind.AMBUSH_MOVE, prompt="", options=options, facts=facts)


def test_the_step_prompt_says_why_the_snap_shot_waits_and_offers_it_when_it_can(qtbot: Any) -> None:
    game = tutorial_game()
    prompt = AmbushStepPrompt()
    qtbot.addWidget(prompt)
    prompt.set_decision(_move("waiting"), game)
    prompt.show()
    assert "No German in sight to snap-fire at" in prompt.hint.text()
    waiting = [b for b in prompt.findChildren(QPushButton) if b.text() == "Snap shot"]
    assert len(waiting) == 1 and not waiting[0].isEnabled()
    assert "AR-090" in waiting[0].toolTip()
    prompt.set_decision(_move("ready", ("snap", "stop")), game)
    chosen: list[Any] = []
    prompt.chosen.connect(chosen.append)
    ready = [b for b in prompt.findChildren(QPushButton) if b.text() == "Snap shot" and b.isVisible()]
    assert len(ready) == 1 and ready[0].isEnabled()
    qtbot.mouseClick(ready[0], LEFT)
    assert chosen == ["snap"]


def test_the_move_path_starts_where_the_move_started(qtbot: Any) -> None:
    """Defect 6: a move from 0203 through 0303 to 0403 read "0403 → 0303 → 0403"."""
    prompt = AmbushStepPrompt()
    qtbot.addWidget(prompt)
    prompt.set_decision(_move(None), tutorial_game())
    assert "path: 0203 → 0303 → 0403" in prompt.detail.text()


# -- defects ------------------------------------------------------------------------------------------


def test_a_game_opened_from_a_save_shows_its_paragraphs(qtbot: Any) -> None:
    """Defect 7: the Paragraphs dock said "No paragraph has been read yet"."""
    game = mid_round()
    win = window_for(qtbot, game)
    read = [e for e in game.log.events if e.kind == "paragraph" and "option" in e.data]
    assert read and len(win.reader.entries) == len(read)
    assert win.reader.page_number == para(read[-1].data["paragraph"])
    assert "No paragraph has been read yet" not in win.reader.shown_text()
    assert win.reader.history.count() == len(read)


def test_an_event_banner_shows_above_its_own_paragraph_only(qtbot: Any) -> None:
    """Defect 8: "Event column 5: paragraph 33" stayed up above another paragraph."""
    game = new_game()
    r = ParagraphReader()
    qtbot.addWidget(r)
    r.set_mission(game.scenario)
    r.deferred = True
    r.show()
    r.add(_did("event", total=5, paragraph="33"))
    r.add(Event("paragraph", "¶33", {"paragraph": 33, "option": 0, "german": None, "actions": []}))
    r.add(_did("german-turn", german=1, action_number=4, column="B"))
    r.add(Event("paragraph", "¶9", {"paragraph": 9, "option": 0, "german": 1, "actions": []}))
    r.flush()
    assert r.page_number == para(9) and r.banner.isHidden()
    r.step(1)  # back to the Event Check's paragraph: its banner with it
    assert r.page_number == para(33) and r.banner.isVisible()
    assert r.banner.text() == "Event column 5: paragraph 33"
    r.step(-1)
    assert r.page_number == para(9) and r.banner.isHidden()
    # a Condition changed by the paragraph on show stays above it, until the next one
    r.add(_did("condition", frm="A", to="B"))
    assert r.banner.isVisible()
    r.add(Event("paragraph", "¶10", {"paragraph": 10, "option": 0, "german": 1, "actions": []}))
    r.flush()
    assert r.banner.isHidden()
    # an Event that reads nothing does not lend its banner to the next paragraph
    r.add(_did("roll", purpose="Event column (AR-029)", faces=[3, 4]))
    r.add(_did("event", total=7))
    r.add(Event("paragraph", "¶11", {"paragraph": 11, "option": 0, "german": 1, "actions": []}))
    r.flush()
    assert r.entries[-1].banner == "" and r.banner.isHidden()


def test_ammo_boxes_are_named_as_what_they_hold(qtbot: Any) -> None:
    """Defect 9: a bazooka man's rounds read "2 × M1 bazooka"."""
    game = tutorial_game()
    charts = game.charts
    assert ammo_text(charts, "bazooka", 2) == "2 M1 bazooka rounds"
    assert ammo_text(charts, "bazooka", 1) == "1 M1 bazooka round"
    assert ammo_text(charts, "m1-garand", 3) == "3 M1 Garand rifle clips"
    assert ammo_text(charts, "mk2-grenade", 1) == "1 Mk 2 hand grenade"
    s = game.state.soldiers["pvt-small"]
    s.ammo = ["m1-garand", "bazooka", "bazooka"]
    card = SoldierCard()
    qtbot.addWidget(card)
    card.show_soldier(game, s.id)
    assert "2 M1 bazooka rounds" in card.body.text() and "×" not in card.body.text()
    assert "2 M1 bazooka rounds" in weapons_text(game, s) and "×" not in weapons_text(game, s)


def test_the_paragraph_mark_stands_apart_from_its_number(qtbot: Any) -> None:
    """In bold, "¶2" read like "¶12": the mark is light and a thin space away."""
    assert para(2) == "¶\u20092"
    game = mid_round()
    win = window_for(qtbot, game)
    html = win.reader.number.text()
    assert "font-weight:normal" in html and "¶</span>&thinsp;" in html
    assert all(win.reader.history.item(i).text().startswith("¶\u2009")
               for i in range(win.reader.history.count()))


def test_a_surname_is_shrunk_to_fit_its_counter_before_it_is_cut() -> None:
    """"Nov…": the name is drawn smaller where that makes it fit."""
    wide = QFontMetricsF(_fitted_font("Novak", 20, 9, 1000)).horizontalAdvance("Novak")
    room = 0.8 * wide
    font = _fitted_font("Novak", 20, 9, room)
    assert font.pixelSize() < 20
    assert QFontMetricsF(font).horizontalAdvance("Novak") <= room


def test_the_left_column_tabs_the_cards_and_the_squad_with_no_stray_tab_bar(qtbot: Any) -> None:
    win = open_window(qtbot, "ambush-hedgerow", 1)
    bars = [b for b in win.findChildren(QTabBar) if b.isVisible()]
    tabs = [{b.tabText(i) for i in range(b.count())} for b in bars]
    assert {"Soldier", "German", "Squad"} in tabs
    assert not any(a < b for a in tabs for b in tabs)  # Qt's orphaned bar is hidden
    assert on_top(win.squad_dock)  # Operations: the men to pick first


def test_the_picker_names_each_german_whole_in_the_left_column(qtbot: Any) -> None:
    """At 1280x800 the picker read "B — Obergefreiter Kessler (card": the line is the
    letter and the name, which fit the column; the card number is in the subtitle."""
    from ambush_gui.core.hexgrid import Hex

    game = systems.new_game(systems.load_scenario(systems.resolve("ambush-hedgerow")), 1)
    game.start()
    for s in game.state.soldiers.values():
        if s.side.value == "german":
            s.hex = s.hex or Hex.from_label("0905")
    view = GermanCardView()
    qtbot.addWidget(view)
    view.resize(280, 600)
    view.show()
    view.show_state(game)
    metrics = view.picker.fontMetrics()
    texts = [view.picker.itemText(i) for i in range(view.picker.count())]
    assert texts and all("card" not in t for t in texts)
    room = 280 - 16 - 30  # the margins and the arrow
    assert all(metrics.horizontalAdvance(t) <= room for t in texts), texts


def test_a_booklet_table_shows_every_row_in_its_height(qtbot: Any) -> None:
    """The table has no scroll bar of its own: each row must be as high as the height
    it was given for it (Qt's least section height would push the last rows out)."""
    from ambush_gui.gui.hexmap.booklet import BookletTable

    table = BookletTable()
    qtbot.addWidget(table)
    table.fill([("AN", ""), ("A", "")], [[str(n), "30"] for n in range(10)])
    table.show()
    rows = sum(table.rowHeight(r) for r in range(10))
    assert table.horizontalHeader().sizeHint().height() + rows <= table.height()
