"""Correct Fall 2019 solutions written unlike the reference, composed from parts.

Each graded function has several correct implementations in different styles (other
print styles, helpers and globals of their own, recursion, classes, closures, extra
default arguments, GOAL_SCORE read at call time, a slow final_strategy, a play that
asks both strategies every turn). A solution picks one implementation per function;
`compose` appends the picks to the untouched template, whose stubs they replace.

Variants whose full marks depend on work in other branches are tagged: `needs` names
the branch (fuzz judging of a play that asks both strategies; the worker dropping
DEBUG lines before its output cap).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Dict, List, Sequence


@dataclass(frozen=True)
class Variant:
    function: str
    style: str
    code: str
    needs: str = ""  # a branch this variant needs for full marks ("" = none)


def _v(function, style, code, needs=""):
    return Variant(function, style, code.strip("\n") + "\n", needs)


VARIANTS: List[Variant] = [
    # --- roll_dice --------------------------------------------------------------------
    _v("roll_dice", "loop and flag", '''
def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    total, pig_out = 0, False
    for _ in range(num_rolls):
        outcome = dice()
        pig_out = pig_out or outcome == 1
        total += outcome
    return 1 if pig_out else total
'''),
    _v("roll_dice", "recursion", '''
def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    def roll(n):
        if n == 0:
            return 0, False
        outcome = dice()
        rest, pigged = roll(n - 1)
        return rest + outcome, pigged or outcome == 1
    total, pigged = roll(num_rolls)
    return 1 if pigged else total
'''),
    _v("roll_dice", "global constant, extra default argument", '''
PIG_OUT_FACE = 1


def roll_dice(num_rolls, dice=six_sided, _outcomes=None):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    outcomes = [] if _outcomes is None else _outcomes
    while len(outcomes) < num_rolls:
        outcomes.append(dice())
    return 1 if PIG_OUT_FACE in outcomes else sum(outcomes)
'''),
    _v("roll_dice", "a DEBUG line on every roll", '''
def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    outcomes = []
    for _ in range(num_rolls):
        outcomes.append(dice())
        print("DEBUG: rolled", outcomes[-1], "so far", outcomes)
    return 1 if 1 in outcomes else sum(outcomes)
''', needs="runtime"),
    # --- free_bacon -------------------------------------------------------------------
    _v("free_bacon", "arithmetic", '''
def free_bacon(score):
    assert score < 100, 'The game should be over.'
    return 10 - min(score // 10, score % 10)
'''),
    _v("free_bacon", "string digits", '''
def free_bacon(score):
    assert score < 100, 'The game should be over.'
    return 10 - int(min(str(score).zfill(2)))
'''),
    _v("free_bacon", "divmod and a helper", '''
def _lowest_digit(number):
    return min(divmod(number, 10))


def free_bacon(score):
    assert score < 100, 'The game should be over.'
    return 10 - _lowest_digit(score)
'''),
    # --- take_turn --------------------------------------------------------------------
    _v("take_turn", "if/else", '''
def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < 100, 'The game should be over.'
    if num_rolls:
        return roll_dice(num_rolls, dice)
    else:
        return free_bacon(opponent_score)
'''),
    _v("take_turn", "dispatch on a dict of closures", '''
def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < 100, 'The game should be over.'
    turn = {True: lambda: free_bacon(opponent_score), False: lambda: roll_dice(num_rolls, dice)}
    return turn[num_rolls == 0]()
'''),
    # --- is_swap ----------------------------------------------------------------------
    _v("is_swap", "loop", '''
def is_swap(player_score, opponent_score):
    def product(score):
        first = score
        while first >= 10:
            first = first // 10
        return first * (score % 10)
    return product(player_score) == product(opponent_score)
'''),
    _v("is_swap", "string ends", '''
def is_swap(player_score, opponent_score):
    ends = lambda score: int(str(score)[0]) * int(str(score)[-1])
    return ends(player_score) == ends(opponent_score)
'''),
    _v("is_swap", "recursion", '''
def leftmost_digit(n):
    return n if n < 10 else leftmost_digit(n // 10)


def is_swap(player_score, opponent_score):
    return (leftmost_digit(player_score) * (player_score % 10)
            == leftmost_digit(opponent_score) * (opponent_score % 10))
'''),
    # --- play -------------------------------------------------------------------------
    _v("play", "lists indexed by player", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence, feral_hogs=True):
    who = 0
    scores, strategies, last = [score0, score1], [strategy0, strategy1], [0, 0]
    while scores[0] < goal and scores[1] < goal:
        rolls = strategies[who](scores[who], scores[other(who)])
        scores[who] += take_turn(rolls, scores[other(who)], dice)
        if feral_hogs and abs(rolls - last[who]) == 2:
            scores[who] += 3
        last[who] = rolls
        if is_swap(scores[0], scores[1]):
            scores = scores[::-1]
        say = say(scores[0], scores[1])
        who = other(who)
    return scores[0], scores[1]
'''),
    _v("play", "recursion, goal read at call time", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=None, say=silence, feral_hogs=True):
    if goal is None:
        goal = GOAL_SCORE
    def turn(who, score0, score1, last0, last1, say):
        if score0 >= goal or score1 >= goal:
            return score0, score1
        if who == 0:
            rolls = strategy0(score0, score1)
            score0 += take_turn(rolls, score1, dice) + 3 * (feral_hogs and abs(rolls - last0) == 2)
            last0 = rolls
        else:
            rolls = strategy1(score1, score0)
            score1 += take_turn(rolls, score0, dice) + 3 * (feral_hogs and abs(rolls - last1) == 2)
            last1 = rolls
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        return turn(1 - who, score0, score1, last0, last1, say(score0, score1))
    return turn(0, score0, score1, 0, 0, say)
'''),
    _v("play", "a class", '''
class _Player:
    def __init__(self, strategy, score):
        self.strategy, self.score, self.last = strategy, score, 0

    def move(self, opponent, dice, feral_hogs):
        rolls = self.strategy(self.score, opponent.score)
        self.score += take_turn(rolls, opponent.score, dice)
        if feral_hogs and abs(rolls - self.last) == 2:
            self.score += 3
        self.last = rolls


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence, feral_hogs=True, _debug=False):
    players = [_Player(strategy0, score0), _Player(strategy1, score1)]
    turn = 0
    while max(p.score for p in players) < goal:
        mover = players[turn % 2]
        mover.move(players[1 - turn % 2], dice, feral_hogs)
        if is_swap(players[0].score, players[1].score):
            players[0].score, players[1].score = players[1].score, players[0].score
        say = say(players[0].score, players[1].score)
        turn += 1
    return players[0].score, players[1].score
'''),
    _v("play", "asks both strategies every turn", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence, feral_hogs=True):
    who, previous = 0, [0, 0]
    while True:
        if score0 >= goal or score1 >= goal:
            return score0, score1
        wanted = (strategy0(score0, score1), strategy1(score1, score0))
        rolls = wanted[who]
        if who == 0:
            score0 += take_turn(rolls, score1, dice)
        else:
            score1 += take_turn(rolls, score0, dice)
        if feral_hogs and abs(rolls - previous[who]) == 2:
            score0, score1 = (score0 + 3, score1) if who == 0 else (score0, score1 + 3)
        previous[who] = rolls
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        say = say(score0, score1)
        who = 1 - who
''', needs="fuzz"),
    # --- announce_highest -------------------------------------------------------------
    _v("announce_highest", "print with commas", '''
def announce_highest(who, previous_high=0, previous_score=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    def say(score0, score1):
        score = [score0, score1][who]
        gain = score - previous_score
        if gain > previous_high:
            print(gain, "point(s)! That's the biggest gain yet for Player", who)
            return announce_highest(who, gain, score)
        return announce_highest(who, previous_high, score)
    return say
'''),
    _v("announce_highest", "sys.stdout.write and an f-string", '''
import sys


def announce_highest(who, previous_high=0, previous_score=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    def say(score0, score1):
        score = score1 if who else score0
        gain = score - previous_score
        if gain <= previous_high:
            return announce_highest(who, previous_high, score)
        sys.stdout.write(f"{gain} point(s)! That's the biggest gain yet for Player {who}\\n")
        return announce_highest(who, gain, score)
    return say
'''),
    _v("announce_highest", "print in pieces with end=, a callable class", '''
class _Highest:
    def __init__(self, who, high, last):
        self.who, self.high, self.last = who, high, last

    def __call__(self, score0, score1):
        score = (score0, score1)[self.who]
        gain = score - self.last
        if gain > self.high:
            print(gain, end=" ")
            print("point(s)!", end=" ")
            print("That's the biggest gain yet for Player", self.who)
        return _Highest(self.who, max(gain, self.high), score)


def announce_highest(who, previous_high=0, previous_score=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    return _Highest(who, previous_high, previous_score)
'''),
    _v("announce_highest", "DEBUG lines beside the announcement", '''
def announce_highest(who, previous_high=0, previous_score=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    def say(score0, score1):
        score = score0 if who == 0 else score1
        print("DEBUG: player", who, "had", previous_score, "now", score)
        if score - previous_score > previous_high:
            print("%d point(s)! That's the biggest gain yet for Player %d" % (score - previous_score, who))
        return announce_highest(who, max(previous_high, score - previous_score), score)
    return say
'''),
    # --- make_averaged ----------------------------------------------------------------
    _v("make_averaged", "loop", '''
def make_averaged(fn, num_samples=1000):
    def averaged(*args):
        total = 0
        for _ in range(num_samples):
            total += fn(*args)
        return total / num_samples
    return averaged
'''),
    _v("make_averaged", "generator expression, keyword arguments too", '''
def make_averaged(fn, num_samples=1000):
    def averaged(*args, **kwargs):
        return sum(fn(*args, **kwargs) for _ in range(num_samples)) / num_samples
    return averaged
'''),
    _v("make_averaged", "a class", '''
class _Averaged:
    def __init__(self, fn, num_samples):
        self.fn, self.num_samples = fn, num_samples

    def __call__(self, *args):
        samples = [self.fn(*args) for _ in range(self.num_samples)]
        return sum(samples) / len(samples)


def make_averaged(fn, num_samples=1000):
    return _Averaged(fn, num_samples)
'''),
    # --- max_scoring_num_rolls --------------------------------------------------------
    _v("max_scoring_num_rolls", "loop", '''
def max_scoring_num_rolls(dice=six_sided, num_samples=1000):
    averaged = make_averaged(roll_dice, num_samples)
    best, best_average = 0, -1
    for num_rolls in range(1, 11):
        average = averaged(num_rolls, dice)
        if average > best_average:
            best, best_average = num_rolls, average
    return best
'''),
    _v("max_scoring_num_rolls", "max with a key", '''
def max_scoring_num_rolls(dice=six_sided, num_samples=1000):
    averaged = make_averaged(roll_dice, num_samples)
    return max(range(1, 11), key=lambda num_rolls: averaged(num_rolls, dice))
'''),
    _v("max_scoring_num_rolls", "a list of averages, DEBUG lines", '''
def max_scoring_num_rolls(dice=six_sided, num_samples=1000):
    averages = [make_averaged(roll_dice, num_samples)(n, dice) for n in range(1, 11)]
    for n, average in enumerate(averages, 1):
        print("DEBUG:", n, "dice average", average)
    return averages.index(max(averages)) + 1
'''),
    # --- bacon_strategy ---------------------------------------------------------------
    _v("bacon_strategy", "if", '''
def bacon_strategy(score, opponent_score, margin=8, num_rolls=4):
    if free_bacon(opponent_score) >= margin:
        return 0
    return num_rolls
'''),
    _v("bacon_strategy", "conditional expression", '''
def bacon_strategy(score, opponent_score, margin=8, num_rolls=4):
    return num_rolls if free_bacon(opponent_score) < margin else 0
'''),
    # --- swap_strategy ----------------------------------------------------------------
    _v("swap_strategy", "nested conditions", '''
def swap_strategy(score, opponent_score, margin=8, num_rolls=4):
    after = score + free_bacon(opponent_score)
    if is_swap(after, opponent_score) and after != opponent_score:
        return 0 if opponent_score > after else num_rolls
    return bacon_strategy(score, opponent_score, margin, num_rolls)
'''),
    _v("swap_strategy", "a helper, bacon rule written out", '''
def _zero_dice_outcome(score, opponent_score):
    after = score + free_bacon(opponent_score)
    if not is_swap(after, opponent_score) or after == opponent_score:
        return "neutral"
    return "beneficial" if opponent_score > after else "detrimental"


def swap_strategy(score, opponent_score, margin=8, num_rolls=4):
    outcome = _zero_dice_outcome(score, opponent_score)
    if outcome == "beneficial":
        return 0
    if outcome == "neutral" and free_bacon(opponent_score) >= margin:
        return 0
    return num_rolls
'''),
    # --- final_strategy ---------------------------------------------------------------
    _v("final_strategy", "built on swap_strategy", '''
def final_strategy(score, opponent_score):
    return swap_strategy(score, opponent_score, 8, 5)
'''),
    _v("final_strategy", "slow: recomputes an estimate on every call", '''
def final_strategy(score, opponent_score):
    best, best_value = 4, float("-inf")
    for rolls in range(1, 8):
        value = sum(((rolls * 7 + step) % 11) / (rolls + step) for step in range(3))
        value -= abs(rolls - (4 if score >= opponent_score else 6))
        if value > best_value:
            best, best_value = rolls, value
    return best
'''),
]

FUNCTIONS = ["roll_dice", "free_bacon", "take_turn", "is_swap", "play", "announce_highest",
             "make_averaged", "max_scoring_num_rolls", "bacon_strategy", "swap_strategy",
             "final_strategy"]


def by_function(needs: Sequence[str] = ()) -> Dict[str, List[Variant]]:
    """The variants of each function that need nothing beyond NEEDS."""
    allowed = {""} | set(needs)
    return {f: [v for v in VARIANTS if v.function == f and v.needs in allowed]
            for f in FUNCTIONS}


def covering(needs: Sequence[str] = (), extra: int = 2, seed: int = 61) -> List[List[Variant]]:
    """Solutions (one variant per function) such that every variant is in at least one:
    solution i takes variant (i + offset) of each function, the offsets drawn at random
    so that variants meet in many combinations; then EXTRA random solutions."""
    rng = random.Random(seed)
    choices = by_function(needs)
    offsets = {f: rng.randrange(len(choices[f])) for f in FUNCTIONS}
    width = max(len(v) for v in choices.values())
    solutions = [[choices[f][(i + offsets[f]) % len(choices[f])] for f in FUNCTIONS]
                 for i in range(width)]
    solutions += [[rng.choice(choices[f]) for f in FUNCTIONS] for _ in range(extra)]
    return solutions


def compose(template: str, solution: Sequence[Variant]) -> str:
    """The template with SOLUTION's definitions appended (they replace its stubs)."""
    return template + "\n\n" + "\n\n".join(v.code for v in solution)


def describe(solution: Sequence[Variant]) -> str:
    return "; ".join(f"{v.function}: {v.style}" for v in solution)
