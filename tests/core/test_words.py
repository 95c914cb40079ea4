"""Counted words: "1 casualty", never "1 casualties" (issue 10, defect 11)."""

from __future__ import annotations

import doctest

from ambush_gui.core import words
from ambush_gui.core.words import count, noun, with_article


def test_the_examples_in_the_docstring() -> None:
    result = doctest.testmod(words)
    assert result.failed == 0 and result.attempted > 0


def test_one_is_singular_and_every_other_count_plural() -> None:
    assert [count(n, "fresh figure") for n in (0, 1, 2)] == [
        "0 fresh figures", "1 fresh figure", "2 fresh figures"]
    assert count(1, "die", "dice") == "1 die" and count(5, "die", "dice") == "5 dice"
    assert f"{-1:+d} {noun(-1, 'point')}" == "-1 point"
    assert f"{3:+d} {noun(3, 'point')}" == "+3 points"


def test_the_article_follows_the_sound_of_every_weapon_name_on_the_chart() -> None:
    """Issue 29: "a M1 Garand rifle clip". The article is said as the name begins: letters
    read one by one (M1, MP 40, MG 42, StG 44, BAR), a word (Mk, Kar, Model), a number."""
    from ambush_gui.ambush.charts import Charts

    said = {w.name: with_article(w.name).split()[0] for w in Charts.load().spec.weapons.values()}
    assert said == {
        "M1 Garand rifle": "an", "M1 carbine": "an", "M1A1 Thompson submachinegun": "an",
        "M3 submachinegun": "an", "M1918A2 Browning Automatic Rifle": "an",
        "M1911 pistol": "an", "M1919A4 light machinegun": "an",
        "M1917A1 medium machinegun": "an", "M2 heavy machinegun (.50)": "an",
        "M1 bazooka": "an", "Mk 2 hand grenade": "a", "Satchel charge": "a",
        "Kar 98k rifle": "a", "G43 rifle": "a", "MP 40 submachinegun": "an",
        "StG 44 assault rifle": "an", "P38 pistol": "a", "MG 42 light machinegun": "an",
        "MG 34 on tripod (medium machinegun)": "an", "Panzerfaust": "a",
        "Model 24 stick grenade": "a"}
    assert [with_article(w) for w in ("open", "unit", "hour", "8 cm mortar", "11th", "BAR")] == [
        "an open", "a unit", "an hour", "an 8 cm mortar", "an 11th", "a BAR"]
