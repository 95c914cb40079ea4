"""Ambush! fire combat: the German fire terms and the optional wall fire (FC-048..051,
FC-071..073).

From 0101, hexes 0103 and 0301 are both two away; 0105 is four away. A WS 1 German with a
Kar 98k hits a man standing in the open at short range (0-5) on 7 or less.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Sequence
from typing import Any

import pytest

from ambush_gui.ambush.charts import CHARTS_PATH, Charts, DamageResult, Wall
from ambush_gui.ambush.fire import (
    WALL_FIRE,
    FireType,
    GermanOutcome,
    Term,
    german_choice,
    german_fire,
    perception_check,
    sees,
    wall_weapon,
)
from ambush_gui.ambush.model import Stance, Status
from tests.ambush import kit

NO_JAM = kit.pct(50)


def choice(b: kit.Bench, term: Term = Term.CLOSEST, **kw: Any) -> tuple[str, str, str]:
    aim = german_choice(b, b.s("g"), term, **kw)
    assert aim is not None
    d = aim.declaration
    assert d.target.soldier is not None
    return d.weapon, d.fire.value, d.target.soldier


# -- primary weapon and best fire -------------------------------------------------------------


@pytest.mark.rule("FC-048")
@pytest.mark.parametrize(("at", "weapon"), [("0102", "g-mp40"), ("0104", "g-kar98k")])
def test_the_primary_weapon_is_the_one_with_the_best_chance(at: str, weapon: str) -> None:
    """Next door the MP 40 (7) beats the rifle (6); three hexes off the rifle (6) beats the
    MP 40's medium range (4)."""
    b = kit.bench(kit.german("g", "A", "0101", weapons=["kar98k", "mp40"]), kit.us("a", at))
    assert choice(b)[0] == weapon


@pytest.mark.rule("FC-048")
def test_a_grenade_is_never_the_primary_weapon() -> None:
    b = kit.bench(kit.german("g", "A", "0101", weapons=["stick-grenade", "p38"]),
                  kit.us("a", "0102"))
    assert choice(b)[0] == "g-p38"


@pytest.mark.rule("FC-049")
def test_best_fire_is_aimed_if_he_can_else_snap() -> None:
    b = kit.bench(kit.german("g", "A", "0101"), kit.us("a", "0103"))
    assert choice(b)[1] == "aimed"
    assert choice(b, fires={FireType.SNAP})[1] == "snap"  # a move and snap fire


@pytest.mark.rule("FC-049")
def test_a_lone_german_on_a_machinegun_snap_fires_once() -> None:
    b = kit.bench(kit.german("g", "A", "0101", weapons=[]), kit.german("h", "B", "0101",
                  weapons=[]), kit.us("a", "0104"),
                  crew=[kit.crew("mg", "mg42", "g", "h", prepared_at="0101")],
                  script=[*NO_JAM, kit.d(9)])
    out = german_fire(b, b.s("g"), Term.CLOSEST)
    assert out.fire is not None and [s.fire for s in out.fire.shots] == [FireType.SNAP]
    assert b.s("g").stance is Stance.CROUCHING  # he crouched behind it (FC-058)


# -- closest and easiest ----------------------------------------------------------------------


@pytest.mark.rule("FC-050")
def test_the_closest_target_counts_hexes() -> None:
    b = kit.bench(kit.german("g", "A", "0101"), kit.us("far", "0105"),
                  kit.us("near", "0103", stance=Stance.PRONE), terrain={"0103": "brush"})
    assert choice(b, Term.CLOSEST)[2] == "near"


@pytest.mark.rule("FC-050")
def test_ties_for_closest_go_to_the_easiest() -> None:
    b = kit.bench(kit.german("g", "A", "0101"), kit.us("c", "0103", stance=Stance.CROUCHING),
                  kit.us("s", "0301"))
    assert choice(b, Term.CLOSEST)[2] == "s" and kit.events(b, "tie") == []


@pytest.mark.rule("FC-051")
def test_the_easiest_target_is_the_best_chance_to_hit() -> None:
    b = kit.bench(kit.german("g", "A", "0101"), kit.us("far", "0105"),
                  kit.us("near", "0103", stance=Stance.PRONE))
    assert choice(b, Term.EASIEST)[2] == "far"


@pytest.mark.rule("FC-051")
def test_ties_for_easiest_go_to_the_closest_then_to_a_logged_roll() -> None:
    b = kit.bench(kit.german("g", "A", "0101"), kit.us("far", "0105"), kit.us("near", "0103"))
    assert choice(b, Term.EASIEST)[2] == "near"
    b = kit.bench(kit.german("g", "A", "0101"), kit.us("x", "0103"), kit.us("y", "0301"),
                  script=[2])
    assert choice(b, Term.EASIEST)[2] == "y"
    (tie,) = kit.events(b, "tie")
    assert tie.data["options"] == ["0103", "0301"] and tie.data["face"] == 2


# -- the optional wall fire -------------------------------------------------------------------


def behind_a_wooden_wall(optional: bool = True, script: Sequence[int] = (),
                         per: int = 4) -> kit.Bench:
    """An MG 42 team (G and H, standing) with the gun set up in 0101; Pvt A prone inside the
    wooden building of 0104."""
    return kit.bench(
        kit.german("g", "A", "0101", weapons=[], per=per),
        kit.german("h", "B", "0101", weapons=[]),
        kit.us("a", "0104", stance=Stance.PRONE),
        crew=[kit.crew("mg", "mg42", "g", "h", prepared_at="0101")],
        terrain={"0104": "wooden-building"},
        optional=[WALL_FIRE] if optional else [], script=script,
    )


@pytest.mark.rule("FC-071")
def test_a_german_may_fire_through_a_wooden_wall_at_a_prone_soldier() -> None:
    """Perception 2 passes (PER 4); he crouches and snap fires the MG 42 (hit number
    7 + 1 − 2 = 6, die 1); the mg-wood row gives 7: penetrated; the automatic row gives 9:
    Pvt A is killed."""
    b = behind_a_wooden_wall(script=[kit.d(2), *NO_JAM, kit.d(1), kit.d(7), kit.d(9)])
    out = german_fire(b, b.s("g"), Term.CLOSEST)
    assert (out.outcome, out.detail) == (GermanOutcome.FIRED, "wall of 0104")
    assert out.fire is not None
    shot = out.fire.shots[0]
    assert shot.penetrated and [(s.row, s.result) for s in shot.struck] == [
        ("automatic", DamageResult.KILLED)]
    assert b.s("a").status is Status.DEAD and b.s("g").stance is Stance.CROUCHING
    assert [e.data["rule"] for e in kit.events(b, "penetration")] == ["FC-069"]


@pytest.mark.rule("FC-072")
def test_a_tank_uses_its_main_gun_on_stone_and_its_machinegun_on_wood() -> None:
    raw = tomllib.loads(CHARTS_PATH.read_text())
    data = copy.deepcopy(raw)
    data["weapons"]["kwk40"] = {
        "name": "75mm KwK 40 (tank main gun)", "side": "german", "kind": "personal",
        "snap": False, "range": {"short": 8, "medium": 16, "long": 30},
        "hit": {"short": 7, "medium": 5, "long": 3}, "jam": 1, "damage": "personnel",
        "blast": "grenade-inside",
        "penetration": {"wood": "bazooka-wood", "stone": "bazooka-stone"},
    }
    charts = Charts.from_data(data, "tank.toml")
    b = kit.bench(kit.german("tank", "T", "0101", weapons=["kwk40", "mg34"]), charts=charts)
    stone, wood = wall_weapon(b, b.s("tank"), Wall.STONE), wall_weapon(b, b.s("tank"), Wall.WOOD)
    assert stone is not None and stone.weapon == "kwk40"
    assert wood is not None and wood.weapon == "mg34"


@pytest.mark.rule("FC-073")
def test_a_prone_soldier_inside_a_building_is_hidden_from_outside_his_hex() -> None:
    b = behind_a_wooden_wall()
    g, a = b.s("g"), b.s("a")
    assert not sees(b, g, a) and not sees(b, a, g)
    a.stance = Stance.CROUCHING
    assert sees(b, g, a)
    a.stance, g.hex = Stance.PRONE, kit.h("0104")
    assert sees(b, g, a)


@pytest.mark.rule("FC-073")
def test_the_wall_fire_is_optional_and_only_when_the_paragraph_has_nothing_else() -> None:
    off = behind_a_wooden_wall(optional=False)
    assert german_fire(off, off.s("g"), Term.CLOSEST).outcome is GermanOutcome.NO_TARGET
    on = behind_a_wooden_wall()
    out = german_fire(on, on.s("g"), Term.CLOSEST, other_option=True)
    assert out.outcome is GermanOutcome.NO_TARGET and kit.events(on, "roll") == []


@pytest.mark.rule("FC-073")
@pytest.mark.parametrize(("die", "passed"), [(4, True), (5, False)])
def test_a_perception_check_is_one_die_at_or_under_per(die: int, passed: bool) -> None:
    b = kit.bench(kit.german("g", "A", "0101", per=4), script=[kit.d(die)])
    assert perception_check(b, b.s("g"), "test") is passed


@pytest.mark.rule("FC-073")
def test_a_failed_check_and_he_passes() -> None:
    b = behind_a_wooden_wall(script=[kit.d(6)])
    out = german_fire(b, b.s("g"), Term.CLOSEST)
    assert out.outcome is GermanOutcome.PASSED and b.s("a").status is Status.ACTIVE
