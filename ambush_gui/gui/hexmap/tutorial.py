"""The tutorial mission's "what to do next" line.

A mission is a tutorial when its name says so (``ambush-tutorial``, or any mission whose
name ends in ``tutorial``). Until the player has done each of the four things the
tutorial teaches (moved a soldier, fired, thrown a grenade, given a turn) a line in the
Mission panel says what to do next, from the decision open now; once all four are done
it says so once and then stops.

What has been done is read from the game log (``move``, ``fire``, ``throw`` and
``give_turn`` events of a US soldier), so a tutorial saved and opened again goes on
where it was. Nothing here is a rule: the line only names the buttons and the clicks.

Above that line the tutorial **teaches**, one short lesson at a time, as the situation for
it first arises (:data:`TEACHINGS`): command before the first move, the ratings on a man's
card next, the Round, the AR Track and the panic roll when the first
fight begins, stance at a man's first turn, the odds and the steps of fire at his first
shot, and panic when one of the men panics. Each lesson is said in figures of the game
in play (the men's own LDR, the terrain they stand in) and stays until the next one is
due; together they are what a new player needs without opening the rules (F1).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from ambush_gui.ambush.command import COMMAND_RADIUS, COMMAND_SUM, command_sum, is_commander
from ambush_gui.ambush.model import Mode, Side, Stance
from ambush_gui.ambush.throws import has_grenade
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.events import Event
from ambush_gui.core.words import capital, whose

__all__ = ["LESSONS", "TEACHINGS", "done_lessons", "is_tutorial", "is_tutorial_name",
           "remember_taught", "taught_before", "teaching", "teaching_due", "tutorial_hint"]

LESSONS = ("move", "fire", "throw", "give_turn")
"""What the tutorial teaches, in order."""

DONE = ("You have moved, fired, thrown a grenade and given a turn: the tutorial has shown "
        "you everything. Clear the farm and hold the farmhouse to end the mission.")

HOLD = ("The fight is over. Your job: clear the farm and hold the farmhouse (0502). Move a "
        "man into it, or keep one there, and press End turn (E): if no German fights on, the "
        "farm is yours and the mission ends; a German still hiding shows himself.")


def is_tutorial(game: Any) -> bool:
    """Whether ``game`` plays a tutorial mission (a ``tutorial`` flag, else its name)."""
    spec = getattr(game, "spec", None)
    if spec is None:
        return False
    flag = getattr(spec, "tutorial", None)
    if isinstance(flag, bool):
        return flag
    return is_tutorial_name(str(getattr(spec, "name", "")))


def is_tutorial_name(name: str) -> bool:
    """Whether a mission's short name makes it a tutorial (``ambush-tutorial``)."""
    return name.endswith("tutorial")


def done_lessons(events: Iterable[Event], us: set[str]) -> set[str]:
    """The lessons the US soldiers (``us``: their ids) have done, from the log."""
    done: set[str] = set()
    for e in events:
        d = e.data
        if e.kind == "move" and d.get("soldier") in us and d.get("to"):
            done.add("move")
        elif e.kind == "fire" and d.get("firer") in us and d.get("weapon"):
            done.add("fire")
        elif e.kind == "throw" and d.get("soldier") in us:
            done.add("throw")
        elif e.kind == "give_turn" and d.get("commander") in us:
            done.add("give_turn")
    return done


def _actions(d: Decision) -> set[str]:
    return {str(o["action"]) for o in d.options if isinstance(o, Mapping) and "action" in o}


def _name(game: Any, sid: Any) -> str:
    s = game.state.soldiers.get(str(sid)) if sid is not None else None
    return s.name if s is not None else "the soldier"


def never_can(game: Any, sid: Any, lesson: str) -> bool:
    """Whether the soldier ``sid`` could never do ``lesson``'s action in this mission as he
    is: a man with no grenade never throws one, a man who is no commander never gives a
    turn. No lesson is due for him then, and no "cannot" note."""
    s = game.state.soldiers.get(str(sid)) if sid is not None else None
    if s is None:
        return False
    if lesson == "throw":
        return not has_grenade(game, s)
    if lesson == "give_turn":
        return not is_commander(s)
    return False


WANTS = {"move": ("move", "Move", "then click hexes on the map"),
         "fire": ("aimed", "Aimed fire", "then pick a German as the target"),
         "throw": ("grenade", "Throw a grenade",
                   "whose card names the hex it lands in (a card for each hex in reach)"),
         "give_turn": ("give_turn", "Give a turn",
                       "then the man who acts again (he must be in this leader's "
                       "command)")}
"""Each lesson's action: its answer, its button and what follows the click."""


def _turn_hint(game: Any, decision: Decision, todo: list[str],
               noted: dict[str, Any] | None) -> str:
    """A man's turn: the first lesson not done that his turn offers, said as its button;
    else, once per cause (``noted``: each cause said, with the decision it was said at),
    why a lesson he could take is not possible now; never a lesson he could never take."""
    who = _name(game, decision.facts.get("soldier"))
    offered = _actions(decision)
    for lesson in todo:
        action, button, then = WANTS[lesson]
        if action in offered:
            return f"{capital(whose('turn', who))}: choose {button}, {then}."
        if lesson == "fire" and "snap" in offered:
            return f"{capital(whose('turn', who))}: choose Snap fire, then pick a German as the target."
    sid = decision.facts.get("soldier")
    could = [x for x in todo if not never_can(game, sid, x)]
    if not could:
        return ""
    lesson = could[0]
    s = game.state.soldiers.get(str(sid)) if sid is not None else None
    off_map = s is not None and s.hex is None
    why = "off the map" if off_map else next(
        (str(r.get("why", "")) for r in decision.facts.get("not_legal", [])
         if isinstance(r, Mapping) and r.get("action") == WANTS[lesson][0]), "")
    cause = f"{lesson}: {why}"
    if noted is not None:
        if cause in noted and noted[cause] is not decision:
            return ""  # said once already, at an earlier turn
        noted.setdefault(cause, decision)
    if off_map:  # "cannot ... (he is off the map)" read as an error: say what he can do
        bring = ("choose Move, then a highlighted hex at the map's edge, or Pass"
                 if "move" in offered else "Pass, or do what his turn offers")
        return (f"{who} is still off the map, so this turn can bring him on: {bring}. "
                f"Once he is on the map with his men, a later turn can {_verb(lesson)}.")
    return (f"{who} cannot {_verb(lesson)} now" + (f" ({why})" if why else "")
            + f"; do what his turn allows (or Pass). A later turn can {_verb(lesson)}.")


def tutorial_hint(game: Any, decision: Decision | None, done: set[str],
                  mover: str | None = None, noted: dict[str, Any] | None = None) -> str:
    """What to do next, for the open ``decision``; "" once every lesson is done (the
    caller shows :data:`DONE` once) or when the tutorial has nothing to say. ``mover``:
    in Operations, the soldier whose hexes the map shows. ``noted``: the "not possible
    now" causes said so far (kept by the caller: each is said once)."""
    if decision is not None and decision.kind is DecisionKind.AMBUSH_OPERATIONS \
            and any(not g.active for g in game.state.side(Side.GERMAN, active=False)):
        return HOLD  # a fight is over: the job is what is left to do
    todo = [x for x in LESSONS if x not in done]
    if not todo or decision is None or decision.side != "us":
        return ""
    lesson = todo[0]
    kind = decision.kind
    who = _name(game, decision.facts.get("soldier"))
    if kind is DecisionKind.AMBUSH_OPERATIONS:
        movers = [o["soldier"] for o in decision.options if isinstance(o, Mapping) and "soldier" in o]
        if lesson == "move" and movers:
            sid = mover if mover in movers else movers[0]
            s = game.state.soldiers.get(sid)
            if s is not None and s.hex is None:
                return (f"Click a highlighted hex to bring {s.name} onto the map. Another "
                        "man: pick him in the Squad tab, or press Tab.")
            return (f"Click {whose('counter', _name(game, sid))}, then a highlighted hex to move him "
                    "one hex. Every hex entered may read a paragraph.")
        if movers:
            return ("Walk on, hex by hex (Tab: the next man; End turn when all have moved). "
                    f"You can {_verb(lesson)} once a German shows himself and Action Rounds "
                    "begin.")
        return "Nobody can move further this turn: press End turn (E)."
    if kind is DecisionKind.AMBUSH_MOVE:
        if lesson == "move" or "snap" not in decision.options:
            return (f"Click a highlighted hex to move {who} on; Stop (Esc) ends his move "
                    "(points not spent are lost).")
        return f"Press Snap shot to fire at a German now, between the hexes of {whose('move', who)}."
    if kind is DecisionKind.AMBUSH_ACTOR:
        return ("Several of your men act in this AR Track space: pick the one to act first.")
    if kind is DecisionKind.AMBUSH_ACTION:
        return _turn_hint(game, decision, todo, noted)
    if kind is DecisionKind.AMBUSH_TARGET:
        return "Pick the weapon and target: the chance to hit is shown beside each."
    return ""


def _verb(lesson: str) -> str:
    return {"move": "move", "fire": "fire", "throw": "throw a grenade",
            "give_turn": "give a turn (a leader's Give a turn)"}[lesson]


# -- the lessons, as their situations arise ---------------------------------------------------


TAUGHT_FILE = "tutorial-lessons.json"
"""In the player's data folder: each tutorial game's lessons taught, by its mission and seed."""


def _taught_key(game: Any) -> str:
    """Which game the lessons were taught in: its mission and its seed, the same for the
    game reopened (a save, a campaign continued) and for no other."""
    name = str(getattr(getattr(game, "spec", None), "name", "") or "mission")
    return f"{name}-{getattr(game, 'seed', '')}"


def _taught_all() -> dict[str, Any]:
    from ambush_gui.gui.shared import paths

    try:
        data = json.loads((paths.data_dir() / TAUGHT_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # none yet, or unreadable: the lessons are taught again, nothing worse
    return data if isinstance(data, dict) else {}


def taught_before(game: Any) -> list[str]:
    """The lessons already taught in ``game``, in order: a game closed and reopened does
    not teach them again."""
    keys = _taught_all().get(_taught_key(game))
    return [k for k in keys if k in TEACHINGS] if isinstance(keys, list) else []


def remember_taught(game: Any, keys: Iterable[str]) -> None:
    """Keep the lessons taught in ``game`` for the next time it is opened."""
    from ambush_gui.core.files import atomic_write
    from ambush_gui.gui.shared import paths

    data = _taught_all()
    data[_taught_key(game)] = list(keys)
    try:
        atomic_write(paths.data_dir() / TAUGHT_FILE, json.dumps(data, indent=1))
    except OSError:
        pass  # a read-only folder: the lessons would only be taught again


TEACHINGS = ("command", "ratings", "round", "stance", "fire", "panic")
"""What the tutorial teaches, each the first time its situation arises (:func:`teaching_due`).
Command comes first, before the first move: the sergeant's first step onto the map alone
already leaves the men behind out of command (they panicked before anything taught it)."""


def teaching_due(game: Any, decision: Decision | None, taught: Iterable[str]) -> str | None:
    """The lesson whose situation has arisen at ``decision`` and that has not been taught
    yet (``taught``), the earliest of :data:`TEACHINGS` first; None if there is none."""
    if decision is None or decision.side != "us":
        return None
    done = set(taught)
    st = game.state
    us = list(st.side(Side.US))
    kind = decision.kind
    arisen = {
        "command": True,  # before the first move: any move may leave a man behind
        "ratings": True,  # the men's cards, at the next decision
        "round": st.mode is Mode.ROUNDS,
        "stance": kind in (DecisionKind.AMBUSH_ACTION, DecisionKind.AMBUSH_STANCE),
        "fire": kind is DecisionKind.AMBUSH_TARGET,
        "panic": any(s.panicked for s in us),
    }
    return next((k for k in TEACHINGS if k not in done and arisen[k]), None)


def teaching(key: str, game: Any, decision: Decision | None = None) -> str:
    """The lesson ``key`` as rich text: its title in bold, then what it teaches in the
    figures of the game in play."""
    title, body = {
        "ratings": ("Your men's ratings", _ratings),
        "command": ("Command: keep your men together", _command),
        "round": ("The Round, the AR Track and the panic roll", _round),
        "stance": ("Stance: standing, crouching, prone", _stance),
        "fire": ("Fire: the odds and the steps", _fire),
        "panic": ("Panic", _panic),
    }[key]
    return f"<b>{title}.</b> {body(game, decision)}"


def _us(game: Any) -> list[Any]:
    return [s for s in game.state.side(Side.US, active=False)]


def _ratings(game: Any, decision: Decision | None) -> str:
    s = _us(game)[0]
    # short enough to read whole in the Mission dock at 1280x800 with the line under it
    return (f"Five on each man's card ({s.name}: AR {s.ar}, MPA {s.mpa}, WS {s.ws}, "
            f"PER {s.per}, LDR {s.ldr}). <b>AR</b>, Action Rating (not the Action Round): "
            "turns in a fight, and nerve. <b>MPA</b>, Movement Point Allowance: points to "
            "move a turn (road 1, open 2, building 3). <b>WS</b>, Weapon Skill: adds to his "
            "hit chance. <b>PER</b>, Perception: how soon he spots the enemy. <b>LDR</b>, "
            "Leadership: keeps men near him in command.")


def _sums(game: Any) -> str:
    """Who is in command now, with each man's sum."""
    ins: list[str] = []
    outs: list[str] = []
    for s in game.state.side(Side.US):
        n = command_sum(game, s)
        (ins if n >= COMMAND_SUM else outs).append(f"{s.name} ({n})")
    said = [f"in command: {', '.join(ins)}"] if ins else []
    said += [f"out of command: {', '.join(outs)}"] if outs else []
    return f"Now {'; '.join(said)}." if said else ""


def _command(game: Any, decision: Decision | None) -> str:
    men = _us(game)
    leaders = [s for s in men if is_commander(s)]
    others = [s for s in men if not is_commander(s)]
    text = ("In a fight a man left on his own may <b>panic</b>. He is <b>in command</b> while "
            "the Leadership (LDR) in his hex, with his leader's from up to "
            f"{COMMAND_RADIUS} hexes away, adds up to {COMMAND_SUM}.")
    if leaders and others:
        lead, man = max(leaders, key=lambda s: s.ldr), min(others, key=lambda s: s.ldr)
        near, pair = man.ldr + lead.ldr, 2 * man.ldr + lead.ldr
        text += f" {lead.name} has LDR {lead.ldr}, {man.name} {man.ldr}: "
        if near >= COMMAND_SUM:
            text += f"{man.name} near him makes {near}, enough."
        else:
            text += (f"{man.name} alone near him makes {near}, too few; two men in one hex "
                     f"near him make {pair}" + (", enough." if pair >= COMMAND_SUM else ".")
                     + " Move them up together.")
    on_map = any(s.hex is not None for s in men)
    return f"{text} {_sums(game)}" if on_map else text


def _round(game: Any, decision: Decision | None) -> str:
    return ("Each Round both sides roll a 0-9 die; the higher has the Advantage and acts "
            "first. The die, read in a man's AR column on the AR Track, gives him 2 turns, "
            "1, C (none) or P (panic). On a red number a man in command takes the turns; "
            "out of command he panics.")


def _stance(game: Any, decision: Decision | None) -> str:
    sid = decision.facts.get("soldier") if decision is not None else None
    s = game.state.soldiers.get(str(sid)) if sid is not None else None
    here = ""
    if s is not None and s.hex is not None:
        terrain = game.state.map.terrain(s.hex)
        shifts = " / ".join(f"{game.charts.modifier(st, terrain):+d}" for st in Stance)
        here = (f" Here ({terrain.replace('-', ' ')}) a shot at {s.name} is shifted "
                f"{shifts}.")
    return ("Once a turn, before or after his action, a man may change stance. "
            "<b>Standing</b>: walks by his MPA, easiest to hit. <b>Crouching</b>: crawls one "
            "hex, still fires, harder to hit. <b>Prone</b>: hardest to hit, must get up to "
            "move or fire." + here)


def _fire(game: Any, decision: Decision | None) -> str:
    return ("The hit number: the weapon's chance at the range, plus the firer's WS, less "
            "the target's stance and cover (snap fire 2 less). The dice: a jam check; the "
            "hit die (0-9) hits at or under it; then the damage die (higher is worse); "
            "last, whether a clip is used up.")


def _panic(game: Any, decision: Decision | None) -> str:
    who = [s.name for s in game.state.side(Side.US) if s.panicked]
    name = " and ".join(who) or "A man"
    return (f"{name} {'panic' if len(who) > 1 else 'panics'}: a red number on the AR Track "
            "out of command, or a P on the damage die. A panicked man does nothing until "
            "the Round ends, then drops prone, his marker goes to C, and next Round he is "
            "himself again.")
