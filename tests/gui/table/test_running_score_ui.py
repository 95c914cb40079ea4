"""The score as it stands in the Turn panel (issue 28): one line with each side's points
if the game ended now, the award lines one click (or Ctrl+P) away saying which are won,
which counted only at the end and which still open; and the victory screen says why an
award gave nothing."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtGui import QTextDocument  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.alley import victory  # noqa: E402
from ambush_gui.gui.shared.controller import GameController, Seat  # noqa: E402
from ambush_gui.gui.table import score  # noqa: E402
from ambush_gui.gui.table.dialogs import VictoryDialog  # noqa: E402
from ambush_gui.gui.table.panels import TurnPanel  # noqa: E402
from ambush_gui.gui.table.window import MainWindow  # noqa: E402

HOTSEAT = {"regular": Seat.HUMAN, "insurgent": Seat.HUMAN}


def market_day() -> Any:
    g = systems.new_game(systems.load_scenario(systems.resolve("market-day")), 0)
    g.start()
    return g


def into_square(g: Any) -> None:
    """Alpha team stands among the gunmen in the market square."""
    u = g.unit("alpha")
    p = victory.zone_polygon(g, "market-square").representative_point()
    u.translate(p.x - u.figures[0].x, p.y - u.figures[0].y)


def plain(html: str) -> str:
    doc = QTextDocument()
    doc.setHtml(html)
    return doc.toPlainText()


def test_the_turn_panel_keeps_the_score_and_follows_every_change(qtbot: Any) -> None:
    g = market_day()
    panel = TurnPanel()
    qtbot.addWidget(panel)
    panel.show_state(g, g.pending())
    assert panel.score.isVisibleTo(panel)
    assert plain(panel.score.summary.text()) == "Score: ● Rangers 0 · ◆ Gunmen 7"  # the sides by shape too
    lines = plain(panel.score.html)
    assert "Market square held at the end" in lines
    assert "Zone held at the end — if the game ended now" in lines
    assert "Hot Spots neutralised — still open" in lines
    assert "5 Hot Spots still to neutralise: +1 each" in lines
    assert "bomb" not in lines.lower() and "ied" not in lines.lower()  # nothing hidden is told
    into_square(g)
    panel.show_state(g, g.pending())
    assert plain(panel.score.summary.text()) == "Score: ● Rangers 0 · ◆ Gunmen 5"
    assert "Market square: held by nobody: both sides stand in it" in plain(panel.score.html)


def test_ctrl_p_shows_the_award_lines_beside_the_turn_panel(qtbot: Any) -> None:
    g = systems.new_game(systems.load_scenario(systems.resolve("the-orchard-battery")), 0)
    win = MainWindow(GameController(g, HOTSEAT, delay_ms=0))
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.start()
    box = win.turn_panel.score
    qtbot.waitUntil(lambda: box.isVisible())
    # one line: the four modules' lines keep their room in the Turn panel
    assert box.summary.heightForWidth(box.summary.width()) <= box.summary.fontMetrics().lineSpacing() + 4
    assert win.score_action.shortcut().toString() == "Ctrl+P"
    win.score_action.trigger()
    qtbot.waitUntil(lambda: box.popup.isVisible())
    assert "Mortar pit not yet cleared (held by the Militia)" in plain(box.popup.text.text())
    box.popup.close()


def test_the_victory_screen_says_why_an_award_gave_nothing(qtbot: Any) -> None:
    """Both sides stood in the market square at the end: the gunmen's zone award gave
    nothing, and the screen says so, and why; so do the other awards that gave nothing."""
    g = market_day()
    into_square(g)
    victory.finish(g)
    dlg = VictoryDialog.for_game(g)
    qtbot.addWidget(dlg)
    grid = dlg.columns["insurgent"]
    texts = [grid.itemAt(k).widget().text() for k in range(grid.count())]
    k = texts.index("Zone held at the end: +0 VP")
    assert texts[k + 1] == "Market square: held by nobody at the end — both sides had figures in it"
    assert "Civilian casualties caused by the enemy: +0 VP" in texts
    assert "the Rangers caused no civilian casualty" in texts
    regular = dlg.columns["regular"]
    texts = [regular.itemAt(k).widget().text() for k in range(regular.count())]
    assert "no escort brought off the table by the south edge" in texts
    assert "Hot Spots neutralised: +0 VP" in texts and "no Hot Spot neutralised" in texts


def test_the_turn_panel_tells_the_start_of_a_turn_from_its_end(qtbot: Any) -> None:
    """A play-tester read "Turn 2 of 3 · End of turn" over a mine test at the start of
    turn 2: the engine's phase stays the last turn's "end" while the new turn's opening
    steps run. The panel says "Start of turn" once "Turn N begins" is in the log."""
    from ambush_gui.gui.shared.dialog_base import phase_now

    g = systems.new_game(systems.load_scenario(systems.resolve("the-signal-box")), 7)
    d = g.pending()  # the game started: the phase is set by hand from here
    panel = TurnPanel()
    qtbot.addWidget(panel)
    g.state.phase = "end"
    g.log.emit("turn_end", "Turn 1 ends", turn=1)
    panel.show_state(g, d)
    assert panel.phase.text() == "End of turn"
    g.state.turn = 2
    g.log.emit("turn", "Turn 2 begins", turn=2)
    g.log.emit("roll", "Mine test: Alpha team starts the turn in Old minefield")
    panel.show_state(g, d)
    assert phase_now(g) == "start"
    assert panel.phase.text() == "Start of turn"
    g.state.phase = "regular"
    assert phase_now(g) == "regular"


def test_a_side_too_long_for_the_line_breaks_in_its_name_never_before_its_points(
        qtbot: Any) -> None:
    """Each side's words are held whole on the score's line; one too wide for the Turn panel
    (a long name at the largest text) would run out of sight, so it may break inside its
    name, its last word still with its points."""
    g = market_day()
    panel = TurnPanel()
    qtbot.addWidget(panel)
    panel.resize(290, 400)
    panel.show()
    panel.show_state(g, g.pending())
    label = panel.score.summary
    assert "◆\u00a0Gunmen\u00a0<b>7</b>" in label.text()  # held whole
    s, names = panel.score._standing
    long = {**names, "insurgent": "Gunmen of the Old Bazaar Quarter"}
    html = score.summary_html(s, long, fits=lambda t: "Bazaar" not in t)
    assert "◆\u00a0Gunmen of the Old Bazaar Quarter\u00a0<b>7</b>" in html
    assert "●\u00a0Rangers\u00a0<b>0</b>" in html  # the other side still whole
    panel.score._standing = (s, long)
    panel.resize(150, 400)  # narrower than the long side's words: they may break
    qtbot.waitUntil(lambda: "Old Bazaar Quarter\u00a0<b>7</b>" in label.text())
    panel.resize(900, 400)  # room again: held whole
    qtbot.waitUntil(lambda: "Old\u00a0Bazaar\u00a0Quarter" in label.text())
