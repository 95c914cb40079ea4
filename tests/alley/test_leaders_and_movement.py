"""Unit cohesion, leaders and joining, and movement speeds (AA-014..029)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ambush_gui.alley import turn
from ambush_gui.alley.fire import fire
from ambush_gui.alley.game import AlleyGame
from ambush_gui.alley.interrupts import quality_check, resolve
from ambush_gui.alley.morale import check as morale_check
from ambush_gui.alley.pools import defense, firepower
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.geometry import cohesive
from tests.alley import kit

NONE = "none"


def spread(uid: str, side: str, xs: list[float], y: float, leader: bool = False) -> dict[str, Any]:
    """A unit whose figures stand at the given x positions (out of cohesion if far apart)."""
    figs = [{"id": f"{uid}-{k + 1}", "at": [x, y]} for k, x in enumerate(xs)]
    if leader:
        figs[0]["kind"] = "leader"
    tq = "d8" if side == "regular" else "d6"
    return {"id": uid, "name": uid, "side": side, "tq": tq, "morale": "d10", "figures": figs}


def quality_rolls(g: AlleyGame) -> list[str]:
    return [t for t in kit.roll_texts(g) if t.startswith("Quality Check")]


def started(g: AlleyGame) -> AlleyGame:
    g.state.turn = 1
    return g


def options_of(kind: DecisionKind, seen: list[Decision], answer: Any) -> Any:
    """An answer that records the decision it answers, and checks its kind."""

    def f(d: Decision) -> Any:
        assert d.kind is kind, (d.kind, d.prompt)
        seen.append(d)
        return answer

    return f


# -- cohesion -------------------------------------------------------------------------------------


@pytest.mark.rule("AA-014")
def test_cohesion_within_1_inch_of_one_another_or_within_4_inches_of_the_centre() -> None:
    """AA-014: 1" links or a 4" radius (x1.5 at 28mm)."""
    assert cohesive([(0, 0), (1, 0), (2, 0)], 1, 4)
    assert cohesive([(0, 0), (3, 0), (6, 0)], 1, 4)  # all within 3" of the centre
    assert not cohesive([(0, 0), (9, 0)], 1, 4)
    long_chain = [(1.4 * k, 0) for k in range(10)]  # links of 1.4", 12.6" long
    assert not cohesive(long_chain, 1, 4)
    assert cohesive(long_chain, 1.5, 6)  # 28mm: 1.5" links hold it


@pytest.mark.rule("AA-015")
def test_cohesion_is_a_connected_chain_or_everyone_within_4_inches_of_the_centroid() -> None:
    """House rule AA-015: a chain of 1" links (not every pair within 1"), or every figure
    within 4" of the figures' mean position."""
    chain = [(0.9 * k, 0) for k in range(10)]  # 8.1" long: only the chain reading holds it
    assert cohesive(chain, 1, 4)
    assert not cohesive(chain[:4] + chain[6:], 1, 4)  # a gap of 1.8" breaks the chain
    pairs = [(0, 0), (0.8, 0), (3.8, 0), (4.6, 0)]  # two pairs 3" apart, 2.3" from the centre
    assert cohesive(pairs, 1, 4)
    assert not cohesive([(0, 0), (0.8, 0), (8.8, 0), (9.6, 0)], 1, 4)  # 4.8" from the centre


@pytest.mark.rule("AA-016")
def test_a_unit_out_of_cohesion_regroups_in_its_next_activation() -> None:
    """AA-016: the activation of a scattered unit begins by restoring cohesion."""
    g = started(kit.game([spread("m", "regular", [2, 2.8, 12, 12.8], 2)]))
    m = g.unit("m")
    assert not cohesive(m.points(), 1, 4)
    kit.drive(g, turn.activation(g, m), ["halted"])
    assert cohesive(m.points(), 1, 4)
    assert kit.events(g, "regroup")
    assert m.centre() == pytest.approx((7.4, 2.0))  # closed up round its centre


@pytest.mark.rule("AA-017")
def test_regrouping_is_the_move_of_the_activation_but_the_unit_may_fire() -> None:
    """House rule AA-017: a regrouping unit may only stay Halted or go on Overwatch, and
    may still fire; Insurgents regroup in their own activation the same way."""
    g = started(
        kit.game(
            [
                spread("m", "regular", [2, 2.8, 12, 12.8], 2),
                kit.insurgents("i", (7, 12), leader=True),
            ]
        )
    )
    seen: list[Decision] = []
    kit.drive(
        g,
        turn.activation(g, g.unit("m")),
        [
            options_of(DecisionKind.PLAN, seen, "halted"),
            options_of(DecisionKind.FIRE, seen, "hold"),
        ],
    )
    assert seen[0].options == ("halted", "overwatch")
    assert "i" in seen[1].options
    h = started(kit.game([spread("j", "insurgent", [2, 2.8, 12, 12.8], 2, leader=True)]))
    seen = []
    kit.drive(
        h,
        turn.insurgent_activation(h, h.unit("j")),
        [options_of(DecisionKind.PLAN, seen, "halted")],
    )
    assert seen[0].options == ("halted",)
    assert cohesive(h.unit("j").points(), 1, 4)


@pytest.mark.rule("AA-017")
def test_a_unit_moves_as_a_rigid_formation_so_a_move_never_breaks_cohesion() -> None:
    """House rule AA-017: every figure keeps its place round the centre as the unit moves."""
    g = started(kit.game([kit.marines("m", (2, 2))]))
    m = g.unit("m")
    before = m.points() - np.array(m.centre())
    kit.drive(g, turn.activation(g, m), ["cautious:move-fire", {"path": [[3.2, 5], [5, 6]]}])
    assert m.moved == pytest.approx(3 + np.hypot(1.8, 1))
    assert np.allclose(m.points() - np.array(m.centre()), before)


# -- leaders --------------------------------------------------------------------------------------


@pytest.mark.rule("AA-018")
def test_a_leader_moves_freely_and_is_never_held_by_cohesion() -> None:
    """AA-018: a detached leader (a unit of one) may move Rapidly anywhere, 12", and never
    has to regroup."""
    g = started(kit.game([kit.leader("L", "regular", (2, 2))]))
    L = g.unit("L")
    seen: list[Decision] = []
    kit.drive(
        g,
        turn.activation(g, L),
        [options_of(DecisionKind.PLAN, seen, "rapid:move-fire"), {"path": [[14, 2]]}],
    )
    assert "rapid:move-fire" in seen[0].options
    assert L.figures[0].pos == (14, 2) and L.moved == 12
    assert not kit.events(g, "regroup")


@pytest.mark.rule("AA-019")
def test_a_leader_leads_a_unit_only_by_moving_into_cohesion_with_it() -> None:
    """AA-019: joining needs the leader within 1" of the unit; a leader standing 1.5" off
    is not its leader, so the unit still needs its Quality Check (AA-021)."""
    g = started(
        kit.game(
            [kit.leader("L", "insurgent", (8, 10)), kit.insurgents("i", (12, 10), n=3)], script=[2]
        )
    )
    L, i = g.unit("L"), g.unit("i")
    L.speed = turn.Speed.CAUTIOUS
    with pytest.raises(IllegalDecision, match="within 1"):
        turn.check_move(g, L, {"path": [[10.5, 10]], "join": "i"}, 6)
    assert turn.check_move(g, L, {"path": [[11.1, 10]], "join": "i"}, 6).join == "i"
    kit.drive(g, turn.insurgent_activation(g, i))  # fails its check: no leader
    assert i.leader is None and len(quality_rolls(g)) == 1 and i.activated


@pytest.mark.rule("AA-020")
def test_regular_units_act_without_a_leader_and_lose_nothing_when_he_falls() -> None:
    """AA-020: a Regular unit without a leader figure activates, moves and fires with no
    Quality Check; losing an attached leader changes neither its TQ nor its plans."""
    g = started(
        kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 14), n=3, leader=True)])
    )
    m = g.unit("m")
    kit.drive(g, turn.activation(g, m), ["cautious:move-fire", {"path": [[3.2, 4]]}, NONE, "hold"])
    assert not quality_rolls(g)
    led = kit.marines("m", (2, 2)) | {
        "figures": kit.figures("m", (2, 2), ["rifle"] * 4, leader=True)
    }
    h = started(kit.game([led]))
    m = h.unit("m")
    tq = m.tq
    assert m.leader is not None
    m.figures.remove(m.leader)  # he falls
    assert m.tq == tq
    seen: list[Decision] = []
    kit.drive(h, turn.activation(h, m), [options_of(DecisionKind.PLAN, seen, "halted")])
    assert "rapid:move-fire" in seen[0].options and not quality_rolls(h)


@pytest.mark.rule("AA-021")
@pytest.mark.rule("AA-023")
def test_an_insurgent_unit_with_a_leader_fires_at_once_with_no_roll() -> None:
    """AA-021, EXAMPLE AA-023: with a leader attached the attack is resolved at once: the
    first die thrown is the Firepower roll."""
    g = started(kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 8), n=3, leader=True)]))
    m, i = g.unit("m"), g.unit("i")
    fp, df = firepower(g, i, m).dice, defense(g, m, i).dice
    g.dice.push(*[1] * fp, *[1] * df)  # every shot misses
    kit.drive(g, turn.insurgent_activation(g, i), ["halted", "m", NONE])
    texts = kit.roll_texts(g)
    assert texts[0].startswith("Firepower: Insurgents i") and not quality_rolls(g)


@pytest.mark.rule("AA-021")
@pytest.mark.rule("AA-022")
@pytest.mark.rule("AA-024")
def test_a_leaderless_insurgent_unit_rolls_4_plus_on_its_tq_die_before_it_fires() -> None:
    """AA-021/022, EXAMPLE AA-024: without a leader the unit rolls its d6 first: a 4
    lets the attack be resolved; a 3 means no attack and the unit is done for the turn."""
    g = started(kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 8), n=3)]))
    m, i = g.unit("m"), g.unit("i")
    fp, df = firepower(g, i, m).dice, defense(g, m, i).dice
    g.dice.push(4, *[1] * fp, *[1] * df)
    kit.drive(g, turn.insurgent_activation(g, i), ["halted", "m", NONE])
    texts = kit.roll_texts(g)
    assert texts[0].startswith("Quality Check") and texts[1].startswith("Firepower")
    h = started(kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 8), n=3)], script=[3]))
    j = h.unit("i")
    kit.drive(h, turn.insurgent_activation(h, j))  # no plan, no fire: finished
    assert j.activated and len(kit.roll_texts(h)) == 1
    assert not [e for e in h.log.events if e.kind == "fire"]


@pytest.mark.rule("AA-022")
@pytest.mark.rule("AA-025")
def test_a_leaderless_unit_checks_before_each_interrupt_and_a_failure_ends_its_turn() -> None:
    """AA-022, house rule AA-025: the same 4+ check is the Interrupt Check; failing it,
    the unit does nothing more this turn (no interrupt, no end-of-turn action)."""
    g = started(kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 8), n=3)], script=[3]))
    m, i = g.unit("m"), g.unit("i")
    kit.drive(g, resolve(g, m, i, "fire"))
    assert kit.roll_texts(g) == [t for t in kit.roll_texts(g) if "Interrupt Check" in t]
    assert len(kit.roll_texts(g)) == 1 and i.activated and i.interrupted
    assert m.times_interrupted == 0  # nothing happened to the Marines


@pytest.mark.rule("AA-025")
def test_one_quality_check_covers_the_whole_end_of_turn_activation() -> None:
    """House rule AA-025: one check before the end-of-turn activation, then the unit both
    moves and fires with no other check."""
    g = started(kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 12), n=3)]))
    i = g.unit("i")
    g.dice.push(5)
    answers: list[Any] = ["cautious:move-fire", {"path": [[3.6, 10]], "speed": "cautious"}]
    proc = turn.insurgent_activation(g, i)
    d = kit.asks(g, proc, answers)
    if d.kind is DecisionKind.REACT:  # the Marines may fire at the movers: decline
        d = proc.send(d.validate(NONE))
    assert d.kind is DecisionKind.FIRE and i.moved == pytest.approx(np.hypot(0.8, 2))
    assert len(quality_rolls(g)) == 1


@pytest.mark.rule("AA-025")
def test_the_quality_check_is_4_plus_with_pinned_minus_1_everywhere() -> None:
    """House rule AA-025: a Pinned unit's 4 counts 3 and fails; its 5 passes."""
    g = kit.game([kit.marines("m", (2, 2))], script=[4, 5])
    m = g.unit("m")
    m.pinned = True
    assert quality_check(g, m, "test") is False
    assert quality_check(g, m, "test") is True
    assert [e.data["total"] for e in g.log.events if e.kind == "quality"] == [3, 4]


# -- joining --------------------------------------------------------------------------------------


@pytest.mark.rule("AA-026")
@pytest.mark.rule("AA-028")
def test_a_leader_joins_by_moving_into_cohesion_and_the_unit_may_then_only_fire() -> None:
    """AA-026/028: the leader's move ends within 1" and he becomes part of the unit; the
    unit, not yet activated, may activate later but only fire (the join was its move)."""
    g = started(
        kit.game([kit.leader("L", "insurgent", (8, 10)), kit.insurgents("i", (12, 10), n=3)])
    )
    L, i = g.unit("L"), g.unit("i")
    kit.drive(
        g,
        turn.insurgent_activation(g, L),
        ["cautious:move-fire", {"path": [[11.2, 10]], "speed": "cautious", "join": "i"}],
    )
    assert not L.on_table and i.leader is not None and i.leader.id == "L-1"
    assert len(i.figures) == 4 and i.fire_only and not i.activated
    seen: list[Decision] = []
    kit.drive(g, turn.insurgent_activation(g, i), [options_of(DecisionKind.PLAN, seen, "halted")])
    assert seen[0].options == ("halted",)
    assert not quality_rolls(g)  # led now: no Quality Check


@pytest.mark.rule("AA-027")
def test_a_leader_joining_a_unit_that_has_activated_ends_the_turn_for_both() -> None:
    """AA-027: the fireteam has activated; the Corporal joins it; neither acts again."""
    g = started(kit.game([kit.leader("c", "regular", (2, 6)), kit.marines("m", (2, 2))]))
    c, m = g.unit("c"), g.unit("m")
    kit.drive(g, turn.activation(g, m), ["halted"])
    kit.drive(g, turn.activation(g, c), ["cautious:move-fire", {"path": [[2.5, 2.9]], "join": "m"}])
    assert not c.on_table and m.activated and m.leader is not None
    assert [u.id for u in g.state.side_units(turn.Side.REGULAR) if not u.activated] == []


@pytest.mark.rule("AA-029")
def test_a_detached_leader_is_a_unit_of_one_and_a_figure_once_attached() -> None:
    """House rule AA-029: alone he fires with 1 die, defends with 1 (+armor for a
    Marine) and can be fired on; attached, he adds a Firepower, Defense and Morale die."""
    g = started(
        kit.game(
            [
                kit.leader("c", "regular", (2, 2)),
                kit.leader("L", "insurgent", (12, 2)),
                kit.insurgents("i", (12, 6), n=3),
                kit.marines("m", (2, 14)),
            ]
        )
    )
    c, L, i, m = (g.unit(k) for k in ("c", "L", "i", "m"))

    def base(pool: Any, rule: str) -> int:
        return sum(x.value for x in pool.items if x.rule == rule)

    assert base(firepower(g, c, i), "AA-134") == 1 and base(defense(g, c, i), "AA-117") == 1
    assert defense(g, c, i).dice >= 2  # body armor
    assert base(firepower(g, L, c), "AA-134") == 1 and base(defense(g, L, c), "AA-117") == 1
    g.dice.push(*[1] * firepower(g, c, L).dice, *[1] * defense(g, L, c).dice)
    assert kit.drive(g, fire(g, c, L, "test"), []) == 0  # he may be fired on
    assert base(firepower(g, i, m), "AA-134") == 3
    turn.join_unit(g, L, i)
    assert base(firepower(g, i, m), "AA-134") == 4 and base(defense(g, i, m), "AA-117") == 4
    g.dice.push(9, 9, 9, 9)
    morale_check(g, i, "test")
    assert len(kit.roll_texts(g)[-1].split("→")[1].split(",")) == 4


def test_a_move_refused_once_is_refused_again_for_the_same_reason_without_a_second_check(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An open move decision checks each answer once: the computer player asks about its
    best ends more than once, and a refused end gives the same refusal (same message,
    same kind) each time, like an accepted one gives the same plan."""
    from ambush_gui.alley import movement

    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 9), n=3)], seed=1, strict=False)
    m = g.unit("m")
    calls = kit.count_move_checks(monkeypatch)
    checks = movement.MoveChecks(g, m, 6.0)
    into = {"path": [[6.2, 8.8]]}  # straight into the gang
    reasons = []
    for _ in range(3):
        with pytest.raises(movement.EnemyContact) as why:
            checks.plan(into)
        reasons.append(str(why.value))
    assert len(calls) == 1 and len(set(reasons)) == 1
    away = {"path": [[6.2, 2.0]]}
    assert checks.plan(away) is checks.plan(away) and len(calls) == 2


@pytest.mark.rule("AA-026")
def test_join_gaps_are_the_leaderless_friends_a_detached_leader_could_join_nearest_first() -> None:
    """Read only (the table tells a dragged leader how far he is from joining)."""
    from ambush_gui.alley.movement import join_gaps

    g = kit.game([kit.leader("L", "insurgent", (10, 10)), kit.insurgents("near", (10, 14), n=2),
                  kit.insurgents("led", (14, 10), n=2, leader=True),
                  kit.insurgents("far", (2, 20), n=2), kit.marines("m", (10, 12))], strict=False)
    gaps = join_gaps(g, g.unit("L"), np.array([[10.0, 11.7]]))
    assert [u.id for u, _ in gaps] == ["near", "far"]  # "led" has a leader; "m" is an enemy
    assert gaps[0][1] == pytest.approx(2.3)
    assert join_gaps(g, g.unit("near"), np.array([[10.0, 11.7]])) == []  # not a leader
