"""Throughput of `grade bulk --assignment DIR` on a generated class of an ok homework,
against the limit of no isolation.

Generates a class of N submissions (default 60) from the folder's solution: 70%
correct, 25% with one or two bugs (mutants of `grade mutate`, drawn with a fixed seed),
5% hanging or crashing (a function that loops, an exit at import, a function that
recurses without end). Grades it as `grade bulk` does (the tests `ok --score` grades),
`--jobs 2`: sandboxed with control groups (the default), sandbox off, and the limit:
the same cases run in this one process by `doctest`, no isolation at all (the correct
submissions only: a looping mutant cannot be stopped in-process). Prints the rates and
the cost of one submission.

    python benchmarks/bench_bulk_ok.py [--assignment examples/ok/hw02] [--size 60]
        [--jobs 2] [--modes cgroups,plain,limit] [--verdicts] [--stop-repeated-loops]

--verdicts also checks that every mode gives the same verdicts (what a speed-up must keep).
"""

from __future__ import annotations

import argparse
import doctest
import importlib
import io
import json
import random
import shutil
import sys
import tempfile
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from grader import assignment as assignments
from grader import mutate
from grader.bulk import grading as bulk
from grader.load import doctests
from grader.run import cgroups
from grader.run.sandbox import bwrap_problem

HOMEWORK = Path(__file__).resolve().parent.parent / "examples" / "ok" / "hw02"


def hanging(source: str, index: int) -> tuple:
    """The solution with a function that loops, an exit at import, or a function
    that recurses without end (by INDEX)."""
    names = [t.name for t in doctests.discover(source) if "." not in t.name]
    kind = index % 3
    if kind == 0:
        return "loops", source + f"\n\ndef {names[0]}(*args, **kwargs):\n    while True:\n        pass\n"
    if kind == 1:
        return "exits", source + "\n\nimport os\nos._exit(3)\n"
    return "recurses", source + (f"\n\ndef {names[-1]}(*args, **kwargs):\n"
                                 f"    return {names[-1]}(*args, **kwargs)\n")


def make_class(homework, root: Path, size: int, seed: int = 16) -> dict:
    """SIZE submissions in ROOT/ID/<source>; returns {id: kind}."""
    name = homework.sources[0]
    solution = (Path(homework.folder) / name).read_text()
    mutants = [m for m in mutate.ok_mutants(homework) if m.source and m.file == name]
    rng = random.Random(seed)
    hangs = max(1, round(size * 0.05))
    buggy = round(size * 0.25)
    kinds = {}
    for index in range(size):
        ident = f"s{index:03d}"
        if index < hangs:
            what, source = hanging(solution, index)
            kind = f"hangs/crashes ({what})"
        elif index < hangs + buggy:
            first = rng.choice(mutants)
            source, kind = first.source, "one bug"
            if index % 3 == 0:  # a second bug, in another function
                others = [m for m in mutate.generate(first.source, homework.questions,
                                                     mutate.Config(), whole_functions=True)
                          if m.source and m.function != first.function]
                if others:
                    source, kind = rng.choice(others).source, "two bugs"
        else:
            source, kind = solution, "correct"
        (root / ident).mkdir(parents=True)
        (root / ident / name).write_text(source)
        kinds[ident] = kind
    return kinds


def bulk_run(homework, source: Path, sandbox: bool, use_cgroups: bool, jobs: int,
             timeout: float, stop_repeated_loops: bool = False) -> tuple:
    """(submissions a second, {id: {question: status}}, {id: seconds in its slot})."""
    questions = bulk.load_cases(homework, None)
    out = Path(tempfile.mkdtemp(prefix="bench-out-"))
    took, graded = {}, bulk.graded_record

    def timed(submission, *args, **kwargs):
        started = time.perf_counter()
        try:
            return graded(submission, *args, **kwargs)
        finally:
            took[submission.id] = time.perf_counter() - started

    bulk.graded_record = timed
    try:
        started = time.perf_counter()
        outcome = bulk.run(source, out, homework, questions,
                           bulk.Settings(timeout=timeout, sandbox=sandbox, jobs=jobs,
                                         cgroups=use_cgroups,
                                         stop_repeated_loops=stop_repeated_loops))
        elapsed = time.perf_counter() - started
    finally:
        bulk.graded_record = graded
        shutil.rmtree(out)
    verdicts = {r["id"]: {k: q["status"] for k, q in r["questions"].items()}
                for r in outcome.records}
    return len(outcome.records) / elapsed, verdicts, took


def in_process(folder: Path, questions) -> None:
    """Every staff case of the submission in FOLDER, run by doctest in this process
    (no isolation, no timeout: the correct submissions only)."""
    sys.path.insert(0, str(folder))
    own = set(sys.modules)
    try:
        for question in questions:
            for suite in question.suites:
                for case in suite.cases:
                    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
                    examples = [doctest.Example(e.source, e.want)
                                for e in suite.setup_examples + case.examples]
                    test = doctest.DocTest(examples, {"__name__": "__bench__"}, "case", None,
                                           0, None)
                    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
                        runner.run(test, out=lambda text: None)
    finally:
        sys.path.remove(str(folder))
        for name in set(sys.modules) - own:
            del sys.modules[name]
        importlib.invalidate_caches()


def limit_rate(homework, source: Path, kinds: dict) -> tuple:
    from grader.okfolder import write_grading_folder
    questions = bulk.load_cases(homework, None)
    ran = [ident for ident, kind in sorted(kinds.items()) if kind == "correct"]
    staged = Path(tempfile.mkdtemp(prefix="bench-limit-"))
    try:
        folders = []
        for ident in ran:
            folder = staged / ident
            files = {name: (source / ident / name).read_bytes() for name in homework.sources}
            write_grading_folder(homework, folder, files)
            folders.append(folder)
        in_process(folders[0], questions)  # warm: doctest's own first use
        started = time.perf_counter()
        for folder in folders:
            in_process(folder, questions)
        return len(ran) / (time.perf_counter() - started), len(ran)
    finally:
        shutil.rmtree(staged)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--assignment", type=Path, default=HOMEWORK)
    parser.add_argument("--size", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=2.0)
    parser.add_argument("--modes", default="cgroups,plain,limit")
    parser.add_argument("--stop-repeated-loops", action="store_true",
                        help="grade as `grade bulk --stop-repeated-loops` does")
    parser.add_argument("--verdicts", action="store_true",
                        help="check that the graded modes agree on every verdict")
    args = parser.parse_args()
    modes = args.modes.split(",")
    if "cgroups" in modes and (bwrap_problem() or cgroups.problem()):
        print(f"cannot benchmark the sandbox: {bwrap_problem() or cgroups.problem()}")
        return 2
    homework = assignments.load(path=args.assignment)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "class"
        kinds = make_class(homework, source, args.size)
        mix = {k: list(kinds.values()).count(k) for k in sorted(set(kinds.values()))}
        print(f"{homework.name}, class of {args.size}: "
              + ", ".join(f"{n} {k}" for k, n in mix.items()))
        print(f"jobs={args.jobs}, the tests ok --score grades, timeout {args.timeout:g} s")
        rates, verdicts, took = {}, {}, {}
        for mode, label, sandbox, use_cgroups in (("cgroups", "sandbox + cgroups", True, True),
                                                  ("plain", "no sandbox", False, False)):
            if mode in modes:
                rates[label], verdicts[label], took[label] = bulk_run(
                    homework, source, sandbox, use_cgroups, args.jobs, args.timeout,
                    args.stop_repeated_loops)
        for label, rate in rates.items():
            print(f"{label:28}{rate:7.2f} submissions/s  {1000 / rate:7.0f} ms each "
                  f"(wall, {args.jobs} at a time)")
            by_kind = {}
            for ident, seconds in took[label].items():
                by_kind.setdefault(kinds[ident].split(" (")[0], []).append(seconds)
            print(" " * 28 + "time in a slot: " + ", ".join(
                f"{kind} {1000 * sum(t) / len(t):.0f} ms" for kind, t in sorted(by_kind.items()))
                + f"; the slowest {max(took[label].values()):.1f} s")
            slowest = sorted(took[label].items(), key=lambda item: -item[1])[:4]
            print(" " * 28 + f"in all {sum(took[label].values()):.1f} s of slots; slowest: "
                  + ", ".join(f"{kinds[i]} {t:.2f} s" for i, t in slowest))
        if "limit" in modes:
            rate, count = limit_rate(homework, source, kinds)
            print(f"{'one process, no isolation':28}{rate:7.2f} submissions/s  "
                  f"{1000 / rate:7.1f} ms each (one at a time; the {count} correct ones)")
        if args.verdicts and len(verdicts) > 1:
            first, *others = verdicts.values()
            differ = sorted(i for v in others for i in first if v.get(i) != first[i])
            print("verdicts: " + ("the same in every mode" if not differ else
                                  f"differ for {', '.join(differ)}: "
                                  + json.dumps({i: [v[i] for v in verdicts.values()]
                                                for i in differ[:3]})))
    return 0


if __name__ == "__main__":
    sys.exit(main())
