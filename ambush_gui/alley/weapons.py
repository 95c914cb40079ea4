"""Ambush Alley weapons: what each adds to a unit's Firepower.

AA-137..141: every figure gives one Troop Quality die; a Support Weapon adds its
class's dice on top (house rule AA-141: Light = +1, Medium = +2). Support Weapons
fire to twice the figure's Optimum Range (AA-112).

>>> WEAPONS["saw"].dice, WEAPONS["rpg"].dice, WEAPONS["rifle"].dice
(1, 2, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Support(StrEnum):
    """AA-138: the support weapon classes of the basic game."""

    NONE = "none"
    LIGHT = "light"
    MEDIUM = "medium"


SUPPORT_DICE = {Support.NONE: 0, Support.LIGHT: 1, Support.MEDIUM: 2}


@dataclass(frozen=True)
class Weapon:
    name: str
    title: str
    support: Support
    armed: bool = True

    @property
    def dice(self) -> int:
        return SUPPORT_DICE[self.support]


WEAPONS: dict[str, Weapon] = {
    w.name: w
    for w in (
        Weapon("rifle", "small arms (rifle, carbine, AK)", Support.NONE),
        Weapon("saw", "SAW (squad automatic weapon)", Support.LIGHT),  # AA-139
        Weapon("m203", "M203 rifle grenade launcher", Support.LIGHT),  # AA-139
        Weapon("lmg", "light machinegun", Support.LIGHT),  # AA-140
        Weapon("rpg", "RPG", Support.MEDIUM),  # AA-140, CT-010
        Weapon("at_rpg", "anti-tank RPG", Support.MEDIUM),  # CT-033, house rule CT-034
        # FF-006: a small mortar carried by a squad or fireteam (the British 50mm) is a normal
        # Medium Support Weapon, not a mortar team (no No Fire Zone)
        Weapon("squad_mortar", "squad mortar (e.g. the British 50mm)", Support.MEDIUM),
        Weapon("unarmed", "unarmed", Support.NONE, armed=False),  # CT-016: the contractors
    )
}
