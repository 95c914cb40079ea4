"""Firepower and Defense pools (AA-116..144): figures, cover, armor, weapons and the caps."""

from __future__ import annotations

import pytest

from ambush_gui.alley import turn
from ambush_gui.alley.fire import fire
from ambush_gui.alley.model import Speed
from ambush_gui.alley.pools import Pool, defense, exposed, firepower
from ambush_gui.alley.weapons import WEAPONS, Support
from tests.alley import kit


def rules(pool: Pool) -> dict[str, int]:
    """The pool's modifiers by rule ID."""
    out: dict[str, int] = {}
    for m in pool.items:
        out[m.rule] = out.get(m.rule, 0) + m.value
    return out


# -- Defense -------------------------------------------------------------------------------


@pytest.mark.rule("AA-116")
def test_defense_dice_are_the_defenders_troop_quality_die() -> None:
    """Marines defend with d8, d6 Insurgents with d6, a d8 Insurgent unit with d8."""
    g = kit.game(
        [
            kit.marines("m", (5, 5)),
            kit.insurgents("i", (5, 15)),
            kit.insurgents("j", (15, 15), tq="d8"),
        ]
    )
    m, i, j = g.unit("m"), g.unit("i"), g.unit("j")
    assert int(defense(g, m, i).die) == 8
    assert int(defense(g, i, m).die) == 6
    assert int(defense(g, j, m).die) == 8


@pytest.mark.rule("AA-117")
def test_defense_is_figures_plus_cover_plus_armor() -> None:
    """4 figures + Cautious + Solid Cover (a building) + body armor = 7 dice."""
    g = kit.game(
        [kit.marines("m", (10, 10)), kit.insurgents("i", (10, 20))],
        pieces=[kit.building("b", (9, 9, 5, 3))],
    )
    m, i = g.unit("m"), g.unit("i")
    m.speed = Speed.CAUTIOUS
    df = defense(g, m, i)
    assert rules(df) == {"AA-117": 4, "AA-120": 1, "AA-124": 1, "AA-128": 1}
    assert df.dice == 7


@pytest.mark.rule("AA-118")
def test_defense_never_exceeds_ten_dice() -> None:
    """12 Insurgents moving Cautiously behind a wall would have 14 dice: they throw 10."""
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (2, 20), n=12, weapons=["rifle"] * 12)],
        pieces=[kit.wall("w", (1, 19, 12, 0.4))],
        script=[4] * 8 + [1] * 10 + [6] * 10,
    )
    m, i = g.unit("m"), g.unit("i")
    i.speed = Speed.CAUTIOUS
    i.pinned = True
    df = defense(g, i, m)
    assert df.raw == 15 and df.dice == 10 and df.capped
    kit.drive(g, fire(g, m, i, "test"), ["best"])
    throws = [e for e in kit.events(g, "roll") if e.data["purpose"].startswith("Defense")]
    assert len(throws[0].data["faces"]) == 10


@pytest.mark.rule("AA-119")
def test_a_unit_not_exposed_gets_no_extra_die_for_clutter() -> None:
    """Near ordinary cover the Defense is just the figures: the clutter is already in it."""
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (10, 18), n=3)],
        pieces=[kit.rubble("r", (9, 19, 2, 1))],
    )
    m, i = g.unit("m"), g.unit("i")
    assert not exposed(g, i)
    assert rules(defense(g, i, m)) == {"AA-117": 3}
    i.translate(0, -10)  # into the open: Exposed, and still 3 Defense dice
    assert exposed(g, i)
    assert rules(defense(g, i, m)) == {"AA-117": 3}


@pytest.mark.rule("AA-120")
def test_moving_cautiously_gives_one_defense_die() -> None:
    """AA-120: a target moving Cautiously throws one more Defense die."""
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))])
    m, i = g.unit("m"), g.unit("i")
    before = defense(g, m, i).dice
    m.speed = Speed.CAUTIOUS
    after = defense(g, m, i)
    assert after.dice == before + 1
    assert rules(after)["AA-120"] == 1


@pytest.mark.rule("AA-121")
def test_a_turn_in_place_lets_the_unit_hunker_down_the_next_turn() -> None:
    """No In Cover die before a whole turn in place; one after it (end of turn counts it)."""
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))])
    m, i = g.unit("m"), g.unit("i")
    g.state.turn = 1
    assert "AA-121" not in rules(defense(g, m, i))
    turn.end_turn(g)  # the unit did not move this turn
    g.state.turn = 2
    turn.start_turn(g)
    assert rules(defense(g, m, i))["AA-121"] == 1


@pytest.mark.rule("AA-122")
def test_a_pinned_unit_claims_hunkered_down() -> None:
    """AA-122: a Pinned unit gets the In Cover die without a turn in place."""
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))])
    m, i = g.unit("m"), g.unit("i")
    m.moved = 3.0  # it has just moved: no turn in place
    assert "AA-122" not in rules(defense(g, m, i))
    m.pinned = True
    assert rules(defense(g, m, i))["AA-122"] == 1


@pytest.mark.rule("AA-123")
def test_in_cover_stacks_with_the_other_cover_dice() -> None:
    """Pinned (In Cover) + Cautious + Solid Cover + armor + 4 figures = 8 dice."""
    g = kit.game(
        [kit.marines("m", (10, 10)), kit.insurgents("i", (10, 20))],
        pieces=[kit.building("b", (9, 9, 5, 3))],
    )
    m, i = g.unit("m"), g.unit("i")
    m.speed, m.pinned = Speed.CAUTIOUS, True
    df = defense(g, m, i)
    assert rules(df) == {"AA-117": 4, "AA-120": 1, "AA-122": 1, "AA-124": 1, "AA-128": 1}
    assert df.dice == 8


@pytest.mark.rule("AA-124")
def test_solid_cover_gives_one_defense_die() -> None:
    """Inside a building, or just behind a stone wall: +1; the same unit in the open: none."""
    g = kit.game(
        [
            kit.marines("m", (2, 2)),
            kit.insurgents("i", (5, 12), n=3),
            kit.insurgents("j", (16, 12.5), n=3),
        ],
        pieces=[kit.building("b", (4, 11, 4, 3)), kit.wall("w", (15, 11.8, 4, 0.4))],
    )
    m, i, j = g.unit("m"), g.unit("i"), g.unit("j")
    assert rules(defense(g, i, m))["AA-124"] == 1
    assert rules(defense(g, j, m))["AA-124"] == 1
    j.translate(0, 8)
    assert "AA-124" not in rules(defense(g, j, m))


@pytest.mark.rule("AA-125")
def test_in_cover_behind_solid_cover_is_two_dice() -> None:
    """EXAMPLE: a unit In Cover (a turn in place) behind Solid Cover gets +2 Defense dice."""
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (5, 12.5), n=3)],
        pieces=[kit.wall("w", (4, 11.8, 4, 0.4))],
    )
    m, i = g.unit("m"), g.unit("i")
    i.still_turns = 1
    df = defense(g, i, m)
    assert df.dice - 3 == 2
    assert rules(df) == {"AA-117": 3, "AA-121": 1, "AA-124": 1}


@pytest.mark.rule("AA-126")
def test_exposed_target_gives_the_attacker_one_firepower_die() -> None:
    """In the open more than 2" from cover: +1 Firepower die; 1.5" from rubble: none."""
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (2, 21), n=3)],
        pieces=[kit.rubble("r", (10, 21, 1, 1))],
    )
    m, i = g.unit("m"), g.unit("i")
    assert exposed(g, i)
    assert rules(firepower(g, m, i))["AA-126"] == 1
    i.translate(6.5, 0)  # the nearest figure is 1.5" from the rubble
    assert not exposed(g, i)
    assert "AA-126" not in rules(firepower(g, m, i))


@pytest.mark.rule("AA-126")
@pytest.mark.rule("AA-122")
@pytest.mark.rule("AA-121")
def test_a_target_in_cover_is_not_exposed() -> None:
    """Play-test: a Pinned unit in the open gave its attacker "+1 Exposed" and itself "+1 In
    Cover". Gone to ground it is In Cover, and so not Exposed (correction
    ``exposed_while_in_cover``); a unit in the open that claims no In Cover still is."""
    g = kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 21), n=3)],
                 options={"exposed_while_in_cover": "not_exposed"})
    m, i = g.unit("m"), g.unit("i")
    i.moved = 2.0
    assert rules(firepower(g, m, i))["AA-126"] == 1 and "AA-122" not in rules(defense(g, i, m))
    i.pinned = True
    assert "AA-126" not in rules(firepower(g, m, i)) and rules(defense(g, i, m))["AA-122"] == 1
    i.pinned, i.moved, i.still_turns = False, 0.0, 1  # Hunkered Down after a turn in place
    assert "AA-126" not in rules(firepower(g, m, i)) and rules(defense(g, i, m))["AA-121"] == 1
    g = kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 21), n=3)],
                 options={"exposed_while_in_cover": "both"})
    g.unit("i").pinned = True  # older saves replay as they were played: both dice
    assert rules(firepower(g, g.unit("m"), g.unit("i")))["AA-126"] == 1
    assert rules(defense(g, g.unit("i"), g.unit("m")))["AA-122"] == 1


@pytest.mark.rule("AA-128")
def test_body_armor_gives_marines_one_die_and_insurgents_none() -> None:
    """AA-128: body armor is +1 Defense die for Marines, none for Insurgents."""
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))])
    m, i = g.unit("m"), g.unit("i")
    assert rules(defense(g, m, i))["AA-128"] == 1
    assert "AA-128" not in rules(defense(g, i, m))


@pytest.mark.rule("AA-131")
def test_six_insurgents_in_an_open_field() -> None:
    """EXAMPLE: 6 Defense dice with no bonus, and the firer gets +1 Firepower for Exposed."""
    g = kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (5, 20), n=6)])
    m, i = g.unit("m"), g.unit("i")
    df = defense(g, i, m)
    assert (df.dice, int(df.die)) == (6, 6)
    assert rules(df) == {"AA-117": 6}
    assert rules(firepower(g, m, i))["AA-126"] == 1


# -- Firepower -----------------------------------------------------------------------------


@pytest.mark.rule("AA-133")
def test_firepower_dice_are_the_firers_troop_quality_die() -> None:
    """AA-133: Marines fire d8s, Insurgents d6s."""
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))])
    m, i = g.unit("m"), g.unit("i")
    assert int(firepower(g, m, i).die) == 8
    assert int(firepower(g, i, m).die) == 6


@pytest.mark.rule("AA-134")
def test_basic_firepower_is_armed_figures_less_lost_dice() -> None:
    """4 riflemen: 4 dice; 2 interruptions suffered: −2; an Overwatch unit's second shot: −1."""
    g = kit.game(
        [kit.marines("m", (2, 2), weapons=["rifle"] * 4), kit.insurgents("i", (2, 21))],
        pieces=[kit.rubble("r", (0, 22.5, 1, 1))],
    )
    m, i = g.unit("m"), g.unit("i")
    assert rules(firepower(g, m, i)) == {"AA-134": 4}
    m.times_interrupted = 2
    assert firepower(g, m, i).dice == 2
    m.times_interrupted = 0
    m.overwatch, m.overwatch_shots = True, 1
    assert firepower(g, m, i, overwatch=True).dice == 3
    # an unarmed figure (a contractor) gives no die
    g.unit("m").figures[0].weapon = "unarmed"
    assert rules(firepower(g, m, i))["AA-134"] == 3


@pytest.mark.rule("AA-135")
def test_final_firepower_adds_support_weapon_and_situational_dice() -> None:
    """AA-135: 4 figures + SAW + M203 + Optimum Range + Exposed = 8 dice."""
    g = kit.game([kit.marines("m", (2, 2)), kit.insurgents("i", (2, 8))])
    m, i = g.unit("m"), g.unit("i")
    fp = firepower(g, m, i)
    assert rules(fp) == {"AA-134": 4, "AA-137": 2, "AA-110": 1, "AA-126": 1}
    assert fp.dice == 4 + 2 + 1 + 1


@pytest.mark.rule("AA-136")
def test_firepower_never_exceeds_ten_dice() -> None:
    """9 riflemen + SAW + M203 + Optimum Range + Exposed = 13: they throw 10."""
    g = kit.game(
        [
            kit.marines("m", (2, 2), weapons=["rifle"] * 9 + ["saw", "m203"]),
            kit.insurgents("i", (2, 8)),
        ],
        script=[4] * 10 + [1] * 4,
    )
    m, i = g.unit("m"), g.unit("i")
    fp = firepower(g, m, i)
    assert fp.raw == 15 and fp.dice == 10
    g.dice.push(10, 10, 10, 10)
    kit.drive(g, fire(g, m, i, "test"), ["best"])
    throw = next(e for e in kit.events(g, "roll") if e.data["purpose"].startswith("Firepower"))
    assert len(throw.data["faces"]) == 10


@pytest.mark.rule("AA-137")
def test_a_support_weapon_figure_adds_dice_on_top_of_its_own() -> None:
    """A lone SAW gunner throws 2 dice: 1 as a figure, 1 for the SAW."""
    g = kit.game(
        [kit.marines("m", (2, 2), weapons=["saw"]), kit.insurgents("i", (2, 21))],
        pieces=[kit.rubble("r", (0, 22.5, 1, 1))],
    )
    fp = firepower(g, g.unit("m"), g.unit("i"))
    assert rules(fp) == {"AA-134": 1, "AA-137": 1}


@pytest.mark.rule("AA-138")
def test_two_support_weapon_classes_light_and_medium() -> None:
    """AA-138: the basic game has Light and Medium support weapons only."""
    classes = {w.support for w in WEAPONS.values()} - {Support.NONE}
    assert classes == {Support.LIGHT, Support.MEDIUM}


@pytest.mark.rule("AA-139")
def test_saw_and_m203_each_add_one_die() -> None:
    """AA-139: a rifleman, a SAW and an M203: 3 + 1 + 1 = 5 dice."""
    g = kit.game(
        [kit.marines("m", (2, 2), weapons=["rifle", "saw", "m203"]), kit.insurgents("i", (2, 21))],
        pieces=[kit.rubble("r", (0, 22.5, 1, 1))],
    )
    fp = firepower(g, g.unit("m"), g.unit("i"))
    sw = {m.label: m.value for m in fp.items if m.rule == "AA-137"}
    assert sorted(sw.values()) == [1, 1] and fp.dice == 5


@pytest.mark.rule("AA-140")
def test_light_machinegun_adds_one_and_rpg_adds_two() -> None:
    """AA-140: a lone LMG gunner throws 2 dice, a lone RPG gunner 3."""
    g = kit.game(
        [
            kit.marines("m", (2, 2)),
            kit.insurgents("i", (2, 21), weapons=["lmg"]),
            kit.insurgents("j", (12, 21), weapons=["rpg"]),
        ],
        pieces=[kit.rubble("r", (5, 0, 1, 1))],
    )
    m = g.unit("m")
    assert rules(firepower(g, g.unit("i"), m)) == {"AA-134": 1, "AA-137": 1}
    assert rules(firepower(g, g.unit("j"), m)) == {"AA-134": 1, "AA-137": 2}


@pytest.mark.rule("AA-141")
def test_every_figure_gives_a_die_and_support_classes_add_one_or_two() -> None:
    """House rule AA-141: Light +1, Medium +2, on top of the gunner's own die."""
    assert {w.name: w.dice for w in WEAPONS.values() if w.support is Support.LIGHT} == {
        "saw": 1,
        "m203": 1,
        "lmg": 1,
    }
    assert WEAPONS["rpg"].dice == 2 and WEAPONS["rpg"].support is Support.MEDIUM
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (12, 21), weapons=["rpg", "rifle"])],
        pieces=[kit.rubble("r", (5, 0, 1, 1))],
    )
    fp = firepower(g, g.unit("i"), g.unit("m"))
    assert fp.dice == 2 + 2  # both figures (the gunner too), and the RPG's two dice


@pytest.mark.rule("AA-142")
def test_firepower_example_marine_fireteam() -> None:
    """EXAMPLE: 4 + SAW + M203 = 6D8; within Optimum Range 7D8; target Exposed 8D8."""
    g = kit.game(
        [kit.marines("m", (2, 2)), kit.insurgents("i", (2, 21))],
        pieces=[kit.rubble("far", (0, 22.5, 1, 1)), kit.rubble("near", (0, 9.5, 1, 1))],
    )
    m, i = g.unit("m"), g.unit("i")
    fp = firepower(g, m, i)
    assert (fp.dice, int(fp.die)) == (6, 8)
    i.translate(0, -12)  # 7" away, beside the near rubble
    assert firepower(g, m, i).dice == 7
    i.translate(6, -2)  # still within 8", now in the open
    assert exposed(g, i)
    assert firepower(g, m, i).dice == 8


@pytest.mark.rule("AA-143")
def test_firepower_example_insurgents_with_an_rpg() -> None:
    """EXAMPLE: 4 small arms + 1 RPG = 7D6; within Optimum Range 8D6; target Exposed 9D6."""
    g = kit.game(
        [kit.marines("m", (2, 21)), kit.insurgents("i", (2, 2), weapons=["rifle"] * 4 + ["rpg"])],
        pieces=[kit.rubble("far", (0, 22.5, 1, 1)), kit.rubble("near", (0, 9.5, 1, 1))],
    )
    m, i = g.unit("m"), g.unit("i")
    fp = firepower(g, i, m)
    assert (fp.dice, int(fp.die)) == (7, 6)
    m.translate(0, -12)  # 6" from the nearest Insurgent, beside the near rubble
    assert firepower(g, i, m).dice == 8
    m.translate(8, -1)  # 6" away and in the open
    assert exposed(g, m)
    assert firepower(g, i, m).dice == 9


@pytest.mark.rule("AA-144")
def test_the_cap_comes_after_every_modifier() -> None:
    """House rule AA-144: 10 riflemen + Optimum + Exposed − Rapid = 11 → 10 (not 10 − 1)."""
    g = kit.game([kit.marines("m", (2, 2), weapons=["rifle"] * 10), kit.insurgents("i", (2, 8))])
    m, i = g.unit("m"), g.unit("i")
    m.speed = Speed.RAPID
    fp = firepower(g, m, i)
    assert fp.raw == 11 and fp.dice == 10


@pytest.mark.rule("AA-144")
def test_no_firepower_dice_means_no_attack() -> None:
    """House rule AA-144: a lone rifleman who moved Rapidly and was interrupted three times
    has −1 dice: no die is thrown, nobody is hit and no Morale Check follows."""
    g = kit.game([kit.marines("m", (2, 2), weapons=["rifle"]), kit.insurgents("i", (2, 8))])
    m, i = g.unit("m"), g.unit("i")
    m.speed, m.times_interrupted = Speed.RAPID, 3
    fp = firepower(g, m, i)
    assert fp.raw == 1 + 1 + 1 - 1 - 3 and fp.dice == 0
    assert kit.drive(g, fire(g, m, i, "test")) == 0
    assert kit.events(g, "roll") == []
    assert len(i.figures) == 4


@pytest.mark.rule("AA-124")
def test_solid_cover_asked_in_one_batch_answers_as_asked_pair_by_pair() -> None:
    """A computer player asks Solid Cover for many fires at once (solid_cover_many, the
    targets shifted along a move), then weighs each fire: every answer is the one a fresh
    game gives asking pair by pair, Exposed too (AA-126)."""
    from ambush_gui import systems
    from ambush_gui.alley.pools import places, solid_cover, solid_cover_many

    scenario = systems.load_scenario(systems.resolve("contracting-trouble"))
    one, batch = systems.new_game(scenario, 3), systems.new_game(scenario, 3)
    pairs = [(t.id, a.id) for t in one.state.units.values() for a in one.state.units.values()
             if t.side is not a.side and t.fighters and a.fighters]
    answers: set[bool] = set()
    for dx in (0.0, 2.5, -7.25):  # the targets shifted along a move, as the computer weighs them
        asked = []
        for tid, aid in pairs:
            with batch.unit(tid).shifted(dx, dx / 2):
                asked.append((places(batch.unit(tid)), batch.unit(aid).points(fighting_only=True)))
        got = solid_cover_many(batch, asked)
        batch.near_cover_many([at for spots, _ in asked for at in spots])
        for (tid, aid), early in zip(pairs, got, strict=True):
            with one.unit(tid).shifted(dx, dx / 2), batch.unit(tid).shifted(dx, dx / 2):
                answer = solid_cover(one, one.unit(tid), one.unit(aid))
                assert early == answer and solid_cover(batch, batch.unit(tid), batch.unit(aid)) == answer
                assert exposed(batch, batch.unit(tid)) == exposed(one, one.unit(tid))
                answers.add(answer)
    assert answers == {True, False}  # both kinds of answer were asked for
