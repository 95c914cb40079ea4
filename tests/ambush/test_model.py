"""The Ambush! state vocabulary: building a state, looking soldiers up, the snapshot."""

from __future__ import annotations

import json

import pytest

from ambush_gui.ambush.model import (
    AmbushState,
    ARSpace,
    Side,
    Soldier,
    Status,
    WeaponState,
    enemy,
)
from tests.ambush import kit


def test_a_state_refuses_duplicate_ids_and_soldiers_off_the_map() -> None:
    m = kit.hexmap(4, 4)
    with pytest.raises(ValueError, match="two soldiers"):
        AmbushState.build(m, [kit.us("a", "0101"), kit.us("a", "0102")])
    with pytest.raises(ValueError, match="two weapons"):
        AmbushState.build(m, [kit.us("a", "0101"), kit.us("b", "0102")],
                          [WeaponState("a-m1-garand", "m1919", carriers={"a": 2, "b": 1})])
    with pytest.raises(ValueError, match="off the map"):
        AmbushState.build(m, [kit.us("a", "0909")])
    with pytest.raises(ValueError, match="FC-052"):
        AmbushState.build(m, [kit.us("a", "0101"), kit.us("b", "0101")],
                          [WeaponState("x", "m1-garand", carriers={"a": 2, "b": 1})], kit.CHARTS)


def test_active_soldiers_and_the_hex_look_ups() -> None:
    b = kit.bench(kit.us("a", "0101"), kit.us("d", "0101", status=Status.DEAD),
                  kit.german("g", "B", "0101"), kit.german("h", "A", None))
    st = b.state
    assert [s.id for s in st.in_hex(kit.h("0101"))] == ["a", "g"]
    assert [s.id for s in st.in_hex(kit.h("0101"), Side.US, active=False)] == ["a", "d"]
    assert [s.id for s in st.side(Side.GERMAN)] == ["h", "g"]  # letter order
    assert not b.s("h").on_map and not b.s("d").active
    assert enemy(Side.US) is Side.GERMAN and enemy(Side.GERMAN) is Side.US


def test_a_weapon_of_the_other_side_is_captured() -> None:
    b = kit.bench(kit.us("a", "0101", weapons=["m1-garand", "mp40"]))
    a = b.s("a")
    assert [b.state.captured(b.charts, a, w) for w in a.weapons] == [False, True]
    assert a.primary is a.weapons[0]
    a.weapons[0].broken = True
    assert a.primary is a.weapons[1]


def test_the_snapshot_is_plain_json_and_changes_with_the_state() -> None:
    b = kit.bench(kit.us("a", "0101"), kit.us("n", "0101", weapons=[]),
                  kit.german("g", "A", "0104"), crew=[kit.crew("mg", "m1919", "a", "n")])
    before = json.dumps(b.state.snapshot(), sort_keys=True)
    b.s("g").marker = ARSpace.INACTIVE
    after = json.dumps(b.state.snapshot(), sort_keys=True)
    assert before != after
    assert json.loads(after)["crew_weapons"][0]["carriers"] == {"a": 2, "n": 1}


def test_a_german_needs_no_ammo_boxes_and_labels_show_his_letter() -> None:
    g = Soldier("g", Side.GERMAN, "Schmidt", 3, 6, 1, 4, 1, letter="C", number=7)
    assert g.label == "Schmidt (C)" and g.clips("kar98k") == 0
