"""A correct su21 solution with classes, sys.stdout.write, helper globals of its own,
while loops, commentary called before the More Boar check, and GOAL_SCORE read at call
time."""

import sys

SAD_FACE = 1


class Turn:
    def __init__(self, dice):
        self.dice, self.outcomes = dice, []

    def roll(self, count):
        while len(self.outcomes) < count:
            self.outcomes.append(self.dice())
        return self

    @property
    def points(self):
        if SAD_FACE in self.outcomes:
            return 1
        return sum(self.outcomes)


def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    return Turn(dice).roll(num_rolls).points


def piggy_points(score):
    ones = score % 10
    tens = (score - ones) // 10 % 10
    difference = tens - ones
    if difference < 0:
        difference = -difference
    return difference + 4


def take_turn(num_rolls, opponent_score, dice=six_sided, goal=None):
    goal = GOAL_SCORE if goal is None else goal
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < goal, 'The game should be over.'
    if num_rolls > 0:
        return roll_dice(num_rolls, dice)
    return piggy_points(opponent_score)


class Digits:
    def __init__(self, number):
        self.digits = []
        while True:
            self.digits.append(number % 10)
            number //= 10
            if number == 0:
                break


def more_boar(player_score, opponent_score):
    mine, theirs = Digits(player_score).digits, Digits(opponent_score).digits
    return min(mine) < min(theirs) and max(mine) > max(theirs)


class Player:
    def __init__(self, strategy, score):
        self.strategy, self.score = strategy, score


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=None, say=silence):
    if goal is None:
        goal = GOAL_SCORE
    players = [Player(strategy0, score0), Player(strategy1, score1)]
    who = 0
    while players[0].score < goal and players[1].score < goal:
        mover, other = players[who], players[next_player(who)]
        rolls = mover.strategy(mover.score, other.score)
        mover.score += take_turn(rolls, other.score, dice, goal)
        say = say(players[0].score, players[1].score)
        if not more_boar(mover.score, other.score):
            who = next_player(who)
    return players[0].score, players[1].score


class Highest:
    def __init__(self, who, last_score, running_high):
        self.who, self.last, self.high = who, last_score, running_high

    def __call__(self, score0, score1):
        score = [score0, score1][self.who]
        gain = score - self.last
        if gain > self.high:
            sys.stdout.write('Player %d has reached a new maximum point gain. %d point(s)!\n'
                             % (self.who, gain))
            return Highest(self.who, score, gain)
        return Highest(self.who, score, self.high)


def announce_highest(who, last_score=0, running_high=0):
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    return Highest(who, last_score, running_high)


def make_averaged(original_function, trials_count=1000):
    def averaged(*args):
        total, count = 0, trials_count
        while count:
            total, count = total + original_function(*args), count - 1
        return total / trials_count
    return averaged


def max_scoring_num_rolls(dice=six_sided, trials_count=1000):
    best, best_rolls, rolls = None, None, 1
    while rolls <= 10:
        average = make_averaged(roll_dice, trials_count)(rolls, dice)
        if best is None or average > best:
            best, best_rolls = average, rolls
        rolls += 1
    return best_rolls


def piggypoints_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    if piggy_points(opponent_score) < cutoff:
        return num_rolls
    return 0


def more_boar_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    if not more_boar(score + piggy_points(opponent_score), opponent_score):
        return piggypoints_strategy(score, opponent_score, cutoff, num_rolls)
    return 0


def final_strategy(score, opponent_score):
    """The number of dice with the best expected turn score, counting an extra turn
    from More Boar as worth 8 more points."""
    expected = {}
    for rolls in range(11):
        if rolls == 0:
            gained = piggy_points(opponent_score)
        else:
            gained = (1 - (5 / 6) ** rolls) + (5 / 6) ** rolls * 4 * rolls
        if rolls == 0 and more_boar(score + gained, opponent_score):
            gained += 8
        expected[rolls] = gained
    return max(range(11), key=lambda rolls: expected[rolls])
