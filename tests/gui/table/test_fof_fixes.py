"""Fixes from the new-player playtest of the Force on Force scenarios (issue 15): the fire
choices warn about crowds, supporters and prisoners; statuses follow the game; names, not
ids, in what the player reads."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from ambush_gui.alley import turn  # noqa: E402
from ambush_gui.alley.model import Side  # noqa: E402
from ambush_gui.gui.table.dialogs import FireDialog, dialog_for  # noqa: E402
from tests.alley import kit  # noqa: E402
from tests.alley.fof.test_civilians import civ, game, mob  # noqa: E402

MARINES = kit.marines("m", (5, 5))
GUNMEN = kit.insurgents("i", (5, 20))


def open_dialog(qtbot: Any, g: Any, d: Any) -> Any:
    dlg = dialog_for(d, g)
    qtbot.addWidget(dlg)
    dlg.show()
    return dlg


def card_text(dlg: Any, tid: str) -> str:
    return " | ".join(lab.text() for lab in dlg.cards[tid].detail_labels)


@pytest.mark.rule("FF-136")
def test_the_fire_choice_warns_of_a_crowd_within_2_inches(qtbot: Any) -> None:
    g = game([MARINES, GUNMEN], [mob("mob1", 8.5, 11, label="Crowd at the fruit stalls")])
    m, i = g.unit("m"), g.unit("i")
    assert civ(g).near_mobs(m, i) == ["Crowd at the fruit stalls"]
    d = turn.fire_decision(g, m, [i])
    assert d.facts["near_mobs"] == {"i": ["Crowd at the fruit stalls"]}
    dlg = open_dialog(qtbot, g, d)
    assert isinstance(dlg, FireDialog)
    assert ('passes within 2" of Crowd at the fruit stalls: a civilian casualty check '
            "(1-2 on the firer's die)") in card_text(dlg, "i")
    far = game([MARINES, GUNMEN], [mob("mob1", 15, 11)])
    assert civ(far).near_mobs(far.unit("m"), far.unit("i")) == []
    assert "near_mobs" not in turn.fire_decision(far, far.unit("m"), [far.unit("i")]).facts


@pytest.mark.rule("FF-159")
def test_the_fire_choice_names_a_mixed_mobs_unarmed_supporters(qtbot: Any) -> None:
    g = game([MARINES, GUNMEN], [mob("mob1", 15, 11)])
    i = g.unit("i")
    for f in i.figures[:2]:
        f.weapon = "unarmed"
    civ(g).supporters["i"] = {f.id for f in i.figures[:2]}
    d = turn.fire_decision(g, g.unit("m"), [i])
    assert d.facts["supporters"] == {"i": 2}
    dlg = open_dialog(qtbot, g, d)
    n = len(i.fighters)
    assert (f"{n} figures, 2 of them unarmed supporters: hitting them counts as civilian "
            "casualties") in card_text(dlg, "i")


def test_the_fire_choice_says_the_target_holds_one_of_yours_prisoner(qtbot: Any) -> None:
    g = game([MARINES, GUNMEN], [mob("mob1", 15, 11)])
    m, i = g.unit("m"), g.unit("i")
    pow_ = dataclasses.replace(m.figures[0], id="lt-1", side=Side.REGULAR, captive=True)
    i.figures.append(pow_)
    d = turn.fire_decision(g, m, [i])
    assert d.facts["captives"] == {"i": ["Marines m, fighter 1"]}  # by name (alley/names.py)
    dlg = open_dialog(qtbot, g, d)
    assert "holds Marines m, fighter 1 of yours prisoner: he may be hit" in card_text(dlg, "i")


# -- stale or wrong status ------------------------------------------------------------------

def unit_card(qtbot: Any) -> Any:
    from ambush_gui.gui.table.panels import UnitCard

    card = UnitCard()
    qtbot.addWidget(card)
    return card


def mounted_game(uid: str, kind: str) -> Any:
    """Marines "m" and Insurgents "i" (d8), unit ``uid`` mounted as ``kind``."""
    return kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20), tq="d8")],
                    modules=["mounted"], mounted={"units": [{"unit": uid, "type": kind}]},
                    strict=False)


def test_the_unit_card_gives_the_optimum_range_the_pools_use_under_mopp_4(qtbot: Any) -> None:
    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))],
                 modules=["nbc"], nbc={"mopp": {"regular": 4}})
    card = unit_card(qtbot)
    card.show_unit(g, "m")
    assert 'Optimum Range 4" halved in MOPP 3-4 (FF-021; own 8")' in card.body.text()
    card.show_unit(g, "i")
    assert 'Optimum Range 6" &nbsp;' in card.body.text()  # MOPP 0: its own


def test_the_unit_card_says_a_mounted_unit_has_no_optimum_range_and_why(qtbot: Any) -> None:
    """Mounted troops firing mounted (FF-057): the card said "none (own 8", changed by the
    rules in play)"; it says which rule."""
    card = unit_card(qtbot)
    card.show_unit(mounted_game("m", "mounted_troops"), "m")
    assert 'Optimum Range none firing mounted (FF-057; own 8")' in card.body.text()


def test_a_mounted_unit_out_of_play_no_longer_says_it_is_mounted(qtbot: Any) -> None:
    g = mounted_game("i", "cavalry")
    card = unit_card(qtbot)
    card.show_unit(g, "i")
    assert "Cavalry: mounted" in card.body.text()
    g.unit("i").on_table = False  # it has left the table
    card.show_unit(g, "i")
    assert "mounted" not in card.body.text()


def test_the_plan_dialog_gives_a_mounted_units_own_speeds(qtbot: Any) -> None:
    from ambush_gui.gui.table.dialogs import PlanDialog

    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20), tq="d8")],
                 modules=["mounted"], mounted={"units": [{"unit": "i", "type": "cavalry"}]},
                 strict=False)
    dlg = open_dialog(qtbot, g, turn.plan_decision(g, g.unit("i")))
    assert isinstance(dlg, PlanDialog)
    lines = {key: line for key, _, line, _ in dlg.speeds()}
    assert lines["cautious"].startswith('Up to 8"') and lines["rapid"].startswith('Up to 16"')
    on_foot = open_dialog(qtbot, g, turn.plan_decision(g, g.unit("m")))
    lines = {key: line for key, _, line, _ in on_foot.speeds()}
    assert lines["cautious"].startswith('Up to 6"') and lines["rapid"].startswith('Up to 12"')


# -- the Mounted Troops charge refusal ---------------------------------------------------------

@pytest.mark.rule("FF-077")
def test_mounted_troops_dropped_on_an_enemy_are_told_why_they_may_not_charge(qtbot: Any) -> None:
    from tests.gui.table.test_table_view import make_view

    g = kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 10))],
                 modules=["mounted"], mounted={"units": [{"unit": "m", "type": "mounted_troops"}]},
                 strict=False)
    m = g.unit("m")
    m.speed = turn.Speed.CAUTIOUS
    d = turn.move_decision(g, m, 8.0, turn.move_rules(g, m))
    view = make_view(qtbot, g)
    view.begin_move(d)
    refused: list[str] = []
    view.moveRefused.connect(refused.append)
    cx, cy = m.centre()
    ix, iy = g.unit("i").centre()
    assert not view.drop((ix, iy - 0.6))  # onto the enemy's line
    assert refused and "Mounted Troops" in refused[0] and "dismount first (FF-077)" in refused[0], refused
    assert "into contact with enemy figures" not in refused[0]


@pytest.mark.rule("FF-136")
def test_the_line_of_sight_report_warns_of_a_crowd_near_the_line_of_fire() -> None:
    from ambush_gui.gui.table.target_info import target_report

    g = game([MARINES, GUNMEN], [mob("mob1", 8.5, 11, label="Crowd at the fruit stalls")])
    report = target_report(g, g.unit("m"), g.unit("i"))
    assert report.warnings and "Crowd at the fruit stalls: a civilian casualty check" in report.warnings[0]
    assert "Passes within 2&quot; of Crowd at the fruit stalls" in report.html()
    far = game([MARINES, GUNMEN], [mob("mob1", 15, 11)])
    assert target_report(far, far.unit("m"), far.unit("i")).warnings == ()


# -- issue 28: the civilian risk on every fire card, and never the default when avoidable -----

CROWD = 'passes within 2" of Crowd at the fruit stalls: a civilian casualty check'


def crowded() -> Any:
    """m's line of fire at i passes the crowd; m at j, and m2 at either, do not."""
    g = game([MARINES, kit.marines("m2", (18, 5)), GUNMEN, kit.insurgents("j", (16, 20))],
             [mob("mob1", 2.5, 11, label="Crowd at the fruit stalls")])
    assert civ(g).near_mobs(g.unit("m"), g.unit("i")) and not civ(g).near_mobs(g.unit("m2"), g.unit("i"))
    assert not civ(g).near_mobs(g.unit("m"), g.unit("j"))
    return g


def card_says(card: Any) -> str:
    return " | ".join(lab.text() for lab in card.detail_labels)


@pytest.mark.rule("FF-136")
def test_the_fire_lists_first_target_is_not_one_in_a_crowd_when_another_is_clear(qtbot: Any) -> None:
    """Issue 28: a leader inside a crowd came first and Enter fired into it."""
    g = crowded()
    d = turn.fire_decision(g, g.unit("m"), [g.unit("i"), g.unit("j")])
    dlg = open_dialog(qtbot, g, d)
    assert CROWD in card_text(dlg, "i")
    assert dlg.selected() == "j" and list(dlg.cards)[0] == "j"
    assert dlg.fire_button.property("full_text") == f"Fire at {g.unit('j').name}"
    alone = turn.fire_decision(g, g.unit("m"), [g.unit("i")])
    only = open_dialog(qtbot, g, alone)
    assert only.selected() == "i"  # no other: it is still offered, and what Enter presses says so
    assert only.fire_button.property("full_text") == f"Fire at {g.unit('i').name} (1 civilian check)"


@pytest.mark.rule("FF-136")
def test_when_every_target_risks_civilians_the_fewest_checks_come_first() -> None:
    """Play-test: every target in sight risked a crowd, and the first (Enter's) was a
    leader with three civilian checks though one with a single check was offered."""
    from ambush_gui.gui.table.dialogs.fire import safest_first

    warned = {"idris": ["c1", "c2", "c3"], "cell": ["c2"], "bomber": ["c3"], "none": []}
    dice = {"idris": 7, "cell": 6, "bomber": 7, "none": 0}
    order = safest_first(["idris", "cell", "bomber", "none"], dice.get, warned.get)
    assert order == ["cell", "bomber", "idris", "none"]


@pytest.mark.rule("FF-136", "AA-089")
def test_the_reaction_cards_warn_of_the_crowd_and_default_to_a_clear_fire(qtbot: Any) -> None:
    """Issue 28: the reaction card hid the warning the fire list shows."""
    g = crowded()
    d = kit.asks(g, turn.react_to_move(g, g.unit("i")))
    assert set(d.options) == {"none", "m", "m2"}
    dlg = open_dialog(qtbot, g, d)
    assert CROWD in card_says(dlg.cards["m"]) and "Crowd" not in card_says(dlg.cards["m2"])
    assert dlg.cards["m2"].isChecked()


@pytest.mark.rule("FF-136")
def test_the_waiting_units_fire_card_and_return_fire_warn_of_the_crowd(qtbot: Any) -> None:
    """Issue 28: the "fire with waiting unit" card, and the interrupted unit's own return
    fire, say what the fire list says."""
    from ambush_gui.alley.interrupts import _react
    from ambush_gui.core.decisions import Decision, DecisionKind

    g = crowded()
    d = Decision("regular", DecisionKind.OVERWATCH, "Regular: fire at Insurgents i?",
                 options=("none", "m", "m2"), facts={"against": "i", "interrupted": "m2"})
    dlg = open_dialog(qtbot, g, d)
    assert CROWD in card_says(dlg.cards["m"]) and dlg.cards["m2"].isChecked()
    back = _react(g, g.unit("m"), g.unit("i"), ("fire", "none"), "return fire")
    dlg = open_dialog(qtbot, g, back)
    assert CROWD in card_says(dlg.choice_cards["fire"])


@pytest.mark.rule("FF-016")
def test_a_mortar_teams_halted_offers_no_reaction_bonus(qtbot: Any) -> None:
    """A play-test: the mortar team's speeds read "Halted: +1 on Reaction Tests" while its
    card said, rightly, that it never has that +1 (FF-016). The plan says what the rolls
    will be; a rifle team beside it keeps its +1."""
    g = kit.game([kit.marines("mt", (5, 5), weapons=("rifle", "rifle")), kit.marines("m", (15, 5)),
                  kit.insurgents("i", (5, 20))],
                 modules=["mortars"], mortars={"teams": {"mt": "light"}}, strict=False)
    lines = {key: line for key, _, line, _ in open_dialog(
        qtbot, g, turn.plan_decision(g, g.unit("mt"))).speeds()}
    assert "Reaction" not in lines["halted"] and "Reaction" not in lines["overwatch"]
    assert "+1 on Reaction Tests" in lines["cautious"]
    rifles = {key: line for key, _, line, _ in open_dialog(
        qtbot, g, turn.plan_decision(g, g.unit("m"))).speeds()}
    assert "+1 on Reaction Tests" in rifles["halted"] and "+1 on Reaction Tests" in rifles["overwatch"]
