"""A correct solution with classes: players as objects, commentary as callable objects."""


def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    total, pig_out, rolled = 0, False, 0
    while rolled < num_rolls:
        outcome = dice()
        pig_out = pig_out or outcome == 1
        total += outcome
        rolled += 1
    if pig_out:
        return 1
    return total


class Digits:
    def __init__(self, score):
        self.text = '%02d' % score if score < 10 else str(score)

    @property
    def lowest(self):
        return min(int(d) for d in self.text)

    @property
    def product(self):
        return int(self.text[0]) * int(self.text[-1])


def free_bacon(score):
    assert score < 100, 'The game should be over.'
    return 10 - Digits(score).lowest


def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < 100, 'The game should be over.'
    if num_rolls > 0:
        return roll_dice(num_rolls, dice)
    return free_bacon(opponent_score)


def is_swap(player_score, opponent_score):
    # '%02d' turns 7 into '07', whose product is 0, so one-digit scores use str().
    def product(score):
        return int(str(score)[0]) * int(str(score)[-1])
    return product(player_score) == product(opponent_score)


class Player:
    def __init__(self, strategy, score):
        self.strategy, self.score, self.last_rolls = strategy, score, 0

    def move(self, opponent, dice, feral_hogs):
        rolls = self.strategy(self.score, opponent.score)
        self.score += take_turn(rolls, opponent.score, dice)
        if feral_hogs and abs(rolls - self.last_rolls) == 2:
            self.score += 3
        self.last_rolls = rolls


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence, feral_hogs=True):
    players = [Player(strategy0, score0), Player(strategy1, score1)]
    first, second = players
    mover = 0
    while first.score < goal and second.score < goal:
        players[mover].move(players[other(mover)], dice, feral_hogs)
        if is_swap(first.score, second.score):
            first.score, second.score = second.score, first.score
        say = say(first.score, second.score)
        mover = other(mover)
    return first.score, second.score


class Highest:
    def __init__(self, who, high, last):
        self.who, self.high, self.last = who, high, last

    def __call__(self, score0, score1):
        score = score1 if self.who else score0
        gain = score - self.last
        if gain > self.high:
            print(str(gain) + " point(s)! That's the biggest gain yet for Player " + str(self.who))
            return Highest(self.who, gain, score)
        return Highest(self.who, self.high, score)


def announce_highest(who, previous_high=0, previous_score=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    return Highest(who, previous_high, previous_score)


class Averaged:
    def __init__(self, fn, num_samples):
        self.fn, self.num_samples = fn, num_samples

    def __call__(self, *args):
        samples = [self.fn(*args) for _ in range(self.num_samples)]
        return sum(samples) / len(samples)


def make_averaged(fn, num_samples=1000):
    return Averaged(fn, num_samples)


def max_scoring_num_rolls(dice=six_sided, num_samples=1000):
    averaged = make_averaged(roll_dice, num_samples)
    averages = [(averaged(rolls, dice), rolls) for rolls in range(1, 11)]
    return sorted(averages, key=lambda pair: -pair[0])[0][1]


def bacon_strategy(score, opponent_score, margin=8, num_rolls=4):
    if free_bacon(opponent_score) < margin:
        return num_rolls
    return 0


def swap_strategy(score, opponent_score, margin=8, num_rolls=4):
    after = score + free_bacon(opponent_score)
    if not is_swap(after, opponent_score) or after == opponent_score:
        return bacon_strategy(score, opponent_score, margin, num_rolls)
    return 0 if opponent_score > after else num_rolls


def final_strategy(score, opponent_score):
    """A table of swap_strategy answers with 5 dice, built once, read on every call."""
    return STRATEGY_TABLE[score][opponent_score]


STRATEGY_TABLE = [[swap_strategy(s, o, 8, 5) for o in range(100)] for s in range(100)]
