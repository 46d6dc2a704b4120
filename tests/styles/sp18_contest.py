"""The Spring 2018 contest: correct implementations in students' styles, and student-like
bugs (see tests/styletools.py for how they are used)."""

import contextlib
import io
import random

from styletools import Bug, without_debug

EDITION = "sp18-contest"

ALTERNATIVES = {
    "roll_dice": [
        '''
def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    k, total, pigged = 0, 0, False
    while k < num_rolls:
        d = dice()
        total, pigged = total + d, pigged or d == 1
        k = k + 1
    return 1 if pigged else total
''',
        '''
def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    if num_rolls == 1:
        return dice()
    first = dice()
    rest = roll_dice(num_rolls - 1, dice)
    if first == 1 or rest == 1:
        return 1
    return first + rest
''',
        # a module-level helper and a count of ones
        '''
def outcomes_of(dice, n):
    return [dice() for _ in range(n)]


def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    rolled = outcomes_of(dice, num_rolls)
    if rolled.count(1):
        return 1
    return sum(rolled)
''',
    ],
    "free_bacon": [
        '''
def free_bacon(score):
    assert score < 100, 'The game should be over.'
    tens, ones = score // 10, score % 10
    if tens >= ones:
        return 2 + tens - ones
    return 2 + ones - tens
''',
        # digits from the text, padded
        '''
def free_bacon(score):
    assert score < 100, 'The game should be over.'
    text = str(score).zfill(2)
    return 2 + abs(int(text[0]) - int(text[1]))
''',
        # a lambda, no assert of the template's (take_turn keeps its own)
        '''
free_bacon = lambda score: 2 + abs(score // 10 % 10 - score % 10)
''',
        '''
def free_bacon(score):
    assert score < 100, 'The game should be over.'
    difference = max(score // 10, score % 10) - min(score // 10, score % 10)
    return difference + 2
''',
    ],
    "take_turn": [
        '''
def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < 100, 'The game should be over.'
    if num_rolls:
        return roll_dice(num_rolls, dice)
    return free_bacon(opponent_score)
''',
        # an extra default argument, a DEBUG line
        '''
def take_turn(num_rolls, opponent_score, dice=six_sided, log=False):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < 100, 'The game should be over.'
    points = free_bacon(opponent_score) if num_rolls == 0 else roll_dice(num_rolls, dice=dice)
    if log:
        print('DEBUG: turn scored', points)
    return points
''',
        '''
def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < 100, 'The game should be over.'
    result = None
    if num_rolls == 0:
        result = free_bacon(opponent_score)
    else:
        result = roll_dice(num_rolls, dice)
    assert result > 0, 'a turn scores at least one point'
    return result
''',
    ],
    "is_swap": [
        '''
def is_swap(score0, score1):
    if score0 > 1 and score1 > 1:
        if score0 % score1 == 0 or score1 % score0 == 0:
            return True
    return False
''',
        # the larger one over the smaller one
        '''
def is_swap(score0, score1):
    small, big = min(score0, score1), max(score0, score1)
    return small > 1 and big % small == 0
''',
        # a while loop trying every multiple
        '''
def is_swap(score0, score1):
    if min(score0, score1) <= 1:
        return False
    small, big = sorted([score0, score1])
    multiple = small
    while multiple < big:
        multiple += small
    return multiple == big
''',
        # division and int()
        '''
def is_swap(score0, score1):
    if score0 <= 1 or score1 <= 1:
        return False
    ratio = max(score0, score1) / min(score0, score1)
    return ratio == int(ratio)
''',
    ],
    "play": [
        # a turn counter and a flag for the last turn being an extra one
        '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who = 0
    turn_number = 0
    last_was_extra = False
    while score0 < goal and score1 < goal:
        if who == 0:
            rolls = strategy0(score0, score1)
            score0 = score0 + take_turn(rolls, score1, dice)
        else:
            rolls = strategy1(score1, score0)
            score1 = score1 + take_turn(rolls, score0, dice)
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        say = say(score0, score1)
        if rolls == turn_number % 8 and not last_was_extra:
            last_was_extra = True
        else:
            last_was_extra = False
            who = other(who)
        turn_number += 1
    return score0, score1
''',
        # scores in a list, while True, DEBUG lines
        '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    scores, strategies = [score0, score1], [strategy0, strategy1]
    who, turn, extra = 0, 0, False
    while True:
        if max(scores) >= goal:
            return scores[0], scores[1]
        k = strategies[who](scores[who], scores[other(who)])
        scores[who] += take_turn(k, scores[other(who)], dice)
        if is_swap(scores[0], scores[1]):
            scores.reverse()
        print('DEBUG: turn', turn, 'player', who, 'scores', scores)
        say = say(scores[0], scores[1])
        extra = (k == turn % 8) and not extra
        turn += 1
        if not extra:
            who = 1 - who
''',
        # Time Trot worked out before the dice are rolled; the swap inline
        '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who, n, can_trot = 0, 0, True
    while score0 < goal and score1 < goal:
        strategy = strategy0 if who == 0 else strategy1
        mine, theirs = (score0, score1) if who == 0 else (score1, score0)
        k = strategy(mine, theirs)
        trot = can_trot and k == n % 8
        mine = mine + take_turn(k, theirs, dice)
        if mine > 1 and theirs > 1 and (mine % theirs == 0 or theirs % mine == 0):
            mine, theirs = theirs, mine
        score0, score1 = (mine, theirs) if who == 0 else (theirs, mine)
        say = say(score0, score1)
        n += 1
        can_trot = not trot
        if not trot:
            who = other(who)
    return score0, score1
''',
        # a helper for one turn at module level, goal read at call time
        '''
def trot_turn(strategy, mine, theirs, dice):
    rolls = strategy(mine, theirs)
    return rolls, mine + take_turn(rolls, theirs, dice)


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=None, say=silence):
    goal = GOAL_SCORE if goal is None else goal
    who, turns, previous_extra = 0, 0, False
    while not (score0 >= goal or score1 >= goal):
        if who == 0:
            rolls, score0 = trot_turn(strategy0, score0, score1, dice)
        else:
            rolls, score1 = trot_turn(strategy1, score1, score0, dice)
        if is_swap(score1, score0):
            score0, score1 = score1, score0
        say = say(score0, score1)
        extra = rolls == turns % 8 and not previous_extra
        turns, previous_extra = turns + 1, extra
        who = who if extra else other(who)
    return score0, score1
''',
        # an inner loop for a turn and its possible extra turn
        '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who, turn = 0, 0
    while score0 < goal and score1 < goal:
        for attempt in (0, 1):
            if score0 >= goal or score1 >= goal:
                break
            if who == 0:
                rolls = strategy0(score0, score1)
                score0 += take_turn(rolls, score1, dice)
            else:
                rolls = strategy1(score1, score0)
                score1 += take_turn(rolls, score0, dice)
            if is_swap(score0, score1):
                score0, score1 = score1, score0
            say = say(score0, score1)
            earned = rolls == turn % 8
            turn += 1
            if attempt == 1 or not earned:
                break
        who = other(who)
    return score0, score1
''',
        # strategies and commentary called with the template's parameter names
        '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who, turn, extra = 0, 0, False
    while score0 < goal and score1 < goal:
        if who == 0:
            rolls = strategy0(score=score0, opponent_score=score1)
            score0 += take_turn(num_rolls=rolls, opponent_score=score1, dice=dice)
        else:
            rolls = strategy1(score=score1, opponent_score=score0)
            score1 += take_turn(num_rolls=rolls, opponent_score=score0, dice=dice)
        if is_swap(score0=score0, score1=score1):
            score0, score1 = score1, score0
        say = say(score0=score0, score1=score1)
        extra = not extra and rolls == turn % 8
        turn += 1
        if not extra:
            who = other(who)
    return score0, score1
''',
    ],
    "TEAM_NAME": [
        '''
TEAM_NAME = 'Hog Wild 2018'
''',
        '''
TEAM_NAME = "Ψ pigs — déjà vu"
''',
        '''
TEAM_NAME = 'x' * 50
''',
    ],
    "final_strategy": [
        '''
def final_strategy(score, opponent_score):
    bacon = free_bacon(opponent_score)
    if score + bacon >= GOAL_SCORE and not is_swap(score + bacon, opponent_score):
        return 0
    if is_swap(score + bacon, opponent_score) and opponent_score > score + bacon:
        return 0
    return 4 if score > opponent_score else 6
''',
        # a table built once, at import time
        '''
def final_table_entry(score, opponent_score):
    bacon = free_bacon(opponent_score)
    if bacon >= 9 and not is_swap(score + bacon, opponent_score):
        return 0
    return 5


FINAL_TABLE = [[final_table_entry(s, o) for o in range(100)] for s in range(100)]


def final_strategy(score, opponent_score):
    return FINAL_TABLE[score][opponent_score]
''',
        # a callable object with a cache: the same answer for the same scores, always
        '''
class CachedStrategy:
    def __init__(self):
        self.cache = {}

    def __call__(self, score, opponent_score):
        key = (score, opponent_score)
        if key not in self.cache:
            self.cache[key] = self.choose(score, opponent_score)
        return self.cache[key]

    def choose(self, score, opponent_score):
        after = score + free_bacon(opponent_score)
        if is_swap(after, opponent_score):
            return 0 if opponent_score > after else 6
        return 0 if after >= GOAL_SCORE else 6


final_strategy = CachedStrategy()
''',
        # slow but within the page's limit: expected points worked out at every call
        '''
def final_strategy(score, opponent_score):
    best, best_rolls = free_bacon(opponent_score), 0
    for rolls in range(1, 11):
        keep = 1.0
        for _ in range(rolls):
            keep *= 5 / 6
        expected = keep * 4 * rolls + (1 - keep)
        if expected > best:
            best, best_rolls = expected, rolls
    return best_rolls
''',
        # memoised with functools.lru_cache
        '''
from functools import lru_cache


@lru_cache(maxsize=None)
def final_strategy(score, opponent_score):
    after = score + free_bacon(opponent_score)
    if is_swap(after, opponent_score):
        return 0 if opponent_score > after else 6
    return 0 if after >= GOAL_SCORE or after - score >= 10 else 6
''',
    ],
}


WHOLE = {
    # Everything through one class, play counting turns in a dict of its own.
    "one_class": '''
class Hog:
    """All of the game's rules in one place."""

    @staticmethod
    def roll(num_rolls, dice):
        values = [dice() for _ in range(num_rolls)]
        return 1 if 1 in values else sum(values)

    @staticmethod
    def bacon(score):
        return 2 + abs(score // 10 - score % 10)

    @staticmethod
    def swap(a, b):
        return a > 1 and b > 1 and (a % b == 0 or b % a == 0)


def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    return Hog.roll(num_rolls, dice)


def free_bacon(score):
    assert score < 100, 'The game should be over.'
    return Hog.bacon(score)


def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < 100, 'The game should be over.'
    return free_bacon(opponent_score) if num_rolls == 0 else roll_dice(num_rolls, dice)


def is_swap(score0, score1):
    return Hog.swap(score0, score1)


STATE = {'turns': 0}


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    STATE['turns'] = 0
    scores = {0: score0, 1: score1}
    strategies = {0: strategy0, 1: strategy1}
    who, extra = 0, False
    while scores[0] < goal and scores[1] < goal:
        rolls = strategies[who](scores[who], scores[other(who)])
        scores[who] += take_turn(rolls, scores[other(who)], dice)
        if is_swap(scores[0], scores[1]):
            scores[0], scores[1] = scores[1], scores[0]
        say = say(scores[0], scores[1])
        extra = not extra and rolls == STATE['turns'] % 8
        STATE['turns'] += 1
        if not extra:
            who = other(who)
    return scores[0], scores[1]


TEAM_NAME = 'Classy Hogs'


def final_strategy(score, opponent_score):
    if score + free_bacon(opponent_score) >= GOAL_SCORE:
        return 0
    return 5
''',
}


BUGS = [
    Bug("roll_breaks_at_one", "01", "roll_dice", '''
def roll_dice(num_rolls, dice=six_sided):
    total = 0
    while num_rolls > 0:
        d = dice()
        if d == 1:
            total = 1
            break
        total += d
        num_rolls -= 1
    return total
''', "stops rolling at the first 1"),
    Bug("roll_adds_one_for_pig_out", "01", "roll_dice", '''
def roll_dice(num_rolls, dice=six_sided):
    total, ones = 0, 0
    for _ in range(num_rolls):
        d = dice()
        if d == 1:
            ones += 1
        else:
            total += d
    return total + ones
''', "each 1 scores 1 and the other dice still count"),
    Bug("bacon_ones_minus_tens", "02", "free_bacon", '''
def free_bacon(score):
    return 2 + score % 10 - score // 10
''', "ones minus tens, no absolute value"),
    Bug("bacon_page_example", "02", "free_bacon", '''
def free_bacon(score):
    if score == 42:
        return 6
    return 2 + abs(score // 10 - score % 10)
''', "copies the page's slip for 42 (6) against its own rule (4)"),
    Bug("bacon_one_digit_as_both", "02", "free_bacon", '''
def free_bacon(score):
    text = str(score)
    return 2 + abs(int(text[0]) - int(text[-1]))
''', "a one-digit score's tens digit taken as the digit itself"),
    Bug("take_turn_forgets_return", "03", "take_turn", '''
def take_turn(num_rolls, opponent_score, dice=six_sided):
    if num_rolls == 0:
        free_bacon(opponent_score)
    else:
        return roll_dice(num_rolls, dice)
''', "Free Bacon computed but not returned"),
    Bug("take_turn_fair_dice", "03", "take_turn", '''
def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    if num_rolls == 0:
        return free_bacon(opponent_score)
    return roll_dice(num_rolls, six_sided)
''', "rolls six_sided, not the dice given"),
    Bug("swap_only_double", "04", "is_swap", '''
def is_swap(score0, score1):
    return score0 > 1 and score1 > 1 and (score0 == 2 * score1 or score1 == 2 * score0)
''', "an older term's rule: only doubling swaps"),
    Bug("swap_zero_division", "04", "is_swap", '''
def is_swap(score0, score1):
    return score0 % score1 == 0 or score1 % score0 == 0
''', "no guard: 0 divides by zero and 1 always swaps (games raise, 06's too)",
        also=frozenset({"06"})),
    Bug("swap_floats", "04", "is_swap", '''
def is_swap(score0, score1):
    if score0 <= 1 or score1 <= 1:
        return False
    return score0 / score1 == 2 or score1 / score0 == 2 or score0 == score1
''', "multiples of 3 or more are missed"),
    Bug("play_swaps_before_points", "05a", "play", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who, turn, extra = 0, 0, False
    while score0 < goal and score1 < goal:
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        if who == 0:
            rolls = strategy0(score0, score1)
            score0 += take_turn(rolls, score1, dice)
        else:
            rolls = strategy1(score1, score0)
            score1 += take_turn(rolls, score0, dice)
        say = say(score0, score1)
        extra = not extra and rolls == turn % 8
        if not extra:
            who = other(who)
        turn += 1
    return score0, score1
''', "Swine Swap checked at the start of a turn, before the points (to 06's traces, "
        "commentary called before the swap: only the first and last turns tell them apart)",
        also=frozenset({"06"})),
    Bug("play_bacon_on_own_score", "05a", "play", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who, turn, extra = 0, 0, False
    while score0 < goal and score1 < goal:
        if who == 0:
            rolls = strategy0(score0, score1)
            score0 += take_turn(rolls, score0, dice)
        else:
            rolls = strategy1(score1, score0)
            score1 += take_turn(rolls, score1, dice)
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        say = say(score0, score1)
        extra = not extra and rolls == turn % 8
        if not extra:
            who = other(who)
        turn += 1
    return score0, score1
''', "take_turn given the mover's own score"),
    Bug("play_one_turn_too_many", "05a", "play", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who, turn, extra = 0, 0, False
    while True:
        if who == 0:
            rolls = strategy0(score0, score1)
            score0 += take_turn(rolls, score1, dice)
        else:
            rolls = strategy1(score1, score0)
            score1 += take_turn(rolls, score0, dice)
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        say = say(score0, score1)
        if score0 >= goal or score1 >= goal:
            return score0, score1
        extra = not extra and rolls == turn % 8
        if not extra:
            who = other(who)
        turn += 1
''', "a turn is played before the goal is checked (also when a score starts at the goal)"),
    Bug("trot_turns_counted_per_player", "05b", "time_trot", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who, turns, extra = 0, [0, 0], False
    while score0 < goal and score1 < goal:
        if who == 0:
            rolls = strategy0(score0, score1)
            score0 += take_turn(rolls, score1, dice)
        else:
            rolls = strategy1(score1, score0)
            score1 += take_turn(rolls, score0, dice)
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        say = say(score0, score1)
        mover = who
        extra = not extra and rolls == turns[mover] % 8
        if not extra:
            who = other(who)
        turns[mover] += 1
    return score0, score1
''', "each player counts their own turns"),
    Bug("trot_counter_only_on_player_change", "05b", "time_trot", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who, turn, extra = 0, 0, False
    while score0 < goal and score1 < goal:
        if who == 0:
            rolls = strategy0(score0, score1)
            score0 += take_turn(rolls, score1, dice)
        else:
            rolls = strategy1(score1, score0)
            score1 += take_turn(rolls, score0, dice)
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        say = say(score0, score1)
        extra = not extra and rolls == turn % 8
        if not extra:
            who = other(who)
            turn += 1
    return score0, score1
''', "an extra turn does not advance the turn number"),
    Bug("trot_unlimited", "05b", "time_trot", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who, turn = 0, 0
    while score0 < goal and score1 < goal:
        if who == 0:
            rolls = strategy0(score0, score1)
            score0 += take_turn(rolls, score1, dice)
        else:
            rolls = strategy1(score1, score0)
            score1 += take_turn(rolls, score0, dice)
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        say = say(score0, score1)
        if rolls != turn % 8:
            who = other(who)
        turn += 1
    return score0, score1
''', "extra turns may follow extra turns"),
    Bug("say_before_the_swap", "06", "commentary", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who, turn, extra = 0, 0, False
    while score0 < goal and score1 < goal:
        if who == 0:
            rolls = strategy0(score0, score1)
            score0 += take_turn(rolls, score1, dice)
        else:
            rolls = strategy1(score1, score0)
            score1 += take_turn(rolls, score0, dice)
        say = say(score0, score1)
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        extra = not extra and rolls == turn % 8
        if not extra:
            who = other(who)
        turn += 1
    return score0, score1
''', "commentary sees the scores before Swine Swap"),
    Bug("say_mover_first", "06", "commentary", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who, turn, extra = 0, 0, False
    while score0 < goal and score1 < goal:
        if who == 0:
            rolls = strategy0(score0, score1)
            score0 += take_turn(rolls, score1, dice)
        else:
            rolls = strategy1(score1, score0)
            score1 += take_turn(rolls, score0, dice)
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        say = say(score0, score1) if who == 0 else say(score1, score0)
        extra = not extra and rolls == turn % 8
        if not extra:
            who = other(who)
        turn += 1
    return score0, score1
''', "commentary gets the mover's score first"),
    Bug("say_same_function", "06", "commentary", '''
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    who, turn, extra = 0, 0, False
    while score0 < goal and score1 < goal:
        if who == 0:
            rolls = strategy0(score0, score1)
            score0 += take_turn(rolls, score1, dice)
        else:
            rolls = strategy1(score1, score0)
            score1 += take_turn(rolls, score0, dice)
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        say(score0, score1)
        extra = not extra and rolls == turn % 8
        if not extra:
            who = other(who)
        turn += 1
    return score0, score1
''', "the commentary returned is thrown away"),
    Bug("team_name_placeholder", "07", "entry", '''
TEAM_NAME = 'PLACEHOLDER'
''', "TEAM_NAME not changed"),
    Bug("team_name_empty", "07", "entry", '''
TEAM_NAME = ''
''', "TEAM_NAME left empty"),
    Bug("final_guesses_turn_from_history", "07", "entry", '''
LAST_SEEN = [None]


def final_strategy(score, opponent_score):
    previous, LAST_SEEN[0] = LAST_SEEN[0], (score, opponent_score)
    if previous is not None and previous[1] == opponent_score:
        return 1
    return 5
''', "uses the scores of the previous call to guess who moved: not a function of the scores"),
    Bug("final_returns_none_sometimes", "07", "entry", '''
def final_strategy(score, opponent_score):
    if score < opponent_score:
        return 6
    elif score > opponent_score:
        return 4
''', "returns None on equal scores"),
    Bug("final_numpy_like_float", "07", "entry", '''
def final_strategy(score, opponent_score):
    return max(0, min(10, (opponent_score - score) / 10 + 5))
''', "returns a float (division) instead of an int"),
]


def fingerprint(hog):
    rng = random.Random(2018)
    out = []

    def printed(thunk):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            value = thunk()
        return value, without_debug(buffer.getvalue()).splitlines()

    for _ in range(60):
        outcomes = [rng.randint(1, 6) for _ in range(rng.randint(1, 7))]
        dice = hog.make_test_dice(*outcomes)
        n = rng.randint(1, 10)
        out.append(("roll", printed(lambda: (hog.roll_dice(n, dice), dice()))))
    out.append(("bacon", [hog.free_bacon(s) for s in range(100)]))
    for _ in range(60):
        dice = hog.make_test_dice(*[rng.randint(1, 6) for _ in range(rng.randint(1, 5))])
        n, opp = rng.randint(0, 10), rng.randint(0, 99)
        out.append(("turn", printed(lambda: (hog.take_turn(n, opp, dice), dice()))))
    out.append(("swap", [hog.is_swap(a, b) for a in range(160) for b in range(0, 160, 3)]))
    for _ in range(100):
        rolls = [[rng.randint(0, 10) for _ in range(rng.randint(1, 5))] for _ in range(2)]
        outcomes = [rng.randint(1, 6) for _ in range(rng.randint(1, 7))]
        start = (rng.choice([0, rng.randrange(100)]), rng.choice([0, rng.randrange(100)]))
        goal = rng.choice([100, rng.randint(1, 100)])
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
    name = hog.TEAM_NAME
    out.append(("team", type(name) == str and 0 < len(name.strip()) <= 50
                and name != "PLACEHOLDER"))
    answers = [hog.final_strategy(s, o) for s in range(100) for o in range(100)]
    again = [hog.final_strategy(s, o) for s in reversed(range(100)) for o in reversed(range(100))]
    out.append(("final", all(type(a) == int and 0 <= a <= 10 for a in answers),
                answers == again[::-1]))
    return out
