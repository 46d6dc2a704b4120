"""Deliberately broken copies of reference/su21/hog.py, one per known bug class of the
Summer 2021 edition (same format as catalogue.py, which holds Fall 2019's).

Each mutant is the reference with a few (old, new) text replacements, applied in order;
every `old` must occur exactly once in the text it is applied to. `owner` is the question
whose own cases must catch the bug (score 0 there); a mutant may also fail the questions
that call the broken function (CALLERS) and those in `also`; every other question must
keep full marks.
"""

from dataclasses import dataclass
from typing import FrozenSet, List, Optional, Sequence, Tuple

EDITION = "su21"

# 06 judges the commentary on the turns the student's own play plays, whatever their
# scores (no bug of play or of the turn functions costs it a point); 07 calls
# announce_highest directly, never through play.
PLAY = frozenset({"05"})
CALLERS = {
    "roll_dice": frozenset({"03", "09"}) | PLAY,
    "piggy_points": frozenset({"03", "10", "11"}) | PLAY,
    "take_turn": PLAY,
    "more_boar": frozenset({"11"}) | PLAY,
    "play": PLAY,
    "extra_turns": frozenset(),
    "commentary": frozenset(),
    "announce_highest": frozenset(),
    "make_averaged": frozenset({"09"}),
    "max_scoring_num_rolls": frozenset(),
    "piggypoints_strategy": frozenset({"11"}),
    "more_boar_strategy": frozenset(),
    "final_strategy": frozenset(),
}


@dataclass(frozen=True)
class Mutant:
    name: str
    owner: str
    broken: str  # the function it breaks: a key of CALLERS
    patch: Sequence[Tuple[str, str]]
    why: str
    also: FrozenSet[str] = frozenset()
    exactly: Optional[FrozenSet[str]] = None  # the whole set it may fail, when pinned

    @property
    def may_fail(self) -> FrozenSet[str]:
        if self.exactly is not None:
            return self.exactly
        return CALLERS[self.broken] | self.also | {self.owner}

    def apply(self, source: str) -> str:
        for old, new in self.patch:
            count = source.count(old)
            if count != 1:
                raise ValueError(f"mutant {self.name}: {old!r} occurs {count} times "
                                 "in the source it patches (must be exactly once)")
            source = source.replace(old, new)
        return source


TURN0 = "            score0 += take_turn(strategy0(score0, score1), score1, dice, goal)\n"
TURN1 = "            score1 += take_turn(strategy1(score1, score0), score0, dice, goal)\n"
AGAIN0 = "            again = more_boar(score0, score1)\n"
AGAIN1 = "            again = more_boar(score1, score0)\n"
NEXT = "        if not again:\n            who = next_player(who)\n"
SAY = "        say = say(score0, score1)\n"
PIGGY = "    return 4 + abs(score // 10 % 10 - score % 10)\n"
BOAR = ("    return (smallest(player_score) < smallest(opponent_score)\n"
        "            and largest(player_score) > largest(opponent_score))\n")
HIGH = "        if gain > running_high:\n"
FINAL = "    return int(FINAL_STRATEGY_TABLE[score][opponent_score], 16)\n"

MUTANTS = [
    # --- 01 roll_dice -------------------------------------------------------------
    Mutant("roll_stops_after_a_one", "01", "roll_dice",
           [("            sow_sad = True\n", "            return 1\n")],
           "stops rolling at the first 1: dice called fewer than num_rolls times"),
    Mutant("roll_one_extra_die", "01", "roll_dice",
           [("for _ in range(num_rolls):", "for _ in range(num_rolls + 1):")],
           "calls dice num_rolls + 1 times"),
    Mutant("sow_sad_scores_zero", "01", "roll_dice",
           [("return 1 if sow_sad else total", "return 0 if sow_sad else total")],
           "Sow Sad scores 0 instead of 1"),
    Mutant("sow_sad_ignored", "01", "roll_dice",
           [("return 1 if sow_sad else total", "return total")],
           "the sum is returned even after a 1"),
    Mutant("sow_sad_only_first_die", "01", "roll_dice",
           [("        if outcome == 1:\n", "        if outcome == 1 and total == 0:\n")],
           "only a 1 on the first die counts"),
    # --- 02 piggy_points ----------------------------------------------------------
    Mutant("piggy_first_and_last_character", "02", "piggy_points",
           [(PIGGY, "    return 4 + abs(int(str(score)[0]) - score % 10)\n")],
           "a one-digit score's tens digit taken as itself, a 3-digit score's as its first digit"),
    Mutant("piggy_three_digit_tens", "02", "piggy_points",
           [(PIGGY, "    return 4 + abs(score // 10 - score % 10)\n")],
           "the tens digit of 156 taken as 15"),
    Mutant("piggy_no_abs", "02", "piggy_points",
           [(PIGGY, "    return 4 + (score // 10 % 10 - score % 10)\n")],
           "tens minus ones without the absolute value"),
    Mutant("piggy_plus_three", "02", "piggy_points",
           [(PIGGY, "    return 3 + abs(score // 10 % 10 - score % 10)\n")],
           "3 points added instead of 4"),
    Mutant("piggy_with_a_for_loop", "02", "piggy_points",
           [(PIGGY, "    digits = 0, 0\n    for _ in range(1):\n"
                    "        digits = score // 10 % 10, score % 10\n"
                    "    return 4 + abs(digits[0] - digits[1])\n")],
           "right values, but written with a for statement and square brackets"),
    # --- 03 take_turn -------------------------------------------------------------
    Mutant("take_turn_ignores_dice", "03", "take_turn",
           [("    return roll_dice(num_rolls, dice)\n    # END PROBLEM 3",
             "    return roll_dice(num_rolls)\n    # END PROBLEM 3")],
           "rolls six_sided instead of the dice it was given"),
    Mutant("take_turn_rolls_on_zero_dice", "03", "take_turn",
           [("    if num_rolls == 0:\n        return piggy_points(opponent_score)\n",
             "    if num_rolls == 0:\n        roll_dice(1, dice)\n"
             "        return piggy_points(opponent_score)\n")],
           "Piggy Points still rolls (and throws away) a die"),
    Mutant("take_turn_goal_is_100", "03", "take_turn",
           [("assert opponent_score < goal, 'The game should be over.'",
             "assert opponent_score < 100, 'The game should be over.'")],
           "the goal argument is ignored: opponents at 100 or more stop the turn"),
    # --- 04 more_boar -------------------------------------------------------------
    Mutant("boar_min_not_strict", "04", "more_boar",
           [(BOAR, BOAR.replace("smallest(player_score) <", "smallest(player_score) <="))],
           "equal smallest digits count"),
    Mutant("boar_max_not_strict", "04", "more_boar",
           [(BOAR, BOAR.replace("largest(player_score) >", "largest(player_score) >="))],
           "equal largest digits count"),
    Mutant("boar_either_condition", "04", "more_boar",
           [(BOAR, BOAR.replace("            and", "            or"))],
           "one of the two conditions is enough"),
    Mutant("boar_padded_one_digit", "04", "more_boar",
           [("        return n if n < 10 else min(n % 10, smallest(n // 10))\n",
             "        return 0 if n < 10 else min(n % 10, smallest(n // 10))\n")],
           "a one-digit score's smallest digit taken as 0 (as if written 07)"),
    Mutant("boar_last_two_digits", "04", "more_boar",
           [(BOAR, "    player_score, opponent_score = player_score % 100, opponent_score % 100\n"
                   + BOAR)],
           "only the last two digits of a 3-digit score count"),
    Mutant("boar_reversed", "04", "more_boar",
           [(BOAR, BOAR.replace("smallest(player_score) < smallest(opponent_score)",
                                "smallest(player_score) > smallest(opponent_score)")
                   .replace("largest(player_score) > largest(opponent_score)",
                            "largest(player_score) < largest(opponent_score)"))],
           "the comparisons point the other way"),
    # --- 05 play ------------------------------------------------------------------
    Mutant("play_goal_exclusive", "05", "play",
           [("while score0 < goal and score1 < goal:", "while score0 <= goal and score1 <= goal:")],
           "the game goes on when a score equals the goal"),
    Mutant("play_until_both_reach_goal", "05", "play",
           [("while score0 < goal and score1 < goal:", "while score0 < goal or score1 < goal:")],
           "the game goes on until both players reach the goal (take_turn's assertion stops "
           "it once the opponent has reached the goal: 06 stops too)", also=frozenset({"06"})),
    Mutant("play_strategy1_argument_order", "05", "play",
           [(TURN1, TURN1.replace("strategy1(score1, score0)", "strategy1(score0, score1)"))],
           "player 1's strategy gets (score0, score1) instead of (own, opponent)"),
    Mutant("play_strategy_called_twice", "05", "play",
           [(TURN0, "            strategy0(score0, score1)\n" + TURN0)],
           "player 0's strategy is asked twice per turn"),
    Mutant("play_asks_the_other_strategy", "05", "play",
           [(TURN0, "            strategy1(score1, score0)\n" + TURN0),
            (TURN1, "            strategy0(score0, score1)\n" + TURN1)],
           "both strategies are asked every turn (the page forbids it)"),
    Mutant("play_piggy_on_own_score", "05", "play",
           [(TURN0, TURN0.replace(", score1, dice, goal)", ", score0, dice, goal)"))],
           "player 0's turn passes its own score to take_turn"),
    Mutant("play_take_turn_without_goal", "05", "play",
           [(TURN0, TURN0.replace(", dice, goal)", ", dice)")),
            (TURN1, TURN1.replace(", dice, goal)", ", dice)"))],
           "take_turn is not given the goal"),
    Mutant("play_no_more_boar", "05", "extra_turns",
           [(NEXT, "        who = next_player(who)\n")],
           "More Boar ignored: players always alternate"),
    Mutant("play_more_boar_arguments_swapped", "05", "extra_turns",
           [(AGAIN0 + "        else:\n" + TURN1 + AGAIN1,
             AGAIN1 + "        else:\n" + TURN1 + AGAIN0)],
           "More Boar asked with the opponent's score first"),
    Mutant("play_more_boar_player0_only", "05", "extra_turns",
           [(AGAIN1, "            again = False\n")],
           "only player 0 gets More Boar extra turns"),
    Mutant("play_more_boar_before_points", "05", "extra_turns",
           [(TURN0 + AGAIN0, AGAIN0 + TURN0), (TURN1 + AGAIN1, AGAIN1 + TURN1)],
           "More Boar judged on the scores before the turn's points"),
    Mutant("play_more_boar_no_chain", "05", "extra_turns",
           [(NEXT, "        if not again or extra:\n            who = next_player(who)\n"
                   "            extra = False\n        else:\n            extra = True\n"),
            ("    while score0 < goal and score1 < goal:\n",
             "    extra = False\n    while score0 < goal and score1 < goal:\n")],
           "at most one extra turn in a row"),
    Mutant("play_more_boar_beats_the_goal", "05", "extra_turns",
           [("    while score0 < goal and score1 < goal:\n",
             "    again = False\n    while again or (score0 < goal and score1 < goal):\n")],
           "an extra turn is played even after the goal is reached"),
    # --- 06 commentary --------------------------------------------------------------
    Mutant("say_not_rebound", "06", "commentary",
           [(SAY, "        say(score0, score1)\n")],
           "the commentary function returned is thrown away"),
    Mutant("say_extra_call_at_start", "06", "commentary",
           [("    while score0 < goal and score1 < goal:\n",
             "    say = say(score0, score1)\n    while score0 < goal and score1 < goal:\n")],
           "commentary called once more, before the first turn"),
    Mutant("say_not_on_last_turn", "06", "commentary",
           [(SAY, "        if score0 < goal and score1 < goal:\n    " + SAY)],
           "no commentary after the turn that ends the game"),
    Mutant("say_not_on_extra_turns", "06", "commentary",
           [(SAY, "        if not again or max(score0, score1) >= goal:\n    " + SAY)],
           "no commentary after a turn that earns an extra turn"),
    Mutant("say_mover_first", "06", "commentary",
           [(SAY, "        say = say(score0, score1) if who == 0 or not again else "
                  "say(score1, score0)\n")],
           "commentary gets the mover's score first when an extra turn follows"),
    # --- 07 announce_highest --------------------------------------------------------
    Mutant("highest_ties_announced", "07", "announce_highest",
           [(HIGH, "        if gain >= running_high:\n")],
           "a gain equal to the highest so far is announced"),
    Mutant("highest_gain_from_zero", "07", "announce_highest",
           [("        gain = score - last_score\n", "        gain = score\n")],
           "the gain is the whole score"),
    Mutant("highest_last_score_kept_stale", "07", "announce_highest",
           [("        return announce_highest(who, score, running_high)\n",
             "        return announce_highest(who, last_score, running_high)\n")],
           "the last score is updated only when a gain is announced"),
    Mutant("highest_wrong_text", "07", "announce_highest",
           [("'has reached a new maximum point gain.', gain, 'point(s)!'",
             "'has reached a new maximum point gain.', gain, 'points!'")],
           "the announcement's text differs"),
    Mutant("highest_watches_player0", "07", "announce_highest",
           [("        score = score1 if who else score0\n", "        score = score0\n")],
           "always follows Player 0's score"),
    Mutant("highest_arguments_swapped", "07", "announce_highest",
           [("            return announce_highest(who, score, gain)\n",
             "            return announce_highest(who, gain, score)\n")],
           "last_score and running_high passed in the wrong order"),
    # --- 08 make_averaged -----------------------------------------------------------
    Mutant("averaged_floor_division", "08", "make_averaged",
           [("return total / trials_count", "return total // trials_count")],
           "integer division: the mean loses its fraction"),
    Mutant("averaged_drops_arguments", "08", "make_averaged",
           [("total += original_function(*args)", "total += original_function()")],
           "called without the arguments given to the averaged function"),
    Mutant("averaged_fixed_trials", "08", "make_averaged",
           [("for _ in range(trials_count):", "for _ in range(1000):"),
            ("return total / trials_count", "return total / 1000")],
           "trials_count ignored: always 1000 trials"),
    Mutant("averaged_single_trial", "08", "make_averaged",
           [("        total = 0\n", "        return original_function(*args)\n")],
           "called once: no average at all"),
    # --- 09 max_scoring_num_rolls ---------------------------------------------------
    Mutant("max_rolls_ties_to_larger", "09", "max_scoring_num_rolls",
           [("if average > best_average:", "if average >= best_average:")],
           "a tie goes to the larger number of dice"),
    Mutant("max_rolls_stops_at_nine", "09", "max_scoring_num_rolls",
           [("for num_rolls in range(2, 11):", "for num_rolls in range(2, 10):")],
           "10 dice are never tried"),
    Mutant("max_rolls_own_dice", "09", "max_scoring_num_rolls",
           [("best_rolls, best_average = 1, averaged_roll(1, dice)",
             "best_rolls, best_average = 1, averaged_roll(1)"),
            ("average = averaged_roll(num_rolls, dice)", "average = averaged_roll(num_rolls)")],
           "rolls six_sided instead of the dice it was given"),
    Mutant("max_rolls_default_trials", "09", "max_scoring_num_rolls",
           [("averaged_roll = make_averaged(roll_dice, trials_count)",
             "averaged_roll = make_averaged(roll_dice)")],
           "trials_count not passed on to make_averaged"),
    # --- 10 piggypoints_strategy ----------------------------------------------------
    Mutant("piggy_strategy_cutoff_exclusive", "10", "piggypoints_strategy",
           [("if piggy_points(opponent_score) >= cutoff:", "if piggy_points(opponent_score) > cutoff:")],
           "Piggy Points equal to the cutoff does not count"),
    Mutant("piggy_strategy_own_score", "10", "piggypoints_strategy",
           [("if piggy_points(opponent_score) >= cutoff:", "if piggy_points(score) >= cutoff:")],
           "Piggy Points on the mover's own score"),
    # --- 11 more_boar_strategy ------------------------------------------------------
    Mutant("boar_strategy_before_points", "11", "more_boar_strategy",
           [("if more_boar(score + piggy_points(opponent_score), opponent_score):",
             "if more_boar(score, opponent_score):")],
           "More Boar checked on the score before Piggy Points"),
    Mutant("boar_strategy_default_cutoff", "11", "more_boar_strategy",
           [("return piggypoints_strategy(score, opponent_score, cutoff, num_rolls)",
             "return piggypoints_strategy(score, opponent_score)")],
           "cutoff and num_rolls not passed on"),
    Mutant("boar_strategy_points_to_opponent", "11", "more_boar_strategy",
           [("if more_boar(score + piggy_points(opponent_score), opponent_score):",
             "if more_boar(score, opponent_score + piggy_points(opponent_score)):")],
           "Piggy Points added to the opponent's score"),
    # --- 12 final_strategy ----------------------------------------------------------
    Mutant("final_eleven_somewhere", "12", "final_strategy",
           [(FINAL, "    if (score, opponent_score) == (57, 31):\n        return 11\n" + FINAL)],
           "returns 11 dice at one score pair"),
    Mutant("final_float", "12", "final_strategy",
           [(FINAL, "    return float(int(FINAL_STRATEGY_TABLE[score][opponent_score], 16))\n")],
           "returns a float, not an int"),
    Mutant("final_random", "12", "final_strategy",
           [(FINAL, "    import random\n    return random.choice([4, 5, 6])\n")],
           "not a function of the scores: a random choice each call"),
    Mutant("final_slow", "12", "final_strategy",
           [(FINAL, "    max_scoring_num_rolls()\n" + FINAL)],
           "calls max_scoring_num_rolls on every call: far too slow"),
]


# --- real students' play bugs, generated: play's (5's) alone, never the commentary's ----

LOOP = "    while score0 < goal and score1 < goal:\n"
RETURN = "    return score0, score1\n\n\n####"


def _play(name: str, patch, why: str) -> Mutant:
    return Mutant(f"real_{name}", "05", "play", patch, why, exactly=frozenset({"05"}))


def real_play_bugs() -> List[Mutant]:
    """Several forms of each play bug real students' commentary was once charged for."""
    out = []
    for name, condition in (("both", "score0 <= goal and score1 <= goal"),
                            ("player0", "score0 <= goal and score1 < goal"),
                            ("player1", "score0 < goal and score1 <= goal"),
                            ("max", "max(score0, score1) <= goal")):
        out.append(_play(f"turn_after_goal_inclusive_{name}",
                         [(LOOP, f"    while {condition}:\n")],
                         "the game goes on when a score equals the goal"))
    for name, condition in (("player0_leads", "score0 > score1"),
                            ("player1_leads", "score1 > score0"),
                            ("player0_next", "who == 0"),
                            ("player1_next", "who == 1")):
        out.append(_play(f"missing_return_{name}",
                         [(RETURN, f"    if {condition}:\n        return score0, score1\n\n\n####")],
                         "play returns the scores in one branch only (None in the other)"))
    for who, turn in ((0, TURN0), (1, TURN1)):
        ask = f"strategy{who}(score{who}, score{1 - who})"
        out.append(_play(f"strategy_twice_player{who}",
                         [(turn, f"            {ask}\n" + turn)],
                         f"strategy{who} is asked twice per turn"))
    out.append(_play("strategy_twice_for_the_record",
                     [(TURN0, "            rolls = strategy0(score0, score1)\n" + TURN0)],
                     "strategy0 is asked once to record its answer and once for the roll"))
    return out


MUTANTS += real_play_bugs()
