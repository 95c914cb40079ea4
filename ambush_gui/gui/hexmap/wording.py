"""The engine's Ambush! event texts in the player's words, at display time.

The engine says its own keys in words (:mod:`ambush_gui.ambush.words`: an action by its
title, a sighting and a Special Reaction by what they are); what is left to say here is
what the window knows better: the sides by their names ("the German side", not "the
german side"), a paragraph's "German 6" by the letter on his counter, and a panic with the
reason the AR marker's event gives for it, in words: the Action Rating column the
initiative die was read in, and command (issue 29). The log dock, its rebuild after a
save is opened or a move undone, and the dice tray all show events through :func:`shown`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from ambush_gui.ambush.words import MARKER_HEAD
from ambush_gui.core.events import Event
from ambush_gui.gui.shared import theme

_SIDE = re.compile(r"\b(the|Initiative:) (us|german)\b")
_PANIC = re.compile(MARKER_HEAD + r"(?P<frm>.+?) → panic \((?P<why>[^)]*)\)", re.IGNORECASE)


def _sides(text: str) -> str:
    return _SIDE.sub(lambda m: f"{m.group(1)} {theme.SIDE_NAMES[m.group(2)]}", text)


_COLUMN = re.compile(r"(\d) in AR column (\d+)")


def panic_reason(why: str) -> str:
    """The marker's parenthesis ("1 in AR column 4, red: out of command, panic") as the
    reason he panicked, in words: what the initiative die read in his Action Rating column,
    and whether it was the Panic space (AR-037) or a red number that panics a soldier out
    of command (AR-038, AR-064)."""
    head, red, tail = why.partition(", red")
    reason = tail.lstrip(":").strip().removesuffix("panic").strip(" ,")
    m = _COLUMN.match(head)
    if not m:
        return why.removeprefix("panicked ")  # "panicked in combat": "X panics: in combat"
    die, column = m.groups()
    if not red:
        return f"{die} is the Panic space in his Action Rating column ({column})"
    read = f"{die} is red in his Action Rating column ({column})"
    if reason == "out of command":
        return f"{read} and he is out of command"
    return read + (f" ({reason})" if reason else "")


_SAME = re.compile(r"(?P<head>AR marker(?: of [^:]+)?): (?P<space>[^→(]+?) → (?P=space) \(")


def _marker_words(text: str) -> str:
    """A marker placed on a red number in command says why he did not panic; "AR column"
    is his Action Rating's column (AR is also the Action Round); a marker put back on the
    space it was on "stays" there (a play-tester read "Complete → Complete (activated)")."""
    text = text.replace(", red: in command)", ", a red number, but he is in command: no panic)")
    text = _SAME.sub(lambda m: f"{m.group('head')} stays on {m.group('space')} (", text)
    return _COLUMN.sub(r"\1 in his Action Rating column \2", text)


_GERMAN = re.compile(r"\bGerman (\d+)\b")


def german_names(germans: Iterable[Any]) -> dict[int, str]:
    """Each German's number -> how the player knows him: by the letter on his counter
    first, "German F (6, Gefreiter Falk)" (German soldiers or German cards: ``number``,
    ``letter``, ``name``)."""
    return {int(g.number): f"German {g.letter} ({g.number}, {g.name})" if g.letter
            else f"German {g.number} ({g.name})"
            for g in germans if getattr(g, "number", None) is not None}


def name_germans(text: str, names: Mapping[int, str]) -> str:
    """``text`` with each "German 6" of a paragraph named as his counter shows him."""
    return _GERMAN.sub(lambda m: names.get(int(m.group(1)), m.group(0)), text) if names \
        else text


def shown(event: Event, names: Mapping[int, str] | None = None) -> Event:
    """``event`` as the player reads it (the same event when nothing needs saying again);
    ``names``: :func:`german_names`, to name a paragraph's "German 6" by his counter."""
    text = name_germans(event.text, names or {})
    d = event.data
    if event.kind in ("initiative", "roll"):
        text = _sides(text)
    elif event.kind == "marker" and (m := _PANIC.match(text)):
        rules = text[text.rfind(" ["):] if text.endswith("]") and " [" in text else ""
        text = f"{m.group('of') or m.group('own')} panics: {panic_reason(m.group('why'))}{rules}"
    elif event.kind == "marker":
        text = _marker_words(text)
    if text == event.text:
        return event
    data = dict(d)
    if event.kind == "roll" and isinstance(d.get("purpose"), str):
        data["purpose"] = _sides(d["purpose"])
    return replace(event, text=text, data=data)


_OTHER = {"us": "german", "german": "us"}
_BAD_MARKS = ("panic", "inactive")  # a marker moved by a panic, or by a man put out of the fight
_GOOD_JAM_RESULTS = ("cleared",)


def news_side(event: Event, state: Any) -> str | None:
    """Whose good news an Ambush! outcome is, for its colour in the dice tray (issue 29's
    play-test: "is wounded", bad news for the US player, showed in the US green). The side
    of the man it befalls when it helps him (he passes his Perception Check, the shot
    misses him), the other side when it hurts him (wounded, panicked, out of the fight,
    his weapon jammed or broken, a clip spent); None for an outcome that is nobody's news
    (the tray then colours it by the side that threw). ``state``: the game's, to know
    each man's side and each weapon's owner."""
    d, k = event.data, event.kind

    def side_of(sid: Any) -> str | None:
        s = state.soldiers.get(sid) if isinstance(sid, str) else None
        return s.side.value if s is not None else None

    def owner_of(wid: Any) -> str | None:
        crew = state.crew_weapons.get(wid)
        if crew is not None:
            return next((side_of(c) for c in crew.carriers), None)
        return next((s.side.value for s in state.soldiers.values()
                     if any(w.id == wid for w in s.weapons)), None)

    def good(side: str | None, ok: bool) -> str | None:
        return side if ok or side is None else _OTHER.get(side)

    if k in ("damage", "damage_roll"):
        return good(side_of(d.get("soldier")), d.get("result") in (None, "none"))
    if k == "hit":
        return side_of(d.get("firer"))
    if k == "miss":
        target = side_of(d.get("target"))
        return target or good(side_of(d.get("firer")), False)
    if k == "marker" and d.get("soldier"):
        return good(side_of(d["soldier"]), d.get("to") not in _BAD_MARKS)
    if k == "aware" and "aware" in d:
        return good(side_of(d.get("soldier")), bool(d["aware"]))
    if k == "aware":  # woken by a commander, or by an attack on his hex (AR-024, AR-026)
        return "us"
    if k == "perception":
        return good(side_of(d.get("soldier")), bool(d.get("passed")))
    if k == "jam" and d.get("weapon"):
        return good(owner_of(d["weapon"]), not (d.get("jammed") or d.get("dud")))
    if k == "clear_jam":
        return good(side_of(d.get("soldier")), d.get("result") in _GOOD_JAM_RESULTS)
    if k == "ammo" and "spent" in d:
        return good(side_of(d.get("soldier")), not d["spent"])
    if k == "ammo" and d.get("german"):  # out of ammunition (FC-043)
        return good(side_of(d["german"]), False)
    if k == "surrender":
        return "us"
    if k == "assault" and "loser" in d:
        loser = side_of(d["loser"]) if d["loser"] else None
        return _OTHER.get(loser) if loser else None
    return None
