"""A correct solution: recursion where the reference loops, str() for digits."""


def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'

    def roll(left, total, pigged):
        if left == 0:
            return 1 if pigged else total
        outcome = dice()
        return roll(left - 1, total + outcome, pigged or outcome == 1)
    return roll(num_rolls, 0, False)


def free_bacon(score):
    assert score < 100, 'The game should be over.'
    return 10 - int(min(str(score).zfill(2)))


def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < 100, 'The game should be over.'
    return roll_dice(num_rolls, dice) if num_rolls else free_bacon(opponent_score)


def is_swap(player_score, opponent_score):
    def product(score):
        text = str(score)
        return int(text[0]) * int(text[-1])
    return product(player_score) == product(opponent_score)


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence, feral_hogs=True):
    def turn(who, score0, score1, last0, last1, say):
        if score0 >= goal or score1 >= goal:
            return score0, score1
        if who == 0:
            rolls = strategy0(score0, score1)
            score0 += take_turn(rolls, score1, dice)
            score0 += 3 if feral_hogs and abs(rolls - last0) == 2 else 0
            last0 = rolls
        else:
            rolls = strategy1(score1, score0)
            score1 += take_turn(rolls, score0, dice)
            score1 += 3 if feral_hogs and abs(rolls - last1) == 2 else 0
            last1 = rolls
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        return turn(other(who), score0, score1, last0, last1, say(score0, score1))
    return turn(0, score0, score1, 0, 0, say)


def announce_highest(who, previous_high=0, previous_score=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'

    def say(*scores):
        gain = scores[who] - previous_score
        if gain > previous_high:
            print(f"{gain} point(s)! That's the biggest gain yet for Player {who}")
        return announce_highest(who, max(gain, previous_high), scores[who])
    return say


def make_averaged(fn, num_samples=1000):
    def averaged(*args):
        total, count = 0, 0
        while count < num_samples:
            total, count = total + fn(*args), count + 1
        return total / num_samples
    return averaged


def max_scoring_num_rolls(dice=six_sided, num_samples=1000):
    averaged = make_averaged(roll_dice, num_samples)

    def best(rolls, best_rolls, best_average):
        if rolls > 10:
            return best_rolls
        average = averaged(rolls, dice)
        if average > best_average:
            return best(rolls + 1, rolls, average)
        return best(rolls + 1, best_rolls, best_average)
    return best(1, None, float('-inf'))


def bacon_strategy(score, opponent_score, margin=8, num_rolls=4):
    return 0 if free_bacon(opponent_score) >= margin else num_rolls


def swap_strategy(score, opponent_score, margin=8, num_rolls=4):
    gained = score + free_bacon(opponent_score)
    swaps = is_swap(gained, opponent_score)
    if swaps and opponent_score > gained:
        return 0
    if swaps and opponent_score < gained:
        return num_rolls
    return bacon_strategy(score, opponent_score, margin, num_rolls)


def final_strategy(score, opponent_score):
    """Bank Free Bacon near the goal, take beneficial swaps, roll 6 otherwise."""
    if score + free_bacon(opponent_score) >= GOAL_SCORE:
        return 0
    return swap_strategy(score, opponent_score, 9, 6)
