"""The Ambush! campaign's screens: the launcher's Campaign card (:mod:`.card`), the record
pad (:mod:`.record_pad`), choose-and-equip (:mod:`.equip`), the after-mission screen
(:mod:`.after_mission`) and the window that leads from one to the next (:mod:`.window`).

They show what the campaign engine (``ambush_gui.ambush.campaign``) returns: no campaign
rule is computed here.
"""

from __future__ import annotations

from typing import Any


def run_campaign(target: Any, seed: int = 0, name_men: bool = False) -> int:
    """``ambush-gui play CAMPAIGN|PROGRESS``: see :func:`.window.run_campaign`."""
    from ambush_gui.gui.campaign.window import run_campaign as run

    return run(target, seed, name_men)
