"""Ambush! fire combat invariants, whatever the soldiers, the map and the dice:

- the hit number is always within 0-8 before the die is rolled (FC-016);
- nobody fires into a hex holding an active friend unless he is in it (FC-006, FC-007);
- clips never go negative: a clip is spent only when there is one, one at most per shot,
  and only of the weapon fired (FC-001, FC-021, FC-041).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ambush_gui.ambush.charts import Side, WeaponKind
from ambush_gui.ambush.fire import (
    FireType,
    Target,
    Term,
    fire,
    fire_options,
    german_fire,
    hit_odds,
)
from ambush_gui.ambush.model import Stance, Status
from tests.ambush import kit

US_GUNS = sorted(k for k, w in kit.CHARTS.weapons(Side.US).items()
                 if w.kind is WeaponKind.PERSONAL)
GERMAN_GUNS = sorted(k for k, w in kit.CHARTS.weapons(Side.GERMAN).items()
                     if w.kind is WeaponKind.PERSONAL)
TERRAIN = sorted(kit.CHARTS.spec.terrain)
HEXES = [f"{c:02d}{r:02d}" for c in range(1, 5) for r in range(1, 5)]


@pytest.mark.rule("FC-016")
@given(
    weapon=st.sampled_from(US_GUNS + GERMAN_GUNS),
    ws=st.integers(-6, 9),
    wounded=st.booleans(),
    fire_type=st.sampled_from(list(FireType)),
    stance=st.sampled_from(list(Stance)),
    terrain=st.sampled_from(TERRAIN),
    row=st.integers(1, 8),
    crowd=st.integers(0, 4),
)
@settings(max_examples=200, deadline=None)
def test_the_hit_number_is_always_within_0_and_8(
    weapon: str, ws: int, wounded: bool, fire_type: FireType, stance: Stance, terrain: str,
    row: int, crowd: int,
) -> None:
    others = [kit.german(f"x{i}", chr(66 + i), f"02{row:02d}") for i in range(crowd)]
    b = kit.bench(kit.us("a", "0101", weapons=[weapon], ws=ws, wounded=wounded),
                  kit.german("g", "A", f"02{row:02d}", stance=stance), *others,
                  terrain={f"02{row:02d}": terrain})
    odds = hit_odds(b, b.s("a"), f"a-{weapon}", fire_type, Target("g"))
    if odds is not None:
        assert 0 <= odds.number <= 8
        assert odds.number == min(8, max(0, odds.raw))


soldier_spec = st.tuples(
    st.sampled_from(HEXES),
    st.sampled_from(list(Stance)),
    st.sampled_from([Status.ACTIVE] * 4 + [Status.INCAPACITATED, Status.DEAD, Status.CAPTURED]),
)


@pytest.mark.rule("FC-006")
@pytest.mark.rule("FC-007")
@given(us=st.lists(soldier_spec, min_size=1, max_size=5),
       de=st.lists(soldier_spec, min_size=1, max_size=5),
       woods=st.sets(st.sampled_from(HEXES), max_size=4))
@settings(max_examples=120, deadline=None)
def test_nobody_fires_into_a_hex_with_an_active_friend(
    us: list[tuple[str, Stance, Status]], de: list[tuple[str, Stance, Status]], woods: set[str],
) -> None:
    soldiers = [kit.us(f"u{i}", h, weapons=["thompson", "m1-garand"],
                       ammo=["thompson", "m1-garand"], stance=s, status=x)
                for i, (h, s, x) in enumerate(us)]
    soldiers += [kit.german(f"g{i}", chr(65 + i), h, weapons=["mp40", "kar98k"], stance=s,
                            status=x) for i, (h, s, x) in enumerate(de)]
    b = kit.bench(*soldiers, terrain={h: "woods" for h in woods}, width=4, height=4)
    for firer in b.state.soldiers.values():
        for d in fire_options(b, firer):
            where = b.s(d.target.soldier).hex if d.target.soldier else d.target.wall
            assert where is not None
            friends = [s for s in b.state.in_hex(where, firer.side) if s.id != firer.id]
            assert not friends or where == firer.hex, (firer.id, d)


@pytest.mark.rule("FC-001")
@pytest.mark.rule("FC-021")
@pytest.mark.rule("FC-041")
@given(
    loads=st.lists(st.tuples(st.sampled_from(US_GUNS), st.integers(0, 3)), min_size=1,
                   max_size=3),
    seed=st.integers(0, 10_000),
    data=st.data(),
)
@settings(max_examples=60, deadline=None)
def test_clips_never_go_negative(loads: list[tuple[str, int]], seed: int,
                                 data: st.DataObject) -> None:
    """Random US fire with random dice until nobody can fire or 20 fires: every fire was
    made with a clip of that weapon in hand, and spent at most one per shot, of it only."""
    ammo = [w for w, n in loads for _ in range(n)][:6]
    weapons = list(dict.fromkeys(w for w, _ in loads))
    b = kit.bench(kit.us("a", "0101", weapons=weapons, ammo=ammo),
                  kit.german("g", "A", "0103", stance=Stance.PRONE),
                  kit.german("h", "B", "0104"), strict=False, seed=seed)
    a = b.s("a")
    for _ in range(20):
        options = fire_options(b, a)
        if not options:
            break
        d = data.draw(st.sampled_from(options))
        chart = a.weapon(d.weapon).weapon
        before = Counter(a.ammo)
        assert before[chart] >= 1
        result = kit.drive(fire(b, a), [d.to_json(), lambda dec: data.draw(
            st.sampled_from(dec.options))], spare=True)  # a second snap shot: target or hold
        after = Counter(a.ammo)
        spent = before - after
        assert set(spent) <= {chart} and spent[chart] <= len(result.shots)
        assert spent[chart] == sum(s.clip_spent for s in result.shots)
        assert all(n >= 0 for n in after.values())
        for s in b.state.soldiers.values():  # keep the fight going
            s.status, s.wounded, s.panicked = Status.ACTIVE, False, False
        for w in a.weapons:
            w.jammed = False


@given(seed=st.integers(0, 10_000), term=st.sampled_from(list(Term)),
       spots=st.lists(soldier_spec, min_size=1, max_size=4))
@settings(max_examples=60, deadline=None)
def test_german_fire_terms_always_pick_a_legal_most_exposed_target(
    seed: int, term: Term, spots: list[tuple[str, Stance, Status]],
) -> None:
    """FC-030, FC-048..051: whatever the German picks is legal and the most exposed of its
    hex; he never fires into his own men's hex."""
    soldiers = [kit.us(f"u{i}", h, stance=s, status=x) for i, (h, s, x) in enumerate(spots)]
    b = kit.bench(kit.german("g", "A", "0101", weapons=["kar98k", "mp40", "stick-grenade"]),
                  kit.german("m", "B", "0303"), *soldiers, width=4, height=4, strict=False,
                  seed=seed)
    out = german_fire(b, b.s("g"), term)
    if out.fire is None:
        return
    shot = out.fire.shots[0]
    assert shot.target.soldier is not None
    t_hex = b.s(shot.target.soldier).hex
    assert t_hex != kit.h("0303") or b.s("g").hex == t_hex
    assert b.s("g").weapon(shot.weapon).weapon != "stick-grenade"
