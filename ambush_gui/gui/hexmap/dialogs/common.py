"""What the Ambush! dialogs share: how a soldier, a weapon, an action and a stance are
named and described on screen.

Nothing here decides a rule. The names come from the game (soldiers, the Weapon Chart,
vehicles), the words describing each action and stance are short summaries for
tooltips, each with the rule it comes from, and the only number read from a chart is
the stance's shift on the Fire Combat Modifiers Chart for the hex the soldier is in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtWidgets import QFrame

from ambush_gui.gui.hexmap.ammo import ammo_count, ammo_text
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import Chip, FlowLayout, label, panel

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

# the order the actions table lists them: a leader's commands first (a short row, one
# button per man he may give a turn, and the choice a sergeant is there to make: below
# the fire and move buttons it sat under the fold of a 1280x800 Decision dock)
GROUPS: tuple[tuple[str, str], ...] = (
    ("command", "Command"),
    ("fire", "Fire"),
    ("throw", "Throw"),
    ("move", "Move"),
    ("other", "Close combat and equipment"),
)

# stance -> (button text, what it means)
STANCES: dict[str, tuple[str, str]] = {
    "standing": ("Stand up",
                 "Standing: fires aimed or snap, moves hex by hex with all his Movement "
                 "Points; the easiest target."),
    "crouching": ("Crouch",
                  "Crouching: fires aimed or snap and crawls one hex a turn; harder to hit "
                  "than standing."),
    "prone": ("Go prone",
              "Prone: the hardest target, but he can neither fire nor move until he gets "
              "up again."),
}


RATING_NAMES: dict[str, str] = {
    "ar": "Action Rating", "mpa": "Movement Point Allowance", "ws": "Weapon Skill",
    "per": "Perception", "ldr": "Leadership"}
"""Each rating's name in full: the cards, counters and dialogs abbreviate them (and "AR"
is also the Action Round of the AR Track)."""


def ratings_text(s: Any) -> str:
    """His five ratings, each named in full: "Action Rating 4 · Movement Point Allowance 6 ·
    ..."."""
    return " · ".join(f"{name} {getattr(s, key):+d}" if key == "ws" else
                      f"{name} {getattr(s, key)}" for key, name in RATING_NAMES.items())


def action_title(value: str) -> str:
    return ACTIONS.get(value, (value.replace("_", " ").capitalize(), "", "", ""))[0]


def action_tip(value: str) -> str:
    title, _, rule, what = ACTIONS.get(value, (value, "other", "", ""))
    return f"{title} ({rule}): {what}" if rule else title


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


def weapon_flags(w: Any) -> list[str]:
    flags = []
    if w.broken:
        flags.append("broken")
    elif w.jammed:
        flags.append("jammed")
    if w.prepared:
        flags.append("ready")
    if w.out_of_ammo:
        flags.append("out of ammo")
    return flags


def weapons_text(game: Any, s: Any) -> str:
    """His weapons with their state and his Ammo Boxes for each, in the chart's word:
    "M1 Garand (2 clips) · M1 bazooka (2 rounds, ready) · Colt (jammed)"."""
    parts = []
    for w in s.weapons:
        bits = weapon_flags(w)
        clips = s.clips(w.weapon)
        if clips:
            bits.insert(0, ammo_count(game.charts, w.weapon, clips))
        parts.append(chart_name(game, w.weapon) + (f" ({', '.join(bits)})" if bits else ""))
    for w in game.state.crew_weapons.values():
        if s.id in w.carriers:
            bits = [f"carries {w.carriers[s.id]} Port Box{'es' if w.carriers[s.id] != 1 else ''}",
                    *weapon_flags(w)]
            parts.append(f"{chart_name(game, w.weapon)} ({', '.join(bits)})")
    own = {w.weapon for w in s.weapons}
    spare: dict[str, int] = {}
    for key in s.ammo:
        if key not in own:
            spare[key] = spare.get(key, 0) + 1
    parts += [ammo_text(game.charts, k, n) for k, n in spare.items()]
    return " · ".join(parts) if parts else "unarmed"


def where(s: Any) -> str:
    if s.hex is not None:
        return f"hex {s.hex.label}"
    return "has left the map" if s.left_map else "off the map"


def soldier_chips(s: Any) -> list[Chip]:
    out = []
    if s.wounded:
        out.append(Chip("Wounded", theme.ILLEGAL, "Wounded: a stance change costs him 1 MP "
                        "(AR-072); he fires less well (FC-025)"))
    if s.panicked:
        out.append(Chip("Panicked", theme.ILLEGAL, "Panicked: he cannot act"))
    if not s.aware:
        out.append(Chip("Unaware", theme.MUTED_TEXT, "Not yet aware of the enemy (AR-019)"))
    if s.aboard is not None:
        out.append(Chip("Aboard", theme.NEUTRAL, "Aboard a vehicle (AR-094)"))
    if s.satchel_ready:
        out.append(Chip("Satchel ready", theme.LEGAL, "A prepared satchel charge (AR-080)"))
    return out


def soldier_details(game: Any, s: Any) -> list[str]:
    return [
        f"{where(s)} · {s.stance.value} · Action Rating {s.ar} · Movement Point Allowance "
        f"{s.mpa} · Weapon Skill {s.ws:+d}",
        weapons_text(game, s),
    ]


def soldier_header(game: Any, s: Any, extra: str = "", below: str = "",
                   brief: bool = False) -> QFrame:
    """The soldier's name, place, stance, ratings, weapons and states in a tinted box;
    ``extra`` short words beside his name, ``below`` a line under it that may wrap.
    ``brief``: his place, stance and weapons on one wrapped line, no ratings (the Soldier
    card has them): the actions under it keep the room of a 1280x800 Decision dock."""
    box, lay = panel(s.side.value)
    top = FlowLayout(spacing=6)  # name, chips and the extra wrap in the narrow dock
    top.addWidget(label(s.label, bold=True, size=12))
    for c in soldier_chips(s):
        top.addWidget(c)
    if extra:
        top.addWidget(label(extra, bold=True, size=11, colour=theme.DIALOG_TEXT))
    lay.addLayout(top)
    if below:  # its own wrapping line: "with Pvt Greer on the M1919A4 light machinegun"
        lay.addWidget(label(below, bold=True, size=11, colour=theme.DIALOG_TEXT, wrap=True))
    lines = [f"{where(s)} · {s.stance.value} · {weapons_text(game, s)}"] if brief \
        else soldier_details(game, s)
    for line in lines:
        lay.addWidget(label(line, size=9.5, colour=theme.MUTED_TEXT, wrap=True))
    return box


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
        whose = "his" if option.get("carrier") == sid else f"{name('carrier')}'s"
        return f"Load {whose} {weapon_name(game, option['weapon'])}"
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
            return f"Take {name('from')}'s {weapon_name(game, option['weapon'])}"
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


def option_note(game: Any, sid: Any, option: Mapping[str, Any]) -> str:
    """What a crew weapon's action does to the other carrier, said before it is chosen: the
    pair moves as one action, and the partner spends his turn (AR-077, AR-089)."""
    a, partner = str(option.get("action", "")), option.get("partner")
    if partner is None:
        return ""
    him, other = soldier_name(game, sid), soldier_name(game, partner)
    if a == "move_crew":
        return (f"One action for the pair: {him} moves, and when he stops {other} follows "
                "into each hex he entered; both spend their turn")
    if a == "crew_aimed":
        return f"{other} serves the gun and spends his turn too"
    return ""


def crew_notes(game: Any, s: Any) -> list[str]:
    """For a soldier who carries a crew weapon or stands at one: what it takes to fire it
    and to move it, and where his partner is now (FC-055, FC-058, AR-077, AR-089), so that
    the conditions are read where he acts, not only in the "Not possible now" list."""
    if s is None or s.hex is None:
        return []
    st = game.state
    out = []
    for w in st.crew_weapons.values():
        here = st.crew_hex(w)
        if s.id not in w.carriers and here != s.hex:
            continue
        name = chart_name(game, w.weapon)
        others = [st.soldiers[c] for c in w.carriers if c != s.id and c in st.soldiers]
        mates = [o for o in st.in_hex(s.hex, s.side) if o.id != s.id and o.active]
        where = "; ".join(
            f"{o.label}: {o.stance.value} in {o.hex.label if o.hex else 'no hex'}, "
            f"{o.turns} turn{'s' if o.turns != 1 else ''} left" for o in (others or mates)[:2])
        state = "set up" if w.prepared else "not set up (both carriers in its hex, one action)"
        out.append(
            f"<b>{name}</b>, {state}. <b>Fire</b>: he crouches in its hex with a crouching "
            "partner who has a turn left. <b>Move</b>: both carriers in one hex and one "
            "stance, the other with a turn left; they go together."
            + (f" Now {where}." if where else ""))
    return out


def stance_tip(game: Any, s: Any, stance: str) -> str:
    """What a stance means, and the chart's shift for a shot at him in his hex now."""
    text = STANCES.get(stance, (stance, stance))[1]
    if s is not None and s.hex is not None:
        try:
            terrain = game.state.map.terrain(s.hex)
            shift = int(game.charts.modifier(stance, terrain))
        except (KeyError, ValueError, LookupError):
            return text
        sign = "+" if shift >= 0 else "−"
        text += (f"\nA shot at him {stance} in this hex ({terrain.replace('-', ' ')}): "
                 f"{sign}{abs(shift)} to the hit number (FC-023).")
    return text
