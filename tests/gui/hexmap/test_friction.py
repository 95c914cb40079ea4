"""Issue 29: what a player new to Ambush! tripped on in the hex-map window, worst first.

Each test fails without its fix: command was never shown (a private beside his sergeant
was out of command and panicked), the ratings' abbreviations and the panic's words were
never explained, ..."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.ambush.command import command_words
from ambush_gui.core.events import Event
from ambush_gui.core.hexgrid import Hex


def hedgerow(**hexes: str) -> Any:
    """The hedgerow mission with the US squad placed by hand (soldier id -> hex; the rest
    far apart in the west column)."""
    game = systems.new_game(systems.load_scenario(systems.resolve("ambush-hedgerow")), 3)
    spare = iter(["0101", "0104", "0107", "0110", "0310", "0301"])
    for s in [s for s in game.state.soldiers.values() if s.side.value == "us"]:
        s.hex = Hex.from_label(hexes.get(s.id.replace("-", "_")) or next(spare))
    return game


# -- 1. command shown -------------------------------------------------------------------------


def test_a_private_beside_his_sergeant_is_told_he_is_out_of_command_and_why() -> None:
    game = hedgerow(sgt_novak="0505", pfc_lund="0505", pvt_greer="0506")
    greer = game.state.soldiers["pvt-greer"]
    words = command_words(game, greer)
    assert words.startswith("Out of command")
    assert "Leadership 4 of the 5 needed" in words  # his 1, the sergeant's 3 from next door
    assert "not in his leader's hex (Sgt Novak is in 0505, 1 hex away)" in words
    assert "red number on his initiative die panics him" in words
    greer.hex = Hex.from_label("0505")  # stacked with his sergeant and Lund: 1 + 3 + 1
    assert command_words(game, greer).startswith("In command")
    novak = command_words(game, game.state.soldiers["sgt-novak"])
    assert "He is a leader: his Leadership counts for Pfc Lund, Pvt Greer" in novak
    german = game.state.soldiers["g2"]
    assert command_words(game, german) == ""


def test_the_card_the_counter_and_the_track_show_command(qtbot: Any) -> None:
    from ambush_gui.gui.hexmap.ar_track import soldier_tip
    from ambush_gui.gui.hexmap.panels import SoldierCard
    from ambush_gui.gui.hexmap.view import counters_for

    game = hedgerow(sgt_novak="0505", pfc_lund="0505", pvt_greer="0506")
    card = SoldierCard()
    qtbot.addWidget(card)
    card.show_soldier(game, "pvt-greer")
    assert "Out of command" in card.body.text() and "leader's hex" in card.body.text()
    greer = game.state.soldiers["pvt-greer"]
    assert "Out of command" in soldier_tip(game, greer)
    commands = {s.id: command_words(game, s) for s in game.state.soldiers.values()}
    counters = {c.id: c for c in counters_for(game.state, commands)}
    assert counters["pvt-greer"].no_command and not counters["sgt-novak"].no_command
    assert "Out of command" in counters["pvt-greer"].tip


# -- 2. the ratings and the panic in words ----------------------------------------------------


def test_a_panic_says_in_words_what_the_die_read_and_why(qtbot: Any) -> None:
    from ambush_gui.gui.hexmap.wording import shown

    red = shown(Event("marker", "Pfc Lund's AR marker: complete → panic (0 in AR column 3, red: "
                      "out of command, panic) [AR-038, AR-059, AR-064]", {"to": "panic"})).text
    assert "0 is red in his Action Rating column (3) and he is out of command" in red
    space = shown(Event("marker", "Pfc Lund's AR marker: complete → panic (0 in AR column 3) "
                        "[AR-037, AR-064]", {"to": "panic"})).text
    assert "0 is the Panic space in his Action Rating column (3)" in space
    held = shown(Event("marker", "Sgt Novak's AR marker: complete → complete (0 in AR column 4, "
                       "red: in command) [AR-038]", {})).text
    assert "a red number, but he is in command: no panic" in held
    assert "AR column" not in held
    assert "Sgt Novak's AR marker stays on complete (" in held and "→" not in held
    moved = shown(Event("marker", "The AR marker of Gefreiter Hahn (A): Complete → Complete "
                        "(activated) [AR-052]", {})).text
    assert moved == "The AR marker of Gefreiter Hahn (A) stays on Complete (activated) [AR-052]"
    assert "→ Inactive" in shown(Event("marker", "Pfc Lund's AR marker: Complete → Inactive "
                                       "(wounded) [AR-053]", {})).text


def test_every_rating_is_spelled_out(qtbot: Any) -> None:
    from ambush_gui.gui.hexmap.dialogs.common import soldier_details
    from ambush_gui.gui.hexmap.panels import SoldierCard
    from ambush_gui.gui.hexmap.view import counters_for

    game = hedgerow(sgt_novak="0505")
    card = SoldierCard()
    qtbot.addWidget(card)
    card.show_soldier(game, "sgt-novak")
    names = ["Action Rating", "Movement Point Allowance", "Weapon Skill", "Perception",
             "Leadership"]
    assert all(n in card.legend.text() for n in names) and card.legend.isVisibleTo(card)
    assert "Action Round" in card.body.text()  # the AR Track's AR, told apart
    tip = next(c.tip for c in counters_for(game.state) if c.id == "sgt-novak")
    assert all(n in tip for n in names)
    assert "Action Rating 4 · Movement Point Allowance 6" in soldier_details(
        game, game.state.soldiers["sgt-novak"])[0]


@pytest.mark.parametrize("key", ["ar", "mpa", "ws", "per", "ldr"])
def test_each_rating_cell_says_its_name(qtbot: Any, key: str) -> None:
    from ambush_gui.gui.hexmap.dialogs.common import RATING_NAMES
    from ambush_gui.gui.hexmap.panels import SoldierCard

    card = SoldierCard()
    qtbot.addWidget(card)
    assert RATING_NAMES[key] in card.ratings[key].toolTip()


# -- 3. a crew weapon's pair move and fire condition, said before the choice ------------------


def _action(game: Any, *options: dict[str, Any], sid: str = "pvt-greer") -> Any:
    from ambush_gui.core.decisions import Decision, DecisionKind

    return Decision("us", DecisionKind.AMBUSH_ACTION, "choose an action, or pass",
                    options=(*options, {"action": "pass"}),
                    facts={"soldier": sid, "mp": 6, "not_legal": []})


def _texts(widget: Any) -> list[str]:
    from PySide6.QtWidgets import QLabel

    return [w.text() for w in widget.findChildren(QLabel)]


def test_the_crew_weapon_says_what_firing_and_moving_it_take(qtbot: Any) -> None:
    from ambush_gui.gui.hexmap.dialogs.actions import AmbushActionDialog

    game = hedgerow(pvt_greer="0505", pvt_abate="0505")
    move = {"action": "move_crew", "weapon": "pvt-greer-m1919-1", "partner": "pvt-abate"}
    dlg = AmbushActionDialog(_action(game, move), game)
    qtbot.addWidget(dlg)
    notes = [t for t in _texts(dlg) if "M1919A4" in t and "<b>Fire</b>" in t]
    assert notes and "crouching partner who has a turn left" in notes[0]
    assert "they go together" in notes[0] and "Pvt Abate: standing in 0505" in notes[0]
    card = dlg.action_buttons[0][1]
    assert any("Pvt Abate follows into each hex he entered; both spend their turn" in t
               for t in _texts(card))



def test_the_crew_notes_say_a_partner_off_the_map_in_words() -> None:
    """A play-tester read "Now Pvt Abate: standing in no hex, 0 turns left" for a carrier
    not yet on the map: the note says where he is in words."""
    from ambush_gui.gui.hexmap.dialogs.common import crew_notes

    game = hedgerow(pvt_greer="0505")
    abate = game.state.soldiers["pvt-abate"]
    abate.hex = None
    note = crew_notes(game, game.state.soldiers["pvt-greer"])[0]
    assert "Pvt Abate: not on the map yet" in note and "no hex" not in note
    abate.left_map = True
    assert "Pvt Abate: has left the map" in crew_notes(game, game.state.soldiers["pvt-greer"])[0]

# -- 4. Enter commits nothing the player has not picked ------------------------------------------


def test_enter_takes_no_action_until_one_is_picked(qtbot: Any) -> None:
    from PySide6.QtCore import Qt

    from ambush_gui.gui.hexmap.dialogs.actions import PICK_FIRST, AmbushActionDialog

    game = hedgerow(pvt_greer="0505")
    dlg = AmbushActionDialog(_action(game, {"action": "move"}), game)
    qtbot.addWidget(dlg)
    dlg.show()
    emitted: list[Any] = []
    dlg.chosen.connect(emitted.append)
    assert dlg.commit_button is not None and not dlg.commit_button.isEnabled()
    assert dlg.commit_button.text() == PICK_FIRST
    assert not any(card.isChecked() for _, card in dlg.action_buttons)
    qtbot.keyClick(dlg, Qt.Key.Key_1)  # picked: highlighted, the button names it
    assert dlg.commit_button.isEnabled() and dlg.commit_button.text() == "Move"
    qtbot.keyClick(dlg, Qt.Key.Key_Return)
    assert emitted == [{"action": "move"}]


def test_the_first_enter_selects_an_action_and_the_second_takes_it(qtbot: Any) -> None:
    """Issue 29 play-test: Enter did nothing at all in a turn with nothing picked (after a
    stance change). The first Enter selects (a second look), the second commits."""
    from PySide6.QtCore import Qt

    from ambush_gui.gui.hexmap.dialogs.actions import AmbushActionDialog

    game = hedgerow(pvt_greer="0505")
    dlg = AmbushActionDialog(_action(game, {"action": "move"}, {"action": "move_snap"}), game)
    qtbot.addWidget(dlg)
    dlg.show()
    emitted: list[Any] = []
    dlg.chosen.connect(emitted.append)
    qtbot.keyClick(dlg, Qt.Key.Key_Return)
    assert emitted == []  # the first action was not taken without a second look
    assert [a for a, card in dlg.action_buttons if card.isChecked()] == [{"action": "move"}]
    assert dlg.commit_button is not None and dlg.commit_button.text() == "Move"
    qtbot.keyClick(dlg, Qt.Key.Key_Return)
    assert emitted == [{"action": "move"}]


def test_enter_in_a_turn_with_only_stance_changes_looks_then_takes_one(qtbot: Any) -> None:
    """A prone man's turn offers a stance change or Pass, no action card: Enter did nothing.
    The first Enter puts the focus on the first stance change, the second takes it."""
    from PySide6.QtCore import Qt

    from ambush_gui.gui.hexmap.dialogs.actions import AmbushActionDialog

    game = hedgerow(pvt_greer="0505")
    up = {"stance": "standing"}
    dlg = AmbushActionDialog(_action(game, up, {"stance": "crouching"}), game)
    qtbot.addWidget(dlg)
    dlg.show()
    emitted: list[Any] = []
    dlg.chosen.connect(emitted.append)
    qtbot.keyClick(dlg, Qt.Key.Key_Return)
    assert emitted == [] and dlg.focusWidget() is dlg.stance_buttons[0][1]
    qtbot.keyClick(dlg, Qt.Key.Key_Return)
    assert emitted == [up]


# -- 5. crouching mid-move says it ends the move ------------------------------------------------


def _move(game: Any, entered: list[str], *options: Any) -> Any:
    from ambush_gui.core.decisions import Decision, DecisionKind

    return Decision("us", DecisionKind.AMBUSH_MOVE, "enter a hex, or stop",
                    options=(*options, "stop"),
                    facts={"soldier": "pvt-greer", "left": 3, "start": "0505",
                           "from": entered[-1] if entered else "0505", "entered": entered})


def test_crouching_mid_move_says_before_and_after_that_it_ends_the_move(qtbot: Any) -> None:
    from ambush_gui.ambush.model import Stance
    from ambush_gui.gui.hexmap.dialogs.actions import AmbushStepPrompt

    game = hedgerow(pvt_greer="0506")
    crouch = {"stance": "crouching"}
    prompt = AmbushStepPrompt(_move(game, ["0506"], {"to": "0507"}, crouch), game)
    qtbot.addWidget(prompt)
    button = prompt.clicks_for(crouch)[0]
    assert button.text() == "Crouch (ends the move)"
    assert "crouching now ends his move" in button.toolTip()
    prompt.set_decision(_move(game, [], {"to": "0506"}, crouch), game)  # not moved yet
    assert prompt.clicks_for(crouch)[0].text() == "Crouch"
    game.state.soldiers["pvt-greer"].stance = Stance.CROUCHING  # he crouched: no hex left
    prompt.set_decision(_move(game, ["0506"]), game)
    assert prompt.hint.text().startswith("Crouching after moving, he may crawl no further")
    assert "Stop ends his move" in prompt.hint.text()


# -- 6. stacked counters all show ---------------------------------------------------------------


def test_a_stack_says_how_many_counters_it_holds_and_names_each(qtbot: Any) -> None:
    from ambush_gui.gui.hexmap.view import Counter, CounterItem, HexMapView

    game = hedgerow()
    view = HexMapView(game.state.map)
    qtbot.addWidget(view)
    view.resize(1000, 800)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    men = [Counter(id=f"m{i}", side="us", hex="0505", text=name, stance=stance,
                   tip=f"<b>Pvt {name}</b>, US", wounded=i == 1)
           for i, (name, stance) in enumerate([("Able", "standing"), ("Baker", "crouching"),
                                                ("Cole", "prone")])]
    view.set_counters([*men, Counter(id="lone", side="us", hex="0707", text="Dee",
                                     stance="standing")], selected="m0")
    items = {i.counter.id: i for i in view.scene().items() if isinstance(i, CounterItem)}
    assert items["m0"].stack == 3  # the top one (selected) carries the count
    assert items["m1"].stack == items["m2"].stack == items["lone"].stack == 1
    tip = view.tooltip_at(view.counter_pos("m0"))
    assert "3 counters in this hex" in tip
    assert "Pvt Baker (crouching, wounded)" in tip and "Pvt Cole (prone)" in tip


# -- 7. a German named as his counter shows him ---------------------------------------------


def test_a_paragraphs_german_is_named_by_his_counters_letter(qtbot: Any) -> None:
    from ambush_gui.gui.hexmap.paragraph_reader import ParagraphReader
    from ambush_gui.gui.hexmap.wording import german_names, shown

    game = hedgerow()
    falk = "German F (6, Gefreiter Falk)"
    germans = [s for s in game.state.soldiers.values() if s.side.value == "german"]
    names = german_names(germans)
    assert names[6] == falk
    log = shown(Event("paragraph", "¶33 (German 6): He lies still. Activate German 6 in 0709",
                      {"paragraph": 33, "german": 6}), names).text
    assert log == f"¶33 ({falk}): He lies still. Activate {falk} in 0709"
    reader = ParagraphReader()
    qtbot.addWidget(reader)
    reader.set_mission(game.scenario)
    reader.add(Event("paragraph", "¶2", {"paragraph": 2, "style": "numbered", "option": 1,
                                          "roll": None, "german": None, "actions": []}))
    reader.add(Event("paragraph", "¶33", {"paragraph": 33, "style": "bulleted", "option": 0,
                                           "roll": None, "german": 6, "actions": []}))
    assert reader.who.text().startswith(falk)
    reader.add(Event("paragraph", "¶2", {"paragraph": 2, "style": "numbered", "option": 1,
                                          "roll": None, "german": None, "actions": []}))
    page = reader.shown_text()
    assert falk in page and "German 6 " not in page


def test_the_log_and_status_bar_say_a_stance_ended_the_move(qtbot: Any) -> None:
    """Crouching after moving leaves him no hex: the engine's lone "stop" is answered at
    once, so the prompt never shows; the log line (the engine's, test_actions.py) and the
    status bar say it instead."""
    from ambush_gui.gui.hexmap.window import AmbushWindow
    from ambush_gui.gui.shared.controller import GameController, Seat

    game = systems.new_game(systems.load_scenario(systems.resolve("ambush-hedgerow")), 3)
    win = AmbushWindow(GameController(game, {"us": Seat.HUMAN}, delay_ms=0))
    qtbot.addWidget(win)
    win.start()
    why = "Crouching, a man crawls one hex a turn, and he has already moved: crouching now " \
          "ends his move (AR-100)."
    win._on_event(Event("stance", f"Pvt Greer: standing → crouching (free) [AR-071]: {why}",
                        {"soldier": "pvt-greer", "stance": "crouching", "ends_move": why}))
    win.log.flush()
    assert "crouching now ends his move (AR-100)" in win.log.text()
    win._on_decision(game.pending())
    assert win.statusBar().currentMessage().startswith("Pvt Greer's move is over.")


def test_the_panic_box_says_when_a_man_panics() -> None:
    from ambush_gui.ambush.charts import ARSpace
    from ambush_gui.gui.hexmap.ar_track import SPACE_TIPS

    assert "a red number while he is out of command" in SPACE_TIPS[ARSpace.PANIC]
    assert "Panic space in his Action Rating column" in SPACE_TIPS[ARSpace.PANIC]


# -- 8. the MP texts stand clear of a stack ----------------------------------------------------


@pytest.mark.parametrize("men", [1, 2, 3, 4, 6])
def test_the_mp_texts_never_cover_a_stack_of_counters(qtbot: Any, men: int) -> None:
    """Issue 29 play-test: in a hex with two or more men the path's "5 of 6 MP left" was
    drawn over the upper counters' names, and a step's "2 MP" over the top counter. Each
    text stands outside the stack's counters (and its count badge)."""
    from ambush_gui.gui.hexmap.view import Counter, CounterItem, HexMapView, plate_height

    game = hedgerow()
    view = HexMapView(game.state.map)
    qtbot.addWidget(view)
    view.resize(1000, 800)
    view.show()
    qtbot.waitExposed(view)
    counters = [Counter(id=f"m{i}", side="us", hex="0505", text=f"Man{i}", stance="standing")
                for i in range(men)]
    counters += [Counter(id=f"n{i}", side="us", hex="0506", text=f"Nan{i}", stance="standing")
                 for i in range(men)]
    view.set_counters(counters, selected="m0")
    view.show_steps({"0506": "2 MP"}, ["0504", "0505"], "5 of 6 MP left")
    items = [i for i in view.scene().items() if isinstance(i, CounterItem)]

    def drawn(item: Any) -> Any:  # the counter, and the count badge under a stack's top
        r = item.mapRectToScene(item.rect())
        return r.adjusted(0, 0, 0, 0.19 * item.size * item.k) if item.stack > 1 else r

    def clear_of(rect: Any, hex_label: str) -> bool:
        return not any(rect.intersects(drawn(i)) for i in items if i.counter.hex == hex_label)

    note = view._path.note
    assert note.isVisible()
    half = 0.5 * plate_height(note.font())
    at = note.scenePos()
    plate = note.sceneBoundingRect().adjusted(0, 0, 0, 0)
    plate.setTop(at.y() - half)
    plate.setBottom(at.y() + half)
    assert clear_of(plate, "0505")
    step = view._steps_item
    hex_0506 = next(h for h in step.hexes if h.label == "0506")
    centre = step.text_centre(hex_0506)
    half = 0.5 * plate_height(step.text_font())
    text = plate.translated(0, 0)
    text.setTop(centre.y() - half)
    text.setBottom(centre.y() + half)
    assert clear_of(text, "0506")
