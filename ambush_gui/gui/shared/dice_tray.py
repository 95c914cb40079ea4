"""The dice tray: every throw as dice faces, under the map, as it is thrown.

One strip for both games (the dock "dock-dice"). Each throw is a card: the dice of each
roll in it (a Reaction Test's two dice side by side, a fire's Firepower and Defense),
tinted for the side that threw them, each roll's purpose and modifiers (each naming
its rule, in its tooltip), and the outcome the engine told right after (who acts first,
Pinned, the hit, the panic), in the colour of the side it matters to. New cards come in
at the right; the older ones stay to scroll back through. The header tells the computer's
last action in plain words, or, while the controller waits on a big moment, why, with
the Continue button (Space); Skip (Esc) shows the rest of the answer at once.

The tray computes no rule: it groups the engine's events (``pacing.attached``) and
shows what they say.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.core.events import Event
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import as_modifier, rule_tip, side_colour, side_title
from ambush_gui.gui.shared.dice import DieFace, Mark, keep_target
from ambush_gui.gui.shared.pacing import (
    big_moment,
    dealt_casualties,
    joins,
    shown_faces,
    told_after_its_hit,
    zero_nine,
)

SideOf = Callable[[Event], str | None]
Wording = Callable[[Event], Event]
Verdict = Callable[[Event], "bool | None"]
"""Whether an outcome is a test passed (True), failed (False), or no test (None)."""
# Outcomes that follow a throw's verdict (a unit shrinking after its Morale result, the AR
# markers moved after a hit, the damage die's row): when a card's outcome line is too
# long, the first outcome not among these is the one shown whole.
AFTERMATH = frozenset({"shrink", "marker", "damage_roll", "casualty"})
# An answer the window tells for a player (the only legal one, given for him): not the game's
# own event, it neither joins a throw nor ends one. A forced match between a fire's dice and
# its "Dice matched" line left the fire's card without its outcome.
TOLD_ANSWERS = frozenset({"forced"})


def _label(text: str = "", size: float = 8.5, colour: QColor | None = None,
           bold: bool = False) -> QLabel:
    """A plain label coloured by its palette: a style sheet per label costs a parse each,
    and the tray makes several labels per roll."""
    w = QLabel(text)
    w.setTextFormat(Qt.TextFormat.PlainText)
    f = w.font()
    f.setPointSizeF(theme.scaled(size))
    f.setBold(bold)
    w.setFont(f)
    if colour is not None:
        _paint(w, colour)
    return w


def _paint(w: QWidget, colour: QColor) -> None:
    pal = w.palette()
    pal.setColor(QPalette.ColorRole.WindowText, colour)
    w.setPalette(pal)


@dataclass
class Throw:
    """One throw: its rolls, and the events that told the outcome."""

    rolls: list[Event] = field(default_factory=list)
    outcomes: list[Event] = field(default_factory=list)
    side: str | None = None  # the side it matters to
    passed: bool | None = None  # a test's verdict (its outcome's colour), None for no test

    def title(self) -> str:
        first = str(self.rolls[0].data.get("purpose") or self.rolls[0].text)
        return first.split(":")[0] if len(self.rolls) > 1 else first

    def summary(self) -> str:
        """One line: every roll's faces and the outcome (tests, tooltips)."""
        dice = "; ".join(f"{r.data.get('purpose', '')}: {', '.join(map(str, shown_faces(r)))}"
                         for r in self.rolls)
        told = " · ".join(e.text for e in self.outcomes)
        return f"{dice}" + (f" → {told}" if told else "")


def _short(text: str) -> str:
    """An outcome line without its rule tags (they are in the tooltip)."""
    out = []
    depth = 0
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return " ".join("".join(out).split()).replace(" )", ")").replace("( ", "(")


def wrap_lines(text: str, width: int, metrics: Any, lines: int) -> list[str] | None:
    """``text`` broken at spaces into at most ``lines`` lines of ``width`` pixels, or None
    when it needs more (a word wider than the width never fits)."""
    out: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if metrics.horizontalAdvance(trial) <= width:
            line = trial
            continue
        if not line or len(out) + 1 >= lines:
            return None
        out.append(line)
        line = word
        if metrics.horizontalAdvance(line) > width:
            return None
    out.append(line)
    return out


class ElidedLabel(QLabel):
    """A label of at most ``lines`` lines that elides its text to its width (the full text
    in its tooltip), so a long narration never widens the dock or hides the buttons beside
    it. With two lines a long text wraps before it is cut (a throw's outcome: the verdict
    and whom it is about both read in full). ``most``: the lines :func:`give_room` may let
    it wrap to where its box has the height to spare (a card's title, the tray's header)."""

    def __init__(self, text: str = "", parent: QWidget | None = None,
                 mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight, lines: int = 1,
                 most: int = 0) -> None:
        super().__init__(parent)
        self.full = ""
        self.keep = ""
        self.mode = mode
        self.lines = lines
        self.most = max(most, lines)
        # set by the box that shares its spare height out (give_room): run when the label
        # takes its width, which a box's own resize comes before
        self.relayout: Callable[[], None] | None = None
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.set_full(text)

    def set_full(self, text: str, keep: str = "") -> None:
        """``keep``: the part of ``text`` to show alone (after "…") when the whole does
        not fit, rather than eliding it away (a throw's verdict among its outcomes)."""
        self.full = text
        self.keep = keep
        self.setToolTip(text)
        self._elide()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt name
        super().resizeEvent(event)
        if self.relayout is not None:
            self.relayout()
        self._elide()

    def _elide(self) -> None:
        width = self.room()
        fm = self.fontMetrics()
        if self.lines > 1:
            self._wrap(width, fm)
            return
        if self.keep and self.keep != self.full and fm.horizontalAdvance(self.full) > width:
            # the verdict's sentence says it first ("X is Shaken (…)"): cut its tail
            self.setText(fm.elidedText(f"… {self.keep}", Qt.TextElideMode.ElideRight, width))
            return
        self.setText(fm.elidedText(self.full, self.mode, width))

    def room(self) -> int:
        """The width its text is laid out in."""
        return max(40, self.width() - 12)

    def lines_wanted(self) -> int:
        """The lines its whole text needs at its width, up to ``most``."""
        for n in range(1, self.most):
            if wrap_lines(self.full, self.room(), self.fontMetrics(), n) is not None:
                return n
        return self.most

    def set_lines(self, lines: int) -> None:
        if lines != self.lines:
            self.lines = lines
            self._elide()

    def _wrap(self, width: int, fm: Any) -> None:
        """The whole text on up to ``lines`` lines; else the part to keep alone; else the
        first lines whole and the last one cut at its tail."""
        for text in (self.full, f"… {self.keep}" if self.keep and self.keep != self.full else ""):
            if text and (rows := wrap_lines(text, width, fm, self.lines)) is not None:
                self.setText("\n".join(rows))
                return
        text = f"… {self.keep}" if self.keep and self.keep != self.full else self.full
        rows = []
        for word in text.split():
            trial = f"{rows[-1]} {word}" if rows else word
            if rows and fm.horizontalAdvance(trial) <= width:
                rows[-1] = trial
            elif not rows:
                rows.append(word)
            elif len(rows) < self.lines:
                rows.append(word)
            else:
                rows[-1] = trial  # the last line takes the rest, cut below
        self.setText("\n".join(fm.elidedText(r, Qt.TextElideMode.ElideRight, width) for r in rows))


def give_room_soon(box: QWidget, labels: Callable[[], list[ElidedLabel]],
                   high: Callable[[], int] | None = None) -> None:
    """:func:`give_room` once the box and its labels have their sizes (the next turn of the
    event loop: a box's resize comes before its labels', and a label's before its box's
    last one); asked many times before then, it runs once."""
    if box.property("room_pending"):
        return
    box.setProperty("room_pending", True)

    def run() -> None:
        try:
            box.setProperty("room_pending", False)
            give_room(box, labels(), high() if high is not None else 0)
        except RuntimeError:  # the box went (a card past the history) before the timer
            pass

    QTimer.singleShot(0, box, run)


def give_room(box: QWidget, labels: list[ElidedLabel], high: int = 0) -> None:
    """The height ``box`` has over what its layout needs goes to ``labels``, in order, a
    line at a time up to each one's ``most``: a long title wraps to a second line rather
    than ending in "…" where the room allows, and never pushes the box past its height.
    ``high``: the most the box may be (0: its height now), for a box that a scroll bar
    yet to come will make shorter."""
    lay = box.layout()
    if lay is None or not labels:
        return
    extra = [(lab.lines - 1) * lab.fontMetrics().lineSpacing() for lab in labels]
    height = min(box.height(), high) if high > 0 else box.height()
    spare = height - (lay.minimumSize().height() - sum(extra))
    for lab in labels:
        step = lab.fontMetrics().lineSpacing()
        more = max(min(lab.lines_wanted() - 1, spare // step), 0) if lab.isVisible() else 0
        lab.set_lines(1 + more)
        spare -= more * step


class RollBlock(QFrame):
    """One roll of a throw: what it is for (when the card's title does not say), its dice,
    its modifiers on one line (each with its rule in the tooltip)."""

    def __init__(self, roll: Event, side: str | None, caption: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.roll = roll
        d = roll.data
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(1)
        row = QHBoxLayout()
        row.setSpacing(3)
        kind = "0-9" if zero_nine(roll) else None
        target = keep_target(roll)
        self.faces: list[DieFace] = []
        for v in shown_faces(roll):
            mark = Mark.PLAIN if target is None else (Mark.KEPT if v >= target else Mark.DISCARDED)
            face = DieFace(v, int(d.get("sides", 6)), side, mark, size=theme.tray_px(theme.TRAY_DIE_SIZE),
                           kind=kind)
            face.setToolTip(f"{face.toolTip()}\n{roll.text}")
            self.faces.append(face)
            row.addWidget(face)
        if not self.faces:
            row.addWidget(_label("no dice", colour=theme.MUTED_TEXT))
        row.addStretch(1)
        least = theme.tray_px(theme.TRAY_BLOCK_WIDTH if caption else theme.TRAY_CARD_WIDTH)
        # its dice never narrow: the least a card short of room may give it
        self.least = max(len(self.faces) * (theme.tray_px(theme.TRAY_DIE_SIZE) + 3),
                         theme.tray_px(theme.TRAY_BLOCK_WIDTH) // 2)
        self.wide = max(self.least, least)
        self.caption = ElidedLabel(most=2)  # two lines where the card has the room
        f = self.caption.font()
        f.setPointSizeF(theme.scaled(8.5))
        self.caption.setFont(f)
        _paint(self.caption, side_colour(side) if side else theme.MUTED_TEXT)
        if caption:
            self.caption.set_full(caption)
            self.caption.setToolTip(roll.text)
            lay.addWidget(self.caption)
        lay.addLayout(row)
        self.mods = [as_modifier(m) for m in d.get("modifiers") or []]
        self.modifiers = _label("", size=8, colour=theme.RULE_TAG)
        if self.mods:
            text = self._mods_text(10**6)
            need = int(self.modifiers.fontMetrics().horizontalAdvance(text)) + 4
            if self.wide < need <= theme.tray_px(theme.TRAY_CARD_MAX_WIDTH) - 40 and len(self.mods) <= 3:
                self.wide = need  # a mine test's few modifiers read in words, not only IDs
            self.modifiers.setToolTip("\n".join(rule_tip(m) for m in self.mods))
            lay.addWidget(self.modifiers)
        lay.addStretch(1)
        self.natural = self.wide  # as wide as its words would have it
        self.fit(self.wide)

    def _mods_text(self, width: int) -> str:
        """The modifiers on one line within ``width``: with their rules where they fit,
        else values and words, as many whole as fit (a rule ID alone, "+4 AA-134", told a
        new player nothing; the tooltip gives each modifier whole, with its rule)."""
        def sign(m: Any) -> str:
            return f"{'+' if m.value >= 0 else '−'}{abs(m.value)}"

        metrics = self.modifiers.fontMetrics()
        text = "  ".join(f"{sign(m)} {m.label}" + (f" {m.rule}" if m.rule else "") for m in self.mods)
        if metrics.horizontalAdvance(text) <= width:
            return text
        return whole_parts([f"{sign(m)} {m.label.split(' (')[0]}" for m in self.mods], metrics, width)

    def fit(self, width: int) -> None:
        """As wide as ``width`` (never narrower than its dice, nor wider than its words
        want), its modifiers' line cut to it: a card short of the strip's room narrows its
        blocks' words, not past the strip's edge ("+1 In Cover — Hunkered Down (a t" ran
        out of the tray at 1280x800)."""
        self.wide = max(self.least, min(width, self.natural))
        if self.mods:
            self.modifiers.setText(self._mods_text(self.wide))
        self.setFixedWidth(self.wide + 4)


def whole_parts(parts: list[str], metrics: QFontMetrics, width: int) -> str:
    """``parts`` joined by two spaces, as many whole ones as fit ``width`` with a closing
    "…" when some are left out: a modifier is never cut in the middle of its words
    ("+1 AA-13…" in the tray at 1280x800; the tooltip lists them all)."""
    shown: list[str] = []
    for k, part in enumerate(parts):
        rest = "  …" if k < len(parts) - 1 else ""
        if metrics.horizontalAdvance("  ".join([*shown, part]) + rest) > width:
            return "  ".join([*shown, "…"])
        shown.append(part)
    return "  ".join(shown)


def _colons(text: str) -> list[int]:
    """Where ``text`` has ": " outside brackets ("Leader check (1: a leader)" has none)."""
    out, depth = [], 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and text.startswith(": ", i):
            out.append(i)
    return out


def _split_head(text: str) -> list[str]:
    """``text`` at its last ": " outside brackets: [head, tail], or [text, text]."""
    at = _colons(text)
    return [text[:at[-1]], text[at[-1] + 2:]] if at else [text, text]


def _heads(rolls: list[Event]) -> tuple[str, list[str]]:
    """A card's title and its blocks' captions: a Reaction Test's two rolls share
    "Reaction Test (…)" and are captioned by unit; rolls of different kinds (Firepower,
    Defense) keep their own purposes. A single roll: its purpose as the title."""
    purposes = [_short(str(r.data.get("purpose") or r.text)) for r in rolls]
    if len(purposes) == 1:
        return purposes[0], [""]
    split = [_split_head(p) for p in purposes]
    heads = {h for h, _ in split}
    if len(heads) == 1:  # "Initiative: us" and "Initiative: german" read "US", "German"
        return split[0][0], [theme.SIDE_NAMES.get(t, t) for _, t in split]
    return " · ".join(dict.fromkeys(p[:(_colons(p) or [len(p)])[0]] for p in purposes)), purposes


class ThrowCard(QFrame):
    """A throw in the tray: its title, its roll blocks side by side, its outcome below."""

    def __init__(self, throw: Throw, side_of: SideOf, parent: QWidget | None = None,
                 room: Callable[[], int] | None = None,
                 high: Callable[[], int] | None = None) -> None:
        """``room``: the width of the strip the card is shown in (0 while it is not laid
        out): its words widen it no further (they wrap or elide, whole in their tooltips).
        ``high``: the height it may take there (0: its own)."""
        super().__init__(parent)
        self.throw = throw
        self.side_of = side_of
        self.room = room or (lambda: 0)
        self.high = high or (lambda: 0)
        self.setObjectName("throwcard")
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(round(theme.scaled(10)), 3, 8, 3)  # room for the side's shape
        lay.setSpacing(1)
        self.title = ElidedLabel(most=2)  # two lines where the card has the room
        self.title.relayout = self._give_room
        f = self.title.font()
        f.setPointSizeF(theme.scaled(8.5))
        f.setBold(True)
        self.title.setFont(f)
        lay.addWidget(self.title)
        self._blocks = QHBoxLayout()
        self._blocks.setSpacing(12)
        lay.addLayout(self._blocks)
        self.blocks: list[RollBlock] = []
        # on two lines: "Gunmen (1) 7 against Fireteam Alpha 4: Fireteam Alpha acts first",
        # "Pvt Greer is wounded (hit by …)" read whole; too long, the verdict shows alone
        self.outcome = ElidedLabel(lines=2)
        f = self.outcome.font()
        f.setBold(True)
        self.outcome.setFont(f)
        self.outcome.setVisible(False)
        lay.addWidget(self.outcome)
        lay.addStretch(1)
        self.setProperty("latest", "true")
        self._rolls = 0
        self._outcomes = 0
        self.update_from_throw()

    def update_from_throw(self) -> None:
        """Show what the throw holds now (a roll or an outcome may come after the card
        was built: the match after a fire's dice, in the next answer)."""
        if len(self.throw.rolls) != self._rolls:
            self._layout_blocks()
        if len(self.throw.outcomes) != self._outcomes:
            self._show_outcomes()
        side = self.throw.side or next(
            (r.data.get("side") or self.side_of(r) for r in self.throw.rolls), None)
        if self.property("side") != (side or ""):
            self.setProperty("side", side or "")
            self.update()
        self._give_room()

    def _give_room(self) -> None:
        """The card's spare height to its title and its rolls' captions, a line each."""
        give_room_soon(self, lambda: [self.title, *(b.caption for b in self.blocks)], self.high)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt name
        super().resizeEvent(event)
        self._give_room()

    def _layout_blocks(self) -> None:
        for b in self.blocks:
            self._blocks.removeWidget(b)
            b.hide()  # at once: deleteLater waits for the event loop
            b.deleteLater()
        title, captions = _heads(self.throw.rolls)
        self.title.set_full(title)
        self.blocks = []
        for r, caption in zip(self.throw.rolls, captions, strict=True):
            block = RollBlock(r, r.data.get("side") or self.side_of(r), caption)
            block.caption.relayout = self._give_room
            self.blocks.append(block)
            self._blocks.addWidget(block)
        self._rolls = len(self.throw.rolls)
        self.fit_width()

    def fit_width(self) -> None:
        """As wide as its dice, and as its title and its outcome's two lines read whole
        where the cards' most width and the strip allow (a card full of dice has no height to
        spare for the title's second line: "Reaction Test (Councillor Idris interrupts Alpha
        tea…"). Never wider than the strip for its words: at the largest text scale a long
        title ran past the strip's edge, cut."""
        most = theme.tray_px(theme.TRAY_CARD_MAX_WIDTH)
        self._fit_blocks(room := self.room())
        if room > 0:
            most = min(most, room)
        dice = sum(b.wide + 4 for b in self.blocks) + 12 * (len(self.blocks) - 1) + 16
        words = self.title.fontMetrics().horizontalAdvance(self.title.full) + 12 + 20
        if self._outcomes:  # a long outcome widens its card so its two lines hold it whole
            words = max(words, self.outcome.fontMetrics().horizontalAdvance(self.outcome.full) // 2 + 60)
        least = min(theme.tray_px(theme.TRAY_CARD_WIDTH) + 20, most)
        self.setFixedWidth(max(dice, min(words, most), least))

    def _fit_blocks(self, room: int) -> None:
        """The blocks' words narrowed, the widest first, until the card is no wider than
        the strip's ``room`` (0: not laid out yet, no narrowing): its dice stay whole, and a
        card of more dice than the strip holds scrolls."""
        for b in self.blocks:
            b.fit(b.natural)
        if room <= 0:
            return
        fixed = 12 * (len(self.blocks) - 1) + 16 + 4 * len(self.blocks)
        over = fixed + sum(b.wide for b in self.blocks) - room
        for b in sorted(self.blocks, key=lambda b: b.least - b.wide):
            if over <= 0:
                break
            give = min(over, b.wide - b.least)
            b.fit(b.wide - give)
            over -= give

    def _show_outcomes(self) -> None:
        head = self.title.full.split(" (")[0].split(":")[0]
        lines = [_short(e.text).removeprefix(f"{head}: ") for e in self.throw.outcomes]
        told = [i for i, e in enumerate(self.throw.outcomes) if e.kind not in AFTERMATH]
        # kept whole: the verdict, and the big moments that followed it (a panic and why)
        panics = [i for i, e in enumerate(self.throw.outcomes)
                  if e.kind == "marker" and big_moment(e)]  # they come first: the verdict
        kept = panics + [told[0]] if told else panics  # (who won the initiative) is on the dice
        self.outcome.set_full(" · ".join(lines), " · ".join(lines[i] for i in kept))
        self.outcome.setToolTip("\n".join(e.text for e in self.throw.outcomes))
        self.outcome.setVisible(True)
        self.throw.side = outcome_side(self.throw, self.side_of)
        # a test passed or failed says so in the feedback colours (a play-test read an
        # Insurgent's passed Quality Check, in the Insurgents' red, as a failure); any other
        # outcome takes the colour of the side it matters to
        verdict = self.throw.passed
        _paint(self.outcome, side_colour(self.throw.side) if verdict is None
               else theme.PASSED if verdict else theme.FAILED)
        self._outcomes = len(self.throw.outcomes)
        self.fit_width()

    def set_latest(self, latest: bool) -> None:
        """The newest card on white; older ones quieter."""
        value = "true" if latest else "false"
        if self.property("latest") != value:
            self.setProperty("latest", value)
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt name
        """The card drawn by hand (a style sheet would style every die and label in it,
        and cost a parse per card): white for the newest, quieter for the older ones,
        edged on the left in the colour of the side the throw matters to."""
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        latest = self.property("latest") != "false"
        p.setPen(QPen(theme.PANEL_EDGE, 1))
        p.setBrush(theme.TRAY_CARD_BG if latest else theme.TRAY_OLD_CARD_BG)
        p.drawRoundedRect(r, 4, 4)
        side = str(self.property("side") or "")
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(side_colour(side) if side else theme.NEUTRAL)
        p.drawRoundedRect(QRectF(r.left(), r.top(), 4, r.height()), 2, 2)
        if side:  # the side's shape on its stripe: not told by colour alone
            p.setPen(side_colour(side))
            p.setFont(theme.label_font(7, True))
            room = theme.scaled(10)  # the card's left margin, beside its title
            p.drawText(QRectF(r.left(), r.top() + 1, room, 1.2 * room), Qt.AlignmentFlag.AlignCenter,
                       theme.side_mark(side))
        p.end()


def outcome_side(throw: Throw, side_of: SideOf) -> str | None:
    """The side a throw's outcome matters to: the Reaction Test's winner, the side of the
    unit or soldier the outcome names, else the side that threw."""
    for e in throw.outcomes:
        if e.kind == "reaction":
            return "insurgent" if e.data.get("insurgent_first") else "regular"
    for e in throw.outcomes:
        side = e.data.get("side") or side_of(e)
        if side:
            return str(side)
    for r in throw.rolls:
        side = r.data.get("side") or side_of(r)
        if side:
            return str(side)
    return None


def card_least_height(strip: QWidget | None = None) -> int:
    """The height a card needs to show whole: its title, rolls with their captions and
    modifier lines, and an outcome on two lines (measured on a sample card, so the fonts
    and spacings are the ones drawn). The cards' area is at least this tall: at 1280x800
    the outcome's second line was cut by the strip's scroll bar. ``strip``: where the cards
    are laid, whose font (at the player's text scale) the sample's words take as theirs do."""
    mods = [("modifier", 1, "AA-036")]  # any cited rule: the sample is measured, not shown
    rolls = [Event("roll", "", {"purpose": f"Test (why): {who}", "faces": [6], "sides": 6,
                                "modifiers": mods, "result": ""}) for who in ("One", "Two")]
    sample = ThrowCard(Throw(rolls, [Event("reaction", "word " * 80, {})]), lambda e: None, strip)
    sample.hide()  # never drawn: a window shown after this showed it in the tray
    try:
        return sample.minimumSizeHint().height()
    finally:
        sample.setParent(None)  # out of the strip at once, not when deleteLater comes round
        sample.deleteLater()


class DiceTrayPanel(QWidget):
    """The dock's widget: a header (narration, wait, Continue, Skip) over the cards."""

    continueClicked = Signal()
    skipClicked = Signal()

    def __init__(self, side_of: SideOf | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.side_of: SideOf = side_of or (lambda e: None)
        # the game's events in the player's words (the engine's text is saved as it is)
        self.wording: Wording | None = None
        self.verdict: Verdict | None = None  # the game's tests passed or failed
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 2, 4, 2)
        lay.setSpacing(2)
        head = QHBoxLayout()
        head.setSpacing(6)
        self.header = ElidedLabel("No dice thrown yet", most=2)  # two lines where room allows
        self.header.relayout = self._give_room
        self.header.setMinimumWidth(100)
        f = self.header.font()
        f.setBold(True)
        self.header.setFont(f)
        head.addWidget(self.header, 1)
        self.continue_button = QPushButton("Continue ␣")
        self.continue_button.setToolTip("Show on (Space)")
        self.continue_button.clicked.connect(self.continueClicked.emit)
        self.continue_button.setVisible(False)
        self.skip_button = QPushButton("Skip")
        self.skip_button.setToolTip("Show the rest of this answer at once (Esc)")
        self.skip_button.clicked.connect(self.skipClicked.emit)
        self.skip_button.setVisible(False)
        head.addWidget(self.continue_button)
        head.addWidget(self.skip_button)
        lay.addLayout(head)
        self.throws: list[Throw] = []  # the model: the last TRAY_HISTORY throws
        self.cards: list[ThrowCard] = []  # one per throw, built at flush()
        self._strip = QWidget()
        self._row = QHBoxLayout(self._strip)
        self._row.setContentsMargins(0, 0, 0, 0)
        self._row.setSpacing(6)
        self._row.addStretch(1)
        self.cards_area = QScrollArea()
        self.cards_area.setWidget(self._strip)
        self.cards_area.setWidgetResizable(True)
        self.cards_area.setFrameShape(QFrame.Shape.NoFrame)
        # the tray is made as tall as a card (least_height); a window too short to give it
        # that scrolls the cards rather than cutting off their outcome lines
        self.cards_area.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.cards_area.horizontalScrollBar().rangeChanged.connect(self._follow_soon)
        self._following = False  # a follow is asked for once the strip is laid out
        self.fit_room()
        lay.addWidget(self.cards_area, 1)
        self.deferred = False  # cards wait for flush(): a window that redraws once per answer
        self._open = False  # the last event added may still take outcomes / rolls
        self._last_kind = ""
        self._changed: set[int] = set()  # id() of built throws that took an outcome since
        self._waited_on: set[str] = set()  # the texts of the big moments waited on
        self._told = ""  # the narration the header falls back to after a wait
        self._told_colour: QColor | None = None

    # -- events ------------------------------------------------------------------------
    @property
    def latest(self) -> ThrowCard | None:
        return self.cards[-1] if self.cards else None

    def add(self, event: Event) -> None:
        """One event from the controller, in order: a roll starts or extends a throw, an
        outcome joins the throw before it, anything else closes it."""
        if event.kind in TOLD_ANSWERS:
            return
        if self.wording is not None:
            event = self.wording(event)
        if event.kind == "roll":
            if self._open and self._last_kind == "roll" and self.throws:
                self.throws[-1].rolls.append(event)
                self._changed.add(id(self.throws[-1]))
            else:
                self.throws.append(Throw([event]))
                if len(self.throws) > theme.TRAY_HISTORY:
                    del self.throws[0]
            self._open = True
        elif self._open and self.throws and joins(self._last_kind, event.kind):
            self.throws[-1].outcomes.append(event)
            if self.verdict is not None and self.throws[-1].passed is None:
                self.throws[-1].passed = self.verdict(event)
            self._changed.add(id(self.throws[-1]))
        else:
            self._open = False
        self._last_kind = event.kind
        if not self.deferred:
            self.flush()

    def flush(self) -> None:
        """Build the cards of the throws added since, update the ones that changed, and
        drop the cards past the history."""
        built = {id(c.throw): c for c in self.cards}
        alive = {id(t) for t in self.throws}
        keep = []
        for c in self.cards:
            if id(c.throw) in alive:
                keep.append(c)
            else:  # past the history
                self._row.removeWidget(c)
                c.deleteLater()
        self.cards = keep
        new = [t for t in self.throws if id(t) not in built]
        for tid in self._changed:
            card = built.get(tid)
            if card is not None and tid in alive:
                card.update_from_throw()
        self._changed.clear()
        # which cards are whole in the strip, once laid out: the cards can change and the
        # strip's width not (a watched moment a throw on: the oldest card gone, a new one)
        self._follow_soon()
        if not new:
            return
        if self.latest is not None:
            self.latest.set_latest(False)
        for t in new:
            # in the strip from the start: its words measured in the strip's font (the
            # player's text scale), as they are drawn
            card = ThrowCard(t, self.side_of, self._strip, self._room, self._high)
            card.set_latest(t is new[-1])
            self.cards.append(card)
            self._row.insertWidget(self._row.count() - 1, card)
        if not self.continue_button.isVisible():
            self._set_header(self._told or new[-1].title())

    def _room(self) -> int:
        """The strip's width a card's words may take (0 before the tray is laid out)."""
        return self.cards_area.viewport().width() if self.cards_area.isVisible() else 0

    def _high(self) -> int:
        """The height a card may take in the strip with the sideways scroll bar shown: a
        card given a title's or a caption's second line before the bar came was taller
        than the strip once it did, its outcome's last line cut under the bar (1920x1080,
        larger text)."""
        if not self.cards_area.isVisible():
            return 0
        bar = self.cards_area.horizontalScrollBar()
        shown = bar.sizeHint().height() if not bar.isVisible() else 0
        return self.cards_area.viewport().height() - shown

    def fit_room(self) -> None:
        """The cards' area as tall as a card whole above the scroll bar, and not more: the
        tray stays a strip (again when the text scale changes: the cards grow with it)."""
        bar = self.cards_area.horizontalScrollBar().sizeHint().height()
        self.cards_area.setMinimumHeight(card_least_height(self._strip) + bar)

    def least_height(self) -> int:
        """The tray's height with a card whole in it while the header holds the Continue
        and Skip buttons (a big moment waits): at 1280x800 the buttons took the outcome's
        lines from the card the player was asked to look at."""
        lay = self.layout()
        assert lay is not None
        margins = lay.contentsMargins()
        head = max(self.header.fontMetrics().lineSpacing(), self.continue_button.sizeHint().height(),
                   self.skip_button.sizeHint().height())
        return margins.top() + head + lay.spacing() + self.cards_area.minimumHeight() + margins.bottom()

    def _follow_soon(self, *_range: int) -> None:
        """Follow the newest card once the strip is laid out: when the range changes the
        cards may still stand where they stood (a watched moment's tray is rebuilt at once,
        its cards laid out after), and a follow from their old places left a sliver of a
        card at the strip's left edge, the range never changing again to correct it."""
        if not self._following:
            self._following = True
            QTimer.singleShot(0, self, self._follow_now)

    def _follow_now(self, tries: int = 200) -> None:
        self._following = False
        if not self.cards_area.isVisible():  # shown again, it is followed (showEvent)
            return
        if not self._laid_out():  # a card built or resized is placed a beat later
            if tries > 0:
                self._following = True
                # turns of the event loop, not milliseconds: on a busy machine twenty
                # passed before the cards were placed (a test run beside other jobs)
                QTimer.singleShot(0, self, lambda: self._follow_now(tries - 1))
            return
        bar = self.cards_area.horizontalScrollBar()
        self._follow(bar.minimum(), bar.maximum())

    def _laid_out(self) -> bool:
        """Whether the cards stand side by side as the strip draws them, the strip as wide
        as they are: what :meth:`_follow` measures."""
        gap = self._row.spacing()
        for a, b in zip(self.cards, self.cards[1:], strict=False):
            if b.x() != a.x() + a.width() + gap:
                return False
        last = self.cards[-1] if self.cards else None
        return last is None or last.x() + last.width() <= self._strip.width()

    def _follow(self, _lo: int, hi: int) -> None:
        """Keep the newest card in view as the strip grows: the whole of it, or where it is
        wider than the strip (many dice at a large text scale) its start, with its title.
        Only whole cards show: scrolled to its end, the strip showed a sliver of the card
        before the ones that fit at its left edge, so the strip ends in a blank as wide as
        that sliver (:meth:`_whole_cards`) and is scrolled to the first card that fits."""
        bar = self.cards_area.horizontalScrollBar()
        card = self.latest
        width = self.cards_area.viewport().width()
        why = self.deciding()
        if card is not None and why is not None and card.x() + card.width() - why.x() > width:
            # a big moment waits on First Aid dice whose hits were dealt cards before: the
            # view starts at the dice that dealt them (the First Aid results are in the
            # header). Scrolled to the newest, the Close Assault that wounded four men was
            # out of sight at 1280x800, where the strip holds one card.
            self._pad_end(0)
            bar.setValue(min(why.x(), hi))
            return
        if card is None or card.width() > width:
            self._pad_end(0)
            bar.setValue(min(card.x(), hi) if card is not None else hi)
            return
        first = self._whole_cards(width)
        self._pad_end(max(0, first.x() + width - (card.x() + card.width())))
        bar.setValue(min(first.x(), hi))

    def _whole_cards(self, width: int) -> ThrowCard:
        """The oldest card from which every card to the newest fits in ``width`` pixels."""
        end = self.cards[-1].x() + self.cards[-1].width()
        first = self.cards[-1]
        for c in reversed(self.cards):
            if end - c.x() > width:
                break
            first = c
        return first

    def _pad_end(self, pad: int) -> None:
        """The blank after the newest card (changing it changes the scroll range, and
        brings :meth:`_follow` back: the same cards, the same blank, no change then)."""
        margins = self._row.contentsMargins()
        if margins.right() != pad:
            self._row.setContentsMargins(0, 0, pad, 0)

    def reload(self, events: list[Event], keep: int = 12) -> None:
        """Start over from a game's log (undo, a loaded save, the seat taken in hot-seat, a
        text scale chosen): its last ``keep`` throws. A fire's dice the log ends on still
        take the match the next answer tells, as they would have without the reload."""
        for card in self.cards:
            self._row.removeWidget(card)
            card.deleteLater()
        self.cards = []
        self.throws = []
        self._changed.clear()
        self._open = False
        self._last_kind = ""
        start = 0
        seen = 0
        for i in range(len(events) - 1, -1, -1):
            if events[i].kind == "roll" and (i == 0 or events[i - 1].kind != "roll"):
                seen += 1
                if seen >= keep:
                    start = i
                    break
        deferred, self.deferred = self.deferred, True
        for e in events[start:]:
            self.add(e)
        self.deferred = deferred
        self._told = ""  # the header tells this log's last throw, not the game's before
        self.flush()  # a throw the log ends on stays open: its outcome (a match) comes next
        self._mark_deciding()  # a wait's deciding card (the seat taken, the text scaled)
        if not self.continue_button.isVisible():
            self._show_header(self.latest.throw.title() if self.latest else "No dice thrown yet")

    def deciding(self) -> ThrowCard | None:
        """While a big moment waits: the card whose dice decided it, the throw that dealt
        the casualties (a fire's dice matched, a Close Assault won). That is the moment's
        own card when the moment is in it (an Insurgent removed), and the card before the
        run of First Aid throws when the moment is theirs (a Regular hit throws his First
        Aid die apart, after it). None when no throw dealt casualties (a panic, the end of
        a Round) or the tray does not wait."""
        if self.continue_button.isHidden() or not self.cards:
            return None
        latest = self.cards[-1]
        moments = [e for e in latest.throw.outcomes if e.text in self._waited_on]
        if not moments:  # the wait is not on this throw's moments (a move stopped short)
            return None
        if any(dealt_casualties(e) for e in latest.throw.outcomes):
            return latest
        if not any(told_after_its_hit(e) for e in moments):
            return None
        for card in reversed(self.cards[:-1]):
            if any(dealt_casualties(e) for e in card.throw.outcomes):
                return card
            if any(big_moment(e) and not told_after_its_hit(e) for e in card.throw.outcomes):
                return None  # another moment, already waited on: not this one's why
        return None

    def deciding_words(self) -> str:
        """The dice that decided the moment waited on, in a few words for the Decision
        dock to say before the result ("" when no throw dealt casualties): "After the Close
        Assault (6 6 5 5 5 2 against 5 3 1 1)", "After Firepower 6 6 5 4 2 1 against
        Defense 5 3 2 1". Short: the dock's line grows with it, and at the largest text
        a longer one made the window taller than a 1280x800 screen (the card in the tray
        names who threw which)."""
        card = self.deciding()
        if card is None:
            return ""
        rolls = card.throw.rolls
        purposes = [_short(str(r.data.get("purpose") or r.text)) for r in rolls]
        heads = [p[:(_colons(p) or [len(p)])[0]] for p in purposes]
        faces = [" ".join(map(str, shown_faces(r))) or "no dice" for r in rolls]
        if len(set(heads)) == 1:  # a Close Assault: both sides' dice for one purpose
            return f"After the {heads[0]} ({' against '.join(faces)})"
        return "After " + " against ".join(f"{h} {f}" for h, f in zip(heads, faces, strict=True))

    def _mark_deciding(self) -> None:
        """The deciding card drawn as bright as the newest while the moment waits (the
        older cards' quieter ground read as a throw long past)."""
        why = self.deciding()
        for card in self.cards:
            card.set_latest(card is self.latest or card is why)

    # -- the header ----------------------------------------------------------------------
    def narrate(self, text: str, side: str | None = None) -> None:
        """A computer action in plain words, after the side's mark ("◆ Insurgent computer:
        …"), in the dialog's ink: in the Insurgents' red a routine line ("No Insurgent
        interrupts…") read as an error (a play-test)."""
        who = side_title(side) if side else ""
        mark = theme.side_mark(side) if side else ""
        self._told = f"{mark} {who} computer: {text}".lstrip() if who else text
        self._told_colour = theme.DIALOG_TEXT if side else None
        if not self.continue_button.isVisible():
            self._show_header(self._told, self._told_colour)

    def answered(self) -> None:
        """A person answered: the computer's last line no longer says what the next dice are
        for (a player's own mine test was headed "Insurgent computer: The defender matches
        the dice…"); the header tells each new card's own purpose until the computer speaks."""
        self._told = ""
        self._told_colour = None

    def _set_header(self, text: str) -> None:
        self.header.set_full(text)
        self._give_room()

    def _give_room(self) -> None:
        give_room_soon(self, lambda: [self.header])

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt name
        super().resizeEvent(event)
        self._give_room()
        for card in self.cards:  # the strip's room changed: the cards' words fit it again
            card.fit_width()
        self._follow_soon()  # and which cards are whole in it

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt name
        super().showEvent(event)
        self._follow_soon()

    def _show_header(self, text: str, colour: object = None, wait: bool = False) -> None:
        self._set_header(text)
        style = f"color: {colour.name()};" if colour is not None else ""  # type: ignore[attr-defined]
        if wait:
            style += f" background: {theme.TRAY_WAIT_BG.name()}; padding: 2px 6px; border-radius: 3px;"
        self.header.setStyleSheet(style)

    def show_wait(self, why: str, moments: list[Event] | None = None) -> None:
        """The controller waits for the player: why, and the Continue button beside it
        (the button and the status bar say Space: the header's width is for the why, which
        a "press Space or Continue" tail clipped at 1280x800). ``moments``: the events
        whose big moments it waits on, whose deciding throw is kept in view."""
        say = self.wording or (lambda e: e)
        self._waited_on = {say(e).text for e in moments or []}
        self._show_header(why, wait=True)
        self.continue_button.setVisible(True)
        self.continue_button.setDefault(True)
        self._mark_deciding()
        self._follow_soon()  # the dice that decided it in view (:meth:`deciding`)
        QTimer.singleShot(0, self.continue_button, self.continue_button.setFocus)  # not after it is gone

    def end_wait(self) -> None:
        waited = not self.continue_button.isHidden()
        self.continue_button.setVisible(False)
        self._waited_on = set()
        if waited:
            self._mark_deciding()
            self._follow_soon()  # the newest card again
        if self._told:
            self._show_header(self._told, self._told_colour)
        else:
            self._show_header(self.latest.throw.title() if self.latest else "")

    def set_presenting(self, on: bool) -> None:
        self.skip_button.setVisible(on)
        if not on:
            self.end_wait()
