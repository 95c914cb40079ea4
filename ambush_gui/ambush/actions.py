"""A US soldier's turn during Action Rounds: the actions table, stance, and movement (seed 002;
AR-070..108).

A turn is one action or a pass (AR-070). :func:`action_table` lists every action of the
seed's table with the reason it is not legal now (stance, equipment, awareness, panic,
a sub-system not in the seeds...); :func:`take_turn` asks the player for one legal
action (one ``AMBUSH_ACTION`` decision; its options are plain dicts such as
``{"action": "move"}`` or ``{"action": "give_turn", "soldier": "b"}``) and carries it
out through the fire procedures (:mod:`ambush_gui.ambush.fire`), thrown weapons
(:mod:`ambush_gui.ambush.throws`: grenades, satchel charges, live grenades), close combat and
handling (:mod:`ambush_gui.ambush.assault`: assault, dragging, picking up, loading or
unloading a vehicle), command (:mod:`ambush_gui.ambush.command`), :func:`move`,
:func:`charge` or :func:`move_crew`. Every row of the table is modelled; vehicles are
placed, never moved (house rule AR-094), and a
soldier aboard one unloads before he moves.

Stance (AR-071, AR-072; house rule AR-074): one change per turn, to any stance, free
for an unwounded soldier and 1 Movement Point (of his MPA this turn) for a wounded one.
It is offered before the action (``{"stance": "crouching"}``), between the hexes of a
move, and once after the action (``AMBUSH_STANCE``). A prone soldier has no fire or move
action: he changes stance first.

Movement (AR-099..106): standing, he pays each hex's Movement Point Cost (plus its
hexside) out of his MPA and stops on entering a hex holding an enemy; crouching, he crawls
exactly one hex; every hex entered gets its Paragraph Check before any stance change
(AR-073); unused points are lost. A US soldier who leaves the map never returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ambush_gui.ambush import ar_track, assault, command, throws
from ambush_gui.ambush.charts import ARSpace, Stance, WeaponKind
from ambush_gui.ambush.fire import (
    FireType,
    IllegalFire,
    Target,
    _firer_problem,
    clear_jam,
    fire,
    fire_options,
    hidden_only,
    hidden_words,
    load_bazooka,
    piece_moved,
    prepare_crew_weapon,
    sees,
    weapons_of,
    why_not,
)
from ambush_gui.ambush.hooks import RoundsContext, Situation
from ambush_gui.ambush.model import AmbushContext, Side, Soldier, enemy
from ambush_gui.ambush.words import action_title, stance_ends_move
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.game import Procedure
from ambush_gui.core.hexgrid import Hex
from ambush_gui.core.words import capital, count, whose


class Action(StrEnum):
    """The actions of seed 002's table (AR-075..095), plus the commander's wake-up (AR-026)
    and the pass (AR-070)."""

    AIMED = "aimed"  # AR-075
    SNAP = "snap"  # AR-076; a lone crouching crewman's single snap shot too (AR-078)
    CREW_AIMED = "crew_aimed"  # AR-077
    ASSAULT = "assault"  # AR-079
    PREPARE_SATCHEL = "prepare_satchel"  # AR-080
    THROW_SATCHEL = "throw_satchel"  # AR-081
    GRENADE = "grenade"  # AR-082, AR-083
    PREPARE_BAZOOKA = "prepare_bazooka"  # AR-084
    CLEAR_JAM = "clear_jam"  # AR-085
    REMOVE_GRENADE = "remove_grenade"  # AR-086
    PREPARE_CREW = "prepare_crew"  # AR-087
    MOVE = "move"  # AR-088
    MOVE_CREW = "move_crew"  # AR-089
    MOVE_SNAP = "move_snap"  # AR-090
    MOVE_ASSAULT = "move_assault"  # AR-091
    DRAG = "drag"  # AR-092
    PICK_UP = "pick_up"  # AR-093
    VEHICLE = "vehicle"  # AR-094
    GIVE_TURN = "give_turn"  # AR-095, AR-060
    WAKE = "wake"  # AR-026
    PASS = "pass"  # AR-070


UPRIGHT = (Stance.STANDING, Stance.CROUCHING)


REMOVE_GRENADE_WHY = ("done out of turn, when a grenade lands in his hex, never as his turn's "
                      "action (AR-086)")


THROWN = {Action.GRENADE: WeaponKind.GRENADE, Action.THROW_SATCHEL: WeaponKind.SATCHEL}
"""The throwing actions and what each throws: their landing odds are shown before the throw."""


@dataclass
class TurnState:
    """What is left of this turn: the free stance change and the Movement Points (AR-071,
    AR-072, AR-099)."""

    mp: int
    stance_changed: bool = False


@dataclass(frozen=True)
class Option:
    """One row of the actions table for this soldier now: the answer it stands for, and why
    it is not legal (None when it is)."""

    action: Action
    answer: dict[str, str]
    why_not: str | None = None


# -- the actions table -------------------------------------------------------------------


def _stance_problem(s: Soldier, allowed: Sequence[Stance], rule: str) -> str | None:
    if s.stance in allowed:
        return None
    need = " or ".join(a.value for a in allowed)
    return f"{s.label} is {s.stance.value}: this action needs him {need} ({rule})"


def mates(g: AmbushContext, s: Soldier) -> list[Soldier]:
    """Other active US soldiers in his hex with a turn left (a crew partner, AR-077)."""
    if s.hex is None:
        return []
    return [o for o in g.state.in_hex(s.hex, s.side) if o.id != s.id and ar_track.can_act(o)]


def action_table(g: RoundsContext, s: Soldier, turn: TurnState | None = None) -> list[Option]:
    """Every action of the table for ``s`` now, each with the answer that takes it, or the
    reason it is not legal (AR-070..095, AR-026)."""
    turn = turn or TurnState(s.mpa)
    out: list[Option] = []
    problem = _firer_problem(s, prone_ok=True)
    if problem and s.hex is None and s.active and s.aware and not s.panicked:
        problem = None  # off the map: he may only enter (AR-013)

    def add(action: Action, why: str | None, **answer: str) -> None:
        out.append(Option(action, {"action": action.value, **answer}, why))

    def fire_row(action: Action, fires: set[FireType], rule: str,
                 partner: Soldier | None = None) -> str | None:
        why = problem or (None if s.hex is not None else f"{s.label} is off the map") \
            or _stance_problem(s, UPRIGHT, rule)
        if why:
            return why
        if not fire_options(g, s, fires, partner):
            hidden = hidden_only(g, s, fires, partner)
            return "no ready weapon can fire at an enemy he can see and reach (FC-001)" + (
                f": {hidden_words(hidden[0])}" if hidden else "")
        return None

    add(Action.AIMED, fire_row(Action.AIMED, {FireType.AIMED}, "AR-075"))
    add(Action.SNAP, fire_row(Action.SNAP, {FireType.SNAP}, "AR-076"))
    # AR-077: two crouching soldiers on a prepared crew weapon
    partners = mates(g, s)
    crew_rows = 0
    if not problem and s.hex is not None:
        for p in partners:
            if s.stance is Stance.CROUCHING and fire_options(g, s, {FireType.AIMED}, p,
                                                             crew_only=True):
                add(Action.CREW_AIMED, None, partner=p.id)
                crew_rows += 1
    if not crew_rows:
        crew = [w for w in weapons_of(g, s) if g.charts.weapon(w.weapon).kind is WeaponKind.CREW]
        why = problem or (None if crew else "no crew weapon in his hex (AR-077)") or \
            _stance_problem(s, (Stance.CROUCHING,), "AR-077") or \
            ("a crouching partner with a turn left must fire it with him (AR-077)"
             if not [p for p in partners if p.stance is Stance.CROUCHING]
             else "the crew weapon cannot fire aimed at anyone now (FC-001)")
        add(Action.CREW_AIMED, why)
    assault_why = problem or assault.assault_problem(g, s)
    for o in [] if assault_why else assault.assault_targets(g, s):
        add(Action.ASSAULT, None, target=o.id)
    if assault_why:
        add(Action.ASSAULT, assault_why)
    on_map = None if s.hex is not None else f"{s.label} is off the map"
    add(Action.PREPARE_SATCHEL, problem or on_map or throws.satchel_prepare_problem(g, s))
    satchel_why = problem or on_map or throws.satchel_throw_problem(g, s)
    for h in [] if satchel_why else throws.throw_targets(g, s, WeaponKind.SATCHEL):
        add(Action.THROW_SATCHEL, None, to=h.label)
    if satchel_why:
        add(Action.THROW_SATCHEL, satchel_why)
    grenade_why = problem or on_map or throws.grenade_problem(g, s)
    for h in [] if grenade_why else throws.throw_targets(g, s, WeaponKind.GRENADE):
        add(Action.GRENADE, None, to=h.label)
    if grenade_why:
        add(Action.GRENADE, grenade_why)
    # AR-084: load his own bazooka, or a friend's in his hex
    loads = []
    if not problem and s.hex is not None:
        for c in [s, *(o for o in g.state.in_hex(s.hex, s.side) if o.id != s.id)]:
            for w in c.weapons:
                if g.charts.weapon(w.weapon).kind is WeaponKind.BAZOOKA and w.usable \
                        and not w.prepared and (s.clips(w.weapon) or c.clips(w.weapon)):
                    loads.append((c, w))
    stance_why = _stance_problem(s, UPRIGHT, "AR-084") if loads else None
    for c, w in [] if stance_why else loads:
        add(Action.PREPARE_BAZOOKA, None, carrier=c.id, weapon=w.id)
    if stance_why or not loads:  # no bazooka to load is said before his stance
        add(Action.PREPARE_BAZOOKA, problem or stance_why
            or "no unloaded bazooka with a round in his hex (FC-065)")
    jammed = [w for w in weapons_of(g, s) if w.jammed and not w.broken] if s.hex else []
    stance_why = problem or _stance_problem(s, UPRIGHT, "AR-085")
    for w in jammed if not stance_why else []:
        add(Action.CLEAR_JAM, None, weapon=w.id)
    if stance_why or not jammed:
        add(Action.CLEAR_JAM, stance_why or "no jammed weapon to hand (FC-034)")
    add(Action.REMOVE_GRENADE, problem or REMOVE_GRENADE_WHY)
    crew_here = [w for w in g.state.crew_weapons.values()
                 if not w.prepared and not w.broken and s.hex is not None
                 and g.state.crew_hex(w) == s.hex and g.state.crew_side(w) is s.side]
    stance_why = problem or _stance_problem(s, UPRIGHT, "AR-087")
    for w in crew_here if not stance_why else []:
        add(Action.PREPARE_CREW, None, weapon=w.id)
    if stance_why or not crew_here:
        add(Action.PREPARE_CREW, stance_why or "no unprepared crew weapon with all its pieces "
            "in his hex (AR-087, FC-055)")
    move_why = problem or _stance_problem(s, UPRIGHT, "AR-088") or (
        None if move_steps(g, s, turn.mp, crawled=False) else
        "no hex he can enter with his Movement Points (AR-101, AR-106)")
    add(Action.MOVE, move_why)
    crew_moves = [] if problem else crew_carries(g, s, turn)
    for w, p in crew_moves:
        add(Action.MOVE_CREW, None, weapon=w.id, partner=p.id)
    if not crew_moves:
        add(Action.MOVE_CREW, problem or _stance_problem(s, UPRIGHT, "AR-089") or
            "no crew weapon he carries with its other carrier in his hex, upright and with a "
            "turn left, and a hex to enter (AR-089)")
    snap_why = problem or _stance_problem(s, (Stance.STANDING,), "AR-090") or (
        None if move_steps(g, s, min(turn.mp, s.mpa // 2), crawled=False)
        or fire_options(g, s, {FireType.SNAP}) else
        "neither a hex to enter with half his MPA nor a snap shot (AR-090)")
    add(Action.MOVE_SNAP, snap_why)
    charge_why = problem or _stance_problem(s, (Stance.STANDING,), "AR-091") or (
        None if move_steps(g, s, min(turn.mp, s.mpa // 2), crawled=False)
        or assault.assault_targets(g, s) else
        "neither a hex to enter with half his MPA nor an enemy in his hex (AR-091)")
    add(Action.MOVE_ASSAULT, charge_why)
    drag_why = problem or on_map or assault.drag_problem(g, s)
    drags = [] if drag_why or s.hex is None else [
        (body, h) for body in assault.draggable(g, s) for h in g.state.map.neighbours(s.hex)
        if enter_cost(g, s, s.hex, h) is not None]
    for body, h in drags:
        add(Action.DRAG, None, soldier=body.id, to=h.label)
    if not drags:
        add(Action.DRAG, drag_why or "no hex to drag him into (AR-092)")
    pick_why = problem or on_map or assault.pick_up_problem(g, s)
    for opt in [] if pick_why else assault.pick_up_options(g, s):
        add(Action.PICK_UP, None, **opt)
    if pick_why:
        add(Action.PICK_UP, pick_why)
    vehicle_why = problem or on_map or assault.vehicle_problem(g, s)
    for opt in [] if vehicle_why else assault.vehicle_options(g, s):
        add(Action.VEHICLE, None, **opt)
    if vehicle_why:
        add(Action.VEHICLE, vehicle_why)
    us = g.state.side(Side.US)
    receivers = [o for o in us if command.why_not_give(g, s, o) is None]
    for o in receivers:
        add(Action.GIVE_TURN, None, soldier=o.id)
    if not receivers:
        add(Action.GIVE_TURN, problem or (
            "only a commander gives turns (AR-095, house rule AR-058)"
            if not command.has_radius(s) else
            "no unwounded aware soldier in the 1-Turn or Complete space within two hexes "
            "(AR-061)"))
    sleepers = [o for o in us if command.why_not_wake(g, s, o) is None]
    for o in sleepers:
        add(Action.WAKE, None, soldier=o.id)
    if not sleepers:
        add(Action.WAKE, problem or (
            "only a commander wakes a soldier (AR-026, house rule AR-058)"
            if not command.is_commander(s) else
            "no unwounded unaware soldier within two hexes (AR-026)"))
    add(Action.PASS, None)
    return out


def legal(g: RoundsContext, s: Soldier, turn: TurnState | None = None) -> list[dict[str, str]]:
    """The answers of the legal actions (AR-070)."""
    return [o.answer for o in action_table(g, s, turn) if o.why_not is None]


def stance_options(s: Soldier, turn: TurnState) -> list[dict[str, str]]:
    """AR-071, AR-072: his one stance change, if unused (a wounded soldier needs 1 MP)."""
    if turn.stance_changed or (s.wounded and turn.mp < 1) or not s.active or s.panicked:
        return []
    return [{"stance": st.value} for st in Stance if st is not s.stance]


def change_stance(g: AmbushContext, s: Soldier, stance: Stance, turn: TurnState,
                  moved: bool | None = None) -> None:
    """AR-071, AR-072: the one stance change of his turn. ``moved``: taken in the middle of
    a move (whether he has entered a hex yet); a stance that ends the move says so
    (AR-100), in the log line and as ``ends_move``."""
    before, s.stance = s.stance, stance
    turn.stance_changed = True
    cost = ""
    if s.wounded:
        turn.mp -= 1
        cost = ", 1 Movement Point: he is wounded [AR-072]"
    ends = stance_ends_move(stance.value, moved) if moved is not None else ""
    g.log.emit("stance", f"{s.label}: {before.value} → {stance.value}{cost or ' (free)'} "
               "[AR-071]" + (f": {ends}" if ends else ""), soldier=s.id, stance=stance.value,
               rule="AR-071", **({"ends_move": ends} if ends else {}))


# -- a turn ------------------------------------------------------------------------------


def take_turn(g: RoundsContext, s: Soldier) -> Procedure:
    """A US soldier's turn (AR-070): stance changes, then one legal action or a pass, then
    the stance change if still unused. Returns the action taken."""
    turn = TurnState(s.mpa)
    while True:
        table = action_table(g, s, turn)
        options = [o.answer for o in table if o.why_not is None]
        choice = yield Decision(
            side=s.side.value, kind=DecisionKind.AMBUSH_ACTION,
            prompt=f"{s.label} ({s.stance.value}): choose an action, or pass",
            options=(*options, *stance_options(s, turn)),
            facts={"soldier": s.id, "mp": turn.mp, "not_legal": [
                {"action": o.action.value, "why": o.why_not} for o in table if o.why_not],
                "throws": [{"action": o.action.value, **throws.throw_facts(
                    g, s, THROWN[o.action], Hex.from_label(o.answer["to"]))}
                    for o in table if o.why_not is None and o.action in THROWN]},
        )
        if "stance" in choice:
            change_stance(g, s, Stance(choice["stance"]), turn)
            continue
        break
    action = Action(choice["action"])
    g.log.emit("action", f"{s.label}: {action_title(action.value)}", soldier=s.id, action=action.value,
               choice=dict(choice))
    yield from carry_out(g, s, action, choice, turn)
    if action is not Action.PASS and stance_options(s, turn) and s.hex is not None:
        after = yield Decision(
            side=s.side.value, kind=DecisionKind.AMBUSH_STANCE,
            prompt=f"{s.label}: change stance now (his one change this turn)?",
            options=("stay", *(o["stance"] for o in stance_options(s, turn))),
            facts={"soldier": s.id},
        )
        if after != "stay":
            change_stance(g, s, Stance(after), turn)
    return action


def carry_out(g: RoundsContext, s: Soldier, action: Action, choice: dict[str, Any],
              turn: TurnState) -> Procedure:
    """Do what the chosen action says."""
    st = g.state
    if action is Action.AIMED:
        yield from fire(g, s, "aimed fire [AR-075]", fires={FireType.AIMED})
    elif action is Action.SNAP:
        yield from fire(g, s, "snap fire [AR-076]", fires={FireType.SNAP}, snap_shots=2)
    elif action is Action.CREW_AIMED:
        partner = st.soldiers[choice["partner"]]
        yield from fire(g, s, "aimed crew weapon fire [AR-077]", fires={FireType.AIMED},
                        partner=partner, crew_only=True)
        if partner.marker in ar_track.DROP:
            ar_track.drop(g, partner, "he spent his turn on the crew weapon [AR-077]")
    elif action is Action.PREPARE_BAZOOKA:
        load_bazooka(g, s, st.soldiers[choice["carrier"]], choice["weapon"])
    elif action is Action.GRENADE:
        yield from throws.throw_grenade(g, s, Hex.from_label(choice["to"]))
    elif action is Action.PREPARE_SATCHEL:
        throws.prepare_satchel(g, s)
    elif action is Action.THROW_SATCHEL:
        yield from throws.throw_satchel(g, s, Hex.from_label(choice["to"]))
    elif action is Action.ASSAULT:
        assault.assault(g, s, st.soldiers[choice["target"]])
    elif action is Action.MOVE_ASSAULT:
        yield from charge(g, s, turn)
    elif action is Action.DRAG:
        to = Hex.from_label(choice["to"])
        assault.drag(g, s, st.soldiers[choice["soldier"]], to)
        yield from enter(g, s, to)
        turn.mp = 0  # AR-092: the whole MPA
    elif action is Action.PICK_UP:
        assault.pick_up(g, s, choice)
    elif action is Action.VEHICLE:
        assault.load_or_unload(g, s, choice)
    elif action is Action.CLEAR_JAM:
        clear_jam(g, s, choice["weapon"])
    elif action is Action.PREPARE_CREW:
        prepare_crew_weapon(g, choice["weapon"], by=s)
    elif action is Action.MOVE:
        yield from move(g, s, turn, turn.mp)
    elif action is Action.MOVE_CREW:
        yield from move_crew(g, s, st.soldiers[choice["partner"]], turn)
    elif action is Action.MOVE_SNAP:
        yield from move(g, s, turn, min(turn.mp, s.mpa // 2), snap=True)
    elif action is Action.GIVE_TURN:
        command.give_turn(g, s, st.soldiers[choice["soldier"]],
                          ar_track.has_advantage(g, s.side))
    elif action is Action.WAKE:
        command.wake(g, s, st.soldiers[choice["soldier"]])
    elif action is Action.PASS:
        g.log.emit("pass", f"{s.label} passes [AR-044]", soldier=s.id, rule="AR-044")
    else:  # pragma: no cover - every action of the table is handled above
        raise IllegalFire(f"no such action: {action.value}")


def charge(g: RoundsContext, s: Soldier, turn: TurnState) -> Procedure:
    """AR-091: up to half his MPA (rounded down), then an assault on an enemy in the hex he
    ends in (``AMBUSH_TARGET`` if there are several). Returns the loser, or None."""
    yield from move(g, s, turn, min(turn.mp, s.mpa // 2))
    targets = assault.assault_targets(g, s) if s.active and not s.panicked else []
    if not targets:
        g.log.emit("assault", f"{capital(whose('charge', s.label))} ends with no enemy to assault [AR-091]",
                   soldier=s.id, rule="AR-091")
        return None
    target = targets[0]
    if len(targets) > 1:
        choice = yield Decision(
            side=s.side.value, kind=DecisionKind.AMBUSH_TARGET,
            prompt=f"{s.label}: whom does he assault?",
            options=tuple({"target": o.id} for o in targets), facts={"soldier": s.id})
        target = g.state.soldiers[choice["target"]]
    return assault.assault(g, s, target)


def crew_carries(g: RoundsContext, s: Soldier, turn: TurnState) -> list[tuple[Any, Soldier]]:
    """AR-089: the crew weapons he carries whose other carrier is in his hex in his stance
    (standing or crouching) with a turn left, and a hex to enter with the smaller of their
    points: ``(weapon, partner)``."""
    if s.hex is None or s.stance not in UPRIGHT:
        return []
    out = []
    for w in g.state.crew_weapons.values():
        if s.id not in w.carriers:
            continue
        for pid in w.carriers:
            p = g.state.soldiers[pid]
            if pid != s.id and p.hex == s.hex and p.active and not p.panicked \
                    and p.stance is s.stance and ar_track.can_act(p) \
                    and move_steps(g, s, min(turn.mp, p.mpa), crawled=False):
                out.append((w, p))
    return out


def move_crew(g: RoundsContext, s: Soldier, partner: Soldier, turn: TurnState) -> Procedure:
    """AR-089 (house rule, ``ambush-actions.md``): the two carriers move the crew weapon
    together, each keeping his share of its Port Boxes (AR-098). ``s`` moves as in a move
    with the smaller of the two MPAs (one hex if they crouch); when he stops, the partner
    follows into each hex he entered, with its Paragraph Check, and spends his turn too.
    Returns the hexes entered."""
    entered = yield from move(g, s, turn, min(turn.mp, partner.mpa))
    for h in entered:
        if not partner.active or partner.panicked or s.hex is None:
            break
        piece_moved(g, partner)
        partner.hex = h
        g.log.emit("move", f"{partner.label} carries his part of the crew weapon into {h} "
                   "[AR-089]", soldier=partner.id, to=h.label, rule="AR-089")
        yield from g.mission.paragraph_check(g, partner, h)
    if partner.marker in ar_track.DROP:
        ar_track.drop(g, partner, "he spent his turn carrying the crew weapon [AR-089]")
    return entered


# -- movement ----------------------------------------------------------------------------


def enter_cost(g: AmbushContext, s: Soldier, frm: Hex | None, to: Hex) -> int | None:
    """Movement Points to enter ``to`` standing (AR-101): the chart's cost plus the hexside
    crossed; None if it cannot be entered."""
    cost = g.charts.mp_cost(g.state.map.terrain(to))
    if cost is None:
        return None
    if frm is not None:
        side = g.state.map.hexside(frm, to)
        if side is not None:
            extra = g.charts.hexside_mp_cost(side)
            if extra is None:
                return None
            cost += extra
    return cost


def on_edge(g: AmbushContext, h: Hex) -> bool:
    return len(g.state.map.neighbours(h)) < 6


def move_steps(g: RoundsContext, s: Soldier, left: int, crawled: bool) -> list[dict[str, str]]:
    """The hexes he may enter next with ``left`` Movement Points (AR-099..106), and leaving
    the map from an edge hex (US, AR-105). Standing: the chart cost, never more than he has
    left (house rule AR-106). Crouching: one hex, whatever the terrain (AR-100). Off the
    map: the mission's entry hexes, at their cost (AR-013). A soldier aboard a vehicle
    unloads first (house rule AR-094)."""
    if s.stance not in UPRIGHT or s.left_map or s.aboard is not None:
        return []
    crouching = s.stance is Stance.CROUCHING
    if crouching and (crawled or left < 1):
        return []
    if s.hex is None:
        if s.side is not Side.US or not s.aware:
            return []
        near: Sequence[Hex] = g.mission.entry_hexes(g, s)
    else:
        near = g.state.map.neighbours(s.hex)
    out = []
    for h in near:
        cost = enter_cost(g, s, s.hex, h)
        if cost is not None and (crouching or cost <= left):
            out.append({"to": h.label})
    if s.hex is not None and s.side is Side.US and on_edge(g, s.hex) and left >= 1:
        out.append({"to": "off"})
    return out


def enemy_in(g: AmbushContext, s: Soldier, h: Hex) -> bool:
    return bool(g.state.in_hex(h, enemy(s.side)))


def move(g: RoundsContext, s: Soldier, turn: TurnState, budget: int,
         snap: bool = False) -> Procedure:
    """A move (AR-088, AR-099..106), or a move/snap fire (AR-090: half his MPA and one snap
    shot, before, after or between the hexes). One ``AMBUSH_MOVE`` decision per step: a hex,
    ``{"to": "off"}`` to leave the map, the stance change, ``"snap"``, or ``"stop"``; the
    points not spent are lost (AR-103). Returns the hexes entered."""
    entered: list[Hex] = []
    start = s.hex.label if s.hex else None
    shot = not snap
    halted = False
    spent = 0
    while s.active and not s.panicked and not s.left_map:
        left = budget - spent
        steps = [] if halted else move_steps(g, s, left, crawled=bool(entered))
        snap_why = None if shot else snap_problem(g, s)
        options: list[Any] = [*steps, *(["snap"] if not shot and snap_why is None else [])]
        turn.mp = left  # a wounded soldier's stance change comes out of these points
        options += stance_options(s, turn)
        options.append("stop")
        facts: dict[str, Any] = {"soldier": s.id, "left": left,
                                 "from": s.hex.label if s.hex else None, "start": start,
                                 "entered": [h.label for h in entered]}
        if snap:  # AR-090: the shot is offered ("ready"), taken ("fired"), or why not yet
            facts["snap"] = "fired" if shot else "ready" if snap_why is None else "waiting"
            if snap_why is not None:
                facts["snap_why"] = snap_why
        choice = yield Decision(
            side=s.side.value, kind=DecisionKind.AMBUSH_MOVE,
            prompt=f"{s.label}: {left} Movement Points left — enter a hex, or stop",
            options=tuple(options),
            facts=facts,
        )
        if choice == "stop":
            break
        if choice == "snap":
            shot = True
            yield from fire(g, s, "move/snap fire [AR-090]", fires={FireType.SNAP},
                            snap_shots=1)
            continue
        if "stance" in choice:
            change_stance(g, s, Stance(choice["stance"]), turn, moved=bool(entered))
            if s.wounded:
                spent += 1
            continue
        if choice["to"] == "off":
            leave_map(g, s)
            break
        to = Hex.from_label(choice["to"])
        cost = enter_cost(g, s, s.hex, to) or 0
        spent += left if s.stance is Stance.CROUCHING else cost
        halted = yield from enter(g, s, to)
        entered.append(to)
    if spent < budget and entered:
        lost = count(budget - spent, "Movement Point")
        g.log.emit("move", f"{s.label} stops; {lost} {'is' if budget - spent == 1 else 'are'} "
                   "lost [AR-103]", soldier=s.id, lost=budget - spent, rule="AR-103")
    turn.mp = 0  # AR-103
    return entered


def snap_problem(g: AmbushContext, s: Soldier) -> str | None:
    """Why he cannot take a move/snap fire's shot now (AR-090), or None if he can: a
    moving soldier's shot waits for a target, so the move says why it is not offered yet
    rather than leaving it out without a word."""
    if s.hex is None:
        return f"{s.label} is off the map"
    if fire_options(g, s, {FireType.SNAP}):
        return None
    foes = [e for e in g.state.side(enemy(s.side)) if e.hex is not None and sees(g, s, e)]
    if not foes:
        return f"No {'German' if s.side is Side.US else 'American'} in sight to snap-fire at"
    target = Target(soldier=foes[0].id)
    for w in weapons_of(g, s):
        why = why_not(g, s, w.id, FireType.SNAP, target)
        if why:
            return why
    return "no weapon of his can snap fire now (AR-090)"


def enter(g: RoundsContext, s: Soldier, to: Hex) -> Procedure:
    """He enters ``to``: the Paragraph Check (AR-003, AR-073), then the Special Reactions of
    Germans who now see him (AR-113). Returns True if he must stop: the hex holds an enemy
    (AR-102)."""
    frm = s.hex
    seen_before = {o.id for o in g.state.side(enemy(s.side)) if sees(g, o, s)}
    if frm is not None:
        piece_moved(g, s)
    s.hex = to
    g.log.emit("move", f"{s.label} enters {to}" + (f" from {frm}" if frm else " from off the "
               "map [AR-013]"), soldier=s.id, frm=frm.label if frm else None, to=to.label,
               rule="AR-101")
    yield from g.mission.paragraph_check(g, s, to)
    if s.side is Side.US:
        for o in g.state.side(Side.GERMAN):
            if o.id not in seen_before and o.hex is not None and sees(g, o, s):
                yield from g.brain.special_reaction(g, o, Situation.US_INTO_SIGHT, s)
    if enemy_in(g, s, to):
        g.log.emit("move", f"{s.label} must stop: an enemy is in {to} [AR-102]", soldier=s.id,
                   rule="AR-102")
        return True
    return False


def leave_map(g: AmbushContext, s: Soldier) -> None:
    """AR-105: a US soldier who leaves the map cannot come back."""
    piece_moved(g, s)
    s.hex, s.left_map = None, True
    ar_track.set_space(g, s, ARSpace.COMPLETE, "left the map", "AR-105")
    g.log.emit("move", f"{s.label} leaves the map and cannot return [AR-105]", soldier=s.id,
               rule="AR-105")


def evasive_move(g: AmbushContext, german: Soldier, path: Sequence[Hex]) -> list[Hex]:
    """AR-107: a German ordered to move evasively follows ``path`` (the red references) hex by
    hex until no US soldier can see him, and is then removed from the map; if the path runs
    out first he leaves by its end (house rule). He may come back later without scoring his
    activation again (AR-108: ``left_map`` stays set until he returns). Returns the hexes he
    entered."""
    entered: list[Hex] = []
    for h in path:
        if not any(sees(g, u, german) for u in g.state.side(Side.US)):
            break
        piece_moved(g, german)
        german.hex = h
        entered.append(h)
        g.log.emit("move", f"{german.label} moves evasively to {h} [AR-107]",
                   german=german.id, to=h.label, rule="AR-107")
    german.hex, german.left_map = None, True
    ar_track.set_space(g, german, ARSpace.COMPLETE, "evaded: off the map", "AR-107")
    g.log.emit("evade", f"{german.label} is out of sight and leaves the map [AR-107]",
               german=german.id, rule="AR-107")
    return entered


__all__ = [
    "REMOVE_GRENADE_WHY",
    "Action",
    "Option",
    "TurnState",
    "action_table",
    "carry_out",
    "change_stance",
    "charge",
    "enter",
    "enter_cost",
    "evasive_move",
    "leave_map",
    "legal",
    "move",
    "crew_carries",
    "move_crew",
    "move_steps",
    "stance_options",
    "take_turn",
]
