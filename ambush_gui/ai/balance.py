"""Is a scenario balanced? The band a designer aims for, and what to change when it is missed.

A table scenario is *in band* when each side wins between 35% and 65% of the decisive
games (the games somebody won) and draws are at most 20% of all games: the figures every
shipped table scenario is held to over 500 games of the Normal player on both sides. An
Ambush! mission, where a draw is an outcome the victory levels name and the Germans are
the paragraphs, is in band when the US squad wins 35-65% of all its games and at most 30%
are draws: the band the shipped missions are held to. This module is the one place these
figures are written (:data:`BANDS`); ``tools/measure_balance.py`` reports against them and
the editor's Simulate warns by them.

:func:`judge` reads a run's wins; :func:`verdict` says in words what is out of band and
names the levers this scenario's own file has (its turn limit, Hot Spots, deployment zones,
forces, what scores), in the editor's words, so a designer knows what to try. No Qt here.

>>> judge({"regular": 19, "insurgent": 1}, ["regular", "insurgent"]).favoured
'regular'
>>> judge({"regular": 12, "insurgent": 8, "draw": 2}, ["regular", "insurgent"]).in_band
True
>>> judge({"us": 299, "german": 100, "draw": 101}, ["us", "german"], BANDS["ambush"]).in_band
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ambush_gui.core.words import named_together, possessive


@dataclass(frozen=True)
class Band:
    """What a system's scenarios aim for: each side's share (``low``-``high``, both allowed)
    of the decisive games, or with ``of_all_games`` of every game; and the largest share of
    all games that may be draws."""

    low: float
    high: float
    most_draws: float
    of_all_games: bool = False

    def words(self) -> str:
        """"35-65% of the decisive games each, draws at most 20%"."""
        base = "of all games for the US squad" if self.of_all_games else "of the decisive games each"
        return (f"{100 * self.low:.0f}-{100 * self.high:.0f}% {base}, "
                f"draws at most {100 * self.most_draws:.0f}%")


BANDS = {
    "alley": Band(0.35, 0.65, 0.20),  # issue 30: the table scenarios
    "ambush": Band(0.35, 0.65, 0.30, of_all_games=True),  # issue 29: the US wins of all missions' games
}
WIN_BAND = (BANDS["alley"].low, BANDS["alley"].high)
MOST_DRAWS = BANDS["alley"].most_draws

FIRM_GAMES = 200
"""Fewer games than this swing by several points from one seed to the next."""


def band_words(system: str = "alley") -> str:
    """A system's band in a few words: "35-65% of the decisive games each, draws at most 20%"."""
    return BANDS[system].words()


@dataclass(frozen=True)
class Balance:
    """A run's wins against the band."""

    games: int  # games that finished (wins and draws)
    wins: dict[str, int]  # by side, every side named (0 when it won none)
    draws: int
    favoured: str | None = None  # the side over the band's top, if one is
    too_many_draws: bool = False
    band: Band = BANDS["alley"]

    @property
    def decisive(self) -> int:
        return self.games - self.draws

    @property
    def base(self) -> int:
        """The games a side's share is of: the decisive ones, or all (the band says)."""
        return self.games if self.band.of_all_games else self.decisive

    def share(self, side: str) -> float:
        """The side's share of the band's games (0 when there were none)."""
        return self.wins.get(side, 0) / self.base if self.base else 0.0

    @property
    def draw_share(self) -> float:
        return self.draws / self.games if self.games else 0.0

    @property
    def in_band(self) -> bool:
        return self.games > 0 and self.favoured is None and not self.too_many_draws


def judge(wins: Mapping[str, int], sides: Sequence[str], band: Band = BANDS["alley"]) -> Balance:
    """Which side, if any, wins more than the band allows, and whether draws pass it. With a
    band of all games (Ambush!), the first side winning too few favours the other."""
    by_side = {side: int(wins.get(side, 0)) for side in sides}
    draws = int(wins.get("draw", 0))
    games = sum(by_side.values()) + draws
    b = Balance(games, by_side, draws, band=band)
    favoured = next((s for s in sides if b.base and b.share(s) > band.high), None)
    if favoured is None and band.of_all_games and games and b.share(sides[0]) < band.low:
        favoured = sides[1]
    return Balance(games, by_side, draws, favoured, games > 0 and draws / games > band.most_draws, band)


@dataclass(frozen=True)
class Verdict:
    """What the designer reads after a run: the findings, then what to try."""

    in_band: bool
    findings: list[str]  # a sentence each: what is out of band, or that it is in band
    levers: list[str] = field(default_factory=list)  # what in this file to change
    caution: str = ""  # a run too short to trust, or ""


def verdict(spec: Any, wins: Mapping[str, int]) -> Verdict:
    """The verdict on a run of ``spec`` (a table scenario's or an Ambush! mission's
    validated spec) that ended with ``wins`` (side or "draw" -> games)."""
    mission = spec.system == "ambush"
    sides = ["us", "german"] if mission else ["regular", "insurgent"]
    names = ({"us": "US squad", "german": "Germans"} if mission
             else {s: str(spec.sides[s].name) for s in sides})
    band = BANDS[spec.system]
    b = judge(wins, sides, band)
    caution = ""
    if 0 < b.games < FIRM_GAMES:
        caution = (f"Only {b.games} games: a short run swings by several points, so run "
                   f"{FIRM_GAMES} or more before changing much (a shipped scenario is measured "
                   "over 500).")
    if b.games == 0:
        return Verdict(False, ["No game finished, so there is nothing to judge yet."])
    a, o = sides
    if b.in_band:
        return Verdict(True, [f"In band: the {_known(names, a)} won {_pct(b.share(a))} and the "
                              f"{_known(names, o)} "
                              f"{_pct(b.share(o))} of {_games(b)}, and {_pct(b.draw_share)} "
                              f"were draws (the band: {band.words()})."], [], caution)
    findings = []
    if b.favoured is not None:
        side = b.favoured
        if band.of_all_games and side != a:  # the squad wins too few
            findings.append(f"Out of band: the {_known(names, a)} won only {b.wins[a]} of the "
                            f"{b.games} games ({_pct(b.share(a))}), fewer than the {_pct(band.low)} "
                            "the band asks for.")
        else:
            counted = _games(b).removeprefix("the ")
            findings.append(f"Out of band: the {_known(names, side)} won {b.wins[side]} of the "
                            f"{b.base} {counted} ({_over(b.share(side), band.high)}), more than "
                            f"the {_pct(band.high)} the band allows.")
    if b.too_many_draws:
        findings.append(f"Too many draws: {b.draws} of the {b.games} games "
                        f"({_over(b.draw_share, band.most_draws)}), "
                        f"more than the {_pct(band.most_draws)} the band allows.")
    levers = (_mission_levers if mission else _table_levers)(spec, b, names)
    return Verdict(False, findings, levers, caution)


ROLES = {"regular": "Regulars", "insurgent": "Insurgents", "us": "US", "german": "Germans"}
"""The sides as the chart and the editor's tools call them."""


def _known(names: dict[str, str], side: str) -> str:
    """The scenario's name for a side, with the role the chart shows when it differs:
    "Paratroopers (Regulars)"."""
    name = names[side]
    return name if ROLES[side] in name else f"{name} ({ROLES[side]})"


def _games(b: Balance) -> str:
    """"the decisive games" or "the games", as the band counts a side's share."""
    return "the games" if b.band.of_all_games else "the decisive games"


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _over(x: float, bound: float) -> str:
    """``x`` as a percentage, with a decimal when whole numbers would not show it is over
    ``bound`` (20.2% of games are draws, not "20%, more than 20%")."""
    return _pct(x) if round(100 * x) > round(100 * bound) else f"{100 * x:.1f}%"


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


# -- a table scenario (Ambush Alley, Force on Force) -----------------------------------------

PER_FIGURE_HIT = frozenset({"enemy_wounded", "enemy_killed"})
"""The awards that score per enemy figure hit: most games score some."""


def _table_levers(spec: Any, b: Balance, names: dict[str, str]) -> list[str]:
    """Levers in the table editor's words, only those the file has."""
    out: list[str] = []
    reg, ins = names["regular"], names["insurgent"]
    turns = spec.turn_limit
    if b.favoured is not None:
        strong = b.favoured
        weak = "insurgent" if strong == "regular" else "regular"
        if strong == "regular" and turns > 1:
            out.append(f"Turn limit (Scenario tab): give the {reg} fewer turns to do what scores; "
                       f"it is {turns} now.")
        elif strong == "insurgent":
            out.append(f"Turn limit (Scenario tab): give the {reg} more turns to do what scores; "
                       f"it is {turns} now.")
        out += _hot_spot_levers(spec, more_insurgents=strong == "regular", reg=reg, ins=ins)
        out += _place_levers(spec, strong, names)
        out.append(_force_lever(spec, strong, weak, names))
        mine = sum(1 for a in spec.victory.all_awards() if a.side == strong)
        theirs = sum(1 for a in spec.victory.all_awards() if a.side == weak)
        if mine or theirs:
            out.append(f"What scores (Scenario tab): fewer points for the {possessive(names[strong])} "
                       f"awards, or more for the {possessive(names[weak])} (now the {names[strong]} "
                       f"have {_plural(mine, 'award')}, the {names[weak]} {theirs}).")
    if b.too_many_draws:
        if not spec.victory.all_awards():
            out.append("What scores (Scenario tab): nothing scores, so every game ends level; "
                       "add awards for both sides.")
        else:
            # an award per enemy figure hit scores in most games: suggested only to a side
            # without one (a play-test was told to add the one it already had)
            lacking = [side for side in ("regular", "insurgent")
                       if not any(a.side == side and a.points and a.event in PER_FIGURE_HIT
                                  for a in spec.victory.all_awards())]
            more = (f", or give the {' and the '.join(names[s] for s in lacking)} an award that "
                    f"scores in most games (each enemy figure wounded, say)" if lacking else "")
            out.append("What scores (Scenario tab): a game with equal totals is a draw; give the "
                       f"awards points that seldom add up to the same total{more}.")
        if b.favoured != "regular" and not any(line.startswith("Turn limit") for line in out):
            out.append(f"Turn limit (Scenario tab): more turns leave fewer games undecided; "
                       f"it is {turns} now.")
    return out


def _hot_spot_levers(spec: Any, more_insurgents: bool, reg: str, ins: str) -> list[str]:
    """Hot Spots and the Insurgency Level, when the file has Insurgent reinforcements."""
    r = spec.reinforcements
    if r is None:
        return []
    spots = len(spec.hot_spots)
    if not spots:
        return [f"Hot Spots (the H tool): the {possessive(ins)} reinforcements arrive at Hot Spots, "
                f"and with none placed every arrival is lost; place some near the way the {reg} "
                "must go."] if more_insurgents else []
    level = None if r.level == "automatic" else int(r.level)
    now = f"{_plural(spots, 'Hot Spot')} now"
    if more_insurgents:
        line = (f"Hot Spots (the H tool): fresh {ins} arrive at them; place more, or move them "
                f"nearer the way the {reg} must go ({now})")
        if level is not None and level < 6:
            line += f"; or raise the Insurgency Level ({level} now) so they come more often"
    else:
        line = (f"Hot Spots (the H tool): fresh {ins} arrive at them; remove some, or move them "
                f"away from the way the {reg} must go ({now})")
        if level is None:
            line += "; or make the Insurgency Level a number to roll (1-6) instead of automatic"
        elif level > 1:
            line += f"; or lower the Insurgency Level ({level} now) so they come less often"
    return [line + "."]


def _place_levers(spec: Any, strong: str, names: dict[str, str]) -> list[str]:
    """Deployment zones (or where a side's units stand) and escorts: where the game starts."""
    reg, ins = names["regular"], names["insurgent"]

    def zone(side: str) -> str:
        labels = [z.label or z.id or "unnamed" for z in (spec.sides[side].deployment or [])]
        if not labels:
            return ""
        return (f"the {possessive(names[side])} deployment {'zone' if len(labels) == 1 else 'zones'} "
                f"({', '.join(labels)})")

    toward, away = (("nearer", "further from") if strong == "regular" else ("further from", "nearer"))
    moves = [f"move {zone('insurgent')} {toward} the way the {reg} must go" if zone("insurgent")
             else f"set the {ins} up {toward} the way the {reg} must go"]
    if zone("regular"):
        moves.append(f"move {zone('regular')} {away} what they must reach")
    escorts = spec.all_escorts()
    if escorts:
        moves.append(f"put the {named_together([str(e.label) for e in escorts])} {away} the {reg}")
    out = ["Places: " + _joined(moves) + "."]
    devices = (spec.module_settings().get("ieds") or {}).get("devices") or []
    mined = sum(1 for piece in spec.table.pieces if piece.kind == "minefield")
    more = "more" if strong == "regular" else "fewer"
    if "ieds" in spec.module_names() and devices:
        out.append(f"IEDs (the I tool): {more + ' of them' if more == 'more' else more}, or {toward} "
                   f"the way the {reg} must go ({_plural(len(devices), 'IED')} now).")
    if "mines" in spec.module_names() and mined:
        out.append(f"Minefields (the Minefield tool): {more}, or {toward} the way the {reg} must go "
                   f"({_plural(mined, 'minefield')} now).")
    return out


def _joined(parts: list[str]) -> str:
    """"a", "a or b", "a, b or c"."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def _force_lever(spec: Any, strong: str, weak: str, names: dict[str, str]) -> str:
    def count(side: str) -> str:
        units = [u for u in spec.units if u.side == side]
        figures = sum(len(u.figures) for u in units)
        return f"{_plural(len(units), 'unit')}, {_plural(figures, 'figure')}"

    return (f"Forces (Units tab): fewer figures or lower Troop Quality and Morale dice for the "
            f"{names[strong]} ({count(strong)} now), or more or better ones for the "
            f"{names[weak]} ({count(weak)}).")


# -- an Ambush! mission --------------------------------------------------------------------

def _mission_levers(spec: Any, b: Balance, names: dict[str, str]) -> list[str]:
    """Levers in the mission editor's words: its victory levels, Operations turns, cards."""
    out: list[str] = []
    levels = spec.victory.levels
    us_from = min((lv.min for lv in levels if lv.outcome == "us"), default=None)
    turns = spec.operations_turn_limit
    squad, germans = len(spec.squad), len(spec.germans)
    if b.favoured == "us":
        if us_from is not None:
            out.append(f"Victory levels (Victory & end tab): ask more points of the squad; a US "
                       f"win starts at {us_from} now.")
        if turns > 1:
            out.append(f"Operations turns (Victory & end tab): a shorter day; {turns} now.")
        out.append(f"Forces: a smaller or weaker US squad ({_plural(squad, 'soldier')} now), or "
                   f"more or better Germans ({_plural(germans, 'soldier card')} now).")
    elif b.favoured == "german":
        if us_from is not None:
            out.append(f"Victory levels (Victory & end tab): ask fewer points of the squad; a US "
                       f"win starts at {us_from} now.")
        out.append(f"Operations turns (Victory & end tab): a longer day; {turns} now.")
        out.append(f"Forces: a larger or better US squad ({_plural(squad, 'soldier')} now), or "
                   f"fewer or weaker Germans ({_plural(germans, 'soldier card')} now).")
    if b.too_many_draws:
        draw_from = min((lv.min for lv in levels if lv.outcome == "draw"), default=None)
        if draw_from is not None:
            span = (f"{draw_from} to {us_from - 1} points" if us_from is not None and us_from > draw_from
                    else f"from {draw_from} points")
            out.append(f"Victory levels (Victory & end tab): narrow the draw; it is {span} now.")
        if b.favoured is None:
            out.append(f"Operations turns (Victory & end tab): a longer day leaves fewer missions "
                       f"undecided; {turns} now.")
    return out
