"""Ammo Boxes named as what they hold, for the soldier card and the action dialogs."""

from __future__ import annotations

from typing import Any

__all__ = ["ammo_text"]


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
    unit = "round" if spec.out_of_ammo is None else "clip"
    return f"{n} {name} {unit}{'' if n == 1 else 's'}"
