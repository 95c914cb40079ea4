"""The table follows the dice tray (a new player's play-test against the computer): while
an answer is shown at the pace, the table (figures, casualty marks, Pinned/Shaken labels,
the unit card) shows the game as it stood at the event shown, never the live game that is
already at the answer's end; the Morale Check after a casualty is its own beat before the
next question; a failed interrupt's arrow is gone once the interrupt is over.

The paced tests shrink the Normal pace's times (monkeypatched) so they run quickly, play
the game at the instant pace up to the moment they look at, then at the Normal pace.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from ambush_gui import systems  # noqa: E402
from ambush_gui.core.decisions import DecisionKind  # noqa: E402
from ambush_gui.core.events import Event  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.shared.pacing import PACE_TIMES, Pace  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402
from tests.gui.table.windows import table_window  # noqa: E402

ALLEY = systems.load_scenario(systems.resolve("contracting-trouble"))
SOLO = {"regular": Seat.HUMAN, "insurgent": Seat.COMPUTER}
GUNMEN = "i1"  # Gunmen (1), whom Fireteam Alpha fires at in seed 7's ninth decision


@pytest.fixture(autouse=True)
def quick_normal_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(PACE_TIMES, Pace.NORMAL, (10, 40))


def _window(qtbot: Any, seed: int, seats: dict[str, Seat]) -> tuple[MainWindow, GameController]:
    win = table_window(qtbot, systems.new_game(ALLEY, seed), seats)
    return win, win.controller


def _instant_until(ctl: GameController, until: Any) -> None:
    """Play at the instant pace (the person's seats as the computer would) until
    ``until(open decision)`` holds."""
    ai = systems.computer_player("alley")
    for _ in range(300):
        d = ctl.pending()
        assert d is not None
        if until(d):
            return
        ctl.sit_down(d.side)
        if ctl.seat_of(d) is Seat.COMPUTER:
            ctl.run_computer_now()
        else:
            ctl.answer(ai.choose(ctl.game, d))
    raise AssertionError("the moment never came")


def _instant_to(ctl: GameController, decisions: int) -> None:
    _instant_until(ctl, lambda _d: len(ctl.game.decisions) >= decisions)
    assert len(ctl.game.decisions) == decisions


def _drawn(win: MainWindow) -> tuple[set[str], set[str]]:
    """The figures the table draws standing, and those it draws crossed out."""
    items = win.table.table.figures
    standing = {f for f, i in items.items() if i.isVisible() and not i.look.fallen}
    fallen = {f for f, i in items.items() if i.isVisible() and i.look.fallen}
    return standing, fallen


def _figures(game: Any, uid: str) -> set[str]:
    return {f.id for f in game.state.units[uid].figures}


def test_the_table_shows_a_fire_its_casualty_and_the_morale_check_as_the_tray_does(
        qtbot: Any) -> None:
    """Fireteam Alpha fires at Gunmen (1); the computer matches its dice: one casualty,
    then a Morale Check that Shakes them. While the tray shows the fire's throw every
    gunman stands; at the casualty's wait he is crossed out and no label or card says
    Shaken, even when the slides end and the player clicks the unit; the Morale Check is
    a beat of its own, before the next question, and only then does Shaken show. The
    fire's arrow stands while its dice are matched and its casualty shown, then goes."""
    win, ctl = _window(qtbot, 7, SOLO)
    _instant_to(ctl, 9)
    d = ctl.pending()
    assert d is not None and d.kind is DecisionKind.FIRE
    before = _figures(ctl.game, GUNMEN)
    ctl.set_pace(Pace.NORMAL)
    shown: list[Event] = []
    ctl.eventLogged.connect(shown.append)
    seen: list[dict[str, Any]] = []

    def look() -> None:  # at every beat and wait, after the window has drawn it
        if ctl.waiting_for:  # the player waits a while and looks at the unit
            win.table.finish_slide()
            win.table.select(GUNMEN)
        label = win.table.table.unit_labels[GUNMEN]
        standing, fallen = _drawn(win)
        seen.append({"last": shown[-1] if shown else None, "standing": standing & before,
                     "fallen": fallen & before, "label": label.text,
                     "card": win.card.body.text(), "wait": ctl.waiting_for,
                     "shot": win.table.shot.pair if win.table.shot.visible() else None})

    ctl.beat.connect(look)
    asked: list[int] = []
    ctl.decisionPending.connect(lambda _d: asked.append(len(seen)))
    ctl.answer(GUNMEN)
    qtbot.waitUntil(lambda: ctl.waiting_for is not None or bool(asked), timeout=10000)
    while not asked:
        if ctl.waiting_for is not None:
            ctl.proceed()
        qtbot.waitUntil(lambda: ctl.waiting_for is not None or bool(asked), timeout=10000)
    fell = before - _figures(ctl.game, GUNMEN)
    assert len(fell) == 1 and ctl.game.state.units[GUNMEN].shaken(ctl.game.state.turn)

    def at(pred: Any) -> dict[str, Any]:
        found = [s for s in seen if s["last"] is not None and pred(s["last"])]
        assert found, [s["last"].text for s in seen if s["last"] is not None]
        return found[0]

    throw = at(lambda e: e.kind == "roll" and "Defense" in str(e.data.get("purpose")))
    assert throw["standing"] == before and not throw["fallen"]  # the target still stands
    assert "Shaken" not in throw["label"]
    wait = at(lambda e: e.kind == "casualty")
    assert wait["wait"] and wait["fallen"] == fell  # crossed out while the tray waits on it
    assert wait["standing"] == before - fell
    assert "Shaken" not in wait["label"] and "Shaken" not in wait["card"]
    assert wait["shot"] == ("alpha", GUNMEN)  # the fire's arrow, while its dice are matched
    morale = at(lambda e: e.kind == "morale")
    assert not morale["fallen"] and morale["standing"] == before - fell  # gone once told
    assert "Shaken" in morale["label"] and "Shaken" in morale["card"]
    # its own beat, shown before the next question is asked
    assert asked == [seen.index(morale) + 1]
    assert not win.table.shot.visible()  # the fire is over


def test_a_failed_interrupt_leaves_no_arrow_on_the_table(qtbot: Any) -> None:
    """Seed 11: Gunmen (1) interrupts Fireteam Alpha's activation by firing at the Pinned
    Fireteam Bravo and fails its Interrupt Check. Its arrow is drawn while the tray shows
    it, and gone once the interrupt is over: it stood over the next question."""
    win, ctl = _window(qtbot, 11, SOLO)
    _instant_to(ctl, 10)
    d = ctl.pending()
    assert d is not None and d.kind is DecisionKind.ACTIVATE
    ctl.set_pace(Pace.NORMAL)
    arrows: list[Any] = []
    ctl.beat.connect(lambda: arrows.append(win.table.shot.pair if win.table.shot.visible() else None))
    ctl.answer("alpha")
    qtbot.waitUntil(lambda: ctl.pending() is not None and ctl.pending().kind is DecisionKind.PLAN
                    and not ctl.busy, timeout=10000)
    events = ctl.game.log.events
    failed = max(i for i, e in enumerate(events) if e.kind == "interrupt")
    assert "fails" in events[failed + 2].text  # the Interrupt Check
    assert (GUNMEN, "bravo") in arrows  # shown with its dice
    assert not win.table.shot.visible()


@pytest.mark.hand_over
def test_a_player_taking_the_seat_sees_the_table_before_the_held_dice(qtbot: Any) -> None:
    """Hot-seat: the Insurgent player matches his Defense dice; the seat passes to the
    Regular player before the casualty and the Morale Check are shown. Taking the seat
    he saw them already done on the table (the gunman gone, "Shaken") before the tray
    showed their dice; now the table shows them as the tray reaches them."""
    seats = {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}
    win, ctl = _window(qtbot, 7, seats)

    def hit(d: Any) -> bool:  # the Insurgents' dice to match, with a casualty among them
        return d.kind is DecisionKind.MATCH and d.side == "insurgent" \
            and any(p[1] is None for p in d.facts["best"])

    for _ in range(20):  # one whose answer passes the seat before its dice are shown
        _instant_until(ctl, hit)
        d = ctl.pending()
        target = d.facts["target"]
        ctl.sit_down("insurgent")
        before = _figures(ctl.game, target)
        was = ctl.game.state.units[target].shaken(ctl.game.state.turn)
        told = len(ctl.game.log.events)
        ctl.set_pace(Pace.NORMAL)
        ctl.answer(d.forced or "best")
        if ctl.handing_to == "regular":
            break
        ctl.set_pace(Pace.INSTANT)
    assert ctl.handing_to == "regular" and win.curtain.isVisible()
    label = win.table.table.unit_labels[target]
    seated: list[Any] = []  # the table as the Regular player sits down, before any dice
    ctl.seatTaken.connect(lambda _s: seated.append((*_drawn(win), label.text)))
    ctl.take_seat("regular")
    standing, fallen, text = seated[0]
    assert before <= standing and not fallen and ("Shaken" in text) == was
    fell = {e.data["figure"] for e in ctl.game.log.events[told:] if e.kind == "casualty"}
    gone = before - _figures(ctl.game, target)  # and those who slipped away at its Morale Check
    qtbot.waitUntil(lambda: ctl.waiting_for is not None, timeout=10000)  # the casualty's
    standing, fallen = _drawn(win)
    assert fallen & before == fell and ("Shaken" in label.text) == was
    ctl.proceed()
    qtbot.waitUntil(lambda: not ctl.busy, timeout=10000)
    standing, fallen = _drawn(win)
    assert not fallen and before - standing == gone
    shaken = ctl.game.state.units[target].shaken(ctl.game.state.turn)
    assert shaken == ("Shaken" in label.text)
