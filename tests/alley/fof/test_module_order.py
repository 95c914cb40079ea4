"""Modules in any order, and no crash from a validated file (issue 27).

A scenario lists its modules in the order it likes; the engine calls them in that order.
A module that takes a unit's last figure (an IED going off on the unit that just moved)
must not leave the modules after it measuring a unit with no figures (house rules FF-043
and FF-051). Every shipped Force on Force scenario, and a test table with all seven
modules on, is played with its modules listed in several orders.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from ambush_gui import systems
from ambush_gui.ai.simulate import GameFactory, simulate
from ambush_gui.alley import modules
from ambush_gui.alley.fof.mines import walked_path
from ambush_gui.alley.model import Unit
from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.game import Procedure
from tests.alley import kit
from tests.alley.fof.test_mines import walk

ROOT = Path(__file__).resolve().parents[3]
ALL_MODULES = Path(__file__).with_name("all-modules.toml")


def fof_scenarios() -> list[Path]:
    """Every shipped scenario that switches a Force on Force module on, and the test table."""
    shipped = [p for p in sorted((ROOT / "ambush_gui" / "scenarios").glob("*.toml"))
               if tomllib.loads(p.read_text(encoding="utf-8")).get("modules")]
    return [*shipped, ALL_MODULES]


def orders(names: list[str]) -> list[list[str]]:
    """The file's order, reversed, and each of IEDs and mines first (the order that used
    to crash: IEDs before mines)."""
    out = [names, names[::-1]]
    for first in ("ieds", "mines"):
        if first in names:
            out.append([first, *[n for n in names if n != first]])
    unique: list[list[str]] = []
    for o in out:
        if o not in unique:
            unique.append(o)
    return unique


# -- the hooks ------------------------------------------------------------------------------

class Ambush(modules.RuleModule):
    """A test module: after a move, the unit that moved loses every figure (as a massive
    IED going off on it may do)."""

    name = "test-ambush"

    def after_move(self, unit: Unit, plan: Any) -> Procedure:
        unit.figures.clear()
        return
        yield


class Tape(modules.RuleModule):
    """A test module that measures the path the unit walked after each move (as the mines
    module does) and notes who it measured."""

    name = "test-tape"
    measured: list[str] = []

    def after_move(self, unit: Unit, plan: Any) -> Procedure:
        walked_path(unit, plan)
        Tape.measured.append(unit.id)
        return
        yield


@pytest.fixture
def probes() -> Iterator[None]:
    Tape.measured = []
    modules.register(Ambush)
    modules.register(Tape)
    yield
    modules.REGISTRY.pop(Ambush.name)
    modules.REGISTRY.pop(Tape.name)


@pytest.mark.rule("FF-043", "FF-051")
def test_a_unit_emptied_by_one_module_reaches_no_later_module(probes: None) -> None:
    """FF-043/FF-051 (house rules): an IED that takes the last figure of the unit that set
    it off ends the after-move hooks; the mines listed after it do not measure a unit with
    no figures (its centre is no place: GEOS refused it)."""
    g = kit.game([kit.insurgents("i", (5, 5)), kit.marines("m", (20, 20))],
                 modules=["test-ambush", "test-tape"], strict=False)
    walk(g, "i", "cautious:move-fire", [[5, 9]])
    assert not g.unit("i").figures and Tape.measured == []
    g = kit.game([kit.insurgents("i", (5, 5)), kit.marines("m", (20, 20))],
                 modules=["test-tape", "test-ambush"], strict=False)
    walk(g, "i", "cautious:move-fire", [[5, 9]])
    assert Tape.measured == ["i"]  # listed first, it measured the unit while it stood


# -- pieces referenced across kinds ---------------------------------------------------------

def mob(pid: str, rect: tuple[float, float, float, float]) -> dict[str, Any]:
    return {"id": pid, "kind": "civilian_mob", "rect": list(rect)}


@pytest.mark.rule("FF-051")
def test_an_ied_in_a_civilian_mob_stand_is_refused_with_its_place() -> None:
    """House rule FF-051: an IED hides at a point or in a table piece that stays put; a mob
    stand moves with its crowd, so a file that puts one there is refused, naming the IED
    and what it may be hidden in (it used to validate and then fail as the game began)."""
    units = [kit.marines("m", (2, 2)), kit.insurgents("i", (15, 20))]
    with pytest.raises(ScenarioError) as err:
        kit.scenario(units, pieces=[mob("mob-1", (10, 10, 3, 2))], modules=["civilians", "ieds"],
                     ieds={"devices": [{"id": "ied-market", "piece": "mob-1"}]})
    text = str(err.value)
    assert "device 1" in text and "IED ied-market" in text
    assert "piece 'mob-1' is a civilian mob stand" in text and "a piece that stays put" in text
    # a piece that stays put is still a place for an IED
    kit.scenario(units, pieces=[kit.building("shop", (10, 10, 3, 2))], modules=["ieds"],
                 ieds={"devices": [{"id": "ied-shop", "piece": "shop"}]})


def test_a_game_that_fails_as_it_is_set_up_is_counted_not_fatal() -> None:
    """``simulate`` counts a fault while a game is being set up as that game's exception
    and goes on; it never aborts the run."""
    def broken(seed: int) -> Any:
        raise KeyError("mob-1")

    report = simulate(broken, "broken", 3, 0, {"regular": "normal", "insurgent": "normal"})
    assert report.games == 3 and report.exceptions == 3
    assert "KeyError" in report.problems[0]


# -- every Force on Force scenario, its modules in several orders -----------------------------

@pytest.mark.rule("FF-043", "FF-051")
@pytest.mark.parametrize("path", fof_scenarios(), ids=lambda p: p.stem)
def test_every_fof_scenario_plays_with_its_modules_in_any_order(path: Path, tmp_path: Path) -> None:
    """A few seeded games of computer players (normal) for each order of the scenario's
    modules: no exception, no broken invariant."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    seats = {"regular": "normal", "insurgent": "normal"}
    for k, order in enumerate(orders(list(data["modules"]))):
        variant = tmp_path / f"{path.stem}-{k}.toml"
        variant.write_text(tomli_w.dumps(data | {"modules": order}), encoding="utf-8")
        scenario = systems.load_scenario(variant)
        report = simulate(GameFactory(scenario), scenario.spec.name, 4, 11 + k, seats,
                          systems.invariants, systems.outcome)
        assert report.exceptions == 0 and report.invariant_violations == 0, \
            f"modules {order}:\n" + "\n".join(report.problems[:2])
