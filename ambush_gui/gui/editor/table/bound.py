"""A form bound to the document, the piece every table-editor form is built from.

A :class:`BoundForm`'s fields each show one place of ``doc.data`` (a :class:`Binding`)
and turn a change into one ``doc.set``; :func:`form_layout` and :func:`hint` lay them out
alike. The forms (:mod:`~ambush_gui.gui.editor.table.forms`), the awards box
(:mod:`~ambush_gui.gui.editor.table.awards`) and the modules' forms
(:mod:`~ambush_gui.gui.editor.table.modules`) all import it, and none of them imports
another for these shared bits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from ambush_gui.gui.editor.document import DataPath, EditorDocument
from ambush_gui.gui.editor.table.canvas import num
from ambush_gui.gui.editor.table.fof_data import rename
from ambush_gui.gui.shared import theme

NONE = object()  # a combo with no default: every choice is written


@dataclass
class Binding:
    """One widget bound to one place in the data (relative to its form's base path)."""

    rel: DataPath
    widget: QWidget
    show: Callable[[Any], None]  # put the data's value in the widget
    title: str  # for the undo text: "Change turn limit"


def block(widget: QWidget, fn: Callable[[], None]) -> None:
    """Run ``fn`` with the widget's signals blocked (showing the data is no edit)."""
    old = widget.blockSignals(True)
    try:
        fn()
    finally:
        widget.blockSignals(old)


class BoundForm(QWidget):
    """A form whose fields read and write the document at ``base + rel``."""

    message = Signal(str, bool)

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.base: DataPath = ()
        self.bindings: list[Binding] = []

    # -- a rectangle [x, y, width, depth] (terrain pieces, deployment zones) -------------------
    def rect_editor(self) -> QGroupBox:
        """Four spin boxes bound to ``rect``: each change is one document edit."""
        self.rect_box = QGroupBox("Rectangle (inches from the south-west corner)")
        g = QGridLayout(self.rect_box)
        self.rect_spins: list[QDoubleSpinBox] = []
        for k, name in enumerate(("x", "y", "width", "depth")):
            s = QDoubleSpinBox()
            s.setRange(0.0 if k < 2 else 0.1, 96.0)
            s.setDecimals(2)
            s.setSingleStep(0.5)
            s.setKeyboardTracking(False)
            s.valueChanged.connect(lambda _v, name=name: self._rect_changed(name))
            g.addWidget(QLabel(name.capitalize()), k // 2, 2 * (k % 2))
            g.addWidget(s, k // 2, 2 * (k % 2) + 1)
            self.rect_spins.append(s)
        self.bindings.append(Binding(("rect",), self.rect_box, self._show_rect, "size"))
        return self.rect_box

    def _show_rect(self, v: Any) -> None:
        for k, s in enumerate(self.rect_spins):
            try:
                block(s, lambda s=s, k=k: s.setValue(float(v[k])))
            except (TypeError, ValueError, IndexError):
                pass

    def _rect_changed(self, name: str) -> None:
        self.commit(("rect",), [num(s.value()) for s in self.rect_spins], name)

    # -- what the undo text calls the thing edited --------------------------------------
    def thing(self) -> str:
        return ""

    def _text(self, title: str) -> str:
        thing = self.thing()
        return f"Change {thing}: {title}" if thing else f"Change {title}"

    def commit(self, rel: DataPath, value: Any, title: str) -> None:
        if rel == ("id",) and self.base[:1] in (("units",), ("table",)) and isinstance(value, str):
            # a piece or unit renamed: the modules' settings that name it follow, one undo step

            text = self._text(title)
            old = str(self.value(("id",)) or "")
            with self.doc.macro(text):
                self.doc.set((*self.base, *rel), value, text)
                rename(self.doc, old, value, text)
            return
        self.doc.set((*self.base, *rel), value, self._text(title))

    def value(self, rel: DataPath, default: Any = None) -> Any:
        return self.doc.get((*self.base, *rel), default)

    def refresh(self) -> None:
        for b in self.bindings:
            block(b.widget, lambda b=b: b.show(self.value(b.rel)))

    def widget_for(self, rel: DataPath) -> QWidget | None:
        """The field showing ``rel`` or its closest bound prefix (for focus_path)."""
        best: Binding | None = None
        for b in self.bindings:
            if rel[:len(b.rel)] == b.rel and (best is None or len(b.rel) > len(best.rel)):
                best = b
        if best is None:
            for b in self.bindings:
                if b.rel[:len(rel)] == rel and rel:
                    return b.widget
        return best.widget if best else None

    def field(self, rel: DataPath | str) -> Any:
        """The widget bound exactly to ``rel`` (a key alone may be given as a string)."""
        key = (rel,) if isinstance(rel, str) else tuple(rel)
        for b in self.bindings:
            if b.rel == key:
                return b.widget
        raise KeyError(f"no field for {key}")

    # -- field makers ----------------------------------------------------------------------
    def line(self, rel: DataPath, title: str, required: bool = False, tip: str = "",
             check: Callable[[str], str] | None = None) -> QLineEdit:
        w = QLineEdit()
        w.setToolTip(tip)

        def done() -> None:
            text = w.text().strip()
            if text == (self.value(rel) or ""):
                return
            if required and not text:
                self.message.emit(f"The {title} cannot be empty", True)
                w.setText(str(self.value(rel) or ""))
                return
            why = check(text) if check else ""
            if why:
                self.message.emit(why, True)
                w.setText(str(self.value(rel) or ""))
                return
            self.commit(rel, text or None, title)

        w.editingFinished.connect(done)
        self.bindings.append(Binding(rel, w, lambda v: w.setText("" if v is None else str(v)), title))
        return w

    def spin(self, rel: DataPath, title: str, lo: float, hi: float, step: float = 0.5,
             decimals: int = 1, special: str = "", tip: str = "", whole: bool = False) -> QAbstractSpinBox:
        """A number; with ``special``, the lowest value means "not set" (the key removed)."""
        w: QSpinBox | QDoubleSpinBox
        if whole:
            w = QSpinBox()
            w.setRange(int(lo), int(hi))
        else:
            w = QDoubleSpinBox()
            w.setRange(lo, hi)
            w.setDecimals(decimals)
            w.setSingleStep(step)
        w.setKeyboardTracking(False)
        w.setToolTip(tip)
        if special:
            w.setSpecialValueText(special)

        def changed(v: float) -> None:
            value = None if special and v == w.minimum() else num(v)
            self.commit(rel, value, title)

        w.valueChanged.connect(changed)

        def show(v: Any) -> None:
            try:
                w.setValue(int(v) if whole else float(v))  # type: ignore[arg-type]
            except (TypeError, ValueError):
                w.setValue(w.minimum())  # type: ignore[arg-type]

        self.bindings.append(Binding(rel, w, show, title))
        return w

    def combo(self, rel: DataPath, title: str, items: list[tuple[str, Any]], tip: str = "",
              default: Any = NONE) -> QComboBox:
        """A choice from a fixed list; choosing ``default`` removes the key."""
        w = QComboBox()
        w.setToolTip(tip)
        # sized by the form, not by its longest entry (the rules options' readings are whole
        # sentences: sized to them, the Scenario tab grew wider than its scroll area and was
        # clipped on the right); the open list still shows each entry in full
        w.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        w.setMinimumContentsLength(8)
        for text, _ in items:
            w.addItem(text)
        values = [v for _, v in items]

        def chosen(index: int) -> None:
            v = values[index]
            self.commit(rel, None if (v is None or (default is not NONE and v == default)) else v, title)

        w.activated.connect(chosen)

        def show(v: Any) -> None:
            if v is None and default is not NONE:
                v = default
            w.setCurrentIndex(values.index(v) if v in values else -1)

        self.bindings.append(Binding(rel, w, show, title))
        return w

    def check(self, rel: DataPath, title: str, text: str, tip: str = "") -> QCheckBox:
        """A yes/no that defaults to no (no is written by leaving the key out)."""
        w = QCheckBox(text)
        w.setToolTip(tip)
        w.toggled.connect(lambda on: self.commit(rel, True if on else None, title))
        self.bindings.append(Binding(rel, w, lambda v: w.setChecked(bool(v)), title))
        return w

    def member(self, rel: DataPath, title: str, value: str, text: str, order: list[str],
               tip: str = "") -> QCheckBox:
        """Whether ``value`` is in the list at ``rel`` (friendly edges, special rules)."""
        w = QCheckBox(text)
        w.setToolTip(tip)

        def toggled(on: bool) -> None:
            have = [str(v) for v in (self.value(rel) or [])]
            new = [v for v in order if (v in have and v != value) or (v == value and on)]
            new += [v for v in have if v not in order]
            self.commit(rel, new, title)

        w.toggled.connect(toggled)
        self.bindings.append(Binding(rel, w, lambda v: w.setChecked(value in (v or [])), title))
        return w


def form_layout() -> QFormLayout:
    f = QFormLayout()
    f.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    f.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
    return f


def hint(text: str) -> QLabel:
    lab = QLabel(text)
    lab.setWordWrap(True)
    lab.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
    return lab
