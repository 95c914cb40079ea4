"""Screenshots of the scenario editor's mission page, for the docs and for checking the look by eye.

    xvfb-run -a -s "-screen 0 1920x1080x24" python tools/shot_editor.py [--out /tmp] [--docs]
    xvfb-run -a -s "-screen 0 1280x800x24" python tools/shot_editor.py [--out /tmp]

With the hedgerow mission open in the editor window, sized to the screen, writes one shot
per tab of the mission page (``editor-mission-<width>x<height>-<tab>.png``): the Map tab, the
Mission Card (a red reference selected, the map showing Condition C's references), the
Paragraphs (paragraph 7 selected: its activation, with the Round 1 and weapon fields), the
Germans, the US squad, Victory & end.

With a campaign of the two oldest missions open (a roster of three, one branch, one step
with its own allotment), one shot per tab of the campaign page
(``editor-campaign-<width>x<height>-<tab>.png``: missions, roster, campaign) and the
Simulate dialog after three campaigns (``...-simulate.png``).

``--docs`` also writes ``docs/screenshots/editor-mission-1920x1080.png`` (the README's
picture): the page alone at 1920x1080, paragraph 7 selected, the red references shown.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

import ambush_gui.gui  # noqa: F401 - pydantic before PySide6, the package's order
from ambush_gui import systems
from ambush_gui.gui.editor.document import EditorDocument
from ambush_gui.gui.editor.hexmap.page import MissionPage
from ambush_gui.gui.editor.window import EditorWindow

DOCS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
PARAGRAPH_7 = 6  # its index in the hedgerow booklet: German 3 activated in 0803


def settle(app: QApplication, rounds: int = 5) -> None:
    for _ in range(rounds):
        app.processEvents()


def save(app: QApplication, widget: QWidget, path: Path) -> None:
    settle(app)
    widget.grab().save(str(path))
    print(path)


def window_shots(app: QApplication, out: Path) -> None:
    """Every tab of the mission page inside the editor window, at the screen's size."""
    screen = app.primaryScreen().availableGeometry()
    size = f"{screen.width()}x{screen.height()}"
    win = EditorWindow(EditorDocument.open(systems.resolve("ambush-hedgerow")))
    win.resize(screen.size())
    win.show()
    settle(app)
    page = win.page
    assert isinstance(page, MissionPage)
    page.focus_path(("paragraphs", PARAGRAPH_7, "options", 0))
    settle(app)
    page.fit()
    shots = [("map", page.map_tab), ("card", page.card), ("paragraphs", page.paragraphs),
             ("germans", page.germans), ("squad", page.squad), ("settings", page.settings)]
    for name, tab in shots:
        page.show_tab(tab)
        if name == "card":  # selecting a reference brings its hexes into view
            page.card.references.setCurrentRow(1)
            page.card.set_reference_view("C")
        settle(app)
        page.fit()  # the room a tab needs may have moved the splitter
        if name == "paragraphs":  # the activation row, scrolled to where a short pane has it
            page._scrolls[tab].ensureWidgetVisible(page.paragraphs.act_rows[0].extra, 0, 60)
        save(app, win, out / f"editor-mission-{size}-{name}.png")
        if name == "card":
            page.card.set_reference_view(None)
    win.doc.undo_stack.setClean()  # looked at, not edited: close without asking
    win.close()


CAMPAIGN = {
    "format": 1, "system": "ambush", "kind": "campaign", "name": "two-fields", "title": "Two Fields",
    "brief": "A sergeant and his men: the quiet farm first, then the hedgerows beyond it.",
    "roster": [{"id": "sgt-hale", "name": "Sgt Hale", "ar": 4, "mpa": 6, "ws": 2, "per": 5, "ldr": 3},
               {"id": "pfc-moreno", "name": "Pfc Moreno", "ar": 3, "mpa": 6, "ws": 1, "per": 4, "ldr": 1},
               {"id": "pvt-birch", "name": "Pvt Birch", "ar": 3, "mpa": 6, "ws": 1, "per": 3, "ldr": 1}],
    "missions": [{"id": "farm", "mission": "ambush-tutorial", "next": {"german": "end"},
                  "allotment": {"weapons": {"m1-garand": 2, "thompson": 1},
                                "ammo": {"m1-garand": 6, "thompson": 3, "mk2-grenade": 3}}},
                 {"id": "hedge", "mission": "ambush-hedgerow", "takes": 4}],
}


def campaign_shots(app: QApplication, out: Path) -> None:
    """Every tab of the campaign page in the editor window, then Simulate after three campaigns."""
    from ambush_gui.gui.editor.campaign.page import CampaignPage
    from ambush_gui.gui.editor.document import dump

    screen = app.primaryScreen().availableGeometry()
    size = f"{screen.width()}x{screen.height()}"
    path = out / "two-fields.toml"
    path.write_text(dump(CAMPAIGN), encoding="utf-8")
    win = EditorWindow(EditorDocument.open(path))
    win.resize(screen.size())
    win.show()
    settle(app)
    page = win.page
    assert isinstance(page, CampaignPage)
    for name, index in (("missions", 0), ("roster", 1), ("campaign", 2)):
        page.tabs.setCurrentIndex(index)
        save(app, win, out / f"editor-campaign-{size}-{name}.png")
    dialog = win.simulate()
    assert dialog is not None
    done: list[object] = []
    dialog.simulated.connect(done.append)
    dialog.run(runs=3, seed=1)
    while not done:
        app.processEvents()
    save(app, dialog, out / f"editor-campaign-{size}-simulate.png")
    dialog.close()
    win.doc.undo_stack.setClean()
    win.close()


def docs_shot(app: QApplication) -> None:
    """The README's picture: the page alone, 1920x1080, paragraph 7 and the red references."""
    page = MissionPage(EditorDocument.open(systems.resolve("ambush-hedgerow")))
    page.resize(1920, 1080)
    page.show()
    settle(app)
    page.focus_path(("paragraphs", PARAGRAPH_7, "options", 0))
    settle(app)
    page.fit()
    save(app, page, DOCS / "editor-mission-1920x1080.png")
    page.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="/tmp", type=Path)
    parser.add_argument("--docs", action="store_true", help="also refresh the README's screenshot")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    window_shots(app, args.out)
    campaign_shots(app, args.out)
    if args.docs:
        docs_shot(app)
    return 0


if __name__ == "__main__":
    sys.exit(main())
