"""The progress file: atomic saves with a .bak of the last good one, a broken file refused
with a clear error, a campaign resumed inside its mission; the computer plays it through."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ambush_gui.ai.ambush_ai import AmbushAI
from ambush_gui.ambush.campaign import Progress, ProgressError, play_campaign, suggest
from ambush_gui.ambush.campaign.progress import backup_of, new_path, progress_dir
from tests.ambush.campaign import kit


def _played(p: Progress, decisions: int) -> object:
    game = p.start_mission(suggest(p.campaign, p.step_id or "", p.roster))
    ai = AmbushAI()
    for _ in range(decisions):
        d = game.pending()
        if d is None:
            break
        game.answer(ai.choose(game, d))
    p.record(game)
    return game


def test_a_progress_saves_and_loads_as_it_was(tmp_path: Path) -> None:
    p = Progress.new(kit.load(), seed=11)
    path = p.save(new_path(tmp_path, p.campaign))
    assert path == progress_dir(tmp_path) / "two-fields-1.json"
    back = Progress.load(path)
    strip = ("saved",)
    assert {k: v for k, v in back.to_data().items() if k not in strip} == {
        k: v for k, v in p.to_data().items() if k not in strip}
    assert new_path(tmp_path, p.campaign).name == "two-fields-2.json"


def test_each_save_keeps_the_last_good_one_as_bak(tmp_path: Path) -> None:
    p = Progress.new(kit.load(), seed=11)
    path = tmp_path / "c.json"
    p.save(path)
    assert not backup_of(path).exists()
    first = path.read_text(encoding="utf-8")
    p.roster.by_id("sgt-a").xp = 4
    p.save()
    assert backup_of(path).read_text(encoding="utf-8") == first
    assert Progress.load(path).roster.by_id("sgt-a").xp == 4


def test_a_broken_progress_is_refused_naming_the_file_and_its_bak(tmp_path: Path) -> None:
    p = Progress.new(kit.load(), seed=11)
    path = tmp_path / "c.json"
    p.save(path)
    p.save()  # now a .bak is there
    good_bak = backup_of(path).read_text(encoding="utf-8")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["step"] = "nowhere"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ProgressError) as err:
        Progress.load(path)
    text = str(err.value)
    assert str(path) in text and "'nowhere' is no mission of the campaign" in text
    assert "c.json.bak" in text
    path.write_text('{"format": "ambush-gui-campaign", "ver', encoding="utf-8")  # cut short
    with pytest.raises(ProgressError, match="is not valid JSON"):
        Progress.load(path)
    p.save(path)  # saving over the broken file does not keep it as the last good copy
    assert backup_of(path).read_text(encoding="utf-8") == good_bak
    assert Progress.load_backup(path).seed == 11


def test_a_campaign_resumes_inside_its_mission(tmp_path: Path) -> None:
    p = Progress.new(kit.load(), seed=4)
    game = _played(p, 12)
    path = p.save(tmp_path / "c.json")
    back = Progress.load(path)
    assert back.phase == "mission"
    again = back.resume_mission()
    assert again.state_hash() == game.state_hash()  # type: ignore[attr-defined]
    assert len(again.decisions) == 12


def test_the_phases_go_equip_mission_debrief_and_on() -> None:
    p = Progress.new(kit.load(), seed=2)
    with pytest.raises(ValueError, match="no debrief to leave"):
        p.next_mission()
    game = _played(p, 100_000)
    assert game.over  # type: ignore[attr-defined]
    db = p.finish_mission(game)
    assert p.phase == "debrief" and p.game_save is None and db.step_id == "farm"
    p.next_mission()
    assert (p.phase, p.step_id) == ("equip", "hedge")
    with pytest.raises(ValueError, match="The mission takes 5 men"):
        p.start_mission(suggest(p.campaign, "farm", p.roster))


def test_the_computer_plays_a_campaign_through_the_same_way_from_the_same_seed() -> None:
    c = kit.load()
    one, two = play_campaign(c, 7), play_campaign(c, 7)
    assert one.exceptions == [] and one.violations == []
    assert [m["step"] for m in one.missions] == ["farm", "hedge"]
    assert one.to_json() == two.to_json()
    assert 0 < one.survivors <= 8


def test_a_branch_on_the_outcome_skips_a_mission() -> None:
    data = kit.two()
    data["missions"].insert(1, {"id": "again", "mission": "ambush-tutorial"})
    data["missions"][0]["next"] = {"us": "hedge", "draw": "hedge", "german": "hedge"}
    r = play_campaign(kit.load(data), 7)
    assert [m["step"] for m in r.missions] == ["farm", "hedge"]


def _through(p: Progress, missions: int, then: int = 0) -> None:
    """Play ``missions`` missions to their end (buying what the computer buys), then
    ``then`` answers of the next."""
    from ambush_gui.ambush.campaign.simulate import buy_promotions

    for _ in range(missions):
        game = _played(p, 100_000)
        p.finish_mission(game)
        buy_promotions(p)
        p.next_mission()
    if then:
        _played(p, then)


def test_a_progress_file_plays_again_to_what_it_records(tmp_path: Path) -> None:
    p = Progress.new(kit.load(), seed=9)
    p.roster.by_id("sgt-a").xp = 20  # a promotion before the first mission too
    p.start_roster = p.roster.to_data()
    from ambush_gui.ambush.campaign import promote

    promote(p, "sgt-a", "ldr")
    _through(p, 1, then=15)
    back = Progress.load(p.save(tmp_path / "c.json"))
    assert back.verify() == []
    assert back.done[0].rolls == p.done[0].rolls and back.done[0].decisions


def test_a_progress_edited_by_hand_does_not_verify(tmp_path: Path) -> None:
    p = Progress.new(kit.load(), seed=9)
    _through(p, 1)
    path = p.save(tmp_path / "c.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["roster"][0]["xp"] += 5
    data["done"][0]["rolls"] = [{"purpose": "Recovery", "faces": [6]}]
    path.write_text(json.dumps(data), encoding="utf-8")
    problems = Progress.load(path).verify()
    assert "roster: the file does not match the campaign played again" in problems
    assert "mission 1 (farm): rolls does not match the mission played again" in problems


def test_the_campaign_s_own_invariants_catch_a_squad_too_small_to_start() -> None:
    from ambush_gui.ambush.campaign.simulate import campaign_problems

    p = Progress.new(kit.load(), seed=1)
    assert campaign_problems(p) == []
    for man in p.roster.soldiers[:6]:
        man.status, man.out_for = "wounded", 1
    assert campaign_problems(p) == ["'farm' takes 3 men but only 2 are fit (recruits should fill it)"]
    p.roster.soldiers[0].out_for = 0
    assert "Sgt Able is wounded but misses no mission" in campaign_problems(p)


def test_a_progress_whose_mission_in_play_is_not_a_save_is_refused(tmp_path: Path) -> None:
    p = Progress.new(kit.load(), seed=4)
    _played(p, 3)
    path = p.save(tmp_path / "c.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["game"]["decisions"] = "abc"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ProgressError, match=r"c\.json: game\.decisions"):
        Progress.load(path)


@pytest.mark.parametrize(("key", "value"), [("loadout", [["pfc-baker"]]), ("fates", [{"soldier_id": 3}]),
                                            ("points", "2")])
def test_a_finished_mission_s_record_that_is_not_one_is_refused_with_its_place(
        tmp_path: Path, key: str, value: object) -> None:
    """A fuzz case: a finished mission's loadout that was a list of lists loaded, and the
    check that plays it again (``validate``) raised a TypeError instead of saying so."""
    p = Progress.new(kit.load(), seed=9)
    _through(p, 1)
    path = p.save(tmp_path / "c.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["done"][0][key] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ProgressError, match=rf"c\.json: done.*{key}"):
        Progress.load(path)
