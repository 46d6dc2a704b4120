"""Exact win rates of Hog strategies given as tables, by dynamic programming.

A strategy is a GOAL x GOAL table of ints 0..10: table[s][o] is the number of dice
the mover rolls at own score s, opponent score o. Every turn adds at least one point
and a swap keeps the sum of the scores, so the game is a DAG over mover states
(score, opponent score, previous dice of the mover, previous dice of the opponent):
sweeping the score sum downwards, each level only needs values already computed.

The mover's previous dice matter only through the extra points they earn this turn
(Feral Hogs: 0 or 3), so a state keeps the index of that "extra" class instead of
the previous dice, and the opponent's previous dice stay as the last axis. Values
are the mover's winning probability. Which player moved first does not enter: no
Hog game under these rules ends in a tie, so "player 0 wins iff score0 > score1"
is "the mover's final score is the larger one".

The rules of an edition are a `Rules` object (turn-score distribution, extra
points, swap); editions with other turn structures (extra turns, Hog Tied) would
add hooks there.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Callable, Dict, Sequence, Tuple

import numpy as np

MAX_DICE = 10
CHOICES = MAX_DICE + 1
SIDES = 6


@dataclass(frozen=True)
class Rules:
    """One edition's scoring rules, as functions over numpy arrays.

    turn_points(score, opponent, dice) -> (points, probs), both shaped (R, M): the
        distribution of the turn score (before extra points) for each of R rows.
    extra_points(dice, previous) -> extra points the mover earns for rolling
        `dice` after rolling `previous` on their own previous turn.
    extras: every value extra_points can return, 0 first.
    swap(mover, opponent) -> bool array: the two scores trade places.
    """

    name: str
    goal: int
    turn_points: Callable[[np.ndarray, np.ndarray, np.ndarray], Tuple[np.ndarray, np.ndarray]]
    extra_points: Callable[[np.ndarray, np.ndarray], np.ndarray]
    extras: Tuple[int, ...]
    swap: Callable[[np.ndarray, np.ndarray], np.ndarray]


def roll_distribution(num_dice: int, sides: int = SIDES) -> Dict[int, Fraction]:
    """Exact distribution of a Pig Out turn: 1 if any die shows 1, else the sum."""
    if num_dice == 0:
        return {0: Fraction(1)}
    ways = {0: 1}
    for _ in range(num_dice):
        nxt: Dict[int, int] = {}
        for total, count in ways.items():
            for face in range(2, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + count
        ways = nxt
    dist = {t: Fraction(c, sides ** num_dice) for t, c in ways.items()}
    dist[1] = 1 - Fraction(sides - 1, sides) ** num_dice
    return dist


def roll_table(sides: int = SIDES) -> Tuple[np.ndarray, np.ndarray]:
    """Turn-score distributions for 0..10 dice, padded with zero-probability 0s."""
    dists = [roll_distribution(k, sides) for k in range(CHOICES)]
    width = max(len(d) for d in dists)
    points = np.zeros((CHOICES, width), dtype=np.int64)
    probs = np.zeros((CHOICES, width))
    for k, dist in enumerate(dists):
        for m, (t, p) in enumerate(sorted(dist.items())):
            points[k, m], probs[k, m] = t, float(p)
    return points, probs


def _digit_product(score: int) -> int:
    return int(str(score)[0]) * (score % 10)


DIGIT_PRODUCT = np.array([_digit_product(s) for s in range(1000)])
FREE_BACON = np.array([10 - min(s // 10, s % 10) for s in range(100)])


def fa19(goal: int = 100) -> Rules:
    """Fall 2019: Pig Out, Free Bacon, Feral Hogs, Swine Swap by digit products."""
    points_by_dice, probs_by_dice = roll_table()

    def turn_points(score, opponent, dice):
        points = points_by_dice[dice]
        points[:, 0] += np.where(dice == 0, FREE_BACON[opponent], 0)
        return points, probs_by_dice[dice]

    def extra_points(dice, previous):
        return np.where(np.abs(np.asarray(dice) - previous) == 2, 3, 0)

    def swap(mover, opponent):
        return DIGIT_PRODUCT[mover] == DIGIT_PRODUCT[opponent]

    return Rules("fa19", goal, turn_points, extra_points, (0, 3), swap)


FA19 = fa19()


def extra_classes(rules: Rules) -> np.ndarray:
    """[dice, previous] -> index in rules.extras of the extra points earned."""
    dice, previous = np.meshgrid(np.arange(CHOICES), np.arange(CHOICES), indexing="ij")
    earned = rules.extra_points(dice, previous)
    return np.searchsorted(np.array(rules.extras), earned)


class Side:
    """One player's values in the DP and how to read them from the other side.

    values[score, opponent, cls, previous_opponent]; `cls` is found from the
    dice the player chooses at that score pair (dice[score, opponent]) and the
    player's own previous dice through `lookup[dice_here * C + cls, previous]`.
    """

    def __init__(self, goal: int, dice: np.ndarray, lookup: np.ndarray):
        self.dice = np.ascontiguousarray(dice, dtype=np.int64)
        self.classes = lookup.shape[0] // CHOICES
        self.lookup = lookup
        self.values = np.zeros((goal, goal, self.classes, CHOICES))

    @classmethod
    def of_table(cls, rules: Rules, table: np.ndarray) -> "Side":
        """A player bound to a table: the class is the extra-points class."""
        classes = extra_classes(rules)
        count = len(rules.extras)
        lookup = (classes[:, None, :] == np.arange(count)[None, :, None]).astype(float)
        return cls(rules.goal, table, lookup.reshape(CHOICES * count, CHOICES))

    @classmethod
    def of_full_state(cls, rules: Rules) -> "Side":
        """A player free to choose by state: the class is the previous dice itself."""
        lookup = np.zeros((CHOICES, CHOICES, CHOICES))
        lookup[0] = np.eye(CHOICES)
        return cls(rules.goal, np.zeros((rules.goal, rules.goal)), lookup.reshape(-1, CHOICES))

    def start_value(self, rules: Rules) -> float:
        """Winning chance of this player moving first from (0, 0), no previous dice."""
        k = self.dice[0, 0]
        start = self.lookup[k * self.classes:(k + 1) * self.classes, 0]
        return float(self.values[0, 0, :, 0] @ start)


def after_turn(rules: Rules, score, opponent, dice, extra):
    """Outcomes of a turn for R rows: (probs, over, won, mine, theirs), each (R, M).

    mine/theirs are the mover's and opponent's scores after the swap, clipped
    into the table when the game is over (`over`); `won` marks finished games
    the mover has won.
    """
    points, probs = rules.turn_points(score, opponent, dice)
    new = (score + extra)[:, None] + points
    opp = np.broadcast_to(opponent[:, None], new.shape)
    swapped = rules.swap(new, opp)
    mine = np.where(swapped, opp, new)
    theirs = np.where(swapped, new, opp)
    over = np.maximum(mine, theirs) >= rules.goal
    won = over & (mine > theirs)
    top = rules.goal - 1
    return probs, over, won, np.minimum(mine, top), np.minimum(theirs, top)


def turn_values(rules: Rules, nxt: Side, score, opponent, dice, extra) -> np.ndarray:
    """Winning chances (R, previous_opponent) of R mover rows choosing `dice`.

    After the turn the opponent (`nxt`) moves at (theirs, mine) with their own
    previous dice as its class key and our `dice` as their opponent's previous;
    grouping outcomes by the dice they will choose keeps this one gather per
    class instead of one per previous-dice value.
    """
    probs, over, won, mine, theirs = after_turn(rules, score, opponent, dice, extra)
    live = np.where(over, 0.0, probs)
    C = nxt.classes
    cell = theirs * rules.goal + mine
    flat = (cell[..., None] * C + np.arange(C)) * CHOICES + dice[:, None, None]
    weighted = live[..., None] * nxt.values.reshape(-1)[flat]
    rows = len(score)
    their_dice = nxt.dice.reshape(-1)[cell]
    bins = ((np.arange(rows)[:, None] * CHOICES + their_dice)[..., None] * C + np.arange(C))
    grouped = np.bincount(bins.reshape(-1), weighted.reshape(-1), minlength=rows * CHOICES * C)
    finished = (probs * won).sum(axis=1) + live.sum(axis=1)
    return finished[:, None] - grouped.reshape(rows, -1) @ nxt.lookup


@lru_cache(maxsize=8)
def levels(goal: int) -> Tuple[Tuple[np.ndarray, np.ndarray], ...]:
    """(scores, opponents) of each score-sum level, highest sum first."""
    out = []
    for total in range(2 * goal - 2, -1, -1):
        score = np.arange(max(0, total - goal + 1), min(total, goal - 1) + 1)
        out.append((score, total - score))
    return tuple(out)


def solve_tables(rules: Rules, first: Side, second: Side) -> None:
    """Fill both sides' values, each bound to its table."""
    count = len(rules.extras)
    extras = np.array(rules.extras)
    for score, opponent in levels(rules.goal):
        score_r = np.repeat(score, count)
        opp_r = np.repeat(opponent, count)
        cls_r = np.tile(np.arange(count), len(score))
        for me, nxt in ((first, second), (second, first)):
            dice = me.dice[score_r, opp_r]
            values = turn_values(rules, nxt, score_r, opp_r, dice, extras[cls_r])
            me.values[score_r, opp_r, cls_r] = values


@dataclass(frozen=True)
class WinRate:
    """Exact winning chances of a strategy against an opponent."""

    win_rate: float  # mean of the two move orders
    as_first: float
    as_second: float
    seconds: float

    def as_dict(self) -> Dict[str, float]:
        return {"win_rate": self.win_rate, "as_first": self.as_first,
                "as_second": self.as_second, "seconds": self.seconds}


def as_table(strategy, goal: int = 100) -> np.ndarray:
    """A (goal, goal) int table from a table-like or from an int (always_roll)."""
    if isinstance(strategy, (int, np.integer)):
        return np.full((goal, goal), int(strategy), dtype=np.int64)
    table = np.asarray(strategy, dtype=np.int64)
    if table.shape != (goal, goal) or table.min() < 0 or table.max() > MAX_DICE:
        raise ValueError(f"a strategy table is {goal}x{goal} ints from 0 to {MAX_DICE}")
    return table


def win_rate(strategy, opponent=4, rules: Rules = FA19) -> WinRate:
    """Exact average win rate of `strategy` against `opponent` (tables or ints)."""
    start = time.perf_counter()
    first = Side.of_table(rules, as_table(strategy, rules.goal))
    second = Side.of_table(rules, as_table(opponent, rules.goal))
    solve_tables(rules, first, second)
    as_first = first.start_value(rules)
    as_second = 1.0 - second.start_value(rules)
    return WinRate((as_first + as_second) / 2, as_first, as_second,
                   time.perf_counter() - start)


def table_strategy(table: Sequence[Sequence[int]]):
    """The strategy function (score, opponent_score) -> dice that reads `table`."""
    rows = [list(map(int, row)) for row in table]

    def strategy(score, opponent_score):
        return rows[score][opponent_score]
    return strategy
