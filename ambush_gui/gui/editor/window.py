"""The scenario editor's window: one document, its page, live checking, play and simulate.

An :class:`EditorWindow` hosts one :class:`~ambush_gui.gui.editor.document.EditorDocument`
and the page that edits it: the free-measure table page for Ambush Alley scenarios
(``table_page.TablePage``) or the hex mission page for Ambush! missions
(``mission_page.MissionPage``). Everything around the page is the same for both:

* **File**: new table scenario or hex mission (asked for their size and title) or
  Ambush! campaign (``campaign.page.CampaignPage``), open any scenario, mission or
  campaign (the shipped ones in a submenu), save (drafts that do not
  validate yet are saved too), save as, close and quit with an unsaved-changes prompt.
* **Edit**: undo and redo of every edit (the document's ``QUndoStack``), with the
  history in a dock.
* **Problems** dock: the engine's own loader checks the document 150 ms after each
  edit; each problem names its place, and clicking it shows that place on the page.
* **Scenario**: *Play from here* (F5) opens a game of the edited scenario through the
  session that opens every game, in a window of its own at the screen's size, whose File ▸
  Back to the editor (Ctrl+Shift+E) closes it and brings the editor up (a campaign is
  played from the mission selected in its list, with a fresh squad in a scratch progress
  file, never the player's own); *Simulate*
  (Ctrl+R) plays computer games, charts the balance and says whether it is in band (and if
  not, what in the file to change: :mod:`ambush_gui.ai.balance`). Both refuse an invalid scenario
  and say exactly what is wrong.
* **No lost work**: while the document has unsaved changes a recovery copy sits in the
  data folder, rewritten shortly after each edit; the next editor offers to restore it.
"""

from __future__ import annotations

import os
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QDateTime, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence, QScreen, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QToolBar,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from ambush_gui import systems
from ambush_gui.core.errors import Describe, InputError, ScenarioError, printable
from ambush_gui.core.files import atomic_write, read_data
from ambush_gui.gui.editor.document import EditorDocument, dump, parse_path
from ambush_gui.gui.shared import art, paths, theme
from ambush_gui.gui.shared.manual import about_action, manual_action
from ambush_gui.gui.shared.paths import user_scenarios_dir
from ambush_gui.gui.shared.widgets import cannot_open, install_wheel_guard

CHECK_DELAY_MS = 150  # validation after the last edit: live, but not on every keystroke
RECOVERY_DELAY_MS = 800  # the recovery copy after the last edit
SYSTEM_NAMES = {"alley": "Ambush Alley scenario", "ambush": "Ambush! mission",
                "campaign": "Ambush! campaign"}
SEAT_CHOICES = [  # Ambush Alley: who plays which side in "Play from here"
    ("hotseat", "Hot-seat: two players at this computer"),
    ("regular", "Play the Regulars against the computer"),
    ("insurgent", "Play the Insurgents against the computer"),
]


def page_class(system: str) -> type[Any]:
    """The page that edits a document of ``system`` ("campaign" for an Ambush! campaign:
    :func:`editor_key`), imported when first needed."""
    if system == "campaign":
        from ambush_gui.gui.editor.campaign.page import CampaignPage

        return CampaignPage
    if system == "ambush":
        from ambush_gui.gui.editor.hexmap.page import MissionPage

        return MissionPage
    from ambush_gui.gui.editor.table.page import TablePage

    return TablePage


def editor_key(doc: EditorDocument) -> str:
    """What the editor calls the kind of document: its rule system ("alley", "ambush"), or
    "campaign" for an Ambush! campaign (a page, a New entry and a name of its own)."""
    return "campaign" if doc.kind == "campaign" else doc.system


def new_data(system: str, size: tuple[float, float], title: str) -> dict[str, Any]:
    """A fresh document's data from its page module: a table of ``size`` inches, a hex map
    of ``size`` columns and rows, or a campaign ("campaign": no size)."""
    if system == "campaign":
        from ambush_gui.gui.editor.campaign.page import new_campaign_data

        return new_campaign_data(title)
    if system == "ambush":
        from ambush_gui.gui.editor.hexmap.page import new_mission_data

        return new_mission_data(int(size[0]), int(size[1]), title)
    from ambush_gui.gui.editor.table.page import new_table_data

    return new_table_data(float(size[0]), float(size[1]), title)


def recovery_dir() -> Path:
    p = paths.data_dir() / "editor-recovery"
    p.mkdir(parents=True, exist_ok=True)
    return p


def recovery_files() -> list[Path]:
    """The recovery copies nobody is keeping up to date, newest first: those of windows
    gone without closing (a crash), never those of another editor still running."""
    out = []
    for p in recovery_dir().glob("*.toml"):
        owner = p.stem.partition("-")[0]
        if owner.isdigit() and int(owner) != os.getpid() and _running(int(owner)):
            continue
        out.append(p)
    return sorted(out, key=lambda p: p.stat().st_mtime, reverse=True)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return False
    except OSError:  # it exists but belongs to someone else
        return True
    return True


def is_shipped(path: Path | None) -> bool:
    """A file that came with the program (saving over it is refused: Save as instead)."""
    folders = (systems.SCENARIO_DIR.resolve(), (systems.SCENARIO_DIR / "campaigns").resolve())
    return path is not None and path.resolve().parent in folders


def what_it_is(system: str, kind: str = "", modules: tuple[str, ...] = ()) -> str:
    """A file's kind in the launcher's words: "Force on Force scenario" for a table
    scenario with a module on (the editor said "Ambush Alley scenario" of The Orchard
    Battery, which the launcher's card calls Force on Force: a play-test)."""
    if kind == "campaign":
        return SYSTEM_NAMES["campaign"]
    if system == "alley" and modules:
        return "Force on Force scenario"
    return SYSTEM_NAMES.get(system, SYSTEM_NAMES["alley"])


def shipped_files() -> list[tuple[str, str, Path]]:
    """(title, what it is, path) of every file that comes with the program: the scenarios
    and missions, then the campaigns."""
    return [(s.title, what_it_is(s.system, s.kind, s.modules), s.path)
            for s in systems.shipped(campaigns=True)]


def own_files(limit: int = 8) -> list[tuple[str, str, Path]]:
    """(title, what it is, path) of the designer's own files in the editor's folder, the
    last changed first; a file that does not read is listed by its name (the editor says
    what is wrong with it when it is opened)."""
    files = sorted(user_scenarios_dir().glob("*.toml"), key=lambda p: p.stat().st_mtime, reverse=True)
    out = []
    for p in files[:limit]:
        try:
            data = read_data(p, ScenarioError)
        except InputError:
            out.append((p.stem, "cannot be read yet", p))
            continue
        mods = data.get("modules") or ()
        title = data.get("title")
        out.append((printable(title if isinstance(title, str) and title.strip() else p.stem, 60),
                    what_it_is(str(data.get("system", "alley")), str(data.get("kind", "")),
                               tuple(mods) if isinstance(mods, list | dict) else ()), p))
    return out


def loader_error(doc: EditorDocument) -> InputError | None:
    """What the game's loader says is wrong with ``doc`` (``validate``'s words), or None."""
    try:
        doc.scenario()
    except InputError as exc:
        return exc
    return None


class ProblemList(QWidget):
    """The Problems dock: a count, then one line per problem; emits ``chosen(path)`` when
    one is clicked or activated with Enter."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.setToolTip("Click a problem (or select it and press Enter) to show its place")
        self.list.itemClicked.connect(self._chosen)
        self.list.itemActivated.connect(self._chosen)
        lay.addWidget(self.header)
        lay.addWidget(self.list, 1)
        self.problems: list[tuple[str, str]] = []
        self.show_problems(None)

    def show_problems(self, problems: list[tuple[str, str]] | None,
                      warnings: list[tuple[str, str]] | None = None,
                      describe: Describe | None = None) -> None:
        """Show ``problems`` ([] = none; None = no document), then ``warnings`` (doubtful but
        playable), each place said by ``describe`` when given (the designer's words)."""
        self.problems = list(problems or [])
        self.warnings = list(warnings or [])
        self.list.clear()
        if problems is None:
            self.header.setText("Open or create a scenario to check it.")
            return
        n, w = len(problems), len(self.warnings)
        warned = f"{w} warning{'s' if w != 1 else ''}"
        if not problems and w:  # "ready to play" in green over "every game will end in a
            # draw" read as a contradiction to a new designer (a play-test): it plays, but look
            ok, warn = theme.LEGAL.name(), theme.WARNING.name()
            self.header.setText(f"<b style='color:{ok}'>No problems: it plays.</b> "
                                f"<b style='color:{warn}'>{warned}</b>: read "
                                f"{'them' if w != 1 else 'it'} before you share it.")
        elif not problems:
            ok = theme.LEGAL.name()
            self.header.setText(f"<b style='color:{ok}'>No problems: ready to play.</b>")
        else:
            bad = theme.ILLEGAL.name()
            self.header.setText(f"<b style='color:{bad}'>{n} problem{'s' if n != 1 else ''}</b>: "
                                "it can be saved as a draft but not played until they are fixed.")
        for kind, entries in (("problem", self.problems), ("warning", self.warnings)):
            for path, what in entries:
                place, said = describe(path, what) if describe is not None else (path, what)
                place = place or "the whole file"
                item = QListWidgetItem(f"{'⚠ warning: ' if kind == 'warning' else ''}{place}: {said}")
                item.setData(Qt.ItemDataRole.UserRole, path)
                item.setData(Qt.ItemDataRole.UserRole + 1, kind)
                if kind == "warning":
                    item.setForeground(theme.WARNING)
                where = f" ({path})" if path and path != place else ""
                item.setToolTip(f"{kind.capitalize()}: {place}{where}\n{said}\n\nClick to show this place")
                self.list.addItem(item)

    def _chosen(self, item: QListWidgetItem) -> None:
        self.chosen.emit(str(item.data(Qt.ItemDataRole.UserRole)))


class NewDocumentDialog(QDialog):
    """The size and title of a new table scenario (inches) or hex mission (hexes), or the
    title of a new campaign ("campaign": no size)."""

    def __init__(self, system: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.system = system
        table = system == "alley"
        self.setWindowTitle(f"New {SYSTEM_NAMES[system].removeprefix('Ambush! ').lower()}" if not table
                            else "New table scenario")
        self.setMinimumWidth(360)
        form = QFormLayout(self)
        self.title = QLineEdit({"alley": "New scenario", "ambush": "New mission"}.get(system, "New campaign"))
        self.title.setToolTip("The title players see in the launcher and the window")
        self.title.selectAll()
        form.addRow("&Title", self.title)
        self.across: QSpinBox | QDoubleSpinBox
        self.down: QSpinBox | QDoubleSpinBox
        if system == "campaign":  # its missions have the maps: nothing to size
            self.across, self.down = QSpinBox(), QSpinBox()
        elif table:
            self.across, self.down = QDoubleSpinBox(), QDoubleSpinBox()
            for box, value in ((self.across, 24.0), (self.down, 24.0)):
                box.setRange(6.0, 120.0)
                box.setDecimals(1)
                box.setSuffix('"')
                box.setValue(value)
            self.across.setToolTip("The table's width in inches (west to east)")
            self.down.setToolTip("The table's depth in inches (south to north)")
            form.addRow("&Width", self.across)
            form.addRow("&Depth", self.down)
        else:
            self.across, self.down = QSpinBox(), QSpinBox()
            for hexes, value in ((self.across, 10), (self.down, 8)):
                hexes.setRange(2, 60)
                hexes.setValue(value)
            self.across.setToolTip("How many hex columns the map has (west to east)")
            self.down.setToolTip("How many hexes each column has (north to south)")
            form.addRow("&Columns", self.across)
            form.addRow("&Rows", self.down)
        ok_cancel = QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        buttons = QDialogButtonBox(ok_cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> tuple[tuple[float, float], str]:
        return (self.across.value(), self.down.value()), self.title.text().strip() or "Untitled"


class _TwinAction(QAction):
    """Triggers ``full`` and follows its enabled state; its tooltip names what it would do."""

    def __init__(self, text: str, full: QAction, parent: QWidget) -> None:
        super().__init__(text, parent)
        self.verb = text
        self.triggered.connect(full.trigger)
        self.setEnabled(full.isEnabled())
        full.enabledChanged.connect(self.setEnabled)

    def show_what(self, what: str) -> None:
        self.setToolTip(f"{self.verb} {what.lower()}" if what else f"Nothing to {self.verb.lower()}")
        self.setStatusTip(self.toolTip())


def editor_size(screen: QScreen | None) -> tuple[int, int]:
    """1440x900, or the whole screen when it is smaller: at 1280x800 the window opened
    larger than the screen, its toolbar's right end and the Problems list off the edge."""
    if screen is None:
        return 1440, 900
    avail = screen.availableGeometry()
    return min(1440, avail.width()), min(900, avail.height())


class EditorWindow(QMainWindow):
    """The editor of one scenario or mission (``doc``), or an empty editor to start from.

    The window owns its document: it is deleted when another replaces it (New, Open)."""

    documentReplaced = Signal()  # a new document (new, open, restore) is in the window

    def __init__(self, doc: EditorDocument | None = None, parent: QWidget | None = None,
                 session: Any = None) -> None:
        super().__init__(parent)
        self.setWindowIcon(art.icon())
        install_wheel_guard()  # scrolling a form never turns the boxes under the pointer
        self.session = session
        self.back_to_launcher: Callable[[], object] | None = None  # opened from the launcher
        self._closing_by_hand = False
        self.doc: EditorDocument | None = None
        self.page: Any = None
        self.campaign_trial: QWidget | None = None
        self.sim_dialog: Any = None
        # named by this process, so another editor running at the same time leaves it alone
        self.recovery_path = recovery_dir() / f"{os.getpid()}-{uuid.uuid4().hex}.toml"
        self._check_timer = QTimer(self, singleShot=True, interval=CHECK_DELAY_MS)
        self._check_timer.timeout.connect(self.check)
        self._recovery_timer = QTimer(self, singleShot=True, interval=RECOVERY_DELAY_MS)
        self._recovery_timer.timeout.connect(self.write_recovery)
        self._undo_actions: list[QAction] = []
        self._build()
        self.set_document(doc)
        self.resize(*editor_size(self.screen() or QGuiApplication.primaryScreen()))

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        """On the first show, give the docks a share of the screen the window got: a third
        less on a 1280-pixel screen, so the map and the page keep their room."""
        super().showEvent(event)
        if not self._sized:
            self._sized = True
            width = max(230, min(330, self.width() // 5))
            self.resizeDocks([self.problems_dock], [width], Qt.Orientation.Horizontal)

    # -- building -----------------------------------------------------------------------------
    def _build(self) -> None:
        self._sized = False
        self.problem_list = ProblemList()
        self.problem_list.chosen.connect(self.focus_problem)
        self.problems_dock = self._dock("Problems", self.problem_list, "problems")
        self.undo_view = QUndoView()
        self.undo_view.setEmptyLabel("(as opened)")
        self.undo_view.setToolTip("Every edit, oldest first: click one to go back to it")
        self.history_dock = self._dock("Undo history", self.undo_view, "history")
        self.resizeDocks([self.problems_dock, self.history_dock], [520, 300], Qt.Orientation.Vertical)
        self.resizeDocks([self.problems_dock], [330], Qt.Orientation.Horizontal)
        self.main_bar = QToolBar("Scenario")
        self.main_bar.setObjectName("toolbar-main")
        self.addToolBar(self.main_bar)
        self.view_bar = QToolBar("View and edit")  # the page's Grid, Snap, Turn, Delete, Fit
        self.view_bar.setObjectName("toolbar-view")
        self.addToolBar(self.view_bar)
        # the page's drawing tools on a row of their own: all on one row, at 1280x800 the
        # Escort, Aid station and zone tools fell into the overflow menu, out of sight
        self.addToolBarBreak()
        self.page_bar = QToolBar("Page tools")
        self.page_bar.setObjectName("toolbar-page")
        self.addToolBar(self.page_bar)
        self._menus()
        self.welcome = self._welcome()
        self.stack = QStackedWidget()  # the welcome page, or the document's page
        self.stack.addWidget(self.welcome)
        self.setCentralWidget(self.stack)
        self.statusBar().showMessage("Ready")

    def _dock(self, title: str, widget: QWidget, name: str) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{name}")
        dock.setMinimumWidth(260)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        return dock

    def _menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        self._act(file, "New &table scenario…", QKeySequence.StandardKey.New,
                  lambda: self.new_document("alley"),
                  "Start an Ambush Alley scenario on an empty table of the size you give")
        self._act(file, "New &hex mission…", QKeySequence("Ctrl+Shift+N"),
                  lambda: self.new_document("ambush"),
                  "Start an Ambush! mission on an empty hex map of the size you give")
        self._act(file, "New &campaign…", QKeySequence("Ctrl+Alt+N"),
                  lambda: self.new_document("campaign"),
                  "Start an Ambush! campaign: missions in order, a squad that lives from one to the next")
        self._act(file, "&Open…", QKeySequence.StandardKey.Open, self.open_file,
                  "Open a scenario, mission or campaign file (.toml)")
        shipped = file.addMenu("Open &shipped")
        shipped.setToolTipsVisible(True)
        for title, what, path in shipped_files():
            a = shipped.addAction(f"{title} ({what})")
            a.setStatusTip(f"Open {path.name}, which comes with the program "
                           "(save your changes under a new name)")
            a.triggered.connect(lambda _=False, p=path: self.open_path(p))
        file.addSeparator()
        self.save_action = self._act(file, "&Save", QKeySequence.StandardKey.Save, self.save,
                                     "Save to the file (a draft with problems is saved too)")
        self.save_as_action = self._act(file, "Save &as…", QKeySequence.StandardKey.SaveAs, self.save_as,
                                        "Save under a new file name")
        file.addSeparator()
        self.close_action = self._act(file, "&Close", QKeySequence.StandardKey.Close, self.close_window,
                                      "Close this editor window (asks about unsaved changes) "
                                      "and go back to the launcher")
        self.close_action.setShortcuts(QKeySequence.StandardKey.Close)  # Ctrl+W and Ctrl+F4 alike
        self._act(file, "&Quit", QKeySequence.StandardKey.Quit, self.quit,
                  "Close every window (asks about unsaved changes)")
        self.edit_menu = bar.addMenu("&Edit")
        self._edit_end = self.edit_menu.addSeparator()
        history = self.history_dock.toggleViewAction()
        history.setText("Undo &history")
        history.setStatusTip("Show or hide the list of every edit")
        self.edit_menu.addAction(history)
        problems = self.problems_dock.toggleViewAction()
        problems.setText("&Problems")
        problems.setStatusTip("Show or hide the list of problems")
        self.edit_menu.addAction(problems)
        view = bar.addMenu("&View")
        self.fit_action = self._act(view, "&Fit", QKeySequence("F"), self.fit,
                                    "Fit the whole table or map in view")
        scenario = bar.addMenu("&Scenario")
        self.check_action = self._act(scenario, "&Check now", QKeySequence("Ctrl+K"), self.check_now,
                                      "Check the scenario now and list every problem")
        self.play_action = self._act(scenario, "&Play from here", QKeySequence("F5"), self.play_from_here,
                                     "Start a game of the scenario as it stands (it must have no problems)")
        self.simulate_action = self._act(scenario, "Si&mulate…", QKeySequence("Ctrl+R"), self.simulate,
                                         "Play many computer games to see who wins, the victory points, "
                                         "how long games last and whether the scenario is balanced")
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(manual_action(self))
        help_menu.addAction(about_action(self))
        for a in (self.check_action, self.play_action, self.simulate_action):
            self.main_bar.addAction(a)
        self.doc_actions = [self.save_action, self.save_as_action, self.fit_action, self.check_action,
                            self.play_action, self.simulate_action]

    def _act(self, menu: Any, text: str, key: Any, slot: Any, tip: str) -> QAction:
        a = QAction(text, self)
        if key is not None:
            a.setShortcut(QKeySequence(key) if not isinstance(key, QKeySequence) else key)
        a.setStatusTip(tip)
        a.setToolTip(f"{tip} ({a.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})"
                     if key is not None else tip)
        a.triggered.connect(slot)
        menu.addAction(a)
        return a

    def _welcome(self) -> QWidget:
        """The empty editor: what it is for, New and Open, and the shipped scenarios."""
        w = QWidget()
        outer = QVBoxLayout(w)
        outer.addStretch(1)
        card = QWidget()
        card.setFixedWidth(660)
        lay = QVBoxLayout(card)
        head = QLabel("Scenario editor")
        head.setFont(theme.label_font(18, True))
        text = QLabel("Build an Ambush Alley scenario on a free-measure table, an Ambush! mission on "
                      "a hex map, or a campaign of Ambush! missions. Every edit can be undone, the "
                      "Problems list checks the scenario as you work, and Play from here (F5) starts "
                      "a game of it at once.")
        text.setWordWrap(True)
        lay.addWidget(head)
        lay.addWidget(text)
        row = QHBoxLayout()
        for label, slot, tip in (
                ("New &table scenario…", lambda: self.new_document("alley"), "An empty free-measure table"),
                ("New &hex mission…", lambda: self.new_document("ambush"), "An empty hex map"),
                ("New &campaign…", lambda: self.new_document("campaign"), "Ambush! missions in order"),
                ("&Open…", self.open_file, "A scenario or mission file")):
            b = QPushButton(label)
            b.setToolTip(tip)
            b.clicked.connect(slot)
            row.addWidget(b)
        row.addStretch(1)
        lay.addLayout(row)
        lay.addSpacing(12)
        own = own_files()
        if own:
            lay.addWidget(QLabel(f"Or open one of yours (in {user_scenarios_dir()}):"))

        def file_button(text: str, tip: str, path: Path) -> None:
            b = QPushButton(text)
            b.setFlat(True)
            b.setStyleSheet("text-align: left; padding: 3px 6px;")
            b.setToolTip(tip)
            b.clicked.connect(lambda _=False, p=path: self.open_path(p))
            lay.addWidget(b)

        for title, what, path in own:
            file_button(f"{title}  ({what}, {path.name})", f"Open {path}", path)
        if own:
            lay.addSpacing(12)
        lay.addWidget(QLabel("Or start from one that comes with the program:"))
        for title, what, path in shipped_files():
            file_button(f"{title}  ({what})", f"Open {path.name} (save your changes under a new name)", path)
        middle = QHBoxLayout()  # centred by stretches: an aligned item would not get the height
        middle.addStretch(1)    # its wrapped text needs
        middle.addWidget(card)
        middle.addStretch(1)
        outer.addLayout(middle)
        outer.addStretch(2)
        return w

    # -- the document -------------------------------------------------------------------------
    def set_document(self, doc: EditorDocument | None) -> None:
        """Show ``doc`` (None: the empty editor) with its page, undo actions and checks. The
        page is built first: a draft it cannot show raises before anything changes."""
        page: Any = None
        if doc is not None:
            doc.setParent(self)
            try:
                page = page_class(editor_key(doc))(doc, self)
            except BaseException:
                doc.setParent(None)
                raise
        if self.doc is not None:
            self.doc.changed.disconnect(self._on_changed)
            self.doc.undo_stack.cleanChanged.disconnect(self._on_clean_changed)
            self.doc.fileChanged.disconnect(self._update_title)
            self.undo_view.setStack(None)  # type: ignore[arg-type]
            self.doc.deleteLater()
        self._drop_recovery()
        if self.page is not None:
            self.stack.removeWidget(self.page)
            self.page.deleteLater()
            self.page = None
        self.page_bar.clear()
        self.view_bar.clear()
        self.doc = doc
        for a in self._undo_actions:
            self.edit_menu.removeAction(a)
            self.main_bar.removeAction(a)
            a.deleteLater()
        self._undo_actions = []
        self.undo_action: QAction | None = None
        self.redo_action: QAction | None = None
        if doc is None:
            self.stack.setCurrentWidget(self.welcome)
            self.undo_view.setStack(None)  # type: ignore[arg-type]
        else:
            self.page = page
            self.stack.addWidget(self.page)
            self.stack.setCurrentWidget(self.page)
            acts = self.page.toolbar_actions()  # the tools, then (after a separator) the rest
            cut = next((i for i, a in enumerate(acts) if a.isSeparator()), len(acts))
            for a in acts[:cut]:
                self.page_bar.addAction(a)
            for a in acts[cut + 1:]:
                self.view_bar.addAction(a)
            undo = doc.undo_stack.createUndoAction(self, "&Undo")
            undo.setShortcut(QKeySequence.StandardKey.Undo)
            undo.setStatusTip("Take back the last edit")
            redo = doc.undo_stack.createRedoAction(self, "&Redo")
            redo.setShortcut(QKeySequence.StandardKey.Redo)
            redo.setStatusTip("Make the last edit taken back again")
            self.undo_action, self.redo_action = undo, redo
            self.edit_menu.insertActions(self._edit_end, [undo, redo])
            stack = doc.undo_stack
            tools = [self._short(undo, "Undo", stack.undoText(), stack.undoTextChanged),
                     self._short(redo, "Redo", stack.redoText(), stack.redoTextChanged)]
            first = self.main_bar.actions()[0] if self.main_bar.actions() else None
            self.main_bar.insertActions(first, tools)  # type: ignore[arg-type]
            self._undo_actions = [undo, redo, *tools]
            self.undo_view.setStack(doc.undo_stack)
            doc.changed.connect(self._on_changed)
            doc.undo_stack.cleanChanged.connect(self._on_clean_changed)
            doc.fileChanged.connect(self._update_title)
            QTimer.singleShot(0, self.fit)
        for a in self.doc_actions:
            a.setEnabled(doc is not None)
        campaign = doc is not None and doc.kind == "campaign"
        tip = ("Play the campaign from the mission selected in its list: a fresh squad (the "
               "starting roster and recruits), kept in a scratch file, never with your own "
               "campaigns (it must have no problems)" if campaign else
               "Start a game of the scenario as it stands (it must have no problems)")
        self.play_action.setStatusTip(tip)
        self.play_action.setToolTip(f"{tip} (F5)")
        self.problems_dock.setVisible(True)
        self.check()
        self._update_title()
        self.documentReplaced.emit()

    def _short(self, full: QAction, text: str, now: str, text_changed: Any) -> QAction:
        """A toolbar twin of the menu's undo or redo action with a short, steady label (the
        menu's says what it undoes, which would make the toolbar jump); the tooltip says it."""
        a = _TwinAction(text, full, self)
        a.show_what(now)
        text_changed.connect(a.show_what)
        return a

    def _update_title(self) -> None:
        if self.doc is None:
            self.setWindowTitle("Scenario editor — ambush-gui")
            self.setWindowModified(False)
            return
        name = self.doc.path.name if self.doc.path is not None else "unsaved"
        self.setWindowTitle(f"{name}[*] — {self.doc.title} — scenario editor")
        self.setWindowModified(self.doc.is_dirty())

    def _on_changed(self, _path: object) -> None:
        self._check_timer.start()
        self._recovery_timer.start()
        self._update_title()  # the title may be what changed

    def _on_clean_changed(self, _clean: bool) -> None:
        self._update_title()
        self._recovery_timer.start()

    def fit(self) -> None:
        if self.page is not None:
            self.page.fit()

    # -- checking -----------------------------------------------------------------------------
    def check(self) -> list[tuple[str, str]]:
        """Run the engine's checks now and show the result in the Problems dock."""
        self._check_timer.stop()
        if self.doc is None:
            self.problem_list.show_problems(None)
            return []
        problems = self.doc.problems()
        self.problem_list.show_problems(problems, self.doc.warnings(), self.doc.describe)
        return problems

    def finish_typing(self) -> None:
        """Put in what is being typed in a field: a field hands its words to the document only
        when it is left (Tab, Enter or a click elsewhere), and the menu's keys and the tool
        bar's buttons do not take the keyboard from it. Without this, Close went without
        asking and dropped the words, Save wrote the file without them, and Play from here
        and Simulate played the scenario as it stood before them."""
        field = self.focusWidget()
        if field is not None and field.hasFocus():
            field.clearFocus()  # its focus-out commits it, as Tab would

    def check_now(self) -> None:
        self.finish_typing()
        problems = self.check()
        self.problems_dock.show()
        n = len(problems)
        w = len(self.problem_list.warnings)
        self.statusBar().showMessage(
            f"{n} problem{'s' if n != 1 else ''}: see the Problems list" if n
            else f"No problems: it plays; {w} warning{'s' if w != 1 else ''} in the Problems list"
            if w else "No problems: ready to play", 6000)

    def focus_problem(self, path: str) -> bool:
        """Show the place a problem names on the page; says so when it cannot be found."""
        if self.page is None:
            return False
        found = bool(self.page.focus_path(parse_path(path)))
        what = next((w for p, w in [*self.problem_list.problems, *self.problem_list.warnings]
                     if p == path), "")
        where, what = self.doc.describe(path, what) if self.doc is not None else (path, what)
        where = where or "the whole file"
        if found:
            self.statusBar().showMessage(f"{where}: {what}" if what else where, 8000)
        else:
            self.statusBar().showMessage(f"{where}: this place is not shown on the page", 8000)
        return found

    def _refuse_if_invalid(self, doing: str) -> bool:
        """True (after saying exactly what is wrong) when the scenario has problems."""
        if self.doc is None:
            return True
        self.finish_typing()
        problems = self.check()
        if not problems:
            return False
        self.problems_dock.show()
        self.focus_problem(problems[0][0])
        n = len(problems)
        said = [self.doc.describe(p, w) for p, w in problems[:20]]
        lines = "\n".join(f"• {p or 'the whole file'}: {w}" for p, w in said)
        more = f"\n…and {n - 20} more in the Problems list." if n > 20 else ""
        QMessageBox.warning(self, f"Cannot {doing} yet",
                            f"The scenario has {n} problem{'s' if n != 1 else ''} to fix before you "
                            f"can {doing}:\n\n{lines}{more}")
        return True

    # -- play and simulate --------------------------------------------------------------------
    def choose_seat(self, system: str) -> str | None:
        """Who plays which side (None: cancelled). Ambush! is always solo against the
        paragraphs, so there is nothing to ask."""
        if system != "alley":
            return "solo"
        texts = [text for _, text in SEAT_CHOICES]
        text, ok = QInputDialog.getItem(self, "Play from here", "Who plays?", texts, 0, False)
        if not ok:
            return None
        return next(key for key, t in SEAT_CHOICES if t == text)

    def play_from_here(self) -> QWidget | None:
        """A game of the scenario as it stands, in a new game window (fresh dice)."""
        if self._refuse_if_invalid("play it"):
            return None
        assert self.doc is not None
        try:
            scenario = self.doc.scenario()
        except InputError as exc:  # problems() said it loads: this would be a program fault
            QMessageBox.warning(self, "Cannot play it", str(exc))
            return None
        if self.doc.kind == "campaign":
            return self.try_campaign(scenario)
        mode = self.choose_seat(self.doc.system)
        if mode is None:
            return None
        if self.session is None:
            from ambush_gui.gui.app import Session

            self.session = Session()
        seed = time.time_ns() // 1000 % 1_000_000
        win = self.session.play(scenario, mode, seed, editor=self)
        self.statusBar().showMessage(f"Playing {self.doc.title} (seed {seed}) in its own window; its "
                                     "File menu (Ctrl+Shift+E) brings you back here", 8000)
        return win

    def try_campaign(self, campaign: Any) -> QWidget:
        """The campaign as it stands, from the step selected on its page (else its first):
        a new progress with the starting roster and its recruits, saved in a scratch folder
        of its own, so the player's campaigns under way are never touched."""
        from ambush_gui.ambush.campaign import Progress
        from ambush_gui.gui.campaign.window import CampaignWindow, place
        from ambush_gui.gui.editor.campaign.page import CampaignPage

        row = self.page.steps.list.currentRow() if isinstance(self.page, CampaignPage) else -1
        step = campaign.steps[row] if 0 <= row < len(campaign.steps) else campaign.steps[0]
        seed = time.time_ns() // 1000 % 1_000_000
        progress = Progress.new(campaign, seed, start_at=step.id)
        folder = Path(tempfile.mkdtemp(prefix="ambush-gui-campaign-try-"))
        progress.save(folder / f"{paths.safe_stem(campaign.name)}.json")
        win = CampaignWindow(progress)
        win.setWindowTitle(f"{win.windowTitle()} (tried from the editor: not saved with your "
                           "campaigns)")
        place(win)
        win.show()
        self.campaign_trial = win
        where = step.title or step.id
        self.statusBar().showMessage(f"Playing {self.doc.title if self.doc else ''} from mission "
                                     f"{step.index + 1} ({where}) in its own window; the trial is "
                                     f"kept in {folder}", 10000)
        return win

    def simulate(self) -> QWidget | None:
        """The Simulate dialog on the scenario as it stands."""
        if self._refuse_if_invalid("simulate it"):
            return None
        assert self.doc is not None
        from ambush_gui.gui.editor.simulate import SimulateDialog

        if self.sim_dialog is not None:
            self.sim_dialog.close()
            self.sim_dialog.deleteLater()
        if self.doc.kind == "campaign":  # whole campaigns, reported per mission
            from ambush_gui.gui.editor.campaign.simulate import CampaignSimulateDialog

            self.sim_dialog = CampaignSimulateDialog(self.doc.scenario(), self, current=self._scenario_now)
        else:
            self._simulated_text = dump(self.doc.data)
            self.sim_dialog = SimulateDialog(self.doc.scenario(), self, current=self._scenario_now)
            self.sim_dialog.simulated.connect(self._simulated)
        self.sim_dialog.show()
        return self.sim_dialog

    _simulated_text = ""  # the file as the running Simulate plays it (as it would be saved)

    def _scenario_now(self) -> Any:
        """The scenario as it stands, for another Simulate run (None, after saying what is
        wrong, when it has problems now)."""
        if self._refuse_if_invalid("simulate it"):
            return None
        assert self.doc is not None
        self._simulated_text = dump(self.doc.data)
        return self.doc.scenario()

    def _simulated(self, report: Any) -> None:
        """A Simulate run ended: its balance is kept for the launcher's card of the file,
        which shows it while the file is saved as it was simulated. A run stopped early is
        not: its few games are no measure of the scenario."""
        from ambush_gui.gui.launcher_cards import remember_balance

        games = int(getattr(report, "games", 0) or 0)
        if getattr(report, "partial", False):
            self.statusBar().showMessage(
                f"Simulate was stopped after {games} of {report.asked} games: a partial run is not "
                "kept as the file's balance for the launcher's card (run it to the end for that)", 10000)
            return
        if self._simulated_text and games:
            remember_balance(self._simulated_text, games, dict(report.wins))

    # -- files --------------------------------------------------------------------------------
    def new_document(self, system: str) -> bool:
        if not self.maybe_save():
            return False
        dlg = NewDocumentDialog(system, self)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return False
        size, title = dlg.values()
        self.set_document(EditorDocument(new_data(system, size, title)))
        self.statusBar().showMessage(f"A new {SYSTEM_NAMES[system]}: the Problems list says what it "
                                     "still needs before it can be played", 10000)
        return True

    def open_file(self) -> None:
        start = self.doc.path.parent if self.doc is not None and self.doc.path else user_scenarios_dir()
        name, _ = QFileDialog.getOpenFileName(self, "Open a scenario, mission or campaign", str(start),
                                              "Scenarios, missions and campaigns (*.toml);;All files (*)")
        if name:
            self.open_path(Path(name))

    def open_path(self, path: str | Path) -> bool:
        """Open a scenario or mission file in this window (after asking about unsaved
        changes); a file that cannot be read is reported with its place, and nothing changes."""
        if not self.maybe_save():
            return False
        try:
            doc = EditorDocument.open(path)
        except Exception as exc:  # any file: a message box, never a crash (issue 12)
            cannot_open(self, "Cannot open this file", path, exc)
            return False
        try:
            self.set_document(doc)
        except Exception as exc:  # a draft the pages cannot show: nothing changed, and the
            # loader's own words say why where it finds a problem (not a Python error)
            cannot_open(self, "Cannot open this file", path, loader_error(doc) or exc)
            return False
        self.statusBar().showMessage(f"Opened {doc.path}", 5000)
        return True

    def save(self) -> bool:
        if self.doc is None:
            return False
        self.finish_typing()
        if self.doc.path is None or is_shipped(self.doc.path):
            return self.save_as()
        return self._save_to(self.doc.path)

    def save_as(self) -> bool:
        if self.doc is None:
            return False
        self.finish_typing()
        stem = paths.safe_stem(self.doc.get(("name",)))
        folder = (self.doc.path.parent if self.doc.path is not None and not is_shipped(self.doc.path)
                  else user_scenarios_dir())
        name, _ = QFileDialog.getSaveFileName(self, "Save scenario as", str(folder / f"{stem}.toml"),
                                              "Scenarios, missions and campaigns (*.toml)")
        if not name:
            return False
        path = Path(name)
        return self._save_to(path if path.suffix else path.with_suffix(".toml"))

    def _save_to(self, path: Path) -> bool:
        assert self.doc is not None
        if self.doc.kind == "campaign":  # its own mission files still found from the new folder
            from ambush_gui.gui.editor.campaign.data import moved_refs

            moved = moved_refs(self.doc.get(("missions",), []) or [], self.doc.path, path)
            if moved:
                with self.doc.macro("Name the mission files from the campaign's new folder"):
                    for i, ref in moved:
                        self.doc.set(("missions", i, "mission"), ref)
        try:
            self.doc.save(path)
        except OSError as exc:
            QMessageBox.critical(self, "Save failed", f"Could not save to {path}:\n{exc}")
            return False
        self._drop_recovery()
        self._update_title()
        n = len(self.doc.problems())
        note = f" (a draft: {n} problem{'s' if n != 1 else ''} left)" if n else ""
        self.statusBar().showMessage(f"Saved to {path}{note}", 8000)
        return True

    def maybe_save(self) -> bool:
        """True when it is fine to drop the document: saved, or the person said so."""
        self.finish_typing()
        if self.doc is None or not self.doc.is_dirty():
            return True
        name = self.doc.path.name if self.doc.path is not None else self.doc.title
        buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                   | QMessageBox.StandardButton.Cancel)
        answer = QMessageBox.question(self, "Unsaved changes",
                                      f"{name} has changes that are not saved. Save them?",
                                      buttons, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            self._drop_recovery()
            return True
        return False

    def quit(self) -> None:
        QApplication.closeAllWindows()

    def close_window(self) -> bool:
        """File ▸ Close: this window only (after asking about unsaved changes), and back to
        the launcher when the editor came from it: the editor was the last window, so
        closing it quit the whole program (a play-test)."""
        self._closing_by_hand = True
        try:
            return self.close()
        finally:
            self._closing_by_hand = False

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if not self.maybe_save():
            event.ignore()
            return
        if self.sim_dialog is not None:
            self.sim_dialog.close()
        self._recovery_timer.stop()
        self._drop_recovery()
        event.accept()
        # the launcher is shown before this window goes, so it is never the last one; not
        # on Quit, whose close events (closeAllWindows) are neither by hand nor the system's
        if self.back_to_launcher is not None and (self._closing_by_hand or event.spontaneous()):
            self.back_to_launcher()

    # -- recovery -----------------------------------------------------------------------------
    def write_recovery(self) -> None:
        """Keep a copy of unsaved work in the data folder (atomically); none when clean."""
        self._recovery_timer.stop()
        if self.doc is None or not self.doc.is_dirty():
            self._drop_recovery()
            return
        note: dict[str, Any] = {"title": self.doc.title, "system": self.doc.system,
                                "saved": QDateTime.currentDateTime().toString(Qt.DateFormat.ISODate)}
        if self.doc.path is not None:
            note["path"] = str(self.doc.path)
        try:
            atomic_write(self.recovery_path, dump({"recovery": note, "data": self.doc.data}))
        except (OSError, ValueError, TypeError) as exc:
            self.statusBar().showMessage(f"Could not keep a recovery copy: {exc}", 8000)

    def _drop_recovery(self) -> None:
        self.recovery_path.unlink(missing_ok=True)

    def offer_recovery(self) -> bool:
        """Offer to restore the newest recovery copy no open editor owns; True if restored."""
        owned = {w.recovery_path for w in QApplication.topLevelWidgets() if isinstance(w, EditorWindow)}
        for path in recovery_files():
            if path in owned:
                continue
            try:
                raw = read_data(path, ScenarioError)
                note, data = dict(raw["recovery"]), dict(raw["data"])
            except (InputError, KeyError, TypeError, ValueError):
                path.unlink(missing_ok=True)  # half a copy is no use to anyone
                continue
            where = (f" (from {printable(Path(str(note['path'])).name)})" if "path" in note
                     else " (never saved)")
            buttons = (QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard
                       | QMessageBox.StandardButton.Cancel)
            answer = QMessageBox.question(
                self, "Restore unsaved work?",
                f"The editor kept unsaved changes to “{printable(note.get('title', 'a scenario'))}”"
                f"{where}, last changed {printable(note.get('saved', 'earlier'), 30)}.\n\nRestore "
                "them? (Discard deletes the "
                "copy; Cancel keeps it for next time.)", buttons, QMessageBox.StandardButton.Yes)
            if answer == QMessageBox.StandardButton.Discard:
                path.unlink(missing_ok=True)
                continue
            if answer != QMessageBox.StandardButton.Yes:
                return False
            # no path: the copy's "path" is data from a file, and never decides where Ctrl+S
            # writes; the first save asks where (Save As), in the folder the user picks
            try:
                doc = EditorDocument(data, None)
                doc.undo_stack.resetClean()  # what is shown is not what is on disk
                self.set_document(doc)
            except Exception as exc:  # a copy the pages cannot show: said, and not kept
                path.unlink(missing_ok=True)
                cannot_open(self, "Cannot restore the unsaved work", path, exc)
                return False
            path.unlink(missing_ok=True)  # from now on this window keeps the copy, under its name
            self.write_recovery()
            self.statusBar().showMessage("Restored the unsaved changes: save them to keep them", 10000)
            return True
        return False
