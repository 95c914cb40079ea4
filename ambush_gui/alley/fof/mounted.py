"""Mounted units (FF-052..086):
Mounted Troops and Cavalry: moves, fire, dismounting, casualties, Close Combat.

Switched on by ``modules = ["mounted"]``; settings in the scenario's ``[mounted]`` table.
"""

from __future__ import annotations

from ambush_gui.alley.modules import RuleModule, Settings, register


class MountedSettings(Settings):
    """The ``[mounted]`` table of a scenario."""


@register
class MountedModule(RuleModule):
    name = "mounted"
    title = "Mounted units"
    rules = "FF-052..086"
    Settings = MountedSettings
