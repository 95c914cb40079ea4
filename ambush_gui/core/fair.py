"""Fair dice between two machines: a seed neither player chose alone, and a check afterwards
that every die the host threw was the one that seed promised.

The host runs the rules and throws the dice, so the guest must be able to trust them
without seeing the seed before the game ends (knowing it, he would know every die to come).
The scheme is a commitment:

1. the host draws a secret and sends only its :func:`commitment` (a hash: it binds him to
   the secret without telling it);
2. the guest draws a secret of his own and sends it in the clear;
3. the game's seed is :func:`joint_seed` of the two: the host cannot steer it, having
   committed to his secret before he saw the guest's, and the guest cannot, not knowing
   the host's;
4. when the game ends the host reveals his secret; the guest's program checks it against
   the commitment and replays the whole game from the joint seed and the decisions made
   (:func:`check_dice`), throw by throw, and names the first die that is not the one
   promised.

What it promises: every die was the seed's, and the seed was neither player's choice. What
it does not: it says so only at the end (a host who cheats is caught, not prevented), and
it cannot see what the host's machine did with a die before showing it (the view a guest
receives is checked by the replay too, through the decisions and the log).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ambush_gui.core.decisions import IllegalDecision

SCHEME = "ambush-gui fair dice 1"  # in every hash, so no other use of SHA-256 collides
SECRET_BYTES = 32


def new_secret() -> str:
    """A fresh secret: 32 random bytes as 64 hex digits (from the system's secure source)."""
    return secrets.token_hex(SECRET_BYTES)


def _hash(*parts: str) -> str:
    return hashlib.sha256("\n".join((SCHEME, *parts)).encode()).hexdigest()


def commitment(secret: str) -> str:
    """What the host sends before he sees the guest's secret: binds him to ``secret``
    without telling it."""
    return _hash("commit", secret)


def joint_seed(host_secret: str, guest_secret: str) -> int:
    """The game's seed, made of both secrets (a 64-bit number)."""
    return int(_hash("seed", host_secret, guest_secret)[:16], 16)


def well_formed(secret: Any) -> bool:
    """Whether ``secret`` is a secret as :func:`new_secret` makes them (a peer's is checked
    before it is used: 64 lower-case hex digits)."""
    return (isinstance(secret, str) and len(secret) == 2 * SECRET_BYTES
            and all(c in "0123456789abcdef" for c in secret))


@dataclass(frozen=True)
class Changed:
    """The first throw that was not the one promised."""

    throw: int  # 1 for the game's first throw
    purpose: str  # what it was thrown for, as the log says
    thrown: tuple[int, ...]  # the faces the host's game showed
    promised: tuple[int, ...]  # the faces the joint seed gives (empty: no such throw)


@dataclass(frozen=True)
class DiceCheck:
    """What the guest's program found: ``fair`` with the throws checked, or why not."""

    fair: bool
    throws: int  # throws compared
    words: str  # the verdict in a sentence, for the player
    changed: Changed | None = None


def check_dice(game: Any, host_secret: str, guest_secret: str, promised_commitment: str,
               rebuild: Callable[[int], Any]) -> DiceCheck:
    """Check the finished ``game`` the host's machine played (its record: decisions and
    log): his revealed ``host_secret`` against the ``promised_commitment`` he sent first,
    then every throw in the game's log against a replay of its decisions from
    :func:`joint_seed` (``rebuild(seed)``: a fresh game of the same scenario and rules
    options with that seed)."""
    if not well_formed(host_secret) or not hmac.compare_digest(commitment(host_secret),
                                                               promised_commitment):
        return DiceCheck(False, 0, "The host's revealed secret is not the one he committed to "
                                   "before the game: the seed may have been his choice.")
    seed = joint_seed(host_secret, guest_secret)
    thrown = _throws(game)
    replay = rebuild(seed)
    for answer in game.decisions:
        try:
            replay.answer(answer)
        except IllegalDecision:
            break  # the games parted: the throws compared below say where
    promised = _throws(replay)
    for n, (got, want) in enumerate(zip(thrown, promised, strict=False), start=1):
        if got[1] != want[1]:
            return _unfair(n, got, want[1])
    if len(thrown) != len(promised):
        n = min(len(thrown), len(promised)) + 1
        if len(thrown) > len(promised):
            return _unfair(n, thrown[n - 1], ())
        return DiceCheck(False, n - 1, f"The host's game stops after {n - 1} throws where the "
                                       f"decisions made throw {len(promised)}.",
                         Changed(n, promised[n - 1][0], (), promised[n - 1][1]))
    return DiceCheck(True, len(thrown), f"All {len(thrown)} throws were the ones the joint "
                                        "seed promised, and the seed was neither player's choice.")


def _throws(game: Any) -> list[tuple[str, tuple[int, ...]]]:
    """Each throw in the game's log: what it was for and its faces."""
    return [(str(e.data.get("purpose") or e.text), tuple(e.data.get("faces", ())))
            for e in game.log.events if e.kind == "roll"]


def _unfair(n: int, got: tuple[str, tuple[int, ...]], promised: tuple[int, ...]) -> DiceCheck:
    shown = ", ".join(map(str, got[1]))
    should = ", ".join(map(str, promised)) or "no throw at all"
    return DiceCheck(False, n - 1, f"Throw {n} ({got[0]}) showed {shown}; the joint seed "
                                   f"promised {should}.", Changed(n, got[0], got[1], promised))
