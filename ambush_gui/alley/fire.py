"""Fire Combat: Firepower against Defense, dice matching, casualties and First Aid.

AA-109: one procedure serves every fire, whether an activation's fire, an
interruption, a reaction or Overwatch.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any, Protocol

from ambush_gui.alley import morale
from ambush_gui.alley.model import FigureKind, Injury, Side, Unit, Where
from ambush_gui.alley.names import figure_name
from ambush_gui.alley.pools import Pool, defense, firepower
from ambush_gui.alley.weapons import WEAPONS
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.game import Procedure
from ambush_gui.core.matching import (
    Arrangement,
    best_arrangement,
    check_arrangement,
    kept,
    most_casualties_placed,
)
from ambush_gui.core.odds import casualty_distribution
from ambush_gui.core.words import count, whose

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame

FIRST_AID = {1: Injury.SLIGHT, 2: Injury.SLIGHT, 3: Injury.MODERATE, 4: Injury.MODERATE,
             5: Injury.SERIOUS, 6: Injury.SERIOUS}  # AA-155..158


def attack_target_number(g: AlleyGame, attacker: Unit, target: Unit) -> int:
    """AA-145 with house rule AA-113: 4+ within Effective Range, 7+ beyond it.

    Effective Range is unlimited unless the scenario sets one (the basic tables are
    far smaller than any weapon's effective range, AA-149).
    """
    limit = g.spec.effective_range
    if limit is None or g.distance(attacker, target) <= limit * g.m.scale:
        return 4
    return 7


@dataclass(frozen=True)
class Odds:
    """What a fire would mean, before it is thrown: the pools and the exact odds."""

    firepower: Pool
    defense: Pool
    need: int  # the score attack dice must reach (AA-145)
    distribution: tuple[float, ...]  # P(k casualties), k = 0 .. the target's fighting figures
    mean: float


def odds(g: AlleyGame, attacker: Unit, target: Unit, overwatch: bool = False) -> Odds:
    """The exact casualty odds of ``attacker`` firing at ``target`` now.

    Uncancelled attack dice beyond the target's fighting figures cost nothing more, so
    the distribution stops at the number of figures (its last entry is "all of them").
    """
    fp, df = firepower(g, attacker, target, overwatch), defense(g, target, attacker)
    need = attack_target_number(g, attacker, target)
    raw = casualty_distribution(fp.dice, int(fp.die), df.dice, int(df.die), need) if fp.dice else (1.0,)
    cap = len(target.fighters)
    dist = tuple(raw[:cap]) + (sum(raw[cap:]),) if len(raw) > cap + 1 else tuple(raw)
    return Odds(fp, df, need, dist, sum(k * p for k, p in enumerate(dist)))


def fire(g: AlleyGame, attacker: Unit, target: Unit, why: str, overwatch: bool = False) -> Procedure:
    """Resolve one Fire Combat of ``attacker`` at ``target`` (AA-114..115, AA-145..148)."""
    if g.modules:  # before the pools (FF-065..068: a mounted target stays mounted or not)
        yield from g.modules.run("before_fire", attacker, target)
    fp = firepower(g, attacker, target, overwatch)
    df = defense(g, target, attacker)
    g.log.emit(
        "fire",
        f"{why}: {attacker.name} fires at {target.name} — Firepower {fp.describe()}; "
        f"Defense {df.describe()}",
        attacker=attacker.id, target=target.id, firepower=_pool_data(fp), defense=_pool_data(df),
    )
    if overwatch:
        attacker.overwatch_shots += 1
    target.last_attacker = attacker.id
    if fp.dice == 0:
        g.log.emit("fire", f"{attacker.name} has no Firepower dice left: no attack", attacker=attacker.id)
        return 0
    need = attack_target_number(g, attacker, target)
    if g.modules:  # the attack is thrown: a module measures the fire now, every figure standing
        yield from g.modules.run("fire_thrown", attacker, target)
    a_faces = g.dice.roll(int(fp.die), fp.dice, f"Firepower: {attacker.name} at {target.name}",
                          fp.items, f"keeps {need}+", side=attacker.side.value, unit=attacker.id)
    d_faces = g.dice.roll(int(df.die), df.dice, f"Defense: {target.name}", df.items, "keeps 4+",
                          side=target.side.value, unit=target.id)
    hits, serious = yield from match_and_take(g, target, attacker, a_faces, d_faces, need)
    yield from morale.after_fire(g, target, attacker, hits, serious)
    yield from g.modules.after_fire(target, attacker, hits)
    settle(g, target)
    return hits


class Firer(Protocol):
    """What the matching needs to know of whatever attacks: a unit, or a mine or an IED
    (:mod:`ambush_gui.alley.fof.blast`)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


def match_and_take(g: AlleyGame, target: Unit, attacker: Firer, a_faces: tuple[int, ...],
                   d_faces: tuple[int, ...], need: int) -> Procedure:
    """AA-146..148, DC-024: the thrown dice matched (the defender's MATCH decision),
    the casualties taken with their First Aid. Returns (casualties, serious wounds).

    One procedure for every attack: a unit's fire, and the Force on Force explosives
    that throw dice without a firing unit (FF-035, FF-051)."""
    a_kept, d_kept = kept(a_faces, need), kept(d_faces, 4)
    arrangement = best_arrangement(a_kept, d_kept)
    failures = sum(1 for d in d_faces if d < 4)
    if a_kept:
        answer = yield _match_decision(g, target, attacker, a_kept, d_kept, arrangement,
                                       _match_forced(g, target, a_kept, d_kept, arrangement,
                                                     failures, len(d_faces)))
        arrangement = Arrangement.from_json(answer["pairs"])
    hits = arrangement.casualties
    g.log.emit(
        "match",
        f"Dice matched: {_pairs_text(arrangement)} → {_outcome_text(hits, target)}",
        attack=list(a_kept), defense=list(d_kept), pairs=arrangement.to_json(), casualties=hits,
        target=target.id,
    )
    forced = _dependant_takes_a_hit(hits, failures, len(d_faces))
    serious = 0
    if hits:
        serious = yield from take_casualties(g, target, hits, forced)
    return hits, serious


def _dependant_takes_a_hit(hits: int, failures: int, thrown: int) -> bool:
    """DC-024: when more Defense dice failed than succeeded, a carried casualty is hit."""
    return hits > 0 and failures > thrown - failures


def _match_forced(g: AlleyGame, target: Unit, a_kept: tuple[int, ...], d_kept: tuple[int, ...],
                  best: Arrangement, failures: int, thrown: int) -> str:
    """Why no arrangement of the defender's dice can change the result ("" if one can).

    The arrangement only decides the number of casualties, and that number only decides
    which sets of figures may fall (and whether any does). The best arrangement gives the
    fewest; the most that setting every die he can gives is the other end (keeping a die
    back can only add a casualty, which no defender wants: docs/rules, AA-147). When both
    ends allow the same sets of falling figures, every such arrangement does (AA-147,
    AA-148, DC-024).

    When his dice can cancel every Firepower die, he is not asked either: the text has the
    defender match his dice "attempting to match each of the attacker's dice with an equal
    or higher die roll" (AA-147, seed 000 line 196), and where each can be matched only
    an arrangement that gives up a die he could cancel differs, which the text does not
    leave him (a play-test: the Regular was asked to arrange dice that left no casualty
    however he set them to match). Where some die cannot be cancelled, which to give up
    is the choice the rulebook's example shows (AA-152), and he is asked.
    """
    fewest, most = best.casualties, most_casualties_placed(a_kept, d_kept)

    def outcome(hits: int) -> list[list[str]]:
        return casualty_options(g, target, hits, _dependant_takes_a_hit(hits, failures, thrown)) \
            if hits else []

    if fewest == most:
        if not d_kept:
            return f"the defender kept no dice: {_casualties(most)} whatever the arrangement"
        if most == len(a_kept):
            return f"no kept Defense die equals or beats a Firepower die: {_casualties(most)}"
        return (f"wherever the kept Defense dice are set they cancel as many Firepower dice: "
                f"{_casualties(most)}")
    if outcome(fewest) == outcome(most):
        return f"{target.name} loses every fighting figure whatever the arrangement"
    if fewest == 0:
        return ("the kept Defense dice can equal or beat every Firepower die, and the defender "
                "matches each one: no casualty")
    return ""


def _casualties(n: int) -> str:
    return count(n, "casualty", "casualties")


def settle(g: AlleyGame, unit: Unit) -> None:
    """A unit with no fighting figure left is gone: Regular Dependants stay on the ground."""
    if unit.on_table and not unit.fighters:
        if unit.figures and unit.side is Side.REGULAR:
            drop_dependants(g, unit, "its last fighting figure fell")
            unit.on_table = False
        else:
            morale.remove_unit(g, unit, "no figures left")


def _pool_data(pool: Any) -> dict[str, Any]:
    return {"die": int(pool.die), "dice": pool.dice, "raw": pool.raw,
            "items": [[m.label, m.value, m.rule] for m in pool.items]}


def _pairs_text(arr: Arrangement) -> str:
    if not arr.pairs:
        return "no Firepower die to match"
    return ", ".join(f"{a}-{d if d is not None else 'x'}" for a, d in arr.pairs)


def _outcome_text(hits: int, target: Unit) -> str:
    """The match's result in the log: more hits than the unit has fighting figures fell
    as many as it has (AA-153), and the line says so rather than "6 casualties" to a
    lone gunman."""
    fighters = len(target.fighters)
    if hits > fighters and not target.dependants:
        return f"{count(hits, 'hit', 'hits')}, more than its {count(fighters, 'figure')}: " \
               f"{_casualties(fighters)}"
    return _casualties(hits)


def _match_decision(
    g: AlleyGame, target: Unit, attacker: Firer, a_kept: tuple[int, ...], d_kept: tuple[int, ...],
    best: Arrangement, forced_reason: str = "",
) -> Decision:
    """AA-147: the defender arranges his kept dice as he likes, or takes the best arrangement.

    ``forced_reason`` (from :func:`_match_forced`) marks the decision forced to "best"."""

    def check(choice: Any) -> Arrangement:
        if choice == "best":
            return best
        if isinstance(choice, dict) and "pairs" in choice:
            return check_arrangement(a_kept, d_kept, [tuple(p) for p in choice["pairs"]])
        raise IllegalDecision("answer 'best' or {'pairs': [[attacker die, defender die or null], ...]}")

    return Decision(
        side=target.side.value,
        kind=DecisionKind.MATCH,
        prompt=f"{target.side.title}: match your Defense dice against {whose('Firepower', attacker.name)}",
        options=("best",),
        facts={"attack": list(a_kept), "defense": list(d_kept), "best": best.to_json(),
               "target": target.id, "attacker": attacker.id},
        check=lambda c: _plain_arrangement(check(c)),
        forced="best" if forced_reason else None,
        forced_reason=forced_reason,
    )


def _plain_arrangement(arr: Arrangement) -> Any:
    return {"pairs": arr.to_json()}


def casualty_options(g: AlleyGame, target: Unit, hits: int, forced: bool) -> list[list[str]]:
    """Every legal choice of falling figures (house rule AA-153: the owner chooses)."""
    fighters = [f.id for f in target.fighters]
    immune = "contractors" in g.spec.special_rules  # CT-053
    carried = [f.id for f in target.dependants
               if not (immune and f.kind is FigureKind.CONTRACTOR)]
    if forced and carried:  # DC-024; CT-053/CT-056: contractors never take the hit
        n = min(hits - 1, len(fighters))
        return [sorted([d, *c]) for d in carried for c in combinations(fighters, n)]
    return [sorted(c) for c in combinations(fighters, min(hits, len(fighters)))]


def take_casualties(g: AlleyGame, target: Unit, hits: int, forced: bool) -> Procedure:
    """Remove or wound ``hits`` figures of ``target``; returns the number of serious wounds."""
    options = casualty_options(g, target, hits, forced)
    if len({_signature(target, o) for o in options}) > 1:
        chosen = yield Decision(
            side=target.side.value,
            kind=DecisionKind.CASUALTIES,
            prompt=f"{target.side.title}: choose {_casualties(hits)} "
                   f"in {target.name}",
            options=tuple(options),
            facts={"unit": target.id, "hits": hits, "forced_dependant": forced},
            check=lambda c: _check_casualties(options, c),
        )
    else:
        chosen = options[0]
    serious = 0
    by_id = {f.id: f for f in target.figures}
    for fid in chosen:
        fig = by_id[fid]
        if g.modules and not fig.dependant:
            # a module may take the hit its own way (FF-071/072/075: rider or mount); it
            # returns the serious wounds it dealt (calling casualty() for a figure that
            # falls), or None to leave the figure to the core
            got = yield from g.modules.run("take_casualty", target, fig)
            if got is not None:
                serious += int(got)
                continue
        serious += yield from casualty(g, target, fig)
    return serious


def casualty(g: AlleyGame, target: Unit, fig: Any) -> Procedure:
    """One figure of ``target`` falls: killed if already a casualty, removed if an
    Insurgent, else a module's test before First Aid (FF-024/025) and its First Aid roll.
    Returns 1 for a serious wound, else 0 (a rule module taking a hit its own way calls it
    for a figure that falls: FF-072, a thrown rider)."""
    if fig.dependant:  # house rule DC-026: a carried casualty hit again is killed
        fig.injury = Injury.KILLED
        target.figures.remove(fig)
        g.state.removed.append((fig, "killed"))
        g.log.emit("casualty", f"{figure_name(fig)}, already a casualty, is killed",
                   unit=target.id, figure=fig.id, result="killed")
        return 0
    if target.side is Side.INSURGENT:  # AA-154
        target.figures.remove(fig)
        g.state.removed.append((fig, "casualty"))
        g.log.emit("casualty", f"{figure_name(fig)} is a casualty and is removed",
                   unit=target.id, figure=fig.id, result="removed")
        return 0
    if g.modules and (yield from g.modules.run("before_first_aid", target, fig)):
        kill(g, target, fig)  # FF-024/025: a module's test before First Aid killed it
        return 0
    return first_aid(g, target, fig)


def kill(g: AlleyGame, unit: Unit, fig: Any) -> None:
    """A casualty a rule kills before its First Aid (FF-025): out of play, and its unit has
    taken casualties (AA-162)."""
    fig.injury = Injury.KILLED
    unit.figures.remove(fig)
    unit.had_casualties = True
    g.state.removed.append((fig, "killed"))
    g.log.emit("casualty", f"{figure_name(fig)} is killed", unit=unit.id, figure=fig.id,
               result="killed")


Shot = tuple[Unit, Unit, bool]
"""A fire a question could start: the firer, its target, and whether from Overwatch."""


def declined_without_dice(g: AlleyGame, shots: list[Shot], answer: str, who: str) -> dict[str, Any]:
    """The ``forced`` keywords of a question whose every fire has no Firepower dice
    (house rule AA-144: a fire with none is no attack, and no dialog offers it): the
    question is answered ``answer`` ("hold", "none") for a person, and the log says why,
    beginning with ``who`` ("Alpha team has"). Empty when any fire has a die to throw.

    Only the mark changes: the engine still asks, and accepts any answer, so saves replay
    as they were played."""
    if not shots or any(firepower(g, a, t, overwatch=ow).dice > 0 for a, t, ow in shots):
        return {}
    return {"forced": answer,
            "forced_reason": f"{who} no Firepower dice: a fire with none is no attack (AA-144)"}


def fire_blocked(g: AlleyGame, attacker: Unit, target: Unit) -> str | None:
    """Why ``attacker`` may not fire at ``target`` under a Force on Force module (a mortar's
    No Fire Zone, FF-011; a civilian mob in the way), in words a player reads; None when it
    may. Asked wherever the engine offers or resolves a fire, so an illegal fire is never
    offered; without modules, never anything."""
    if not g.modules:
        return None
    why: str | None = g.modules.first("fire_blocked", attacker, target)
    return why


def _signature(unit: Unit, ids: list[str]) -> tuple[str, ...]:
    by_id = {f.id: f for f in unit.figures}
    return tuple(sorted(f"{by_id[i].kind}/{by_id[i].weapon}/{by_id[i].dependant}" for i in ids))


def _check_casualties(options: list[list[str]], choice: Any) -> list[str]:
    if isinstance(choice, list | tuple) and sorted(choice) in options:
        return sorted(choice)
    raise IllegalDecision(f"{choice!r} is not a legal set of casualties; e.g. {options[0]}")


def first_aid(g: AlleyGame, unit: Unit, fig: Any) -> int:
    """AA-155..158: roll on the Standard First Aid Table as the casualty is taken.

    House rule AA-160: slight injuries fight on (the Marine still counts as wounded);
    moderate and serious make the figure a Dependant of its unit. Returns 1 for a
    serious wound (its extra Morale test, AA-158), else 0.
    """
    mods = g.modules.gather("first_aid_modifiers", unit, fig) if g.modules else []  # FF-074
    roll = g.dice.one(6, f"First Aid: {figure_name(fig)}", modifiers=mods, side=unit.side.value,
                      unit=unit.id)
    if mods:  # the table runs 1..6: a modified roll stays on it
        roll = max(1, min(6, roll + sum(m.value for m in mods)))
    injury = FIRST_AID[roll]
    fig.injury = injury
    if injury is Injury.SLIGHT:
        text = "slight injuries: fights on"
    else:
        fig.dependant = True
        unit.had_casualties = True  # AA-162
        text = "moderate injuries: becomes a Dependant" if injury is Injury.MODERATE else \
            "serious injuries: becomes a Dependant; the unit must take a Morale test"
    g.log.emit("first_aid", f"First Aid {roll} for {figure_name(fig)}: {text}", unit=unit.id,
               figure=fig.id, roll=roll, injury=injury.value)
    return 1 if injury is Injury.SERIOUS else 0


def drop_dependants(g: AlleyGame, unit: Unit, why: str) -> None:
    """A unit with no fighting figure left leaves its Dependants on the ground (house rule
    DC-010), where friends can pick them up and the enemy can capture them."""
    for fig in list(unit.figures):
        unit.figures.remove(fig)
        g.state.ground.append(fig)
    g.log.emit("dependants", f"{unit.name} is gone ({why}); its Dependants are left on the ground",
               unit=unit.id)


def armed_fighters(unit: Unit) -> int:
    return sum(1 for f in unit.fighters if WEAPONS[f.weapon].armed)


__all__ = ["fire", "fire_blocked", "take_casualties", "first_aid", "drop_dependants", "kill", "Where"]
