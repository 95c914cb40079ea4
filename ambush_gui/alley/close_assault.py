"""Close Assault (house rule CT-054, docs/rules/close-assault.md).

The seeds name Close Assault as the only way to capture the contractors or POWs
(CT-052, DC-029) but never give its procedure. The house rule: a unit that ends a
move in contact with an enemy unit fights it at once. Each side throws one Troop
Quality die per fighting figure (DC-028: Dependants do not fight); the attacker adds
a die if the defender is Pinned or Shaken, the defender one if it holds Solid Cover.
Successes are 4+ (AA-012). The side with more successes wins; a tie is a standoff.
The loser takes as many casualties as the difference. A loser with no fighting
figure left is overrun: the winner takes custody of its Dependants (DC-029).
Casualties bring Morale Checks as fire does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ambush_gui.alley import morale
from ambush_gui.alley.fire import take_casualties
from ambush_gui.alley.model import FigureKind, Side, Unit
from ambush_gui.alley.pools import quality_die, solid_cover
from ambush_gui.core.events import Modifier
from ambush_gui.core.game import Procedure
from ambush_gui.core.words import count

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame


def dice_for(g: AlleyGame, unit: Unit, other: Unit, attacking: bool) -> list[Modifier]:
    mods = [Modifier(count(len(unit.fighters), "fighting figure"), len(unit.fighters), "DC-028")]
    if attacking and (other.pinned or other.shaken(g.state.turn)):
        mods.append(Modifier("defender Pinned or Shaken", 1, "CT-054"))
    if not attacking and solid_cover(g, unit, other):
        mods.append(Modifier("defender in Solid Cover", 1, "CT-054"))
    if g.modules:  # FF-081: a module's own dice (a mounted Cavalry figure's bonus die)
        mods.extend(g.modules.gather("close_assault_modifiers", unit, other, attacking))
    return mods


def resolve(g: AlleyGame, attacker: Unit, defender: Unit) -> Procedure:
    """Fight one Close Assault to its end (house rule CT-054)."""
    attacker.fired = True
    first = None
    if g.modules:  # house rule FF-083: a module's initial Reaction Test decides who strikes first
        first = yield from g.modules.run("close_assault_first_strike", attacker, defender)
    am, dm = dice_for(g, attacker, defender, True), dice_for(g, defender, attacker, False)
    an, dn = sum(m.value for m in am), sum(m.value for m in dm)
    g.log.emit("assault", f"{attacker.name} Close Assaults {defender.name}: {count(an, 'die', 'dice')} "
               f"against {dn}",
               attacker=attacker.id, defender=defender.id)
    if first is None:
        a = _throw(g, attacker, an, am)
        d = _throw(g, defender, dn, dm)
    else:  # the first striker's successes cut down the other side before it strikes back
        second = defender if first is attacker else attacker
        fm, sm = (am, dm) if first is attacker else (dm, am)
        f = _throw(g, first, sum(m.value for m in fm), fm)
        struck = sum(1 for x in f if x >= 4)
        if struck:
            sm = [*sm, Modifier(f"struck down before striking back ({first.name} strikes first)",
                                -struck, "FF-083")]
        s = _throw(g, second, max(0, sum(m.value for m in sm)), sm)
        a, d = (f, s) if first is attacker else (s, f)
    sa, sd = sum(1 for x in a if x >= 4), sum(1 for x in d if x >= 4)
    if sa == sd:
        g.log.emit("assault", f"Close Assault: {sa} successes each — a standoff", result="standoff")
        return
    winner, loser = (attacker, defender) if sa > sd else (defender, attacker)
    hits = abs(sa - sd)
    g.log.emit("assault", f"{winner.name} wins the Close Assault ({max(sa, sd)} to {min(sa, sd)}); "
               f"{loser.name} takes {count(hits, 'casualty', 'casualties')}",
               winner=winner.id, loser=loser.id, casualties=hits)
    loser.last_attacker = winner.id
    serious = yield from take_casualties(g, loser, min(hits, len(loser.fighters)), False)
    if not loser.fighters:
        overrun(g, loser, winner)
        return
    yield from morale.after_fire(g, loser, winner, hits, serious)


def _throw(g: AlleyGame, unit: Unit, n: int, mods: list[Modifier]) -> tuple[int, ...]:
    """One side's Close Assault dice: its Troop Quality die (as a module may shift it)."""
    die = quality_die(g, unit, "close_assault")
    return g.dice.roll(int(die), n, f"Close Assault: {unit.name}", mods, side=unit.side.value, unit=unit.id)


def overrun(g: AlleyGame, loser: Unit, winner: Unit) -> None:
    """DC-029: the winner takes custody of the overrun unit's Dependants and carries them
    (so it takes the Dependant penalties, DC-005/006): enemy figures as its prisoners,
    its own side's figures freed. House rule CT-051: Insurgents never move the
    contractors, so those they win are held where they stand as captives."""
    for fig in list(loser.figures):
        loser.figures.remove(fig)
        if fig.fighting:
            g.state.removed.append((fig, "overrun"))
            continue
        fig.captive = fig.side is not winner.side
        if winner.side is Side.INSURGENT and fig.kind is FigureKind.CONTRACTOR:
            g.state.ground.append(fig)
            g.state.custody[fig.id] = winner.id
        else:
            winner.figures.append(fig)
    loser.on_table = False
    g.log.emit("assault", f"{loser.name} is overrun; {winner.name} holds its Dependants",
               unit=loser.id, winner=winner.id)
