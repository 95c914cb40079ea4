"""Choose-and-equip: who goes on the next mission, and what each man carries.

One column per slot of the mission's squad (the mission says how many go and by which
hexes each slot enters): the man in it, a box for each weapon of the allotment, a count of
Ammo Boxes for each kind of clip, and, where the mission allots a crew weapon, the Port
Boxes the slot's card gives its carriers. Beside each weapon and kind of clip, how many of
the mission's allotment are still left to hand out ("2 of 3 left"); a line above the grid
says what the allotment and the six Ammo Boxes are, and the Port Boxes where they count.
Columns, not rows: an allotment of seven weapons and eight kinds of clips made a row per
man wider than a 1280-pixel screen. "Suggest" fills the
engine's default (the screen opens on it); the engine's ``loadout_problems`` are listed in
words, and "Start mission" waits until there are none.
"""

from __future__ import annotations

import html
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
    QSizePolicy,
    QSpacerItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.ambush.campaign import Kit, Loadout, loadout_problems, suggest
from ambush_gui.ambush.campaign.campaign import slot_enters, slot_port_boxes
from ambush_gui.ambush.campaign.loadout import drawn
from ambush_gui.ambush.charts import WeaponKind
from ambush_gui.core.errors import printable
from ambush_gui.core.words import with_article
from ambush_gui.gui.shared import theme

MAX_BOXES = 6  # FC-039: a soldier holds at most six Ammo Boxes (the engine checks it)
LABEL_WIDTH = 270  # the rows' names wrap within this: the slots keep the rest of the width
FIRST_SLOT = 2  # the grid's columns: the rows' names, what is left of the allotment, the slots
BRIEF_CHARS = 420  # the brief's first lines: the slots below keep their room at 1280x800


def weapon_name(mission: Any, key: str) -> str:
    """A Weapon Chart key as the chart names it ("M1 Garand"), else the key."""
    try:
        return str(mission.charts.weapon(key).name)
    except (AttributeError, KeyError):
        return key


def ratings_line(soldier: Any, lines: int = 1) -> str:
    """"AR 4 · MPA 6 · WS 2 · PER 5 · LDR 3" (``lines=2``: after WS, the next line)."""
    parts = [f"{k.upper()} {getattr(soldier, k)}" for k in ("ar", "mpa", "ws", "per", "ldr")]
    if lines == 2:
        return " · ".join(parts[:3]) + "\n" + " · ".join(parts[3:])
    return " · ".join(parts)


def ratings_tip(soldier: Any, settings: Any) -> str:
    """What each of the man's ratings is, and how it was worked out: his first value (the
    starting roster's, or a recruit's, campaign rule 7), raised by one for experience spent
    after a mission, never above its cap (campaign rule 6)."""
    from ambush_gui.gui.campaign.record_pad import RATINGS

    def each(values: Any) -> str:
        return " · ".join(f"{k.upper()} {getattr(values, k)}" for k, _, _ in RATINGS)

    name = printable(str(soldier.name), 30)
    lines = [f"{name}'s ratings, from the record pad:"]
    lines += [f"{abbr} {soldier.rating(k)}: {words}" for k, abbr, words in RATINGS]
    first = (f"he joined as a recruit, with a recruit's ratings ({each(settings.recruit)}, "
             "campaign rule 7)" if soldier.recruit else
             "he began with the campaign's starting roster's ratings for him")
    lines.append(
        f"How they are worked out: {first}. After each mission he may spend his experience to "
        f"raise one rating by one (campaign rule 6), at a cost in experience of "
        f"{each(settings.costs)}, never above {each(settings.caps)}. He has {soldier.xp} "
        "experience unspent.")
    return "<br>".join(html.escape(line, quote=False) for line in lines)


def wrapped(text: str) -> str:
    """A long tooltip as rich text, which Qt wraps (plain text runs across the screen)."""
    return f"<p>{html.escape(text)}</p>"


def hexes_words(hexes: list[str]) -> str:
    return ", ".join(hexes) if len(hexes) <= 3 else f"{hexes[0]} to {hexes[-1]}"


class SlotColumn:
    """The widgets of one slot of the squad (a column): the man, his weapons, his Ammo
    Boxes, and the Port Boxes the slot's card gives (``crew``: shown only where the mission
    allots a crew weapon, the one thing they hold)."""

    def __init__(self, index: int, enters: list[str], port_boxes: int, weapons: list[str],
                 ammo: list[str], crew: bool = True) -> None:
        self.index = index
        self.port_boxes = port_boxes
        self.crew = crew
        where = hexes_words(enters) or "the mission's entry hexes"
        self.head = QLabel(f"Slot {index + 1}")
        self.head.setFont(theme.label_font(10, True))
        self.head.setToolTip(f"Slot {index + 1} of the mission's squad: he enters the map by {where}")
        self.enters = QLabel(f"enters {where}")
        self.enters.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        self.enters.setToolTip(self.head.toolTip())
        self.man = QComboBox()
        self.man.setToolTip(f"Who goes in slot {index + 1} (he enters by {where}); only men fit "
                            "to fight are offered")
        self.ratings = QLabel()
        self.ratings.setObjectName("ratings")  # its grey only: its tooltip in the tooltip's ink
        self.ratings.setStyleSheet(f"#ratings {{ color: {theme.MUTED_TEXT.name()}; }}")
        self.weapons = {key: QCheckBox() for key in weapons}
        self.ammo = {key: QSpinBox() for key in ammo}
        for spin in self.ammo.values():
            spin.setRange(0, MAX_BOXES)
        self.boxes = QLabel()
        self.boxes.setToolTip(f"Ammo Boxes he holds, of the {MAX_BOXES} a soldier may hold (FC-039)")
        self.port = QLabel(str(port_boxes) if port_boxes else "none")
        self.port.setToolTip(wrapped(
            f"Slot {index + 1}'s card has {port_boxes} Port Box{'es' if port_boxes != 1 else ''}: "
            "they hold the pieces of a crew weapon (a machinegun), whose two carriers go in two "
            "slots that have them; a light or medium machinegun fills 3, a heavy one 4 "
            "(FC-052 to FC-054)"
            if port_boxes else
            f"Slot {index + 1}'s card has no Port Boxes: the man in it cannot carry a piece of a "
            "crew weapon (a machinegun); every other weapon and his Ammo Boxes he carries as usual"))

    def widgets(self) -> list[QWidget | None]:
        """Top to bottom, as the screen's rows run (None: the rows of a section's title)."""
        return [self.head, self.enters, self.man, self.ratings, None, *self.weapons.values(),
                None, *self.ammo.values(), self.boxes, *([self.port] if self.crew else [])]

    def kit(self) -> Kit:
        ammo: list[str] = []
        for key, spin in self.ammo.items():
            ammo += [key] * spin.value()
        return Kit(str(self.man.currentData() or ""),
                   [k for k, box in self.weapons.items() if box.isChecked()], ammo, self.port_boxes)

    def set_kit(self, kit: Kit) -> None:
        self.man.setCurrentIndex(max(self.man.findData(kit.soldier_id), 0))
        for key, box in self.weapons.items():
            box.setChecked(key in kit.weapons)
        for key, spin in self.ammo.items():
            spin.setValue(kit.ammo.count(key))

    def show_state(self, roster: Any, settings: Any) -> None:
        sid = self.man.currentData()
        self.ratings.setText(ratings_line(roster.by_id(sid), lines=2) if sid else "")
        self.ratings.setToolTip(f"<p>{ratings_tip(roster.by_id(sid), settings)}</p>" if sid
                                else "")
        n = sum(spin.value() for spin in self.ammo.values())
        self.boxes.setText(f"{n} of {MAX_BOXES}" if n <= MAX_BOXES else
                           f"{n}: {n - MAX_BOXES} too many")
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
        self.slots: list[SlotColumn] = []
        self.left: dict[tuple[str, str], tuple[QLabel, int]] = {}
        """("weapons"|"ammo", key): the label saying how many of the allotment are left, and
        how many the mission allots."""
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
        self.explain = QLabel()
        self.explain.setWordWrap(True)
        self.explain.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        lay.addWidget(self.explain)
        self.grid_holder = QWidget()
        self.grid = QGridLayout(self.grid_holder)
        self.grid.setHorizontalSpacing(14)
        self.grid.setVerticalSpacing(2)
        self.grid.setColumnMinimumWidth(0, LABEL_WIDTH)
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
        title = step.title or mission.spec.title
        self.heading.setText(f"Mission {step.index + 1} of {len(progress.campaign.steps)}: "
                             f"{printable(str(title), 80)} — choose and equip "
                             f"{step.takes} {'man' if step.takes == 1 else 'men'}")
        brief = printable(" ".join(str(step.brief or mission.spec.brief).split()), 2000)
        self.brief.setText(brief if len(brief) <= BRIEF_CHARS else
                           brief[:BRIEF_CHARS].rsplit(" ", 1)[0] + "… (the whole brief: hover here)")
        self.brief.setToolTip(brief)
        self._build_grid(step)
        # Port Boxes only hold a crew weapon's pieces: told of (and shown) only where the
        # mission allots one (a new player read them explained on a mission without one)
        crew = any(mission.charts.weapon(k).kind is WeaponKind.CREW for k in step.allotment.weapons)
        self.explain.setText(
            "The mission hands the squad the weapons and Ammo Boxes listed on the left; beside "
            f"each, how many are still left to hand out. A man holds at most {MAX_BOXES} Ammo "
            "Boxes." + (" Port Boxes are the places on a slot's card for a machinegun's pieces: "
                        "its two carriers must go in slots that have them." if crew else ""))
        self.explain.setToolTip("Hover over a row's name or a count for more")
        kept = progress.loadout if progress.phase == "equip" else None
        self.fill(kept if kept is not None else suggest(progress.campaign, step.id, progress.roster))

    def _build_grid(self, step: Any) -> None:
        """A column per slot; a row per weapon and per kind of Ammo Box of the allotment."""
        while self.grid.count():
            item = self.grid.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.hide()
                w.deleteLater()
        mission = step.mission
        weapons = dict(step.allotment.weapons)
        ammo = dict(step.allotment.ammo)
        crew = {k for k in weapons if mission.charts.weapon(k).kind is WeaponKind.CREW}
        left_tip = "How many the mission's allotment still has to hand out"
        # a row: its name, its tooltip, and the allotment it counts ("weapons"|"ammo", key, n)
        heads: list[tuple[str, str, tuple[str, str, int] | None]] = [
            ("", "", None), ("", "", None),
            ("Soldier", "The man in each slot: only men fit to fight are offered", None),
            ("Ratings", "Each man's five ratings, as the record pad keeps them: AR Action "
                        "Rating, MPA Movement Point Allowance, WS Weapon Skill, PER Perception, "
                        "LDR Leadership. A man starts with the starting roster's (a recruit with "
                        "a recruit's, campaign rule 7) and raises one by one with the experience "
                        "he spends after a mission, up to its cap (campaign rule 6). Hover over a "
                        "man's ratings for what each does and what raising it costs", None),
            ("<b>Weapons</b>", "Tick the weapons each man carries; the mission allots how many "
                               "the squad may take of each (the count beside it)", None)]
        for key, n in weapons.items():
            name = weapon_name(mission, key)
            if key in crew:
                heads.append((f"{name} (a crew weapon: 2 carriers)",
                              "A crew weapon: tick it for both its carriers, in two slots with Port "
                              f"Boxes (FC-052 to FC-054). The mission allots {n}: each counts once "
                              "for its two carriers", ("weapons", key, n)))
            else:
                heads.append((name, f"Tick the men who carry {with_article(name)}; the mission allots {n}",
                              ("weapons", key, n)))
        heads.append(("<b>Ammo Boxes</b>", "How many Ammo Boxes of each kind of clip each man "
                                           "holds; the mission allots how many of each (the count "
                                           f"beside it), and a man holds at most {MAX_BOXES}",
                      None))
        for key, n in ammo.items():
            name = weapon_name(mission, key)
            heads.append((name, f"Ammo Boxes of {name} clips each man holds; the mission allots "
                                f"{n}", ("ammo", key, n)))
        heads.append(("Ammo Boxes held", f"How many Ammo Boxes each man holds: at most {MAX_BOXES} "
                                         "(FC-039)", None))
        if crew:
            heads.append(("Port Boxes", "The Port Boxes on the slot's card hold a crew weapon's "
                                        "pieces (a light or medium machinegun fills 3, a heavy one "
                                        "4); \"none\": the man in that slot cannot carry one", None))
        self.left = {}
        # as wide as its widest words, so the slots do not jump when a count turns to "too many"
        self.grid.setColumnMinimumWidth(1, self.fontMetrics().horizontalAdvance("10 too many (of 10)"))
        for r, (text, tip, counts) in enumerate(heads):
            head = QLabel(text)
            head.setToolTip(wrapped(tip))
            head.setWordWrap(len(text) > 30)  # a short one wrapped asks a second line's height
            head.setMaximumWidth(LABEL_WIDTH)
            self.grid.addWidget(head, r, 0)
            if counts is not None:
                section, key, n = counts
                left = QLabel()
                left.setToolTip(wrapped(f"{tip}. {left_tip}"))
                self.grid.addWidget(left, r, 1)
                self.left[(section, key)] = (left, n)
        fit = self.progress.roster.available()
        self.slots = []
        for i in range(step.takes):
            col = SlotColumn(i, slot_enters(step, i), slot_port_boxes(step, i), list(weapons),
                             list(ammo), crew=bool(crew))
            col.man.addItem("(nobody)", "")
            for soldier in fit:
                col.man.addItem(printable(str(soldier.name), 30), soldier.id)
                col.man.setItemData(col.man.count() - 1, ratings_line(soldier),
                                    Qt.ItemDataRole.ToolTipRole)
            for r, w in enumerate(col.widgets()):
                if w is None:
                    continue
                centred = isinstance(w, QCheckBox | QSpinBox) or w in (col.boxes, col.port)
                self.grid.addWidget(w, r, i + FIRST_SLOT, Qt.AlignmentFlag.AlignCenter if centred
                                    else Qt.AlignmentFlag.AlignLeft)
            for key, box in col.weapons.items():
                box.setToolTip(f"Slot {i + 1} carries {with_article(weapon_name(mission, key))}")
                box.toggled.connect(self._edited)
            for key, spin in col.ammo.items():
                spin.setToolTip(f"Slot {i + 1}'s Ammo Boxes of {weapon_name(mission, key)} clips")
                spin.valueChanged.connect(self._edited)
            col.man.currentIndexChanged.connect(self._edited)
            self.slots.append(col)
        spare = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        self.grid.addItem(spare, 0, step.takes + FIRST_SLOT)  # the spare width right of the slots
        below = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)
        self.grid.addItem(below, len(heads), 0)  # the spare height under the rows, not between

    def fill(self, loadout: Loadout) -> None:
        self._filling = True
        for col, kit in zip(self.slots, loadout.slots, strict=False):
            col.set_kit(kit)
        self._filling = False
        self._edited()

    def fill_suggested(self) -> None:
        p = self.progress
        self.fill(suggest(p.campaign, p.step_id, p.roster))

    # -- checking --------------------------------------------------------------------------
    def loadout(self) -> Loadout:
        return Loadout([col.kit() for col in self.slots])

    def _edited(self, *_: Any) -> None:
        if self._filling or self.progress is None:
            return
        for col in self.slots:
            col.show_state(self.progress.roster, self.progress.campaign.settings)
        loadout = self.loadout()
        self._show_left(loadout)
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
            self.start_button.setToolTip("Start the mission with these men and this kit (Alt+S); "
                                         "the campaign is saved first")
        self.changed.emit(loadout)

    def _show_left(self, loadout: Loadout) -> None:
        """Beside each row of the allotment: "2 of 3 left", or how many too many are drawn."""
        weapons, ammo = drawn(self.progress.campaign.step(self.progress.step_id), loadout)
        taken = {"weapons": weapons, "ammo": ammo}
        for (section, key), (label, n) in self.left.items():
            more = n - taken[section][key]
            label.setText(f"{more} of {n} left" if more >= 0 else f"{-more} too many (of {n})")
            label.setStyleSheet(f"color: {theme.WARNING.name()};" if more < 0 else "")

    def _start(self) -> None:
        if self.start_button.isEnabled():
            self.start.emit(self.loadout())


def _escape(text: str) -> str:
    return html.escape(printable(text, 300))
