"""What one side may see of a game: the one place that decides it.

A hot-seat window, a solo window, the editor's "View as" switch and (later) a machine at
the other end of a network connection all show a game as one **viewer** sees it:

* a side (``"regular"``, ``"insurgent"``, ``"us"``): the public table, the side's own
  hidden pieces, the questions put to it in full and the other side's secret questions
  only as a neutral line;
* :data:`ALL` (the editor, a finished game's review): everything;
* :data:`PUBLIC` (the status lines both players read at once): what no side hides.

The rule system says which pieces are hidden from whom through ``game.hidden_pieces()``
(:class:`Hidden`, one entry per piece still hidden; Ambush! has none: it is solitaire),
which questions are secret through the decision's ``facts["secret"]`` (the neutral line
the other side reads instead), and which events tell a secret through the event's
``data["secret"]`` and ``data["side"]``. Everything else a window shows of a game is
public. Nothing outside this module compares a viewer with those marks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ambush_gui.core.decisions import Decision
from ambush_gui.core.events import Event

ALL = "all"
PUBLIC = "public"


@dataclass(frozen=True)
class Hidden:
    """A piece on the table that some sides do not see until it is revealed."""

    owner: str  # the side that placed it: it always sees it
    hidden_from: frozenset[str]  # the sides that do not

    def seen_by(self, viewer: str) -> bool:
        if viewer == ALL or viewer == self.owner:
            return True
        if viewer == PUBLIC:
            return not self.hidden_from
        return viewer not in self.hidden_from


@dataclass(frozen=True)
class Asked:
    """What a viewer may read of an open decision."""

    mine: bool  # the decision is put to this viewer (answered from this view)
    secret: bool  # it is another side's secret question: only ``text`` may be shown
    text: str  # the prompt, or the neutral line for another side's secret question


def hidden_pieces(game: Any) -> Mapping[str, Hidden]:
    """The pieces still hidden from some side (id -> :class:`Hidden`)."""
    ask = getattr(game, "hidden_pieces", None)
    return ask() if callable(ask) else {}


class View:
    """One viewer's view of ``game``: ask it, never the marks themselves."""

    def __init__(self, game: Any, viewer: str, hidden: Mapping[str, Hidden] | None = None) -> None:
        """``hidden``: the hidden pieces when there is no game to ask (the editor's "View
        as", from the file: :func:`ambush_gui.alley.view.hidden_in_file`)."""
        self.game = game
        self.viewer = viewer
        self._hidden = hidden

    def _pieces(self) -> Mapping[str, Hidden]:
        return self._hidden if self._hidden is not None else hidden_pieces(self.game)

    # -- pieces ---------------------------------------------------------------------------
    def sees(self, piece_id: str) -> bool:
        """Whether this viewer sees the piece (a piece no side hides: yes)."""
        h = self._pieces().get(piece_id)
        return h is None or h.seen_by(self.viewer)

    def own_hidden(self, piece_id: str) -> list[str]:
        """The sides a piece this viewer sees is hidden from (shown to the owner as
        "hidden from the Regulars"); empty for a public piece or one it does not see."""
        h = self._pieces().get(piece_id)
        if h is None or not h.seen_by(self.viewer):
            return []
        return sorted(h.hidden_from)

    # -- questions ------------------------------------------------------------------------
    def asked(self, d: Decision) -> Asked:
        mine = self.viewer in (ALL, d.side)
        secret = d.facts.get("secret")
        if secret and not mine:
            return Asked(False, True, str(secret))
        return Asked(mine, False, d.prompt)

    def prompt(self, d: Decision) -> str:
        return self.asked(d).text

    # -- the log and the narration --------------------------------------------------------
    def tell(self, event: Event) -> Event | None:
        """``event`` as this viewer may read it: a secret told by another side (an answer
        to its hidden question, ``data["secret"]``) is not told at all, everything else as
        it is. Even a neutral line would give away that the question came: a hidden
        command IED is asked about only when an enemy unit ends in its reach."""
        if event.data.get("secret") and self.viewer not in (ALL, event.data.get("side")):
            return None
        return event

    def tell_answer(self, d: Decision, words: str) -> str | None:
        """A side's answer to ``d`` told in ``words``; another side's secret answer not
        told (None), for the reason :meth:`tell` gives."""
        return None if self.asked(d).secret else words


def decision_event(kind: str, text: str, d: Decision) -> Event:
    """An event about decision ``d`` (an answer given for its side), marked with its side and,
    for a secret question, the neutral line :meth:`View.tell` gives the other side."""
    secret = d.facts.get("secret")
    return Event(kind, text, {"side": d.side, **({"secret": str(secret)} if secret else {})})


def holds_secrets(game: Any, side: str) -> bool:
    """Whether ``side`` owns a piece still hidden from another side (its player's view
    must then be kept from the other player's eyes)."""
    return any(h.owner == side and h.hidden_from for h in hidden_pieces(game).values())


def secret_holders(game: Any) -> list[str]:
    return sorted({h.owner for h in hidden_pieces(game).values() if h.hidden_from})


LOOK = ("A look at the table: a side with hidden pieces is shown it at fixed moments, "
        "whether or not it has anything to decide")
"""The curtain's words for a seat that holds a secret question or nothing at all: the two
must read alike (alley/view.py, ``look_moments``)."""


DICE_FIRST = "First the dice of the last answer, then your question"
"""The curtain's words while the last answer's dice wait to be shown: no throw is named,
since a throw's purpose may tell what came before it ("Morale Check: Gunmen (1) (took
casualties)" named the result of a match the arriving player had not seen)."""


def seat_called(game: Any, d: Decision | None, side: str, held: Iterable[Event] = ()) -> str:
    """What ``side``'s player is called to the seat for while ``d`` is open, in words both
    players may read (the hot-seat curtain is seen by the player leaving the seat too).
    ``held``: the events of the last answer not yet shown (the controller shows them once
    the seat is taken).

    * ``side``'s public question: what it is about, as the rule system words it from the
      decision's kind and facts (``game.called_for(d)``; its prompt may tell a die's
      verdict);
    * :data:`DICE_FIRST` when the held events throw any dice: neither the question,
      because which question comes may itself be the dice's verdict (a reaction to an
      interruption is asked only of a Reaction Test's winner, the Defense dice of the
      loser's fire), nor a throw, whose purpose may tell what came before it;
    * :data:`LOOK` for a secret question, a question about a piece still hidden from some
      side, or nothing to decide (a fixed moment's look): the leaving player cannot tell
      the three apart."""
    if d is None or d.side != side or d.facts.get("secret"):
        return LOOK
    hidden = hidden_pieces(game)
    named = [v for value in d.facts.values()
             for v in (value if isinstance(value, list | tuple) else [value]) if isinstance(v, str)]
    if any(not hidden[v].seen_by(PUBLIC) for v in named if v in hidden):
        return LOOK
    public = View(game, PUBLIC)
    if any(e.kind == "roll" and public.tell(e) is not None for e in held):
        return DICE_FIRST
    ask = getattr(game, "called_for", None)
    return str(ask(d)) if callable(ask) else "A question for you"
