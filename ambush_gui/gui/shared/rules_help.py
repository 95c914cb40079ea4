"""The rules reference (Help ▸ Rules reference, F1): the rules at a glance, the Ambush!
charts, and every rule ID the program shows, looked up in the program's own words.

A window of its own beside the game window, never modal: the player reads a rule while
the decision waits. The search box (Ctrl+F) takes an ID (``AR-107``, a range
``AA-074..077``) or words; an entry gives the rule's statement and, where the printed
rules leave a gap, the house rule the engine plays with its reason (the data is
``ambush_gui.core.rules_index``, shipped with the package). The charts are rendered from
the charts the game plays (``ambush_gui.ambush.chart_tables``), never typed here.

Other widgets link to it through :func:`look_up` (the game log, modifier rows): a rule ID
clicked anywhere opens the reference of that window on the ID.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QRect, Qt, QTimer, QUrl
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ambush_gui.core.rule_ids import CITATION, find_ids, system_of
from ambush_gui.core.rules_index import PREFIX_NAMES, HouseRule, RuleEntry, RulesIndex
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.manual import MANUAL_KEY, open_manual

RULES_HTML = """
<h2>Ambush Alley — the rules at a glance</h2>
<p>Every unit has a <b>Troop Quality</b> die (how well it fights) and a <b>Morale</b> die
(how long it sticks it out). Almost everything is decided by rolling <b>4 or more</b>;
when two sides compete, you need 4+ <i>and</i> a higher score than the other side
(AA-012, AA-013).</p>

<h3>A turn</h3>
<ol>
<li>From the second turn on, fresh Insurgents arrive: 2d6 on the scenario's table, then
a d6 for the Hot Spot each unit arrives at (a 6 lets the Insurgent choose) (AA-052..061).</li>
<li>The Regular player activates each of his units in turn, in any order. Each may
<b>move then fire</b> or <b>fire then move</b>, or go on <b>Overwatch</b> (AA-030, AA-103).</li>
<li>Insurgents who can see an activating Regular unit may <b>interrupt</b> it, once per turn
each, by fire or by moving (AA-063..066).</li>
<li>When every Regular unit has acted, each Insurgent unit that did not interrupt may
move and fire (AA-044). Pins clear at the end of the turn (AA-192).</li>
</ol>

<h3>Moving</h3>
<p><b>Halted</b>: no move, +1 on Reaction Tests. <b>Cautious</b>: up to 6", and a Regular unit
gets +1 on Reaction Tests; being shot at while moving Cautiously adds a Defense die.
<b>Rapid</b>: up to 12", −1 on Reaction Tests and one Firepower die fewer (AA-031..038).
A unit carrying Dependants may not move Rapidly (DC-006). A Regular unit that has had
casualties must pass a Quality Check to move Rapidly (AA-162).</p>

<h3>Interrupts and Reaction Tests</h3>
<p>An Insurgent unit without a leader must first roll 4+ on its Troop Quality die, or it
can do nothing more this turn (AA-072). Then both sides roll Troop Quality: the Insurgent
acts first only with 4+ and a higher score; otherwise the Regulars react first — firing,
or moving into cover (AA-074..084). Each interruption costs the Regular unit a Firepower
die and an inch of movement for the rest of the turn (AA-085). The Regular unit then goes
on along the path it declared. No figure walks through an enemy figure: if Insurgents moved
into that path, by default its player finishes the move round them, within what is left of
it, or stays; where no way round exists it stops short of them. Under the other reading of
the rules option <i>A Regular move whose way an interruption blocks</i>, every such move
stops short (house rule AA-068). Overwatch units may fire
at interrupting Insurgents, rolling their own Reaction Test (AA-104..107).</p>

<h3>Firing</h3>
<p><b>Firepower</b> = one die per armed figure, +1 for a light support weapon (SAW, M203,
light machinegun), +2 for a medium one (RPG), +1 within Optimum Range, +1 if the target is
Exposed (nothing that gives cover within 2"), and the penalties shown in the fire dialog
(AA-133..143). <b>Defense</b> = one die per fighting figure, +1 moving Cautiously, +1
Hunkered Down (a turn in place, or Pinned), +1 Solid Cover, + body armor (AA-117..128).
Neither pool ever exceeds 10 dice.</p>
<p>Both sides roll and keep their 4s and better. The defender matches his dice against
the attacker's: each of his dice can cancel one attacker die of equal or lower score.
Every attacker die left uncancelled is a casualty (AA-145..148). The fire dialog shows the
exact odds before you commit.</p>

<h3>Casualties</h3>
<p>Insurgent casualties are removed. Each Regular casualty rolls on the First Aid table:
1–2 slight (fights on), 3–4 moderate and 5–6 serious (the figure becomes a Dependant the
unit carries; a serious wound calls for a Morale Check) (AA-155..158). A unit with
Dependants loses a Firepower die (DC-005).</p>

<h3>Morale</h3>
<p>Roll a Morale die per figure; 4+ is a success. <b>Regulars</b> Stand if successes beat
failures, otherwise they are <b>Pinned</b>; Pinned again in the same turn, they <b>Pull
Back</b> up to 6" to cover and regroup next turn (AA-171..198). <b>Insurgents</b> Stand or
are <b>Shaken</b> (their Morale die drops a type; below d6 they break and flee), and every
figure that rolled a 1 slips away — leaders never, support weapons last (AA-175..183).</p>

<!-- the scenario -->

<p><i>Every rule ID shown in the game can be looked up: type it in the search box above
(Ctrl+F), or click it here, in the game log or in a dialog. Where the printed rules leave a
gap, the entry gives the house rule the game plays, and why.</i></p>
"""


SCENARIO_MARK = "<!-- the scenario -->"  # where the page names the scenario being played

AMBUSH_RULES_HTML = """
<h2>Ambush! — the rules at a glance</h2>
<p>You command a US squad; the Germans are played by the mission's numbered
<b>paragraphs</b>. Nobody knows where the Germans are until a paragraph puts one on the
map. The paragraph reader shows every paragraph as it is read, with the option that
applied highlighted; the game log shows every die.</p>

<h3>Operations</h3>
<p>Between firefights you move your soldiers hex by hex, each up to his Movement Point
Allowance, paying the terrain's cost. Every hex entered gets a <b>Paragraph Check</b>: the
Mission Card may send you to a paragraph (AR-003). When you end the turn, 2d6 are read on
the Mission Card's Event column (AR-029, AR-030). How an Operations turn is run is this
program's house rule (AR-006).</p>

<h3>Action Rounds</h3>
<p>A paragraph that activates a German commences <b>Rounds</b> (AR-001). Each Round: US
soldiers who are not yet aware check their awareness (Rounds 1 and 2), the Event Phase
(from Round 2), then the Action Phase (AR-017). Both sides roll one die for initiative:
the higher die gives that side the <b>Advantage</b>, a tie goes to the Germans (AR-032).
Each soldier's marker goes on the <b>AR Track</b> in the space his side's die reaches in
his own column (AR-034): 2-Turn, 1-Turn, Complete, or Panic. Turns run down the track:
2-Turn Advantage, 2-Turn Disadvantage, 1-Turn Advantage, 1-Turn Disadvantage (AR-043);
each turn drops the marker one space. A US soldier on a red number panics if he is out of
command (AR-038). Rounds end when no active German is left on the map.</p>

<h3>A soldier's turn</h3>
<p>One action (the action dialog lists the legal ones and says why the others are not):
aimed or snap fire, a move, a move with a snap shot, a grenade or satchel charge, an
assault, clearing a jam, giving another soldier a turn, waking a soldier, or pass. Once a
turn he may also change stance (standing, crouching, prone), free unless he is wounded
(AR-071, AR-072). Crouching, he moves one hex whatever the terrain; prone, not at all.</p>

<h3>Fire, in seven steps</h3>
<ol>
<li>Declare the weapon, aimed or snap, and the target (FC-010).</li>
<li>Percentile roll: at or under the weapon's Jam number, it jams and the fire stops (FC-011).</li>
<li>Count the range in hexes, the target's hex in, the firer's out (FC-013, FC-014).</li>
<li>The hit chance: the weapon's base chance for the range band, less the modifiers for the
target's stance and terrain, snap fire and a wounded firer, with the firer's Weapon Skill
(FC-016, FC-023..025). The fire dialog lists each one.</li>
<li>One die 0-9: at or under the hit chance hits; 0 always hits, 9 always misses (FC-018).</li>
<li>A hit rolls on the weapon's row of the Damage Table: panic, wound, incapacitated or
killed (FC-019).</li>
<li>Percentile roll against the Out of Ammo number: at or under, a clip is used up (FC-021).</li>
</ol>

<h3>Winning</h3>
<p>The mission's victory levels are read from the points scored: the Mission panel shows
them. Casualties score at the end; some paragraphs end the mission at once.</p>

<p><i>The Charts tab shows the charts the game plays (the project's own numbers). Every
rule ID shown in the game can be looked up: type it in the search box above (Ctrl+F), or
click it here, in the game log or in a dialog. Where the printed rules leave a gap, the
entry gives the house rule the game plays, and why.</i></p>
"""


FOF_HTML = """
<h2>Force on Force — the optional rules</h2>
<p>A scenario may switch on any of these modules (its brief says which). Each adds to
Ambush Alley's turn without changing what it does not name. Type a rule ID (FF-036) in the
search box for its statement and the house rule the program plays where the printed rules
leave a gap.</p>

<h3>Mortars (FF-001..017)</h3>
<p>A mortar team is a unit the scenario names as a Light, Medium or Heavy team; its figures
carry the mortar symbol on the table. A <b>Light</b> team fires only by <b>direct lay</b>:
at a unit it sees beyond its <b>18" No Fire Zone</b>, with the mortar's own dice and
<b>one Firepower die fewer</b> (FF-010..013). Select the team to see its zone drawn; the
fire dialog lists the units it sees but may not fire at, and why. An enemy inside the zone
that attacks the team may be answered with the crew's small arms (FF-015). A <b>Medium</b>
team is an objective unless the scenario allows direct lay (then a 24" zone); a
<b>Heavy</b> team never fires at the table (FF-001..005). No mortar team gets the +1 of
being Halted or on Overwatch on its Reaction Tests (FF-016, FF-017).</p>

<h3>NBC and MOPP (FF-018..026)</h3>
<p>Each side wears a <b>MOPP level</b>, 0 to 4, set by the scenario and its schedule; the
turn panel shows both. MOPP 1–2: <b>−1 on every Reaction Test</b>; MOPP 3–4: −1 and the
<b>Optimum Range halved</b> (FF-019..023). In an <b>NBC environment</b>, every casualty takes
a <b>Contamination Test</b> before its First Aid: 4+ on its unit's Troop Quality die, or it
dies (FF-024..026). The dice tray shows the test, then the First Aid.</p>

<h3>Mines (FF-027..043)</h3>
<p>A minefield is a table piece both sides see; its plate names its <b>type</b> (Light or
Heavy AP, Light or Heavy AT, Hybrid) and its <b>concentration</b>. A unit that enters one, or
starts a turn in one, takes a <b>mine test</b>: 4+ on its Troop Quality die, −1 if it moved
Rapidly, +1 if it stood still, −1 to −3 for the concentration (FF-036..038). A failure is a
<b>mine attack</b>: the mines' AP rating in dice, each kept on 4+, against the unit's
<b>Armor dice only</b> — no dice for its figures, no cover (FF-035, FF-041, rules option
FF-042). Anti-tank mines do not go off under infantry (FF-040).</p>

<h3>IEDs (FF-044..051)</h3>
<p>An IED is Small, Medium, Large or Massive (2, 4, 6 or 8 attack dice, unless the
scenario says otherwise) and goes off as the scenario says: when an enemy comes within its
reach, on a set turn, or when its owner chooses (FF-044..050). An IED hidden from you is
never shown before it goes off (your own is, marked "hidden from the Regulars"); then the
table shows the burst where it was, the unit it attacks (a die
picks among those in reach, or the owner does, FF-049) and the attack, resolved as a mine's
(FF-051). A crater marks the place after.</p>

<h3>Combat stress (FF-087..128)</h3>
<p>Each unit has a <b>Stress Level</b>: the scenario's background, +1 for each turn after
its first, +1 with wounded or Dependants, +1 if fired on or taunted last turn, ±1 for
objectives won and lost, −1 out of sight or in Solid Cover, and the leaders' ratings
(FF-088..108). Its label on the table reads "Stress 3, Confident". From the second turn, each
unit takes a <b>Stress Test</b> as the turn begins: one Troop Quality die per figure (+1
die for a Positive Leader within 8", −1 for each Negative one); each die at or above the
level holds, and more dice below than holding fails (FF-111..114). A failure costs a
<b>Firepower die and a Confidence Level</b> (FF-115..118), which the unit may win back
later (FF-119..128). Point at a Positive or Negative Leader to see his 6" and 8" rings.</p>
"""
"""The Force on Force modules in the project's own words (a tab of the alley reference)."""


CHART_NOTES: dict[str, str] = {
    "Weapon Chart": "Range bands count hexes from the firer (FC-013, FC-014). Hit: the base chance "
    "for the band; a 0-9 die at or under the hit number hits (FC-016, FC-018). Jam and out of "
    "ammo are percentile rolls at or under the number (FC-011, FC-021). Damage: the Damage "
    "Table rows the weapon reads (FC-019). Ammo: the Out of Ammo number.",
    "Damage Table": "One 0-9 die after a hit, on the weapon's row (FC-019): P panic, W wounded, "
    "I incapacitated, K killed, X penetrated (a wall or a vehicle), — no effect.",
    "Fire Combat Modifiers and Movement Point Cost": "The target's stance crossed with the "
    "terrain of his hex shifts the hit number (FC-023); the firer's own stance and terrain never "
    "count (FC-024). MP cost: what a standing soldier pays to enter the hex (AR-101); a "
    "crouching soldier crawls one hex whatever it costs (AR-100).",
    "Fire Combat Modifiers: the firer and the shot": "Added, with the firer's Weapon Skill, to "
    "the base chance; the hit number stays within 0-8 (FC-017, FC-026).",
    "Hexside features": "Crossing the feature adds its cost to the hex entered (AR-101).",
    "AR Track": "Each side's initiative die, read in the soldier's Action Rating row (AR-034): "
    "2 two turns, 1 one turn, C Complete (no turn), P panic (AR-035..038). "
    "<b style='color:{red}'>Red</b>: a US soldier out of command panics (AR-038).",
    "Clear Jammed Weapon": "One 0-9 die in the soldier's Weapon Skill row (FC-035); a captured "
    "weapon reads the row below (FC-037); broken is lost for the mission (FC-036).",
}
"""What each chart's abbreviations mean and which rules read it (shown above the table)."""

_HREF = "rule:"
_MANUAL_HREF = "manual:"


def rule_links(text: str, colour: Any = None) -> str:
    """``text`` as HTML with every rule ID a ``rule:`` link (plain text in, escaped)."""
    style = f" style='color:{(colour or theme.RULE_LINK).name()}'"
    out, last = [], 0
    for c in find_ids(text):
        out.append(html.escape(text[last:c.start]))
        out.append(f"<a href='{_HREF}{c.text}'{style}>{html.escape(c.text)}</a>")
        last = c.end
    out.append(html.escape(text[last:]))
    return "".join(out)


MANUAL_LINE = (f"<p><a href='{_MANUAL_HREF}'>The manual</a>: Help ▸ Manual ({MANUAL_KEY}), "
               "how to play step by step, with a worked first turn.</p>")


def _linked_html(source: str) -> str:
    """Rule IDs in trusted HTML (the summaries, chart notes: no links in them yet) made links."""
    colour = theme.RULE_LINK.name()
    return CITATION.sub(lambda m: f"<a href='{_HREF}{m[0]}' style='color:{colour}'>{m[0]}</a>", source)


def _linked_markdown(text: str) -> str:
    """Rule IDs in Markdown made links, leaving `code` alone."""
    parts = text.split("`")
    for i in range(0, len(parts), 2):
        parts[i] = CITATION.sub(lambda m: f"[{m[0]}]({_HREF}{m[0]})", parts[i])
    return "`".join(parts)


def entry_markdown(entry: RuleEntry, section: Sequence[RuleEntry] = ()) -> str:
    """One rule as the reference shows it: statement, then the house rules that answer it,
    then the other rules of its section (a rule is often read with its neighbours: the
    Solid Cover die with the gap on what counts as Solid Cover)."""
    where = PREFIX_NAMES.get(entry.rule_id[:2], "")
    lines = [f"*{where} — {entry.section}*", ""]
    if entry.kind == "gap":
        lines += ["**The printed rules leave this open.** " + _capital(entry.statement.removeprefix("Open:"))]
    elif entry.kind == "example":
        lines += ["**Worked example.** " + _capital(entry.statement.removeprefix("Example:"))]
    else:
        lines += [entry.statement]
    for h in entry.house_rules:
        lines += ["", house_rule_markdown(h, entry)]
    if entry.kind == "gap" and not entry.house_rules:
        lines += ["", "*No house rule yet: this part of the game is not built.*"]
    others = [e for e in section if e.rule_id != entry.rule_id]
    if others:
        lines += ["", f"### Also in “{entry.section}”", ""]
        lines += [f"- {e.rule_id}{' ⚑' if e.house_rules else ''} {e.statement}" for e in others]
    # The heading is the entry's own ID: not a link to itself.
    return f"## {entry.rule_id}\n\n" + "\n".join(_linked_markdown(line) for line in lines)


def _capital(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:]


def house_rule_markdown(h: HouseRule, entry: RuleEntry | None = None) -> str:
    """A docs/rules section: its title, why it is shown and its text."""
    if h.kind == "topic" or entry is None:
        head = f"### {h.title}"
    elif h.kind == "note":
        head = f"### How the game reads it: {h.title}"
    elif h.kind == "rules option":
        head = f"### A rules option, chosen when a game starts: {h.title}"
    elif h.kind == "not built yet":
        head = f"### Not built yet: {h.title}"
    elif entry.kind == "gap":
        head = f"### The house rule the game plays: {h.title}"
    else:
        head = f"### How the game reads it: {h.title}"
    return f"{head}\n\n{player_text(h.text)}"


# the authoring notes a player has no use for: the seeds' line numbers and the files of
# the repository (docs/rules/*.md, the code, the tests)
_REF = r"(?:\b[Ll]ines? \d+|`?[\w./:-]+\.(?:md|py|toml)\b`?|docs/)"
_REF_PARENS = re.compile(r"\s*\([^()]*" + _REF + r"[^()]*\)")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"`(*])")
_LEAD = re.compile(r"^(\*\*[^*]+\*\*\s*)")


def player_text(text: str) -> str:
    """A docs/rules section's text without its authoring notes: a parenthesis or a
    sentence citing a line of the seeds ("Line 27 names..., so line 303 reads...") or a
    file (``alley-basics.md``, ``model.py``) is left out; a paragraph left with only its
    bold lead ("**Why.**") goes too."""
    out = []
    for para in text.split("\n\n"):
        para = _REF_PARENS.sub("", para)
        lead = _LEAD.match(para)
        head = lead.group(1) if lead else ""
        body = para[len(head):]
        kept = [t for t in _SENTENCE.split(body) if not re.search(_REF, t)]
        rest = " ".join(kept).strip()
        if rest:
            out.append(head + rest)
    return "\n\n".join(out)


def _cell_html(cell: str) -> str:
    """A chart cell: the file's id dropped before a name (`m1-garand` M1 Garand rifle), bold
    printed red (the AR Track's red numbers)."""
    cell = cell.strip()
    named = re.fullmatch(r"`[^`]+`\s+(.+)", cell)
    if named:
        cell = named[1]
    cell = html.escape(cell.replace("`", ""))
    return re.sub(r"\*\*(.+?)\*\*", lambda m: f"<b style='color:{theme.CHART_RED.name()}'>{m[1]}</b>", cell)


def _weapon_rows(head: list[str], body: list[list[str]]) -> tuple[list[str], list[list[str]]]:
    """The Weapon Chart reshaped for a side window (cells as HTML): each weapon's name and
    notes (kind, flags, Damage Table rows) on a line across the table, its numbers under
    it, the three range columns as one, a heading row per side. The doc's twelve columns
    would break every word in a 400-pixel window; the cells are the doc's, only moved."""
    col = {name.strip(): i for i, name in enumerate(head)}
    rows: list[list[str]] = []
    side = None
    for r in body:
        def cell(name: str, r: list[str] = r) -> str:
            return r[col[name]].strip()

        if cell("side") != side:
            side = cell("side")
            rows.append([_SIDE_ROW + ("US" if side == "us" else side.capitalize()) + " weapons"])
        notes = [cell("kind")] if cell("kind") != "personal" else []
        notes += ["automatic"] if cell("auto") else []
        notes += [] if cell("snap") else ["no snap fire"]
        notes.append("damage: " + cell("damage"))
        rows.append([_NAME_ROW + f"<b>{_cell_html(cell('weapon'))}</b> "
                     f"<span style='color:{theme.MUTED_TEXT.name()}'>{html.escape('; '.join(notes))}</span>"])
        # "0-5 / 6-10 / 11-20" on one line when there is room, one band a line when not.
        bands = "&nbsp;/ ".join(_cell_html(cell(b)) for b in ("short", "medium", "long"))
        rows.append([bands, _cell_html(cell("hit S/M/L")), _cell_html(cell("jam")),
                     _cell_html(cell("out of ammo"))])
    return ["range S/M/L", "hit S/M/L", "jam", "ammo"], rows


_WEAPON_WIDTHS = {"range S/M/L": "40%", "hit S/M/L": "24%", "jam": "16%", "ammo": "20%"}
"""The reshaped Weapon Chart's columns: the ranges on one line in a 400-pixel window."""

_SIDE_ROW, _NAME_ROW = "\x00", "\x01"
"""Marks of the rows that run across the Weapon Chart: a side's heading, a weapon's name."""


def chart_html(title: str, rows: list[str]) -> str:
    """A Markdown table (from ``chart_tables``) as an HTML table with its note."""
    cells = [[c for c in r.strip().strip("|").split("|")] for r in rows if not r.startswith("|---")]
    if title == "Weapon Chart":
        head, body = _weapon_rows(cells[0], cells[1:])
    else:
        head = [_cell_html(c) for c in cells[0]]
        body = [[_cell_html(c) for c in r] for r in cells[1:]]
    if title == "Damage Table":  # ten result columns in a 400-pixel window: one letter each
        body = [[("X" if c == "pen" else c) for c in r] for r in body]
    anchor = _anchor(title)
    note = CHART_NOTES.get(title, "").format(red=theme.CHART_RED.name())
    out = [f"<h3><a name='{anchor}'></a>{html.escape(title)}</h3>"]
    if note:
        out.append(f"<p style='color:{theme.REFERENCE_NOTE.name()}'>{_linked_html(note)}</p>")
    out.append(f"<table border='1' cellspacing='0' cellpadding='{theme.CHART_CELL_PADDING}' "
               f"style='border-collapse:collapse; border-color:{theme.PANEL_EDGE.name()}'>")
    small = f"<span style='font-size:{theme.scaled(theme.CHART_FONT_PT):g}pt'>"
    widths = _WEAPON_WIDTHS if title == "Weapon Chart" else {}  # keyed by the header as written
    out.append("<tr>" + "".join(f"<th bgcolor='{theme.CHART_HEADER_BG.name()}' width='{widths.get(c, '')}'"
                                f"{_nowrap(c)}>{small}{_header(c)}</span></th>" for c in head) + "</tr>")
    for r in body:
        if r[0].startswith(_SIDE_ROW):
            out.append(f"<tr><td colspan='{len(head)}' bgcolor='{theme.CHART_HEADER_BG.name()}'>"
                       f"<b>{html.escape(r[0][1:])}</b></td></tr>")
            continue
        if r[0].startswith(_NAME_ROW):
            out.append(f"<tr><td colspan='{len(head)}'>{small}{r[0][1:]}</span></td></tr>")
            continue
        out.append("<tr>" + "".join(f"<td{_nowrap(c)}>{small}{c}</span></td>" for c in r) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def _nowrap(cell: str) -> str:
    """A one-word cell ("grenade-inside", "crouching", "6/4/2") is never broken inside the
    word, as a narrow column would; cells of several words wrap at their spaces."""
    text = re.sub(r"<[^>]+>", "", cell).replace("&nbsp;", " ")
    return " style='white-space:nowrap'" if " " not in text and len(text) <= 16 else ""


def _header(cell: str) -> str:
    """A two-word header on two lines ("blocks / sight"): a column as narrow as its numbers."""
    words = cell.split(" ")
    return "<br>".join(words) if len(words) == 2 else cell


def charts_html(charts: Any) -> str:
    """Every Ambush! chart the game plays, with a contents line linking to each."""
    from ambush_gui.ambush.chart_tables import reference_tables

    tables = reference_tables(charts)
    links = " · ".join(f"<a href='#{_anchor(t)}'>{html.escape(t)}</a>" for t in tables)
    intro = _linked_html(
        "These are the project's own numbers, the ones this game plays: the rules text names the "
        "charts but prints none of them (FC-005, FC-020, FC-027, FC-038, AR-041, AR-106)."
    )
    return (f"<p><b>Charts</b>: {links}</p><p style='color:{theme.REFERENCE_NOTE.name()}'>{intro}</p>"
            + "\n".join(chart_html(t, rows) for t, rows in tables.items()))


def _anchor(title: str) -> str:
    return re.sub(r"\W+", "-", title.lower())


class RulesHelp(QWidget):
    """The rules reference of one game window: tabs for the rules at a glance, the charts
    (Ambush!) and the rules index, with a search box over them."""

    def __init__(self, parent: QWidget | None = None, system: str = "alley", charts: Any = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.system = system
        self._charts = charts
        self.index = RulesIndex.load()
        self.setWindowTitle("Rules reference — ambush-gui")
        self.setObjectName("rules-reference")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 8, 8, 8)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Find a rule: an ID (AR-107, AA-031) or words (evasive, jam)")
        self.search.setClearButtonEnabled(True)
        self.search.setMinimumWidth(120)
        self.search.setToolTip("Ctrl+F: a rule ID, a range (AA-074..077) or words")
        self.search.textChanged.connect(self._on_search)
        self.search.returnPressed.connect(self._show_first)
        lay.addWidget(self.search)
        # the pages by name in a list, where not even the tabs' short names fit the width
        # (200% text over the game window's left column showed "Basics", "Modules", "R…")
        self.pages = QComboBox()
        self.pages.setToolTip("The reference's pages (Ctrl+Tab: the next page)")
        self.pages.setVisible(False)
        lay.addWidget(self.pages)
        self.tabs = QTabWidget()
        lay.addWidget(self.tabs, 1)

        self.text = self._browser()
        self.show_scenario("")
        self.tabs.addTab(self.text, "At a glance")
        self.fof_view: QTextBrowser | None = None
        if system == "alley":  # the Force on Force modules, a section each
            self.fof_view = self._browser()
            self.fof_view.setHtml(_linked_html(FOF_HTML))
            self.tabs.addTab(self.fof_view, "Force on Force")
        self.charts_view: QTextBrowser | None = None
        if system == "ambush":
            self.charts_view = self._browser()
            self.charts_view.setHtml(charts_html(self._charts_played()))
            self.tabs.addTab(self.charts_view, "Charts")

        split = QSplitter(Qt.Orientation.Vertical)
        self.results = QListWidget()
        self.results.setWordWrap(True)
        self.results.setUniformItemSizes(False)
        self.results.currentItemChanged.connect(self._on_pick)
        self.entry = self._browser()
        split.addWidget(self.results)
        split.addWidget(self.entry)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        self.index_tab = split
        self.tabs.addTab(split, "Rules and house rules")
        self.keys_view = self._browser()
        self.keys_view.setHtml(keys_html(parent))
        self.tabs.addTab(self.keys_view, "Keys")

        for i in range(self.tabs.count()):
            self.tabs.setTabToolTip(i, TAB_TIPS.get(self.tabs.tabText(i), ""))
        self.tabs.currentChanged.connect(lambda _i: self._fit_results_soon())
        self.tab_names = [self.tabs.tabText(i) for i in range(self.tabs.count())]
        self.pages.addItems(self.tab_names)
        for i, name in enumerate(self.tab_names):
            self.pages.setItemData(i, TAB_TIPS.get(name, ""), Qt.ItemDataRole.ToolTipRole)
        self.pages.currentIndexChanged.connect(self.tabs.setCurrentIndex)
        self.tabs.currentChanged.connect(self.pages.setCurrentIndex)

        self.hint = QLabel()
        self.hint.setWordWrap(True)  # never wider than the window: it may open narrow
        self.hint.setStyleSheet(f"color: {theme.MUTED_TEXT.name()};")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        foot = QVBoxLayout()
        foot.addWidget(self.hint)
        lay.addLayout(foot)
        lay.addWidget(buttons)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self, self.focus_search)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)
        self._fill(self.index.of_system(system), headers=True)
        self.resize(640, 760)
        theme.fit_fonts(self)  # opened at the player's text scale (View > Larger text)

    def restyle(self) -> None:
        """Its words at the text scale just chosen, once its window has brought its fonts
        there (:meth:`GameWindow._comfort_changed`): the charts' cells are drawn again at
        their size, the rules index's section headings take the list's new font and the
        tabs their names at the new width."""
        if self.charts_view is not None:
            bar = self.charts_view.verticalScrollBar()
            at = bar.value()
            self.charts_view.setHtml(charts_html(self._charts_played()))
            bar.setValue(at)
        bold = QFont(self.results.font())
        bold.setBold(True)
        for i in range(self.results.count()):
            item = self.results.item(i)
            if item.flags() == Qt.ItemFlag.NoItemFlags:  # a section's heading
                item.setFont(bold)
        self._name_tabs()
        self._fit_results_soon()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt name
        super().resizeEvent(event)
        self._name_tabs()

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt name
        super().showEvent(event)
        self._fit_results_soon()

    def _name_tabs(self) -> None:
        """The tabs' whole names where they fit the window's width, else their short ones
        (over the game window's left column "Rules" was cut behind the scroll arrows);
        where not even those fit (200% text), a list of the pages above them instead."""
        bar = self.tabs.tabBar()
        pad = max((bar.tabSizeHint(i).width() - bar.fontMetrics().horizontalAdvance(bar.tabText(i))
                   for i in range(bar.count())), default=0)

        def need(names: list[str]) -> int:
            return sum(bar.fontMetrics().horizontalAdvance(n) + pad for n in names)

        room = self.tabs.width()
        whole = need(self.tab_names) <= room
        short = [TAB_SHORT.get(n, n) for n in self.tab_names]
        for i, name in enumerate(self.tab_names):
            bar.setTabText(i, name if whole else short[i])
        listed = not whole and need(short) > room
        bar.setVisible(not listed)
        self.pages.setVisible(listed)

    # -- building ------------------------------------------------------------------------------
    def show_scenario(self, section: str) -> None:
        """The rules at a glance, ending with ``section`` (HTML): the scenario being played,
        as its window tells it (``scenario_glance``). Playing Market Day, the page ended with
        a Contracting Trouble section."""
        page = AMBUSH_RULES_HTML if self.system == "ambush" else RULES_HTML
        self.text.setHtml(MANUAL_LINE + _linked_html(page.replace(SCENARIO_MARK, section)))

    def _browser(self) -> QTextBrowser:
        b = QTextBrowser()
        b.setOpenLinks(False)
        b.anchorClicked.connect(lambda url, b=b: self._on_link(b, url))
        return b

    def _charts_played(self) -> Any:
        """The charts of the game in the window (a save carries its own), else the shipped ones."""
        if self._charts is not None:
            return self._charts
        game = getattr(getattr(self.parentWidget(), "controller", None), "game", None)
        charts = getattr(game, "charts", None)
        if charts is None:
            from ambush_gui.ambush.charts import Charts

            charts = Charts.default()
        return charts

    # -- searching -------------------------------------------------------------------------------
    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def look_up(self, query: str) -> None:
        """Show ``query`` (a rule ID, a range or words) in the rules index."""
        self.search.setText(query)
        self._on_search(query)
        self._show_first()

    def _on_search(self, query: str) -> None:
        query = query.strip()
        if not query:
            self._fill(self.index.of_system(self.system), headers=True)
            return
        found = self.index.search(query, self.system)
        named = bool(find_ids(query.upper()))
        topics = [] if named else self.index.search_topics(query, self.system)
        self._fill(found, topics=topics)
        self.tabs.setCurrentWidget(self.index_tab)
        if named and len(found) == 1:  # an ID typed whole: its page, not the last one read
            self._show_first()         # beside "1 found" (a play-tester read AA-117 for FF-059)

    def _fill(self, entries: list[RuleEntry], headers: bool = False,
              topics: list[HouseRule] | None = None) -> None:
        self.results.blockSignals(True)
        self.results.clear()
        section = None
        bold = QFont(self.results.font())
        bold.setBold(True)
        for e in entries:
            if headers and e.section != section:
                section = e.section
                head = QListWidgetItem(f"{PREFIX_NAMES.get(e.rule_id[:2], '')} — {section}")
                head.setFlags(Qt.ItemFlag.NoItemFlags)
                head.setFont(bold)
                self.results.addItem(head)
            mark = " ⚑" if e.house_rules else ""
            item = QListWidgetItem(f"{e.rule_id}{mark}  {e.statement}")
            item.setData(Qt.ItemDataRole.UserRole, e.rule_id)
            item.setToolTip("⚑ has a house rule: how this game plays it" if mark else "")
            self.results.addItem(item)
        for t in topics or []:
            item = QListWidgetItem(f"House rule topic: {t.title}")
            item.setData(Qt.ItemDataRole.UserRole, f"topic:{self.index.topics.index(t)}")
            self.results.addItem(item)
        self.results.blockSignals(False)
        n = sum(1 for i in range(self.results.count())
                if self.results.item(i).data(Qt.ItemDataRole.UserRole))
        query = self.search.text().strip()
        if query:
            self.hint.setText(f"{n} found for “{query}”" if n else f"Nothing found for “{query}”")
        else:
            self.hint.setText(f"{n} rules · ⚑ has a house rule · click a rule ID anywhere to look it up")
        if not n:
            self.entry.setMarkdown("")
        self._fit_results()

    def _fit_results(self) -> None:
        """The result list as tall as its results where they fit in its share of the tab,
        the entry under it taking the rest, and never less than a few results whole. The
        rows are measured as drawn, wrapped to the list's width: a row's size hint is one
        line, and four wrapped results got a list two rows tall. Measured only on the tab
        shown (a hidden list's width is not the one it is drawn at)."""
        if not self.index_tab.isVisible():
            return  # fitted when the tab is shown (_fit_results_soon)
        res = self.results
        total = sum(self.index_tab.sizes()) or self.index_tab.height()
        res.doItemsLayout()  # the rows wrapped to the list's width now, not at the next paint
        rows = [res.visualItemRect(res.item(i)).height() for i in range(min(res.count(), 40))]
        frame = 2 * res.frameWidth() + 4
        few = sum(rows[:theme.REFERENCE_RESULTS_LEAST]) + frame
        share = max(int(total * theme.REFERENCE_RESULTS_SHARE),
                    min(few, int(total * theme.REFERENCE_RESULTS_MOST)))
        wanted = max(min(sum(rows) + frame, share), 48)
        self.index_tab.setSizes([wanted, max(total - wanted, 1)])

    def _fit_results_soon(self) -> None:
        """Fit the result list once the tab just shown is laid out."""
        if self.tabs.currentWidget() is self.index_tab:
            QTimer.singleShot(0, self, self._fit_results)

    def _show_first(self) -> None:
        for i in range(self.results.count()):
            item = self.results.item(i)
            if item.data(Qt.ItemDataRole.UserRole):
                self.results.setCurrentItem(item)
                self._on_pick(item, None)
                self.tabs.setCurrentWidget(self.index_tab)
                return

    def _on_pick(self, item: QListWidgetItem | None, _prev: Any) -> None:
        key = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if not key:
            return
        if key.startswith("topic:"):
            self.entry.setMarkdown(_linked_markdown(house_rule_markdown(self.index.topics[int(key[6:])])))
        else:
            entry = self.index.entries[key]
            section = [e for e in self.index.entries.values()
                       if e.rule_id[:2] == entry.rule_id[:2] and e.section == entry.section]
            self.entry.setMarkdown(entry_markdown(entry, section))
        self.entry.verticalScrollBar().setValue(0)

    def _on_link(self, browser: QTextBrowser, url: QUrl) -> None:
        target = url.toString()
        if target == _MANUAL_HREF:
            open_manual()
        elif target.startswith(_HREF):
            self.look_up(target[len(_HREF):])
        elif target.startswith("#"):
            browser.scrollToAnchor(target[1:])

    # -- placing ---------------------------------------------------------------------------------
    def place_beside(self, owner: QWidget | None) -> None:
        """Open beside the game window, not over its map: in the screen space to its right
        or left if there is room; otherwise over its left column (the turn panel and the
        cards: the Decision dock on the right stays in sight), or, a window without one,
        over its right-hand column, from the map's right edge to the screen's (over the
        map only if that column is narrower than anything readable)."""
        screen = (owner.screen() if owner is not None else self.screen()).availableGeometry()
        if owner is None or not owner.isVisible():
            w, h = min(640, screen.width()), min(760, screen.height())
            self.setGeometry(QRect(screen.center().x() - w // 2, screen.center().y() - h // 2, w, h))
            return
        fg = owner.frameGeometry()
        title, sides = fg.height() - owner.height(), fg.width() - owner.width()  # ours will match
        lo, hi = theme.REFERENCE_MIN_WIDTH, theme.REFERENCE_MAX_WIDTH
        right, left = screen.right() - fg.right(), fg.left() - screen.left()
        over = right < lo and left < lo  # over the window, not beside it
        if right >= lo:
            width, x = min(hi, right), fg.right() + 1
        elif left >= lo:
            width = min(hi, left)
            x = fg.left() - width
        elif (column := self._left_column(owner)) is not None:
            # over the game window's left column (turn panel, cards): the right column's
            # Decision dock and the map's units stay in sight
            x, width = column
        else:
            central = owner.centralWidget() if hasattr(owner, "centralWidget") else None
            edge = (central.mapToGlobal(central.rect().topRight()).x() if central is not None
                    else fg.right() - lo)
            width = max(theme.REFERENCE_NARROWEST, min(hi, screen.right() - edge))
            x = screen.right() + 1 - width
        top = max(screen.top(), fg.top())
        height = min(fg.bottom(), screen.bottom()) - top + 1
        bar = owner.statusBar() if over and hasattr(owner, "statusBar") else None
        if bar is not None and bar.isVisible():  # over the window: its status bar stays in sight
            height -= bar.height()
        self.resize(max(width - sides, self.minimumSizeHint().width()), max(300, height - title))
        # A window that could not be made as narrow as asked still ends at the screen's edge.
        self.move(min(x, screen.right() + 1 - self.width() - sides), top)


    @staticmethod
    def _left_column(owner: QWidget) -> tuple[int, int] | None:
        """The global x and width of ``owner``'s left dock column (from its window's left
        edge to its map's), if it has one wide enough to read in."""
        central = owner.centralWidget() if hasattr(owner, "centralWidget") else None
        if central is None:
            return None
        screen = owner.screen().availableGeometry()
        left = max(owner.frameGeometry().left(), screen.left())
        width = central.mapToGlobal(central.rect().topLeft()).x() - left
        if width < theme.REFERENCE_LEFT_LEAST:
            return None
        return left, width


TAB_SHORT = {"At a glance": "Basics", "Force on Force": "Modules",
             "Rules and house rules": "Rules"}
"""A tab's name where the whole names do not fit the reference's width."""
TAB_TIPS = {
    "At a glance": "The rules at a glance, and the scenario being played",
    "Force on Force": "The Force on Force modules this game can play, a section each",
    "Charts": "The charts the game plays with: weapons, damage, modifiers, terrain",
    "Rules and house rules": "Every rule by its ID, with the house rules the game plays "
                             "(Ctrl+F to find one)",
    "Keys": "Every key of the game window: a whole turn can be played without the mouse",
}

DOCK_KEYS = (  # the keys of the Decision dock and the map that are no menu's entries
    ("Enter", "In the Decision dock: the first press picks the choice with the keyboard focus "
              "(or the first) and shows it, the next makes that choice"),
    ("1 … 9", "The numbered choices of the decision in the dock"),
    ("Tab, Shift+Tab", "From one choice (a card, a button) of the decision to the next; in an "
                       "Ambush! Operations turn, the next soldier who may move"),
    ("Space", "Press the button or card that has the keyboard focus"),
    ("Esc", "In the Decision dock: the safe answer where there is one (hold fire, let the move "
            "pass); it never takes a choice back, except an Ambush! fire's target back to the "
            "soldier's actions. In an Ambush! move: Stop, the move ends (the Stop button). An "
            "Esc pressed as the dice end only skips them"),
    ("S", "On the table, the moving unit stays where it is (the Stay button)"),
    ("E, Ctrl+E", "Ambush!: end the Operations turn (the End turn button)"),
    ("Mouse wheel", "Zoom the map where the pointer is, as + and - do"),
)


def keys_html(window: QWidget | None) -> str:
    """Every key of ``window``: its menus' entries that have keys (read from the menus, so
    the page says what the keys do today), then the Decision dock's own keys."""
    from html import escape

    rows: list[tuple[str, str]] = []

    def walk(menu: QMenu, where: str) -> None:
        for a in menu.actions():
            sub = a.menu()
            if isinstance(sub, QMenu):
                walk(sub, f"{where} ▸ {a.text().replace('&', '')}")
            elif a.shortcuts() and a.isVisible():
                keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                                 for k in a.shortcuts())
                rows.append((keys, f"{where} ▸ {a.text().replace('&', '')}"))

    bar = window.menuBar() if isinstance(window, QMainWindow) else None
    for a in bar.actions() if bar is not None else []:
        sub = a.menu()
        if isinstance(sub, QMenu):
            walk(sub, a.text().replace("&", ""))
    rows += DOCK_KEYS
    body = "".join(f"<tr><td style='padding-right:12px'><b>{escape(k)}</b></td>"
                   f"<td>{escape(what)}</td></tr>" for k, what in rows)
    return ("<h3>Keys</h3><p>A whole turn can be played from the keyboard: Enter takes the "
            "decision in the dock, the arrow keys take a move's end across the table (or "
            "the hexes round an Ambush! soldier) and Enter makes the move.</p>"
            f"<table cellspacing='2'>{body}</table>")

_ORPHANS: list[RulesHelp] = []
"""References opened with no window to belong to (kept alive until closed)."""


def _owner(widget: QWidget | None) -> QWidget | None:
    """The top game window ``widget`` lives in (a dialog's parent window, and so on)."""
    w = widget.window() if widget is not None else None
    while w is not None and (parent := w.parentWidget()) is not None:
        w = parent.window()
    if isinstance(w, RulesHelp):
        return w.parentWidget()
    return w


def open_reference(owner: QWidget | None, system: str | None = None) -> RulesHelp:
    """The rules reference of ``owner``'s window, opened (once per window) beside it."""
    top = _owner(owner)
    found = top.findChild(RulesHelp, options=Qt.FindChildOption.FindDirectChildrenOnly) if top else None
    if found is not None and (system is None or found.system == system):
        help_ = found
    else:
        if found is not None:
            found.close()
            found.deleteLater()
        help_ = RulesHelp(top, system=system or "alley")
        help_.place_beside(top)
        if top is None:
            help_.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            _ORPHANS.append(help_)
            help_.destroyed.connect(lambda *_: _ORPHANS.remove(help_) if help_ in _ORPHANS else None)
    glance = getattr(top, "scenario_glance", None)
    if callable(glance):  # the scenario this window plays, at the foot of the page
        help_.show_scenario(str(glance()))
    help_.show()
    help_.raise_()
    help_.activateWindow()
    return help_


def look_up(rule_id: str, parent: QWidget | None = None) -> RulesHelp:
    """Open the rules reference of ``parent``'s window on ``rule_id`` (an ID or a range as
    written: ``AR-112``, ``AA-074..084``). The shared entry point for links everywhere."""
    top = _owner(parent)
    found = top.findChild(RulesHelp, options=Qt.FindChildOption.FindDirectChildrenOnly) if top else None
    help_ = open_reference(parent, found.system if found is not None else system_of(rule_id))
    help_.look_up(rule_id)
    return help_
