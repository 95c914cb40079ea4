"""One campaign being played: the progress file.

A progress file (``<data>/campaigns/<campaign>-<n>.json``) is JSON. It embeds the campaign
and each of its missions (so it outlives edits to the shipped files), the seed, the roster,
the step and phase, the loadout, the missions done (each :class:`Debrief`), the promotions
bought, and while a mission is played the game's save, so the campaign resumes inside it.

:meth:`Progress.save` writes atomically and keeps the file it replaces as ``.bak`` when that
file was a good one; :meth:`Progress.load` refuses a broken file with a
:class:`ProgressError` naming the file and what is wrong (and says whether a ``.bak`` is
there); :meth:`Progress.load_backup` reads the ``.bak``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ambush_gui import release
from ambush_gui.ambush.campaign.campaign import Campaign
from ambush_gui.ambush.campaign.debrief import Debrief, debrief, dice_seed
from ambush_gui.ambush.campaign.loadout import Loadout, loadout_problems
from ambush_gui.ambush.campaign.roster import Roster, Soldier, fill
from ambush_gui.core.decisions import IllegalDecision
from ambush_gui.core.errors import InputError
from ambush_gui.core.files import atomic_write, check_model, read_data, validate

FORMAT = "ambush-gui-campaign"
VERSION = 1
PHASES = ("equip", "mission", "debrief", "done")


class ProgressError(InputError):
    """A progress file that cannot be used: the file, the place, what is wrong."""


class _Loose(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SoldierData(_Loose):
    id: str
    name: str
    ar: StrictInt
    mpa: StrictInt
    ws: StrictInt
    per: StrictInt
    ldr: StrictInt
    status: Literal["fit", "wounded", "dead", "captured"] = "fit"
    out_for: StrictInt = Field(default=0, ge=0)
    missions: StrictInt = Field(default=0, ge=0)
    germans: StrictInt = Field(default=0, ge=0)
    xp: StrictInt = Field(default=0, ge=0)
    recruit: bool = False
    history: list[str] = []


class KitData(_Loose):
    soldier_id: str
    weapons: list[str] = []
    ammo: list[str] = []
    port_boxes: StrictInt = Field(default=0, ge=0)


class PromotionData(_Loose):
    after: StrictInt = Field(ge=0, description="how many missions were done when it was bought")
    soldier: str
    rating: Literal["ar", "mpa", "ws", "per", "ldr"]


class FateData(_Loose):
    soldier_id: str
    result: Literal["unhurt", "wounded", "incapacitated", "killed", "captured"]
    germans: StrictInt = Field(default=0, ge=0)
    hit: list[str] = []


class DebriefData(_Loose):
    """A finished mission's record (:class:`~.debrief.Debrief`): typed, so a record that
    is not one is refused with its place, not met by the check that plays it again."""

    step_id: str
    outcome: str
    points: StrictInt
    fates: list[FateData] = []
    recovered: list[str] = []
    died_of_wounds: list[str] = []
    xp: dict[str, StrictInt] = {}
    recruits: list[SoldierData] = []
    lines: list[str] = []
    rolls: list[dict[str, Any]] = []
    level: str = ""
    title: str = ""
    next_step: str | None = None
    loadout: list[KitData] = []
    decisions: list[Any] = []


class ProgressFile(_Loose):
    format: Literal["ambush-gui-campaign"]
    version: StrictInt = Field(ge=1, le=VERSION)
    source: str = ""
    campaign: dict[str, Any]
    missions: dict[str, dict[str, Any]]
    seed: StrictInt
    roster: list[SoldierData] = Field(min_length=1)
    step: str | None
    phase: Literal["equip", "mission", "debrief", "done"]
    loadout: list[KitData] | None = None
    game: dict[str, Any] | None = None
    done: list[DebriefData] = []
    promotions: list[PromotionData] = []
    start_roster: list[SoldierData] = Field(min_length=1)
    saved: str = ""
    program_version: str = Field(default="", max_length=40, description=(
        "the version of the program that wrote the file (0.9.0 on; a file without it loads "
        "the same)"))


def backup_of(path: str | Path) -> Path:
    """Where the last good copy of ``path`` is kept."""
    p = Path(path)
    return p.with_name(p.name + ".bak")


class Progress:
    """The state of one campaign being played."""

    def __init__(self, campaign: Campaign, seed: int, roster: Roster) -> None:
        self.campaign = campaign
        self.seed = seed
        self.roster = roster
        self.step_id: str | None = campaign.steps[0].id
        self.phase: str = "equip"
        self.loadout: Loadout | None = None
        self.game_save: dict[str, Any] | None = None
        """The mission in play, as a save (``core.saves.to_data``)."""
        self.done: list[Debrief] = []
        self.promotions: list[dict[str, Any]] = []
        """Ratings bought: {"after": missions done, "soldier": id, "rating": name}."""
        self.start_roster: list[dict[str, Any]] = roster.to_data()
        """The roster the campaign started with (recruits included): :meth:`verify` plays
        the campaign again from it."""
        self.path: Path | None = None
        """The file it was loaded from or last saved to."""

    # -- making and keeping -------------------------------------------------------------
    @classmethod
    def new(cls, campaign: Campaign, seed: int = 0, roster: Roster | None = None,
            start_at: str | None = None) -> Progress:
        """A campaign at its first mission (``start_at``: at that step, as the editor's
        "Play from here" tries one; such a progress is a trial and does not :meth:`verify`):
        the given roster, else the campaign's own, and recruits to fill it (campaign rule 7)."""
        if roster is None:
            roster = Roster([Soldier(r.id, r.name, r.ar, r.mpa, r.ws, r.per, r.ldr)
                             for r in campaign.spec.roster])
        p = cls(campaign, seed, roster)
        if start_at is not None:
            p.step_id = campaign.step(start_at).id
        fill(p.roster, campaign.settings, p.step.takes)
        p.start_roster = p.roster.to_data()
        return p

    @property
    def step(self) -> Any:
        """The current step (None when the campaign is over)."""
        return self.campaign.step(self.step_id) if self.step_id is not None else None

    def mission_seed(self) -> int:
        """The dice seed of the current mission's game."""
        return dice_seed(self.seed, "mission", len(self.done))

    def to_data(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION, "source": self.campaign.source,
            "campaign": self.campaign.to_data(), "missions": self.campaign.missions_data(),
            "seed": self.seed, "roster": self.roster.to_data(), "step": self.step_id,
            "phase": self.phase,
            "loadout": self.loadout.to_data() if self.loadout is not None else None,
            "game": self.game_save, "done": [d.to_data() for d in self.done],
            "promotions": list(self.promotions), "start_roster": self.start_roster,
            "saved": datetime.now(UTC).isoformat(timespec="seconds"),
            "program_version": release.version(),
        }

    @classmethod
    def from_data(cls, data: Any, source: str = "<data>") -> Progress:
        pf = validate(ProgressFile, data, source, ProgressError)
        try:
            campaign = Campaign.from_data(pf.campaign, pf.source or f"{source} (embedded campaign)",
                                          missions=pf.missions)
        except InputError as exc:
            raise ProgressError(source, [(f"campaign: {p}" if p else "campaign", w)
                                         for p, w in exc.described]) from None
        roster = Roster([Soldier.from_data(s.model_dump()) for s in pf.roster])
        p = cls(campaign, pf.seed, roster)
        p.step_id, p.phase = pf.step, pf.phase
        p.loadout = Loadout.from_data([k.model_dump() for k in pf.loadout]) if pf.loadout else None
        p.game_save = pf.game
        p.promotions = [q.model_dump() for q in pf.promotions]
        p.start_roster = [s.model_dump() for s in pf.start_roster]
        problems: list[tuple[str, str]] = []
        if pf.game is not None:
            from ambush_gui.core.saves import SaveFile

            _, bad = check_model(SaveFile, pf.game)
            problems += [(f"game.{q}" if q else "game", w) for q, w in bad]
        try:
            p.done = [Debrief.from_data(d.model_dump()) for d in pf.done]
        except (TypeError, ValueError) as exc:
            problems.append(("done", f"a finished mission's record is not readable: {exc}"))
        ids = {s.id for s in campaign.steps}
        if p.step_id is not None and p.step_id not in ids:
            problems.append(("step", f"{p.step_id!r} is no mission of the campaign; expected one "
                                     f"of {', '.join(sorted(ids))}"))
        if (p.step_id is None) != (p.phase == "done"):
            problems.append(("phase", f"phase {p.phase!r} with step {p.step_id!r}: a campaign is "
                                      "done exactly when no mission is left"))
        if p.phase == "mission" and (p.loadout is None or p.game_save is None):
            problems.append(("game", "a mission is in play but the file holds no loadout or game"))
        seen: set[str] = set()
        for i, s in enumerate(roster.soldiers):
            if s.id in seen:
                problems.append((f"roster[{i}].id", f"id {s.id!r} is used twice"))
            seen.add(s.id)
        if problems:
            raise ProgressError(source, problems)
        return p

    @classmethod
    def load(cls, path: str | Path) -> Progress:
        """Read a progress file; a broken one is refused with a :class:`ProgressError`
        naming the file and what is wrong, and saying whether its ``.bak`` is there."""
        try:
            p = cls.from_data(read_data(path, ProgressError), str(path))
        except ProgressError as exc:
            bak = backup_of(path)
            if bak.exists():
                exc.problems.append(("", f"the last good copy is kept in {bak.name}: open it "
                                         "to go on from there"))
                raise ProgressError(exc.file, exc.problems) from None
            raise
        p.path = Path(path)
        return p

    @classmethod
    def load_backup(cls, path: str | Path) -> Progress:
        """The last good copy of ``path`` (its ``.bak``); saving it writes ``path`` again."""
        p = cls.from_data(read_data(backup_of(path), ProgressError), str(backup_of(path)))
        p.path = Path(path)
        return p

    def save(self, path: str | Path | None = None) -> Path:
        """Write atomically; the file it replaces becomes the ``.bak`` if it was a good
        progress file (a broken one is never kept over the last good copy)."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("the progress has no file yet: give a path")
        if target.exists() and _good(target):
            atomic_write(backup_of(target), target.read_text(encoding="utf-8"))
        atomic_write(target, json.dumps(self.to_data(), ensure_ascii=False) + "\n")
        self.path = target
        return target

    # -- playing --------------------------------------------------------------------------
    def start_mission(self, loadout: Loadout) -> Any:
        """equip -> mission: the game of the current step with ``loadout``'s men. ValueError
        (the problems in words) when the loadout may not start it."""
        from ambush_gui.ambush.game import AmbushGame

        if self.phase != "equip" or self.step_id is None:
            raise ValueError(f"no mission to start: the campaign is at {self.phase!r}")
        problems = loadout_problems(self.campaign, self.step_id, self.roster, loadout)
        if problems:
            raise ValueError(" ".join(problems))
        game = AmbushGame(self.campaign.mission_for(self.step_id, self.roster, loadout),
                          self.mission_seed())
        game.start()
        self.loadout, self.phase = loadout, "mission"
        self.record(game)
        return game

    def record(self, game: Any) -> None:
        """Keep the mission in play's decisions (call after each; then :meth:`save`)."""
        from ambush_gui.core import saves

        self.game_save = saves.to_data(game, players={"us": "human"})

    def resume_mission(self) -> Any:
        """The game in play, rebuilt from its mission and decisions."""
        from ambush_gui.ambush.game import AmbushGame

        if self.phase != "mission" or self.game_save is None or self.loadout is None:
            raise ValueError("no mission is in play")
        assert self.step_id is not None
        where = str(self.path or "<progress>")
        game = AmbushGame(self.campaign.mission_for(self.step_id, self.roster, self.loadout),
                          self.mission_seed())
        game.start()
        for i, choice in enumerate(self.game_save.get("decisions", [])):
            try:
                game.answer(choice)
            except IllegalDecision as exc:
                raise ProgressError(where, [(f"game.decisions[{i}]",
                                             f"the mission does not replay here: {exc}")]) from None
        return game

    def finish_mission(self, game: Any) -> Debrief:
        """mission -> debrief: the campaign rules applied to the roster."""
        if self.phase != "mission":
            raise ValueError(f"no mission is in play: the campaign is at {self.phase!r}")
        if not game.over:
            raise ValueError("the mission is not over")
        db = debrief(self, game)
        db.loadout = self.loadout.to_data() if self.loadout is not None else []
        db.decisions = list(game.decisions)
        self.done.append(db)
        self.phase, self.game_save = "debrief", None
        return db

    def next_mission(self) -> None:
        """debrief -> equip of the next step (its branch), or done."""
        if self.phase != "debrief":
            raise ValueError(f"no debrief to leave: the campaign is at {self.phase!r}")
        self.step_id = self.done[-1].next_step
        self.loadout = None
        if self.step_id is None:
            self.phase = "done"
            return
        self.phase = "equip"
        fill(self.roster, self.campaign.settings, self.campaign.step(self.step_id).takes)

    def survivors(self) -> list[Soldier]:
        return self.roster.living()

    # -- checking -----------------------------------------------------------------------
    def replayed(self) -> Progress:
        """The campaign played again from its seed and starting roster: each finished
        mission's men and answers, the promotions between missions, and the mission in
        play. ValueError or ProgressError in words where it cannot be."""
        from ambush_gui.ambush.game import AmbushGame

        again = Progress(self.campaign, self.seed, Roster.from_data(self.start_roster))
        again.start_roster = self.start_roster
        bought = sorted(self.promotions, key=lambda q: int(q.get("after", 0)))

        def buy(upto: int) -> None:
            from ambush_gui.ambush.campaign.debrief import promote

            while bought and int(bought[0].get("after", 0)) <= upto:
                q = bought.pop(0)
                promote(again, str(q["soldier"]), str(q["rating"]))

        for n, db in enumerate(self.done):
            buy(n)
            if again.step_id != db.step_id:
                raise ValueError(f"mission {n + 1}: the campaign went to {again.step_id!r}, "
                                 f"the file to {db.step_id!r}")
            game = again.start_mission(Loadout.from_data(db.loadout))
            for i, choice in enumerate(db.decisions):
                try:
                    game.answer(choice)
                except IllegalDecision as exc:
                    raise ValueError(f"mission {n + 1} ({db.step_id}), answer {i + 1}: the "
                                     f"mission does not play again: {exc}") from None
            if not isinstance(game, AmbushGame) or not game.over:
                raise ValueError(f"mission {n + 1} ({db.step_id}): its answers do not finish it")
            again.finish_mission(game)
            if n + 1 < len(self.done) or self.phase in ("equip", "mission", "done"):
                buy(n + 1)
                again.next_mission()
        buy(len(self.done))
        if self.phase == "mission" and self.loadout is not None and self.game_save is not None:
            game = again.start_mission(self.loadout)
            for choice in self.game_save.get("decisions", []):
                game.answer(choice)
            again.record(game)
        return again

    def verify(self) -> list[str]:
        """What in this progress its seed, starting roster, answers and promotions do not
        give when the campaign is played again (every die of the missions and of the
        campaign rules included); [] when it is all as recorded."""
        try:
            again = self.replayed()
        except (ValueError, InputError) as exc:
            return [str(exc)]
        out = []
        mine, theirs = self.to_data(), again.to_data()
        for key in ("roster", "step", "phase", "promotions"):
            if mine[key] != theirs[key]:
                out.append(f"{key}: the file does not match the campaign played again")
        for n, (a, b) in enumerate(zip(mine["done"], theirs["done"], strict=False)):
            for key in a:
                if a[key] != b.get(key):
                    out.append(f"mission {n + 1} ({a['step_id']}): {key} does not match the "
                               "mission played again")
        if (mine["game"] or {}).get("state_hash") != (theirs["game"] or {}).get("state_hash"):
            out.append("the mission in play does not replay to its recorded state")
        return out


def _good(path: Path) -> bool:
    """The file at ``path`` reads as a progress file (worth keeping as the last good copy):
    whole JSON of this format. (A full check would cost as much as the save; a file this
    program wrote that reads whole was checked when it was made.)"""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return (isinstance(data, dict) and data.get("format") == FORMAT
            and isinstance(data.get("campaign"), dict) and isinstance(data.get("roster"), list))


def progress_dir(data_dir: Path) -> Path:
    """Where progress files live in the player's data folder."""
    return Path(data_dir) / "campaigns"


def new_path(data_dir: Path, campaign: Campaign) -> Path:
    """A fresh progress file name: ``<campaign>-<n>.json``, n one more than any there."""
    folder = progress_dir(data_dir)
    taken = [int(p.stem.rsplit("-", 1)[1]) for p in folder.glob(f"{campaign.name}-*.json")
             if p.stem.rsplit("-", 1)[1].isdigit()]
    return folder / f"{campaign.name}-{max(taken, default=0) + 1}.json"


def saved_progress(data_dir: Path) -> list[Path]:
    """The progress files in the data folder, newest first."""
    folder = progress_dir(data_dir)
    return sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


def under_way(data_dir: Path, campaign: Campaign) -> Path | None:
    """The newest progress file of ``campaign`` (named ``<campaign>-<n>.json``) whose
    campaign is not finished: what ``play CAMPAIGN`` continues. Read as it lies (a file
    that will not read is passed over here; opening it by name says what is wrong)."""
    for path in saved_progress(data_dir):
        name, _, n = path.stem.rpartition("-")
        if name != campaign.name or not n.isdigit():
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("step") is not None and data.get("phase") != "done":
            return path
    return None
