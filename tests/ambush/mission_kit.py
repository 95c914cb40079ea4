"""A compact, valid mission as plain data, for tests to break one thing at a time."""

from __future__ import annotations

import copy
from typing import Any

COL = [10, 10, 10, 10, 10, 11, 11, 11, 11, 11]


def small() -> dict[str, Any]:
    """A 6x4 map, Conditions A and B, one German (number 1, letter A), one US soldier."""
    return copy.deepcopy({
        "system": "ambush", "kind": "mission", "name": "tiny", "title": "Tiny",
        "map": {"width": 6, "height": 4,
                "terrain": [{"terrain": "woods", "hexes": ["0302"]}],
                "areas": {"yard": ["0401-0502"]}},
        "conditions": {"A": {"name": "Quiet"}, "B": {"name": "Alert"}},
        "card": {"start": "A",
                 "checks": [{"at": ["0201"], "paragraph": 1}, {"at": ["yard"], "paragraph": 2}],
                 "events": {"7": 2},
                 "references": [{"path": ["0101", "0201", "0301", "0401"]}]},
        "germans": [{"number": 1, "letter": "A", "name": "Hans", "ar": 3, "mpa": 6, "ws": 1,
                     "per": 4, "ldr": 1, "weapons": ["kar98k"],
                     "columns": {"A": COL, "B": COL}, "self_preservation": [12] * 10,
                     "reactions": {"R": {"situation": "us-into-sight", "column": [13] * 10}}}],
        "squad": [{"id": "a", "name": "Able", "ar": 3, "mpa": 6, "ws": 1, "per": 4, "ldr": 1,
                   "weapons": ["m1-garand"], "ammo": ["m1-garand"], "enters": ["0101"]}],
        "paragraphs": [
            {"number": 1, "text": "Check.", "options": [
                {"text": "activate", "do": [{"activate": {"german": 1, "hex": "0303"}},
                                            {"commence_rounds": True}]}]},
            {"number": 2, "text": "Yard.", "options": [{"text": "quiet", "do": [{"hold": True}]}]},
            {"number": 10, "style": "numbered", "text": "Normal.", "options": [
                {"text": "sees", "when": {"sees_us": True}, "do": [{"fire": "closest"}]},
                {"text": "else", "do": [{"move": "references"}]}]},
            {"number": 11, "text": "Bullets.", "options": [
                {"text": "wounded", "when": {"wounded": True}, "do": [{"surrender": True}]},
                {"text": "not wounded", "when": {"wounded": False}, "do": [{"fire": "easiest"}]}]},
            {"number": 12, "text": "Self-preservation.", "options": [
                {"text": "give up", "do": [{"surrender": True}]}]},
            {"number": 13, "text": "Reaction.", "options": [
                {"text": "duck", "do": [{"stance": "prone"}]}]},
        ],
        "victory": {"levels": [{"min": 0, "result": "win", "outcome": "us"},
                               {"min": -99, "result": "lose", "outcome": "german"}]},
        "end": {"text": "The day ends at dusk."},  # a way to end: no warning of none
    })
