"""The exact win-rate engine against a plain recursion written from the spec, and
against the reference `play` by sampling."""

import random
import sys
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from grader.strategy.optimal import best_full_state, best_scores_only, table_source
from grader.strategy.winrate import FA19, fa19, roll_distribution, table_strategy, win_rate

REFERENCE = Path(__file__).resolve().parents[1] / "reference" / "fa19"


def reference_hog():
    sys.path.insert(0, str(REFERENCE))
    try:
        import hog
    finally:
        sys.path.remove(str(REFERENCE))
    return hog


def plain_roll_distribution(k):
    """{turn score: probability} for k > 0 dice: any 1 scores 1, else the sum."""
    no_ones = {0: 1.0}
    for _ in range(k):
        nxt = {}
        for total, p in no_ones.items():
            for face in range(2, 7):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / 6
        no_ones = nxt
    no_ones[1] = 1 - (5 / 6) ** k
    return no_ones


def digit_product(score):
    return int(str(score)[0]) * int(str(score)[-1])


def plain_first_player_wins(table0, table1, goal=100, best_for=None):
    """Chance that player 0 (table0, moving first) wins: a memoised recursion over
    (who, score0, score1, previous dice of each), straight from the Fall 2019 spec.
    Player `best_for`, if given, ignores its table and rolls what is best for it."""
    dists = {k: plain_roll_distribution(k) for k in range(1, 11)}
    tables = (table0, table1)

    def after(who, k, score0, score1, prev0, prev1):
        mine, theirs = (score0, score1) if who == 0 else (score1, score0)
        if k == 0:
            outcomes = {10 - min(theirs // 10, theirs % 10): 1.0}
        else:
            outcomes = dists[k]
        prev = prev0 if who == 0 else prev1
        feral = 3 if abs(k - prev) == 2 else 0
        total = 0.0
        for points, p in outcomes.items():
            new = mine + points + feral
            s0, s1 = (new, theirs) if who == 0 else (theirs, new)
            if digit_product(s0) == digit_product(s1):
                s0, s1 = s1, s0
            p0, p1 = (k, prev1) if who == 0 else (prev0, k)
            total += p * wins(1 - who, s0, s1, p0, p1)
        return total

    @lru_cache(maxsize=None)
    def wins(who, score0, score1, prev0, prev1):
        if score0 >= goal or score1 >= goal:
            return 1.0 if score0 > score1 else 0.0
        if who == best_for:
            chances = [after(who, k, score0, score1, prev0, prev1) for k in range(11)]
            return max(chances) if who == 0 else min(chances)
        mine, theirs = (score0, score1) if who == 0 else (score1, score0)
        return after(who, int(tables[who][mine][theirs]), score0, score1, prev0, prev1)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20000))
    try:
        return wins(0, 0, 0, 0, 0)
    finally:
        sys.setrecursionlimit(limit)


def plain_win_rate(table, opponent, goal=100):
    """Average of the two move orders, as `average_win_rate` defines it."""
    as_first = plain_first_player_wins(table, opponent, goal)
    as_second = 1 - plain_first_player_wins(opponent, table, goal)
    return (as_first + as_second) / 2


def constant(k, goal=100):
    return np.full((goal, goal), k)


def test_calibration_figures():
    assert round(win_rate(6, 4).win_rate, 7) == 0.5537917
    assert win_rate(4, 4).win_rate == pytest.approx(0.5, abs=1e-12)


def test_matches_plain_recursion_always_roll():
    exact = win_rate(6, 4)
    first = plain_first_player_wins(constant(6), constant(4))
    second = 1 - plain_first_player_wins(constant(4), constant(6))
    assert (exact.as_first, exact.as_second) == pytest.approx((first, second), abs=1e-12)
    assert exact.win_rate == pytest.approx((first + second) / 2, abs=1e-12)


@pytest.mark.parametrize("seed", [0, 1])
def test_matches_plain_recursion_random_tables(seed):
    goal = 30
    rng = np.random.default_rng(seed)
    table = rng.integers(0, 11, (goal, goal))
    opponent = rng.integers(0, 11, (goal, goal))
    exact = win_rate(table, opponent, fa19(goal))
    assert exact.win_rate == pytest.approx(plain_win_rate(table, opponent, goal), abs=1e-12)


def test_swap_and_feral_hogs_matter_in_the_small():
    goal = 25
    table = np.array([[(s * 7 + o * 3) % 11 for o in range(goal)] for s in range(goal)])
    exact = win_rate(table, constant(2, goal), fa19(goal))
    assert exact.as_first == pytest.approx(
        plain_first_player_wins(table, constant(2, goal), goal), abs=1e-12)


def test_symmetry():
    rng = np.random.default_rng(7)
    table = rng.integers(0, 11, (100, 100))
    other = rng.integers(0, 11, (100, 100))
    forward, backward = win_rate(table, other), win_rate(other, table)
    assert forward.win_rate + backward.win_rate == pytest.approx(1.0, abs=1e-12)
    assert forward.as_first == pytest.approx(1 - backward.as_second, abs=1e-12)
    assert win_rate(table, table).win_rate == pytest.approx(0.5, abs=1e-12)


def test_roll_distribution_is_exact():
    for k in range(1, 11):
        dist = roll_distribution(k)
        assert sum(dist.values()) == 1
        plain = plain_roll_distribution(k)
        assert {t: float(p) for t, p in dist.items()} == pytest.approx(plain, abs=1e-15)


def test_three_digit_swap_at_game_end():
    assert FA19.swap(np.array([124, 28, 44, 10, 2]), np.array([2, 4, 28, 0, 4])).tolist() == [
        True, True, True, True, False]


def test_monte_carlo_with_reference_play():
    hog = reference_hog()
    rng = np.random.default_rng(3)
    table = rng.choice([0, 3, 5, 6, 8], size=(100, 100))
    strategy, baseline = table_strategy(table), hog.always_roll(4)
    random.seed(61)
    samples = 3000
    first = 1 - hog.make_averaged(hog.winner, samples)(strategy, baseline)
    second = hog.make_averaged(hog.winner, samples)(baseline, strategy)
    exact = win_rate(table, 4)
    assert first == pytest.approx(exact.as_first, abs=0.04)
    assert second == pytest.approx(exact.as_second, abs=0.04)
    assert (first + second) / 2 == pytest.approx(exact.win_rate, abs=0.03)


def test_full_state_best_response_is_optimal():
    goal = 12
    best = best_full_state(3, fa19(goal))
    opponent = constant(3, goal)
    assert best.as_first == pytest.approx(
        plain_first_player_wins(None, opponent, goal, best_for=0), abs=1e-12)
    assert best.as_second == pytest.approx(
        1 - plain_first_player_wins(opponent, None, goal, best_for=1), abs=1e-12)


def test_scores_only_ascent_improves_and_is_exact():
    rules = fa19(30)
    result = best_scores_only(4, rules, start_table=4)
    assert result.history[0] == pytest.approx(0.5, abs=1e-12)
    assert all(b >= a - 1e-12 for a, b in zip(result.history, result.history[1:]))
    assert result.win_rate == pytest.approx(win_rate(result.table, 4, rules).win_rate, abs=1e-12)
    assert result.win_rate <= best_full_state(4, rules).win_rate + 1e-12


def test_reference_final_strategy_is_the_stored_table():
    hog = reference_hog()
    table = [[hog.final_strategy(s, o) for o in range(100)] for s in range(100)]
    assert all(type(k) is int for row in table for k in row)
    assert win_rate(table, 4).win_rate > 0.84
    namespace = {}
    exec(table_source(table), namespace)
    assert [[int(c, 16) for c in row] for row in namespace["FINAL_STRATEGY_TABLE"]] == table
