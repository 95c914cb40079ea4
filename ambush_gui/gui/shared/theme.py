"""Display-only values: colours, pens, fonts, z-order. No rule lives here.

Sides are told apart by shape and marking as well as colour (Regulars: round bases
with a white bar; Insurgents: diamond bases), so nobody depends on colour alone.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QApplication, QWidget

# Sides
SIDE_COLOURS = {
    "regular": QColor("#2f6db5"),  # blue
    "insurgent": QColor("#c0392b"),  # red
    "us": QColor("#3d7a3d"),
    "german": QColor("#5f5f5f"),
}
SIDE_NAMES = {"regular": "Regular", "insurgent": "Insurgent", "us": "US", "german": "German"}
CONTRACTOR = QColor("#f1c40f")  # civilians and contractors: yellow
DEPENDANT_RING = QColor("#f39c12")

# Terrain, by kind
TERRAIN_FILL = {
    "building": QColor("#b9a68c"),
    "wall": QColor("#8d7b68"),
    "rubble": QColor("#a39e93"),
    "road": QColor("#5d6166"),
    "vehicle": QColor("#3b3f44"),
    "open": QColor("#c8c29a"),
    "civilian_mob": QColor("#f3e3a1"),  # pale civilian yellow under the crowd's heads
    "minefield": QColor("#b3a06e"),  # churned earth under the warning hatching
}
TERRAIN_EDGE = {
    "building": QColor("#5e4f3c"),
    "wall": QColor("#4a3f33"),
    "rubble": QColor("#6b665c"),
    "road": QColor("#44484d"),
    "vehicle": QColor("#111111"),
    "open": QColor("#9b9570"),
    "civilian_mob": QColor("#9a7d0a"),
    "minefield": QColor("#c0392b"),  # a red warning edge (drawn dashed)
}
IMPASSABLE_FILL = QColor("#4d6b78")  # impassable ground (a canal, a ravine): dark slate
IMPASSABLE_HATCH = QColor(255, 255, 255, 70)  # its cross-hatching, pale over the slate
IMPASSABLE_EDGE = QColor("#1f2f36")
TABLE_GROUND = QColor("#cbbf95")
TABLE_EDGE = QColor("#3a3a3a")
FRIENDLY_EDGE = QColor("#2f6db5")

# Feedback
LEGAL = QColor("#1e8449")
ILLEGAL = QColor("#c0392b")
WARNING = QColor("#9a6700")
"""Doubtful but playable: a warning in the editor's Problems list (amber, readable on white)."""
TAPE = QColor("#111111")
RING_CAUTIOUS = QColor(30, 132, 73, 200)
RING_RAPID = QColor(211, 84, 0, 200)
SIGHT_CLEAR = QColor("#1e8449")
SIGHT_BLOCKED = QColor("#c0392b")
HOT_SPOT = QColor("#8e44ad")
SELECTION = QColor("#f1c40f")

# Z-order on the table
Z_GROUND, Z_TERRAIN, Z_MARKERS, Z_UNITS, Z_OVERLAY, Z_TAPE = 0, 10, 20, 30, 40, 50


def label_font(point_size: float = 9.0, bold: bool = False) -> QFont:
    """A font of ``point_size`` at the player's text scale (View > Larger / Smaller)."""
    f = QFont()
    f.setPointSizeF(scaled(point_size))
    f.setBold(bold)
    return f


# -- comfort: the text and symbol scale, the colour-blind-safe palette (View menu) -------------
SCALE_STEPS = (0.8, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0)
"""The text and symbol scales View > Larger and Smaller step through (1.0: Normal size)."""
SCALE_SETTING = "view/scale"
PALETTE_SETTING = "view/colour-blind-safe"
_BASE_PT = "comfortBasePt"  # a widget property: its font's size at scale 1.0


class Comfort(QObject):
    """The player's text scale and palette, and the signal the windows redraw on."""

    changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.scale = 1.0
        self.safe = False


comfort = Comfort()


def scaled(size: float) -> float:
    """A point or pixel size at the player's text scale."""
    return size * comfort.scale


def symbol_scale(most: float = 1.35) -> float:
    """The player's scale for a symbol that must stay about its place's size (a hex
    map's counter, inside its hex and the margins of its neighbours)."""
    return min(comfort.scale, most)


def tray_px(pixels: int) -> int:
    """A size in the dice tray at the player's scale: never smaller than normal (the cards'
    texts need their width), up to one and a half times, so the tray under the map leaves
    the map its room at 1280x800 (its texts elide, whole in their tooltips)."""
    return round(pixels * max(1.0, symbol_scale(1.5)))


def load_comfort() -> None:
    """The scale and palette last chosen (QSettings), before the first window is built."""
    settings = QSettings("ambush-gui", "ambush-gui")
    try:
        scale = float(settings.value(SCALE_SETTING, 1.0))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        scale = 1.0
    comfort.scale = min(SCALE_STEPS, key=lambda s: abs(s - scale))
    _use_palette(str(settings.value(PALETTE_SETTING, "false")).lower() in ("true", "1"))


def set_scale(scale: float) -> None:
    """Set, remember and announce the text scale (one of :data:`SCALE_STEPS`)."""
    scale = min(SCALE_STEPS, key=lambda s: abs(s - scale))
    if scale == comfort.scale:
        return
    comfort.scale = scale
    QSettings("ambush-gui", "ambush-gui").setValue(SCALE_SETTING, scale)
    comfort.changed.emit()


def step_scale(step: int) -> float:
    """One step larger (+1) or smaller (-1), 0 back to Normal size; the new scale."""
    if step == 0:
        set_scale(1.0)
    else:
        i = SCALE_STEPS.index(comfort.scale) + step
        set_scale(SCALE_STEPS[max(0, min(len(SCALE_STEPS) - 1, i))])
    return comfort.scale


def set_colour_blind_safe(on: bool) -> None:
    """Set, remember and announce the colour-blind-safe palette."""
    if on == comfort.safe:
        return
    _use_palette(on)
    QSettings("ambush-gui", "ambush-gui").setValue(PALETTE_SETTING, on)
    comfort.changed.emit()


def rescale_fonts(root: QWidget, old: float, new: float) -> None:
    """Bring the fonts of ``root`` and everything in it from scale ``old`` to ``new``.

    Every widget gets its own font, of its size at scale 1.0 (remembered on it the first
    time) times ``new``: one that set its font (label_font, a bold copy) had its size at
    ``old``; one that did not has the application's. A widget with a style sheet stops
    the fonts of its parents from reaching its children, so nothing is left to inherit."""
    widgets = [root, *root.findChildren(QWidget)]
    bases = []
    for w in widgets:  # every size read before any is changed (a parent's change flows down)
        base = w.property(_BASE_PT)
        if base is None:
            if w.font().pointSizeF() <= 0:
                continue  # a font in pixels (a die's number): drawn from the scale itself
            own = w.testAttribute(Qt.WidgetAttribute.WA_SetFont)
            base = w.font().pointSizeF() / old if own else QApplication.font(w).pointSizeF()
        bases.append((w, float(base)))
    for w, base in bases:
        f = QFont(w.font())
        f.setPointSizeF(base * new)
        w.setProperty(_BASE_PT, base)
        w.setFont(f)


_STYLE = "_comfort_style"  # the attribute a widget keeps its style sheet's maker in


def paint_style(widget: QWidget, make: Callable[[], str]) -> None:
    """Give ``widget`` the style sheet ``make`` writes from the theme's colours, and keep
    ``make`` to write it again when the palette changes (:func:`repaint_styles`): a style
    sheet holds colours as words, and a decision open when the colour-blind-safe palette
    was chosen kept its old tints until the next one."""
    setattr(widget, _STYLE, make)
    widget.setStyleSheet(make())


def paint_ink(widget: QWidget, colour: QColor) -> None:
    """``widget``'s words in ``colour`` (one of the theme's own: written again if the
    palette changes it)."""
    paint_style(widget, lambda: f"color: {colour.name()};")


def repaint_styles(root: QWidget) -> None:
    """Write again, in the palette now in force, every style sheet :func:`paint_style` gave
    ``root`` and what it holds."""
    for w in [root, *root.findChildren(QWidget)]:
        make = getattr(w, _STYLE, None)
        if make is not None and (sheet := make()) != w.styleSheet():
            w.setStyleSheet(sheet)


def fit_fonts(widget: QWidget) -> None:
    """A widget built just now (a decision's dialog) at the player's text scale: what
    label_font made is already at it, the rest is brought to it."""
    if comfort.scale != 1.0:
        rescale_fonts(widget, comfort.scale, comfort.scale)


# -- Dialogs (gui/table/dialogs, gui/hexmap/dialogs) ----------------------------------------
SIDE_TINTS = {  # pale backgrounds for a side's panels
    "regular": QColor("#e3edf8"),
    "insurgent": QColor("#f8e4e1"),
    "us": QColor("#e4efe4"),
    "german": QColor("#ececec"),
}
NEUTRAL = QColor("#5d6d7e")  # a draw, a panel with no side
BANNER_TEXT = QColor("#ffffff")
DIALOG_TEXT = QColor("#1c2833")
MUTED_TEXT = QColor("#6c7a89")
PANEL_BG = QColor("#f7f5ef")
PANEL_EDGE = QColor("#d5d0c4")
RULE_TAG = QColor("#7d6608")  # the [AA-110] tag beside a modifier
BONUS = QColor("#1e8449")  # a modifier that adds
MALUS = QColor("#c0392b")  # a modifier that takes away
PASSED = QColor("#1e8449")  # a test passed (a Quality Check, a unit that Stands), in the tray
FAILED = QColor("#c0392b")  # a test failed: coloured by what it means, not by whose it is

# Dice faces
DIE_FACE = QColor("#fdfefe")
DIE_EDGE = QColor("#2c3e50")
DIE_PIP = QColor("#17202a")
DIE_DISCARDED = QColor("#d5d8dc")  # set aside (under the target number)
DIE_KEPT_EDGE = QColor("#2c3e50")
DIE_CASUALTY = QColor("#c0392b")  # an attacker die nobody cancels
DIE_SAVED = QColor("#1e8449")  # an attacker die cancelled by a defender die
DIE_DROP_HINT = QColor("#f4d03f")  # a slot under the dragged die
DIE_SIZE = 44  # pixels, the side of one die face

# The casualty chart
CHART_BAR = QColor("#5d6d7e")
CHART_BAR_ZERO = QColor("#1e8449")  # P(0): nobody falls
CHART_MEAN = QColor("#c0392b")
CHART_GRID = QColor("#d5d8dc")

DIALOG_MAX = (1200, 740)  # the largest a dialog grows: clear inside a 1280x800 screen
VICTORY_LEDGER_MAX_HEIGHT = 560  # past this the victory screen's score lines scroll
LAUNCHER_MIN_WIDTH = 760  # the rules options' titles and readings side by side
LAUNCHER_OPTION_SPACING = 2  # between the launcher's rules-option rows (px)
LAUNCHER_DEFAULT_MARK = " (closest to the text)"  # after an option's default reading
LAUNCHER_LIST_MARGIN = 16  # px beyond the widest entry of an open launcher drop-down list

# The window's columns (docks never change width as their text grows)
RIGHT_COLUMN = 400  # the Decision dock and the reading docks under it, on a 1280x800 screen
RIGHT_COLUMN_WIDE = 460  # ... on a screen 1600 pixels wide or more
LEFT_COLUMN = 290  # the turn panel, the AR Track, the cards
WIDE_SCREEN = 1600  # available width from which the wide right column is used
DECISION_SHARE = 0.85  # the most of the right column's height a decision takes (it scrolls)
DOCK_TITLE = 34  # a dock's title bar and frame, added to its body's height
BODY_ROOM = 100  # a decision's list in a short dock: about one card, before its banner gives way
DOCK_FOOT = 8  # pixels kept clear under a scrolled dock's words, above the next dock's title
QT_MAX_SIZE = 16777215  # Qt's QWIDGETSIZE_MAX: no maximum
LOG_LEAST = 150  # the game log's least height under an open decision: about six lines
CHOICES_SHOWN = 3  # a decision's list shows its heading and this many choices, the docks
# under the Decision dock giving way (GameWindow.yielding)
PARAGRAPH_HEAD_LINES = 2  # the paragraph read, giving way to a decision: its number and these lines
MAP_KEEP_MARGIN = 40  # pixels kept between a decision's units and the map view's edge


# -- the free-measure table (gui/table/view.py, gui/table/items.py, gui/table/tape.py) -------------
FIGURE_OUTLINE = QColor("#1b1b1b")
FALLEN_FILL = QColor("#9a9a9a")  # a casualty the dice tray shows, still on the table: greyed
FALLEN_CROSS = QColor("#d0021b")  # and crossed out in red
# The figures' marks (the Regular's white bar, the leader's star, the mortar, the
# support weapon's rocket) are drawn in their SVG symbols, assets/table/*.svg.
CAPTIVE = QColor("#c0392b")  # the dashed ring round a figure held by the enemy
GROUND_FIGURE_RING = QColor(241, 196, 15, 230)  # the dashed ring round the contractors
LABEL_BG = QColor(255, 255, 255, 215)
LABEL_TEXT = QColor("#1b1b1b")
TERRAIN_LABEL = QColor("#2b2b2b")
BLOCKER_EDGE = QColor("#c0392b")  # a piece named as blocking a sight line
ROAD_MARKING = QColor(235, 235, 220, 170)
RUBBLE_SPECKLE = QColor(90, 85, 75, 120)
ROOF_LINE = QColor(255, 255, 255, 60)
HOT_SPOT_TEXT = QColor("#ffffff")
HOT_SPOT_NEUTRAL = QColor("#8a8a8a")
EXIT_BAND = QColor(47, 109, 181, 150)
EXIT_TEXT = QColor("#ffffff")
TABLE_TICK = QColor(60, 55, 40, 150)
TAPE_BAND = QColor("#f4d03f")  # a yellow measuring tape with black inch marks
TAPE_TICK = QColor("#111111")
TAPE_OVER = QColor("#e74c3c")  # the tape past the unit's limit
RING_LIMIT = QColor(47, 109, 181, 230)
RING_LABEL_BG = QColor(255, 255, 255, 190)
GHOST_OPACITY = 0.7
WAYPOINT = QColor("#111111")
ARRIVAL_RING = QColor(142, 68, 173, 220)
PLACE_OPTION = QColor("#1e8449")
PLACE_HOVER = QColor("#f1c40f")
FLASH_BG = QColor(192, 57, 43, 235)
READOUT_WARN_BG = QColor(154, 103, 0, 235)  # the tape's readout: a legal move that costs a
# test (a minefield entered); amber, apart from the red of a refused one (FLASH_BG)
READOUT_WIDTH = 320.0  # pixels: the tape's readout wraps a long reason rather than run wide
FLASH_TEXT = QColor("#ffffff")
INFO_BG = QColor(255, 255, 255, 240)
INFO_EDGE = QColor("#555555")
SCALE_BAR_BG = QColor(255, 255, 255, 215)
SCALE_BAR_INK = QColor("#111111")
VIEW_BACKGROUND = QColor("#4a4f55")  # around the table
Z_LABELS, Z_INFO, Z_FLASH = 35, 60, 70
# the other side's actions on the table (gui/table/motion.py): the shot's arrow and the
# shooter's ring, how long a shot stays, how long a slide takes at each pace (ms)
SHOT_LINE = QColor("#e03a1e")
Z_SLIDING = 45  # a sliding unit passes over the others
SHOT_MS = {"step": 4000, "slow": 3500, "normal": 2500, "fast": 1200, "instant": 1500}
SLIDE_MS = {"step": 900, "slow": 1100, "normal": 700, "fast": 300, "instant": 0}
PLACE_TITLE_WIDTH = 200.0  # pixels: the set-down title wraps rather than run off the view
TERRAIN_NAME_OVERHANG = 1.5  # a piece's name may be this much wider than the piece
STACK_BASES = 0.5  # figures nearer than this many base radii are drawn as one: marked "×n"
STACK_BG = QColor("#333333")
LABEL_GROUP_BASES = 6.0  # single figures this many base radii apart share one label
LABEL_UNGROUP_BASES = 9.0  # and keep sharing it until they are farther apart than this
TABLE_LABEL_PT = 8.5  # unit and terrain labels (points; they keep their size at any zoom)

VEHICLE_BODY = QColor("#eceff1")  # the wreck: a white SUV, bright against the dark road
VEHICLE_EDGE = QColor("#111111")
VEHICLE_GLASS = QColor("#2c3e50")
VEHICLE_SCORCH = QColor(20, 20, 20, 150)
RUBBLE_LABEL_BG = QColor(255, 255, 255, 120)  # a rubble piece's name, over its speckles
MOB_HEAD = QColor("#5d4037")  # a civilian mob stand: a crowd of heads seen from above
MOB_SHOULDERS = QColor("#c99a2e")
MOB_HEAD_EDGE = QColor(40, 30, 20, 170)
MINEFIELD_HATCH = QColor(211, 84, 0, 200)  # warning-orange diagonal stripes
MINEFIELD_MINE = QColor("#1b1b1b")  # the small mine discs among the stripes
TERRAIN_LABEL_BG = QColor(255, 255, 255, 190)  # a label over a busy pattern (mob, minefield)
MINEFIELD_LABEL_BG = QColor(255, 243, 224, 225)  # a minefield's plate: its type, concentration
MINEFIELD_LABEL_EDGE = QColor(211, 84, 0)
# Force on Force modules on the table (gui/table/fof.py)
NFZ_EDGE = QColor(192, 57, 43, 220)  # a mortar team's No Fire Zone (FF-004, FF-011)
NFZ_FILL = QColor(192, 57, 43, 28)
NFZ_TEXT = QColor("#922b21")
LEADER_POSITIVE = QColor(30, 132, 73, 235)  # a Positive Leader's 6" and 8" rings (FF-100)
LEADER_NEGATIVE = QColor(125, 60, 152, 235)  # a Negative Leader's (FF-096)
IED_FILL = QColor("#f5b041")  # an IED the scenario shows before it goes off
IED_EDGE = QColor("#6e2c00")
BLAST_OUTER = QColor(243, 156, 18, 190)  # an IED going off: the burst
BLAST_INNER = QColor(255, 236, 140, 235)
BLAST_EDGE = QColor("#a04000")
BLAST_LABEL_BG = QColor(160, 64, 0, 235)
CRATER = QColor("#2b2118")  # where an IED went off
CRATER_SCORCH = QColor(40, 30, 20, 110)
BLAST_MS = {"step": 4000, "slow": 3500, "normal": 2800, "fast": 1500, "instant": 0}

# Deployment zones (the table editor): translucent side-coloured areas
ZONE_FILL_ALPHA = 46
ZONE_EDGE_ALPHA = 210
ZONE_Z = 12  # above the terrain and the editor grid, under markers and figures


# -- Ambush! docks (gui/hexmap/panels.py, gui/hexmap/paragraph_reader.py) -------------------------
AR_MARKER_HEIGHT = 18  # pixels: one AR marker on the track
AR_MARKER_PT = 8.0
AR_DIE_SIZE = 30  # the initiative dice beside the Round number
AR_OUT_CROSS = QColor("#7b241c")  # the cross over an out-of-the-fight marker
AR_WOUND = QColor("#c0392b")  # the dot on a wounded soldier's marker
AR_PANIC = QColor("#d68910")  # the dot on a panicked soldier's marker
PARAGRAPH_PAPER = QColor("#fbf8ef")  # the booklet page
PARAGRAPH_TAKEN = QColor("#fdebd0")  # the option taken
PARAGRAPH_TAKEN_EDGE = QColor("#d35400")
PARAGRAPH_NUMBER = QColor("#7b241c")  # the large paragraph number
# the booklet's cards and tables (gui/hexmap/brief.py, german_card.py, mission_card.py)
BOOKLET_CURRENT = QColor("#fdebd0")  # the column of the Condition in force
BOOKLET_CURRENT_EDGE = QColor("#d35400")
BOOKLET_HEAD = QColor("#ece6d6")  # a table's heading row
BOOKLET_GRID = QColor("#d5d0c4")
BOOKLET_TABLE_PT = 8.5  # the Action Number and Event column tables
TUTORIAL_BG = QColor("#e8f4fd")  # the tutorial's "what to do next" line
TUTORIAL_EDGE = QColor("#2f6db5")
HEX_CHECK = QColor(142, 68, 173, 40)  # a hex with a Paragraph Check (the View overlay)
HEX_CHECK_EDGE = QColor("#8e44ad")
HEX_CHECK_TEXT_BG = QColor(255, 255, 255, 225)


# -- the Ambush! hex map (gui/hexmap/view.py) ----------------------------------------------------
HEX_TERRAIN_FILL = {  # by the charts' terrain key; a name not here gets HEX_UNKNOWN_FILL
    "clear": QColor("#c9d6a3"),  # meadow
    "road": QColor("#c9d6a3"),  # a meadow hex with the road drawn across it
    "field": QColor("#e4d285"),  # ripe crops
    "orchard": QColor("#b5cf8c"),
    "brush": QColor("#a7b573"),
    "woods": QColor("#5f8a4f"),
    "rubble": QColor("#b7ada0"),
    "wooden-building": QColor("#d6cbb3"),  # a farmyard round the house
    "stone-building": QColor("#cfcac0"),
    "stream": QColor("#c9d6a3"),  # a meadow hex with the stream drawn across it
}
HEX_UNKNOWN_FILL = QColor("#c4b7d6")  # terrain a mission's charts name but the map has no look for
HEX_UNKNOWN_HATCH = QColor(90, 70, 120, 110)
HEX_GLYPH = {  # the ink of each terrain's small pattern
    "field": QColor(150, 120, 40, 150),  # furrows
    "orchard": QColor("#4f7a35"),  # fruit trees in rows
    "brush": QColor("#55622d"),  # tufts
    "woods": QColor("#3c6131"),  # tree crowns
    "woods-edge": QColor("#2a4522"),
    "rubble": QColor("#6d655a"),  # stones
    "wooden-building": QColor("#8a5a33"),  # timber roof
    "stone-building": QColor("#7d7d80"),  # slate roof
    "roof-ridge": QColor(255, 255, 255, 110),
    "building-edge": QColor("#3b2f25"),
}
HEX_ROAD = QColor("#b59a6a")
HEX_ROAD_EDGE = QColor("#8c7650")
HEX_STREAM = QColor("#4f8fc0")
HEX_STREAM_EDGE = QColor("#2f628c")
HEX_HEDGEROW = QColor("#2f5a27")
HEX_HEDGEROW_LEAF = QColor("#4d8a3d")
HEX_WALL = QColor("#9b9484")
HEX_WALL_EDGE = QColor("#4a453c")
HEX_SIDE_OTHER = QColor("#7a4fa0")  # a hexside feature the map has no look for
HEX_GRID = QColor(40, 40, 30)
HEX_GRID_OPACITY = 0.5  # the grid and hex numbers are drawn opaque, then faded
HEX_MAP_EDGE = QColor("#2b2b25")
HEX_LABEL = QColor(30, 30, 25)
HEX_STEP = QColor(30, 132, 73, 85)  # a hex one may enter next
HEX_STEP_EDGE = QColor("#1e8449")
HEX_STEP_TEXT_BG = QColor(255, 255, 255, 225)
HEX_PATH = QColor("#111111")
HEX_PATH_CASING = QColor(255, 255, 255, 200)
HEX_ARROW = QColor("#c0392b")  # the Mission Card's red movement references
HEX_INFO_BG = QColor(255, 255, 255, 225)
COUNTER_TEXT = QColor("#ffffff")
COUNTER_EDGE = QColor("#141414")
COUNTER_SHADOW = QColor(0, 0, 0, 90)
# The counters' emblems (the US star, the German cross) and stance figures are the
# SVGs of assets/hexmap/.
COUNTER_WOUNDED = QColor("#c0392b")
COUNTER_PANICKED = QColor("#e67e22")
COUNTER_UNAWARE = QColor("#5dade2")
COUNTER_NO_COMMAND = QColor("#8e44ad")  # out of command: a red initiative number panics him
COUNTER_OUT_MARK = QColor("#7b241c")
COUNTER_OUT_OPACITY = 0.45
Z_HEX_TERRAIN, Z_HEX_MARKS, Z_HEX_GRID, Z_HEX_LABELS = 0, 5, 10, 12
Z_HEX_STEPS, Z_HEX_PATH, Z_HEX_ARROWS, Z_HEX_COUNTERS, Z_HEX_DRAGGED = 15, 16, 18, 30, 60

# The mission editor's page (gui/editor/hexmap/page.py): the map beside the forms
MISSION_MAP_SHARE = 0.45  # the least share of the mission page the map keeps on first show
MISSION_MAP_LEAST = 240  # the map pane is never made narrower than this (pixels) by a remembered split
MISSION_COMBO_CHROME = 30  # a choice's frame and arrow beside its text: a row's choices read whole
MISSION_HEADER_PAD = 14  # a table header's margins beside its text (a German card's columns)

# The editor's balance chart (gui/editor/chart.py); sides use SIDE_COLOURS, draws NEUTRAL
CHART_LENGTH = QColor("#b9770e")  # the game-length histogram
BALANCE_VERDICT = {  # the verdict under the chart: (background, left edge)
    "out": (QColor("#fdf2e0"), QColor("#d68910")),  # a side or the draws out of band
    "in": (QColor("#e9f5ec"), QColor("#1e8449")),  # in band
}
TARGET_MARK = QColor(214, 48, 49, 110)  # the hex a dialog is pointing at (a target, a throw)

# The table editor (gui/editor/table_*.py): its own marks over the game's items
EDITOR_GRID = QColor(60, 55, 40, 45)  # the inch grid
EDITOR_GRID_MAJOR = QColor(60, 55, 40, 110)  # every 6"
EDITOR_Z_GRID = 11  # just above the terrain, under markers and figures
EDITOR_STATUS_BAD = QColor("#922b21")  # a refused edit, in the page's status line

# The Ambush! "Last fire" dock (gui/hexmap/fire_panel.py): one tint and edge per kind of step
FIRE_DIE_SIZE = 26  # pixels: the small dice of a step
FIRE_STEP = {  # tone -> (background, left edge)
    "plain": (QColor("#fbfaf6"), QColor("#d5d0c4")),
    "good": (QColor("#e9f5ec"), QColor("#1e8449")),  # no jam, not a dud, no clip spent
    "miss": (QColor("#f2f3f4"), QColor("#95a5a6")),
    "hit": (QColor("#fdebd0"), QColor("#d35400")),
    "panic": (QColor("#fdf2e0"), QColor("#d68910")),
    "casualty": (QColor("#fadbd8"), QColor("#922b21")),  # wounded, incapacitated, killed
    "jam": (QColor("#fcf3cf"), QColor("#b7950b")),  # a jam, a dud, a clip spent
    "note": (QColor("#ffffff"), QColor("#ffffff")),  # awareness, stance: small and grey
}
FIRE_SCATTER = QColor("#7d3c98")  # the map arrow from a throw's target to where it landed

# The rules reference (gui/shared/rules_help.py, F1)
REFERENCE_MIN_WIDTH = 460  # pixels: narrower and the Weapon Chart wraps every cell
REFERENCE_MAX_WIDTH = 760  # beside a narrow window it takes what the screen leaves, up to this
REFERENCE_LEFT_LEAST = 250  # a game window's left column this wide takes the reference over it
REFERENCE_NARROWEST = 400  # over a maximised window's right column (400 at 1280x800): not less
RULE_LINK = QColor("#1f5f99")  # a rule ID the player can click
REFERENCE_NOTE = QColor("#444444")  # what a chart's abbreviations mean, above it
CHART_RED = QColor("#b03a2e")  # an AR Track space printed red (panic out of command)
CHART_HEADER_BG = QColor("#e8e4d8")
CHART_FONT_PT = 9  # the chart tables' cells
REFERENCE_RESULTS_SHARE = 0.4  # the search results' share of the rules tab (the entry gets the rest)
REFERENCE_RESULTS_LEAST = 4  # ... grown past it to show at least this many results whole
REFERENCE_RESULTS_MOST = 0.6  # ... up to this share (a large text scale's tall rows)
CHART_CELL_PADDING = 2

# The dice tray (gui/shared/dice_tray.py): the strip under the map
TRAY_DIE_SIZE = 30  # pixels: a die face in the tray
TRAY_HEIGHT = 150  # about the dock's height at Normal size, header and cards (its cards' need sets it)
TRAY_SPARE = 40  # pixels the tray may grow past a card's need: a title's second line, not a panel
TRAY_HISTORY = 150  # throws kept to scroll back through (older ones are dropped)
TRAY_CARD_BG = QColor("#ffffff")
TRAY_OLD_CARD_BG = QColor("#efece4")  # a throw already told: quieter than the latest
TRAY_WAIT_BG = QColor("#fdebd0")  # the header while a big moment waits for the player
TRAY_CARD_WIDTH = 340  # pixels: the least width of a throw's card (its outcome line is elided to it)
HEX_LABEL_MIN_PX = 8.0  # device pixels: the least height of a printed hex number
END_DIALOG_MIN_WIDTH = 460  # pixels: the end of a mission fits over the map at 1280x800
TRAY_CARD_MAX_WIDTH = 560  # pixels: a card widens to this for a long outcome (on two lines)
TRAY_BLOCK_WIDTH = 150  # pixels: the least width of one roll of several in a card

MESSAGE_BOX_LINES = 16
"""How many problem lines a "cannot open" box shows: it must fit a 1280x800 screen with its
OK button (the rest are counted; ``ambush-gui validate`` lists them all)."""

# The timeline under the map (gui/shared/theatre.py)
BIG_MOMENT = QColor("#d03030")  # a big moment's diamond: the red the dice tray's waits are told in
TIMELINE_NOW = QColor("#2a7a2a")  # the thick line where the game stands
TIMELINE_SHOWN = QColor("#3b7be0")  # the stop being watched
WATCHING_STYLE = (f"background:{TIMELINE_SHOWN.darker(150).name()};color:white;border-radius:4px;"
                  "font-weight:bold;")  # the Turn panel's banner while a past moment is watched

# The hot-seat hand-over curtain (gui/shared/curtain.py): opaque when a side holds secrets,
# see-through (the table in sight) otherwise
CURTAIN = QColor("#2b2f36")
CURTAIN_SEE_THROUGH = QColor(43, 47, 54, 110)


# -- the colour-blind-safe palette (View > Colour-blind safe colours) -----------------------------
# The sides in colours a red/green colour-blind player tells apart (Okabe and Ito's palette:
# blue against vermilion, blue against a dark grey), and the red/green feedback marks
# (legal/illegal, a clear/blocked sight line, a die saved/lost, a bonus/malus) as blue and
# vermilion. The sides also differ in shape everywhere (SIDE_MARKS, the figures' bases).
SAFE_SIDE_COLOURS = {
    "regular": QColor("#0072b2"),  # blue
    "insurgent": QColor("#d55e00"),  # vermilion
    "us": QColor("#0072b2"),
    "german": QColor("#4d4d4d"),
}
SAFE_SIDE_TINTS = {
    "regular": QColor("#dcebf5"),
    "insurgent": QColor("#f9e3d3"),
    "us": QColor("#dcebf5"),
    "german": QColor("#ececec"),
}
SAFE_GOOD, SAFE_BAD = QColor("#0072b2"), QColor("#d55e00")
_FEEDBACK = {  # the red/green pairs: name -> good (True) or bad (False)
    "LEGAL": True, "ILLEGAL": False, "SIGHT_CLEAR": True, "SIGHT_BLOCKED": False,
    "BONUS": True, "MALUS": False, "DIE_SAVED": True, "DIE_CASUALTY": False,
    "PASSED": True, "FAILED": False,
    "BIG_MOMENT": False,  # the timeline's diamonds: a casualty, a panic
}
_NORMAL = {
    "SIDE_COLOURS": {k: QColor(v) for k, v in SIDE_COLOURS.items()},
    "SIDE_TINTS": {k: QColor(v) for k, v in SIDE_TINTS.items()},
    **{name: QColor(globals()[name]) for name in _FEEDBACK},
}
SIDE_MARKS = {"regular": "●", "insurgent": "◆", "us": "★", "german": "✚"}
"""The shape beside a side's name wherever its colour shows it (a banner, a tray card, the
score): the Regulars' round bases, the Insurgents' diamonds, the US star, the German cross."""


def svg_side_colour(side: str) -> QColor:
    """The side's colour as the art's SVGs are drawn (the normal palette): recoloured from it."""
    colour = _NORMAL["SIDE_COLOURS"]
    assert isinstance(colour, dict)
    return colour[side]


def side_mark(side: str) -> str:
    """The side's shape, to put before its name: a side told by colour alone is not told."""
    return SIDE_MARKS.get(side, "")


def _use_palette(safe: bool) -> None:
    """Put the normal or the safe colours in place: the QColor objects themselves change,
    so a label or item that kept one (a unit plate's edge) is redrawn in the new colour."""
    comfort.safe = safe
    normal_sides, normal_tints = _NORMAL["SIDE_COLOURS"], _NORMAL["SIDE_TINTS"]
    assert isinstance(normal_sides, dict) and isinstance(normal_tints, dict)
    for key, colour in SIDE_COLOURS.items():
        colour.setRgba((SAFE_SIDE_COLOURS if safe else normal_sides)[key].rgba())
    for key, colour in SIDE_TINTS.items():
        colour.setRgba((SAFE_SIDE_TINTS if safe else normal_tints)[key].rgba())
    for name, good in _FEEDBACK.items():
        normal = _NORMAL[name]
        assert isinstance(normal, QColor)
        globals()[name].setRgba(((SAFE_GOOD if good else SAFE_BAD) if safe else normal).rgba())
