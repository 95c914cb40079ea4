"""IEDs (FF-044..051): Improvised explosive devices: when they go off and whom they attack.

Switched on by ``modules = ["ieds"]``; settings in the scenario's ``[ieds]`` table.
"""

from __future__ import annotations

from ambush_gui.alley.modules import RuleModule, Settings, register


class IedsSettings(Settings):
    """The ``[ieds]`` table of a scenario."""


@register
class IedsModule(RuleModule):
    name = "ieds"
    title = "IEDs"
    rules = "FF-044..051"
    Settings = IedsSettings
