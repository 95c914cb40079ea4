"""The network's wire (issue 31): messages framed and bounded, a peer's bytes refused
clearly, and the Hello that says what keeps two programs from playing together."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ambush_gui.net.wire import HEADER, MAX_MESSAGE, Hello, Reader, WireError, differences, encode, hello

CONTENT = "ab" * 32


def ours(**kw: object) -> Hello:
    base = {"program": "0.1.0", "system": "alley", "scenario": "Market Day", "content": CONTENT,
            "options": {"reaction_fire": "replaces"}}
    base.update(kw)
    return hello(**base)  # type: ignore[arg-type]


def test_a_message_crosses_in_any_pieces() -> None:
    data = encode(ours()) + encode(ours(program="0.2.0"))
    for cut in (1, 3, 4, 7, len(data) - 1):
        reader = Reader()
        got = [*reader.feed(data[:cut]), *reader.feed(data[cut:])]
        assert [m.program for m in got] == ["0.1.0", "0.2.0"]  # type: ignore[attr-defined]
    one_by_one = Reader()
    assert len([m for b in data for m in one_by_one.feed(bytes([b]))]) == 2


def framed(obj: object) -> bytes:
    body = json.dumps(obj).encode()
    return HEADER.pack(len(body)) + body


@pytest.mark.parametrize(("data", "said"), [
    (HEADER.pack(MAX_MESSAGE + 1), "announced a message of"),
    (HEADER.pack(3) + b"\xff\xfe{", "not JSON"),
    (framed([1, 2]), "a JSON list, where a message is a JSON object"),
    (framed({"type": "exec", "code": "rm -rf /"}), "unknown type 'exec'"),
    (framed({"kind": "hello"}), "unknown type no type"),
    (framed({"type": "hello", "protocol": 1}), "hello message is not as expected (program"),
    (framed({**ours().model_dump(), "extra": 1}), "extra"),
    (framed({**ours().model_dump(), "content": "not a hash"}), "content"),
    (framed({**ours().model_dump(), "program": "x" * 41}), "program"),
])
def test_what_the_peer_sends_wrongly_is_refused_saying_what(data: bytes, said: str) -> None:
    with pytest.raises(WireError) as e:
        list(Reader().feed(data))
    assert said in str(e.value)


def test_an_oversized_message_is_refused_before_its_body_arrives() -> None:
    reader = Reader(limit=100)
    with pytest.raises(WireError, match="101 bytes; at most 100"):
        list(reader.feed(HEADER.pack(101)))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_give_messages_or_a_wire_error_and_nothing_else(data: bytes) -> None:
    reader = Reader(limit=1000)
    try:
        list(reader.feed(data))
    except WireError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(
                        st.sampled_from(["type", "protocol", "program", "system", "scenario",
                                         "content", "options", "x"]), kids, max_size=6),
                    max_leaves=20))
def test_any_json_gives_a_hello_or_a_wire_error(obj: object) -> None:
    try:
        list(Reader().feed(framed(obj)))
    except WireError:
        pass


def test_two_programs_that_can_play_together_differ_in_nothing() -> None:
    assert differences(ours(), ours()) == []


def test_what_differs_is_named_with_both_values() -> None:
    said = differences(ours(), ours(program="0.2.0", content="cd" * 32,
                                    options={"reaction_fire": "extra", "new_rule": "on"}))
    assert said == [
        "The programs are different versions (this one 0.1.0, the other 0.2.0).",
        "The scenario files differ: this program has 'Market Day' (abababababab), the other "
        "'Market Day' (cdcdcdcdcdcd).",
        "Rules option new_rule: this program plays nothing, the other on.",
        "Rules option reaction_fire: this program plays replaces, the other extra.",
    ]
    assert differences(ours(), ours(system="ambush")) == [
        "They mean different rule systems (this one alley, the other ambush)."]
