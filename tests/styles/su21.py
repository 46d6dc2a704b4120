"""Summer 2021: correct implementations in students' styles, and student-like bugs (see
tests/styletools.py for how they are used)."""

import contextlib
import io
import random

from styletools import Bug, without_debug

EDITION = "su21"

ALTERNATIVES = {
    "roll_dice": [
        # while loop, a flag and DEBUG lines of its own kept out of hot paths
        '''
def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    i, total, sad = 0, 0, False
    while i < num_rolls:
        value = dice()
        if value == 1:
            sad = True
        total = total + value
        i += 1
    if sad:
        return 1
    return total
''',
        # recursion with a nested helper returning a pair
        '''
def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    def roll(n):
        if n == 0:
            return 0, False
        outcome = dice()
        rest, sad = roll(n - 1)
        return rest + outcome, sad or outcome == 1
    total, sad = roll(num_rolls)
    return 1 if sad else total
''',
        # all outcomes first, then `1 in`
        '''
def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    outcomes = []
    for _ in range(num_rolls):
        outcomes.append(dice())
    if 1 in outcomes:
        return 1
    return sum(outcomes)
''',
        # a counter of ones, an assert of its own and an extra default argument
        '''
def roll_dice(num_rolls, dice=six_sided, sad_face=1):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    assert callable(dice), 'dice must be a function'
    ones, total = 0, 0
    for roll in range(1, num_rolls + 1):
        outcome = dice()
        ones += outcome == sad_face
        total += outcome
    return 1 if ones > 0 else total
''',
        # map and any over a tuple; a module-level helper
        '''
def roll_once(dice, _):
    return dice()


def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    outcomes = tuple(map(lambda k: roll_once(dice, k), range(num_rolls)))
    return 1 if any(o == 1 for o in outcomes) else sum(outcomes)
''',
    ],
    "piggy_points": [
        # if/else instead of abs
        '''
def piggy_points(score):
    """Piggy Points, e.g. [14 -> 7]: no for statement, brackets only in this docstring."""
    ones = score % 10
    tens = (score // 10) % 10
    if tens > ones:
        k = tens - ones
    else:
        k = ones - tens
    return k + 4
''',
        # a while loop strips hundreds
        '''
def piggy_points(score):
    while score >= 100:
        score = score - 100
    tens, ones = score // 10, score % 10
    return abs(tens - ones) + 4
''',
        # module-level helpers (no brackets there either)
        '''
def tens_digit(n):
    return n // 10 % 10


def ones_digit(n):
    return n % 10


def piggy_points(score):
    return 4 + abs(tens_digit(score) - ones_digit(score))
''',
        # recursion on the last two digits
        '''
def piggy_points(score):
    if score >= 100:
        return piggy_points(score % 100)
    return max(score // 10, score % 10) - min(score // 10, score % 10) + 4
''',
        # a lambda bound to the name
        '''
piggy_points = lambda score: abs(score % 100 // 10 - score % 10) + 4
''',
        # strings, with slicing avoided: int() of the number's text
        '''
def piggy_points(score):
    text = str(score % 100)
    last_two = int(text)
    return abs(last_two // 10 - last_two % 10) + 4
''',
        # type hints and the walrus operator
        '''
def piggy_points(score: int) -> int:
    if (ones := score % 10) > (tens := score // 10 % 10):
        return ones - tens + 4
    return tens - ones + 4
''',
    ],
    "take_turn": [
        '''
def take_turn(num_rolls, opponent_score, dice=six_sided, goal=GOAL_SCORE):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < goal, 'The game should be over.'
    if num_rolls > 0:
        points = roll_dice(num_rolls, dice)
    else:
        points = piggy_points(opponent_score)
    return points
''',
        # goal read at call time
        '''
def take_turn(num_rolls, opponent_score, dice=six_sided, goal=None):
    if goal is None:
        goal = GOAL_SCORE
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < goal, 'The game should be over.'
    return piggy_points(opponent_score) if num_rolls == 0 else roll_dice(num_rolls, dice)
''',
        # an extra default argument and a DEBUG line
        '''
def take_turn(num_rolls, opponent_score, dice=six_sided, goal=GOAL_SCORE, verbose=False):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < goal, 'The game should be over.'
    if verbose:
        print('DEBUG: take_turn', num_rolls, opponent_score)
    if not num_rolls:
        return piggy_points(opponent_score)
    return roll_dice(num_rolls, dice=dice)
''',
    ],
    "more_boar": [
        # while loops tracking the extremes
        '''
def digit_range(n):
    smallest, largest = n % 10, n % 10
    while n >= 10:
        n = n // 10
        d = n % 10
        if d < smallest:
            smallest = d
        if d > largest:
            largest = d
    return smallest, largest


def more_boar(player_score, opponent_score):
    low, high = digit_range(player_score)
    their_low, their_high = digit_range(opponent_score)
    return low < their_low and high > their_high
''',
        # characters compare like digits
        '''
def more_boar(player_score, opponent_score):
    mine, theirs = str(player_score), str(opponent_score)
    return min(mine) < min(theirs) and max(mine) > max(theirs)
''',
        # sorted digits, early returns
        '''
def sorted_digits(n):
    return sorted(int(c) for c in str(n))


def more_boar(player_score, opponent_score):
    mine = sorted_digits(player_score)
    theirs = sorted_digits(opponent_score)
    if mine[0] >= theirs[0]:
        return False
    if mine[-1] <= theirs[-1]:
        return False
    return True
''',
        # the page's hint for two-digit scores, extended with a loop over the digits
        '''
def more_boar(player_score, opponent_score):
    def extremes(n):
        digits = []
        while True:
            digits.append(n % 10)
            n //= 10
            if n == 0:
                return min(digits), max(digits)
    (a, b), (c, d) = extremes(player_score), extremes(opponent_score)
    if a < c and b > d:
        return True
    else:
        return False
''',
    ],
    "play": [
        # list of scores, while True / break, DEBUG lines
        '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who = 0
    scores = [score0, score1]
    strategies = [strategy0, strategy1]
    while True:
        if scores[0] >= goal or scores[1] >= goal:
            break
        mine, theirs = scores[who], scores[1 - who]
        rolls = strategies[who](mine, theirs)
        print('DEBUG: player', who, 'rolls', rolls)
        scores[who] = mine + take_turn(rolls, theirs, dice, goal)
        say = say(scores[0], scores[1])
        if not more_boar(scores[who], scores[1 - who]):
            who = next_player(who)
    return scores[0], scores[1]
''',
        # an inner loop for More Boar's extra turns
        '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who = 0
    while score0 < goal and score1 < goal:
        if who == 0:
            again = True
            while again and score0 < goal:
                score0 += take_turn(strategy0(score0, score1), score1, dice, goal)
                say = say(score0, score1)
                again = more_boar(score0, score1)
        else:
            again = True
            while again and score1 < goal:
                score1 += take_turn(strategy1(score1, score0), score0, dice, goal)
                say = say(score0, score1)
                again = more_boar(score1, score0)
        who = next_player(who)
    return score0, score1
''',
        # a module-level helper for one turn; keywords; who flipped with 1 - who
        '''
def one_turn(strategy, mine, theirs, dice, goal):
    rolls = strategy(mine, theirs)
    mine = mine + take_turn(rolls, theirs, dice=dice, goal=goal)
    return mine, more_boar(mine, theirs)


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who = 0
    while max(score0, score1) < goal:
        if who:
            score1, again = one_turn(strategy1, score1, score0, dice, goal)
        else:
            score0, again = one_turn(strategy0, score0, score1, dice, goal)
        say = say(score0, score1)
        who = who if again else 1 - who
    return score0, score1
''',
        # recursion, one call per turn; goal read at call time
        '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=None, say=silence):
    if goal is None:
        goal = GOAL_SCORE
    def turn(who, score0, score1, say):
        if score0 >= goal or score1 >= goal:
            return score0, score1
        if who == 0:
            score0 = score0 + take_turn(strategy0(score0, score1), score1, dice, goal)
            again = more_boar(score0, score1)
        else:
            score1 = score1 + take_turn(strategy1(score1, score0), score0, dice, goal)
            again = more_boar(score1, score0)
        say = say(score0, score1)
        return turn(who if again else next_player(who), score0, score1, say)
    return turn(0, score0, score1, say)
''',
        # a class holding the game; commentary printed through its own method
        '''
class Game:
    def __init__(self, strategies, scores, dice, goal, say):
        self.strategies, self.scores = strategies, list(scores)
        self.dice, self.goal, self.say = dice, goal, say
        self.who = 0

    def over(self):
        return any(score >= self.goal for score in self.scores)

    def step(self):
        me, you = self.who, next_player(self.who)
        rolls = self.strategies[me](self.scores[me], self.scores[you])
        self.scores[me] += take_turn(rolls, self.scores[you], self.dice, self.goal)
        self.say = self.say(*self.scores)
        if not more_boar(self.scores[me], self.scores[you]):
            self.who = you


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    game = Game((strategy0, strategy1), (score0, score1), dice, goal, say)
    while not game.over():
        game.step()
    return tuple(game.scores)
''',
        # more_boar asked only when the game goes on; who toggled with ^
        '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who = 0  # Who is about to take a turn, 0 (first) or 1 (second)
    while score0 < goal and score1 < goal:
        if who == 0:
            num_rolls = strategy0(score0, score1)
            score0 = score0 + take_turn(num_rolls, score1, dice, goal)
        else:
            num_rolls = strategy1(score1, score0)
            score1 = score1 + take_turn(num_rolls, score0, dice, goal)
        say = say(score0, score1)
        if score0 >= goal or score1 >= goal:
            return score0, score1
        if who == 0 and more_boar(score0, score1):
            continue
        if who == 1 and more_boar(score1, score0):
            continue
        who ^= 1
    return score0, score1
''',
        # strategies and commentary called with the template's parameter names
        '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who = 0
    while score0 < goal and score1 < goal:
        if who == 0:
            score0 += take_turn(strategy0(score=score0, opponent_score=score1), score1, dice, goal)
            again = more_boar(player_score=score0, opponent_score=score1)
        else:
            score1 += take_turn(strategy1(score=score1, opponent_score=score0), score0, dice, goal)
            again = more_boar(player_score=score1, opponent_score=score0)
        say = say(score0=score0, score1=score1)
        if not again:
            who = next_player(who)
    return score0, score1
''',
        # debugging prints in the forms ok drops too: "DEBUG x", "debug: x", "Debug: x"
        '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who = 0
    print('DEBUG', 'starting at', score0, score1)
    while score0 < goal and score1 < goal:
        if who == 0:
            score0 += take_turn(strategy0(score0, score1), score1, dice, goal)
            again = more_boar(score0, score1)
        else:
            score1 += take_turn(strategy1(score1, score0), score0, dice, goal)
            again = more_boar(score1, score0)
        print('debug:', 'scores', score0, score1)
        say = say(score0, score1)
        if not again:
            who = next_player(who)
        else:
            print('Debug: extra turn for', who)
    return score0, score1
''',
    ],
    "announce_highest": [
        # f-string
        '''
def announce_highest(who, last_score=0, running_high=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    def say(score0, score1):
        score = score0 if who == 0 else score1
        gain = score - last_score
        if gain > running_high:
            print(f"Player {who} has reached a new maximum point gain. {gain} point(s)!")
        return announce_highest(who, score, max(gain, running_high))
    return say
''',
        # sys.stdout.write, imported inside
        '''
def announce_highest(who, last_score=0, running_high=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    def commentary(*scores):
        import sys
        gain = scores[who] - last_score
        if gain <= running_high:
            return announce_highest(who, scores[who], running_high)
        sys.stdout.write('Player ' + str(who) + ' has reached a new maximum point gain. '
                         + str(gain) + ' point(s)!\\n')
        return announce_highest(who, scores[who], gain)
    return commentary
''',
        # print with sep='' and a format string
        '''
def announce_highest(who, last_score=0, running_high=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    def f(score0, score1):
        new_score = (score0, score1)[who]
        gain = new_score - last_score
        high = running_high
        if gain > high:
            high = gain
            print('Player ', who, ' has reached a new maximum point gain. ', gain,
                  ' point(s)!', sep='')
        return announce_highest(who, new_score, high)
    return f
''',
        # %-formatting, end='' and a helper of its own
        '''
def gain_message(who, gain):
    return "Player %d has reached a new maximum point gain. %d point(s)!" % (who, gain)


def announce_highest(who, last_score=0, running_high=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    return lambda score0, score1: announce_step(who, last_score, running_high,
                                                score1 if who else score0)


def announce_step(who, last_score, running_high, score):
    if score - last_score > running_high:
        print(gain_message(who, score - last_score), end='')
        print()
        return announce_highest(who, score, score - last_score)
    return announce_highest(who, score, running_high)
''',
        # str.format, a DEBUG line, and an extra default argument
        '''
def announce_highest(who, last_score=0, running_high=0, debug=False):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    def say(score0, score1):
        current = score1 if who == 1 else score0
        if debug:
            print('DEBUG: highest', who, current, last_score, running_high)
        if current - last_score > running_high:
            print('Player {0} has reached a new maximum point gain. {1} point(s)!'.format(
                who, current - last_score))
            return announce_highest(who, current, current - last_score, debug)
        return announce_highest(who, current, running_high, debug)
    return say
''',
    ],
    "make_averaged": [
        '''
def make_averaged(original_function, trials_count=1000):
    def averaged(*args):
        total, i = 0, 0
        while i < trials_count:
            total += original_function(*args)
            i += 1
        return total / trials_count
    return averaged
''',
        # a list of results
        '''
def make_averaged(original_function, trials_count=1000):
    def averaged(*args):
        results = [original_function(*args) for _ in range(trials_count)]
        return sum(results) / len(results)
    return averaged
''',
        # a float total
        '''
def make_averaged(original_function, trials_count=1000):
    def average_of(*args):
        total = 0.0
        for trial in range(trials_count):
            total = total + original_function(*args)
        return total / trials_count
    return average_of
''',
        # a lambda
        '''
def make_averaged(original_function, trials_count=1000):
    return lambda *args: sum(original_function(*args) for i in range(trials_count)) / trials_count
''',
    ],
    "max_scoring_num_rolls": [
        # every average in a list, then index of the max
        '''
def max_scoring_num_rolls(dice=six_sided, trials_count=1000):
    averaged_roll = make_averaged(roll_dice, trials_count)
    averages = []
    for n in range(1, 11):
        averages.append(averaged_roll(n, dice))
    return averages.index(max(averages)) + 1
''',
        # max with a key
        '''
def max_scoring_num_rolls(dice=six_sided, trials_count=1000):
    return max(range(1, 11), key=lambda n: make_averaged(roll_dice, trials_count)(n, dice))
''',
        # a dict, and a DEBUG line for each number of dice
        '''
def max_scoring_num_rolls(dice=six_sided, trials_count=1000):
    averages = {}
    for num_rolls in range(1, 11):
        averages[num_rolls] = make_averaged(roll_dice, trials_count)(num_rolls, dice)
        print('DEBUG:', num_rolls, 'dice average', averages[num_rolls])
    return max(averages, key=averages.get)
''',
        # while loop, best starts at 0
        '''
def max_scoring_num_rolls(dice=six_sided, trials_count=1000):
    n, best, best_n = 1, 0, 0
    averager = make_averaged(roll_dice, trials_count)
    while n <= 10:
        result = averager(n, dice)
        if result > best:
            best, best_n = result, n
        n += 1
    return best_n
''',
        # sorted by (average descending, dice ascending)
        '''
def max_scoring_num_rolls(dice=six_sided, trials_count=1000):
    averaged = make_averaged(roll_dice, trials_count)
    scored = [(averaged(k, dice), k) for k in range(1, 11)]
    return sorted(scored, key=lambda pair: (-pair[0], pair[1]))[0][1]
''',
    ],
    "piggypoints_strategy": [
        '''
def piggypoints_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    return 0 if piggy_points(opponent_score) >= cutoff else num_rolls
''',
        # Free Bacon read through take_turn, as many students did
        '''
def piggypoints_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    if take_turn(0, opponent_score) < cutoff:
        return num_rolls
    return 0
''',
        '''
def piggypoints_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    points = piggy_points(opponent_score)
    if not points < cutoff:
        return 0
    else:
        return num_rolls
''',
    ],
    "more_boar_strategy": [
        '''
def more_boar_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    new_score = score + piggy_points(opponent_score)
    if more_boar(new_score, opponent_score):
        return 0
    return piggypoints_strategy(score, opponent_score, cutoff=cutoff, num_rolls=num_rolls)
''',
        '''
def more_boar_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    points = piggy_points(opponent_score)
    if more_boar(score + points, opponent_score) or points >= cutoff:
        return 0
    return num_rolls
''',
        # the fallback first
        '''
def more_boar_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    fallback = piggypoints_strategy(score, opponent_score, cutoff, num_rolls)
    if fallback == 0:
        return 0
    return 0 if more_boar(score + piggy_points(opponent_score), opponent_score) else fallback
''',
    ],
    "final_strategy": [
        # GOAL_SCORE read at call time
        '''
def final_strategy(score, opponent_score):
    if score + piggy_points(opponent_score) >= GOAL_SCORE:
        return 0
    if score > opponent_score + 20:
        return more_boar_strategy(score, opponent_score, 7, 4)
    return more_boar_strategy(score, opponent_score, 9, 6)
''',
        # a callable object
        '''
class FinalStrategy:
    def __init__(self, cutoff, num_rolls):
        self.cutoff, self.num_rolls = cutoff, num_rolls

    def __call__(self, score, opponent_score):
        return more_boar_strategy(score, opponent_score, self.cutoff, self.num_rolls)


final_strategy = FinalStrategy(8, 5)
''',
        # a table filled on the first call (a cache: still a function of the scores)
        '''
FINAL_CACHE = {}


def final_strategy(score, opponent_score):
    if not FINAL_CACHE:
        for s in range(100):
            for o in range(100):
                best = max(range(11), key=lambda k: expected_points(k, s, o))
                FINAL_CACHE[s, o] = best
    return FINAL_CACHE[score, opponent_score]


def expected_points(k, score, opponent_score):
    if k == 0:
        gain = piggy_points(opponent_score)
        return gain + (10 if more_boar(score + gain, opponent_score) else 0)
    return (1 - (5 / 6) ** k) + (5 / 6) ** k * 4 * k
''',
        # slow but correct: the expected points of every choice worked out anew at every call
        '''
def final_strategy(score, opponent_score):
    best, best_rolls = -1, 0
    for rolls in range(0, 11):
        if rolls == 0:
            value = piggy_points(opponent_score)
        else:
            no_one = 1.0
            for _ in range(rolls):
                no_one = no_one * 5 / 6
            value = no_one * 4 * rolls + (1 - no_one)
        if value > best:
            best, best_rolls = value, rolls
    return best_rolls
''',
        # memoised with functools.lru_cache
        '''
import functools


@functools.lru_cache(maxsize=None)
def final_strategy(score, opponent_score):
    if score + piggy_points(opponent_score) >= GOAL_SCORE:
        return 0
    return more_boar_strategy(score, opponent_score, 8, 6)
''',
    ],
}


WHOLE = {
    # A student who prints a lot while debugging (every line starts with DEBUG:), keeps
    # state in globals of their own and writes play around a turn counter.
    "debugging_student": '''
import sys

TURNS_PLAYED = 0
print('DEBUG: hog.py loaded')


def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    rolled = [dice() for _ in range(num_rolls)]
    return 1 if 1 in rolled else sum(rolled)


def piggy_points(score):
    return abs((score // 10) % 10 - score % 10) + 4


def take_turn(num_rolls, opponent_score, dice=six_sided, goal=GOAL_SCORE):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < goal, 'The game should be over.'
    if num_rolls == 0:
        print('DEBUG: piggy points against', opponent_score)
        return piggy_points(opponent_score)
    return roll_dice(num_rolls, dice)


def more_boar(player_score, opponent_score):
    p, o = str(player_score), str(opponent_score)
    print('DEBUG: more_boar', p, o, file=sys.stdout)
    return min(p) < min(o) and max(p) > max(o)


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    global TURNS_PLAYED
    who = 0
    while score0 < goal and score1 < goal:
        TURNS_PLAYED += 1
        sys.stdout.write('DEBUG: turn %d, player %d\\n' % (TURNS_PLAYED, who))
        if who == 0:
            score0 += take_turn(strategy0(score0, score1), score1, dice, goal)
            extra = more_boar(score0, score1)
        else:
            score1 += take_turn(strategy1(score1, score0), score0, dice, goal)
            extra = more_boar(score1, score0)
        say = say(score0, score1)
        if not extra:
            who = next_player(who)
    print('DEBUG: final', score0, score1)
    return score0, score1


def announce_highest(who, last_score=0, running_high=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    def say(score0, score1):
        score = [score0, score1][who]
        print('DEBUG: announce_highest sees', score0, score1)
        if score - last_score > running_high:
            print('Player', who, 'has reached a new maximum point gain.', score - last_score, 'point(s)!')
            return announce_highest(who, score, score - last_score)
        return announce_highest(who, score, running_high)
    return say


def make_averaged(original_function, trials_count=1000):
    def averaged(*args):
        print('DEBUG: averaging', trials_count, 'calls')
        return sum([original_function(*args) for _ in range(trials_count)]) / trials_count
    return averaged


def max_scoring_num_rolls(dice=six_sided, trials_count=1000):
    best = 1
    best_average = make_averaged(roll_dice, trials_count)(1, dice)
    for n in range(2, 11):
        average = make_averaged(roll_dice, trials_count)(n, dice)
        print(f'DEBUG: {n} dice average {average}')
        if average > best_average:
            best, best_average = n, average
    return best


def piggypoints_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    return 0 if piggy_points(opponent_score) >= cutoff else num_rolls


def more_boar_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    if more_boar(score + piggy_points(opponent_score), opponent_score):
        return 0
    return piggypoints_strategy(score, opponent_score, cutoff, num_rolls)


def final_strategy(score, opponent_score):
    return more_boar_strategy(score, opponent_score, 9, 6)
''',
}


# --- student-like bugs --------------------------------------------------------------------

BUGS = [
    Bug("roll_returns_at_first_one", "01", "roll_dice", '''
def roll_dice(num_rolls, dice=six_sided):
    total = 0
    for _ in range(num_rolls):
        outcome = dice()
        if outcome == 1:
            return 1
        total += outcome
    return total
''', "returns at the first 1: the remaining dice are never rolled"),
    Bug("roll_while_off_by_one", "01", "roll_dice", '''
def roll_dice(num_rolls, dice=six_sided):
    total, sad, i = 0, False, 0
    while i <= num_rolls:
        outcome = dice()
        sad = sad or outcome == 1
        total += outcome
        i += 1
    return 1 if sad else total
''', "a while loop with <=: one die too many"),
    Bug("roll_one_counts_as_one_point", "01", "roll_dice", '''
def roll_dice(num_rolls, dice=six_sided):
    total = 0
    for _ in range(num_rolls):
        outcome = dice()
        total += 1 if outcome == 1 else outcome
    return total
''', "a 1 scores 1 point for that die only, not for the turn"),
    Bug("piggy_ones_minus_tens_no_abs", "02", "piggy_points", '''
def piggy_points(score):
    return score % 10 - score // 10 % 10 + 4
''', "ones minus tens, no absolute value"),
    Bug("piggy_whole_number_over_ten", "02", "piggy_points", '''
def piggy_points(score):
    return abs(score // 10 - score % 10) + 4
''', "156's tens digit taken as 15"),
    Bug("piggy_string_digits", "02", "piggy_points", '''
def piggy_points(score):
    text = str(score)
    if len(text) == 1:
        return int(text) + 4
    return abs(int(text[0]) - int(text[1])) + 4
''', "the first two characters, not the last two; uses square brackets anyway"),
    Bug("piggy_for_loop_over_digits", "02", "piggy_points", '''
def piggy_points(score):
    digits = 0
    for i in range(2):
        digits = digits * 10 + (score // 10 ** (1 - i)) % 10
    return abs(digits // 10 - digits % 10) + 4
''', "right values, but written with a for statement (the page forbids it)"),
    Bug("take_turn_rolls_six_sided", "03", "take_turn", '''
def take_turn(num_rolls, opponent_score, dice=six_sided, goal=GOAL_SCORE):
    assert opponent_score < goal, 'The game should be over.'
    if num_rolls == 0:
        return piggy_points(opponent_score)
    return roll_dice(num_rolls)
''', "forgets to pass dice on: rolls fair dice"),
    Bug("take_turn_missing_return", "03", "take_turn", '''
def take_turn(num_rolls, opponent_score, dice=six_sided, goal=GOAL_SCORE):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < goal, 'The game should be over.'
    if num_rolls == 0:
        return piggy_points(opponent_score)
    else:
        roll_dice(num_rolls, dice)
''', "forgets the return in front of roll_dice: None for a turn with dice (a game that "
        "rolls dice raises, 06's too)", also=frozenset({"06"})),
    Bug("boar_pads_to_two_digits", "04", "more_boar", '''
def more_boar(player_score, opponent_score):
    def lo(n):
        return min(n // 10 % 10, n % 10)
    def hi(n):
        return max(n // 10 % 10, n % 10)
    return lo(player_score) < lo(opponent_score) and hi(player_score) > hi(opponent_score)
''', "digits as tens and ones only: 7 counts as 07, 105 as 05"),
    Bug("boar_or_instead_of_and", "04", "more_boar", '''
def more_boar(player_score, opponent_score):
    mine, theirs = str(player_score), str(opponent_score)
    return min(mine) < min(theirs) or max(mine) > max(theirs)
''', "either condition is enough"),
    Bug("boar_compares_with_own_digits", "04", "more_boar", '''
def more_boar(player_score, opponent_score):
    mine = str(player_score)
    theirs = str(opponent_score)
    return min(mine) < max(theirs) and max(mine) > min(theirs)
''', "smallest against the other's largest and vice versa"),
    Bug("play_more_boar_always_player0", "05", "extra_turns", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who = 0
    while score0 < goal and score1 < goal:
        if who == 0:
            score0 += take_turn(strategy0(score0, score1), score1, dice, goal)
        else:
            score1 += take_turn(strategy1(score1, score0), score0, dice, goal)
        say = say(score0, score1)
        if not more_boar(score0, score1):
            who = next_player(who)
    return score0, score1
''', "More Boar always asked as Player 0 against Player 1"),
    Bug("play_strategy_gets_scores_in_player_order", "05", "play", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who = 0
    strategies = [strategy0, strategy1]
    while score0 < goal and score1 < goal:
        rolls = strategies[who](score0, score1)
        if who == 0:
            score0 += take_turn(rolls, score1, dice, goal)
            again = more_boar(score0, score1)
        else:
            score1 += take_turn(rolls, score0, dice, goal)
            again = more_boar(score1, score0)
        say = say(score0, score1)
        if not again:
            who = next_player(who)
    return score0, score1
''', "both strategies are given (score0, score1)"),
    Bug("play_extra_turn_past_goal", "05", "extra_turns", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who = 0
    while score0 < goal and score1 < goal:
        if who == 0:
            score0 += take_turn(strategy0(score0, score1), score1, dice, goal)
            say = say(score0, score1)
            while more_boar(score0, score1):
                score0 += take_turn(strategy0(score0, score1), score1, dice, goal)
                say = say(score0, score1)
        else:
            score1 += take_turn(strategy1(score1, score0), score0, dice, goal)
            say = say(score0, score1)
            while more_boar(score1, score0):
                score1 += take_turn(strategy1(score1, score0), score0, dice, goal)
                say = say(score0, score1)
        who = next_player(who)
    return score0, score1
''', "extra turns go on after the goal is reached"),
    Bug("play_no_goal_to_take_turn", "05", "play", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who = 0
    while score0 < goal and score1 < goal:
        if who == 0:
            score0 += take_turn(strategy0(score0, score1), score1, dice)
            again = more_boar(score0, score1)
        else:
            score1 += take_turn(strategy1(score1, score0), score0, dice)
            again = more_boar(score1, score0)
        say = say(score0, score1)
        if not again:
            who = next_player(who)
    return score0, score1
''', "take_turn called with three arguments (the page says four)"),
    Bug("say_called_before_the_turn", "06", "commentary", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who = 0
    while score0 < goal and score1 < goal:
        say = say(score0, score1)
        if who == 0:
            score0 += take_turn(strategy0(score0, score1), score1, dice, goal)
            again = more_boar(score0, score1)
        else:
            score1 += take_turn(strategy1(score1, score0), score0, dice, goal)
            again = more_boar(score1, score0)
        if not again:
            who = next_player(who)
    return score0, score1
''', "commentary called at the start of each turn, with the old scores"),
    Bug("say_same_function_every_turn", "06", "commentary", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who = 0
    while score0 < goal and score1 < goal:
        if who == 0:
            score0 += take_turn(strategy0(score0, score1), score1, dice, goal)
            again = more_boar(score0, score1)
        else:
            score1 += take_turn(strategy1(score1, score0), score0, dice, goal)
            again = more_boar(score1, score0)
        say(score0, score1)
        if not again:
            who = next_player(who)
    return score0, score1
''', "calls the first commentary every turn, never the one it returned"),
    Bug("say_only_when_players_change", "06", "commentary", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who = 0
    while score0 < goal and score1 < goal:
        if who == 0:
            score0 += take_turn(strategy0(score0, score1), score1, dice, goal)
            again = more_boar(score0, score1)
        else:
            score1 += take_turn(strategy1(score1, score0), score0, dice, goal)
            again = more_boar(score1, score0)
        if not again or score0 >= goal or score1 >= goal:
            say = say(score0, score1)
            who = next_player(who)
    return score0, score1
''', "no commentary after a turn that earns an extra turn"),
    Bug("highest_nonlocal_mutation", "07", "announce_highest", '''
def announce_highest(who, last_score=0, running_high=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    def say(score0, score1):
        nonlocal last_score, running_high
        score = score1 if who else score0
        gain = score - last_score
        if gain > running_high:
            print('Player', who, 'has reached a new maximum point gain.', gain, 'point(s)!')
            running_high = gain
        last_score = score
        return say
    return say
''', "the commentary changes its own state (nonlocal) and returns itself: the page "
         "allows printing as the only side effect"),
    Bug("highest_gain_against_other_player", "07", "announce_highest", '''
def announce_highest(who, last_score=0, running_high=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    def say(score0, score1):
        gain = (score1 - score0) if who else (score0 - score1)
        if gain > running_high:
            print('Player', who, 'has reached a new maximum point gain.', gain, 'point(s)!')
            return announce_highest(who, last_score, gain)
        return announce_highest(who, last_score, running_high)
    return say
''', "the lead over the other player taken as the gain"),
    Bug("highest_singular_point", "07", "announce_highest", '''
def announce_highest(who, last_score=0, running_high=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    def say(score0, score1):
        score = score1 if who else score0
        gain = score - last_score
        if gain > running_high:
            print('Player', who, 'has reached a new maximum point gain.', gain,
                  'point!' if gain == 1 else 'points!')
            return announce_highest(who, score, gain)
        return announce_highest(who, score, running_high)
    return say
''', "singular and plural instead of point(s)"),
    Bug("averaged_integer_mean", "08", "make_averaged", '''
def make_averaged(original_function, trials_count=1000):
    def averaged(*args):
        total = 0
        for _ in range(trials_count):
            total += original_function(*args)
        return round(total / trials_count)
    return averaged
''', "rounds the mean to a whole number"),
    Bug("averaged_calls_at_creation", "08", "make_averaged", '''
def make_averaged(original_function, trials_count=1000):
    def averaged(*args):
        return total / trials_count
    total = 0
    for _ in range(trials_count):
        total += original_function()
    return averaged
''', "calls original_function (without arguments) when made, not when asked"),
    Bug("max_rolls_ten_down_to_one", "09", "max_scoring_num_rolls", '''
def max_scoring_num_rolls(dice=six_sided, trials_count=1000):
    best, best_average = 10, 0
    for n in range(10, 0, -1):
        average = make_averaged(roll_dice, trials_count)(n, dice)
        if average >= best_average:
            best, best_average = n, average
    return best
''', "tries 10 down to 1 (the page says 1 up to 10): the dice are used in another order"),
    Bug("max_rolls_zero_to_nine", "09", "max_scoring_num_rolls", '''
def max_scoring_num_rolls(dice=six_sided, trials_count=1000):
    averages = [make_averaged(roll_dice, trials_count)(n + 1, dice) for n in range(9)]
    return averages.index(max(averages)) + 1
''', "only 1 to 9 dice are tried"),
    Bug("piggy_strategy_strict_cutoff", "10", "piggypoints_strategy", '''
def piggypoints_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    if piggy_points(opponent_score) > cutoff:
        return 0
    return num_rolls
''', "rolls 0 only above the cutoff"),
    Bug("piggy_strategy_returns_cutoff", "10", "piggypoints_strategy", '''
def piggypoints_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    if piggy_points(opponent_score) >= cutoff:
        return 0
    return 6
''', "returns 6 instead of num_rolls"),
    Bug("boar_strategy_ignores_cutoff", "11", "more_boar_strategy", '''
def more_boar_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    if more_boar(score + piggy_points(opponent_score), opponent_score):
        return 0
    return num_rolls
''', "never rolls 0 for a large Piggy Points"),
    Bug("boar_strategy_score_not_updated", "11", "more_boar_strategy", '''
def more_boar_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    if more_boar(score, opponent_score):
        return 0
    return piggypoints_strategy(score, opponent_score, cutoff, num_rolls)
''', "More Boar checked before the points are added"),
    Bug("final_returns_float", "12", "final_strategy", '''
def final_strategy(score, opponent_score):
    return more_boar_strategy(score, opponent_score) / 1
''', "returns a float"),
    Bug("final_counts_calls", "12", "final_strategy", '''
CALLS = [0]


def final_strategy(score, opponent_score):
    CALLS[0] += 1
    return 6 if CALLS[0] % 2 else 5
''', "depends on how often it was called"),
    # (hunt19 #1: told "each call must return the commentary to call next")
    Bug("highest_joins_a_number_to_text", "07", "announce_highest", '''
def announce_highest(who, last_score=0, running_high=0):
    def say(score0, score1):
        score = score1 if who else score0
        gain = score - last_score
        if gain > running_high:
            print('Player ' + who + ' has reached a new maximum point gain. ' + str(gain)
                  + ' point(s)!')
            return announce_highest(who, score, gain)
        return announce_highest(who, score, running_high)
    return say
''', "joins the player's number to the text with + (a TypeError)"),
]


# --- what a correct solution must do exactly like the reference ------------------------------

def fingerprint(hog):
    """Results of many calls of every graded function (final_strategy: validity only)."""
    rng = random.Random(2021)
    out = []

    def printed(thunk):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            value = thunk()
        lines = without_debug(buffer.getvalue()).splitlines()
        return value, lines

    for _ in range(60):
        outcomes = [rng.randint(1, 6) for _ in range(rng.randint(1, 7))]
        dice = hog.make_test_dice(*outcomes)
        n = rng.randint(1, 10)
        out.append(("roll", printed(lambda: (hog.roll_dice(n, dice), dice()))))
    out.append(("piggy", [hog.piggy_points(s) for s in list(range(300)) + [1000, 4321]]))
    for _ in range(60):
        outcomes = [rng.randint(1, 6) for _ in range(rng.randint(1, 5))]
        dice = hog.make_test_dice(*outcomes)
        n, opp = rng.randint(0, 10), rng.randint(0, 250)
        out.append(("turn", printed(lambda: (hog.take_turn(n, opp, dice, 300), dice()))))
    out.append(("boar", [hog.more_boar(s, o) for s in range(0, 220, 7) for o in range(220)]))
    for _ in range(80):
        rolls = [[rng.randint(0, 10) for _ in range(rng.randint(1, 5))] for _ in range(2)]
        outcomes = [rng.randint(1, 6) for _ in range(rng.randint(1, 7))]
        start = (rng.choice([0, rng.randrange(110)]), rng.choice([0, rng.randrange(110)]))
        goal = rng.choice([100, rng.randint(1, 120)])
        log = []

        def strategy(who, table=rolls):
            def choose(score, opponent_score):
                log.append(("ask", who, score, opponent_score))
                return table[who][(score * 7 + opponent_score) % len(table[who])]
            return choose

        def say(score0, score1, n=0):
            log.append(("say", n, score0, score1))
            return lambda score0, score1: say(score0, score1, n + 1)
        dice = hog.make_test_dice(*outcomes)
        out.append(("play", printed(lambda: hog.play(strategy(0), strategy(1), *start, dice=dice,
                                                     goal=goal, say=say)), log))
    for _ in range(40):
        who = rng.randint(0, 1)
        start = (rng.randint(0, 50), rng.randint(0, 12))
        pairs = [(rng.randint(0, 130), rng.randint(0, 130)) for _ in range(rng.randint(0, 12))]

        def announce():
            f = hog.announce_highest(who, *start)
            seen = [f]
            for pair in pairs:
                f = f(*pair)
                seen.append(f)
            for old in seen[::3]:  # an old commentary keeps its own state
                old(120, 130)
        out.append(("highest", printed(announce)))
    for trials in (1, 2, 3, 7, 1000):
        outcomes = [rng.randint(1, 6) for _ in range(rng.randint(1, 6))]
        dice = hog.make_test_dice(*outcomes)
        out.append(("averaged", printed(lambda: (hog.make_averaged(dice, trials)(), dice()))))
        dice = hog.make_test_dice(*outcomes)
        out.append(("max_rolls", printed(lambda: (hog.max_scoring_num_rolls(dice, trials), dice()))))
    for outcomes in ((1, 2, 2, 3), (2, 1, 2, 2), (4, 4, 1), (5, 4, 1, 6, 3)):
        out.append(("max_rolls_order", [hog.max_scoring_num_rolls(hog.make_test_dice(*outcomes), k)
                                        for k in (1, 2, 3)]))
    out.append(("averaged_args", hog.make_averaged(lambda a, b: a * b, 5)(3, 4)))
    for cutoff, rolls in ((8, 6), (5, 2), (11, 9), (0, 0)):
        out.append(("strategies", [(hog.piggypoints_strategy(s, o, cutoff, rolls),
                                    hog.more_boar_strategy(s, o, cutoff, rolls))
                                   for s in range(0, 100, 7) for o in range(100)]))
    out.append(("defaults", [(hog.piggypoints_strategy(s, o), hog.more_boar_strategy(s, o))
                             for s in range(0, 100, 7) for o in range(100)]))
    answers = [hog.final_strategy(s, o) for s in range(100) for o in range(100)]
    again = [hog.final_strategy(s, o) for s in reversed(range(100)) for o in reversed(range(100))]
    out.append(("final", all(type(a) == int and 0 <= a <= 10 for a in answers),
                answers == again[::-1]))
    return out
