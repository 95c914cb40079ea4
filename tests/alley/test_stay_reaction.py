"""AA-089 and AA-034, the correction ``reaction_to_a_unit_that_stays``: Regulars react to
an Insurgent unit that moves in their sight (seed 000 line 115); one that planned a move
and stayed where it was has not moved (it has Halted, line 44), so it is not reacted to.
The engine used to react to it as if it had moved: games built by hand, and older saves,
play that legacy reading; these tests set the option."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui.alley import options as opt
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.model import Speed
from ambush_gui.core.decisions import Decision, DecisionKind
from tests.alley.test_interrupts import duel
from tests.alley.test_overwatch_point import phase as overwatch_phase


def phase(g: AlleyGame, move: Any) -> list[Decision]:
    """The Insurgent phase with i planning a Cautious move-then-fire and answering its move
    with ``move``; m (already activated) reacts whenever it is asked; i holds its fire."""
    asked: list[Decision] = []
    overwatch_phase(g, lambda d: "none", asked, move=move, reactor="m")
    return asked


def game(reading: str) -> AlleyGame:
    g = duel(script=[6] * 40)  # i has a leader: no Quality Check; every die a 6
    g.options[opt.STAY_REACTION] = reading
    m = g.unit("m")
    m.activated, m.speed = True, Speed.CAUTIOUS
    assert g.sees(m, g.unit("i"))
    return g


def reactions(asked: list[Decision]) -> list[Decision]:
    return [d for d in asked if d.kind is DecisionKind.REACT and d.facts.get("against") == "i"]


@pytest.mark.rule("AA-089")
@pytest.mark.rule("AA-034")
def test_an_insurgent_that_plans_a_move_and_stays_put_is_not_reacted_to() -> None:
    """i, in m's sight, plans a move and stays where it is: it has Halted, so m is not
    asked to react to a move that never happened, and i is unhurt."""
    g = game("moved_only")
    asked = phase(g, "stay")
    assert reactions(asked) == []
    assert g.unit("i").speed is Speed.HALTED and g.unit("i").moved == 0
    assert len(g.unit("i").fighters) == 4 and not g.unit("m").reacted


@pytest.mark.rule("AA-089")
def test_an_insurgent_that_moves_in_sight_is_still_reacted_to() -> None:
    """The same unit moving 2" east in m's sight is reacted to, and m's fire comes."""
    g = game("moved_only")
    x, y = g.unit("i").centre()
    asked = phase(g, {"path": [[x + 2.0, y]], "speed": "cautious"})
    assert len(reactions(asked)) == 1
    assert g.unit("m").reacted
    assert any(e.kind == "fire" and e.data.get("attacker") == "m" for e in g.log.events)


def test_older_saves_keep_reacting_to_a_unit_that_stayed() -> None:
    """The legacy reading (games made before the correction) asks as the engine did, so
    their decisions replay as they were played."""
    g = game("declared")
    asked = phase(g, "stay")
    assert len(reactions(asked)) == 1
    assert opt.OPTIONS.get(opt.STAY_REACTION).legacy == "declared"
    assert opt.OPTIONS.get(opt.STAY_REACTION).default == "moved_only"
