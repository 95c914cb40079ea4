"""The end of the game and its victory points (CT-042..047, house rules AA-048, CT-047).

The game ends when no Regular unit is left on the table, or at the end of the
scenario's last turn. Then abandoned casualties may be taken prisoner (DC-018), each
side scores, and the higher total wins; equal totals are a draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ambush_gui.alley.model import FigureKind, Injury, Side

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame

WOUNDED = (Injury.SLIGHT, Injury.MODERATE, Injury.SERIOUS)


def regulars_gone(g: AlleyGame) -> bool:
    return not g.state.side_units(Side.REGULAR)


def finish(g: AlleyGame) -> dict[str, Any]:
    st = g.state
    for fig in st.ground:  # DC-018
        if fig.abandoned and fig.side is Side.REGULAR and not fig.captive:
            roll = g.dice.d6(f"Abandoned casualty {fig.id}: taken prisoner on 4+")
            fig.captive = roll >= 4
    score(g)
    r, i = st.score.total(Side.REGULAR), st.score.total(Side.INSURGENT)
    winner = "regular" if r > i else "insurgent" if i > r else "draw"
    st.outcome = {"winner": winner, "points": {"regular": r, "insurgent": i}, "turn": st.turn}
    text = {"regular": "The Regulars win", "insurgent": "The Insurgents win", "draw": "A draw"}[winner]
    g.log.emit("victory", f"{text}: Regulars {r} VP, Insurgents {i} VP", **st.outcome)
    return st.outcome


def marines(g: AlleyGame) -> list[Any]:
    return [f for f in g.state.all_figures()
            if f.side is Side.REGULAR and f.kind is not FigureKind.CONTRACTOR]


def score(g: AlleyGame) -> None:
    st, v = g.state, g.spec.victory
    for f in st.exited:  # CT-042
        if f.kind is FigureKind.CONTRACTOR:
            st.score.add(Side.REGULAR, v.contractor_escorted, f"contractor {f.id} escorted off the table")
    # DC-029: prisoners carried by an Insurgent unit are held too
    held_pows = [f for u in st.units.values() if u.side is Side.INSURGENT for f in u.figures if f.captive]
    left = [f for f in st.ground + held_pows
            if f.side is Side.REGULAR and f.kind is not FigureKind.CONTRACTOR]
    if not left:  # CT-043
        st.score.add(Side.REGULAR, v.none_left_behind, "no Marine casualty or POW left behind")
    for f in marines(g):
        if f.injury in WOUNDED:  # CT-044
            st.score.add(Side.INSURGENT, v.marine_wounded, f"Marine {f.id} wounded")
        elif f.injury is Injury.KILLED:  # CT-045
            st.score.add(Side.INSURGENT, v.marine_killed, f"Marine {f.id} killed")
    for f in st.ground + held_pows:  # CT-046
        held = f.captive or (f.kind is FigureKind.CONTRACTOR and not f.released)
        if held:
            what = "contractor" if f.kind is FigureKind.CONTRACTOR else "Marine POW"
            st.score.add(Side.INSURGENT, v.captive, f"{what} {f.id} held at the end")
