# A correct Spring 2013 solution in a functional style: recursion instead of loops,
# small composed helpers, a lookup table of pips, conditional expressions.


def roll_dice(num_rolls, dice=six_sided, who='Somebody'):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'

    def roll(left):
        if left == 0:
            return []
        outcome = dice()
        if commentary:
            announce(outcome, who)
        return [outcome] + roll(left - 1)
    outcomes = roll(num_rolls)
    return 1 if 1 in outcomes else sum(outcomes)


def is_prime(n, divisor=2):
    if n < 2:
        return False
    if divisor * divisor > n:
        return True
    return n % divisor != 0 and is_prime(n, divisor + 1)


def next_prime(n):
    return n + 1 if is_prime(n + 1) else next_prime(n + 1)


def touchdown(points):
    return points + points // 6 if points % 6 == 0 else points


def hogtimus_prime(points):
    return next_prime(points) if is_prime(points) else points


def take_turn(num_rolls, opponent_score, dice=six_sided, who='Somebody'):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    raw = roll_dice(num_rolls, dice, who) if num_rolls else 1 + opponent_score % 100 // 10
    return hogtimus_prime(touchdown(raw))


PIPS = {1: (True, False, False, False), 2: (False, True, False, False),
        3: (True, True, False, False), 4: (False, True, True, False),
        5: (True, True, True, False), 6: (False, True, True, True)}


def draw_number(n, dot='*'):
    return draw_dice(*PIPS[n], dot=dot)


def num_allowed_dice(score, opponent_score):
    return 1 if str(score + opponent_score).endswith('7') else 10


def select_dice(score, opponent_score):
    return [six_sided, four_sided][(score + opponent_score) % 7 == 0]


def play(strategy0, strategy1):
    strategies = (strategy0, strategy1)

    def turn(who, mine, theirs):
        if theirs >= goal:
            return other(who)
        wanted = strategies[who](mine, theirs)
        rolls = min(wanted, num_allowed_dice(mine, theirs))
        mine = mine + take_turn(rolls, theirs, select_dice(mine, theirs), name(who))
        return turn(other(who), theirs, mine)
    return turn(0, 0, 0)


def make_average(fn, num_samples=1000):
    return lambda *args: sum(fn(*args) for _ in range(num_samples)) / num_samples


def make_comeback_strategy(margin, num_rolls=5):
    return lambda score, opponent_score: num_rolls + (opponent_score - score >= margin)


def make_mean_strategy(min_points, num_rolls=5):
    def strategy(score, opponent_score):
        gained = take_turn(0, opponent_score)
        after = score + gained + opponent_score
        bothers = num_allowed_dice(after, 0) == 1 or select_dice(after, 0) is four_sided
        return 0 if gained >= min_points and bothers else num_rolls
    return strategy


def final_strategy(score, opponent_score):
    """Free Bacon when it wins or is worth 11, or is worth 4 and bothers the opponent;
    two dice when they are four-sided, five otherwise."""
    gained = take_turn(0, opponent_score)
    if score + gained >= goal or gained >= 11:
        return 0
    if make_mean_strategy(4)(score, opponent_score) == 0:
        return 0
    return 2 if (score + opponent_score) % 7 == 0 else 5
