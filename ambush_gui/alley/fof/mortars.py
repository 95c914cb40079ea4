"""Mortars (FF-001..017): Mortar teams on the table: objectives, the No Fire Zone, direct lay.

Switched on by ``modules = ["mortars"]``; settings in the scenario's ``[mortars]`` table.
"""

from __future__ import annotations

from ambush_gui.alley.modules import RuleModule, Settings, register


class MortarsSettings(Settings):
    """The ``[mortars]`` table of a scenario."""


@register
class MortarsModule(RuleModule):
    name = "mortars"
    title = "Mortars"
    rules = "FF-001..017"
    Settings = MortarsSettings
