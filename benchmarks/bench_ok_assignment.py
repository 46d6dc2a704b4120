"""Time `grade` against the real ok client on the course-shaped banks of examples/ok/, in
one command: the whole assignment (`--score`) with the solution in place.

    python benchmarks/bench_ok_assignment.py [--runs 7] [BANK ...]

Prints, per bank, the median wall and CPU time of each command, run alternately, and the
ratio grade/ok (issue 16's goal: at most 0.5 for a homework).
"""

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_ok import compare, installed_grade, ok_command  # noqa: E402

BANKS = Path(__file__).resolve().parent.parent / "examples" / "ok"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("banks", nargs="*", default=["hw02", "lab03", "lab05", "proj02b"])
    args = parser.parse_args()
    env = {**os.environ, "HOME": tempfile.mkdtemp(), "http_proxy": "http://127.0.0.1:9",
           "https_proxy": "http://127.0.0.1:9"}
    grade = [str(installed_grade()), "--score"]
    for bank in args.banks:
        folder = Path(tempfile.mkdtemp()) / bank
        shutil.copytree(BANKS / bank, folder, ignore=shutil.ignore_patterns("template"))
        config = next(folder.glob("*.ok")).name
        ok = [str(ok_command()), "--local", "--score", "--config", config]
        (ok_wall, ok_cpu), (grade_wall, grade_cpu) = compare(ok, grade, folder, env, args.runs)
        print(f"{bank:8} wall: ok {ok_wall:.3f} s, grade {grade_wall:.3f} s, "
              f"ratio grade/ok {grade_wall / ok_wall:.2f}   "
              f"cpu: ok {ok_cpu:.3f} s, grade {grade_cpu:.3f} s, ratio {grade_cpu / ok_cpu:.2f}")


if __name__ == "__main__":
    main()
