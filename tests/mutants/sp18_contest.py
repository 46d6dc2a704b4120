"""Deliberately broken copies of reference/sp18-contest/hog.py, one per known bug class of
the Spring 2018 contest edition (same format as catalogue.py, which holds Fall 2019's).

Each mutant is the reference with a few (old, new) text replacements, applied in order;
every `old` must occur exactly once in the text it is applied to. `owner` is the question
whose own cases must catch the bug (score 0 there); a mutant may also fail the questions
that call the broken function (CALLERS) and those in `also`; every other question must
keep full marks.
"""

from dataclasses import dataclass
from typing import FrozenSet, List, Optional, Sequence, Tuple

EDITION = "sp18-contest"

# 06 judges the commentary on the turns the student's own play plays, whatever their
# scores: no bug of play or of the turn functions costs it a point.
PLAY = frozenset({"05a", "05b"})
# 07 checks the entry: the reference's final_strategy calls free_bacon and is_swap.
CALLERS = {
    "roll_dice": frozenset({"03"}) | PLAY,
    "free_bacon": frozenset({"03", "07"}) | PLAY,
    "take_turn": PLAY,
    "is_swap": frozenset({"07"}) | PLAY,
    "play": PLAY,
    # Time Trot: 05a's games cannot trigger it
    "time_trot": frozenset(),
    "commentary": frozenset(),
    "entry": frozenset(),
}
# 06 stops where a bug makes its games raise (its table lists the turn functions and play
# under `raises`), and cannot tell a swap at the start of a turn from its own bug
RAISES = frozenset({"06"})


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


BACON = "    return 2 + abs(score // 10 - score % 10)\n"
SWAP_TEST = ("    if score0 <= 1 or score1 <= 1:\n        return False\n"
             "    return score0 % score1 == 0 or score1 % score0 == 0\n")
SWAP = "        if is_swap(score0, score1):\n            score0, score1 = score1, score0\n"
TROT = "        extra = not extra and num_rolls == turn % 8\n"
NEXT = "        if not extra:\n            who = other(who)\n"
COUNT = "        turn += 1\n"
WHILE = "    while score0 < goal and score1 < goal:\n"
SAY = "        say = say(score0, score1)\n"
TEAM = "TEAM_NAME = 'Hog Grader Reference'"
FINAL = "    after = score + free_bacon(opponent_score)\n"

MUTANTS = [
    # --- 01 roll_dice -------------------------------------------------------------
    Mutant("roll_stops_after_a_one", "01", "roll_dice",
           [("            pig_out = True\n", "            return 1\n")],
           "stops rolling at the first 1: dice called fewer than num_rolls times"),
    Mutant("roll_one_extra_die", "01", "roll_dice",
           [("for _ in range(num_rolls):", "for _ in range(num_rolls + 1):")],
           "calls dice num_rolls + 1 times"),
    Mutant("pig_out_scores_zero", "01", "roll_dice",
           [("return 1 if pig_out else total", "return 0 if pig_out else total")],
           "Pig Out scores 0 instead of 1"),
    Mutant("pig_out_ignored", "01", "roll_dice",
           [("return 1 if pig_out else total", "return total")],
           "the sum is returned even after a 1"),
    # --- 02 free_bacon ------------------------------------------------------------
    Mutant("bacon_no_abs", "02", "free_bacon",
           [(BACON, "    return 2 + (score // 10 - score % 10)\n")],
           "tens minus ones without the absolute value"),
    Mutant("bacon_plus_one", "02", "free_bacon",
           [(BACON, "    return 1 + abs(score // 10 - score % 10)\n")],
           "1 point added instead of 2"),
    Mutant("bacon_one_digit_twice", "02", "free_bacon",
           [(BACON, "    return 2 + abs(int(str(score)[0]) - score % 10)\n")],
           "a one-digit score's tens digit taken as itself (7 gives 2, not 9)"),
    Mutant("bacon_page_typo", "02", "free_bacon",
           [(BACON, "    return 2 + abs(score // 10 - score % 10) + 2 * (score == 42)\n")],
           "follows the page's slip (42 gives 6) instead of its rule (42 gives 4)"),
    # --- 03 take_turn -------------------------------------------------------------
    Mutant("take_turn_ignores_dice", "03", "take_turn",
           [("    return roll_dice(num_rolls, dice)\n    # END PROBLEM 3",
             "    return roll_dice(num_rolls)\n    # END PROBLEM 3")],
           "rolls six_sided instead of the dice it was given"),
    Mutant("take_turn_rolls_on_zero_dice", "03", "take_turn",
           [("    if num_rolls == 0:\n        return free_bacon(opponent_score)\n",
             "    if num_rolls == 0:\n        roll_dice(1, dice)\n"
             "        return free_bacon(opponent_score)\n")],
           "Free Bacon still rolls (and throws away) a die"),
    # --- 04 is_swap ---------------------------------------------------------------
    Mutant("swap_allows_one", "04", "is_swap",
           [(SWAP_TEST, SWAP_TEST.replace("<= 1", "<= 0"))],
           "a score of 1 swaps (it divides everything)"),
    Mutant("swap_one_direction", "04", "is_swap",
           [(SWAP_TEST, SWAP_TEST.replace(" or score1 % score0 == 0", ""))],
           "only score0 may be the multiple"),
    Mutant("swap_double_only", "04", "is_swap",
           [(SWAP_TEST, SWAP_TEST.replace("score0 % score1 == 0 or score1 % score0 == 0",
                                          "score0 == 2 * score1 or score1 == 2 * score0"))],
           "only doubling swaps, not 3 times or more, nor equal scores"),
    Mutant("swap_not_equal", "04", "is_swap",
           [(SWAP_TEST, SWAP_TEST.replace("    return score0 % score1",
                                          "    if score0 == score1:\n        return False\n"
                                          "    return score0 % score1"))],
           "equal scores do not count as multiples"),
    Mutant("swap_no_guard", "04", "is_swap",
           [(SWAP_TEST, "    return score0 % score1 == 0 or score1 % score0 == 0\n")],
           "no check for scores of 0 or 1: 0 divides by zero, 1 swaps (every game raises: "
           "06 stops too)", also=RAISES),
    # --- 05a play -----------------------------------------------------------------
    Mutant("play_goal_exclusive", "05a", "play",
           [(WHILE, WHILE.replace("<", "<="))],
           "the game goes on when a score equals the goal"),
    Mutant("play_until_both_reach_goal", "05a", "play",
           [(WHILE, WHILE.replace(" and ", " or "))],
           "the game goes on until both players reach the goal (take_turn's assertion stops "
           "it when the opponent has 100: 06 stops too)", also=RAISES),
    Mutant("play_strategy1_argument_order", "05a", "play",
           [("num_rolls = strategy1(score1, score0)", "num_rolls = strategy1(score0, score1)")],
           "player 1's strategy gets (score0, score1) instead of (own, opponent)"),
    Mutant("play_strategy_called_twice", "05a", "play",
           [("            num_rolls = strategy0(score0, score1)\n",
             "            strategy0(score0, score1)\n"
             "            num_rolls = strategy0(score0, score1)\n")],
           "player 0's strategy is asked twice per turn"),
    Mutant("play_swap_before_points", "05a", "play",
           [(SWAP, ""), (WHILE, WHILE + SWAP)],
           "swaps on the scores before the turn's points are added; to 06's traces this is "
           "commentary called before the swap (the next turn starts from the swapped scores), "
           "which only the game's first and last turns could tell apart", also=RAISES),
    Mutant("play_same_player_after_swap", "05a", "play",
           [(SWAP, SWAP + "            who = other(who)\n")],
           "after a swap the same player moves again"),
    Mutant("play_no_swap", "05a", "play",
           [(SWAP, "")],
           "Swine Swap ignored"),
    Mutant("play_bacon_on_own_score", "05a", "play",
           [("score0 += take_turn(num_rolls, score1, dice)",
             "score0 += take_turn(num_rolls, score0, dice)")],
           "player 0's turn passes its own score to take_turn"),
    # --- 05b Time Trot ---------------------------------------------------------------
    Mutant("trot_ignored", "05b", "time_trot",
           [(NEXT, "        who = other(who)\n")],
           "Time Trot ignored: players always alternate"),
    Mutant("trot_chains", "05b", "time_trot",
           [(TROT, "        extra = num_rolls == turn % 8\n")],
           "an extra turn can earn another extra turn"),
    Mutant("trot_extra_turns_not_counted", "05b", "time_trot",
           [(NEXT + COUNT, "        if not extra:\n            who = other(who)\n"
                           "            turn += 1\n")],
           "extra turns are not counted in the turn number"),
    Mutant("trot_counts_from_one", "05b", "time_trot",
           [("    turn, extra = 0, False\n", "    turn, extra = 1, False\n")],
           "turns numbered from 1"),
    Mutant("trot_no_modulo", "05b", "time_trot",
           [(TROT, "        extra = not extra and num_rolls == turn\n")],
           "compares the dice with the turn number itself, not modulo 8"),
    Mutant("trot_modulo_seven", "05b", "time_trot",
           [(TROT, "        extra = not extra and num_rolls == turn % 7\n")],
           "modulo 7 instead of 8"),
    Mutant("trot_per_player_count", "05b", "time_trot",
           [("    turn, extra = 0, False\n", "    turns, extra = [0, 0], False\n"),
            (TROT, "        extra = not extra and num_rolls == turns[who] % 8\n"),
            (COUNT, "        turns[who] += 1\n")],
           "each player counts their own turns"),
    Mutant("trot_beats_the_goal", "05b", "time_trot",
           [(WHILE, "    while extra or (score0 < goal and score1 < goal):\n")],
           "an extra turn is played even after the goal is reached"),
    # --- 06 commentary --------------------------------------------------------------
    Mutant("say_not_rebound", "06", "commentary",
           [(SAY, "        say(score0, score1)\n")],
           "the commentary function returned is thrown away"),
    Mutant("say_extra_call_at_start", "06", "commentary",
           [(WHILE, "    say = say(score0, score1)\n" + WHILE)],
           "commentary called once more, before the first turn"),
    Mutant("say_not_on_last_turn", "06", "commentary",
           [(SAY, "        if score0 < goal and score1 < goal:\n    " + SAY)],
           "no commentary after the turn that ends the game"),
    Mutant("say_before_swap", "06", "commentary",
           [(SAY, ""), (SWAP, SAY + SWAP)],
           "commentary sees the scores before the swap"),
    Mutant("say_not_on_extra_turns", "06", "commentary",
           [(SAY, "        if not extra or max(score0, score1) >= goal:\n    " + SAY)],
           "no commentary after a turn that earns an extra turn"),
    # --- 07 the contest entry ---------------------------------------------------------
    Mutant("team_placeholder", "07", "entry",
           [(TEAM, "TEAM_NAME = 'PLACEHOLDER'")],
           "TEAM_NAME left as the template's placeholder"),
    Mutant("team_too_long", "07", "entry",
           [(TEAM, "TEAM_NAME = 'The Extraordinarily Long-Winded Society of Hog Players'")],
           "TEAM_NAME over 50 characters"),
    Mutant("team_not_a_string", "07", "entry",
           [(TEAM, "TEAM_NAME = 61")],
           "TEAM_NAME is not a string"),
    Mutant("final_eleven_somewhere", "07", "entry",
           [(FINAL, "    if (score, opponent_score) == (57, 31):\n        return 11\n" + FINAL)],
           "returns 11 dice at one score pair"),
    Mutant("final_float", "07", "entry",
           [("    return roll_for(score, opponent_score)\n    # END PROBLEM 7",
             "    return float(roll_for(score, opponent_score))\n    # END PROBLEM 7")],
           "returns a float, not an int"),
    Mutant("final_random", "07", "entry",
           [(FINAL, "    import random\n    return random.choice([4, 5, 6])\n" + FINAL)],
           "not a function of the scores: a random choice each call"),
    Mutant("final_counts_turns", "07", "entry",
           [(FINAL, "    final_strategy.turn = getattr(final_strategy, 'turn', -1) + 1\n"
                    "    if final_strategy.turn % 8 == 3:\n        return 3\n" + FINAL)],
           "counts its own calls to guess the turn number for Time Trot: not a function "
           "of the scores"),
    Mutant("final_slow", "07", "entry",
           [(FINAL, "    sum(range(300000))\n" + FINAL)],
           "far too slow: every pair of scores takes minutes"),
]


# --- real students' play bugs, generated: play's (5a's; 5b's games are whole games too)
# alone, never the commentary's (6) -----------------------------------------------------

RETURN = "    return score0, score1\n\n\n####"
ASK = {0: "            num_rolls = strategy0(score0, score1)\n",
       1: "            num_rolls = strategy1(score1, score0)\n"}


def _play(name: str, patch, why: str) -> Mutant:
    return Mutant(f"real_{name}", "05a", "play", patch, why, exactly=PLAY)


def real_play_bugs() -> List[Mutant]:
    """Several forms of each play bug real students' commentary was once charged for."""
    out = []
    for name, condition in (("both", "score0 <= goal and score1 <= goal"),
                            ("player0", "score0 <= goal and score1 < goal"),
                            ("player1", "score0 < goal and score1 <= goal"),
                            ("max", "max(score0, score1) <= goal")):
        out.append(_play(f"turn_after_goal_inclusive_{name}",
                         [(WHILE, f"    while {condition}:\n")],
                         "the game goes on when a score equals the goal"))
    out.append(_play("turn_after_goal_checked_at_the_end",
                     [(WHILE, "    while True:\n"),
                      (SAY, SAY + "        if score0 >= goal or score1 >= goal:\n"
                                  "            break\n")],
                     "the goal is checked after the turn: a game that starts at the goal "
                     "still plays a turn"))
    for name, condition in (("player0_leads", "score0 > score1"),
                            ("player1_leads", "score1 > score0"),
                            ("player0_next", "who == 0"),
                            ("player1_next", "who == 1")):
        out.append(_play(f"missing_return_{name}",
                         [(RETURN, f"    if {condition}:\n        return score0, score1\n\n\n####")],
                         "play returns the scores in one branch only (None in the other)"))
    for who in (0, 1):
        out.append(_play(f"strategy_twice_player{who}",
                         [(ASK[who], ASK[who].replace("num_rolls = ", "") + ASK[who])],
                         f"strategy{who} is asked twice per turn, the second answer used"))
    out.append(_play("strategy_twice_other_view",
                     [(ASK[1], ASK[1] + "            strategy1(score0, score1)\n")],
                     "strategy1 is asked a second time, with the scores the other way round"))
    return out


MUTANTS += real_play_bugs()
