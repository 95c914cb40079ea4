"""What the Force on Force modules' settings say about the table, as plain data.

The editor's canvas, forms and Modules tab share these: which modules a file switches
on, switching one on or off (one undo step), what a deleted piece or unit leaves behind
in the settings, and the few words the table shows for a module (a leader's badge, a
mortar team's or mounted unit's tag, a minefield's type and concentration).
"""

from __future__ import annotations

from typing import Any

from ambush_gui.alley.fof import MODULE_NAMES
from ambush_gui.alley.modules import REGISTRY
from ambush_gui.gui.editor.document import EditorDocument


def module_list(data: dict[str, Any]) -> list[str]:
    """The modules the file switches on, in its order (the list form or the older table form)."""
    mods = data.get("modules")
    if isinstance(mods, dict):
        return [str(k) for k in mods]
    if isinstance(mods, list):
        return [str(m) for m in mods]
    return []


def set_module(doc: EditorDocument, name: str, on: bool, text: str = "") -> bool:
    """Add ``name`` to the scenario's modules or take it out, keeping the seed's order and
    the file's form (a list, or the older ``[modules.NAME]`` tables); switching off also
    removes its settings table, so what is left validates. One undo step (or part of the
    caller's macro); False when it already was so."""
    have = module_list(doc.data)
    if on == (name in have):
        return False
    title = REGISTRY[name].title if name in REGISTRY else name
    text = text or f"Switch {'on' if on else 'off'}: {title}"
    mods = doc.get(("modules",))
    with doc.macro(text):
        if isinstance(mods, dict):
            doc.set(("modules", name), {} if on else None, text)
            if not on and not doc.get(("modules",)):
                doc.set(("modules",), None, text)
        else:
            new = [m for m in MODULE_NAMES if (m in have or m == name) and not (m == name and not on)]
            new += [m for m in have if m not in MODULE_NAMES]
            doc.set(("modules",), new or None, text)
        if not on:
            doc.set((name,), None, text)
    return True


def forget(doc: EditorDocument, value: dict[str, Any], text: str) -> None:
    """Take out what the modules' settings say about a piece or unit being deleted (its
    minefield settings, its place among the hostile mobs, its mortar team, its mounted
    line, its leaders), inside the caller's undo step, so the deletion leaves no problem
    behind. ``value`` is the piece or unit as it was."""
    ident = str(value.get("id", ""))
    figs = {str(f.get("id")) for f in value.get("figures") or [] if isinstance(f, dict)}
    if ident and doc.get(("mines", "fields", ident)) is not None:
        doc.set(("mines", "fields", ident), None, text)
        if not doc.get(("mines", "fields")):
            doc.set(("mines", "fields"), None, text)
    for key in ("hostile_mobs", "interpreters", "mixed_mobs"):
        have = doc.get(("civilians", key))
        if isinstance(have, list) and ident in have:
            doc.set(("civilians", key), [x for x in have if x != ident] or None, text)
    if ident and doc.get(("mortars", "teams", ident)) is not None:
        doc.set(("mortars", "teams", ident), None, text)
        if not doc.get(("mortars", "teams")):
            doc.set(("mortars", "teams"), None, text)
    units = doc.get(("mounted", "units"))
    if isinstance(units, list) and any(u.get("unit") == ident for u in units):
        doc.set(("mounted", "units"), [u for u in units if u.get("unit") != ident] or None, text)
    for key in ("positive_leaders", "negative_leaders"):
        leaders = doc.get(("combat_stress", key))
        if isinstance(leaders, list) and any(str(x.get("figure")) in figs for x in leaders):
            doc.set(("combat_stress", key), [x for x in leaders if str(x.get("figure")) not in figs] or None,
                    text)


def leader_marks(data: dict[str, Any]) -> dict[str, str]:
    """Figure id -> its badge on the table: "+2" for a Positive Leader of rating 2, "−1"
    for a Negative Leader of rating 1 (combat stress switched on)."""
    if "combat_stress" not in module_list(data):
        return {}
    out: dict[str, str] = {}
    stress = data.get("combat_stress") or {}
    for key, sign in (("positive_leaders", "+"), ("negative_leaders", "−")):
        for x in stress.get(key) or []:
            if isinstance(x, dict):
                out[str(x.get("figure"))] = f"{sign}{x.get('rating', '?')}"
    return out


def unit_tags(data: dict[str, Any], unit_id: str) -> list[str]:
    """What the modules make of a unit, in a word or two for its label: "light mortar",
    "cavalry", "mounted troops", "low confidence"."""
    on = set(module_list(data))
    tags: list[str] = []
    if "mortars" in on:
        t = ((data.get("mortars") or {}).get("teams") or {}).get(unit_id)
        if t:
            tags.append(f"{t} mortar")
    if "mounted" in on:
        for u in (data.get("mounted") or {}).get("units") or []:
            if isinstance(u, dict) and u.get("unit") == unit_id:
                tags.append("cavalry" if u.get("type") == "cavalry" else "mounted")
    return tags


def piece_tag(data: dict[str, Any], piece: dict[str, Any]) -> str:
    """A minefield's type and concentration ("heavy AT, medium"), a mob's "hostile"; ""."""
    kind, pid = piece.get("kind"), str(piece.get("id", ""))
    on = set(module_list(data))
    if kind == "minefield" and "mines" in on:
        mines = data.get("mines") or {}
        own = (mines.get("fields") or {}).get(pid) or {}
        t = own.get("type") or mines.get("type") or "light_ap"
        c = own.get("concentration") or mines.get("concentration") or "none"
        return f"{mine_words(str(t))}, {'no' if c == 'none' else c} concentration"
    if kind == "civilian_mob" and "civilians" in on and pid in ((data.get("civilians") or {}).get(
            "hostile_mobs") or []):
        return "hostile"
    return ""


def mine_words(t: str) -> str:
    """"light_ap" -> "light AP"."""
    return t.replace("_ap", " AP").replace("_at", " AT").replace("_", " ")


def rename(doc: EditorDocument, old: str, new: str, text: str) -> None:
    """A piece or unit renamed from ``old`` to ``new``: what the modules' settings say about
    it follows (its minefield settings, its place among the hostile mobs, interpreters or
    mixed mobs, its mortar team, its mounted line), inside the caller's undo step."""
    if not old or old == new:
        return
    fields = doc.get(("mines", "fields"))
    if isinstance(fields, dict) and old in fields:
        doc.set(("mines", "fields"), {(new if k == old else k): v for k, v in fields.items()}, text)
    for key in ("hostile_mobs", "interpreters", "mixed_mobs"):
        have = doc.get(("civilians", key))
        if isinstance(have, list) and old in have:
            doc.set(("civilians", key), [new if x == old else x for x in have], text)
    teams = doc.get(("mortars", "teams"))
    if isinstance(teams, dict) and old in teams:
        doc.set(("mortars", "teams"), {(new if k == old else k): v for k, v in teams.items()}, text)
    units = doc.get(("mounted", "units"))
    if isinstance(units, list) and any(isinstance(u, dict) and u.get("unit") == old for u in units):
        doc.set(("mounted", "units"), [dict(u, unit=new) if isinstance(u, dict) and u.get("unit") == old
                                       else u for u in units], text)
