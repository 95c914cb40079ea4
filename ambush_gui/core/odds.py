"""Exact casualty odds for a fire combat: Firepower dice against Defense dice.

The fire dialog shows these before the player commits, and ``ambush-gui odds 7d8 5d6``
prints them. Rules: AA-114, AA-115, AA-145, AA-147, AA-148 (see
:mod:`ambush_gui.core.matching`); the distribution assumes the defender's best
arrangement.

>>> print(odds_text("1d6", "1D6"))
1d6 vs 1d6
casualties  probability
         0       66.67%
         1       33.33%
mean 0.33
"""

from __future__ import annotations

import math
import re
from functools import cache
from typing import TypedDict

import numpy as np

from ambush_gui.core.dice import Die
from ambush_gui.core.matching import KEEP_TARGET

MAX_POOL = 10
"""Neither Firepower nor Defense can exceed 10 dice (AA-118, AA-136)."""

_POOL = re.compile(r"(\d+)d(\d+)", re.IGNORECASE)


def parse_pool(text: str) -> tuple[int, int]:
    """A dice pool such as ``"7d8"`` as (dice, sides). Raises ValueError saying what is wrong.

    >>> parse_pool("7D8")
    (7, 8)
    >>> parse_pool("7d7")
    Traceback (most recent call last):
    ...
    ValueError: '7d7': die must be d6, d8, d10 or d12
    """
    match = _POOL.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"{text!r}: expected a dice pool such as '7d8'")
    n, sides = int(match[1]), int(match[2])
    if sides not in {die.value for die in Die}:
        raise ValueError(f"{text!r}: die must be d6, d8, d10 or d12")
    if n > MAX_POOL:
        raise ValueError(f"{text!r}: a pool holds 0 to {MAX_POOL} dice")
    return n, sides


@cache
def _thinning(n_max: int, faces: tuple[int, ...]) -> np.ndarray:
    """``T[i, n, m]``: the chance that m of n dice do not show ``faces[i]``.

    A die not yet given a face when face v comes is uniform on 1..v, so it shows v with
    chance 1/v, independently of the others: the n - m dice showing v are binomial.
    """
    q = 1.0 - 1.0 / np.array(faces, dtype=float)[:, None, None]
    n, m = np.arange(n_max + 1)[:, None], np.arange(n_max + 1)
    comb = np.array([[math.comb(i, j) for j in range(n_max + 1)] for i in range(n_max + 1)])
    table: np.ndarray = comb * q**m * (1.0 - q) ** np.maximum(n - m, 0)
    return table


@cache
def _views(a_max: int, d_max: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """How to deal one side's dice with a matrix product, and each state's casualties.

    The state (a, d, u) is held in the *defense view* ``[a, t, d]`` with t = d + u:
    dealing k defender dice takes k from d and adds k to u, so t is unchanged and the
    deal is a product over the last axis. In the *attack view* ``[d, g, a]`` with
    g = u - a + a_max, dealing k attacker dice takes k from a and k from u, so g is
    unchanged: again a product over the last axis. Where u went below 0, that many
    attacker dice found no defender die left. Those states all become u = 0 (casualties
    are not a coordinate), which a cumulative sum over g, a product with ``below``, gives.

    ``to_attack`` and ``to_defense`` gather one view from the other by flat index; the
    index past the end reads an appended zero, for states that cannot occur.
    """
    width = a_max + d_max + 1
    axis = np.arange(width)  # open grids: broadcasting builds only the arrays we keep
    d, g, a = axis[: d_max + 1, None, None], axis[:, None], axis[: a_max + 1]
    u = g - a_max + a
    defense_cell = (a * (d_max + 1) + d + u) * (d_max + 1) + d
    to_attack = np.where((u >= 0) & (d + u <= d_max), defense_cell, (a_max + 1) * (d_max + 1) ** 2)
    a, t, d = axis[: a_max + 1, None, None], axis[: d_max + 1, None], axis[: d_max + 1]
    u = t - d
    attack_cell = (d * width + u + a_max - a) * (a_max + 1) + a
    size = (d_max + 1) * width * (a_max + 1)  # attack view, then its cumulative sum, then 0
    to_defense = np.where(u > 0, attack_cell, np.where(u == 0, attack_cell + size, 2 * size))
    casualties = np.maximum((a_max - a) - (d_max - t), 0)[:, :, 0]
    return to_attack, to_defense, np.tri(width), casualties


@cache
def casualty_distribution(
    attack_n: int,
    attack_sides: int,
    defense_n: int,
    defense_sides: int,
    attack_target: int = KEEP_TARGET,
) -> tuple[float, ...]:
    """Exact P(k casualties), k = 0..attack_n, under the defender's best arrangement.

    Defender kept dice need 4+; attacker kept dice need ``attack_target`` (4, or 7 beyond
    Effective Range, AA-145). Memoised.

    The dynamic programme deals faces from the highest down. Processed that way, the
    best arrangement is simple: when attacker dice show face v, every defender die
    already dealt scores v or more, so any of them cancels any of these dice (and any
    lower ones later). So each attacker die at v takes one uncommitted defender die, if
    one is left, or is a casualty (defender dice at v are dealt first: equal cancels).

    The state is (a, d, u): attacker dice without a face, defender dice without a face,
    defender dice dealt and uncommitted. Casualties need no coordinate of their own:
    they are the dealt attacker dice minus the committed defender dice,
    ``(A - a) - (D - d - u)``. A die without a face when face v comes is uniform on
    1..v, so how many of them show v is binomial (n, 1/v). Each deal is then one small
    matrix product (see ``_views``); the DP stops at the attacker's target, since lower
    attacker dice are discarded. 10d12 against 10d12 takes 18 products of 11x11 matrices.

    >>> [round(p, 4) for p in casualty_distribution(1, 6, 1, 6)]
    [0.6667, 0.3333]
    >>> casualty_distribution(2, 6, 3, 8, attack_target=7)
    (1.0, 0.0, 0.0)
    """
    for name, value in (("attack_n", attack_n), ("defense_n", defense_n)):
        if value < 0:
            raise ValueError(f"{name} must be 0 or more, not {value}")
    for name, value in (("attack_sides", attack_sides), ("defense_sides", defense_sides)):
        if value < 1:
            raise ValueError(f"{name} must be 1 or more, not {value}")
    faces = tuple(range(max(attack_sides, defense_sides), max(attack_target, 1) - 1, -1))
    keep = _thinning(max(attack_n, defense_n), faces)
    attack_keep = keep[:, : attack_n + 1, : attack_n + 1]
    defense_keep = keep[:, : defense_n + 1, : defense_n + 1]
    to_attack, to_defense, below, casualties = _views(attack_n, defense_n)
    state = np.zeros((attack_n + 1, defense_n + 1, defense_n + 1))  # defense view [a, t, d]
    state[attack_n, defense_n, defense_n] = 1.0  # no die has a face yet
    zero = np.zeros(1)
    for i, face in enumerate(faces):
        if KEEP_TARGET <= face <= defense_sides:
            state = state @ defense_keep[i]
        if face <= attack_sides:
            dealt = np.concatenate((state.ravel(), zero))[to_attack] @ attack_keep[i]
            folded = np.concatenate((dealt.ravel(), (below @ dealt).ravel(), zero))
            state = folded[to_defense]
    dist = np.bincount(casualties.ravel(), state.sum(axis=2).ravel(), minlength=attack_n + 1)
    return tuple(float(p) for p in dist)


def expected(dist: tuple[float, ...]) -> float:
    """The mean number of casualties of a distribution.

    >>> expected((0.5, 0.25, 0.25))
    0.75
    """
    return sum(k * p for k, p in enumerate(dist))


class Odds(TypedDict):
    """What ``odds_json`` returns: pools normalised to lower case, P(k), the mean."""

    attack: str
    defense: str
    distribution: list[float]
    mean: float


def odds_json(attack: str, defense: str) -> Odds:
    """The odds of ``attack`` (e.g. "7d8") against ``defense``, as plain JSON data."""
    (an, asides), (dn, dsides) = parse_pool(attack), parse_pool(defense)
    dist = casualty_distribution(an, asides, dn, dsides)
    return Odds(
        attack=f"{an}d{asides}",
        defense=f"{dn}d{dsides}",
        distribution=list(dist),
        mean=expected(dist),
    )


def odds_text(attack: str, defense: str) -> str:
    """A short table for a terminal: P(k casualties) as percentages, then the mean."""
    odds = odds_json(attack, defense)
    lines = [f"{odds['attack']} vs {odds['defense']}", "casualties  probability"]
    lines += [f"{k:>10}  {100 * p:>10.2f}%" for k, p in enumerate(odds["distribution"])]
    lines.append(f"mean {odds['mean']:.2f}")
    return "\n".join(lines)
