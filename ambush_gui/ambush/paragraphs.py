"""The German paragraph engine: reading paragraphs the rulebook way (AR-109..116). Qt-free.

The engine reads; it never changes the game. Given a :class:`Situation` (a read-only view
of the facts a paragraph may ask about), :meth:`Paragraphs.read` picks the option that
applies and returns it with its actions as plain data (:class:`Reading`); the Action
Rounds and Operations procedures carry the actions out (fire with
:func:`ambush_gui.ambush.fire.german_fire`, move with :meth:`Paragraphs.follow_references`,
activate, change the Condition, score...). Every reading is an event whose text is the
paragraph as the player would read it, with the chosen option marked ``►``.

How a paragraph is read (AR-111; house rules in ``docs/rules/ambush-paragraphs.md``):

- **Numbered** options: the first whose condition holds, in order; later ones are not
  looked at (so a chance condition further down is never rolled).
- **Bulleted** options: the one that applies. Every option is looked at; if several
  apply, one is taken at random by a logged roll (house rule AR-117: the rulebook expects
  exactly one; a tie is settled the way the rules settle ties, AR-116). If none applies,
  nothing happens and the event says so.
- **Chance**: the first ``chance`` condition looked at in a reading throws one 0-9 die
  (logged); every chance condition of the same reading reads that same die, so bullets
  "0-4 / 5-9" split one roll. A "go to" starts a new reading with its own die.

A German's turn (:meth:`Paragraphs.german_turn`, AR-110, AR-113, AR-114): the Self-
Preservation column S whenever an active US soldier is in his hex or next to it; else the
first Special Reaction column (by letter) whose situation has arisen, with a new Action
Number rolled; else the column of the Condition in force.

>>> from ambush_gui.ambush.mission import Mission, SCENARIOS
>>> from ambush_gui.core.dice import Dice
>>> m = Mission.load(SCENARIOS / "ambush-tutorial.toml")
>>> engine = Paragraphs(m, Dice(1))
>>> s = TableSituation(condition="A", germans={1: GermanFacts(hex=Hex.from_label("0503"))})
>>> engine.read(1, s).paragraph
1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, cast

from ambush_gui.ambush.charts import Stance, faces_text
from ambush_gui.ambush.fire import has_ammunition, pick, sees, weapons_of
from ambush_gui.ambush.mission import (
    ACTION_NUMBERS,
    HIM,
    MAX_HOPS,
    SELF_PRESERVATION,
    Act,
    Cond,
    GermanCard,
    ListStyle,
    Mission,
    OptionSpec,
    ParagraphSpec,
    Reaction,
)
from ambush_gui.ambush.model import AmbushContext, Side, Soldier
from ambush_gui.ambush.words import REACTIONS, seen_already
from ambush_gui.core.dice import Dice
from ambush_gui.core.events import Event, EventLog
from ambush_gui.core.hexgrid import Hex


class ParagraphError(ValueError):
    """A paragraph that cannot be read as asked (nothing was changed)."""


# -- what a paragraph may ask ------------------------------------------------------------------


class Situation(Protocol):
    """The facts a paragraph reads, about the game and about German ``german`` (his card
    number), the one whose turn it is. Read-only: the engine never changes the game."""

    def condition(self) -> str:
        """The Condition in force (AR-110)."""
        ...

    def sightings(self) -> frozenset[str]:
        """Sightings already made (AR-030)."""
        ...

    def sees_us(self, german: int) -> bool:
        """Can he see an active US soldier?"""
        ...

    def us_within(self, german: int, hexes: int) -> bool:
        """Is an active US soldier within ``hexes`` of him (0: his hex; 1: his or next)?"""
        ...

    def wounded(self, german: int) -> bool: ...

    def has_ammo(self, german: int) -> bool:
        """Has he a weapon he can fire with ammunition for it?"""
        ...

    def stance(self, german: int) -> Stance: ...

    def us_in(self, hexes: frozenset[Hex]) -> bool:
        """Is an active US soldier in one of ``hexes``?"""
        ...

    def german_active(self, german: int) -> bool:
        """Is German ``german`` on the map and active?"""
        ...

    def german_out(self, german: int) -> bool:
        """Has German ``german`` appeared and been put out of the fight (incapacitated,
        killed or captured, AR-053)? Not a German who has yet to appear."""
        ...

    def reaction(self, german: int, situation: Reaction) -> bool:
        """Has ``situation`` arisen for him since his last turn (AR-113)?"""
        ...


@dataclass
class GermanFacts:
    """What :class:`TableSituation` knows about one German."""

    hex: Hex | None = None
    sees_us: bool = False
    wounded: bool = False
    has_ammo: bool = True
    stance: Stance = Stance.STANDING
    active: bool = True
    reactions: frozenset[Reaction] = frozenset()


class TableSituation:
    """A :class:`Situation` written out as a table of facts (tests, examples, the editor):
    the Condition, the hexes holding active US soldiers (labels or hexes), the facts of
    each German by card number, and the sightings made."""

    def __init__(self, condition: str = "A", us_hexes: Any = (), germans: Any = None,
                 sightings: Any = ()) -> None:
        self.condition_name = condition
        self.us_hexes = frozenset(Hex.from_label(h) if isinstance(h, str) else Hex(*h)
                                  for h in us_hexes)
        self.germans = dict(germans or {})
        self.made = frozenset(sightings)

    def _g(self, german: int) -> GermanFacts:
        try:
            return self.germans[german]
        except KeyError:
            raise ParagraphError(f"the situation knows no German {german}") from None

    def condition(self) -> str:
        return self.condition_name

    def sightings(self) -> frozenset[str]:
        return self.made

    def sees_us(self, german: int) -> bool:
        return self._g(german).sees_us

    def us_within(self, german: int, hexes: int) -> bool:
        at = self._g(german).hex
        return at is not None and any(at.distance(u) <= hexes for u in self.us_hexes)

    def wounded(self, german: int) -> bool:
        return self._g(german).wounded

    def has_ammo(self, german: int) -> bool:
        return self._g(german).has_ammo

    def stance(self, german: int) -> Stance:
        return self._g(german).stance

    def us_in(self, hexes: frozenset[Hex]) -> bool:
        return bool(self.us_hexes & hexes)

    def german_active(self, german: int) -> bool:
        g = self.germans.get(german)
        return g is not None and g.active and g.hex is not None

    def german_out(self, german: int) -> bool:
        g = self.germans.get(german)
        return g is not None and not g.active

    def reaction(self, german: int, situation: Reaction) -> bool:
        return situation in self._g(german).reactions


class StateSituation:
    """A :class:`Situation` over a live game (``AmbushContext``): what the Rounds and
    Operations procedures pass. ``reactions`` holds (German number, situation) pairs the
    procedures noted since that German's last turn."""

    def __init__(self, g: AmbushContext, reactions: frozenset[tuple[int, Reaction]] = frozenset()):
        self.g = g
        self.reactions = reactions

    def _german(self, number: int) -> Soldier:
        for s in self.g.state.soldiers.values():
            if s.side is Side.GERMAN and s.number == number:
                return s
        raise ParagraphError(f"no German numbered {number} in the game")

    def _us(self) -> list[Soldier]:
        return [s for s in self.g.state.side(Side.US) if s.hex is not None]

    def condition(self) -> str:
        return self.g.state.condition

    def sightings(self) -> frozenset[str]:
        return frozenset(self.g.state.sightings)

    def sees_us(self, german: int) -> bool:
        me = self._german(german)
        return any(sees(self.g, me, u) for u in self._us())

    def us_within(self, german: int, hexes: int) -> bool:
        at = self._german(german).hex
        return at is not None and any(at.distance(u.hex) <= hexes for u in self._us() if u.hex)

    def wounded(self, german: int) -> bool:
        return self._german(german).wounded

    def has_ammo(self, german: int) -> bool:
        me = self._german(german)
        return any(w.usable and has_ammunition(self.g, me, w) for w in weapons_of(self.g, me))

    def stance(self, german: int) -> Stance:
        return self._german(german).stance

    def us_in(self, hexes: frozenset[Hex]) -> bool:
        return any(u.hex in hexes for u in self._us())

    def german_active(self, german: int) -> bool:
        try:
            s = self._german(german)
        except ParagraphError:
            return False
        return s.active and s.hex is not None

    def german_out(self, german: int) -> bool:
        """Only a German who has appeared can be put out of the fight (AR-053): one not yet
        activated is active, off the map."""
        try:
            return not self._german(german).active
        except ParagraphError:
            return False

    def reaction(self, german: int, situation: Reaction) -> bool:
        return (german, situation) in self.reactions


# -- results -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """One paragraph read: the option chosen (index, or None when none applied), its
    actions as plain data, the reading's die (if a chance condition threw one) and the
    event showing the paragraph with the chosen option marked."""

    paragraph: int
    style: ListStyle
    option: int | None
    actions: tuple[Act, ...]
    roll: int | None
    event: Event
    german: int | None = None
    sighting: str | None = None

    @property
    def goto(self) -> int | None:
        """The paragraph the chosen option sends the reader to, if any."""
        return next((a.goto for a in self.actions if a.goto is not None), None)

    def to_data(self) -> dict[str, Any]:
        return {"paragraph": self.paragraph, "option": self.option, "roll": self.roll,
                "german": self.german, "actions": [a.to_data() for a in self.actions]}


@dataclass(frozen=True)
class GermanTurn:
    """How a German's paragraph was found (AR-110, AR-113, AR-114) and what it said."""

    german: int
    column: str  # a Condition, a Special Reaction letter, or "S"
    action_number: int
    rerolled: bool
    reading: Reading


@dataclass(frozen=True)
class Walk:
    """A walk along the red references: the hexes entered in order, MP left, and why it
    stopped."""

    hexes: tuple[Hex, ...]
    left: int
    stopped: str


# -- the engine ------------------------------------------------------------------------------


class Paragraphs:
    """Reads a mission's paragraphs with the game's dice and log."""

    def __init__(self, mission: Mission, dice: Dice, log: EventLog | None = None) -> None:
        self.mission = mission
        self.dice = dice
        self.log = log if log is not None else dice.log if dice.log is not None else EventLog()

    # -- one paragraph ------------------------------------------------------------------------
    def read(self, number: int, situation: Situation, german: int | None = None) -> Reading:
        """Read paragraph ``number`` for German ``german`` (None: a Paragraph Check or Event
        with nobody reading it) and return the option that applies (AR-111)."""
        p = self.mission.paragraph(number)
        die: list[int] = []

        def holds(c: Cond) -> bool:
            return self._holds(c, situation, german, die, p)

        chosen: int | None = None
        if p.style is ListStyle.NUMBERED:
            chosen = next((i for i, o in enumerate(p.options) if holds(o.when)), None)
        else:
            applies = [i for i, o in enumerate(p.options) if holds(o.when)]
            if len(applies) == 1:
                chosen = applies[0]
            elif applies:
                # pick() needs only .dice and .log, which this engine has.
                chosen = pick(cast(Any, self), applies,
                              f"paragraph {number}: several bulleted options apply (AR-117)",
                              lambda i: f"option {i + 1}")
        actions = tuple(p.options[chosen].do) if chosen is not None else ()
        roll = die[0] if die else None
        event = self.log.emit(
            "paragraph", render(p, chosen, roll, german),
            paragraph=number, style=p.style.value, option=chosen, roll=roll, german=german,
            actions=[a.to_data() for a in actions], sighting=p.sighting,
        )
        return Reading(number, p.style, chosen, actions, roll, event, german, p.sighting)

    def read_through(self, number: int, situation: Situation, german: int | None = None) -> list[Reading]:
        """Read ``number`` and follow each "go to" at once, every reading against the same
        situation. The procedures that must carry out actions before the next paragraph is
        read (a Condition change, then "go to") call :meth:`read` themselves."""
        out = [self.read(number, situation, german)]
        while out[-1].goto is not None:
            if len(out) >= MAX_HOPS:
                raise ParagraphError(f"more than {MAX_HOPS} 'go to' from paragraph {number}: a loop")
            out.append(self.read(out[-1].goto, situation, german))  # type: ignore[arg-type]
        return out

    def _holds(self, c: Cond, s: Situation, german: int | None, die: list[int],
               p: ParagraphSpec) -> bool:
        k = c.key

        def him() -> int:
            if german is None:
                raise ParagraphError(
                    f"paragraph {p.number} asks about 'him' ({c.text()}) but no German is "
                    "reading it (a Paragraph Check or Event paragraph must ask about the map)")
            return german

        if k == "always":
            return True
        if k == "all":
            return all(self._holds(x, s, german, die, p) for x in c.all or [])
        if k == "any":
            return any(self._holds(x, s, german, die, p) for x in c.any or [])
        if k == "not_":
            assert c.not_ is not None
            return not self._holds(c.not_, s, german, die, p)
        if k == "chance":
            assert c.chance is not None
            if not die:
                die.append(self.dice.zero_to_nine(f"paragraph {p.number}: chance"))
            return die[0] in c.chance
        if k == "condition":
            return s.condition() == c.condition
        if k == "us_in":
            return s.us_in(self.mission.places(c.us_in or []))
        if k == "german_active":
            assert c.german_active is not None
            return s.german_active(c.german_active)
        if k == "german_out":
            assert c.german_out is not None
            return s.german_out(c.german_out)
        if german is None and k in HIM:
            # a Mission Card reading (a Paragraph Check, an Event) has no "him" to ask: such a
            # condition does not hold, rather than stopping the game (validation warns of it)
            return False
        if k == "us_within":
            assert c.us_within is not None
            return s.us_within(him(), c.us_within)
        if k == "stance":
            return s.stance(him()) == c.stance
        if k == "sees_us":
            return s.sees_us(him()) is c.sees_us
        if k == "wounded":
            return s.wounded(him()) is c.wounded
        if k == "has_ammo":
            return s.has_ammo(him()) is c.has_ammo
        raise AssertionError(k)

    # -- a German's turn --------------------------------------------------------------------------
    def german_turn(self, card: GermanCard | int, action_number: int, condition: str,
                    situation: Situation) -> GermanTurn:
        """Find and read a German's paragraph for this turn (AR-109..114).

        Self-Preservation (S) whenever an active US soldier is in his hex or next to it
        (AR-114); else the first Special Reaction column, by letter, whose situation has
        arisen since his last turn, with a new Action Number rolled (AR-113); else the
        Condition's column with ``action_number`` (AR-110).
        """
        g = card if isinstance(card, GermanCard) else self.mission.german(card)
        if action_number not in ACTION_NUMBERS:
            raise ParagraphError(f"an Action Number is 0-9 (got {action_number})")
        if condition not in g.columns:
            raise ParagraphError(f"{g.name} ({g.letter}) has no column for Condition {condition!r}")
        rerolled = False
        if situation.us_within(g.number, 1):
            column, col = SELF_PRESERVATION, g.self_preservation
            why = "an active US soldier is in or next to his hex: Self-Preservation (AR-114)"
        else:
            hit = next(((letter, r) for letter, r in sorted(g.reactions.items())
                        if situation.reaction(g.number, r.situation)), None)
            if hit is not None:
                letter, r = hit
                action_number = self.dice.zero_to_nine(
                    f"{g.name} ({g.letter}): Special Reaction {letter}, new Action Number (AR-113)")
                column, col, rerolled = letter, r.column, True
                why = f"Special Reaction {letter}, {REACTIONS[r.situation]} (AR-113)"
            else:
                column, col = condition, g.columns[condition]
                why = f"Condition {condition} (AR-110)"
        number = col[action_number]
        self.log.emit("german-turn",
                      f"{g.name} ({g.letter}): Action Number {action_number}, column {column} "
                      f"-> paragraph {number} — {why}",
                      german=g.number, column=column, action_number=action_number,
                      rerolled=rerolled, paragraph=number)
        return GermanTurn(g.number, column, action_number, rerolled,
                          self.read(number, situation, g.number))

    # -- checks and events ---------------------------------------------------------------------------
    def paragraph_check(self, h: Hex, situation: Situation) -> Reading | None:
        """The Paragraph Check for a hex entered (AR-003): its paragraph read, or None."""
        number = self.mission.check_paragraph(h, situation.condition())
        return None if number is None else self.read(number, situation)

    def event_check(self, situation: Situation, total: int | None = None) -> Reading | None:
        """The Event column (AR-029, AR-030): 2d6 (thrown unless ``total`` is given); the
        paragraph read, or None for a blank line or a sighting already made."""
        if total is None:
            total = self.dice.two_d6("Event column (AR-029)")
        number = self.mission.event_paragraph(total, situation.condition())
        if number is None:
            self.log.emit("event", f"Event column {total}: nothing happens", total=total)
            return None
        sighting = self.mission.paragraph(number).sighting
        if sighting is not None and sighting in situation.sightings():
            self.log.emit("event", f"Event column {total}: paragraph {number} is skipped, "
                          f"{seen_already(sighting)} (AR-030)",
                          total=total, sighting=sighting)
            return None
        return self.read(number, situation)

    # -- movement ---------------------------------------------------------------------------------
    def follow_references(self, start: Hex, mp: int, condition: str,
                          enemies: frozenset[Hex] = frozenset()) -> Walk:
        """Walk the red references from ``start`` hex by hex (AR-112): each hex costs its
        Movement Point Cost (AR-101, hexside features included); the walk stops before a hex
        that costs more than the points left, where no reference leads on, or after entering
        a hex holding an enemy (AR-102). Unused points are lost (AR-103)."""
        refs = self.mission.references(condition)
        hexmap = self.mission.map
        at, left, path = Hex(*start), mp, []
        stopped = "no red reference leads on"
        while at in refs:
            nxt = refs[at]
            cost = hexmap.mp_cost(nxt, at)
            if cost is None or cost > left:
                stopped = (f"{nxt} cannot be entered" if cost is None
                           else f"{nxt} costs {cost} MP, {left} left")
                break
            left -= cost
            path.append(nxt)
            at = nxt
            if nxt in enemies:
                stopped = f"{nxt} holds an enemy (AR-102)"
                break
            if len(path) > len(hexmap):
                stopped = "the references go round in a circle"
                break
        return Walk(tuple(path), left, stopped)


# -- showing a paragraph --------------------------------------------------------------------------


def render(p: ParagraphSpec, chosen: int | None, roll: int | None = None,
           german: int | None = None) -> str:
    """The paragraph as the player reads it, the chosen option marked with ``►``.

    Numbered options are numbered; bulleted ones bulleted. A line under it says which
    option was taken, or that none applied.
    """
    who = f" (German {german})" if german is not None else ""
    lines = [f"¶{p.number}{who}: {p.text}"]
    for i, o in enumerate(p.options):
        mark = "►" if i == chosen else " "
        bullet = f"{i + 1}." if p.style is ListStyle.NUMBERED else "•"
        lines.append(f" {mark} {bullet} {_option_line(o)}")
    tail = []
    if roll is not None:
        tail.append(f"die {roll}")
    if p.options:
        tail.append("none applies: nothing happens" if chosen is None else f"option {chosen + 1}")
    if tail:
        lines.append("   → " + ", ".join(tail))
    return "\n".join(lines)


def _option_line(o: OptionSpec) -> str:
    if o.when.key == "chance" and o.when.chance is not None:
        return f"[{faces_text(o.when.chance)}] {o.text}"
    return o.text
