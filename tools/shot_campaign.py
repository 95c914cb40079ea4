"""Take the screenshots of the Ambush! campaign's screens (run under Xvfb).

    xvfb-run -n 97 -s "-screen 0 1920x1080x24" python tools/shot_campaign.py docs/screenshots 1920 1080
    xvfb-run -n 97 -s "-screen 0 1280x800x24" python tools/shot_campaign.py docs/screenshots 1280 800

It starts the first shipped campaign whose missions load (else a two-mission campaign of
the shipped tutorial and hedgerow missions) with a fixed seed, and grabs the whole screen
at: choose-and-equip for the first mission, the after-mission screen once the computer's
US player has played that mission through the mission window, the record pad then,
choose-and-equip for the second mission, and the launcher with its Campaign card.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from shot_common import grab, settle, setup  # tools/ is the script's folder

from ambush_gui.ai.ambush_ai import AmbushAI
from ambush_gui.ambush.campaign import Campaign, CampaignError, shipped
from ambush_gui.gui.shared.pacing import Pace

SEED = 14  # the first mission wounds two men and puts two Germans out of the fight
FALLBACK = """format = 1
system = "ambush"
kind = "campaign"
name = "two-fields"
title = "Two Fields"
brief = \"\"\"A squad of the 29th goes in at a quiet farm, then through the hedgerows beyond it.\"\"\"

[[roster]]
id = "sgt-kane"
name = "Sgt Kane"
ar = 4
mpa = 6
ws = 2
per = 5
ldr = 3

[[missions]]
id = "farm"
mission = "ambush-tutorial"

[[missions]]
id = "hedges"
mission = "ambush-hedgerow"
"""


def campaign_file() -> Path:
    """The first shipped campaign whose missions all load, else the two-mission one."""
    for found in shipped():
        try:
            Campaign.load(found)
        except CampaignError:
            continue
        return found
    path = Path(tempfile.mkdtemp(prefix="ambush-gui-campaign-")) / "two-fields.toml"
    path.write_text(FALLBACK, encoding="utf-8")
    return path


def main() -> None:
    app, out, tag = setup(sys.argv)
    import ambush_gui.ambush.campaign as engine
    from ambush_gui.gui.campaign import window as cw
    from ambush_gui.gui.launcher import Launcher

    cw.saved_pace = lambda: Pace.INSTANT  # the mission is played through at once
    path = campaign_file()
    engine.shipped = lambda: [path]  # type: ignore[assignment]  # the launcher offers it

    win = cw.open_campaign(path, SEED)
    assert win is not None
    settle(app, 20)
    grab(app, out, f"campaign-equip-{tag}.png")

    win.equip.start_button.click()
    mission = win.mission_window
    assert mission is not None
    c, ai = mission.controller, AmbushAI()
    while c.pending() is not None:
        while c.busy:
            app.processEvents()
        c.answer(ai.choose(c.game, c.pending()))
    settle(app, 10)
    mission.dialog.new_button.click()  # "Continue the campaign"
    settle(app, 20)
    screen = win.after
    richest = max(range(screen.promote_man.count()),
                  key=lambda i: win.progress.roster.by_id(screen.promote_man.itemData(i)).xp)
    screen.promote_man.setCurrentIndex(richest)
    for j in range(screen.promote_rating.count()):
        screen.promote_rating.setCurrentIndex(j)
        if screen.promote_button.isEnabled():
            break
    screen.promote_rating.setFocus()
    settle(app)
    grab(app, out, f"campaign-after-mission-{tag}.png")

    win.tabs.setCurrentIndex(1)
    grab(app, out, f"campaign-record-pad-{tag}.png")
    win.tabs.setCurrentIndex(0)
    screen.continue_button.click()
    settle(app, 20)
    grab(app, out, f"campaign-equip-2-{tag}.png")
    win.close()

    dlg = Launcher()  # the card, with the campaign under way to continue
    dlg.show()
    dlg.cards.draw_all_thumbnails()
    settle(app, 20)
    grab(app, out, f"campaign-card-{tag}.png")
    dlg.close()


if __name__ == "__main__":
    main()
