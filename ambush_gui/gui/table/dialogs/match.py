"""Dice matching (AA-147/148): the defender sets his kept dice against the attacker's.

The attacker's kept dice stand in a row, each with a slot beneath it. The defender
drags his dice into the slots (or clicks a die, then a slot); a die dragged back to
his tray is unassigned. Each attacker die shows live whether it is cancelled or a
casualty, judged by :mod:`ambush_gui.core.matching`. "Best arrangement" answers
``"best"`` (the engine's own arrangement); "Use my arrangement" answers
``{"pairs": [[attacker die, defender die or None], ...]}``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QByteArray, QMimeData, QPoint, Qt
from PySide6.QtGui import QDrag, QDragEnterEvent, QDropEvent, QMouseEvent
from PySide6.QtWidgets import QApplication, QFrame, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from ambush_gui.core.events import Event
from ambush_gui.core.matching import Arrangement, check_arrangement
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import (
    DecisionDialog,
    FlowLayout,
    label,
    panel,
    section,
    side_title,
)
from ambush_gui.gui.shared.dice import DiceRow, DieFace, Mark

MIME = "application/x-ambush-defense-die"


def die_mime(index: int) -> QMimeData:
    """The drag payload for defender die ``index`` (tests drop it by hand)."""
    data = QMimeData()
    data.setData(MIME, QByteArray(str(index).encode()))
    return data


def _index(event: QDropEvent | QDragEnterEvent) -> int | None:
    md = event.mimeData()
    if md is None or not md.hasFormat(MIME):
        return None
    return int(bytes(md.data(MIME).data()).decode())


def match_rolls(
    events: list[Event], attacker: str | None, target: str | None
) -> tuple[Event | None, Event | None]:
    """The Firepower and Defense rolls of the fire being matched (the last two rolls,
    back to its "fire" event)."""
    fp = df = None
    for e in reversed(events):
        if e.kind == "fire":
            break
        if e.kind != "roll":
            continue
        if df is None and e.data.get("unit") == target:
            df = e
        elif fp is None and e.data.get("unit") == attacker:
            fp = e
        if fp is not None and df is not None:
            break
    return fp, df


class DefenderDie(DieFace):
    """One of the defender's kept dice: drag it to a slot, or click it and then a slot."""

    def __init__(self, dialog: MatchDialog, index: int, value: int, sides: int, side: str) -> None:
        super().__init__(value, sides, side, Mark.KEPT)
        self.dialog = dialog
        self.index = index
        self._press: QPoint | None = None
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.tip = f"Your {value} (d{sides}): drag it onto an attacker die, or click it then a slot"
        self.setToolTip(self.tip)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt name
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt name
        if self._press is None:
            return
        if (
            event.position().toPoint() - self._press
        ).manhattanLength() < QApplication.startDragDistance():
            return
        self._press = None
        drag = QDrag(self)
        drag.setMimeData(die_mime(self.index))
        drag.setPixmap(self.grab())
        drag.setHotSpot(event.position().toPoint())
        drag.exec(Qt.DropAction.MoveAction)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt name
        if self._press is not None:
            self._press = None
            self.dialog.pick(self.index)


class Slot(QFrame):
    """The place under an attacker die where a defender die is set."""

    def __init__(self, dialog: MatchDialog, index: int | None) -> None:
        super().__init__()
        self.dialog = dialog
        self.index = index  # None: the defender's tray
        self.setAcceptDrops(True)
        self._hover = False
        # the tray wraps: ten kept dice in one row are wider than the Decision dock
        self.lay: QHBoxLayout | FlowLayout = QHBoxLayout(self) if index is not None \
            else FlowLayout(self)
        self.lay.setContentsMargins(4, 4, 4, 4)
        self.lay.setSpacing(4)
        if index is not None:
            self.setFixedSize(theme.DIE_SIZE + 12, theme.DIE_SIZE + 12)
        else:
            self.setMinimumHeight(theme.DIE_SIZE + 12)
        self._style()

    def _style(self) -> None:
        edge = theme.DIE_DROP_HINT if self._hover else theme.PANEL_EDGE
        kind = "solid" if self.index is None else "dashed"
        self.setStyleSheet(
            f"Slot {{ border: 2px {kind} {edge.name()}; border-radius: 8px; background: white; }}"
        )

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt name
        if _index(event) is not None:
            self._hover = True
            self._style()
            event.acceptProposedAction()

    def dragLeaveEvent(self, event: Any) -> None:  # noqa: N802 - Qt name
        self._hover = False
        self._style()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt name
        self._hover = False
        self._style()
        i = _index(event)
        if i is None:
            return
        event.acceptProposedAction()
        self.dialog.place(i, self.index)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt name
        self.dialog.slot_clicked(self.index)


class MatchDialog(DecisionDialog):
    """DecisionKind.MATCH."""

    def what(self) -> str:
        return "match your Defense dice"

    def subline(self) -> str:
        f = self.decision.facts
        blast = self.blast()
        if blast is not None:  # a mine or an IED: no firing unit, its own name
            name = str(blast.data.get("name") or f.get("attacker"))
            return f"Blast: {name} against {self.name(f.get('target'))}"
        return f"{self.name(f.get('attacker'))} fires at {self.name(f.get('target'))}"

    def blast(self) -> Event | None:
        """The explosion being matched (a mine, an IED: FF-035, FF-051): its "blast" event,
        or None for a unit's fire."""
        f = self.decision.facts
        if ":" not in str(f.get("attacker", "")):
            return None
        for e in reversed(self.game.log.events):
            if e.kind == "blast" and e.data.get("source") == f.get("attacker") \
                    and e.data.get("target") == f.get("target"):
                return e
        return None

    def blast_note(self, blast: Event) -> str:
        """Why the defender has so few dice: FF-035 (rules option mine_and_ied_defense)."""
        d = blast.data
        items = d.get("defense", {}).get("items") or []
        words = ", ".join(f"{label} {value:+d}" for label, value, _rule in items if value) or "none"
        rating = str(d.get("rating") or "blast")
        return (f"{rating}: {int(d.get('ap', 0))} attack dice (AP {d.get('ap')}; FF-041). Against "
                f"a mine or an IED a unit defends with its Armor dice only (FF-035): no dice for "
                f"its figures, no cover, no Hunkering Down (rules option FF-042 may allow the "
                f"figures' dice). Your Defense: {words}.")

    def build(self) -> None:
        f = self.decision.facts
        self.attack: list[int] = list(f["attack"])
        self.defense: list[int] = list(f["defense"])
        self.best = Arrangement.from_json(f["best"])
        attacker, _target = self.unit(f.get("attacker")), self.unit(f.get("target"))
        self.a_side = (
            attacker.side.value
            if attacker
            else ("insurgent" if self.decision.side == "regular" else "regular")
        )
        self.d_side = self.decision.side
        fp, df = match_rolls(self.game.log.events, f.get("attacker"), f.get("target"))
        self.a_sides = int(fp.data["sides"]) if fp else 6
        self.d_sides = int(df.data["sides"]) if df else 6
        self.assign: list[int | None] = [None] * len(self.attack)
        self.picked: int | None = None
        # The defender's dice are made once and moved between the tray and the slots.
        self.dice = [
            DefenderDie(self, j, v, self.d_sides, self.d_side) for j, v in enumerate(self.defense)
        ]

        blast = self.blast()
        if blast is not None:
            self.body.addWidget(label(self.blast_note(blast), size=9.5, wrap=True,
                                      colour=theme.DIALOG_TEXT))
        self.body.addWidget(
            section(
                (f"{blast.data.get('rating', 'The blast')}'s kept dice" if blast is not None
                 else f"{side_title(self.a_side)} kept dice") + " — set one of your dice under each",
                "AA-147: a defender die cancels the attacker die it equals or beats; "
                "AA-148: each attacker die left uncancelled is one casualty",
            )
        )
        holder = QWidget()
        cols = FlowLayout(holder, spacing=8)  # the attacker's dice wrap onto a second line
        self.attack_faces: list[DieFace] = []
        self.slots: list[Slot] = []
        self.status: list[Any] = []
        for i, a in enumerate(self.attack):
            column = QWidget()
            col = QVBoxLayout(column)
            col.setContentsMargins(0, 0, 0, 0)
            col.setSpacing(3)
            face = DieFace(a, self.a_sides, self.a_side, Mark.CASUALTY)
            self.attack_faces.append(face)
            col.addWidget(face, 0, Qt.AlignmentFlag.AlignHCenter)
            col.addWidget(
                label("vs", size=8.5, colour=theme.MUTED_TEXT), 0, Qt.AlignmentFlag.AlignHCenter
            )
            slot = Slot(self, i)
            self.slots.append(slot)
            col.addWidget(slot, 0, Qt.AlignmentFlag.AlignHCenter)
            st = label("", size=8.5, bold=True)
            self.status.append(st)
            col.addWidget(st, 0, Qt.AlignmentFlag.AlignHCenter)
            cols.addWidget(column)
        self.body.addWidget(holder)

        self.body.addWidget(
            section(
                f"Your kept dice ({side_title(self.d_side)}) — drag them up; "
                "drag one back here to take it away"
            )
        )
        self.tray = Slot(self, None)
        self.body.addWidget(self.tray)

        self.live = label("", bold=True, size=12, wrap=True)
        self.body.addWidget(self.live)
        self.best_note = label(
            f"The best arrangement leaves {self.best.casualties} "
            f"casualt{'y' if self.best.casualties == 1 else 'ies'}: it is laid out above; "
            "rearrange the dice if you wish.",
            size=9.5,
            colour=theme.MUTED_TEXT,
            wrap=True,
        )
        self.body.addWidget(self.best_note)
        tools = QHBoxLayout()
        self.clear_button = QPushButton("Clear")
        self.clear_button.setToolTip("Take every die back")
        self.clear_button.setAutoDefault(False)
        self.clear_button.clicked.connect(self.clear_dice)
        best = QPushButton("Show best")
        best.setToolTip("Arrange the dice as the engine's best")
        best.setAutoDefault(False)
        best.clicked.connect(self.show_best)
        tools.addWidget(self.clear_button)
        tools.addWidget(best)
        tools.addStretch(1)
        self.body.addLayout(tools)

        # the whole rolls last: the rows to arrange come first (the dice tray under the
        # map shows the rolls too), so the defender's dice are never below the fold
        rolls, rl = panel()
        rl.addWidget(section("The rolls", "AA-114/145: dice under the target number are set aside"))
        for e in (fp, df):  # one under the other: the Decision dock is narrow
            if e is not None:
                rl.addWidget(DiceRow(e, show_modifiers=False))
        self.body.addWidget(rolls)

        self.mine = self.add_button("Use mine", on_click=self.use_mine,
                                    tip="Give the arrangement shown above")
        n = self.best.casualties
        self.add_button(
            f"Best ({n} casualt{'y' if n == 1 else 'ies'})",
            "best",
            default=True,
            stretch_before=True,
            tip="Best arrangement: let the engine cancel as many attacker dice as possible "
            "(AA-147)",
        )
        self.show_best()  # the sensible default, already laid out
        self.refresh()

    # -- arranging ---------------------------------------------------------------------
    def place(self, d_index: int, a_index: int | None) -> None:
        """Set defender die ``d_index`` under attacker die ``a_index`` (None: the tray)."""
        self.assign = [None if x == d_index else x for x in self.assign]
        if a_index is not None:
            self.assign[a_index] = d_index
        self.picked = None
        self.refresh()

    def pick(self, d_index: int) -> None:
        self.picked = None if self.picked == d_index else d_index
        self.refresh()

    def slot_clicked(self, a_index: int | None) -> None:
        if self.picked is not None:
            self.place(self.picked, a_index)
        elif a_index is not None and (placed := self.assign[a_index]) is not None:
            self.place(placed, None)  # click a placed die: back to the tray

    def clear_dice(self) -> None:
        self.assign = [None] * len(self.attack)
        self.picked = None
        self.refresh()

    def show_best(self) -> None:
        """Arrange the dice exactly as the engine's best arrangement."""
        free = list(range(len(self.defense)))
        self.assign = [None] * len(self.attack)
        used_a: set[int] = set()
        for a, d in self.best.pairs:
            ai = next(i for i, v in enumerate(self.attack) if v == a and i not in used_a)
            used_a.add(ai)
            if d is not None:
                di = next(j for j in free if self.defense[j] == d)
                free.remove(di)
                self.assign[ai] = di
        self.picked = None
        self.refresh()

    def pairs(self) -> list[list[int | None]]:
        return [
            [a, None if d is None else self.defense[d]]
            for a, d in zip(self.attack, self.assign, strict=True)
        ]

    def casualties(self) -> int:
        return check_arrangement(self.attack, self.defense, self.pairs()).casualties

    def use_mine(self) -> None:
        self.choose({"pairs": self.pairs()})

    def clicks_for(self, answer: Any) -> list[QWidget]:
        """The "Best arrangement" button for ``"best"``. For ``{"pairs": ...}`` (in the
        attacker dice's order, as the dialog gives it): "Clear", then each defender die
        and the slot under its attacker die, then "Use my arrangement"."""
        if isinstance(answer, dict) and isinstance(answer.get("pairs"), list):
            free_a, free_d = list(range(len(self.attack))), list(range(len(self.defense)))
            clicks: list[QWidget] = [self.clear_button]
            for a, d in answer["pairs"]:
                ai = next((i for i in free_a if self.attack[i] == a), None)
                di = next((j for j in free_d if self.defense[j] == d), None)
                if ai is None or (d is not None and di is None):
                    raise LookupError(f"no such dice to arrange: {a} against {d}")
                free_a.remove(ai)
                if di is not None:
                    free_d.remove(di)
                    clicks += [self.dice[di], self.slots[ai]]
            return [*clicks, self.mine]
        return super().clicks_for(answer)

    def refresh(self) -> None:
        for slot in [*self.slots, self.tray]:
            while slot.lay.count():  # take the dice out (kept); drop notes and stretch
                item = slot.lay.takeAt(0)
                w = item.widget() if item is not None else None
                if w is not None and not isinstance(w, DefenderDie):
                    w.hide()
                    w.deleteLater()
        placed = set()
        for i, d in enumerate(self.assign):
            a = self.attack[i]
            if d is not None:
                placed.add(d)
                self._put(self.slots[i], d)
            hit = Arrangement(((a, None if d is None else self.defense[d]),)).casualties == 1
            self.attack_faces[i].set_mark(Mark.CASUALTY if hit else Mark.SAVED)
            self.status[i].setText("casualty" if hit else "cancelled")
            theme.paint_ink(self.status[i], theme.DIE_CASUALTY if hit else theme.DIE_SAVED)
        for j in range(len(self.defense)):
            if j not in placed:
                self._put(self.tray, j)
        if not self.defense:
            self.tray.lay.addWidget(
                label("no dice kept: nothing to cancel with", colour=theme.MUTED_TEXT)
            )
        elif len(placed) == len(self.defense):
            self.tray.lay.addWidget(label("all your kept dice are set", colour=theme.MUTED_TEXT))
        self.tray.lay.addStretch(1)
        n = self.casualties()
        self.live.setText(f"Casualties with this arrangement: {n}")
        theme.paint_ink(self.live, theme.DIE_CASUALTY if n else theme.DIE_SAVED)
        self.mine.setText(f"Use mine ({n} casualt{'y' if n == 1 else 'ies'})")

    def _put(self, slot: Slot, j: int) -> None:
        die = self._die(j)
        slot.lay.addWidget(die)
        die.show()  # a die moved to another slot was hidden by the move

    def _die(self, j: int) -> DefenderDie:
        die = self.dice[j]
        die.picked = self.picked == j
        die.setToolTip(
            "Picked: click a slot to set it there, or click it again to let go"
            if die.picked
            else die.tip
        )
        die.update()
        return die
