"""Compact Ambush! fixtures: a small hex map, soldiers, scripted dice and a driver.

    b = kit.bench(kit.us("a", "0101"), kit.german("g", "A", "0104"),
                  script=[*kit.pct(50), kit.d(3), kit.d(9), *kit.pct(50)])
    result = kit.drive(fire(b, b.s("a")), [kit.aimed("a-m1-garand", "g")])

Dice are scripted and strict: a test that throws a die it did not script fails. The Ambush!
0-9 die is a d10 whose 10 reads 0 (``kit.d(0)`` scripts a 0); percentile dice are two
d10s, tens then units (``kit.pct(5)`` scripts 05).

Hexes in one column (``0101``, ``0102``, ...) are one apart per row, so ``0101`` to
``0106`` is a range of 5.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ambush_gui.ambush.charts import Charts
from ambush_gui.ambush.model import AmbushState, Mode, Side, Soldier, Stance, WeaponState
from ambush_gui.core.decisions import Decision
from ambush_gui.core.dice import Dice
from ambush_gui.core.events import Event, EventLog
from ambush_gui.core.hexgrid import Hex, HexMap

CHARTS = Charts.default()

BENCHES: list[Bench] = []
"""Benches built in the running test: ``conftest.py`` fails a test that leaves scripted dice
unthrown (a script longer than the rule needs is a test that checks less than it says)."""


@dataclass
class Bench:
    """What a rule procedure needs (``AmbushContext``): state, charts, dice, log."""

    state: AmbushState
    charts: Charts
    dice: Dice
    log: EventLog

    def s(self, sid: str) -> Soldier:
        return self.state.soldiers[sid]

    def w(self, wid: str) -> WeaponState:
        """A weapon by id, a soldier's or a crew weapon."""
        if wid in self.state.crew_weapons:
            return self.state.crew_weapons[wid]
        for s in self.state.soldiers.values():
            for w in s.weapons:
                if w.id == wid:
                    return w
        raise KeyError(wid)


def d(face: int) -> int:
    """Script face ``face`` (0-9) of the Ambush! die."""
    assert 0 <= face <= 9
    return face or 10


def pct(n: int) -> list[int]:
    """Script percentile ``n`` (00-99) as tens and units d10s."""
    assert 0 <= n <= 99
    return [n // 10 or 10, n % 10 or 10]


def h(label: str) -> Hex:
    return Hex.from_label(label)


def hexmap(width: int = 8, height: int = 8, terrain: Mapping[str, str] | None = None,
           charts: Charts = CHARTS) -> HexMap:
    return HexMap(width, height, charts, {h(k): v for k, v in (terrain or {}).items()})


def _weapons(sid: str, weapons: Iterable[str]) -> list[WeaponState]:
    return [WeaponState(f"{sid}-{key}", key) for key in weapons]


def us(sid: str, at: str | None, weapons: Sequence[str] = ("m1-garand",), clips: int = 3,
       ammo: Sequence[str] | None = None, stance: Stance = Stance.STANDING, ws: int = 1,
       **kw: Any) -> Soldier:
    """A US soldier, aware, with ``clips`` clips of his first weapon (or the given boxes)."""
    boxes = list(ammo) if ammo is not None else [weapons[0]] * clips if weapons else []
    return Soldier(sid, Side.US, kw.pop("name", f"Pvt {sid.upper()}"), ar=kw.pop("ar", 3),
                   mpa=kw.pop("mpa", 6), ws=ws, per=kw.pop("per", 4), ldr=kw.pop("ldr", 1),
                   hex=h(at) if at else None, stance=stance, weapons=_weapons(sid, weapons),
                   ammo=boxes, **kw)


def german(sid: str, letter: str, at: str | None, weapons: Sequence[str] = ("kar98k",),
           stance: Stance = Stance.STANDING, ws: int = 1, **kw: Any) -> Soldier:
    """A German soldier (letter for his counter; number from his id)."""
    return Soldier(sid, Side.GERMAN, kw.pop("name", f"German {sid.upper()}"),
                   ar=kw.pop("ar", 3), mpa=kw.pop("mpa", 6), ws=ws, per=kw.pop("per", 4),
                   ldr=kw.pop("ldr", 1), hex=h(at) if at else None, stance=stance,
                   weapons=_weapons(sid, weapons), letter=letter, **kw)


def crew(wid: str, weapon: str, a: str, b: str, prepared_at: str | None = None) -> WeaponState:
    """A crew weapon carried by soldiers ``a`` and ``b`` (its Port Boxes split between them)."""
    boxes = CHARTS.weapon(weapon).port_boxes or 3
    w = WeaponState(wid, weapon, carriers={a: boxes - boxes // 2, b: boxes // 2})
    if prepared_at is not None:
        w.prepared, w.at = True, h(prepared_at)
    return w


def bench(*soldiers: Soldier, crew: Iterable[WeaponState] = (),
          terrain: Mapping[str, str] | None = None, script: Iterable[int] = (),
          mode: Mode = Mode.ROUNDS, width: int = 8, height: int = 8,
          optional: Iterable[str] = (), charts: Charts = CHARTS, strict: bool = True,
          seed: int = 0) -> Bench:
    log = EventLog()
    state = AmbushState.build(hexmap(width, height, terrain, charts), soldiers, crew, charts,
                              mode=mode, round=1, optional_rules=frozenset(optional))
    b = Bench(state, charts, Dice(seed, log, script=script, strict=strict), log)
    if strict:
        BENCHES.append(b)
    return b


def aimed(weapon: str, target: str) -> dict[str, str]:
    return {"weapon": weapon, "fire": "aimed", "target": target}


def snap(weapon: str, target: str) -> dict[str, str]:
    return {"weapon": weapon, "fire": "snap", "target": target}


Answer = Any | Callable[[Decision], Any]


def drive(proc: Any, answers: Iterable[Answer] = (), spare: bool = False) -> Any:
    """Run a rule procedure to its end, answering its decisions from ``answers`` in order
    (each validated as the game would). Returns the procedure's return value. Answers left
    over fail the test unless ``spare`` (for random play, where a second shot may not come)."""
    pending = list(answers)
    try:
        decision = next(proc)
        while True:
            if not pending:
                raise AssertionError(f"unanswered decision: {decision!r} "
                                     f"options {decision.options[:6]}")
            a = pending.pop(0)
            choice = a(decision) if callable(a) else a
            decision = proc.send(decision.validate(choice))
    except StopIteration as stop:
        if pending and not spare:
            raise AssertionError(f"answers left over: {pending}") from None
        return stop.value


def asks(proc: Any, answers: Iterable[Answer] = ()) -> Decision:
    """Run a procedure until the decision after ``answers``; return that decision."""
    decision = next(proc)
    for a in answers:
        choice = a(decision) if callable(a) else a
        decision = proc.send(decision.validate(choice))
    return decision


def events(b: Bench, kind: str) -> list[Event]:
    return [e for e in b.log.events if e.kind == kind]


def texts(b: Bench, kind: str | None = None) -> list[str]:
    return [e.text for e in b.log.events if kind is None or e.kind == kind]
