"""Spring 2013: Pig Out, Hog Tied, Hog Wild, Free Bacon by the tens digit, Touchdown
and Hogtimus Prime. Nothing is remembered from turn to turn.

Touchdown and then Hogtimus Prime transform every turn score, Free Bacon's included.
"""

NAME = "sp13"
GOAL = 100
SIDES = 6
MAX_DICE = 10
NAMES = {"zero": "Free Bacon", "pig_out": "Pig Out", "dice": "Hog Tied", "sides": "Hog Wild",
         "touchdown": "Touchdown", "prime": "Hogtimus Prime"}
START = ()


def hog_tied(score, opponent):
    """The sum of the scores ends in 7 when the turn starts: at most one die."""
    return (score + opponent) % 10 == 7


def hog_wild(score, opponent):
    """The sum of the scores is a multiple of 7 (0 included): four-sided dice."""
    return (score + opponent) % 7 == 0


def sides(score, opponent):
    return 4 if hog_wild(score, opponent) else SIDES


def dice(num_rolls, score, opponent):
    return min(num_rolls, 1) if hog_tied(score, opponent) else num_rolls


def free_bacon(opponent):
    """1 + the tens digit of the opponent's score (0 for a one-digit score)."""
    return 1 + opponent // 10 % 10


def is_prime(n):
    return n > 1 and all(n % k for k in range(2, int(n ** 0.5) + 1))


def next_prime(n):
    n += 1
    while not is_prime(n):
        n += 1
    return n


def touchdown_then_prime(turn_score):
    """A multiple of 6 gains a sixth of itself; then a prime becomes the next prime."""
    if turn_score % 6 == 0:
        turn_score += turn_score // 6
    return next_prime(turn_score) if is_prime(turn_score) else turn_score


def points_fired(num_rolls, rolled, score, opponent):
    """Which of the two transforms changed this turn's score (for the browser game)."""
    turn_score = free_bacon(opponent) if num_rolls == 0 else rolled
    fired = []
    if turn_score % 6 == 0:
        fired.append("touchdown")
        turn_score += turn_score // 6
    if is_prime(turn_score):
        fired.append("prime")
    return fired


def points(num_rolls, rolled, score, opponent):
    return touchdown_then_prime(free_bacon(opponent) if num_rolls == 0 else rolled)


def bonus(num_rolls, memory):
    return 0


def swap(score, opponent):
    return False


def extra_turn(score, opponent, num_rolls, memory):
    return False


def remember(num_rolls, memory, again):
    return ()


# --- fuzzing play (read by grader.hog.fuzz; sent to the worker beside its tracer) --------

PLAY = {
    "dice": {"six_sided": SIDES, "four_sided": 4},  # the module's dice, for select_dice
    "start": False,  # play(strategy0, strategy1) starts at 0, 0
    "goal": False,  # and plays to the module's goal, 100
    "say": "announce",  # roll_dice calls announce(outcome, who) when commentary is true
    "returns": "winner",  # play returns 0 or 1
    "options": {},
    "switches": {},
    "other_strategy": "once",
}


def play_game(hog, strategy0, strategy1, dice, say, game):
    """Play GAME with the submission's module HOG (see grader.hog.editions): the test dice
    take the places of the module's six_sided and four_sided, and with SAY the module's
    commentary is on and announce is SAY."""
    saved = hog.six_sided, hog.four_sided, hog.commentary, hog.announce
    hog.six_sided, hog.four_sided = dice["six_sided"], dice["four_sided"]
    hog.commentary = say is not None
    if say is not None:
        hog.announce = say
    try:
        return hog.play(strategy0, strategy1)
    finally:
        hog.six_sided, hog.four_sided, hog.commentary, hog.announce = saved


def play_code(game):
    """The same call as code for `python3 -i hog.py`: the test dice are already defined
    there under the module's own names."""
    say = "commentary, announce = True, announcer(0)\n" if game.get("say") else ""
    return say + "play(strategy0, strategy1)\n"
