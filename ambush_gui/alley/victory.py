"""The end of the game and its victory points (CT-042..047, house rules AA-048, CT-047).

The game ends when no Regular unit is left on the table, or at the end of the
scenario's last turn. Then abandoned casualties may be taken prisoner (DC-018), each
side scores the scenario's awards (docs/formats.md, "Awards"; Contracting Trouble's
five victory keys are shorthand for five of them), and the higher total wins; equal
totals are a draw. Every line of the score names its award and says, in the
scenario's own words for the sides, what earned it.

The score as it stands (:func:`standing`) runs the same scorers on the game as it is:
what each award would give if the game ended now, which of it is already won for good,
and in words what is still to be won, or, once the game is over, why an award scored
nothing.

Zone awards: ``zone_held`` is judged at the end; ``zone_cleared`` the first time an
own unit stands in the zone with no enemy in it, checked after every move and at the
end of every turn (:func:`check_zones`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import shapely

from ambush_gui.alley import options
from ambush_gui.alley.model import Figure, FigureKind, Injury, Side
from ambush_gui.alley.names import figure_name, figure_names
from ambush_gui.alley.scenario import ESCORTS_HELD, AwardEvent, AwardSpec, member_word, zone_ids
from ambush_gui.core.words import count

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame

WOUNDED = (Injury.SLIGHT, Injury.MODERATE, Injury.SERIOUS)
_ESCORT = FigureKind.CONTRACTOR  # every escort (a contractor is one) is this kind of figure

# How the victory screen names each award (its points follow).
AWARD_TITLES: dict[str, str] = {
    "escort_exited": "Escorts brought off",
    "none_left_behind": "Nobody left behind",
    "enemy_wounded": "Enemies wounded",
    "enemy_killed": "Enemies killed",
    "captive_held": "Captives held at the end",
    "hot_spot_neutralised": "Hot Spots neutralised",
    "figure_exited": "Figures off the table",
    "zone_held": "Zone held at the end",
    "zone_cleared": "Zone cleared",
    "civilian_casualty": "Civilian casualties caused by the enemy",
}


def regulars_gone(g: AlleyGame) -> bool:
    return not g.state.side_units(Side.REGULAR)


def side_name(g: AlleyGame, side: Side) -> str:
    """The scenario's name for a side ("US Marines")."""
    return g.spec.sides[side].name


def member(g: AlleyGame, side: Side) -> str:
    """One of the side in a sentence ("Marine")."""
    return member_word(g.spec.sides[side])


def finish(g: AlleyGame) -> dict[str, Any]:
    st = g.state
    for fig in st.ground:  # DC-018
        if fig.abandoned and fig.side is Side.REGULAR and not fig.captive:
            roll = g.dice.d6(f"Abandoned casualty {figure_name(fig)}: taken prisoner on 4+")
            fig.captive = roll >= 4
    score(g)
    r, i = st.score.total(Side.REGULAR), st.score.total(Side.INSURGENT)
    winner = "regular" if r > i else "insurgent" if i > r else "draw"
    st.outcome = {"winner": winner, "points": {"regular": r, "insurgent": i}, "turn": st.turn}
    rn, iname = side_name(g, Side.REGULAR), side_name(g, Side.INSURGENT)
    text = {"regular": f"The {rn} win", "insurgent": f"The {iname} win", "draw": "A draw"}[winner]
    g.log.emit("victory", f"{text}: {rn} {r} VP, {iname} {i} VP", **st.outcome)
    return st.outcome


def score(g: AlleyGame) -> None:
    """Write the final score into the game's ledger (and its log), line by line as
    :func:`tally` finds them."""
    for a, why, shown in tally(g):
        g.state.score.add(a.side, a.points, why, a.event.value, shown)
    for (side, points, why), award in zip(g.state.score.said(), g.state.score.awards, strict=True):
        g.log.emit("score", f"{side_name(g, side)} {points:+d}: {why} ({award})",
                   side=side.value, points=points, award=award)


Found = list[tuple[AwardSpec, str, str]]
"""The lines the awards score, in ledger order: (award, why, shown). ``why`` is the ledger's
words, which saves hash (figures by id, as ever); ``shown`` the same line as a player reads
it, figures by name (alley/names.py)."""


def _plain(out: Found, a: AwardSpec, why: str) -> None:
    """A line that names no figure: the ledger and the player read the same words."""
    out.append((a, why, why))


def tally(g: AlleyGame, awards: list[AwardSpec] | None = None) -> Found:
    """Every line the scenario's awards would score if the game ended now (the game's own
    ledger and log are left alone), in the file's order (the shorthand keys first). An
    enemy_wounded and an enemy_killed award of one side next to each other are scored
    figure by figure together, as Contracting Trouble always has, so its ledger reads as it
    did. The one procedure behind the final score, the running score and the computer's
    sums."""
    awards = g.spec.victory.all_awards() if awards is None else awards
    out: Found = []
    k = 0
    while k < len(awards):
        a = awards[k]
        pair = (AwardEvent.ENEMY_WOUNDED, AwardEvent.ENEMY_KILLED)
        nxt = awards[k + 1] if k + 1 < len(awards) else None
        if a.event in pair and nxt is not None and nxt.side is a.side and {a.event, nxt.event} == set(pair):
            _losses(g, a.side, *((a, nxt) if a.event is AwardEvent.ENEMY_WOUNDED else (nxt, a)), out)
            k += 2
            continue
        if a.event is AwardEvent.ENEMY_WOUNDED:
            _losses(g, a.side, a, None, out)
        elif a.event is AwardEvent.ENEMY_KILLED:
            _losses(g, a.side, None, a, out)
        else:
            SCORERS[a.event](g, a, out)
        k += 1
    return out


def _edge_words(a: AwardSpec) -> str:
    return f" by the {a.edge.value} edge" if a.edge is not None else ""


def _escort_exited(g: AlleyGame, a: AwardSpec, out: Found) -> None:
    """CT-042: each escort brought off the table (by the award's edge, if it names one) by
    the scoring side: free escorts for the Regulars, captive ones for the Insurgents."""
    for f in g.state.exited:
        if f.kind is not _ESCORT or f.captive is not (a.side is Side.INSURGENT):
            continue
        if a.edge is not None and g.state.exit_edges.get(f.id) != a.edge.value:
            continue
        out.append((a, f"{f.label or 'escort'} {f.id} escorted off the table{_edge_words(a)}",
                    f"{figure_name(f)} escorted off the table{_edge_words(a)}"))


def _held_by(g: AlleyGame, side: Side) -> list[Figure]:
    """DC-029: figures carried by ``side``'s units as prisoners."""
    return [f for u in g.state.units.values() if u.side is side for f in u.figures if f.captive]


def _left_behind(g: AlleyGame, side: Side) -> list[Figure]:
    """The side's casualties and POWs (not escorts) on the ground or held by the enemy."""
    st = g.state
    return [f for f in st.ground + _held_by(g, side.enemy) if f.side is side and f.kind is not _ESCORT]


def _none_left_behind(g: AlleyGame, a: AwardSpec, out: Found) -> None:
    """CT-043: no casualty or POW of the side on the ground or held by the enemy at the end."""
    if not _left_behind(g, a.side):
        _plain(out, a, f"no {member(g, a.side)} casualty or POW left behind")


def _losses(g: AlleyGame, side: Side, wounded: AwardSpec | None, killed: AwardSpec | None,
            out: Found) -> None:
    """CT-044/045: each enemy figure wounded or killed (an Insurgent casualty is removed at
    once, AA-154, and counts as killed); escorts are nobody's losses."""
    st = g.state
    enemy = side.enemy
    word = member(g, enemy)
    fallen = {f.id for f, why in st.removed if why == "casualty"}
    for f in st.all_figures():
        if f.side is not enemy or f.kind is _ESCORT:
            continue
        if f.injury in WOUNDED:
            if wounded is not None:
                out.append((wounded, f"{word} {f.id} wounded", f"{figure_name(f)} wounded"))
        elif f.injury is Injury.KILLED or f.id in fallen:
            if killed is not None:
                out.append((killed, f"{word} {f.id} killed", f"{figure_name(f)} killed"))


def escorts_held_at_the_end(g: AlleyGame) -> bool:
    """Does an escort a Regular unit still carries on the table at the end count as held by
    the Insurgents? Only under a scenario's own special rule ``escorts_held_at_the_end``
    (Contracting Trouble's: it is a 4-turn race); the seed's CT-046 counts captives only.
    A save made while this was the rules option ``escorts_not_brought_out`` scores by the
    value it records (one older than the option, by the scenario it embeds: not held)."""
    was = g.retired_options.get(options.RETIRED_ESCORTS)
    if was is not None:
        return was == "held"
    return ESCORTS_HELD in g.spec.special_rules


def _captive_held(g: AlleyGame, a: AwardSpec, out: Found) -> None:
    """CT-046, DC-029: each enemy figure the side holds at the end, standing or carried; an
    escort the Regulars never brought away counts as held by the Insurgents: one on the
    ground, and (the special rule ``escorts_held_at_the_end``, CT-017) one a Regular unit
    still carries on the table."""
    for f in g.state.ground + _held_by(g, a.side):
        if f.side is a.side:
            continue
        if f.captive or (f.kind is _ESCORT and not f.released and a.side is Side.INSURGENT):
            what = (f.label or "escort") if f.kind is _ESCORT else f"{member(g, f.side)} POW"
            held = "held" if f.kind is _ESCORT else "held prisoner"
            out.append((a, f"{what} {f.id} held at the end",  # the words are in saves' hashed state
                        f"{figure_name(f)} {held} at the end"))
    if a.side is Side.INSURGENT and escorts_held_at_the_end(g):
        for u in g.state.side_units(Side.REGULAR):
            for f in u.figures:
                if f.kind is _ESCORT and not f.captive:
                    out.append((a, f"{f.label or 'escort'} {f.id} still on the table at the end, "
                                   f"with {u.name}: held",
                                f"{figure_name(f)} still on the table at the end, with {u.name}: held"))


def _hot_spot_neutralised(g: AlleyGame, a: AwardSpec, out: Found) -> None:
    """AA-054: each Hot Spot neutralised during the game."""
    for h in g.state.hot_spots.values():
        if h.neutralised:
            _plain(out, a, f"Hot Spot {h.number} neutralised")


def _figure_exited(g: AlleyGame, a: AwardSpec, out: Found) -> None:
    """Each of the side's own figures (not an escort, not a prisoner) that left the table
    across an edge (the award's edge, if it names one)."""
    st = g.state
    for f in st.exited:
        edge = st.exit_edges.get(f.id)
        if f.side is not a.side or f.kind is _ESCORT or f.captive or edge is None:
            continue
        if a.edge is None or edge == a.edge.value:
            out.append((a, f"{member(g, a.side)} {f.id} off the table by the {edge} edge",
                        f"{figure_name(f)} off the table by the {edge} edge"))


def zone_polygon(g: AlleyGame, zone: str) -> Any:
    """A zone award's zone at the game's scale (a table piece or a deployment zone)."""
    cache: dict[str, Any] = g.__dict__.setdefault("_award_zones", {})
    poly = cache.get(zone)
    if poly is None:
        s = g.scenario.scale
        poly = shapely.Polygon([(x * s, y * s) for x, y in zone_ids(g.spec)[zone]]).buffer(1e-6)
        shapely.prepare(poly)
        cache[zone] = poly
    return poly


def zone_name(g: AlleyGame, zone: str) -> str:
    """The zone's label, else its id."""
    for p in g.spec.table.pieces:
        if p.id == zone:
            return p.label or p.id
    for side in g.spec.sides.values():
        for z in side.deployment or []:
            if z.id == zone:
                return z.label or zone
    return zone


def _in_zone(g: AlleyGame, zone: str, side: Side) -> list[Any]:
    """The side's units with a fighting figure inside the zone."""
    poly = zone_polygon(g, zone)
    return [u for u in g.state.side_units(side)
            if any(poly.covers(shapely.Point(f.x, f.y)) for f in u.fighters)]


def _zone_held(g: AlleyGame, a: AwardSpec, out: Found) -> None:
    """At the end: the side's figures in the zone and no enemy figure in it."""
    assert a.zone is not None
    if _in_zone(g, a.zone, a.side) and not _in_zone(g, a.zone, a.side.enemy):
        _plain(out, a, f"{zone_name(g, a.zone)} held at the end")


def _zone_cleared(g: AlleyGame, a: AwardSpec, out: Found) -> None:
    """Once: the side had a unit in the zone with no enemy in it (see :func:`check_zones`)."""
    assert a.zone is not None
    hit = g.state.zones_cleared.get(f"{a.side.value}:{a.zone}")
    if hit is not None:
        uid, turn = hit
        unit = g.state.units.get(uid)
        _plain(out, a, f"{zone_name(g, a.zone)} cleared by {unit.name if unit else uid} on turn {turn}")


def check_zones(g: AlleyGame) -> None:
    """Note the first time each zone_cleared award's zone is cleared (after every move and
    at the end of every turn); nothing to do, and nothing asked, for other scenarios."""
    wanted = g.__dict__.get("_clear_awards")
    if wanted is None:
        wanted = g.__dict__["_clear_awards"] = [
            a for a in g.spec.victory.all_awards() if a.event is AwardEvent.ZONE_CLEARED]
    for a in wanted:
        assert a.zone is not None
        key = f"{a.side.value}:{a.zone}"
        if key in g.state.zones_cleared:
            continue
        mine = _in_zone(g, a.zone, a.side)
        if mine and not _in_zone(g, a.zone, a.side.enemy):
            g.state.zones_cleared[key] = (mine[0].id, g.state.turn)
            g.log.emit("zone", f"{mine[0].name} clears {zone_name(g, a.zone)}", unit=mine[0].id,
                       zone=a.zone)


def _civilian_casualty(g: AlleyGame, a: AwardSpec, out: Found) -> None:
    """FF-159, house rule FF-160: each civilian casualty the other side caused (a mob's,
    or an unarmed supporter of a mixed mob), from the civilians module's ledger."""
    mod = g.modules.get("civilians")
    for side, what, shown in getattr(mod, "ledger", []):
        if side is a.side.enemy:
            by = f" (caused by the {side_name(g, side)})"
            out.append((a, what + by, shown + by))


SCORERS = {
    AwardEvent.ESCORT_EXITED: _escort_exited,
    AwardEvent.NONE_LEFT_BEHIND: _none_left_behind,
    AwardEvent.CAPTIVE_HELD: _captive_held,
    AwardEvent.HOT_SPOT_NEUTRALISED: _hot_spot_neutralised,
    AwardEvent.FIGURE_EXITED: _figure_exited,
    AwardEvent.ZONE_HELD: _zone_held,
    AwardEvent.ZONE_CLEARED: _zone_cleared,
    AwardEvent.CIVILIAN_CASUALTY: _civilian_casualty,
}


# -- the score as it stands ------------------------------------------------------------------------

# Awards counted only at the end: what they give now may still change either way (a wounded
# figure may yet die and score as killed instead). The others' points, once won, are kept.
AT_THE_END = frozenset({AwardEvent.NONE_LEFT_BEHIND, AwardEvent.ENEMY_WOUNDED, AwardEvent.CAPTIVE_HELD,
                        AwardEvent.ZONE_HELD})


@dataclass(frozen=True)
class AwardStanding:
    """One of the scenario's awards as the game stands (or as it ended): its lines as the
    victory screen has them, whether its points are counted only at the end, and a note in
    words: what is still to be won, or (``lines`` empty) why it gives nothing."""

    award: AwardSpec
    lines: tuple[str, ...]
    at_the_end: bool
    note: str

    @property
    def side(self) -> Side:
        return self.award.side

    @property
    def points(self) -> int:
        return self.award.points * len(self.lines)

    @property
    def title(self) -> str:
        return AWARD_TITLES.get(self.award.event.value, self.award.event.value)


@dataclass(frozen=True)
class Standing:
    """Every award as it stands; ``over`` once the game has ended (the points are final)."""

    awards: tuple[AwardStanding, ...]
    over: bool

    def total(self, side: Side) -> int:
        return sum(a.points for a in self.awards if a.side is side)

    def of(self, side: Side) -> list[AwardStanding]:
        return [a for a in self.awards if a.side is side]


def standing(g: AlleyGame) -> Standing:
    """The score if the game ended now, award by award (:func:`tally`'s lines; nothing is
    thrown: an abandoned casualty's prisoner roll, DC-018, is told as still open). Once the
    game is over it is the final score, each award that gave nothing saying why. Nothing one
    side may not see enters it: the awards count figures, Hot Spots and zones on the open
    table, and the civilians' ledger."""
    awards = g.spec.victory.all_awards()
    found = tally(g, awards)
    over = g.state.outcome is not None
    out = []
    for a in awards:
        lines = tuple(shown for b, _, shown in found if b is a)
        note = NOTES[a.event](g, a, bool(lines), over)
        out.append(AwardStanding(a, lines, a.event in AT_THE_END and not over, note))
    return Standing(tuple(out), over)


def _each(a: AwardSpec) -> str:
    return f"{a.points:+d} each"


def _escort_note(g: AlleyGame, a: AwardSpec, scored: bool, over: bool) -> str:
    mine = a.side is Side.INSURGENT  # the Insurgents score escorts they carry off as captives
    left = [f for u in g.state.units.values() for f in u.figures if f.kind is _ESCORT and f.captive is mine]
    if not mine:
        left += [f for f in g.state.ground if f.kind is _ESCORT and not f.captive]
    edge = _edge_words(a)
    if over:
        return "" if scored else f"no escort brought off the table{edge}"
    if not left:
        return "" if scored else "no escort left to bring off"
    who = (left[0].label or "escort") if len(left) == 1 else count(len(left), "escort")
    return f"{who} still to bring off the table{edge}: {_each(a) if len(left) > 1 else f'{a.points:+d}'}"


def _none_left_behind_note(g: AlleyGame, a: AwardSpec, scored: bool, over: bool) -> str:
    if scored:
        return "" if over else "nobody left behind so far"
    left = _left_behind(g, a.side)
    who = figure_names(left[:3]) + (" …" if len(left) > 3 else "")
    return f"{who} left behind{' at the end' if over else ' now'}"


def _losses_note(g: AlleyGame, a: AwardSpec, scored: bool, over: bool) -> str:
    word, what = member(g, a.side.enemy), "wounded" if a.event is AwardEvent.ENEMY_WOUNDED else "killed"
    if over:
        return "" if scored else f"no {word} {what}"
    return f"{a.points:+d} for each {word} {what}" if not scored else f"{a.points:+d} for each more"


def _captive_note(g: AlleyGame, a: AwardSpec, scored: bool, over: bool) -> str:
    if over:
        return "" if scored else "no prisoner held at the end"
    may = [f for f in g.state.ground if f.abandoned and f.side is a.side.enemy and not f.captive]
    if may:
        return (f"{count(len(may), 'abandoned casualty', 'abandoned casualties')} may be taken prisoner "
                f"at the end (4+): {_each(a)}")
    escorts = a.side is Side.INSURGENT and any(f.kind is _ESCORT for f in g.state.all_figures())
    return f"{a.points:+d} for each prisoner held at the end" + (
        " (an escort not brought off counts)" if escorts else "")


def _hot_spot_note(g: AlleyGame, a: AwardSpec, scored: bool, over: bool) -> str:
    left = sum(not h.neutralised for h in g.state.hot_spots.values())
    if over:
        return "" if scored else "no Hot Spot neutralised"
    return f"{count(left, 'Hot Spot')} still to neutralise: {_each(a)}" if left else ""


def _figure_exited_note(g: AlleyGame, a: AwardSpec, scored: bool, over: bool) -> str:
    word = member(g, a.side)
    if over:
        return "" if scored else f"no {word} left the table{_edge_words(a)}"
    return f"{a.points:+d} for each {word} off the table{_edge_words(a)}"


def _who_stands(g: AlleyGame, a: AwardSpec, over: bool) -> str:
    """Who has figures in the award's zone: "held by nobody: both sides stand in it"."""
    assert a.zone is not None
    mine, theirs = bool(_in_zone(g, a.zone, a.side)), bool(_in_zone(g, a.zone, a.side.enemy))
    me, enemy = side_name(g, a.side), side_name(g, a.side.enemy)
    if over:
        return {(True, True): "held by nobody at the end — both sides had figures in it",
                (False, False): "held by nobody at the end — no figure stood in it",
                (False, True): f"held by the {enemy} at the end"}.get((mine, theirs), "")
    return {(True, True): "held by nobody: both sides stand in it",
            (False, False): "held by nobody: no figure stands in it",
            (False, True): f"held by the {enemy}",
            (True, False): f"held by the {me}"}[(mine, theirs)]


def _zone_held_note(g: AlleyGame, a: AwardSpec, scored: bool, over: bool) -> str:
    assert a.zone is not None
    if scored:  # its line says it
        return ""
    why = _who_stands(g, a, over)
    return f"{zone_name(g, a.zone)}: {why}" if why else ""


def _zone_cleared_note(g: AlleyGame, a: AwardSpec, scored: bool, over: bool) -> str:
    assert a.zone is not None
    if scored:
        return ""
    name, me = zone_name(g, a.zone), side_name(g, a.side)
    if over:
        return f"{name} never cleared: the {me} never stood in it alone"
    return f"{name} not yet cleared ({_who_stands(g, a, over)}): {a.points:+d} the first time the {me} " \
           "stand in it alone"


def _civilian_note(g: AlleyGame, a: AwardSpec, scored: bool, over: bool) -> str:
    enemy = side_name(g, a.side.enemy)
    if over:
        return "" if scored else f"the {enemy} caused no civilian casualty"
    return f"{a.points:+d} for each civilian casualty the {enemy} cause"


NOTES = {
    AwardEvent.ESCORT_EXITED: _escort_note,
    AwardEvent.NONE_LEFT_BEHIND: _none_left_behind_note,
    AwardEvent.ENEMY_WOUNDED: _losses_note,
    AwardEvent.ENEMY_KILLED: _losses_note,
    AwardEvent.CAPTIVE_HELD: _captive_note,
    AwardEvent.HOT_SPOT_NEUTRALISED: _hot_spot_note,
    AwardEvent.FIGURE_EXITED: _figure_exited_note,
    AwardEvent.ZONE_HELD: _zone_held_note,
    AwardEvent.ZONE_CLEARED: _zone_cleared_note,
    AwardEvent.CIVILIAN_CASUALTY: _civilian_note,
}
