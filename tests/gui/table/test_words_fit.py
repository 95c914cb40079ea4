"""Issue 28 (items 7 and 8): no text in the window is cut or covered, and the words a new
player looked for are there. Each test puts the window where the play-test saw the fault."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QRectF  # noqa: E402
from PySide6.QtWidgets import QPushButton  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.core.decisions import DecisionKind as K  # noqa: E402
from ambush_gui.gui.table.dialogs import InsurgentActDialog, PlanDialog, dialog_for  # noqa: E402
from ambush_gui.gui.table.dialogs.situations import drive_to  # noqa: E402


def market_day(seed: int = 7) -> Any:
    return systems.new_game(systems.load_scenario(systems.resolve("market-day")), seed=seed)


def shown(qtbot: Any, dlg: Any) -> Any:
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    return dlg


def whole(button: QPushButton) -> bool:
    """The button shows its whole text: no ellipsis, and the text fits its width."""
    button.window().layout().activate()  # laid out for the text just set
    text = button.text()
    return "…" not in text and button.fontMetrics().horizontalAdvance(text) <= button.width()


def test_the_disperse_button_says_its_action_whole_not_cut_mid_rule_id(qtbot: Any) -> None:
    """Alpha team beside the crowd at the bus station: its plan's Disperse card holds the odds
    and rule IDs; the button under it said the whole line, cut mid-rule-ID."""
    game = market_day()
    civ = next(m for m in game.modules if m.name == "civilians")
    mob = civ.mobs["crowd-buses"]
    x0, y0, _, _ = mob.poly.bounds
    alpha = game.state.units["alpha"]
    for k, f in enumerate(alpha.figures):
        f.x, f.y = x0 + k, y0 - 2.0
    game.answer("alpha")
    d = game.pending()
    assert d.kind is K.PLAN and "civilians/disperse/crowd-buses" in d.options
    dlg = shown(qtbot, dialog_for(d, game))
    assert isinstance(dlg, PlanDialog)
    dlg.speed_cards["civilians/disperse/crowd-buses"].setChecked(True)
    assert dlg.go.text() == "Disperse mob Crowd at the bus station"
    assert whole(dlg.go)


def test_a_long_unit_name_on_the_act_button_is_shown_whole(qtbot: Any) -> None:
    """"Act with M...": beside "End the Insurgent phase" and Back the commit button had no
    room; it takes a row of its own under them and says the whole name."""
    game, d = drive_to(K.INSURGENT_ACT, lambda d, g: len(d.options) >= 2)
    for uid in d.options:
        if uid in game.state.units:
            game.state.units[uid].name = "Mortar team by the grain store"
    dlg = shown(qtbot, dialog_for(d, game))
    assert isinstance(dlg, InsurgentActDialog)
    assert dlg.commit_button is not None
    assert dlg.commit_button.text() == "Act with Mortar team by the grain store"
    assert whole(dlg.commit_button)
    others = [b for b in dlg.findChildren(QPushButton) if b is not dlg.commit_button
              and b.isVisible() and b.parent() is dlg]
    for b in others:  # nothing covers anything in the bottom rows
        assert not b.geometry().intersects(dlg.commit_button.geometry())


def test_the_launchers_rules_options_show_their_readings_whole(qtbot: Any) -> None:
    """Market Day's nine rules-option boxes beside the cards: each shows the reading it is
    set to whole ("Replaces its planned fire (closest to the te" was cut), in any of them."""
    from ambush_gui.gui.launcher import Launcher

    dlg = Launcher()
    qtbot.addWidget(dlg)
    dlg.resize(1240, 760)
    for i in range(dlg.scenario.count()):
        if "market-day" in str(dlg.scenario.itemData(i)):
            dlg.scenario.setCurrentIndex(i)
    dlg.show()
    qtbot.waitExposed(dlg)
    dlg.layout().activate()
    shown_boxes = [b for b in dlg.option_boxes.values() if b.isVisibleTo(dlg)]
    assert len(shown_boxes) >= 8
    for box in shown_boxes:
        for i in range(box.count()):
            box.setCurrentIndex(i)
            arrow = box.style().pixelMetric(box.style().PixelMetric.PM_ScrollBarExtent)
            assert box.fontMetrics().horizontalAdvance(box.currentText()) + arrow <= box.width(), \
                box.currentText()
    for lab in dlg.option_labels.values():  # the titles wrap beside them, all in sight
        if lab.isVisibleTo(dlg):
            assert lab.heightForWidth(lab.width()) <= lab.height()


def table_window(qtbot: Any, game: Any, size: tuple[int, int] = (1280, 800)) -> Any:
    from ambush_gui.gui.shared.controller import GameController, Seat
    from ambush_gui.gui.shared.pacing import Pace
    from ambush_gui.gui.table.window import MainWindow

    c = GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}, delay_ms=0,
                       pace=Pace.INSTANT)
    win = MainWindow(c)
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    win.start()
    qtbot.wait(0)  # zero-delay timers: the docks' first sizes
    win.layout().activate()
    return win


def fits(panel: Any, area: Any) -> bool:
    """``panel`` shows whole in its scroll area: no scrolling, and not squeezed (its wrapped
    lines need no more height than the area gives)."""
    return area.verticalScrollBar().maximum() == 0 and \
        panel.heightForWidth(area.viewport().width()) <= area.viewport().height()


def test_the_turn_panel_fits_with_the_orchard_batterys_four_modules(qtbot: Any) -> None:
    """At 1280x800 the Turn panel with four Force on Force modules had to be scrolled; it
    fits, the running score's line with it."""
    game = systems.new_game(systems.load_scenario(systems.resolve("the-orchard-battery")), seed=3)
    assert len(list(game.modules)) >= 4
    win = table_window(qtbot, game)
    from PySide6.QtWidgets import QDockWidget

    area = win.findChild(QDockWidget, "dock-turn").widget()
    assert win.turn_panel.modules.isVisible()
    assert win.turn_panel.score.isVisible()  # the running score's line is in it
    assert fits(win.turn_panel, area)
    assert win.findChild(QDockWidget, "dock-card").height() >= 150  # the unit card keeps room


# The Orchard Battery, seed 5, as a play-test played it against the computer: three units
# on Overwatch, the Mounted riflemen moving up the goat track; the Militia to decide
# whether to interrupt them
ORCHARD_5 = ["captain", "overwatch", "first", "overwatch", "second", "overwatch", "riflemen",
             "cautious:move-fire", {"path": [[14.4, 8.325]]}]


def orchard_battery_computer_thinks(qtbot: Any) -> tuple[Any, Any]:
    """The Orchard Battery at 1280x800 against the computer, the window as while the
    computer thinks (the slots the controller's signals reach, in their order: the
    question, then the busy bar), and the Turn dock's scroll area."""
    from PySide6.QtWidgets import QDockWidget

    game = systems.new_game(systems.load_scenario(systems.resolve("the-orchard-battery")), seed=5)
    game.start()
    for choice in ORCHARD_5[:-1]:
        game.answer(choice)
    win = table_window(qtbot, game)  # the player to move the riflemen
    win.controller.shutdown()  # no worker: the moment is held still
    game.answer(ORCHARD_5[-1])
    d = game.pending()
    assert d is not None and d.side == "insurgent" and d.kind is K.INTERRUPT
    win._on_computer(d)
    win._show_thinking("The Militia are thinking… (normal)")
    win.layout().activate()
    qtbot.wait(0)
    return win, win.findChild(QDockWidget, "dock-turn").widget()


def test_the_turn_panel_needs_no_scroll_bar_while_the_computer_thinks(qtbot: Any) -> None:
    """At 1280x800 "◆ Insurgent computer (normal) thinking…" took two lines and the Turn
    dock a scroll bar; the level is in the banner's tooltip (and on the players' line)."""
    win, area = orchard_battery_computer_thinks(qtbot)
    panel = win.turn_panel
    assert panel.banner.text() == "◆ Insurgent computer thinking…"
    assert "normal level" in panel.banner.toolTip()
    assert "Computer (normal)" in panel.players.text()
    one_line = panel.banner.fontMetrics().lineSpacing()
    assert panel.banner.heightForWidth(panel.banner.width()) < one_line * 2
    assert panel.modules.isVisible() and panel.score.isVisible()  # nothing hidden
    assert fits(panel, area)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_at_the_largest_text_the_turn_panel_does_not_scroll_sideways(
        qtbot: Any, size: tuple[int, int]) -> None:
    """The score's sides held whole ("● Border Horse 0 ·") were wider than the Turn panel
    at 200%: it scrolled sideways. A side is held whole only where it fits; the points
    still go with the name's last word."""
    from PySide6.QtWidgets import QDockWidget

    from ambush_gui.gui.shared import theme

    theme.set_scale(2.0)
    game = systems.new_game(systems.load_scenario(systems.resolve("the-orchard-battery")), seed=5)
    win = table_window(qtbot, game, size)
    area = win.findChild(QDockWidget, "dock-turn").widget()
    qtbot.wait(0)
    assert area.horizontalScrollBar().maximum() == 0
    label = win.turn_panel.score.summary
    assert "Horse\u00a0<b>0</b>" in label.text() and "Militia\u00a0<b>" in label.text()
    assert label.width() <= area.viewport().width()


def score_lines(label: Any, width: int) -> list[str]:
    """The lines the score's words take in ``label``'s font at ``width`` pixels."""
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setDefaultFont(label.font())
    doc.setDocumentMargin(0)
    doc.setHtml(label.text())
    doc.setTextWidth(width)
    doc.size()  # laid out
    out = []
    block = doc.begin()
    while block.isValid():
        lay = block.layout()
        for k in range(lay.lineCount()):
            line = lay.lineAt(k)
            out.append(block.text()[line.textStart():line.textStart() + line.textLength()])
        block = block.next()
    return [x.replace("\u00a0", " ").strip() for x in out]


def test_the_score_line_never_splits_a_side_from_its_points(qtbot: Any) -> None:
    """The score wrapped as "◆ Militia" with its "8" alone on the line below: a side's
    mark, name and points stay together, the line wrapping between the sides."""
    win, _ = orchard_battery_computer_thinks(qtbot)
    label = win.turn_panel.score.summary
    whole = score_lines(label, 10_000)
    assert len(whole) == 1
    sides = [part.removeprefix("Score: ").strip(" ·") for part in whole[0].split(" · ")]
    assert [s.split()[-1].isdigit() for s in sides] == [True, True]
    wrapped = False
    for width in range(label.fontMetrics().horizontalAdvance(whole[0]), 120, -4):
        lines = score_lines(label, width)
        wrapped = wrapped or len(lines) > 1
        for side in sides:  # each side whole on one of the lines
            assert any(side in line for line in lines), (width, lines)
    assert wrapped


def on_view(view: Any, item: Any) -> Any:
    """Where ``item`` is drawn in the view's viewport, in pixels."""
    return item.deviceTransform(view.viewportTransform()).mapRect(item.boundingRect())


def test_market_days_crowd_names_cover_no_name_no_hot_spot_and_stay_on_the_table(
        qtbot: Any) -> None:
    """At 1280x800: "Crowd at the fruit stalls" lay over the Tea shop's name, "Crowd at the
    cloth stalls" ran off the table's edge over Hot Spot 3."""
    win = table_window(qtbot, market_day())
    view, scene = win.table, win.table.table
    table = view.mapFromScene(scene.table_rect()).boundingRect()
    crowds = [on_view(view, i.label) for i in scene.mobs.items.values() if i.isVisible()]
    assert len(crowds) == 3
    names = [on_view(view, lab) for lab in scene.terrain_labels.values() if lab.isVisible()]
    spots = [on_view(view, s) for s in scene.hot_spots.values()]
    for crowd in crowds:
        assert table.adjusted(-1, -1, 1, 1).contains(crowd.toAlignedRect())
        assert not any(crowd.intersects(n) for n in names)
        assert not any(crowd.intersects(s) for s in spots)


def test_the_scale_bar_moves_off_a_name_under_it(qtbot: Any) -> None:
    """Zoomed so that a unit's name lies in the view's bottom-left corner, the scale bar takes
    another corner instead of covering it."""
    from ambush_gui.gui.table.items import FigureItem, LabelItem

    win = table_window(qtbot, market_day())
    view, scene = win.table, win.table.table
    view.zoom(3.0)
    win.layout().activate()
    lab = scene.unit_labels["bravo"]
    vp = view.viewport().rect()
    box = on_view(view, lab)  # its left end 30 px in, its foot 16 px over the bottom
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + round(box.left() - 30))
    view.verticalScrollBar().setValue(view.verticalScrollBar().value()
                                      + round(box.bottom() - (vp.height() - 16)))
    win.layout().activate()
    bottom_left = QRectF(6, vp.height() - 38, 200, 34)
    assert on_view(view, lab).intersects(bottom_left)  # the corner is taken
    plate = view.scale_bar_plate(200, 34)
    covered = [i for i in view.items(plate.toAlignedRect())
               if isinstance(i, FigureItem | LabelItem) and i.isVisible()]
    assert covered == []


def test_the_no_fire_zone_label_is_not_clipped_at_the_top_of_the_map(qtbot: Any) -> None:
    """The Orchard Battery's light mortar team near the table's top edge: its No Fire Zone's
    words stood above the table, out of the view."""
    game = systems.new_game(systems.load_scenario(systems.resolve("the-orchard-battery")), seed=3)
    win = table_window(qtbot, game)
    uid = next(u.id for u in game.state.units.values() if u.name.startswith("Light mortar"))
    win.table.select(uid)
    lab = win.table.table.fof.zone_label
    assert lab.isVisible()
    assert win.table.viewport().rect().contains(on_view(win.table, lab).toAlignedRect())



def test_the_no_fire_zone_words_cover_no_name_and_no_figure(qtbot: Any) -> None:
    """The Pump House's mortar detachment selected: its No Fire Zone's words, centred over the
    zone's top, lay on the Mill's, the Coffee house's and the School's roofs and names and on
    the village road's. They take a spot that covers no label and no figure."""
    from ambush_gui.gui.table.items import FigureItem, LabelItem

    game = systems.new_game(systems.load_scenario(systems.resolve("the-pump-house")), seed=3)
    win = table_window(qtbot, game)
    view, scene = win.table, win.table.table
    uid = next(u.id for u in game.state.units.values() if u.name == "Mortar detachment")
    view.select(uid)
    lab = scene.fof.zone_label
    assert lab.isVisible()
    words = on_view(view, lab)
    others = [i for i in scene.items() if isinstance(i, FigureItem | LabelItem) and i is not lab
              and i.isVisible()]
    assert [getattr(i, "text", i) for i in others if words.intersects(on_view(view, i))] == []
    view.zoom(1.5)  # laid out again with the other labels at another zoom
    words = on_view(view, lab)
    assert [getattr(i, "text", i) for i in others
            if i.isVisible() and words.intersects(on_view(view, i))] == []

# -- item 8: the words a new player missed ---------------------------------------------------

def alpha_by_the_headman(game: Any) -> None:
    """Alpha team in a row south of the council house, its right-hand figure 0.7" west of the
    headman's column (he waits at 5.5, 17.5)."""
    for k, f in enumerate(game.state.units["alpha"].figures):
        f.x, f.y = 2.7 + 0.7 * k, 14.5


def test_the_headman_says_how_to_take_him_in(qtbot: Any) -> None:
    """Market Day: nothing said how to take in the headman. His figure's tooltip and his
    label say how near (the engine's contact, 0.6") and which rule."""
    game = market_day()
    win = table_window(qtbot, game)
    scene = win.table.table
    yusuf = next(f for f in game.state.ground if f.label == "headman")
    tip = scene.figures[yusuf.id].toolTip()
    assert "To take in the headman" in tip and '0.6"' in tip and "CT-048" in tip
    assert "Cannot walk" not in tip  # unhurt, he walks with the unit that takes him in
    label = scene.contractor_label.toolTip()
    assert "headman" in label and "Rangers" in label and "Marine" not in label


def test_the_move_card_and_the_tape_say_when_the_headman_is_taken_in(qtbot: Any) -> None:
    """A move card says how near is near enough; the tape says "takes in the headman" when
    the path touches him and how far short it ends when it misses (by 0.1" on turn 3)."""
    from ambush_gui.gui.table.dialogs.move import MovePrompt

    game = market_day()
    alpha_by_the_headman(game)
    game.answer("alpha")
    game.answer("cautious:move-fire")
    d = game.pending()
    assert d.kind is K.MOVE
    prompt = MovePrompt(d, game)
    qtbot.addWidget(prompt)
    assert "To take in the headman" in prompt.detail.text() and '0.6"' in prompt.detail.text()
    win = table_window(qtbot, game)
    view = win.table
    assert view.moving is not None and view.moving.unit == "alpha"
    sx, sy = view.moving.start
    view._show_path((sx, sy + 3.0))  # the right-hand figure ends 0.7" from him
    readout = view.table.move_overlay.readout.text
    assert '0.1" short of touching the headman' in readout
    view._show_path((sx + 0.2, sy + 3.0))  # 0.5" from him: bases touch
    assert "takes in the headman" in view.table.move_overlay.readout.text


def test_f1_at_a_glance_ends_with_the_scenario_played_and_finds_the_headman(qtbot: Any) -> None:
    """Playing Market Day, F1's "At a glance" ended with a Contracting Trouble section (and
    a rules option that no longer exists), and searching "headman" found nothing."""
    from ambush_gui.gui.shared.rules_help import open_reference

    win = table_window(qtbot, market_day())
    help_ = open_reference(win)
    page = help_.text.toPlainText()
    assert "This game: Market Day" in page and "To take in the headman" in page
    assert "Contracting Trouble" not in page and "contractor" not in page.lower()
    for query in ("headman", "take in", "contact"):
        help_.look_up(query)
        found = [help_.results.item(i).data(0x0100) for i in range(help_.results.count())]
        assert "CT-050" in found, query
    help_.close()


def test_a_mounted_units_speed_has_one_name_on_its_ring_card_and_mount(qtbot: Any) -> None:
    """A mounted unit's ring said "Tactical 8\"" and its card "cautious": the ring, the unit
    card and the mount's tooltip all say "Cautious 8\"" (the plan dialog's word)."""
    from ambush_gui.alley.model import Speed
    from ambush_gui.core.decisions import Decision
    from ambush_gui.gui.table.panels import UnitCard
    from tests.alley import kit

    game = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20), tq="d8")], modules=["mounted"],
                    mounted={"units": [{"unit": "i", "type": "cavalry"}]}, strict=False)
    win = table_window(qtbot, game)
    win.table.begin_move(Decision("insurgent", K.MOVE, "move", options=(),
                                  facts={"unit": "i", "limit": 16.0 * game.m.scale,
                                         "speeds": ["cautious", "rapid"]}))
    ring = win.table.table.move_overlay.cautious.label.text
    game.unit("i").speed = Speed.CAUTIOUS
    card = UnitCard()
    qtbot.addWidget(card)
    card.show_unit(game, "i")
    mount = win.table.table.mounts.items[game.unit("i").figures[0].id].toolTip()
    assert ring == 'Cautious 8"'
    assert 'speed this turn: Cautious 8"' in card.body.text()
    assert 'Cautious 8", Rapid 16"' in mount and "Tactical" not in mount


def test_the_trays_modifiers_are_never_cut_in_a_rule_id(qtbot: Any) -> None:
    """Alpha team's fire at the bomber, 6d8 with six modifiers: the line under the dice read
    "+4 AA-134  +1 AA-137  +1 AA-13…"; whole modifiers are shown, the rest left to "…".
    A new player's play-test: "+4 AA-134" said nothing to him; they are said in words."""
    from ambush_gui.core.events import Event
    from ambush_gui.gui.shared.dice_tray import RollBlock

    mods = [("4 figures", 4, "AA-134"), ("M203 rifle grenade launcher (alpha-3)", 1, "AA-137"),
            ("SAW (squad automatic weapon) (alpha-4)", 1, "AA-137"),
            ("target within Optimum Range", 1, "AA-112"), ("moved Rapidly", -1, "AA-038"),
            ("in the open", 1, "AA-141")]
    ev = Event("roll", "Firepower: Alpha team at The bomber: 6d8", {
        "purpose": "Firepower: Alpha team at The bomber", "faces": [3, 2, 6, 1, 5, 3], "sides": 8,
        "modifiers": mods, "result": "", "keep": 4})
    block = RollBlock(ev, "regular", "Firepower: Alpha team at The bomber")
    qtbot.addWidget(block)
    text = block.modifiers.text()
    import re

    assert block.modifiers.fontMetrics().horizontalAdvance(text) <= block.wide
    for part in text.split("  "):  # each a whole "+4 4 figures", or the closing "…"
        assert part == "…" or re.fullmatch(r"[+−]\d+ [^()]*[a-z]{2}[^()]*", part), text
    assert "AA-" not in text  # words, not a rule ID alone (its rule is in the tooltip)
    assert text.startswith("+4 4 figures  ")  # whole, the rest in the tooltip
    assert "M203 rifle grenade launcher (alpha-3)" in block.modifiers.toolTip()


def test_the_casualty_dialog_is_never_wider_than_the_decision_dock(qtbot: Any) -> None:
    """Bravo team hit by the road-bomb: "Each Regular figure hit rolls on the First Aid table
    (AA-155..158" ran past the dock's right edge, and the figures' lines with it."""
    game, d = drive_to(K.CASUALTIES, lambda d, g: d.side == "regular")
    dlg = shown(qtbot, dialog_for(d, game))
    dlg.layout().activate()
    viewport = dlg.body_scroll.viewport().width()
    assert dlg.body_widget.minimumSizeHint().width() <= viewport
    assert dlg.body_widget.width() <= viewport


def test_a_move_rings_words_cover_no_name(qtbot: Any) -> None:
    """The Sergeant's Cautious move: its limit ring's "Cautious 6\" — limit" lay over Bravo
    team's label at the ring's top; the words take a side instead (the foot is off the table,
    where Alpha team's "Rapid 12\" — limit" went out of sight)."""
    game = market_day()
    sx, sy = game.state.units["sgt"].centre()
    for k, f in enumerate(game.state.units["bravo"].figures):  # its name on the ring's top
        f.x, f.y = sx - 1.05 + 0.7 * k, sy + 6.9
    lt = game.state.units["lt"].figures[0]
    lt.x, lt.y = 3.0, 8.0  # the ring's left side free
    for answer in ("sgt", "cautious:move-fire"):
        while game.pending().kind is K.CHOOSE:  # the hidden bomb waits
            game.answer("wait")
        game.answer(answer)
    assert game.pending().kind is K.MOVE
    win = table_window(qtbot, game)
    view = win.table
    assert view.moving is not None and view.moving.unit == "sgt"
    ring_words_are_clear(view)


def ring_words_are_clear(view: Any) -> None:
    """The limit ring's words cover no name and no Hot Spot, and lie on the table."""
    from ambush_gui.gui.table.items import LabelItem

    ring = view.table.move_overlay.limit.label
    assert ring.isVisible() and "limit" in ring.text
    others = [i for i in view.table.items() if isinstance(i, LabelItem) and i is not ring
              and i.isVisible() and not i.rotation()] + list(view.table.hot_spots.values())
    assert not any(on_view(view, i).intersects(on_view(view, ring)) for i in others)
    # and on the table: its foot, under the table's edge, was out of sight
    table = view.mapFromScene(view.table.table_rect()).boundingRect()
    assert table.contains(on_view(view, ring).toAlignedRect())


def test_alpha_teams_rapid_ring_words_are_in_sight_and_clear(qtbot: Any) -> None:
    """Alpha team's first Rapid move: "Rapid 12\" — limit" went under the table's edge, then
    onto Bravo's label and Hot Spot 5."""
    game = market_day()
    game.answer("alpha")
    game.answer("rapid:move-fire")
    win = table_window(qtbot, game)
    ring_words_are_clear(win.table)


def test_a_taunt_mark_covers_no_name(qtbot: Any) -> None:
    """Bravo team taunted by the crowd: "Taunted by a mob" lay over Bravo's label. Over a
    unit hemmed in by names (here the crowd's, over the unit) it takes a free place."""
    from ambush_gui.gui.table.items import LabelItem
    from tests.alley import kit

    mobs = [{"id": "mob1", "kind": "civilian_mob", "rect": [10, 7, 3, 2]}]
    game = kit.game([kit.marines("m", (5, 5)), kit.marines("n", (5, 6.4)),
                     kit.insurgents("i", (5, 20))], pieces=mobs, modules=["civilians"],
                    civilians={"hostile_mobs": ["mob1"]}, strict=False)
    win = table_window(qtbot, game)
    game.unit("m").marks["civilians.taunted_turn"] = game.state.turn
    win.table.table.refresh()
    mark = win.table.table.mobs.taunts["m"]
    assert mark.isVisible()
    view = win.table
    names = [i for i in view.table.items() if isinstance(i, LabelItem) and i is not mark
             and i.isVisible() and not i.rotation()]
    assert not [i.text for i in names if on_view(view, i).intersects(on_view(view, mark))]


def test_a_crowd_standing_on_a_building_does_not_cover_its_name(qtbot: Any) -> None:
    """The crowd at the bus station drifted onto the bus station: its stand covered the middle
    of "Bus station". The name moves to a free part of the building, or is hidden."""
    win = table_window(qtbot, market_day())
    scene, view = win.table.table, win.table
    building = next(pid for pid, lab in scene.terrain_labels.items() if lab.text == "Bus station")
    stand = scene.mobs.items["crowd-buses"]
    box = scene.terrain[building].polygon.boundingRect()
    stand.setPos(box.center())
    scene.layout_labels(scene.ppi)
    name = scene.terrain_labels[building]
    assert not (name.isVisible() and on_view(view, name).intersects(on_view(view, stand)))


@pytest.mark.parametrize(("scenario", "building"), [("the-signal-box", "Signal box"),
                                                    ("the-last-clinic", "Bakery")])
def test_a_building_full_of_figures_is_still_named_beside_it(
        qtbot: Any, scenario: str, building: str) -> None:
    """At the start the raiders fill the Signal box: no spot inside was free of figures, so
    the building's name was not shown at all. It is shown, inside where a spot is free, else
    just beside the building, covering no figure and no other name. (The Bakery's spot above
    it was refused for a sliver of 1e-13 square pixels past the table's edge.)"""
    from ambush_gui.gui.table.items import FigureItem, LabelItem

    game = systems.new_game(systems.load_scenario(systems.resolve(scenario)), seed=2)
    win = table_window(qtbot, game)
    view, scene = win.table, win.table.table
    pid = next(p for p, lab in scene.terrain_labels.items() if lab.text == building)
    name = scene.terrain_labels[pid]
    assert name.isVisible()
    plate = on_view(view, name)
    figures = [on_view(view, i) for i in scene.items() if isinstance(i, FigureItem) and i.isVisible()]
    others = [on_view(view, i) for i in scene.items() if isinstance(i, LabelItem) and i is not name
              and i.isVisible() and not i.rotation()]
    assert not any(plate.intersects(f) for f in figures)
    assert not [i for i in others if plate.intersects(i)]


def test_the_escorts_waiting_are_named_with_how_many_of_each(qtbot: Any) -> None:
    """The Last Clinic: the doctor and her two patients waited under "Doctor, patient"; the
    label names each kind once, with how many."""
    game = systems.new_game(systems.load_scenario(systems.resolve("the-last-clinic")), seed=3)
    win = table_window(qtbot, game)
    label = win.table.table.contractor_label
    assert label.isVisible()
    assert label.text == "Doctor and 2 patients"


@pytest.mark.parametrize("name", ["Sicherungstruppenkompanie-Nord", "Fireteam Alpha, Second Platoon, "
                                  "Company B (reinforced)"])
def test_a_long_unit_name_in_the_unit_card_wraps_or_scrolls_never_cut(qtbot: Any, name: str) -> None:
    """The unit card at 1280x800: a name that wraps reads whole in the column; a word longer
    than the column made the card wider than its dock, its right-hand end cut with no way to
    see it. It scrolls sideways now (its words stay whole)."""
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 7)
    win = table_window(qtbot, game)
    unit = game.state.units["alpha"]
    unit.name = name
    unit.pinned = unit.overwatch = True
    win.card.show_unit(game, "alpha")
    area = win.card.parentWidget().parentWidget()
    bar = area.horizontalScrollBar()
    qtbot.waitUntil(lambda: win.card.title.text() == name)
    win.layout().activate()
    qtbot.wait(10)
    if win.card.minimumSizeHint().width() <= area.viewport().width():  # it wraps: nothing to scroll
        assert not bar.isVisible()
        assert win.card.width() <= area.viewport().width()
        return
    qtbot.waitUntil(bar.isVisible)
    assert bar.maximum() >= win.card.width() - area.viewport().width()  # its end in reach
