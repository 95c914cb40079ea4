"""Fair dice between two machines (issue 31): the joint seed, the host's commitment, and the
check that names the first die that was not the one promised."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.ai.simulate import make_player, play_out, player_seed
from ambush_gui.core.dice import Dice
from ambush_gui.core.fair import check_dice, commitment, joint_seed, new_secret, well_formed

HOST = "a" * 64
GUEST = "0123456789abcdef" * 4


def test_the_seed_is_both_secrets_and_the_commitment_binds_without_telling() -> None:
    assert joint_seed(HOST, GUEST) == joint_seed(HOST, GUEST)
    assert joint_seed(HOST, GUEST) != joint_seed(GUEST, HOST)  # whose secret is whose counts
    assert joint_seed(HOST, GUEST) != joint_seed(HOST, "b" * 64)  # the guest's changes it
    assert 0 <= joint_seed(HOST, GUEST) < 2 ** 64
    assert commitment(HOST) != commitment("b" * 64) and HOST not in commitment(HOST)
    mine = new_secret()
    assert well_formed(mine) and mine != new_secret()
    assert not well_formed("A" * 64) and not well_formed("a" * 63) and not well_formed(None)


class Crooked(Dice):
    """The host's dice: the first face of throw ``at`` (1 for the first throw) is ``face``
    whatever the seed says."""

    def __init__(self, seed: int, at: int, face: int) -> None:
        super().__init__(seed)
        self.at, self.face, self.done = at, face, False

    def _face(self, sides: int) -> int:
        honest = super()._face(sides)
        if self.count + 1 == self.at and not self.done:  # count: the throws made before
            self.done = True
            return self.face
        return honest


def played(name: str, seed: int, dice: Dice | None = None) -> Any:
    """A computer-against-computer game of ``name`` played to its end on ``seed`` (its dice
    ``dice`` when given)."""
    scenario = systems.load_scenario(systems.resolve(name))
    game = systems.new_game(scenario, seed)
    if dice is not None:
        from ambush_gui.alley.game import AlleyGame

        game = AlleyGame(scenario, seed, dice=dice,  # type: ignore[arg-type]
                         options=game.recorded_options)  # type: ignore[attr-defined]
    players = {side: make_player("normal", game.system, player_seed(0, seed, n))
               for n, side in enumerate(("regular", "insurgent"))}
    play_out(game, players)
    assert game.state.outcome
    return game


def rebuild(game: Any) -> Any:
    return lambda seed: systems.new_game(game.scenario, seed, options=game.recorded_options)


def test_an_honest_game_checks_throw_by_throw() -> None:
    seed = joint_seed(HOST, GUEST)
    game = played("contracting-trouble", seed)
    check = check_dice(game, HOST, GUEST, commitment(HOST), rebuild(game))
    rolls = sum(1 for e in game.log.events if e.kind == "roll")
    assert check.fair and check.throws == rolls > 20 and check.changed is None
    assert f"All {rolls} throws" in check.words


@pytest.mark.parametrize("at", [1, 7, 25])
def test_a_die_the_host_changed_is_named(at: int) -> None:
    """The host's dice throw one face other than the seed's: the check names that throw,
    what it was for, what it showed and what the seed promised."""
    seed = joint_seed(HOST, GUEST)
    honest = [tuple(e.data["faces"]) for e in played("contracting-trouble", seed).log.events
              if e.kind == "roll"]
    game = played("contracting-trouble", seed,
                  Crooked(seed, at, 1 if honest[at - 1][0] != 1 else 2))
    check = check_dice(game, HOST, GUEST, commitment(HOST), rebuild(game))
    assert not check.fair and check.changed is not None
    assert check.changed.throw == at and check.throws == at - 1
    assert check.changed.promised == honest[at - 1] != check.changed.thrown
    assert check.words.startswith(f"Throw {at} (")


def test_a_secret_that_is_not_the_one_committed_to_fails_before_any_die() -> None:
    game = played("contracting-trouble", joint_seed(HOST, GUEST))
    check = check_dice(game, HOST, GUEST, commitment("b" * 64), rebuild(game))
    assert not check.fair and check.throws == 0 and "committed" in check.words
