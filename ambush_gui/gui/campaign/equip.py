"""Choose-and-equip: who goes on the next mission, and what each man carries.

One row per slot of the mission's squad (the mission says how many go and by which hexes
each slot enters): the man in it, a box for each weapon of the allotment, a count of Ammo
Boxes for each kind of clip, and the Port Boxes the slot's card gives a crew weapon's
carrier. "Suggest" fills the engine's default (the screen opens on it); the engine's
``loadout_problems`` are listed in words, and "Start mission" waits until there are none.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.ambush.campaign import Kit, Loadout, loadout_problems, suggest
from ambush_gui.core.errors import printable
from ambush_gui.gui.shared import theme

MAX_BOXES = 6  # FC-039: a soldier holds at most six Ammo Boxes (the engine checks it)


def weapon_name(mission: Any, key: str) -> str:
    """A Weapon Chart key as the chart names it ("M1 Garand"), else the key."""
    try:
        return str(mission.charts.weapon(key).name)
    except (AttributeError, KeyError):
        return key


def soldier_line(soldier: Any) -> str:
    """"Sgt Doyle — AR 4 MPA 6 WS 2 PER 5 LDR 3"."""
    return (f"{printable(str(soldier.name), 30)} — AR {soldier.ar} MPA {soldier.mpa} "
            f"WS {soldier.ws} PER {soldier.per} LDR {soldier.ldr}")


class SlotRow:
    """The widgets of one slot: the man, his weapons, his Ammo Boxes."""

    def __init__(self, index: int, card: Any, weapons: list[str], ammo: list[str]) -> None:
        self.index = index
        self.port_boxes = int(getattr(card, "port_boxes", 0) or 0)
        enters = ", ".join(str(h) for h in getattr(card, "enters", []))
        self.label = QLabel(f"{index + 1}.")
        self.label.setToolTip(f"Slot {index + 1} of the mission's squad: enters the map by "
                              f"{enters or 'the mission’s entry hexes'}")
        self.man = QComboBox()
        self.man.setToolTip(f"Who goes in slot {index + 1} (he enters by {enters or 'the entry hexes'}); "
                            "only men fit to fight are offered")
        self.weapons = {key: QCheckBox() for key in weapons}
        self.ammo = {key: QSpinBox() for key in ammo}
        for spin in self.ammo.values():
            spin.setRange(0, MAX_BOXES)
        self.boxes = QLabel()
        self.boxes.setToolTip(f"Ammo Boxes he holds, of the {MAX_BOXES} a soldier may hold (FC-039)")
        self.port = QLabel(str(self.port_boxes) if self.port_boxes else "—")
        self.port.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.port.setToolTip(
            f"Port Boxes on slot {index + 1}'s card: {self.port_boxes}. They hold the pieces of a "
            "crew weapon: its two carriers need the Port Boxes of two slots that have them "
            "(FC-052 to FC-054)" if self.port_boxes else
            f"Slot {index + 1}'s card has no Port Boxes: he cannot carry a piece of a crew weapon")

    def kit(self) -> Kit:
        ammo: list[str] = []
        for key, spin in self.ammo.items():
            ammo += [key] * spin.value()
        return Kit(str(self.man.currentData() or ""),
                   [k for k, box in self.weapons.items() if box.isChecked()], ammo, self.port_boxes)

    def set_kit(self, kit: Kit) -> None:
        i = self.man.findData(kit.soldier_id)
        self.man.setCurrentIndex(i)
        for key, box in self.weapons.items():
            box.setChecked(key in kit.weapons)
        for key, spin in self.ammo.items():
            spin.setValue(kit.ammo.count(key))

    def show_boxes(self) -> None:
        n = sum(spin.value() for spin in self.ammo.values())
        self.boxes.setText(f"{n}/{MAX_BOXES}")
        colour = theme.WARNING.name() if n > MAX_BOXES else theme.MUTED_TEXT.name()
        self.boxes.setStyleSheet(f"color: {colour};")


class EquipScreen(QWidget):
    """``start(loadout)`` when the player starts the mission with a loadout the engine
    accepts; ``changed(loadout)`` after every edit (the window keeps it in the progress)."""

    start = Signal(object)
    changed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.progress: Any = None
        self.rows: list[SlotRow] = []
        self.shown_problems: list[str] = []
        self._filling = False
        lay = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setFont(theme.label_font(14, True))
        self.heading.setWordWrap(True)
        lay.addWidget(self.heading)
        self.brief = QLabel()
        self.brief.setWordWrap(True)
        self.brief.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.brief)
        self.allotment = QLabel()
        self.allotment.setWordWrap(True)
        self.allotment.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        self.allotment.setToolTip("What the squad may draw for this mission: a crew weapon counts "
                                  "once per gun, though two men carry it")
        lay.addWidget(self.allotment)
        self.grid_holder = QWidget()
        self.grid = QGridLayout(self.grid_holder)
        self.grid.setHorizontalSpacing(10)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.grid_holder)
        lay.addWidget(scroll, 1)
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setToolTip("What must change before the mission may start")
        lay.addWidget(self.problems)
        buttons = QHBoxLayout()
        self.suggest_button = QPushButton("S&uggest")
        self.suggest_button.setToolTip("Fill every slot with the program's suggestion: the best men "
                                       "fit to go, the leader first, the crew weapon's carriers "
                                       "paired, the allotment shared out")
        self.suggest_button.clicked.connect(self.fill_suggested)
        buttons.addWidget(self.suggest_button)
        buttons.addStretch(1)
        self.start_button = QPushButton("&Start mission")
        self.start_button.setFont(theme.label_font(11, True))
        self.start_button.setMinimumHeight(34)
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self._start)
        buttons.addWidget(self.start_button)
        lay.addLayout(buttons)

    # -- filling ---------------------------------------------------------------------------
    def show_step(self, progress: Any) -> None:
        """The progress's next mission: its slots, the men fit to go, the allotment; the
        loadout the progress keeps (an unfinished choice), else the suggestion."""
        self.progress = progress
        step = progress.campaign.step(progress.step_id)
        mission = step.mission
        number = step.index + 1
        title = step.title or mission.spec.title
        self.heading.setText(f"Mission {number} of {len(progress.campaign.steps)}: "
                             f"{printable(str(title), 80)} — choose and equip "
                             f"{step.takes} {'man' if step.takes == 1 else 'men'}")
        self.brief.setText(printable(" ".join(str(step.brief or mission.spec.brief).split()), 900))
        weapons = list(step.allotment.weapons)
        ammo = list(step.allotment.ammo)
        self.allotment.setText(
            "Allotted — weapons: " + (", ".join(f"{weapon_name(mission, k)} ×{n}"
                                                 for k, n in step.allotment.weapons.items()) or "none")
            + "; Ammo Boxes: " + (", ".join(f"{weapon_name(mission, k)} ×{n}"
                                             for k, n in step.allotment.ammo.items()) or "none"))
        self._build_grid(step, weapons, ammo)
        kept = progress.loadout if progress.phase == "equip" else None
        self.fill(kept if kept is not None else suggest(progress.campaign, step.id, progress.roster))

    def _build_grid(self, step: Any, weapons: list[str], ammo: list[str]) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.hide()
                w.deleteLater()
        mission = step.mission
        heads = ["#", "Soldier", *[weapon_name(mission, k) for k in weapons],
                 *[f"{weapon_name(mission, k)} boxes" for k in ammo], "Boxes", "Port"]
        tips = ["The squad's slot, in the mission's order",
                "The man in the slot and his ratings: Action Rating, Movement Point Allowance, "
                "Weapon Skill, Perception, Leadership",
                *[f"Carries a {weapon_name(mission, k)} (from the allotment)" for k in weapons],
                *[f"Ammo Boxes of {weapon_name(mission, k)} clips he holds" for k in ammo],
                f"Ammo Boxes held, of {MAX_BOXES}", "Port Boxes on the slot's card (crew weapons)"]
        for c, (text, tip) in enumerate(zip(heads, tips, strict=True)):
            head = QLabel(text)
            head.setFont(theme.label_font(9, True))
            head.setToolTip(tip)
            head.setWordWrap(True)
            self.grid.addWidget(head, 0, c, Qt.AlignmentFlag.AlignBottom)
        cards = list(mission.spec.squad)
        fit = self.progress.roster.available()
        self.rows = []
        for i in range(step.takes):
            row = SlotRow(i, cards[i] if i < len(cards) else None, weapons, ammo)
            row.man.addItem("(nobody)", "")
            for soldier in fit:
                row.man.addItem(soldier_line(soldier), soldier.id)
            widgets: list[QWidget] = [row.label, row.man, *row.weapons.values(), *row.ammo.values(),
                                      row.boxes, row.port]
            for c, w in enumerate(widgets):
                self.grid.addWidget(w, i + 1, c, Qt.AlignmentFlag.AlignCenter if c > 1 else
                                    Qt.AlignmentFlag.AlignLeft)
            for key, box in row.weapons.items():
                box.setToolTip(f"Slot {i + 1} carries a {weapon_name(mission, key)}")
                box.toggled.connect(self._edited)
            for key, spin in row.ammo.items():
                spin.setToolTip(f"Slot {i + 1}'s Ammo Boxes of {weapon_name(mission, key)} clips")
                spin.valueChanged.connect(self._edited)
            row.man.currentIndexChanged.connect(self._edited)
            self.rows.append(row)
        self.grid.setColumnStretch(len(heads), 1)
        self.grid.setRowStretch(step.takes + 1, 1)

    def fill(self, loadout: Loadout) -> None:
        self._filling = True
        for row, kit in zip(self.rows, loadout.slots, strict=False):
            row.set_kit(kit)
        self._filling = False
        self._edited()

    def fill_suggested(self) -> None:
        p = self.progress
        self.fill(suggest(p.campaign, p.step_id, p.roster))

    # -- checking --------------------------------------------------------------------------
    def loadout(self) -> Loadout:
        return Loadout([row.kit() for row in self.rows])

    def _edited(self, *_: Any) -> None:
        if self._filling or self.progress is None:
            return
        for row in self.rows:
            row.show_boxes()
        loadout = self.loadout()
        problems = loadout_problems(self.progress.campaign, self.progress.step_id,
                                    self.progress.roster, loadout)
        self.shown_problems = problems
        if problems:
            self.problems.setText("<b>Before the mission can start:</b><ul>"
                                  + "".join(f"<li>{_escape(p)}</li>" for p in problems) + "</ul>")
            self.problems.setStyleSheet(f"color: {theme.WARNING.name()};")
            self.start_button.setEnabled(False)
            self.start_button.setToolTip("Not yet: " + "; ".join(problems))
        else:
            self.problems.setText("The squad is ready.")
            self.problems.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
            self.start_button.setEnabled(True)
            self.start_button.setToolTip("Start the mission with these men and this kit (Enter); "
                                         "the campaign is saved first")
        self.changed.emit(loadout)

    def _start(self) -> None:
        if self.start_button.isEnabled():
            self.start.emit(self.loadout())


def _escape(text: str) -> str:
    import html

    return html.escape(printable(text, 300))
