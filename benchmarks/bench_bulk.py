"""Throughput of `grade bulk` on a realistic class, against the limit of no isolation.

Generates a class of N Hog submissions (default 60) from the reference: 70% correct,
25% with one or two bugs (mutants of `grade mutate`, drawn with a fixed seed), 5%
hanging or crashing (a loop in roll_dice, an exit at import, unbounded recursion in
play). Grades it with the full staff cases, `--jobs 2`: sandboxed with control groups
(what `grade bulk` does by default), sandbox off, and the limit: the same cases run in
this one process with no isolation at all (doctest cases run by `doctest`, fuzz games
traced in-process, strategies read in-process), for the correct submissions only: a
buggy one whose games loop cannot be stopped in-process (the tracer records the alarm
as the game's error and plays on).

    python benchmarks/bench_bulk.py [--size 60] [--jobs 2] [--modes cgroups,plain,limit]
"""

from __future__ import annotations

import argparse
import doctest
import importlib.util
import io
import random
import shutil
import sys
import tempfile
import time
from contextlib import redirect_stdout
from pathlib import Path

from grader import assignment as assignments
from grader import mutate
from grader.bulk import grading as bulk
from grader.run import cgroups
from grader.run.sandbox import bwrap_problem

HANGING = [
    ("loops", "def roll_dice(num_rolls, dice=six_sided):\n    while True:\n        pass\n"),
    ("exits", "import os\nos._exit(3)\n"),
    ("recurses", "def play(*args, **kwargs):\n    return play(*args, **kwargs)\n"),
]


def make_class(root: Path, size: int, seed: int = 19) -> dict:
    """SIZE submissions in ROOT/ID/hog.py; returns {id: kind}."""
    fa19 = assignments.load()
    reference = (fa19.reference / "hog.py").read_text()
    questions = fa19.questions
    config = mutate.load_config(fa19)
    mutants = [m for m in mutate.generate(reference, questions, config) if m.source]
    rng = random.Random(seed)
    hanging = max(1, round(size * 0.05))
    buggy = round(size * 0.25)
    kinds = {}
    for index in range(size):
        ident = f"s{index:03d}"
        if index < hanging:
            name, code = HANGING[index % len(HANGING)]
            source, kind = reference + "\n" + code, f"hangs/crashes ({name})"
        elif index < hanging + buggy:
            first = rng.choice(mutants)
            source, kind = first.source, "one bug"
            if index % 3 == 0:  # a second bug, in another function
                others = [m for m in mutate.generate(first.source, questions, config)
                          if m.source and m.function != first.function]
                if others:
                    source, kind = rng.choice(others).source, "two bugs"
        else:
            source, kind = reference, "correct"
        (root / ident).mkdir(parents=True)
        (root / ident / "hog.py").write_text(source)
        kinds[ident] = kind
    return kinds


def bulk_rate(source: Path, sandbox: bool, use_cgroups: bool, jobs: int,
              timeout: float, kinds: dict) -> float:
    fa19 = assignments.load()
    questions = bulk.load_cases(fa19, None)
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
        started, cpu = time.perf_counter(), time.process_time()
        outcome = bulk.run(source, out, fa19, questions,
                           bulk.Settings(timeout=timeout, sandbox=sandbox, jobs=jobs,
                                         cgroups=use_cgroups))
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    finally:
        bulk.graded_record = graded
        shutil.rmtree(out)
    # the grader's own threads share one interpreter: its CPU per submission bounds the rate
    print(f"{'':28}{'sandbox + cgroups' if sandbox else 'no sandbox'}: the grader's own CPU "
          f"{1000 * cpu / len(outcome.records):.0f} ms a submission")
    by_kind: dict = {}
    for ident, seconds in took.items():
        by_kind.setdefault(kinds[ident].split(" (")[0], []).append(seconds)
    print(" " * 28 + "time in a slot: " + ", ".join(
        f"{kind} {1000 * sum(t) / len(t):.0f} ms" for kind, t in sorted(by_kind.items()))
        + f"; in all {sum(took.values()):.1f} s of slots")
    slowest = sorted(took.items(), key=lambda item: -item[1])[:5]
    print(" " * 28 + "slowest: " + ", ".join(f"{kinds[i]} {t:.1f} s" for i, t in slowest))
    return len(outcome.records) / elapsed


def _doctest_case(case, namespace: dict) -> bool:
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE, verbose=False)
    examples = [doctest.Example(e.source, e.want, e.exc_msg)
                for e in case.suite.setup_examples + case.examples]
    test = doctest.DocTest(examples, namespace, "case", None, 0, None)
    with redirect_stdout(io.StringIO()):
        return runner.run(test, out=lambda text: None).failed == 0


def in_process(folder: Path, fa19, questions, timeout: float = 2.0) -> None:
    """Every staff case of the submission in FOLDER, in this process, no isolation but
    a wall-clock limit per case (a mutant may loop), as the workers have."""
    from grader.hog.fuzz import engine as fuzz
    from grader.hog.fuzz import suite as fuzz_suite
    from grader.hog.strategy import table as strategy_table
    from grader.hog.strategy import winrate

    rules = fa19.rules()
    kind = fuzz_suite.FuzzKind(fa19)

    def run_case(case, module):
        if case.suite.type == "doctest":
            _doctest_case(case, dict(vars(module)))
        elif case.suite.type == "fuzz":
            _, specs, expected = kind.games(case)
            with redirect_stdout(io.StringIO()):
                got = fuzz.reference_traces(str(folder), specs, "hog", rules)
            fuzz.first_failing(expected, got, rules)
        elif case.suite.type == "winrate":
            read = strategy_table.read_table(module.final_strategy, "final_strategy")
            if "table" in read:
                winrate.win_rate(read["table"], 4, rules)

    sys.path[:0] = [str(folder), str(fa19.reference)]  # its support files: dice, ucb
    try:
        spec = importlib.util.spec_from_file_location(f"_bench_{folder.name}", folder / "hog.py")
        module = importlib.util.module_from_spec(spec)
        with strategy_table.time_limit(timeout), redirect_stdout(io.StringIO()):
            spec.loader.exec_module(module)
        for question in questions:
            for case in question.cases:
                try:
                    with strategy_table.time_limit(timeout):
                        run_case(case, module)
                except (Exception, strategy_table.OutOfTime):  # noqa: BLE001 the case fails
                    pass
    finally:
        del sys.path[:2]
        for loaded in ("dice", "ucb"):
            sys.modules.pop(loaded, None)


def limit_rate(source: Path, kinds: dict) -> tuple:
    fa19 = assignments.load()
    questions = bulk.load_cases(fa19, None)
    ran = [ident for ident, kind in sorted(kinds.items()) if kind == "correct"]
    in_process(source / ran[0], fa19, questions)  # reference traces and tables, built once
    started = time.perf_counter()
    for ident in ran:
        try:
            in_process(source / ident, fa19, questions)
        except BaseException as error:  # noqa: BLE001 its import failed: nothing more runs
            if isinstance(error, KeyboardInterrupt):
                raise
    return len(ran) / (time.perf_counter() - started), len(ran)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=2.0)
    parser.add_argument("--modes", default="cgroups,plain,limit")
    args = parser.parse_args()
    modes = args.modes.split(",")
    if "cgroups" in modes and (bwrap_problem() or cgroups.problem()):
        print(f"cannot benchmark the sandbox: {bwrap_problem() or cgroups.problem()}")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "class"
        kinds = make_class(source, args.size)
        mix = {k: list(kinds.values()).count(k) for k in sorted(set(kinds.values()))}
        print(f"class of {args.size}: " + ", ".join(f"{n} {k}" for k, n in mix.items()))
        print(f"jobs={args.jobs}, full staff cases, timeout {args.timeout:g} s")
        rates = {}
        if "cgroups" in modes:
            rates["sandbox + cgroups"] = bulk_rate(source, True, True, args.jobs, args.timeout,
                                                   kinds)
        if "plain" in modes:
            rates["no sandbox"] = bulk_rate(source, False, False, args.jobs, args.timeout, kinds)
        for label, rate in rates.items():
            print(f"{label:28}{rate:7.2f} submissions/s  {1000 / rate:7.0f} ms each "
                  f"(wall, {args.jobs} at a time)")
        if "limit" in modes:
            rate, count = limit_rate(source, kinds)
            print(f"{'one process, no isolation':28}{rate:7.2f} submissions/s  "
                  f"{1000 / rate:7.0f} ms each (one at a time; the {count} correct ones: "
                  "a looping mutant's fuzz games catch the alarm that would stop them)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
