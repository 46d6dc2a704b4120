"""Time one exact win rate per edition (goal: <= 0.1 s each), the tables each edition's
rules are tabulated into (built once per process), and the plain memoised recursion of
tests/test_winrate.py on fa19's calibration game, in the same run.

Run: python benchmarks/bench_winrate.py [REPEATS]. Minimum and median CPU times are
printed: the minimum is the machine's speed, the median shows the noise of a shared
machine. Ratios are to the Fall 2019-only engine this one replaced, measured on this
machine before the change (same games, CPU minimum, load average 4.3): always_roll(6)
vs always_roll(4) 38.2 ms, a random table vs always_roll(4) 46.5 ms.
"""

import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from grader.hog import editions  # noqa: E402
from grader.hog.strategy.winrate import Game, win_rate  # noqa: E402
from test_winrate import plain_rates  # noqa: E402

EDITIONS = ("fa19", "su21", "sp14", "sp13", "sp18-contest")
BEFORE = {"always": 0.0382, "random": 0.0465}  # the fa19-only engine, CPU seconds


def cpu_times(fn, repeats):
    """(result, min CPU, median CPU): CPU time is what a busy machine inflates least."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        result = fn()
        times.append(time.process_time() - start)
    return result, min(times), statistics.median(times)


def main(repeats=15):
    table = np.random.default_rng(0).integers(0, 11, (100, 100))
    print(f"{'edition':14} {'build s':>8} {'6 vs 4 ms (min/med)':>21} {'ratio':>6} "
          f"{'random vs 4 ms':>16} {'ratio':>6}")
    worst = 0.0
    for name in EDITIONS:
        rules = editions.load(name)
        start = time.process_time()
        game = Game(rules)
        build = time.process_time() - start
        win_rate(6, 4, game)
        exact, best, median = cpu_times(lambda: win_rate(6, 4, game).win_rate, repeats)
        _, best_r, median_r = cpu_times(lambda: win_rate(table, 4, game), repeats)
        worst = max(worst, best, best_r)
        print(f"{name:14} {build:8.2f} {best * 1000:10.1f} /{median * 1000:7.1f} "
              f"{best / BEFORE['always']:6.2f} {best_r * 1000:7.1f} /{median_r * 1000:6.1f} "
              f"{best_r / BEFORE['random']:6.2f}   (6 vs 4: {exact:.7f})")
    start = time.process_time()
    first, second = plain_rates(editions.load("fa19"), np.full((100, 100), 6),
                                np.full((100, 100), 4), 100)
    plain = time.process_time() - start
    print(f"plain recursion over editions.turn, fa19 6 vs 4: {(first + second) / 2:.7f} in "
          f"{plain:.2f} s CPU (it visits only the memories always_roll can reach)")
    print(f"speed goal 0.1 s per rate: {'met' if worst <= 0.1 else 'NOT met'} "
          f"(slowest minimum {worst * 1000:.1f} ms; load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main(*map(int, sys.argv[1:2]))
