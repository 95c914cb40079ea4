"""Issue 28, item 10: the table editor's rough edges a designer hit building a scenario
from scratch (messages in the file's markup, an award that brought Contracting Trouble's
with it, a renamed IED, the new-unit form, the save folder, Play from here, Hot Spot
reinforcements with no Hot Spot)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from ambush_gui.alley.places import FILE_MARKUP
from ambush_gui.alley.scenario import Scenario
from ambush_gui.core.errors import ScenarioError
from ambush_gui.gui.editor.document import EditorDocument
from ambush_gui.gui.editor.table.page import TablePage, new_table_data


def make_page(qtbot: Any, doc: EditorDocument) -> TablePage:
    page = TablePage(doc)
    qtbot.addWidget(page)
    page.resize(1500, 950)
    page.show()
    qtbot.waitExposed(page)
    page.fit()
    return page


def broken() -> dict[str, Any]:
    """A draft with every problem whose message names a place the way the file writes it."""
    d = new_table_data(24, 24, "Markup")
    d["format"] = 2
    d["victory"] = {"awards": [{"side": "regular", "event": "escort_exited", "points": 1},
                               {"side": "regular", "event": "civilian_casualty", "points": 1},
                               {"side": "insurgent", "event": "figure_exited", "points": 1}]}
    d["ieds"] = {"devices": []}
    d["table"]["pieces"] = [{"id": "mf", "kind": "minefield", "rect": [1, 1, 3, 3]}]
    d["mines"] = {"fields": {}}
    return d


# -- 1: the editor's words, the file's for the command line ---------------------------------------

def test_problems_in_the_editor_name_tabs_and_tools_not_the_file_s_markup(qtbot: Any) -> None:
    doc = EditorDocument(broken())
    found = doc.findings()
    whats = [f.what for f in found]
    assert len(found) == 8, whats
    assert [w for w in whats if FILE_MARKUP.search(w)] == []
    assert "no units: each side needs at least one unit: add one on the Units tab and place it on " \
           "the table" in whats
    assert any("switch the Mines module on in the Modules tab" in w for w in whats)
    assert any(w.startswith('"Escorts brought off" scores escorts') and "Escort tool" in w for w in whats)
    with pytest.raises(ScenarioError) as exc:  # the command line keeps the file's own places
        Scenario.from_data(copy.deepcopy(doc.data), "markup.toml")
    assert "[[units]]" in str(exc.value) and 'add "mines" to modules' in str(exc.value)


# -- 2: adding an award adds that award ------------------------------------------------------------

def test_adding_an_award_to_a_new_scenario_adds_only_that_award_and_no_problem(qtbot: Any) -> None:
    doc = EditorDocument(new_table_data(24, 24, "Fresh"))
    page = make_page(qtbot, doc)
    box = page.settings.awards
    assert box.list.count() == 1 and not box.list.item(0).flags()  # "Nothing scores: add an award"
    assert box.side.currentIndex() == box.scores_for.currentIndex() == -1  # greyed, naming no award
    box.add.click()
    assert doc.get(("victory", "awards")) == [{"side": "regular", "event": "hot_spot_neutralised",
                                               "points": 1}]
    assert not [f for f in doc.findings() if f.path.startswith("victory")]


def test_an_old_file_s_escort_default_is_not_written_when_no_escort_is_placed(qtbot: Any) -> None:
    data = new_table_data(24, 24, "Old")
    data["format"] = 1
    data.pop("victory", None)  # a format-1 file: Contracting Trouble's five score, escorts scoring none
    doc = EditorDocument(data)
    page = make_page(qtbot, doc)
    page.settings.awards.add.click()
    events = [a["event"] for a in doc.get(("victory", "awards"))]
    assert events == ["none_left_behind", "enemy_wounded", "enemy_killed", "captive_held",
                      "hot_spot_neutralised"]
    assert not [f for f in doc.findings() if f.path.startswith("victory")]


# -- 3: a renamed IED is drawn under its new name --------------------------------------------------

def test_renaming_an_ied_redraws_its_label_on_the_table(qtbot: Any) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    doc = EditorDocument(new_table_data(24, 24, "Roadside"))
    page = make_page(qtbot, doc)
    page.canvas.add_ied((6.0, 6.0))
    path = ("ieds", "devices", 0)
    assert page.canvas.escort_labels[path].text == "IED ied-1"
    field = page.ied_form.rows["label"]
    field.setFocus()
    QTest.keyClicks(field, "Culvert bomb")
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert doc.get((*path, "label")) == "Culvert bomb"
    assert page.canvas.escort_labels[path].text == "Culvert bomb"
    doc.undo_stack.undo()
    assert page.canvas.escort_labels[path].text == "IED ied-1"


# -- 4: the new-unit form starts from the side's defaults -----------------------------------------

def test_switching_the_new_unit_s_side_starts_it_from_that_side_s_defaults(qtbot: Any) -> None:
    from PySide6.QtTest import QTest

    doc = EditorDocument(new_table_data(24, 24, "Roster"))
    page = make_page(qtbot, doc)
    roster = page.roster
    fresh = roster.make_unit((12.0, 12.0))
    QTest.keyClicks(roster.name, "Fireteam Alpha")
    roster.support.setCurrentIndex(roster.support.findData("saw"))
    roster.leader.setChecked(True)
    roster.count.setValue(6)
    roster.armor.setValue(2)
    assert roster.make_unit((12.0, 12.0))["name"] == "Fireteam Alpha"
    roster.side.setCurrentIndex(roster.side.findData("insurgent"))
    unit = roster.make_unit((12.0, 12.0))
    assert unit["name"] == "Insurgent unit" and unit["side"] == "insurgent"
    assert [f["weapon"] for f in unit["figures"]] == ["rifle"] * 4
    assert "kind" not in unit["figures"][0] and "armor" not in unit
    assert (unit["tq"], unit["morale"]) == ("d6", "d10")
    roster.side.setCurrentIndex(roster.side.findData("regular"))
    assert roster.make_unit((12.0, 12.0)) == fresh


# -- 5: one data folder, and what was saved in the doubled one found there -----------------------

def test_the_data_folder_is_not_doubled_and_older_files_are_moved_up(qapp: Any, tmp_path: Path,
                                                                      monkeypatch: Any) -> None:
    from ambush_gui.gui.shared import paths

    monkeypatch.delenv("AMBUSH_GUI_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(paths, "_settled", set(), raising=False)
    names = qapp.applicationName(), qapp.organizationName()
    qapp.setApplicationName("ambush-gui")  # as the program names itself (gui/app.py)
    qapp.setOrganizationName("ambush-gui")
    try:
        _older_files_are_moved_up(tmp_path)
    finally:
        qapp.setApplicationName(names[0])
        qapp.setOrganizationName(names[1])


def _older_files_are_moved_up(tmp_path: Path) -> None:
    from ambush_gui.gui.editor.window import user_scenarios_dir

    doubled = tmp_path / "ambush-gui" / "ambush-gui"
    (doubled / "scenarios").mkdir(parents=True)
    (doubled / "scenarios" / "my-raid.toml").write_text("title = 'Mine'\n")
    (doubled / "autosave.json").write_text("old")
    (tmp_path / "ambush-gui" / "autosave.json").write_text("new")
    assert user_scenarios_dir() == tmp_path / "ambush-gui" / "scenarios"
    assert (tmp_path / "ambush-gui" / "scenarios" / "my-raid.toml").read_text() == "title = 'Mine'\n"
    assert (tmp_path / "ambush-gui" / "autosave.json").read_text() == "new"  # nothing overwritten
    assert (tmp_path / "ambush-gui" / "autosave (older).json").read_text() == "old"
    assert not doubled.exists()


# -- 7: Hot Spot reinforcements with no Hot Spot ----------------------------------------------------

@pytest.mark.rule("AA-056")
def test_reinforcements_with_no_hot_spot_warn_in_the_problems_list_and_in_validate(
        qtbot: Any, tmp_path: Path, capsys: Any) -> None:
    from ambush_gui import cli
    from ambush_gui.gui.editor.window import EditorWindow

    doc = EditorDocument(new_table_data(24, 24, "No Spots"))
    page = make_page(qtbot, doc)
    page.roster.side.setCurrentIndex(0)
    doc.insert(("units",), None, page.roster.make_unit((4.0, 4.0)))
    page.roster.side.setCurrentIndex(1)
    doc.insert(("units",), None, page.roster.make_unit((20.0, 20.0)))
    # something scores (a scenario in which nothing does has a warning of its own)
    doc.insert(("victory", "awards"), None, {"side": "insurgent", "event": "enemy_killed", "points": 2})
    assert doc.problems() == []
    (found,) = doc.findings()
    assert found.severity == "warning" and found.path == "reinforcements"
    assert "no Hot Spot is placed, so every arrival is lost (AA-056)" in found.what
    assert "Hot Spot tool" in found.what and not FILE_MARKUP.search(found.what)
    win = EditorWindow(doc)
    qtbot.addWidget(win)
    win.show()
    win.check_now()
    texts = [win.problem_list.list.item(i).text() for i in range(win.problem_list.list.count())]
    assert any("every arrival is lost" in t for t in texts), texts
    path = doc.save(tmp_path / "no-spots.toml")
    assert cli.main(["validate", str(path)]) == 0
    err = capsys.readouterr().err
    assert "warning:" in err and "every arrival is lost" in err and "[[hot_spots]]" in err
    doc.insert(("hot_spots",), None, {"number": 1, "at": [12, 12]})
    assert doc.findings() == []
    doc.undo_stack.setClean()  # closing asks nothing


# -- 8: the forms import no circle -----------------------------------------------------------------

def test_the_table_editor_s_modules_import_one_another_in_no_circle() -> None:
    """Every import of the table editor's modules, the ones inside functions too: the
    graph has no cycle (forms, awards and modules shared bits through one another)."""
    import ast

    import ambush_gui.gui.editor.table as table

    folder = Path(table.__file__).parent
    prefix = "ambush_gui.gui.editor.table."
    graph: dict[str, set[str]] = {}
    for file in folder.glob("*.py"):
        tree = ast.parse(file.read_text())
        graph[file.stem] = {node.module[len(prefix):] for node in ast.walk(tree)
                            if isinstance(node, ast.ImportFrom) and node.module
                            and node.module.startswith(prefix)}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, ()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    assert [m for m in sorted(graph) if reaches(m, m, set())] == []


# -- 9: what the look at 1280x800 found ---------------------------------------------------------------

def test_the_new_unit_form_s_labels_are_not_cut_at_the_narrowest_tabs(qtbot: Any) -> None:
    from PySide6.QtWidgets import QFormLayout

    doc = EditorDocument(new_table_data(24, 24, "Narrow"))
    page = make_page(qtbot, doc)
    page.resize(1000, 760)  # the page of an editor window 1280 pixels wide
    page.split.setSizes([580, 420])
    page.tabs.setCurrentIndex(1)
    qtbot.waitUntil(lambda: page.roster.isVisible())
    roster = page.roster
    form = roster.support.parentWidget().layout()
    assert isinstance(form, QFormLayout)
    for field in (roster.side, roster.name, roster.weapon, roster.support, roster.armor):
        label = form.labelForField(field)
        assert label.width() >= label.sizeHint().width(), label.text()
