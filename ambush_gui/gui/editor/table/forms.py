"""The table editor's forms: the selected piece, unit or marker; the roster; the settings.

Every field is bound to one place in the document's data (a :class:`Binding`): it shows
what ``doc.data`` holds when the page refreshes, and a change the person makes becomes
one ``doc.set`` with an undo text that names the thing and the field ("Change Shop:
kind"). Nothing here keeps a copy of the scenario; undo and redo refresh the forms from
the data like everything else.

Where the engine has a fixed list (terrain kinds, sides, die types, weapons, figure
kinds, friendly edges, special rules, rule modules, the Insurgency Level) the form
offers exactly that list, read from :mod:`ambush_gui.alley.scenario` and its imports,
never free text.
"""

from __future__ import annotations

import typing
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.alley.model import FigureKind, Side
from ambush_gui.alley.scenario import (
    KIND_DEFAULTS,
    Edge,
    ScenarioSpec,
    TerrainKind,
)
from ambush_gui.alley.weapons import WEAPONS
from ambush_gui.core.dice import Die
from ambush_gui.core.geometry import CoverClass, cohesive
from ambush_gui.gui.editor.document import DataPath, EditorDocument
from ambush_gui.gui.editor.table.awards import AwardsBox
from ambush_gui.gui.editor.table.bound import Binding, BoundForm, block, form_layout, hint
from ambush_gui.gui.editor.table.canvas import (
    ESCORT_LISTS,
    KIND_TITLES,
    MEASURES,
    corners,
    escort_facts,
    escort_name,
    figures_word,
    formation,
    fresh_id,
    get_list,
    num,
    piece_name,
    spacing_problem,
    spot_beside,
    used_ids,
    zone_name,
    zone_paths,
)
from ambush_gui.gui.editor.table.modules import PieceModules
from ambush_gui.gui.shared import theme

DICE = [str(d) for d in Die]
SIDES = [s.value for s in Side]
EDGES = [e.value for e in (Edge.SOUTH, Edge.WEST, Edge.NORTH, Edge.EAST)]
FIGURE_KINDS = [k.value for k in FigureKind if k is not FigureKind.CONTRACTOR]
INSURGENCY_LEVELS: list[tuple[str, Any]] = [("Automatic (rises with the turns)", "automatic")] + [
    (f"Level {n}", n) for n in range(0, 7)]


def special_rules() -> list[str]:
    """The special rules the engine knows: the Literal values of ``special_rules``."""
    ann = ScenarioSpec.model_fields["special_rules"].annotation
    (inner,) = typing.get_args(ann)
    return [str(v) for v in typing.get_args(inner)]


SPECIAL_RULE_TEXT = {
    "contractors": "Contractors: the Insurgents may not seize them before the Regulars reach "
                   "them, and nobody can hit them (CT-018, CT-053)",
    "escorts_held_at_the_end": "Escorts still on the table when the game ends are the Insurgents' "
                               "captives, even those a Regular unit carries (Contracting Trouble's "
                               "own rule for its 4-turn race; without it, CT-046 counts captives only)",
}


def default_reinforcements() -> dict[str, Any]:
    """A plain 2d6 Insurgent reinforcement table to start from (one line per total)."""
    table = {
        "2": {"small_arms": "1d6", "light_support": 1}, "3": {"rpg": 1},
        "4": {"small_arms": "1d6"}, "5": {"small_arms": "1d6"}, "6": {"small_arms": "1d6+2"},
        "7": {"small_arms": "1d6", "leader": True}, "8": {"small_arms": "1d6+2"},
        "9": {"small_arms": "1d6"}, "10": {"light_support": 1}, "11": {"rpg": 1},
        "12": {"small_arms": "2d6"},
    }
    return {"level": "automatic", "tq": "d6", "morale": "d10", "leader_tq": "d8", "table": table}


# -- the selected piece ----------------------------------------------------------------------

def _yes_no(default: bool) -> list[tuple[str, Any]]:
    return [(f"As the kind ({'yes' if default else 'no'})", None), ("Yes", True), ("No", False)]


class PieceForm(BoundForm):
    """The selected terrain piece: id, label, kind, what it does, where it lies."""

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        f = form_layout()
        self.id_edit = self.line(("id",), "id", required=True, check=self._id_free,
                                 tip="A name unique in the scenario (the engine's messages use it)")
        f.addRow("Id", self.id_edit)
        f.addRow("Label", self.line(("label",), "label", tip="The name shown on the table"))
        f.addRow("Kind", self.combo(("kind",), "kind",
                                    [(KIND_TITLES[k.value], k.value) for k in TerrainKind
                                     if k.value in KIND_TITLES],
                                    tip="What the piece is; it sets the defaults below (AA-127)"))
        self.blocks = self.combo(("blocks_sight",), "blocks sight", _yes_no(False),
                                 tip="Whether the piece blocks line of sight through it")
        f.addRow("Blocks sight", self.blocks)
        self.cover = self.combo(("cover",), "cover", [("As the kind", None)] +
                                [(c.value.capitalize(), c.value) for c in CoverClass],
                                tip="The cover a figure in or behind it has (AA-126, AA-127)")
        f.addRow("Cover", self.cover)
        self.impassable = self.combo(("impassable",), "impassable", _yes_no(False),
                                     tip="Whether figures may not move through it")
        f.addRow("Impassable", self.impassable)
        box.addLayout(f)
        self.modules = PieceModules(doc)
        box.addWidget(self.modules)
        box.addWidget(self.rect_editor())
        self.shape_hint = hint("")
        box.addWidget(self.shape_hint)
        box.addStretch(1)

    def thing(self) -> str:
        return piece_name(self.doc.get(self.base) or {})

    def _id_free(self, text: str) -> str:

        return f"The id {text!r} is already used" if text in used_ids(self.doc.data) else ""

    def refresh(self) -> None:
        piece = self.doc.get(self.base) or {}
        kind = str(piece.get("kind", "open"))
        try:
            blocks, cover, impassable = KIND_DEFAULTS[TerrainKind(kind)]
        except ValueError:
            blocks, cover, impassable = False, CoverClass.NONE, False
        self.blocks.setItemText(0, f"As the kind ({'yes' if blocks else 'no'})")
        self.impassable.setItemText(0, f"As the kind ({'yes' if impassable else 'no'})")
        self.cover.setItemText(0, f"As the kind ({cover.value})")
        super().refresh()
        self.modules.show_piece(piece)
        is_rect = piece.get("rect") is not None
        self.rect_box.setVisible(is_rect)
        n = len(piece.get("points") or [])
        self.shape_hint.setText(
            "Drag a white corner handle to resize; R / Shift+R turns 15° (a turned rectangle "
            "becomes a polygon: the format has no rotation)." if is_rect else
            f"A polygon of {n} corners: drag a white handle to move a corner, drag the piece to "
            "move it; R / Shift+R turns it 15°.")



# -- the selected deployment zone -----------------------------------------------------------

class ZoneForm(BoundForm):
    """The selected deployment zone: its label and where it lies, and what it means."""

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        f = form_layout()
        f.addRow("Label", self.line(("label",), "label",
                                    tip="An optional name shown on the zone (\"Start line\")"))
        f.addRow("Id", self.line(("id",), "id", check=self._id_free,
                                 tip="Optional: an id lets a zone award (zone held, zone cleared) "
                                     "name this zone under Scenario > What scores"))
        box.addLayout(f)
        box.addWidget(self.rect_editor())
        self.note = hint("")
        box.addWidget(self.note)
        box.addStretch(1)

    def _id_free(self, text: str) -> str:

        taken = used_ids(self.doc.data) | {str(self.doc.get((*z, "id"))) for z in zone_paths(self.doc.data)}
        return f"The id {text!r} is already used" if text in taken else ""

    def thing(self) -> str:

        return zone_name(self.doc.data, self.base) if self.base else "zone"

    def refresh(self) -> None:
        super().refresh()
        zone = self.doc.get(self.base) or {}
        self.rect_box.setVisible(zone.get("rect") is not None)
        side = str(self.base[1]) if self.base else "regular"
        side_name = str(self.doc.get(("sides", side, "name")) or theme.SIDE_NAMES.get(side, side))
        count = len(get_list(self.doc.data, self.base[:3])) if self.base else 0
        self.note.setText(
            f"The {side_name} set up inside their deployment zones: with {count} zone(s), every "
            f"figure of a {theme.SIDE_NAMES.get(side, side)} unit must start inside one of them, and "
            "the Problems list names each one that does not. A side with no zones sets up "
            "anywhere. Drag the zone to move it, a white corner handle to resize it; R turns it "
            "(it is then kept as a polygon); Del deletes it.")



# -- the selected unit ---------------------------------------------------------------------

def _dice_items() -> list[tuple[str, Any]]:
    return [(d, d) for d in DICE]


def _weapon_items() -> list[tuple[str, Any]]:
    return [(f"{w.name} — {w.title}", w.name) for w in WEAPONS.values()]


class UnitForm(BoundForm):
    """The selected unit: name, side, Troop Quality, Morale, overrides, its figures."""

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        f = form_layout()
        f.addRow("Name", self.line(("name",), "name", required=True))
        f.addRow("Id", self.line(("id",), "id", required=True, check=self._id_free))
        f.addRow("Side", self.combo(("side",), "side", [(s.title, s.value) for s in Side]))
        f.addRow("Troop Quality", self.combo(("tq",), "Troop Quality", _dice_items(),
                                             tip="The unit's Troop Quality die (AA-009)"))
        f.addRow("Morale", self.combo(("morale",), "Morale", _dice_items(),
                                      tip="The unit's Morale die (AA-010)"))
        f.addRow("Body armor", self.spin(("armor",), "body armor", -1, 3, whole=True,
                                         special="As the side",
                                         tip="Defense dice for body armor (AA-128); "
                                             "'As the side' uses the side's value"))
        f.addRow("Optimum range", self.spin(("optimum_range",), "optimum range", 0, 48,
                                            special="As the side",
                                            tip="Inches (AA-111); 'As the side' uses the side's"))
        f.addRow("Confidence", self.combo(
            ("confidence",), "Confidence",
            [("Confident (usual)", None), ("High", "high"), ("Confident", "confident"), ("Low", "low")],
            tip="Force on Force Confidence Level (combat stress, mounted units): High Confidence "
                "units shrug off stress; Low Confidence units lose a Firepower die (FF-070, FF-118)"))
        box.addLayout(f)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Figure", "Kind", "Weapon"])
        self.table.verticalHeader().setVisible(False)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.setMinimumHeight(160)
        box.addWidget(QLabel("Figures"))
        box.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.add_button = QPushButton("Add figure")
        self.add_button.setToolTip("A figure beside the last one, in cohesion (AA-014)")
        self.add_button.clicked.connect(self.add_figure)
        self.remove_button = QPushButton("Remove figure")
        self.remove_button.setToolTip("Remove the figure chosen in the list")
        self.remove_button.clicked.connect(self.remove_figure)
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        box.addLayout(row)
        box.addWidget(hint("Drag the unit to move all its figures; Ctrl-drag one figure to move "
                           "it alone (kept within 1\" of the unit, AA-014)."))

    def thing(self) -> str:
        unit = self.doc.get(self.base) or {}
        return str(unit.get("name") or unit.get("id") or "unit")

    def _id_free(self, text: str) -> str:

        return f"The id {text!r} is already used" if text in used_ids(self.doc.data) else ""

    def refresh(self) -> None:
        super().refresh()
        figs = self.value(("figures",)) or []
        self.table.setRowCount(len(figs))
        for j, fig in enumerate(figs):
            item = self.table.item(j, 0)
            if item is None:
                from PySide6.QtWidgets import QTableWidgetItem

                item = QTableWidgetItem()
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.table.setItem(j, 0, item)
            item.setText(str(fig.get("id", "")))
            kind = self.table.cellWidget(j, 1)
            if not isinstance(kind, QComboBox):
                kind = QComboBox()
                kind.addItems(FIGURE_KINDS)
                kind.activated.connect(lambda idx, j=j: self._set_kind(j, FIGURE_KINDS[idx]))
                self.table.setCellWidget(j, 1, kind)
            block(kind, lambda kind=kind, fig=fig: kind.setCurrentText(str(fig.get("kind", "soldier"))))
            weapon = self.table.cellWidget(j, 2)
            names = list(WEAPONS)
            if not isinstance(weapon, QComboBox):
                weapon = QComboBox()
                for text, _ in _weapon_items():
                    weapon.addItem(text)
                weapon.activated.connect(lambda idx, j=j: self._set_weapon(j, list(WEAPONS)[idx]))
                self.table.setCellWidget(j, 2, weapon)
            w = str(fig.get("weapon", "rifle"))
            index = names.index(w) if w in names else -1
            block(weapon, lambda weapon=weapon, index=index: weapon.setCurrentIndex(index))

    def _set_kind(self, j: int, kind: str) -> None:
        fid = self.value(("figures", j, "id"))
        self.doc.set((*self.base, "figures", j, "kind"), None if kind == "soldier" else kind,
                     f"Change {fid}: kind")

    def _set_weapon(self, j: int, weapon: str) -> None:
        fid = self.value(("figures", j, "id"))
        self.doc.set((*self.base, "figures", j, "weapon"), weapon, f"Change {fid}: weapon")

    def add_figure(self) -> None:
        unit = self.doc.get(self.base) or {}
        figs = unit.get("figures") or []
        w, h = float(self.doc.get(("table", "width"), 24)), float(self.doc.get(("table", "height"), 24))
        pts = [(float(f["at"][0]), float(f["at"][1])) for f in figs]
        outlines = [corners(p) for p in get_list(self.doc.data, ("table", "pieces"))]
        spot = spot_beside(pts, outlines, w, h)
        if spot is None:
            self.message.emit("No room beside the last figure; move the unit first", True)
            return
        fid = fresh_id(self.doc.data, str(unit.get("id") or "fig"))
        self.doc.insert((*self.base, "figures"), None,
                        {"id": fid, "weapon": "rifle", "at": [num(spot[0]), num(spot[1])]},
                        f"Add figure {fid} to {self.thing()}")

    def remove_figure(self) -> None:
        figs = self.value(("figures",)) or []
        j = self.table.currentRow()
        if not 0 <= j < len(figs):
            j = len(figs) - 1
        if len(figs) <= 1:
            self.message.emit("A unit keeps at least one figure: delete the unit instead (Del)", True)
            return
        rest = [(float(f["at"][0]), float(f["at"][1])) for k, f in enumerate(figs) if k != j]
        if not cohesive(rest, MEASURES.cohesion_link, MEASURES.cohesion_radius):
            self.message.emit(f"Removing {figs[j]['id']} would break the unit's cohesion (AA-014): "
                              "move the others closer first", True)
            return
        self.doc.remove((*self.base, "figures"), j, f"Remove figure {figs[j]['id']}")


# -- a selected marker: Hot Spot, escort, aid station ---------------------------------------------

class MarkerForm(BoundForm):
    """A Hot Spot (its number), an escort (its id, label and wound), an aid station: and
    where it is. A ``[[contractors]]`` entry (the shorthand for a wounded escort labelled
    "contractor") shows as the escort it stands for; changing its label or wound turns it
    into an ``[[escorts]]`` entry, in the same undo step."""

    reselect = Signal(object)  # the path the selected marker moved to (a contractor made an escort)

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold;")
        box.addWidget(self.title)
        self.f = form_layout()
        self.number = self.combo(("number",), "number", [(str(n), n) for n in range(1, 6)],
                                 tip="Hot Spots are numbered 1 to 5 (AA-049)")
        self.f.addRow("Number", self.number)
        self.ident = self.line(("id",), "id", required=True, check=self._id_free,
                               tip="A name unique in the scenario (the log and the score use it)")
        self.f.addRow("Id", self.ident)
        self.label = QLineEdit()
        self.label.setPlaceholderText("escort")
        self.label.setToolTip("What the escort is, shown on the table and in the log and the score: "
                              "\"VIP\", \"informant\", \"detainee\" (empty: \"escort\")")
        self.label.editingFinished.connect(self._label_done)
        self.f.addRow("Label", self.label)
        self.wounded = QCheckBox("Starts wounded")
        self.wounded.setToolTip("A wounded escort is drawn with a red cross; wounded or not, it is "
                                "carried as a Dependant once a Regular unit reaches it (DC-005/006)")
        self.wounded.toggled.connect(self._wounded_done)
        self.f.addRow("", self.wounded)
        self.xy: list[QDoubleSpinBox] = []
        for k, name in enumerate(("East (x)", "North (y)")):
            s = QDoubleSpinBox()
            s.setRange(0, 96)
            s.setDecimals(2)
            s.setSingleStep(0.5)
            s.setKeyboardTracking(False)
            s.valueChanged.connect(lambda _v, k=k: self._moved())
            self.f.addRow(name, s)
            self.xy.append(s)
        box.addLayout(self.f)
        self.note = hint("")
        box.addWidget(self.note)
        box.addStretch(1)

    def _at_rel(self) -> DataPath:
        return () if self.base and self.base[0] == "aid_stations" else ("at",)

    def _id_free(self, text: str) -> str:

        return f"The id {text!r} is already used" if text in used_ids(self.doc.data) else ""

    def thing(self) -> str:

        kind = self.base[0] if self.base else ""
        if kind == "hot_spots":
            return f"hot spot {self.value(('number',))}"
        if kind in ESCORT_LISTS:
            return escort_name(self.doc.data, self.base)
        return "aid station"

    def refresh(self) -> None:

        super().refresh()
        kind = str(self.base[0]) if self.base else ""
        escort = kind in ESCORT_LISTS
        self.f.setRowVisible(self.number, kind == "hot_spots")
        for w in (self.ident, self.label, self.wounded):
            self.f.setRowVisible(w, escort)
        if escort:
            label, wounded = escort_facts(self.doc.data, self.base)
            written = self.value(("label",)) if kind == "escorts" else label
            block(self.label, lambda: self.label.setText(str(written or "")))
            block(self.wounded, lambda: self.wounded.setChecked(wounded))
        if escort:
            self.title.setText(f"Escort: {label} {self.value(('id',)) or ''}"
                               + (" (wounded)" if wounded else ""))
        else:
            self.title.setText("Hot Spot" if kind == "hot_spots" else "Aid station")
        self.note.setText({
            "hot_spots": "Insurgent reinforcements arrive at Hot Spots (AA-053). They stand at "
                         "least 6\" apart (AA-050): a closer spot is refused.",
            "escorts": "A non-combatant waiting on the ground until a Regular unit reaches it, then "
                       "carried as a Dependant (CT-048, DC-005/006). It never fights. Awards for "
                       "escorts brought off (escort_exited) and captives held (captive_held) count it.",
            "contractors": "Written in the file as [[contractors]], the shorthand for a wounded "
                           "escort labelled \"contractor\" (CT-014). Changing its label or wound "
                           "writes it as an [[escorts]] entry instead.",
        }.get(kind, "Regular units ending a move within 1\" hand over their wounded here (DC-012)."))
        at = self.value(self._at_rel()) or [0, 0]
        for k, s in enumerate(self.xy):
            try:
                block(s, lambda s=s, k=k: s.setValue(float(at[k])))
            except (TypeError, ValueError, IndexError):
                pass

    def _label_done(self) -> None:
        text = self.label.text().strip()
        if not self.base:
            return
        if self.base[0] == "escorts":
            self.commit(("label",), text or None, "label")
        elif self.base[0] == "contractors" and text not in ("", "contractor"):
            self._as_escort(label=text)

    def _wounded_done(self, on: bool) -> None:
        if not self.base:
            return
        if self.base[0] == "escorts":
            self.commit(("wounded",), True if on else None, "wounded")
        elif self.base[0] == "contractors" and not on:
            self._as_escort(wounded=False)

    def _as_escort(self, label: str | None = None, wounded: bool | None = None) -> None:
        """Write the selected contractor as the escort it stands for, with the change: one
        undo step (the contractor taken out, the escort added, the file marked format 2)."""
        c = dict(self.doc.get(self.base) or {})
        entry: dict[str, Any] = {"id": c.get("id"), "at": c.get("at"),
                                 "label": label or "contractor"}
        if wounded is not False:
            entry["wounded"] = True
        text = f"Change contractor {c.get('id')}: {'label' if label else 'wounded'}"
        with self.doc.macro(text):
            self.doc.remove(("contractors",), int(self.base[1]), text)
            if not get_list(self.doc.data, ("contractors",)):
                self.doc.set(("contractors",), None, text)  # [] and no key mean the same
            i = self.doc.insert(("escorts",), None, entry, text)
            self.doc.set(("format",), 2, text)
        self.reselect.emit(("escorts", i))

    def _moved(self) -> None:

        at = [num(self.xy[0].value()), num(self.xy[1].value())]
        if self.base[0] == "hot_spots":
            why = spacing_problem(get_list(self.doc.data, ("hot_spots",)), (at[0], at[1]),
                                  skip=int(self.base[1]))
            if why:
                self.message.emit(f"Not moved: {why}", True)
                self.refresh()
                return
        self.doc.set((*self.base, *self._at_rel()), at, f"Move {self.thing()}")


# -- the roster: new units, and the list of units ------------------------------------------------

NEW_UNIT: dict[str, tuple[str, str, int, str, bool]] = {
    "regular": ("d8", "d10", 4, "rifle", False),
    "insurgent": ("d6", "d10", 4, "rifle", False),
}
"""A new unit's Troop Quality, Morale, figures, weapon and whether its first figure leads,
by side: the form's defaults, chosen again whenever the side is switched."""


class RosterForm(QWidget):
    """What the next unit placed will be, and every unit of the scenario (click to select)."""

    placeRequested = Signal()
    unitClicked = Signal(int)

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        box = QVBoxLayout(self)
        group = QGroupBox("New unit")
        f = form_layout()
        self.side = QComboBox()
        for s in Side:
            self.side.addItem(s.title, s.value)
        self.side.currentIndexChanged.connect(self._side_changed)
        f.addRow("Side", self.side)
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Fireteam Alpha")
        f.addRow("Name", self.name)
        self.tq = QComboBox()
        self.tq.addItems(DICE)
        self.tq.setToolTip("Troop Quality die (AA-009)")
        f.addRow("Troop Quality", self.tq)
        self.morale = QComboBox()
        self.morale.addItems(DICE)
        self.morale.setToolTip("Morale die (AA-010)")
        f.addRow("Morale", self.morale)
        self.count = QSpinBox()
        self.count.setRange(1, 15)
        self.count.setValue(4)
        f.addRow("Figures", self.count)
        self.weapon = QComboBox()
        self.support = QComboBox()
        self.support.addItem("None", None)
        for text, value in _weapon_items():
            self.weapon.addItem(text, value)
            if WEAPONS[value].dice:
                self.support.addItem(text, value)
        for combo in (self.weapon, self.support):  # sized by the form, so no label is cut short
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        f.addRow("Weapon", self.weapon)
        self.support.setToolTip("The last figure carries this support weapon (AA-138)")
        f.addRow("Support weapon", self.support)
        self.leader = QCheckBox("The first figure is a leader")
        f.addRow("", self.leader)
        self.armor = QSpinBox()
        self.armor.setRange(-1, 3)
        self.armor.setSpecialValueText("As the side")
        self.armor.setValue(-1)
        self.armor.setToolTip("Defense dice for body armor (AA-128)")
        f.addRow("Body armor", self.armor)
        self.place = QPushButton("Place on the table…")
        self.place.setToolTip("Then click on the table where the first figure stands (U)")
        self.place.clicked.connect(self.placeRequested)
        f.addRow("", self.place)
        group.setLayout(f)
        box.addWidget(group)
        box.addWidget(QLabel("Units (click to select)"))
        self.list = QListWidget()
        self.list.itemClicked.connect(
            lambda item: self.unitClicked.emit(int(item.data(Qt.ItemDataRole.UserRole))))
        box.addWidget(self.list, 1)
        self._side_changed()

    def _side_changed(self) -> None:
        """A new unit of the side chosen starts from that side's defaults: nothing of the
        unit last described (its name, its support weapon) carries over to the other side."""
        tq, morale, count, weapon, leader = NEW_UNIT[str(self.side.currentData())]
        self.name.clear()
        self.tq.setCurrentText(tq)
        self.morale.setCurrentText(morale)
        self.count.setValue(count)
        self.weapon.setCurrentIndex(max(0, self.weapon.findData(weapon)))
        self.support.setCurrentIndex(0)
        self.leader.setChecked(leader)
        self.armor.setValue(-1)

    def make_unit(self, at: tuple[float, float]) -> dict[str, Any]:
        """The unit the form describes, its figures in formation from ``at``."""

        side = str(self.side.currentData())
        name = self.name.text().strip() or f"{theme.SIDE_NAMES[side]} unit"
        uid = fresh_id(self.doc.data, name)
        w, h = float(self.doc.get(("table", "width"), 24)), float(self.doc.get(("table", "height"), 24))
        n = self.count.value()
        figs = []
        taken: set[str] = {uid}
        for k, (x, y) in enumerate(formation(at, n, w, h)):
            fid = fresh_id(self.doc.data, uid, taken)
            taken.add(fid)
            fig: dict[str, Any] = {"id": fid}
            if k == 0 and self.leader.isChecked():
                fig["kind"] = "leader"
            support = self.support.currentData()
            fig["weapon"] = support if (support and k == n - 1 and n > 1) else self.weapon.currentData()
            fig["at"] = [num(x), num(y)]
            figs.append(fig)
        unit: dict[str, Any] = {"id": uid, "name": name, "side": side, "tq": self.tq.currentText(),
                                "morale": self.morale.currentText()}
        if self.armor.value() >= 0:
            unit["armor"] = self.armor.value()
        unit["figures"] = figs
        return unit

    def refresh(self) -> None:
        self.list.clear()
        for i, u in enumerate(get_list(self.doc.data, ("units",))):
            side = theme.SIDE_NAMES.get(str(u.get("side")), str(u.get("side")))
            n = len(u.get("figures") or [])
            item = QListWidgetItem(f"{u.get('name') or u.get('id')} — {side}, {figures_word(n)}, "
                                   f"TQ {u.get('tq')}, Morale {u.get('morale')}")
            item.setData(Qt.ItemDataRole.UserRole, i)
            item.setForeground(theme.SIDE_COLOURS.get(str(u.get("side")), theme.DIALOG_TEXT).darker(120))
            self.list.addItem(item)


# -- the scenario's settings ----------------------------------------------------------------------

class SettingsForm(BoundForm):
    """Title, name, brief, turn limit, table size, the sides, reinforcements, what scores."""

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        self.edge_boxes: dict[tuple[str, str], QCheckBox] = {}
        box = QVBoxLayout(self)
        g = QGroupBox("Scenario")
        f = form_layout()
        f.addRow("Title", self.line(("title",), "title", required=True))
        f.addRow("Name", self.line(("name",), "name", required=True,
                                   tip="The short name used on the command line"))
        self.brief = QPlainTextEdit()
        self.brief.setToolTip("The mission brief the players read before the game")
        self.brief.setMinimumHeight(90)
        self.brief.installEventFilter(self)
        self.bindings.append(Binding(
            ("brief",), self.brief,
            lambda v: self.brief.setPlainText("" if v is None else str(v).strip("\n")), "brief"))
        f.addRow("Brief", self.brief)
        f.addRow("Turn limit", self.spin(("turn_limit",), "turn limit", 1, 99, whole=True,
                                         tip="The last turn (house rule AA-048)"))
        f.addRow("Effective range", self.spin(("effective_range",), "effective range", 0, 96,
                                              special="Unlimited",
                                              tip="Beyond it attack dice need 7+ (AA-145)"))
        f.addRow("Table width", self.spin(("table", "width"), "table width", 1, 96, whole=True))
        f.addRow("Table depth", self.spin(("table", "height"), "table depth", 1, 96, whole=True))
        rules = QVBoxLayout()
        for rule in special_rules():
            box_ = self.member(("special_rules",), "special rules", rule, rule.replace("_", " ").capitalize(),
                               special_rules(),
                               tip=SPECIAL_RULE_TEXT.get(rule, rule))
            rules.addWidget(box_)
            rules.addWidget(hint(SPECIAL_RULE_TEXT.get(rule, rule)))
        f.addRow("Special rules", rules)
        g.setLayout(f)
        box.addWidget(g)
        box.addWidget(self._options_box())
        for side in Side:
            box.addWidget(self._side_box(side))
        box.addWidget(self._reinforcement_box())
        self.awards = AwardsBox(doc)
        self.awards.message.connect(self.message)
        self.bindings.append(Binding(("victory",), self.awards, lambda _v: self.awards.refresh(), "victory"))
        box.addWidget(self.awards)
        box.addStretch(1)

    def _options_box(self) -> QGroupBox:
        """The scenario's defaults for the rules options (its ``[options]``): a game of it
        starts on these readings unless the player picks others; the reading closest to
        the text is written by leaving the option out."""
        from ambush_gui.alley.options import OPTIONS

        g = QGroupBox("Rules options (the scenario's defaults)")
        f = form_layout()
        f.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)  # each reading is a sentence:
        f.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)  # the question above, its full width below
        for o in OPTIONS.offered:
            items = [(r.title + (theme.LAUNCHER_DEFAULT_MARK if r.value == o.default else ""), r.value)
                     for r in o.readings]
            f.addRow(o.title, self.combo(("options", o.name), f"rules option {o.name}", items,
                                         tip=f"{o.text} ({', '.join(o.rule_ids)})", default=o.default))
        g.setLayout(f)
        return g

    def eventFilter(self, obj: Any, event: Any) -> bool:  # noqa: N802 - Qt's name
        from PySide6.QtCore import QEvent

        if obj is self.brief and event.type() == QEvent.Type.FocusOut:
            self.commit_brief()
        return super().eventFilter(obj, event)

    def commit_brief(self) -> None:
        text = self.brief.toPlainText().strip()
        old = str(self.value(("brief",)) or "").strip()
        if text != old:
            self.commit(("brief",), ("\n" + text + "\n") if "\n" in text else (text or None), "brief")

    def _side_box(self, side: Side) -> QGroupBox:
        g = QGroupBox(f"{side.title} side")
        f = form_layout()
        s = side.value
        f.addRow("Name", self.line(("sides", s, "name"), f"{side.title} name", required=True))
        f.addRow("Optimum range", self.spin(("sides", s, "optimum_range"), f"{side.title} optimum range",
                                            0.5, 48, tip="Inches (AA-111)"))
        f.addRow("Body armor", self.spin(("sides", s, "armor"), f"{side.title} body armor", 0, 3, whole=True,
                                         tip="Defense dice (AA-128)"))
        edges = QHBoxLayout()
        for e in EDGES:
            self.edge_boxes[(s, e)] = self.member(
                ("sides", s, "friendly_edges"), f"{side.title} friendly edges", e, e.capitalize(), EDGES,
                tip=f"{side.title} units may leave the table across the {e} edge")
            edges.addWidget(self.edge_boxes[(s, e)])
        edges.addStretch(1)
        f.addRow("Friendly edges", edges)
        g.setLayout(f)
        return g

    def _reinforcement_box(self) -> QGroupBox:
        g = QGroupBox("Insurgent reinforcements (2d6 table)")
        box = QVBoxLayout(g)
        self.reinforce = QCheckBox("Insurgents get reinforcements at the Hot Spots")
        self.reinforce.toggled.connect(self._toggle_reinforcements)
        self.bindings.append(Binding(("reinforcements",), self.reinforce,
                                     lambda v: self.reinforce.setChecked(v is not None), "reinforcements"))
        box.addWidget(self.reinforce)
        f = form_layout()
        f.addRow("Insurgency Level", self.combo(("reinforcements", "level"), "Insurgency Level",
                                                INSURGENCY_LEVELS, tip="AA-059"))
        f.addRow("Troop Quality", self.combo(("reinforcements", "tq"), "reinforcement Troop Quality",
                                             _dice_items()))
        f.addRow("Morale", self.combo(("reinforcements", "morale"), "reinforcement Morale", _dice_items()))
        f.addRow("Leader's TQ", self.combo(("reinforcements", "leader_tq"), "reinforcement leader TQ",
                                           _dice_items()))
        box.addLayout(f)
        t = QTableWidget(11, 5)
        t.setHorizontalHeaderLabels(["Small arms", "Light", "RPG", "Leader", "Again"])
        for c, tip in enumerate(("Insurgent figures with small arms: a number, 1d6, 1d6+2 or 2d6",
                                 "Light support weapons (0-3)", "RPG gunners (0-3)",
                                 "A leader arrives with them", "Roll again on the table")):
            header = t.horizontalHeaderItem(c)
            if header is not None:
                header.setToolTip(tip)
        t.setVerticalHeaderLabels([str(n) for n in range(2, 13)])
        t.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        t.setToolTip("One line per 2d6 total: what arrives (CT-022..032). Small arms: a number, "
                     "1d6, 1d6+2 or 2d6")
        for r, n in enumerate(range(2, 13)):
            base = ("reinforcements", "table", str(n))
            t.setCellWidget(r, 0, self.line((*base, "small_arms"), f"reinforcements {n}: small arms",
                                            check=_small_arms_problem))
            t.setCellWidget(r, 1, self.spin((*base, "light_support"), f"reinforcements {n}: light support",
                                            0, 3, whole=True, special="-"))
            t.setCellWidget(r, 2, self.spin((*base, "rpg"), f"reinforcements {n}: RPG", 0, 3, whole=True,
                                            special="-"))
            for c, key in ((3, "leader"), (4, "roll_again")):
                cell = QWidget()
                lay = QHBoxLayout(cell)
                lay.setContentsMargins(0, 0, 0, 0)
                lay.setAlignment(Qt.AlignmentFlag.AlignCenter)
                lay.addWidget(self.check((*base, key), f"reinforcements {n}: {key.replace('_', ' ')}", ""))
                t.setCellWidget(r, c, cell)
        for r in range(t.rowCount()):
            for c in range(3):
                cell = t.cellWidget(r, c)
                if cell is not None:
                    cell.setMinimumWidth(36)
        t.horizontalHeader().setMinimumSectionSize(40)
        t.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        t.setMinimumHeight(11 * 30 + 30)
        self.reinforcement_table = t
        box.addWidget(t)
        return g

    def _toggle_reinforcements(self, on: bool) -> None:
        if on and self.value(("reinforcements",)) is None:
            self.commit(("reinforcements",), default_reinforcements(), "reinforcements on")
        elif not on and self.value(("reinforcements",)) is not None:
            self.commit(("reinforcements",), None, "reinforcements off")

    def refresh(self) -> None:
        super().refresh()
        on = self.value(("reinforcements",)) is not None
        self.reinforcement_table.setEnabled(on)


def _small_arms_problem(text: str) -> str:
    from ambush_gui.alley.scenario import ReinforcementEntry

    try:
        ReinforcementEntry(small_arms=text or None)
    except ValueError:
        return f"{text!r}: small arms are a number or 1d6, 1d6+2, 2d6"
    return ""
