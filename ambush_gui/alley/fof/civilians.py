"""Civilians (FF-129..166):
Civilian mobs: moving toward gunfire, blocking, casualties, dispersal, popular leaders, hostile mobs.

Switched on by ``modules = ["civilians"]``; settings in the scenario's ``[civilians]`` table.
"""

from __future__ import annotations

from ambush_gui.alley.modules import RuleModule, Settings, register


class CiviliansSettings(Settings):
    """The ``[civilians]`` table of a scenario."""


@register
class CiviliansModule(RuleModule):
    name = "civilians"
    title = "Civilians"
    rules = "FF-129..166"
    Settings = CiviliansSettings
