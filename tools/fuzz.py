"""Fuzz every loader with mutated copies of the shipped files (issue 12).

    python tools/fuzz.py --cases 3000 --seed 1 [--budget 10] [--decisions 40] [--show 5]

Each case takes one shipped file (a scenario, a mission, the charts, or a short save of each
rule system, recorded on the spot) and breaks it: a structure-aware mutation of its data (a
value swapped for NaN, infinity, a huge number, a bad die, a control character, a deep
nesting; a number put in a list or a table or written as text; a key renamed, dropped or
duplicated; a list emptied or blown up), a module case of a Force on Force scenario (its
modules listed in another order; a module's reference to a piece, unit or figure pointed at
an id of another kind, such as an IED hidden in a mob stand) or a byte-level corruption of
its text (a flipped byte, a cut, an insertion). The case then runs the
program's own loader in this process. What counts against the program:

- a **traceback**: any exception other than the program's input error (``InputError``);
- a **hang**: the case ran past its time budget (a watchdog alarm, not a measured assertion);
- **validated but crashed**: the file loaded, and a short game of it with the computer
  players (a few dozen decisions) raised.

The test suite runs a few hundred cases with a fixed seed (tests/core/test_fuzz.py); this
script runs as many as asked and prints the counts and the first problems of each kind.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random  # noqa: TID251 - mutations for the fuzz test, never the game's dice
import signal
import sys
import tempfile
import time
import tomllib
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ambush_gui import systems  # noqa: E402
from ambush_gui.core import saves  # noqa: E402
from ambush_gui.core.errors import InputError  # noqa: E402

OK, REFUSED, TRACEBACK, HANG, CRASHED = "played", "refused", "traceback", "hang", "validated-but-crashed"
BAD = (TRACEBACK, HANG, CRASHED)


class Hang(BaseException):
    """The watchdog's alarm: a BaseException, so no ``except Exception`` in the program
    swallows it."""


@dataclass(frozen=True)
class Seed:
    """A file to mutate: its name, what loads it ("scenario", "charts", "save") and its text."""

    name: str
    kind: str
    suffix: str
    text: str


# -- the files to mutate ------------------------------------------------------------------------


def short_save(scenario_path: Path, decisions: int = 30, seed: int = 3) -> str:
    """A save of the first ``decisions`` decisions of a computer-against-computer game."""
    scenario = systems.load_scenario(scenario_path)
    game = systems.new_game(scenario, seed)
    game.start()
    players = {side: systems.computer_player(game.system) for side in systems.sides(game.system)}
    for _ in range(decisions):
        d = game.pending()
        if d is None:
            break
        game.answer(players[d.side].choose(game, d))
    return saves.dumps(saves.to_data(game))


def campaign_progress(campaign_path: Path, decisions: int = 25, seed: int = 3) -> str:
    """A campaign's progress file as the campaign window keeps it: the first mission played
    out by the computer, its debrief and promotions, and the second mission ``decisions``
    answers in."""
    from ambush_gui.ambush.campaign import Campaign, Progress
    from ambush_gui.ambush.campaign.loadout import suggest
    from ambush_gui.ambush.campaign.simulate import buy_promotions

    campaign = Campaign.load(campaign_path)
    progress = Progress.new(campaign, seed)
    player = systems.computer_player("ambush")
    for mission in range(2):
        assert progress.step_id is not None
        game = progress.start_mission(suggest(campaign, progress.step_id, progress.roster))
        for _ in range(decisions if mission else 100_000):
            d = game.pending()
            if d is None:
                break
            game.answer(player.choose(game, d))
            progress.record(game)
        if mission == 0:
            progress.finish_mission(game)
            buy_promotions(progress)
            progress.next_mission()
    return json.dumps(progress.to_data(), ensure_ascii=False)


def seeds() -> list[Seed]:
    """Every shipped scenario, mission and campaign, the charts, a short save of each
    system, a campaign's progress file one mission and a bit in, and the test table with
    all seven Force on Force modules on."""
    out = [Seed(p.name, "scenario", ".toml", p.read_text(encoding="utf-8"))
           for p in sorted((ROOT / "ambush_gui" / "scenarios").glob("*.toml"))]
    out += [Seed(f"charts/{p.name}", "charts", ".toml", p.read_text(encoding="utf-8"))
            for p in sorted((ROOT / "ambush_gui" / "scenarios" / "charts").glob("*.toml"))]
    campaigns = sorted((ROOT / "ambush_gui" / "scenarios" / "campaigns").glob("*.toml"))
    out += [Seed(f"campaigns/{p.name}", "campaign", ".toml", p.read_text(encoding="utf-8"))
            for p in campaigns]
    if campaigns:
        out.append(Seed("progress.json", "progress", ".json", campaign_progress(campaigns[0])))
    out.append(Seed("save-alley.json", "save", ".json",
                    short_save(ROOT / "ambush_gui" / "scenarios" / "contracting-trouble.toml")))
    out.append(Seed("save-ambush.json", "save", ".json",
                    short_save(ROOT / "ambush_gui" / "scenarios" / "ambush-tutorial.toml")))
    table = ROOT / "tests" / "alley" / "fof" / "all-modules.toml"  # all seven modules on
    if table.exists():
        out.append(Seed(f"tests/{table.name}", "scenario", ".toml", table.read_text(encoding="utf-8")))
    return out


def module_seeds(files: list[Seed]) -> list[Seed]:
    """The scenarios among ``files`` that switch Force on Force modules on."""
    return [f for f in files if f.kind == "scenario" and "modules" in tomllib.loads(f.text)]


# -- mutations ----------------------------------------------------------------------------------

ODD_VALUES: list[Any] = [
    math.nan, math.inf, -math.inf, 0, -1, 1, 7, 1e308, -1e308, 10**30, 2**63, 0.5, -0.0,
    "", " ", "d7", "d0", "²", "٣", "999999999", "99999999d6", "7d6", "1d6+99", "0d6", "\x1b[2J\x07",
    "x" * 5000, "../../etc/passwd", "/etc/x", "A", "0000", "9999", "0101-9999", "us", "german",
    True, False, [], {}, [1, 2, 3], {"a": 1}, "nan", "inf", "-1", "1e9",
]


def _nodes(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) inside ``data``, without recursion."""
    todo = [(path, data)]
    n = 0
    while todo and n < 50_000:  # a list blown up by an earlier mutation is sampled, not walked
        p, v = todo.pop()
        n += 1
        yield p, v
        if isinstance(v, dict):
            todo += [((*p, k), x) for k, x in v.items()]
        elif isinstance(v, list):
            todo += [((*p, i), x) for i, x in enumerate(v)]


def _parent(data: Any, path: tuple[Any, ...]) -> tuple[Any, Any]:
    cur = data
    for k in path[:-1]:
        cur = cur[k]
    return cur, path[-1]


def _copy(value: Any) -> Any:
    """A copy that shares nothing, so no mutation makes a cycle (a value nested too deeply to
    copy becomes an empty one of its type: sharing it could put a table inside itself)."""
    try:
        return copy.deepcopy(value)
    except RecursionError:
        return type(value)()


def _deep(levels: int, leaf: Any = 1, as_dict: bool = False) -> Any:
    v = leaf
    for _ in range(levels):
        v = {"a": v} if as_dict else [v]
    return v


def structured(value: Any, rng: random.Random) -> Any:
    """A number dressed as something else (issue 27): in a list, in a table, as text, as a
    boolean; a designer's typo the loader must refuse with its place, never coerce or crash on."""
    return rng.choice([[value], [value, value], [], {"n": value}, {}, [[value]], str(value),
                       value == 1, [str(value)]])


def mutate_data(data: Any, rng: random.Random, op: str | None = None) -> tuple[Any, str]:
    """One structure-aware mutation of ``data`` (changed in place): returns it and what was done.
    ``op`` forces one kind of mutation (the suite's structured-number cases)."""
    nodes = list(_nodes(data))
    path, value = rng.choice(nodes[1:] or nodes)
    where = ".".join(map(str, path))
    parent, key = _parent(data, path) if path else (None, None)
    op = op or rng.choice(["value", "value", "number", "number", "similar", "similar", "similar", "drop",
                           "rename", "grow", "deep", "empty", "duplicate", "swap", "structured"])
    if parent is None:
        return data, "nothing"
    if op == "structured":  # a structured value where a number is expected
        nums = [(p, v) for p, v in nodes if isinstance(v, int | float) and not isinstance(v, bool) and p]
        if not nums:
            return data, "nothing"
        path, value = rng.choice(nums)
        parent, key = _parent(data, path)
        parent[key] = structured(value, rng)
        return data, f"{'.'.join(map(str, path))} {value} -> {str(parent[key])[:30]}"
    if op == "similar":  # a value of the same type from elsewhere in the file: often valid
        same = [v for p, v in nodes if type(v) is type(value) and p != path]
        if same:
            parent[key] = _copy(rng.choice(same))
            return data, f"{where} = another {type(value).__name__} of the file"
    if op == "value":
        new = rng.choice(ODD_VALUES)
        parent[key] = copy.deepcopy(new)
        return data, f"{where} = {str(new)[:30]!r}"
    if op == "number":
        if isinstance(value, bool) or not isinstance(value, int | float):
            nums = [(p, v) for p, v in nodes if isinstance(v, int | float) and not isinstance(v, bool) and p]
            if not nums:
                return data, "nothing"
            path, value = rng.choice(nums)
            parent, key = _parent(data, path)
            where = ".".join(map(str, path))
        new = rng.choice([value + 1, value - 1, value + 2, value - 2, -value, value * 10,
                          value * 1000, value + 0.5, 0, value * 1e6])
        parent[key] = new
        return data, f"{where} {value} -> {new}"
    if op == "drop":
        del parent[key]
        return data, f"dropped {where}"
    if op == "rename" and isinstance(parent, dict):
        new_key = rng.choice(["\x1b[31mred\x07", "x" * 300, "", "0", key + "_", key.upper()])
        parent[new_key] = parent.pop(key)
        return data, f"renamed {where}"
    if op == "grow" and isinstance(value, list) and value:
        parent[key] = value * rng.choice([2, 50, 3000])
        return data, f"{where} repeated"
    if op == "deep":
        parent[key] = _deep(rng.choice([50, 101, 300, 600]), value if not isinstance(value, dict | list)
                            else 1, as_dict=rng.random() < 0.5)
        return data, f"{where} nested deeply"
    if op == "empty":
        parent[key] = type(value)() if isinstance(value, dict | list | str) else None
        if parent[key] is None:
            del parent[key]
        return data, f"{where} emptied"
    if op == "duplicate" and isinstance(parent, list):
        parent.insert(key, _copy(value))
        return data, f"{where} duplicated"
    if op == "swap" and isinstance(parent, list) and len(parent) > 1:
        j = rng.randrange(len(parent))
        parent[key], parent[j] = parent[j], parent[key]
        return data, f"{where} swapped with [{j}]"
    parent[key] = _copy(rng.choice(ODD_VALUES))  # a copy: the table of odd values stays as it is
    return data, f"{where} replaced"


def _ids(data: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """Every id a module may refer to, with its kind: ("piece", its kind), ("unit", its
    side) or ("figure", its side)."""
    out: dict[str, tuple[str, str]] = {}
    table = data.get("table")
    for piece in table.get("pieces", []) if isinstance(table, dict) else []:
        if isinstance(piece, dict) and isinstance(piece.get("id"), str):
            out[piece["id"]] = ("piece", str(piece.get("kind", "")))
    for unit in data.get("units", []) if isinstance(data.get("units"), list) else []:
        if not isinstance(unit, dict):
            continue
        side = str(unit.get("side", ""))
        for fig in unit.get("figures", []) if isinstance(unit.get("figures"), list) else []:
            if isinstance(fig, dict) and isinstance(fig.get("id"), str):
                out[fig["id"]] = ("figure", side)
        if isinstance(unit.get("id"), str):
            out[unit["id"]] = ("unit", side)
    return out


def mutate_modules(data: Any, rng: random.Random) -> tuple[Any, str]:
    """A Force on Force scenario's modules listed in another order (every hook must be safe
    in any order), or one of its modules' references to a piece, unit or figure pointed at
    an id of another kind (an IED in a mob stand, a minefield that is a building, a mounted
    unit that is a figure): refused with its place, or played."""
    names = data.get("modules") if isinstance(data, dict) else None
    if not isinstance(names, list) or not names:
        return data, "nothing"
    if rng.random() < 0.5:
        order = names[:]
        rng.shuffle(order)
        data["modules"] = order
        return data, f"modules in the order {order}"
    ids = _ids(data)
    refs: list[tuple[Any, Any, str, bool]] = []  # (parent, key, path, the key itself is the id)
    for name in names:
        if not isinstance(name, str) or not isinstance(data.get(name), dict | list):
            continue
        for path, value in _nodes(data[name], (name,)):
            if isinstance(value, str) and value in ids:
                parent, key = _parent(data, path)
                refs.append((parent, key, ".".join(map(str, path)), False))
            if isinstance(value, dict):
                refs += [(value, k, ".".join(map(str, (*path, k))), True) for k in value if k in ids]
    devices = data.get("ieds", {}).get("devices") if isinstance(data.get("ieds"), dict) else None
    kinds = sorted({kind for what, kind in ids.values() if what == "piece"})
    if isinstance(devices, list) and devices and kinds and (not refs or rng.random() < 0.5):
        k = rng.randrange(len(devices))
        if isinstance(devices[k], dict):  # hide the IED in a piece of any kind (a mob stand...)
            kind = rng.choice(kinds)
            devices[k].pop("at", None)
            devices[k]["piece"] = rng.choice([i for i, v in ids.items() if v == ("piece", kind)])
            return data, f"ieds.devices.{k}.piece = {devices[k]['piece']!r} ({ids[devices[k]['piece']][1]})"
    if not refs:
        return data, "nothing"
    parent, key, where, is_key = rng.choice(refs)
    old = key if is_key else parent[key]
    others = [i for i, kind in ids.items() if kind != ids[old]]
    if not others:
        return data, "nothing"
    new = rng.choice(others)
    if is_key:
        if new in parent:
            return data, "nothing"
        parent[new] = parent.pop(key)
    else:
        parent[key] = new
    return data, f"{where}: {old!r} -> {new!r} (a {' '.join(ids[new])}, not a {' '.join(ids[old])})"


def _none_free(data: Any) -> Any:
    """TOML has no null: drop None values (a save's JSON keeps them)."""
    if isinstance(data, dict):
        return {k: _none_free(v) for k, v in data.items() if v is not None}
    if isinstance(data, list):
        return [_none_free(v) for v in data if v is not None]
    return data


def dump(data: Any, suffix: str) -> str:
    if suffix == ".json":
        return json.dumps(data)
    try:
        return tomli_w.dumps(_none_free(data))
    except (TypeError, ValueError, RecursionError):  # TOML cannot say it: say it as JSON
        return json.dumps(data)


def corrupt_bytes(raw: bytes, rng: random.Random) -> tuple[bytes, str]:
    """A byte-level corruption: a flipped byte, a cut, an insertion, a doubled line."""
    if not raw:
        return b"\xff", "one bad byte"
    op = rng.choice(["flip", "truncate", "insert", "line", "nest"])
    i = rng.randrange(len(raw))
    if op == "nest":  # deeper than any data structure we could write with the encoders
        n = rng.choice([200, 1000, 5000, 100_000])
        deep = b"[" * n + b"1" + b"]" * n
        if raw.lstrip().startswith(b"{"):
            return raw.replace(b"{", b'{"deep": ' + deep + b", ", 1), f"nested {n} deep"
        return b"deep = " + deep + b"\n" + raw, f"nested {n} deep"
    if op == "flip":
        return raw[:i] + bytes([raw[i] ^ (1 << rng.randrange(8))]) + raw[i + 1:], f"flipped byte {i}"
    if op == "truncate":
        return raw[:i], f"cut at byte {i}"
    if op == "insert":
        junk = rng.choice([b"\x00", b"\xff\xfe", b"[", b"{", b"]]", b"=", b'"', b"\x1b", b"nan",
                           b"[[[[[[[[", b"\n[x]\n", b"1e999", b"-"])
        return raw[:i] + junk + raw[i:], f"inserted {junk!r} at byte {i}"
    lines = raw.split(b"\n")
    k = rng.randrange(len(lines))
    lines.insert(k, lines[k])
    return b"\n".join(lines), f"doubled line {k + 1}"


def make_case(seed: Seed, rng: random.Random, modules_only: bool = False) -> tuple[bytes, str]:
    """The bytes of one mutated copy of ``seed`` and what was done to it; a scenario with
    Force on Force modules gets a module case (:func:`mutate_modules`) one time in four,
    or every time with ``modules_only``."""
    raw = seed.text.encode("utf-8")
    if not modules_only and rng.random() < 0.3:
        return corrupt_bytes(raw, rng)
    data = json.loads(seed.text) if seed.suffix == ".json" else tomllib.loads(seed.text)
    if seed.kind == "scenario" and isinstance(data, dict) and data.get("modules") and \
            (modules_only or rng.random() < 0.25):
        data, what = mutate_modules(data, rng)
        return dump(data, seed.suffix).encode("utf-8"), what
    how = []
    for _ in range(rng.choice([1, 1, 1, 1, 2, 3])):
        data, what = mutate_data(data, rng)
        how.append(what)
    return dump(data, seed.suffix).encode("utf-8"), "; ".join(how)


# -- running a case -------------------------------------------------------------------------------


def play_short(game: Any, decisions: int) -> None:
    """A few dozen decisions of the computer players."""
    players: dict[str, Any] = {}
    game.start()
    for _ in range(decisions):
        d = game.pending()
        if d is None:
            return
        if d.side not in players:
            players[d.side] = systems.computer_player(game.system)
        game.answer(players[d.side].choose(game, d))


_CHART_MISSION: list[Any] = []


def load_and_play(kind: str, path: Path, decisions: int) -> Callable[[], None] | None:
    """Load ``path`` as a ``kind``; returns the short game to play, if it loaded."""
    if kind == "scenario":
        scenario = systems.load_scenario(path)
        return lambda: play_short(systems.new_game(scenario, 5), decisions)
    if kind == "charts":
        from ambush_gui.ambush.charts import Charts
        from ambush_gui.ambush.mission import Mission

        charts = Charts.load(path)
        if not _CHART_MISSION:
            from ambush_gui.core.files import read_data

            _CHART_MISSION.append(read_data(ROOT / "ambush_gui" / "scenarios" / "ambush-tutorial.toml"))

        def chart_game() -> None:
            try:  # the charts are the mission's reference: a mission they no longer fit is refused
                mission = Mission.from_data(_CHART_MISSION[0], "ambush-tutorial.toml", charts)
            except InputError:
                return
            play_short(systems.new_game(mission, 5), decisions)

        return chart_game
    if kind == "campaign":
        from ambush_gui.ambush.campaign import Campaign

        campaign = Campaign.load(path)
        return lambda: play_campaign(_equipped(campaign, 5), decisions)
    if kind == "progress":
        return _progress(path, decisions)
    saves.read(path)
    game = saves.replay(path, systems.factory)
    return lambda: play_short(game, decisions)


def _equipped(campaign: Any, seed: int) -> Any:
    """A new campaign's progress at its first mission's equip screen."""
    from ambush_gui.ambush.campaign import Progress

    return Progress.new(campaign, seed)


def play_campaign(progress: Any, decisions: int) -> None:
    """What the campaign window does with ``progress``: the mission in play resumed, or the
    next one started with the suggested men; then a few dozen of its decisions."""
    from ambush_gui.ambush.campaign.loadout import suggest

    if progress.phase == "mission":
        game = progress.resume_mission()
    elif progress.phase == "equip" and progress.step_id is not None:
        game = progress.start_mission(suggest(progress.campaign, progress.step_id, progress.roster))
    else:
        return
    play_short(game, decisions)


def _progress(path: Path, decisions: int) -> Callable[[], None]:
    """A progress file as ``validate`` reads it (loaded and played again to what it records)
    and as the campaign window opens it (:func:`play_campaign`). A file that loads but does
    not verify is refused, as ``validate`` refuses it; the window is played on it anyway,
    since it opens such a file too."""
    from ambush_gui.ambush.campaign import Progress

    progress = Progress.load(path)
    problems = progress.verify()

    def play() -> None:
        play_campaign(Progress.load(path), decisions)
        if problems:
            raise _Unverified(problems[0])

    return play


class _Unverified(InputError):
    """A progress file that loads but does not play again to what it records: ``validate``
    refuses it, so it counts as refused."""

    def __init__(self, problem: str) -> None:
        super().__init__("progress.json", [("", problem)])


@dataclass
class Result:
    outcome: str
    seconds: float
    detail: str = ""


def _alarm(signum: int, frame: Any) -> None:
    raise Hang()


def run_case(kind: str, raw: bytes, suffix: str, budget: float = 10.0, decisions: int = 40) -> Result:
    """Load one mutated file in this process under a watchdog, then play it briefly."""
    start = time.perf_counter()
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, budget)
    stage = "load"
    try:
        with tempfile.TemporaryDirectory(prefix="ambush-fuzz-") as tmp:
            path = Path(tmp) / f"case{suffix}"
            path.write_bytes(raw)
            try:
                play = load_and_play(kind, path, decisions)
            except InputError as exc:
                str(exc)
                return Result(REFUSED, time.perf_counter() - start)
            stage = "play"
            if play is not None:
                try:
                    play()
                except _Unverified:
                    return Result(REFUSED, time.perf_counter() - start)
        return Result(OK, time.perf_counter() - start)
    except Hang:
        return Result(HANG, time.perf_counter() - start, f"past {budget:g} s while {stage}ing")
    except Exception:  # everything else is what the fuzzer is looking for
        outcome = TRACEBACK if stage == "load" else CRASHED
        return Result(outcome, time.perf_counter() - start, traceback.format_exc(limit=-6))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@dataclass
class Report:
    cases: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    slowest: float = 0.0

    @property
    def bad(self) -> int:
        return sum(self.counts.get(k, 0) for k in BAD)


def cases(n: int, seed: int, files: list[Seed] | None = None,
          modules_only: bool = False) -> Iterator[tuple[Seed, bytes, str]]:
    """``n`` mutated files, spread evenly over the shipped files, the same for the same seed
    (``modules_only``: module cases only, of the files with modules)."""
    files = files if files is not None else seeds()
    rng = random.Random(seed)
    for i in range(n):
        s = files[i % len(files)]
        raw, how = make_case(s, rng, modules_only)
        yield s, raw, how


def run(n: int, seed: int, budget: float = 10.0, decisions: int = 40,
        files: list[Seed] | None = None, progress: Callable[[int], None] | None = None,
        modules_only: bool = False) -> Report:
    report = Report()
    start = time.perf_counter()
    for i, (s, raw, how) in enumerate(cases(n, seed, files, modules_only)):
        r = run_case(s.kind, raw, s.suffix, budget, decisions)
        report.cases += 1
        report.counts[r.outcome] = report.counts.get(r.outcome, 0) + 1
        report.slowest = max(report.slowest, r.seconds)
        if r.outcome in BAD:
            report.problems.append(f"case {i} ({s.name}: {how[:200]}): {r.outcome}\n{r.detail}")
        if progress is not None:
            progress(i + 1)
    report.seconds = time.perf_counter() - start
    return report


def limit_memory(gb: float) -> None:
    """Cap this process's address space: a case that would eat the machine's memory raises
    MemoryError instead (and counts as a problem) on a machine others share."""
    import resource

    cap = int(gb * 2**30)
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY or soft > cap:
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cases", type=int, default=3000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--budget", type=float, default=10.0, help="seconds a case may take (watchdog)")
    p.add_argument("--decisions", type=int, default=40, help="decisions of each short game")
    p.add_argument("--show", type=int, default=5, help="problems to print in full")
    p.add_argument("--memory", type=float, default=3.0,
                   help="GB the process may take (a file that blows memory up fails, not the machine)")
    p.add_argument("--only", type=int, default=None, help="run only case N (print what it does)")
    p.add_argument("--modules", action="store_true",
                   help="module cases only (module order, references across kinds), of the "
                        "scenarios with modules")
    args = p.parse_args(argv)
    limit_memory(args.memory)
    files = module_seeds(seeds()) if args.modules else seeds()
    if args.only is not None:
        s, raw, how = list(cases(args.only + 1, args.seed, files, args.modules))[-1]
        print(f"case {args.only}: {s.name}: {how}")
        r = run_case(s.kind, raw, s.suffix, args.budget, args.decisions)
        print(r.outcome, f"{r.seconds:.2f} s", r.detail)
        return 1 if r.outcome in BAD else 0
    report = run(args.cases, args.seed, args.budget, args.decisions, files,
                 lambda k: print(f"\r{k}/{args.cases}", end="", file=sys.stderr, flush=True),
                 args.modules)
    print(file=sys.stderr)
    for problem in report.problems[:args.show]:
        print(problem)
    c = report.counts
    print(f"files: {', '.join(f.name for f in files)}")
    print(f"cases: {report.cases} (seed {args.seed}) in {report.seconds:.1f} s; slowest case "
          f"{report.slowest:.2f} s")
    print(f"refused cleanly: {c.get(REFUSED, 0)}, loaded and played: {c.get(OK, 0)}")
    print(f"tracebacks: {c.get(TRACEBACK, 0)}, hangs: {c.get(HANG, 0)}, "
          f"validated-but-crashed: {c.get(CRASHED, 0)}")
    return 1 if report.bad else 0


if __name__ == "__main__":
    sys.exit(main())
