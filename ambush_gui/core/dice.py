"""The one source of randomness: a seeded dice service.

Every die in every rule system is thrown here, so a game replays exactly from its
seed and its decisions, and tests can script the faces they need. Nothing else in
the program may call :mod:`random`.

>>> Die.D8.down(), Die.D10.up(), Die.D6.down() is None
(<Die.D6: 6>, <Die.D12: 12>, True)
"""

from __future__ import annotations

import random  # noqa: TID251 - the one place randomness comes from
from collections import deque
from collections.abc import Iterable, Sequence
from enum import IntEnum

from ambush_gui.core.events import EventLog, Modifier


class Die(IntEnum):
    """A die type, valued by its number of sides. Ratings step up and down this ladder."""

    D6 = 6
    D8 = 8
    D10 = 10
    D12 = 12

    def down(self) -> Die | None:
        """One type lower, or None below d6 (the unit has broken / is out of play)."""
        ladder = list(Die)
        i = ladder.index(self)
        return ladder[i - 1] if i > 0 else None

    def up(self) -> Die:
        """One type higher (d12 stays d12)."""
        ladder = list(Die)
        return ladder[min(ladder.index(self) + 1, len(ladder) - 1)]

    @classmethod
    def parse(cls, text: str | int) -> Die:
        """``"d8"`` or ``8`` -> ``Die.D8``; raises ValueError naming the legal types."""
        from ambush_gui.core.errors import shown

        raw = str(text).strip().lower().removeprefix("1d").removeprefix("d")
        try:
            if not (raw.isascii() and raw.isdigit() and len(raw) <= 2):
                raise ValueError(raw)
            return cls(int(raw))
        except ValueError:
            raise ValueError(f"{shown(text)} is not a die type; expected d6, d8, d10 or d12") from None

    def __str__(self) -> str:
        return f"d{self.value}"


class ScriptExhausted(RuntimeError):
    """A scripted test asked for more dice than it scripted (strict mode)."""


class Dice:
    """Seeded dice. ``script`` forces the next faces (tests inject rolls this way).

    Every throw is logged as a ``roll`` event with its purpose, the faces, the
    modifiers (each naming its rule) and the result text.
    """

    def __init__(
        self,
        seed: int = 0,
        log: EventLog | None = None,
        script: Iterable[int] = (),
        strict: bool = False,
    ) -> None:
        self._rng = random.Random(seed)
        self._script: deque[int] = deque(script)
        self._strict = strict
        self.log = log
        self.count = 0  # number of throws so far: undo never goes back past a shown roll

    def push(self, *faces: int) -> None:
        """Script the next faces (in order)."""
        self._script.extend(faces)

    @property
    def scripted(self) -> int:
        return len(self._script)

    def _face(self, sides: int) -> int:
        if self._script:
            face = self._script.popleft()
            if not 1 <= face <= sides:
                raise ValueError(f"scripted face {face} is impossible on a d{sides}")
            return face
        if self._strict:
            raise ScriptExhausted(f"no scripted face left for a d{sides}")
        return int(self._rng.random() * sides) + 1

    def roll(
        self,
        sides: int,
        n: int = 1,
        purpose: str = "",
        modifiers: Sequence[Modifier] = (),
        result: str = "",
        zero_nine: bool = False,
        **data: object,
    ) -> tuple[int, ...]:
        """Throw ``n`` dice of ``sides`` faces for ``purpose`` and log the throw.

        ``zero_nine``: the dice are Ambush!'s 0-9 dice (d10s whose 10 reads 0). The faces
        returned and logged stay 1-10 (what the engine counts with), but the log line
        reads 0, as the die does, and the event says so (``zero_nine``) for the dice tray.
        """
        faces = tuple(self._face(sides) for _ in range(n))
        self.count += 1
        if self.log is not None:
            mods = "".join(f" {m}" for m in modifiers)
            read = [f % 10 for f in faces] if zero_nine else list(faces)
            shown = ", ".join(map(str, read)) if faces else "no dice"
            if zero_nine:
                data["zero_nine"] = True
                n_text = f"{n} 0-9 {'die' if n == 1 else 'dice'}"
            else:
                n_text = f"{n}d{sides}"
            text = f"{purpose}: {n_text} → {shown}{mods}" + (f" — {result}" if result else "")
            self.log.emit(
                "roll",
                text,
                purpose=purpose,
                sides=sides,
                faces=list(faces),
                modifiers=[(m.label, m.value, m.rule) for m in modifiers],
                result=result,
                **data,
            )
        return faces

    def one(self, sides: int, purpose: str = "", **kw: object) -> int:
        return self.roll(sides, 1, purpose, **kw)[0]  # type: ignore[arg-type]

    def d6(self, purpose: str = "") -> int:
        return self.one(6, purpose)

    def two_d6(self, purpose: str = "") -> int:
        """2d6 summed (the reinforcement table, the Ambush! Event column)."""
        return sum(self.roll(6, 2, purpose))

    def percentile(self, purpose: str = "") -> int:
        """00-99, thrown as two ten-sided dice (tens, units)."""
        tens, units = self.roll(10, 2, purpose, zero_nine=True)
        return (tens % 10) * 10 + units % 10

    def zero_to_nine(self, purpose: str = "") -> int:
        """The Ambush! 0-9 die (a d10 whose 10 reads 0)."""
        return self.one(10, purpose, zero_nine=True) % 10
