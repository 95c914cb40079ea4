"""A campaign file, validated, with its missions loaded.

>>> c = Campaign.load(CAMPAIGNS / "the-long-lane.toml")  # doctest: +SKIP
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from ambush_gui.ambush.campaign.spec import Allotment, CampaignSpec, Next
from ambush_gui.ambush.charts import Side, WeaponKind
from ambush_gui.ambush.mission import Mission, crew_keys, crew_pairs
from ambush_gui.ambush.mission import shipped as shipped_missions
from ambush_gui.ambush.mission.words import plain_words
from ambush_gui.core.errors import ScenarioError, shown
from ambush_gui.core.files import path_tokens, read_data, validate
from ambush_gui.release import CAMPAIGNS_DIR, shipped_name

CAMPAIGNS = CAMPAIGNS_DIR
"""Where the shipped campaigns are (package data: :mod:`ambush_gui.release`)."""

END = "end"
"""A branch to this ends the campaign."""

OUTCOMES = ("us", "draw", "german")


class CampaignError(ScenarioError):
    """A campaign file that failed validation: the file, the place in the designer's words
    ("mission 3 (\"lane\")"), what was expected."""


@dataclass(frozen=True)
class Step:
    """One mission of the campaign, its mission loaded."""

    id: str
    mission: Mission
    takes: int
    allotment: Allotment
    next: Next
    title: str = ""
    brief: str = ""
    index: int = 0

    @property
    def slots(self) -> int:
        """The mission's own squad size."""
        return len(self.mission.spec.squad)


def describe(data: Any, path: str, what: str) -> tuple[str, str]:
    """A problem's place in the designer's words: ``missions[2].takes`` is "mission 3
    (\"lane\"), takes", ``roster[0].ar`` "soldier 1 of the roster (\"Sgt Doyle\"), ar"."""
    toks = path_tokens(path)
    what = plain_words(toks, what)
    if len(toks) >= 2 and toks[0] in ("missions", "roster") and isinstance(toks[1], int):
        seq = data.get(toks[0]) if isinstance(data, dict) else None
        item = seq[toks[1]] if isinstance(seq, list) and 0 <= toks[1] < len(seq) else None
        key = "id" if toks[0] == "missions" else "name"
        named = item.get(key) if isinstance(item, dict) else None
        label = (f"mission {toks[1] + 1}" if toks[0] == "missions"
                 else f"soldier {toks[1] + 1} of the roster")
        if isinstance(named, str):
            label += f" ({shown(named, 40)})"
        rest = ".".join(str(t) if isinstance(t, str) else f"[{t}]" for t in toks[2:])
        return (f"{label}, {rest}" if rest else label), what
    return path, what


def default_allotment(mission: Mission) -> Allotment:
    """The weapons and Ammo Boxes of the mission's own squad: a crew weapon counts once
    per gun (its two carriers list it both)."""
    crew = crew_keys(mission.charts)
    squad = mission.spec.squad
    weapons = Counter(k for s in squad for k in s.weapons if k not in crew)
    pairs, _ = crew_pairs([s.weapons for s in squad], crew)
    weapons.update(key for key, _a, _b in pairs)
    ammo = Counter(k for s in squad for k in s.ammo)
    return Allotment(weapons=dict(sorted(weapons.items())), ammo=dict(sorted(ammo.items())))


def find_mission(ref: str, base: Path | None) -> Path | None:
    """A step's ``mission``: a shipped mission's name, or a path relative to the campaign."""
    for p in shipped_missions():
        if p.stem == ref:
            return p
    if base is not None:
        p = (base / ref).resolve()
        if p.is_file():
            return p
        return shipped_name(p)  # a shipped mission where versions before 0.9.0 kept it
    return None


class Campaign:
    """A validated campaign file, its missions loaded."""

    def __init__(self, spec: CampaignSpec, source: str, steps: list[Step],
                 warnings: list[tuple[str, str]] | None = None) -> None:
        self.spec = spec
        self.source = source
        self.steps = steps
        self.warnings = list(warnings or [])
        self._by_id = {s.id: s for s in steps}

    @classmethod
    def load(cls, path: str | Path) -> Campaign:
        return cls.from_data(read_data(path, CampaignError), str(path))

    @classmethod
    def from_data(cls, data: Any, source: str = "<data>",
                  missions: dict[str, Any] | None = None) -> Campaign:
        """Validate ``data``: every problem at once, as a :class:`CampaignError`. ``missions``:
        step id -> the mission's data, embedded (a progress file carries them); absent,
        each step's ``mission`` is looked up (shipped name, or path beside the file)."""

        def said(path: str, what: str) -> tuple[str, str]:
            return describe(data, path, what)

        try:
            spec = validate(CampaignSpec, data, source, CampaignError)
        except CampaignError as exc:
            raise CampaignError(source, exc.problems, said) from None
        problems: list[tuple[str, str]] = []
        base = Path(source).parent if missions is None and source != "<data>" else None
        steps: list[Step] = []
        for i, m in enumerate(spec.missions):
            mission = cls._mission(m.mission, f"missions[{i}].mission", base, missions, m.id,
                                   problems)
            if mission is None:
                continue
            takes = m.takes or len(mission.spec.squad)
            allot = m.allotment or default_allotment(mission)
            steps.append(Step(m.id, mission, takes, allot, m.next, m.title or mission.title,
                              m.brief, i))
        problems += cross_check(spec, steps)
        if problems:
            raise CampaignError(source, problems, said)
        campaign = cls(spec, source, steps, [said(p, w) for p, w in named_men(steps)])
        top = campaign.ar_top
        if top is not None and spec.settings.caps.ar > top:
            campaign.warnings.append(said("settings.caps.ar", (
                f"ar = {spec.settings.caps.ar}: the AR Track's last column is Action Rating "
                f"{top}, so no man is raised above {top} (AR-041)")))
        problems = campaign.equip_problems()
        if problems:
            raise CampaignError(source, problems, said)
        return campaign

    def equip_problems(self) -> list[tuple[str, str]]:
        """Each mission whose allotment cannot equip the men it takes: the default squad
        (:func:`~.loadout.suggest`, recruits in every place) must be able to start it."""
        from ambush_gui.ambush.campaign.loadout import loadout_problems, suggest
        from ambush_gui.ambush.campaign.roster import Roster, Soldier

        out = []
        r = self.settings.recruit
        for step in self.steps:
            roster = Roster([Soldier(f"place-{i + 1}", f"The man in place {i + 1}", r.ar, r.mpa,
                                     r.ws, r.per, r.ldr) for i in range(step.takes)])
            said = loadout_problems(self, step.id, roster, suggest(self, step.id, roster))
            if said:
                out.append((f"missions[{step.index}].allotment",
                            "the squad cannot be equipped from it: " + " ".join(said)))
        return out

    @staticmethod
    def _mission(ref: str, path: str, base: Path | None, embedded: dict[str, Any] | None,
                 step_id: str, problems: list[tuple[str, str]]) -> Mission | None:
        try:
            if embedded is not None:
                if step_id not in embedded:
                    problems.append((path, "the progress file holds no copy of this mission"))
                    return None
                return Mission.from_data(embedded[step_id], f"{step_id} (embedded mission)")
            found = find_mission(ref, base)
            if found is None:
                names = ", ".join(p.stem for p in shipped_missions())
                problems.append((path, f"no shipped mission named {shown(ref, 60)} and no such "
                                       f"file beside the campaign; expected one of {names}, or "
                                       "a path relative to the campaign file"))
                return None
            return Mission.load(found)
        except ScenarioError as exc:
            first = "; ".join(f"{p}: {w}" if p else w for p, w in exc.described[:3])
            more = f" (and {len(exc.described) - 3} more)" if len(exc.described) > 3 else ""
            problems.append((path, f"the mission {shown(ref, 60)} does not load: {first}{more}"))
            return None

    def to_data(self) -> dict[str, Any]:
        """The campaign file's data (every default written out)."""
        return self.spec.model_dump(mode="json", exclude_none=True)

    @cached_property
    def _missions_data(self) -> dict[str, Any]:
        return {s.id: s.mission.to_data() for s in self.steps}

    def missions_data(self) -> dict[str, Any]:
        """Each step's mission as data, by step id: a progress file embeds them (made once:
        a loaded campaign never changes, and the progress is saved after every decision)."""
        return self._missions_data

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def brief(self) -> str:
        return self.spec.brief

    @cached_property
    def settings(self) -> Any:
        """The numbers of the campaign rules. A cap on the Action Rating above the AR
        Track's last column is read as that column: a man raised past it could start no
        mission (AR-041)."""
        s = self.spec.settings
        top = self.ar_top
        if top is not None and s.caps.ar > top:
            return s.model_copy(update={"caps": s.caps.model_copy(update={"ar": top})})
        return s

    @property
    def ar_top(self) -> int | None:
        """The highest Action Rating every mission's AR Track has a column for."""
        tops = [step.mission.charts.ar_ratings.stop - 1 for step in self.steps]
        return min(tops) if tops else None

    def step(self, step_id: str) -> Step:
        try:
            return self._by_id[step_id]
        except KeyError:
            raise KeyError(f"{self.name}: no mission {step_id!r}") from None

    def next_step(self, step_id: str, outcome: str) -> str | None:
        """The step after ``step_id`` for ``outcome`` (us/draw/german): its branch, else the
        next in order; None when the campaign ends."""
        step = self.step(step_id)
        target = getattr(step.next, outcome, None)
        if target == END:
            return None
        if target is not None:
            return str(target)
        later = step.index + 1
        return self.steps[later].id if later < len(self.steps) else None

    def mission_for(self, step_id: str, roster: Any, loadout: Any) -> Mission:
        """The step's mission with the chosen men in its squad's slots: their names and
        ratings from the roster, weapons, Ammo Boxes and Port Boxes from the loadout, entry
        hexes from the slot. Raises ScenarioError when the result is not a valid mission
        (``loadout_problems`` says why in the player's words first)."""
        step = self.step(step_id)
        data = step.mission.to_data()
        squad = []
        for i, kit in enumerate(loadout.slots):
            man = roster.by_id(kit.soldier_id)
            squad.append({"id": man.id, "name": man.name, "ar": man.ar, "mpa": man.mpa,
                          "ws": man.ws, "per": man.per, "ldr": man.ldr,
                          "weapons": list(kit.weapons), "ammo": list(kit.ammo),
                          "port_boxes": kit.port_boxes, "enters": slot_enters(step, i)})
        data["squad"] = squad
        return Mission.from_data(data, f"{self.source}: mission {step.index + 1} ({step.id})",
                                 step.mission.charts)


def named_men(steps: list[Step]) -> list[tuple[str, str]]:
    """A warning for each mission whose brief names a man of its own squad: the campaign
    puts its own men in the squad's places, so the brief would speak of men who are not
    there ("Your squad", under the brief, says who carries what; the brief should name
    roles: "your machinegun team")."""
    out = []
    for step in steps:
        text = " ".join(step.mission.spec.brief.split())
        named = [s.name for s in step.mission.spec.squad if s.name in text]
        if named:
            out.append((f"missions[{step.index}].mission",
                        f"the brief of {shown(step.mission.spec.name, 60)} names "
                        f"{', '.join(named)} of its own squad; in the campaign the squad is the "
                        "campaign's men: name roles in the brief instead (\"your machinegun "
                        "team\")"))
    return out


def slot_enters(step: Step, i: int) -> list[str]:
    """The entry hexes of slot ``i``: the mission's own slot, or for a slot beyond its squad
    every hex any of its soldiers may enter by."""
    squad = step.mission.spec.squad
    if i < len(squad):
        return list(squad[i].enters)
    return sorted({h for s in squad for h in s.enters})


def slot_port_boxes(step: Step, i: int) -> int:
    """The Port Boxes slot ``i`` gives (0 beyond the mission's squad)."""
    squad = step.mission.spec.squad
    return squad[i].port_boxes if i < len(squad) else 0


def cross_check(spec: CampaignSpec, steps: list[Step]) -> list[tuple[str, str]]:
    """What the schema cannot say: step ids unique and not "end", branches forward to a step
    that exists (so every campaign ends), the roster's ids unique, a mission not taking
    more men than the roster holds, allotments naming US weapons of the Weapon Chart."""
    out: list[tuple[str, str]] = []
    index: dict[str, int] = {}
    for i, m in enumerate(spec.missions):
        if m.id == END:
            out.append((f"missions[{i}].id", f"{END!r} means the end of the campaign in a branch; "
                                             "give the mission another id"))
        elif m.id in index:
            out.append((f"missions[{i}].id", f"id {m.id!r} is used by mission {index[m.id] + 1} "
                                             "too; each mission of a campaign has its own id"))
        index.setdefault(m.id, i)
    for i, m in enumerate(spec.missions):
        for outcome in OUTCOMES:
            target = getattr(m.next, outcome)
            if target is None or target == END:
                continue
            j = index.get(target)
            if j is None:
                out.append((f"missions[{i}].next.{outcome}",
                            f"no mission has the id {target!r}; expected a mission id of this "
                            f"campaign or \"{END}\""))
            elif j <= i:
                out.append((f"missions[{i}].next.{outcome}",
                            f"{target!r} is mission {j + 1}, not after this one: a branch goes "
                            "forward, so that every campaign ends"))
    ids: dict[str, int] = {}
    tracks = {step.mission.charts.ar_ratings for step in steps}
    for i, r in enumerate(spec.roster):
        for ars in tracks:  # his Action Rating needs its AR Track column (AR-041)
            if r.ar not in ars:
                out.append((f"roster[{i}].ar", f"ar = {r.ar}: the AR Track has no column for "
                                               f"Action Rating {r.ar}; expected {ars.start}-"
                                               f"{ars.stop - 1} (AR-041)"))
                break
        if re.fullmatch(r"g\d+", r.id):
            out.append((f"roster[{i}].id", f"id {r.id!r} is the game's name for German {r.id[1:]}; "
                                           "give the man another id"))
        if r.id in ids:
            out.append((f"roster[{i}].id", f"id {r.id!r} is used by soldier {ids[r.id] + 1} too"))
        ids.setdefault(r.id, i)
    size = spec.settings.roster_size
    for step in steps:
        i = step.index
        if step.takes > size:
            out.append((f"missions[{i}].takes", f"takes {step.takes} men but the roster holds "
                                                f"{size} (settings.roster_size)"))
        charts = step.mission.charts
        for part in ("weapons", "ammo"):
            for key in getattr(step.allotment, part):
                w = charts.spec.weapons.get(key)
                if w is None:
                    out.append((f"missions[{i}].allotment.{part}",
                                f"{key!r} is not on the Weapon Chart"))
                elif w.side is not Side.US:
                    out.append((f"missions[{i}].allotment.{part}",
                                f"{key!r} ({w.name}) is a German weapon; the squad draws US ones"))
                elif part == "weapons" and w.kind is WeaponKind.CREW and step.takes < 2:
                    out.append((f"missions[{i}].allotment.weapons",
                                f"{key!r} is a crew weapon two men carry (FC-053), and the mission "
                                "takes one"))
    return out


def shipped() -> list[Path]:
    """The shipped campaign files."""
    return sorted(CAMPAIGNS.glob("*.toml"))


def play_order() -> dict[str, int]:
    """Each mission file's stem -> its place in the order a player meets it: the shipped
    campaigns' missions as each campaign file lists them, campaign after campaign, a mission
    in two campaigns at its first place. Read from the files as they lie (a launcher reads
    this before its first frame, and loading a campaign loads its missions); a campaign
    that will not read adds nothing."""
    order: dict[str, int] = {}
    for path in shipped():
        try:
            data = read_data(path, CampaignError)
            refs = [str(m["mission"]) for m in data.get("missions", [])]
        except (CampaignError, KeyError, TypeError):
            continue
        for ref in refs:
            order.setdefault(Path(ref).stem, len(order))
    return order
