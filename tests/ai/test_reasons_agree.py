"""A computer answer's reason says what the answer does (a play-test: a plan's reason said
the unit "closes with the nearest enemy", then it fired at another enemy).

Whole normal-against-normal games, read by tools/reason_audit.py's :func:`check`: each
plan against the move and the fire of the same activation, each stay against its words.
The games are picked to meet every wording the audit's fixes brought (a stay that says
why, an assault the move could not make, a fire at a better target than the one closed
with, a fire after a move, a unit that may not move or fire). The words only changed:
the answers are choose()'s (tests/ai/test_narrate.py), as tools/reason_audit.py's decision
digests show against the version before.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import reason_audit  # noqa: E402

GAMES = [("the-signal-box", 3), ("contracting-trouble", 1), ("market-day", 1),
         ("the-chlorine-house", 1), ("the-tailors-ledger", 3)]

# what the fixed reasons say, each met in the games above
WORDINGS = {
    "a stay says why, then its aim": r"\(its aim: it ",
    "a plan names its Close Assault": r"to go into a Close Assault on ",
    "the move says why it made none": r"so no Close Assault: ",
    "a fire-first plan names its target": r"^it fires first, at ",
    "a fire says it is the better shot": r"better than at .*|, the enemy it closes with, is not in",
    "a fire after a move says so": r"^after its move, the best shot it has",
    "a unit at its goal need not move": r"it is there already",
    "a Shaken unit does not promise a fire": r"Shaken: it may not fire this turn",
    "a lone leader who only leads does not promise one": r"only leads may not fire",
    "Dependants: no Rapid move": r"may not move Rapidly \(DC-006\), so it stays Halted",
}


@pytest.fixture(scope="module")
def played() -> list[list[reason_audit.Row]]:
    return [reason_audit.play(name, seed)[1] for name, seed in GAMES]


@pytest.mark.parametrize("game", range(len(GAMES)), ids=[f"{n}-{s}" for n, s in GAMES])
def test_every_reason_agrees_with_what_the_unit_then_does(played: list[list[reason_audit.Row]],
                                                          game: int) -> None:
    found = reason_audit.check(played[game])
    assert not found, "\n".join(f"{kind}: {told}" for kind, told in found)


def test_the_games_meet_every_fixed_wording(played: list[list[reason_audit.Row]]) -> None:
    reasons = [str(r["reason"]) for rows in played for r in rows]
    missing = [what for what, pattern in WORDINGS.items()
               if not any(re.search(pattern, reason) for reason in reasons)]
    assert not missing, missing


def test_the_play_testers_case_is_told_both_ways() -> None:
    """A Regular unit closing with the nearest enemy fires at another: its plan names the
    target of a fire it makes first, or says that it fires at the best shot after its move,
    and a fire away from the enemy closed with says why."""
    rows = reason_audit.play("the-signal-box", 3)[1]
    elsewhere = []
    for plan, after in reason_audit.activations(rows):
        names = plan["names"]
        closes = [n for n in names.values() if f"closes with {n}" in plan["reason"]]
        for s in after:
            if s["kind"] == "fire" and s["answer"] != "hold" and closes and names[s["answer"]] not in closes:
                elsewhere.append((plan, s))
    assert elsewhere
    for plan, fire in elsewhere:
        target = plan["names"][fire["answer"]]
        assert f"fires first, at {target}" in plan["reason"] \
            or "fires at whichever enemy its fire hurts most" in plan["reason"], plan["reason"]
        assert "the enemy it closes with" in fire["reason"] or fire["reason"].startswith("after its move"), \
            fire["reason"]
