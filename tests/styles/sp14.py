"""Spring 2014: correct implementations in students' styles, and student-like bugs (see
tests/styletools.py for how they are used)."""

import contextlib
import io
import random

from styletools import Bug, without_debug

EDITION = "sp14"

ALTERNATIVES = {
    "roll_dice": [
        '''
def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    count, total, pig_out = 0, 0, False
    while count < num_rolls:
        result = dice()
        if result == 1:
            pig_out = True
        else:
            total += result
        count += 1
    if pig_out:
        return 1
    return total
''',
        '''
def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    rolls = [dice() for i in range(num_rolls)]
    return 1 if min(rolls) == 1 else sum(rolls)
''',
        '''
def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    outcome = dice()
    if num_rolls == 1:
        return outcome
    rest = roll_dice(num_rolls - 1, dice)
    return 1 if 1 in (outcome, rest) else outcome + rest
''',
        # a diagnostic on standard error at every call (10,000 lines in max_scoring_num_rolls)
        '''
def roll_dice(num_rolls, dice=six_sided):
    import sys
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    outcomes = [dice() for _ in range(num_rolls)]
    print('rolled', outcomes, file=sys.stderr)
    return 1 if 1 in outcomes else sum(outcomes)
''',
    ],
    "take_turn": [
        # digits by arithmetic in a while loop
        '''
def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    if num_rolls == 0:
        largest, rest = 0, opponent_score
        while rest > 0:
            if rest % 10 > largest:
                largest = rest % 10
            rest = rest // 10
        return largest + 1
    return roll_dice(num_rolls, dice)
''',
        # a helper of its own, digits from the text
        '''
def free_bacon(score):
    return 1 + max(map(int, str(score)))


def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    if num_rolls > 0:
        return roll_dice(num_rolls, dice)
    else:
        return free_bacon(opponent_score)
''',
        # the largest character of the text
        '''
def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    return roll_dice(num_rolls, dice) if num_rolls else int(sorted(str(opponent_score))[-1]) + 1
''',
        # an extra default argument, a DEBUG line
        '''
def take_turn(num_rolls, opponent_score, dice=six_sided, trace_turns=False):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    if trace_turns:
        print('DEBUG:', num_rolls, opponent_score)
    if num_rolls != 0:
        return roll_dice(num_rolls, dice=dice)
    digits = []
    while True:
        digits.append(opponent_score % 10)
        opponent_score //= 10
        if not opponent_score:
            return max(digits) + 1
''',
    ],
    "select_dice": [
        '''
def select_dice(score, opponent_score):
    total = score + opponent_score
    if total % 7 != 0:
        return six_sided
    else:
        return four_sided
''',
        '''
def select_dice(score, opponent_score):
    return (six_sided, four_sided)[(score + opponent_score) % 7 == 0]
''',
        # a helper of its own
        '''
def hog_wild(score, opponent_score):
    return (score + opponent_score) % 7 == 0


def select_dice(score, opponent_score):
    if hog_wild(score, opponent_score):
        return four_sided
    return six_sided
''',
    ],
    "play": [
        # scores in a list, the dice chosen inline (the module's dice, looked up each turn)
        '''
def play(strategy0, strategy1, goal=GOAL_SCORE):
    who = 0
    scores = [0, 0]
    strategies = [strategy0, strategy1]
    while scores[0] < goal and scores[1] < goal:
        mine, theirs = scores[who], scores[other(who)]
        dice = four_sided if (mine + theirs) % 7 == 0 else six_sided
        scores[who] = mine + take_turn(strategies[who](mine, theirs), theirs, dice)
        if scores[0] == 2 * scores[1] or scores[1] == 2 * scores[0]:
            scores[0], scores[1] = scores[1], scores[0]
        who = other(who)
    return scores[0], scores[1]
''',
        # asks both strategies at the start of every turn (only the mover's answer counts)
        '''
def play(strategy0, strategy1, goal=GOAL_SCORE):
    who = 0
    score0, score1 = 0, 0
    while score0 < goal and score1 < goal:
        wants0 = strategy0(score0, score1)
        wants1 = strategy1(score1, score0)
        if who == 0:
            score0 = score0 + take_turn(wants0, score1, select_dice(score0, score1))
        else:
            score1 = score1 + take_turn(wants1, score0, select_dice(score1, score0))
        if max(score0, score1) == 2 * min(score0, score1):
            score0, score1 = score1, score0
        who = 1 - who
    return score0, score1
''',
        # a class for the game, a DEBUG line each turn
        '''
class Match:
    def __init__(self, strategies, goal):
        self.strategies, self.goal = strategies, goal
        self.scores, self.who = [0, 0], 0

    def turn(self):
        me, you = self.who, other(self.who)
        rolls = self.strategies[me](self.scores[me], self.scores[you])
        dice = select_dice(self.scores[me], self.scores[you])
        self.scores[me] += take_turn(rolls, self.scores[you], dice)
        print('DEBUG: scores now', self.scores)
        a, b = self.scores
        if a == b * 2 or b == a * 2:
            self.scores.reverse()
        self.who = you

    def over(self):
        return max(self.scores) >= self.goal


def play(strategy0, strategy1, goal=GOAL_SCORE):
    match = Match((strategy0, strategy1), goal)
    while not match.over():
        match.turn()
    return tuple(match.scores)
''',
        # while True with an early return, goal read at call time
        '''
def swine_swap(score0, score1):
    if score0 == 2 * score1 or score1 == 2 * score0:
        return score1, score0
    return score0, score1


def play(strategy0, strategy1, goal=None):
    if goal is None:
        goal = GOAL_SCORE
    who, score0, score1 = 0, 0, 0
    while True:
        if score0 >= goal or score1 >= goal:
            return score0, score1
        if who == 0:
            n = strategy0(score0, score1)
            score0 += take_turn(n, score1, select_dice(score0, score1))
        else:
            n = strategy1(score1, score0)
            score1 += take_turn(n, score0, select_dice(score0, score1))
        score0, score1 = swine_swap(score0, score1)
        who = other(who)
''',
        # strategies called with the parameter names of the template's always_roll
        '''
def play(strategy0, strategy1, goal=GOAL_SCORE):
    who, score0, score1 = 0, 0, 0
    while score0 < goal and score1 < goal:
        if who == 0:
            rolls = strategy0(score=score0, opponent_score=score1)
            score0 += take_turn(num_rolls=rolls, opponent_score=score1, dice=select_dice(score0, score1))
        else:
            rolls = strategy1(score=score1, opponent_score=score0)
            score1 += take_turn(num_rolls=rolls, opponent_score=score0, dice=select_dice(score1, score0))
        if score0 == 2 * score1 or score1 == 2 * score0:
            score0, score1 = score1, score0
        who = other(who)
    return score0, score1
''',
    ],
    "make_averaged": [
        '''
def make_averaged(fn, num_samples=1000):
    def averaged(*args):
        total, k = 0, num_samples
        while k > 0:
            total, k = total + fn(*args), k - 1
        return total / num_samples
    return averaged
''',
        '''
def make_averaged(fn, num_samples=1000):
    def averaged(*args):
        results = []
        for _ in range(num_samples):
            results.append(fn(*args))
        return sum(results) / len(results)
    return averaged
''',
        '''
def make_averaged(fn, num_samples=1000):
    def averaged(*args, **kwargs):
        return sum([fn(*args, **kwargs) for _ in range(num_samples)]) / num_samples
    return averaged
''',
    ],
    "max_scoring_num_rolls": [
        # str.format
        '''
def max_scoring_num_rolls(dice=six_sided):
    best_rolls, best = 1, 0
    for rolls in range(1, 11):
        average = make_averaged(roll_dice, 1000)(rolls, dice)
        print('{} dice scores {} on average'.format(rolls, average))
        if average > best:
            best_rolls, best = rolls, average
    return best_rolls
''',
        # sys.stdout.write, while loop
        '''
def max_scoring_num_rolls(dice=six_sided):
    import sys
    averaged = make_averaged(roll_dice)
    n, best_n, best = 1, None, None
    while n <= 10:
        value = averaged(n, dice)
        sys.stdout.write(str(n) + ' dice scores ' + str(value) + ' on average\\n')
        if best is None or value > best:
            best_n, best = n, value
        n += 1
    return best_n
''',
        # print with end='' and sep, then the best from a list
        '''
def max_scoring_num_rolls(dice=six_sided):
    averages = []
    for k in range(1, 11):
        averages.append(make_averaged(roll_dice)(k, dice))
        print(k, 'dice scores', averages[-1], end='')
        print(' on average')
    return averages.index(max(averages)) + 1
''',
        # %-formatting with %s, a DEBUG line, max with a key
        '''
def max_scoring_num_rolls(dice=six_sided):
    results = {}
    for k in range(1, 11):
        results[k] = make_averaged(roll_dice)(k, dice)
        print('%s dice scores %s on average' % (k, results[k]))
    print('DEBUG: all averages', results)
    return max(range(1, 11), key=lambda k: results[k])
''',
    ],
    "bacon_strategy": [
        '''
def bacon_strategy(score, opponent_score, margin=8, num_rolls=5):
    return 0 if take_turn(0, opponent_score) >= margin else num_rolls
''',
        # Free Bacon worked out here, by arithmetic
        '''
def bacon_strategy(score, opponent_score, margin=8, num_rolls=5):
    bacon = 1 + max(opponent_score // 10 % 10, opponent_score % 10, opponent_score // 100)
    if bacon < margin:
        return num_rolls
    return 0
''',
        '''
def bacon_strategy(score, opponent_score, margin=8, num_rolls=5):
    points = take_turn(0, opponent_score, six_sided)
    if not points >= margin:
        return num_rolls
    else:
        return 0
''',
    ],
    "swap_strategy": [
        # the swap checks in a helper of its own
        '''
def doubles(a, b):
    return a == 2 * b


def swap_strategy(score, opponent_score, margin=8, num_rolls=5):
    after = score + take_turn(0, opponent_score)
    if doubles(opponent_score, after):
        return 0
    elif doubles(after, opponent_score):
        return num_rolls
    return bacon_strategy(score, opponent_score, margin=margin, num_rolls=num_rolls)
''',
        # the harmful swap checked first; Free Bacon's points from bacon_strategy's rule
        '''
def swap_strategy(score, opponent_score, margin=8, num_rolls=5):
    bacon = take_turn(0, opponent_score)
    new_score = score + bacon
    if new_score == opponent_score * 2:
        return num_rolls
    if new_score * 2 == opponent_score or bacon >= margin:
        return 0
    return num_rolls
''',
        # one expression
        '''
def swap_strategy(score, opponent_score, margin=8, num_rolls=5):
    after = score + take_turn(0, opponent_score)
    helps, hurts = opponent_score == 2 * after, after == 2 * opponent_score
    return 0 if helps else num_rolls if hurts else bacon_strategy(score, opponent_score, margin, num_rolls)
''',
    ],
    "final_strategy": [
        # the reference's ideas, as a table built when hog.py is imported
        '''
def final_choice(score, opponent_score):
    bacon = take_turn(0, opponent_score)
    after = score + bacon
    if opponent_score == 2 * after:
        return 0
    if after >= GOAL_SCORE and after != 2 * opponent_score:
        return 0
    if opponent_score == 2 * (score + 1):
        return 10
    wild = (score + opponent_score) % 7 == 0
    needed = opponent_score // 2 - score
    if opponent_score % 2 == 0 and opponent_score >= 20 and 2 <= needed <= (4 if wild else 6):
        return 1
    hurts = after == 2 * opponent_score or after == 2 * (opponent_score + 1)
    if not hurts and (bacon >= 10 or (bacon >= 5 and (after + opponent_score) % 7 == 0)):
        return 0
    return 3 if wild else 5


FINAL_TABLE = {(s, o): final_choice(s, o) for s in range(100) for o in range(100)}


def final_strategy(score, opponent_score):
    return FINAL_TABLE[score, opponent_score]
''',
        # the same ideas as a callable object with a cache
        '''
class Strategy:
    def __init__(self):
        self.memo = {}

    def __call__(self, score, opponent_score):
        if (score, opponent_score) not in self.memo:
            self.memo[score, opponent_score] = self.decide(score, opponent_score)
        return self.memo[score, opponent_score]

    def decide(self, score, opponent_score):
        bacon = take_turn(0, opponent_score)
        after = score + bacon
        if opponent_score == 2 * after or (after >= GOAL_SCORE and after != 2 * opponent_score):
            return 0
        if opponent_score == 2 * (score + 1):
            return 10
        wild = select_dice(score, opponent_score) == four_sided
        half = opponent_score // 2 - score
        if opponent_score % 2 == 0 and opponent_score >= 20 and 2 <= half <= (4 if wild else 6):
            return 1
        if after == 2 * opponent_score or after == 2 * (opponent_score + 1):
            return 3 if wild else 5
        if bacon >= 10 or (bacon >= 5 and (after + opponent_score) % 7 == 0):
            return 0
        return 3 if wild else 5


final_strategy = Strategy()
''',
        # early returns, reading GOAL_SCORE at call time
        '''
def final_strategy(score, opponent_score):
    bacon = take_turn(0, opponent_score)
    after = score + bacon
    if opponent_score == 2 * after:
        return 0
    if after >= GOAL_SCORE:
        if after != 2 * opponent_score:
            return 0
    if opponent_score == 2 * (score + 1):
        return 10
    wild = (score + opponent_score) % 7 == 0
    if opponent_score % 2 == 0 and opponent_score >= 20:
        if 2 <= opponent_score // 2 - score <= (4 if wild else 6):
            return 1
    if after == 2 * opponent_score or after == 2 * (opponent_score + 1):
        return 3 if wild else 5
    if bacon >= 10:
        return 0
    if bacon >= 5 and (after + opponent_score) % 7 == 0:
        return 0
    return 3 if wild else 5
''',
    ],
}


WHOLE = {
    # A student who keeps the game's state in globals of their own and prints DEBUG lines.
    "globals_and_debug": '''
LAST_GAME = []


def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    outcomes = []
    for i in range(num_rolls):
        outcomes.append(dice())
    if 1 in outcomes:
        return 1
    return sum(outcomes)


def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    if num_rolls == 0:
        return int(max(str(opponent_score))) + 1
    return roll_dice(num_rolls, dice)


def select_dice(score, opponent_score):
    if (score + opponent_score) % 7 == 0:
        return four_sided
    return six_sided


def play(strategy0, strategy1, goal=GOAL_SCORE):
    global LAST_GAME
    LAST_GAME = []
    who, score0, score1 = 0, 0, 0
    while score0 < goal and score1 < goal:
        if who == 0:
            score0 += take_turn(strategy0(score0, score1), score1, select_dice(score0, score1))
        else:
            score1 += take_turn(strategy1(score1, score0), score0, select_dice(score0, score1))
        if score0 == 2 * score1 or score1 == 2 * score0:
            print('DEBUG: swine swap at', score0, score1)
            score0, score1 = score1, score0
        LAST_GAME.append((score0, score1))
        who = other(who)
    print(f'DEBUG: game over after {len(LAST_GAME)} turns')
    return score0, score1


def make_averaged(fn, num_samples=1000):
    def averaged(*args):
        return sum(fn(*args) for _ in range(num_samples)) / num_samples
    return averaged


def max_scoring_num_rolls(dice=six_sided):
    best, best_average = 1, -1
    for n in range(1, 11):
        average = make_averaged(roll_dice)(n, dice)
        print(n, 'dice scores', average, 'on average')
        if average > best_average:
            best, best_average = n, average
    return best


def bacon_strategy(score, opponent_score, margin=8, num_rolls=5):
    if take_turn(0, opponent_score) >= margin:
        return 0
    return num_rolls


def swap_strategy(score, opponent_score, margin=8, num_rolls=5):
    mine = score + take_turn(0, opponent_score)
    if opponent_score == 2 * mine:
        return 0
    if mine == 2 * opponent_score:
        return num_rolls
    return bacon_strategy(score, opponent_score, margin, num_rolls)


def final_strategy(score, opponent_score):
    bacon = take_turn(0, opponent_score)
    after = score + bacon
    if opponent_score == 2 * after or (after >= GOAL_SCORE and after != 2 * opponent_score):
        return 0
    if opponent_score == 2 * (score + 1):
        return 10
    wild = (score + opponent_score) % 7 == 0
    needed = opponent_score // 2 - score
    if opponent_score % 2 == 0 and opponent_score >= 20 and 2 <= needed <= (4 if wild else 6):
        return 1
    hurts = after == 2 * opponent_score or after == 2 * (opponent_score + 1)
    if not hurts and (bacon >= 10 or (bacon >= 5 and (after + opponent_score) % 7 == 0)):
        return 0
    return 3 if wild else 5
''',
}


PLAY = '''
def play(strategy0, strategy1, goal=GOAL_SCORE):
    who, score0, score1 = 0, 0, 0
    while score0 < goal and score1 < goal:
        if who == 0:
            score0 += take_turn(strategy0(score0, score1), score1, select_dice(score0, score1))
        else:
            score1 += take_turn(strategy1(score1, score0), score0, select_dice(score1, score0))
        if score0 == 2 * score1 or score1 == 2 * score0:
            score0, score1 = score1, score0
        who = other(who)
    return score0, score1
'''


def _play(old, new):
    assert PLAY.count(old) == 1, old
    return PLAY.replace(old, new)


BUGS = [
    Bug("roll_stops_at_one", "01", "roll_dice", '''
def roll_dice(num_rolls, dice=six_sided):
    total = 0
    for _ in range(num_rolls):
        outcome = dice()
        if outcome == 1:
            return 1
        total += outcome
    return total
''', "returns at the first 1"),
    Bug("roll_pig_out_zero", "01", "roll_dice", '''
def roll_dice(num_rolls, dice=six_sided):
    outcomes = [dice() for _ in range(num_rolls)]
    return 0 if 1 in outcomes else sum(outcomes)
''', "Pig Out scores 0"),
    Bug("bacon_tens_and_ones", "02", "take_turn", '''
def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    if num_rolls == 0:
        return 1 + max(opponent_score // 10, opponent_score % 10)
    return roll_dice(num_rolls, dice)
''', "the largest of tens and ones: 105 gives 11"),
    Bug("bacon_last_digit", "02", "take_turn", '''
def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    if num_rolls == 0:
        return 1 + opponent_score % 10
    return roll_dice(num_rolls, dice)
''', "one more than the ones digit"),
    Bug("take_turn_six_sided_always", "02", "take_turn", '''
def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    if num_rolls == 0:
        return 1 + max(int(d) for d in str(opponent_score))
    return roll_dice(num_rolls)
''', "rolls six_sided, not the dice given"),
    Bug("wild_sum_ends_in_seven", "03", "select_dice", '''
def select_dice(score, opponent_score):
    if (score + opponent_score) % 10 == 7:
        return four_sided
    return six_sided
''', "an older term's Hog Tied test: the sum ends in 7"),
    Bug("wild_returns_a_roll", "03", "select_dice", '''
def select_dice(score, opponent_score):
    if (score + opponent_score) % 7 == 0:
        return four_sided()
    return six_sided()
''', "returns a roll of the dice, not the dice"),
    Bug("wild_not_at_zero", "03", "select_dice", '''
def select_dice(score, opponent_score):
    total = score + opponent_score
    if total > 0 and total % 7 == 0:
        return four_sided
    return six_sided
''', "0 is not taken as a multiple of 7"),
    Bug("play_swap_before_points", "04", "play", _play(
        "        if who == 0:\n",
        "        if score0 == 2 * score1 or score1 == 2 * score0:\n"
        "            score0, score1 = score1, score0\n        if who == 0:\n").replace(
        "        if score0 == 2 * score1 or score1 == 2 * score0:\n"
        "            score0, score1 = score1, score0\n        who = other(who)",
        "        who = other(who)"),
        "Swine Swap checked at the start of a turn"),
    Bug("play_swap_only_mover_double", "04", "play", _play(
        "        if score0 == 2 * score1 or score1 == 2 * score0:\n",
        "        if (who == 0 and score0 == 2 * score1) or (who == 1 and score1 == 2 * score0):\n"),
        "swaps only when the mover's score is the double one"),
    Bug("play_bacon_own_score", "04", "play", _play(
        "take_turn(strategy1(score1, score0), score0, ",
        "take_turn(strategy1(score1, score0), score1, "),
        "player 1's Free Bacon looks at their own score"),
    Bug("play_one_more_turn", "04", "play", _play(
        "    while score0 < goal and score1 < goal:\n",
        "    while score0 <= goal and score1 <= goal:\n"),
        "the game goes on at exactly the goal"),
    Bug("averaged_integer_division", "05", "make_averaged", '''
def make_averaged(fn, num_samples=1000):
    def averaged(*args):
        return sum(fn(*args) for _ in range(num_samples)) // num_samples
    return averaged
''', "integer division"),
    Bug("averaged_first_sample_twice", "05", "make_averaged", '''
def make_averaged(fn, num_samples=1000):
    def averaged(*args):
        total = fn(*args)
        for _ in range(num_samples):
            total += fn(*args)
        return (total - fn(*args)) / num_samples
    return averaged
''', "calls FN num_samples + 2 times"),
    Bug("max_rolls_rounded_averages", "06", "max_scoring_num_rolls", '''
def max_scoring_num_rolls(dice=six_sided):
    best, best_average = 1, 0
    for n in range(1, 11):
        average = make_averaged(roll_dice)(n, dice)
        print(n, 'dice scores', round(average, 1), 'on average')
        if average > best_average:
            best, best_average = n, average
    return best
''', "prints the averages rounded"),
    Bug("max_rolls_ties_to_larger", "06", "max_scoring_num_rolls", '''
def max_scoring_num_rolls(dice=six_sided):
    best, best_average = 1, 0
    for n in range(1, 11):
        average = make_averaged(roll_dice)(n, dice)
        print(n, 'dice scores', average, 'on average')
        if average >= best_average:
            best, best_average = n, average
    return best
''', "a tie goes to the larger number"),
    Bug("max_rolls_prints_at_the_end", "06", "max_scoring_num_rolls", '''
def max_scoring_num_rolls(dice=six_sided):
    averages = [make_averaged(roll_dice)(n, dice) for n in range(1, 11)]
    best = averages.index(max(averages)) + 1
    print(best, 'dice scores', max(averages), 'on average')
    return best
''', "prints only the best line"),
    Bug("bacon_strategy_greater_than", "07", "bacon_strategy", '''
def bacon_strategy(score, opponent_score, margin=8, num_rolls=5):
    if take_turn(0, opponent_score) > margin:
        return 0
    return num_rolls
''', "Free Bacon must exceed the margin"),
    Bug("bacon_strategy_fixed_rolls", "07", "bacon_strategy", '''
def bacon_strategy(score, opponent_score, margin=8, num_rolls=5):
    if take_turn(0, opponent_score) >= margin:
        return 0
    return 5
''', "always 5 dice when not taking Free Bacon"),
    Bug("swap_strategy_no_bacon_fallback", "08", "swap_strategy", '''
def swap_strategy(score, opponent_score, margin=8, num_rolls=5):
    after = score + take_turn(0, opponent_score)
    if opponent_score == 2 * after:
        return 0
    return num_rolls
''', "ignores the margin when no swap is in sight"),
    Bug("swap_strategy_compares_before_bacon", "08", "swap_strategy", '''
def swap_strategy(score, opponent_score, margin=8, num_rolls=5):
    if opponent_score == 2 * score:
        return 0
    if score == 2 * opponent_score:
        return num_rolls
    return bacon_strategy(score, opponent_score, margin, num_rolls)
''', "checks the swap on the scores before Free Bacon"),
    Bug("final_roll_five_always", "09", "final_strategy", '''
def final_strategy(score, opponent_score):
    return 5
''', "the baseline itself: not good enough"),
    Bug("final_bool_for_zero", "09", "final_strategy", '''
def final_strategy(score, opponent_score):
    return score + take_turn(0, opponent_score) >= GOAL_SCORE or 5
''', "returns True instead of 0 (a bool, not an int)"),
]


def fingerprint(hog):
    rng = random.Random(2014)
    out = []

    def printed(thunk):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            value = thunk()
        return value, without_debug(buffer.getvalue()).splitlines()

    for _ in range(60):
        dice = hog.make_test_dice(*[rng.randint(1, 6) for _ in range(rng.randint(1, 7))])
        n = rng.randint(1, 10)
        out.append(("roll", hog.roll_dice(n, dice), dice()))
    out.append(("bacon", [hog.take_turn(0, s) for s in range(1000)]))
    for _ in range(60):
        dice = hog.make_test_dice(*[rng.randint(1, 6) for _ in range(rng.randint(1, 5))])
        n, opp = rng.randint(0, 10), rng.randint(0, 150)
        out.append(("turn", hog.take_turn(n, opp, dice), dice()))
    out.append(("select", [hog.select_dice(s, o) is hog.four_sided for s in range(60)
                           for o in range(0, 60, 7)]))
    saved = hog.four_sided, hog.six_sided
    try:
        for _ in range(80):
            rolls = [[rng.randint(0, 10) for _ in range(rng.randint(1, 5))] for _ in range(2)]
            four = [rng.randint(1, 4) for _ in range(rng.randint(1, 4))]
            six = [rng.randint(1, 6) for _ in range(rng.randint(1, 6))]
            goal = rng.choice([100, rng.randint(1, 120)])
            asked = []

            def strategy(who, table=rolls):
                def choose(score, opponent_score):
                    asked.append((who, score, opponent_score))
                    return table[who][(score * 7 + opponent_score) % len(table[who])]
                return choose
            hog.four_sided, hog.six_sided = hog.make_test_dice(*four), hog.make_test_dice(*six)
            result = printed(lambda: hog.play(strategy(0), strategy(1), goal))
            out.append(("play", result, max(map(asked.count, asked), default=1)))
    finally:
        hog.four_sided, hog.six_sided = saved
    for samples in (1, 2, 3, 7, 1000):
        dice = hog.make_test_dice(*[rng.randint(1, 6) for _ in range(rng.randint(1, 6))])
        out.append(("averaged", hog.make_averaged(dice, samples)(), dice()))
    out.append(("averaged_args", hog.make_averaged(lambda a, b: a - b, 3)(10, 4)))
    for outcomes in ((3,), (1, 5, 3, 3), (4, 3, 2, 1), (2, 2, 1), (6, 1, 6, 6, 2)):
        dice = hog.make_test_dice(*outcomes)
        out.append(("max_rolls", printed(lambda: hog.max_scoring_num_rolls(dice)), dice()))
    for margin, rolls in ((8, 5), (3, 2), (10, 7), (0, 0)):
        out.append(("strategies", [(hog.bacon_strategy(s, o, margin, rolls),
                                    hog.swap_strategy(s, o, margin, rolls))
                                   for s in range(0, 100, 3) for o in range(100)]))
    out.append(("defaults", [(hog.bacon_strategy(s, o), hog.swap_strategy(s, o))
                             for s in range(0, 100, 5) for o in range(100)]))
    answers = [hog.final_strategy(s, o) for s in range(100) for o in range(100)]
    again = [hog.final_strategy(s, o) for s in reversed(range(100)) for o in reversed(range(100))]
    out.append(("final", all(type(a) == int and 0 <= a <= 10 for a in answers),
                answers == again[::-1]))
    return out
