"""The free-measure table editor page: an Ambush Alley scenario built with the mouse.

:class:`TablePage` is the page the editor window shows for a document whose system is
``"alley"``. On the left, the table to scale (:class:`~ambush_gui.gui.editor.table.canvas.TableCanvas`:
terrain, units, Hot Spots, escorts, aid stations, friendly edges, drawn with the
game's own items); on the right, four tabs: **Properties** of what is selected,
**Units** (the roster: the form for the next unit and the list of units), and
**Scenario** (title, brief, turn limit, table size, the sides and their friendly edges,
the reinforcement table, what scores (the awards), special rules) and **Modules** (the
Force on Force rule modules switched on, with their settings:
:mod:`~ambush_gui.gui.editor.table.modules`). A status line under the table
says what the last click did, or why it was refused.

Every edit goes through the :class:`~ambush_gui.gui.editor.document.EditorDocument`
(one undo step each, with a readable text), and the page redraws from ``doc.data``
whenever the document says it changed, so undo and redo show at once.

Each side may have deployment zones (drawn as translucent areas in its colour): the
game's loader then names every figure of the side standing outside them, and the page
marks it. Civilian mobs and minefields are placed like other terrain, IEDs with their own
tool; their rules are Force on Force modules, which the scenario switches on in the
Modules tab (placing an IED, or setting a minefield's type, switches its module on in the
same undo step); until then the Problems list says so. A selected minefield's type and
concentration, a mob's hostility and an IED's size, trigger and target are edited under
Properties; a unit's Confidence on its form.

What the file format cannot hold, the page does not pretend to: terrain has no rotation
field (a turned rectangle is saved as a polygon).
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.gui.editor.document import DataPath, EditorDocument
from ambush_gui.gui.editor.table.awards import scored
from ambush_gui.gui.editor.table.bound import hint
from ambush_gui.gui.editor.table.canvas import (
    IEDS,
    KIND_TITLES,
    MARKER_LISTS,
    PIECE_KINDS,
    TableCanvas,
    is_zone,
    zone_name,
)
from ambush_gui.gui.editor.table.forms import (
    MarkerForm,
    PieceForm,
    RosterForm,
    SettingsForm,
    UnitForm,
    ZoneForm,
    default_reinforcements,
)
from ambush_gui.gui.editor.table.modules import IedForm, ModulesForm, RecordList
from ambush_gui.gui.shared import theme

TOOL_KEYS = {"select": "S", "rect:building": "1", "rect:wall": "2", "rect:rubble": "3",
             "rect:road": "4", "rect:vehicle": "5", "rect:open": "6", "rect:civilian_mob": "7",
             "rect:minefield": "8", "polygon": "P", "unit": "U", "hot_spot": "H", "escort": "E",
             "aid_station": "A", "ied": "I", "zone:regular": "Z", "zone:insurgent": "Shift+Z"}
TOOL_TIPS = {
    "select": "Select, move (drag), reshape (corner handles), turn (R) and delete (Del)",
    "polygon": "Draw a piece corner by corner: click each corner, double-click or Enter to "
               "close, Esc to cancel (it takes the last kind chosen)",
    "unit": "Place the unit described under Units: click where its first figure stands",
    "hot_spot": "Place the next Hot Spot (1-5); they stand at least 6\" apart (AA-050)",
    "escort": "Place an escort waiting to be brought out (a VIP, an informant, a wounded "
              "contractor...): name it and say whether it starts wounded under Properties (CT-048)",
    "aid_station": "Place an aid station where wounded are handed over (DC-012)",
    "rect:civilian_mob": "Drag out a civilian mob stand (a click drops the 3x2\" stand, FF-130): "
                         "nobody fires or moves through it (FF-135). Mobs move and disperse under "
                         "the Force on Force civilians module (FF-129..166), which the scenario "
                         "must switch on (the Modules tab) before it plays",
    "rect:minefield": "Drag out a minefield: a unit entering it must pass a Troop Quality test or "
                      "be attacked by a mine (FF-036). Mine attacks are the Force on Force mines "
                      "module (FF-027..043), which the scenario must switch on (the Modules "
                      "tab) before it plays",
    "ied": "Click to place an IED (FF-044..051): a hidden bomb that goes off when a unit comes "
           "near, on a given turn or on command. Placing one switches the IEDs module on",
    "zone:regular": "Drag out a deployment zone for the Regulars (a click drops a 6x4\" one): "
                    "with zones, every Regular figure must start inside one of them",
    "zone:insurgent": "Drag out a deployment zone for the Insurgents (a click drops a 6x4\" one): "
                      "with zones, every Insurgent figure must start inside one of them",
}
TOOL_TITLES = {"select": "Select", "polygon": "Polygon", "unit": "Unit", "hot_spot": "Hot spot",
               "escort": "Escort", "aid_station": "Aid station", "ied": "IED",
               "zone:regular": "Regular zone", "zone:insurgent": "Insurgent zone"}

STATUS_MS = 10_000  # how long the page's status line keeps a message
STATUS_REFUSED_MS = 20_000  # ...and a refusal, which says what to do instead


def slug(text: str) -> str:
    """A file-friendly short name: "Night Raid!" -> "night-raid"."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "scenario"


def new_table_data(width: float, height: float, title: str) -> dict[str, Any]:
    """A fresh Ambush Alley scenario: an empty table, both sides, a reinforcement table.

    It has no units yet, so it is a draft the editor can save but the game would find
    nothing to play; units, terrain and Hot Spots are added with the page's tools.
    Nothing scores until the designer adds an award: a new scenario is format 2 with an
    empty list of awards, not a format-1 file whose unset shorthand scores Contracting
    Trouble's five terms (an escort award with no escort among them).
    """
    return {
        "format": 2,
        "system": "alley",
        "name": slug(title),
        "title": title,
        "brief": "",
        "turn_limit": 8,
        "table": {"width": width, "height": height, "pieces": []},
        "sides": {
            "regular": {"name": "Regulars", "optimum_range": 8, "armor": 0, "friendly_edges": ["south"]},
            "insurgent": {"name": "Insurgents", "optimum_range": 6},
        },
        "units": [],
        "reinforcements": default_reinforcements(),
        "victory": {"awards": []},
    }


class TablePage(QWidget):
    """The editor page for an Ambush Alley scenario (see the module docstring)."""

    statusMessage = Signal(str)  # what the last action did or why it was refused

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.canvas = TableCanvas(doc)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setMinimumHeight(22)
        self._status_clear = QTimer(self)  # a message goes once read: "Award added" stood all session
        self._status_clear.setSingleShot(True)
        self._status_clear.timeout.connect(lambda: self.status.setText(""))
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        lv.addWidget(self.canvas, 1)
        lv.addLayout(self._view_as())
        lv.addWidget(self.status)

        self.piece_form = PieceForm(doc)
        self.unit_form = UnitForm(doc)
        self.marker_form = MarkerForm(doc)
        self.zone_form = ZoneForm(doc)
        self.ied_form = IedForm(doc)
        self.nothing = hint("Nothing selected. Click a piece, unit, marker or deployment zone on "
                            "the table, or choose a tool: drag out a building, wall, rubble, road, "
                            "wreck, civilian mob or minefield; click corners for a polygon; place "
                            "units and Hot Spots; drag out where each side sets up.")
        self.nothing.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.props = QStackedWidget()
        for w in (self.nothing, self.piece_form, self.unit_form, self.marker_form, self.zone_form,
                  self.ied_form):
            self.props.addWidget(w)
        self.roster = RosterForm(doc)
        self.settings = SettingsForm(doc)
        settings_scroll = QScrollArea()
        settings_scroll.setWidgetResizable(True)
        settings_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        settings_scroll.setWidget(self.settings)
        self.tabs = QTabWidget()
        self.heading = QLabel()
        self.heading.setStyleSheet("font-weight: bold; font-size: 11pt; padding-bottom: 4px;")
        self.heading.setWordWrap(True)
        self.tabs.addTab(self._padded(self.heading, self.props), "Properties")
        self.tabs.addTab(self.roster, "Units")
        self.tabs.addTab(settings_scroll, "Scenario")
        self.modules = ModulesForm(doc)
        modules_scroll = QScrollArea()
        modules_scroll.setWidgetResizable(True)
        modules_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        modules_scroll.setWidget(self.modules)
        self.tabs.addTab(modules_scroll, "Modules")
        self.tabs.setTabToolTip(3, "The Force on Force rule modules this scenario switches on, and "
                                   "their settings")
        self.tabs.setMinimumWidth(400)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.tabs)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setSizes([1400, 500])
        self.split = split
        self._split_done = False
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(split)

        self.canvas.unit_factory = self._unit_to_place
        self.canvas.selectionChanged.connect(self._selection_changed)
        self.canvas.message.connect(self.say)
        for form in (self.piece_form, self.unit_form, self.marker_form, self.zone_form, self.settings,
                     self.modules, self.ied_form):
            form.message.connect(self.say)
        self.marker_form.reselect.connect(lambda p: self._select_on_table(tuple(p)))
        self.roster.placeRequested.connect(lambda: self.set_tool("unit"))
        self.roster.unitClicked.connect(lambda i: self.focus_path(("units", i)))
        self.canvas.toolChanged.connect(self._tool_changed)
        self._actions = self._make_actions()
        doc.changed.connect(self._doc_changed)
        self._refresh_forms()

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        """On the first show, the forms get about two fifths of the page (400 to 520 pixels)
        and the table the rest: on a 1280-pixel screen the table had less room than the forms."""
        super().showEvent(event)
        if not self._split_done and self.width() > 0:
            self._split_done = True
            tabs = max(400, min(520, int(self.width() * 0.42)))
            self.split.setSizes([max(200, self.width() - tabs), tabs])

    @staticmethod
    def _padded(*widgets: QWidget) -> QWidget:
        box = QWidget()
        lay = QVBoxLayout(box)
        for w in widgets:
            lay.addWidget(w)
        lay.setStretch(len(widgets) - 1, 1)
        return box

    def _view_as(self) -> QHBoxLayout:
        """"View as: Everything / Regular player / Insurgent player" (Alt+W): the table as
        each side will see it in play, its hidden pieces left off (core/view.py)."""
        row = QHBoxLayout()
        label = QLabel("Vie&w as:")
        self.view_as = QComboBox()
        for text, viewer in (("Everything (the designer)", "all"), ("Regular player", "regular"),
                             ("Insurgent player", "insurgent")):
            self.view_as.addItem(text, viewer)
        self.view_as.setToolTip("Draw the table as each side will see it in play: a piece "
                                "hidden from that side (an IED's \"hidden from\") is left off; "
                                "its owner sees it (Alt+W)")
        label.setBuddy(self.view_as)
        self.view_as.currentIndexChanged.connect(
            lambda _i: self.canvas.set_viewer(str(self.view_as.currentData())))
        row.addWidget(label)
        row.addWidget(self.view_as)
        row.addStretch(1)
        return row

    # -- the page protocol --------------------------------------------------------------------
    def toolbar_actions(self) -> list[QAction]:
        """The tools (one checked at a time), then grid, snap, turn, delete and fit."""
        return list(self._actions)

    def fit(self) -> None:
        self.canvas.fit()

    def focus_path(self, path: tuple[str | int, ...]) -> bool:
        """Show and select what ``path`` names (the closest existing prefix): a piece, a
        unit (and one of its figures), a marker, or a field of the Scenario tab."""
        path = tuple(path)
        if not path:
            return False
        head = path[0]
        if path[:2] == ("table", "pieces") and len(path) >= 3:
            return self._select_on_table(("table", "pieces", path[2]))
        if head == "units" and len(path) >= 2:
            figure = path[3] if len(path) >= 4 and path[2] == "figures" else None
            figure = figure if isinstance(figure, int) and self.doc.get((*path[:4],)) is not None else None
            return self._select_on_table(("units", path[1]), figure)
        if head in MARKER_LISTS and len(path) >= 2:
            return self._select_on_table((head, path[1]))
        if self._focus_module(path):
            return True
        if is_zone(path[:4]):
            return self._select_on_table(path[:4])
        if path[:2] == ("victory", "awards") and len(path) >= 3 and isinstance(path[2], int):

            shorthand = sum(1 for r in scored(self.doc.data) if r.key is not None)
            self.settings.awards.select(shorthand + path[2])
        widget = self.settings.widget_for(path)
        if widget is None:
            return False
        self.tabs.setCurrentIndex(2)
        scroll = self.tabs.widget(2)
        if isinstance(scroll, QScrollArea):
            scroll.ensureWidgetVisible(widget)
        widget.setFocus()
        return True

    def _focus_module(self, path: DataPath) -> bool:
        """A module's problem about something on the table selects it: an IED, a minefield
        or mob by its piece id, a mortar team's or mounted unit's unit, a leader's figure.
        Anything else of a module shows its field on the Modules tab."""
        from ambush_gui.alley.fof import MODULE_NAMES

        pieces = [p.get("id") for p in self.doc.get(("table", "pieces")) or []]
        units = self.doc.get(("units",)) or []

        def unit_path(uid: Any) -> bool:
            ids = [u.get("id") for u in units]
            return uid in ids and self._select_on_table(("units", ids.index(uid)))

        if path[:2] == IEDS and len(path) >= 3 and isinstance(path[2], int):
            return self._select_on_table(path[:3])
        if path[:2] == ("mines", "fields") and len(path) >= 3 and path[2] in pieces:
            return self._select_on_table(("table", "pieces", pieces.index(path[2])))
        if path[:2] == ("civilians", "hostile_mobs") and len(path) >= 3 and isinstance(path[2], int):
            mobs = self.doc.get(path[:2]) or []
            if path[2] < len(mobs) and mobs[path[2]] in pieces:
                return self._select_on_table(("table", "pieces", pieces.index(mobs[path[2]])))
        if path[:2] == ("mortars", "teams") and len(path) >= 3 and unit_path(path[2]):
            return True
        if path[:2] == ("mounted", "units") and len(path) >= 3 and isinstance(path[2], int) \
                and unit_path(self.doc.get((*path[:3], "unit"))):
            return True
        if path[0] == "combat_stress" and len(path) >= 3 and isinstance(path[2], int):
            fig = self.doc.get((*path[:3], "figure"))
            for i, u in enumerate(units):
                ids = [f.get("id") for f in u.get("figures") or []]
                if fig in ids:
                    return self._select_on_table(("units", i), ids.index(fig))
        if path[0] == "modules" or path[0] in MODULE_NAMES:
            widget = self.modules.widget_for(path) or self.modules.switches.get(
                str(path[0]) if path[0] != "modules" else str(path[1]) if len(path) > 1
                and isinstance(path[1], str) else "")
            if isinstance(widget, RecordList) and len(path) >= 3 and isinstance(path[2], int) \
                    and path[2] < len(widget.widgets):  # the line itself, at its field
                keys = [c.key for c in widget.columns]
                col = keys.index(str(path[3])) if len(path) >= 4 and path[3] in keys else 0
                widget = widget.widgets[path[2]][col]
            self.tabs.setCurrentIndex(3)
            scroll = self.tabs.widget(3)
            if widget is not None and isinstance(scroll, QScrollArea):
                target = widget
                scroll.ensureWidgetVisible(target, 50, 120)
                # again once the tab just shown is laid out (it moves a little the first time)
                QTimer.singleShot(0, lambda: scroll.ensureWidgetVisible(target, 50, 120))
                widget.setFocus()
            return True
        return False

    def _select_on_table(self, path: DataPath, figure: int | None = None) -> bool:
        if self.doc.get(path) is None:
            return False
        self.canvas.select(path, figure)
        self._selection_changed(path)
        self.canvas.centre_on(path if figure is None else (*path,))
        self._show_properties()
        return True

    def _show_properties(self) -> None:
        """Bring the Properties tab forward. When the keyboard was in the tab it hides (the
        roster's Place button or list, a Scenario field), Qt would hand it to the first field
        of the selected thing's form (a unit's Id, a figure's Kind) and the next key typed
        would change it: the keyboard goes to the table instead, where the tools' keys, Del,
        R and Esc act on what was just selected."""
        if self.tabs.currentIndex() == 0:
            return
        focus = QApplication.focusWidget()
        leaving = focus is not None and self.tabs.isAncestorOf(focus)
        self.tabs.setCurrentIndex(0)
        if leaving:
            self.canvas.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- tools -----------------------------------------------------------------------------------
    def _unit_to_place(self, at: tuple[float, float]) -> dict[str, Any]:
        """The unit the roster form describes, for the Unit tool's click; its name is then
        cleared, so the next unit placed does not carry it too (two units of one name read
        alike in the log and the score; the form kept the last name and the next unit took it)."""
        unit = self.roster.make_unit(at)
        self.roster.name.clear()
        return unit

    def _make_actions(self) -> list[QAction]:
        acts: list[QAction] = []
        self.tool_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        group.setExclusive(True)
        tools = ["select", *(f"rect:{k}" for k in PIECE_KINDS), "ied", "polygon", "unit", "hot_spot",
                 "escort", "aid_station", "zone:regular", "zone:insurgent"]
        for tool in tools:
            title = KIND_TITLES[tool[5:]] if tool.startswith("rect:") else TOOL_TITLES[tool]
            a = QAction(title, self)
            a.setCheckable(True)
            a.setShortcut(QKeySequence(TOOL_KEYS[tool]))
            a.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            tip = TOOL_TIPS.get(tool, f"Drag out a {title.lower()} (a click drops one of the usual "
                                      "size)")
            a.setToolTip(f"{tip} ({TOOL_KEYS[tool]})")
            a.setStatusTip(tip)
            a.triggered.connect(lambda _on=False, tool=tool: self.set_tool(tool))
            group.addAction(a)
            self.tool_actions[tool] = a
            acts.append(a)
        self.tool_actions["select"].setChecked(True)
        self.addActions(acts)
        sep = QAction(self)
        sep.setSeparator(True)
        acts.append(sep)
        self.grid_action = QAction("Grid", self, checkable=True, checked=True)
        self.grid_action.setToolTip("Show the inch grid (G)")
        self.grid_action.setShortcut(QKeySequence("G"))
        self.grid_action.toggled.connect(self._grid)
        self.snap_action = QAction("Snap ½\"", self, checkable=True, checked=True)
        self.snap_action.setToolTip("Snap positions and moves to half inches (N)")
        self.snap_action.setShortcut(QKeySequence("N"))
        self.snap_action.toggled.connect(lambda on: setattr(self.canvas, "snap", on))
        turn = QAction("Turn 15°", self)
        turn.setToolTip("Turn the selected piece or zone 15° clockwise (R; Shift+R anticlockwise)")
        turn.triggered.connect(lambda: self.canvas.rotate_selected(-15.0))
        delete = QAction("Delete", self)
        delete.setToolTip("Delete the selected piece, unit, marker or zone (Del)")
        delete.triggered.connect(self.canvas.delete_selected)
        fit = QAction("Fit", self)
        fit.setToolTip("Show the whole table (F)")
        fit.triggered.connect(self.fit)
        for a in (self.grid_action, self.snap_action, turn, delete, fit):
            a.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(a)
            acts.append(a)
        return acts

    def set_tool(self, tool: str) -> None:
        self.canvas.set_tool(tool)
        self.canvas.setFocus()

    def _tool_changed(self, tool: str) -> None:
        a = self.tool_actions.get(tool)
        if a is not None and not a.isChecked():
            a.setChecked(True)
        self.say(TOOL_TIPS.get(tool, f"Drag out a {KIND_TITLES.get(tool[5:], '').lower()} on the table "
                                     "(a click drops one of the usual size)"))

    def _grid(self, on: bool) -> None:
        self.canvas.show_grid = on
        self.canvas.rebuild()

    # -- status and forms ---------------------------------------------------------------------------
    def say(self, text: str, refused: bool = False) -> None:
        colour = theme.EDITOR_STATUS_BAD.name() if refused else theme.DIALOG_TEXT.name()
        self.status.setStyleSheet(f"color: {colour}; padding: 2px 6px;"
                                  + (" font-weight: bold;" if refused else ""))
        self.status.setText(text)
        self._status_clear.start(STATUS_REFUSED_MS if refused else STATUS_MS)
        self.statusMessage.emit(text)

    def _selection_changed(self, path: object) -> None:
        p = path if isinstance(path, tuple) else None
        if p is None:
            self.props.setCurrentWidget(self.nothing)
        elif p[:2] == ("table", "pieces"):
            self.piece_form.base = p
            self.props.setCurrentWidget(self.piece_form)
        elif p[0] == "units":
            self.unit_form.base = p
            self.props.setCurrentWidget(self.unit_form)
        elif is_zone(p):
            self.zone_form.base = p
            self.props.setCurrentWidget(self.zone_form)
        elif p[:2] == IEDS:
            self.ied_form.base = p
            self.props.setCurrentWidget(self.ied_form)
        else:
            self.marker_form.base = p
            self.props.setCurrentWidget(self.marker_form)
        if p is not None:
            self._show_properties()
        self._refresh_selected()
        self._set_heading(self._heading(p))

    def _set_heading(self, text: str) -> None:
        """The heading over the form, hidden when the form has its own title (a marker)."""
        self.heading.setText(text)
        self.heading.setVisible(bool(text))

    def _heading(self, p: DataPath | None) -> str:
        """What is selected, in words: "Building: Shop", "Regular unit: Fireteam Alpha"."""
        value = self.doc.get(p) if p is not None else None
        if p is None or value is None:
            return ""
        if p[:2] == ("table", "pieces"):
            kind = KIND_TITLES.get(str(value.get("kind")), str(value.get("kind")))
            return f"{kind}: {value.get('label') or value.get('id')}"
        if p[0] == "units":
            side = theme.SIDE_NAMES.get(str(value.get("side")), "")
            figure = self.canvas.selected_figure
            figs = value.get("figures") or []
            extra = f" — figure {figs[figure].get('id')}" if figure is not None and figure < len(figs) else ""
            return f"{side} unit: {value.get('name') or value.get('id')}{extra}"
        if is_zone(p):
            return zone_name(self.doc.data, p)
        if p[:2] == IEDS:
            return f"IED: {value.get('label') or value.get('id')}"
        return ""

    def _refresh_selected(self) -> None:
        w = self.props.currentWidget()
        forms = (self.piece_form, self.unit_form, self.marker_form, self.zone_form, self.ied_form)
        if w in forms and self.doc.get(w.base) is not None:
            w.refresh()

    def _refresh_forms(self) -> None:
        self._refresh_selected()
        self.roster.refresh()
        self.settings.refresh()
        self.modules.refresh()

    def _doc_changed(self, path: object) -> None:
        if self.canvas.selected is None and self.props.currentWidget() is not self.nothing:
            self._selection_changed(None)
        self._refresh_forms()
        self._set_heading(self._heading(self.canvas.selected))
