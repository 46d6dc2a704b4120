"""CS 61A Presents The Game of Hog (Summer 2021 rules: Sow Sad, Piggy Points, More Boar)."""

from dice import six_sided, four_sided, make_test_dice
from ucb import main, trace, interact

GOAL_SCORE = 100  # The goal of Hog is to score 100 points.

######################
# Phase 1: Simulator #
######################


def roll_dice(num_rolls, dice=six_sided):
    """Roll DICE NUM_ROLLS > 0 times and return the turn's points: the sum of
    the outcomes, or 1 if any outcome is a 1 (Sow Sad).

    num_rolls:  How many dice are rolled (every one of them, always).
    dice:       A function of no arguments that returns one outcome.
    """
    # These assert statements ensure that num_rolls is a positive integer.
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    # BEGIN PROBLEM 1
    "*** YOUR CODE HERE ***"
    # END PROBLEM 1


def piggy_points(score):
    """Return the points a player earns by rolling 0 dice (Piggy Points):
    4 plus the distance between the tens digit and the ones digit of SCORE.

    score:  The opponent's current score (any size; a one-digit score has
            tens digit 0).

    Write it without for statements and without square brackets.
    """
    # BEGIN PROBLEM 2
    "*** YOUR CODE HERE ***"
    # END PROBLEM 2


def take_turn(num_rolls, opponent_score, dice=six_sided, goal=GOAL_SCORE):
    """Play a turn of NUM_ROLLS dice, which may be 0 (Piggy Points), and
    return the mover's points for the turn.

    num_rolls:       How many dice the mover rolls.
    opponent_score:  The opponent's total score.
    dice:            A function of no arguments that returns one outcome.
    goal:            The score that ends the game.
    """
    # Leave these assert statements here; they help check for errors.
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < goal, 'The game should be over.'
    # BEGIN PROBLEM 3
    "*** YOUR CODE HERE ***"
    # END PROBLEM 3


def more_boar(player_score, opponent_score):
    """Return whether the mover, now at PLAYER_SCORE, takes another turn
    (More Boar): their smallest digit is below the opponent's smallest digit
    and their largest digit is above the opponent's largest digit. Every
    digit of each written score counts (7 has 7 as both).

    >>> more_boar(25, 43)
    True
    >>> more_boar(32, 33)
    False
    >>> more_boar(7, 10)
    False
    """
    # BEGIN PROBLEM 4
    "*** YOUR CODE HERE ***"
    # END PROBLEM 4


def next_player(who):
    """Return the other player, for a player WHO numbered 0 or 1.

    >>> next_player(0)
    1
    >>> next_player(1)
    0
    """
    return 1 - who


def silence(score0, score1):
    """Announce nothing (see Phase 2)."""
    return silence


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    """Play a game of Hog and return the final scores, Player 0's first.

    A strategy is a function of two scores (the mover's, then the opponent's)
    that returns how many dice the mover rolls this turn. Call only the
    mover's strategy, once per turn; a More Boar extra turn is a turn.

    strategy0:  Player 0's strategy; Player 0 moves first.
    strategy1:  Player 1's strategy.
    score0:     Player 0's starting score.
    score1:     Player 1's starting score.
    dice:       A function of no arguments that returns one outcome.
    goal:       The game ends as soon as a score reaches this.
    say:        The commentary function to call after the first turn.
    """
    who = 0  # Who is about to take a turn, 0 (first) or 1 (second)
    # BEGIN PROBLEM 5
    "*** YOUR CODE HERE ***"
    # END PROBLEM 5
    # (note that the indentation for the problem 6 prompt (***YOUR CODE HERE***) might be misleading)
    # BEGIN PROBLEM 6
    "*** YOUR CODE HERE ***"
    # END PROBLEM 6
    return score0, score1


#######################
# Phase 2: Commentary #
#######################


def say_scores(score0, score1):
    """A commentary function that announces the score for each player."""
    print("Player 0 now has", score0, "and Player 1 now has", score1)
    return say_scores


def announce_lead_changes(last_leader=None):
    """Return a commentary function that announces lead changes.

    >>> f0 = announce_lead_changes()
    >>> f1 = f0(5, 0)
    Player 0 takes the lead by 5
    >>> f2 = f1(5, 12)
    Player 1 takes the lead by 7
    >>> f3 = f2(8, 12)
    >>> f4 = f3(8, 13)
    >>> f5 = f4(15, 13)
    Player 0 takes the lead by 2
    """
    def say(score0, score1):
        if score0 > score1:
            leader = 0
        elif score1 > score0:
            leader = 1
        else:
            leader = None
        if leader != None and leader != last_leader:
            print('Player', leader, 'takes the lead by', abs(score0 - score1))
        return announce_lead_changes(leader)
    return say


def both(f, g):
    """Return a commentary function that says what f says, then what g says.

    >>> h0 = both(say_scores, announce_lead_changes())
    >>> h1 = h0(10, 0)
    Player 0 now has 10 and Player 1 now has 0
    Player 0 takes the lead by 10
    >>> h2 = h1(10, 8)
    Player 0 now has 10 and Player 1 now has 8
    >>> h3 = h2(10, 17)
    Player 0 now has 10 and Player 1 now has 17
    Player 1 takes the lead by 7
    """
    def say(score0, score1):
        return both(f(score0, score1), g(score0, score1))
    return say


def announce_highest(who, last_score=0, running_high=0):
    """Return a commentary function that announces when Player WHO gains more
    points in one turn than in any earlier turn.

    last_score:    WHO's score when the commentary was last called.
    running_high:  The largest gain of WHO so far.

    The scores below are made up for the example; a real game may differ.

    >>> f0 = announce_highest(0) # Only announce Player 0 score gains
    >>> f1 = f0(8, 0)
    Player 0 has reached a new maximum point gain. 8 point(s)!
    >>> f2 = f1(8, 12)
    >>> f3 = f2(14, 12)
    >>> f4 = f3(24, 15)
    Player 0 has reached a new maximum point gain. 10 point(s)!
    >>> f5 = f4(24, 33)
    >>> f6 = f5(34, 33)
    """
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    # BEGIN PROBLEM 7
    "*** YOUR CODE HERE ***"
    # END PROBLEM 7


#######################
# Phase 3: Strategies #
#######################


def always_roll(n):
    """Return a strategy that always rolls N dice.

    A strategy is a function that takes two total scores as arguments (the
    current player's score, and the opponent's score), and returns a number of
    dice that the current player will roll this turn.

    >>> strategy = always_roll(6)
    >>> strategy(0, 0)
    6
    >>> strategy(99, 99)
    6
    """
    def strategy(score, opponent_score):
        return n
    return strategy


def make_averaged(original_function, trials_count=1000):
    """Return a function that calls ORIGINAL_FUNCTION TRIALS_COUNT times with
    the arguments it is given and returns the mean of the results.

    Use *args (see the project description).

    >>> dice = make_test_dice(2, 4, 6, 4)
    >>> averaged_dice = make_averaged(dice, 1000)
    >>> averaged_dice()
    4.0
    """
    # BEGIN PROBLEM 8
    "*** YOUR CODE HERE ***"
    # END PROBLEM 8


def max_scoring_num_rolls(dice=six_sided, trials_count=1000):
    """Return the number of dice, from 1 to 10, whose average turn score with
    roll_dice and DICE over TRIALS_COUNT trials is the highest; a tie goes to
    the smaller number. Assume the dice always return positive outcomes.

    >>> dice = make_test_dice(1, 6)
    >>> max_scoring_num_rolls(dice)
    1
    """
    # BEGIN PROBLEM 9
    "*** YOUR CODE HERE ***"
    # END PROBLEM 9


def winner(strategy0, strategy1):
    """Return 0 if strategy0 wins against strategy1, and 1 otherwise."""
    score0, score1 = play(strategy0, strategy1)
    if score0 > score1:
        return 0
    else:
        return 1


def average_win_rate(strategy, baseline=always_roll(6)):
    """Return the average win rate of STRATEGY against BASELINE. Averages the
    winrate when starting the game as player 0 and as player 1.
    """
    win_rate_as_player_0 = 1 - make_averaged(winner)(strategy, baseline)
    win_rate_as_player_1 = make_averaged(winner)(baseline, strategy)

    return (win_rate_as_player_0 + win_rate_as_player_1) / 2


def run_experiments():
    """Run a series of strategy experiments and report results."""
    six_sided_max = max_scoring_num_rolls(six_sided)
    print('Max scoring num rolls for six-sided dice:', six_sided_max)
    print('always_roll(6) win rate:', average_win_rate(always_roll(6)))

    # print('always_roll(8) win rate:', average_win_rate(always_roll(8)))
    # print('piggypoints_strategy win rate:', average_win_rate(piggypoints_strategy))
    # print('more_boar_strategy win rate:', average_win_rate(more_boar_strategy))
    # print('final_strategy win rate:', average_win_rate(final_strategy))
    "*** You may add additional experiments as you wish ***"


def piggypoints_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    """Roll 0 dice when Piggy Points gives at least CUTOFF points; otherwise
    roll NUM_ROLLS.
    """
    # BEGIN PROBLEM 10
    "*** YOUR CODE HERE ***"
    # END PROBLEM 10


def more_boar_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    """Roll 0 dice when the Piggy Points it earns would give the mover another
    turn by More Boar; otherwise play like piggypoints_strategy.
    """
    # BEGIN PROBLEM 11
    "*** YOUR CODE HERE ***"
    # END PROBLEM 11


def final_strategy(score, opponent_score):
    """Write a brief description of your final strategy.

    *** YOUR DESCRIPTION HERE ***
    """
    # BEGIN PROBLEM 12
    return 6  # Replace this statement
    # END PROBLEM 12


##########################
# Command Line Interface #
##########################

# NOTE: Functions in this section do not need to be changed. They use features
# of Python not yet covered in the course.


@main
def run(*args):
    """Read in the command-line argument and calls corresponding functions."""
    import argparse
    parser = argparse.ArgumentParser(description="Play Hog")
    parser.add_argument('--run_experiments', '-r', action='store_true',
                        help='Runs strategy experiments')

    args = parser.parse_args()

    if args.run_experiments:
        run_experiments()
