"""Mounted units on the table (issue 15, the mounted module, FF-052..086).

A figure of a mounted unit that still has its mount is drawn on a horse seen from above
(:class:`MountItem`, a child of the figure's item, so it moves, slides and hides with
it): Cavalry on a dark bay with a saddle cloth in the side's colour, Mounted Troops on
a lighter horse with a plain cloth, both heading the way the unit last moved. After a
dismount the figures stand on foot, no horse under them. The unit's label says "mounted"
or "on foot" (``caption_extra`` in gui/table/fof.py: at the whole-table zoom a horse is a
few pixels); the unit card and the turn panel "on foot (4 mounts held)".

As the controller presents the module's events (:func:`show_mounted_event`):

* a dismount or a mount-up: the horses fade out (in), a line over the unit says why
  ("fired on by ...: failed the check to stay mounted");
* a casualty's rider-or-mount die (FF-071): the figure's horse is ringed while the die is
  in the tray; "the mount is hit" crosses the horse out until the table drops it.

The move tape's Cautious/Rapid rings for a mounted unit (8" and 16", FF-055/056: the
Force on Force Tactical move is the Cautious speed) come from
the engine's ``speed_limit`` (the view's ``_show_rings``); nothing here computes a rule.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer, QVariantAnimation
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ambush_gui.alley.model import Speed
from ambush_gui.alley.movement import speed_words
from ambush_gui.alley.names import figure_name
from ambush_gui.gui.shared import theme
from ambush_gui.gui.table.items import LabelItem, cosmetic

if TYPE_CHECKING:
    from ambush_gui.alley.fof.mounted import MountedModule
    from ambush_gui.alley.model import Unit
    from ambush_gui.gui.table.scene import TableScene

FADE_MS = {"step": 1000, "slow": 1200, "normal": 800, "fast": 400, "instant": 0}
NOTE_MS = {"step": 4000, "slow": 3500, "normal": 2800, "fast": 1500, "instant": 0}

CAVALRY_HORSE = QColor("#6e3b1e")  # a dark bay
TROOPS_HORSE = QColor("#a9744f")  # a lighter chestnut
HORSE_EDGE = QColor("#2b1a0e")
MANE = QColor("#1c120a")
DEAD = QColor("#c0392b")
RING = QColor(230, 126, 34, 235)


def mounted_module(game: Any) -> MountedModule | None:
    mods = getattr(game, "modules", None)
    mod = mods.get("mounted") if mods else None
    return mod if mod is not None and getattr(mod, "kind", None) else None


class MountItem(QGraphicsItem):
    """A horse under a rider, seen from above, pointing along +x before its rotation."""

    def __init__(self, radius: float, parent: QGraphicsItem) -> None:
        super().__init__(parent)
        self.r = radius
        self.cavalry = True
        self.cloth = QColor(theme.SIDE_COLOURS["regular"])
        self.dead = False  # "the mount is hit": crossed out until the table drops it
        self.ringed = False  # its rider-or-mount die is in the tray
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_look(self, cavalry: bool, side: str) -> None:
        cloth = QColor(theme.SIDE_COLOURS[side])
        if (cavalry, cloth) != (self.cavalry, self.cloth):
            self.cavalry, self.cloth = cavalry, cloth
            self.update()

    def set_marks(self, dead: bool, ringed: bool) -> None:
        if (dead, ringed) != (self.dead, self.ringed):
            self.dead, self.ringed = dead, ringed
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        r = self.r
        return QRectF(-3.5 * r, -3.5 * r, 7.0 * r, 7.0 * r)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self.r
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.ringed:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(cosmetic(RING, 3.5, Qt.PenStyle.DashLine))
            painter.drawEllipse(QPointF(0.0, 0), 3.4 * r, 2.0 * r)
        coat = CAVALRY_HORSE if self.cavalry else TROOPS_HORSE
        # bigger than the rider's base, so the horse shows round him: its head ahead, its
        # quarters and tail behind, its flanks a brown rim either side (nose at +x)
        tail = QPainterPath(QPointF(-2.2 * r, 0))
        tail.quadTo(QPointF(-2.8 * r, 0.25 * r), QPointF(-3.1 * r, 0.05 * r))
        painter.setPen(cosmetic(MANE, 2.6))
        painter.drawPath(tail)
        painter.setPen(cosmetic(HORSE_EDGE, 1.0))
        painter.setBrush(coat)
        painter.drawEllipse(QPointF(-0.3 * r, 0), 2.0 * r, 1.18 * r)
        neck = QPainterPath(QPointF(1.2 * r, -0.55 * r))
        neck.lineTo(QPointF(2.45 * r, -0.36 * r))
        neck.quadTo(QPointF(3.35 * r, 0), QPointF(2.45 * r, 0.36 * r))
        neck.lineTo(QPointF(1.2 * r, 0.55 * r))
        neck.closeSubpath()
        painter.drawPath(neck)
        painter.setPen(cosmetic(MANE, 2.0))
        painter.drawLine(QPointF(1.3 * r, 0), QPointF(2.4 * r, 0))  # the mane
        for side in (-1, 1):  # the ears
            painter.drawLine(QPointF(2.4 * r, side * 0.16 * r), QPointF(2.75 * r, side * 0.4 * r))
        # the saddle cloth behind the rider, in the side's colour (Cavalry: a gold edge)
        painter.setBrush(self.cloth if self.cavalry else self.cloth.lighter(130))
        painter.setPen(cosmetic(QColor("#f4d03f") if self.cavalry else HORSE_EDGE,
                                1.8 if self.cavalry else 0.8))
        painter.drawRoundedRect(QRectF(-1.75 * r, -1.0 * r, 2.4 * r, 2.0 * r), 0.3 * r, 0.3 * r)
        if self.dead:
            painter.setPen(cosmetic(DEAD, 3.0))
            d = 2.2 * r
            painter.drawLine(QPointF(-d, -0.8 * d), QPointF(d, 0.8 * d))
            painter.drawLine(QPointF(-d, 0.8 * d), QPointF(d, -0.8 * d))


class MountLayer(QObject):
    """The mounts of a :class:`TableScene`'s mounted units, following the module's state."""

    def __init__(self, scene: TableScene) -> None:
        super().__init__(scene)
        self.scene = scene
        self.items: dict[str, MountItem] = {}  # figure id -> its horse
        self.heading: dict[str, float] = {}  # unit id -> degrees (scene, clockwise from east)
        self.at: dict[str, tuple[float, float]] = {}  # unit id -> its centre when last drawn
        self.fading: dict[str, QVariantAnimation] = {}
        self.dead: set[str] = set()  # figures whose mount was hit (shown until a refresh)
        self.ringed: str | None = None
        self.note = LabelItem("", point_size=8.0, bold=True, fg=QColor("#ffffff"),
                              bg=QColor(110, 59, 30, 235), anchor="above", gap=4.0, max_width=220.0)
        self.note.setZValue(theme.Z_FLASH - 1)
        self.note.hide()
        scene.addItem(self.note)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.note.hide)

    @property
    def module(self) -> MountedModule | None:
        return mounted_module(self.scene.game)

    def _initial_heading(self, unit: Unit) -> float:
        """Toward the enemy's units (the way it rides on), else north."""
        game = self.scene.game
        foes = [u for u in game.state.units.values()
                if u.side is not unit.side and u.on_table and u.figures]
        if not foes:
            return -90.0
        cx, cy = unit.centre()
        ex = sum(u.centre()[0] for u in foes) / len(foes)
        ey = sum(u.centre()[1] for u in foes) / len(foes)
        return math.degrees(math.atan2(-(ey - cy), ex - cx))

    def face(self, uid: str, to: tuple[float, float]) -> None:
        """Head the unit's horses toward ``to`` (table units): its move's end."""
        unit = self.scene.game.state.units.get(uid)
        if unit is None or not unit.figures:
            return
        cx, cy = self.at.get(uid, unit.centre())
        if math.hypot(to[0] - cx, to[1] - cy) > 0.05:
            self.heading[uid] = math.degrees(math.atan2(-(to[1] - cy), to[0] - cx))
            for f in unit.figures:
                item = self.items.get(f.id)
                if item is not None:
                    item.setRotation(self.heading[uid])

    def refresh(self) -> None:
        """A horse under each figure of a mounted unit that still has its mount."""
        mod = self.module
        self.dead.clear()
        self.ringed = None
        if mod is None:
            for item in self.items.values():
                item.hide()
            return
        shown: set[str] = set()
        for uid, kind in mod.kind.items():
            unit = self.scene.game.state.units.get(uid)
            if unit is None or not unit.on_table or not unit.figures:
                continue
            centre = unit.centre()
            last = self.at.get(uid)
            if uid not in self.heading:
                self.heading[uid] = self._initial_heading(unit)
            elif last is not None and math.dist(last, centre) > 0.05:
                self.heading[uid] = math.degrees(math.atan2(-(centre[1] - last[1]),
                                                            centre[0] - last[0]))
            self.at[uid] = centre
            if not mod.is_mounted(unit):
                continue
            riders = {f.id for f in mod.riders(unit)}
            for f in unit.figures:
                if f.id not in riders:
                    continue
                horse = self._item(f.id)
                if horse is None:
                    continue
                item = horse
                item.set_look(kind == "cavalry", unit.side.value)
                item.set_marks(False, False)
                item.setRotation(self.heading[uid])
                if f.id not in self.fading:
                    item.setOpacity(1.0)
                item.show()
                words = "Cavalry" if kind == "cavalry" else "Mounted Troops"
                moves = ", ".join(speed_words(self.scene.game, s, unit)
                                  for s in (Speed.CAUTIOUS, Speed.RAPID))
                item.setToolTip(f"{figure_name(f)} on his mount ({words}: {moves}; "
                                "no In Cover; foot units firing at it get +1 die)")
                shown.add(f.id)
        for fid, item in self.items.items():
            if fid not in shown and fid not in self.fading:
                item.hide()

    def _item(self, fid: str) -> MountItem | None:
        fig = self.scene.figures.get(fid)
        if fig is None:
            return None
        item = self.items.get(fid)
        if item is None or item.parentItem() is not fig:
            item = MountItem(self.scene.base_radius, fig)
            self.items[fid] = item
        return item

    # -- events ---------------------------------------------------------------------
    def say(self, uid: str, text: str, ms: int) -> None:
        """A line over the unit for a while: what became of its mounts."""
        figs = [i for i in self.scene.unit_figures(uid) if i.isVisible()]
        if not figs or not text:
            return
        top = min(i.pos().y() for i in figs) - 2.2 * self.scene.base_radius
        self.note.set_text(text)
        self.note.setPos(QPointF(sum(i.pos().x() for i in figs) / len(figs), top))
        self.note.show()
        self.timer.start(max(ms, 1500))

    def fade_unit(self, uid: str, mounted: bool, ms: int) -> None:
        """Dismounting: the horses fade away; mounting: they come (FF-065..070)."""
        unit = self.scene.game.state.units.get(uid)
        mod = self.module
        if unit is None or mod is None:
            return
        kind = mod.kind.get(uid, "cavalry")
        for f in unit.figures:
            if f.id not in mod.mounts.get(uid, set()):
                continue
            item = self._item(f.id)
            if item is None:
                continue
            item.set_look(kind == "cavalry", unit.side.value)
            item.setRotation(self.heading.get(uid, self._initial_heading(unit)))
            item.show()
            old = self.fading.pop(f.id, None)
            if old is not None:
                old.stop()
            if ms <= 0:
                item.setOpacity(1.0)
                item.setVisible(mounted)
                continue
            anim = QVariantAnimation(self)
            anim.setStartValue(0.0 if mounted else 1.0)
            anim.setEndValue(1.0 if mounted else 0.0)
            anim.setDuration(ms)
            anim.valueChanged.connect(lambda v, it=item: it.setOpacity(float(v)))
            anim.finished.connect(lambda fid=f.id, a=anim, it=item, on=mounted: self._faded(fid, a, it, on))
            self.fading[f.id] = anim
            anim.start()

    def _faded(self, fid: str, anim: QVariantAnimation, item: MountItem, on: bool) -> None:
        if self.fading.get(fid) is anim:
            del self.fading[fid]
            item.setVisible(on)
            item.setOpacity(1.0)
        anim.deleteLater()

    def ring(self, fid: str | None) -> None:
        """Ring the horse of the figure whose rider-or-mount die is in the tray."""
        if self.ringed and self.ringed in self.items:
            old = self.items[self.ringed]
            old.set_marks(old.dead, False)
        self.ringed = fid
        item = self.items.get(fid or "")
        if item is not None and item.isVisible():
            item.set_marks(item.dead, True)

    def mount_hit(self, fid: str) -> None:
        item = self.items.get(fid)
        self.dead.add(fid)
        if item is not None:
            item.set_marks(True, False)

    def finish(self) -> None:
        for anim in list(self.fading.values()):
            anim.stop()
            anim.setCurrentTime(anim.duration())
        self.fading.clear()


def show_mounted_event(scene: TableScene, event: Any, pace: str, paced: bool) -> None:
    """Show a mounted-module event (or its rider-or-mount die) as it is presented."""
    layer: MountLayer | None = getattr(scene, "mounts", None)
    if layer is None or layer.module is None:
        return
    d = event.data

    def ms(table: dict[str, int]) -> int:
        return int(table.get(pace, 0)) if paced else 0

    uid = d.get("unit")
    if event.kind == "move" and isinstance(uid, str) and d.get("to") and uid in layer.module.kind:
        layer.face(uid, (float(d["to"][0]), float(d["to"][1])))
        return
    if event.kind == "roll" and str(d.get("purpose", "")).startswith("Rider or mount"):
        layer.ring(d.get("figure") if isinstance(d.get("figure"), str) else None)
        return
    if event.kind != "mounted" or not isinstance(uid, str):
        return
    text = str(event.text).split(" [")[0]
    if "mounted" in d:
        layer.fade_unit(uid, bool(d["mounted"]), ms(FADE_MS))
        layer.say(uid, text, ms(NOTE_MS))
    elif d.get("hit") == "mount" and isinstance(d.get("figure"), str):
        layer.ring(None)
        layer.mount_hit(d["figure"])
        layer.say(uid, f"{d['figure']}: the mount is hit", ms(NOTE_MS))
    elif d.get("hit") == "rider":  # the ring stays on the rider's horse while the tray shows it
        layer.say(uid, f"{d.get('figure', '')}: the rider is hit", ms(NOTE_MS))
