"""The Ambush! docks show what the engine says: the AR Track against ``rounds.next_space``
and the markers in the state, the soldier card against the model, the paragraph reader
against the ``paragraph`` events and the Mission Card, the mission panel against the state.

The games are hedgerow games played by the computer squad (AmbushAI) from a fixed seed,
stopped in the middle of a Round.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

import ambush_gui.gui  # noqa: F401  (pydantic before PySide6)
from ambush_gui import systems
from ambush_gui.ai.ambush_ai import AmbushAI
from ambush_gui.ambush import ar_track, rounds
from ambush_gui.ambush.charts import ARSpace, Side
from ambush_gui.ambush.model import Mode
from ambush_gui.gui.hexmap.panels import (
    ARTrackWidget,
    MissionPanel,
    SoldierCard,
    SquadList,
    latest_initiative,
    turn_in_progress,
)
from ambush_gui.gui.hexmap.paragraph_reader import ParagraphReader, para
from ambush_gui.gui.shared import theme

SEED = 1  # Rounds start at once: German 6 activated by paragraph 2, paragraph 37 walks him


def new_game(seed: int = SEED) -> Any:
    g = systems.new_game(systems.load_scenario(systems.resolve("ambush-hedgerow")), seed)
    g.start()
    return g


def mid_round(seed: int = SEED, min_round: int = 2) -> Any:
    """Play with the computer squad until a Round of at least ``min_round`` has someone left
    to act (the track is then full of markers and one space is up next)."""
    g, ai = new_game(seed), AmbushAI()
    for _ in range(2000):
        if (g.state.mode is Mode.ROUNDS and g.state.round >= min_round
                and rounds.next_space(g) is not None):
            return g
        d = g.pending()
        assert d is not None, "the mission ended before a Round was reached"
        g.answer(ai.choose(g, d))
    raise AssertionError("no Round reached")


@pytest.fixture
def game() -> Any:
    return mid_round()


# -- the AR Track ---------------------------------------------------------------------------


def test_track_puts_every_marker_in_its_space_and_rings_the_next_to_act(qtbot: Any, game: Any) -> None:
    w = ARTrackWidget()
    qtbot.addWidget(w)
    w.show_state(game)
    st = game.state
    on_track = [s for s in st.soldiers.values()
                if not s.left_map and (s.side is Side.US or s.hex is not None)]
    assert on_track and set(w.placement) == {s.id for s in on_track}
    for s in on_track:
        chip = w.marker(s.id)
        assert chip is not None
        assert w.placement[s.id] is s.marker
        assert chip in w.spaces[s.marker].markers  # drawn inside the box of his space
    up = rounds.next_space(game)
    assert w.next_space is up
    assert [sp for sp, box in w.spaces.items() if box.highlighted] == [up]
    ready = {s.id for s in st.soldiers.values() if s.marker is up and ar_track.can_act(s)}
    assert set(w.next_actors) <= ready and w.next_actors
    acting = turn_in_progress(game)
    if acting is not None:
        assert w.next_actors == [acting.id]
    elif next(iter(st.soldiers[i] for i in ready)).side is Side.US:
        assert set(w.next_actors) == ready  # the player picks among them (AR-048)
    for s in on_track:
        assert w.marker(s.id).next_up is (s.id in w.next_actors)


def test_track_rings_only_the_soldier_whose_turn_it_is(qtbot: Any) -> None:
    """Seed 1, Round 2: Novak, Greer and Abate all have a turn in 1-Turn Advantage; the
    player sent Abate first, and his turn is under way (he is choosing a target)."""
    g, ai = new_game(), AmbushAI()
    for _ in range(200):
        d = g.pending()
        if d.kind.value == "ambush_target":
            break
        g.answer(ai.choose(g, d))
    w = ARTrackWidget()
    qtbot.addWidget(w)
    w.show_state(g)
    turn = next(e for e in reversed(g.log.events) if e.kind == "turn")
    sid = turn.data["soldier"]
    assert turn_in_progress(g) is g.state.soldiers[sid]
    others = [s.id for s in g.state.side(Side.US)
              if s.marker is w.next_space and ar_track.can_act(s) and s.id != sid]
    assert others  # others could act in this space, but only he is ringed
    assert w.next_actors == [sid]
    assert w.marker(sid).next_up and not any(w.marker(o).next_up for o in others)
    g.answer(ai.choose(g, g.pending()))
    while g.state.soldiers[sid].marker.value == turn.data["space"] and g.pending() is not None:
        g.answer(ai.choose(g, g.pending()))
    assert turn_in_progress(g) is None or turn_in_progress(g).id != sid


def test_track_names_the_advantage_and_shows_the_last_initiative_dice(qtbot: Any, game: Any) -> None:
    w = ARTrackWidget()
    qtbot.addWidget(w)
    w.show_state(game)
    e = latest_initiative(game.log.events)
    assert e is not None
    assert (w.us_die.value, w.german_die.value) == (e.data["us"], e.data["german"])
    holder = theme.SIDE_NAMES[game.state.advantage.value]
    assert w.half_labels[0].text() == f"Advantage: {holder}"
    assert theme.SIDE_COLOURS[game.state.advantage.value].name() in w.half_labels[0].styleSheet()
    assert f"Round {game.state.round}" == w.title.text()
    assert w.reason.text() == f"{holder} Advantage: {e.data['why']}"
    assert e.data["why"] in ("the higher die [AR-032]", "tie: to the Germans [AR-032]",
                             "the paragraph fixes it [AR-033]",
                             "the paragraph grants it two turns [house rule AR-040]")


def test_track_follows_the_model(qtbot: Any, game: Any) -> None:
    """Move a marker in the model: the widget moves it, and the next space follows the engine."""
    w = ARTrackWidget()
    qtbot.addWidget(w)
    s = next(s for s in game.state.side(Side.US) if s.marker is ARSpace.COMPLETE)
    s.aware = True
    space = (ARSpace.TWO_TURN_ADVANTAGE if game.state.advantage is Side.US
             else ARSpace.TWO_TURN_DISADVANTAGE)
    ar_track.set_space(game, s, space, "test", "AR-034")
    w.show_state(game)
    assert w.placement[s.id] is space
    assert w.marker(s.id) in w.spaces[space].markers
    assert w.next_space is rounds.next_space(game) is space
    assert w.next_actors == [s.id]


def test_clicking_a_marker_names_the_soldier(qtbot: Any, game: Any) -> None:
    w = ARTrackWidget()
    qtbot.addWidget(w)
    w.resize(340, 260)
    w.show_state(game)
    w.show()
    sid = w.next_actors[0]
    chip = w.marker(sid)
    qtbot.waitUntil(chip.isVisible)
    with qtbot.waitSignal(w.soldierClicked) as sig:
        qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)
    assert sig.args == [sid]
    assert "Turns left this Round" in chip.toolTip()


def test_markers_wrapping_in_a_narrow_dock_are_all_inside_their_space(qtbot: Any, game: Any) -> None:
    """Refreshed while shown at a dock's width, a space with more markers than one line holds
    grows to show them all (new markers are still hidden when the space measures them)."""
    w = ARTrackWidget()
    qtbot.addWidget(w)
    w.resize(300, 260)
    w.show()
    qtbot.waitExposed(w)
    w.show_state(game)  # a second refresh while shown: the case a running game hits
    w.show_state(game)
    qtbot.waitUntil(lambda: all(c.isVisible() for b in w.spaces.values() for c in b.markers))
    wrapped = 0
    for box in w.spaces.values():
        for chip in box.markers:
            assert box.holder.rect().contains(chip.geometry()), (box.space, chip.text)
            wrapped += chip.geometry().top() > 0
    assert wrapped  # some space needed a second line at this width


def test_track_outside_rounds_says_so(qtbot: Any) -> None:
    g = new_game()
    w = ARTrackWidget()
    qtbot.addWidget(w)
    w.show_state(g)
    assert g.state.mode is Mode.OPERATIONS
    assert w.track.isHidden() and not w.idle.isHidden()
    assert "Operations" in w.idle.text() and w.placement == {}


# -- soldier card and squad list -----------------------------------------------------------------


def test_card_shows_the_model_and_follows_changes(qtbot: Any, game: Any) -> None:
    card = SoldierCard()
    qtbot.addWidget(card)
    card.show_soldier(game, None)
    assert "Click a counter" in card.body.text()
    s = game.state.soldiers["sgt-novak"]
    card.show_soldier(game, s.id)
    assert card.title.text() == s.name
    for key in ("ar", "mpa", "ws", "per", "ldr"):
        assert f"<b style='font-size:11pt'>{getattr(s, key)}</b>" in card.ratings[key].text()
        assert card.ratings[key].toolTip()
    body = card.body.text()
    assert f"{s.clips(s.weapons[0].weapon)} clips in Ammo Boxes" in body
    assert f"Ammo Boxes ({len(s.ammo)} of 6)" in body
    assert "jammed" not in body
    chips = [c.text() for c in card.chips_box.findChildren(type(card.title)) if c.text()]
    assert "Wounded" not in chips
    s.wounded = True
    s.weapons[0].jammed = True
    s.ammo.pop()
    card.show_soldier(game, s.id)
    body = card.body.text()
    assert "jammed" in body and f"Ammo Boxes ({len(s.ammo)} of 6)" in body
    assert any(c.text() == "Wounded" for c in card.chips_box.findChildren(type(card.title)))


def test_german_card_shows_letter_and_number(qtbot: Any, game: Any) -> None:
    card = SoldierCard()
    qtbot.addWidget(card)
    g = next(s for s in game.state.side(Side.GERMAN) if s.hex is not None)
    card.show_soldier(game, g.id)
    assert f"counter {g.letter}, card {g.number}" in card.subtitle.text()
    assert "Ammo Boxes" not in card.body.text()


def test_squad_list_lists_the_us_soldiers_and_picks_one(qtbot: Any, game: Any) -> None:
    sq = SquadList()
    qtbot.addWidget(sq)
    sq.show_state(game)
    us = game.state.side(Side.US, active=False)
    assert sq.list.count() == len(us)
    first = sq.list.item(0)
    assert us[0].name in first.text() and us[0].hex.label in first.text()
    picked: list[str] = []

    def pick(sid: str) -> None:  # as the window does: refresh at once with the new selection
        picked.append(sid)
        sq.show_state(game, sid)

    sq.soldierClicked.connect(pick)
    sq.resize(320, 200)
    sq.show()
    qtbot.waitUntil(sq.list.isVisible)
    last = sq.list.item(len(us) - 1)
    QTest.mouseClick(sq.list.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     sq.list.visualItemRect(last).center())
    assert picked == [us[-1].id]
    assert sq.list.item(len(us) - 1) is last and last.isSelected()  # updated in place
    us[0].wounded = True
    sq.show_state(game, us[-1].id)
    assert "wounded" in first.text() and not first.isSelected()


# -- the paragraph reader ------------------------------------------------------------------------


def _reader(qtbot: Any, game: Any) -> ParagraphReader:
    r = ParagraphReader()
    qtbot.addWidget(r)
    r.set_mission(game.scenario)
    return r


def test_reader_shows_number_text_and_the_option_taken(qtbot: Any, game: Any) -> None:
    r = _reader(qtbot, game)
    for e in game.log.events:
        r.add(e)
    paras = [e for e in game.log.events if e.kind == "paragraph" and "option" in e.data]
    last = paras[-1].data
    spec = game.scenario.paragraph(last["paragraph"])
    assert r.page_number == para(last['paragraph'])
    assert r.text.text() == spec.text
    assert len(r.option_rows) == len(spec.options)
    for i, row in enumerate(r.option_rows):
        taken = i == last["option"]
        assert row.taken is taken
        assert (theme.PARAGRAPH_TAKEN.name() in row.styleSheet()) is taken
        assert row.text().startswith("► ") is taken
    assert r.history.count() == len(paras)


def test_reader_history_reopens_a_paragraph(qtbot: Any, game: Any) -> None:
    r = _reader(qtbot, game)
    r.reload(game.log.events, game.scenario)
    first = [e for e in game.log.events if e.kind == "paragraph"][0].data
    oldest = r.history.item(r.history.count() - 1)
    r.history.itemClicked.emit(oldest)
    assert r.page_number == para(first['paragraph'])
    assert r.option_rows[first["option"]].taken
    assert "Paragraph Check" in r.who.text()
    r.step(-1)  # one newer
    second = [e for e in game.log.events if e.kind == "paragraph"][1].data
    assert r.shown is r.entries[1] and r.page_number == para(second['paragraph'])
    r.show()
    qtbot.waitExposed(r)
    r.history.setFocus()
    qtbot.keyClick(r.history, Qt.Key.Key_Down)  # the list is newest first: down is older
    assert r.shown is r.entries[0]
    qtbot.keyClick(r.history, Qt.Key.Key_Home)  # the newest
    assert r.shown is r.entries[-1]


def test_reader_marks_the_die_on_a_chance_option_taken(qtbot: Any) -> None:
    """Seed 1: the fifth Paragraph Check of hex 0205 reads paragraph 1 and its die reads 1,
    inside option 2's chance (0-1): option 2 is taken and says which die took it."""
    g, ai = new_game(), AmbushAI()
    while not any(e.kind == "paragraph" and e.data.get("paragraph") == 2 for e in g.log.events):
        g.answer(ai.choose(g, g.pending()))
    r = _reader(qtbot, g)
    e = next(e for e in g.log.events if e.kind == "paragraph" and e.data["option"] == 1
             and e.data["paragraph"] == 1)
    r.add(e)
    spec = g.scenario.paragraph(1)
    assert spec.options[1].when.chance is not None
    row = r.option_rows[1]
    assert row.taken and f"(die {e.data['roll']})" in row.text()
    assert not any("(die" in other.text() for other in r.option_rows if other is not row)
    assert f"The die read {e.data['roll']}" in r.outcome.text()


def test_reader_emits_red_references_for_a_move(qtbot: Any) -> None:
    """Seed 1: German 6 (F) is activated in 0709; paragraph 37 walks him along the red
    references, which run 0709 → 0809 → 0909 → 1009 → 1109 on the Mission Card."""
    g, ai = new_game(), AmbushAI()
    r = _reader(qtbot, g)
    shown: list[Any] = []
    r.referencesShown.connect(shown.append)
    for _ in range(200):
        if any(e.kind == "paragraph" and e.data.get("paragraph") == 37 for e in g.log.events):
            break
        g.answer(ai.choose(g, g.pending()))
    walks = 0
    for e in g.log.events:
        r.add(e)
        if e.kind == "paragraph" and e.data.get("paragraph") == 37:
            walks += 1
            assert {"move": "references"} in e.data["actions"]
            assert shown[-1] == [("0709", "0809"), ("0809", "0909"), ("0909", "1009"),
                                 ("1009", "1109")]
            assert "German F (6, Gefreiter Falk)" in r.who.text()
            assert "Action Number" in r.who.text()
        elif e.kind == "paragraph" and "option" in e.data:
            assert shown[-1] == []
    assert walks == 1


def test_reader_banner_for_condition_and_event(qtbot: Any, game: Any) -> None:
    r = _reader(qtbot, game)
    conds = [e for e in game.log.events if e.kind == "condition" and "to" in e.data]
    assert conds
    r.add(conds[0])
    assert not r.banner.isHidden()
    assert r.banner.text().startswith(f"Condition {conds[0].data['frm']} → {conds[0].data['to']}")
    events = [e for e in game.log.events if e.kind == "event" and e.data.get("paragraph")]
    assert events
    r.add(events[0])
    d = events[0].data
    assert r.banner.text() == f"Event column {d['total']}: paragraph {d['paragraph']}"


# -- the mission panel ---------------------------------------------------------------------------


def test_mission_panel_names_condition_round_and_decision(qtbot: Any, game: Any) -> None:
    m = MissionPanel()
    qtbot.addWidget(m)
    d = game.pending()
    m.show_state(game, d, "human")
    st = game.state
    text = m.text()
    assert game.scenario.title in text
    assert f"Round {st.round}" in text
    assert f"Condition {st.condition}: {game.spec.conditions[st.condition].name}" in m.condition.text() \
        .replace("<b>", "").replace("</b>", "")
    assert d.prompt in text
    assert f"{st.score.total:+d}" in m.score.text()
    assert "Victory:" in m.victory.text()


def test_mission_panel_in_operations(qtbot: Any) -> None:
    g = new_game()
    m = MissionPanel()
    qtbot.addWidget(m)
    m.show_state(g, g.pending(), "computer")
    assert "Operations — turn 1" in m.turn.text()
    assert "computer thinking…" in m.banner.text()


def _play_until_operations_event_check(seed: int) -> tuple[Any, int]:
    """Play until the first Operations Event Check has been read; its roll's index."""
    g, ai = new_game(seed), AmbushAI()
    while True:
        ev = g.log.events
        at = next((i for i, e in enumerate(ev) if e.kind == "roll"
                   and e.data.get("purpose", "").startswith("Event column")), None)
        if at is not None and len(ev) > at + 1:
            return g, at
        g.answer(ai.choose(g, g.pending()))


def test_reader_names_the_paragraph_of_an_operations_event_check(qtbot: Any) -> None:
    """Seed 7: the first Operations Event Check reads paragraph 24 (the engine logs only the
    2d6 roll and the paragraph); the banner and the header say where it came from."""
    g, at = _play_until_operations_event_check(7)
    r = _reader(qtbot, g)
    ev = g.log.events
    total = sum(ev[at].data["faces"])
    assert ev[at + 1].kind == "paragraph"
    for e in ev[: at + 2]:
        r.add(e)
    number = ev[at + 1].data["paragraph"]
    assert r.banner.text() == f"Event column {total}: paragraph {number}"
    assert r.who.text() == f"Event Check: Event column {total}"


def test_reader_banner_for_an_event_skipped(qtbot: Any) -> None:
    """An Event Check lands on a sighting already made (found in the first game from seed 2
    that has one, so a change to the mission or to the computer squad moves it rather than
    losing it)."""
    for seed in range(2, 40):
        g, ai = new_game(seed), AmbushAI()
        while (d := g.pending()) is not None:
            g.answer(ai.choose(g, d))
        ev = g.log.events
        at = next((i for i, e in enumerate(ev[:-1]) if e.kind == "roll"
                   and e.data.get("purpose", "").startswith("Event column")
                   and ev[i + 1].kind == "event" and "skipped" in ev[i + 1].text), None)
        if at is not None:
            break
    assert at is not None, "no game skipped an Event for a sighting already made"
    r = _reader(qtbot, g)
    for e in ev[: at + 2]:
        r.add(e)
    assert ev[at + 1].kind == "event"
    assert "is skipped" in r.banner.text() and "AR-030" not in r.banner.text()


# -- the Mission panel's running points (issue 29, defect 2) --------------------------------

def test_the_running_points_count_the_casualties_so_far_as_the_end_screen_does(qtbot: Any) -> None:
    """A new player saw +2 during the tutorial and 5 on its end screen, +4 in Hedgerows
    after the bazooka killed Ritter: the counter left the casualties out until the end."""
    from ambush_gui.ambush.model import Status

    g = new_game()
    german = next(s for s in g.state.soldiers.values() if s.side is Side.GERMAN)
    before = sum(p for p, _ in g.standing())
    german.status = Status.DEAD
    lines = g.standing()
    assert sum(p for p, _ in lines) == before + g.spec.victory.german_killed
    assert any(german.label in why for _, why in lines)
    panel = MissionPanel()
    qtbot.addWidget(panel)
    panel.show_state(g, g.pending())
    assert panel.score.text() == f"Points: {before + g.spec.victory.german_killed:+d}"
    assert german.label in panel.score.toolTip()


def test_a_bazookas_ammo_boxes_are_rounds_everywhere(qtbot: Any) -> None:
    """Issue 29, defect 8: Ortiz's two bazooka rounds were "(2 clips)" in the action and
    fire dialogs' header and "2 rounds" on his card. One word per item, the chart's: a
    bazooka's boxes are rounds, a rifle's clips, wherever they are named."""
    from ambush_gui import systems
    from ambush_gui.gui.hexmap.dialogs.common import weapons_text

    game = systems.new_game(systems.load_scenario(systems.resolve("ambush-hedgerow")), 1)
    game.start()
    ortiz = game.state.soldiers["cpl-ortiz"]
    said = weapons_text(game, ortiz)
    assert "M1 bazooka (2 rounds" in said and "M1 Garand rifle (2 clips" in said, said
    card = SoldierCard()
    qtbot.addWidget(card)
    card.show_soldier(game, ortiz.id)
    body = card.body.text()
    assert "2 rounds in Ammo Boxes" in body and "2 M1 bazooka rounds" in body
    assert "bazooka clip" not in body and "bazooka (2 clips" not in said


def test_an_empty_panic_complete_inactive_row_keeps_room_for_a_marker(qtbot: Any) -> None:
    """Issue 29 play-test, 1920x1080: with no marker in Panic, Complete or Inactive, the
    row was squashed to a thin strip of the three names. Each box keeps a marker's line."""
    w = ARTrackWidget()
    qtbot.addWidget(w)
    w.show_state(mid_round())
    for space in (ARSpace.PANIC, ARSpace.COMPLETE, ARSpace.INACTIVE):
        assert w.spaces[space].holder.minimumHeight() >= theme.AR_MARKER_HEIGHT
