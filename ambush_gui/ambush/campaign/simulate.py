"""The computer plays a campaign through (``ambush-gui simulate CAMPAIGN``).

Each mission: the men and kit :func:`~.loadout.suggest` gives, played by the computer's US
squad at the level asked; between missions the promotions of :func:`buy_promotions`. The
figures: each mission's outcome and points, the survivors at the end, the rating points
bought, and every exception and broken invariant (both must be 0).
"""

from __future__ import annotations

import traceback
from dataclasses import asdict, dataclass, field
from typing import Any

from ambush_gui.ambush.campaign.campaign import Campaign
from ambush_gui.ambush.campaign.debrief import promote, raise_cost
from ambush_gui.ambush.campaign.loadout import suggest
from ambush_gui.ambush.campaign.progress import Progress
from ambush_gui.ambush.campaign.roster import RATINGS

LEADER_FIRST = ("ldr", "ar", "ws", "per", "mpa")
RIFLEMAN_FIRST = ("ar", "ws", "per", "mpa", "ldr")


@dataclass
class CampaignResult:
    seed: int
    missions: list[dict[str, Any]] = field(default_factory=list)
    """Per mission played: step, outcome, points, the men lost."""
    survivors: int = 0
    """Men with the squad at the end (fit or wounded)."""
    veterans: int = 0
    """Of them, men of the starting roster."""
    growth: dict[str, int] = field(default_factory=dict)
    """Rating points bought, per rating."""
    exceptions: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def buy_promotions(progress: Progress) -> list[tuple[str, str]]:
    """A simple, sound policy: each man saves for the first rating below its cap in his
    order (the leader, the man with the best Leadership, Leadership first; the others Action
    Rating first, then Weapon Skill, Perception, movement) and buys it when he can."""
    bought: list[tuple[str, str]] = []
    living = progress.roster.living()
    if not living:
        return bought
    leader = max(living, key=lambda m: (m.ldr, m.ar))
    settings = progress.campaign.settings
    for man in living:
        order = LEADER_FIRST if man is leader else RIFLEMAN_FIRST
        while True:
            target = next((r for r in order if raise_cost(man, r, settings) is not None), None)
            cost = raise_cost(man, target, settings) if target else None
            if target is None or cost is None or man.xp < cost:
                break
            promote(progress, man.id, target)
            bought.append((man.id, target))
    return bought


def campaign_problems(progress: Progress) -> list[str]:
    """Broken invariants of the campaign's own state."""
    out = []
    ids = [s.id for s in progress.roster.soldiers]
    if len(ids) != len(set(ids)):
        out.append("two men of the roster share an id")
    caps = progress.campaign.settings.caps
    for s in progress.roster.soldiers:
        if s.xp < 0:
            out.append(f"{s.name} has negative experience")
        if s.status == "wounded" and s.out_for <= 0:
            out.append(f"{s.name} is wounded but misses no mission")
        if s.status == "fit" and s.out_for:
            out.append(f"{s.name} is fit but still out for {s.out_for}")
    bought: dict[tuple[str, str], int] = {}
    for p in progress.promotions:
        key = (p["soldier"], p["rating"])
        bought[key] = bought.get(key, 0) + 1
    for (sid, rating), n in bought.items():
        man = progress.roster.by_id(sid)
        if n and man.rating(rating) > getattr(caps, rating):
            out.append(f"{man.name}'s {rating} was raised above its cap")
    step = progress.step
    if progress.phase == "equip" and step is not None and len(progress.roster.available()) < step.takes:
        out.append(f"{step.id!r} takes {step.takes} men but only "
                   f"{len(progress.roster.available())} are fit (recruits should fill it)")
    return out


def play_campaign(campaign: Campaign, seed: int = 0, us: str = "normal") -> CampaignResult:
    """The computer plays ``campaign`` through from ``seed`` with its US squad at level
    ``us``; exceptions and broken invariants are counted, never raised."""
    from ambush_gui.ai.simulate import play_out, player_seed
    from ambush_gui.systems import computer_player, invariants

    result = CampaignResult(seed, growth={r: 0 for r in RATINGS})
    try:
        progress = Progress.new(campaign, seed)
        starting = {s.id for s in progress.roster.soldiers if not s.recruit}
        while progress.phase != "done":
            assert progress.step_id is not None
            step_id = progress.step_id
            loadout = suggest(campaign, step_id, progress.roster)
            game = progress.start_mission(loadout)
            player = computer_player("ambush", us, player_seed(seed, len(progress.done), 0))
            play_out(game, {"us": player})
            result.violations += [f"{step_id}: {v}" for v in invariants(game)]
            db = progress.finish_mission(game)
            lost = [f.soldier_id for f in db.fates if f.result in ("killed", "captured")]
            result.missions.append({"step": step_id, "outcome": db.outcome, "points": db.points,
                                    "lost": len(lost) + len(db.died_of_wounds),
                                    "germans": sum(f.germans for f in db.fates)})
            for _sid, rating in buy_promotions(progress):
                result.growth[rating] += 1
            progress.next_mission()
            result.violations += [f"{step_id}: {v}" for v in campaign_problems(progress)]
        living = progress.roster.living()
        result.survivors = len(living)
        result.veterans = sum(1 for s in living if s.id in starting)
    except Exception:  # counted and reported: a soak test must not stop at the first fault
        result.exceptions.append(traceback.format_exc())
    return result


def simulate_campaigns(campaign: Campaign, games: int, seed: int = 1,
                       us: str = "normal") -> dict[str, Any]:
    """``games`` campaigns played from seeds ``seed``, ``seed + 1``...: per mission how
    often it was played and its outcomes and mean points, the survivors at the end, the
    rating points bought, and the exceptions and broken invariants (both must be 0)."""
    steps: dict[str, dict[str, Any]] = {
        s.id: {"title": s.title, "played": 0, "outcomes": {"us": 0, "draw": 0, "german": 0},
               "mean_points": 0.0, "mean_lost": 0.0, "mean_germans": 0.0}
        for s in campaign.steps}
    survivors: list[int] = []
    veterans: list[int] = []
    growth = {r: 0 for r in RATINGS}
    exceptions = violations = 0
    problems: list[str] = []
    for i in range(games):
        r = play_campaign(campaign, seed + i, us)
        for m in r.missions:
            s = steps[m["step"]]
            s["played"] += 1
            s["outcomes"][m["outcome"]] = s["outcomes"].get(m["outcome"], 0) + 1
            for key, total in (("mean_points", "points"), ("mean_lost", "lost"),
                               ("mean_germans", "germans")):
                s[key] += m[total]
        if r.exceptions or r.violations:
            exceptions += len(r.exceptions)
            violations += len(r.violations)
            problems += [f"campaign {seed + i}: {p.strip().splitlines()[-1]}"
                         for p in r.exceptions] + [f"campaign {seed + i}: {v}" for v in r.violations]
            if r.exceptions:
                continue
        survivors.append(r.survivors)
        veterans.append(r.veterans)
        for k, v in r.growth.items():
            growth[k] += v
    for s in steps.values():
        if s["played"]:
            for key in ("mean_points", "mean_lost", "mean_germans"):
                s[key] = round(s[key] / s["played"], 2)
    finished = len(survivors) or 1
    return {
        "campaign": campaign.name, "games": games, "seed": seed, "players": {"us": us},
        "missions": steps,
        "survivors": {"mean": round(sum(survivors) / finished, 2),
                      "min": min(survivors, default=0), "max": max(survivors, default=0),
                      "mean_veterans": round(sum(veterans) / finished, 2)},
        "growth": {"total": growth, "mean": {k: round(v / finished, 2) for k, v in growth.items()}},
        "exceptions": exceptions, "invariant_violations": violations,
        "problems": problems[:5],
    }
