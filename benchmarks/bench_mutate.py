"""Mutation testing of one edition's cases, uncached: the default run (questions the
table lets fail are not graded) against the full picture (`--every-question`), in the
same process. CPU time includes the worker processes, as the machine may be shared.

    python benchmarks/bench_mutate.py [EDITION]
"""

import resource
import sys
import time

from grader import assignment, mutate


def cpu() -> float:
    """CPU seconds of this process and of its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(edition: str, every_question: bool):
    a = assignment.load(edition)
    wall, used = time.perf_counter(), cpu()
    run = mutate.run(a, use_cache=False, every_question=every_question)
    return run, time.perf_counter() - wall, cpu() - used


def main(edition: str = "fa19") -> None:
    full, full_wall, full_cpu = timed(edition, True)
    cheap, cheap_wall, cheap_cpu = timed(edition, False)
    same = ({o.mutant.id for o in cheap.outcomes if o.killed}
            == {o.mutant.id for o in full.outcomes if o.killed}
            and len(cheap.cross_charges()) == len(full.cross_charges()))
    print(f"{edition}: {len(full.outcomes)} mutants")
    print(f"  every question: {full_wall:6.1f} s wall {full_cpu:6.1f} s CPU")
    print(f"  default:        {cheap_wall:6.1f} s wall {cheap_cpu:6.1f} s CPU")
    print(f"  ratio (every / default): {full_wall / cheap_wall:.2f} wall, "
          f"{full_cpu / cheap_cpu:.2f} CPU; same verdict: {same}")


if __name__ == "__main__":
    main(*sys.argv[1:])
