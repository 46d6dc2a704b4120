"""Two `grade` commands timed alternately in one command: a change against the code
before it, on a machine whose speed drifts from hour to hour.

    python benchmarks/ab.py GRADE_A GRADE_B FOLDER RUNS [ARGS...]

GRADE_A and GRADE_B are `grade` executables (e.g. each revision pip-installed into a
venv of its own: `python3 -m venv /tmp/a && /tmp/a/bin/pip install .` in a checkout of
each); FOLDER is where both run `grade ARGS` (a workspace, an ok folder). Prints each
one's median and minimum wall time over RUNS runs (after one warm-up round, the order
alternating each round) and the ratio B/A of the medians.
"""

import statistics
import subprocess
import sys
import time


def main() -> None:
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    first, second, folder, runs, args = (sys.argv[1], sys.argv[2], sys.argv[3],
                                          int(sys.argv[4]), sys.argv[5:])
    times = {first: [], second: []}
    for round_ in range(runs + 1):
        for grade in ((first, second) if round_ % 2 else (second, first)):
            started = time.perf_counter()
            subprocess.run([grade, *args], cwd=folder, stdin=subprocess.DEVNULL,
                           capture_output=True)
            if round_:  # the first round warms the caches
                times[grade].append(time.perf_counter() - started)
    for grade in (first, second):
        print(f"{grade}: median {statistics.median(times[grade]) * 1000:.1f} ms, "
              f"min {min(times[grade]) * 1000:.1f} ms")
    print(f"ratio B/A of the medians: "
          f"{statistics.median(times[second]) / statistics.median(times[first]):.3f}")


if __name__ == "__main__":
    main()
