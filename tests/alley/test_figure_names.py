"""Players read figures by name, never by id (ambush_gui/alley/names.py): a play-tester
found the table's log saying "cooper-s-cell-1-1 (Cooper's Cell)". The log, the dice tray's
rolls (their purposes and modifiers), the decisions and the score a player reads name a
figure by its unit and its place in it; the state hash and the ledger saves hash keep ids."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.ai.simulate import make_player, play_out
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.names import figure_name, name_of, own_name
from ambush_gui.core import saves
from ambush_gui.core.decisions import Decision

GOLDEN = Path(__file__).parent / "golden" / "contracting-trouble-random-5.json"


def new(name: str, seed: int = 3) -> AlleyGame:
    g = systems.new_game(systems.load_scenario(systems.resolve(name)), seed)
    assert isinstance(g, AlleyGame)
    return g


class Listening:
    """A computer player that keeps every prompt it is asked."""

    def __init__(self, player: Any, heard: list[str]) -> None:
        self.player, self.heard = player, heard

    def choose(self, game: Any, d: Decision) -> Any:
        self.heard.append(d.prompt)
        return self.player.choose(game, d)


def said(g: AlleyGame, prompts: list[str]) -> list[str]:
    """Every text a player reads about the game: the log (rolls with their purposes and
    modifiers), the decisions asked, the score's lines."""
    out = [e.text for e in g.log.events] + prompts
    for e in g.log.events:
        out += [str(m[0]) for m in e.data.get("modifiers") or ()]
    return out + [w for _, _, w in g.state.score.said()]


@pytest.mark.parametrize("name", ["contracting-trouble", "market-day", "the-chlorine-house"])
def test_a_whole_game_names_its_figures_and_never_by_id(name: str) -> None:
    """A shipped Ambush Alley scenario and two Force on Force ones (civilians, combat stress,
    NBC), computer against computer to the end."""
    g, prompts = new(name), []
    play_out(g, {s: Listening(make_player("easy", "alley", 3), prompts) for s in ("regular", "insurgent")})
    assert g.over
    ids = sorted((f.id for f in g.state.all_figures() if not own_name(f)), key=len, reverse=True)
    as_id = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
    texts = said(g, prompts)
    assert [t for t in texts if as_id.search(t)] == []
    fallen = [e for e in g.log.events if e.kind == "casualty"]
    assert fallen and all(e.text.startswith(name_of(g, e.data["figure"])) for e in fallen)


def test_the_names_contracting_trouble_gives_its_figures() -> None:
    g = new("contracting-trouble")
    names = {f.id: figure_name(f) for f in g.state.all_figures()}
    assert names["alpha-3"] == "Fireteam Alpha, fighter 3"
    assert names["cpl-1"] == "Corporal (squad leader)"  # a unit of one: the unit's name
    assert (names["i4-1"], names["i4-2"]) == ("RPG team (4), leader", "RPG team (4), fighter")
    assert (names["contractor-1"], names["contractor-2"]) == ("Contractor 1", "Contractor 2")
    assert name_of(g, "i1-6") == "Gunmen (1), fighter 6" and name_of(g, "nobody") == "nobody"


def test_a_figure_the_scenario_names_is_called_by_his_name() -> None:
    g = new("the-last-clinic")
    assert {figure_name(f) for f in g.state.ground} >= {"Leila", "Hamid", "Sami"}


def test_a_figure_keeps_his_name_when_he_joins_another_unit() -> None:
    g = new("contracting-trouble")
    cpl, alpha = g.unit("cpl"), g.unit("alpha")
    leader = cpl.figures.pop()
    alpha.figures.append(leader)
    assert name_of(g, leader.id) == "Corporal (squad leader)"


def test_names_are_shown_only_the_state_hash_and_saves_keep_ids() -> None:
    """A golden save still verifies, and renaming every figure changes no state hash."""
    g = saves.verify(GOLDEN, systems.factory)
    assert isinstance(g, AlleyGame)
    before = g.state_hash()
    for f in g.state.all_figures():
        f.name = "someone else"
    assert g.state_hash() == before
    ledger = [why for _, _, why in g.state.score.lines]
    shown = [why for _, _, why in g.state.score.said()]
    assert ("Marine bravo-1 wounded", "Fireteam Bravo, fighter 1 wounded") in zip(ledger, shown, strict=True)
