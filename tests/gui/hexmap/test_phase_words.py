"""The words for the phase the game is in follow it, at every pace (issue 29's play-test:
"end of Round 1" beside an AR Track saying Round 2, "end of the Rounds" while play was back
in Operations, "Commence Rounds" read in the middle of the Rounds).

Each event the window shows moves the phase on: an Operations turn, the Rounds commencing,
a Round, the Rounds ending. At every beat and every wait the Mission panel's turn line and
the AR Track's title say that phase; a wait on a Round's end says it in both.
"""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.core.events import Event
from ambush_gui.gui.shared import pacing
from ambush_gui.gui.shared.controller import GameController, Seat
from ambush_gui.gui.shared.pacing import Pace


def phase(event: Event, now: tuple[str, int]) -> tuple[str, int]:
    """The phase after ``event``: ("ops", turn), ("commence", 0), ("round", n), ("over", n)."""
    d = event.data
    if event.kind == "operations" and "turn" in d and "ends" not in event.text:
        return ("ops", int(d["turn"]))
    if event.kind == "rounds":
        return ("over", int(d["rounds"])) if "rounds" in d else ("commence", 0)
    if event.kind == "round" and "round" in d:
        return ("round", int(d["round"]))
    return now


def expected(now: tuple[str, int], waiting: str | None) -> tuple[str, str]:
    """(the Mission panel's turn line, the AR Track's title) for the phase."""
    if waiting and waiting.startswith("End of Round"):
        return f"Action Rounds — end of Round {waiting.split()[-1]}", waiting
    if waiting == "End of the Rounds":
        return "Action Rounds — end of the Rounds", waiting
    kind, n = now
    if kind == "round":
        return f"Action Rounds — Round {n}", f"Round {n}"
    if kind == "commence":
        return "Action Rounds — commencing", "AR Track"
    if kind == "over":
        return "Operations — the Rounds are over", "AR Track"
    return f"Operations — turn {n}", "AR Track"


@pytest.mark.parametrize("pace", [Pace.STEP, Pace.NORMAL, Pace.FAST])
def test_the_phase_words_follow_each_phase_change(qtbot: Any, monkeypatch: Any,
                                                   pace: Pace) -> None:
    from ambush_gui.gui.hexmap.window import AmbushWindow

    # the clocked paces' beats made short: the order of what is shown is the pace's own
    monkeypatch.setitem(pacing.PACE_TIMES, Pace.NORMAL, (0, 5))
    monkeypatch.setitem(pacing.PACE_TIMES, Pace.FAST, (0, 2))
    # the tutorial, seed 3: two Rounds, then Operations again within twenty answers
    tutorial = systems.load_scenario(systems.resolve("ambush-tutorial"))
    ctl = GameController(systems.new_game(tutorial, 3), {"us": Seat.HUMAN}, pace=pace)
    win = AmbushWindow(ctl)
    qtbot.addWidget(win)
    win.show()
    now = {"phase": ("ops", 0)}
    seen: list[tuple[tuple[str, int], str | None, tuple[str, str], tuple[str, str]]] = []

    def shown(e: Event) -> None:  # connected after the window's: it has shown the event
        now["phase"] = phase(e, now["phase"])
        look()

    def look() -> None:
        said = (win.mission_panel.turn.text(), win.track.title.text())
        want = expected(now["phase"], ctl.waiting_for)
        seen.append((now["phase"], ctl.waiting_for, want, said))

    ctl.eventLogged.connect(shown)
    ctl.beat.connect(lambda: ctl.waiting_for is None and look())  # a wait's: at its signal
    ctl.waiting.connect(lambda _why: look())
    win.start()
    ai = systems.computer_player("ambush")
    back = 0
    for _ in range(600):
        back += any(p[0] == "over" for p, *_ in seen) and now["phase"][0] == "ops"
        if back > 10:
            break
        if ctl.waiting_for is not None:
            look()
            ctl.proceed()
        elif ctl.busy:
            qtbot.waitUntil(lambda: not ctl.busy or ctl.waiting_for is not None, timeout=5000)
        elif (d := ctl.pending()) is not None:
            look()
            ctl.answer(ai.choose(ctl.game, d))
        else:
            break
    phases = {p[0] for p, *_ in seen}
    assert {"ops", "round", "over"} <= phases, phases
    assert any(w and w.startswith("End of Round") for _, w, *_ in seen)
    wrong = [f"{p} waiting={w!r}: want {want}, said {said}" for p, w, want, said in seen
             if want != said and p != ("ops", 0)]  # ("ops", 0): nothing shown yet
    assert not wrong, "\n".join(dict.fromkeys(wrong))


def test_a_commence_rounds_read_in_the_middle_of_the_rounds_says_they_go_on(qtbot: Any) -> None:
    """A paragraph whose option says "Commence Rounds" read by a Round's Event Phase: the
    reader said it as if the Rounds were starting again; they go on."""
    from ambush_gui.gui.hexmap.paragraph_reader import ParagraphReader

    tutorial = systems.load_scenario(systems.resolve("ambush-tutorial"))
    number = next(p.number for p in tutorial.spec.paragraphs
                  if any(a.commence_rounds for o in p.options for a in o.do) and len(p.options) == 1)
    read = Event("paragraph", f"¶{number}", {"paragraph": number, "style": "bulleted", "option": 0,
                                              "actions": [{"condition": "B"},
                                                          {"commence_rounds": True}]})
    reader = ParagraphReader()
    qtbot.addWidget(reader)
    reader.set_mission(tutorial)
    reader.add(read)  # in Operations: the Rounds commence, nothing to add
    assert "already" not in reader.outcome.text()
    for e in (Event("rounds", "Commence Rounds [AR-001]", {}), Event("round", "Round 2", {"round": 2}),
              read):
        reader.add(e)
    assert "the Rounds are already being fought: they go on" in reader.outcome.text()
    reader.add(Event("rounds", "Rounds end after Round 2", {"rounds": 2}))
    reader.add(read)
    assert "already" not in reader.outcome.text()
    reader.reload([Event("rounds", "Commence Rounds [AR-001]", {}), read], tutorial)
    assert "already being fought" in reader.outcome.text()
