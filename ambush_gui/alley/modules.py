"""Optional rule modules, switched on per scenario (the Force on Force rules of seed 003).

A scenario switches modules on by name and gives each its settings in a table of the
same name (docs/formats.md, "Force on Force modules")::

    modules = ["mines", "combat_stress"]

    [combat_stress]
    background = 3

The core turn calls hook points; a module defines the ones it needs. With no module
switched on every hook does nothing, so the basic game is exactly the rulebook's (and
hot paths test ``if g.modules:`` before calling). Two kinds of hook:

* named hooks with a fixed signature, declared on :class:`RuleModule` below and
  dispatched by :class:`Modules` (the turn's start and end, moves, fire, pools);
* any other hook a module needs, called from the engine by name through
  :meth:`Modules.run` (a procedure), :meth:`Modules.acting` (a procedure about a
  unit's own action), :meth:`Modules.gather` (lists joined) or
  :meth:`Modules.first` (the first answer that is not None). A module defines a method
  of that name; modules that do not are skipped. This keeps each module's additions in
  its own file (``ambush_gui/alley/fof/``) and its call sites in the engine.

A hook that may need a player's answer (a mine going off, a mob moving, a Stress Test)
is a procedure like every rule procedure: a generator that yields decisions (kind
:attr:`~ambush_gui.core.decisions.DecisionKind.CHOOSE` for a module's own questions).
The hooks about a unit's own action (``after_move``, ``carry_out_plan``) stop at the
first module that takes the unit's last fighting figure, so modules are safe in any
order: none measures a unit with no figures. Hooks about fire (``after_fire``) still
hear of a target it emptied, to note the attack, and must not measure it: a module that
needs the fire's geometry takes it in ``fire_thrown`` (called as the attack is thrown,
while every figure of the target stands).
Modifier hooks return :class:`~ambush_gui.core.events.Modifier` lists, each naming its
rule, which the pools and tests show beside the core ones.

Each module declares its settings as a pydantic model (``Settings``), validated with the
rest of the file, and may check what a schema cannot in :meth:`RuleModule.cross_check`
(pieces on the table, unit ids that exist). Its state is part of the game's state hash
(:meth:`RuleModule.snapshot`), and :meth:`RuleModule.status` says it in a few words for
the table.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict

from ambush_gui.core.events import Modifier
from ambush_gui.core.game import Procedure

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.alley.model import Unit
    from ambush_gui.alley.movement import MovePlan
    from ambush_gui.alley.scenario import ScenarioSpec


class Settings(BaseModel):
    """A module's settings: strict (an unknown key is refused, naming the key) and frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def once_each(values: list[Any], what: str) -> list[Any]:
    """A settings list that names each thing once: a side written twice is a slip (two
    sides that are the same side), not a second side. Raises in the designer's words."""
    twice = next((v for i, v in enumerate(values) if v in values[:i]), None)
    if twice is not None:
        word = getattr(twice, "value", twice)
        raise ValueError(f"{word!r} is listed twice: name each {what} once")
    return values


def one_per_number(table: Any, what: str) -> Any:
    """A settings table keyed by number (a turn, a roll) gives each number one line: keys
    "04" and "4" are the same number, and one of them would silently win. Raises in the
    designer's words; anything else is left to the schema."""
    if not isinstance(table, dict):
        return table
    seen: dict[int, Any] = {}
    for key in table:
        try:
            number = int(key)
        except (TypeError, ValueError):
            continue
        if number in seen:
            raise ValueError(f"{what} {number} is given twice (keys {str(seen[number])!r} and "
                             f"{str(key)!r}): give each {what} one line")
        seen[number] = key
    return table


class AnySettings(BaseModel):
    """Settings of a module that declares none: any keys, kept as given (test modules)."""

    model_config = ConfigDict(extra="allow", frozen=True)


class RuleModule:
    """A bundle of optional rules. Subclass, set ``name``, ``title``, ``rules`` and
    ``Settings``, define hooks, ``register``."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""  # "Mines", in the player's words
    rules: ClassVar[str] = ""  # the checklist IDs it plays, e.g. "FF-027..043"
    Settings: ClassVar[type[BaseModel]] = AnySettings

    def __init__(self, game: AlleyGame, settings: BaseModel | dict[str, Any]) -> None:
        self.g = game
        if isinstance(settings, dict):
            settings = self.Settings.model_validate(settings)
        self.settings = settings

    @property
    def options(self) -> dict[str, Any]:
        """The settings as plain data (older test modules read ``options``)."""
        return self.settings.model_dump()

    # -- the file ---------------------------------------------------------------------
    @classmethod
    def cross_check(cls, spec: ScenarioSpec, settings: Any) -> list[tuple[str, str]]:
        """What the schema cannot say about this module's settings in ``spec``: problems
        as (path, expectation), the path from the file's top (``"mines.fields[0].piece"``)."""
        return []

    @classmethod
    def migrated(cls, settings: Any) -> list[str]:
        """What this module read an older form of its settings as, in words (the file
        still loads; ``validate`` and the editor say what was inferred)."""
        return []

    @classmethod
    def setup_check(cls, spec: ScenarioSpec) -> list[tuple[str, str]]:
        """What would break play at set-up although the file is well formed (the module's
        part of :func:`~ambush_gui.alley.scenario.setup_check`, which rule tests skip to
        build odd set-ups on purpose): problems as for :meth:`cross_check`."""
        return []

    # -- state --------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The module's own state, as plain data (part of the game's state hash)."""
        return {}

    def status(self) -> list[str]:
        """A few short lines a player reads on the table ("MOPP 2: Reaction Tests -1")."""
        return []

    def unit_status(self, unit: Unit) -> list[str]:
        """What the module says about one unit on its card ("Stress Level 3, Low Confidence")."""
        return []

    # -- procedures (may ask decisions) ----------------------------------------------
    def start_turn(self) -> Procedure:
        """After the turn begins, before reinforcements (e.g. Stress Tests, mines)."""
        return
        yield

    def end_turn(self) -> Procedure:
        """At the end of the turn, before Pins clear (e.g. mobs move, confidence regained)."""
        return
        yield

    def after_move(self, unit: Unit, plan: MovePlan) -> Procedure:
        """After a unit has moved (e.g. mines and IEDs along its path)."""
        return
        yield

    def after_fire(self, target: Unit, attacker: Unit, hits: int) -> Procedure:
        """After a Fire Combat and its Morale Checks (e.g. Combat Stress)."""
        return
        yield

    # -- checks and modifiers -------------------------------------------------------
    def check_move(self, unit: Unit, plan: MovePlan) -> None:
        """Raise IllegalDecision to forbid a move (e.g. into a civilian mob)."""

    def firepower_modifiers(self, attacker: Unit, target: Unit) -> list[Modifier]:
        return []

    def defense_modifiers(self, target: Unit, attacker: Unit) -> list[Modifier]:
        return []

    def reaction_modifiers(self, unit: Unit) -> list[Modifier]:
        return []


REGISTRY: dict[str, type[RuleModule]] = {}


def register(cls: type[RuleModule]) -> type[RuleModule]:
    """Class decorator: make a module available to scenarios by its ``name``."""
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name")
    REGISTRY[cls.name] = cls
    return cls


class Modules:
    """The modules a game has switched on, called in the scenario's order."""

    def __init__(self, game: AlleyGame, chosen: dict[str, Any]) -> None:
        self.active = [REGISTRY[name](game, settings) for name, settings in chosen.items()]
        self.by_name = {m.name: m for m in self.active}

    def __bool__(self) -> bool:
        return bool(self.active)

    def __iter__(self) -> Iterator[RuleModule]:
        return iter(self.active)

    def __contains__(self, name: object) -> bool:
        return name in self.by_name

    def get(self, name: str) -> RuleModule | None:
        """The module of that name if the game has it switched on."""
        return self.by_name.get(name)

    def snapshot(self) -> dict[str, Any]:
        return {m.name: m.snapshot() for m in self.active}

    def status(self) -> list[str]:
        return [line for m in self.active for line in m.status()]

    # -- hooks by name ------------------------------------------------------------------
    def _having(self, hook: str) -> list[Any]:
        return [getattr(m, hook) for m in self.active if hasattr(m, hook)]

    def acting(self, hook: str, unit: Unit, *args: Any) -> Procedure:
        """Every module's procedure ``hook`` about ``unit``'s own action (its move, its
        module plan), in the scenario's order, for as long as the unit is in play: once a
        module has taken its last fighting figure (an IED, a mine), the modules after it
        are not called, so none measures a unit that has no figures left (its centre is
        no place). Whatever order a scenario lists its modules in, they are safe."""
        for fn in self._having(hook):
            if not unit.alive:
                return
            yield from fn(unit, *args)

    def run(self, hook: str, *args: Any) -> Procedure:
        """Every module's procedure ``hook`` in turn; returns the last non-None result."""
        out = None
        for fn in self._having(hook):
            got = yield from fn(*args)
            out = got if got is not None else out
        return out

    def gather(self, hook: str, *args: Any) -> list[Any]:
        """Every module's list from ``hook``, joined."""
        return [x for fn in self._having(hook) for x in fn(*args)]

    def filter(self, hook: str, items: list[Any], *args: Any) -> list[Any]:
        """``items`` passed through every module's ``hook(*args, items)`` in turn, each
        returning the items it keeps (e.g. ``defense_filter(target, attacker, items)``)."""
        for fn in self._having(hook):
            items = list(fn(*args, items))
        return items

    def first(self, hook: str, *args: Any, default: Any = None) -> Any:
        """The first module answer to ``hook`` that is not None, else ``default``."""
        for fn in self._having(hook):
            got = fn(*args)
            if got is not None:
                return got
        return default

    # -- the named hooks ----------------------------------------------------------------
    def start_turn(self) -> Procedure:
        for m in self.active:
            yield from m.start_turn()

    def end_turn(self) -> Procedure:
        for m in self.active:
            yield from m.end_turn()

    def after_move(self, unit: Unit, plan: MovePlan) -> Procedure:
        yield from self.acting("after_move", unit, plan)

    def after_fire(self, target: Unit, attacker: Unit, hits: int) -> Procedure:
        for m in self.active:
            yield from m.after_fire(target, attacker, hits)

    def check_move(self, unit: Unit, plan: MovePlan) -> None:
        for m in self.active:
            m.check_move(unit, plan)

    def firepower_modifiers(self, attacker: Unit, target: Unit) -> list[Modifier]:
        return [x for m in self.active for x in m.firepower_modifiers(attacker, target)]

    def defense_modifiers(self, target: Unit, attacker: Unit) -> list[Modifier]:
        return [x for m in self.active for x in m.defense_modifiers(target, attacker)]

    def reaction_modifiers(self, unit: Unit) -> list[Modifier]:
        return [x for m in self.active for x in m.reaction_modifiers(unit)]


# The Force on Force modules register themselves on import (after the names above exist).
from ambush_gui.alley import fof  # noqa: E402,F401
