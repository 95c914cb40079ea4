"""An explosion's attack on a unit: the one procedure mines (FF-030..043) and IEDs
(FF-044..051) share.

Seed 003 rates each mine and IED "AP n / AT m" and never says what the numbers are
(house rule FF-041, docs/rules/fof-mines.md): **AP is the number of attack dice thrown
against infantry**, of the die the module's settings give (``die``, d6 unless the
scenario says otherwise), each kept on 4+ as in any Fire Combat. **AT** is the strength
against vehicles, with the named gun's penetration; this program has no vehicles on
the table (a "vehicle" piece is terrain), so AT is shown and logged but never thrown.
A device with AP 0 cannot hurt infantry at all (FF-040).

The target claims only its Armor dice (FF-035): rules option ``mine_and_ied_defense``
(FF-042) says whether that means the Armor dice alone (``armor_only``, the default) or
the figures' dice and the Armor dice without any cover (``no_cover``). The attack then
goes the way every attack goes (:func:`ambush_gui.alley.fire.match_and_take`): the
defender matches his kept dice (AA-147), each uncancelled die is a casualty (AA-148),
Regular casualties roll First Aid (AA-155..158) and a carried casualty may be hit
(DC-024); then the Morale Checks an attack calls for (AA-166..169: a blast is an attack
on the unit, though no enemy unit fired it, so a Regular that Pulls Back falls back
toward its own table edge). Modules that watch attacks are told through the
``after_blast(target, blast, hits)`` hook (``after_fire`` needs a firing unit).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ambush_gui.alley import morale, options
from ambush_gui.alley.fire import match_and_take, settle
from ambush_gui.alley.pools import Pool
from ambush_gui.core.dice import Die
from ambush_gui.core.events import Modifier
from ambush_gui.core.game import Procedure
from ambush_gui.core.odds import casualty_distribution
from ambush_gui.core.words import capital

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.alley.model import Unit

NEED = 4  # the attack dice are kept on 4+, as any fire within Effective Range (AA-145)


@dataclass(frozen=True)
class Blast:
    """One explosion: what it is called, its AP and AT ratings and the die it throws."""

    id: str  # "mine:mf-1", "ied:ied-2": the log's and the MATCH decision's "attacker"
    name: str  # "the Light AP minefield mf-1", in the player's words
    ap: int  # attack dice against infantry (house rule FF-041)
    at: int  # strength against vehicles: shown, never thrown (no vehicles in this program)
    die: Die
    rule: str  # the rating's checklist ID ("FF-030")
    rating: str  # "Light AP mine"
    side: str = ""  # the side that laid it, if any (colours the dice in the log)
    plural: bool = False  # its name is ("the Light AP mines of …"): "attack", not "attacks"

    def describe(self) -> str:
        """``Light AP mine: AP 3 / AT 0``."""
        return f"{self.rating}: AP {self.ap} / AT {self.at}"


def attack_pool(blast: Blast) -> Pool:
    """FF-041: AP dice of the device's die; more than 10 are capped like any pool (AA-118)."""
    return Pool(blast.die, (Modifier(f"{blast.rating} (AP {blast.ap})", blast.ap, blast.rule),))


def defense_pool(g: AlleyGame, target: Unit) -> Pool:
    """FF-035 with rules option ``mine_and_ied_defense`` (FF-042): the Armor dice alone, or
    the figures' dice and the Armor dice with no cover, no Hunkering Down and no Cautious
    bonus. Other modules' Defense modifiers are not asked: they answer an attacking unit."""
    items: list[Modifier] = []
    if options.reading(g, options.BLAST_DEFENSE) == "no_cover":
        n = len(target.fighters)
        items.append(Modifier(f"{n} figure{'s' if n != 1 else ''}", n, "AA-117"))
    items.append(Modifier("Armor dice (body armor)" if target.armor else "no Armor dice",
                          target.armor, "FF-035"))
    return Pool(target.tq, tuple(items))


def odds(g: AlleyGame, blast: Blast, target: Unit) -> tuple[tuple[float, ...], float]:
    """The exact casualty odds of ``blast`` on ``target``: (P(k casualties), mean).
    The last entry is "every fighting figure" (more dice cost nothing more)."""
    fp, df = attack_pool(blast), defense_pool(g, target)
    if fp.dice == 0:
        return (1.0,), 0.0
    raw = casualty_distribution(fp.dice, int(fp.die), df.dice, int(df.die), NEED)
    cap = len(target.fighters)
    dist = tuple(raw[:cap]) + (sum(raw[cap:]),) if len(raw) > cap + 1 else tuple(raw)
    return dist, sum(k * p for k, p in enumerate(dist))


def odds_text(g: AlleyGame, blast: Blast, target: Unit) -> str:
    """``expected 1.2 casualties; no casualty 31%`` for a decision's labels."""
    dist, mean = odds(g, blast, target)
    return f"expected {mean:.1f} casualties; no casualty {dist[0]:.0%}"


def attack(g: AlleyGame, blast: Blast, target: Unit) -> Procedure:
    """Resolve ``blast`` against ``target`` (FF-035, FF-040, FF-041, FF-051). Returns the
    casualties."""
    if not target.alive:
        return 0
    if blast.ap <= 0:  # FF-040: the heavy AT mine does not go off under a man's weight
        g.log.emit("blast", f"{capital(blast.name)} ({blast.describe()}) cannot hurt infantry: "
                   f"{target.name} is unharmed", source=blast.id, target=target.id, rule="FF-040")
        return 0
    fp, df = attack_pool(blast), defense_pool(g, target)
    verb = "attack" if blast.plural else "attacks"
    g.log.emit("blast", f"{capital(blast.name)} {verb} {target.name} — Attack {fp.describe()}; "
               f"Defense {df.describe()} (Armor dice only, FF-035)",
               source=blast.id, target=target.id, ap=blast.ap, at=blast.at, name=blast.name,
               rating=blast.rating, attack={"die": int(fp.die), "dice": fp.dice},
               defense={"die": int(df.die), "dice": df.dice,
                        "items": [[m.label, m.value, m.rule] for m in df.items]})
    a_faces = g.dice.roll(int(fp.die), fp.dice, f"Blast: {blast.name} at {target.name}", fp.items,
                          f"keeps {NEED}+", side=blast.side, unit=blast.id)
    d_faces: tuple[int, ...] = ()
    if df.dice:
        d_faces = g.dice.roll(int(df.die), df.dice, f"Defense against the blast: {target.name}",
                              df.items, "keeps 4+", side=target.side.value, unit=target.id)
    hits, serious = yield from match_and_take(g, target, blast, a_faces, d_faces, NEED)
    yield from morale.after_fire(g, target, None, hits, serious)
    if g.modules:
        yield from g.modules.run("after_blast", target, blast, hits)
    settle(g, target)
    return hits
