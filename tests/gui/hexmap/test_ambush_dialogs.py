"""The Ambush! dialogs, the step prompt and the end screen, on real decisions.

Seeded games of *ambush-hedgerow* are played by the computer player (told to prefer an
action now and then, so that snap fire and its second shot come up); at the decisions
wanted, every option the engine offers is given by clicking ``clicks_for(option)`` on
a fresh dialog, which must emit exactly that option. What is rare in play (a live
grenade in the hex, a charge with two enemies to assault) is built by hand on a real
game state. A whole mission is then played through the dialogs' clicks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QEvent, Qt  # noqa: E402
from PySide6.QtWidgets import QApplication, QLabel  # noqa: E402

from ambush_gui import systems  # noqa: E402
from ambush_gui.ai.ambush_ai import AmbushAI  # noqa: E402
from ambush_gui.ambush import fire as engine_fire  # noqa: E402
from ambush_gui.core.decisions import Decision  # noqa: E402
from ambush_gui.core.decisions import DecisionKind as K  # noqa: E402
from ambush_gui.gui.hexmap.dialogs import (  # noqa: E402
    DIALOGS,
    ON_THE_MAP,
    AmbushActionDialog,
    AmbushActorDialog,
    AmbushEndDialog,
    AmbushFireDialog,
    AmbushStanceDialog,
    AmbushStepPrompt,
    dialog_for,
)
from ambush_gui.gui.hexmap.dialogs.actions import is_hex_answer  # noqa: E402

MISSION = "ambush-hedgerow"
Prefer = Callable[[Decision], Any]


def new_game(seed: int) -> Any:
    g = systems.new_game(systems.load_scenario(systems.resolve(MISSION)), seed)
    g.start()
    return g


def prefer_snap(d: Decision) -> Any:
    """Snap fire and move/snap whenever offered, so the second shot and the move's snap
    shot are asked."""
    for pick in ({"action": "snap"}, {"action": "move_snap"}, "snap"):
        if pick in d.options:
            return pick
    return None


def situations(
    kind: K, where: Callable[[Decision, Any], bool] | None = None,
    seeds: range = range(1, 6), prefer: Prefer | None = None, limit: int = 4,
) -> Iterator[tuple[Any, Decision]]:
    """Up to ``limit`` open decisions of ``kind`` where ``where`` holds, each while its game
    stands at it (use it before asking for the next)."""
    found = 0
    for seed in seeds:
        g, ai = new_game(seed), AmbushAI()
        while (d := g.pending()) is not None:
            if d.kind is kind and (where is None or where(d, g)):
                yield g, d
                found += 1
                if found >= limit:
                    return
            pick = prefer(d) if prefer is not None else None
            g.answer(pick if pick is not None else ai.choose(g, d))
    assert found, f"no seed reached {kind.value}"


def open_dialog(qtbot: Any, game: Any, d: Decision) -> Any:
    dlg = dialog_for(d, game)
    assert dlg is not None
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    return dlg


def click_through(qtbot: Any, game: Any, d: Decision, answer: Any) -> list[Any]:
    """A fresh dialog for ``d``; click ``clicks_for(answer)``; what it emitted."""
    dlg = open_dialog(qtbot, game, d)
    emitted: list[Any] = []
    dlg.chosen.connect(emitted.append)
    for w in dlg.clicks_for(answer):
        assert w.isVisible() and w.isEnabled(), (answer, w)
        qtbot.mouseClick(w, Qt.MouseButton.LeftButton)
    dlg.close()
    return emitted


def every_option_reachable(qtbot: Any, game: Any, d: Decision) -> None:
    for o in d.options:
        assert click_through(qtbot, game, d, o) == [o], o


def texts(widget: Any) -> list[str]:
    return [w.text() for w in widget.findChildren(QLabel) if w.isVisible()]


# -- registry -----------------------------------------------------------------------------


def test_registry_and_the_map_kinds() -> None:
    assert DIALOGS[K.AMBUSH_ACTION] is AmbushActionDialog
    assert DIALOGS[K.AMBUSH_TARGET] is AmbushFireDialog
    assert DIALOGS[K.AMBUSH_ACTOR] is AmbushActorDialog
    assert DIALOGS[K.AMBUSH_STANCE] is AmbushStanceDialog
    assert set(ON_THE_MAP) == {K.AMBUSH_MOVE, K.AMBUSH_OPERATIONS}
    assert not set(ON_THE_MAP) & set(DIALOGS)


# -- the action dialog ----------------------------------------------------------------------


def _actions(d: Decision) -> set[str]:
    return {o["action"] for o in d.options if "action" in o}


@pytest.mark.parametrize("action", ["pick_up", "give_turn", "grenade", "crew_aimed", "clear_jam"])
def test_action_dialog_every_option_reachable(qtbot: Any, action: str) -> None:
    """Each legal action (every concrete choice of it) and each stance change is one
    click; the emitted answer is the engine's own option."""
    seeds = range(1, 30) if action != "clear_jam" else range(1, 10)
    game, d = next(situations(K.AMBUSH_ACTION, lambda d, g: action in _actions(d), seeds))
    every_option_reachable(qtbot, game, d)


def test_action_dialog_concrete_texts_and_not_legal(qtbot: Any) -> None:
    """A grenade throw names its hex and distance, and (issue 29, defect 1: it was thrown
    unseen) its chance to land before the throw, on its card and on the button that throws
    it; each action that is not legal is shown with the engine's reason, has no button,
    and cannot be clicked into an answer."""
    from ambush_gui.ambush import throws
    from ambush_gui.core.hexgrid import Hex

    game, d = next(situations(K.AMBUSH_ACTION, lambda d, g: "grenade" in _actions(d),
                              range(1, 30)))
    dlg = open_dialog(qtbot, game, d)
    shown = {str(o): w for o, w in dlg.action_buttons}
    s = game.state.soldiers[d.facts["soldier"]]
    for o in d.options:
        if o.get("action") == "grenade":
            item = next(k for k in s.ammo if game.charts.weapon(k).kind.value == "grenade")
            odds = throws.throw_odds(game, s, item, Hex.from_label(o["to"]))
            chance = f"{round(100 * odds.chance)}%"
            card = shown[str(o)]
            assert card.title_label.text().startswith(f"{chance} · Grenade at {o['to']} (")
            assert any(f"Lands on a roll of 0 to {odds.number}" in t for t in texts(card))
            card.click()
            assert dlg.commit_button.property("full_text") == f"Grenade at {o['to']} ({chance})"
    not_legal = d.facts["not_legal"]
    assert not_legal
    for row in not_legal:
        name, why = dlg.not_legal_rows[row["action"]]
        assert why.text() == row["why"] and why.isVisible()
        assert not name.isEnabled()
        assert not any(o.get("action") == row["action"] for o, _ in dlg.action_buttons)
        with pytest.raises(LookupError):
            dlg.clicks_for({"action": row["action"]})
    # every legal option has exactly one way in, and the number keys press them
    assert len(dlg.action_buttons) + len(dlg.stance_buttons) + 1 == len(d.options)
    emitted: list[Any] = []
    dlg.chosen.connect(emitted.append)
    qtbot.keyClick(dlg, Qt.Key.Key_1)  # selects the first action
    assert emitted == []
    qtbot.keyClick(dlg, Qt.Key.Key_Return)  # and Enter takes it
    assert emitted == [dlg.action_buttons[0][0]]


@pytest.mark.parametrize("width", [392, 300])
def test_the_banner_lays_out_at_every_text_size(qtbot: Any, width: int) -> None:
    """Play-test at 200% text: in a short Decision dock the banner's subtitle ("Action
    Rounds · Round 2") was drawn over its title. The banner had the least height of its
    words unwrapped, so a two-line title was squeezed into one line's room. At every text
    size offered, the title and the subtitle each get the height their wrapped words take,
    one under the other."""
    from ambush_gui.gui.shared import theme

    game, d = next(situations(K.AMBUSH_ACTION, lambda d, g: "hex" not in d.facts))
    for scale in theme.SCALE_STEPS:  # the conftest sets the scale back
        theme.set_scale(scale)
        dlg = open_dialog(qtbot, game, d)
        dlg.setMinimumSize(0, 0)
        dlg.resize(width, 180)  # shorter than it would like: the body scrolls, not the banner
        qtbot.wait(10)
        title, sub = dlg.banner.title, dlg.banner.sub
        assert sub.isVisible() and sub.text()
        for w in (title, sub):
            assert w.height() >= w.heightForWidth(w.width()), (scale, w.text())
        assert sub.geometry().top() >= title.geometry().bottom(), scale
        dlg.close()


def test_action_dialog_escape_passes(qtbot: Any) -> None:
    game, d = next(situations(K.AMBUSH_ACTION))
    dlg = open_dialog(qtbot, game, d)
    with qtbot.waitSignal(dlg.chosen) as sig:
        qtbot.keyClick(dlg, Qt.Key.Key_Escape)
    assert sig.args == [{"action": "pass"}]


def test_live_grenade_reads_as_its_own_question(qtbot: Any) -> None:
    """AR-086 asks with the same kind; the dialog says where the grenade is and offers
    throwing it out or leaving it (Esc)."""
    game, actor = next(situations(K.AMBUSH_ACTION))
    sid = actor.facts["soldier"]
    where = game.state.soldiers[sid].hex.label
    d = Decision("us", K.AMBUSH_ACTION, f"A live grenade in {where}: throw it out?",
                 options=({"action": "remove_grenade"}, {"action": "pass"}),
                 facts={"soldier": sid, "hex": where, "rule": "AR-086"})
    every_option_reachable(qtbot, game, d)
    dlg = open_dialog(qtbot, game, d)
    assert "live grenade" in dlg.banner.title.text()
    assert any(where in t and "AR-086" in t for t in texts(dlg))
    assert not dlg.not_legal_rows and not dlg.action_buttons
    with qtbot.waitSignal(dlg.chosen) as sig:
        qtbot.keyClick(dlg, Qt.Key.Key_Escape)
    assert sig.args == [{"action": "pass"}]


# -- the fire dialog -----------------------------------------------------------------------


def _first_fire(d: Decision, g: Any) -> bool:
    return "odds" in d.facts and not d.facts.get("second_shot")


def test_fire_dialog_every_fire_reachable_with_the_engines_odds(qtbot: Any) -> None:
    """Each possible fire is a card; selecting it shows each modifier of the engine's odds
    and the engine's hit chance, and highlights the target."""
    checked = 0
    for game, d in situations(K.AMBUSH_TARGET, _first_fire, limit=3):
        every_option_reachable(qtbot, game, d)
        dlg = open_dialog(qtbot, game, d)
        firer = game.state.soldiers[d.facts["firer"]]
        partner = game.state.soldiers.get(d.facts.get("partner") or "")
        for option, card in dlg.cards:
            with qtbot.waitSignal(dlg.highlighted) as sig:
                card.click()
            assert sig.args == [option["target"]]
            fact = next(f for f in d.facts["odds"] if all(f[k] == v for k, v in option.items()))
            assert [(m.label, m.value, m.rule) for m, _ in dlg.modifiers.rows] == [
                tuple(m) for m in fact["modifiers"]]
            for m, cells in dlg.modifiers.rows:
                assert m.rule in cells[0].toolTip()
            odds = engine_fire.hit_odds(game, firer, option["weapon"],
                                        engine_fire.FireType(option["fire"]),
                                        engine_fire.Target.from_json(option), partner)
            assert odds is not None
            assert dlg.chance_label.text() == f"Hit chance {round(100 * odds.chance)}%"
            assert dlg.number_label.text().startswith(f"Hit number {odds.number}")
            assert dlg.base_label.text().startswith(f"Base chance {odds.base}: ")
            checked += 1
        with pytest.raises(LookupError):
            dlg.clicks_for("hold")  # a first fire offers no hold
    assert checked


def test_second_snap_shot_and_hold(qtbot: Any) -> None:
    game, d = next(situations(K.AMBUSH_TARGET, lambda d, g: d.facts.get("second_shot"),
                              prefer=prefer_snap))
    assert "hold" in d.options
    every_option_reachable(qtbot, game, d)
    dlg = open_dialog(qtbot, game, d)
    assert "second snap shot" in dlg.banner.title.text()
    with qtbot.waitSignal(dlg.chosen) as sig:
        qtbot.keyClick(dlg, Qt.Key.Key_Escape)
    assert sig.args == ["hold"]


def test_assault_target_variant(qtbot: Any) -> None:
    """A charge ending among several enemies asks whom to assault: {"target": id}."""
    game, d0 = next(situations(K.AMBUSH_ACTION))
    germans = [s.id for s in game.state.soldiers.values() if s.side.value == "german"][:2]
    d = Decision("us", K.AMBUSH_TARGET, "whom does he assault?",
                 options=tuple({"target": g} for g in germans),
                 facts={"soldier": d0.facts["soldier"]})
    every_option_reachable(qtbot, game, d)
    dlg = open_dialog(qtbot, game, d)
    assert dlg.fire_button.text().startswith("Assault ")
    with qtbot.waitSignal(dlg.highlighted) as sig:
        dlg.cards[1][1].click()
    assert sig.args == [germans[1]]


# -- actor and stance ------------------------------------------------------------------------


def test_actor_dialog(qtbot: Any) -> None:
    game, d = next(situations(K.AMBUSH_ACTOR))
    every_option_reachable(qtbot, game, d)
    dlg = open_dialog(qtbot, game, d)
    for sid, card in dlg.cards.items():
        s = game.state.soldiers[sid]
        assert card.title_label.text() == s.label
        assert s.stance.value in card.detail_labels[0].text()
        with qtbot.waitSignal(dlg.highlighted) as sig:
            QApplication.sendEvent(card, QEvent(QEvent.Type.Enter))
        assert sig.args == [sid]


def test_stance_dialog(qtbot: Any) -> None:
    game, d = next(situations(K.AMBUSH_STANCE))
    every_option_reachable(qtbot, game, d)
    dlg = open_dialog(qtbot, game, d)
    s = game.state.soldiers[d.facts["soldier"]]
    terrain = game.state.map.terrain(s.hex)
    for value, card in dlg.cards.items():
        stance = s.stance.value if value == "stay" else value
        shift = game.charts.modifier(stance, terrain)
        assert f"{'+' if shift >= 0 else '−'}{abs(shift)} to the hit number" in card.toolTip()
    with qtbot.waitSignal(dlg.chosen) as sig:
        qtbot.keyClick(dlg, Qt.Key.Key_Escape)
    assert sig.args == ["stay"]


# -- the step prompt -------------------------------------------------------------------------


def prompt_click(qtbot: Any, prompt: AmbushStepPrompt, d: Decision, game: Any, o: Any) -> list:
    prompt.set_decision(d, game)
    got: list[Any] = []
    prompt.chosen.connect(got.append)
    for w in prompt.clicks_for(o):
        assert w.isVisible() and w.isEnabled()
        qtbot.mouseClick(w, Qt.MouseButton.LeftButton)
    prompt.chosen.disconnect(got.append)
    return got


def test_step_prompt_move(qtbot: Any) -> None:
    """Every non-hex answer of a move is a button; hexes are answered on the map."""
    prompt = AmbushStepPrompt()
    qtbot.addWidget(prompt)
    prompt.show()
    wanted = {"snap": False, "off": False, "stance": False}
    for game, d in situations(K.AMBUSH_MOVE, lambda d, g: "snap" in d.options
                              or {"to": "off"} in d.options, prefer=prefer_snap, limit=20):
        if all(wanted.values()):
            break
        for o in d.options:
            if is_hex_answer(o):
                with pytest.raises(LookupError):
                    prompt.set_decision(d, game)
                    prompt.clicks_for(o)
                continue
            assert prompt_click(qtbot, prompt, d, game, o) == [o]
            wanted["snap" if o == "snap" else "off" if o == {"to": "off"} else
                   "stance" if isinstance(o, dict) else "stop"] = True
        prompt.set_decision(d, game)
        s = game.state.soldiers[d.facts["soldier"]]
        assert s.label in prompt.title.text() and f"{d.facts['left']} Movement" in \
            prompt.title.text()
        hexes = any(is_hex_answer(o) for o in d.options)
        assert ("highlighted hex" in prompt.hint.text()) is hexes
    assert all(wanted.values()), wanted
    prompt.show_error("0604 is too far")
    assert prompt.error.isVisible() and prompt.error.text() == "0604 is too far"


def test_step_prompt_buttons_are_whole_in_a_narrow_dock(qtbot: Any) -> None:
    """Issue 29 play-test, 1280x800: the move's buttons in one row were squeezed below their
    words ("Crouch (ends the move", "o prone (ends the move"). They wrap onto another line
    instead, each as wide as its words and inside the prompt."""
    prompt = AmbushStepPrompt()
    qtbot.addWidget(prompt)
    for text in ("Crouch (ends the move)", "Go prone (ends the move)", "Snap shot", "Stop"):
        prompt.add(text, text, "")
    prompt.resize(380, prompt.heightForWidth(380) if prompt.hasHeightForWidth() else 200)
    prompt.show()
    qtbot.waitExposed(prompt)
    prompt.resize(380, max(prompt.height(), prompt.layout().totalHeightForWidth(380)))
    qtbot.wait(0)
    assert prompt.minimumSizeHint().width() <= 380 and prompt.width() == 380  # fits the dock
    for _, b in prompt.answer_buttons:
        assert b.width() >= b.sizeHint().width(), b.text()
        assert prompt.rect().contains(b.geometry()), b.text()


def test_step_prompt_keys(qtbot: Any) -> None:
    """Esc stops a move; E ends an Operations turn; once per decision."""
    prompt = AmbushStepPrompt()
    qtbot.addWidget(prompt)
    prompt.show()
    qtbot.waitExposed(prompt)
    prompt.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is prompt)
    game, d = next(situations(K.AMBUSH_MOVE))
    prompt.set_decision(d, game)
    with qtbot.waitSignal(prompt.chosen) as sig:
        qtbot.keyClick(prompt, Qt.Key.Key_Escape)
    assert sig.args == ["stop"]
    game, d = next(situations(K.AMBUSH_OPERATIONS))
    prompt.set_decision(d, game)
    got: list[Any] = []
    prompt.chosen.connect(got.append)
    qtbot.keyClick(prompt, Qt.Key.Key_E)
    qtbot.keyClick(prompt, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert got == ["end"]


def test_step_prompt_operations(qtbot: Any) -> None:
    prompt = AmbushStepPrompt()
    qtbot.addWidget(prompt)
    prompt.show()
    game, d = next(situations(K.AMBUSH_OPERATIONS, lambda d, g: any(
        isinstance(o, dict) and o["to"] == "off" for o in d.options), range(1, 30)))
    for o in d.options:
        if is_hex_answer(o):
            continue
        assert prompt_click(qtbot, prompt, d, game, o) == [o]
    prompt.set_decision(d, game)
    for sid, n in d.facts["mp_left"].items():
        assert f"{game.state.soldiers[sid].label} {n}" in prompt.detail.text()
    assert f"Operations turn {d.facts['turn']}" in prompt.title.text()


# -- the end screen --------------------------------------------------------------------------


def test_end_dialog(qtbot: Any) -> None:
    game, ai = new_game(5), AmbushAI()
    while (d := game.pending()) is not None:
        game.answer(ai.choose(game, d))
    dlg = AmbushEndDialog.for_game(game)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    assert dlg.level.text() == game.result["level"]
    shown = texts(dlg)
    for p, why in game.state.score.lines:
        assert why in shown and f"{p:+d}" in shown
    assert game.result["why"] in dlg.why.text()
    rounds = sum(1 for e in game.log.events if e.kind == "round")
    assert f"{game.result['turn']} Operations turn" in dlg.why.text()
    assert f"{rounds} Action Round" in dlg.why.text()
    lost = [s for s in game.state.soldiers.values() if not s.active or s.wounded]
    assert lost
    for s in lost:
        assert s.label in shown
    with qtbot.waitSignal(dlg.new_game):
        qtbot.mouseClick(dlg.new_button, Qt.MouseButton.LeftButton)


# -- a whole mission through the clicks ------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 4])
def test_a_whole_mission_through_the_clicks(qtbot: Any, seed: int) -> None:
    """Every decision of a mission is answered by clicking what ``clicks_for`` names: a
    dialog's widgets, or the step prompt's buttons (a hex is given as the map would)."""
    game, ai = new_game(seed), AmbushAI()
    prompt = AmbushStepPrompt()
    qtbot.addWidget(prompt)
    prompt.show()
    n = 0
    while (d := game.pending()) is not None:
        pick = (prefer_snap(d) if seed == 4 else None) or ai.choose(game, d)
        if d.kind in ON_THE_MAP:
            got = [pick] if is_hex_answer(pick) else prompt_click(qtbot, prompt, d, game, pick)
        else:
            got = click_through(qtbot, game, d, pick)
        assert got == [pick], (d, pick)
        game.answer(got[0])
        n += 1
    assert game.result is not None and n > 50


def test_a_leaders_give_a_turn_comes_first(qtbot: Any) -> None:
    """The sergeant's commands lead the actions table (number 1 up), not under the fire
    and move buttons below the fold of a 1280x800 Decision dock."""
    game, d = next(situations(K.AMBUSH_ACTION,
                              lambda d, g: "give_turn" in _actions(d) and len(_actions(d)) >= 3,
                              range(1, 30)))
    dlg = open_dialog(qtbot, game, d)
    gives = [o for o in d.options if isinstance(o, dict) and o.get("action") == "give_turn"]
    first = dlg.option_buttons[: len(gives)]
    shown = {id(w): o for o, w in dlg.action_buttons}
    assert [shown[id(b)]["action"] for b in first] == ["give_turn"] * len(gives)


@pytest.mark.rule("AR-077")
def test_crew_weapon_fire_names_the_gun_and_its_fire_dialog_offers_only_the_gun(qtbot: Any) -> None:
    """Issue 13: the row is offered only beside a set-up machinegun and names it; taken, the
    fire dialog's fires are the machinegun's alone (never the firer's own weapon), and its
    header says who crews it with him."""
    from ambush_gui.ambush.words import option_text

    game, d = next(situations(K.AMBUSH_ACTION, lambda d, g: "crew_aimed" in _actions(d),
                              range(1, 30)))
    s = game.state.soldiers[d.facts["soldier"]]
    crew = next(o for o in d.options if o.get("action") == "crew_aimed")
    assert any(w.prepared and game.state.crew_hex(w) == s.hex
               for w in game.state.crew_weapons.values())
    assert option_text(game, s.id, crew).endswith("(M1919A4 light machinegun)")
    game.answer(crew)
    fd = game.pending()
    assert fd is not None and fd.kind is K.AMBUSH_TARGET
    assert {game.state.crew_weapons[o["weapon"]].weapon for o in fd.options} == {"m1919"}
    dlg = open_dialog(qtbot, game, fd)
    texts = [w.text() for w in dlg.findChildren(QLabel)]
    partner = game.state.soldiers[crew["partner"]].label
    assert f"with {partner} on the M1919A4 light machinegun" in texts
