"""1000 fuzz games of a correct `play` (the reference, run as a submission in the
worker), traced and compared with the reference: the whole judged case, against the
bare cost of playing the same games in plain Python in this process. CPU time (this
process and its children: the worker) is given beside wall time, as the machine may be
shared.

    python benchmarks/bench_fuzz.py [GAMES]
"""

import resource
import sys
import time

from grader import assignment
from grader.load import casefile
from grader.hog.fuzz import engine as fuzz
from grader.hog.fuzz import suite as fuzz_suite
from grader.run.runner import Runner
from grader.session import grade


def cpu() -> float:
    """CPU seconds of this process and of its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main(games: int = 1000) -> None:
    a = assignment.load()
    specs = fuzz.generate(1, games, feral_hogs=False, say=False)
    play = fuzz.reference_play(str(a.reference), a.module)
    strategies = [[(lambda c, x, y: lambda s, o: c[(x * s + y * o) % len(c)])(*st)
                   for st in spec["strategies"]] for spec in specs]
    started, started_cpu = time.perf_counter(), cpu()
    for spec, (s0, s1) in zip(specs, strategies):
        outcomes, index = spec["dice"], [-1]

        def dice():
            index[0] = (index[0] + 1) % len(outcomes)
            return outcomes[index[0]]
        play(s0, s1, score0=spec["score0"], score1=spec["score1"], dice=dice,
             goal=spec["goal"], feral_hogs=False)
    bare, bare_cpu = time.perf_counter() - started, cpu() - started_cpu

    question = casefile.load_questions(a.cases, ["05a"])[0]
    question.suites = [s for s in question.suites if s.type == "fuzz"]
    question.suites[0].raw = {**question.suites[0].raw, "games": games}
    fuzz_suite._live_traces.cache_clear()
    fuzz._reference_module.cache_clear()
    started, started_cpu = time.perf_counter(), cpu()
    result = grade([question], Runner(src=a.reference, preflight=(a.module,)),
                   respect_locks=False)
    judged, judged_cpu = time.perf_counter() - started, cpu() - started_cpu
    assert result.all_passed, result.questions[0].case_results[0].message
    print(f"{games} games, plain Python in-process: {bare:.3f} s ({bare_cpu:.3f} s CPU)")
    print(f"{games} fuzz games in the worker, traced and compared with the reference "
          f"(cold: worker start, reference import): {judged:.3f} s "
          f"({judged / bare:.1f}x the bare games); CPU {judged_cpu:.3f} s "
          f"({judged_cpu / bare_cpu:.1f}x)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
