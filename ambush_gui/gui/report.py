"""The after-action report: a saved game told as one self-contained HTML page.

``write(save, out)`` replays the save once. Every answer is told in the words the game
window narrates a computer's answer with (:func:`ambush_gui.ai.narrate.narrate`), every
event the engine logs is the story, headed turn by turn (Round by Round in Ambush!), and
at each big moment (:func:`ambush_gui.gui.shared.pacing.big_moment`: a casualty, a panic, a
German's first appearance, an IED going off, a Hot Spot taken...; the moments of one answer
together: a volley's casualties and their First Aid are one moment, not one each) the
program's own scene (:class:`~ambush_gui.gui.table.scene.TableScene`, or the Ambush! map's
:class:`~ambush_gui.gui.hexmap.view.HexMapView`) draws the table or the map as it stands
then into a PNG, on the table with the shot (firer to target, as the game window draws it)
and a ring about each figure hit, the removed ones crossed out; beside it every die of the
throws that brought the moment (the fire and its match, then the First Aid). The story ends
with a picture of the final position, then the victory table (the data the victory screens
show) and the rules options played.

The page needs nothing else: its pictures are ``data:`` URIs, its style is inline, it has
no script and names no address. A finished game shows everything (the issue: "after the
game, all"); an unfinished one only what both players saw (:data:`ambush_gui.core.view.PUBLIC`),
and says so.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from ambush_gui import systems
from ambush_gui.core import saves
from ambush_gui.core.events import Event
from ambush_gui.core.files import atomic_write
from ambush_gui.core.view import ALL, PUBLIC, View, decision_event, hidden_pieces
from ambush_gui.core.words import count
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.pacing import attached, big_moment, shown_faces
from ambush_gui.gui.shared.shot_marks import ShotMarks, hit_ring

PICTURE_WIDTH = 960
"""Pixels across each picture: the whole table or map, readable on a laptop's screen."""

SHOT_RADIUS = 0.45
"""An Ambush! counter's half-width in hex sizes, where a shot's arrow starts and ends."""

SUFFIX = ".html"


@dataclass
class Moment:
    """One picture of the report: the table or map as it stood at the big moments of one
    answer (``events``; ``after``: during which answer), and every die of the throws that
    brought them."""

    number: int
    after: int
    events: list[Event]
    dice: list[Event]
    pictures: dict[str, bytes] = field(default_factory=dict)  # viewer -> PNG or JPEG (png())

    def picture(self, viewer: str) -> bytes:
        return self.pictures.get(viewer) or self.pictures[ALL]


@dataclass
class Report:
    """What one replay of a save collected: the finished or unfinished ``game``, its
    ``story`` (events and moments in order) and who played (``players``)."""

    game: Any
    story: list[Event | Moment]
    players: dict[str, str]
    source: str
    saved_by: str = ""  # the version of the program that wrote the save ("": before 0.9.0)
    final: dict[str, bytes] = field(default_factory=dict)  # viewer -> the final position

    @property
    def moments(self) -> list[Moment]:
        return [m for m in self.story if isinstance(m, Moment)]

    @property
    def viewer(self) -> str:
        """Whose view the report tells: all after the game, what both players saw before."""
        return ALL if self.game.over else PUBLIC


# -- the replay ---------------------------------------------------------------------------


class _Recorder:
    """Listens to one replay (:func:`ambush_gui.core.saves.replay` calls the game's
    ``answer`` for each saved answer): narrates each answer, takes each event as the engine
    logs it and, at a big moment, draws the board as it stands then, mid-answer, as the
    game window shows it. The big moments of one answer (a volley's casualties and their
    First Aid) are one picture here, drawn at the last of them: three near-identical
    pictures of one volley told the story three times."""

    def __init__(self) -> None:
        self.game: Any = None
        self.story: list[Event | Moment] = []
        self.events: list[Event] = []  # every event logged, in order
        self.group: list[int] = []  # the big moments of the answer going on (indexes in events)
        self.since = 0  # the first event after the last moment: where its throws are looked for
        self.pictures: dict[str, QImage] = {}  # the board at the group's last big moment
        self.answers = 0
        self.board: _Board | None = None

    def factory(self, *args: Any, **kwargs: Any) -> Any:
        """:func:`ambush_gui.systems.factory`, with the game's answers and log listened to."""
        from ambush_gui.ai.narrate import narrate

        game = self.game = systems.factory(*args, **kwargs)
        game.log.subscribe(self.logged)
        answer = game.answer

        def answered(choice: Any) -> Any:
            self.close()  # an answer starts a new moment
            d = game.pending()
            self.answers += 1
            if d is not None:
                self.story.append(decision_event("answer", narrate(game, d, choice), d))
            return answer(choice)

        setattr(game, "answer", answered)  # noqa: B010 - this game's answers only
        return game

    def logged(self, event: Event) -> None:
        self.events.append(event)
        self.story.append(event)
        d = event.data
        firer, aim = d.get("attacker") or d.get("firer"), d.get("target") or d.get("wall")
        if event.kind == "fire" and firer and aim:  # the table's unit, or an Ambush! soldier
            self._board().shot(str(firer), str(aim))
        if not big_moment(event):
            return
        self.group.append(len(self.events) - 1)
        board = self._board()
        if event.kind in ("casualty", "first_aid") and isinstance(d.get("figure"), str):
            board.hit(d["figure"], removed=event.kind == "casualty")
        elif event.kind == "damage" and isinstance(d.get("soldier"), str):  # Ambush!
            board.hit(d["soldier"], removed=False)
        self.pictures = {ALL: board.draw(ALL)}
        if any(not h.seen_by(PUBLIC) for h in hidden_pieces(self.game).values()):
            self.pictures[PUBLIC] = board.draw(PUBLIC)  # kept if the game is unfinished

    def _board(self) -> _Board:
        if self.board is None:
            self.board = _Board(self.game)
        return self.board

    def close(self) -> None:
        """The moment of the answer just told, if it had big moments."""
        if not self.group:
            if self.board is not None:
                self.board.told_nothing()
            return
        number = sum(isinstance(m, Moment) for m in self.story) + 1
        self.story.append(Moment(number, self.answers, [self.events[k] for k in self.group],
                                 throws(self.events, self.group, self.since),
                                 {who: png(image) for who, image in self.pictures.items()}))
        self.group, self.pictures, self.since = [], {}, len(self.events)
        if self.board is not None:
            self.board.clear()

    def final(self) -> dict[str, bytes]:
        """The board as the game left it (everything; and, unfinished with pieces hidden,
        what both players saw), with no shot or hit on it."""
        board = self._board()
        board.clear()
        images = {ALL: board.draw(ALL)}
        if not self.game.over and any(not h.seen_by(PUBLIC) for h in hidden_pieces(self.game).values()):
            images[PUBLIC] = board.draw(PUBLIC)
        return {who: png(image) for who, image in images.items()}


def throws(events: Sequence[Event], moments: Iterable[int], since: int = 0) -> list[Event]:
    """Every roll of the throws that end in the events at ``moments`` (a casualty's
    Firepower and Defense dice, a panic's initiative die), each once, in order; and, for
    hits told after the dice were matched (a Regular's First Aid, the casualties chosen in
    an answer of their own), the fire's Firepower and Defense dice behind the last match
    that cost casualties since event ``since``."""
    moments = list(moments)
    picked: dict[int, Event] = {}

    def chain(k: int) -> None:
        j = k
        while j > since and attached(events[j - 1], events[j]):
            j -= 1
        picked.update((i, events[i]) for i in range(j, k) if events[i].kind == "roll")

    for k in moments:
        chain(k)
    if moments:
        fired = next((m for m in range(min(moments) - 1, since - 1, -1)
                      if events[m].kind == "match" and events[m].data.get("casualties")), None)
        if fired is not None:
            chain(fired)
    return [picked[i] for i in sorted(picked)]


def collect(save: str | Path) -> Report:
    """Replay ``save`` once and collect its story and pictures. Raises the save's own
    errors (:class:`ambush_gui.core.errors.SaveError`, naming the file) as loading does."""
    sf = saves.read(save)
    rec = _Recorder()
    game = saves.replay(save, rec.factory)
    rec.close()  # the last answer's moment
    final = rec.final()
    if rec.board is not None:
        rec.board.close()
    return Report(game, rec.story, dict(sf.players), str(save), sf.program_version, final)


# -- the pictures -------------------------------------------------------------------------


class _Board:
    """The game's own scene, drawn offscreen: the table (Ambush Alley, Force on Force) or
    the hex map (Ambush!), following the one game the replay plays. On both a fire is drawn
    the one way (:mod:`ambush_gui.gui.shared.shot_marks`): the arrow from the firer to the
    target, the dashed ring about the firer, a ring about each man or figure it hit."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.view: Any = None
        self.hits: set[str] = set()  # the figures (soldiers) hit in the moment being drawn
        self.rings: list[Any] = []
        if game.system == "ambush":
            from ambush_gui.gui.hexmap.view import HexMapView

            self.view = HexMapView(game.state.map)
            self.scene = self.view.scene()
            self.source = self.view.fit_rect()
            self.radius = SHOT_RADIUS * self.view.hex_size  # a counter's, to its edge
        else:
            from ambush_gui.gui.table.scene import TableScene

            self.scene = TableScene(game)
            self.source = self.scene.table_rect()
            self.scene.ppi = PICTURE_WIDTH / self.source.width()
            self.radius = self.scene.base_radius
        self.marks = ShotMarks(self.scene, self.scene)

    def _places(self, who: str) -> list[QPointF]:
        """Where ``who`` stands as the board shows him now: a table unit's figures, an
        Ambush! soldier's counter (or, for a shot at a building, its hex)."""
        if self.view is None:
            return [i.pos() for i in self.scene.unit_figures(who) if i.isVisible()]
        at = self.view.scene_place(who)
        return [at] if at is not None else []

    def _place_all(self) -> None:
        """Every figure or counter where it stands now."""
        if self.view is None:
            self.scene.viewer = ALL  # every figure placed: draw() hides a shooter a viewer never saw
            self.scene.refresh()  # the figures where they stand now, the fallen kept crossed out
        else:
            from ambush_gui.gui.hexmap.view import game_counters

            self.view.set_counters(game_counters(self.game))

    def shot(self, attacker: str, target: str) -> None:
        """A fire told: the arrow from the firer to the target, where they stand as it is
        told (the game window's shot), kept for the moment it brings."""
        self._place_all()
        a, b = self._places(attacker), self._places(target)
        if a and b:
            self.marks.show((attacker, target), a, b, self.radius, None)

    def told_nothing(self) -> None:
        """An answer ended with no big moment: an Ambush! shot goes with it (a shot's hits
        are told in the answer that fires it: a miss drawn again on the next German's
        appearance told a fire that was not his); the table's stays for the casualties its
        side chooses in an answer of its own."""
        if self.view is not None:
            self.marks.hide()

    def hit(self, figure: str, removed: bool) -> None:
        """A figure (a soldier) hit: ringed; one removed from the table is kept on it,
        crossed out, as the game window shows it while the dice tray waits (an emptied hut
        told nothing). An Ambush! counter stays, turned to show what the hit did."""
        if removed and self.view is None:
            self.scene.mark_fallen(figure)
        self.hits.add(figure)

    def clear(self) -> None:
        """The moment drawn: its shot, rings and fallen figures go."""
        self.marks.hide()
        if self.view is None:
            self.scene.fallen = set()
        self.hits = set()
        self._drop_rings()

    def _drop_rings(self) -> None:
        for ring in self.rings:
            self.scene.removeItem(ring)
        self.rings = []

    def _ring_hits(self) -> None:
        self._drop_rings()
        for fid in sorted(self.hits):
            if self.view is None:
                item = self.scene.figures.get(fid)
                places = [item.pos()] if item is not None and item.isVisible() else []
            else:
                places = self._places(fid)
            for at in places:
                ring = hit_ring(at, 2.0 * self.radius)
                self.scene.addItem(ring)
                self.rings.append(ring)

    def draw(self, viewer: str) -> QImage:
        """The board as it stands, as ``viewer`` sees it (encoded only if it is kept)."""
        src = self.source
        scale = PICTURE_WIDTH / src.width()
        if self.view is not None:
            self._place_all()
            self._ring_hits()
        else:
            self.scene.viewer = viewer
            self.scene.ppi = scale
            self.scene.refresh()  # lays its labels out for this many pixels an inch
            self._ring_hits()
            if self.marks.pair is not None:  # a shooter hidden from this viewer: no arrow
                shooter = self.marks.pair[0]  # from where he was (what both players saw)
                seen = (shooter not in self.game.state.units
                        or any(i.isVisible() for i in self.scene.unit_figures(shooter)))
                self.marks.arrow.setVisible(seen)
                self.marks.ring.setVisible(seen)
        image = QImage(PICTURE_WIDTH, round(src.height() * scale), QImage.Format.Format_RGB32)
        image.fill(theme.PANEL_BG)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.scene.render(painter, QRectF(image.rect()), src, Qt.AspectRatioMode.KeepAspectRatio)
        painter.end()
        return image

    def close(self) -> None:
        if self.view is not None:
            self.view.deleteLater()
        else:
            self.scene.deleteLater()


def encoded(image: QImage, fmt: str = "PNG", quality: int = -1) -> bytes:
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buf, fmt, quality)  # type: ignore[call-overload]  # the stubs want bytes; PySide6 a str
    buf.close()
    return bytes(data.data())


PNG_MOST = 150_000
"""Bytes a picture may take as a PNG before a JPEG is tried: a table's flat colours stay
sharp as PNGs of 60-120 kB, while the hex map's drawn fields made 400 kB PNGs (a mission's
page came to 12.5 MB); as JPEGs (quality 82) they take under half and read as well."""


def png(image: QImage) -> bytes:
    """The picture as a PNG, or as a JPEG where that is much smaller (:data:`PNG_MOST`)."""
    data = encoded(image)
    if len(data) > PNG_MOST:
        jpeg = encoded(image, "JPEG", 82)
        if len(jpeg) < len(data) * 6 // 10:
            return jpeg
    return data


def mime(data: bytes) -> str:
    """The image type of an encoded picture (:func:`png`)."""
    return "image/jpeg" if data.startswith(b"\xff\xd8") else "image/png"


# -- the page -----------------------------------------------------------------------------

STYLE = """
body { font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; margin: 0 auto; max-width: 1000px;
       padding: 16px; color: #1d2327; background: #f6f4ef; line-height: 1.4; }
h1 { margin-bottom: 0; } .sub { color: #5b6770; margin-top: 4px; }
h2 { border-bottom: 2px solid #9aa5ad; padding-bottom: 2px; margin-top: 28px; }
h3 { margin: 18px 0 6px; color: #3d4a52; }
.note { background: #fff8dc; border-left: 4px solid #d4a017; padding: 6px 10px; }
ol.log { list-style: none; padding-left: 0; margin: 0; }
ol.log li { padding: 1px 0 1px 8px; border-left: 3px solid transparent; white-space: pre-wrap; }
li.answer { font-style: italic; color: #3d4a52; margin-top: 6px; }
li.roll { color: #5b6770; font-size: 92%; }
li.big { border-left-color: #b03a2e; background: #fbeaea; }
.regular, .us { border-left-color: #2f6ebc !important; }
.insurgent, .german { border-left-color: #b03a2e !important; }
figure.moment { background: #fff; border: 1px solid #c9ced2; margin: 12px 0; padding: 8px; }
figure.moment img { display: block; max-width: 100%; height: auto; border: 1px solid #9aa5ad; }
figcaption h4 { margin: 8px 0 4px; color: #b03a2e; }
.throw { margin: 4px 0; } .purpose { font-weight: bold; }
.die { display: inline-block; min-width: 1.6em; text-align: center; border: 2px solid #333;
       border-radius: 5px; margin: 1px 2px; padding: 0 2px; font-weight: bold; background: #fff; }
.die.regular, .die.us { border-color: #2f6ebc; } .die.insurgent, .die.german { border-color: #b03a2e; }
.mods { color: #5b6770; }
table { border-collapse: collapse; margin: 6px 0 12px; }
th, td { border: 1px solid #c9ced2; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #e4e7ea; } td.pts { text-align: right; font-weight: bold; }
tr.sub td { background: #eef0f2; font-weight: bold; }
footer { color: #5b6770; font-size: 90%; border-top: 1px solid #c9ced2; margin-top: 28px; padding-top: 6px; }
"""


def side_name(report: Report, side: str) -> str:
    """A side as the scenario names it ("US Marines"), else as the windows do."""
    sides = getattr(report.game.spec, "sides", None) or {}
    for key, spec in sides.items():
        if str(getattr(key, "value", key)) == side:
            return str(spec.name)
    return {"us": "US squad", "german": "Germans"}.get(side, theme.SIDE_NAMES.get(side, side))


def worded(report: Report, events: Iterable[Event]) -> list[Event]:
    """The events as the viewer may read them, in the player's words (as the log shows them)."""
    view = View(report.game, report.viewer)
    told = [t for e in events if (t := view.tell(e)) is not None]
    if report.game.system != "ambush":
        from ambush_gui.gui.table.wording import shown as table_shown

        return [table_shown(e) for e in told]
    from ambush_gui.ambush.charts import Side
    from ambush_gui.gui.hexmap.wording import german_names, shown

    names = german_names(s for s in report.game.state.soldiers.values() if s.side is Side.GERMAN)
    return [shown(e, names) for e in told]


def heading(event: Event) -> tuple[int, str] | None:
    """A turn's heading (level 2), or an Ambush! Round's (level 3), or None."""
    if event.kind == "turn" and "soldier" not in event.data and "turn" in event.data:
        return 2, f"Turn {event.data['turn']}"
    if event.kind == "operations":
        return 2, f"Operations turn {event.data.get('turn', '')}".strip()
    if event.kind == "round":
        return 3, f"Round {event.data.get('round', '')}".strip()
    return None


def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def dice_html(roll: Event) -> str:
    d = roll.data
    side = esc(d.get("side", ""))
    faces = " ".join(f'<span class="die {side}" title="d{esc(d.get("sides", ""))}">{f}</span>'
                     for f in shown_faces(roll))  # spaced: a plain reader shows "7 3", not "73"
    mods = " ".join(f"{'+' if int(m[1]) >= 0 else '−'}{abs(int(m[1]))} {m[0]}"
                    + (f" [{m[2]}]" if len(m) > 2 and m[2] else "")
                    for m in d.get("modifiers") or [])
    rest = " ".join(x for x in (mods, str(d.get("result") or "")) if x)
    purpose = d.get("purpose") or roll.text.split(":")[0]
    return (f'<div class="throw"><span class="purpose">{esc(purpose)}</span> {faces}'
            + (f' <span class="mods">{esc(rest)}</span>' if rest else "") + "</div>")


def moment_words(report: Report, m: Moment) -> list[str]:
    """The moment's big moments, as the game window's wait says each (the engine's events
    read by :func:`big_moment`; a secret the viewer may not read is left out)."""
    view = View(report.game, report.viewer)
    return [big_moment(t) or t.text for e in m.events if (t := view.tell(e)) is not None]


def moment_html(report: Report, m: Moment) -> str:
    data = m.picture(report.viewer)
    picture = base64.b64encode(data).decode("ascii")
    board = "map" if report.game.system == "ambush" else "table"
    words = moment_words(report, m)
    what = "; ".join(words)
    items = "".join(f"<li>{esc(w)}</li>" for w in words)
    dice = "".join(dice_html(r) for r in worded(report, m.dice))
    return (f'<figure class="moment" id="moment-{m.number}">'
            f'<img src="data:{mime(data)};base64,{picture}" alt="{esc(f"The {board}: {what}")}">'
            f"<figcaption><h4>Big moment {m.number} (decision {m.after})</h4>"
            f"<ul>{items}</ul>" + (f'<div class="dice">{dice}</div>' if dice else "")
            + "</figcaption></figure>")


def same_words(a: str, b: str) -> bool:
    """Whether two lines say the same thing: the same words, whatever their order or
    punctuation ("Alpha team moves Cautious: fires, then moves" and "Alpha team: Cautious:
    fires, then moves").

    >>> same_words("Alpha team activates", "Alpha team activates.")
    True
    >>> same_words("Alpha team fires at Lookouts", "Alpha team activates")
    False
    """
    def words(text: str) -> set[str]:
        return set(re.findall(r"[\w']+", text.lower()))

    return words(a) == words(b)


def story_html(report: Report) -> list[str]:
    """The story: each answer once (the answer's line, naming its side; the engine's line
    that says the very same after it is left out), each event, each moment's picture."""
    out = ['<h2 id="story">The story</h2>', '<ol class="log">']
    view = View(report.game, report.viewer)
    answered = ""  # the answer just told, until the next event is told
    for item in report.story:
        if isinstance(item, Moment):
            out += ["</ol>", moment_html(report, item), '<ol class="log">']
            continue
        told = view.tell(item)
        if told is None:
            continue
        (event,) = worded(report, [told])
        head = heading(event)
        if head is not None:
            level, words = head
            out += ["</ol>", f"<h{level}>{esc(words)}</h{level}>", '<ol class="log">']
        side = str(event.data.get("side", ""))
        if event.kind == "answer":
            out.append(f'<li class="answer {esc(side)}">{esc(side_name(report, side))}: '
                       f"{esc(event.text)}</li>")
            answered = event.text
            continue
        again, answered = answered and same_words(answered, event.text), ""
        if again:
            continue
        kind = "big" if big_moment(event) else "roll" if event.kind == "roll" else ""
        out.append(f'<li class="{kind} {esc(side)}">{esc(event.text)}</li>')
    out.append("</ol>")
    out += final_html(report)
    return out


def final_html(report: Report) -> list[str]:
    """The picture of the board as the game left it, after the story's last line."""
    data = report.final.get(report.viewer) or report.final.get(ALL)
    if not data:
        return []
    board = "map" if report.game.system == "ambush" else "table"
    state = "at the end" if report.game.over else "where the game stands"
    words = f"The final position: the {board} {state}, after decision {len(report.game.decisions)}"
    picture = base64.b64encode(data).decode("ascii")
    return [f'<figure class="moment" id="final"><img src="data:{mime(data)};base64,{picture}" '
            f'alt="{esc(words)}"><figcaption><h4>{esc(words)}</h4></figcaption></figure>']


def victory_html(report: Report) -> list[str]:
    game = report.game
    out = ['<h2 id="victory">Victory</h2>']
    if not game.over:
        out.append('<p class="note">The game is not over: the score as it stands.</p>')
    if game.system == "ambush":
        return out + _ambush_victory(report)
    from ambush_gui.alley.victory import AWARD_TITLES
    from ambush_gui.gui.table.dialogs.victory import CAPTIVES_NOTE, victory_facts

    facts = victory_facts(game)
    result = facts["result"] or {}
    winner = result.get("winner")
    if game.over:
        head = "A draw" if winner == "draw" else f"The {side_name(report, str(winner))} win"
        turn = result.get("turn")
        out.append(f"<p><b>{esc(head)}</b>" + (f" after turn {esc(turn)}" if turn else "") + ".</p>")
    lines = [(str(getattr(s, "value", s)), int(p), str(w)) for s, p, w in facts["lines"]]
    awards = list(facts["awards"]) if len(facts["awards"] or []) == len(lines) else [""] * len(lines)
    if not game.over:  # the score as it stands, as the Turn panel keeps it (a play-test saw
        # "Raiders 3" in the window and "no points scored" here): the awards the game would
        # give if it ended now, each still open one saying what is left to win
        from ambush_gui.alley.victory import standing

        st = standing(game)
        lines = [(a.side.value, a.award.points, why) for a in st.awards for why in a.lines]
        awards = [a.award.event.value for a in st.awards for _ in a.lines]
        facts["nothing"] = {}
        for a in st.awards:
            if not a.lines and a.note:
                facts["nothing"].setdefault(a.side.value, []).append((a.award.event.value, a.note))
    out.append("<table><tr><th>Side</th><th>Award</th><th>VP</th><th>Why</th></tr>")
    for side in ("regular", "insurgent"):
        mine = [(p, w, a) for (s, p, w), a in zip(lines, awards, strict=True) if s == side]
        total = (result.get("points") or {}).get(side, sum(p for p, _, _ in mine))
        name = esc(side_name(report, side))
        out.append(f'<tr class="sub"><td>{name}</td><td>total</td><td class="pts">{total}</td>'
                   "<td></td></tr>")
        for p, why, award in mine:
            title = AWARD_TITLES.get(award, award)
            if award == "captive_held":
                why = f"{why} ({CAPTIVES_NOTE})"
            out.append(f"<tr><td>{name}</td><td>{esc(title)}</td><td class=\"pts\">{p:+d}</td>"
                       f"<td>{esc(why)}</td></tr>")
        for award, why in (facts["nothing"] or {}).get(side, ()):
            out.append(f"<tr><td>{name}</td><td>{esc(AWARD_TITLES.get(award, award))}</td>"
                       f'<td class="pts">+0</td><td>{esc(why)}</td></tr>')
        if not mine and not (facts["nothing"] or {}).get(side):
            out.append(f"<tr><td>{name}</td><td></td><td class=\"pts\">0</td>"
                       "<td>no points scored</td></tr>")
    out.append("</table>")
    return out


def _ambush_victory(report: Report) -> list[str]:
    from ambush_gui.gui.hexmap.dialogs.end import casualties, rounds_played

    game = report.game
    result = game.result or {}
    out = []
    if game.over:
        headline = {"us": "The mission succeeds", "german": "The mission fails"}.get(
            str(result.get("winner")), "The mission ends in a draw")
        turns = result.get("turn")
        out.append(f"<p><b>{esc(headline)}: {esc(result.get('level', ''))}</b>. Why it ended: "
                   f"{esc(result.get('why', 'the mission is over'))}. "
                   f"{esc(count(int(turns or 0), 'Operations turn'))} and "
                   f"{esc(count(rounds_played(game), 'Action Round'))} played.</p>")
    lines = [(int(p), str(w)) for p, w in game.state.score.lines]
    total = (result.get("points") or {}).get("us", sum(p for p, _ in lines))
    out.append("<table><tr><th>Points</th><th>Why</th></tr>")
    out += [f'<tr><td class="pts">{p:+d}</td><td>{esc(w)}</td></tr>' for p, w in lines]
    out.append(f'<tr class="sub"><td class="pts">{total}</td><td>total</td></tr></table>')
    out.append("<table><tr><th>Side</th><th>Casualties</th><th>What happened</th></tr>")
    for side in ("us", "german"):
        lost = casualties(game, side) or [("none", "")]
        out += [f"<tr><td>{esc(side_name(report, side))}</td><td>{esc(n)}</td><td>{esc(w)}</td></tr>"
                for n, w in lost]
    out.append("</table>")
    return out


def options_html(report: Report) -> list[str]:
    game = report.game
    registry = systems.options_registry(game.system)
    out = ['<h2 id="options">Rules options played</h2>']
    if not registry.offered:
        return out + ["<p>Ambush! has no rules options: the rules as the program plays them.</p>"]
    played = getattr(game, "options", None)
    recorded = getattr(game, "recorded_options", None) is not None
    out.append(f"<p>{esc(registry.summary(played, recorded))}.</p>")
    out.append("<table><tr><th>Option</th><th>Reading played</th></tr>")
    for option, reading in registry.describe(played or {}):
        mark = " (closest to the text)" if reading.value == option.default else ""
        out.append(f"<tr><td>{esc(option.title)}</td><td>{esc(reading.title)}{mark}</td></tr>")
    out.append("</table>")
    return out


def page(report: Report) -> str:
    """The whole page, as text."""
    game = report.game
    spec = game.spec
    title = str(getattr(spec, "title", "") or getattr(spec, "name", "") or "A game")
    sides = (("regular", "insurgent") if game.system != "ambush" else ("us", "german"))
    rules = "Ambush!" if game.system == "ambush" else (
        "Force on Force" if getattr(spec, "modules", None) else "Ambush Alley")
    who = [f"<li><b>{esc(side_name(report, s))}</b>"
           + (f" ({esc(report.players[s])})" if s in report.players else "") + "</li>"
           for s in sides if game.system != "ambush" or s == "us" or s in report.players]
    if game.system == "ambush":
        who.append(f"<li><b>{esc(side_name(report, 'german'))}</b> (played by the mission's "
                   "paragraphs)</li>")
    moments = report.moments
    came = saves.branch_words(game)
    if game.over:
        seen = ("The game is over, so everything is shown: pieces that were hidden from a side "
                "and secret answers too.")
    else:
        seen = ("The game is not finished, so this report shows only what both players saw: "
                "pieces hidden from a side and secret answers are left out.")
    brief = [" ".join(p.split()) for p in str(getattr(spec, "brief", "") or "").split("\n\n")]
    contents = "".join(
        f'<li><a href="#moment-{m.number}">{esc("; ".join(moment_words(report, m)))}</a></li>'
        for m in moments)
    parts = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{esc(title)}: after-action report</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{esc(title)}</h1>",
        f'<p class="sub">After-action report: {esc(rules)}, seed {esc(game.seed)}, '
        f"{esc(count(len(game.decisions), 'decision'))}, "
        f"{esc(count(len(moments), 'big moment'))}"
        + (f", a branch of {esc(saves.branch_source(game))}" if came else "") + ".</p>",
        f'<p class="note">{esc(seen)}</p>',
        *([f'<p class="note">{esc(came)}</p>'] if came else []),
        "<h2>The sides</h2>", f"<ul>{''.join(who)}</ul>",
    ]
    if any(brief):
        parts += ["<h3>The brief</h3>", *(f"<p>{esc(p)}</p>" for p in brief if p)]
    if contents:
        parts += ["<h3>Big moments</h3>", f"<ol>{contents}</ol>"]
    parts += story_html(report) + victory_html(report) + options_html(report)
    parts += [footer_html(report), "</body></html>"]
    return "\n".join(parts)


def footer_html(report: Report) -> str:
    """The page's last line: which version wrote the report, and which the game's save."""
    from ambush_gui import release

    saved = (f"the game was saved by version {esc(report.saved_by)}" if report.saved_by
             else "the game was saved by a version before 0.9.0")
    return f"<footer>Written by {esc(release.titled())}; {saved}.</footer>"


def default_name(game: Any) -> str:
    """The report's file name, from the scenario: ``contracting-trouble-report.html``."""
    from ambush_gui.gui.shared import paths

    return f"{paths.safe_stem(str(getattr(game.scenario, 'name', '')), 'game')}-report{SUFFIX}"


def write(save: str | Path, out: str | Path) -> Report:
    """Replay ``save`` and write its report to ``out`` (atomically); returns what it told."""
    report = collect(save)
    atomic_write(out, page(report))
    return report
