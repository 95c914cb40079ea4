"""A German's name ends in the letter on his counter, "Schütze Ritter (D)", and takes no
"'s" after the bracket: the Ambush! log, dice and questions say "the Kar 98k rifle of
Schütze Ritter (D)" and "The AR marker of Gefreiter Hahn (A)" (:func:`core.words.whose`),
while "Pvt Greer's M1 Garand rifle" stays."""

from __future__ import annotations

from ambush_gui import systems
from ambush_gui.ai.ambush_ai import AmbushAI
from ambush_gui.ai.simulate import play_out
from ambush_gui.ambush.game import AmbushGame
from ambush_gui.ambush.mission import SCENARIOS, Mission
from ambush_gui.ambush.words import marker_owner
from ambush_gui.core.events import Event
from ambush_gui.gui.hexmap.wording import shown
from ambush_gui.gui.shared.pacing import big_moment


def played(seed: int) -> AmbushGame:
    game = systems.new_game(Mission.load(SCENARIOS / "ambush-hedgerow.toml"), seed)
    assert isinstance(game, AmbushGame)
    play_out(game, {"us": AmbushAI()})
    return game


def test_no_bracketed_german_name_takes_an_apostrophe_s_in_a_played_mission() -> None:
    game = played(3)
    said = [f"{e.text} {e.data}" for e in game.log.events]
    germans = [s.label for s in game.state.soldiers.values() if s.letter]
    assert any(f"of {g}" in line for line in said for g in germans)  # the Germans act
    assert not [line for line in said if ")'s" in line]
    hit = next(line for line in said if line.startswith("Hit: ") and ")" not in line[:30])
    assert "'s " in hit  # a US firer keeps "Pvt Greer's rifle"


def test_the_windows_read_whose_marker_it_is_in_both_forms() -> None:
    german = Event("marker", "The AR marker of Obergefreiter Kessler (B): complete → panic "
                   "(0 in AR column 3, panic) [AR-037]", {"to": "panic", "soldier": "b"})
    us = Event("marker", "Sgt Doyle's AR marker: complete → panic (1 in AR column 4, red: "
               "out of command, panic) [AR-038]", {"to": "panic", "soldier": "d"})
    assert marker_owner(german.text) == "Obergefreiter Kessler (B)"
    assert big_moment(german) == "Obergefreiter Kessler (B) panics (0 in Action Rating column 3)"
    assert big_moment(us).startswith("Sgt Doyle panics (1 in Action Rating column 4")
    assert shown(german).text.startswith("Obergefreiter Kessler (B) panics: 0 is the Panic")
    held = shown(Event("marker", "The AR marker of Gefreiter Hahn (A): Complete → Complete "
                       "(activated) [AR-052]", {"soldier": "a"}))
    assert held.text == "The AR marker of Gefreiter Hahn (A) stays on Complete (activated) [AR-052]"
