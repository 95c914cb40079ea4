"""Every bad file refused cleanly (issue 12): exit 2 with a printable, brief message naming the
file, the place and what was expected; never a traceback, never a value that validates and
then breaks the game."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.ai.alley_ai import AlleyAI
from ambush_gui.cli import EXIT_BAD_INPUT, main
from ambush_gui.core import saves
from ambush_gui.core.errors import MAX_PER_KIND, InputError, printable, summarise
from ambush_gui.core.files import MAX_DEPTH, read_data

ALLEY = systems.resolve("contracting-trouble")
AMBUSH = systems.resolve("ambush-tutorial")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def changed(tmp_path: Path, source: Path, mutate: Callable[[dict[str, Any]], None],
            name: str = "bad.json") -> Path:
    """``source``'s data changed by ``mutate``, written as JSON (JSON can say NaN where TOML
    files would write ``nan``; both reach the same models)."""
    data = read_data(source)
    mutate(data)
    p = tmp_path / name
    p.write_text(json.dumps(data))
    return p


def refused(capsys: pytest.CaptureFixture[str], path: Path, *expected: str,
            command: str = "validate") -> str:
    """``command path`` exits 2 with one brief message that says each of ``expected``."""
    code, out, err = run(capsys, command, str(path))
    assert code == EXIT_BAD_INPUT, (out, err)
    assert "Traceback" not in err
    assert str(path) in err
    for e in expected:
        assert e in err, err
    assert err.isprintable() or all(line.isprintable() for line in err.splitlines())
    return err


@pytest.fixture(scope="module")
def alley_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = systems.new_game(systems.load_scenario(ALLEY), 3)
    ai = AlleyAI()
    for _ in range(20):
        d = game.pending()
        assert d is not None
        game.answer(ai.choose(game, d))
    p = tmp_path_factory.mktemp("saves") / "game.json"
    saves.save(game, p)
    return p


# -- nesting -----------------------------------------------------------------------------------


@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 300, 5000, 200_000])
@pytest.mark.parametrize("command", ["validate", "replay", "play", "simulate", "edit"])
def test_json_nested_hundreds_deep_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                              levels: int, command: str) -> None:
    p = tmp_path / "deep.json"
    p.write_text('{"name": ' + "[" * levels + "1" + "]" * levels + "}")
    refused(capsys, p, "nest", command=command)


@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 400, 5000])
def test_toml_nested_hundreds_deep_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                              levels: int) -> None:
    p = tmp_path / "deep.toml"
    p.write_text(ALLEY.read_text().replace('name = "', "deep = " + "[" * levels + "1" + "]" * levels
                                           + '\nname = "', 1))
    refused(capsys, p, "nest")


def test_a_deep_value_in_a_known_field_is_refused_not_repr_d(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    """The message used to call repr() on the deep value first (RecursionError)."""
    def deep(d: dict[str, Any]) -> None:
        v: Any = 1
        for _ in range(MAX_DEPTH - 5):
            v = [v]
        d["units"][0]["figures"][0]["at"] = v

    p = changed(tmp_path, ALLEY, deep)
    err = refused(capsys, p, "Corporal (squad leader), figure cpl-1")
    assert len(err) < 2000


# -- numbers are finite --------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
@pytest.mark.parametrize("where", ["rect", "points", "zone"])
def test_nan_and_infinity_in_outlines_are_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                  bad: float, where: str) -> None:
    def mutate(d: dict[str, Any]) -> None:
        if where == "rect":
            d["table"]["pieces"][0]["rect"] = [1, 1, bad, 2]
        elif where == "points":
            d["table"]["pieces"][0].pop("rect", None)
            d["table"]["pieces"][0]["points"] = [[1, 1], [bad, 1], [2, 3]]
        else:
            d["sides"]["regular"]["deployment"] = [{"rect": [0, 0, 4, bad]}]

    p = tmp_path / "bad.toml"
    data = read_data(ALLEY)
    mutate(data)
    import tomli_w

    p.write_text(tomli_w.dumps(data))  # TOML writes nan and inf as they are
    refused(capsys, p, "finite number")


@pytest.mark.parametrize("bad", ["NaN", "Infinity", "-Infinity"])
def test_json_nan_is_refused_at_parsing(capsys: pytest.CaptureFixture[str], tmp_path: Path, bad: str) -> None:
    p = tmp_path / "bad.json"
    text = json.dumps(read_data(ALLEY))
    assert '"turn_limit": 4' in text
    p.write_text(text.replace('"turn_limit": 4', f'"turn_limit": {bad}'))
    refused(capsys, p, "not valid JSON")


def test_a_save_with_nan_scale_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          alley_save: Path) -> None:
    data = json.loads(alley_save.read_text())
    data["scale"] = 1e309  # json writes it as Infinity
    p = tmp_path / "inf.json"
    p.write_text(json.dumps(data))
    refused(capsys, p, command="replay")
    data["scale"] = 1e300
    p.write_text(json.dumps(data))
    refused(capsys, p, "scale", command="replay")


# -- saves are strict ---------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "value", "says"), [
    ("version", True, "version"), ("seed", "7", "seed"), ("seed", 7.0, "seed"),
    ("version", "1", "version"), ("scale", "1.5", "scale"), ("scale", True, "scale"),
])
def test_a_save_s_numbers_are_strict(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     alley_save: Path, key: str, value: Any, says: str) -> None:
    data = json.loads(alley_save.read_text())
    data[key] = value
    p = tmp_path / "strict.json"
    p.write_text(json.dumps(data))
    refused(capsys, p, says, command="replay")


def test_a_save_s_decision_not_shaped_like_an_answer_is_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, alley_save: Path) -> None:
    data = json.loads(alley_save.read_text())
    data["decisions"] = [{"pairs": 7} if isinstance(d, dict) else [[[1]]] for d in data["decisions"]]
    p = tmp_path / "shape.json"
    p.write_text(json.dumps(data))
    refused(capsys, p, "decisions[0]", command="replay")


# -- dice and counts ----------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["tq", "morale", "leader_tq"])
@pytest.mark.parametrize("die", ["d7", "d0", "d6x", "²", "d" + "1" * 100_000])
def test_reinforcement_dice_are_dice(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     key: str, die: str) -> None:
    p = changed(tmp_path, ALLEY, lambda d: d["reinforcements"].__setitem__(key, die))
    words = {"tq": "Troop Quality", "morale": "Morale", "leader_tq": "leader's TQ"}[key]
    err = refused(capsys, p, f"reinforcements, {words}", "not a die type")
    assert len(err) < 600  # the bad value is quoted, shortened, never echoed whole


@pytest.mark.parametrize("count", ["²", "٣", "999999999", "99999999d6", "61", "7d6", "1d6+99", -1, 61])
def test_small_arms_is_an_ascii_bounded_count(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                              count: Any) -> None:
    p = changed(tmp_path, ALLEY, lambda d: d["reinforcements"]["table"]["2"].__setitem__("small_arms", count))
    refused(capsys, p, "reinforcement table, roll 2, small arms")


@pytest.mark.parametrize("count", ["0", "60", 60, "d6", "6d6+24", " 2d6 "])
def test_small_arms_within_bounds_validates(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            count: Any) -> None:
    p = changed(tmp_path, ALLEY, lambda d: d["reinforcements"]["table"]["2"].__setitem__("small_arms", count))
    code, _, err = run(capsys, "validate", str(p))
    assert code == 0, err


@pytest.mark.parametrize(("path", "n", "says"), [
    (("table", "pieces"), 10_001, "table, pieces"),
    (("units",), 501, "units"),
    (("hot_spots",), 101, "hot_spots"),
])
def test_counts_have_upper_bounds(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                  path: tuple[str, ...], n: int, says: str) -> None:
    def grow(d: dict[str, Any]) -> None:
        parent = d
        for k in path[:-1]:
            parent = parent[k]
        parent[path[-1]] = [parent[path[-1]][0]] * n

    p = changed(tmp_path, ALLEY, grow)
    refused(capsys, p, says, "at most")


def test_mission_counts_have_upper_bounds(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    p = changed(tmp_path, AMBUSH, lambda d: d.__setitem__("paragraphs", d["paragraphs"] * 1000))
    refused(capsys, p, "paragraphs", "at most 9999")
    p = changed(tmp_path, AMBUSH, lambda d: d["paragraphs"][0]["options"][0]["do"].append({"score": 10**12}))
    refused(capsys, p, "paragraph")


def test_a_card_paragraph_that_asks_about_him_plays_and_is_warned_of(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Found by the fuzzer: an Event paragraph asking 'sees_us' validated and stopped the game
    (ParagraphError). Now the condition does not hold when nobody reads it, and validate warns."""
    from ambush_gui.ai.ambush_ai import AmbushAI
    from ambush_gui.ambush.mission import Mission

    def mutate(d: dict[str, Any]) -> None:
        german_paragraph = d["germans"][0]["columns"]["A"][0]
        for total in range(2, 13):
            d["card"]["events"][str(total)] = german_paragraph
        target = next(p for p in d["paragraphs"] if p["number"] == german_paragraph)
        target["options"][0]["when"] = {"sees_us": True}

    p = changed(tmp_path, AMBUSH, mutate)
    code, _, err = run(capsys, "validate", str(p))
    assert code == 0 and "asks about 'him' (sees_us)" in err
    game = systems.new_game(Mission.load(p), 4)
    ai = AmbushAI()
    events = 0
    for _ in range(300):  # an Event reading happens within the first Operations turns
        d = game.pending()
        if d is None:
            break
        game.answer(ai.choose(game, d))
        events = sum(1 for e in game.log.events if e.kind == "paragraph" and e.data.get("german") is None)
        if events:
            break
    assert events


# -- messages -------------------------------------------------------------------------------------


def test_key_names_and_values_are_escaped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    p = changed(tmp_path, ALLEY, lambda d: d.__setitem__("evil\x1b[2J\x07key", 1))
    err = refused(capsys, p, "evil\\x1b[2J\\x07key", "is not a known field")
    assert "\x1b" not in err and "\x07" not in err
    bell = "ray\x1b[31mgun\x07"
    p = changed(tmp_path, ALLEY, lambda d: d["units"][0]["figures"][0].__setitem__("weapon", bell))
    err = refused(capsys, p, "ray\\x1b[31mgun\\x07", "unknown weapon")
    assert "\x1b" not in err and "\x07" not in err


def test_system_and_die_errors_do_not_echo_a_megabyte(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    huge = "x" * 1_000_000
    for mutate in (lambda d: d.__setitem__("system", huge),
                   lambda d: d["units"][0].__setitem__("tq", huge),
                   lambda d: d["units"][0]["figures"][0].__setitem__("weapon", huge)):
        p = changed(tmp_path, ALLEY, mutate)
        err = refused(capsys, p)
        assert len(err) < 1000
        assert "…" in err or "at most 200 characters (it has 1,000,000)" in err  # said, not echoed


def test_repeated_problems_are_summarised(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Every Hot Spot at one point: each closer than 6" to another, each named once."""
    def mutate(d: dict[str, Any]) -> None:
        d["hot_spots"] = [{"number": 1 + i % 5, "at": [10, 10]} for i in range(100)]

    p = changed(tmp_path, ALLEY, mutate)
    err = refused(capsys, p, "more like this", "at least 6\" apart")
    assert len(err.splitlines()) <= 120
    assert "and 89 more Hot Spots closer than 6\" to another" in err  # 99 too close, 10 shown


def test_printable_and_summarise() -> None:
    assert printable("a\x1bb\x07\n") == "a\\x1bb\\x07\\n"
    assert printable("é ü ✓") == "é ü ✓"
    assert len(printable("y" * 10_000)) == 60
    lines = [(f"hot_spots[{i}].at", f"is 0.0\" from hot_spots[{k}]") for i in range(40) for k in range(i)]
    out = summarise(lines)
    assert len(out) == MAX_PER_KIND + 1
    assert out[-1][1].startswith(f"and {len(lines) - MAX_PER_KIND:,} more like this")


def test_input_error_message_is_brief_for_a_million_problems() -> None:
    exc = InputError("f.toml", [(f"units[{i}].id", f"id 'u{i}' is already used") for i in range(100_000)])
    assert len(str(exc).splitlines()) == MAX_PER_KIND + 1


def test_only_a_long_quoted_value_is_shortened_never_the_words_between_two_quotes() -> None:
    """A message quoting two short values keeps the words between them whole (they were
    once read as one long quoted value and cut with '…'); a long quoted value, and only
    that, is shortened; an apostrophe inside a word quotes nothing."""
    said = ("piece 'mob-1' is a civilian mob stand, which moves with its crowd (FF-051); give "
            "'at' (a point) or a piece that stays put")
    assert str(InputError("f.toml", [("ieds", said)])).endswith(said)
    long = "x" * 100
    shown = str(InputError("f.toml", [("name", f"is '{long}' here")]))
    assert "x" * 100 not in shown and "…'" in shown
    words = "the German's rifle and Baker's bazooka are both out of ammunition, and nobody carries more"
    assert str(InputError("f.toml", [("soldiers", words)])).endswith(words)
