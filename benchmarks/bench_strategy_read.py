"""Time reading strategies into tables as `grade contest` reads its entries (each in
its own sandbox, JOBS at a time), per entry: a constant strategy and the reference's
final_strategy, so the reading's own cost shows beside a strategy's.

Run: python benchmarks/bench_strategy_read.py [ENTRIES] [JOBS] [SANDBOX]. Prints wall
seconds per entry (median over ENTRIES reads of each kind) and CPU seconds per entry
(the grader's and its reaped children's: what a shared machine inflates least). The
CPU figure holds the child's only with SANDBOX 0 (bubblewrap's processes are not
reaped by the grader); it is then compared with BEFORE, measured on this machine with
the reader that took the child's whole table as one verdict, in the same runs
alternating with this one (load average 6 to 12): the questions and answers cost
about 1.15x its CPU, 10 ms an entry (wall: 1.0x to 1.3x, within the noise).
"""

import os
import resource
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader import assignment as assignments  # noqa: E402
from grader.run import cgroups  # noqa: E402
from grader.run.sandbox import bwrap_problem  # noqa: E402
from grader.hog.strategy import reader  # noqa: E402

BEFORE = {"constant": 0.046, "reference": 0.065}  # CPU s per entry, SANDBOX 0


def kinds(assignment):
    return {"constant": "TEAM_NAME = 'six'\ndef final_strategy(score, opponent):\n    return 6\n",
            "reference": (assignment.reference / assignment.source).read_text()}


def cpu_seconds():
    return sum(usage.ru_utime + usage.ru_stime for usage in
               map(resource.getrusage, (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)))


def main(entries=6, jobs=2, sandbox=1):
    assignment = assignments.load()
    sandbox = bool(sandbox) and bwrap_problem() is None
    cgroup = sandbox and cgroups.problem() is None
    with tempfile.TemporaryDirectory() as tmp:
        for kind, text in kinds(assignment).items():
            paths = []
            for i in range(entries):
                path = Path(tmp) / f"{kind}{i}.py"
                path.write_text(text)
                paths.append(path)
            before = cpu_seconds()
            reads = reader.read_many(paths, assignment, jobs=jobs, sandbox=sandbox,
                                     cgroup=cgroup)
            assert all(read.valid for read in reads), [read.error for read in reads]
            cpu = (cpu_seconds() - before) / entries
            median = statistics.median(read.seconds for read in reads)
            ratio = "" if sandbox else f", {cpu / BEFORE[kind]:.2f}x before"
            print(f"{kind}: {median:.3f} s wall, {cpu:.3f} s CPU per entry{ratio} (median of "
                  f"{entries}, {jobs} at a time, sandbox {sandbox}, cgroup {cgroup}); load "
                  f"average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main(*map(int, sys.argv[1:4]))
