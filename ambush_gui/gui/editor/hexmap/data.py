"""What the mission editor reads out of, and writes into, a mission's plain data.

The mission page edits the dict the loader reads (``doc.data``); this module holds the
arithmetic of that data so the widgets stay thin:

- the map: terrain per hex from the ``[map]`` patches, and back again as a compact
  list of blocks (:func:`terrain_patches`), so a painted map is written the way a person
  would write it (``"0105-0406"`` rather than eight single hexes); hexside features per
  side, toggled one side at a time;
- the paragraph graph: what leads to a paragraph (:func:`readers`, from the loader's
  own walk of every place that names one, :func:`~ambush_gui.ambush.mission.paragraph_refs`);
  what is wrong is the loader's to say (the document's ``findings``);
- a fresh, minimal mission (:func:`new_mission_data`).

>>> sorted(terrain_by_hex({"width": 3, "height": 2, "terrain": [
...     {"terrain": "woods", "hexes": ["0101-0201"]}]}).items())
[('0101', 'woods'), ('0201', 'woods')]
>>> terrain_patches({"0101": "woods", "0102": "woods", "0301": "road"}, default="clear")
[{'terrain': 'road', 'hexes': ['0301']}, {'terrain': 'woods', 'hexes': ['0101-0102']}]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ambush_gui.ambush.charts import Charts
from ambush_gui.ambush.mission import MapSpec, map_of, paragraph_refs, span_labels
from ambush_gui.core.hexgrid import Hex, HexMap
from ambush_gui.gui.editor.document import parse_path


def whole(value: Any, default: int = 0) -> int:
    """The whole number a draft holds, or ``default`` where it holds something else (text,
    a list, true): the Problems list says what is wrong there, and the form shows the
    default until the designer types a number.

    >>> whole(3), whole("two", 1), whole(True), whole(None, 6)
    (3, 1, 0, 6)
    """
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def label(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def col_row(lb: str) -> tuple[int, int]:
    return int(lb[:2]), int(lb[2:])


# -- a new mission ---------------------------------------------------------------------------


def new_mission_data(columns: int, rows: int, title: str) -> dict[str, Any]:
    """A fresh mission: a clear map, one Condition, no soldiers, no paragraphs (a draft:
    the loader wants at least a US soldier and a paragraph before it can be played)."""
    slug = "".join(ch if ch.isalnum() else "-" for ch in title.lower()).strip("-")
    while "--" in slug:
        slug = slug.replace("--", "-")
    if not slug or not slug[0].isalpha():
        slug = "mission-" + slug if slug else "new-mission"
    return {
        "format": 2,
        "system": "ambush",
        "kind": "mission",
        "name": slug,
        "title": title,
        "brief": "",
        "map": {"width": columns, "height": rows, "default": "clear", "terrain": [], "hexsides": []},
        "conditions": {"A": {"name": "Quiet"}},
        "card": {"start": "A", "checks": [], "events": {}, "references": []},
        "germans": [],
        "squad": [],
        "paragraphs": [],
        "victory": {"levels": [{"min": 1, "result": "Victory", "outcome": "us"},
                               {"min": -99, "result": "Defeat", "outcome": "german"}]},
        "end": {"text": "", "exit_hexes": []},
    }


# -- the map ---------------------------------------------------------------------------------


def terrain_by_hex(map_data: dict[str, Any]) -> dict[str, str]:
    """Hex label -> terrain for every hex a patch names (later patches win, as the loader
    reads them); hexes not named have the map's default terrain."""
    out: dict[str, str] = {}
    for patch in map_data.get("terrain", []):
        for span in patch.get("hexes", []):
            for lb in span_labels(span):
                out[lb] = patch.get("terrain", "")
    return out


def _blocks(cells: set[tuple[int, int]]) -> list[str]:
    """Cover ``cells`` with rectangles of columns x rows, greedily: each block grows down its
    column, then east while every column beside it is whole."""
    left = set(cells)
    spans: list[str] = []
    for c, r in sorted(cells):
        if (c, r) not in left:
            continue
        r2 = r
        while (c, r2 + 1) in left:
            r2 += 1
        c2 = c
        while all((c2 + 1, y) in left for y in range(r, r2 + 1)):
            c2 += 1
        for x in range(c, c2 + 1):
            for y in range(r, r2 + 1):
                left.discard((x, y))
        a, b = label(c, r), label(c2, r2)
        spans.append(a if a == b else f"{a}-{b}")
    return spans


def terrain_patches(terrain: dict[str, str], default: str) -> list[dict[str, Any]]:
    """Hex -> terrain as the ``map.terrain`` list: one patch per terrain (by name), its hexes
    as few blocks as the greedy cover finds; hexes of the default terrain are left out."""
    by_kind: dict[str, set[tuple[int, int]]] = {}
    for lb, kind in terrain.items():
        if kind != default:
            by_kind.setdefault(kind, set()).add(col_row(lb))
    return [{"terrain": kind, "hexes": _blocks(cells)} for kind, cells in sorted(by_kind.items())]


def paint(map_data: dict[str, Any], hexes: Iterable[str], kind: str) -> list[dict[str, Any]]:
    """The ``map.terrain`` list after painting ``hexes`` with ``kind``."""
    default = map_data.get("default", "clear")
    terrain = terrain_by_hex(map_data)
    for lb in hexes:
        terrain[lb] = kind
    return terrain_patches(terrain, default)


def on_map(map_data: dict[str, Any], lb: str) -> bool:
    if not (isinstance(lb, str) and len(lb) == 4 and lb.isdigit()):
        return False
    c, r = col_row(lb)
    return 1 <= c <= whole(map_data.get("width")) and 1 <= r <= whole(map_data.get("height"))


def brush(map_data: dict[str, Any], centre: str, size: int) -> list[str]:
    """The hexes a brush of ``size`` (1, or 7: the hex and its six neighbours) covers."""
    h = Hex.from_label(centre)
    hexes = [h] if size <= 1 else [h, *h.neighbours()]
    width, height = whole(map_data.get("width")), whole(map_data.get("height"))
    return [x.label for x in hexes if 1 <= x.offset[0] <= width and 1 <= x.offset[1] <= height]


def side_key(a: str, b: str) -> str:
    """The file's name of the side between two adjacent hexes (lower label first)."""
    x, y = sorted((a, b))
    return f"{x}/{y}"


def side_features(map_data: dict[str, Any]) -> dict[str, str]:
    """Side "CCRR/CCRR" (lower first) -> feature."""
    out: dict[str, str] = {}
    for patch in map_data.get("hexsides", []):
        for side in patch.get("sides", []):
            a, _, b = side.partition("/")
            out[side_key(a, b)] = patch.get("feature", "")
    return out


def side_patches(sides: dict[str, str]) -> list[dict[str, Any]]:
    by_feature: dict[str, list[str]] = {}
    for side, feature in sorted(sides.items()):
        by_feature.setdefault(feature, []).append(side)
    return [{"feature": f, "sides": s} for f, s in sorted(by_feature.items())]


def set_side(map_data: dict[str, Any], a: str, b: str, feature: str | None) -> list[dict[str, Any]]:
    """The ``map.hexsides`` list with the side between ``a`` and ``b`` carrying ``feature``
    (None: bare)."""
    sides = side_features(map_data)
    key = side_key(a, b)
    if feature:
        sides[key] = feature
    else:
        sides.pop(key, None)
    return side_patches(sides)


def build_map(map_data: dict[str, Any], charts: Charts | None = None) -> HexMap | None:
    """The :class:`HexMap` the loader would build from this ``[map]`` (the loader's own
    :func:`~ambush_gui.ambush.mission.map_of`), or None while the map data does not pass
    its schema or names a terrain the charts do not have."""
    try:
        spec = MapSpec.model_validate(map_data)
        return map_of(spec, charts or Charts.default())
    except (ValueError, KeyError):
        return None


def area_hexes(map_data: dict[str, Any]) -> dict[str, list[str]]:
    return {name: [lb for s in spans for lb in span_labels(s)]
            for name, spans in map_data.get("areas", {}).items()}


def place_hexes(map_data: dict[str, Any], places: Iterable[str]) -> list[str]:
    """Hex numbers and area names -> the hexes (unknown areas: none)."""
    areas = area_hexes(map_data)
    out: list[str] = []
    for p in places:
        out += [p] if p.isdigit() else areas.get(p, [])
    return out


def compact_spans(hexes: Iterable[str]) -> list[str]:
    """Hexes as the fewest blocks the greedy cover finds (for an area's list)."""
    return _blocks({col_row(lb) for lb in hexes})


# -- the paragraph graph ---------------------------------------------------------------------


def readers(data: dict[str, Any], number: int) -> list[tuple[str, str]]:
    """What leads to paragraph ``number``: (dotted path, words), a soldier card's column
    given once with its Action Numbers.

    >>> readers({"card": {"events": {"7": 3}}, "germans": [{"number": 2, "letter": "B",
    ...     "columns": {"A": [3, 3, 1, 1, 1, 1, 1, 1, 1, 1]}}]}, 3)  # doctest: +NORMALIZE_WHITESPACE
    [('card.events.7', 'Event column: 7'),
     ('germans[0].columns.A[0]', 'German 2 (B), column A: Action Numbers 0, 1')]
    """
    out: list[tuple[str, str]] = []
    columns: dict[str, tuple[str, list[str]]] = {}
    for path, n, _ in paragraph_refs(data):
        if n != number:
            continue
        parts = parse_path(path)
        if parts[0] == "germans":
            g = data["germans"][parts[1]]
            head = f"German {g.get('number')} ({g.get('letter')})"
            col = {"columns": f"column {parts[3]}" if len(parts) > 3 else "",
                   "self_preservation": "Self-Preservation",
                   "reactions": f"Special Reaction {parts[3]}" if len(parts) > 3 else ""}[str(parts[2])]
            key = f"{head}, {col}"
            columns.setdefault(key, (path, []))[1].append(str(parts[-1]))
            continue
        if parts[0] == "card" and parts[1] == "checks":
            at = data["card"]["checks"][parts[2]].get("at", [])
            out.append((path, f"Paragraph Check: {', '.join(map(str, at))}"))
        elif parts[0] == "card":
            out.append((path, f"Event column: {parts[2]}"))
        elif parts[0] == "conditions":
            out.append((path, f"Event column under {parts[1]}: {parts[3]}"))
        else:
            p = data["paragraphs"][parts[1]]
            out.append((path, f"paragraph {p.get('number')}, option {int(parts[3]) + 1}"))
    for key, (path, numbers) in columns.items():
        word = "Action Number" if len(numbers) == 1 else "Action Numbers"
        out.append((path, f"{key}: {word} {', '.join(numbers)}"))
    return out


def activations(data: dict[str, Any], german: int) -> list[tuple[str, int, str]]:
    """Where German ``german`` is put on the map: (option path, paragraph number, hex)."""
    out: list[tuple[str, int, str]] = []
    for i, p in enumerate(data.get("paragraphs", [])):
        for j, o in enumerate(p.get("options", [])):
            for k, a in enumerate(o.get("do", [])):
                act = a.get("activate") if isinstance(a, dict) else None
                if isinstance(act, dict) and act.get("german") == german:
                    out.append((f"paragraphs[{i}].options[{j}].do[{k}]", p.get("number", 0),
                                str(act.get("hex", ""))))
    return out


def first_words(text: str, n: int = 7) -> str:
    words = text.split()
    return " ".join(words[:n]) + (" …" if len(words) > n else "")


def renumber_edits(data: dict[str, Any], old: int, new: int) -> list[tuple[str, int]]:
    """Every place naming paragraph ``old``, each as (dotted path, ``new``): the edits that
    make a renumbered paragraph keep every reader (the same walk as :func:`paragraph_refs`,
    so a place the walk knows can never be left behind).

    >>> renumber_edits({"card": {"events": {"7": 3}}, "paragraphs": [{"number": 1, "options": [
    ...     {"do": [{"goto": 3}, {"hold": True}]}]}]}, 3, 30)
    [('card.events.7', 30), ('paragraphs[0].options[0].do[0].goto', 30)]
    """
    return [(path, new) for path, n, _ in paragraph_refs(data) if n == old]


def numbered(data: dict[str, Any], number: int, besides: int | None = None) -> int | None:
    """The index of the paragraph numbered ``number`` (other than index ``besides``), or None."""
    for i, p in enumerate(data.get("paragraphs", [])):
        if i != besides and p.get("number") == number:
            return i
    return None
