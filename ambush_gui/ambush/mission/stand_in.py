"""Stand-ins for the parts of a draft mission that fail the schema, so that the cross-checks
still look at everything else.

A file that fails its schema cannot be cross-checked as it is, so a designer half-way
through a mission heard of one problem at a time: a paragraph activating a German who did
not exist was reported only once a US soldier had been added (a play-test). Here each part
the schema refuses is put aside for a harmless stand-in at the same place (an empty squad
gets a soldier, a wrong action becomes ``hold``, a wrong rating its default), so indices do
not move; the cross-checks then run on the mended copy, and what they say about places
that were not stood in for is reported beside the schema's own problems.

>>> draft = {"squad": [], "paragraphs": [{"number": 1, "text": "", "options": [
...     {"text": "", "do": [{"fire": "nowhere"}]}]}]}
>>> mended, stood = stand_in(draft, [("squad", "needs one"), ("paragraphs[0].options[0].do[0].fire", "no")])
>>> mended["squad"][0]["id"], mended["paragraphs"][0]["options"][0]["do"][0], stood
('stand-in', {'hold': True}, ['squad', 'paragraphs[0].options[0].do[0]'])
"""

from __future__ import annotations

import copy
from typing import Any

from ambush_gui.core.files import path_tokens

_SOLDIER = {"id": "stand-in", "name": "Stand-in", "ar": 3, "mpa": 6, "ws": 0, "per": 3, "ldr": 0,
            "weapons": ["m1-garand"], "enters": ["0101"]}
_RATINGS = {"ar": 3, "mpa": 6, "ws": 0, "per": 3, "ldr": 0}


def _place(data: Any, toks: list[str | int]) -> tuple[Any, str | int] | None:
    """The container holding ``toks``'s last part, and that part (None: no such place)."""
    node = data
    for t in toks[:-1]:
        try:
            node = node[t]
        except (KeyError, IndexError, TypeError):
            return None
    return (node, toks[-1]) if isinstance(node, dict | list) else None


def _mend(data: Any, toks: list[str | int]) -> list[str | int] | None:
    """Put a stand-in where the problem at ``toks`` lies; the tokens of what was stood in
    for, or None when this kind of place has no stand-in."""
    if not toks:
        return None
    head = toks[0]
    if head == "squad":
        squad = data.get("squad")
        if not isinstance(squad, list) or not squad or len(toks) == 1:
            data["squad"] = [copy.deepcopy(_SOLDIER)]
            return ["squad"]
        if isinstance(toks[1], int) and toks[1] < len(squad):
            squad[toks[1]] = copy.deepcopy(_SOLDIER) | {"id": f"stand-in-{toks[1]}"}
            return toks[:2]
        return None
    if head == "paragraphs":  # an action, an option's condition, an option
        for k in range(len(toks) - 1, 0, -1):
            index = toks[k]
            if toks[k - 1] == "do" and isinstance(index, int):
                at = _place(data, toks[:k + 1])
                if at is not None and isinstance(at[0], list) and index < len(at[0]):
                    at[0][index] = {"hold": True}
                    return toks[:k + 1]
            if toks[k] == "when":
                at = _place(data, toks[:k + 1])
                if at is not None and isinstance(at[0], dict):
                    at[0].pop("when", None)
                    return toks[:k + 1]
        return None
    if head in ("germans", "squad") and len(toks) == 3 and toks[2] in _RATINGS:
        at = _place(data, toks)
        if at is not None and isinstance(at[0], dict):
            at[0][toks[2]] = _RATINGS[str(toks[2])]
            return toks
    return None


def stand_in(data: Any, problems: list[tuple[str, str]]) -> tuple[Any, list[str]]:
    """A copy of ``data`` with a stand-in at each place of ``problems`` that has one, and the
    dotted paths stood in for; ``({}, [])`` when some problem has no stand-in (the rest
    cannot be checked on this copy)."""
    if not isinstance(data, dict):
        return {}, []
    mended = copy.deepcopy(data)
    stood: list[str] = []
    for path, _ in problems:
        toks = path_tokens(path)
        done = _mend(mended, toks)
        if done is None:
            return {}, []
        text = "".join(f"[{t}]" if isinstance(t, int) else f".{t}" for t in done).lstrip(".")
        if text not in stood:
            stood.append(text)
    return mended, stood


def under(path: str, places: list[str]) -> bool:
    """Whether ``path`` lies at or under one of ``places`` (a stand-in's own findings)."""
    return any(path == p or path.startswith((f"{p}.", f"{p}[")) for p in places)
