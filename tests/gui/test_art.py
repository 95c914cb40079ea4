"""The program's art (gui/shared/art.py): found from the package, drawn from a pixmap
cache, shown as the window icon, and used by the table, the hex map and the dice."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from ambush_gui.gui.shared import art, theme
from ambush_gui.gui.shared.dice import DIE_KINDS, DieFace, die_art
from ambush_gui.gui.table.items import FigureItem, Look, symbol_of

ROOT = Path(__file__).resolve().parents[2]


def render_figure(look: Look, radius: float = 20.0) -> QImage:
    """One figure drawn on white, centred in a 100x100 image."""
    image = QImage(100, 100, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    item = FigureItem(radius)
    item.set_look(look)
    painter = QPainter(image)
    painter.translate(50, 50)
    item.paint(painter, None)  # type: ignore[arg-type]
    painter.end()
    return image


def near(a: QColor, b: QColor, tol: int = 24) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def test_the_art_is_found_with_its_licences(qapp: object) -> None:
    assert art.resource("LICENSES").is_file()
    assert art.data("icon/ambush-gui.svg").startswith(b"<?xml")


def test_a_clone_run_from_source_reads_the_top_level_assets_folder() -> None:
    # ambush_gui.assets exists only once installed; from a clone it is the top-level folder.
    try:
        import ambush_gui.assets as installed  # noqa: F401
    except ModuleNotFoundError:
        assert Path(str(art.root())) == ROOT / "assets"
    else:
        pytest.skip("ambush_gui.assets is installed here")


def test_the_icon_carries_every_png_size(qapp: object) -> None:
    sizes = {s.width() for s in art.icon().availableSizes()}
    assert set(art.ICON_SIZES) <= sizes


def test_the_application_and_a_game_window_show_the_icon(qtbot: object) -> None:
    from ambush_gui import systems
    from ambush_gui.gui.app import application
    from ambush_gui.gui.shared.controller import GameController, Seat
    from ambush_gui.gui.table.window import MainWindow

    app = application()
    assert not app.windowIcon().isNull()
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 1)
    win = MainWindow(GameController(game, {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}, delay_ms=0))
    qtbot.addWidget(win)  # type: ignore[attr-defined]
    assert art.icon().cacheKey() == win.windowIcon().cacheKey()


def test_a_symbol_is_rendered_once_per_size(qapp: object) -> None:
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    before = art.cached_pixmaps()
    for _ in range(5):
        art.draw(painter, "table/regular", QRectF(0, 0, 37, 37))
    after_one_size = art.cached_pixmaps()
    art.draw(painter, "table/regular", QRectF(0, 0, 38, 38))
    painter.end()
    assert after_one_size - before <= 1  # drawn five times, rendered (at most) once
    assert art.pixmap("table/regular", 37, 37) is art.pixmap("table/regular", 37, 37)
    assert art.cached_pixmaps() == after_one_size + 1  # a new size is a new render


def test_a_recoloured_symbol_is_its_own_render(qapp: object) -> None:
    grey = (("#2f6db5", "#9a9a9a"),)
    plain = art.pixmap("table/regular", 40, 40).toImage().pixelColor(20, 8)
    greyed = art.pixmap("table/regular", 40, 40, grey).toImage().pixelColor(20, 8)
    assert near(plain, theme.SIDE_COLOURS["regular"])
    assert near(greyed, theme.FALLEN_FILL)


@pytest.mark.parametrize(("look", "name"), [
    (Look(side="regular"), "table/regular"),
    (Look(side="regular", leader=True), "table/regular-leader"),
    (Look(side="insurgent", support=True), "table/insurgent-support"),
    (Look(side="insurgent", mortar=True), "table/insurgent-mortar"),
    (Look(contractor=True), "table/contractor"),
    (Look(contractor=True, unhurt=True), "table/contractor-unhurt"),
])
def test_each_figure_has_its_symbol(look: Look, name: str) -> None:
    assert symbol_of(look)[0] == name
    assert art.resource(f"{name}.svg").is_file()


def test_a_fallen_figure_is_drawn_grey(qapp: object) -> None:
    point = (50, 50 - 12)  # inside the base, above the white bar
    alive = render_figure(Look(side="regular")).pixelColor(*point)
    fallen = render_figure(Look(side="regular", fallen=True)).pixelColor(*point)
    assert near(alive, theme.SIDE_COLOURS["regular"])
    assert near(fallen, theme.FALLEN_FILL)


def test_figures_are_drawn_from_the_svg_symbols(qapp: object) -> None:
    regular = render_figure(Look(side="regular"))
    insurgent = render_figure(Look(side="insurgent"))
    assert near(regular.pixelColor(50, 50), QColor("white"))  # the white bar
    assert near(regular.pixelColor(50, 38), theme.SIDE_COLOURS["regular"])
    assert near(insurgent.pixelColor(50, 50), theme.SIDE_COLOURS["insurgent"])
    assert near(insurgent.pixelColor(50 + 20, 50 - 20), QColor("white"))  # a diamond's corner is bare


def test_a_support_weapon_is_marked_on_the_table(qapp: object) -> None:
    from ambush_gui import systems
    from ambush_gui.gui.table.scene import TableScene, supports

    assert supports("rpg") and supports("saw") and not supports("rifle")
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 1)
    figs = [f for u in game.state.units.values() for f in u.figures]
    rpg = next(f for f in figs if f.weapon == "rpg")
    rifle = next(f for f in figs if f.weapon == "rifle" and f.kind.value == "soldier")
    assert TableScene.look_of(rpg).support
    assert not TableScene.look_of(rifle).support


@pytest.mark.parametrize("kind", DIE_KINDS)
def test_every_die_has_its_drawing(kind: str) -> None:
    name = die_art(kind)
    assert name is not None and art.resource(f"{name}.svg").is_file()


def test_a_die_shows_its_shape_behind_the_score(qtbot: object) -> None:
    def grab(sides: int) -> QImage:
        face = DieFace(None, sides, size=60)
        qtbot.addWidget(face)  # type: ignore[attr-defined]
        return face.grab().toImage()

    d6, d8 = grab(6), grab(8)
    differing = sum(d6.pixelColor(x, y) != d8.pixelColor(x, y)
                    for x in range(10, 50) for y in range(10, 45))
    assert differing > 30  # a cube and an octahedron: the faces differ in their drawing


def test_hex_counters_draw_the_emblems_and_stances(qapp: object) -> None:
    from ambush_gui.gui.hexmap.view import Counter, CounterItem

    def render(side: str, stance: str) -> QImage:
        image = QImage(200, 160, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        item = CounterItem(Counter(id="x", side=side, hex="0101", text="Novak", stance=stance), 120.0)
        painter = QPainter(image)
        painter.translate(100, 80)
        item.paint(painter, None)  # type: ignore[arg-type]
        painter.end()
        return image

    us = render("us", "standing")
    em = QPointF(-0.5 * 1.16 * 120 + 0.3 * 1.16 * 120, (-0.41 + 0.28 + 0.27) * 120)  # the emblem's centre
    assert near(us.pixelColor(int(100 + em.x()), int(80 + em.y())), QColor("white"))  # the star
    german = render("german", "standing")
    assert near(german.pixelColor(int(100 + em.x()), int(80 + em.y())), QColor("#111111"))  # the cross
    assert render("us", "prone") != render("us", "standing")
