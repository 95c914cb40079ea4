"""Dialogs for the Ambush! decisions asked during Action Rounds: a US soldier's action,
who acts next, and the stance change after the action; and the strip shown while a
move or an Operations turn is answered on the hex map.

- :class:`AmbushActionDialog` (``AMBUSH_ACTION``): the soldier, the actions table with
  every legal action as a numbered button (one button per concrete choice: "Grenade at
  0604 (2 hexes)"), grouped as fire, throw, move, command and the rest; the actions that
  are not legal now greyed with the engine's reason; the stance changes on their own
  row. The live-grenade question (AR-086) is asked by the same kind and reads as its
  own question.
- :class:`AmbushActorDialog` (``AMBUSH_ACTOR``): the soldiers of the AR Track space as
  cards; hovering or focusing a card emits ``highlighted(soldier id)``.
- :class:`AmbushStanceDialog` (``AMBUSH_STANCE``): stay, or each other stance, with what
  it means for firing and being hit.
- :class:`AmbushStepPrompt` (``AMBUSH_MOVE``, ``AMBUSH_OPERATIONS``): not a dialog but a
  strip for a dock. The hexes are clicked on the map; the strip says who moves and the
  Movement Points left, and has a button for every answer that is not a hex.

The fire, second snap shot and assault-target questions (``AMBUSH_TARGET``) are in
:mod:`ambush_gui.gui.hexmap.dialogs.fire`; the end screen in
:mod:`ambush_gui.gui.hexmap.dialogs.end`.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.ambush.words import (
    ACTIONS,
    action_title,
    option_text,
    soldier,
    soldier_name,
    stance_ends_move,
)
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.words import whose
from ambush_gui.gui.hexmap.dialogs.common import (
    GROUPS,
    STANCES,
    action_tip,
    crew_notes,
    in_squad_order,
    option_note,
    soldier_chips,
    soldier_details,
    soldier_header,
    stance_tip,
    weapons_text,
    where,
)
from ambush_gui.gui.hexmap.dialogs.fire import hit_odds, percent
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import (
    Card,
    DecisionDialog,
    FlowLayout,
    clear_layout,
    esc_meant_for_dice,
    label,
    section,
    side_colour,
    side_tint,
    side_title,
    toggle,
)

PASS = {"action": "pass"}
PICK_FIRST = "Pick an action first"
REMOVE = {"action": "remove_grenade"}


def throw_line(odds: Any, dud: Any) -> str:
    """A throw's odds in words: where it lands on the d10, and its dud number."""
    roll = "0" if odds.number == 0 else f"0 to {odds.number}"
    line = (f"Lands on a roll of {roll} ({odds.range} hex{'es' if odds.range != 1 else ''}, "
            f"{odds.band.value} range); a miss scatters")
    return line + (f"; a dud on {int(dud):02d} or under" if dud is not None else "")


def option_key(option: Mapping[str, Any]) -> str:
    """An action option as a key for the number it keeps (its dict, in a fixed order)."""
    return json.dumps(option, sort_keys=True, default=str)


def _find(pairs: list[tuple[Any, QWidget]], answer: Any) -> QWidget | None:
    return next((w for a, w in pairs if a == answer), None)


def _stance_button(game: Any, s: Any, stance: str, cost: str) -> QPushButton:
    text = STANCES.get(stance, (stance.capitalize(), ""))[0]
    b = toggle(text, stance_tip(game, s, stance) + cost)
    b.setCheckable(False)
    return b


def fits_half(card: Card) -> bool:
    """Whether ``card``'s title fits on two lines and its details on theirs in half the
    Decision dock: "Move and snap fire" on two lines beside "Move" takes less of a
    1280x800 dock than the three moves one under another."""
    half = (theme.RIGHT_COLUMN - 40) // 2 - 50  # the card's margins and its key cap
    title = card.title_label.fontMetrics().horizontalAdvance(card.title_label.text())
    return title <= half * 3 // 2 and all(
        w.fontMetrics().horizontalAdvance(w.text()) <= half for w in card.detail_labels)


def stance_cost(s: Any) -> str:
    if s is not None and s.wounded:
        return "\nHe is wounded: the change costs him 1 Movement Point (AR-072)."
    return "\nHis one change this turn; free while he is unwounded (AR-071)."


KEY_GROUPS = ("fire", "move", "throw", "command", "other")
"""The order new number keys are given in, by the actions' groups (the cards are shown in
``GROUPS``' order, the command row first)."""


def _key_rank(option: Mapping[str, Any]) -> int:
    group = ACTIONS.get(str(option.get("action")), ("", "other"))[1]
    return KEY_GROUPS.index(group) if group in KEY_GROUPS else len(KEY_GROUPS)


class AmbushActionDialog(DecisionDialog):
    """``AMBUSH_ACTION``: one legal action, a stance change first, or a pass.

    ``action_buttons`` maps each offered answer (a dict) to its button, in the order
    shown; ``not_legal_rows`` maps each action that is not legal now to its labels
    (title, the engine's reason)."""


    def is_live_grenade(self) -> bool:
        return "hex" in self.decision.facts

    def what(self) -> str:
        who = soldier_name(self.game, self.decision.facts.get("soldier"))
        if self.is_live_grenade():
            return f"a live grenade lands by {who}"
        return whose("turn", who)

    def subline(self) -> str:
        st = self.game.state
        rnd = getattr(st, "round", 0)
        return f"Action Rounds · Round {rnd}" if rnd else ""

    def build(self) -> None:
        self.action_buttons: list[tuple[Any, QWidget]] = []
        self.not_legal_rows: dict[str, tuple[QLabel, QLabel]] = {}
        self.stance_buttons: list[tuple[Any, QWidget]] = []
        s = soldier(self.game, self.decision.facts.get("soldier"))
        if self.is_live_grenade():
            self.build_live_grenade(s)
            return
        if s is not None:  # the banner names him; one line says the prompt's other words
            # ("Sgt Doyle (standing): choose an action"), and the actions come next: his
            # weapons and a crew weapon's notes above them left a 1280x800 Decision dock
            # no room for a single action card (they follow the actions, under "His kit")
            self.prompt.setVisible(False)
            self.body.addLayout(self.status_line(s))
        options = [o for o in self.decision.options if isinstance(o, Mapping)]
        actions = [o for o in options if "action" in o and o != PASS]
        stances = [o for o in options if "stance" in o]
        by_group: dict[str, list[Mapping[str, Any]]] = {g: [] for g, _ in GROUPS}
        for o in actions:
            group = ACTIONS.get(str(o["action"]), ("", "other"))[1]
            by_group.setdefault(group, []).append(o)
        shown = [o for g, _ in GROUPS for o in by_group.get(g) or []]
        shown += [o for o in actions if o not in shown]
        self.keys = self.stable_keys(s, shown)
        for group, title in GROUPS:
            mine = by_group.get(group) or []
            if not mine:
                continue
            self.body.addWidget(section(title))
            grid = QGridLayout()
            grid.setSpacing(6)
            cards = [self.action_card(o) for o in mine]
            # two to a row where their words fit half the narrow dock (or there are many):
            # one to a row, a 1280x800 Decision dock showed the first card or two
            cols = 2 if len(mine) > 3 or (len(mine) > 1 and all(map(fits_half, cards))) else 1
            for i, card in enumerate(cards):
                grid.addWidget(card, i // cols, i % cols)
            for c in range(cols):
                grid.setColumnStretch(c, 1)
            self.body.addLayout(grid)
        if stances:
            self.body.addWidget(section(
                "Change stance first",
                "One stance change a turn, before or after the action (AR-071, AR-072)"))
            row = QHBoxLayout()
            row.setSpacing(6)
            for o in stances:
                b = _stance_button(self.game, s, str(o["stance"]), stance_cost(s))
                b.clicked.connect(lambda _=False, o=o: self.choose(dict(o)))
                self.stance_buttons.append((o, b))
                row.addWidget(b)
            row.addStretch(1)
            self.body.addLayout(row)
        self.add_kit(s)
        self.add_not_legal()
        if PASS in self.decision.options:
            self.safe_answer = dict(PASS)
            self.add_button("Pass", dict(PASS), tip=action_tip("pass") + "  (Esc)")
        if self.picks:  # nothing chosen for him: Enter gives only the action he has picked
            self.add_commit(unselected=PICK_FIRST)
            self.keep_pick()

    def status_line(self, s: Any) -> FlowLayout:
        """His states (Wounded, Unaware...), Movement Points, hex and stance on one line."""
        row = FlowLayout(spacing=6)
        for c in soldier_chips(s):
            row.addWidget(c)
        mp = self.decision.facts.get("mp")
        if mp is not None:
            row.addWidget(label(f"{mp} MP left", bold=True, size=10, colour=theme.DIALOG_TEXT))
        row.addWidget(label(f"{where(s)} · {s.stance.value}", size=9.5, colour=theme.MUTED_TEXT))
        return row

    def add_kit(self, s: Any) -> None:
        """Under the actions: what he carries, and what firing and moving a crew weapon take
        (read before he picks a fire or a move, and in the Soldier card)."""
        if s is None:
            return
        self.body.addWidget(section("His kit", "His weapons and Ammo Boxes; the Soldier card "
                                    "has his ratings"))
        self.body.addWidget(label(weapons_text(self.game, s), size=9.5,
                                  colour=theme.DIALOG_TEXT, wrap=True))
        for note in crew_notes(self.game, s):  # what firing and moving it take (AR-077,
            self.body.addWidget(label(note, size=9.5, colour=theme.DIALOG_TEXT, wrap=True,
                                      rich=True))  # AR-089, FC-058)

    # the number keys given in the turn under way: the game, (his id, the Round, his turns
    # left) and each action's key; a stance change asks again with other actions
    _turn_keys: tuple[weakref.ref[Any], Any, dict[str, int]] | None = None

    def stable_keys(self, s: Any, shown: list[Mapping[str, Any]]) -> dict[str, int]:
        """Each action's number key (1 to 9), the same for the same action all through a
        man's turn: an action that stays open keeps its key when a stance change opens or
        closes others ("3" pressed a different action after he went prone); an action new
        to the turn takes the least free number, the first asked are numbered as shown."""
        turn = (s.id if s is not None else None, getattr(self.game.state, "round", 0),
                getattr(s, "turns", None))
        kept = AmbushActionDialog._turn_keys
        # the same game only (a stance change is answered on it): another game, even of
        # the same mission and seed, numbers its turns afresh
        same = kept is not None and kept[0]() is self.game and kept[1] == turn
        old = kept[2] if kept is not None and same else {}
        names = [option_key(o) for o in shown]
        keys = {n: k for n, k in old.items() if n in names}
        # numbered fire first, then move, throw, command: "1" is Aimed fire for every man
        # who may fire, whatever else his turn offers (a leader's command row, shown first,
        # took "1", and a play-tester who pressed 1 to fire gave his turn away)
        first = sorted(range(len(shown)), key=lambda i: (_key_rank(shown[i]), i))
        for n in [names[i] for i in first]:
            if n not in keys:
                free = next((k for k in range(1, 10) if k not in keys.values()
                             and k not in old.values()), None)
                free = free or next((k for k in range(1, 10) if k not in keys.values()), None)
                if free is not None:
                    keys[n] = free
        AmbushActionDialog._turn_keys = (weakref.ref(self.game), turn, {**old, **keys})
        return keys

    # the action picked before a stance change (his id, the answer): the same turn asks
    # again after it, and the pick stays selected (it was lost, Enter giving nothing)
    _kept: tuple[Any, Any] | None = None

    def choose(self, answer: Any) -> bool:
        if isinstance(answer, Mapping) and "stance" in answer and self.selection is not None:
            AmbushActionDialog._kept = (self.decision.facts.get("soldier"), self.selection)
        return super().choose(answer)

    def pick_for_enter(self) -> bool:
        """A turn with no action card (a prone man: a stance change or Pass): the first Enter
        puts the focus on the first stance change, the second takes the focused one."""
        if self.picks:
            return super().pick_for_enter()
        buttons = [b for _, b in self.stance_buttons if b.isEnabled()]
        if not buttons:
            return False
        focus = self.focusWidget()
        if isinstance(focus, QAbstractButton) and focus in buttons:
            focus.click()
        else:
            buttons[0].setFocus(Qt.FocusReason.TabFocusReason)
        return True

    def keep_pick(self) -> None:
        """Select again the action picked before his stance change, if still offered."""
        kept, AmbushActionDialog._kept = AmbushActionDialog._kept, None
        if kept is not None and kept[0] == self.decision.facts.get("soldier"):
            card = next((c for a, c in self.picks if a == kept[1]), None)
            if card is not None and card.isEnabled():
                card.setChecked(True)

    def action_card(self, option: Mapping[str, Any]) -> Card:
        value = str(option["action"])
        title = option_text(self.game, self.decision.facts.get("soldier"), option)
        generic = action_title(value)
        # the action's kind when the title names the thing ("Pick up" under "Take ..."); its
        # rule is in the tooltip: a line of "AR-075" under every card left room for one
        # card in a 1280x800 Decision dock
        detail = generic if title.split(" (")[0] != generic \
            and self.throw_fact(option) is None else ""  # "Grenade at 0502" says it
        note = option_note(self.game, self.decision.facts.get("soldier"), option)
        details = [d for d in (detail, note) if d]
        commit = title.split(" (")[0]
        tip = action_tip(value)
        throw = self.throw_fact(option)
        if throw is not None:  # its odds are read before the throw, as a fire's are
            odds = hit_odds(throw)
            title = f"{percent(odds)} · {title}"
            details = [throw_line(odds, throw.get("dud")), *details]
            commit = f"{commit} ({percent(odds)})"
            tip = f"{tip}\nLanding: {odds.text()} (AR-097)"
        key = self.keys.get(option_key(option))
        card = Card(title, details, key=key, side=self.decision.side)
        if key is not None:
            self.number(card, key)
            who = soldier_name(self.game, self.decision.facts.get("soldier"))
            tip += (f"\nKey {key} picks it (Enter or a double-click takes it). It keeps key "
                    f"{key} all through {whose('turn', who)}, whatever other actions open or close.")
        card.setToolTip(tip)
        # the button says what and where ("Grenade at 0502"); the card gives the rest: the
        # whole "Grenade at 0502 (1 hex)" was cut to "Grenade at 0502 (1 h…" at 1280x800
        self.choice_card(card, dict(option), commit)
        self.action_buttons.append((dict(option), card))
        return card

    def throw_fact(self, option: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """The landing odds of a throw ``option`` (the engine's), or None."""
        return next((f for f in self.decision.facts.get("throws", [])
                     if f.get("action") == option.get("action") and f.get("to") == option.get("to")),
                    None)

    def add_not_legal(self) -> None:
        rows = [r for r in self.decision.facts.get("not_legal", []) if isinstance(r, Mapping)]
        if not rows:
            return
        self.body.addWidget(section("Not possible now",
                                    "Every other action of the table, with the reason it "
                                    "cannot be taken this turn"))
        box = QFrame()
        box.setObjectName("notLegal")
        box.setStyleSheet(f"#notLegal {{ border: 1px solid {theme.PANEL_EDGE.name()};"
                          f" border-radius: 6px; background: {theme.PANEL_BG.name()}; }}")
        grid = QGridLayout(box)
        grid.setContentsMargins(10, 6, 10, 6)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(3)
        for r, row in enumerate(rows):
            value = str(row.get("action"))
            # wrapped: at 200% text one name ("Fire the crew weapon, aimed") unwrapped made
            # the body wider than the dock, and the action cards above were cut on the right
            name = label(action_title(value), bold=True, size=9, colour=theme.MUTED_TEXT,
                         wrap=True)
            name.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            name.setToolTip(action_tip(value))
            why = label(str(row.get("why", "")), size=9, colour=theme.MUTED_TEXT, wrap=True)
            why.setToolTip(action_tip(value))
            grid.addWidget(name, r, 0)
            grid.addWidget(why, r, 1)
            name.setEnabled(False)
            self.not_legal_rows[value] = (name, why)
        grid.setColumnStretch(1, 1)
        self.body.addWidget(box)

    def build_live_grenade(self, s: Any) -> None:
        where = self.decision.facts.get("hex")
        rule = self.decision.facts.get("rule", "AR-086")
        if s is not None:
            self.body.addWidget(soldier_header(self.game, s))
        self.body.addWidget(label(
            f"A live grenade has landed in {where}. {soldier_name(self.game, s.id if s else None)}"
            " may grab it and throw it clear before it goes off. It takes a Perception Check "
            f"and costs him his next turn ({rule}). If he leaves it, it goes off.",
            size=10.5, wrap=True, colour=theme.DIALOG_TEXT))
        if REMOVE in self.decision.options:
            b = self.add_button("1  Throw it out", dict(REMOVE), default=True,
                                tip=f"Try to throw the grenade out of {where} ({rule})")
            self.number(b)
        if PASS in self.decision.options:
            b = self.add_button("2  Leave it", dict(PASS), stretch_before=True,
                                tip="Do not touch it  (Esc)")
            self.number(b)
            self.safe_answer = dict(PASS)

    def clicks_for(self, answer: Any) -> list[QWidget]:
        """An action's button, a stance's button, or "Pass"; LookupError for an action
        that is not legal now."""
        w = _find(self.stance_buttons, answer)
        if w is not None:
            return [w]
        return super().clicks_for(answer)


class _Hover(QObject):
    """Emits ``highlighted(sid)`` when the pointer enters or the focus reaches a card."""

    def __init__(self, dialog: DecisionDialog, sid: str) -> None:
        super().__init__(dialog)
        self.dialog, self.sid = dialog, sid

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt name
        if event.type() in (QEvent.Type.Enter, QEvent.Type.FocusIn):
            self.dialog.highlighted.emit(self.sid)
        return False


class AmbushActorDialog(DecisionDialog):
    """``AMBUSH_ACTOR``: which soldier of this AR Track space acts next (AR-048)."""

    def what(self) -> str:
        return "which soldier acts next?"

    def subline(self) -> str:
        f = self.decision.facts
        space = str(f.get("space", "")).replace("-", " ")
        return f"Round {f.get('round')} · AR Track space: {space}" if space else ""

    def build(self) -> None:
        self.cards: dict[str, Card] = {}
        self.body.addWidget(section(
            "Soldiers with a turn in this space",
            "In a US space the player picks the order (AR-048); each card acts at once"))
        # in the Squad list's order, numbered so: the keys pick the man the player sees
        ids = in_squad_order(self.game, [o for o in self.decision.options if isinstance(o, str)])
        grid = QGridLayout()
        grid.setSpacing(6)
        cols = 1
        for i, sid in enumerate(ids):
            s = soldier(self.game, sid)
            key = i + 1 if i < 9 else None
            if s is None:
                card = Card(str(sid), [], key=key, side=self.decision.side)
            else:
                card = Card(s.label, soldier_details(self.game, s), soldier_chips(s), key=key,
                            side=self.decision.side)
            card.setToolTip(f"{soldier_name(self.game, sid)} takes his turn now")
            if key is not None:
                self.number(card)
            self.choice_card(card, sid, f"{soldier_name(self.game, sid)} acts")
            card.toggled.connect(lambda on, sid=sid: self.highlighted.emit(sid) if on else None)
            card.installEventFilter(_Hover(self, sid))
            self.cards[sid] = card
            grid.addWidget(card, i // cols, i % cols)
        self.body.addLayout(grid)
        if self.picks:
            self.add_commit()


class AmbushStanceDialog(DecisionDialog):
    """``AMBUSH_STANCE``: after the action, stay or take his one stance change (AR-071)."""

    def what(self) -> str:
        return f"{soldier_name(self.game, self.decision.facts.get('soldier'))}: change stance?"

    def build(self) -> None:
        s = soldier(self.game, self.decision.facts.get("soldier"))
        if s is not None:
            self.body.addWidget(soldier_header(self.game, s))
        self.cards: dict[str, Card] = {}
        grid = QGridLayout()
        grid.setSpacing(6)
        cost = stance_cost(s)
        for i, o in enumerate(self.decision.options):
            value = str(o)
            if value == "stay":
                now = s.stance.value if s is not None else ""
                title = f"Stay {now}".strip()
                tip = (stance_tip(self.game, s, now) if now else "") + "\nNo change  (Esc)"
            else:
                title = STANCES.get(value, (value.capitalize(), ""))[0]
                tip = stance_tip(self.game, s, value) + cost
            card = Card(title, [line for line in tip.split("\n") if line][:2], key=i + 1,
                        side=self.decision.side)
            card.setToolTip(tip.strip())
            self.number(card)
            self.choice_card(card, o, title)
            self.cards[value] = card
            grid.addWidget(card, i, 0)
        self.body.addLayout(grid)
        if "stay" in self.decision.options:
            self.safe_answer = "stay"
            self.cards["stay"].setChecked(True)  # the default: keep his stance
        if self.picks:
            self.add_commit(tip="Stay: keep his stance  (Esc)")


# -- the strip for moves on the map -----------------------------------------------------------


def stance_stop(s: Any, moved: bool) -> str:
    """Why a move has no hex left after a stance change (its first words), or ""."""
    stance = s.stance.value if s is not None else ""
    if stance == "prone":
        return "Prone, he cannot move. "
    if stance == "crouching" and moved:
        return "Crouching after moving, he may crawl no further this turn (AR-100). "
    return ""


def is_hex_answer(option: Any) -> bool:
    """A hex on the map (``{"to": "0604"}``, ``{"soldier": id, "to": "0604"}``)."""
    return isinstance(option, Mapping) and "to" in option and option["to"] != "off"


class AmbushStepPrompt(QFrame):
    """The prompt while a move (``AMBUSH_MOVE``) or an Operations turn
    (``AMBUSH_OPERATIONS``) is answered on the map.

    The window shows it in a dock and calls :meth:`set_decision` for each new decision;
    the hexes are clicked (or the counter dragged) on the map; every other answer has a
    button here: Stop (Esc), End turn (Ctrl+E or E), Snap shot, each stance change,
    Leave the map. ``chosen(answer)`` carries a validated answer."""

    chosen = Signal(object)

    def __init__(
        self, decision: Decision | None = None, game: Any = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.decision: Decision | None = None
        self.game: Any = None
        self._answered = False
        self.setObjectName("ambushStep")
        self.answer_buttons: list[tuple[Any, QPushButton]] = []
        col = QVBoxLayout(self)
        col.setContentsMargins(12, 6, 12, 12)  # its buttons where a dialog's stand
        col.setSpacing(2)
        self.title = label("", bold=True, size=10.5, wrap=True)
        col.addWidget(self.title)
        self.detail = label("", size=9.5, colour=theme.DIALOG_TEXT, wrap=True)
        col.addWidget(self.detail)
        self.hint = label("", size=9, colour=theme.MUTED_TEXT, wrap=True)
        col.addWidget(self.hint)
        self.error = label("", size=9, colour=theme.ILLEGAL, wrap=True)
        self.error.setVisible(False)
        col.addWidget(self.error)
        # the buttons under the text, each whole, wrapping onto a second line where the dock
        # is narrow: in one row at 1280x800 they read "Crouch (ends the move" and "o prone"
        self.buttons = FlowLayout(spacing=6)
        self.buttons.setContentsMargins(0, 4, 0, 0)
        # the buttons at the Decision dock's foot, where a dialog's stand (the dock keeps one
        # height for every decision): Stop and End turn stay under the player's hand
        col.addStretch(1)
        col.addLayout(self.buttons)
        if decision is not None:
            self.set_decision(decision, game)

    def set_decision(self, decision: Decision, game: Any) -> None:
        """Show ``decision`` (AMBUSH_MOVE or AMBUSH_OPERATIONS) and its non-hex buttons."""
        self.decision, self.game = decision, game
        self._answered = False
        side = decision.side
        theme.paint_style(self, lambda: (
            f"#ambushStep {{ background: {side_tint(side).name()};"
            f" border-left: 6px solid {side_colour(side).name()}; border-radius: 4px; }}"))
        theme.paint_style(self.title, lambda: f"color: {side_colour(side).darker(130).name()};")
        self.show_error("")
        clear_layout(self.buttons)
        # pushed right, the last (Stop, End turn) in the dock's bottom-right corner, where a
        # dialog's default button stands
        self.buttons.addStretch(1)
        self.answer_buttons = []
        if decision.kind is DecisionKind.AMBUSH_OPERATIONS:
            self.show_operations(decision, game)
        else:
            self.show_move(decision, game)

    def show_move(self, d: Decision, game: Any) -> None:
        f = d.facts
        s = soldier(game, f.get("soldier"))
        name = soldier_name(game, f.get("soldier"))
        left = f.get("left")
        self.title.setText(f"{side_title(d.side)} player — {name} moves: {left} Movement "
                           f"Point{'s' if left != 1 else ''} left")
        path = [p for p in [f.get("start", f.get("from")), *f.get("entered", [])] if p]
        bits = [f"{s.stance.value} in {s.hex.label}" if s is not None and s.hex else "off the map"]
        if f.get("entered"):
            bits.append("path: " + " → ".join(path))
        self.detail.setText(" · ".join(bits))
        hexes = [o for o in d.options if is_hex_answer(o)]
        self.hint.setText(
            "Click a highlighted hex on the map (or drag the counter)." if hexes else
            f"{stance_stop(s, bool(f.get('entered')))}No hex he can enter now: Stop ends his "
            "move (Esc).")
        if f.get("snap") == "waiting":  # AR-090: the shot waits for a German in sight
            why = str(f.get("snap_why") or "No target for a snap shot now")
            self.hint.setText(f"{self.hint.text()} {why}: the snap shot stays offered "
                              "while he moves.")
            waiting = QPushButton("Snap shot")
            waiting.setEnabled(False)  # shown, not offered: nothing to shoot at yet
            waiting.setToolTip(f"{why} (AR-090)")
            self.buttons.addWidget(waiting)
        for o in d.options:
            if o == "snap":
                self.add("Snap shot", o, "One snap shot now, before, between or after the "
                         "hexes of this move (AR-090)")
            elif isinstance(o, Mapping) and "stance" in o:
                st = str(o["stance"])
                ends = stance_ends_move(st, bool(f.get("entered")))
                self.add(STANCES.get(st, (st, ""))[0] + (" (ends the move)" if ends else ""),
                         o, (f"{ends}\n" if ends else "") + stance_tip(game, s, st)
                         + stance_cost(s))
            elif isinstance(o, Mapping) and o.get("to") == "off":
                self.add("Leave the map", o, "He leaves by this edge and never comes back "
                         "(AR-105)")
        if "stop" in d.options:
            b = self.add("Stop", "stop", "End the move here; unused points are lost "
                         "(AR-103)  (Esc)")
            self.shortcut(b, "Esc")

    def show_operations(self, d: Decision, game: Any) -> None:
        f = d.facts
        self.title.setText(f"{side_title(d.side)} player — Operations turn {f.get('turn')}"
                           + (f" · Condition {f['condition']}" if f.get("condition") else ""))
        mp = f.get("mp_left") or {}
        self.detail.setText("Movement Points left: " + (" · ".join(
            f"{soldier_name(game, sid)} {n}" for sid, n in mp.items()) or "none"))
        hexes = [o for o in d.options if is_hex_answer(o)]
        self.hint.setText(
            "Click a soldier (or Tab to the next), then a highlighted hex on the map (or drag "
            "the counter): one hex at a time." if hexes else "Nobody can enter another hex this turn.")
        for o in d.options:
            if isinstance(o, Mapping) and o.get("to") == "off":
                who = soldier_name(game, o.get("soldier"))
                self.add(f"{who} leaves the map", o,
                         f"{who} leaves by this exit hex and never comes back (AR-105)")
        if "end" in d.options:
            b = self.add("End turn", "end", "End this Operations turn; an Event Check "
                         "follows (AR-029)  (Ctrl+E or E)")
            self.shortcut(b, "Ctrl+E")
            self.shortcut(b, "E")

    def add(self, text: str, answer: Any, tip: str) -> QPushButton:
        b = QPushButton(text)
        b.setAutoDefault(False)
        b.setMinimumHeight(30)
        b.setToolTip(tip)
        b.clicked.connect(lambda _=False, a=answer: self.choose(a))
        self.buttons.addWidget(b)
        b.show()  # at once: the strip is already on screen when a decision comes
        self.answer_buttons.append((answer, b))
        return b

    def shortcut(self, button: QAbstractButton, keys: str) -> None:
        sc = QShortcut(QKeySequence(keys), button)
        sc.setContext(Qt.ShortcutContext.WindowShortcut)
        sc.setAutoRepeat(False)
        if keys == "Esc":  # Stop, unless the Esc was meant for the dice that just ended
            sc.activated.connect(lambda: None if esc_meant_for_dice(self) else button.click())
        else:
            sc.activated.connect(button.click)

    def clicks_for(self, answer: Any) -> list[QWidget]:
        """The button for a non-hex answer. A hex is clicked on the map, not here:
        LookupError, as for an answer that is not offered."""
        for value, b in self.answer_buttons:
            if value == answer:
                return [b]
        if is_hex_answer(answer):
            raise LookupError(f"{answer!r} is answered on the map, not in the prompt")
        raise LookupError(f"AmbushStepPrompt offers no clicks for {answer!r}")

    def choose(self, answer: Any) -> bool:
        """Validate, then emit ``chosen`` once per decision. False if illegal."""
        if self.decision is None or self._answered:
            return False
        try:
            self.decision.validate(answer)
        except IllegalDecision as e:
            self.show_error(str(e))
            return False
        self._answered = True
        self.chosen.emit(answer)
        return True

    def show_error(self, text: str) -> None:
        """The map reports an illegal hex or drop here too."""
        self.error.setText(text)
        self.error.setVisible(bool(text))


__all__ = [
    "PICK_FIRST",
    "AmbushActionDialog",
    "AmbushActorDialog",
    "AmbushStanceDialog",
    "AmbushStepPrompt",
    "is_hex_answer",
    "stance_ends_move",
]
