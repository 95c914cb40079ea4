"""The hard Ambush! squad (issue 29): the normal squad's own judgement with sharper settings
(``ambush_ai.HARD``), found by simulation on training seeds. Each test builds the moment a
setting is for and shows the hard squad answers it better and the normal squad does not;
removing the setting (the hard squad on ``NORMAL``) makes it fail."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ambush_gui import systems
from ambush_gui.ai.ambush_ai import HARD, NORMAL, AmbushAI, Judgement
from ambush_gui.ambush.charts import Side, Stance
from ambush_gui.ambush.game import AmbushGame
from ambush_gui.core.decisions import Decision, DecisionKind
from tests.ai import ambush_missions as missions


def new(name: str, seed: int) -> AmbushGame:
    g = systems.new_game(systems.load_scenario(systems.resolve(name)), seed)
    assert isinstance(g, AmbushGame)
    g.start()
    return g


def first(g: AmbushGame, wanted: Callable[[AmbushGame, Decision], bool]) -> Decision:
    """Play the normal squad until a decision ``wanted`` picks out; that decision."""
    normal = AmbushAI()
    while (d := g.pending()) is not None:
        if wanted(g, d):
            return d
        g.answer(normal.choose(g, d))
    raise AssertionError("the game ended before the moment the test needs")


def test_the_hard_level_of_ambush_is_the_squad_with_the_hard_settings() -> None:
    hard = systems.computer_player("ambush", "hard", 5)
    normal = systems.computer_player("ambush", "normal", 5)
    assert isinstance(hard, AmbushAI) and hard.judgement == HARD
    assert isinstance(normal, AmbushAI) and normal.judgement == NORMAL == Judgement()
    assert HARD != NORMAL


def test_the_hard_squad_shoots_a_column_s_men_before_its_leader() -> None:
    """The column breaks and gets away when its Feldwebel goes down: shot first, he takes
    his men's points with him. Kowal's machinegun has the Feldwebel (hit number 6) and his
    men (5) in sight: normal fires at the best number, hard at a man."""

    def leader_on_offer(g: AmbushGame, d: Decision) -> bool:
        if d.kind is not DecisionKind.AMBUSH_TARGET:
            return False
        targets = {o["target"] for o in d.options if isinstance(o, dict) and "target" in o}
        return any(g.state.soldiers[t].ldr >= 2 for t in targets) and len(targets) > 1 \
            and AmbushAI().choose(g, d) != AmbushAI(HARD).choose(g, d)

    g = new("ambush-column", 2)
    d = first(g, leader_on_offer)
    normal, hard = AmbushAI().choose(g, d), AmbushAI(HARD).choose(g, d)
    assert g.state.soldiers[normal["target"]].ldr >= 2
    assert g.state.soldiers[hard["target"]].ldr < 2
    assert "fires at" in AmbushAI(HARD).decide(g, d).reason


def test_the_hard_squad_does_not_crowd_one_hex_on_the_way_in() -> None:
    """A hex full of the squad is one target for a German burst (FC-031: each man beyond
    the first helps the automatic fire). Normal files all five through the same hexes;
    hard keeps at most two in a hex outside the objective."""

    def most_in_a_hex(judgement: Judgement) -> int:
        g, ai, most = new("ambush-raid", 3), AmbushAI(judgement), 0
        while (d := g.pending()) is not None and d.kind is DecisionKind.AMBUSH_OPERATIONS:
            g.answer(ai.choose(g, d))
            hexes = [s.hex for s in g.state.side(Side.US) if s.hex is not None]
            most = max([most, *(hexes.count(h) for h in hexes)])
        return most

    assert most_in_a_hex(NORMAL) == 5
    assert most_in_a_hex(HARD) <= HARD.max_stack == 2


def test_the_hard_squad_lies_down_after_firing_in_a_german_s_sight() -> None:
    """The stance change after an action is free, and prone is the biggest shift against a
    hit (FC-023): normal stays crouching, hard lies down."""

    def after_action_in_sight(g: AmbushGame, d: Decision) -> bool:
        if d.kind is not DecisionKind.AMBUSH_STANCE or "prone" not in d.options:
            return False
        s = g.state.soldiers[d.facts["soldier"]]
        return s.stance is not Stance.PRONE and AmbushAI().watched(g, s) is not None

    g = new("ambush-column", 2)
    d = first(g, after_action_in_sight)
    assert AmbushAI().choose(g, d) == "stay"
    c = AmbushAI(HARD).decide(g, d)
    assert c.answer == "prone" and "can see him" in c.reason


@pytest.mark.parametrize("name", ["ambush-tutorial", "ambush-column"])
def test_the_hard_squad_plays_whole_missions_legally(name: str) -> None:
    g, ai = new(name, 11), AmbushAI(HARD)
    while (d := g.pending()) is not None:
        c = ai.decide(g, d)
        assert c.reason
        g.answer(c.answer)
    assert g.result is not None
    assert not systems.invariants(g)


def _dog_and_bridge() -> dict[str, object]:
    """A bridge to the east scores 3; hex 0401, on the way the squad would take there, holds a dog that
    wakes the Germans and scores nothing."""
    data = missions._base("dog-and-bridge")
    data["card"]["checks"] = [{"at": ["0401"], "paragraph": 1},
                             {"at": ["0802"], "paragraph": 2}]
    data["paragraphs"] = [
        {"number": 1, "style": "numbered", "text": "A dog barks.", "options": [
            {"text": "The Germans are alert.", "when": {"condition": "A"},
             "do": [{"condition": "B"}]},
            {"text": "Nothing new.", "do": [{"hold": True}]}]},
        {"number": 2, "sighting": "bridge", "text": "The bridge.", "options": [
            {"text": "Score 3.", "do": [{"score": 3, "why": "the bridge"}]}]},
    ]
    return data


def test_the_hard_squad_walks_round_a_paragraph_check_it_is_not_going_to() -> None:
    """Walking through a Paragraph Check hex reads its paragraph (here: the dog wakes the
    Germans). Normal takes the straight way through it; hard goes round."""

    def dog_reads(judgement: Judgement) -> int:
        g, ai = missions.game(_dog_and_bridge()), AmbushAI(judgement)
        while (d := g.pending()) is not None:
            g.answer(ai.choose(g, d))
        assert g.state.score.total >= 3  # both reach the bridge
        return sum(1 for e in g.log.events if e.kind == "paragraph" and e.data.get("paragraph") == 1)

    assert dog_reads(NORMAL) > 0
    assert dog_reads(HARD) == 0


def test_the_hard_squad_pays_the_check_toll_only_while_the_germans_are_hidden() -> None:
    """Once a German is on the map there is no quiet left to keep: the hard squad's way to its
    goal costs what the normal squad's does (a detour round a check hex then only loses
    time; a crossroads held against a counter-attack was lost to it on training seeds)."""
    from ambush_gui.ambush.model import Status

    g = new("ambush-raid", 1)
    hard, normal = AmbushAI(HARD), AmbushAI(NORMAL)
    goal = hard.objective(g)
    assert hard.distances(g, goal) != normal.distances(g, goal)  # hidden: the toll
    german = g.state.side(Side.GERMAN, active=False)[0]
    german.status, german.hex = Status.ACTIVE, next(iter(goal))
    assert hard.distances(g, goal) == normal.distances(g, goal)
