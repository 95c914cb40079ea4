"""The Ambush Alley sequence of play (AA-041..047), as one readable procedure.

Each turn (house rule AA-047): fresh Insurgents arrive (turns after the first), the
Regular player activates every unit one at a time while the Insurgents interrupt,
the Insurgent units that did not interrupt move and fire, then the end of the turn
clears Pins and Hot Spots. The game ends at the scenario's turn limit or when no
Regular unit is left on the table (house rule AA-048).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from ambush_gui.alley import close_assault, options, reinforcements, victory
from ambush_gui.alley.fire import declined_without_dice, fire, fire_blocked
from ambush_gui.alley.interrupts import (
    NONE,
    carry_out,
    fire_interrupt_options,
    held_down,
    insurgent_move,
    interrupt_decision,
    interrupt_options_along,
    may_fire_alone,
    pinned_target_options,
    quality_check,
    reaction_test,
    resolve,
)
from ambush_gui.alley.model import Figure, FigureKind, Order, Side, Speed, Unit
from ambush_gui.alley.movement import (
    MoveChecks,
    allowance,
    candidate_moves,
    check_move,  # noqa: F401 (tests reach it through this module)
    clear_run,
    exit_edge_at,
    keep_on_table,
    move_along,
    must_seek_cover,
    spent_words,
    way_round,
)
from ambush_gui.alley.names import figure_name, figure_names
from ambush_gui.alley.pools import firepower
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.game import Procedure
from ambush_gui.core.geometry import cohesive, path_length, truncate
from ambush_gui.core.words import capital, count, whose

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame

OVERWATCH = "overwatch"
HALTED = "halted"


def play(g: AlleyGame, resume: bool = False) -> Procedure:
    """The whole game; ``resume``: from the start of the next turn of a game whose state was
    copied there (:meth:`AlleyGame.resume`: everything a turn carries over is in the game)."""
    st = g.state
    if not resume:
        g.log.emit("setup", f"{g.spec.title}: {count(len(st.hot_spots), 'Hot Spot')} placed; "
                   f"{len(st.side_units(Side.REGULAR))} Regular and "
                   f"{count(len(st.side_units(Side.INSURGENT)), 'Insurgent unit')} deployed (AA-041)")
    while True:
        if g.keep_checkpoint:
            g.take_checkpoint()
        st.turn += 1
        start_turn(g)
        yield from g.modules.start_turn()
        if st.turn > 1:  # AA-042, AA-060 (house rule AA-062: "end of a turn" = start of the next)
            st.phase = "reinforcements"
            yield from reinforcements.arrive(g)
        st.phase = "regular"
        if g.modules:  # e.g. hostile civilian mobs move in their controller's phase (FF-166)
            yield from g.modules.run("phase_start", Side.REGULAR)
        while True:  # AA-043
            ready = [u for u in st.side_units(Side.REGULAR) if not u.activated]
            if not ready or victory.regulars_gone(g):
                break
            uid = yield Decision(
                side=Side.REGULAR.value, kind=DecisionKind.ACTIVATE,
                prompt=f"Regular: turn {st.turn} — which unit activates next?",
                options=(*[u.id for u in ready], *release_options(g, Side.REGULAR)),
                facts={"turn": st.turn},
            )
            if uid.startswith(RELEASE):
                release(g, uid.removeprefix(RELEASE))
                continue
            yield from activation(g, g.unit(uid))
        st.phase = "insurgent"
        if not victory.regulars_gone(g):
            if g.modules:
                yield from g.modules.run("phase_start", Side.INSURGENT)
            yield from insurgent_phase(g)  # AA-044
        st.phase = "end"
        yield from g.modules.end_turn()
        end_turn(g)
        if victory.regulars_gone(g) or st.turn >= g.spec.turn_limit:
            st.phase = "over"
            return victory.finish(g)


def start_turn(g: AlleyGame) -> None:
    st = g.state
    for u in st.units.values():
        u.activated = u.interrupted = u.fired = u.fire_only = u.reacted = False
        u.times_interrupted = 0
        u.speed = None
        u.moved = 0.0
        u.overwatch_shots = 0
        u.start_contact = tuple(
            h.number for h in st.hot_spots.values()
            if not h.neutralised and u.side is Side.REGULAR and u.alive
            and _touches(g, u, (h.x, h.y), g.m.hot_spot_contact)
        )
    g.log.emit("turn", f"Turn {st.turn} begins", turn=st.turn)


def _touches(g: AlleyGame, unit: Unit, p: tuple[float, float], reach: float) -> bool:
    pts = unit.points()
    return bool((((pts[:, 0] - p[0]) ** 2 + (pts[:, 1] - p[1]) ** 2) <= reach * reach).any())


# -- the Regular activation ------------------------------------------------------------------

def activation(g: AlleyGame, unit: Unit) -> Procedure:
    """AA-030/031: one Regular unit's activation, with the Insurgents' interruptions."""
    st = g.state
    g.log.emit("activate", f"{unit.name} activates", unit=unit.id, side=unit.side.value)
    yield from _pinned_fire_window(g, unit)
    if not unit.alive:
        return
    yield from maybe_abandon(g, unit)
    if not unit.alive:
        return
    regroup = not cohesive(unit.points(), g.m.cohesion_link, g.m.cohesion_radius)
    if regroup:
        regroup_unit(g, unit)
    plan = yield plan_decision(g, unit, may_move=not regroup)
    unit.activated = True
    if g.modules and plan in g.modules.gather("plan_options", unit):
        # a module's own action for the activation (FF-141: disperse a mob, dismount...)
        yield from g.modules.acting("carry_out_plan", unit, plan)
        return
    if plan == OVERWATCH:  # AA-103
        unit.overwatch = True
        unit.speed = Speed.HALTED
        g.log.emit("plan", f"{unit.name} goes on Overwatch", unit=unit.id, plan=plan)
        return
    speed, order = parse_plan(plan)
    if speed is Speed.RAPID and unit.had_casualties and not unit.abandoned \
            and not casualty_penalty_waived(g, unit):  # AA-162/163
        if not quality_check(g, unit, "to move faster than Cautious after casualties"):
            speed = Speed.CAUTIOUS
            g.log.emit("plan", f"{unit.name} may only move Cautiously this turn", unit=unit.id)
    unit.speed = speed
    g.log.emit("plan", f"{unit.name}: {describe_plan(speed, order)}", unit=unit.id, plan=plan)
    steps = ["fire"] if speed is Speed.HALTED else (
        ["move", "fire"] if order is Order.MOVE_FIRE else ["fire", "move"])
    for step in steps:
        if not unit.alive or unit.regroup_turn == st.turn + 1:  # pulled back: done
            break
        if step == "move":
            yield from regular_move(g, unit)
        elif not unit.fired:
            yield from regular_fire(g, unit)


def casualty_penalty_waived(g: AlleyGame, unit: Unit) -> bool:
    """Whether a rule module waives the AA-162 Quality Check for ``unit`` (its
    ``ignores_casualty_penalty(unit)`` hook: FF-085, Cavalry ignore the Casualty Penalty)."""
    return bool(g.modules) and bool(g.modules.first("ignores_casualty_penalty", unit, default=False))


def _pinned_fire_window(g: AlleyGame, unit: Unit) -> Procedure:
    while unit.alive:
        opts = pinned_target_options(g)
        if not opts:
            return
        held = " or ".join(sorted({held_down(g, g.unit(o["target"])) for o in opts}))
        c = yield interrupt_decision(g, unit, opts, f"activation (fire at a {held} unit)")
        if c == NONE:
            return
        yield from resolve(g, g.unit(c["target"]), g.unit(c["unit"]), "fire_pinned")


def plan_options(g: AlleyGame, unit: Unit, may_move: bool = True) -> list[str]:
    """The legal plans: AA-030/031, AA-103, AA-196 (no move while regrouping),
    AA-028 (fire only after a leader joined), DC-006 (no Rapid with Dependants)."""
    turn = g.state.turn
    opts = [HALTED]
    if unit.side is Side.REGULAR:
        opts.append(OVERWATCH)
    if not may_move or unit.fire_only or unit.regrouping(turn):
        return opts + _module_plans(g, unit)
    speeds = [Speed.CAUTIOUS]
    if not unit.dependants:
        speeds.append(Speed.RAPID)
    for s in speeds:
        for o in Order:
            opts.append(f"{s.value}:{o.value}")
    return opts + _module_plans(g, unit)


def _module_plans(g: AlleyGame, unit: Unit) -> list[str]:
    """Plans a Force on Force module adds, named ``"module/action[/what]"`` (never with a
    colon, which core plans use): e.g. ``"civilians/disperse/mob-1"``. Each module's
    ``plan_options(unit)`` hook lists them, ``plan_label(unit, plan)`` says one in words,
    and ``carry_out_plan(unit, plan)`` plays it (instead of the move and fire steps)."""
    return list(g.modules.gather("plan_options", unit)) if g.modules else []


def plan_decision(g: AlleyGame, unit: Unit, may_move: bool = True) -> Decision:
    options = tuple(plan_options(g, unit, may_move))
    facts: dict[str, Any] = {"unit": unit.id, "pinned": unit.pinned,
                             "dependants": len(unit.dependants)}
    if g.modules:  # what each module's own plan means, in words ("module/action/...": no colon)
        facts["module_plans"] = {o: str(g.modules.first("plan_label", unit, o, default=o))
                                 for o in options if "/" in o}
    return Decision(
        side=unit.side.value, kind=DecisionKind.PLAN,
        prompt=f"{unit.side.title}: how does {unit.name} act?",
        options=options, facts=facts,
    )


def parse_plan(plan: str) -> tuple[Speed, Order]:
    if plan in (HALTED, OVERWATCH):
        return Speed.HALTED, Order.FIRE_MOVE
    speed, order = plan.split(":")
    return Speed(speed), Order(order)


def describe_plan(speed: Speed, order: Order) -> str:
    if speed is Speed.HALTED:
        return "Halted (may fire)"
    first, second = ("moves", "fires") if order is Order.MOVE_FIRE else ("fires", "moves")
    return f"{speed.value.capitalize()}: {first}, then {second}"


def regroup_unit(g: AlleyGame, unit: Unit) -> None:
    """AA-016, house rule AA-017: a unit out of cohesion closes up on its centre at the
    start of its activation; that is its movement for the activation."""
    cx, cy = unit.centre()
    step = 0.7 * g.m.scale
    for i, f in enumerate(unit.figures):
        f.x, f.y = cx + (i % 4 - 1.5) * step, cy + (i // 4) * step
    pts = unit.points()  # closing up at a table edge must not push figures off the table
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    dx = max(0.0, -lo[0]) - max(0.0, hi[0] - g.state.width)
    dy = max(0.0, -lo[1]) - max(0.0, hi[1] - g.state.height)
    unit.translate(float(dx), float(dy))
    g.log.emit("regroup", f"{unit.name} regroups to restore cohesion (no other move)", unit=unit.id)


def maybe_abandon(g: AlleyGame, unit: Unit) -> Procedure:
    """DC-014..017: a Regular unit may abandon its casualties as a last resort."""
    carried = [f for f in unit.dependants if f.kind is not FigureKind.CONTRACTOR]
    if unit.side is not Side.REGULAR or not carried:
        return
    c = yield Decision(
        side=Side.REGULAR.value, kind=DecisionKind.ABANDON,
        prompt=f"Regular: abandon {whose(count(len(carried), 'casualty', 'casualties'), unit.name)}? "
               "(TQ and Morale fall a die type)",
        options=("keep", "abandon"), facts={"unit": unit.id, "casualties": [f.id for f in carried]},
    )
    if c == "keep":
        return
    for f in carried:
        unit.figures.remove(f)
        f.abandoned = True
        g.state.ground.append(f)
    unit.abandoned = True  # DC-015
    tq, mo = unit.tq.down(), unit.morale.down()  # DC-016
    g.log.emit("abandon", f"{unit.name} abandons its casualties", unit=unit.id)
    if tq is None or mo is None:  # DC-017
        from ambush_gui.alley.morale import remove_unit

        remove_unit(g, unit, "no longer combat effective")
        g.log.emit("abandon", f"{unit.name} is no longer combat effective and leaves play", unit=unit.id)
        return
    unit.tq, unit.morale = tq, mo


def regular_move(g: AlleyGame, unit: Unit, given: Any = None) -> Procedure:
    """The move step, with interruptions by fire or movement along the declared path
    (AA-067); a move into cover after an interruption ends the move (AA-084); figures the
    interruption put in the rest of the path are gone round or stopped short of (option
    ``blocked_after_interrupt``, house rule AA-068); a unit that declines to move at all has
    Halted (AA-034). ``given``: a move a rule module has
    already chosen (FF-081: a Cavalry charge), checked here and not asked."""
    st = g.state
    limit = allowance(g, unit)
    if limit <= 0:
        return
    rules = move_rules(g, unit)
    checks = MoveChecks(g, unit, limit, **rules)
    choice = given if given is not None else (yield move_decision(g, unit, limit, rules, checks))
    if choice == "stay":
        if unit.moved == 0:  # AA-034: a unit that does not move has Halted
            unit.speed = Speed.HALTED
        return
    plan = checks.plan(choice)
    path = list(plan.path)
    # where the unit's centre has gone in this move: the end of a move cut short by an
    # interruption, or planned again after one, looks back on all of it (mines, IEDs)
    walked: list[tuple[float, float]] = [(path[0][0], path[0][1])]
    blocked: Unit | None = None  # the Insurgents who stepped into the rest of the path
    while path_length(path) > 1e-6:
        opts = interrupt_options_along(g, unit, path)
        if not opts:
            break
        c = yield interrupt_decision(g, unit, opts, "move", path=path)
        if c == NONE:
            break
        ahead = path
        path = move_along(g, unit, path, c["at"])
        walked += [(p[0], p[1]) for p in truncate(ahead, path_length(ahead) - path_length(path))[1:]]
        before = unit.moved
        if (yield from resolve(g, unit, g.unit(c["unit"]), c["kind"], path, walked)) and not unit.fired:
            reaction_was_the_fire(g, unit)
        if not unit.alive or unit.regroup_turn == st.turn + 1:
            return
        if unit.moved > before + 1e-6:  # AA-084: the move into cover was the rest of the move
            return
        room = allowance(g, unit)  # AA-085: the 1" lost to the interruption shortens the rest
        if room <= 1e-6:
            g.log.emit("move", f"{capital(whose('move', unit.name))} ends where it was interrupted: "
                       f"{spent_words(g, unit)}", unit=unit.id)
            yield from carry_out(g, unit, [unit.centre()], type(plan)(plan.path, plan.length), walked)
            return
        rest = truncate(path, room)
        if unit.pinned:  # AA-184: a Pinned unit's movement must now take it to cover
            rules = move_rules(g, unit)
            checks = MoveChecks(g, unit, room, **rules)
            choice = yield move_decision(g, unit, room, rules, checks)
            if choice == "stay":
                # said as a move's end: the end of an enemy's move is a fixed moment for a
                # side with a hidden device (alley/view.py), whatever comes after it
                g.log.emit("move", f"{unit.name} stays where the interruption left it",
                           unit=unit.id)
                yield from carry_out(g, unit, [unit.centre()], type(plan)(plan.path, plan.length),
                                     walked)
                return
            plan = checks.plan(choice)
            path = list(plan.path)
            continue
        path, who = stop_short(g, unit, rest, plan.assault)
        if who is None:
            continue
        if options.reading(g, options.BLOCKED_PATH) == "goes_round":
            rules = move_rules(g, unit)
            checks = MoveChecks(g, unit, room, **rules)
            d = blocked_move_decision(g, unit, room, rules, checks, who, plan, rest, path)
            if d is not None:  # a way round exists: the player finishes the move by it, or stays
                choice = yield d
                if choice == "stay":
                    g.log.emit("move", f"{unit.name} stays where it is: the way on is blocked by "
                               f"{who.name} (house rule AA-068)", unit=unit.id, blocked_by=who.id)
                    yield from carry_out(g, unit, [unit.centre()],
                                         type(plan)(plan.path, plan.length), walked)
                    return
                plan = checks.plan(choice)
                path = list(plan.path)
                continue
        # no way round (or the reading "stops short"): the move ends short of the figures in
        # its way, so it no longer leaves the table, joins, assaults or spreads its figures
        plan = type(plan)(plan.path, plan.length)
        blocked = who
    if plan.exits and exit_edge_at(g, unit, path[-1]) is None:
        # Cut short by an interruption: no longer an exit, so no figure may end off the table.
        plan = type(plan)(plan.path, plan.length)
        path = keep_on_table(g, unit, path)
    yield from carry_out(g, unit, path, plan, walked)
    if blocked is not None and unit.alive:
        g.log.emit("move", f"{unit.name} stops short: the way is blocked by {blocked.name} "
                   "(house rule AA-068)", unit=unit.id, blocked_by=blocked.id)


STOP_BACK = 0.3  # inches a blocked move keeps back from the figures in its way


def stop_short(g: AlleyGame, unit: Unit, path: list[tuple[float, float]],
               assault: str | None = None) -> tuple[list[tuple[float, float]], Unit | None]:
    """Option ``blocked_after_interrupt`` (house rule AA-068, AA-099): after an
    interruption a Regular unit can go on along the rest of its declared path only as far
    as it can without touching an enemy figure, and a little short of that (``STOP_BACK``:
    not left a hair from them). ``assault``: the unit a declared Close Assault goes for,
    whose figures its path was always meant to reach. Returns the path it can still walk,
    and the enemy unit in its way (None when nothing blocks it, or under the legacy reading
    ``walks_through``). Under ``goes_round`` the unit then finishes its move round them
    when it can (:func:`blocked_move_decision`); under ``stops_short`` its move ends there."""
    from ambush_gui.core.geometry import min_distance, point_along

    total = path_length(path)
    if total <= 1e-6 or options.reading(g, options.BLOCKED_PATH) == "walks_through":
        return path, None
    run = clear_run(g, unit, path, ignore=assault)
    if run >= total - 1e-6:
        return path, None
    ahead = point_along(path, min(total, run + g.m.contact))
    figs = unit.points() - np.array(unit.centre()) + np.array(ahead)
    enemies = [e for e in g.enemies(unit) if e.points().size and e.id != assault]
    who = min(enemies, key=lambda e: min_distance(figs, e.points()))
    run = max(0.0, run - STOP_BACK * g.m.scale)
    return (truncate(path, run) if run > 1e-6 else [path[0]]), who


def blocked_move_decision(g: AlleyGame, unit: Unit, room: float, rules: dict[str, Any],
                          checks: MoveChecks, who: Unit, plan: Any, rest: list[tuple[float, float]],
                          short: list[tuple[float, float]]) -> Decision | None:
    """Option ``blocked_after_interrupt`` = ``goes_round`` (house rule AA-068, AA-085,
    AA-099/100; seed 000 lines 125-128: the interrupted unit "may finish its movement"): the
    rest of ``unit``'s declared path (``rest``) runs into ``who``, so its player finishes the
    move from where it stands by a new path round them, within ``room`` (what is left after
    the 1" each interruption costs), under the usual move rules, or stays. None when no way
    round gets it farther than stopping short (``short``) would: it then stops short."""

    def legal(c: dict[str, Any]) -> bool:
        try:
            checks.plan(c)
        except IllegalDecision:
            return False
        return True

    end = plan.path[-1]  # toward where the declared move was going (an edge, for an exit)
    goal = (exit_edge_at(g, unit, end) if plan.exits else None) or end
    detour = way_round(g, unit, goal, room, legal, beyond=short[-1])
    if detour is None:
        return None
    stop = {"path": [list(p) for p in short[1:]]}
    offer = (detour, stop) if len(short) > 1 and legal(stop) else (detour,)
    return move_decision(
        g, unit, room, rules, checks, offer=offer,
        prompt=f"{unit.side.title}: the way is blocked by {who.name}: finish {whose('move', unit.name)} "
               f"round them (up to {room:.1f}\")",
        facts={"blocked_by": who.id, "blocked_path": [list(p) for p in rest]})


def move_rules(g: AlleyGame, unit: Unit) -> dict[str, Any]:
    shaken = unit.shaken(g.state.turn)
    return {
        "retreat_only": unit.pinned or shaken,
        "to_cover": unit.pinned,
        "may_assault": not unit.fired and not unit.pinned and not shaken,
    }


def move_decision(g: AlleyGame, unit: Unit, limit: float, rules: dict[str, Any],
                  checks: MoveChecks | None = None, offer: tuple[dict[str, Any], ...] = (),
                  prompt: str = "", facts: dict[str, Any] | None = None) -> Decision:
    """A Regular move; AA-184: a Pinned unit out of cover may not stay if cover is in reach.
    ``offer``: legal moves listed first (a blocked move's way round, :func:`blocked_move_decision`);
    ``prompt`` and ``facts`` say why the move is asked when it is not the plain one."""
    checks = checks or MoveChecks(g, unit, limit, **rules)

    @cache  # nothing changes while the decision is open: list the moves once
    def candidates() -> list[dict[str, Any]]:
        return [*offer, *candidate_moves(g, unit, limit, **rules)]

    def options() -> tuple[Any, ...]:
        moves = candidates()
        return tuple(moves) if must_seek_cover(g, unit, moves, **rules) else ("stay", *moves)

    def check(c: Any) -> Any:
        if c != "stay":
            return checks.plan(c).to_choice()
        if must_seek_cover(g, unit, candidates(), **rules):
            raise IllegalDecision("a Pinned unit with movement left must use it to reach cover")
        return c

    return Decision(
        side=unit.side.value, kind=DecisionKind.MOVE,
        prompt=prompt or f"{unit.side.title}: move {unit.name} (up to {limit:.1f}\")",
        options=options,
        facts={"unit": unit.id, "limit": limit, **rules, **(facts or {})},
        check=check,
    )


def fire_targets(g: AlleyGame, unit: Unit) -> list[Unit]:
    """The enemy units ``unit`` sees; none for a lone Insurgent leader under the rules option
    ``detached_insurgent_leaders`` = "lead_only" (AA-029, CT-013)."""
    if not may_fire_alone(g, unit):
        return []
    return [e for e in g.enemies(unit) if g.sees(unit, e) and not fire_blocked(g, unit, e)]


def blocked_targets(g: AlleyGame, unit: Unit) -> dict[str, str]:
    """The enemy units ``unit`` sees but a Force on Force module forbids it to fire at, each
    with the reason (a mortar's No Fire Zone, FF-011): shown with the fire decision."""
    if not g.modules or not may_fire_alone(g, unit):
        return {}
    out = {}
    for e in g.enemies(unit):
        if g.sees(unit, e):
            why = fire_blocked(g, unit, e)
            if why:
                out[e.id] = why
    return out


def fire_warnings(g: AlleyGame, unit: Unit, targets: list[Unit]) -> dict[str, Any]:
    """What a player should know before choosing a target under the Force on Force modules,
    as the FIRE decision's facts (each keyed by target id, only when there is something):
    "near_mobs" (the crowds a line of fire passes within 2" of: a civilian casualty check,
    FF-136), "supporters" (a mixed mob's unarmed supporters, whose loss counts as civilian
    casualties, FF-159) and "captives" (the firer's own side held prisoner in the target)."""
    near: dict[str, list[str]] = {}
    supporters: dict[str, int] = {}
    captives: dict[str, list[str]] = {}
    civ = g.modules.get("civilians")
    for t in targets:
        if civ is not None:
            names = civ.near_mobs(unit, t)  # type: ignore[attr-defined]
            if names:
                near[t.id] = names
            n = civ.unarmed_supporters(t)  # type: ignore[attr-defined]
            if n:
                supporters[t.id] = n
        held = [figure_name(f) for f in t.figures if f.captive and f.side is unit.side]
        if held:
            captives[t.id] = held
    out: dict[str, Any] = {}
    for key, val in (("near_mobs", near), ("supporters", supporters), ("captives", captives)):
        if val:
            out[key] = val
    return out


def fire_decision(g: AlleyGame, unit: Unit, targets: list[Unit]) -> Decision:
    options = ("hold", *[t.id for t in targets])
    facts: dict[str, Any] = {"unit": unit.id, "targets": [t.id for t in targets]}
    blocked = blocked_targets(g, unit)
    if g.modules:
        facts.update(fire_warnings(g, unit, targets))
    check = None
    if blocked:  # refused with its reason, not just "not a legal answer"
        facts["blocked"] = blocked

        def check(c: Any) -> Any:
            if isinstance(c, str) and c in blocked:
                raise IllegalDecision(f"{unit.name} may not fire at {g.unit(c).name}: {blocked[c]}")
            if c in options:
                return c
            raise IllegalDecision(f"{c!r} is not a target of {unit.name}; legal answers: {options}")
    return Decision(
        side=unit.side.value, kind=DecisionKind.FIRE,
        prompt=f"{unit.side.title}: {unit.name} fires at?",
        options=options,
        facts=facts,
        check=check,
        **declined_without_dice(g, [(unit, t, False) for t in targets], "hold",
                                f"{unit.name} has, against every target in sight,"),
    )


def choose_target(g: AlleyGame, unit: Unit) -> Procedure:
    """Declare the target of the unit's fire (or hold it); returns the target or None."""
    targets = fire_targets(g, unit)
    if not targets:  # said: a play-tester's mortar team "fired" and nothing happened
        if may_fire_alone(g, unit):  # a lone leader who only leads never fires: nothing to say
            g.log.emit("fire", f"{unit.name} has no target to fire at", unit=unit.id)
        return None
    c = yield fire_decision(g, unit, targets)
    if c == "hold":
        return None
    unit.fired = True
    if g.modules:  # the fire names its target before any reaction to it
        yield from g.modules.run("fire_declared", unit, g.unit(c))
    return g.unit(c)


def regular_fire(g: AlleyGame, unit: Unit) -> Procedure:
    """The fire step: declare a target, let the Insurgents interrupt, then fire."""
    target = yield from choose_target(g, unit)
    if target is None:
        return
    while unit.alive:
        opts = fire_interrupt_options(g, unit)
        if not opts:
            break
        i = yield interrupt_decision(g, unit, opts, "fire", aimed_at=target.id)
        if i == NONE:
            break
        if (yield from resolve(g, unit, g.unit(i["unit"]), i["kind"])) and reaction_was_the_fire(g, unit):
            return
    if unit.alive and unit.regroup_turn != g.state.turn + 1 and target.alive and g.sees(unit, target):
        if not lost_to_a_module(g, unit, target):
            yield from fire(g, unit, target, "Fire")


def lost_to_a_module(g: AlleyGame, unit: Unit, target: Unit) -> bool:
    """A declared fire that a module now forbids (the target moved inside a mortar's No
    Fire Zone during the interruptions, FF-011): it is lost, and the log says why."""
    why = fire_blocked(g, unit, target)
    if why:
        g.log.emit("fire", f"{unit.name} may no longer fire at {target.name} ({why}): its fire is lost",
                   unit=unit.id)
    return bool(why)


def reaction_was_the_fire(g: AlleyGame, unit: Unit) -> bool:
    """AA-080/082, rules option ``reaction_fire``: with "replaces", a Regular unit that has
    fired in reaction to an interruption has had its fire for the activation (lines 125-127
    let it finish its move, no more); with "extra" its planned fire still comes. Returns
    whether the planned fire is forgone."""
    if options.reading(g, options.REACTION_FIRE) != "replaces":
        return False
    unit.fired = True
    if unit.alive:
        g.log.emit("plan", f"{unit.name} fired in reaction: that was its fire this activation",
                   unit=unit.id)
    return True


# -- the Insurgent phase ---------------------------------------------------------------------

def insurgent_phase(g: AlleyGame) -> Procedure:
    """AA-044: every Insurgent unit that did not interrupt may now move and fire."""
    while True:
        ready = [u for u in g.state.side_units(Side.INSURGENT) if not u.interrupted and not u.activated]
        if not ready or victory.regulars_gone(g):
            return
        c = yield Decision(
            side=Side.INSURGENT.value, kind=DecisionKind.INSURGENT_ACT,
            prompt="Insurgent: which unit acts next? (or end the turn)",
            options=("end", *[u.id for u in ready], *release_options(g, Side.INSURGENT)),
            facts={"turn": g.state.turn},
        )
        if c == "end":
            return
        if c.startswith(RELEASE):
            release(g, c.removeprefix(RELEASE))
            continue
        yield from insurgent_activation(g, g.unit(c))


def insurgent_activation(g: AlleyGame, unit: Unit) -> Procedure:
    """AA-044: an Insurgent unit that did not interrupt moves and fires; AA-021/022 (house
    rule AA-025): without a leader it must pass one Quality Check first; AA-016/017: a unit
    out of cohesion regroups instead of moving."""
    unit.activated = True
    g.log.emit("activate", f"{unit.name} acts", unit=unit.id, side=unit.side.value)
    if unit.leader is None and not quality_check(g, unit, "no leader"):  # AA-021/022
        return
    regroup = not cohesive(unit.points(), g.m.cohesion_link, g.m.cohesion_radius)
    if regroup:  # AA-016, house rule AA-017: Insurgents regroup in their activation too
        regroup_unit(g, unit)
    plan = yield plan_decision(g, unit, may_move=not regroup)
    if g.modules and plan in g.modules.gather("plan_options", unit):  # a module's action
        yield from g.modules.acting("carry_out_plan", unit, plan)
        return
    speed, order = parse_plan(plan)
    unit.speed = speed
    g.log.emit("plan", f"{unit.name}: {describe_plan(speed, order)}", unit=unit.id, plan=plan)
    steps = ["fire"] if speed is Speed.HALTED else (
        ["move", "fire"] if order is Order.MOVE_FIRE else ["fire", "move"])
    for step in steps:
        if not unit.alive:
            return
        if step == "move":
            watched: set[str] = set()  # AA-104: Overwatch that had its chance along the move
            before = unit.moved
            yield from insurgent_move(g, unit, (speed,), may_assault=not unit.fired, watched=watched)
            if unit.moved > before or options.reading(g, options.STAY_REACTION) == "declared":
                yield from react_to_move(g, unit, watched)  # AA-089: it moved in their sight
        elif not unit.shaken(g.state.turn) and not unit.fired:  # AA-200/201 (even Shaken just now)
            yield from insurgent_fire(g, unit)


def react_to_move(g: AlleyGame, ins: Unit, watched: set[str] | None = None) -> Procedure:
    """AA-089, house rule AA-090: Regulars that see the Insurgents after their move may fire
    at them, each once in the phase (Overwatch units while they have dice, but once per
    move: AA-106 counts one shot per Insurgent action). ``watched``: the Overwatch units
    that were offered the move itself (AA-104), which had their chance at its end too."""
    used: set[str] = set(watched or ())
    ins = mover_now(g, ins)
    while ins.alive:
        ready = [u for u in g.state.side_units(Side.REGULAR)
                 if u.id not in used and _may_react(g, u, ins)]
        if not ready:
            return
        c = yield Decision(
            side=Side.REGULAR.value, kind=DecisionKind.REACT,
            prompt=f"Regular: react to {whose('move', ins.name)}?{_after_assault(g, ins)}",
            options=(NONE, *[u.id for u in ready]), facts={"against": ins.id, "what": "move"},
            **_no_dice_to_react(g, ready, ins),
        )
        if c == NONE:
            return
        u = g.unit(c)
        u.reacted = True
        used.add(u.id)
        yield from fire(g, u, ins, "Reaction to movement", overwatch=u.overwatch)


def _after_assault(g: AlleyGame, ins: Unit) -> str:
    """A reaction comes after the move (AA-089), so after a Close Assault it ended in
    (house rule CT-054, step 3): the question says so, or a player reads it as a chance to
    fire before the fight."""
    for e in reversed(g.log.events):
        if e.kind in ("activate", "turn"):
            return ""
        if e.kind == "assault" and e.data.get("attacker") == ins.id:
            target = g.state.units.get(str(e.data.get("defender")))
            return f" (it has Close Assaulted {target.name}: the fight is over)" if target else ""
    return ""


def mover_now(g: AlleyGame, unit: Unit) -> Unit:
    """Where the figures of a unit that has just moved are now: a detached leader who joined
    a unit at the end of his move is seen in the unit he joined (AA-026, AA-089; the
    correction ``reaction_to_a_joining_leader``, so older saves replay as played)."""
    if (unit.joined is not None and not unit.on_table
            and options.reading(g, options.JOIN_REACTION) == "joined_unit"):
        return g.unit(unit.joined)
    return unit


def _no_dice_to_react(g: AlleyGame, ready: list[Unit], ins: Unit) -> dict[str, Any]:
    """A reaction is answered "none" for the player when no unit offered has a Firepower
    die against ``ins`` (house rule AA-144)."""
    return declined_without_dice(g, [(u, ins, u.overwatch) for u in ready], NONE,
                                 f"every unit that may react to {ins.name} has")


def _may_react(g: AlleyGame, u: Unit, ins: Unit) -> bool:
    if u.regroup_turn == g.state.turn + 1 or not g.sees(u, ins) or fire_blocked(g, u, ins):
        return False
    if u.overwatch:
        return firepower(g, u, ins, overwatch=True).dice > 0
    return not u.reacted


def insurgent_fire(g: AlleyGame, unit: Unit) -> Procedure:
    """An Insurgent's fire in its own phase; the target (or Overwatch) may react (AA-089)."""
    target = yield from choose_target(g, unit)
    if target is None:
        return
    ready = [u for u in g.state.side_units(Side.REGULAR)
             if _may_react(g, u, unit) and (u is target or u.overwatch)]
    reactor = None
    if ready:  # AA-089: the target (or Overwatch) may react to the fire
        r = yield Decision(
            side=Side.REGULAR.value, kind=DecisionKind.REACT,
            prompt=f"Regular: react to {whose('fire', unit.name)} at {target.name}?",
            options=(NONE, *[u.id for u in ready]), facts={"against": unit.id, "what": "fire"},
            **_no_dice_to_react(g, ready, unit),
        )
        if r != NONE:
            reactor = g.unit(r)
            reactor.reacted = True
    if reactor is not None and not reaction_test(g, reactor, unit, f"{reactor.name} reacts"):
        yield from fire(g, reactor, unit, "Reaction fire", overwatch=reactor.overwatch)
        reactor = None
    if unit.alive and not unit.shaken(g.state.turn) and target.alive and g.sees(unit, target) \
            and not lost_to_a_module(g, unit, target):
        yield from fire(g, unit, target, "Fire")
    if reactor is not None and reactor.alive and unit.alive and g.sees(reactor, unit) \
            and not fire_blocked(g, reactor, unit):
        yield from fire(g, reactor, unit, "Reaction fire", overwatch=reactor.overwatch)


# -- bookkeeping -----------------------------------------------------------------------------

def end_turn(g: AlleyGame) -> None:
    """AA-192 Pins end; AA-197 regrouping ends; AA-054 Hot Spots are neutralised; house
    rule AA-108: Overwatch ends with the turn."""
    st = g.state
    for h in st.hot_spots.values():
        if h.neutralised:
            continue
        for u in st.side_units(Side.REGULAR):
            stayed = h.number in u.start_contact and u.moved == 0
            if stayed and _touches(g, u, (h.x, h.y), g.m.hot_spot_contact):
                h.neutralised = True
                g.log.emit("hot_spot", f"{u.name} neutralises Hot Spot {h.number}",
                           number=h.number, unit=u.id)
                break
    victory.check_zones(g)
    for u in st.units.values():
        if u.pinned:
            g.log.emit("unpin", f"{u.name} is no longer Pinned", unit=u.id)
        u.pinned = False
        u.overwatch = False
        u.still_turns = u.still_turns + 1 if u.moved == 0 else 0
        u.last_speed = u.speed if u.speed is not None else Speed.HALTED
    g.log.emit("turn_end", f"Turn {st.turn} ends", turn=st.turn)


RELEASE = "release:"


def held_captives(g: AlleyGame, side: Side) -> list[Figure]:
    """The enemy figures ``side`` holds: carried by its units, or held where they stand by
    the unit that took them, while it is still in play (DC-021: "in their custody"; option
    ``release_by_the_guards``, whose legacy reading counts every captive on the ground)."""
    carried = [f for u in g.state.side_units(side) for f in u.figures if f.captive and f.side is not side]
    if side is not Side.INSURGENT:
        return carried
    standing = [f for f in g.state.ground if f.captive and f.side is not side]
    if options.reading(g, options.RELEASE_CUSTODY) == "guards":
        guards = {u.id for u in g.state.side_units(side)}
        standing = [f for f in standing if g.state.custody.get(f.id) in guards]
    return carried + standing


def release_options(g: AlleyGame, side: Side) -> list[str]:
    """DC-021: a side may free any POW it holds, at any time, at no cost but the VP."""
    return [RELEASE + f.id for f in held_captives(g, side)]


def release(g: AlleyGame, fid: str) -> None:
    """DC-021: the figure is freed where it is; it no longer scores as a captive."""
    for u in g.state.units.values():
        for f in list(u.figures):
            if f.id == fid:
                u.figures.remove(f)
                g.state.ground.append(f)
    fig = next(f for f in g.state.ground if f.id == fid)
    g.state.custody.pop(fid, None)
    fig.captive = False
    fig.released = True
    g.log.emit("release", f"{figure_name(fig)} is released", figure=fid)


def exit_table(g: AlleyGame, unit: Unit) -> None:
    """CT-015: the unit leaves the table across a friendly edge with its Dependants."""
    for f in list(unit.figures):
        unit.figures.remove(f)
        g.state.exited.append(f)
        g.state.exit_edges[f.id] = _edge_left_by(g, f.pos)
    unit.on_table = False
    g.log.emit("exit", f"{unit.name} leaves the table", unit=unit.id)


def hand_off(g: AlleyGame, unit: Unit) -> None:
    """DC-011, house rule DC-013: a unit ending a move within 1" of a friendly edge hands its
    Dependants (casualties and contractors) off the table, ending the Dependant penalty.
    DC-012: within 1" of a scenario's aid station it hands over its casualties."""
    if not unit.on_table or not unit.dependants:
        return
    reach = g.m.edge_handoff
    if unit.side is Side.REGULAR and any(
            (f.x - x * g.m.scale) ** 2 + (f.y - y * g.m.scale) ** 2 <= reach * reach
            for f in unit.fighters for x, y in g.spec.aid_stations):
        gone = [d for d in unit.dependants if d.kind is not FigureKind.CONTRACTOR]
        for d in gone:
            unit.figures.remove(d)
            g.state.exited.append(d)
        if gone:
            g.log.emit("hand_off", f"{unit.name} hands {figure_names(gone)} over at an "
                       "aid station", unit=unit.id, figures=[d.id for d in gone])
        if not unit.dependants:
            return
    for f in unit.figures:
        for edge in g.spec.sides[unit.side].friendly_edges:
            if _edge_distance(g, f.pos, edge) <= reach:
                gone = unit.dependants
                for d in gone:
                    unit.figures.remove(d)
                    g.state.exited.append(d)
                    g.state.exit_edges[d.id] = edge
                g.log.emit("hand_off", f"{unit.name} hands {figure_names(gone)} off the table",
                           unit=unit.id, figures=[d.id for d in gone])
                return


def _edge_left_by(g: AlleyGame, p: tuple[float, float]) -> str:
    """The table edge a figure that has just left stands beyond (else the nearest one)."""
    return min(("south", "west", "north", "east"), key=lambda e: _edge_distance(g, p, e))


def _edge_distance(g: AlleyGame, p: tuple[float, float], edge: str) -> float:
    x, y = p
    return {"south": y, "west": x, "north": g.state.height - y, "east": g.state.width - x}[edge]


def join_unit(g: AlleyGame, leader_unit: Unit, target: Unit) -> None:
    """AA-026..028: a detached leader joins a unit by moving into cohesion with it."""
    for f in list(leader_unit.figures):
        leader_unit.figures.remove(f)
        target.figures.append(f)
    leader_unit.on_table = False
    leader_unit.joined = target.id
    for fid, guard in list(g.state.custody.items()):  # DC-021: his captives go with him
        if guard == leader_unit.id:
            g.state.custody[fid] = target.id
    if target.activated or (target.side is Side.INSURGENT and target.interrupted):  # AA-027
        target.activated = True
        g.log.emit("join", f"{leader_unit.name} joins {target.name}; both are done for the turn",
                   unit=target.id, leader=leader_unit.id)
    else:  # AA-028
        target.fire_only = True
        g.log.emit("join", f"{leader_unit.name} joins {target.name}, which may still fire this turn "
                   "but not move", unit=target.id, leader=leader_unit.id)


__all__ = ["play", "close_assault"]
