"""Mounted units (FF-052..086):
Mounted Troops and Cavalry: moves, fire, dismounting, casualties, Close Combat.

Switched on by ``modules = ["mounted"]``; settings in the scenario's ``[mounted]`` table
(docs/rules/fof-mounted.md, "Settings")::

    modules = ["mounted"]

    [[mounted.units]]
    unit = "cossacks"
    type = "cavalry"          # or "mounted_troops"

A listed unit is mounted or on foot as a whole (house rule AA-017: a unit moves as one
body). While mounted it moves 8" Tactical (Cautious) or 16" Rapid (FF-055/056), fires one
Troop Quality die type down (FF-057..059), never claims In Cover and claims Solid Cover
only behind tall terrain (FF-061/062), and foot units firing at it get one more die
(FF-063/064). Fired at, Mounted Troops check to stay mounted, by Confidence (FF-065..067);
Cavalry choose (FF-068). Each casualty falls on the rider or on the mount (FF-071..076).
In a Close Assault (house rule FF-083: the program's Close Combat) a mounted unit brings
an initial Reaction Test that decides who strikes first (FF-077..082).

The module keeps, for each listed unit, its type, whether it is mounted and which of its
figures still have a mount; it writes the unit's state into ``unit.marks`` so the table
and the other modules can read it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from ambush_gui.alley import options
from ambush_gui.alley.model import Side, Speed, Unit
from ambush_gui.alley.modules import RuleModule, Settings, register
from ambush_gui.alley.names import figure_name
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.dice import Die
from ambush_gui.core.events import Modifier
from ambush_gui.core.game import Procedure

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.alley.model import Figure
    from ambush_gui.alley.movement import MovePlan
    from ambush_gui.alley.scenario import ScenarioSpec

CAVALRY = "cavalry"
MOUNTED_TROOPS = "mounted_troops"
TYPE_WORDS = {CAVALRY: "Cavalry", MOUNTED_TROOPS: "Mounted Troops"}

STAY, DISMOUNT = "stay", "dismount"
PLAN_DISMOUNT, PLAN_MOUNT = "mounted/dismount", "mounted/mount"
PLAN_CHARGE = "mounted/charge/"  # + the target unit's id (Cavalry only)

DieName = Literal["d6", "d8", "d10", "d12"]
Inches = Annotated[float, Field(gt=0, le=48, allow_inf_nan=False)]
"""A distance in the settings: more than 0 (a range or move of 0 or less means nothing)."""


class MountedUnit(Settings):
    """One mounted unit of the scenario."""

    unit: str = Field(description="the id of a unit of the scenario")
    type: Literal["mounted_troops", "cavalry"] = Field(
        description="FF-052: 'mounted_troops' ride to the fight; 'cavalry' fight from the saddle "
                    "(Troop Quality d8 or better, FF-054)")
    mounted: bool = Field(default=True, description="starts the game mounted")
    mounts_on_table: bool = Field(
        default=True, description="FF-053: false when its mounts are kept off the table: the unit "
                                  "fights on foot and cannot mount")


class MountedSettings(Settings):
    """The ``[mounted]`` table of a scenario."""

    units: list[MountedUnit] = Field(default=[], max_length=200,
                                     description="the scenario's mounted units (FF-052)")
    tactical: Inches = Field(default=8.0,
                             description="FF-055/056: a mounted unit's Tactical (Cautious) move, inches")
    rapid: Inches = Field(default=16.0, description="FF-055: a mounted unit's Rapid move, inches "
                                                    "(no shorter than its Tactical move)")
    optimum_ranges: dict[DieName, Inches] = Field(
        default={"d6": 6.0, "d8": 8.0, "d10": 10.0, "d12": 12.0},
        description="FF-059/060: Optimum Range (inches) by Troop Quality die: mounted Cavalry "
                    "fire at the range of their unmodified Troop Quality")
    tall_cover: list[str] = Field(
        default=["building", "vehicle"],
        description="FF-062: the kinds of table piece tall enough to give a mounted unit Solid Cover")


@register
class MountedModule(RuleModule):
    name = "mounted"
    title = "Mounted units"
    rules = "FF-052..086"
    Settings = MountedSettings

    def __init__(self, game: AlleyGame, settings: Any) -> None:
        super().__init__(game, settings)
        s: MountedSettings = self.settings  # type: ignore[assignment]
        self.cfg = s
        self.kind: dict[str, str] = {}  # unit id -> CAVALRY or MOUNTED_TROOPS
        self.mounted: dict[str, bool] = {}
        self.on_table: dict[str, bool] = {}  # FF-053: its mounts are with it
        self.mounts: dict[str, set[str]] = {}  # unit id -> figures that still have a mount (FF-075)
        self.thrown: set[str] = set()  # figures thrown this hit: the worse First Aid (FF-074)
        self.forced_down: tuple[str, str] | None = None  # (attacker, target) of FF-069's +1
        for u in s.units:
            unit = game.state.units.get(u.unit)
            if unit is None:  # validate refuses this; a game built by hand just skips it
                continue
            self.kind[u.unit] = u.type
            self.on_table[u.unit] = u.mounts_on_table
            self.mounts[u.unit] = {f.id for f in unit.fighters} if u.mounts_on_table else set()
            self.mounted[u.unit] = u.mounted and u.mounts_on_table
            self._mark(unit)

    # -- the file -----------------------------------------------------------------------
    @classmethod
    def cross_check(cls, spec: ScenarioSpec, settings: Any) -> list[tuple[str, str]]:
        """FF-054: Cavalry need TQ d8 or better; each listed unit exists, once; a unit whose
        mounts are off the table cannot start mounted; FF-055: Rapid is the faster move, so it
        is never shorter than Tactical (equal is allowed: the text only orders them)."""
        problems: list[tuple[str, str]] = []
        if settings.rapid < settings.tactical:
            problems.append(("mounted.rapid", f"a mounted Rapid move of {settings.rapid:g}\" is shorter "
                                              f"than the Tactical move of {settings.tactical:g}\"; "
                                              "expected Rapid at least as long as Tactical (FF-055: "
                                              "8\" and 16\")"))
        units = {u.id: u for u in spec.units}
        seen: set[str] = set()
        for i, entry in enumerate(settings.units):
            path = f"mounted.units[{i}]"
            u = units.get(entry.unit)
            if u is None:
                known = ", ".join(sorted(units)) or "none"
                problems.append((f"{path}.unit", f"mounted unit {entry.unit!r}: no unit of that id in "
                                                 f"the scenario (expected one of {known})"))
                continue
            if entry.unit in seen:
                problems.append((f"{path}.unit", f"mounted unit {entry.unit} ({u.name}) is listed twice"))
            seen.add(entry.unit)
            if entry.type == CAVALRY and Die.parse(u.tq) < Die.D8:
                problems.append((f"{path}.type", f"mounted unit {entry.unit} ({u.name}): Cavalry need "
                                                 f"Troop Quality d8 or better (FF-054); it has {u.tq}"))
            if entry.mounted and not entry.mounts_on_table:
                problems.append((f"{path}.mounted", f"mounted unit {entry.unit} ({u.name}) cannot start "
                                                    "mounted with its mounts off the table (FF-053)"))
        return problems

    # -- state --------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {
            "units": {uid: {"type": self.kind[uid], "mounted": self.mounted[uid],
                            "mounts": sorted(self.mounts[uid])} for uid in sorted(self.kind)},
            "forced_down": list(self.forced_down) if self.forced_down else None,
        }

    def status(self) -> list[str]:
        out = []
        for uid in self.kind:
            unit = self.g.state.units.get(uid)
            if unit is None or not unit.alive:
                continue
            out.append(f"{unit.name}: {TYPE_WORDS[self.kind[uid]]}, {self.state_words(unit)}")
        return out

    def unit_status(self, unit: Unit) -> list[str]:
        """On the unit's card: "Cavalry: mounted (4 mounts)"; nothing once the unit is out
        of play (it rides nowhere: the card says why it is gone)."""
        if unit.id not in self.kind or not unit.alive:
            return []
        return [f"{TYPE_WORDS[self.kind[unit.id]]}: {self.state_words(unit)}"]

    def state_words(self, unit: Unit) -> str:
        """Mounted or on foot, in a player's words ("mounted (4 mounts)")."""
        if not self.on_table.get(unit.id, True):
            return "on foot (mounts off the table)"
        n = len(self.mounts[unit.id])
        mounts = f"{n} mount{'s' if n != 1 else ''}"
        return f"mounted ({mounts})" if self.mounted[unit.id] else f"on foot ({mounts} held)"

    def _mark(self, unit: Unit) -> None:
        """What other modules and the table read: ``unit.marks["mounted.*"]``."""
        unit.marks["mounted.type"] = self.kind[unit.id]
        unit.marks["mounted.state"] = "mounted" if self.mounted[unit.id] else "dismounted"

    # -- questions other code asks ---------------------------------------------------------
    def is_mounted(self, unit: Unit) -> bool:
        """FF-052: a listed unit, mounted now."""
        return self.mounted.get(unit.id, False)

    def is_cavalry(self, unit: Unit) -> bool:
        return self.kind.get(unit.id) == CAVALRY

    def riders(self, unit: Unit) -> list[Figure]:
        """The unit's fighting figures that still have a mount."""
        have = self.mounts.get(unit.id, set())
        return [f for f in unit.fighters if f.id in have]

    def has_mount(self, unit: Unit, fig: Figure) -> bool:
        """FF-075: whether ``fig`` still has a mount of his own. Under the legacy reading of
        the correction ``hit_without_a_mount`` every figure of a mounted unit counted as one."""
        return (fig.id in self.mounts.get(unit.id, set())
                or options.reading(self.g, options.RIDER_WITHOUT_MOUNT) == "rider_or_mount")

    def may_mount(self, unit: Unit) -> bool:
        """Mounts with the unit, at least half its fighting figures with one, not Pinned."""
        if unit.id not in self.kind or self.mounted[unit.id] or unit.pinned:
            return False
        return self.on_table[unit.id] and self._enough_mounts(unit)

    def _enough_mounts(self, unit: Unit) -> bool:
        """House rule FF-076: a unit stays mounted while at least half its fighting figures
        have a mount (the others ride double); fewer, and it is on foot."""
        fighters = len(unit.fighters)
        return fighters > 0 and 2 * len(self.riders(unit)) >= fighters

    def dismount(self, unit: Unit, why: str) -> None:
        if not self.mounted.get(unit.id):
            return
        self.mounted[unit.id] = False
        self._mark(unit)
        self.g.log.emit("mounted", f"{unit.name} dismounts ({why})", unit=unit.id, mounted=False)

    def mount(self, unit: Unit, why: str) -> None:
        self.mounted[unit.id] = True
        self._mark(unit)
        self.g.log.emit("mounted", f"{unit.name} mounts up ({why})", unit=unit.id, mounted=True)

    def _settle(self, unit: Unit) -> None:
        """Dismount a unit left with too few mounts (house rule FF-076). Called only inside
        procedures (fire, casualties, Close Combat, the turn's end), never from a question
        a player or the GUI asks, so a replay changes the state at the same moments."""
        if self.mounted.get(unit.id) and unit.alive and not self._enough_mounts(unit):
            self.dismount(unit, "too few mounts left: the riders are on foot (house rule FF-076)")

    # -- movement (FF-055/056) -------------------------------------------------------------
    def allowance(self, unit: Unit, speed: Speed) -> float | None:
        """FF-055, house rule FF-056: mounted, Tactical is Cautious with an 8" cap, and
        Rapid goes to 16"."""
        if not self.is_mounted(unit):
            return None
        inches = self.cfg.tactical if speed is Speed.CAUTIOUS else self.cfg.rapid
        return inches * self.g.m.scale

    def check_move(self, unit: Unit, plan: MovePlan) -> None:
        """FF-077: Mounted Troops never charge into Close Combat while mounted."""
        if plan.assault and self.is_mounted(unit) and self.kind[unit.id] == MOUNTED_TROOPS:
            raise IllegalDecision(f"{unit.name} are Mounted Troops: they may not charge into Close "
                                  "Combat while mounted; dismount first (FF-077)")

    def ignores_casualty_penalty(self, unit: Unit) -> bool | None:
        """FF-085, house rule FF-086: Cavalry take no Quality Check to move faster than
        Cautious after casualties (AA-162); Mounted Troops do (FF-084)."""
        return True if self.is_cavalry(unit) else None

    # -- fire (FF-057..064) -------------------------------------------------------------------
    def quality_die(self, unit: Unit, purpose: str) -> Die | None:
        """FF-057..059: firing mounted, one Troop Quality die type down (d6 stays d6);
        FF-080: Cavalry one type up in a Close Combat Reaction Test."""
        if purpose == "fire" and self.is_mounted(unit):
            return unit.tq.down() or unit.tq
        if purpose == "close_assault_reaction" and self.is_cavalry(unit):
            return unit.tq.up()
        return None

    def quality_die_why(self, unit: Unit, purpose: str) -> tuple[str, str] | None:
        """Why :meth:`quality_die` changed ``unit``'s die for ``purpose``, in a player's words
        with the rule: FF-057 (Mounted Troops) or FF-059 (Cavalry) firing mounted, FF-080
        Cavalry in a Close Combat Reaction Test; None when it throws its own die. The die
        itself is :meth:`quality_die`'s alone: this only says which of its rules changed it."""
        die = self.quality_die(unit, purpose)
        if die is None or die == unit.tq:
            return None
        if purpose == "fire":
            return "one type lower, firing mounted", "FF-059" if self.is_cavalry(unit) else "FF-057"
        return "one type higher, Cavalry in Close Combat", "FF-080"

    def optimum_range(self, unit: Unit) -> float | None:
        """FF-057: Mounted Troops firing mounted have no Optimum Range; FF-059/060: mounted
        Cavalry fire at the range of their unmodified Troop Quality (the settings' table)."""
        if not self.is_mounted(unit):
            return None
        if self.kind[unit.id] == MOUNTED_TROOPS:
            return 0.0
        inches = self.cfg.optimum_ranges.get(str(unit.tq))  # type: ignore[call-overload]
        return None if inches is None else float(inches) * self.g.m.scale

    def firepower_modifiers(self, attacker: Unit, target: Unit) -> list[Modifier]:
        """FF-063/064: a foot unit firing at a mounted unit gets one more die; FF-069: so does
        the unit whose fire has just made it dismount."""
        if self.is_mounted(attacker):
            return []
        if self.is_mounted(target):
            return [Modifier("target mounted", 1, "FF-063")]
        if self.forced_down == (attacker.id, target.id):
            return [Modifier("target dismounted under this fire", 1, "FF-069")]
        return []

    def defense_filter(self, target: Unit, attacker: Unit, items: list[Modifier]) -> list[Modifier]:
        """FF-061: no In Cover (Hunkered Down, AA-121/122) on horseback; FF-062: Solid Cover
        only from terrain tall enough to hide horse and rider (house rule: the ``tall_cover``
        kinds)."""
        if not self.is_mounted(target):
            return items
        out = [m for m in items if m.rule not in ("AA-121", "AA-122")]
        if any(m.rule == "AA-124" for m in out) and not self._tall_cover(target, attacker):
            out = [m for m in out if m.rule != "AA-124"]
        return out

    def _tall_cover(self, target: Unit, attacker: Unit) -> bool:
        """House rule AA-127 with FF-062: half the target's figures behind a tall piece."""
        tall = {p.id for p in self.g.table.pieces if p.kind in self.cfg.tall_cover}
        fighters, firers = target.fighters, attacker.fighters
        if not tall or not fighters or not firers:
            return False
        covered = 0
        for f in fighters:
            near = min(firers, key=lambda a: (a.x - f.x) ** 2 + (a.y - f.y) ** 2)
            ids = self.g.table.solid_cover(near.pos, f.pos, self.g.m.solid_behind)
            covered += any(i in tall for i in ids)
        return covered * 2 >= len(fighters)

    def before_fire(self, attacker: Unit, target: Unit) -> Procedure:
        """FF-065..068, house rule FF-070: fired at, a mounted unit stays mounted or not
        before the attack is thrown. Mounted Troops: High Confidence choose, Confident take
        a Troop Quality Check (fail: dismount), Low dismount at once and are Pinned.
        Cavalry never check but may choose to dismount."""
        self.forced_down = None
        self._settle(target)
        if not self.is_mounted(target):
            return
        kind, conf = self.kind[target.id], target.confidence
        why = f"fired on by {attacker.name}"
        if kind == MOUNTED_TROOPS and conf == "low":  # FF-067
            self.dismount(target, f"{why}: Low Confidence, they dismount at once and are Pinned")
            if not target.pinned:
                target.pinned = True
                self.g.log.emit("morale", f"{target.name} is Pinned for the rest of the turn (FF-067)",
                                unit=target.id, result="pinned")
        elif kind == MOUNTED_TROOPS and conf != "high":  # FF-065
            from ambush_gui.alley.interrupts import quality_check

            if not quality_check(self.g, target, "to stay mounted under fire, FF-065"):
                self.dismount(target, f"{why}: failed the check to stay mounted")
        else:  # FF-066 (High Confidence Mounted Troops), FF-068 (Cavalry)
            answer = yield self._stay_decision(target, attacker)
            if answer == DISMOUNT:
                self.dismount(target, f"{why}: they choose to")
        if not self.is_mounted(target):
            self.forced_down = (attacker.id, target.id)  # FF-069, house rule FF-070

    def _stay_decision(self, target: Unit, attacker: Unit) -> Decision:
        cavalry = self.is_cavalry(target)
        rule = "FF-068" if cavalry else "FF-066"
        who = "Cavalry" if cavalry else "High Confidence Mounted Troops"
        return Decision(
            target.side.value, DecisionKind.CHOOSE,
            f"{target.side.title}: {target.name} is fired on by {attacker.name} — stay mounted "
            "or dismount?",
            options=(STAY, DISMOUNT),
            facts={
                "module": self.name, "question": "mounted.stay_mounted", "unit": target.id,
                "attacker": attacker.id, "rule": rule,
                "labels": {
                    STAY: f"Stay mounted: move {self.cfg.tactical:g}\"/{self.cfg.rapid:g}\"; fire one die "
                          "type down; no In Cover; foot units firing at you get +1 die",
                    DISMOUNT: "Dismount: fight on foot from cover; this fire still gets its +1 die",
                },
                "details": {
                    STAY: ["Riders or mounts fall with each casualty (FF-071)"],
                    DISMOUNT: ["Later fire gets no +1 die (FF-069)", "Mount again as an action"],
                },
                "explain": f"{who} need no check to stay mounted when fired on ({rule}); they "
                           "decide before the attack is thrown (house rule FF-070).",
            },
        )

    def after_fire(self, target: Unit, attacker: Unit, hits: int) -> Procedure:
        self.forced_down = None  # FF-069: later units do not get the +1
        return
        yield

    # -- casualties (FF-071..076) -----------------------------------------------------------
    def take_casualty(self, unit: Unit, fig: Figure) -> Procedure:
        """FF-071..075, house rule FF-076: each casualty on a mounted unit falls on the rider
        (d6 1-3) or on the mount (4-6); the figure then takes a Troop Quality Check.
        Rider hit: pass, he stays in the saddle and rolls First Aid normally (FF-073); fail,
        he is thrown and rolls the worse result (FF-074). Mount hit: it is dead (FF-075) and
        its rider on foot; he lands on his feet unhurt if he passes, else he is thrown and is
        the casualty (the core's :func:`~ambush_gui.alley.fire.casualty`: First Aid, or
        removal for an Insurgent). Returns the serious wounds dealt (None on foot: the
        core's casualty). The unit is then settled: with too few mounts it is on foot.
        A figure whose own mount is already dead is hit as a man on foot (the core's
        casualty), even while his unit is still mounted (correction ``hit_without_a_mount``)."""
        yield from ()  # a procedure, though it asks nothing
        self.thrown.discard(fig.id)
        if not self.is_mounted(unit) or not self.has_mount(unit, fig):
            return None
        from ambush_gui.alley.interrupts import quality_check

        g = self.g
        roll = g.dice.one(6, f"Rider or mount: {figure_name(fig)}", result="1-3 rider, 4-6 mount",
                          side=unit.side.value, unit=unit.id, figure=fig.id)
        rider = roll <= 3
        kept = quality_check(g, unit, f"{figure_name(fig)} keeps his seat, FF-072")
        if not rider:
            self.mounts[unit.id].discard(fig.id)
        if rider and kept:
            text = "the rider is hit and stays in the saddle"
        elif rider:
            text = "the rider is hit and thrown from his mount"
        elif kept:
            text = "the mount is hit and killed; the rider lands on his feet unhurt"
        else:
            text = "the mount is hit and killed, the rider thrown"
        g.log.emit("mounted", f"{figure_name(fig)}: {text}", unit=unit.id, figure=fig.id,
                   hit="rider" if rider else "mount", kept_seat=kept)
        serious = 0
        if rider or not kept:
            if not kept:
                self.thrown.add(fig.id)
            from ambush_gui.alley.fire import casualty

            serious = yield from casualty(g, unit, fig)
            self.thrown.discard(fig.id)
        self._settle(unit)
        return serious

    def first_aid_modifiers(self, unit: Unit, fig: Figure) -> list[Modifier]:
        """FF-074, house rule FF-076: a thrown rider takes the worse First Aid result; on
        this table a higher roll is worse, so the seed's −1 is +1 here."""
        if fig.id in self.thrown:
            return [Modifier("thrown from his mount (the worse result)", 1, "FF-074")]
        return []

    # -- Close Combat (FF-077..083) ------------------------------------------------------------
    def close_assault_first_strike(self, attacker: Unit, defender: Unit) -> Procedure:
        """House rule FF-083: with a mounted unit in the fight, an initial Reaction Test says
        who strikes first. Mounted Troops caught mounted lose it outright and dismount
        (FF-078); Cavalry roll one die type up (FF-080). Ties go to the defender."""
        self._settle(attacker)
        self._settle(defender)
        if not (self.is_mounted(attacker) or self.is_mounted(defender)):
            return None
        for caught, other in ((defender, attacker), (attacker, defender)):
            if self.is_mounted(caught) and self.kind[caught.id] == MOUNTED_TROOPS:
                self.g.log.emit("assault", f"{caught.name} are caught mounted: they lose the initial "
                                f"Reaction Test and {other.name} strikes first (FF-078)",
                                unit=caught.id)
                self.dismount(caught, "caught mounted in Close Combat, FF-078")
                return other
        from ambush_gui.alley.interrupts import reaction_modifiers
        from ambush_gui.alley.pools import quality_die

        g = self.g
        totals = []
        for u in (attacker, defender):
            mods = reaction_modifiers(u) + g.modules.reaction_modifiers(u)
            die = quality_die(g, u, "close_assault_reaction")
            face = g.dice.one(int(die), f"Close Combat Reaction Test: {u.name}", modifiers=mods,
                              side=u.side.value, unit=u.id)
            totals.append(face + sum(m.value for m in mods))
            yield from ()
        first = attacker if totals[0] > totals[1] else defender
        g.log.emit("assault", f"Close Combat Reaction Test: {attacker.name} {totals[0]} against "
                   f"{defender.name} {totals[1]} — {first.name} strikes first (house rule FF-083)",
                   attacker=attacker.id, defender=defender.id, first=first.id)
        return first

    def close_assault_modifiers(self, unit: Unit, other: Unit, attacking: bool) -> list[Modifier]:
        """FF-081: each mounted Cavalry figure throws one more die (attacking or defending)."""
        if self.is_mounted(unit) and self.is_cavalry(unit):
            n = len(self.riders(unit))
            if n:
                return [Modifier(f"{n} mounted Cavalry figure{'s' if n != 1 else ''}", n, "FF-081")]
        return []

    # -- the unit's own actions ---------------------------------------------------------------
    def plan_options(self, unit: Unit) -> list[str]:
        if unit.id not in self.kind or not unit.alive:
            return []
        if self.is_mounted(unit):
            return [PLAN_DISMOUNT, *self._charges(unit)]
        return [PLAN_MOUNT] if self.may_mount(unit) else []

    def _charges(self, unit: Unit) -> list[str]:
        """Mounted Cavalry may charge (FF-079..081): any enemy unit within a Rapid move."""
        if not self.is_cavalry(unit) or unit.fired or unit.pinned or unit.shaken(self.g.state.turn) \
                or unit.dependants or unit.fire_only or unit.regrouping(self.g.state.turn):
            return []
        reach = self.cfg.rapid * self.g.m.scale
        return [PLAN_CHARGE + e.id for e in self.g.enemies(unit)
                if self.g.distance(unit, e) <= reach and self.charge_path(unit, e) is not None]

    def plan_label(self, unit: Unit, plan: str) -> str | None:
        if plan == PLAN_DISMOUNT:
            return "Dismount (then may fire on foot, Halted)"
        if plan == PLAN_MOUNT:
            return "Mount up (then may fire from the saddle, Halted)"
        if plan.startswith(PLAN_CHARGE):
            target = self.g.state.units.get(plan.removeprefix(PLAN_CHARGE))
            return f"Charge {target.name if target else '?'} (a Rapid move into Close Combat)"
        return None

    def carry_out_plan(self, unit: Unit, plan: str) -> Procedure:
        """Dismount or mount in place (the unit's move), then its fire, Halted; or charge."""
        from ambush_gui.alley import turn

        if plan.startswith(PLAN_CHARGE):
            yield from self._charge(unit, self.g.unit(plan.removeprefix(PLAN_CHARGE)))
            return
        if plan == PLAN_DISMOUNT:
            self.dismount(unit, "its action this turn")
        elif plan == PLAN_MOUNT:
            self.mount(unit, "its action this turn")
        else:
            return
        unit.speed = Speed.HALTED
        if unit.side is Side.REGULAR:
            yield from turn.regular_fire(self.g, unit)
        elif not unit.shaken(self.g.state.turn):
            yield from turn.insurgent_fire(self.g, unit)

    def charge_path(self, unit: Unit, target: Unit) -> dict[str, Any] | None:
        """A straight Rapid move that ends in contact with ``target`` (the nearest pair of
        figures, or from either side), legal now; None when there is none."""
        import math

        import numpy as np

        from ambush_gui.alley.movement import MoveChecks, allowance

        g = self.g
        limit = allowance(g, unit, Speed.RAPID)  # FF-055/056: the mounted Rapid limit
        checks = MoveChecks(g, unit, limit, may_assault=True)
        ours, theirs = unit.points(), target.points()
        gaps = np.hypot(ours[:, None, 0] - theirs[None, :, 0], ours[:, None, 1] - theirs[None, :, 1])
        i, j = np.unravel_index(int(np.argmin(gaps)), gaps.shape)
        centre = np.array(unit.centre())
        away = ours[i] - theirs[j]
        base = math.atan2(float(away[1]), float(away[0]))
        for turn_by in (0.0, 60.0, -60.0):
            a = base + math.radians(turn_by)
            spot = theirs[j] + 0.8 * g.m.scale * np.array([math.cos(a), math.sin(a)])
            end = centre + spot - ours[i]
            choice = {"path": [[round(float(end[0]), 3), round(float(end[1]), 3)]], "assault": target.id}
            try:
                checks.plan(choice)
            except IllegalDecision:
                continue
            return choice
        return None

    def _charge(self, unit: Unit, target: Unit) -> Procedure:
        """A Cavalry charge: a Rapid move straight into contact, interruptible like any move,
        ending in a Close Assault (house rule FF-083)."""
        from ambush_gui.alley import turn
        from ambush_gui.alley.interrupts import insurgent_move

        unit.speed = Speed.RAPID
        self.g.log.emit("plan", f"{unit.name} charges {target.name}", unit=unit.id, target=target.id)
        choice = self.charge_path(unit, target) if target.alive else None
        if choice is None:
            self.g.log.emit("plan", f"{unit.name} can no longer reach {target.name}", unit=unit.id)
            return
        if unit.side is Side.REGULAR:
            yield from turn.regular_move(self.g, unit, given=choice)
        else:
            watched: set[str] = set()  # AA-104: Overwatch may fire at a point of the charge
            yield from insurgent_move(self.g, unit, (Speed.RAPID,), watched=watched,
                                      given=choice | {"speed": "rapid"})
            yield from turn.react_to_move(self.g, unit, watched)

    # -- the turn -----------------------------------------------------------------------------
    def end_turn(self) -> Procedure:
        self.forced_down = None
        for uid in self.kind:
            unit = self.g.state.units.get(uid)
            if unit is not None:
                self._settle(unit)
        return
        yield
