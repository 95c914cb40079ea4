"""Combat stress (FF-087..128): Stress Levels, leaders, Stress Tests, losing and regaining Confidence.

Switched on by ``modules = ["combat_stress"]``; settings in the scenario's ``[combat_stress]`` table.
"""

from __future__ import annotations

from ambush_gui.alley.modules import RuleModule, Settings, register


class CombatStressSettings(Settings):
    """The ``[combat_stress]`` table of a scenario."""


@register
class CombatStressModule(RuleModule):
    name = "combat_stress"
    title = "Combat stress"
    rules = "FF-087..128"
    Settings = CombatStressSettings
