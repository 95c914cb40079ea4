"""Issue 27: Force on Force settings that validated though they were wrong are refused, each
naming the file, the thing (by its name or its number as the designer counts), the key and
what was expected. Each case starts from the shipped Market Day, changed in one place."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ambush_gui.alley.scenario import Scenario
from ambush_gui.core.errors import ScenarioError

MARKET_DAY = Path(__file__).resolve().parents[2] / "ambush_gui" / "scenarios" / "market-day.toml"
BASE = tomllib.loads(MARKET_DAY.read_text(encoding="utf-8"))
SOURCE = "my-market.toml"


def market(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    change(data)
    return data


def refused(change: Callable[[dict[str, Any]], None]) -> tuple[list[tuple[str, str]], str]:
    """The problems (path, what) and the whole message of Market Day with ``change``."""
    with pytest.raises(ScenarioError) as err:
        Scenario.from_data(market(change), SOURCE)
    return err.value.problems, str(err.value)


def loads(change: Callable[[dict[str, Any]], None]) -> Scenario:
    return Scenario.from_data(market(change), SOURCE)


def piece_no(pid: str) -> int:
    return next(i for i, p in enumerate(BASE["table"]["pieces"]) if p["id"] == pid)


def test_market_day_itself_is_valid() -> None:
    assert loads(lambda d: None).spec.name


# -- a rifleman as a Positive or Negative Leader ---------------------------------------------------


@pytest.mark.rule("FF-102")
@pytest.mark.rule("FF-104")
@pytest.mark.parametrize("key", ["positive_leaders", "negative_leaders"])
def test_a_rifleman_is_no_positive_or_negative_leader(key: str) -> None:
    """Seed 003: Positive and Negative Leaders are leaders (of any rank): a figure of kind
    "leader", never a rifleman of a fireteam."""
    def rifleman(d: dict[str, Any]) -> None:
        d["combat_stress"][key] = [{"figure": "alpha-1", "rating": 2}]

    problems, text = refused(rifleman)
    assert [p for p, _ in problems] == [f"combat_stress.{key}[0].figure"]
    word = key.split("_")[0].capitalize()
    assert SOURCE in text and f"{word} Leader 'alpha-1'" in text
    assert "a soldier of Alpha team" in text and 'expected a figure of kind "leader"' in text
    # a leader of any rank is fine: the Lieutenant and the Sergeant swap signs
    loads(lambda d: d["combat_stress"].update(positive_leaders=[{"figure": "lt-1", "rating": 1}],
                                              negative_leaders=[{"figure": "sgt-1", "rating": 2}]))


# -- a side named twice ------------------------------------------------------------------------------


@pytest.mark.rule("FF-110")
@pytest.mark.rule("FF-146")
@pytest.mark.parametrize(("table", "key", "words"), [
    ("combat_stress", "sides", "combat stress settings, sides"),
    ("civilians", "friendly_area", "civilians settings, friendly area")])
def test_a_list_of_sides_names_each_side_once(table: str, key: str, words: str) -> None:
    problems, text = refused(lambda d: d[table].update({key: ["regular", "regular"]}))
    assert [p for p, _ in problems] == [f"{table}.{key}"]
    assert f"{SOURCE}: {words}: 'regular' is listed twice: name each side once" in text
    loads(lambda d: d[table].update({key: ["regular", "insurgent"]}))


# -- mounted distances -------------------------------------------------------------------------------


def mounted(**settings: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d["modules"].append("mounted")
        d["mounted"] = settings
    return change


@pytest.mark.rule("FF-059")
@pytest.mark.rule("FF-060")
@pytest.mark.parametrize("inches", [-4, 0])
def test_a_mounted_optimum_range_is_more_than_nothing(inches: float) -> None:
    problems, text = refused(mounted(optimum_ranges={"d6": 6, "d8": inches}))
    assert [p for p, _ in problems] == ["mounted.optimum_ranges.d8"]
    assert f"{SOURCE}: mounted settings, optimum ranges, d8: must be more than 0" in text


@pytest.mark.rule("FF-055")
def test_a_mounted_rapid_move_is_no_shorter_than_its_tactical_move() -> None:
    problems, text = refused(mounted(tactical=10, rapid=6))
    assert [p for p, _ in problems] == ["mounted.rapid"]
    assert f"{SOURCE}: mounted settings, rapid: a mounted Rapid move of 6\" is shorter than the " \
           "Tactical move of 10\"" in text and "at least as long as Tactical" in text
    loads(mounted(tactical=10, rapid=10))  # the text orders them; equal is not refused
    loads(mounted())  # 8" and 16"


# -- one line per turn, per total ---------------------------------------------------------------------


@pytest.mark.rule("FF-022")
def test_two_mopp_levels_for_one_turn_are_refused() -> None:
    def twice(d: dict[str, Any]) -> None:
        d["modules"].append("nbc")
        d["nbc"] = {"schedule": {"04": {"regular": 2}, "4": {"regular": 3}}}

    problems, text = refused(twice)
    assert [p for p, _ in problems] == ["nbc.schedule"]
    assert (f"{SOURCE}: NBC settings, MOPP schedule: turn 4 is given twice (keys '04' and '4')"
            in text)
    game = loads(lambda d: (d["modules"].append("nbc"),
                            d.update(nbc={"schedule": {"04": {"regular": 2}, "5": {"regular": 3}}})))
    assert sorted(game.spec.module_settings()["nbc"]["schedule"]) == ["04", "5"]


@pytest.mark.rule("FF-154")
def test_two_armed_mob_lines_for_one_total_are_refused() -> None:
    table = {str(n): {"armed": 1} for n in range(1, 7)} | {"04": {"armed": 3}}
    problems, text = refused(lambda d: d["civilians"].update(armed_mob_table=table))
    assert [p for p, _ in problems] == ["civilians.armed_mob_table"]
    assert "armed mob table: total 4 is given twice (keys '4' and '04')" in text


# -- mob stands where no stand could stand ------------------------------------------------------------


@pytest.mark.rule("FF-135")
def test_a_mob_stand_on_another_is_refused_naming_both() -> None:
    fruit, cloth = piece_no("crowd-fruit"), piece_no("crowd-cloth")

    def stacked(d: dict[str, Any]) -> None:
        d["table"]["pieces"][cloth]["rect"] = list(d["table"]["pieces"][fruit]["rect"])

    problems, text = refused(stacked)
    assert (f"table.pieces[{cloth}]", "stands on the mob stand Crowd at the fruit stalls "
            "(crowd-fruit): stands may touch but not overlap (FF-135)") in problems
    assert f"{SOURCE}: Crowd at the cloth stalls (crowd-cloth): stands on the mob stand" in text

    def touching(d: dict[str, Any]) -> None:  # side by side, edge to edge: two stands
        x, y, w, _ = d["table"]["pieces"][fruit]["rect"]
        d["table"]["pieces"][cloth]["rect"] = [x + w, y, 3, 2]
        d["units"] = [u for u in d["units"] if u["id"] not in ("idris", "cell")]

    loads(touching)


@pytest.mark.rule("FF-135")
def test_a_mob_stand_on_impassable_ground_is_refused() -> None:
    cloth = piece_no("crowd-cloth")

    def on_the_canal(d: dict[str, Any]) -> None:
        x, y, *_ = d["table"]["pieces"][cloth]["rect"]
        d["table"]["pieces"].append({"id": "canal", "kind": "open", "label": "Canal",
                                     "rect": [x + 2.5, y, 1.5, 2], "impassable": True})

    problems, text = refused(on_the_canal)
    assert (f"table.pieces[{cloth}]", "stands on Canal (canal), which is impassable: no stand can "
            "stand there (FF-135)") in problems
    assert f"{SOURCE}: Crowd at the cloth stalls (crowd-cloth): stands on Canal" in text


@pytest.mark.rule("FF-135")
def test_rule_tests_may_still_stack_stands_without_the_set_up_check() -> None:
    fruit, cloth = piece_no("crowd-fruit"), piece_no("crowd-cloth")
    data = market(lambda d: d["table"]["pieces"][cloth].update(rect=d["table"]["pieces"][fruit]["rect"]))
    assert Scenario.from_data(data, SOURCE, setup=False).spec.name
