"""Bringing older mission files up to date in memory: format 1's victory levels without an
outcome, and crew weapons listed without their Port Boxes. Each returns the new data and one
note per thing it inferred, for the designer to read."""

from __future__ import annotations

from typing import Any

from ambush_gui.ambush.charts import Charts, WeaponKind
from ambush_gui.ambush.mission.schema import FORMAT, Outcome

# -- format 1 -----------------------------------------------------------------------------------


def infer_outcome(levels: list[Any], index: int) -> Outcome:
    """Who won at level ``index`` of a format 1 file, read the way format 1 games were decided:
    the lowest level (or one named like it) is a German win, a level whose name starts with
    "Draw" a draw, any other a US win."""
    names = [str(lv.get("result", "")) if isinstance(lv, dict) else "" for lv in levels]
    name = names[index]
    if name == names[-1]:
        return Outcome.GERMAN
    if name.lower().startswith("draw"):
        return Outcome.DRAW
    return Outcome.US


def migrate(data: Any) -> tuple[Any, list[tuple[str, str]]]:
    """Bring a format 1 mission (``format = 1`` or no ``format``) up to format 2 in memory:
    every victory level without an ``outcome`` gets the one format 1 games gave it. Returns
    the new data (the input is not changed) and one warning per inferred outcome. Data of
    another format, or not shaped like a mission, is returned as it is for the schema to
    judge."""
    if not isinstance(data, dict) or data.get("format", 1) != 1:
        return data, []
    out = dict(data, format=FORMAT)
    notes: list[tuple[str, str]] = []
    victory = data.get("victory")
    levels = victory.get("levels") if isinstance(victory, dict) else None
    if isinstance(levels, list) and levels and all(isinstance(lv, dict) for lv in levels):
        new = []
        for i, lv in enumerate(levels):
            if "outcome" not in lv:
                outcome = infer_outcome(levels, i)
                lv = dict(lv, outcome=outcome.value)
                notes.append((f"victory.levels[{i}]",
                              f"format 1 file, no outcome: taken as outcome = \"{outcome.value}\""
                              " (as format 1 games read the level's name); write it to make it "
                              "explicit"))
            new.append(lv)
        out["victory"] = dict(victory or {}, levels=new)
    return out, notes


# -- crew weapons ------------------------------------------------------------------------------


def crew_keys(charts: Charts) -> set[str]:
    """The Weapon Chart's crew weapons (FC-052)."""
    return {k for k, w in charts.spec.weapons.items() if w.kind is WeaponKind.CREW}


CrewPair = tuple[str, tuple[int, int], tuple[int, int]]
"""A crew weapon carried by two soldiers: (key, (soldier, weapon index) of the first carrier,
(soldier, weapon index) of the second), indices into ``squad`` and its ``weapons``."""


def crew_pairs(squad: list[list[str]], crew: set[str]) -> tuple[list[CrewPair],
                                                                 list[tuple[int, int]]]:
    """Who carries which crew weapon (FC-053): the listings of each crew weapon key on the
    squad's cards (``squad``: each soldier's ``weapons``), paired in squad order: the first
    soldier listing it with the second, the third with the fourth. Returns the pairs and
    the listings left alone (the odd one out, or a soldier listing the same gun twice in a
    row, who cannot carry both pieces).

    >>> crew_pairs([["m1919"], ["m1-garand"], ["m1-carbine", "m1919"]], {"m1919"})
    ([('m1919', (0, 0), (2, 1))], [])
    """
    open_: dict[str, tuple[int, int]] = {}
    pairs: list[CrewPair] = []
    alone: list[tuple[int, int]] = []
    for i, weapons in enumerate(squad):
        for j, key in enumerate(weapons):
            if key not in crew:
                continue
            first = open_.pop(key, None)
            if first is None:
                open_[key] = (i, j)
            elif first[0] == i:
                alone.append(first)
                open_[key] = (i, j)
            else:
                pairs.append((key, first, (i, j)))
    alone += open_.values()
    return pairs, sorted(alone)


def crew_share(boxes: int) -> tuple[int, int]:
    """The Port Boxes of a crew weapon each carrier holds (FC-054, house rule AR-098): the
    first the larger half. 3 -> (2, 1); 4 -> (2, 2)."""
    return boxes - boxes // 2, boxes // 2


def migrate_crew(data: Any, charts: Charts) -> tuple[Any, list[tuple[str, str]]]:
    """Give every crew weapon of the squad its two carriers (FC-053, FC-054), in memory.

    Files written before crew weapons were loaded as such may list a machinegun on one
    soldier only (it was then a personal weapon nobody could prepare or fire) or give its
    carriers no Port Boxes. A crew weapon listed by one soldier is given a second carrier:
    the next soldier in squad order (round the end) who lists no crew weapon; a carrier
    whose ``port_boxes`` cannot hold his pieces gets as many as his pieces fill. A gun that
    finds no second carrier stays a personal weapon that can never fire. Each inference is
    one warning naming what was taken. Data not shaped like a mission is returned as it is
    for the schema to judge."""
    squad = data.get("squad") if isinstance(data, dict) else None
    if not isinstance(squad, list) or not all(
            isinstance(s, dict) and isinstance(s.get("weapons"), list)
            and all(isinstance(w, str) for w in s["weapons"]) for s in squad):
        return data, []
    crew = crew_keys(charts)
    if not any(w in crew for s in squad for w in s["weapons"]):
        return data, []
    squad = [dict(s, weapons=list(s["weapons"])) for s in squad]
    notes: list[tuple[str, str]] = []

    def who(i: int) -> str:
        return str(squad[i].get("name") or squad[i].get("id") or f"soldier {i + 1}")

    _, alone = crew_pairs([s["weapons"] for s in squad], crew)
    for i, j in alone:
        key = squad[i]["weapons"][j]
        n = len(squad)
        mate = next((k % n for k in range(i + 1, i + n)
                     if not any(w in crew for w in squad[k % n]["weapons"])), None)
        if mate is None:
            notes.append((f"squad[{i}].weapons[{j}]",
                          f"the {key} is a crew weapon that two soldiers carry (FC-053), but no "
                          "other soldier is free to carry it: it stays a weapon he can never "
                          "prepare or fire; list it on a second soldier's card"))
            continue
        squad[mate]["weapons"].append(key)
        notes.append((f"squad[{i}].weapons[{j}]",
                      f"the {key} is a crew weapon that two soldiers carry (FC-053): taken as "
                      f"carried by {who(i)} with {who(mate)}, the next soldier free to carry it; "
                      f"list it on the second carrier's card to make it explicit"))
    pairs, _ = crew_pairs([s["weapons"] for s in squad], crew)
    need = [0] * len(squad)
    for key, (a, _ja), (b, _jb) in pairs:
        boxes = charts.weapon(key).port_boxes or 0
        first, second = crew_share(boxes)
        need[a] += first
        need[b] += second
    for i, s in enumerate(squad):
        have = s.get("port_boxes", 0)
        if isinstance(have, int) and have < need[i]:
            s["port_boxes"] = need[i]
            notes.append((f"squad[{i}].port_boxes",
                          f"port_boxes = {have}: his pieces of a crew weapon fill {need[i]} "
                          f"(FC-054): taken as port_boxes = {need[i]}; write it to make it "
                          "explicit"))
    return dict(data, squad=squad), notes
