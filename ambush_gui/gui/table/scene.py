"""The free-measure table as a scene: the table, its terrain, Hot Spots, figures and
labels, drawn to scale from an Ambush Alley game and kept in step with its state.

Scene units are table inches with y flipped (``scene y = table height - y``), so north
is up. :meth:`TableScene.refresh` re-reads ``game.state`` and moves, restyles, shows
or hides the items it already has: cheap enough to call after every decision.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsScene

from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Figure, FigureKind, Unit
from ambush_gui.alley.names import figure_name, name_of
from ambush_gui.alley.weapons import WEAPONS, Support
from ambush_gui.core.view import PUBLIC
from ambush_gui.core.words import count, named_together
from ambush_gui.gui.shared import theme
from ambush_gui.gui.table.fof import FofLayer, caption_extra, caption_tip, is_mortar, minefield_words
from ambush_gui.gui.table.items import (
    SOLID_KINDS,
    AidStationItem,
    ExitBandItem,
    FigureItem,
    Flip,
    HotSpotItem,
    LabelItem,
    Look,
    TableItem,
    TerrainItem,
    area,
    long_axis,
)
from ambush_gui.gui.table.tape import MoveOverlay, PlaceOverlay, SightLine

EXIT_BAND = 0.8  # inches: the friendly-edge band drawn outside the table
ROAD_LABEL_AT = (0.18, 0.82, 0.5)  # where along a road its name may stand, in that order
NAMED_BESIDE = ("building", "rubble")  # pieces named just outside when full of figures


def short_name(name: str) -> str:
    """A unit's name for a crowded table: "Leader (2a)" -> "2a", "Fireteam Alpha" -> "Alpha".

    The word kept is the one that tells units apart: words every unit shares ("team",
    "section", "gunmen") are passed over, so "Bravo team" is "Bravo", not "team".

    Two telling words short enough stay together: "Coal stack pair" is "Coal stack", not
    "pair" (a play-test could not tell which unit "pair" was).

    >>> [short_name(n) for n in ("Leader (2a)", "Fireteam Alpha", "Corporal (squad leader)",
    ...                          "Bravo team", "Garage lookouts", "Militia", "Coal stack pair",
    ...                          "Signal box raiders", "Platelayers' hut gunmen")]
    ['2a', 'Alpha', 'Corporal', 'Bravo', 'Garage', 'Militia', 'Coal stack', 'Signal box', 'hut']
    """
    if "(" in name and name.endswith(")"):
        inner = name[name.index("(") + 1:-1].strip()
        if len(inner) <= 4:
            return inner
        return name[:name.index("(")].strip() or inner
    words = name.split()
    telling = [w for w in words if w.lower() not in GENERIC_WORDS]
    together = " ".join(telling)
    if len(telling) > 1 and len(together) <= SHORT_MOST:
        return together
    return (telling or words or [name])[-1]


SHORT_MOST = 12
"""Letters a short name may take when it keeps more than one word."""


GENERIC_WORDS = frozenset({"team", "fireteam", "section", "squad", "group", "unit", "cell", "the",
                           "gunmen", "riflemen", "lookouts", "men", "crew", "nest", "pair",
                           "raiders", "party", "patrol", "gang", "band"})
"""Words of unit names that say what a unit is, not which one (see :func:`short_name`)."""


def caption(unit: Unit, turn: int, short: bool = False) -> str:
    """The label under a unit: its name, a tick once it has activated, its statuses."""
    flags = [word for word, on in (("Pinned", unit.pinned), ("Shaken", unit.shaken(turn)),
                                   ("Overwatch", unit.overwatch)) if on]
    text = short_name(unit.name) if short else unit.name
    if flags:
        text += " · " + ", ".join(flags)
    return ("✓ " + text) if unit.activated else text


def _groupable(unit: Unit, selected: str | None, turn: int) -> bool:
    """A unit whose label may be shared: one figure, a "Name (x)" name, nothing to flag."""
    return (len(unit.figures) == 1 and unit.id != selected and "(" in unit.name
            and unit.name.endswith(")") and not (unit.pinned or unit.shaken(turn) or unit.overwatch))


def group_caption(units: list[Unit], turn: int, short: bool = False) -> str:
    """One unit's caption, or the shared one of a group: "Leader (2a, 2b, 2c)" ("2a, 2b,
    2c" when short), ticked when they have all activated, each one that has when some
    have (the label stays one while they act one by one: it split and merged again).

    >>> from types import SimpleNamespace as U
    >>> ls = [U(name=f"Leader ({x})", activated=False) for x in ("2a", "2b")]
    >>> group_caption(ls, 1), group_caption(ls, 1, short=True)
    ('Leader (2a, 2b)', '2a, 2b')
    >>> ls[1].activated = True
    >>> group_caption(ls, 1)
    'Leader (2a, ✓2b)'
    """
    if len(units) == 1:
        return caption(units[0], turn, short)
    first = units[0].name
    stem = first[:first.index("(")].strip()
    every = all(u.activated for u in units)
    inner = ", ".join(("✓" if u.activated and not every else "") + u.name[u.name.index("(") + 1:-1].strip()
                      for u in units)
    text = inner if short else f"{stem} ({inner})"
    return ("✓ " + text) if every else text


def figure_tip(fig: Figure, unit: Unit | None, game: AlleyGame | None = None) -> str:
    from ambush_gui.alley.weapons import WEAPONS

    weapon = WEAPONS[fig.weapon].title if fig.weapon in WEAPONS else fig.weapon
    what = (fig.label or "escort") if fig.kind is FigureKind.CONTRACTOR else fig.kind.value
    lines = [f"{figure_name(fig)} — {what}, {weapon}"]
    lines.append(f"{unit.name} ({unit.side.title})" if unit else "on the ground, in no unit")
    if unit is None and not fig.captive and (fig.kind is FigureKind.CONTRACTOR or fig.dependant):
        lines.append(take_in_words(game, [fig]) if game is not None else
                     f"A {fig.side.title} figure whose base touches it takes it into its unit (CT-050)")
    wound = f" ({fig.injury.value} wound)" if fig.injury.value != "none" else ""
    if fig.dependant and unit is not None:
        lines.append(f"Dependant: carried by its unit{wound}")
    elif fig.dependant and (wound or fig.kind is not FigureKind.CONTRACTOR):  # not Yusuf, unhurt
        lines.append(f"Cannot walk{wound}: a unit that takes it in carries it as a Dependant")
    if fig.captive:
        lines.append("held by the enemy")
    return "\n".join(lines)


def take_in_words(game: AlleyGame, figs: list[Figure]) -> str:
    """How a unit takes in the figures ``figs`` waiting on the ground (an escort, a
    casualty), with the contact the engine measures (``Measures.contact``): a Market Day
    player stopped 0.1" short of the headman, and nothing had said how near is near enough.

    The one text for a figure's tooltip, the escorts' label and the move card."""
    from ambush_gui.alley.model import Side

    fig = figs[0]
    word = (fig.label or "escort") if fig.kind is FigureKind.CONTRACTOR else "casualty"
    side = game.spec.sides.get(Side.REGULAR if fig.kind is FigureKind.CONTRACTOR else fig.side)
    who = side.name if side is not None else "your side"
    one = "the" if sum(1 for f in figs if f.label == fig.label) == 1 else "a"
    return (f"To take in {one} {word}: move a figure of the {who} until its base touches "
            f"{one} {word}'s (their centres within {game.m.contact:.1f}\", CT-048). Its unit "
            "then takes in every figure waiting within 4\" of it and carries them as "
            "Dependants, never faster than Cautious (CT-050, DC-006); the move's tape says "
            "\"takes in\" when it will.")


def escorts_waiting(game: AlleyGame | None, unit: Unit | None) -> list[Figure]:
    """The escorts on the ground that ``unit`` would take in by touching them (the
    engine's own test, ``movement.pickable``)."""
    from ambush_gui.alley.movement import pickable

    if game is None or unit is None or unit.side.value != "regular":
        return []
    return [f for f in game.state.ground if f.kind is FigureKind.CONTRACTOR and not f.captive
            and pickable(game, unit, f)]


def escort_words(figs: list[Figure]) -> str:
    """The label over escorts waiting on the ground, in the scenario's words for them:
    "Contractors", "VIP", "VIP and informant", "Doctor and 2 patients"."""
    text = named_together([f.label or "escort" for f in figs])
    return text[:1].upper() + text[1:]


def label_points(ppi: float) -> float:
    """The size of unit labels: smaller when the whole table is squeezed into a corner.

    >>> label_points(15.0), label_points(24.0), label_points(40.0)
    (7.0, 7.8, 8.5)
    """
    if ppi < 20.0:
        return 7.0
    return 7.8 if ppi < 28.0 else theme.TABLE_LABEL_PT


def shift_inside(rect: QRectF, room: QRectF) -> QPointF:
    """How far to move ``rect`` to bring it inside ``room`` (centred if it is wider)."""
    def along(lo: float, hi: float, rlo: float, rhi: float) -> float:
        if hi - lo > rhi - rlo:
            return (rlo + rhi) / 2 - (lo + hi) / 2
        return max(0.0, rlo - lo) - max(0.0, hi - rhi)
    return QPointF(along(rect.left(), rect.right(), room.left(), room.right()),
                   along(rect.top(), rect.bottom(), room.top(), room.bottom()))


def supports(weapon: str) -> bool:
    """Whether ``weapon`` is a support weapon (AA-138: the RPG, a SAW), marked on the figure."""
    w = WEAPONS.get(weapon)
    return w is not None and w.support is not Support.NONE


class TableScene(QGraphicsScene):
    """The table and everything on it, in inches, following ``game.state``."""

    def __init__(self, game: AlleyGame, parent: Any = None) -> None:
        super().__init__(parent)
        self.game = game
        self.viewer = PUBLIC  # whose view the table draws (core/view.py): the window sets it
        self.selected: str | None = None
        self.sliding: set[str] = set()  # units on their way (the view's slide): no label yet
        # figures marked as casualties while the dice tray shows their removal: a redraw
        # keeps them crossed out where they fell until the window lets them go
        self.fallen: set[str] = set()
        self.together: dict[str, frozenset[str]] = {}  # the units each shared label named
        self.ppi = 30.0  # pixels per inch at which labels were last laid out
        self._build()
        self.refresh()

    # -- building ---------------------------------------------------------------------
    @property
    def flip(self) -> Flip:
        return self._flip

    def table_rect(self) -> QRectF:
        return QRectF(0, 0, self.game.state.width, self.game.state.height)

    def _build(self) -> None:
        self.clear()
        g = self.game
        w, h = g.state.width, g.state.height
        self._flip = Flip(h)
        self._key = (g.spec, g.m.scale)
        self.base_radius = 0.25 * g.m.scale  # AA-004: figures on half-inch round bases
        pad = max(w, h) * 0.25
        self.setSceneRect(QRectF(-pad, -pad, w + 2 * pad, h + 2 * pad))
        self.addItem(TableItem(w, h, 1.0))
        self._exits()
        labels = {p.id: p.label for p in g.spec.table.pieces}
        self.piece_labels = {pid: (lab or pid) for pid, lab in labels.items()}
        self.terrain: dict[str, TerrainItem] = {}
        self.terrain_labels: dict[str, LabelItem] = {}
        self._inside_bg: dict[str, QColor | None] = {}  # a terrain name's plate inside its piece
        self.label_spots: dict[str, list[QPointF]] = {}  # a road name's places along it
        for piece in g.table.pieces:
            item = TerrainItem(piece.id, piece.kind, piece.polygon, self._flip,
                               self._piece_tip(piece), impassable=piece.impassable)
            self.addItem(item)
            self.terrain[piece.id] = item
            label = labels.get(piece.id, "")
            mines = minefield_words(g, piece.id) if piece.kind == "minefield" else None
            if mines is not None:  # its type and concentration, not only its hatching
                label = f"{label or 'Minefield'}\n{mines[0]}"
            if label and piece.kind != "wall":
                self.terrain_labels[piece.id] = self._terrain_label(piece, label)
                self._inside_bg[piece.id] = self.terrain_labels[piece.id].bg
                if mines is not None:
                    lab = self.terrain_labels[piece.id]
                    lab.set_colours(theme.TERRAIN_LABEL, theme.MINEFIELD_LABEL_BG,
                                    theme.MINEFIELD_LABEL_EDGE)
                    lab.setToolTip(f"{self._piece_tip(piece)}\n{mines[1]}")
                    item.setToolTip(lab.toolTip())
        self.hot_spots: dict[int, HotSpotItem] = {}
        for number, spot in g.state.hot_spots.items():
            marker = HotSpotItem(number, 0.42 * g.m.scale, g.m.arrival)
            marker.setPos(self._flip.scene(spot.x, spot.y))
            self.addItem(marker)
            self.hot_spots[number] = marker
        self.aid_stations: list[AidStationItem] = []  # DC-012, drawn as the editor draws them
        for x, y in g.spec.aid_stations:
            station = AidStationItem(0.35 * g.m.scale)
            station.setPos(self._flip.scene(x * g.m.scale, y * g.m.scale))
            self.addItem(station)
            self.aid_stations.append(station)
        self.figures: dict[str, FigureItem] = {}
        self.unit_labels: dict[str, LabelItem] = {}
        self.contractor_label = LabelItem("Contractors", bold=True, fg=QColor("#111111"),
                                          bg=theme.CONTRACTOR, edge=QColor("#7d6608"),
                                          anchor="below", gap=0.0)
        self.contractor_spots: list[tuple[str, QPointF]] = []
        self.addItem(self.contractor_label)
        self.move_overlay = MoveOverlay(self, self.base_radius)
        self.place_overlay = PlaceOverlay(self)
        self.sight = SightLine()
        self.addItem(self.sight)
        self.stack_marks: list[LabelItem] = []  # "×2" beside figures on one spot
        self.stack_points: list[QPointF] = []  # the spot of each mark shown, in order
        self.flash = LabelItem("", point_size=9.0, bold=True, fg=theme.FLASH_TEXT,
                               bg=theme.FLASH_BG, anchor="right", gap=16.0, max_width=320.0)
        self.flash.setZValue(theme.Z_FLASH)
        self.flash.hide()
        self.addItem(self.flash)
        self.fof = FofLayer(self)  # the Force on Force modules' marks (issue 15)
        from ambush_gui.gui.table.mobs import MobLayer
        from ambush_gui.gui.table.mounted import MountLayer

        self.mobs = MobLayer(self)  # the civilians module's stands (issue 15)
        self.mounts = MountLayer(self)  # the mounted module's horses (issue 15)

    def _piece_tip(self, piece: Any) -> str:
        name = self.game.spec.table.pieces
        label = next((p.label for p in name if p.id == piece.id), "") or piece.id
        facts = []
        if piece.blocks_sight:
            facts.append("blocks line of sight")
        if piece.cover.value != "none":
            facts.append(f"{piece.cover.value.capitalize()} Cover")
        if piece.impassable:
            facts.append("impassable")
        return f"{label} ({piece.kind})" + (": " + ", ".join(facts) if facts else "")

    def name_pieces(self, reason: str) -> str:
        """The engine's reason with the terrain it names by id given its label too:
        "crosses impassable terrain: suv" -> "... terrain: Wrecked SUV (suv)"."""
        head, sep, tail = reason.partition("terrain")
        if not sep:
            return reason
        for pid, label in self.piece_labels.items():
            if label != pid:
                tail = re.sub(rf"(?<![\w-]){re.escape(pid)}(?![\w-])", f"{label} ({pid})", tail)
        return head + sep + tail

    def _terrain_label(self, piece: Any, text: str) -> LabelItem:
        kind = piece.kind
        if kind == "road":
            lab = LabelItem(text, point_size=7.5, fg=theme.ROAD_MARKING.lighter(110),
                            bg=theme.TERRAIN_FILL["road"])
            a, b, _ = long_axis(piece.polygon)
            if abs(b[1] - a[1]) > abs(b[0] - a[0]):  # runs north-south: read it upward
                lab.setRotation(-90)
                if a[1] > b[1]:
                    a, b = b, a
            elif a[0] > b[0]:
                a, b = b, a
            # along the road from its west (south) end, clear of the crossings; the other
            # end, or the middle, when units stand there
            self.label_spots[piece.id] = [
                self._flip.scene(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
                for t in ROAD_LABEL_AT]
            lab.setPos(self.label_spots[piece.id][0])
        elif kind == "vehicle":  # the landmark of the scenario: always named, above it
            lab = LabelItem(text, point_size=7.5, bold=True, anchor="above", gap=3.0)
            x0, _, x1, y1 = piece.polygon.bounds
            lab.setPos(self._flip.scene((x0 + x1) / 2, y1))
        else:
            lab = LabelItem(text, point_size=7.5 if kind != "building" else 8.0,
                            bold=kind == "building", fg=theme.TERRAIN_LABEL,
                            bg=theme.RUBBLE_LABEL_BG if kind == "rubble" else
                            theme.TERRAIN_LABEL_BG if kind in ("civilian_mob", "minefield")
                            or (piece.impassable and kind not in SOLID_KINDS) else None)
            c = piece.polygon.centroid
            lab.setPos(self._flip.scene(c.x, c.y))
        lab.setZValue(theme.Z_TERRAIN + 1)
        lab.setToolTip(self._piece_tip(piece))
        self.addItem(lab)
        return lab

    def _exits(self) -> None:
        g = self.game
        w, h = g.state.width, g.state.height
        b = EXIT_BAND * g.m.scale
        for side, spec in g.spec.sides.items():
            colour = QColor(theme.SIDE_COLOURS[side.value])
            colour.setAlpha(theme.EXIT_BAND.alpha())
            text = f"{side.title} exit"
            for edge in spec.friendly_edges:
                e = str(edge.value if hasattr(edge, "value") else edge)
                rect, vertical, arrow = {
                    "south": (QRectF(0, h, w, b), False, "↓"),
                    "north": (QRectF(0, -b, w, b), False, "↑"),
                    "west": (QRectF(-b, 0, b, h), True, "↑"),
                    "east": (QRectF(w, 0, b, h), True, "↓"),
                }[e]
                self.addItem(ExitBandItem(rect, text, colour, vertical, arrow))

    def set_game(self, game: AlleyGame) -> None:
        """Follow another game (after undo or load); redraw the terrain only if it changed."""
        same = (game.spec, game.m.scale) == self._key
        self.mobs.finish()  # slides and fades end where they go: the state is redrawn
        self.mounts.finish()
        self.game = game
        if not same:
            self._build()
        if self.selected and self.selected not in game.state.units:
            self.selected = None
        self.refresh()

    # -- following the state ---------------------------------------------------------
    def refresh(self) -> None:
        """Re-read ``game.state``: move, restyle, show or hide the items it already has."""
        st = self.game.state
        flip = self._flip
        seen: set[str] = set()
        for unit in st.units.values():
            shown = unit.on_table and bool(unit.figures)
            label = self.unit_labels.get(unit.id)
            if not shown:
                if label is not None:
                    label.hide()
                continue
            highlight = unit.id == self.selected
            mortar = is_mortar(self.game, unit)
            for fig in unit.figures:
                item = self._figure_item(fig.id)
                item.unit_id = unit.id
                item.set_look(self.look_of(fig, highlight=highlight, mortar=mortar))
                item.setPos(flip.scene(fig.x, fig.y))
                item.setToolTip(figure_tip(fig, unit))
                item.show()
                seen.add(fig.id)
            if label is None:
                label = LabelItem("", edge=theme.SIDE_COLOURS[unit.side.value], anchor="below",
                                  gap=2.0)
                label.unit_id = unit.id
                self.addItem(label)
                self.unit_labels[unit.id] = label
            stress = caption_tip(self.game, unit)
            label.setToolTip(f"{unit.name} ({unit.side.title}), "
                             f"{count(len(unit.fighters), 'fighting figure')}; "
                             "✓ = has activated this turn" + (f"\n{stress}" if stress else ""))
            label.show()
        ground_contractors = []
        for fig in st.ground:
            item = self._figure_item(fig.id)
            item.unit_id = None
            item.set_look(self.look_of(fig, on_ground=True))
            item.setPos(flip.scene(fig.x, fig.y))
            item.setToolTip(figure_tip(fig, None, self.game))
            item.show()
            seen.add(fig.id)
            if fig.kind is FigureKind.CONTRACTOR:
                ground_contractors.append(fig)
        for fid, item in self.figures.items():
            if fid not in seen and not (fid in self.fallen and item.isVisible()):
                item.hide()
                item.unit_id = None
        for uid, label in self.unit_labels.items():
            if uid not in st.units:  # a unit an undo took back (a reinforcement): no ghost
                label.hide()
        for number, spot in st.hot_spots.items():
            marker = self.hot_spots.get(number)
            if marker is not None:
                marker.set_neutralised(spot.neutralised)
        if ground_contractors:
            held = all(f.captive for f in ground_contractors)
            words = escort_words(ground_contractors)
            self.contractor_label.set_text(f"{words} (held)" if held else words)
            self.contractor_label.setToolTip(take_in_words(self.game, ground_contractors))
            self.contractor_spots = self._spots_around(
                [flip.scene(f.x, f.y) for f in ground_contractors], 1.7 * self.base_radius)
            anchor, at = self.contractor_spots[0]
            self.contractor_label.set_anchor(anchor)
            self.contractor_label.setPos(at)
            self.contractor_label.show()
        else:
            self.contractor_label.hide()
        if self.selected and not self._unit_shown(self.selected):
            self.selected = None
        self.fof.zone_unit = self.selected
        self.fof.refresh()
        self.mobs.refresh()
        self.mounts.refresh()
        self._mark_stacks()
        self.layout_labels(self.ppi)

    def _mark_stacks(self) -> None:
        """A "×2" beside figures that stand on one spot: a leader who joined RPG team (3)
        was set on its figure, and the Mosque showed one diamond for two figures."""
        near = theme.STACK_BASES * self.base_radius
        stacks: list[list[FigureItem]] = []
        for item in self.visible_figures():
            for stack in stacks:
                p, q = stack[0].pos(), item.pos()
                if math.hypot(p.x() - q.x(), p.y() - q.y()) <= near:
                    stack.append(item)
                    break
            else:
                stacks.append([item])
        stacks = [st for st in stacks if len(st) > 1]
        while len(self.stack_marks) < len(stacks):
            mark = LabelItem("", point_size=7.5, bold=True, fg=QColor("#ffffff"),
                             bg=theme.STACK_BG, anchor="left", gap=0.0)
            mark.setZValue(theme.Z_LABELS + 1)
            self.addItem(mark)
            self.stack_marks.append(mark)
        for k, mark in enumerate(self.stack_marks):
            if k >= len(stacks):
                mark.hide()
                continue
            stack = stacks[k]
            ids = ", ".join(i.figure_id or "" for i in stack)
            mark.set_text(f"×{len(stack)}")
            mark.setToolTip(f"{len(stack)} figures on one spot: {ids}")
            mark.show()
        self.stack_points = [stack[0].pos() for stack in stacks]  # layout_labels sets the marks

    def _figure_item(self, fid: str) -> FigureItem:
        item = self.figures.get(fid)
        if item is None:
            item = FigureItem(self.base_radius)
            item.figure_id = fid
            self.addItem(item)
            self.figures[fid] = item
        return item

    @staticmethod
    def look_of(fig: Figure, highlight: bool = False, on_ground: bool = False,
                mortar: bool = False) -> Look:
        return Look(
            side=fig.side.value,
            leader=fig.kind is FigureKind.LEADER,
            contractor=fig.kind is FigureKind.CONTRACTOR,
            unhurt=fig.kind is FigureKind.CONTRACTOR and fig.injury.value == "none",
            dependant=fig.dependant and not on_ground,
            captive=fig.captive,
            on_ground=on_ground,
            highlight=highlight,
            mortar=mortar and fig.kind is not FigureKind.LEADER,
            support=fig.kind is FigureKind.SOLDIER and supports(fig.weapon),
        )

    def _unit_shown(self, uid: str) -> bool:
        u = self.game.state.units.get(uid)
        return u is not None and u.on_table and bool(u.figures)

    def mark_fallen(self, fid: str) -> bool:
        """Draw figure ``fid`` as a casualty (greyed, a red cross, "casualty" in its tooltip)
        while the dice tray shows its removal: the game drawn at that wait has dropped it
        already; a redraw keeps it crossed out (:attr:`fallen`) until the window lets it
        go at the next beat. False if no figure of that id is drawn."""
        item = self.figures.get(fid)
        if item is None or not item.isVisible():
            return False
        self.fallen.add(fid)
        item.set_look(replace(item.look, fallen=True))
        item.setToolTip(f"{name_of(self.game, fid)}: casualty, removed from the table (see the dice tray)")
        return True

    def unit_figures(self, uid: str) -> list[FigureItem]:
        u = self.game.state.units.get(uid)
        if u is None:
            return []
        return [self.figures[f.id] for f in u.figures if f.id in self.figures]

    def set_selected(self, uid: str | None) -> None:
        old, self.selected = self.selected, uid
        for u in {old, uid} - {None}:
            unit = self.game.state.units.get(u)  # type: ignore[arg-type]
            if unit is None:
                continue
            mortar = is_mortar(self.game, unit)
            for fig in unit.figures:
                item = self.figures.get(fig.id)
                if item is not None:
                    item.set_look(self.look_of(fig, highlight=u == uid, mortar=mortar))
        self.fof.show_zone(uid)  # a mortar team's No Fire Zone while it is selected

    def visible_figures(self) -> list[FigureItem]:
        return [i for i in self.figures.values() if i.isVisible()]

    # -- labels ------------------------------------------------------------------------
    def layout_labels(self, ppi: float) -> None:
        """Lay the labels out for a zoom of ``ppi`` pixels per inch.

        Unit labels go below, above, beside their unit, wherever they cover no other
        label and no figure, shortened when the table is crowded. Terrain names show
        where they fit inside their piece and nothing covers them.
        """
        self.ppi = ppi
        points = label_points(ppi)
        for lab in (*self.unit_labels.values(), self.contractor_label):
            lab.set_point_size(points)
        r_px = 1.3 * self.base_radius * ppi
        obstacles: list[QRectF] = []
        for item in self.figures.values():
            if item.isVisible():
                p = item.pos() * ppi
                obstacles.append(QRectF(p.x() - r_px, p.y() - r_px, 2 * r_px, 2 * r_px))
        spots_and_stations: list[HotSpotItem | AidStationItem] = [*self.hot_spots.values(),
                                                                   *self.aid_stations]
        for station in spots_and_stations:
            p, s = station.pos() * ppi, station.r * ppi
            obstacles.append(QRectF(p.x() - s, p.y() - s, 2 * s, 2 * s))
        placed: list[QRectF] = []
        for pid, lab in self.terrain_labels.items():
            if self.terrain[pid].kind == "vehicle":  # the landmark: always named, above it
                box = self.terrain[pid].polygon.boundingRect()  # or below, off the figures
                spots = [("above", QPointF(box.center().x(), box.top())),
                         ("below", QPointF(box.center().x(), box.bottom()))]
                self._first_free(lab, spots, ppi, obstacles)
                lab.show()
                placed.append(self._pixels(lab, ppi))
        self._place_stack_marks(ppi, placed)
        if self.contractor_label.isVisible():  # drawn over figures: it must cover none
            self._first_free(self.contractor_label, self.contractor_spots, ppi, placed + obstacles)
            placed.append(self._pixels(self.contractor_label, ppi))
        for plate, mark in self.fof.ied_plates():  # an IED's plate, seen by its owner only:
            spots = self._spots_around([mark], plate.gap / ppi)  # it lay over Alpha team's
            self.place_least_covered(plate, [spots[1], spots[0], spots[2], spots[3]], ppi,
                                     placed + obstacles)
            placed.append(self._pixels(plate, ppi))
        self._layout_unit_labels(ppi, placed, obstacles)
        placed += self.mobs.place_taunts(placed + obstacles)  # beside their units' names
        placed += self.mobs.layout(ppi, placed)  # the stands' names (gui/table/mobs.py): off
        placed += [QRectF(b.topLeft() * ppi, b.bottomRight() * ppi)  # a taunt's mark (it lay
                   for b in (i.sceneBoundingRect() for i in self.mobs.items.values()  # over the
                             if i.isVisible())]  # crowd's name), and the stands: a crowd stood
        # on the Bus station's name
        for pid, lab in self.terrain_labels.items():
            piece = self.terrain[pid]
            if piece.kind == "vehicle":
                continue
            box = piece.polygon.boundingRect()
            along, across = box.width(), box.height()
            if lab.rotation():
                along, across = across, along
            size = lab.size()
            # a road's name keeps to one block; a building's or a rubble field's may stand
            # out of it a little (if it covers nothing): at 1280x800, with the dice tray
            # under the table, "Collapsed shed" and "Apartments" were not shown at all
            room = 0.45 if piece.kind == "road" else theme.TERRAIN_NAME_OVERHANG
            fits = size.width() + 4 <= along * ppi * room and size.height() + 2 <= across * ppi
            if piece.kind == "minefield":  # its type and concentration: always readable
                lab.set_anchor("center")
                spot = self._free_spot(pid, lab, ppi, placed + obstacles) if fits else None
                if spot is None:  # beside it, never over it: a plate hid a small field whole
                    box_px = QRectF(box.topLeft() * ppi, box.bottomRight() * ppi)
                    corners = [box.topLeft(), box.bottomRight()]
                    self._first_free(lab, self._spots_around(corners, 2.0 / ppi), ppi,
                                     placed + obstacles + [box_px])
                    spot = lab.pos()
            else:
                named = piece.kind in NAMED_BESIDE
                if named:  # inside it, as built, unless it is full
                    lab.set_anchor("center")
                    lab.set_colours(theme.TERRAIN_LABEL, self._inside_bg[pid])
                spot = self._free_spot(pid, lab, ppi, placed + obstacles) if fits else None
                if spot is None and named:
                    spot = self._beside(piece, lab, ppi, placed + obstacles)
            if spot is not None:  # a name moves aside for the units rather than vanish
                lab.setPos(spot)
                placed.append(self._pixels(lab, ppi))
            lab.setVisible(spot is not None)
        self.move_overlay.place_labels()  # a move's ring words keep off the names just placed
        self.fof.place_zone_label()  # a mortar's No Fire Zone words too

    def _place_stack_marks(self, ppi: float, placed: list[QRectF]) -> None:
        """Each "×2" beside its stack (above right first, then round it), on no mark or
        name already placed, and added to ``placed`` so that none is laid over it: at The
        Signal Box four marks on the fusiliers in the box lay over one another and over
        "Signal box". The figures are not in the way: a mark touches its own."""
        r = self.base_radius
        for mark, p in zip(self.stack_marks, self.stack_points, strict=False):
            spots = [("right", QPointF(p.x() + 0.6 * r, p.y() - 1.2 * r)),
                     ("left", QPointF(p.x() - 0.6 * r, p.y() - 1.2 * r)),
                     ("right", QPointF(p.x() + 0.6 * r, p.y() + 1.2 * r)),
                     ("left", QPointF(p.x() - 0.6 * r, p.y() + 1.2 * r)),
                     ("above", QPointF(p.x(), p.y() - 1.6 * r)),
                     ("below", QPointF(p.x(), p.y() + 1.6 * r))]
            self.place_least_covered(mark, spots, ppi, placed)
            placed.append(self._pixels(mark, ppi))

    def _beside(self, piece: TerrainItem, lab: LabelItem, ppi: float,
                taken: list[QRectF]) -> QPointF | None:
        """Where just outside ``piece`` (a building, a rubble field) its name ``lab`` covers
        nothing in ``taken`` nor the piece itself (above it first, then below, right, left), on
        a plate of its own so it reads on the ground; None: nowhere beside it is free. The
        raiders filling the Signal box hid its name: a piece full of figures is still named."""
        box = piece.polygon.boundingRect()
        box_px = QRectF(box.topLeft() * ppi, box.bottomRight() * ppi)
        lab.set_colours(theme.TERRAIN_LABEL, theme.TERRAIN_LABEL_BG)
        spots = self._spots_around([box.topLeft(), box.bottomRight()], 2.0 / ppi)
        anchor, at, cover = self.place_least_covered(lab, [spots[1], spots[0], spots[2], spots[3]],
                                                     ppi, [*taken, box_px])
        if cover > 0.5:  # square pixels: the arithmetic of touching plates leaves slivers
            lab.set_anchor("center")
            return None
        return at

    def _free_spot(self, pid: str, lab: LabelItem, ppi: float,
                   taken: list[QRectF]) -> QPointF | None:
        """Where in its piece the terrain name ``lab`` covers nothing in ``taken`` (pixels):
        a road's places along it; a building's (a rubble field's) middle, then nearer its
        edges and corners, the plate kept inside the piece. None: nowhere is free."""
        spots = self.label_spots.get(pid)
        if spots is None:
            box = self.terrain[pid].polygon.boundingRect()
            c = box.center()
            size = lab.size()
            dx = max(0.0, box.width() / 2 - (size.width() / 2 + 3) / ppi)
            dy = max(0.0, box.height() / 2 - (size.height() / 2 + 2) / ppi)
            offsets = [(0, 0), (0, -dy), (0, dy), (-dx, 0), (dx, 0),
                       (-dx, -dy), (dx, -dy), (-dx, dy), (dx, dy)]
            spots = [QPointF(c.x() + ox, c.y() + oy) for ox, oy in offsets]
        for at in spots:
            lab.setPos(at)
            rect = self._pixels(lab, ppi)
            if not any(rect.intersects(o) for o in taken):
                return at
        lab.setPos(spots[0])
        return None

    @staticmethod
    def _spots_around(points: list[QPointF], gap: float) -> list[tuple[str, QPointF]]:
        """Below, above, right and left of a group of scene points, ``gap`` away."""
        xs, ys = [p.x() for p in points], [p.y() for p in points]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        return [("below", QPointF(cx, max(ys) + gap)), ("above", QPointF(cx, min(ys) - gap)),
                ("right", QPointF(max(xs) + gap, cy)), ("left", QPointF(min(xs) - gap, cy))]

    def _first_free(self, lab: LabelItem, spots: list[tuple[str, QPointF]], ppi: float,
                    taken: list[QRectF]) -> None:
        """Put ``lab`` at the first of ``spots`` where it covers nothing ``taken`` (the
        first of them when none is free)."""
        for anchor, at in spots:
            if not any(lab.plate(anchor).translated(at * ppi).intersects(o) for o in taken):
                break
        else:
            anchor, at = spots[0]
        lab.set_anchor(anchor)
        lab.setPos(at)

    @staticmethod
    def _spots_farther(lab: LabelItem, spots: list[tuple[str, QPointF]],
                       ppi: float) -> list[tuple[str, QPointF]]:
        """Places for ``lab`` farther from its unit than ``spots`` (below, above, right,
        left of it): slid along each side by half a plate, then a plate's height farther
        out; the nearest first."""
        size = lab.size()
        w, h = size.width() / ppi, size.height() / ppi
        out: list[tuple[float, str, QPointF]] = []
        for anchor, at in spots:
            out_dir = {"below": (0, 1), "above": (0, -1), "right": (1, 0), "left": (-1, 0)}[anchor]
            for far in (0, 1, 2):
                for side in (0, -1, 1, -2, 2):
                    if far == side == 0:
                        continue  # the spot itself
                    if out_dir[0]:  # beside the unit: slid up or down by a plate's height
                        p = QPointF(at.x() + out_dir[0] * far * w / 2, at.y() + side * h)
                    else:  # over or under it: slid sideways by half a plate
                        p = QPointF(at.x() + side * w / 2, at.y() + out_dir[1] * far * h)
                    out.append((far + abs(side) / 2, anchor, p))
        out.sort(key=lambda t: t[0])
        return [(a, p) for _, a, p in out]

    def place_least_covered(self, lab: LabelItem, spots: list[tuple[str, QPointF]], ppi: float,
                            taken: list[QRectF], inside: QRectF | None = None
                            ) -> tuple[str, QPointF, float]:
        """Put ``lab`` at the first of ``spots`` (anchor, scene point) where its plate covers
        nothing ``taken`` (pixels) and lies ``inside`` (pixels; the table when None), else
        where it covers least: the one procedure every plate laid out on the table uses, so
        that none lies over another. Returns the spot taken and the area it still covers."""
        if inside is None:
            r = self.table_rect()
            inside = QRectF(r.topLeft() * ppi, r.bottomRight() * ppi)
        best: tuple[float, str, QPointF] | None = None
        for anchor, at in spots:
            rect = lab.plate(anchor).translated(at * ppi)
            cover = sum(area(rect.intersected(o)) for o in taken)
            cover += area(rect) - area(rect.intersected(inside))  # past the table's edge
            if best is None or cover < best[0] - 1e-6:
                best = (cover, anchor, at)
            if cover <= 0:
                break
        assert best is not None
        lab.set_anchor(best[1])
        lab.setPos(best[2])
        return best[1], best[2], best[0]

    def plates_shown(self, ppi: float, but: LabelItem | None = None) -> list[QRectF]:
        """Every label plate and figure shown on the table (but ``but``), in view pixels at
        ``ppi``: what a plate laid over the table late must not cover."""
        r_px = 1.3 * self.base_radius * ppi
        out = [QRectF(p.x() - r_px, p.y() - r_px, 2 * r_px, 2 * r_px)
               for p in (i.pos() * ppi for i in self.figures.values() if i.isVisible())]
        out += [self._pixels(i, ppi) for i in self.items()
                if isinstance(i, LabelItem) and i is not but and i.isVisible()]
        return out

    @staticmethod
    def _pixels(lab: LabelItem, ppi: float) -> QRectF:
        """A label's plate in view pixels (scene scaled by ``ppi``), turned if it is."""
        plate = lab.plate()
        if lab.rotation():
            c = plate.center()
            plate = QRectF(c.x() - plate.height() / 2, c.y() - plate.width() / 2,
                           plate.height(), plate.width())
        return plate.translated(lab.pos() * ppi)

    def _label_groups(self, units: list[Unit]) -> dict[str, list[Unit]]:
        """Which label names which units: each its own, except single figures of one side
        and one name ("Leader (2a)", "Leader (2b)"...) standing together, which share one
        label ("Leader (2a, 2b, 2c, 2d)"): four plates crowded the House at the start.
        A selected unit, or one with a status to show, keeps its own label.

        A play-test saw two leaders' labels merge, split and merge again as figures moved
        and acted: a shared label is kept whether its units have acted or not (its caption
        ticks each one), and units that shared one keep it until they stand clearly apart
        (``LABEL_UNGROUP_BASES``, farther than the ``LABEL_GROUP_BASES`` that joins them),
        so a figure moving about the edge does not make it flicker. A unit on its way (the
        view's slide) joins no label until it has arrived where it is drawn."""
        near = theme.LABEL_GROUP_BASES * self.base_radius
        far = theme.LABEL_UNGROUP_BASES * self.base_radius
        before = self.together
        turn = self.game.state.turn

        def joins(unit: Unit) -> bool:
            return _groupable(unit, self.selected, turn) and unit.id not in self.sliding

        groups: dict[str, list[Unit]] = {}
        taken: set[str] = set()
        for unit in units:
            if unit.id in taken:
                continue
            group = [unit]
            taken.add(unit.id)
            if joins(unit):
                stem = unit.name[:unit.name.index("(")]
                grew = True
                while grew:
                    grew = False
                    for other in units:
                        if other.id in taken or not joins(other) or other.side is not unit.side \
                                or not other.name.startswith(stem):
                            continue
                        f = other.figures[0]
                        if any(math.hypot(f.x - g.figures[0].x, f.y - g.figures[0].y)
                               <= (far if g.id in before.get(other.id, ()) else near)
                               for g in group):
                            group.append(other)
                            taken.add(other.id)
                            grew = True
            groups[unit.id] = sorted(group, key=lambda u: u.name)
        self.together = {u.id: frozenset(m.id for m in group)
                         for group in groups.values() if len(group) > 1 for u in group}
        return groups

    def _layout_unit_labels(self, ppi: float, placed: list[QRectF],
                            obstacles: list[QRectF]) -> None:
        st = self.game.state
        order = sorted((u for u in st.units.values() if u.id in self.unit_labels
                        and self._unit_shown(u.id)),
                       key=lambda u: (u.id != self.selected, u.side.value != "regular", u.id))
        merged = self._label_groups(order)
        order = [u for u in order if u.id in merged]
        for uid, lab in self.unit_labels.items():
            lab.setVisible(uid in merged and uid not in self.sliding)
        gap = self.base_radius * 1.2
        r = self.table_rect()  # a label stays on the table: not past its edge, not over an
        inside = QRectF(r.left() * ppi, r.top() * ppi, r.width() * ppi, r.height() * ppi)  # exit
        for unit in order:
            lab = self.unit_labels[unit.id]
            group = merged[unit.id]
            figs = [f for u in group for f in u.figures]
            xs = [f.x for f in figs]
            ys = [self._flip.height - f.y for f in figs]
            cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
            spots = [("below", QPointF(cx, max(ys) + gap)), ("above", QPointF(cx, min(ys) - gap)),
                     ("right", QPointF(max(xs) + gap, cy)), ("left", QPointF(min(xs) - gap, cy))]
            chosen = None
            extra = ([caption_extra(self.game, group[0], False), caption_extra(self.game, group[0], True)]
                     if len(group) == 1 else ["", ""])
            for short in (False, True):
                text = group_caption(group, st.turn, short)
                lab.set_text(f"{text} · {extra[short]}" if extra[short] else text)
                for anchor, at in spots:
                    rect = lab.plate(anchor).translated(at * ppi)
                    if inside.contains(rect) and not any(rect.intersects(o) for o in placed) \
                            and not any(rect.intersects(o) for o in obstacles):
                        chosen = (anchor, at, rect)
                        break
                if chosen:
                    break
            if chosen is None:  # nowhere beside it is free: the short name where it covers
                text = group_caption(group, st.turn, short=True)  # least, farther off too
                lab.set_text(f"{text} · {extra[1]}" if extra[1] else text)
                moved = []  # ("Sergeant" lay on "Lieutenant" at the exit)
                for anchor, at in spots + self._spots_farther(lab, spots, ppi):
                    rect = lab.plate(anchor).translated(at * ppi)
                    moved.append((anchor, at + shift_inside(rect, inside) / ppi))
                anchor, at, _ = self.place_least_covered(lab, moved, ppi, placed + obstacles,
                                                         inside)
                chosen = (anchor, at, lab.plate(anchor).translated(at * ppi))
            lab.set_anchor(chosen[0])
            lab.setPos(chosen[1])
            placed.append(chosen[2])
