"""Print the Ambush! charts as the markdown tables of docs/rules/ambush-charts.md.

    python tools/chart_tables.py [charts.toml]

tests/ambush/test_charts.py fails when a table in the doc no longer matches the
shipped data, so after changing a number run this and paste the table it prints. The
tables are rendered by ambush_gui.ambush.chart_tables, which the rules reference (F1)
shows too.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout, not an installed copy

from ambush_gui.ambush.chart_tables import all_tables  # noqa: E402
from ambush_gui.ambush.charts import Charts  # noqa: E402

__all__ = ["all_tables", "main"]


def main() -> None:
    charts = Charts.load(sys.argv[1]) if len(sys.argv) > 1 else Charts.default()
    for title, rows in all_tables(charts).items():
        print(f"{title}:\n")
        print("\n".join(rows))
        print()


if __name__ == "__main__":
    main()
