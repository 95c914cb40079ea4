"""What the table shows when a player points at an enemy unit: sight, range, dice, odds.

Everything here is asked of the engine (line of sight, Optimum Range, the Firepower
and Defense pools with their rule IDs, the exact casualty odds); this module only
gathers the answers and words them for the "Line of sight and dice" dock.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np

from ambush_gui.alley.fire import odds
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Figure, Unit
from ambush_gui.alley.names import figure_name
from ambush_gui.alley.pools import Pool, optimum_range, optimum_reach_by, quality_die_why
from ambush_gui.core.odds import expected

Point = tuple[float, float]

HINT = ("Select one of your units, then point at an enemy unit to see the line of sight and "
        "the dice both sides would throw.")


@dataclass(frozen=True)
class TargetReport:
    """One friendly unit looking at one enemy unit."""

    attacker: str  # unit names
    target: str
    clear: bool  # AA-005: any figure of one sees any figure of the other
    blockers: tuple[str, ...]  # the pieces in the way of the nearest figures (labels)
    blocker_ids: tuple[str, ...]  # the same pieces' ids
    line: tuple[Point, Point]  # the sight line drawn on the table (table inches)
    figures: tuple[str, str]  # the figures at its two ends, by name (alley/names.py)
    distance: float  # between the nearest figures (AA-005)
    optimum: bool  # AA-110
    optimum_range: float
    optimum_by: str  # the Support Weapon whose doubled range reaches (AA-112), or ""
    firepower: Pool
    defense: Pool
    need: int  # the attacker keeps dice showing this or more (AA-145)
    distribution: tuple[float, ...]  # P(k casualties), the defender matching at best
    mean: float
    warnings: tuple[str, ...] = ()  # Force on Force: a crowd near the line, supporters, prisoners
    own_die: str = ""  # the attacker's Troop Quality when it fires another die (FF-057/059)
    die_why: tuple[str, str] = ("", "")  # why, and the rule: ("one type lower, firing mounted", "FF-059")

    def die_words(self) -> str:
        """Why the Firepower die is not the attacker's Troop Quality ("d6, not its d8: one
        type lower, firing mounted"), or "" when it is its own."""
        if not self.own_die or self.own_die == str(self.firepower.die):
            return ""
        return f"{self.firepower.die}, not its {self.own_die}: {self.die_why[0]}"

    def range_words(self) -> str:
        """"within", "beyond", or within by a Support Weapon's doubled range (AA-112)."""
        if not self.optimum:
            return "beyond"
        if self.optimum_by:
            return (f"within, by the {self.optimum_by}'s doubled range "
                    f"({2 * self.optimum_range:g}\")")
        return "within"

    def sight_words(self) -> str:
        if self.clear:
            return "clear"
        return "blocked by " + ", ".join(self.blockers) if self.blockers else "blocked"

    def text(self) -> str:
        """Plain text (a tooltip, a log, a test)."""
        lines = [
            f"{self.attacker} → {self.target}",
            f"Line of sight: {self.sight_words()} ({self.figures[0]} → {self.figures[1]})",
            f"Distance {self.distance:.1f}\"; Optimum Range {self.optimum_range:g}\": "
            + self.range_words() + (" [AA-112]" if self.optimum_by else
                                    " [AA-110]" if self.optimum else ""),
            f"Firepower {self.firepower.dice}{self.firepower.die} (keeps {self.need}+):",
            *([f"  {self.die_words()} [{self.die_why[1]}]"] if self.die_words() else []),
            *(f"  {m}" for m in self.firepower.items),
            f"Defense {self.defense.dice}{self.defense.die} (keeps 4+):",
            *(f"  {m}" for m in self.defense.items),
            f"Expected casualties {self.mean:.2f}; P(none) {100 * self.distribution[0]:.0f}%",
        ]
        lines += [f"Warning: {w}" for w in self.warnings]
        if not self.clear:
            lines.append("No line of sight: this unit cannot fire at that one now.")
        return "\n".join(lines)

    def html(self) -> str:
        """Rich text for the Line of sight and dice dock."""
        e = html.escape
        sight_colour = "#1e8449" if self.clear else "#c0392b"
        rng = e(self.range_words())
        rows = [
            f"<b>{e(self.attacker)}</b> → <b>{e(self.target)}</b>",
            f"Line of sight: <b style='color:{sight_colour}'>{e(self.sight_words())}</b>"
            f" <span style='color:#666'>({e(self.figures[0])} → {e(self.figures[1])})</span>",
            f"Distance {self.distance:.1f}\" · Optimum Range {self.optimum_range:g}\": "
            f"<b>{rng}</b>",
            _pool_html("Firepower", self.firepower, f"keeps {self.need}+",
                       (self.die_words(), self.die_why[1])),
            _pool_html("Defense", self.defense, "keeps 4+"),
            f"Expected casualties <b>{self.mean:.2f}</b> · "
            f"P(none) {100 * self.distribution[0]:.0f}%",
        ]
        rows += [f"<b style='color:#c0392b'>{e(w[:1].upper() + w[1:])}</b>" for w in self.warnings]
        if not self.clear:
            rows.append("<i>No line of sight: it cannot fire at that unit now.</i>")
        return "<br>".join(rows)


def _pool_html(title: str, pool: Pool, keeps: str, die: tuple[str, str] = ("", "")) -> str:
    """A pool's dice and its itemised reasons; ``die`` (words, rule) says first why the dice
    are not the unit's own Troop Quality, when a rule changed them."""
    items = (f"<tr><td></td><td>{html.escape(die[0])}&nbsp;&nbsp;</td>"
             f"<td style='color:#666'>{html.escape(die[1])}</td></tr>") if die[0] else ""
    items += "".join(
        f"<tr><td align='right'>{'+' if m.value >= 0 else '−'}{abs(m.value)}&nbsp;</td>"
        f"<td>{html.escape(m.label)}&nbsp;&nbsp;</td>"
        f"<td style='color:#666'>{html.escape(m.rule)}</td></tr>"
        for m in pool.items
    )
    capped = " (capped)" if pool.capped else ""
    return (f"{title} <b>{pool.dice}{pool.die}</b>{capped} <span style='color:#666'>"
            f"({keeps})</span><table cellspacing='0' cellpadding='1' "
            f"style='margin-left:8px'>{items}</table>")


def sight_line(g: AlleyGame, a: Unit, b: Unit) -> tuple[bool, tuple[str, ...], Figure, Figure]:
    """The pair of figures the table draws a sight line between, and what blocks it.

    From the figures ``a`` sees with (:meth:`AlleyGame.eyes`: not the ones it carries) to
    any figure of ``b``. When ``a`` sees ``b``, the nearest pair with a clear line;
    otherwise the nearest pair, and the pieces blocking it (AA-005 and the house rule in
    :mod:`ambush_gui.core.geometry`). Returns (clear, blocker ids, a's figure, b's figure).
    """
    eyes = g.eyes(a) or a.figures  # a unit that sees nothing still gets a line drawn
    pa, pb = np.array([f.pos for f in eyes], dtype=float), b.points()
    d = np.hypot(pa[:, None, 0] - pb[None, :, 0], pa[:, None, 1] - pb[None, :, 1])
    if g.sees(a, b):
        seen = g.table.sight_matrix(pa, pb)
        i, j = np.unravel_index(int(np.argmin(np.where(seen, d, np.inf))), d.shape)
        return True, (), eyes[int(i)], b.figures[int(j)]
    i, j = np.unravel_index(int(np.argmin(d)), d.shape)
    sight = g.table.sight(tuple(pa[i]), tuple(pb[j]))
    return False, sight.blockers, eyes[int(i)], b.figures[int(j)]


def target_report(g: AlleyGame, a: Unit, b: Unit,
                  labels: dict[str, str] | None = None) -> TargetReport:
    """Gather what ``a`` firing at ``b`` would mean. ``labels`` names pieces for people."""
    clear, blockers, seer, seen = sight_line(g, a, b)
    labels = labels or {}
    o = odds(g, a, b)
    by = optimum_reach_by(g, a, b)
    fp, df, need, dist = o.firepower, o.defense, o.need, o.distribution
    return TargetReport(
        attacker=a.name,
        target=b.name,
        clear=clear,
        blockers=tuple(labels.get(p, p) for p in blockers),
        blocker_ids=tuple(blockers),
        line=(seer.pos, seen.pos),
        figures=(figure_name(seer), figure_name(seen)),
        distance=g.distance(a, b),
        optimum=by is not None,
        optimum_range=optimum_range(g, a),  # after MOPP (FF-021)
        optimum_by=by or "",
        firepower=fp,
        defense=df,
        need=need,
        distribution=dist,
        mean=expected(dist),
        warnings=_warnings(g, a, b),
        own_die=str(a.tq),
        die_why=quality_die_why(g, a, "fire") or ("", ""),
    )


def _warnings(g: AlleyGame, a: Unit, b: Unit) -> tuple[str, ...]:
    """What the fire decision's target card warns of (a crowd within 2" of the line of fire,
    a mixed mob's supporters, one of ours held prisoner), for the hover report too."""
    from ambush_gui.gui.table.dialogs.fire import shot_warnings

    return tuple(shot_warnings(g, a, b))
