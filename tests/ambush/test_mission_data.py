"""Issue 11, Ambush!: missions as data. Who won is the level's ``outcome`` (never its wording),
``end`` actions report the outcome they force, the turn and Round limits are mission fields,
what breaks play is refused (ratings, Ammo Boxes, weapon sides, entry hexes), places are named
as the designer wrote them, and warnings reach ``validate``."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.ai.ambush_ai import AmbushAI
from ambush_gui.ai.random_player import RandomPlayer
from ambush_gui.ai.simulate import play_out
from ambush_gui.ambush.game import AmbushGame
from ambush_gui.ambush.mission import (
    DEFAULT_ROUND_LIMIT,
    DEFAULT_TURN_LIMIT,
    EndResult,
    Mission,
    MissionSpec,
    Outcome,
    migrate,
)
from ambush_gui.cli import main
from ambush_gui.core.dice import Dice
from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.files import read_data, validate
from tests.ambush import mission_kit

FORMAT1 = Path(__file__).resolve().parent / "format1"


def refused(data: dict[str, Any]) -> ScenarioError:
    with pytest.raises(ScenarioError) as err:
        Mission.from_data(data, "bad.toml")
    return err.value


def levels(*named: tuple[int, str, str | None]) -> list[dict[str, Any]]:
    return [{"min": m, "result": r} | ({"outcome": o} if o else {}) for m, r, o in named]


def ended(data: dict[str, Any], points: int, ending: EndResult | None = None) -> AmbushGame:
    """A game of ``data`` finished at once with ``points`` scored (and ``ending`` forced)."""
    game = AmbushGame(Mission.from_data(data), 0)
    game.state.score.add(points, "test")
    game.ending = ending
    game.result = game.finish("the test ends it")
    return game


# -- 1. outcomes ---------------------------------------------------------------------------------


@pytest.mark.rule("AR-006")
def test_the_outcome_decides_not_the_wording() -> None:
    data = mission_kit.small()
    data["victory"]["levels"] = levels((10, "Draw", "us"), (0, "Stalemate", "draw"),
                                       (-99, "Victory for nobody", "german"))
    assert ended(data, 12).result["winner"] == "us"  # "Draw" that the designer made a US win
    assert ended(data, 3).result["winner"] == "draw"  # "Stalemate": a draw because it says so
    got = ended(data, -5).result
    assert got["winner"] == "german" and got["level"] == "Victory for nobody"


@pytest.mark.rule("AR-006")
def test_an_end_action_reports_the_outcome_it_forces_not_the_points_level() -> None:
    data = mission_kit.small()
    data["victory"]["levels"] = levels((50, "Decisive victory", "us"), (-99, "Defeat", "german"))
    game = ended(data, 58, EndResult.DEFEAT)
    assert game.result["winner"] == "german" and game.result["level"] == "Defeat"
    line = [e.text for e in game.log.events if e.kind == "mission_end"][-1]
    assert "Decisive victory" not in line and "the paragraph decides: Defeat" in line
    won = ended(data, -40, EndResult.VICTORY)
    assert won.result["winner"] == "us" and won.result["level"] == "Victory"
    by_points = ended(data, 58, EndResult.POINTS)
    assert by_points.result["level"] == "Decisive victory" and by_points.result["winner"] == "us"


def test_a_format_2_level_needs_its_outcome() -> None:
    data = mission_kit.small() | {"format": 2}
    data["victory"]["levels"][1].pop("outcome")
    assert refused(data).problems == [("victory.levels[1].outcome", "is missing (required)")]


def test_format_1_outcomes_are_inferred_as_format_1_games_read_them_and_said() -> None:
    data = mission_kit.small() | {"format": 1}
    data["victory"]["levels"] = levels((9, "Stalemate", None), (5, "Draw: a foothold", None),
                                       (2, "Defeat", None), (-99, "Defeat", None))
    m = Mission.from_data(data)
    assert [lv.outcome for lv in m.spec.victory.levels] == [
        Outcome.US, Outcome.DRAW, Outcome.GERMAN, Outcome.GERMAN]  # named like the lowest
    assert m.spec.format == 2
    inferred = [(p, w) for p, w in m.warnings if "format 1" in w]
    assert [p for p, _ in inferred] == [f"victory.levels[{i}]" for i in range(4)]
    assert 'taken as outcome = "us"' in inferred[0][1]
    assert m.describe(*inferred[0])[0] == "victory level 1 (Stalemate)"
    # the data given is not changed; an outcome written in a format 1 file is kept
    assert "outcome" not in data["victory"]["levels"][0]
    data["victory"]["levels"][0]["outcome"] = "draw"
    assert migrate(data)[0]["victory"]["levels"][0]["outcome"] == "draw"
    assert len(migrate(data)[1]) == 3


# -- 2. limits -----------------------------------------------------------------------------------


class EndsTurns:
    """A US player who never moves: every Operations turn is ended at once."""

    def choose(self, game: Any, d: Any) -> Any:
        return "end" if "end" in d.options else d.options[0]


@pytest.mark.rule("AR-006")
def test_the_operations_turn_limit_is_the_mission_s() -> None:
    data = mission_kit.small()
    data["card"]["events"] = {}
    assert MissionSpec.model_validate(data).operations_turn_limit == DEFAULT_TURN_LIMIT == 60
    game = AmbushGame(Mission.from_data(data | {"operations_turn_limit": 3}), 1)
    play_out(game, {"us": EndsTurns()})
    assert game.result["turn"] == 4 and game.result["why"] == "the day is over after 3 Operations turns"
    default = AmbushGame(Mission.from_data(data), 1)
    play_out(default, {"us": EndsTurns()})
    assert default.result["why"] == "the day is over after 60 Operations turns"


def firefight(data: dict[str, Any]) -> AmbushGame:
    """The small mission with a German who never leaves, no US soldier who can reach him, and
    a US player who stays out of it: Rounds go on until the limit."""
    data["paragraphs"][2]["options"] = [{"text": "hold", "do": [{"hold": True}]}]  # 10
    data["paragraphs"][3]["options"] = [{"text": "hold", "do": [{"hold": True}]}]  # 11
    data["germans"][0]["self_preservation"] = [10] * 10
    data["germans"][0]["reactions"] = {}
    data["paragraphs"] = [p for p in data["paragraphs"] if p["number"] != 13]
    data["paragraphs"][0]["options"][0]["do"][0]["activate"]["hex"] = "0604"
    data["card"]["events"] = {}
    game = AmbushGame(Mission.from_data(data), 2)
    for _ in range(5000):
        d = game.pending()
        if d is None:
            break
        opts = list(d.options)
        pick = next((o for o in ({"soldier": "a", "to": "0101"}, {"soldier": "a", "to": "0201"},
                                 {"action": "pass"}, "end") if o in opts), opts[0])
        if game.state.soldiers["a"].hex is not None and pick == {"soldier": "a", "to": "0101"}:
            pick = "end"
        game.answer(pick)
    return game


@pytest.mark.rule("AR-002")
def test_the_round_limit_is_the_mission_s() -> None:
    data = mission_kit.small()
    assert MissionSpec.model_validate(data).round_limit == DEFAULT_ROUND_LIMIT == 30
    game = firefight(copy.deepcopy(data) | {"round_limit": 2})
    assert game.over, "the firefight should end the mission"
    assert game.result["why"] == "the firefight has lasted 2 Rounds [house rule AR-002]"
    assert max(e.data.get("round", 0) for e in game.log.events if e.kind == "round") == 3
    longer = firefight(copy.deepcopy(data) | {"round_limit": 5})
    assert longer.result["why"] == "the firefight has lasted 5 Rounds [house rule AR-002]"


# -- 3. what validates must play ---------------------------------------------------------------


def _ar(d: dict[str, Any], who: str, value: int) -> None:
    d[who][0]["ar"] = value


BREAKS = {
    # each was accepted by validate before issue 11 (checked against main at b8db033)
    "German ar 7": (lambda d: _ar(d, "germans", 7), "germans[0].ar",
                    "ar = 7: the AR Track has no column for Action Rating 7; expected 1-6"),
    "US ar 0": (lambda d: _ar(d, "squad", 0), "squad[0].ar",
                "ar = 0: the AR Track has no column for Action Rating 0; expected 1-6"),
    "US weapon on a German": (lambda d: d["germans"][0].update(weapons=["m1-garand"]),
                              "germans[0].weapons[0]", "'m1-garand' is a US weapon; a German"),
    "German weapon on a US soldier": (lambda d: d["squad"][0].update(weapons=["mp40"], ammo=[]),
                                      "squad[0].weapons[0]", "'mp40' is a German weapon"),
    "German weapon placed by a paragraph": (
        lambda d: d["paragraphs"][0]["options"][0]["do"][0]["activate"].update(weapons=["bar"]),
        "paragraphs[0].options[0].do[0].activate.weapons[0]", "'bar' is a US weapon"),
    "entry hex mid-map": (lambda d: d["squad"][0].update(enters=["0302"]), "squad[0].enters[0]",
                          "entry hex 0302 is not on the map edge; expected column 01 or 06, "
                          "or row 01 or 04"),
}


@pytest.mark.rule("AR-034", "AR-041", "AR-013", "FC-005")
@pytest.mark.parametrize("case", list(BREAKS))
def test_what_breaks_play_is_refused_naming_the_place(case: str) -> None:
    mutate, path, expected = BREAKS[case]
    data = mission_kit.small()
    mutate(data)
    validate(MissionSpec, data, "bad.toml", ScenarioError)  # the schema alone let it through
    err = refused(data)
    assert [p for p, _ in err.problems] == [path]  # refused for this reason and no other
    assert expected in err.problems[0][1]
    assert str(err).startswith("bad.toml: ")


def test_grenades_and_satchel_charges_are_ammo_of_their_own() -> None:
    data = mission_kit.small()
    data["squad"][0]["ammo"] = ["m1-garand", "mk2-grenade", "satchel-charge"]
    data["squad"][0]["enters"] = ["0101", "0601", "0104", "0302" if False else "0604"]
    Mission.from_data(data)


@pytest.mark.rule("AR-041")
def test_an_action_rating_off_the_track_crashed_every_game_and_is_now_refused() -> None:
    """What validates must play: the same mission built without the new check crashes as
    soon as the German's initiative die is read; ``validate`` now refuses it."""
    data = mission_kit.small()
    data["germans"][0]["ar"] = 7
    spec = validate(MissionSpec, migrate(data)[0], "bad.toml", ScenarioError)
    game = AmbushGame(Mission(spec, "bad.toml"), 0)
    with pytest.raises(ValueError, match="no AR Track column for Action Rating 7"):
        for _ in range(500):
            d = game.pending()
            if d is None:
                break
            move = {"soldier": "a", "to": "0201"}
            game.answer(move if move in d.options else AmbushAI().choose(game, d))
    refused(data)


class Draw:
    """Seeded draws for the property test, from the program's own dice (the only source of
    randomness the project allows)."""

    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed)

    def randint(self, low: int, high: int) -> int:
        return low + self.dice.one(high - low + 1) - 1

    def choice(self, items: list[str]) -> str:
        return items[self.dice.one(len(items)) - 1]

    def sample(self, items: list[str], n: int) -> list[str]:
        left = list(items)
        return [left.pop(self.dice.one(len(left)) - 1) for _ in range(n)]

    def random(self) -> float:
        return (self.dice.one(1000) - 1) / 1000


def _mutant(rng: Draw) -> dict[str, Any]:
    """The small mission with its ratings, weapons, Ammo Boxes and entry hexes drawn at
    random: each sensible most of the time, any of them wrong now and then."""
    d = mission_kit.small()
    us = ["m1-garand", "thompson", "bar", "m1-carbine", "bazooka"]
    german = ["kar98k", "mp40", "mg42", "stick-grenade", "panzerfaust"]

    def odd() -> bool:
        return rng.random() < 0.12

    for who, own, other in ((d["germans"][0], german, us), (d["squad"][0], us, german)):
        for r in ("ar", "ws", "per", "ldr"):
            who[r] = rng.randint(-1, 12) if odd() else rng.randint(1, 6) if r == "ar" else rng.randint(0, 4)
        who["weapons"] = rng.sample(other if odd() else own, rng.randint(1, 2))
    carried = d["squad"][0]["weapons"]
    boxes = [*carried, "mk2-grenade"]
    d["squad"][0]["ammo"] = [rng.choice([*us, *german]) if odd() else rng.choice(boxes)
                             for _ in range(rng.randint(0, 4))]
    edge = ["0101", "0102", "0103", "0104", "0201", "0601", "0604"]
    d["squad"][0]["enters"] = [f"0{rng.randint(2, 5)}0{rng.randint(2, 3)}" if odd()
                               else rng.choice(edge)]
    return d


@pytest.mark.rule("AR-041", "FC-005")
def test_a_mission_that_validates_plays_with_the_computer_player() -> None:
    """Property: of 300 random missions, each that validates plays 300 decisions (or to its
    end) with the computer player, and the rest are refused with a ScenarioError."""
    rng = Draw(11)
    played = refused_count = 0
    for n in range(300):
        data = _mutant(rng)
        try:
            mission = Mission.from_data(data, f"mutant-{n}")
        except ScenarioError:
            refused_count += 1
            continue
        game = AmbushGame(mission, n)
        ai = AmbushAI()
        for _ in range(300):
            d = game.pending()
            if d is None:
                break
            game.answer(ai.choose(game, d))
        assert systems.invariants(game) == [], n
        played += 1
    assert played >= 50 and refused_count >= 50, (played, refused_count)


# -- 4. the designer's words ------------------------------------------------------------------


def test_paragraphs_and_germans_are_named_by_their_numbers() -> None:
    data = mission_kit.small()
    data["paragraphs"][1]["number"] = 66  # listed second, numbered 66
    data["card"]["checks"][1]["paragraph"] = 66
    data["card"]["events"] = {"7": 66}
    data["paragraphs"][1]["options"].append({"text": "on", "do": [{"goto": 167}]})
    data["germans"][0]["number"] = 6
    data["paragraphs"][0]["options"][0]["do"][0]["activate"]["german"] = 6
    data["conditions"]["D"] = {"name": "Dusk"}  # and German 6 has no column for it
    err = refused(data)
    assert err.problems == [("germans[0]", "no column for Condition D (every Condition needs one)"),
                            ("paragraphs[1].options[1].do[0].goto", "goto 167: no such paragraph")]
    text = str(err).splitlines()
    assert text == ["bad.toml: German 6: no column for Condition D (every Condition needs one)",
                    "bad.toml: paragraph 66, option 2: goto 167: no such paragraph"]
    assert err.described[1] == ("paragraph 66, option 2", "goto 167: no such paragraph")


def test_schema_errors_are_named_by_numbers_too() -> None:
    data = mission_kit.small()
    data["germans"][0]["number"] = 4
    data["germans"][0]["mpa"] = 0
    data["paragraphs"][4]["options"][0]["do"] = [{"goto": 2}, {"fire": "nearest"}]
    err = refused(data)
    lines = str(err).splitlines()
    assert lines == ["bad.toml: German 4: mpa is at least 1 (got 0)",
                     "bad.toml: paragraph 12, option 1, action 2: fire: expected 'closest' or 'easiest' "
                     "(got 'nearest')",  # and, beside the schema's, the cross-checks' own (s8):
                     "bad.toml: paragraph 1, option 1, action 1: activates German 1, but no German "
                     "card is numbered 1"]


def test_schema_messages_are_said_in_a_designer_s_words_and_a_draft_s_missing_paragraph_too() -> None:
    """No pydantic wording ("List should have at least 1 item after validation, not 0") and no
    dotted path reaches the designer; a goto to nowhere is named even while the schema fails."""
    data = mission_kit.small()
    data["paragraphs"][0]["options"][0]["do"] = []
    data["paragraphs"][1]["options"][0]["do"] = [{"goto": 0}]
    data["paragraphs"][2]["options"][0]["do"] = [{"goto": 999}]
    data["germans"][0]["columns"]["A"] = [1, 2]
    data["squad"][0]["enters"] = ["12"]
    err = refused(data)
    n = [p["number"] for p in data["paragraphs"]]
    assert err.described == [
        (f"German {data['germans'][0]['number']}, column A",
         "a column has 10 paragraphs, one for each Action Number 0-9 (it has 2)"),
        (f"US soldier {data['squad'][0]['id']}",
         "enters item 1: expected a hex number CCRR, e.g. 0304 (got '12')"),
        (f"paragraph {n[0]}, option 1", "do needs at least one action: what happens when the option applies"),
        (f"paragraph {n[1]}, option 1", "goto needs a paragraph number, 1 or more (got 0)"),
        (f"paragraph {n[2]}, option 1", "goto 999: no such paragraph"),
    ]
    data["squad"] = []
    assert ("the US squad", "the mission needs at least one US soldier") in refused(data).described


# -- 5. warnings reach validate ---------------------------------------------------------------


def test_a_scoring_paragraph_read_again_is_a_warning_and_safe_ones_are_not() -> None:
    data = mission_kit.small()
    data["paragraphs"][1]["options"] = [{"text": "loot", "do": [{"score": 2}]}]  # the yard, 2
    m = Mission.from_data(data)
    assert [p for p, _ in m.warnings] == ["paragraphs[1].options[0]"]
    assert m.describe(*m.warnings[0]) == (
        "paragraph 2, option 1", m.warnings[0][1]) and "scores 2 and can be read again" in m.warnings[0][1]
    for safe in ({"sighting": "yard-looted"},
                 {"options": [{"text": "loot", "do": [{"score": 2}, {"end": "points"}]}]}):
        ok = copy.deepcopy(data)
        ok["paragraphs"][1] |= safe
        assert Mission.from_data(ok).warnings == [], safe
    # a Condition change is safe only where nothing under the new Condition leads back to it
    ok = copy.deepcopy(data)
    ok["paragraphs"][1]["options"][0]["do"].append({"condition": "B"})
    ok["card"]["checks"][1]["when"] = ["A"]
    ok["card"]["events"] = {}
    assert Mission.from_data(ok).warnings == []
    ok["card"]["checks"][1]["when"] = []
    assert len(Mission.from_data(ok).warnings) == 1


def test_validate_prints_warnings_and_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = mission_kit.small() | {"format": 1}
    for lv in data["victory"]["levels"]:
        lv.pop("outcome")
    data["paragraphs"].append({"number": 50, "text": "lost", "options": []})
    data["paragraphs"][1]["options"] = [{"text": "loot", "do": [{"score": 2}]}]
    p = tmp_path / "m.json"
    p.write_text(json.dumps(data))
    code = main(["validate", str(p)])
    out, err = capsys.readouterr()
    assert code == 0 and "valid ambush mission" in out and "(4 warnings)" in out
    assert f"warning: {p}: victory level 1 (win): format 1 file, no outcome: taken as " \
           'outcome = "us"' in err
    assert f"warning: {p}: paragraph 50: is never read: no Mission Card entry" in err
    assert f"warning: {p}: paragraph 2, option 1: scores 2 and can be read again" in err


def test_validate_refuses_with_exit_2_and_no_traceback(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    data = mission_kit.small()
    data["germans"][0]["ar"] = 7
    p = tmp_path / "m.json"
    p.write_text(json.dumps(data))
    assert main(["validate", str(p)]) == 2
    err = capsys.readouterr().err
    assert f"{p}: German 1: ar = 7: the AR Track has no column" in err and "Traceback" not in err


# -- 7. old files load unchanged ----------------------------------------------------------------

PINNED = {  # recorded by the code before issue 11 (main at b8db033)
    "ambush-hedgerow-ai-1": ("us", 20, "Decisive victory: Saint-Aubin is open"),
    "ambush-hedgerow-ai-2": ("us", 24, "Decisive victory: Saint-Aubin is open"),
    "ambush-hedgerow-random-3": ("draw", 8, "Draw: a foothold, no more"),
    "ambush-tutorial-ai-1": ("draw", 3, "Draw: the farm is taken, at a price"),
    "ambush-tutorial-ai-2": ("draw", 3, "Draw: the farm is taken, at a price"),
    "ambush-tutorial-random-3": ("german", -1, "Defeat"),
}


@pytest.mark.parametrize("name", ["ambush-hedgerow", "ambush-tutorial"])
def test_every_format_1_mission_shipped_before_still_validates(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = FORMAT1 / f"{name}.toml"
    assert read_data(path)["format"] == 1
    m = Mission.load(path)
    assert [lv.outcome for lv in m.spec.victory.levels] == [
        lv.outcome for lv in Mission.load(systems.resolve(name)).spec.victory.levels]
    assert main(["validate", str(path)]) == 0
    assert "format 1 file, no outcome" in capsys.readouterr().err


def test_the_format_1_charts_file_still_loads() -> None:
    from ambush_gui.ambush.charts import Charts

    assert Charts.load(FORMAT1 / "ambush-charts.toml").to_data() == Charts.default().to_data()


@pytest.mark.parametrize("case", list(PINNED))
def test_a_seeded_game_of_a_format_1_mission_replays_as_before(case: str) -> None:
    from ambush_gui.core import saves

    save = FORMAT1 / f"{case}.json"
    game = saves.verify(save, systems.factory)  # the save embeds the format 1 data
    winner, points, level = PINNED[case]
    assert (game.result["winner"], game.result["points"]["us"], game.result["level"]) == (
        winner, points, level)
    # and the format 1 file itself, played afresh with the same seed: the random player
    # again, the computer player's recorded answers (its play improves; the file must still
    # make the same game of them)
    name, kind, seed = case.rsplit("-", 2)
    fresh = systems.new_game(Mission.load(FORMAT1 / f"{name}.toml"), int(seed))
    if kind == "ai":
        fresh.start()
        for answer in json.loads(save.read_text())["decisions"]:
            fresh.answer(answer)
    else:
        play_out(fresh, {"us": RandomPlayer(int(seed))})
    assert fresh.state_hash() == json.loads(save.read_text())["state_hash"]
    assert fresh.result["level"] == level
