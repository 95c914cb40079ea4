"""Deployment zones and the terrain kinds that need a Force on Force module.

A side's ``deployment`` zones say where its figures set up: the loader reports every
figure outside all of them (and a zone off the table); a side without zones may set
up anywhere, so the shipped scenario is unchanged. Civilian mobs (FF-129..141) and
minefields (FF-027..043) exist in the format with their static defaults, but a scenario
placing them is not played until the module that moves mobs and sets off mines exists
and is switched on.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from ambush_gui.alley import modules
from ambush_gui.alley.model import Side
from ambush_gui.alley.scenario import KIND_DEFAULTS, OUTLINE, Scenario, TerrainKind
from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.files import read_data
from ambush_gui.core.geometry import CoverClass
from tests.alley import kit

CT = Path(__file__).resolve().parents[2] / "ambush_gui" / "scenarios" / "contracting-trouble.toml"


def problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    """What the loader finds wrong with ``data`` ([] when it loads)."""
    try:
        Scenario.from_data(copy.deepcopy(data), "<test>")
    except ScenarioError as exc:
        return list(exc.problems)
    return []


def small(**extra: Any) -> dict[str, Any]:
    """A 24" table with one Marine fireteam at (2, 2)-(4.4, 2) and Insurgents at (10, 20)."""
    return {
        "name": "zones", "title": "Zones",
        "table": {"width": 24, "height": 24, "pieces": extra.pop("pieces", [])},
        "sides": {
            "regular": {"name": "Marines", "optimum_range": 8, **extra.pop("regular", {})},
            "insurgent": {"name": "Insurgents", "optimum_range": 6, **extra.pop("insurgent", {})},
        },
        "units": [kit.marines("m", (2, 2)), kit.insurgents("i", (10, 20), n=3)],
        **extra,
    }


# -- deployment zones ---------------------------------------------------------------------------

def test_the_shipped_scenario_has_no_zones_and_loads_unchanged() -> None:
    data = read_data(CT)
    assert all("deployment" not in side for side in data["sides"].values())
    scn = Scenario.from_data(copy.deepcopy(data), str(CT))
    assert all(side.deployment is None for side in scn.spec.sides.values())
    assert all("deployment" not in side for side in scn.to_data()["sides"].values())  # saves unchanged


def test_figures_inside_their_zones_load() -> None:
    data = small(regular={"deployment": [{"label": "Start line", "rect": [0, 0, 24, 4]}]},
                 insurgent={"deployment": [{"points": [[6, 16], [16, 16], [16, 24], [6, 24]]}]})
    assert problems(data) == []
    scn = Scenario.from_data(data)
    assert scn.spec.sides[Side.REGULAR].deployment[0].label == "Start line"  # type: ignore[index]


def test_a_figure_outside_every_zone_of_its_side_is_named_with_the_zones() -> None:
    data = small(regular={"deployment": [{"rect": [0, 0, 3, 4]}, {"label": "Alley", "rect": [20, 0, 4, 4]}]})
    got = problems(data)
    # m-1 at 2 and m-2 at 2.8 are inside [0, 3]; m-3 at 3.6 and m-4 at 4.4 are not
    assert [p for p, _ in got] == ["units[0].figures[2]", "units[0].figures[3]"]
    what = got[0][1]
    assert what.startswith("stands outside the regular deployment zones")
    assert "m-3" in what and "Marines m" in what and "[3.6, 2.0]" in what
    assert "sides.regular.deployment[0], sides.regular.deployment[1] (Alley)" in what


def test_a_figure_on_the_edge_of_a_zone_is_inside_it() -> None:
    data = small(regular={"deployment": [{"rect": [2, 2, 2.4, 1]}]})
    assert problems(data) == []


def test_zones_bind_only_their_own_side() -> None:
    # the Insurgents have a zone far from the Marines; the Marines have none
    data = small(insurgent={"deployment": [{"rect": [8, 18, 8, 6]}]})
    assert problems(data) == []
    data["units"][1]["figures"][0]["at"] = [2, 10]  # also out of cohesion with its unit (AA-014)
    assert [p for p, _ in problems(data)] == ["units[1].figures[0]", "units[1]"]


def test_a_zone_off_the_table_or_crossing_itself_is_reported_once() -> None:
    data = small(regular={"deployment": [
        {"rect": [0, 0, 30, 4]},
        {"points": [[10, 10], [12, 12], [12, 10], [10, 12]]},
    ]})
    got = problems(data)
    assert ("sides.regular.deployment[0]", "lies partly outside the 24x24 table") in got
    assert ("sides.regular.deployment[1]", OUTLINE) in got
    assert len(got) == 2  # the figures stand in zone 0, and the bowtie is not tried again


def test_a_zone_needs_exactly_one_positive_shape() -> None:
    for bad in ({"rect": [0, 0, 0, 4]}, {}, {"rect": [0, 0, 2, 2], "points": [[0, 0], [1, 0], [1, 1]]},
                {"points": [[0, 0], [1, 1]]}):
        got = problems(small(regular={"deployment": [bad]}))
        assert [p for p, _ in got] == ["sides.regular.deployment[0]"], (bad, got)


def test_off_the_table_figures_are_reported_as_off_the_table_not_also_outside_the_zones() -> None:
    data = small(regular={"deployment": [{"rect": [0, 0, 24, 4]}]})
    data["units"][0]["figures"][0]["at"] = [30, 2]  # also out of cohesion with its unit (AA-014)
    assert [p for p, _ in problems(data)] == ["units[0].figures[0].at", "units[0]"]


# -- civilian mobs and minefields ---------------------------------------------------------------------

def test_the_kinds_static_defaults() -> None:
    assert KIND_DEFAULTS[TerrainKind.CIVILIAN_MOB] == (True, CoverClass.NONE, True)  # FF-135
    assert KIND_DEFAULTS[TerrainKind.MINEFIELD] == (False, CoverClass.NONE, False)


@pytest.mark.parametrize("kind, words, rules, module", [
    ("civilian_mob", "civilian mob", "FF-129..141", "civilians"),
    ("minefield", "minefield", "FF-027..043", "mines"),
])
def test_a_scenario_placing_them_must_switch_their_module_on(
        kind: str, words: str, rules: str, module: str) -> None:
    piece = {"id": "p", "kind": kind, "rect": [8, 8, 3, 2]}
    got = problems(small(pieces=[piece]))
    assert got == [("table.pieces[0].kind",
                    f"{words} pieces need the {module} rule module ({rules}) switched on: add "
                    f"\"{module}\" to the scenario's modules list")]
    assert problems(small(pieces=[piece], modules=[module])) == []


def test_an_unregistered_module_is_named_as_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(modules.REGISTRY, "mines")
    piece = {"id": "p", "kind": "minefield", "rect": [8, 8, 3, 2]}
    got = problems(small(pieces=[piece], modules={"mines": {}}))
    assert got[0] == ("table.pieces[0].kind",
                      "minefield pieces need the Force on Force mines module (FF-027..043), which "
                      "this version does not have yet; the scenario can be saved as a draft but "
                      "not played")
    assert [p for p, _ in got] == ["table.pieces[0].kind", "modules.mines"]


def test_with_the_module_switched_on_a_minefield_is_open_ground_to_eye_and_feet() -> None:
    piece = {"id": "field", "kind": "minefield", "rect": [8, 8, 6, 4]}
    scn = Scenario.from_data(small(pieces=[piece], modules=["mines"]))
    field = scn.table.pieces[0]
    assert field.kind == "minefield" and not field.blocks_sight and not field.impassable


def test_a_mob_stand_is_the_civilians_modules_when_played() -> None:
    """FF-135: with the module on, the stand leaves the static table (it moves, so the
    module owns it and blocks fire and movement through it: tests/alley/fof)."""
    mob = {"id": "mob", "kind": "civilian_mob", "rect": [8, 8, 3, 2]}
    scn = Scenario.from_data(small(pieces=[mob], modules={"civilians": {}}))
    assert [p.id for p in scn.table.pieces] == []
    assert [p.id for p in scn.spec.table.pieces] == ["mob"]
