"""One game across two machines, both ends in one process (tests/net/loop.py): the guest's
replica reaches the host's board, the dice check passes and catches a changed die, no
hidden piece crosses the wire, a guest that drops rejoins at the same decision, and what
does not fit is refused in words."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ambush_gui import systems
from ambush_gui.core import saves
from ambush_gui.core.dice import Dice
from ambush_gui.core.view import View
from ambush_gui.net import wire
from ambush_gui.net.session import Guest, Host, SessionError
from ambush_gui.net.wire import Answer, Bye, Refused
from tests.net.loop import Pair, find, pair


def finished(p: Pair) -> None:
    assert p.host.game is not None and p.host.game.over
    g = p.guest
    assert g.check is not None and g.check.fair, g.check
    assert g.final is not None and g.game is not None
    assert g.game.state_hash() == g.final.state_hash() == p.host.game.state_hash()
    assert g.ended is not None and g.ended.state_hash == p.host.game.state_hash()
    assert p.host.dice_check().fair


@pytest.mark.parametrize(("name", "host_side"), [("contracting-trouble", "insurgent"),
                                                 ("contracting-trouble", "regular"),
                                                 ("market-day", "insurgent")])
def test_a_computer_game_over_the_wire_ends_on_one_board_with_fair_dice(
        name: str, host_side: str, tmp_path: Any) -> None:
    p = pair(name, host_side)
    p.run()
    finished(p)
    assert p.guest.game is not None and p.guest.game.decisions == p.host.game.decisions  # type: ignore[union-attr]
    for who, game in (("host", p.host.game), ("guest", p.guest.final)):  # both keep a verified save
        path = tmp_path / f"{who}.json"
        saves.save(game, path)  # type: ignore[arg-type]
        assert saves.check(path, systems.factory).verified


def test_a_die_the_host_changes_is_caught_and_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's game throws one die other than the seed's (its 7th throw): the guest's
    replica follows the host, and the check at the end names that throw."""
    made: list[Any] = []
    real_new_game = systems.new_game

    def crooked_game(scenario: Any, seed: int = 0, options: Any = None) -> Any:
        game = real_new_game(scenario, seed, options)
        if not made:  # the host's game; the guest's rebuild for the check stays honest
            made.append(game)
            real_face = game.dice._face

            def face(sides: int) -> int:
                f = real_face(sides)
                return f % sides + 1 if game.dice.count == 6 else f  # the 7th throw
            game.dice._face = face
        return game

    monkeypatch.setattr(systems, "new_game", crooked_game)
    p = pair("contracting-trouble")
    p.run()
    check = p.guest.check
    assert check is not None and not check.fair
    assert check.changed is not None and check.changed.throw == 7
    assert "Throw 7 (" in check.words and "the joint seed promised" in check.words


def test_no_byte_the_guest_receives_tells_a_hidden_ied_before_it_goes_off() -> None:
    """Market Day's bomb under Station Road is the gunmen's secret. Their player lets it wait
    when first asked (so the question crosses the wire as an answer), and the guest reads
    every byte: no id, label or place of the device while it is hidden."""
    p = pair("market-day", host_side="insurgent")
    waited = []
    plain = p.choice

    def choice(game: Any, d: Any) -> Any:
        if d.facts.get("question") == "ieds.detonate" and len(game.decisions) < 60:
            waited.append(len(game.decisions))
            return "wait"
        return plain(game, d)

    p.choice = choice  # type: ignore[method-assign]
    hidden_until = 0
    while True:
        before = len(p.to_guest)
        p.run(until=lambda q, b=before: len(q.to_guest) > b)  # type: ignore[misc]
        if p.host.game is None:
            continue
        if "road-bomb" in p.host.game.hidden_pieces():
            hidden_until = len(p.to_guest)
            assert p.guest.game is None or not View(p.guest.game, "regular").sees("road-bomb")
        if len(p.to_guest) == before:
            break
    seen = bytes(p.to_guest[:hidden_until])
    assert waited, "the secret question never crossed: the test proves nothing"
    assert hidden_until > 2000
    for told in (b"road-bomb", b"Station Road", b"[16, 8]", b"[16,8]", b"[16.0,8.0]", b"[16.0, 8.0]"):
        assert told not in seen, told
    finished(p)


def test_a_guest_that_drops_rejoins_at_the_same_decision() -> None:
    p = pair("market-day")
    p.run(until=lambda q: q.guest.game is not None and len(q.guest.game.decisions) >= 40)
    host_game = p.host.game
    assert host_game is not None
    kept = p.guest.kept
    assert kept is not None
    p.host.dropped()
    at = len(host_game.decisions)
    p.run()  # the host waits: nothing moves while no guest is connected
    assert len(host_game.decisions) == at and not p.host.connected
    back = Guest(find, program="test", kept=kept)  # a new program run: it kept only its record
    p.connect(back)
    p.run(until=lambda q: q.guest.playing)
    assert back.game is not None and len(back.game.decisions) == at
    assert back.game.state_hash() == host_game.state_hash()
    assert any("stands at decision" in line for line in back.said.lines)
    p.run()
    finished(p)


def test_a_guest_that_kept_nothing_is_told_what_the_check_cannot_prove() -> None:
    p = pair("contracting-trouble")
    p.run(until=lambda q: q.guest.game is not None and len(q.guest.game.decisions) >= 10)
    back = Guest(find, program="test")
    p.connect(back)
    p.run()
    finished(p)
    assert any("kept no record of the secret" in line for line in back.said.lines)


def test_a_rejoining_guest_whose_secret_differs_is_refused() -> None:
    p = pair("contracting-trouble")
    p.run(until=lambda q: q.guest.game is not None and len(q.guest.game.decisions) >= 10)
    kept = p.guest.kept
    assert kept is not None
    forged = type(kept)(kept.session, kept.commitment, "c" * 64)
    back = Guest(find, program="test", kept=forged)
    p.connect(back)
    p.run()
    assert back.closed == "The host's game was seeded with a secret this program did not send."


def test_an_illegal_or_late_answer_is_refused_and_asked_again() -> None:
    p = pair("contracting-trouble", host_side="insurgent")
    p.run(until=lambda q: q.guest.mine() is not None)
    game = p.host.game
    assert game is not None
    n = len(game.decisions)
    out = p.host.receive(Answer(n=n, answer="no such unit"))
    assert isinstance(out[0], Refused) and "is not" in out[0].words
    out = p.host.receive(Answer(n=n + 3, answer="x"))
    assert isinstance(out[0], Refused) and f"the open decision is {n + 1}" in out[0].words
    p.guest.receive(Refused(n=n, words="why"))  # not waiting: nothing changes
    assert p.guest.mine() is not None
    assert len(game.decisions) == n
    p.run()
    finished(p)


@pytest.mark.parametrize(("change", "said"), [
    ({"content": "0" * 64}, "The scenario files differ"),
    ({"program": "9.9"}, "different versions (this one test, the other 9.9)"),
    ({"options": {"reaction_fire": "other"}}, "Rules option reaction_fire"),
    ({"side": "insurgent"}, "means to play the insurgent side"),
])
def test_programs_that_cannot_play_together_say_what_differs(change: dict[str, Any], said: str) -> None:
    host = Host(find("contracting-trouble"), "contracting-trouble", "insurgent", program="test")
    guest = Guest(find, program="test")
    theirs = guest.receive(host.greet()[0])[0]
    assert isinstance(theirs, wire.Hello)
    out = host.receive(theirs.model_copy(update=change))
    assert isinstance(out[0], Bye) and said in out[0].words
    assert not host.connected and host.game is None


def test_the_guest_is_told_what_differs_in_its_own_words() -> None:
    """The host's bye says "this program" for the host: the guest reads its own reading."""
    host = Host(find("contracting-trouble"), "contracting-trouble", "insurgent", program="0.2")
    guest = Guest(find, program="test")
    out = host.receive(guest.receive(host.greet()[0])[0])
    guest.receive(out[0])
    assert guest.closed.startswith("These programs cannot play this game together: The programs "
                                   "are different versions (this one test, the other 0.2).")


def test_the_guest_without_the_scenario_says_which_file_to_copy() -> None:
    host = Host(find("contracting-trouble"), "contracting-trouble", "insurgent", program="test")
    guest = Guest(lambda name: None, program="test")
    out = guest.receive(host.greet()[0])
    assert isinstance(out[0], Bye)
    assert "no scenario 'contracting-trouble' (Contracting Trouble!)" in out[0].words


def test_ambush_is_solitaire_and_cannot_be_hosted() -> None:
    with pytest.raises(SessionError, match="played alone"):
        Host(find("ambush-crossroads"), "ambush-crossroads", "us")


def test_the_guest_replica_refuses_throws_its_game_does_not_make() -> None:
    p = pair("contracting-trouble")
    p.run(until=lambda q: q.guest.game is not None and len(q.guest.game.decisions) >= 5)
    g = p.guest
    assert g.game is not None and p.host.game is not None
    step = p.host.steps[-1]
    g.game, g.dice = None, None
    g.receive(wire.Start(session=p.host.session, commitment=p.host.commitment,
                         guest_secret=g.secret, options=g.options, steps=0,
                         dice=[[1]] * 50))  # far more opening throws than the game makes
    assert "parted ways" in g.closed
    assert isinstance(g.dice, Dice) and step.n >= 4


JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6),
                                                                              inner, max_size=4),
                    max_leaves=12)
HEX = st.text("0123456789abcdef", min_size=64, max_size=64) | st.just("a" * 64)
FIELD = {"n": st.integers(0, 300), "answer": JSON, "side": st.sampled_from(["regular", "insurgent", "us"]),
         "dice": st.lists(st.lists(st.integers(1, 20), max_size=4), max_size=4),
         "words": st.text(max_size=20), "text": st.text(min_size=1, max_size=20), "secret": HEX,
         "commitment": HEX, "guest_secret": HEX, "state_hash": HEX, "content": HEX,
         "session": st.text("0123456789abcdef", min_size=32, max_size=32),
         "steps": st.integers(0, 400), "options": st.dictionaries(st.text(max_size=8), st.text(max_size=8),
                                                                  max_size=3),
         "result": st.text(max_size=20), "say": st.sampled_from(["ask", "yes", "no"]),
         "protocol": st.integers(1, 2), "program": st.sampled_from(["test", "0.1.0"]),
         "system": st.sampled_from(["alley", "ambush"]), "name": st.sampled_from(["market-day", "x"]),
         "scenario": st.text(max_size=10)}


def shaped(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    """A message of ``kind`` with each of its fields drawn (or left out, or any JSON)."""
    names = [f for f in wire.KNOWN[kind].model_fields if f != "type"]
    return st.fixed_dictionaries({"type": st.just(kind)},
                                 optional={f: st.one_of(*[FIELD.get(f, JSON)] * 4, JSON) for f in names})


MESSAGES = st.sampled_from(sorted(wire.KNOWN)).flatmap(shaped)
MID_GAME: dict[str, Pair] = {}


@settings(max_examples=300, deadline=None)
@given(MESSAGES)
def test_whatever_a_peer_sends_is_read_or_refused_never_raised(data: dict[str, Any]) -> None:
    """A peer's message, whatever its fields, is refused by the wire in words or handled
    by either end mid-game (answered, refused, or closing), never an exception."""
    p = MID_GAME.get("p")
    if p is None or p.guest.closed or not p.host.connected:  # a fresh game when the last closed
        p = MID_GAME["p"] = pair("contracting-trouble")
        p.run(until=lambda q: q.guest.game is not None and len(q.guest.game.decisions) >= 6)
    try:
        msg = wire.decode(json.dumps(data).encode())
    except wire.WireError:
        return
    for end in (p.host, p.guest):
        out = end.receive(msg)
        assert all(isinstance(m, wire.Message) for m in out)


def allowed(end: Any) -> bool:
    from ambush_gui.net.session import take_back_why_not

    return end.game is not None and take_back_why_not(end.game, end.side) is None


@pytest.mark.parametrize("asker", ["guest", "host"])
def test_a_take_back_asked_and_allowed_plays_on_without_that_answer(asker: str) -> None:
    """Before any die is thrown after it, a player asks to take back his last answer; the
    other allows it, both games drop it, and the game goes on to a fair end."""
    p = pair("contracting-trouble", host_side="insurgent")
    end = p.guest if asker == "guest" else p.host
    p.run(until=lambda q: allowed(end) and q.host.connected and q.guest.playing)
    p.flush()  # the last step reaches the guest before the asking does, as on the link
    assert p.host.game is not None and p.guest.game is not None
    n = len(p.host.game.decisions) - 1
    board = p.host.game.state_hash()
    ask = end.ask_take_back()
    assert end.mine() is None  # asking: it answers nothing meanwhile
    other = p.host if asker == "guest" else p.guest
    reply = other.receive(ask[0])
    assert reply == [] and other.asked == n
    back = other.reply_take_back(True)
    assert [m.say for m in back] == ["yes"]  # type: ignore[attr-defined]
    end.receive(back[0])
    assert len(p.host.game.decisions) == len(p.guest.game.decisions) == n
    assert p.host.game.state_hash() == p.guest.game.state_hash() != board or n == 0
    assert any("allowed the take-back" in line for line in end.said.lines)
    p.run()
    finished(p)


def test_a_take_back_refused_changes_nothing_and_none_is_asked_past_a_die() -> None:
    from ambush_gui.core.decisions import IllegalDecision

    p = pair("contracting-trouble", host_side="insurgent")
    p.run(until=lambda q: allowed(q.guest) and q.guest.playing)
    assert p.host.game is not None
    n = len(p.host.game.decisions)
    back = p.host.receive(p.guest.ask_take_back()[0]) or p.host.reply_take_back(False)
    p.guest.receive(back[0])
    assert len(p.host.game.decisions) == n and p.guest.asking is None
    assert any("did not allow" in line for line in p.guest.said.lines)
    p.run(until=lambda q: q.guest.game is not None and q.guest.game.dice.count > 3
          and q.guest.mine() is not None and not allowed(q.guest))
    with pytest.raises(IllegalDecision, match="No take-back now"):
        p.guest.ask_take_back()


def test_the_same_program_rejoining_keeps_its_game_and_catches_up() -> None:
    """A dropped connection, the same program joins again (its window stays open): its
    replica is kept, the steps it has are checked against the host's, the rest played."""
    p = pair("market-day")
    p.run(until=lambda q: q.guest.game is not None and len(q.guest.game.decisions) >= 30)
    replica = p.guest.game
    p.host.dropped()
    p.flush()
    p.connect(p.guest)  # the same Guest object: a new connection, not a new program
    p.run(until=lambda q: q.guest.playing and q.guest.steps_due == 0 and q.host.connected)
    assert p.guest.game is replica
    p.run()
    finished(p)


def test_a_take_back_asked_when_the_connection_drops_is_forgotten() -> None:
    p = pair("contracting-trouble", host_side="insurgent")
    p.run(until=lambda q: allowed(q.host) and q.host.connected and q.guest.playing)
    p.flush()
    p.host.ask_take_back()  # never delivered: the connection drops
    assert p.host.mine() is None
    p.connect(Guest(find, program="test", kept=p.guest.kept))
    p.run()
    finished(p)


def test_a_hello_with_a_rules_option_this_program_does_not_know_is_refused_in_words() -> None:
    """Found by the fuzz test above: a host's hello naming a rules option '' (or one this
    program does not have) raised OptionError out of the guest; it is refused in words."""
    from ambush_gui.net.session import SessionError

    hello = wire.decode(json.dumps({
        "type": "hello", "protocol": wire.PROTOCOL, "session": "0" * 32, "side": "regular",
        "options": {"": ""}, "content": "a" * 64, "scenario": "", "name": "contracting-trouble",
        "system": "alley", "program": "test"}).encode())
    with pytest.raises(SessionError, match="rules options this program cannot"):
        pair("contracting-trouble").guest._hello(hello)
    out = pair("contracting-trouble").guest.receive(hello)  # a peer's door: refused, not raised
    assert all(isinstance(m, wire.Message) for m in out)


def test_the_hosts_save_is_a_save_and_hosts_the_game_again_where_it_stopped(tmp_path: Any) -> None:
    """The host's program stops mid-game: its save (the other machine's seat recorded as
    remote) verifies like any save, and hosted again from it the same session, secrets and
    steps come back, so the guest's program rejoins and checks every die at the end."""
    p = pair("contracting-trouble")
    p.run(until=lambda q: q.host.game is not None and len(q.host.game.decisions) >= 25)
    p.flush()
    assert p.host.game is not None
    path = tmp_path / "host.json"
    saves.save(p.host.game, path, {"insurgent": "human", "regular": "remote"},
               hosted=p.host.hosted())
    record = saves.read(path)
    assert record.players == {"insurgent": "human", "regular": "remote"}
    assert record.hosted is not None and record.hosted.session == p.host.session
    assert saves.check(path, systems.factory).verified
    again = Host.resumed(saves.replay(path, systems.factory), record.hosted, program="test")
    assert again.steps == p.host.steps and again.opening == p.host.opening
    back = Guest(find, program="test", kept=p.guest.kept)  # a new program run, its record kept
    q = Pair(again, back, p.players)
    q.connect()
    q.run()
    finished(q)
    assert "The other player joined again at decision 26." in again.said.lines
    assert not any("kept no record" in line for line in back.said.lines)
    with pytest.raises(SessionError, match="does not make its dice seed"):
        Host.resumed(q.host.game, record.hosted.model_copy(update={"secret": "c" * 64}))  # type: ignore[arg-type]


def test_a_network_save_written_before_it_could_be_hosted_again_still_loads(tmp_path: Any) -> None:
    """Saves the host wrote before they recorded what hosting again needs: the other
    machine's seat is "remote"; they load and verify (they open for hot-seat)."""
    p = pair("contracting-trouble")
    p.run(until=lambda q: q.host.game is not None and len(q.host.game.decisions) >= 5)
    path = tmp_path / "old.json"
    saves.save(p.host.game, path, {"insurgent": "human", "regular": "remote"})  # type: ignore[arg-type]
    assert saves.read(path).hosted is None
    assert saves.check(path, systems.factory).verified
