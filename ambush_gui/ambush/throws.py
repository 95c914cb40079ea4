"""Thrown weapons during Action Rounds: grenades and satchel charges (seed 002 AR-080..083,
AR-086, AR-025; seed 004's Grenade, Grenade Inside and Satchel rows).

The seeds give the actions, stances and ranges but not how a throw lands (AR-097). House
rules (``docs/rules/ambush-actions.md``):

- **Range** is the Weapon Chart's ``throw`` for the thrower's stance (AR-082: shorter
  crouching; AR-081: a satchel charge standing only, one to three hexes). He throws at a hex
  holding an enemy he can see, never his own.
- **Dud** (FC-011): percentile at or under the chart's Jam number; nothing goes off.
- **Landing**: one 0-9 die against the chart's hit number for the band plus his WS, as a
  shot (FC-016..018: 0 always lands, 9 always misses). A miss **scatters** one hex, in the
  direction of one six-sided die (1 north, then clockwise); off the map, it is lost. A
  scattered throw makes the US soldiers of both hexes aware (AR-025).
- **Remove live grenade** (AR-086), out of turn: before a grenade goes off, each active,
  unpanicked soldier standing or crouching in the hex it landed in may try to throw it out
  (US: a decision; Germans always try). A passed Perception Check throws it clear: it goes off
  harmlessly outside. Trying costs his next turn this Round if he has one. The first to pass
  ends it; if all fail or nobody tries, it goes off.
- **Burst**: every active soldier in the landing hex, of either side, rolls on the Grenade
  row (Grenade Inside in a building) or the Satchel row.

A grenade is prepared and thrown in one action (AR-082); a satchel charge is prepared in one
turn (AR-080) and thrown in a later one (AR-081). A soldier never moves and throws in the
same turn (AR-083): both are whole actions, and a turn is one action (AR-070).
"""

from __future__ import annotations

from ambush_gui.ambush import ar_track
from ambush_gui.ambush.charts import Stance, WeaponKind, hit_number, hits
from ambush_gui.ambush.fire import (
    HitOdds,
    IllegalFire,
    alert,
    apply_damage,
    cross_off,
    perception_check,
    sees,
)
from ambush_gui.ambush.model import AmbushContext, Side, Soldier, enemy
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.events import Modifier
from ambush_gui.core.game import Procedure
from ambush_gui.core.hexgrid import Direction, Hex, rules_range
from ambush_gui.core.words import count, whose, with_article

UPRIGHT = (Stance.STANDING, Stance.CROUCHING)


def _kind_items(g: AmbushContext, s: Soldier, kind: WeaponKind) -> list[str]:
    """Weapon Chart keys of the thrown weapons of ``kind`` he has: a US soldier's Ammo Boxes
    (FC-039), a German's weapons (Germans count no ammunition, FC-043)."""
    keys = s.ammo if s.side is Side.US else [w.weapon for w in s.weapons if not w.broken]
    return sorted({k for k in keys if g.charts.weapon(k).kind is kind})


def has_grenade(g: AmbushContext, s: Soldier) -> bool:
    """Whether he carries a grenade at all (AR-082), whatever his stance or targets."""
    return bool(_kind_items(g, s, WeaponKind.GRENADE))


def throw_targets(g: AmbushContext, s: Soldier, kind: WeaponKind) -> list[Hex]:
    """Hexes he may throw a ``kind`` at now: within the chart's throw for his stance, not his
    own, holding an enemy he can see (AR-081, AR-082)."""
    items = _kind_items(g, s, kind)
    if not items or s.hex is None:
        return []
    reach = g.charts.throw_range(items[0], s.stance)
    if not reach:
        return []
    out = []
    for o in g.state.side(enemy(s.side)):
        if o.hex is not None and o.hex not in out and sees(g, s, o) \
                and 1 <= rules_range(s.hex, o.hex) <= reach:
            out.append(o.hex)
    return sorted(out)


def grenade_problem(g: AmbushContext, s: Soldier) -> str | None:
    """Why he cannot prepare and throw a grenade now (AR-082), or None: first that he has
    none (a prone man without one was told to get up to throw it)."""
    if not _kind_items(g, s, WeaponKind.GRENADE):
        return f"{s.label} has no grenade (AR-082)"
    if s.stance not in UPRIGHT:
        return f"{s.label} is {s.stance.value}: a grenade is thrown standing or crouching (AR-082)"
    if not throw_targets(g, s, WeaponKind.GRENADE):
        return f"no enemy he can see within his {s.stance.value} throw (AR-082)"
    return None


def satchel_prepare_problem(g: AmbushContext, s: Soldier) -> str | None:
    """Why he cannot prepare a satchel charge now (AR-080), or None: first that he has none."""
    if s.satchel_ready:
        return f"{s.label} already holds a prepared satchel charge (AR-080)"
    if not _kind_items(g, s, WeaponKind.SATCHEL):
        return f"{s.label} has no satchel charge (AR-080)"
    if s.stance not in UPRIGHT:
        return f"{s.label} is {s.stance.value}: a satchel charge is prepared standing or " \
               "crouching (AR-080)"
    return None


def satchel_throw_problem(g: AmbushContext, s: Soldier) -> str | None:
    """Why he cannot throw a satchel charge now (AR-081), or None."""
    if not s.satchel_ready:
        return "he has no prepared satchel charge: prepare it first (AR-080, AR-081)"
    if s.stance is not Stance.STANDING:
        return f"{s.label} is {s.stance.value}: a satchel charge is thrown standing (AR-081)"
    if not throw_targets(g, s, WeaponKind.SATCHEL):
        return "no enemy he can see one to three hexes away (AR-081)"
    return None


def prepare_satchel(g: AmbushContext, s: Soldier) -> None:
    """AR-080: he readies a satchel charge; he throws it in a later turn (AR-081)."""
    why = satchel_prepare_problem(g, s)
    if why:
        raise IllegalFire(why)
    s.satchel_ready = True
    g.log.emit("satchel", f"{s.label} prepares a satchel charge [AR-080]", soldier=s.id,
               rule="AR-080")


def scatter(g: AmbushContext, target: Hex, what: str) -> Hex | None:
    """House rule AR-097: a miss lands one hex off, toward one six-sided die (1 north, then
    clockwise); None when that is off the map."""
    face = g.dice.d6(f"Scatter: which way the {what} goes from {target}")
    to = target.neighbour(Direction(face - 1))
    on = to in g.state.map
    g.log.emit("scatter", f"The {what} scatters toward {Direction(face - 1).name.lower()} "
               f"({face}): " + (f"it lands in {to}" if on else "off the map, lost"),
               die=face, frm=target.label, to=to.label if on else None, rule="AR-097")
    return to if on else None


def throw_odds(g: AmbushContext, thrower: Soldier, item: str, target: Hex) -> HitOdds:
    """The landing number of his throw of ``item`` at ``target`` (house rule AR-097): the
    chart's hit number for the band plus his WS, kept within 0-8, as a shot's."""
    assert thrower.hex is not None
    spec = g.charts.weapon(item)
    rng = rules_range(thrower.hex, target)
    band = g.charts.range_band(item, rng)
    assert band is not None  # throw_targets keeps within the throw, inside long range
    base = int(getattr(spec.hit, band.value))
    return HitOdds(range=rng, band=band, base=base,
                   modifiers=(Modifier(whose("WS", thrower.label), thrower.ws, "FC-026"),),
                   number=hit_number(base, thrower.ws, 0))


def throw_facts(g: AmbushContext, thrower: Soldier, kind: WeaponKind, target: Hex) -> dict[str, object]:
    """What the player sees before he throws a ``kind`` at ``target``: the item, its dud
    number (FC-011, percentile at or under) and the landing odds (AR-097)."""
    item = _kind_items(g, thrower, kind)[0]
    spec = g.charts.weapon(item)
    return {"to": target.label, "item": item, "dud": spec.jam,
            **throw_odds(g, thrower, item, target).to_json()}


def _land(g: AmbushContext, thrower: Soldier, item: str, target: Hex) -> Hex | None:
    """Dud (FC-011) then the landing roll and any scatter (house rule AR-097). Returns the hex
    it goes off in, or None."""
    spec = g.charts.weapon(item)
    assert thrower.hex is not None
    alert(g, target, f"{thrower.label} throws {with_article(spec.name)} at {target}")
    dud = g.dice.percentile(f"Dud? {whose(spec.name, thrower.label)}") \
        if spec.jam is not None else None
    if dud is not None and spec.jam is not None and dud <= spec.jam:
        g.log.emit("dud", f"{dud:02d} at or under {spec.jam}: the {spec.name} is a dud "
                   "[FC-011]", die=dud, rule="FC-011")
        return None
    odds = throw_odds(g, thrower, item, target)
    rng, band, base, number = odds.range, odds.band, odds.base, odds.number
    die = g.dice.zero_to_nine(f"Throw: {whose(spec.name, thrower.label)} at {target}")
    ok = hits(number, die)
    g.log.emit("throw", f"{thrower.label} throws {with_article(spec.name)} "
               f"{count(rng, 'hex', 'hexes')} at {target}: {die} "
               f"against {number} ({band.value} {base} + WS {thrower.ws}): "
               + ("it lands" if ok else "it misses") + " [AR-097]", soldier=thrower.id,
               weapon=item, to=target.label, die=die, number=number, landed=ok, rule="AR-097")
    if ok:
        return target
    landed = scatter(g, target, spec.name)
    if landed is not None:
        alert(g, landed, f"a scattered {spec.name}")
        g.log.emit("aware", f"A scattered {spec.name} wakes {target} and {landed} [AR-025]",
                   hexes=[target.label, landed.label], rule="AR-025")
    return landed


def burst(g: AmbushContext, where: Hex, row: str, what: str) -> None:
    """Every active soldier in ``where``, of either side, rolls on ``row`` (seed 004)."""
    for s in g.state.in_hex(where):
        die = g.dice.zero_to_nine(f"Damage: {s.label} ({what} in {where}) on the {row} row")
        result = g.charts.damage(row, die)
        g.log.emit("damage_roll", f"Damage on the {row} row: {die} → {result.value}",
                   soldier=s.id, row=row, die=die, result=result.value, rule="FC-019")
        apply_damage(g, s, result, what)


def remove_live_grenade(g: AmbushContext, where: Hex) -> Procedure:
    """AR-086, out of turn: soldiers in ``where`` may try to throw the grenade out before it
    goes off (house rule in the module docstring). Returns True if it was thrown clear."""
    for s in list(g.state.in_hex(where)):
        if s.panicked or s.stance not in UPRIGHT or (s.side is Side.US and not s.aware):
            continue
        if s.side is Side.US:
            choice = yield Decision(
                side=s.side.value, kind=DecisionKind.AMBUSH_ACTION,
                prompt=f"A live grenade in {where}: does {s.label} try to throw it out "
                       "(a Perception Check; it costs his next turn)?",
                options=({"action": "remove_grenade"}, {"action": "pass"}),
                facts={"soldier": s.id, "hex": where.label, "rule": "AR-086"})
            if choice["action"] != "remove_grenade":
                continue
        g.log.emit("remove_grenade", f"{s.label} grabs for the live grenade [AR-086]",
                   soldier=s.id, rule="AR-086")
        if s.marker in ar_track.DROP and s.turns:
            ar_track.drop(g, s, "he spent a turn on the live grenade [AR-086]")
        if perception_check(g, s, "remove a live grenade"):
            g.log.emit("remove_grenade", f"{s.label} throws the grenade out of {where}: it "
                       "goes off harmlessly [AR-086]", soldier=s.id, rule="AR-086")
            return True
    return False


def throw_grenade(g: AmbushContext, s: Soldier, target: Hex) -> Procedure:
    """AR-082: prepare and throw a grenade at ``target`` (US turn or German brain). Returns
    the hex it went off in, or None."""
    why = grenade_problem(g, s)
    if why is None and target not in throw_targets(g, s, WeaponKind.GRENADE):
        why = f"{target} is not a hex he can throw a grenade at (AR-082)"
    if why:
        raise IllegalFire(why)
    item = _kind_items(g, s, WeaponKind.GRENADE)[0]
    cross_off(g, s, item)
    landed = _land(g, s, item, target)
    if landed is None:
        return None
    if (yield from remove_live_grenade(g, landed)):
        return None
    inside = g.charts.building(g.state.map.terrain(landed)) is not None
    burst(g, landed, "grenade-inside" if inside else "grenade",
          f"a grenade bursts{' inside' if inside else ''}")
    return landed


def throw_satchel(g: AmbushContext, s: Soldier, target: Hex) -> Procedure:
    """AR-081: throw the prepared satchel charge, standing, one to three hexes. Returns the
    hex it went off in, or None."""
    why = satchel_throw_problem(g, s)
    if why is None and target not in throw_targets(g, s, WeaponKind.SATCHEL):
        why = f"{target} is not a hex he can throw a satchel charge at (AR-081)"
    if why:
        raise IllegalFire(why)
    item = _kind_items(g, s, WeaponKind.SATCHEL)[0]
    cross_off(g, s, item)
    s.satchel_ready = False
    landed = _land(g, s, item, target)
    if landed is not None:
        burst(g, landed, "satchel", "a satchel charge goes off")
    return landed
    yield  # a generator like the other actions


__all__ = [
    "burst",
    "grenade_problem",
    "prepare_satchel",
    "remove_live_grenade",
    "satchel_prepare_problem",
    "satchel_throw_problem",
    "scatter",
    "throw_facts",
    "throw_grenade",
    "throw_odds",
    "throw_satchel",
    "throw_targets",
]
