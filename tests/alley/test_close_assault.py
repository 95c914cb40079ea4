"""Close Assault (house rule CT-054 / DC-030) and Dependants in it (DC-028, DC-029)."""

from __future__ import annotations

import pytest

from ambush_gui.alley import close_assault, turn
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.interrupts import insurgent_move
from ambush_gui.alley.model import FigureKind, Injury, Side, Speed
from ambush_gui.alley.pools import firepower
from ambush_gui.alley.victory import score
from ambush_gui.core.decisions import IllegalDecision
from tests.alley import kit


def contact(
    script: list[int],
    marines: tuple[str, ...] = ("rifle", "rifle", "m203", "saw"),
    n: int = 4,
    contractors: bool = False,
    **kw: object,
) -> AlleyGame:
    """Marines in a row at y=5 and Insurgents 0.8" north of them, in base contact."""
    g = kit.game(
        [kit.marines("m", (5, 5), weapons=marines), kit.insurgents("i", (5, 5.8), n=n)],
        contractors=[("c1", (5 + 0.8 * len(marines), 5))] if contractors else [],
        script=script,
        **kw,
    )
    if contractors:
        g.unit("m").figures.append(g.state.ground.pop())
    g.state.turn = 1
    return g


def assault_rolls(g: AlleyGame) -> list[tuple[int, int]]:
    """(die type, number of dice) of each Close Assault throw."""
    return [
        (e.data["sides"], len(e.data["faces"]))
        for e in kit.events(g, "roll")
        if e.data["purpose"].startswith("Close Assault")
    ]


def wound(g: AlleyGame, fid: str) -> None:
    for f in g.unit("m").figures:
        if f.id == fid:
            f.dependant, f.injury = True, Injury.MODERATE


# -- how it starts -----------------------------------------------------------------------------


@pytest.mark.rule("DC-030")
@pytest.mark.rule("CT-054")
def test_a_close_assault_is_a_move_that_ends_in_contact_with_its_target() -> None:
    """House rule CT-054: the mover names its target; the move must end within 1" of it;
    an undeclared move into contact is refused; the fight follows the move at once."""
    g = kit.game(
        [kit.marines("m", (5, 5)), kit.insurgents("i", (5, 10), n=2)], script=[6, 6, 1, 1, 1, 1, 1]
    )
    i = g.unit("i")
    g.state.turn = 1
    x, _ = i.centre()
    d = next(insurgent_move(g, i, (Speed.CAUTIOUS,)))
    with pytest.raises(IllegalDecision, match="in contact"):
        d.validate({"path": [[x, 7.5]], "speed": "cautious", "assault": "m"})
    with pytest.raises(IllegalDecision, match="Close Assault"):
        d.validate({"path": [[x, 5.6]], "speed": "cautious"})
    proc = insurgent_move(g, i, (Speed.CAUTIOUS,))
    d = next(proc)
    # 2 successes against none: the Marines lose 2 figures (riflemen: no choice to make)
    d = proc.send(d.validate({"path": [[x, 5.8]], "speed": "cautious", "assault": "m"}))
    assert [e.kind for e in g.log.events][:2] == ["move", "assault"]
    assert assault_rolls(g) == [(6, 2), (8, 4)]


@pytest.mark.rule("DC-030")
@pytest.mark.rule("CT-054")
def test_no_assault_after_firing_or_while_pinned_or_shaken() -> None:
    """House rule CT-054: no Close Assault after firing, while Pinned or while Shaken;
    an assault uses up the attacker's fire."""
    g = contact([1, 1, 1, 1, 1, 1, 1, 1])
    m, i = g.unit("m"), g.unit("i")
    assert turn.move_rules(g, m)["may_assault"]
    m.pinned = True
    assert not turn.move_rules(g, m)["may_assault"]
    m.pinned, m.fired = False, True
    assert not turn.move_rules(g, m)["may_assault"]
    i.shaken_turn = 1
    assert not next(insurgent_move(g, i, (Speed.CAUTIOUS,))).facts["may_assault"]
    i.shaken_turn, m.fired = None, False
    kit.drive(g, close_assault.resolve(g, m, i))  # 0 successes each: a standoff
    assert m.fired


# -- the fight ---------------------------------------------------------------------------------


@pytest.mark.rule("DC-028")
def test_dependants_and_casualties_do_not_fight() -> None:
    """4 Marines, one wounded, and a contractor: 3 Close Assault dice, launched or received."""
    g = contact([1] * 7 + [1] * 7, contractors=True)
    wound(g, "m-1")
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, close_assault.resolve(g, m, i))
    kit.drive(g, close_assault.resolve(g, i, m))
    assert assault_rolls(g) == [(8, 3), (6, 4), (6, 4), (8, 3)]


@pytest.mark.rule("DC-030")
@pytest.mark.rule("CT-054")
def test_each_side_throws_its_troop_quality_die_per_fighting_figure_with_two_bonuses() -> None:
    """House rule CT-054: +1 die to the attacker if the defender is Pinned or Shaken, +1 to a
    defender in Solid Cover from the attacker."""
    g = contact([1] * 8 + [1] * 9)
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, close_assault.resolve(g, i, m))
    m.pinned = True
    kit.drive(g, close_assault.resolve(g, i, m))
    assert assault_rolls(g) == [(6, 4), (8, 4), (6, 5), (8, 4)]
    g = kit.game(
        [kit.marines("m", (5, 5)), kit.insurgents("i", (5, 6.0), n=4)],
        pieces=[kit.wall("w", (4, 5.3, 6, 0.4))],
        script=[1] * 9 + [1] * 10,
    )
    m, i = g.unit("m"), g.unit("i")
    g.state.turn = 1
    kit.drive(g, close_assault.resolve(g, m, i))  # the Insurgents hold the wall
    i.shaken_turn = 1
    kit.drive(g, close_assault.resolve(g, m, i))  # ... and are Shaken
    assert assault_rolls(g) == [(8, 4), (6, 5), (8, 5), (6, 5)]


@pytest.mark.rule("DC-030")
@pytest.mark.rule("CT-054")
def test_more_successes_wins_a_tie_is_a_standoff() -> None:
    """4+ succeeds. 2 against 2: nothing happens. 3 against 1: the loser takes 2 casualties
    and, still standing, checks Morale as after fire."""
    g = contact([4, 5, 1, 1, 6, 6, 3, 3])
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, close_assault.resolve(g, m, i))
    assert kit.events(g, "assault")[-1].data["result"] == "standoff"
    assert len(i.figures) == 4 and len(m.fighters) == 4
    g = contact([8, 8, 4, 1, 6, 1, 1, 1, 5, 5])
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, close_assault.resolve(g, m, i))
    win = kit.events(g, "assault")[-1]
    assert (win.data["winner"], win.data["loser"], win.data["casualties"]) == ("m", "i", 2)
    assert len(i.figures) == 2
    assert kit.events(g, "roll")[-1].data["purpose"].startswith("Morale Check: Insurgents i")


@pytest.mark.rule("DC-030")
@pytest.mark.rule("CT-054")
def test_the_attacker_can_lose_and_regular_losers_roll_first_aid() -> None:
    """The Insurgents assault and lose 1 to 3: they take 2 casualties. The Marines assault
    and lose 0 to 1: one casualty, who rolls First Aid (a 1: he fights on)."""
    g = contact([4, 1, 1, 1, 8, 8, 8, 1, 5, 5])
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, close_assault.resolve(g, i, m))
    assert len(i.figures) == 2 and kit.events(g, "assault")[-1].data["winner"] == "m"
    g = contact([1, 1, 1, 1, 6, 1, 1, 1, 1, 5, 5, 5, 5])
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, close_assault.resolve(g, m, i), [["m-1"]])
    assert m.figures[0].injury is Injury.SLIGHT and m.figures[0].fighting


# -- overrun and custody -----------------------------------------------------------------------


@pytest.mark.rule("DC-029")
def test_insurgents_overrunning_marines_take_their_casualties_prisoner() -> None:
    """Two Marines (one already wounded) escorting a contractor lose 0 to 4; the last
    fighter's First Aid is 3: the team is overrun. The Insurgents carry both Marines as POWs
    (so they lose a Firepower die and may not move Rapidly); the contractor, whom they may
    never move (CT-051), is held where he stands. Each captive is 5 VP at the end."""
    g = contact([6, 6, 6, 6, 1, 3], marines=("rifle", "rifle"), contractors=True)
    wound(g, "m-2")
    m, i = g.unit("m"), g.unit("i")
    c1_pos = next(f.pos for f in m.figures if f.id == "c1")
    kit.drive(g, close_assault.resolve(g, i, m))
    assert not m.on_table and m.figures == []
    pows = [f for f in i.figures if f.side is Side.REGULAR]
    assert sorted(f.id for f in pows) == ["m-1", "m-2"]
    assert all(f.captive and not f.fighting for f in pows)
    c1 = g.state.ground[0]
    assert (c1.id, c1.captive, c1.pos) == ("c1", True, c1_pos)
    assert any(x.rule == "DC-005" for x in firepower(g, i, g.unit("m")).items)
    assert not any(p.startswith("rapid") for p in turn.plan_options(g, i))
    assert i.leader is None  # a captive is no leader
    score(g)
    held = sorted(w for s, p, w in g.state.score.lines if "held" in w)
    assert held == [
        "Marine POW m-1 held at the end",
        "Marine POW m-2 held at the end",
        "contractor c1 held at the end",
    ]
    assert not any("no Marine casualty" in w for _, _, w in g.state.score.lines)


@pytest.mark.rule("DC-029")
def test_marines_overrunning_the_captors_free_and_carry_the_prisoners() -> None:
    """The Insurgents holding a Marine POW are wiped out in a Close Assault: the winning
    Marines take the freed Marine into their own unit as a Dependant."""
    g = contact([8, 8, 8, 1], n=1)
    m, i = g.unit("m"), g.unit("i")
    pow_ = m.figures.pop()
    pow_.dependant, pow_.injury, pow_.captive = True, Injury.MODERATE, True
    i.figures.append(pow_)
    kit.drive(g, close_assault.resolve(g, m, i))
    assert not i.on_table
    assert pow_ in m.figures and not pow_.captive and pow_.dependant
    assert pow_.kind is FigureKind.SOLDIER
