"""The Ambush! docks around the hex map: the AR Track, soldier cards, the squad list and the
mission panel. (The German paragraph reader is :mod:`ambush_gui.gui.hexmap.paragraph_reader`.)

Like :mod:`ambush_gui.gui.table.panels` for Ambush Alley, they only show what the engine says:
the spaces come from :mod:`ambush_gui.ambush.ar_track` (``ORDER``), the soldier who acts
next from :func:`ambush_gui.ambush.rounds.next_space` and :func:`ar_track.can_act`, the
initiative dice from the latest ``initiative`` event. Nothing here computes a rule.

- :class:`ARTrackWidget` (:mod:`ambush_gui.gui.hexmap.ar_track`, re-exported here): the AR
  Track during a Round, each marker in its space, who acts next, the initiative dice.
- :class:`SoldierCard`: one soldier's card: ratings, weapons, ammunition and every status.
- :class:`SquadList`: the US squad in one compact list to pick a soldier from.
- :class:`MissionPanel`: the Ambush! counterpart of :class:`~ambush_gui.gui.table.panels.TurnPanel`.
"""

from __future__ import annotations

from collections import Counter as Tally
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.ambush.charts import Side
from ambush_gui.ambush.command import command_words
from ambush_gui.ambush.model import Mode, Soldier
from ambush_gui.core.decisions import Decision
from ambush_gui.core.events import Event
from ambush_gui.gui.hexmap.ammo import ammo_count, ammo_text
from ambush_gui.gui.hexmap.ar_track import (
    SPACE_NAMES,
    ARTrackWidget,
    MarkerChip,
    latest_initiative,
    short_name,
    soldier_state,
    soldier_tip,
    turn_in_progress,
)
from ambush_gui.gui.hexmap.dialogs.common import RATING_NAMES
from ambush_gui.gui.hexmap.dialogs.common import squad as squad_of
from ambush_gui.gui.hexmap.paragraph_reader import ParagraphReader
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import Chip, FlowLayout, clear_layout, side_colour, side_title
from ambush_gui.gui.shared.widgets import text_label

__all__ = ["ARTrackWidget", "MarkerChip", "MissionPanel", "ParagraphReader", "SoldierCard",
           "SquadList", "latest_initiative", "short_name", "soldier_state", "turn_in_progress"]

RATINGS: tuple[tuple[str, str, str], ...] = (
    ("ar", "AR", "Action Rating: his column on the AR Track; the initiative die read there "
                 "gives him two turns, one, none or panic"),
    ("mpa", "MPA", "Movement Point Allowance: the Movement Points he may spend moving in one "
                   "action or one Operations turn"),
    ("ws", "WS", "Weapon Skill: added to his chance to hit, and the column he clears a jammed "
                 "weapon on"),
    ("per", "PER", "Perception: he passes a Perception Check by rolling this or less "
                   "(becoming aware, spotting a hidden enemy)"),
    ("ldr", "LDR", "Leadership: added up with the other men's in his hex (a leader's also "
                   "up to two hexes away); 5 or more puts him in command"),
)


# -- a soldier's card ----------------------------------------------------------------------------


class SoldierCard(QWidget):
    """A soldier's card (AR-007, FC-039): name, side, the five ratings, his weapons and their
    state, Ammo Boxes and Port Boxes, stance, status, awareness, hex and AR marker."""

    HINT = "Click a counter on the map or a soldier on the AR Track to see his card."

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 8, 8, 8)
        lay.setSpacing(4)
        self.title = text_label("No soldier selected", bold=True, size=12)
        self.subtitle = text_label("", size=9)
        self.subtitle.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        lay.addWidget(self.title)
        lay.addWidget(self.subtitle)
        self.chips = QHBoxLayout()
        self.chips.setSpacing(4)
        self.chips_box = QWidget()
        self.chips_box.setLayout(self.chips)
        self.chips.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.chips_box)
        self.ratings_box = QWidget()
        ratings = QHBoxLayout(self.ratings_box)
        ratings.setContentsMargins(0, 2, 0, 2)
        ratings.setSpacing(4)
        self.ratings: dict[str, QLabel] = {}
        for key, name, tip in RATINGS:
            cell = QLabel()
            cell.setTextFormat(Qt.TextFormat.RichText)
            cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
            cell.setToolTip(f"{name} — {tip}")
            cell.setStyleSheet(f"QLabel {{ background: white; border: 1px solid "
                               f"{theme.PANEL_EDGE.name()}; border-radius: 4px; padding: 2px; }}")
            cell.setObjectName(f"rating-{key}")
            self.ratings[key] = cell
            ratings.addWidget(cell, 1)
        lay.addWidget(self.ratings_box)
        # the abbreviations spelled out once: "AR" is also the Action Round of the AR Track
        self.legend = text_label(" · ".join(f"{name} {RATING_NAMES[key]}"
                                            for key, name, _ in RATINGS), size=8)
        self.legend.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        self.legend.setObjectName("rating-legend")
        lay.addWidget(self.legend)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        lay.addWidget(line)
        self.body = text_label(self.HINT, size=9.5)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.body)
        lay.addStretch(1)
        self.soldier_id: str | None = None
        self.ratings_box.hide()
        self.legend.hide()
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

    def show_soldier(self, game: Any, soldier_id: str | None) -> None:
        s = game.state.soldiers.get(soldier_id) if soldier_id else None
        self.soldier_id = s.id if s is not None else None
        clear_layout(self.chips)
        if s is None:
            self.title.setText("No soldier selected")
            self.subtitle.setText("")
            self.body.setText(self.HINT)
            self.ratings_box.hide()
            self.legend.hide()
            return
        side = s.side.value
        self.title.setText(s.name)
        self.title.setStyleSheet(f"color: {side_colour(side).name()};")
        sub = side_title(side)
        if s.side is Side.GERMAN:
            sub += f" — counter {s.letter}, card {s.number}"
        self.subtitle.setText(sub)
        for text, colour, tip in self._chips(s):
            self.chips.addWidget(Chip(text, colour, tip))
        self.chips.addStretch(1)
        self.ratings_box.show()
        self.legend.show()
        for key, name, _ in RATINGS:
            self.ratings[key].setText(f"<span style='font-size:7.5pt'>{name}</span><br>"
                                      f"<b style='font-size:11pt'>{getattr(s, key)}</b>")
        self.body.setText(self._body(game, s))

    @staticmethod
    def _chips(s: Soldier) -> list[tuple[str, QColor, str]]:
        out: list[tuple[str, QColor, str]] = []
        state = soldier_state(s)
        if not s.active:
            out.append((state.capitalize(), theme.MALUS, "Out of the fight"))
        elif s.left_map:
            out.append(("Off the map", theme.NEUTRAL, "He has left the map"))
        else:
            if s.wounded:
                out.append(("Wounded", theme.AR_WOUND, "Wounded: one turn at most a Round"))
            if s.panicked:
                out.append(("Panicked", theme.AR_PANIC, "Panicked: no turn until the Round ends"))
            if not s.wounded and not s.panicked:
                out.append(("Active", theme.BONUS, "Active and fit"))
        if s.side is Side.US:
            out.append(("Aware", theme.BONUS, "Aware: he may act in Rounds") if s.aware
                       else ("Unaware", theme.MUTED_TEXT, "Unaware: he cannot act until he is aware"))
        return out

    @staticmethod
    def _body(game: Any, s: Soldier) -> str:
        charts = game.charts
        where = f"hex <b>{s.hex.label}</b>" if s.hex is not None else "off the map"
        rows = [f"{where}, <b>{s.stance.value}</b>"]
        if s.aboard:
            rows.append(f"aboard {s.aboard}")
        marker = SPACE_NAMES[s.marker]
        rows.append(f"Marker on the AR (Action Round) Track: <b>{marker}</b>, {s.turns} "
                    "turn(s) left")
        if s.guarding:
            rows.append(f"guarding {s.guarding}")
        weapons = []
        for w in s.weapons:
            name = _weapon_name(charts, w.weapon)
            flags = [f for f, on in (("<span style='color:#c0392b'>broken</span>", w.broken),
                                     ("<span style='color:#c0392b'>jammed</span>", w.jammed),
                                     ("prepared", w.prepared),
                                     ("<span style='color:#c0392b'>out of ammo</span>",
                                      w.out_of_ammo)) if on]
            if s.side is Side.US:
                flags.append(_ammo_left(charts, s, w.weapon))
            weapons.append(f"{name}" + (f" — {', '.join(flags)}" if flags else ""))
        for w in game.state.crew_weapons.values():
            if s.id in w.carriers:
                weapons.append(f"{_weapon_name(charts, w.weapon)} (crew) — carries "
                               f"{w.carriers[s.id]} Port Box(es)"
                               + (", set up" if w.prepared else ""))
        html = "<br>".join(rows)
        command = command_words(game, s)
        if command:  # who commands him, and why not (AR-055, AR-056, AR-059): first, in sight
            head, _, rest = command.partition(". ")
            colour = theme.BONUS if head == "In command" else theme.MALUS
            html = (f"<p style='margin-bottom:4px'><b style='color:{colour.name()}'>{head}</b>"
                    f" — {rest}</p>") + html
        html += "<p style='margin-top:4px'><b>Weapons</b><br>" + ("<br>".join(weapons) or "none") + "</p>"
        if s.side is Side.US:
            boxes = Tally(s.ammo)
            ammo = ", ".join(ammo_text(charts, k, n) for k, n in boxes.items()) or "empty"
            extra = [f"Ammo Boxes ({len(s.ammo)} of 6): {ammo}", f"Port Boxes: {s.port_boxes}"]
            if s.satchel_ready:
                extra.append("<b>Satchel charge ready to throw</b>")
            html += "<p style='margin-top:4px'>" + "<br>".join(extra) + "</p>"
        return html


def _ammo_left(charts: Any, s: Soldier, key: str) -> str:
    """His Ammo Boxes for this weapon, named as the Weapon Chart counts them: clips for a
    weapon that spends clips (FC-021), rounds for one whose rounds are crossed off (FC-040)."""
    return f"{ammo_count(charts, key, s.clips(key))} in Ammo Boxes"


def _weapon_name(charts: Any, key: str) -> str:
    try:
        return str(charts.weapon(key).name)
    except (KeyError, ValueError):
        return key


# -- the squad list --------------------------------------------------------------------------------


class SquadList(QWidget):
    """The US squad, one line each (name, hex, stance, a status badge): click to pick."""

    soldierClicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.list = QListWidget()
        self.list.setFont(theme.label_font(9.5))
        # a line longer than the column wraps: cut short, or with a sideways scroll bar
        # that covered the last man, it hid "unaware" (issue 29 play-test, 1920x1080)
        self.list.setWordWrap(True)
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.installEventFilter(self)
        self.list.itemClicked.connect(self._pick)
        self.list.itemActivated.connect(self._pick)
        lay.addWidget(self.list)
        lay.addStretch(1)  # a tab taller than the list keeps the list on top

    def _pick(self, item: QListWidgetItem) -> None:
        self.soldierClicked.emit(str(item.data(Qt.ItemDataRole.UserRole)))

    def show_state(self, game: Any, selected: str | None = None) -> None:
        """Refresh every line. The items are updated in place while the squad is the same,
        so a refresh made in answer to a click never deletes the item being clicked."""
        squad = squad_of(game)
        ids = [self.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.list.count())]
        blocked = self.list.blockSignals(True)
        try:
            if ids != [s.id for s in squad]:
                self.list.clear()
                for s in squad:
                    item = QListWidgetItem()
                    item.setData(Qt.ItemDataRole.UserRole, s.id)
                    self.list.addItem(item)
            for row, s in enumerate(squad):
                item = self.list.item(row)
                where = s.hex.label if s.hex is not None else ("gone" if s.left_map else "off map")
                state = soldier_state(s)
                badge = {"active": "●", "wounded": "✚", "panicked": "!"}.get(state, "✕")
                notes = [] if state == "active" else [state]
                if s.active and not s.aware:
                    notes.append("unaware")
                tail = f" · {', '.join(notes)}" if notes else ""
                item.setText(f"{badge} {s.name}  {where} · {s.stance.value}{tail}")
                item.setToolTip(soldier_tip(game, s))
                colour = {"active": theme.DIALOG_TEXT, "wounded": theme.AR_WOUND,
                          "panicked": theme.AR_PANIC}.get(state, theme.MUTED_TEXT)
                if state == "active" and not s.aware:
                    colour = theme.MUTED_TEXT
                item.setForeground(colour)
                item.setSelected(s.id == selected)
        finally:
            self.list.blockSignals(blocked)
        self._fit()

    def _fit(self) -> None:
        """As tall as its lines at the present width, so every man shows where there is
        room; at least two lines (the rest scrolls) where the column is short, so the cards'
        tabs stay on a 1280x800 screen."""
        self.list.doItemsLayout()  # the rows wrapped at the present width
        rows = [self.list.visualItemRect(self.list.item(i)).height()
                for i in range(self.list.count())] or [20]
        frame = 2 * self.list.frameWidth() + 2
        self.list.setMaximumHeight(sum(rows) + frame)
        self.list.setMinimumHeight(sum(rows[:2]) + frame)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self.list and event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            self._fit()  # a narrower column wraps more lines; a hidden tab's list had none
        return super().eventFilter(watched, event)


# -- the mission panel ---------------------------------------------------------------------------

WAITS = "The dice tray waits for you"
SHOWING = "The dice tray is showing the last answer"


def phase_words(event: Event) -> str | None:
    """The Mission panel's turn line once ``event`` is shown, when it changes the phase: an
    Operations turn, the Rounds commencing, a Round, the Rounds over (None for any other)."""
    d = event.data
    if event.kind == "operations" and "turn" in d and "ends" not in event.text:
        return f"Operations — turn {d['turn']}"
    if event.kind == "rounds":
        return "Operations — the Rounds are over" if "rounds" in d else "Action Rounds — commencing"
    if event.kind == "round" and d.get("round"):
        return f"Action Rounds — Round {d['round']}"
    return None


class MissionPanel(QWidget):
    """The mission, Operations turn or Round, the Condition in force, who decides what, the
    points so far and how the mission is won; buttons that open the brief and the Mission
    Card; in a tutorial, a line saying what to do next."""

    briefRequested = Signal()
    cardRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 8, 8, 8)
        lay.setSpacing(4)
        self.mission = text_label("", bold=True, size=12)
        self.turn = text_label("", bold=True, size=11)
        self.condition = text_label("", size=9.5)
        self.condition.setTextFormat(Qt.TextFormat.RichText)
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setFont(theme.label_font(10.5, True))
        self.banner.setMargin(6)
        self.prompt = text_label("", size=9.5)
        self.score = text_label("", size=9.5)
        self.victory = text_label("", size=8.5)
        self.victory.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        self.hint = text_label("", size=9.5)  # the tutorial's "what to do next"
        self.hint.setObjectName("tutorial-hint")
        self.hint.setStyleSheet(f"#tutorial-hint {{ background: {theme.TUTORIAL_BG.name()}; "
                                f"border-left: 4px solid {theme.TUTORIAL_EDGE.name()}; "
                                "border-radius: 3px; padding: 4px; }")
        self.hint.hide()
        # the points and how the mission is won before the banner and the prompt: at
        # 1280x800 the dock cut its last line, and the prompt is the one the Decision dock
        # and the dice tray say again
        for w in (self.mission, self.turn, self.condition):
            lay.addWidget(w)
        # the points, and the booklet one click away: the buttons go under the points where
        # the column is too narrow for them beside (the largest text scale cut them off)
        row = FlowLayout(spacing=4)
        row.setContentsMargins(0, 0, 0, 0)
        self.score.setWordWrap(False)
        row.addWidget(self.score)
        self.brief_button = QPushButton("Brief")
        self.brief_button.setToolTip("The mission brief, victory conditions and special rules "
                                     "(Ctrl+B)")
        self.brief_button.clicked.connect(self.briefRequested.emit)
        self.card_button = QPushButton("Mission Card")
        self.card_button.setToolTip("The Conditions, the Event column and the hexes with a "
                                    "Paragraph Check (Ctrl+M)")
        self.card_button.clicked.connect(self.cardRequested.emit)
        for b in (self.brief_button, self.card_button):
            b.setAutoDefault(False)
            b.setFont(theme.label_font(8.5))
            b.setStyleSheet("QPushButton { padding: 2px 6px; }")
            row.addWidget(b)
        lay.addLayout(row)
        lay.addWidget(self.victory)
        for w in (self.banner, self.hint, self.prompt):
            lay.addWidget(w)
        lay.addStretch(1)

    def set_hint(self, text: str) -> None:
        """The tutorial's line ("" hides it). It stands in for the decision's prompt, which
        the step prompt and the dialogs repeat anyway: the panel keeps its height."""
        self.hint.setText(text)
        self.hint.setVisible(bool(text))
        self.prompt.setVisible(not text)

    def show_round(self, game: Any) -> None:
        """The Operations turn or Round and the Condition in force, as ``game`` has them:
        the live game, or the copy of a moment being shown while the dice tray waits."""
        st = game.state
        if st.mode is Mode.ROUNDS:
            self.turn.setText(f"Action Rounds — Round {st.round}")
        else:
            self.turn.setText(f"Operations — turn {game.turn}")
        self.show_condition(game.spec, st.condition)

    def follow(self, event: Event, spec: Any) -> None:
        """An event as it is shown: a new Operations turn, Rounds commencing, a new Round,
        the Rounds' end or a Condition changes the lines at once (the live game is already
        at the answer's end, the panel at what the tray shows)."""
        d = event.data
        if event.kind == "condition" and d.get("to"):
            self.show_condition(spec, str(d["to"]))
        elif (words := phase_words(event)) is not None:
            self.turn.setText(words)

    def show_condition(self, spec: Any, condition: str) -> None:
        cond = spec.conditions.get(condition)
        name = cond.name if cond is not None else ""
        self.condition.setText(f"Condition <b>{condition}</b>" + (f": {name}" if name else ""))
        self.condition.setToolTip("The Mission Card in force: it decides the German paragraph "
                                  "columns, the Event column and the red references")

    def show_waiting(self, why: str | None) -> None:
        """The dice tray waits for the player (``why``), or shows the answer on (None): the
        banner and the prompt say so, not the decision answered last nor the tutorial's
        line for it."""
        self.banner.setText(WAITS if why is not None else SHOWING)
        self.banner.setStyleSheet(f"background:{theme.NEUTRAL.name()};color:white;border-radius:4px;")
        self.set_hint("")  # the tutorial's line is for the decision, back after
        if why is None:
            self.prompt.setText("Esc or Skip shows the rest at once")
            return
        if why.startswith("End of"):  # the moment drawn is the next Round's first
            self.turn.setText(f"Action Rounds — {why[0].lower()}{why[1:]}")
        said = "" if why in ("", "Continue") else f"{why}: "
        self.prompt.setText(f"{said}Space or Continue to go on, Esc to see the rest at once")

    def show_banner(self, decision: Decision, seat: str = "human", level: str = "") -> None:
        """Who acts on ``decision``, in the side's colour: a computer's seat is "thinking…"
        whenever its side is to act (between two of its answers too), as on the table."""
        who = f"{theme.side_mark(decision.side)} {side_title(decision.side)}"
        if seat == "computer":  # "★ US computer (normal) thinking…"
            self.banner.setText(f"{who} computer ({level}) thinking…" if level
                                else f"{who} computer thinking…")
        else:
            self.banner.setText(f"{who} player to decide")
        self.banner.setStyleSheet(f"background:{side_colour(decision.side).name()};"
                                  "color:white;border-radius:4px;")

    def show_watching(self, words: str) -> None:
        """While a past moment is watched (``words``: "Watching decision 35 of 52"), the
        banner says so, not who acts in the game as it stands, as the table's does."""
        if words:
            self.banner.setText(words)
            self.banner.setStyleSheet(theme.WATCHING_STYLE)

    def show_state(self, game: Any, decision: Decision | None, seat: str = "human",
                   level: str = "") -> None:
        """``seat``: who answers ``decision`` ("human", "computer": the banner says the
        computer is thinking, at ``level`` when given, as the table's does)."""
        spec = game.spec
        self.mission.setText(game.scenario.title)
        self.mission.setToolTip(spec.brief)
        self.show_round(game)
        if decision is None:
            self.banner.setText("The mission is over")
            self.banner.setStyleSheet("background:#444;color:white;border-radius:4px;")
            self.prompt.setText(str(game.result.get("level", "")) if getattr(game, "result", None)
                                else "")
        else:
            self.show_banner(decision, seat, level)
            self.prompt.setText(decision.prompt)
        self.show_score(game.standing())  # the casualties so far too, as the end screen counts
        levels = spec.victory.levels
        short = [lv.result.partition(":")[0] for lv in levels]
        self.victory.setText("Victory: " + ", ".join(f"{name} {lv.min:+d}"
                                                     for name, lv in zip(short, levels[:-1], strict=False))
                             + f", else {short[-1]}")
        self.victory.setToolTip("\n".join(f"{lv.min:+d} or more: {lv.result}" for lv in levels)
                                + (f"\n{spec.end.text}" if spec.end.text else ""))

    def show_score(self, lines: list[tuple[int, str]]) -> None:
        """The points as they stand (``game.standing()``): of the live game after an answer,
        of the event the dice tray shows while an answer is being shown."""
        self.score.setText(f"Points: {sum(p for p, _ in lines):+d}")
        self.score.setToolTip("\n".join(f"{p:+d}  {why}" for p, why in lines)
                              or "No points scored yet")

    def text(self) -> str:
        """Everything the panel says, for tests and screen readers."""
        return "\n".join(w.text() for w in (self.mission, self.turn, self.condition, self.banner,
                                            self.hint, self.prompt, self.score, self.victory))

