"""Exact casualty odds: parsing pools, the distribution, the printed table."""

from __future__ import annotations

import statistics
import time
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ambush_gui.core.matching import casualties, kept
from ambush_gui.core.odds import (
    casualty_distribution,
    expected,
    odds_json,
    odds_text,
    parse_pool,
)

DIE_SIDES = (6, 8, 10, 12)


def kept_rolls(n: int, sides: int, target: int) -> Counter[tuple[int, ...]]:
    """How many of the sides**n equally likely rolls keep each multiset of dice."""
    return Counter(kept(roll, target) for roll in product(range(1, sides + 1), repeat=n))


def brute_force(
    attack_n: int, attack_sides: int, defense_n: int, defense_sides: int, target: int
) -> list[Fraction]:
    """P(k casualties) by enumerating every roll of both sides, exactly."""
    dist = [Fraction(0)] * (attack_n + 1)
    total = attack_sides**attack_n * defense_sides**defense_n
    for attack, a_ways in kept_rolls(attack_n, attack_sides, target).items():
        for defense, d_ways in kept_rolls(defense_n, defense_sides, 4).items():
            dist[casualties(attack, defense)] += Fraction(a_ways * d_ways, total)
    return dist


@pytest.mark.parametrize(
    ("text", "pool"),
    [("7d8", (7, 8)), ("7D8", (7, 8)), (" 10d12 ", (10, 12)), ("0d6", (0, 6)), ("03d10", (3, 10))],
)
def test_parse_pool(text: str, pool: tuple[int, int]) -> None:
    assert parse_pool(text) == pool


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("7d7", "'7d7': die must be d6, d8, d10 or d12"),
        ("2d20", "die must be d6, d8, d10 or d12"),
        ("11d8", "'11d8': a pool holds 0 to 10 dice"),
        ("d8", "expected a dice pool such as '7d8'"),
        ("-1d6", "expected a dice pool"),
        ("7x8", "expected a dice pool"),
        ("", "expected a dice pool"),
    ],
)
def test_parse_pool_refuses(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_pool(text)


@pytest.mark.rule("AA-114")
@pytest.mark.rule("AA-115")
def test_one_die_each() -> None:
    # The attacker keeps 4, 5 or 6; the defender fails to equal it with 3/6, 4/6, 5/6.
    assert casualty_distribution(1, 6, 1, 6) == pytest.approx((2 / 3, 1 / 3), abs=1e-15)
    assert casualty_distribution(1, 8, 0, 6) == pytest.approx((3 / 8, 5 / 8), abs=1e-15)
    assert casualty_distribution(0, 12, 10, 12) == (1.0,)


@pytest.mark.rule("AA-145")
def test_beyond_effective_range_only_7_and_up_can_hurt() -> None:
    assert casualty_distribution(10, 6, 0, 6, attack_target=7) == (1.0,) + (0.0,) * 10
    assert casualty_distribution(1, 8, 0, 6, attack_target=7) == pytest.approx((0.75, 0.25))
    # The d6 defender cannot answer a 7 or 8, whatever he rolls.
    assert casualty_distribution(1, 8, 10, 6, attack_target=7) == pytest.approx((0.75, 0.25))


@pytest.mark.rule("AA-114")
@pytest.mark.rule("AA-145")
@pytest.mark.rule("AA-148")
@settings(deadline=None)
@given(
    st.integers(0, 3),
    st.sampled_from(DIE_SIDES),
    st.integers(0, 3),
    st.sampled_from(DIE_SIDES),
    st.sampled_from((4, 7)),
)
def test_distribution_equals_enumeration_of_every_roll(
    attack_n: int, attack_sides: int, defense_n: int, defense_sides: int, target: int
) -> None:
    exact = brute_force(attack_n, attack_sides, defense_n, defense_sides, target)
    dist = casualty_distribution(attack_n, attack_sides, defense_n, defense_sides, target)
    assert len(dist) == attack_n + 1
    assert all(abs(p - float(q)) < 1e-12 for p, q in zip(dist, exact, strict=True))


def test_every_distribution_sums_to_one() -> None:
    for attack_n, attack_sides, defense_n, defense_sides, target in product(
        range(11), DIE_SIDES, range(11), DIE_SIDES, (4, 7)
    ):
        dist = casualty_distribution(attack_n, attack_sides, defense_n, defense_sides, target)
        assert abs(sum(dist) - 1.0) < 1e-12
        assert min(dist) >= 0.0


@given(
    st.integers(0, 9),
    st.sampled_from(DIE_SIDES),
    st.integers(0, 9),
    st.sampled_from(DIE_SIDES),
    st.sampled_from((4, 7)),
)
def test_more_attack_dice_never_hurt_and_more_defense_dice_never_help(
    attack_n: int, attack_sides: int, defense_n: int, defense_sides: int, target: int
) -> None:
    def mean(a: int, d: int) -> float:
        return expected(casualty_distribution(a, attack_sides, d, defense_sides, target))

    assert mean(attack_n + 1, defense_n) >= mean(attack_n, defense_n) - 1e-12
    assert mean(attack_n, defense_n + 1) <= mean(attack_n, defense_n) + 1e-12


def test_expected() -> None:
    assert expected((1.0,)) == 0.0
    assert expected((0.25, 0.25, 0.5)) == 1.25


def test_odds_json_for_the_seed_example() -> None:
    odds = odds_json("7D8", "5d6")
    assert (odds["attack"], odds["defense"]) == ("7d8", "5d6")
    assert odds["distribution"] == list(casualty_distribution(7, 8, 5, 6))
    assert odds["mean"] == pytest.approx(expected(casualty_distribution(7, 8, 5, 6)))
    assert 2.0 < odds["mean"] < 3.5


def test_odds_text() -> None:
    lines = odds_text("7d8", "5D6").splitlines()
    assert lines[0] == "7d8 vs 5d6"
    assert len(lines) == 2 + 8 + 1
    assert lines[-1].startswith("mean ")
    assert all(line.endswith("%") for line in lines[2:-1])


def test_the_largest_contest_is_fast() -> None:
    compute = casualty_distribution.__wrapped__  # past the memo
    compute(10, 12, 10, 12)
    times = []
    for _ in range(5):
        start = time.perf_counter()
        compute(10, 12, 10, 12)
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.02  # about 0.3 ms in practice; generous for CI
