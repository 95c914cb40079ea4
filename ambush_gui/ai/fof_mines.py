"""How the computer players treat minefields (FF-036): keep out of them when a way round
exists.

The mines module asks no questions; its advice is in the moves. :func:`avoiding` gives
the pathfinder that treats the minefields as impassable when that still leads to the
goal (else the plain one: a unit whose only way is through the mines goes through), and
:func:`mine_costs` charges each candidate move a few inches for every minefield it would
enter, so the straight alternatives the computer also weighs step round them too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import shapely

from ambush_gui.core.paths import Pathfinder, clearance_of, pathfinder

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.alley.model import Unit

Point = tuple[float, float]
AVOID = ("minefield",)
ENTRY_COST = 3.0
"""Inches of progress a move gives up rather than enter one minefield it cannot go round
(a Light AP field costs a Marine fireteam about 0.4 casualties a test)."""
ROUND_COST = 100.0
"""The cost of entering a minefield when a way round exists: no move does."""


def fields(g: AlleyGame) -> list[shapely.Polygon]:
    """The minefields on the table, when the mines module plays them."""
    if not g.modules or "mines" not in g.modules:
        return []
    return [p.polygon for p in g.table.pieces if p.kind == "minefield"]


def avoiding(g: AlleyGame, unit: Unit, where: Point | str, plain: Pathfinder) -> Pathfinder:
    """The pathfinder that keeps ``unit`` out of the minefields if it still has a way to
    ``where`` round them; else ``plain``."""
    if not fields(g):
        return plain
    finder = pathfinder(g.table, clearance_of(unit.points(), unit.centre()), AVOID)
    return finder if math.isfinite(finder.field(where).distance(unit.centre())) else plain


def mine_costs(g: AlleyGame, unit: Unit, routes: Sequence[Sequence[Point]],
               way_round: bool = False) -> list[float]:
    """For each route (waypoints after the unit's centre), a cost for every minefield
    some figure's track would enter (a field it already stands in is free):
    :data:`ROUND_COST` when the unit has a way round (``way_round``), else
    :data:`ENTRY_COST`."""
    polys = fields(g)
    if not polys:
        return [0.0] * len(routes)
    here = unit.centre()
    offsets = unit.points() - np.array(here)
    inside = [bool(shapely.intersects(p, shapely.points(unit.points())).any()) for p in polys]
    out = []
    for r in routes:
        track = np.array([here, *r], dtype=float)
        lines = [shapely.LineString(track + off) for off in offsets] if len(track) > 1 else []
        n = sum(1 for p, already in zip(polys, inside, strict=True)
                if not already and any(p.intersects(ln) for ln in lines))
        out.append((ROUND_COST if way_round else ENTRY_COST) * n)
    return out
