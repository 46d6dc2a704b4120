"""The Spring 2018 strategy contest: Pig Out, Free Bacon by a digit difference, Swine
Swap by multiples and Time Trot.

The memory of a turn is (its number mod 8, whether it is an extra turn): turns are
numbered from 0 over both players, extra turns included, and Time Trot never gives
an extra turn right after one.
"""

NAME = "sp18-contest"
GOAL = 100
SIDES = 6
MAX_DICE = 10
NAMES = {"zero": "Free Bacon", "pig_out": "Pig Out", "swap": "Swine Swap",
         "extra_turn": "Time Trot"}
START = (0, False)
CYCLE = 8


def sides(score, opponent):
    return SIDES


def dice(num_rolls, score, opponent):
    return num_rolls


def free_bacon(opponent):
    """2 + |tens - ones| of the opponent's last two digits (a one-digit score has tens 0).
    The contest page's first example prints 2 + abs(4 - 2) = 6; the rule's words and its
    own formula give 4, which is what we score."""
    return 2 + abs(opponent // 10 % 10 - opponent % 10)


def points(num_rolls, rolled, score, opponent):
    return free_bacon(opponent) if num_rolls == 0 else rolled


def bonus(num_rolls, memory):
    return 0


def swap(score, opponent):
    """Both scores above 1 and one a (positive integer) multiple of the other."""
    return score > 1 and opponent > 1 and (score % opponent == 0 or opponent % score == 0)


def time_trot(num_rolls, memory):
    turn, extra = memory
    return not extra and num_rolls == turn


def extra_turn(score, opponent, num_rolls, memory):
    return time_trot(num_rolls, memory)


def remember(num_rolls, memory, again):
    return ((memory[0] + 1) % CYCLE, bool(again))


# --- fuzzing play (read by grader.hog.fuzz; sent to the worker beside its tracer) --------

PLAY = {
    "dice": {"dice": SIDES},  # play takes its die as `dice`
    "start": True,  # and score0, score1
    "goal": True,  # and goal
    "say": "scores",  # say(score0, score1) after every turn, extra turns included
    "returns": "scores",
    "options": {},
    "switches": {},
    "other_strategy": "never",  # its play's docstring: call only the mover's strategy
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
