"""The program's own art (``assets/``): the application icon and the SVG symbols the
table, the hex map and the dice draw.

The art is package data of ``ambush_gui.assets`` (the top-level ``assets/`` folder,
installed under that name by setup.py), found with :mod:`importlib.resources` so it
works installed, in a wheel and in the PyInstaller bundle; a clone run from source
without installing reads the top-level folder directly.

Rendering an SVG is slow next to blitting a pixmap, and a table repaints dozens of
figures, so :func:`draw` renders each symbol once per pixel size (and colour change)
and draws the cached pixmap after that. Everything here needs a running
QGuiApplication and the GUI thread.
"""

from __future__ import annotations

import importlib.resources
from collections import OrderedDict
from functools import cache
from importlib.resources.abc import Traversable
from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QIcon, QImage, QPainter, QPixmap, QTransform
from PySide6.QtSvg import QSvgRenderer

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""The PNG sizes of the application icon in ``assets/icon/`` (tools/render_icons.py)."""

Recolour = tuple[tuple[str, str], ...]
"""Colour swaps applied to an SVG's text before rendering, e.g. (("#2f6db5", "#9a9a9a"),)."""

_PIXMAPS_KEPT = 512
"""How many rendered pixmaps the cache keeps: every symbol at a few zoom levels."""


@cache
def root() -> Traversable:
    """The folder of the art, the first of these that holds ``LICENSES``:

    1. the package ``ambush_gui.assets`` (installed, a wheel, a bundle that collected it);
    2. ``ambush_gui/assets`` beside this package as plain data (a bundle that collected
       the package's data files without the module);
    3. the clone's top-level ``assets/`` (run from source, never installed).
    """
    candidates: list[Traversable] = []
    try:
        # A plain import, so PyInstaller's analysis sees the package and bundles it.
        import ambush_gui.assets  # noqa: F401

        candidates.append(importlib.resources.files("ambush_gui.assets"))
    except ModuleNotFoundError:
        pass
    here = Path(__file__).resolve()
    candidates += [here.parents[2] / "assets", here.parents[3] / "assets"]
    for place in candidates:
        if place.joinpath("LICENSES").is_file():
            return place
    raise FileNotFoundError("the program's art (assets/) is missing; looked in "
                            + ", ".join(str(c) for c in candidates))


def resource(name: str) -> Traversable:
    """One file of the art by its path inside ``assets/`` (``"table/regular.svg"``)."""
    node = root()
    for part in name.split("/"):
        node = node.joinpath(part)
    return node


@cache
def data(name: str) -> bytes:
    """The bytes of one file of the art (read once)."""
    return resource(name).read_bytes()


@cache
def renderer(name: str, recolour: Recolour = ()) -> QSvgRenderer:
    """The SVG ``name`` (a path inside ``assets/`` without ``.svg``), colours swapped."""
    text = data(f"{name}.svg").decode("utf-8")
    for old, new in recolour:
        text = text.replace(old, new)
    svg = QSvgRenderer(QByteArray(text.encode("utf-8")))
    if not svg.isValid():
        raise ValueError(f"assets/{name}.svg is not a valid SVG")
    return svg


_pixmaps: OrderedDict[tuple[str, Recolour, int, int], QPixmap] = OrderedDict()


def pixmap(name: str, width: int, height: int, recolour: Recolour = ()) -> QPixmap:
    """The SVG ``name`` rendered into a transparent ``width`` x ``height`` pixmap, cached
    (the least recently used of :data:`_PIXMAPS_KEPT` are dropped)."""
    width, height = max(1, width), max(1, height)
    key = (name, recolour, width, height)
    found = _pixmaps.get(key)
    if found is not None:
        _pixmaps.move_to_end(key)
        return found
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer(name, recolour).render(painter, QRectF(0, 0, width, height))
    painter.end()
    made = QPixmap.fromImage(image)
    _pixmaps[key] = made
    if len(_pixmaps) > _PIXMAPS_KEPT:
        _pixmaps.popitem(last=False)
    return made


def cached_pixmaps() -> int:
    """How many rendered pixmaps the cache holds (for tests and benches)."""
    return len(_pixmaps)


def draw(painter: QPainter, name: str, target: QRectF, recolour: Recolour = ()) -> None:
    """Draw the SVG ``name`` into ``target`` (in the painter's coordinates), from a pixmap
    rendered at the device size ``target`` covers, so it is as sharp as vector drawing.

    Unless the painter rotates or shears, the pixmap lands on whole device pixels and is
    copied one to one: a pixmap drawn half a pixel off would be resampled, and blurred.
    """
    transform = painter.worldTransform()
    device = transform.mapRect(target)
    owner = painter.device()
    ratio = owner.devicePixelRatioF() if owner is not None else 1.0
    w, h = round(device.width() * ratio), round(device.height() * ratio)
    if w < 1 or h < 1:
        return
    made = pixmap(name, w, h, recolour)
    painter.save()
    if transform.type().value <= QTransform.TransformationType.TxScale.value:
        x, y = round(device.left() * ratio), round(device.top() * ratio)
        painter.resetTransform()
        painter.drawPixmap(QRectF(x / ratio, y / ratio, w / ratio, h / ratio), made,
                           QRectF(0, 0, w, h))
    else:
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawPixmap(target, made, QRectF(0, 0, w, h))
    painter.restore()


@cache
def icon() -> QIcon:
    """The application icon, with every PNG size and the SVG for any other size."""
    made = QIcon()
    for size in ICON_SIZES:
        px = QPixmap()
        if px.loadFromData(data(f"icon/ambush-gui-{size}.png"), "PNG"):
            made.addPixmap(px)
    return made
