"""Helpers the play questions' cases import (`from tests.play_utils import *`).

The recorded games live in play.sol beside this file: each is a game spec (strategies as
lists of dice counts chosen by the two scores, a test die, the start, the goal, whether
Feral Hogs is on) and the final scores the staff solution reached.
"""

import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def recorded_games():
    with open(os.path.join(HERE, "play.sol")) as games:
        return json.load(games)


def table_strategy(choices, a, b):
    """A pure strategy: the dice count picked from CHOICES by the two scores."""
    return lambda score, opponent: choices[(a * score + b * opponent) % len(choices)]


def replay_games(play, make_test_dice, feral_hogs):
    """Replay every recorded game with that Feral Hogs setting; return the games whose
    final scores differ, as (game number, expected, got)."""
    wrong = []
    for number, game in enumerate(recorded_games(), 1):
        if game["feral_hogs"] != feral_hogs:
            continue
        (c0, a0, b0), (c1, a1, b1) = game["strategies"]
        got = play(table_strategy(c0, a0, b0), table_strategy(c1, a1, b1),
                   game["score0"], game["score1"], make_test_dice(*game["dice"]),
                   game["goal"], feral_hogs=feral_hogs)
        if list(got) != game["result"]:
            wrong.append((number, tuple(game["result"]), got))
    return wrong


def turns(rolls0, rolls1):
    """Two strategies: player 0 rolls the counts of ROLLS0 in order, one per turn of its
    own, player 1 those of ROLLS1 (each list cycles). A new turn starts when the scores
    change; a play that also asks the other player is told that player's next count."""
    state = {"scores": None, "turn": -1}

    def strategy(who, rolls):
        def choose(score, opponent_score):
            scores = (score, opponent_score) if who == 0 else (opponent_score, score)
            if scores != state["scores"]:
                state["scores"], state["turn"] = scores, state["turn"] + 1
            mine = (state["turn"] + (state["turn"] % 2 != who)) // 2
            return rolls[mine % len(rolls)]
        return choose
    return strategy(0, rolls0), strategy(1, rolls1)


def echo(score0, score1):
    print('Scores:', score0, score1)
    return echo


def numbered(n):
    def say(score0, score1):
        print('Comment', n, 'at', score0, score1)
        return numbered(n + 1)
    return say
