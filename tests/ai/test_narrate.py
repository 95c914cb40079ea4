"""Computer answers carry a one-line reason, and are told in plain words (DESIGN.md)."""

from __future__ import annotations

from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.ai.ambush_ai import AmbushAI
from ambush_gui.ai.narrate import Choice, narrate
from ambush_gui.ai.random_player import RandomPlayer
from ambush_gui.core.decisions import Decision, DecisionKind

SCENARIO = systems.load_scenario(systems.resolve("contracting-trouble"))


def test_decide_answers_as_choose_does_and_gives_a_reason() -> None:
    """decide() is choose() plus a reason: two games played with each stay identical."""
    a, b = systems.new_game(SCENARIO, 3), systems.new_game(SCENARIO, 3)
    a.start()
    b.start()
    by_choose, by_decide = AlleyAI(), AlleyAI()
    reasons = []
    for _ in range(60):
        d, e = a.pending(), b.pending()
        if d is None:
            break
        choice = by_decide.decide(b, e)
        assert isinstance(choice, Choice)
        assert choice.answer == by_choose.choose(a, d)
        reasons.append(choice.reason)
        a.answer(choice.answer)
        b.answer(choice.answer)
    assert a.decisions == b.decisions
    assert any("expected casualties" in r for r in reasons)


def test_interrupts_are_told_with_the_point_on_the_move_or_as_declined() -> None:
    g = systems.new_game(SCENARIO, 3)
    g.start()
    bravo = next(u for u in g.state.units.values() if u.name == "Fireteam Bravo")
    gunmen = next(u for u in g.state.units.values() if u.name == "Gunmen (1)")
    d = Decision("insurgent", DecisionKind.INTERRUPT, "Interrupt?", ["none"],
                 facts={"target": bravo.id, "what": "move"})
    assert narrate(g, d, "none") == "No Insurgent interrupts Fireteam Bravo's move"
    told = narrate(g, d, {"unit": gunmen.id, "kind": "fire", "at": 4.0})
    assert told == 'Gunmen (1) interrupts Fireteam Bravo 4.0" along its move by fire'
    told = narrate(g, d, {"unit": gunmen.id, "kind": "move", "at": 2.0})
    assert told.endswith("by movement")
    # the window at an activation's start (house rule AA-071) is no move: a play-tester read
    # "No Insurgent interrupts Second section's move" before it had chosen to move
    start = Decision("insurgent", DecisionKind.INTERRUPT, "Interrupt?", ["none"],
                     facts={"target": bravo.id, "what": "activation (fire at a Pinned unit)"})
    assert narrate(g, start, "none") == \
        "No Insurgent spends its interrupt at the start of Fireteam Bravo's activation"


def test_a_module_plan_is_told_in_its_words_not_its_id() -> None:
    """Playtest 57: the log read "Councillor Idris civilians/arm/crowd-fruit"."""
    g = systems.new_game(SCENARIO, 3)
    g.start()
    gunmen = next(u for u in g.state.units.values() if u.name == "Gunmen (1)")
    d = Decision("insurgent", DecisionKind.PLAN, "How?", ["cautious:move-fire", "civilians/arm/mob"],
                 facts={"unit": gunmen.id,
                        "module_plans": {"civilians/arm/mob": "The leader arms mob Crowd (50%)"}})
    assert narrate(g, d, "civilians/arm/mob") == "Gunmen (1): the leader arms mob Crowd (50%)"
    assert narrate(g, d, "cautious:move-fire") == "Gunmen (1) moves Cautious: moves, then fires"


def test_every_computer_player_has_decide() -> None:
    g = systems.new_game(systems.load_scenario(systems.resolve("ambush-tutorial")), 3)
    g.start()
    d = g.pending()
    c = AmbushAI().decide(g, d)
    assert c.answer == AmbushAI().choose(g, d)
    assert c.reason
    assert narrate(g, d, c.answer)
    r = RandomPlayer(1).decide(g, d)
    assert r.reason == "picked at random" and r.answer in d.options


def test_a_unit_still_to_act_is_not_told_as_on_overwatch_and_names_take_their_possessive() -> None:
    """A play-test read "Alpha team on Overwatch answers Signal box raiders's interruption"
    for a unit that was only waiting to act (AA-091), and "the Marines' sight" in a scenario
    whose Regulars are Fusiliers."""
    from ambush_gui.ai.alley_ai import regulars

    g = systems.new_game(systems.load_scenario(systems.resolve("the-signal-box")), 3)
    g.start()
    alpha = next(u for u in g.state.units.values() if u.name == "Alpha team")
    raiders = next(u for u in g.state.units.values() if u.name == "Signal box raiders")
    d = Decision("regular", DecisionKind.OVERWATCH, "Fire?", ["none", alpha.id],
                 facts={"against": raiders.id})
    assert not alpha.overwatch
    assert narrate(g, d, alpha.id) == ("Alpha team, still to act, answers Signal box raiders' "
                                       "interruption: that is its activation")
    assert narrate(g, d, "none") == "No Regular unit answers Signal box raiders' interruption"
    alpha.overwatch = True
    assert narrate(g, d, alpha.id) == "Alpha team on Overwatch answers Signal box raiders' interruption"
    assert regulars(g) == "the Fusiliers"
    assert regulars(systems.new_game(SCENARIO, 3)) == "the US Marines"


def test_casualties_chosen_are_told_by_the_figures_names_not_their_ids() -> None:
    """Play-test: the log read "RPG team (4) loses i4-2 — it loses riflemen before
    leaders…": the figures a computer (or a forced answer) gives up are named, and the
    unit once (a play-test read "Tea shop gunmen loses Tea shop gunmen, fighter 1")."""
    g = systems.new_game(SCENARIO, 3)
    g.start()
    rpg = next(u for u in g.state.units.values() if u.name == "RPG team (4)")
    ids = [f.id for f in rpg.figures[:2]]
    d = Decision("insurgent", DecisionKind.CASUALTIES, "Choose casualties",
                 options=(ids,), facts={"unit": rpg.id})
    said = narrate(g, d, ids)
    assert said == "RPG team (4) loses leader; fighter", said
    assert not any(i in said for i in ids)


def test_a_move_that_ends_short_of_its_goal_says_towards_and_one_that_gets_there_to() -> None:
    """A play-test: "it carries the contractors out by the south edge" was said of a move
    that ended a table's width from it. A move's reason names its place "to" only when the
    move ends there (within ARRIVED inches, the way round the terrain), "towards" when it
    falls short; a lone leader who does not reach his gang goes "towards" it. Words only:
    the answers are choose()'s (the test above; the pinned games in tests/alley)."""
    from ambush_gui.ai.alley_ai import ARRIVED

    seen: dict[str, list[str]] = {"to": [], "towards": []}
    for seed in (1, 2):
        g = systems.new_game(SCENARIO, seed)
        g.start()
        ai = {side: AlleyAI() for side in ("regular", "insurgent")}
        while (d := g.pending()) is not None:
            player = ai[d.side]
            goal = player.goal_of(g, g.unit(d.facts["unit"])) if d.kind is DecisionKind.MOVE else None
            choice = player.decide(g, d)
            answer, reason = choice.answer, choice.reason
            if goal is not None and goal.to and isinstance(answer, dict) and "path" in answer \
                    and (goal.to in reason or goal.towards in reason):
                unit = g.unit(d.facts["unit"])
                left = player.finder(g, unit).field(goal.where).distance(tuple(answer["path"][-1]))
                there = left <= ARRIVED * g.m.scale and "cut off by terrain" not in reason
                assert (goal.to in reason) == there, (reason, left)
                seen["to" if there else "towards"].append(reason)
            if isinstance(answer, dict) and "lone leader: it goes" in reason:
                assert ("join" in answer) == ("towards" not in reason), (answer, reason)
                seen["to" if "join" in answer else "towards"].append(reason)
            g.answer(answer)
    assert any("goes to the contractors" in r for r in seen["to"]), seen
    assert any("carries the contractors towards the south edge" in r for r in seen["towards"]), seen
    assert any("a lone leader: it goes towards" in r for r in seen["towards"]), seen
