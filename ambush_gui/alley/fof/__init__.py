"""The Force on Force optional rules (seed 003), one rule module per file.

Each file defines a :class:`~ambush_gui.alley.modules.RuleModule` and registers it, so a
scenario switches it on by name (``modules = ["mines"]``). Importing this package
registers all seven; :mod:`ambush_gui.alley.modules` does so itself.
"""

from ambush_gui.alley.fof import (  # noqa: F401  (each registers its module)
    civilians,
    combat_stress,
    ieds,
    mines,
    mortars,
    mounted,
    nbc,
)

MODULE_NAMES = ("mortars", "nbc", "mines", "ieds", "mounted", "combat_stress", "civilians")
"""Every Force on Force module, in the order seed 003 gives them."""
