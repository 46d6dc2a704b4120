"""A correct solution in functional style: comprehensions, divmod, lambda, max(key=)."""

from functools import reduce


def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    outcomes = [dice() for _ in range(num_rolls)]
    return 1 if 1 in outcomes else sum(outcomes)


def free_bacon(score):
    assert score < 100, 'The game should be over.'
    return 10 - min(divmod(score, 10))


def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < 100, 'The game should be over.'
    turns = {True: lambda: free_bacon(opponent_score),
             False: lambda: roll_dice(num_rolls, dice)}
    return turns[num_rolls == 0]()


def is_swap(player_score, opponent_score):
    leftmost = lambda n: reduce(lambda acc, _: acc // 10, range(len(str(n)) - 1), n)
    product = lambda n: leftmost(n) * (n % 10)
    return product(player_score) == product(opponent_score)


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence, feral_hogs=True):
    scores, last, who = [score0, score1], [0, 0], 0
    while max(scores) < goal:
        rolls = (strategy0, strategy1)[who](scores[who], scores[other(who)])
        scores[who] += take_turn(rolls, scores[other(who)], dice)
        scores[who] += 3 * (feral_hogs and abs(rolls - last[who]) == 2)
        last[who] = rolls
        if is_swap(*scores):
            scores.reverse()
        say = say(*scores)
        who = other(who)
    return tuple(scores)


def announce_highest(who, previous_high=0, previous_score=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'

    def say(score0, score1):
        score = (score0, score1)[who]
        gain = score - previous_score
        gain > previous_high and print(
            gain, "point(s)! That's the biggest gain yet for Player", who)
        return announce_highest(who, max(previous_high, gain), score)
    return say


def make_averaged(fn, num_samples=1000):
    return lambda *args: sum(fn(*args) for _ in range(num_samples)) / num_samples


def max_scoring_num_rolls(dice=six_sided, num_samples=1000):
    averaged = make_averaged(roll_dice, num_samples)
    return max(range(1, 11), key=lambda rolls: averaged(rolls, dice))


def bacon_strategy(score, opponent_score, margin=8, num_rolls=4):
    return (num_rolls, 0)[free_bacon(opponent_score) >= margin]


def swap_strategy(score, opponent_score, margin=8, num_rolls=4):
    gained = score + free_bacon(opponent_score)
    swing = is_swap(gained, opponent_score) and (opponent_score > gained) - (opponent_score < gained)
    return {1: 0, -1: num_rolls}.get(swing, bacon_strategy(score, opponent_score, margin, num_rolls))


def final_strategy(score, opponent_score):
    """Roll fewer dice when ahead, more when behind; take good swaps and big bacon."""
    rolls = 4 if score > opponent_score else 6
    return swap_strategy(score, opponent_score, 8, rolls)
