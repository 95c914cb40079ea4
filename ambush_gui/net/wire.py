"""The wire: how one message crosses the network, and the first thing two programs say.

A message is a JSON object, sent as 4 bytes (its length, big-endian) and then its UTF-8
text. The peer is untrusted input, like a file: a :class:`Reader` takes the bytes as they
come, refuses a message longer than ``MAX_MESSAGE`` before reading it, and refuses text
that is not a JSON object naming a known ``type`` (a :class:`WireError` that says what was
wrong, never another exception). Nothing received is ever executed: messages are data.

The first message each way is a :class:`Hello`. :func:`differences` compares two of them
and names, in a player's words, what keeps the two programs from playing together: the
protocol, the program's version, the rule system, the scenario's content, the rules
options.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator

from pydantic import BaseModel, ConfigDict, Field, ValidationError

PROTOCOL = 1  # raised whenever a message changes shape
MAX_MESSAGE = 4 * 1024 * 1024  # bytes in one message at most (a whole game's view fits)
HEADER = struct.Struct(">I")


class WireError(ValueError):
    """What the peer sent cannot be read; the text says what and is shown to the player."""


class Hello(BaseModel):
    """The first message each way: who is speaking and what game it means to play."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: str = Field("hello", pattern="^hello$")
    protocol: int = Field(ge=1)
    program: str = Field(max_length=40)  # the program's version, e.g. "0.1.0"
    system: str = Field(max_length=20)  # "alley" or "ambush"
    scenario: str = Field(max_length=120)  # its title, for the words
    content: str = Field(pattern="^[0-9a-f]{64}$")  # the scenario's content hash
    options: dict[str, str] = Field(default_factory=dict, max_length=64)


KNOWN: dict[str, type[BaseModel]] = {"hello": Hello}


def encode(message: BaseModel) -> bytes:
    """The bytes that carry ``message``."""
    body = message.model_dump_json().encode()
    if len(body) > MAX_MESSAGE:
        raise WireError(f"a message of {len(body)} bytes is longer than the {MAX_MESSAGE} "
                        "the other program accepts")
    return HEADER.pack(len(body)) + body


def decode(body: bytes) -> BaseModel:
    """One message from its text; :class:`WireError` if it is not one this program knows."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        raise WireError(f"the other program sent text that is not JSON ({type(e).__name__})") from None
    if not isinstance(data, dict):
        raise WireError(f"the other program sent a JSON {type(data).__name__}, "
                        "where a message is a JSON object")
    kind = data.get("type")
    model = KNOWN.get(kind) if isinstance(kind, str) else None
    if model is None:
        shown = repr(kind)[:40] if kind is not None else "no type"
        raise WireError(f"the other program sent a message of unknown type {shown}; "
                        f"known: {', '.join(sorted(KNOWN))}")
    try:
        return model.model_validate(data)
    except ValidationError as e:
        where = "; ".join(f"{'.'.join(map(str, err['loc'])) or 'the message'}: {err['msg']}"
                          for err in e.errors()[:3])
        raise WireError(f"the other program's {kind} message is not as expected ({where})") from None


class Reader:
    """Messages out of a stream of bytes as they arrive, in any pieces."""

    def __init__(self, limit: int = MAX_MESSAGE) -> None:
        self.limit = limit
        self._buffer = bytearray()

    def feed(self, data: bytes) -> Iterator[BaseModel]:
        """Take ``data`` and yield every message it completes; a :class:`WireError` on the
        first that cannot be read (the connection is then to be closed)."""
        self._buffer += data
        while len(self._buffer) >= HEADER.size:
            (size,) = HEADER.unpack_from(self._buffer)
            if size > self.limit:
                raise WireError(f"the other program announced a message of {size} bytes; "
                                f"at most {self.limit} are accepted")
            if len(self._buffer) < HEADER.size + size:
                return
            body = bytes(self._buffer[HEADER.size:HEADER.size + size])
            del self._buffer[:HEADER.size + size]
            yield decode(body)


def differences(ours: Hello, theirs: Hello) -> list[str]:
    """What keeps the two programs from playing together, each in a sentence naming both
    sides' values; empty when they can."""
    out = []
    if ours.protocol != theirs.protocol:
        out.append(f"They speak different versions of the network protocol (this program "
                   f"{ours.protocol}, the other {theirs.protocol}): update the older one.")
    if ours.program != theirs.program:
        out.append(f"The programs are different versions (this one {ours.program}, the other "
                   f"{theirs.program}).")
    if ours.system != theirs.system:
        out.append(f"They mean different rule systems (this one {ours.system}, the other "
                   f"{theirs.system}).")
    elif ours.content != theirs.content:
        same = ours.scenario == theirs.scenario
        out.append(f"The scenario {'files differ' if same else 'is not the same'}: this program "
                   f"has {ours.scenario!r} ({ours.content[:12]}), the other {theirs.scenario!r} "
                   f"({theirs.content[:12]}).")
    for name in sorted(set(ours.options) | set(theirs.options)):
        a, b = ours.options.get(name), theirs.options.get(name)
        if a != b:
            out.append(f"Rules option {name}: this program plays {a or 'nothing'}, the other "
                       f"{b or 'nothing'}.")
    return out


def hello(program: str, system: str, scenario: str, content: str,
          options: dict[str, str] | None = None) -> Hello:
    """This program's Hello."""
    return Hello(type="hello", protocol=PROTOCOL, program=program, system=system, scenario=scenario,
                 content=content, options=dict(options or {}))

