"""The Ambush! hex map view: it is built from the shipped missions, maps pixels to hex
numbers and back, turns clicks and drags into hex numbers and soldier ids, stacks
counters visibly, redraws changed terrain, toggles its overlays and slides counters."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtTest import QTest

from ambush_gui import systems
from ambush_gui.ambush.model import AmbushState, Stance, Status
from ambush_gui.core.hexgrid import Hex, HexMap, TerrainTable
from ambush_gui.gui.hexmap.view import Counter, HexMapView, counters_for
from ambush_gui.gui.shared import theme

LEFT, NONE = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
MISSIONS = ["ambush-tutorial", "ambush-hedgerow"]


def state_of(mission: str) -> AmbushState:
    return systems.new_game(systems.load_scenario(systems.resolve(mission)), 1).state


def make_view(qtbot, hexmap: HexMap, size: tuple[int, int] = (1000, 800)) -> HexMapView:  # noqa: ANN001
    view = HexMapView(hexmap)
    qtbot.addWidget(view)
    view.resize(*size)
    view.move(4000, 4000)  # clear of any window an earlier test left open
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    return view


def counter(cid: str, hex_: str, side: str = "us", **kw: object) -> Counter:
    return Counter(id=cid, side=side, hex=hex_, text=cid.capitalize(), stance="standing",
                   **kw)  # type: ignore[arg-type]


def pixel(view: HexMapView, scene: QPointF) -> QColor:
    image: QImage = view.viewport().grab().toImage()
    return image.pixelColor(view.mapFromScene(scene))


def close(a: QColor, b: QColor, tol: int = 8) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


@pytest.fixture
def hedgerow() -> AmbushState:
    return state_of("ambush-hedgerow")


# -- building ------------------------------------------------------------------------------


@pytest.mark.parametrize("mission", MISSIONS)
def test_builds_from_each_shipped_mission(qtbot, mission: str) -> None:  # noqa: ANN001
    st = state_of(mission)
    view = make_view(qtbot, st.map)
    assert len(view.geo.hexes) == st.map.width * st.map.height
    # Nobody is on the map when a mission starts; every hex is on screen when fitted.
    assert counters_for(st) == []
    vp = view.viewport().rect()
    assert all(vp.contains(view.hex_centre(h.label)) for h in st.map.hexes())
    first = next(iter(st.soldiers.values()))
    first.hex = Hex.from_label("0101")
    view.set_counters(counters_for(st))
    assert view.hex_at(view.counter_pos(first.id)) == "0101"


def test_counters_for_reads_the_state(hedgerow: AmbushState) -> None:
    s = hedgerow.soldiers
    s["sgt-novak"].hex = Hex.from_label("0105")
    s["sgt-novak"].stance = Stance.PRONE
    s["sgt-novak"].wounded = True
    s["pvt-greer"].hex = Hex.from_label("0106")
    s["pvt-greer"].aware = False
    s["pfc-lund"].hex = Hex.from_label("0107")
    s["pfc-lund"].left_map = True  # gone: not drawn
    s["g1"].hex = Hex.from_label("1005")
    s["g1"].status = Status.DEAD
    by_id = {c.id: c for c in counters_for(hedgerow)}
    assert set(by_id) == {"sgt-novak", "pvt-greer", "g1"}
    assert by_id["sgt-novak"] == Counter("sgt-novak", "us", "0105", "Novak", "prone", wounded=True,
                                         tip=by_id["sgt-novak"].tip, apart=1)
    assert "Sgt Novak" in by_id["sgt-novak"].tip and "Wounded" in by_id["sgt-novak"].tip
    assert by_id["pvt-greer"].unaware
    g1 = by_id["g1"]
    assert (g1.side, g1.text, g1.out, g1.unaware) == ("german", "A", True, False)


@pytest.mark.parametrize("mission", MISSIONS)
def test_hex_at_and_hex_centre_round_trip_for_every_hex(qtbot, mission: str) -> None:  # noqa: ANN001
    st = state_of(mission)
    view = make_view(qtbot, st.map)
    for h in st.map.hexes():
        assert view.hex_at(view.hex_centre(h.label)) == h.label
    assert view.hex_at(QPoint(2, 2)) is None  # the margin round the map
    with pytest.raises(ValueError, match="not a hex of this"):
        view.hex_centre("9999")


# -- clicks and drags -----------------------------------------------------------------------


def test_clicking_a_hex_emits_its_number(qtbot, hedgerow: AmbushState) -> None:  # noqa: ANN001
    view = make_view(qtbot, hedgerow.map)
    got: list[str] = []
    view.hexClicked.connect(got.append)
    for label in ("0101", "0705", "1410"):
        QTest.mouseClick(view.viewport(), LEFT, NONE, view.hex_centre(label))
    QTest.mouseClick(view.viewport(), LEFT, NONE, QPoint(2, 2))  # off the map: nothing
    assert got == ["0101", "0705", "1410"]


def test_clicking_a_counter_selects_it_and_emits_its_id(qtbot, hedgerow: AmbushState) -> None:  # noqa: ANN001
    view = make_view(qtbot, hedgerow.map)
    view.set_counters([counter("able", "0305"), counter("baker", "0305"), counter("g", "0906", "german")])
    hexes: list[str] = []
    clicked: list[str] = []
    view.hexClicked.connect(hexes.append)
    view.counterClicked.connect(clicked.append)
    for cid in ("able", "g", "baker"):
        QTest.mouseClick(view.viewport(), LEFT, NONE, view.counter_pos(cid))
        assert view.selected == cid
    assert clicked == ["able", "g", "baker"]
    assert hexes == []
    # A click in a highlighted step hex means "go there", whoever stands in it.
    view.show_steps({"0305": "2 MP"})
    QTest.mouseClick(view.viewport(), LEFT, NONE, view.counter_pos("able"))
    assert hexes == ["0305"] and clicked == ["able", "g", "baker"]


def test_a_drag_from_a_counter_emits_each_step_entered_in_order(qtbot, hedgerow: AmbushState) -> None:  # noqa: ANN001
    view = make_view(qtbot, hedgerow.map)
    view.set_counters([counter("able", "0105")])
    # The game window answers each step by offering the next ones, as the engine would.
    nexts = {"0205": {"0305": "4 MP"}, "0305": {"0405": "6 MP"}, "0405": {}}
    view.show_steps({"0205": "2 MP", "0104": "2 MP"}, ["0105"], "0 of 6 MP spent")
    got: list[str] = []

    def on_step(label: str) -> None:
        assert view.dragging == "able"
        got.append(label)
        view.show_steps(nexts[label], ["0105", *got])

    view.stepDragged.connect(on_step)
    clicks: list[str] = []
    view.hexClicked.connect(clicks.append)
    vp = view.viewport()
    QTest.mousePress(vp, LEFT, NONE, view.counter_pos("able"))
    for label in ("0205", "0206", "0205", "0305", "0306", "0405", "0404", "0104"):
        QTest.mouseMove(vp, view.hex_centre(label))
    QTest.mouseRelease(vp, LEFT, NONE, view.hex_centre("0104"))
    # 0206, 0306 and 0404 are not highlighted; 0205 is entered again after it is no
    # longer a step; 0104 stopped being one after the first step.
    assert got == ["0205", "0305", "0405"]
    assert clicks == []  # a drag is not a click
    assert view._ghost is None and view.dragging is None  # gone with the mouse button


def test_a_drag_without_steps_pans(qtbot, hedgerow: AmbushState) -> None:  # noqa: ANN001
    view = make_view(qtbot, hedgerow.map)
    view.set_counters([counter("able", "0705")])
    view.zoom(2.0)
    steps: list[str] = []
    view.stepDragged.connect(steps.append)
    before = view.mapToScene(view.viewport().rect().center())
    vp = view.viewport()
    start = view.counter_pos("able")
    QTest.mousePress(vp, LEFT, NONE, start)
    for k in range(1, 5):
        QTest.mouseMove(vp, start + QPoint(15 * k, 10 * k))
    QTest.mouseRelease(vp, LEFT, NONE, start + QPoint(60, 40))
    after = view.mapToScene(view.viewport().rect().center())
    k = view.scale_factor()
    assert (before.x() - after.x()) * k == pytest.approx(60, abs=2)
    assert (before.y() - after.y()) * k == pytest.approx(40, abs=2)
    assert steps == [] and not view.auto_fit


# -- what is drawn ------------------------------------------------------------------------------


def test_grid_and_hex_numbers_toggle(qtbot, hedgerow: AmbushState) -> None:  # noqa: ANN001
    view = make_view(qtbot, hedgerow.map)
    both = view.viewport().grab().toImage()
    view.set_grid_visible(False)
    no_grid = view.viewport().grab().toImage()
    view.set_labels_visible(False)
    bare = view.viewport().grab().toImage()
    assert not view.grid_visible and not view.labels_visible
    assert both != no_grid != bare
    # A hex number's spot changes colour with the numbers; a grid line's with the grid.
    top = view.mapFromScene(view.geo.centre[Hex.from_label("0705")] + QPointF(0, -0.7 * view.hex_size))
    side = view.mapFromScene(view.geo.side(Hex.from_label("0705"), Hex.from_label("0706")).center())
    assert no_grid.pixelColor(side) != both.pixelColor(side)
    assert bare.pixelColor(top) != no_grid.pixelColor(top) or bare.pixelColor(top.x() + 1, top.y()) \
        != no_grid.pixelColor(top.x() + 1, top.y())
    QTest.keyClick(view, Qt.Key.Key_G)
    QTest.keyClick(view, Qt.Key.Key_N)
    assert view.grid_visible and view.labels_visible
    assert view.viewport().grab().toImage() == both


def test_six_counters_in_one_hex_are_all_in_sight(qtbot, hedgerow: AmbushState) -> None:  # noqa: ANN001
    view = make_view(qtbot, hedgerow.map)
    ids = [f"s{i}" for i in range(6)]
    view.set_counters([counter(cid, "0705", "us" if i < 3 else "german", out=i == 0)
                       for i, cid in enumerate(ids)])
    spots = [view.counter_pos(cid) for cid in ids]
    assert len({(p.x(), p.y()) for p in spots}) == 6
    for cid, p in zip(ids, spots, strict=True):
        assert view.counter_at(p) == cid  # the one seen there is that counter, not another
        assert view.hex_at(p) == "0705"
    view.select("s2")  # the selected counter goes on top (all of it in sight), in its hex
    middle = view.mapFromScene(view._items["s2"].scenePos())
    assert view.counter_at(middle) == "s2" and view.hex_at(middle) == "0705"
    assert all(view.counter_at(view.counter_pos(cid)) == cid for cid in ids)


def test_set_map_repaints_a_changed_hex(qtbot, hedgerow: AmbushState) -> None:  # noqa: ANN001
    old = hedgerow.map
    view = make_view(qtbot, old)
    h = Hex.from_label("1208")
    assert old.terrain(h) == "clear"
    spot = view.geo.centre[h] + QPointF(-0.78 * view.hex_size, 0)
    assert close(pixel(view, spot), theme.HEX_TERRAIN_FILL["clear"])
    terrain = {x: old.terrain(x) for x in old.hexes()} | {h: "field"}
    view.set_map(HexMap(old.width, old.height, old.rules, terrain, hexsides=old.hexside_features()))
    assert close(pixel(view, spot), theme.HEX_TERRAIN_FILL["field"])
    assert "Crop field" in view.describe_hex("1208")


def test_set_map_draws_what_a_fresh_view_draws(qtbot, hedgerow: AmbushState) -> None:  # noqa: ANN001
    """Only the changed hexes are drawn afresh; the neighbours they touch follow (the road
    no longer runs into a hex that is not road, a hedge gone from a side is gone)."""
    old = hedgerow.map
    view = make_view(qtbot, old)
    view.viewport().grab()  # the terrain is cached before the change
    terrain = {x: old.terrain(x) for x in old.hexes()} | {Hex.from_label("0706"): "woods",
                                                           Hex.from_label("1208"): "road"}
    sides = old.hexside_features()
    del sides[next(iter(sides))]
    new = HexMap(old.width, old.height, old.rules, terrain, hexsides=sides)
    view.set_map(new)
    fresh = make_view(qtbot, new)
    assert view.viewport().grab().toImage() == fresh.viewport().grab().toImage()


def test_unknown_terrain_is_drawn_neutral_and_named(qtbot) -> None:  # noqa: ANN001
    rules = TerrainTable({"clear": 2, "marsh": 4}, hexside_costs={"fence": 1})
    hexmap = HexMap(4, 3, rules, {Hex.from_label("0202"): "marsh"},
                    hexsides={(Hex.from_label("0202"), Hex.from_label("0203")): "fence"})
    view = make_view(qtbot, hexmap, (600, 500))
    spot = view.geo.centre[Hex.from_label("0202")] + QPointF(-0.78 * view.hex_size, 0)
    assert close(pixel(view, spot), theme.HEX_UNKNOWN_FILL)
    text = view.describe_hex("0202")
    assert text.startswith("0202 · Marsh (marsh) · 4 MP to enter standing")
    assert "Fence towards 0203: +1 MP to cross" in text


def test_tooltips_name_the_counter_the_terrain_and_its_hexsides(qtbot, hedgerow: AmbushState) -> None:  # noqa: ANN001
    view = make_view(qtbot, hedgerow.map)
    view.set_counters([counter("able", "0401", tip="<b>Pvt Able</b>")])
    view.mark_hexes(["0401"], QColor("#8e44ad"), "First field: paragraph 1")
    tip = view.tooltip_at(view.counter_pos("able"))
    assert tip.startswith("<b>Pvt Able</b>")
    assert "0401 · Crop field · 3 MP to enter standing" in tip
    assert "Hedgerow towards 0501: +3 MP to cross, blocks sight" in tip
    assert "First field: paragraph 1" in tip
    view.clear_marks()
    assert "First field" not in view.tooltip_at(view.counter_pos("able"))


def test_hovering_names_the_hex(qtbot, hedgerow: AmbushState) -> None:  # noqa: ANN001
    view = make_view(qtbot, hedgerow.map)
    got: list[str] = []
    view.hexHovered.connect(got.append)
    QTest.mouseMove(view.viewport(), view.hex_centre("0905"))
    QTest.mouseMove(view.viewport(), view.hex_centre("0905") + QPoint(1, 1))  # same hex: quiet
    QTest.mouseMove(view.viewport(), QPoint(2, 2))
    assert got == ["0905", ""]


# -- the slide ---------------------------------------------------------------------------------------


def test_animate_move_ends_with_the_counter_in_the_last_hex(qtbot, hedgerow: AmbushState) -> None:  # noqa: ANN001
    view = make_view(qtbot, hedgerow.map)
    view.set_counters([counter("able", "0105"), counter("baker", "0105")])
    view.animate_move("able", ["0105", "0205", "0305"], ms_per_hex=30)
    assert view.animating
    assert view.hex_at(view.counter_pos("able")) != "0305"  # it has not arrived yet
    qtbot.waitUntil(lambda: not view.animating, timeout=15000)  # generous: a busy CI machine starves timers
    assert view.hex_at(view.counter_pos("able")) == "0305"
    assert view.counter_at(view.counter_pos("baker")) == "baker"  # left behind, alone


def test_set_counters_finishes_a_slide_at_once(qtbot, hedgerow: AmbushState) -> None:  # noqa: ANN001
    view = make_view(qtbot, hedgerow.map)
    able = counter("able", "0105")
    view.set_counters([able])
    view.animate_move("able", ["0205", "0305", "0405"], ms_per_hex=5000)
    view.set_counters([replace(able, hex="0405")])
    assert not view.animating
    assert view.hex_at(view.counter_pos("able")) == "0405"
    # Already moved by set_counters: the slide starts from the path's first hex.
    view.animate_move("able", ["0305", "0405"], ms_per_hex=10)
    qtbot.waitUntil(lambda: not view.animating, timeout=15000)  # generous: a busy CI machine starves timers
    assert view.hex_at(view.counter_pos("able")) == "0405"


# -- zoom, keys -------------------------------------------------------------------------------------


def test_zoom_keys_and_fit(qtbot, hedgerow: AmbushState) -> None:  # noqa: ANN001
    view = make_view(qtbot, hedgerow.map)
    fitted = view.scale_factor()
    QTest.keyClick(view, Qt.Key.Key_Plus)
    assert view.scale_factor() == pytest.approx(fitted * view.ZOOM_STEP)
    view.zoom(1e6)
    assert view.scale_factor() == pytest.approx(view.MAX_SCALE)
    QTest.keyClick(view, Qt.Key.Key_F)
    assert view.scale_factor() == pytest.approx(fitted) and view.auto_fit



def test_counters_grow_with_the_zoom_and_the_fit_is_tight(qtbot) -> None:  # noqa: ANN001
    """The new player at 1280x800 found the hedgerow map small: its counters are scene
    items (no fixed pixel size), so zooming in grows them with the hexes, and the fit
    leaves at most a quarter hex of margin on the side that limits it."""
    st = state_of("ambush-hedgerow")
    view = make_view(qtbot, st.map, (577, 600))  # the map view's size at 1280x800
    view.set_counters([counter("ortiz", "0106")])
    item = view._items["ortiz"]
    before = view.mapFromScene(item.sceneBoundingRect()).boundingRect().width()
    hexes_before = view.mapFromScene(view.geo.bounds).boundingRect().width()
    view.zoom(2.0)
    after = view.mapFromScene(item.sceneBoundingRect()).boundingRect().width()
    hexes_after = view.mapFromScene(view.geo.bounds).boundingRect().width()
    assert after == pytest.approx(before * hexes_after / hexes_before, rel=0.1)
    assert after > 1.5 * before
    view.fit()
    shown = view.mapFromScene(view.geo.bounds).boundingRect()
    vp = view.viewport().rect()
    assert shown.width() >= vp.width() - 0.6 * view.hex_size * view.scale_factor() - 2 or \
        shown.height() >= vp.height() - view.BAR_ROOM - 0.6 * view.hex_size * view.scale_factor() - 2


# -- counter names -------------------------------------------------------------------------


def test_counter_names_tell_the_men_apart_at_1280x800(qtbot, hedgerow: AmbushState) -> None:  # noqa: ANN001
    """A play-test: at 1280x800 Sgt Hallam's counter read "Hal…" (the map is about 575 px
    wide there). A counter whose body shows gives its band's stance figure to the name;
    a name that still does not fit keeps the letters that tell him from the others (never
    "Hall…" for both Hallam and Halloran); two men of one surname get an initial or rank;
    the tooltip and the squad keep the whole name."""
    from types import SimpleNamespace as S

    from ambush_gui.gui.hexmap.view import CounterItem, counter_labels, shortened

    men = [S(id=f"m{i}", side=S(value="us"), letter="", name=n) for i, n in enumerate(
        ["Sgt Hallam", "Pvt Halloran", "Pvt John Hall", "Pfc Tom Hall", "Cpl Ray Castellano"])]
    labels = counter_labels([*men, S(id="g", side=S(value="german"), letter="F", name="Gefreiter Falk")])
    assert labels == {"m0": ("Hallam", 5), "m1": ("Halloran", 5), "m2": ("J. Hall", 1),
                      "m3": ("T. Hall", 1), "m4": ("Castellano", 1), "g": ("F", 1)}
    assert shortened("Castellano", 1, lambda t: len(t) <= 6) == "Caste."
    assert shortened("Halloran", 5, lambda t: len(t) <= 3) == "Hallo"  # never fewer
    view = make_view(qtbot, hedgerow.map, (575, 510))
    us = [Counter(id=m.id, side="us", hex=h, text=labels[m.id][0], apart=labels[m.id][1],
                  stance="standing", unaware=True, tip=f"<b>{m.name}</b>, US")
          for m, h in zip(men, ["0103", "0104", "0104", "0105", "0106"], strict=True)]
    view.set_counters(us)
    items = {i.counter.id: i for i in view.scene().items() if isinstance(i, CounterItem)}
    shown = {cid: item.band_text()[2] for cid, item in items.items()}
    assert shown["m0"] == "Hallam", shown  # alone in 0103: the whole name
    assert items["m0"].band_text()[3] is None  # his body shows the stance
    for cid, (text, apart) in labels.items():
        if cid in shown:
            assert shown[cid].startswith(text[:apart]) and "…" not in shown[cid], shown
    covered = [i for i in items.values() if i.covered]
    assert len(covered) == 1 and covered[0].band_text()[3] is not None  # its band's figure stays
    assert "Sgt Hallam" in view.tooltip_at(view.counter_pos("m0"))
