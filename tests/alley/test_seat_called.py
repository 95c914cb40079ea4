"""What the hot-seat curtain says a player is called to the seat for (core/view.py
``seat_called``, alley/view.py ``called_for``): the question's kind and the units it is
about, told from the decision's kind and facts; never a die's verdict (a reaction's words
named the Reaction Test's winner before its dice showed), a hidden piece or a secret
question of the side taking the seat."""

from __future__ import annotations

import re
from typing import Any

import pytest

from ambush_gui.alley.view import called_for
from ambush_gui.core.decisions import Decision
from ambush_gui.core.decisions import DecisionKind as K
from ambush_gui.core.events import Event
from ambush_gui.core.view import DICE_FIRST, LOOK, seat_called
from tests.alley import kit


def _game(**device: Any) -> Any:
    spec = {"id": "b", "size": "medium", "at": [6, 8], "reach": 4, "trigger": "command",
            "target": "owner", **device}
    return kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))], modules=["ieds"],
                    ieds={"devices": [spec]}, strict=False)


# every kind a hand-over may ask, with the facts the engine gives it (alley/turn.py,
# interrupts.py, fire.py, reinforcements.py), and what the curtain must say of it
KINDS: list[tuple[K, str, dict[str, Any], str]] = [
    (K.ACTIVATE, "regular", {"turn": 2}, "unit that activates next"),
    (K.PLAN, "regular", {"unit": "m", "pinned": True, "dependants": 0}, "Say how m acts"),
    (K.MOVE, "insurgent", {"unit": "i", "limit": 6.0}, "Move i"),
    (K.MOVE, "insurgent", {"unit": "i", "limit": 6.0, "interrupting": "m"}, "its interruption of m"),
    (K.MOVE, "regular", {"unit": "m", "limit": 6.0, "cover_from": "i"}, "into cover or out of i's sight"),
    (K.FIRE, "insurgent", {"unit": "i", "targets": ["m"]}, "Choose i's target"),
    (K.INTERRUPT, "insurgent", {"target": "m", "what": "move"}, "You may interrupt m's move"),
    (K.OVERWATCH, "regular", {"against": "i", "interrupted": "m"}, "fire at i (interrupting m)"),
    (K.OVERWATCH_POINT, "regular", {"target": "i", "what": "move"}, "from Overwatch at i's move"),
    (K.REACT, "regular", {"unit": "m", "against": "i", "what": "react first"}, "m's answer to i's"),
    (K.REACT, "regular", {"against": "i", "what": "move"}, "You may react to i's move"),
    (K.MATCH, "insurgent", {"attack": [6, 5], "defense": [4], "target": "i", "attacker": "m"},
     "Match i's Defense dice against m's fire"),
    (K.CASUALTIES, "insurgent", {"unit": "i", "hits": 2, "forced_dependant": False}, "who falls in i"),
    (K.HOT_SPOT, "insurgent", {"roll": 6}, "Hot Spot where new Insurgents arrive"),
    (K.PLACE, "insurgent", {"hot_spot": 3, "figures": 2}, "new Insurgents at Hot Spot 3"),
    (K.INSURGENT_ACT, "insurgent", {"turn": 2}, "acts next in the Insurgent phase"),
    (K.ABANDON, "regular", {"unit": "m", "casualties": ["m-1", "m-2"]}, "abandon m's casualties"),
    (K.CHOOSE, "regular", {"module": "mounted", "question": "mounted.stay_mounted", "unit": "m",
                           "attacker": "i"}, "m, fired on by i: stay mounted or dismount"),
    (K.CHOOSE, "insurgent", {"module": "civilians", "question": "civilians.taunt", "mob": "c"},
     "have c taunt a unit"),
    (K.CHOOSE, "insurgent", {"module": "civilians", "question": "civilians.hostile_move",
                             "mob": "c"}, "Move the hostile c"),
    (K.CHOOSE, "regular", {"module": "civilians", "question": "civilians.manipulate", "unit": "m",
                           "mob": "c"}, "Send c where m's leader wants it"),
    (K.CHOOSE, "insurgent", {"module": "nbc", "question": "nbc.something"}, "the nbc rules"),
]


@pytest.mark.parametrize(("kind", "side", "facts", "words"), KINDS,
                         ids=[f"{k.value}-{i}" for i, (k, *_rest) in enumerate(KINDS)])
def test_each_kind_is_called_for_in_its_own_words_without_a_count(
        kind: K, side: str, facts: dict[str, Any], words: str) -> None:
    """Each question that can hand the seat over is named from its kind and facts; a count
    the dice gave (the hits, the casualties carried, the 6 that brought a Hot Spot) is
    never said, whatever the prompt says."""
    g = _game()
    d = Decision(side, kind, f"{side.title()}: choose 2 casualties, you rolled a 6, react first",
                 ("a", "b"), facts)
    said = called_for(g, d)
    named = re.sub(r"\b([mi])\b", lambda w: g.unit(w.group(1)).name, words)
    assert named in said, said
    assert "2" not in said and "6" not in said and "first" not in said, said
    assert seat_called(g, d, side) == said  # nothing held, nothing hidden: the question's words


def test_a_reaction_reads_the_same_whoever_won_the_reaction_test() -> None:
    """The interrupted unit's question is "react first" (it won the Reaction Test) or
    "return fire" (it lost, after the Insurgents acted): the curtain's words are one."""
    g = _game()
    won, lost = (Decision("regular", K.REACT, f"Regular: m may {what} against i", ("fire", "none"),
                          {"unit": "m", "against": "i", "what": what})
                 for what in ("react first", "return fire"))
    assert called_for(g, won) == called_for(g, lost) == \
        "Marines m's answer to Insurgents i's interruption"


def test_dice_not_yet_shown_come_first_and_the_question_is_not_named() -> None:
    """With the answer's throws still held (shown once the seat is taken), which question
    comes may be their verdict (a reaction is asked of the Reaction Test's winner, the
    Defense dice of the loser's fire): the curtain names the first throw, thrown before
    any unshown die, and not the question."""
    g = _game()
    d = Decision("regular", K.REACT, "Regular: m may react first against i", ("fire", "none"),
                 {"unit": "m", "against": "i", "what": "react first"})
    held = [Event("interrupt", "i interrupts m by fire"),
            Event("roll", "Reaction Test (i interrupts m): m: 1d8 → 7",
                  {"purpose": "Reaction Test (i interrupts m): m", "faces": [7], "side": "regular"}),
            Event("reaction", "Reaction Test: i 3 against m 7 — m acts first")]
    said = seat_called(g, d, "regular", held)
    assert said == DICE_FIRST
    assert "7" not in said and "acts first" not in said and "react" not in said


def test_a_secret_question_a_hidden_piece_and_a_look_read_alike() -> None:
    """The Insurgents' question whether to set off their hidden bomb, a question naming it,
    and a look with nothing to decide all read as the look: the Regular player, leaving
    the seat, cannot tell which it was. A bomb shown to both is named."""
    g = _game()
    mod = g.modules.get("ieds")
    device, units = mod.devices[0], [g.unit("m")]
    regular = Decision("regular", K.ACTIVATE, "Regular: turn 1 — which unit activates next?",
                       ("m",), {"turn": 1})
    for d in (mod.detonate_decision(device, units), mod.target_decision(device, units), regular):
        said = seat_called(g, d, "insurgent")
        assert said == LOOK, (d, said)
        assert not re.search(r"IED|bomb|set off|\bb\b", said)
    public = _game(hidden_from=[])
    pmod = public.modules.get("ieds")
    d = pmod.detonate_decision(pmod.devices[0], [public.unit("m")])
    assert seat_called(public, d, "insurgent") == "You may set off the Medium IED b"


@pytest.mark.parametrize("scenario", ["contracting-trouble", "market-day"])
def test_every_hand_over_of_a_game_is_called_for_without_a_verdict(scenario: str) -> None:
    """A whole game, computer against computer: at each change of side the curtain's words
    are the dice first (the first throw held), the look, or the question's own words, and
    none of them is the prompt or tells a throw's outcome."""
    from ambush_gui.ai.alley_ai import AlleyAI
    from ambush_gui.gui.table.dialogs.situations import new_game

    g, ai = new_game(0, scenario), AlleyAI()
    last, mark, kinds = None, 0, set()
    while (d := g.pending()) is not None:
        if last is not None and d.side != last.side:
            held = g.log.events[mark:]
            said = seat_called(g, d, d.side, held)
            rolls = [e for e in held if e.kind == "roll"]
            if d.facts.get("secret"):
                assert said == LOOK
            elif rolls:
                assert said == DICE_FIRST
            else:
                assert said == called_for(g, d) and said != "A question for you", (d, said)
                kinds.add(d.kind)
            assert d.prompt not in said and "→" not in said and " acts first" not in said, said
        last, mark = d, len(g.log.events)
        g.answer(ai.choose(g, d))
    assert kinds  # some hand-over had no dice held: the question was named


def test_the_words_keep_their_example() -> None:
    import doctest

    from ambush_gui.alley import view

    assert doctest.testmod(view).failed == 0
