# A correct Spring 2014 solution in a functional style: recursion instead of loops,
# higher-order helpers, conditional expressions, f-strings for printing.


def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'

    def roll(left, total, pigged):
        if left == 0:
            return 1 if pigged else total
        outcome = dice()
        return roll(left - 1, total + outcome, pigged or outcome == 1)
    return roll(num_rolls, 0, False)


def largest_digit(n):
    return n if n < 10 else max(n % 10, largest_digit(n // 10))


def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    return roll_dice(num_rolls, dice) if num_rolls else largest_digit(opponent_score) + 1


def select_dice(score, opponent_score):
    return (six_sided, four_sided)[(score + opponent_score) % 7 == 0]


def doubled(a, b):
    return a == b + b or b == a + a


def play(strategy0, strategy1, goal=GOAL_SCORE):
    strategies = (strategy0, strategy1)

    def turn(who, scores):
        if max(scores) >= goal:
            return scores
        mine, theirs = scores[who], scores[1 - who]
        mine = mine + take_turn(strategies[who](mine, theirs), theirs,
                                select_dice(mine, theirs))
        if doubled(mine, theirs):
            mine, theirs = theirs, mine
        return turn(1 - who, (mine, theirs) if who == 0 else (theirs, mine))
    return turn(0, (0, 0))


def make_averaged(fn, num_samples=1000):
    return lambda *args: sum(fn(*args) for _ in range(num_samples)) / num_samples


def max_scoring_num_rolls(dice=six_sided):
    averages = {}
    for n in range(1, 11):
        averages[n] = make_averaged(roll_dice)(n, dice)
        print(f'{n} dice scores {averages[n]} on average')
    return max(averages, key=lambda n: averages[n])


def bacon_strategy(score, opponent_score, margin=8, num_rolls=5):
    return 0 if take_turn(0, opponent_score) >= margin else num_rolls


def swap_strategy(score, opponent_score, margin=8, num_rolls=5):
    after = score + take_turn(0, opponent_score)
    if doubled(after, opponent_score):
        return 0 if opponent_score > after else num_rolls
    return bacon_strategy(score, opponent_score, margin, num_rolls)


def final_strategy(score, opponent_score):
    """Like swap_strategy with a larger margin, plus: one point that swaps us up is worth
    ten dice, and Free Bacon that makes the opponent roll four-sided dice is taken."""
    bacon = largest_digit(opponent_score) + 1
    after = score + bacon
    if opponent_score == 2 * after or (after >= GOAL_SCORE and after != 2 * opponent_score):
        return 0
    if opponent_score == 2 * (score + 1):
        return 10
    wild = (score + opponent_score) % 7 == 0
    risky = after == 2 * opponent_score or after == 2 * (opponent_score + 1)
    if not risky and (bacon >= 10 or (bacon >= 5 and (after + opponent_score) % 7 == 0)):
        return 0
    return 3 if wild else 5
