"""The end of the game: who won, and every victory-point line the engine scored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.alley.victory import AWARD_TITLES
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import (
    Banner,
    label,
    paint_background,
    panel,
    side_colour,
    side_title,
)
from ambush_gui.gui.shared.theatre import watch_button

ScoreLine = tuple[Any, int, str]  # (side, points, why), as in AlleyState.score.lines


CAPTIVES_NOTE = ("Prisoners, and every escort the enemy did not bring off the table "
                 "before the end (CT-046)")


class VictoryDialog(QDialog):
    watch = Signal()  # the Watch it back button: the timeline from the game's start

    """``VictoryDialog(result, lines, names=..., awards=..., nothing=...)``: ``result`` is the
    engine's outcome dict ({"winner", "points", "turn"}), ``lines`` the score ledger (side,
    points, why), ``names`` the scenario's names for the sides and ``awards`` the award event
    of each line: lines are shown under their award's title, with its subtotal. ``nothing``:
    for each side, the awards that gave nothing, each (award event, why in words), shown
    after the lines so that a player sees why (:func:`ambush_gui.alley.victory.standing`)."""

    def __init__(
        self, result: Mapping[str, Any], lines: Sequence[ScoreLine], parent: QWidget | None = None,
        names: Mapping[str, str] | None = None, awards: Sequence[str] | None = None,
        options: tuple[str, str] = ("", ""),
        nothing: Mapping[str, Sequence[tuple[str, str]]] | None = None,
    ) -> None:
        """``options``: the line saying which rules options' readings were played, and the
        tooltip listing every one (see :meth:`ambush_gui.core.options.Registry.summary`)."""
        super().__init__(parent)
        self.outcome = dict(result or {})
        self.lines = [(str(getattr(s, "value", s)), int(p), str(w)) for s, p, w in lines]
        self.awards = list(awards) if awards is not None and len(awards) == len(self.lines) \
            else [""] * len(self.lines)
        self.names = {side: (names or {}).get(side) or f"{side_title(side)}s"
                      for side in ("regular", "insurgent")}
        winner = self.outcome.get("winner", "draw")
        self.setWindowTitle("Game over")
        paint_background(self)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(14, 14, 14, 14)
        lay.setSpacing(10)
        headline = "A draw" if winner == "draw" else f"The {self.names[winner]} win"
        turn = self.outcome.get("turn")
        self.banner = Banner(
            None if winner == "draw" else winner, headline, f"after turn {turn}" if turn else ""
        )
        lay.addWidget(self.banner)
        self.options_line = label(options[0], wrap=True, colour=theme.MUTED_TEXT)
        self.options_line.setToolTip(options[1])
        self.options_line.setVisible(bool(options[0]))
        lay.addWidget(self.options_line)
        points = self.outcome.get("points", {})
        totals = QHBoxLayout()
        totals.setSpacing(10)
        self.columns: dict[str, QGridLayout] = {}
        for side in ("regular", "insurgent"):
            box, inner = panel(side)
            head = QHBoxLayout()
            head.addWidget(
                label(self.names[side], bold=True, size=12, colour=side_colour(side))
            )
            head.addStretch(1)
            total = points.get(side, sum(p for s, p, _ in self.lines if s == side))
            head.addWidget(label(f"{total} VP", bold=True, size=16, colour=side_colour(side)))
            inner.addLayout(head)
            grid = QGridLayout()
            grid.setHorizontalSpacing(10)
            mine = [(p, w, a) for (s, p, w), a in zip(self.lines, self.awards, strict=True) if s == side]
            r = 0
            for k, (p, why, award) in enumerate(mine):
                if award and (k == 0 or mine[k - 1][2] != award):  # the award's title, its subtotal
                    group = []
                    for q, _, a in mine[k:]:
                        if a != award:
                            break
                        group.append(q)
                    title = label(f"{AWARD_TITLES.get(award, award)}: {sum(group):+d} VP",
                                  bold=True, colour=theme.MUTED_TEXT)
                    title.setToolTip(f"award '{award}' in the scenario's [[victory.awards]]")
                    grid.addWidget(title, r, 0, 1, 2)
                    r += 1
                    if award == "captive_held":  # "held" sounds like taken: say what it counts
                        grid.addWidget(label(CAPTIVES_NOTE, wrap=True, colour=theme.MUTED_TEXT), r, 1)
                        r += 1
                pts = label(f"{p:+d}", bold=True)
                pts.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
                grid.addWidget(pts, r, 0)
                grid.addWidget(label(why, wrap=True), r, 1)
                r += 1
            for award, why in (nothing or {}).get(side, ()):
                title = label(f"{AWARD_TITLES.get(award, award)}: +0 VP", bold=True, colour=theme.MUTED_TEXT)
                title.setToolTip(f"award '{award}' in the scenario's [[victory.awards]]: it gave nothing")
                grid.addWidget(title, r, 0, 1, 2)
                grid.addWidget(label(why, wrap=True), r + 1, 1)
                r += 2
            if not r:
                grid.addWidget(label("no points scored", colour=theme.MUTED_TEXT), 0, 1)
            grid.setColumnStretch(1, 1)
            inner.addLayout(grid)
            inner.addStretch(1)
            self.columns[side] = grid
            totals.addWidget(box, 1)
        # A long ledger (a sweep scoring every enemy killed) scrolls instead of pushing the
        # Close button off a small screen; a short one shows whole, with no scroll bar.
        body = QWidget()
        body.setLayout(totals)
        totals.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidget(body)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setStyleSheet("QScrollArea, QScrollArea > QWidget > QWidget { background: transparent; }")
        scroll.setMinimumHeight(min(body.sizeHint().height() + 2, theme.VICTORY_LEDGER_MAX_HEIGHT))
        self.ledger_scroll = scroll
        lay.addWidget(scroll, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(watch_button(self))
        ok = QPushButton("Close")
        ok.setDefault(True)
        ok.setMinimumHeight(32)
        ok.clicked.connect(self.accept)
        row.addWidget(ok)
        lay.addLayout(row)
        self.setMinimumWidth(640)
        self.setMaximumSize(*theme.DIALOG_MAX)

    @classmethod
    def for_game(cls, game: Any, parent: QWidget | None = None) -> VictoryDialog:
        facts = victory_facts(game)
        return cls(facts.pop("result"), facts.pop("lines"), parent, **facts)


def victory_facts(game: Any) -> dict[str, Any]:
    """What the victory screen shows of ``game``, as plain data (the after-action report
    shows the same): ``result`` and ``lines`` (the score ledger), then the keyword
    arguments of :class:`VictoryDialog` (``names``, ``awards``, ``options``, ``nothing``)."""
    sides = getattr(getattr(game, "spec", None), "sides", {}) or {}
    names = {str(getattr(k, "value", k)): v.name for k, v in sides.items()}
    from ambush_gui.alley.options import OPTIONS

    recorded = getattr(game, "recorded_options", None)
    played = getattr(game, "options", None)
    options = (OPTIONS.summary(played, recorded is not None), OPTIONS.details(played))
    nothing: dict[str, list[tuple[str, str]]] = {}
    if game.state.outcome is not None:
        from ambush_gui.alley.victory import standing

        for a in standing(game).awards:
            if not a.lines and a.note:
                nothing.setdefault(a.side.value, []).append((a.award.event.value, a.note))
    return {"result": game.state.outcome or game.result or {}, "lines": game.state.score.said(),
            "names": names, "awards": game.state.score.awards, "options": options,
            "nothing": nothing}
