"""Save files: the scenario, the seed and the decisions, as JSON.

A save embeds the scenario it was played on (so it outlives later edits to a shipped
file), the seed, every answer in order and the state hash they lead to. Loading is
replaying; ``check`` proves a file: the scenario, seed, options and decisions are those
that were saved (their recorded hashes, format 2), and they lead to the recorded state,
whose hash (format 3) also covers that proof, so an answer that has not yet moved
anything cannot be dropped unseen. A save with less than
that (format 1 or 2, or a proof removed) replays, but is not verified. The hashes catch
an edited file; they are not a signature (whoever edits a save and replays it can
recompute them). Writes are atomic.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ambush_gui import release
from ambush_gui.core.decisions import IllegalDecision
from ambush_gui.core.errors import InputError, SaveError
from ambush_gui.core.files import atomic_write, read_data, validate
from ambush_gui.core.game import Game
from ambush_gui.core.geometry import MAX_WAYPOINTS
from ambush_gui.core.options import OptionError
from ambush_gui.core.words import count

FORMAT = "ambush-gui-save"
VERSION = 4
"""1: the answers and the board's hash; 2: the proof (hashes of the scenario and decisions,
the seed and options); 3: ``state_hash`` seals the board with the proof (:func:`sealed_hash`);
4: a game branched from another's moment (:func:`branch`): the faces thrown before it. A
save that is no branch is still written as version 3, which every version since reads."""
WRITTEN = 3  # the version of a save that is no branch

MAX_SAVE_BYTES = 32 * 1024 * 1024
"""A save is refused above this size before it is parsed: a finished game of a large
scenario is well under 5 MB; a file of tens of millions of answers would take gigabytes."""
MAX_DECISIONS = 100_000
"""Answers in one save: a whole game asks a few hundred, and the computer-player soak
counts a game still asking after 20,000 as stuck."""
MAX_FACES = 1_000_000
"""Faces a branch replays before its own dice: a whole game throws a few thousand."""
MAX_ANSWER_ITEMS = 1_000
"""Items in any list of one answer (figures picked, dice matched): the most a real answer
holds is a few dozen. A move's path has its own, smaller bound (MAX_WAYPOINTS)."""


class Proof(BaseModel):
    """What a save claims (format 2 on), checked by ``replay --verify`` besides the final state,
    and sealed into the format-3 state hash."""

    model_config = ConfigDict(extra="forbid")

    scenario: str = Field(pattern=r"^[0-9a-f]{64}$",
                          description="SHA-256 of the embedded scenario's canonical JSON")
    system: Literal["alley", "ambush"]
    seed: StrictInt
    scale: float = Field(allow_inf_nan=False, strict=True)
    decisions: StrictInt = Field(ge=0, description="how many answers the game had")
    decisions_hash: str = Field(pattern=r"^[0-9a-f]{64}$",
                                description="SHA-256 of the answers' canonical JSON")
    options: dict[str, str] | None = Field(
        default=None, description="the rules options' readings the game was saved with")
    faces: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$",
                              description="a branch (format 4): SHA-256 of the faces thrown "
                                          "before the branch point")


class Branched(BaseModel):
    """Where a branched game came from (format 4): shown to the player, not replayed."""

    model_config = ConfigDict(extra="forbid")

    save: str = Field(max_length=300, description="the file name of the game it branched from")
    at: StrictInt = Field(ge=0, description="how many of that game's decisions it kept")
    seed: StrictInt = Field(description="that game's seed (its dice from the branch on are not used)")
    state_hash: str = Field(pattern=r"^[0-9a-f]{64}$", description="that game's board at the branch")


class Hosted(BaseModel):
    """A game across two machines, as its host saved it: what hosting it again needs
    (``ambush-gui host SAVE``) so that the same guest rejoins it and checks its dice at the
    end. Both secrets make the seed, which the save holds anyway; shown, never replayed."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=300, description="the scenario's name the guest finds it by")
    side: str = Field(max_length=40, description="the side the host's machine plays")
    session: str = Field(pattern=r"^[0-9a-f]{1,64}$", description="the session the guest rejoins")
    secret: str = Field(pattern=r"^[0-9a-f]{64}$", description="the host's secret")
    guest_secret: str = Field(pattern=r"^[0-9a-f]{64}$", description="the guest's secret")
    commitment: str = Field(pattern=r"^[0-9a-f]{64}$", description="the host's commitment")


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["ambush-gui-save"]
    version: StrictInt = Field(ge=1, description=(
        "1: no proof, state_hash is the board's; 2: with proof, state_hash is the board's; "
        "3: with proof, state_hash seals the board with the proof"))
    system: Literal["alley", "ambush"]
    scenario: dict[str, Any]
    scale: float = Field(default=1.0, gt=0, le=10, allow_inf_nan=False, strict=True)
    seed: StrictInt = Field(ge=-(2**63), le=2**64)
    decisions: list[Any]
    state_hash: str = Field(pattern=r"^[0-9a-f]{64}$")
    saved: str = ""
    players: dict[str, Literal["human", "computer", "remote"]] = Field(
        default={}, description="who played each side (the GUI resumes solo games with it); "
        "remote: the player at the other machine of a game across two machines (opened at "
        "one machine, a person's seat)")
    levels: dict[str, Literal["easy", "normal", "hard"]] = Field(
        default={}, description="how well the computer played each of its sides (a save "
        "without them resumes at the level the player chose last)")
    options: dict[str, str] | None = Field(
        default=None, description="the rules options' readings the game was played with; a save "
        "without them (made before rules options existed) replays with the legacy readings, and "
        "an option it does not name takes its legacy reading")
    proof: Proof | None = Field(
        default=None, description="format 2: hashes of what the game was played from; a "
                                  "format-1 save has none (only its final state is checked)")
    faces: list[Annotated[int, Field(strict=True, ge=1, le=20)]] | None = Field(
        default=None, max_length=MAX_FACES, description=(
            "format 4, a branch: every face thrown before the branch point, in order; the dice "
            "throw these first, then from the seed"))
    branched_from: Branched | None = None
    hosted: Hosted | None = Field(
        default=None, description="a game across two machines, saved by its host: what hosting "
        "it again needs")
    program_version: str = Field(
        default="", max_length=40, description="the version of the program that wrote the save "
        "(0.9.0 on; shown, never replayed: a save without it loads the same)")


_SCENARIO_DATA: dict[int, tuple[Any, dict[str, Any], str]] = {}


def scenario_data(scenario: Any) -> dict[str, Any]:
    """``scenario.to_data()``, kept for the scenarios in play: a loaded scenario never
    changes, and the game autosaves after every decision (a mission's paragraphs take a
    few milliseconds to serialise). Read-only: the save only encodes it."""
    return _scenario_entry(scenario)[1]


def content_hash(scenario: Any) -> str:
    """The SHA-256 of a scenario's content (:func:`digest` of ``to_data()``): what a save's
    proof records, and what two programs compare before they play one game together."""
    return _scenario_entry(scenario)[2]


def _scenario_entry(scenario: Any) -> tuple[Any, dict[str, Any], str]:
    key = id(scenario)
    hit = _SCENARIO_DATA.get(key)
    if hit is None or hit[0] is not scenario:
        if len(_SCENARIO_DATA) >= 8:
            _SCENARIO_DATA.clear()
        data = scenario.to_data()
        hit = _SCENARIO_DATA[key] = (scenario, data, digest(data))
    return hit


def canonical(value: Any) -> str:
    """One text for one value: keys sorted, no spaces, and a whole-number float written as
    the integer (``24.0`` and ``24`` are one value), so reformatting a save or a scenario
    changes nothing and changing any value changes the text."""
    return json.dumps(_normal(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _normal(value: Any) -> Any:
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and value.is_integer() else value
    if isinstance(value, dict):
        return {str(k): _normal(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_normal(v) for v in value]
    return value


def digest(value: Any) -> str:
    """SHA-256 of :func:`canonical`: the hashes a save's proof records."""
    return hashlib.sha256(canonical(value).encode()).hexdigest()


def to_data(game: Game, players: dict[str, str] | None = None,
            levels: dict[str, str] | None = None,
            hosted: Mapping[str, str] | None = None) -> dict[str, Any]:
    game.start()  # a save is always of a started game: that is what a replay produces
    scenario = game.scenario  # type: ignore[attr-defined]
    options = getattr(game, "recorded_options", None)
    _, scen, scenario_hash = _scenario_entry(scenario)
    proof = {"scenario": scenario_hash, "system": game.system, "seed": game.seed,
             "scale": scenario.scale, "decisions": len(game.decisions),
             "decisions_hash": digest(game.decisions),
             "options": dict(options) if options is not None else None}
    if game.faces is not None:
        proof["faces"] = digest(game.faces)
    data = {
        "format": FORMAT,
        "version": VERSION if game.faces is not None else WRITTEN,
        "system": game.system,
        "scenario": scen,
        "scale": scenario.scale,
        "seed": game.seed,
        "decisions": game.decisions,
        "state_hash": sealed_hash(game, proof),
        "saved": datetime.now(UTC).isoformat(timespec="seconds"),
        "program_version": release.version(),
        "players": dict(players or {}),
        "proof": proof,
    }
    if options is not None:  # a game that records none (an old save replayed) stays without
        data["options"] = dict(options)
    if levels:  # only a game with a computer seat has them
        data["levels"] = dict(levels)
    if game.faces is not None:
        data["faces"] = list(game.faces)
        data["branched_from"] = dict(game.branched_from or {})
    if hosted:
        data["hosted"] = dict(hosted)
    return data


def sealed_hash(game: Game, proof: Mapping[str, Any]) -> str:
    """A format-3 save's ``state_hash``: SHA-256 of the board (:meth:`Game.state_hash`)
    together with the proof (the scenario, seed, options, how many answers and their hash).

    The board alone does not change with an answer that has not yet moved anything (which
    unit activates): a format-2 save whose last such answer was dropped, and whose proof
    was recomputed from the shortened list, still reached its recorded board. Sealed, an
    edit to the answers or to the proof changes the state hash too, and only replaying the
    edited game gives the new one."""
    return digest({"board": game.state_hash(), "proof": dict(proof)})


def save(game: Game, path: str | Path, players: dict[str, str] | None = None,
         levels: dict[str, str] | None = None, hosted: Mapping[str, str] | None = None) -> None:
    """Write ``game`` to ``path`` atomically (a temporary file, then a rename); ``hosted``:
    a game across two machines saved by its host (:class:`Hosted`)."""
    atomic_write(path, dumps(to_data(game, players, levels, hosted)))


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
        if p.stat().st_size > MAX_SAVE_BYTES:  # not parsed: opening it says it is too large
            with p.open("rb") as fh:
                return p.suffix.lower() == SUFFIX or fh.read(64).lstrip().startswith(b"{")
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
    """Parse and check a save's shape (not yet replayed), within the bounds above: a file
    too large is refused before it is read, a list of answers too long before any answer
    is looked at. A format-1 save reads as it is, with no proof."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError:
        size = 0  # read_data says why it cannot be read
    if size > MAX_SAVE_BYTES:
        raise SaveError(str(path), [("", f"is {size / 2**20:,.0f} MB; a save is at most "
                                     f"{MAX_SAVE_BYTES // 2**20} MB (a whole game of a large "
                                     "scenario is under 5 MB)")])
    data = read_data(path, SaveError)
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise SaveError(str(path), [("version", f"is {version}: this save was written by a newer "
                                     f"version of ambush-gui (this one reads up to {VERSION})")])
    if data.get("format") != FORMAT:
        raise SaveError(str(path), [("format", f"expected {FORMAT!r}: this is not an ambush-gui save")])
    problems = _size_problems(data.get("decisions"))
    if problems:
        raise SaveError(str(path), problems)
    return validate(SaveFile, data, str(path), SaveError)


def _size_problems(decisions: Any) -> list[tuple[str, str]]:
    """The answers past the bounds, found before any copy of them is made."""
    if not isinstance(decisions, list):
        return []  # the schema says what is wrong
    if len(decisions) > MAX_DECISIONS:
        return [("decisions", f"holds {len(decisions):,} answers; a save holds at most "
                              f"{MAX_DECISIONS:,} (a whole game asks a few hundred)")]
    for i, answer in enumerate(decisions):
        if not isinstance(answer, dict | list):
            continue
        path = answer.get("path") if isinstance(answer, dict) else None
        if isinstance(path, list) and len(path) > MAX_WAYPOINTS:
            return [(f"decisions[{i}].path", f"a move of {len(path):,} waypoints; a move has at "
                                             f"most {MAX_WAYPOINTS}")]
        todo: list[Any] = [answer]
        while todo:
            item = todo.pop()
            inner = list(item.values()) if isinstance(item, dict) else item
            if len(inner) > MAX_ANSWER_ITEMS:
                return [(f"decisions[{i}]", f"an answer of {len(inner):,} items; an answer holds "
                                            f"at most {MAX_ANSWER_ITEMS:,}")]
            todo += [v for v in inner if isinstance(v, dict | list)]
    return []


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
    return _replay(read(path), path, factory, upto)


def _replay(sf: SaveFile, path: str | Path, factory: Factory, upto: int | None = None) -> Game:
    try:
        more = {} if sf.faces is None else {"faces": sf.faces}
        game = factory(sf.system, sf.scenario, f"{path} (embedded scenario)", sf.scale, sf.seed,
                       options=sf.options, **more)
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
    if sf.faces is not None:
        game.faces = list(sf.faces)
        game.branched_from = sf.branched_from.model_dump() if sf.branched_from else {}
        if upto is None and game.dice.scripted:
            raise Divergence(str(path), [("faces", f"the game's decisions throw "
                                          f"{len(sf.faces) - game.dice.scripted:,} of the "
                                          f"{len(sf.faces):,} faces it records before its branch")])
    return game


def proof_problems(sf: SaveFile) -> list[tuple[str, str]]:
    """What in the save differs from what its proof recorded when it was written (nothing
    for a save without a proof: :func:`check` says it is not verified)."""
    proof = sf.proof
    if proof is None:
        return []
    out: list[tuple[str, str]] = []
    if digest(sf.scenario) != proof.scenario:
        out.append(("scenario", "the scenario inside the save was changed since it was saved"))
    if sf.system != proof.system:
        out.append(("system", f"is {sf.system!r}; the game was saved as {proof.system!r}"))
    if sf.seed != proof.seed:
        out.append(("seed", f"is {sf.seed}; the game was saved with seed {proof.seed}"))
    if sf.scale != proof.scale:
        out.append(("scale", f"is {sf.scale:g}; the game was saved at scale {proof.scale:g}"))
    if sf.options != proof.options:
        out.append(("options", "the rules options were changed since the game was saved: "
                               + _changed_readings(sf.options, proof.options)))
    if (digest(sf.faces) if sf.faces is not None else None) != proof.faces:
        out.append(("faces", "the dice thrown before the branch were changed since the game "
                             "was saved" if sf.faces is not None and proof.faces else
                             "the record of the dice thrown before the branch does not match "
                             "the proof"))
    if len(sf.decisions) != proof.decisions:
        out.append(("decisions", f"the save has {count(len(sf.decisions), 'decision')}, the "
                                 f"recorded list had {proof.decisions:,}"))
    elif digest(sf.decisions) != proof.decisions_hash:
        out.append(("decisions", "the decisions were changed since the game was saved (as many "
                                 "as recorded, but not the same)"))
    return out


def _changed_readings(now: dict[str, str] | None, then: dict[str, str] | None) -> str:
    """Only the readings that differ ("reaction_fire=extra, saved as replaces")."""
    a, b = now or {}, then or {}
    keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
    return "; ".join(f"{k}={a.get(k, '(none)')}, saved as {b.get(k, '(none)')}" for k in keys)


@dataclass(frozen=True)
class Verdict:
    """What :func:`check` found of a save that replayed without a difference: ``checked``
    says what was compared (in words), ``unproven`` why the save is nonetheless not
    verified (empty: verified, the whole proof checks)."""

    game: Game
    checked: str
    unproven: list[str] = field(default_factory=list)

    @property
    def verified(self) -> bool:
        return not self.unproven


def check(path: str | Path, factory: Factory) -> Verdict:
    """Prove a save: its proof holds, and replaying it reaches the recorded state. Raises
    :class:`Divergence` naming everything that differs; returns the :class:`Verdict`, which
    is not verified when the save has less than a whole format-3 proof (format 1 or 2, or
    a proof removed). The file is read and parsed once."""
    sf = read(path)
    problems = proof_problems(sf)
    if problems:  # say what was edited; the replay's own complaint, if any, comes after
        try:
            game = _replay(sf, path, factory)
            expected = _expected_hash(game, sf)
            if expected is not None and expected != sf.state_hash:
                problems.append(_state_problem(expected, sf))
        except InputError as exc:
            problems += exc.problems
        raise Divergence(str(path), problems)
    game = _replay(sf, path, factory)
    expected = _expected_hash(game, sf)
    if expected is not None and expected != sf.state_hash:
        raise Divergence(str(path), [_state_problem(expected, sf)])
    answers = count(len(game.decisions), "decision")
    if sf.proof is None:
        if expected is None:  # format 3 seals its state with the proof: nothing to compare
            return Verdict(game, f"its {answers} replay on the embedded scenario", [
                f"the save says format {sf.version} but its proof is missing: its scenario, "
                "seed, options, decisions and final state are not covered"])
        missing = (f"the save says format {sf.version} but its proof is missing"
                   if sf.version >= 2 else "a format-1 save records no proof")
        return Verdict(game, f"its {answers} replay to the recorded board", [
            f"{missing}: its scenario, seed, options and decisions are not covered, and an "
            "edit to what the board does not hold (a brief, a name, the awards) does not show"])
    if sf.version < 3:
        return Verdict(game, f"its scenario, seed, options and {answers} are those saved, and "
                             "replay to the recorded board", [
            f"a format-{sf.version} save's state hash covers the board alone: an answer that "
            "had not yet moved anything (which unit activates) could have been dropped "
            "unseen; saving the game again writes the whole proof"])
    if sf.faces is not None:
        where = sf.branched_from
        return Verdict(game, f"its scenario, seed, options, {answers} and the "
                             f"{len(sf.faces):,} faces thrown before its branch"
                             + (f" (from {where.save or UNSAVED}, after decision {where.at})"
                                if where else "")
                             + " are those saved, and replay to the recorded state")
    return Verdict(game, f"its scenario, seed, options and {answers} are those saved, and "
                         "replay to the recorded state")


def _expected_hash(game: Game, sf: SaveFile) -> str | None:
    """The ``state_hash`` the replayed ``game`` should have recorded: the board's for a
    format-1 or -2 save, sealed with the proof for format 3 (None: its proof is missing)."""
    if sf.version < 3:
        return game.state_hash()
    if sf.proof is None:
        return None
    # a save that is no branch wrote no "faces" into its proof: the seal is of what it wrote
    return sealed_hash(game, sf.proof.model_dump(exclude=set() if sf.proof.faces else {"faces"}))


def _state_problem(expected: str, sf: SaveFile) -> tuple[str, str]:
    return ("state_hash", f"the replay ends in state {expected[:12]}…, "
                          f"not the recorded {sf.state_hash[:12]}…")


def verify(path: str | Path, factory: Factory) -> Game:
    """Replay a save and check what it records (see :func:`check`): raises
    :class:`Divergence` on any difference; a save with less than a whole proof passes
    (the Verdict of :func:`check` says it is not verified)."""
    return check(path, factory).game


def branch(game: Game, at: int, seed: int, factory: Factory, source: str = "") -> Game:
    """A new game from ``game``'s moment after ``at`` decisions: the same scenario, options
    and first ``at`` answers, every face thrown up to then thrown again in order, and fresh
    dice from ``seed`` after that (never the old game's future). It records where it came
    from; saved, it verifies on its own. ValueError if ``at`` is not a moment of ``game``."""
    if not 0 <= at <= len(game.decisions):
        raise ValueError(f"decision {at} is not a moment of this game: it has moments 0 (its "
                         f"start) to {len(game.decisions)} (after its last decision)")
    then = _replay_from(game, at, factory, list(_faces(game)), getattr(game, "seed", 0))
    before = list(_faces(then))
    new = _replay_from(game, at, factory, before, seed)
    new.faces = before
    new.branched_from = {"save": source[-300:], "at": at, "seed": game.seed,
                         "state_hash": then.state_hash()}
    return new


def branch_words(game: Game) -> str | None:
    """Where a branched game came from and that its later dice are fresh, in a player's
    words (the game window's log opens with it, the report says it); None for a game not
    branched."""
    came = getattr(game, "branched_from", None)
    if not came:
        return None
    return (f"This game continues from the moment after decision {came.get('at')} of "
            f"{branch_source(game)}. Every die up to then is the one thrown in that game; "
            "every die after it is fresh, never that game's.")


UNSAVED = "an unsaved game"
"""What a branch says it came from when that game had no file of its own."""


def branch_source(game: Game) -> str:
    """The game a branched game came from, in words: its save's file name, or
    :data:`UNSAVED` (a branch recorded before the window kept the game first)."""
    came = getattr(game, "branched_from", None) or {}
    return str(came.get("save") or UNSAVED)


def _faces(game: Game) -> list[int]:
    return [f for e in game.log.events if e.kind == "roll" for f in e.data.get("faces", ())]


def _replay_from(game: Game, at: int, factory: Factory, faces: list[int], seed: int) -> Game:
    """``game``'s first ``at`` answers played again on a new game of its scenario, the dice
    throwing ``faces`` first, then from ``seed``."""
    scenario = game.scenario  # type: ignore[attr-defined]
    new = factory(game.system, scenario_data(scenario), "branch", scenario.scale, seed,
                  options=getattr(game, "recorded_options", None), faces=faces)
    new.start()
    for answer in game.decisions[:at]:
        new.answer(answer)
    return new
