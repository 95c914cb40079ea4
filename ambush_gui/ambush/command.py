"""Command and commanders during Action Rounds (seed 002; AR-055..063, AR-026).

A US soldier is **in command** when his LDR plus the LDR of every other active US soldier
in his hex comes to 5 or more (AR-055). A **commander** also projects his LDR into every
hex within two of his, and the soldiers there project theirs back to him (AR-056); a
panicked or inactive commander projects nothing and receives nothing (AR-057). Command
matters only when AR markers are placed: out of command, a red number panics (AR-059).

The seeds lost the rating's symbol and never say who is a commander (AR-058). House
rules (``docs/rules/ambush-rounds.md``):

- the rating is **LDR** (DESIGN.md);
- a **commander** is an active US soldier whose LDR is :data:`COMMANDER_LDR` or more
  (the squad's NCOs; a private's card reads 1);
- **projecting** adds: a soldier's command sum is his own hex's sum plus the LDR of every
  commander within two hexes (outside his hex) who has a Command Radius; a commander's sum
  also adds the LDR of every active US soldier within two hexes of him;
- off-map soldiers count as one hex (AR-014), out of reach of every map hex.
"""

from __future__ import annotations

from ambush_gui.ambush.charts import ARSpace
from ambush_gui.ambush.model import AmbushContext, Side, Soldier
from ambush_gui.ambush.words import SPACE_NAMES
from ambush_gui.core.hexgrid import Hex
from ambush_gui.core.words import whose

COMMAND_SUM = 5
"""AR-055: the LDR sum that puts a soldier in command."""

COMMANDER_LDR = 2
"""House rule AR-058: a US soldier with this LDR or more is a commander."""

COMMAND_RADIUS = 2
"""AR-056, AR-061, AR-026: a commander's reach, in hexes."""

RISE: dict[ARSpace, ARSpace] = {
    ARSpace.COMPLETE: ARSpace.ONE_TURN_ADVANTAGE,  # the half is fixed by the side (AR-039)
    ARSpace.ONE_TURN_ADVANTAGE: ARSpace.TWO_TURN_ADVANTAGE,
    ARSpace.ONE_TURN_DISADVANTAGE: ARSpace.TWO_TURN_DISADVANTAGE,
}


def apart(a: Hex | None, b: Hex | None) -> int:
    """Hexes between two soldiers' places; off-map soldiers share one place (AR-014) that is
    out of reach of the map."""
    if a is None and b is None:
        return 0
    if a is None or b is None:
        return COMMAND_RADIUS + 1
    return a.distance(b)


def is_commander(s: Soldier) -> bool:
    """House rule AR-058: an active US soldier with LDR :data:`COMMANDER_LDR` or more."""
    return s.side is Side.US and s.active and s.ldr >= COMMANDER_LDR


def has_radius(s: Soldier) -> bool:
    """AR-057: a commander who is panicked or inactive has no Command Radius."""
    return is_commander(s) and not s.panicked


def command_givers(g: AmbushContext, s: Soldier) -> list[tuple[Soldier, int]]:
    """Every other soldier whose LDR counts in his command sum, with the hexes between them:
    every other active US soldier in his hex (AR-055), every commander with a radius within
    two hexes (AR-056), and, if he has a radius himself, every active US soldier within two
    hexes (they project back to him, AR-056)."""
    out = []
    for o in g.state.side(Side.US):
        if o.id == s.id or o.left_map:
            continue
        d = apart(s.hex, o.hex)
        if d == 0 or (d <= COMMAND_RADIUS and (has_radius(o) or has_radius(s))):
            out.append((o, d))
    return out


def command_sum(g: AmbushContext, s: Soldier) -> int:
    """His LDR and the LDR of each of his :func:`command_givers` (AR-055, AR-056)."""
    return s.ldr + sum(o.ldr for o, _ in command_givers(g, s))


def in_command(g: AmbushContext, s: Soldier) -> bool:
    """AR-055, AR-056: his command sum is :data:`COMMAND_SUM` or more. Germans are never asked:
    they ignore red numbers (AR-065)."""
    return s.side is Side.US and command_sum(g, s) >= COMMAND_SUM


def within_reach(commander: Soldier, other: Soldier) -> bool:
    """Within two hexes of the commander (AR-026, AR-061)."""
    return apart(commander.hex, other.hex) <= COMMAND_RADIUS


def command_words(g: AmbushContext, s: Soldier) -> str:
    """Whether an active US soldier on the map is in command, and why, in a player's words:
    the Leadership counted and who gives it, what a red initiative number does to him
    (AR-059), and for a commander whom his Command Radius reaches. "" for anyone else."""
    if s.side is not Side.US or not s.active or s.left_map or s.hex is None:
        return ""
    givers = command_givers(g, s)
    parts = [f"his own {s.ldr}"] + [
        f"{o.name} {o.ldr} ({'in his hex' if d == 0 else f'{d} hex' + ('es' if d > 1 else '') + ' away'})"
        for o, d in givers]
    total = command_sum(g, s)
    counted = f"Leadership {total} of the {COMMAND_SUM} needed: {', '.join(parts)}."
    if total >= COMMAND_SUM:
        text = (f"In command. {counted} A red number on his initiative die does not panic "
                "him.")
    else:
        leaders = sorted((apart(s.hex, o.hex), o.name, o.hex.label)
                         for o in g.state.side(Side.US)
                         if o.id != s.id and has_radius(o) and o.hex is not None)
        rule = ("Every man's Leadership counts in his own hex, a leader's also up to two hexes "
                "away: more men in his hex, or another leader within reach, make 5.")
        if leaders and leaders[0][0] > 0:
            d, name, label = leaders[0]
            where = (f"He is not in his leader's hex ({name} is in {label}, {d} hex"
                     f"{'es' if d > 1 else ''} away). {rule}")
        else:
            where = rule if leaders else "No leader is left to command him."
        text = (f"Out of command. {counted} {where} A red number on his initiative die "
                "panics him.")
    if has_radius(s):
        reach = [o.name for o in g.state.side(Side.US)
                 if o.id != s.id and not o.left_map and within_reach(s, o)]
        text += (" He is a leader: his Leadership counts for "
                 + (", ".join(reach) if reach else "nobody now")
                 + " (everyone within two hexes).")
    return text


def gone(s: Soldier) -> str:
    """Why a man who has left the map takes no part: house rule AR-105, he is out of the
    mission (no check, no roll, no command given or received), though off the map."""
    return f"{s.label} has left the map (AR-105)"


def why_not_give(g: AmbushContext, commander: Soldier, receiver: Soldier,
                 ordered: bool = False) -> str | None:
    """Why ``commander`` may not give ``receiver`` a turn (AR-060, AR-061, AR-063); None if he
    may. House rule AR-063: an unaware soldier cannot receive a turn (he must be woken first,
    AR-026). ``ordered``: a German's paragraph tells him to (AR-062): the paragraph is his
    command, so no Command Radius is needed, but the receiver's limits still apply."""
    if not ordered and not has_radius(commander):
        return f"{commander.label} is not a commander with a Command Radius (AR-057, AR-058)"
    if receiver.id == commander.id or receiver.side is not commander.side:
        return f"{receiver.label} is not another soldier of his side"
    if not receiver.active:
        return f"{receiver.label} is {receiver.status.value}"
    if receiver.left_map:
        return gone(receiver)
    if receiver.wounded:
        return f"{receiver.label} is wounded and may not receive a turn (AR-061)"
    if receiver.side is Side.US and not receiver.aware:
        return f"{receiver.label} is unaware: wake him first (AR-023, house rule AR-063)"
    if receiver.marker not in RISE or receiver.panicked:
        return (f"{whose('marker', receiver.label)} is in {SPACE_NAMES[receiver.marker]}: only a "
                "soldier in the 1-Turn or Complete space receives a turn (AR-061)")
    if not within_reach(commander, receiver):
        return f"{receiver.label} is more than two hexes from {commander.label} (AR-061)"
    return None


def give_turn(g: AmbushContext, commander: Soldier, receiver: Soldier, advantage: bool,
              ordered: bool = False) -> None:
    """AR-060: the receiver's marker rises one space (Complete -> 1-Turn, 1-Turn -> 2-Turn, in
    his side's half, ``advantage``). The commander's own marker drops with his turn, as for
    any action (the Round does that). The receiver acts when the loop reaches his new
    space, at once if that step has passed, so he uses the turn this Round (AR-061, house
    rule AR-063)."""
    problem = why_not_give(g, commander, receiver, ordered)
    if problem:
        raise ValueError(problem)
    before = receiver.marker
    up = RISE[before]
    if before is ARSpace.COMPLETE and not advantage:
        up = ARSpace.ONE_TURN_DISADVANTAGE
    receiver.marker = up
    receiver.turns += 1
    g.log.emit("give_turn", f"{commander.label} gives {receiver.label} a turn: "
               f"{SPACE_NAMES[before]} → {SPACE_NAMES[up]} [AR-060, AR-061]", commander=commander.id,
               receiver=receiver.id, frm=before.value, to=up.value, rule="AR-060")


def why_not_wake(g: AmbushContext, commander: Soldier, sleeper: Soldier) -> str | None:
    """AR-026: an aware commander wakes an unaware soldier within two hexes, never a wounded
    one."""
    if not is_commander(commander) or commander.panicked:
        return f"{commander.label} is not a commander (house rule AR-058)"
    if not commander.aware:
        return f"{commander.label} is unaware himself (AR-026)"
    if sleeper.side is not Side.US or sleeper.aware or not sleeper.active:
        return f"{sleeper.label} is not an unaware active soldier"
    if sleeper.left_map:
        return gone(sleeper)
    if sleeper.wounded:
        return f"{sleeper.label} is wounded and cannot be made aware this way (AR-026)"
    if not within_reach(commander, sleeper):
        return f"{sleeper.label} is more than two hexes from {commander.label} (AR-026)"
    return None


def wake(g: AmbushContext, commander: Soldier, sleeper: Soldier) -> None:
    """AR-026: the commander spends a turn; the soldier becomes aware (marker Complete)."""
    problem = why_not_wake(g, commander, sleeper)
    if problem:
        raise ValueError(problem)
    sleeper.aware = True
    g.log.emit("aware", f"{commander.label} makes {sleeper.label} aware [AR-026]",
               commander=commander.id, soldier=sleeper.id, rule="AR-026")


__all__ = [
    "COMMANDER_LDR",
    "COMMAND_RADIUS",
    "COMMAND_SUM",
    "apart",
    "command_givers",
    "command_sum",
    "command_words",
    "give_turn",
    "has_radius",
    "in_command",
    "is_commander",
    "wake",
    "why_not_give",
    "why_not_wake",
    "within_reach",
]
