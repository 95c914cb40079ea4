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


@pytest.mark.parametrize("name", ["market-day", "ambush-crossroads"])
def test_a_throw_of_an_answer_shows_the_game_as_it_stood_between_its_throws(name: str) -> None:
    """During an answer (an Ambush! answer holds a whole German Round), the game once its
    k-th throw is told: the board, the log up to the next throw, that throw not yet."""
    game = played(name, 2)
    timeline = Timeline(game)
    answers = [n for n in range(len(game.decisions))
               if timeline.marks(n + 1)[1] - timeline.marks(n)[1] >= 2][:6]
    assert answers
    for n in answers:
        throws = timeline.marks(n + 1)[1] - timeline.marks(n)[1]
        for k in (1, throws - 1, throws):
            again = replayed(game, n)  # an independent replay, stopped at the next throw
            states: list[str] = []
            rolls = [0]

            def listen(e: Any, again: Any = again, states: list[str] = states,
                       rolls: list[int] = rolls, k: int = k) -> None:
                if e.kind == "roll":
                    rolls[0] += 1
                    if rolls[0] == k + 1:
                        states.append(again.state_hash())
                        states.append(str(len(again.log.events) - 1))

            again.log.subscribe(listen)
            again.answer(game.decisions[n])
            shown = timeline.during(n, k)
            if k == throws:  # past the last: the game after the answer
                assert shown.state_hash() == again.state_hash()
                assert len(shown.log.events) == len(again.log.events)
            else:
                assert shown.state_hash() == states[0], (n, k)
                assert [e.text for e in shown.log.events] == \
                    [e.text for e in again.log.events[:int(states[1])]]
                assert sum(e.kind == "roll" for e in shown.log.events) == timeline.marks(n)[1] + k
    assert timeline.during(3, 0).state_hash() == timeline.at(3).state_hash()
