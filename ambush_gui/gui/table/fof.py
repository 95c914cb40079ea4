"""The Force on Force modules on the table (issue 15): what each module adds to the picture.

* **mortars** (FF-001..017): a mortar team's figures carry the mortar symbol, its label
  says its type, and its No Fire Zone (the ground within 18"/24" of any of its figures)
  is drawn while the team is selected, as it is while it is asked to fire;
* **mines** (FF-027..043): a minefield's name plate gives its mine type and concentration
  (the hatching alone said only "mines here"), and its tooltip the ratings and the test;
* **ieds** (FF-044..051): an IED is drawn when the table's viewer sees it (the scenario's
  ``hidden_from``, asked of :class:`ambush_gui.core.view.View`: its owner does, marked
  "hidden from the Regulars") or once it has gone off: a burst at the point as it goes
  off, a crater after. An IED hidden from the viewer is never drawn, named or counted;
* **combat_stress** (FF-087..128): each tested unit's Stress Level and Confidence on its
  label; pointing at a Positive or Negative Leader draws his 6" and 8" rings.

It only reads the modules' state (``game.modules``); nothing here computes a rule except
where a ring is drawn, from the module's own radius and zone.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import shapely
import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QBrush, QPainter, QPainterPath
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ambush_gui.gui.shared import theme
from ambush_gui.gui.table.items import LabelItem, cosmetic, star
from ambush_gui.gui.table.tape import Ring

if TYPE_CHECKING:
    from ambush_gui.alley.model import Unit
    from ambush_gui.gui.table.scene import TableScene

CONFIDENCE_SHORT = {"low": "Low", "confident": "Confident", "high": "High"}


def module(game: Any, name: str) -> Any:
    """The game's module ``name``, or None when the scenario does not switch it on."""
    mods = getattr(game, "modules", None)
    return mods.get(name) if mods else None


def hidden_words(sides: list[str]) -> str:
    """"hidden from the Regulars": what the owner reads beside his hidden piece."""
    names = {"regular": "the Regulars", "insurgent": "the Insurgents"}
    return "hidden from " + " and ".join(names.get(s, s) for s in sides)


# -- minefields --------------------------------------------------------------------------

def minefield_words(game: Any, piece_id: str) -> tuple[str, str] | None:
    """A minefield's plate (``"Light AP · medium"``) and tooltip, as the mines module says
    them; None when the piece is not one of its fields."""
    mines = module(game, "mines")
    return mines.plate(piece_id) if mines is not None else None


# -- labels --------------------------------------------------------------------------------

def caption_extra(game: Any, unit: Unit, short: bool) -> str:
    """What the modules add to a unit's label: its mortar type, its Stress Level and
    Confidence ("Light mortar · Stress 3, Low" / "mortar · S3 Low"), mounted or on foot."""
    parts: list[str] = []
    mortars = module(game, "mortars")
    kind = mortars.kind(unit) if mortars is not None else None
    if kind is not None and not short and "mortar" not in unit.name.lower():
        parts.append(f"{kind.value.capitalize()} mortar")
    stress = module(game, "combat_stress")
    s = stress.units.get(unit.id) if stress is not None else None
    if s is not None:
        conf = CONFIDENCE_SHORT.get(unit.confidence, unit.confidence)
        lost = f" −{s.lost}D" if s.lost else ""
        parts.append(f"S{s.level} {conf}{lost}" if short else f"Stress {s.level}, {conf}{lost}")
    mounted = module(game, "mounted")
    if mounted is not None and unit.id in mounted.kind:  # at the whole-table zoom a horse
        parts.append("mounted" if mounted.is_mounted(unit) else "on foot")  # is a few pixels
    return " · ".join(parts)


def caption_tip(game: Any, unit: Unit) -> str:
    """What a unit label's stress words mean ("S0 Confident" told a new player nothing):
    the Stress Level and Confidence, each said whole, for the label's tooltip; "" when the
    unit takes no combat stress."""
    stress = module(game, "combat_stress")
    s = stress.units.get(unit.id) if stress is not None else None
    if s is None:
        return ""
    conf = CONFIDENCE_SHORT.get(unit.confidence, unit.confidence)
    tip = (f"S{s.level}: Stress Level {s.level} (combat stress, FF-090), worked out afresh each "
           "turn; each die of its Stress Test must roll this or more to hold (FF-111), so the "
           f"higher, the worse. {conf}: its Confidence (Low, Confident or High); a failed Stress "
           "Test costs a Firepower die and a Confidence Level (FF-115).")
    if s.lost:
        tip += f" −{s.lost}D: Firepower dice lost to stress."
    return tip


def is_mortar(game: Any, unit: Unit) -> bool:
    mortars = module(game, "mortars")
    return mortars is not None and mortars.kind(unit) is not None


# -- items ----------------------------------------------------------------------------------

class BurstItem(QGraphicsItem):
    """An IED going off: a jagged orange burst that swells and fades over the point."""

    def __init__(self, radius: float) -> None:
        super().__init__()
        self.r = radius
        self.t = 1.0  # 0..1: how far the burst has swelled
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_TAPE + 3)

    def set_t(self, t: float) -> None:
        self.t = t
        self.setOpacity(1.0 if t < 0.7 else max(0.0, (1.0 - t) / 0.3))
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        s = 1.1 * self.r
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.r * (0.35 + 0.65 * min(1.0, self.t / 0.5))
        painter.setPen(cosmetic(theme.BLAST_EDGE, 2.0))
        painter.setBrush(theme.BLAST_OUTER)
        painter.drawPolygon(star(r, points=11, inner=0.62))
        painter.setBrush(theme.BLAST_INNER)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawPolygon(star(0.55 * r, points=9, inner=0.6))


class CraterItem(QGraphicsItem):
    """Where an IED went off: a scorched crater (the table remembers it)."""

    def __init__(self, radius: float) -> None:
        super().__init__()
        self.r = radius
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_MARKERS - 1)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        s = 1.2 * self.r
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(theme.CRATER_SCORCH)
        painter.drawPolygon(star(self.r, points=10, inner=0.7))
        painter.setBrush(theme.CRATER)
        painter.setPen(cosmetic(theme.BLAST_EDGE, 1.2))
        painter.drawEllipse(QPointF(0, 0), 0.45 * self.r, 0.45 * self.r)


class IedMarkItem(QGraphicsItem):
    """An IED the scenario shows before it goes off: a warning triangle."""

    def __init__(self, radius: float) -> None:
        super().__init__()
        self.r = radius
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(theme.Z_MARKERS)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        s = 1.3 * self.r
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.r
        tri = [QPointF(0, -r), QPointF(0.95 * r, 0.7 * r), QPointF(-0.95 * r, 0.7 * r)]
        painter.setPen(cosmetic(theme.IED_EDGE, 1.6))
        painter.setBrush(theme.IED_FILL)
        painter.drawPolygon(tri)
        painter.setPen(cosmetic(theme.IED_EDGE, 2.2))
        painter.drawLine(QPointF(0, -0.45 * r), QPointF(0, 0.2 * r))
        painter.drawPoint(QPointF(0, 0.45 * r))


class FofLayer:
    """The modules' items in one scene, kept in step by :meth:`refresh`."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.zone = QGraphicsPathItem()
        pen = cosmetic(theme.NFZ_EDGE, 2.0, Qt.PenStyle.DashLine)
        self.zone.setPen(pen)
        self.zone.setBrush(QBrush(theme.NFZ_FILL))
        self.zone.setZValue(theme.Z_OVERLAY - 1)
        self.zone.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.zone.hide()
        scene.addItem(self.zone)
        self.zone_label = LabelItem("", point_size=8.0, bold=True, fg=theme.NFZ_TEXT,
                                    bg=theme.RING_LABEL_BG, edge=theme.NFZ_EDGE, anchor="above",
                                    gap=1.0)
        self.zone_label.setZValue(theme.Z_OVERLAY + 1)
        self.zone_label.hide()
        scene.addItem(self.zone_label)
        self.zone_unit: str | None = None
        self._zone_box = (0.0, 0.0, 0.0, 0.0)  # the shown zone's bounds (table inches)
        self.leader_rings = [Ring(scene, theme.LEADER_POSITIVE, width=2.0, dash=False),
                             Ring(scene, theme.LEADER_POSITIVE, width=1.6)]
        self.leader: tuple[str | None, float, float] | None = None  # (figure, x, y) whose rings show
        self.burst: BurstItem | None = None
        self.burst_label = LabelItem("", point_size=9.0, bold=True, fg=theme.FLASH_TEXT,
                                     bg=theme.BLAST_LABEL_BG, anchor="right", gap=14.0,
                                     max_width=300.0)
        self.burst_label.setZValue(theme.Z_FLASH)
        self.burst_label.hide()
        scene.addItem(self.burst_label)
        self._anim: QVariantAnimation | None = None
        self.ied_items: dict[str, list[QGraphicsItem]] = {}  # device id -> its drawn items

    @property
    def game(self) -> Any:
        return self.scene.game

    # -- following the state ----------------------------------------------------------
    def refresh(self) -> None:
        self.show_leader(None)  # a hover aid: the game moved on, so the next hover draws anew
        self._ieds()
        if self.zone_unit is not None:
            self.show_zone(self.zone_unit)

    def _ieds(self) -> None:
        """The IEDs the table's viewer sees: waiting ones (a triangle, its reach dashed; one
        hidden from the other side says so under it), spent ones (a crater). Ones hidden
        from the viewer: nothing at all."""
        from ambush_gui.core.view import View

        ieds = module(self.game, "ieds")
        view = View(self.game, self.scene.viewer)
        wanted: dict[str, tuple[str, Any]] = {}
        if ieds is not None:
            for d in ieds.devices:
                if d.id in ieds.spent:
                    wanted[d.id] = ("spent", d)
                elif view.sees(d.id):
                    secret = view.own_hidden(d.id)
                    wanted[d.id] = ("shown" if not secret else "own:" + ",".join(secret), d)
        for did in list(self.ied_items):
            state = wanted.get(did, ("", None))[0]
            shown = self.ied_items[did]
            if getattr(shown[0], "ied_state", "") != state:
                for it in shown:
                    self.scene.removeItem(it)
                del self.ied_items[did]
        flip = self.scene.flip
        r = self.scene.base_radius
        for did, (state, d) in wanted.items():
            if did in self.ied_items:
                continue
            c = d.place.centroid
            at = flip.scene(c.x, c.y)
            items: list[QGraphicsItem] = []
            name = d.name[4:] if d.name.startswith("the ") else d.name
            if state == "spent":
                crater = CraterItem(1.6 * r)
                crater.setPos(at)
                crater.setToolTip(f"{name} went off on turn {ieds.spent[did]} "
                                  f"(AP {d.ap}, reach {d.reach:g}\"; FF-044..051)")
                items.append(crater)
            else:
                mark = IedMarkItem(1.4 * r)
                mark.setPos(at)
                tip = (f"{name}: waiting; AP {d.ap}, goes off within {d.reach:g}\" "
                       f"({d.spec.trigger}; FF-044..051)")
                items.append(mark)
                if state.startswith("own:"):
                    words = hidden_words(state[4:].split(","))
                    tip += f". {words[0].upper()}{words[1:]}: only your view shows it."
                    # short: the full name is in the tip (the long one covered unit labels)
                    note = LabelItem(f"IED {d.id}: {words}", point_size=7.5, bold=True,
                                     fg=theme.LABEL_TEXT, bg=theme.RING_LABEL_BG,
                                     edge=theme.IED_EDGE, anchor="above", gap=10.0)
                    note.setPos(at)
                    note.setToolTip(tip)
                    items.append(note)
                mark.setToolTip(tip)
                reach = QGraphicsEllipseItem(QRectF(at.x() - d.reach, at.y() - d.reach,
                                                    2 * d.reach, 2 * d.reach))
                reach.setPen(cosmetic(theme.IED_EDGE, 1.2, Qt.PenStyle.DotLine))
                reach.setBrush(Qt.BrushStyle.NoBrush)
                reach.setZValue(theme.Z_MARKERS - 1)
                reach.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                items.append(reach)
            items[0].ied_state = state  # type: ignore[attr-defined]
            for it in items:
                self.scene.addItem(it)
            self.ied_items[did] = items

    def ied_plates(self) -> list[tuple[LabelItem, QPointF]]:
        """The plates naming a hidden IED to its owner, each with its mark's place: laid out
        with the table's other names (the scene's ``layout_labels``)."""
        out = []
        for group in self.ied_items.values():
            for it in group:
                if isinstance(it, LabelItem) and it.isVisible():
                    out.append((it, group[0].pos()))
        return out

    # -- mortars: the No Fire Zone ---------------------------------------------------------
    def show_zone(self, uid: str | None) -> bool:
        """Draw the No Fire Zone of mortar team ``uid`` (FF-004, FF-011): every point within
        the zone's reach of one of its figures. None, or a team that never fires: hidden."""
        self.zone_unit = uid
        mortars = module(self.game, "mortars")
        unit = self.game.state.units.get(uid) if uid else None
        if mortars is None or unit is None or mortars.kind(unit) is None or not unit.figures \
                or not unit.on_table:
            self.zone.hide()
            self.zone_label.hide()
            return False
        reach = mortars.zone(unit)
        if not math.isfinite(reach):
            self.zone.hide()
            self.zone_label.hide()
            return False
        flip = self.scene.flip
        st = self.game.state
        area = shapely.MultiPoint(unit.points().tolist()).buffer(reach, quad_segs=24)
        area = area.intersection(shapely.box(0, 0, st.width, st.height))  # on the table
        path = QPainterPath()
        for poly in getattr(area, "geoms", [area]):
            path.addPolygon(flip.polygon(poly))
            path.closeSubpath()
        self.zone.setPath(path)
        self.zone.show()
        self._zone_box = area.bounds
        inches = reach / self.game.m.scale
        self.zone_label.set_text(f"{unit.name}: No Fire Zone {inches:g}\"\nfires only beyond it "
                                 "(direct lay, −1 die)")
        self.zone_label.show()
        self.place_zone_label()
        return True

    def place_zone_label(self) -> None:
        """The zone's words over its top, else under its foot, else inside it from its top
        down, slid sideways, at the first spot covering no name and no figure (the table lays its
        labels out first): centred over the top they lay on the Pump House's building names
        and the village road's, and a mortar near the table's top edge had them clipped."""
        if not self.zone_label.isVisible():
            return
        x0, bottom, x1, top = self._zone_box
        cx, st, flip = (x0 + x1) / 2, self.game.state, self.scene.flip
        ppi = max(1e-6, self.scene.ppi)
        half = self.zone_label.size().width() / 2 / ppi
        tall = self.zone_label.size().height() / ppi
        rows = [("above", top), ("below", bottom)]  # then inside, from its top down
        rows += [("below", top - k * tall) for k in range(int((top - bottom) / tall))]
        spots = []
        for anchor, y in rows:
            for dx in (0.0, -half, half, -2 * half, 2 * half):
                x = min(max(cx + dx, half), max(half, st.width - half))  # on the table
                spots.append((anchor, flip.scene(x, y)))
        taken = [r.adjusted(-2, -2, 2, 2)  # a hair apart: plates edge to edge read as one
                 for r in self.scene.plates_shown(ppi, but=self.zone_label)]
        self.scene.place_least_covered(self.zone_label, spots, ppi, taken)

    # -- combat stress: the leaders' reach ------------------------------------------------
    def leader_of(self, fid: str | None) -> tuple[bool, int] | None:
        """(positive, rating) when figure ``fid`` is a Positive or Negative Leader who leads."""
        stress = module(self.game, "combat_stress")
        return stress.leading(fid) if stress is not None and fid else None

    def show_leader(self, fid: str | None) -> bool:
        """Pointing at a Positive or Negative Leader: his 6" ring (the Stress Level modifier,
        FF-096/100) and 8" ring (mixed leadership, the Stress Test die, regaining
        confidence: FF-105, FF-111, FF-119..126); the radii are the module's (rules option
        ``stress_leader_radius``)."""
        which = self.leader_of(fid)
        fig = None
        if which is not None and fid:  # only a leader still fighting on the table leads
            fig = module(self.game, "combat_stress").leader_figures().get(fid)
        if which is None or fig is None:
            self.leader = None
            for ring in self.leader_rings:
                ring.hide()
            return False
        if self.leader == (fid, fig.x, fig.y):
            return True
        self.leader = (fid, fig.x, fig.y)  # a leader who moved has his rings drawn where he is
        positive, rating = which
        stress = module(self.game, "combat_stress")
        scale = self.game.m.scale
        near, far = stress.leader_radius("modifier"), stress.leader_radius("dice")
        colour = theme.LEADER_POSITIVE if positive else theme.LEADER_NEGATIVE
        word = "Positive" if positive else "Negative"
        at = self.scene.flip.scene(fig.x, fig.y)
        inner, outer = self.leader_rings
        for ring in self.leader_rings:
            ring.circle.setPen(cosmetic(colour, ring.circle.pen().widthF(), ring.circle.pen().style()))
            ring.label.set_colours(colour.darker(140), theme.RING_LABEL_BG)
        sign = "−" if positive else "+"
        dice = "+1 die" if positive else "−1 die"
        who = stress.leader_name(fid)
        mixed = stress.mixed_possible(fid)  # only while a leader of the other sign leads
        far_words = f"Stress Test {dice}" + (", mixed leadership" if mixed else "")
        if abs(near - far) > 1e-9:
            inner.show_at(at, near * scale, f"{word} Leader {who} ({rating}): Stress {sign}{rating} "
                                            f"within {near:g}\"")
            outer.show_at(at, far * scale, f"{far_words} within {far:g}\"")
            outer.label.set_anchor("below")
            outer.label.setPos(at.x(), at.y() + far * scale)
        else:
            inner.hide()
            outer.show_at(at, far * scale, f"{word} Leader {who} ({rating}): Stress {sign}{rating}, "
                                           f"{far_words} within {far:g}\"")
        return True

    # -- IEDs: going off ------------------------------------------------------------------
    def show_blast(self, where: tuple[float, float], reach: float, text: str, ms: int) -> None:
        """An IED goes off at ``where`` (table coordinates): a burst that swells over its
        reach and fades in ``ms`` (the instant pace: a second and a half), with what went
        off beside it."""
        ms = ms if ms > 0 else 1500
        self.finish_blast()
        at = self.scene.flip.scene(*where)
        burst = BurstItem(max(reach, 2.0 * self.scene.base_radius))
        burst.setPos(at)
        self.scene.addItem(burst)
        self.burst = burst
        self.burst_label.set_text(text)
        self.burst_label.setPos(at)
        self.burst_label.show()
        burst.set_t(0.0)
        # the scene owns the animation, so closing the window mid-burst stops it with the
        # items it draws (unowned, it ran on and touched the deleted burst)
        anim = QVariantAnimation(self.scene)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(ms)
        anim.valueChanged.connect(lambda v, b=burst: shiboken6.isValid(b) and b.set_t(float(v)))
        anim.finished.connect(self.finish_blast)
        self._anim = anim
        anim.start()

    def finish_blast(self) -> None:
        anim, self._anim = self._anim, None
        if anim is not None and shiboken6.isValid(anim):
            anim.stop()
            anim.deleteLater()
        if self.burst is not None:
            if shiboken6.isValid(self.burst):
                self.scene.removeItem(self.burst)
            self.burst = None
        self.burst_label.hide()


def blast_text(event: Any) -> str:
    """The words beside an IED's burst: what went off and whom it reaches."""
    text = str(event.text).split(" [")[0]
    return text[:1].upper() + text[1:]

