"""How fast the game is shown, and which of the engine's events are worth a pause.

The engine resolves a whole answer at once (an Ambush! answer may play out a German
Round); the controller then *presents* its events in order at the player's pace. This
module says, from the events alone (no rule arithmetic), where the beats fall:

- a **throw** is a run of roll events with nothing between them (a Reaction Test's two
  dice, a fire's Firepower and Defense) followed by the events that tell its outcome
  (:data:`OUTCOMES`: the Reaction Test's winner, the Morale result, the hit...); the
  dice tray shows it as one entry and the presentation rests a beat after it;
- a **big moment** (:func:`big_moment`) waits for the player whatever the pace: a
  casualty (an Insurgent removed, a Regular's First Aid result), a unit overrun, a panic,
  a German's first appearance, an IED going off, a Hot Spot taken, the end of a Round.
  The First Aid rolls of one attack wait once, after the last (:func:`first_aid_next`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum
from typing import Any

from ambush_gui.ambush.words import marker_owner
from ambush_gui.core.events import Event


class Pace(StrEnum):
    """The Game menu's pace. INSTANT is for tests and scripts: nothing waits."""

    STEP = "step"
    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"
    INSTANT = "instant"


# (think, beat) in ms: how long the computer seems to think before it answers, and how
# long a throw stays in the tray before the next one. STEP's beat waits for the player.
PACE_TIMES: dict[Pace, tuple[int, int]] = {
    Pace.STEP: (0, -1),
    Pace.SLOW: (1200, 1800),
    Pace.NORMAL: (600, 1000),
    Pace.FAST: (200, 350),
    Pace.INSTANT: (0, 0),
}
MENU_PACES = (Pace.STEP, Pace.SLOW, Pace.NORMAL, Pace.FAST)
PACE_TIPS = {
    Pace.STEP: "Wait for you (Space or Continue) after every computer action and every throw",
    Pace.SLOW: "Each throw stays in the dice tray for almost two seconds",
    Pace.NORMAL: "Each throw stays in the dice tray for a second",
    Pace.FAST: "Each throw is shown briefly; only the big moments wait for you",
}
DEFAULT_PACE = Pace.NORMAL

# Events that tell the outcome of the throw just before them (they join its tray entry).
OUTCOMES = frozenset({
    # Ambush Alley
    "quality", "reaction", "morale", "first_aid", "shrink", "unpin", "reinforce", "tie",
    "surrender", "prisoner", "match", "casualty",
    # Ambush!
    "perception", "aware", "initiative", "marker", "jam", "clear_jam", "hit", "miss",
    "damage_roll", "damage", "ammo", "dud", "scatter", "penetration", "event",
    "german_turn", "german-turn", "paragraph", "assault", "crew",
})


# Force on Force modules' events that tell the verdict of the roll right before them (the
# mine test, the Contamination Test, the Stress Test, the IED's target die). The same kinds
# also tell things with no roll (a Stress Level worked out, an IED going off): those start
# no throw and join none, so only right after a roll (a lost confidence right after the
# Stress Test that lost it) do they join one.
ROLL_VERDICTS: dict[str, frozenset[str]] = {
    "mines": frozenset({"roll"}),
    "contamination": frozenset({"roll"}),
    "stress": frozenset({"roll"}),
    "confidence": frozenset({"roll", "stress"}),
    "ied": frozenset({"roll"}),
}
# Civilians and mounted units: a mob's casualty check, a dispersal, a popular leader's
# attempt tell their verdict right after the die ("mob 2 suffers a civilian casualty"); a
# Quality Check to stay mounted or keep a seat is followed by what became of rider and
# mount ("the mount is hit and killed...", "dismounts"), after its "quality" line.
ROLL_VERDICTS.update({
    "civilians": frozenset({"roll", "civilians"}),
    "mounted": frozenset({"roll", "quality"}),
})


def joins(previous: str, kind: str) -> bool:
    """Whether an event of ``kind`` joins the throw whose last event was ``previous``."""
    if kind in ROLL_VERDICTS:
        return previous in ROLL_VERDICTS[kind]
    return kind in OUTCOMES and previous in OUTCOMES | {"roll"}


def attached(event: Event, nxt: Event | None) -> bool:
    """Whether ``nxt`` belongs to the same throw as ``event`` (no beat between them)."""
    if nxt is None:
        return False
    if nxt.kind == "roll":
        return event.kind == "roll"  # a run of dice is one throw
    return joins(event.kind, nxt.kind)


def big_moment(event: Event) -> str | None:
    """What makes ``event`` a moment that waits for the player, or None."""
    d: dict[str, Any] = event.data
    if event.kind == "casualty":
        return event.text
    if event.kind == "first_aid":  # a Regular hit: the First Aid result says how badly
        return event.text  # (a Marine is never "removed"; his casualty is this line)
    if event.kind == "move" and d.get("blocked_by"):  # house rule AA-068: a move stopped short
        return event.text.split(" (house rule")[0]
    if event.kind == "assault" and "winner" in d and "unit" in d:  # a unit overrun (DC-029)
        return event.text
    if event.kind == "damage" and d.get("result") not in (None, "none", "panic"):  # a panic's
        # marker event follows and says it
        return event.text
    if event.kind == "marker" and d.get("to") == "panic":  # and why: "(1 in AR column 4,
        # red: out of command, panic)" -> "(1 in AR column 4, red: out of command)"
        who = marker_owner(event.text) or "He"
        found = re.search(r"→ panic \(([^)]*)\)", event.text, re.IGNORECASE)
        why = found.group(1) if found else ""
        why = why.removesuffix(", panic").removesuffix(": panic")
        why = why.replace("in AR column", "in Action Rating column")  # not the Action Round
        return f"{who} panics ({why})" if why and why != "panic" else f"{who} panics"
    if event.kind == "activate" and d.get("german"):  # the Round is on every panel: the
        # tray's header at 1280x800 cut "..., crouching, during Round 6" to "crouching…"
        return event.text.split(" [")[0].split(", during Round")[0]
    if event.kind == "ied" and d.get("went_off"):  # FF-044..051: the table shows the blast
        return event.text.split(" [")[0]
    if event.kind == "hot_spot":  # AA-054: a Hot Spot taken, no more Insurgents from it
        return event.text
    return None


def dealt_casualties(event: Event) -> bool:
    """Whether ``event`` tells the casualties its throw dealt: a fire's dice matched
    (AA-146..148), a Close Assault won (house rule CT-054). That throw is the one that
    decided the big moments after it (a Regular's First Aid results, thrown apart)."""
    return event.kind in ("match", "assault") and bool(event.data.get("casualties"))


def told_after_its_hit(event: Event) -> bool:
    """Whether ``event`` is a big moment told by a throw of its own after the throw that
    dealt the hit (a Regular's First Aid result, AA-155..158): its card is not the one that
    says why he fell."""
    return event.kind == "first_aid"


def first_aid_next(queue: Iterable[Event]) -> bool:
    """Whether the next throw in ``queue`` is a First Aid roll: its die, then its result.
    A run of them (the casualties of one attack) is shown throw by throw at the pace and
    waits once, after the last, naming every result (issue 28: one Continue each)."""
    rolled = False
    for e in queue:
        if e.kind != "roll":
            return rolled and e.kind == "first_aid"
        rolled = True
    return False


def round_break(event: Event) -> str | None:
    """A new Round, or the end of Rounds, ends the Round before it: its text, or None."""
    if event.kind == "round" and int(event.data.get("round", 1)) > 1:
        return f"End of Round {int(event.data['round']) - 1}"
    if event.kind == "rounds" and "end" in event.text:
        return "End of the Rounds"
    return None


def zero_nine(event: Event) -> bool:
    """A throw of Ambush!'s 0-9 dice (a d10's 10 reads 0)."""
    return bool(event.data.get("zero_nine"))


def shown_faces(event: Event) -> list[int]:
    """The faces as the dice read: a 0-9 die's 10 is 0."""
    faces = [int(f) for f in event.data.get("faces") or []]
    return [f % 10 for f in faces] if zero_nine(event) else faces
