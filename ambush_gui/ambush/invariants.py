"""Invariants of an Ambush! game, for ``simulate`` and the tests (``systems.invariants``).

Some are watched as the game runs (:class:`Watch` listens to the log, because the fact
they check is true only at that moment: where the target's friends stood when the shot
was fired); the rest are read from the state when asked (:func:`check`):

- a soldier takes a turn only from a space that gives one, and no more turns in a Round
  than two plus the turns given to him (AR-035, AR-036, AR-044, AR-060);
- nobody fires into a hex holding an active friend unless he is in it (FC-006);
- Ammo Boxes never hold more clips of a weapon than the soldier started with (nothing
  picks clips up yet), never more than six (FC-039), and Germans hold none (FC-043);
- soldiers are never created or lost, and weapons only by a rule (an activation's weapon
  markers, AR-008);
- an inactive soldier's marker is in the Inactive space (AR-053); the score ledger is the
  result's points.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ambush_gui.ambush import ar_track
from ambush_gui.ambush.charts import ARSpace, Side
from ambush_gui.ambush.model import MAX_AMMO_BOXES
from ambush_gui.core.events import Event

if TYPE_CHECKING:
    from ambush_gui.ambush.game import AmbushGame


class Watch:
    """Listens to a game's log and records what breaks an invariant as it happens."""

    def __init__(self, game: AmbushGame) -> None:
        self.game = game
        self.broken: list[str] = []
        self.round_no = 0  # Rounds counted over the whole game
        self.turns: Counter[tuple[int, str]] = Counter()
        self.given: Counter[tuple[int, str]] = Counter()
        game.log.subscribe(self.see)

    def see(self, e: Event) -> None:
        st = self.game.state
        if e.kind == "round":
            self.round_no += 1
        elif e.kind == "turn":
            sid = e.data["soldier"]
            key = (self.round_no, sid)
            self.turns[key] += 1
            if ar_track.turns_of(ARSpace(e.data["space"])) == 0:
                self.broken.append(f"round {self.round_no}: {sid} took a turn from the "
                                   f"{e.data['space']} space (AR-044)")
            if self.turns[key] > 2 + self.given[key]:
                self.broken.append(f"round {self.round_no}: {sid} took {self.turns[key]} "
                                   "turns (AR-035, AR-060)")
        elif e.kind == "give_turn":
            self.given[(self.round_no, e.data["receiver"])] += 1
        elif e.kind == "fire" and "target" in e.data:
            firer = st.soldiers[e.data["firer"]]
            target = st.soldiers[e.data["target"]]
            if target.hex is not None and target.hex != firer.hex:
                crew = {firer.id, e.data.get("partner")}
                friends = [s.id for s in st.in_hex(target.hex, firer.side) if s.id not in crew]
                if friends:
                    self.broken.append(f"{firer.id} fired into {target.hex} where his friend "
                                       f"{friends[0]} stands (FC-006)")


def check(game: AmbushGame) -> list[str]:
    """Every broken invariant of a finished or running game."""
    st = game.state
    out = list(game.watch.broken)
    if sorted(st.soldiers) != game.initial_soldiers:
        out.append("soldiers were created or lost: "
                   f"{sorted(set(st.soldiers) ^ set(game.initial_soldiers))}")
    weapons = sorted(w for w in _weapon_ids(game) if w not in game.created)
    if weapons != game.initial_weapons:
        out.append(f"weapons were created or lost: {sorted(set(weapons) ^ set(game.initial_weapons))}")
    for s in st.soldiers.values():
        if s.side is Side.GERMAN and s.ammo:
            out.append(f"{s.id}: a German with Ammo Boxes (FC-043)")
        if len(s.ammo) > MAX_AMMO_BOXES:
            out.append(f"{s.id}: {len(s.ammo)} Ammo Boxes (FC-039)")
        if not s.active and s.marker is not ARSpace.INACTIVE:
            out.append(f"{s.id} is {s.status.value} but his marker is on {s.marker.value} (AR-053)")
    # Ammo Boxes pass between soldiers (AR-093), so clips are counted for the whole side
    start = Counter(k for boxes in game.initial_ammo.values() for k in boxes)
    for key, n in Counter(k for s in st.soldiers.values() for k in s.ammo).items():
        if n > start[key]:
            out.append(f"{n} clips of {key} in all, more than the {start[key]} at the start")
    if game.result is not None and game.result["points"]["us"] != st.score.total:
        out.append("the result's points are not the score ledger's total")
    return out


def _weapon_ids(game: AmbushGame) -> list[str]:
    st = game.state
    return [w.id for s in st.soldiers.values() for w in s.weapons] + list(st.crew_weapons)
