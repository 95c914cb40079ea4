"""Words a player understands (a new player's play-test of Contracting Trouble): no text on
the table is a rule ID or a shorthand alone, and a greyed choice says the reason that
holds now, the engine's."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget  # noqa: E402

from ambush_gui.core.decisions import DecisionKind as K  # noqa: E402
from ambush_gui.core.rule_ids import CITATION  # noqa: E402
from ambush_gui.gui.table.dialogs.situations import drive_to  # noqa: E402
from tests.gui.table.windows import table_window  # noqa: E402

SHORTHAND = re.compile(r"\b\d{1,2}-(?:x|\d{1,2})\b")
"""The dice matching's shorthand: "6-x, 5-5"."""


def bare(text: str) -> bool:
    """A text that cites a rule and says nothing else: "(AA-049)", "DC-014..018"."""
    if not CITATION.search(text):
        return False
    rest = CITATION.sub("", text)
    rest = re.sub(r"\b(house rule|rules?|see|and)\b", "", rest, flags=re.IGNORECASE)
    return not re.search(r"[A-Za-z]{2}", rest)


def test_bare_tells_an_id_alone_from_words() -> None:
    assert bare("(AA-049)") and bare("DC-014..018") and bare("AA-049/050, house rule AA-051")
    assert not bare("Hot Spot 1 (AA-049)") and not bare("DC-014: as a last resort")
    assert not bare("no rule at all")


def texts_on_the_table(win: Any) -> list[tuple[str, str]]:
    """Every tooltip and every label's and button's words in the window, and every tooltip
    on the table, each with where it was found."""
    out: list[tuple[str, str]] = []
    for w in win.findChildren(QWidget):
        where = f"{type(w).__name__} {w.objectName()}"
        if w.toolTip():
            out.append((f"{where} tooltip", w.toolTip()))
        if isinstance(w, QLabel | QAbstractButton) and w.text():
            out.append((where, w.text()))
    for item in win.table.table.items():
        if item.toolTip():
            out.append((f"{type(item).__name__} tooltip", item.toolTip()))
    return out


KINDS = [K.ACTIVATE, K.PLAN, K.INTERRUPT, K.MATCH, K.CASUALTIES, K.HOT_SPOT, K.REACT]


@pytest.mark.parametrize("kind", KINDS, ids=[k.value for k in KINDS])
def test_no_text_on_the_table_is_a_rule_id_alone(qtbot: Any, kind: K) -> None:
    """The Hot Spot's tooltip said only "(AA-049)", the matching "6-x, 5-5": a player needs
    the rule in words (an ID may follow, for F1). Every text of the window at each kind of
    question: the Decision dock, the Turn panel, the Unit card, the tray, the log, the
    table's tooltips."""
    game, d = drive_to(kind, seeds=range(40))
    win = table_window(qtbot, game)
    if kind is K.ACTIVATE:
        win.table.select(next(u.id for u in game.state.units.values() if u.alive))
    found = texts_on_the_table(win)
    assert found
    bad = [(where, text) for where, text in found if bare(text)]
    assert not bad, bad
    short = [(where, text) for where, text in found if SHORTHAND.search(text)
             and "Dice matched" in text]
    assert not short, short
    assert not any(SHORTHAND.search(line) for line in win.log.text().splitlines()
                   if "Dice matched" in line)


def test_the_wording_examples_hold() -> None:
    import doctest

    from ambush_gui.gui.table import wording

    assert doctest.testmod(wording).failed == 0


def test_a_hot_spot_says_what_it_is(qtbot: Any) -> None:
    game, _ = drive_to(K.ACTIVATE, seeds=range(1))
    win = table_window(qtbot, game)
    tip = win.table.table.hot_spots[1].toolTip()
    assert tip.startswith("Hot Spot 1: where new Insurgent units may arrive")
    assert "neutralises" in tip and "AA-049" in tip


def test_the_dice_matching_is_told_in_words_in_the_log_and_the_tray(qtbot: Any) -> None:
    """ "Dice matched: 7-x, 4-4 → 1 casualty" said as which die cancelled which; the
    engine's record (which replays pin word for word) is unchanged."""
    game, _ = drive_to(K.ACTIVATE, lambda d, g: any(e.kind == "match" and e.data["pairs"]
                                                     for e in g.log.events), seeds=range(40))
    match = next(e for e in game.log.events if e.kind == "match" and e.data["pairs"])
    assert SHORTHAND.search(match.text)  # the record keeps its words
    win = table_window(qtbot, game)
    lines = [line for line in win.log.text().splitlines() if "Dice matched" in line]
    assert lines and not any(SHORTHAND.search(line) for line in lines)
    assert any("cancels Firepower" in line or "not cancelled" in line for line in lines)
    told = [e.text for t in win.tray.throws for e in t.outcomes if e.kind == "match"]
    assert told and not any(SHORTHAND.search(t) for t in told)


def test_a_greyed_fire_says_why_it_is_greyed_now(qtbot: Any) -> None:
    """A greyed Fire listed every reason it might be greyed (no sight, a crowd, a No Fire
    Zone); a lone Insurgent leader is greyed for one reason, and the tooltip says it."""
    def lone_leader(d: Any, g: Any) -> bool:
        return bool(d.facts.get("no_fire"))

    game, d = drive_to(K.INTERRUPT, lone_leader, seeds=range(20))
    win = table_window(qtbot, game)
    dlg = win.decision_panel.current
    uid, why = next(iter(d.facts["no_fire"].items()))
    dlg.select(uid)
    fire = dlg.kind_buttons["fire"]
    assert not fire.isEnabled()
    assert fire.toolTip().replace("\n", " ") == why
    assert "leader on his own" in why
    assert "FF-135" not in fire.toolTip() and "No Fire Zone" not in fire.toolTip()


def test_the_last_hundredths_of_a_move_are_not_told_as_nothing(qtbot: Any) -> None:
    """A play-test: the log read 'Fireteam Bravo moves 0.0"' for the last 0.03" of a move
    interrupted 8.0" along its 8.03" path. The log says the hundredths; the engine's record,
    which replays pin word for word, still reads as it did, and the save still verifies."""
    from pathlib import Path

    from ambush_gui import systems
    from ambush_gui.core import saves

    game = saves.verify(Path(__file__).parent / "data" / "tiny-last-leg.json", systems.factory)
    tiny = [e for e in game.log.events if e.kind == "move" and e.data["distance"] < 0.05]
    assert [e.text for e in tiny] == ['Fireteam Bravo moves 0.0"']  # the record
    win = table_window(qtbot, game)
    lines = win.log.text().splitlines()
    assert any(line.strip() == '● Fireteam Bravo moves 0.03"' for line in lines)  # a Regular
    assert not any('moves 0.0"' in line for line in lines)


def _tested(g: Any, side: str, passed: bool) -> bool:
    return any(e.kind == "quality" and e.data["passed"] is passed
               and g.unit(e.data["unit"]).side.value == side for e in g.log.events[-40:])


@pytest.mark.parametrize("safe", [False, True], ids=["normal", "colour-blind-safe"])
def test_a_quality_check_passed_is_coloured_as_passed_not_as_the_insurgents(qtbot: Any,
                                                                            safe: bool) -> None:
    """A play-test: "RPG team (5) passes its Quality Check" was printed in the Insurgents'
    red, which reads as a failure. A test's outcome in the tray takes the colour of what it
    means, passed or failed, in either palette; the card still shows whose test it was."""
    from ambush_gui.gui.shared import theme
    from ambush_gui.gui.shared.dice_tray import side_colour

    game, _ = drive_to(K.ACTIVATE, lambda d, g: _tested(g, "insurgent", True), seeds=range(40))
    win = table_window(qtbot, game)
    if safe:
        theme.set_colour_blind_safe(True)
    try:
        cards = [(c, e) for c in win.tray.cards for e in c.throw.outcomes
                 if e.kind == "quality" and e.data["passed"]
                 and game.unit(e.data["unit"]).side.value == "insurgent"]
        assert cards
        card, event = cards[-1]
        colour = card.outcome.palette().windowText().color()
        assert colour == theme.PASSED
        assert colour != side_colour("insurgent")
        assert card.throw.side == "insurgent"  # whose test it was: the card's edge says it
        if safe:
            assert colour == theme.SAFE_GOOD
    finally:
        theme.set_colour_blind_safe(False)


def test_a_morale_check_is_coloured_by_its_verdict() -> None:
    from ambush_gui.core.events import Event
    from ambush_gui.gui.table.wording import passed

    assert passed(Event("morale", "Alpha Stands (3 successes, 1 failure)", {"result": "stand"}))
    for result in ("pinned", "pull back", "shaken", "broken"):
        assert passed(Event("morale", "…", {"result": result})) is False
    assert passed(Event("reaction", "Reaction Test: … acts first", {})) is None


def _failed_leaderless(g: Any) -> bool:
    ev = g.log.events
    return any(e.kind == "quality" and e.data["passed"] is False and i > 0
               and str(ev[i - 1].data.get("purpose", "")).endswith("(no leader)")
               for i, e in enumerate(ev))


@pytest.mark.rule("AA-022")
def test_a_failed_quality_check_says_what_it_costs(qtbot: Any) -> None:
    """A new player read "Coal stack pair fails its Quality Check (3)" and not that the
    unit sat the turn out: the log and the tray say the cost; the engine's record, which
    replays pin word for word, is unchanged."""
    game, _ = drive_to(K.ACTIVATE, lambda d, g: _failed_leaderless(g), seeds=range(40))
    failed = [e for e in game.log.events if e.kind == "quality" and e.data["passed"] is False]
    assert failed and all(e.text.endswith(")") for e in failed)  # the record
    win = table_window(qtbot, game)
    lines = win.log.text().splitlines()
    assert any("fails its Quality Check" in line
               and line.endswith(": it does nothing this turn (AA-022)") for line in lines)
    told = [e.text for t in win.tray.throws for e in t.outcomes if e.kind == "quality"
            and e.data["passed"] is False]
    assert any(t.endswith("it does nothing this turn (AA-022)") for t in told)
