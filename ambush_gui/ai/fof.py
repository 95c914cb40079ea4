"""How the computer players answer the Force on Force modules' questions.

A module asks its own questions as :attr:`DecisionKind.CHOOSE` decisions whose facts
name the ``question`` ("ied_target", "dismount", ...). Each module's advice lives in its
own file (``ambush_gui/ai/fof_<module>.py``) and registers one adviser per question
with :func:`adviser`; an adviser returns the answer and a one-line reason the log and
the narration show, or None to leave it to the default (the first option).

Module plans that join the Regular or Insurgent PLAN decision ("disperse:mob-1") are
weighed by the same advisers under the question ``"plan"``: :func:`plan_advice` asks
each module whether one of its plans beats the core plan for a unit. Likewise a
``"move:<module>"`` adviser may answer a MOVE decision (:func:`move_advice`), when a
module gives a unit a reason to go somewhere its goal would not take it.

The advisers read the normal player only through :class:`Player` (its expected hits and
its units' goals), so none of them imports :mod:`ambush_gui.ai.alley_ai`, which imports
this file at its top.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from ambush_gui.core.decisions import Decision, IllegalDecision

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame
    from ambush_gui.alley.model import Unit

Point = tuple[float, float]


class Player(Protocol):
    """What an adviser asks of the normal player (:class:`ambush_gui.ai.alley_ai.AlleyAI`)."""

    def hits(self, g: AlleyGame, attacker: Unit, target: Unit, overwatch: bool = False) -> float:
        """The casualties ``attacker``'s fire at ``target`` should cause."""
        ...

    def goal(self, g: AlleyGame, unit: Unit) -> Point | None:
        """Where ``unit`` wants to be (None: nowhere)."""
        ...


Advice = tuple[Any, str]
Adviser = Callable[[Player, "AlleyGame", Decision], Advice | None]

ADVISERS: dict[str, Adviser] = {}
_LOADED = False


def adviser(question: str) -> Callable[[Adviser], Adviser]:
    """Decorator: ``fn(ai, game, decision) -> (answer, reason) | None`` answers ``question``."""

    def put(fn: Adviser) -> Adviser:
        ADVISERS[question] = fn
        return fn

    return put


def legal(d: Decision, choice: Any) -> bool:
    """Does the engine take ``choice`` as an answer to ``d``?"""
    try:
        d.validate(choice)
    except IllegalDecision:
        return False
    return True


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    from ambush_gui.alley.fof import MODULE_NAMES

    for name in MODULE_NAMES:
        try:
            importlib.import_module(f"ambush_gui.ai.fof_{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"ambush_gui.ai.fof_{name}":
                raise


def advise(ai: Player, g: AlleyGame, d: Decision) -> Advice:
    """The computer's answer to a module question, with its reason."""
    _load()
    fn = ADVISERS.get(str(d.facts.get("question", "")))
    got = fn(ai, g, d) if fn is not None else None
    if got is not None:
        return got
    return d.options[0], "takes the first choice"


def move_advice(ai: Player, g: AlleyGame, d: Decision) -> Advice | None:
    """A move a module's adviser prefers for the unit of a MOVE decision (e.g. a popular
    leader walking up to a crowd), or None: advisers whose question starts with "move:"."""
    _load()
    for question, fn in ADVISERS.items():
        if question.startswith("move:"):
            got = fn(ai, g, d)
            if got is not None:
                return got
    return None


def plan_advice(ai: Player, g: AlleyGame, d: Decision) -> Advice | None:
    """A module plan the computer prefers for the unit of a PLAN decision, or None."""
    _load()
    for question, fn in ADVISERS.items():
        if question.startswith("plan:"):
            got = fn(ai, g, d)
            if got is not None:
                return got
    return None
