"""The rules options: where seed 000 (or seed 003, for a Force on Force module) truly
allows two readings.

Each option is documented in docs/rules/options.md with its seed lines and its measured
effect on Contracting Trouble. The engine reads ``game.options[NAME]`` (every name always
present, see :meth:`ambush_gui.core.options.Registry.for_new_game`); the helpers below
are the one place each reading is asked, so the rule modules read like the rulebook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ambush_gui.core.options import Reading, Registry, RulesOption

if TYPE_CHECKING:
    from ambush_gui.alley.game import AlleyGame

REACTION_FIRE = "reaction_fire"
INSURGENT_REACTION = "insurgent_reaction_modifiers"
INTERRUPT_MORALE = "interrupt_fire_morale"
SERIOUS_CHECKS = "serious_wound_checks"
SUPPORT_REACH = "support_weapon_reach"
JOIN_REACTION = "reaction_to_a_joining_leader"
LONE_LEADERS = "detached_insurgent_leaders"
OVERWATCH_POINT = "overwatch_at_the_point"
STAY_REACTION = "reaction_to_a_unit_that_stays"
ESCORTS_AT_THE_END = "escorts_not_brought_out"
NO_ATTACK_CHECK = "check_after_no_attack"
BLOCKED_PATH = "blocked_after_interrupt"
BLAST_DEFENSE = "mine_and_ied_defense"
STRESS_LEADER_RADIUS = "stress_leader_radius"
STRESS_LONE_LEADER = "stress_leader_on_himself"
RIDER_WITHOUT_MOUNT = "hit_without_a_mount"
EXPOSED_IN_COVER = "exposed_while_in_cover"

OPTIONS = Registry((
    RulesOption(
        REACTION_FIRE, "Fire in reaction to an interruption",
        (Reading("replaces", "Replaces its planned fire",
                 "A Regular unit that fires in reaction to an interruption (first, or back "
                 "after it) has had its fire for the activation: it may still finish its move, "
                 "but its planned fire is not thrown."),
         Reading("extra", "Comes on top of its planned fire",
                 "The reaction is extra: the unit fires its reaction and then its planned fire "
                 "(the engine's reading before options existed).")),
        default="replaces", legacy="extra", rule_ids=("AA-080", "AA-082", "AA-088"),
        seed_lines="seed 000 lines 125-127",
        text="The texts let the interrupted unit react by firing and then \"finish its movement\"; "
             "they never say whether its own fire is still to come."),
    RulesOption(
        INSURGENT_REACTION, "Speed modifiers on the Insurgent's Reaction roll",
        (Reading("regulars_only", "The Regular's roll only",
                 "Only the Regular unit's roll is modified (Halted or Overwatch +1, Cautious +1, "
                 "Rapid −1); the Insurgent rolls its bare Troop Quality die."),
         Reading("both", "Both sides' rolls",
                 "Halted +1 and Rapid −1 also change the Insurgent's roll (the Cautious +1 stays "
                 "the Regulars'); the engine's reading before options existed.")),
        default="regulars_only", legacy="both", rule_ids=("AA-040", "AA-035", "AA-037", "AA-076"),
        seed_lines="seed 000 lines 44, 47, 50, 123",
        text="The movement rules give Halted and Rapid units their modifier on \"all Reaction "
             "Tests\"; the Reaction Test itself lists modifiers for Regular units only."),
    RulesOption(
        INTERRUPT_MORALE, "Morale after interrupting fire",
        (Reading("every_survivor", "Always a check; Pinned: no return fire",
                 "A Regular unit that lost its Reaction Test and was fired on takes a Morale "
                 "Check even if no one was hit; if it is then Pinned (or Pulls Back) it does not "
                 "return fire."),
         Reading("casualties_only", "A check only after casualties",
                 "As after any fire: a Morale Check only for casualties, and a Pinned unit may "
                 "still return fire (the engine's reading before options existed).")),
        default="every_survivor", legacy="casualties_only", rule_ids=("AA-093", "AA-094", "AA-095"),
        seed_lines="seed 000 lines 132, 227, 246",
        text="The rule for interrupting fire says the survivors check and only units not Pinned "
             "return fire; the Morale rules check Regulars only for casualties, and let Pinned "
             "units fire."),
    RulesOption(
        SERIOUS_CHECKS, "Morale tests for serious First Aid results",
        (Reading("each", "One per serious result",
                 "Each serious (5-6) First Aid result adds a Morale Check to the one the "
                 "casualties call for."),
         Reading("one_per_attack", "One per attack",
                 "The serious result's test is the casualty check itself: one attack brings one "
                 "Morale Check, however many serious results it causes.")),
        default="each", legacy="each", rule_ids=("AA-158", "AA-161", "AA-169"),
        seed_lines="seed 000 lines 210, 227",
        text="The First Aid table orders a morale test for each serious result; the Morale rules "
             "order one each time the unit takes casualties, which it already has."),
    RulesOption(
        SUPPORT_REACH, "A Support Weapon's doubled range",
        (Reading("support_weapon", "Earns the unit's Optimum Range die",
                 "A Support Weapon figure reaches twice the unit's Optimum Range, and a target "
                 "within its reach earns the whole unit its one Optimum Range die."),
         Reading("unit_range", "Earns no Optimum Range die",
                 "The Optimum Range die needs a figure within the unit's own Optimum Range; the "
                 "doubled range is read as an effective fire range, which sets no limit on these "
                 "tables (AA-113).")),
        default="support_weapon", legacy="support_weapon", rule_ids=("AA-110", "AA-112", "AA-113"),
        seed_lines="seed 000 lines 150-151",
        text="The scenario gives Support Weapons \"twice the figure's normal effective fire "
             "range\" in the sentence that gives the Optimum Ranges; nothing says whether that "
             "range earns the unit's Optimum Range die."),
    RulesOption(
        LONE_LEADERS, "Insurgent leaders on their own",
        (Reading("lead_only", "Lead, never fire alone",
                 "An Insurgent leader who is not with a unit may move (to join one, or to "
                 "interrupt by movement) but neither fires nor interrupts by fire: leaders lead "
                 "units; they are not a unit of one that shoots."),
         Reading("fight_alone", "Fight as a unit of one",
                 "A detached Insurgent leader acts as a unit of one figure: he moves, fires his "
                 "one die and interrupts like any unit (the engine's reading before options "
                 "existed).")),
        default="lead_only", legacy="fight_alone", rule_ids=("AA-029", "CT-013", "AA-018"),
        seed_lines="seed 000 lines 33-35, 39, 267",
        text="The texts say leaders move freely and join units, and that Insurgent units need "
             "one to act without a Quality Check; they never give a lone leader fire of his own."),
    RulesOption(
        BLAST_DEFENSE, "Defense against mines and IEDs (Force on Force)",
        (Reading("armor_only", "Armor dice alone",
                 "A unit attacked by a mine or an IED throws its Armor dice and nothing else: "
                 "no die for its figures, none for cover or for moving Cautiously. Body armor "
                 "is all that stands between the men and the blast."),
         Reading("no_cover", "Figures and Armor, no cover",
                 "A unit attacked by a mine or an IED throws its usual die per figure and its "
                 "Armor dice, but no die for cover, Hunkering Down or moving Cautiously: the "
                 "blast comes from below or beside, where cover is no help.")),
        default="armor_only", legacy="armor_only", rule_ids=("FF-035", "FF-042", "FF-051"),
        modules=("mines", "ieds"), seed_lines="seed 003 line 81",
        text="Infantry attacked by mines \"may only claim their Armor Dice\": either the Armor dice "
             "are the whole Defense, or they are the only bonus dice allowed on top of the figures."),
    RulesOption(
        STRESS_LEADER_RADIUS, "Combat stress: how far a leader reaches",
        (Reading("as_written", "6\" for stress, 8\" for the rest",
                 "A Positive or Negative Leader changes the Stress Level of units within 6\"; "
                 "mixed leadership, the extra or lost Stress Test dice and regaining confidence "
                 "count leaders within 8\", as the texts give each."),
         Reading("eight", "8\" for everything",
                 "Every leader effect of combat stress reaches 8\": the 6\" of the stress "
                 "modifier is read as the same radius as the rest.")),
        default="as_written", legacy="as_written", rule_ids=("FF-108", "FF-096", "FF-100", "FF-105"),
        modules=("combat_stress",), seed_lines="seed 003 lines 229-267, 289",
        text="The stress modifier table and both leader definitions say 6\"; mixed leadership, the "
             "Stress Test dice and regaining confidence say 8\"."),
    RulesOption(
        ESCORTS_AT_THE_END, "Contractors still on the table at the end",
        (Reading("held", "Held by the Insurgents",
                 "A contractor (any escort) who has not left the table when the game ends is "
                 "held by the Insurgents and scores as their captive (5 VP, CT-046), lying on "
                 "the ground or still carried by a Marine unit: the Insurgents set out to stop "
                 "the contractors leaving, and they have."),
         Reading("on_the_ground", "Only those left on the ground",
                 "Only contractors left lying on the ground are held. Those still carried by a "
                 "Marine unit when time runs out score for nobody, so Marines who never get "
                 "out can still win on their 5 VP for leaving nobody behind (the engine's "
                 "reading before this option).")),
        default="held", legacy="on_the_ground", rule_ids=("CT-046", "CT-017", "CT-047"),
        seed_lines="seed 000 lines 275, 277, 310",
        text="The Insurgents' objective is to \"stop the contractors from leaving the table\", "
             "and they score each captive \"held when the game ends\"; the text never says "
             "whether contractors the Marines still carry when time runs out are held."),
    RulesOption(
        JOIN_REACTION, "Reacting to a leader who joins a unit",
        (Reading("joined_unit", "He can be reacted to",
                 "A leader who ends his move joining a unit is seen, and reacted to or returned "
                 "fire at, in the unit he joined."),
         Reading("not_seen", "He could not (corrected)",
                 "The engine looked for him in his own unit, empty once he had joined, so no "
                 "one could react to his move; kept only so that older saves replay.")),
        default="joined_unit", legacy="not_seen", rule_ids=("AA-089", "AA-026", "AA-080"),
        seed_lines="seed 000 lines 39, 115, 125", offered=False,
        text="A correction, not a choice: a unit that moves in sight may be reacted to."),
    RulesOption(
        OVERWATCH_POINT, "Overwatch fire at an Insurgent move",
        (Reading("at_the_point", "At the point of the move",
                 "A Regular unit on Overwatch interrupts an Insurgent move at the point the "
                 "Regular player names: the mover stops there for the fire, then finishes its "
                 "move if it is still able to."),
         Reading("end_of_move", "At the end of the move (corrected)",
                 "The engine let Overwatch fire only once the Insurgent move had ended; kept "
                 "only so that older saves replay.")),
        default="at_the_point", legacy="end_of_move", rule_ids=("AA-104", "AA-106", "AA-090"),
        seed_lines="seed 000 lines 105, 141", offered=False,
        text="A correction, not a choice: an Overwatch unit \"may interrupt the actions of any "
             "Insurgent unit in their LOS\", and an interrupted move is interrupted at a point "
             "of the move."),
    RulesOption(
        STAY_REACTION, "Reacting to an Insurgent unit that stays put",
        (Reading("moved_only", "Only to a unit that moved",
                 "Regulars react to an Insurgent unit that moves in their sight. One that "
                 "planned a move and then stayed where it was has not moved (it has Halted), "
                 "so it is not reacted to; its fire, if it fires, is."),
         Reading("declared", "Also to one that stayed (corrected)",
                 "The engine let Regulars react to an Insurgent unit that planned a move and "
                 "stayed put, as if it had moved; kept only so that older saves replay.")),
        default="moved_only", legacy="declared", rule_ids=("AA-089", "AA-034"),
        seed_lines="seed 000 lines 44, 115", offered=False,
        text="A correction, not a choice: Regular units may react to Insurgent units \"who "
             "move within their LOS or fire at them\", and a unit that does not move has Halted."),
    RulesOption(
        NO_ATTACK_CHECK, "A Morale Check after interrupting fire that was no attack",
        (Reading("attacks_only", "Only after an attack",
                 "A Regular unit checks Morale for surviving interrupting fire only if the "
                 "interrupter threw Firepower dice: a unit left with none makes no attack."),
         Reading("always", "Also after no attack (corrected)",
                 "The engine made the Regulars check even when the interrupter had no "
                 "Firepower die left and threw nothing; kept only so that older saves replay.")),
        default="attacks_only", legacy="always", rule_ids=("AA-093", "AA-144"),
        seed_lines="seed 000 lines 132, 156", offered=False,
        text="A correction, not a choice: \"Regular troops who survive the attack make a "
             "Morale Check\", and fire with no Firepower dice is no attack (house rule AA-144)."),
    RulesOption(
        BLOCKED_PATH, "A Regular move whose way an interruption blocks",
        (Reading("stops_short", "It stops short",
                 "After an interruption the Regular unit goes on along the rest of its declared "
                 "path only as far as it can without touching an enemy figure: Insurgents who "
                 "moved into its way (or were left there by a Close Assault) end its move."),
         Reading("walks_through", "It walked through (corrected)",
                 "The engine let the unit walk the rest of its path through enemy figures that "
                 "had come into its way during the interruption; kept only so that older saves "
                 "replay.")),
        default="stops_short", legacy="walks_through", rule_ids=("AA-068", "AA-099", "AA-100"),
        seed_lines="seed 000 lines 105, 137", offered=False,
        text="A correction, not a choice: no figure moves through an enemy figure, and under "
             "house rule AA-068 the Regular has declared his whole path before the interruption."),
    RulesOption(
        STRESS_LONE_LEADER, "Combat stress: a leader on his own",
        (Reading("leads_others", "He leads others, not himself",
                 "A Positive or Negative Leader's rating changes the Stress Level and Stress Test "
                 "dice of the units he stands near, his own unit included while it has another "
                 "fighting figure; a leader alone in his unit does not count his own rating."),
         Reading("counts_himself", "He counted himself (corrected)",
                 "The engine counted a leader alone in his unit as standing near his own unit: "
                 "a lone Negative Leader raised his own stress and lost his own Stress Test die; "
                 "kept only so that older saves replay.")),
        default="leads_others", legacy="counts_himself", rule_ids=("FF-096", "FF-100", "FF-111"),
        modules=("combat_stress",), seed_lines="seed 003 lines 241, 245, 251, 253", offered=False,
        text="A correction, not a choice: a leader inspires \"their men\" or robs \"their men\" "
             "of their confidence; a leader alone has no men to lead."),
    RulesOption(
        RIDER_WITHOUT_MOUNT, "Mounted units: a man whose mount is dead",
        (Reading("on_foot", "He is hit as a man on foot",
                 "A figure of a mounted unit whose own mount is already dead has no mount to be "
                 "hit and no seat to keep: a casualty on him is a man on foot's, with no rider-or-"
                 "mount die, no check to keep his seat and no worse First Aid for a throw."),
         Reading("rider_or_mount", "He was hit as a rider (corrected)",
                 "The engine rolled rider or mount, the check to keep his seat and the thrown "
                 "rider's worse First Aid for him as long as his unit was still mounted; kept only "
                 "so that older saves replay.")),
        default="on_foot", legacy="rider_or_mount", rule_ids=("FF-071", "FF-072", "FF-074", "FF-075"),
        modules=("mounted",), seed_lines="seed 003 lines 179-185", offered=False,
        text="A correction, not a choice: a casualty falls on \"the rider or the mount\", and a "
             "mount that becomes a casualty is dead; a man whose mount is dead is no longer a "
             "rider to keep his seat or be thrown."),
    RulesOption(
        EXPOSED_IN_COVER, "A target In Cover in the open",
        (Reading("not_exposed", "In Cover, so not Exposed",
                 "A unit that claims the In Cover die (Hunkered Down after a turn in place, or "
                 "Pinned) has gone to ground: its attacker gets no Exposed die, wherever it lies. "
                 "A unit that may not claim In Cover (mounted, FF-061) is still Exposed."),
         Reading("both", "Both at once (corrected)",
                 "The engine gave a unit Hunkered Down in the open its In Cover die and its "
                 "attacker the Exposed die too; kept only so that older saves replay.")),
        default="not_exposed", legacy="both", rule_ids=("AA-126", "AA-121", "AA-122", "AA-127"),
        seed_lines="seed 000 lines 161, 169, 171, 245", offered=False,
        text="A correction, not a choice: a unit that is not Exposed is the one making use of the "
             "ground, and a Pinned unit that cannot reach cover may still get In Cover where it is."),
))
"""The Ambush Alley rules options, in the order the reference lists them (the corrections,
``offered=False``, last)."""


def escorts_held_at_the_end(g: AlleyGame) -> bool:
    """CT-046, CT-017: does an escort still carried by a Regular unit at the end count as
    held by the Insurgents (option ``escorts_not_brought_out``)?"""
    return reading(g, ESCORTS_AT_THE_END) == "held"


def reading(g: AlleyGame, name: str) -> str:
    """The reading ``g`` plays for option ``name`` (a game built by hand plays the legacy ones)."""
    return g.options.get(name) or OPTIONS.get(name).legacy
