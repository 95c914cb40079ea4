"""A computer player weighs what-ifs on the live game (a shot from each point of a move)
but must leave it exactly as it found it: a figure put back with a rounding residue
(x + dx - dx is not always x) is invisible in the state hash, yet can flip a contact test
at the margin, and then the game no longer replays from its decisions (a save would not
load; a hard player's fork would refuse an answer the game took)."""

from __future__ import annotations

import json

from ambush_gui import systems
from ambush_gui.ai.simulate import GameFactory, make_player, player_seed
from ambush_gui.alley.model import Figure, FigureKind, Side, Unit
from ambush_gui.core.dice import Die


def _exact(game: object) -> list[tuple[str, float, float]]:
    return [(f.id, f.x, f.y) for f in game.state.all_figures()]  # type: ignore[attr-defined]


def test_a_shifted_unit_comes_back_bit_for_bit() -> None:
    f = Figure("a-1", FigureKind.SOLDIER, "rifle", 0.1, 0.7, Side.REGULAR)
    u = Unit(id="a", name="A", side=Side.REGULAR, tq=Die.D8, morale=Die.D8, figures=[f], optimum_range=8.0)
    assert 0.1 + 0.2 - 0.2 != 0.1  # what translating back would leave
    with u.shifted(0.2, 0.2):
        assert (f.x, f.y) != (0.1, 0.7)
    assert (f.x, f.y) == (0.1, 0.7)


def test_the_computer_players_leave_every_figure_where_it_was() -> None:
    """Normal players on both sides of a whole Contracting Trouble game: before and after
    each answer is worked out, every figure stands at the same float coordinates."""
    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    for seed in (392, 7):
        game = GameFactory(scenario)(seed)
        players = {side: systems.normal_player("alley") for side in ("regular", "insurgent")}
        while (d := game.pending()) is not None:
            before = _exact(game)
            answer = players[d.side].choose(game, d)
            assert _exact(game) == before, f"decision {len(game.decisions)} ({d.kind.value}) moved a figure"
            game.answer(answer)


def test_a_game_against_the_hard_player_replays_from_its_decisions() -> None:
    """The game that found the fault: seed 392 with hard Regulars refused, in a fork, a
    Close Assault it had itself accepted, after the normal Insurgents' what-ifs had left
    a Marine a hair off where the replay put him."""
    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    game = GameFactory(scenario)(392)
    seats = {"regular": "hard", "insurgent": "normal"}
    players = {side: make_player(kind, "alley", player_seed(201, 191, n))
               for n, (side, kind) in enumerate(seats.items())}
    while (d := game.pending()) is not None and len(game.decisions) < 260:
        game.answer(players[d.side].choose(game, d))
    again = systems.new_game(scenario, 392)
    for answer in json.loads(json.dumps(game.decisions)):
        again.answer(answer)
    assert again.state_hash() == game.state_hash()
    assert _exact(again) == _exact(game)
