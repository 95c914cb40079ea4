"""Mines (FF-027..043):
Minefields: the Troop Quality test on entering or starting inside, and the mine attack.

Switched on by ``modules = ["mines"]``; settings in the scenario's ``[mines]`` table.
"""

from __future__ import annotations

from ambush_gui.alley.modules import RuleModule, Settings, register


class MinesSettings(Settings):
    """The ``[mines]`` table of a scenario."""


@register
class MinesModule(RuleModule):
    name = "mines"
    title = "Mines"
    rules = "FF-027..043"
    Settings = MinesSettings
