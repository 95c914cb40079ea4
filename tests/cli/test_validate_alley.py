"""`ambush-gui validate` refuses the Ambush Alley files that would break play (issue 11).

Each case changes the shipped Contracting Trouble scenario in one way and checks that
`validate` exits 2 with no traceback, naming the file, the place and what was expected.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.cli import main
from ambush_gui.core.files import read_data

SHIPPED = systems.resolve("contracting-trouble")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def written(tmp_path: Path, mutate: Any) -> Path:
    data = read_data(SHIPPED)
    mutate(data)
    p = tmp_path / "scenario.json"
    p.write_text(json.dumps(data))
    return p


def _set(path: tuple[Any, ...], value: Any) -> Any:
    def mutate(d: dict[str, Any]) -> None:
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = value
    return mutate


def _no_units(side: str) -> Any:
    def mutate(d: dict[str, Any]) -> None:
        d["units"] = [u for u in d["units"] if u["side"] != side]
    return mutate


def _empty_table(d: dict[str, Any]) -> None:
    d["units"], d["hot_spots"], d["contractors"] = [], [], []


def _armed_escort(d: dict[str, Any]) -> None:
    d["escorts"] = [{"id": "vip", "at": [12, 18], "label": "VIP", "weapon": "rifle"}]


def _armed_contractor_in_a_unit(d: dict[str, Any]) -> None:
    d["units"][1]["figures"].append({"id": "alpha-5", "kind": "contractor", "weapon": "rifle",
                                     "at": [4.7, 1.5]})


@pytest.mark.parametrize(("mutate", "where", "expected"), [
    pytest.param(_set(("reinforcements", "level"), 9), "reinforcements, Insurgency Level", "1-6",
                 marks=pytest.mark.rule("AA-059")),
    pytest.param(_set(("reinforcements", "level"), 0), "reinforcements, Insurgency Level", "1-6",
                 marks=pytest.mark.rule("AA-059")),
    (_set(("units", 1, "figures", 0, "at"), [21.0, 11.7]), "Fireteam Alpha, figure alpha-1",
     "inside impassable terrain (Wrecked SUV)"),
    pytest.param(_set(("units", 1, "figures", 0, "at"), [1.5, 21.5]), "Fireteam Alpha",
                 "out of cohesion at set-up",
                 marks=pytest.mark.rule("AA-014")),
    pytest.param(_set(("units", 1, "figures", 1, "at"), [1.6, 1.5]), "Fireteam Alpha, figure alpha-2",
                 "bases overlap",
                 marks=pytest.mark.rule("AA-004")),
    pytest.param(_set(("contractors", 1, "at"), [20.7, 10.5]), "contractor contractor-2", "bases overlap",
                 marks=pytest.mark.rule("AA-004")),
    (_set(("hot_spots", 2, "at"), [21.5, 11.5]), "Hot Spot 3", "inside impassable terrain (Wrecked SUV)"),
    pytest.param(_armed_escort, "VIP vip, weapon", "an escort carries no weapon",
                 marks=pytest.mark.rule("CT-016")),
    pytest.param(_armed_contractor_in_a_unit, "Fireteam Alpha, figure alpha-5, weapon", "carries no weapon",
                 marks=pytest.mark.rule("CT-016")),
    (_no_units("insurgent"), "Insurgents", "no units"),
    (_no_units("regular"), "US Marines", "no units"),
    (_empty_table, "US Marines", "no units"),
    (_set(("victory", "awards"), [{"side": "regular", "event": "zone_held", "points": 3,
                                   "zone": "bazaar"}]), "award 1, zone", "no table piece"),
    (_set(("victory", "awards"), [{"side": "regular", "event": "zone_held", "points": 3}]),
     "award 1", "needs a 'zone'"),
    (_set(("victory", "awards"), [{"side": "regular", "event": "enemy_killed", "points": 1,
                                   "edge": "north"}]), "award 1", "'edge' is only for"),
    (_set(("victory", "awards"), [{"side": "regular", "event": "hot_spot_nuked", "points": 1}]),
     "award 1, event", "hot_spot_neutralised"),
], ids=["level 9", "level 0", "figure in impassable", "unit out of cohesion", "overlapping figures",
        "overlapping contractors", "hot spot in impassable", "armed escort", "armed escort in a unit",
        "no insurgent units", "no regular units", "empty table", "unknown zone", "zone missing",
        "edge on a non-exit award", "unknown award event"])
def test_validate_refuses_what_breaks_play(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           mutate: Any, where: str, expected: str) -> None:
    bad = written(tmp_path, mutate)
    code, out, err = run(capsys, "validate", str(bad))
    assert code == 2, out
    assert f"{bad}: {where}:" in err and expected in err, err  # the place in the designer's words
    assert "[0]" not in err and "[1]" not in err  # no zero-based list paths
    assert "Traceback" not in err and "valid" not in out


@pytest.mark.rule("AA-014")
def test_a_unit_within_a_4_inch_radius_is_in_cohesion_at_set_up(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """AA-014: figures 2" apart are no chain, but all within 4" of the centre: accepted."""
    def spread(d: dict[str, Any]) -> None:
        for k, f in enumerate(d["units"][1]["figures"]):
            f["at"] = [1.5 + 2 * k, 1.0]
    code, _, err = run(capsys, "validate", str(written(tmp_path, spread)))
    assert code == 0, err


@pytest.mark.rule("CT-022")
def test_a_plain_number_of_small_arms_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md: ``small_arms`` is a dice expression or a number; the number is
    how many figures arrive."""
    code, out, err = run(capsys, "validate", str(written(tmp_path, _set(
        ("reinforcements", "table", "6", "small_arms"), 4))))
    assert code == 0, err
    from ambush_gui.alley.scenario import Scenario
    spec = Scenario.load(written(tmp_path, _set(("reinforcements", "table", "6", "small_arms"), 4))).spec
    assert spec.reinforcements is not None and spec.reinforcements.table[6].small_arms == "4"
    code, _, err = run(capsys, "validate", str(written(tmp_path, _set(
        ("reinforcements", "table", "6", "small_arms"), -1))))
    assert code == 2 and "reinforcement table, roll 6, small arms" in err


def test_validate_says_what_it_inferred_from_a_format_1_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", str(SHIPPED))
    assert code == 0
    assert "note: format 1: no victory.awards, so the five Contracting Trouble terms score" in out
    assert "contractor_escorted 5" in out
    assert "note: format 1: 2 [[contractors]] read as wounded escorts labelled 'contractor'" in out
