"""What scores: the scenario's ``[[victory.awards]]`` edited as a list, in plain words.

The box lists every award the game will score, in the order it scores them, as the
loader reads the file (:meth:`ambush_gui.alley.scenario.VictorySpec.all_awards`):
Contracting Trouble's five shorthand keys first (``contractor_escorted`` ...), then the
``[[victory.awards]]`` list. A shorthand key the file does not set, in a file with no
awards, scores its default: its row says so and its points field reads "Not set" (the
spin box's special value), so opening and saving a scenario never writes a number the
designer did not choose.

Each edit (add, remove, move up or down, a side, an event, points, a zone, an edge) is
one undo step. The first edit of a file that still uses the shorthand writes every row
as an award (the keys taken out, the same awards in the same order, the file marked
format 2) in that same step, so what scores does not change until the designer
changes it (Contracting Trouble's escort award, left to its default in a scenario with no
escort, scores nothing and is not written). A new scenario scores nothing until an award
is added: adding one adds only that award.

Events, sides and edges are the engine's own lists (:class:`AwardEvent`, the
scenario's side names, :class:`Edge`); a zone is chosen among the table pieces and the
deployment zones that have an id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.alley.model import Side
from ambush_gui.alley.scenario import (
    EDGE_EVENTS,
    SHORTHAND,
    ZONE_EVENTS,
    AwardEvent,
    Edge,
    SideSpec,
    member_word,
)
from ambush_gui.alley.victory import AWARD_TITLES
from ambush_gui.gui.editor.document import EditorDocument
from ambush_gui.gui.editor.table.bound import form_layout
from ambush_gui.gui.editor.table.canvas import get_list, zone_paths
from ambush_gui.gui.shared import theme

NOT_SET = -100  # the points field's special value: a shorthand key left to its default
EVENT_TIPS: dict[str, str] = {  # what scores, in plain words (docs/formats.md, "Awards")
    "escort_exited": "Each escort brought off the table (handed off a friendly edge or leaving with "
                     "its unit; an edge, if given, narrows it): free escorts score for the Regulars, "
                     "captive ones for the Insurgents (CT-042)",
    "none_left_behind": "Once, at the end: none of the side's casualties or prisoners lies on the "
                        "table or is held by the enemy (CT-043)",
    "enemy_wounded": "Each enemy figure wounded (First Aid: slight, moderate or serious) (CT-044)",
    "enemy_killed": "Each enemy figure killed: a Regular killed, an Insurgent casualty (removed at "
                    "once, AA-154) (CT-045)",
    "captive_held": "Each captive the side holds at the end, carried or standing; for the "
                    "Insurgents also each escort the Regulars never brought away (CT-046)",
    "hot_spot_neutralised": "Each Hot Spot neutralised during the game (AA-054)",
    "figure_exited": "Each of the side's own figures (not an escort, not a prisoner) that left the "
                     "table across an edge (an edge, if given, narrows it)",
    "zone_held": "Once, at the end: a fighting figure of the side in the zone and no enemy figure "
                 "in it",
    "zone_cleared": "Once: the first time a unit of the side has a fighting figure in the zone and no "
                    "enemy figure is in it (checked after every move and every turn)",
    "civilian_casualty": "Each civilian casualty the enemy caused: a civilian mob's, or an unarmed "
                         "supporter of a mixed mob (civilians module, FF-159/160)",
}
EVENTS = [e.value for e in AwardEvent]
EDGES = [e.value for e in Edge]


@dataclass
class Row:
    """One award the game scores: its fields, and the shorthand key it comes from (None
    for an entry of ``[[victory.awards]]``), and whether that key is left to its default."""

    award: dict[str, Any]
    key: str | None = None
    default: bool = False


def scored(data: dict[str, Any]) -> list[Row]:
    """Every award the file scores, in scoring order, as the loader reads it."""
    v = data.get("victory") if isinstance(data.get("victory"), dict) else {}
    assert isinstance(v, dict)
    awards = v.get("awards")
    out: list[Row] = []
    for key, (side, event, points) in SHORTHAND.items():
        written = v.get(key)
        if written is None and awards is None:
            out.append(Row({"side": side.value, "event": event.value, "points": points}, key, True))
        elif written is not None:
            out.append(Row({"side": side.value, "event": event.value, "points": written}, key))
    out += [Row(dict(a)) for a in awards or [] if isinstance(a, dict)]
    return out


def side_name(data: dict[str, Any], side: str) -> str:
    """The scenario's own name for a side ("US Marines")."""
    return str((data.get("sides") or {}).get(side, {}).get("name") or theme.SIDE_NAMES.get(side, side))


def member(data: dict[str, Any], side: str) -> str:
    """One of the side, as the score lines say it ("Marine")."""
    spec = (data.get("sides") or {}).get(side, {})
    return member_word(SideSpec.model_construct(name=side_name(data, side), member=spec.get("member")))


def zones(data: dict[str, Any]) -> list[tuple[str, str]]:
    """What a zone award may name, as (id, words): the table pieces, then every
    deployment zone with an id."""
    out = [(str(p.get("id")), f"{p.get('label') or p.get('id')} ({p.get('id')})")
           for p in get_list(data, ("table", "pieces")) if isinstance(p, dict) and p.get("id")]
    for path in zone_paths(data):
        z = get_list(data, path[:3])[int(path[3])]
        if isinstance(z, dict) and z.get("id"):
            words = f"{side_name(data, str(path[1]))} set-up zone {z.get('label') or z['id']} ({z['id']})"
            out.append((str(z["id"]), words))
    return out


def zone_words(data: dict[str, Any], zone: str) -> str:
    for p in get_list(data, ("table", "pieces")):
        if isinstance(p, dict) and p.get("id") == zone:
            return str(p.get("label") or zone)
    for path in zone_paths(data):
        z = get_list(data, path[:3])[int(path[3])]
        if isinstance(z, dict) and z.get("id") == zone:
            return str(z.get("label") or zone)
    return zone


def sentence(data: dict[str, Any], row: Row) -> str:
    """The row in words: "US Marines +3 per Hot Spot neutralised"."""
    a = row.award
    side = str(a.get("side", "regular"))
    enemy = "insurgent" if side == "regular" else "regular"
    try:
        points = int(a.get("points", 0))
    except (TypeError, ValueError):
        points = 0
    edge = f" by the {a['edge']} edge" if a.get("edge") else ""
    zone = zone_words(data, str(a.get("zone"))) if a.get("zone") else "(no zone chosen)"
    what = {
        "escort_exited": f"per escort brought off the table{edge}",
        "none_left_behind": f"if no {member(data, side)} is left behind",
        "enemy_wounded": f"per {member(data, enemy)} wounded",
        "enemy_killed": f"per {member(data, enemy)} killed",
        "captive_held": "per captive held at the end",
        "hot_spot_neutralised": "per Hot Spot neutralised",
        "figure_exited": f"per {member(data, side)} off the table{edge}",
        "zone_held": f"for holding {zone} at the end",
        "zone_cleared": f"for clearing {zone}",
        "civilian_casualty": f"per civilian casualty caused by the {side_name(data, enemy)}",
    }.get(str(a.get("event")), str(a.get("event")))
    text = f"{side_name(data, side)} {points:+d} {what}"
    if row.key is not None:
        text += (f" — Contracting Trouble's default ({row.key} not set)" if row.default
                 else f" — shorthand {row.key}")
    return text


class AwardsBox(QGroupBox):
    """The list of awards, its buttons, and the selected award's fields (see the module
    docstring). ``message`` says what an edit did or why it was refused."""

    message = Signal(str, bool)

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__("What scores (victory points)", parent)
        self.doc = doc
        self._rows: list[Row] = []
        box = QVBoxLayout(self)
        intro = QLabel("At the end of the game each side scores its awards, in this order; the "
                       "higher total wins and equal totals are a draw (CT-047).")
        intro.setWordWrap(True)
        intro.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        box.addWidget(intro)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.setMinimumHeight(150)
        self.list.setToolTip("Every award the game scores; choose one to change it below")
        self.list.currentRowChanged.connect(lambda _r: self._show_selected())
        box.addWidget(self.list)
        row = QHBoxLayout()
        self.add = QPushButton("Add")
        self.add.setToolTip("Add an award (then choose who scores, what for and how many points)")
        self.remove = QPushButton("Remove")
        self.remove.setToolTip("Remove the chosen award")
        self.up = QPushButton("Up")
        self.up.setToolTip("Score the chosen award earlier (the log and the victory screen list "
                           "awards in this order)")
        self.down = QPushButton("Down")
        self.down.setToolTip("Score the chosen award later")
        for b, slot in ((self.add, self.add_award), (self.remove, self.remove_award),
                        (self.up, lambda: self.move_award(-1)), (self.down, lambda: self.move_award(1))):
            b.clicked.connect(slot)
            row.addWidget(b)
        row.addStretch(1)
        box.addLayout(row)

        self.form = form_layout()
        self.side = QComboBox()
        self.side.setToolTip("Who scores the points")
        self.side.activated.connect(lambda i: self._set("side", [s.value for s in Side][i], "side"))
        self.form.addRow("Side", self.side)
        self.scores_for = QComboBox()
        self.scores_for.setToolTip("What scores: hover over each choice to read what it counts")
        for k, e in enumerate(EVENTS):
            self.scores_for.addItem(AWARD_TITLES.get(e, e))
            self.scores_for.setItemData(k, f"{e}: {EVENT_TIPS.get(e, '')}", Qt.ItemDataRole.ToolTipRole)
        self.scores_for.activated.connect(lambda i: self._set_event(EVENTS[i]))
        self.form.addRow("Event", self.scores_for)
        self.points = QSpinBox()
        self.points.setRange(-99, 99)
        self.points.setKeyboardTracking(False)
        self.points.setToolTip("Victory points for each time it happens (-99 to 99; negative is a "
                               "penalty)")
        self.points.valueChanged.connect(self._points_changed)
        self.form.addRow("Points", self.points)
        self.zone = QComboBox()
        self.zone.setToolTip("The table piece or deployment zone (by its id) the award is about; give "
                             "a deployment zone an id to list it here")
        self.zone.activated.connect(self._zone_chosen)
        self.form.addRow("Zone", self.zone)
        self.edge = QComboBox()
        self.edge.setToolTip("Only figures leaving by this edge count")
        self.edge.addItem("Any edge")
        for e in EDGES:
            self.edge.addItem(f"{e.capitalize()} edge")
        self.edge.activated.connect(lambda i: self._set("edge", EDGES[i - 1] if i else None, "edge"))
        self.form.addRow("Edge", self.edge)
        box.addLayout(self.form)
        self.explain = QLabel()
        self.explain.setWordWrap(True)
        self.explain.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        box.addWidget(self.explain)
        self._zone_ids: list[str | None] = []
        self._from_special = False
        self.refresh()

    # -- showing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        data = self.doc.data
        current = self.list.currentRow()
        self._rows = scored(data)
        old = self.list.blockSignals(True)
        self.list.clear()
        for r in self._rows:
            item = QListWidgetItem(sentence(data, r))
            tip = EVENT_TIPS.get(str(r.award.get("event")), "")
            item.setToolTip(tip)
            if r.default:
                item.setForeground(theme.MUTED_TEXT)
            self.list.addItem(item)
        if self._rows:
            self.list.setCurrentRow(min(max(current, 0), len(self._rows) - 1))
        self.list.blockSignals(old)
        if not self._rows:
            self.list.addItem(QListWidgetItem("Nothing scores: add an award (a game with no awards "
                                              "ends in a draw)"))
            self.list.item(0).setFlags(Qt.ItemFlag.NoItemFlags)
        old = self.side.blockSignals(True)
        self.side.clear()
        for s in Side:
            self.side.addItem(side_name(data, s.value))
        self.side.blockSignals(old)
        self._show_selected()

    def selected(self) -> int:
        i = self.list.currentRow()
        return i if 0 <= i < len(self._rows) else -1

    def select(self, i: int) -> None:
        if 0 <= i < len(self._rows):
            self.list.setCurrentRow(i)

    def _show_selected(self) -> None:
        i = self.selected()
        on = i >= 0
        for w in (self.side, self.scores_for, self.points, self.zone, self.edge):
            w.setEnabled(on)
        self.remove.setEnabled(on)
        self.up.setEnabled(on and i > 0)
        self.down.setEnabled(on and i < len(self._rows) - 1)
        if not on:  # the greyed fields show no award's values: there is none to show
            for combo in (self.side, self.scores_for):
                old = combo.blockSignals(True)
                combo.setCurrentIndex(-1)
                combo.blockSignals(old)
            self.form.setRowVisible(self.zone, False)
            self.form.setRowVisible(self.edge, False)
            self.explain.setText("")
            return
        r = self._rows[i]
        a = r.award
        event = str(a.get("event"))
        sides = [s.value for s in Side]
        widgets: tuple[QWidget, ...] = (self.side, self.scores_for, self.points, self.zone, self.edge)
        olds = [w.blockSignals(True) for w in widgets]
        try:
            self.side.setCurrentIndex(sides.index(str(a.get("side"))) if a.get("side") in sides else -1)
            self.scores_for.setCurrentIndex(EVENTS.index(event) if event in EVENTS else -1)
            if r.default:
                self.points.setMinimum(NOT_SET)
                self.points.setSpecialValueText(f"Not set: scores {a.get('points')}")
                self.points.setValue(NOT_SET)
            else:
                self.points.setSpecialValueText("")
                self.points.setMinimum(-99)
                try:
                    self.points.setValue(int(a.get("points", 0)))
                except (TypeError, ValueError):
                    self.points.setValue(0)
            self._fill_zones(a.get("zone"))
            edge = a.get("edge")
            self.edge.setCurrentIndex(EDGES.index(edge) + 1 if edge in EDGES else 0)
        finally:
            for widget, o in zip(widgets, olds, strict=True):
                widget.blockSignals(o)
        self.form.setRowVisible(self.zone, event in {e.value for e in ZONE_EVENTS})
        self.form.setRowVisible(self.edge, event in {e.value for e in EDGE_EVENTS})
        words = EVENT_TIPS.get(event, "")
        if r.key is not None:
            words += (f". Shorthand key {r.key}: " + ("not set, so it scores Contracting Trouble's "
                                                       "default." if r.default else "written in the file.")
                      + " Any change here writes every row as an award, in one undo step.")
        self.explain.setText(words)

    def _fill_zones(self, current: Any) -> None:
        self.zone.clear()
        self._zone_ids = []
        choices = zones(self.doc.data)
        if not choices:
            self.zone.addItem("(no zone yet: give a piece or a set-up zone an id)")
            self._zone_ids.append(None)
        for zid, words in choices:
            self.zone.addItem(words)
            self._zone_ids.append(zid)
        if current is not None and current not in self._zone_ids:
            self.zone.addItem(f"{current} (no such piece or zone)")
            self._zone_ids.append(str(current))
        self.zone.setCurrentIndex(self._zone_ids.index(current) if current in self._zone_ids else -1)

    # -- editing ------------------------------------------------------------------------------
    def _write(self, awards: list[dict[str, Any]], text: str) -> None:
        """Put ``awards`` in the file as the list of what scores (the shorthand keys taken
        out, the file marked format 2): one undo step."""
        v = dict(self.doc.get(("victory",)) or {})
        escort_default = [r.award for r in self._rows
                          if r.default and r.award.get("event") == "escort_exited"]
        if escort_default and not (self.doc.get(("escorts",)) or self.doc.get(("contractors",))):
            # left to its default it scores nothing with no escort, and written out the
            # loader would refuse it: the file's first awards leave it out
            awards = [a for a in awards if a != escort_default[0]]
        for key in SHORTHAND:
            v.pop(key, None)
        v["awards"] = awards
        with self.doc.macro(text):
            self.doc.set(("victory",), v, text)
            self.doc.set(("format",), 2, text)

    def _awards(self) -> list[dict[str, Any]]:
        return [dict(r.award) for r in self._rows]

    def add_award(self) -> None:
        awards = self._awards()
        awards.append({"side": "regular", "event": "hot_spot_neutralised", "points": 1})
        self._write(awards, "Add award")
        self.select(len(awards) - 1)
        self.message.emit("Award added: choose who scores, what for and how many points", False)

    def remove_award(self) -> None:
        i = self.selected()
        if i < 0:
            return
        awards = self._awards()
        gone = sentence(self.doc.data, self._rows[i])
        del awards[i]
        self._write(awards, f"Remove award {i + 1}")
        self.select(min(i, len(awards) - 1))
        self.message.emit(f"Removed: {gone}", False)

    def move_award(self, step: int) -> None:
        i = self.selected()
        j = i + step
        if i < 0 or not 0 <= j < len(self._rows):
            return
        awards = self._awards()
        awards[i], awards[j] = awards[j], awards[i]
        self._write(awards, f"Move award {i + 1} {'up' if step < 0 else 'down'}")
        self.select(j)

    def _set(self, key: str, value: Any, title: str) -> None:
        i = self.selected()
        if i < 0:
            return
        awards = self._awards()
        a = awards[i]
        if value is None:
            a.pop(key, None)
        else:
            a[key] = value
        if a == self._rows[i].award and not self._rows[i].default:
            return  # nothing changes (a default typed in is written: the designer chose it)
        self._write(awards, f"Change award {i + 1}: {title}")
        self.select(i)

    def _set_event(self, event: str) -> None:
        i = self.selected()
        if i < 0:
            return
        awards = self._awards()
        a = awards[i]
        a["event"] = event
        if event in {e.value for e in ZONE_EVENTS}:
            if not a.get("zone"):
                choices = zones(self.doc.data)
                if choices:
                    a["zone"] = choices[0][0]
                else:
                    self.message.emit("A zone award needs a zone: give a table piece or a deployment "
                                      "zone an id, then choose it here", True)
        else:
            a.pop("zone", None)
        if event not in {e.value for e in EDGE_EVENTS}:
            a.pop("edge", None)
        self._write(awards, f"Change award {i + 1}: event")
        self.select(i)

    def _points_changed(self, value: int) -> None:
        i = self.selected()
        if i < 0:
            return
        if value == NOT_SET:
            return
        r = self._rows[i]
        if r.default and value == NOT_SET + 1:  # stepped up from "Not set": start at the default
            value = int(r.award.get("points", 0))
        self._set("points", int(value), "points")

    def _zone_chosen(self, index: int) -> None:
        zid = self._zone_ids[index] if 0 <= index < len(self._zone_ids) else None
        if zid is not None:
            self._set("zone", zid, "zone")
