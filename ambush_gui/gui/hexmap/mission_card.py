"""The Mission Card as the booklet prints it (AR-003, AR-006, AR-029, AR-123).

:class:`MissionCardView` shows the Conditions (the one in force marked), the Event column
(each 2d6 total and the paragraph it reads, per Condition: a Condition's own lines replace
the card's) and the Paragraph Checks (which hexes and areas, which paragraph). A check box
marks the hexes with a Paragraph Check on the map (:func:`check_hexes` gives them, asking the
engine's own :meth:`~ambush_gui.ambush.mission.Mission.check_paragraph`, so the overlay
and the game never disagree); hovering such a hex names its paragraph.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QSizePolicy, QVBoxLayout, QWidget

from ambush_gui.ambush.mission import Mission
from ambush_gui.core.hexgrid import Hex
from ambush_gui.gui.hexmap.booklet import BookletTable
from ambush_gui.gui.hexmap.paragraph_reader import para
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.widgets import text_label

__all__ = ["MissionCardView", "check_hexes", "event_rows"]


def check_hexes(mission: Mission, condition: str) -> dict[str, int]:
    """Hex label -> the paragraph its Paragraph Check reads under ``condition`` (AR-003)."""
    spec = mission.spec.map
    out: dict[str, int] = {}
    for c in range(1, spec.width + 1):
        for r in range(1, spec.height + 1):
            label = f"{c:02d}{r:02d}"
            number = mission.check_paragraph(Hex.from_label(label), condition)
            if number is not None:
                out[label] = number
    return out


def event_rows(mission: Mission) -> list[list[str]]:
    """The Event column: one row per 2d6 total (2-12), the paragraph under each Condition
    ("—": nothing happens)."""
    conds = list(mission.spec.conditions)
    return [[str(total)] + [str(n) if (n := mission.event_paragraph(total, c)) is not None
                            else "—" for c in conds]
            for total in range(2, 13)]


class MissionCardView(QWidget):
    """The Mission Card: Conditions, the Event column and the Paragraph Checks."""

    checksToggled = Signal(bool)  # mark the Paragraph Check hexes on the map, or not

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.mission: Mission | None = None
        self.condition = ""
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 8, 8, 8)
        lay.setSpacing(4)
        self.title = text_label("", bold=True, size=11)
        lay.addWidget(self.title)
        self.conditions = text_label("", size=9.5)
        self.conditions.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.conditions)
        lay.addWidget(text_label("Event column (2d6, AR-029)", bold=True, size=9.5))
        self.events = BookletTable()
        lay.addWidget(self.events)
        lay.addWidget(text_label("Paragraph Checks (each hex entered, AR-003)", bold=True, size=9.5))
        self.show_checks = QCheckBox("Mark these hexes on the map")
        self.show_checks.setToolTip("Tint every hex with a Paragraph Check under the Condition in "
                                    "force; hover one to see its paragraph (View menu, C)")
        self.show_checks.toggled.connect(self.checksToggled.emit)
        lay.addWidget(self.show_checks)
        self.checks = text_label("", size=9.5)
        self.checks.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.checks)
        lay.addStretch(1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

    def show_state(self, mission: Mission, condition: str) -> None:
        """Show ``mission``'s card with ``condition`` in force (redrawn only when either
        changes: the tables are not rebuilt on every answer)."""
        if mission is self.mission and condition == self.condition:
            return
        self.mission, self.condition = mission, condition
        spec = mission.spec
        conds = list(spec.conditions)
        edge = theme.BOOKLET_CURRENT_EDGE.name()
        self.title.setText(f"Mission Card — Condition {condition} in force")
        lines = []
        for c, cs in spec.conditions.items():
            if c == condition:
                lines.append(f"<span style='background:{theme.BOOKLET_CURRENT.name()}'>"
                             f"<b style='color:{edge}'>► {c}</b>: <b>{cs.name}</b> (in force)</span>")
            else:
                lines.append(f"<b>{c}</b>: {cs.name}")
        self.conditions.setText("<br>".join(lines))
        heads = [("2d6", "The total of two dice, rolled in each Event Phase (AR-029)")]
        heads += [(c, f"Condition {c}: {spec.conditions[c].name}") for c in conds]
        self.events.fill(heads, event_rows(mission),
                         1 + conds.index(condition) if condition in conds else None)
        rows = []
        for chk in spec.card.checks:
            places = ", ".join(f"{p} ({_span(mission, p)})" if not p.isdigit() else f"hex {p}"
                               for p in chk.at)
            when = f" — under {', '.join(chk.when)} only" if chk.when else ""
            off = chk.when and condition not in chk.when
            row = f"{places}: <b>{para(chk.paragraph)}</b>{when}"
            rows.append(f"<span style='color:{theme.MUTED_TEXT.name()}'>{row}</span>" if off else row)
        self.checks.setText("<br>".join(rows) or "No hex has a Paragraph Check.")

    def text(self) -> str:
        """What the card says, for tests and screen readers."""
        return "\n".join(w.text() for w in (self.title, self.conditions, self.checks))


def _span(mission: Mission, area: str) -> str:
    """An area's hexes, as the file gives them: "0302-0404"."""
    return ", ".join(mission.spec.map.areas.get(area, [])) or area
