"""Deliberately broken copies of reference/sp14/hog.py, one per known bug class of the
Spring 2014 edition (same format as catalogue.py, which holds Fall 2019's).

Each mutant is the reference with a few (old, new) text replacements, applied in order;
every `old` must occur exactly once in the text it is applied to. `owner` is the question
whose own cases must catch the bug (score 0 there); a mutant may also fail the questions
that call the broken function (CALLERS) and those in `also`; every other question must
keep full marks.
"""

from dataclasses import dataclass
from typing import FrozenSet, List, Sequence, Tuple

EDITION = "sp14"

# Who calls what: 02 take_turn rolls with roll_dice; 04's games run play, take_turn,
# roll_dice and (in the cases that give each kind of dice its own test die) select_dice;
# 06 averages roll_dice with make_averaged; 07, 08 and 09 read Free Bacon through
# take_turn(0, ...); 08 falls back on bacon_strategy; 09 also asks select_dice.
CALLERS = {
    "roll_dice": frozenset({"02", "04", "06"}),
    "take_turn": frozenset({"04", "07", "08", "09"}),
    "select_dice": frozenset({"04", "09"}),
    "play": frozenset({"04"}),
    "make_averaged": frozenset({"06"}),
    "max_scoring_num_rolls": frozenset(),
    "bacon_strategy": frozenset({"08"}),
    "swap_strategy": frozenset(),
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

    @property
    def may_fail(self) -> FrozenSet[str]:
        return CALLERS[self.broken] | self.also | {self.owner}

    def apply(self, source: str) -> str:
        for old, new in self.patch:
            count = source.count(old)
            if count != 1:
                raise ValueError(f"mutant {self.name}: {old!r} occurs {count} times "
                                 "in the source it patches (must be exactly once)")
            source = source.replace(old, new)
        return source


PIG = "        if outcome == 1:\n            pigged_out = True\n"
BACON = "        return 1 + max(int(digit) for digit in str(opponent_score))\n"
WILD = "    if (score + opponent_score) % 7 == 0:\n"
TURN0 = ("            score0 += take_turn(strategy0(score0, score1), score1, "
         "select_dice(score0, score1))\n")
TURN1 = ("            score1 += take_turn(strategy1(score1, score0), score0, "
         "select_dice(score1, score0))\n")
LOOP = "    while score0 < goal and score1 < goal:\n"
SWAP = ("        if score0 == 2 * score1 or score1 == 2 * score0:\n"
        "            score0, score1 = score1, score0\n")
AVERAGE = "            total += fn(*args)\n"
BEST = "        if best_average is None or average > best_average:\n"
MARGIN = "    if take_turn(0, opponent_score) >= margin:\n"
HELPS = ("    bacon_score = score + take_turn(0, opponent_score)\n"
         "    if opponent_score == 2 * bacon_score:\n        return 0\n")
HURTS = "    if bacon_score == 2 * opponent_score:\n        return num_rolls\n"
FALLBACK = "    return bacon_strategy(score, opponent_score, margin, num_rolls)\n"
FINAL = "    return 3 if wild else 5\n"

MUTANTS = [
    # --- 01 roll_dice -------------------------------------------------------------
    Mutant("roll_stops_after_a_one", "01", "roll_dice",
           [("            pigged_out = True\n", "            return 1\n")],
           "stops rolling at the first 1: dice called fewer than num_rolls times"),
    Mutant("roll_one_extra_die", "01", "roll_dice",
           [("    for _ in range(num_rolls):\n        outcome = dice()\n",
             "    for _ in range(num_rolls + 1):\n        outcome = dice()\n")],
           "calls dice num_rolls + 1 times"),
    Mutant("pig_out_scores_zero", "01", "roll_dice",
           [("return 1 if pigged_out else total", "return 0 if pigged_out else total")],
           "Pig Out scores 0 instead of 1"),
    Mutant("pig_out_scores_the_sum", "01", "roll_dice",
           [("return 1 if pigged_out else total", "return total")],
           "Pig Out ignored: the sum is returned even after a 1"),
    Mutant("pig_out_last_die_only", "01", "roll_dice",
           [(PIG, "        pigged_out = outcome == 1\n")],
           "only a 1 on the last die counts as Pig Out"),
    # --- 02 take_turn -------------------------------------------------------------
    Mutant("bacon_smallest_digit", "02", "take_turn",
           [(BACON, BACON.replace("max(", "min("))],
           "Free Bacon from the smallest digit instead of the largest"),
    Mutant("bacon_tens_and_ones_only", "02", "take_turn",
           [(BACON, "        return 1 + max(opponent_score // 10 % 10, opponent_score % 10)\n")],
           "a three-digit score's hundreds digit is ignored (100 gives 1, not 2)"),
    Mutant("bacon_whole_tens", "02", "take_turn",
           [(BACON, "        return 1 + max(opponent_score // 10, opponent_score % 10)\n")],
           "the 'tens digit' of a three-digit score is its first two digits"),
    Mutant("bacon_without_the_one", "02", "take_turn",
           [(BACON, BACON.replace("return 1 + max", "return max"))],
           "Free Bacon is the largest digit, without the extra point"),
    Mutant("take_turn_ignores_dice", "02", "take_turn",
           [("    return roll_dice(num_rolls, dice)\n", "    return roll_dice(num_rolls)\n")],
           "rolls six_sided instead of the dice it was given"),
    Mutant("take_turn_rolls_on_zero_dice", "02", "take_turn",
           [("    if num_rolls == 0:\n        return 1 + max",
             "    if num_rolls == 0:\n        dice()\n        return 1 + max")],
           "Free Bacon still rolls (and throws away) a die"),
    Mutant("take_turn_bacon_for_one_die", "02", "take_turn",
           [("    if num_rolls == 0:\n        return 1 + max",
             "    if num_rolls <= 1:\n        return 1 + max")],
           "one die is scored as Free Bacon"),
    Mutant("take_turn_no_upper_limit", "02", "take_turn",
           [("    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'\n", "")],
           "more than 10 dice are rolled instead of refused"),
    # --- 03 select_dice -----------------------------------------------------------
    Mutant("wild_not_at_zero", "03", "select_dice",
           [(WILD, "    if (score + opponent_score) % 7 == 0 and score + opponent_score > 0:\n")],
           "a sum of 0 is not taken as a multiple of 7"),
    Mutant("wild_inverted", "03", "select_dice",
           [(WILD, "    if (score + opponent_score) % 7 != 0:\n")],
           "four-sided dice everywhere except at multiples of 7"),
    Mutant("wild_mover_score_only", "03", "select_dice",
           [(WILD, "    if score % 7 == 0:\n")],
           "only the mover's score is checked for a multiple of 7"),
    Mutant("wild_ends_in_seven", "03", "select_dice",
           [(WILD, "    if (score + opponent_score) % 10 == 7:\n")],
           "the sum ending in 7 mistaken for a multiple of 7"),
    # --- 04 play ------------------------------------------------------------------
    Mutant("play_goal_exclusive", "04", "play",
           [(LOOP, "    while score0 <= goal and score1 <= goal:\n")],
           "the game goes on when a score equals the goal"),
    Mutant("play_until_both_reach_goal", "04", "play",
           [(LOOP, "    while score0 < goal or score1 < goal:\n")],
           "the game goes on until both players reach the goal"),
    Mutant("play_no_swap", "04", "play", [(SWAP, "")], "Swine Swap never happens"),
    Mutant("play_swap_when_player0_doubles", "04", "play",
           [(SWAP, SWAP.replace("score0 == 2 * score1 or score1 == 2 * score0",
                                "score0 == 2 * score1"))],
           "scores swap only when player 0's is the double"),
    Mutant("play_swap_when_player1_doubles", "04", "play",
           [(SWAP, SWAP.replace("score0 == 2 * score1 or score1 == 2 * score0",
                                "score1 == 2 * score0"))],
           "scores swap only when player 1's is the double"),
    Mutant("play_swap_before_points", "04", "play",
           [(SWAP, ""), (LOOP, LOOP + SWAP)],
           "the swap is checked on the scores before the turn's points"),
    Mutant("play_game_ends_before_swap", "04", "play",
           [(SWAP, "        if score0 >= goal or score1 >= goal:\n            break\n" + SWAP)],
           "reaching the goal ends the game before the swap is checked"),
    Mutant("play_same_player_after_swap", "04", "play",
           [(SWAP, SWAP + "            who = other(who)\n")],
           "after a swap the same player moves again"),
    Mutant("play_strategy1_argument_order", "04", "play",
           [(TURN1, TURN1.replace("strategy1(score1, score0)", "strategy1(score0, score1)"))],
           "player 1's strategy gets (score0, score1) instead of (own, opponent)"),
    Mutant("play_strategy_called_twice", "04", "play",
           [(TURN0, "            strategy0(score0, score1)\n" + TURN0)],
           "player 0's strategy is asked twice per turn"),
    Mutant("play_bacon_from_own_score", "04", "play",
           [(TURN0, TURN0.replace("score1, select_dice", "score0, select_dice"))],
           "take_turn gets the mover's own score for Free Bacon"),
    Mutant("play_always_six_sided", "04", "play",
           [(TURN0, TURN0.replace("select_dice(score0, score1)", "six_sided")),
            (TURN1, TURN1.replace("select_dice(score1, score0)", "six_sided"))],
           "Hog Wild ignored: six-sided dice every turn"),
    Mutant("play_dice_from_mover_score", "04", "play",
           [(TURN0, TURN0.replace("select_dice(score0, score1)", "select_dice(score0, 0)")),
            (TURN1, TURN1.replace("select_dice(score1, score0)", "select_dice(score1, 0)"))],
           "Hog Wild looks at the mover's score only"),
    # --- 05 make_averaged ---------------------------------------------------------
    Mutant("averaged_floor_division", "05", "make_averaged",
           [("return total / num_samples", "return total // num_samples")],
           "integer division: the mean loses its fraction"),
    Mutant("averaged_drops_arguments", "05", "make_averaged",
           [(AVERAGE, "            total += fn()\n")],
           "fn is called without the arguments given to the averaged function"),
    Mutant("averaged_fixed_samples", "05", "make_averaged",
           [("        for _ in range(num_samples):\n" + AVERAGE,
             "        for _ in range(1000):\n" + AVERAGE),
            ("return total / num_samples", "return total / 1000")],
           "num_samples ignored: always 1000 samples"),
    Mutant("averaged_single_sample", "05", "make_averaged",
           [("        total = 0\n        for _ in range(num_samples):\n",
             "        return fn(*args)\n        for _ in range(num_samples):\n")],
           "fn is called once: no average at all"),
    Mutant("averaged_one_call_too_many", "05", "make_averaged",
           [("        for _ in range(num_samples):\n" + AVERAGE,
             "        for _ in range(num_samples + 1):\n" + AVERAGE)],
           "fn is called num_samples + 1 times"),
    # --- 06 max_scoring_num_rolls -------------------------------------------------
    Mutant("max_rolls_ties_to_larger", "06", "max_scoring_num_rolls",
           [(BEST, BEST.replace("average > best_average", "average >= best_average"))],
           "a tie goes to the larger number of dice"),
    Mutant("max_rolls_stops_at_nine", "06", "max_scoring_num_rolls",
           [("    for num_rolls in range(1, 11):\n", "    for num_rolls in range(1, 10):\n")],
           "10 dice are never tried"),
    Mutant("max_rolls_own_dice", "06", "max_scoring_num_rolls",
           [("average = averaged_roll(num_rolls, dice)", "average = averaged_roll(num_rolls)")],
           "rolls six_sided instead of the dice it was given"),
    Mutant("max_rolls_fewer_samples", "06", "max_scoring_num_rolls",
           [("averaged_roll = make_averaged(roll_dice)",
             "averaged_roll = make_averaged(roll_dice, 100)")],
           "averages over 100 turns instead of 1000"),
    Mutant("max_rolls_says_nothing", "06", "max_scoring_num_rolls",
           [("        print(num_rolls, 'dice scores', average, 'on average')\n", "")],
           "the averages are not printed"),
    Mutant("max_rolls_other_words", "06", "max_scoring_num_rolls",
           [("print(num_rolls, 'dice scores', average, 'on average')",
             "print(num_rolls, 'dice score', average, 'on average')")],
           "the printed line's words differ"),
    # --- 07 bacon_strategy --------------------------------------------------------
    Mutant("bacon_margin_exclusive", "07", "bacon_strategy",
           [(MARGIN, MARGIN.replace(">= margin", "> margin"))],
           "Free Bacon equal to the margin does not count"),
    Mutant("bacon_from_own_score", "07", "bacon_strategy",
           [(MARGIN, MARGIN.replace("take_turn(0, opponent_score)", "take_turn(0, score)"))],
           "Free Bacon computed from the mover's own score"),
    Mutant("bacon_default_rolls", "07", "bacon_strategy",
           [("        return 0\n    return num_rolls\n    # END PROBLEM 7",
             "        return 0\n    return 5\n    # END PROBLEM 7")],
           "num_rolls ignored: always 5 dice"),
    # --- 08 swap_strategy ---------------------------------------------------------
    Mutant("swap_strategy_ignores_help", "08", "swap_strategy",
           [(HELPS, "    bacon_score = score + take_turn(0, opponent_score)\n")],
           "a swap that helps is not taken"),
    Mutant("swap_strategy_ignores_hurt", "08", "swap_strategy",
           [(HURTS, "")], "rolls 0 for Free Bacon even when the swap hurts"),
    Mutant("swap_strategy_help_and_hurt_confused", "08", "swap_strategy",
           [(HELPS, HELPS.replace("opponent_score == 2 * bacon_score",
                                  "bacon_score == 2 * opponent_score")),
            (HURTS, HURTS.replace("bacon_score == 2 * opponent_score",
                                  "opponent_score == 2 * bacon_score"))],
           "takes the swap that hurts and avoids the one that helps"),
    Mutant("swap_strategy_before_bacon", "08", "swap_strategy",
           [(HELPS, HELPS.replace("score + take_turn(0, opponent_score)", "score"))],
           "the swap is judged on the score before Free Bacon"),
    Mutant("swap_strategy_default_margin", "08", "swap_strategy",
           [(FALLBACK, "    return bacon_strategy(score, opponent_score, 8, num_rolls)\n")],
           "margin not passed on to bacon_strategy"),
    Mutant("swap_strategy_default_arguments", "08", "swap_strategy",
           [(FALLBACK, "    return bacon_strategy(score, opponent_score)\n")],
           "margin and num_rolls not passed on to bacon_strategy"),
    # --- 09 final_strategy --------------------------------------------------------
    Mutant("final_eleven_somewhere", "09", "final_strategy",
           [(FINAL, "    if (score, opponent_score) == (57, 31):\n        return 11\n" + FINAL)],
           "returns 11 dice at one score pair"),
    Mutant("final_float", "09", "final_strategy",
           [(FINAL, "    return 3.0 if wild else 5\n")],
           "returns a float, not an int, with four-sided dice"),
    Mutant("final_random", "09", "final_strategy",
           [(FINAL, "    import random\n    return random.choice([4, 5, 6])\n")],
           "not a function of the scores: a random choice each call"),
    Mutant("final_as_baseline", "09", "final_strategy",
           [("    bacon = take_turn(0, opponent_score)\n    bacon_score = score + bacon\n",
             "    return 5\n")],
           "valid but no better than the baseline: win rate 0.5"),
    Mutant("final_slow", "09", "final_strategy",
           [(FINAL, "    max_scoring_num_rolls()\n" + FINAL)],
           "calls max_scoring_num_rolls on every call: far too slow"),
]


# --- real students' play bugs, generated: play's (4's) alone ---------------------------

LOOP = "    while score0 < goal and score1 < goal:\n"
TURN0 = "            score0 += take_turn(strategy0(score0, score1), score1, select_dice(score0, score1))\n"


def real_play_bugs() -> List[Mutant]:
    """The play bugs real students wrote in other editions, in this edition's play (whose
    return line is the template's own)."""
    out = [Mutant(f"real_turn_after_goal_inclusive_{name}", "04", "play",
                  [(LOOP, f"    while {condition}:\n")],
                  "the game goes on when a score equals the goal")
           for name, condition in (("both", "score0 <= goal and score1 <= goal"),
                                   ("max", "max(score0, score1) <= goal"))]
    out.append(Mutant("real_strategy_twice_player0", "04", "play",
                      [(TURN0, "            strategy0(score0, score1)\n" + TURN0)],
                      "strategy0 is asked twice per turn"))
    return out


MUTANTS += real_play_bugs()
