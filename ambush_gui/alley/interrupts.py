"""Interrupts, Reaction Tests and Overwatch: who acts first when Insurgents strike.

An Insurgent unit that sees a Regular unit move or fire may interrupt it once a turn
(AA-063/064). A Reaction Test (both Troop Quality dice, the Insurgent needing 4+ and
a higher score, AA-074) decides whether the interruption or the Regular's reaction
comes first. Overwatch units and Regulars still waiting to activate may join in.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from ambush_gui.alley import close_assault, options, victory
from ambush_gui.alley.fire import declined_without_dice, fire, fire_blocked
from ambush_gui.alley.model import Side, Speed, Unit
from ambush_gui.alley.movement import (
    MoveChecks,
    allowance,
    back_on_table,
    candidate_moves,
    exit_edge_at,
    move_along,
    must_seek_cover,
)
from ambush_gui.alley.pools import firepower, quality_die
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.events import Modifier
from ambush_gui.core.game import Procedure
from ambush_gui.core.geometry import points_along
from ambush_gui.core.words import whose

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame

NONE = "none"


# -- tests ----------------------------------------------------------------------------------

def current_speed(unit: Unit) -> Speed:
    """House rule AA-077: the speed declared this turn, else the one the unit ended last
    turn with; a unit that has not moved yet in the game is stationary."""
    if unit.speed is not None:
        return unit.speed
    return unit.last_speed or Speed.HALTED


def reaction_modifiers(unit: Unit) -> list[Modifier]:
    """AA-035..037, AA-076, AA-188; house rule AA-040: Halted +1 and Rapid −1 apply to
    both sides, the Cautious +1 only to Regulars; Halted and Cautious never stack."""
    mods: list[Modifier] = []
    spd = current_speed(unit)
    # a unit that has not acted this turn is judged by last turn's speed (AA-077): say so,
    # or a waiting unit reads "moving Cautiously" when it has not moved
    last = unit.speed is None and not unit.overwatch
    if unit.overwatch or spd is Speed.HALTED:
        mods.append(Modifier("stood still last turn" if last and unit.last_speed is not None
                             else "Halted or on Overwatch", 1, "AA-035"))
    elif spd is Speed.CAUTIOUS and unit.side is Side.REGULAR:
        mods.append(Modifier("moved Cautiously last turn" if last else "moving Cautiously", 1, "AA-036"))
    elif spd is Speed.RAPID:
        mods.append(Modifier("moved Rapidly last turn" if last else "moved Rapidly", -1, "AA-037"))
    if unit.pinned:
        mods.append(Modifier("Pinned", -1, "AA-188"))
    return mods


def speed_reaction_modifier(g: AlleyGame, unit: Unit, speed: Speed, overwatch: bool = False) -> int:
    """What declaring ``speed`` (Halted with ``overwatch``: going on Overwatch) would add to
    ``unit``'s Reaction Tests, from the speed alone: the core's (AA-035..037; AA-040 and the
    rules option ``insurgent_reaction_modifiers``) and a rule module's (a mortar team never
    has Halted's +1, FF-016). The plan's speeds say it, as the rolls will."""
    import copy

    probe = copy.copy(unit)  # the unit as it would stand; the game is not touched
    probe.speed, probe.overwatch, probe.pinned = speed, overwatch, False
    core = reaction_modifiers(probe) if unit.side is Side.REGULAR else \
        insurgent_reaction_modifiers(g, probe)
    return sum(m.value for m in core + g.modules.reaction_modifiers(probe))


def speed_changes_reactions(g: AlleyGame, side: Side) -> bool:
    """Whether a unit of ``side``'s speed (Halted +1, Rapid −1) changes its Reaction Tests:
    always the Regulars'; the Insurgents' only under the reading "both" of the rules option
    ``insurgent_reaction_modifiers`` (AA-040), which the speeds offered must say."""
    return side is Side.REGULAR or options.reading(g, options.INSURGENT_REACTION) != "regulars_only"


def insurgent_reaction_modifiers(g: AlleyGame, unit: Unit) -> list[Modifier]:
    """AA-040, rules option ``insurgent_reaction_modifiers``: with "regulars_only" (line
    123 lists the Reaction Test's modifiers for Regular units only) the Insurgent rolls its
    bare die; with "both" its Halted +1 and Rapid −1 count too (lines 44, 50)."""
    if not speed_changes_reactions(g, unit.side):
        return []
    return reaction_modifiers(unit)


def quality_check(g: AlleyGame, unit: Unit, why: str) -> bool:
    """AA-012, AA-022, house rule AA-025: 4+ on the unit's Troop Quality die (Pinned −1)."""
    mods = [Modifier("Pinned", -1, "AA-188")] if unit.pinned else []
    face = g.dice.one(int(unit.tq), f"Quality Check: {unit.name} ({why})", modifiers=mods,
                      side=unit.side.value, unit=unit.id)
    total = face + sum(m.value for m in mods)
    ok = total >= 4
    g.log.emit("quality", f"{unit.name} {'passes' if ok else 'fails'} its Quality Check ({total})",
               unit=unit.id, passed=ok, total=total)
    return ok


def reaction_test(g: AlleyGame, regular: Unit, insurgent: Unit, why: str) -> bool:
    """AA-073..075: True if the Insurgent acts first (4+ and strictly higher)."""
    rm = reaction_modifiers(regular) + g.modules.reaction_modifiers(regular)
    im = insurgent_reaction_modifiers(g, insurgent) + g.modules.reaction_modifiers(insurgent)
    r = g.dice.one(int(quality_die(g, regular, "reaction")), f"Reaction Test ({why}): {regular.name}",
                   modifiers=rm, side=regular.side.value, unit=regular.id)
    i = g.dice.one(int(quality_die(g, insurgent, "reaction")), f"Reaction Test ({why}): {insurgent.name}",
                   modifiers=im,
                   side=insurgent.side.value, unit=insurgent.id)
    rt, it = r + sum(m.value for m in rm), i + sum(m.value for m in im)
    first = it >= 4 and it > rt
    who = insurgent.name if first else regular.name
    # a player reading "2 against 1: the Regular acts first" needs the reason (AA-013)
    why_not = ("" if first or it < rt else
               " (the Insurgent needs 4+)" if it < 4 else " (a tie goes to the Regular)")
    g.log.emit("reaction", f"Reaction Test: {insurgent.name} {it} against {regular.name} {rt} — "
               f"{who} acts first{why_not}", regular=regular.id, insurgent=insurgent.id,
               regular_total=rt, insurgent_total=it, insurgent_first=first)
    return first


# -- who may interrupt ---------------------------------------------------------------------

def may_fire_alone(g: AlleyGame, unit: Unit) -> bool:
    """AA-029, CT-013, rules option ``detached_insurgent_leaders``: with "lead_only" an
    Insurgent leader who is not with a unit never fires (nor interrupts by fire); with
    "fight_alone" he fights as a unit of one."""
    return not (unit.side is Side.INSURGENT and unit.is_detached_leader
                and options.reading(g, options.LONE_LEADERS) == "lead_only")


def may_interrupt(g: AlleyGame, unit: Unit) -> bool:
    """AA-064: once a turn, and not after acting; house rule AA-201: not while Shaken."""
    return (unit.alive and unit.side is Side.INSURGENT and not unit.interrupted
            and not unit.activated and not unit.shaken(g.state.turn))


def interrupt_options_along(g: AlleyGame, mover: Unit,
                            path: list[tuple[float, float]]) -> list[dict[str, Any]]:
    """Interrupts by fire or movement at points along the rest of a Regular's move
    (house rule AA-068: the Regular declares the whole path, the Insurgent picks the
    point). Sampled every 2" and at the end."""

    ready = [u for u in g.state.side_units(Side.INSURGENT) if may_interrupt(g, u)]
    if not ready:
        return []
    stops, places = _stops_along(g, mover, path)
    if not stops:
        return []
    seen = _sight_table(g, ready, places)
    out: list[dict[str, Any]] = []
    for ui, unit in enumerate(ready):
        shoots = may_fire_alone(g, unit)
        for si, d in enumerate(stops):
            if seen[ui, si]:
                if shoots and not (g.modules and blocked_at(g, unit, mover, places[si])):
                    out.append({"unit": unit.id, "kind": "fire", "at": float(d)})
                out.append({"unit": unit.id, "kind": "move", "at": float(d)})
    return out


def _stops_along(g: AlleyGame, mover: Unit,
                 path: list[tuple[float, float]]) -> tuple[list[float], list[np.ndarray]]:
    """The points of a declared move where a unit may be interrupted, every 2" and at the
    end, and the mover's figures at each (only the points where all of them are still on
    the table)."""
    from ambush_gui.core.geometry import path_length

    total = path_length(path)
    step = 2.0 * g.m.scale
    stops = [round(d, 3) for d in np.arange(0.0, total, step)] + [round(total, 3)]
    start = np.array(path[0])
    offsets = mover.points() - start
    at = points_along(path, stops)[:, None, :] + offsets  # (stop, figure, xy)
    on = ((at >= 0.0).all(axis=(1, 2)) & (at[..., 0] <= g.table.width).all(axis=1)
          & (at[..., 1] <= g.table.height).all(axis=1))  # every figure still on the table
    return [d for d, ok in zip(stops, on, strict=True) if ok], list(at[on])


def overwatch_at_the_point(g: AlleyGame) -> bool:
    """AA-104, the correction ``overwatch_at_the_point``: Overwatch interrupts an
    Insurgent move at a point of it ("end_of_move": only once it has ended, older saves)."""
    return options.reading(g, options.OVERWATCH_POINT) == "at_the_point"


def may_overwatch(g: AlleyGame, u: Unit, ins: Unit) -> bool:
    """AA-104, AA-106: a Regular unit on Overwatch with Firepower dice left, not regrouping."""
    return (u.alive and u.on_table and u.overwatch and u.regroup_turn != g.state.turn + 1
            and firepower(g, u, ins, overwatch=True).dice > 0)


def overwatch_options_along(g: AlleyGame, mover: Unit, path: list[tuple[float, float]],
                            used: set[str]) -> list[dict[str, Any]]:
    """AA-104 (the correction ``overwatch_at_the_point``): the Overwatch units that may
    interrupt an Insurgent move, each at every point of the rest of the declared move where
    it sees the mover ({"unit", "kind": "fire", "at"}); a unit fires once a move (AA-106
    counts one shot per Insurgent action), so ``used`` are left out."""
    ready = [u for u in g.state.side_units(Side.REGULAR)
             if u.id not in used and may_overwatch(g, u, mover)]
    if not ready:
        return []
    stops, places = _stops_along(g, mover, path)
    if not stops:
        return []
    seen = _sight_table(g, ready, places)
    return [{"unit": u.id, "kind": "fire", "at": float(d)}
            for ui, u in enumerate(ready) for si, d in enumerate(stops) if seen[ui, si]
            and not (g.modules and blocked_at(g, u, mover, places[si]))]


def blocked_at(g: AlleyGame, shooter: Unit, mover: Unit, at: np.ndarray) -> str | None:
    """:func:`~ambush_gui.alley.fire.fire_blocked` with the mover's figures at ``at`` (their
    places at a point of its declared move), so a module's limit that depends on where the
    mover is (a mortar's No Fire Zone, FF-011) is asked where the fire would happen."""
    saved = [(f.x, f.y) for f in mover.figures]
    for f, (x, y) in zip(mover.figures, at, strict=True):
        f.x, f.y = float(x), float(y)
    try:
        return fire_blocked(g, shooter, mover)
    finally:
        for f, (x, y) in zip(mover.figures, saved, strict=True):
            f.x, f.y = x, y


def overwatch_point_decision(g: AlleyGame, mover: Unit, opts: list[dict[str, Any]],
                             path: list[tuple[float, float]]) -> Decision:
    """The Regular's question at an Insurgent move: which Overwatch unit fires, and where
    along the declared move ("none": let it finish). The facts are those of an Insurgent
    interrupt (the mover, and the rest of the move the options' "at" measure)."""
    return Decision(
        side=Side.REGULAR.value,
        kind=DecisionKind.OVERWATCH_POINT,
        prompt=f"Regular: fire from Overwatch at {whose('move', mover.name)}?",
        options=(NONE, *opts),
        facts={"target": mover.id, "what": "move",
               "path": [[round(x, 3), round(y, 3)] for x, y in path],
               "not_here": point_reasons(g, mover, opts, path, "AA-104")},
    )


def overwatch_along(g: AlleyGame, ins: Unit, path: list[tuple[float, float]],
                    used: set[str]) -> Procedure:
    """AA-104, AA-106: Overwatch units interrupt the Insurgent move at the points the
    Regular player names; the mover stops there for the fire. Returns the rest of the
    path, or None when the move ends where the mover stands (killed, Pinned or Shaken by
    the fire: it can no longer carry out the move it declared). Every unit offered is
    added to ``used``: it had its chance at this move, the end of it included."""
    from ambush_gui.core.geometry import path_length

    while ins.alive and path_length(path) > 1e-6:
        opts = overwatch_options_along(g, ins, path, used)
        if not opts:
            return path
        c = yield overwatch_point_decision(g, ins, opts, path)
        used.update(o["unit"] for o in opts)
        if c == NONE:
            return path
        path = move_along(g, ins, path, c["at"])
        u = g.unit(c["unit"])
        u.reacted = True
        g.log.emit("overwatch", f"{u.name} on Overwatch interrupts {whose('move', ins.name)} after "
                   f"{float(c['at']):.1f}\"", unit=u.id, against=ins.id, at=float(c["at"]))
        was = (ins.pinned, ins.shaken(g.state.turn))
        yield from fire(g, u, ins, "Overwatch fire", overwatch=True)
        if not ins.alive or (ins.pinned, ins.shaken(g.state.turn)) != was:
            return None
    return path


def _sight_table(g: AlleyGame, units: list[Unit], places: list[np.ndarray]) -> np.ndarray:
    """[unit, place] -> does any figure the unit sees with (:meth:`AlleyGame.eyes`, house
    rule AA-005) see any figure at that place."""
    figures = [g.eye_points(u) for u in units]
    m = g.table.sight_matrix(np.vstack(figures), np.vstack(places))
    if any(len(f) == 0 for f in figures) or any(len(p) == 0 for p in places):
        owner = np.concatenate([[i] * len(f) for i, f in enumerate(figures)])
        where = np.concatenate([[i] * len(p) for i, p in enumerate(places)])
        out = np.zeros((len(units), len(places)), dtype=bool)
        np.logical_or.at(out, (owner[:, None], where[None, :]), m)
        return out
    # each unit's rows and each place's columns are consecutive: OR them block by block
    rows = np.cumsum([0] + [len(f) for f in figures[:-1]])
    cols = np.cumsum([0] + [len(p) for p in places[:-1]])
    return np.logical_or.reduceat(np.logical_or.reduceat(m, rows, axis=0), cols, axis=1)


def interrupt_decision(g: AlleyGame, target: Unit, options: list[dict[str, Any]], what: str,
                       aimed_at: str | None = None,
                       path: list[tuple[float, float]] | None = None) -> Decision:
    """``path``: the rest of the declared move, whose points the options' "at" measure.

    The window to fire at a Pinned unit (house rule AA-071) is answered "none" for the
    player when no such fire has a Firepower die (AA-144)."""
    shots = [(g.unit(o["unit"]), g.unit(o["target"]), False) for o in options
             if o.get("kind") == "fire_pinned"]
    return Decision(
        side=Side.INSURGENT.value,
        kind=DecisionKind.INTERRUPT,
        prompt=f"Insurgent: interrupt {whose(what, target.name)}?",
        options=(NONE, *options),
        facts={"target": target.id, "what": what, "aimed_at": aimed_at,
               "path": [[round(x, 3), round(y, 3)] for x, y in path] if path else None,
               "no_fire": no_fire_reasons(g, target, options, path),
               "not_here": point_reasons(g, target, options, path, "AA-063")},
        **(declined_without_dice(g, shots, NONE,
                                 "every Insurgent unit that sees a Pinned or regrouping unit has")
           if len(shots) == len(options) else {}),
    )


_LONE_LEADER = ("{name} cannot interrupt by fire: he is a leader on his own, and a lone "
                "Insurgent leader leads units but never fires (rules option \"Insurgent "
                "leaders on their own\", AA-029, CT-013)")


def no_fire_reasons(g: AlleyGame, target: Unit, options: list[dict[str, Any]],
                    path: list[tuple[float, float]] | None = None) -> dict[str, str]:
    """Why each unit offered an interruption by movement is offered none by fire, in words
    a player reads: the one reason that holds now, by unit id (a greyed Fire listed every
    reason there might be). ``path``: the rest of a declared move, whose points the
    options' "at" measure; the fire is asked about at the first point the unit sees.

    AA-066 fire or movement; the rules option ``detached_insurgent_leaders`` (AA-029,
    CT-013); a Force on Force module's limit (:func:`~ambush_gui.alley.fire.fire_blocked`)."""
    fires = {o["unit"] for o in options if str(o.get("kind", "")).startswith("fire")}
    first: dict[str, float | None] = {}
    for o in options:
        if o.get("kind") == "move" and o["unit"] not in fires:
            at = o.get("at")
            was = first.get(o["unit"], at)
            first[o["unit"]] = at if was is None or at is None else min(was, at)
    if not first:
        return {}
    places: dict[float, np.ndarray] = {}
    if path and any(at is not None for at in first.values()):
        stops, where = _stops_along(g, target, path)
        places = {float(d): p for d, p in zip(stops, where, strict=True)}
    out: dict[str, str] = {}
    for uid, at in first.items():
        unit = g.unit(uid)
        if not may_fire_alone(g, unit):
            out[uid] = _LONE_LEADER.format(name=unit.name)
            continue
        why = blocked_at(g, unit, target, places[at]) if at is not None and at in places \
            else fire_blocked(g, unit, target)
        if why:
            out[uid] = f"{unit.name} may not fire at {target.name}: {why}"
    return out


def point_reasons(g: AlleyGame, mover: Unit, options: list[dict[str, Any]],
                  path: list[tuple[float, float]] | None, sight_rule: str) -> list[dict[str, Any]]:
    """Why a unit is not offered a kind of interruption at a point of the declared move
    that another option names, in words a player reads: the one reason that holds at that
    point, as {"unit", "kind", "at", "why"} (the dialog greys that point's toggle and a
    play-tester read one general reason on every greyed point). ``path``: the rest of the
    move, whose points the options' "at" measure; ``sight_rule``: the rule that asks for a
    line of sight (AA-063 for an Insurgent interrupt, AA-104 for Overwatch).

    The reasons are those the options were built from (:func:`interrupt_options_along`,
    :func:`overwatch_options_along`): the unit does not see the mover there; it is a lone
    leader who never fires (AA-029, CT-013); a Force on Force module's limit where the mover
    would be (:func:`blocked_at`)."""
    along = [o for o in options if o.get("at") is not None]
    if not along or not path:
        return []
    points = sorted({float(o["at"]) for o in along})
    offered = {(o["unit"], o["kind"], float(o["at"])) for o in along}
    somewhere = {(o["unit"], float(o["at"])) for o in along}  # seen there: some kind is offered
    pairs = list(dict.fromkeys((o["unit"], o["kind"]) for o in along))
    places: dict[float, np.ndarray] = {}

    def place(at: float) -> np.ndarray | None:
        if not places:
            stops, where = _stops_along(g, mover, path)
            places.update({float(d): p for d, p in zip(stops, where, strict=True)})
        return places.get(at)

    out: list[dict[str, Any]] = []
    for uid, kind in pairs:
        unit = g.unit(uid)
        for at in points:
            if (uid, kind, at) in offered:
                continue
            where = place(at) if g.modules else None
            # offered nothing there: unseen, unless a module's limit is what kept the fire off
            # (with no module, a unit that sees the mover is always offered something)
            seen = (uid, at) in somewhere or (
                where is not None and bool(_sight_table(g, [unit], [where])[0, 0]))
            blocked = blocked_at(g, unit, mover, where) if seen and where is not None else None
            if not seen:
                why = (f"out of sight: {unit.name} has no line of sight to {mover.name} at "
                       f"this point of the move ({sight_rule})")
            elif not may_fire_alone(g, unit):
                why = _LONE_LEADER.format(name=unit.name)
            elif blocked:
                why = f"{unit.name} may not fire at {mover.name} there: {blocked}"
            else:  # not reached by the rules as written: said plainly, not guessed at
                why = f"{unit.name} is not offered this at this point of the move"
            out.append({"unit": uid, "kind": kind, "at": at, "why": why})
    return out


def fire_interrupt_options(g: AlleyGame, shooter: Unit) -> list[dict[str, Any]]:
    """Interrupts of a Regular unit's fire (AA-063, AA-066)."""
    out: list[dict[str, Any]] = []
    for u in g.state.side_units(Side.INSURGENT):
        if may_interrupt(g, u) and g.sees(u, shooter):
            if may_fire_alone(g, u) and not fire_blocked(g, u, shooter):
                out.append({"unit": u.id, "kind": "fire"})
            out.append({"unit": u.id, "kind": "move"})
    return out


def pinned_target_options(g: AlleyGame) -> list[dict[str, Any]]:
    """AA-070, house rule AA-071: spend the interrupt on fire at a Pinned or regrouping
    ("Disrupted") Regular unit, with no Reaction Test."""
    out: list[dict[str, Any]] = []
    turn = g.state.turn
    marks = [r for r in g.state.side_units(Side.REGULAR) if r.pinned or r.regrouping(turn)]
    for u in g.state.side_units(Side.INSURGENT):
        if not may_interrupt(g, u) or not may_fire_alone(g, u):
            continue
        for r in marks:
            if g.sees(u, r) and not fire_blocked(g, u, r):
                out.append({"unit": u.id, "kind": "fire_pinned", "target": r.id})
    return out


# -- resolving an interruption --------------------------------------------------------------

HOW = {"fire": "by fire", "move": "by movement",
       "fire_pinned": "by firing at it while it is Pinned (no Reaction Test, AA-070)"}
"""An interruption's kind in the words of the log (the kind itself is the engine's id)."""

HOW_REGROUPING = ("by firing at it while it regroups after its Pull Back (Disrupted: no Reaction "
                  "Test, AA-070, house rule AA-071)")
"""A ``fire_pinned`` interruption of a unit that is regrouping, not Pinned: the log said
"while it is Pinned" of a unit it had just said was no longer Pinned (a play-test)."""


def held_down(g: AlleyGame, unit: Unit) -> str:
    """Why a sacrificed interrupt may fire at ``unit`` (AA-070, house rule AA-071), in a
    word: "Pinned", or "regrouping" (Disrupted: regrouping after a Pull Back)."""
    return "Pinned" if unit.pinned or not unit.regrouping(g.state.turn) else "regrouping"


def resolve(g: AlleyGame, reg: Unit, ins: Unit, kind: str,
            way: list[tuple[float, float]] | None = None,
            walked: list[tuple[float, float]] | None = None) -> Procedure:
    """AA-072..107: carry out one declared interruption of ``reg`` by ``ins``. ``way``: the
    rest of ``reg``'s declared move, which an Insurgent interrupting by movement is told;
    ``walked``: where ``reg`` went in that move before it was interrupted (a move into
    cover ends the move, and its end looks back on all of it).

    Returns True when ``reg`` fired in reaction (first, or back), which under the rules
    option ``reaction_fire`` = "replaces" is its fire for the activation (AA-082)."""
    turn = g.state.turn
    how = HOW_REGROUPING if kind == "fire_pinned" and held_down(g, reg) == "regrouping" \
        else HOW.get(kind, kind)
    g.log.emit("interrupt", f"{ins.name} interrupts {reg.name} {how}", regular=reg.id,
               insurgent=ins.id, how=kind)
    ins.interrupted = True
    if g.modules and kind in ("fire", "fire_pinned"):  # the interruption names its target
        yield from g.modules.run("fire_declared", ins, reg)
    if ins.leader is None and not quality_check(g, ins, "Interrupt Check"):  # AA-072
        ins.activated = True  # finished for the turn
        return False
    if kind == "fire_pinned":  # AA-070: no Reaction Test
        yield from fire(g, ins, reg, "Fire at a Pinned unit" if held_down(g, reg) == "Pinned"
                        else "Fire at a Disrupted (regrouping) unit")
        return False
    reg.times_interrupted += 1  # AA-085, house rule AA-087
    reacted = False
    late = yield from support_fire(g, reg, ins)
    if ins.alive and not ins.shaken(turn):
        if reaction_test(g, reg, ins, f"{ins.name} interrupts {reg.name}"):
            hits = yield from _insurgent_action(g, ins, reg, kind, way)  # AA-080, AA-093
            from ambush_gui.alley.turn import mover_now

            ins = mover_now(g, ins)  # a leader who joined a unit is fired at there
            if hits == 0 and kind == "fire" and attacked(g, ins.id):  # AA-093, option interrupt_fire_morale
                _survivors_check(g, reg, ins)
            if can_return_fire(g, reg) and ins.alive and g.sees(reg, ins) \
                    and not fire_blocked(g, reg, ins):
                c = yield _react(g, reg, ins, ("fire", NONE), "return fire")
                if c == "fire":
                    yield from fire(g, reg, ins, "Return fire")
                    reacted = True
        else:  # AA-081
            opts = [NONE]
            if can_return_fire(g, reg) and g.sees(reg, ins) and not fire_blocked(g, reg, ins):
                opts.insert(0, "fire")
            if allowance(g, reg, _react_speed(reg)) > 0 and not reg.regrouping(turn):
                opts.append("cover")
            c = yield _react(g, reg, ins, tuple(opts), "react first")
            if c == "fire":  # AA-082
                yield from fire(g, reg, ins, "Reaction fire")
                reacted = True
            elif c == "cover":  # AA-084
                yield from cover_move(g, reg, ins, walked)
            if ins.alive and not ins.shaken(turn) and reg.alive:  # AA-083 (house rule)
                yield from _insurgent_action(g, ins, reg, kind, way)
                from ambush_gui.alley.turn import mover_now

                ins = mover_now(g, ins)
    for u in late:  # AA-107: Overwatch that lost its test fires after the Insurgents
        if u.alive and ins.alive and g.sees(u, ins) and not fire_blocked(g, u, ins):
            yield from fire(g, u, ins, _support_words(u), overwatch=u.overwatch)
    return reacted


def _support_words(u: Unit) -> str:
    """What the log calls a supporting unit's fire: Overwatch fire only from Overwatch; a
    unit still waiting to activate "reacts" (AA-091, seed line 116)."""
    return "Overwatch fire" if u.overwatch else "Reaction fire (waiting unit)"


def attacked(g: AlleyGame, attacker: str) -> bool:
    """Whether ``attacker``'s last fire was an attack: a unit left with no Firepower dice
    throws nothing (house rule AA-144), so the target has no attack to survive (AA-093)."""
    if options.reading(g, options.NO_ATTACK_CHECK) == "always":  # older saves replay as played
        return True
    last = next((e for e in reversed(g.log.events)
                 if e.kind == "fire" and e.data.get("attacker") == attacker), None)
    return last is not None and "firepower" in last.data


def _survivors_check(g: AlleyGame, reg: Unit, ins: Unit) -> None:
    """AA-093/095, rules option ``interrupt_fire_morale``: with "every_survivor" a Regular
    unit that lost its Reaction Test and was fired on without casualties still takes a
    Morale Check (line 132: "Regular troops who survive the attack make a Morale Check");
    when the fire caused casualties, the casualty check was that check."""
    from ambush_gui.alley import morale

    if reg.alive and options.reading(g, options.INTERRUPT_MORALE) == "every_survivor":
        morale.check(g, reg, "survived interrupting fire", ins)


def can_return_fire(g: AlleyGame, reg: Unit) -> bool:
    """AA-094/095: a unit that Pulled Back may not return fire. A Pinned unit may (AA-187)
    under the rules option ``interrupt_fire_morale`` = "casualties_only"; under
    "every_survivor" line 132 lets only units not Pinned return fire."""
    if not reg.alive or reg.regroup_turn == g.state.turn + 1:
        return False
    return not (reg.pinned and options.reading(g, options.INTERRUPT_MORALE) == "every_survivor")


def _react_speed(reg: Unit) -> Speed:
    return reg.speed if reg.speed in (Speed.CAUTIOUS, Speed.RAPID) else Speed.CAUTIOUS


def _react(g: AlleyGame, reg: Unit, ins: Unit, options: tuple[str, ...], what: str) -> Decision:
    """The interrupted unit's answer: fire, a move into cover, or nothing. Answered "none"
    for the player when its fire would have no dice and no move is offered (AA-144)."""
    return Decision(
        side=Side.REGULAR.value,
        kind=DecisionKind.REACT,
        prompt=f"Regular: {reg.name} may {what} against {ins.name}",
        options=options,
        facts={"unit": reg.id, "against": ins.id, "what": what},
        **({} if "cover" in options else
           declined_without_dice(g, [(reg, ins, False)], NONE, f"{reg.name} has, against {ins.name},")),
    )


def support_fire(g: AlleyGame, reg: Unit, ins: Unit) -> Procedure:
    """AA-091/092, AA-097, AA-104/107: Overwatch units, and Regular units still waiting
    to activate that see the interrupted friend, may fire at the interrupting unit.
    Returns the units that lost their Reaction Test and fire after the Insurgents."""
    late: list[Unit] = []
    used: set[str] = set()
    while ins.alive:
        ready = [
            u for u in g.state.side_units(Side.REGULAR)
            if u is not reg and u.id not in used and g.sees(u, ins) and not fire_blocked(g, u, ins)
            and ((u.overwatch and firepower(g, u, ins, overwatch=True).dice > 0)
                 or (not u.activated and g.sees(u, reg)))
        ]
        if not ready:
            break
        c = yield Decision(
            side=Side.REGULAR.value,
            kind=DecisionKind.OVERWATCH,
            prompt=f"Regular: fire at {ins.name} from Overwatch or with a waiting unit?",
            options=(NONE, *[u.id for u in ready]),
            facts={"against": ins.id, "interrupted": reg.id},
            **declined_without_dice(g, [(u, ins, u.overwatch) for u in ready], NONE,
                                    f"every unit that may fire at {ins.name} has"),
        )
        if c == NONE:
            break
        u = g.unit(c)
        used.add(u.id)
        if not u.overwatch:
            u.activated = True  # AA-091: reacting is its activation
            g.log.emit("react", f"{u.name} reacts to the interruption: that is its activation", unit=u.id)
        if reaction_test(g, u, ins, f"{u.name} covers {reg.name}"):
            late.append(u)
        else:
            yield from fire(g, u, ins, _support_words(u), overwatch=u.overwatch)
    return late


def _insurgent_action(g: AlleyGame, ins: Unit, reg: Unit, kind: str,
                      way: list[tuple[float, float]] | None = None) -> Procedure:
    """The declared interruption itself: fire at the Regular unit, or a move (AA-099).
    Returns the casualties of the fire (None when it did not fire)."""
    if kind == "fire":
        why = fire_blocked(g, ins, reg) if reg.alive else None
        if reg.alive and g.sees(ins, reg) and why is None:
            return (yield from fire(g, ins, reg, "Interrupting fire"))
        if why:
            g.log.emit("interrupt", f"{ins.name} may no longer fire at {reg.name} ({why}): its fire "
                       "is lost", unit=ins.id)
            return None
        g.log.emit("interrupt", f"{ins.name} no longer sees {reg.name}: its fire is lost", unit=ins.id)
        return None
    rapid = () if ins.dependants else (Speed.RAPID,)  # DC-006: prisoners slow them
    told = {"unit": reg.id, "path": [[round(x, 3), round(y, 3)] for x, y in way]} if way else None
    yield from insurgent_move(g, ins, speeds=(Speed.CAUTIOUS, *rapid), interrupting=told)
    return None


def insurgent_move(g: AlleyGame, ins: Unit, speeds: tuple[Speed, ...], may_assault: bool = True,
                   watched: set[str] | None = None, given: Any = None,
                   interrupting: dict[str, Any] | None = None) -> Procedure:
    """An Insurgent move: the speed is declared with the path (AA-099); a unit that stays
    put has Halted (AA-034). ``watched`` (the Insurgent phase, with the correction
    ``overwatch_at_the_point``): Overwatch may interrupt the move at a point of it, and
    the units that had the chance are added to the set. ``given``: a move a rule module
    has already chosen (FF-081: a Cavalry charge), checked here and not asked.
    ``interrupting``: the Regular unit this move interrupts and the rest of its declared
    path (a fact of the decision, for whoever answers it)."""
    turn = g.state.turn
    shaken = ins.shaken(turn)
    limit = max(allowance(g, ins, s) for s in speeds)
    rules: dict[str, Any] = {"speeds": speeds, "retreat_only": shaken,
                             "to_cover": shaken and ins.shaken_turn == turn,  # AA-199
                             "may_assault": may_assault and not shaken}

    @cache  # nothing changes while the decision is open: list the moves once
    def moves() -> list[Any]:
        out: list[Any] = []
        for s in speeds:
            for c in candidate_moves(g, ins, allowance(g, ins, s), **rules | {"speeds": (s,)}):
                out.append(c | {"speed": s.value})
        return out

    def answers() -> list[Any]:
        opts = moves()
        return opts if must_seek_cover(g, ins, opts, **rules) else ["stay", *opts]

    checks = MoveChecks(g, ins, limit, **rules)

    def check(c: Any) -> Any:
        if c != "stay":
            return checks.plan(c).to_choice()
        if must_seek_cover(g, ins, moves(), **rules):
            raise IllegalDecision("a Shaken unit with movement left must use it to reach cover")
        return c

    choice = given if given is not None else (yield Decision(
        side=Side.INSURGENT.value,
        kind=DecisionKind.MOVE,
        prompt=f"Insurgent: move {ins.name} (declare {' or '.join(s.value.capitalize() for s in speeds)})"
               + (": Shaken, it must move into cover if it can, never toward the enemy"
                  if rules["to_cover"] else ""),
        options=answers,
        facts={"unit": ins.id, "limit": limit, "speeds": [s.value for s in speeds], **rules_facts(rules),
               **({"interrupting": interrupting} if interrupting else {})},
        check=check,
    ))
    if choice == "stay":
        if ins.moved == 0:  # AA-034: a unit that does not move has Halted
            ins.speed = Speed.HALTED
        return
    plan = checks.plan(choice)
    ins.speed = plan.speed
    path = list(plan.path)
    if watched is not None and overwatch_at_the_point(g):
        rest = yield from overwatch_along(g, ins, path, watched)
        if rest is None:  # stopped by the fire: no exit, join or assault, no figures placed
            if not ins.alive:
                return
            yield from carry_out(g, ins, [ins.centre()], type(plan)(plan.path, plan.length))
            speed = plan.speed or Speed.CAUTIOUS
            if ins.alive and ins.shaken_turn == turn and not shaken and allowance(g, ins, speed) > 1e-6 \
                    and options.reading(g, options.SHAKEN_MID_MOVE) == "to_cover":
                # AA-199: Shaken with movement left, it must now use it to reach cover
                # (never toward the enemy), within what is left of its declared move
                yield from insurgent_move(g, ins, (speed,), may_assault=False, watched=watched)
            return
        path = rest
    yield from carry_out(g, ins, path, plan)


def rules_facts(rules: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(map(str, v)) if isinstance(v, tuple) else v) for k, v in rules.items()}


def carry_out(g: AlleyGame, unit: Unit, path: list[tuple[float, float]], plan: Any,
              walked: list[tuple[float, float]] | None = None) -> Procedure:
    """Walk the whole path (picking up Dependants), then exit, join or assault.

    ``walked``: where the unit's centre went earlier in this move, up to the start of
    ``path`` (an interrupted move that was planned again, or ends where the interruption
    left it): what the end of a move looks back on (mines and IEDs along the way, FF-036,
    FF-049) is the whole move, not only its last part."""
    from dataclasses import replace

    from ambush_gui.alley.turn import exit_table, hand_off, join_unit
    from ambush_gui.core.geometry import path_length

    whole = bool(path) and tuple(path[-1]) == tuple(plan.path[-1])  # not cut short
    total, before = path_length(path), unit.moved
    if len(path) >= 2 and total > 1e-6 and unit.alive:
        move_along(g, unit, path, float("inf"))
        if unit.moved < before + total - 1e-6 and options.dependants_slow_every_move(g):
            # It took figures in on the way and stopped short (DC-006: no further than
            # its Cautious allowance; house rule CT-050): where it meant to exit, join or
            # assault is out of its reach, and its figures keep the formation. A unit
            # whose figures already stand across a friendly edge there has left the table
            # (CT-015); one with a figure off the table otherwise steps back onto it (a
            # random game left Fireteam Alpha standing 1.5" off the south edge).
            gone = plan.exits and exit_edge_at(g, unit, unit.centre()) is not None
            whole = False
            if not gone:
                plan = type(plan)(plan.path, plan.length)
                back_on_table(g, unit, path[0])
    if whole and plan.figures and unit.alive:
        place_figures(g, unit, plan)
    if g.modules:
        route = plan if not walked or len(walked) < 2 else \
            replace(plan, path=(*map(tuple, walked[:-1]), *map(tuple, path)))
        yield from g.modules.after_move(unit, route)
    victory.check_zones(g)  # a zone_cleared award notes the first unit to clear its zone
    if plan.exits:
        exit_table(g, unit)
        return
    if plan.join:
        target = g.unit(plan.join)
        if unit.alive and target.alive:
            join_unit(g, unit, target)
            return
        if unit.alive:  # an IED or a mine on the way took the unit he was joining (AA-026)
            g.log.emit("join", f"{unit.name} cannot join {target.name}: it is gone; he stays on his own",
                       unit=unit.id, target=target.id)
    # a unit that fell on the way (a mine, FF-036) has nobody left to assault with
    if plan.assault and unit.alive and g.unit(plan.assault).alive:
        yield from close_assault.resolve(g, unit, g.unit(plan.assault))
    hand_off(g, unit)


def place_figures(g: AlleyGame, unit: Unit, plan: Any) -> None:
    """The figures the player placed apart from the formation take their places (AA-014)."""
    by_id = {f.id: f for f in unit.figures}
    for fid, (x, y) in plan.figures:
        if fid in by_id:
            by_id[fid].x, by_id[fid].y = x, y
    unit.moved += plan.reform
    g.log.emit("move", f"{unit.name} spreads out: {', '.join(fid for fid, _ in plan.figures)} "
               "take their places", unit=unit.id, figures=[fid for fid, _ in plan.figures])


def cover_move(g: AlleyGame, reg: Unit, ins: Unit,
               walked: list[tuple[float, float]] | None = None) -> Procedure:
    """AA-084: move into cover or out of the interrupter's sight, within the movement left
    (DC-006: a unit holding Dependants has only its Cautious allowance); AA-185: a Pinned
    unit never moves toward the enemy, not even into cover."""
    if reg.speed in (None, Speed.HALTED):
        reg.speed = Speed.CAUTIOUS
    limit = allowance(g, reg)
    away = (reg.pinned or reg.shaken(g.state.turn)) \
        and options.reading(g, options.PINNED_COVER_MOVE) == "away_only"
    checks = MoveChecks(g, reg, limit, retreat_only=away)

    def check(c: Any) -> Any:
        if c == "stay":
            return c
        plan = checks.plan(c)
        finals = reg.points() - np.array(reg.centre()) + np.array(plan.path[-1])
        hidden = not g.table.any_sight(finals, g.eye_points(ins))
        covered = any(g.near_cover((float(x), float(y))) for x, y in finals)
        if not (hidden or covered or plan.exits):
            raise IllegalDecision("the move must end in cover or out of the interrupter's sight")
        return plan.to_choice()

    def answers() -> list[Any]:
        opts: list[Any] = ["stay"]
        for c in candidate_moves(g, reg, limit):
            try:
                opts.append(check(c))
            except IllegalDecision:
                pass
        return opts

    choice = yield Decision(
        side=Side.REGULAR.value,
        kind=DecisionKind.MOVE,
        prompt=f"Regular: move {reg.name} into cover or out of {whose('sight', ins.name)}",
        options=answers,
        facts={"unit": reg.id, "limit": limit, "cover_from": ins.id},
        check=check,
    )
    if choice == "stay":
        return
    plan = checks.plan(choice)
    yield from carry_out(g, reg, list(plan.path), plan, walked)
