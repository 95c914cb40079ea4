"""Dice matching: the defender's kept dice cancel the attacker's kept dice.

Ambush Alley fire combat (AA-114, AA-115, AA-145 to AA-148). Both sides roll, set
aside dice under the target number (4; 7 for an attacker beyond Effective Range), and
the defender pairs his kept dice with the attacker's. A defender die cancels the
attacker die it is set against when it scores equal or higher; every attacker die left
uncancelled is one casualty.

The rulebook's own example (AA-151, AA-152):

>>> attack, defense = kept((7, 6, 5, 4, 4, 3, 2)), kept((5, 5, 4, 4, 3))
>>> attack, defense
((7, 6, 5, 4, 4), (5, 5, 4, 4))
>>> check_arrangement(attack, defense, [(7, None), (6, 4), (5, 5), (4, 5), (4, 4)]).casualties
2
>>> casualties(attack, defense)
2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ambush_gui.core.decisions import IllegalDecision

KEEP_TARGET = 4
"""Dice scoring under this are set aside (both sides, AA-114)."""

BEYOND_EFFECTIVE_RANGE_TARGET = 7
"""The attacker's target when the target unit is beyond Effective Range (AA-145)."""

Pair = tuple[int, int | None]
"""An attacker die and the defender die set against it (None: no die)."""


def kept(dice: Iterable[int], target: int = KEEP_TARGET) -> tuple[int, ...]:
    """The dice scoring ``target`` or more, highest first (AA-114; AA-145 with target 7).

    >>> kept([2, 7, 4, 3, 8], target=7)
    (8, 7)
    """
    return tuple(sorted((d for d in dice if d >= target), reverse=True))


def _cancels(attack: int, defense: int | None) -> bool:
    """A defender die cancels an attacker die it equals or beats (AA-147)."""
    return defense is not None and defense >= attack


@dataclass(frozen=True)
class Arrangement:
    """How the defender set his kept dice against the attacker's kept dice.

    ``pairs`` lists every kept attacker die once, highest first, each with the defender
    die set against it or None. Defender dice left over are not listed.
    """

    pairs: tuple[Pair, ...]

    @property
    def casualties(self) -> int:
        """Attacker dice that no defender die equals or beats: one casualty each (AA-148)."""
        return sum(1 for a, d in self.pairs if not _cancels(a, d))

    def to_json(self) -> list[list[int | None]]:
        """Plain lists, e.g. ``[[7, None], [6, 4]]``."""
        return [[a, d] for a, d in self.pairs]

    @classmethod
    def from_json(cls, data: Sequence[Sequence[Any]]) -> Arrangement:
        """The inverse of :meth:`to_json`."""
        return cls(tuple((int(a), None if d is None else int(d)) for a, d in data))


def best_arrangement(attack_kept: Sequence[int], defense_kept: Sequence[int]) -> Arrangement:
    """The arrangement that cancels the most attacker dice (AA-147, AA-115).

    Greedy, from the attacker's lowest die up, each taking the lowest defender die that
    equals or beats it. This is optimal by an exchange argument. Let ``a`` be the lowest
    attacker die and ``d`` the lowest defender die with ``d >= a``. If no such ``d``
    exists, no defender die cancels ``a`` or anything higher, so nothing more can be
    saved. Otherwise take any best arrangement. If ``a`` is uncancelled there, put ``d``
    against it (if ``d`` was cancelling some ``a' >= a``, that die is lost, so the count
    is unchanged). If ``a`` is cancelled by some ``d'``, swap ``d`` and ``d'``. ``d'``
    still cancels whatever ``d`` was set against (``d' >= d >= a'``). Either way a best
    arrangement pairs ``a`` with ``d``, and the rest is the same problem, one die smaller.

    >>> best_arrangement((6, 5, 4), (6, 4)).pairs
    ((6, None), (5, 6), (4, 4))
    """
    free = sorted(defense_kept)
    pairs: list[Pair] = []
    for a in sorted(attack_kept):
        i = next((i for i, d in enumerate(free) if d >= a), None)
        pairs.append((a, None if i is None else free.pop(i)))
    return Arrangement(tuple(reversed(pairs)))


def casualties(attack_kept: Sequence[int], defense_kept: Sequence[int]) -> int:
    """Casualties under the defender's best arrangement (AA-115, AA-148)."""
    return best_arrangement(attack_kept, defense_kept).casualties


def most_casualties_placed(attack_kept: Sequence[int], defense_kept: Sequence[int]) -> int:
    """The most casualties an arrangement can give that sets a defender die against as many
    attacker dice as it can: only keeping a die back can give more, and that only adds a
    casualty (the forced matching, :func:`ambush_gui.alley.fire._match_forced`).

    Each pair is a die set against one it cannot cancel wherever that can be done: the
    most such pairs are found greedily, each defender die from the lowest taking the
    lowest attacker die above it; every other pair cancels. A 6 set against any of
    5, 4, 4, 4 cancels one: three casualties however it is placed.

    >>> most_casualties_placed((5, 4, 4, 4), (6,))
    3
    >>> most_casualties_placed((6, 4), (4,))
    2
    """
    above = sorted(attack_kept)
    misses, i = 0, 0
    for d in sorted(defense_kept):
        while i < len(above) and above[i] <= d:
            i += 1
        if i == len(above):
            break
        misses, i = misses + 1, i + 1
    pairs = min(len(attack_kept), len(defense_kept))
    return len(attack_kept) - (pairs - misses)


def _times(n: int) -> str:
    return f"{n} time" if n == 1 else f"{n} times"


def check_arrangement(
    attack_kept: Sequence[int], defense_kept: Sequence[int], pairs: Iterable[Sequence[Any]]
) -> Arrangement:
    """Validate the defender's own arrangement, however poor (AA-147).

    Every kept attacker die must be listed exactly once; each defender die must be one
    he kept and may be used once. A defender die lower than its attacker die is allowed
    but cancels nothing. Raises :class:`IllegalDecision` naming the problem.

    >>> check_arrangement((6, 5), (5,), [(5, None), (6, 5)]).casualties
    2
    >>> check_arrangement((6, 5), (5,), [(6, 5), (5, 5)])
    Traceback (most recent call last):
    ...
    ambush_gui.core.decisions.IllegalDecision: defender die 5 is used 2 times but was kept 1 time
    """
    checked: list[Pair] = []
    for pair in pairs:
        try:
            a, d = pair
        except (TypeError, ValueError):
            raise IllegalDecision(f"{pair!r} is not an (attacker die, defender die) pair") from None
        if not isinstance(a, int) or not (d is None or isinstance(d, int)):
            raise IllegalDecision(f"{pair!r}: expected an attacker die and a defender die or None")
        checked.append((a, d))
    listed, wanted = Counter(a for a, _ in checked), Counter(attack_kept)
    if listed != wanted:
        missing, extra = sorted((wanted - listed).elements()), sorted((listed - wanted).elements())
        raise IllegalDecision(
            "every kept attacker die must be listed exactly once"
            + (f"; missing {missing}" if missing else "")
            + (f"; not kept by the attacker {extra}" if extra else "")
        )
    used, available = Counter(d for _, d in checked if d is not None), Counter(defense_kept)
    for d, n in sorted(used.items()):
        if not available[d]:
            kept_dice = sorted(available.elements(), reverse=True)
            raise IllegalDecision(f"defender die {d} is not among his kept dice {kept_dice}")
        if n > available[d]:
            raise IllegalDecision(
                f"defender die {d} is used {_times(n)} but was kept {_times(available[d])}"
            )
    return Arrangement(tuple(sorted(checked, key=lambda p: -p[0])))
