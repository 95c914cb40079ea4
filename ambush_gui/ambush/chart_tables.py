"""Print the Ambush! charts as the markdown tables of docs/rules/ambush-charts.md.

    python tools/chart_tables.py [charts.toml]

tests/ambush/test_charts.py fails when a table in the doc no longer matches the
shipped data, so after changing a number run this and paste the table it prints.
"""

from __future__ import annotations

import sys

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


def main() -> None:
    charts = Charts.load(sys.argv[1]) if len(sys.argv) > 1 else Charts.default()
    for title, rows in all_tables(charts).items():
        print(f"{title}:\n")
        print("\n".join(rows))
        print()


if __name__ == "__main__":
    main()
