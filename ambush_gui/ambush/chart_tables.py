"""The Ambush! charts as Markdown tables, rendered from the data the engine plays.

Two readers: docs/rules/ambush-charts.md (``python tools/chart_tables.py`` prints the
tables; tests/ambush/test_charts.py fails when a table in the doc no longer matches the
shipped data, so after changing a number run it and paste the table it prints) and the
rules reference (F1), which shows the same tables in the game. No number is written
here: every cell comes from :class:`~ambush_gui.ambush.charts.Charts`.
"""

from __future__ import annotations

from ambush_gui.ambush.charts import ARResult, Charts, JamResult, Stance, faces_text


def _pct(n: int | None) -> str:
    return "—" if n is None else f"{n:02d}"


def _span(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


def weapon_table(c: Charts) -> list[str]:
    rows = [
        "| weapon | side | kind | short | medium | long | hit S/M/L | jam | out of ammo "
        "| auto | snap | damage |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for wid, w in c.weapons().items():
        kind = w.kind.value + (f" ({w.crew.value}, {w.port_boxes} boxes)" if w.crew else "")
        bands = " | ".join(
            _span(lo, hi)
            for lo, hi in (
                (0, w.range.short),
                (w.range.short + 1, w.range.medium),
                (w.range.medium + 1, w.range.long),
            )
        )
        extra = [w.damage]
        if w.blast:
            extra.append(f"others: {w.blast}")
        if w.penetration:
            extra.append("walls: " + ", ".join(f"{k.value} {v}" for k, v in w.penetration.items()))
        if w.throw:
            extra.append("throw: " + ", ".join(f"{k.value} {v}" for k, v in w.throw.items()))
        rows.append(
            f"| `{wid}` {w.name} | {w.side.value} | {kind} | {bands} "
            f"| {w.hit.short}/{w.hit.medium}/{w.hit.long} | {_pct(w.jam)} | {_pct(w.out_of_ammo)} "
            f"| {'yes' if w.automatic else ''} | {'yes' if w.snap else ''} | {'; '.join(extra)} |"
        )
    return rows


def damage_table(c: Charts) -> list[str]:
    rows = ["| row | " + " | ".join(str(d) for d in range(10)) + " |", "|---" * 11 + "|"]
    short = {
        "none": "—",
        "panic": "P",
        "wound": "W",
        "incapacitated": "I",
        "killed": "K",
        "penetrated": "pen",
    }
    for row in c.spec.damage:
        cells = [short[c.damage(row, d).value] for d in range(10)]
        rows.append(f"| `{row}` | " + " | ".join(cells) + " |")
    return rows


def modifier_table(c: Charts) -> list[str]:
    rows = [
        "| terrain | standing | crouching | prone | blocks sight | MP cost |",
        "|---|---|---|---|---|---|",
    ]
    for tid, t in c.spec.terrain.items():
        shifts = " | ".join(f"{c.modifier(s, tid):+d}" for s in Stance)
        cost = c.mp_cost(tid)
        rows.append(
            f"| `{tid}` {t.name} | {shifts} | {'yes' if t.blocks_sight else ''} "
            f"| {'impassable' if cost is None else cost} |"
        )
    return rows


def hexside_table(c: Charts) -> list[str]:
    rows = ["| hexside feature | blocks sight | MP added to cross |", "|---|---|---|"]
    for fid, f in c.spec.hexsides.items():
        cost = c.hexside_mp_cost(fid)
        rows.append(
            f"| `{fid}` {f.name} | {'yes' if f.blocks_sight else ''} "
            f"| {'impassable' if cost is None else f'+{cost}'} |"
        )
    return rows


def ar_table(c: Charts) -> list[str]:
    rows = ["| AR | " + " | ".join(str(d) for d in range(10)) + " |", "|---" * 11 + "|"]
    short = {
        ARResult.PANIC: "P",
        ARResult.COMPLETE: "C",
        ARResult.ONE_TURN: "1",
        ARResult.TWO_TURNS: "2",
    }
    for rating in c.ar_ratings:
        cells = []
        for d in range(10):
            p = c.ar_space(rating, d)
            cells.append(f"**{short[p.result]}**" if p.red else short[p.result])
        rows.append(f"| {rating} | " + " | ".join(cells) + " |")
    return rows


def jam_table(c: Charts) -> list[str]:
    rows = ["| WS | cleared | still jammed | broken |", "|---|---|---|---|"]
    for ws in sorted(c.spec.clear_jam.columns):
        col = c.spec.clear_jam.columns[ws]
        cells = [faces_text(getattr(col, r.value)) or "—" for r in JamResult]
        rows.append(f"| {ws} | " + " | ".join(cells) + " |")
    return rows


def all_tables(c: Charts) -> dict[str, list[str]]:
    return {
        "Weapon Chart": weapon_table(c),
        "Damage Table": damage_table(c),
        "Fire Combat Modifiers and Movement Point Cost": modifier_table(c),
        "Hexside features": hexside_table(c),
        "AR Track": ar_table(c),
        "Clear Jammed Weapon": jam_table(c),
    }


def firer_shift_table(c: Charts) -> list[str]:
    """The shifts that do not depend on the target's hex (FC-025, FC-031)."""
    m = c.spec.modifiers
    return [
        "| situation | shift |",
        "|---|---|",
        f"| each snap shot (FC-025) | {m.snap_fire:+d} |",
        f"| wounded firer (FC-025) | {m.wounded_firer:+d} |",
        f"| captured weapon (FC-025) | {m.captured_weapon:+d} |",
        f"| each target beyond the first, aimed automatic fire (FC-031) | {m.multiple_target:+d} |",
    ]


def reference_tables(c: Charts) -> dict[str, list[str]]:
    """The tables the rules reference shows: the doc's, with the firer's shifts beside the
    target's (a player adds them up at the table)."""
    tables = all_tables(c)
    out: dict[str, list[str]] = {}
    for title, rows in tables.items():
        out[title] = rows
        if title.startswith("Fire Combat Modifiers"):
            out["Fire Combat Modifiers: the firer and the shot"] = firer_shift_table(c)
    return out
