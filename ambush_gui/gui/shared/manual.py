"""The manual (Help ▸ Manual, Shift+F1; the launcher's Manual button): the Markdown pages
of ``ambush_gui/manual/`` shown in a window of their own.

The pages are package data, found with :mod:`importlib.resources`, so the manual reads
the same from a clone, an installed wheel and the bundle. ``ambush_gui/manual/`` is the
one source; ``docs/manual`` in the clone is a link to it. A page links the project's
other documents as ``../../docs/...``, which resolves from both places in a clone; an
installed program has no ``docs/`` folder, and the window says where such a page lives.
"""

from __future__ import annotations

import importlib.resources
import os.path
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices, QKeySequence, QShortcut, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.gui.shared import theme

MANUAL_KEY = "Shift+F1"
MANUAL_TIP = "The manual: how to play each game, the rules options and how to design scenarios"


def manual_dir() -> Path:
    """The folder of the manual's pages (``index.md`` first)."""
    root = importlib.resources.files("ambush_gui") / "manual"
    return Path(str(root))


def resolve(page: Path, href: str) -> Path | None:
    """The file a link ``href`` in ``page`` points at (without its #anchor), or None for a
    link off the machine (http, mailto)."""
    url = QUrl(href)
    if url.scheme() not in ("", "file"):
        return None
    decoded = QUrl.ComponentFormattingOption.FullyDecoded
    path = url.toLocalFile() if url.scheme() == "file" else url.path(decoded)
    # ``..`` taken lexically: resolving the link docs/manual first would leave docs/
    return Path(path) if Path(path).is_absolute() else Path(os.path.normpath(page.parent / path))


class ManualWindow(QWidget):
    """The manual: a page at a time, with Back, Forward and Contents."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("manual")
        self.setWindowTitle("Manual — ambush-gui")
        self.root = manual_dir()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 8, 8, 8)
        row = QHBoxLayout()
        self.back = QPushButton("◀ &Back")
        self.back.setToolTip("The page read before (Alt+Left)")
        self.forward = QPushButton("&Forward ▶")
        self.forward.setToolTip("The page read after (Alt+Right)")
        self.home = QPushButton("&Contents")
        self.home.setToolTip("The manual's first page: what is in it (Alt+Home)")
        for b in (self.back, self.forward, self.home):
            row.addWidget(b)
        row.addStretch(1)
        lay.addLayout(row)
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)  # a link to docs/ or the web is ours to open
        self.browser.setSearchPaths([str(self.root)])
        self.browser.anchorClicked.connect(self.follow)
        self.browser.backwardAvailable.connect(self.back.setEnabled)
        self.browser.forwardAvailable.connect(self.forward.setEnabled)
        self.browser.sourceChanged.connect(self._shown)
        self.back.clicked.connect(self.browser.backward)
        self.forward.clicked.connect(self.browser.forward)
        self.home.clicked.connect(self.show_contents)
        lay.addWidget(self.browser, 1)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        lay.addWidget(self.note)
        QShortcut(QKeySequence("Alt+Home"), self, self.show_contents)
        QShortcut(QKeySequence("Alt+Left"), self, self.browser.backward)
        QShortcut(QKeySequence("Alt+Right"), self, self.browser.forward)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)
        self.back.setEnabled(False)
        self.forward.setEnabled(False)
        self.show_page("index.md")
        self.resize(960, 760)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.fit_pictures()

    def _shown(self, _url: QUrl) -> None:
        self.note.clear()
        self.fit_pictures()

    def fit_pictures(self) -> None:
        """Every picture no wider than the page: the screenshots are 1280 pixels wide and
        the window is narrower (Markdown cannot say a picture's width)."""
        doc = self.browser.document()
        room = self.browser.viewport().width() - 2 * doc.documentMargin() - 4
        block = doc.begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                fmt = fragment.charFormat()
                if fmt.isImageFormat():
                    image = fmt.toImageFormat()
                    picture = doc.resource(QTextDocument.ResourceType.ImageResource, QUrl(image.name()))
                    natural = getattr(picture, "width", lambda: 0)()
                    if natural > 0:
                        width = min(float(natural), max(room, 100.0))
                        image.setWidth(width)
                        image.setHeight(width * picture.height() / natural)
                        cursor = QTextCursor(doc)
                        cursor.setPosition(fragment.position())
                        cursor.setPosition(fragment.position() + fragment.length(),
                                           QTextCursor.MoveMode.KeepAnchor)
                        cursor.setCharFormat(image)
                it += 1
            block = block.next()
        # A picture resized after the page was laid out leaves the blocks after it laid
        # out for no height (seen under a real screen: the page's end could not be
        # scrolled to); lay the whole page out again.
        doc.markContentsDirty(0, doc.characterCount())

    @property
    def page(self) -> Path:
        """The file shown."""
        return Path(self.browser.source().toLocalFile())

    def show_contents(self) -> None:
        self.show_page("index.md")

    def show_page(self, name: str) -> None:
        """Show the page ``name`` of the manual (``playing-ambush.md``)."""
        self.browser.setSource(QUrl.fromLocalFile(str(self.root / name)))

    def follow(self, url: QUrl) -> None:
        """A clicked link: a page of the manual or a document of the clone is shown here,
        a web address goes to the browser; a document the installed program lacks is named."""
        if url.toString().startswith("#"):
            self.browser.scrollToAnchor(url.fragment())
            return
        target = resolve(self.page, url.toString())
        if target is None:
            QDesktopServices.openUrl(url)
        elif not target.exists():
            tail = Path(*target.parts[-2:])
            self.note.setText(f"{tail} comes with the program's source (the project's docs "
                              "folder), not with the installed program.")
        elif target.suffix in (".md", ".html", ".txt"):
            local = QUrl.fromLocalFile(str(target))
            local.setFragment(url.fragment())
            self.browser.setSource(local)
        else:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(target)))


_OPEN: list[ManualWindow] = []


def open_manual(page: str | None = None) -> ManualWindow:
    """Show the manual, on ``page`` if given: one window for the whole program, owned by
    none, so it stays open when the launcher or a game window closes."""
    if not _OPEN:
        _OPEN.append(ManualWindow())
        _OPEN[0].destroyed.connect(lambda *_: _OPEN.clear())
        _OPEN[0].setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    win = _OPEN[0]
    if page:
        win.show_page(page)
    win.show()
    win.raise_()
    win.activateWindow()
    return win


def show_about(parent: Any, more: str = "") -> None:
    """Help ▸ About: the program, its version (the one a player quotes) and ``more``."""
    from PySide6.QtWidgets import QMessageBox

    from ambush_gui import release

    QMessageBox.about(parent, "About ambush-gui",
                      f"<b>{release.titled()}</b><br>Ambush Alley, Force on Force and Ambush! on "
                      "your computer, every rule enforced and every die shown." + more)


def about_action(owner: Any) -> Any:
    """Help ▸ About for a window with no game of its own (the editor, the campaign)."""
    from PySide6.QtGui import QAction

    a = QAction("&About", owner)
    a.setStatusTip("The program's version")
    a.triggered.connect(lambda: show_about(owner))
    return a


def manual_action(owner: Any) -> Any:
    """Help ▸ Manual (Shift+F1) for ``owner``'s Help menu."""
    from PySide6.QtGui import QAction

    a = QAction("&Manual", owner)
    a.setShortcut(QKeySequence(MANUAL_KEY))
    a.setStatusTip(MANUAL_TIP)
    a.setToolTip(f"{MANUAL_TIP} ({MANUAL_KEY})")
    a.triggered.connect(lambda: open_manual())
    return a
