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

from ambush_gui.ambush.charts import Side
from ambush_gui.ambush.words import (
    ACTIONS,
    chart_name,
    soldier_name,
)
from ambush_gui.gui.hexmap.ammo import ammo_count, ammo_text
from ambush_gui.gui.shared import theme
from ambush_gui.gui.shared.dialog_base import Chip, FlowLayout, label, panel

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


def squad(game: Any) -> list[Any]:
    """The US squad in the order the Squad list and the AR Track show the men (the state's
    own order, the wounded and the fallen in their places)."""
    return list(game.state.side(Side.US, active=False))


def in_squad_order(game: Any, ids: list[str]) -> list[str]:
    """Soldier ids in the Squad list's order (:func:`squad`); an id outside the squad
    after the rest, as given. The number keys of a choice between men follow it: the
    decision lists them by id, and "2" picked the second id, not the second man shown."""
    place = {s.id: i for i, s in enumerate(squad(game))}
    return sorted(ids, key=lambda sid: place.get(sid, len(place)))


def ratings_text(s: Any) -> str:
    """His five ratings, each named in full: "Action Rating 4 · Movement Point Allowance 6 ·
    ..."."""
    return " · ".join(f"{name} {getattr(s, key):+d}" if key == "ws" else
                      f"{name} {getattr(s, key)}" for key, name in RATING_NAMES.items())


def action_tip(value: str) -> str:
    title, _, rule, what = ACTIONS.get(value, (value, "other", "", ""))
    return f"{title} ({rule}): {what}" if rule else title


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
            f"{o.label}: {o.stance.value} in {o.hex.label}, "
            f"{o.turns} turn{'s' if o.turns != 1 else ''} left" if o.hex else
            f"{o.label}: {'has left the map' if o.left_map else 'not on the map yet'}"
            for o in (others or mates)[:2])
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
