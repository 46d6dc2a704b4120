"""Best responses to a fixed strategy (always_roll(K) or a table), computed exactly with
the win-rate engine, for any edition's rules.

Two answers, because a strategy may only see the two scores:
- `best_full_state`: the optimal policy when the memory of the game (fa19's previous
  dice, sp18's turn counter) may be used too. Against a fixed opponent the game is
  then an MDP on a DAG, solved by one backward sweep taking the best dice count in
  every state. Its win rate bounds from above what any strategy can reach.
- `best_scores_only`: a table of the two scores only. The memory is hidden state, so
  this is not an MDP, and the answer is a local optimum found by coordinate ascent,
  not a proven optimum. For one score pair the exact gain of switching to k dice is
  the sum, over the memories, of how often the pair is reached times the value of k
  there. Reach depends only on choices at lower score sums and values only on choices
  at higher sums, so one sweep from the highest sum down, with reach computed before
  the sweep, improves the exact win rate at every switch. Sweeps repeat until no pair
  changes. Without memory (su21, sp13, sp14) the two answers coincide.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, List, Optional

import numpy as np

from .winrate import (CHOICES, Game, RulesLike, as_table, evaluate, follow, game,
                      solve_tables, win_rate)


@dataclass
class FullStateResult:
    """policy[score, opponent, slot] -> dice; `memories[slot]` is the memory of a slot
    (None for padding)."""

    win_rate: float
    as_first: float
    as_second: float
    policy: np.ndarray
    memories: list
    seconds: float


@dataclass
class ScoresOnlyResult:
    """table[score, opponent] -> dice, its exact win rate, and the ascent's history."""

    win_rate: float
    as_first: float
    as_second: float
    table: np.ndarray
    history: list  # win rate before each sweep, then the final one
    seconds: float


def every_choice(g: Game, values: np.ndarray, start: int, stop: int, side: int = 0) -> np.ndarray:
    """q[pair, dice asked, slot]: SIDE's value of asking for each dice count at the cells
    START:STOP, reading the values of higher levels."""
    n = stop - start
    cells = np.repeat(np.arange(start, stop), CHOICES)
    asked = np.tile(np.arange(CHOICES), n)
    dice = g.dice[cells, asked]
    w = int(g.widths[g.face[cells], dice].max())
    q = evaluate(g, values, np.full(len(cells), side), cells, asked, dice, w)
    return q.reshape(n, CHOICES, g.slots)


def _table_side(g: Game, values: np.ndarray, side: int, start: int, stop: int,
                asked: np.ndarray, dice: np.ndarray) -> None:
    cells = np.arange(start, stop)
    w = int(g.widths[g.face[cells], dice[start:stop]].max())
    values[side, start:stop] = evaluate(g, values, np.full(len(cells), side), cells,
                                        asked[start:stop], dice[start:stop], w)


def _bound(g: Game, table: np.ndarray):
    asked = table[g.score, g.opponent]
    return asked, g.dice[np.arange(g.cells), asked]


def _rates(g: Game, values: np.ndarray):
    as_first, as_second = g.start_value(values, 0), 1.0 - g.start_value(values, 1)
    return (as_first + as_second) / 2, as_first, as_second


def best_full_state(opponent=4, rules: RulesLike = None, goal: Optional[int] = None) -> FullStateResult:
    """The optimal policy over scores and memory against OPPONENT (a table or an int)."""
    g = game(rules, goal)
    start_time = time.perf_counter()
    asked, dice = _bound(g, as_table(opponent, g.goal))
    values = g.new_values()
    policy = np.zeros((g.goal, g.goal, g.slots), dtype=np.int8)
    for start, stop in g.levels:
        q = every_choice(g, values, start, stop)
        policy[g.score[start:stop], g.opponent[start:stop]] = q.argmax(axis=1)
        values[0, start:stop] = q.max(axis=1)
        _table_side(g, values, 1, start, stop, asked, dice)
    return FullStateResult(*_rates(g, values), policy, g.slot_memory,
                           time.perf_counter() - start_time)


def reach(g: Game, tables) -> np.ndarray:
    """mass[side, cell, slot]: how often each side is the mover in each state, the two
    move orders weighted 1/2 each (the layout of the values)."""
    mass = g.new_values() * 0.0
    mass[:, g.cell[0, 0], g.start_slot] = 0.5
    flat = mass.reshape(-1, g.width)
    bound = [_bound(g, as_table(t, g.goal)) for t in tables]
    bins_per_row = g.classes * g.parts * g.width
    for start, stop in reversed(g.levels):
        n = stop - start
        cells = np.concatenate([np.arange(start, stop)] * 2)
        side = np.repeat([0, 1], n)
        asked = np.concatenate([b[0][start:stop] for b in bound])
        dice = np.concatenate([b[1][start:stop] for b in bound])
        w = int(g.widths[g.face[cells], dice].max())
        slab, chance, again = follow(g, side, cells, asked, dice, w)
        here = mass[:, start:stop].reshape(2 * n, g.slots)
        offsets = (np.arange(2 * n) * bins_per_row)[:, None]
        bins = np.zeros(2 * n * bins_per_row)
        for part in range(g.parts):
            bins += np.bincount((g.pick[dice, part] + offsets).ravel(), weights=here.ravel(),
                                minlength=len(bins))
        bins = bins.reshape(2 * n, g.classes, g.parts, g.width)
        flow = chance[:, None, :, None] * bins[:, :, None, 0, :]  # (R, classes, w, width)
        if g.parts == 2:
            flow = np.where(again[..., None], chance[:, None, :, None] * bins[:, :, None, 1, :],
                            flow)
        targets, where = np.unique(slab.reshape(-1), return_inverse=True)
        columns = (where.reshape(-1, 1) * g.width + np.arange(g.width)).reshape(-1)
        flat[targets] += np.bincount(columns, weights=flow.reshape(-1),
                                     minlength=len(targets) * g.width).reshape(-1, g.width)
    mass[:, g.cells:] = 0.0
    return mass


def best_scores_only(opponent=4, rules: RulesLike = None, start_table=None,
                     max_sweeps: int = 50, goal: Optional[int] = None,
                     on_sweep: Optional[Callable[[int, float, int], None]] = None) -> ScoresOnlyResult:
    """Coordinate ascent on a scores-only table against OPPONENT.

    Starts from START_TABLE (default: the full-state policy at the game's starting
    memory) and stops when a sweep changes nothing, or after MAX_SWEEPS. ON_SWEEP
    (sweep number, win rate before it, pairs changed) is called after each sweep.
    """
    g = game(rules, goal)
    start_time = time.perf_counter()
    opponent = as_table(opponent, g.goal)
    if start_table is None:
        start_table = best_full_state(opponent, g).policy[:, :, g.start_slot]
    table = as_table(start_table, g.goal).copy()
    their_asked, their_dice = _bound(g, opponent)
    history: List[float] = []
    for sweep in range(max_sweeps):
        values = solve_tables(g, [table, opponent])
        history.append(_rates(g, values)[0])
        reached = reach(g, [table, opponent])[0]
        changed = 0
        for start, stop in g.levels:
            q = every_choice(g, values, start, stop)
            gain = np.einsum("pks,ps->pk", q, reached[start:stop])
            pairs = np.arange(stop - start)
            s, o = g.score[start:stop], g.opponent[start:stop]
            current = table[s, o]
            best = gain.argmax(axis=1)
            better = gain[pairs, best] > gain[pairs, current] + 1e-15
            chosen = np.where(better, best, current)
            changed += int(better.sum())
            table[s, o] = chosen
            values[0, start:stop] = q[pairs, chosen]
            _table_side(g, values, 1, start, stop, their_asked, their_dice)
        if on_sweep is not None:
            on_sweep(sweep + 1, history[-1], changed)
        if not changed:
            break
    final = win_rate(table, opponent, g)
    history.append(final.win_rate)
    return ScoresOnlyResult(final.win_rate, final.as_first, final.as_second, table, history,
                            time.perf_counter() - start_time)


DIGITS = "0123456789A"


def table_source(table, name: str = "FINAL_STRATEGY_TABLE") -> str:
    """Python source of `table` as one string per own score, one character per
    opponent score ('A' is 10), read back with int(char, 16)."""
    rows = ["".join(DIGITS[int(k)] for k in row) for row in np.asarray(table)]
    body = "\n".join(f"    '{row}',  # {score}" for score, row in enumerate(rows))
    return f"{name} = (\n{body}\n)\n"
