"""The Game of Hog, Spring 2014 edition: Pig Out, Free Bacon, Hog Wild, Swine Swap."""

from dice import four_sided, six_sided, make_test_dice
from ucb import main, trace, log_current_line, interact

GOAL_SCORE = 100  # The first player to reach this score wins.

######################
# Phase 1: Simulator #
######################


def roll_dice(num_rolls, dice=six_sided):
    """Roll DICE NUM_ROLLS times (at least once) and return the points they make:
    their sum, or just 1 if any of them came up 1 (Pig Out).

    num_rolls:  how many dice are rolled; every one of them is rolled.
    dice:       a function of no arguments that returns one die's outcome.
    """
    # These checks catch calls that make no sense; leave them in.
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    # BEGIN PROBLEM 1
    "*** YOUR CODE HERE ***"
    # END PROBLEM 1


def take_turn(num_rolls, opponent_score, dice=six_sided):
    """Return the points of one turn in which the mover rolls NUM_ROLLS dice.

    Rolling no dice is Free Bacon: one point more than the largest digit of
    OPPONENT_SCORE (every digit counts, also in a score of 100 or more).

    num_rolls:       how many dice the mover rolls, from 0 to 10.
    opponent_score:  the other player's total score.
    dice:            a function of no arguments that returns one die's outcome.
    """
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    # BEGIN PROBLEM 2
    "*** YOUR CODE HERE ***"
    # END PROBLEM 2


def select_dice(score, opponent_score):
    """Return the dice the mover rolls this turn: four-sided ones when the two
    scores add up to a multiple of 7 (0 included; Hog Wild), six-sided otherwise.

    >>> select_dice(4, 24) == four_sided
    True
    >>> select_dice(16, 64) == six_sided
    True
    """
    # BEGIN PROBLEM 3
    "*** YOUR CODE HERE ***"
    # END PROBLEM 3


def other(who):
    """The other player: 1 for player 0 and 0 for player 1.

    >>> other(0)
    1
    >>> other(1)
    0
    """
    return 1 - who


def play(strategy0, strategy1, goal=GOAL_SCORE):
    """Play a game from 0 to 0 and return the final scores, player 0's first.

    A strategy takes the mover's score and the opponent's score, in that order,
    and returns how many dice the mover rolls. Each turn asks the mover's
    strategy once. After the turn's points, when either score is exactly twice
    the other, the two players trade scores (Swine Swap). The game is over once
    a score reaches GOAL.

    strategy0:  player 0's strategy; player 0 moves first.
    strategy1:  player 1's strategy.
    goal:       the score that ends the game.
    """
    who = 0  # whose turn it is: 0 or 1
    score0, score1 = 0, 0
    # BEGIN PROBLEM 4
    "*** YOUR CODE HERE ***"
    # END PROBLEM 4
    return score0, score1


#######################
# Phase 2: Strategies #
#######################


def always_roll(n):
    """A strategy that rolls N dice whatever the scores.

    >>> strategy = always_roll(5)
    >>> strategy(0, 0)
    5
    >>> strategy(99, 99)
    5
    """
    def strategy(score, opponent_score):
        return n
    return strategy


def make_averaged(fn, num_samples=1000):
    """Return a function that calls FN NUM_SAMPLES times with the arguments it is
    given and returns the mean of the results.

    >>> averaged_dice = make_averaged(make_test_dice(2, 6), 1000)
    >>> averaged_dice()
    4.0
    """
    # BEGIN PROBLEM 5
    "*** YOUR CODE HERE ***"
    # END PROBLEM 5


def max_scoring_num_rolls(dice=six_sided):
    """Print the average points of rolling 1, 2, ..., 10 DICE (averaged over 1000
    turns each, with make_averaged), one line per number of dice, and return the
    number of dice with the highest average (the smallest such number on a tie).

    >>> max_scoring_num_rolls(make_test_dice(3))
    1 dice scores 3.0 on average
    2 dice scores 6.0 on average
    3 dice scores 9.0 on average
    4 dice scores 12.0 on average
    5 dice scores 15.0 on average
    6 dice scores 18.0 on average
    7 dice scores 21.0 on average
    8 dice scores 24.0 on average
    9 dice scores 27.0 on average
    10 dice scores 30.0 on average
    10
    """
    # BEGIN PROBLEM 6
    "*** YOUR CODE HERE ***"
    # END PROBLEM 6


def winner(strategy0, strategy1):
    """0 when STRATEGY0 wins a game against STRATEGY1, else 1."""
    score0, score1 = play(strategy0, strategy1)
    return 0 if score0 > score1 else 1


def average_win_rate(strategy, baseline=always_roll(5)):
    """An estimate of how often STRATEGY beats BASELINE, as often moving first as
    second."""
    as_first = 1 - make_averaged(winner)(strategy, baseline)
    as_second = make_averaged(winner)(baseline, strategy)
    return (as_first + as_second) / 2


def run_experiments():
    """Estimate some win rates; turn experiments on and off here."""
    if True:  # False once you know the best number of dice
        six_sided_max = max_scoring_num_rolls(six_sided)
        print('Max scoring num rolls for six-sided dice:', six_sided_max)
        four_sided_max = max_scoring_num_rolls(four_sided)
        print('Max scoring num rolls for four-sided dice:', four_sided_max)

    if False:  # True to try always_roll(8)
        print('always_roll(8) win rate:', average_win_rate(always_roll(8)))

    if False:  # True to try bacon_strategy
        print('bacon_strategy win rate:', average_win_rate(bacon_strategy))

    if False:  # True to try swap_strategy
        print('swap_strategy win rate:', average_win_rate(swap_strategy))

    if False:  # True to try final_strategy
        print('final_strategy win rate:', average_win_rate(final_strategy))

    "*** You may add more experiments here ***"


def bacon_strategy(score, opponent_score, margin=8, num_rolls=5):
    """Roll no dice when Free Bacon would earn at least MARGIN points, and
    NUM_ROLLS dice otherwise.

    >>> bacon_strategy(0, 0)
    5
    >>> bacon_strategy(70, 50)
    5
    >>> bacon_strategy(50, 70)
    0
    """
    # BEGIN PROBLEM 7
    "*** YOUR CODE HERE ***"
    # END PROBLEM 7


def swap_strategy(score, opponent_score, margin=8, num_rolls=5):
    """Roll no dice when Free Bacon would leave the opponent with exactly twice the
    mover's score (the swap that follows helps the mover), and NUM_ROLLS dice when
    it would leave the mover with twice the opponent's (a swap that hurts).
    Otherwise, like bacon_strategy: no dice for at least MARGIN points, else
    NUM_ROLLS.

    >>> swap_strategy(20, 52)  # 20 + 6 is half of 52
    0
    >>> swap_strategy(39, 21)  # 39 + 3 is twice 21
    5
    >>> swap_strategy(40, 71)  # 8 points, no swap
    0
    >>> swap_strategy(12, 30)  # 4 points, no swap
    5
    """
    # BEGIN PROBLEM 8
    "*** YOUR CODE HERE ***"
    # END PROBLEM 8


def final_strategy(score, opponent_score):
    """Describe your final strategy here in a few sentences.

    *** YOUR DESCRIPTION HERE ***
    """
    # BEGIN PROBLEM 9
    return 5  # Replace this statement
    # END PROBLEM 9


##########################
# Command Line Interface #
##########################

# The functions below need no changes; they use Python the course has not
# covered yet.


@main
def run(*args):
    """Read the command line and run what it asks for."""
    import argparse
    parser = argparse.ArgumentParser(description="Play Hog")
    parser.add_argument('--run_experiments', '-r', action='store_true',
                        help='estimates win rates of strategies')
    args = parser.parse_args()
    if args.run_experiments:
        run_experiments()
