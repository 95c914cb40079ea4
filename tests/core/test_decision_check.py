"""A decision's check is asked once per answer: the answer a player checked and then gives
is not checked a second time, and an answer changed after its check is checked again."""

from __future__ import annotations

import pytest

from ambush_gui.core.decisions import Decision, DecisionKind, IllegalDecision


def _counting() -> tuple[Decision, list[object]]:
    asked: list[object] = []

    def check(choice: object) -> object:
        asked.append(choice)
        if not isinstance(choice, dict) or choice.get("path") == [[9, 9]]:
            raise IllegalDecision("no")
        return {"path": [[float(x), float(y)] for x, y in choice["path"]]}

    return Decision("regular", DecisionKind.MOVE, "where?", check=check), asked


def test_an_answer_checked_then_given_is_checked_once() -> None:
    d, asked = _counting()
    choice = {"path": [[1, 2]]}
    first = d.validate(choice)
    assert d.validate({"path": [[1, 2]]}) == first == {"path": [[1.0, 2.0]]}
    assert len(asked) == 1


def test_a_changed_or_refused_answer_is_checked_again() -> None:
    d, asked = _counting()
    choice = {"path": [[1, 2]]}
    d.validate(choice)
    choice["path"] = [[9, 9]]  # changed after its check: the check must see the new one
    with pytest.raises(IllegalDecision):
        d.validate(choice)
    with pytest.raises(IllegalDecision):
        d.validate(choice)
    assert d.validate({"path": [[3, 4]]}) == {"path": [[3.0, 4.0]]}
    assert len(asked) == 4
