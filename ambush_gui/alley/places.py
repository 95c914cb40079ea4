"""Places in an Ambush Alley scenario, and what is wrong there, in the designer's words.

The loader names a problem by its dotted path (``hot_spots[2].at``) so programs can find
the place; a designer reads "Hot Spot 3". :func:`describe` turns a (path, what) pair
into (place, what) the way the scenario itself names things: units by name, figures and
escorts by id, Hot Spots by number, pieces by label, sides by the scenario's own names,
reinforcement lines by their 2d6 total, awards counted from 1. The message loses what
the place already says ("Hot Spot 3 at [16.5, 11.5] is inside 'suv', which is
impassable" becomes "inside impassable terrain (SUV)"), and pydantic's stock phrases
("List should have at least 1 item after validation, not 0") become plain ones.
The editor's Problems dock shows problems this way; the dotted path stays available to
find the place.
"""

from __future__ import annotations

import re
from typing import Any

from ambush_gui.core.errors import printable, shown
from ambush_gui.core.files import path_tokens

# the branches pydantic names inside a union ("level.literal['automatic']", "small_arms.int")
_UNION = re.compile(r"^(literal\[.*\]|int|str|float|bool|function-(after|before|plain|wrap)\[.*\])$")
FIELD_WORDS = {
    "tq": "Troop Quality", "morale": "Morale", "armor": "body armor", "optimum_range": "optimum range",
    "weapon": "weapon", "kind": "kind", "name": "name", "id": "id", "side": "side", "label": "label",
    "figures": "figures", "number": "number", "level": "Insurgency Level", "leader_tq": "leader's TQ",
    "small_arms": "small arms", "light_support": "light support", "rpg": "RPG", "roll_again": "roll again",
    "leader": "leader", "friendly_edges": "friendly edges", "deployment": "set-up zones",
    "event": "event", "points": "points", "zone": "zone", "edge": "edge", "wounded": "wounded",
    "width": "table width", "height": "table depth", "turn_limit": "turn limit",
    "effective_range": "effective range", "rect": "rectangle",
    "blocks_sight": "blocks sight", "cover": "cover", "impassable": "impassable",
    "teams": "mortar teams", "mopp": "MOPP levels", "schedule": "MOPP schedule",  # FoF modules
}
MODULE_WORDS = {"mortars": "mortars settings", "nbc": "NBC settings", "mines": "mines settings",
                "ieds": "IED settings", "mounted": "mounted settings",
                "combat_stress": "combat stress settings", "civilians": "civilians settings"}
"""The Force on Force modules' settings tables; each module's ``cross_check`` may name its
own pieces in words ("minefield mf-1"), which are kept as given."""
TOP_WORDS = {"turn_limit": "turn limit", "effective_range": "effective range", "title": "title",
             "name": "name", "brief": "brief", "format": "format", "special_rules": "special rules",
             "system": "rule system"}
_PLAIN = [  # pydantic's phrases -> plain words
    (re.compile(r"^Value error, "), ""),
    (re.compile(r"^List should have at least 1 item after validation, not 0$"), "needs at least one"),
    (re.compile(r"^List should have at least (\d+) items after validation, not (\d+)$"),
     r"needs at least \1 (there are \2)"),
    (re.compile(r"^List should have at most (\d+) items? after validation, not (\d+)$"),
     r"may hold at most \1 (there are \2)"),
    (re.compile(r"^Input should be greater than or equal to (\S+)"), r"must be at least \1"),
    (re.compile(r"^Input should be less than or equal to (\S+)"), r"must be at most \1"),
    (re.compile(r"^Input should be greater than (\S+)"), r"must be more than \1"),
    (re.compile(r"^Input should be less than (\S+)"), r"must be less than \1"),
    (re.compile(r"^Input should be a valid integer"), "must be a whole number"),
    (re.compile(r"^Input should be a valid number"), "must be a number"),
    (re.compile(r"^Input should be a valid string"), "must be text"),
    (re.compile(r"^Input should be a valid boolean"), "must be true or false"),
    (re.compile(r"^Input should be a valid list"), "must be a list"),
    (re.compile(r"^Input should be a valid dictionary"), "must be a table"),
    (re.compile(r"^Input should be "), "must be "),
]


def _tokens(path: str) -> list[str | int]:
    return path_tokens(path)


def _item(seq: Any, k: Any) -> Any:
    return seq[k] if isinstance(seq, list) and isinstance(k, int) and 0 <= k < len(seq) else None


def _get(obj: Any, key: Any) -> Any:
    return obj.get(key) if isinstance(obj, dict) else None


def _name(value: Any) -> str:
    """A name or label from the file fit to name a place: short printable text, else ""
    (a name that is itself the problem, too long or not text, is not repeated as the place)."""
    return value if isinstance(value, str) and len(value) <= 40 and value.isprintable() else ""


def side_name(data: Any, side: str) -> str:
    name = _get(_get(_get(data, "sides"), side), "name")
    return _name(name) or {"regular": "Regulars", "insurgent": "Insurgents"}.get(side, side)


def piece_words(data: Any, pid: str) -> str:
    """A table piece by its label ("SUV"), else its id."""
    for p in _get(_get(data, "table"), "pieces") or []:
        if _get(p, "id") == pid:
            return _name(_get(p, "label")) or printable(pid, 40)
    return pid


def place(data: Any, path: str) -> str:
    """The place ``path`` names, in words ("Fireteam Alpha, figure a-1"); the path itself
    for places with no better name."""
    toks = [t for t in _tokens(path) if not (isinstance(t, str) and _UNION.match(t))]
    if not toks:
        return ""
    head, rest = toks[0], toks[1:]
    words: list[str] = []
    nxt = rest[0] if rest else None
    if head == "units" and isinstance(nxt, int):
        unit = _item(_get(data, "units"), nxt)
        words.append(_name(_get(unit, "name")) or _name(_get(unit, "id")) or f"unit #{nxt + 1}")
        rest = rest[1:]
        if rest[:1] == ["figures"] and len(rest) >= 2 and isinstance(rest[1], int):
            fig = _item(_get(unit, "figures"), rest[1])
            words.append(f"figure {_get(fig, 'id') or '#' + str(rest[1] + 1)}")
            rest = rest[2:]
    elif head == "hot_spots" and isinstance(nxt, int):
        spot = _item(_get(data, "hot_spots"), nxt)
        n = _get(spot, "number")
        words.append(f"Hot Spot {n}" if n is not None else f"Hot Spot #{nxt + 1} (no number)")
        rest = rest[1:]
    elif head in ("escorts", "contractors") and isinstance(nxt, int):
        e = _item(_get(data, head), nxt)
        label = "contractor" if head == "contractors" else (_name(_get(e, "label")) or "escort")
        words.append(f"{label} {_get(e, 'id') or '#' + str(nxt + 1)}")
        rest = rest[1:]
    elif head == "aid_stations" and isinstance(nxt, int):
        words.append(f"aid station {nxt + 1}")
        rest = rest[1:]
    elif head == "table" and nxt == "pieces" and len(rest) >= 2 and isinstance(rest[1], int):
        piece = _item(_get(_get(data, "table"), "pieces"), rest[1])
        pid = _get(piece, "id")
        label = _name(_get(piece, "label"))
        words.append(f"{label} ({pid})" if label and pid else str(pid or f"table piece #{rest[1] + 1}"))
        rest = rest[2:]
    elif head == "sides" and isinstance(nxt, str):
        words.append(side_name(data, nxt))
        rest = rest[1:]
        if rest[:1] == ["deployment"] and len(rest) >= 2 and isinstance(rest[1], int):
            zone = _item(_get(_get(_get(data, "sides"), nxt), "deployment"), rest[1])
            label = _name(_get(zone, "label"))
            words[-1] = f"{words[-1]} set-up zone {rest[1] + 1}" + (f" ({label})" if label else "")
            rest = rest[2:]
    elif head == "victory" and nxt == "awards" and len(rest) >= 2 and isinstance(rest[1], int):
        words.append(f"award {rest[1] + 1}")
        rest = rest[2:]
    elif head == "victory":
        words.append("victory points")
    elif head == "reinforcements" and nxt == "table" and len(rest) >= 2:
        words.append(f"reinforcement table, roll {rest[1]}")
        rest = rest[2:]
    elif head == "reinforcements":
        words.append("reinforcements")
    elif head == "modules" and nxt is not None:
        words.append(f"rule module {nxt + 1}" if isinstance(nxt, int) else f"rule module {nxt}")
        rest = rest[1:]
    elif isinstance(head, str) and head in MODULE_WORDS:
        words.append(MODULE_WORDS[head])
    elif head == "table":
        words.append("table")
    elif isinstance(head, str) and head in TOP_WORDS:
        words.append(TOP_WORDS[head])
    else:
        return path
    cur: Any = _at(data, toks[: len(toks) - len(rest)])
    for k, t in enumerate(rest):
        prev = rest[k - 1] if k else None
        cur = _item(cur, t) if isinstance(t, int) else _get(cur, t)
        if isinstance(t, int):
            if prev == "rect" and 0 <= t < 4:
                words[-1] += f" ({('x', 'y', 'width', 'depth')[t]})"
            elif isinstance(prev, str) and prev != "at" and words:
                words[-1] = _counted(words[-1], t, cur)  # "device 3 (id 'ied-east')"
            continue
        if t == "at":  # where it stands: the message gives the point
            continue
        words.append(FIELD_WORDS.get(t, t.replace("_", " ")))
    return ", ".join(w for w in words if w)


def _at(data: Any, toks: list[str | int]) -> Any:
    """What the file holds at ``toks`` (None where it holds nothing)."""
    for t in toks:
        data = _item(data, t) if isinstance(t, int) else _get(data, t)
    return data


def _counted(words: str, index: int, item: Any) -> str:
    """An item of a list as the designer counts it, from 1, with its id when it has one:
    "devices" and index 2 -> "device 3 (id 'ied-east')"."""
    one = words[:-1] if words.endswith("s") and not words.endswith("ss") else words
    ident = _get(item, "id")
    return f"{one} {index + 1}" + (f" (id {shown(ident, 40)})" if isinstance(ident, str) and ident else "")


def _module_thing(data: Any, head: str, rest: list[str | int]) -> str:
    """The table thing a module's setting is about, named as the table names it: "minefield
    Gate mines (mf-1)", "IED ied-2", "mortar team Mortar Section", "Positive Leader sgt-1";
    "" when the path is about the module as a whole."""
    if len(rest) < 2:
        return ""
    key, which = rest[0], rest[1]
    table = _get(data, head)
    units = {str(_get(u, "id")): u for u in _get(data, "units") or [] if isinstance(u, dict)}

    def unit_words(uid: Any) -> str:
        unit = units.get(str(uid))
        return str(_get(unit, "name") or uid) if unit is not None else str(uid)

    if head == "mines" and key == "fields":
        return f"minefield {piece_words(data, str(which))}"
    if head == "ieds" and key == "devices" and isinstance(which, int):
        dev = _item(_get(table, "devices"), which)
        return f"IED {_get(dev, 'id') or '#' + str(which + 1)}"
    if head == "mortars" and key == "teams":
        return f"mortar team {unit_words(which)}"
    if head == "mounted" and key == "units" and isinstance(which, int):
        return f"mounted unit {unit_words(_get(_item(_get(table, 'units'), which), 'unit'))}"
    if head == "combat_stress" and key in ("positive_leaders", "negative_leaders") and isinstance(which, int):
        leader = _item(_get(table, key), which)
        kind = "Positive" if key == "positive_leaders" else "Negative"
        return f"{kind} Leader {_get(leader, 'figure') or '#' + str(which + 1)}"
    if head == "civilians" and key == "hostile_mobs" and isinstance(which, int):
        return f"hostile mob {piece_words(data, str(_item(_get(table, key), which)))}"
    return ""


def plain(what: str) -> str:
    """pydantic's stock phrases in plain words (messages of our own pass unchanged)."""
    for pattern, repl in _PLAIN:
        what, n = pattern.subn(repl, what, count=1)
        if n and pattern.pattern != "^Value error, ":
            break
    return re.sub(r"not (\S+) \(got \1\)$", r"not \1", what)  # the value said once


_AT = r" at \[[^\]]*\]"
_IMPASSABLE = re.compile(r"^.+?" + _AT + r" (?:stands|is) inside '(?P<pid>[^']+)', which is impassable: "
                         r"(?P<rest>.*)$")
_OVERLAP = re.compile(r"^.+?" + _AT + r" is (?P<d>[\d.]+)\" from (?P<other>\S+) \((?P<path>[^)]+)\): "
                      r"(?P<rest>.*)$")
_NO_UNITS = re.compile(r"^.+? have no units: (?P<rest>.*)$")
_COHESION = re.compile(r"^.+? is out of cohesion at set-up: (?P<rest>.*)$")
_KIND_ESCORT = re.compile(r"^\S+ is an escort \(kind 'contractor'\), which carries no weapon (?P<rest>.*)$")


_PATH_IN_TEXT = re.compile(r"\b(?:units|hot_spots|escorts|contractors|aid_stations)\[\d+\]"
                           r"(?:\.figures\[\d+\])?")


def _paths_named(data: Any, what: str) -> str:
    """Another place a message points to ("is 1.6\" from hot_spots[0]") in words too."""
    return _PATH_IN_TEXT.sub(lambda m: place(data, m.group(0)), what)


# messages whose opening only repeats the place: what stays of them
_SAID_BY_THE_PLACE = [
    (_NO_UNITS, "no units: "),
    (_COHESION, "out of cohesion at set-up: "),
    (_KIND_ESCORT, "an escort (kind 'contractor') carries no weapon "),
]


def reword(data: Any, what: str) -> str:
    """The message without what its place already says, in plain words."""
    return _paths_named(data, _reword(data, what))


def _reword(data: Any, what: str) -> str:
    m = _IMPASSABLE.match(what)
    if m:
        return f"inside impassable terrain ({piece_words(data, m['pid'])}): {m['rest']}"
    m = _OVERLAP.match(what)
    if m:
        return f"only {m['d']}\" from {place(data, m['path'])}: {m['rest']}"
    for pattern, head in _SAID_BY_THE_PLACE:
        m = pattern.match(what)
        if m:
            return head + m["rest"]
    return plain(what)


def describe(data: Any, path: str, what: str) -> tuple[str, str]:
    """(place, what) in the designer's words for a loader's (path, what); see the module
    docstring. ``data`` is the scenario's data as read.

    >>> data = {"hot_spots": [{"number": 1}, {"number": 3}], "table": {"pieces": [
    ...     {"id": "canal", "label": "Canal"}]}}
    >>> describe(data, "hot_spots[1].at", "Hot Spot 3 at [16.5, 11.5] is inside 'canal', which is "
    ...          "impassable: its Insurgents could not arrive")
    ('Hot Spot 3', 'inside impassable terrain (Canal): its Insurgents could not arrive')
    """
    return place(data, path), reword(data, what)


def module_words(data: Any, path: str, place_words: str, what: str) -> tuple[str, str]:
    """The editor's words for a Force on Force module's problem: the place named as the
    table names the thing ("IED ied-1", "minefield Gate mines", "Positive Leader sgt-1")
    rather than the settings path ("IED settings, devices"), and the message without the
    thing it opens with, which the place now says. Other problems are returned as given.
    (The loader's own messages keep both, for the command line.)"""
    toks = [t for t in _tokens(path) if not (isinstance(t, str) and _UNION.match(t))]
    if not toks or toks[0] not in MODULE_WORDS:
        return place_words, what
    thing = _module_thing(data, str(toks[0]), toks[1:])
    if thing:
        rest = [t for t in toks[3:] if t != "at" and not isinstance(t, int)]
        place_words = ", ".join([thing, *(FIELD_WORDS.get(t, t.replace("_", " ")) for t in rest
                                          if isinstance(t, str))])
    m = _MODULE_THING.match(what)
    return place_words, (m["rest"] if m else what)


_MODULE_THING = re.compile(r"^(?:mortar team|minefield|IED|mounted unit|Positive Leader|Negative Leader|"
                           r"leader|hostile mob|mob|unit)\s+'?[\w.-]+'?: (?P<rest>.+)$", re.S)


def _module_title(name: str) -> str:
    from ambush_gui.alley.modules import REGISTRY

    cls = REGISTRY.get(name)
    return str(cls.title) if cls is not None and cls.title else name.replace("_", " ")


def _event_title(name: str) -> str:
    from ambush_gui.alley.victory import AWARD_TITLES

    return f"\"{AWARD_TITLES[name]}\"" if name in AWARD_TITLES else name


_EVENT = r"(?P<event>escort_exited|none_left_behind|enemy_wounded|enemy_killed|captive_held|" \
         r"hot_spot_neutralised|figure_exited|zone_held|zone_cleared|civilian_casualty)"
# The loader says a place the way the file writes it ("[[units]]", add "mines" to modules),
# which is what a person editing the file needs (``validate``); the editor has no file to
# show, so :func:`editor_words` says the same place by the editor's tab or tool. One table
# here, next to the words for places, so each check keeps one message and both readers.
_EDITOR_TERMS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"at least one unit in \[\[units\]\]"),
     "at least one unit: add one on the Units tab and place it on the table"),
    (re.compile(r"\[(?P<m>[a-z_]+)\] gives settings for the [a-z_]+ module, which is not switched on: "
                r"add \"[a-z_]+\" to modules, or remove the table"),
     lambda m: (f"settings are given for the {_module_title(m['m'])} module, which is not switched "
                f"on: switch it on in the Modules tab, or clear its settings")),
    (re.compile(r"settings for (?P<m>[a-z_]+) are given twice \(\[[a-z_]+\] and \[modules\.[a-z_]+\]\)"),
     lambda m: f"settings for the {_module_title(m['m'])} module are given twice in the file"),
    (re.compile(r"add \"(?P<m>[a-z_]+)\" to (?:the scenario's modules list|modules)"),
     lambda m: f"switch the {_module_title(m['m'])} module on in the Modules tab"),
    (re.compile(r"\(\[\[escorts\]\] or \[\[contractors\]\]\)"), "(place one with the Escort tool)"),
    (re.compile(r"\(expected friendly_edges for that side\)"),
     "(give that side a friendly edge on the Scenario tab)"),
    (re.compile(r"\(add it to combat_stress\.sides\)"),
     "(tick that side under Combat stress in the Modules tab)"),
    (re.compile(r"give its place as 'at' \(a point\) or 'piece' \(a table piece\), one of the two"),
     "give it one place: a point on the table or a table piece, not both"),
    (re.compile(r"trigger = \"turn\" needs the turn it goes off \(turn = N\)"),
     "a turn trigger needs the turn it goes off: set its turn"),
    (re.compile(r"give it kind = \"minefield\" or remove its settings"),
     "make the piece a minefield, or remove its minefield settings"),
    (re.compile(r"place \[\[hot_spots\]\], or remove \[reinforcements\]"),
     "place Hot Spots with the Hot Spot tool, or untick the reinforcements on the Scenario tab"),
    (re.compile(r"format 1: no victory\.awards, so"), "the file lists no awards, so"),
    (re.compile(r"format 1: (?P<n>\d+) \[\[contractors\]\] read as"),
     lambda m: f"{m['n']} contractors (the older shorthand) are read as"),
    (re.compile(r"\b" + _EVENT + r"\b"), lambda m: _event_title(m["event"])),
]
FILE_MARKUP = re.compile(r"\[\[?[a-z_.]+\]\]?|\bto modules\b|modules list|\b" + _EVENT + r"\b")
"""File markup a message in the editor should no longer hold (the tests look for it)."""


def editor_words(what: str) -> str:
    """A loader's message as the editor says it: the file's markup ("[[units]]", "add
    \"mines\" to modules", an award event's key) replaced by the tab, tool or title the
    designer sees. Messages with no markup pass unchanged.

    >>> editor_words("no units: each side needs at least one unit in [[units]]")
    'no units: each side needs at least one unit: add one on the Units tab and place it on the table'
    """
    for pattern, repl in _EDITOR_TERMS:
        what = pattern.sub(repl, what)
    return what
