"""The after-mission screen: how the mission ended, what became of each man, the dice the
campaign rules threw, the experience gained, promotions (spending experience on a
rating), and the recruits who join.

Everything is read from the engine's :class:`~ambush_gui.ambush.campaign.Debrief` and
roster; a promotion goes through the engine's ``promote`` and its cost is the engine's
``raise_cost``. Nothing here computes a campaign rule.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.ambush.campaign import promote, raise_cost, unpromote
from ambush_gui.ambush.campaign.debrief import (
    RESULT_WORDS,
    experience_words,
    last_promotion,
    promotions_after,
    raise_paid,
    why_not_promote,
)
from ambush_gui.ambush.campaign.roster import RATING_WORDS, RATINGS
from ambush_gui.core.errors import printable
from ambush_gui.gui.campaign.record_pad import status_text
from ambush_gui.gui.shared import theme

OUTCOMES = {"us": "a US victory", "draw": "a draw", "german": "a German victory"}


def name_of(roster: Any, soldier_id: str) -> str:
    try:
        return printable(str(roster.by_id(soldier_id).name), 40)
    except KeyError:
        return printable(soldier_id, 40)


def roll_line(roll: dict[str, Any]) -> str:
    """One throw of the campaign rules: "Pfc Reyes's wound: 2"."""
    faces = roll.get("faces", [])
    shown = ", ".join(str(f) for f in faces) if isinstance(faces, list) else str(faces)
    return f"{roll.get('purpose', 'a die')}: {shown or '?'}"


class AfterMission(QWidget):
    """``continued()`` when the player goes on (the next mission, or the campaign's end);
    ``promoted()`` after a rating is raised or a raise taken back (the window saves the
    progress)."""

    continued = Signal()
    promoted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.progress: Any = None
        self.debrief: Any = None
        lay = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setFont(theme.label_font(14, True))
        self.heading.setWordWrap(True)
        lay.addWidget(self.heading)
        split = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        left_lay = QVBoxLayout(left)
        left_lay.setContentsMargins(0, 0, 0, 0)
        self.fates = QTableWidget(0, 5)
        self.fates.setHorizontalHeaderLabels(["Soldier", "In the mission", "Germans", "XP gained", "Now"])
        for i, tip in enumerate(["The men who went on the mission",
                                 "What happened to him in the mission",
                                 "Germans he put out of the fight",
                                 "Experience he gained (for surviving, his Germans, the outcome)",
                                 "His state now, after the campaign's dice: fit, wounded and "
                                 "missing missions, or dead"]):
            item = self.fates.horizontalHeaderItem(i)
            if item is not None:
                item.setToolTip(tip)
        self.fates.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.fates.verticalHeader().setVisible(False)
        self.fates.setWordWrap(False)  # one line a man (wrapped, rows sized while hidden grew)
        header = self.fates.horizontalHeader()
        for i in range(4):
            header.setSectionResizeMode(i, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.fates.setToolTip("Each man's fate in the mission and after it")
        left_lay.addWidget(self.fates)
        self.promotions = self._promotion_box()
        left_lay.addWidget(self.promotions)
        left_lay.addStretch(1)
        split.addWidget(left)
        self.dice = QTextBrowser()
        self.dice.setToolTip("The campaign rules' dice for the wounded and the fallen, the men "
                             "who recovered, the experience, and who joins")
        split.addWidget(self.dice)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        lay.addWidget(split, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        self.continue_button = QPushButton("Co&ntinue")
        self.continue_button.setFont(theme.label_font(11, True))
        self.continue_button.setMinimumHeight(34)
        self.continue_button.setDefault(True)
        self.continue_button.clicked.connect(self.continued.emit)
        row.addWidget(self.continue_button)
        lay.addLayout(row)

    def _promotion_box(self) -> QGroupBox:
        box = QGroupBox("Promotions: spend experience on a rating")
        box.setToolTip("A man's unspent experience buys one step of a rating at a time, up to "
                       "the rating's cap; the cost depends on the rating. A raise can be "
                       "taken back (Undo, Ctrl+Z) until you continue to the next mission")
        outer = QVBoxLayout(box)
        lay = QHBoxLayout()
        self.promote_man = QComboBox()
        self.promote_man.setToolTip("The man to promote: the living, with their unspent experience")
        self.promote_rating = QComboBox()
        self.promote_rating.setToolTip("The rating to raise by one, and what it costs")
        self.promote_button = QPushButton("&Raise")
        self.promote_button.setToolTip("Spend his experience to raise the rating by one")
        self.undo_button = QPushButton("&Undo the raise")
        self.undo_button.setToolTip("Nothing to take back: no raise bought since the mission")
        self.undo_button.setEnabled(False)
        self.promote_note = QLabel()
        self.promote_note.setWordWrap(True)
        self.promote_note.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        man_label = QLabel("&Man")
        man_label.setBuddy(self.promote_man)
        rating_label = QLabel("R&ating")
        rating_label.setBuddy(self.promote_rating)
        lay.addWidget(man_label)
        lay.addWidget(self.promote_man, 2)
        lay.addWidget(rating_label)
        lay.addWidget(self.promote_rating, 2)
        lay.addWidget(self.promote_button)
        lay.addWidget(self.undo_button)
        outer.addLayout(lay)
        outer.addWidget(self.promote_note)
        self.promote_man.currentIndexChanged.connect(self._show_costs)
        self.promote_rating.currentIndexChanged.connect(self._show_rating)
        self.promote_button.clicked.connect(self.raise_rating)
        self.undo_button.clicked.connect(self.undo_raise)
        undo = QShortcut(QKeySequence.StandardKey.Undo, self)
        undo.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        undo.activated.connect(self.undo_raise)
        return box

    # -- filling ---------------------------------------------------------------------------
    def show_debrief(self, progress: Any, debrief: Any) -> None:
        self.progress, self.debrief = progress, debrief
        campaign = progress.campaign
        step = campaign.step(debrief.step_id)
        title = printable(str(step.title or step.mission.spec.title), 80)
        said = printable(str(debrief.level), 80) if debrief.level else OUTCOMES.get(
            debrief.outcome, debrief.outcome).capitalize()
        self.heading.setText(f"Mission {step.index + 1}: {title} — {said} · "
                             f"{debrief.points} point{'s' if debrief.points != 1 else ''}")
        self.heading.setToolTip(f"The mission ended in {OUTCOMES.get(debrief.outcome, debrief.outcome)}")
        roster = progress.roster
        self.fates.setRowCount(len(debrief.fates))
        for r, fate in enumerate(debrief.fates):
            try:
                now = status_text(roster.by_id(fate.soldier_id))
            except KeyError:
                now = "left the roster"
            hit = ", ".join(printable(h, 40) for h in getattr(fate, "hit", []) or [])
            cells = [name_of(roster, fate.soldier_id), RESULT_WORDS.get(fate.result, fate.result),
                     str(fate.germans) + (f" ({hit})" if hit else ""),
                     f"+{debrief.xp.get(fate.soldier_id, 0)}", now]
            gained = fate.soldier_id in debrief.xp  # the dead and the captured gain none
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(experience_words(campaign.settings, fate.germans, debrief.outcome)
                                if c == 3 and gained else text)
                self.fates.setItem(r, c, item)
        self._fit_fates()
        self.dice.setHtml(self._story())
        if debrief.next_step is None:
            self.continue_button.setText("Co&ntinue: the campaign's end")
            self.continue_button.setToolTip("The campaign is over: see how the squad ended it")
        else:
            self.continue_button.setText("Co&ntinue to the next mission")
            self.continue_button.setToolTip("Choose and equip the squad for the next mission "
                                            "(the campaign is saved)")
        self._fill_men(fresh=True)
        self._show_undo()

    def _fit_fates(self) -> None:
        """Rows as high as their text at the columns' widths now; the table as high as its
        rows (the promotions right under it), at most 360 pixels."""
        self.fates.resizeRowsToContents()
        rows = sum(self.fates.rowHeight(r) for r in range(self.fates.rowCount()))
        self.fates.setFixedHeight(min(rows + self.fates.horizontalHeader().sizeHint().height()
                                      + 2 * self.fates.frameWidth() + 2, 360))

    def _story(self) -> str:
        d, roster = self.debrief, self.progress.roster
        done = self.progress.done
        after = next((i + 1 for i, x in enumerate(done) if x is d), len(done))
        lines = [*d.lines, *promotions_after(self.progress, after)]  # the raises bought here too
        parts = []
        if lines:
            parts.append("<h3>What the campaign rules did</h3><ul>" + "".join(
                f"<li>{html.escape(printable(str(line), 300))}</li>" for line in lines) + "</ul>")
        if d.rolls:
            parts.append("<h3>The dice thrown</h3><ul>"
                         + "".join(f"<li>{html.escape(printable(roll_line(r), 200))}</li>"
                                   for r in d.rolls) + "</ul>")
        for title, ids in (("Back from hospital", d.recovered), ("Died of wounds", d.died_of_wounds)):
            if ids:
                parts.append(f"<h3>{title}</h3><p>"
                             + html.escape(", ".join(name_of(roster, i) for i in ids)) + "</p>")
        if d.recruits:
            parts.append("<h3>Recruits who join</h3><ul>" + "".join(
                f"<li>{html.escape(printable(str(s.name), 40))} — AR {s.ar}, MPA {s.mpa}, "
                f"WS {s.ws}, PER {s.per}, LDR {s.ldr}</li>" for s in d.recruits) + "</ul>")
        return "".join(parts) or "<p>Nothing more to tell.</p>"

    # -- promotions ------------------------------------------------------------------------
    def _can_buy(self, soldier_id: str) -> list[str]:
        """The ratings the man's experience buys a step of now (the engine's answer)."""
        return [k for k in RATINGS if why_not_promote(self.progress, soldier_id, k) is None]

    def _fill_men(self, fresh: bool = False) -> None:
        """The living men; ``fresh`` (a new debrief): the first who can buy a rating is
        chosen, else the man chosen before stays."""
        keep = None if fresh else self.promote_man.currentData()
        self.promote_man.blockSignals(True)
        self.promote_man.clear()
        buyers = []
        for s in self.progress.roster.living():
            can = self._can_buy(s.id)
            if can:
                buyers.append(s.id)
            self.promote_man.addItem(f"{printable(str(s.name), 30)} ({s.xp} xp"
                                     + (", can be promoted)" if can else ")"), s.id)
        i = self.promote_man.findData(keep if keep is not None else
                                      (buyers[0] if buyers else None))
        self.promote_man.setCurrentIndex(max(i, 0))
        self.promote_man.blockSignals(False)
        self._show_costs()

    def _show_costs(self, *_: Any) -> None:
        """His ratings and their costs, the ones he cannot buy yet saying so; the rating
        chosen stays if he can buy it, else the first he can buy is chosen."""
        keep = self.promote_rating.currentData()
        self.promote_rating.blockSignals(True)
        self.promote_rating.clear()
        sid = self.promote_man.currentData()
        if sid:
            soldier = self.progress.roster.by_id(sid)
            settings = self.progress.campaign.settings
            can = self._can_buy(sid)
            for key in RATINGS:
                value = soldier.rating(key)
                cost = raise_cost(soldier, key, settings)
                text = (f"{key.upper()} {value}: at its cap" if cost is None else
                        f"{key.upper()} {value} → {value + 1}: {cost} xp"
                        + (f" (needs {cost - soldier.xp} more)" if soldier.xp < cost else ""))
                self.promote_rating.addItem(text, key)
                self.promote_rating.setItemData(self.promote_rating.count() - 1,
                                                RATING_WORDS[key], Qt.ItemDataRole.ToolTipRole)
            if keep not in can and can:
                keep = can[0]
        i = self.promote_rating.findData(keep)
        self.promote_rating.setCurrentIndex(max(i, 0))
        self.promote_rating.blockSignals(False)
        self._show_rating()

    def _show_rating(self) -> None:
        sid, key = self.promote_man.currentData(), self.promote_rating.currentData()
        if not sid or not key:
            self.promote_button.setEnabled(False)
            return
        why = why_not_promote(self.progress, sid, key)
        self.promote_button.setEnabled(why is None)
        if why is None:
            soldier = self.progress.roster.by_id(sid)
            cost = raise_cost(soldier, key, self.progress.campaign.settings)
            why = (f"Raise {printable(str(soldier.name), 30)}'s {RATING_WORDS[key]} by one for "
                   f"{cost} of his {soldier.xp} experience")
        else:
            why = why[0].upper() + why[1:]
        self.promote_button.setToolTip(why)
        self.promote_note.setText(why + ".")

    def raise_rating(self) -> None:
        sid, key = self.promote_man.currentData(), self.promote_rating.currentData()
        if not sid or not key:
            return
        try:
            promote(self.progress, sid, key)
        except ValueError as exc:
            self.promote_note.setText(str(exc))
            return
        self.promoted.emit()
        self.dice.setHtml(self._story())
        self._fill_men()
        self._show_undo()
        man = self.progress.roster.by_id(sid)
        self.promote_note.setText(f"{name_of(self.progress.roster, sid)}: {RATING_WORDS[key]} raised "
                                  f"to {man.rating(key)}; {man.xp} experience left. A misclick? "
                                  "Undo (Alt+U or Ctrl+Z) takes it back until you continue.")
        (self.promote_button if self.promote_button.isEnabled() else self.undo_button).setFocus()

    def _show_undo(self) -> None:
        """Undo is offered for the last raise bought since the mission, and names it."""
        q = last_promotion(self.progress) if self.progress is not None else None
        self.undo_button.setEnabled(q is not None)
        if q is None:
            self.undo_button.setToolTip("Nothing to take back: no raise bought since the mission")
            return
        sid, key = str(q["soldier"]), str(q["rating"])
        man = self.progress.roster.by_id(sid)
        cost = raise_paid(self.progress, key)
        self.undo_button.setToolTip(
            f"Take back the last raise: {name_of(self.progress.roster, sid)}'s "
            f"{RATING_WORDS[key]} back to {man.rating(key) - 1}, and his {cost} experience "
            "back to spend again (Ctrl+Z). Raises can be taken back until you continue to "
            "the next mission")

    def undo_raise(self) -> None:
        """Take back the last raise bought since the mission (the engine's ``unpromote``)."""
        if self.progress is None or last_promotion(self.progress) is None:
            return
        try:
            q = unpromote(self.progress)
        except ValueError as exc:
            self.promote_note.setText(str(exc))
            return
        self.promoted.emit()
        self.dice.setHtml(self._story())
        sid, key = str(q["soldier"]), str(q["rating"])
        i = self.promote_man.findData(sid)
        if i >= 0:
            self.promote_man.setCurrentIndex(i)
        self._fill_men()
        i = self.promote_rating.findData(key)
        if i >= 0:
            self.promote_rating.setCurrentIndex(i)
        self._show_undo()
        man = self.progress.roster.by_id(sid)
        self.promote_note.setText(f"Taken back: {name_of(self.progress.roster, sid)}'s "
                                  f"{RATING_WORDS[key]} is {man.rating(key)} again; he has "
                                  f"{man.xp} experience to spend.")
        (self.undo_button if self.undo_button.isEnabled() else self.promote_button).setFocus()

