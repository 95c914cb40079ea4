"""Ammo Boxes named as what they hold, for the soldier card and the action dialogs (the
engine's words, :mod:`ambush_gui.ambush.words`, which the computer's narration says too)."""

from __future__ import annotations

from ambush_gui.ambush.words import ammo_count, ammo_text

__all__ = ["ammo_count", "ammo_text"]
