"""Civilians (FF-129..166): civilian mobs on the battlefield.

Switched on by ``modules = ["civilians"]``; settings in the scenario's ``[civilians]``
table (docs/rules/fof-civilians.md, "Settings").

The scenario places each mob as a table piece of kind ``civilian_mob`` (FF-131). Mobs
move, so this module owns them: with the module on, :class:`~ambush_gui.alley.scenario.
Scenario` leaves them off the static table, and the module keeps each stand's outline,
casualties and state here (rebuilt on replay like every state). A stand never blocks
sight (people see over a crowd), so the game's sight caches, keyed by figure positions,
stay valid; what it blocks is fire and movement (FF-135), enforced by
:meth:`CiviliansModule.fire_blocked` and :meth:`CiviliansModule.check_move`.

The core rules live here: the end-of-turn move toward gunfire (FF-132..134), the
civilian casualty check (FF-136/137) and dispersal (FF-138..148). Popular leaders and
mixed mobs are in :mod:`~ambush_gui.alley.fof.civilians_leaders`, hostile mobs in
:mod:`~ambush_gui.alley.fof.civilians_hostile`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

import numpy as np
import shapely
import shapely.affinity
from pydantic import Field, field_validator

from ambush_gui.alley import options
from ambush_gui.alley.model import Side, Unit
from ambush_gui.alley.modules import RuleModule, Settings, once_each, register
from ambush_gui.core.decisions import IllegalDecision
from ambush_gui.core.dice import Die
from ambush_gui.core.events import Modifier
from ambush_gui.core.game import Procedure
from ambush_gui.core.words import whose, with_article

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.alley.movement import MovePlan
    from ambush_gui.alley.scenario import ScenarioSpec

Attitude = Literal["hostile", "neutral", "friendly"]
Ident = Annotated[str, Field(min_length=1, max_length=64)]
Inches = Annotated[float, Field(gt=0, le=48, allow_inf_nan=False)]

MOB_KIND = "civilian_mob"
STAND = (2.0, 3.0)  # FF-130: a mob stand is 2"x3" at 15mm (the game's scale enlarges it)
PLAN = "civilians"


class ArmedMob(Settings):
    """One line of the armed-mob table (house rule FF-154): the figures a mob turned into
    armed Insurgents has, armed ones (rifles) and unarmed supporters (a mixed mob)."""

    armed: int = Field(ge=1, le=20)
    supporters: int = Field(default=0, ge=0, le=20)


# House rule FF-154: the seed's armed-mob table is missing; 1D6 (+1 per armed figure with
# the leader), a larger crowd of armed men for a higher roll, the rest following unarmed.
DEFAULT_ARMED_TABLE: dict[int, ArmedMob] = {
    1: ArmedMob(armed=1, supporters=4),
    2: ArmedMob(armed=2, supporters=4),
    3: ArmedMob(armed=2, supporters=3),
    4: ArmedMob(armed=3, supporters=3),
    5: ArmedMob(armed=3, supporters=2),
    6: ArmedMob(armed=4, supporters=2),
    7: ArmedMob(armed=5, supporters=2),
}


class CiviliansSettings(Settings):
    """The ``[civilians]`` table of a scenario (every key optional)."""
    NUMBERED: ClassVar[dict[str, str]] = {"armed_mob_table": "total"}  # "04" and "4": one total

    insurgency_level: int | None = Field(
        default=None, ge=1, le=6,
        description="the Insurgency Level for dispersal and popular leaders (FF-139, FF-150); "
                    "absent: the reinforcements' level if a number, else 4 (house rule FF-148)")
    attitude: dict[Side, Attitude] = Field(
        default={}, description="the civilians' attitude to each side (FF-143/144); absent: neutral")
    friendly_area: list[Side] = Field(
        default=[], max_length=2,
        description="sides for whom the civilians of the area are friendly by a scenario event "
                    "or Fog of War card: +1 to disperse, beside attitude (FF-146, house rule FF-148)")
    interpreters: list[Ident] = Field(
        default=[], max_length=500, description="units with an interpreter or the language (FF-147)")
    hostile_mobs: list[Ident] = Field(
        default=[], max_length=500, description="civilian_mob pieces that are hostile mobs (FF-161)")
    hostile_controller: Side = Field(
        default=Side.INSURGENT, description="the side whose player moves the hostile mobs (FF-161)")
    mixed_mobs: list[Ident] = Field(
        default=[], max_length=500,
        description="Insurgent units that are mixed mobs: their 'unarmed' figures are "
                    "supporters whose loss may score (FF-155, FF-159)")
    block_fire: bool = Field(default=True, description="FF-135: no fire through a stand "
                                                       "(false: the scenario allows it)")
    block_movement: bool = Field(default=True, description="FF-135: no movement through a stand "
                                                           "(false: the scenario allows it)")
    mob_size: int = Field(default=6, ge=1, le=50,
                          description="casualties a stand takes before it is gone (house rule FF-137)")
    gunfire: Literal["firer", "target"] = Field(
        default="firer", description="house rule FF-134: the gunfire a mob moves toward is where "
                                     "a unit fired from ('firer') or where its fire fell ('target')")
    speed: Inches = Field(default=3.0, description="the end-of-turn move toward gunfire (FF-132)")
    stop_distance: Inches = Field(default=6.0, description="a mob stops this near a unit (FF-133)")
    casualty_distance: Inches = Field(default=2.0,
                                      description="a line of fire this near a stand needs a check (FF-136)")
    disperse_distance: Inches = Field(default=6.0, description="a unit this near may disperse (FF-139)")
    manipulate_distance: Inches = Field(default=6.0,
                                        description="how far a manipulated mob moves (FF-151)")
    hostile_move: Inches = Field(default=6.0, description="a hostile mob's move (house rule FF-166)")
    taunt_distance: Inches = Field(default=4.0, description="a hostile mob taunts this near (FF-163)")
    armed_mob_table: dict[int, ArmedMob] = Field(
        default=DEFAULT_ARMED_TABLE,
        description="1D6 + armed figures with the leader -> the armed mob (house rule FF-154); "
                    "a total above the highest line reads that line")
    armed_tq: str = Field(default="d6", description="an armed mob's Troop Quality die")
    armed_morale: str = Field(default="d10", description="an armed mob's Morale die")

    @field_validator("armed_tq", "armed_morale")
    @classmethod
    def _die(cls, v: str) -> str:
        Die.parse(v)
        return v

    @field_validator("friendly_area")
    @classmethod
    def _sides_once(cls, v: list[Side]) -> list[Side]:
        return once_each(v, "side")

    @field_validator("armed_mob_table")
    @classmethod
    def _table(cls, v: dict[int, ArmedMob]) -> dict[int, ArmedMob]:
        bad = sorted(k for k in v if not 1 <= k <= 12)
        if bad:
            raise ValueError(f"the armed-mob table is read with 1D6 plus helpers: totals 1-12, not {bad}")
        if 1 not in v:
            raise ValueError("the armed-mob table needs a line for a total of 1 (the lowest roll)")
        return v


@dataclass
class Mob:
    """A civilian mob stand and what has happened to it."""

    id: str
    label: str
    poly: shapely.Polygon  # the stand's outline where it stands now (game inches)
    hostile: bool = False
    casualties: int = 0
    gone: str = ""  # "", or why it left play ("dispersed", "armed", "scattered")
    taunted: dict[int, str] = field(default_factory=dict)  # turn -> the unit it taunted

    @property
    def name(self) -> str:
        return f"mob {self.label}" if self.label and self.label != self.id else f"mob {self.id}"

    @property
    def centre(self) -> tuple[float, float]:
        c = self.poly.centroid
        return (float(c.x), float(c.y))

    def snapshot(self) -> dict[str, Any]:
        x, y = self.centre
        return {"id": self.id, "at": [round(x, 4), round(y, 4)], "casualties": self.casualties,
                "hostile": self.hostile, "gone": self.gone,
                "taunted": {str(t): u for t, u in sorted(self.taunted.items())}}


STANDS_ON = "T********"  # the DE-9IM pattern of two outlines whose insides meet


def stands_on(stand: shapely.Geometry, other: shapely.Geometry) -> bool:
    """Whether a mob stand's outline covers part of ``other`` (their insides meet; touching
    edges is fine): no stand may stand on impassable terrain or on another stand (FF-135).
    The one test of both the file (set-up) and every move (:meth:`CiviliansModule.place_ok`)."""
    return bool(shapely.relate_pattern(stand, other, STANDS_ON))


def _mob_pieces(spec: ScenarioSpec) -> dict[str, Any]:
    return {p.id: p for p in spec.table.pieces if p.kind.value == MOB_KIND}



@register
class CiviliansModule(RuleModule):
    name = "civilians"
    title = "Civilians"
    rules = "FF-129..166"
    Settings = CiviliansSettings
    settings: CiviliansSettings

    def __init__(self, game: AlleyGame, settings: Any) -> None:
        super().__init__(game, settings)
        s = game.m.scale
        hostile = set(self.settings.hostile_mobs)
        self.mobs: dict[str, Mob] = {}
        for pid, piece in _mob_pieces(game.spec).items():  # FF-131: where the scenario puts them
            poly = shapely.Polygon([(x * s, y * s) for x, y in piece.corners()])
            self.mobs[pid] = Mob(pid, piece.label or pid, poly, hostile=pid in hostile)
        self.gunfire: list[tuple[float, float, str]] = []  # this turn: where units fired from
        self.shot: tuple[tuple[float, float] | None, list[Mob]] | None = None  # fire_thrown's
        self.caused: dict[Side, int] = {Side.REGULAR: 0, Side.INSURGENT: 0}  # civilian casualties
        # (side that caused it, what, what as shown: figures by name), for the VP
        self.ledger: list[tuple[Side, str, str]] = []
        self.supporters: dict[str, set[str]] = {}  # mixed mob unit -> its unarmed figures
        self.counted: set[str] = set()  # supporters already scored
        for uid in self.settings.mixed_mobs:
            unit = game.state.units.get(uid)
            if unit is not None:
                self.supporters[uid] = {f.id for f in unit.figures if f.weapon == "unarmed"}
        self._version = 0  # bumped whenever a stand moves or leaves (memo keys)
        # The stands' bounding boxes, in the order of ``self.mobs`` (a box index like the
        # table's ``impassable_near``): one vectorised test finds the few stands near a
        # place, so each question about the stands costs the same however many there are.
        self._order = list(self.mobs.values())
        self._slot = {m.id: i for i, m in enumerate(self._order)}
        self._boxes = np.zeros((len(self._order), 4))
        self._live = np.zeros(len(self._order), dtype=bool)
        self._indexed = -1  # the ``_version`` the boxes were taken at

    # -- the file ---------------------------------------------------------------------
    @classmethod
    def cross_check(cls, spec: ScenarioSpec, settings: Any) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        mobs = _mob_pieces(spec)
        pieces = {p.id: p for p in spec.table.pieces}
        for i, piece in enumerate(spec.table.pieces):
            if piece.kind.value != MOB_KIND:
                continue
            xs = [x for x, _ in piece.corners()]
            ys = [y for _, y in piece.corners()]
            w, h = max(xs) - min(xs), max(ys) - min(ys)
            area = shapely.Polygon(piece.corners()).area
            if sorted((round(w, 3), round(h, 3))) != list(STAND) or abs(area - w * h) > 1e-6:
                problems.append((f"table.pieces[{i}]", f"civilian mob {piece.id}: a mob stand is a "
                                                       f"2\"x3\" rectangle (FF-130), not {w:g}x{h:g}"))
        for k, mid in enumerate(settings.hostile_mobs):
            if mid not in mobs:
                what = (f"{with_article(pieces[mid].kind.value)} piece" if mid in pieces
                        else "no piece of that id")
                problems.append((f"civilians.hostile_mobs[{k}]",
                                 f"hostile mob {mid}: expected a civilian_mob piece, found {what}"))
        units = {u.id: u for u in spec.units}
        for k, uid in enumerate(settings.interpreters):
            if uid not in units:
                problems.append((f"civilians.interpreters[{k}]",
                                 f"interpreter unit {uid}: no unit of that id"))
        for k, uid in enumerate(settings.mixed_mobs):
            unit = units.get(uid)
            if unit is None:
                problems.append((f"civilians.mixed_mobs[{k}]", f"mixed mob {uid}: no unit of that id"))
                continue
            weapons = {f.weapon for f in unit.figures}
            if unit.side is not Side.INSURGENT or "unarmed" not in weapons or weapons == {"unarmed"}:
                problems.append((f"civilians.mixed_mobs[{k}]",
                                 f"mixed mob {uid}: expected an Insurgent unit with armed figures and "
                                 "'unarmed' supporters (FF-155)"))
        return problems

    @classmethod
    def setup_check(cls, spec: ScenarioSpec) -> list[tuple[str, str]]:
        """FF-135 at set-up: no mob stand stands on an impassable piece or on another stand
        (the file places them where no move could ever put them). Looked up in a tree, so
        a crowded table costs one query per stand."""
        pieces = [(i, p, shapely.Polygon(p.corners())) for i, p in enumerate(spec.table.pieces)]
        pieces = [x for x in pieces if x[2].is_valid]  # a broken outline is reported once, elsewhere
        stands = [x for x in pieces if x[1].kind.value == MOB_KIND]
        solid = [x for x in pieces if x[1].kind.value != MOB_KIND and x[1].to_piece().impassable]
        others = stands + solid
        tree = shapely.STRtree([poly for *_, poly in others])
        problems: list[tuple[str, str]] = []
        for k, (i, _, poly) in enumerate(stands):
            for hit in sorted(int(h) for h in tree.query(poly)):
                _, other, other_poly = others[hit]
                if k <= hit < len(stands) or not stands_on(poly, other_poly):
                    continue  # itself, or a later stand (each pair is said once, at the later one)
                name = f"{other.label} ({other.id})" if other.label else other.id
                what = (f"stands on the mob stand {name}: stands may touch but not overlap"
                        if other.kind.value == MOB_KIND else
                        f"stands on {name}, which is impassable: no stand can stand there")
                problems.append((f"table.pieces[{i}]", f"{what} (FF-135)"))
        return problems

    # -- settings read -----------------------------------------------------------------
    def level(self) -> int:
        """FF-139, house rule FF-148: the Insurgency Level (settings, else the scenario's
        reinforcement level when it is a number, else 4)."""
        if self.settings.insurgency_level is not None:
            return self.settings.insurgency_level
        spec = self.g.spec.reinforcements
        if spec is not None and isinstance(spec.level, int):
            return spec.level
        return 4

    def inches(self, value: float) -> float:
        return value * self.g.m.scale

    def live(self) -> list[Mob]:
        return [m for m in self.mobs.values() if not m.gone]

    def moved(self, mob: Mob) -> None:
        """Record that ``mob`` moved or left play: memo keys change, and the box index
        follows (a change made without this is caught by the version and re-read whole)."""
        fresh = self._indexed == self._version
        self._version += 1
        if fresh:
            i = self._slot[mob.id]
            self._boxes[i] = mob.poly.bounds
            self._live[i] = not mob.gone
            self._indexed = self._version

    def stands_near(self, lo: tuple[float, float], hi: tuple[float, float]) -> list[Mob]:
        """The live stands whose bounding box meets the box from ``lo`` to ``hi`` (edges
        included), in the order of :meth:`live`: the cheap first test before any exact one."""
        if self._indexed != self._version:
            for i, m in enumerate(self._order):
                self._boxes[i] = m.poly.bounds
                self._live[i] = not m.gone
            self._indexed = self._version
        b = self._boxes
        meets = (self._live & (b[:, 2] >= lo[0]) & (b[:, 0] <= hi[0])
                 & (b[:, 3] >= lo[1]) & (b[:, 1] <= hi[1]))
        return [self._order[i] for i in np.flatnonzero(meets)]

    # -- state -------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {"mobs": [m.snapshot() for m in self.mobs.values()],
                "caused": {s.value: n for s, n in self.caused.items()},
                "gunfire": [[round(x, 3), round(y, 3), u] for x, y, u in self.gunfire],
                "counted": sorted(self.counted)}

    def status(self) -> list[str]:
        live = self.live()
        hostile = sum(1 for m in live if m.hostile)
        hurt = sum(m.casualties for m in self.mobs.values())
        lines = [f"Civilian mobs: {len(live)} left" + (f" ({hostile} hostile)" if hostile else "")
                 + (f", {hurt} civilians hurt" if hurt else "")]  # the table draws each stand
        r, i = self.caused[Side.REGULAR], self.caused[Side.INSURGENT]
        if r or i:
            names = self.g.spec.sides
            lines.append(f"Civilian casualties: {r} by the {names[Side.REGULAR].name}, "
                         f"{i} by the {names[Side.INSURGENT].name}")
        return lines

    def unit_status(self, unit: Unit) -> list[str]:
        """On the unit's card: taunted this turn, an interpreter, a mixed mob."""
        out = []
        if unit.marks.get("civilians.taunted_turn") == self.g.state.turn:
            out.append("Taunted by a mob this turn")
        if unit.id in self.settings.interpreters:
            out.append("Has an interpreter (disperse +1)")
        sup = self.supporters.get(unit.id)
        if sup:
            n = sum(1 for f in unit.figures if f.id in sup)
            out.append(f"Mixed mob: {n} unarmed supporter{'s' if n != 1 else ''}")
        return out

    def unarmed_supporters(self, unit: Unit) -> int:
        """How many of a mixed mob's figures still standing are unarmed supporters (FF-155):
        hitting them counts as civilian casualties (FF-159), told before a fire."""
        sup = self.supporters.get(unit.id)
        return sum(1 for f in unit.figures if f.id in sup) if sup else 0

    # -- geometry ----------------------------------------------------------------------
    def mob_distance(self, mob: Mob, pts: np.ndarray) -> float:
        """From the stand's outline to the nearest of ``pts`` (0 inside)."""
        if len(pts) == 0:
            return math.inf
        return float(shapely.distance(mob.poly, shapely.multipoints(pts)))

    def unit_distance(self, mob: Mob, unit: Unit) -> float:
        return self.mob_distance(mob, unit.points())

    def place_ok(self, mob: Mob, poly: shapely.Polygon) -> str:
        """Why a stand may not stand at ``poly`` ("" when it may): on the table, clear of
        impassable terrain, of every figure's base and of other stands."""
        return self.places_ok(mob, np.array([poly]))[0]

    def places_ok(self, mob: Mob, polys: np.ndarray) -> list[str]:
        """:meth:`place_ok` for each of several places at once (the tests run together on
        the few pieces, figures and stands near them), the first reason found for each."""
        g = self.g
        w, h = g.state.width, g.state.height
        box = shapely.bounds(polys)
        off = (box[:, 0] < -1e-9) | (box[:, 1] < -1e-9) | (box[:, 2] > w + 1e-9) | (box[:, 3] > h + 1e-9)
        lo = (float(box[:, 0].min()), float(box[:, 1].min()))
        hi = (float(box[:, 2].max()), float(box[:, 3].max()))
        column = polys[:, None]
        pieces = g.table.impassable_near(lo, hi)
        into = shapely.relate_pattern(column, np.array([p.polygon for p in pieces])[None, :], STANDS_ON) \
            if pieces else np.zeros((len(polys), 0), dtype=bool)
        pts = [u.points() for u in g.state.units.values() if u.on_table and u.figures]
        pts += [np.array([f.pos]) for f in g.state.ground]
        crowded = shapely.distance(polys, shapely.multipoints(np.vstack(pts))) < 0.25 * g.m.scale \
            if pts else np.zeros(len(polys), dtype=bool)
        others = [o for o in self.stands_near(lo, hi) if o is not mob]
        onto = shapely.relate_pattern(column, np.array([o.poly for o in others])[None, :], STANDS_ON) \
            if others else np.zeros((len(polys), 0), dtype=bool)
        into_any: np.ndarray = np.any(into, axis=1)
        onto_any: np.ndarray = np.any(onto, axis=1)
        out = []
        for i in range(len(polys)):
            if off[i]:
                out.append("off the table")
            elif into_any[i]:
                out.append(f"into impassable terrain ({pieces[int(np.argmax(into[i]))].id})")
            elif crowded[i]:
                out.append("onto figures")
            elif onto_any[i]:
                out.append(f"onto {others[int(np.argmax(onto[i]))].name}")
            else:
                out.append("")
        return out

    @staticmethod
    def shifted(poly: shapely.Polygon, shifts: np.ndarray) -> np.ndarray:
        """Copies of a stand's outline moved by each (dx, dy) of ``shifts``, built at once:
        the same corners, to the last bit, as ``shapely.affinity.translate`` gives one by one."""
        ring = shapely.get_coordinates(poly.exterior)
        return shapely.polygons(ring[None, :, :] + np.asarray(shifts, dtype=float)[:, None, :])

    def move_mob(self, mob: Mob, to: tuple[float, float], why: str) -> float:
        """Move the stand straight toward ``to`` (its centre's goal), as far along as it may
        legally stand: the farthest of the 20 even steps of the way where it may stand
        (every step is tested at once); returns the distance moved, and logs it."""
        cx, cy = mob.centre
        dx, dy = to[0] - cx, to[1] - cy
        full = math.hypot(dx, dy)
        if full < 1e-6:
            return 0.0
        fracs = [k / 20 for k in range(20, 0, -1)]
        blocked = self.places_ok(mob, self.shifted(mob.poly, np.array([(dx * f, dy * f) for f in fracs])))
        done = next((f for f, why_not in zip(fracs, blocked, strict=True) if not why_not), 0.0)
        if done <= 0:
            self.g.log.emit("civilians", f"{mob.name.capitalize()} cannot move ({why}): the way is "
                            f"blocked", mob=mob.id)
            return 0.0
        mob.poly = shapely.affinity.translate(mob.poly, dx * done, dy * done)
        self.moved(mob)
        moved = full * done
        nx, ny = mob.centre
        self.g.log.emit("civilians", f"{mob.name.capitalize()} moves {moved:.1f}\" {why}",
                        mob=mob.id, to=[round(nx, 3), round(ny, 3)], distance=round(moved, 3))
        return moved

    # -- FF-135: no fire or movement through a stand -------------------------------------
    def _ends(self, attacker: Unit, target: Unit) -> tuple[np.ndarray, np.ndarray]:
        """The two ends of the lines of fire: the fighting figures of both units, so the
        lines are the same both ways (option ``mob_lines_of_fire``; its legacy reading runs
        them to every figure of the target, its Dependants too)."""
        both = options.reading(self.g, options.MOB_LINES) == "fighting_figures"
        return attacker.points(fighting_only=True), target.points(fighting_only=both)

    def _lines(self, attacker: Unit, target: Unit) -> tuple[np.ndarray, list[Mob]]:
        """Every line of fire (each firing figure to each target figure, :meth:`_ends`) and
        the live mobs near them (a box test first: most fire passes nowhere near a crowd)."""
        a, b = self._ends(attacker, target)
        if not len(a) or not len(b):
            return np.zeros(0, dtype=object), []
        reach = self.inches(self.settings.casualty_distance)
        both = np.vstack([a, b])
        lo, hi = both.min(axis=0) - reach, both.max(axis=0) + reach
        near = self.stands_near((float(lo[0]), float(lo[1])), (float(hi[0]), float(hi[1])))
        if not near:
            return np.zeros(0, dtype=object), []
        starts = np.repeat(a, len(b), axis=0)
        ends = np.tile(b, (len(a), 1))
        lines = shapely.linestrings(np.stack([starts, ends], axis=1))
        return lines, near

    def _clear_lines(self, lines: np.ndarray, near: list[Mob]) -> tuple[np.ndarray, dict[str, bool]]:
        """Which lines cross no stand, and for each nearby mob whether it blocks some line."""
        clear = np.ones(len(lines), dtype=bool)
        blocks: dict[str, bool] = {}
        for m in near:
            crossed = np.asarray(shapely.relate_pattern(lines, m.poly, "T********"), dtype=bool)
            blocks[m.id] = bool(crossed.any())
            clear &= ~crossed
        return clear, blocks

    def fire_blocked(self, attacker: Unit, target: Unit) -> str | None:
        """FF-135: why ``attacker`` may not fire at ``target`` (every line of fire passes
        through a mob stand), or None. The shared hook the engine asks where targets are listed."""
        if not self.mobs or not self.settings.block_fire:
            return None
        a, b = self._ends(attacker, target)
        key = ("civilians.blocked", self._version, a.tobytes(), b.tobytes())
        memo = self.g.memo
        if key in memo:
            return memo[key]  # type: ignore[no-any-return]
        lines, near = self._lines(attacker, target)
        out: str | None = None
        if near:
            clear, blocks = self._clear_lines(lines, near)
            if not clear.any():
                names = ", ".join(m.name for m in near if blocks[m.id])
                out = f"the line of fire passes through {names} (FF-135)"
        memo[key] = out
        return out

    def blockers_of_path(self, unit: Unit, path: tuple[tuple[float, float], ...]) -> list[Mob]:
        """The live stands some figure's track crosses or ends in (FF-135); a stand some
        figure already stands in (set down there by a rule) may be walked out of."""
        pts = unit.points()
        offsets = pts - np.array(path[0])
        tracks = np.asarray(path)[None, :, :] + offsets[:, None, :]
        if len(path) < 2:
            geom = shapely.multipoints(tracks.reshape(-1, 2))
        else:
            geom = shapely.multilinestrings(list(tracks))
        inside = shapely.multipoints(pts)
        x0, y0, x1, y1 = geom.bounds
        return [m for m in self.stands_near((x0, y0), (x1, y1))
                if shapely.relate_pattern(geom, m.poly, "T********")
                and not shapely.intersects(inside, m.poly)]

    def check_move(self, unit: Unit, plan: MovePlan) -> None:
        """FF-135: no figure moves through (or into) a civilian mob stand."""
        if not self.mobs or plan.length <= 1e-6 or not self.settings.block_movement:
            return
        hit = self.blockers_of_path(unit, plan.path)
        if hit:
            raise IllegalDecision(f"the move passes through {hit[0].name}: nobody moves through a "
                                  "civilian mob (FF-135); disperse it or go round")

    # -- gunfire, and the casualty check ---------------------------------------------------
    def fire_thrown(self, attacker: Unit, target: Unit) -> Procedure:
        """The attack is about to be thrown: its lines of fire, and the place it falls, are
        taken now, while every target figure still stands (FF-136; the correction
        ``civilian_checks_at_the_shot``, whose legacy reading measured after the casualties)."""
        self.shot = None
        if options.reading(self.g, options.MOB_CHECKS_AT_THE_SHOT) == "at_the_shot":
            self.shot = self._shot(attacker, target)
        return
        yield

    def _shot(self, attacker: Unit, target: Unit) -> tuple[tuple[float, float] | None, list[Mob]]:
        """Where the gunfire is heard (house rule FF-134: the firer, or where the fire fell)
        and the mobs the lines of fire pass within 2" of (FF-136), measured now."""
        where = target if self.settings.gunfire == "target" and target.figures else attacker
        return (where.centre() if where.figures else None), self.passed_mobs(attacker, target)

    def after_fire(self, target: Unit, attacker: Unit, hits: int) -> Procedure:
        """Remember where the gunfire came from (FF-132, house rule FF-134); the civilian
        casualty check (FF-136, house rule FF-137) for the lines taken as the attack was thrown
        (:meth:`fire_thrown`); supporters lost by a mixed mob (FF-159)."""
        from ambush_gui.alley.fof import civilians_leaders

        where, passed = self.shot or self._shot(attacker, target)
        self.shot = None
        if where is not None:
            self.gunfire.append((where[0], where[1], attacker.id))
        self.casualty_checks(attacker, passed)
        civilians_leaders.supporters_lost(self, target, attacker.side)
        return
        yield

    def passed_mobs(self, attacker: Unit, target: Unit) -> list[Mob]:
        """FF-136: the live mobs whose stand lies within 2" (``casualty_distance``) of a line
        of fire of this attack (the lines no stand blocks): each takes a casualty check."""
        lines, near = self._lines(attacker, target)
        if not near:
            return []
        clear, _ = self._clear_lines(lines, near)
        used = lines[clear] if clear.any() and self.settings.block_fire else lines
        reach = self.inches(self.settings.casualty_distance)
        return [m for m in near if float(np.min(shapely.distance(used, m.poly))) <= reach + 1e-9]

    def near_mobs(self, attacker: Unit, target: Unit) -> list[str]:
        """The names of the mobs a fire at ``target`` would pass within 2" of (FF-136), for
        the fire decision's warning before the player commits; Qt-free."""
        if not self.mobs:
            return []
        return [m.label if m.label and m.label != m.id else m.name
                for m in self.passed_mobs(attacker, target)]

    def casualty_checks(self, attacker: Unit, passed: list[Mob]) -> list[str]:
        """FF-136, house rule FF-137: one check per mob ``passed`` (:meth:`passed_mobs`: its
        stand lies within 2" of a line of fire of this attack) that is still there: roll the
        firer's Quality die, 1-2 is a casualty: the die it fired with (FF-057: Mounted
        Troops firing mounted throw one type down, and so check with it). Returns the mobs
        hit."""
        from ambush_gui.alley.pools import quality_die

        hit: list[str] = []
        die = quality_die(self.g, attacker, "fire")
        for m in passed:
            if m.gone:
                continue
            face = self.g.dice.one(int(die),
                                   f"Civilian casualty check: {whose('fire', attacker.name)} "
                                   f"passes {m.name} (1-2: a casualty)", side=attacker.side.value,
                                   unit=attacker.id, mob=m.id, rule="FF-136")
            if face <= 2:
                self.civilian_casualty(m, attacker.side, f"hit by {whose('fire', attacker.name)}")
                hit.append(m.id)
            else:
                self.g.log.emit("civilians", f"{m.name.capitalize()} is unhurt by the fire ({face})",
                                mob=m.id, roll=face)
        return hit

    def civilian_casualty(self, mob: Mob, side: Side, why: str) -> None:
        """House rule FF-137: a casualty counts against the side that caused it (dispersal
        modifiers, the civilian_casualty award); a stand that has taken ``mob_size`` is gone."""
        mob.casualties += 1
        self.caused[side] += 1
        what = f"a civilian of {mob.name} {why}"
        self.ledger.append((side, what, what))
        self.g.log.emit("civilians", f"{mob.name.capitalize()} suffers a civilian casualty ({why}; "
                        f"{mob.casualties} so far)", mob=mob.id, side=side.value,
                        casualties=mob.casualties)
        if mob.casualties >= self.settings.mob_size:
            self.remove(mob, "scattered", "flees, everyone in it hurt or gone")

    def remove(self, mob: Mob, why: str, words: str) -> None:
        mob.gone = why
        self.moved(mob)
        self.g.log.emit("civilians", f"{mob.name.capitalize()} {words}", mob=mob.id, gone=why)

    # -- the turn --------------------------------------------------------------------------
    def start_turn(self) -> Procedure:
        self.gunfire = []
        return
        yield

    def phase_start(self, side: Side) -> Procedure:
        """House rule FF-166: the hostile mobs act at the start of their controller's phase."""
        from ambush_gui.alley.fof import civilians_hostile

        if side is self.settings.hostile_controller:
            yield from civilians_hostile.act(self)

    def end_turn(self) -> Procedure:
        """FF-132/133, house rule FF-134: each mob not under a player's control moves 3"
        toward the nearest gunfire of the turn, stopping within 6" of any unit."""
        self.toward_gunfire()
        return
        yield

    def toward_gunfire(self) -> None:
        """FF-132/133: each mob moves toward the nearest gunfire, one after another, each
        stopping at the first of 30 even steps of its way that comes within 6" of a unit."""
        if not self.gunfire:
            return
        stop = self.inches(self.settings.stop_distance)
        step = self.inches(self.settings.speed)
        units = [u for u in self.g.state.units.values() if u.alive]
        # units do not move while the mobs do: each unit's figures as one shape, once
        figures = np.array([shapely.multipoints(p) for p in (u.points() for u in units) if len(p)])
        for m in self.live():
            if m.hostile:
                continue  # house rule FF-166: a hostile mob moves only under its controller
            cx, cy = m.centre
            gx, gy, uid = min(self.gunfire, key=lambda f: math.hypot(f[0] - cx, f[1] - cy))
            if len(figures) and bool((shapely.distance(m.poly, figures) <= stop + 1e-9).any()):
                continue  # FF-133: already within 6" of a unit
            d = math.hypot(gx - cx, gy - cy)
            if d < 1e-6:
                continue
            frac = min(1.0, step / d)
            goal = (cx + (gx - cx) * frac, cy + (gy - cy) * frac)
            goal = self.first_stop(m, goal, figures, stop)
            who = self.g.state.units[uid].name if uid in self.g.state.units else uid
            self.move_mob(m, goal, f"toward the gunfire of {who} (FF-132)")

    def first_stop(self, mob: Mob, goal: tuple[float, float], figures: np.ndarray,
                   stop: float, steps: int = 30) -> tuple[float, float]:
        """FF-133: where the stand's centre stops on its straight way to ``goal``: the first
        of ``steps`` even steps at which the stand comes within ``stop`` of a unit's figures
        (``figures``: one multipoint a unit), else ``goal``. Only the units near the whole
        sweep of the move can stop it, so the steps are measured (all at once) only
        against those, and not at all when none is; the answer is the step-by-step one."""
        cx, cy = mob.centre
        if not len(figures):
            return goal
        far = shapely.affinity.translate(mob.poly, goal[0] - cx, goal[1] - cy)
        sweep = shapely.convex_hull(shapely.union(mob.poly, far))
        near = figures[shapely.distance(sweep, figures) <= stop + 1e-6]
        if not len(near):
            return goal
        ts = [k / steps for k in range(1, steps + 1)]
        places = [(cx + (goal[0] - cx) * t, cy + (goal[1] - cy) * t) for t in ts]
        probes = self.shifted(mob.poly, np.array([(px - cx, py - cy) for px, py in places]))
        hit = (shapely.distance(probes[:, None], near[None, :]) <= stop + 1e-9).any(axis=1)
        return places[int(np.argmax(hit))] if hit.any() else goal

    # -- dispersal (FF-138..148) -----------------------------------------------------------
    def may_disperse(self, unit: Unit) -> list[Mob]:
        """House rule FF-148: a Regular unit within 6" of a mob may try to disperse it."""
        if unit.side is not Side.REGULAR or not unit.alive:
            return []
        reach = self.inches(self.settings.disperse_distance)
        pts = unit.points(fighting_only=True)
        if not len(pts):
            return []
        pad = reach + 1e-6  # a stand within reach has its box within reach of the figures' box
        lo, hi = pts.min(axis=0) - pad, pts.max(axis=0) + pad
        return [m for m in self.stands_near((float(lo[0]), float(lo[1])), (float(hi[0]), float(hi[1])))
                if self.mob_distance(m, pts) <= reach + 1e-9]

    def disperse_modifiers(self, unit: Unit) -> list[Modifier]:
        """FF-142..147 (cumulative, house rule FF-148 for the overlap)."""
        side, s = unit.side, self.settings
        mods: list[Modifier] = []
        own, other = self.caused[side], self.caused[side.enemy]
        if own:
            mods.append(Modifier("own side has caused civilian casualties", -1, "FF-142"))
        attitude = s.attitude.get(side, "neutral")
        if attitude == "hostile":
            mods.append(Modifier("civilians hostile to this side", -1, "FF-143"))
        elif attitude == "friendly":
            mods.append(Modifier("civilians friendly to this side", 1, "FF-144"))
        if other and not own:
            mods.append(Modifier("only the other side has caused civilian casualties", 1, "FF-145"))
        if side in s.friendly_area:
            mods.append(Modifier("the civilians of the area are friendly", 1, "FF-146"))
        if unit.id in s.interpreters:
            mods.append(Modifier("has an interpreter", 1, "FF-147"))
        return mods

    def disperse_odds(self, unit: Unit) -> float:
        """The chance the TQ die plus modifiers beats the Insurgency Level (FF-139/140)."""
        sides = int(unit.tq)
        need = self.level() + 1 - sum(m.value for m in self.disperse_modifiers(unit))
        return min(1.0, max(0.0, (sides - max(need, 1) + 1) / sides))

    def disperse(self, unit: Unit, mob: Mob) -> bool:
        """FF-139/140: TQ die + modifiers strictly higher than the Insurgency Level removes
        the mob; otherwise it stays. FF-141: that is the unit's whole activation."""
        mods = self.disperse_modifiers(unit)
        level = self.level()
        face = self.g.dice.one(int(unit.tq), f"Disperse {mob.name}: {unit.name} (beat Insurgency "
                               f"Level {level})", modifiers=mods, side=unit.side.value, unit=unit.id,
                               rule="FF-139")
        total = face + sum(m.value for m in mods)
        ok = total > level
        if ok:
            self.remove(mob, "dispersed", f"disperses: {unit.name} talks it down ({total} beats "
                                          f"Insurgency Level {level})")
        else:
            self.g.log.emit("civilians", f"{unit.name} fails to disperse {mob.name} ({total} does not "
                            f"beat Insurgency Level {level}); it stays", unit=unit.id, mob=mob.id)
        return ok

    # -- module plans ------------------------------------------------------------------------
    def plan_options(self, unit: Unit) -> list[str]:
        from ambush_gui.alley.fof import civilians_leaders

        out = [f"{PLAN}/disperse/{m.id}" for m in self.may_disperse(unit)]
        return out + civilians_leaders.plan_options(self, unit)

    def plan_label(self, unit: Unit, plan: str) -> str | None:
        from ambush_gui.alley.fof import civilians_leaders

        parts = plan.split("/")
        if len(parts) != 3 or parts[0] != PLAN or parts[2] not in self.mobs:
            return None
        mob = self.mobs[parts[2]]
        if parts[1] == "disperse":
            mods = "".join(f", {m}" for m in self.disperse_modifiers(unit))
            return (f"Disperse {mob.name} (nothing else this turn): {unit.tq.name.lower()}{mods} must beat "
                    f"Insurgency Level {self.level()}: {self.disperse_odds(unit):.0%}")
        return civilians_leaders.plan_label(self, unit, parts[1], mob)

    def carry_out_plan(self, unit: Unit, plan: str) -> Procedure:
        from ambush_gui.alley.fof import civilians_leaders

        parts = plan.split("/")
        if len(parts) != 3 or parts[0] != PLAN or parts[2] not in self.mobs:
            return
        mob = self.mobs[parts[2]]
        g = self.g
        if parts[1] == "disperse":
            g.log.emit("plan", f"{unit.name} tries to disperse {mob.name} (no other action this turn, "
                       "FF-141)", unit=unit.id, plan=plan)
            self.disperse(unit, mob)
            return
        yield from civilians_leaders.carry_out(self, unit, parts[1], mob)
