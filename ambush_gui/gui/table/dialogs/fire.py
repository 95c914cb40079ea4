"""Fire: pick a target and see, before committing, the dice both sides would throw
(every item with its rule) and the exact casualty odds.

The pools come from :mod:`ambush_gui.alley.pools`, the target number from
:func:`ambush_gui.alley.fire.odds` (the pools, the score needed and the exact
distribution); the dialog only draws them.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QButtonGroup, QVBoxLayout, QWidget

from ambush_gui.alley.fire import odds
from ambush_gui.alley.pools import Pool, in_optimum_range
from ambush_gui.core.odds import expected
from ambush_gui.core.words import count
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import (
    Card,
    DecisionDialog,
    ModifierList,
    clear_layout,
    label,
    panel,
    section,
    unit_chips,
)

NO_DICE = "no Firepower dice: no attack (AA-144)"


class OddsChart(QWidget):
    """P(k casualties) as bars, each labelled with its percentage, and the mean marked."""

    def __init__(self, dist: Sequence[float] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.dist: tuple[float, ...] = ()
        self.mean = 0.0
        self.setMinimumSize(280, 170)
        self.set_distribution(dist)

    def set_distribution(self, dist: Sequence[float]) -> None:
        self.dist = tuple(dist)
        self.mean = expected(self.dist) if self.dist else 0.0
        self.setToolTip(
            "\n".join(f"P({k}) = {100 * p:.2f}%" for k, p in enumerate(self.dist))
            + f"\nmean {self.mean:.2f} (AA-148: each uncancelled die is a casualty)"
        )
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt name
        return QSize(max(300, 40 * len(self.dist) + 40), 180)

    def _plot(self) -> QRectF:
        return QRectF(10, 22, self.width() - 20, self.height() - 22 - 34)

    def bar_rect(self, k: int) -> QRectF:
        plot = self._plot()
        n = max(1, len(self.dist))
        slot = plot.width() / n
        h = (
            plot.height()
            * (self.dist[k] if self.dist else 0.0)
            / max(max(self.dist, default=1.0), 1e-9)
        )
        return QRectF(plot.left() + k * slot + slot * 0.15, plot.bottom() - h, slot * 0.7, h)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        plot = self._plot()
        p.setPen(QPen(theme.CHART_GRID, 1))
        p.drawLine(plot.bottomLeft(), plot.bottomRight())
        small = QFont(self.font())
        small.setPointSizeF(theme.scaled(8.5))
        bold = QFont(small)
        bold.setBold(True)
        n = max(1, len(self.dist))
        slot = plot.width() / n
        for k, prob in enumerate(self.dist):
            r = self.bar_rect(k)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(theme.CHART_BAR_ZERO if k == 0 else theme.CHART_BAR)
            p.drawRect(r)
            p.setPen(theme.DIALOG_TEXT)
            p.setFont(small)
            pct = f"{100 * prob:.0f}%" if prob >= 0.005 else ("<1%" if prob > 0 else "0")
            p.drawText(
                QRectF(r.left() - 10, r.top() - 18, r.width() + 20, 16),
                Qt.AlignmentFlag.AlignCenter,
                pct,
            )
            p.setFont(bold)
            p.drawText(
                QRectF(plot.left() + k * slot, plot.bottom() + 2, slot, 16),
                Qt.AlignmentFlag.AlignCenter,
                str(k),
            )
        if self.dist:
            x = plot.left() + (self.mean + 0.5) * slot
            p.setPen(QPen(theme.CHART_MEAN, 2, Qt.PenStyle.DashLine))
            p.drawLine(int(x), int(plot.top() - 4), int(x), int(plot.bottom()))
        p.setPen(theme.MUTED_TEXT)
        p.setFont(small)
        p.drawText(
            QRectF(0, self.height() - 16, self.width(), 16),
            Qt.AlignmentFlag.AlignCenter,
            "casualties (bars: probability; dashed line: mean)",
        )
        p.end()


class PoolView(QWidget):
    """A pool: "Firepower 6d8", whose it is, and every item with its rule."""

    def __init__(
        self, title: str, who: str, pool: Pool, side: str, keeps: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        box, lay = panel(side)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(box)
        cap = " (capped, AA-144)" if pool.capped else ""
        self.heading = label(f"{title} {pool.dice}{pool.die.name.lower()}{cap}", bold=True, size=12,
                             wrap=True)
        lay.addWidget(self.heading)
        lay.addWidget(label(who, size=9, colour=theme.MUTED_TEXT, wrap=True))
        lay.addWidget(ModifierList(pool.items))
        lay.addStretch(1)
        keep = label(f"keeps {keeps}+", size=9, colour=theme.MUTED_TEXT)
        keep.setToolTip(
            "AA-114: results under 4 are set aside; AA-145: under 7 beyond Effective Range"
        )
        lay.addWidget(keep)


def fire_notes(pool: Pool) -> list[str]:
    """What the Force on Force modules' items in a Firepower pool mean for this fire."""
    out = []
    rules = {m.rule: m for m in pool.items}
    if "FF-012" in rules:
        mortar = next((m for m in pool.items if m.rule == "FF-013"), None)
        added = f" The mortar adds {mortar.value} dice to the crew's (house rule FF-013)." \
            if mortar is not None else ""
        out.append("Direct lay: the mortar fires straight at a unit it sees beyond its No Fire "
                   f"Zone, at one Firepower die fewer (−1, FF-012).{added}")
    if "FF-015" in rules:
        out.append("Inside the No Fire Zone the mortar cannot fire: the crew reply with their "
                   "small arms, only at an enemy there that attacked them (FF-015).")
    if "FF-115" in rules:
        out.append(f"The unit has lost confidence: {rules['FF-115'].value} Firepower "
                   "(combat stress, FF-115).")
    return out


def target_warnings(facts: dict[str, Any], tid: str, figures: int) -> list[str]:
    """The Force on Force warnings on a target's card, from the FIRE decision's facts: a
    crowd the fire passes near (FF-136), a mixed mob's unarmed supporters (FF-159), the
    firer's own men held prisoner in the target."""
    out = []
    for mob in (facts.get("near_mobs") or {}).get(tid, ()):
        out.append(f'passes within 2" of {mob[:1].upper()}{mob[1:]}: a civilian casualty check '
                   "(1-2 on the firer's die)")
    n = (facts.get("supporters") or {}).get(tid, 0)
    if n:
        out.append(f"{figures} figure{'s' if figures != 1 else ''}, {n} of them unarmed "
                   f"supporter{'s' if n != 1 else ''}: hitting them counts as civilian casualties")
    held = (facts.get("captives") or {}).get(tid, ())
    if held:
        who = "; ".join(held)  # a figure's name has a comma (alley/names.py)
        out.append(f"holds {who} of yours prisoner: {'he' if len(held) == 1 else 'they'} may be hit")
    return out


def shot_warnings(game: Any, firer: Any, target: Any) -> list[str]:
    """What a card offering ``firer``'s fire at ``target`` warns of under the Force on
    Force modules (:func:`target_warnings`, asked of the engine's ``fire_warnings``): the one
    procedure for the fire list, a reaction, a waiting or Overwatch unit's fire, and the
    table's hover report (issue 28: the reaction cards did not say a crowd was in the way)."""
    if firer is None or target is None or not game.modules:
        return []
    from ambush_gui.alley.turn import fire_warnings

    return target_warnings(fire_warnings(game, firer, [target]), target.id, len(target.fighters))


def safest_first(choices: Sequence[Any], armed: Any, warned: Any) -> list[Any]:
    """``choices`` in their order, those with dice first, the fewest warnings first among
    them: the first is the default, and Enter must not fire into a crowd when a fire
    without that risk is offered, nor into three crowds when one risks one (issue 28)."""
    return sorted(choices, key=lambda c: (not armed(c), len(warned(c) or ())))


class FireDialog(DecisionDialog):
    """DecisionKind.FIRE: options are "hold" and the target ids."""

    def what(self) -> str:
        return f"{self.name(self.decision.facts.get('unit'))} fires"

    def odds_for(self, tid: str) -> dict[str, Any]:
        """Everything the engine says about firing at ``tid``."""
        a, t = self.unit(self.decision.facts.get("unit")), self.unit(tid)
        o = odds(self.game, a, t)
        return {
            "firepower": o.firepower,
            "defense": o.defense,
            "need": o.need,
            "distribution": o.distribution,
            "mean": o.mean,
            "distance": self.game.distance(a, t),
            "optimum": in_optimum_range(self.game, a, t),
        }

    def build(self) -> None:
        firer = self.unit(self.decision.facts.get("unit"))
        self.safe_answer = "hold"
        targets = [o for o in self.decision.options if o != "hold"]
        self.odds = {t: self.odds_for(t) for t in targets}
        self.warnings = {t: shot_warnings(self.game, firer, self.unit(t)) for t in targets}
        # the likeliest to hurt first, then the safest of them first: the first is the
        # default (a play-tester's fire opened on the Corporal, 0.21 casualties expected,
        # over a fireteam in Optimum Range)
        targets.sort(key=lambda t: -self.odds[t]["mean"])
        targets = safest_first(targets, lambda t: self.odds[t]["firepower"].dice,
                               self.warnings.get)
        # stacked for the Decision dock's width: the targets, the odds, then both pools
        self.body.addWidget(section("Targets in sight", "Enemy units the firer can see (AA-005)"))
        self.target_group = QButtonGroup(self)
        self.cards: dict[str, Card] = {}
        enemy = "insurgent" if self.decision.side == "regular" else "regular"
        for tid in targets:
            o, t = self.odds[tid], self.unit(tid)
            n = len(t.fighters)
            fp, df = o["firepower"], o["defense"]
            details = [
                f'{o["distance"]:.1f}" · {n} figure{"s" if n != 1 else ""}'
                + (" · Optimum Range" if o["optimum"] else ""),
                f"{fp.dice}{fp.die.name.lower()} vs {df.dice}{df.die.name.lower()} · "
                f"mean {o['mean']:.2f} casualties",
            ]
            if not fp.dice:
                details.append(NO_DICE)
            key = len(self.option_buttons) + 1 if len(self.option_buttons) < 9 else None
            card = Card(t.name, details, unit_chips(self.game, t), key=key, side=enemy,
                        warnings=self.warnings[tid])
            self.number(card)
            self.target_group.addButton(card)
            card.toggled.connect(lambda on, tid=tid: self.show_target(tid) if on else None)
            self.commit_on_double_click(card, self.fire)
            self.cards[tid] = card
            self.body.addWidget(card)
        blocked = dict(self.decision.facts.get("blocked") or {})
        if blocked:  # seen, but a rule forbids the fire (a mortar's No Fire Zone: FF-011)
            self.body.addWidget(section("In sight, but not allowed",
                                        "The rules forbid this fire; the reason is the engine's"))
            self.blocked: dict[str, Any] = {}
            for tid, why in blocked.items():
                row = label(f"<b>{escape(self.name(tid))}</b>: {escape(str(why))}", size=9.5,
                            wrap=True, rich=True, colour=theme.MUTED_TEXT)
                self.blocked[tid] = row
                self.body.addWidget(row)

        self.body.addWidget(
            section(
                "Casualty odds, with the defender's best arrangement",
                "AA-147/148: exact, computed by the engine",
            )
        )
        self.summary = label("", size=10.5, bold=True, wrap=True)
        self.body.addWidget(self.summary)
        # a Force on Force rule that shapes this fire, in words (a mortar's direct lay)
        self.note = label("", size=9.5, wrap=True, colour=theme.DIALOG_TEXT)
        self.note.setVisible(False)
        self.body.addWidget(self.note)
        self.chart = OddsChart()
        self.body.addWidget(self.chart)
        pools = QWidget()
        self.pools_row = QVBoxLayout(pools)
        self.pools_row.setContentsMargins(0, 0, 0, 0)
        self.pools_row.setSpacing(6)
        self.body.addWidget(pools)

        self.add_button("Hold fire", "hold", tip="Do not fire (Esc)")
        self.fire_button = self.add_button(
            "Fire", on_click=self.fire, default=True, stretch_before=True
        )
        if targets:  # the first: with dice (a fire with none is no attack), safest first
            self.cards[targets[0]].setChecked(True)

    def clicks_for(self, answer: Any) -> list[QWidget]:
        """The target's card, then "Fire"; "Hold fire" for ``"hold"``."""
        if isinstance(answer, str) and answer in self.cards:
            return [self.cards[answer], self.fire_button]
        return super().clicks_for(answer)

    def selected(self) -> str | None:
        return next((t for t, c in self.cards.items() if c.isChecked()), None)

    def show_target(self, tid: str) -> None:
        o = self.odds[tid]
        clear_layout(self.pools_row)
        side = self.decision.side
        enemy = "insurgent" if side == "regular" else "regular"
        self.pools_row.addWidget(
            PoolView(
                "Firepower",
                self.name(self.decision.facts.get("unit")),
                o["firepower"],
                side,
                o["need"],
            )
        )
        self.pools_row.addWidget(PoolView("Defense", self.name(tid), o["defense"], enemy, 4))
        self.chart.set_distribution(o["distribution"])
        dist = o["distribution"]
        figs = len(self.unit(tid).fighters)
        self.summary.setText(
            f"Expected casualties {o['mean']:.2f} · P(none) = {100 * dist[0]:.0f}%"
            + (
                f" · the target has {figs} figure{'s' if figs != 1 else ''}"
                if len(dist) - 1 > figs
                else ""
            )
            + ("" if o["firepower"].dice else " · no Firepower dice: no attack")
        )
        notes = fire_notes(o["firepower"])
        self.note.setText(" ".join(notes))
        self.note.setVisible(bool(notes))
        dice = o["firepower"].dice
        self.fire_button.setEnabled(bool(dice))
        risks = sum("civilian" in w for w in self.warnings.get(tid, ()))
        risk = f" ({count(risks, 'civilian check')})" if risks else ""  # said on what Enter presses
        self.fit_default_text(f"Fire at {self.name(tid)}{risk}" if dice
                              else f"No dice at {self.name(tid)}")
        self.fire_button.setToolTip(
            f"Fire at {self.name(tid)} (Enter, or double-click the card)" if dice
            else f"{NO_DICE}: " + ", ".join(str(m) for m in o["firepower"].items))
        self.highlighted.emit(tid)

    def fire(self) -> None:
        tid = self.selected()
        if tid is not None and self.odds[tid]["firepower"].dice:  # AA-144: none, no attack
            self.choose(tid)
