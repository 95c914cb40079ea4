"""The "Last fire" dock of the Ambush! window: the last fire or throw, step by step, with
every die drawn.

A fire goes through the engine's seven steps (FC-010..FC-021) and a throw through its dud,
landing, scatter and burst rolls (AR-097, AR-086); each step is a ``roll`` event (the dice)
followed by an outcome event (``jam``, ``hit``/``miss``, ``damage_roll``, ``ammo``,
``throw``, ``scatter``...). :class:`FirePanel` is fed every event, like the paragraph
reader, and gathers those of one fire or throw into a :class:`FireItem`: numbered
:class:`Step` lines, each with the dice as drawn (:class:`~ambush_gui.gui.shared.dice.DieFace`)
and the outcome in words. Nothing here computes a rule: the numbers shown (hit number,
base, modifiers, damage result, clips left) are the events' own, and the rule IDs the
events name are in each step's tooltip. The one reading done is the dice's: a d10 showing
10 reads 0, as the engine reads it.

A fire ends at the next turn, action, paragraph or Round; until then a second snap shot,
a German's second shot or a burst that carries on to other soldiers adds further steps to
the same item. The last :data:`HISTORY` items are kept so the player can look back.

``throwShown`` carries ``(target hex, landed hex)`` when the item shown is a throw that
scattered onto the map, else None, so the window can draw the scatter on the map.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.core.events import Event
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import clear_layout, side_colour, side_title
from ambush_gui.gui.shared.dice import DieFace

__all__ = ["HISTORY", "FireItem", "FirePanel", "Step", "StepRow", "shown_faces"]

HISTORY = 8
"""Fires and throws kept for the history box."""

BOUNDARIES = frozenset({"turn", "round", "action", "german-turn", "german_turn", "paragraph",
                        "operations", "rounds", "event", "initiative", "mission_end"})
"""Events that end the fire or throw being gathered: nothing after them belongs to it."""

THROW_ACTIONS = {"grenade": "grenade", "throw_satchel": "satchel charge"}

CASUALTY = {"wound": "WOUNDED", "incapacitated": "INCAPACITATED", "killed": "KILLED",
            "captured": "CAPTURED"}
"""Damage results that put a soldier down or out, and the word that says so."""

RESULT_WORDS = {"none": "no effect", "panic": "panics", "wound": "wounded",
                "incapacitated": "incapacitated", "killed": "killed"}

RULE = re.compile(r"\[([^\]]*\b(?:FC|AR)-\d+[^\]]*)\]")


def _esc(text: object) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _rules(text: str) -> str:
    """The rule IDs an event's text names ("FC-011, FC-067"), or ""."""
    return ", ".join(m.group(1) for m in RULE.finditer(text))


def shown_faces(roll: Event) -> list[tuple[int, int]]:
    """The dice of a ``roll`` event as the player reads them: (face, sides); a d10's 10
    reads 0 (the Ambush! 0-9 die and the percentile dice)."""
    sides = int(roll.data.get("sides", 10))
    return [(int(f) % 10 if sides == 10 else int(f), sides) for f in roll.data.get("faces") or []]


def _signed(v: int) -> str:
    return f"+{v}" if v >= 0 else f"−{abs(v)}"


@dataclass
class Step:
    """One line of a fire: its title, the dice drawn, the outcome in words (rich text),
    a tone for its colour, and a tooltip naming the rules."""

    title: str
    text: str
    dice: list[tuple[int, int]] = field(default_factory=list)
    tone: str = "plain"
    word: str = ""  # the outcome in one bold word: HIT, MISS, KILLED, JAMMED...
    tip: str = ""
    numbered: bool = True
    soldier: str = ""  # whose damage this step reads, to amend it from the ``damage`` event

    def plain(self) -> str:
        """The step without markup, for tests and screen readers."""
        dice = "".join(f"[{v}]" for v, _ in self.dice)
        body = re.sub(r"<br\s*/?>", "; ", self.text)
        body = re.sub(r"<[^>]+>", "", body).replace("&lt;", "<").replace("&gt;", ">") \
            .replace("&amp;", "&")
        return " ".join(x for x in (f"{self.title} —", dice, body, self.word) if x)


PLAYER_SIDE = "us"
"""Ambush! is played from the US side (the Germans follow their paragraphs): the panel's
green is good news for the player."""


def weapon_news(item: FireItem, tone: str) -> str:
    """The tone of a check on the firer's own weapon (its jam, a dud, a clip spent) as news
    for the player: green ("good") when it goes his way. A German's weapon that works is
    no good news for him (plain), a German's jam or dud is (issue 29's play-test: bad news
    in green)."""
    if item.side == PLAYER_SIDE:
        return tone
    return {"good": "plain", "jam": "good"}.get(tone, tone)


@dataclass
class FireItem:
    """One fire (every shot of one fire action) or one throw, as the panel shows it."""

    kind: str  # "fire" or "throw"
    side: str
    firer: str
    firer_name: str
    when: str
    steps: list[Step] = field(default_factory=list)
    target_name: str = ""
    scatter: tuple[str, str] | None = None
    outcome: list[str] = field(default_factory=list)  # HIT, MISS, KILLED... in order
    shot_done: bool = False  # a hit or miss (or a jam) has been read: a later fire is a new shot
    declared: Step | None = None

    @property
    def headline(self) -> str:
        verb = "throws" if self.kind == "throw" else "fires"
        at = f" at {self.target_name}" if self.target_name else ""
        return f"{self.firer_name} {verb}{at}"

    @property
    def summary(self) -> str:
        return ", ".join(self.outcome) if self.outcome else "…"

    def tag(self) -> str:
        """A line for the history box."""
        return f"{self.when}: {self.headline} — {self.summary}"

    def text(self) -> str:
        """The whole item as plain text, numbered as shown."""
        lines = [f"{side_title(self.side)} {self.kind}, {self.when}: {self.headline}"]
        n = 0
        for s in self.steps:
            if s.numbered:
                n += 1
                lines.append(f"{n}. {s.plain()}")
            else:
                lines.append(f"   {s.plain()}")
        return "\n".join(lines)


class StepRow(QFrame):
    """One step: its number, title and dice on the first line, the outcome below."""

    def __init__(self, number: int | None, step: Step, side: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.step = step
        self.setObjectName("step")
        bg, edge = theme.FIRE_STEP.get(step.tone, theme.FIRE_STEP["plain"])
        width = 0 if step.tone == "note" else 4
        self.setStyleSheet(f"#step {{ background: {bg.name()}; border-left: {width}px solid "
                           f"{edge.name()}; border-radius: 3px; }}")
        self.setToolTip(step.tip)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 2, 6, 3)
        lay.setSpacing(1)
        if step.tone == "note":
            note = QLabel(f"{_esc(step.title)}: {step.text}" if step.title else step.text)
            note.setTextFormat(Qt.TextFormat.RichText)
            note.setWordWrap(True)
            note.setFont(theme.label_font(8.5))
            note.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
            lay.addWidget(note)
            self.faces: list[DieFace] = []
            self.body = note
            return
        head = QHBoxLayout()
        head.setSpacing(4)
        title = QLabel(f"{number}. {step.title}" if number is not None else step.title)
        title.setFont(theme.label_font(9.5, True))
        head.addWidget(title)
        head.addStretch(1)
        self.faces = []
        for value, sides in step.dice:
            face = DieFace(value, sides, side, size=theme.FIRE_DIE_SIZE)
            face.setToolTip(f"{value} on a d{sides}" + (" (a 10 reads 0)" if sides == 10 else ""))
            head.addWidget(face)
            self.faces.append(face)
        if step.word:
            word = QLabel(step.word)
            word.setFont(theme.label_font(9, True))
            colour = theme.FIRE_STEP.get(step.tone, theme.FIRE_STEP["plain"])[1]
            word.setStyleSheet(f"color: white; background: {colour.name()}; border-radius: 4px; "
                               "padding: 1px 5px;")
            head.addWidget(word)
            self.word = word
        lay.addLayout(head)
        self.body = QLabel(step.text)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setWordWrap(True)
        self.body.setFont(theme.label_font(9))
        self.body.setStyleSheet(f"color: {theme.DIALOG_TEXT.name()};")
        lay.addWidget(self.body)


class FirePanel(QWidget):
    """The last fire or throw, step by step, and a history of the ones before."""

    throwShown = Signal(object)  # (target hex, landed hex) of a scattered throw, or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.items: list[FireItem] = []
        self.shown: FireItem | None = None
        self.deferred = False  # show the newest item at flush(), not at each event
        self._current: FireItem | None = None  # the item still gathering steps
        self._rolls: list[Event] = []  # dice thrown, not yet read by an outcome event
        self._pre: list[Step] = []  # ties and checks made before a German's fire is declared
        self._when = ""
        self._names: dict[str, str] = {}
        self._sides: dict[str, str] = {}
        self._weapons: dict[str, str] = {}
        self._hexes: dict[str, str] = {}  # soldier id -> his hex, from the events
        self._game: Any = None
        self._changed = False
        self._quiet = False
        self._shown_arrow: object = ()  # what throwShown last said (() = nothing yet)
        self.rows: list[StepRow] = []
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.setSpacing(4)
        self.band = QLabel()
        self.band.setFont(theme.label_font(9, True))
        self.band.setMargin(4)
        lay.addWidget(self.band)
        self.headline = QLabel()
        self.headline.setWordWrap(True)
        self.headline.setFont(theme.label_font(10, True))
        self.headline.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.headline)
        self.steps_box = QWidget()
        self.steps = QVBoxLayout(self.steps_box)
        self.steps.setContentsMargins(0, 0, 0, 0)
        self.steps.setSpacing(3)
        holder = QWidget()
        inner = QVBoxLayout(holder)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(self.steps_box)
        inner.addStretch(1)
        self.steps_scroll = scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(holder)
        scroll.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        lay.addWidget(scroll, 1)
        row = QHBoxLayout()
        row.setSpacing(3)
        self.older = QToolButton()
        self.older.setText("◀")
        self.older.setToolTip("The fire before this one (Alt+Left)")
        self.older.clicked.connect(lambda: self.step(1))
        self.newer = QToolButton()
        self.newer.setText("▶")
        self.newer.setToolTip("The fire after this one (Alt+Right)")
        self.newer.clicked.connect(lambda: self.step(-1))
        self.history = QComboBox()
        self.history.setToolTip(f"The last {HISTORY} fires and throws, newest first: pick one to "
                                "see its steps again")
        self.history.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.history.setMinimumContentsLength(12)
        self.history.activated.connect(self._on_history)
        row.addWidget(self.older)
        row.addWidget(self.history, 1)
        row.addWidget(self.newer)
        lay.addLayout(row)
        for keys, older in (("Alt+Left", 1), ("Alt+Right", -1)):
            sc = QShortcut(QKeySequence(keys), self)
            sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            sc.activated.connect(lambda o=older: self.step(o))
        self._blank()

    # -- the public API -------------------------------------------------------------------------
    def set_game(self, game: Any) -> None:
        """Names to show: each soldier's label and side and each weapon's name, from the
        game; and, for a soldier whose hex no event has named yet, where the state has him."""
        self._game = game
        self._names = {sid: s.label for sid, s in game.state.soldiers.items()}
        self._sides = {sid: s.side.value for sid, s in game.state.soldiers.items()}
        self._weapons = {k: w.name for k, w in game.charts.spec.weapons.items()}

    def reload(self, events: list[Event]) -> None:
        """Start again from a whole log (a game loaded or undone); shows the last item."""
        self.items, self.shown, self._current = [], None, None
        self._rolls, self._pre, self._when, self._hexes = [], [], "", {}
        self._quiet = True
        try:
            for e in events:
                self.add(e)
        finally:
            self._quiet = False
        self._changed = False
        self._sync_history()
        if self.items:
            self._show(self.items[-1])
        else:
            self._blank()
            self._emit(None)

    def add(self, event: Event) -> None:
        """Feed every event; those of a fire or a throw become its steps."""
        changed = self._read(event)
        if changed:
            self._changed = True
            if not self.deferred and not self._quiet:
                self.flush()

    def flush(self) -> bool:
        """Show the newest item if a fire or throw happened or went on since the last
        flush; True if it did (the window then brings the dock forward)."""
        if not self._changed or self._quiet:
            return False
        self._changed = False
        self._sync_history()
        if self.items:
            self._show(self.items[-1])
            return True
        return False

    def step(self, older: int) -> None:
        """Show the item ``older`` places before the one shown (negative: after)."""
        if not self.items:
            return
        i = next((k for k, it in enumerate(self.items) if it is self.shown), len(self.items) - 1)
        self._show(self.items[min(max(i - older, 0), len(self.items) - 1)])

    def shown_text(self) -> str:
        """The item shown, as plain text (tests, screen readers)."""
        return self.shown.text() if self.shown is not None else self.headline.text()

    # -- reading the events ------------------------------------------------------------------
    def _name(self, sid: object) -> str:
        return self._names.get(str(sid), str(sid))

    def _weapon(self, key: object) -> str:
        return self._weapons.get(str(key), str(key))

    def _where(self, sid: str) -> str | None:
        if sid in self._hexes:
            return self._hexes[sid]
        s = self._game.state.soldiers.get(sid) if self._game is not None else None
        return s.hex.label if s is not None and s.hex is not None else None

    def _take(self, prefix: str) -> list[tuple[int, int]]:
        """The dice of the latest roll whose purpose starts with ``prefix``, used up."""
        for i in range(len(self._rolls) - 1, -1, -1):
            if str(self._rolls[i].data.get("purpose", "")).startswith(prefix):
                return shown_faces(self._rolls.pop(i))
        return []

    def _close(self) -> None:
        self._current = None
        self._rolls = []
        self._pre = []

    def _start(self, kind: str, firer: str, side: str | None = None) -> FireItem:
        item = FireItem(kind, side or self._sides.get(firer, "us"), firer, self._name(firer),
                        self._when or "before the Rounds")
        self.items.append(item)
        del self.items[:-HISTORY]
        self._current = item
        return item

    def _read(self, event: Event) -> bool:
        """Take one event in; True if an item was started or given a step."""
        d, kind = event.data, event.kind
        if kind == "round" and "round" in d:
            self._when = f"Round {d['round']}"
        elif kind == "operations" and "turn" in d:
            self._when = f"Operations turn {d['turn']}"
        if kind == "move" and d.get("to") and (d.get("german") or d.get("soldier")):
            self._hexes[str(d.get("german") or d.get("soldier"))] = str(d["to"])
        elif kind == "activate" and d.get("hex") and d.get("german"):
            self._hexes[str(d["german"])] = str(d["hex"])
        if kind in BOUNDARIES:
            self._close()
            if kind == "action" and d.get("action") in THROW_ACTIONS:
                return self._throw_declared(event)
            return False
        if kind == "roll":
            self._rolls = [*self._rolls[-7:], event]
            return False
        item = self._current
        if kind == "tie":
            step = Step("Random tie", f"{_esc(d.get('purpose', ''))}: picks <b>{_esc(d.get('chosen'))}"
                        "</b>", self._take("Random tie"), tip=event.text)
            if item is None:
                self._pre.append(step)
                return False
            item.steps.append(step)
            return True
        if kind == "perception":
            step = self._perception(event)
            if item is None:
                self._pre.append(step)
                return False
            item.steps.append(step)
            return True
        if kind == "german_fire":
            return self._german_declared(event)
        if kind == "fire":
            return self._fire_declared(event)
        if item is None:
            return False
        handler = {
            "jam": self._jam, "hit": self._hit, "miss": self._hit, "damage_roll": self._damage_roll,
            "damage": self._damage, "carry_on": self._carry_on, "penetration": self._penetration,
            "ammo": self._ammo, "dud": self._dud, "throw": self._thrown, "scatter": self._scatter,
            "remove_grenade": self._remove, "aware": self._note, "stance": self._note,
        }.get(kind)
        return handler(item, event) if handler is not None else False

    # -- declarations ---------------------------------------------------------------------------
    def _german_declared(self, event: Event) -> bool:
        d = event.data
        if "weapon" not in d:  # he cannot fire, or passes: a note on a fire being gathered
            if self._current is not None:
                self._current.steps.append(Step("", _esc(re.sub(r"\s*\[[^\]]*\]$", "", event.text)),
                                                tone="note", numbered=False, tip=event.text))
                return True
            return False
        german = str(d["german"])
        item = self._current
        if item is None or item.firer != german:
            item = self._start("fire", german, "german")
            item.steps.extend(self._pre)
            self._pre = []
        item.declared = Step("Declared", f"the <b>{_esc(d.get('term', ''))}</b> target, by his fire "
                             "terms", tip=f"{event.text}", soldier="german_fire")
        return True

    def _fire_declared(self, event: Event) -> bool:
        d = event.data
        firer = str(d.get("firer", ""))
        item = self._current
        if "weapon" not in d:  # no legal fire, no second shot, or the second shot held
            if item is not None and item.firer == firer:
                item.steps.append(Step("", _esc(re.sub(r"\s*\[[^\]]*\]$", "", event.text)),
                                       tone="note", numbered=False, tip=event.text))
                return True
            return False
        pending = item.declared if item is not None and item.firer == firer else None
        second = item is not None and item.firer == firer and item.shot_done
        if item is None or item.firer != firer:
            item = self._start("fire", firer)
            item.steps.extend(self._pre)
            self._pre = []
        target = d.get("target")
        where = self._where(str(target)) if target else d.get("wall")
        at = f"{self._name(target)}" if target else f"the building in {d.get('wall')}"
        at += f" in {where}" if target and where else ""
        item.target_name = self._name(target) if target else f"the wall of {d.get('wall')}"
        partner = f" with {_esc(self._name(d['partner']))}" if d.get("partner") else ""
        text = (f"<b>{_esc(item.firer_name)}</b>{partner}, {_esc(self._weapon(d.get('chart')))}, "
                f"<b>{_esc(d.get('fire', ''))}</b> fire, at <b>{_esc(at)}</b>")
        terms = pending.text if pending is not None and pending.soldier == "german_fire" and not second \
            else ""
        if terms:
            text += f"<br>{terms}"
        tip = event.text + (f"\n{pending.tip}" if terms and pending is not None else "")
        step = Step("Second shot" if second else "Declared", text, tip=tip)
        item.steps.append(step)
        item.declared = step
        item.shot_done = False
        return True

    def _throw_declared(self, event: Event) -> bool:
        d = event.data
        who = str(d.get("soldier", ""))
        to = str((d.get("choice") or {}).get("to", ""))
        item = self._start("throw", who)
        what = THROW_ACTIONS[str(d["action"])]
        item.target_name = f"hex {to}"
        step = Step("Declared", f"<b>{_esc(item.firer_name)}</b> throws a {what} at hex <b>{_esc(to)}</b>",
                    tip=f"{event.text} [AR-081, AR-082]")
        item.steps.append(step)
        item.declared = step
        return True

    # -- the steps of a fire ---------------------------------------------------------------------
    def _jam(self, item: FireItem, event: Event) -> bool:
        d = event.data
        dice = self._take("Jam")
        roll, number = int(d.get("roll", 0)), int(d.get("number", 0))
        if d.get("jammed"):
            dud = bool(d.get("dud"))
            text = (f"{roll:02d} ≤ {number:02d}: " + ("a dud; the round is crossed off and the fire "
                                                      "ends" if dud else "the weapon jams; the fire ends"))
            step = Step("Jam check", text, dice, weapon_news(item, "jam"), "DUD" if dud else "JAMMED",
                        event.text)
            item.outcome.append("dud" if dud else "jammed")
            item.shot_done = True
        else:
            step = Step("Jam check", f"{roll:02d} over {number:02d}: no jam", dice,
                        weapon_news(item, "good"), "", event.text)
        item.steps.append(step)
        return True

    def _hit(self, item: FireItem, event: Event) -> bool:
        d = event.data
        if "die" not in d:  # a bazooka's miss: it never scatters
            return self._note(item, event)
        dice = self._take("Hit")
        hit = event.kind == "hit"
        lines = [f"Needs <b>{d.get('number')}</b> or less",
                 f"base {d.get('base')} ({_esc(d.get('band', ''))} range, {d.get('range')} "
                 f"hex{'es' if d.get('range') != 1 else ''})"]
        for label_, value, rule in d.get("modifiers") or []:
            colour = theme.BONUS if int(value) >= 0 else theme.MALUS
            lines.append(f"<span style='color:{colour.name()}'><b>{_signed(int(value))}</b></span> "
                         f"{_esc(label_)} <span style='color:{theme.RULE_TAG.name()}'>{_esc(rule)}</span>")
        clamp = re.search(r"= (-?\d+), kept within 0-8", event.text)
        if clamp:
            lines.append(f"= {clamp.group(1)}, kept within 0–8")
        always = re.search(r"\((\d always \w+)\)", event.text)
        lines.append(f"Rolled <b>{d.get('die')}</b>" + (f" ({always.group(1)})" if always else "")
                     + f": <b>{'a hit' if hit else 'a miss'}</b>")
        if d.get("target") and d["target"] in self._names:
            item.target_name = self._name(d["target"])
        if item.declared is not None and "hexes" not in item.declared.text and d.get("range") is not None:
            hexes = f", {d['range']} hex{'es' if d['range'] != 1 else ''} ({_esc(d.get('band'))})"
            head, br, tail = item.declared.text.partition("<br>")
            item.declared.text = head + hexes + br + tail
        item.steps.append(Step("Hit", "<br>".join(lines), dice, "hit" if hit else "miss",
                               "HIT" if hit else "MISS",
                               f"{event.text}\nRules: FC-012..FC-018 (hit number), FC-023, FC-026"))
        item.outcome.append("hit" if hit else "miss")
        item.shot_done = True
        return True

    def _damage_roll(self, item: FireItem, event: Event) -> bool:
        d = event.data
        sid = str(d.get("soldier", ""))
        dice = self._take("Damage")
        result = str(d.get("result", ""))
        tone, word = self._damage_tone(result)
        text = (f"<b>{_esc(self._name(sid))}</b>: {d.get('die')} on the {_esc(d.get('row', ''))} row: "
                f"<b>{_esc(RESULT_WORDS.get(result, result))}</b>")
        title = "Burst damage" if item.kind == "throw" else "Damage"
        item.steps.append(Step(title, text, dice, tone, word, event.text, soldier=sid))
        item.outcome.append(word.lower() if word else result)
        return True

    @staticmethod
    def _damage_tone(result: str) -> tuple[str, str]:
        if result in CASUALTY:
            return "casualty", CASUALTY[result]
        if result == "panic":
            return "panic", "PANICS"
        return "miss", "NO EFFECT" if result in ("none", "") else result.upper()

    def _damage(self, item: FireItem, event: Event) -> bool:
        """The result applied: a second wound reads as incapacitated (the event says so)."""
        d = event.data
        sid, result = str(d.get("soldier", "")), str(d.get("result", ""))
        for step in reversed(item.steps):
            if step.soldier == sid and step.title in ("Damage", "Burst damage", "Burst carries on"):
                tone, word = self._damage_tone(result)
                if word != step.word:
                    said = re.sub(r"\s*\([^)]*\)$", "", event.text)
                    step.text += f"<br>{_esc(said)}"
                    step.tone, step.word = tone, word
                    if item.outcome:
                        item.outcome[-1] = word.lower()
                    return True
                return False
        return False

    def _carry_on(self, item: FireItem, event: Event) -> bool:
        d = event.data
        dice = self._take("Damage carries on")
        tie = self._take("Random tie")
        if "soldier" in d:
            result = str(d.get("result", ""))
            tone, word = self._damage_tone(result)
            said = RESULT_WORDS.get(result, result)
            text = (f"{d.get('die')} is lower than {d.get('before')}: the burst also hits "
                    f"<b>{_esc(self._name(d['soldier']))}</b>: <b>{_esc(said)}</b>")
            item.steps.append(Step("Burst carries on", text, dice + tie, tone, word, event.text,
                                   soldier=str(d["soldier"])))
            item.outcome.append(word.lower())
        else:
            item.steps.append(Step("Burst carries on?", f"{d.get('die')} is not lower than "
                                   f"{d.get('before')}: the burst stops", dice, "miss", "", event.text))
        return True

    def _penetration(self, item: FireItem, event: Event) -> bool:
        d = event.data
        ok = bool(d.get("penetrated"))
        text = (f"{d.get('die')} on the {_esc(d.get('row', ''))} row: "
                + ("<b>the wall is penetrated</b>" if ok else "the wall holds"))
        item.steps.append(Step("Wall", text, self._take("Penetration"), "hit" if ok else "miss",
                               "THROUGH" if ok else "HOLDS", event.text))
        item.outcome.append("through the wall" if ok else "wall holds")
        return True

    def _ammo(self, item: FireItem, event: Event) -> bool:
        d = event.data
        if "roll" not in d:
            if item.kind == "throw" and d.get("item"):
                if item.declared is not None and str(d["item"]) in self._weapons:
                    name = self._weapon(d["item"])
                    item.declared.text = re.sub(r"throws a [a-z ]+ at", f"throws a {_esc(name)} at",
                                                item.declared.text)
                return False
            text = _esc(re.sub(r"\s*\[[^\]]*\]$", "", event.text))
            item.steps.append(Step("Ammunition", text[0].upper() + text[1:], tone="plain", tip=event.text))
            return True
        roll, number = int(d["roll"]), int(d.get("number", 0))
        if d.get("spent"):
            who = "" if d.get("soldier") == item.firer else f" ({_esc(self._name(d.get('soldier')))}'s)"
            text = f"{roll:02d} ≤ {number:02d}: a clip spent{who}, <b>{d.get('left')} left</b>"
            step = Step("Ammunition", text, self._take("Out of Ammo"), weapon_news(item, "jam"),
                        "CLIP SPENT", event.text)
        else:
            step = Step("Ammunition", f"{roll:02d} over {number:02d}: no clip spent",
                        self._take("Out of Ammo"), weapon_news(item, "good"), "", event.text)
        item.steps.append(step)
        return True

    def _note(self, item: FireItem, event: Event) -> bool:
        text = _esc(re.sub(r"\s*\[[^\]]*\]$", "", event.text))
        item.steps.append(Step("", text, tone="note", numbered=False, tip=event.text))
        return True

    # -- the steps of a throw ---------------------------------------------------------------------
    def _dud(self, item: FireItem, event: Event) -> bool:
        text = _esc(re.sub(r"\s*\[[^\]]*\]$", "", event.text))
        item.steps.append(Step("Dud check", text + ": nothing goes off", self._take("Dud?"),
                               weapon_news(item, "jam"),
                               "DUD", event.text))
        item.outcome.append("dud")
        return True

    def _thrown(self, item: FireItem, event: Event) -> bool:
        d = event.data
        dud = self._take("Dud?")
        if dud:
            item.steps.append(Step("Dud check", "not a dud: it can go off", dud,
                                   weapon_news(item, "good"), "",
                                   "FC-011: the chart's Jam number is the dud number"))
        if item.declared is not None and str(d.get("weapon")) in self._weapons:
            item.declared.text = re.sub(r"throws a [a-z ]+ at",
                                        f"throws a {_esc(self._weapon(d['weapon']))} at",
                                        item.declared.text)
        rng = re.search(r" (\d+) hexes at ", event.text)
        how = re.search(r"\(([a-z]+ \d+ \+ WS -?\d+)\)", event.text)
        if item.declared is not None and rng:
            item.declared.text += f", {rng.group(1)} hex{'es' if rng.group(1) != '1' else ''}"
        ok = bool(d.get("landed"))
        text = (f"Needs <b>{d.get('number')}</b> or less" + (f" ({_esc(how.group(1))})" if how else "")
                + f"<br>Rolled <b>{d.get('die')}</b>: "
                + (f"<b>it lands in {_esc(d.get('to'))}</b>" if ok else "<b>it misses</b> and scatters"))
        item.steps.append(Step("Throw", text, self._take("Throw"), "hit" if ok else "miss",
                               "LANDS" if ok else "MISSES", event.text))
        item.outcome.append("lands" if ok else "misses")
        return True

    def _scatter(self, item: FireItem, event: Event) -> bool:
        d = event.data
        frm, to = str(d.get("frm", "")), d.get("to")
        way = re.search(r"toward (\w+)", event.text)
        text = (f"{d.get('die')}: toward {_esc(way.group(1) if way else '?')} from {_esc(frm)}: "
                + (f"<b>it lands in {_esc(to)}</b> (arrow on the map)" if to else "<b>off the map, lost</b>"))
        item.steps.append(Step("Scatter", text, self._take("Scatter"), "panic" if to else "miss",
                               f"→ {to}" if to else "LOST",
                               event.text + "\nThe die: 1 north, then clockwise"))
        if to:
            item.scatter = (frm, str(to))
        item.outcome.append(f"lands in {to}" if to else "lost")
        return True

    def _perception(self, event: Event) -> Step:
        d = event.data
        ok = bool(d.get("passed"))
        text = (f"<b>{_esc(self._name(d.get('soldier')))}</b>: {d.get('die')} against PER {d.get('per')}: "
                + ("<b>passed</b>" if ok else "failed"))
        return Step("Perception Check", text, self._take("Perception Check"), "good" if ok else "miss",
                    "PASSED" if ok else "FAILED", event.text)

    def _remove(self, item: FireItem, event: Event) -> bool:
        text = _esc(re.sub(r"\s*\[[^\]]*\]$", "", event.text))
        cleared = "harmlessly" in event.text
        item.steps.append(Step("Live grenade", text, tone="good" if cleared else "plain",
                               word="THROWN OUT" if cleared else "", tip=event.text))
        if cleared:
            item.outcome.append("thrown out")
        return True

    # -- showing ---------------------------------------------------------------------------------
    def _sync_history(self) -> None:
        self.history.blockSignals(True)
        try:
            self.history.clear()
            for i in range(len(self.items) - 1, -1, -1):
                self.history.addItem(self.items[i].tag(), i)
                self.history.setItemData(self.history.count() - 1, self.items[i].tag(),
                                         Qt.ItemDataRole.ToolTipRole)
        finally:
            self.history.blockSignals(False)
        self.history.setEnabled(bool(self.items))

    def _show(self, item: FireItem) -> None:
        self.shown = item
        side = item.side
        what = "throw" if item.kind == "throw" else "fire"
        self.band.setText(f"{side_title(side)} {what} — {item.when}")
        self.band.setStyleSheet(f"background: {side_colour(side).name()}; color: white; border-radius: 4px;")
        self.headline.setFont(theme.label_font(10, True))
        self.headline.setText(f"{item.headline}: {item.summary}")
        self.headline.setToolTip("Hover a step for the rules it reads; every number is the engine's")
        clear_layout(self.steps)
        self.rows = []
        n = 0
        for s in item.steps:
            number = None
            if s.numbered:
                n += 1
                number = n
            row = StepRow(number, s, side)
            self.steps.addWidget(row)
            self.rows.append(row)
        index = self.items.index(item)
        self.history.blockSignals(True)
        self.history.setCurrentIndex(self.history.findData(index))
        self.history.blockSignals(False)
        self.older.setEnabled(index > 0)
        self.newer.setEnabled(index < len(self.items) - 1)
        self.steps_scroll.verticalScrollBar().setValue(0)
        telling = [r for r in self.rows if r.step.tone in ("casualty", "panic", "hit")]
        if telling:  # in a short dock, the last hit or casualty is scrolled into view
            QTimer.singleShot(0, lambda r=telling[-1]: self._reveal(r))
        self._emit(item.scatter)

    def _reveal(self, row: StepRow) -> None:
        if row in self.rows:
            self.steps_scroll.ensureWidgetVisible(row, 0, 4)

    def _emit(self, arrow: tuple[str, str] | None) -> None:
        if self._quiet or arrow == self._shown_arrow:
            return
        self._shown_arrow = arrow
        self.throwShown.emit(arrow)

    def _blank(self) -> None:
        self.shown = None
        self.band.setText("Last fire")
        self.band.setStyleSheet(f"background: {theme.NEUTRAL.name()}; color: white; border-radius: 4px;")
        self.headline.setText("Nobody has fired or thrown yet. Each fire and throw shows here "
                              "step by step: the jam check, the hit number and its modifiers, "
                              "damage, ammunition, scatter — with the dice drawn.")
        self.headline.setFont(theme.label_font(9))
        clear_layout(self.steps)
        self.rows = []
        self.history.clear()
        self.history.setEnabled(False)
        self.older.setEnabled(False)
        self.newer.setEnabled(False)

    def _on_history(self, row: int) -> None:
        index = self.history.itemData(row)
        if isinstance(index, int) and 0 <= index < len(self.items):
            self._show(self.items[index])

