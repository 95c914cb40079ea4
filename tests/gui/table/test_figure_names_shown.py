"""The table names figures as players know them (ambush_gui/alley/names.py), never by id:
a figure's tooltip, the casualty dialog's boxes, the line-of-sight panel, the release
button and the victory screen's lines."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("PySide6")

from ambush_gui import systems  # noqa: E402
from ambush_gui.alley.model import Side  # noqa: E402
from ambush_gui.core.decisions import DecisionKind as K  # noqa: E402
from ambush_gui.gui.table.dialogs import dialog_for  # noqa: E402
from ambush_gui.gui.table.dialogs.situations import drive_to  # noqa: E402

ID = r"\b[a-z0-9]+-\d+\b"  # a figure id as the scenarios write them: alpha-3, i1-2, contractor-1


def contracting(seed: int = 1) -> Any:
    return systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), seed)


def test_a_figures_tooltip_names_him() -> None:
    from ambush_gui.gui.table.scene import figure_tip

    g = contracting()
    tip = figure_tip(g.unit("alpha").figures[2], g.unit("alpha"))
    assert tip.startswith("Fireteam Alpha, fighter 3 — soldier, M203")
    assert figure_tip(g.state.ground[0], None, g).startswith("Contractor 1 — contractor")


def test_a_units_card_names_its_own_figures_without_repeating_its_name(qtbot: Any) -> None:
    """The card's title names the unit: its figures are "Fighter 2", not "Fireteam Alpha,
    fighter 2" four times over."""
    from ambush_gui.gui.table.panels import UnitCard

    g = contracting()
    card = UnitCard()
    qtbot.addWidget(card)
    card.show_unit(g, "alpha")
    body = card.body.text()
    assert "Fighter 1: " in body and "Fighter 3: M203" in body, body
    assert "Fireteam Alpha, fighter" not in body


def test_the_line_of_sight_panel_names_the_figures_at_its_ends() -> None:
    import re

    from ambush_gui.gui.table.target_info import target_report

    g = contracting()
    report = target_report(g, g.unit("alpha"), g.unit("i1"))
    assert report.figures[0].startswith("Fireteam Alpha, fighter ")
    assert report.figures[1].startswith("Gunmen (1), fighter ")
    assert not re.search(ID, report.text())


def test_the_casualty_dialog_ticks_figures_by_name(qtbot: Any) -> None:
    import re

    game, d = drive_to(K.CASUALTIES, lambda d, g: d.side == "regular")
    dlg = dialog_for(d, game)
    qtbot.addWidget(dlg)
    boxes = [cb.text() for cb in dlg.boxes.values()]
    assert boxes and all(", fighter " in t or "leader" in t for t in boxes), boxes
    assert not any(re.search(ID, t + cb.toolTip()) for t, cb in zip(boxes, dlg.boxes.values(), strict=True))


def test_the_victory_screen_shows_the_lines_by_name() -> None:
    from ambush_gui.alley import victory
    from ambush_gui.alley.model import Injury
    from ambush_gui.gui.table.dialogs.victory import victory_facts

    g = contracting()
    g.unit("bravo").figures[0].injury = Injury.SLIGHT
    victory.finish(g)
    lines = [w for s, _, w in victory_facts(g)["lines"] if s is Side.INSURGENT]
    assert "Fireteam Bravo, fighter 1 wounded" in lines
    assert ("insurgent", 1, "Marine bravo-1 wounded") in [(s.value, p, w) for s, p, w in g.state.score.lines]
