"""``simulate`` on several processes: the same seeds give the same report as one core,
progress and an early stop still work, and each side's seconds per decision are kept."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.ai.simulate import DecisionTimes, GameFactory, Report, simulate


def report(name: str, games: int, seed: int, jobs: int, seats: dict[str, str] | None = None,
           progress: Any = None) -> Report:
    scenario = systems.load_scenario(systems.resolve(name))
    seats = seats or {side: "normal" for side in systems.seated_sides(scenario.spec.system)}
    return simulate(GameFactory(scenario), name, games, seed, seats, systems.invariants,
                    systems.outcome, progress=progress, jobs=jobs)


def same_figures(r: Report) -> dict[str, Any]:
    """Everything of a report but the clock's figures."""
    return {"games": r.games, "wins": r.wins, "outcomes": r.outcomes, "exceptions": r.exceptions,
            "invariant_violations": r.invariant_violations, "problems": r.problems,
            "mean_turns": r.mean_turns, "mean_victory_points": r.mean_victory_points,
            "mean_decisions": r.mean_decisions,
            "decisions": {k: v.decisions for k, v in r.decision_times.items()}}


@pytest.mark.parametrize(("name", "seats"), [
    ("contracting-trouble", {"regular": "normal", "insurgent": "random"}),
    ("ambush-tutorial", {"us": "easy"}),
], ids=["ambush-alley", "ambush!"])
def test_two_processes_give_the_same_report_as_one(name: str, seats: dict[str, str]) -> None:
    one = report(name, 5, 11, 1, seats)
    two = report(name, 5, 11, 2, seats)
    assert (one.jobs, two.jobs) == (1, 2)  # really played on two processes
    assert same_figures(two) == same_figures(one)
    assert len(one.outcomes) == 5 and one.exceptions == 0


def test_a_closure_still_plays_on_one_process() -> None:
    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    seats = {"regular": "normal", "insurgent": "normal"}
    r = simulate(lambda s: systems.new_game(scenario, s), "ct", 2, 1, seats, systems.invariants,
                 systems.outcome, jobs=2)
    assert r.jobs == 1 and r.games == 2 and len(r.outcomes) == 2


def test_a_game_factory_pickles_and_makes_the_seeded_game() -> None:
    scenario = systems.load_scenario(systems.resolve("market-day"))
    factory = pickle.loads(pickle.dumps(GameFactory(scenario, {"reaction_fire": "replaces"})))
    game = factory(4)
    assert game.state_hash() == systems.new_game(scenario, 4, {"reaction_fire": "replaces"}).state_hash()


def test_progress_hears_each_game_in_order_and_a_stop_ends_the_run_on_many_processes() -> None:
    heard: list[int] = []

    def progress(done: int) -> bool:
        heard.append(done)
        return done < 3

    stopped = report("contracting-trouble", 8, 2, 2, progress=progress)
    assert heard == [1, 2, 3]
    assert stopped.games == 3 and len(stopped.outcomes) == 3
    # the games kept are the first three, as a one-core run stopped there would keep
    assert same_figures(stopped) == same_figures(report("contracting-trouble", 3, 2, 1))


def test_each_side_has_its_seconds_per_decision_in_the_json() -> None:
    r = report("contracting-trouble", 2, 1, 2)
    timing = r.to_json()["seconds_per_decision"]
    assert set(timing) == {"regular", "insurgent"}
    for side, t in timing.items():
        assert t["decisions"] > 0, side
        assert 0 < t["median_s"] <= t["p95_s"] < 60, side
    assert sum(t["decisions"] for t in timing.values()) == round(r.mean_decisions * r.games)


def test_decision_times_merge_to_the_quantiles_of_all_the_samples() -> None:
    samples = [0.001 * (i + 1) for i in range(100)]  # 1 ms .. 100 ms
    whole, a, b = DecisionTimes(), DecisionTimes(), DecisionTimes()
    for i, s in enumerate(samples):
        whole.add(s)
        (a if i % 3 else b).add(s)
    a.merge(b)
    assert a == whole
    assert whole.decisions == 100
    assert whole.quantile(0.5) == pytest.approx(0.050, rel=0.01)
    assert whole.quantile(0.95) == pytest.approx(0.095, rel=0.01)
    assert DecisionTimes().quantile(0.5) == 0.0


@pytest.mark.parametrize("jobs", [1, 2], ids=["one-process", "two-processes"])
def test_the_figures_so_far_grow_game_by_game_and_end_in_the_final_figures(jobs: int) -> None:
    """The editor's Simulate shows a run as it goes (a play-tester stared at a bare progress
    bar through 500 games): each report on the way is the report of the first games alone,
    and the run's report is what it is without them."""
    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    seats = {"regular": "normal", "insurgent": "random"}
    seen: list[Report] = []
    final = simulate(GameFactory(scenario), "ct", 5, 4, seats, systems.invariants, systems.outcome,
                     jobs=jobs, partial=seen.append, partial_every=0)
    assert [r.games for r in seen] == [1, 2, 3, 4]  # every game but the last, which the run returns
    for r in seen:
        assert r.partial and r.asked == 5
        assert same_figures(r) == same_figures(report("contracting-trouble", r.games, 4, 1, seats))
    assert not final.partial and final.asked == 5
    assert same_figures(final) == same_figures(report("contracting-trouble", 5, 4, 1, seats))
    assert seen[0].outcomes == final.outcomes[:1]  # copies: the run went on without changing them


def test_the_figures_so_far_come_a_few_times_a_second_at_most() -> None:
    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    seen: list[Report] = []
    simulate(GameFactory(scenario), "ct", 4, 1, {"regular": "random", "insurgent": "random"},
             partial=seen.append, partial_every=3600)
    assert seen == []


def test_a_stopped_run_says_it_is_partial() -> None:
    stopped = report("contracting-trouble", 8, 2, 1, progress=lambda done: done < 2)
    assert stopped.games == 2 and stopped.asked == 8 and stopped.partial
    assert not Report("ct", 210, {"regular": 110, "insurgent": 90, "draw": 10}).partial  # made by hand
