"""A new player's play-test of Ambush!: what the hex map's words did not tell him, and the
panels that hid what he needed. Each test fails without its fix."""

from __future__ import annotations

from typing import Any

from ambush_gui import systems
from ambush_gui.ambush.model import Stance
from ambush_gui.core.hexgrid import Hex
from ambush_gui.gui.hexmap.view import game_counters


def farm(seed: int = 1) -> Any:
    g = systems.new_game(systems.load_scenario(systems.resolve("ambush-tutorial")), seed)
    g.start()
    return g


def test_a_german_prone_in_the_farmhouse_says_he_is_hidden_and_why() -> None:
    """Hahn panicked prone in the stone farmhouse; his tooltip said only "Prone"."""
    g = farm()
    hahn = g.state.soldiers["g1"]
    hahn.hex, hahn.stance = Hex.from_label("0502"), Stance.PRONE
    tips = {c.id: c.tip for c in game_counters(g)}
    assert "Prone in a building: hidden from the Americans (FC-073)" in tips["g1"]
    hahn.hex = Hex.from_label("0604")  # prone in the open: seen as ever
    tip = {c.id: c.tip for c in game_counters(g)}["g1"]
    assert "FC-073" not in tip and "Prone ·" in tip
