"""Issue 15, civilians and mounted units on the table, in the real window: the mob stands
(hostile marked, casualties shown) slide toward gunfire, fade when dispersed, are ringed by
a casualty check; a taunted unit is marked; a mob's destinations are drawn from the card
dialog; a mounted unit rides on its horses, which fade when it dismounts; its move rings
are 8" Cautious (the Tactical move) and 16" Rapid; the rider-or-mount die and its verdict are one throw in the
dice tray. The two shipped module scenarios (market-day, the-orchard-battery) play a turn
between the computer players through the window."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from ambush_gui import systems  # noqa: E402
from ambush_gui.core.decisions import Decision, DecisionKind  # noqa: E402
from ambush_gui.core.events import Event  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.shared.dice_tray import DiceTrayPanel  # noqa: E402
from ambush_gui.gui.shared.pacing import Pace, attached, joins  # noqa: E402
from ambush_gui.gui.table.mobs import show_civilians_event  # noqa: E402
from ambush_gui.gui.table.mounted import show_mounted_event  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402
from tests.alley import kit  # noqa: E402

COMPUTERS = {"regular": Seat.COMPUTER, "insurgent": Seat.COMPUTER}
HUMANS = {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}


def window(qtbot: Any, game: Any, seats: dict[str, Seat] = HUMANS,
           pace: Pace = Pace.INSTANT) -> MainWindow:
    c = GameController(game, seats, delay_ms=0, pace=pace)
    win = MainWindow(c)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    return win


def civ_game(**kw: Any) -> Any:
    mobs = [{"id": "mob1", "kind": "civilian_mob", "rect": [10, 7, 3, 2], "label": "Market crowd"},
            {"id": "mob2", "kind": "civilian_mob", "rect": [16, 12, 3, 2]}]
    return kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))], pieces=mobs,
                    modules=["civilians"], civilians={"hostile_mobs": ["mob2"]}, strict=False, **kw)


def test_mob_stands_are_drawn_with_the_hostile_one_marked(qtbot: Any) -> None:
    game = civ_game()
    win = window(qtbot, game)
    layer = win.table.table.mobs
    assert set(layer.items) == {"mob1", "mob2"}
    one, two = layer.items["mob1"], layer.items["mob2"]
    assert one.isVisible() and two.isVisible()
    assert not one.hostile and two.hostile
    assert one.label.text == "Market crowd" and "hostile" in two.label.text
    flip = win.table.table.flip
    assert one.pos() == flip.scene(11.5, 8.0)  # the stand's centre
    assert "FF-135" in one.toolTip()
    # the turn panel no longer lists positions: the table shows them
    assert "at 11.5" not in win.turn_panel.modules.text()


def test_a_mob_slides_toward_gunfire_at_the_pace_and_ends_where_the_event_says(qtbot: Any) -> None:
    game = civ_game()
    win = window(qtbot, game)
    layer = win.table.table.mobs
    event = Event("civilians", "Mob Market crowd moves 3.0\" toward the gunfire of Marines m (FF-132)",
                  {"mob": "mob1", "to": [11.5, 11.0], "distance": 3.0})
    show_civilians_event(win.table.table, event, "fast", True)
    assert "mob1" in layer.busy  # sliding, not jumping
    assert layer.items["mob1"].note.isVisible() and "gunfire" in layer.items["mob1"].note.text
    qtbot.waitUntil(lambda: "mob1" not in layer.busy, timeout=3000)
    assert layer.items["mob1"].pos() == win.table.table.flip.scene(11.5, 11.0)
    assert layer.frames > 5  # drawn along the way
    assert not layer.items["mob1"].note.isVisible()


def test_the_casualty_check_rings_the_mob_and_a_casualty_is_shown(qtbot: Any) -> None:
    game = civ_game()
    win = window(qtbot, game)
    layer = win.table.table.mobs
    roll = Event("roll", "Civilian casualty check: ...",
                 {"purpose": "Civilian casualty check", "rule": "FF-136", "mob": "mob1", "faces": [2],
                  "sides": 8})
    show_civilians_event(win.table.table, roll, "normal", True)
    assert layer.items["mob1"].checked
    hurt = Event("civilians", "Mob Market crowd suffers a civilian casualty",
                 {"mob": "mob1", "casualties": 1})
    show_civilians_event(win.table.table, hurt, "normal", True)
    assert layer.items["mob1"].casualties == 1 and "1 hurt" in layer.items["mob1"].label.text
    win.table.table.refresh()  # the state's own count comes back at the redraw
    assert not layer.items["mob1"].checked


def test_a_dispersed_mob_fades_away(qtbot: Any) -> None:
    game = civ_game()
    win = window(qtbot, game)
    layer = win.table.table.mobs
    mod = game.modules.get("civilians")
    mod.remove(mod.mobs["mob1"], "dispersed", "disperses")
    gone = next(e for e in reversed(game.log.events) if e.data.get("gone"))
    show_civilians_event(win.table.table, gone, "fast", True)
    assert "mob1" in layer.busy and layer.items["mob1"].isVisible()
    qtbot.waitUntil(lambda: not layer.items["mob1"].isVisible(), timeout=3000)
    win.table.table.refresh()
    assert not layer.items["mob1"].isVisible() and layer.items["mob2"].isVisible()


def test_a_taunted_unit_is_marked(qtbot: Any) -> None:
    game = civ_game()
    win = window(qtbot, game)
    game.unit("m").marks["civilians.taunted_turn"] = game.state.turn
    win.table.table.refresh()
    mark = win.table.table.mobs.taunts["m"]
    assert mark.isVisible() and "Taunted" in mark.text and "FF-16" in mark.toolTip()


def test_a_mobs_destinations_are_drawn_from_the_card_dialog(qtbot: Any) -> None:
    game = civ_game()
    win = window(qtbot, game)
    layer = win.table.table.mobs
    d = Decision("insurgent", DecisionKind.CHOOSE, "where does the leader send mob1?",
                 options=("north", "east", "stay"),
                 facts={"module": "civilians", "question": "civilians.manipulate", "mob": "mob1",
                        "labels": {"north": "6\" north (to 11.5, 14.0)", "east": "6\" east (to 17.5, 8.0)",
                                   "stay": "leave the mob where it is"},
                        "to": {"north": [11.5, 14.0], "east": [17.5, 8.0]}})
    win._show_dialog(d)
    assert len(layer.dests) == 2
    win.dialog.cards[1].setChecked(True)  # the player looks at "east"
    on = [lab for key, _, lab, _ in layer.dests if key == "east"]
    assert on and on[0].isVisible() and on[0].text.startswith("6\" east")
    assert layer.extra  # the stand's outline where it would go
    win._close_prompts()
    assert not layer.dests and not layer.extra


def mounted_game(tq: str = "d8") -> Any:
    return kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20), tq=tq)],
                    modules=["mounted"], mounted={"units": [{"unit": "i", "type": "cavalry"}]},
                    strict=False)


def test_a_mounted_unit_rides_and_its_horses_fade_when_it_dismounts(qtbot: Any) -> None:
    game = mounted_game()
    win = window(qtbot, game)
    layer = win.table.table.mounts
    unit = game.unit("i")
    horses = [layer.items[f.id] for f in unit.figures]
    assert all(h.isVisible() and h.cavalry for h in horses)
    figures = win.table.table.figures
    assert all(h.parentItem() is figures[f.id] for h, f in zip(horses, unit.figures, strict=True))
    assert not any(f.id in layer.items for f in game.unit("m").figures)  # on foot: no horse
    assert "mounted" in win.table.table.unit_labels["i"].text
    mod = game.modules.get("mounted")
    mod.dismount(unit, "its action this turn")
    event = game.log.events[-1]
    show_mounted_event(win.table.table, event, "fast", True)
    assert layer.fading and layer.note.isVisible() and "dismounts" in layer.note.text
    qtbot.waitUntil(lambda: not layer.fading, timeout=3000)
    win.table.table.refresh()
    assert not any(h.isVisible() for h in horses)
    assert "on foot" in win.table.table.unit_labels["i"].text


def test_the_rider_or_mount_die_and_the_mount_hit(qtbot: Any) -> None:
    game = mounted_game()
    win = window(qtbot, game)
    layer = win.table.table.mounts
    fid = game.unit("i").figures[0].id
    roll = Event("roll", "Rider or mount", {"purpose": f"Rider or mount: {fid}", "figure": fid,
                                            "unit": "i", "faces": [5], "sides": 6})
    show_mounted_event(win.table.table, roll, "normal", True)
    assert layer.items[fid].ringed
    hit = Event("mounted", f"{fid}: the mount is hit and killed; the rider lands on his feet unhurt",
                {"unit": "i", "figure": fid, "hit": "mount", "kept_seat": True})
    show_mounted_event(win.table.table, hit, "normal", True)
    assert layer.items[fid].dead and not layer.items[fid].ringed
    assert "the mount is hit" in layer.note.text


def test_the_rider_or_mount_verdict_joins_its_dice_in_the_tray(qtbot: Any) -> None:
    """Every die reaches the tray with its purpose, and the verdict says in words what was hit."""
    assert joins("quality", "mounted") and joins("roll", "civilians") and not joins("move", "mounted")
    events = [Event("roll", "r", {"purpose": "Rider or mount: i-1 (Insurgents i)", "faces": [5], "sides": 6,
                                  "unit": "i", "result": "1-3 rider, 4-6 mount"}),
              Event("roll", "q", {"purpose": "Quality Check: i-1 keeps his seat, FF-072", "faces": [2],
                                  "sides": 8, "unit": "i"}),
              Event("quality", "Insurgents i fails its Quality Check", {"unit": "i"}),
              Event("mounted", "i-1 (Insurgents i): the mount is hit and killed, the rider thrown",
                    {"unit": "i", "figure": "i-1", "hit": "mount"})]
    assert all(attached(a, b) for a, b in zip(events, events[1:], strict=False))
    tray = DiceTrayPanel()
    qtbot.addWidget(tray)
    for e in events:
        tray.add(e)
    assert len(tray.throws) == 1
    throw = tray.throws[0]
    assert [r.data["purpose"].split(":")[0] for r in throw.rolls] == ["Rider or mount", "Quality Check"]
    assert any("the mount is hit" in o.text for o in throw.outcomes)


def test_a_mounted_units_move_rings_are_8_and_16_inches(qtbot: Any) -> None:
    game = mounted_game()
    win = window(qtbot, game)
    scale = game.m.scale
    d = Decision("insurgent", DecisionKind.MOVE, "move", options=(),
                 facts={"unit": "i", "limit": 16.0 * scale, "speeds": ["cautious", "rapid"]})
    win.table.begin_move(d)
    ov = win.table.table.move_overlay
    assert ov.cautious.isVisible() and ov.cautious.label.text == 'Cautious 8"'  # as its card says
    assert abs(ov.cautious.radius - 8.0 * scale) < 1e-6
    assert ov.limit.label.text.startswith('Rapid 16"')
    # on foot, the ordinary 6"/12"
    game.modules.get("mounted").dismount(game.unit("i"), "test")
    win.table.begin_move(Decision("insurgent", DecisionKind.MOVE, "move", options=(),
                                  facts={"unit": "i", "limit": 12.0 * scale,
                                         "speeds": ["cautious", "rapid"]}))
    assert ov.cautious.label.text == 'Cautious 6"'


@pytest.mark.parametrize("name", ["market-day", "the-orchard-battery"])
def test_a_module_scenario_plays_a_turn_between_the_computers_in_the_window(qtbot: Any, name: str) -> None:
    game = systems.new_game(systems.load_scenario(systems.resolve(name)), 3)
    win = window(qtbot, game, COMPUTERS)
    c = win.controller
    c.start()
    while game.pending() is not None and game.state.turn < 2:
        c.run_computer_now()
        qtbot.wait(1)
    if name == "market-day":  # the stands stand where the module says
        layer = win.table.table.mobs
        mod = game.modules.get("civilians")
        for mob in mod.mobs.values():
            item = layer.items[mob.id]
            assert item.isVisible() == (not mob.gone)
            if not mob.gone:
                assert item.pos() == win.table.table.flip.scene(*mob.centre)
    else:
        layer = win.table.table.mounts
        mod = game.modules.get("mounted")
        for uid in mod.kind:
            unit = game.state.units.get(uid)
            if unit is None or not unit.figures or not unit.on_table:
                continue
            riders = {f.id for f in mod.riders(unit)} if mod.is_mounted(unit) else set()
            for f in unit.figures:
                shown = f.id in layer.items and layer.items[f.id].isVisible()
                assert shown == (f.id in riders), f.id
    win.table.table.fof.finish_blast()  # a mortar's burst may still be fading: not past the test
