"""Casualties: the owner picks which figures fall (house rule AA-153), and a Regular
unit may abandon its casualties as a last resort (DC-014..017).

The legal answers are the engine's list of figure combinations; the dialog shows the
figures with their weapons and lets the player tick them; the confirm button is live
only when the ticked set is one of the engine's combinations.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QWidget

from ambush_gui.alley.names import figure_name
from ambush_gui.alley.weapons import WEAPONS
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import (
    Chip,
    DecisionDialog,
    FlowLayout,
    label,
    panel,
    section,
    side_title,
    unit_details,
)


def figure_words(fig: Any) -> tuple[str, str]:
    """The figure as its box says it (its name and kind), and its weapon after."""
    w = WEAPONS.get(fig.weapon)
    weapon = w.title if w is not None else fig.weapon
    extra = f" (+{w.dice} Firepower, AA-137)" if w is not None and w.dice else ""
    return f"{figure_name(fig)} — {fig.kind.value}", f"{weapon}{extra}"


def figure_text(fig: Any) -> str:
    return ", ".join(figure_words(fig))


def figure_chips(fig: Any) -> list[Chip]:
    out = []
    if fig.dependant:
        out.append(
            Chip(
                "carried casualty" if fig.kind.value != "contractor" else "contractor",
                theme.DEPENDANT_RING,
                "A Dependant (DC-001): a casualty hit again is killed (DC-026)",
            )
        )
    if fig.injury.value not in ("none", "killed"):
        out.append(
            Chip(f"{fig.injury.value} injuries", theme.ILLEGAL, "First Aid result (AA-155..158)")
        )
    if fig.captive:
        out.append(Chip("captive", theme.MUTED_TEXT, "Held by the enemy (DC-029)"))
    return out


class CasualtiesDialog(DecisionDialog):
    """DecisionKind.CASUALTIES: options are sorted lists of figure ids."""

    def what(self) -> str:
        f = self.decision.facts
        n = f.get("hits", 0)
        return f"choose {n} casualt{'y' if n == 1 else 'ies'} in {self.name(f.get('unit'))}"

    def build(self) -> None:
        f = self.decision.facts
        self.legal = [sorted(o) for o in self.decision.options]
        self.hits = int(f.get("hits", len(self.legal[0]) if self.legal else 0))
        unit = self.unit(f.get("unit"))
        candidates = sorted({fid for o in self.legal for fid in o})
        figs = {fig.id: fig for fig in unit.figures} if unit is not None else {}
        if unit is not None:
            self.body.addWidget(
                label(f"{unit.name}: {unit_details(unit)}", colour=theme.DIALOG_TEXT, wrap=True)
            )
        carried = [fid for fid in candidates if fid in figs and figs[fid].dependant]
        if f.get("forced_dependant") and carried:
            note = label(
                "The Defense roll failed more often than it succeeded: one of these "
                "casualties must be a figure the unit already carries (DC-024).",
                wrap=True,
                colour=theme.ILLEGAL,
            )
            note.setToolTip("More Defense dice scored 3 or less than 4 or more: the fire "
                            "reached the casualties the unit carries (DC-024)")
            self.body.addWidget(note)
        if self.decision.side == "regular":
            self.body.addWidget(
                label(
                    f"Each {side_title('regular')} figure hit rolls on the First Aid table (AA-155..158).",
                    size=9,
                    colour=theme.MUTED_TEXT,
                    wrap=True,  # it ran past the dock's edge at 1280x800, cut at "(AA-155..158"
                )
            )
        self.body.addWidget(
            section(
                f"Tick {self.hits} figure{'s' if self.hits != 1 else ''}",
                "House rule AA-153: the owner chooses",
            )
        )
        box, lay = panel(self.decision.side)
        self.boxes: dict[str, QCheckBox] = {}
        for fid in candidates:
            fig = figs.get(fid)
            holder = QWidget()
            line = FlowLayout(holder)  # the text and chips wrap in the narrow dock
            line.setContentsMargins(0, 2, 0, 2)
            n = len(self.option_buttons) + 1
            head, rest = figure_words(fig) if fig else (fid, "")
            text = f"{head}, {rest}" if rest else head
            cb = QCheckBox((f"{n}.  " if n <= 9 else "") + head)
            cb.setToolTip(text)
            self.number(cb)
            cb.toggled.connect(self._refresh)
            self.boxes[fid] = cb
            line.addWidget(cb)
            if rest:
                line.addWidget(label(rest, size=9, colour=theme.MUTED_TEXT))
            for c in figure_chips(fig) if fig else []:
                line.addWidget(c)
            lay.addWidget(holder)
        self.body.addWidget(box)
        self.count = label("", bold=True)
        self.body.addWidget(self.count)
        self.go = self.add_button(
            "Confirm", on_click=self.confirm, default=True, stretch_before=True
        )
        for fid in self.preferred(figs):
            self.boxes[fid].setChecked(True)
        self._refresh()

    def preferred(self, figs: dict[str, Any]) -> list[str]:
        """The ticks to start from: the rank and file before the leader (and a contractor),
        figures already hurt or carried before fresh ones; the first legal choice on a tie."""

        def cost(option: list[str]) -> tuple[int, int]:
            kinds = [getattr(figs.get(fid), "kind", None) for fid in option]
            leaders = sum(1 for k in kinds if k is not None and k.value == "leader")
            others = sum(1 for k in kinds if k is not None and k.value == "contractor")
            return leaders, others

        return min(self.legal, key=cost) if self.legal else []

    def clicks_for(self, answer: Any) -> list[QWidget]:
        """The checkboxes to untick, those to tick, then "Confirm"."""
        if isinstance(answer, list | tuple) and sorted(answer) in self.legal:
            want = set(answer)
            off = [cb for fid, cb in self.boxes.items() if cb.isChecked() and fid not in want]
            on = [cb for fid, cb in self.boxes.items() if not cb.isChecked() and fid in want]
            return [*off, *on, self.go]
        return super().clicks_for(answer)

    def _said(self, fid: str) -> str:
        """A ticked figure as the Confirm button says it: its place in the unit the dialog
        names ("fighter 2", "leader"), never its id ("alpha-team-1-2", a play-test)."""
        unit = self.unit(self.decision.facts.get("unit"))
        fig = next((f for f in unit.figures if f.id == fid), None) if unit is not None else None
        if fig is None:
            return fid
        name = figure_name(fig)
        return name.removeprefix(f"{unit.name}, ") if unit is not None else name

    def ticked(self) -> list[str]:
        return sorted(fid for fid, cb in self.boxes.items() if cb.isChecked())

    def _refresh(self) -> None:
        if not hasattr(self, "go"):
            return
        t = self.ticked()
        ok = t in self.legal
        self.go.setEnabled(ok)
        self.fit_default_text("Confirm: " + ", ".join(self._said(fid) for fid in t) if t else "Confirm")
        msg = f"{len(t)} of {self.hits} ticked"
        if len(t) == self.hits and not ok:
            msg += " — not a legal choice (see the note above)"
        self.count.setText(msg)
        theme.paint_ink(self.count, theme.DIALOG_TEXT if ok else theme.ILLEGAL)

    def confirm(self) -> None:
        self.choose(self.ticked())


class AbandonDialog(DecisionDialog):
    """DecisionKind.ABANDON: "keep" or "abandon" (DC-014..017)."""

    def what(self) -> str:
        return f"{self.name(self.decision.facts.get('unit'))}: abandon its casualties?"

    def build(self) -> None:
        self.safe_answer = "keep"
        f = self.decision.facts
        unit = self.unit(f.get("unit"))
        figs = {fig.id: fig for fig in unit.figures} if unit is not None else {}
        self.body.addWidget(section("Casualties carried"))
        box, lay = panel("regular")
        for fid in f.get("casualties", []):
            fig = figs.get(fid)
            # the figure's words wrap, its chips under them wrap too: at 1280x800 one line of
            # "fighter 1 — soldier, small arms (rifle, carbine, AK)" widened the dock's page
            # past its edge, and the words after it were cut
            lay.addWidget(label(figure_text(fig) if fig else fid, wrap=True))
            holder = QWidget()
            line = FlowLayout(holder)  # the chips wrap in the narrow dock
            line.setContentsMargins(0, 0, 0, 4)
            for c in figure_chips(fig) if fig else []:
                line.addWidget(c)
            lay.addWidget(holder)
        self.body.addWidget(box)
        if unit is not None:
            tq, mo = unit.tq.down(), unit.morale.down()
            after = (
                f"TQ {unit.tq} → {tq or 'none'}, Morale {unit.morale} → {mo or 'none'}"
                if tq and mo
                else "a rating would fall below d6: the unit would leave play (DC-017)"
            )
            cost = label(
                f"Abandoning them: the unit is free of the Dependant rules (DC-015), but {after} "
                "(DC-016). Left behind, they may be taken prisoner at the end (DC-018).",
                wrap=True,
                colour=theme.DIALOG_TEXT,
            )
            cost.setToolTip("Abandoning casualties, a last resort: what the unit gains "
                            "and what it costs (DC-014..018)")
            self.body.addWidget(cost)
        self.add_button("Abandon them", "abandon", tip="DC-014: as a last resort")
        self.add_button(
            "Keep them",
            "keep",
            default=True,
            stretch_before=True,
            tip="Carry on carrying them (Esc)",
        )
