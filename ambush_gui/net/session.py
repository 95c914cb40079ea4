"""One game across two machines: the host's end and the guest's, without the sockets.

The **host** runs the rules and throws the dice: his :class:`Host` holds the one real game.
The **guest**'s :class:`Guest` holds a replica of it: the same scenario file (the two
programs compare its content hash first), the same rules options, the same decisions in
the same order, and the faces of every throw as the host's game threw them (the guest does
not know the seed until the end, so it cannot throw them itself). Its log, its table and its
open decision are therefore the host's, and the windows and computer players work on it as
on any game; what each side may see of it is :mod:`ambush_gui.core.view`'s, as at one
machine. Nothing else crosses: no snapshot, no log line, no piece.

Each end is a state machine (no sockets, no threads, no clock): it is handed what arrives
(:meth:`receive`), and its own seat's answers (:meth:`answer`), and gives back the messages
to send. The transport (:mod:`ambush_gui.net.link`) and the ends' drivers (the command
line's ``host`` and ``join``, the window) sit on top.

The conversation (every message in :mod:`ambush_gui.net.wire`, documented in
``docs/formats.md``)::

    host                                guest
    hello (scenario, side, options) ->
                                     <- hello (what it has of that scenario; session to rejoin)
    commit (the host's commitment)  ->                      (a new game only)
                                     <- secret (the guest's)
    start (session, steps to come)  ->                      (a new game, and each rejoin)
    step, step, ...                 ->  every decision answered, with the faces it threw
                                     <- answer (the guest's, to the open decision)
    refused (why)                   ->  (an illegal answer: the guest is asked again)
    end (host's secret revealed)    ->  the guest checks every die (core/fair.py)

A connection that drops pauses the game: the host answers nothing more, even for his own
seat, until a guest is back (``hello`` with the session, or with none from a machine that
kept nothing); the host then sends ``start`` and every step again, and the guest's replica
stands at the same open decision.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ambush_gui.core.decisions import Decision, IllegalDecision
from ambush_gui.core.dice import Dice, ScriptExhausted
from ambush_gui.core.fair import DiceCheck, check_dice, commitment, joint_seed, new_secret, well_formed
from ambush_gui.core.game import Game
from ambush_gui.net import wire
from ambush_gui.net.wire import (
    Answer,
    Bye,
    Chat,
    Commit,
    End,
    Hello,
    Message,
    Refused,
    Secret,
    Start,
    Step,
    TakeBack,
)

Out = list[Message]


class SessionError(RuntimeError):
    """The two ends cannot go on together; the text says why, in a player's words."""


class NotHosted(SessionError):
    """A save that records no session across two machines: it is played at one computer."""


def program_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ambush-gui")
    except PackageNotFoundError:  # pragma: no cover - run from a folder never installed
        return "0.0.0"


def other_side(system: str, side: str) -> str:
    from ambush_gui.systems import seated_sides

    seats = seated_sides(system)
    if side not in seats or len(seats) != 2:
        raise SessionError(f"{side!r} is not a side of a two-player game; the sides are "
                           f"{', '.join(seats)}")
    return seats[1 - seats.index(side)]


def throws_since(game: Game, mark: int) -> list[list[int]]:
    """The faces of every throw in ``game``'s log from event ``mark`` on."""
    return [list(e.data.get("faces", ())) for e in game.log.events[mark:] if e.kind == "roll"]


def take_back_why_not(game: Game | None, side: str) -> str | None:
    """Why ``side`` may not ask to take back the game's last decision now (None: it may).
    A take-back is of the asker's own last answer, while the open decision is still his,
    and only when answering it threw no die (no die is ever thrown again)."""
    if game is None or not game.decisions:
        return "no decision has been made yet"
    d = game.pending()
    if d is None:
        return "the game is over"
    n = len(game.decisions) - 1
    if game.answered_by[n] != side or d.side != side:
        return "only your own last answer, before the other player has answered since"
    before = game.roll_marks[n - 1] if n else 0
    if game.roll_marks[n] != before or game.undo_floor() > n:
        return "a die was thrown after it, and no die is ever thrown again"
    return None


def replayed(game: Game, keep: int, dice: Dice) -> Game:
    """``game`` played again with its first ``keep`` decisions, on ``dice``."""
    from ambush_gui.alley.game import AlleyGame

    assert isinstance(game, AlleyGame)
    copy = AlleyGame(game.scenario, game.seed, dice=dice, options=game.recorded_options)
    copy.start()
    for answer in game.decisions[:keep]:
        copy.answer(answer)
    return copy


@dataclass
class Said:
    """What an end has to tell its player, oldest first (the driver shows and clears it)."""

    lines: list[str] = field(default_factory=list)
    chat: list[tuple[str, str]] = field(default_factory=list)  # (who, text)

    def tell(self, text: str) -> None:
        self.lines.append(text)


class TakeBacks:
    """A take-back between the two ends: one asks (``ask_take_back``), the other's player
    says yes or no (``reply_take_back``), and on yes both ends play the game again without
    that last answer (``_back_to``). While asking, an end answers nothing."""

    game: Game | None
    side: str
    said: Said
    asking: int | None
    asked: int | None

    @property
    def other(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def _on(self) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def _back_to(self, n: int) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def ask_take_back(self) -> Out:
        """Ask the other player to let this one take back his last answer;
        :class:`IllegalDecision` saying why not."""
        why = take_back_why_not(self.game, self.side) if self._on() else "the other player is away"
        if why is not None:
            raise IllegalDecision(f"No take-back now: {why}.")
        assert self.game is not None
        self.asking = len(self.game.decisions) - 1
        return [TakeBack(n=self.asking, say="ask")]

    def reply_take_back(self, yes: bool) -> Out:
        """This player's answer to the other's asking."""
        n, self.asked = self.asked, None
        if n is None:
            return []
        if yes:
            self._back_to(n)
        return [TakeBack(n=n, say="yes" if yes else "no")]

    def _take_back(self, msg: TakeBack) -> Out:
        game = self.game
        if msg.say == "ask":
            if game is None or take_back_why_not(game, self.other) is not None \
                    or msg.n != len(game.decisions) - 1:
                return [TakeBack(n=msg.n, say="no")]
            self.asked = msg.n
            self.said.tell("The other player asks to take back their last decision.")
            return []
        if self.asking is None or msg.n != self.asking:
            return []
        n, self.asking = self.asking, None
        if msg.say == "yes":
            self._back_to(n)
            self.said.tell("The other player allowed the take-back.")
        else:
            self.said.tell("The other player did not allow the take-back.")
        return []


class Host(TakeBacks):
    """The host's end: the real game, the dice, and what the guest is sent."""

    def __init__(self, scenario: Any, name: str, side: str, options: dict[str, str] | None = None,
                 program: str | None = None, secret: str | None = None) -> None:
        from ambush_gui.core.saves import content_hash
        from ambush_gui.systems import new_game_options

        if scenario.spec.system != "alley":
            raise SessionError("Ambush! is played alone against the German paragraphs: there "
                               "is no second player to join")
        self.scenario = scenario
        self.name = name
        self.side = side
        self.guest_side = other_side("alley", side)
        self.options = new_game_options(scenario, options)
        self.program = program or program_version()
        self.content = content_hash(scenario)
        self.secret = secret or new_secret()
        self.commitment = commitment(self.secret)
        self.session = secrets.token_hex(16)
        self.guest_secret: str | None = None
        self.game: Game | None = None
        self.opening: list[list[int]] = []  # the throws before the first question
        self.steps: list[Step] = []  # every decision answered, as the guest was (or will be) sent it
        self.connected = False  # a guest is connected and has said hello as expected
        self._committed = False
        self.asking: int | None = None  # the decision this end asked to take back
        self.asked: int | None = None  # the decision the other end asks to take back
        self.said = Said()

    @classmethod
    def resumed(cls, game: Game, hosted: Any, program: str | None = None) -> Host:
        """The host of a saved game across two machines again, where it stopped: the same
        session, secrets and commitment (``hosted``: the save's
        :class:`~ambush_gui.core.saves.Hosted`), so that the guest rejoins it as after a
        dropped connection and checks every die at the end. :class:`SessionError` if the
        record does not make the game's seed."""
        if hosted.side not in ("regular", "insurgent"):
            raise SessionError(f"The save says the host played the {hosted.side!r} side; "
                               "a host plays the regular or the insurgent side.")
        if commitment(hosted.secret) != hosted.commitment \
                or joint_seed(hosted.secret, hosted.guest_secret) != game.seed:
            raise SessionError("The save's record of the two machines' secrets does not make "
                               "its dice seed: it cannot be hosted again (open it for hot-seat "
                               "with ambush-gui play instead).")
        scenario = game.scenario  # type: ignore[attr-defined]
        host = cls(scenario, hosted.name, hosted.side, getattr(game, "recorded_options", None),
                   program, hosted.secret)
        host.session, host.guest_secret, host._committed = hosted.session, hosted.guest_secret, True
        again = replayed(game, 0, Dice(game.seed))  # each answer's throws, as the guest is sent them
        host.game, host.opening = again, throws_since(again, 0)
        for answer in game.decisions:
            host._apply(answer)
        return host

    @classmethod
    def from_save(cls, path: Any) -> Host:
        """The host of the game saved at ``path`` (one this machine hosted) again, where it
        stopped: ``ambush-gui host SAVE`` and the launcher's Host a saved game… both. A
        broken file raises as loading it does; :class:`NotHosted` a save of a game played
        at one computer; :class:`SessionError` a record that does not make its seed."""
        from ambush_gui import systems
        from ambush_gui.core import saves

        game = saves.replay(path, systems.factory)
        hosted = saves.read(path).hosted
        if hosted is None:
            raise NotHosted(f"{path} is not the save of a game this machine hosted for another "
                            "(it records no session to rejoin)")
        return cls.resumed(game, hosted)

    def hosted(self) -> dict[str, str] | None:
        """What the host's save keeps to host the game again (None before it begins)."""
        if self.guest_secret is None:
            return None
        return {"name": self.name, "side": self.side, "session": self.session,
                "secret": self.secret, "guest_secret": self.guest_secret,
                "commitment": self.commitment}

    # -- the conversation ------------------------------------------------------------------
    def hello(self) -> Hello:
        return wire.hello(self.program, "alley", self.scenario.spec.title, self.content,
                          self.options, name=self.name, side=self.side, session=self.session)

    def greet(self) -> Out:
        """A guest has connected: the host speaks first."""
        self.connected = False
        return [self.hello()]

    def dropped(self) -> None:
        """The guest's connection is gone: the game waits (a take-back asked is forgotten)."""
        if self.connected:
            self.said.tell("The other player's connection dropped: the game waits until they join again.")
        self.connected = False
        self.asking = self.asked = None

    def receive(self, msg: Message) -> Out:
        if isinstance(msg, Hello):
            return self._hello(msg)
        if isinstance(msg, Bye):
            self.said.tell(f"The other player left: {msg.words}")
            self.connected = False
            return []
        if not self.connected:
            return [Bye(words="The host expected a hello first.")]
        if isinstance(msg, Secret):
            return self._secret(msg)
        if isinstance(msg, Answer):
            return self._answer(msg)
        if isinstance(msg, Chat):
            self.said.chat.append((self.guest_side, msg.text))
            return []
        if isinstance(msg, TakeBack):
            return self._take_back(msg)
        return [Bye(words=f"The host did not expect a {msg.type} message now.")]  # type: ignore[attr-defined]

    def _hello(self, theirs: Hello) -> Out:
        differ = wire.differences(self.hello(), theirs)
        if theirs.side != self.guest_side:
            differ.append(f"The other program means to play the {theirs.side or 'no'} side; this "
                          f"game's open side is the {self.guest_side} side.")
        if self.game is not None and theirs.session not in (self.session, ""):
            differ.append("A game is in progress with another player's session.")
        if differ:
            self.said.tell("A player could not join: " + " ".join(differ))
            return [Bye(words=" ".join(differ))]
        self.connected = True
        if self.game is None:
            self._committed = True
            return [Commit(commitment=self.commitment)]
        self.said.tell(f"The other player joined again at decision {len(self.game.decisions) + 1}.")
        return self._start()

    def _secret(self, msg: Secret) -> Out:
        if self.game is not None or not self._committed:
            return [Bye(words="The host did not expect a secret now.")]
        if not well_formed(msg.secret):
            return [Bye(words="The guest's secret is not 64 hexadecimal digits.")]
        from ambush_gui.systems import new_game

        self.guest_secret = msg.secret
        game = new_game(self.scenario, joint_seed(self.secret, msg.secret), self.options)
        game.start()
        self.game = game
        self.opening = throws_since(game, 0)
        self.said.tell("The other player joined: the game begins.")
        return self._start()

    def _start(self) -> Out:
        assert self.game is not None and self.guest_secret is not None
        out: Out = [Start(session=self.session, commitment=self.commitment,
                          guest_secret=self.guest_secret, options=self.options,
                          steps=len(self.steps), dice=self.opening)]
        out.extend(self.steps)
        if self.game.over:
            out.append(self._end())
        return out

    def _answer(self, msg: Answer) -> Out:
        game = self.game
        d = game.pending() if game is not None else None
        if game is None or d is None:
            return [Refused(n=msg.n, words="The game has not begun or is over.")]
        if msg.n != len(game.decisions):
            return [Refused(n=msg.n, words=f"That answer was to decision {msg.n + 1}; the open "
                                           f"decision is {len(game.decisions) + 1}.")]
        if d.side != self.guest_side:
            return [Refused(n=msg.n, words=f"Decision {msg.n + 1} is the {d.side} side's to answer.")]
        if self.asked is not None:
            return [Refused(n=msg.n, words="You asked for a take-back: wait for the answer.")]
        try:
            return self._apply(msg.answer)
        except IllegalDecision as why:
            return [Refused(n=msg.n, words=str(why)[:1000])]

    # -- the host's own seat ---------------------------------------------------------------
    def mine(self) -> Decision | None:
        """The open decision when it is the host's seat's to answer and the game is on (a
        connected guest: a dropped connection pauses the host too)."""
        if self.game is None or not self.connected or self.asking is not None:
            return None
        d = self.game.pending()
        return d if d is not None and d.side == self.side else None

    def answer(self, choice: Any) -> Out:
        """The host's seat answers the open decision; :class:`IllegalDecision` if it may not."""
        if self.mine() is None:
            if self.game is not None and not self.connected:
                raise IllegalDecision("the other player's connection dropped: the game waits "
                                      "until they join again")
            raise IllegalDecision("it is not the host's decision now")
        return self._apply(choice)

    def _apply(self, choice: Any) -> Out:
        game = self.game
        assert game is not None
        d = game.pending()
        assert d is not None
        mark = len(game.log.events)
        game.answer(choice)
        step = Step(n=len(game.decisions) - 1, side=d.side, answer=game.decisions[-1],
                    dice=throws_since(game, mark))
        self.steps.append(step)
        return [step, self._end()] if game.over else [step]

    @property
    def other(self) -> str:
        return self.guest_side

    def _on(self) -> bool:
        return self.connected

    def _back_to(self, n: int) -> None:
        assert self.game is not None
        self.game = replayed(self.game, n, Dice(self.game.seed))  # the seed's own dice again
        del self.steps[n:]

    def _end(self) -> End:
        assert self.game is not None
        return End(secret=self.secret, state_hash=self.game.state_hash(), result=result_words(self.game))

    def chat(self, text: str) -> Out:
        return [Chat(text=text[:wire.MAX_CHAT])]

    def dice_check(self) -> DiceCheck:
        """The check the guest makes, made on the host's own game (it must pass)."""
        assert self.game is not None and self.guest_secret is not None
        return check_dice(self.game, self.secret, self.guest_secret, self.commitment, self._rebuild)

    def _rebuild(self, seed: int) -> Game:
        from ambush_gui.systems import new_game

        return new_game(self.scenario, seed, self.options)


@dataclass
class Kept:
    """What a guest keeps of a game on its own disk, to rejoin it and to trust its seed."""

    session: str
    commitment: str
    secret: str

    def to_data(self) -> dict[str, str]:
        return {"session": self.session, "commitment": self.commitment, "secret": self.secret}

    @classmethod
    def from_data(cls, data: Any) -> Kept | None:
        try:
            kept = cls(str(data["session"]), str(data["commitment"]), str(data["secret"]))
        except (TypeError, KeyError):
            return None
        return kept if well_formed(kept.secret) else None


class Guest(TakeBacks):
    """The guest's end: a replica of the host's game, and the dice check at the end.

    ``find(name)``: the scenario the host names, from this program's own (None: it has
    none of that name). ``kept``: what this machine kept of the game it rejoins."""

    def __init__(self, find: Callable[[str], Any], program: str | None = None,
                 kept: Kept | None = None, secret: str | None = None) -> None:
        self.find = find
        self._fresh = secret  # the secret to send for a new game (None: a new one then)
        self.program = program or program_version()
        self.kept = kept
        self.scenario: Any = None
        self.side = ""
        self.host_side = ""
        self.options: dict[str, str] = {}
        self.commitment = ""
        self.secret = ""
        self.session = ""
        self.game: Game | None = None
        self.dice: Dice | None = None
        self.steps_due = 0  # the steps the last start announced, still to come
        self.waiting: int | None = None  # the decision the guest answered, awaiting the host
        self.refusal = ""  # why the host refused the last answer
        self.ended: End | None = None
        self.check: DiceCheck | None = None
        self.final: Game | None = None  # the game rebuilt from the joint seed at the end
        self.closed = ""  # why the connection ended (a bye, a broken replica)
        self.differ = ""  # what keeps this program from playing the host's game, in words
        self.asking: int | None = None  # the decision this end asked to take back
        self.asked: int | None = None  # the decision the host asks to take back
        self.said = Said()

    # -- the conversation ------------------------------------------------------------------
    def receive(self, msg: Message) -> Out:
        if self.closed:
            return []  # the connection is closing: what was already under way is not read
        try:
            return self._receive(msg)
        except SessionError as why:
            self.closed = str(why)
            return [Bye(words=str(why))]

    def _receive(self, msg: Message) -> Out:
        if isinstance(msg, Hello):
            return self._hello(msg)
        if isinstance(msg, Commit):
            return self._commit(msg)
        if isinstance(msg, Start):
            return self._start(msg)
        if isinstance(msg, Step):
            self._step(msg)
            return []
        if isinstance(msg, Refused):
            if self.waiting == msg.n:
                self.waiting = None
                self.refusal = msg.words
                self.said.tell(f"The host refused that answer: {msg.words}")
            return []
        if isinstance(msg, End):
            self._end(msg)
            return []
        if isinstance(msg, Chat):
            self.said.chat.append((self.host_side, msg.text))
            return []
        if isinstance(msg, TakeBack):
            return self._take_back(msg)
        if isinstance(msg, Bye):  # what differs in this program's words, else the host's
            self.closed = self.differ if self.game is None and self.differ else msg.words
            self.said.tell(f"The host closed the game: {self.closed}")
            return []
        raise SessionError(f"The host sent a {msg.type} message, which only a guest sends.")  # type: ignore[attr-defined]

    def _hello(self, host: Hello) -> Out:
        from ambush_gui.core.options import OptionError
        from ambush_gui.core.saves import content_hash
        from ambush_gui.systems import new_game_options

        if self.scenario is None:
            found = self.find(host.name)
            if found is None:
                raise SessionError(f"This program has no scenario {host.name!r} ({host.scenario}): "
                                   "copy the host's scenario file to this machine and join with it.")
            self.scenario = found
        self.host_side = host.side
        self.side = other_side("alley", host.side)
        try:
            self.options = new_game_options(self.scenario, host.options)
        except OptionError as why:  # another program's options, or a peer's nonsense
            raise SessionError(f"The host's game plays rules options this program cannot: {why}") from None
        ours = wire.hello(self.program, self.scenario.spec.system, self.scenario.spec.title,
                          content_hash(self.scenario), self.options, name=host.name, side=self.side,
                          session=self.kept.session if self.kept else "")
        differ = wire.differences(ours, host)
        self.differ = ("These programs cannot play this game together: " + " ".join(differ)
                       if differ else "")
        return [ours]

    def _commit(self, msg: Commit) -> Out:
        if self.game is not None or self.commitment:
            raise SessionError("The host committed to a second secret in one game.")
        self.commitment = msg.commitment
        self.secret = self._fresh or new_secret()
        return [Secret(secret=self.secret)]

    def _start(self, msg: Start) -> Out:
        if self.scenario is None:
            raise SessionError("The host started a game before saying which.")
        known = self.kept if self.kept and self.kept.session == msg.session else None
        mine = self.secret or (known.secret if known else "")
        promised = self.commitment or (known.commitment if known else "")
        if mine and not hmac.compare_digest(mine, msg.guest_secret):
            raise SessionError("The host's game was seeded with a secret this program did not send.")
        if promised and not hmac.compare_digest(promised, msg.commitment):
            raise SessionError("The host's commitment is not the one he made before the game.")
        if not mine:
            self.said.tell("This machine kept no record of the secret it sent for this game: the "
                           "dice check at the end will show the dice followed the seed, not that "
                           "the seed was made with this machine's secret.")
        if msg.options != self.options:
            raise SessionError("The host's game plays other rules options than the ones agreed.")
        again = self.game is not None and self.session == msg.session
        self.session, self.secret, self.commitment = msg.session, msg.guest_secret, msg.commitment
        self.kept = Kept(self.session, self.commitment, self.secret)
        if not again:  # a rejoin from this same program keeps its replica (and its window)
            self._replica(msg.dice)
        self.steps_due = msg.steps
        self.waiting, self.ended, self.check, self.final = None, None, None, None
        self.asking = self.asked = None  # a take-back asked before a drop is forgotten
        self._catching_up()
        return []

    def _catching_up(self) -> None:
        if self.steps_due == 0 and self.game is not None and self.game.decisions:
            self.said.tell(f"Back in the game: {len(self.game.decisions)} decisions replayed; it "
                           f"stands at decision {len(self.game.decisions) + 1}, as the host's does.")

    def _replica(self, opening: list[list[int]]) -> None:
        from ambush_gui.alley.game import AlleyGame

        self.dice = Dice(0, strict=True)
        self.game = AlleyGame(self.scenario, 0, dice=self.dice, options=self.options)
        self._told(opening, self.game.start)

    def _told(self, throws: list[list[int]], act: Callable[[], Any]) -> None:
        """Do ``act`` on the replica with the host's ``throws`` as its dice: it must throw
        exactly those."""
        assert self.dice is not None
        self.dice.push(*(f for t in throws for f in t))
        before = self.dice.count
        try:
            act()
        except (ScriptExhausted, ValueError) as why:
            raise SessionError(f"The host's game and this one parted ways: {why}") from None
        if self.dice.scripted or self.dice.count - before != len(throws):
            raise SessionError("The host's game and this one parted ways: it sent other throws "
                               "than this game makes.")

    def _step(self, msg: Step) -> None:
        game = self.game
        if game is None:
            raise SessionError("The host sent a decision before the game began.")
        if msg.n < len(game.decisions):  # sent again after a rejoin: already played here
            if _plain(msg.answer) != game.decisions[msg.n]:
                raise SessionError(f"The host's decision {msg.n + 1} is not the one this game "
                                   "made before the connection dropped.")
            self.steps_due = max(0, self.steps_due - 1)
            self._catching_up()
            return
        if msg.n != len(game.decisions):
            raise SessionError(f"The host sent decision {msg.n + 1} where this game stands at "
                               f"{len(game.decisions) + 1}.")
        d = game.pending()
        if d is None or d.side != msg.side:
            raise SessionError(f"The host's decision {msg.n + 1} was the {msg.side} side's; this "
                               "game asks " + (f"the {d.side} side" if d else "nothing") + ".")
        self._told(msg.dice, lambda: game.answer(msg.answer))
        if self.waiting == msg.n:
            self.waiting = None
        if self.steps_due:
            self.steps_due -= 1
            self._catching_up()

    def _end(self, msg: End) -> None:
        game = self.game
        if game is None:
            raise SessionError("The host ended a game that never began.")
        self.ended = msg
        rebuilt: list[Game] = []

        def rebuild(seed: int) -> Game:
            from ambush_gui.systems import new_game

            rebuilt.append(new_game(self.scenario, seed, self.options))
            return rebuilt[-1]

        self.check = check_dice(game, msg.secret, self.secret, self.commitment, rebuild)
        self.final = rebuilt[0] if rebuilt else None
        if self.final is not None and self.final.state_hash() != msg.state_hash:
            self.said.tell("The final board the host announced is not the one the decisions give.")

    # -- the guest's own seat --------------------------------------------------------------
    @property
    def playing(self) -> bool:
        """The game is on and up to date with every step the host announced."""
        return self.game is not None and not self.steps_due and not self.closed

    def mine(self) -> Decision | None:
        """The open decision when it is the guest's to answer (and not already answered)."""
        if not self.playing or self.waiting is not None or self.ended is not None \
                or self.asking is not None:
            return None
        assert self.game is not None
        d = self.game.pending()
        return d if d is not None and d.side == self.side else None

    def answer(self, choice: Any) -> Out:
        """The guest's seat answers: checked here first (the same rules), then sent; the
        host's step makes it so. :class:`IllegalDecision` if it may not."""
        d = self.mine()
        if d is None:
            raise IllegalDecision("it is not this player's decision now")
        assert self.game is not None
        normal = d.validate(choice)
        n = len(self.game.decisions)
        self.waiting, self.refusal = n, ""
        return [Answer(n=n, answer=_plain(normal))]

    def chat(self, text: str) -> Out:
        return [Chat(text=text[:wire.MAX_CHAT])]

    @property
    def other(self) -> str:
        return self.host_side

    def _on(self) -> bool:
        return self.playing

    def _back_to(self, n: int) -> None:
        from ambush_gui.ai.lookahead import past_faces

        assert self.game is not None
        dice = Dice(0, strict=True)
        dice.push(*past_faces(self.game))
        self.game = replayed(self.game, n, dice)
        if dice.scripted:
            raise SessionError("The take-back left dice unthrown: the games parted ways.")
        self.dice = dice


def _plain(value: Any) -> Any:
    import json

    return json.loads(json.dumps(value))


def result_words(game: Game) -> str:
    """A finished game's result in a line: who won, the points, the turns."""
    from ambush_gui.systems import outcome

    winner, points, turns = outcome(game)
    score = ", ".join(f"{side} {p}" for side, p in sorted(points.items()))
    head = "A draw" if winner == "draw" else f"The {winner} side wins"
    return f"{head} after {turns} turns" + (f" ({score})" if score else "") + "."
