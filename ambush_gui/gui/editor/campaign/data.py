"""What the campaign page knows about a campaign file's data, Qt-free.

The page edits the plain data of a campaign file (see ``docs/formats.md``, "Ambush!
campaign"); these helpers build a fresh one, read a step's mission for what it defaults
to (through the engine's own look-ups), and keep branch references right when a step is renamed.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from ambush_gui.ambush.campaign.campaign import default_allotment, find_mission
from ambush_gui.ambush.mission import Mission
from ambush_gui.ambush.mission import shipped as mission_files
from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.files import read_data

OUTCOMES = [("us", "a US victory"), ("draw", "a draw"), ("german", "a German victory")]
"""A finished mission's outcomes, as a step's ``next`` names them, and how the page says them."""


def slug(title: str, fallback: str) -> str:
    """``"The Long Lane"`` -> ``"the-long-lane"``: lower case and hyphens, starting with a letter."""
    out = "".join(ch if ch.isalnum() else "-" for ch in title.lower()).strip("-")
    while "--" in out:
        out = out.replace("--", "-")
    if not out or not out[0].isalpha():
        out = f"{fallback}-{out}" if out else fallback
    return out


def new_campaign_data(title: str) -> dict[str, Any]:
    """A fresh campaign: a title, no missions yet (a draft: it needs at least one), the
    settings left to their defaults and the roster to the program's recruits."""
    return {"format": 1, "system": "ambush", "kind": "campaign", "name": slug(title, "campaign"),
            "title": title, "brief": "", "missions": []}


def shipped_missions() -> list[tuple[str, str]]:
    """(name, title) of the Ambush! missions that come with the program (what a step may name)."""
    out = []
    for path in mission_files():
        try:
            out.append((path.stem, str(read_data(path, ScenarioError).get("title", path.stem))))
        except ScenarioError:
            continue
    return out


def mission_path(ref: str, campaign_path: Path | None) -> Path | None:
    """The file a step's ``mission`` names (the engine's own look-up): a shipped mission's
    name, or a path relative to the campaign file; None when there is no such file."""
    return find_mission(ref, campaign_path.parent if campaign_path is not None else None) if ref else None


def mission_ref(path: Path, campaign_path: Path | None) -> str:
    """How a step names the mission file ``path``: a shipped one by its name, another by its
    path relative to the campaign file where it can be (absolute while the campaign is unsaved)."""
    if path.resolve() in {p.resolve() for p in mission_files()}:
        return path.stem
    if campaign_path is not None:
        try:
            return Path(os.path.relpath(path.resolve(), campaign_path.parent.resolve())).as_posix()
        except ValueError:  # another drive: no relative path
            pass
    return str(path)


class MissionFacts(NamedTuple):
    """What a step shows of its mission: title, its own squad's names, and the allotment a
    step without one hands out (the engine's :func:`default_allotment`)."""

    title: str
    squad: list[str]
    allotment: dict[str, dict[str, int]]


NO_MISSION = MissionFacts("", [], {"weapons": {}, "ammo": {}})


def mission_facts(ref: str, campaign_path: Path | None) -> MissionFacts:
    """The facts of a step's mission; :data:`NO_MISSION` when it cannot be found or loaded
    (the Problems list says why)."""
    path = mission_path(ref, campaign_path)
    if path is None:
        return NO_MISSION
    try:
        return _facts(path.resolve(), path.stat().st_mtime_ns)
    except (ScenarioError, OSError):
        return NO_MISSION


@lru_cache(maxsize=64)
def _facts(path: Path, _mtime: int) -> MissionFacts:
    """Loaded once per version of the file: the page asks on every redraw."""
    mission = Mission.load(path)
    allot = default_allotment(mission)
    return MissionFacts(mission.title, [s.name for s in mission.spec.squad],
                        {"weapons": dict(allot.weapons), "ammo": dict(allot.ammo)})


def new_step_id(steps: list[dict[str, Any]], base: str) -> str:
    """An id no other step has, from ``base`` (the mission's name)."""
    taken = {str(s.get("id")) for s in steps}
    out, n = base, 2
    while out in taken:
        out, n = f"{base}-{n}", n + 1
    return out


def renamed_references(steps: list[dict[str, Any]], old: str, new: str) -> list[tuple[int, str]]:
    """The (step index, outcome) of every branch that leads to ``old``: what a rename of that
    step must point at ``new`` as well."""
    return [(i, outcome) for i, s in enumerate(steps)
            for outcome, target in (s.get("next") or {}).items() if target == old and new != old]


def moved_refs(steps: list[dict[str, Any]], old: Path | None, new: Path) -> list[tuple[int, str]]:
    """(step index, its new ``mission``) for each step naming its mission file by a path
    relative to the campaign, when the campaign is saved from ``old`` to ``new``: the same
    file, named from the new folder. Shipped missions (by name) and files not found stay as
    they are."""
    out = []
    for i, step in enumerate(steps):
        ref = str(step.get("mission", ""))
        found = mission_path(ref, old)
        if found is None or ref in (p.stem for p in mission_files()):
            continue
        again = mission_ref(found, new)
        if again != ref:
            out.append((i, again))
    return out
