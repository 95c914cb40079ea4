"""Dice matching: kept dice, the defender's arrangement, casualties."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ambush_gui.core.decisions import IllegalDecision
from ambush_gui.core.matching import (
    Arrangement,
    best_arrangement,
    casualties,
    check_arrangement,
    kept,
)

SEED_ATTACK_ROLL = (7, 6, 5, 4, 4, 3, 2)
SEED_DEFENSE_ROLL = (5, 5, 4, 4, 3)
SEED_PAIRS = ((7, None), (6, 4), (5, 5), (4, 5), (4, 4))


@pytest.mark.rule("AA-114")
def test_both_sides_set_aside_dice_under_4() -> None:
    assert kept([1, 2, 3, 4, 12, 3, 6]) == (12, 6, 4)
    assert kept([3, 2, 1]) == ()
    assert kept([]) == ()


@pytest.mark.rule("AA-145")
def test_beyond_effective_range_the_attacker_sets_aside_dice_under_7() -> None:
    assert kept([8, 7, 6, 5, 4], target=7) == (8, 7)
    assert kept([6, 6, 4], target=7) == ()


@pytest.mark.rule("AA-115")
def test_each_attacker_die_no_defender_die_equals_or_beats_is_one_casualty() -> None:
    assert casualties((6, 5), ()) == 2
    assert casualties((6,), (6,)) == 0  # equal cancels
    assert casualties((6,), (5,)) == 1
    assert casualties((), (6, 6)) == 0


@pytest.mark.rule("AA-148")
def test_a_lower_defender_die_cancels_nothing() -> None:
    assert Arrangement(((6, 5), (5, 5), (4, None))).casualties == 2
    assert Arrangement(((8, 8), (4, 12))).casualties == 0


@pytest.mark.rule("AA-151")
def test_seed_example_kept_dice() -> None:
    assert kept(SEED_ATTACK_ROLL) == (7, 6, 5, 4, 4)
    assert kept(SEED_DEFENSE_ROLL) == (5, 5, 4, 4)


@pytest.mark.rule("AA-151")
@pytest.mark.rule("AA-152")
def test_seed_example_two_casualties() -> None:
    attack, defense = kept(SEED_ATTACK_ROLL), kept(SEED_DEFENSE_ROLL)
    seed = check_arrangement(attack, defense, SEED_PAIRS)
    assert seed.pairs == SEED_PAIRS
    assert [a for a, d in seed.pairs if d is None or d < a] == [7, 6]  # unanswered
    assert seed.casualties == 2
    best = best_arrangement(attack, defense)
    assert best.casualties == casualties(attack, defense) == 2
    assert best.pairs == ((7, None), (6, None), (5, 5), (4, 4), (4, 4))


@pytest.mark.rule("AA-147")
def test_the_defender_may_arrange_his_dice_as_he_likes_even_badly() -> None:
    attack, defense = (7, 6, 5, 4, 4), (5, 5, 4, 4)
    worst = [(4, None), (4, None), (5, 4), (6, 5), (7, 5)]
    assert check_arrangement(attack, defense, worst).casualties == 5
    assert check_arrangement(attack, defense, worst).pairs[0] == (7, 5)  # highest first
    assert check_arrangement(attack, defense, [[a, None] for a in attack]).casualties == 5


@pytest.mark.rule("AA-147")
@pytest.mark.parametrize(
    ("pairs", "reason"),
    [
        ([(7, None), (6, 4), (5, 5), (4, 5)], r"missing \[4\]"),
        ([(7, None), (6, 4), (5, 5), (4, 5), (4, 4), (4, None)], r"not kept by the attacker \[4\]"),
        ([(7, None), (6, 4), (5, 5), (4, 5), (3, None), (4, 4)], r"not kept by the attacker \[3\]"),
        ([(7, 5), (6, 5), (5, 5), (4, 4), (4, 4)], "defender die 5 is used 3 times but was kept 2"),
        ([(7, 6), (6, None), (5, 5), (4, 5), (4, 4)], "defender die 6 is not among his kept"),
        ([(7, None, 1), (6, 4), (5, 5), (4, 5), (4, 4)], "not an .attacker die, defender die"),
        ([(None, 7), (6, 4), (5, 5), (4, 5), (4, 4)], "expected an attacker die"),
    ],
)
def test_an_impossible_arrangement_is_refused(pairs: list[tuple[object, ...]], reason: str) -> None:
    with pytest.raises(IllegalDecision, match=reason):
        check_arrangement((7, 6, 5, 4, 4), (5, 5, 4, 4), pairs)


def test_arrangement_json_round_trip() -> None:
    arrangement = Arrangement(SEED_PAIRS)
    data = arrangement.to_json()
    assert data == [[7, None], [6, 4], [5, 5], [4, 5], [4, 4]]
    assert Arrangement.from_json(data) == arrangement


kept_dice = st.lists(st.integers(4, 12), max_size=6).map(lambda ds: tuple(sorted(ds, reverse=True)))


def brute_force_casualties(attack: tuple[int, ...], defense: tuple[int, ...]) -> int:
    """The fewest casualties over every way to set defender dice (or none) against attack."""
    pool = list(defense) + [None] * max(0, len(attack) - len(defense))
    return min(
        Arrangement(tuple(zip(attack, chosen, strict=True))).casualties
        for chosen in permutations(pool, len(attack))
    )


@pytest.mark.rule("AA-147")
@given(kept_dice, kept_dice)
def test_best_arrangement_is_optimal_and_legal(
    attack: tuple[int, ...], defense: tuple[int, ...]
) -> None:
    best = best_arrangement(attack, defense)
    assert best.casualties == brute_force_casualties(attack, defense)
    assert check_arrangement(attack, defense, best.pairs) == best
    assert [a for a, _ in best.pairs] == list(attack)  # attacker dice highest first


@pytest.mark.rule("AA-147")
@given(kept_dice, kept_dice, st.data())
def test_any_arrangement_is_accepted_and_never_beats_the_best(
    attack: tuple[int, ...], defense: tuple[int, ...], data: st.DataObject
) -> None:
    pool = data.draw(st.permutations(list(defense) + [None] * len(attack)))
    arrangement = check_arrangement(attack, defense, list(zip(attack, pool, strict=False)))
    assert arrangement.casualties >= casualties(attack, defense)
