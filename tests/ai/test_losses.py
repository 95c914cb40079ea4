"""systems.losses: the fighting figures each side lost (the simulator's "Marines lost")."""

from __future__ import annotations

from ambush_gui import systems
from ambush_gui.ai.simulate import GameFactory, simulate
from ambush_gui.alley.model import Injury


def _finished(name: str, seed: int) -> object:
    game = systems.new_game(systems.load_scenario(systems.resolve(name)), seed)
    players = {side: systems.computer_player(game.system) for side in systems.seated_sides(game.system)}
    from ambush_gui.ai.simulate import play_out

    play_out(game, players)
    return game


def test_an_alley_side_loses_its_hurt_taken_and_removed_fighters_not_its_escorts() -> None:
    game = _finished("contracting-trouble", 4)
    st = game.state  # type: ignore[attr-defined]
    before = systems.losses(game)
    gone = {id(f) for f, _ in st.removed}
    marine = next(f for f in st.all_figures() if f.side.value == "regular" and id(f) not in gone
                  and f.kind.value != "contractor" and f.injury is Injury.NONE and not f.captive)
    marine.injury = Injury.SLIGHT
    after = systems.losses(game)
    assert after["regular"] == before["regular"] + 1
    assert before["insurgent"] >= sum(1 for f, _ in st.removed if f.side.value == "insurgent") > 0
    escort = next(f for f in st.all_figures() if f.kind.value == "contractor")
    escort.injury = Injury.KILLED
    assert systems.losses(game) == after  # a contractor is no fighter


def test_the_report_averages_each_sides_losses() -> None:
    report = simulate(GameFactory(systems.load_scenario(systems.resolve("contracting-trouble"))), "ct", 3, 4,
                      {"regular": "normal", "insurgent": "normal"}, systems.invariants, systems.outcome)
    games = [_finished("contracting-trouble", 4 + i) for i in range(3)]
    want = {side: sum(systems.losses(g)[side] for g in games) / 3 for side in ("regular", "insurgent")}
    assert report.mean_losses == want
    assert report.to_json()["mean_losses"] == {k: round(v, 2) for k, v in want.items()}


def test_an_ambush_soldier_out_of_action_or_wounded_is_lost() -> None:
    from ambush_gui.ambush.model import Status

    game = _finished("ambush-tutorial", 2)
    before = systems.losses(game)
    active = [s for s in game.state.soldiers.values()  # type: ignore[attr-defined]
              if s.status is Status.ACTIVE and not s.wounded]
    if active:
        active[0].status = Status.DEAD
        assert sum(systems.losses(game).values()) == sum(before.values()) + 1
