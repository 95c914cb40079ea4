"""The Ambush Alley window over the free-measure table (and Force on Force on it)."""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QShowEvent
from PySide6.QtWidgets import QDockWidget, QLabel, QMenu, QScrollArea, QWidget

from ambush_gui.alley.game import AlleyGame
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.events import Event
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.controller import Seat
from ambush_gui.gui.shared.game_window import GameWindow, scrolling
from ambush_gui.gui.shared.widgets import GameLog
from ambush_gui.gui.table.panels import TurnPanel, UnitCard
from ambush_gui.gui.table.wording import passed, shown

SHOWING = "The dice tray is showing the last answer: Esc or Skip shows the rest at once."
WAITING = "The dice tray waits on the last answer: Space goes on, Esc shows the rest at once."

PATH_KINDS = (DecisionKind.INTERRUPT, DecisionKind.OVERWATCH_POINT)
"""The decisions about a declared move, asked with its path drawn on the table (an
Insurgent interrupt of a Regular move, Overwatch fire at an Insurgent move)."""


class MainWindow(GameWindow):
    """The Ambush Alley window: the free-measure table; on the left the turn panel, the
    unit card and the line-of-sight-and-dice panel; on the right the Decision dock over
    the log."""

    board_name = "table"
    window_kind = "table"
    # the facts that name a unit the decision is about (acting, target, mover, interrupter)
    UNIT_FACTS = ("unit", "target", "attacker", "against", "aimed_at", "interrupted", "cover_from")

    @property
    def game(self) -> AlleyGame:
        """The game shown: this window's controller holds an Ambush Alley game (or a copy of
        one at a moment being watched back)."""
        return cast(AlleyGame, self.controller.game)

    def dialog_for(self, decision: Decision, game: Any, parent: QWidget) -> Any:
        from ambush_gui.gui.table.dialogs import dialog_for

        return dialog_for(decision, game, parent)

    def _build(self) -> None:
        from ambush_gui.gui.table.view import TableView

        game = self.game
        self._crossed: set[str] = set()  # figures crossed out since the last beat (show_on_table)
        self.table = TableView(game, self)
        self.table.table.viewer = self.controller.viewer  # whose view it draws (core/view.py)
        self.table.table.refresh()
        self.setCentralWidget(self.table)
        self.board = self.table
        self.table.unitSelected.connect(self._on_select)
        self.table.moveChosen.connect(self._answer)
        self.table.placeChosen.connect(self._answer)
        self.table.moveRefused.connect(self._on_refused)
        self.table.slid.connect(self._slid)
        self.table.modeChanged.connect(self._table_keys)
        if hasattr(self.table, "placeRefused"):
            self.table.placeRefused.connect(self._on_refused)
        if hasattr(self.table, "hoverInfo"):
            self.table.hoverInfo.connect(self._on_hover)

        self.turn_panel = TurnPanel()
        self.card = UnitCard()
        self.hover = QLabel("Select one of your units, then point at an enemy unit to see the "
                            "line of sight and the dice both sides would throw.")
        self.hover.setWordWrap(True)
        self.hover.setMargin(8)
        self.hover.setTextFormat(Qt.TextFormat.RichText)
        self.hover.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.log = GameLog()
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        # scrolling: the Force on Force lines (MOPP per side, the stress leaders) were cut
        # at the dock's foot at 1280x800
        turn = self._dock("Turn", scrolling(self.turn_panel, foot=theme.DOCK_FOOT), left, "turn")
        # scrolling: a unit's Force on Force lines (stress, MOPP, mortar) cut its Status
        card = self._dock("Unit card", scrolling(self.card, foot=theme.DOCK_FOOT), left, "card")
        # the left column under the unit card: the report that reads the table; the
        # right column is the Decision dock's, over the log
        hover = self._dock("Line of sight and dice", scrolling(self.hover), left, "hover")
        log = self._dock("Game log", self.log, right, "log")
        self.turn_dock = turn
        self.hover_dock = hover
        self.log_dock = log
        self._build_brief(log)
        modules = bool(getattr(game, "modules", None))
        # the Turn dock holds the banner ("Insurgent computer thinking…", two lines at
        # larger text) and the players' line without scrolling; the unit card gives up the room
        # the card whole for a fireteam at Normal size, its Status too (the report under it
        # scrolls when it is long)
        self.resizeDocks([turn, card, hover], [300, 280, 160] if modules else [245, 300, 190],
                         Qt.Orientation.Vertical)
        self.resizeDocks([self.decision_dock, log], [450, 260], Qt.Orientation.Vertical)

    # -- the scenario's brief and victory points ----------------------------------------
    def _build_brief(self, log: QDockWidget) -> None:
        """Help ▸ Scenario and victory: a tab with the log, shown when a new game starts
        (until the player's first answer), one click (Ctrl+B) away after."""
        from ambush_gui.gui.table.brief import ScenarioBrief

        self.brief = ScenarioBrief()
        self.brief.set_game(self.game, self.controller.seats, self.controller.levels)
        self.brief.closed.connect(self.close_brief)
        dock = self._dock("Scenario and victory", self.brief, Qt.DockWidgetArea.RightDockWidgetArea,
                          "brief")
        dock.setFeatures(dock.features() | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.tabifyDockWidget(log, dock)
        self.brief_dock = dock
        self._brief_until_answer = not self.game.decisions
        if self._brief_until_answer:  # a new game: its objective comes first
            dock.raise_()
        else:
            log.raise_()
        self.controller.stateChanged.connect(self._after_first_answer)

    def _view_menu(self, view: Any) -> None:
        """View ▸ Move from the keyboard: the arrows take a move's end (or the spot to set
        down on) across the table, W turns the path there, Enter makes the move. Enabled
        only while a move or a placement is asked, so the arrows are the lists' otherwise."""
        menu = view.addMenu("Move from the &keyboard")
        menu.setToolTipsVisible(True)
        t = self.table

        def step(dx: float, dy: float) -> Any:
            def go() -> None:  # Shift: half an inch
                k = 0.5 if QGuiApplication.keyboardModifiers() & Qt.KeyboardModifier.ShiftModifier else 1.0
                t.key_step(k * dx, k * dy)
            return go

        rows = (
                ("End &north 1\" (Shift: ½\")", ("Up", "Shift+Up"), step(0, 1),
                 "A move: its end 1\" up the table, half an inch with Shift; a placement: the "
                 "previous marked spot"),
                ("End &south 1\" (Shift: ½\")", ("Down", "Shift+Down"), step(0, -1),
                 "A move: its end 1\" down the table, half an inch with Shift; a placement: the "
                 "next marked spot"),
                ("End &west 1\" (Shift: ½\")", ("Left", "Shift+Left"), step(-1, 0),
                 "A move: its end 1\" left, half an inch with Shift; a placement: the previous "
                 "marked spot"),
                ("End &east 1\" (Shift: ½\")", ("Right", "Shift+Right"), step(1, 0),
                 "A move: its end 1\" right, half an inch with Shift; a placement: the next "
                 "marked spot"),
                ("&Turn the path here", ("W",), t.key_turn,
                 "The path turns at its end as it stands (as Shift does while dragging)"),
                ("Take back the last t&urn", ("Backspace",), t.key_back,
                 "The path's last turn taken back"),
                ("Take the &path back", ("Esc",), t._cancel_path,
                 "The whole path taken back: the unit stands where it began"),
                ("&Make the move / set down here", ("Return", "Enter"), t.key_commit,
                 "Move to the path's end, or set the unit down on the spot picked"))
        self.table_keys = self.key_actions(menu, rows)

    def _table_keys(self, mode: str) -> None:
        """The move keys work while a move or a placement is asked, and only then."""
        for a in self.table_keys:
            a.setEnabled(bool(mode))

    def _menus(self) -> None:
        super()._menus()
        bar = self.menuBar()
        help_ = next((a.menu() for a in bar.actions() if a.text().replace("&", "") == "Help"), None)
        if not isinstance(help_, QMenu):
            return
        first = help_.actions()[0] if help_.actions() else None
        from ambush_gui.gui.table.score import SHORTCUT

        def put(text: str, key: str, tip: str, slot: Any) -> QAction:
            a = QAction(text, self)
            a.setShortcut(QKeySequence(key))
            a.setStatusTip(tip)
            a.setToolTip(tip)
            a.triggered.connect(slot)
            if first is None:
                help_.addAction(a)
            else:
                help_.insertAction(first, a)
            return a

        self.brief_action = put("Scenario and &victory", "Ctrl+B",
                                "The scenario's brief, who plays each side and what scores victory points",
                                self.show_brief)
        self.score_action = put("The &score as it stands", SHORTCUT,
                                "The score as it stands, award by award, and what is still to be won",
                                self.turn_panel.score.show_lines)
        if first is not None:
            help_.insertSeparator(first)

    def show_brief(self) -> None:
        """Bring the brief forward (a tab of the right-hand column, with the log)."""
        self.brief_dock.show()
        self.brief_dock.raise_()

    def close_brief(self) -> None:
        self._brief_until_answer = False
        self.log_dock.raise_()

    def _after_first_answer(self) -> None:
        """The player has answered a first decision: the log's tab comes back."""
        if not self._brief_until_answer:
            return
        c = self.controller
        answered = getattr(c.game, "answered_by", [])
        if any(c.seats.get(side) is Seat.HUMAN for side in answered):
            self.close_brief()

    def _on_decision(self, decision: Decision) -> None:
        from ambush_gui.gui.table.dialogs import MovePrompt

        self._close_prompts()
        self.follow_actor(decision)
        self._refresh()
        self.hold_shot(decision)
        self.statusBar().clearMessage()
        game = self.game
        if decision.kind is DecisionKind.MOVE:
            self.table.begin_move(decision)
            told = decision.facts.get("interrupting")
            if isinstance(told, dict) and told.get("path"):
                # an interruption by movement: the rest of the move it interrupts, to stand in
                self.table.show_interrupt(told["path"], None, None)
            elif decision.facts.get("blocked_path"):
                # a blocked move (house rule AA-068): the rest of the way it meant to go
                self.table.show_interrupt(decision.facts["blocked_path"], None, None)
            self.move_prompt = MovePrompt(decision, game, self.decision_panel)
            self.move_prompt.chosen.connect(self._answer)
            self._host(self.move_prompt, decision)
            return
        if decision.kind is DecisionKind.PLACE:
            self.table.begin_place(decision)
            # the instruction in the Decision dock, not only on a table banner the view
            # cut at its edge ("No decision is open." said the dock during a PLACE); the
            # prompt shares the move prompt's slot, which _close_prompts takes down
            self.move_prompt = MovePrompt(decision, game, self.decision_panel)
            self.move_prompt.chosen.connect(self._answer)
            self._host(self.move_prompt, decision)
            self.statusBar().showMessage(decision.prompt + " — click a marked spot on the table", 15000)
            return
        self._show_dialog(decision)
        if decision.kind in PATH_KINDS and decision.facts.get("path"):
            # the declared move, drawn before the player is asked to interrupt it
            self.table.show_interrupt(decision.facts["path"], None, None)

    def actor_of(self, decision: Decision) -> str | None:
        """The unit a decision is about from its own side's view: its ``unit`` fact when
        that unit is the deciding side's (the one activating, moving, firing, taking the
        hits), None otherwise (an interruption names the enemy it interrupts)."""
        uid = decision.facts.get("unit")
        unit = self.game.state.units.get(uid) if isinstance(uid, str) else None
        if unit is None or unit.side.value != decision.side or not unit.on_table \
                or not unit.figures:
            return None
        return unit.id

    def follow_actor(self, decision: Decision) -> None:
        """Select the unit the decision names (the card and the Line of sight dock follow):
        the card kept showing Fireteam Alpha, the dock "Fireteam Alpha -> Gunmen", while
        Bravo activated."""
        uid = self.actor_of(decision)
        if uid is not None and uid != self.table.selected:
            self.table.select(uid)

    # the decisions about a shot already fired or declared: (shooter fact, target fact)
    SHOT_FACTS = {DecisionKind.REACT: ("against", "unit"), DecisionKind.OVERWATCH: ("against", "unit"),
                  DecisionKind.MOVE: ("cover_from", "unit"), DecisionKind.MATCH: ("attacker", "target")}

    def worded(self, event: Event) -> Event:
        """``event`` in the player's words (:func:`~ambush_gui.gui.table.wording.shown`):
        the dice matching's shorthand said in words, a failed Quality Check with its cost
        (read from the roll logged before it)."""
        if event.kind != "quality":
            return shown(event)
        events = self.game.log.events
        at = next((i for i in range(len(events) - 1, 0, -1) if events[i] is event), None)
        return shown(event, events[at - 1] if at is not None else None)

    def verdict(self, event: Event) -> bool | None:
        """A table test's verdict (:func:`~ambush_gui.gui.table.wording.passed`)."""
        return passed(event)

    def _on_event(self, event: Any) -> None:
        super()._on_event(event)
        self.show_on_table(event)
        self.show_modules(event)

    def show_modules(self, event: Any) -> None:
        """The civilians' and mounted units' events on the table (gui/table/mobs.py,
        mounted.py): mobs slide and fade, horses come and go, their dice are pointed at."""
        from ambush_gui.gui.table.mobs import show_civilians_event
        from ambush_gui.gui.table.mounted import show_mounted_event

        c = self.controller
        for show in (show_civilians_event, show_mounted_event):
            show(self.table.table, event, str(c.pace.value), c._paced())

    def paced_ms(self, table: dict[str, int]) -> int:
        """``table``'s time for the controller's pace; 0 while the queue is hurried."""
        c = self.controller
        if not c._paced():  # the instant pace, Esc/Skip, tests: no slide
            return 0
        return int(table.get(str(c.pace.value), 0))

    def show_on_table(self, event: Any) -> None:
        """Show an event's action on the table as it is presented: a move slides its
        figures; a fire, an interruption draws the shot and rings the shooter; a casualty is
        crossed out until the table drops it."""
        d = event.data
        if event.kind == "move" and isinstance(d.get("unit"), str) and d.get("to"):
            answer = self.game.decisions[-1] if self.game.decisions else None
            self.table.animate_move(d["unit"], tuple(d["to"]), float(d.get("distance") or 0.0),
                                    answer, self.paced_ms(theme.SLIDE_MS))
        elif event.kind == "fire" and d.get("attacker") and d.get("target"):
            self.table.show_shot(str(d["attacker"]), str(d["target"]),
                                 theme.SHOT_MS.get(str(self.controller.pace.value), 2500))
        elif event.kind == "interrupt" and d.get("insurgent") and d.get("regular"):
            self.table.show_shot(str(d["insurgent"]), str(d["regular"]),
                                 theme.SHOT_MS.get(str(self.controller.pace.value), 2500))
        elif event.kind == "ied" and d.get("went_off") and d.get("where"):
            # FF-044..051: the player sees it go off, where, and what it is, before the dice
            from ambush_gui.gui.table.fof import blast_text

            x, y = d["where"]
            self.table.table.fof.show_blast((float(x), float(y)), float(d.get("reach") or 0.0),
                                            blast_text(event), self.paced_ms(theme.BLAST_MS))
            self.table.keep_inside(self.table.table.fof.burst_label)  # read whole, in the view
        elif event.kind == "blast" and isinstance(d.get("target"), str):
            self.show_blast_on(event)
        elif event.kind == "casualty" and isinstance(d.get("figure"), str):
            # crossed out, not dropped, while the tray waits on the casualty (scene.fallen):
            # the player sees who fell
            if self.table.table.mark_fallen(d["figure"]):
                self._crossed.add(d["figure"])

    def show_blast_on(self, event: Any) -> None:
        """A mine or an IED attacks a unit (FF-035, FF-051): an IED's arrow from where it
        went off to the unit it attacks, its words saying whom; a mine's burst under the
        unit that failed its test."""
        from ambush_gui.gui.table.fof import blast_text

        d = event.data
        game = self.game
        target = game.state.units.get(d["target"])
        figs = [i for i in self.table.table.unit_figures(d["target"]) if i.isVisible()]
        if target is None or not figs:
            return
        source = str(d.get("source", ""))
        fof = self.table.table.fof
        ms = self.paced_ms(theme.BLAST_MS)
        if source.startswith("ied:"):
            went = next((e for e in reversed(game.log.events) if e.kind == "ied"
                         and e.data.get("went_off") and e.data.get("device") == source[4:]), None)
            if went is None or not went.data.get("where"):
                return
            x, y = went.data["where"]
            at = self.table.table.flip.scene(float(x), float(y))
            self.table.shot.show((source, target.id), [at], [i.pos() for i in figs],
                                 self.table.table.base_radius, ms or theme.SHOT_MS["normal"])
            if fof.burst is not None:
                fof.burst_label.set_text(f"{blast_text(went)} — it attacks {target.name}")
                self.table.keep_inside(fof.burst_label)
            return
        name = str(d.get("name") or source)
        cx, cy = target.centre()
        fof.show_blast((cx, cy), 3.0 * self.table.table.base_radius,
                       f"{name[:1].upper()}{name[1:]} go off under {target.name}", ms)
        self.table.keep_inside(fof.burst_label)

    def _slid(self) -> None:
        """A slide ended: draw the state again once the answer is all shown (labels follow)."""
        if not self.controller.busy:
            self.table.table.refresh()

    def hold_shot(self, decision: Decision) -> None:
        """While a player (or the computer) is asked about a shot (react to it, move out
        of its sight, match its dice), its arrow and the shooter's ring stay on the table.
        Any other shot goes as the question is asked: its answer is over. An interruption
        by movement, with no die thrown, went by without a beat (:meth:`_on_presenting`
        takes the shots down after a beat), and its arrow stood over the Overwatch question
        that followed, pointing from the unit that question is about."""
        self.table.clear_shot()
        facts = self.SHOT_FACTS.get(decision.kind)
        if facts is None:
            return
        shooter, target = (decision.facts.get(k) for k in facts)
        if isinstance(shooter, str) and isinstance(target, str):
            self.table.show_shot(shooter, target, None)

    def _on_computer(self, decision: Decision) -> None:
        self.follow_actor(decision)
        said = self.asked_line(decision)  # what the computer does, never an order to the player
        self._close_prompts()  # the dock tells who decides (and thinks: idle_text)
        self.hold_shot(decision)
        self.statusBar().showMessage(said)
        self.turn_panel.show_state(self.game, decision, "computer",
                                   self.controller.level_of(decision.side), said)
        self.fit_turn_dock()

    def _on_remote(self, decision: Decision) -> None:
        super()._on_remote(decision)
        self.follow_actor(decision)
        c = self.controller
        line = self.remote_line() or ""
        self.statusBar().clearMessage()  # the busy bar's line says who decides; the dock, what
        seat = "paused" if c.offline else "remote" if c.seat_of(decision) is Seat.REMOTE else "human"
        self.turn_panel.show_state(c.game, decision, seat, "", line)
        self.fit_turn_dock()

    def _show_waiting(self, why: str | None) -> None:
        self.turn_panel.show_waiting(why)

    def _on_presenting(self, on: bool) -> None:
        """A shot belongs to the answer being shown at the pace: one held while it was
        asked about stays while its answer is shown (the dice matched, the casualties),
        and every shot goes once the answer is all shown (a failed interrupt's arrow stood
        over the next question), but for the one the next question is about (its dice to
        match, even when the game matches them for the player)."""
        if on:
            self.table.shot.held = False  # not taken down with the question's prompts
        super()._on_presenting(on)
        if not on:
            self.table.clear_shot()
            d = self.controller.pending()
            if d is not None:  # a question about it next (one answered for the player too)
                self.hold_shot(d)

    def _on_hand_over(self, side: str) -> None:
        super()._on_hand_over(side)
        self.show_open_decision(side)

    def show_open_decision(self, side: str) -> None:
        """Behind the curtain for ``side``'s player, the Turn panel names the decision now
        open, whose it is and what it asks: it still read "Regular player to decide" over
        "Regular: move Fireteam Alpha" while the Insurgent was asked whether to interrupt
        that move. Only the banner and its prompt: the turn and the score stay as the tray
        has shown them (the answer's dice are shown once the seat is taken). The question
        itself waits for the seat to be taken: its words may tell a die not yet shown
        ("Fireteam Bravo may react first": the Reaction Test's winner), and another side's
        secret question is not told, not even by its neutral line."""
        c = self.controller
        d = c.pending()
        if d is None:
            return
        seat = c.seat_of(d)
        self.turn_panel.show_turn(d, seat.value, c.level_of(d.side) if seat is Seat.COMPUTER else "")
        self.turn_panel.prompt.setText(
            f"Waiting for the {theme.SIDE_NAMES.get(side, side)} player to take the seat.")

    def _on_beat(self) -> None:
        super()._on_beat()
        # the casualties crossed out in the throw now shown stay so until the next beat;
        # those of the throw before are dropped now
        self.table.table.fallen, self._crossed = self._crossed, set()
        self.show_table()
        self.show_next_turn()

    def show_next_turn(self) -> None:
        """While the dice tray shows an answer, the banner names who acts next in the live
        game (a computer's side: "thinking…"), and the prompt line says what the tray is
        doing: the question just answered stood there, "Regular player to decide" over
        it, while the computer's side was the one to act. The turn and the score stay
        the answer's until it is all shown (they would tell its dice before the tray)."""
        c = self.controller
        d = c.pending()
        if not c.busy or d is None or c.remote or c.watching:
            return
        seat = c.seat_of(d)
        self.turn_panel.show_turn(d, seat.value,
                                  c.level_of(d.side) if seat is Seat.COMPUTER else "")
        # short: the tray and the banner's tooltip say what it waits on, and the players'
        # line under it stays in the fixed-height Turn dock
        self.turn_panel.prompt.setText(WAITING if c.waiting_for else SHOWING)

    def _show_thinking(self, text: str | None) -> None:
        self.turn_panel.show_thinking(text)
        # the busy bar comes after the dock was fitted to the computer's question: its 5 px
        # gave the Turn dock a scroll bar at 1280x800, and the narrower panel then wrapped
        # the banner and the score to keep it
        self.fit_turn_dock()

    def _levels_changed(self) -> None:
        self.brief.set_game(self.game, self.controller.seats, self.controller.levels)

    def _on_game_over(self, result: Any) -> None:
        from ambush_gui.gui.table.dialogs import VictoryDialog

        self._close_prompts()
        self._refresh()
        self.dialog = VictoryDialog.for_game(self.game, self)
        self.dialog.watch.connect(lambda: self.theatre.show_index(0))
        self.dialog.show()
        self.place_over_map(self.dialog)  # over the map: the log and the docks stay in sight
        self.decision_panel.clear("The game is over.")

    def _refresh(self) -> None:
        c = self.controller
        game = c.shown  # mid-answer (a hot-seat player taking the seat): as it was shown
        d = c.pending()
        seat = c.seat_of(d).value if d is not None else "human"
        level = c.level_of(d.side) if d is not None and seat == "computer" else ""
        self.turn_panel.show_state(game, d, seat, level, self.asked_line(d) if d is not None else "")
        self.turn_panel.show_players(game, c.seats, c.levels)
        self.turn_panel.show_thinking(self.thinking_line())
        self.turn_panel.show_watching(self.watching_line())
        self.fit_turn_dock()
        self.show_table()
        self.update_undo()  # enabled, or greyed with why in its tips

    def show_table(self) -> None:
        """The table and the unit card as the game stands where the dice tray is: at each
        beat and wait of an answer shown at the pace, the game as it stood at the event
        shown (the live game is at the answer's end already: its casualties gone, its
        Morale results on the labels); the game itself once all is shown."""
        c = self.controller
        if not c.busy:
            self.table.table.fallen, self._crossed = set(), set()
        shown: Any = c.shown  # an Ambush Alley game in this window
        self.table.draw(shown)
        self.card.show_unit(shown, self.selected)

    def _view_changed(self) -> None:
        """Draw the table as the seated player sees it (his own hidden pieces too), with
        nothing left of the last player's looking: his selected unit, its card and his
        line-of-sight report stayed up under the next player's eyes (a play-test)."""
        self.table.table.viewer = self.controller.viewer
        self.table.forget_looking()
        self._refresh()

    def scenario_glance(self) -> str:
        """The rules reference's section on the scenario being played (F1 ▸ At a glance):
        what scores, as the Scenario and victory tab says it, and how to take in the
        scenario's escorts. It ended with Contracting Trouble's while Market Day was played."""
        from html import escape

        from ambush_gui.gui.table.brief import award_lines
        from ambush_gui.gui.table.scene import take_in_words

        game: Any = self.game  # an Ambush Alley game in this window
        names = {str(getattr(k, "value", k)): v.name for k, v in game.spec.sides.items()}
        parts = [f"<h3>This game: {escape(game.spec.title)}</h3>"]
        lines = award_lines(game)
        for side in ("regular", "insurgent"):
            mine = [line for s, line in lines if s == side]
            if mine:
                parts.append(f"<p><b>{escape(names.get(side, side))}</b> score: "
                             + "; ".join(escape(x) for x in mine) + ".</p>")
        escorts = [f for f in game.state.ground if f.kind.value == "contractor"] + [
            f for u in game.state.units.values() for f in u.figures if f.kind.value == "contractor"]
        if escorts:
            parts.append(f"<p>{escape(take_in_words(game, escorts))}</p>")
        parts.append(f"<p>The game lasts {game.spec.turn_limit} turns. The Scenario and victory "
                     "tab (Ctrl+B) tells the story and every award.</p>")
        return "".join(parts)

    def fit_turn_dock(self) -> None:
        """The Turn dock as tall as its panel asks (the Force on Force lines, the score): with
        The Orchard Battery's four modules it had to be scrolled at 1280x800. The unit card
        under it, which scrolls, gives up the room; the dock never shrinks here, so it does
        not jump from one decision to the next."""
        area = self.turn_dock.widget()
        if not isinstance(area, QScrollArea) or not self.isVisible():
            return
        short = self.turn_panel.heightForWidth(area.viewport().width()) - area.viewport().height()
        if short > 0:  # at most half the column: the unit card and the report keep theirs
            high = min(self.turn_dock.height() + short, self.height() // 2)
            # resizeDocks alone lands off (Qt shares the change out): the least height holds it
            self.turn_dock.setMinimumHeight(high)
            self.resizeDocks([self.turn_dock], [high], Qt.Orientation.Vertical)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        QTimer.singleShot(0, self.fit_turn_dock)  # once the docks have their sizes

    def _on_reset(self) -> None:
        self.brief.set_game(self.game, self.controller.seats, self.controller.levels)
        self.table.table.viewer = self.controller.viewer
        self.table.set_game(self.game)
        self.reload_log(self.game.log.events)
        self.tray.reload(self.game.log.events)

    def side_of(self, event: Any) -> str | None:
        """The side of a roll or outcome that does not say it: the unit it names, or the
        Insurgents for their reinforcement rolls."""
        game = self.game
        unit = game.state.units.get(event.data.get("unit")) if event.data.get("unit") else None
        if unit is not None:
            return str(unit.side.value)
        text = str(event.data.get("purpose") or event.text)
        if any(w in text for w in ("Insurgen", "Hot Spot", "RPG type", "Leader check",
                                   "Reinforcement")):
            return "insurgent"
        if "Abandoned casualty" in text:
            return "regular"
        return None

    def log_side(self, event: Any) -> str | None:
        """A log line's side: the unit that acts in it (the one that moves, fires or
        interrupts), else as :meth:`GameWindow.log_side` says."""
        game: Any = self.game  # an Ambush Alley game: its state has the units
        units = game.state.units
        for key in ("unit", "attacker", "insurgent"):
            unit = units.get(event.data.get(key)) if isinstance(event.data.get(key), str) else None
            if unit is not None:
                return str(unit.side.value)
        return super().log_side(event)

    def _on_highlight(self, decision: Decision, what: Any) -> None:
        """Show on the table what the player is looking at in a dialog."""
        game = self.game
        from ambush_gui.gui.table.mobs import is_destination_question

        if is_destination_question(decision.facts):  # where a mob may go: on the table
            self.table.table.mobs.show_destinations(decision.facts, decision.facts.get("labels", {}),
                                                    what if isinstance(what, str) else None)
        if decision.kind in (DecisionKind.ACTIVATE, DecisionKind.INSURGENT_ACT) \
                and isinstance(what, str) and what in self.table.game.state.units:
            self.table.select(what)  # the unit picked in the list: its card, its figures marked
        elif decision.kind in PATH_KINDS and isinstance(what, dict):
            self.table.show_interrupt(decision.facts.get("path"), what.get("at"), what.get("unit"))
        elif decision.kind is DecisionKind.FIRE and isinstance(what, str) and what in game.state.units:
            shooter = game.state.units.get(decision.facts.get("unit", ""))
            if shooter is not None:
                self.table.show_report(shooter, game.unit(what))

    def _on_opened(self, decision: Decision) -> None:
        """An interrupt's declared path is on the table as soon as it is asked; a mob's
        destinations too (gui/table/mobs.py)."""
        from ambush_gui.gui.table.mobs import is_destination_question

        if is_destination_question(decision.facts):
            self.table.table.mobs.show_destinations(decision.facts, decision.facts.get("labels", {}))
        if decision.kind in PATH_KINDS and decision.facts.get("path"):
            self.table.show_interrupt(decision.facts.get("path"), None, None)

    def units_of(self, decision: Decision) -> list[str]:
        """The acting unit, its target, the mover and the interrupters (read from the
        decision's facts and the units its options name)."""
        units = self.game.state.units
        out = [str(decision.facts[k]) for k in self.UNIT_FACTS
               if isinstance(decision.facts.get(k), str)]
        if decision.kind not in (DecisionKind.ACTIVATE, DecisionKind.INSURGENT_ACT):
            for o in decision.options:
                uid = o.get("unit") if isinstance(o, dict) else o
                if isinstance(uid, str):
                    out.append(uid)
        return [u for u in dict.fromkeys(out) if u in units]

    def unit_rect(self, uid: str) -> QRectF | None:
        items = [i for i in self.table.table.unit_figures(uid) if i.isVisible()]
        if not items:
            return None
        r = items[0].sceneBoundingRect()
        for i in items[1:]:
            r = r.united(i.sceneBoundingRect())
        return r

    def decision_rects(self, decision: Decision) -> list[QRectF]:
        """The units, and an interrupt's declared path (the player picks a point on it)."""
        rects = super().decision_rects(decision)
        path = decision.facts.get("path") if decision.kind in PATH_KINDS else None
        if path:
            flip = self.table.table.flip
            for x, y in path:
                p = flip.scene(x, y)
                rects.append(QRectF(p.x() - 0.5, p.y() - 0.5, 1.0, 1.0))
        return rects

    def _end_board_modes(self) -> None:
        if hasattr(self.table, "end_modes"):
            self.table.end_modes()
        self.table.clear_interrupt()
        self.table.clear_shot(held_only=True)
        self.table.table.mobs.clear_destinations()

    def _on_refused(self, why: str) -> None:
        self.statusBar().showMessage(f"Not allowed: {why}", 8000)
        if self.move_prompt is not None:
            self.move_prompt.show_error(why)

    def _on_select(self, uid: str) -> None:
        self.selected = uid
        self.card.show_unit(self.controller.shown, uid)

    def _on_hover(self, text: str) -> None:
        self.hover.setText(text)

    def show_rules(self) -> None:
        from ambush_gui.gui.shared.rules_help import open_reference

        open_reference(self, "alley")
