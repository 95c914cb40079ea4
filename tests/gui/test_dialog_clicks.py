"""``DecisionDialog.clicks_for``: the widgets a person clicks to give an answer.

For every dialog kind, on real game situations, each legal answer (a sample of them
where there are many) is given by clicking ``clicks_for(answer)`` in order with the
mouse, on a fresh dialog; the dialog must emit exactly that answer, once.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402

from ambush_gui.core.decisions import Decision  # noqa: E402
from ambush_gui.core.decisions import DecisionKind as K  # noqa: E402
from ambush_gui.core.matching import Arrangement, check_arrangement  # noqa: E402
from ambush_gui.gui.table.dialogs import DIALOGS, dialog_for  # noqa: E402
from ambush_gui.gui.table.dialogs.situations import drive_to, overwatch_point  # noqa: E402

SAMPLE = 10  # answers tried per situation at most (evenly spread over the options)


def _interrupt_moving(d: Decision, g: Any) -> bool:
    units = {o["unit"] for o in d.options if isinstance(o, dict)}
    ats = {o["at"] for o in d.options if isinstance(o, dict) and "at" in o}
    kinds = {o["kind"] for o in d.options if isinstance(o, dict)}
    return len(units) >= 2 and len(ats) >= 3 and {"fire", "move"} <= kinds


def _interrupt_fire(d: Decision, g: Any) -> bool:
    return d.facts.get("what") == "fire" and len(d.options) >= 3


def _react_units(d: Decision, g: Any) -> bool:
    return any(o not in ("fire", "cover", "none") for o in d.options)


def _react_fixed(d: Decision, g: Any) -> bool:
    return "fire" in d.options and "cover" in d.options


def _several(n: int) -> Any:
    def several(d: Decision, g: Any) -> bool:
        return len(d.options) >= n

    several.__name__ = f"{n}_options"
    return several


def _regular(d: Decision, g: Any) -> bool:
    return d.side == "regular" and len(d.options) >= 4


def _insurgent(d: Decision, g: Any) -> bool:
    return d.side == "insurgent" and len(d.options) >= 3


def _casualties_choice(d: Decision, g: Any) -> bool:
    return len(d.options) >= 3 and len(d.options[0]) >= 2


SITUATIONS: list[tuple[K, Any]] = [
    (K.ACTIVATE, _several(3)),
    (K.PLAN, _regular),
    (K.PLAN, _insurgent),
    (K.FIRE, _several(3)),
    (K.INTERRUPT, _interrupt_moving),
    (K.INTERRUPT, _interrupt_fire),
    (K.OVERWATCH, _several(2)),
    (K.OVERWATCH_POINT, None),  # played by situations.overwatch_point
    (K.REACT, _react_units),
    (K.REACT, _react_fixed),
    (K.MATCH, None),
    (K.CASUALTIES, _casualties_choice),
    (K.CASUALTIES, _several(2)),
    (K.HOT_SPOT, _several(2)),
    (K.INSURGENT_ACT, _several(3)),
    (K.ABANDON, None),
]


def test_every_dialog_kind_is_covered() -> None:
    """Ambush Alley's dialogs; the Ambush! ones are played in test_ambush_dialogs.py."""
    alley = {k for k in DIALOGS if not k.value.startswith("ambush_")}
    assert {k for k, _ in SITUATIONS} | {K.CHOOSE} == alley  # CHOOSE: test_clicks_for_a_module_question


def test_clicks_for_a_module_question(qtbot: Any) -> None:
    """CHOOSE: a Force on Force module's own question (no shipped scenario without modules
    asks one, so it is built here as a module would)."""
    game, _ = drive_to(K.ACTIVATE, None)
    d = Decision("insurgent", K.CHOOSE, "Which unit does the IED attack?", ("a", "b", "c"),
                 facts={"module": "ieds", "question": "ieds.target",
                        "labels": {"a": "Fireteam A", "b": "Fireteam B", "c": "Fireteam C"}})
    for answer in d.options:
        assert click_through(qtbot, game, d, answer) == [answer]


def sample(options: tuple[Any, ...], n: int = SAMPLE) -> list[Any]:
    """``n`` options spread evenly, the first and the last among them."""
    if len(options) <= n:
        return list(options)
    step = (len(options) - 1) / (n - 1)
    return [options[round(i * step)] for i in range(n)]


def click_through(qtbot: Any, game: Any, d: Decision, answer: Any) -> list[Any]:
    """Open a fresh dialog for ``d``, click ``clicks_for(answer)``; what it emitted."""
    dlg = dialog_for(d, game)
    assert dlg is not None
    qtbot.addWidget(dlg)
    emitted: list[Any] = []
    dlg.chosen.connect(emitted.append)
    dlg.show()
    qtbot.waitExposed(dlg)
    clicks = dlg.clicks_for(answer)
    assert clicks, answer
    for w in clicks:
        assert w.isVisible() and w.isEnabled(), (answer, w)
        qtbot.mouseClick(w, Qt.MouseButton.LeftButton)
    dlg.close()
    return emitted


@pytest.mark.parametrize(
    ("kind", "where"),
    SITUATIONS,
    ids=[f"{k.value}-{getattr(w, '__name__', 'any')}" for k, w in SITUATIONS],
)
def test_clicks_for_gives_each_answer(qtbot: Any, kind: K, where: Any) -> None:
    game, d = overwatch_point() if kind is K.OVERWATCH_POINT else drive_to(kind, where)
    assert d is not None
    for answer in sample(d.options):
        assert click_through(qtbot, game, d, answer) == [answer]
        d.validate(answer)


def test_clicks_for_an_arrangement_of_dice(qtbot: Any) -> None:
    """MATCH: the defender's own arrangement, set die by die into the slots."""
    game, d = drive_to(
        K.MATCH, lambda d, g: len(d.facts["attack"]) >= 2 and len(d.facts["defense"]) >= 2
    )
    assert d is not None
    attack, defense = d.facts["attack"], d.facts["defense"]
    best = Arrangement.from_json(d.facts["best"])
    # the defender's dice under the attacker's in reverse (often worse than the best)
    rev = list(reversed(defense))
    mine = {"pairs": [[a, rev[i] if i < len(rev) else None] for i, a in enumerate(attack)]}
    emitted = click_through(qtbot, game, d, mine)
    assert emitted == [mine]
    assert (
        check_arrangement(attack, defense, [tuple(p) for p in mine["pairs"]]).casualties
        >= best.casualties
    )
    d.validate(mine)
    # the best arrangement given die by die is accepted too
    best_pairs = {"pairs": best.to_json()}  # highest attacker die first, as the dialog lists
    emitted = click_through(qtbot, game, d, best_pairs)
    assert emitted == [best_pairs]
    assert d.validate(emitted[0]) == best_pairs


def test_clicks_for_refuses_what_the_dialog_cannot_give(qtbot: Any) -> None:
    game, d = drive_to(K.FIRE, None)
    assert d is not None
    dlg = dialog_for(d, game)
    assert dlg is not None
    qtbot.addWidget(dlg)
    with pytest.raises(LookupError):
        dlg.clicks_for("no-such-unit")
