"""The hex mission page of the scenario editor: an Ambush! mission built in the program.

:class:`MissionPage` shows one :class:`~ambush_gui.gui.editor.document.EditorDocument`
of ``system = "ambush"``: the map on the left (the game's own map view, with the editor's
tools: :mod:`~ambush_gui.gui.editor.hexmap.canvas`), and on the right one tab per part of
the mission:

- **Map**: size, default terrain, the terrain palette (each swatch drawn by the map
  itself), brush of 1 or 7 hexes, hexside features, what the map shows;
- **Mission Card**: Conditions, Paragraph Checks, areas, the Event column, red references
  (:mod:`~ambush_gui.gui.editor.hexmap.card`);
- **Paragraphs**: the booklet, with live validation beside the list
  (:mod:`~ambush_gui.gui.editor.hexmap.paragraphs`);
- **Germans** and **US squad**: the soldier cards (:mod:`~ambush_gui.gui.editor.hexmap.cards`);
- **Victory & end** (:mod:`~ambush_gui.gui.editor.hexmap.settings`).

Every edit goes through the document (one undo step, a readable text: "Paint 6 hexes
woods"); the page redraws from ``doc.data`` whenever the document changes, so undo, redo
and edits made elsewhere (the window's problem list) show at once.

Tools (``toolbar_actions``): Select (S) picks hexes for checks, areas, entry and exit
hexes; Paint (P) paints the palette's terrain; Hexside (H) puts the chosen feature on the
edge clicked (or takes it off); Red reference (R): click the hex a German leaves, then the
hex he enters; Pan (Esc). A stroke of the brush is one undo step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSettings, QSignalBlocker, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QColor, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.ambush.charts import Charts
from ambush_gui.core.hexgrid import Hex, HexMap
from ambush_gui.gui.editor.document import DataPath, EditorDocument, parse_path
from ambush_gui.gui.editor.hexmap import data as md
from ambush_gui.gui.editor.hexmap.canvas import EditorMapView, terrain_icon
from ambush_gui.gui.editor.hexmap.card import CardEditor, in_force
from ambush_gui.gui.editor.hexmap.cards import GermanCards, SquadEditor
from ambush_gui.gui.editor.hexmap.paragraphs import ParagraphEditor
from ambush_gui.gui.editor.hexmap.settings import SettingsForm
from ambush_gui.gui.editor.hexmap.widgets import set_quiet, spin
from ambush_gui.gui.hexmap.view import Counter
from ambush_gui.gui.shared import theme

__all__ = ["MissionPage", "new_mission_data"]

new_mission_data = md.new_mission_data

SELECTED = QColor(241, 196, 15)  # the hexes picked with the Select tool
FOCUSED = QColor(52, 152, 219)  # the hexes a problem or a list row points at
CHECKED = QColor(142, 68, 173, 45)  # hexes with a Paragraph Check (the overlay)
PENDING = QColor(192, 57, 43)  # the from-hex of a red reference being drawn

TABS = ("map", "card", "paragraphs", "germans", "squad", "settings")
TAB_FRAME = 16  # the tab pane's frame and the scroll area's margin, in pixels
SPLIT_KEY = "editor/mission/forms-width"  # the forms' width the designer last dragged to


class MissionPage(QWidget):
    """The editor page of an Ambush! mission (the contract the editor window hosts)."""

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.charts = Charts.default()
        self.selected: list[str] = []
        self.focused: list[str] = []
        self.ref_from: str | None = None
        self.arrows: list[tuple[str, str]] = []  # the red reference arrows the map shows
        self._stroke: list[str] = []
        self.hexmap = md.build_map(doc.get(("map",), {}), self.charts) or HexMap(
            md.whole(doc.get(("map", "width")), 6), md.whole(doc.get(("map", "height")), 5),
            self.charts, {})

        self.view = EditorMapView(self.hexmap, hex_size=40)
        self.status = QLabel()
        self.status.setWordWrap(True)
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        ll.addWidget(self.view, 1)
        ll.addWidget(self.status)

        self.tabs = QTabWidget()
        self._scrolls: dict[QWidget, QScrollArea] = {}
        self.map_tab = self._build_map_tab()
        self.card = CardEditor(doc, lambda: list(self.selected))
        self.paragraphs = ParagraphEditor(doc)
        self.germans = GermanCards(doc, self.charts)
        self.squad = SquadEditor(doc, self.charts)
        self.settings = SettingsForm(doc, lambda: list(self.selected))
        for w, name, tip in ((self.map_tab, "Map", "Size, terrain, hexside features"),
                             (self.card, "Mission Card", "Conditions, Paragraph Checks, Event column, "
                                                         "red references"),
                             (self.paragraphs, "Paragraphs", "The paragraph booklet and its problems"),
                             (self.germans, "Germans", "The German soldier cards"),
                             (self.squad, "US squad", "The US soldier cards"),
                             (self.settings, "Victory && end", "Name, brief, victory points, the end")):
            scroll = QScrollArea()  # a narrow pane scrolls rather than squeezing the map
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            scroll.setWidget(w)
            self._scrolls[w] = scroll
            self.tabs.addTab(scroll, name)
            self.tabs.setTabToolTip(self.tabs.count() - 1, tip)

        self.split = split = QSplitter()
        split.addWidget(left)
        split.addWidget(self.tabs)
        split.setStretchFactor(0, 1)  # a larger window widens the map; the forms keep theirs
        split.setStretchFactor(1, 0)
        split.setSizes([800, 1100])
        split.splitterMoved.connect(lambda *_: self._split_moved())
        self._sized = False
        # a narrow pane stacks each tab's columns: the tab -> its set_narrow, and the width
        # a stacked tab needs side by side
        self._stackers: dict[QWidget, Callable[[bool], None]] = {
            self.map_tab: self._stack_map_tab, self.card: self.card.set_narrow,
            self.paragraphs: self.paragraphs.set_narrow, self.germans: self.germans.set_narrow,
            self.squad: self.squad.set_narrow, self.settings: self.settings.set_narrow}
        self._wide_need: dict[QWidget, int] = {}
        self.tabs.installEventFilter(self)
        # what the tab shown really needs, once its layout has settled (a hidden tab's
        # scroll area is not laid out, and a range seen mid-way is stale)
        for scroll in self._scrolls.values():
            scroll.horizontalScrollBar().rangeChanged.connect(
                lambda *_: QTimer.singleShot(0, self, self._check_overflow))
        self.tabs.currentChanged.connect(lambda _: QTimer.singleShot(0, self, self._check_overflow))
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(split)

        self._build_actions()
        self.view.strokeHex.connect(self._stroke_hex)
        self.view.strokeEnded.connect(self._stroke_ended)
        self.view.sideClicked.connect(self._side_clicked)
        self.view.hexClicked.connect(self._hex_clicked)
        self.view.hexHovered.connect(self._hovered)
        self.view.counterClicked.connect(self._counter_clicked)
        self.card.showHexes.connect(self.show_places)
        self.card.referenceView.connect(lambda _: self._redraw_overlays())
        self.paragraphs.placeClicked.connect(lambda p: self.focus_path(parse_path(p)))
        self.germans.paragraphClicked.connect(lambda p: self.focus_path(parse_path(p)))
        self.squad.enters_from_selection.clicked.connect(lambda: self.squad.set_enters(list(self.selected)))
        self.doc.changed.connect(self._changed)
        self._redraw_overlays()
        self._say_tool()

    # -- fitting the room ----------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        """On the first show, once laid out, split the page between the map and the forms
        (:meth:`split_for_room`)."""
        super().showEvent(event)
        if not self._sized:
            self._sized = True
            QTimer.singleShot(0, self, self.split_for_room)

    def split_for_room(self) -> None:
        """Give the forms the least width they need and the map the rest.

        The designer's own split (a drag of the handle, remembered) comes first, kept inside
        the page. Otherwise the forms get the widest stacked tab's least width, and beyond it
        the widest side-by-side least width that still leaves the map 45% of the page
        (``theme.MISSION_MAP_SHARE``). Measured on the hedgerow mission: at 1920x1080 every
        tab but the Mission Card sits side by side in 847 px and the map gets 733 (615
        before); at 1280x800 the tabs stack in 584 px and the map gets 426 (363 before)."""
        total = sum(self.split.sizes())
        if total <= 0:
            return
        least = self.least_widths()
        stacked = max(s for _, s in least.values())
        stored = QSettings("ambush-gui", "ambush-gui").value(SPLIT_KEY)
        if stored is not None and str(stored).isdigit():
            forms = max(stacked, min(int(stored), total - theme.MISSION_MAP_LEAST))
        else:
            room = int(total * (1 - theme.MISSION_MAP_SHARE))
            forms = max([stacked, *(w for w, _ in least.values() if w <= room)])
        self.split.setSizes([total - forms, forms])
        self.fit_tabs()

    def least_widths(self) -> dict[QWidget, tuple[int, int]]:
        """Each tab's least width for its pane (frame included), side by side and stacked.

        Measured laid out, each tab shown in turn (a tab never shown reports no reliable
        hint), then the tab and the stacking in force put back."""
        current = self.tabs.currentIndex()
        out: dict[QWidget, tuple[int, int]] = {}
        with QSignalBlocker(self.tabs):
            for tab, stack in self._stackers.items():
                self.show_tab(tab)
                wide = self._wide_need.get(tab, 0)
                stack(False)
                wide = max(wide, self._least(tab))
                stack(True)
                narrow = self._least(tab)
                stack(tab in self._wide_need)
                out[tab] = (wide, narrow)
            self.tabs.setCurrentIndex(current)
        return out

    def _least(self, tab: QWidget) -> int:
        """The tab's least width, plus the pane's frame and the scroll bar of a tab taller
        than its pane."""
        bar = self._scrolls[tab].verticalScrollBar().sizeHint().width()
        return tab.minimumSizeHint().width() + TAB_FRAME + bar

    def _split_moved(self) -> None:
        """The designer's split is remembered for the next mission page."""
        QSettings("ambush-gui", "ambush-gui").setValue(SPLIT_KEY, self.split.sizes()[1])

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self.tabs and event.type() == QEvent.Type.Resize:
            self.fit_tabs()
        return super().eventFilter(watched, event)

    def fit_tabs(self) -> None:
        """Stack a tab's side-by-side parts one above the other when the pane is narrower
        than they need side by side, so a narrow pane scrolls down rather than clipping on
        the right; a stacked tab goes side by side again once the pane has the width it
        needed."""
        room = self._room()
        for tab, stack in self._stackers.items():
            if tab in self._wide_need:
                if room >= self._wide_need[tab]:
                    del self._wide_need[tab]
                    stack(False)
            elif tab.minimumSizeHint().width() > room:
                self._wide_need[tab] = tab.minimumSizeHint().width()
                stack(True)

    def _room(self) -> int:
        return self.tabs.width() - TAB_FRAME

    def _check_overflow(self) -> None:
        """The tab shown, laid out, wider than its pane (what its size hint did not say:
        a table's columns, a long choice): stack it, remembering the width it wanted."""
        tab = self.current_tab()
        over = self._scrolls[tab].horizontalScrollBar().maximum()
        if over > 0 and tab not in self._wide_need and self._scrolls[tab].isVisible():
            self._wide_need[tab] = self._room() + over
            self._stackers[tab](True)

    def _stack_map_tab(self, narrow: bool) -> None:
        self._map_columns.setDirection(QHBoxLayout.Direction.TopToBottom if narrow
                                       else QHBoxLayout.Direction.LeftToRight)
        outer = self.map_tab.layout()
        if outer is not None:
            outer.invalidate()  # else the tab's size hint stays the old direction's

    # -- the contract -------------------------------------------------------------------------
    def toolbar_actions(self) -> list[QAction]:
        """Pan, Select, Paint, Hexside, Red reference (one at a time); brush of 7; grid and
        hex numbers; fit."""
        return [*self.tool_actions.values(), self.brush7_action, self.grid_action, self.numbers_action,
                self.fit_action]

    def fit(self) -> None:
        self.view.fit()

    def show_tab(self, tab: QWidget) -> None:
        """Bring one of the tabs (``map_tab``, ``card``, ``paragraphs``, ``germans``,
        ``squad``, ``settings``) to the front."""
        self.tabs.setCurrentWidget(self._scrolls[tab])

    def current_tab(self) -> QWidget:
        scroll = self.tabs.currentWidget()
        return next(w for w, s in self._scrolls.items() if s is scroll)

    def focus_path(self, path: tuple[str | int, ...]) -> bool:
        """Show the place a problem names: the closest existing prefix of ``path``.

        ``paragraphs[3].options[1].do[0]`` selects paragraph 3 and its option 1;
        ``germans[2].columns.B`` the card and its column; ``squad[1]`` the soldier;
        ``map...`` and ``card...`` the hexes concerned; ``victory``/``end``/``name`` the
        settings. False when nothing in the mission matches."""
        path = tuple(path)
        while path and self.doc.get(path, None) is None:
            path = path[:-1]  # a loader path past the data (a column not there): its parent
        if not path:
            return False
        head = path[0]
        if head == "paragraphs" and len(path) > 1 and isinstance(path[1], int):
            self.show_tab(self.paragraphs)
            option = path[3] if len(path) > 3 and path[2] == "options" and isinstance(path[3], int) else None
            ok = self.paragraphs.select(path[1], option)
            p = self.doc.get(("paragraphs", path[1]), {})
            self._show_activations(p)
            return ok
        if head == "paragraphs":
            self.show_tab(self.paragraphs)
            return True
        if head == "germans" and len(path) > 1 and isinstance(path[1], int):
            self.show_tab(self.germans)
            if not self.germans.select(path[1]):
                return False
            row = next((p for p in path[4:] if isinstance(p, int)), 0)
            if len(path) > 3 and path[2] == "columns":
                self.germans.select_column("columns", str(path[3]), row)
            elif len(path) > 3 and path[2] == "reactions":
                self.germans.select_column("reactions", str(path[3]), row)
            elif len(path) > 2 and path[2] == "self_preservation":
                self.germans.select_column("self_preservation", None, row)
            return True
        if head == "squad" and len(path) > 1 and isinstance(path[1], int):
            self.show_tab(self.squad)
            ok = self.squad.select(path[1])
            self.show_places(list(self.doc.get(("squad", path[1], "enters"), []) or []))
            return ok
        if head in ("card", "conditions"):
            self.show_tab(self.card)
            self._focus_card(path)
            return True
        if head == "map":
            self.show_tab(self.map_tab if path[1:2] != ("areas",) else self.card)
            self.show_places(self._map_hexes(path))
            return True
        if head in ("victory", "end", "name", "title", "brief"):
            self.show_tab(self.settings)
            if head == "end":
                self.show_places(list(self.doc.get(("end", "exit_hexes"), []) or []))
            return True
        return False

    # -- building -----------------------------------------------------------------------------
    def _build_map_tab(self) -> QWidget:
        w = QWidget()
        self.columns = spin(1, 99, "Columns of the map (west to east)")
        self.rows = spin(1, 99, "Rows of the map (north to south)")
        resize = QPushButton("Resize")
        resize.setToolTip("Make the map this size (hexes off the new map lose their terrain)")
        size_row = QHBoxLayout()
        size_row.addWidget(self.columns)
        size_row.addWidget(QLabel("columns ×"))
        size_row.addWidget(self.rows)
        size_row.addWidget(QLabel("rows"))
        size_row.addWidget(resize)
        size_row.addStretch(1)
        self.default = QComboBox()
        self.default.setToolTip("The terrain of every hex not painted")
        self.terrain_palette = QListWidget()
        self.terrain_palette.setToolTip("The terrain the Paint tool puts down: pick one, then click or drag "
                                "over the map")
        self.terrain_palette.setIconSize(QSize(28, 28))
        for key, t in self.charts.spec.terrain.items():
            item = QListWidgetItem(terrain_icon(key, self.charts), f"{t.name}  ({key})")
            item.setData(Qt.ItemDataRole.UserRole, key)
            self.terrain_palette.addItem(item)
            self.default.addItem(terrain_icon(key, self.charts), t.name, key)
        self.terrain_palette.setCurrentRow(0)
        self.brush1, self.brush7 = QRadioButton("1 hex"), QRadioButton("7 hexes (a hex and its ring)")
        self.brush1.setChecked(True)
        brushes = QButtonGroup(w)
        brushes.addButton(self.brush1)
        brushes.addButton(self.brush7)
        brush_row = QHBoxLayout()
        brush_row.addWidget(self.brush1)
        brush_row.addWidget(self.brush7)
        brush_row.addStretch(1)
        self.feature = QComboBox()
        for key, f in self.charts.spec.hexsides.items():
            self.feature.addItem(getattr(f, "name", key), key)
        self.feature.addItem("none (take a feature off)", None)
        self.feature.setToolTip("What the Hexside tool puts on the edge clicked; clicking an edge "
                                "that already has it takes it off")
        self.show_grid = QCheckBox("Hex outlines (G)")
        self.show_numbers = QCheckBox("Hex numbers (N)")
        self.show_refs = QCheckBox("Red references")
        self.show_refs.setToolTip("The red movement references: those in force under the Condition "
                                  "picked on the Mission Card tab (Red references: Show on the map under)")
        self.show_checks = QCheckBox("Hexes with a Paragraph Check")
        self.show_germans = QCheckBox("Germans where paragraphs activate them")
        self.show_germans.setToolTip("A German counter in every hex a paragraph activates him in; "
                                     "click one to open his card")
        for box in (self.show_grid, self.show_numbers, self.show_refs, self.show_germans):
            box.setChecked(True)  # the checks' tint is off at first: on a full mission it covers the map
        self.hover = QLabel()
        self.hover.setWordWrap(True)

        form = QFormLayout()
        form.addRow("Size", size_row)
        form.addRow("Default terrain", self.default)
        paint = QGroupBox("Paint terrain (P)")
        pl = QVBoxLayout(paint)
        self.terrain_palette.setFixedHeight(10 + 32 * self.terrain_palette.count())
        pl.addWidget(self.terrain_palette)
        pl.addLayout(brush_row)
        pl.addStretch(1)
        side = QGroupBox("Hexside features (H)")
        sl = QFormLayout(side)
        sl.addRow("Feature", self.feature)
        hint = QLabel("With the Hexside tool, click near a hex edge: the feature goes on the edge "
                      "nearest the pointer; click it again to take it off.")
        hint.setWordWrap(True)
        sl.addRow(hint)
        shows = QGroupBox("Show")
        shl = QVBoxLayout(shows)
        for box in (self.show_grid, self.show_numbers, self.show_refs, self.show_germans, self.show_checks):
            shl.addWidget(box)
        lay = QVBoxLayout(w)
        lay.addLayout(form)
        self._map_columns = row = QHBoxLayout()
        row.addWidget(paint, 3)
        right = QVBoxLayout()
        right.addWidget(side)
        right.addWidget(shows)
        right.addStretch(1)
        row.addLayout(right, 2)
        lay.addLayout(row, 1)
        lay.addWidget(self.hover)

        resize.clicked.connect(lambda: self.resize_map(self.columns.value(), self.rows.value()))
        self.default.activated.connect(lambda: self.doc.set(
            ("map", "default"), self.default.currentData(), f"Default terrain {self.default.currentData()}"))
        self.terrain_palette.currentRowChanged.connect(lambda _: self.set_tool("paint"))
        self.show_grid.toggled.connect(self.view.set_grid_visible)
        self.show_numbers.toggled.connect(self.view.set_labels_visible)
        # G and N pressed on the map turn the outlines and numbers too: the boxes follow
        self.view.gridShown.connect(self.show_grid.setChecked)
        self.view.labelsShown.connect(self.show_numbers.setChecked)
        self.show_refs.toggled.connect(lambda _: self._redraw_overlays())
        self.show_checks.toggled.connect(lambda _: self._redraw_overlays())
        self.show_germans.toggled.connect(lambda _: self._redraw_overlays())
        self._refresh_map_tab()
        return w

    def _build_actions(self) -> None:
        group = QActionGroup(self)
        group.setExclusive(True)
        self.tool_actions: dict[str, QAction] = {}
        for tool, text, key, tip in (
                ("pan", "Pan", "Esc", "Drag to pan the map; clicks do nothing"),
                ("select", "Select", "S", "Click or drag to pick hexes (for Paragraph Checks, areas, "
                                          "entry and exit hexes); click a picked hex to drop it"),
                ("paint", "Paint", "P", "Click or drag to paint the palette's terrain (one undo step per "
                                        "stroke)"),
                ("hexside", "Hexside", "H", "Click near a hex edge to put the chosen feature there, or "
                                            "take it off"),
                ("reference", "Red reference", "R", "Click the hex a German leaves, then the hex he "
                                                    "enters: one arrow of his movement references")):
            a = QAction(text, self)
            a.setCheckable(True)
            a.setShortcut(QKeySequence(key))
            a.setToolTip(f"{tip} ({key})")
            a.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            a.triggered.connect(lambda _=False, tool=tool: self.set_tool(tool))
            group.addAction(a)
            self.addAction(a)
            self.tool_actions[tool] = a
        self.tool_actions["pan"].setChecked(True)
        self.brush7_action = QAction("Brush 7", self)
        self.brush7_action.setCheckable(True)
        self.brush7_action.setToolTip("Paint a hex and the six round it (B)")
        self.brush7_action.setShortcut(QKeySequence("B"))
        self.brush7_action.toggled.connect(lambda on: (self.brush7 if on else self.brush1).setChecked(True))
        self.brush7.toggled.connect(self.brush7_action.setChecked)
        self.grid_action = QAction("Grid", self)
        self.grid_action.setCheckable(True)
        self.grid_action.setChecked(True)
        self.grid_action.setToolTip("Show the hex outlines")
        self.grid_action.toggled.connect(self.show_grid.setChecked)
        self.show_grid.toggled.connect(self.grid_action.setChecked)
        self.numbers_action = QAction("Hex numbers", self)
        self.numbers_action.setCheckable(True)
        self.numbers_action.setChecked(True)
        self.numbers_action.setToolTip("Show the printed hex numbers")
        self.numbers_action.toggled.connect(self.show_numbers.setChecked)
        self.show_numbers.toggled.connect(self.numbers_action.setChecked)
        self.fit_action = QAction("Fit map", self)
        self.fit_action.setToolTip("Fit the whole map in view (F)")
        self.fit_action.triggered.connect(self.fit)
        for a in (self.brush7_action,):
            a.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(a)

    # -- tools --------------------------------------------------------------------------------
    def set_tool(self, tool: str) -> None:
        self.view.set_tool(tool)
        self.tool_actions[tool].setChecked(True)
        if tool != "reference":
            self.ref_from = None
        self._redraw_overlays()
        self._say_tool()

    def _say_tool(self) -> None:
        tool = self.view.tool
        texts = {
            "pan": "Pan: drag to move the map, wheel to zoom. Pick a tool above to draw.",
            "select": f"Select: {len(self.selected)} hexes picked. Click or drag to add; click a picked "
                      "hex to drop it; Esc for Pan.",
            "paint": f"Paint {self.paint_terrain()}: click or drag; brush of "
                     f"{7 if self.brush7.isChecked() else 1}.",
            "hexside": f"Hexside: click near an edge to put {self.feature.currentText().lower()} there "
                       "(click it again to take it off).",
            "reference": (f"Red reference from {self.ref_from}: click the hex he enters next "
                          f"(or {self.ref_from} again to stop)."
                          if self.ref_from else "Red reference: click the hex a German leaves."),
        }
        self.status.setText(texts[tool])

    def paint_terrain(self) -> str:
        item = self.terrain_palette.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item else "clear"

    def _stroke_hex(self, label: str) -> None:
        if self.view.tool == "select":
            if label in self.selected and not self._stroke:
                self.selected.remove(label)
                self._stroke = ["-"]  # a click on a picked hex drops it; the stroke adds nothing
            elif self._stroke != ["-"] and label not in self.selected:
                self.selected.append(label)
                self._stroke.append(label)
            self._redraw_overlays()
            self._say_tool()
            return
        size = 7 if self.brush7.isChecked() else 1
        for lb in md.brush(self.doc.get(("map",), {}), label, size):
            if lb not in self._stroke:
                self._stroke.append(lb)
        preview = dict(self.doc.get(("map",), {}))
        preview["terrain"] = md.paint(preview, self._stroke, self.paint_terrain())
        hexmap = md.build_map(preview, self.charts)
        if hexmap is not None:
            self.view.set_map(hexmap)

    def _stroke_ended(self) -> None:
        stroke, self._stroke = self._stroke, []
        if self.view.tool != "paint" or not stroke:
            return
        self.paint(stroke, self.paint_terrain())

    def paint(self, hexes: list[str], terrain: str) -> None:
        """Paint ``hexes`` with ``terrain``: one undo step, "Paint 6 hexes woods"."""
        map_data = self.doc.get(("map",), {})
        default = map_data.get("default", "clear")
        now = md.terrain_by_hex(map_data)
        changed = [lb for lb in hexes if now.get(lb, default) != terrain]
        if not changed:
            self._rebuild_map()
            return
        n = len(changed)
        self.doc.set(("map", "terrain"), md.paint(map_data, changed, terrain),
                     f"Paint {n} hex{'es' * (n != 1)} {terrain}")

    def _side_clicked(self, a: str, b: str) -> None:
        feature = self.feature.currentData()
        now = md.side_features(self.doc.get(("map",), {})).get(md.side_key(a, b))
        self.set_side(a, b, None if feature == now else feature)

    def set_side(self, a: str, b: str, feature: str | None) -> None:
        a, b = sorted((a, b))
        text = f"{feature.capitalize()} between {a} and {b}" if feature else f"Clear the side {a}/{b}"
        self.doc.set(("map", "hexsides"), md.set_side(self.doc.get(("map",), {}), a, b, feature), text)

    def _hex_clicked(self, label: str) -> None:
        tool = self.view.tool
        if tool == "reference":
            refused = ""
            if self.ref_from is None or self.ref_from == label:
                self.ref_from = label if self.ref_from is None else None
            elif Hex.from_label(self.ref_from).distance(Hex.from_label(label)) != 1:
                refused = (f"{self.ref_from} and {label} are not neighbours: a red reference joins "
                           "adjacent hexes. ")
            else:
                a, self.ref_from = self.ref_from, None
                self.card.add_reference(a, label)
                self.ref_from = label  # the next click carries the arrow on
            self._redraw_overlays()
            self._say_tool()
            if refused:
                self.status.setText(refused + self.status.text())
        elif tool == "hexside":
            pass  # edges come as sideClicked
        else:
            self._show_hex_use(label)

    def _hovered(self, label: str) -> None:
        if label:
            self.hover.setText(self.view.describe_hex(label).replace("\n", " · "))

    def _show_hex_use(self, label: str) -> None:
        """A click with Pan: what the Mission Card does in this hex, in the status line."""
        uses = []
        for c in self.doc.get(("card", "checks"), []) or []:
            if label in md.place_hexes(self.doc.get(("map",), {}), c.get("at", [])):
                uses.append(f"Paragraph Check → {c.get('paragraph')}")
        for p in self.doc.get(("paragraphs",), []) or []:
            for o in p.get("options", []):
                for a in o.get("do", []):
                    act = a.get("activate") if isinstance(a, dict) else None
                    if isinstance(act, dict) and act.get("hex") == label:
                        uses.append(f"German {act.get('german')} activated here "
                                    f"(paragraph {p.get('number')})")
        self.status.setText(f"{label}: " + ("; ".join(uses) if uses else "no Paragraph Check, nobody "
                                                                           "activated here"))

    def resize_map(self, columns: int, rows: int) -> None:
        m = dict(self.doc.get(("map",), {}))
        with self.doc.macro(f"Resize the map to {columns}x{rows}"):
            self.doc.set(("map", "width"), columns)
            self.doc.set(("map", "height"), rows)
            m.update(width=columns, height=rows)
            keep = {lb: t for lb, t in md.terrain_by_hex(m).items() if md.on_map(m, lb)}
            self.doc.set(("map", "terrain"), md.terrain_patches(keep, m.get("default", "clear")))
            sides = {s: f for s, f in md.side_features(m).items()
                     if all(md.on_map(m, x) for x in s.split("/"))}
            self.doc.set(("map", "hexsides"), md.side_patches(sides))
        self.selected = [lb for lb in self.selected if md.on_map(m, lb)]

    # -- showing ------------------------------------------------------------------------------
    def show_places(self, places: list[str]) -> None:
        """Tint these hexes (numbers or area names) and bring them into view."""
        m = self.doc.get(("map",), {})
        self.focused = [lb for lb in md.place_hexes(m, places) if md.on_map(m, lb)]
        self._redraw_overlays()
        if self.focused:
            self.view.centerOn(self.view.mapToScene(self.view.hex_centre(self.focused[0])))

    def _show_activations(self, p: dict[str, Any]) -> None:
        hexes = [a["activate"]["hex"] for o in p.get("options", []) for a in o.get("do", [])
                 if isinstance(a, dict) and isinstance(a.get("activate"), dict) and "hex" in a["activate"]]
        if hexes:
            self.show_places(hexes)

    def _map_hexes(self, path: DataPath) -> list[str]:
        node = self.doc.get(path[:3]) if len(path) >= 3 else None
        if len(path) >= 3 and path[1] == "terrain" and isinstance(node, dict):
            return [lb for s in node.get("hexes", []) for lb in md.span_labels(s)]
        if len(path) >= 3 and path[1] == "hexsides" and isinstance(node, dict):
            return [x for s in node.get("sides", []) for x in s.split("/")]
        if len(path) >= 3 and path[1] == "areas":
            return [str(path[2])]
        return []

    def _focus_card(self, path: DataPath) -> None:
        if len(path) > 2 and path[1] == "checks" and isinstance(path[2], int):
            self.card.checks.setCurrentCell(path[2], 1)
            self.show_places(list(self.doc.get(("card", "checks", path[2], "at"), []) or []))
        elif len(path) > 2 and path[1] == "references" and isinstance(path[2], int):
            self.card.references.setCurrentRow(path[2])
        elif len(path) > 1 and path[1] == "events" or path[0] == "conditions" and "events" in path:
            total = next((int(p) for p in path[2:] if str(p).isdigit()), None)
            if total is not None and 2 <= total <= 12:
                col = 0 if path[0] == "card" else 1 + self.card.names().index(str(path[1]))
                self.card.events.setCurrentCell(total - 2, col)
        elif path[0] == "conditions" and len(path) > 1:
            names = self.card.names()
            if path[1] in names:
                self.card.conditions.setCurrentCell(names.index(str(path[1])), 1)

    def _rebuild_map(self) -> None:
        hexmap = md.build_map(self.doc.get(("map",), {}), self.charts)
        if hexmap is None:
            self.status.setText("The map data does not pass its checks (see Problems); the map shows "
                                "the last good version.")
            return
        self.hexmap = hexmap
        self.view.set_map(hexmap)

    def _redraw_overlays(self) -> None:
        v = self.view
        v.clear_marks()
        v.clear_arrows()
        m = self.doc.get(("map",), {})
        if self.show_checks.isChecked():
            for c in self.doc.get(("card", "checks"), []) or []:
                hexes = [lb for lb in md.place_hexes(m, c.get("at", [])) if md.on_map(m, lb)]
                if hexes:
                    v.mark_hexes(hexes, CHECKED, f"Paragraph Check: paragraph {c.get('paragraph')}")
        if self.focused:
            v.mark_hexes([lb for lb in self.focused if md.on_map(m, lb)], FOCUSED, "shown")
        if self.selected:
            v.mark_hexes([lb for lb in self.selected if md.on_map(m, lb)], SELECTED, "selected")
        if self.ref_from and md.on_map(m, self.ref_from):
            v.mark_hexes([self.ref_from], PENDING, "a red reference starts here")
        v.set_counters(self.activation_counters() if self.show_germans.isChecked() else [])
        self.arrows = []
        if self.show_refs.isChecked():
            viewing = self.card.reference_view()
            self.arrows = [(a, b) for ref in self.doc.get(("card", "references"), []) or []
                           if in_force(ref, viewing)
                           for a, b in zip(ref.get("path", []), ref.get("path", [])[1:], strict=False)
                           if md.on_map(m, a) and md.on_map(m, b)]
            v.show_arrows(self.arrows, theme.HEX_ARROW)

    def activation_counters(self) -> list[Counter]:
        """A German counter in each hex a paragraph activates him in (his card's letter, the
        stance the paragraph gives him); ids ``german-<card index>-<n>``."""
        m = self.doc.get(("map",), {})
        out: list[Counter] = []
        for i, g in enumerate(self.doc.get(("germans",), []) or []):
            placed = md.activations(self.doc.data, md.whole(g.get("number")))
            for k, (path, paragraph, hx) in enumerate(placed):
                if not (len(hx) == 4 and hx.isdigit() and md.on_map(m, hx)):
                    continue
                act = self.doc.get((*parse_path(path), "activate"), {}) or {}
                out.append(Counter(f"german-{i}-{k}", "german", hx, str(g.get("letter", "?")),
                                   str(act.get("stance", "standing")),
                                   tip=f"German {g.get('number')} ({g.get('name', '')}) comes on here: "
                                       f"paragraph {paragraph}"))
        return out

    def _counter_clicked(self, counter_id: str) -> None:
        if counter_id.startswith("german-"):
            self.focus_path(("germans", int(counter_id.split("-")[1])))

    def _refresh_map_tab(self) -> None:
        set_quiet(self.columns, self.doc.get(("map", "width"), 1))
        set_quiet(self.rows, self.doc.get(("map", "height"), 1))
        set_quiet(self.default, self.doc.get(("map", "default"), "clear"))

    def _changed(self, path: DataPath) -> None:
        head = path[0] if path else None
        if head in (None, "map"):
            self._rebuild_map()
            self._refresh_map_tab()
        with QSignalBlocker(self.tabs):
            self.card.refresh()
            self.paragraphs.refresh()
            self.germans.refresh()
            self.squad.refresh()
            self.settings.refresh()
        self._redraw_overlays()
