"""The launcher's Campaign card: start a shipped campaign (with the roster it gives, or men
the player names), or continue one from its progress file, newest first.

A campaign's story is never cut mid-sentence: the card shows its opening sentences, and
"Read the story" opens all of it (a six-hundred-character story elided on the card left a
player with half a sentence).

A progress file is described from its JSON (the campaign, the mission it stands at, how
many men are living); one that will not read says so and still offers to open, which
then says what is wrong and offers its last good copy.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.core.errors import printable
from ambush_gui.gui.shared import paths, theme

OPENING_CHARS = 250  # the card shows the story to its last full sentence within this
STORY_CHARS = 6000


@dataclass
class Saved:
    """One progress file, as the card lists it: a short line for the list, the rest for
    the line under it."""

    path: Path
    short: str
    detail: str
    saved: float


def campaign_title(path: Path) -> tuple[str, list[str]]:
    """A campaign file's title and its story, a paragraph an item (raw TOML: the launcher
    does not load six missions before its first frame)."""
    from ambush_gui.core.errors import ScenarioError
    from ambush_gui.core.files import read_data

    try:
        data = read_data(path, ScenarioError)
    except ScenarioError:
        return path.stem, []
    story = str(data.get("brief", ""))[:STORY_CHARS].replace("\r", "").split("\n\n")
    paragraphs = [printable(" ".join(p.split()), STORY_CHARS) for p in story]
    return printable(str(data.get("title", path.stem)), 60), [p for p in paragraphs if p]


def opening(story: list[str]) -> str:
    """The story's first paragraph up to its last full sentence within OPENING_CHARS (about
    four lines of the card at 1280x800); "Read the story" shows the rest."""
    first = story[0] if story else ""
    if len(first) <= OPENING_CHARS:
        return first
    cut = first[:OPENING_CHARS]
    end = max(cut.rfind(". "), cut.rfind("! "), cut.rfind("? "))
    return cut[:end + 1] if end > 0 else cut.rsplit(" ", 1)[0] + "…"


def story_html(story: list[str]) -> str:
    import html

    return "".join(f"<p>{html.escape(p)}</p>" for p in story)


def after_tutorial(mission: str) -> str:
    """What a player who finished the tutorial ``mission`` (its file's stem) plays next, in
    words, from the shipped files: the mission the campaigns play after it, and the
    campaign that starts with it. "" when nothing follows it."""
    from ambush_gui import systems
    from ambush_gui.ambush.campaign import shipped
    from ambush_gui.ambush.campaign.campaign import play_order
    from ambush_gui.core.errors import ScenarioError
    from ambush_gui.core.files import read_data

    order = play_order()
    here = order.get(mission, len(order))
    after = sorted((place, stem) for stem, place in order.items() if place > here)
    titles = {s.path.stem: s.title for s in systems.shipped()}
    nxt = next((titles[stem] for _, stem in after if stem in titles), "")
    campaign = ""
    for path in shipped():
        try:
            refs = [Path(str(m["mission"])).stem for m in read_data(path, ScenarioError)["missions"]]
        except (ScenarioError, KeyError, TypeError):
            continue
        if refs and refs[0] == mission:
            campaign = campaign_title(path)[0]
            break
    if not nxt and not campaign:
        return ""
    words = "The tutorial is done. Next: "
    if nxt:
        words += f"{printable(nxt, 80)}, a mission of its own"
    if campaign:
        words += (", or " if nxt else "") + (
            f"the campaign {campaign}, which starts with this mission and keeps each man's "
            "record from one mission to the next (the launcher's Campaign card)")
    return words + ". New game opens the launcher."


def describe(path: Path) -> tuple[str, str]:
    """("The Long Lane — mission 2 of 6 · 7 men living", "The Mill: choosing the squad"),
    or that the file will not read.

    Read from the progress file's JSON as it lies, not loaded: loading embeds and checks
    every mission (about 0.05 s each), and the launcher's first frame would wait for all
    the campaigns under way. Opening one loads it, and says what is wrong with it."""
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        campaign = data["campaign"]
        steps = [str(m["id"]) for m in campaign["missions"]]
        title = printable(str(campaign["title"]), 40)
        living = sum(1 for s in data["roster"] if s.get("status", "fit") in ("fit", "wounded"))
        step, phase = data["step"], str(data["phase"])
        done = len(data.get("done") or [])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return (f"{path.name} — cannot be read", "Opening it says what is wrong, and offers its "
                                                 "last good copy if there is one")
    men = f"{living} {'man' if living == 1 else 'men'} living"
    if step is None or phase == "done" or step not in steps:
        return f"{title} — finished · {men}", f"{done} missions fought"
    entry = campaign["missions"][steps.index(step)]
    name = printable(str(entry.get("title") or data.get("missions", {}).get(step, {}).get("title")
                         or step), 60)
    doing = {"equip": "choosing the squad", "mission": "in the middle of the mission",
             "debrief": "after the mission"}.get(phase, phase)
    return (f"{title} — mission {steps.index(step) + 1} of {len(steps)} · {men}",
            f"{name}: {doing}")


def saved_campaigns() -> list[Saved]:
    """The progress files in the data folder, newest first."""
    from ambush_gui.ambush.campaign.progress import saved_progress

    return [Saved(f, *describe(f), f.stat().st_mtime) for f in saved_progress(paths.data_dir())]


class CampaignCard(QFrame):
    """``newCampaign(campaign_path, name_men)`` or ``openCampaign(progress_path)``."""

    newCampaign = Signal(str, bool)
    openCampaign = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        from ambush_gui.ambush.campaign import shipped

        super().__init__(parent)
        self.setObjectName("campaignCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(f"QFrame#campaignCard {{ border: 1px solid {theme.PANEL_EDGE.name()}; "
                           f"border-radius: 6px; background: {theme.PANEL_BG.name()}; }}")
        grid = QGridLayout(self)
        grid.setContentsMargins(8, 6, 8, 6)
        grid.setVerticalSpacing(4)
        title = QLabel("Ambush! campaign: one squad from mission to mission")
        title.setFont(theme.label_font(12, True))
        title.setWordWrap(True)  # at larger text it was cut: "Ambush! campaign: one squad fr"
        grid.addWidget(title, 0, 0, 1, 4)
        self.campaign = QComboBox()
        self.stories: list[tuple[str, list[str]]] = []
        for path in shipped():
            name, story = campaign_title(path)
            self.stories.append((name, story))
            self.campaign.addItem(name, str(path))
            self.campaign.setItemData(self.campaign.count() - 1, story_html(story),
                                      Qt.ItemDataRole.ToolTipRole)
        self.campaign.setToolTip("The campaign to start: its missions in order, its squad, its story")
        self.brief = QLabel()
        self.brief.setWordWrap(True)
        self.brief.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        self.read_story = QPushButton("Read the sto&ry…")
        self.read_story.setToolTip("The campaign's whole story, every paragraph of it")
        self.read_story.clicked.connect(self.show_story)
        self.story_dialog: QDialog | None = None
        self.campaign.currentIndexChanged.connect(self._show_brief)
        self.name_men = QCheckBox("&Name the men yourself")
        self.name_men.setToolTip("Unticked, the squad is the one the campaign gives; ticked, you "
                                 "give its men their names before the first mission")
        self.start = QPushButton("Start ne&w campaign")
        self.start.setToolTip("Start the chosen campaign: you choose and equip the squad for its "
                              "first mission")
        self.start.clicked.connect(self._new)
        self.start.setEnabled(self.campaign.count() > 0)
        new_label = QLabel("Ca&mpaign")
        new_label.setBuddy(self.campaign)
        grid.addWidget(new_label, 1, 0)
        grid.addWidget(self.campaign, 1, 1)
        grid.addWidget(self.name_men, 1, 2)
        grid.addWidget(self.start, 1, 3)
        grid.addWidget(self.brief, 2, 1, 1, 2)
        grid.addWidget(self.read_story, 2, 3, Qt.AlignmentFlag.AlignTop)
        self.saved = QComboBox()
        self.saved.setToolTip("Campaigns under way, the last played first: the mission each stands "
                              "at and the men still living")
        for s in saved_campaigns():
            stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(s.saved))
            self.saved.addItem(s.short, str(s.path))
            detail = f"{s.detail}; saved {stamp}"
            self.saved.setItemData(self.saved.count() - 1, detail, Qt.ItemDataRole.ToolTipRole)
            self.saved.setItemData(self.saved.count() - 1, f"{s.path}: {detail}",
                                   Qt.ItemDataRole.StatusTipRole)
        self.cont = QPushButton("Con&tinue campaign")
        self.cont.setToolTip("Continue the chosen campaign exactly where it was left"
                             if self.saved.count() else "No campaign under way yet")
        self.cont.clicked.connect(self._continue)
        self.cont.setEnabled(self.saved.count() > 0)
        self.saved.setEnabled(self.saved.count() > 0)
        if not self.saved.count():
            self.saved.addItem("No campaign under way")
        cont_label = QLabel("Under wa&y")
        cont_label.setBuddy(self.saved)
        self.saved_detail = QLabel()
        self.saved_detail.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        self.saved_detail.setWordWrap(True)
        self.saved.currentIndexChanged.connect(self._show_detail)
        grid.addWidget(cont_label, 3, 0)
        grid.addWidget(self.saved, 3, 1, 1, 2)
        grid.addWidget(self.cont, 3, 3)
        grid.addWidget(self.saved_detail, 4, 1, 1, 3)
        grid.setColumnStretch(1, 1)
        self._show_brief()
        self._show_detail()

    def _show_detail(self) -> None:
        self.saved_detail.setText(str(self.saved.currentData(Qt.ItemDataRole.ToolTipRole) or ""))
        self.saved_detail.setVisible(self.cont.isEnabled())

    def _show_brief(self) -> None:
        i = self.campaign.currentIndex()
        story = self.stories[i][1] if 0 <= i < len(self.stories) else []
        self.brief.setText(opening(story))
        self.read_story.setVisible(bool(story) and story != [self.brief.text()])

    def show_story(self) -> None:
        """The chosen campaign's whole story, in a window of its own (Esc closes it)."""
        i = self.campaign.currentIndex()
        if not 0 <= i < len(self.stories):
            return
        name, story = self.stories[i]
        dialog = QDialog(self)
        dialog.setWindowTitle(f"{name}: the story")
        lay = QVBoxLayout(dialog)
        text = QLabel(story_html(story))
        text.setWordWrap(True)
        text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        text.setMinimumWidth(480)
        lay.addWidget(text)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        box.rejected.connect(dialog.reject)
        lay.addWidget(box)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.story_dialog = dialog
        dialog.open()

    def _new(self) -> None:
        if self.campaign.currentData():
            self.newCampaign.emit(str(self.campaign.currentData()), self.name_men.isChecked())

    def _continue(self) -> None:
        if self.cont.isEnabled() and self.saved.currentData():
            self.openCampaign.emit(str(self.saved.currentData()))


class NamingDialog(QDialog):
    """The naming step of a new campaign: the squad's men with their ratings, each name
    the player's to change (an empty name keeps the one given)."""

    def __init__(self, roster: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Name your men")
        self.roster = roster
        lay = QVBoxLayout(self)
        words = QLabel("Give each man of the squad his name: double-click a name, or select it "
                       "and type (F2). Their ratings are the campaign's.")
        words.setWordWrap(True)
        lay.addWidget(words)
        self.table = QTableWidget(len(roster.soldiers), 6)
        self.table.setHorizontalHeaderLabels(["Name", "AR", "MPA", "WS", "PER", "LDR"])
        from ambush_gui.gui.campaign.record_pad import RATINGS

        for c, (_, _, tip) in enumerate(RATINGS, start=1):
            item = self.table.horizontalHeaderItem(c)
            if item is not None:
                item.setToolTip(tip)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                   | QAbstractItemView.EditTrigger.EditKeyPressed
                                   | QAbstractItemView.EditTrigger.AnyKeyPressed)
        for r, s in enumerate(roster.soldiers):
            name = QTableWidgetItem(str(s.name))
            name.setToolTip("His name on the record pad and on his counter")
            self.table.setItem(r, 0, name)
            for c, (key, _, _) in enumerate(RATINGS, start=1):
                item = QTableWidgetItem(str(getattr(s, key)))
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(r, c, item)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # the names have the room
        for c in range(1, 6):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setWordWrap(False)
        self.table.setMinimumWidth(520)
        self.table.setMinimumHeight(min(420, 40 + 30 * len(roster.soldiers)))
        lay.addWidget(self.table)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        lay.addWidget(box)

    def names(self) -> list[str]:
        out = []
        for r, s in enumerate(self.roster.soldiers):
            item = self.table.item(r, 0)
            text = " ".join(item.text().split()) if item is not None else ""
            out.append(text[:40] or str(s.name))
        return out

    def apply(self) -> None:
        for s, name in zip(self.roster.soldiers, self.names(), strict=True):
            s.name = name
