"""The Ambush! window: the hex map in the centre, the mission, AR Track and soldier card
on the left, the paragraph reader, the last fire and the game log on the right.

It is the sibling of the Ambush Alley :class:`~ambush_gui.gui.shared.game_window.MainWindow`
(both are :class:`~ambush_gui.gui.shared.game_window.GameWindow`: one controller, one set of
menus, the same save, open, undo and autosave). What differs is where a person answers:

- ``AMBUSH_OPERATIONS`` and ``AMBUSH_MOVE`` on the map: the hexes the engine offers are
  highlighted with their Movement Point cost; a click (or a drag from the counter along
  the hexes) enters one, and its Paragraph Check follows at once. The step prompt in a
  dock holds the other answers (stop, end the turn, a stance change, a snap shot).
- every other decision in its dialog (``gui/hexmap/dialogs/actions.py``).

The German side is played by the paragraphs: each paragraph read shows in the reader
with the option taken, its red references are drawn on the map, and a German's move
slides his counter hex by hex once the state has been redrawn.

Every fire and throw, either side's, shows step by step in the "Last fire" dock
(:class:`~ambush_gui.gui.hexmap.fire_panel.FirePanel`), tabbed with the reader: the dock that
comes forward after an answer is the fire panel if anything was fired or thrown in it,
else the reader if a paragraph was read. A throw that scattered draws its own arrow on
the map, apart from the red references.
"""

from __future__ import annotations

import html
import math
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QShowEvent
from PySide6.QtWidgets import QDockWidget, QMenu, QScrollArea, QStyle, QTabBar, QWidget

from ambush_gui.ambush.actions import enter_cost
from ambush_gui.ambush.charts import Side
from ambush_gui.ambush.game import AmbushGame
from ambush_gui.ambush.model import Mode
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.events import Event
from ambush_gui.core.hexgrid import Hex
from ambush_gui.core.words import capital, whose
from ambush_gui.gui.hexmap.dialogs import ON_THE_MAP  # noqa: E402
from ambush_gui.gui.hexmap.wording import german_names, news_side, shown  # noqa: E402
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.shared.game_window import GameWindow, scrolling
from ambush_gui.gui.shared.widgets import GameLog

MISSION_MIN_HEIGHT = 205
"""The Mission dock's least height: its wrapped lines never squeezed, even at 1280x800."""

OPERATIONS_LEAVES = 320
"""The Mission dock may grow for its text (a tutorial's lesson) up to the window's height
less this, which the AR Track and the cards keep; in a Round, less what the AR Track and
the cards' tab need at their least (:meth:`AmbushWindow._fit_mission`)."""


# the Mission panel's banner while an answer's events are shown, not a decision


class AmbushWindow(GameWindow):
    """One Ambush! mission, played solo against the German paragraphs."""

    @property
    def game(self) -> AmbushGame:
        """The mission in play: this window's controller always holds an Ambush! game."""
        game = self.controller.game
        assert isinstance(game, AmbushGame)
        return game

    board_name = "map"
    window_kind = "hexmap"

    BACK_ALWAYS_SHOWN = True  # play-test: the Back of a man's turn came and went

    def dialog_for(self, decision: Decision, game: Any, parent: QWidget) -> Any:
        from ambush_gui.gui.hexmap.dialogs import dialog_for

        return dialog_for(decision, game, parent)
    computer_players = False  # the paragraphs play the Germans inside each answer (the pace
    # still sets how fast their events are shown)

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        self._moves: list[tuple[str, list[str]]] = []  # German moves since the last redraw
        self._ops_paths: dict[str, list[str]] = {}  # this Operations turn's hexes, per soldier
        self._ops_turn = 0
        self._steps: dict[str, Any] = {}  # hex label -> the answer that enters it
        self._shown: dict[str, str] = {}  # counter id -> the hex the map shows it in
        self._named: dict[str, str] = {}  # counter id -> his name and state as drawn then
        self._fit_pending = False  # the Mission dock's fit is asked for the next turn of the loop
        self._read = False  # a paragraph was read since the last redraw
        self._germans_named: list[str] = []  # Germans the events named since the last decision
        self._fresh_germans: list[str] = []  # ... those, for the decision now open
        self._appeared: list[tuple[str, str]] = []  # (hex, name) of Germans activated since a redraw
        self._labels: list[tuple[str, str]] = []  # (soldier label, side), longest first
        self._move_ended = ""  # the status bar's word on it, after the next decision opens
        self._hovered = ("", "")  # the hex under the mouse, and what the status bar said of it
        self._standing: dict[int, list[tuple[int, str]]] = {}  # id(event) -> the points after it
        self._logged: Event | None = None  # the last event the engine logged
        self._tallied: Any = None  # the game whose log _tally follows
        super().__init__(controller, parent)

    # -- building -----------------------------------------------------------------------------
    def _build(self) -> None:
        from ambush_gui.gui.hexmap.fire_panel import FirePanel
        from ambush_gui.gui.hexmap.panels import (
            ARTrackWidget,
            MissionPanel,
            ParagraphReader,
            SoldierCard,
            SquadList,
        )
        from ambush_gui.gui.hexmap.view import HexMapView

        game = self.game
        self._follow_log(game)
        self.map = HexMapView(game.state.map, self)
        self.board = self.map
        self.setCentralWidget(self.map)
        self.map.hexClicked.connect(self._on_hex)
        self.map.stepDragged.connect(self._on_drag_step)
        self.map.counterClicked.connect(self._on_counter)
        self.map.hexHovered.connect(self._on_hover)

        self.mission_panel = MissionPanel()
        self.track = ARTrackWidget()
        self.track.soldierClicked.connect(self._on_pick)
        self.track.installEventFilter(self)  # its markers grow it: it asks for room (below)
        self.card = SoldierCard()
        self.squad = SquadList()
        self.squad.soldierClicked.connect(self._on_pick)
        self.reader = ParagraphReader()
        self.reader.set_mission(game.scenario)
        self.reader.referencesShown.connect(self._on_references)
        self.fire_panel = FirePanel()
        self.fire_panel.set_game(game)
        self.fire_panel.throwShown.connect(self._on_throw_shown)
        self.log = GameLog()
        # flushed once per answer, in _refresh
        self.log.deferred = self.reader.deferred = self.fire_panel.deferred = True
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        # scrolling: the tutorial's line may make it taller than its share of the column
        mission = self._dock("Mission", scrolling(self.mission_panel), left, "turn")
        mission.setMinimumHeight(MISSION_MIN_HEIGHT)  # its wrapped lines never squeezed
        # scrolling: at the largest text scale the column's docks asked more than the screen
        # and were drawn over each other
        track = self._dock("AR Track", scrolling(self.track), left, "track")
        card = self._dock("Soldier card", scrolling(self.card), left, "card")
        squad = self._dock("Squad", self.squad, left, "squad")  # tabbed with the cards
        # the right column: the Decision dock (GameWindow's), the reading docks, the log
        # scrolling: at the largest text scale its heading and list were squeezed over each
        # other; it keeps the least height it has at the normal scale (the Decision dock's
        # commit button stands where it stood, issue 29)
        least = round(self.reader.minimumSizeHint().height() / theme.comfort.scale)
        reader = self._dock("Paragraphs", scrolling(self.reader, least=least), right, "reader")
        # scrolling: it gives way to a decision's list of choices (yielding)
        least = round(self.fire_panel.minimumSizeHint().height() / theme.comfort.scale)
        self.fire_dock = self._dock("Last fire", scrolling(self.fire_panel, least=least), right,
                                    "fire")
        self.tabifyDockWidget(reader, self.fire_dock)  # tabbed, not stacked: both keep their height
        self.reader_dock = reader
        reader.raise_()
        log = self._dock("Game log", self.log, right, "log")
        self.log_dock = log
        self._build_booklet(card, squad, reader)
        self.resizeDocks([mission, reader], [300, 330], Qt.Orientation.Horizontal)
        self.resizeDocks([mission, track, card], [215, 235, 300], Qt.Orientation.Vertical)
        self.resizeDocks([self.decision_dock, reader, log], [330, 260, 180], Qt.Orientation.Vertical)

    # -- the booklet: brief, German card, Mission Card, tutorial ---------------------------------
    def _build_booklet(self, card: QDockWidget, squad: QDockWidget, reader: QDockWidget) -> None:
        """What the booklet shows beside the map: the German card tabbed with the soldier card
        and the squad list (left), the mission brief and the Mission Card tabbed with the
        paragraphs (right), and the tutorial's line in the Mission panel. A game opened from
        a save shows the paragraphs and fires already read."""
        from ambush_gui.gui.hexmap.brief import MissionBrief
        from ambush_gui.gui.hexmap.german_card import GermanCardView
        from ambush_gui.gui.hexmap.mission_card import MissionCardView
        from ambush_gui.gui.hexmap.tutorial import is_tutorial, taught_before

        game = self.game
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        self.german_card = GermanCardView()
        self.german_card.soldierPicked.connect(self._on_select)
        self.german_dock = self._dock("German", scrolling(self.german_card), left, "german")
        card.setWindowTitle("Soldier")  # short tab titles: the column is narrow
        self.tabifyDockWidget(card, squad)
        self.tabifyDockWidget(card, self.german_dock)
        self.card_dock, self.squad_dock = card, squad
        squad.raise_()  # Operations first: the men to pick, most of them still off the map
        self._tutorial = is_tutorial(game)
        self._tutorial_done_said = False
        # the tutorial's lessons taught: each with its phase and the decision it came at
        # (those taught before the game was last closed: at no phase, shown no more; they
        # stay in the brief, to read again)
        self._taught: list[tuple[str, Any, Decision | None]] = [
            (k, None, None) for k in (taught_before(game) if self._tutorial else [])]
        self._noted: dict[str, Any] = {}  # the "cannot now" notes said, each said once
        self.brief = MissionBrief()
        self.brief.set_mission(game.spec, game.charts, self._lessons_taught())
        self.brief.closed.connect(self.close_brief)
        self.brief_dock = self._dock("Brief", self.brief, right, "brief")
        # its page scrolls: its least is no more than the paragraphs' when they give way
        self.brief.page.setMinimumHeight(40)
        self.mission_card = MissionCardView()
        self.mission_card.checksToggled.connect(self.show_checks)
        self.card_view_dock = self._dock("Mission Card", scrolling(self.mission_card), right,
                                         "mission-card")
        for dock in (self.brief_dock, self.card_view_dock):
            self.tabifyDockWidget(reader, dock)
        # the Mission Card may be closed; the brief's tab is always there (issue 29)
        self.card_view_dock.setFeatures(self.card_view_dock.features()
                                        | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.card_view_dock.hide()
        self._hide_stale_tab_bars()
        self.mission_panel.briefRequested.connect(self.show_brief)
        self.mission_panel.cardRequested.connect(self.show_mission_card)
        self.reader.reload(game.log.events, game.scenario)  # a save opened: what was read
        self.fire_panel.reload(game.log.events)
        self._brief_in_front(not game.decisions)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """The AR Track's layout asks again (markers moved, a line wrapped): make room for it
        once the layout has settled (:meth:`_fit_track`)."""
        if watched is self.track and event.type() == QEvent.Type.LayoutRequest:
            self._fit_mission_soon()
        return super().eventFilter(watched, event)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._hide_stale_tab_bars()
        QTimer.singleShot(0, self._fit_mission)  # once the docks have their first sizes

    def yielding(self) -> list[tuple[QWidget, int]]:
        """The reading docks (the paragraphs, the last fire, the brief, the Mission Card)
        give way to a decision's list of choices down to the paragraph's number and first
        lines (``theme.PARAGRAPH_HEAD_LINES``): the paragraph the decision is about stays
        in sight."""
        reader = self.reader
        line = reader.text.fontMetrics().lineSpacing()
        head = reader.text.mapTo(reader, QPoint(0, 0)).y() if reader.text.isVisible() \
            else reader.number.mapTo(reader, QPoint(0, reader.number.height())).y()
        least = max(head, 0) + line * theme.PARAGRAPH_HEAD_LINES + 8
        docks = [self.reader_dock, *self.tabifiedDockWidgets(self.reader_dock)]
        return [(d.widget(), least) for d in docks if d.widget() is not None]

    def _room_for_the_card(self) -> None:
        """Give the cards' tab the left column's spare height (the Mission and AR Track docks
        keep what they need), so a German's table shows without scrolling where it can."""
        mission = self.findChild(QDockWidget, "dock-turn")
        track = self.findChild(QDockWidget, "dock-track")
        lay = self.mission_panel.layout()
        shown = track.widget() if track is not None else None
        if mission is None or track is None or lay is None or shown is None:
            return
        if not (mission.isVisible() and track.isVisible()):
            return
        whole = lay.totalHeightForWidth(self._mission_width()) if lay.hasHeightForWidth() \
            else lay.totalSizeHint().height()
        need = [max(mission.minimumHeight(), whole + 28), shown.sizeHint().height() + 24]
        total = mission.height() + track.height() + self.german_dock.height()
        rest = total - sum(need)  # Qt scales sizes that overflow: give exact shares
        if rest > self.german_dock.height():  # never less than it has
            self.resizeDocks([mission, track, self.german_dock], [*need, rest],
                             Qt.Orientation.Vertical)

    def _hide_stale_tab_bars(self) -> None:
        """Qt leaves a second, orphaned tab bar behind when a window's second group of docks
        is tabbed (and shows it with the window): it would be drawn over the AR Track with
        the group's first two tabs. A bar whose tabs are all on a fuller bar is that orphan."""
        bars = self.findChildren(QTabBar)
        tabs = {bar: {bar.tabText(i) for i in range(bar.count())} for bar in bars}
        for bar in bars:
            if any(other is not bar and tabs[bar] < tabs[other] for other in bars):
                bar.hide()

    def _reset_booklet(self) -> None:
        """Another game in the window (a save opened, an undo): its brief, its tutorial."""
        from ambush_gui.gui.hexmap.tutorial import is_tutorial

        game = self.game
        self._tutorial = is_tutorial(game)  # the lessons taught stay taught: the player
        self.brief.set_mission(game.spec, game.charts, self._lessons_taught())  # learnt them
        if not self._tutorial:
            self.mission_panel.set_hint("")

    def _menus(self) -> None:
        super()._menus()
        self._booklet_menus()

    def _booklet_menus(self) -> None:
        """Help ▸ Mission brief (Ctrl+B) and Mission Card (Ctrl+M); View ▸ Paragraph Check
        hexes (C)."""
        bar = self.menuBar()
        menus = {a.text().replace("&", ""): m for a in bar.actions()
                 if isinstance(m := a.menu(), QMenu)}
        help_, view = menus.get("Help"), menus.get("View")
        if help_ is not None:
            first = help_.actions()[0] if help_.actions() else None
            for text, key, slot, tip in (
                    ("Mission &brief", "Ctrl+B", self.show_brief,
                     "The mission brief, victory conditions and special rules"),
                    ("Mission &Card", "Ctrl+M", self.show_mission_card,
                     "The Conditions, the Event column and the Paragraph Checks")):
                a = QAction(text, self)
                a.setShortcut(QKeySequence(key))
                a.setStatusTip(tip)
                a.triggered.connect(slot)
                if first is not None:
                    help_.insertAction(first, a)
                else:
                    help_.addAction(a)
            if first is not None:
                help_.insertSeparator(first)
        self.checks_action = QAction("Paragraph &Check hexes", self, checkable=True)
        self.checks_action.setShortcut(QKeySequence("C"))
        self.checks_action.setStatusTip("Mark the hexes with a Paragraph Check (hover one for "
                                        "its paragraph)")
        self.checks_action.toggled.connect(self.show_checks)
        if view is not None:
            view.addSeparator()
            view.addAction(self.checks_action)

    def layout_restored(self) -> None:
        """A mission starting opens on its brief, whatever the last game's docks were: the
        restored layout hid it after a program restart (issue 29, defect 4)."""
        self._brief_in_front(not self.game.decisions)

    def _brief_in_front(self, first: bool) -> None:
        """The brief's tab is always there (a layout kept from a game under way had it
        closed: issue 29); ``first`` (a mission starting) in front, else the paragraphs."""
        self.brief_dock.show()
        (self.brief_dock if first else self.reader_dock).raise_()

    def show_brief(self) -> None:
        """Bring the mission brief forward (it is a tab of the right-hand column)."""
        self.brief_dock.show()
        self.brief_dock.raise_()

    def close_brief(self) -> None:
        """Back to the paragraphs; the brief's tab stays, one click away."""
        self.reader_dock.raise_()

    def show_mission_card(self) -> None:
        self.card_view_dock.show()
        self.card_view_dock.raise_()

    def show_checks(self, on: bool) -> None:
        """Mark (or unmark) the hexes with a Paragraph Check under the Condition in force;
        the menu entry and the Mission Card's box follow each other."""
        from ambush_gui.gui.hexmap.mission_card import check_hexes

        for toggle in (self.checks_action, self.mission_card.show_checks):
            if toggle.isChecked() != on:
                blocked = toggle.blockSignals(True)
                toggle.setChecked(on)
                toggle.blockSignals(blocked)
        game = self.game
        self.map.show_checks(check_hexes(game.scenario, game.state.condition) if on else {})

    def _refresh_booklet(self, decision: Decision | None) -> None:
        """The German card, the Mission Card, the check overlay and the tutorial's line, after
        every answer."""
        from ambush_gui.gui.hexmap.tutorial import (
            DONE,
            done_lessons,
            remember_taught,
            teaching,
            teaching_due,
            tutorial_hint,
        )

        game = self.game
        sel = self.selected
        german = sel if sel is not None and sel in game.state.soldiers \
            and game.state.soldiers[sel].side is Side.GERMAN else None
        self.german_card.show_state(game, german)
        self.mission_card.show_state(game.scenario, game.state.condition)
        if self.checks_action.isChecked():
            self.show_checks(True)  # the Condition may have changed
        if not self._tutorial:
            return
        us = {s.id for s in game.state.side(Side.US, active=False)}
        done = done_lessons(game.log.events, us)
        mover = self.mover(decision) if decision is not None \
            and decision.kind is DecisionKind.AMBUSH_OPERATIONS else None
        hint = tutorial_hint(game, decision, done, mover, self._noted)
        if not hint and len(done) == 4 and not self._tutorial_done_said:
            hint, self._tutorial_done_said = DONE, True
            self.statusBar().showMessage(DONE, 10000)
        # the lesson whose situation has arisen, above the line; in Operations it stays
        # while the walk goes on, in the figures of the moment. In a fight the column is
        # short (the AR Track takes its room): a lesson stands alone at the decision it is
        # taught at, the Decision dock saying what to do, and the line comes back after.
        # Every lesson taught stays in the brief, to read again.
        phase = (game.state.mode, game.rounds_fought)
        taught_here = bool(self._taught) and self._taught[-1][2] is decision
        due = None if taught_here else teaching_due(game, decision,
                                                    [k for k, _, _ in self._taught])
        if due is not None:  # one lesson a decision, however often the window looks
            self._taught.append((due, phase, decision))
            remember_taught(game, [k for k, _, _ in self._taught])
            self.brief.set_mission(game.spec, game.charts, self._lessons_taught())
        fight = game.state.mode is Mode.ROUNDS
        last = self._taught[-1] if self._taught else None
        if last is not None and last[1] == phase and (last[2] is decision or not fight):
            lesson = teaching(last[0], game, decision)
            hint = lesson + (f"<br>▶ {html.escape(hint)}" if hint and not fight else "")
        if hint != self.mission_panel.hint.text():
            self.mission_panel.set_hint(hint)
            self._fit_mission()

    def _lessons_taught(self) -> list[str]:
        """The tutorial's lessons taught so far, for the brief (none outside a tutorial)."""
        from ambush_gui.gui.hexmap.tutorial import teaching

        if not self._tutorial:
            return []
        return [teaching(k, self.game) for k, _, _ in self._taught]

    def _mission_width(self) -> int:
        """The width the Mission panel's lines are measured at: the dock's, less its scroll
        bar whether it shows or not. Measured at the panel's own width, the height it asked
        for changed as the scroll bar came and went: at 150% text in a Round the dock grew,
        the bar went, it shrank, the bar came... and it was mostly seen with its lines cut
        mid-line and no scroll bar (a play-test)."""
        area = self.mission_panel.parentWidget()
        area = area.parentWidget() if area is not None else None  # the viewport's scroll area
        if not isinstance(area, QScrollArea):
            return max(self.mission_panel.width(), 240)
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, area)
        return max(area.width() - bar, 240)

    def _fit_mission_soon(self) -> None:
        """:meth:`_fit_mission` once the panel's lines have their new widths; asked many
        times, it runs once."""
        if not self._fit_pending:
            self._fit_pending = True
            QTimer.singleShot(0, self, self._fit_mission)

    def _fit_mission(self) -> None:
        """Keep the Mission dock tall enough for what it says (the tutorial's lesson, a long
        title, the prompt under them: at 1280x800 the last lines were cut once Rounds gave
        the AR Track its height): its least height follows its lines, and the docks below
        give the room down to their own least. Capped at half the window, the tutorial's
        first lesson scrolled its "what to do" line out of sight; uncapped, a lesson in a
        Round made the window 835 pixels tall on an 800-pixel screen, the cards' tabs off it."""
        self._fit_pending = False
        mission = self.findChild(QDockWidget, "dock-turn")
        lay = self.mission_panel.layout()
        if mission is None or lay is None or not self.isVisible():
            return
        whole = lay.totalHeightForWidth(self._mission_width()) if lay.hasHeightForWidth() \
            else lay.totalSizeHint().height()
        frame = mission.height() - mission.widget().height()  # the title bar
        # as tall as its lines, but never so tall that the window's least height passes the
        # screen's: the rest of the column (the AR Track, the cards' tabs) keeps its least
        screen = self.screen()
        tall = min(self.height(), screen.availableGeometry().height()) if screen else self.height()
        least = max(MISSION_MIN_HEIGHT, min(whole + frame + 4, tall - OPERATIONS_LEAVES))
        # in a Round the AR Track (markers stacked in a narrow box) and the cards' tab need
        # their least: the dock gives back what the window lacks, its text scrolling, so the
        # cards' tabs stay on the screen (half off a 1280x800 one in Hedgerows). Capped at two
        # fifths, a tutorial lesson's last line was cut where the column had room for it.
        # The least is worked out whole before it is set: set to the lines' height and then
        # taken back, the dock grew and shrank at every fit, its scroll bar hidden as often
        # as shown, and each change asked for another fit (at 150% text, a Round's panel
        # showed cut lines and no scroll bar).
        self._fit_track()
        own = max(mission.minimumHeight(), mission.minimumSizeHint().height())
        over = self._left_column_least() - own + max(least, mission.minimumSizeHint().height()) - tall
        target = max(MISSION_MIN_HEIGHT, least - over) if over > 0 and least > MISSION_MIN_HEIGHT \
            else least
        if target != mission.minimumHeight():
            mission.setMinimumHeight(target)
        if target < least and mission.height() > target:
            # laid out taller before, the dock kept that height over the AR Track's title:
            # the layout, its share already at the new least, never set it again
            mission.resize(mission.width(), target)
            QTimer.singleShot(0, self, lambda: self.resizeDocks(
                [mission], [mission.minimumHeight()], Qt.Orientation.Vertical))
        # the Mission dock at its least and still over (larger text: the AR Track's spaces
        # two by two under their halves' names): the track gives back the rest and scrolls,
        # the window stays on the screen
        over = self._left_column_least() - tall
        track = self.findChild(QDockWidget, "dock-track")
        if over > 0 and track is not None and track.minimumHeight() > 0:
            frame = track.height() - track.widget().height()
            floor = track.widget().minimumSizeHint().height() + frame
            track.setMinimumHeight(max(track.minimumHeight() - over, floor))
            track.resize(track.width(), track.minimumHeight())

    def _fit_track(self) -> None:
        """Keep the AR Track dock as tall as its spaces: at 1280x800 (and 1920x1080) a Round
        showed its first row only, Panic, Complete and Inactive scrolled out of sight under a
        half-empty Mission panel. The Mission dock gives back what the column then lacks
        (:meth:`_fit_mission`)."""
        track = self.findChild(QDockWidget, "dock-track")
        if track is None:
            return
        lay = self.track.layout()
        hint = self.track.sizeHint().height()
        width = max(self.track.width(), 240)
        whole = lay.totalHeightForWidth(width) if lay is not None and lay.hasHeightForWidth() \
            else hint
        need = max(whole, hint) + track.height() - track.widget().height()
        least = need if need > track.widget().minimumHeight() else 0  # 0: its own least
        if least != track.minimumHeight():
            track.setMinimumHeight(least)

    def _left_column_least(self) -> int:
        """The least height of the window's left column: the Mission dock, the AR Track and
        the cards' tab group with its tab bar, between the menu and the status bars."""
        gap = self.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent, None, self)
        track = self.findChild(QDockWidget, "dock-track")
        cards = [self.card_dock, self.squad_dock, self.german_dock]
        mission = self.findChild(QDockWidget, "dock-turn")

        def least(d: QDockWidget | None) -> int:
            return max(d.minimumHeight(), d.minimumSizeHint().height()) if d is not None else 0

        bars = [b for b in self.findChildren(QTabBar) if b.isVisible()
                and "Squad" in [b.tabText(i) for i in range(b.count())]]
        return (least(mission) + least(track) + max(least(d) for d in cards) + 2 * gap
                + (bars[0].sizeHint().height() if bars else 0)
                + self.menuBar().sizeHint().height() + self.statusBar().sizeHint().height())

    def _view_menu(self, view: Any) -> None:
        grid = QAction("Hex &outlines", self, checkable=True, checked=True)
        grid.setShortcut(QKeySequence("G"))
        grid.setStatusTip("Show or hide the hex outlines")
        grid.toggled.connect(self.map.set_grid_visible)
        numbers = QAction("Hex &numbers", self, checkable=True, checked=True)
        numbers.setShortcut(QKeySequence("N"))
        numbers.setStatusTip("Show or hide the hex numbers (column, row)")
        numbers.toggled.connect(self.map.set_labels_visible)
        view.addSeparator()
        view.addAction(grid)
        view.addAction(numbers)
        view.addSeparator()
        for text, key, step in (("Next soldier to &move", "Tab", 1),
                                ("&Previous soldier to move", "Shift+Tab", -1)):
            a = QAction(text, self)
            a.setShortcut(QKeySequence(key))
            a.setStatusTip("In an Operations turn: the next soldier who may still move "
                           "(his hexes light up on the map)")
            a.triggered.connect(lambda _=False, step=step: self.next_mover(step))
            view.addAction(a)
        self._hex_key_menu(view)

    def _hex_key_menu(self, view: Any) -> None:
        """View ▸ Move from the keyboard: the arrows pick the next or previous hex the mover
        may enter (round him, clockwise), Enter enters it. Enabled only while a hex is asked."""
        menu = view.addMenu("Move from the &keyboard")
        menu.setToolTipsVisible(True)
        self.hex_keys = self.key_actions(menu, (
                ("&Next hex he can enter", ("Right", "Down"), lambda: self.pick_step(1),
                 "The next highlighted hex round the soldier, clockwise (Right or Down)"),
                ("&Previous hex he can enter", ("Left", "Up"), lambda: self.pick_step(-1),
                 "The previous highlighted hex round the soldier (Left or Up)"),
                ("&Enter that hex", ("Return", "Enter"), self.enter_picked,
                 "He enters the hex the arrows picked (with none picked, the first is shown)")))
        self._picked_hex: str | None = None
        self.controller.decisionPending.connect(self._update_hex_keys)
        self.controller.stateChanged.connect(self._update_hex_keys)

    def _update_hex_keys(self, *_: Any) -> None:
        """The hex keys work while a person's move on the map is asked, and only then (the
        arrows are the lists' otherwise)."""
        d = self.controller.pending()
        on = d is not None and d.kind in ON_THE_MAP and self.controller.seat_of(d) is Seat.HUMAN
        for a in self.hex_keys:
            a.setEnabled(on)
        self._picked_hex = None
        self.map.pick_hex(None)

    def pick_step(self, step: int) -> str | None:
        """Pick the next (1) or previous (-1) hex the mover may enter, clockwise round him."""
        d = self.controller.pending()
        who = self.mover(d) if d is not None else None
        if d is None or who is None or not self._steps:
            return None
        game = self.game
        s = game.state.soldiers[who]
        centre = self.map.geo.centre[s.hex] if s.hex is not None else None

        def angle(label: str) -> float:
            if centre is None:
                return 0.0
            p = self.map.geo.centre[Hex.from_label(label)] - centre
            return math.atan2(p.y(), p.x())

        ring = sorted(self._steps, key=angle)
        i = ring.index(self._picked_hex) + step if self._picked_hex in ring else (0 if step > 0 else -1)
        self._picked_hex = ring[i % len(ring)]
        self.map.pick_hex(self._picked_hex)
        self.statusBar().showMessage(
            f"{s.name} would enter {self._picked_hex}: Enter to go, the arrows for another", 6000)
        return self._picked_hex

    def enter_picked(self) -> None:
        """Enter the picked hex; with none picked, pick the first (nothing unseen is answered)."""
        if self._picked_hex is None or self._picked_hex not in self._steps:
            self.pick_step(1)
            return
        label, self._picked_hex = self._picked_hex, None
        self.map.pick_hex(None)
        self._on_hex(label)

    def next_mover(self, step: int = 1) -> str | None:
        """In Operations, make the next (or previous) soldier who may move the mover: the
        keyboard's way to pick a soldier whose counter stands in a hex the mover could
        enter. Returns his id, or None outside Operations."""
        d = self.controller.pending()
        if d is None or d.kind is not DecisionKind.AMBUSH_OPERATIONS:
            return None
        movers = list(dict.fromkeys(o["soldier"] for o in d.options
                                    if isinstance(o, dict) and "soldier" in o))
        if not movers:
            return None
        now = self.mover(d)
        i = movers.index(now) if now in movers else -step
        who = movers[(i + step) % len(movers)]
        self._on_pick(who)
        name = self.game.state.soldiers[who].name
        self.statusBar().showMessage(f"{name} moves: click a highlighted hex (Tab: the next soldier)",
                                     5000)
        return who

    # -- the game flow --------------------------------------------------------------------------
    def _on_decision(self, decision: Decision) -> None:
        from ambush_gui.gui.hexmap.dialogs.actions import AmbushStepPrompt

        self._close_prompts()  # the docks were redrawn just before, on stateChanged
        self.statusBar().clearMessage()
        if self._move_ended:  # said after, where the player looks next
            self.statusBar().showMessage(self._move_ended, 10000)
            self._move_ended = ""
        self._fresh_germans, self._germans_named = self._germans_named, []
        game = self.game
        if decision.kind in ON_THE_MAP:
            self.move_prompt = AmbushStepPrompt()
            self.move_prompt.set_decision(decision, game)
            self.move_prompt.chosen.connect(self._answer)
            self._show_steps(decision)
            self._host(self.move_prompt, decision)
            return
        self._show_dialog(decision)

    def units_of(self, decision: Decision) -> list[str]:
        """The soldier acting (or moving, firing, and his partner), the targets his options
        name, and the Germans the events named since the last decision (the German who
        has just appeared, the one who fired)."""
        soldiers = self.game.state.soldiers
        f = decision.facts
        out = [str(f[k]) for k in ("soldier", "firer", "partner") if isinstance(f.get(k), str)]
        if decision.kind is DecisionKind.AMBUSH_OPERATIONS:
            who = self.mover(decision)
            out += [who] if who else []
        for o in decision.options:
            if isinstance(o, dict) and isinstance(o.get("target"), str):
                out.append(o["target"])
        out += self._fresh_germans
        return [s for s in dict.fromkeys(out) if s in soldiers]

    def unit_rect(self, uid: str) -> QRectF | None:
        item = self.map._items.get(uid)
        if item is None or not item.isVisible():
            return None
        return item.sceneBoundingRect()

    def mover(self, decision: Decision) -> str | None:
        """Whose hexes the map offers: the soldier moving, or in Operations the selected
        soldier if he may move (else the first who may)."""
        if decision.kind is DecisionKind.AMBUSH_MOVE:
            return str(decision.facts.get("soldier"))
        movers = [o["soldier"] for o in decision.options if isinstance(o, dict)]
        if self.selected in movers:
            return self.selected
        return movers[0] if movers else None

    def steps(self, decision: Decision, who: str | None) -> dict[str, Any]:
        """Hex label -> the answer that enters it, for ``who``."""
        out: dict[str, Any] = {}
        for o in decision.options:
            if not isinstance(o, dict) or o.get("to") in (None, "off"):
                continue
            if decision.kind is DecisionKind.AMBUSH_OPERATIONS and o.get("soldier") != who:
                continue
            out[o["to"]] = o
        return out

    def _show_steps(self, decision: Decision) -> None:
        game = self.game
        who = self.mover(decision)
        if who is None:
            self.map.clear_steps()
            return
        if self.map.dragging not in (None, who):  # his drag ends where his points do
            self._steps = {}
            self.map.clear_steps()
            return
        if who != self.selected:
            self._on_select(who)
        s = game.state.soldiers[who]
        self._steps = self.steps(decision, who)
        costs = {}
        for label in self._steps:
            cost = enter_cost(game, s, s.hex, Hex.from_label(label))
            costs[label] = f"{cost} MP" if cost is not None else ""
        if decision.kind is DecisionKind.AMBUSH_MOVE:
            path = [*([decision.facts["from"]] if decision.facts.get("from") else [])]
            entered = list(decision.facts.get("entered", []))
            path = self._path_before(who, entered) + entered if entered else path
            note = f"{decision.facts.get('left', 0)} MP left"
        else:
            turn = int(decision.facts.get("turn", 0))
            if turn != self._ops_turn:
                self._ops_turn, self._ops_paths = turn, {}
            path = self._ops_paths.get(who, [])
            if path and s.hex is not None and path[-1] != s.hex.label:
                path = []
            if not path and s.hex is not None:
                path = [s.hex.label]
            left = decision.facts.get("mp_left", {}).get(who)
            note = f"{left} of {s.mpa} MP left" if left is not None else ""
        self.map.show_steps(costs, path or None, note)

    def _path_before(self, who: str, entered: list[str]) -> list[str]:
        """The hex he started this move from: the ``frm`` of his first move event."""
        game = self.game
        for e in reversed(game.log.events):
            if e.kind == "move" and e.data.get("soldier") == who and e.data.get("to") == entered[0]:
                frm = e.data.get("frm")
                return [frm] if frm else []
        return []

    def _on_hex(self, label: str) -> None:
        """A hex clicked (or dragged into): enter it if the open decision offers it."""
        d = self.controller.pending()
        if d is None or d.kind not in ON_THE_MAP:
            return
        choice = self._steps.get(label)
        if choice is None:
            game = self.game
            movers = {o["soldier"] for o in d.options if isinstance(o, dict) and "soldier" in o}
            here = [s.id for s in game.state.in_hex(Hex.from_label(label), Side.US) if s.id in movers] \
                if label else []
            if here and d.kind is DecisionKind.AMBUSH_OPERATIONS:
                self._on_counter(here[0])
                return
            self._on_refused(f"{label} is not a hex he can enter now" if label else "off the map")
            return
        if d.kind is DecisionKind.AMBUSH_OPERATIONS:
            who = str(choice["soldier"])
            s = self.game.state.soldiers[who]
            path = self._ops_paths.setdefault(who, [s.hex.label] if s.hex is not None else [])
            path.append(label)
        self._answer(choice)

    def _on_drag_step(self, label: str) -> None:
        """The dragged counter entered a highlighted hex. In Operations the counter dragged
        is the soldier who moves: if he is not the one whose hexes are shown, he becomes
        the mover (and this hex counts if it is one of his)."""
        d = self.controller.pending()
        who = self.map.dragging
        if d is not None and d.kind is DecisionKind.AMBUSH_OPERATIONS and who and who != self.mover(d):
            movers = {o["soldier"] for o in d.options if isinstance(o, dict) and "soldier" in o}
            if who not in movers:
                self._on_refused(f"{self.game.state.soldiers[who].name} cannot move now")
                return
            self._on_select(who)
            self._show_steps(d)
        self._on_hex(label)

    def _on_counter(self, sid: str) -> None:
        """A counter clicked: in Operations a soldier who may move becomes the mover; a
        counter standing in a hex the mover may enter is a click on that hex; otherwise
        the soldier is shown on the card."""
        d = self.controller.pending()
        s = self.game.state.soldiers.get(sid)
        if d is not None and d.kind in ON_THE_MAP and s is not None:
            movers = {o["soldier"] for o in d.options if isinstance(o, dict) and "soldier" in o}
            if d.kind is DecisionKind.AMBUSH_OPERATIONS and sid in movers:
                self._on_select(sid)
                self._show_steps(d)
                return
            if s.hex is not None and s.hex.label in self._steps:
                self._on_hex(s.hex.label)
                return
        self._on_select(sid)

    def _on_pick(self, sid: str) -> None:
        """A soldier picked in the squad list or on the AR Track: shown on the card, and in
        Operations the one whose hexes the map offers."""
        self._on_select(sid)
        d = self.controller.pending()
        if d is not None and d.kind is DecisionKind.AMBUSH_OPERATIONS:
            self._show_steps(d)

    def _on_computer(self, decision: Decision) -> None:
        self._close_prompts(f"The computer is deciding: {decision.prompt}")
        self.statusBar().showMessage(f"The computer is deciding: {decision.prompt}")
        self.mission_panel.show_state(self.game, decision, "computer",
                                      self.controller.level_of(decision.side))

    def _on_game_over(self, result: Any) -> None:
        from ambush_gui.gui.hexmap.dialogs.end import AmbushEndDialog

        self._close_prompts()
        self._refresh()
        self.dialog = AmbushEndDialog.for_game(self.game, self)
        self.dialog.new_game.connect(self.newGameRequested.emit)
        self.dialog.watch.connect(lambda: self.theatre.show_index(0))
        self.dialog.show()
        self.place_over_map(self.dialog)  # over the map: the log and the docks stay in sight
        self.decision_panel.clear("The game is over.")

    def _end_board_modes(self) -> None:
        self._steps = {}
        self.map.clear_steps()
        self.map.clear_marks()

    # -- showing the state ------------------------------------------------------------------------
    def _follow_log(self, game: Any) -> None:
        """Tally the points after each event ``game`` logs (:meth:`_tally`)."""
        if self._tallied is not None:
            self._tallied.log.unsubscribe(self._tally)
        self._tallied, self._standing, self._logged = game, {}, None
        game.log.subscribe(self._tally)

    def _tally(self, event: Event) -> None:
        """The engine logs ``event``: the one logged before it has had all its consequences
        (a damage event is logged before the man is marked out of the fight), so the points
        as they stand now are that one's, for the Mission panel's counter when the dice tray
        shows it. The counter stood still until the next decision, Rounds after the dice.
        A "score" event is logged after its points are in the ledger: they are its own. The
        mission's end is logged with the casualties in the ledger (``standing`` would count
        them twice): its ledger is the points."""
        if self._logged is not None:
            game = self._tallied
            lines = game.standing()
            if event.kind == "mission_end" and "score" in event.data:
                lines = [(int(p), str(w)) for p, w in event.data["score"]]
            elif event.kind == "score":
                mine = len(game.state.score.lines) - 1
                lines = lines[:mine] + lines[mine + 1:]
            self._standing[id(self._logged)] = lines
        self._logged = event

    def _show_score(self, event: Event) -> None:
        """The points after ``event``, now that the tray shows it (the last event logged:
        the live game's, which is at its end)."""
        game = self.game
        lines = game.standing() if event is self._logged else self._standing.pop(id(event), None)
        if lines is not None:
            self.mission_panel.show_score(lines)

    def _on_event(self, event: Event) -> None:
        self._show_score(event)
        game = self.game
        if event.kind == "stance" and event.data.get("ends_move"):  # said after, in the status bar
            who = game.state.soldiers[event.data["soldier"]].name
            self._move_ended = f"{capital(whose('move', who))} is over. {event.data['ends_move']}"
        self.add_to_log(self.worded(event))  # through the player's view (core/view.py), as the table's
        german = event.data.get("german")
        if isinstance(german, str):
            self._germans_named.append(german)
        self.reader.add(event)
        self.fire_panel.add(event)
        self.mission_panel.follow(event, game.spec)
        self.track.follow(event)
        if event.kind == "paragraph":
            self._read = True
        if event.kind in ("round", "rounds"):
            self._round_began = True  # the last Round's scatter arrow goes (in _refresh)
        if event.kind == "activate" and event.data.get("german") and event.data.get("hex"):
            s = self.game.state.soldiers.get(event.data["german"])
            self._appeared.append((str(event.data["hex"]), s.name if s is not None else ""))
        if event.kind == "move" and event.data.get("to") not in (None, "off"):
            sid = event.data.get("german") or event.data.get("soldier") or ""
            s = self.game.state.soldiers.get(sid)
            if s is not None and s.side is Side.GERMAN:
                frm = event.data.get("frm") or self._last_hex(s.id)
                if frm:
                    self._moves.append((s.id, [frm, event.data["to"]]))

    def worded(self, event: Event) -> Event:
        """``event`` in the player's words (:func:`~ambush_gui.gui.hexmap.wording.shown`),
        a paragraph's "German 6" named as his counter shows him ("German F (6, ...)")."""
        game = self.game
        germans = [s for s in game.state.soldiers.values() if s.side is Side.GERMAN]
        return shown(event, german_names(germans))

    def _last_hex(self, sid: str) -> str | None:
        """Where his counter was last seen: the end of his last move since the redraw, or
        the hex the map shows him in (an evasive move's events name only the hex entered)."""
        for who, (_, to) in reversed(self._moves):
            if who == sid:
                return to
        return self._shown.get(sid)

    def _build_tray(self) -> None:
        super()._build_tray()
        self.tray.deferred = True  # cards built once per answer (or beat), like the log

    def side_of(self, event: Event) -> str | None:
        """The side of an Ambush! roll or outcome: the soldier it names (rolls name him in
        their purpose, outcomes by id), the side whose initiative die it is."""
        game = self.game
        news = news_side(event, game.state)  # an outcome: the side it is good news for
        if news is not None:
            return news
        d = event.data
        for key in ("soldier", "german", "firer"):
            sid = d.get(key)
            s = game.state.soldiers.get(sid) if sid else None
            if s is not None:
                return s.side.value
        if event.kind == "initiative" and d.get("advantage"):
            return str(d["advantage"])
        text = str(d.get("purpose") or event.text)
        if text.startswith("Initiative: "):
            return text.split()[1].lower()
        if not self._labels:
            self._labels = sorted(((s.label, s.side.value) for s in game.state.soldiers.values()),
                                  key=lambda t: -len(t[0]))
        hits = [(text.find(lab), side) for lab, side in self._labels if lab in text]
        return min(hits)[1] if hits else None

    def _on_beat(self) -> None:
        """The presentation rests on a throw or waits on a big moment: show the docks held
        back so far, slide the Germans who moved, and mark where a German has appeared."""
        super()._on_beat()
        self.log.flush()
        self.reader.flush()
        fired, read, self._read = self.fire_panel.flush(), self._read, False
        if fired:
            self.fire_dock.raise_()
        elif read:
            self.reader_dock.raise_()
        if not self.controller.waiting_for:  # a wait draws its moment, then slides them
            self._animate()
            if self.controller.busy:  # the wait is over, the answer still being shown
                self.mission_panel.show_waiting(None)
                c = self.controller
                d = c.pending()
                if d is not None and c.seat_of(d) is Seat.COMPUTER:  # it acts next: thinking
                    self.mission_panel.show_banner(d, "computer", c.level_of(d.side))
        # where a German has just appeared, named in the hex's tooltip and the status bar,
        # until the next beat: a red hex stayed behind after he had moved on
        self.map.clear_marks()
        if self._appeared:
            who = ", ".join(dict.fromkeys(n for _, n in self._appeared if n))
            self.map.mark_hexes(list(dict.fromkeys(h for h, _ in self._appeared)),
                                theme.TARGET_MARK, f"{who} appears here")
            self._appeared = []

    def _show_pieces(self, game: Any) -> None:
        """The AR Track, the squad, the soldier card and the counters as ``game`` has them."""

        self.track.show_state(game)
        self.card.show_soldier(game, self.selected)
        self.squad.show_state(game, self.selected)
        counters = self._counters(game)
        self.map.set_counters(counters, self.selected)

    def _counters(self, game: Any) -> list[Any]:
        """The counters as ``game`` has them (and where each was drawn, for the moves)."""
        from ambush_gui.gui.hexmap.view import game_counters

        counters = game_counters(game)
        self._shown = {c.id: c.hex for c in counters}
        self._named = {s.id: s.name + ("" if s.active else f" ({s.status.value})")
                       for s in game.state.soldiers.values()}
        return counters

    def _show_waiting(self, why: str | None) -> None:
        """Every wait of the tray, a big moment's or a throw's at the Step pace, is said in
        the Mission panel: it named the decision answered last while the tray waited."""
        if why is not None:
            self.mission_panel.show_waiting(why)
            self.track.show_waiting(why)  # "End of Round 1" in both, not Round 2 on the track
            self._fit_mission_soon()

    def _show_moment(self, game: Any) -> None:
        """A big moment (a panic, a death, a German appearing, a Round's end): the AR Track,
        the squad, the card and the counters as they stood then, the moves slid."""
        self.mission_panel.show_round(game)  # the banner and prompt: _show_waiting
        self._show_pieces(game)
        self.german_card.show_state(game)  # "panicked" stood after "panic over: prone"
        self._animate()

    def _refresh(self) -> None:

        self._appeared = []
        game = self.game
        d = game.pending()
        seat = self.controller.seat_of(d).value if d is not None else "human"
        self.log.flush()
        self.reader.flush()
        self.tray.flush()
        fired, read, self._read = self.fire_panel.flush(), self._read, False
        if fired:  # a fire's outcome matters more than the paragraph that ordered it
            self.fire_dock.raise_()
        elif read:
            self.reader_dock.raise_()
        if self._round_began:  # a throw's scatter arrow was left on the map into the next
            self._round_began = False  # Round (play-test s61): it stays in the Last fire dock
            self.map.show_scatter([])
        level = self.controller.level_of(d.side) if d is not None and seat == "computer" else ""
        self.mission_panel.show_state(game, d, seat, level)
        self.mission_panel.show_watching(self.watching_line())
        self._standing.clear()  # every event has been shown: the live game's points stand
        self._fit_mission_soon()
        acting = d.facts.get("soldier") if d is not None else None
        if isinstance(acting, str) and acting in game.state.soldiers:
            self.selected = acting  # the soldier whose decision is open, not the last one
        self._refresh_booklet(d)
        self._show_pieces(game)
        self._animate()
        self.update_undo()  # enabled, or greyed with why in its tips

    def _animate(self) -> None:
        """Slide each German who moved since the last redraw along the hexes he entered."""
        moves, self._moves = self._moves, []
        paths: dict[str, list[str]] = {}
        for sid, (frm, to) in moves:
            path = paths.setdefault(sid, [frm])
            if path[-1] != frm:
                path.append(frm)
            path.append(to)
        for sid, path in paths.items():
            if sid in self._shown:  # an evasive move may have taken him off the map
                self.map.animate_move(sid, path)
                self._shown[sid] = path[-1]  # where the counter now stands, for the next move
        label, said = self._hovered
        if label and self.statusBar().currentMessage() == said:
            self._on_hover(label)  # the hex's line names the counters now drawn on it

    def _on_reset(self) -> None:
        game = self.game
        self._follow_log(game)
        self._moves = []
        self._labels = []
        self._appeared = []
        self.tray.reload(game.log.events)
        self._ops_paths = {}
        self.map.set_map(game.state.map)
        self.reader.reload(game.log.events, game.scenario)
        self.fire_panel.set_game(game)
        self.fire_panel.reload(game.log.events)
        self._read = False
        self.reload_log(game.log.events)
        self._reset_booklet()

    def _on_references(self, arrows: list[tuple[str, str]]) -> None:
        if arrows:
            self.map.show_arrows(arrows, theme.HEX_ARROW)
        else:
            self.map.clear_arrows()

    _round_began = False  # a Round began (or Rounds ended) since the last refresh

    def _on_throw_shown(self, arrow: tuple[str, str] | None) -> None:
        """The fire panel shows a throw that scattered (or something else): its arrow on the
        map, in a layer of its own so the red references stay."""
        self.map.show_scatter([arrow] if arrow else [])

    def _on_highlight(self, decision: Decision, what: Any) -> None:
        """Show on the map what the player is looking at in a dialog, and say what it is (a
        red hex with no word was a mystery): a target or a hex in red, "Target: …"; a
        soldier of the deciding side (which soldier acts next) is selected, not marked."""
        game = self.game
        self.map.clear_marks()
        if isinstance(what, str) and what in game.state.soldiers:
            s = game.state.soldiers[what]
            if s.side.value == decision.side:
                self._on_select(what)
                self.squad.show_state(game, what)
                self.statusBar().showMessage(f"{s.name} (selected): the soldier this choice "
                                             "is about", 6000)
            elif s.hex is not None:
                tip = f"Target: {s.name}"
                self.map.mark_hexes([s.hex.label], theme.TARGET_MARK, tip)
                self.statusBar().showMessage(f"Red hex {s.hex.label}: {tip}", 6000)
        elif isinstance(what, str) and len(what) == 4 and what.isdigit():
            tip = f"Target hex {what}"
            self.map.mark_hexes([what], theme.TARGET_MARK, tip)
            self.statusBar().showMessage(f"Red hex {what}: the {tip[0].lower()}{tip[1:]}", 6000)

    def _on_refused(self, why: str) -> None:
        self.statusBar().showMessage(f"Not allowed: {why}", 8000)
        if self.move_prompt is not None and hasattr(self.move_prompt, "show_error"):
            self.move_prompt.show_error(why)

    def _on_select(self, sid: str) -> None:
        self.selected = sid
        game = self.game
        self.card.show_soldier(game, sid)
        self.map.select(sid)
        s = game.state.soldiers.get(sid)
        if s is not None and s.side is Side.GERMAN:  # his booklet card, the paragraphs' table
            self.german_card.show_state(game, sid)
            self.german_dock.raise_()
            self._room_for_the_card()
        elif s is not None and not self.german_dock.visibleRegion().isEmpty():
            self.card_dock.raise_()  # back from a German's card to the soldier's

    def _on_hover(self, label: str) -> None:
        if not label:
            self._hovered = ("", "")
            return
        game = self.game
        h = Hex.from_label(label)
        terrain = game.state.map.terrain(h)
        cost = game.charts.mp_cost(terrain)
        # the counters the map shows there, as they were drawn (a moment's, while the tray
        # waits): the live game may be further on, and called a hex with Hahn's counter on it
        # "empty", or Sgt Hallam "incapacitated" before the tray had shown the shot
        here = ", ".join(self._named[sid] for sid, at in self._shown.items()
                         if at == label and sid in self._named) or "empty"
        mp = f"{cost} MP to enter" if cost is not None else "cannot be entered"
        check = self.map.checks.get(label)  # the Mission Card overlay is on
        extra = f"; Paragraph Check: paragraph {check}" if check is not None else ""
        name = game.charts.spec.terrain[terrain].name  # "Stone building", not its key
        said = f"{label}: {name}, {mp}; {here}{extra}"
        self._hovered = (label, said)
        self.statusBar().showMessage(said, 6000)

    # -- help ------------------------------------------------------------------------------------
    def show_rules(self) -> None:
        from ambush_gui.gui.shared.rules_help import open_reference

        open_reference(self, "ambush")
