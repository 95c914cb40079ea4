"""Compact scenario snippets and a driver for rule tests (the FEN strings of this game).

    g = kit.game([kit.marines("a", (5, 5)), kit.insurgents("i", (5, 12), n=3)],
                 pieces=[kit.building("b", (3, 8, 4, 2))], script=[4, 5, 6])
    hits = kit.drive(g, fire(g, g.unit("a"), g.unit("i"), "test"), ["best"])

Dice are scripted and strict: a test that throws a die it did not script fails.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.scenario import Scenario
from ambush_gui.core.decisions import Decision
from ambush_gui.core.dice import Dice

Point = tuple[float, float]

REINFORCEMENTS = {
    "level": "automatic",
    "table": {
        "2": {"small_arms": "1d6", "light_support": 1},
        "3": {"rpg": 1},
        "4": {"small_arms": "1d6", "roll_again": True},
        "5": {"rpg": 1},
        "6": {"small_arms": "1d6+2"},
        "7": {"small_arms": "1d6", "leader": True, "light_support": 1},
        "8": {"small_arms": "1d6+2"},
        "9": {"small_arms": "1d6", "roll_again": True},
        "10": {"light_support": 1},
        "11": {"small_arms": "1d6", "leader": True, "rpg": 1},
        "12": {"small_arms": "2d6"},
    },
}


def figures(uid: str, at: Point, weapons: Sequence[str], leader: bool = False,
            spacing: float = 0.8) -> list[dict[str, Any]]:
    """A row of figures starting at ``at``, 0.8" apart (in cohesion)."""
    out = []
    for i, w in enumerate(weapons):
        fig: dict[str, Any] = {"id": f"{uid}-{i + 1}", "weapon": w,
                               "at": [at[0] + i * spacing, at[1]]}
        out.append(fig)
    if leader:
        out.append({"id": f"{uid}-L", "kind": "leader", "weapon": "rifle",
                    "at": [at[0] + len(weapons) * spacing, at[1]]})
    return out


def marines(uid: str, at: Point, weapons: Sequence[str] = ("rifle", "rifle", "m203", "saw"),
            **kw: Any) -> dict[str, Any]:
    """A Marine fireteam: TQ d8, Morale d10, body armor from the side (CT-039/040)."""
    return {"id": uid, "name": f"Marines {uid}", "side": "regular", "tq": "d8", "morale": "d10",
            "figures": figures(uid, at, weapons), **kw}


def insurgents(uid: str, at: Point, n: int = 4, weapons: Sequence[str] | None = None,
               leader: bool = False, tq: str = "d6", morale: str = "d10", **kw: Any) -> dict[str, Any]:
    """An Insurgent unit of ``n`` riflemen (or the given weapons), optionally with a leader."""
    ws = list(weapons) if weapons is not None else ["rifle"] * n
    return {"id": uid, "name": f"Insurgents {uid}", "side": "insurgent", "tq": tq,
            "morale": morale, "figures": figures(uid, at, ws, leader), **kw}


def leader(uid: str, side: str, at: Point, tq: str = "d8") -> dict[str, Any]:
    """A detached leader: a unit of one leader figure (house rule AA-029)."""
    return {"id": uid, "name": f"Leader {uid}", "side": side, "tq": tq, "morale": "d10",
            "figures": [{"id": f"{uid}-1", "kind": "leader", "weapon": "rifle", "at": list(at)}]}


def building(pid: str, rect: tuple[float, float, float, float]) -> dict[str, Any]:
    return {"id": pid, "kind": "building", "rect": list(rect)}


def wall(pid: str, rect: tuple[float, float, float, float]) -> dict[str, Any]:
    return {"id": pid, "kind": "wall", "rect": list(rect)}


def rubble(pid: str, rect: tuple[float, float, float, float]) -> dict[str, Any]:
    return {"id": pid, "kind": "rubble", "rect": list(rect)}


def scenario(units: Iterable[dict[str, Any]], pieces: Iterable[dict[str, Any]] = (),
             width: float = 24, height: float = 24, hot_spots: Iterable[tuple[int, Point]] = (),
             contractors: Iterable[tuple[str, Point]] = (), reinforcements: bool = False,
             scale: float = 1.0, setup: bool = False, **extra: Any) -> Scenario:
    """A test table; ``setup=True`` also applies the set-up checks a scenario file gets
    (rule tests place odd set-ups on purpose, so they are off by default)."""
    data: dict[str, Any] = {
        "name": "test", "title": "Test table",
        "table": {"width": width, "height": height, "pieces": list(pieces)},
        "sides": {
            "regular": {"name": "Marines", "optimum_range": 8, "armor": 1,
                        "friendly_edges": ["south", "west"]},
            "insurgent": {"name": "Insurgents", "optimum_range": 6},
        },
        "units": list(units),
        "hot_spots": [{"number": n, "at": list(p)} for n, p in hot_spots],
        "contractors": [{"id": c, "at": list(p)} for c, p in contractors],
        **extra,
    }
    if reinforcements or data["hot_spots"]:
        data["reinforcements"] = REINFORCEMENTS
    return Scenario.from_data(data, "<test>", scale, setup=setup)


def game(units: Iterable[dict[str, Any]], script: Iterable[int] = (), seed: int = 0,
         strict: bool = True, options: dict[str, str] | None = None, **kw: Any) -> AlleyGame:
    """A game on a test table whose dice are scripted (strict: unscripted dice fail).
    ``options``: rules options' readings; the ones not named play their legacy reading
    (as a game that records none does), so a test names the reading it is about."""
    scn = scenario(units, **kw)
    return AlleyGame(scn, seed, Dice(seed, script=script, strict=strict), options=options)


def run_behind_a_building() -> tuple[AlleyGame, Decision]:
    """An interrupt question on Marines m's Rapid run up the table's west edge: Insurgents
    i (east of the building) do not see m for the first 8" of it, Insurgents j (north,
    up the run) see it all along. The game, and the decision with the engine's
    point-by-point reasons (``facts["not_here"]``)."""
    from ambush_gui.alley.interrupts import interrupt_decision, interrupt_options_along
    from ambush_gui.alley.model import Speed

    g = game([marines("m", (0.5, 2)), insurgents("i", (12, 4), n=3, leader=True),
              insurgents("j", (3, 22), n=3, leader=True)],
             pieces=[building("b", (4, 0, 4, 8))])
    m = g.unit("m")
    m.speed = Speed.RAPID
    path = [m.centre(), (1.7, 14.0)]
    return g, interrupt_decision(g, m, interrupt_options_along(g, m, path), "move", path=path)


Answer = Any | Callable[[Decision], Any]


def drive(g: AlleyGame, proc: Any, answers: Iterable[Answer] = ()) -> Any:
    """Run a rule procedure (a generator) to its end, answering each decision it asks
    from ``answers`` in order (a value, or a function of the decision). Every answer is
    validated as the game would. Returns the procedure's return value."""
    pending = list(answers)
    try:
        decision = next(proc)
        while True:
            if not pending:
                raise AssertionError(f"unanswered decision: {decision!r} options {decision.options[:6]}")
            a = pending.pop(0)
            choice = a(decision) if callable(a) else a
            decision = proc.send(decision.validate(choice))
    except StopIteration as stop:
        if pending:
            raise AssertionError(f"answers left over: {pending}") from None
        return stop.value


def play_out(proc: Any, answer: Callable[[Decision], Any], limit: int = 200) -> Any:
    """Run a rule procedure to its end, answering every decision with ``answer`` (validated
    as the game would); fails if it asks more than ``limit``. Returns its return value."""
    try:
        decision = next(proc)
        for _ in range(limit):
            decision = proc.send(decision.validate(answer(decision)))
        raise AssertionError(f"the procedure never ended (still asking {decision!r})")
    except StopIteration as stop:
        return stop.value


def asks(g: AlleyGame, proc: Any, answers: Iterable[Answer] = ()) -> Decision:
    """Run a procedure until it asks the decision after ``answers``; return that decision."""
    decision = next(proc)
    for a in answers:
        choice = a(decision) if callable(a) else a
        decision = proc.send(decision.validate(choice))
    return decision


def roll_texts(g: AlleyGame) -> list[str]:
    return [e.text for e in g.log.events if e.kind == "roll"]


def events(g: AlleyGame, kind: str) -> list[Any]:
    return [e for e in g.log.events if e.kind == kind]


def count_move_checks(monkeypatch: Any) -> list[Any]:
    """The move each call of the engine's ``movement.check_move`` was asked about, from now
    on (the calls still check)."""
    from ambush_gui.alley import movement

    calls: list[Any] = []
    real = movement.check_move

    def counted(*args: Any, **kw: Any) -> Any:
        calls.append(args[2])
        return real(*args, **kw)

    monkeypatch.setattr(movement, "check_move", counted)
    return calls
