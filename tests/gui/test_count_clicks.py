"""tools/count_clicks.py: each click goes to the fire it was part of (docs/clicks.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from ambush_gui.core.decisions import DecisionKind as K

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import count_clicks  # noqa: E402


def test_clicks_are_attributed_to_the_fire_they_were_part_of() -> None:
    timeline: list[tuple[str, Any]] = [
        ("decision", (K.ACTIVATE, 2)),  # not part of a fire
        ("decision", (K.FIRE, 2)),  # the target, then "Fire"
        ("decision", (K.INTERRUPT, 1)),  # the other side declines to interrupt
        ("fire", (1, "Fire: Alpha fires at Gunmen")),
        ("decision", (K.MATCH, 1)),
        ("decision", (K.CASUALTIES, 2)),
        ("decision", (K.REACT, 1)),  # return fire: the next fire's declaration
        ("fire", (1, "Return fire: Gunmen fire at Alpha")),
        ("decision", (K.PLAN, 1)),  # a new activation: nothing pending carries over
        ("decision", (K.FIRE, 2)),
        ("decision", (K.MOVE, 0)),  # held fire, then moved: no fire, no count
        ("fire", (2, "Fire: Bravo fires at RPG team")),  # a fire declared by no click
    ]
    fires = count_clicks.attribute(7, timeline)
    assert [f.total for f in fires] == [6, 1, 0]
    assert dict(fires[0].clicks) == {"fire": 2, "interrupt": 1, "match": 1, "casualties": 2}
    assert fires[2].turn == 2 and fires[0].seed == 7


def test_a_selected_card_is_not_clicked_again_but_a_ticked_box_is(qtbot: Any) -> None:
    from PySide6.QtWidgets import QButtonGroup, QCheckBox, QPushButton, QWidget

    box = QWidget()
    qtbot.addWidget(box)
    group = QButtonGroup(box)
    card, other = QPushButton(box), QPushButton(box)
    for b in (card, other):
        b.setCheckable(True)
        group.addButton(b)
    card.setChecked(True)
    tick = QCheckBox(box)
    tick.setChecked(True)
    assert count_clicks.already_selected(card)
    assert not count_clicks.already_selected(other) and not count_clicks.already_selected(tick)


def test_hand_over_clicks_go_to_the_fire_they_served() -> None:
    timeline: list[tuple[str, Any]] = [
        ("hand-over", (K.FIRE, 0)),
        ("decision", (K.FIRE, 2)),
        ("hand-over", (K.INTERRUPT, 2)),  # the seat to the other player and his "I am" button
        ("decision", (K.INTERRUPT, 1)),
        ("fire", (1, "Fire: Alpha fires at Gunmen")),
        ("hand-over", (K.MATCH, 2)),  # and back for the dice the fire threw
        ("decision", (K.MATCH, 1)),
        ("hand-over", (K.ACTIVATE, 1)),  # a new action's hand-over is no fire's
        ("decision", (K.ACTIVATE, 2)),
    ]
    fires = count_clicks.attribute(3, timeline)
    assert [f.total for f in fires] == [8]
    assert dict(fires[0].clicks) == {"fire": 2, "hand-over": 4, "interrupt": 1, "match": 1}


@pytest.mark.hand_over
def test_a_hot_seat_turn_is_played_through_its_hand_overs(qtbot: Any) -> None:
    """The seat passes between the players (gui/shared/curtain.py): the script takes it as
    they do, and the fires count those clicks (the script stopped at the first curtain)."""
    from PySide6.QtWidgets import QApplication

    game = count_clicks.play(1, 1, QApplication.instance())
    assert game.fires and game.asked
    assert sum(f.clicks["hand-over"] for f in game.fires) > 0
