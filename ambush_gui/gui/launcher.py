"""The launcher: start a new game, continue the autosave, open a save, or quit."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ambush_gui import systems
from ambush_gui.core.errors import printable
from ambush_gui.core.words import count
from ambush_gui.gui.launcher_cards import (
    LEARN_TABLE,
    CardGrid,
    CardInfo,
    balance_table,
    card_info,
    own_card,
    own_cards,
)
from ambush_gui.gui.shared import paths, theme
from ambush_gui.gui.shared.game_window import recent_games, remember_level, saved_level
from ambush_gui.gui.shared.manual import MANUAL_KEY, MANUAL_TIP, open_manual
from ambush_gui.gui.shared.widgets import cannot_open
from ambush_gui.release import shipped_name

MODES = {
    "alley": [
        ("hotseat", "Hot-seat: two players at this computer"),
        ("regular", "Play the Regulars against the computer"),
        ("insurgent", "Play the Insurgents against the computer"),
        ("host-regular", "Host it for a player on another machine: you play the Regulars"),
        ("host-insurgent", "Host it for a player on another machine: you play the Insurgents"),
    ],
    "ambush": [
        ("solo", "Solitaire: lead the US squad; the mission's paragraphs play the Germans"),
    ],
}
LAST_MODE = "launcher/mode"
OPENED_FILES = "launcher/scenario-files"  # scenario files opened from elsewhere, newest first
OPENED_KEPT = 10
FIRST_MODE = "hotseat"
"""The way to play offered first until the player chooses another (then his last choice,
remembered): two players at this computer, the program's first use (a play-test's pair
found Contracting Trouble set for one player against the computer). Before the choice was
remembered, a play-test found the launcher back on hot-seat every time."""
SYSTEM_NAMES = {"alley": "Ambush Alley", "ambush": "Ambush!"}
SYSTEM_DESCRIPTIONS = {
    "alley": "Ambush Alley — Regulars against Insurgents on a free-measure table",
    "ambush": "Ambush! — a solitaire squad mission on a hex map",
}


FORM_WIDTH = 600  # the form beside the cards: the rules options' titles and readings fit
LAUNCHER_SIZE = (1840, 1040)  # the launcher's size on a screen with room for it


class Launcher(QDialog):
    """Emits ``newGame(scenario_path, mode, seed)`` or ``openGame(save_path)``."""

    newGame = Signal(str, str, int)
    openGame = Signal(str)
    newCampaign = Signal(str, int, bool)  # an Ambush! campaign: its file, the seed, name the men
    openCampaign = Signal(str)  # a campaign under way: its progress file
    openEditor = Signal()  # the scenario editor: build, check and play your own scenarios
    joinGame = Signal(str)  # a game hosted on another machine: its address (HOST[:PORT])
    hostSave = Signal(str, int)  # a game this machine hosted, hosted again: its save, the port

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("ambush-gui")
        self.setMinimumWidth(theme.LAUNCHER_MIN_WIDTH)
        lay = QVBoxLayout(self)
        lay.addLayout(self._header())

        # the form beside the cards: the cards choose the scenario, the form how to play it
        box = QGroupBox("New game")
        form = QFormLayout(box)
        self.scenario = QComboBox()
        shipped = first_to_play([s for s in systems.shipped() if s.system in MODES])
        self.table = balance_table()
        infos = [card_info(s.name, s.title, s.system, s.path, self.table) for s in shipped]
        first = next((i for i in infos if i.system == "alley"), None)
        if first is not None:  # the tutorial says it is one; the table game's first did not
            first.length = f"{first.length} · {LEARN_TABLE}"
        infos += self._own_infos()
        for info in infos:
            self._add_choice(info)
        self.scenario.setToolTip("The scenario (Ambush Alley, on the table) or mission (Ambush!, on "
                                 "the hex map) to play: the cards on the left choose it too")
        form.addRow("Scenario", self.scenario)
        self.cards = CardGrid(infos, own_header=self._own_header())
        self.cards.selected.connect(self.scenario.setCurrentIndex)
        self.cards.activated.connect(self._start_card)
        self.scenario.currentIndexChanged.connect(self.cards.choose)
        self.system_label = QLabel()
        self.system_label.setWordWrap(True)
        form.addRow("Rules", self.system_label)
        modes = QWidget()
        self.mode_box = QVBoxLayout(modes)
        self.mode_box.setContentsMargins(0, 0, 0, 0)
        self.mode_group = QButtonGroup(self)
        last = QSettings("ambush-gui", "ambush-gui").value("launcher/scenario")
        if last:  # the scenario picked last time (where versions before 0.9.0 kept it too)
            i = self.scenario.findData(str(shipped_name(str(last)) or last))
            if i >= 0:
                self.scenario.setCurrentIndex(i)
        self.cards.choose(self.scenario.currentIndex())
        self.scenario.currentIndexChanged.connect(self._show_modes)
        form.addRow("Players", modes)
        # the computer's level, under the ways to play (the form's labels keep their width)
        self.level = self._level_box()
        self.level_label = QLabel("Computer &level")
        self.level_label.setBuddy(self.level)
        self.level_label.setToolTip(self.level.toolTip())
        self.level_help = QLabel()
        self.level_help.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        self.level_help.setWordWrap(True)  # Hard's words would widen the launcher
        self.level_row = QWidget()
        row_ = QHBoxLayout(self.level_row)
        row_.setContentsMargins(0, 2, 0, 0)
        row_.addWidget(self.level_label)
        row_.addWidget(self.level)
        row_.addWidget(self.level_help, 1)
        self.level.currentIndexChanged.connect(self._show_level_help)
        self._show_level_help()
        self.mode_group.buttonToggled.connect(lambda *_: self._show_level())
        self.mode_group.buttonToggled.connect(lambda *_: self._show_players())
        self._show_modes()
        self.options_box = QGroupBox("Rules options: where the rule texts allow two readings")
        self.options_box.setToolTip("Pick the reading to play. Each starts on the reading closest to "
                                    "the text (or the scenario's own choice); the save keeps them, "
                                    "and the victory screen and the F1 reference show them.")
        self.option_boxes: dict[str, QComboBox] = {}
        self.option_labels: dict[str, QLabel] = {}
        self._build_options()
        form.addRow(self.options_box)
        self.scenario.currentIndexChanged.connect(self._show_options)
        self._show_options()
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(time.time_ns() // 1000 % 1_000_000)  # a fresh game each time
        self.seed.setToolTip("The dice seed: the same seed and the same decisions replay the same game")
        form.addRow("Seed", self.seed)
        self.start = QPushButton("&Start new game")
        self.start.setDefault(True)
        self.start.setToolTip("Start the chosen scenario with these players (Enter on a card "
                              "does the same)")
        self.start.setFont(theme.label_font(11, True))
        self.start.setMinimumHeight(34)
        self.start.clicked.connect(self._new)

        self.cont = QPushButton("&Continue the autosaved game")
        self.cont.clicked.connect(lambda: self.openGame.emit(str(paths.autosave_path())))
        auto = paths.autosave_path()
        self.cont.setEnabled(auto.exists())
        self.cont.setToolTip(self._describe(auto) if auto.exists() else "No game in progress")
        self.open_saved = QPushButton("&Open a saved game…")
        self.open_saved.setToolTip("Open a game saved with File > Save")
        self.open_saved.clicked.connect(self._open)
        self.open_scenario = QPushButton("Open a &scenario file…")
        self.open_scenario.setToolTip("Play a scenario or mission file saved anywhere (.toml): it "
                                      "joins Your scenarios; choose the players, then Start")
        self.open_scenario.clicked.connect(self._open_scenario)
        self.editor = QPushButton("Scenario &editor…")
        self.editor.setToolTip("Build a table scenario or a hex mission, check it and play it")
        self.editor.clicked.connect(self.openEditor.emit)
        self.join_button = QPushButton("&Join a game on another machine…")
        self.join_button.setToolTip("Play a table game hosted on another machine: you give its address "
                             "(the manual's page Playing across two machines)")
        self.join_button.clicked.connect(self._join)
        self.host_saved = QPushButton("&Host a saved game for a friend…")
        self.host_saved.setToolTip("Go on with a game you hosted for a player on another machine, "
                                   "from where it stopped: they join again as before (its save "
                                   "is in the network folder)")
        self.host_saved.clicked.connect(self._host_save)
        self.manual = QPushButton("M&anual")
        self.manual.setToolTip(f"{MANUAL_TIP} ({MANUAL_KEY})")
        self.manual.clicked.connect(lambda: open_manual())
        QShortcut(QKeySequence(MANUAL_KEY), self, lambda: open_manual())
        quit_ = QPushButton("&Quit")
        quit_.clicked.connect(self.reject)

        self.recent = QListWidget()
        self.recent.setToolTip("Games saved lately: Enter or a double-click opens one")
        for p in recent_games():
            item = QListWidgetItem(f"{Path(p).name} — {self._describe(Path(p))}")
            item.setData(Qt.ItemDataRole.UserRole, p)
            self.recent.addItem(item)
        self.recent.itemActivated.connect(
            lambda item: self.openGame.emit(item.data(Qt.ItemDataRole.UserRole)))
        self.recent.setMaximumHeight(90)

        # left: the campaign card over the cards; right: the form (it scrolls on a short
        # screen), Start under it
        from ambush_gui.gui.campaign.card import CampaignCard

        self.campaign_card = CampaignCard()
        self.campaign_card.newCampaign.connect(
            lambda path, name_men: self.newCampaign.emit(path, self.seed.value(), name_men))
        self.campaign_card.openCampaign.connect(self.openCampaign.emit)
        body = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(self.campaign_card)
        pick = QLabel("Choose a scenario or mission")
        pick.setFont(theme.label_font(12, True))
        pick.setWordWrap(True)  # at larger text it was cut: "Choose a scenario or missi"
        left.addWidget(pick)
        left.addWidget(self.cards, 1)
        body.addLayout(left, 3)
        right = QVBoxLayout()
        self.form_scroll = QScrollArea()
        self.form_scroll.setWidgetResizable(True)
        self.form_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.form_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.form_scroll.setWidget(box)
        box.setMinimumWidth(FORM_WIDTH - 24)
        right.addWidget(self.form_scroll, 1)
        right.addWidget(self.start)
        buttons = QGridLayout()
        for i, b in enumerate((self.cont, self.open_saved, self.host_saved, self.join_button,
                               self.open_scenario, self.editor, self.manual, quit_)):
            buttons.addWidget(b, i // 2, i % 2)
        right.addLayout(buttons)
        if self.recent.count():
            right.addWidget(QLabel("Recent games"))
        right.addWidget(self.recent)
        self.recent.setVisible(self.recent.count() > 0)
        holder = QWidget()
        holder.setLayout(right)
        holder.setFixedWidth(FORM_WIDTH)
        body.addWidget(holder)
        lay.addLayout(body, 1)
        self.cards.setFocus()
        self._sized = False

    def _own_infos(self) -> list[CardInfo]:
        """The designer's own scenarios and missions: the editor's folder, then the files
        opened from elsewhere before (those still there)."""
        infos = own_cards(paths.user_scenarios_dir())
        seen = {i.path.resolve() for i in infos}
        for name in _opened_files():
            p = Path(name)
            if p.is_file() and p.resolve() not in seen:
                info = own_card(p)
                if info is not None:
                    infos.append(info)
                    seen.add(p.resolve())
        return infos

    def _add_choice(self, info: CardInfo) -> None:
        """The drop-down's entry for a card (the same index)."""
        self.scenario.addItem(info.title + (" (yours)" if info.own else ""), str(info.path))
        i = self.scenario.count() - 1
        self.scenario.setItemData(i, info.system, Qt.ItemDataRole.UserRole + 1)
        tip = SYSTEM_NAMES[info.system] + (f": {info.path}" if info.own else "")
        self.scenario.setItemData(i, tip, Qt.ItemDataRole.ToolTipRole)

    @staticmethod
    def _own_header() -> QWidget:
        """The head of the designer's own cards: where they come from."""
        head = QWidget()
        col = QVBoxLayout(head)
        col.setContentsMargins(2, 10, 2, 2)
        col.setSpacing(0)
        title = QLabel("Your scenarios")
        title.setFont(theme.label_font(12, True))
        note = QLabel(f"Those the Scenario editor saved (in {paths.user_scenarios_dir()}), and "
                      "those opened with Open a scenario file…")
        note.setWordWrap(True)
        note.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        col.addWidget(title)
        col.addWidget(note)
        return head

    def add_scenario_file(self, path: Path) -> bool:
        """Choose the card of a scenario or mission file, adding it to Your scenarios if it
        is not listed yet (and remembering it for the next start). A campaign, or a file
        that cannot be read, is said, and nothing changes."""
        i = self.scenario.findData(str(path))
        if i < 0:
            info = own_card(path)
            if info is None:
                QMessageBox.information(
                    self, "Not a scenario",
                    f"{printable(path.name)} is an Ambush! campaign, or not a scenario file that "
                    "can be read. Start a campaign from the campaign card above the scenarios; "
                    "open anything else in the Scenario editor to see what is wrong.")
                return False
            self._add_choice(info)
            i = self.cards.add(info)
            settings = QSettings("ambush-gui", "ambush-gui")
            kept = [str(path), *(n for n in _opened_files() if n != str(path))][:OPENED_KEPT]
            settings.setValue(OPENED_FILES, kept)
        self.scenario.setCurrentIndex(i)
        QTimer.singleShot(0, self, self.cards.show_current)  # once a new card is laid out
        self.start.setFocus()
        return True

    def _open_scenario(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Open a scenario or mission file",
                                              str(paths.user_scenarios_dir()),
                                              "Scenarios and missions (*.toml);;All files (*)")
        if name:
            self.add_scenario_file(Path(name))

    def _header(self) -> QHBoxLayout:
        """The icon and the game's name, and what it is in one line."""
        from ambush_gui.gui.shared import art

        head = QHBoxLayout()
        icon = QLabel()
        icon.setPixmap(art.icon().pixmap(56, 56))
        icon.setFixedSize(60, 60)
        head.addWidget(icon)
        words = QVBoxLayout()
        words.setSpacing(0)
        title = QLabel("ambush-gui")
        title.setFont(theme.label_font(20, True))
        sub = QLabel("Ambush Alley and Force on Force on a table, Ambush! on a hex map: "
                     "every rule enforced and every die shown.")
        sub.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        words.addWidget(title)
        words.addWidget(sub)
        head.addLayout(words, 1)
        return head

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        """The first time: a size that fits the screen, then the thumbnails, after the
        first frame (drawing them would hold it back)."""
        if not self._sized:
            self._sized = True
            screen = self.screen()
            if screen is not None:
                avail = screen.availableGeometry()
                w = min(avail.width() - 40, LAUNCHER_SIZE[0])
                h = min(avail.height() - 40, LAUNCHER_SIZE[1])
                self.resize(w, h)
                self.move(avail.left() + (avail.width() - w) // 2,
                          avail.top() + (avail.height() - h) // 2)
        self.cards.draw_thumbnails_later()
        super().showEvent(event)
        QTimer.singleShot(0, self, self.cards.show_current)  # once laid out: the chosen card in view

    def _start_card(self, index: int) -> None:
        """Enter or a double-click on a card: start it with the form's players."""
        self.cards.choose(index)
        self._new()

    @staticmethod
    def _describe(path: Path) -> str:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            title = data["scenario"]["title"]
            return f"{printable(title)}, {count(len(data['decisions']), 'decision')}"
        except Exception:  # noqa: BLE001 - a listed file that will not read is just unreadable
            return "unreadable"

    def _side_names(self) -> dict[str, str]:
        """The chosen Ambush Alley scenario's names for its sides, where they differ from the
        rules' own words (a new player looked for the Paratroopers and found 'Regulars')."""
        if self.system() != "alley":
            return {}
        try:
            from ambush_gui.core.files import read_data

            sides = read_data(str(self.scenario.currentData()))["sides"]
            out = {k: printable(str(sides[k]["name"]), 40) for k in ("regular", "insurgent")}
        except Exception:  # noqa: BLE001 - the game itself reports a file that will not read
            return {}
        return {k: v for k, v in out.items() if v not in ("Regulars", "Insurgents")}

    def system(self) -> str:
        return str(self.scenario.currentData(Qt.ItemDataRole.UserRole + 1) or "alley")

    def _show_modes(self) -> None:
        """The ways to play the chosen scenario: hot-seat or solo for Ambush Alley, solitaire
        for an Ambush! mission."""
        for button in self.mode_group.buttons():
            self.mode_group.removeButton(button)
            self.mode_box.removeWidget(button)
            button.hide()  # at once: deleteLater waits for the event loop
            button.deleteLater()
        names = self._side_names()
        keys = [key for key, _ in MODES[self.system()]]
        last = str(QSettings("ambush-gui", "ambush-gui").value(LAST_MODE, FIRST_MODE))
        chosen = last if last in keys else keys[0]
        for key, text in MODES[self.system()]:
            side = key.removeprefix("host-")
            if side in names:  # the scenario's own side: "Play the Paratroopers (Regulars) ..."
                role = "Regulars" if side == "regular" else "Insurgents"
                text = text.replace(f"the {role}", f"the {names[side]} ({role})")
            rb = QRadioButton(text)
            rb.setProperty("mode", key)
            rb.setChecked(key == chosen)
            self.mode_group.addButton(rb)
            # as wide as its text: a wide launcher would otherwise stretch it past its click area
            self.mode_box.addWidget(rb, 0, Qt.AlignmentFlag.AlignLeft)
            rb.show()
        rules = SYSTEM_DESCRIPTIONS[self.system()]
        card = self.cards.cards[self.scenario.currentIndex()] if self.scenario.currentIndex() >= 0 else None
        if card is not None and ", Force on Force" in card.info.rules:
            rules += f"; {card.info.rules.partition(', ')[2]}"  # the modules that change the rules
        self.system_label.setText(rules)
        self._show_level()
        self._show_players()

    def _show_players(self) -> None:
        """The chosen card says how it will be played (the way chosen beside the cards):
        a play-test's pair did not see that the game was set for one against the computer."""
        button = self.mode_group.checkedButton()
        i = self.scenario.currentIndex()
        if button is not None and 0 <= i < len(self.cards.cards):
            self.cards.cards[i].set_players(button.text())

    @staticmethod
    def _level_box() -> QComboBox:
        """Easy, Normal or Hard for the computer's side, each item's tooltip saying how it
        plays (ai/levels.LEVEL_HELP); the level chosen last time (Normal before any)."""
        from ambush_gui.ai.levels import LEVEL_HELP, LEVELS

        box = QComboBox()
        for level in LEVELS:
            box.addItem(level.capitalize(), level)
            box.setItemData(box.count() - 1, f"{level.capitalize()}: {LEVEL_HELP[level]}",
                            Qt.ItemDataRole.ToolTipRole)
        box.setToolTip("How well the computer plays its side. "
                       + " ".join(f"{lv.capitalize()}: {LEVEL_HELP[lv]}." for lv in LEVELS)
                       + " The Game menu changes it mid-game.")
        box.setCurrentIndex(max(box.findData(saved_level()), 0))
        return box

    def _show_level(self) -> None:
        """The level is asked only when the computer plays a side (not in hot-seat, nor in
        an Ambush! mission, whose Germans the paragraphs play)."""
        solo = self.mode() in ("regular", "insurgent")
        self.mode_box.removeWidget(self.level_row)
        self.mode_box.addWidget(self.level_row)  # under the radio buttons, which are rebuilt
        self.level_row.setVisible(solo)
        self._fit_on_screen()

    def _show_level_help(self) -> None:
        from ambush_gui.ai.levels import LEVEL_HELP

        self.level_help.setText(LEVEL_HELP.get(self.chosen_level(), ""))

    def _fit_on_screen(self) -> None:
        """Once the dialog has its new height (a scenario's options, the level row), it
        stays inside the screen: a 1280x800 screen cut its last rows off."""
        QTimer.singleShot(0, self._keep_inside)

    def _keep_inside(self) -> None:
        if not self.isVisible():
            return
        screen = self.screen()
        if screen is None:
            return
        avail = screen.availableGeometry()
        frame = self.frameGeometry()
        if frame.bottom() > avail.bottom() or frame.top() < avail.top():
            top = max(avail.top(), avail.bottom() - frame.height())
            self.move(frame.left(), top)

    def chosen_level(self) -> str:
        return str(self.level.currentData())

    def _build_options(self) -> None:
        """One drop-down per Ambush Alley rules option, its readings in the registry's order."""
        from ambush_gui.alley.options import OPTIONS

        grid = QGridLayout(self.options_box)
        grid.setVerticalSpacing(theme.LAUNCHER_OPTION_SPACING)
        grid.setColumnStretch(0, 1)  # the titles wrap in what the readings leave them
        grid.setColumnStretch(1, 0)
        for row, o in enumerate(OPTIONS.offered):
            box = QComboBox()
            for r in o.readings:
                box.addItem(r.title + (theme.LAUNCHER_DEFAULT_MARK if r.value == o.default else ""), r.value)
                box.setItemData(box.count() - 1, r.text, Qt.ItemDataRole.ToolTipRole)
            box.setToolTip(f"{o.title} ({o.seed_lines}; {', '.join(o.rule_ids)}): {o.text}")
            # beside the cards the form is narrow: the title wraps, and the box is as wide
            # as its longest reading, so the chosen one is read whole (it was cut: "Replaces
            # its planned fire (closest to the te")
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            _fit_list(box)
            name = QLabel(o.title)
            name.setWordWrap(True)
            name.setToolTip(box.toolTip())
            name.setBuddy(box)
            grid.addWidget(name, row, 0)
            grid.addWidget(box, row, 1)
            self.option_boxes[o.name] = box
            self.option_labels[o.name] = name

    def _show_options(self) -> None:
        """The options for an Ambush Alley scenario only, set to the scenario's defaults (its
        ``[options]``) or else to the readings closest to the text."""
        from ambush_gui.alley.options import OPTIONS
        from ambush_gui.core.errors import ScenarioError
        from ambush_gui.core.files import read_data

        alley = self.system() == "alley"
        self.options_box.setVisible(alley)
        if not alley:
            return
        own: dict[str, str] = {}
        modules: set[str] = set()
        try:
            data = read_data(str(self.scenario.currentData()), ScenarioError)
            own = {str(k): str(v) for k, v in dict(data.get("options") or {}).items()}
            modules = {str(m) for m in (data.get("modules") or [])}
        except (ScenarioError, TypeError, ValueError):
            pass
        for o in OPTIONS.offered:
            box = self.option_boxes[o.name]
            shown = not o.modules or bool(set(o.modules) & modules)  # a module's option: only with it
            box.setVisible(shown)
            self.option_labels[o.name].setVisible(shown)
            i = box.findData(own.get(o.name, o.default))
            box.setCurrentIndex(i if i >= 0 else box.findData(o.default))

    def rules_options(self) -> dict[str, str]:
        """The readings chosen for a new Ambush Alley game (nothing for Ambush!)."""
        if self.system() != "alley":
            return {}
        return {name: str(box.currentData()) for name, box in self.option_boxes.items()}

    def mode(self) -> str:
        button = self.mode_group.checkedButton()
        return str(button.property("mode")) if button else "hotseat"

    def _new(self) -> None:
        settings = QSettings("ambush-gui", "ambush-gui")
        settings.setValue("launcher/scenario", self.scenario.currentData())
        if self.mode() in ("hotseat", "regular", "insurgent"):  # hosting is asked for each time
            settings.setValue(LAST_MODE, self.mode())
        if self.mode() in ("regular", "insurgent"):
            remember_level(self.chosen_level())
        self.newGame.emit(self.scenario.currentData(), self.mode(), self.seed.value())

    def _join(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        from ambush_gui.net.link import DEFAULT_PORT, parse_address

        last = str(QSettings("ambush-gui", "ambush-gui").value("launcher/join", ""))
        text, ok = QInputDialog.getText(
            self, "Join a game on another machine",
            f"The host's address, as their window shows it (HOST or HOST:PORT; the port is "
            f"{DEFAULT_PORT} unless they chose another):", text=last)
        if not ok or not text.strip():
            return
        try:
            parse_address(text)
        except ValueError as why:
            QMessageBox.warning(self, "Not an address", str(why))
            return
        QSettings("ambush-gui", "ambush-gui").setValue("launcher/join", text.strip())
        self.joinGame.emit(text.strip())

    def _host_save(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self, "Host a saved game for a friend", str(paths.network_dir()),
            "Saved games (*.json);;All files (*)")
        if name:
            self.host_file(Path(name))

    def host_file(self, path: Path) -> None:
        """Host the game saved at ``path`` again, after asking the port; a save of a game
        played at one computer is refused with why and what to do instead. The side is
        the one this machine played: the other player's seat is theirs, as before."""
        from PySide6.QtWidgets import QInputDialog

        from ambush_gui.core import saves
        from ambush_gui.net.link import DEFAULT_PORT

        try:
            record = saves.read(path)
        except Exception as exc:  # noqa: BLE001 - any file: a message box, never a crash
            cannot_open(self, "Cannot host this game", path, exc)
            return
        if record.hosted is None:
            QMessageBox.information(self, "Not a game you hosted", (
                f"{printable(path.name)} is not a game this machine hosted for a player on "
                "another machine, so there is nobody to join it again: its dice were not made "
                "with the other player's secret, and they could not check them.\n\nOpen a saved "
                "game… plays it at this computer; to play a friend, start a new game and choose "
                "\"Host it for a player on another machine\" under Players."))
            return
        title = str(record.scenario.get("title") or record.scenario.get("name") or path.stem)
        role = "Regulars" if record.hosted.side == "regular" else "Insurgents"
        named = str((record.scenario.get("sides") or {}).get(record.hosted.side, {}).get("name") or "")
        side = f"{named} ({role})" if named else role  # the scenario's name, as the waiting window says
        last = QSettings("ambush-gui", "ambush-gui").value("launcher/host_port", DEFAULT_PORT)
        port, ok = QInputDialog.getInt(
            self, "Host a saved game for a friend",
            f"{printable(title)}, from decision {len(record.decisions) + 1}: you play the "
            f"{side} again, as before, and the other player joins this machine's address as "
            f"before.\n\nThe port to listen on ({DEFAULT_PORT} unless you chose another; the "
            "other player joins HOST:PORT):", int(str(last)), 1, 65535)
        if not ok:
            return
        QSettings("ambush-gui", "ambush-gui").setValue("launcher/host_port", port)
        self.hostSave.emit(str(path), port)

    def _open(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Open saved game", str(paths.saves_dir()),
                                              "Saved games (*.json);;All files (*)")
        if name:
            self.open_file(Path(name))

    def open_file(self, path: Path) -> None:
        """Open a saved game; a scenario or mission file is offered as a new game instead
        (a play-test opened one here and was told only that it was not a save)."""
        from ambush_gui.core import saves

        kind = "" if saves.is_save(path) else _scenario_kind(path)
        if not kind:
            self.openGame.emit(str(path))
            return
        if kind == "campaign":
            QMessageBox.information(self, "A campaign, not a saved game",
                                    f"{printable(path.name)} is an Ambush! campaign file, not a saved "
                                    "game: start it from the campaign card above the scenarios.")
            return
        yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
        answer = QMessageBox.question(
            self, f"A {kind}, not a saved game",
            f"{printable(path.name)} is a {kind} file, not a saved game.\n\nStart a new game of "
            "it? It is chosen in Your scenarios: pick the players, then Start new game.",
            yes | no, yes)
        if answer == yes:
            self.add_scenario_file(path)


def _opened_files() -> list[str]:
    value = QSettings("ambush-gui", "ambush-gui").value(OPENED_FILES) or []
    return [str(v) for v in (value if isinstance(value, list) else [value])]


def _scenario_kind(path: Path) -> str:
    """"scenario", "mission" or "campaign" for a file that reads as one (TOML naming its
    system or kind, or with the tables a scenario has), else ""."""
    from ambush_gui.core.errors import InputError
    from ambush_gui.core.files import read_data

    if path.suffix.lower() != ".toml":
        return ""
    try:
        data = read_data(path)
    except (InputError, OSError, ValueError):
        return ""
    if data.get("kind") == "campaign":
        return "campaign"
    if data.get("system") == "ambush":
        return "mission"
    if data.get("system") == "alley" or {"sides", "table"} & set(data):
        return "scenario"
    return ""


def first_to_play(scenarios: list[systems.ShippedScenario]) -> list[systems.ShippedScenario]:
    """The launcher's order: a tutorial first (the mission a new player starts with, so
    it is also the one selected when nothing was picked before), then the missions in the
    order the shipped campaigns play them, then the rest by name, the table scenarios the
    shortest first (The Signal Box, three turns, is the one to learn on)."""
    from ambush_gui.ambush.campaign.campaign import play_order
    from ambush_gui.gui.hexmap.tutorial import is_tutorial_name

    order = play_order()
    return sorted(scenarios, key=lambda s: (not is_tutorial_name(s.name), s.path.stem not in order,
                                            order.get(s.path.stem, 0), s.turns, s.name))


def _fit_list(box: QComboBox) -> None:
    """The open list as wide as its longest entry, so no reading is cut off in it (the
    closed box beside the cards stays narrow and shows the start of the choice)."""
    view = box.view()
    metrics = view.fontMetrics()
    widest = max((metrics.horizontalAdvance(box.itemText(i)) for i in range(box.count())), default=0)
    bar = view.verticalScrollBar().sizeHint().width() if box.count() > box.maxVisibleItems() else 0
    view.setMinimumWidth(widest + bar + 2 * view.frameWidth() + theme.LAUNCHER_LIST_MARGIN)
