"""The German paragraph booklet, open at the paragraph being read (AR-109..117).

Every paragraph the engine reads is a ``paragraph`` event: its number, the option taken
(or None), the die that settled a chance, the German reading it (card number, or None for
a Paragraph Check or an Event) and the actions. :class:`ParagraphReader` shows it the way
a player reads the booklet: the number large, who reads it and why (a German's Action
Number and column, a hex's Paragraph Check, the Event column), the text, every option
numbered or bulleted as printed, the option taken highlighted with the die that decided
it. A history lists what has been read; clicking an entry opens it again.

When the option taken moves a German along the red references (AR-107, AR-112), the
reader emits ``referencesShown`` with the Mission Card's arrows from his hex onwards, so
the window can draw them on the map; any other paragraph emits ``[]``. The reader learns
where each German stands and which Condition is in force from the events themselves
(``activate``, ``move``, ``mission``, ``condition``), so it needs nothing but the log and
the mission. Event Checks and Condition changes also show as a one-line banner on top.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.ambush.charts import faces_text
from ambush_gui.ambush.mission import ListStyle, Mission
from ambush_gui.core.events import Event
from ambush_gui.gui.hexmap.wording import german_names, name_germans
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import clear_layout
from ambush_gui.gui.shared.widgets import text_label

__all__ = ["BANNER_MS", "HISTORY_MAX", "OptionRow", "ParagraphEntry", "ParagraphReader", "para"]

BANNER_MS = 12000
"""How long an Event Check or Condition change banner stays up."""

HISTORY_MAX = 200
"""Paragraphs kept in the history list (the game log keeps them all)."""

THIN = "\u2009"
"""A thin space after the pilcrow: in bold, "¶2" reads like "¶12"."""


def para(number: int | str) -> str:
    """A paragraph number as plain text: "¶ 2", the mark kept apart from the digits."""
    return f"¶{THIN}{number}"


RULE_TAG = re.compile(r"\s*[\[(](?:house rule )?AR-\d+[\])]\s*$")
"""A rule reference at the end of an event's text, left out of the banner."""

MOVES = ("move",)
"""The action verb that walks a German along the red references (``references``) or away
from the squad by them (``evasive``)."""


@dataclass
class ParagraphEntry:
    """One paragraph read, as the reader shows it."""

    number: int
    style: str
    option: int | None
    roll: int | None
    german: int | None
    who: str
    actions: list[dict[str, Any]]
    fallback: str  # the event's own text, shown if the mission lacks the paragraph
    tag: str = ""  # who read it, in a word or two, for the history list
    arrows: list[tuple[str, str]] = field(default_factory=list)
    banner: str = ""  # the Event Check that sent the reader here: shown above this page only
    in_rounds: bool = False  # read while Rounds were being fought

    @property
    def commences(self) -> bool:
        """Its option says "Commence Rounds" (AR-001)."""
        return any(a.get("commence_rounds") for a in self.actions)

    @property
    def goto(self) -> int | None:
        return next((int(a["goto"]) for a in self.actions if "goto" in a), None)

    @property
    def moves(self) -> bool:
        return any(verb in a for a in self.actions for verb in MOVES)


class OptionRow(QLabel):
    """One printed option: its number or bullet and its text; the one taken highlighted."""

    def __init__(self, mark: str, text: str, taken: bool, die: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.taken = taken
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setFont(theme.label_font(9.5, taken))
        arrow = "► " if taken else ""
        rolled = (f"&nbsp;<span style='color:{theme.PARAGRAPH_TAKEN_EDGE.name()}'>(die {die})</span>"
                  if die is not None else "")
        self.setText(f"{arrow}<b>{mark}</b>&nbsp;{_escape(text)}{rolled}")
        if taken:
            self.setObjectName("taken")
            self.setStyleSheet(
                f"QLabel {{ background: {theme.PARAGRAPH_TAKEN.name()}; border-left: 4px solid "
                f"{theme.PARAGRAPH_TAKEN_EDGE.name()}; border-radius: 3px; padding: 3px 4px; }}")
            self.setToolTip("The option the engine took"
                            + (f": the die read {die}" if die is not None else ""))
        else:
            self.setStyleSheet(f"QLabel {{ color: {theme.MUTED_TEXT.name()}; padding: 3px 4px 3px 8px; }}")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class ParagraphReader(QWidget):
    """The booklet open at the paragraph just read, with a history of those read before."""

    referencesShown = Signal(object)  # list[tuple[str, str]]: red-reference arrows, or []

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.mission: Mission | None = None
        self.entries: list[ParagraphEntry] = []
        self.shown: ParagraphEntry | None = None
        self._condition = ""
        self._german_hex: dict[str, str] = {}  # soldier id -> hex label, from the events
        self._context = ""  # why the next paragraph without a German is read
        self._tag = ""  # the same, in a word or two
        self._event_total: int | None = None  # an Operations Event Check rolled, not yet read
        self._turn: dict[int, str] = {}  # German number -> how his paragraph was found
        self._in_rounds = False  # Rounds are being fought: a "Commence Rounds" changes nothing
        self._quiet = False  # while reloading: no signals, no banners
        self.deferred = False  # show the last paragraph read at flush(), not each one read
        self._pending: ParagraphEntry | None = None
        self.option_rows: list[OptionRow] = []
        self.page_number = ""  # "¶ 12": the number on the page, as plain text
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.setSpacing(4)
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setFont(theme.label_font(9.5, True))
        self.banner.setMargin(5)
        self.banner.setStyleSheet(f"background: {theme.NEUTRAL.name()}; color: white; "
                                  "border-radius: 4px;")
        self.banner.hide()
        lay.addWidget(self.banner)
        self._banner_timer = QTimer(self)
        self._banner_timer.setSingleShot(True)
        self._banner_timer.timeout.connect(self.banner.hide)
        self._banner_next = ""  # an Event Check's banner, waiting for the paragraph it reads
        self._banner_owner: ParagraphEntry | None = None  # the page the banner belongs to
        self._banner_at = 0  # entries read when a banner of no page of its own went up
        self._banner_line = 0  # a one-line banner's height (minimumSizeHint)
        self.page = QFrame()
        self.page.setObjectName("page")
        self.page.setStyleSheet(f"#page {{ background: {theme.PARAGRAPH_PAPER.name()}; border: 1px "
                                f"solid {theme.PANEL_EDGE.name()}; border-radius: 6px; }}")
        page = QVBoxLayout(self.page)
        page.setContentsMargins(10, 8, 10, 8)
        page.setSpacing(4)
        head = QHBoxLayout()
        head.setSpacing(8)
        self.number = QLabel("")
        self.number.setFont(theme.label_font(22, True))
        self.number.setTextFormat(Qt.TextFormat.RichText)
        self.number.setStyleSheet(f"color: {theme.PARAGRAPH_NUMBER.name()};")
        self.number.setAlignment(Qt.AlignmentFlag.AlignTop)
        head.addWidget(self.number)
        self.who = text_label("", size=8.5)
        self.who.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        head.addWidget(self.who, 1)
        page.addLayout(head)
        self.text = text_label("No paragraph has been read yet.", size=10)
        self.text.setFont(theme.label_font(10))
        page.addWidget(self.text)
        self.options_box = QWidget()
        self.options = QVBoxLayout(self.options_box)
        self.options.setContentsMargins(0, 2, 0, 0)
        self.options.setSpacing(2)
        page.addWidget(self.options_box)
        self.outcome = text_label("", size=8.5)
        self.outcome.setStyleSheet(f"color: {theme.DIALOG_TEXT.name()};")
        page.addWidget(self.outcome)
        page.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.page)
        scroll.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        lay.addWidget(scroll, 3)
        hist = text_label("Read so far (newest first) — click one, or move along the list with "
                      "the arrow keys, to read it again", size=8)
        hist.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        lay.addWidget(hist)
        self.history = QListWidget()
        self.history.setFont(theme.label_font(8.5))
        self.history.setToolTip("Every paragraph read this mission, newest first")
        self.history.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.history.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.history.itemClicked.connect(self._on_history)
        self.history.itemActivated.connect(self._on_history)
        lay.addWidget(self.history, 1)
        self.history.currentItemChanged.connect(self._on_current)  # arrow keys, PgUp/PgDown
        self._syncing = False  # while the reader itself moves the list's current row

    # -- the public API -------------------------------------------------------------------------
    def set_mission(self, mission: Mission) -> None:
        """The mission whose booklet is read (its paragraphs, German cards and red references)."""
        self.mission = mission
        if not self._condition:
            self._condition = mission.spec.card.start
        if self.shown is not None:
            self._show(self.shown, emit=False)

    def reload(self, events: list[Event], mission: Mission) -> None:
        """Start again from a whole log (a game loaded or undone)."""
        self.mission = mission
        self.entries, self.shown, self._pending = [], None, None
        self._condition, self._context, self._tag = mission.spec.card.start, "", ""
        self._event_total, self._in_rounds = None, False
        self._german_hex, self._turn = {}, {}
        self._banner_next, self._banner_owner, self._banner_at = "", None, 0
        self.history.clear()
        self.banner.hide()
        self._quiet = True
        try:
            for e in events:
                self.add(e)
        finally:
            self._quiet = False
        if self.entries:
            self._show(self.entries[-1])
        else:
            self._blank()
            self.referencesShown.emit([])

    def add(self, event: Event) -> None:
        """Feed every event; a ``paragraph`` event opens the booklet at it."""
        d, kind = event.data, event.kind
        if kind == "mission" and "condition" in d:
            self._condition = str(d["condition"])
        elif kind == "condition" and "to" in d:
            self._condition = str(d["to"])
            self._flash(f"Condition {d.get('frm') or '—'} → {d['to']}{self._condition_name(d['to'])}")
        elif kind == "condition" and "hex" in d:
            self._context = f"Paragraph Check of hex {d['hex']} after the Condition change"
            self._tag = f"check {d['hex']}"
        elif kind == "activate" and "hex" in d and "german" in d:
            self._german_hex[str(d["german"])] = str(d["hex"])
        elif kind == "move" and "german" in d and "to" in d:
            self._german_hex[str(d["german"])] = str(d["to"])
        elif kind == "move" and "soldier" in d and d.get("to"):
            name = self._soldier_name(d["soldier"])
            self._context = f"Paragraph Check: {name} enters hex {d['to']}"
            self._tag = f"check {d['to']} ({name.split()[-1]})"
        elif kind == "roll" and str(d.get("purpose", "")).startswith("Event column"):
            total = sum(d.get("faces") or [])
            self._context, self._tag = f"Event Check: Event column {total}", f"Event {total}"
            self._event_total = total  # the banner names the paragraph when it is read
            self._flash(f"Event column {total}", waits=True)
        elif kind == "event" and "total" in d:
            self._context = f"Event Check: Event column {d['total']}"
            self._tag = f"Event {d['total']}"
            self._event_total = None
            read = d.get("paragraph")
            if read and not d.get("skipped"):
                self._flash(f"Event column {d['total']}: paragraph {read}", waits=True)
            else:  # nothing, or a sighting already made: the engine's own words
                self._banner_next = ""  # no paragraph is read for it
                self._flash(RULE_TAG.sub("", event.text))
        elif kind == "event_marker":
            self._flash(f"Hex {d.get('hex')}: an Event marker (paragraph {d.get('paragraph')})")
        elif kind == "german-turn" and "german" in d:
            self._turn[int(d["german"])] = (f"Action Number {d.get('action_number')}, column "
                                            f"{d.get('column')}")
        elif kind == "rounds":  # "Commence Rounds", or the Rounds over (their count)
            self._in_rounds = "rounds" not in d
        elif kind == "paragraph" and "option" in d:
            self._paragraph(event)

    # -- reading -------------------------------------------------------------------------------
    def _paragraph(self, event: Event) -> None:
        d = event.data
        number = int(d["paragraph"])
        german = d.get("german")
        prev = self.entries[-1] if self.entries else None
        if german is not None:
            who = tag = self._german_name(int(german))
            how = self._turn.get(int(german))
            who += f" — {how}" if how else ""
        else:
            who = self._context or "Read from the Mission Card"
            tag = self._tag
            if self._event_total is not None:
                self._flash(f"Event column {self._event_total}: paragraph {number}", waits=True)
        self._event_total = None
        if prev is not None and prev.goto == number and prev.german == german:
            who = f"{prev.who.split(' — via ')[0]} — via {para(prev.number)}"
            tag = prev.tag
        entry = ParagraphEntry(number, str(d.get("style", "bulleted")), d.get("option"),
                               d.get("roll"), german, who, list(d.get("actions") or []),
                               event.text, tag)
        entry.in_rounds = self._in_rounds
        if self._banner_next:  # the Event Check's banner belongs to this page, and only to it
            entry.banner, self._banner_next = self._banner_next, ""
            self._banner_owner = entry
        if entry.moves and german is not None:
            entry.arrows = self._arrows(f"g{german}")
        self.entries.append(entry)
        taken = "none applies" if entry.option is None else f"option {entry.option + 1}"
        item = QListWidgetItem(f"{para(number)}  {tag}: {taken}")
        item.setData(Qt.ItemDataRole.UserRole, len(self.entries) - 1)
        item.setToolTip(event.text)
        self.history.insertItem(0, item)
        while self.history.count() > HISTORY_MAX:
            self.history.takeItem(self.history.count() - 1)
        if self._quiet:
            return
        if self.deferred:
            self._pending = entry
        else:
            self._show(entry)

    def flush(self) -> None:
        """Show the last paragraph read while ``deferred`` (several German turns in one
        answer read several paragraphs; only the last is on the page, the rest are in the
        history)."""
        entry, self._pending = self._pending, None
        if entry is not None:
            self._show(entry)

    def _arrows(self, sid: str) -> list[tuple[str, str]]:
        """The Mission Card's red references in force from his hex onwards (AR-112); every
        arrow in force if his hex is unknown."""
        if self.mission is None:
            return []
        refs = {a.label: b.label for a, b in self.mission.references(self._condition).items()}
        start = self._german_hex.get(sid)
        if start is None or start not in refs:
            return sorted(refs.items())
        out: list[tuple[str, str]] = []
        at = start
        while at in refs and len(out) < len(refs):
            nxt = refs[at]
            if any(a == nxt for a, _ in out):
                break
            out.append((at, nxt))
            at = nxt
        return out

    def _show(self, entry: ParagraphEntry, emit: bool = True) -> None:
        self.shown = entry
        self._banner_for(entry)
        # the mark light and apart, the number bold: in bold "¶2" reads like "¶12"
        self.page_number = para(entry.number)  # the number as plain text
        self.number.setText(f"<span style='font-weight:normal; color:{theme.MUTED_TEXT.name()}'>"
                            f"¶</span>&thinsp;{entry.number}")
        self.who.setText(entry.who)
        clear_layout(self.options)
        self.option_rows = []
        spec = None
        if self.mission is not None:
            try:
                spec = self.mission.paragraph(entry.number)
            except KeyError:
                spec = None
        if spec is None:
            self.text.setText(entry.fallback)
        else:
            names = self._german_names()  # "German 6" as his counter shows him
            self.text.setText(name_germans(spec.text, names))
            for i, o in enumerate(spec.options):
                mark = f"{i + 1}." if spec.style is ListStyle.NUMBERED else "•"
                text = name_germans(o.text, names)
                faces = o.when.chance if o.when.key == "chance" else None
                chance = faces is not None
                if faces is not None:
                    text = f"[{faces_text(faces)}] {text}"
                taken = i == entry.option
                row = OptionRow(mark, text, taken, entry.roll if taken and chance else None)
                self.option_rows.append(row)
                self.options.addWidget(row)
        bits = []
        if entry.roll is not None:
            bits.append(f"The die read {entry.roll}")
        bits.append("no option applies: nothing happens" if entry.option is None
                    else f"option {entry.option + 1} taken")
        if entry.commences and entry.in_rounds:  # its "Commence Rounds" read mid-Round
            bits.append("the Rounds are already being fought: they go on")
        if entry.arrows:
            bits.append("red references shown on the map")
        text = ", ".join(bits)
        self.outcome.setText(text[0].upper() + text[1:])
        index = next((i for i, e in enumerate(self.entries) if e is entry), None)
        self._syncing = True
        try:
            for line in range(self.history.count()):
                it = self.history.item(line)
                if it.data(Qt.ItemDataRole.UserRole) == index:
                    self.history.setCurrentItem(it)
                    break
        finally:
            self._syncing = False
        if emit and not self._quiet:
            self.referencesShown.emit(list(entry.arrows))

    def _blank(self) -> None:
        self.page_number = ""
        self.number.setText("")
        self.who.setText("")
        self.text.setText("No paragraph has been read yet.")
        self.outcome.setText("")
        clear_layout(self.options)
        self.option_rows = []

    def step(self, older: int) -> None:
        """Show the paragraph read ``older`` entries before the one shown (negative: after)."""
        if not self.entries:
            return
        index = next((i for i, e in enumerate(self.entries) if e is self.shown), len(self.entries) - 1)
        index = min(max(index - older, 0), len(self.entries) - 1)
        self._show(self.entries[index])

    def _on_current(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        if item is not None and not self._syncing and not self._quiet:
            self._on_history(item)

    def _on_history(self, item: QListWidgetItem) -> None:
        index = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(index, int) and 0 <= index < len(self.entries):
            self._show(self.entries[index])

    def _flash(self, text: str, waits: bool = False) -> None:
        """Put up a banner. ``waits``: an Event Check's, which belongs to the paragraph it
        reads next (shown above that page only); otherwise it concerns the page on show
        (a Condition changed by it) and goes once a later paragraph is shown."""
        if waits:
            self._banner_next = text
        if self._quiet:
            return
        self._banner_owner = None
        self._banner_at = len(self.entries)
        self.banner.setText(text)
        self.banner.show()
        self._banner_timer.start(BANNER_MS)

    def _banner_for(self, entry: ParagraphEntry) -> None:
        """The banner above ``entry``: its own Event Check's, or none when the one up
        belongs to another page or came before this paragraph was read (a stale "Event
        column 5: paragraph 33" never sits above another paragraph)."""
        if self._quiet:
            return
        if entry.banner:
            self._banner_owner = entry
            self.banner.setText(entry.banner)
            self.banner.show()
            self._banner_timer.start(BANNER_MS)
            return
        index = next((i for i, e in enumerate(self.entries) if e is entry), len(self.entries))
        if self._banner_owner is not None or index >= self._banner_at:
            self.banner.hide()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        """The least height with a one-line banner, shown or not: the Decision dock above
        is as tall as the column leaves it, and its commit button moved 30 pixels between
        turns as an Event Check's banner came and went."""
        hint = super().minimumSizeHint()
        if self.banner.isHidden():
            if not self._banner_line:  # a line's height as the label lays it out (hidden:
                said = self.banner.text()  # no relayout follows the text set and put back)
                self.banner.setText("¶")
                self._banner_line = self.banner.minimumSizeHint().height()
                self.banner.setText(said)
            lay = self.layout()
            hint.setHeight(hint.height() + self._banner_line
                           + (lay.spacing() if lay is not None else 0))
        return hint

    # -- names from the mission ----------------------------------------------------------------
    def _german_name(self, number: int) -> str:
        """German 6 as his counter shows him: "German F (6, Gefreiter Falk)"."""
        return self._german_names().get(number, f"German {number}")

    def _german_names(self) -> dict[int, str]:
        return german_names(self.mission.spec.germans) if self.mission is not None else {}

    def _soldier_name(self, sid: str) -> str:
        if self.mission is not None:
            for s in self.mission.spec.squad:
                if s.id == sid:
                    return s.name
        return sid

    def _condition_name(self, cond: str) -> str:
        if self.mission is None or cond not in self.mission.spec.conditions:
            return ""
        return f" ({self.mission.spec.conditions[cond].name})"

    def shown_text(self) -> str:
        """The page as plain text, for tests and screen readers."""
        rows = [self.page_number, self.who.text(), self.text.text()]
        rows += [r.text() for r in self.option_rows]
        rows.append(self.outcome.text())
        return "\n".join(rows)

