"""Round-robin strategy contest decided by exact win rates.

Every entry plays every other once; the exact win rate (both move orders averaged)
decides a match. A rate above 0.500001 earns a match point; anything else is a
loss, so a tie is a loss for both entries. Entries are ranked by match points.
One exact win rate gives both directions (the other is 1 minus it), so n entries
cost n(n-1)/2 evaluations, spread over worker processes.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

import numpy as np

from .winrate import Game, RulesLike, as_table, game, win_rate

WIN_THRESHOLD = 0.500001


@dataclass
class ContestResult:
    """matrix[i][j]: exact win rate of entry i against entry j (0.5 on the diagonal).
    ranking: (rank, team, match points) best first; equal points share a rank."""

    teams: List[str]
    matrix: np.ndarray
    points: List[int]
    ranking: List[Tuple[int, str, int]]
    seconds: float


_TABLES: Optional[np.ndarray] = None
_GAME: Optional[Game] = None


def _init(tables: np.ndarray, rules: Game) -> None:
    global _TABLES, _GAME
    _TABLES, _GAME = tables, rules


def _match(pair: Tuple[int, int]) -> Tuple[int, int, float]:
    i, j = pair
    return i, j, win_rate(_TABLES[i], _TABLES[j], _GAME).win_rate


def match_points(matrix: np.ndarray) -> List[int]:
    """Points of each entry: one per opponent beaten by more than the threshold."""
    wins = matrix > WIN_THRESHOLD
    np.fill_diagonal(wins, False)
    return [int(n) for n in wins.sum(axis=1)]


def rank(teams: Sequence[str], points: Sequence[int]) -> List[Tuple[int, str, int]]:
    """Best first; ties share the higher rank (1, 2, 2, 4) and are listed by name."""
    order = sorted(range(len(teams)), key=lambda i: (-points[i], teams[i]))
    ranking, previous, current = [], None, 0
    for position, i in enumerate(order, start=1):
        if points[i] != previous:
            current, previous = position, points[i]
        ranking.append((current, teams[i], points[i]))
    return ranking


def round_robin(entries: Sequence[Tuple[str, object]], rules: RulesLike = None,
                processes: Optional[int] = None) -> ContestResult:
    """Play every pair of (team name, table) entries under RULES (a rules module, an
    edition name or a Game; default fa19); tables as `as_table` takes them.

    processes: worker processes (default: the CPU count); a few matches run in
    this process. The rules are tabulated here, once, before the workers fork.
    """
    start = time.perf_counter()
    rules = game(rules)
    teams = [name for name, _ in entries]
    if len(set(teams)) != len(teams):
        raise ValueError("team names must be unique")
    tables = np.stack([as_table(table, rules.goal) for _, table in entries]).astype(np.int8)
    n = len(entries)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    matrix = np.full((n, n), 0.5)

    def fill(results):
        for i, j, rate in results:
            matrix[i, j], matrix[j, i] = rate, 1.0 - rate

    workers = min(processes or os.cpu_count() or 1, max(1, len(pairs) // 4))
    if workers == 1:
        _init(tables, rules)
        fill(map(_match, pairs))
    else:
        with _pool(workers, tables, rules) as pool:
            fill(pool.imap_unordered(_match, pairs, chunksize=max(1, len(pairs) // (workers * 20))))
    points = match_points(matrix)
    return ContestResult(teams, matrix, points, rank(teams, points), time.perf_counter() - start)


def _pool(workers: int, tables: np.ndarray, rules: Game):
    """Workers that receive the tables once, not with every match."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    return context.Pool(workers, initializer=_init, initargs=(tables, rules))
