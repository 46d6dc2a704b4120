"""Deliberately broken copies of reference/sp13/hog.py, one per known bug class of the
Spring 2013 edition (same format as catalogue.py, which holds Fall 2019's).

Each mutant is the reference with a few (old, new) text replacements, applied in order;
every `old` must occur exactly once in the text it is applied to. `owner` is the question
whose own cases must catch the bug (score 0 there); a mutant may also fail the questions
that call the broken function (CALLERS) and those in `also`; every other question must
keep full marks.
"""

from dataclasses import dataclass
from typing import FrozenSet, List, Sequence, Tuple

EDITION = "sp13"

# Who calls what: take_turn rolls with roll_dice; 03's commentary cases roll through
# roll_dice and take_turn (their points are not shown); 05's games run play, take_turn,
# roll_dice, num_allowed_dice and select_dice; 08 and 09 read Free Bacon through
# take_turn(0, ...); 09 also asks select_dice and make_mean_strategy. Commentary is
# silenced outside 03, so a commentary bug reaches no other question.
CALLERS = {
    "roll_dice": frozenset({"02", "03", "05"}),
    "take_turn": frozenset({"03", "05", "08", "09"}),
    # take_turn's call that passes the mover's name to roll_dice (03's rule) rolls the
    # turn's dice: its other bugs change points wherever a turn is scored
    "take_turn_name": frozenset({"02", "05", "08", "09"}),
    "commentary": frozenset(),
    "dice_rules": frozenset({"05", "09"}),
    "play": frozenset({"05"}),
    "make_average": frozenset(),
    "make_comeback_strategy": frozenset(),
    "make_mean_strategy": frozenset({"09"}),
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


ANNOUNCE = "        if commentary:\n            announce(outcome, who)\n"
PIG = "        if outcome == 1:\n            pigged_out = True\n"
BACON = "        points = 1 + opponent_score // 10 % 10\n"
ROLL = "        points = roll_dice(num_rolls, dice, who)\n"
TOUCHDOWN = "    if points % 6 == 0:\n        points += points // 6\n"
PRIME = "    if is_prime(points):\n        points = next_prime(points)\n"
DRAW = "    return draw_dice(n % 2 == 1, n >= 2, n >= 4, n == 6, dot)\n"
TIED = "    return 1 if (score + opponent_score) % 10 == 7 else 10\n"
WILD = "    return four_sided if (score + opponent_score) % 7 == 0 else six_sided\n"
LOOP = "    while scores[0] < goal and scores[1] < goal:\n"
ASK = ("        num_rolls = min(strategies[who](score, opponent_score),\n"
       "                        num_allowed_dice(score, opponent_score))\n")
TURN = ("        scores[who] += take_turn(num_rolls, opponent_score,\n"
        "                                 select_dice(score, opponent_score), name(who))\n")
WINNER = "    return 0 if scores[0] >= goal else 1\n"
AVERAGE = "            total += fn(*args)\n"
BEHIND = "        if opponent_score - score >= margin:\n"
MEAN = "        if points >= min_points and (total % 7 == 0 or total % 10 == 7):\n"
FINAL = "    return num_rolls\n    # END PROBLEM 9\n"

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
    Mutant("bacon_ones_digit", "02", "take_turn",
           [(BACON, "        points = 1 + opponent_score % 10\n")],
           "Free Bacon from the ones digit instead of the tens digit"),
    Mutant("bacon_whole_tens", "02", "take_turn",
           [(BACON, "        points = 1 + opponent_score // 10\n")],
           "a three-digit score's 'tens digit' taken as its first two digits"),
    Mutant("bacon_without_the_one", "02", "take_turn",
           [(BACON, "        points = opponent_score // 10 % 10\n")],
           "Free Bacon is the tens digit, without the extra point"),
    Mutant("touchdown_missing", "02", "take_turn", [(TOUCHDOWN, "")],
           "no Touchdown"),
    Mutant("touchdown_adds_six", "02", "take_turn",
           [(TOUCHDOWN, TOUCHDOWN.replace("points // 6", "6"))],
           "Touchdown adds 6 points instead of a sixth of the turn score"),
    Mutant("prime_missing", "02", "take_turn", [(PRIME, "")], "no Hogtimus Prime"),
    Mutant("prime_before_touchdown", "02", "take_turn",
           [(TOUCHDOWN + PRIME, PRIME + TOUCHDOWN)],
           "Hogtimus Prime before Touchdown (6 gives 7, not 11)"),
    Mutant("rules_skip_free_bacon", "02", "take_turn",
           [(BACON, "        return 1 + opponent_score // 10 % 10\n")],
           "Touchdown and Hogtimus Prime only for turns with dice"),
    Mutant("one_is_prime", "02", "take_turn",
           [("    if n < 2:\n        return False\n", "    if n < 1:\n        return False\n")],
           "1 counts as a prime"),
    Mutant("prime_squares_count", "02", "take_turn",
           [("    while divisor * divisor <= n:\n", "    while divisor * divisor < n:\n")],
           "squares of primes (4, 9, 25, 49) count as primes"),
    Mutant("next_prime_skips_one", "02", "take_turn",
           [("    n += 1\n    while not is_prime(n):\n", "    n += 2\n    while not is_prime(n):\n")],
           "the next prime after 2 comes out as 5"),
    Mutant("prime_again_and_again", "02", "take_turn",
           [(PRIME, PRIME.replace("    if is_prime", "    while is_prime"))],
           "Hogtimus Prime applied until the score is not prime: never stops"),
    Mutant("take_turn_ignores_dice", "02", "take_turn",
           [(ROLL, "        points = roll_dice(num_rolls, who=who)\n")],
           "rolls six_sided instead of the dice it was given"),
    Mutant("take_turn_rolls_on_zero_dice", "02", "take_turn",
           [(BACON, "        dice()\n" + BACON)],
           "Free Bacon still rolls (and throws away) a die"),
    Mutant("take_turn_bacon_for_one_die", "02", "take_turn",
           [("    if num_rolls == 0:\n" + BACON, "    if num_rolls <= 1:\n" + BACON)],
           "one die is scored as Free Bacon"),
    # --- 03 commentary ------------------------------------------------------------
    Mutant("announce_missing", "03", "commentary", [(ANNOUNCE, "")],
           "roll_dice never announces"),
    Mutant("announce_ignores_flag", "03", "commentary",
           [(ANNOUNCE, ANNOUNCE.replace("if commentary:", "if True:"))],
           "every die is announced even with commentary off"),
    Mutant("announce_skips_ones", "03", "commentary",
           [(ANNOUNCE, ANNOUNCE.replace("if commentary:", "if commentary and outcome != 1:"))],
           "a die showing 1 is not announced"),
    Mutant("announce_fixed_name", "03", "commentary",
           [(ANNOUNCE, ANNOUNCE.replace("announce(outcome, who)",
                                        "announce(outcome, 'Player 0')"))],
           "every die announced as Player 0's"),
    Mutant("take_turn_drops_the_name", "03", "take_turn_name",
           [("        points = roll_dice(num_rolls, dice, who)\n",
             "        points = roll_dice(num_rolls, dice)\n")],
           "take_turn rolls without the mover's name: every die announced as Somebody's"),
    Mutant("announce_once_per_roll", "03", "commentary",
           [(ANNOUNCE, ""),
            ("    return 1 if pigged_out else total\n",
             "    if commentary:\n        announce(total, who)\n"
             "    return 1 if pigged_out else total\n")],
           "one announcement of the total instead of one per die"),
    Mutant("take_turn_drops_the_name", "03", "take_turn",
           [(ROLL, "        points = roll_dice(num_rolls, dice)\n")],
           "take_turn does not pass the mover's name on to roll_dice"),
    Mutant("draw_two_on_the_back_diagonal", "03", "commentary",
           [(DRAW, "    return draw_dice(n % 2 == 1, n >= 4, n >= 2, n == 6, dot)\n")],
           "2 and 3 drawn on the backward diagonal (\\)"),
    Mutant("draw_ignores_dot", "03", "commentary",
           [(DRAW, DRAW.replace(", dot)", ", '*')"))],
           "always draws '*', whatever dot is given"),
    Mutant("draw_six_without_sides", "03", "commentary",
           [(DRAW, DRAW.replace("n == 6", "n > 6"))],
           "6 drawn as 4"),
    Mutant("draw_one_without_centre", "03", "commentary",
           [(DRAW, DRAW.replace("n % 2 == 1", "n in (3, 5)"))],
           "1 drawn as a blank face"),
    # --- 04 num_allowed_dice and select_dice --------------------------------------
    Mutant("tied_on_multiples_of_seven", "04", "dice_rules",
           [(TIED, TIED.replace("% 10 == 7", "% 7 == 0"))],
           "Hog Tied when the sum is a multiple of 7 instead of ending in 7"),
    Mutant("tied_mover_score_only", "04", "dice_rules",
           [(TIED, TIED.replace("(score + opponent_score) % 10", "score % 10"))],
           "Hog Tied looks at the mover's score only"),
    Mutant("tied_allows_no_dice", "04", "dice_rules",
           [(TIED, TIED.replace("return 1 if", "return 0 if"))],
           "Hog Tied allows 0 dice instead of 1"),
    Mutant("wild_not_at_zero", "04", "dice_rules",
           [(WILD, WILD.replace("% 7 == 0 else", "% 7 == 0 and score + opponent_score else"))],
           "a sum of 0 is not taken as a multiple of 7"),
    Mutant("wild_inverted", "04", "dice_rules",
           [(WILD, WILD.replace("% 7 == 0", "% 7 != 0"))],
           "four-sided dice everywhere except at multiples of 7"),
    Mutant("wild_mover_score_only", "04", "dice_rules",
           [(WILD, WILD.replace("(score + opponent_score) % 7", "score % 7"))],
           "Hog Wild looks at the mover's score only"),
    # --- 05 play ------------------------------------------------------------------
    Mutant("play_goal_exclusive", "05", "play",
           [(LOOP, LOOP.replace("< goal and scores[1] < goal", "<= goal and scores[1] <= goal"))],
           "the game goes on when a score equals the goal"),
    Mutant("play_until_both_reach_goal", "05", "play",
           [(LOOP, LOOP.replace(" and ", " or ")),
            (WINNER, "    return 0 if scores[0] > scores[1] else 1\n")],
           "the game goes on until both players reach the goal"),
    Mutant("play_winner_is_next_mover", "05", "play",
           [(WINNER, "    return who\n")],
           "returns the player who would move next, not the winner"),
    Mutant("play_winner_by_higher_score_at_goal", "05", "play",
           [(WINNER, "    return 0 if scores[0] > goal else 1\n")],
           "player 0 must pass the goal, not reach it"),
    Mutant("play_no_hog_tied", "05", "play",
           [(ASK, "        num_rolls = strategies[who](score, opponent_score)\n")],
           "the wish for dice is never cut down (Hog Tied ignored)"),
    Mutant("play_cap_with_max", "05", "play",
           [(ASK, ASK.replace("min(", "max("))],
           "max instead of min: at least the allowed number of dice"),
    Mutant("play_always_six_sided", "05", "play",
           [(TURN, TURN.replace("select_dice(score, opponent_score)", "six_sided"))],
           "Hog Wild ignored: six-sided dice every turn"),
    Mutant("play_dice_from_opponent_only", "05", "play",
           [(TURN, TURN.replace("select_dice(score, opponent_score)",
                                "select_dice(0, opponent_score)"))],
           "Hog Wild looks at the opponent's score only"),
    Mutant("play_strategy_argument_order", "05", "play",
           [(ASK, ASK.replace("strategies[who](score, opponent_score)",
                              "strategies[who](opponent_score, score)"))],
           "strategies get (opponent, own) instead of (own, opponent)"),
    Mutant("play_strategy_called_twice", "05", "play",
           [(ASK, "        strategies[who](score, opponent_score)\n" + ASK)],
           "the mover's strategy is asked twice per turn"),
    Mutant("play_no_name", "05", "play",
           [(TURN, TURN.replace(", name(who))", ")"))],
           "take_turn gets no name for the mover"),
    Mutant("play_other_players_name", "05", "play",
           [(TURN, TURN.replace("name(who)", "name(other(who))"))],
           "take_turn gets the other player's name"),
    Mutant("play_bacon_from_own_score", "05", "play",
           [(TURN, TURN.replace("take_turn(num_rolls, opponent_score,",
                                "take_turn(num_rolls, score,"))],
           "take_turn gets the mover's own score for Free Bacon"),
    # --- 06 make_average ----------------------------------------------------------
    Mutant("averaged_floor_division", "06", "make_average",
           [("return total / num_samples", "return total // num_samples")],
           "integer division: the mean loses its fraction"),
    Mutant("averaged_drops_arguments", "06", "make_average",
           [(AVERAGE, "            total += fn()\n")],
           "fn is called without the arguments given to the averaged function"),
    Mutant("averaged_fixed_samples", "06", "make_average",
           [("        for _ in range(num_samples):\n" + AVERAGE,
             "        for _ in range(1000):\n" + AVERAGE),
            ("return total / num_samples", "return total / 1000")],
           "num_samples ignored: always 1000 samples"),
    Mutant("averaged_single_sample", "06", "make_average",
           [("        total = 0\n        for _ in range(num_samples):\n",
             "        return fn(*args)\n        for _ in range(num_samples):\n")],
           "fn is called once: no average at all"),
    Mutant("averaged_one_call_too_many", "06", "make_average",
           [("        for _ in range(num_samples):\n" + AVERAGE,
             "        for _ in range(num_samples + 1):\n" + AVERAGE)],
           "fn is called num_samples + 1 times"),
    # --- 07 make_comeback_strategy ------------------------------------------------
    Mutant("comeback_margin_exclusive", "07", "make_comeback_strategy",
           [(BEHIND, BEHIND.replace(">= margin", "> margin"))],
           "behind by exactly the margin does not count"),
    Mutant("comeback_when_ahead", "07", "make_comeback_strategy",
           [(BEHIND, "        if score - opponent_score >= margin:\n")],
           "the extra die when ahead instead of behind"),
    Mutant("comeback_either_way", "07", "make_comeback_strategy",
           [(BEHIND, "        if abs(opponent_score - score) >= margin:\n")],
           "the extra die when ahead or behind by the margin"),
    Mutant("comeback_one_die_less", "07", "make_comeback_strategy",
           [("            return num_rolls + 1\n", "            return num_rolls - 1\n")],
           "one die fewer when behind instead of one more"),
    Mutant("comeback_default_six", "07", "make_comeback_strategy",
           [("def make_comeback_strategy(margin, num_rolls=5):",
             "def make_comeback_strategy(margin, num_rolls=6):")],
           "NUM_ROLLS defaults to 6"),
    # --- 08 make_mean_strategy ----------------------------------------------------
    Mutant("mean_min_points_exclusive", "08", "make_mean_strategy",
           [(MEAN, MEAN.replace("points >= min_points", "points > min_points"))],
           "Free Bacon equal to min_points is not enough"),
    Mutant("mean_raw_bacon", "08", "make_mean_strategy",
           [("        points = take_turn(0, opponent_score)\n        total",
             "        points = 1 + opponent_score // 10 % 10\n        total")],
           "Free Bacon without Touchdown and Hogtimus Prime"),
    Mutant("mean_hog_wild_only", "08", "make_mean_strategy",
           [(MEAN, MEAN.replace(" or total % 10 == 7", ""))],
           "only Hog Wild for the opponent counts"),
    Mutant("mean_hog_tied_only", "08", "make_mean_strategy",
           [(MEAN, MEAN.replace("total % 7 == 0 or ", ""))],
           "only Hog Tied for the opponent counts"),
    Mutant("mean_sum_before_bacon", "08", "make_mean_strategy",
           [("        total = score + points + opponent_score\n",
             "        total = score + opponent_score\n")],
           "the sum is taken before the Free Bacon points"),
    Mutant("mean_either_condition", "08", "make_mean_strategy",
           [(MEAN, MEAN.replace(" and (", " or ("))],
           "rolls 0 when either condition holds instead of both"),
    Mutant("mean_bacon_from_own_score", "08", "make_mean_strategy",
           [("        points = take_turn(0, opponent_score)\n        total",
             "        points = take_turn(0, score)\n        total")],
           "Free Bacon computed from the mover's own score"),
    # --- 09 final_strategy --------------------------------------------------------
    Mutant("final_eleven_somewhere", "09", "final_strategy",
           [(FINAL, "    if (score, opponent_score) == (57, 31):\n        return 11\n" + FINAL)],
           "returns 11 dice at one score pair"),
    Mutant("final_float", "09", "final_strategy",
           [(FINAL, "    return float(num_rolls)\n    # END PROBLEM 9\n")],
           "returns a float, not an int"),
    Mutant("final_random", "09", "final_strategy",
           [(FINAL, "    import random\n    return random.choice([4, 5, 6])\n"
                    "    # END PROBLEM 9\n")],
           "not a function of the scores: a random choice each call"),
    Mutant("final_as_baseline", "09", "final_strategy",
           [("    bacon = take_turn(0, opponent_score)\n    if score + bacon >= goal",
             "    return 5\n    bacon = take_turn(0, opponent_score)\n    if score + bacon >= goal")],
           "valid but no better than the baseline: win rate 0.5"),
    Mutant("final_slow", "09", "final_strategy",
           [(FINAL, "    make_average(roll_dice, 300)(10)\n" + FINAL)],
           "averages 300 rolls on every call: far too slow"),
]


# --- real students' play bugs, generated: play's (5's) alone ---------------------------

LOOP = "    while scores[0] < goal and scores[1] < goal:\n"
RETURN = "    return 0 if scores[0] >= goal else 1\n"
ASK = "        num_rolls = min(strategies[who](score, opponent_score),\n"


def real_play_bugs() -> List[Mutant]:
    """The play bugs real students wrote in other editions, in this edition's play."""
    out = [Mutant(f"real_turn_after_goal_inclusive_{name}", "05", "play",
                  [(LOOP, f"    while {condition}:\n")],
                  "the game goes on when a score equals the goal")
           for name, condition in (("both", "scores[0] <= goal and scores[1] <= goal"),
                                   ("max", "max(scores) <= goal"))]
    out.append(Mutant("real_missing_return_player1_wins", "05", "play",
                      [(RETURN, "    if scores[0] >= goal:\n        return 0\n")],
                      "play returns the winner in one branch only (None in the other)"))
    out.append(Mutant("real_strategy_twice", "05", "play",
                      [(ASK, "        strategies[who](score, opponent_score)\n" + ASK)],
                      "the mover's strategy is asked twice per turn"))
    return out


MUTANTS += real_play_bugs()
