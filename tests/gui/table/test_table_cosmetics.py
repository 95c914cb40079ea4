"""The table's cosmetics (issue 10, defect 11): aid stations drawn in the game, building
names that step aside for units, counted words, a joined leader's card, and no label left
behind by an undo."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QRectF  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.alley_ai import AlleyAI  # noqa: E402
from ambush_gui.alley.game import AlleyGame  # noqa: E402
from ambush_gui.core.files import read_data  # noqa: E402
from ambush_gui.gui.table.items import AidStationItem  # noqa: E402
from ambush_gui.gui.table.panels import UnitCard  # noqa: E402
from tests.gui.table.test_table_view import make_view, new_game  # noqa: E402

CT = systems.resolve("contracting-trouble")


def test_aid_stations_are_drawn_in_the_game_as_in_the_editor(qtbot: Any) -> None:
    """DC-012: the editor drew them; the game did not."""
    data = read_data(CT)
    data["aid_stations"] = [[1.0, 9.0], [22.0, 2.0]]
    game = systems.new_game(systems.scenario_from_data("alley", data, "test"), 1)
    game.start()
    view = make_view(qtbot, game)
    stations = view.table.aid_stations
    assert [type(s) for s in stations] == [AidStationItem, AidStationItem]
    flip = view.table.flip
    assert [(s.pos().x(), s.pos().y()) for s in stations] == [
        (flip.scene(1.0, 9.0).x(), flip.scene(1.0, 9.0).y()),
        (flip.scene(22.0, 2.0).x(), flip.scene(22.0, 2.0).y())]
    assert all(s.isVisible() and "DC-012" in s.toolTip() for s in stations)


def _in_the_shop(game: AlleyGame) -> None:
    alpha = game.unit("alpha")
    cx, cy = alpha.centre()
    alpha.translate(3.5 - cx, 7.2 - cy)  # the middle of the shop (x 1.5-5.5, y 5.5-9)


@pytest.mark.parametrize("size", [(760, 620), (1200, 1000)])
def test_a_building_name_steps_aside_for_the_units_inside(qtbot: Any, size: tuple[int, int]) -> None:
    """The shop's name moved off its middle, where Alpha stands, instead of vanishing, and
    covers no figure and no unit label."""
    game = new_game()
    _in_the_shop(game)
    view = make_view(qtbot, game, size)
    view.refresh()
    sc, ppi = view.table, view.table.ppi
    lab = sc.terrain_labels["shop"]
    assert lab.isVisible()
    plate = sc._pixels(lab, ppi)
    for f in game.unit("alpha").figures:
        p = sc.figures[f.id].pos() * ppi
        r = 1.3 * sc.base_radius * ppi
        assert not plate.intersects(QRectF(p.x() - r, p.y() - r, 2 * r, 2 * r))
    for other in sc.unit_labels.values():
        if other.isVisible():
            assert not plate.intersects(sc._pixels(other, ppi))
    inside = sc.terrain["shop"].polygon.boundingRect()
    centre = lab.pos()
    assert inside.contains(centre) and centre != inside.center()


def test_counted_words_agree_with_the_count(qtbot: Any) -> None:
    game = new_game()
    card = UnitCard()
    qtbot.addWidget(card)
    card.show_unit(game, "cpl")  # the corporal alone
    assert "1 fighting figure, 0 Dependants" in card.body.text()
    assert "(s)" not in card.body.text()
    view = make_view(qtbot, game)
    assert "1 fighting figure;" in view.table.unit_labels["cpl"].toolTip()


def _game_with(kind: str, where: Any = None, seeds: range = range(1, 40)) -> tuple[AlleyGame, int]:
    """A computer game played until an event of ``kind`` (where ``where`` holds); the game
    and the number of decisions before the one that caused it."""
    scenario = systems.load_scenario(CT)
    for seed in seeds:
        game = systems.new_game(scenario, seed)
        ai = AlleyAI()
        while (d := game.pending()) is not None:
            n = len(game.decisions)
            game.answer(ai.choose(game, d))
            if any(e.kind == kind and (where is None or where(e)) for e in game.log.events):
                return game, n
    raise LookupError(kind)


def test_a_joined_leaders_card_shows_the_unit_he_leads(qtbot: Any) -> None:
    game, _ = _game_with("join")
    e = next(e for e in game.log.events if e.kind == "join")
    leader, unit = e.data["leader"], e.data["unit"]
    card = UnitCard()
    qtbot.addWidget(card)
    card.show_unit(game, leader)
    if not game.unit(unit).on_table:
        pytest.skip("the unit joined has since left the table")
    assert card.title.text() == game.unit(unit).name
    assert "off the table" not in card.body.text()
    assert f"{game.unit(leader).name} joined this unit" in card.body.text()


def test_no_unit_label_is_left_behind_when_an_undo_takes_a_unit_back(qtbot: Any) -> None:
    game, n = _game_with("arrive")
    new = next(e.data["unit"] for e in game.log.events if e.kind == "arrive")
    view = make_view(qtbot, game)
    assert view.table.unit_labels[new].isVisible()
    before = systems.new_game(systems.load_scenario(CT), game.seed)
    before.start()
    for choice in game.decisions[:n]:
        before.answer(choice)
    assert new not in before.state.units
    view.set_game(before)  # what undo does
    assert not view.table.unit_labels[new].isVisible()


def test_impassable_ground_is_drawn_as_no_go_not_as_plain_ground(qtbot: Any) -> None:
    """The Tailor's Ledger's canal is an 'open' piece marked impassable: it was drawn like
    sand, and only its tooltip said nobody could cross. It is now dark and hatched (and its
    name on a pale ground); a building, solid anyway, keeps its own look."""
    game = systems.new_game(systems.load_scenario(systems.resolve("the-tailors-ledger")), 1)
    game.start()
    view = make_view(qtbot, game)
    terrain = view.table.terrain
    assert terrain["canal-south"].no_go and "impassable" in terrain["canal-south"].toolTip()
    plain = [pid for pid, item in terrain.items() if item.kind == "open" and not item.no_go]
    assert not any(p.impassable for p in game.table.pieces if p.id in plain)
    img = view.grab().toImage()
    box = terrain["canal-south"].polygon.boundingRect()
    samples = sorted(img.pixelColor(view.mapFromScene(box.left() + box.width() * (i + 0.5) / 4,
                                                      box.top() + box.height() * (j + 0.5) / 9)).lightness()
                     for i in range(4) for j in range(9))  # over the hatching and the name too
    assert samples[len(samples) // 2] < 140, samples  # slate, not the sand (#c8c29a) of open ground


def test_a_contractor_on_the_ground_says_how_to_take_him_in() -> None:
    """A playtester stood a Fireteam an inch from the contractors and nothing said that a
    figure's base must touch them: the tooltip of a figure waiting on the ground says so
    (CT-050), and no longer that its unit carries it."""
    from ambush_gui import systems
    from ambush_gui.gui.table.scene import figure_tip

    g = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 1)
    tip = figure_tip(g.state.ground[0], None)
    assert "base touches it takes it into its unit (CT-050)" in tip
    assert "carried by its unit" not in tip
    marine = g.state.units["alpha"].figures[0]
    assert "CT-050" not in figure_tip(marine, g.state.units["alpha"])
