"""The Ambush Alley window over the free-measure table (and Force on Force on it)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.gui.shared.game_window import GameWindow
from ambush_gui.gui.shared.widgets import GameLog
from ambush_gui.gui.table.panels import TurnPanel, UnitCard


class MainWindow(GameWindow):
    """The Ambush Alley window: the free-measure table, the turn panel, the unit card,
    the log and the line-of-sight-and-dice panel."""

    board_name = "table"

    def dialog_for(self, decision: Decision, game: Any, parent: QWidget) -> Any:
        from ambush_gui.gui.table.dialogs import dialog_for

        return dialog_for(decision, game, parent)

    def _build(self) -> None:
        from ambush_gui.gui.table.view import TableView

        game = self.controller.game
        self.table = TableView(game, self)
        self.setCentralWidget(self.table)
        self.board = self.table
        self.table.unitSelected.connect(self._on_select)
        self.table.moveChosen.connect(self._answer)
        self.table.placeChosen.connect(self._answer)
        self.table.moveRefused.connect(self._on_refused)
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
        self.log = GameLog()
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        turn = self._dock("Turn", self.turn_panel, left, "turn")
        card = self._dock("Unit card", self.card, left, "card")
        log = self._dock("Game log", self.log, right, "log")
        hover = self._dock("Line of sight and dice", self.hover, right, "hover")
        # Give the table the room: narrow docks, the log taller than the hover panel.
        self.resizeDocks([turn, log], [290, 340], Qt.Orientation.Horizontal)
        self.resizeDocks([turn, card], [170, 400], Qt.Orientation.Vertical)
        self.resizeDocks([log, hover], [430, 230], Qt.Orientation.Vertical)

    def _on_decision(self, decision: Decision) -> None:
        from ambush_gui.gui.table.dialogs import MovePrompt

        self._close_prompts()
        self._refresh()
        self.statusBar().clearMessage()
        game = self.controller.game
        if decision.kind is DecisionKind.MOVE:
            self.table.begin_move(decision)
            self.move_prompt = MovePrompt(decision, game, self)
            self.move_prompt.chosen.connect(self._answer)
            self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self._prompt_dock(self.move_prompt))
            return
        if decision.kind is DecisionKind.PLACE:
            self.table.begin_place(decision)
            self.statusBar().showMessage(decision.prompt + " — click a marked spot on the table", 15000)
            return
        self._show_dialog(decision)

    def _on_computer(self, decision: Decision) -> None:
        self._close_prompts()
        who = "Regular" if decision.side == "regular" else "Insurgent"
        self.statusBar().showMessage(f"The {who} computer player is deciding: {decision.prompt}")
        self.turn_panel.show_state(self.controller.game, decision, "computer")

    def _on_game_over(self, result: Any) -> None:
        from ambush_gui.gui.table.dialogs import VictoryDialog

        self._close_prompts()
        self._refresh()
        self.dialog = VictoryDialog.for_game(self.controller.game, self)
        self.dialog.show()

    def _refresh(self) -> None:
        game = self.controller.game
        d = game.pending()
        seat = self.controller.seat_of(d).value if d is not None else "human"
        self.turn_panel.show_state(game, d, seat)
        self.table.refresh()
        self.card.show_unit(game, self.selected)
        self.undo_action.setEnabled(self.controller.can_undo())

    def _on_reset(self) -> None:
        self.table.set_game(self.controller.game)
        self.log.reload(self.controller.game.log.events)

    def _on_highlight(self, decision: Decision, what: Any) -> None:
        """Show on the table what the player is looking at in a dialog."""
        game = self.controller.game
        if decision.kind is DecisionKind.INTERRUPT and isinstance(what, dict):
            self.table.show_interrupt(decision.facts.get("path"), what.get("at"), what.get("unit"))
        elif decision.kind is DecisionKind.FIRE and isinstance(what, str) and what in game.state.units:
            shooter = game.state.units.get(decision.facts.get("unit"))
            if shooter is not None:
                self.table.show_report(shooter, game.unit(what))

    def _end_board_modes(self) -> None:
        if hasattr(self.table, "end_modes"):
            self.table.end_modes()
        self.table.clear_interrupt()

    def _on_refused(self, why: str) -> None:
        self.statusBar().showMessage(f"Not allowed: {why}", 8000)
        if self.move_prompt is not None:
            self.move_prompt.show_error(why)

    def _on_select(self, uid: str) -> None:
        self.selected = uid
        self.card.show_unit(self.controller.game, uid)

    def _on_hover(self, text: str) -> None:
        self.hover.setText(text)

    def show_rules(self) -> None:
        from ambush_gui.gui.shared.rules_help import open_reference

        open_reference(self, "alley")
