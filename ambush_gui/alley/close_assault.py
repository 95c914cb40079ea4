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
from ambush_gui.alley.pools import solid_cover
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
    return mods


def resolve(g: AlleyGame, attacker: Unit, defender: Unit) -> Procedure:
    """Fight one Close Assault to its end (house rule CT-054)."""
    attacker.fired = True
    am, dm = dice_for(g, attacker, defender, True), dice_for(g, defender, attacker, False)
    an, dn = sum(m.value for m in am), sum(m.value for m in dm)
    g.log.emit("assault", f"{attacker.name} Close Assaults {defender.name}: {count(an, 'die', 'dice')} "
               f"against {dn}",
               attacker=attacker.id, defender=defender.id)
    a = g.dice.roll(int(attacker.tq), an, f"Close Assault: {attacker.name}", am,
                    side=attacker.side.value, unit=attacker.id)
    d = g.dice.roll(int(defender.tq), dn, f"Close Assault: {defender.name}", dm,
                    side=defender.side.value, unit=defender.id)
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
        else:
            winner.figures.append(fig)
    loser.on_table = False
    g.log.emit("assault", f"{loser.name} is overrun; {winner.name} holds its Dependants",
               unit=loser.id, winner=winner.id)
