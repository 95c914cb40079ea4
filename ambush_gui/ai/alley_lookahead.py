"""What the hard player compares in Ambush Alley, and how it judges where a side stands.

:class:`ambush_gui.ai.alley_ai.AlleyAI` answers at once by tactical sense; the hard player
(:mod:`ambush_gui.ai.hard`) plays a few of its answers forward over sampled futures. This
module gives it the two things it asks the normal player for:

- :func:`candidates`: up to ``MAX_CANDIDATES`` distinct legal answers worth comparing at
  a decision, the normal answer first (which unit activates or acts, another fire target
  or holding fire, another interrupting unit or none, another end of a move from the
  ends the normal player scored, a Close Assault or not, another plan). A decision with
  one sensible answer gets ``[]``: nothing to compare, no look-ahead spent on it.
- :func:`value`: how well a side stands, from the scenario's own awards scored as if the
  game ended now (whatever the scenario scores), plus a small term for what should still
  score: escorts carried toward the way out, and fighting figures alive.

Nothing here reads dice: it is asked about the game and about forks of it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from ambush_gui.ai.alley_goals import carriers, exit_point
from ambush_gui.ai.alley_insurgent import assault_odds
from ambush_gui.ai.narrate import Choice, narrate
from ambush_gui.alley.model import FigureKind, Side, Unit
from ambush_gui.alley.scenario import AwardEvent
from ambush_gui.alley.turn import RELEASE
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision

if TYPE_CHECKING:
    from ambush_gui.ai.alley_ai import AlleyAI
    from ambush_gui.alley.game import AlleyGame

MAX_CANDIDATES = 3  # answers compared at one decision (the normal one included)
FIGURE_WORTH = 0.05  # VP a fighting figure alive is worth for what it may still score or stop
WIN_BONUS = 3.0  # VP a finished game's win is worth beyond its points (the result is what counts)
MOVE_APART = 2.0  # inches between two move ends for them to count as different answers
CLOSE = 0.6  # a fire target this near the best one's expected casualties is worth comparing
ESCORT_FLOOR = 0.2  # the share of an escort's points a carrier with no time to get out holds
ESCORT_TOP = 0.9  # ...and one with turns to spare


# -- value ------------------------------------------------------------------------------
def standing_points(g: AlleyGame) -> dict[Side, float]:
    """Each side's victory points if the game ended now: the scenario's awards scored on a
    scratch ledger (the game's own ledger and log are left as they were). A finished game
    reads its outcome."""
    st = g.state
    if st.outcome:
        pts = st.outcome.get("points", {})
        return {Side.REGULAR: float(pts.get("regular", 0)), Side.INSURGENT: float(pts.get("insurgent", 0))}
    from ambush_gui.alley import victory

    out = {s: 0.0 for s in Side}
    for a, *_ in victory.tally(g):
        out[a.side] += a.points
    return out


def promise(g: AlleyGame) -> dict[Side, float]:
    """Points not yet scored but on their way: each escort a side carries is worth part of
    its escort_exited points, the more the surer its carrier is to get it off the table
    in the turns left (its way out against a Cautious move a turn: escorts are Dependants,
    and a unit with Dependants never moves Rapidly, DC-006); and every fighting figure
    alive is worth a little (what it may still score or stop)."""
    out = {s: 0.0 for s in Side}
    st = g.state
    left = max(0.5, g.spec.turn_limit - st.turn + (0.5 if st.phase != "end" else 0.0))
    for a in g.spec.victory.all_awards():
        if a.event is not AwardEvent.ESCORT_EXITED:
            continue
        for u in st.side_units(a.side):
            escorts = [f for f in u.figures if f.kind is FigureKind.CONTRACTOR
                       and f.captive is (a.side is Side.INSURGENT)]
            if not escorts:
                continue
            gap = math.dist(u.centre(), exit_point(g, u.centre(), a.side))
            spare = left - gap / max(g.m.cautious, 1.0)  # turns to spare on the way out
            share = ESCORT_FLOOR + (ESCORT_TOP - ESCORT_FLOOR) / (1 + math.exp(-1.5 * spare))
            out[a.side] += a.points * share * len(escorts)
    for u in st.units.values():
        if u.on_table:
            out[u.side] += FIGURE_WORTH * len(u.fighters)
    return out


def value(g: AlleyGame, side: Side | str) -> float:
    """How well ``side`` stands: its points less the enemy's as they stand, plus what is on
    its way (:func:`promise`); a finished game adds the win. Comparable between forks of
    the same moment, higher is better."""
    side = Side(side)
    pts = standing_points(g)
    v = pts[side] - pts[side.enemy]
    if g.state.outcome:
        winner = g.state.outcome.get("winner")
        return v + (WIN_BONUS if winner == side.value else -WIN_BONUS if winner == side.enemy.value else 0.0)
    more = promise(g)
    return v + more[side] - more[side.enemy]


# -- candidates -------------------------------------------------------------------------
def _legal(d: Decision, answer: Any) -> bool:
    try:
        d.validate(answer)
    except IllegalDecision:
        return False
    return True


def _end(answer: Any) -> tuple[float, float] | None:
    if isinstance(answer, dict) and answer.get("path"):
        x, y = answer["path"][-1]
        return float(x), float(y)
    return None


def _distinct(a: Any, b: Any) -> bool:
    """Two answers that play differently (two move ends a few inches apart count as one)."""
    if a == b:
        return False
    ea, eb = _end(a), _end(b)
    if ea is not None and eb is not None and a.get("assault") == b.get("assault") \
            and a.get("join") == b.get("join"):
        return math.dist(ea, eb) >= MOVE_APART
    return True


def candidates(ai: AlleyAI, g: AlleyGame, d: Decision) -> list[Choice]:
    """Up to ``MAX_CANDIDATES`` distinct legal answers to ``d``, the normal answer first;
    ``[]`` where one answer is plainly right or the decision is not one worth a look-ahead."""
    maker = _MAKERS.get(d.kind)
    if maker is None or g.modules and d.kind in (DecisionKind.PLAN, DecisionKind.MOVE):
        return []  # a Force on Force module's plans and moves are its adviser's
    first = ai.decide(g, d)
    if not first.reason:  # every candidate says what it does
        first = Choice(first.answer, narrate(g, d, first.answer))
    out = [first]
    for answer in maker(ai, g, d, first.answer):
        if len(out) >= MAX_CANDIDATES:
            break
        if all(_distinct(answer, c.answer) for c in out) and _legal(d, answer):
            out.append(Choice(answer, narrate(g, d, answer)))
    return out


def _activate(ai: AlleyAI, g: AlleyGame, d: Decision, normal: Any) -> list[Any]:
    """Another unit first: the Marines' order of activation decides who covers whom."""
    units = [g.unit(u) for u in d.options if not str(u).startswith(RELEASE)]
    enemy = [e.points() for e in g.state.side_units(Side.INSURGENT)]
    if enemy:
        pts = np.vstack(enemy)
        units.sort(key=lambda u: float(np.min(np.hypot(*(u.points()[:, None, :] - pts[None, :, :]).T))))
    return [u.id for u in units if not u.is_detached_leader]


def _insurgent_act(ai: AlleyAI, g: AlleyGame, d: Decision, normal: Any) -> list[Any]:
    """Another gang acts first (the nearest to the Marines, then the next)."""
    units = [g.unit(u) for u in d.options[1:] if not str(u).startswith(RELEASE)]
    marines = g.state.side_units(Side.REGULAR)
    if len(units) < 2 or not marines or not carriers(g):  # the order tells once the escorts move
        return []
    units.sort(key=lambda u: min(g.distance(u, m) for m in marines))
    return [u.id for u in units if not u.is_detached_leader]


def _plan(ai: AlleyAI, g: AlleyGame, d: Decision, normal: Any) -> list[Any]:
    """Firing first against moving first, and standing to fire against moving: only where
    the unit has a target in sight (otherwise the plan is a matter of pace)."""
    unit = g.unit(d.facts["unit"])
    if not any(g.sees(unit, e) for e in g.enemies(unit)):
        return []
    prefs = ("cautious:fire-move", "halted", "rapid:move-fire", "cautious:move-fire")
    return [p for p in prefs if p in d.options]


def _fire(ai: AlleyAI, g: AlleyGame, d: Decision, normal: Any) -> list[Any]:
    """The other targets by expected casualties; holding fire when nothing is worth it."""
    unit = g.unit(d.facts["unit"])
    scored = sorted(((ai.hits(g, unit, g.unit(t)), t) for t in d.options[1:]), key=lambda s: -s[0])
    if not scored:
        return []
    top = scored[0][0]
    return [t for v, t in scored if v > 0.05 and v >= CLOSE * top]  # the others are plainly worse


def _interrupt(ai: AlleyAI, g: AlleyGame, d: Decision, normal: Any) -> list[Any]:
    """Not interrupting, and the best interruption of each other unit that could (its best
    shot along the move, or stepping into the carrier's way where it can)."""
    target = g.unit(d.facts["target"])
    out: list[Any] = ["none"] if normal != "none" else []
    best: dict[str, tuple[float, Any]] = {}
    blocks: set[str] = set()
    for opt in d.options[1:]:
        ins = g.unit(opt["unit"])
        if opt["kind"] == "move":  # its earliest point (they come in order): a block?
            if ins.id in blocks or d.facts.get("what") != "move" or not target.dependants:
                continue
            blocks.add(ins.id)
            block = ai.block_value(g, d, ins, target, float(opt["at"]))
            if block is not None:
                v = block[0] * (0.7 if ins.leader is None else 1.0)
                if ins.id not in best or v > best[ins.id][0]:
                    best[ins.id] = (v, opt)
            continue
        if opt["kind"] == "fire_pinned":
            v = ai.hits(g, ins, g.unit(opt["target"]))
        elif opt["kind"] == "fire":
            if d.facts.get("what") == "fire" and d.facts.get("aimed_at") not in (None, ins.id):
                continue
            v = ai.hits(g, ins, target) - 0.02 * float(opt.get("at", 0.0))
        else:
            continue
        if ins.leader is None:
            v *= 0.6  # the Interrupt Check (AA-072) may fail
        if v > 0.1 and (ins.id not in best or v > best[ins.id][0]):
            best[ins.id] = (v, opt)
    chosen = normal.get("unit") if isinstance(normal, dict) else None
    ranked = sorted((v for uid, v in best.items() if uid != chosen), key=lambda t: -t[0])
    out += [opt for _, opt in ranked]
    return out


def _move(ai: AlleyAI, g: AlleyGame, d: Decision, normal: Any) -> list[Any]:
    """Other ends of the move the normal player scored, staying put, and for Insurgents a
    Close Assault on the Marine unit in reach with the best odds (or not making one)."""
    unit = g.unit(d.facts["unit"])
    out: list[Any] = []
    if unit.side is Side.INSURGENT and d.facts.get("may_assault"):
        if isinstance(normal, dict) and normal.get("assault"):
            out += [c for c in getattr(ai, "move_ends", []) if not c.get("assault")][:1]
        else:
            assault = _assault(g, d, unit)
            if assault is not None:
                out.append(assault)
    ends = list(getattr(ai, "move_ends", []))
    road = _on_the_way_out(g) if unit.side is Side.INSURGENT else []
    if road and ends:  # the end that stands most in the carrier's road
        out.append(min(ends, key=lambda a: min(math.dist(_end(a) or unit.centre(), p) for p in road)))
    out += ends[1:4]
    if normal != "stay":
        out.append("stay")
    return out


def _assault(g: AlleyGame, d: Decision, unit: Unit) -> Any:
    """A legal Close Assault move on the Marine unit in reach that should lose the most
    figures to it, straight at its nearest figure."""
    if unit.is_detached_leader or unit.dependants or unit.shaken(g.state.turn):
        return None
    limit = float(d.facts.get("limit", 0))
    speeds = d.facts.get("speeds")
    scored = []
    for m in g.state.side_units(Side.REGULAR):
        if g.distance(unit, m) <= limit + 0.5:
            o = assault_odds(g, unit, m)
            scored.append((o.mean_casualties + 2.0 * o.win, m))
    for _, m in sorted(scored, key=lambda t: -t[0])[:2]:
        ours, theirs = unit.points(), m.points()
        gaps = np.hypot(ours[:, None, 0] - theirs[None, :, 0], ours[:, None, 1] - theirs[None, :, 1])
        i, j = np.unravel_index(int(np.argmin(gaps)), gaps.shape)
        away = ours[i] - theirs[j]
        norm = float(np.hypot(*away)) or 1.0
        spot = theirs[j] + 0.8 * g.m.scale * away / norm
        end = np.array(unit.centre()) + spot - ours[i]
        choice: dict[str, Any] = {"path": [[round(float(end[0]), 3), round(float(end[1]), 3)]],
                                  "assault": m.id}
        if speeds:
            choice["speed"] = speeds[-1]
        if _legal(d, choice):
            return choice
    return None


def _on_the_way_out(g: AlleyGame) -> list[tuple[float, float]]:
    """Points on each carrier's way out: a third and two thirds of the way from it to its
    exit (where Insurgents set down or moved there stand in its road)."""
    out = []
    for c in carriers(g):
        x0, y0 = c.centre()
        x1, y1 = exit_point(g, (x0, y0), Side.REGULAR)
        out += [(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t) for t in (0.0, 0.35, 0.7)]
    return out


def _place(ai: AlleyAI, g: AlleyGame, d: Decision, normal: Any) -> list[Any]:
    """Reinforcements set down in the carrier's road or nearest to it (the normal player sets
    them down near its ambush points)."""
    road = _on_the_way_out(g)
    if not road or len(d.options) < 2:
        return []
    out = []
    for p in road[1:] + road[:1]:
        out.append(min(d.options, key=lambda o: math.dist((float(o[0]), float(o[1])), p)))
    return out


def _hot_spot(ai: AlleyAI, g: AlleyGame, d: Decision, normal: Any) -> list[Any]:
    """The Hot Spot nearest the carrier's road."""
    road = _on_the_way_out(g)
    if not road or len(d.options) < 2:
        return []
    spots = g.state.hot_spots

    def gap(n: Any) -> float:
        h = spots[n]
        return min(math.dist((h.x, h.y), p) for p in road)

    return sorted(d.options, key=gap)


def decisive(g: AlleyGame, d: Decision) -> bool:
    """Whether the decision is one the game turns on (worth the most futures, played to
    the end of the game): once a unit carries the escorts, the carrier's own plans, moves
    and fire; an Insurgent interruption of it, fire at it, a move that may Close Assault
    or ends in its road, and where reinforcements arrive."""
    car = {u.id for u in carriers(g)}
    if not car:
        return False
    f = d.facts
    if d.kind in (DecisionKind.PLACE, DecisionKind.HOT_SPOT):
        return True
    if d.kind is DecisionKind.INTERRUPT:
        return str(f.get("target")) in car
    if d.kind is DecisionKind.FIRE:
        return str(f.get("unit")) in car or any(str(o) in car for o in d.options[1:])
    if d.kind in (DecisionKind.PLAN, DecisionKind.MOVE):
        uid = str(f.get("unit"))
        if uid in car:
            return True
        if d.side == Side.INSURGENT.value and d.kind is DecisionKind.MOVE:
            unit = g.unit(uid)
            reach = float(f.get("limit", 0)) + g.m.rapid
            return any(g.distance(unit, g.unit(c)) <= reach for c in car)
    return False


def _overwatch(ai: AlleyAI, g: AlleyGame, d: Decision, normal: Any) -> list[Any]:
    """Answering the interruption from Overwatch or not."""
    return ["none", *d.options[1:]]


_MAKERS = {
    DecisionKind.ACTIVATE: _activate,
    DecisionKind.INSURGENT_ACT: _insurgent_act,
    DecisionKind.PLAN: _plan,
    DecisionKind.MOVE: _move,
    DecisionKind.FIRE: _fire,
    DecisionKind.INTERRUPT: _interrupt,
    DecisionKind.OVERWATCH: _overwatch,
    DecisionKind.PLACE: _place,
    DecisionKind.HOT_SPOT: _hot_spot,
}
