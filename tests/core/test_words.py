"""Counted words: "1 casualty", never "1 casualties" (issue 10, defect 11)."""

from __future__ import annotations

import doctest

from ambush_gui.core import words
from ambush_gui.core.words import count, noun


def test_the_examples_in_the_docstring() -> None:
    result = doctest.testmod(words)
    assert result.failed == 0 and result.attempted > 0


def test_one_is_singular_and_every_other_count_plural() -> None:
    assert [count(n, "fresh figure") for n in (0, 1, 2)] == [
        "0 fresh figures", "1 fresh figure", "2 fresh figures"]
    assert count(1, "die", "dice") == "1 die" and count(5, "die", "dice") == "5 dice"
    assert f"{-1:+d} {noun(-1, 'point')}" == "-1 point"
    assert f"{3:+d} {noun(3, 'point')}" == "+3 points"
