"""The program's own art (icon, counter symbols, dice faces), shipped as package data.

This folder is the top-level ``assets/`` of the repository; pyproject.toml installs it
as the package ``ambush_gui.assets`` so ``importlib.resources`` finds it installed, in
a wheel and in the PyInstaller bundle. ``ambush_gui.gui.shared.art`` loads from it.
Every file here is listed with its source and licence in ``LICENSES``.
"""
