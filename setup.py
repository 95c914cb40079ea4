"""Only the package list; everything else is in pyproject.toml.

The top-level ``assets/`` folder (DESIGN.md) is installed as ``ambush_gui.assets``, so
``importlib.resources`` finds the art wherever the program runs from. pyproject's
``[tool.setuptools.packages.find]`` cannot add a package that lives outside
``ambush_gui/``, hence this file.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["ambush_gui*"]), "ambush_gui.assets"],
    package_dir={"ambush_gui.assets": "assets"},
)
