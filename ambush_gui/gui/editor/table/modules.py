"""The table editor's Modules tab: the Force on Force rule modules a scenario switches on.

A scenario switches modules on with ``modules = ["mines", ...]`` and gives each one's
settings in a top-level table of its name (``[mines]``), validated by the module's own
pydantic ``Settings`` model (docs/formats.md, "Force on Force"). This tab shows the seven
modules in the seed's order, each with a check box (what it does in its tooltip) and, while
it is on, its settings:

* built from its ``Settings`` model where the field is simple (a number, a yes/no, a
  choice from a fixed list, a set of sides): the widget shows the file's value or the
  model's default, and choosing the default again removes the key, so the file only
  says what differs;
* built by hand where it is not: the MOPP level of each side and the MOPP schedule (NBC),
  the civilians' attitude to each side, Positive and Negative Leaders (a figure and a
  rating), mortar teams (a unit and its mortar), mounted units (a unit, mounted troops or
  cavalry), each a :class:`RecordList` of rows.

What lives on the table is edited there (a minefield's type and concentration, an IED, a
hostile mob: the Properties tab of the selected piece or marker), and a unit's Confidence
on its own form. Every change is one ``doc.set`` (switching a module off also removes its
settings, in one undo step), and nothing is written while the tab only shows the file, so
a file opened and saved unedited is unchanged.

The settings of a module not yet merged (its ``Settings`` has no such field) are simply
not offered: the tab reads the models at run time.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.alley.fof import MODULE_NAMES
from ambush_gui.alley.modules import REGISTRY
from ambush_gui.core.dice import Die
from ambush_gui.gui.editor.document import DataPath, EditorDocument
from ambush_gui.gui.editor.table.bound import Binding, BoundForm, block, form_layout, hint
from ambush_gui.gui.editor.table.canvas import used_ids
from ambush_gui.gui.editor.table.fof_data import mine_words, module_list, set_module

SIDES = ("regular", "insurgent")
DICE = [str(d) for d in Die]

MODULE_TIPS = {
    "mortars": "Mortar teams (FF-001..021): Light, Medium and Heavy mortars fire indirectly at "
               "units their side can see, not inside their No Fire Zone; Medium ones may direct-lay "
               "if the scenario allows",
    "nbc": "NBC warfare (FF-022..026): each side's MOPP level costs Reaction and Troop Quality; in "
           "an NBC environment every wounded figure takes a Contamination Test before First Aid",
    "mines": "Mines (FF-027..043): a unit entering or starting in a minefield takes a mine test; "
             "the type and concentration set how hard the mines hit",
    "ieds": "IEDs (FF-044..051): hidden bombs placed on the table that go off when a unit comes "
            "near, on a given turn or on command, then fire like any attack",
    "mounted": "Mounted units (FF-052..068): mounted troops ride to the fight and dismount; "
               "cavalry fight from the saddle. Tactical 8\" and Rapid 16\" moves",
    "combat_stress": "Combat stress (FF-087..128): each unit's Stress Level rises with losses and "
                     "time under fire; a Stress Test each turn may cost it Confidence. Positive and "
                     "Negative Leaders steady or shake the units near them",
    "civilians": "Civilians (FF-129..166): mobs that drift toward gunfire, block fire and "
                 "movement, may be hit, dispersed, manipulated, armed or turn hostile",
}

# keys a module's settings form builds by hand (or leaves to the table), not generically
HAND_BUILT: dict[str, set[str]] = {
    "mortars": {"teams"},
    "nbc": {"mopp", "schedule"},
    "mines": {"fields"},
    "ieds": {"devices"},
    "mounted": {"units", "optimum_ranges", "tall_cover"},
    "combat_stress": {"positive_leaders", "negative_leaders", "objectives"},
    "civilians": {"attitude", "hostile_mobs", "interpreters", "mixed_mobs", "armed_mob_table"},
}
ON_THE_TABLE = {
    "mines": "Draw minefields with the Minefield tool (8); select one to set its type and "
             "concentration under Properties (the ones above are for every field not set there).",
    "ieds": "Place IEDs with the IED tool (I) and drag them where they lie; select one to set its "
            "size, trigger and target under Properties.",
    "civilians": "Drag out mob stands with the Civilian mob tool (7); select one to make it a "
                 "hostile mob under Properties. An Insurgent unit's leader is its popular leader.",
    "combat_stress": "Each unit's Confidence is on its own form (Properties, when it is selected).",
    "mounted": "Each unit's Confidence is on its own form (Properties, when it is selected).",
}


def value_words(value: Any) -> str:
    """A choice as a person says it: "light_ap" -> "light AP", "d6" stays "d6"."""
    text = mine_words(str(value)).replace("_", " ")
    return text[:1].upper() + text[1:] if text[:1].isalpha() and not text[:1] == "d" else text


def words(name: str) -> str:
    """A settings key in words: "medium_direct_lay" -> "Medium direct lay"."""
    return name.replace("_", " ").capitalize()


def _choices(annotation: Any, info: FieldInfo) -> list[Any] | None:
    """The fixed values a field may take (an enum, a Literal, or a json_schema ``enum``)."""
    extra = info.json_schema_extra
    values = extra.get("enum") if isinstance(extra, dict) else None
    if isinstance(values, list):
        return list(values)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return [m.value for m in annotation]
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation))
    return None


def _plain(annotation: Any) -> tuple[Any, bool]:
    """The annotation without ``| None``, and whether None was allowed."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0], True
    return annotation, False


def _bounds(info: FieldInfo, lo: float, hi: float) -> tuple[float, float]:
    for m in info.metadata:
        for name, adjust in (("ge", 0.0), ("gt", 0.01)):
            v = getattr(m, name, None)
            if v is not None:
                lo = float(v) + adjust
        for name, adjust in (("le", 0.0), ("lt", -0.01)):
            v = getattr(m, name, None)
            if v is not None:
                hi = float(v) + adjust
    return lo, hi


def _inner_info(annotation: Any) -> list[Any]:
    """Constraints of an ``Annotated[float, Field(...)]`` alias (the civilians' Inches)."""
    if typing.get_origin(annotation) is typing.Annotated:
        return [a for a in typing.get_args(annotation)[1:]]
    return []


class _NoStrayWheel(QObject):
    """The wheel scrolls the tab, not the number or choice under the mouse, unless the
    person clicked into that field first (scrolling down the Modules tab past a MOPP level
    must not change it)."""

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Wheel and isinstance(obj, QWidget) and not obj.hasFocus():
            event.ignore()
            return True
        return False


_CALM = _NoStrayWheel()


def calm(form: QWidget) -> None:
    """Give every spin box and combo of ``form`` the wheel rule above (once each)."""
    for kind in (QAbstractSpinBox, QComboBox):
        for w in form.findChildren(kind):
            if not w.property("calm"):
                w.setProperty("calm", True)
                w.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
                w.installEventFilter(_CALM)


# -- a list of records (leaders, mortar teams, mounted units, the MOPP schedule) --------------

@dataclass
class Column:
    """One field of a row: ``kind`` "choice" (``items`` gives (text, value) pairs, maybe
    from the document), "int" (``lo``..``hi``) or "bool"."""

    key: str
    title: str
    kind: str
    items: Callable[[], list[tuple[str, Any]]] = field(default=lambda: [])
    lo: int = 0
    hi: int = 99
    tip: str = ""


class RecordList(QGroupBox):
    """Rows of records stored at one place of the document, in whatever shape the file
    wants (``to_rows``/``from_rows`` convert); each edit, add or removal writes the whole
    value back as one undo step (an empty list removes the key)."""

    def __init__(self, doc: EditorDocument, path: DataPath, title: str, columns: list[Column],
                 new_row: Callable[[], dict[str, Any] | None], to_rows: Callable[[Any], list[dict[str, Any]]],
                 from_rows: Callable[[list[dict[str, Any]]], Any], add_text: str, tip: str = "",
                 empty: str = "") -> None:
        super().__init__(title)
        self.doc, self.path, self.columns = doc, path, columns
        self.new_row, self.to_rows, self.from_rows = new_row, to_rows, from_rows
        self.setToolTip(tip)
        box = QVBoxLayout(self)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(6)
        box.addLayout(self.grid)
        self.empty = hint(empty)
        box.addWidget(self.empty)
        row = QHBoxLayout()
        self.add_button = QPushButton(add_text)
        self.add_button.clicked.connect(self.add)
        row.addWidget(self.add_button)
        row.addStretch(1)
        box.addLayout(row)
        self.rows: list[dict[str, Any]] = []
        self.widgets: list[list[QWidget]] = []
        for c, col in enumerate(columns):
            head = QLabel(f"<b>{col.title}</b>")
            head.setToolTip(col.tip)
            self.grid.addWidget(head, 0, c)
            self.grid.setColumnStretch(c, (2 if c == 0 else 1) if col.kind == "choice" else 0)

    def rows_now(self) -> list[dict[str, Any]]:
        try:
            return self.to_rows(self.doc.get(self.path))
        except (TypeError, ValueError, AttributeError):
            return []

    def write(self, rows: list[dict[str, Any]], text: str) -> None:
        value = self.from_rows(rows) if rows else None
        self.doc.set(self.path, value, text)

    def add(self) -> None:
        row = self.new_row()
        if row is None:
            return
        self.write([*self.rows_now(), row], f"Add to {self.title().lower()}")

    def remove(self, r: int) -> None:
        rows = self.rows_now()
        if 0 <= r < len(rows):
            del rows[r]
            self.write(rows, f"Remove from {self.title().lower()}")

    def edit(self, r: int, key: str, value: Any) -> None:
        rows = self.rows_now()
        if 0 <= r < len(rows) and rows[r].get(key) != value:
            rows[r] = {**rows[r], key: value}
            self.write(rows, f"Change {self.title().lower()}: {key.replace('_', ' ')}")

    def refresh(self) -> None:
        rows = self.rows_now()
        if len(rows) != len(self.widgets):
            self._rebuild(len(rows))
        self.rows = rows
        for r, row in enumerate(rows):
            for col, w in zip(self.columns, self.widgets[r], strict=False):
                v = row.get(col.key)
                block(w, lambda w=w, col=col, v=v: self._show(w, col, v))
        self.empty.setVisible(not rows and bool(self.empty.text()))

    def _show(self, w: QWidget, col: Column, v: Any) -> None:
        if isinstance(w, QComboBox):
            items = col.items()
            w.clear()
            for text, _ in items:
                w.addItem(text)
            values = [val for _, val in items]
            if v not in values:  # a value the list does not know (a unit since deleted)
                w.addItem(f"{v} (not found)")
                values.append(v)
            w.setProperty("values", values)
            w.setCurrentIndex(values.index(v))
        elif isinstance(w, QSpinBox):
            try:
                w.setValue(int(v))
            except (TypeError, ValueError):
                w.setValue(w.minimum())
        elif isinstance(w, QCheckBox):
            w.setChecked(bool(v))

    def _rebuild(self, n: int) -> None:
        for old_row in self.widgets:
            for old in old_row:
                self.grid.removeWidget(old)
                old.hide()
                old.deleteLater()
        self.widgets = []
        for r in range(n):
            ws: list[QWidget] = []
            for c, col in enumerate(self.columns):
                w: QWidget
                if col.kind == "choice":
                    combo = QComboBox()
                    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
                    combo.setMinimumContentsLength(6)
                    combo.activated.connect(lambda i, r=r, col=col, combo=combo: self.edit(
                        r, col.key, (combo.property("values") or [])[i]))
                    w = combo
                elif col.kind == "int":
                    spin = QSpinBox()
                    spin.setRange(col.lo, col.hi)
                    spin.setKeyboardTracking(False)
                    spin.valueChanged.connect(lambda v, r=r, col=col: self.edit(r, col.key, int(v)))
                    w = spin
                else:
                    check = QCheckBox()
                    check.toggled.connect(lambda on, r=r, col=col: self.edit(r, col.key, bool(on)))
                    w = check
                w.setToolTip(col.tip)
                self.grid.addWidget(w, r + 1, c)
                ws.append(w)
            x = QToolButton()
            x.setText("✕")
            x.setToolTip("Remove this line")
            x.clicked.connect(lambda _=False, r=r: self.remove(r))
            self.grid.addWidget(x, r + 1, len(self.columns))
            ws.append(x)
            self.widgets.append(ws)


# -- the tab ------------------------------------------------------------------------------------

class ModelForm(BoundForm):
    """A form with fields made from a pydantic model's fields (see :meth:`model_field`)."""

    def _side(self, side: str) -> str:
        """A side in the scenario's own words ("Border Horse"), as the other tabs say it."""
        from ambush_gui.alley.places import side_name

        return side_name(self.doc.data, side)

    def model_field(self, rel: DataPath, title: str, info: FieldInfo) -> QWidget | None:
        """A widget for one field of a ``Settings`` model at ``rel`` (below the form's base):
        a combo for a fixed list, a check box for a yes/no, a spin box for a number (its
        bounds from the model), a check box per value for a list of an enum; None for a
        field it cannot show simply. The default shows when the key is absent, and choosing
        it again removes the key."""
        tip = info.description or ""
        default = info.get_default(call_default_factory=True)
        if isinstance(default, enum.Enum):
            default = default.value
        annotation, optional = _plain(info.annotation)
        inner = _inner_info(annotation)
        if inner:
            annotation = typing.get_args(annotation)[0]
        choices = _choices(annotation, info)
        if choices is None and annotation is str and str(default) in DICE:  # a die, checked by a validator
            choices = list(DICE)
        if choices is not None:
            items = [(value_words(c) + ("  (default)" if c == default else ""), c) for c in choices]
            if optional and default is None:
                items.insert(0, ("Default", None))
            return self.combo(rel, title, items, tip=tip, default=default)
        if annotation is bool:
            w = QCheckBox()
            w.setToolTip(tip)
            w.toggled.connect(lambda on: self.commit(rel, None if on == bool(default) else bool(on), title))
            self.bindings.append(Binding(rel, w, lambda v: w.setChecked(bool(default if v is None else v)),
                                         title))
            return w
        if annotation in (int, float):
            whole = annotation is int
            lo, hi = _bounds(info, 0.0, 99.0)
            for extra in inner:
                lo, hi = _bounds(extra, lo, hi) if isinstance(extra, FieldInfo) else (lo, hi)
            special = ""
            if optional and default is None:
                lo -= 1
                special = "Default"
            spin: QSpinBox | QDoubleSpinBox
            if whole:
                spin = QSpinBox()
                spin.setRange(int(lo), int(hi))
            else:
                spin = QDoubleSpinBox()
                spin.setRange(lo, hi)
                spin.setDecimals(1)
                spin.setSingleStep(0.5)
                spin.setSuffix("\"")
            spin.setKeyboardTracking(False)
            spin.setToolTip(tip)
            if special:
                spin.setSpecialValueText(special)

            def changed(v: float, spin: Any = spin) -> None:
                if special and v == spin.minimum():
                    value = None
                else:
                    value = int(v) if whole else round(float(v), 2)
                    value = None if value == default else value
                self.commit(rel, value, title)

            spin.valueChanged.connect(changed)

            def show(v: Any, spin: Any = spin) -> None:
                v = default if v is None else v
                try:
                    spin.setValue(int(v) if whole else float(v))
                except (TypeError, ValueError):
                    spin.setValue(spin.minimum())

            self.bindings.append(Binding(rel, spin, show, title))
            return spin
        if typing.get_origin(annotation) is list:
            (item,) = typing.get_args(annotation) or (None,)
            if isinstance(item, type) and issubclass(item, enum.Enum):
                row = QWidget()
                lay = QHBoxLayout(row)
                lay.setContentsMargins(0, 0, 0, 0)
                order = [m.value for m in item]
                dflt = [d.value if isinstance(d, enum.Enum) else d for d in (default or [])]
                for value in order:
                    lay.addWidget(self._member(rel, title, str(value), dflt, order, tip))
                lay.addStretch(1)
                return row
        return None

    def _member(self, rel: DataPath, title: str, value: str, default: list[str], order: list[str],
                tip: str) -> QCheckBox:
        """One side of a set of sides, the model's default shown when the key is absent."""
        w = QCheckBox(self._side(value))
        w.setToolTip(tip)

        def toggled(on: bool) -> None:
            have = [str(v) for v in (self.value(rel) or default)]
            new = [v for v in order if (v in have and v != value) or (v == value and on)]
            self.commit(rel, None if new == default else new, title)

        w.toggled.connect(toggled)
        self.bindings.append(Binding(
            rel, w, lambda v: w.setChecked(value in (v if v is not None else default)), title))
        return w



class ModulesForm(ModelForm):
    """The seven Force on Force modules: on/off, and each one's settings while it is on."""

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        self.switches: dict[str, QCheckBox] = {}
        self.panels: dict[str, QWidget] = {}
        self.records: list[RecordList] = []
        box = QVBoxLayout(self)
        box.addWidget(hint("Force on Force optional rules. Switch a module on to use its "
                           "rules in this scenario; its settings appear under it. A setting left at "
                           "its default is not written to the file."))
        for name in MODULE_NAMES:
            cls = REGISTRY.get(name)
            if cls is None:
                continue
            group = QGroupBox()
            g = QVBoxLayout(group)
            switch = QCheckBox(f"{cls.title or words(name)}  ({cls.rules})" if cls.rules else cls.title)
            switch.setStyleSheet("font-weight: bold;")
            switch.setToolTip(MODULE_TIPS.get(name, ""))
            switch.toggled.connect(lambda on, name=name: self.switch(name, on))
            self.switches[name] = switch
            self.bindings.append(Binding(("modules",), switch,
                                         lambda _v, name=name, s=switch: s.setChecked(
                                             name in module_list(self.doc.data)), f"module {name}"))
            g.addWidget(switch)
            tip = QLabel(MODULE_TIPS.get(name, ""))
            tip.setWordWrap(True)
            tip.setStyleSheet("color: palette(mid);")
            panel = QWidget()
            p = QVBoxLayout(panel)
            p.setContentsMargins(18, 0, 0, 0)
            f = form_layout()
            if name == "civilians":  # the crowd's mood first: it is what a designer sets
                self._hand_built(name, cls.Settings, p, f)
            self._generic(name, cls.Settings, f)
            p.addLayout(f)
            if name != "civilians":
                self._hand_built(name, cls.Settings, p, f)
            if name in ON_THE_TABLE:
                p.addWidget(hint(ON_THE_TABLE[name]))
            g.addWidget(panel)
            self.panels[name] = panel
            box.addWidget(group)
        box.addStretch(1)

    def thing(self) -> str:
        return ""

    # -- on and off ---------------------------------------------------------------------------
    def switch(self, name: str, on: bool) -> None:
        """Switch ``name`` on or off (off also removes its settings): one undo step."""
        if set_module(self.doc, name, on):
            title = REGISTRY[name].title or name
            self.message.emit(f"{title} switched {'on' if on else 'off'}", False)

    # -- settings from the model --------------------------------------------------------------
    def _generic(self, name: str, model: type[BaseModel], f: QFormLayout) -> None:
        for key, info in model.model_fields.items():
            if key in HAND_BUILT.get(name, set()):
                continue
            w = self.model_field((name, key), f"{name.replace('_', ' ')} {key.replace('_', ' ')}", info)
            if w is not None:
                label = QLabel(words(key))
                label.setToolTip(info.description or "")
                f.addRow(label, w)


    # -- settings by hand --------------------------------------------------------------------
    def _hand_built(self, name: str, model: type[BaseModel], box: QVBoxLayout, f: QFormLayout) -> None:
        fields = model.model_fields
        if name == "nbc" and "mopp" in fields:
            for side in SIDES:
                spin = self._level(("nbc", "mopp", side), f"{self._side(side)} MOPP level",
                                   "MOPP 0 (none)", "The MOPP level the side wears at the start (FF-022): "
                                   "higher protects better but costs Reaction and Troop Quality")
                f.addRow(f"MOPP: {self._side(side)}", spin)
        if name == "nbc" and "schedule" in fields:
            box.addWidget(self._record(RecordList(
                self.doc, ("nbc", "schedule"), "MOPP schedule",
                [Column("turn", "From turn", "int", lo=1, hi=99, tip="The turn the change takes effect"),
                 Column("side", "Side", "choice", lambda: [(self._side(s), s) for s in SIDES]),
                 Column("level", "MOPP", "int", lo=0, hi=4, tip="The MOPP level from that turn on")],
                new_row=self._next_schedule, to_rows=_schedule_rows, from_rows=_schedule_data,
                add_text="Add a MOPP change", tip="FF-022: MOPP changes by turn",
                empty="No changes: each side keeps its starting MOPP level all game.")))
        if name == "combat_stress":
            for key, title, what in (("positive_leaders", "Positive Leaders", "steadies"),
                                     ("negative_leaders", "Negative Leaders", "shakes")):
                if key not in fields:
                    continue
                box.addWidget(self._record(RecordList(
                    self.doc, ("combat_stress", key), title,
                    [Column("figure", "Figure", "choice", self._figures, tip="The leader's figure"),
                     Column("rating", "Rating", "int", lo=1, hi=3,
                            tip="Leadership rating 1-3 (FF-102, FF-104)")],
                    new_row=lambda key=key: self._next_leader(key), to_rows=_list_rows, from_rows=list,
                    add_text=f"Add a {title[:-1].lower()}",
                    tip=f"FF-102..104: a {title[:-1]} {what} the units near him (his rating in "
                        "Stress Levels)",
                    empty="None.")))
        if name == "mortars" and "teams" in fields:
            box.addWidget(self._record(RecordList(
                self.doc, ("mortars", "teams"), "Mortar teams",
                [Column("unit", "Unit", "choice", self._units, tip="The unit that crews the mortar"),
                 Column("type", "Mortar", "choice",
                        lambda: [("Light", "light"), ("Medium", "medium"), ("Heavy", "heavy")],
                        tip="FF-001..003: Light, Medium or Heavy")],
                new_row=self._next_team, to_rows=_team_rows, from_rows=_team_data,
                add_text="Add a mortar team", tip="FF-001: the scenario's mortar teams",
                empty="No mortar teams yet: add one and pick the unit that crews it.")))
        if name == "mounted" and "units" in fields:
            box.addWidget(self._record(RecordList(
                self.doc, ("mounted", "units"), "Mounted units",
                [Column("unit", "Unit", "choice", self._units),
                 Column("type", "Type", "choice",
                        lambda: [("Mounted troops", "mounted_troops"), ("Cavalry", "cavalry")],
                        tip="FF-052: mounted troops ride to the fight; cavalry fight from the saddle"),
                 Column("mounted", "Mounted", "bool", tip="Starts the game mounted"),
                 Column("mounts_on_table", "Mounts here", "bool",
                        tip="FF-053: off when its mounts are kept off the table")],
                new_row=self._next_mounted, to_rows=_mounted_rows, from_rows=_mounted_data,
                add_text="Add a mounted unit", tip="FF-052: the scenario's mounted units",
                empty="No mounted units yet.")))
        if name == "civilians" and "attitude" in fields:
            ann = fields["attitude"].annotation
            args = typing.get_args(ann)
            values = [m.value for m in args[1]] if len(args) == 2 and isinstance(args[1], type) \
                and issubclass(args[1], enum.Enum) else ["friendly", "neutral", "hostile"]
            for side in SIDES:
                items = [(v.capitalize() + ("  (default)" if v == "neutral" else ""), v) for v in values]
                f.addRow(f"Attitude to the {self._side(side)}",
                         self.combo(("civilians", "attitude", side), f"civilians' attitude to the {side}s",
                                    items, default="neutral",
                                    tip="FF-143/144: how the civilians feel about the side (dispersal odds)"))

    def _level(self, rel: DataPath, title: str, special: str, tip: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(0, 4)
        spin.setPrefix("MOPP ")
        spin.setSpecialValueText(special)
        spin.setKeyboardTracking(False)
        spin.setToolTip(tip)
        spin.valueChanged.connect(lambda v: self.commit(rel, int(v) or None, title))

        def show(v: Any) -> None:
            try:
                spin.setValue(int(v))
            except (TypeError, ValueError):
                spin.setValue(0)

        self.bindings.append(Binding(rel, spin, show, title))
        return spin

    def _record(self, rl: RecordList) -> RecordList:
        self.records.append(rl)
        self.bindings.append(Binding(rl.path, rl, lambda _v, rl=rl: rl.refresh(), rl.title()))
        return rl

    # -- what the lists offer -----------------------------------------------------------------
    def _units(self) -> list[tuple[str, Any]]:
        return [(f"{u.get('name') or u.get('id')}", str(u.get("id")))
                for u in self.doc.get(("units",)) or [] if isinstance(u, dict)]

    def _figures(self) -> list[tuple[str, Any]]:
        out = []
        for u in self.doc.get(("units",)) or []:
            if not isinstance(u, dict):
                continue
            for fig in u.get("figures") or []:
                kind = fig.get("kind", "soldier")
                out.append((f"{fig.get('id')} ({u.get('name') or u.get('id')}"
                            + (", leader)" if kind == "leader" else ")"), str(fig.get("id"))))
        return out

    def _next_leader(self, key: str) -> dict[str, Any] | None:
        figs = self._figures()
        if not figs:
            self.message.emit("Place a unit first: a leader is one of its figures", True)
            return None
        taken = {str(x.get("figure")) for k in ("positive_leaders", "negative_leaders")
                 for x in self.doc.get(("combat_stress", k)) or []}
        leaders = [v for t, v in figs if "leader)" in t and v not in taken]
        free = [v for _, v in figs if v not in taken]
        return {"figure": (leaders or free or [figs[0][1]])[0], "rating": 1}

    def _next_team(self) -> dict[str, Any] | None:
        units = self._units()
        if not units:
            self.message.emit("Place a unit first: a mortar team is a unit that crews a mortar", True)
            return None
        taken = set((self.doc.get(("mortars", "teams")) or {}).keys())
        free = [v for _, v in units if v not in taken]
        if not free:
            self.message.emit("Every unit already crews a mortar", True)
            return None
        return {"unit": free[0], "type": "light"}

    def _next_mounted(self) -> dict[str, Any] | None:
        units = self._units()
        if not units:
            self.message.emit("Place a unit first", True)
            return None
        taken = {str(u.get("unit")) for u in self.doc.get(("mounted", "units")) or []}
        free = [v for _, v in units if v not in taken]
        if not free:
            self.message.emit("Every unit is already mounted", True)
            return None
        return {"unit": free[0], "type": "mounted_troops", "mounted": True, "mounts_on_table": True}

    def _next_schedule(self) -> dict[str, Any]:
        rows = _schedule_rows(self.doc.get(("nbc", "schedule")))
        turn = max((int(r["turn"]) for r in rows), default=1) + 1
        return {"turn": turn, "side": "regular", "level": 0}

    def refresh(self) -> None:
        super().refresh()
        on = set(module_list(self.doc.data))
        for name, panel in self.panels.items():
            panel.setVisible(name in on)
        calm(self)


# -- shapes of the records in the file -----------------------------------------------------------

def _list_rows(v: Any) -> list[dict[str, Any]]:
    return [dict(x) for x in v or [] if isinstance(x, dict)]


def _team_rows(v: Any) -> list[dict[str, Any]]:
    return [{"unit": str(k), "type": t} for k, t in (v or {}).items()]


def _team_data(rows: list[dict[str, Any]]) -> dict[str, Any]:
    return {str(r["unit"]): r["type"] for r in rows}


def _mounted_rows(v: Any) -> list[dict[str, Any]]:
    return [{"mounted": True, "mounts_on_table": True, **x} for x in v or [] if isinstance(x, dict)]


def _mounted_data(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each unit as the file says it, the defaults (mounted, mounts on the table) left out."""
    return [{k: v for k, v in r.items() if not (k in ("mounted", "mounts_on_table") and v is True)}
            for r in rows]


def _schedule_rows(v: Any) -> list[dict[str, Any]]:
    out = []
    for turn, levels in (v or {}).items():
        for side, level in (levels or {}).items():
            out.append({"turn": int(turn), "side": str(side), "level": level})
    return out


def _schedule_data(rows: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, dict[str, Any]] = {}
    for r in sorted(rows, key=lambda r: int(r["turn"])):
        out.setdefault(str(int(r["turn"])), {})[str(r["side"])] = int(r["level"])
    return out



# -- on the table: a selected minefield or mob, a selected IED ----------------------------------

class PieceModules(QGroupBox):
    """Under a selected minefield: its type and concentration (``[mines.fields.<id>]``);
    under a selected mob stand: whether it is a hostile mob (``civilians.hostile_mobs``).
    A change while the module is off switches it on in the same undo step."""

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__("Force on Force", parent)
        self.doc = doc
        self.piece: dict[str, Any] = {}
        f = form_layout()
        self.mine_type = QComboBox()
        self.mine_type.setToolTip("FF-030..034: what the mines are (light or heavy anti-personnel, "
                                  "light or heavy anti-tank, or hybrid)")
        self.mine_type.activated.connect(lambda i: self._mine("type", self.mine_type, i))
        self.concentration = QComboBox()
        self.concentration.setToolTip("FF-038: how thickly they are sown (none, light, medium, heavy: "
                                      "the harder the mine test)")
        self.concentration.activated.connect(lambda i: self._mine("concentration", self.concentration, i))
        f.addRow("Mine type", self.mine_type)
        f.addRow("Concentration", self.concentration)
        self.hostile = QCheckBox("Hostile mob")
        self.hostile.setToolTip("FF-161: a hostile mob is moved by its controller (Scenario > Modules) "
                                "toward the enemy and taunts them")
        self.hostile.toggled.connect(self._hostile)
        f.addRow("", self.hostile)
        self.f = f
        self.setLayout(f)
        self.note = hint("")
        f.addRow(self.note)

    def _choices(self, key: str) -> list[str]:
        info = REGISTRY["mines"].Settings.model_fields.get(key)
        return _choices(str, info) or [] if info is not None else []

    def show_piece(self, piece: dict[str, Any]) -> None:
        self.piece = piece
        kind = piece.get("kind")
        mines = kind == "minefield" and "fields" in REGISTRY["mines"].Settings.model_fields
        civ = REGISTRY.get("civilians")
        mob = kind == "civilian_mob" and civ is not None and "hostile_mobs" in civ.Settings.model_fields
        self.setVisible(bool(mines or mob))
        self.setTitle("Mines (Force on Force)" if mines else "Civilians (Force on Force)")
        for w in (self.mine_type, self.concentration):
            self.f.setRowVisible(w, bool(mines))
        self.f.setRowVisible(self.hostile, bool(mob))
        pid = str(piece.get("id", ""))
        on = module_list(self.doc.data)
        if mines:
            base = self.doc.get(("mines",)) or {}
            own = (base.get("fields") or {}).get(pid) or {}
            for key, w, dflt in (("type", self.mine_type, "light_ap"),
                                 ("concentration", self.concentration, "none")):
                table = str(base.get(key) or dflt)
                values: list[Any] = [None, *self._choices(key)]
                texts = [f"As the scenario ({mine_words(table)})", *(mine_words(str(v)) for v in values[1:])]
                value = own.get(key)
                old = w.blockSignals(True)
                w.clear()
                w.addItems(texts)
                w.setProperty("values", values)
                w.setCurrentIndex(values.index(value) if value in values else 0)
                w.blockSignals(old)
            self.note.setText("" if "mines" in on else "The mines module is off: a change here "
                              "switches it on.")
        if mob:
            hostile = pid in ((self.doc.get(("civilians",)) or {}).get("hostile_mobs") or [])
            block(self.hostile, lambda: self.hostile.setChecked(hostile))
            self.note.setText("" if "civilians" in on else "The civilians module is off: a change "
                              "here switches it on.")
        self.note.setVisible(bool(self.note.text()))

    def _mine(self, key: str, w: QComboBox, i: int) -> None:
        values = w.property("values") or []
        value = values[i] if 0 <= i < len(values) else None
        pid = str(self.piece.get("id", ""))
        label = self.piece.get("label") or pid
        text = f"Change {label}: {'mine type' if key == 'type' else key}"
        with self.doc.macro(text):
            set_module(self.doc, "mines", True, text)
            self.doc.set(("mines", "fields", pid, key), value, text)
            if not self.doc.get(("mines", "fields", pid)):
                self.doc.set(("mines", "fields", pid), None, text)
            if not self.doc.get(("mines", "fields")):
                self.doc.set(("mines", "fields"), None, text)

    def _hostile(self, on: bool) -> None:
        pid = str(self.piece.get("id", ""))
        label = self.piece.get("label") or pid
        text = f"Change {label}: {'hostile' if on else 'not hostile'}"
        have = list((self.doc.get(("civilians",)) or {}).get("hostile_mobs") or [])
        new = [*have, pid] if on and pid not in have else [x for x in have if x != pid or on]
        with self.doc.macro(text):
            set_module(self.doc, "civilians", True, text)
            self.doc.set(("civilians", "hostile_mobs"), new or None, text)


class IedForm(ModelForm):
    """The selected IED (``[[ieds.devices]]``): id, label, size, trigger, target, owner,
    reach, whether it is hidden, and where it lies. Fields from the module's model."""

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        f = form_layout()
        fields = REGISTRY["ieds"].Settings.model_fields["devices"].annotation
        model = typing.get_args(fields)[0] if typing.get_args(fields) else None
        self.model_fields: dict[str, FieldInfo] = dict(model.model_fields) if model is not None else {}
        self.rows: dict[str, QWidget] = {}
        for key, info in self.model_fields.items():
            if key in ("id", "label"):
                w: QWidget | None = self.line((key,), key, required=key == "id",
                                              check=self._id_free if key == "id" else None,
                                              tip=info.description or "")
            elif key in ("at", "piece", "hidden"):
                continue  # where it lies: below; the older "hidden": shown as "Hidden from"
            elif key == "hidden_from":
                w = self._hidden_row(info.description or "")
            else:
                w = self.model_field((key,), key.replace("_", " "), info)
            if key == "ap" and isinstance(w, QSpinBox):
                w.setSpecialValueText("By its size")
            if w is not None:
                label = QLabel("AP dice" if key == "ap" else words(key))
                label.setToolTip(info.description or "")
                f.addRow(label, w)
                self.rows[key] = w
        self.xy: list[QDoubleSpinBox] = []
        for name in ("East (x)", "North (y)"):
            s = QDoubleSpinBox()
            s.setRange(0, 96)
            s.setDecimals(2)
            s.setSingleStep(0.5)
            s.setKeyboardTracking(False)
            s.valueChanged.connect(lambda _v: self._moved())
            f.addRow(name, s)
            self.xy.append(s)
        self.f = f
        box.addLayout(f)
        box.addWidget(hint("An IED goes off when a unit comes within its reach (trigger: enter), as "
                           "a given turn begins (turn), or when its owner chooses (command); its "
                           "size gives its Firepower (FF-044..050). Drag it on the table to move it; "
                           "Del deletes it."))
        box.addStretch(1)

    def _hidden_row(self, tip: str) -> QComboBox:
        """"Hidden from": the other side (the default) or nobody. Its owner always sees it;
        choosing writes ``hidden_from`` and drops a file's older ``hidden`` key."""
        w = QComboBox()
        w.addItem("The other side (default)", None)
        w.addItem("Nobody: both sides see it", [])
        w.setToolTip(tip)

        def chosen(i: int) -> None:
            text = f"Change {self.thing()}: hidden from"
            with self.doc.macro(text):
                self.doc.set((*self.base, "hidden"), None, text)
                self.doc.set((*self.base, "hidden_from"), w.itemData(i), text)

        w.activated.connect(chosen)

        def show(v: Any) -> None:
            old = self.value(("hidden",))
            hidden = v is None and old is not False or bool(v)
            w.setCurrentIndex(0 if hidden else 1)

        self.bindings.append(Binding(("hidden_from",), w, show, "hidden from"))
        return w

    def _id_free(self, text: str) -> str:

        taken = used_ids(self.doc.data) | {str(d.get("id")) for d in self.doc.get(("ieds", "devices")) or []}
        return f"The id {text!r} is already used" if text in taken else ""

    def thing(self) -> str:
        return f"IED {self.value(('id',)) or ''}".strip()

    def refresh(self) -> None:
        super().refresh()
        turn = self.rows.get("turn")
        if turn is not None:
            self.f.setRowVisible(turn, self.value(("trigger",)) == "turn")
        at = self.value(("at",)) or [0, 0]
        for k, s in enumerate(self.xy):
            try:
                block(s, lambda s=s, k=k: s.setValue(float(at[k])))
            except (TypeError, ValueError, IndexError):
                pass

    def _moved(self) -> None:
        at = [round(self.xy[0].value(), 2), round(self.xy[1].value(), 2)]
        self.doc.set((*self.base, "at"), [int(v) if v == int(v) else v for v in at], f"Move {self.thing()}")
