"""The player's words for the keys the engine and a mission file use: an action by the
title its dialog gives it ("Give a turn", not ``give_turn``), a Special Reaction by the
situation it answers ("an American comes into his sight", not ``us-into-sight``), a
sighting by what it is ("the farmhouse sentry", not ``farmhouse-sentry``). The log, the
dice tray, the dialogs and the computer's narration all say them from here (issue 29).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ambush_gui.ambush.charts import ARSpace
from ambush_gui.core import words

# action value -> (title, group, rule, what it does)
ACTIONS: dict[str, tuple[str, str, str, str]] = {
    "aimed": ("Aimed fire", "fire", "AR-075",
              "One carefully aimed shot with a ready weapon at an enemy he can see."),
    "snap": ("Snap fire", "fire", "AR-076",
             "Two quick shots with a personal weapon (one with a crew weapon); each is "
             "harder to land than an aimed shot."),
    "crew_aimed": ("Crew weapon fire", "fire", "AR-077",
                   "Aimed fire from a prepared crew weapon; a crouching partner in the hex "
                   "serves it and spends his turn too."),
    "assault": ("Assault", "other", "AR-079",
                "Close combat with an enemy standing in his own hex."),
    "prepare_satchel": ("Prepare a satchel charge", "throw", "AR-080",
                        "Readies a satchel charge so that it can be thrown on a later turn."),
    "throw_satchel": ("Throw the satchel charge", "throw", "AR-081",
                      "Throws the prepared satchel charge into a hex within reach."),
    "grenade": ("Throw a grenade", "throw", "AR-082",
                "Pulls the pin and throws a grenade into a hex within reach; a bad throw "
                "can land elsewhere."),
    "prepare_bazooka": ("Load a bazooka", "other", "AR-084",
                        "Loads a bazooka round, his own weapon or a friend's in his hex."),
    "clear_jam": ("Clear a jam", "other", "AR-085",
                  "Works on a jammed weapon so that it can fire again."),
    "remove_grenade": ("Throw out a live grenade", "throw", "AR-086",
                       "Only when a grenade lands in his hex, out of turn."),
    "prepare_crew": ("Set up a crew weapon", "other", "AR-087",
                     "Assembles a crew weapon whose pieces are all in his hex."),
    "move": ("Move", "move", "AR-088",
             "Standing, he spends his Movement Points hex by hex; crouching, he crawls "
             "one hex."),
    "move_crew": ("Move with the crew weapon", "move", "AR-089",
                  "He and the other carrier move the crew weapon together."),
    "move_snap": ("Move and snap fire", "move", "AR-090",
                  "Up to half his Movement Points and one snap shot, before, between or "
                  "after the hexes."),
    "move_assault": ("Charge", "move", "AR-091",
                     "Up to half his Movement Points, then an assault on an enemy in the hex "
                     "where he stops."),
    "drag": ("Drag a casualty", "move", "AR-092",
             "Pulls a fallen friend one hex with him; it takes his whole move."),
    "pick_up": ("Pick up", "other", "AR-093",
                "Takes a weapon or an Ammo Box from a friend or a fallen soldier in his hex."),
    "vehicle": ("Vehicle", "other", "AR-094",
                "Gets aboard a vehicle in his hex, or off the one he is in."),
    "give_turn": ("Give a turn", "command", "AR-095",
                  "A commander gives a soldier near him a turn this Round."),
    "wake": ("Wake a soldier", "command", "AR-026",
             "A commander makes an unaware soldier near him aware."),
    "pass": ("Pass", "other", "AR-070", "He does nothing this turn."),
}


def action_title(value: str) -> str:
    """An action's name as its button says it ("Give a turn")."""
    return ACTIONS.get(value, (value.replace("_", " ").capitalize(), "", "", ""))[0]


REACTIONS: dict[str, str] = {  # keyed by mission.Reaction's values (a StrEnum finds them)
    "us-into-sight": "an American comes into his sight",
    "fired-at": "he is fired at (hit or missed)",
    "comrade-hit": "a German he can see is hit",
}
"""What each Special Reaction column answers, in the card's words (AR-113)."""


def stance_ends_move(stance: str, moved: bool) -> str:
    """Why taking ``stance`` in the middle of a move ends it ("" if it does not): prone he
    cannot move; crouching he crawls one hex a turn, none once he has moved (AR-100)."""
    if stance == "prone":
        return "Prone, he cannot move: going prone ends his move (AR-100)."
    if stance == "crouching" and moved:
        return ("Crouching, a man crawls one hex a turn, and he has already moved: crouching "
                "now ends his move (AR-100).")
    return ""


GERMAN_ORDERS: dict[str, str] = {
    "fire": "fire", "move": "move", "stance": "change his stance", "surrender": "surrender",
    "out_of_ammo": "run out of ammunition", "give_turn": "give a turn",
}
"""A paragraph's orders to the German reading it, said as what he does."""


SPACE_NAMES: dict[ARSpace, str] = {
    ARSpace.TWO_TURN_ADVANTAGE: "2-Turn Advantage",
    ARSpace.TWO_TURN_DISADVANTAGE: "2-Turn Disadvantage",
    ARSpace.ONE_TURN_ADVANTAGE: "1-Turn Advantage",
    ARSpace.ONE_TURN_DISADVANTAGE: "1-Turn Disadvantage",
    ARSpace.PANIC: "Panic",
    ARSpace.COMPLETE: "Complete",
    ARSpace.INACTIVE: "Inactive",
}
"""Each space of the AR Track by the name printed on it (never its key, ``1-turn-advantage``)."""

MARKER_HEAD = r"^(?:The AR marker of (?P<of>.+?)|(?P<own>.+?)'s AR marker): "
"""The head of a marker event's text, which names the man with :func:`words.whose`: "Pvt
Greer's AR marker: ...", "The AR marker of Gefreiter Hahn (A): ..." (no "(A)'s")."""


def marker_owner(text: str) -> str | None:
    """Whose AR marker a marker event's ``text`` moves (the windows read it to say "he
    panics"), or None for a text that is no marker's.

    >>> marker_owner("The AR marker of Gefreiter Hahn (A): Complete → Panic (panicked)")
    'Gefreiter Hahn (A)'
    >>> marker_owner("Pvt Greer's AR marker: Complete → Inactive (killed)")
    'Pvt Greer'
    """
    m = re.match(MARKER_HEAD, text)
    return (m.group("of") or m.group("own")) if m else None


def key_words(key: str) -> str:
    """A sighting's or an area's key in a mission file as words: ``farmhouse-sentry`` ->
    "the farmhouse sentry", ``first-field`` -> "the first field"."""
    return "the " + " ".join(key.replace("_", "-").split("-"))


def seen_already(sid: str) -> str:
    """Why a paragraph with a sighting made is skipped (AR-030), in words: "it tells of the
    farmhouse sentry, already seen"."""
    return f"it tells of {key_words(sid)}, already seen"


def soldier(game: Any, sid: Any) -> Any:
    return game.state.soldiers.get(sid) if sid is not None else None


def soldier_name(game: Any, sid: Any) -> str:
    s = soldier(game, sid)
    return s.label if s is not None else str(sid)


def weapon_state(game: Any, wid: str) -> Any:
    """The weapon with id ``wid``, on anyone's card or among the crew weapons."""
    crew = game.state.crew_weapons.get(wid)
    if crew is not None:
        return crew
    for s in game.state.soldiers.values():
        for w in s.weapons:
            if w.id == wid:
                return w
    return None


def chart_name(game: Any, key: str) -> str:
    try:
        return str(game.charts.weapon(key).name)
    except (KeyError, ValueError, LookupError):
        return key


def weapon_name(game: Any, wid: str) -> str:
    """The Weapon Chart name of the weapon with id ``wid`` ("M1 Garand")."""
    w = weapon_state(game, wid)
    return chart_name(game, w.weapon) if w is not None else wid


def ammo_count(charts: Any, key: str, n: int) -> str:
    """``n`` Ammo Boxes of weapon ``key`` in the one word the Weapon Chart gives them: "2
    clips", "1 round" (a bazooka's were "2 clips" beside its "2 rounds")."""
    try:
        unit = str(charts.weapon(key).ammo_unit)
    except (KeyError, ValueError):
        unit = "clip"
    return f"{n} {unit}{'' if n == 1 else 's'}"


def ammo_text(charts: Any, key: str, n: int) -> str:
    """``n`` Ammo Boxes of weapon ``key`` named as what they hold (FC-039): "3 M1 Garand
    rifle clips", "2 M1 bazooka rounds" (a bazooka's box is one round, FC-040), "1 Mk 2
    hand grenade" (a thrown weapon's box is the weapon itself)."""
    try:
        spec = charts.weapon(key)
    except (KeyError, ValueError):
        return f"{n} {key} Ammo Box{'' if n == 1 else 'es'}"
    name = str(spec.name)
    if spec.kind.value in ("grenade", "satchel"):
        return f"{n} {name}{'' if n == 1 else 's'}"
    return f"{n} {name} {spec.ammo_unit}{'' if n == 1 else 's'}"


def hex_distance(game: Any, s: Any, to: str) -> int | None:
    try:
        from ambush_gui.core.hexgrid import Hex

        return s.hex.distance(Hex.from_label(to)) if s is not None and s.hex else None
    except (ValueError, AttributeError):
        return None


def crew_weapons_here(game: Any, s: Any) -> list[str]:
    """The names of the prepared crew weapons in his hex ("M1919 machinegun"): what a crew
    fire action would fire, so its row names the gun."""
    if s is None or s.hex is None:
        return []
    st = game.state
    return [chart_name(game, w.weapon) for w in st.crew_weapons.values()
            if w.prepared and st.crew_hex(w) == s.hex]


def option_text(game: Any, sid: Any, option: Mapping[str, Any]) -> str:
    """A readable name for one concrete action answer: "Grenade at 0604 (2 hexes)"."""
    a = str(option.get("action", ""))
    s = soldier(game, sid)
    name = lambda key: soldier_name(game, option.get(key))  # noqa: E731
    if a in ("grenade", "throw_satchel"):
        n = hex_distance(game, s, option["to"])
        what = "Grenade" if a == "grenade" else "Satchel charge"
        far = "" if n is None else (" (his own hex)" if n == 0 else
                                    f" ({n} hex{'es' if n != 1 else ''})")
        return f"{what} at {option['to']}{far}"
    if a == "crew_aimed" and "partner" in option:
        guns = crew_weapons_here(game, s)
        what = f" ({' or '.join(guns)})" if guns else ""
        return f"Crew weapon fire with {name('partner')}{what}"
    if a == "assault" and "target" in option:
        return f"Assault {name('target')}"
    if a == "prepare_bazooka" and "weapon" in option:
        gun = weapon_name(game, option['weapon'])
        return f"Load his {gun}" if option.get("carrier") == sid \
            else f"Load {words.whose(gun, name('carrier'))}"
    if a == "clear_jam" and "weapon" in option:
        return f"Clear the jammed {weapon_name(game, option['weapon'])}"
    if a == "prepare_crew" and "weapon" in option:
        return f"Set up the {weapon_name(game, option['weapon'])}"
    if a == "move_crew" and "weapon" in option:
        return f"Move the {weapon_name(game, option['weapon'])} with {name('partner')}"
    if a == "drag" and "soldier" in option:
        return f"Drag {name('soldier')} into {option['to']}"
    if a == "pick_up" and "from" in option:
        if "weapon" in option:
            return f"Take {words.whose(weapon_name(game, option['weapon']), name('from'))}"
        return f"Take one {chart_name(game, option['ammo'])} Ammo Box from {name('from')}"
    if a == "vehicle":
        vid = option.get("load") or option.get("unload")
        v = game.state.vehicles.get(vid)
        vname = v.name if v is not None else str(vid)
        text = f"Get aboard the {vname}" if "load" in option else f"Get off the {vname}"
        return text + (f", carrying {name('soldier')}" if "soldier" in option else "")
    if a == "give_turn" and "soldier" in option:
        return f"Give {name('soldier')} a turn"
    if a == "wake" and "soldier" in option:
        return f"Wake {name('soldier')}"
    return action_title(a)
