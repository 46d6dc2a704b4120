"""A correct sp18-contest solution with classes (dice and game objects), while loops, its
own string handling of digits, a swap test by repeated addition, and GOAL_SCORE read at
call time."""


class Dice:
    def __init__(self, dice):
        self.dice = dice

    def roll(self, count):
        outcomes = []
        while len(outcomes) < count:
            outcomes.append(self.dice())
        return outcomes


def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    outcomes = Dice(dice).roll(num_rolls)
    if 1 in outcomes:
        return 1
    return sum(outcomes)


def free_bacon(score):
    assert score < 100, 'The game should be over.'
    text = str(score).rjust(2, '0')
    return 2 + max(int(text[0]), int(text[1])) - min(int(text[0]), int(text[1]))


def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < 100, 'The game should be over.'
    if num_rolls:
        return roll_dice(num_rolls, dice)
    return free_bacon(opponent_score)


def is_swap(score0, score1):
    if min(score0, score1) < 2:
        return False
    multiple = min(score0, score1)
    while multiple < max(score0, score1):
        multiple += min(score0, score1)
    return multiple == max(score0, score1)


class Game:
    def __init__(self, strategies, scores, dice, goal):
        self.strategies, self.scores = strategies, list(scores)
        self.dice, self.goal = dice, goal
        self.mover, self.number, self.extra = 0, 0, False

    @property
    def over(self):
        return max(self.scores) >= self.goal

    def turn(self):
        mover, opponent = self.mover, 1 - self.mover
        rolls = self.strategies[mover](self.scores[mover], self.scores[opponent])
        self.scores[mover] += take_turn(rolls, self.scores[opponent], self.dice)
        if is_swap(self.scores[0], self.scores[1]):
            self.scores.reverse()
        if self.extra or rolls != self.number % 8:
            self.mover, self.extra = opponent, False
        else:
            self.extra = True
        self.number += 1


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=None, say=silence):
    game = Game((strategy0, strategy1), (score0, score1), dice,
                GOAL_SCORE if goal is None else goal)
    while not game.over:
        game.turn()
        say = say(*game.scores)
    return tuple(game.scores)


TEAM_NAME = "Classy Pigs"


def final_strategy(score, opponent_score):
    return 6
