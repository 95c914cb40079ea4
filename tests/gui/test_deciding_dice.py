"""The dice that decided a big moment are in view while the game waits on it.

A play-tester, against the computer at the normal pace: a Close Assault wounded his men,
the game paused on their First Aid results, and the dice tray had scrolled the assault's
dice out of sight (at 1280x800 the strip holds one card): "X is a casualty" with no dice
in view to say why. While a big moment waits, the tray's view starts at the throw that
dealt the casualties (a Close Assault won, a fire's dice matched) and the Decision dock
names those dice beside the result.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.simulate import player_seed  # noqa: E402
from ambush_gui.gui.shared import theme  # noqa: E402
from ambush_gui.gui.shared.pacing import Pace  # noqa: E402
from tests.gui.table.windows import table_window  # noqa: E402

ALLEY = systems.load_scenario(systems.resolve("contracting-trouble"))
SOLO = {"regular": "human", "insurgent": "computer"}
SIZES = [(1280, 800), (1920, 1080)]
SCALES = [1.0, max(theme.SCALE_STEPS)]


def before_the_assault() -> Any:
    """Contracting Trouble, seed 7, both sides played by the normal computer player (the
    Insurgents seeded as the window's computer seat is) for 105 answers: the Insurgents'
    next answer is a Close Assault that wounds four of Fireteam Bravo."""
    game = systems.new_game(ALLEY, 7)
    game.start()
    players = {side: systems.computer_player("alley", "normal", player_seed(7, 0, i + 1))
               for i, side in enumerate(SOLO)}
    for _ in range(105):
        d = game.pending()
        game.answer(players[d.side].choose(game, d))
    return game


def in_view(tray: Any, card: Any) -> bool:
    """``card`` whole in the tray's strip (or, wider than the strip, from its start)."""
    view = tray.cards_area.viewport()
    left = card.mapTo(view, QPoint(0, 0)).x()
    return card.isVisible() and left >= 0 and (left + card.width() <= view.width() or left == 0)


def settled_in_view(qtbot: Any, tray: Any, card: Any) -> bool:
    """``card`` in view once the tray has followed (a card added just before the wait is
    laid out, and the strip scrolled, a few turns of the event loop later: before then
    the view still stands where it stood)."""
    qtbot.waitUntil(lambda: not tray._following and tray._laid_out(), timeout=5000)
    qtbot.wait(50)  # the scroll range a follow changed brings one more
    qtbot.waitUntil(lambda: not tray._following, timeout=5000)
    return in_view(tray, card)


def titled(tray: Any, title: str) -> Any:
    return next(c for c in reversed(tray.cards) if c.throw.title().startswith(title))


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("size", SIZES)
def test_a_close_assaults_dice_are_in_view_while_its_first_aid_results_wait(
        qtbot: Any, size: tuple[int, int], scale: float) -> None:
    win = table_window(qtbot, before_the_assault(), SOLO, size=size, pace=Pace.FAST)
    theme.set_scale(scale)
    ctl, tray = win.controller, win.tray
    qtbot.waitUntil(lambda: ctl.waiting_for is not None, timeout=30000)
    assert any("wins the Close Assault (5 to 1)" in e.text for e in ctl.game.log.events)
    assert ctl.waiting_for.count("First Aid") == 4  # one wait for the four men's results
    assault = titled(tray, "Close Assault")
    assert tray.latest is not assault  # the First Aid cards came after it
    assert settled_in_view(qtbot, tray, assault)
    assert [len(b.faces) for b in assault.blocks] == [6, 4]
    assert assault.property("latest") == "true"  # as bright as the newest card
    # the Decision dock says them before the results, in the place of whose dice are shown,
    # and is no taller for it: at the largest text a longer line (the dice with their
    # units and the verdict) made the window taller than a 1280x800 screen
    idle = win.decision_panel.idle
    said = idle.text()
    before = "After the Close Assault (6 6 5 5 5 2 against 5 3 1 1)"
    assert said.startswith(f"{before}: First Aid 2 for")
    width = max(win.right_width - 8, 200)
    high = idle.heightForWidth(width)
    idle.setText(said.replace(before, "The US Marines' dice are being shown", 1))
    assert high <= idle.heightForWidth(width)
    idle.setText(said)
    ctl.proceed()  # the wait over, the tray follows the newest throw again
    qtbot.waitUntil(lambda: not ctl.busy, timeout=10000)
    assert settled_in_view(qtbot, tray, tray.latest)
    assert assault.property("latest") == "false"


def fire_at(ctl: Any, target_side: str, hits: int) -> list[str]:
    """An ordinary fire's dice, the match that dealt ``hits`` casualties and the casualties
    as the engine logs them (a Regular's First Aid die and result, an Insurgent removed);
    returns the casualties' texts."""
    log = ctl.game.log
    firer, target = ("insurgent", "regular") if target_side == "regular" else ("regular", "insurgent")
    log.emit("roll", "Firepower: Gunmen (1) at Fireteam Alpha: 6d6", faces=[6, 6, 5, 4, 2, 1], sides=6,
             side=firer, purpose="Firepower: Gunmen (1) at Fireteam Alpha", modifiers=[])
    log.emit("roll", "Defense: Fireteam Alpha: 4d8", faces=[5, 3, 2, 1], sides=8, side=target,
             purpose="Defense: Fireteam Alpha", modifiers=[])
    log.emit("match", f"Dice matched: 6-x, 6-x, 5-5, 4-x → {hits} casualties", casualties=hits,
             target="alpha")
    texts = []
    for i, face in enumerate((2, 4, 6)[:hits], start=1):
        if target_side == "insurgent":
            texts.append(f"Fireteam Alpha, fighter {i} is a casualty and is removed")
            log.emit("casualty", texts[-1], unit="alpha", result="removed")
            continue
        log.emit("roll", f"First Aid: Fireteam Alpha, fighter {i}: 1d6 → {face}", faces=[face], sides=6,
                 side=target, purpose=f"First Aid: Fireteam Alpha, fighter {i}", modifiers=[])
        texts.append(f"First Aid {face} for Fireteam Alpha, fighter {i}: a result")
        log.emit("first_aid", texts[-1], unit="alpha")
    return texts


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("size", SIZES)
def test_a_fires_dice_are_in_view_while_its_first_aid_results_wait(
        qtbot: Any, size: tuple[int, int], scale: float) -> None:
    """The same fault in an ordinary fire that wounds Regulars: its Firepower and Defense
    card was scrolled away by the First Aid cards before the wait."""
    win = table_window(qtbot, systems.new_game(ALLEY, 1), SOLO, size=size, pace=Pace.FAST)
    theme.set_scale(scale)
    ctl, tray = win.controller, win.tray
    qtbot.waitUntil(lambda: not ctl.busy, timeout=10000)
    texts = fire_at(ctl, "regular", 3)
    ctl._present()
    qtbot.waitUntil(lambda: ctl.waiting_for is not None, timeout=10000)
    assert all(t in ctl.waiting_for for t in texts)
    fire = titled(tray, "Firepower")
    assert settled_in_view(qtbot, tray, fire)
    assert win.decision_panel.idle.text().startswith(
        "After Firepower 6 6 5 4 2 1 against Defense 5 3 2 1: First Aid 2 for Fireteam Alpha")


def test_an_insurgent_removed_waits_on_the_card_of_the_fire_that_hit_him(qtbot: Any) -> None:
    """Where the casualty is told on the fire's own card, that card is the newest, in view
    as before; the dock names its dice too. A wait no throw decided names none."""
    win = table_window(qtbot, systems.new_game(ALLEY, 1), SOLO, pace=Pace.FAST)
    ctl, tray = win.controller, win.tray
    qtbot.waitUntil(lambda: not ctl.busy, timeout=10000)
    fire_at(ctl, "insurgent", 2)
    ctl._present()
    qtbot.waitUntil(lambda: ctl.waiting_for is not None, timeout=10000)
    assert tray.deciding() is tray.latest
    assert settled_in_view(qtbot, tray, tray.latest)
    assert win.decision_panel.idle.text().startswith("After Firepower 6 6 5 4 2 1 against Defense")
    ctl.proceed()
    qtbot.waitUntil(lambda: not ctl.busy, timeout=10000)
    # the next wait is on no throw (a move stopped short), the fire's card still the newest
    ctl.game.log.emit("move", "Fireteam Alpha stops short: the way is blocked by Gunmen (1) "
                      "(house rule AA-068)", unit="alpha", blocked_by="i1")
    ctl._present()
    qtbot.waitUntil(lambda: ctl.waiting_for is not None, timeout=10000)
    assert "stops short" in ctl.waiting_for
    assert tray.deciding() is None
    assert win.decision_panel.idle.text().startswith("Both sides' dice are being shown: Fireteam Alpha")


def signal_box(seed: int, answers: int, ours: dict[int, Any]) -> Any:
    """The Signal Box after ``answers`` answers of the normal computer player on both
    sides, but for the person's own answers ``ours`` (by their index)."""
    game = systems.new_game(systems.load_scenario(systems.resolve("the-signal-box")), seed)
    game.start()
    players = {side: systems.computer_player("alley", "normal", player_seed(seed, 0, i + 1))
               for i, side in enumerate(SOLO)}
    for n in range(answers):
        d = game.pending()
        game.answer(ours.get(n) or players[d.side].choose(game, d))
    return game


INTO_THE_BOX = {"path": [[15.28, 12.8]], "assault": "box"}  # Bravo team, onto the raiders


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("size", SIZES)
def test_a_lost_close_assaults_dice_are_in_view_while_its_casualty_waits(
        qtbot: Any, size: tuple[int, int], scale: float) -> None:
    """The play-tester's own game: The Signal Box against the computer, Bravo team dragged
    onto the raiders in the signal box (seed 1). It loses (3 to 4) and one man is hit: he
    is picked, his First Aid die thrown, and the game waits on it with the assault's dice
    in view, not scrolled away by the First Aid card."""
    game = signal_box(1, 33, {13: INTO_THE_BOX})
    win = table_window(qtbot, game, SOLO, size=size, pace=Pace.FAST)
    theme.set_scale(scale)
    ctl, tray = win.controller, win.tray
    ctl.answer(INTO_THE_BOX)
    qtbot.waitUntil(lambda: not ctl.busy, timeout=10000)
    assert "choose 1 casualty" in ctl.pending().prompt
    ctl.answer(systems.computer_player("alley").choose(ctl.game, ctl.pending()))
    qtbot.waitUntil(lambda: ctl.waiting_for is not None, timeout=10000)
    assert ctl.waiting_for.startswith("First Aid 6 for Bravo team, fighter 2: serious injuries")
    assault = titled(tray, "Close Assault")
    assert tray.latest is not assault
    assert settled_in_view(qtbot, tray, assault)
    assert win.decision_panel.idle.text().startswith(
        "After the Close Assault (8 5 4 against 2 4 6 5 4): First Aid 6 for Bravo team")


@pytest.mark.parametrize("size", SIZES)
def test_a_regular_close_assault_won_waits_on_its_own_card(qtbot: Any, size: tuple[int, int]) -> None:
    """Alpha team dragged onto the raiders (The Signal Box, seed 2) wins: the raiders'
    leader is removed and the unit overrun on the assault's own card, the newest, in
    view with its dice while the game waits; the dock names them."""
    game = signal_box(2, 48, {})
    assert game.pending().facts.get("may_assault")
    win = table_window(qtbot, game, SOLO, size=size, pace=Pace.FAST)
    ctl, tray = win.controller, win.tray
    ctl.answer({"path": [[12.771, 12.688]], "assault": "box"})
    qtbot.waitUntil(lambda: ctl.waiting_for is not None, timeout=10000)
    assert "is a casualty and is removed" in ctl.waiting_for
    assault = tray.latest
    assert assault.throw.title() == "Close Assault" and tray.deciding() is assault
    assert settled_in_view(qtbot, tray, assault)
    assert win.decision_panel.idle.text().startswith("After the Close Assault (2 1 3 5 6 against 1 3): ")
