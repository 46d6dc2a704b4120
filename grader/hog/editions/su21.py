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


# --- fuzzing play (read by grader.hog.fuzz; sent to the worker beside its tracer) --------

PLAY = {
    "dice": {"dice": SIDES},  # play takes its die as `dice`
    "start": True,  # and score0, score1
    "goal": True,  # and goal
    "say": "scores",  # say(score0, score1) after every turn, extra turns included
    "returns": "scores",
    "options": {},
    "switches": {},
    "other_strategy": "never",  # the page: call strategy0 only on player 0's turns
}


def play_game(hog, strategy0, strategy1, dice, say, game):
    """Play GAME with the submission's module HOG (see grader.hog.editions)."""
    options = {"score0": game["score0"], "score1": game["score1"], "dice": dice["dice"],
               "goal": game["goal"]}
    if say is not None:
        options["say"] = say
    return hog.play(strategy0, strategy1, **options)


def play_code(game):
    """The same call as code for `python3 -i hog.py` (see grader.hog.editions)."""
    say = ", say=announcer(0)" if game.get("say") else ""
    return ("play(strategy0, strategy1, score0=%d, score1=%d, dice=dice, goal=%d%s)\n"
            % (game["score0"], game["score1"], game["goal"], say))
