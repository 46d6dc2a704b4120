"""Fall 2019: Pig Out, Free Bacon, Feral Hogs and Swine Swap by digit products.

The memory of a turn is (the mover's previous dice, the opponent's previous dice):
Feral Hogs compares the dice a player rolls with those they rolled on their own
previous turn (0 before their first).
"""

NAME = "fa19"
GOAL = 100
SIDES = 6
MAX_DICE = 10
NAMES = {"zero": "Free Bacon", "pig_out": "Pig Out", "bonus": "Feral Hogs",
         "swap": "Swine Swap"}
START = (0, 0)


def sides(score, opponent):
    return SIDES


def dice(num_rolls, score, opponent):
    return num_rolls


def free_bacon(opponent):
    return 10 - min(opponent // 10 % 10, opponent % 10)


def points(num_rolls, rolled, score, opponent):
    return free_bacon(opponent) if num_rolls == 0 else rolled


def bonus(num_rolls, memory):
    return 3 if abs(num_rolls - memory[0]) == 2 else 0


def _digit_product(score):
    return int(str(score)[0]) * (score % 10)


def swap(score, opponent):
    return _digit_product(score) == _digit_product(opponent)


def extra_turn(score, opponent, num_rolls, memory):
    return False


def remember(num_rolls, memory, again):
    return (num_rolls, memory[1]) if again else (memory[1], num_rolls)


# --- fuzzing play (read by grader.hog.fuzz; sent to the worker beside its tracer) --------

PLAY = {
    "dice": {"dice": SIDES},  # the test dice play is given, by name, and their faces
    "start": True,  # games may start from any scores (play's score0, score1)
    "goal": True,  # games may have any goal (play's goal)
    "say": "scores",  # commentary is called with (score0, score1) after every turn
    "returns": "scores",  # play returns (score0, score1)
    "options": {"feral_hogs": True},  # play's own options, with their defaults
    "switches": {"feral_hogs": "bonus"},  # an option that, false, turns a rule off
    "other_strategy": "once",  # play may also ask the other player's strategy, once a turn
}


def play_game(hog, strategy0, strategy1, dice, say, game):
    """Play GAME with the submission's module HOG: DICE maps the names of PLAY["dice"]
    to test dice, SAY is the first commentary function or None."""
    options = {"score0": game["score0"], "score1": game["score1"], "dice": dice["dice"],
               "goal": game["goal"], "feral_hogs": game["feral_hogs"]}
    if say is not None:
        options["say"] = say
    return hog.play(strategy0, strategy1, **options)


def play_code(game):
    """The same call as code for `python3 -i hog.py`, where the test dice have the
    names of PLAY["dice"] and the first commentary function is `announcer(0)`."""
    say = ", say=announcer(0)" if game.get("say") else ""
    return ("play(strategy0, strategy1, score0=%d, score1=%d,\n"
            "     dice=dice, goal=%d%s, feral_hogs=%s)\n"
            % (game["score0"], game["score1"], game["goal"], say, game["feral_hogs"]))
