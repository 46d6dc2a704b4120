"""What running student code costs: a worker's round trip, its guard, its control group,
and the output capture, each as a ratio to the same thing without it.

- round trip: one trivial case in a fresh worker, under its guard (guard.py) against the
  worker started directly;
- sandbox: the same in bubblewrap, in a control group of its own against without;
- capture: N prints (plain, then DEBUG: lines) in the worker's Capture against the
  cap-only capture it replaced and a StringIO, in this process.

    python benchmarks/bench_runner.py [--runs N] [--prints N]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import tempfile
import time
from pathlib import Path

from grader.run import cgroups, worker
from grader.run.runner import CaseJob, Runner
from grader.run.sandbox import Sandbox, bwrap_problem


class Unguarded(Runner):
    """The worker started directly, as before the guard."""

    def command(self):
        return self.wrap([self.python, "-I", "-S", "-B", str(self.worker_path), "{fd}",
                          str(self.src), *self.preflight])


class CapOnly(io.TextIOBase):
    """The capture before DEBUG: lines were dropped in the worker: the first CAP
    characters kept, the rest counted."""

    def __init__(self, cap):
        self.cap, self.size, self.parts = cap, 0, []

    def writable(self):
        return True

    def write(self, text):
        room = self.cap - self.size
        if room > 0:
            self.parts.append(text[:room])
        self.size += len(text)
        return len(text)


def round_trip(runner_of, runs: int) -> float:
    times = []
    for _ in range(runs):
        runner = runner_of()
        started = time.perf_counter()
        list(runner.run([CaseJob(0, ["1\n"])]))
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def prints(stream, count: int, debug: bool) -> float:
    started = time.perf_counter()
    with contextlib.redirect_stdout(stream):
        for i in range(count):
            if debug:
                print("DEBUG:", "roll", i)
            else:
                print("roll", i)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--prints", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "hog.py").write_text("x = 1\n")
        plain = round_trip(lambda: Unguarded(src=folder, timeout=30), args.runs)
        guarded = round_trip(lambda: Runner(preflight=("hog",), src=folder, timeout=30), args.runs)
        print(f"worker round trip: {guarded * 1000:.0f} ms guarded, {plain * 1000:.0f} ms "
              f"direct: x{guarded / plain:.2f}")
        if bwrap_problem() is None:
            boxed = {}
            for label, group in (("no group", False), ("group", True)):
                if group and cgroups.problem() is not None:
                    print(f"no control groups here: {cgroups.problem()}")
                    break
                boxes = []

                def make(group=group):
                    box = Sandbox(folder, cgroup=group)
                    boxes.append(box)
                    return Runner(preflight=("hog",), src=box.src, wrap=box.wrap, timeout=30, clock=box.clock)
                boxed[label] = round_trip(make, args.runs)
                for box in boxes:
                    box.close()
            if len(boxed) == 2:
                print(f"sandboxed round trip: {boxed['group'] * 1000:.0f} ms in a control "
                      f"group, {boxed['no group'] * 1000:.0f} ms without: "
                      f"x{boxed['group'] / boxed['no group']:.2f}")
    for debug in (False, True):
        base = prints(io.StringIO(), args.prints, debug)
        old = prints(CapOnly(65536), args.prints, debug)
        captured = prints(worker.Capture(65536), args.prints, debug)
        kind = "DEBUG: lines" if debug else "plain prints"
        print(f"{args.prints} {kind}: {captured:.2f} s captured, {old:.2f} s with the cap "
              f"only (x{captured / old:.1f}), {base:.2f} s into a StringIO "
              f"(x{captured / base:.1f})")


if __name__ == "__main__":
    main()
