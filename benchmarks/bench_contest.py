"""Time a round robin of N random-ish entries and extrapolate to 100 entries (4950
matches; goal: under 5 minutes on 2 cores).

Run: python benchmarks/bench_contest.py [N] [PROCESSES] [EDITION]. The extrapolation is
matches x measured wall time per match: the per-match cost does not depend on the
tables, and pool start-up is counted in the measurement, so it slightly overstates.
On a shared machine wall time also counts other people's load, so the CPU time the
workers used is reported too, with what it gives on two idle cores.
"""

import os
import resource
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from grader.hog import editions  # noqa: E402
from grader.hog.strategy.contest import round_robin  # noqa: E402


def entries(n, rules, seed=0):
    """Constant, threshold-like (roll 0 when the edition's zero-dice rule pays enough)
    and noisy tables, like real submissions."""
    rng = np.random.default_rng(seed)
    bacon = np.array([rules.points(0, 0, 0, o) for o in range(100)])
    out = []
    for i in range(n):
        kind = i % 3
        if kind == 0:
            table = np.full((100, 100), rng.integers(3, 8))
        elif kind == 1:
            table = np.where(bacon[None, :] >= rng.integers(6, 10), 0, rng.integers(3, 8))
            table = np.broadcast_to(table, (100, 100))
        else:
            table = rng.integers(0, 11, (100, 100))
        out.append((f"team {i:03d}", table))
    return out


def cpu_seconds():
    """User + system CPU of this process and its reaped children (the pool workers)."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def main(n=24, processes=None, edition="fa19"):
    processes = processes or os.cpu_count()
    rules = editions.load(edition)
    before = cpu_seconds()
    result = round_robin(entries(n, rules), rules, processes=processes)
    cpu = cpu_seconds() - before
    matches = n * (n - 1) // 2
    per_match = result.seconds / matches
    print(f"{edition}: {n} entries, {matches} matches, {processes} processes: {result.seconds:.1f} s wall "
          f"({per_match * 1000:.1f} ms wall per match), {cpu / matches * 1000:.1f} ms CPU per match, "
          f"load average now {os.getloadavg()[0]:.1f}")
    full = 4950 * per_match
    print(f"extrapolated to 100 entries (4950 matches): {full:.0f} s wall as measured "
          f"({'within' if full < 300 else 'OVER'} the 5-minute goal); "
          f"{4950 * cpu / matches / 2:.0f} s on 2 idle cores")
    print("top 3:", result.ranking[:3])


if __name__ == "__main__":
    main(*map(int, sys.argv[1:3]), *sys.argv[3:4])
