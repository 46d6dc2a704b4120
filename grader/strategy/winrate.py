"""Exact win rates of Hog strategies given as tables, by dynamic programming.

A strategy is a GOAL x GOAL table of ints 0..10: table[s][o] is the number of dice
the mover rolls at own score s, opponent score o. Every turn adds at least one point
and a swap keeps the sum of the scores, so the game is a DAG over mover states
(score, opponent score, previous dice of the mover, previous dice of the opponent):
sweeping the score sum downwards, each level only needs values already computed,
and all states of a level are computed at once with numpy.

Values are the mover's winning chance. A table player's previous dice matter only
through the extra points they earn this turn (Feral Hogs: 0 or 3), so a level is
computed once per extra-points class and then spread over the 11 previous dice.
Which player moved first does not enter: no game under these rules ends in a tie,
so "player 0 wins iff score0 > score1" is "the mover's final score is the larger".

The rules of an edition are a `Rules` object (turn-score distribution, extra
points, swap); editions with other turn structures (extra turns, Hog Tied, dice
chosen by the scores) would add hooks there and in `Layout`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial
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


def _pig_out_with_free_bacon(rolls, score, opponent, dice):
    points_by_dice, probs_by_dice, widths = rolls
    width = widths[dice].max()
    points = points_by_dice[dice, :width]
    points[:, 0] += np.where(dice == 0, FREE_BACON[opponent], 0)
    return points, probs_by_dice[dice, :width]


def _feral_hogs(dice, previous):
    return np.where(np.abs(np.asarray(dice) - previous) == 2, 3, 0)


def _digit_product_swap(mover, opponent):
    return DIGIT_PRODUCT[mover] == DIGIT_PRODUCT[opponent]


def fa19(goal: int = 100) -> Rules:
    """Fall 2019: Pig Out, Free Bacon, Feral Hogs, Swine Swap by digit products.
    Built from module-level functions so the rules pickle into worker processes."""
    points_by_dice, probs_by_dice = roll_table()
    rolls = (points_by_dice, probs_by_dice, (probs_by_dice > 0).sum(axis=1))
    return Rules("fa19", goal, partial(_pig_out_with_free_bacon, rolls), _feral_hogs, (0, 3),
                 _digit_product_swap)


FA19 = fa19()


def extra_classes(rules: Rules) -> np.ndarray:
    """[dice, previous] -> index in rules.extras of the extra points earned."""
    dice, previous = np.meshgrid(np.arange(CHOICES), np.arange(CHOICES), indexing="ij")
    earned = rules.extra_points(dice, previous)
    return np.searchsorted(np.array(rules.extras), earned)


class Layout:
    """Where each score pair's values live, and where each turn leads.

    Cells are numbered level by level, highest score sum first, so one level is a
    contiguous block written at once and its reads stay near it. Two extra cells
    stand for a finished game: `they_lost` (the next mover has lost: value 0) and
    `they_won` (value 1), so a turn's value is 1 - E[next mover's value] over all
    outcomes alike.
    """

    def __init__(self, rules: Rules):
        goal = self.goal = rules.goal
        count = len(rules.extras)
        self.cell = np.zeros((goal, goal), dtype=np.int64)
        self.levels = []
        start = 0
        for total in range(2 * goal - 2, -1, -1):
            score = np.arange(max(0, total - goal + 1), min(total, goal - 1) + 1)
            opponent = total - score
            self.cell[score, opponent] = np.arange(start, start + len(score))
            self.levels.append(Level(score, opponent, slice(start, start + len(score)),
                                     np.repeat(score, count), np.repeat(opponent, count),
                                     np.tile(np.array(rules.extras), len(score))))
            start += len(score)
        self.they_lost, self.they_won = start, start + 1
        self.cells = start + 2
        self.leads_to = self._leads_to(rules)

    def _leads_to(self, rules: Rules) -> np.ndarray:
        """[mover's score after points, opponent's score] -> the next mover's cell."""
        goal = self.goal
        opp, dice = np.meshgrid(np.arange(goal), np.arange(CHOICES), indexing="ij")
        points, _ = rules.turn_points(opp.reshape(-1), opp.reshape(-1), dice.reshape(-1))
        top = goal + points.max() + max(rules.extras)
        new, opp = np.meshgrid(np.arange(top), np.arange(goal), indexing="ij")
        swapped = rules.swap(new, opp)
        mine, theirs = np.where(swapped, opp, new), np.where(swapped, new, opp)
        over = np.maximum(mine, theirs) >= goal
        inside = self.cell[np.minimum(theirs, goal - 1), np.minimum(mine, goal - 1)]
        return np.where(over, np.where(mine > theirs, self.they_lost, self.they_won), inside)


@dataclass(frozen=True)
class Level:
    """The score pairs of one score sum; the `_r` arrays repeat each pair once per
    extra-points class, with that class's extra points."""

    score: np.ndarray
    opponent: np.ndarray
    cells: slice
    score_r: np.ndarray
    opponent_r: np.ndarray
    extra_r: np.ndarray


@lru_cache(maxsize=16)
def layout(rules: Rules) -> Layout:
    return Layout(rules)


class Side:
    """One player's values in the DP, as the other player reads them.

    values[cell, previous_opponent, previous_own] is the player's winning chance
    when about to move at that cell. A level is computed per extra-points class
    (`store` spreads it over the previous dice that give each class), which is all a
    player bound to a table needs; a player free to choose by the whole state keeps
    one class per previous dice.
    """

    def __init__(self, rules: Rules, dice: np.ndarray, classes: np.ndarray):
        self.layout = layout(rules)
        self.dice = np.ascontiguousarray(dice, dtype=np.int64)
        self.choosers = (classes[..., None] == np.arange(classes.max() + 1)).astype(float)
        self.values = np.zeros((self.layout.cells, CHOICES, CHOICES))
        self.values[self.layout.they_won] = 1.0
        self.rows = self.values.reshape(-1, CHOICES)

    @classmethod
    def of_table(cls, rules: Rules, table: np.ndarray) -> "Side":
        """A player bound to a table: class = extra points earned by its choice."""
        return cls(rules, table, extra_classes(rules))

    @classmethod
    def of_full_state(cls, rules: Rules) -> "Side":
        """A player choosing by state: class = its own previous dice."""
        return cls(rules, np.zeros((rules.goal, rules.goal)), np.tile(np.arange(CHOICES), (CHOICES, 1)))

    def store(self, level: Level, by_class: np.ndarray) -> None:
        """Save by_class[pair, class, previous_opponent] for the pairs of one level."""
        chooser = self.choosers[self.dice[level.score, level.opponent]].transpose(0, 2, 1)
        self.values[level.cells] = np.matmul(by_class.transpose(0, 2, 1), chooser)

    def start_value(self) -> float:
        """Winning chance of this player moving first from (0, 0), no previous dice."""
        return float(self.values[self.layout.cell[0, 0], 0, 0])


def turn_values(rules: Rules, nxt: Side, score, opponent, dice, extra) -> np.ndarray:
    """Winning chances (R, previous_opponent) of R mover rows choosing `dice`."""
    points, probs = rules.turn_points(score, opponent, dice)
    cell = nxt.layout.leads_to[(score + extra)[:, None] + points, opponent[:, None]]
    theirs = nxt.rows.take((cell * CHOICES + dice[:, None]).reshape(-1), axis=0)
    return 1.0 - np.matmul(probs[:, None, :], theirs.reshape(probs.shape + (CHOICES,)))[:, 0]


def solve_tables(rules: Rules, tables: Sequence[np.ndarray]) -> Tuple[Side, Side]:
    """The two sides bound to `tables`, with their values filled."""
    first, second = (Side.of_table(rules, table) for table in tables)
    count = len(rules.extras)
    for level in first.layout.levels:
        for me, nxt in ((first, second), (second, first)):
            dice = me.dice[level.score_r, level.opponent_r]
            values = turn_values(rules, nxt, level.score_r, level.opponent_r, dice, level.extra_r)
            me.store(level, values.reshape(len(level.score), count, CHOICES))
    return first, second


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
    first, second = solve_tables(rules, [as_table(strategy, rules.goal),
                                         as_table(opponent, rules.goal)])
    as_first = first.start_value()
    as_second = 1.0 - second.start_value()
    return WinRate((as_first + as_second) / 2, as_first, as_second,
                   time.perf_counter() - start)


def table_strategy(table: Sequence[Sequence[int]]):
    """The strategy function (score, opponent_score) -> dice that reads `table`."""
    rows = [list(map(int, row)) for row in table]

    def strategy(score, opponent_score):
        return rows[score][opponent_score]
    return strategy
