"""Deliberately broken copies of reference/hog.py, one per known bug class.

Each mutant is the reference with a few (old, new) text replacements, applied in
order; every `old` must occur exactly once in the text it is applied to, so a patch
that stops matching the reference fails loudly instead of grading the reference.

`owner` is the question whose own cases must catch the bug (score 0 there). `broken` is
the unit it breaks (a function, or a region of play: "play/feral_hogs",
"play/commentary"); the questions that may fail too are those that list the unit in
the edition's table of what each question cannot avoid (cases/fa19/mutation.json,
the same table `grade mutate` enforces on generated mutants), under `calls`, or also
under `raises` for a mutant marked `raising`. Every other question
must still get full marks, so each bug is charged to the question that owns it.
`exactly`, when given, is the whole set of questions the bug must fail: the real
students' bugs that once cost several questions are pinned that way.
"""

import json
from dataclasses import dataclass
from pathlib import Path
from typing import FrozenSet, List, Optional, Sequence, Tuple

TABLE = json.loads((Path(__file__).resolve().parents[2] / "cases" / "fa19" / "mutation.json")
                   .read_text(encoding="utf-8"))["unavoidable"]


def callers(unit: str, raising: bool = False) -> FrozenSet[str]:
    """The questions whose cases cannot avoid UNIT (by the table): its values, or, for a
    RAISING bug, its raising too."""
    return frozenset(q for q, table in TABLE.items()
                     if unit in table.get("calls", {})
                     or (raising and unit in table.get("raises", {})))


@dataclass(frozen=True)
class Mutant:
    name: str
    owner: str
    broken: str  # the unit it breaks
    patch: Sequence[Tuple[str, str]]
    why: str
    exactly: Optional[FrozenSet[str]] = None
    raising: bool = False  # the bug makes a whole game raise (or never end)

    @property
    def may_fail(self) -> FrozenSet[str]:
        if self.exactly is not None:
            return self.exactly
        return callers(self.broken, self.raising) | {self.owner}

    def apply(self, source: str) -> str:
        for old, new in self.patch:
            count = source.count(old)
            if count != 1:
                raise ValueError(f"mutant {self.name}: {old!r} occurs {count} times "
                                 "in the source it patches (must be exactly once)")
            source = source.replace(old, new)
        return source


SWAP = "        if is_swap(score0, score1):\n            score0, score1 = score1, score0\n"
FERAL = ("        if feral_hogs and abs(num_rolls - previous[who]) == 2:\n"
         "            if who == 0:\n                score0 += 3\n"
         "            else:\n                score1 += 3\n")
SAY = "        say = say(score0, score1)\n"
FINAL = "    return int(FINAL_STRATEGY_TABLE[score][opponent_score], 16)\n"
LOOP = "    while score0 < goal and score1 < goal:\n"
RETURN = "    return score0, score1\n\n\n####"
ASK = {0: "            num_rolls = strategy0(score0, score1)\n",
       1: "            num_rolls = strategy1(score1, score0)\n"}
# the reference's play from its loop to the end of the commentary
BODY_START = "    previous = [0, 0]\n"
BODY_END = "        say = say(score0, score1)\n        # END PROBLEM 6\n"


def _turn_in_pass(w: int, guard: str) -> str:
    """Player W's turn in a pass of the loop that plays both players' turns, after
    GUARD (a check of the goal, or nothing)."""
    o = 1 - w
    return (guard + f"        num_rolls = strategy{w}(score{w}, score{o})\n"
            f"        score{w} += take_turn(num_rolls, score{o}, dice)\n"
            f"        if feral_hogs and abs(num_rolls - previous[{w}]) == 2:\n"
            f"            score{w} += 3\n"
            f"        previous[{w}] = num_rolls\n" + SWAP + SAY)


def both_per_pass(loop: str, guard: str) -> str:
    """play as real students wrote it: one pass of LOOP plays player 0's turn, then
    player 1's after GUARD."""
    return BODY_START + loop + _turn_in_pass(0, "") + _turn_in_pass(1, guard)

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
    Mutant("pig_out_scores_the_sum", "01", "roll_dice",
           [("return 1 if pig_out else total", "return total")],
           "Pig Out ignored: the sum is returned even after a 1"),
    # --- 02 free_bacon ------------------------------------------------------------
    Mutant("bacon_digits_of_str", "02", "free_bacon",
           [("return 10 - min(score // 10, score % 10)",
             "return 10 - min(int(digit) for digit in str(score))")],
           "one-digit score read as its only digit instead of tens digit 0 (7 gives 3, not 10)"),
    Mutant("bacon_max_digit", "02", "free_bacon",
           [("return 10 - min(score // 10, score % 10)",
             "return 10 - max(score // 10, score % 10)")],
           "max of the digits instead of min"),
    # --- 03 take_turn -------------------------------------------------------------
    Mutant("take_turn_ignores_dice", "03", "take_turn",
           [("return roll_dice(num_rolls, dice)", "return roll_dice(num_rolls)")],
           "rolls six_sided instead of the dice it was given"),
    Mutant("take_turn_rolls_on_zero_dice", "03", "take_turn",
           [("    if num_rolls == 0:\n        return free_bacon(opponent_score)\n",
             "    if num_rolls == 0:\n        roll_dice(1, dice)\n"
             "        return free_bacon(opponent_score)\n")],
           "Free Bacon still rolls (and throws away) a die: the dice advance on 0 dice"),
    Mutant("take_turn_one_die_is_free_bacon", "03", "take_turn",
           [("    if num_rolls == 0:\n", "    if num_rolls <= 1:\n")],
           "one die is scored as Free Bacon (num_rolls <= 1 for == 0)"),
    # --- 04 is_swap ---------------------------------------------------------------
    Mutant("swap_one_digit_tens_is_zero", "04", "is_swap",
           [("        leftmost = score\n        while leftmost >= 10:\n            leftmost //= 10\n",
             "        leftmost = score // 100 if score >= 100 else score // 10\n")],
           "one-digit score's leftmost digit taken as its tens digit, 0"),
    Mutant("swap_three_digit_tens", "04", "is_swap",
           [("        leftmost = score\n        while leftmost >= 10:\n            leftmost //= 10\n",
             "        leftmost = score // 10 % 10 if score >= 10 else score\n")],
           "three-digit score uses its tens digit instead of the leftmost"),
    Mutant("swap_never_with_zero", "04", "is_swap",
           [("    return digit_product(player_score) == digit_product(opponent_score)",
             "    if player_score == 0 or opponent_score == 0:\n        return False\n"
             "    return digit_product(player_score) == digit_product(opponent_score)")],
           "a score of 0 never swaps ((10, 0) must swap: 0 = 0)"),
    # --- 05a play -----------------------------------------------------------------
    Mutant("play_goal_exclusive", "05a", "play",
           [("while score0 < goal and score1 < goal:",
             "while score0 <= goal and score1 <= goal:")],
           "the game goes on when a score equals the goal"),
    Mutant("play_until_both_reach_goal", "05a", "play",
           [("while score0 < goal and score1 < goal:", "while score0 < goal or score1 < goal:")],
           "the game goes on until both players reach the goal (take_turn's assertion stops "
           "it when the opponent has 100)", raising=True),
    Mutant("play_swaps_on_player0_turns_only", "05a", "play",
           [(SWAP, SWAP.replace("if is_swap", "if who == 0 and is_swap"))],
           "Swine Swap only after player 0's turns"),
    Mutant("play_swaps_on_player1_turns_only", "05a", "play",
           [(SWAP, SWAP.replace("if is_swap", "if who == 1 and is_swap"))],
           "Swine Swap only after player 1's turns"),
    Mutant("play_strategy1_argument_order", "05a", "play",
           [("num_rolls = strategy1(score1, score0)", "num_rolls = strategy1(score0, score1)")],
           "player 1's strategy gets (score0, score1) instead of (own, opponent)"),
    Mutant("play_strategy_called_twice", "05a", "play",
           [("score0 += take_turn(num_rolls, score1, dice)",
             "score0 += take_turn(strategy0(score0, score1), score1, dice)"),
            ("score1 += take_turn(num_rolls, score0, dice)",
             "score1 += take_turn(strategy1(score1, score0), score0, dice)")],
           "the strategy is asked twice per turn (once for the roll, once for the record)"),
    Mutant("play_swap_before_points", "05a", "play",
           [(SWAP, ""),
            ("    while score0 < goal and score1 < goal:\n",
             "    while score0 < goal and score1 < goal:\n" + SWAP)],
           "swaps on the scores before the turn's points are added; to 6's traces this is "
           "commentary called before the swap (the next turn starts from the swapped scores), "
           "which only the game's first and last turns could tell apart",
           exactly=frozenset({"05a", "05b", "06"})),
    Mutant("play_same_player_after_swap", "05a", "play",
           [(SWAP, SWAP + "            who = other(who)\n")],
           "after a swap the same player moves again (turn order follows the scores)"),
    # --- 05b Feral Hogs -------------------------------------------------------------
    Mutant("feral_flag_ignored", "05b", "play/feral_hogs",
           [("if feral_hogs and abs(", "if abs(")],
           "feral_hogs=False does not turn the rule off (real students': cost them 6 and 7 too)",
           exactly=frozenset({"05b"})),
    Mutant("feral_other_players_dice", "05b", "play/feral_hogs",
           [("abs(num_rolls - previous[who]) == 2", "abs(num_rolls - previous[other(who)]) == 2")],
           "compares with the dice the other player rolled last"),
    Mutant("feral_after_swap", "05b", "play/feral_hogs",
           [(FERAL, ""), (SWAP, SWAP + FERAL)],
           "the bonus is added after the swap"),
    Mutant("feral_bonus_two", "05b", "play/feral_hogs",
           [(FERAL, FERAL.replace("+= 3", "+= 2"))],
           "the bonus is 2 points, not 3"),
    Mutant("feral_two_or_more", "05b", "play/feral_hogs",
           [("abs(num_rolls - previous[who]) == 2", "abs(num_rolls - previous[who]) >= 2")],
           "a difference of 2 or more earns the bonus, not exactly 2"),
    Mutant("feral_zero_dice_not_recorded", "05b", "play/feral_hogs",
           [("        previous[who] = num_rolls\n",
             "        if num_rolls > 0:\n            previous[who] = num_rolls\n")],
           "rolling 0 dice is not recorded as the player's previous number"),
    Mutant("feral_no_bonus_on_first_turn", "05b", "play/feral_hogs",
           [("    previous = [0, 0]\n", "    previous = [-5, -5]\n")],
           "before a player's first turn the previous number is not 0"),
    # --- 06 commentary --------------------------------------------------------------
    Mutant("say_before_swap", "06", "play/commentary",
           [(SAY, ""), (SWAP, SAY + SWAP)],
           "commentary sees the scores before the swap"),
    Mutant("say_not_rebound", "06", "play/commentary",
           [(SAY, "        say(score0, score1)\n")],
           "the commentary function returned is thrown away"),
    Mutant("say_extra_call_at_start", "06", "play/commentary",
           [("    previous = [0, 0]\n", "    previous = [0, 0]\n    say = say(score0, score1)\n")],
           "commentary called once more, before the first turn"),
    Mutant("say_not_on_last_turn", "06", "play/commentary",
           [(SAY, "        if score0 < goal and score1 < goal:\n    " + SAY)],
           "no commentary after the turn that ends the game"),
    # --- 07 announce_highest --------------------------------------------------------
    Mutant("highest_ties_announced", "07", "announce_highest",
           [("if gain > previous_high:", "if gain >= previous_high:")],
           "a gain equal to the highest so far is announced", exactly=frozenset({"07"})),
    Mutant("highest_gain_from_zero", "07", "announce_highest",
           [("gain = score - previous_score", "gain = score")],
           "the gain is the whole score, not the score minus the previous one"),
    Mutant("highest_previous_score_kept_stale", "07", "announce_highest",
           [("return announce_highest(who, previous_high, score)",
             "return announce_highest(who, previous_high, previous_score)")],
           "the previous score is updated only when a gain is announced"),
    Mutant("highest_wrong_text", "07", "announce_highest",
           [("\"point(s)! That's the biggest gain yet for Player\"",
             "\"points! That's the biggest gain yet for Player\"")],
           "the announcement's text differs"),
    # --- 08 make_averaged -----------------------------------------------------------
    Mutant("averaged_floor_division", "08", "make_averaged",
           [("return total / num_samples", "return total // num_samples")],
           "integer division: the mean loses its fraction"),
    Mutant("averaged_drops_arguments", "08", "make_averaged",
           [("total += fn(*args)", "total += fn()")],
           "fn is called without the arguments given to the averaged function"),
    Mutant("averaged_fixed_samples", "08", "make_averaged",
           [("for _ in range(num_samples):", "for _ in range(1000):"),
            ("return total / num_samples", "return total / 1000")],
           "num_samples ignored: always 1000 samples"),
    Mutant("averaged_single_sample", "08", "make_averaged",
           [("        total = 0\n", "        return fn(*args)\n")],
           "fn is called once: no average at all"),
    # --- 09 max_scoring_num_rolls ---------------------------------------------------
    Mutant("max_rolls_ties_to_larger", "09", "max_scoring_num_rolls",
           [("if average > best_average:", "if average >= best_average:")],
           "a tie goes to the larger number of dice", exactly=frozenset({"09"})),
    Mutant("max_rolls_stops_at_nine", "09", "max_scoring_num_rolls",
           [("for num_rolls in range(2, 11):", "for num_rolls in range(2, 10):")],
           "10 dice are never tried"),
    Mutant("max_rolls_own_dice", "09", "max_scoring_num_rolls",
           [("best_rolls, best_average = 1, averaged_roll(1, dice)",
             "best_rolls, best_average = 1, averaged_roll(1)"),
            ("average = averaged_roll(num_rolls, dice)", "average = averaged_roll(num_rolls)")],
           "rolls six_sided instead of the dice it was given"),
    # --- 10 bacon_strategy ----------------------------------------------------------
    Mutant("bacon_margin_exclusive", "10", "bacon_strategy",
           [("if free_bacon(opponent_score) >= margin:", "if free_bacon(opponent_score) > margin:")],
           "Free Bacon equal to the margin does not count"),
    # --- 11 swap_strategy -----------------------------------------------------------
    Mutant("swap_strategy_ignores_detrimental", "11", "swap_strategy",
           [("        if opponent_score < new_score:\n            return num_rolls\n", "")],
           "rolls 0 for Free Bacon even when that swaps the mover down", exactly=frozenset({"11"})),
    Mutant("swap_strategy_tie_beneficial", "11", "swap_strategy",
           [("if opponent_score > new_score:", "if opponent_score >= new_score:")],
           "a swap of equal scores counts as beneficial", exactly=frozenset({"11"})),
    Mutant("swap_strategy_tie_detrimental", "11", "swap_strategy",
           [("if opponent_score < new_score:", "if opponent_score <= new_score:")],
           "a swap of equal scores counts as detrimental", exactly=frozenset({"11"})),
    Mutant("swap_strategy_margin_exclusive", "11", "swap_strategy",
           [("return bacon_strategy(score, opponent_score, margin, num_rolls)",
             "return 0 if free_bacon(opponent_score) > margin else num_rolls")],
           "Free Bacon equal to the margin does not count"),
    Mutant("swap_strategy_default_margin", "11", "swap_strategy",
           [("return bacon_strategy(score, opponent_score, margin, num_rolls)",
             "return bacon_strategy(score, opponent_score, 8, num_rolls)")],
           "margin ignored: bacon_strategy called with the default margin"),
    Mutant("swap_strategy_default_arguments", "11", "swap_strategy",
           [("return bacon_strategy(score, opponent_score, margin, num_rolls)",
             "return bacon_strategy(score, opponent_score)")],
           "margin and num_rolls not passed on to bacon_strategy"),
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

# --- real students' play bugs, generated: each is play's (5a's; 5b's games are whole
# games too) or Feral Hogs' (5b's) alone, never the commentary's (6) -------------------

_REFERENCE = (Path(__file__).resolve().parents[2] / "reference" / "fa19" / "hog.py").read_text(
    encoding="utf-8")
_BODY = _REFERENCE[_REFERENCE.index(BODY_START):_REFERENCE.index(BODY_END) + len(BODY_END)]
PLAY_QUESTIONS = frozenset({"05a", "05b"})
GOAL_CHECK = "        if score0 >= goal or score1 >= goal:\n            break\n"


def _play(name: str, patch, why: str) -> Mutant:
    return Mutant(f"real_{name}", "05a", "play", patch, why, exactly=PLAY_QUESTIONS)


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
    for name, loop, guard in (
            ("unguarded", LOOP, ""),
            ("max_loop", "    while max(score0, score1) < goal:\n", ""),
            ("guard_player0_only", LOOP, "        if score0 >= goal:\n            break\n"),
            ("while_true", "    while True:\n" + GOAL_CHECK, "")):
        out.append(_play(f"turn_after_goal_{name}",
                         [(_BODY, both_per_pass(loop, guard) + "        # END PROBLEM 6\n")],
                         "both players move in one pass of the loop: player 1 moves after "
                         "player 0 has reached the goal"))
    for name, condition in (("player0_leads", "score0 > score1"),
                            ("player1_leads", "score1 > score0"),
                            ("player0_moved_last", "who == 1"),
                            ("player1_moved_last", "who == 0")):
        out.append(_play(f"missing_return_{name}",
                         [(RETURN, f"    if {condition}:\n        return score0, score1\n\n\n####")],
                         "play returns the scores in one branch only (None in the other)"))
    out.append(_play("missing_return_inside_loop",
                     [(RETURN, "\n\n####"),
                      ("        # END PROBLEM 6\n",
                       "        # END PROBLEM 6\n"
                       "        if who == 1 and (score0 >= goal or score1 >= goal):\n"
                       "            return score0, score1\n")],
                     "play returns from inside the loop after player 0's last turn only"))
    for who in (0, 1):
        out.append(_play(f"strategy_twice_player{who}",
                         [(ASK[who], ASK[who].replace("num_rolls = ", "") + ASK[who])],
                         f"strategy{who} is asked twice per turn, the second answer used"))
    out.append(_play("strategy_twice_both", [
        ("score0 += take_turn(num_rolls, score1, dice)",
         "score0 += take_turn(strategy0(score0, score1), score1, dice)"),
        ("score1 += take_turn(num_rolls, score0, dice)",
         "score1 += take_turn(strategy1(score1, score0), score0, dice)")],
        "the strategy is asked again for the roll"))
    out.append(_play("strategy_twice_other_view", [
        (ASK[1], ASK[1] + "            strategy1(score0, score1)\n")],
        "strategy1 is asked a second time, with the scores the other way round"))
    for name, old, new in (
            ("dropped", "if feral_hogs and abs(", "if abs("),
            ("is_not_none", "if feral_hogs and abs(", "if feral_hogs is not None and abs("),
            ("default_read", "if feral_hogs and abs(", "if play.__defaults__[-1] and abs(")):
        out.append(Mutant(f"real_feral_flag_{name}", "05b", "play/feral_hogs", [(old, new)],
                          "feral_hogs=False does not turn the rule off",
                          exactly=frozenset({"05b"})))
    out.append(Mutant("real_feral_flag_ignored_other_dice", "05b", "play/feral_hogs",
                      [("if feral_hogs and abs(num_rolls - previous[who]) == 2",
                        "if abs(num_rolls - previous[other(who)]) == 2")],
                      "feral_hogs=False ignored, and the bonus compares with the other "
                      "player's previous dice (which 5a's games, whose players roll other "
                      "counts, reach: the table lets them)", exactly=PLAY_QUESTIONS))
    return out


MUTANTS += real_play_bugs()
