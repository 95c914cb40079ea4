"""Everything Qt. Nothing outside this package imports PySide6.

The rules' data models are imported first, on purpose: once PySide6 is loaded its
import hook inspects modules as they load, which trips pydantic's lazy imports
(a circular-import error) if pydantic was not fully loaded before it.
"""

import pydantic  # noqa: F401  (before PySide6: see above)
import pydantic.fields  # noqa: F401

import ambush_gui.alley.scenario  # noqa: F401
import ambush_gui.core.saves  # noqa: F401
