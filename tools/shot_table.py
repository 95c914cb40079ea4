"""Screenshots of the free-measure table, for the docs and for checking the look by eye.

    xvfb-run -s "-screen 0 1920x1080x24" python tools/shot_table.py [--out /tmp]

Writes, for "Contracting Trouble!" (seed 1):

- table-1280x800.png, table-1920x1080.png, table-760x620.png: the table fitted to a
  view of that size (the last is about the room it has in the main window at 1280x800);
- table-drag.png: Fireteam Bravo mid-drag, with a waypoint, the tape and the rings;
- table-refused.png: a drag through the wrecked SUV, snapped back with the reason;
- table-hover.png: Alpha selected, pointing at the gunmen: sight line and dice;
- table-blocked.png: Alpha pointing at a unit it cannot see: the blocker in red;
- table-place.png: reinforcements to set down within 4" of Hot Spot 3.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ambush_gui import systems
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import FigureKind
from ambush_gui.alley.reinforcements import place_unit
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.gui.table.view import TableView

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def new_game(seed: int = 1) -> AlleyGame:
    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), seed)
    game.start()
    assert isinstance(game, AlleyGame)
    return game


def open_move(game: AlleyGame, unit: str = "bravo", plan: str = "rapid:move-fire") -> Decision:
    """Answer until the unit's MOVE decision is open."""
    game.answer(unit)
    game.answer(plan)
    d = game.pending()
    assert d is not None and d.kind is DecisionKind.MOVE, d
    return d


class Shots:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.app = QApplication.instance() or QApplication(sys.argv)

    def view(self, game: AlleyGame, size: tuple[int, int] = (1280, 800)) -> TableView:
        view = TableView(game)
        view.resize(*size)
        view.show()
        view.fit()
        self.app.processEvents()
        return view

    def save(self, view: TableView, name: str) -> None:
        self.app.processEvents()
        path = self.out / name
        view.grab().save(str(path))
        print(path)

    def at(self, view: TableView, x: float, y: float):  # noqa: ANN201 - a QPoint
        return view.mapFromScene(view.table.flip.scene(x, y))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="/tmp", type=Path)
    args = parser.parse_args()
    s = Shots(args.out)

    for size in ((1280, 800), (1920, 1080), (760, 620)):
        view = s.view(new_game(), size)
        s.save(view, f"table-{size[0]}x{size[1]}.png")
        view.close()

    # Mid-drag: Bravo up the cross street, round a waypoint, toward the contractors.
    game = new_game()
    view = s.view(game)
    view.begin_move(open_move(game))
    vp = view.viewport()
    QTest.mouseClick(vp, LEFT, Qt.KeyboardModifier.ShiftModifier, s.at(view, 12.5, 7.5))
    fig = game.unit("bravo").figures[1]
    QTest.mousePress(vp, LEFT, NONE, s.at(view, *fig.pos))
    for k in range(1, 6):
        QTest.mouseMove(vp, s.at(view, fig.x + 0.5 * k, fig.y + 1.5 * k))
    s.save(view, "table-drag.png")
    QTest.mouseRelease(vp, LEFT, NONE, s.at(view, fig.x + 2.5, fig.y + 7.5))
    view.close()

    # Refused: Bravo set east of the wreck and dragged through it.
    game = new_game()
    d = open_move(game)
    bravo = game.unit("bravo")
    cx, cy = bravo.centre()
    bravo.translate(20.0 - cx, 11.75 - cy)
    view = s.view(game)
    view.zoom(2.0, s.at(view, 17.0, 11.0))
    view.begin_move(d)
    fig = bravo.figures[1]
    QTest.mousePress(vp := view.viewport(), LEFT, NONE, s.at(view, *fig.pos))
    for k in range(1, 6):
        QTest.mouseMove(vp, s.at(view, fig.x - 1.3 * k, fig.y))
    QTest.mouseRelease(vp, LEFT, NONE, s.at(view, fig.x - 6.5, fig.y))
    s.save(view, "table-refused.png")
    view.close()

    # Hover: Alpha selected, pointing at the gunmen in the cafe, then at the house team.
    for name, target in (("table-hover.png", "i1"), ("table-blocked.png", "i4")):
        game = new_game()
        view = s.view(game)
        view.select("alpha")
        QTest.mouseMove(view.viewport(), s.at(view, *game.unit(target).figures[0].pos))
        s.save(view, name)
        view.close()

    # Placing: four fresh Insurgents at Hot Spot 3.
    game = new_game()
    game.dice.push(3)
    place = next(place_unit(game, [(FigureKind.SOLDIER, "rifle")] * 4))
    view = s.view(game)
    view.begin_place(place)
    x, y = place.options[0]
    QTest.mouseMove(view.viewport(), s.at(view, float(x), float(y)))
    s.save(view, "table-place.png")
    view.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
