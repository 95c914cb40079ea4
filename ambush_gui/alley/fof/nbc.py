"""NBC and MOPP (FF-018..026): MOPP levels and their penalties; Contamination Tests in an NBC environment.

Switched on by ``modules = ["nbc"]``; settings in the scenario's ``[nbc]`` table.
"""

from __future__ import annotations

from ambush_gui.alley.modules import RuleModule, Settings, register


class NbcSettings(Settings):
    """The ``[nbc]`` table of a scenario."""


@register
class NbcModule(RuleModule):
    name = "nbc"
    title = "NBC and MOPP"
    rules = "FF-018..026"
    Settings = NbcSettings
