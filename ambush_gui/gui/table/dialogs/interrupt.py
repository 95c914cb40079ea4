"""Insurgent interrupts (AA-063..071): which unit, fire or move, and where along the
Regular unit's declared move.

The engine offers every combination as a separate answer ({"unit", "kind", "at"});
the dialog groups them: a fire/move toggle and a row of the points along the move
where the unit can see the mover (first: they need a click), then the units, those
that see the mover soonest first, each with a "sees ..." chip, then what the chosen
kind of interruption does. The answer emitted is the engine's own option.

Nothing above a button changes size or place when a choice is made (issue 28: choosing
Fire shortened the note above the points by a line and the next click landed on another
point): every point toggle stays where it is, greyed out when the selected unit and
kind cannot use it, and the note that changes with the kind keeps the height of its
longest text. That note says the kind's rule only: a Move's words on the rest of the
move it interrupts come last, under the units (at 1280x800 six lines kept for them put
the first unit below the fold), and the dialog opens at its top where that fits.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QButtonGroup, QLabel, QPushButton, QWidget

from ambush_gui.alley.interrupts import held_down
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import (
    Card,
    Chip,
    DecisionDialog,
    FlowLayout,
    label,
    section,
    toggle,
    unit_chips,
    unit_details,
)

KINDS = {
    "fire": (
        "Fire",
        "AA-066: fire at the Regular unit; a Reaction Test decides who goes first (AA-073)",
    ),
    "move": (
        "Move",
        "AA-066, AA-099: move instead (you draw the move on the table); "
        "a Reaction Test decides who goes first (AA-073)",
    ),
    "fire_pinned": (
        "Fire at {held} {target}",
        "AA-070, house rule AA-071: spend the interrupt to "
        "fire at a Pinned or regrouping unit, with no Reaction Test",
    ),
}

BLOCKING = (". Step into the rest of its declared move and it cannot walk through you: it "
            "goes round you, or stops short where it cannot (house rule AA-068; always, under "
            "the reading \"It stops short\")")


class SteadyNote(QLabel):
    """A wrapped note as tall as the longest of the texts it may show, so that changing
    from one to another moves nothing (not even a scroll bar coming and going)."""

    def __init__(self, texts: list[str], size: float, colour: Any) -> None:
        super().__init__()
        self.texts = texts
        self._measure = label("", size=size, wrap=True)
        for w in (self, self._measure):
            f = w.font()
            f.setPointSizeF(theme.scaled(size))
            w.setFont(f)
            w.setWordWrap(True)
        theme.paint_ink(self, colour)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt name
        tallest = super().heightForWidth(width)
        for t in self.texts:
            self._measure.setText(t)
            tallest = max(tallest, self._measure.heightForWidth(width))
        return tallest


def inches(points: list[float]) -> dict[float, str]:
    """Each point along a move in inches as its toggle says it: to a tenth, or to a
    hundredth where two points would read alike (7.96" and 8.0" both read "8.0"", two
    toggles with the same words and tooltip).

    >>> inches([0.0, 2.0, 7.96, 8.0])
    {0.0: '0.0"', 2.0: '2.0"', 7.96: '7.96"', 8.0: '8.00"'}
    """
    tenths = {at: f"{at:.1f}" for at in points}
    seen = Counter(tenths.values())
    return {at: (f"{at:.2f}" if seen[t] > 1 else t) + '"' for at, t in tenths.items()}


def _key(option: dict[str, Any]) -> str:
    """The toggle an option belongs to: its kind, and its target for fire at Pinned."""
    return option["kind"] + (":" + option["target"] if option.get("target") else "")


class InterruptDialog(DecisionDialog):
    """DecisionKind.INTERRUPT: options "none" and {"unit", "kind", ["at" | "target"]}."""

    SIDE = "insurgent"  # whose colours the toggles and cards take
    KINDS = KINDS
    KIND_SECTION = ("Fire or move", "AA-066: the Insurgent declares fire or movement")
    WHERE_SECTION = (
        "Where along the move",
        "AA-067, house rule AA-068: the Insurgent names the point on the declared move "
        "(drawn on the table)",
    )
    UNIT_SECTION = ("Interrupting unit", "AA-064: each Insurgent unit interrupts once a turn; "
                    "those that see the mover soonest come first")
    PASS = ("Let it pass", "No interruption (Esc)")
    GO = "Interrupt"

    def what(self) -> str:
        f = self.decision.facts
        return f"interrupt {self.name(f.get('target'))}?"

    def kind_tip(self, kind: str) -> str:
        """What a kind of interruption does; a move interrupted (not a fire) also has a rest
        the Insurgents can stand in (house rule AA-068)."""
        tip = self.KINDS.get(kind, ("", ""))[1]
        return tip + BLOCKING if kind == "move" and self.decision.facts.get("what") == "move" else tip

    def not_offered(self, uid: str | None, kind: str) -> str:
        """Why a greyed kind is greyed for the selected unit (a play-tester saw Fire greyed
        for a unit with no word why)."""
        who = self.name(uid) if uid else "This unit"
        if kind.startswith("fire"):
            why = (self.decision.facts.get("no_fire") or {}).get(uid)  # the engine's reason
            return textwrap.fill(why, 72) if why else (
                f"{who} cannot fire now. Select it on the table and point at the enemy to see why")
        return f"{who} cannot {kind.replace('_', ' ')} now: the rules leave it only the other choice"

    def context(self) -> str:
        f = self.decision.facts
        who = self.name(f.get("target"))
        what = f.get("what")
        if what == "move":
            return f"{who} is moving. Pick the unit, fire or move, and the point along its move."
        if what == "fire":
            aim = f.get("aimed_at")
            return f"{who} is about to fire" + (f" at {self.name(aim)}." if aim else ".")
        return (
            f"{who} is activating: an Insurgent unit may fire at a Pinned or regrouping "
            "Regular unit."
        )

    def sight(self) -> dict[str, float | None]:
        """Each offered unit and the first point of the declared move where it sees the
        mover (None: an interrupt of a fire or an activation, where it sees it now). The
        engine offers a unit only at the points where it has a line of sight
        (``interrupt_options_along``), so its options are the sight facts."""
        first: dict[str, float | None] = {}
        for o in self.choices:
            at = o.get("at")
            uid = o["unit"]
            if uid not in first:
                first[uid] = at
            elif at is not None and (first[uid] is None or at < first[uid]):  # type: ignore[operator]
                first[uid] = at
        return first

    def sight_chip(self, uid: str) -> Chip:
        """"sees Fireteam Alpha" (now), or 'sees it after 4.0"' of its move."""
        f = self.decision.facts
        target = f.get("target")
        pinned = [o["target"] for o in self.choices if o["unit"] == uid and o.get("target")]
        if pinned and not any(o["unit"] == uid and not o.get("target") for o in self.choices):
            return Chip(f"sees {self.name(pinned[0])}", theme.SIDE_COLOURS[self.SIDE],
                        "AA-070: has a line of sight to this Pinned or regrouping unit")
        at = self.sight().get(uid)
        if not at:
            return Chip(f"sees {self.name(target)}", theme.SIDE_COLOURS[self.SIDE],
                        "Has a line of sight to it where it stands now: it can fire at once")
        return Chip(f'sees it after {at:.1f}"', theme.MUTED_TEXT,
                    f"First sees {self.name(target)} when it has moved {at:.1f}\" along its "
                    "declared path (AA-067)")

    def build(self) -> None:
        self.safe_answer = "none"
        self.choices = [o for o in self.decision.options if isinstance(o, dict)]
        units: list[str] = []
        for o in self.choices:
            if o["unit"] not in units:
                units.append(o["unit"])
        # who sees the mover soonest first (a stable sort: the engine's order otherwise)
        sight = self.sight()
        units.sort(key=lambda u: sight.get(u) or 0.0)
        self.body.addWidget(label(self.context(), wrap=True, colour=theme.DIALOG_TEXT))
        # stacked for the Decision dock's width: fire or move and the point first (they
        # need a click and must not sit below a long list), then the units
        self.kind_title = section(*self.KIND_SECTION)
        self.body.addWidget(self.kind_title)
        kinds = QWidget()
        self.kind_row = FlowLayout(kinds)
        self.kind_group = QButtonGroup(self)
        self.kind_buttons: dict[str, QPushButton] = {}
        keys = []
        for o in self.choices:
            if _key(o) not in keys:
                keys.append(_key(o))
        for k in keys:
            kind, _, target = k.partition(":")
            text = self.KINDS.get(kind, (kind, ""))[0]
            mark = self.unit(target) if target else None
            held = held_down(self.game, mark) if mark is not None else "Pinned"
            b = toggle(text.format(target=self.name(target), held=held), self.kind_tip(kind), self.SIDE)
            self.kind_group.addButton(b)
            self.kind_buttons[k] = b
            b.toggled.connect(lambda on: self._refresh() if on else None)
            self.kind_row.addWidget(b)
        self.body.addWidget(kinds)
        # what the chosen kind does, under its toggles: as tall as its longest text, so that
        # choosing moves nothing (issue 28); last, under the units, it lay half under the
        # scroll area's edge. Its rule only: with the rest of a move to stand in, six lines
        # kept for Move's pushed the first unit below the fold at 1280x800 while Fire's two
        # showed; that rest is said under the units (``rest_note``)
        self.kind_note = SteadyNote([self.KINDS.get(k.partition(":")[0], ("", ""))[1]
                                     for k in keys], 9, theme.MUTED_TEXT)
        self.body.addWidget(self.kind_note)
        self.one_kind = len(keys) == 1 and len(self.KINDS) == 1
        if self.one_kind:  # nothing to choose: the note says what the answer does
            for w in (self.kind_title, kinds):
                w.hide()

        self.where_title = section(*self.WHERE_SECTION)
        self.body.addWidget(self.where_title)
        self.points_holder = QWidget()
        self.points_row = FlowLayout(self.points_holder)
        # One toggle per point any option names, made once and always in its place; those
        # the selected unit and kind cannot use are greyed out, never hidden.
        self.point_group = QButtonGroup(self)
        self.point_toggles: dict[float, QPushButton] = {}
        self.inches = inches(sorted({o["at"] for o in self.choices if "at" in o}))
        for at in self.inches:
            b = toggle(self.inches[at], self.point_tip(at), self.SIDE)
            b.toggled.connect(lambda on: self._refresh() if on else None)
            self.point_group.addButton(b)
            self.points_row.addWidget(b)
            self.point_toggles[at] = b
        self.point_buttons: list[QPushButton] = []  # the toggles shown, in order along the move
        self.body.addWidget(self.points_holder)
        self.where = label("", size=10, bold=True, wrap=True)
        self.body.addWidget(self.where)

        self.body.addWidget(section(*self.UNIT_SECTION))
        self.unit_group = QButtonGroup(self)
        self.cards: dict[str, Card] = {}
        for uid in units:
            u = self.unit(uid)
            card = Card(
                u.name,
                [unit_details(u)],
                [self.sight_chip(uid), *unit_chips(self.game, u)],
                key=len(self.option_buttons) + 1 if len(self.option_buttons) < 9 else None,
                side=self.SIDE,
            )
            self.number(card)
            self.unit_group.addButton(card)
            card.toggled.connect(lambda on: self._unit_changed() if on else None)
            self.commit_on_double_click(card, self.confirm)
            self.cards[uid] = card
            self.body.addWidget(card)
        # what a Move does with the rest of the move it interrupts (house rule AA-068), last:
        # it is as tall under Fire, left empty there, so that no scroll bar comes or goes
        blocking = any(self.kind_tip(k).endswith(BLOCKING) for k in keys)
        who = self.name(self.decision.facts.get("target"))
        rest = f"If you move: step into the rest of {who}'s declared move" + BLOCKING.partition(
            "declared move")[2]
        self.rest_note = SteadyNote(["", rest], 9, theme.MUTED_TEXT)
        self.rest_note.setVisible(blocking)
        self.body.addWidget(self.rest_note)

        self.add_button(self.PASS[0], "none", tip=self.PASS[1])
        self.go = self.add_button(
            self.GO, on_click=self.confirm, default=True, stretch_before=True
        )
        self._points: list[float] = []
        self._show_points([])
        if units:
            self.cards[units[0]].setChecked(True)
        self._refresh()

    # -- selection ---------------------------------------------------------------------
    def selected_unit(self) -> str | None:
        return next((u for u, c in self.cards.items() if c.isChecked()), None)

    def selected_kind(self) -> str | None:
        return next(
            (k for k, b in self.kind_buttons.items() if b.isChecked() and b.isEnabled()), None
        )

    def select(self, unit: str, kind: str | None = None, at: float | None = None) -> None:
        """Select programmatically (the table may offer the same choice by clicking)."""
        self.cards[unit].setChecked(True)
        if kind is not None:
            self.kind_buttons[kind].setChecked(True)
        if at is not None and at in self._points:
            self.point_toggles[at].setChecked(True)

    def clicks_for(self, answer: Any) -> list[QWidget]:
        """The unit's card, the fire/move toggle, the point along the move (for an
        interrupt with a point), then "Interrupt"; "Let it pass" for ``"none"``."""
        if isinstance(answer, dict) and answer in self.choices:
            clicks: list[QWidget] = [self.cards[answer["unit"]]]
            if not self.one_kind:
                clicks.append(self.kind_buttons[_key(answer)])
            if "at" in answer:
                clicks.append(self.point_toggles[answer["at"]])
            return [*clicks, self.go]
        return super().clicks_for(answer)

    def _unit_changed(self) -> None:
        uid = self.selected_unit()
        offered = {_key(o) for o in self.choices if o["unit"] == uid}
        for k, b in self.kind_buttons.items():
            b.setEnabled(k in offered)
            kind = k.partition(":")[0]
            b.setToolTip(self.kind_tip(kind) if k in offered else self.not_offered(uid, kind))
        current = self.selected_kind()
        if current is None or current not in offered:
            first = next((k for k in self.kind_buttons if k in offered), None)
            if first is not None:
                self.kind_buttons[first].setChecked(True)
        self._refresh()

    def _options_now(self) -> list[dict[str, Any]]:
        uid, kind = self.selected_unit(), self.selected_kind()
        return [o for o in self.choices if o["unit"] == uid and _key(o) == kind]

    def option(self) -> dict[str, Any] | None:
        """The engine option the current selection names."""
        opts = self._options_now()
        if not opts:
            return None
        if "at" not in opts[0]:
            return opts[0]
        checked = self.point_group.checkedButton()
        at = next((a for a, b in self.point_toggles.items() if b is checked), None)
        return next((o for o in opts if o["at"] == at), min(opts, key=lambda o: o["at"]))

    def _show_points(self, points: list[float]) -> None:
        """Enable the toggles of the points where the selected unit can interrupt (the
        others stay in place, greyed out); the first is checked unless the checked one is
        among them."""
        for at, b in self.point_toggles.items():
            b.setEnabled(at in points)
        self.point_buttons = [self.point_toggles[at] for at in points]
        if self.point_buttons and self.point_group.checkedButton() not in self.point_buttons:
            first = self.point_buttons[0]
            first.blockSignals(True)
            first.setChecked(True)
            first.blockSignals(False)

    def not_here(self, at: float) -> str:
        """The tooltip of a greyed point: why the selected unit and kind cannot interrupt
        at ``at``, the engine's reason for that point (out of sight there, no fire there...),
        not one general reason for every greyed point (a play-tester)."""
        uid, kind = self.selected_unit(), self.selected_kind()
        why = next((r["why"] for r in self.decision.facts.get("not_here") or []
                    if r["unit"] == uid and r["kind"] == kind and r["at"] == at), None)
        where = f"After {self.inches[at]} of the move"
        return textwrap.fill(f"{where}: {why}" if why else f"{where}: not open to {self.name(uid)}",
                             72)

    def _refresh(self) -> None:
        if not hasattr(self, "go"):
            return
        opts = self._options_now()
        points = sorted(o["at"] for o in opts if "at" in o)
        if points != self._points:
            self._points = points
            self._show_points(points)
        for at, b in self.point_toggles.items():  # the reason is the unit's and kind's
            b.setToolTip(self.point_tip(at) if at in points else self.not_here(at))
        moving = bool(points)
        for w in (self.where_title, self.points_holder, self.where):
            w.setVisible(moving)
        kind = self.selected_kind()
        tip = self.kind_tip((kind or "").partition(":")[0])
        self.kind_note.setText(tip.removesuffix(BLOCKING))
        self.kind_note.setToolTip(tip)
        self.rest_note.setText(self.rest_note.texts[-1] if tip.endswith(BLOCKING) else "")
        o = self.option()
        if o is None:
            self.fit_default_text(self.GO)
            self.go.setEnabled(False)
            return
        self.go.setEnabled(True)
        if moving:
            self.where.setText(f'After {self.inches[o["at"]]} of the declared move')
        text = self.go_text(o)
        self.fit_default_text(text)
        self.go.setToolTip(f"{text} (Enter)")
        self.highlighted.emit(o)

    def show_list(self, count: int = theme.CHOICES_SHOWN) -> None:
        """Open at the top where the top fits with the checked unit's card under it: who
        moves, fire or move and the point come before the units and need a click (at
        1280x800 The Signal Box's interrupt opened scrolled to its three units, who moved
        and Fire or Move above the fold). Where they do not fit, the list as any list, the
        checked card still in sight (one picked by its number before a text size change)."""
        checked = next((c for c in self.cards.values() if c.isChecked()), None)
        if checked is not None and checked.geometry().bottom() + 8 <= (
                self.body_scroll.viewport().height()):
            self.body_scroll.verticalScrollBar().setValue(0)
            return
        super().show_list(count)
        if checked is not None:
            self.body_scroll.ensureWidgetVisible(checked, 0, 8)

    def point_tip(self, at: float) -> str:
        """The tooltip of the toggle of a point along the move."""
        return f"Interrupt when the unit has moved {self.inches[at]} along its declared path"

    def go_text(self, o: dict[str, Any]) -> str:
        """The default button's words for option ``o``."""
        verb = {"fire": "fires", "move": "moves", "fire_pinned": "fires"}[o["kind"]]
        at = f' at {self.inches[o["at"]]}' if "at" in o else ""
        return f"Interrupt: {self.name(o['unit'])} {verb}{at}"

    def confirm(self) -> None:
        o = self.option()
        if o is not None:
            self.choose(dict(o))


class OverwatchPointDialog(InterruptDialog):
    """DecisionKind.OVERWATCH_POINT (AA-104, the correction ``overwatch_at_the_point``):
    options "none" and {"unit", "kind": "fire", "at"}. The Insurgent interrupt's dialog
    for the Regular: the points along the Insurgent's declared move (drawn on the table)
    where the selected Overwatch unit sees the mover, then the Overwatch units, those that
    see it soonest first. The mover stops at the point for the fire, then goes on."""

    SIDE = "regular"
    KINDS = {
        "fire": (
            "Overwatch fire",
            "AA-104: an Overwatch unit interrupts the Insurgent move where you say; the mover "
            "stops there for the fire (Insurgents cannot interrupt it, AA-105), then finishes "
            "its move if it still can",
        ),
    }
    KIND_SECTION = ("Overwatch fire", "AA-104: Overwatch may interrupt any Insurgent action in sight")
    WHERE_SECTION = (
        "Where along the move",
        "AA-104: you name the point of the Insurgent's declared move (drawn on the table) "
        "where your Overwatch fires",
    )
    UNIT_SECTION = ("Overwatch unit", "AA-106: each fires once at a move and loses a Firepower "
                    "die for each interruption after its first; those that see the mover "
                    "soonest come first")
    PASS = ("Let it finish", "No Overwatch fire during this move: the units offered here "
            "do not fire at its end either (Esc)")
    GO = "Fire"

    def what(self) -> str:
        return f"fire from Overwatch at {self.name(self.decision.facts.get('target'))}?"

    def context(self) -> str:
        who = self.name(self.decision.facts.get("target"))
        return (f"{who} is moving. Pick the Overwatch unit and the point along its move "
                "where it fires; the move stops there for the fire.")

    def point_tip(self, at: float) -> str:
        return f"Fire when the Insurgents have moved {self.inches[at]} along their declared path"

    def go_text(self, o: dict[str, Any]) -> str:
        return f'Fire: {self.name(o["unit"])} at {self.inches[o["at"]]}'
