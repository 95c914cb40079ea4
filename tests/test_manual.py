"""The manual (docs/manual, package data ambush_gui/manual): reachable from every window
(Help ▸ Manual, Shift+F1), the launcher and F1, and whole: every link and picture resolves."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from ambush_gui.gui.shared.manual import ManualWindow, manual_dir, resolve  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("index.md", "playing-ambush-alley.md", "force-on-force.md", "playing-ambush.md",
         "two-machines.md", "designing.md", "rules-options.md", "reference.md", "command-line.md")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")  # [text](target) and ![alt](image)


@pytest.fixture(autouse=True)
def private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AMBUSH_GUI_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.fixture
def closes(qtbot: Any) -> Iterator[None]:
    """The manual is one window owned by none: close it after the test."""
    yield
    from PySide6.QtWidgets import QApplication

    for w in QApplication.topLevelWidgets():
        w.close()
        w.deleteLater()
    QApplication.processEvents()


def manual_windows() -> list[ManualWindow]:
    from PySide6.QtWidgets import QApplication

    return [w for w in QApplication.topLevelWidgets() if isinstance(w, ManualWindow) and w.isVisible()]


def shows_index(win: ManualWindow) -> bool:
    return win.page.name == "index.md" and "Playing Ambush Alley" in win.browser.toPlainText()


def test_the_manual_is_package_data_and_docs_manual_is_the_same_folder() -> None:
    assert manual_dir().is_dir() and manual_dir() == ROOT / "ambush_gui" / "manual"
    assert (ROOT / "docs" / "manual").resolve() == manual_dir().resolve()
    for page in PAGES:
        assert (manual_dir() / page).is_file(), page


@pytest.mark.parametrize("page", PAGES)
def test_every_link_and_picture_resolves(page: str) -> None:
    """Read from the clone's docs/manual, as a reader of the docs folder does (the links to
    ../../docs/ resolve from the package folder too: both are two levels down)."""
    for where in (ROOT / "docs" / "manual", manual_dir()):
        text = (where / page).read_text(encoding="utf-8")
        for target in LINK.findall(text):
            if target.startswith(("http://", "https://", "#")):
                continue
            path = resolve(where / page, target.split("#")[0])
            assert path is not None and path.exists(), f"{page}: {target} does not resolve from {where}"


def test_every_picture_in_the_folder_is_used() -> None:
    used = {Path(t).name for p in PAGES for t in LINK.findall((manual_dir() / p).read_text())}
    unused = [p.name for p in (manual_dir() / "img").glob("*.png") if p.name not in used]
    assert not unused, f"pictures no page shows: {unused}"


def test_help_manual_in_a_game_window_opens_the_index(qtbot: Any, closes: None) -> None:
    from tests.gui.table.test_playthrough import HOTSEAT, open_window

    win = open_window(qtbot, HOTSEAT)
    action = next(a for a in win.findChildren(type(win.undo_action)) if a.text() == "&Manual")
    assert action.shortcut().toString() == "Shift+F1"
    action.trigger()
    action.trigger()
    [manual] = manual_windows()  # the second time raises the same window
    assert shows_index(manual) and manual.isWindow()
    assert manual.parentWidget() is None  # outlives the game window


def test_the_manual_follows_its_links_and_shows_its_pictures(qtbot: Any, closes: None) -> None:
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QTextDocument

    manual = ManualWindow()
    qtbot.addWidget(manual)
    manual.follow(QUrl("playing-ambush-alley.md"))
    assert manual.page.name == "playing-ambush-alley.md"
    doc = manual.browser.document()
    image = re.search(r"\]\((img/[^)]+)\)", (manual_dir() / "playing-ambush-alley.md").read_text())
    assert image is not None
    picture = doc.resource(QTextDocument.ResourceType.ImageResource,
                           QUrl.fromLocalFile(str(manual_dir() / image[1])))
    assert picture is not None and not picture.isNull()
    manual.show()
    qtbot.waitExposed(manual)
    manual.fit_pictures()
    assert manual.browser.horizontalScrollBar().maximum() == 0  # the 1280-pixel shots fit the page
    manual.browser.backward()
    assert shows_index(manual)


@pytest.mark.parametrize("page", ["playing-ambush.md", "playing-ambush-alley.md", "designing.md"])
def test_every_line_after_a_picture_can_be_read(qtbot: Any, closes: None, page: str) -> None:
    """A picture made to fit the page must not leave what follows it laid out for no
    height (a play-tester could not scroll to the end of the Ambush! page)."""
    manual = ManualWindow()
    qtbot.addWidget(manual)
    manual.show()
    qtbot.waitExposed(manual)
    manual.show_page(page)
    qtbot.wait(200)
    doc = manual.browser.document()
    layout = doc.documentLayout()
    block, flat = doc.begin(), []
    while block.isValid():
        if block.text().strip() and layout.blockBoundingRect(block).height() < 1:
            flat.append(block.text()[:40])
        block = block.next()
    assert flat == []
    bar = manual.browser.verticalScrollBar()
    last = layout.blockBoundingRect(doc.lastBlock())
    assert bar.maximum() + manual.browser.viewport().height() >= last.bottom()


def test_the_launcher_the_editor_and_f1_reach_the_manual(qtbot: Any, closes: None) -> None:
    from PySide6.QtCore import QUrl

    from ambush_gui.gui.editor.window import EditorWindow
    from ambush_gui.gui.launcher import Launcher
    from ambush_gui.gui.shared.rules_help import RulesHelp

    launcher = Launcher()
    qtbot.addWidget(launcher)
    launcher.manual.click()
    [manual] = manual_windows()
    assert shows_index(manual)
    manual.close()

    editor = EditorWindow()
    qtbot.addWidget(editor)
    assert any(a.text() == "&Manual" and a.shortcut().toString() == "Shift+F1"
               for a in editor.findChildren(type(editor.fit_action)))

    ref = RulesHelp(None, system="alley")
    qtbot.addWidget(ref)
    assert "The manual: Help ▸ Manual (Shift+F1)" in ref.text.toPlainText()
    ref._on_link(ref.text, QUrl("manual:"))
    assert [shows_index(m) for m in manual_windows()] == [True]


def test_every_document_the_program_names_exists() -> None:
    """A help text or comment that sends the reader to docs/... names a file that is there
    (``host --help`` sent players to docs/manual/network.md, which never existed)."""
    named = {m for path in (ROOT / "ambush_gui").rglob("*.py")
             for m in re.findall(r"docs/[\w./-]+\.(?:md|json)", path.read_text(encoding="utf-8"))}
    assert named, "no document named: the pattern is wrong"
    missing = sorted(p for p in named if not (ROOT / p).exists())
    assert not missing, f"documents named but missing: {missing}"


def test_the_worked_first_turn_plays_as_the_manual_tells_it() -> None:
    """playing-ambush-alley.md tells turn 1 of Contracting Trouble! on seed 7, the Regulars
    answered as the computer's Normal player would: if the engine or the computer player
    changes that turn, the manual (and tools/shot_manual.py's pictures) must be redone."""
    from ambush_gui import systems
    from ambush_gui.ai.alley_ai import AlleyAI

    game = systems.new_game(systems.load_scenario(systems.resolve("contracting-trouble")), 7)
    game.start()
    ai = AlleyAI()
    while not any(e.kind == "arrive" for e in game.log.events):  # turn 2's first reinforcements
        d = game.pending()
        assert d is not None
        game.answer(ai.choose(game, d))
    told = [
        "RPG team (4) interrupts Fireteam Bravo by fire",
        "Reaction Test: RPG team (4) 1 against Fireteam Bravo 2 — Fireteam Bravo acts first",
        "Firepower: Fireteam Bravo at RPG team (4): 5d8 → 6, 1, 5, 3, 1",
        "Defense: RPG team (4): 3d6 → 4, 1, 3",
        "Dice matched: 6-x, 5-x → 2 casualties",
        "Fireteam Bravo moves 5.0\"",
        "Firepower: Fireteam Alpha at Gunmen (1): 6d8 → 1, 1, 4, 7, 1, 2",
        "Defense: Gunmen (1): 7d6 → 4, 6, 4, 3, 6, 1, 6",
        "Dice matched: 7-x, 4-4 → 1 casualty",
        "Morale Check: Gunmen (1) (took casualties): 5d10 → 3, 2, 2, 4, 9",
        "Gunmen (1) is Shaken (2 successes, 3 failures): Morale falls to d8",
        "Corporal (squad leader) joins Fireteam Alpha",
        "Gunmen (1) fails its Quality Check (2)",
        "RPG team (5) passes its Quality Check (4)",
        "Reaction Test: RPG team (5) 3 against Fireteam Bravo 5 — Fireteam Bravo acts first",
        "RPG team (5) is a casualty",
        "RPG team (3) moves 12.0\"",
        "Reaction to movement: Fireteam Alpha fires at RPG team (3) — Firepower 8D8",
        "RPG team (3) is a casualty",
        "Insurgent reinforcements: 2d6 → 2, 6",
        "Reinforcement roll 8: 1d6+2 fighters with small arms arrive",
        "Hot Spot the new unit arrives at (6: the Insurgent chooses): 1d6 → 5",
        "Insurgents R1 (3 figures) arrives at Hot Spot 5",
    ]
    lines = iter(e.text for e in game.log.events)
    for line in told:  # in this order
        assert any(text.startswith(line) or line in text for text in lines), f"no longer told: {line}"
    hit = {e.data.get("unit") for e in game.log.events if e.kind == "casualty"}
    assert hit == {"i4", "i1", "i5", "i3"}  # the Insurgents the manual says were hit
    assert not any(e.kind == "first_aid" for e in game.log.events)  # "no Marine hurt"
