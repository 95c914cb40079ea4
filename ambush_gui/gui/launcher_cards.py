"""The launcher's scenario cards: one card per scenario or mission, with a thumbnail drawn
from its own map, the first lines of its brief, its rules, how it plays, its length and its
balance as the simulator measured it.

Why cards: the launcher is the first thing an installed player sees, and a drop-down of
titles told them nothing about what each game is. Everything on a card is read from the
scenario file itself (and ``data/balance.toml``, written by ``tools/measure_balance.py``),
so a new scenario gets a card with no code.

The thumbnails are the real table and hex map scenes drawn small. Drawing one costs a game
and a scene (~0.1 s), so the launcher's first frame never waits for them: each card shows a
plain placeholder, the thumbnails are drawn one per event-loop turn after the first frame,
and each is kept on disk (``<data folder>/thumbnails/<file hash>.png``) so the next start
reads a PNG instead.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QImage, QKeyEvent, QMouseEvent, QPainter, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.core.errors import printable
from ambush_gui.gui.shared import paths, theme

THUMB = QSize(150, 150)  # the thumbnail's box on a card (pixels)
BRIEF_CHARS = 190  # the brief's first lines on a card: about three lines of card text
CARD_MIN_WIDTH = 520  # a thumbnail and its text side by side without a squeezed balance line
MODULE_TITLES = {
    "mortars": "Mortars", "nbc": "NBC", "mines": "Mines", "ieds": "IEDs", "mounted": "Mounted",
    "combat_stress": "Combat Stress", "civilians": "Civilians",
}
# Ambush!'s house-rule limits when a mission sets none (the defaults in ambush/mission/schema.py, which a
# test compares with these): importing the mission models would cost the first frame 0.1 s.
AMBUSH_TURN_LIMIT = 60
AMBUSH_ROUND_LIMIT = 30
PLAY_WAYS = {
    "alley": "Hot-seat, or solo against the computer on either side",
    "ambush": "Solitaire: you lead the US squad, the mission's paragraphs play the Germans",
}


def file_hash(path: str | Path) -> str:
    """The SHA-256 of a scenario file: the key of its balance figures and its thumbnail."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def balance_table() -> dict[str, Any]:
    """``data/balance.toml`` (empty when missing or unreadable: the cards then say "not
    measured", the launcher still opens)."""
    try:
        text = resources.files("ambush_gui").joinpath("data/balance.toml").read_text(encoding="utf-8")
        return tomllib.loads(text)
    except (OSError, tomllib.TOMLDecodeError, ValueError):
        return {}


TABLE_RULES = "Ambush Alley (table)"
LEARN_TABLE = "the shortest: start here to learn the table game"
"""Said on the first table scenario's card (the launcher lists the shortest first)."""


@dataclass
class CardInfo:
    """What a card says about one scenario file."""

    name: str
    title: str
    system: str
    path: Path
    sha256: str
    rules: str  # "Ambush Alley (table)", "… , Force on Force modules: Civilians, IEDs", "Ambush! …"
    play: str
    length: str
    brief: str
    balance: str
    measured: bool  # the balance is for this version of the file
    own: bool = False  # the designer's own file (the "Your scenarios" section), not a shipped one
    problem: str = ""  # why the file cannot be played (its first problem), "" when it can


def _brief(text: str) -> str:
    """The brief's first lines, cut at a word with an ellipsis."""
    flat = " ".join(str(text).split())
    if len(flat) <= BRIEF_CHARS:
        return flat
    return flat[:BRIEF_CHARS].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def _side_names(system: str, data: dict[str, Any]) -> dict[str, str]:
    if system == "ambush":
        return {"us": "US", "german": "Germans"}
    names = {"regular": "Regulars", "insurgent": "Insurgents"}
    sides = data.get("sides") or {}
    for key in names:
        own = (sides.get(key) or {}).get("name") if isinstance(sides, dict) else None
        if isinstance(own, str) and own.strip():
            names[key] = printable(own, 30)
    return names


def balance_line(name: str, sha256: str, system: str, data: dict[str, Any],
                 table: dict[str, Any]) -> tuple[str, bool]:
    """"Balance, 200 computer games: Regulars 58% · Insurgents 37% · draws 5%", or why
    there is none; and whether the figure is for this version of the file."""
    entry = table.get(name)
    if not isinstance(entry, dict):
        return "Balance not measured yet", False
    if entry.get("sha256") != sha256:
        return "Balance not measured for this version", False
    wins = dict(entry.get("wins") or {})
    games = int(entry.get("games") or sum(int(v) for v in wins.values()) or 0)
    if games <= 0:
        return "Balance not measured yet", False
    names = _side_names(system, data)
    parts = [f"{names.get(side, side.capitalize())} {round(100 * int(n) / games)}%"
             for side, n in wins.items() if side != "draw"]
    parts.append(f"draws {round(100 * int(wins.get('draw', 0)) / games)}%")
    return f"Balance, {games} computer games: " + " · ".join(parts), True


def card_info(name: str, title: str, system: str, path: Path,
              table: dict[str, Any] | None = None) -> CardInfo:
    """Everything a card shows, from the file (raw TOML: the launcher does not validate six
    scenarios before its first frame)."""
    from ambush_gui.core.errors import ScenarioError
    from ambush_gui.core.files import read_data

    try:
        data = dict(read_data(path, ScenarioError))
    except ScenarioError:
        data = {}
    digest = file_hash(path)
    mods = data.get("modules") or []
    modules = [str(m) for m in (mods if isinstance(mods, list | dict) else [])]
    if system == "ambush":
        rules = "Ambush! (solitaire, hex map)"
        turns = data.get("operations_turn_limit", AMBUSH_TURN_LIMIT)
        rounds = data.get("round_limit", AMBUSH_ROUND_LIMIT)
        length = f"Up to {turns} operations turns; a firefight ends after {rounds} rounds"
    else:
        # "table" as the hex cards say "hex map": a new player looking for the table game
        # found no card that said it, and the modules' line did not say Ambush Alley at all
        rules = TABLE_RULES + (", Force on Force modules: " + ", ".join(
            MODULE_TITLES.get(m, m) for m in modules) if modules else "")
        turns = data.get("turn_limit", 8)
        length = f"{turns} turns" if isinstance(turns, int) else "8 turns"
    balance, measured = balance_line(name, digest, system, data,
                                     balance_table() if table is None else table)
    return CardInfo(name, printable(title, 60), system, Path(path), digest, rules,
                    PLAY_WAYS.get(system, ""), length, _brief(str(data.get("brief", ""))),
                    balance, measured)


def why_not(exc: BaseException) -> str:
    """A file's first problem, briefly, for its card: "victory.awards[0].points: expected a
    whole number (and 2 more: open it in the editor)"."""
    from ambush_gui.core.errors import InputError

    if isinstance(exc, InputError) and exc.described:
        place, what = exc.described[0]
        more = len(exc.described) - 1
        tail = f" (and {more} more: the editor lists them)" if more else ""
        return printable(f"{place or 'the file'}: {what}", 140) + tail
    return printable(f"{type(exc).__name__}: {exc}", 140)


def own_card(path: Path) -> CardInfo | None:
    """The card of a designer's own scenario or mission file, validated now, so that a file
    that cannot be played says why on its card (it is still listed: the designer made it).
    None for a campaign (the campaign card starts those) or a file that cannot be read."""
    from ambush_gui import systems
    from ambush_gui.core.errors import ScenarioError
    from ambush_gui.core.files import read_data

    try:
        data = dict(read_data(path, ScenarioError))
    except ScenarioError:
        data = {}
    if data.get("kind") == "campaign":
        return None
    system = data.get("system", "alley")
    system = system if system in PLAY_WAYS else "alley"
    problem = ""
    try:
        systems.load_scenario(path)
    except Exception as exc:  # noqa: BLE001 - any file: its card says why, the launcher opens
        problem = why_not(exc)
    name, title = data.get("name"), data.get("title")
    try:
        info = card_info(name if isinstance(name, str) and name else path.stem,
                         title if isinstance(title, str) and title.strip() else path.stem,
                         system, path, {})
    except OSError:
        return None
    info.own, info.problem = True, problem
    # balance.toml measures the shipped files: a copy that kept a shipped name is not one
    info.balance, info.measured = own_balance(info.name, path, system, data)
    return info


OWN_BALANCE = "balance-own.json"
"""In the data folder: the editor's last Simulate of each of the designer's files, keyed
by the SHA-256 of the file as saved ({sha: {"games": n, "wins": {side: n}}})."""
OWN_BALANCE_KEEP = 200  # files remembered at most (the oldest forgotten first)


def remember_balance(text: str, games: int, wins: dict[str, int]) -> None:
    """Keep the editor's Simulate of the scenario whose saved text is ``text`` for its card
    (a play-tester's card still read "Balance not measured" after a Simulate and a save).
    Best effort: a folder that cannot be written loses the figure, never the work."""
    from ambush_gui.core.files import atomic_write
    from ambush_gui.gui.shared import paths

    where = paths.data_dir() / OWN_BALANCE
    table = _own_balances(where)
    key = _digest(text.encode("utf-8"))
    table.pop(key, None)  # put last: the newest is kept longest
    table[key] = {"games": int(games), "wins": {str(k): int(v) for k, v in wins.items()}}
    kept = dict(list(table.items())[-OWN_BALANCE_KEEP:])
    try:
        atomic_write(where, json.dumps(kept, indent=1))
    except OSError:
        pass


def _digest(data: bytes) -> str:
    """A file's key, its line ends as Unix writes them (a Windows save's CRLF alike)."""
    return hashlib.sha256(data.replace(b"\r\n", b"\n")).hexdigest()


def _own_balances(where: Path) -> dict[str, Any]:
    try:
        table = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return table if isinstance(table, dict) else {}


def own_balance(name: str, path: Path, system: str, data: dict[str, Any]) -> tuple[str, bool]:
    """The card's balance line for the designer's file at ``path``: its last Simulate in
    the editor, when the file is as it was simulated."""
    from ambush_gui.gui.shared import paths

    try:
        digest = _digest(Path(path).read_bytes())
    except OSError:
        return OWN_NOT_MEASURED, False
    entry = _own_balances(paths.data_dir() / OWN_BALANCE).get(digest)
    if not isinstance(entry, dict):
        return OWN_NOT_MEASURED, False
    line, measured = balance_line(name, digest, system, data, {name: {**entry, "sha256": digest}})
    return (line.replace("Balance, ", "Balance (your Simulate), ", 1), True) if measured else \
        (OWN_NOT_MEASURED, False)


OWN_NOT_MEASURED = "Balance not measured: the editor's Simulate (Ctrl+R) measures it"


def own_cards(folder: Path) -> list[CardInfo]:
    """The cards of the scenarios and missions in ``folder`` (the editor's), by title."""
    infos = [own_card(p) for p in sorted(folder.glob("*.toml"))]
    return sorted((i for i in infos if i is not None), key=lambda i: (i.title.lower(), str(i.path)))


# -- thumbnails ----------------------------------------------------------------------------

def thumbnail_dir() -> Path:
    p = paths.data_dir() / "thumbnails"
    p.mkdir(parents=True, exist_ok=True)
    return p


def thumbnail_path(sha256: str) -> Path:
    """A thumbnail is keyed by its file's hash: an edited scenario gets a fresh one."""
    return thumbnail_dir() / f"{sha256[:32]}-{THUMB.width()}.png"


def render_thumbnail(path: Path, system: str) -> QImage:
    """The scenario's map at its start, drawn by the game's own scene code into a small
    image (the table's figures and terrain, or the mission's hex map)."""
    from ambush_gui import systems

    image = QImage(THUMB, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(theme.PANEL_BG)
    game: Any = systems.new_game(systems.load_scenario(path), 1)  # an AlleyGame or AmbushGame
    owner: Any
    if system == "ambush":
        from ambush_gui.gui.hexmap.view import HexMapView, counters_for

        owner = HexMapView(game.state.map)
        owner.set_counters(counters_for(game.state))
        scene = owner.scene()
        source = owner.geo.bounds.adjusted(-2, -2, 2, 2)  # the map (not the notes around it)
    else:
        from ambush_gui.gui.table.items import LabelItem
        from ambush_gui.gui.table.scene import TableScene

        owner = scene = TableScene(game)
        for item in scene.items():  # labels keep their screen size: at this scale they hide the map
            if isinstance(item, LabelItem) or item.flags() & item.GraphicsItemFlag.ItemIgnoresTransformations:
                item.hide()
        source = scene.table_rect()
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(0, 0, THUMB.width(), THUMB.height()), source,
                 Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    owner.deleteLater()
    return image


def thumbnail(info: CardInfo) -> QPixmap:
    """The card's thumbnail: from the disk cache, or drawn now and cached."""
    cached = thumbnail_path(info.sha256)
    if cached.exists():
        pix = QPixmap(str(cached))
        if not pix.isNull():
            return pix
    image = render_thumbnail(info.path, info.system)
    try:
        image.save(str(cached))  # PNG, from the name
    except OSError:  # a read-only data folder: the card still shows the thumbnail
        pass
    return QPixmap.fromImage(image)


# -- the cards -----------------------------------------------------------------------------

class ScenarioCard(QFrame):
    """One scenario's card; a click selects it, a double-click starts it."""

    clicked = Signal(int)
    activated = Signal(int)

    def __init__(self, index: int, info: CardInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.index = index
        self.info = info
        self.setObjectName("card")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumWidth(CARD_MIN_WIDTH)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 8, 8, 8)
        self.thumb = QLabel()
        self.thumb.setFixedSize(THUMB)
        self.thumb.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.thumb.setStyleSheet(f"background: {theme.PANEL_EDGE.name()};")
        self.thumb.setToolTip("The map at the start of the game")
        self.thumb_drawn = False
        row.addWidget(self.thumb, 0, Qt.AlignmentFlag.AlignTop)
        col = QVBoxLayout()
        col.setSpacing(2)
        title = QLabel(info.title)
        title.setFont(theme.label_font(12, True))
        title.setWordWrap(True)  # at larger text it was cut: "The Quiet Farm (tutoria"
        col.addWidget(title)
        self.problem = QLabel(f"Cannot be played yet: {info.problem}" if info.problem else "")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(f"color: {theme.ILLEGAL.name()};")
        self.problem.setToolTip("The file's first problem: open it in the Scenario editor, whose "
                                "Problems list shows each one and its place")
        self.problem.setVisible(bool(info.problem))
        col.addWidget(self.problem)
        muted = f"color: {theme.MUTED_TEXT.name()};"
        self.rules = QLabel(info.rules)
        self.rules.setToolTip("The rules this scenario plays (Force on Force modules named)")
        self.play = QLabel(info.play)
        self.play.setToolTip("How it can be played: choose the players in the form beside the cards")
        self.length = QLabel(info.length)
        self.length.setToolTip("How long a game lasts")
        self.balance = QLabel(info.balance)
        self.balance.setToolTip(
            "How often each side won when the computer's Normal player played both sides "
            "(tools/measure_balance.py). 'Not measured for this version': the file changed "
            "since it was measured." if info.system == "alley" else
            "How often the US squad won when the computer played it against the paragraphs "
            "(tools/measure_balance.py). 'Not measured for this version': the file changed "
            "since it was measured.")
        if not info.measured:
            self.balance.setStyleSheet(muted + " font-style: italic;")
        self.brief = QLabel(info.brief)
        self.brief.setWordWrap(True)
        self.brief.setStyleSheet(muted)
        self.brief.setToolTip(info.brief)
        for w in (self.rules, self.play, self.length, self.balance):
            w.setWordWrap(True)
            col.addWidget(w)
        col.addWidget(self.brief)
        col.addStretch(1)
        row.addLayout(col, 1)
        where = f" ({info.path})" if info.own else ""
        self.setToolTip(f"{info.title}{where}: click to choose it, double-click or Enter to start")
        self.set_selected(False)

    def set_selected(self, on: bool) -> None:
        self.selected = on
        if not on:
            self.set_players(None)
        edge = theme.SELECTION.name() if on else theme.PANEL_EDGE.name()
        bg = QColor(theme.SELECTION).lighter(185).name() if on else theme.PANEL_BG.name()
        self.setStyleSheet(f"QFrame#card {{ border: {3 if on else 1}px solid {edge}; "
                           f"border-radius: 6px; background: {bg}; }}")

    def set_players(self, way: str | None) -> None:
        """The way this game will be played, on the chosen card in bold ("Players: Hot-seat:
        two players at this computer"); None: the ways it can be played."""
        font = self.play.font()
        font.setBold(way is not None)
        self.play.setFont(font)
        self.play.setText(f"Players: {way}" if way else self.info.play)
        self.play.setToolTip("How this game will be played: change it under Players, beside the "
                             "cards" if way else
                             "How it can be played: choose the players in the form beside the cards")

    def set_thumbnail(self, pix: QPixmap) -> None:
        self.thumb.setPixmap(pix)
        self.thumb.setStyleSheet("")  # the placeholder's grey would frame a wide map
        self.thumb_drawn = True

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.index)
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if event.button() == Qt.MouseButton.LeftButton:
            self.activated.emit(self.index)


class _Cards(QWidget):
    """The grid's widget: as tall as its cards' words wrap at its width. The minimum a
    layout gives counts wrapped words at their narrowest, which left a screen of blank grid
    under the last card; the scroll area sizes it by its height for the width instead."""

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(super().minimumSizeHint().width(), 0)


class CardGrid(QScrollArea):
    """The cards in a grid that scrolls; arrow keys move the choice, Enter starts it.

    ``selected(index)`` when the choice moves, ``activated(index)`` to start."""

    selected = Signal(int)
    activated = Signal(int)

    def __init__(self, infos: list[CardInfo], parent: QWidget | None = None,
                 own_header: QWidget | None = None) -> None:
        """``own_header`` heads the designer's own cards (``CardInfo.own``), placed after
        the shipped ones, on a row of its own."""
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolTip("The scenarios and missions: arrow keys choose, Enter starts")
        self.setFrameShape(QFrame.Shape.NoFrame)
        inner = _Cards()
        self.grid = QGridLayout(inner)
        self.grid.setSpacing(8)
        self.grid.setContentsMargins(2, 2, 2, 2)
        self.own_header = own_header
        self.cards: list[ScenarioCard] = []
        for info in infos:
            self._new_card(info)
        self.setWidget(inner)
        self.current = -1
        self.columns = 0
        self._stretch_row = 0
        self._lay_out(1)
        self._pending = list(range(len(self.cards)))
        self._painted = False  # the cards' first frame is on the screen
        self._waiting = False  # thumbnails asked for before it
        self.viewport().installEventFilter(self)
        inner.installEventFilter(self)  # it covers the viewport, which then may not paint

    def _new_card(self, info: CardInfo) -> ScenarioCard:
        card = ScenarioCard(len(self.cards), info)
        card.clicked.connect(self.choose)
        card.activated.connect(self.activated.emit)
        card.clicked.connect(lambda *_: self.setFocus())
        self.cards.append(card)
        return card

    def add(self, info: CardInfo) -> int:
        """A card more (a scenario file opened from elsewhere), at the end; its index."""
        card = self._new_card(info)
        self._pending.append(card.index)
        columns, self.columns = self.columns, 0
        self._lay_out(columns)
        if self._painted and self.isVisible():
            QTimer.singleShot(0, self, self._next_thumbnail)
        return card.index

    def _lay_out(self, columns: int) -> None:
        """The shipped cards, then the designer's own under their header on a row of its own."""
        columns = max(1, columns)
        if columns == self.columns:
            return
        self.columns = columns
        for card in self.cards:
            self.grid.removeWidget(card)
        if self.own_header is not None:
            self.grid.removeWidget(self.own_header)
        row = col = 0
        headed = self.own_header is None
        for card in self.cards:
            if card.info.own and not headed:
                row, col = (row + 1 if col else row), 0
                self._place_header(row, columns)
                row, headed = row + 1, True
            self.grid.addWidget(card, row, col)
            col += 1
            if col == columns:
                row, col = row + 1, 0
        end = row + (1 if col else 0)
        if not headed:  # no own scenario yet: the header says how to make one
            self._place_header(end, columns)
            end += 1
        self.grid.setRowStretch(self._stretch_row, 0)
        self._stretch_row = end
        self.grid.setRowStretch(end, 1)

    def _place_header(self, row: int, columns: int) -> None:
        if self.own_header is not None:
            self.grid.addWidget(self.own_header, row, 0, 1, columns)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._lay_out(self.viewport().width() // (CARD_MIN_WIDTH + 40))

    def draw_thumbnails_later(self) -> None:
        """Draw (or read from the cache) one thumbnail per event-loop turn, the chosen card's
        first, once the cards have painted their first frame: a timer started at show time
        ran before the first paint and held it back 0.25 s with an empty cache."""
        if self.current in self._pending:
            self._pending.remove(self.current)
            self._pending.insert(0, self.current)
        if self._painted:
            QTimer.singleShot(0, self, self._next_thumbnail)
        else:
            self._waiting = True

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Paint and not self._painted:
            self._painted = True
            if self._waiting:
                self._waiting = False
                QTimer.singleShot(0, self, self._next_thumbnail)  # after this frame
        return super().eventFilter(obj, event)

    def _next_thumbnail(self, hidden_too: bool = False) -> None:
        """One thumbnail, then the next on the next turn; a closed launcher stops drawing
        (it carries on when shown again)."""
        if not self._pending or not (hidden_too or self.isVisible()):
            return
        card = self.cards[self._pending.pop(0)]
        try:
            card.set_thumbnail(thumbnail(card.info).scaled(
                THUMB, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation))
        except Exception:  # noqa: BLE001 - a thumbnail that cannot be drawn leaves the placeholder
            card.thumb.setText("no map")
        if not hidden_too:
            QTimer.singleShot(0, self, self._next_thumbnail)

    def draw_all_thumbnails(self) -> None:
        """Every thumbnail now (tests, screenshots)."""
        while self._pending:
            self._next_thumbnail(hidden_too=True)

    def show_current(self) -> None:
        if 0 <= self.current < len(self.cards):
            self.ensureWidgetVisible(self.cards[self.current], 10, 10)

    def choose(self, index: int) -> None:
        if not 0 <= index < len(self.cards) or index == self.current:
            return
        if 0 <= self.current < len(self.cards):
            self.cards[self.current].set_selected(False)
        self.current = index
        self.cards[index].set_selected(True)
        self.ensureWidgetVisible(self.cards[index], 10, 10)
        self.selected.emit(index)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        key = event.key()
        step = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1,
                Qt.Key.Key_Up: -self.columns, Qt.Key.Key_Down: self.columns}.get(Qt.Key(key))
        if step is not None:
            self.choose(min(max(self.current + step, 0), len(self.cards) - 1))
            event.accept()
            return
        if key in (Qt.Key.Key_Home, Qt.Key.Key_End):
            self.choose(0 if key == Qt.Key.Key_Home else len(self.cards) - 1)
            event.accept()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.current >= 0:
            self.activated.emit(self.current)
            event.accept()
            return
        super().keyPressEvent(event)
