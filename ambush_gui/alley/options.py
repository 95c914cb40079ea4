"""The rules options: where seed 000 (or seed 003, for a Force on Force module) truly
allows two readings.

Each option is documented in docs/rules/options.md with its seed lines and its measured
effect on Contracting Trouble. The engine reads ``game.options[NAME]`` (every name always
present, see :meth:`ambush_gui.core.options.Registry.for_new_game`); the helpers below
are the one place each reading is asked, so the rule modules read like the rulebook.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ambush_gui.core.options import OptionError, Reading, Registry, RulesOption

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
NO_ATTACK_CHECK = "check_after_no_attack"
BLOCKED_PATH = "blocked_after_interrupt"
CARRIED = "carried_figures"
RETIRED_ESCORTS = "escorts_not_brought_out"  # an option until issue 26 (RETIRED below)
DEPENDANTS_SLOW = "dependants_on_every_move"
SHAKEN_MID_MOVE = "shaken_in_mid_move"
PINNED_COVER_MOVE = "pinned_cover_move"
MINE_TEST_SPEED = "mine_test_at_turn_start"
MINEFIELD_REACH = "reaching_into_a_minefield"
RELEASE_CUSTODY = "release_by_the_guards"
MOB_LINES = "mob_lines_of_fire"
MOB_CHECKS_AT_THE_SHOT = "civilian_checks_at_the_shot"
STRESS_LEADER_GONE = "stress_leader_who_left"
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
        BLOCKED_PATH, "A Regular move whose way an interruption blocks",
        (Reading("goes_round", "It finishes its move round them",
                 "Enemy figures that came into the rest of an interrupted Regular unit's path "
                 "(Insurgents who interrupted by moving, or the survivors of a Close Assault) "
                 "are not walked through: its player finishes the move from where the unit "
                 "stands by a new path round them, within what is left of it (less 1\" for each "
                 "interruption), or stays. Where no way round gets it farther, it stops short "
                 "of them."),
         Reading("stops_short", "It stops short",
                 "The unit goes on along the rest of its declared path only as far as it can "
                 "without touching an enemy figure, and its move ends there: the figures in its "
                 "way take the rest of its move away."),
         Reading("walks_through", "It walks through them",
                 "The unit walks the rest of its declared path through the enemy figures that "
                 "came into its way (the engine's reading before this option).")),
        default="goes_round", legacy="walks_through", rule_ids=("AA-068", "AA-085", "AA-099", "AA-100"),
        seed_lines="seed 000 lines 105, 125-128, 137",
        text="After an interruption the moving unit \"may finish its movement\" and may change "
             "course into cover; no figure moves through an enemy figure, but the text never "
             "says whether figures that stepped into the rest of a declared path end the move "
             "or only turn it."),
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
        CARRIED, "The figures a unit carries",
        (Reading("with_the_unit", "Stand with it, see nothing",
                 "A figure taken in (a contractor, a casualty) is placed beside the unit's "
                 "figures, within its cohesion, and the unit sees only with its fighting "
                 "figures; it is seen, and fired at, through every figure, the carried ones "
                 "included."),
         Reading("apart", "Stayed where found, and spotted (corrected)",
                 "The engine left a figure taken in where it lay, up to 4\" from the rest, and "
                 "let it see for the unit, so a lone contractor could make a target for four "
                 "hidden Marines; kept only so that older saves replay.")),
        default="with_the_unit", legacy="apart", rule_ids=("AA-005", "DC-004", "DC-023", "CT-016", "CT-050"),
        seed_lines="seed 000 lines 275, 312; seed 001 lines 13, 43", offered=False,
        text="A correction, not a choice: Dependants are added to the unit that escorts them, "
             "and contractors and casualties are non-combatants, out of the fight."),
    RulesOption(
        DEPENDANTS_SLOW, "A unit with Dependants on every move",
        (Reading("every_move", "Cautious on every move",
                 "From the moment a unit holds a Dependant, everything it moves that turn counts "
                 "against its Cautious limit (less 1\" per interruption): its move, the rest of "
                 "it after a figure is wounded, a move into cover, the walk on after taking "
                 "figures in. An interruption declared beyond the point where it took someone "
                 "in happens where it was declared."),
         Reading("plain_move", "Only its planned move (corrected)",
                 "The engine held a unit with Dependants to 6\" on its planned move only: a move "
                 "into cover or the rest of a move after a wounding could go on at the Rapid "
                 "limit (even off the table), and an interruption beyond a pick-up was resolved "
                 "at the pick-up; kept only so that older saves replay.")),
        default="every_move", legacy="plain_move", rule_ids=("DC-006", "AA-033", "AA-067", "AA-085"),
        seed_lines="seed 000 lines 42, 105, 129; seed 001 line 15", offered=False,
        text="A correction, not a choice: the update forbids Rapid movement to a unit with "
             "Dependants outright, and any move longer than 6\" is a Rapid one."),
    RulesOption(
        SHAKEN_MID_MOVE, "An Insurgent unit Shaken in the middle of its move",
        (Reading("to_cover", "It uses the rest of its move to reach cover",
                 "An Insurgent unit Shaken by Overwatch fire at a point of its move, with "
                 "movement left, must move into cover within what is left of its move, never "
                 "toward the enemy; it stays where it is only when no such move is in reach "
                 "(or it already is in cover)."),
         Reading("stops", "It stopped dead (corrected)",
                 "The engine ended the move where the fire Shook the unit, in the open or not; "
                 "kept only so that older saves replay.")),
        default="to_cover", legacy="stops", rule_ids=("AA-199", "AA-104", "AA-083"),
        seed_lines="seed 000 lines 105, 141, 258", offered=False,
        text="A correction, not a choice: the Shaken rule sends a unit with movement left into "
             "cover, and never toward the enemy on the way."),
    RulesOption(
        PINNED_COVER_MOVE, "A Pinned unit's move into cover after an interruption",
        (Reading("away_only", "Never toward the enemy",
                 "A Pinned Regular unit that wins its Reaction Test and moves into cover (or out "
                 "of the interrupter's sight) may not move toward the enemy doing so, as on any "
                 "other move it makes while Pinned."),
         Reading("any_way", "Any way (corrected)",
                 "The engine let that move go toward the enemy; kept only so that older saves "
                 "replay.")),
        default="away_only", legacy="any_way", rule_ids=("AA-185", "AA-084"),
        seed_lines="seed 000 lines 128, 245", offered=False,
        text="A correction, not a choice: the Pinned rule forbids any move toward the enemy "
             "while the unit looks for cover."),
    RulesOption(
        MINE_TEST_SPEED, "The mine test as a turn begins",
        (Reading("this_turn", "No Rapid move yet",
                 "A unit that starts a turn in a minefield has not moved in this turn, so its "
                 "mine test takes no \"moved Rapidly\" penalty, however it moved in the turn "
                 "before."),
         Reading("last_turn", "The last turn's Rapid move (corrected)",
                 "The engine took \u22121 off the test for a Rapid move made in the turn just "
                 "ended; kept only so that older saves replay.")),
        default="this_turn", legacy="last_turn", rule_ids=("FF-037", "FF-043"),
        modules=("mines",), seed_lines="seed 003 lines 83-85", offered=False,
        text="A correction, not a choice: the penalty is for a unit that \"moved Rapidly this "
             "Turn\", and a turn that has just begun has seen no move."),
    RulesOption(
        MINEFIELD_REACH, "Reaching a figure that lies in a minefield",
        (Reading("enters", "Only from inside the field",
                 "A unit takes in or captures a figure lying in a minefield only once one of "
                 "its own figures has entered that minefield beside him, so it tests for the "
                 "mines like any unit that enters the field."),
         Reading("from_outside", "From its edge (corrected)",
                 "The engine let a unit touch such a figure from outside the field, taking in "
                 "or capturing him without entering it; kept only so that older saves replay.")),
        default="enters", legacy="from_outside", rule_ids=("FF-036", "FF-043", "CT-048"),
        modules=("mines",), seed_lines="seed 003 line 83", offered=False,
        text="A correction, not a choice: a figure lying in a minefield is in the minefield, and "
             "a unit that goes to him \"enters a minefield\" and must take the test."),
    RulesOption(
        RELEASE_CUSTODY, "Who may release a prisoner",
        (Reading("guards", "The unit holding him",
                 "A prisoner is released by the unit that holds him: one carried by a unit, or "
                 "one its men hold where he stands. A prisoner whose guards have all gone is "
                 "in no one's custody: nobody may release him, and he stays a captive until the "
                 "Marines reach him."),
         Reading("side", "Any prisoner of the side (corrected)",
                 "The engine offered the Insurgents every captive on the ground, even one whose "
                 "guards had been wiped out; kept only so that older saves replay.")),
        default="guards", legacy="side", rule_ids=("DC-021", "DC-029"),
        seed_lines="seed 001 line 39", offered=False,
        text="A correction, not a choice: units \"may release any POWs in their custody\", and a "
             "unit that is gone has no one in its custody."),
    RulesOption(
        MOB_LINES, "Civilian mobs in the line of fire",
        (Reading("fighting_figures", "The same both ways",
                 "The lines of fire a civilian mob may block join the fighting figures of the "
                 "two units, so a unit that can fire at another can be fired at by it."),
         Reading("to_every_figure", "To every figure of the target (corrected)",
                 "The engine drew the lines from the firer's fighting figures to every figure "
                 "of the target, its casualties and prisoners too, so one unit could fire at "
                 "another that could not fire back; kept only so that older saves replay.")),
        default="fighting_figures", legacy="to_every_figure", rule_ids=("FF-135", "FF-136"),
        modules=("civilians",), seed_lines="seed 003 lines 311-313", offered=False,
        text="A correction, not a choice: a line of fire runs between a figure that fires and "
             "the figures fired at, and Dependants neither fire nor return fire."),
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
    RulesOption(
        MOB_CHECKS_AT_THE_SHOT, "Civilian casualty checks after a deadly fire",
        (Reading("at_the_shot", "Lines of fire as the shot was fired",
                 "The lines of fire a civilian casualty check measures, and the place the fire "
                 "fell, are taken as the attack is thrown, to every target figure then standing: "
                 "a fire that kills its whole target still checks each crowd it passed."),
         Reading("after_the_casualties", "Lines to the survivors (corrected)",
                 "The engine measured the lines after the casualties were taken, to the target's "
                 "survivors only, so a fire that wiped out its target checked no crowd at all; "
                 "kept only so that older saves replay.")),
        default="at_the_shot", legacy="after_the_casualties", rule_ids=("FF-136", "FF-132"),
        modules=("civilians",), seed_lines="seed 003 lines 309, 313", offered=False,
        text="A correction, not a choice: the check belongs to a shot whose line of fire passes "
             "near a crowd, whatever that shot then does to its target."),
    RulesOption(
        STRESS_LEADER_GONE, "Combat stress: a leader who has left the fight",
        (Reading("counts_no_more", "His modifier goes with him",
                 "A Positive or Negative Leader who stops leading (killed, wounded, captured, or "
                 "removed from the table, by a failed Stress Test too) counts no more, at once: "
                 "each unit whose Stress Level counted a leader within reach has its leadership "
                 "judged again without him, and the units that test after him test at that level."),
         Reading("counted_till_next_turn", "It stayed until the next turn (corrected)",
                 "The engine kept the Stress Levels worked out as the turn began, a leader gone "
                 "since still in them, until the next turn began; kept only so that older saves "
                 "replay.")),
        default="counts_no_more", legacy="counted_till_next_turn",
        rule_ids=("FF-109", "FF-096", "FF-100", "FF-105"), modules=("combat_stress",),
        seed_lines="seed 003 lines 233-235, 259, 265", offered=False,
        text="A correction, not a choice: a leader's rating works on the units he is near, and "
             "any penalty of the Stress Tests takes effect at once; a leader who is gone is near "
             "no one."),
), retired={
    RETIRED_ESCORTS: "since issue 26 it is Contracting Trouble's own special rule; a "
                               "scenario plays it by listing \"escorts_held_at_the_end\" in its "
                               "special_rules (docs/formats.md)"})
"""The Ambush Alley rules options, in the order the reference lists them (the corrections,
``offered=False``, last)."""

RETIRED: dict[str, tuple[str, ...]] = {RETIRED_ESCORTS: ("held", "on_the_ground")}
"""Options that are options no more, and the values saves may record for them.
``escorts_not_brought_out`` was read into CT-046 until issue 26; it is Contracting
Trouble's own special rule ``escorts_held_at_the_end`` now (the scenario file says so).
A save that records it keeps it: it is part of its hashed state, and it says how the game
scored (:func:`ambush_gui.alley.victory.escorts_held_at_the_end`)."""


def split_retired(chosen: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """``chosen`` split into the options of today and the retired ones (each value
    checked: one of the values it had)."""
    today, retired = {}, {}
    for name, value in chosen.items():
        if name in RETIRED:
            if value not in RETIRED[name]:
                raise OptionError(f"rules option {name}: {value!r} is not one of its readings "
                                  f"({', '.join(RETIRED[name])})")
            retired[name] = value
        else:
            today[name] = value
    return today, retired



def carried_with_the_unit(g: AlleyGame) -> bool:
    """DC-004, DC-023, CT-016, house rules AA-005 and CT-050 (the correction
    ``carried_figures``): a carried figure stands with its unit and sees nothing for it."""
    return reading(g, CARRIED) == "with_the_unit"


def dependants_slow_every_move(g: AlleyGame) -> bool:
    """DC-006 (the correction ``dependants_on_every_move``): does holding a Dependant hold
    every move of the turn to the Cautious limit, or (older saves) only the planned one?"""
    return reading(g, DEPENDANTS_SLOW) == "every_move"


def reading(g: AlleyGame, name: str) -> str:
    """The reading ``g`` plays for option ``name`` (a game built by hand plays the legacy ones)."""
    return g.options.get(name) or OPTIONS.get(name).legacy
