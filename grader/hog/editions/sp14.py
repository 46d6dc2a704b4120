"""Spring 2014: Pig Out, Free Bacon by the largest digit, Hog Wild and Swine Swap by
doubling. Nothing is remembered from turn to turn."""

NAME = "sp14"
GOAL = 100
SIDES = 6
MAX_DICE = 10
NAMES = {"zero": "Free Bacon", "pig_out": "Pig Out", "sides": "Hog Wild",
         "swap": "Swine Swap"}
START = ()


def hog_wild(score, opponent):
    """The sum of the scores is a multiple of 7 (0 included) when the turn starts."""
    return (score + opponent) % 7 == 0


def sides(score, opponent):
    return 4 if hog_wild(score, opponent) else SIDES


def dice(num_rolls, score, opponent):
    return num_rolls


def free_bacon(opponent):
    """1 + the largest digit of the opponent's score, every digit of it."""
    return 1 + max(int(digit) for digit in str(opponent))


def points(num_rolls, rolled, score, opponent):
    return free_bacon(opponent) if num_rolls == 0 else rolled


def bonus(num_rolls, memory):
    return 0


def swap(score, opponent):
    """One score is exactly double the other."""
    return score == 2 * opponent or opponent == 2 * score


def extra_turn(score, opponent, num_rolls, memory):
    return False


def remember(num_rolls, memory, again):
    return ()


# --- fuzzing play (read by grader.hog.fuzz; sent to the worker beside its tracer) --------

PLAY = {
    "dice": {"six_sided": SIDES, "four_sided": 4},  # the module's dice, for select_dice
    "start": False,  # play starts at 0, 0
    "goal": True,  # play(strategy0, strategy1, goal)
    "say": None,  # no commentary
    "returns": "scores",
    "options": {},
    "switches": {},
    "other_strategy": "once",
}


def play_game(hog, strategy0, strategy1, dice, say, game):
    """Play GAME with the submission's module HOG (see grader.hog.editions): play rolls the
    dice that select_dice picks from the module's six_sided and four_sided, so the
    test dice take their places for the game."""
    saved = hog.six_sided, hog.four_sided
    hog.six_sided, hog.four_sided = dice["six_sided"], dice["four_sided"]
    try:
        return hog.play(strategy0, strategy1, goal=game["goal"])
    finally:
        hog.six_sided, hog.four_sided = saved


def play_code(game):
    """The same call as code for `python3 -i hog.py`: the test dice are already defined
    there under the module's own names."""
    return "play(strategy0, strategy1, goal=%d)\n" % game["goal"]
