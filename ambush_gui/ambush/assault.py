"""Close combat and handling the fallen during Action Rounds: Assault (AR-079), Move/charge
assault (AR-091), Drag inactive soldier (AR-092, AR-096), Pick up or exchange equipment
(AR-093) and Load or unload a vehicle (AR-094, AR-096).

The seeds name Assault but give no resolution (AR-097). House rule
(``docs/rules/ambush-actions.md``): the attacker, standing in the defender's hex, and the
defender each roll one 0-9 die and add their WS; a wounded soldier takes 1 off, a panicked
defender 2. The higher total wins; a tie changes nothing. The loser is incapacitated, or
captured if he was panicked. Any assault makes the US soldiers of the hex aware (AR-024).
"""

from __future__ import annotations

from ambush_gui.ambush.charts import DamageResult, Stance
from ambush_gui.ambush.fire import IllegalFire, alert, apply_damage, move_marker
from ambush_gui.ambush.model import MAX_AMMO_BOXES, AmbushContext, ARSpace, Soldier, Status, enemy
from ambush_gui.core.hexgrid import Hex
from ambush_gui.core.words import whose

UPRIGHT = (Stance.STANDING, Stance.CROUCHING)


# -- assault --------------------------------------------------------------------------------


def assault_targets(g: AmbushContext, s: Soldier) -> list[Soldier]:
    """The active enemies in his hex he may assault: he must be standing (AR-079)."""
    if s.hex is None or s.stance is not Stance.STANDING:
        return []
    return g.state.in_hex(s.hex, enemy(s.side))


def assault_problem(g: AmbushContext, s: Soldier) -> str | None:
    """Why he cannot assault now (AR-079), or None."""
    if s.stance is not Stance.STANDING:
        return f"{s.label} is {s.stance.value}: an assault is made standing (AR-079)"
    if not assault_targets(g, s):
        return "no enemy in his hex: an assault is made in the enemy's hex (AR-079)"
    return None


def _total(g: AmbushContext, s: Soldier, role: str) -> tuple[int, int]:
    die = g.dice.zero_to_nine(f"Assault: {s.label} ({role})")
    total = die + s.ws - (1 if s.wounded else 0) - (2 if s.panicked else 0)
    return die, total


def assault(g: AmbushContext, attacker: Soldier, defender: Soldier) -> Soldier | None:
    """AR-079 with the house rule of the module docstring. Returns the loser, or None on a
    tie."""
    if defender not in assault_targets(g, attacker):
        raise IllegalFire(assault_problem(g, attacker) or
                          f"{defender.label} is not an enemy in {whose('hex', attacker.label)} (AR-079)")
    assert attacker.hex is not None
    alert(g, attacker.hex, f"{attacker.label} assaults {defender.label}")
    a_die, a = _total(g, attacker, "attacker")
    d_die, d = _total(g, defender, "defender")
    loser = attacker if d > a else defender if a > d else None
    g.log.emit("assault", f"{attacker.label} assaults {defender.label}: {a_die} → {a} against "
               f"{d_die} → {d}: " + (f"{loser.label} loses" if loser else "a tie, no effect")
               + " [AR-079, house rule AR-097]", attacker=attacker.id, defender=defender.id,
               dice=[a_die, d_die], totals=[a, d], loser=loser.id if loser else None,
               rule="AR-079")
    if loser is None:
        return None
    if loser.panicked:
        loser.status, loser.guarding = Status.CAPTURED, None
        g.log.emit("damage", f"{loser.label} is captured (assault)", soldier=loser.id,
                   result="captured")
        move_marker(g, loser, ARSpace.INACTIVE, "captured", "AR-053")
    else:
        apply_damage(g, loser, DamageResult.INCAPACITATED, "assault")
    return loser


# -- drag -----------------------------------------------------------------------------------


def empty_port_boxes(g: AmbushContext, s: Soldier) -> int:
    """Port Boxes on his card not holding a crew weapon piece (FC-054)."""
    held = sum(w.carriers.get(s.id, 0) for w in g.state.crew_weapons.values())
    return max(0, s.port_boxes - held)


def _bodies(g: AmbushContext, s: Soldier) -> list[Soldier]:
    """Incapacitated or dead friends in his hex he may carry: he is standing with an empty
    Port Box (AR-092, and house rule AR-094); a captured soldier is the enemy's."""
    if s.hex is None or s.stance is not Stance.STANDING or empty_port_boxes(g, s) < 1:
        return []
    return [o for o in g.state.in_hex(s.hex, s.side, active=False)
            if o.status in (Status.INCAPACITATED, Status.DEAD)]


def draggable(g: AmbushContext, s: Soldier) -> list[Soldier]:
    """Inactive friends in his hex he may drag: he is standing with an empty Port Box (AR-092);
    a captured soldier is the enemy's; one aboard a vehicle is unloaded first (AR-094)."""
    return [o for o in _bodies(g, s) if o.aboard is None]


def drag_problem(g: AmbushContext, s: Soldier) -> str | None:
    """Why he cannot drag now (AR-092), or None."""
    if s.stance is not Stance.STANDING:
        return f"{s.label} is {s.stance.value}: a soldier is dragged standing (AR-092)"
    if empty_port_boxes(g, s) < 1:
        return f"{s.label} has no empty Port Box (AR-092)"
    if not draggable(g, s):
        return "no incapacitated or dead friend in his hex (AR-092)"
    return None


def drag(g: AmbushContext, s: Soldier, body: Soldier, to: Hex) -> None:
    """AR-092 (house rule AR-096): his whole MPA moves him and ``body`` one hex; an
    incapacitated soldier dies on a 0 of one die per drag. The dragger himself then enters
    ``to`` with its Paragraph Check: the caller's (``actions.enter``)."""
    if body not in draggable(g, s) or s.hex is None or to not in g.state.map.neighbours(s.hex):
        raise IllegalFire(drag_problem(g, s) or f"{to} is not next to {s.label} (AR-092)")
    body.hex = to
    g.log.emit("drag", f"{s.label} drags {body.label} to {to} [AR-092]", soldier=s.id,
               body=body.id, to=to.label, rule="AR-092")
    if body.status is Status.INCAPACITATED:
        die = g.dice.zero_to_nine(f"Dragged: does {body.label} die? (0 kills)")
        dies = die == 0
        g.log.emit("drag", f"{body.label} dragged: {die}" + (": he dies" if dies else
                   ": he survives") + " [AR-092, house rule AR-096]", soldier=body.id,
                   die=die, dies=dies, rule="AR-096")
        if dies:
            body.status = Status.DEAD


# -- pick up or exchange --------------------------------------------------------------------


def pick_up_options(g: AmbushContext, s: Soldier) -> list[dict[str, str]]:
    """AR-093: standing or crouching, he takes a weapon or an Ammo Box from a friend in his
    hex (an exchange) or, crouching only, from an inactive soldier there, up to six Ammo
    Boxes (FC-039). ``{"from": id, "weapon": weapon id}`` or ``{"from": id, "ammo": key}``."""
    if s.hex is None or s.stance not in UPRIGHT:
        return []
    out: list[dict[str, str]] = []
    for o in g.state.in_hex(s.hex, active=False):
        if o.id == s.id or (o.side is not s.side and o.active):
            continue
        if not o.active and s.stance is not Stance.CROUCHING:
            continue  # AR-093: crouching to take from an inactive soldier
        out += [{"from": o.id, "weapon": w.id} for w in o.weapons if not w.broken]
        if len(s.ammo) < MAX_AMMO_BOXES:
            out += [{"from": o.id, "ammo": k} for k in sorted(set(o.ammo))]
    return out


def pick_up_problem(g: AmbushContext, s: Soldier) -> str | None:
    if s.stance not in UPRIGHT:
        return f"{s.label} is {s.stance.value}: needs him standing or crouching (AR-093)"
    if pick_up_options(g, s):
        return None
    return ("nothing to take in his hex (from an inactive soldier only crouching, at most six "
            "Ammo Boxes) (AR-093, FC-039)")


def pick_up(g: AmbushContext, s: Soldier, choice: dict[str, str]) -> None:
    """AR-093: carry out one of :func:`pick_up_options`."""
    opt = {k: v for k, v in choice.items() if k != "action"}
    if opt not in pick_up_options(g, s):
        raise IllegalFire(pick_up_problem(g, s) or f"{opt} is not his to take (AR-093)")
    o = g.state.soldiers[opt["from"]]
    if "weapon" in opt:
        w = o.weapon(opt["weapon"])
        o.weapons.remove(w)
        s.weapons.append(w)
        what = g.charts.weapon(w.weapon).name
    else:
        o.ammo.remove(opt["ammo"])
        s.ammo.append(opt["ammo"])
        what = f"an Ammo Box ({g.charts.weapon(opt['ammo']).name})"
    g.log.emit("pick_up", f"{s.label} takes {what} from {o.label} [AR-093]", soldier=s.id,
               frm=o.id, **opt, rule="AR-093")


# -- load or unload a vehicle ---------------------------------------------------------------


def vehicle_options(g: AmbushContext, s: Soldier) -> list[dict[str, str]]:
    """AR-094 (house rule, ``ambush-actions.md``): standing, he gets aboard a vehicle in his
    hex with room (``{"load": vehicle id}``), or gets off the one he is aboard
    (``{"unload": vehicle id}``). With an empty Port Box he may carry an incapacitated or dead
    friend of his hex on with him (room for both) or off with him (the friend aboard the same
    vehicle): ``{..., "soldier": id}``."""
    if s.hex is None or s.stance is not Stance.STANDING or not s.active:
        return []
    out: list[dict[str, str]] = []
    if s.aboard is None:
        for v in g.state.vehicles.values():
            if v.hex != s.hex or v.room < 1:
                continue
            out.append({"load": v.id})
            if v.room >= 2:
                out += [{"load": v.id, "soldier": o.id} for o in _bodies(g, s)
                        if o.aboard is None]
    else:
        out.append({"unload": s.aboard})
        out += [{"unload": s.aboard, "soldier": o.id} for o in _bodies(g, s)
                if o.aboard == s.aboard]
    return out


def vehicle_problem(g: AmbushContext, s: Soldier) -> str | None:
    """Why he cannot load or unload a vehicle now (AR-094), or None."""
    if s.stance is not Stance.STANDING:
        return f"{s.label} is {s.stance.value}: a vehicle is loaded or unloaded standing (AR-094)"
    if vehicle_options(g, s):
        return None
    if s.hex is not None and any(v.hex == s.hex for v in g.state.vehicles.values()):
        return "every vehicle in his hex is full (AR-094)"
    return "no vehicle in his hex to get aboard, and he is not aboard one (AR-094)"


def load_or_unload(g: AmbushContext, s: Soldier, choice: dict[str, str]) -> None:
    """AR-094: carry out one of :func:`vehicle_options`. A carried incapacitated soldier rolls
    one 0-9 die once the action is done and dies on a 0 (house rule AR-096)."""
    opt = {k: v for k, v in choice.items() if k != "action"}
    if opt not in vehicle_options(g, s):
        raise IllegalFire(vehicle_problem(g, s) or f"{opt} is not a load he can make (AR-094)")
    loading = "load" in opt
    v = g.state.vehicles[opt["load"] if loading else opt["unload"]]
    body = g.state.soldiers[opt["soldier"]] if "soldier" in opt else None
    for o in (s, body):
        if o is None:
            continue
        if loading:
            v.passengers.append(o.id)
            o.aboard = v.id
        else:
            v.passengers.remove(o.id)
            o.aboard = None
    what = f" with {body.label}" if body else ""
    g.log.emit("vehicle", f"{s.label} gets {'aboard' if loading else 'off'} {v.name}{what} "
               "[AR-094]", soldier=s.id, vehicle=v.id, load=loading,
               body=body.id if body else None, rule="AR-094")
    if body is not None and body.status is Status.INCAPACITATED:
        verb = "Loaded" if loading else "Unloaded"
        die = g.dice.zero_to_nine(f"{verb}: does {body.label} die? (0 kills)")
        dies = die == 0
        g.log.emit("vehicle", f"{body.label} {verb.lower()}: {die}" + (": he dies" if dies else
                   ": he survives") + " [AR-094, house rule AR-096]", soldier=body.id,
                   die=die, dies=dies, rule="AR-096")
        if dies:
            body.status = Status.DEAD


__all__ = [
    "assault",
    "assault_problem",
    "assault_targets",
    "drag",
    "drag_problem",
    "draggable",
    "empty_port_boxes",
    "load_or_unload",
    "pick_up",
    "pick_up_options",
    "pick_up_problem",
    "vehicle_options",
    "vehicle_problem",
]
