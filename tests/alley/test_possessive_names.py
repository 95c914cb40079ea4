"""A unit's name that ends in a bracket ("Corporal (squad leader)", "RPG team (4)") takes
no "'s": a play-tester read "Corporal (squad leader)'s move" on the hot-seat curtain. Such
a name is said "the move of Corporal (squad leader)", in the curtain's words, the
questions, the log and the computer's narration alike; "Fireteam Bravo's move" stays."""

from __future__ import annotations

from ambush_gui import systems
from ambush_gui.ai.narrate import narrate
from ambush_gui.alley.view import called_for
from ambush_gui.core.decisions import Decision, DecisionKind

ALLEY = systems.load_scenario(systems.resolve("contracting-trouble"))


def game() -> object:
    g = systems.new_game(ALLEY, 7)
    g.start()
    return g


def test_the_curtain_and_the_narration_say_the_move_of_a_bracketed_name() -> None:
    g = game()
    asked = Decision("insurgent", DecisionKind.INTERRUPT, "Insurgent: interrupt …?", ("none",),
                     {"target": "cpl", "what": "move"})
    assert called_for(g, asked) == "You may interrupt the move of Corporal (squad leader)"
    assert narrate(g, asked, "none") == "No Insurgent interrupts the move of Corporal (squad leader)"
    plain = Decision("insurgent", DecisionKind.INTERRUPT, "Insurgent: interrupt …?", ("none",),
                     {"target": "bravo", "what": "move"})
    assert called_for(g, plain) == "You may interrupt Fireteam Bravo's move"
    react = Decision("regular", DecisionKind.REACT, "Regular: …", ("none",),
                     {"unit": "cpl", "against": "i4", "what": "fire"})
    assert called_for(g, react) == ("The answer of Corporal (squad leader) to the interruption "
                                    "of RPG team (4)")
    match = Decision("insurgent", DecisionKind.MATCH, "…", ("best",),
                     {"target": "i4", "attacker": "cpl"})
    assert called_for(g, match) == ("Match the Defense dice of RPG team (4) against the fire of "
                                    "Corporal (squad leader)")


def test_no_question_or_line_of_the_game_puts_an_s_after_a_bracket() -> None:
    """A whole game, computer against computer: no prompt, log line or narration says
    ")'s"."""
    from ambush_gui.ai.simulate import make_player

    g = systems.new_game(ALLEY, 2)
    g.start()
    players = {side: make_player("ai", "alley", 2) for side in ("regular", "insurgent")}
    said: list[str] = []
    for _ in range(400):
        d = g.pending()
        if d is None:
            break
        said.append(d.prompt)
        said.append(called_for(g, d))
        choice = players[d.side].choose(g, d)
        said.append(narrate(g, d, choice))
        g.answer(choice)
    said += [e.text for e in g.log.events]
    assert not [s for s in said if ")'s" in s]
