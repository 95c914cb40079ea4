"""The free-measure table view: zoom, pan, fit, select, measure moves, place arrivals
and report on targets.

:class:`TableView` shows a :class:`~ambush_gui.gui.table.scene.TableScene` and turns
the mouse into answers: a drag of the moving unit becomes a ``{"path": ...}`` choice,
checked by the open decision before it is sent (``moveChosen``), or refused with the
engine's reason (``moveRefused``); a click in the Hot Spot circle becomes a ``[x, y]``
placement (``placeChosen``). While a drag is live nothing but arithmetic on known
points runs, so the tape keeps up with the mouse; the rules are asked on release.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSizeF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QApplication, QGraphicsEllipseItem, QWidget

from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Speed, Unit
from ambush_gui.alley.movement import EnemyContact, allowance, speed_limit, speed_words
from ambush_gui.core.decisions import Decision, IllegalDecision
from ambush_gui.core.geometry import min_distance
from ambush_gui.core.words import count
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.map_view import MapView
from ambush_gui.gui.shared.shot_marks import ShotMarks
from ambush_gui.gui.table.items import FigureItem, LabelItem
from ambush_gui.gui.table.motion import FigureSlide, slide_route
from ambush_gui.gui.table.scene import TableScene
from ambush_gui.gui.table.tape import TapeItem
from ambush_gui.gui.table.target_info import HINT, TargetReport, target_report

Point = tuple[float, float]
Said = tuple[str, str, list[tuple[str, Point]]]  # a readout's words, tone, (anchor, place)s

MARGIN = 1.2  # inches of the view kept round the table when fitting


@dataclass
class MoveState:
    """A MOVE decision being answered on the table."""

    decision: Decision
    unit: str
    limit: float
    speeds: list[str]  # an Insurgent move declares its speed with the path (AA-099)
    start: Point
    offsets: list[Point]  # each figure from the unit's centre
    waypoints: list[Point] = field(default_factory=list)
    dest: Point | None = None
    grab: Point = (0.0, 0.0)  # the unit's centre seen from the point it was picked up by
    dragging: bool = False
    figure: int | None = None  # Ctrl-drag: the one figure being placed apart (AA-014)
    step_dest: Point | None = None  # where that figure is being placed
    said: Said | None = None  # the readout: its words, tone and places
    quick: Said | None = None  # what the distance alone says (before _judge)


@dataclass
class Press:
    """What a mouse press may turn into: a drag of the moving unit, a pan or a click."""

    kind: str  # "grab" (the moving unit), "unit" (another unit), "empty", "pan"
    at: QPoint
    uid: str | None = None
    moved: bool = False


class TableView(MapView):
    """Shows a :class:`TableScene`: zoom, pan, fit (:class:`MapView`), select, measure,
    move and place.

    Signals carry answers ready for ``GameController.answer``: ``moveChosen`` (a move
    dict) and ``placeChosen`` ([x, y]), both already checked by the open decision.
    """

    unitSelected = Signal(str)  # a unit id, or "" when the selection is cleared
    moveChosen = Signal(object)  # {"path": [[x, y], ...]} (+ "speed" for Insurgents)
    moveRefused = Signal(str)  # the engine's reason the dropped move is illegal
    placeChosen = Signal(object)  # [x, y]
    placeRefused = Signal(str)
    hoverInfo = Signal(str)  # rich text: sight, Optimum Range, both pools, odds
    slid = Signal()  # a slide of moved figures has ended (the window redraws the state)
    modeChanged = Signal(str)  # "move", "place" or "" (the keyboard's move keys follow it)

    MAX_SCALE = 400.0  # pixels per inch
    BAR_ROOM = 40  # pixels kept free under the table for the scale bar when fitting
    SNAP_PX = 6.0  # a drop this near past a limit ring counts as on it
    FLASH_MS = 4000
    VERDICT_MS = 120  # the pointer rests this long: the readout asks the drop's own verdict
    JOIN_NEAR = 3.0  # a detached leader this many joining distances from a leaderless unit
    # is told how far he is from joining it

    def __init__(self, game: AlleyGame, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(TableScene(game, self))
        self.mode = ""  # "", "move" or "place"
        self.moving: MoveState | None = None
        self.placing: Decision | None = None
        self._place_pick: int | None = None  # the marked spot the arrow keys picked
        self.report: TargetReport | None = None  # the hover report on show
        # The preview of an interruption's point along a declared move (AA-067).
        self._interrupt_tape = TapeItem()
        self._interrupt_tape.setZValue(theme.Z_TAPE)
        self._interrupt_tape.hide()
        self.scene().addItem(self._interrupt_tape)
        self._interrupt_mark = QGraphicsEllipseItem(-0.45, -0.45, 0.9, 0.9)
        self._interrupt_mark.setPen(QPen(theme.ILLEGAL, 0.12))
        self._interrupt_mark.setBrush(QBrush(QColor(192, 57, 43, 90)))
        self._interrupt_mark.setZValue(theme.Z_TAPE + 1)
        self._interrupt_mark.setToolTip("The interruption strikes here")
        self._interrupt_mark.hide()
        self.scene().addItem(self._interrupt_mark)
        self._press: Press | None = None
        self._hover_uid: str | None = None
        self._report_pair: tuple[str, str] | None = None  # the pair the dock reports on
        self._blockers: list[str] = []
        self.shot = ShotMarks(self.scene(), self)  # the last fire's arrow, its shooter's ring
        self.slide: FigureSlide | None = None  # the moved figures on their way
        self._flash_timer = QTimer(self)
        self._flash_timer.setSingleShot(True)
        self._flash_timer.timeout.connect(lambda: self.table.flash.hide())
        # the drop's verdict, asked once the pointer rests: a drag asks nothing per move
        self._verdict_timer = QTimer(self)
        self._verdict_timer.setSingleShot(True)
        self._verdict_timer.setInterval(self.VERDICT_MS)
        self._verdict_timer.timeout.connect(self._judge)

    # -- the game ----------------------------------------------------------------------
    @property
    def table(self) -> TableScene:
        return self.scene()  # type: ignore[return-value]

    @property
    def game(self) -> AlleyGame:
        return self.table.game

    @property
    def selected(self) -> str | None:
        return self.table.selected

    def set_game(self, game: AlleyGame) -> None:
        """Follow another game (the controller's ``reset``: undo, load)."""
        self.finish_slide()
        self.table.fof.finish_blast()
        self.shot.hide()
        self.end_modes()
        self._clear_hover()
        self.table.set_game(game)
        self.table.layout_labels(self.pixels_per_inch())
        self._refresh_report()

    def draw(self, game: AlleyGame) -> None:
        """Draw ``game``: the game itself, or while an answer is shown at the pace a copy
        of it as it stood at the event being shown (the controller's ``shown``). Unlike
        :meth:`set_game` the slides and blasts under way go on."""
        self.table.game = game
        self.refresh()

    def refresh(self) -> None:
        """Follow ``game.state`` (the controller's ``stateChanged``). Cheap: items are reused."""
        current = self.moving.decision if self.moving else self.placing
        if current is not None and current is not self.game.pending():
            self.end_modes()
        self._clear_hover()
        self.table.refresh()
        self.table.layout_labels(self.pixels_per_inch())
        self.follow_shot()
        self._refresh_report()

    def _refresh_report(self) -> None:
        """Say again, from the new state, what the last report said (the dice change as
        units are interrupted, pinned or hit); the hint when that pair no longer applies."""
        st = self.game.state
        me, other = (st.units.get(uid) for uid in self._report_pair or ("", ""))
        if me is None or other is None or not me.alive or not other.figures or not other.on_table:
            self._report_pair = None
            self.hoverInfo.emit(HINT)
            return
        self.hoverInfo.emit(target_report(self.game, me, other, self.table.piece_labels).html())

    def select(self, uid: str | None) -> None:
        """Select a unit (or none) and say so."""
        if uid == self.table.selected:
            return
        self.table.set_selected(uid)
        self.table.layout_labels(self.pixels_per_inch())
        self._clear_hover()
        if self._report_pair is not None and self._report_pair[0] != uid:
            self._report_pair = None  # another unit looks now: the old pair is stale
            self.hoverInfo.emit(HINT)
        self.unitSelected.emit(uid or "")

    def forget_looking(self) -> None:
        """No unit selected, no line-of-sight report: the seat passed to the other player."""
        self.select(None)
        self._report_pair = None
        self._clear_hover()
        self.hoverInfo.emit(HINT)

    # -- zoom and pan (MapView) ---------------------------------------------------------
    def pixels_per_inch(self) -> float:
        return self.scale_factor()

    def fit_rect(self) -> QRectF:
        """The table and its exit bands, with a margin."""
        m = MARGIN * self.game.m.scale
        return self.table.table_rect().adjusted(-m, -m, m, m)

    def restyle(self) -> None:
        for item in self.table.items():
            if isinstance(item, LabelItem):
                item.set_point_size(item.points)
        self._zoomed()  # the labels laid out again at their new size
        if self.moving is not None and self.moving.said is not None:
            self._say_again()  # the readout at its new size, inside the view
        super().restyle()

    def _zoomed(self) -> None:
        self.table.layout_labels(self.pixels_per_inch())
        super()._zoomed()
        if self.placing is not None:  # the set-down title follows its circle, in the view
            self.table.place_overlay.place_title()
            self.keep_inside(self.table.place_overlay.title)
        self.keep_inside(self.table.flash)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        key = event.key()
        if key == Qt.Key.Key_Escape and self.moving is not None:
            self._cancel_path()
        elif key == Qt.Key.Key_Backspace and self.moving is not None:
            self.key_back()
        elif key == Qt.Key.Key_Shift and self.moving is not None and self.moving.dragging \
                and self.moving.dest is not None:
            self.moving.waypoints.append(self.moving.dest)
            self._show_path(self.moving.dest)
        else:
            super().keyPressEvent(event)  # F, +, - (MapView)

    # -- drawing on top: the scale bar ---------------------------------------------------
    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802 - Qt's name
        ppi = self.pixels_per_inch()
        if ppi <= 0:
            return
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        s = theme.comfort.scale  # the plate's words and marks at the player's text scale
        length = scale_bar_length(ppi, most=240.0 / max(1.0, s))  # the plate no wider for it
        bar = length * ppi
        cells = scale_bar_cells(length)
        font = QFont()
        font.setPixelSize(round(12 * s))
        font.setBold(True)
        painter.setFont(font)
        plate = self.scale_bar_plate(bar + 50 * s, 34 * s)
        if plate.topLeft() != getattr(self, "bar_plate", plate).topLeft():
            self.viewport().update()  # it moved corner: the old one is painted again, without it
        self.bar_plate = plate  # where it was drawn last
        x0, y0 = plate.left() + 10 * s, plate.top() + 26 * s  # the bar's left end, its bottom
        painter.setPen(QPen(QColor(0, 0, 0, 90), 1))
        painter.setBrush(theme.SCALE_BAR_BG)
        painter.drawRoundedRect(plate, 6, 6)
        cell = bar / cells
        painter.setPen(QPen(theme.SCALE_BAR_INK, 1))
        for k in range(cells):
            painter.setBrush(theme.SCALE_BAR_INK if k % 2 == 0 else QColor("#ffffff"))
            painter.drawRect(QRectF(x0 + k * cell, y0 - 7 * s, cell, 7 * s))
        painter.setPen(theme.SCALE_BAR_INK)
        centre = Qt.AlignmentFlag.AlignCenter
        painter.drawText(QRectF(x0 - 10 * s, y0 - 25 * s, 20 * s, 16 * s), centre, "0")
        painter.drawText(QRectF(x0 + bar - 30 * s, y0 - 25 * s, 60 * s, 16 * s), centre, f'{length:g}"')
        nx = x0 + bar + 22 * s  # north, beside the bar
        painter.setBrush(theme.SCALE_BAR_INK)
        painter.drawPolygon([QPointF(nx, y0 - 23 * s), QPointF(nx - 5 * s, y0 - 12 * s),
                             QPointF(nx + 5 * s, y0 - 12 * s)])
        painter.drawText(QRectF(nx - 8 * s, y0 - 12 * s, 16 * s, 13 * s), centre, "N")
        painter.restore()

    def scale_bar_plate(self, width: float, height: float) -> QRectF:
        """Where the scale bar's plate goes in the view: the bottom-left corner, or else the
        first other corner where it covers no label and no figure (at 1280x800 it covered a
        name on the table)."""
        vp = self.viewport().rect()
        right, bottom = vp.width() - width - 6, vp.height() - height - 4
        for x, y in ((6.0, bottom), (right, bottom), (6.0, 4.0), (right, 4.0)):
            plate = QRectF(x, y, width, height)
            if not any(isinstance(i, FigureItem | LabelItem) and i.isVisible()
                       for i in self.items(plate.toAlignedRect())):
                return plate
        return QRectF(6.0, bottom, width, height)

    # -- modes ---------------------------------------------------------------------------
    def begin_move(self, decision: Decision) -> None:
        """Let the player drag the unit named by a MOVE decision."""
        self.end_modes()
        facts = decision.facts
        unit = self.game.unit(str(facts["unit"]))
        cx, cy = unit.centre()
        self.moving = MoveState(
            decision=decision, unit=unit.id, limit=float(facts.get("limit", math.inf)),
            speeds=[str(s) for s in facts.get("speeds", ())], start=(cx, cy),
            offsets=[(f.x - cx, f.y - cy) for f in unit.figures],
        )
        self.mode = "move"
        self.modeChanged.emit(self.mode)
        self.select(unit.id)
        self.table.move_overlay.set_ghosts([self.table.look_of(f) for f in unit.figures])
        self._show_rings()

    def begin_place(self, decision: Decision) -> None:
        """Let the player click where the new unit is set down (a PLACE decision)."""
        self.end_modes()
        number = int(decision.facts["hot_spot"])
        spot = self.game.state.hot_spots[number]
        flip = self.table.flip
        points = [flip.scene(float(x), float(y)) for x, y in decision.options]
        n = decision.facts.get("figures")
        title = f"Set down {count(int(n), 'figure')} within {self.game.m.arrival:g}\" of Hot Spot {number}" \
            if n else f"Within {self.game.m.arrival:g}\" of Hot Spot {number}"
        self.table.place_overlay.show(flip.scene(spot.x, spot.y), self.game.m.arrival, points,
                                      title)
        self.keep_inside(self.table.place_overlay.title)
        self.placing = decision
        self.mode = "place"
        self._place_pick = None
        self.modeChanged.emit(self.mode)

    def end_modes(self) -> None:
        """Leave move or place mode (the decision was answered some other way)."""
        self._verdict_timer.stop()
        self.table.move_overlay.hide()
        self.table.place_overlay.hide()
        self.moving = None
        self.placing = None
        self.mode = ""
        self._press = None
        self._place_pick = None
        self.modeChanged.emit("")

    # -- the keyboard: a move or a placement without the mouse -----------------------------
    def key_step(self, dx: float, dy: float) -> None:
        """An arrow key: in a move, the path's end goes ``dx``, ``dy`` inches (north is
        up); in a placement, the next (right, down) or previous (left, up) marked spot is
        picked. The view follows the end."""
        if self.moving is not None:
            mv = self.moving
            x, y = mv.dest or self._path_end()
            self._show_path((x + dx, y + dy))
            if mv.dest is not None:
                self.ensureVisible(QRectF(self.table.flip.scene(*mv.dest), QSizeF(0, 0)), 80, 80)
                self._say_again()  # the view scrolled under it: inside the view again
        elif self.placing is not None and self.placing.options:
            n = len(self.placing.options)
            step = 1 if dx > 0 or dy < 0 else -1
            k = 0 if self._place_pick is None else (self._place_pick + step) % n
            self._place_pick = k
            self.table.place_overlay.highlight(k)
            ox, oy = self.placing.options[k]
            self.ensureVisible(QRectF(self.table.flip.scene(float(ox), float(oy)), QSizeF(0, 0)),
                               80, 80)

    def key_turn(self) -> None:
        """W: the move's path turns at its end as it stands (a waypoint), as Shift does
        while dragging."""
        mv = self.moving
        if mv is not None and mv.dest is not None and mv.dest != self._path_end():
            mv.waypoints.append(mv.dest)
            self._show_path(mv.dest)

    def key_back(self) -> None:
        """Backspace: the path's last turn taken back."""
        if self.moving is not None and self.moving.waypoints:
            self.moving.waypoints.pop()
            self._show_path(self.moving.dest)

    def key_commit(self) -> bool:
        """Enter: make the move to the path's end, or set down on the spot picked (with
        none picked, the first is picked and shown: nothing is answered unseen). True if
        it answered."""
        if self.moving is not None and self.moving.dest is not None:
            return self.drop(self.moving.dest)
        if self.placing is not None and self.placing.options:
            if self._place_pick is None:  # nothing picked yet: the first spot is shown first
                self.key_step(1, 0)
                return False
            ox, oy = self.placing.options[self._place_pick]
            return self.click_place(self.table.flip.scene(float(ox), float(oy)))
        return False

    # -- move mode -----------------------------------------------------------------------
    def speed_limits(self) -> list[tuple[str, float]]:
        """The speeds this move may declare, with their limits, slowest first (the engine's
        own allowance for each: DC-006 holds a unit with Dependants to its Cautious one)."""
        mv = self.moving
        assert mv is not None
        unit = self.game.unit(mv.unit)
        out = [(s, allowance(self.game, unit, Speed(s))) for s in mv.speeds]
        return sorted(out, key=lambda sl: sl[1])

    def _show_rings(self) -> None:
        mv = self.moving
        assert mv is not None
        ov = self.table.move_overlay
        unit = self.game.unit(mv.unit)
        start = self.table.flip.scene(*mv.start)
        # each speed's full move for this unit: a rule module may give its own (a mounted
        # unit's 8" and 16", FF-055/056), named as everywhere else (movement.speed_words)
        fulls = {s: speed_limit(self.game, s, unit) for s in (Speed.CAUTIOUS, Speed.RAPID)}
        for ring, speed in ((ov.cautious, Speed.CAUTIOUS), (ov.rapid, Speed.RAPID)):
            r = fulls[speed] - unit.moved
            # a speed's ring only where the move still chooses its speed (an Insurgent's,
            # AA-099); a Regular declared his before moving: a Cautious move shows no Rapid ring
            if speed.value not in mv.speeds or r <= 1e-6 or abs(r - mv.limit) < 1e-6:
                ring.hide()
                continue
            ring.show_at(start, r, speed_words(self.game, speed, unit))
        if mv.limit > 1e-6 and math.isfinite(mv.limit):
            name = next((s.value.capitalize() for s, full in fulls.items()
                         if abs(full - unit.moved - mv.limit) < 1e-6), "")
            words = f'{name} {mv.limit:.3g}" — limit' if name else f'limit {mv.limit:.1f}"'
            ov.limit.show_at(start, mv.limit, words)
        else:
            ov.limit.hide()

    def _grabs(self, scene_pos: QPointF) -> bool:
        """True if the press is on (or right by) the moving unit's figures."""
        mv = self.moving
        if mv is None:
            return False
        x, y = self.table.flip.table(scene_pos)
        reach = max(1.6 * self.table.base_radius, 9.0 / self.pixels_per_inch())
        return any(math.hypot(mv.start[0] + ox - x, mv.start[1] + oy - y) <= reach
                   for ox, oy in mv.offsets)

    # -- placing one figure apart (Ctrl-drag) -------------------------------------------
    def _figure_at(self, scene_pos: QPointF) -> int | None:
        """The index of the moving unit's figure under the press, if any."""
        mv = self.moving
        if mv is None:
            return None
        x, y = self.table.flip.table(scene_pos)
        reach = max(1.6 * self.table.base_radius, 9.0 / self.pixels_per_inch())
        gaps = [math.hypot(mv.start[0] + ox - x, mv.start[1] + oy - y) for ox, oy in mv.offsets]
        best = min(range(len(gaps)), key=gaps.__getitem__, default=None)
        return best if best is not None and gaps[best] <= reach else None

    def _show_step(self, dest: Point) -> None:
        """The tape from one figure to where it is being placed; the others stay."""
        mv = self.moving
        assert mv is not None and mv.figure is not None
        flip, ov = self.table.flip, self.table.move_overlay
        ox, oy = mv.offsets[mv.figure]
        here = (mv.start[0] + ox, mv.start[1] + oy)
        step = math.dist(here, dest)
        ov.tape.set_path([flip.scene(*here), flip.scene(*dest)], mv.limit)
        ok = step <= mv.limit + 1e-6
        words = f'{step:.1f}" of {mv.limit:.1f}"' if math.isfinite(mv.limit) else f'{step:.1f}"'
        mv.step_dest = dest
        self._say(words, "ok" if ok else "bad", self._readout_spots(dest, [(0.0, 0.0)]))
        mv.quick = mv.said
        self._verdict_timer.start()
        ghosts = [flip.scene(mv.start[0] + x, mv.start[1] + y) for x, y in mv.offsets]
        ghosts[mv.figure] = flip.scene(*dest)
        ov.place_ghosts(ghosts)

    def figure_choice(self, dest: Point) -> dict[str, Any] | None:
        """The MOVE answer placing the grabbed figure at ``dest`` (the others stay)."""
        mv = self.moving
        assert mv is not None and mv.figure is not None
        unit = self.game.unit(mv.unit)
        fid = unit.figures[mv.figure].id
        x, y = round(dest[0], 3), round(dest[1], 3)
        choice: dict[str, Any] = {"path": [list(mv.start)], "figures": {fid: [x, y]}}
        if mv.speeds:
            ox, oy = mv.offsets[mv.figure]
            step = math.dist((mv.start[0] + ox, mv.start[1] + oy), (x, y))
            speed = next((s for s, lim in self.speed_limits() if step <= lim + 1e-6), None)
            if speed is None:
                return None
            choice["speed"] = speed
        return choice

    def drop_figure(self, dest: Point) -> bool:
        """Offer the placement of one figure: ``moveChosen`` if legal, else say why."""
        mv = self.moving
        assert mv is not None
        choice = self.figure_choice(dest)
        try:
            if choice is None:
                raise IllegalDecision(f'the figure may move {mv.limit:.1f}" more')
            mv.decision.validate(choice)
        except IllegalDecision as exc:
            why = self.table.name_pieces(str(exc))
            self._refuse(why, self.table.flip.scene(*dest))
            self.moveRefused.emit(why)
            self._cancel_path()
            mv.figure = None
            return False
        self.end_modes()
        self.moveChosen.emit(choice)
        return True

    def _path_end(self) -> Point:
        mv = self.moving
        assert mv is not None
        return mv.waypoints[-1] if mv.waypoints else mv.start

    def path_to(self, dest: Point) -> list[Point]:
        mv = self.moving
        assert mv is not None
        return [mv.start, *mv.waypoints, dest]

    @staticmethod
    def length(path: list[Point]) -> float:
        return sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False))

    def _show_path(self, dest: Point | None) -> None:
        """Redraw the tape, ghosts and readout for a path ending at ``dest`` (arithmetic only)."""
        mv = self.moving
        if mv is None:
            return
        ov = self.table.move_overlay
        flip = self.table.flip
        ov.set_waypoints([flip.scene(*p) for p in mv.waypoints])
        if dest is None:
            self._verdict_timer.stop()
            mv.said = mv.quick = None
            ov.show_tape(False)
            return
        dest = self.snap(dest)
        mv.dest = dest
        path = self.path_to(dest)
        length = self.length(path)
        ov.tape.set_path([flip.scene(*p) for p in path], mv.limit)
        ok, words = self._quick_check(length, dest)
        if ok and self._leaves(dest):  # the ghosts may still stand on the table: say it
            words += " · leaves the table"
        if ok:
            words += self.take_in_note(path)
        self._say(words, "ok" if ok else "bad", self._readout_spots(dest, mv.offsets))
        mv.quick = mv.said
        self._verdict_timer.start()
        ov.place_ghosts([flip.scene(dest[0] + ox, dest[1] + oy) for ox, oy in mv.offsets])
        if mv.waypoints:
            left = max(0.0, mv.limit - self.length(self.path_to(self._path_end())))
            ov.limit.show_at(flip.scene(*self._path_end()), left, f'{left:.1f}" left')

    def take_in_note(self, path: list[Point]) -> str:
        """The tape's word on the escorts waiting on the ground: " · takes in the headman"
        where the engine's own contact test (``movement.first_contact``) says this path
        touches one, else how far short of touching the nearest the mover ends, when it
        is within an inch (a player missed the headman by 0.1" and nothing said so)."""
        from ambush_gui.alley.movement import first_contact
        from ambush_gui.gui.table.scene import escorts_waiting

        mv = self.moving
        unit = self.game.state.units.get(mv.unit) if mv is not None else None
        waiting = escorts_waiting(self.game, unit)
        if not waiting or unit is None or mv is None or mv.figure is not None:
            return ""
        touch = first_contact(self.game, unit, path, self.length(path))
        if touch is not None:
            return f" · takes in the {touch[1].label or 'escort'}"
        end = path[-1]
        gap, fig = min(((math.dist((end[0] + ox, end[1] + oy), (f.x, f.y)) - self.game.m.contact, f)
                        for f in waiting for ox, oy in mv.offsets), key=lambda t: t[0])
        if gap <= 1.0:
            return f' · {gap:.1f}" short of touching the {fig.label or "escort"}'
        return ""

    def _readout_spots(self, dest: Point, offsets: list[Point]) -> list[tuple[str, Point]]:
        """Where the readout may stand by the ghosts of figures at ``offsets`` from
        ``dest``: right of them, else left, above or below them (table inches)."""
        r = self.table.base_radius
        xs, ys = [dx for dx, _ in offsets], [dy for _, dy in offsets]
        x, y = dest
        return [("right", (x + max(xs) + r, y)), ("left", (x + min(xs) - r, y)),
                ("above", (x, y + max(ys) + r)), ("below", (x, y + min(ys) - r))]

    def _say(self, words: str, tone: str, spots: list[tuple[str, Point]]) -> None:
        """The tape's readout: ``words`` in the colours of its ``tone`` ("ok"; "warn":
        legal, but it costs a test; "bad": it would be refused), at the first of ``spots``
        where it is whole inside the view and covers no figure (nor ghost), else the first
        where it is whole, else pushed inside the view from the first: beside the view's
        edge a Ctrl-drag's readout ran off it, cut; pushed in from the edge it covered the
        very ghost it warned of; "2.2\" from Fireteam Bravo" lay over Bravo."""
        mv = self.moving
        ov = self.table.move_overlay
        if mv is not None:
            mv.said = (words, tone, spots)
        fg, bg, edge = {"ok": (theme.LABEL_TEXT, theme.LABEL_BG, theme.LEGAL),
                        "warn": (theme.FLASH_TEXT, theme.READOUT_WARN_BG, theme.WARNING),
                        "bad": (theme.FLASH_TEXT, theme.FLASH_BG, theme.ILLEGAL)}[tone]
        ov.readout.set_text(words)
        ov.readout.set_colours(fg, bg, edge)
        ov.show_tape(True)
        r = ov.readout
        whole: list[tuple[str, Point]] = []  # the places where it is whole in the view
        for anchor, at in spots:
            r.set_anchor(anchor)
            r.setPos(self.table.flip.scene(*at))
            if self._push(r) != (0.0, 0.0):
                continue
            whole.append((anchor, at))
            p = self.mapFromScene(r.pos())
            if not any(isinstance(i, FigureItem) and i.isVisible()  # over a unit it is about
                       for i in self.items(r.plate().translated(p.x(), p.y()).toAlignedRect())):
                return
        anchor, at = (whole or spots)[0]  # none clear: the first whole, or the first pushed in
        r.set_anchor(anchor)
        r.setPos(self.table.flip.scene(*at))
        self.keep_inside(r)

    def _say_again(self) -> None:
        """The readout placed again where it belongs (the view scrolled, the text grew)."""
        mv = self.moving
        if mv is not None and mv.said is not None and self.table.move_overlay.readout.isVisible():
            self._say(*mv.said)

    def _judge(self) -> None:
        """The pointer rests on a drag: the readout adds the drop's own verdict, asked of
        the open decision as the drop asks it (:meth:`drop`), about every figure and not
        only the one held: why it would be refused (a figure through a vehicle, cohesion
        broken), whom a detached leader joins or how far he is from joining (AA-026), and
        the mine tests the move would cost (FF-036), in the warning colour."""
        mv = self.moving
        if mv is None or mv.quick is None or mv.quick[1] != "ok":
            return  # nothing said yet, or the distance alone refuses it
        words, _, at = mv.quick  # ``at``: the readout's places
        head = words.split(" · ")[0]  # the distance
        notes: list[str] = []
        warnings: list[str] = []
        try:
            if mv.figure is not None:
                choice = self.figure_choice(mv.step_dest) if mv.step_dest is not None else None
                if choice is None:
                    return
                mv.decision.validate(choice)
            else:
                if mv.dest is None or (plain := self.choice_for(mv.dest)) is None:
                    return
                choice = self._first_legal(mv.decision, self._variants(plain, mv.dest), plain)
                notes = self.join_note(choice, mv.dest)
                unit = self.game.unit(mv.unit)
                if self.game.modules:
                    warnings = [str(w) for w in self.game.modules.gather(
                        "move_warnings", unit, self.path_to(mv.dest))]
        except IllegalDecision as exc:
            why = self.table.name_pieces(str(exc))
            self._say(f"{head} — {why}", "bad", at)
            return
        said = "".join(f" · {n}" for n in [*notes, *warnings])
        self._say(words + said, "warn" if warnings else "ok", at)

    def join_note(self, choice: dict[str, Any], dest: Point) -> list[str]:
        """AA-026 on the tape: "joins Fireteam Bravo" when the drop reads as a join, else,
        for a detached leader beside a leaderless unit but beyond the joining distance,
        how far he is from it ("2.3\" from Fireteam Bravo: within 1\" to join"); CT-054:
        "Close Assault on Gunmen 2" when the drop goes for an enemy unit."""
        from ambush_gui.alley.movement import join_gaps

        g = self.game
        if "join" in choice:
            return [f"joins {g.unit(str(choice['join'])).name} (AA-026)"]
        if "assault" in choice:  # the drop goes for them: a new player saw only the distance
            return [f"Close Assault on {g.unit(str(choice['assault'])).name} (CT-054)"]
        gaps = join_gaps(g, g.unit(self.moving.unit), self._finals(dest))  # type: ignore[union-attr]
        link = g.m.cohesion_link
        if gaps and link < gaps[0][1] <= self.JOIN_NEAR * link:
            unit, gap = gaps[0]
            return [f'{gap:.1f}" from {unit.name}: within {link:g}" to join']
        return []

    def _finals(self, dest: Point) -> np.ndarray:
        """Where the moving unit's figures end when its centre ends at ``dest``."""
        unit = self.game.unit(self.moving.unit)  # type: ignore[union-attr]
        cx, cy = unit.centre()
        return unit.points() + np.array([dest[0] - cx, dest[1] - cy])

    def _leaves(self, dest: Point) -> bool:
        """CT-015: whether a move ending at ``dest`` takes the unit off the table (one figure
        across a friendly edge is enough, with every figure and Dependant it has)."""
        from ambush_gui.alley.movement import exit_edge_at

        mv = self.moving
        assert mv is not None
        return exit_edge_at(self.game, self.game.unit(mv.unit), dest) is not None

    def _quick_check(self, length: float, dest: Point) -> tuple[bool, str]:
        """The distance and the speed it needs: what the readout says while dragging."""
        mv = self.moving
        assert mv is not None
        if mv.speeds:
            for name, lim in self.speed_limits():
                if length <= lim + 1e-6:
                    return True, f'{length:.1f}"  {name.capitalize()}'
            return False, f'{length:.1f}" — more than {mv.limit:.1f}"'
        if length > mv.limit + 1e-6:
            return False, f'{length:.1f}" — more than {mv.limit:.1f}"'
        return True, f'{length:.1f}" of {mv.limit:.1f}"'

    def _cancel_path(self) -> None:
        """Esc, a right click: the path is taken back. A drag under way ends with it: its
        left button's release made the move all the same, a surprise."""
        mv = self.moving
        if mv is None:
            return
        self._press = None
        self._verdict_timer.stop()
        mv.waypoints.clear()
        mv.dragging = False
        mv.dest = None
        mv.said = mv.quick = None
        self.table.move_overlay.show_tape(False)
        self.table.move_overlay.set_waypoints([])
        self._show_rings()

    def snap(self, dest: Point) -> Point:
        """Where a path ending at ``dest`` really ends: a drop a few pixels past a limit
        ring (or a hair inside it) lands just inside it, and points keep three decimals
        (tidy saves); the margin keeps that rounding from carrying a point past a limit."""
        mv = self.moving
        assert mv is not None
        path = self.path_to(dest)
        length = self.length(path)
        limits = [lim for _, lim in self.speed_limits()] if mv.speeds else [mv.limit]
        slack = self.SNAP_PX / self.pixels_per_inch()
        a = path[-2]
        leg = math.dist(a, dest)
        for lim in sorted(limits):
            if math.isfinite(lim) and lim - 0.002 < length <= lim + slack and leg > 0:
                t = max(0.0, lim - 0.002 - (length - leg)) / leg  # 0.002: room to round
                dest = (a[0] + t * (dest[0] - a[0]), a[1] + t * (dest[1] - a[1]))
                break
        return (round(dest[0], 3), round(dest[1], 3))

    def choice_for(self, dest: Point) -> dict[str, Any] | None:
        """The MOVE answer for a path ending at ``dest``; None if no speed covers it."""
        mv = self.moving
        assert mv is not None
        path = self.path_to(dest)
        choice: dict[str, Any] = {"path": [[float(x), float(y)] for x, y in path[1:]]}
        if mv.speeds:
            length = self.length(path)
            # The slowest speed that covers the distance: Cautious is never worse for the
            # mover (AA-078, AA-120), and Rapid costs a Firepower die (AA-038).
            speed = next((s for s, lim in self.speed_limits() if length <= lim + 1e-6), None)
            if speed is None:
                return None
            choice["speed"] = speed
        return choice

    def drop(self, dest: Point) -> bool:
        """Offer the move ending at ``dest``: emit ``moveChosen`` if the decision accepts
        it, else snap back and say why. Returns True when the move was chosen."""
        mv = self.moving
        assert mv is not None
        dest = self.snap(dest)
        choice = self.choice_for(dest)
        try:
            if choice is None:
                raise IllegalDecision(
                    f'the path is {self.length(self.path_to(dest)):.1f}" long; this unit may '
                    f'move {mv.limit:.1f}" more')
            choice = self._first_legal(mv.decision, self._variants(choice, dest), choice)
        except IllegalDecision as exc:
            why = self.table.name_pieces(str(exc))
            self._refuse(why, self.table.flip.scene(*dest))
            self.moveRefused.emit(why)
            self._cancel_path()
            return False
        self.end_modes()
        self.moveChosen.emit(choice)
        return True

    def _variants(self, choice: dict[str, Any], dest: Point) -> list[dict[str, Any]]:
        """What a drop can mean: a detached leader dropped on a leaderless friend joins it
        (AA-026); a unit dropped in contact with an enemy Close Assaults it (CT-054)."""
        from ambush_gui.alley.movement import join_gaps

        g, unit = self.game, self.game.unit(self.moving.decision.facts["unit"])  # type: ignore[union-attr]
        finals = self._finals(dest)

        def near(u: Any, reach: float) -> bool:
            return u is not unit and u.alive and min_distance(finals, u.points()) <= reach + 1e-6

        def nearest_first(units: list[Any]) -> list[Any]:  # dropped between two: the nearer
            return sorted(units, key=lambda u: min_distance(finals, u.points())
                          if u.figures else math.inf)

        # dropped between two leaderless units: the nearer (join_gaps: nearest first)
        joins = [choice | {"join": u.id} for u, gap in join_gaps(g, unit, finals)
                 if gap <= g.m.cohesion_link + 1e-6]
        # a drop that closes on an enemy: a unit stepping away from one it stands beside
        # is not read as going for it (a playtester's move away became a Close Assault)
        assaults = [choice | {"assault": u.id} for u in nearest_first(g.enemies(unit))
                    if near(u, g.m.assault_reach)
                    and min_distance(finals, u.points()) < min_distance(unit.points(), u.points()) - 1e-6]
        return [*joins, choice, *assaults]

    @staticmethod
    def _first_legal(decision: Decision, choices: list[dict[str, Any]],
                     plain: dict[str, Any]) -> dict[str, Any]:
        """The first legal reading of a drop; if none is, the plain move's reason."""
        errors: dict[int, IllegalDecision] = {}
        for i, c in enumerate(choices):
            try:
                decision.validate(c)
                return c
            except IllegalDecision as exc:
                errors[i] = exc
        mine = errors[choices.index(plain)]
        if isinstance(mine, EnemyContact):  # dropped on an enemy: why the assault is refused
            assault = next((i for i, c in enumerate(choices) if "assault" in c), None)
            if assault is not None:
                raise errors[assault]
        raise mine

    def _refuse(self, why: str, at: QPointF) -> None:
        flash = self.table.flash
        flash.set_text(why[:1].upper() + why[1:])
        flash.setPos(at)
        flash.show()
        self.keep_inside(flash)
        self._flash_timer.start(self.FLASH_MS)

    def keep_inside(self, label: LabelItem, margin: int = 6) -> None:
        """Move a screen-sized label (a refusal, the set-down title) back inside the view:
        beside a unit near the table's edge it ran off the view and was cut ("...may
        move [6.0\"] more" over the SUV, "Set down 1 figure within 4\" of H...")."""
        if not label.isVisible():
            return
        dx, dy = self._push(label, margin)
        if dx or dy:
            at = self.mapFromScene(label.pos())
            label.setPos(self.mapToScene(QPoint(round(at.x() + dx), round(at.y() + dy))))

    def _push(self, label: LabelItem, margin: int = 6) -> tuple[float, float]:
        """How far (pixels) ``label`` must move to be whole inside the view."""
        at = self.mapFromScene(label.pos())
        plate = label.plate().translated(at.x(), at.y())
        vp = QRectF(self.viewport().rect()).adjusted(margin, margin, -margin, -margin)
        dx = max(0.0, vp.left() - plate.left()) - max(0.0, plate.right() - vp.right())
        dy = max(0.0, vp.top() - plate.top()) - max(0.0, plate.bottom() - vp.bottom())
        return dx, dy

    # -- place mode ----------------------------------------------------------------------
    def _nearest_option(self, scene_pos: QPointF) -> int | None:
        d = self.placing
        if d is None:
            return None
        x, y = self.table.flip.table(scene_pos)
        snap = max(0.5 * self.game.m.scale, 10.0 / self.pixels_per_inch())
        best = None
        for k, (ox, oy) in enumerate(d.options):
            dist = math.hypot(float(ox) - x, float(oy) - y)
            if dist <= snap and (best is None or dist < best[0]):
                best = (dist, k)
        return best[1] if best else None

    def click_place(self, scene_pos: QPointF) -> bool:
        """A click in place mode: the nearest marked spot, or the point itself if legal."""
        d = self.placing
        if d is None:
            return False
        k = self._nearest_option(scene_pos)
        if k is not None:
            ox, oy = d.options[k]
            choice = [float(ox), float(oy)]
        else:
            x, y = self.table.flip.table(scene_pos)
            choice = [round(x, 2), round(y, 2)]
        try:
            d.validate(choice)
        except IllegalDecision as exc:
            why = self.table.name_pieces(str(exc))
            self._refuse(why, scene_pos)
            self.placeRefused.emit(why)
            return False
        self.end_modes()
        self.placeChosen.emit(choice)
        return True

    # -- hover: sight, range, dice --------------------------------------------------------
    def unit_at(self, pos: QPoint) -> str | None:
        """The unit under a viewport point (a figure, or its name label)."""
        for item in self.items(pos):
            if isinstance(item, FigureItem | LabelItem) and item.isVisible() and item.unit_id:
                return item.unit_id
        return None

    def _hover(self, uid: str | None) -> None:
        if uid == self._hover_uid:
            return
        self._hover_uid = uid
        st = self.game.state
        me = st.units.get(self.table.selected or "")
        other = st.units.get(uid or "")
        if me is None or other is None or other.side is me.side or not me.alive \
                or not other.figures or not other.on_table:
            self._clear_hover(keep_uid=True)
            return
        self.show_report(me, other)

    def show_interrupt(self, path: list[list[float]] | None, at: float | None,
                       interrupter: str | None) -> None:
        """Show where along a declared move an interruption would strike (AA-067)."""
        from ambush_gui.core.geometry import point_along

        self.clear_interrupt()
        if path and len(path) > 1:
            flip = self.table.flip
            pts = [flip.scene(x, y) for x, y in path]
            self._interrupt_tape.set_path(pts, float("inf"))
            self._interrupt_tape.show()
            if at is not None:
                x, y = point_along([(p[0], p[1]) for p in path], float(at))
                self._interrupt_mark.setPos(flip.scene(x, y))
                self._interrupt_mark.show()
        if interrupter:
            self.table.set_selected(interrupter)

    def clear_interrupt(self) -> None:
        self._interrupt_tape.hide()
        self._interrupt_mark.hide()

    def show_report(self, me: Unit, other: Unit) -> TargetReport:
        """Draw the sight line (and mark its blockers) for ``me`` looking at ``other``, and
        say the report (``hoverInfo``): the Line of sight dock shows it. Nothing floats
        over the table: a panel beside the target covered the units a decision is about
        (Bravo, the Contractors and the SUV at 1280x800)."""
        self._clear_hover(keep_uid=True)
        report = target_report(self.game, me, other, self.table.piece_labels)
        self.report = report
        self._report_pair = (me.id, other.id)
        flip = self.table.flip
        self.table.sight.show_line(flip.scene(*report.line[0]), flip.scene(*report.line[1]),
                                   report.clear)
        self._blockers = list(report.blocker_ids)
        for pid in self._blockers:
            self.table.terrain[pid].set_blocking(True)
        self.hoverInfo.emit(report.html())
        return report

    # -- the other side's actions: slides and shots ---------------------------------------
    def animate_move(self, uid: str, to: Point, distance: float, answer: Any, ms: int) -> bool:
        """Slide the figures of ``uid`` from where they are drawn to the move event's ``to``
        (the unit's new centre), along the answered path when it is that move's (its
        waypoints), in ``ms`` (0: at once). The counters jumped before: Leader (2c)'s
        "moves 7.3\"" was only in the log. False when there is nothing to slide."""
        self.finish_slide()
        items = [i for i in self.table.unit_figures(uid) if i.isVisible()]
        if not items:
            return False
        flip = self.table.flip
        n = len(items)
        centre = QPointF(sum(i.pos().x() for i in items) / n, sum(i.pos().y() for i in items) / n)
        start = flip.table(centre)
        route = slide_route((float(start[0]), float(start[1])), (float(to[0]), float(to[1])),
                            float(distance), answer)
        slide = FigureSlide(items, [flip.scene(x, y) for x, y in route], ms, parent=self)
        slide.done = lambda: self._slide_done(slide, uid)
        slide.anim.valueChanged.connect(self.follow_shot)  # a shot at the mover goes with it
        self.slide = slide
        if ms <= 0:
            self.finish_slide()
        else:
            self.table.sliding.add(uid)  # its name waits at the end of the road
            label = self.table.unit_labels.get(uid)
            if label is not None:
                label.hide()
            self.slide.start()
        return True

    def _slide_done(self, slide: FigureSlide, uid: str) -> None:
        if self.slide is slide:
            self.slide = None
        self.follow_shot()
        if uid in self.table.sliding:
            self.table.sliding.discard(uid)
            self.table.layout_labels(self.pixels_per_inch())  # its name back, by the rest
        self.slid.emit()

    def finish_slide(self) -> None:
        """End the running slide where it goes (a newer slide, a redraw, an undo)."""
        slide, self.slide = self.slide, None
        if slide is not None:
            slide.finish()

    def show_shot(self, shooter: str, target: str, ms: int | None) -> bool:
        """Draw shooter -> target and ring the shooter: for ``ms`` after a fire or an
        interruption, or held (``ms`` None) while the player is asked about it ("react
        to Leader (2b)'s fire at Fireteam Alpha?"). False when either is not on show."""
        a = [i.pos() for i in self.table.unit_figures(shooter) if i.isVisible()]
        b = [i.pos() for i in self.table.unit_figures(target) if i.isVisible()]
        if not a or not b:
            return False
        self.shot.show((shooter, target), a, b, self.table.base_radius, ms)
        return True

    def follow_shot(self) -> None:
        """The shot on show drawn again between its units' figures where they stand now
        (each frame of a slide, a redraw): its arrow kept pointing where the target had
        stood once it moved on. A shot whose target, or shooting unit, is no longer on the
        table goes: that fire is over. An IED's shot keeps the point it went off at."""
        shot = self.shot
        if shot.pair is None or not shot.visible():
            return
        shooter, target = shot.pair
        a = [i.pos() for i in self.table.unit_figures(shooter) if i.isVisible()]
        b = [i.pos() for i in self.table.unit_figures(target) if i.isVisible()]
        if not b and self.table.fallen:  # its last figures, crossed out while the tray
            b = shot.ends[1]  # waits on their fall: the arrow points where they fell
        if not b or (not a and shooter in self.game.state.units):
            shot.hide()
            return
        a = a or shot.ends[0]
        if (a, b) != shot.ends:
            shot.redraw(a, b)

    def clear_shot(self, held_only: bool = False) -> None:
        if not held_only or self.shot.held:
            self.shot.hide()

    def _clear_hover(self, keep_uid: bool = False) -> None:
        if not keep_uid:
            self._hover_uid = None
        self.report = None
        self.table.sight.hide()
        for pid in self._blockers:
            if pid in self.table.terrain:
                self.table.terrain[pid].set_blocking(False)
        self._blockers = []

    # -- the mouse -----------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        pos = event.position().toPoint()
        scene_pos = self.mapToScene(pos)
        self.setFocus()
        button = event.button()
        if button == Qt.MouseButton.MiddleButton:
            self._press = Press("pan", pos, moved=True)
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if button == Qt.MouseButton.RightButton:
            if self.moving is not None:
                self._cancel_path()
            event.accept()
            return
        if button != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if self.moving is not None and shift:
            x, y = self.table.flip.table(scene_pos)
            self.moving.waypoints.append((round(x, 3), round(y, 3)))
            self._show_path(self.moving.waypoints[-1])
            self._press = None
            event.accept()
            return
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if self.moving is not None and ctrl and self._figure_at(scene_pos) is not None:
            self.moving.figure = self._figure_at(scene_pos)
            self._press = Press("figure", pos, self.moving.unit)
            event.accept()
            return
        if self.moving is not None and self._grabs(scene_pos):
            x, y = self.table.flip.table(scene_pos)
            self.moving.grab = (self.moving.start[0] - x, self.moving.start[1] - y)
            self._press = Press("grab", pos, self.moving.unit)
            self.table.fof.show_leader(None)  # his rings would stay where the drag began
        else:
            uid = self.unit_at(pos)
            self._press = Press("unit" if uid else "empty", pos, uid)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        pos = event.position().toPoint()
        press = self._press
        if press is None:
            self._hover_move(pos)
            return
        delta = pos - press.at
        far = abs(delta.x()) + abs(delta.y())
        if press.kind == "grab":
            if not press.moved and far < 3:
                return
            press.moved = True
            mv = self.moving
            if mv is None:
                return
            mv.dragging = True
            x, y = self.table.flip.table(self.mapToScene(pos))
            self._show_path((x + mv.grab[0], y + mv.grab[1]))
            return
        if press.kind == "figure":
            press.moved = press.moved or far >= 3
            if press.moved and self.moving is not None:
                self._show_step(self.table.flip.table(self.mapToScene(pos)))
            return
        if not press.moved and far < QApplication.startDragDistance():
            return
        if press.kind != "pan":
            press.kind = "pan"
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        press.moved = True
        self.pan(delta.x(), delta.y())
        press.at = pos
        event.accept()

    def _hover_move(self, pos: QPoint) -> None:
        scene_pos = self.mapToScene(pos)
        if self.moving is not None and self.moving.waypoints:
            self._show_path(self.table.flip.table(scene_pos))  # preview the next leg
        if self.placing is not None:
            self.table.place_overlay.highlight(self._nearest_option(scene_pos))
        self.table.fof.show_leader(self.figure_under(pos))  # a stress leader's 6"/8" rings
        self._hover(self.unit_at(pos))

    def figure_under(self, pos: QPoint) -> str | None:
        """The figure drawn under a viewport point, if any."""
        for item in self.items(pos):
            if isinstance(item, FigureItem) and item.isVisible() and item.figure_id:
                return item.figure_id
        return None

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        press, self._press = self._press, None
        self.viewport().unsetCursor()
        event.accept()
        if press is None:  # the press was used up (a waypoint, a cancel)
            return
        pos = event.position().toPoint()
        scene_pos = self.mapToScene(pos)
        if press.kind == "grab":
            mv = self.moving
            if press.moved and mv is not None:
                x, y = self.table.flip.table(scene_pos)
                self.drop((x + mv.grab[0], y + mv.grab[1]))
            else:
                self.select(press.uid)
            return
        if press.kind == "figure":
            if press.moved and self.moving is not None:
                self.drop_figure(self.table.flip.table(scene_pos))
            return
        if press.kind == "pan":
            return
        if self.placing is not None:
            self.click_place(scene_pos)
            return
        if press.kind == "unit":
            self.select(press.uid)
            return
        if self.moving is not None and self.moving.waypoints:
            self.drop(self.table.flip.table(scene_pos))  # a click ends a path of waypoints
            return
        if self.moving is None:
            self.select(None)

    def leaveEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        self.table.fof.show_leader(None)
        self._hover(None)
        super().leaveEvent(event)


def scale_bar_length(ppi: float, most: float = 240.0) -> float:
    """The longest round number of inches that fits ``most`` pixels (at least a quarter).

    >>> scale_bar_length(30.0), scale_bar_length(100.0), scale_bar_length(8.0)
    (6.0, 2.0, 24.0)
    """
    nice = (0.25, 0.5, 1.0, 2.0, 3.0, 6.0, 12.0, 18.0, 24.0, 36.0, 48.0)
    fitting = [n for n in nice if n * ppi <= most]
    return fitting[-1] if fitting else nice[0]


def scale_bar_cells(length: float) -> int:
    """How many black and white cells the scale bar is cut into."""
    if length in (2.0, 3.0, 6.0):
        return int(length)
    if length in (12.0, 24.0, 36.0, 48.0):
        return 4 if length != 36.0 else 6
    if length == 18.0:
        return 3
    return 2
