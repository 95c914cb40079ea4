"""A short rules reference in the project's own words (Help ▸ Rules reference, F1).

It summarises what the engine enforces and names the checklist IDs, so a player can
look a rule up in the book; the house rules for the gaps are in docs/rules/.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

RULES_HTML = """
<h2>Ambush Alley — the rules at a glance</h2>
<p>Every unit has a <b>Troop Quality</b> die (how well it fights) and a <b>Morale</b> die
(how long it sticks it out). Almost everything is decided by rolling <b>4 or more</b>;
when two sides compete, you need 4+ <i>and</i> a higher score than the other side
(AA-012, AA-013).</p>

<h3>A turn</h3>
<ol>
<li>From the second turn on, fresh Insurgents arrive: 2d6 on the scenario's table, then
a d6 for the Hot Spot each unit arrives at (a 6 lets the Insurgent choose) (AA-052..061).</li>
<li>The Regular player activates each of his units in turn, in any order. Each may
<b>move then fire</b> or <b>fire then move</b>, or go on <b>Overwatch</b> (AA-030, AA-103).</li>
<li>Insurgents who can see an activating Regular unit may <b>interrupt</b> it, once per turn
each, by fire or by moving (AA-063..066).</li>
<li>When every Regular unit has acted, each Insurgent unit that did not interrupt may
move and fire (AA-044). Pins clear at the end of the turn (AA-192).</li>
</ol>

<h3>Moving</h3>
<p><b>Halted</b>: no move, +1 on Reaction Tests. <b>Cautious</b>: up to 6", and a Regular unit
gets +1 on Reaction Tests; being shot at while moving Cautiously adds a Defense die.
<b>Rapid</b>: up to 12", −1 on Reaction Tests and one Firepower die fewer (AA-031..038).
A unit carrying Dependants may not move Rapidly (DC-006). A Regular unit that has had
casualties must pass a Quality Check to move Rapidly (AA-162).</p>

<h3>Interrupts and Reaction Tests</h3>
<p>An Insurgent unit without a leader must first roll 4+ on its Troop Quality die, or it
can do nothing more this turn (AA-072). Then both sides roll Troop Quality: the Insurgent
acts first only with 4+ and a higher score; otherwise the Regulars react first — firing,
or moving into cover (AA-074..084). Each interruption costs the Regular unit a Firepower
die and an inch of movement for the rest of the turn (AA-085). Overwatch units may fire
at interrupting Insurgents, rolling their own Reaction Test (AA-104..107).</p>

<h3>Firing</h3>
<p><b>Firepower</b> = one die per armed figure, +1 for a light support weapon (SAW, M203,
light machinegun), +2 for a medium one (RPG), +1 within Optimum Range, +1 if the target is
Exposed (nothing that gives cover within 2"), and the penalties shown in the fire dialog
(AA-133..143). <b>Defense</b> = one die per fighting figure, +1 moving Cautiously, +1
Hunkered Down (a turn in place, or Pinned), +1 Solid Cover, + body armor (AA-117..128).
Neither pool ever exceeds 10 dice.</p>
<p>Both sides roll and keep their 4s and better. The defender matches his dice against
the attacker's: each of his dice can cancel one attacker die of equal or lower score.
Every attacker die left uncancelled is a casualty (AA-145..148). The fire dialog shows the
exact odds before you commit.</p>

<h3>Casualties</h3>
<p>Insurgent casualties are removed. Each Regular casualty rolls on the First Aid table:
1–2 slight (fights on), 3–4 moderate and 5–6 serious (the figure becomes a Dependant the
unit carries; a serious wound calls for a Morale Check) (AA-155..158). A unit with
Dependants loses a Firepower die (DC-005).</p>

<h3>Morale</h3>
<p>Roll a Morale die per figure; 4+ is a success. <b>Regulars</b> Stand if successes beat
failures, otherwise they are <b>Pinned</b>; Pinned again in the same turn, they <b>Pull
Back</b> up to 6" to cover and regroup next turn (AA-171..198). <b>Insurgents</b> Stand or
are <b>Shaken</b> (their Morale die drops a type; below d6 they break and flee), and every
figure that rolled a 1 slips away — leaders never, support weapons last (AA-175..183).</p>

<h3>Contracting Trouble!</h3>
<p>Reach the two wounded contractors by the wrecked SUV; touching them takes them into
your unit. Bring them off the south or west edge (a unit within 1" of a friendly edge
hands its Dependants off). 5 points per contractor escorted off, 5 if no Marine casualty
or prisoner is left behind; the Insurgents score 1 per Marine wounded, 2 per Marine
killed and 5 per captive held at the end. The game lasts 8 turns.</p>

<p><i>Where the printed rules leave a gap, the game plays a documented house rule: see
docs/rules/ in the project.</i></p>
"""


AMBUSH_RULES_HTML = """
<h2>Ambush! — the rules at a glance</h2>
<p>You command a US squad; the Germans are played by the mission's numbered
<b>paragraphs</b>. Nobody knows where the Germans are until a paragraph puts one on the
map. The paragraph reader shows every paragraph as it is read, with the option that
applied highlighted; the game log shows every die.</p>

<h3>Operations</h3>
<p>Between firefights you move your soldiers hex by hex, each up to his Movement Point
Allowance, paying the terrain's cost. Every hex entered gets a <b>Paragraph Check</b>: the
Mission Card may send you to a paragraph (AR-003). When you end the turn, 2d6 are read on
the Mission Card's Event column (AR-029, AR-030). How an Operations turn is run is this
program's house rule (AR-006, see docs/rules/).</p>

<h3>Action Rounds</h3>
<p>A paragraph that activates a German commences <b>Rounds</b> (AR-001). Each Round: US
soldiers who are not yet aware check their awareness (Rounds 1 and 2), the Event Phase
(from Round 2), then the Action Phase (AR-017). Both sides roll one die for initiative:
the higher die gives that side the <b>Advantage</b>, a tie goes to the Germans (AR-032).
Each soldier's marker goes on the <b>AR Track</b> in the space his side's die reaches in
his own column (AR-034): 2-Turn, 1-Turn, Complete, or Panic. Turns run down the track:
2-Turn Advantage, 2-Turn Disadvantage, 1-Turn Advantage, 1-Turn Disadvantage (AR-043);
each turn drops the marker one space. A US soldier on a red number panics if he is out of
command (AR-038). Rounds end when no active German is left on the map.</p>

<h3>A soldier's turn</h3>
<p>One action (the action dialog lists the legal ones and says why the others are not):
aimed or snap fire, a move, a move with a snap shot, a grenade or satchel charge, an
assault, clearing a jam, giving another soldier a turn, waking a soldier, or pass. Once a
turn he may also change stance (standing, crouching, prone), free unless he is wounded
(AR-071, AR-072). Crouching, he moves one hex whatever the terrain; prone, not at all.</p>

<h3>Fire, in seven steps</h3>
<ol>
<li>Declare the weapon, aimed or snap, and the target (FC-010).</li>
<li>Percentile roll: at or under the weapon's Jam number, it jams and the fire stops (FC-011).</li>
<li>Count the range in hexes, the target's hex in, the firer's out (FC-013, FC-014).</li>
<li>The hit chance: the weapon's base chance for the range band, less the modifiers for the
target's stance and terrain, snap fire and a wounded firer, with the firer's Weapon Skill
(FC-016, FC-023..025). The fire dialog lists each one.</li>
<li>One die 0-9: at or under the hit chance hits; 0 always hits, 9 always misses (FC-018).</li>
<li>A hit rolls on the weapon's row of the Damage Table: panic, wound, incapacitated or
killed (FC-019).</li>
<li>Percentile roll against the Out of Ammo number: at or under, a clip is used up (FC-021).</li>
</ol>

<h3>Winning</h3>
<p>The mission's victory levels are read from the points scored: the Mission panel shows
them. Casualties score at the end; some paragraphs end the mission at once.</p>

<p><i>The Ambush! charts are the project's own, and where the printed rules leave a gap
the game plays a documented house rule: see docs/rules/ in the project.</i></p>
"""


class RulesHelp(QDialog):
    """The rules reference for ``system`` ("alley" or "ambush")."""

    def __init__(self, parent: QWidget | None = None, system: str = "alley") -> None:
        super().__init__(parent)
        self.setWindowTitle("Rules reference — ambush-gui")
        self.resize(720, 760)
        lay = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setHtml(AMBUSH_RULES_HTML if system == "ambush" else RULES_HTML)
        self.text.setOpenExternalLinks(False)
        lay.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        lay.addWidget(buttons)
