"""The soldier cards of the mission page: the German cards and the US squad.

A German card (AR-007, AR-110..114) is his number and counter letter, name, ratings,
weapons, and the paragraph table: one row per Action Number 0-9, one column per Condition,
then his Special Reaction columns (each answering one situation, AR-113) and the
Self-Preservation column S (AR-114). Each cell names the paragraph he reads. The card also
says where he comes onto the map: the paragraphs whose options activate him.

A US soldier card is his id and name, the ratings (AR, MPA, WS, PER, LDR), weapons, Ammo
Boxes (at most four, FC-039) and the hexes he may enter by.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QBrush, QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.ambush.charts import Charts
from ambush_gui.ambush.mission import ACTION_NUMBERS, SELF_PRESERVATION, Reaction
from ambush_gui.ambush.model import MAX_AMMO_BOXES
from ambush_gui.gui.editor.document import EditorDocument
from ambush_gui.gui.editor.hexmap.data import activations, whole
from ambush_gui.gui.editor.hexmap.widgets import KeyListEdit, parse_labels, set_quiet, spin
from ambush_gui.gui.shared import theme

RATINGS = [("ar", "AR", "Action Rating: his column on the AR Track", -1, 12),
           ("mpa", "MPA", "Movement Point Allowance", 1, 20),
           ("ws", "WS", "Weapon Skill", -1, 12),
           ("per", "PER", "Perception", -1, 12),
           ("ldr", "LDR", "Leadership", -1, 12)]


def weapon_choices(charts: Charts, side: str | None = None,
                   crew_note: bool = False) -> list[tuple[str, str]]:
    """(key, "Name (key)") of the Weapon Chart's weapons, the side's own first. With
    ``crew_note`` a crew weapon says that two US soldiers carry it: the squad's weapons
    list, where listing it on two cards makes one gun they share (FC-053)."""
    rows = []
    for key, w in charts.spec.weapons.items():
        name = getattr(w, "name", key)
        own = side is None or str(getattr(w, "side", side)) == side
        crew = " — crew weapon, two carriers" if crew_note and str(getattr(w, "kind", "")) == "crew" \
            else ""
        rows.append((not own, key, f"{name} ({key}){crew}"))
    return [(k, text) for _, k, text in sorted(rows)]


def _ratings_row(form: QFormLayout) -> dict[str, QSpinBox]:
    boxes = {}
    row = QHBoxLayout()
    for key, short, tip, low, high in RATINGS:
        box = spin(low, high, tip)
        label = QLabel(short)
        label.setToolTip(tip)
        row.addWidget(label)
        row.addWidget(box)
        boxes[key] = box
    row.addStretch(1)
    form.addRow("Ratings", row)
    return boxes


class _CardList(QWidget):
    """A list of cards on the left, the selected card's form on the right (in a narrow
    pane, :meth:`set_narrow`: the list above the form)."""

    def __init__(self, doc: EditorDocument, key: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.key = key
        self.list = QListWidget()
        self.add = QPushButton("Add")
        self.drop = QPushButton("Remove")
        self.drop.setToolTip("Remove the selected card")
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        ll.addWidget(self.list)
        row = QHBoxLayout()
        row.addWidget(self.add)
        row.addWidget(self.drop)
        ll.addLayout(row)
        self.form_widget = QWidget()
        self.form = QFormLayout()
        column = QVBoxLayout(self.form_widget)
        column.addLayout(self.form)
        column.addStretch(1)  # the rows keep their height; the room left stays below
        self.split = split = QSplitter()
        split.setChildrenCollapsible(False)
        split.addWidget(left)
        split.addWidget(self.form_widget)
        split.setStretchFactor(1, 3)
        split.setSizes([250, 600])
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(split)
        self.list.currentRowChanged.connect(lambda _: self.refresh_card())
        self.add.clicked.connect(lambda: self.add_card())
        self.drop.clicked.connect(self.remove_card)

    def set_narrow(self, narrow: bool) -> None:
        """The list above the form (narrow) or beside it."""
        want = Qt.Orientation.Vertical if narrow else Qt.Orientation.Horizontal
        if self.split.orientation() != want:
            self.split.setOrientation(want)
            self.split.setSizes([150, 600] if narrow else [250, 600])

    def cards(self) -> list[dict[str, Any]]:
        return list(self.doc.get((self.key,), []) or [])

    def current(self) -> int:
        return self.list.currentRow()

    def title_of(self, card: dict[str, Any]) -> str:
        raise NotImplementedError

    def refresh(self) -> None:
        cards = self.cards()
        with QSignalBlocker(self.list):
            row = self.list.currentRow()
            self.list.clear()
            for c in cards:
                self.list.addItem(self.title_of(c))
            if cards:
                self.list.setCurrentRow(min(max(row, 0), len(cards) - 1))
        self.refresh_card()

    def refresh_card(self) -> None:
        raise NotImplementedError

    def select(self, i: int) -> bool:
        if 0 <= i < self.list.count():
            self.list.setCurrentRow(i)
            return True
        return False

    def set_field(self, field: str | tuple[str | int, ...], value: Any, what: str) -> None:
        i = self.current()
        if i < 0:
            return
        path = (self.key, i, *((field,) if isinstance(field, str) else field))
        self.doc.set(path, value, what)

    def add_card(self) -> int:
        raise NotImplementedError

    def remove_card(self) -> None:
        i = self.current()
        if i >= 0:
            self.doc.remove((self.key,), i, f"Remove {self.title_of(self.cards()[i])}")


class GermanCards(_CardList):
    """The German soldier cards."""

    paragraphClicked = Signal(str)  # dotted path of an option activating him

    def __init__(self, doc: EditorDocument, charts: Charts, parent: QWidget | None = None) -> None:
        super().__init__(doc, "germans", parent)
        self.add.setText("Add German")
        self.add.setToolTip("Add a German card, its table filled with the first paragraph (the "
                            "Problems list warns of it until his Action Numbers lead elsewhere)")
        self.number = spin(1, 99, "His number: what paragraphs name him by")
        self.letter = QLineEdit()
        self.letter.setMaxLength(1)
        self.letter.setMaximumWidth(40)
        self.letter.setToolTip("The letter on his counter (A-Z)")
        self.name = QLineEdit()
        top = QHBoxLayout()
        top.addWidget(self.number)
        top.addWidget(QLabel("Letter"))
        top.addWidget(self.letter)
        top.addWidget(QLabel("Name"))
        top.addWidget(self.name, 1)
        self.form.addRow("Number", top)
        self.ratings = _ratings_row(self.form)
        self.has_points = QCheckBox("own points")
        self.has_points.setToolTip("Points scored when he is activated; unticked: the mission's "
                                   "points per German activated (AR-010)")
        self.points = spin(-20, 20)
        prow = QHBoxLayout()
        prow.addWidget(self.has_points)
        prow.addWidget(self.points)
        prow.addStretch(1)
        self.form.addRow("Activation", prow)
        self.weapons = KeyListEdit(weapon_choices(charts, "german"), "weapons")
        self.form.addRow("Weapons", self.weapons)
        self.table = QTableWidget(len(ACTION_NUMBERS), 0)
        self.table.setVerticalHeaderLabels([str(n) for n in ACTION_NUMBERS])
        self.table.setToolTip("The paragraph he reads: row = his Action Number (0-9), column = the "
                              "Condition in force, a Special Reaction, or S (Self-Preservation). "
                              "Ctrl+D copies the top selected cell down; Ctrl+V pastes a column "
                              "of numbers from the current cell down")
        # Thirty cells start at one paragraph: fill-down and paste save typing each one.
        self.table.installEventFilter(self)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.setFixedHeight(22 * 10 + 30)
        self.form.addRow("Paragraphs", self.table)
        react_add, react_drop = QPushButton("Add Special Reaction…"), QPushButton("Remove selected column")
        react_add.setToolTip("A column read when a situation arises: a US soldier comes into his "
                             "sight, he is fired at, a comrade is hit (AR-113)")
        react_drop.setToolTip("Remove the selected Special Reaction column")
        rrow = QHBoxLayout()
        rrow.addWidget(react_add)
        rrow.addWidget(react_drop)
        rrow.addStretch(1)
        self.form.addRow("", rrow)
        self.activated = QListWidget()
        self.activated.setFixedHeight(64)
        self.activated.setToolTip("The options that put him on the map; click one to edit it")
        self.form.addRow("Comes on", self.activated)
        self._columns: list[tuple[str, ...]] = []
        self.number.valueChanged.connect(lambda n: self.set_field("number", n, f"Renumber German as {n}"))
        self.letter.editingFinished.connect(
            lambda: self.set_field("letter", self.letter.text().upper(), "Change a German's letter"))
        self.name.editingFinished.connect(
            lambda: self.set_field("name", self.name.text(), f"Rename German to {self.name.text()}"))
        for key, box in self.ratings.items():
            box.valueChanged.connect(
                lambda v, key=key: self.set_field(key, v, f"Set a German's {key.upper()}"))
        self.has_points.toggled.connect(
            lambda on: self.set_field("points", self.points.value() if on else None, "Set a German's points"))
        self.points.valueChanged.connect(self._points_edited)
        self.weapons.changed.connect(lambda ws: self.set_field("weapons", ws, "Change a German's weapons"))
        self.table.itemChanged.connect(self._cell_edited)
        react_add.clicked.connect(self._add_reaction)
        react_drop.clicked.connect(self._drop_reaction)
        self.activated.itemClicked.connect(self._activation_clicked)
        self.refresh()

    def _points_edited(self, v: int) -> None:
        if self.has_points.isChecked():
            self.set_field("points", v, f"German's own points: {v}")

    def _activation_clicked(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)
        if path is not None:
            self.paragraphClicked.emit(str(path))

    def title_of(self, card: dict[str, Any]) -> str:
        return f"German {card.get('number', '?')} ({card.get('letter', '?')}) {card.get('name', '')}"

    def conditions(self) -> list[str]:
        return sorted(self.doc.get(("conditions",), {}) or {})

    def refresh_card(self) -> None:
        i = self.current()
        cards = self.cards()
        self.form_widget.setEnabled(0 <= i < len(cards))
        if not 0 <= i < len(cards):
            return
        g = cards[i]
        set_quiet(self.number, g.get("number", 1))
        set_quiet(self.letter, g.get("letter", ""))
        set_quiet(self.name, g.get("name", ""))
        for key, box in self.ratings.items():
            set_quiet(box, g.get(key, 0))
        with QSignalBlocker(self.has_points):
            self.has_points.setChecked(g.get("points") is not None)
        set_quiet(self.points, g.get("points") or 0)
        self.weapons.show_keys(list(g.get("weapons", [])))
        cols: list[tuple[str, ...]] = [("columns", c) for c in self.conditions()]
        cols += [("reactions", letter) for letter in sorted(g.get("reactions", {}))]
        cols.append(("self_preservation",))
        self._columns = cols
        heads: list[tuple[str, str]] = []  # (the header, its tooltip)
        for col in cols:
            if col[0] == "columns":
                name = self.doc.get(("conditions", col[1], "name"), "")
                heads.append((f"Condition {col[1]}", f"Condition {col[1]}: {name}"))
            elif col[0] == "reactions":
                situation = g["reactions"][col[1]].get("situation", "")
                short = situation if len(situation) <= 14 else situation[:13] + "…"  # the tip has it all
                heads.append((f"{col[1]}: {short}", f"Special Reaction {col[1]}: read when {situation}"))
            else:
                heads.append((f"{SELF_PRESERVATION}: Self-Pres.",
                              "Self-Preservation: read whenever an active US soldier is in his hex or "
                              "next to it (AR-114)"))
        with QSignalBlocker(self.table):
            self.table.setColumnCount(len(cols))
            for c, (head, tip) in enumerate(heads):
                item = QTableWidgetItem(head)
                item.setToolTip(tip)
                self.table.setHorizontalHeaderItem(c, item)
            # every header read whole: the card's least width, which the page measures
            metrics = self.table.horizontalHeader().fontMetrics()
            self.table.setMinimumWidth(
                sum(metrics.horizontalAdvance(h) + theme.MISSION_HEADER_PAD for h, _ in heads)
                + self.table.verticalHeader().sizeHint().width() + 2 * self.table.frameWidth())
            for c, col in enumerate(cols):
                values = self._column(g, col)
                for n in ACTION_NUMBERS:
                    v = values[n] if n < len(values) else None
                    item = QTableWidgetItem("" if v is None else str(v))
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    if v is None:
                        item.setBackground(QBrush(theme.SIDE_TINTS["insurgent"]))
                    self.table.setItem(n, c, item)
        with QSignalBlocker(self.activated):
            self.activated.clear()
            for path, number, hx in activations(self.doc.data, whole(g.get("number"))):
                self.activated.addItem(f"paragraph {number}: activated in {hx}")
                self.activated.item(self.activated.count() - 1).setData(Qt.ItemDataRole.UserRole, path)
            if not self.activated.count():
                self.activated.addItem("no paragraph activates him yet")

    @staticmethod
    def _column(g: dict[str, Any], col: tuple[str, ...]) -> list[Any]:
        if col[0] == "columns":
            return list(g.get("columns", {}).get(col[1], []))
        if col[0] == "reactions":
            return list(g.get("reactions", {}).get(col[1], {}).get("column", []))
        return list(g.get("self_preservation", []))

    def column_path(self, col: tuple[str, ...]) -> tuple[str, ...]:
        if col[0] == "columns":
            return ("columns", col[1])
        if col[0] == "reactions":
            return ("reactions", col[1], "column")
        return ("self_preservation",)

    def select_column(self, kind: str, letter: str | None = None, row: int = 0) -> bool:
        for c, col in enumerate(self._columns):
            if col[0] == kind and (letter is None or col[1:] == (letter,)):
                self.table.setCurrentCell(max(0, min(row, 9)), c)
                self.table.setFocus()
                return True
        return False

    def _cell_edited(self, item: QTableWidgetItem) -> None:
        i = self.current()
        col = self._columns[item.column()]
        try:
            value = int(item.text())
        except ValueError:
            self.refresh_card()
            return
        g = self.cards()[i]
        values = self._column(g, col)
        fill = values[0] if values else value
        values = (values + [fill] * 10)[:10]
        values[item.row()] = value
        head = col[1] if len(col) > 1 else SELF_PRESERVATION
        self.set_field(self.column_path(col), values,
                       f"German {g.get('number')}: column {head}, Action Number {item.row()} reads {value}")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """Ctrl+D and Ctrl+V in the paragraph table, before the table's own key handling."""
        if watched is self.table and event.type() in (QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride) \
                and isinstance(event, QKeyEvent) and self.table.state() != QTableWidget.State.EditingState:
            fill = event.key() == Qt.Key.Key_D and event.modifiers() == Qt.KeyboardModifier.ControlModifier
            paste = event.matches(QKeySequence.StandardKey.Paste)
            if fill or paste:
                event.accept()
                if event.type() == QEvent.Type.KeyPress:
                    self.fill_down() if fill else self.paste()
                return True
        return super().eventFilter(watched, event)

    def _set_cells(self, cells: dict[tuple[int, int], int], what: str) -> None:
        """Write ``{(row, column): paragraph}`` into the card as one undo step."""
        i = self.current()
        if i < 0 or not cells:
            return
        g = self.cards()[i]
        columns: dict[int, list[Any]] = {}
        for (r, c), value in cells.items():
            if not 0 <= c < len(self._columns) or not 0 <= r < len(ACTION_NUMBERS):
                continue
            if c not in columns:
                values = self._column(g, self._columns[c])
                fill = values[0] if values else value
                columns[c] = (values + [fill] * 10)[:10]
            columns[c][r] = value
        changed = {c: v for c, v in columns.items() if v != self._column(g, self._columns[c])}
        if not changed:
            return
        with self.doc.macro(f"German {g.get('number')}: {what}"):
            for c, values in changed.items():
                self.set_field(self.column_path(self._columns[c]), values, what)

    def fill_down(self) -> None:
        """Ctrl+D: each selected column's top selected cell is copied into the cells below it."""
        cells: dict[tuple[int, int], int] = {}
        for rng in self.table.selectedRanges():
            for c in range(rng.leftColumn(), rng.rightColumn() + 1):
                top = self.table.item(rng.topRow(), c)
                try:
                    value = int(top.text()) if top is not None else None
                except ValueError:
                    value = None
                if value is None:
                    continue
                for r in range(rng.topRow() + 1, rng.bottomRow() + 1):
                    cells[(r, c)] = value
        self._set_cells(cells, "fill down")

    def paste(self) -> None:
        """Ctrl+V: numbers from the clipboard (one a line, or a block of rows and columns)
        into the cells from the current one down and right."""
        r0, c0 = self.table.currentRow(), self.table.currentColumn()
        if r0 < 0 or c0 < 0:
            return
        cells: dict[tuple[int, int], int] = {}
        text = QGuiApplication.clipboard().text()
        for dr, line in enumerate(ln for ln in text.splitlines() if ln.strip()):
            for dc, word in enumerate(line.replace(",", " ").split()):
                try:
                    cells[(r0 + dr, c0 + dc)] = int(word)
                except ValueError:
                    continue
        self._set_cells(cells, "paste paragraphs")

    def _add_reaction(self) -> None:
        i = self.current()
        if i < 0:
            return
        g = self.cards()[i]
        taken = set(self.conditions()) | set(g.get("reactions", {})) | {SELF_PRESERVATION}
        letter = next((c for c in "RTUVWXYZ" if c not in taken), None)
        if letter is None:
            return
        situations = [r.value for r in Reaction]
        situation, ok = QInputDialog.getItem(self, "Special Reaction",
                                             f"Column {letter} is read when:", situations, 0, False)
        if ok:
            self.add_reaction(letter, situation)

    def add_reaction(self, letter: str, situation: str) -> None:
        i = self.current()
        first = self._column(self.cards()[i], ("self_preservation",))
        fill = first[0] if first else 1
        self.set_field(("reactions", letter), {"situation": situation, "column": [fill] * 10},
                       f"Add Special Reaction {letter} ({situation})")

    def _drop_reaction(self) -> None:
        c = self.table.currentColumn()
        if 0 <= c < len(self._columns) and self._columns[c][0] == "reactions":
            letter = self._columns[c][1]
            self.set_field(("reactions", letter), None, f"Remove Special Reaction {letter}")

    def add_card(self, fill: int | None = None) -> int:
        cards = self.cards()
        numbers = {c.get("number") for c in cards}
        letters = {c.get("letter") for c in cards}
        n = next(k for k in range(1, 100) if k not in numbers)
        letter = next((c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in letters), "Z")
        if fill is None:
            paragraphs = self.doc.get(("paragraphs",), []) or []
            fill = min((whole(p.get("number"), 1) for p in paragraphs), default=1)
        card = {"number": n, "letter": letter, "name": f"German {n}", "ar": 2, "mpa": 6, "ws": 0,
                "per": 3, "ldr": 0, "weapons": ["kar98k"],
                "self_preservation": [fill] * 10,
                "columns": {c: [fill] * 10 for c in self.conditions()}}
        i = self.doc.insert(("germans",), None, card, f"Add German {n}")
        self.select(i)
        return i


class SquadEditor(_CardList):
    """The US squad."""

    def __init__(self, doc: EditorDocument, charts: Charts, parent: QWidget | None = None) -> None:
        super().__init__(doc, "squad", parent)
        self.add.setText("Add soldier")
        self.add.setToolTip("Add a US soldier (a rifleman entering where the first soldier does)")
        self.id = QLineEdit()
        self.id.setToolTip("A short id: lower case and hyphens (saves and logs use it)")
        self.name = QLineEdit()
        top = QHBoxLayout()
        top.addWidget(self.id)
        top.addWidget(QLabel("Name"))
        top.addWidget(self.name, 2)
        self.form.addRow("Id", top)
        self.ratings = _ratings_row(self.form)
        self.weapons = KeyListEdit(weapon_choices(charts, "us", crew_note=True), "weapons")
        self.weapons.setToolTip("His weapons. A crew weapon (a machinegun) listed on two "
                                "soldiers' cards is one gun they carry in pieces (FC-053)")
        self.form.addRow("Weapons", self.weapons)
        self.ammo = KeyListEdit(weapon_choices(charts, "us"), "Ammo Boxes", limit=MAX_AMMO_BOXES)
        self.ammo.setToolTip(f"At most {MAX_AMMO_BOXES} Ammo Boxes (FC-039): the clips he carries")
        self.form.addRow("Ammo Boxes", self.ammo)
        self.port = spin(0, 6, "Port Boxes on his card: they hold his pieces of a crew weapon "
                               "(the first carrier of a machinegun 2, the second the rest, FC-054)")
        self.form.addRow("Port boxes", self.port)
        self.enters = QLineEdit()
        self.enters.setToolTip("The hexes he may enter the map by: hex numbers, e.g. 0102 0103")
        self.enters_from_selection = QPushButton("Use the selected hexes")
        self.enters_from_selection.setToolTip("Set the entry hexes to the hexes selected on the map")
        erow = QHBoxLayout()
        erow.addWidget(self.enters, 1)
        erow.addWidget(self.enters_from_selection)
        self.form.addRow("Enters by", erow)
        self.id.editingFinished.connect(
            lambda: self.set_field("id", self.id.text().strip(), "Change a soldier's id"))
        self.name.editingFinished.connect(
            lambda: self.set_field("name", self.name.text(), f"Rename soldier to {self.name.text()}"))
        for key, box in self.ratings.items():
            box.valueChanged.connect(
                lambda v, key=key: self.set_field(key, v, f"Set a soldier's {key.upper()}"))
        self.weapons.changed.connect(lambda ws: self.set_field("weapons", ws, "Change a soldier's weapons"))
        self.ammo.changed.connect(lambda ws: self.set_field("ammo", ws, "Change a soldier's Ammo Boxes"))
        self.port.valueChanged.connect(lambda v: self.set_field("port_boxes", v or None, "Set port boxes"))
        self.enters.editingFinished.connect(self._enters_edited)
        self.refresh()

    def title_of(self, card: dict[str, Any]) -> str:
        return str(card.get("name") or card.get("id") or "soldier")

    def refresh_card(self) -> None:
        i = self.current()
        cards = self.cards()
        self.form_widget.setEnabled(0 <= i < len(cards))
        if not 0 <= i < len(cards):
            return
        s = cards[i]
        set_quiet(self.id, s.get("id", ""))
        set_quiet(self.name, s.get("name", ""))
        for key, box in self.ratings.items():
            set_quiet(box, s.get(key, 0))
        self.weapons.show_keys(list(s.get("weapons", [])))
        self.ammo.show_keys(list(s.get("ammo", [])))
        set_quiet(self.port, s.get("port_boxes", 0))
        set_quiet(self.enters, " ".join(map(str, s.get("enters", []))))

    def _enters_edited(self) -> None:
        self.set_enters(parse_labels(self.enters.text()))

    def set_enters(self, hexes: list[str]) -> None:
        self.set_field("enters", hexes, f"Set where {self.enters_name()} enters")

    def enters_name(self) -> str:
        i = self.current()
        return self.title_of(self.cards()[i]) if i >= 0 else "a soldier"

    def add_card(self, name: str = "") -> int:
        cards = self.cards()
        ids = {c.get("id") for c in cards}
        k = len(cards) + 1
        while f"soldier-{k}" in ids:
            k += 1
        enters = list(cards[0].get("enters", [])) if cards else ["0101"]
        soldier = {"id": f"soldier-{k}", "name": name or f"Pvt Soldier {k}", "ar": 3, "mpa": 6, "ws": 1,
                   "per": 3, "ldr": 1, "weapons": ["m1-garand"], "ammo": ["m1-garand", "m1-garand"],
                   "enters": enters}
        i = self.doc.insert(("squad",), None, soldier, f"Add {soldier['name']} to the squad")
        self.select(i)
        return i
