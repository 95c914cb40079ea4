"""The hot-seat hand-over: a curtain over the window until the next player takes the seat.

When the seat passes in a hot-seat game (the controller's ``handOver``), the window covers
everything under its menu bar (the table, the Decision dock, the log, the dice tray, the
panels) with :class:`Curtain`:

* **opaque** when a side holds secrets (a hidden IED): nothing of the last player's view
  shows through, only "Hand the seat to the Insurgent player" and the button the next
  player presses ("I am the Insurgent player: show my view", Enter or Space);
* **see-through** otherwise: the table stays in sight under a clear "Insurgent player's
  answer" banner, and the same button.

Under the title, what the player is called for ("You may interrupt Fireteam Alpha's move",
"First the dice of the last answer, then your question"), in the words
:func:`ambush_gui.core.view.seat_called` gives both players: the curtain never works them
out (a question's own words may tell a die not yet shown, or a secret).

Either way it takes every click and key meant for the window under it, so no input meant
for one seat answers the other seat's question. Its button wakes only :attr:`Curtain.ARM_MS`
after the curtain comes down: a play-tester's second Enter, pressed 0.4 s after the first
to commit his own fire, went straight through the next player's curtain and showed him
the other side's hidden bomb.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout, QWidget

from ambush_gui.gui.shared import theme

CARD_WIDTH = 520


def side_player(side: str) -> str:
    """"the Insurgent player"."""
    return f"the {theme.SIDE_NAMES.get(side, side.title())} player"


BORDER = 3  # pixels of the card's coloured border: the words wrap inside it


class Curtain(QWidget):
    """The hand-over curtain (see the module docstring). ``taken`` carries the side."""

    taken = Signal(str)
    ARM_MS = 900  # the button sleeps this long once the curtain is down (keys meant for the last seat)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("hand-over-curtain")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.side = ""
        self.opaque = True
        self.armed = False
        self._arming = QTimer(self)
        self._arming.setSingleShot(True)
        self._arming.timeout.connect(self._arm)
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        self.card = QFrame()
        self.card.setObjectName("hand-over-card")
        self.card.setFixedWidth(CARD_WIDTH)  # fixed: its wrapped lines get their full height
        lay = QVBoxLayout(self.card)
        lay.setContentsMargins(24, 18, 24, 18)
        lay.setSpacing(12)
        # fonts, not style sheet sizes: the window brings them to the text scale with its
        # docks' (GameWindow._rescale_window); a "font-size" in a style sheet stayed at 16pt
        self.title = QLabel()
        self.title.setFont(theme.label_font(16, bold=True))
        self.title.setWordWrap(True)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.called = QLabel()  # what the seat is called for (core/view.py: seat_called)
        self.called.setFont(theme.label_font(12, bold=True))
        self.called.setWordWrap(True)
        self.called.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.called.setObjectName("hand-over-called")
        self.body = QLabel()
        self.body.setFont(theme.label_font(11))
        self.body.setWordWrap(True)
        self.body.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.button = QPushButton()
        self.button.setDefault(True)
        self.button.setMinimumHeight(36)
        self.button.clicked.connect(self._take)
        lay.addWidget(self.title)
        lay.addWidget(self.called)
        lay.addWidget(self.body)
        lay.addWidget(self.button)
        outer.addWidget(self.card, 0, Qt.AlignmentFlag.AlignHCenter)
        outer.addStretch(2)
        self.hide()

    def ask(self, side: str, opaque: bool, called: str = "") -> None:
        """Cover the window and ask ``side``'s player to take the seat; ``called``: what
        he is called for, in words both players may read (none: the line is not shown)."""
        self.side, self.opaque = side, opaque
        self.called.setText(called)
        self.called.setVisible(bool(called))
        colour = theme.SIDE_COLOURS.get(side, theme.TABLE_EDGE).name()
        who = side_player(side)
        name = theme.SIDE_NAMES.get(side, side.title())
        if opaque:
            self.title.setText(f"Hand the seat to {who}")
            self.body.setText(f"What follows is for {who}'s eyes only. The other player looks "
                              f"away; {who} takes the seat and shows his view.")
            self.button.setText(f"I am {who}: show my view")
        else:
            self.title.setText(f"{name} player's answer")
            self.body.setText(f"Nothing on the table is hidden: both may watch. Only {who} "
                              "answers; the table and the Decision dock wait for him.")
            self.button.setText(f"I am {who}: answer")
        self.button.setToolTip(f"Only {who} presses this (Enter or Space): it lifts the curtain "
                               "and gives him the table and the Decision dock")
        self.title.setStyleSheet(f"color: {colour};")
        self.card.setStyleSheet(f"#hand-over-card {{ background: white; border: {BORDER}px solid {colour};"
                                " border-radius: 8px; }")
        self.cover()
        self.armed = False
        self.button.setEnabled(False)  # greyed while it sleeps: the last player's keys go nowhere
        self.show()
        self.raise_()
        self.setFocus(Qt.FocusReason.OtherFocusReason)
        if self.ARM_MS > 0:
            self._arming.start(self.ARM_MS)
        else:
            self._arm()

    def _arm(self) -> None:
        self.armed = True
        self.button.setEnabled(True)
        if self.isVisible():
            self.button.setFocus(Qt.FocusReason.OtherFocusReason)

    def cover(self) -> None:
        """Cover the parent window under its menu bar, the card sized for its words."""
        parent = self.parentWidget()
        if parent is None:
            return
        top = 0
        bar = getattr(parent, "menuBar", None)
        if callable(bar):
            top = bar().geometry().bottom() + 1
        self.setGeometry(0, top, parent.width(), parent.height() - top)
        self._fit_card()

    def _fit_card(self) -> None:
        """The card as wide as its words need at the text scale (within the window), each
        label as tall as its wrapped lines: at 200% the title took four lines of 520 pixels."""
        width = round(CARD_WIDTH * max(1.0, theme.comfort.scale))
        width = max(min(width, self.width() - 40), 200)
        self.card.setFixedWidth(width)  # fixed: its wrapped lines get their full height
        inner = width - 48 - 2 * BORDER  # the card's margins and its border (its style sheet)
        for label in (self.title, self.called, self.body):  # wrapped lines get their height, not one line's
            label.setMinimumHeight(0)  # a label's height for a width is at least its minimum:
            label.setMinimumHeight(label.heightForWidth(inner))  # the last words' lines stayed
        self.card.adjustSize()

    def _take(self) -> None:
        if self.isVisible() and self.side and self.armed:
            self.taken.emit(self.side)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        colour = theme.CURTAIN if self.opaque else theme.CURTAIN_SEE_THROUGH
        p.fillRect(self.rect(), colour)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        """Enter or Space takes the seat once the button is awake (a held key's repeats never
        do); every other key is refused (never passed on)."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) \
                and not event.isAutoRepeat():
            self._take()
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        event.accept()  # a click meant for the table under the curtain goes nowhere
