"""Save files: the scenario, the seed and the decisions, as JSON.

A save embeds the scenario it was played on (so it outlives later edits to a shipped
file), the seed, every answer in order and the state hash they lead to. Loading is
replaying; ``verify`` proves a file by comparing the hash. Writes are atomic.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ambush_gui.core.decisions import IllegalDecision
from ambush_gui.core.errors import InputError, SaveError
from ambush_gui.core.files import atomic_write, read_data, validate
from ambush_gui.core.game import Game
from ambush_gui.core.options import OptionError

FORMAT = "ambush-gui-save"
VERSION = 1


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["ambush-gui-save"]
    version: StrictInt = Field(ge=1)
    system: Literal["alley", "ambush"]
    scenario: dict[str, Any]
    scale: float = Field(default=1.0, gt=0, le=10, allow_inf_nan=False, strict=True)
    seed: StrictInt = Field(ge=-(2**63), le=2**64)
    decisions: list[Any]
    state_hash: str = Field(pattern=r"^[0-9a-f]{64}$")
    saved: str = ""
    players: dict[str, Literal["human", "computer"]] = Field(
        default={}, description="who played each side (the GUI resumes solo games with it)")
    options: dict[str, str] | None = Field(
        default=None, description="the rules options' readings the game was played with; a save "
        "without them (made before rules options existed) replays with the legacy readings, and "
        "an option it does not name takes its legacy reading")


_SCENARIO_DATA: dict[int, tuple[Any, dict[str, Any]]] = {}


def scenario_data(scenario: Any) -> dict[str, Any]:
    """``scenario.to_data()``, kept for the scenarios in play: a loaded scenario never
    changes, and the game autosaves after every decision (a mission's paragraphs take a
    few milliseconds to serialise). Read-only: the save only encodes it."""
    key = id(scenario)
    hit = _SCENARIO_DATA.get(key)
    if hit is None or hit[0] is not scenario:
        if len(_SCENARIO_DATA) >= 8:
            _SCENARIO_DATA.clear()
        hit = _SCENARIO_DATA[key] = (scenario, scenario.to_data())
    return hit[1]


def to_data(game: Game, players: dict[str, str] | None = None) -> dict[str, Any]:
    game.start()  # a save is always of a started game: that is what a replay produces
    scenario = game.scenario  # type: ignore[attr-defined]
    options = getattr(game, "recorded_options", None)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "system": game.system,
        "scenario": scenario_data(scenario),
        "scale": scenario.scale,
        "seed": game.seed,
        "decisions": game.decisions,
        "state_hash": game.state_hash(),
        "saved": datetime.now(UTC).isoformat(timespec="seconds"),
        "players": dict(players or {}),
    }
    if options is not None:  # a game that records none (an old save replayed) stays without
        data["options"] = dict(options)
    return data


def save(game: Game, path: str | Path, players: dict[str, str] | None = None) -> None:
    """Write ``game`` to ``path`` atomically (a temporary file, then a rename)."""
    atomic_write(path, dumps(to_data(game, players)))


def dumps(data: dict[str, Any]) -> str:
    """The save as JSON text: one top-level field a line, each value compact.

    Readable enough to look into, and written by the C encoder: ``indent`` would switch
    ``json`` to its pure-Python encoder, about ten times slower on a mission's paragraphs,
    and the game autosaves after every decision.
    """
    lines = [f" {json.dumps(key)}: {json.dumps(value)}" for key, value in data.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


SUFFIX = ".json"


def with_suffix(path: str | Path) -> Path:
    """``path`` ending in ".json": a name typed without it gets it, so the file is listed
    by Open and recognised as a save by its name too."""
    p = Path(path)
    return p if p.suffix.lower() == SUFFIX else p.with_name(p.name + SUFFIX)


def is_save(path: str | Path) -> bool:
    """Whether ``path`` holds a save, judged by its content, whatever its name: a JSON
    object that says it is a save (or that holds decisions). A broken ".json" file counts,
    so that opening it reports what is wrong with it as a save."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, ValueError):
        return p.suffix.lower() == SUFFIX
    if not text.lstrip().startswith("{"):
        return False
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # read() says what is wrong with it
        return p.suffix.lower() == SUFFIX
    return isinstance(data, dict) and (
        data.get("format") == FORMAT or "decisions" in data
        or ("format" in data and data.get("system") != "alley"))


def read(path: str | Path) -> SaveFile:
    """Parse and check a save's shape (not yet replayed)."""
    data = read_data(path, SaveError)
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise SaveError(str(path), [("version", f"is {version}: this save was written by a newer "
                                     f"version of ambush-gui (this one reads up to {VERSION})")])
    if data.get("format") != FORMAT:
        raise SaveError(str(path), [("format", f"expected {FORMAT!r}: this is not an ambush-gui save")])
    return validate(SaveFile, data, str(path), SaveError)


class Divergence(SaveError):
    """Replaying a save did not reproduce it."""


Factory = Callable[..., Game]
"""``factory(system, scenario_data, source, scale, seed, options=None)``."""


def replay(path: str | Path, factory: Factory, upto: int | None = None) -> Game:
    """Load a save by replaying its decisions; raises :class:`SaveError` saying where it broke.

    ``factory(system, scenario_data, source, scale, seed, options=...)`` builds the new game
    (the rule systems live above core, so core is handed the way to build one); ``options``
    is what the save records (None: it records none, so the legacy readings).
    """
    sf = read(path)
    try:
        game = factory(sf.system, sf.scenario, f"{path} (embedded scenario)", sf.scale, sf.seed,
                       options=sf.options)
    except InputError as exc:
        problems = [(f"scenario.{p}" if p else "scenario", w) for p, w in exc.problems]
        raise SaveError(str(path), problems) from None
    except OptionError as exc:
        raise SaveError(str(path), [("options", str(exc))]) from None
    game.start()
    decisions = sf.decisions if upto is None else sf.decisions[:upto]
    for i, choice in enumerate(decisions):
        pending = game.pending()
        if pending is None:
            raise Divergence(str(path), [(f"decisions[{i}]", "the game was already over; the save "
                                          f"has {len(decisions) - i} answers too many")])
        try:
            game.answer(choice)
        except IllegalDecision as exc:
            raise Divergence(str(path), [(f"decisions[{i}]", f"the replay diverged here: {exc}")]) from None
    return game


def verify(path: str | Path, factory: Factory) -> Game:
    """Replay a save and check its recorded state hash."""
    sf = read(path)
    game = replay(path, factory)
    if game.state_hash() != sf.state_hash:
        raise Divergence(str(path), [("state_hash", f"the replay ends in state {game.state_hash()[:12]}…, "
                                      f"not the recorded {sf.state_hash[:12]}…")])
    return game
