"""Small widgets every game window uses: a label in the house font and the game log."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, Qt
from PySide6.QtGui import (
    QAction,
    QContextMenuEvent,
    QMouseEvent,
    QResizeEvent,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QMenu,
    QPlainTextEdit,
    QWidget,
)

from ambush_gui.core.events import Event
from ambush_gui.core.rule_ids import CITATION, Citation, find_ids
from ambush_gui.gui.shared import theme


def text_label(text: str = "", bold: bool = False, size: float = 10.0, wrap: bool = True) -> QLabel:
    lab = QLabel(text)
    lab.setFont(theme.label_font(size, bold))
    lab.setWordWrap(wrap)
    lab.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return lab


SideOf = Callable[[Event], "str | None"]
Verdict = Callable[[Event], "bool | None"]
MARKS = {mark: side for side, mark in theme.SIDE_MARKS.items()}
LEAD = 12  # a line's side mark stands in its first characters, after the indent and "▶ "


class _RuleIdHighlighter(QSyntaxHighlighter):
    """Draws the rule IDs of the log as links, so the player sees he can look them up; a
    line's side mark (● ◆ ★ ✚) in its side's colour, and a test's outcome in the dice tray's
    colours for passed and failed (the words say it too: "passes", "is Shaken"). Colours
    are read from the theme as each line is drawn, so the colour-blind palette takes after
    :meth:`GameLog.restyle`."""

    def __init__(self, doc: QTextDocument, verdicts: dict[str, bool]) -> None:
        super().__init__(doc)
        self.fmt = QTextCharFormat()
        self.fmt.setForeground(theme.RULE_LINK)
        self.fmt.setFontUnderline(True)
        self.verdicts = verdicts  # a line's text -> its test passed (True) or failed (False)

    def highlightBlock(self, text: str) -> None:  # noqa: N802 - Qt's name
        lead = text[:LEAD]
        at = next((i for i, ch in enumerate(lead) if ch in MARKS), -1)
        if at >= 0:
            mark = QTextCharFormat()
            mark.setForeground(theme.SIDE_COLOURS.get(MARKS[text[at]], theme.NEUTRAL))
            self.setFormat(at, 1, mark)
        verdict = self.verdicts.get(text)
        if verdict is not None:
            told = QTextCharFormat()
            told.setForeground(theme.PASSED if verdict else theme.FAILED)
            start = at + 1 if at >= 0 else len(text) - len(text.lstrip())
            self.setFormat(start, len(text) - start, told)
        if "-" in text:  # the spans alone: the IDs a range names are not needed to draw it
            for m in CITATION.finditer(text):
                self.setFormat(m.start(), m.end() - m.start(), self.fmt)


class GameLog(QPlainTextEdit):
    """Every event, each roll with its purpose, dice and modifiers (with their rules).

    A rule ID in a line is a link: a click on it, or the context menu's "Look up AR-112",
    opens the rules reference on it (gui/shared/rules_help.py).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # the window tells a line's side and a test's verdict, as the dice tray's are told
        self.side_of: SideOf = lambda e: None
        self.verdict: Verdict = lambda e: None
        self._verdicts: dict[str, bool] = {}
        self._links = _RuleIdHighlighter(self.document(), self._verdicts)
        self.viewport().setMouseTracking(True)
        self.setReadOnly(True)
        # nobody undoes a log: without this every line (and every reload's whole text) was
        # also kept on the document's undo stack, and a timeline's jumps grew slower
        self.setUndoRedoEnabled(False)
        self.setFont(theme.label_font(9.5))
        self.setMaximumBlockCount(20000)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.deferred = False  # lines wait for flush(): a window redrawn once per answer
        self._waiting: list[str] = []

    def line(self, event: Event) -> str:
        """The event's line: its indent, the mark of the side it is about ("◆ RPG team (4)
        interrupts…"), then its words. A test's outcome is kept for its colour."""
        prefix = {"turn": "\n═══ ", "roll": "    · ", "victory": "\n★ "}.get(event.kind, "  ")
        if event.kind in ("activate",):
            prefix = "\n▶ "
        elif event.kind == "narration":  # a computer action told in plain words (not saved)
            prefix = "\n» "
        side = self.side_of(event) if event.kind != "victory" else None
        mark = theme.side_mark(side) if side else ""
        text = prefix + (f"{mark} " if mark else "") + event.text
        verdict = self.verdict(event)
        if verdict is not None:
            self._verdicts[text.lstrip("\n")] = verdict
        return text

    def restyle(self) -> None:
        """The marks and verdicts drawn again in the palette now in force."""
        self._links.rehighlight()

    def add(self, event: Event) -> None:
        if self.deferred:
            self._waiting.append(self.line(event))
            return
        self.appendPlainText(self.line(event))
        self.moveCursor(QTextCursor.MoveOperation.End)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        """A log showing its newest line keeps showing it when it is made shorter (the
        Decision dock above it grows for a question): Qt keeps the top line in place, which
        pushed the newest lines out of sight (a playtest finding)."""
        bar = self.verticalScrollBar()
        at_end = bar.value() >= bar.maximum()
        super().resizeEvent(event)
        if at_end:
            bar.setValue(bar.maximum())

    def flush(self) -> None:
        """Show the lines held back while ``deferred``, in one append (an answer that sets
        off several German turns logs a hundred events)."""
        if self._waiting:
            self.appendPlainText("\n".join(self._waiting))
            self._waiting = []
            self.moveCursor(QTextCursor.MoveOperation.End)

    def reload(self, events: list[Event]) -> None:
        """The log told again (a game loaded, undone, or a moment watched): in one append,
        not a line at a time (a long game's 20,000 lines took a third of a second)."""
        self.clear()
        self._verdicts.clear()
        self._waiting = [self.line(e) for e in events]
        self.flush()

    def text(self) -> str:
        return self.toPlainText()

    # -- rule look-ups --------------------------------------------------------------------------
    def citations_at(self, pos: QPoint) -> tuple[list[Citation], Citation | None]:
        """The rule citations of the line at viewport point ``pos``, and the one under it."""
        cursor = self.cursorForPosition(pos)
        block = cursor.block()
        cites = find_ids(block.text())
        at = cursor.positionInBlock()
        under = next((c for c in cites if c.start <= at <= c.end and self._over_text(pos, cursor)), None)
        return cites, under

    def _over_text(self, pos: QPoint, cursor: QTextCursor) -> bool:
        """``pos`` is on the line's text, not in the blank past its end."""
        slack = self.fontMetrics().averageCharWidth() * 2
        return abs(self.cursorRect(cursor).center().x() - pos.x()) <= slack

    def look_up(self, citation: str) -> None:
        from ambush_gui.gui.shared.rules_help import look_up

        look_up(citation, self)

    def rule_menu(self, pos: QPoint) -> QMenu:
        """The context menu at viewport point ``pos``: "Look up AR-112" for each rule the
        line cites, above the usual Copy and Select All."""
        menu = self.createStandardContextMenu()
        cites, _ = self.citations_at(pos)
        first = menu.actions()[0] if menu.actions() else None
        for c in dict.fromkeys(c.text for c in cites):
            act = QAction(f"Look up {c}", menu)
            act.triggered.connect(lambda _=False, c=c: self.look_up(c))
            if first is not None:
                menu.insertAction(first, act)
            else:
                menu.addAction(act)
        if cites and first is not None:
            menu.insertSeparator(first)
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802 - Qt's name
        menu = self.rule_menu(event.pos())
        menu.exec(event.globalPos())
        menu.deleteLater()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        super().mouseMoveEvent(event)
        if event.buttons() == Qt.MouseButton.NoButton:
            _, under = self.citations_at(event.position().toPoint())
            self.viewport().setCursor(Qt.CursorShape.PointingHandCursor if under
                                      else Qt.CursorShape.IBeamCursor)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        super().mouseReleaseEvent(event)
        if event.button() == Qt.MouseButton.LeftButton and not self.textCursor().hasSelection():
            _, under = self.citations_at(event.position().toPoint())
            if under is not None:
                self.look_up(under.text)


def cannot_open(parent: QWidget | None, title: str, path: object, exc: BaseException) -> None:
    """A message box for a file the window cannot open, whatever went wrong: the program's
    own input errors say the file, the place and what was expected; any other failure of
    loading (a file the checks missed) is said plainly, so the window never crashes on a
    file (issue 12)."""
    from PySide6.QtWidgets import QMessageBox

    from ambush_gui.core.errors import InputError, printable

    if isinstance(exc, InputError):  # the file named once, then its problems, one a line
        name = printable(exc.file, 200)
        lines = [line.removeprefix(f"{name}: ") for line in str(exc).splitlines()]
        text = "\n".join([f"{name}:", *(f"• {line}" for line in lines)])
    else:
        what = printable(f"{type(exc).__name__}: {exc}", 200)
        text = (f"{printable(path, 200)}: this file cannot be used; loading it failed "
                f"({what}). It may be damaged, or written for another program.")
    lines = text.splitlines()
    if len(lines) > theme.MESSAGE_BOX_LINES:  # a box taller than the screen hides its OK button
        more = len(lines) - theme.MESSAGE_BOX_LINES
        tail = f"… and {more} more (ambush-gui validate lists them all)"
        text = "\n".join([*lines[:theme.MESSAGE_BOX_LINES], tail])
    QMessageBox.warning(parent, title, text)


def ask_to_quit(parent: QWidget | None, title: str, text: str) -> bool:
    """Ask before a window with a game (or a campaign) in it closes: True to quit. Enter
    quits (the default button), Esc keeps playing; the buttons say what they do, not
    Yes and No."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=parent)
    quit_ = box.addButton("&Quit", QMessageBox.ButtonRole.AcceptRole)
    stay = box.addButton("&Keep playing", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(quit_)
    box.setEscapeButton(stay)
    box.exec()
    return box.clickedButton() is quit_


class _WheelGuard(QObject):
    """Keeps the mouse wheel from changing a number box or drop-down the pointer merely
    passes over while the designer scrolls a form: a spin box or combo box takes the wheel
    only once it has the keyboard focus (a click or Tab gives it); otherwise the wheel
    scrolls the form around it. Seen: scrolling the editor's Scenario tab silently set a
    side's body armor to 0."""

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if not isinstance(obj, (QAbstractSpinBox, QComboBox)):
            return False
        if event.type() == QEvent.Type.Polish:
            _no_wheel_focus(obj)  # else the wheel gives the box focus before this filter sees it
            return False
        if event.type() != QEvent.Type.Wheel:
            return False
        if obj.hasFocus():
            return False
        area = _scroll_area_of(obj)
        if area is not None:
            QCoreApplication.sendEvent(area.verticalScrollBar(), event)
        return True  # the box itself never turns


def _scroll_area_of(w: QWidget) -> QAbstractScrollArea | None:
    p = w.parentWidget()
    while p is not None and not isinstance(p, QAbstractScrollArea):
        p = p.parentWidget()
    return p


def install_wheel_guard() -> None:
    """Install the wheel guard on the running application, once (the editor and the game
    windows each call it; a second call does nothing)."""
    app = QCoreApplication.instance()
    if app is None or app.property("ambush_wheel_guard"):
        return
    guard = _WheelGuard(app)
    app.installEventFilter(guard)
    app.setProperty("ambush_wheel_guard", True)
    for w in QApplication.allWidgets():  # boxes made before the guard (later ones: at Polish)
        if isinstance(w, (QAbstractSpinBox, QComboBox)):
            _no_wheel_focus(w)


def _no_wheel_focus(w: QWidget) -> None:
    """Wheel focus would let the wheel focus a box and turn it in one go."""
    if w.focusPolicy() == Qt.FocusPolicy.WheelFocus:
        w.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
