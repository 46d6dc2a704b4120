"""A correct su21 solution in functional style: recursion, comprehensions, divmod, lambdas
and max(key=); play is recursive, one call per turn."""


def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    outcomes = [dice() for _ in range(num_rolls)]
    return sum(outcomes) if min(outcomes) > 1 else 1


def piggy_points(score):
    tens, ones = divmod(score % 100, 10)
    return abs(tens - ones) + 4


def take_turn(num_rolls, opponent_score, dice=six_sided, goal=GOAL_SCORE):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < goal, 'The game should be over.'
    return num_rolls and roll_dice(num_rolls, dice) or piggy_points(opponent_score)


def more_boar(player_score, opponent_score):
    digits = lambda n: set(map(int, str(n)))
    mine, theirs = digits(player_score), digits(opponent_score)
    return min(mine) < min(theirs) and max(mine) > max(theirs)


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    def turn(who, scores, say):
        if max(scores) >= goal:
            return scores
        mine, theirs = scores[who], scores[1 - who]
        mine += take_turn((strategy0, strategy1)[who](mine, theirs), theirs, dice, goal)
        scores = (mine, theirs) if who == 0 else (theirs, mine)
        say = say(*scores)
        return turn(who if more_boar(mine, theirs) else next_player(who), scores, say)
    return turn(0, (score0, score1), say)


def announce_highest(who, last_score=0, running_high=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    return lambda *scores: (
        lambda gain: (gain > running_high and print(
            'Player', who, 'has reached a new maximum point gain.', gain, 'point(s)!'),
            announce_highest(who, scores[who], max(gain, running_high)))[1]
    )(scores[who] - last_score)


def make_averaged(original_function, trials_count=1000):
    return lambda *args: sum(original_function(*args) for _ in range(trials_count)) / trials_count


def max_scoring_num_rolls(dice=six_sided, trials_count=1000):
    averaged = make_averaged(roll_dice, trials_count)
    return max(range(1, 11), key=lambda rolls: averaged(rolls, dice))


def piggypoints_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    return (num_rolls, 0)[piggy_points(opponent_score) >= cutoff]


def more_boar_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    boar = more_boar(score + piggy_points(opponent_score), opponent_score)
    return 0 if boar else piggypoints_strategy(score, opponent_score, cutoff, num_rolls)


def final_strategy(score, opponent_score):
    if score + piggy_points(opponent_score) >= GOAL_SCORE:
        return 0
    return more_boar_strategy(score, opponent_score, 9, 5)
