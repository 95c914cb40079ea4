"""Optional rule modules plug into the core turn without changing it (seed 003's shape)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ambush_gui.alley import modules
from ambush_gui.alley.fire import fire
from ambush_gui.alley.model import Unit
from ambush_gui.alley.pools import defense, firepower
from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision
from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.events import Modifier
from ambush_gui.core.game import Procedure
from tests.alley import kit


class Smoke(modules.RuleModule):
    """A test module: smoke gives +N Defense dice, forbids moving east of x=20, logs hooks,
    and asks the Regular a question at the start of each turn."""

    name = "test-smoke"
    calls: list[str] = []

    def start_turn(self) -> Procedure:
        answer = yield Decision("regular", DecisionKind.PLAN, "smoke?", ("yes", "no"))
        Smoke.calls.append(f"start:{answer}")

    def end_turn(self) -> Procedure:
        Smoke.calls.append("end")
        return
        yield

    def after_fire(self, target: Unit, attacker: Unit, hits: int) -> Procedure:
        Smoke.calls.append(f"fire:{target.id}:{hits}")
        return
        yield

    def defense_modifiers(self, target: Unit, attacker: Unit) -> list[Modifier]:
        return [Modifier("smoke", int(self.options.get("dice", 1)), "FF-test")]

    def check_move(self, unit: Unit, plan: Any) -> None:
        if plan.path[-1][0] > 20:
            raise IllegalDecision("the smoke screen hides the east side")


@pytest.fixture
def smoke() -> Iterator[type[Smoke]]:
    Smoke.calls = []
    modules.register(Smoke)
    yield Smoke
    modules.REGISTRY.pop(Smoke.name)


def test_a_module_adds_its_modifiers_to_the_pools(smoke: type[Smoke]) -> None:
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 12))],
                 modules={"test-smoke": {"dice": 2}})
    df = defense(g, g.unit("i"), g.unit("m"))
    assert ("smoke", 2, "FF-test") in [(x.label, x.value, x.rule) for x in df.items]
    assert firepower(g, g.unit("m"), g.unit("i")).items == firepower(g, g.unit("m"), g.unit("i")).items


def test_module_procedures_run_in_the_turn_and_may_ask_decisions(smoke: type[Smoke]) -> None:
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))],
                 modules={"test-smoke": {}}, strict=False)
    d = g.pending()
    assert d is not None and d.prompt == "smoke?"
    g.answer("yes")
    assert smoke.calls == ["start:yes"]


def test_module_move_check_and_after_fire_hooks(smoke: type[Smoke]) -> None:
    from ambush_gui.alley.movement import check_move

    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 12), n=2)],
                 modules={"test-smoke": {}}, strict=False)
    m = g.unit("m")
    with pytest.raises(IllegalDecision, match="smoke screen"):
        check_move(g, m, {"path": [[21, 5]]}, 100)
    check_move(g, m, {"path": [[8, 5]]}, 100)
    proc = fire(g, m, g.unit("i"), "test")
    try:
        d = next(proc)
        while True:
            d = proc.send(d.validate(d.options[0]))
    except StopIteration:
        pass
    assert smoke.calls and smoke.calls[-1].startswith("fire:i:")


def test_an_unknown_module_is_a_scenario_error() -> None:
    with pytest.raises(ScenarioError, match="rule module nightfall"):
        kit.scenario([kit.marines("m", (5, 5))], modules={"nightfall": {}})


def test_no_module_means_the_basic_game() -> None:
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 12))])
    assert not g.modules
    assert all(x.rule.startswith("AA") for x in defense(g, g.unit("i"), g.unit("m")).items)
