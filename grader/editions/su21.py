"""Summer 2021: Sow Sad, Piggy Points and More Boar.

More Boar gives the mover another turn, as many times in a row as it fires; no turn
needs to remember anything, so the memory is empty.
"""

NAME = "su21"
GOAL = 100
SIDES = 6
MAX_DICE = 10
NAMES = {"zero": "Piggy Points", "pig_out": "Sow Sad", "extra_turn": "More Boar"}
START = ()


def sides(score, opponent):
    return SIDES


def dice(num_rolls, score, opponent):
    return num_rolls


def piggy_points(opponent):
    """4 + |tens - ones| of the opponent's last two digits (a one-digit score has tens 0)."""
    return 4 + abs(opponent // 10 % 10 - opponent % 10)


def points(num_rolls, rolled, score, opponent):
    return piggy_points(opponent) if num_rolls == 0 else rolled


def bonus(num_rolls, memory):
    return 0


def swap(score, opponent):
    return False


def _digits(score):
    return [int(digit) for digit in str(score)]


def more_boar(score, opponent):
    """The mover's smallest digit is below the opponent's and their largest above it,
    over every digit of the written numbers (7 has 7 as both)."""
    mine, theirs = _digits(score), _digits(opponent)
    return min(mine) < min(theirs) and max(mine) > max(theirs)


def extra_turn(score, opponent, num_rolls, memory):
    return more_boar(score, opponent)


def remember(num_rolls, memory, again):
    return ()
