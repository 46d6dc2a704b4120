"""Spring 2013: correct implementations in students' styles, and student-like bugs (see
tests/styletools.py for how they are used)."""

import contextlib
import io
import random

from styletools import Bug, without_debug

EDITION = "sp13"

ALTERNATIVES = {
    "roll_dice": [
        # announces as each die is rolled, while loop
        '''
def roll_dice(num_rolls, dice=six_sided, who='Somebody'):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    rolled, total, pig = 0, 0, False
    while rolled < num_rolls:
        outcome = dice()
        if commentary == True:
            announce(outcome, who)
        pig = pig or outcome == 1
        total += outcome
        rolled += 1
    return 1 if pig else total
''',
        # rolls everything first, then announces every outcome in order
        '''
def roll_dice(num_rolls, dice=six_sided, who='Somebody'):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    outcomes = [dice() for _ in range(num_rolls)]
    if commentary:
        for outcome in outcomes:
            announce(outcome, who)
    if 1 in outcomes:
        return 1
    return sum(outcomes)
''',
        # a helper for one die, a DEBUG line that never reaches commentary
        '''
def roll_one(dice, who):
    outcome = dice()
    if commentary:
        announce(outcome, who)
    return outcome


def roll_dice(num_rolls, dice=six_sided, who='Somebody'):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    outcomes = []
    for _ in range(num_rolls):
        outcomes.append(roll_one(dice, who))
    print('DEBUG: rolled', outcomes)
    return 1 if min(outcomes) == 1 else sum(outcomes)
''',
        # debugging prints in the forms ok drops too
        '''
def roll_dice(num_rolls, dice=six_sided, who='Somebody'):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    total, pigged_out = 0, False
    for i in range(num_rolls):
        outcome = dice()
        print('debug: die', i, 'shows', outcome)
        if commentary:
            announce(outcome, who)
        if outcome == 1:
            pigged_out = True
        total += outcome
    print('DEBUG', who, 'scores', 1 if pigged_out else total)
    return 1 if pigged_out else total
''',
    ],
    "take_turn": [
        # prime helpers with trial division up to n, Touchdown as * 7 // 6
        '''
def prime(n):
    if n == 1:
        return False
    for k in range(2, n):
        if n % k == 0:
            return False
    return True


def following_prime(n):
    candidate = n + 1
    while not prime(candidate):
        candidate = candidate + 1
    return candidate


def take_turn(num_rolls, opponent_score, dice=six_sided, who='Somebody'):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    if num_rolls == 0:
        score = (opponent_score // 10) % 10 + 1
    else:
        score = roll_dice(num_rolls, dice, who)
    if score % 6 == 0:
        score = score * 7 // 6
    if prime(score):
        score = following_prime(score)
    return score
''',
        # all() for primes, recursion for the next one, digits from the text
        '''
def is_a_prime(n):
    return n > 1 and all(n % d for d in range(2, int(n ** 0.5) + 1))


def prime_after(n):
    return n + 1 if is_a_prime(n + 1) else prime_after(n + 1)


def take_turn(num_rolls, opponent_score, dice=six_sided, who='Somebody'):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    if num_rolls:
        points = roll_dice(num_rolls, dice=dice, who=who)
    else:
        points = int(str(opponent_score).zfill(2)[-2]) + 1
    points = points + points // 6 if points % 6 == 0 else points
    return prime_after(points) if is_a_prime(points) else points
''',
        # the special rules as a list of functions applied in order
        '''
def touchdown_rule(points):
    if points % 6 == 0:
        return points + points // 6
    return points


def prime_rule(points):
    def is_prime_number(n):
        if n < 2:
            return False
        k = 2
        while k * k <= n:
            if n % k == 0:
                return False
            k += 1
        return True
    if not is_prime_number(points):
        return points
    points += 1
    while not is_prime_number(points):
        points += 1
    return points


TURN_RULES = (touchdown_rule, prime_rule)


def take_turn(num_rolls, opponent_score, dice=six_sided, who='Somebody'):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    points = roll_dice(num_rolls, dice, who) if num_rolls > 0 else 1 + opponent_score % 100 // 10
    for rule in TURN_RULES:
        points = rule(points)
    return points
''',
    ],
    "draw_number": [
        # the arguments of draw_dice worked out one by one
        '''
def draw_number(n, dot='*'):
    c = n == 1 or n == 3 or n == 5
    f = n != 1
    b = n > 3
    s = n == 6
    return draw_dice(c, f, b, s, dot)
''',
        # a table of pips in a global of its own
        '''
PIP_TABLE = {
    1: (1, 0, 0, 0), 2: (0, 1, 0, 0), 3: (1, 1, 0, 0),
    4: (0, 1, 1, 0), 5: (1, 1, 1, 0), 6: (0, 1, 1, 1),
}


def draw_number(n, dot='*'):
    c, f, b, s = PIP_TABLE[n]
    return draw_dice(bool(c), bool(f), bool(b), bool(s), dot)
''',
        # if/elif for each face, keywords
        '''
def draw_number(n, dot='*'):
    if n == 1:
        return draw_dice(True, False, False, False, dot)
    elif n == 2:
        return draw_dice(False, True, False, False, dot)
    elif n == 3:
        return draw_dice(True, True, False, False, dot)
    elif n == 4:
        return draw_dice(c=False, f=True, b=True, s=False, dot=dot)
    elif n == 5:
        return draw_dice(True, True, True, False, dot)
    return draw_dice(False, True, True, True, dot)
''',
        # a match statement
        '''
def draw_number(n, dot='*'):
    match n:
        case 1:
            pips = (True, False, False, False)
        case 2:
            pips = (False, True, False, False)
        case 3:
            pips = (True, True, False, False)
        case 4:
            pips = (False, True, True, False)
        case 5:
            pips = (True, True, True, False)
        case _:
            pips = (False, True, True, True)
    return draw_dice(*pips, dot)
''',
    ],
    "num_allowed_dice": [
        '''
def num_allowed_dice(score, opponent_score):
    if (score + opponent_score) % 10 == 7:
        return 1
    else:
        return 10
''',
        '''
def num_allowed_dice(score, opponent_score):
    last_digit = str(score + opponent_score)[-1]
    return 1 if last_digit == '7' else 10
''',
        '''
def hog_tied(total):
    return total % 10 == 7


def num_allowed_dice(score, opponent_score):
    return (10, 1)[hog_tied(score + opponent_score)]
''',
    ],
    "select_dice": [
        '''
def select_dice(score, opponent_score):
    if (score + opponent_score) % 7 == 0:
        return four_sided
    else:
        return six_sided
''',
        '''
def select_dice(score, opponent_score):
    return [six_sided, four_sided][(score + opponent_score) % 7 == 0]
''',
        '''
def select_dice(score, opponent_score):
    wild = not (score + opponent_score) % 7
    return four_sided if wild else six_sided
''',
    ],
    "play": [
        # two scores, both strategies asked every turn (only the mover's answer is used)
        '''
def play(strategy0, strategy1):
    who = 0
    score0, score1 = 0, 0
    while score0 < goal and score1 < goal:
        asked = (strategy0(score0, score1), strategy1(score1, score0))
        if who == 0:
            num_rolls = min(asked[0], num_allowed_dice(score0, score1))
            score0 += take_turn(num_rolls, score1, select_dice(score0, score1), name(0))
        else:
            num_rolls = min(asked[1], num_allowed_dice(score1, score0))
            score1 += take_turn(num_rolls, score0, select_dice(score1, score0), name(1))
        who = other(who)
    return 0 if score0 > score1 else 1
''',
        # the rules inline (the module's dice, looked up each turn), keywords, while True
        '''
def play(strategy0, strategy1):
    who = 0
    scores = [0, 0]
    while True:
        mine, theirs = scores[who], scores[other(who)]
        num_rolls = [strategy0, strategy1][who](mine, theirs)
        if (mine + theirs) % 10 == 7 and num_rolls > 1:
            num_rolls = 1
        dice = four_sided if (mine + theirs) % 7 == 0 else six_sided
        scores[who] = mine + take_turn(num_rolls, theirs, dice=dice, who=name(who))
        if scores[who] >= goal:
            return who
        who = other(who)
''',
        # recursion, one call per turn; a DEBUG line
        '''
def play(strategy0, strategy1):
    def turn(who, mine, theirs):
        if theirs >= goal:
            return other(who)
        strategy = strategy0 if who == 0 else strategy1
        wish = strategy(mine, theirs)
        allowed = num_allowed_dice(mine, theirs)
        print('DEBUG:', name(who), 'wants', wish, 'may roll', allowed)
        points = take_turn(wish if wish <= allowed else allowed, theirs,
                           select_dice(mine, theirs), name(who))
        return turn(other(who), theirs, mine + points)
    return turn(0, 0, 0)
''',
        # a class for the players
        '''
class Player:
    def __init__(self, number, strategy):
        self.number, self.strategy, self.score = number, strategy, 0

    def move(self, opponent):
        wish = self.strategy(self.score, opponent.score)
        wish = min(wish, num_allowed_dice(self.score, opponent.score))
        dice = select_dice(self.score, opponent.score)
        self.score += take_turn(wish, opponent.score, dice, name(self.number))


def play(strategy0, strategy1):
    players = [Player(0, strategy0), Player(1, strategy1)]
    who = 0
    while all(p.score < goal for p in players):
        players[who].move(players[other(who)])
        who = other(who)
    return 0 if players[0].score >= goal else 1
''',
        # strategies and take_turn called with the template's parameter names
        '''
def play(strategy0, strategy1):
    who, score0, score1 = 0, 0, 0
    while score0 < goal and score1 < goal:
        if who == 0:
            rolls = min(strategy0(score=score0, opponent_score=score1), num_allowed_dice(score0, score1))
            score0 += take_turn(num_rolls=rolls, opponent_score=score1,
                                dice=select_dice(score0, score1), who=name(0))
        else:
            rolls = min(strategy1(score=score1, opponent_score=score0), num_allowed_dice(score1, score0))
            score1 += take_turn(num_rolls=rolls, opponent_score=score0,
                                dice=select_dice(score1, score0), who=name(1))
        who = other(who)
    return 0 if score0 >= goal else 1
''',
        # Free Bacon turns call take_turn without dice (they are never rolled)
        '''
def play(strategy0, strategy1):
    who, score0, score1 = 0, 0, 0
    while score0 < goal and score1 < goal:
        mine, theirs = (score0, score1) if who == 0 else (score1, score0)
        rolls = min((strategy0, strategy1)[who](mine, theirs), num_allowed_dice(mine, theirs))
        if rolls == 0:
            points = take_turn(0, theirs, who=name(who))
        else:
            points = take_turn(rolls, theirs, select_dice(mine, theirs), name(who))
        if who == 0:
            score0 += points
        else:
            score1 += points
        who = other(who)
    return 0 if score0 >= goal else 1
''',
    ],
    "make_average": [
        '''
def make_average(fn, num_samples=1000):
    def average(*args):
        total, count = 0, 0
        while count < num_samples:
            total, count = total + fn(*args), count + 1
        return total / num_samples
    return average
''',
        '''
def make_average(fn, num_samples=1000):
    return lambda *args: sum([fn(*args) for _ in range(num_samples)]) / num_samples
''',
        '''
def make_average(fn, num_samples=1000):
    def average(*args):
        samples = []
        for _ in range(num_samples):
            samples.append(fn(*args))
        return sum(samples) / len(samples)
    return average
''',
    ],
    "make_comeback_strategy": [
        '''
def make_comeback_strategy(margin, num_rolls=5):
    def strategy(score, opponent_score):
        if score + margin <= opponent_score:
            return num_rolls + 1
        return num_rolls
    return strategy
''',
        '''
def make_comeback_strategy(margin, num_rolls=5):
    return lambda score, opponent_score: num_rolls + (opponent_score - score >= margin)
''',
        '''
class Comeback:
    def __init__(self, margin, num_rolls):
        self.margin, self.num_rolls = margin, num_rolls

    def __call__(self, score, opponent_score):
        losing_by = opponent_score - score
        return self.num_rolls + 1 if losing_by >= self.margin else self.num_rolls


def make_comeback_strategy(margin, num_rolls=5):
    return Comeback(margin, num_rolls)
''',
    ],
    "make_mean_strategy": [
        # through the rules' own functions
        '''
def make_mean_strategy(min_points, num_rolls=5):
    def strategy(score, opponent_score):
        points = take_turn(0, opponent_score)
        new_score = score + points
        wild = select_dice(new_score, opponent_score) == four_sided
        tied = num_allowed_dice(new_score, opponent_score) == 1
        if points >= min_points and (wild or tied):
            return 0
        return num_rolls
    return strategy
''',
        # early returns
        '''
def make_mean_strategy(min_points, num_rolls=5):
    def mean(score, opponent_score):
        bacon = take_turn(0, opponent_score)
        if bacon < min_points:
            return num_rolls
        total = score + bacon + opponent_score
        if total % 7 == 0:
            return 0
        if total % 10 == 7:
            return 0
        return num_rolls
    return mean
''',
        '''
def make_mean_strategy(min_points, num_rolls=5):
    def strategy(score, opponent_score):
        total = score + take_turn(0, opponent_score, six_sided, 'Somebody') + opponent_score
        good = take_turn(0, opponent_score) >= min_points
        return 0 if good and (not total % 7 or str(total).endswith('7')) else num_rolls
    return strategy
''',
    ],
    "final_strategy": [
        # the reference's ideas, restated with early returns
        '''
def final_strategy(score, opponent_score):
    bacon = take_turn(0, opponent_score)
    if score + bacon >= goal:
        return 0
    if bacon >= 11:
        return 0
    total = score + bacon + opponent_score
    if bacon >= 5 and (total % 7 == 0 or total % 10 == 7):
        return 0
    if (score + opponent_score) % 7 == 0:
        rolls = 2
    else:
        rolls = 5
    if goal - score <= 10 and rolls > 3:
        rolls = 3
    return rolls
''',
        # a table computed when hog.py is imported
        '''
def final_pick(score, opponent_score):
    bacon = take_turn(0, opponent_score)
    if score + bacon >= goal or bacon >= 11:
        return 0
    if make_mean_strategy(5)(score, opponent_score) == 0:
        return 0
    rolls = 2 if select_dice(score, opponent_score) == four_sided else 5
    return min(rolls, 3) if goal - score <= 10 else rolls


FINAL_PICKS = [[final_pick(s, o) for o in range(100)] for s in range(100)]


def final_strategy(score, opponent_score):
    return FINAL_PICKS[score][opponent_score]
''',
        # a callable object built from the strategies above
        '''
class Final:
    def __init__(self):
        self.mean = make_mean_strategy(5)

    def __call__(self, score, opponent_score):
        bacon = take_turn(0, opponent_score)
        if score + bacon >= goal or bacon >= 11 or self.mean(score, opponent_score) == 0:
            return 0
        rolls = 2 if (score + opponent_score) % 7 == 0 else 5
        if goal - score <= 10:
            rolls = min(rolls, 3)
        return rolls


final_strategy = Final()
''',
    ],
}


WHOLE = {
    # Commentary printed straight from roll_dice's own helper, f-strings, globals of its own.
    "printing_student": '''
ROLLS_SEEN = 0


def roll_dice(num_rolls, dice=six_sided, who='Somebody'):
    global ROLLS_SEEN
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    total, pigged = 0, False
    for _ in range(num_rolls):
        outcome = dice()
        ROLLS_SEEN += 1
        if commentary:
            announce(outcome, who)
        if outcome == 1:
            pigged = True
        total += outcome
    return 1 if pigged else total


def is_prime(n):
    if n < 2:
        return False
    return all(n % k != 0 for k in range(2, n))


def next_prime(n):
    n += 1
    while not is_prime(n):
        n += 1
    return n


def take_turn(num_rolls, opponent_score, dice=six_sided, who='Somebody'):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    points = roll_dice(num_rolls, dice, who) if num_rolls else opponent_score // 10 % 10 + 1
    if points % 6 == 0:
        points += points // 6
    if is_prime(points):
        points = next_prime(points)
    return points


def draw_number(n, dot='*'):
    return draw_dice(n % 2 == 1, n > 1, n > 3, n == 6, dot)


def num_allowed_dice(score, opponent_score):
    return 1 if (score + opponent_score) % 10 == 7 else 10


def select_dice(score, opponent_score):
    return four_sided if (score + opponent_score) % 7 == 0 else six_sided


def play(strategy0, strategy1):
    who, scores = 0, [0, 0]
    while max(scores) < goal:
        mine, theirs = scores[who], scores[1 - who]
        rolls = min((strategy0, strategy1)[who](mine, theirs), num_allowed_dice(mine, theirs))
        print(f'DEBUG: {name(who)} rolls {rolls} at {mine} to {theirs}')
        scores[who] += take_turn(rolls, theirs, select_dice(mine, theirs), name(who))
        who = 1 - who
    return scores.index(max(scores))


def make_average(fn, num_samples=1000):
    def average(*args):
        return sum(fn(*args) for _ in range(num_samples)) / num_samples
    return average


def make_comeback_strategy(margin, num_rolls=5):
    def strategy(score, opponent_score):
        return num_rolls + 1 if opponent_score - score >= margin else num_rolls
    return strategy


def make_mean_strategy(min_points, num_rolls=5):
    def strategy(score, opponent_score):
        points = take_turn(0, opponent_score)
        total = score + points + opponent_score
        if points >= min_points and (total % 7 == 0 or total % 10 == 7):
            return 0
        return num_rolls
    return strategy


def final_strategy(score, opponent_score):
    bacon = take_turn(0, opponent_score)
    if score + bacon >= goal or bacon >= 11:
        return 0
    if make_mean_strategy(5)(score, opponent_score) == 0:
        return 0
    rolls = 2 if select_dice(score, opponent_score) == four_sided else 5
    return min(rolls, 3) if goal - score <= 10 else rolls
''',
}


PLAY = '''
def play(strategy0, strategy1):
    who, score0, score1 = 0, 0, 0
    while score0 < goal and score1 < goal:
        if who == 0:
            rolls = min(strategy0(score0, score1), num_allowed_dice(score0, score1))
            score0 += take_turn(rolls, score1, select_dice(score0, score1), name(0))
        else:
            rolls = min(strategy1(score1, score0), num_allowed_dice(score1, score0))
            score1 += take_turn(rolls, score0, select_dice(score1, score0), name(1))
        who = other(who)
    return 0 if score0 >= goal else 1
'''


def _play(old, new):
    assert PLAY.count(old) == 1, old
    return PLAY.replace(old, new)


BUGS = [
    Bug("roll_announces_always", "03", "commentary", '''
def roll_dice(num_rolls, dice=six_sided, who='Somebody'):
    outcomes = []
    for _ in range(num_rolls):
        outcome = dice()
        announce(outcome, who)
        outcomes.append(outcome)
    return 1 if 1 in outcomes else sum(outcomes)
''', "announces whether or not commentary is on"),
    Bug("roll_stops_at_one", "01", "roll_dice", '''
def roll_dice(num_rolls, dice=six_sided, who='Somebody'):
    total = 0
    for _ in range(num_rolls):
        outcome = dice()
        if commentary:
            announce(outcome, who)
        if outcome == 1:
            return 1
        total += outcome
    return total
''', "returns at the first 1"),
    Bug("roll_pig_out_adds_one", "01", "roll_dice", '''
def roll_dice(num_rolls, dice=six_sided, who='Somebody'):
    total, pigged = 0, False
    for _ in range(num_rolls):
        outcome = dice()
        if commentary:
            announce(outcome, who)
        if outcome == 1:
            pigged = True
        total += outcome
    return total + 1 if pigged else total
''', "a 1 adds a point instead of ending the turn at 1"),
    Bug("roll_announces_the_total", "03", "commentary", '''
def roll_dice(num_rolls, dice=six_sided, who='Somebody'):
    outcomes = [dice() for _ in range(num_rolls)]
    points = 1 if 1 in outcomes else sum(outcomes)
    if commentary:
        announce(points, who)
    return points
''', "announces the turn's points once, not each die"),
    Bug("bacon_whole_score_over_ten", "02", "take_turn", '''
def take_turn(num_rolls, opponent_score, dice=six_sided, who='Somebody'):
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    def is_prime(n):
        return n > 1 and all(n % k for k in range(2, n))
    points = roll_dice(num_rolls, dice, who) if num_rolls else opponent_score // 10 + 1
    if points % 6 == 0:
        points += points // 6
    if is_prime(points):
        points += 1
        while not is_prime(points):
            points += 1
    return points
''', "the tens digit of 123 taken as 12"),
    Bug("prime_before_touchdown", "02", "take_turn", '''
def take_turn(num_rolls, opponent_score, dice=six_sided, who='Somebody'):
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    def is_prime(n):
        return n > 1 and all(n % k for k in range(2, n))
    points = roll_dice(num_rolls, dice, who) if num_rolls else opponent_score // 10 % 10 + 1
    if is_prime(points):
        points += 1
        while not is_prime(points):
            points += 1
    if points % 6 == 0:
        points += points // 6
    return points
''', "Hogtimus Prime applied before Touchdown"),
    Bug("one_is_prime", "02", "take_turn", '''
def take_turn(num_rolls, opponent_score, dice=six_sided, who='Somebody'):
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    def is_prime(n):
        return all(n % k for k in range(2, n))
    points = roll_dice(num_rolls, dice, who) if num_rolls else opponent_score // 10 % 10 + 1
    if points % 6 == 0:
        points += points // 6
    if is_prime(points):
        points += 1
        while not is_prime(points):
            points += 1
    return points
''', "1 counted as a prime: Pig Out scores 2"),
    Bug("rules_only_for_dice", "02", "take_turn", '''
def take_turn(num_rolls, opponent_score, dice=six_sided, who='Somebody'):
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    def is_prime(n):
        return n > 1 and all(n % k for k in range(2, n))
    if num_rolls == 0:
        return opponent_score // 10 % 10 + 1
    points = roll_dice(num_rolls, dice, who)
    if points % 6 == 0:
        points += points // 6
    if is_prime(points):
        points += 1
        while not is_prime(points):
            points += 1
    return points
''', "Touchdown and Hogtimus Prime skipped for Free Bacon"),
    Bug("take_turn_name_not_passed", "03", "commentary", '''
def take_turn(num_rolls, opponent_score, dice=six_sided, who='Somebody'):
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    def is_prime(n):
        return n > 1 and all(n % k for k in range(2, n))
    points = roll_dice(num_rolls, dice) if num_rolls else opponent_score // 10 % 10 + 1
    if points % 6 == 0:
        points += points // 6
    if is_prime(points):
        points += 1
        while not is_prime(points):
            points += 1
    return points
''', "take_turn does not pass the mover's name on to roll_dice"),
    Bug("draw_backward_diagonal", "03", "commentary", '''
def draw_number(n, dot='*'):
    return draw_dice(n % 2 == 1, n >= 4, n >= 2, n == 6, dot)
''', "2 and 3 drawn on the backward diagonal"),
    Bug("draw_ignores_dot", "03", "commentary", '''
def draw_number(n, dot='*'):
    return draw_dice(n % 2 == 1, n >= 2, n >= 4, n == 6, '*')
''', "always draws with *"),
    Bug("tied_is_zero_dice", "04", "dice_rules", '''
def num_allowed_dice(score, opponent_score):
    return 0 if (score + opponent_score) % 10 == 7 else 10
''', "Hog Tied allows no dice at all"),
    Bug("tied_multiple_of_seven", "04", "dice_rules", '''
def num_allowed_dice(score, opponent_score):
    return 1 if (score + opponent_score) % 7 == 0 else 10
''', "Hog Tied and Hog Wild confused"),
    Bug("wild_skips_zero", "04", "dice_rules", '''
def select_dice(score, opponent_score):
    total = score + opponent_score
    return four_sided if total and total % 7 == 0 else six_sided
''', "0 not taken as a multiple of 7"),
    Bug("play_no_hog_tied", "05", "play", _play(
        "            rolls = min(strategy0(score0, score1), num_allowed_dice(score0, score1))\n",
        "            rolls = strategy0(score0, score1)\n").replace(
        "            rolls = min(strategy1(score1, score0), num_allowed_dice(score1, score0))\n",
        "            rolls = strategy1(score1, score0)\n"),
        "play never asks num_allowed_dice"),
    Bug("play_returns_loser", "05", "play", _play(
        "    return 0 if score0 >= goal else 1\n", "    return who\n"),
        "returns the player whose turn would be next: the loser"),
    Bug("play_name_of_other_player", "05", "play", _play(
        "select_dice(score0, score1), name(0))", "select_dice(score0, score1), name(1))"),
        "player 0's turns are announced as Player 1's"),
    Bug("play_tied_zero_becomes_one", "05", "play", _play(
        "            rolls = min(strategy0(score0, score1), num_allowed_dice(score0, score1))\n",
        "            rolls = strategy0(score0, score1)\n"
        "            if num_allowed_dice(score0, score1) == 1:\n                rolls = 1\n"),
        "a wish of 0 dice under Hog Tied becomes 1 die"),
    Bug("play_dice_chosen_once", "05", "play", _play(
        "    while score0 < goal and score1 < goal:\n",
        "    dice = select_dice(0, 0)\n    while score0 < goal and score1 < goal:\n").replace(
        "select_dice(score0, score1), name(0))", "dice, name(0))").replace(
        "select_dice(score1, score0), name(1))", "dice, name(1))"),
        "the dice are chosen once, before the first turn"),
    Bug("average_floor", "06", "make_average", '''
def make_average(fn, num_samples=1000):
    def average(*args):
        return sum(fn(*args) for _ in range(num_samples)) // num_samples
    return average
''', "integer division"),
    Bug("average_without_args", "06", "make_average", '''
def make_average(fn, num_samples=1000):
    def average(*args):
        return sum(fn() for _ in range(num_samples)) / num_samples
    return average
''', "the arguments are not passed on"),
    Bug("comeback_strictly_behind", "07", "make_comeback_strategy", '''
def make_comeback_strategy(margin, num_rolls=5):
    def strategy(score, opponent_score):
        if opponent_score - score > margin:
            return num_rolls + 1
        return num_rolls
    return strategy
''', "behind by exactly MARGIN does not count"),
    Bug("comeback_when_ahead", "07", "make_comeback_strategy", '''
def make_comeback_strategy(margin, num_rolls=5):
    def strategy(score, opponent_score):
        if abs(opponent_score - score) >= margin:
            return num_rolls + 1
        return num_rolls
    return strategy
''', "also rolls more when ahead by MARGIN"),
    Bug("mean_raw_free_bacon", "08", "make_mean_strategy", '''
def make_mean_strategy(min_points, num_rolls=5):
    def strategy(score, opponent_score):
        points = opponent_score // 10 % 10 + 1
        total = score + points + opponent_score
        if points >= min_points and (total % 7 == 0 or total % 10 == 7):
            return 0
        return num_rolls
    return strategy
''', "Free Bacon's points before Touchdown and Hogtimus Prime"),
    Bug("mean_sum_before_bacon", "08", "make_mean_strategy", '''
def make_mean_strategy(min_points, num_rolls=5):
    def strategy(score, opponent_score):
        points = take_turn(0, opponent_score)
        total = score + opponent_score
        if points >= min_points and (total % 7 == 0 or total % 10 == 7):
            return 0
        return num_rolls
    return strategy
''', "looks at the sum before the points are added"),
    Bug("final_always_five", "09", "final_strategy", '''
def final_strategy(score, opponent_score):
    return 5
''', "the baseline itself"),
]


def fingerprint(hog):
    rng = random.Random(2013)
    out = []

    def printed(thunk):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            value = thunk()
        return value, without_debug(buffer.getvalue()).splitlines()

    saved = hog.four_sided, hog.six_sided, hog.commentary, hog.announce
    try:
        for commentary in (False, True):
            hog.commentary = commentary
            for _ in range(40):
                dice = hog.make_test_dice(*[rng.randint(1, 6) for _ in range(rng.randint(1, 7))])
                n = rng.randint(1, 10)
                out.append(("roll", printed(lambda: (hog.roll_dice(n, dice, 'Player 1'), dice()))))
            for _ in range(40):
                dice = hog.make_test_dice(*[rng.randint(1, 6) for _ in range(rng.randint(1, 5))])
                n, opp = rng.randint(0, 10), rng.randint(0, 150)
                out.append(("turn", printed(lambda: (hog.take_turn(n, opp, dice, 'Player 0'),
                                                     dice()))))
        hog.commentary = False
        out.append(("bacon", [hog.take_turn(0, s) for s in range(300)]))
        out.append(("turn_scores", [hog.take_turn(k, 0, hog.make_test_dice(v))
                                    for k in range(1, 11) for v in range(2, 7)]))
        out.append(("draw", [hog.draw_number(n, dot) for n in range(1, 7) for dot in "*o$"]))
        out.append(("dice_rules", [(hog.num_allowed_dice(s, o),
                                    hog.select_dice(s, o) is hog.four_sided)
                                   for s in range(0, 100, 3) for o in range(100)]))
        hog.announce = lambda outcome, who: None
        for _ in range(60):
            rolls = [[rng.randint(0, 10) for _ in range(rng.randint(1, 5))] for _ in range(2)]
            four = [rng.randint(1, 4) for _ in range(rng.randint(1, 4))]
            six = [rng.randint(1, 6) for _ in range(rng.randint(1, 6))]
            asked, turns = [], []

            def strategy(who, table=rolls):
                def choose(score, opponent_score):
                    asked.append((who, score, opponent_score))
                    return table[who][(score * 7 + opponent_score) % len(table[who])]
                return choose
            hog.four_sided, hog.six_sided = hog.make_test_dice(*four), hog.make_test_dice(*six)
            original = hog.take_turn

            def recorded(num_rolls, opponent_score, dice=None, who=None):
                kind = [k for k, d in (('four', hog.four_sided), ('six', hog.six_sided))
                        if d is dice and num_rolls]
                turns.append((who, num_rolls, opponent_score, kind))
                return original(num_rolls, opponent_score, dice, who)
            hog.take_turn = recorded
            try:
                result = printed(lambda: hog.play(strategy(0), strategy(1)))
            finally:
                hog.take_turn = original
            out.append(("play", result, turns, max(map(asked.count, asked), default=1)))
        hog.four_sided, hog.six_sided = saved[0], saved[1]
        for samples in (1, 2, 3, 7, 1000):
            dice = hog.make_test_dice(*[rng.randint(1, 6) for _ in range(rng.randint(1, 6))])
            out.append(("average", hog.make_average(dice, samples)(), dice()))
        out.append(("average_args", hog.make_average(lambda a, b: a - b, 3)(10, 4)))
        for margin, rolls in ((8, 5), (1, 0), (20, 9), (0, 3)):
            comeback = hog.make_comeback_strategy(margin, rolls)
            mean = hog.make_mean_strategy(margin, rolls)
            out.append(("strategies", [(comeback(s, o), mean(s, o))
                                       for s in range(0, 100, 3) for o in range(100)]))
        out.append(("defaults", [(hog.make_comeback_strategy(6)(s, o), hog.make_mean_strategy(4)(s, o))
                                 for s in range(0, 100, 7) for o in range(100)]))
        answers = [hog.final_strategy(s, o) for s in range(100) for o in range(100)]
        again = [hog.final_strategy(s, o) for s in reversed(range(100)) for o in reversed(range(100))]
        out.append(("final", all(type(a) == int and 0 <= a <= 10 for a in answers),
                    answers == again[::-1]))
    finally:
        hog.four_sided, hog.six_sided, hog.commentary, hog.announce = saved
    return out
