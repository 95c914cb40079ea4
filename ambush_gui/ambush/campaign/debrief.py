"""After a mission: what it did to each man, and the campaign rules applied
(``docs/rules/ambush-campaign.md``).

Every die the rules throw is thrown by a :class:`~ambush_gui.core.dice.Dice` seeded from the
progress's seed and the mission's place in the campaign (:func:`dice_seed`), and kept in the
:class:`Debrief` (``rolls``): the same progress gives the same dice, so a progress file can be
checked by playing it again.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from typing import Any

from ambush_gui.ambush.campaign.roster import RATING_WORDS, RATINGS, Soldier, fill
from ambush_gui.ambush.charts import Side
from ambush_gui.ambush.model import Status
from ambush_gui.core.dice import Dice
from ambush_gui.core.events import EventLog
from ambush_gui.core.words import count

OUT_OF_THE_FIGHT = ("incapacitated", "killed", "captured")
"""Damage results that put a German out of the fight."""

RESULT_WORDS = {"unhurt": "unhurt", "wounded": "wounded", "incapacitated": "incapacitated",
                "killed": "killed", "captured": "taken prisoner"}


@dataclass
class Fate:
    soldier_id: str
    result: str
    """"unhurt", "wounded", "incapacitated", "killed" or "captured"."""
    germans: int = 0
    """Germans he put out of the fight in the mission."""
    hit: list[str] = field(default_factory=list)
    """Names of the Germans he put out of the fight."""

    def to_data(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Debrief:
    """What one finished mission did to the roster."""

    step_id: str
    outcome: str
    points: int
    fates: list[Fate] = field(default_factory=list)
    recovered: list[str] = field(default_factory=list)
    """Ids of men who were out wounded and are fit again."""
    died_of_wounds: list[str] = field(default_factory=list)
    xp: dict[str, int] = field(default_factory=dict)
    """Experience each man gained."""
    recruits: list[Soldier] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    """What happened, in words, in order (each die shown)."""
    rolls: list[dict[str, Any]] = field(default_factory=list)
    """Every die the campaign rules threw: purpose and faces."""
    level: str = ""
    title: str = ""
    next_step: str | None = None
    loadout: list[dict[str, Any]] = field(default_factory=list)
    """The men and kit that went (``Loadout.to_data``)."""
    decisions: list[Any] = field(default_factory=list)
    """The mission's answers: with the seed they play it again (:meth:`Progress.verify`)."""

    def to_data(self) -> dict[str, Any]:
        d = asdict(self)
        d["recruits"] = [r.to_data() for r in self.recruits]
        return d

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Debrief:
        d = dict(data)
        d["fates"] = [Fate(**f) for f in d.get("fates", [])]
        d["recruits"] = [Soldier.from_data(r) for r in d.get("recruits", [])]
        return cls(**d)


def dice_seed(seed: int, what: str, n: int) -> int:
    """A seed of its own for die ``what`` of mission ``n`` of a campaign of ``seed``."""
    digest = hashlib.sha256(f"{seed}:{what}:{n}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def fates_of(game: Any) -> list[Fate]:
    """Each US soldier's end in a finished game, in squad order, with the Germans he put out
    of the fight. Who did it is read from the log: a German's damage result that puts him out
    of the fight goes to the US soldier whose fire, throw or assault it follows (a German who
    surrenders to a paragraph, or whom nobody hit, goes to nobody)."""
    soldiers = game.state.soldiers
    credit: dict[str, list[str]] = {}
    out_already: set[str] = set()
    actor: str | None = None
    for e in game.log.events:
        d = e.data
        if e.kind == "assault":  # either side may assault: the American in it gets it
            us = [w for w in (d.get("attacker"), d.get("defender")) if isinstance(w, str)
                  and w in soldiers and soldiers[w].side is Side.US]
            actor = us[0] if us else None
        elif e.kind in ("fire", "throw", "action", "satchel"):
            who = d.get("firer") or d.get("soldier")
            actor = who if isinstance(who, str) else None
        elif e.kind in ("german_fire", "activate", "paragraph"):
            actor = None
        elif e.kind == "damage" and d.get("result") in OUT_OF_THE_FIGHT:
            target = soldiers.get(d.get("soldier"))
            if target is None or target.side is not Side.GERMAN or target.id in out_already:
                continue
            out_already.add(target.id)
            shooter = soldiers.get(actor) if actor else None
            if shooter is not None and shooter.side is Side.US:
                credit.setdefault(shooter.id, []).append(target.name)
    fates = []
    for sid in game.initial_soldiers if hasattr(game, "initial_soldiers") else soldiers:
        s = soldiers[sid]
        if s.side is not Side.US:
            continue
        result = {Status.DEAD: "killed", Status.INCAPACITATED: "incapacitated",
                  Status.CAPTURED: "captured"}.get(s.status, "wounded" if s.wounded else "unhurt")
        hit = credit.get(sid, [])
        fates.append(Fate(sid, result, len(hit), hit))
    order = [s.id for s in game.scenario.spec.squad]
    fates.sort(key=lambda f: order.index(f.soldier_id) if f.soldier_id in order else len(order))
    return fates


def experience_words(settings: Any, germans: int, outcome: str) -> str:
    """What a man's experience for a mission is made of, in words (campaign rule 5): the
    after-mission screen's tooltip (it showed only "+5", a play-test)."""
    out_xp, out_words = {"us": (settings.xp_us, "a US victory"), "draw": (settings.xp_draw, "a draw"),
                         "german": (settings.xp_german_win, "a German victory")}.get(outcome, (0, outcome))
    parts = [f"{settings.xp_mission} for coming through the mission",
             f"{settings.xp_german * germans} for {count(germans, 'German')} he put out of the fight "
             f"({settings.xp_german} each)",
             f"{out_xp} for {out_words}"]
    total = settings.xp_mission + settings.xp_german * germans + out_xp
    return (f"+{total}: " + ", ".join(parts) + " (campaign rule 5). A German counts for the man "
            "whose fire, throw or assault put him out of the fight; one who surrenders to a "
            "paragraph counts for nobody")


def debrief(progress: Any, game: Any, dice: Dice | None = None) -> Debrief:
    """Apply the campaign rules to ``progress``'s roster for the finished ``game`` of its
    current step (in place) and say what they did, by the campaign rules: 1 the dead and the
    prisoners leave, 2 and 3 the wounded and incapacitated throw for their recovery, 4 the men
    already out count a mission off, 5 experience, 7 recruits for the next mission.
    ``dice``: the progress's own (:func:`dice_seed`) unless a test scripts them."""
    campaign = progress.campaign
    settings = campaign.settings
    step = campaign.step(progress.step_id)
    roster = progress.roster
    result = game.result or {}
    outcome = str(result.get("winner", "draw"))
    points = int(result.get("points", {}).get("us", 0))
    n = len(progress.done)
    log = EventLog()
    if dice is None:
        dice = Dice(dice_seed(progress.seed, "debrief", n), log)
    else:
        dice.log = log
    fates = fates_of(game)
    went = {f.soldier_id for f in fates}
    title = step.title
    db = Debrief(step.id, outcome, points, fates, level=str(result.get("level", "")), title=title)
    db.lines.append(f"{title}: {result.get('level', outcome)} ({count(points, 'point')}).")
    # men who were out count this mission off (campaign rule 4)
    for man in roster.soldiers:
        if man.status == "wounded" and man.id not in went:
            man.history.append(f"{title}: missed it, wounded")
            man.out_for = max(0, man.out_for - 1)
            if man.out_for == 0:
                man.status = "fit"
                db.recovered.append(man.id)
                db.lines.append(f"{man.name} is back from hospital, fit to fight.")
    outcome_xp = {"us": settings.xp_us, "draw": settings.xp_draw,
                  "german": settings.xp_german_win}.get(outcome, 0)
    for fate in fates:
        man = roster.by_id(fate.soldier_id)
        man.missions += 1
        man.germans += fate.germans
        said = RESULT_WORDS.get(fate.result, fate.result)
        if fate.result in ("killed", "captured"):  # campaign rule 1
            man.status = "dead" if fate.result == "killed" else "captured"
            db.lines.append(f"{man.name} was {said}: he leaves the roster.")
        elif fate.result == "wounded":  # campaign rule 2
            die = dice.d6(f"Recovery: {man.name}, wounded")
            if die <= settings.wounded_out_on and settings.wounded_out > 0:
                man.status, man.out_for = "wounded", settings.wounded_out
                db.lines.append(f"{man.name} was wounded: d6 {die}, at or under "
                                f"{settings.wounded_out_on}: he misses "
                                f"{count(settings.wounded_out, 'mission')}.")
            else:
                db.lines.append(f"{man.name} was wounded: d6 {die}, over "
                                f"{settings.wounded_out_on}: patched up, he stays with the squad.")
        elif fate.result == "incapacitated":  # campaign rule 3
            die = dice.d6(f"Recovery: {man.name}, incapacitated")
            if die <= settings.incapacitated_dies_on:
                man.status = "dead"
                db.died_of_wounds.append(man.id)
                db.lines.append(f"{man.name} was incapacitated: d6 {die}, at or under "
                                f"{settings.incapacitated_dies_on}: he dies of his wounds.")
            else:
                long_ = die <= settings.incapacitated_long_on
                out = settings.incapacitated_long if long_ else settings.incapacitated_short
                man.status, man.out_for = ("wounded", out) if out > 0 else ("fit", 0)
                edge = (f"at or under {settings.incapacitated_long_on}" if long_
                        else f"over {settings.incapacitated_long_on}")
                db.lines.append(f"{man.name} was incapacitated: d6 {die}, {edge}: he misses "
                                f"{count(out, 'mission')}.")
        if man.status in ("dead", "captured"):
            fate_words = "died of his wounds" if man.id in db.died_of_wounds else said
        else:  # campaign rule 5
            gained = settings.xp_mission + settings.xp_german * fate.germans + outcome_xp
            man.xp += gained
            db.xp[man.id] = gained
            fate_words = said
        hits = f"; put {', '.join(fate.hit)} out of the fight" if fate.hit else ""
        man.history.append(f"{title}: {fate_words}{hits}")
    if db.xp:
        db.lines.append("Experience: " + ", ".join(
            f"{roster.by_id(k).name} +{v}" for k, v in db.xp.items()) + ".")
    db.next_step = campaign.next_step(step.id, outcome)
    if db.next_step is not None:  # campaign rule 7
        db.recruits = fill(roster, settings, campaign.step(db.next_step).takes)
        for r in db.recruits:
            db.lines.append(f"{r.name} joins the squad as a recruit.")
    db.rolls = [{"purpose": e.data["purpose"], "faces": list(e.data["faces"])}
                for e in log.events if e.kind == "roll"]
    return db


def raise_cost(soldier: Any, rating: str, settings: Any) -> int | None:
    """Experience to raise ``rating`` by one (campaign rule 6); None when it is at its cap."""
    if rating not in RATINGS:
        raise ValueError(f"no rating {rating!r}; the ratings are {', '.join(RATINGS)}")
    if soldier.rating(rating) >= getattr(settings.caps, rating):
        return None
    return int(getattr(settings.costs, rating))


def why_not_promote(progress: Any, soldier_id: str, rating: str) -> str | None:
    """Why the soldier may not raise ``rating`` now, in words; None when he may."""
    if progress.phase not in ("debrief", "equip"):
        return "ratings are raised between missions"
    try:
        man = progress.roster.by_id(soldier_id)
    except KeyError:
        return f"nobody on the roster has the id {soldier_id!r}"
    if rating not in RATINGS:
        return f"no rating {rating!r}; the ratings are {', '.join(RATINGS)}"
    if man.status in ("dead", "captured"):
        return f"{man.name} is no longer with the squad"
    words = RATING_WORDS[rating]
    cost = raise_cost(man, rating, progress.campaign.settings)
    if cost is None:
        return f"{man.name}'s {words} is at its cap ({man.rating(rating)})"
    if man.xp < cost:
        return f"raising {man.name}'s {words} costs {cost} experience; he has {man.xp}"
    return None


def promote(progress: Any, soldier_id: str, rating: str) -> None:
    """Spend the soldier's experience to raise ``rating`` by one (campaign rule 6); ValueError in words
    when not allowed. The progress records it (``promotions``)."""
    why = why_not_promote(progress, soldier_id, rating)
    if why is not None:
        raise ValueError(why)
    man = progress.roster.by_id(soldier_id)
    cost = raise_cost(man, rating, progress.campaign.settings)
    assert cost is not None
    man.xp -= cost
    setattr(man, rating, man.rating(rating) + 1)
    man.history.append(raised(rating, man.rating(rating), cost))
    progress.promotions.append({"after": len(progress.done), "soldier": soldier_id,
                                "rating": rating})


def raise_paid(progress: Any, rating: str) -> int:
    """What one raise of ``rating`` costs in this campaign, and what taking it back returns
    (campaign rule 6: the cost is the rating's, whatever its value)."""
    return int(getattr(progress.campaign.settings.costs, rating))


def last_promotion(progress: Any) -> dict[str, Any] | None:
    """The raise that :func:`unpromote` would take back: the last bought since the last
    mission ended, while no mission has started since; None when there is none."""
    if progress.phase not in ("debrief", "equip") or not progress.promotions:
        return None
    q: dict[str, Any] = progress.promotions[-1]
    return q if int(q.get("after", 0)) == len(progress.done) else None


def unpromote(progress: Any) -> dict[str, Any]:
    """Take back the last raise bought since the last mission (campaign rule 6): the rating
    goes down by one, the experience comes back, the line leaves his history and the
    progress forgets it, as if it was never bought. A raise is a choice, not a die, so it
    may be taken back until the next mission starts; ValueError in words when there is
    none to take back. Returns the promotion taken back."""
    q = last_promotion(progress)
    if q is None:
        raise ValueError("there is no raise to take back: raises are taken back between "
                         "missions, before the next one starts")
    sid, rating = str(q["soldier"]), str(q["rating"])
    man = progress.roster.by_id(sid)
    cost = raise_paid(progress, rating)
    line = raised(rating, man.rating(rating), cost)
    man.xp += cost
    setattr(man, rating, man.rating(rating) - 1)
    for i in range(len(man.history) - 1, -1, -1):
        if man.history[i] == line:
            del man.history[i]
            break
    progress.promotions.pop()
    return q


def raised(rating: str, value: int, cost: int) -> str:
    """A promotion in words: "Weapon Skill raised to 3 (5 experience)"."""
    return f"{RATING_WORDS[rating]} raised to {value} ({cost} experience)"


def promotions_after(progress: Any, after: int) -> list[str]:
    """The promotions bought after ``after`` missions, in words, in the order bought:
    "Cpl Brezina: Weapon Skill raised to 3 (5 experience)." (each value as it was then:
    a later raise of the same rating is counted back)."""
    out = []
    bought = progress.promotions
    for i, q in enumerate(bought):
        if int(q.get("after", 0)) != after:
            continue
        sid, rating = str(q.get("soldier")), str(q.get("rating"))
        try:
            man = progress.roster.by_id(sid)
        except KeyError:
            continue
        later = sum(1 for r in bought[i + 1:] if r.get("soldier") == sid and r.get("rating") == rating)
        cost = raise_paid(progress, rating)
        out.append(f"{man.name}: {raised(rating, man.rating(rating) - later, cost)}.")
    return out
