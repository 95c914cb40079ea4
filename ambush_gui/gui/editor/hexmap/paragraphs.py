"""The paragraph editor of the mission page: the paragraph booklet, one paragraph at a time.

On the left the paragraphs (number and first words) and, under them, what is wrong with
the mission as it stands: the document's findings (the loader's problems and warnings, in
the designer's words: "paragraph 3, option 2: goto 99: no such paragraph"), the same list
the editor window's Problems dock shows. Clicking one asks the page to show the place
(``placeClicked`` with the dotted path).

On the right the selected paragraph: number, style (bulleted: the option that applies;
numbered: the first that applies, AR-111), the sighting it makes, its text, and its
options. An option is a text, a condition (``when``) and actions (``do``); the format's
fixed vocabulary is edited with choices (:class:`CondEdit`, :class:`ActEdit`), and a
condition combining others (all / any) as one line of JSON.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.ambush.charts import Charts, Side, Stance
from ambush_gui.ambush.fire import Term
from ambush_gui.ambush.mission import EndResult, MoveKind
from ambush_gui.gui.editor.document import EditorDocument, parse_path
from ambush_gui.gui.editor.hexmap.cards import weapon_choices
from ambush_gui.gui.editor.hexmap.data import (
    first_words,
    numbered,
    readers,
    renumber_edits,
    whole,
)
from ambush_gui.gui.editor.hexmap.widgets import CommitTextEdit, combo, parse_labels, set_quiet, spin
from ambush_gui.gui.shared import theme

QWIDGETSIZE_MAX = 16777215  # Qt's "no maximum"
# A die prefix typed at the start of an option ("[0-3] They open fire"): the game writes
# the faces of a chance condition before the text itself, so a typed one would be doubled.
DIE_PREFIX = re.compile(r"^\s*\[\s*([0-9][0-9,\s-]*)\]\s*")

# -- conditions ----------------------------------------------------------------------------

_BOOL = "bool"
COND_KINDS: list[tuple[str, str, str]] = [
    # (key, label, value kind)
    ("always", "always", ""),
    ("sees_us", "he sees an active US soldier", _BOOL),
    ("us_within", "a US soldier within N hexes", "int"),
    ("wounded", "he is wounded", _BOOL),
    ("has_ammo", "his weapon has ammunition", _BOOL),
    ("stance", "his stance is", "stance"),
    ("us_in", "a US soldier in hexes / areas", "places"),
    ("condition", "the Condition in force is", "condition"),
    ("chance", "the die (0-9) reads", "faces"),
    ("german_active", "German N is on the map", "int"),
    ("german_out", "German N has appeared and is out of the fight", "int"),
    ("advanced", "a combination (JSON)", "json"),
]


def _simple(cond: dict[str, Any]) -> tuple[str, Any, bool] | None:
    """A condition the choices can show: (key, value, negated), or None (needs JSON)."""
    negated = False
    if set(cond) == {"not"} and isinstance(cond["not"], dict):
        cond, negated = cond["not"], True
    if len(cond) != 1:
        return None
    key, value = next(iter(cond.items()))
    if key not in {k for k, _, _ in COND_KINDS} or key == "advanced" or isinstance(value, dict):
        return None
    if key in ("sees_us", "wounded", "has_ammo") and value is False:
        return key, True, not negated
    return key, value, negated


class CondEdit(QWidget):
    """One option's ``when``: a fact, its value and "not"; or JSON for all/any."""

    edited = Signal(object)  # the condition dict (None: always)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = combo([(label, key) for key, label, _ in COND_KINDS],
                          "What the option asks about the German and the game")
        self.negate = QCheckBox("not")
        self.negate.setToolTip("The option applies when this is NOT so")
        self.number = spin(0, 99)
        self.choice = combo([])
        self.text = QLineEdit()
        self.values = QStackedWidget()
        blank = QWidget()
        for w in (blank, self.number, self.choice, self.text):
            self.values.addWidget(w)
        self.error = QLabel()
        self.error.setStyleSheet(f"color: {theme.ILLEGAL.name()}")
        self.error.setWordWrap(True)
        self.error.hide()
        self.conditions: list[str] = []
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.negate)
        row.addWidget(self.kind, 2)
        row.addWidget(self.values, 2)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(row)
        lay.addWidget(self.error)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.negate.toggled.connect(self._emit)
        self.number.valueChanged.connect(self._emit)
        self.choice.activated.connect(self._emit)
        self.text.editingFinished.connect(self._emit)

    def _value_kind(self) -> str:
        return COND_KINDS[max(0, self.kind.currentIndex())][2]

    def _arrange(self, kind: str) -> None:
        self.negate.setVisible(kind not in ("", "json"))
        with QSignalBlocker(self.choice):
            self.choice.clear()
            if kind == "stance":
                for s in Stance:
                    self.choice.addItem(s.value, s.value)
            elif kind == "condition":
                for c in self.conditions:
                    self.choice.addItem(c, c)
        page = {"": 0, _BOOL: 0, "int": 1, "stance": 2, "condition": 2}.get(kind, 3)
        self.values.setCurrentIndex(page)
        self.text.setPlaceholderText({"places": "hexes or areas, e.g. 0502, yard",
                                      "faces": "die faces, e.g. 0-3 or 0-1,9",
                                      "json": '{"all": [{"condition": "A"}, {"chance": "0-3"}]}'}
                                     .get(kind, ""))
        self.text.setToolTip({"json": "A condition that combines others: all (every one holds), "
                                      "any (one holds), not; written as JSON"}.get(kind, ""))

    def show_cond(self, cond: dict[str, Any] | None, conditions: list[str]) -> None:
        self.conditions = conditions
        cond = cond or {"always": True}
        simple = _simple(cond)
        with QSignalBlocker(self.kind), QSignalBlocker(self.negate):
            if simple is None:
                self.kind.setCurrentIndex(self.kind.findData("advanced"))
                self._arrange("json")
                set_quiet(self.text, json.dumps(cond))
            else:
                key, value, negated = simple
                self.kind.setCurrentIndex(self.kind.findData(key))
                kind = self._value_kind()
                self._arrange(kind)
                self.negate.setChecked(negated)
                if kind == "int":
                    set_quiet(self.number, value)
                elif kind in ("stance", "condition"):
                    set_quiet(self.choice, value)
                elif kind == "places":
                    set_quiet(self.text, ", ".join(map(str, value)))
                elif kind == "faces":
                    set_quiet(self.text, str(value))
        self.error.hide()

    def _kind_changed(self) -> None:
        kind = self._value_kind()
        self._arrange(kind)
        if kind == "json":
            self.text.setFocus()
            return  # written once the JSON is typed
        self._emit()

    def value(self) -> dict[str, Any] | None:
        """The condition the widgets show (None: always); ValueError for bad JSON."""
        key = str(self.kind.currentData())
        kind = self._value_kind()
        if key == "always":
            return None
        if kind == "json":
            try:
                cond = json.loads(self.text.text() or "{}")
            except json.JSONDecodeError as exc:
                raise ValueError(f"not JSON: {exc.msg} (column {exc.colno})") from None
            if not isinstance(cond, dict) or not cond:
                raise ValueError("a condition is a JSON object such as {\"any\": [...]}")
            return cond
        if kind == _BOOL:
            return {key: not self.negate.isChecked()}
        value: Any = {"int": self.number.value(), "stance": self.choice.currentData(),
                      "condition": self.choice.currentData(),
                      "places": parse_labels(self.text.text()),
                      "faces": self.text.text().strip()}[kind]
        cond = {key: value}
        return {"not": cond} if self.negate.isChecked() else cond

    def _emit(self) -> None:
        try:
            cond = self.value()
        except ValueError as exc:
            self.error.setText(str(exc))
            self.error.show()
            return
        self.error.hide()
        self.edited.emit(cond)


# -- actions ---------------------------------------------------------------------------------

ACT_VERBS: list[tuple[str, str, str]] = [
    ("fire", "fire at", "term"),
    ("move", "move", "move"),
    ("stance", "change stance to", "stance"),
    ("surrender", "surrender", ""),
    ("activate", "activate a German", "activate"),
    ("condition", "change the Condition to", "condition"),
    ("commence_rounds", "commence Rounds", ""),
    ("score", "score points", "score"),
    ("goto", "go to paragraph", "int"),
    ("end", "end the mission", "end"),
    ("hold", "do nothing", ""),
    ("out_of_ammo", "his weapon runs dry", ""),
    ("give_turn", "give a turn to German", "int"),
]
_VERB_KIND = {k: kind for k, _, kind in ACT_VERBS}
_CHOICES: dict[str, list[str]] = {
    "term": [t.value for t in Term], "move": [m.value for m in MoveKind],
    "stance": [s.value for s in Stance], "end": [e.value for e in EndResult],
}


class ActEdit(QWidget):
    """One action of an option: a verb and its value.

    An activation has its own fields, on two more lines so the row never clips: on the
    first, the German, his hex and his stance; then who holds the Advantage in Round 1 and
    which sides get two turns (AR-040); then the weapon markers placed with him (AR-033),
    a weapon added with "+" and one taken out with "−". Only what the format's
    :class:`~ambush_gui.ambush.mission.Activate` holds is offered, and a field left at its
    default is left out of the file.
    """

    edited = Signal(dict)
    removed = Signal()
    moved = Signal(int)  # -1 up, +1 down

    def __init__(self, act: dict[str, Any], conditions: list[str], parent: QWidget | None = None,
                 weapons: list[tuple[str, str]] | None = None) -> None:
        super().__init__(parent)
        self.act = dict(act)
        self.change = ""  # the last edit in words, for its undo text ("" : the verb's name)
        self.verb = combo([(label, key) for key, label, _ in ACT_VERBS], "What the option makes happen")
        self.number = spin(-99, 9999)
        self.choice = combo([])
        self.why = QLineEdit()
        self.why.setPlaceholderText("why (shown in the log)")
        self.german = spin(1, 99, "The number of the German card to put on the map")
        self.german.setPrefix("German ")
        self.hex = QLineEdit()
        self.hex.setPlaceholderText("hex")
        self.hex.setMinimumWidth(56)
        self.hex.setMaximumWidth(80)
        self.hex.setMaxLength(4)
        self.hex.setToolTip("The hex he appears in (CCRR)")
        self.stance = combo([(s.value, s.value) for s in Stance], "His stance when he appears")
        self.advantage = combo([("nobody", None), ("US", Side.US.value), ("German", Side.GERMAN.value)],
                               "Who holds the Advantage in Round 1 (AR-040): nobody, the US side or "
                               "the German side")
        self.two_turns = {side: QCheckBox(text) for side, text in ((Side.US.value, "US"),
                                                                   (Side.GERMAN.value, "German"))}
        self.two_turns[Side.US.value].setToolTip("The US side takes two turns in Round 1")
        self.two_turns[Side.GERMAN.value].setToolTip(
            "The German side takes two turns in Round 1 (activated mid-Round: he does)")
        self.weapon_choices = weapons if weapons is not None else weapon_choices(Charts.default(), "german")
        self.weapons_shown = QLabel()
        self.weapons_shown.setWordWrap(True)
        self.weapons_shown.setToolTip("Weapon markers placed with him when he appears, besides "
                                      "the weapons on his card")
        self.weapon_pick = combo([(text, key) for key, text in self.weapon_choices],
                                 "A weapon marker to add with +, or to take out with −")
        self.weapon_add, self.weapon_drop = QPushButton("+"), QPushButton("−")
        self.weapon_add.setToolTip("Place the chosen weapon marker with him")
        self.weapon_drop.setToolTip("Take one of the chosen weapon markers out")
        for b in (self.weapon_add, self.weapon_drop):
            b.setFixedWidth(26)
        up, down, drop = QPushButton("▲"), QPushButton("▼"), QPushButton("✕")
        for b, tip in ((up, "Move this action up"), (down, "Move this action down"),
                       (drop, "Remove this action")):
            b.setFixedWidth(22)
            b.setToolTip(tip)
        self.conditions = conditions
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.verb, 2)
        self.hex_word = QLabel("in")
        for w in (self.number, self.choice, self.why, self.german, self.hex_word, self.hex, self.stance):
            row.addWidget(w, 0 if w in (self.hex_word, self.hex) else 1)
        row.addWidget(up)
        row.addWidget(down)
        row.addWidget(drop)
        # the activation's Round 1 and weapon fields, under the first line
        self.extra = QWidget()
        ex = QFormLayout(self.extra)
        ex.setContentsMargins(18, 0, 0, 2)
        ex.setVerticalSpacing(2)
        round1 = QHBoxLayout()
        round1.addWidget(self.advantage, 1)
        round1.addSpacing(10)
        round1.addWidget(QLabel("two turns:"))
        for box in self.two_turns.values():
            round1.addWidget(box)
        round1.addStretch(1)
        ex.addRow("Advantage", round1)
        arms = QHBoxLayout()
        arms.addWidget(self.weapons_shown, 1)
        arms.addWidget(self.weapon_pick, 1)
        arms.addWidget(self.weapon_add)
        arms.addWidget(self.weapon_drop)
        arms.addStretch(1)
        ex.addRow("Weapons", arms)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        lay.addLayout(row)
        lay.addWidget(self.extra)
        self._show()
        self.verb.activated.connect(self._verb_changed)
        self.number.valueChanged.connect(self._emit)
        self.choice.activated.connect(self._emit)
        self.why.editingFinished.connect(self._emit)
        self.german.valueChanged.connect(self._emit)
        self.hex.editingFinished.connect(self._emit)
        self.stance.activated.connect(self._emit)
        self.advantage.activated.connect(self._emit)
        for box in self.two_turns.values():
            box.toggled.connect(self._emit)
        self.weapon_add.clicked.connect(lambda: self._edit_weapons(add=True))
        self.weapon_drop.clicked.connect(lambda: self._edit_weapons(add=False))
        self.weapon_pick.currentIndexChanged.connect(lambda _: self._weapon_buttons())
        up.clicked.connect(lambda: self.moved.emit(-1))
        down.clicked.connect(lambda: self.moved.emit(1))
        drop.clicked.connect(self.removed.emit)

    def key(self) -> str:
        return next((k for k in self.act if k != "why"), "hold")

    def weapons(self) -> list[str]:
        """The weapon markers the activation places with him."""
        act = self.act.get("activate")
        return list(act.get("weapons", [])) if isinstance(act, dict) else []

    def _show(self) -> None:
        key = self.key()
        kind = _VERB_KIND.get(key, "")
        value = self.act.get(key)
        set_quiet(self.verb, key)
        self.number.setVisible(kind in ("int", "score"))
        self.why.setVisible(kind == "score")
        self.choice.setVisible(kind in _CHOICES or kind == "condition")
        for w in (self.german, self.hex_word, self.hex, self.stance):
            w.setVisible(kind == "activate")
        self.extra.setVisible(kind == "activate")
        if kind in ("int", "score"):
            set_quiet(self.number, value if isinstance(value, int) else 1)
            set_quiet(self.why, self.act.get("why", ""))
        if kind in _CHOICES or kind == "condition":
            with QSignalBlocker(self.choice):
                self.choice.clear()
                for v in (_CHOICES[kind] if kind in _CHOICES else self.conditions):
                    self.choice.addItem(v, v)
            set_quiet(self.choice, value)
        if kind == "activate" and isinstance(value, dict):
            set_quiet(self.german, value.get("german", 1))
            set_quiet(self.hex, value.get("hex", ""))
            set_quiet(self.stance, value.get("stance", "standing"))
            set_quiet(self.advantage, value.get("advantage"))
            for side, tick in self.two_turns.items():
                with QSignalBlocker(tick):
                    tick.setChecked(side in value.get("two_turns", []))
            names = dict(self.weapon_choices)
            shown = [names.get(w, w).split(" (")[0] for w in self.weapons()]
            self.weapons_shown.setText(", ".join(shown) if shown else "none but his card's")
            self._weapon_buttons()
        for box in (self.verb, self.stance, self.advantage):  # what the row says is read whole
            text = box.fontMetrics().horizontalAdvance(box.currentText())
            box.setMinimumWidth(max(text + theme.MISSION_COMBO_CHROME, box.minimumSizeHint().width()))

    def _weapon_buttons(self) -> None:
        self.weapon_drop.setEnabled(self.weapon_pick.currentData() in self.weapons())

    def _edit_weapons(self, add: bool) -> None:
        """Add the chosen weapon marker, or take one of it out (the last placed)."""
        act = self.act.get("activate")
        if not isinstance(act, dict):
            return
        key = str(self.weapon_pick.currentData())
        weapons = self.weapons()
        if add:
            weapons.append(key)
        elif key in weapons:
            del weapons[len(weapons) - 1 - weapons[::-1].index(key)]
        else:
            return
        after = dict(act)
        if weapons:
            after["weapons"] = weapons
        else:
            after.pop("weapons", None)
        who = f"German {act.get('german', '?')}"
        self.change = f"place a {key} marker with {who}" if add else f"take a {key} marker off {who}"
        self.act = {"activate": after}
        self._show()
        self.edited.emit(dict(self.act))

    def _verb_changed(self) -> None:
        key = str(self.verb.currentData())
        kind = _VERB_KIND[key]
        default: Any = {"": True, "int": 1, "score": 1, "condition": (self.conditions or ["A"])[0],
                        "activate": {"german": 1, "hex": "0101"}}.get(kind)
        if kind in _CHOICES:
            default = _CHOICES[kind][0]
        self.act = {key: default}
        self.change = ""
        self._show()
        self.edited.emit(dict(self.act))

    def _emit(self) -> None:
        key = self.key()
        kind = _VERB_KIND.get(key, "")
        act: dict[str, Any] = {}
        if kind == "":
            act[key] = True
        elif kind in ("int", "score"):
            act[key] = self.number.value()
            if kind == "score" and self.why.text().strip():
                act["why"] = self.why.text().strip()
        elif kind in _CHOICES or kind == "condition":
            act[key] = self.choice.currentData()
        elif kind == "activate":
            before = dict(self.act.get("activate") or {})
            before.update(german=self.german.value(), hex=self.hex.text().strip())
            stance = self.stance.currentData()
            before["stance"] = stance
            if stance == "standing":
                before.pop("stance")
            adv = self.advantage.currentData()
            if adv:
                before["advantage"] = adv
            else:
                before.pop("advantage", None)
            turns = [side for side, box in self.two_turns.items() if box.isChecked()]
            if turns:
                before["two_turns"] = turns
            else:
                before.pop("two_turns", None)
            act[key] = before
        if act != self.act:
            self.change = _activation_change(self.act.get("activate"), act.get("activate"))
            self.act = act
            self.edited.emit(dict(act))


NEW_OPTION_TEXTS = ("Nothing happens.", "Otherwise nothing happens.")
"""The texts a new paragraph's or option's "do nothing" starts with."""


def _act_text(act: Any) -> str:
    """One action as the booklet would say it."""
    if not isinstance(act, dict):
        return ""
    key = next((k for k, _, _ in ACT_VERBS if k in act), "")
    v = act.get(key)
    activate = v if isinstance(v, dict) else {}
    return {
        "fire": f"He fires at the {v} American.",
        "move": "He moves along the red references." if v == "references" else "He moves away out of sight.",
        "stance": f"He goes {v}.",
        "surrender": "He surrenders.",
        "activate": f"German {activate.get('german', '?')} appears in hex {activate.get('hex', '?')}.",
        "condition": f"The Condition becomes {v}.",
        "commence_rounds": "Rounds begin.",
        "score": f"Score {v} point{'' if v in (1, -1) else 's'}.",
        "goto": f"Go to paragraph {v}.",
        "end": "The mission ends." if v == "points" else f"The mission ends in {v}.",
        "hold": "Nothing happens.",
        "out_of_ammo": "His weapon runs dry.",
        "give_turn": f"He gives German {v} a turn.",
    }.get(key, "")


def acts_text(acts: list[Any]) -> str:
    """An option's default text: what its actions do, in the booklet's words.

    >>> acts_text([{"goto": 67}]), acts_text([{"score": 2}, {"end": "victory"}])
    ('Go to paragraph 67.', 'Score 2 points. The mission ends in victory.')
    """
    return " ".join(t for t in map(_act_text, acts) if t) or "Nothing happens."


def _written_by_editor(text: str, acts: list[Any]) -> bool:
    """Whether an option's text is one the editor wrote (a new option's, or the default of
    the actions it had), not the designer's own."""
    return not text.strip() or text in NEW_OPTION_TEXTS or text == acts_text(acts)


def _activation_change(before: Any, after: Any) -> str:
    """An activation's edit in words (for the undo list); "" when it is not an activation."""
    if not isinstance(before, dict) or not isinstance(after, dict):
        return ""
    who = f"German {after.get('german', '?')}"
    if before.get("two_turns", []) != after.get("two_turns", []):
        sides = {"us": "US", "german": "German"}
        turns = " and ".join(sides.get(x, x) for x in after.get("two_turns", []))
        return f"two turns in Round 1 for {turns}" if turns else "nobody takes two turns in Round 1"
    if before.get("advantage") != after.get("advantage"):
        adv = after.get("advantage")
        return f"Advantage in Round 1 to {'US' if adv == 'us' else 'German'}" if adv else \
            "nobody holds the Advantage in Round 1"
    if before.get("hex") != after.get("hex"):
        return f"activate {who} in {after.get('hex')}"
    if before.get("stance", "standing") != after.get("stance", "standing"):
        return f"{who} appears {after.get('stance', 'standing')}"
    return f"activate {who}"


def widest_act_row() -> int:
    """The least width of the widest action row (an activation: verb, German, hex, stance
    and the arrows on one line), measured on a row built for it. The paragraph form keeps
    that width whatever paragraph is selected, so the tab needs the same room for every
    paragraph: selecting an activation does not push the form past its pane."""
    stance = max((s.value for s in Stance), key=len)
    probe = ActEdit({"activate": {"german": 99, "hex": "0000", "stance": stance}}, ["A"])
    try:
        return probe.minimumSizeHint().width()
    finally:
        probe.deleteLater()


# -- the editor ------------------------------------------------------------------------------


class ParagraphEditor(QWidget):
    """The paragraph list, the problems beside it and the selected paragraph's form."""

    placeClicked = Signal(str)  # a dotted path to show (a problem, a reader)

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.list = QListWidget()
        self.list.setToolTip("The paragraphs: number and first words. Select one to edit it")
        self.add_button, remove = QPushButton("Add paragraph"), QPushButton("Remove")
        self.add_button.setToolTip("Add a paragraph numbered after the highest (Ctrl+Shift+P)")
        self.add_button.setShortcut("Ctrl+Shift+P")
        remove.setToolTip("Remove the selected paragraph")
        self.problems = QListWidget()
        self.problems.setWordWrap(True)
        self.problems.setToolTip("What is wrong with the mission: click one to go to the place")
        self.problems_title = QLabel()
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        ll.addWidget(QLabel("<b>Paragraphs</b>"))
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        ll.addWidget(self.list, 3)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(remove)
        ll.addLayout(buttons)
        ll.addWidget(self.problems_title)
        ll.addWidget(self.problems, 1)

        # the paragraph
        self.number = spin(1, 9999, "The paragraph's number: what cards and 'go to' name. Renumbering "
                                    "it renumbers every place that reads it too (one undo step)")
        self.list_style = combo([("bulleted: the option that applies", "bulleted"),
                            ("numbered: the first that applies", "numbered")],
                           "Bulleted options: the one that applies; numbered: the first that applies "
                           "(AR-111)")
        self.sighting = QLineEdit()
        self.sighting.setPlaceholderText("none")
        self.sighting.setToolTip("Names the sighting this paragraph makes; an Event that would read it "
                                 "again is skipped (AR-030). Lower case and hyphens")
        self.text = CommitTextEdit()
        self.text.setToolTip("What the player reads")
        self.text.setMinimumHeight(70)
        self.text.setMaximumHeight(110)
        self.number_error = QLabel()
        self.number_error.setStyleSheet(f"color: {theme.ILLEGAL.name()}")
        self.number_error.setWordWrap(True)
        self.number_error.hide()
        form = QFormLayout()
        form.addRow("Number", self.number)
        form.addRow(self.number_error)
        form.addRow("Options are", self.list_style)
        form.addRow("Sighting", self.sighting)
        form.addRow("Text", self.text)

        self.options = QListWidget()
        self.options.setWordWrap(True)
        self.options.setMaximumHeight(130)
        self.options.setToolTip("The options, in order; select one to edit it")
        self.opt_add, opt_remove = QPushButton("Add option"), QPushButton("Remove option")
        opt_up, opt_down = QPushButton("Up"), QPushButton("Down")
        self.opt_add.setToolTip("Add an option at the end")
        opt_remove.setToolTip("Remove the selected option")
        opt_up.setToolTip("Move the selected option up (it matters for numbered options)")
        opt_down.setToolTip("Move the selected option down")
        ob = QHBoxLayout()
        for b in (self.opt_add, opt_remove, opt_up, opt_down):
            ob.addWidget(b)
        self.option_text = QLineEdit()
        self.option_text.setToolTip("The option as the player reads it")
        self.when = CondEdit()
        self.acts_box = QVBoxLayout()
        self.acts_box.setSpacing(2)
        self.act_add = QPushButton("Add action")
        self.act_add.setToolTip("Add an action to this option")
        self.option_form = QGroupBox("Option")
        of = QFormLayout(self.option_form)
        of.addRow("Text", self.option_text)
        of.addRow("When", self.when)
        acts_column = QWidget()  # as wide as an activation row, whatever is selected
        acts = QVBoxLayout(acts_column)
        acts.setContentsMargins(0, 0, 0, 0)
        acts.addLayout(self.acts_box)
        acts.addWidget(self.act_add, 0, Qt.AlignmentFlag.AlignLeft)
        acts_column.setMinimumWidth(widest_act_row())
        of.addRow("Do", acts_column)

        self.form = QWidget()
        rl = QVBoxLayout(self.form)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addLayout(form)
        rl.addWidget(QLabel("<b>Options</b>"))
        rl.addWidget(self.options)
        rl.addLayout(ob)
        rl.addWidget(self.option_form)
        self.readers = QListWidget()
        self.readers.setToolTip("What leads to this paragraph: Mission Card entries, soldier card "
                                "columns, other paragraphs' 'go to'. Click one to go there")
        rl.addWidget(QLabel("<b>Read from</b>"))
        self.readers.setMaximumHeight(140)
        rl.addWidget(self.readers)
        rl.addStretch(1)
        self.split = split = QSplitter()
        split.setChildrenCollapsible(False)
        split.addWidget(left)
        split.addWidget(self.form)
        self.list.setMinimumWidth(180)
        self.list.setMinimumHeight(90)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 3)
        split.setSizes([250, 750])
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        outer.addWidget(split)

        self.act_rows: list[ActEdit] = []
        self._shown_acts: list[dict[str, Any]] | None = None
        self.list.currentRowChanged.connect(lambda _: self.refresh_paragraph())
        self.options.currentRowChanged.connect(lambda _: self.refresh_option())
        for places in (self.problems, self.readers):
            places.itemClicked.connect(self._place_clicked)
        self.add_button.clicked.connect(lambda: self.add_paragraph())
        remove.clicked.connect(self.remove_paragraph)
        self.opt_add.clicked.connect(self.add_option)
        opt_remove.clicked.connect(self.remove_option)
        opt_up.clicked.connect(lambda: self.move_option(-1))
        opt_down.clicked.connect(lambda: self.move_option(1))
        self.act_add.clicked.connect(self.add_action)
        self.number.valueChanged.connect(self._number_edited)
        self.list_style.activated.connect(
            lambda: self._set_field("style", self.list_style.currentData(), "style"))
        self.sighting.editingFinished.connect(
            lambda: self._set_field("sighting", self.sighting.text().strip() or None, "sighting"))
        self.text.committed.connect(lambda t: self._set_field("text", t, "text"))
        self.option_text.editingFinished.connect(self._option_text_edited)
        self.when.edited.connect(self._when_edited)
        self.refresh()

    def set_narrow(self, narrow: bool) -> None:
        """The list and problems above the paragraph (narrow) or beside it."""
        want = Qt.Orientation.Vertical if narrow else Qt.Orientation.Horizontal
        if self.split.orientation() != want:
            self.split.setOrientation(want)
            self.split.setSizes([260, 700] if narrow else [250, 750])
            # stacked, the list gets the rows and the problems a few lines (they scroll)
            self.list.setMinimumHeight(170 if narrow else 90)
            self.problems.setMaximumHeight(110 if narrow else QWIDGETSIZE_MAX)

    # -- reading the document --------------------------------------------------------------
    def paragraphs(self) -> list[dict[str, Any]]:
        return list(self.doc.get(("paragraphs",), []) or [])

    def current(self) -> int:
        return self.list.currentRow()

    def current_option(self) -> int:
        return self.options.currentRow()

    def conditions(self) -> list[str]:
        return sorted(self.doc.get(("conditions",), {}) or {})

    def refresh(self) -> None:
        paragraphs = self.paragraphs()
        with QSignalBlocker(self.list):
            row = self.list.currentRow()
            self.list.clear()
            for p in paragraphs:
                self.list.addItem(f"{str(p.get('number', '?')):>4}  {first_words(str(p.get('text', '')))}")
            if paragraphs:
                self.list.setCurrentRow(min(max(row, 0), len(paragraphs) - 1))
        self.refresh_problems()
        self.refresh_paragraph()

    def refresh_problems(self) -> None:
        """The document's findings, the very list the Problems dock shows: the same count,
        problems and warnings both, in the designer's words."""
        findings = self.doc.findings()
        errors = sum(1 for f in findings if f.severity == "error")
        warnings = len(findings) - errors
        self.problems_title.setText(
            "<b>Problems</b>: none, the mission can be played" if not findings else
            f"<b>Problems</b>: {errors} to fix, {warnings} warning{'s' * (warnings != 1)}")
        with QSignalBlocker(self.problems):
            self.problems.clear()
            for f in findings:
                mark = "✖" if f.severity == "error" else "⚠"
                place = f.place or "the whole file"
                item = QListWidgetItem(f"{mark} {place}: {f.what}")
                item.setData(Qt.ItemDataRole.UserRole, f.path)
                item.setToolTip(f"{'Problem' if f.severity == 'error' else 'Warning'}: {place}\n"
                                f"{f.what}\n\nClick to go there")
                item.setForeground(QBrush(theme.ILLEGAL if f.severity == "error" else theme.WARNING))
                self.problems.addItem(item)

    def refresh_paragraph(self) -> None:
        i = self.current()
        paragraphs = self.paragraphs()
        self.form.setEnabled(0 <= i < len(paragraphs))
        if not 0 <= i < len(paragraphs):
            return
        p = paragraphs[i]
        set_quiet(self.number, p.get("number", 1))
        self.number_error.hide()
        set_quiet(self.list_style, p.get("style", "bulleted"))
        set_quiet(self.sighting, p.get("sighting", ""))
        self.text.show_text(str(p.get("text", "")))
        with QSignalBlocker(self.readers):
            self.readers.clear()
            for path, words in readers(self.doc.data, whole(p.get("number"))):
                item = QListWidgetItem(words)
                item.setData(Qt.ItemDataRole.UserRole, path)
                self.readers.addItem(item)
            if not self.readers.count():
                self.readers.addItem("nothing leads here yet")
        options = p.get("options", [])
        with QSignalBlocker(self.options):
            row = self.options.currentRow()
            self.options.clear()
            style = p.get("style", "bulleted")
            for j, o in enumerate(options):
                mark = f"{j + 1}." if style == "numbered" else "•"
                self.options.addItem(f"{mark} {o.get('text', '')}")
            if options:
                self.options.setCurrentRow(min(max(row, 0), len(options) - 1))
        self._shown_acts = None
        self.refresh_option()

    def refresh_option(self) -> None:
        i, j = self.current(), self.current_option()
        options = self.doc.get(("paragraphs", i, "options"), []) or []
        self.option_form.setEnabled(0 <= j < len(options))
        if not 0 <= j < len(options):
            self._build_acts([])
            return
        o = options[j]
        self.option_form.setTitle(f"Option {j + 1}")
        set_quiet(self.option_text, o.get("text", ""))
        self.when.show_cond(o.get("when"), self.conditions())
        self._build_acts(list(o.get("do", [])))

    def _build_acts(self, acts: list[dict[str, Any]]) -> None:
        if acts == self._shown_acts:
            return
        self._shown_acts = copy.deepcopy(acts)
        for w in self.act_rows:
            w.setParent(None)
            w.deleteLater()
        self.act_rows = []
        for k, a in enumerate(acts):
            w = ActEdit(a if isinstance(a, dict) else {"hold": True}, self.conditions())
            w.edited.connect(lambda act, k=k, w=w: self._act_edited(k, act, w.change))
            w.removed.connect(lambda k=k: self._act_removed(k))
            w.moved.connect(lambda step, k=k: self._act_moved(k, step))
            self.acts_box.addWidget(w)
            self.act_rows.append(w)

    def _place_clicked(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)
        if path is not None:
            self.placeClicked.emit(str(path))

    # -- selecting -------------------------------------------------------------------------
    def select(self, paragraph: int, option: int | None = None) -> bool:
        if not 0 <= paragraph < self.list.count():
            return False
        self.list.setCurrentRow(paragraph)
        if option is not None and 0 <= option < self.options.count():
            self.options.setCurrentRow(option)
        return True

    # -- editing ---------------------------------------------------------------------------
    def _pno(self, i: int | None = None) -> Any:
        i = self.current() if i is None else i
        return self.doc.get(("paragraphs", i, "number"), "?")

    def _set_field(self, key: str, value: Any, what: str) -> None:
        i = self.current()
        if i >= 0:
            self.doc.set(("paragraphs", i, key), value, f"Edit paragraph {self._pno()} {what}")

    def _number_edited(self, n: int) -> None:
        i = self.current()
        if i < 0:
            return
        refused = self.renumber(i, n)
        self.number_error.setText(refused or "")
        self.number_error.setVisible(bool(refused))

    def renumber(self, i: int, new: int) -> str | None:
        """Give paragraph ``i`` the number ``new`` and make every place that reads it (Mission
        Card checks, Event columns, German card tables, other paragraphs' "go to") follow: one
        undo step. A number another paragraph has is refused: the reason is returned (None:
        done)."""
        old = self.doc.get(("paragraphs", i, "number"))
        if old == new:
            return None
        other = numbered(self.doc.data, new, besides=i)
        if other is not None:
            words = first_words(str(self.doc.get(("paragraphs", other, "text"), "")), 5)
            return (f"Paragraph {new} already exists (\u201c{words}\u201d, row {other + 1} of the list): "
                    "pick a number no paragraph has.")
        edits = renumber_edits(self.doc.data, old, new) if isinstance(old, int) else []
        follow = f" and {len(edits)} reference{'s' * (len(edits) != 1)} to it" if edits else ""
        with self.doc.macro(f"Renumber paragraph {old} as {new}{follow}"):
            self.doc.set(("paragraphs", i, "number"), new)
            for path, n in edits:
                self.doc.set(parse_path(path), n)
        return None

    def add_paragraph(self, text: str = "") -> int:
        """Append a paragraph numbered after the highest; returns its index."""
        n = max((whole(p.get("number")) for p in self.paragraphs()), default=0) + 1
        value = {"number": n, "text": text or "New paragraph.",
                 "options": [{"text": "Nothing happens.", "do": [{"hold": True}]}]}
        i = self.doc.insert(("paragraphs",), None, value, f"Add paragraph {n}")
        self.select(i)
        return i

    def remove_paragraph(self) -> None:
        i = self.current()
        if i >= 0:
            self.doc.remove(("paragraphs",), i, f"Remove paragraph {self._pno()}")

    def add_option(self) -> None:
        i = self.current()
        if i < 0:
            return
        j = self.doc.insert(("paragraphs", i, "options"), None,
                            {"text": "Otherwise nothing happens.", "do": [{"hold": True}]},
                            f"Add an option to paragraph {self._pno()}")
        self.options.setCurrentRow(j)

    def remove_option(self) -> None:
        i, j = self.current(), self.current_option()
        if i >= 0 and j >= 0:
            self.doc.remove(("paragraphs", i, "options"), j,
                            f"Remove option {j + 1} of paragraph {self._pno()}")

    def move_option(self, step: int) -> None:
        i, j = self.current(), self.current_option()
        options = self.doc.get(("paragraphs", i, "options"), []) or []
        k = j + step
        if not (0 <= j < len(options) and 0 <= k < len(options)):
            return
        moved = list(options)
        moved[j], moved[k] = moved[k], moved[j]
        self.doc.set(("paragraphs", i, "options"), moved,
                     f"Move option {j + 1} of paragraph {self._pno()} {'up' if step < 0 else 'down'}")
        self.options.setCurrentRow(k)

    def _option_path(self) -> tuple[str | int, ...] | None:
        i, j = self.current(), self.current_option()
        return ("paragraphs", i, "options", j) if i >= 0 and j >= 0 else None

    def _option_text_edited(self) -> None:
        """Store the option's text; a typed die prefix ("[0-3] ...") becomes the option's
        chance condition (when it has no other), since the game writes the prefix itself."""
        path = self._option_path()
        if path is None:
            return
        text = self.option_text.text()
        what = f"Edit the text of option {int(path[3]) + 1} of paragraph {self._pno()}"
        m = DIE_PREFIX.match(text)
        when = self.doc.get((*path, "when"))
        if m is None or not (when is None or (isinstance(when, dict) and "chance" in when)):
            self.doc.set((*path, "text"), text, what)
            return
        faces = re.sub(r"\s+", "", m.group(1))
        with self.doc.macro(what):
            self.doc.set((*path, "text"), text[m.end():], what)
            self.doc.set((*path, "when"), {"chance": faces}, what)
        set_quiet(self.option_text, text[m.end():])

    def _when_edited(self, cond: dict[str, Any] | None) -> None:
        path = self._option_path()
        if path is not None:
            self.doc.set((*path, "when"), cond,
                         f"Set the condition of option {int(path[3]) + 1} of paragraph {self._pno()}")

    def set_actions(self, acts: list[dict[str, Any]], text: str) -> None:
        """Store the option's actions; a text the editor wrote for the old ones ("Nothing
        happens." of a new option) follows what the option now does, so the booklet never
        reads "► • Nothing happens." on the way to another paragraph (a play-test). A text
        the designer wrote is theirs and stays."""
        path = self._option_path()
        if path is None:
            return
        before = self.doc.get((*path, "do"), []) or []
        shown = self.doc.get((*path, "text"), "")
        said = acts_text(acts)
        if not (isinstance(shown, str) and _written_by_editor(shown, before)) or shown == said:
            self.doc.set((*path, "do"), acts, text)
            return
        with self.doc.macro(text):
            self.doc.set((*path, "do"), acts, text)
            self.doc.set((*path, "text"), said, text)

    def _acts_now(self) -> list[dict[str, Any]]:
        path = self._option_path()
        return list(self.doc.get((*path, "do"), []) or []) if path else []

    def add_action(self) -> None:
        acts = self._acts_now() + [{"hold": True}]
        self.set_actions(acts, f"Add an action to option {self.current_option() + 1} "
                               f"of paragraph {self._pno()}")

    def _act_edited(self, k: int, act: dict[str, Any], change: str = "") -> None:
        acts = self._acts_now()
        if 0 <= k < len(acts):
            acts[k] = act
            verb = next(iter(act))
            self._shown_acts = copy.deepcopy(acts)
            self.set_actions(acts, f"Paragraph {self._pno()}, option {self.current_option() + 1}: "
                                   f"{change or verb.replace('_', ' ')}")

    def _act_removed(self, k: int) -> None:
        acts = self._acts_now()
        if 0 <= k < len(acts):
            del acts[k]
            self.set_actions(acts, f"Remove an action of paragraph {self._pno()}")

    def _act_moved(self, k: int, step: int) -> None:
        acts = self._acts_now()
        j = k + step
        if 0 <= k < len(acts) and 0 <= j < len(acts):
            acts[k], acts[j] = acts[j], acts[k]
            self.set_actions(acts, f"Reorder the actions of paragraph {self._pno()}")

