"""The rule systems the program plays, and the shipped scenarios.

One place maps a file's ``system`` field ("alley" for Ambush Alley and Force on
Force, "ambush" for Ambush!) to its scenario loader and its game class, so the CLI,
saves and the GUI treat every system alike.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.files import read_data
from ambush_gui.core.game import Game
from ambush_gui.release import SCENARIOS_DIR, shipped_name

SCENARIO_DIR = SCENARIOS_DIR
"""The shipped scenarios and missions (package data: :mod:`ambush_gui.release`)."""


@dataclass(frozen=True)
class ShippedScenario:
    name: str
    title: str
    system: str
    path: Path
    modules: tuple[str, ...] = ()  # the Force on Force modules it switches on
    kind: str = "scenario"  # "scenario" (Ambush Alley, Force on Force), "mission" or "campaign"
    turns: int = 0  # a table scenario's turn limit (0: not one, or not given)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "system": self.system, "path": str(self.path),
                "modules": list(self.modules), "kind": self.kind}


def shipped(campaigns: bool = False) -> list[ShippedScenario]:
    """The scenarios and missions that come with the program, by name; with ``campaigns``
    the Ambush! campaigns (``ambush_gui/scenarios/campaigns/``, ``kind = "campaign"``) after them. A
    campaign is not a game of its own: the launcher, the editor and the self-test list the
    games, ``list`` and ``resolve`` everything."""
    out = []
    files = sorted(SCENARIO_DIR.glob("*.toml"))
    if campaigns:
        files += sorted((SCENARIO_DIR / "campaigns").glob("*.toml"))
    for p in files:
        try:
            data = read_data(p, ScenarioError)
        except ScenarioError:
            continue
        system = str(data.get("system", "alley"))
        kind = ("campaign" if data.get("kind") == "campaign"
                else "mission" if system == "ambush" else "scenario")
        turns = data.get("turn_limit", 0) if system == "alley" else 0
        out.append(ShippedScenario(str(data.get("name", p.stem)), str(data.get("title", p.stem)),
                                   system, p, _module_names(data), kind,
                                   turns if isinstance(turns, int) else 0))
    return out


def scenario_modules(path: str | Path) -> tuple[str, ...]:
    """The Force on Force modules a scenario file switches on (none for a file that does not
    read, or for Ambush!)."""
    try:
        return _module_names(read_data(Path(path), ScenarioError))
    except ScenarioError:
        return ()


def _module_names(data: dict[str, Any]) -> tuple[str, ...]:
    """The ``modules`` a file's data names, in either form (a list, or a table of names)."""
    mods = data.get("modules", [])
    return tuple(str(m) for m in mods) if isinstance(mods, list | dict) else ()


def resolve(name_or_path: str) -> Path:
    """A path, or the name of a shipped scenario (``contracting-trouble``)."""
    p = Path(name_or_path)
    if p.exists():
        return p
    moved = shipped_name(p)  # scenarios/market-day.toml, as versions before 0.9.0 laid it out
    if moved is not None:
        return moved
    every = shipped(campaigns=True)
    for s in every:
        if s.name == name_or_path or s.path.stem == name_or_path:
            return s.path
    names = ", ".join(s.name for s in every) or "none"
    raise ScenarioError(name_or_path, [("", f"no such file, and no shipped scenario of that name "
                                         f"(shipped: {names})")])


def scenario_from_data(system: str, data: dict[str, Any], source: str, scale: float = 1.0) -> Any:
    if system == "alley":
        from ambush_gui.alley.scenario import Scenario

        return Scenario.from_data(data, source, scale)
    if system == "ambush":
        from ambush_gui.ambush.mission import Mission

        return Mission.from_data(data, source)
    from ambush_gui.core.errors import shown

    raise ScenarioError(source, [("system", f"unknown rule system {shown(system)}; "
                                  "expected 'alley' or 'ambush'")])


def load_scenario(path: str | Path, scale: float = 1.0) -> Any:
    """Load and validate any scenario or mission file, whatever its system."""
    data = read_data(path, ScenarioError)
    system = data.get("system", "alley")
    if not isinstance(system, str):
        from ambush_gui.core.errors import shown

        raise ScenarioError(str(path), [("system", f"expected 'alley' or 'ambush', not {shown(system)}")])
    return scenario_from_data(system, data, str(path), scale)


def new_game(scenario: Any, seed: int = 0, options: dict[str, str] | None = None) -> Game:
    """A new game: an Ambush Alley game plays every rules option's default, then the
    scenario's defaults, then ``options`` (what the player chose), and records them all."""
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.alley.scenario import Scenario

    if isinstance(scenario, Scenario):
        return AlleyGame(scenario, seed, options=new_game_options(scenario, options))
    from ambush_gui.ambush.game import AmbushGame
    from ambush_gui.ambush.mission import Mission

    if isinstance(scenario, Mission):
        if options:
            raise ValueError("Ambush! has no rules options")
        return AmbushGame(scenario, seed)
    raise ValueError(f"{scenario!r} is neither an Ambush Alley scenario nor an Ambush! mission")


def fresh_copy(game: Game) -> Game:
    """A new, unplayed game of ``game``'s scenario and seed with the same rules options
    (undo replays onto it): the options it records, or none for a game that records none."""
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.ambush.game import AmbushGame
    from ambush_gui.core.dice import Dice

    dice = Dice(game.seed, script=game.faces) if game.faces else None  # a branch's first faces
    if isinstance(game, AlleyGame):
        copy: Game = AlleyGame(game.scenario, game.seed, dice=dice, options=game.recorded_options)
    else:
        assert isinstance(game, AmbushGame)
        copy = AmbushGame(game.scenario, game.seed, dice=dice)
    copy.faces, copy.branched_from = game.faces, game.branched_from
    return copy


def options_registry(system: str) -> Any:
    """The rules options of a rule system (Ambush! has none)."""
    if system == "alley":
        from ambush_gui.alley.options import OPTIONS

        return OPTIONS
    from ambush_gui.core.options import EMPTY

    return EMPTY


def new_game_options(scenario: Any, chosen: dict[str, str] | None = None) -> dict[str, str]:
    """Every rules option's reading for a new game of ``scenario``: the defaults, the
    scenario's own defaults (its ``[options]`` table), then ``chosen``."""
    registry = options_registry(scenario.spec.system)
    return dict(registry.for_new_game(getattr(scenario.spec, "options", None), chosen))


def factory(system: str, data: dict[str, Any], source: str, scale: float, seed: int,
            options: dict[str, str] | None = None, faces: list[int] | None = None) -> Game:
    """Build a fresh game from a save's embedded scenario (see core.saves.replay). An Ambush
    Alley save skips the set-up checks added with issue 11 (cohesion, overlapping bases,
    impassable ground, a side with no units): the game was played, so it replays. It
    plays the options the save records (None: the legacy readings, see core.options)."""
    from ambush_gui.core.dice import Dice

    dice = Dice(seed, script=faces) if faces else None  # a branch: the faces before it first
    if system == "alley":
        from ambush_gui.alley.game import AlleyGame
        from ambush_gui.alley.scenario import Scenario

        return AlleyGame(Scenario.from_data(data, source, scale, setup=False), seed, dice=dice,
                         options=options)
    if options:
        raise ValueError("Ambush! has no rules options")
    from ambush_gui.ambush.game import AmbushGame

    return AmbushGame(scenario_from_data(system, data, source, scale), seed, dice=dice)


def computer_player(system: str, level: str = "normal", seed: int = 0) -> Any:
    """A computer player of ``system`` at ``level`` (see :mod:`ambush_gui.ai.levels`;
    ``ai`` is normal). ``seed`` seeds the player's own dice (easy's slips, hard's sampled
    futures), never the game's."""
    from ambush_gui.ai.levels import level_of

    level = level_of(level)
    if level == "random":
        from ambush_gui.ai.random_player import RandomPlayer

        return RandomPlayer(seed)
    if level == "easy":
        from ambush_gui.ai.easy import EasyPlayer

        return EasyPlayer(system, seed)
    if level == "hard" and system == "ambush":
        from ambush_gui.ai.ambush_ai import HARD, AmbushAI

        return AmbushAI(HARD)  # the sharper judgement: see ambush_ai.HARD
    if level == "hard":
        from ambush_gui.ai.hard import HardPlayer

        return HardPlayer(system, seed)
    return normal_player(system)


def computer_choice(player: Any, game: Game, decision: Any) -> tuple[Any, str]:
    """A computer player's answer and its one-line reason (``decide`` when the player
    has it, else ``choose`` and no reason)."""
    decide = getattr(player, "decide", None)
    if decide is not None:
        c = decide(game, decision)
        return c.answer, c.reason
    return player.choose(game, decision), ""


def normal_player(system: str) -> Any:
    """The normal computer player: tactical sense, no look-ahead."""
    if system == "alley":
        from ambush_gui.ai.alley_ai import AlleyAI

        return AlleyAI()
    if system == "ambush":
        from ambush_gui.ai.ambush_ai import AmbushAI

        return AmbushAI()
    raise ValueError(f"no computer player for {system!r}")


@dataclass(frozen=True)
class LookAhead:
    """What a look-ahead asks of a system's normal player: the answers worth comparing at
    a decision (``candidates(game, decision)``, the normal answer first), how well a side
    stands (``value(game, side)``) and, optionally, which decisions the game turns on
    (``decisive(game, decision)``)."""

    candidates: Callable[[Any, Any], list[Any]]
    value: Callable[[Any, Any], float]
    decisive: Callable[[Any, Any], bool] | None = None


def look_ahead(system: str, normal: Any) -> LookAhead | None:
    """The look-ahead questions for ``normal``, a normal player of ``system``: its own
    methods where it has them (Ambush!'s squad), else its system's look-ahead module
    (Ambush Alley: :mod:`ambush_gui.ai.alley_lookahead`, which builds on the normal
    player, not the other way round); None where there are none (the hard player then
    plays as normal)."""
    ask, judge = getattr(normal, "candidates", None), getattr(normal, "value", None)
    decisive = getattr(normal, "decisive", None)
    if system == "alley":
        from ambush_gui.ai import alley_lookahead as la

        ask, judge = ask or partial(la.candidates, normal), judge or la.value
        decisive = decisive or la.decisive
    if ask is None or judge is None:
        return None
    return LookAhead(ask, judge, decisive)


def invariants(game: Game) -> list[str]:
    """Every broken invariant of a finished or running game."""
    if game.system == "alley":
        from ambush_gui.alley import invariants as alley_invariants

        return alley_invariants.check(game)  # type: ignore[arg-type]
    if game.system == "ambush":
        from ambush_gui.ambush import invariants as ambush_invariants

        return ambush_invariants.check(game)  # type: ignore[arg-type]
    return []


def outcome(game: Game) -> tuple[str, dict[str, int], int]:
    """(winner or "draw", victory points by side, turns played) of a finished game."""
    result = game.result or {}
    return (str(result.get("winner", "draw")), dict(result.get("points", {})),
            int(result.get("turn", 0)))


def losses(game: Game) -> dict[str, int]:
    """Each side's fighting figures lost so far: wounded, killed, fled or taken (an Ambush
    Alley side's figures out of play or hurt, an Ambush! side's soldiers out of action).
    Dependants and escorts are not fighters. The simulator averages it ("Marines lost")."""
    out = {side: 0 for side in sides(game.system)}
    if game.system == "alley":
        from ambush_gui.alley.model import FigureKind, Injury

        st = game.state  # type: ignore[attr-defined]
        gone = {id(f) for f, _ in st.removed}
        for f in st.all_figures():
            if f.kind is FigureKind.CONTRACTOR or (f.dependant and id(f) not in gone and not f.captive
                                                   and f.injury is Injury.NONE):
                continue
            if id(f) in gone or f.injury is not Injury.NONE or f.captive:
                out[f.side.value] = out.get(f.side.value, 0) + 1
    elif game.system == "ambush":
        from ambush_gui.ambush.model import Status

        for soldier in game.state.soldiers.values():  # type: ignore[attr-defined]
            if soldier.status is not Status.ACTIVE or soldier.wounded:
                out[soldier.side.value] = out.get(soldier.side.value, 0) + 1
    return out


def sides(system: str) -> tuple[str, ...]:
    return {"alley": ("regular", "insurgent"), "ambush": ("us", "german")}[system]


def seated_sides(system: str) -> tuple[str, ...]:
    """The sides that answer decisions: in Ambush! the paragraphs play the Germans."""
    return {"alley": ("regular", "insurgent"), "ambush": ("us",)}[system]
