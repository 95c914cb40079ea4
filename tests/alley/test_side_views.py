"""One view per side (ambush_gui/core/view.py, alley/view.py): what each side may see of
a table with hidden pieces, the questions put to it, and what the log may tell it; and
the scenario's ``hidden_from`` for an IED, with the older ``hidden = true/false``."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest

from ambush_gui import systems
from ambush_gui.alley.scenario import Scenario
from ambush_gui.core.errors import ScenarioError
from ambush_gui.core.events import Event
from ambush_gui.core.view import ALL, PUBLIC, View, holds_secrets, secret_holders
from tests.alley import kit

MARKET_DAY = Path(__file__).resolve().parents[2] / "ambush_gui" / "scenarios" / "market-day.toml"


def _game(**device: Any) -> Any:
    spec = {"id": "b", "size": "medium", "at": [6, 8], "reach": 4, "trigger": "command",
            "target": "random", **device}
    return kit.game([kit.marines("m", (5, 5)), kit.insurgents("i", (5, 20))], modules=["ieds"],
                    ieds={"devices": [spec]}, strict=False)


def test_an_ied_is_seen_by_its_owner_and_not_by_the_side_it_is_hidden_from() -> None:
    g = _game()
    assert View(g, "insurgent").sees("b") and View(g, ALL).sees("b")
    assert not View(g, "regular").sees("b") and not View(g, PUBLIC).sees("b")
    assert View(g, "insurgent").own_hidden("b") == ["regular"]  # drawn "hidden from the Regulars"
    assert holds_secrets(g, "insurgent") and not holds_secrets(g, "regular")
    assert secret_holders(g) == ["insurgent"]
    assert View(g, "regular").sees("some-building")  # a piece nobody hides


def test_an_ied_shown_to_both_is_public_and_no_secret() -> None:
    g = _game(hidden_from=[])
    assert all(View(g, v).sees("b") for v in ("regular", "insurgent", PUBLIC))
    assert View(g, "insurgent").own_hidden("b") == [] and secret_holders(g) == []
    mod = g.modules.get("ieds")
    assert any("waiting" in line for line in mod.status())  # the status both players read


def test_a_spent_ied_is_no_longer_hidden() -> None:
    g = _game()
    g.modules.get("ieds").spent["b"] = 1
    assert View(g, "regular").sees("b") and not holds_secrets(g, "insurgent")


def test_the_owners_secret_question_is_a_neutral_line_to_the_other_side() -> None:
    g = _game()
    mod = g.modules.get("ieds")
    d = mod.detonate_decision(mod.devices[0], [g.unit("m")])
    own, other = View(g, "insurgent").asked(d), View(g, "regular").asked(d)
    assert own.mine and not own.secret and "set off" in own.text
    assert not other.mine and other.secret and "IED" not in other.text
    assert View(g, "regular").tell_answer(d, "Set it off") is None  # not told: not even asked
    # shown to both: the question is no secret (the Regulars know where it is)
    g2 = _game(hidden_from=[])
    d2 = g2.modules.get("ieds").detonate_decision(g2.modules.get("ieds").devices[0], [g2.unit("m")])
    assert not View(g2, "regular").asked(d2).secret


def test_a_secret_event_is_not_told_to_the_other_side() -> None:
    g = _game()
    e = Event("forced", "Decided for the Insurgent player: set off the IED b now → wait",
              {"side": "insurgent", "secret": "The Insurgents weigh a hidden move"})
    assert View(g, "insurgent").tell(e) is e and View(g, ALL).tell(e) is e
    # not told at all: even the neutral line would say a unit had ended in the bomb's reach
    assert View(g, "regular").tell(e) is None
    plain = Event("roll", "Quality check 4")
    assert View(g, "regular").tell(plain) is plain


def test_fixed_moments_name_the_secret_holder_at_each_turn_start_and_after_enemy_moves() -> None:
    g = _game()
    assert g.look_moments(Event("turn", "Turn 2 begins", {"turn": 2})) == ["insurgent"]
    assert g.look_moments(Event("move", "m moves", {"unit": "m"})) == ["insurgent"]
    assert g.look_moments(Event("move", "i moves", {"unit": "i"})) == []  # its own move
    g2 = _game(hidden_from=[])
    assert g2.look_moments(Event("turn", "Turn 2 begins", {"turn": 2})) == []


# -- the file: hidden_from, and the older hidden = true/false -----------------------------

def _market(**device: Any) -> Scenario:
    data = tomllib.loads(MARKET_DAY.read_text())
    data = copy.deepcopy(data)
    data["ieds"]["devices"][0].update(device)
    return Scenario.from_data(data, "market-day.toml")


@pytest.mark.parametrize(("old", "hidden_from"), [(True, ["regular"]), (False, [])])
def test_the_older_hidden_key_loads_and_says_what_it_was_read_as(old: bool, hidden_from: list[str]) -> None:
    sc = _market(hidden=old)
    word = "true" if old else "false"
    assert sc.inferred == [f'IED road-bomb: hidden = {word} read as hidden_from = '
                           f'[{", ".join(repr(s).replace(chr(39), chr(34)) for s in hidden_from)}]']
    g = systems.new_game(sc, 1)
    assert View(g, "regular").sees("road-bomb") is (not old)


def test_market_day_hides_its_road_bomb_from_the_regulars_by_default() -> None:
    sc = _market()
    assert sc.inferred == []
    g = systems.new_game(sc, 1)
    assert not View(g, "regular").sees("road-bomb") and View(g, "insurgent").sees("road-bomb")


@pytest.mark.parametrize(("given", "words"), [
    ({"hidden_from": ["martians"]}, "hidden from 1: must be 'regular' or 'insurgent'"),
    ({"hidden_from": ["insurgent"]}, "the side that laid it: its owner always sees it"),
    ({"hidden_from": ["regular", "regular"]}, "listed twice"),
    ({"hidden": True, "hidden_from": []}, "not also the older hidden"),
    ({"hidden": "yes"}, "hidden: must be true or false"),
])
def test_a_bad_hidden_from_is_refused_naming_the_device(given: dict[str, Any], words: str) -> None:
    with pytest.raises(ScenarioError) as err:
        _market(**given)
    assert "market-day.toml" in str(err.value) and "road-bomb" in str(err.value)
    assert words in str(err.value)
