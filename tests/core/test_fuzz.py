"""The fuzz test (issue 12): mutated copies of every shipped file, loaded in this process.

Structure-aware mutations and byte-level corruptions of each shipped scenario and mission,
the charts and a short save of each rule system (recorded when the test starts), with a fixed
seed so a failure is the same failure on every machine. A case fails the test when loading
raises anything but the program's input error (a traceback), when it trips the watchdog (a
hang), or when the file loads and a short game of it with the computer players raises. The
engine is ``tools/fuzz.py``; ``python tools/fuzz.py --cases 3000`` runs a larger batch.
"""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
CASES_PER_FILE = 30  # each of the 20 files: as long as 60 of six took
SEED = 12
MODULE_SEED = 21  # module cases (issue 27): its 30 cases hide an IED in a mob stand three times
BUDGET = 10.0  # seconds a case may take before the watchdog calls it a hang


def _fuzz() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ambush_fuzz", ROOT / "tools" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ambush_fuzz"] = module
    spec.loader.exec_module(module)
    return module


fuzz = _fuzz()
FILES = fuzz.seeds()  # every file the fuzzer mutates; each gets its own cases below


@pytest.fixture(scope="module")
def files() -> list:
    return FILES


def test_every_shipped_file_is_fuzzed(files: list) -> None:
    kinds = {f.kind for f in files}
    names = {f.name for f in files}
    assert kinds == {"scenario", "charts", "save", "campaign", "progress"}
    assert {p.name for p in (ROOT / "ambush_gui" / "scenarios").glob("*.toml")} <= names
    campaigns = (ROOT / "ambush_gui" / "scenarios" / "campaigns").glob("*.toml")
    assert {f"campaigns/{p.name}" for p in campaigns} <= names
    assert {"save-alley.json", "save-ambush.json", "progress.json"} <= names


@pytest.mark.parametrize("index", range(len(FILES)), ids=[f.name for f in FILES])
def test_mutated_files_are_refused_or_play(files: list, index: int) -> None:
    """Every file, not the first six: the table scenarios, the charts and the saves had none
    of these cases once the six Ambush! missions came first in name order."""
    seed_file = files[index]
    report = fuzz.run(CASES_PER_FILE, SEED + index, BUDGET, 30, [seed_file])
    assert report.cases == CASES_PER_FILE
    assert report.bad == 0, "\n\n".join(report.problems[:3])
    # the mutations reach both sides of the loader: some files refused, some played
    assert report.counts.get(fuzz.REFUSED, 0) > 0


@pytest.mark.parametrize("kind", ["scenario", "charts", "save", "campaign", "progress"])
def test_structured_values_where_a_number_is_expected_are_refused_or_play(files: list, kind: str) -> None:
    """Issue 27: a number put in a list or a table, or written as text (a paragraph ``number``
    that was a list crashed ``validate`` and ``play``), in every shipped file of ``kind``."""
    import json
    import random  # noqa: TID251 - mutations for the fuzz test, never the game's dice

    rng = random.Random(SEED)
    outcomes: dict[str, int] = {}
    for seed_file in (f for f in files if f.kind == kind):
        for _ in range(12 if kind == "scenario" else 20):
            data = (json.loads if seed_file.suffix == ".json" else tomllib.loads)(seed_file.text)
            data, how = fuzz.mutate_data(data, rng, op="structured")
            raw = fuzz.dump(data, seed_file.suffix).encode("utf-8")
            r = fuzz.run_case(seed_file.kind, raw, seed_file.suffix, BUDGET, 20)
            assert r.outcome not in fuzz.BAD, f"{seed_file.name}: {how}: {r.outcome}\n{r.detail}"
            outcomes[r.outcome] = outcomes.get(r.outcome, 0) + 1
    assert outcomes.get(fuzz.REFUSED, 0) > 0


def test_the_watchdog_calls_a_hang_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    """The per-case budget is a watchdog: a loader stuck in a loop is reported as a hang."""
    def stuck(kind: str, path: Path, decisions: int) -> None:
        while True:
            pass

    monkeypatch.setattr(fuzz, "load_and_play", stuck)
    r = fuzz.run_case("scenario", b"x = 1\n", ".toml", budget=0.2)
    assert r.outcome == fuzz.HANG


def test_a_crash_after_loading_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    def crashes(kind: str, path: Path, decisions: int) -> object:
        def play() -> None:
            raise KeyError("boom")
        return play

    monkeypatch.setattr(fuzz, "load_and_play", crashes)
    assert fuzz.run_case("scenario", b"x = 1\n", ".toml").outcome == fuzz.CRASHED


def test_a_traceback_while_loading_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    def breaks(kind: str, path: Path, decisions: int) -> None:
        raise RecursionError("deep")

    monkeypatch.setattr(fuzz, "load_and_play", breaks)
    assert fuzz.run_case("scenario", b"x = 1\n", ".toml").outcome == fuzz.TRACEBACK


def test_module_cases_are_refused_or_play(files: list) -> None:
    """Issue 27: the Force on Force scenarios (and the test table with all seven modules)
    with their modules listed in other orders, and a module's reference to a piece, unit or
    figure pointed at an id of another kind (an IED hidden in a mob stand): each is refused
    with its place or plays; none crashes a game."""
    mods = fuzz.module_seeds(files)
    assert {"market-day.toml", "the-orchard-battery.toml", "tests/all-modules.toml"} <= {f.name for f in mods}
    hows = [how for _, _, how in fuzz.cases(30, MODULE_SEED, mods, modules_only=True)]
    assert any(h.startswith("modules in the order") for h in hows) and any(" -> " in h for h in hows)
    # An IED hidden in a mob stand needs a file with both: each such file's cases drawn on
    # their own, so that more shipped scenarios with modules do not crowd it out of the sample.
    both = [f for f in mods if {"ieds", "civilians"} <= set(tomllib.loads(f.text)["modules"])]
    for f in both:
        hows = [how for _, _, how in fuzz.cases(30, MODULE_SEED, [f], modules_only=True)]
        assert any("ieds.devices" in h and "(civilian_mob)" in h for h in hows), f.name
    report = fuzz.run(30, MODULE_SEED, BUDGET, 120, mods, modules_only=True)
    assert report.bad == 0, "\n\n".join(report.problems[:3])
    assert report.counts.get(fuzz.REFUSED, 0) > 0 and report.counts.get(fuzz.OK, 0) > 0
