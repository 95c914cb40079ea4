"""Choose-and-equip: who goes on a mission and what each carries.

A mission's own squad gives its slots: each slot's entry hexes and Port Boxes, and what the
man in it carries by default. The campaign's allotment (default: what the mission's squad
carries) is what the squad may draw. The checks (:func:`loadout_problems`) are the mission
file's own, said to the player: at most six Ammo Boxes a man (FC-039), a crew weapon
carried by two men (FC-053) whose pieces fill the Port Boxes their slots give (FC-054).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from ambush_gui.ambush.campaign.campaign import Campaign, Step, slot_port_boxes
from ambush_gui.ambush.charts import Charts, WeaponKind
from ambush_gui.ambush.mission import crew_keys, crew_pairs, crew_share
from ambush_gui.ambush.model import MAX_AMMO_BOXES
from ambush_gui.core.errors import ScenarioError


@dataclass
class Kit:
    """One slot of the mission's squad: the man in it and what he carries. A crew weapon
    is listed on both its carriers' kits, as in a mission file (FC-053)."""

    soldier_id: str
    weapons: list[str] = field(default_factory=list)
    ammo: list[str] = field(default_factory=list)
    port_boxes: int = 0

    def to_data(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Loadout:
    slots: list[Kit] = field(default_factory=list)

    def to_data(self) -> list[dict[str, Any]]:
        return [k.to_data() for k in self.slots]

    @classmethod
    def from_data(cls, data: list[dict[str, Any]]) -> Loadout:
        return cls([Kit(**k) for k in data])


def merit(man: Any) -> tuple[int, ...]:
    """How good a man is for a fight: Action Rating first, then Weapon Skill, Perception,
    Leadership and movement."""
    return (man.ar, man.ws, man.per, man.ldr, man.mpa)


def picked(roster: Any, takes: int) -> list[Any]:
    """The men :func:`suggest` sends: the best leader first (Leadership, then merit), then
    the best of the rest; at most ``takes``."""
    fit = list(roster.available())
    if not fit:
        return []
    leader = max(fit, key=lambda m: (m.ldr, *merit(m)))
    rest = sorted((m for m in fit if m is not leader), key=merit, reverse=True)
    return [leader, *rest][:takes]


def _name(charts: Charts, key: str) -> str:
    w = charts.spec.weapons.get(key)
    return w.name if w is not None else key


def suggest(campaign: Campaign, step_id: str, roster: Any) -> Loadout:
    """A sound default: the best men available (the leader first, in the mission's first
    slot), each slot carrying what the mission's own squad carries in it as far as the
    allotment goes; a man left with no weapon takes one the allotment still has, and Ammo
    Boxes left over go round to the men whose weapons they fit (six at most a man)."""
    step = campaign.step(step_id)
    charts = step.mission.charts
    crew = crew_keys(charts)
    squad = step.mission.spec.squad
    men = picked(roster, step.takes)
    weapons_left = Counter(step.allotment.weapons)
    ammo_left = Counter(step.allotment.ammo)
    kits = [Kit(m.id, port_boxes=slot_port_boxes(step, i)) for i, m in enumerate(men)]
    # weapons: the slot's own; a crew weapon is drawn once for its two carriers
    open_crew: dict[str, int] = {}
    for i, kit in enumerate(kits):
        for key in (squad[i].weapons if i < len(squad) else []):
            if key in crew and open_crew.get(key):
                open_crew[key] -= 1
            elif weapons_left[key] > 0:
                weapons_left[key] -= 1
                if key in crew:
                    open_crew[key] = open_crew.get(key, 0) + 1
            else:
                continue
            kit.weapons.append(key)
    _pair_lone_crew(kits, crew)
    for kit in kits:
        if not kit.weapons:
            spare = next((k for k, n in sorted(weapons_left.items(), key=lambda kv: -kv[1])
                          if n > 0 and k not in crew
                          and charts.spec.weapons[k].kind not in (WeaponKind.GRENADE,
                                                                  WeaponKind.SATCHEL)), None)
            if spare is not None:
                weapons_left[spare] -= 1
                kit.weapons.append(spare)
    # Ammo Boxes: the slot's own, then what is left to whom it fits
    for i, kit in enumerate(kits):
        for key in (squad[i].ammo if i < len(squad) else []):
            if ammo_left[key] > 0 and len(kit.ammo) < MAX_AMMO_BOXES and _fits(key, kits, charts):
                ammo_left[key] -= 1
                kit.ammo.append(key)
    progress = True
    while progress:
        progress = False
        for kit in kits:
            if len(kit.ammo) >= MAX_AMMO_BOXES:
                continue
            box = next((k for k in sorted(ammo_left) if ammo_left[k] > 0
                        and (k in kit.weapons or _thrown(k, charts))), None)
            if box is not None:
                ammo_left[box] -= 1
                kit.ammo.append(box)
                progress = True
    return Loadout(kits)


def _pair_lone_crew(kits: list[Kit], crew: set[str]) -> None:
    """A crew weapon whose second carrier the slots did not give (fewer men than slots)
    is taken off its lone carrier rather than sent with one man."""
    _, alone = crew_pairs([k.weapons for k in kits], crew)
    for i, j in sorted(alone, reverse=True):
        del kits[i].weapons[j]


def _thrown(key: str, charts: Charts) -> bool:
    w = charts.spec.weapons.get(key)
    return w is not None and w.kind in (WeaponKind.GRENADE, WeaponKind.SATCHEL)


def _fits(key: str, kits: list[Kit], charts: Charts) -> bool:
    return _thrown(key, charts) or any(key in k.weapons for k in kits)


def loadout_problems(campaign: Campaign, step_id: str, roster: Any, loadout: Loadout) -> list[str]:
    """Why the loadout may not start the mission, in words; [] when it may."""
    step = campaign.step(step_id)
    out = _problems(step, roster, loadout)
    if not out:  # the mission file's own checks, as a last guard
        try:
            campaign.mission_for(step_id, roster, loadout)
        except ScenarioError as exc:
            out += [f"{p}: {w}" if p else w for p, w in exc.described]
    return out


def _crew(charts: Charts, loadout: Loadout) -> tuple[Any, Any]:
    """The crew weapons' carrier pairs and the pieces carried alone (FC-053)."""
    return crew_pairs([[k for k in kit.weapons if k in charts.spec.weapons]
                       for kit in loadout.slots], crew_keys(charts))


def drawn(step: Step, loadout: Loadout) -> tuple[Counter[str], Counter[str]]:
    """What a loadout draws from the allotment: the weapons (a crew weapon once for its
    two carriers, once more for each piece carried alone) and the Ammo Boxes, by key."""
    charts = step.mission.charts
    crew = crew_keys(charts)
    kits = loadout.slots
    pairs, alone = _crew(charts, loadout)
    weapons = Counter(k for kit in kits for k in kit.weapons if k not in crew)
    weapons.update(key for key, _a, _b in pairs)
    weapons.update(kits[i].weapons[j] for i, j in alone)
    return weapons, Counter(k for kit in kits for k in kit.ammo)


def _problems(step: Step, roster: Any, loadout: Loadout) -> list[str]:
    charts = step.mission.charts
    kits = loadout.slots
    out: list[str] = []
    if len(kits) != step.takes:
        out.append(f"The mission takes {step.takes} men; {len(kits)} "
                   f"{'is' if len(kits) == 1 else 'are'} chosen.")
    names: dict[str, str] = {}
    seen: set[str] = set()
    for kit in kits:
        try:
            man = roster.by_id(kit.soldier_id)
        except KeyError:
            out.append(f"Nobody on the roster has the id {kit.soldier_id!r}.")
            continue
        names[kit.soldier_id] = man.name
        if kit.soldier_id in seen:
            out.append(f"{man.name} is chosen twice.")
        seen.add(kit.soldier_id)
        if man.status == "dead":
            out.append(f"{man.name} is dead.")
        elif not man.available:
            out.append(f"{man.name} is wounded and must miss {man.out_for} more "
                       f"mission{'s' if man.out_for != 1 else ''}.")
    for i, kit in enumerate(kits):
        who = names.get(kit.soldier_id, kit.soldier_id)
        if not kit.weapons:
            out.append(f"{who} carries no weapon.")
        if len(kit.ammo) > MAX_AMMO_BOXES:
            out.append(f"{who} carries {len(kit.ammo)} Ammo Boxes; a man has six (FC-039).")
        for key in [*kit.weapons, *kit.ammo]:
            w = charts.spec.weapons.get(key)
            if w is None:
                out.append(f"{who}: {key!r} is not on the Weapon Chart.")
        give = slot_port_boxes(step, i)
        if kit.port_boxes > give:
            out.append(f"{who} has {kit.port_boxes} Port Boxes; his place in the squad gives "
                       f"{give}.")
    weapons, boxes = drawn(step, loadout)
    for key, n in sorted(weapons.items()):
        have = step.allotment.weapons.get(key, 0)
        if n > have and key in charts.spec.weapons:
            out.append(f"{n} × {_name(charts, key)} drawn; the mission allots {have}.")
    for key, n in sorted(boxes.items()):
        have = step.allotment.ammo.get(key, 0)
        if n > have and key in charts.spec.weapons:
            out.append(f"{n} Ammo Boxes of {_name(charts, key)} drawn; the mission allots {have}.")
    # crew weapons: two carriers, their pieces in their Port Boxes
    pairs, alone = _crew(charts, loadout)
    for i, j in alone:
        key = kits[i].weapons[j]
        who = names.get(kits[i].soldier_id, kits[i].soldier_id)
        out.append(f"{who} carries a piece of the {_name(charts, key)} alone: a crew weapon "
                   "needs a second carrier who lists it too (FC-053).")
    need = [0] * len(kits)
    for key, (a, _ja), (b, _jb) in pairs:
        first, second = crew_share(charts.weapon(key).port_boxes or 0)
        need[a] += first
        need[b] += second
    for i, kit in enumerate(kits):
        if need[i] > kit.port_boxes:
            who = names.get(kit.soldier_id, kit.soldier_id)
            out.append(f"{who}'s pieces of the crew weapon fill {need[i]} Port Boxes; he has "
                       f"{kit.port_boxes} (FC-054): put him in a place of the squad that gives "
                       "them.")
    return out
