"""The balance band (35-65% of the decisive games each, draws at most 20%) and the verdict
the editor's Simulate shows: which side is out of band, by how much, and the levers this
scenario's own file has, in the editor's words (issue 30: a scenario built in the editor came
out 95% for the Regulars with no warning)."""

from __future__ import annotations

from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.ai.balance import MOST_DRAWS, WIN_BAND, judge, verdict

TABLE = ["regular", "insurgent"]


def spec(name: str, **changes: Any) -> Any:
    s = systems.load_scenario(systems.resolve(name)).spec
    return s.model_copy(update=changes) if changes else s


def test_the_band_is_the_issues_figures() -> None:
    assert WIN_BAND == (0.35, 0.65) and MOST_DRAWS == 0.20


@pytest.mark.parametrize(("wins", "favoured", "draws_over"), [
    ({"regular": 65, "insurgent": 35}, None, False),  # on the edge: in band
    ({"regular": 66, "insurgent": 34}, "regular", False),
    ({"regular": 30, "insurgent": 70}, "insurgent", False),
    ({"regular": 40, "insurgent": 40, "draw": 20}, None, False),  # 20% of 100: in band
    ({"regular": 40, "insurgent": 39, "draw": 21}, None, True),
    ({"regular": 19, "insurgent": 1, "draw": 80}, "regular", True),  # both at once
    ({"draw": 5}, None, True),  # no decisive game at all
])
def test_judge_finds_the_side_over_the_band_and_too_many_draws(
        wins: dict[str, int], favoured: str | None, draws_over: bool) -> None:
    b = judge(wins, TABLE)
    assert (b.favoured, b.too_many_draws) == (favoured, draws_over)
    assert b.in_band == (favoured is None and not draws_over)


def test_no_finished_game_is_not_called_balanced() -> None:
    v = verdict(spec("contracting-trouble"), {})
    assert not v.in_band and "No game finished" in v.findings[0] and not v.levers


def test_a_side_over_the_band_is_named_with_its_figure_and_the_levers_to_pull() -> None:
    """Market Day's Rangers winning 95 of 100: the scenario's own names, the figure, and the
    levers it has: its turn limit, Hot Spots with its Insurgency Level, its one zone, forces."""
    v = verdict(spec("market-day"), {"regular": 95, "insurgent": 5})
    assert not v.in_band
    assert v.findings == ["Out of band: the Rangers (Regulars) won 95 of the 100 decisive games (95%), "
                          "more than the 65% the band allows."]
    text = "\n".join(v.levers)
    assert "give the Rangers fewer turns to do what scores; it is 10 now" in text
    assert "Hot Spots (the H tool)" in text and "5 Hot Spots now" in text
    assert "raise the Insurgency Level (2 now)" in text
    assert "set the Gunmen up nearer" in text  # they have no zone: their units are moved
    assert "move the Rangers' deployment zone (South gate) further from" in text
    assert "Rangers (4 units, 10 figures now)" in text and "Gunmen (5 units, 17 figures)" in text
    assert "IEDs (the I tool): more of them, or nearer the way the Rangers must go (1 IED now)" in text
    assert "100 games" in v.caution  # a first look, not a measurement


def test_the_weaker_regulars_get_the_opposite_levers() -> None:
    v = verdict(spec("the-orchard-battery"), {"regular": 10, "insurgent": 45, "draw": 5})
    assert v.findings[0].startswith("Out of band: the Militia (Insurgents) won 45 of the 55")
    text = "\n".join(v.levers)
    assert "give the Border Horse more turns" in text and "it is 9 now" in text
    assert "lower the Insurgency Level (3 now)" in text and "remove some" in text
    assert "move the Border Horse's deployment zone (Foot of the goat track) nearer" in text
    assert "Minefields (the Minefield tool): fewer, or further from the way the Border Horse must " \
           "go (3 minefields now)" in text


def test_only_levers_the_file_has_are_named() -> None:
    """No reinforcements: no Hot Spot lever; no zones: none named; no escorts, no IEDs: none."""
    bare = spec("the-orchard-battery", reinforcements=None, escorts=[], contractors=[])
    bare = bare.model_copy(update={"sides": {side: s.model_copy(update={"deployment": None})
                                             for side, s in bare.sides.items()}})
    text = "\n".join(verdict(bare, {"regular": 50}).levers)
    assert "Turn limit" in text and "Forces" in text and "Places: set the Militia up nearer" in text
    assert "Hot Spot" not in text and "Insurgency Level" not in text
    assert "deployment zone" not in text and "escort" not in text and "IED" not in text


def test_draws_with_nothing_to_score_say_so() -> None:
    s = spec("the-tailors-ledger")
    nothing = s.model_copy(update={"victory": s.victory.model_copy(update={"awards": []})})
    assert nothing.victory.all_awards() == []
    v = verdict(nothing, {"draw": 20})
    assert v.findings == ["Too many draws: 20 of the 20 games (100%), more than the 20% the band "
                          "allows."]
    assert any("nothing scores, so every game ends level" in line for line in v.levers)
    assert any("more turns leave fewer games undecided; it is 10 now" in line for line in v.levers)


def test_draws_suggest_a_per_figure_award_only_to_a_side_without_one() -> None:
    """A designer's scenario had an award per Regular wounded and was told to "add one that
    scores in most games (each enemy figure wounded, say)": only a side without such an
    award is told to add it, and a scenario where both have one is not told at all."""
    from ambush_gui.alley.scenario import AwardSpec

    s = spec("the-tailors-ledger")
    names = {side: s.sides[side].name for side in TABLE}

    def draws_lever(*awards: tuple[str, str]) -> str:
        given = [AwardSpec(side=side, event=event, points=1) for side, event in awards]
        changed = s.model_copy(update={"victory": s.victory.model_copy(update={"awards": given})})
        v = verdict(changed, {"regular": 40, "insurgent": 40, "draw": 40})
        return next(line for line in v.levers if "equal totals is a draw" in line)

    one = draws_lever(("insurgent", "enemy_wounded"), ("regular", "figure_exited"))
    assert f"give the {names['regular']} an award that scores in most games" in one, one
    assert names["insurgent"] not in one, one
    both = draws_lever(("insurgent", "enemy_wounded"), ("regular", "enemy_killed"))
    assert "each enemy figure wounded" not in both, both


def test_a_figure_just_over_the_band_shows_its_decimal() -> None:
    v = verdict(spec("contracting-trouble"), {"regular": 200, "insurgent": 199, "draw": 101})
    assert v.findings == ["Too many draws: 101 of the 500 games (20.2%), more than the 20% the band "
                          "allows."]
    assert v.caution == ""  # 500 games: firm enough


def test_in_band_says_so() -> None:
    v = verdict(spec("contracting-trouble"), {"regular": 110, "insurgent": 90, "draw": 10})
    assert v.in_band and not v.levers and v.caution == ""  # 210 games: no first-look caution
    assert v.findings == ["In band: the US Marines (Regulars) won 55% and the Insurgents 45% of the "
                          "decisive games, and 5% were draws (the band: 35-65% of the decisive games "
                          "each, draws at most 20%)."]


def test_a_mission_names_its_victory_levels_day_and_cards() -> None:
    s = spec("ambush-crossroads")
    assert verdict(s, {"us": 299, "german": 100, "draw": 101}).in_band  # Ambush!: of all games
    v = verdict(s, {"us": 400, "german": 50, "draw": 50})
    assert v.findings[0] == ("Out of band: the US squad won 400 of the 500 games (80%), "
                             "more than the 65% the band allows.")
    text = "\n".join(v.levers)
    assert "ask more points of the squad; a US win starts at 18 now" in text
    assert f"a shorter day; {s.operations_turn_limit} now" in text
    assert f"({len(s.squad)} soldiers now)" in text and f"({len(s.germans)} soldier cards now)" in text
    draws = verdict(s, {"us": 300, "german": 40, "draw": 160})  # 32%: past the missions' 30%
    assert draws.findings == ["Too many draws: 160 of the 500 games (32%), more than the 30% the band "
                              "allows."]
    assert any("narrow the draw; it is 9 to 17 points now" in line for line in draws.levers)
    german = verdict(s, {"us": 10, "german": 80})
    assert german.findings[0] == ("Out of band: the US squad won only 10 of the 90 games (11%), fewer "
                                  "than the 35% the band asks for.")
    assert any("ask fewer points of the squad" in line for line in german.levers)


def test_the_docstring_examples_hold() -> None:
    import doctest

    from ambush_gui.ai import balance

    result = doctest.testmod(balance)
    assert result.attempted >= 2 and result.failed == 0
