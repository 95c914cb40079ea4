"""Ammo Boxes named as what they hold, for the soldier card and the action dialogs."""

from __future__ import annotations

from typing import Any

__all__ = ["ammo_count", "ammo_text"]


def ammo_count(charts: Any, key: str, n: int) -> str:
    """``n`` Ammo Boxes of weapon ``key`` in the one word the Weapon Chart gives them: "2
    clips", "1 round" (a bazooka's were "2 clips" beside its "2 rounds")."""
    try:
        unit = str(charts.weapon(key).ammo_unit)
    except (KeyError, ValueError):
        unit = "clip"
    return f"{n} {unit}{'' if n == 1 else 's'}"


def ammo_text(charts: Any, key: str, n: int) -> str:
    """``n`` Ammo Boxes of weapon ``key`` named as what they hold (FC-039): "3 M1 Garand
    rifle clips", "2 M1 bazooka rounds" (a bazooka's box is one round, FC-040), "1 Mk 2
    hand grenade" (a thrown weapon's box is the weapon itself)."""
    try:
        spec = charts.weapon(key)
    except (KeyError, ValueError):
        return f"{n} {key} Ammo Box{'' if n == 1 else 'es'}"
    name = str(spec.name)
    if spec.kind.value in ("grenade", "satchel"):
        return f"{n} {name}{'' if n == 1 else 's'}"
    return f"{n} {name} {spec.ammo_unit}{'' if n == 1 else 's'}"
