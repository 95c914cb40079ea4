"""What drawing the figures and counters from SVG symbols costs (issue 17).

Each figure and hex counter is painted straight into an image through its ``paint``
(the items' own device cache bypassed), the way a zoom or a first frame draws them:

- a table figure, the same size each time (the symbol's pixmap cached after the first);
- a table figure at a new size each time, 12 to 312 pixels wide (the symbol rendered
  afresh each time, the cache thrashed: the worst case, a zoom that no cache helps);
- a hex counter (US and German alternately), the same size each time.

Run it on two trees to compare (``PYTHONPATH=tree python bench/bench_art.py``); the
figures are medians of 7 rounds of 400 paints, in microseconds per paint.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import ambush_gui.gui  # noqa: E402, F401  (pydantic before PySide6)

# isort: split
from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ambush_gui.gui.hexmap.view import Counter, CounterItem  # noqa: E402
from ambush_gui.gui.table.items import FigureItem, Look  # noqa: E402

LOOKS = [Look(side="regular"), Look(side="regular", leader=True), Look(side="insurgent"),
         Look(contractor=True)]


def rounds(paint_one: object, n: int = 400, k: int = 7) -> float:
    """Median over ``k`` rounds of the mean time of one of ``n`` paints, in µs."""
    out = []
    for _ in range(k):
        t = time.perf_counter()
        for i in range(n):
            paint_one(i)  # type: ignore[operator]
        out.append((time.perf_counter() - t) / n * 1e6)
    return statistics.median(out)


def main() -> None:
    _app = QApplication.instance() or QApplication(sys.argv[:1])
    image = QImage(400, 400, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    figures = []
    for look in LOOKS:
        item = FigureItem(0.5)
        item.set_look(look)
        figures.append(item)

    def figure_same(i: int) -> None:
        painter.save()
        painter.translate(200, 200)
        painter.scale(14.0, 14.0)
        figures[i % 4].paint(painter, None)  # type: ignore[arg-type]
        painter.restore()

    sizes = [0]

    def figure_new_size(i: int) -> None:
        sizes[0] += 1
        painter.save()
        painter.translate(200, 200)
        k = (12 + sizes[0] % 301) / 1.2  # 12 to 312 px wide; 301 sizes x 4 looks thrash the cache
        painter.scale(k, k)
        figures[i % 4].paint(painter, None)  # type: ignore[arg-type]
        painter.restore()

    counters = [CounterItem(Counter(id="a", side="us", hex="0101", text="Novak", stance="standing"), 40.0),
                CounterItem(Counter(id="b", side="german", hex="0101", text="A", stance="prone"), 40.0)]

    def counter_same(i: int) -> None:
        painter.save()
        painter.translate(200, 200)
        counters[i % 2].paint(painter, None)  # type: ignore[arg-type]
        painter.restore()

    rows = [
        ("table figure, same size (µs per paint)", rounds(figure_same)),
        ("table figure, a new size each paint (µs per paint)", rounds(figure_new_size)),
        ("hex counter, same size (µs per paint)", rounds(counter_same)),
    ]
    painter.end()
    print("| measure | µs |\n|---|---:|")
    for name, value in rows:
        print(f"| {name} | {value:.1f} |")


if __name__ == "__main__":
    main()
