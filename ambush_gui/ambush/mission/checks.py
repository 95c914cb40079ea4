"""The cross-checks: what a schema cannot say about a mission (a paragraph pointing nowhere,
a card missing a Condition column, a hex off the map, a loop of "go to" with no way out,
unknown weapons...), every problem and warning at once as (path, expectation)."""

from __future__ import annotations

from collections.abc import Iterable

from ambush_gui.ambush.charts import Charts, Side, WeaponKind
from ambush_gui.ambush.mission.schema import (
    HIM,
    MAX_HOPS,
    SELF_PRESERVATION,
    Act,
    Cond,
    ListStyle,
    MissionSpec,
    ParagraphSpec,
    Ratings,
    SquadSoldier,
    _col_row,
    span_labels,
)
from ambush_gui.ambush.mission.words import no_such_paragraph
from ambush_gui.ambush.model import MAX_AMMO_BOXES
from ambush_gui.core.hexgrid import Hex, Hexside

# -- the cross-checks --------------------------------------------------------------------------


def check(spec: MissionSpec, charts: Charts | None = None
          ) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Every problem and every warning, from one run of the checks (loading needs both)."""
    return _Checker(spec, charts or Charts.default()).run()


def cross_check(spec: MissionSpec, charts: Charts | None = None) -> list[tuple[str, str]]:
    """What the schema cannot say: every problem as (path, expectation)."""
    return _Checker(spec, charts or Charts.default()).run()[0]


def warnings(spec: MissionSpec, charts: Charts | None = None) -> list[tuple[str, str]]:
    """Doubtful but playable: paragraphs nothing leads to."""
    return _Checker(spec, charts or Charts.default()).run()[1]


class _Checker:
    def __init__(self, spec: MissionSpec, charts: Charts) -> None:
        self.spec = spec
        self.charts = charts
        self.problems: list[tuple[str, str]] = []
        self.warnings: list[tuple[str, str]] = []
        self.numbers = {p.number for p in spec.paragraphs}

    def bad(self, path: str, what: str) -> None:
        self.problems.append((path, what))

    # -- atoms -------------------------------------------------------------------------------
    def hex_ok(self, path: str, label: str) -> bool:
        w, h = self.spec.map.width, self.spec.map.height
        c, r = _col_row(label)
        if 1 <= c <= w and 1 <= r <= h:
            return True
        self.bad(path, f"hex {label} is off the {w}x{h} map (columns 01-{w:02d}, rows 01-{h:02d})")
        return False

    def span_ok(self, path: str, span: str) -> None:
        for part in span.split("-"):
            self.hex_ok(path, part)

    def place_ok(self, path: str, place: str) -> None:
        if place.isdigit():
            self.hex_ok(path, place)
        elif place not in self.spec.map.areas:
            known = ", ".join(sorted(self.spec.map.areas)) or "none defined"
            self.bad(path, f"unknown area {place!r}; expected a hex number or an area under "
                           f"[map.areas] ({known})")

    def paragraph_ok(self, path: str, number: int) -> None:
        if number not in self.numbers:
            self.problems.append(no_such_paragraph(path, number))

    def condition_ok(self, path: str, name: str) -> None:
        if name not in self.spec.conditions:
            known = ", ".join(sorted(self.spec.conditions))
            self.bad(path, f"unknown Condition {name!r}; the mission has {known}")

    def weapon_ok(self, path: str, key: str, side: Side | None = None) -> bool:
        """A Weapon Chart key, of ``side``'s part of the chart when given (FC-005)."""
        weapons = self.charts.spec.weapons
        if key not in weapons:
            self.bad(path, f"unknown weapon {key!r}; the Weapon Chart has {', '.join(sorted(weapons))}")
            return False
        if side is not None and weapons[key].side is not side:
            own = ", ".join(sorted(self.charts.weapons(side)))
            theirs, who = ("a German", "a US soldier") if side is Side.US else ("a US", "a German")
            self.bad(path, f"{key!r} is {theirs} weapon; {who} carries his side's weapons: {own} "
                           "(FC-005)")
            return False
        return True

    def ratings_ok(self, path: str, r: Ratings) -> None:
        """Every rating against the charts it is read on: the Action Rating needs its AR Track
        column (AR-034, AR-041), else every initiative die of the game fails."""
        ars = self.charts.ar_ratings
        if r.ar not in ars:
            self.bad(f"{path}.ar", f"ar = {r.ar}: the AR Track has no column for Action Rating "
                                   f"{r.ar}; expected {ars.start}-{ars.stop - 1} (AR-041)")
        ws = sorted(self.charts.spec.clear_jam.columns)
        if not ws[0] <= r.ws <= ws[-1]:
            self.warnings.append((f"{path}.ws", f"ws = {r.ws}: the Clear Jammed Weapon Chart has "
                                  f"columns {ws[0]} to {ws[-1]}; his jams are read in the nearest"))

    def events_ok(self, path: str, events: dict[int, int]) -> None:
        for total, number in events.items():
            if not 2 <= total <= 12:
                self.bad(f"{path}.{total}", f"an Event total is 2-12 on two dice (got {total})")
            self.paragraph_ok(f"{path}.{total}", number)

    # -- the file ------------------------------------------------------------------------------
    def run(self) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        self.check_map()
        self.check_card()
        self.check_germans()
        self.check_squad()
        self.check_paragraphs()
        for i, label in enumerate(self.spec.end.exit_hexes):
            self.hex_ok(f"end.exit_hexes[{i}]", label)
        levels = [lv.min for lv in self.spec.victory.levels]
        if levels != sorted(levels, reverse=True):
            self.bad("victory.levels", f"must run from the highest min down (got {levels})")
        self.check_loops()
        self.check_read_by_nobody()
        self.check_reachable()
        self.check_repeatable()
        self.check_overlaps()
        self.check_cycles()
        self.check_one_paragraph_cards()
        self.check_way_to_end()
        return self.problems, self.warnings

    def check_map(self) -> None:
        m = self.spec.map
        terrains = self.charts.spec.terrain
        known = ", ".join(sorted(terrains))
        if m.default not in terrains:
            self.bad("map.default", f"unknown terrain {m.default!r}; the charts have {known}")
        for i, patch in enumerate(m.terrain):
            if patch.terrain not in terrains:
                self.bad(f"map.terrain[{i}].terrain",
                         f"unknown terrain {patch.terrain!r}; the charts have {known}")
            for j, span in enumerate(patch.hexes):
                self.span_ok(f"map.terrain[{i}].hexes[{j}]", span)
        for i, sides in enumerate(m.hexsides):
            if sides.feature not in self.charts.spec.hexsides:
                self.bad(f"map.hexsides[{i}].feature",
                         f"unknown hexside feature {sides.feature!r}; the charts have "
                         f"{', '.join(sorted(self.charts.spec.hexsides))}")
            for j, side in enumerate(sides.sides):
                path = f"map.hexsides[{i}].sides[{j}]"
                a, b = side.split("/")
                if self.hex_ok(path, a) & self.hex_ok(path, b):
                    try:
                        Hexside.between(Hex.from_label(a), Hex.from_label(b))
                    except ValueError as exc:
                        self.bad(path, str(exc))
        for name, spans in m.areas.items():
            for j, span in enumerate(spans):
                self.span_ok(f"map.areas.{name}[{j}]", span)

    def check_card(self) -> None:
        card = self.spec.card
        self.condition_ok("card.start", card.start)
        self.events_ok("card.events", card.events)
        for name, spec in self.spec.conditions.items():
            self.events_ok(f"conditions.{name}.events", spec.events)
        claimed: dict[tuple[str, str, str], str] = {}
        for i, check in enumerate(card.checks):
            path = f"card.checks[{i}]"
            self.paragraph_ok(f"{path}.paragraph", check.paragraph)
            for k, c in enumerate(check.when):
                self.condition_ok(f"{path}.when[{k}]", c)
            for j, place in enumerate(check.at):
                self.place_ok(f"{path}.at[{j}]", place)
                level = "hex" if place.isdigit() else "area"
                hexes = [place] if place.isdigit() else [
                    lb for s in self.spec.map.areas.get(place, []) for lb in span_labels(s)]
                for cond in check.when or list(self.spec.conditions):
                    for lb in hexes:
                        key = (level, lb, cond)
                        if key in claimed and claimed[key] != path:
                            self.bad(f"{path}.at[{j}]",
                                     f"hex {lb} already has a Paragraph Check under Condition "
                                     f"{cond} at {claimed[key]} (one {level} check per hex)")
                        claimed[key] = path
        outgoing: dict[tuple[str, str], str] = {}
        for i, ref in enumerate(card.references):
            path = f"card.references[{i}]"
            for k, c in enumerate(ref.when):
                self.condition_ok(f"{path}.when[{k}]", c)
            on = [self.hex_ok(f"{path}.path[{j}]", lb) for j, lb in enumerate(ref.path)]
            for j in range(len(ref.path) - 1):
                a, b = ref.path[j], ref.path[j + 1]
                if not (on[j] and on[j + 1]):
                    continue
                if Hex.from_label(a).distance(Hex.from_label(b)) != 1:
                    self.bad(f"{path}.path[{j + 1}]",
                             f"a red reference joins adjacent hexes; {a} and {b} are not adjacent")
                for cond in ref.when or list(self.spec.conditions):
                    if (a, cond) in outgoing:
                        self.bad(f"{path}.path[{j}]",
                                 f"hex {a} already has a red reference under Condition {cond} "
                                 f"({outgoing[(a, cond)]}); one arrow leaves a hex")
                    outgoing[(a, cond)] = f"{path}.path[{j}]"

    def check_germans(self) -> None:
        numbers: dict[int, int] = {}
        letters: dict[str, int] = {}
        conds = set(self.spec.conditions)
        for i, g in enumerate(self.spec.germans):
            path = f"germans[{i}]"
            if g.number in numbers:
                self.bad(f"{path}.number",
                         f"German {g.number} is used by two cards (card #{numbers[g.number] + 1} "
                         "has it too)")
            numbers.setdefault(g.number, i)
            if g.letter in letters:
                self.bad(f"{path}.letter", f"letter {g.letter} is already German "
                                           f"{self.spec.germans[letters[g.letter]].number}'s")
            letters.setdefault(g.letter, i)
            self.ratings_ok(path, g)
            for j, w in enumerate(g.weapons):
                self.weapon_ok(f"{path}.weapons[{j}]", w, Side.GERMAN)
            for c in sorted(conds - set(g.columns)):
                self.bad(path, f"no column for Condition {c} (every Condition needs one)")
            for c in sorted(set(g.columns) - conds):
                self.bad(f"{path}.columns.{c}", f"{c!r} is not a Condition of this mission")
            for c, col in g.columns.items():
                for n, p in enumerate(col):
                    self.paragraph_ok(f"{path}.columns.{c}[{n}]", p)
            for n, p in enumerate(g.self_preservation):
                self.paragraph_ok(f"{path}.self_preservation[{n}]", p)
            for letter, r in g.reactions.items():
                if letter == SELF_PRESERVATION or letter in conds:
                    taken = "Self-Preservation" if letter == SELF_PRESERVATION else "a Condition"
                    self.bad(f"{path}.reactions.{letter}",
                             f"letter {letter} is taken by {taken}; "
                             "a Special Reaction needs its own letter")
                for n, p in enumerate(r.column):
                    self.paragraph_ok(f"{path}.reactions.{letter}.column[{n}]", p)

    def check_squad(self) -> None:
        ids: dict[str, int] = {}
        for i, s in enumerate(self.spec.squad):
            path = f"squad[{i}]"
            if s.id in ids:
                self.bad(f"{path}.id", f"id {s.id!r} is used by two soldiers (soldier "
                                       f"#{ids[s.id] + 1} has it too)")
            ids.setdefault(s.id, i)
            self.ratings_ok(path, s)
            for j, w in enumerate(s.weapons):
                self.weapon_ok(f"{path}.weapons[{j}]", w, Side.US)
            if len(s.ammo) > MAX_AMMO_BOXES:
                self.bad(f"{path}.ammo", f"{len(s.ammo)} Ammo Boxes; at most {MAX_AMMO_BOXES} (FC-039)")
            for j, w in enumerate(s.ammo):
                if self.weapon_ok(f"{path}.ammo[{j}]", w, Side.US):
                    self.ammo_fits(f"{path}.ammo[{j}]", w, s)
            for j, lb in enumerate(s.enters):
                if self.hex_ok(f"{path}.enters[{j}]", lb):
                    self.edge_ok(f"{path}.enters[{j}]", lb)

    def ammo_fits(self, path: str, key: str, s: SquadSoldier) -> None:
        """An Ammo Box holds a clip or round of a weapon someone in the squad carries, or a
        grenade or satchel charge thrown from the box itself (FC-039, FC-040). The rules tie
        no box to its owner's weapons: a loader loads his partner's bazooka from his own
        boxes (FC-065), a crewman feeds the gun he shares a hex with (FC-001), and a friend
        may take a box over (AR-093). A box for a weapon nobody in the squad carries is kept
        but warned about: nobody can ever fire it."""
        kind = self.charts.spec.weapons[key].kind
        if kind in (WeaponKind.GRENADE, WeaponKind.SATCHEL):
            return
        if any(key in mate.weapons for mate in self.spec.squad):
            return
        name = self.charts.spec.weapons[key].name
        self.warnings.append((path, f"an Ammo Box of {key!r} ({name}) fits no weapon anyone in "
                                    "the squad carries, so nobody can ever use it; expected a "
                                    "clip or round of a weapon on a squad card, or a grenade or "
                                    "satchel charge (FC-039)"))

    def edge_ok(self, path: str, label: str) -> None:
        """A US soldier enters from off the map (AR-012, AR-013): his entry hex is on its edge."""
        w, h = self.spec.map.width, self.spec.map.height
        c, r = _col_row(label)
        if c not in (1, w) and r not in (1, h):
            self.bad(path, f"entry hex {label} is not on the map edge; expected column 01 or "
                           f"{w:02d}, or row 01 or {h:02d} (a soldier enters from off the map, "
                           "AR-013)")

    def check_paragraphs(self) -> None:
        seen: dict[int, int] = {}
        germans = {g.number for g in self.spec.germans}
        for i, p in enumerate(self.spec.paragraphs):
            path = f"paragraphs[{i}]"
            if p.number in seen:
                self.bad(f"{path}.number", f"paragraph {p.number} is written twice (paragraph "
                                           f"#{seen[p.number] + 1} in the file has it too)")
            seen.setdefault(p.number, i)
            for j, o in enumerate(p.options):
                opath = f"{path}.options[{j}]"
                self.check_cond(f"{opath}.when", o.when, germans)
                for k, a in enumerate(o.do):
                    self.check_act(f"{opath}.do[{k}]", a, germans)

    def check_cond(self, path: str, c: Cond, germans: set[int]) -> None:
        k = c.key
        if k == "us_in":
            for j, place in enumerate(c.us_in or []):
                self.place_ok(f"{path}.us_in[{j}]", place)
        elif k == "condition":
            self.condition_ok(f"{path}.condition", c.condition or "")
        elif k in ("german_active", "german_out") and getattr(c, k) not in germans:
            self.bad(f"{path}.{k}", f"no German card numbered {getattr(c, k)}")
        elif k in ("all", "any"):
            for j, sub in enumerate(getattr(c, k)):
                self.check_cond(f"{path}.{k}[{j}]", sub, germans)
        elif k == "not_":
            assert c.not_ is not None
            self.check_cond(f"{path}.not", c.not_, germans)

    def check_act(self, path: str, a: Act, germans: set[int]) -> None:
        if a.goto is not None:
            self.paragraph_ok(f"{path}.goto", a.goto)
        elif a.condition is not None:
            self.condition_ok(f"{path}.condition", a.condition)
        elif a.give_turn is not None and a.give_turn not in germans:
            self.bad(f"{path}.give_turn", f"no German card numbered {a.give_turn}")
        elif a.activate is not None:
            act = a.activate
            if act.german not in germans:
                self.bad(f"{path}.activate.german", f"activates German {act.german}, but no German "
                                                    f"card is numbered {act.german}")
            self.hex_ok(f"{path}.activate.hex", act.hex)
            for j, w in enumerate(act.weapons):
                self.weapon_ok(f"{path}.activate.weapons[{j}]", w, Side.GERMAN)

    # -- the paragraph graph ---------------------------------------------------------------------
    def check_loops(self) -> None:
        """A paragraph is trapped when every option of it goes to another paragraph and none of
        them can end the reading: a loop of "go to" with no way out.

        One pass each way, linear in the paragraphs: the paragraphs that can end are found
        backwards from those that end at once, and each trapped paragraph's loop is found by
        following first choices, each paragraph walked once (a 3,000-paragraph chain took
        half a minute when every paragraph was looked at again on every round)."""
        by_no = {p.number: p for p in self.spec.paragraphs}
        index = {p.number: i for i, p in enumerate(self.spec.paragraphs)}
        targets = {n: _targets(p) for n, p in by_no.items()}
        ends = {n for n, ts in targets.items() if not by_no[n].options or None in ts}
        led_from: dict[int, list[int]] = {}
        for n, ts in targets.items():
            for t in dict.fromkeys(ts):
                if t in by_no:
                    led_from.setdefault(t, []).append(n)  # type: ignore[arg-type]
        todo = list(ends)
        while todo:  # whatever leads to a paragraph that can end can end
            for n in led_from.get(todo.pop(), ()):
                if n not in ends:
                    ends.add(n)
                    todo.append(n)
        first = {n: next((t for t in ts if t in by_no), None) for n, ts in targets.items()}
        loops = _Loops(first)
        for n in by_no:
            if n in ends or first[n] is None:
                continue  # it can end, or it has only missing targets: already reported
            self.bad(f"paragraphs[{index[n]}]",
                     f"paragraph {n} can never end: every option goes to another paragraph and "
                     f"they lead round a loop with no way out ({loops.shown(n)}); "
                     "give one option an action that is not 'goto'")

    def check_read_by_nobody(self) -> None:
        """A paragraph the Mission Card reads (a Paragraph Check, the Event column, and every
        paragraph they "go to") has no German reading it: a condition about "him" (sees_us,
        us_within, stance, wounded, has_ammo) has nobody to ask, and does not hold there
        (paragraphs.py). A warning: the same paragraph may be a German's too."""
        spec = self.spec
        by_no = {p.number: (i, p) for i, p in enumerate(spec.paragraphs)}
        todo = [c.paragraph for c in spec.card.checks] + list(spec.card.events.values())
        for cond in spec.conditions.values():
            todo += list(cond.events.values())
        seen: set[int] = set()
        while todo:
            n = todo.pop()
            if n in seen or n not in by_no:
                continue
            seen.add(n)
            i, p = by_no[n]
            for j, o in enumerate(p.options):
                asks = next((c for c in o.when.walk() if c.key in HIM), None)
                if asks is not None:
                    self.warnings.append(
                        (f"paragraphs[{i}].options[{j}].when",
                         f"asks about 'him' ({asks.text()}), but the Mission Card reads "
                         f"paragraph {n} (a Paragraph Check or an Event, or a 'go to' from one) "
                         "with no German reading it: there it does not hold; ask about the map "
                         "instead (us_in, condition, chance, german_active, german_out)"))
                todo += [a.goto for a in o.do if a.goto is not None]

    def check_reachable(self) -> None:
        spec = self.spec
        roots: set[int] = {c.paragraph for c in spec.card.checks}
        roots |= set(spec.card.events.values())
        for cond in spec.conditions.values():
            roots |= set(cond.events.values())
        for g in spec.germans:
            for col in [*g.columns.values(), g.self_preservation, *(r.column for r in g.reactions.values())]:
                roots |= set(col)
        by_no = {p.number: p for p in spec.paragraphs}
        seen: set[int] = set()
        todo = [n for n in roots if n in by_no]
        while todo:
            n = todo.pop()
            if n in seen:
                continue
            seen.add(n)
            todo += [a.goto for o in by_no[n].options for a in o.do
                     if a.goto is not None and a.goto in by_no]
        for i, p in enumerate(spec.paragraphs):
            if p.number not in seen:
                self.warnings.append(
                    (f"paragraphs[{i}]", f"paragraph {p.number} is never read: no Mission Card "
                     "entry, soldier card or other paragraph leads to it"))


    def roots(self, condition: str) -> set[int]:
        """The paragraphs read from outside the paragraphs under ``condition``: its Paragraph
        Checks, its Event column and every German's columns."""
        spec = self.spec
        out = {c.paragraph for c in spec.card.checks if not c.when or condition in c.when}
        cond = spec.conditions.get(condition)
        out |= set((dict(spec.card.events) | (cond.events if cond else {})).values())
        for g in spec.germans:
            cols = [g.self_preservation, *(r.column for r in g.reactions.values())]
            if condition in g.columns:
                cols.append(g.columns[condition])
            out |= {n for col in cols for n in col}
        return out

    def again(self, condition: str) -> set[int]:
        """The paragraphs that can be read more than once under ``condition``: reached from
        its roots without passing through a paragraph whose sighting is made once (AR-030)."""
        by_no = {p.number: p for p in self.spec.paragraphs}
        seen: set[int] = set()
        todo = [n for n in self.roots(condition) if n in by_no]
        while todo:
            n = todo.pop()
            if n in seen or by_no[n].sighting is not None:
                continue
            seen.add(n)
            todo += [a.goto for o in by_no[n].options for a in o.do
                     if a.goto is not None and a.goto in by_no]
        return seen

    def check_repeatable(self) -> None:
        """Warn of a paragraph that scores and can be read again: a computer player (or a
        patient player) farms it turn after turn. It is safe once it makes a sighting
        (AR-030), ends the mission, or changes to a Condition under which nothing leads back
        to it."""
        conds = list(self.spec.conditions)
        again = {c: self.again(c) for c in conds}
        anywhere = set().union(*again.values()) if again else set()
        for i, p in enumerate(self.spec.paragraphs):
            if p.sighting is not None or p.number not in anywhere:
                continue
            for j, o in enumerate(p.options):
                points = sum(a.score or 0 for a in o.do)
                if points <= 0 or any(a.end is not None for a in o.do):
                    continue
                to = next((a.condition for a in o.do if a.condition is not None), None)
                if to is not None and p.number not in again.get(to, set()):
                    continue
                self.warnings.append(
                    (f"paragraphs[{i}].options[{j}]",
                     f"scores {points} and can be read again (nothing stops a second reading): "
                     "give the paragraph a sighting, end the mission, or change the Condition "
                     "so that nothing leads back to it"))


    def check_overlaps(self) -> None:
        """Warn of options a paragraph's list style makes the designer's intent unlikely
        (AR-111, AR-117). Bulleted: an option with no condition applies always, so whenever
        a conditional option applies too, a die picks between them and each happens only on
        some rolls. Numbered: the first that applies is taken, so options after an "always"
        one are never read."""
        for i, p in enumerate(self.spec.paragraphs):
            always = [j for j, o in enumerate(p.options) if o.when.key == "always"]
            if not always:
                continue
            if p.style is ListStyle.BULLETED:
                others = [j for j in range(len(p.options)) if j not in always]
                if not others:
                    continue
                names = _options_text(others)
                s = "s" if len(others) == 1 else ""
                for j in always:
                    self.warnings.append((
                        f"paragraphs[{i}].options[{j}]",
                        f"applies always (no condition) in a bulleted list, so whenever {names} "
                        f"appl{'ies' if s else 'y'} too, both apply and a die picks one of them (AR-117): "
                        f"{names} happen{s} only on some rolls. Make the list numbered with this "
                        "option last (\"otherwise\"), or give it a condition of its own"))
            elif always[0] < len(p.options) - 1:
                j = always[0]
                later = _options_text(list(range(j + 1, len(p.options))))
                self.warnings.append((
                    f"paragraphs[{i}].options[{j}]",
                    f"applies always (no condition) in a numbered list, where the first that "
                    f"applies is taken (AR-111): {later} after it never happens. Move it last, "
                    "or give it a condition"))

    def check_cycles(self) -> None:
        """Warn of paragraphs that lead round to themselves by "go to" (one that goes to
        itself, or a circle of several): each reading is in the same situation, so the same
        options apply again and only a chance die or a Condition change leads out; otherwise
        the game stops after MAX_HOPS readings. A circle with no way out at all is already a
        problem (:meth:`check_loops`). Linear: one pass of Tarjan's strongly connected
        components over the "go to" graph."""
        by_no = {p.number: p for p in self.spec.paragraphs}
        index = {p.number: i for i, p in enumerate(self.spec.paragraphs)}
        edges: dict[int, list[tuple[int, str]]] = {n: [] for n in by_no}
        for i, p in enumerate(self.spec.paragraphs):
            for j, o in enumerate(p.options):
                for k, a in enumerate(o.do):
                    if a.goto is not None and a.goto in by_no:
                        edges[p.number].append((a.goto, f"paragraphs[{i}].options[{j}].do[{k}].goto"))
        trapped = {w[0] for w in self.problems if "can never end" in w[1]}
        for comp in _strong_components(by_no, {n: [t for t, _ in es] for n, es in edges.items()}):
            first = min(comp, key=index.__getitem__)
            if f"paragraphs[{index[first]}]" in trapped:
                continue
            if len(comp) == 1:
                for target, path in edges[first]:
                    if target == first:
                        self.warnings.append((path, _SELF_LOOP.format(n=first, hops=MAX_HOPS)))
                continue
            ring = _ring(first, set(comp), {n: [t for t, _ in edges[n]] for n in comp})
            self.warnings.append((
                f"paragraphs[{index[first]}]",
                f"paragraphs {' -> '.join(map(str, ring))} go to each other in a circle: each "
                "reading is in the same situation, so unless a chance die or a Condition change "
                f"leads out of it the reading goes round until the game stops it after {MAX_HOPS} "
                "readings. Go to a paragraph outside the circle, or end it"))

    def check_one_paragraph_cards(self) -> None:
        """Warn of a German whose every Action Number, in every column and the
        Self-Preservation column, leads to one paragraph (what a new card holds until its
        table is filled in): his die never matters, and he does the same whatever it rolls
        (AR-110)."""
        for i, g in enumerate(self.spec.germans):
            cols = [*g.columns.values(), g.self_preservation]
            numbers = {n for col in cols for n in col}
            if len(numbers) != 1:
                continue
            n = numbers.pop()
            names = [*sorted(g.columns), SELF_PRESERVATION]
            named = ", ".join(names[:-1]) + f" and {names[-1]}"
            self.warnings.append((
                f"germans[{i}]",
                f"every Action Number on his card leads to paragraph {n} (columns {named}), so "
                "he does the same whatever his die rolls; give the Action Numbers the paragraphs "
                "they should read (AR-110)"))

    def check_way_to_end(self) -> None:
        """Warn of a mission that nothing ends before the day does: no exit hexes, no
        paragraph with an ``end`` action and no end text telling the player how it ends. It
        plays on until every US soldier is out of the fight or the Operations turn limit
        (house rule AR-006), which is seldom what a designer meant."""
        end = self.spec.end
        ends = any(a.end is not None for p in self.spec.paragraphs for o in p.options for a in o.do)
        if end.exit_hexes or end.text.strip() or ends:
            return
        self.warnings.append((
            "end", f"nothing ends this mission before the day ends after Operations turn "
                   f"{self.spec.operations_turn_limit} (or every US soldier is out of the fight): "
                   "it has no exit hexes, no paragraph with an 'end' action and no end text. Give "
                   "it exit hexes the squad leaves by, an 'end' action in the paragraph that "
                   "closes it, or an end text saying how the day ends"))


_SELF_LOOP = ("goto {n} leads back to this paragraph: it is read again at once in the same "
              "situation, so the same option applies again unless a chance die or a Condition "
              "change turns it, and the game stops after {hops} readings. Go to another "
              "paragraph, or give the option a chance")


def _options_text(options: list[int]) -> str:
    """Options counted from 1, as a designer says them: "option 2", "options 1 and 3"."""
    names = [str(j + 1) for j in options]
    if len(names) == 1:
        return f"option {names[0]}"
    return f"options {', '.join(names[:-1])} and {names[-1]}"


def _strong_components(nodes: Iterable[int], succ: dict[int, list[int]]) -> list[list[int]]:
    """Tarjan's strongly connected components, iteratively (no recursion limit), in linear
    time; each component holds paragraphs that can all lead to one another."""
    order: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    out: list[list[int]] = []
    for root in nodes:
        if root in order:
            continue
        work = [(root, 0)]
        while work:
            n, k = work.pop()
            if k == 0:
                order[n] = low[n] = len(order)
                stack.append(n)
                on_stack.add(n)
            targets = succ.get(n, [])
            if k < len(targets):
                work.append((n, k + 1))
                t = targets[k]
                if t not in order:
                    work.append((t, 0))
                elif t in on_stack:
                    low[n] = min(low[n], order[t])
                continue
            if low[n] == order[n]:
                comp = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    comp.append(m)
                    if m == n:
                        break
                out.append(comp)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[n])
    return out


def _ring(start: int, members: set[int], succ: dict[int, list[int]]) -> list[int]:
    """A shortest circle from ``start`` back to it inside ``members`` (breadth first)."""
    came: dict[int, int] = {}
    todo = [start]
    while todo:
        nxt = []
        for n in todo:
            for t in succ.get(n, []):
                if t not in members:
                    continue
                if t == start:
                    path = [n]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [*reversed(path), start]
                if t not in came:
                    came[t] = n
                    nxt.append(t)
        todo = nxt
    return [start, start]


def _targets(p: ParagraphSpec) -> list[int | None]:
    """Where each option of ``p`` goes: its first goto, or None for an option that stays."""
    out: list[int | None] = []
    for o in p.options:
        gotos = [a.goto for a in o.do if a.goto is not None]
        out.append(gotos[0] if gotos else None)
    return out


SHOWN_CHAIN = 8  # paragraphs of a loop named in a message; a longer one is shortened


class _Loops:
    """Where following each paragraph's first "go to" leads: round a loop, or to a paragraph
    that goes nowhere. Each paragraph is walked once, whatever the number asked about."""

    def __init__(self, first: dict[int, int | None]) -> None:
        self.first = first
        self.entry: dict[int, int] = {}  # the first paragraph a walk from here meets twice
        self.loop: dict[int, tuple[list[int], int]] = {}  # a loop member's loop, its place in it
        self.dead: dict[int, tuple[int, int]] = {}  # (the paragraph going nowhere, steps to it)

    def _walk(self, n: int) -> None:
        stack: list[int] = []
        at: dict[int, int] = {}
        m: int | None = n
        while m is not None and m not in at and m not in self.entry and m not in self.dead:
            at[m] = len(stack)
            stack.append(m)
            m = self.first.get(m)
        if m is None:  # the last paragraph walked goes nowhere
            last = stack.pop()
            self.dead[last] = (last, 0)
        elif m in at:  # a new loop: its members, then the paragraphs before it
            loop = stack[at[m]:]
            for k, member in enumerate(loop):
                self.entry[member] = member
                self.loop[member] = (loop, k)
            del stack[at[m]:]
        for k in reversed(stack):  # each leads to the one after it, already settled
            nxt = self.first[k]
            assert nxt is not None
            if nxt in self.dead:
                end, steps = self.dead[nxt]
                self.dead[k] = (end, steps + 1)
            else:
                self.entry[k] = nxt if self.entry[nxt] == nxt else self.entry[nxt]

    def shown(self, n: int) -> str:
        """The loop paragraph ``n`` falls into, as "12 -> 13 -> 12" (from where the walk
        meets it), or the chain to the paragraph that goes nowhere; a long one shortened."""
        if n not in self.entry and n not in self.dead:
            self._walk(n)
        if n in self.dead:
            end, steps = self.dead[n]
            path = [n]
            while len(path) <= min(steps, SHOWN_CHAIN - 1):
                path.append(self.first[path[-1]])  # type: ignore[arg-type]
            if steps < SHOWN_CHAIN:
                return " -> ".join(map(str, path))
            return " -> ".join(map(str, path[:-2])) + f" -> … ({steps + 1:,} paragraphs) -> {end}"
        e = self.entry[n]
        loop, start = self.loop[e]
        size = len(loop)
        shown = [loop[(start + k) % size] for k in range(min(size, SHOWN_CHAIN - 1))]
        if size < SHOWN_CHAIN:
            return " -> ".join(map(str, [*shown, e]))
        return " -> ".join(map(str, shown[:-1])) + f" -> … (a loop of {size:,}) -> {e}"
