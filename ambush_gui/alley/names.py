"""What a player calls a figure: its unit's name and which figure of it, never its id.

Every text the table shows about one figure (the log, the dice tray's cards, tooltips,
decisions) names it with :func:`figure_name`, in one plain form:

- ``Fireteam Alpha, fighter 2``: a figure of a unit, by its place among the unit's fighters
  as the unit was set up (or arrived);
- ``RPG team (4), leader``: a unit's leader (``leader 2`` when it has two), and an escort
  in a unit by its label (``escort`` when it has none);
- ``RPG team (3)``: the one figure of a unit of one is called by the unit's name;
- ``Contractor 2``: an escort waiting on the ground, by its label (``contractor``, ``VIP``),
  numbered when the scenario has more than one escort so labelled;
- ``Faruq``: a figure whose id the scenario wrote as a name (a capital letter first) is
  called by it, and takes no number from the others.

A figure is named once, when it comes into play (:func:`name_unit`, :func:`name_escorts`),
from the unit it was set up in or arrived with, so its name stays when it is carried,
taken prisoner or joins another unit. Names are for show only: the state hash, the
decisions and the score's ledger (whose words saves hash) keep figure ids.

>>> from ambush_gui.alley.model import Figure, FigureKind, Side
>>> team = [Figure("i4-1", FigureKind.LEADER, "rifle", 0, 0, Side.INSURGENT),
...         Figure("i4-2", FigureKind.SOLDIER, "rpg", 1, 0, Side.INSURGENT),
...         Figure("i4-3", FigureKind.SOLDIER, "rifle", 2, 0, Side.INSURGENT)]
>>> name_unit("RPG team (4)", team)
>>> [figure_name(f) for f in team]
['RPG team (4), leader', 'RPG team (4), fighter 1', 'RPG team (4), fighter 2']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from ambush_gui.alley.model import Figure, FigureKind

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame


def _role(fig: Figure) -> str:
    if fig.kind is FigureKind.LEADER:
        return "leader"
    if fig.kind is FigureKind.CONTRACTOR:
        return fig.label or "escort"
    return "fighter"


def _numbered(words: Sequence[str]) -> list[str]:
    """Each word with its place among the same words, when it is not the only one."""
    total = Counter(words)
    seen: Counter[str] = Counter()
    out = []
    for w in words:
        seen[w] += 1
        out.append(f"{w} {seen[w]}" if total[w] > 1 else w)
    return out


def own_name(fig: Figure) -> bool:
    """Did the scenario give the figure a name of its own ("Faruq", not "contractor-1")?"""
    return fig.id[:1].isupper()


def name_unit(unit_name: str, figures: Sequence[Figure]) -> None:
    """Name the figures a unit is set up (or arrives) with, in their order."""
    if len(figures) == 1 and not own_name(figures[0]):
        figures[0].name = unit_name
        return
    _name(figures, lambda who: f"{unit_name}, {who}")


def name_escorts(escorts: Sequence[Figure]) -> None:
    """Name the escorts waiting on the ground by their labels ("Contractor 1")."""
    _name(escorts, lambda who: who[:1].upper() + who[1:])


def _name(figures: Sequence[Figure], form: Callable[[str], str]) -> None:
    plain = [f for f in figures if not own_name(f)]
    for fig, who in zip(plain, _numbered([_role(f) for f in plain]), strict=True):
        fig.name = form(who)
    for fig in figures:
        if own_name(fig):
            fig.name = fig.id


def figure_name(fig: Figure) -> str:
    """What a player calls ``fig`` (the id only for a figure no rule has named)."""
    return fig.name or fig.id


def figure_names(figures: Iterable[Figure]) -> str:
    """Several figures in a sentence: their names apart by semicolons, as a name has a comma."""
    return "; ".join(figure_name(f) for f in figures)


def name_of(g: AlleyGame, fid: str) -> str:
    """What a player calls the figure with id ``fid``, wherever it is now."""
    fig = next((f for f in g.state.all_figures() if f.id == fid), None)
    return figure_name(fig) if fig is not None else fid
