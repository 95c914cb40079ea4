"""What the campaign page knows about a campaign file's data, Qt-free.

The page edits the plain data of a campaign file (see ``docs/formats.md``, "Ambush!
campaign"); these helpers build a fresh one, read a step's mission for what it defaults
to, and keep branch references right when a step is renamed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ambush_gui import systems
from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.files import read_data

OUTCOMES = [("us", "a US victory"), ("draw", "a draw"), ("german", "a German victory")]
"""A finished mission's outcomes, as a step's ``next`` names them, and how the page says them."""
END = "end"


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


def shipped_missions() -> list[systems.ShippedScenario]:
    """The Ambush! missions that come with the program (what a step may name)."""
    return [s for s in systems.shipped() if s.system == "ambush" and s.path.parent == systems.SCENARIO_DIR]


def mission_path(ref: str, campaign_path: Path | None) -> Path | None:
    """The file a step's ``mission`` names: a shipped mission's name, or a path relative to
    the campaign file (or absolute); None when there is no such file."""
    if not ref:
        return None
    for s in shipped_missions():
        if ref in (s.name, s.path.stem):
            return s.path
    p = Path(ref)
    if not p.is_absolute() and campaign_path is not None:
        p = campaign_path.parent / p
    return p if p.is_file() else None


def mission_ref(path: Path, campaign_path: Path | None) -> str:
    """How a step names the mission file ``path``: a shipped one by its name, another by its
    path relative to the campaign file where it can be (absolute while the campaign is unsaved)."""
    for s in shipped_missions():
        if s.path.resolve() == path.resolve():
            return s.name
    if campaign_path is not None:
        try:
            return path.resolve().relative_to(campaign_path.parent.resolve()).as_posix()
        except ValueError:
            pass
    return str(path)


def mission_squad(ref: str, campaign_path: Path | None) -> tuple[str, list[dict[str, Any]]]:
    """A step's mission: its title and its own squad's cards (the slots, and the default
    takes and allotment); ("", []) when the file cannot be read (the Problems list says why)."""
    p = mission_path(ref, campaign_path)
    if p is None:
        return "", []
    try:
        data = read_data(p, ScenarioError)
    except ScenarioError:
        return "", []
    squad = [s for s in data.get("squad", []) or [] if isinstance(s, dict)]
    return str(data.get("title", ref)), squad


def own_allotment(squad: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """The weapons and Ammo Boxes a mission's own squad carries: a step's default allotment."""
    out: dict[str, dict[str, int]] = {"weapons": {}, "ammo": {}}
    for card in squad:
        for kind in ("weapons", "ammo"):
            for key in card.get(kind, []) or []:
                out[kind][str(key)] = out[kind].get(str(key), 0) + 1
    # a crew weapon is listed on both carriers' cards (FC-053): one gun, not two
    return out


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
