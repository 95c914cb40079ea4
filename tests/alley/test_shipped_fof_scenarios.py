"""Every shipped Force on Force table scenario validates without a warning, and `list
--json` reports its modules, as the scenario's own tests (tests/alley/test_<name>.py) and
its page in docs/rules/ say them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.alley.fof_scenarios import lists_its_modules, validates_without_a_warning

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = [  # file name, title, modules in the order the file gives them
    ("market-day", "Market Day", ["civilians", "ieds", "combat_stress"]),
    ("the-chlorine-house", "The Chlorine House", ["mounted", "ieds", "combat_stress", "nbc"]),
    ("the-last-clinic", "The Last Clinic", ["civilians", "ieds", "mortars", "mounted"]),
    ("the-orchard-battery", "The Orchard Battery", ["mortars", "nbc", "mines", "mounted"]),
    ("the-pump-house", "The Pump House", ["mortars", "nbc", "mines", "civilians"]),
    ("the-signal-box", "The Signal Box", ["combat_stress", "mines"]),
]


@pytest.mark.parametrize(("name", "title", "modules"), SCENARIOS)
def test_it_is_shipped_validates_without_a_warning_and_lists_its_modules(
        name: str, title: str, modules: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "ambush_gui" / "scenarios" / f"{name}.toml"
    validates_without_a_warning(path, name, title, capsys)
    lists_its_modules(path, name, modules, capsys)
