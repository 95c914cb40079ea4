"""The campaign page of the scenario editor: an Ambush! campaign built in the program.

:class:`CampaignPage` shows one :class:`~ambush_gui.gui.editor.document.EditorDocument`
of ``kind = "campaign"`` (format in ``docs/formats.md``, "Ambush! campaign") in three tabs:

- **Missions**: the steps in order (add a shipped mission or a file, remove, reorder by
  dragging or with Ctrl+Up / Ctrl+Down), and for the step selected its id, its mission, how
  many soldiers go (*takes*), the weapons and Ammo Boxes it hands out (*allotment*) and where
  each outcome leads (*branches*: the next step in order, another step, or the end);
- **Roster**: the starting roster as a table of soldiers and their ratings (empty: the
  program names recruits);
- **Campaign**: name, title, the story, and the campaign rules' numbers (the settings),
  each with a tooltip saying what it does; the fields come from the engine's own model, so
  the page offers exactly the settings the engine reads.

Every edit goes through the document (one undo step each); the page redraws from
``doc.data`` whenever the document changes, so undo, redo and a problem clicked in the
Problems list show at once.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSignalBlocker, Qt, QTimer
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.ambush.campaign.campaign import END
from ambush_gui.ambush.charts import Charts
from ambush_gui.gui.editor.campaign import data as cd
from ambush_gui.gui.editor.document import DataPath, EditorDocument
from ambush_gui.gui.editor.hexmap.cards import RATINGS, weapon_choices
from ambush_gui.gui.editor.hexmap.widgets import (
    CommitTextEdit,
    combo,
    set_quiet,
    show_heading,
    spin,
    stack_when_narrow,
)
from ambush_gui.systems import SCENARIO_DIR

__all__ = ["CampaignPage", "new_campaign_data"]

new_campaign_data = cd.new_campaign_data

ROSTER_COLUMNS = [("id", "Id", "A short id: lower case and hyphens (the progress file uses it)"),
                  ("name", "Name", "His name, as the record pad and the log show it"),
                  *((key, short, tip) for key, short, tip, _, _ in RATINGS)]
NEW_SOLDIER = {"ar": 3, "mpa": 6, "ws": 1, "per": 3, "ldr": 1}  # a rifleman, as the squad editor adds


def header_tips(table: QTableWidget, tips: list[str]) -> None:
    """Each column head's tooltip: what the column is."""
    for c, tip in enumerate(tips):
        item = table.horizontalHeaderItem(c)
        if item is not None:
            item.setToolTip(tip)


def _scrolled(widget: QWidget) -> QScrollArea:
    scroll = QScrollArea()  # a short window scrolls the form rather than squeezing it
    scroll.setWidgetResizable(True)
    scroll.setWidget(widget)
    return scroll


class StepList(QWidget):
    """The campaign's steps in order: add, remove, reorder (drag, Ctrl+Up, Ctrl+Down)."""

    def __init__(self, page: CampaignPage) -> None:
        super().__init__()
        self.page = page
        self.list = QListWidget()
        self.list.setToolTip("The missions in the order they are played; drag one to move it, or "
                             "Ctrl+Up / Ctrl+Down. Branches can jump elsewhere (see the step's form)")
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.list.model().rowsMoved.connect(self._dragged)
        self.add = QToolButton()
        self.add.setText("&Add mission")
        self.add.setToolTip("Add a step after the one selected: a mission that comes with the "
                            "program, or a mission file (Insert)")
        self.add.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.add_menu = QMenu(self.add)
        for name, title in cd.shipped_missions():
            a = self.add_menu.addAction(title)
            a.setToolTip(f"The shipped mission {name}")
            a.triggered.connect(lambda _=False, name=name: page.add_step(name))
        self.add_menu.addSeparator()
        self.add_menu.addAction("A mission &file…").triggered.connect(page.add_step_from_file)
        self.add.setMenu(self.add_menu)
        self.remove = QPushButton("Rem&ove")
        self.remove.setToolTip("Remove the selected step (Delete); branches to it show as problems")
        self.remove.clicked.connect(page.remove_step)
        self.up = QPushButton("Up")
        self.up.setToolTip("Play the selected step earlier (Ctrl+Up)")
        self.up.clicked.connect(lambda: page.move_step(self.list.currentRow(), self.list.currentRow() - 1))
        self.down = QPushButton("Down")
        self.down.setToolTip("Play the selected step later (Ctrl+Down)")
        self.down.clicked.connect(lambda: page.move_step(self.list.currentRow(), self.list.currentRow() + 1))
        self.keys = {QKeySequence("Ctrl+Up"): self.up.click, QKeySequence("Ctrl+Down"): self.down.click,
                     QKeySequence("Delete"): self.remove.click, QKeySequence("Insert"): self.add.showMenu}
        self.list.installEventFilter(self)  # the list's own keys, before its Ctrl+arrow moves the cursor
        buttons = QHBoxLayout()
        for b in (self.add, self.remove, self.up, self.down):
            buttons.addWidget(b)
        buttons.addStretch(1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.list, 1)
        lay.addLayout(buttons)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self.list and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            slot = self.keys.get(QKeySequence(event.keyCombination()))
            if slot is not None:
                slot()
                return True
        return super().eventFilter(watched, event)

    def show_steps(self, steps: list[dict[str, Any]], titles: list[str]) -> None:
        # the list only, never its model: a model kept quiet leaves the view showing stale rows
        with QSignalBlocker(self.list):
            row = self.list.currentRow()
            self.list.clear()
            for n, (s, title) in enumerate(zip(steps, titles, strict=True), 1):
                item = QListWidgetItem(f"{n}. {title or s.get('mission', '?')}  ({s.get('id', '?')})")
                item.setToolTip(f"Step {s.get('id', '?')}: the mission {s.get('mission', '?')}")
                self.list.addItem(item)
            self.list.setCurrentRow(min(max(row, 0), len(steps) - 1))
        n = self.list.currentRow()
        self.remove.setEnabled(n >= 0)
        self.up.setEnabled(n > 0)
        self.down.setEnabled(0 <= n < len(steps) - 1)

    def _dragged(self, _parent: Any, start: int, _end: int, _dest: Any, row: int) -> None:
        to = row if row < start else row - 1
        # after the view has finished its own move: the page then redraws the list from the data
        QTimer.singleShot(0, self.page, lambda: self.page.move_step(start, to))


class StepForm(QWidget):
    """One step: its id, mission, takes, allotment and branches."""

    def __init__(self, page: CampaignPage) -> None:
        super().__init__()
        self.page = page
        self.doc = page.doc
        self.index = -1
        self.id = QLineEdit()
        self.id.setToolTip("The step's id, unique in the campaign: branches and the progress file name "
                           "it (renaming it renames the branches that lead to it)")
        self.mission = QComboBox()
        self.mission.setEditable(True)
        self.mission.setToolTip("The mission played: one that comes with the program (by name), or a "
                                "mission file's path relative to the campaign file")
        for name, title in cd.shipped_missions():
            self.mission.addItem(name, name)
            self.mission.setItemData(self.mission.count() - 1, title, Qt.ItemDataRole.ToolTipRole)
        self.browse = QPushButton("File…")
        self.browse.setToolTip("Choose a mission file of your own")
        self.about = QLabel()
        self.about.setWordWrap(True)
        # the width it is laid out at, not a narrow guess: a guess made it three lines high
        self.about.setMinimumWidth(320)
        self.title = QLineEdit()
        self.title.setToolTip("The step's own name in the campaign; empty: the mission's title")
        self.brief = CommitTextEdit()
        self.brief.setToolTip("What the campaign tells the player before this mission (optional)")
        self.brief.setMinimumHeight(60)
        self.brief.setMaximumHeight(90)
        self.takes = spin(0, 50, "How many soldiers go on this mission; the lowest value leaves it to "
                                 "the mission's own squad size")
        group = QGroupBox("Step")
        form = QFormLayout(group)
        form.addRow("I&d", self.id)
        row = QHBoxLayout()
        row.addWidget(self.mission, 1)
        row.addWidget(self.browse)
        mission_label = QLabel("M&ission")
        mission_label.setBuddy(self.mission)
        form.addRow(mission_label, row)
        form.addRow("", self.about)
        form.addRow("Tit&le", self.title)
        form.addRow("&Before it", self.brief)
        form.addRow("&Takes", self.takes)

        self.branches: dict[str, QComboBox] = {}
        bgroup = QGroupBox("Branches: after the mission ends in…")
        bform = QFormLayout(bgroup)
        for outcome, words in cd.OUTCOMES:
            box = combo([], f"Where the campaign goes after {words}: the next step in order, "
                            "a later step, or the end")
            self.branches[outcome] = box
            bform.addRow(f"…{words}", box)
            box.activated.connect(lambda _i, outcome=outcome: self._branch_chosen(outcome))

        agroup = QGroupBox("Allotment: the weapons and Ammo Boxes handed out")
        alay = QVBoxLayout(agroup)
        self.own_allotment = QCheckBox("Its own allotment")
        self.own_allotment.setToolTip("Unticked: the mission's own squad's weapons and Ammo Boxes. "
                                      "Ticked: the numbers below, starting from those")
        self.allotment = QTableWidget(0, 3)
        self.allotment.setHorizontalHeaderLabels(["Item", "Weapons", "Ammo Boxes"])
        header_tips(self.allotment, ["The weapon or grenade", "How many of this weapon the soldiers may take",
                                     "How many Ammo Boxes of it they may carry between them (six at most "
                                     "each, FC-039)"])
        head = self.allotment.horizontalHeader()
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.allotment.verticalHeader().hide()
        self.allotment.setMinimumHeight(160)
        self.allotment.setToolTip("Double-click a number to change it; 0 takes it out")
        self.item_pick = combo([(text, key) for key, text in weapon_choices(page.charts, "us")],
                               "A weapon or grenade to hand out")
        self.add_item = QPushButton("Add item")
        self.add_item.setToolTip("Hand out one of the chosen item (and one Ammo Box of it)")
        self.drop_item = QPushButton("Remove item")
        self.drop_item.setToolTip("Hand out none of the selected item")
        arow = QHBoxLayout()
        arow.addWidget(self.item_pick, 1)
        arow.addWidget(self.add_item)
        arow.addWidget(self.drop_item)
        alay.addWidget(self.own_allotment)
        alay.addWidget(self.allotment, 1)
        alay.addLayout(arow)

        lay = QVBoxLayout(self)
        lay.addWidget(group, 0)
        lay.addWidget(bgroup, 0)
        lay.addWidget(agroup, 1)  # the room left goes to the allotment's table
        self.id.editingFinished.connect(lambda: page.rename_step(self.index, self.id.text().strip()))
        self.mission.activated.connect(lambda _i: self._mission_edited())
        line = self.mission.lineEdit()
        assert line is not None  # an editable combo box has one
        line.editingFinished.connect(self._mission_edited)
        self.browse.clicked.connect(self._browse)
        self.title.editingFinished.connect(
            lambda: self.set(("title",), self.title.text().strip() or None, "rename"))
        self.brief.committed.connect(lambda t: self.set(("brief",), t or None, "edit the words before it"))
        self.takes.valueChanged.connect(lambda v: self.set(("takes",), v or None, f"Takes {v} soldiers"))
        self.own_allotment.toggled.connect(self._own_toggled)
        self.allotment.itemChanged.connect(self._count_edited)
        self.add_item.clicked.connect(self._add_item)
        self.drop_item.clicked.connect(self._drop_item)

    # -- editing ---------------------------------------------------------------------------
    def step(self) -> dict[str, Any]:
        return dict(self.doc.get(("missions", self.index), {}) or {})

    def set(self, sub: DataPath, value: Any, text: str) -> None:
        if self.index >= 0:
            self.doc.set(("missions", self.index, *sub), value, f"Step {self.step().get('id', '')}: {text}")

    def _mission_edited(self) -> None:
        text = self.mission.currentText().strip()
        if text and text != self.step().get("mission"):
            self.set(("mission",), text, f"play {text}")

    def _browse(self) -> None:
        start = self.doc.path.parent if self.doc.path is not None else SCENARIO_DIR
        name, _ = QFileDialog.getOpenFileName(self, "Choose a mission file", str(start),
                                              "Ambush! missions (*.toml);;All files (*)")
        if name:
            ref = cd.mission_ref(Path(name), self.doc.path)
            self.set(("mission",), ref, f"play {ref}")

    def _branch_chosen(self, outcome: str) -> None:
        target = self.branches[outcome].currentData()
        nxt = dict(self.step().get("next") or {})
        if target is None:
            nxt.pop(outcome, None)
        else:
            nxt[outcome] = target
        words = dict(cd.OUTCOMES)[outcome]
        self.set(("next",), nxt or None, f"after {words}, go to {target or 'the next step'}")

    def _own_toggled(self, on: bool) -> None:
        if on:
            facts = cd.mission_facts(str(self.step().get("mission", "")), self.doc.path)
            self.set(("allotment",), facts.allotment, "its own allotment")
        else:
            self.set(("allotment",), None, "the mission's own squad's allotment")

    def _count_edited(self, item: QTableWidgetItem) -> None:
        key = self.item_key(item.row())
        kind = "weapons" if item.column() == 1 else "ammo"
        try:
            n = max(0, int(item.data(Qt.ItemDataRole.EditRole)))
        except (TypeError, ValueError):
            n = 0
        counts = dict(self.step().get("allotment", {}).get(kind, {}) or {})
        if n:
            counts[key] = n
        else:
            counts.pop(key, None)
        word = "weapons" if kind == "weapons" else "Ammo Boxes"
        self.set(("allotment", kind), counts, f"{n} {word} of {key}")

    def _add_item(self) -> None:
        key = str(self.item_pick.currentData())
        allot = self.step().get("allotment", {}) or {}
        thrown = str(getattr(self.page.charts.spec.weapons.get(key), "kind", "")) in ("grenade", "satchel")
        with self.doc.macro(f"Step {self.step().get('id', '')}: hand out {key}"):
            if not thrown:  # a grenade is all Ammo Box: nothing to carry it in
                self.set(("allotment", "weapons", key), int(allot.get("weapons", {}).get(key, 0)) + 1, "")
            self.set(("allotment", "ammo", key), int(allot.get("ammo", {}).get(key, 0)) + 1, "")

    def _drop_item(self) -> None:
        row = self.allotment.currentRow()
        if row < 0:
            return
        key = self.item_key(row)
        allot = self.step().get("allotment", {}) or {}
        with self.doc.macro(f"Step {self.step().get('id', '')}: hand out no {key}"):
            for kind in ("weapons", "ammo"):
                counts = dict(allot.get(kind, {}) or {})
                if counts.pop(key, None) is not None:
                    self.set(("allotment", kind), counts, "")

    def item_key(self, row: int) -> str:
        """The Weapon Chart key of the allotment's row ``row``."""
        item = self.allotment.item(row, 0)
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""

    # -- showing ---------------------------------------------------------------------------
    def show_step(self, index: int) -> None:
        steps = self.doc.get(("missions",), []) or []
        self.index = index if 0 <= index < len(steps) else -1
        self.setEnabled(self.index >= 0)
        if self.index < 0:  # nothing to edit: nothing shown, and what to do instead
            for w in (self.id, self.mission, self.title):
                set_quiet(w, "")
            self.about.setText("No mission yet: <b>Add mission</b> (Insert in the list) puts the first "
                               "one in the campaign." if not steps else "")
            self.allotment.setRowCount(0)
            return
        s = self.step()
        set_quiet(self.id, s.get("id", ""))
        set_quiet(self.mission, s.get("mission", ""))
        title, squad, default = cd.mission_facts(str(s.get("mission", "")), self.doc.path)
        set_quiet(self.title, s.get("title", ""))
        self.title.setPlaceholderText(title)
        self.brief.show_text(str(s.get("brief", "")))
        if title:
            self.about.setText(f"<i>{title}</i>: its own squad is {len(squad)} "
                               f"soldier{'s' if len(squad) != 1 else ''} ({', '.join(squad)})")
        else:
            self.about.setText("<i>No such mission file: see the Problems list</i>")
        self.takes.setSpecialValueText(f"as the mission ({len(squad)})" if squad else "as the mission")
        set_quiet(self.takes, s.get("takes", 0))
        nxt = s.get("next") or {}
        targets = [("The next step in order", None), ("The end of the campaign", END)]
        # forward only (the engine's rule: so that every campaign ends)
        targets += [(f"{t.get('id', '?')} ({t.get('mission', '?')})", t.get("id"))
                    for t in steps[self.index + 1:] if t.get("id") != s.get("id")]
        for outcome, box in self.branches.items():
            with QSignalBlocker(box):
                box.clear()
                for text, target in targets:
                    box.addItem(text, target)
                target = nxt.get(outcome)
                i = box.findData(target) if target is not None else 0
                if i < 0:  # a step that is not there: shown as it is, the Problems list says so
                    box.addItem(f"{target} (no such step)", target)
                    i = box.count() - 1
                box.setCurrentIndex(i)
        own = "allotment" in s
        allot = s.get("allotment") if own else default
        with QSignalBlocker(self.own_allotment):
            self.own_allotment.setChecked(own)
        self._show_allotment(allot or {}, editable=own)

    def _show_allotment(self, allot: dict[str, Any], editable: bool) -> None:
        weapons, ammo = dict(allot.get("weapons", {}) or {}), dict(allot.get("ammo", {}) or {})
        keys = list(dict.fromkeys([*weapons, *ammo]))
        pick = self.item_pick
        names = {pick.itemData(i): pick.itemText(i) for i in range(pick.count())}
        flags = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled
        with QSignalBlocker(self.allotment):
            row, col = self.allotment.currentRow(), max(1, self.allotment.currentColumn())
            self.allotment.setRowCount(len(keys))
            for r, key in enumerate(keys):
                name = QTableWidgetItem(names.get(key, f"{key} (not in the charts)"))
                name.setData(Qt.ItemDataRole.UserRole, key)
                name.setFlags(flags)
                self.allotment.setItem(r, 0, name)
                for c, counts in ((1, weapons), (2, ammo)):
                    cell = QTableWidgetItem()
                    cell.setData(Qt.ItemDataRole.EditRole, int(counts.get(key, 0)))
                    cell.setFlags(flags | Qt.ItemFlag.ItemIsEditable if editable else flags)
                    self.allotment.setItem(r, c, cell)
            self.allotment.setCurrentCell(min(row, len(keys) - 1), col)
        for w in (self.item_pick, self.add_item, self.drop_item):
            w.setEnabled(editable)

    def focus(self, sub: DataPath) -> None:
        head = sub[0] if sub else None
        if head == "next" and len(sub) > 1 and sub[1] in self.branches:
            self.branches[str(sub[1])].setFocus()
        elif head == "allotment":
            self.allotment.setFocus()
            key = sub[2] if len(sub) > 2 else None
            for r in range(self.allotment.rowCount()):
                if self.item_key(r) == key:
                    self.allotment.setCurrentCell(r, 1 if sub[1] == "weapons" else 2)
        elif head == "takes":
            self.takes.setFocus()
        elif head == "mission":
            self.mission.setFocus()
        elif head in ("title", "brief"):
            (self.title if head == "title" else self.brief).setFocus()
        else:
            self.id.setFocus()


class RosterTable(QWidget):
    """The starting roster: one row per soldier, his id, name and ratings."""

    def __init__(self, doc: EditorDocument) -> None:
        super().__init__()
        self.doc = doc
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.table = QTableWidget(0, len(ROSTER_COLUMNS))
        self.table.setHorizontalHeaderLabels([short for _, short, _ in ROSTER_COLUMNS])
        header_tips(self.table, [tip for _, _, tip in ROSTER_COLUMNS])
        head = self.table.horizontalHeader()
        head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.setToolTip("Double-click (or F2) a cell to change it; hover a column's head for "
                              "what the rating is")
        self.add = QPushButton("&Add soldier")
        self.add.setToolTip("Add a rifleman to the starting roster")
        self.drop = QPushButton("Remove so&ldier")
        self.drop.setToolTip("Take the selected soldier off the starting roster")
        row = QHBoxLayout()
        row.addWidget(self.add)
        row.addWidget(self.drop)
        row.addStretch(1)
        lay = QVBoxLayout(self)
        lay.addWidget(self.note)
        lay.addWidget(self.table, 1)
        lay.addLayout(row)
        self.table.itemChanged.connect(self._edited)
        self.add.clicked.connect(self.add_soldier)
        self.drop.clicked.connect(self.remove_soldier)

    def soldiers(self) -> list[dict[str, Any]]:
        return list(self.doc.get(("roster",), []) or [])

    def refresh(self) -> None:
        men = self.soldiers()
        self.note.setText(
            f"The {len(men)} soldiers the campaign starts with; recruits join as the campaign's settings "
            "say." if men else "No starting roster: the program names the recruits the campaign starts "
            "with. Add a soldier to give the roster yourself.")
        with QSignalBlocker(self.table):
            row, col = self.table.currentRow(), self.table.currentColumn()
            self.table.setRowCount(len(men))
            for r, man in enumerate(men):
                for c, (key, _, _) in enumerate(ROSTER_COLUMNS):
                    cell = QTableWidgetItem()
                    value = man.get(key, "")
                    cell.setData(Qt.ItemDataRole.EditRole, value if isinstance(value, int) else str(value))
                    self.table.setItem(r, c, cell)
            if men:
                self.table.setCurrentCell(min(max(row, 0), len(men) - 1), max(col, 0))
        self.drop.setEnabled(bool(men))

    def _edited(self, item: QTableWidgetItem) -> None:
        key = ROSTER_COLUMNS[item.column()][0]
        value: Any = item.data(Qt.ItemDataRole.EditRole)
        if key in ("id", "name"):
            value = str(value).strip()
        man = self.soldiers()[item.row()]
        self.doc.set(("roster", item.row(), key), value,
                     f"{man.get('name', 'A soldier')}: {ROSTER_COLUMNS[item.column()][1]} {value}")

    def add_soldier(self) -> int:
        men = self.soldiers()
        ids = {m.get("id") for m in men}
        k = len(men) + 1
        while f"soldier-{k}" in ids:
            k += 1
        man = {"id": f"soldier-{k}", "name": f"Pvt Soldier {k}", **NEW_SOLDIER}
        i = self.doc.insert(("roster",), None, man, f"Add {man['name']} to the roster")
        self.table.setCurrentCell(i, 1)
        return i

    def remove_soldier(self) -> None:
        men, row = self.soldiers(), self.table.currentRow()
        if not 0 <= row < len(men):
            return
        text = f"Take {men[row].get('name', 'a soldier')} off the roster"
        if len(men) == 1:  # the last: no roster at all (the program's recruits), not an empty one
            self.doc.set(("roster",), None, text)
        else:
            self.doc.remove(("roster",), row, text)

    def focus(self, sub: DataPath) -> None:
        row = sub[0] if sub and isinstance(sub[0], int) else 0
        col = next((c for c, (key, _, _) in enumerate(ROSTER_COLUMNS) if len(sub) > 1 and key == sub[1]), 0)
        self.table.setFocus()
        self.table.setCurrentCell(row, col)


def settings_fields() -> list[tuple[tuple[str, ...], Any, Any]]:
    """The campaign rules' numbers as the engine's model has them: (path under ``settings``,
    pydantic field, default), a table of numbers (the costs, the caps) spelled out one by one."""
    from pydantic import BaseModel

    from ambush_gui.ambush.campaign import Settings

    out: list[tuple[tuple[str, ...], Any, Any]] = []
    for key, field in Settings.model_fields.items():
        default = field.get_default(call_default_factory=True)
        if isinstance(default, BaseModel):
            out += [((key, sub), sf, getattr(default, sub)) for sub, sf in type(default).model_fields.items()]
        else:
            out.append(((key,), field, default))
    return out


def _setting_tip(path: tuple[str, ...], field: Any, default: Any) -> str:
    """What a number of the rules does: its label, the rule's own words (the engine's
    description, which names the rule), and its default."""
    from ambush_gui.ambush.campaign import Settings

    said = field.description or ""
    if len(path) > 1:  # a rating of a table: the table's words, then the rating's
        head = Settings.model_fields[path[0]].description or ""
        said = "; ".join(w for w in (head, said) if w)
    return f"{_setting_label(path)}{f' ({said})' if said else ''}. Default {default}."


SETTING_LABELS = {  # the rules' numbers in a designer's words (the tooltip says the rule)
    "roster_size": "Roster size", "wounded_out_on": "Wounded: misses a mission on d6 ≤",
    "wounded_out": "Wounded: missions missed", "incapacitated_dies_on": "Incapacitated: dies on d6 ≤",
    "incapacitated_long_on": "Incapacitated: long absence on d6 ≤",
    "incapacitated_long": "Incapacitated: long absence",
    "incapacitated_short": "Incapacitated: short absence",
    "xp_mission": "XP for each mission survived", "xp_german": "XP for each German put out",
    "xp_us": "XP for a US victory", "xp_draw": "XP for a draw", "xp_german_win": "XP for a German victory",
    "costs": "XP to raise by one", "caps": "Highest rating", "recruit": "A recruit's ratings"}


def _table_tip(key: str) -> str:
    """What a table of ratings among the settings (the costs, the caps) is for."""
    from ambush_gui.ambush.campaign import Settings

    field = Settings.model_fields[key]
    said = field.description or (field.annotation.__doc__ or key).strip().splitlines()[0]
    return said[0].upper() + said[1:]


def _setting_label(path: tuple[str, ...]) -> str:
    """A setting's label: its words, or (a setting the page does not know yet) its name."""
    label = SETTING_LABELS.get(path[0], path[0].replace("_", " ").capitalize())
    return f"{label}: {path[1].upper()}" if len(path) > 1 else label


class CampaignForm(QWidget):
    """Name, title, the story; the settings."""

    def __init__(self, doc: EditorDocument) -> None:
        super().__init__()
        self.doc = doc
        self.name = QLineEdit()
        self.name.setToolTip("The short name used on the command line and for progress files: lower "
                             "case and hyphens")
        self.title = QLineEdit()
        self.title.setToolTip("The title players see on the launcher's campaign card")
        self.brief = CommitTextEdit()
        self.brief.setToolTip("The story: shown on the launcher card and the campaign's first screen")
        self.brief.setMinimumHeight(110)
        about = QGroupBox("Campaign")
        af = QFormLayout(about)
        af.addRow("&Name", self.name)
        af.addRow("&Title", self.title)
        af.addRow("St&ory", self.brief)
        self.settings: dict[tuple[str, ...], QWidget] = {}
        self.defaults: dict[tuple[str, ...], Any] = {}
        sbox = QGroupBox("Campaign rules (hover a number for what it does)")
        sf = QFormLayout(sbox)
        grid = QGridLayout()  # the tables of ratings (costs, caps, a recruit's): a row each
        tables: dict[str, int] = {}
        for path, field, default in settings_fields():
            box = self._setting_box(path, field, default)
            if len(path) == 1:
                label = QLabel(_setting_label(path))
                label.setToolTip(box.toolTip())
                label.setBuddy(box)
                sf.addRow(label, box)
                continue
            if path[0] not in tables:
                tables[path[0]] = row = len(tables) + 1
                head = QLabel(_setting_label(path[:1]))
                head.setToolTip(_table_tip(path[0]))
                grid.addWidget(head, row, 0)
            keys = [key for key, *_ in RATINGS]
            grid.addWidget(box, tables[path[0]], 1 + (keys.index(path[1]) if path[1] in keys else len(keys)))
        for c, (_, short, tip, _, _) in enumerate(RATINGS, 1):
            head = QLabel(short)
            head.setToolTip(tip)
            head.setAlignment(Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(head, 0, c)
        sf.addRow(grid)
        self.columns_layout = lay = QHBoxLayout(self)
        left = QVBoxLayout()
        left.addWidget(about)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(sbox)
        right.addStretch(1)
        lay.addLayout(left, 3)
        lay.addLayout(right, 2)
        self.name.editingFinished.connect(
            lambda: self.doc.set(("name",), self.name.text().strip(), "Rename the campaign"))
        self.title.editingFinished.connect(
            lambda: self.doc.set(("title",), self.title.text(), "Change the campaign's title"))
        self.brief.committed.connect(lambda t: self.doc.set(("brief",), t, "Edit the campaign's story"))

    def _setting_box(self, path: tuple[str, ...], field: Any, default: Any) -> QWidget:
        self.defaults[path] = default
        low = next((m.ge for m in field.metadata if getattr(m, "ge", None) is not None), 0)
        high = next((m.le for m in field.metadata if getattr(m, "le", None) is not None), 999)
        label = _setting_label(path).lower()
        box: QWidget
        if isinstance(default, bool):
            box = QCheckBox()
            box.toggled.connect(lambda on: self.set_setting(path, on, f"{label}: {'yes' if on else 'no'}"))
        elif isinstance(default, float):
            box = QDoubleSpinBox()
            box.setRange(float(low), float(high))
            box.setKeyboardTracking(False)
            box.valueChanged.connect(lambda v: self.set_setting(path, v, f"{label}: {v}"))
        else:
            box = spin(int(low), int(high))
            box.valueChanged.connect(lambda v: self.set_setting(path, v, f"{label}: {v}"))
        box.setToolTip(_setting_tip(path, field, default))
        self.settings[path] = box
        return box

    def set_setting(self, path: tuple[str, ...], value: Any, text: str) -> None:
        """One number of the rules (one undo step). A default is left out of the file (no
        empty table either), so a later change of the rules' default reaches it."""
        settings = copy.deepcopy(dict(self.doc.get(("settings",), {}) or {}))
        table = settings if len(path) == 1 else dict(settings.get(path[0], {}) or {})
        table.pop(path[-1], None)
        if value != self.defaults[path]:
            table[path[-1]] = value
        if len(path) > 1:
            settings.pop(path[0], None)
            if table:
                settings[path[0]] = table
        self.doc.set(("settings",), settings or None, f"Set {text}")

    def _shown(self, path: tuple[str, ...]) -> Any:
        return self.doc.get(("settings", *path), self.defaults[path])

    def set_narrow(self, narrow: bool) -> None:
        """The rules under the story (narrow) or beside it."""
        stack_when_narrow(self.columns_layout, narrow)

    def refresh(self) -> None:
        show_heading(self.doc, self.name, self.title, self.brief)
        for path, box in self.settings.items():
            value = self._shown(path)
            with QSignalBlocker(box):
                if isinstance(box, QCheckBox):
                    box.setChecked(bool(value))
                elif isinstance(box, QDoubleSpinBox):
                    box.setValue(float(value))
                elif isinstance(box, QSpinBox):
                    box.setValue(int(value))

    def focus(self, path: DataPath) -> None:
        if path[:1] == ("settings",):
            sub = tuple(str(p) for p in path[1:])
            box = next((b for p, b in self.settings.items() if sub and p[:len(sub)] == sub), None)
            if box is not None:
                box.setFocus()
                return
        words: dict[str, QWidget] = {"title": self.title, "brief": self.brief}
        words.get(str(path[0]) if path else "", self.name).setFocus()


class CampaignPage(QWidget):
    """The editor page of an Ambush! campaign (the contract the editor window hosts)."""

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.charts = Charts.default()
        self.steps = StepList(self)
        self.step_form = StepForm(self)
        self.roster = RosterTable(doc)
        self.campaign = CampaignForm(doc)
        missions = QSplitter()
        missions.addWidget(self.steps)
        missions.addWidget(_scrolled(self.step_form))
        missions.setStretchFactor(0, 1)
        missions.setStretchFactor(1, 2)
        self.missions = missions
        self.tabs = QTabWidget()
        for w, name, tip in ((missions, "&Missions", "The missions in order, each one's soldiers, "
                                                     "allotment and branches"),
                             (self.roster, "&Roster", "The soldiers the campaign starts with"),
                             (_scrolled(self.campaign), "&Campaign", "Name, title, story and the "
                                                                     "campaign rules' numbers")):
            self.tabs.addTab(w, name)
            self.tabs.setTabToolTip(self.tabs.count() - 1, tip)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.tabs)
        self.steps.list.currentRowChanged.connect(self._step_selected)
        doc.changed.connect(lambda _path: self.refresh())
        self.refresh()
        if self.steps.list.count():
            self.steps.list.setCurrentRow(0)

    # -- the contract ----------------------------------------------------------------------
    def toolbar_actions(self) -> list[QAction]:
        return []  # nothing to draw with: the forms are the page

    def fit(self) -> None:
        """Nothing to fit: there is no map."""

    def focus_path(self, path: tuple[str | int, ...]) -> bool:
        """Show the place a problem names: ``missions[2].next.german`` the step and its branch,
        ``roster[1].ar`` the soldier's rating, ``settings.x`` that number, the rest the
        Campaign tab. False when nothing in the campaign matches."""
        path = tuple(path)
        head = path[0] if path else None
        if head == "missions":
            self.tabs.setCurrentIndex(0)
            if len(path) > 1 and isinstance(path[1], int) and 0 <= path[1] < self.steps.list.count():
                self.steps.list.setCurrentRow(path[1])
                self.step_form.focus(path[2:])
            return True
        if head == "roster":
            self.tabs.setCurrentIndex(1)
            self.roster.focus(path[1:])
            return True
        if head in (None, "settings", "name", "title", "brief", "format", "system", "kind"):
            self.tabs.setCurrentIndex(2)
            self.campaign.focus(path)
            return True
        return False

    # -- steps -----------------------------------------------------------------------------
    def step_data(self) -> list[dict[str, Any]]:
        return list(self.doc.get(("missions",), []) or [])

    def add_step(self, mission: str) -> int:
        """A step playing ``mission`` after the one selected (at the end when none is)."""
        steps = self.step_data()
        row = self.steps.list.currentRow()
        at = row + 1 if 0 <= row < len(steps) else len(steps)
        base = cd.slug(Path(mission).stem.removeprefix("ambush-"), "step")
        step = {"id": cd.new_step_id(steps, base), "mission": mission}
        i = self.doc.insert(("missions",), at, step, f"Add the mission {mission}")
        self.tabs.setCurrentIndex(0)
        self.steps.list.setCurrentRow(i)
        return i

    def add_step_from_file(self) -> None:
        start = self.doc.path.parent if self.doc.path is not None else SCENARIO_DIR
        name, _ = QFileDialog.getOpenFileName(self, "Add a mission file", str(start),
                                              "Ambush! missions (*.toml);;All files (*)")
        if name:
            self.add_step(cd.mission_ref(Path(name), self.doc.path))

    def remove_step(self) -> None:
        row = self.steps.list.currentRow()
        steps = self.step_data()
        if 0 <= row < len(steps):
            self.doc.remove(("missions",), row, f"Remove the step {steps[row].get('id', '')}")

    def move_step(self, src: int, dst: int) -> None:
        """Move step ``src`` to place ``dst`` (one undo step); the selection follows it."""
        steps = self.step_data()
        if not (0 <= src < len(steps) and 0 <= dst < len(steps)) or src == dst:
            self.refresh()  # a drag dropped where it was: the list shows the data again
            return
        step = steps[src]
        with self.doc.macro(f"Move the step {step.get('id', '')} to place {dst + 1}"):
            self.doc.remove(("missions",), src)
            self.doc.insert(("missions",), dst, step)
        self.steps.list.setCurrentRow(dst)

    def rename_step(self, index: int, new: str) -> None:
        """Give step ``index`` the id ``new``, and the branches that led to it too (one undo step)."""
        steps = self.step_data()
        if not 0 <= index < len(steps) or not new or steps[index].get("id") == new:
            return
        old = str(steps[index].get("id", ""))
        with self.doc.macro(f"Rename the step {old} to {new}"):
            self.doc.set(("missions", index, "id"), new)
            for i, outcome in cd.renamed_references(steps, old, new):
                self.doc.set(("missions", i, "next", outcome), new)

    def _step_selected(self, row: int) -> None:
        self.step_form.show_step(row)
        n = len(self.step_data())
        self.steps.remove.setEnabled(row >= 0)
        self.steps.up.setEnabled(row > 0)
        self.steps.down.setEnabled(0 <= row < n - 1)

    # -- redrawing -------------------------------------------------------------------------
    def refresh(self) -> None:
        steps = self.step_data()
        titles = [str(s.get("title") or cd.mission_facts(str(s.get("mission", "")), self.doc.path).title)
                  for s in steps]
        self.steps.show_steps(steps, titles)
        self.step_form.show_step(self.steps.list.currentRow())
        self.roster.refresh()
        self.campaign.refresh()
