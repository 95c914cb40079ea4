"""The timeline (issue 32): any moment of a game, as it stood, without touching the game."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.timeline import Timeline
from tests.core.test_branch import played


def replayed(game: Any, n: int) -> Any:
    again = systems.fresh_copy(game)
    again.start()
    for answer in game.decisions[:n]:
        again.answer(answer)
    return again


@pytest.mark.parametrize("name", ["market-day", "ambush-crossroads"])
def test_every_moment_is_the_game_as_it_stood_and_the_game_is_untouched(name: str) -> None:
    game = played(name, 2)
    board, answers = game.state_hash(), list(game.decisions)
    timeline = Timeline(game)
    assert len(timeline) == len(answers) + 1
    if game.system == "alley":
        assert len(timeline.checkpoints) >= game.state.turn - 1  # a copy at each turn's start
    for n in [*range(0, len(answers) + 1, 9), len(answers)]:
        moment, then = timeline.at(n), replayed(game, n)
        assert moment.state_hash() == then.state_hash(), n
        assert [e.text for e in moment.log.events] == [e.text for e in then.log.events], n
        assert (moment.pending() and moment.pending().prompt) == (then.pending() and then.pending().prompt)
        assert timeline.marks(n) == (len(then.log.events), then.dice.count)
    assert game.state_hash() == board and game.decisions == answers
    with pytest.raises(ValueError, match="this game has moments 0 to"):
        timeline.at(len(answers) + 1)


def test_a_timeline_grows_with_a_game_in_progress_and_refuses_another_game() -> None:
    game = played("market-day", 3)
    live = replayed(game, 10)
    timeline = Timeline(live)
    for answer in game.decisions[10:40]:
        live.answer(answer)
        assert timeline.extend(live)
    assert len(timeline) == 41
    whole = Timeline(live)
    for n in (5, 10, 11, 25, 40):
        assert timeline.at(n).state_hash() == whole.at(n).state_hash(), n
        assert timeline.marks(n) == whole.marks(n)
    assert [e.text for e in timeline.log] == [e.text for e in live.log.events]
    undone = replayed(game, 30)  # an undo: the game recorded is no longer this one's past
    undone.decisions[5] = "not the answer given"
    assert not timeline.extend(undone)
    assert len(timeline) == 41
