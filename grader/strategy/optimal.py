"""Best responses to always_roll(K), computed exactly with the win-rate engine.

Two answers, because the rules only let a strategy see the two scores:
- `best_full_state`: the optimal policy when the previous dice of both players may be
  used too. The game against a fixed opponent is then an MDP on a DAG, solved by one
  backward sweep taking the best dice count in every state. Its win rate bounds from
  above what any strategy can reach.
- `best_scores_only`: a table of the two scores only. The previous dice are hidden
  state, so this is not an MDP; coordinate ascent is used. For one score pair the
  exact gain of switching to k dice is the sum, over the hidden previous dice, of
  how often the pair is reached times the value of k there. Reach depends only on
  choices at lower score sums and values only on choices at higher sums, so one
  sweep from the highest sum down, with reach computed before the sweep, improves
  the exact win rate at every switch. Sweeps repeat until no pair changes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from .winrate import (CHOICES, FA19, Level, Rules, Side, as_table, extra_classes,
                      solve_tables, turn_values, win_rate)


@dataclass
class FullStateResult:
    """policy[score, opponent, previous_own, previous_opponent] -> dice."""

    win_rate: float
    as_first: float
    as_second: float
    policy: np.ndarray
    seconds: float


@dataclass
class ScoresOnlyResult:
    """table[score, opponent] -> dice, its exact win rate, and the ascent's history."""

    win_rate: float
    as_first: float
    as_second: float
    table: np.ndarray
    history: list  # win rate after each sweep
    seconds: float


def every_choice(rules: Rules, nxt: Side, level: Level) -> np.ndarray:
    """q[pair, dice, previous_own, previous_opponent]: value of rolling `dice` there."""
    count, pairs = len(rules.extras), len(level.score)
    per = CHOICES * count
    dice = np.tile(np.repeat(np.arange(CHOICES), count), pairs)
    values = turn_values(rules, nxt, np.repeat(level.score, per), np.repeat(level.opponent, per),
                         dice, np.tile(np.array(rules.extras), pairs * CHOICES))
    by_class = values.reshape(pairs, CHOICES, count, CHOICES)
    return by_class[:, np.arange(CHOICES)[:, None], extra_classes(rules)]


def _opponent_turn(rules: Rules, opponent: Side, us: Side, level: Level) -> None:
    dice = opponent.dice[level.score_r, level.opponent_r]
    values = turn_values(rules, us, level.score_r, level.opponent_r, dice, level.extra_r)
    opponent.store(level, values.reshape(len(level.score), len(rules.extras), CHOICES))


def _rates(us: Side, opponent: Side):
    as_first, as_second = us.start_value(), 1.0 - opponent.start_value()
    return (as_first + as_second) / 2, as_first, as_second


def best_full_state(opponent=4, rules: Rules = FA19) -> FullStateResult:
    """The optimal state-based policy against `opponent` (a table or an int)."""
    start = time.perf_counter()
    them = Side.of_table(rules, as_table(opponent, rules.goal))
    us = Side.of_full_state(rules)
    policy = np.zeros((rules.goal, rules.goal, CHOICES, CHOICES), dtype=np.int8)
    for level in us.layout.levels:
        q = every_choice(rules, them, level)
        policy[level.score, level.opponent] = q.argmax(axis=1)
        us.values[level.cells] = q.max(axis=1).transpose(0, 2, 1)
        _opponent_turn(rules, them, us, level)
    return FullStateResult(*_rates(us, them), policy, time.perf_counter() - start)


def reach(rules: Rules, first: Side, second: Side):
    """How often each state is reached, both move orders weighted 1/2, per side:
    reached[cell, previous_opponent, previous_own] (the layout of Side.values)."""
    lay = first.layout
    reached = [np.zeros_like(first.values), np.zeros_like(second.values)]
    for mass in reached:
        mass[lay.cell[0, 0], 0, 0] = 0.5
    sides = (first, second)
    count = len(rules.extras)
    for level in reversed(lay.levels):
        for me in (0, 1):
            side, into = sides[me], reached[1 - me].reshape(-1, CHOICES)
            dice = side.dice[level.score, level.opponent]
            by_class = np.matmul(reached[me][level.cells], side.choosers[dice])
            dice_r = np.repeat(dice, count)
            points, probs = rules.turn_points(level.score_r, level.opponent_r, dice_r)
            cell = lay.leads_to[(level.score_r + level.extra_r)[:, None] + points,
                                level.opponent_r[:, None]]
            flows = probs[..., None] * by_class.transpose(0, 2, 1).reshape(len(dice_r), 1, CHOICES)
            np.add.at(into, (cell * CHOICES + dice_r[:, None]).reshape(-1), flows.reshape(-1, CHOICES))
    return reached


def best_scores_only(opponent=4, rules: Rules = FA19, start_table=None,
                     max_sweeps: int = 50) -> ScoresOnlyResult:
    """Coordinate ascent on a scores-only table against `opponent`.

    Starts from `start_table` (default: the full-state policy with both previous
    dice set to the opponent's K, or 4) and stops when a sweep changes nothing.
    """
    start = time.perf_counter()
    opponent = as_table(opponent, rules.goal)
    if start_table is None:
        typical = int(np.bincount(opponent.reshape(-1)).argmax())
        start_table = best_full_state(opponent, rules).policy[:, :, typical, typical]
    table = as_table(start_table, rules.goal).copy()
    history = []
    for _ in range(max_sweeps):
        us, them = solve_tables(rules, [table, opponent])
        history.append(_rates(us, them)[0])
        reached = reach(rules, us, them)[0]
        changed = 0
        for level in us.layout.levels:
            q = every_choice(rules, them, level)
            gain = np.einsum("lkmp,lpm->lk", q, reached[level.cells])
            current = table[level.score, level.opponent]
            best = gain.argmax(axis=1)
            better = gain[np.arange(len(best)), best] > gain[np.arange(len(best)), current] + 1e-15
            chosen = np.where(better, best, current)
            changed += int(better.sum())
            table[level.score, level.opponent] = chosen
            us.dice[level.score, level.opponent] = chosen
            us.values[level.cells] = q[np.arange(len(chosen)), chosen].transpose(0, 2, 1)
            _opponent_turn(rules, them, us, level)
        if not changed:
            break
    final = win_rate(table, opponent, rules)
    history.append(final.win_rate)
    return ScoresOnlyResult(final.win_rate, final.as_first, final.as_second, table, history,
                            time.perf_counter() - start)


DIGITS = "0123456789A"


def table_source(table, name: str = "FINAL_STRATEGY_TABLE") -> str:
    """Python source of `table` as one string per own score, one character per
    opponent score ('A' is 10), read back with int(char, 16)."""
    rows = ["".join(DIGITS[int(k)] for k in row) for row in np.asarray(table)]
    body = "\n".join(f"    '{row}',  # {score}" for score, row in enumerate(rows))
    return f"{name} = (\n{body}\n)\n"
