"""Invariants every Ambush Alley game must keep, checked by ``simulate`` and the tests.

They hold after every decision, whatever the players choose: figures appear only by a
rule (the scenario's set-up and reinforcements) and are never lost, pools never
exceed ten dice (AA-118, AA-136), an Insurgent unit interrupts at most once a turn
(AA-064), figures in play stay on the table, and Morale never falls below d6 in play.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame


def check(g: AlleyGame, since: int = 0) -> list[str]:
    """Return every broken invariant (empty when all hold). ``since``: first event to scan."""
    st = g.state
    problems: list[str] = []
    ids = [f.id for f in st.all_figures()]
    dupes = [i for i, n in Counter(ids).items() if n > 1]
    if dupes:
        problems.append(f"figures in two places at once: {dupes}")
    expected = set(g.initial_figures) | set(g.created_figures())
    if set(ids) != expected:
        problems.append(f"figures created or lost outside a rule: {sorted(set(ids) ^ expected)}")
    for u in st.units.values():
        if u.on_table:
            for f in u.figures:
                if not g.table.on_table(f.pos):
                    problems.append(f"{f.id} of {u.id} is off the table at {f.pos}")
            if u.figures and u.morale.value < 6:
                problems.append(f"{u.id} has Morale below d6")
        elif u.figures:
            problems.append(f"{u.id} has left play but still holds figures")
    interrupts: Counter[tuple[int, str]] = Counter()
    turn = 0
    for e in g.log.events[since:]:
        if e.kind == "turn":
            turn = e.data["turn"]
        elif e.kind == "interrupt" and "insurgent" in e.data:
            interrupts[(turn, e.data["insurgent"])] += 1
        elif e.kind == "roll" and e.data.get("purpose", "").startswith(("Firepower", "Defense")):
            if len(e.data["faces"]) > 10:
                problems.append(f"a pool of {len(e.data['faces'])} dice: {e.text}")
    for (t, uid), n in interrupts.items():
        if n > 1:
            problems.append(f"{uid} interrupted {n} times in turn {t}")
    return problems
