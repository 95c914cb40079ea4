"""Mines (FF-027..043): minefields, the Troop Quality test on entering one or starting a
turn inside, and the mine attack.

Switched on by ``modules = ["mines"]``; settings in the scenario's ``[mines]`` table
(docs/rules/fof-mines.md, "Settings"). The minefields themselves are table pieces of kind
``minefield`` (FF-027), drawn like any piece; the settings give each one its type and
concentration by the piece's id, and a default for the fields they do not list.

A unit that enters a minefield, or starts a turn in one, takes a Troop Quality test
(FF-036: 4+ on its TQ die) with the cumulative modifiers of FF-037/038, and on a failure
suffers a mine attack (:mod:`ambush_gui.alley.fof.blast`). House rule FF-043 sets the
timing: one test per minefield per move that enters it; "stationary" and "moved Rapidly"
at the start of a turn look back on the turn just ended.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import shapely
from pydantic import Field
from shapely.affinity import translate
from shapely.ops import substring

from ambush_gui.alley import options
from ambush_gui.alley.fof.blast import Blast, attack
from ambush_gui.alley.model import Side, Speed
from ambush_gui.alley.modules import RuleModule, Settings, register
from ambush_gui.core.dice import Die
from ambush_gui.core.events import Modifier
from ambush_gui.core.game import Procedure
from ambush_gui.core.words import with_article

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.alley.model import Figure, Unit
    from ambush_gui.alley.movement import MovePlan
    from ambush_gui.alley.scenario import ScenarioSpec


@dataclass(frozen=True)
class MineRating:
    """A mine type's ratings (FF-030..034): AP dice against infantry, AT against vehicles."""

    title: str
    ap: int
    at: int
    gun: str  # the vehicle weapon class the AT rating is "as" ("" when none is given)
    rule: str


MINE_TYPES: dict[str, MineRating] = {
    "light_ap": MineRating("Light AP", 3, 0, "", "FF-030"),
    "heavy_ap": MineRating("Heavy AP", 5, 1, "Light Gun", "FF-031"),
    "light_at": MineRating("Light AT", 2, 3, "Light Gun", "FF-032"),
    "heavy_at": MineRating("Heavy AT", 0, 5, "Medium Gun", "FF-033"),
    "hybrid": MineRating("Hybrid", 3, 3, "Light Gun", "FF-034"),
}
"""FF-030..034, FF-039: the mine types and their ratings."""

CATEGORY = {"light_ap": "anti-personnel", "heavy_ap": "anti-personnel", "light_at": "anti-tank",
            "heavy_at": "anti-tank", "hybrid": "hybrid"}
"""FF-039: the three kinds of mine."""

CONCENTRATIONS: dict[str, int] = {"none": 0, "light": -1, "medium": -2, "heavy": -3}
"""FF-038 (house rule FF-043: a field of no stated concentration gives 0)."""

DIES = ("d6", "d8", "d10", "d12")


class FieldSettings(Settings):
    """One minefield's settings, under its piece id (``[mines.fields.mf-1]``)."""

    type: str | None = Field(default=None, description="light_ap, heavy_ap, light_at, heavy_at "
                             "or hybrid (FF-030..034); default: the table's type",
                             json_schema_extra={"enum": list(MINE_TYPES)})
    concentration: str | None = Field(default=None, description="none, light, medium or heavy "
                                      "(FF-038); default: the table's concentration",
                                      json_schema_extra={"enum": list(CONCENTRATIONS)})


class MinesSettings(Settings):
    """The ``[mines]`` table of a scenario."""

    type: str = Field(default="light_ap", description="the mine type of every minefield not "
                      "listed under fields (FF-030..034)", json_schema_extra={"enum": list(MINE_TYPES)})
    concentration: str = Field(default="none", description="the concentration of every minefield "
                               "not listed under fields (FF-038)",
                               json_schema_extra={"enum": list(CONCENTRATIONS)})
    die: str = Field(default="d6", description="the die a mine's AP dice are (house rule FF-041)",
                     json_schema_extra={"enum": list(DIES)})
    fields: dict[str, FieldSettings] = Field(default={}, max_length=200,
                                             description="each minefield's own type and "
                                             "concentration, by its table piece's id")


def _choice_problem(what: str, value: str | None, known: Any) -> str:
    if value is None or value in known:
        return ""
    return f"unknown {what} {value!r} (expected one of {', '.join(known)})"


@dataclass(frozen=True)
class Minefield:
    """A minefield in play: its piece, outline (scaled), type and concentration."""

    id: str
    polygon: shapely.Polygon
    type: str
    concentration: str
    label: str = ""  # the designer's name for it ("Frontier minefield (west)")

    @property
    def rating(self) -> MineRating:
        return MINE_TYPES[self.type]

    @property
    def name(self) -> str:
        """What a player reads: the piece's label, else "minefield <id>"."""
        return self.label if self.label and self.label != self.id else f"minefield {self.id}"

    def words(self) -> str:
        """``minefield mf-1 (Light AP, medium concentration)``."""
        return f"{self.name} ({self.rating.title}, {self.concentration} concentration)"


@register
class MinesModule(RuleModule):
    name = "mines"
    title = "Mines"
    rules = "FF-027..043"
    Settings = MinesSettings

    def __init__(self, game: AlleyGame, settings: Any) -> None:
        super().__init__(game, settings)
        s: MinesSettings = self.settings  # type: ignore[assignment]
        self.die = Die.parse(s.die)
        self.fields: list[Minefield] = []
        labels = {p.id: p.label for p in game.spec.table.pieces}
        for piece in game.table.pieces:
            if piece.kind != "minefield":
                continue
            own = s.fields.get(piece.id) or FieldSettings()
            self.fields.append(Minefield(piece.id, piece.polygon, own.type or s.type,
                                         own.concentration or s.concentration,
                                         labels.get(piece.id) or ""))
        self.attacks: dict[str, int] = {}  # mine attacks suffered, by minefield

    # -- the file ---------------------------------------------------------------------
    @classmethod
    def cross_check(cls, spec: ScenarioSpec, settings: Any) -> list[tuple[str, str]]:
        """Known types and concentrations; settings only for pieces that are minefields."""
        s: MinesSettings = settings
        problems: list[tuple[str, str]] = []
        for key, value, known, what in (("type", s.type, MINE_TYPES, "mine type"),
                                        ("concentration", s.concentration, CONCENTRATIONS,
                                         "concentration"),
                                        ("die", s.die, DIES, "die")):
            why = _choice_problem(what, value, known)
            if why:
                problems.append((f"mines.{key}", why))
        kinds = {p.id: str(p.kind) for p in spec.table.pieces}
        for pid, own in s.fields.items():
            path = f"mines.fields.{pid}"
            if pid not in kinds:
                fields = [k for k, kind in kinds.items() if kind == "minefield"]
                problems.append((path, f"minefield {pid}: there is no table piece {pid!r} (the "
                                       f"minefields are: {', '.join(fields) or 'none'})"))
            elif kinds[pid] != "minefield":
                problems.append((path, f"minefield {pid}: piece {pid!r} is {with_article(kinds[pid])}, not a "
                                       "minefield; give it kind = \"minefield\" or remove its settings"))
            for key, given, known, what in (("type", own.type, MINE_TYPES, "mine type"),
                                            ("concentration", own.concentration, CONCENTRATIONS,
                                             "concentration")):
                why = _choice_problem(what, given, known)
                if why:
                    problems.append((f"{path}.{key}", f"minefield {pid}: {why}"))
        return problems

    # -- state --------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {"attacks": dict(sorted(self.attacks.items()))}

    def status(self) -> list[str]:
        """The minefields are on the table for both sides to see (FF-027)."""
        out = []
        for f in self.fields:
            mod = CONCENTRATIONS[f.concentration]
            test = f"mine test {mod:+d}" if mod else "mine test 4+"
            out.append(f"{f.words()[0].upper()}{f.words()[1:]}: AP {f.rating.ap}; {test}")
        return out

    def plate(self, piece_id: str) -> tuple[str, str] | None:
        """What the table writes on a minefield (``"Light AP · medium (−2)"``) and its
        tooltip, the test and the attack in words; None when the piece is not a field."""
        field = next((f for f in self.fields if f.id == piece_id), None)
        if field is None:
            return None
        r = field.rating
        mod = CONCENTRATIONS[field.concentration]
        conc = f"{field.concentration} ({mod:+d})".replace("-", "−") if mod else "no concentration"
        tip = (f"{r.title} mines ({r.rule}): AP {r.ap} / AT {r.at}. A unit entering it, or "
               f"starting a turn in it, tests: 4+ on its Troop Quality die"
               + (f", {mod:+d} for the {field.concentration} concentration (FF-038)" if mod else "")
               + ", −1 if it moved Rapidly, +1 if it stood still (FF-036, FF-037). A failure: "
               f"a mine attack of {r.ap} dice, defended by Armor dice only (FF-035).")
        if r.ap <= 0:
            tip += " Infantry do not set these off (FF-040)."
        return f"{r.title} · {conc}", tip

    def unit_status(self, unit: Unit) -> list[str]:
        """The minefields the unit stands in: it tests again as the next turn begins."""
        if not unit.alive:
            return []
        return [f"In {f.words()}: a mine test as each turn begins" for f in self.fields_at(unit)]

    # -- where -------------------------------------------------------------------------
    def fields_at(self, unit: Unit) -> list[Minefield]:
        """The minefields some figure of ``unit`` stands in (its edge counts)."""
        pts = shapely.points(unit.points())
        return [f for f in self.fields if bool(shapely.intersects(f.polygon, pts).any())]

    def reach_area(self, fig: Figure) -> shapely.Geometry | None:
        """Where a unit's figure must stand to touch ``fig`` lying on the ground in a
        minefield: inside a minefield he lies in, so the unit that takes him in or captures
        him has entered it and tests (FF-036, house rule FF-043); None when he lies in none
        (or option ``reaching_into_a_minefield`` plays the old reach from outside)."""
        if options.reading(self.g, options.MINEFIELD_REACH) != "enters":
            return None
        at = shapely.Point(fig.x, fig.y)
        hit = [f.polygon for f in self.fields if f.polygon.intersects(at)]
        return shapely.union_all(hit) if hit else None

    def entered(self, unit: Unit, plan: MovePlan) -> list[Minefield]:
        """The minefields the move just made took some figure into, that the unit was not
        already in when the move began (house rule FF-043)."""
        if not self.fields or len(plan.path) < 2:
            return []
        walkers = self.walkers(unit)
        if not walkers:
            return []
        pts = [(f.x, f.y) for f in walkers]
        cx, cy = unit.centre() if len(walkers) == len(unit.figures) else \
            (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))
        walked = walked_path(unit, plan, (cx, cy))
        if walked is None:
            return []
        return self._into(walked, [(x - cx, y - cy) for x, y in pts], pts)

    def _into(self, walked: shapely.LineString, offsets: list[tuple[float, float]],
              ends: list[tuple[float, float]]) -> list[Minefield]:
        """The minefields that figures at ``offsets`` from a centre that walks ``walked``
        (ending at ``ends``) enter, leaving out those one of them starts in (FF-043)."""
        tracks = [translate(walked, dx, dy) for dx, dy in offsets]
        sx, sy = walked.coords[0]
        starts = shapely.points([(sx + dx, sy + dy) for dx, dy in offsets])
        out = []
        for f in self.fields:
            if bool(shapely.intersects(f.polygon, starts).any()):
                continue  # already in it: it tested as the turn began, or as it came in
            if any(f.polygon.intersects(t) for t in tracks) or \
                    bool(shapely.intersects(f.polygon, shapely.points(ends)).any()):
                out.append(f)
        return out

    def move_warnings(self, unit: Unit, path: list[tuple[float, float]]) -> list[str]:
        """Read only, before a move is made: what a move of ``unit`` along ``path`` (from
        its centre) would cost in mine tests, one line per minefield some figure would
        enter (FF-036, house rule FF-043; none for mines infantry do not set off, FF-040).
        The table says it while the unit is dragged: the figure the player holds is not
        the only one that may walk into a field."""
        if not self.fields or len(path) < 2:
            return []
        walked = shapely.LineString(path)
        if walked.length <= 1e-6:
            return []
        cx, cy = path[0]
        ex, ey = path[-1]
        offsets = [(f.x - cx, f.y - cy) for f in self.walkers(unit)]
        ends = [(ex + dx, ey + dy) for dx, dy in offsets]
        return [f"a figure enters {f.words()}: a mine test (FF-036)"
                for f in self._into(walked, offsets, ends) if f.rating.ap > 0]

    def walkers(self, unit: Unit) -> list[Figure]:
        """The figures that made the unit's move: all of them, but for those it took in on
        the way (they lay where it found them; option ``reaching_into_a_minefield``, whose
        legacy reading counted them as having walked with it from the start)."""
        if options.reading(self.g, options.MINEFIELD_REACH) != "enters" or \
                unit.side is not Side.REGULAR or all(f.fighting for f in unit.figures):
            return list(unit.figures)
        taken: set[str] = set()
        for e in reversed(self.g.log.events):  # back to its activation: only Regulars take in
            if e.data.get("unit") != unit.id:
                continue
            if e.kind == "activate":
                break
            if e.kind == "pick_up":
                taken.update(e.data.get("figures", ()))
        return [f for f in unit.figures if f.id not in taken]

    # -- the test -------------------------------------------------------------------------
    def modifiers(self, unit: Unit, field: Minefield, entering: bool) -> list[Modifier]:
        """FF-037/038 (cumulative), with house rule FF-043 for the timing and AA-025's
        Pinned −1 (the Quality Check is the same check everywhere). As a turn begins the
        unit has not moved Rapidly "this turn" (FF-037; option ``mine_test_at_turn_start``
        keeps the old look-back for older saves)."""
        mods: list[Modifier] = []
        turn = self.g.state.turn
        if entering:
            rapid, still = unit.speed is Speed.RAPID, False
        else:  # "stationary" looks back on the turn just ended; this turn has seen no move
            rapid = unit.last_speed is Speed.RAPID and \
                options.reading(self.g, options.MINE_TEST_SPEED) == "last_turn"
            still = turn == 1 or unit.still_turns >= 1
        if rapid:
            mods.append(Modifier("moved Rapidly", -1, "FF-037"))
        if still:
            mods.append(Modifier("stationary", 1, "FF-037"))
        conc = CONCENTRATIONS[field.concentration]
        if conc:
            mods.append(Modifier(f"{field.concentration} concentration of mines", conc, "FF-038"))
        if unit.pinned:
            mods.append(Modifier("Pinned", -1, "AA-188"))
        return mods

    def test(self, unit: Unit, field: Minefield, entering: bool) -> Procedure:
        """FF-036: a Troop Quality test (4+ on the TQ die, modified); a failure brings a
        mine attack. FF-040: infantry do not set off mines with no AP rating."""
        if not unit.alive:
            return
        why = "enters" if entering else "starts the turn in"
        if field.rating.ap <= 0:
            self.g.log.emit("mines", f"{unit.name} {why} {field.words()}: the {field.rating.title} "
                            "mines need a vehicle's weight, infantry do not set them off",
                            unit=unit.id, field=field.id, rule="FF-040")
            return
        mods = self.modifiers(unit, field, entering)
        face = self.g.dice.one(int(unit.tq), f"Mine test: {unit.name} {why} {field.name}",
                               modifiers=mods, result="passes on 4+", side=unit.side.value,
                               unit=unit.id)
        total = face + sum(m.value for m in mods)
        ok = total >= 4
        self.g.log.emit("mines", f"{unit.name} {'passes' if ok else 'fails'} its mine test in "
                        f"{field.name} ({total})", unit=unit.id, field=field.id, passed=ok,
                        total=total)
        if ok:
            return
        self.attacks[field.id] = self.attacks.get(field.id, 0) + 1
        yield from attack(self.g, self.blast(field), unit)

    def blast(self, field: Minefield) -> Blast:
        r = field.rating
        return Blast(f"mine:{field.id}", f"the {r.title} mines of {field.name}", r.ap, r.at,
                     self.die, r.rule, f"{r.title} mine", plural=True)

    # -- hooks ----------------------------------------------------------------------------
    def start_turn(self) -> Procedure:
        """FF-036: every unit that begins the turn in a minefield tests, once per field."""
        for unit in list(self.g.state.units.values()):
            if not unit.alive:
                continue
            for field in self.fields_at(unit):
                yield from self.test(unit, field, entering=False)

    def after_move(self, unit: Unit, plan: MovePlan) -> Procedure:
        """FF-036: a unit whose move took it into a minefield tests, once per field."""
        for field in self.entered(unit, plan):
            yield from self.test(unit, field, entering=True)


def walked_path(unit: Unit, plan: MovePlan,
                centre: tuple[float, float] | None = None) -> shapely.LineString | None:
    """The part of the planned path the unit's centre (or ``centre``, that of the figures
    that walked it) walked: all of it, or up to where it stands when the move was cut short
    (an interruption, a pick-up)."""
    line = shapely.LineString(plan.path)
    if line.length <= 1e-6:
        return None
    here = shapely.Point(centre if centre is not None else unit.centre())
    end = shapely.Point(plan.path[-1])
    if here.distance(end) <= 0.3:
        return line
    upto = float(line.project(here))
    if upto <= 1e-6:
        return None
    part = substring(line, 0.0, upto)
    return part if isinstance(part, shapely.LineString) else None
