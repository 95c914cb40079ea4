"""Ambush! fire combat: jams and ammunition, US and German (FC-034..047).

Clear Jammed Weapon Chart (shipped): WS 0 clears on 0-3, WS 1 on 0-4 (9 breaks it),
WS 3 on 0-6 (never breaks), WS 4 on 0-7.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from ambush_gui.ambush import throws
from ambush_gui.ambush.charts import JamResult, WeaponKind
from ambush_gui.ambush.fire import (
    FireType,
    GermanOutcome,
    IllegalFire,
    Target,
    Term,
    clear_jam,
    cross_off,
    fire,
    fire_options,
    german_fire,
    load_bazooka,
    why_not,
)
from ambush_gui.ambush.model import Side, Soldier, Stance, Status
from tests.ambush import kit

NO_JAM = kit.pct(50)
KEEP_CLIP = kit.pct(99)


def jammed_thompson(ws: int = 1, weapon: str = "thompson", **kw: Any) -> kit.Bench:
    b = kit.bench(kit.us("a", "0101", weapons=[weapon], ws=ws), kit.german("g", "A", "0102"),
                  **kw)
    b.w(f"a-{weapon}").jammed = True
    return b


# -- jams -------------------------------------------------------------------------------------


@pytest.mark.rule("FC-034")
def test_a_jammed_weapon_cannot_fire_until_cleared() -> None:
    b = jammed_thompson(script=[kit.d(2)])
    assert fire_options(b, b.s("a")) == []
    assert "FC-034" in (why_not(b, b.s("a"), "a-thompson", FireType.AIMED, Target("g")) or "")
    assert clear_jam(b, b.s("a"), "a-thompson") is JamResult.CLEARED
    assert len(fire_options(b, b.s("a"))) == 2


@pytest.mark.rule("FC-035")
@pytest.mark.parametrize(("die", "result"), [(4, JamResult.CLEARED), (5, JamResult.JAMMED)])
def test_clearing_rolls_one_die_in_the_soldiers_ws_column(die: int, result: JamResult) -> None:
    b = jammed_thompson(ws=1, script=[kit.d(die)])
    assert clear_jam(b, b.s("a"), "a-thompson") is result
    assert b.w("a-thompson").jammed is (result is JamResult.JAMMED)
    (event,) = kit.events(b, "clear_jam")
    assert (event.data["die"], event.data["ws"], event.data["rule"]) == (die, 1, "FC-035")


@pytest.mark.rule("FC-035")
def test_clearing_is_done_standing_or_crouching() -> None:
    b = jammed_thompson()
    b.s("a").stance = Stance.PRONE
    with pytest.raises(IllegalFire, match="prone"):
        clear_jam(b, b.s("a"), "a-thompson")


@pytest.mark.rule("FC-036")
def test_a_broken_weapon_is_gone_for_the_mission() -> None:
    b = jammed_thompson(ws=1, script=[kit.d(9)])
    assert clear_jam(b, b.s("a"), "a-thompson") is JamResult.BROKEN
    w = b.w("a-thompson")
    assert w.broken and not w.jammed
    assert fire_options(b, b.s("a")) == []
    assert "FC-036" in (why_not(b, b.s("a"), "a-thompson", FireType.AIMED, Target("g")) or "")
    with pytest.raises(IllegalFire):
        clear_jam(b, b.s("a"), "a-thompson")


@pytest.mark.rule("FC-037")
def test_a_captured_weapon_clears_at_ws_minus_one() -> None:
    """A 4 clears a WS 1 soldier's own Thompson, but not a captured MP 40 (read at WS 0)."""
    own = jammed_thompson(ws=1, script=[kit.d(4)])
    assert clear_jam(own, own.s("a"), "a-thompson") is JamResult.CLEARED
    captured = jammed_thompson(ws=1, weapon="mp40", script=[kit.d(4)])
    assert clear_jam(captured, captured.s("a"), "a-mp40") is JamResult.JAMMED
    assert "FC-037" in kit.texts(captured, "clear_jam")[0]


@pytest.mark.rule("FC-038")
@pytest.mark.parametrize(("ws", "die", "result"), [
    (3, 9, JamResult.JAMMED),  # experts never break a weapon
    (7, 7, JamResult.CLEARED),  # beyond the chart: the nearest column, WS 4
    (-3, 2, JamResult.CLEARED), (-3, 8, JamResult.BROKEN),  # below it: WS -1
])
def test_the_clear_jammed_weapon_chart_is_read_in_the_ws_column(
    ws: int, die: int, result: JamResult,
) -> None:
    b = jammed_thompson(ws=ws, script=[kit.d(die)])
    assert clear_jam(b, b.s("a"), "a-thompson") is result


# -- US ammunition ----------------------------------------------------------------------------


@pytest.mark.rule("FC-039")
def test_a_us_soldier_carries_at_most_six_ammo_boxes() -> None:
    assert kit.us("a", "0101", clips=6).clips("m1-garand") == 6
    with pytest.raises(ValueError, match="FC-039"):
        kit.us("a", "0101", clips=7)


@pytest.mark.rule("FC-040")
def test_grenades_satchels_and_bazooka_rounds_are_crossed_off_when_used() -> None:
    b = kit.bench(kit.us("a", "0101", weapons=["m1-garand", "mk2-grenade", "satchel-charge"],
                         ammo=["m1-garand", "mk2-grenade", "mk2-grenade", "satchel-charge"]),
                  kit.german("g", "A", "0101"))
    cross_off(b, b.s("a"), "mk2-grenade")
    cross_off(b, b.s("a"), "satchel-charge")
    assert b.s("a").ammo == ["m1-garand", "mk2-grenade"]
    assert [e.data["rule"] for e in kit.events(b, "ammo")] == ["FC-040", "FC-040"]
    with pytest.raises(IllegalFire):
        cross_off(b, b.s("a"), "satchel-charge")
    cross_off(b, b.s("g"), "stick-grenade")  # Germans count nothing (FC-043)
    assert len(kit.events(b, "ammo")) == 2


@pytest.mark.rule("FC-041")
def test_only_a_clip_of_the_weapon_fired_is_crossed_off() -> None:
    b = kit.bench(kit.us("a", "0101", weapons=["m1-carbine", "m1-garand"],
                         ammo=["m1-garand", "m1-garand", "m1-carbine", "m1-carbine"]),
                  kit.german("g", "A", "0103"), script=[*NO_JAM, kit.d(9), *kit.pct(19)])
    result = kit.drive(fire(b, b.s("a")), [kit.aimed("a-m1-carbine", "g")])
    assert result.shots[0].clip_spent
    assert (b.s("a").clips("m1-carbine"), b.s("a").clips("m1-garand")) == (1, 2)


@pytest.mark.rule("FC-042")
def test_personal_weapons_reload_by_themselves() -> None:
    """Two Garand clips: each fire spends one and the next fire needs no action, until none
    is left."""
    b = kit.bench(kit.us("a", "0101", clips=2), kit.german("g", "A", "0104", stance=Stance.PRONE),
                  script=[*NO_JAM, kit.d(9), *kit.pct(0)] * 2)
    for left in (1, 0):
        kit.drive(fire(b, b.s("a")), [kit.aimed("a-m1-garand", "g")])
        assert b.s("a").clips("m1-garand") == left
    assert fire_options(b, b.s("a")) == []


@pytest.mark.rule("FC-042")
def test_a_bazooka_is_reloaded_by_a_prepare_action() -> None:
    b = kit.bench(kit.us("a", "0101", weapons=["bazooka"], ammo=["bazooka"] * 2),
                  kit.german("g", "A", "0103"), script=[*NO_JAM, kit.d(9)])
    load_bazooka(b, b.s("a"), b.s("a"), "a-bazooka")
    kit.drive(fire(b, b.s("a")), [{"weapon": "a-bazooka", "fire": "aimed", "target": "g"}])
    assert fire_options(b, b.s("a")) == []
    load_bazooka(b, b.s("a"), b.s("a"), "a-bazooka")
    assert len(fire_options(b, b.s("a"))) == 1


# -- German ammunition ------------------------------------------------------------------------


def germans(*extra: Soldier, weapons: tuple[str, ...] = ("kar98k",),
            script: Sequence[int] = ()) -> kit.Bench:
    """German G (letter A) in 0101, a US soldier one hex away in 0102."""
    return kit.bench(kit.german("g", "A", "0101", weapons=weapons), kit.us("a", "0102"), *extra,
                     script=script)


@pytest.mark.rule("FC-043")
def test_germans_never_spend_clips() -> None:
    """No Out of Ammo roll for a German: the strict script holds only jam, hit and damage."""
    b = germans(script=[*NO_JAM, kit.d(1), kit.d(0)])
    out = german_fire(b, b.s("g"), Term.CLOSEST)
    assert out.outcome is GermanOutcome.FIRED and kit.events(b, "ammo") == []
    assert b.s("g").ammo == []
    with pytest.raises(ValueError, match="FC-043"):
        Soldier("x", Side.GERMAN, "x", 3, 6, 1, 4, 1, ammo=["kar98k"])


@pytest.mark.rule("FC-043", "FC-040")
def test_a_german_crosses_off_no_grenade_he_throws() -> None:
    """Germans track no ammunition (FC-043): a stick grenade thrown is not crossed off, its
    weapon stays with him, ready, and he may throw again; a US grenade is crossed off
    (FC-040). Two duds keep the dice out of it (the dud is read after the crossing off)."""
    b = germans(kit.us("u", "0103", weapons=["m1-garand"], ammo=["m1-garand", "mk2-grenade"]),
                weapons=("kar98k", "stick-grenade"), script=[*kit.pct(1)] * 3)
    g = b.s("g")
    before = [(w.id, w.weapon) for w in g.weapons]
    for _ in range(2):
        kit.drive(throws.throw_grenade(b, g, kit.h("0103")))
    assert [(w.id, w.weapon) for w in g.weapons] == before
    assert not any(w.out_of_ammo for w in g.weapons) and g.ammo == []
    assert kit.h("0103") in throws.throw_targets(b, g, WeaponKind.GRENADE)
    assert kit.events(b, "ammo") == []
    kit.drive(throws.throw_grenade(b, b.s("u"), kit.h("0101")))  # the US thrower, by contrast
    assert b.s("u").ammo == ["m1-garand"]
    assert [e.data["soldier"] for e in kit.events(b, "ammo")] == ["u"]


@pytest.mark.rule("FC-043")
def test_a_german_runs_dry_only_when_a_paragraph_says_so() -> None:
    b = germans()
    b.w("g-kar98k").out_of_ammo = True  # the paragraph said so
    assert fire_options(b, b.s("g")) == []


@pytest.mark.rule("FC-044")
def test_out_of_ammunition_a_german_fires_his_secondary_weapon() -> None:
    b = germans(weapons=("kar98k", "p38"), script=[*NO_JAM, kit.d(9)])
    b.w("g-kar98k").out_of_ammo = True
    out = german_fire(b, b.s("g"), Term.CLOSEST)
    assert out.outcome is GermanOutcome.FIRED and out.fire is not None
    assert out.fire.weapon == "g-p38"


@pytest.mark.rule("FC-044")
def test_else_he_takes_ammunition_from_a_german_in_his_hex() -> None:
    b = germans(kit.german("m", "B", "0101"))
    b.w("g-kar98k").out_of_ammo = True
    out = german_fire(b, b.s("g"), Term.CLOSEST)
    assert (out.outcome, out.detail) == (GermanOutcome.SWAPPED_AMMO, "m")
    assert not b.w("g-kar98k").out_of_ammo and not b.w("m-kar98k").out_of_ammo


@pytest.mark.rule("FC-044")
@pytest.mark.parametrize(("other", "outcome", "stance"), [
    (True, GermanOutcome.OTHER_OPTION, Stance.STANDING), (False, GermanOutcome.PRONE, Stance.PRONE),
])
def test_else_his_first_non_firing_option_else_prone_and_he_never_leaves_his_path(
    other: bool, outcome: GermanOutcome, stance: Stance,
) -> None:
    b = germans(kit.german("m", "B", "0201"))  # a mate, but not in his hex
    b.w("g-kar98k").out_of_ammo = True
    out = german_fire(b, b.s("g"), Term.CLOSEST, other_option=other)
    assert out.outcome is outcome and b.s("g").stance is stance
    assert b.s("g").hex == kit.h("0101")


@pytest.mark.rule("FC-045")
def test_with_a_jammed_weapon_a_german_uses_his_second_weapon() -> None:
    b = germans(weapons=("kar98k", "p38"), script=[*NO_JAM, kit.d(9)])
    b.w("g-kar98k").jammed = True
    out = german_fire(b, b.s("g"), Term.CLOSEST)
    assert out.fire is not None and out.fire.weapon == "g-p38"


@pytest.mark.rule("FC-045")
def test_else_he_spends_his_fire_order_clearing_the_jam() -> None:
    b = germans(script=[kit.d(3)])
    b.w("g-kar98k").jammed = True
    out = german_fire(b, b.s("g"), Term.CLOSEST)
    assert (out.outcome, out.fire, out.detail) == (GermanOutcome.CLEARED_JAM, None, "cleared")
    assert not b.w("g-kar98k").jammed


@pytest.mark.rule("FC-046")
def test_an_unarmed_german_picks_up_a_weapon_in_his_hex() -> None:
    """From an inactive German before an inactive US soldier; an active US soldier's never."""
    b = kit.bench(kit.german("g", "A", "0101", weapons=[]), kit.us("a", "0101"),
                  kit.us("dead", "0101", status=Status.DEAD, weapons=["thompson"]),
                  kit.german("d", "B", "0101", status=Status.INCAPACITATED, weapons=["mp40"]))
    out = german_fire(b, b.s("g"), Term.CLOSEST)
    assert (out.outcome, out.detail) == (GermanOutcome.PICKED_UP, "d-mp40")
    assert [w.id for w in b.s("g").weapons] == ["d-mp40"] and b.s("d").weapons == []
    b.state.soldiers["d"].hex = kit.h("0202")
    b.s("g").weapons.clear()
    out = german_fire(b, b.s("g"), Term.CLOSEST)
    assert (out.outcome, out.detail) == (GermanOutcome.PICKED_UP, "dead-thompson")


@pytest.mark.rule("FC-047")
def test_the_no_fire_options_are_taken_in_order_and_use_up_his_fire_order() -> None:
    """House rule FC-047: a jam before ammunition; sharing ammunition or picking up a weapon
    is his whole order (no shot follows: the strict script holds one die, the jam's)."""
    b = kit.bench(kit.german("g", "A", "0101", weapons=["kar98k", "mp40"]),
                  kit.german("m", "B", "0101"), kit.us("a", "0102"), script=[kit.d(8)])
    b.w("g-kar98k").out_of_ammo = True
    b.w("g-mp40").jammed = True
    out = german_fire(b, b.s("g"), Term.CLOSEST)
    assert (out.outcome, out.detail) == (GermanOutcome.CLEARED_JAM, "jammed")  # an 8: not yet
    b.w("g-mp40").broken = True
    assert german_fire(b, b.s("g"), Term.CLOSEST).outcome is GermanOutcome.SWAPPED_AMMO
    assert kit.events(b, "fire") == []
