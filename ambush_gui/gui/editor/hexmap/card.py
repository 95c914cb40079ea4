"""The Mission Card tab of the mission page: Conditions, Paragraph Checks, areas, the Event
column and the red references.

- **Conditions** (AR-110, AR-123): each a capital letter and a short description; the
  Condition in force at the start. Every German card needs a column per Condition, so
  adding a Condition fills that column on every card with his first column's paragraphs.
- **Paragraph Checks** (AR-003): hexes or areas, the paragraph read on entering, and the
  Conditions they apply under (none listed: all). Made from the hexes selected on the map.
- **Areas**: named groups of hexes, made from the selection.
- **Event column** (AR-029): the paragraph for each 2d6 total 2-12 under every Condition,
  and the lines a Condition replaces (its own column).
- **Red references** (AR-112): arrows hex to hex; drawn on the map with the reference tool
  (click the hex he leaves, then the hex he enters), removed here. Each reference may hold
  under some Conditions only (as :meth:`~ambush_gui.ambush.mission.Mission.references`
  reads them: none ticked, every Condition); the map shows the references in force under
  the Condition picked in "Show on the map" (``referenceView``), and arrows drawn while a
  Condition is picked hold under that Condition.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.gui.editor.document import EditorDocument
from ambush_gui.gui.editor.hexmap.data import compact_spans
from ambush_gui.gui.editor.hexmap.widgets import (
    combo,
    labels_text,
    parse_labels,
    set_quiet,
    spin,
    stack_when_narrow,
)

TOTALS = range(2, 13)


def _item(text: str, editable: bool = True) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    if not editable:
        item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
    return item


def _table(rows: int, heads: list[str], tip: str) -> QTableWidget:
    t = QTableWidget(rows, len(heads))
    t.setHorizontalHeaderLabels(heads)
    t.setToolTip(tip)
    t.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    t.verticalHeader().setDefaultSectionSize(22)
    return t


def in_force(ref: dict[str, Any], condition: str | None) -> bool:
    """Whether a red reference holds under ``condition`` (None: any Condition at all), the
    test :meth:`~ambush_gui.ambush.mission.Mission.references` makes."""
    when = ref.get("when") or []
    return condition is None or not when or condition in when



def _total_order(kv: tuple[str, Any]) -> tuple[bool, int, str]:
    """An Event column's totals in order, a key that is not a total (the Problems list
    names it) after them."""
    k = str(kv[0])
    return (not k.isdigit(), int(k) if k.isdigit() else 0, k)

class CardEditor(QWidget):
    """The Mission Card: Conditions, checks, areas, events, references."""

    showHexes = Signal(list)  # hexes to show on the map (a check's, an area's, a reference's)
    referenceView = Signal(object)  # the Condition whose references the map shows (None: all)

    def __init__(self, doc: EditorDocument, selection: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.selection = selection  # () -> the hexes selected on the map

        # Conditions
        self.start = combo([])
        self.start.setToolTip("The Condition in force when the mission starts")
        self.conditions = _table(0, ["Condition", "What it means"],
                                 "The Mission Card's Conditions: a capital letter and what it means")
        self.conditions.setMaximumHeight(110)
        self.conditions.setMinimumHeight(96)
        self.cond_add, self.cond_drop = QPushButton("Add Condition"), QPushButton("Remove Condition")
        self.cond_add.setToolTip("Add the next letter; every German card gets a column for it")
        self.cond_drop.setToolTip("Remove the selected Condition (and its column on every German card)")
        cbox = QGroupBox("Conditions")
        cl = QFormLayout(cbox)
        cl.addRow("At the start", self.start)
        cl.addRow(self.conditions)
        row = QHBoxLayout()
        row.addWidget(self.cond_add)
        row.addWidget(self.cond_drop)
        row.addStretch(1)
        cl.addRow(row)

        # Paragraph Checks and areas
        self.checks = _table(0, ["Where (hexes or areas)", "Paragraph", "Under Conditions"],
                             "Entering one of these hexes reads the paragraph; under the Conditions "
                             "listed (none: all). Select a row to see its hexes on the map")
        self.checks.setMinimumHeight(160)
        self.check_paragraph = spin(1, 9999, "The paragraph the new check reads")
        self.check_add = QPushButton("Add check for selected hexes")
        self.check_drop = QPushButton("Remove check")
        self.check_add.setToolTip("A Paragraph Check for the hexes selected on the map (Select tool)")
        self.check_drop.setToolTip("Remove the selected Paragraph Check")
        self.areas = _table(0, ["Area", "Hexes"], "Named groups of hexes, for checks and conditions")
        self.areas.setMinimumHeight(120)
        self.area_name = QLineEdit()
        self.area_name.setPlaceholderText("the new area's name, e.g. yard")
        self.area_add, self.area_drop = QPushButton("Name the selection"), QPushButton("Remove")
        self.area_add.setToolTip("Name the hexes selected on the map as an area")
        self.area_drop.setToolTip("Remove the selected area")
        self.area_check = QPushButton("Add its check")
        self.area_check.setToolTip("A Paragraph Check for the selected area, reading the paragraph "
                                    "given beside 'Add check for selected hexes'")
        kbox = QGroupBox("Paragraph Checks")
        kl = QVBoxLayout(kbox)
        kl.addWidget(self.checks, 2)
        row = QHBoxLayout()
        row.addWidget(QLabel("Paragraph"))
        row.addWidget(self.check_paragraph)
        row.addWidget(self.check_add)
        row.addWidget(self.check_drop)
        row.addStretch(1)
        kl.addLayout(row)
        abox = QGroupBox("Areas")
        al = QVBoxLayout(abox)
        al.addWidget(self.areas, 1)
        al.addWidget(self.area_name)
        row = QHBoxLayout()
        row.addWidget(self.area_add)
        row.addWidget(self.area_check)
        row.addWidget(self.area_drop)
        al.addLayout(row)

        # the Event column
        self.events = _table(len(TOTALS), ["All"],
                             "The Event Check at the end of each turn: the paragraph for each 2d6 "
                             "total (empty: no event). A Condition's column replaces a line under "
                             "that Condition")
        self.events.setVerticalHeaderLabels([str(t) for t in TOTALS])
        self.events.setMinimumHeight(22 * 11 + 28)
        ebox = QGroupBox("Event column (2d6)")
        QVBoxLayout(ebox).addWidget(self.events)

        # references
        self.references = QListWidget()
        self.references.setToolTip("The red movement references a moving German follows. Draw them on "
                                   "the map with the Red reference tool (R): the hex he leaves, then "
                                   "the hex he enters")
        self.references.setMinimumHeight(140)
        self.references.setWordWrap(True)
        self.ref_drop = QPushButton("Remove reference")
        self.ref_drop.setToolTip("Remove the selected red reference (Delete)")
        delete = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.references)
        delete.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete.activated.connect(self.remove_reference)
        self.ref_view = combo([("every Condition", None)],
                              "Which red references the map shows: those in force under this "
                              "Condition (every Condition: all of them). Arrows drawn with the Red "
                              "reference tool while a Condition is picked hold under it only")
        self.ref_when_row = QHBoxLayout()
        self.ref_when_row.setContentsMargins(0, 0, 0, 0)
        self.ref_when_boxes: dict[str, QCheckBox] = {}
        self.ref_when_hint = QLabel("(none ticked: every Condition)")
        rbox = QGroupBox("Red references")
        rl = QVBoxLayout(rbox)
        view_row = QHBoxLayout()
        view_row.addWidget(QLabel("Show on the map under"))
        view_row.addWidget(self.ref_view, 1)
        rl.addLayout(view_row)
        rl.addWidget(self.references)
        when_row = QHBoxLayout()
        when_row.addWidget(QLabel("Selected holds under"))
        when_row.addLayout(self.ref_when_row)
        when_row.addWidget(self.ref_when_hint)
        when_row.addStretch(1)
        rl.addLayout(when_row)
        rl.addWidget(self.ref_drop, 0, Qt.AlignmentFlag.AlignLeft)

        self.columns_layout = lay = QHBoxLayout(self)
        left, right = QVBoxLayout(), QVBoxLayout()
        left.addWidget(cbox)
        left.addWidget(kbox, 1)
        right.addWidget(ebox)
        right.addWidget(abox, 1)
        right.addWidget(rbox)
        lay.addLayout(left, 3)
        lay.addLayout(right, 2)

        self._event_cols: list[str | None] = []
        self.start.activated.connect(
            lambda: self.doc.set(("card", "start"), self.start.currentData(),
                                 f"Start under Condition {self.start.currentData()}"))
        self.conditions.itemChanged.connect(self._condition_edited)
        self.cond_add.clicked.connect(lambda: self.add_condition())
        self.cond_drop.clicked.connect(self._drop_condition)
        self.checks.itemChanged.connect(self._check_edited)
        self.checks.currentCellChanged.connect(lambda r, *_: self._show_check(r))
        self.check_add.clicked.connect(lambda: self.add_check(self.selection(), self.check_paragraph.value()))
        self.check_drop.clicked.connect(self._drop_check)
        self.area_add.clicked.connect(lambda: self.add_area(self.area_name.text().strip(), self.selection()))
        self.area_drop.clicked.connect(self._drop_area)
        self.area_check.clicked.connect(self._check_for_area)
        self.areas.currentCellChanged.connect(lambda r, *_: self._show_area(r))
        self.events.itemChanged.connect(self._event_edited)
        self.references.currentRowChanged.connect(self._show_reference)
        self.ref_view.activated.connect(lambda: self._reference_view_changed())
        self.ref_drop.clicked.connect(self.remove_reference)
        self.refresh()

    def set_narrow(self, narrow: bool) -> None:
        """The Event column, areas and references under the rest (narrow) or beside it."""
        stack_when_narrow(self.columns_layout, narrow)

    # -- drawing ---------------------------------------------------------------------------
    def names(self) -> list[str]:
        return sorted(self.doc.get(("conditions",), {}) or {})

    def refresh(self) -> None:
        conds = self.doc.get(("conditions",), {}) or {}
        names = sorted(conds)
        with QSignalBlocker(self.start):
            self.start.clear()
            for c in names:
                self.start.addItem(f"{c}: {conds[c].get('name', '')}", c)
        set_quiet(self.start, self.doc.get(("card", "start"), ""))
        with QSignalBlocker(self.conditions):
            self.conditions.setRowCount(len(names))
            for r, c in enumerate(names):
                self.conditions.setItem(r, 0, _item(c, editable=False))
                self.conditions.setItem(r, 1, _item(str(conds[c].get("name", ""))))
        checks = self.doc.get(("card", "checks"), []) or []
        with QSignalBlocker(self.checks):
            row = self.checks.currentRow()
            self.checks.setRowCount(len(checks))
            for r, ch in enumerate(checks):
                self.checks.setItem(r, 0, _item(labels_text(ch.get("at", []))))
                self.checks.setItem(r, 1, _item(str(ch.get("paragraph", ""))))
                self.checks.setItem(r, 2, _item(labels_text(ch.get("when", []))))
            if 0 <= row < len(checks):
                self.checks.setCurrentCell(row, self.checks.currentColumn())
        areas = self.doc.get(("map", "areas"), {}) or {}
        with QSignalBlocker(self.areas):
            self.areas.setRowCount(len(areas))
            for r, (name, spans) in enumerate(sorted(areas.items())):
                self.areas.setItem(r, 0, _item(name, editable=False))
                self.areas.setItem(r, 1, _item(labels_text(spans), editable=False))
        self._event_cols = [None, *names]
        with QSignalBlocker(self.events):
            self.events.setColumnCount(len(self._event_cols))
            self.events.setHorizontalHeaderLabels(["All", *[f"Under {c}" for c in names]])
            for k, col in enumerate(self._event_cols):
                events = self._events_of(col)
                for r, total in enumerate(TOTALS):
                    n = events.get(total)
                    self.events.setItem(r, k, _item("" if n is None else str(n)))
        viewing = self.reference_view()
        with QSignalBlocker(self.ref_view):
            self.ref_view.clear()
            self.ref_view.addItem("every Condition", None)
            for c in names:
                self.ref_view.addItem(f"{c}: {conds[c].get('name', '')}", c)
            self.ref_view.setCurrentIndex(max(0, self.ref_view.findData(viewing)))
        if list(self.ref_when_boxes) != names:
            for box in self.ref_when_boxes.values():
                box.setParent(None)
                box.deleteLater()
            self.ref_when_boxes = {}
            for c in names:
                box = QCheckBox(c)
                box.setToolTip(f"The selected reference holds under Condition {c}: "
                               f"{conds[c].get('name', '')}")
                box.toggled.connect(lambda _=False: self._reference_when_edited())
                self.ref_when_row.addWidget(box)
                self.ref_when_boxes[c] = box
        self.refresh_references()

    def refresh_references(self) -> None:
        """The list of red references (those not shown under the viewed Condition greyed),
        and the selected one's Conditions."""
        refs = self.doc.get(("card", "references"), []) or []
        viewing = self.reference_view()
        with QSignalBlocker(self.references):
            row = self.references.currentRow()
            self.references.clear()
            for ref in refs:
                when = ref.get("when", [])
                self.references.addItem(" → ".join(map(str, ref.get("path", [])))
                                        + (f"   (under {', '.join(map(str, when))})" if when else ""))
                item = self.references.item(self.references.count() - 1)
                if not in_force(ref, viewing):
                    item.setForeground(self.palette().placeholderText())
                    item.setToolTip(f"Not in force under Condition {viewing}: not shown on the map")
            if refs:
                self.references.setCurrentRow(min(max(row, 0), len(refs) - 1))
        self._show_reference_when()

    def _show_reference_when(self) -> None:
        refs = self.doc.get(("card", "references"), []) or []
        r = self.references.currentRow()
        when = set(refs[r].get("when") or []) if 0 <= r < len(refs) else set()
        for c, box in self.ref_when_boxes.items():
            with QSignalBlocker(box):
                box.setChecked(c in when)
            box.setEnabled(0 <= r < len(refs))

    def _events_of(self, col: str | None) -> dict[int, int]:
        path = ("card", "events") if col is None else ("conditions", col, "events")
        return {int(k): v for k, v in (self.doc.get(path, {}) or {}).items() if str(k).isdigit()}

    # -- Conditions ------------------------------------------------------------------------
    def add_condition(self, name: str = "") -> str:
        """Add the next Condition letter; every German card gets its column (a copy of his
        first column), so the cards stay complete. Returns the letter."""
        names = self.names()
        taken = set(names)
        for g in self.doc.get(("germans",), []) or []:
            taken |= set(g.get("reactions", {}))
        letter = next(c for c in "ABCDEFGHIJKLMNOPQRTUVWXYZ" if c not in taken)
        with self.doc.macro(f"Add Condition {letter}"):
            self.doc.set(("conditions", letter), {"name": name or f"Condition {letter}"})
            for i, g in enumerate(self.doc.get(("germans",), []) or []):
                cols = g.get("columns", {})
                first = cols[sorted(cols)[0]] if cols else g.get("self_preservation", [1] * 10)
                self.doc.set(("germans", i, "columns", letter), list(first))
        return letter

    def _drop_condition(self) -> None:
        r = self.conditions.currentRow()
        names = self.names()
        if 0 <= r < len(names) and len(names) > 1:
            self.remove_condition(names[r])

    def remove_condition(self, letter: str) -> None:
        with self.doc.macro(f"Remove Condition {letter}"):
            self.doc.set(("conditions", letter), None)
            for i, g in enumerate(self.doc.get(("germans",), []) or []):
                if letter in g.get("columns", {}):
                    self.doc.set(("germans", i, "columns", letter), None)

    def _condition_edited(self, item: QTableWidgetItem) -> None:
        names = self.names()
        if item.column() == 1 and item.row() < len(names):
            c = names[item.row()]
            self.doc.set(("conditions", c, "name"), item.text(), f"Describe Condition {c}")

    # -- checks and areas ------------------------------------------------------------------
    def add_check(self, places: list[str], paragraph: int) -> int | None:
        if not places:
            return None
        return self.doc.insert(("card", "checks"), None, {"at": list(places), "paragraph": paragraph},
                               f"Add a Paragraph Check: {', '.join(places)} read {paragraph}")

    def _check_edited(self, item: QTableWidgetItem) -> None:
        r, c = item.row(), item.column()
        text = item.text().strip()
        if c == 0:
            self.doc.set(("card", "checks", r, "at"), parse_labels(text), "Change where a check applies")
        elif c == 1:
            try:
                n = int(text)
            except ValueError:
                self.refresh()
                return
            self.doc.set(("card", "checks", r, "paragraph"), n, f"A Paragraph Check reads {n}")
        else:
            when = [w.upper() for w in parse_labels(text)]
            self.doc.set(("card", "checks", r, "when"), when or None, "Change a check's Conditions")

    def _drop_check(self) -> None:
        r = self.checks.currentRow()
        if r >= 0:
            self.doc.remove(("card", "checks"), r, "Remove a Paragraph Check")

    def _show_check(self, r: int) -> None:
        checks = self.doc.get(("card", "checks"), []) or []
        if 0 <= r < len(checks):
            self.showHexes.emit(list(checks[r].get("at", [])))

    def add_area(self, name: str, hexes: list[str]) -> bool:
        if not name or not hexes:
            return False
        self.doc.set(("map", "areas", name), compact_spans(hexes), f"Name {len(hexes)} hexes area {name}")
        return True

    def _area_names(self) -> list[str]:
        return sorted(self.doc.get(("map", "areas"), {}) or {})

    def _drop_area(self) -> None:
        r = self.areas.currentRow()
        names = self._area_names()
        if 0 <= r < len(names):
            self.doc.set(("map", "areas", names[r]), None, f"Remove area {names[r]}")

    def _check_for_area(self) -> None:
        r = self.areas.currentRow()
        names = self._area_names()
        if 0 <= r < len(names):
            self.add_check([names[r]], self.check_paragraph.value())

    def _show_area(self, r: int) -> None:
        names = self._area_names()
        if 0 <= r < len(names):
            self.showHexes.emit([names[r]])

    # -- the Event column ------------------------------------------------------------------
    def set_event(self, total: int, paragraph: int | None, condition: str | None = None) -> None:
        """The paragraph for a 2d6 ``total`` (None: no event), for every Condition or for
        one Condition's own column."""
        path = ("card", "events") if condition is None else ("conditions", condition, "events")
        under = "" if condition is None else f" under {condition}"
        # TOML keys are strings: the file says { 7 = 12 } and the loader reads "7"
        events = {str(k): v for k, v in (self.doc.get(path, {}) or {}).items()}
        if paragraph is None:
            events.pop(str(total), None)
            text = f"No event on {total}{under}"
        else:
            events[str(total)] = paragraph
            text = f"Event {total}{under} reads paragraph {paragraph}"
        self.doc.set(path, dict(sorted(events.items(), key=_total_order)), text)

    def _event_edited(self, item: QTableWidgetItem) -> None:
        total = TOTALS[item.row()]
        col = self._event_cols[item.column()]
        text = item.text().strip()
        if not text:
            self.set_event(total, None, col)
            return
        try:
            self.set_event(total, int(text), col)
        except ValueError:
            self.refresh()

    # -- references ------------------------------------------------------------------------
    def reference_view(self) -> str | None:
        """The Condition whose red references the map shows (None: every reference)."""
        data = self.ref_view.currentData()
        return None if data is None else str(data)

    def set_reference_view(self, condition: str | None) -> None:
        """Show the references in force under ``condition`` (None: all of them)."""
        i = self.ref_view.findData(condition)
        if i >= 0:
            self.ref_view.setCurrentIndex(i)
            self._reference_view_changed()

    def _reference_view_changed(self) -> None:
        self.refresh_references()
        self.referenceView.emit(self.reference_view())

    def add_reference(self, a: str, b: str) -> None:
        """An arrow from ``a`` to ``b``, holding under the Condition the map shows (under
        every Condition when it shows all): it extends a reference ending in ``a`` with the
        same Conditions, or starts a new one."""
        viewing = self.reference_view()
        when = [viewing] if viewing else []
        under = f" under {viewing}" if viewing else ""
        refs = self.doc.get(("card", "references"), []) or []
        for i, ref in enumerate(refs):
            path = ref.get("path", [])
            if path and path[-1] == a and list(ref.get("when") or []) == when:
                self.doc.insert(("card", "references", i, "path"), None, b,
                                f"Red reference {a} → {b}{under}")
                return
        new: dict[str, Any] = {"path": [a, b]}
        if when:
            new["when"] = when
        self.doc.insert(("card", "references"), None, new, f"Red reference {a} → {b}{under}")

    def set_reference_when(self, r: int, when: list[str]) -> None:
        """The Conditions red reference ``r`` holds under ([]: every Condition); one undo step."""
        refs = self.doc.get(("card", "references"), []) or []
        if not 0 <= r < len(refs):
            return
        path = refs[r].get("path", [])
        route = f"{path[0]} → {path[-1]}" if path else f"{r + 1}"
        words = f"under {', '.join(when)} only" if when else "under every Condition"
        self.doc.set(("card", "references", r, "when"), sorted(when) or None,
                     f"Red reference {route} holds {words}")

    def _reference_when_edited(self) -> None:
        when = [c for c, box in self.ref_when_boxes.items() if box.isChecked()]
        self.set_reference_when(self.references.currentRow(), when)

    def remove_reference(self) -> None:
        r = self.references.currentRow()
        if r >= 0:
            self.doc.remove(("card", "references"), r, "Remove a red reference")

    def _show_reference(self, r: int) -> None:
        refs = self.doc.get(("card", "references"), []) or []
        self._show_reference_when()
        if 0 <= r < len(refs):
            self.showHexes.emit(list(refs[r].get("path", [])))
