"""Small Ambush! missions that reproduce the US computer player's old faults (issue 16).

- :func:`dead_objective`: the nearest scoring place (hex 0402) scores only while the farm is
  quiet (Condition A); the first Event Check makes the Germans alert (Condition B) for good,
  so its points can no longer be reached. A second place far to the east (hex 0802) scores
  whatever the Condition. The old player kept the whole squad in 0402, stepping out and back
  in, until the day ended.
- :func:`farm`: one place (hex 0302) whose paragraph scores 1 every time it is read (no
  sighting); the mission ends when the squad leaves by the west edge. The old player stepped
  in and out of it every turn until the day ended, scoring each time.
"""

from __future__ import annotations

import copy
from typing import Any

from ambush_gui.ambush.game import AmbushGame
from ambush_gui.ambush.mission import Mission

TURN_LIMIT = 30


def _base(name: str) -> dict[str, Any]:
    return {
        "format": 2, "system": "ambush", "kind": "mission", "name": name, "title": name,
        "operations_turn_limit": TURN_LIMIT,
        "map": {"width": 9, "height": 4},
        "conditions": {"A": {"name": "Quiet"}, "B": {"name": "Alert"}},
        "card": {"start": "A", "checks": [], "events": {}},
        "squad": [
            {"id": "a", "name": "Able", "ar": 3, "mpa": 6, "ws": 1, "per": 4, "ldr": 1,
             "weapons": ["m1-garand"], "ammo": ["m1-garand"], "enters": ["0102"]},
            {"id": "b", "name": "Baker", "ar": 3, "mpa": 6, "ws": 1, "per": 4, "ldr": 1,
             "weapons": ["m1-garand"], "ammo": ["m1-garand"], "enters": ["0102"]},
        ],
        "paragraphs": [],
        "victory": {"levels": [{"min": 3, "result": "win", "outcome": "us"},
                               {"min": -99, "result": "lose", "outcome": "german"}]},
        "end": {"exit_hexes": ["0101", "0102", "0103", "0104"]},
    }


def dead_objective() -> dict[str, Any]:
    data = _base("dead-objective")
    data["card"]["checks"] = [{"at": ["0402"], "paragraph": 1}, {"at": ["0802"], "paragraph": 4}]
    data["card"]["events"] = {str(t): 2 for t in range(2, 13)}
    data["paragraphs"] = [
        {"number": 1, "style": "numbered", "text": "The farm.", "options": [
            {"text": "If the farm is quiet, on 0 the papers are on the table (go to 3).",
             "when": {"all": [{"condition": "A"}, {"chance": "0"}]}, "do": [{"goto": 3}]},
            {"text": "Otherwise nothing.", "do": [{"hold": True}]}]},
        {"number": 2, "style": "numbered", "text": "A dog barks.", "options": [
            {"text": "The Germans are alert.", "when": {"condition": "A"},
             "do": [{"condition": "B"}]},
            {"text": "Nothing new.", "do": [{"hold": True}]}]},
        {"number": 3, "sighting": "papers", "text": "The papers.", "options": [
            {"text": "Score 5.", "do": [{"score": 5, "why": "the papers"}]}]},
        {"number": 4, "sighting": "bridge", "text": "The bridge.", "options": [
            {"text": "Score 3.", "do": [{"score": 3, "why": "the bridge"}]}]},
    ]
    return copy.deepcopy(data)


def farm() -> dict[str, Any]:
    data = _base("farm")
    data["victory"]["levels"][0]["min"] = 1
    data["card"]["checks"] = [{"at": ["0302"], "paragraph": 1}]
    data["paragraphs"] = [
        {"number": 1, "text": "The well.", "options": [
            {"text": "Score 1.", "do": [{"score": 1, "why": "the well"}]}]},
    ]
    return copy.deepcopy(data)


def game(data: dict[str, Any], seed: int = 1) -> AmbushGame:
    g = AmbushGame(Mission.from_data(data), seed)
    g.start()
    return g
