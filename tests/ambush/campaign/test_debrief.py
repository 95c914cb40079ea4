"""After a mission: each man's fate read from the game, the campaign rules applied with the
progress's own dice (docs/rules/ambush-campaign.md)."""

from __future__ import annotations

import pytest

from ambush_gui.ambush.campaign import Progress, debrief, fates_of, promote, raise_cost, suggest
from ambush_gui.ambush.campaign.debrief import dice_seed
from ambush_gui.ambush.model import Status
from ambush_gui.core.dice import Dice
from tests.ambush.campaign import kit


def _in_mission(seed: int = 3) -> tuple[Progress, object]:
    p = Progress.new(kit.load(), seed=seed)
    game = p.start_mission(suggest(p.campaign, "farm", p.roster))
    return p, game


def _end(game: object, winner: str = "us", points: int = 7) -> None:
    game.result = {"winner": winner, "points": {"us": points, "german": 0},  # type: ignore[attr-defined]
                   "turn": 3, "level": "Victory", "why": "test"}


def test_fates_name_each_man_s_end_and_the_germans_he_put_out_of_the_fight() -> None:
    p, game = _in_mission()
    st = game.state  # type: ignore[attr-defined]
    germans = [s for s in st.soldiers.values() if s.side.value == "german"]
    log = game.log  # type: ignore[attr-defined]
    log.emit("fire", "Pfc Baker fires", firer="pfc-b", target="g1")
    log.emit("damage", "Hahn is killed", soldier=germans[0].id, result="killed")
    log.emit("german_fire", "Lenz fires", german=germans[1].id)
    log.emit("damage", "Pfc Baker is wounded", soldier="pfc-b", result="wound")
    log.emit("damage", "Lenz is incapacitated", soldier=germans[1].id, result="incapacitated")
    st.soldiers["pfc-b"].wounded = True
    st.soldiers["pvt-c"].status = Status.DEAD
    fates = {f.soldier_id: f for f in fates_of(game)}
    assert fates["sgt-a"].result == "unhurt" and fates["sgt-a"].germans == 0
    assert fates["pfc-b"].result == "wounded" and fates["pfc-b"].hit == [germans[0].name]
    assert fates["pvt-c"].result == "killed"
    # Lenz fell after a German's fire, not a US soldier's: he counts for nobody


def test_a_german_who_assaults_and_loses_counts_for_the_american_he_assaulted() -> None:
    p, game = _in_mission()
    german = next(s for s in game.state.soldiers.values()  # type: ignore[attr-defined]
                  if s.side.value == "german")
    game.log.emit("assault", "Hahn assaults Sgt Able", attacker=german.id,  # type: ignore[attr-defined]
                  defender="sgt-a")
    game.log.emit("damage", "Hahn is incapacitated", soldier=german.id,  # type: ignore[attr-defined]
                  result="incapacitated")
    assert {f.soldier_id: f.germans for f in fates_of(game)}["sgt-a"] == 1


def test_the_campaign_rules_with_their_dice_shown() -> None:
    p, game = _in_mission()
    st = game.state  # type: ignore[attr-defined]
    st.soldiers["sgt-a"].wounded = True
    st.soldiers["pfc-b"].status = Status.INCAPACITATED
    st.soldiers["pvt-c"].status = Status.DEAD
    _end(game, "us")
    db = debrief(p, game, Dice(script=[2, 1]))
    a, b, c = (p.roster.by_id(i) for i in ("sgt-a", "pfc-b", "pvt-c"))
    assert (a.status, a.out_for) == ("wounded", 1)  # rule 2: 2 at or under 2
    assert b.status == "dead" and db.died_of_wounds == ["pfc-b"]  # rule 3: 1 dies
    assert c.status == "dead"  # rule 1
    assert db.xp == {"sgt-a": 1 + 2} and a.xp == 3  # rule 5: a mission and a US victory
    assert [r["faces"] for r in db.rolls] == [[2], [1]]
    assert "Sgt Able was wounded: d6 2, at or under 2: he misses 1 mission." in db.lines
    assert "Pfc Baker was incapacitated: d6 1, at or under 1: he dies of his wounds." in db.lines
    assert a.history == ["The Quiet Farm (tutorial): wounded"]
    # rule 7: recruits fill the living roster to 8 again
    assert len(p.roster.living()) == 8 and len(db.recruits) == 2  # two of the eight died
    assert all(r.recruit and (r.ar, r.ws) == (2, 0) for r in db.recruits)


def test_a_man_out_wounded_counts_the_missions_off_and_comes_back() -> None:
    p, game = _in_mission()
    _end(game)
    p.roster.by_id("pvt-c").status = "wounded"  # out before this mission, so not sent
    p.roster.by_id("pvt-c").out_for = 1
    game.state.soldiers.pop("pvt-c", None)  # type: ignore[attr-defined]
    game.initial_soldiers.remove("pvt-c")  # type: ignore[attr-defined]
    db = debrief(p, game, Dice(script=[]))
    assert db.recovered == ["pvt-c"] and p.roster.by_id("pvt-c").status == "fit"
    assert p.roster.by_id("pvt-c").history == ["The Quiet Farm (tutorial): missed it, wounded"]


def test_the_debrief_dice_are_the_progress_s_own() -> None:
    one, g1 = _in_mission(seed=5)
    two, g2 = _in_mission(seed=5)
    for g in (g1, g2):
        g.state.soldiers["sgt-a"].wounded = True  # type: ignore[attr-defined]
        _end(g)
    assert debrief(one, g1).rolls == debrief(two, g2).rolls
    assert dice_seed(5, "debrief", 0) != dice_seed(6, "debrief", 0)


def test_raising_a_rating_costs_experience_and_stops_at_its_cap() -> None:
    p = Progress.new(kit.load(), seed=1)
    p.phase = "debrief"
    man = p.roster.by_id("pfc-b")
    s = p.campaign.settings
    assert raise_cost(man, "per", s) == 4
    with pytest.raises(ValueError, match="costs 4 experience; he has 0"):
        promote(p, "pfc-b", "per")
    man.xp = 9
    promote(p, "pfc-b", "per")
    assert (man.per, man.xp) == (5, 5) and p.promotions[-1]["rating"] == "per"
    promote(p, "pfc-b", "per")
    assert man.per == 6 and raise_cost(man, "per", s) is None  # the cap is 6
    with pytest.raises(ValueError, match="at its cap"):
        promote(p, "pfc-b", "per")


def test_in_played_missions_only_germans_out_of_the_fight_are_credited_once() -> None:
    from ambush_gui.ai.ambush_ai import AmbushAI
    from ambush_gui.ai.simulate import play_out

    credited = 0
    for seed in range(6):
        p, game = _in_mission(seed)
        play_out(game, {"us": AmbushAI()})  # type: ignore[arg-type]
        out = [s for s in game.state.soldiers.values()  # type: ignore[attr-defined]
               if s.side.value == "german" and s.status is not Status.ACTIVE]
        fates = fates_of(game)
        got = sum(f.germans for f in fates)
        assert got <= len(out)
        assert {n for f in fates for n in f.hit} <= {s.name for s in out}
        credited += got
    assert credited > 0


def test_the_promotions_bought_after_a_mission_are_told_each_at_its_value_then() -> None:
    """Issue 29: the after-mission list of what the campaign rules did left out the raises
    bought on the screen. Two raises of one rating are told 5 then 6, in the order bought."""
    from ambush_gui.ambush.campaign.debrief import promotions_after

    p = Progress.new(kit.load(), seed=1)
    p.phase = "debrief"
    p.roster.by_id("pfc-b").xp = 9
    p.roster.by_id("sgt-a").xp = 8
    assert promotions_after(p, 0) == []
    promote(p, "pfc-b", "per")
    promote(p, "sgt-a", "ar")
    promote(p, "pfc-b", "per")
    assert promotions_after(p, 0) == ["Pfc Baker: Perception raised to 5 (4 experience).",
                                      "Sgt Able: Action Rating raised to 5 (8 experience).",
                                      "Pfc Baker: Perception raised to 6 (4 experience)."]
    assert promotions_after(p, 1) == []
    assert p.roster.by_id("pfc-b").history[-2:] == ["Perception raised to 5 (4 experience)",
                                                    "Perception raised to 6 (4 experience)"]


def test_a_raise_is_taken_back_whole_until_the_next_mission_starts() -> None:
    """A play-test: a misclick on Raise spent a man's experience for good. The last raise
    bought since the mission ended can be taken back (rating, experience, history and the
    progress's list as before it), one at a time, newest first; none once a mission is
    under way, and none from before the last mission."""
    from ambush_gui.ambush.campaign.debrief import last_promotion, unpromote

    p = Progress.new(kit.load(), seed=1)
    p.phase = "debrief"
    baker, able = p.roster.by_id("pfc-b"), p.roster.by_id("sgt-a")
    baker.xp, able.xp = 9, 8
    history = list(baker.history)
    assert last_promotion(p) is None
    with pytest.raises(ValueError, match="no raise to take back"):
        unpromote(p)
    promote(p, "pfc-b", "per")
    promote(p, "sgt-a", "ar")
    assert unpromote(p)["soldier"] == "sgt-a"
    assert (able.ar, able.xp) == (4, 8)
    assert last_promotion(p) == {"after": 0, "soldier": "pfc-b", "rating": "per"}
    unpromote(p)
    assert (baker.per, baker.xp, baker.history, p.promotions) == (4, 9, history, [])
    promote(p, "pfc-b", "per")
    p.phase = "mission"  # the next mission has started: the raise is for good
    assert last_promotion(p) is None
    with pytest.raises(ValueError, match="before the next one starts"):
        unpromote(p)
    p.phase = "debrief"
    p.done.append(object())  # a mission later, the raise bought before it stays
    assert last_promotion(p) is None
