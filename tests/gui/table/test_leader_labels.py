"""Labels of leaders standing close (a play-test of Contracting Trouble): the four leaders
in the House share one label, and it stays one, readable, while they act one by one and
move about each other; it splits only when they stand clearly apart."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("PySide6.QtWidgets")

from ambush_gui.alley.game import AlleyGame  # noqa: E402
from ambush_gui.gui.shared import theme  # noqa: E402
from ambush_gui.gui.table.view import TableView  # noqa: E402
from tests.gui.table.test_table_view import make_view, new_game  # noqa: E402

LEADERS = ("i2a", "i2b", "i2c", "i2d")


def shown(view: TableView) -> list[str]:
    """The leaders' labels on the table, as they read."""
    t = view.table
    return sorted(t.unit_labels[u].text for u in LEADERS if t.unit_labels[u].isVisible())


def stand(game: AlleyGame, uid: str, x: float, y: float) -> None:
    f = game.unit(uid).figures[0]
    f.x, f.y = x, y


@pytest.fixture
def two(qtbot: Any) -> tuple[AlleyGame, TableView]:
    """Leaders 2a and 2b an inch apart in the open, 2c and 2d far off."""
    game = new_game()
    stand(game, "i2a", 10.0, 10.0)
    stand(game, "i2b", 11.0, 10.0)
    stand(game, "i2c", 3.0, 20.0)
    stand(game, "i2d", 20.0, 20.0)
    view = make_view(qtbot, game)
    view.refresh()
    return game, view


def test_leaders_who_act_one_by_one_keep_one_label(two: tuple[AlleyGame, TableView]) -> None:
    """The label split in two when one of them had activated and merged again when the
    other had: it stays one, and ticks the one who has acted."""
    game, view = two
    assert "Leader (2a, 2b)" in shown(view)
    game.unit("i2b").activated = True
    view.refresh()
    assert "Leader (2a, ✓2b)" in shown(view)
    assert not any(t.endswith("(2b)") for t in shown(view))
    game.unit("i2a").activated = True
    view.refresh()
    assert "✓ Leader (2a, 2b)" in shown(view)


def test_a_shared_label_splits_only_when_they_stand_clearly_apart(
        two: tuple[AlleyGame, TableView]) -> None:
    """A leader moving about the edge of the joining distance made the labels split and
    merge again: once shared, the label is kept up to a greater distance."""
    game, view = two
    r = view.table.base_radius
    near, far = theme.LABEL_GROUP_BASES * r, theme.LABEL_UNGROUP_BASES * r
    between = (near + far) / 2
    assert "Leader (2a, 2b)" in shown(view)
    stand(game, "i2b", 10.0 + between, 10.0)
    view.refresh()
    assert "Leader (2a, 2b)" in shown(view)  # kept: not clearly apart yet
    stand(game, "i2b", 10.0 + far + 0.5, 10.0)
    view.refresh()
    assert {"Leader (2a)", "Leader (2b)"} <= set(shown(view))  # apart: each his own
    stand(game, "i2b", 10.0 + between, 10.0)
    view.refresh()
    assert {"Leader (2a)", "Leader (2b)"} <= set(shown(view))  # and not joined again at once
    stand(game, "i2b", 10.0 + near - 0.2, 10.0)
    view.refresh()
    assert "Leader (2a, 2b)" in shown(view)


def test_a_leader_on_his_way_joins_the_label_when_he_arrives(
        two: tuple[AlleyGame, TableView]) -> None:
    """While 2c slides to 2a and 2b (the view's slide), the label at the end of his road
    does not name him yet: it named him before his figure came, then again."""
    game, view = two
    t = view.table
    stand(game, "i2c", 10.5, 10.8)
    t.sliding.add("i2c")
    view.refresh()
    assert "Leader (2a, 2b)" in shown(view)
    t.sliding.discard("i2c")
    view.refresh()
    assert "Leader (2a, 2b, 2c)" in shown(view)
