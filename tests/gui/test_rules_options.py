"""Rules options in the GUI: chosen in the launcher, kept by undo, named on the victory screen."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from ambush_gui import systems
from ambush_gui.alley import options as opt
from ambush_gui.alley.game import AlleyGame
from ambush_gui.gui.launcher import Launcher
from ambush_gui.gui.table.dialogs import VictoryDialog

CT = systems.resolve("contracting-trouble")


def _pick(dlg: Launcher, system: str) -> None:
    for i in range(dlg.scenario.count()):
        if dlg.scenario.itemData(i, Qt.ItemDataRole.UserRole + 1) == system:
            dlg.scenario.setCurrentIndex(i)
            return
    raise AssertionError(f"no {system} scenario shipped")


def test_the_launcher_offers_each_option_at_its_default_and_returns_the_choice(qtbot: Any) -> None:
    dlg = Launcher()
    qtbot.addWidget(dlg)
    _pick(dlg, "alley")
    assert dlg.options_box.isVisibleTo(dlg)
    assert list(dlg.option_boxes) == [o.name for o in opt.OPTIONS.offered]
    assert dlg.rules_options() == {o.name: o.default for o in opt.OPTIONS.offered}
    box = dlg.option_boxes[opt.REACTION_FIRE]
    box.setCurrentIndex(box.findData("extra"))
    assert dlg.rules_options()[opt.REACTION_FIRE] == "extra"
    assert "closest to the text" in dlg.option_boxes[opt.SERIOUS_CHECKS].currentText()
    _pick(dlg, "ambush")
    assert not dlg.options_box.isVisibleTo(dlg) and dlg.rules_options() == {}


def test_an_open_option_list_shows_every_reading_whole(qtbot: Any) -> None:
    """Beside the cards the closed drop-downs are narrow; their open lists are as wide as
    the longest reading, so none is cut off (the issue-17 launcher clipped them)."""
    dlg = Launcher()
    qtbot.addWidget(dlg)
    _pick(dlg, "alley")
    dlg.show()
    qtbot.waitExposed(dlg)
    for name, box in dlg.option_boxes.items():
        view = box.view()
        longest = max(view.fontMetrics().horizontalAdvance(box.itemText(i)) for i in range(box.count()))
        assert view.minimumWidth() >= longest, name
        assert view.minimumWidth() > box.width() or longest <= box.width(), name


def test_undo_rebuilds_the_game_with_its_own_options() -> None:
    g = systems.new_game(systems.load_scenario(CT), 3, {opt.REACTION_FIRE: "extra"})
    again = systems.fresh_copy(g)
    assert isinstance(again, AlleyGame) and again.recorded_options == g.recorded_options  # type: ignore[attr-defined]
    old = AlleyGame(systems.load_scenario(CT), 3)  # an old save's game records none
    assert systems.fresh_copy(old).recorded_options is None  # type: ignore[attr-defined]


def test_the_victory_screen_names_the_readings_played(qtbot: Any) -> None:
    from ambush_gui.ai.simulate import make_player, play_out

    g = systems.new_game(systems.load_scenario(CT), 5, {opt.REACTION_FIRE: "extra"})
    play_out(g, {s: make_player("random", "alley", 5) for s in ("regular", "insurgent")})
    dlg = VictoryDialog.for_game(g)
    qtbot.addWidget(dlg)
    text = dlg.options_line.text()
    assert "Fire in reaction to an interruption: comes on top of its planned fire" in text
    assert "every other reading closest to the text" in text
    assert "Speed modifiers on the Insurgent's Reaction roll: The Regular's roll only" in \
        dlg.options_line.toolTip()
    old = AlleyGame(systems.load_scenario(CT), 5)
    play_out(old, {s: make_player("random", "alley", 5) for s in ("regular", "insurgent")})
    dlg = VictoryDialog.for_game(old)
    qtbot.addWidget(dlg)
    assert "none recorded" in dlg.options_line.text()


def test_the_editor_sets_a_scenarios_default_readings(qtbot: Any) -> None:
    """The table editor's settings: one drop-down per option; a reading other than the one
    closest to the text is written to [options], and choosing that one again removes it."""
    from PySide6.QtWidgets import QComboBox, QGroupBox

    from ambush_gui.core.errors import ScenarioError
    from ambush_gui.core.files import read_data
    from ambush_gui.gui.editor.document import EditorDocument
    from ambush_gui.gui.editor.table.forms import SettingsForm

    doc = EditorDocument(read_data(CT, ScenarioError))
    form = SettingsForm(doc)
    qtbot.addWidget(form)
    form.refresh()
    box = next(b for b in form.findChildren(QGroupBox) if b.title().startswith("Rules options"))
    combos = box.findChildren(QComboBox)
    assert len(combos) == len(opt.OPTIONS.offered)
    combos[0].activated.emit(1)
    assert doc.data["options"] == {opt.REACTION_FIRE: "extra"}
    combos[0].activated.emit(0)
    assert not doc.data.get("options")


def test_a_module_option_is_offered_only_with_its_module(qtbot: Any, tmp_path: Any) -> None:
    """stress_leader_radius reads a combat_stress rule: a scenario without the module is not
    asked about it (the game still records its default, so saves stay complete)."""
    dlg = Launcher()
    qtbot.addWidget(dlg)
    for i in range(dlg.scenario.count()):
        if "contracting-trouble" in str(dlg.scenario.itemData(i)):
            dlg.scenario.setCurrentIndex(i)
    assert not dlg.option_boxes[opt.STRESS_LEADER_RADIUS].isVisibleTo(dlg)
    assert not dlg.option_labels[opt.STRESS_LEADER_RADIUS].isVisibleTo(dlg)
    assert dlg.option_boxes[opt.REACTION_FIRE].isVisibleTo(dlg)
    assert dlg.rules_options()[opt.STRESS_LEADER_RADIUS] == "as_written"
    stress = next((i for i in range(dlg.scenario.count())
                   if "combat_stress" in systems.scenario_modules(str(dlg.scenario.itemData(i)))), None)
    if stress is not None:  # a shipped scenario with combat stress (issue 14 ships one)
        dlg.scenario.setCurrentIndex(stress)
        assert dlg.option_boxes[opt.STRESS_LEADER_RADIUS].isVisibleTo(dlg)


def test_the_blast_defence_is_offered_for_a_scenario_with_ieds_only(qtbot: Any) -> None:
    """Market Day has IEDs and no minefield: the Armor-dice defence still applies to its bomb."""
    dlg = Launcher()
    qtbot.addWidget(dlg)
    for i in range(dlg.scenario.count()):
        if "market-day" in str(dlg.scenario.itemData(i)):
            dlg.scenario.setCurrentIndex(i)
    assert "ieds" in systems.scenario_modules(str(dlg.scenario.currentData()))
    assert dlg.option_boxes[opt.BLAST_DEFENSE].isVisibleTo(dlg)
    assert dlg.option_boxes[opt.STRESS_LEADER_RADIUS].isVisibleTo(dlg)
