"""Throughput of `grade bulk`: submissions per second, sandbox on against off.

Grades a class of correct submissions (the reference) and a mixed class (correct,
template, wrong answers, syntax errors, one infinite loop) with the full staff cases,
`--jobs 2`, once with the sandbox and once without, in this process.

    python benchmarks/bench_bulk.py [--correct N] [--mixed N] [--jobs J]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

from grader import assignment as assignments
from grader.bulk import grading as bulk
from grader.run.sandbox import bwrap_problem


def make_class(root: Path, correct: int, broken: int) -> Path:
    fa19 = assignments.load()
    reference = (fa19.reference / "hog.py").read_text()
    kinds = [
        (fa19.template / "hog.py").read_text(),
        reference.replace("return 1 if pig_out else total", "return total"),
        "def roll_dice(:\n",
        reference + "\ndef free_bacon(score):\n    while True:\n        pass\n",
    ]
    for index in range(correct):
        (root / f"ok{index:04d}").mkdir(parents=True)
        (root / f"ok{index:04d}" / "hog.py").write_text(reference)
    for index in range(broken):
        source = kinds[index % len(kinds)] if index < len(kinds) else kinds[index % 3]
        (root / f"bad{index:04d}").mkdir(parents=True)
        (root / f"bad{index:04d}" / "hog.py").write_text(source)
    return root


def measure(source: Path, sandbox: bool, jobs: int, timeout: float) -> float:
    fa19 = assignments.load()
    questions = bulk.load_cases(fa19, None)
    out = Path(tempfile.mkdtemp(prefix="bench-out-"))
    try:
        started = time.perf_counter()
        outcome = bulk.run(source, out, fa19, questions,
                           bulk.Settings(timeout=timeout, sandbox=sandbox, jobs=jobs))
        elapsed = time.perf_counter() - started
    finally:
        shutil.rmtree(out)
    return len(outcome.records) / elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--correct", type=int, default=30)
    parser.add_argument("--mixed", type=int, default=30, help="size of the mixed class")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=2.0)
    args = parser.parse_args()
    if bwrap_problem():
        print(f"cannot benchmark the sandbox: {bwrap_problem()}")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        correct = make_class(Path(tmp) / "correct", args.correct, 0)
        mixed = make_class(Path(tmp) / "mixed", args.mixed // 2, args.mixed - args.mixed // 2)
        rows = []
        for name, source in (("correct", correct), ("mixed", mixed)):
            off = measure(source, False, args.jobs, args.timeout)
            on = measure(source, True, args.jobs, args.timeout)
            rows.append((name, on, off))
    print(f"jobs={args.jobs}, full staff cases, timeout {args.timeout:g} s "
          f"(budget {3 * args.timeout:g} s)")
    print(f"{'class':<10}{'sandbox on':>14}{'sandbox off':>14}{'on/off':>9}")
    for name, on, off in rows:
        print(f"{name:<10}{on:>11.2f}/s {off:>11.2f}/s {on / off:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
