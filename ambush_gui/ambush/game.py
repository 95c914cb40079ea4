"""An Ambush! game: a mission, a seed and the decisions made so far (seed 002).

:class:`AmbushGame` plays a whole mission as one generator (:meth:`AmbushGame.procedure`):

- **Operations** (house rules AR-006, AR-005 in ``docs/rules/ambush-operations.md``): turn
  after turn the US player moves his soldiers hex by hex (``AMBUSH_OPERATIONS``: a soldier
  and a hex to enter, or the end of the turn); every hex entered gets its Paragraph Check
  (AR-003); each turn ends with an Event Check on 2d6 (AR-029, AR-030).
- A paragraph that activates a German and commences Rounds switches to **Action Rounds**
  (AR-001: :func:`ambush_gui.ambush.rounds.action_rounds`) until no active German is on
  the map (AR-002, AR-047); then Operations resume with a new turn.
- The **end**: a paragraph's ``end``, the squad gone (all out of the fight or off the map by
  the exit hexes), or the time limits. The casualties are scored, the victory level read
  (``Mission.result``) and ``game.result`` set like Ambush Alley's.

The game is the Round engine's context (:class:`~ambush_gui.ambush.hooks.RoundsContext`):
``mission`` is the Mission Card as hooks (:class:`CardHooks`) and ``brain`` the German
paragraph engine (:class:`ParagraphBrain`); the mission file itself is ``scenario``.
Every paragraph read is a ``paragraph`` event with its text and the option taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ambush_gui.ambush import ar_track
from ambush_gui.ambush.actions import enter, enter_cost, evasive_move, leave_map
from ambush_gui.ambush.charts import ARSpace, Charts, Side, Stance
from ambush_gui.ambush.command import give_turn, why_not_give
from ambush_gui.ambush.fire import (
    GermanOutcome,
    IllegalFire,
    Term,
    german_fire,
    move_marker,
    piece_moved,
    prepare_crew_weapons_in_operations,
    sees,
)
from ambush_gui.ambush.hooks import (
    EventEntry,
    GermanBrain,
    MissionHooks,
    RoundsContext,
    RoundsStart,
    Situation,
)
from ambush_gui.ambush.mission import (
    DEFAULT_ROUND_LIMIT,
    DEFAULT_TURN_LIMIT,
    Act,
    Activate,
    EndResult,
    Mission,
    Outcome,
    Reaction,
)
from ambush_gui.ambush.model import AmbushState, Mode, Soldier, Status, WeaponState
from ambush_gui.ambush.paragraphs import Paragraphs, Reading, StateSituation
from ambush_gui.ambush.rounds import action_rounds, activate_in_round, condition_change, germans_on_map
from ambush_gui.ambush.words import GERMAN_ORDERS, seen_already
from ambush_gui.core.decisions import Decision, DecisionKind
from ambush_gui.core.dice import Dice
from ambush_gui.core.events import Event
from ambush_gui.core.game import Game, Procedure
from ambush_gui.core.hexgrid import Hex
from ambush_gui.core.words import capital, count, noun, whose

MAX_TURNS = DEFAULT_TURN_LIMIT
"""House rule (AR-006): the day ends after this many Operations turns; the points decide. A
mission may set its own (``operations_turn_limit``); this is the default."""

MAX_ROUNDS = DEFAULT_ROUND_LIMIT
"""House rule (AR-002): a firefight that lasts this many Rounds ends the mission (a stalemate
the seeds never foresee: Germans who cannot be reached and do not move). A mission may set its
own (``round_limit``); this is the default."""

GERMAN_ACTS = ("fire", "move", "stance", "surrender", "out_of_ammo")
"""Actions only a German reading his own paragraph carries out."""


FORCED = {EndResult.VICTORY: Outcome.US, EndResult.DEFEAT: Outcome.GERMAN}
"""The outcome an ``end`` action forces; ``end = "points"`` leaves it to the victory level."""

FORCED_LEVEL = {Outcome.US: "Victory", Outcome.GERMAN: "Defeat"}
"""What the end says for a forced outcome (no victory level is read)."""


class MissionEnd(Exception):  # noqa: N818 - a signal, not an error
    """Raised inside the procedure when the mission is over; caught by :meth:`procedure`."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


END_WORDS = {EndResult.POINTS: "the points decide", EndResult.VICTORY: "a US victory, whatever "
             "the points", EndResult.DEFEAT: "a German victory, whatever the points"}
"""How an ``end`` action is said to the player (the file's key is ``points``, ``victory``...)."""


class AmbushGame(Game):
    """Ambush!: Operations and Action Rounds over one mission."""

    system = "ambush"

    def __init__(self, mission: Mission, seed: int = 0, dice: Dice | None = None) -> None:
        super().__init__(seed, dice)
        self.scenario = mission
        self.spec = mission.spec
        self.charts: Charts = mission.charts
        self.state = build_state(mission)
        self.engine = Paragraphs(mission, self.dice, self.log)
        self.mission: MissionHooks = CardHooks(self)
        self.brain: GermanBrain = ParagraphBrain(self)
        self.turn = 0
        self.markers: list[tuple[str, int]] = []  # Event markers placed in Rounds (AR-004)
        self.reactions: set[tuple[int, Reaction]] = set()  # noted since each German's turn
        self.ending: EndResult | None = None
        self.initial_soldiers = sorted(self.state.soldiers)
        self.initial_weapons = sorted(weapon_ids(self.state))
        self.initial_ammo = {s.id: list(s.ammo) for s in self.state.soldiers.values()}
        self.created: list[str] = []  # weapons a paragraph put on the map with a German
        from ambush_gui.ambush.invariants import Watch

        self.watch = Watch(self)
        self.log.subscribe(self._noticed)

    # -- the Game protocol ------------------------------------------------------------
    def procedure(self) -> Procedure:
        return self.play()

    def snapshot(self) -> dict[str, Any]:
        return self.state.snapshot() | {
            "turn": self.turn,
            "markers": [list(m) for m in self.markers],
            "reactions": sorted([n, r.value] for n, r in self.reactions),
            "ending": self.ending.value if self.ending else None,
        }

    # -- the mission ----------------------------------------------------------------
    def play(self) -> Procedure:
        """The whole mission: Operations turns until it ends (house rule AR-006)."""
        self.log.emit("mission", f"{self.scenario.title}: Condition {self.state.condition} "
                      f"({self.spec.conditions[self.state.condition].name})",
                      mission=self.scenario.name, condition=self.state.condition)
        why = "the mission is over"
        try:
            while True:
                self.turn += 1
                limit = self.spec.operations_turn_limit
                if self.turn > limit:
                    raise MissionEnd(f"the day is over after {count(limit, 'Operations turn')}")
                yield from self.operations_turn()
                self.check_squad()
        except MissionEnd as end:
            why = end.why
        return self.finish(why)

    def operations_turn(self) -> Procedure:
        """One Operations turn (house rule AR-006): the US player moves soldiers hex by hex,
        each up to his MPA; every hex entered gets its Paragraph Check (AR-003). If Rounds
        are fought the turn is over; otherwise it ends with an Event Check (AR-029)."""
        st = self.state
        st.mode = Mode.OPERATIONS
        self.log.emit("operations", f"Operations turn {self.turn} [house rule AR-006]",
                      turn=self.turn, rule="AR-006")
        spent: dict[str, int] = {s.id: 0 for s in st.side(Side.US)}
        prepare_crew_weapons_in_operations(self)  # FC-056: pieces together since the last turn
        while True:
            options = self.operations_options(spent)
            choice = yield Decision(
                side=Side.US.value, kind=DecisionKind.AMBUSH_OPERATIONS,
                prompt=f"Operations turn {self.turn}: move a soldier one hex, or end the turn",
                options=(*options, "end"),
                facts={"turn": self.turn, "condition": st.condition,
                       "mp_left": {sid: self.mp_left(sid, spent) for sid in sorted(spent)}},
            )
            if choice == "end":
                break
            s = st.soldiers[choice["soldier"]]
            if choice["to"] == "off":
                spent[s.id] = s.mpa
                leave_map(self, s)
                self.check_squad()
                continue
            to = Hex.from_label(choice["to"])
            spent[s.id] += enter_cost(self, s, s.hex, to) or 0
            if s.stance is not Stance.STANDING:
                before, s.stance = s.stance, Stance.STANDING
                self.log.emit("stance", f"{s.label}: {before.value} → standing, to move in "
                              "Operations [house rule AR-006]", soldier=s.id, stance="standing",
                              rule="AR-006")
            fought = self.rounds_fought
            yield from enter(self, s, to)
            self.check_squad()
            if self.rounds_fought != fought:
                self.log.emit("operations", f"Operations turn {self.turn} ends: Rounds were "
                              "fought [house rule AR-006]", turn=self.turn, rule="AR-006")
                return
        prepare_crew_weapons_in_operations(self)  # FC-056: before the Event Check's Rounds
        reading = self.engine.event_check(StateSituation(self))
        if reading is not None:
            self.note(reading)
            yield from self.carry_out(reading)

    rounds_fought = 0

    def mp_left(self, sid: str, spent: dict[str, int]) -> int:
        return self.state.soldiers[sid].mpa - spent.get(sid, 0)

    def operations_options(self, spent: dict[str, int]) -> list[dict[str, str]]:
        """Each active US soldier's next hex within his MPA this turn (AR-101, house rule
        AR-106): from off the map his entry hexes (AR-013); leaving by an exit hex."""
        out: list[dict[str, str]] = []
        exits = {Hex.from_label(x) for x in self.spec.end.exit_hexes}
        for s in self.state.side(Side.US):
            if s.left_map or s.panicked:
                continue
            left = self.mp_left(s.id, spent)
            near: Sequence[Hex] = (self.mission.entry_hexes(self, s) if s.hex is None
                                   else self.state.map.neighbours(s.hex))
            for h in near:
                cost = enter_cost(self, s, s.hex, h)
                if cost is not None and cost <= left:
                    out.append({"soldier": s.id, "to": h.label})
            if s.hex in exits and left >= 1 and spent[s.id] == 0:
                out.append({"soldier": s.id, "to": "off"})
        return out

    def rounds(self, start: RoundsStart) -> Procedure:
        """AR-001: commence Rounds; when they end, Operations resume (AR-002)."""
        self.rounds_fought += 1
        yield from action_rounds(self, start)
        self.state.mode = Mode.OPERATIONS

    def check_squad(self) -> None:
        """The mission ends when no US soldier is left to carry it on: every one out of the
        fight or gone off the map (house rule AR-006)."""
        us = [s for s in self.state.side(Side.US, active=False)]
        if all(not s.active or s.left_map for s in us):
            gone = [s for s in us if s.active and s.left_map]
            raise MissionEnd("the squad has left the map" if gone
                             else "the squad can fight no more")

    def casualty_points(self) -> list[tuple[int, str]]:
        """The mission's casualties as points, as they stand now (each German out of the
        fight, each American hurt): counted into the ledger when the mission ends."""
        v = self.spec.victory
        out: list[tuple[int, str]] = []
        for s in self.state.soldiers.values():
            if s.side is Side.GERMAN:
                pts = {Status.INCAPACITATED: v.german_incapacitated, Status.DEAD: v.german_killed,
                       Status.CAPTURED: v.german_captured}.get(s.status)
            else:
                pts = {Status.INCAPACITATED: v.us_incapacitated, Status.DEAD: v.us_killed,
                       Status.CAPTURED: v.us_killed}.get(s.status)
                if pts is None and s.wounded:
                    pts = v.us_wounded
            if pts:
                what = s.status.value if s.status is not Status.ACTIVE else "wounded"
                out.append((pts, f"{s.label} {what}"))
        return out

    def standing(self) -> list[tuple[int, str]]:
        """The points as they stand: the ledger, and while the mission runs its casualties
        so far (the Mission panel's counter left them out: +2 during the tutorial, 5 on its
        end screen)."""
        lines = list(self.state.score.lines)
        return lines if self.result is not None else lines + self.casualty_points()

    def finish(self, why: str) -> dict[str, Any]:
        """Score the casualties (victory points of the mission), read the level, and return
        the result shaped like Ambush Alley's (``systems.outcome``)."""
        st = self.state
        st.mode = Mode.OPERATIONS
        for pts, what in self.casualty_points():  # not ``why``: the end's reason is kept
            st.score.add(pts, what)
        total = st.score.total
        forced = FORCED.get(self.ending) if self.ending is not None else None
        if forced is not None:  # the paragraph decides, whatever the points
            winner, level = forced.value, FORCED_LEVEL[forced]
            said = f"{count(total, 'point')}, but the paragraph decides: {level}"
        else:  # the level the points reach says who won (its outcome, never its wording)
            reached = self.scenario.level(total)
            winner, level = reached.outcome.value, reached.result
            said = f"{count(total, 'point')}: {level}"
        lost = -sum(p for p, _ in st.score.lines if p < 0)
        self.log.emit("mission_end", f"The mission ends: {why}. {said}",
                      why=why, points=total, level=level, winner=winner,
                      score=[[p, w] for p, w in st.score.lines])
        return {"winner": winner, "points": {"us": total, "german": lost}, "turn": self.turn,
                "level": level, "why": why}

    # -- paragraphs ---------------------------------------------------------------------
    def situation(self, german: Soldier | None = None) -> StateSituation:
        mine = frozenset(r for r in self.reactions if german is not None and r[0] == german.number)
        return StateSituation(self, mine)

    def read(self, number: int, german: Soldier | None = None) -> Reading | None:
        """Read a paragraph; one whose sighting has been made is skipped (house rule AR-030:
        a sighting occurs once, however the paragraph is reached)."""
        p = self.scenario.paragraph(number)
        if p.sighting is not None and p.sighting in self.state.sightings:
            self.log.emit("paragraph_skipped", f"¶{number} is skipped: "
                          f"{seen_already(p.sighting)} [AR-030]", paragraph=number,
                          sighting=p.sighting, rule="AR-030")
            return None
        reading = self.engine.read(number, self.situation(german),
                                   german.number if german is not None else None)
        self.note(reading)
        return reading

    def note(self, reading: Reading) -> None:
        if reading.sighting is not None:
            self.state.sightings.add(reading.sighting)

    def carry_out(self, reading: Reading | None, german: Soldier | None = None) -> Procedure:
        """Do what a reading says, following each "go to" with a new reading (AR-111); in
        Operations, a German activated starts Rounds (AR-001) once the reading is done."""
        activated: list[str] = []
        advantage: Side | None = None
        two_turns: Side | None = None
        commence = False
        hops = 0
        while reading is not None:
            goto = reading.goto
            acts = list(reading.actions)
            while acts:
                act = acts.pop(0)
                verb = act.verb
                if verb == "goto":
                    continue
                if verb == "activate":
                    assert act.activate is not None
                    who = self.activate(act.activate)
                    if who is not None:
                        activated.append(who.id)
                        advantage = advantage or act.activate.advantage
                        if act.activate.two_turns:
                            two_turns = act.activate.two_turns[0]
                elif verb == "condition":
                    assert act.condition is not None
                    if act.condition != self.state.condition:
                        yield from condition_change(self, act.condition)
                elif verb == "commence_rounds":
                    commence = True
                elif verb == "score":
                    assert act.score is not None
                    why = act.why or f"paragraph {reading.paragraph}"
                    self.state.score.add(act.score, why)
                    self.log.emit("score", f"{act.score:+d} {noun(act.score, 'point')}: {why}",
                                  points=act.score, why=why, paragraph=reading.paragraph)
                elif verb == "end":
                    assert act.end is not None
                    self.ending = act.end
                    raise MissionEnd(f"paragraph {reading.paragraph} ends the mission "
                                     f"({END_WORDS[act.end]})")
                elif verb == "hold":
                    continue
                elif german is None:
                    self.log.emit("paragraph", f"¶{reading.paragraph}: only a German reading it "
                                  f"can {GERMAN_ORDERS.get(verb, verb)}; nothing happens",
                                  paragraph=reading.paragraph)
                elif german.active and german.hex is not None:
                    other = self.german_act(german, act, reading.paragraph)
                    if other is not None:  # FC-044: the first non-firing option instead
                        acts = [a for a in other if a.verb != "fire"] + acts
                        goto = next((a.goto for a in other if a.goto is not None), goto)
            hops += 1
            reading = self.read(goto, german) if goto is not None and hops < 64 else None
        if self.state.mode is Mode.OPERATIONS and (commence or germans_on_map(self)):
            yield from self.rounds(RoundsStart(tuple(activated), advantage, two_turns))

    def activate(self, a: Activate) -> Soldier | None:
        """AR-007..010: put German ``a.german`` in his hex and stance with his weapon markers,
        his AR marker on Complete, and score him (not again after evading, AR-108). A German
        already on the map, or out of the fight, is not activated again (house rule AR-011)."""
        s = self.state.soldiers[f"g{a.german}"]
        if not s.active or s.hex is not None:
            why = "is out of the fight" if not s.active else "is already on the map"
            self.log.emit("activate", f"{s.label} {why}: not activated again [house rule "
                          "AR-011]", german=s.id, rule="AR-011")
            return None
        for k in a.weapons:
            w = WeaponState(f"{s.id}-{k}-{len(s.weapons)}", k)
            s.weapons.append(w)
            self.created.append(w.id)
        at = Hex.from_label(a.hex)
        if self.state.mode is Mode.ROUNDS:
            scores = activate_in_round(self, s, at, a.stance, two_turns=Side.GERMAN in a.two_turns)
        else:
            scores = not s.left_map
            s.hex, s.stance, s.left_map = at, a.stance, False
            ar_track.set_space(self, s, ARSpace.COMPLETE, "activated", "AR-009")
            self.log.emit("activate", f"{s.label} is activated in {at}, {a.stance.value} "
                          "[AR-007, AR-008, AR-009]", german=s.id, hex=at.label,
                          stance=a.stance.value, scores=scores, rule="AR-008")
        if scores:
            pts = self.scenario.activation_points(a.german)
            self.state.score.add(pts, f"{s.label} activated")
            self.log.emit("score", f"{pts:+d} {noun(pts, 'point')}: {s.label} activated [AR-010]",
                          points=pts, rule="AR-010")
        return s

    def german_act(self, me: Soldier, act: Act, paragraph: int) -> list[Act] | None:
        """One action of a German's own paragraph (AR-112..116). Returns the actions of the
        paragraph's first non-firing option when a fire order falls back on it (FC-044)."""
        if act.fire is not None:
            options = self.scenario.paragraph(paragraph).options
            other = next((o for o in options if all(a.verb != "fire" for a in o.do)), None)
            try:
                done = german_fire(self, me, Term(act.fire), f"paragraph {paragraph}",
                                   other_option=other is not None)
            except IllegalFire as exc:
                self.log.emit("german_fire", f"{me.label} cannot fire: {exc}", german=me.id)
                return None
            return list(other.do) if done.outcome is GermanOutcome.OTHER_OPTION and other else None
        if act.move is not None:
            if act.move.value == "evasive":
                evasive_move(self, me, self.reference_path(me))
            else:
                self.walk(me)
        elif act.stance is not None:
            if me.stance is not act.stance:
                before, me.stance = me.stance, act.stance
                self.log.emit("stance", f"{me.label}: {before.value} → {act.stance.value} "
                              f"(paragraph {paragraph}) [AR-071]", soldier=me.id,
                              stance=act.stance.value, rule="AR-071")
        elif act.surrender:
            me.status, me.guarding = Status.CAPTURED, None
            move_marker(self, me, ARSpace.INACTIVE, "surrendered: captured", "AR-115")
            self.log.emit("surrender", f"{me.label} surrenders and is captured [AR-115]",
                          german=me.id, rule="AR-115")
        elif act.give_turn is not None:  # AR-062: only because his paragraph says so
            receiver = next((s for s in self.state.soldiers.values()
                             if s.side is Side.GERMAN and s.number == act.give_turn), None)
            problem = ("no such German" if receiver is None
                       else why_not_give(self, me, receiver, ordered=True))
            if problem:
                self.log.emit("no_turn_given", f"{me.label} cannot give a turn: {problem}",
                              german=me.id)
            else:
                assert receiver is not None
                give_turn(self, me, receiver, self.state.advantage is Side.GERMAN, ordered=True)
        elif act.out_of_ammo:
            w = me.primary
            if w is not None:
                w.out_of_ammo = True
                name = self.charts.weapon(w.weapon).name
                self.log.emit("ammo", f"{capital(whose(name, me.label))} is out of ammunition [FC-043]",
                              german=me.id, weapon=w.id, rule="FC-043")
        return None

    def reference_path(self, me: Soldier) -> list[Hex]:
        """The red references from his hex onwards, as far as they go (AR-107, AR-112)."""
        refs = self.scenario.references(self.state.condition)
        path: list[Hex] = []
        at = me.hex
        while at in refs and refs[at] not in path and len(path) < len(self.state.map):
            at = refs[at]
            path.append(at)
        return path

    def walk(self, me: Soldier) -> None:
        """AR-112: along the red references until a hex costs more than his points left; he
        stands to move (his free stance change, AR-071) and stops on entering an enemy's hex
        (AR-102)."""
        assert me.hex is not None
        us = frozenset(s.hex for s in self.state.side(Side.US) if s.hex is not None)
        walk = self.engine.follow_references(me.hex, me.mpa, self.state.condition, us)
        if not walk.hexes:
            self.log.emit("move", f"{me.label} stays: {walk.stopped} [AR-112]", german=me.id,
                          rule="AR-112")
            return
        if me.stance is not Stance.STANDING:
            me.stance = Stance.STANDING
            self.log.emit("stance", f"{me.label} stands to move [AR-071]", soldier=me.id,
                          stance="standing", rule="AR-071")
        for h in walk.hexes:
            piece_moved(self, me)
            frm, me.hex = me.hex, h
            self.log.emit("move", f"{me.label} moves from {frm} to {h} along the red "
                          "references [AR-112]", german=me.id, frm=frm.label if frm else None,
                          to=h.label, rule="AR-112")
        self.log.emit("move", f"{me.label} stops: {walk.stopped} [AR-112]", german=me.id,
                      rule="AR-112")

    # -- Special Reactions noticed in the log (AR-113) -------------------------------------
    def _noticed(self, e: Event) -> None:
        st = self.state
        if e.kind == "fire" and "target" in e.data:
            t = st.soldiers.get(e.data["target"])
            f = st.soldiers.get(e.data.get("firer", ""))
            if t is not None and f is not None and t.side is Side.GERMAN and f.side is Side.US:
                assert t.number is not None
                self.reactions.add((t.number, Reaction.FIRED_AT))
        elif e.kind == "damage" and e.data.get("result") not in (None, "none"):
            hit = st.soldiers.get(e.data.get("soldier", ""))
            if hit is not None and hit.side is Side.GERMAN:
                for o in st.side(Side.GERMAN):
                    if o.id != hit.id and o.hex is not None and o.number is not None \
                            and sees(self, o, hit):
                        self.reactions.add((o.number, Reaction.COMRADE_HIT))


class CardHooks:
    """The Mission Card and the paragraph booklet as the Round engine asks for them
    (:class:`~ambush_gui.ambush.hooks.MissionHooks`)."""

    def __init__(self, game: AmbushGame) -> None:
        self.game = game

    def event_entry(self, g: RoundsContext, total: int) -> EventEntry | None:
        game = self.game
        game.check_squad()
        limit = game.spec.round_limit
        if game.state.round > limit:
            raise MissionEnd(f"the firefight has lasted {count(limit, 'Round')} [house rule AR-002]")
        number = game.scenario.event_paragraph(total, game.state.condition)
        if number is None:
            return None
        return EventEntry(str(number), game.scenario.paragraph(number).sighting)

    def read_paragraph(self, g: RoundsContext, paragraph: str) -> Procedure:
        yield from self.game.carry_out(self.game.read(int(paragraph)))

    def paragraph_check(self, g: RoundsContext, soldier: Soldier, where: Hex) -> Procedure:
        yield from self.hex_check(g, where)

    def hex_check(self, g: RoundsContext, where: Hex) -> Procedure:
        """AR-003, AR-124; in Rounds an Event result (a check whose paragraph is on the Event
        column in force) only places an Event marker (AR-004, house rule AR-005)."""
        game = self.game
        number = game.scenario.check_paragraph(where, game.state.condition)
        if number is None:
            return
        if game.state.mode is Mode.ROUNDS and number in self.event_paragraphs():
            game.markers.append((where.label, number))
            game.log.emit("event_marker", f"Paragraph Check of {where}: an Event (¶{number}); "
                          "in Rounds only an Event marker is placed [AR-004, house rule AR-005]",
                          hex=where.label, paragraph=number, rule="AR-004")
            return
        yield from game.carry_out(game.read(number))

    def event_paragraphs(self) -> set[int]:
        spec, cond = self.game.spec, self.game.state.condition
        return set((spec.card.events | spec.conditions[cond].events).values())

    def entry_hexes(self, g: RoundsContext, soldier: Soldier) -> Sequence[Hex]:
        card = next(s for s in self.game.spec.squad if s.id == soldier.id)
        return [Hex.from_label(x) for x in card.enters]


class ParagraphBrain:
    """The Germans, run by their cards and paragraphs (:class:`~ambush_gui.ambush.hooks.
    GermanBrain`, AR-109..116)."""

    def __init__(self, game: AmbushGame) -> None:
        self.game = game

    def take_turn(self, g: RoundsContext, german: Soldier, action_number: int) -> Procedure:
        """AR-110, AR-113, AR-114: his paragraph for the Action Number rolled by the Round,
        carried out; the situations noted since his last turn are then forgotten."""
        game = self.game
        assert german.number is not None
        situation = game.situation(german)
        turn = game.engine.german_turn(german.number, action_number, game.state.condition,
                                       situation)
        game.reactions -= set(situation.reactions)
        game.note(turn.reading)
        yield from game.carry_out(turn.reading, german)

    def special_reaction(self, g: RoundsContext, german: Soldier, situation: Situation,
                         cause: Soldier | None) -> Procedure:
        """AR-113 (house rule AR-117): the situation is noted; his Special Reaction column is
        read when his turn comes."""
        if german.number is not None:
            self.game.reactions.add((german.number, Reaction(situation.value)))
        return
        yield


def weapon_ids(st: AmbushState) -> list[str]:
    return [w.id for s in st.soldiers.values() for w in s.weapons] + list(st.crew_weapons)


def build_state(mission: Mission) -> AmbushState:
    """The squad off the map, waiting to enter (AR-012); every German off the map until a
    paragraph activates him (AR-007); the Condition at the start (AR-110)."""
    soldiers = [*mission.us_soldiers(), *(mission.german_soldier(g.number)
                                          for g in mission.spec.germans)]
    return AmbushState.build(mission.map, soldiers, mission.crew_weapons(), charts=mission.charts,
                             condition=mission.spec.card.start)


__all__ = ["MAX_ROUNDS", "MAX_TURNS", "AmbushGame", "CardHooks", "MissionEnd",
           "ParagraphBrain", "build_state"]
