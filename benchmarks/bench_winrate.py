"""Time one exact win rate (goal: <= 0.1 s) against the plain memoised recursion of
tests/test_winrate.py, both on always_roll(6) vs always_roll(4), in the same run.

Run: python benchmarks/bench_winrate.py [REPEATS]. Minimum and median are printed:
the minimum is the machine's speed, the median shows the noise of a shared machine.
"""

import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from grader.strategy.winrate import win_rate  # noqa: E402
from test_winrate import plain_win_rate  # noqa: E402


def timed(fn, repeats):
    """(result, min wall, median wall, min CPU): CPU time is what a shared, busy
    machine does not inflate."""
    times, cpu = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = fn()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return result, min(times), statistics.median(times), min(cpu)


def main(repeats=15):
    win_rate(6, 4)
    six, four = np.full((100, 100), 6), np.full((100, 100), 4)
    exact, best, median, cpu = timed(lambda: win_rate(six, four).win_rate, repeats)
    print(f"exact win rate, always_roll(6) vs (4): {exact:.7f}  wall min {best * 1000:.1f} ms, "
          f"median {median * 1000:.1f} ms over {repeats}; CPU min {cpu * 1000:.1f} ms")
    table = np.random.default_rng(0).integers(0, 11, (100, 100))
    _, best_random, median_random, cpu_random = timed(lambda: win_rate(table, four), repeats)
    print(f"random table vs always_roll(4): wall min {best_random * 1000:.1f} ms, "
          f"median {median_random * 1000:.1f} ms; CPU min {cpu_random * 1000:.1f} ms")
    plain, plain_time, _, plain_cpu = timed(lambda: plain_win_rate(six, four), 1)
    print(f"plain-Python memoised recursion: {plain:.7f} in {plain_time:.2f} s "
          f"({plain_cpu:.2f} s CPU) "
          f"(it only visits the previous-dice pairs always_roll can reach)")
    print(f"ratio plain / engine: {plain_cpu / cpu:.0f}x in CPU time; speed goal 0.1 s: "
          f"{'met' if best <= 0.1 else 'NOT met'} (load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main(*map(int, sys.argv[1:2]))
