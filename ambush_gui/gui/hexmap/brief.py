"""The mission brief as the booklet gives it: the situation, how the mission is won, how it
ends and its special rules (the Conditions, where the squad enters, who is in it).

:class:`MissionBrief` is shown when a mission starts (a tab of the right-hand column, so
it never covers the map or the entry hexes) and stays one click away: the Game menu's
"Mission brief" (Ctrl+B) and the Mission panel's "Brief" button bring it back. Everything
it says is read from the mission file (:class:`~ambush_gui.ambush.mission.MissionSpec`);
in a tutorial it ends with the lessons taught so far, to read again.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from ambush_gui.ambush.mission import MissionSpec
from ambush_gui.gui.shared import theme

__all__ = ["MissionBrief", "brief_html"]


def _weapon(charts: Any, key: str) -> str:
    try:
        return str(charts.weapon(key).name)
    except (KeyError, ValueError):
        return key


def _pts(n: int) -> str:
    return f"{n:+d}"


def brief_html(spec: MissionSpec, charts: Any = None, lessons: Sequence[str] = ()) -> str:
    """The brief, victory conditions and special rules of ``spec`` as rich text; in a
    tutorial, the ``lessons`` taught so far (rich text each), to read again."""
    e = html.escape
    muted = theme.MUTED_TEXT.name()
    out = [f"<h2 style='margin:0'>{e(spec.title)}</h2>"]
    for part in (p.strip() for p in spec.brief.strip().split("\n\n")):
        if part:
            out.append(f"<p>{e(' '.join(part.split()))}</p>")
    v = spec.victory
    out.append("<h3>Victory</h3><table cellspacing='0' cellpadding='3' "
               f"style='border-collapse:collapse; border:1px solid {theme.BOOKLET_GRID.name()}'>")
    for lv in v.levels[:-1]:
        out.append(f"<tr><td align='right'><b>{lv.min:+d}</b> or more</td><td>{e(lv.result)}</td></tr>")
    out.append(f"<tr><td align='right'>less</td><td>{e(v.levels[-1].result)}</td></tr></table>")
    found = sorted({g.points for g in spec.germans if g.points is not None} | {v.activation})
    out.append("<p><b>Points:</b> each German found "
               + "/".join(_pts(n) for n in found)
               + (" (his card says)" if len(found) > 1 else "")
               + f"; put out of the fight {_pts(v.german_incapacitated)}, killed "
               f"{_pts(v.german_killed)}, captured {_pts(v.german_captured)}. Each American "
               f"wounded {_pts(v.us_wounded)}, out of the fight {_pts(v.us_incapacitated)}, killed "
               f"{_pts(v.us_killed)}. Some paragraphs score too.</p>")
    if spec.end.text or spec.end.exit_hexes:
        out.append("<h3>How it ends</h3>")
        if spec.end.text:
            out.append(f"<p>{e(spec.end.text)}</p>")
        if spec.end.exit_hexes:
            out.append(f"<p>It also ends when every American still in the fight has left by "
                       f"{', '.join(spec.end.exit_hexes)}.</p>")
    out.append("<h3>Special rules</h3><ul style='margin-left:-20px'>")
    start = spec.card.start
    for name, c in spec.conditions.items():
        now = " — <b>at the start</b>" if name == start else ""
        out.append(f"<li>Condition <b>{e(name)}</b>: {e(c.name)}{now}</li>")
    entries = sorted({h for s in spec.squad for h in s.enters})
    out.append(f"<li>The squad enters the map by {', '.join(entries)}.</li>")
    out.append("<li>Every hex entered may have a Paragraph Check (the Mission Card, Ctrl+M, "
               "shows which); the Germans act by their cards and the paragraphs.</li></ul>")
    out.append("<h3>Your squad</h3><p>")
    rows = []
    for s in spec.squad:
        kit = ", ".join(_weapon(charts, w) if charts is not None else w for w in s.weapons)
        rows.append(f"<b>{e(s.name)}</b> — {e(kit)}"
                    f" <span style='color:{muted}'>(AR {s.ar}, MPA {s.mpa}, WS {s.ws}, "
                    f"PER {s.per}, LDR {s.ldr})</span>")
    out.append("<br>".join(rows) + "</p>")
    if lessons:
        out.append("<h3>What the tutorial has taught you</h3>")
        out.extend(f"<p>{lesson}</p>" for lesson in lessons)
    return "\n".join(out)


class MissionBrief(QWidget):
    """The brief in a scrolling page, with a button that closes it (back to the map)."""

    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.setSpacing(4)
        self.page = QTextBrowser()
        self.page.setOpenLinks(False)
        self.page.setFont(theme.label_font(10))
        self.page.setStyleSheet(f"QTextBrowser {{ background: {theme.PARAGRAPH_PAPER.name()}; "
                                f"border: 1px solid {theme.PANEL_EDGE.name()}; border-radius: 6px;"
                                " padding: 4px; }")
        lay.addWidget(self.page, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        self.close_button = QPushButton("Close the brief")
        self.close_button.setToolTip("Back to the game; Game ▸ Mission brief (Ctrl+B) or the "
                                     "Mission panel's Brief button shows it again")
        self.close_button.setMinimumHeight(30)
        self.close_button.clicked.connect(self.closed.emit)
        row.addWidget(self.close_button)
        lay.addLayout(row)

    def set_mission(self, spec: MissionSpec, charts: Any = None,
                    lessons: Sequence[str] = ()) -> None:
        self.page.setHtml(brief_html(spec, charts, lessons))

    def text(self) -> str:
        """The brief as plain text, for tests and screen readers."""
        return self.page.toPlainText()
