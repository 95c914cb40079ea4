"""The Action Round sequence of Ambush! (seed 002; AR-001..054, AR-064..069, AR-118..125).

:func:`action_rounds` runs from the paragraph that commences Rounds (AR-001) until no
active German is left on the map (AR-002, AR-047). Each Round (AR-017):

1. **US Awareness**, Rounds 1 and 2 only (:func:`us_awareness`, AR-019..028).
2. **Event Phase**, not in Round 1 (:func:`event_phase`, AR-029..031).
3. **Action Phase**: initiative and AR marker placement (:func:`initiative`,
   AR-032..042), then the turns down the track (:func:`action_phase`, AR-043..053).
4. **New Round** (AR-047); panicked soldiers go prone and Complete first (AR-066).

A German activated during any step joins the Round (:func:`activate_in_round`, AR-118..122);
a Condition change pauses it for a sweep of Paragraph Checks (:func:`condition_change`,
AR-123..125). The mission and the German paragraphs are reached only through
:mod:`ambush_gui.ambush.hooks`. House rules for the GAPs: ``docs/rules/ambush-rounds.md``.
"""

from __future__ import annotations

from ambush_gui.ambush import ar_track
from ambush_gui.ambush.actions import take_turn
from ambush_gui.ambush.charts import ARResult, ARSpace, Stance
from ambush_gui.ambush.command import in_command
from ambush_gui.ambush.fire import new_round, perception_check, sees
from ambush_gui.ambush.hooks import RoundsContext, RoundsStart
from ambush_gui.ambush.model import Mode, Side, Soldier
from ambush_gui.ambush.words import SPACE_NAMES, seen_already
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.game import Procedure
from ambush_gui.core.hexgrid import Hex
from ambush_gui.core.words import capital, whose


def germans_on_map(g: RoundsContext) -> list[Soldier]:
    """Active Germans on the map, by letter (AR-002, AR-049)."""
    return [s for s in g.state.side(Side.GERMAN) if s.hex is not None]


def action_rounds(g: RoundsContext, start: RoundsStart) -> Procedure:
    """AR-001, AR-002, AR-017: Rounds, one after another, until no active German is on the
    map; then Operations resume. Returns the number of Rounds played."""
    st = g.state
    st.mode, st.round = Mode.ROUNDS, 0
    g.log.emit("rounds", "Commence Rounds [AR-001]", rule="AR-001")
    while True:
        st.round += 1
        yield from play_round(g, start if st.round == 1 else None)
        if not germans_on_map(g):  # AR-047
            end_rounds(g)
            return st.round


def play_round(g: RoundsContext, start: RoundsStart | None) -> Procedure:
    """One Round, its steps in order (AR-017)."""
    st = g.state
    g.log.emit("round", f"Round {st.round} [AR-017]", round=st.round, rule="AR-017")
    new_round(g)
    if st.round <= 2:
        us_awareness(g, start.activated if start else ())
    else:
        everyone_aware(g)
    if st.round > 1:
        yield from event_phase(g)
    initiative(g, start)
    yield from action_phase(g)
    end_of_round(g)


# -- 1. US Awareness ---------------------------------------------------------------------


def us_awareness(g: RoundsContext, activated: tuple[str, ...] = ()) -> None:
    """AR-019..022, house rule AR-028. Round 1: each active US soldier who can see a German
    just activated makes a Perception Check; the rest stay unaware with no check. Round 2:
    every unaware soldier checks, on or off the map (AR-013). (Round 3 on:
    :func:`everyone_aware`.) An aware soldier's marker goes to Complete; placement follows in this Round."""
    st = g.state
    us = [s for s in st.side(Side.US) if not s.left_map]
    if st.round == 1:
        new = [st.soldiers[i] for i in activated if st.soldiers[i].hex is not None]
        for s in us:
            s.aware = False
        for s in us:
            if any(sees(g, s, german) for german in new):
                s.aware = perception_check(g, s, "Round 1: he can see the German just "
                                           "activated [AR-020]")
            _awareness_result(g, s, "AR-020")
    else:
        for s in us:
            if not s.aware:
                s.aware = perception_check(g, s, "Round 2: still unaware [AR-021]")
                _awareness_result(g, s, "AR-021")


def _awareness_result(g: RoundsContext, s: Soldier, rule: str) -> None:
    if s.aware:
        ar_track.set_space(g, s, ARSpace.COMPLETE, "aware", rule)
    else:
        g.log.emit("aware", f"{s.label} is unaware [{rule}]", soldier=s.id, aware=False,
                   rule=rule)


def everyone_aware(g: RoundsContext) -> None:
    """AR-022: from Round 3 everyone is aware. A man who has left the map is out of the
    mission (house rule AR-105): nothing is said of him; his flag turns as it always did,
    so that the saves made before the house rule lead to the state they recorded."""
    for s in g.state.side(Side.US):
        if not s.aware:
            s.aware = True
            if s.left_map:
                continue
            g.log.emit("aware", f"{s.label} is aware: Round {g.state.round} [AR-022]",
                       soldier=s.id, aware=True, rule="AR-022")


# -- 2. Event Phase ------------------------------------------------------------------------


def event_phase(g: RoundsContext) -> Procedure:
    """AR-029, AR-030: 2d6 on the Event column; resolve the paragraph as an Operations Event
    Check, skipping it if its sighting has already occurred."""
    total = g.dice.two_d6(f"Event Phase, Round {g.state.round} [AR-029]")
    entry = g.mission.event_entry(g, total)
    if entry is None:
        g.log.emit("event", f"Event column {total}: nothing [AR-029]", total=total)
        return
    if entry.sighting is not None and entry.sighting in g.state.sightings:
        g.log.emit("event", f"Event column {total}: paragraph {entry.paragraph} is skipped, "
                   f"{seen_already(entry.sighting)} [AR-030]", total=total,
                   paragraph=entry.paragraph, skipped=True, rule="AR-030")
        return
    g.log.emit("event", f"Event column {total}: read paragraph {entry.paragraph} [AR-030]",
               total=total, paragraph=entry.paragraph, rule="AR-030")
    yield from g.mission.read_paragraph(g, entry.paragraph)


# -- 3. Action Phase: initiative and placement -------------------------------------------


def initiative(g: RoundsContext, start: RoundsStart | None = None) -> Side:
    """AR-032..040: one 0-9 die per side; the higher takes the Advantage, a tie goes to the
    Germans. In Round 1 the commencing paragraph may fix the Advantage (both dice still
    rolled, AR-033) or grant a side two turns (that side rolls nothing, AR-040; house rule:
    without a fixed Advantage, the side granted two turns holds it). Then every marker is
    placed. Returns the side with the Advantage."""
    st = g.state
    fixed = start.advantage if start else None
    granted = start.two_turns if start else None
    dice: dict[Side, int | None] = {}
    for side in (Side.US, Side.GERMAN):
        if side is granted:
            dice[side] = None
        else:
            dice[side] = g.dice.zero_to_nine(f"Initiative: {side.value} [AR-032]")
    us, de = dice[Side.US], dice[Side.GERMAN]
    if fixed is not None:
        adv, why = fixed, "the paragraph fixes it [AR-033]"
    elif granted is not None:
        adv, why = granted, "the paragraph grants it two turns [house rule AR-040]"
    else:
        assert us is not None and de is not None
        adv = Side.US if us > de else Side.GERMAN
        why = "tie: to the Germans [AR-032]" if us == de else "the higher die [AR-032]"
    st.advantage = adv
    g.log.emit("initiative", f"Initiative: US {_show(us)}, Germans {_show(de)}: the "
               f"{adv.value} side has the Advantage ({why})", us=us, german=de,
               advantage=adv.value, why=why, rule="AR-032")
    for side in (Side.US, Side.GERMAN):
        place_side(g, side, dice[side])
    return adv


def _show(die: int | None) -> str:
    return "—" if die is None else str(die)


def place_side(g: RoundsContext, side: Side, die: int | None) -> None:
    """AR-034..038: each active soldier's marker goes where ``die`` reads in his AR column;
    ``None`` is a two-turn grant (AR-040). An unaware or departed US soldier is not placed
    (he cannot act, AR-023; house rule AR-028): his marker stays on Complete."""
    for s in g.state.side(side):
        if s.left_map or (side is Side.US and not s.aware):
            continue
        if side is Side.GERMAN and s.hex is None:
            continue  # evaded: off the map (AR-107)
        if die is None:
            ar_track.place(g, s, ARResult.TWO_TURNS, "two turns granted by the paragraph",
                           "AR-040")
            continue
        spot = g.charts.ar_space(s.ar, die)
        command = in_command(g, s) if side is Side.US else True
        result = spot.outcome(us=side is Side.US, in_command=command)
        if spot.red and side is Side.US:
            why = f"{die} in AR column {s.ar}, red: " + (
                "in command" if command else "out of command, panic")
            rule = "AR-038, AR-059, AR-064"
        else:
            why, rule = f"{die} in AR column {s.ar}", "AR-034"
        if result is ARResult.PANIC and not spot.red:
            rule = "AR-037, AR-064"
        ar_track.place(g, s, result, why, rule)


# -- 3. Action Phase: the turns ----------------------------------------------------------


def next_space(g: RoundsContext) -> ARSpace | None:
    """The highest space on the track holding someone who can act (AR-043)."""
    for space in ar_track.ORDER:
        if any(s.marker is space and ar_track.can_act(s) for s in g.state.soldiers.values()):
            return space
    return None


def action_phase(g: RoundsContext) -> Procedure:
    """AR-043..050: turns down the track until nobody has one left. In a US space the player
    picks who acts next (AR-048); in a German space the first letter acts (AR-049), with a
    fresh Action Number for every German turn (AR-050). Markers are re-read after every
    turn, so a soldier given a turn, or a German activated mid-Round, acts when his space
    comes, at once if it has passed (house rules AR-063, AR-122)."""
    st = g.state
    while (space := next_space(g)) is not None:
        ready = [s for s in st.soldiers.values() if s.marker is space and ar_track.can_act(s)]
        if ready[0].side is Side.US:
            ready.sort(key=lambda s: s.id)
            if len(ready) == 1:
                who = ready[0]
            else:
                sid = yield Decision(
                    side=Side.US.value, kind=DecisionKind.AMBUSH_ACTOR,
                    prompt=f"Round {st.round}, {SPACE_NAMES[space]}: which soldier acts next?",
                    options=tuple(s.id for s in ready),
                    facts={"round": st.round, "space": space.value},
                )
                who = st.soldiers[sid]
            yield from _turn(g, who, take_turn(g, who))
        else:
            who = sorted(ready, key=lambda s: (s.letter or "", s.id))[0]
            number = g.dice.zero_to_nine(f"German Action Number: {who.label} [AR-050]")
            g.log.emit("german_turn", f"{who.label} takes a turn: Action Number {number} "
                       "[AR-049, AR-050]", german=who.id, number=number, rule="AR-050")
            yield from _turn(g, who, g.brain.take_turn(g, who, number))


def _turn(g: RoundsContext, who: Soldier, turn: Procedure) -> Procedure:
    """One turn; afterwards his marker drops one space unless the turn moved it (AR-044,
    AR-052, AR-053)."""
    before = who.marker
    g.log.emit("turn", f"{capital(whose('turn', who.label))} ({SPACE_NAMES[before]}) [AR-044]",
               soldier=who.id, space=before.value, round=g.state.round)
    yield from turn
    if who.marker is before:
        ar_track.drop(g, who)


def end_of_round(g: RoundsContext) -> None:
    """AR-066 (house rules AR-054, AR-069): a panicked soldier falls prone, his marker goes to
    Complete and the panic is over. Every active marker left on the track returns to
    Complete."""
    for s in g.state.soldiers.values():
        if not s.active:
            continue
        if s.panicked:
            s.panicked = False
            s.stance = Stance.PRONE
            ar_track.set_space(g, s, ARSpace.COMPLETE, "panic over: prone", "AR-066")
        elif s.marker is not ARSpace.COMPLETE:
            ar_track.set_space(g, s, ARSpace.COMPLETE, "end of the Round", "AR-044")


def end_rounds(g: RoundsContext) -> None:
    """AR-002, AR-027, AR-047: no active German on the map: back to Operations, and every US
    soldier unaware for the next time."""
    st = g.state
    st.mode, st.advantage = Mode.OPERATIONS, None
    for s in st.side(Side.US, active=False):
        s.aware = False
    g.log.emit("rounds", f"No active German on the map: Rounds end after Round {st.round}; "
               "Operations resume, every US soldier unaware again [AR-002, AR-027, AR-047]",
               rounds=st.round, rule="AR-047")


# -- activation and Condition change during a Round ----------------------------------------


def activate_in_round(g: RoundsContext, german: Soldier, at: Hex, stance: Stance,
                      two_turns: bool = False) -> bool:
    """AR-007..009, AR-108, AR-118..122: a German activated by a paragraph in mid-Round is
    placed at once (hex, stance, marker on Complete). With two turns granted his marker
    goes to the 2-Turn space of the Germans' half (AR-119); otherwise a fresh Action Number
    is read in his AR column as an initiative die would be (house rule AR-122). He acts
    when the loop reaches his space, at once if that step has passed. The advantage and
    awareness parts of the paragraph are ignored (AR-118). A German coming back after
    evading does not score again (AR-108): the return value says whether the caller
    scores his activation (AR-010). One who evaded after taking a turn this Round and comes
    back in the same Round stays on Complete until the next (house rule AR-108): the Round's
    turns are his marker's (AR-035), not one more set per return."""
    scores = not german.left_map
    german.hex, german.stance, german.left_map = at, stance, False
    ar_track.set_space(g, german, ARSpace.COMPLETE, "activated", "AR-009")
    g.log.emit("activate", f"{german.label} is activated in {at}, {stance.value}, during "
               f"Round {g.state.round} [AR-118]", german=german.id, hex=at.label,
               stance=stance.value, scores=scores, rule="AR-118")
    if g.state.mode is not Mode.ROUNDS:
        return scores
    if not scores and _acted_this_round(g, german):
        g.log.emit("activate", f"{german.label} had his turns this Round before he evaded: he "
                   "acts again next Round [house rule AR-108]", german=german.id, rule="AR-108")
        return scores
    if two_turns:
        ar_track.place(g, german, ARResult.TWO_TURNS, "two turns granted", "AR-119")
    else:
        number = g.dice.zero_to_nine(f"German Action Number: {german.label} joins the Round "
                                     "[AR-120]")
        result = g.charts.ar_space(german.ar, number).outcome(us=False, in_command=True)
        ar_track.place(g, german, result, f"Action Number {number} in AR column {german.ar}",
                       "AR-120, AR-122")
    return scores


def _acted_this_round(g: RoundsContext, s: Soldier) -> bool:
    """Whether ``s`` has taken a turn since the current Round began (read from the log,
    where every turn is an event, AR-044)."""
    for e in reversed(g.log.events):
        if e.kind == "round":
            return False
        if e.kind == "turn" and e.data.get("soldier") == s.id:
            return True
    return False


def condition_change(g: RoundsContext, condition: str) -> Procedure:
    """AR-123..125: the new Mission Card; the Round pauses for a Paragraph Check of every
    US-occupied hex, lowest hex number first (the hook treats Event results as markers,
    AR-004), then resumes."""
    st = g.state
    before, st.condition = st.condition, condition
    g.log.emit("condition", f"Condition {before or '—'} → {condition} [AR-123]",
               frm=before, to=condition, rule="AR-123")
    if st.mode is not Mode.ROUNDS:
        return
    hexes = sorted({s.hex for s in st.side(Side.US) if s.hex is not None},
                   key=lambda h: h.label)
    for where in hexes:
        g.log.emit("condition", f"Paragraph Check for {where} [AR-124]", hex=where.label,
                   rule="AR-124")
        yield from g.mission.hex_check(g, where)


__all__ = [
    "action_phase",
    "action_rounds",
    "activate_in_round",
    "condition_change",
    "end_of_round",
    "end_rounds",
    "event_phase",
    "everyone_aware",
    "germans_on_map",
    "initiative",
    "next_space",
    "place_side",
    "play_round",
    "us_awareness",
]
