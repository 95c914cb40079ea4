"""The docks beside the table: the turn panel and the selected unit's card.

They only show what the engine says; nothing here computes a rule.
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QProgressBar,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.alley.names import figure_name
from ambush_gui.core.decisions import Decision
from ambush_gui.core.words import count
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import phase_now
from ambush_gui.gui.shared.widgets import text_label
from ambush_gui.gui.table.score import ScoreBox

WAITING_STYLE = (f"background:{theme.TABLE_EDGE.name()};color:white;border-radius:4px;"
                 "font-weight:bold;")  # the turn banner while the dice tray waits for the person
# the banner while the game pauses on a big moment or a step: the key that goes on is the
# Game menu's Continue (Space); "Your move" read as a decision of the player's to make
PAUSED = "Paused: press Space to go on"

PHASES = {
    "setup": "Set-up",
    "reinforcements": "Insurgent reinforcements",
    "regular": "Regular activations",
    "insurgent": "Insurgent units act",
    "start": "Start of turn",
    "end": "End of turn",
    "over": "Game over",
}


class TurnPanel(QWidget):
    """Turn, phase and whose decision it is, in the side's colour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 8, 8, 8)
        self.turn = text_label("", bold=True, size=13)
        self.phase = text_label("", size=10)
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        # 10.5 points and 4 px at the sides: "◆ Insurgent computer thinking…" on one line in
        # the 290 px column at Normal size (at 11 points it took two, and the Turn dock a
        # scroll bar at 1280x800)
        self.banner.setFont(theme.label_font(10.5, True))
        self.banner.setContentsMargins(4, 6, 4, 6)
        # while the computer thinks, the banner says so over a thin busy bar (the status
        # bar and the Decision dock say it in full): no line more, the players' line
        # under them stays in sight in the fixed-height Turn dock
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setTextVisible(False)
        self.busy.setFixedHeight(5)
        self.busy.setVisible(False)
        self.thinking_text = ""
        self.waiting_text = ""  # the big moment the dice tray waits on (the player's Space)
        # a game across two machines waits on the other one: that pause is the banner's,
        # Space does not end it (it only shows on what the tray holds)
        self._offline = False
        self._banner_style = ""
        self._banner_text = ""
        self._level_tip = ""  # "The Insurgent computer plays at hard level"
        self.prompt = text_label("", size=10)
        self.score = ScoreBox()  # the score as it stands; its award lines one click away
        self.players = text_label("", size=9)
        self.players.setTextFormat(Qt.TextFormat.RichText)
        # the Force on Force modules' state in a few words ("MOPP 2: Reaction Tests -1")
        self.modules = text_label("", size=8.5)
        self.modules.setTextFormat(Qt.TextFormat.RichText)
        self.modules.setVisible(False)
        for w in (self.turn, self.phase):
            lay.addWidget(w)
        flag = QVBoxLayout()  # the banner and its busy bar, with no gap between
        flag.setSpacing(0)
        flag.addWidget(self.banner)
        flag.addWidget(self.busy)
        lay.addLayout(flag)
        below: tuple[QWidget, ...] = (self.prompt, self.score, self.players, self.modules)
        for widget in below:
            lay.addWidget(widget)
        lay.addStretch(1)

    def show_thinking(self, text: str | None) -> None:
        """While the computer thinks (``text``: "The Insurgents are thinking… (hard)"),
        the banner ends in "thinking…" over a running busy bar, the full line (and the
        computer's level) its tooltip."""
        self.thinking_text = text or ""
        self.busy.setVisible(bool(text))
        self.busy.setToolTip(self.thinking_text)
        self._show_banner()

    def show_waiting(self, why: str | None) -> None:
        """While the dice tray waits for the player on a big moment, the banner says so:
        the live game is already at the computer's next question, and "Insurgent
        computer (hard) to decide" then read as if the player had nothing to do."""
        self.waiting_text = why or ""
        self._show_banner()

    def _show_banner(self) -> None:
        text = self._banner_text
        # waiting on the person: neutral, not the colour of the side whose question is next
        self.banner.setStyleSheet(WAITING_STYLE if self.waiting_text else self._banner_style)
        if self.waiting_text and not self._offline:
            self.banner.setText(PAUSED)
            self.banner.setToolTip(f"The game pauses on: {self.waiting_text}. Space (or the dice "
                                   "tray's Continue) goes on; Esc shows the rest at once")
            return
        if self.thinking_text and text.endswith(" to decide"):
            text = text.removesuffix(" to decide") + " thinking…"
        self.banner.setText(text)
        self.banner.setToolTip(
            "\n".join(x for x in (self.thinking_text, self._level_tip) if x))

    def show_watching(self, words: str) -> None:
        """While a past moment is watched (``words``: "Watching decision 35 of 52"), the
        banner says so in a neutral colour: who was to act then is the question shown, and
        "Insurgent computer thinking…" told of a moment long past as if it were live."""
        if not words:
            return
        self._offline = False
        self.thinking_text, self.waiting_text = "", ""
        self.busy.setVisible(False)
        self._banner_text, self._level_tip = words, ""
        self._banner_style = theme.WATCHING_STYLE
        self._show_banner()

    def show_turn(self, decision: Decision, seat: str = "human", level: str = "",
                  prompt: str | None = None) -> None:
        """The banner alone: who acts on ``decision`` (the turn, the score and the prompt
        stay as they are: while the dice tray shows an answer, they are the answer's).
        A computer's seat is "thinking…" whenever its side is to act, between two of
        its answers as much as while its worker runs: "Regular player to decide" stood
        while the dice tray showed the player's answer and the computer acted next."""
        colour = theme.SIDE_COLOURS.get(decision.side, theme.TABLE_EDGE).name()
        # the side's shape before its name: the banner is not told by colour alone
        who = f"{theme.side_mark(decision.side)} {theme.SIDE_NAMES.get(decision.side, decision.side)}"
        self._offline = seat == "paused"
        self._level_tip = ""
        if seat == "computer":  # "Insurgent computer thinking…"
            # the level in the tooltip, not the banner: "(normal)" took the banner to a
            # second line and, with the score's, gave the Turn dock a scroll bar at
            # 1280x800; the players' line under it says the level too
            self._banner_text = f"{who} computer thinking…"
            side = theme.SIDE_NAMES.get(decision.side, decision.side)
            self._level_tip = f"The {side} computer plays at {level} level" if level else ""
        elif seat == "remote":  # the player at the other machine
            self._banner_text = f"{who} player (other machine) to decide"
        elif seat == "paused":  # a game across two machines waits, or its other player left
            # the why's first clause ("Paused: the other player's connection is gone",
            # "The other player has left"); the whole of it is the prompt below
            head, semi, _ = (prompt or "").partition(";")
            self._banner_text = head if semi else "Paused: waiting for the other machine"
            colour = theme.TABLE_EDGE.name()
        else:
            self._banner_text = f"{who} player to decide"
        self._banner_style = f"background:{colour};color:white;border-radius:4px;"
        self._show_banner()

    def show_state(self, game: Any, decision: Decision | None, seat: str = "human",
                   level: str = "", prompt: str | None = None) -> None:
        """``prompt``: the decision's words as the window's viewer may read them (another
        side's secret question: its neutral line, core/view.py); its prompt when not given."""
        st = game.state
        limit = game.spec.turn_limit
        self.turn.setText(f"Turn {st.turn} of {limit}")
        self.phase.setText(PHASES.get(phase_now(game), st.phase))
        if decision is None:
            self._offline = False
            self._banner_text, self._level_tip = "The game is over", ""
            self.thinking_text = ""
            self.busy.setVisible(False)
            self._banner_style = "background:#444;color:white;border-radius:4px;"
            self._show_banner()
            self.prompt.setText("")
        else:
            self.show_turn(decision, seat, level, prompt)
            self.prompt.setText(decision.prompt if prompt is None else prompt)
        self.score.show_standing(game)
        mods = getattr(game, "modules", None)
        lines = module_lines(mods) if mods else []
        self.modules.setVisible(bool(lines))
        if lines:
            titles = ", ".join(m.title for m in mods or ())
            self.modules.setToolTip(f"Force on Force rules in play: {titles}")
            self.modules.setText("<b>Force on Force</b>" + "".join(
                f"<div style='margin-left:8px'>• {escape(x)}</div>" for x in lines))


    def show_players(self, game: Any, seats: dict[str, Any],
                     levels: dict[str, str] | None = None) -> None:
        """Who plays each side: "US Marines: You · Insurgents: Computer (hard)"."""
        from ambush_gui.gui.table.brief import seat_words

        who = seat_words(seats, levels)
        names = {str(getattr(k, "value", k)): v.name for k, v in game.spec.sides.items()}
        self.players.setText(" · ".join(
            f"<span style='color:{theme.SIDE_COLOURS.get(side, theme.TABLE_EDGE).name()}'>"
            f"{theme.side_mark(side)} {names.get(side, side)}</span>: <b>{who.get(side, 'You')}</b>"
            for side in ("regular", "insurgent")))


def module_lines(mods: Any) -> list[str]:
    """The modules' status lines for the turn panel, one fact a line: the MOPP level of
    each side on its own line ("Border Horse MOPP 2: Reaction Tests −1"). The minefields'
    lines are left to their plates on the table: three fields pushed the rest out of sight;
    the mounted units' to their labels ("First · mounted") and cards: with The Orchard
    Battery's four modules the panel had to be scrolled at 1280x800."""
    out: list[str] = []
    for m in mods:
        if m.name in ("mines", "mounted"):  # said on the table (gui/table/fof.py, mounted.py)
            continue
        for line in m.status():
            if m.name == "nbc" and "; " in line and "MOPP" in line:
                out.extend(line.split("; "))
            else:
                out.append(line)
    return out


class UnitCard(QWidget):
    """The selected unit: Troop Quality, Morale, figures, weapons and every status."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 8, 8, 8)
        self.title = text_label("No unit selected", bold=True, size=12)
        self.body = text_label("Click a unit on the table to see its card.", size=10)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.title)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        lay.addWidget(line)
        lay.addWidget(self.body)
        lay.addStretch(1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

    def show_unit(self, game: Any, uid: str | None) -> None:
        unit = game.state.units.get(uid) if uid else None
        if unit is None:
            self.title.setText("No unit selected")
            self.body.setText("Click a unit on the table to see its card.")
            return
        joined = _joined(game, unit.id) if not unit.on_table else None
        if joined is not None:  # a leader who joined a unit is that unit's leader now (AA-026)
            self.show_unit(game, joined)
            self.body.setText(f"<i>{unit.name} joined this unit and leads it (AA-026).</i><br>"
                              + self.body.text())
            return
        from ambush_gui.alley.weapons import WEAPONS

        turn = game.state.turn
        self.title.setText(unit.name)
        status = []
        if not unit.on_table:
            status.append(_gone(game, unit.id))
        if unit.pinned:
            status.append("<b>Pinned</b> (−1 on tests, −1 Firepower die; AA-188)")
        if unit.shaken(turn):
            status.append("<b>Shaken</b> (no aggressive action; AA-200)")
        if unit.regrouping(turn):
            status.append("<b>Regrouping</b> after a Pull Back (may not move; AA-196)")
        if unit.overwatch:
            status.append(f"on <b>Overwatch</b> ({unit.overwatch_shots} interruptions fired; AA-106)")
        if unit.side.value == "regular" and unit.times_interrupted:
            status.append(f"interrupted {unit.times_interrupted}× this turn (−{unit.times_interrupted} "
                          f"Firepower, −{unit.times_interrupted}\" move; AA-085)")
        if unit.side.value == "insurgent" and unit.interrupted:
            status.append("has used its interrupt this turn (AA-064)")
        if unit.activated:
            status.append("has acted this turn")
        if unit.had_casualties:
            status.append("has taken casualties: needs a Quality Check to move Rapidly (AA-162)")
        if unit.speed:  # with the unit's own full move (a mounted unit's Cautious 8")
            from ambush_gui.alley.movement import speed_words

            status.append(f"speed this turn: {speed_words(game, unit.speed, unit)}")
        mods = getattr(game, "modules", None)
        if mods:  # each module's word on the unit ("Stress Level 3, Low Confidence")
            status.extend(escape(str(x)) for x in mods.gather("unit_status", unit))
        figs = []
        for f in unit.figures:
            role = "leader" if f.kind.value == "leader" else WEAPONS[f.weapon].title
            extra = ""
            if f.kind.value == "contractor":  # an escort, by the scenario's word for it
                role, extra = f.label or "escort", " — Dependant"
            elif f.dependant:
                extra = f" — {f.injury.value} wound, Dependant"
            elif f.injury.value != "none":
                extra = f" — {f.injury.value} wound"
            if f.captive:
                extra += " — prisoner"
            figs.append(f"{escape(_in_card(figure_name(f), unit.name))}: {role}{extra}")
        side = theme.SIDE_NAMES.get(unit.side.value, unit.side.value)
        rows = [
            f"<b>{side}</b> unit",
            f"Troop Quality <b>{unit.tq}</b> &nbsp; Morale <b>{unit.morale}</b>",
            *_fires_with(game, unit),
            f"Optimum Range {_optimum(game, unit)} &nbsp; Armor {unit.armor}",
            f"{count(len(unit.fighters), 'fighting figure')}, {count(len(unit.dependants), 'Dependant')}",
        ]
        html = "<br>".join(rows)
        html += "<p><b>Figures</b><br>" + "<br>".join(figs) + "</p>"
        html += "<p><b>Status</b><br>" + ("<br>".join(status) if status else "ready") + "</p>"
        self.body.setText(html)


def _in_card(name: str, unit_name: str) -> str:
    """A figure's name on its own unit's card, without the unit's name the card's title
    already says ("Fighter 2", not "Fireteam Alpha, fighter 2"); a figure named otherwise
    (a leader who joined, an escort carried) keeps his whole name."""
    rest = name.removeprefix(f"{unit_name}, ")
    return rest[:1].upper() + rest[1:] if rest != name else name


def _fires_with(game: Any, unit: Any) -> list[str]:
    """The card's line for a unit that fires another die than its Troop Quality now, with
    why and the rule: "Fires d6: one type lower, firing mounted (FF-059)"; none otherwise."""
    from ambush_gui.alley.pools import quality_die, quality_die_why

    if not unit.on_table or (why := quality_die_why(game, unit, "fire")) is None:
        return []
    rule = f" ({why[1]})" if why[1] else ""
    return [f"Fires <b>{quality_die(game, unit, 'fire')}</b>: {escape(why[0])}{rule}"]


def _optimum(game: Any, unit: Any) -> str:
    """The Optimum Range the pools use now, and when a module changed it, which and the
    unit's own: "none firing mounted (FF-057; own 8")", "2" halved in MOPP 3-4 (FF-021;
    own 4")" (a mounted unit's own, FF-057/059; MOPP 3/4 halve it, FF-021)."""
    from ambush_gui.alley.pools import optimum_range

    now = optimum_range(game, unit) if unit.on_table else unit.optimum_range  # out of play
    if abs(now - unit.optimum_range) < 1e-9:
        return f"{now:g}\""
    why: list[tuple[str, str]] = []  # (what changed it, its rule)
    mounted = game.modules.first("optimum_range", unit) if game.modules else None
    if mounted is not None:
        why.append(("firing mounted", "FF-057") if mounted <= 0 else ("as mounted Cavalry", "FF-059"))
    if game.modules and game.modules.gather("optimum_range_factor", unit):
        why.append(("halved in MOPP 3-4", "FF-021"))
    said = " and ".join(w for w, _ in why) or "changed by the rules in play"
    ids = ", ".join(r for _, r in why)
    value = "none" if now <= 0 else f"{now:g}\""
    return f"{value} {said} ({ids + '; ' if ids else ''}own {unit.optimum_range:g}\")"


def _joined(game: Any, uid: str) -> str | None:
    """The unit a detached leader joined, if it did and that unit is still on the table
    (the engine's "join" event names both)."""
    for e in reversed(game.log.events):
        if e.kind == "join" and e.data.get("leader") == uid:
            target = game.state.units.get(e.data.get("unit"))
            return target.id if target is not None and target.on_table else None
    return None


def _gone(game: Any, uid: str) -> str:
    """Why a unit is no longer on the table, as the engine's events tell it."""
    for e in reversed(game.log.events):
        if e.data.get("unit") != uid:
            continue
        if e.kind == "exit":
            return "has left the table across a friendly edge"
        if e.kind == "dependants":
            return "gone: its last fighting figure fell (its Dependants lie on the ground)"
    return "no longer in play"
