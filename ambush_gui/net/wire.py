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
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, JsonValue, ValidationError

PROTOCOL = 1  # raised whenever a message changes shape
MAX_MESSAGE = 4 * 1024 * 1024  # bytes in one message at most (a whole game's view fits)
HEADER = struct.Struct(">I")
MAX_CHAT = 300  # characters in one chat line


class WireError(ValueError):
    """What the peer sent cannot be read; the text says what and is shown to the player."""


HEX64 = "^[0-9a-f]{64}$"
SESSION = "^([0-9a-f]{32})?$"
SIDE = "^[a-z_]{1,20}$"
JSON_ANSWER = 64 * 1024  # characters of one answer at most (a long free-measure path is ~2k)


class Message(BaseModel):
    """Every message: a closed set of fields (an unknown one is refused), frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Hello(Message):
    """The first message each way: who is speaking and what game it means to play. The
    host's names the scenario (``name``, found among the guest's scenarios) and the side he
    plays; the guest's says what its own program has of it, and ``session`` the game it
    left, when it rejoins one."""

    type: Literal["hello"] = "hello"
    protocol: int = Field(ge=1)
    program: str = Field(max_length=40)  # the program's version, e.g. "0.1.0"
    system: str = Field(max_length=20)  # "alley" or "ambush"
    name: str = Field("", max_length=120)  # the scenario's name or file name, to find it
    scenario: str = Field(max_length=120)  # its title, for the words
    content: str = Field(pattern=HEX64)  # the scenario's content hash
    options: dict[str, str] = Field(default_factory=dict, max_length=64)
    side: str = Field("", pattern="^([a-z_]{1,20})?$")  # the side the sender plays
    session: str = Field("", pattern=SESSION)


class Commit(Message):
    """Host to guest: the hash that binds the host to his secret (core/fair.py)."""

    type: Literal["commit"] = "commit"
    commitment: str = Field(pattern=HEX64)


class Secret(Message):
    """Guest to host: the guest's secret, in the clear; with the host's it makes the seed."""

    type: Literal["secret"] = "secret"
    secret: str = Field(pattern=HEX64)


Throws = Annotated[list[Annotated[list[Annotated[int, Field(ge=1, le=20)]], Field(max_length=200)]],
                   Field(max_length=2000)]


def _bounded(value: Any) -> Any:
    if len(json.dumps(value)) > JSON_ANSWER:
        raise ValueError(f"an answer longer than {JSON_ANSWER} characters")
    return value


Answered = Annotated[JsonValue, AfterValidator(_bounded)]  # any JSON, at most JSON_ANSWER long


class Start(Message):
    """Host to guest: the game is on (again, after a rejoin). The steps so far follow,
    ``steps`` of them; ``dice`` are the throws made before the first question."""

    type: Literal["start"] = "start"
    session: str = Field(pattern="^[0-9a-f]{32}$")
    commitment: str = Field(pattern=HEX64)
    guest_secret: str = Field(pattern=HEX64)  # the one the seed was made with
    options: dict[str, str] = Field(max_length=64)  # the rules options the game plays
    steps: int = Field(ge=0, le=100_000)
    dice: Throws = Field(default_factory=list)


class Step(Message):
    """Host to guest: decision ``n`` (0 for the game's first) was answered by ``side`` with
    ``answer``, and answering it threw ``dice`` (each throw's faces, in order)."""

    type: Literal["step"] = "step"
    n: int = Field(ge=0, le=100_000)
    side: str = Field(pattern=SIDE)
    answer: Answered
    dice: Throws = Field(default_factory=list)


class Answer(Message):
    """Guest to host: the guest's answer to decision ``n``."""

    type: Literal["answer"] = "answer"
    n: int = Field(ge=0, le=100_000)
    answer: Answered


class Refused(Message):
    """Host to guest: the answer to decision ``n`` is not a legal one, and why."""

    type: Literal["refused"] = "refused"
    n: int = Field(ge=0, le=100_000)
    words: str = Field(max_length=1000)


class End(Message):
    """Host to guest: the game is over. ``secret`` is the host's, revealed for the dice
    check; ``state_hash`` the final board's (core.game.Game.state_hash)."""

    type: Literal["end"] = "end"
    secret: str = Field(pattern=HEX64)
    state_hash: str = Field(pattern=HEX64)
    result: str = Field(max_length=1000)


class Chat(Message):
    """Either way: a line of chat."""

    type: Literal["chat"] = "chat"
    text: str = Field(min_length=1, max_length=MAX_CHAT)


class TakeBack(Message):
    """Either way: ``ask`` to take back decision ``n`` (the asker's last, no die thrown
    since), and the other's ``yes`` or ``no``."""

    type: Literal["takeback"] = "takeback"
    n: int = Field(ge=0, le=100_000)
    say: str = Field(pattern="^(ask|yes|no)$")


class Bye(Message):
    """Either way: the sender closes the connection, and why (what differs, a refusal)."""

    type: Literal["bye"] = "bye"
    words: str = Field(max_length=4000)


def _place(loc: tuple[Any, ...]) -> str:
    """Where in a message a field is wrong (its first steps: a nested answer's place
    would otherwise run to pages)."""
    shown = ".".join(map(str, loc[:4])) or "the message"
    return shown + (" …" if len(loc) > 4 else "")


KNOWN: dict[str, type[Message]] = {m.model_fields["type"].default: m for m in (
    Hello, Commit, Secret, Start, Step, Answer, Refused, End, Chat, TakeBack, Bye)}


def encode(message: Message) -> bytes:
    """The bytes that carry ``message``."""
    body = message.model_dump_json().encode()
    if len(body) > MAX_MESSAGE:
        raise WireError(f"a message of {len(body)} bytes is longer than the {MAX_MESSAGE} "
                        "the other program accepts")
    return HEADER.pack(len(body)) + body


def decode(body: bytes) -> Message:
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
        where = "; ".join(f"{_place(err['loc'])}: {err['msg'][:120]}" for err in e.errors()[:3])
        raise WireError(f"the other program's {kind} message is not as expected ({where})") from None
    except RecursionError:
        raise WireError(f"the other program's {kind} message is nested too deeply") from None


class Reader:
    """Messages out of a stream of bytes as they arrive, in any pieces."""

    def __init__(self, limit: int = MAX_MESSAGE) -> None:
        self.limit = limit
        self._buffer = bytearray()

    def feed(self, data: bytes) -> Iterator[Message]:
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
          options: dict[str, str] | None = None, name: str = "", side: str = "",
          session: str = "") -> Hello:
    """This program's Hello."""
    return Hello(type="hello", protocol=PROTOCOL, program=program[:40], system=system, name=name[:120],
                 scenario=scenario[:120], content=content, options=dict(options or {}), side=side,
                 session=session)

