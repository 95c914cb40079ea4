"""Civilian mobs on the table (issue 15, the civilians module, FF-129..166).

With the module on, the mob stands are the module's (they move), not static terrain:
:class:`MobLayer` draws each live stand from ``game.modules["civilians"].mobs`` as a 2"x3"
crowd (FF-130), a hostile one in red with its word on the plate (FF-161), its casualties
as red crosses and a count (FF-137). What happens to a mob is shown as the controller
presents the module's events (:func:`show_civilians_event`):

* a move toward gunfire at the end of the turn (FF-132), a hostile mob's move (FF-166) or
  a manipulation (FF-151): the stand SLIDES from where it is drawn to the event's ``to``,
  at the pace's speed (:data:`MOB_SLIDE_MS`, slower than a unit's slide: a crowd ambles,
  and several slide together at the end of the turn), with a line saying why;
* the civilian casualty check (FF-136): the stand is ringed while its die is in the tray,
  and a casualty adds a cross at once;
* dispersal, arming or scattering (FF-138..154): the stand fades out with the verdict;
* a taunt (FF-163): the taunted unit is marked on the table for the rest of the turn.

A manipulation's or a hostile mob's "where to?" question (a CHOOSE card list) draws its
destinations on the table, the highlighted card's in bold (:meth:`MobLayer.show_destinations`).

Nothing here computes a rule: positions, casualties and verdicts come from the module's
state and its events.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import shapely
import shapely.affinity
from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsLineItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ambush_gui.gui.shared import theme
from ambush_gui.gui.table.items import Flip, LabelItem, TerrainItem, area, cosmetic

if TYPE_CHECKING:
    from ambush_gui.alley.fof.civilians import CiviliansModule, Mob
    from ambush_gui.gui.table.scene import TableScene

# How long a stand takes to slide, by pace (ms): slower than a unit's (theme.SLIDE_MS), so
# a player sees the crowd drift toward the shooting; 0 at the instant pace.
MOB_SLIDE_MS = {"step": 1800, "slow": 2200, "normal": 1500, "fast": 800, "instant": 0}
MOB_FADE_MS = {"step": 1400, "slow": 1600, "normal": 1100, "fast": 600, "instant": 0}
CHECK_MS = {"step": 4000, "slow": 3500, "normal": 2500, "fast": 1200, "instant": 0}

# over the terrain, under the figures (a leader beside a stand keeps his base in sight)
MOB_Z = theme.Z_MARKERS + 1
MOB_FILL = QColor(243, 227, 161, 235)  # theme.TERRAIN_FILL["civilian_mob"], a touch opaque
MOB_EDGE = QColor("#9a7d0a")
HOSTILE_FILL = QColor(245, 183, 177, 240)
HOSTILE_EDGE = QColor("#b03a2e")
HOSTILE_SHOULDERS = QColor("#a04000")
CASUALTY = QColor("#c0392b")
CHECK_RING = QColor(211, 84, 0, 245)  # a stand near a line of fire: its casualty check
DEST = QColor(52, 73, 94, 200)  # a manipulation's destinations
DEST_ON = QColor(39, 174, 96, 240)
TAUNT = QColor("#b03a2e")


def mob_title(mob: Mob) -> str:
    """The stand's name as the scenario gives it ("Crowd at the fruit stalls"), else
    "mob <id>"."""
    return mob.label if mob.label and mob.label != mob.id else mob.name


def civilians(game: Any) -> CiviliansModule | None:
    """The game's civilians module, or None (no module, or no mobs)."""
    mods = getattr(game, "modules", None)
    mod = mods.get("civilians") if mods else None
    return mod if mod is not None and getattr(mod, "mobs", None) else None


class MobItem(QGraphicsItem):
    """A civilian mob stand: a crowd seen from above on its 2"x3" stand, drawn about its
    centre (the item's position), so a slide moves it whole."""

    def __init__(self, mob: Mob, flip: Flip) -> None:
        super().__init__()
        self.mob_id = mob.id
        cx, cy = mob.centre
        local = shapely.affinity.translate(mob.poly, -cx, -cy)
        zero = Flip(0.0)  # table inches about the centre -> scene units about it (y down)
        self.polygon = zero.polygon(local)
        self._heads = TerrainItem._crowd(local, zero)
        self._bounds = self.polygon.boundingRect().adjusted(-0.4, -0.4, 0.4, 0.4)
        self.hostile = False
        self.casualties = 0
        self.size = 6
        self.checked = False  # ringed: a line of fire passes within 2" (FF-136)
        self.setZValue(MOB_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.label = LabelItem("", point_size=7.5, bold=True, fg=QColor("#3b2f06"),
                               bg=QColor(255, 250, 230, 225), edge=MOB_EDGE, anchor="below",
                               gap=2.0, parent=self)
        self.label.setPos(0.0, self.polygon.boundingRect().bottom())
        # what happens to it, over every name on the table (a child would be drawn under
        # the names of the items stacked over the stand): it follows the stand (itemChange)
        self.note = LabelItem("", point_size=7.5, fg=QColor("#ffffff"), bg=QColor(60, 50, 30, 225),
                              anchor="above", gap=2.0, max_width=240.0)
        self.note.setZValue(theme.Z_FLASH)
        self.note_at = QPointF(0.0, self.polygon.boundingRect().top())  # from the stand's centre
        self.note.hide()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:  # noqa: N802
        """The note goes where the stand goes: into its scene, along a slide, out of sight."""
        kind = QGraphicsItem.GraphicsItemChange
        if change == kind.ItemSceneHasChanged:
            old = self.note.scene()
            if old is not None and old is not value:
                old.removeItem(self.note)
            if value is not None and self.note.scene() is None:
                value.addItem(self.note)
        elif change == kind.ItemPositionHasChanged:
            self.note.setPos(self.pos() + self.note_at)
        elif change == kind.ItemVisibleHasChanged and not value:
            self.note.hide()
        return super().itemChange(change, value)

    def set_state(self, name: str, hostile: bool, casualties: int, size: int) -> None:
        changed = (hostile, casualties, size) != (self.hostile, self.casualties, self.size)
        self.hostile, self.casualties, self.size = hostile, casualties, size
        words = [name[:1].upper() + name[1:]]
        if hostile:
            words.append("hostile")
        if casualties:
            words.append(f"{casualties} hurt")
        self.label.set_text(" · ".join(words))
        edge = HOSTILE_EDGE if hostile else MOB_EDGE
        self.label.set_colours(QColor("#641e16") if hostile else QColor("#3b2f06"),
                               QColor(253, 237, 236, 230) if hostile else QColor(255, 250, 230, 225),
                               edge)
        tip = [f"{name[:1].upper() + name[1:]}: a civilian mob stand (FF-130), {self.mob_id}"]
        tip.append("Hostile: moved by its player, may block fire and movement and taunt a unit "
                   "within 4\" (FF-161..166)" if hostile else
                   "Moves 3\" toward the turn's gunfire at the end of the turn, stopping 6\" from "
                   "any unit (FF-132, FF-133)")
        tip.append("No fire and no movement through it (FF-135); fire passing within 2\" risks "
                   "a civilian casualty (FF-136)")
        tip.append(f"Casualties: {casualties} of {size} (at {size} the crowd scatters)")
        self.setToolTip("\n".join(tip))
        if changed:
            self.update()

    def set_checked(self, on: bool) -> None:
        if on != self.checked:
            self.checked = on
            self.update()

    def say(self, text: str) -> None:
        """A line over the stand while something happens to it ("" hides it): over it,
        under it or beside it, wherever it covers no other name ("Unhurt by the fire" lay
        under "Crowd at the cloth stalls" and "Grain store cell")."""
        self.note.set_text(text)
        self.note.setVisible(bool(text) and self.isVisible())
        scene = self.scene()
        if text and hasattr(scene, "place_least_covered"):
            ppi = max(float(getattr(scene, "ppi", 1.0)), 1e-6)
            box = self.polygon.boundingRect()
            spots = [(a, self.pos() + at) for a, at in (
                ("above", QPointF(0.0, box.top())), ("below", QPointF(0.0, box.bottom())),
                ("right", QPointF(box.right(), 0.0)), ("left", QPointF(box.left(), 0.0)))]
            taken = [i.plate().translated(i.scenePos() * ppi) for i in scene.items()
                     if isinstance(i, LabelItem) and i is not self.note and i.isVisible()
                     and not i.rotation()]
            _, at, _ = scene.place_least_covered(self.note, spots, ppi, taken)
            self.note_at = at - self.pos()
        # over the other stands while it speaks (its words are a child), under the figures
        self.setZValue(theme.Z_UNITS - 1 if text else MOB_Z)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self._bounds

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self.polygon)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        hostile = self.hostile
        painter.setBrush(HOSTILE_FILL if hostile else MOB_FILL)
        painter.setPen(cosmetic(HOSTILE_EDGE if hostile else MOB_EDGE, 2.4 if hostile else 1.6))
        painter.drawPolygon(self.polygon)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(HOSTILE_SHOULDERS if hostile else theme.MOB_SHOULDERS)
        for shoulders, _ in self._heads:
            painter.drawEllipse(shoulders)
        painter.setPen(cosmetic(theme.MOB_HEAD_EDGE, 0.8))
        painter.setBrush(theme.MOB_HEAD)
        for _, head in self._heads:
            painter.drawEllipse(head)
        if hostile:  # raised fists: short strokes out of the crowd's edge
            painter.setPen(cosmetic(HOSTILE_EDGE, 2.0))
            box = self.polygon.boundingRect()
            for k in range(4):
                x = box.left() + (k + 0.5) * box.width() / 4
                painter.drawLine(QPointF(x, box.top()), QPointF(x, box.top() - 0.22))
                painter.drawLine(QPointF(x, box.bottom()), QPointF(x, box.bottom() + 0.22))
        if self.casualties:  # a red cross for each, along the stand's top edge
            box = self.polygon.boundingRect()
            n = min(self.casualties, self.size)
            step = min(0.42, (box.width() - 0.2) / max(n, 1))
            painter.setPen(cosmetic(QColor("#ffffff"), 1.0))
            painter.setBrush(CASUALTY)
            for k in range(n):
                c = QPointF(box.left() + 0.22 + (k + 0.5) * step, box.top() + 0.3)
                s = 0.13
                painter.drawRect(QRectF(c.x() - s / 3, c.y() - s, 2 * s / 3, 2 * s))
                painter.drawRect(QRectF(c.x() - s, c.y() - s / 3, 2 * s, 2 * s / 3))
        if self.checked:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(cosmetic(CHECK_RING, 4.0))
            painter.drawRoundedRect(self.polygon.boundingRect().adjusted(-0.25, -0.25, 0.25, 0.25),
                                    0.3, 0.3)


class MobLayer(QObject):
    """The mob stands on a :class:`TableScene`, their slides and fades, the casualty check's
    ring, taunt marks and a manipulation's destinations."""

    def __init__(self, scene: TableScene) -> None:
        super().__init__(scene)
        self.scene = scene
        self.items: dict[str, MobItem] = {}
        self.busy: dict[str, QVariantAnimation] = {}  # mob id -> its running slide or fade
        self.taunts: dict[str, LabelItem] = {}  # unit id -> its "taunted" mark
        self.dests: list[tuple[str, QGraphicsEllipseItem, LabelItem, QGraphicsLineItem]] = []
        self.extra: list[QGraphicsItem] = []  # the highlighted destination's outline
        self.frames = 0  # frames drawn by mob slides (bench/, docs/performance.md)
        self._spec: Any = None
        self.build()

    @property
    def module(self) -> CiviliansModule | None:
        return civilians(self.scene.game)

    def build(self) -> None:
        """The items, once per scenario (an undo or a load keeps them: :meth:`refresh`)."""
        mod = self.module
        for item in self.items.values():
            self.scene.removeItem(item)
        self.items = {}
        self._spec = self.scene.game.spec
        if mod is None:
            return
        for mob in mod.mobs.values():
            item = MobItem(mob, self.scene.flip)
            self.scene.addItem(item)
            self.items[mob.id] = item
        self.refresh()

    def refresh(self) -> None:
        """Follow the module's state: where each stand is, hostile, hurt, or gone."""
        if self.scene.game.spec is not self._spec:  # another scenario: new stands
            self.finish()
            self.build()
            return
        mod = self.module
        if mod is None:
            return
        flip = self.scene.flip
        for mob in mod.mobs.values():
            item = self.items.get(mob.id)
            if item is None:
                continue
            if mob.id in self.busy:
                continue  # sliding or fading: it ends where the state says
            item.set_state(mob_title(mob), mob.hostile, mob.casualties, mod.settings.mob_size)
            item.setPos(flip.scene(*mob.centre))
            item.setOpacity(1.0)
            item.set_checked(False)
            item.say("")
            item.setVisible(not mob.gone)  # the names are laid out by the scene's layout_labels

    def layout(self, ppi: float, taken: list[QRectF]) -> list[QRectF]:
        """Each stand's name below, above or beside it, wherever it covers no other stand,
        no other stand's name, no figure and no Hot Spot, and stays on the table (two stands
        side by side in the market square had their names over each other; "Crowd at the
        cloth stalls" ran off the table's edge over Hot Spot 3); the least covered place when
        none is free; ``taken``: the plates laid out before them (pixels: the units' names,
        an IED's plate). Returns the names' plates in pixels: the terrain names keep off them
        (the Tea shop's was under "Crowd at the fruit stalls")."""
        live = [i for i in self.items.values() if i.isVisible()]
        table = self.scene.table_rect()
        table = QRectF(table.topLeft() * ppi, table.bottomRight() * ppi)
        stands = [QRectF(i.sceneBoundingRect().topLeft() * ppi, i.sceneBoundingRect().bottomRight() * ppi)
                  for i in live]
        r = 1.3 * self.scene.base_radius * ppi
        figures = [QRectF(f.pos().x() * ppi - r, f.pos().y() * ppi - r, 2 * r, 2 * r)
                   for f in self.scene.visible_figures()]
        figures += taken
        for spot in self.scene.hot_spots.values():
            p, h = spot.pos() * ppi, spot.r * ppi
            figures.append(QRectF(p.x() - h, p.y() - h, 2 * h, 2 * h))
        placed: list[QRectF] = []
        for k, item in enumerate(live):
            box = item.polygon.boundingRect()
            spots = [("below", QPointF(0.0, box.bottom())), ("above", QPointF(0.0, box.top())),
                     ("right", QPointF(box.right(), 0.0)), ("left", QPointF(box.left(), 0.0))]
            others = [s for j, s in enumerate(stands) if j != k] + placed + figures
            best: tuple[float, str, QPointF, QRectF] | None = None
            for anchor, at in spots:
                rect = item.label.plate(anchor).translated((item.pos() + at) * ppi)
                off = area(rect) - area(rect.intersected(table))  # past the table's edge
                cover = sum(area(rect.intersected(o)) for o in others) + off
                if best is None or cover < best[0] - 1e-6:
                    best = (cover, anchor, at, rect)
                if cover <= 0:
                    break
            assert best is not None
            item.label.set_anchor(best[1])
            item.label.setPos(best[2])
            placed.append(best[3])
        return placed

    # -- taunts ---------------------------------------------------------------------
    def place_taunts(self, taken: list[QRectF]) -> list[QRectF]:
        """FF-163/165: a unit a hostile mob taunted this turn is marked on the table, its
        mark over no plate in ``taken`` (pixels) where it can be. Returns the marks' plates."""
        game = self.scene.game
        turn = game.state.turn
        marked = {u.id: u for u in game.state.units.values()
                  if u.marks.get("civilians.taunted_turn") == turn and u.on_table and u.figures}
        for uid in list(self.taunts):
            if uid not in marked:
                self.taunts[uid].hide()
        plates: list[QRectF] = []
        for uid, unit in marked.items():
            mark = self.mark_taunted(uid, unit.name, taken + plates)
            if mark is not None:
                plates.append(mark.plate().translated(mark.pos() * self.scene.ppi))
        return plates

    def mark_taunted(self, uid: str, name: str = "",
                     taken: list[QRectF] | None = None) -> LabelItem | None:
        figs = [i for i in self.scene.unit_figures(uid) if i.isVisible()]
        if not figs:
            return None
        mark = self.taunts.get(uid)
        if mark is None:
            mark = LabelItem("", point_size=7.5, bold=True, fg=QColor("#ffffff"), bg=TAUNT,
                             anchor="above", gap=3.0)
            mark.setZValue(theme.Z_LABELS + 2)
            self.scene.addItem(mark)
            self.taunts[uid] = mark
        mark.set_text("Taunted by a mob")
        mark.setToolTip(f"{name or uid} was taunted by a hostile mob this turn: it is under more "
                        "stress next turn (FF-163..165)")
        # over the unit, or else under or beside it, wherever it covers no name (it lay
        # over Bravo team's label when Bravo was taunted in Market Day)
        below, above, right, left = self.scene._spots_around([i.pos() for i in figs],
                                                              1.4 * self.scene.base_radius)
        ppi = self.scene.ppi
        if taken is None:  # told as it happens: every name shown now
            taken = [i.plate().translated(i.scenePos() * ppi) for i in self.scene.items()
                     if isinstance(i, LabelItem) and i is not mark and i.isVisible()
                     and not i.rotation()]
        self.scene.place_least_covered(mark, [above, below, right, left], ppi, taken)
        mark.show()
        return mark

    # -- what happens to a mob, as its events are shown ------------------------------------
    def slide(self, mob_id: str, to: tuple[float, float], ms: int, words: str = "") -> bool:
        """Slide the stand from where it is drawn to ``to`` (table units) in ``ms``."""
        item = self.items.get(mob_id)
        if item is None:
            return False
        self._stop(mob_id)
        start = QPointF(item.pos())
        end = self.scene.flip.scene(float(to[0]), float(to[1]))
        item.show()
        item.setOpacity(1.0)
        item.say(words)
        if ms <= 0:
            item.setPos(end)
            item.say("")
            return True
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(ms)

        def step(v: Any) -> None:
            t = float(v)
            t = 0.5 - 0.5 * math.cos(math.pi * t)  # eased, as a unit's slide
            item.setPos(start + (end - start) * t)
            self.frames += 1

        anim.valueChanged.connect(step)
        anim.finished.connect(lambda: self._done(mob_id, anim))
        item.setZValue(theme.Z_SLIDING)
        self.busy[mob_id] = anim
        anim.start()
        return True

    def fade(self, mob_id: str, ms: int, words: str) -> bool:
        """The stand leaves play (dispersed, armed, scattered): it fades, saying why."""
        item = self.items.get(mob_id)
        if item is None or not item.isVisible():
            return False
        self._stop(mob_id)
        item.say(words)
        if ms <= 0:
            item.hide()
            return True
        anim = QVariantAnimation(self)
        anim.setStartValue(1.0)
        anim.setEndValue(0.0)
        anim.setDuration(ms)
        anim.valueChanged.connect(lambda v: item.setOpacity(max(0.0, float(v))))
        def gone() -> None:
            item.hide()
            self._done(mob_id, anim)

        anim.finished.connect(gone)
        self.busy[mob_id] = anim
        anim.start()
        return True

    def check(self, mob_id: str, on: bool = True, words: str = "") -> None:
        """Ring the stand while its civilian casualty check is in the tray (FF-136)."""
        item = self.items.get(mob_id)
        if item is not None:
            item.set_checked(on)
            item.say(words if on else "")

    def hurt(self, mob_id: str, casualties: int) -> None:
        item = self.items.get(mob_id)
        mod = self.module
        if item is not None and mod is not None:
            mob = mod.mobs[mob_id]
            item.set_state(mob_title(mob), item.hostile, casualties, mod.settings.mob_size)

    def _stop(self, mob_id: str) -> None:
        anim = self.busy.pop(mob_id, None)
        if anim is not None:
            anim.stop()
            anim.setCurrentTime(anim.duration())
            anim.deleteLater()

    def _done(self, mob_id: str, anim: QVariantAnimation) -> None:
        if self.busy.get(mob_id) is anim:
            del self.busy[mob_id]
            item = self.items.get(mob_id)
            if item is not None:
                item.setZValue(MOB_Z)
                item.say("")
        anim.deleteLater()

    def finish(self) -> None:
        """End every slide and fade where it goes (an undo, a load, Esc)."""
        for mob_id in list(self.busy):
            anim = self.busy.pop(mob_id)
            anim.stop()
            anim.setCurrentTime(anim.duration())
            anim.deleteLater()
            item = self.items.get(mob_id)
            if item is not None:
                item.setZValue(MOB_Z)
                item.say("")

    # -- a manipulation's or a hostile mob's destinations ----------------------------------
    def show_destinations(self, facts: Mapping[str, Any], labels: dict[str, str],
                          highlight: str | None = None) -> None:
        """Draw each destination of a "where does the mob go?" question as a dot with a
        line from the stand, the highlighted card's in green and named; the stand's
        outline at the highlighted place shows where it would stand."""
        self.clear_destinations()
        mob_id = facts.get("mob")
        to = facts.get("to")
        item = self.items.get(str(mob_id))
        if item is None or not isinstance(to, dict):
            return
        flip = self.scene.flip
        origin = item.pos()
        for key, point in to.items():
            try:
                p = flip.scene(float(point[0]), float(point[1]))
            except (TypeError, ValueError, IndexError):
                continue
            on = key == highlight
            colour = DEST_ON if on else DEST
            line = QGraphicsLineItem(origin.x(), origin.y(), p.x(), p.y())
            line.setPen(cosmetic(colour, 2.5 if on else 1.2, Qt.PenStyle.SolidLine if on
                                 else Qt.PenStyle.DotLine))
            line.setZValue(theme.Z_OVERLAY)
            r = 0.35 if on else 0.22
            dot = QGraphicsEllipseItem(p.x() - r, p.y() - r, 2 * r, 2 * r)
            dot.setPen(cosmetic(QColor("#ffffff"), 1.0))
            dot.setBrush(colour)
            dot.setZValue(theme.Z_OVERLAY + 1)
            dot.setToolTip(str(labels.get(key, key)))
            lab = LabelItem(str(labels.get(key, key)).split(" (to ")[0] if on else "",
                            point_size=7.5, bold=True, fg=QColor("#ffffff"), bg=DEST_ON,
                            anchor="above", gap=6.0)
            lab.setZValue(theme.Z_OVERLAY + 2)
            lab.setPos(p)
            lab.setVisible(on)
            for it in (line, dot, lab):
                self.scene.addItem(it)
            self.dests.append((str(key), dot, lab, line))
            if on:  # the stand's outline where it would stand
                outline = self.scene.addPolygon(QPolygonF(item.polygon).translated(p),
                                                cosmetic(DEST_ON, 2.0, Qt.PenStyle.DashLine))
                outline.setZValue(theme.Z_OVERLAY)
                self.extra.append(outline)

    def clear_destinations(self) -> None:
        for _, dot, lab, line in self.dests:
            for it in (dot, lab, line):
                self.scene.removeItem(it)
        for extra in self.extra:
            self.scene.removeItem(extra)
        self.dests, self.extra = [], []


# -- the window's side: events and questions ------------------------------------------------

def show_civilians_event(scene: TableScene, event: Any, pace: str, paced: bool) -> None:
    """Show a civilians event (or its casualty check's die) on the table as the controller
    presents it. ``pace`` is the controller's pace name; ``paced`` False: all at once."""
    layer: MobLayer | None = getattr(scene, "mobs", None)
    if layer is None or not layer.items:
        return
    d = event.data

    def ms(table: dict[str, int]) -> int:
        return int(table.get(pace, 0)) if paced else 0

    if event.kind == "roll" and d.get("rule") == "FF-136" and isinstance(d.get("mob"), str):
        layer.check(d["mob"], True, "Casualty check: fire within 2\"")
        return
    if event.kind != "civilians" or not isinstance(d.get("mob"), str):
        return
    mob_id = d["mob"]
    text = str(event.text).split(" [")[0]
    if d.get("gone"):
        layer.fade(mob_id, ms(MOB_FADE_MS), text)
    elif isinstance(d.get("to"), list | tuple) and len(d["to"]) == 2:
        layer.slide(mob_id, (float(d["to"][0]), float(d["to"][1])), ms(MOB_SLIDE_MS), text)
    elif "casualties" in d:
        layer.hurt(mob_id, int(d["casualties"]))
        layer.check(mob_id, True, "A civilian casualty")
    elif "roll" in d:  # unhurt by the fire
        layer.check(mob_id, True, "Unhurt by the fire")
    if isinstance(d.get("unit"), str) and "taunts" in text:
        unit = scene.game.state.units.get(d["unit"])
        layer.mark_taunted(d["unit"], unit.name if unit is not None else "")


def is_destination_question(facts: Mapping[str, Any]) -> bool:
    """A civilians question whose options are places a mob may go (FF-151, FF-166)."""
    return facts.get("module") == "civilians" and isinstance(facts.get("to"), dict) \
        and isinstance(facts.get("mob"), str)
