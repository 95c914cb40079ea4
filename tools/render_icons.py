"""Render the application icon's PNG sizes from its SVG (assets/icon/ambush-gui.svg).

Desktops (freedesktop icon themes, the Windows .ico, the macOS .icns) ask for fixed
PNG sizes; drawing them from the one SVG keeps them identical in look. The PNGs are
committed, so a build needs no renderer: run this again only after editing the SVG.

    QT_QPA_PLATFORM=offscreen python tools/render_icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""The sizes desktops ask for (freedesktop hicolor, Windows .ico, macOS .icns)."""

ICON_DIR = Path(__file__).resolve().parent.parent / "assets" / "icon"


def render(svg: Path, size: int) -> QImage:
    """The SVG drawn into a transparent size x size image, antialiased."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {svg}")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return image


def main(argv: list[str] | None = None) -> int:
    _app = QGuiApplication.instance() or QGuiApplication(argv or sys.argv[:1])
    svg = ICON_DIR / "ambush-gui.svg"
    for size in SIZES:
        out = ICON_DIR / f"ambush-gui-{size}.png"
        if not render(svg, size).save(str(out)):  # the format from the .png suffix
            raise SystemExit(f"cannot write {out}")
        print(out.relative_to(ICON_DIR.parent.parent))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
