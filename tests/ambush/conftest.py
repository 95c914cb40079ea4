"""Ambush! rule tests: every scripted die must be thrown (see ``kit.BENCHES``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.ambush import kit


@pytest.fixture(autouse=True)
def _all_scripted_dice_thrown() -> Iterator[None]:
    kit.BENCHES.clear()
    yield
    left = [b.dice.scripted for b in kit.BENCHES if b.dice.scripted]
    kit.BENCHES.clear()
    assert not left, f"scripted dice left unthrown: {left}"
