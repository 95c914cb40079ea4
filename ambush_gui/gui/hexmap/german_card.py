"""A German's soldier card as the booklet prints it (AR-007, AR-110, AR-113, AR-114).

Clicking a German counter (or picking him in the list on top) shows his card: name, card
number and counter letter, then (first, as it is what a player looks up) the table the
paragraphs are found by: one row per Action Number (0-9, the die rolled for his turn), one
column per Condition (the one in force tinted), then his Special Reaction columns (the
situation each answers in its heading's tooltip) and the Self-Preservation column S; then
the five ratings and his weapons with their state.

Only Germans who have shown themselves are listed: an activated card is on the table, the
others are still face down in the booklet. The card shows the mission's data and the
state; it computes no rule.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ambush_gui.ambush.charts import Side
from ambush_gui.ambush.mission import GermanCard
from ambush_gui.ambush.model import Soldier
from ambush_gui.ambush.words import REACTIONS
from ambush_gui.gui.hexmap.booklet import BookletTable
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import side_colour
from ambush_gui.gui.shared.widgets import text_label

__all__ = ["REACTIONS", "GermanCardView", "revealed"]


RATINGS = (("ar", "AR"), ("mpa", "MPA"), ("ws", "WS"), ("per", "PER"), ("ldr", "LDR"))


def revealed(s: Soldier) -> bool:
    """A German whose card is on the table: activated (on the map, out of the fight, or
    evaded). The others are still face down."""
    return s.side is Side.GERMAN and (s.hex is not None or s.left_map or not s.active)


class GermanCardView(QWidget):
    """The card of one German, picked on the map or in the list on top."""

    soldierPicked = Signal(str)  # the German chosen in the list (his soldier id)

    HINT = ("No German has shown himself yet. When one is activated, click his counter to "
            "read his card: the paragraph for each Action Number under each Condition.")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.soldier_id: str | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 8, 8, 8)
        lay.setSpacing(4)
        self.picker = QComboBox()
        self.picker.setToolTip("Every German who has shown himself: pick one to read his card")
        self.picker.activated.connect(self._on_picked)
        lay.addWidget(self.picker)
        self.title = text_label("", bold=True, size=12)
        self.title.setStyleSheet(f"color: {side_colour('german').name()};")
        self.subtitle = text_label("", size=9)
        self.subtitle.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        lay.addWidget(self.title)
        lay.addWidget(self.subtitle)
        self.table_title = text_label("", bold=True, size=9.5)
        lay.addWidget(self.table_title)
        self.table = BookletTable()
        lay.addWidget(self.table)
        self.legend = text_label("", size=8.5)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        lay.addWidget(self.legend)
        self.ratings_box = QWidget()
        row = QHBoxLayout(self.ratings_box)
        row.setContentsMargins(0, 2, 0, 2)
        row.setSpacing(4)
        self.ratings: dict[str, QLabel] = {}
        for key, name in RATINGS:
            cell = QLabel()
            cell.setToolTip(f"{name}, as printed on his card")
            cell.setTextFormat(Qt.TextFormat.RichText)
            cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
            cell.setObjectName(f"german-rating-{key}")
            cell.setStyleSheet(f"QLabel {{ background: white; border: 1px solid "
                               f"{theme.PANEL_EDGE.name()}; border-radius: 4px; padding: 2px; }}")
            self.ratings[key] = cell
            row.addWidget(cell, 1)
        lay.addWidget(self.ratings_box)
        self.weapons = text_label("", size=9.5)
        self.weapons.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.weapons)
        self.hint = text_label(self.HINT, size=9.5)
        lay.addWidget(self.hint)
        lay.addStretch(1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self._body(False)

    # -- the public API ------------------------------------------------------------------------
    def show_state(self, game: Any, soldier_id: str | None = None) -> None:
        """List the Germans shown so far and show ``soldier_id``'s card (else the one shown,
        else the first listed)."""
        germans = sorted((s for s in game.state.soldiers.values() if revealed(s)),
                         key=lambda s: s.number or 0)
        ids = [s.id for s in germans]
        blocked = self.picker.blockSignals(True)
        try:
            self.picker.clear()
            for s in germans:
                # "(card 2)" cut the line at 1280x800; the subtitle says the card
                self.picker.addItem(f"{s.letter} — {s.name}", s.id)
                self.picker.setItemData(self.picker.count() - 1, f"{s.name}: card {s.number}",
                                        Qt.ItemDataRole.ToolTipRole)
        finally:
            self.picker.blockSignals(blocked)
        want = soldier_id if soldier_id in ids else self.soldier_id if self.soldier_id in ids \
            else (ids[0] if ids else None)
        self.picker.setVisible(bool(ids))
        self.picker.setFont(theme.label_font(9.5, True))
        if want is None:
            self.soldier_id = None
            self._body(False)
            return
        self.picker.setCurrentIndex(ids.index(want))
        self._show(game, game.state.soldiers[want])

    def text(self) -> str:
        """What the card says, for tests and screen readers."""
        return "\n".join(w.text() for w in (self.title, self.subtitle, self.weapons,
                                            self.table_title, self.legend))

    # -- drawing -------------------------------------------------------------------------------
    def _on_picked(self, index: int) -> None:
        sid = self.picker.itemData(index)
        if sid:
            self.soldierPicked.emit(str(sid))

    def _body(self, on: bool) -> None:
        for w in (self.title, self.subtitle, self.ratings_box, self.weapons, self.table_title,
                  self.table, self.legend):
            w.setVisible(on)
        self.hint.setVisible(not on)

    def _show(self, game: Any, s: Soldier) -> None:
        self.soldier_id = s.id
        card: GermanCard = game.scenario.german(s.number)
        self._body(True)
        self.title.setText(card.name)
        self.title.setVisible(self.picker.isHidden())  # the list on top already names him
        where = (f"hex {s.hex.label}, {s.stance.value}" if s.hex is not None
                 else "evaded: off the map" if s.left_map else "off the map")
        # a dead man is only dead: his wound and his panic went with him (play-test)
        state = [s.status.value] if not s.active else \
            [w for w, on in (("wounded", s.wounded), ("panicked", s.panicked)) if on]
        points = game.scenario.activation_points(card.number)
        self.subtitle.setText(f"Card {card.number} · counter {card.letter} · {where}"
                              + (f" · {', '.join(state)}" if state else "")
                              + f" · {points:+d} point{'s' if abs(points) != 1 else ''} "
                                "when found")
        for key, name in RATINGS:
            self.ratings[key].setText(f"<span style='font-size:7.5pt'>{name}</span><br>"
                                      f"<b style='font-size:11pt'>{getattr(card, key)}</b>")
        self.weapons.setText("<b>Weapons</b><br>" + "<br>".join(
            self._weapon(game, w) for w in s.weapons))
        self._table(game, card)

    @staticmethod
    def _weapon(game: Any, w: Any) -> str:
        try:
            name = str(game.charts.weapon(w.weapon).name)
        except (KeyError, ValueError):
            name = w.weapon
        flags = [f for f, on in (("broken", w.broken), ("jammed", w.jammed),
                                 ("out of ammo", w.out_of_ammo)) if on]
        return name + (f" — <span style='color:{theme.MALUS.name()}'>{', '.join(flags)}</span>"
                       if flags else "")

    def _table(self, game: Any, card: GermanCard) -> None:
        conds = list(game.spec.conditions)
        now = game.state.condition
        heads = [("AN", "Action Number: the 0-9 die rolled for his turn (AR-110)")]
        heads += [(c, f"Condition {c}: {game.spec.conditions[c].name} — the paragraph to read "
                      "for each Action Number (AR-110)"
                      + (" — in force now" if c == now else "")) for c in conds]
        letters = list(card.reactions)
        heads += [(r, f"Special Reaction {r}: when {REACTIONS[card.reactions[r].situation]}, "
                      "he rolls a fresh Action Number and reads this column (AR-113)")
                  for r in letters]
        heads.append(("S", "Self-Preservation: read instead of the others whenever he is in, "
                           "or next to, a hex holding an active American (AR-114)"))
        rows = []
        for n in range(10):
            row = [str(n)] + [str(card.columns[c][n]) for c in conds]
            row += [str(card.reactions[r].column[n]) for r in letters]
            row.append(str(card.self_preservation[n]))
            rows.append(row)
        current = 1 + conds.index(now) if now in conds else None
        self.table.fill(heads, rows, current)
        self.table_title.setText("Paragraph by Action Number")
        legend = [f"<b style='color:{theme.BOOKLET_CURRENT_EDGE.name()}'>{now}</b>: the "
                  f"Condition in force ({game.spec.conditions[now].name})" if now in conds else ""]
        legend += [f"<b>{r}</b>: Special Reaction, when {REACTIONS[card.reactions[r].situation]}"
                   for r in letters]
        legend.append("<b>S</b>: Self-Preservation, whenever an American is in or next to "
                      "his hex")
        self.table_title.setToolTip("AR-110: his turn rolls the Action Number; the paragraph "
                                    "is read under the Condition in force")
        self.legend.setText("<br>".join(x for x in legend if x))
