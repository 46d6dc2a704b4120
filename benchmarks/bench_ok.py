"""Time `grade` against the real ok client on the same case files, in one command.

    python benchmarks/bench_ok.py [--runs 7]

Makes a workspace holding the reference solution, installs ok (pip package `okpy`) and
this tree's grader (`pip install .`, as the README installs it) into cached virtual
environments, and prints the median wall time of each command and the
ratio grade/ok for one question (`-q 01`) and for every question; then, for a failing
run (the untouched template: every question fails, none times out), grade's time
against its own passing run and against ok's on the same template.
"""

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from grader import assignment
from grader import workspace

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "hog-grader"
OK_VENV = CACHE / "okvenv"
GRADE_VENV = CACHE / "gradevenv"
REPO = Path(__file__).resolve().parent.parent


def ok_command() -> Path:
    ok = OK_VENV / "bin" / "ok"
    if not ok.exists():
        subprocess.run([sys.executable, "-m", "venv", str(OK_VENV)], check=True)
        subprocess.run([str(OK_VENV / "bin" / "pip"), "install", "-q", "okpy"], check=True)
    return ok


def installed_grade() -> Path:
    """`grade` as the README installs it (`pip install .`, not editable), from this
    tree, in a cached virtual environment: an editable install's import finder costs
    every run ~8 ms no student pays. Reinstalled on every call (the tree changes);
    pip byte-compiles it, as for a student."""
    grade = GRADE_VENV / "bin" / "grade"
    if not grade.exists():
        subprocess.run([sys.executable, "-m", "venv", str(GRADE_VENV)], check=True)
        subprocess.run([str(GRADE_VENV / "bin" / "pip"), "install", "-q", str(REPO)], check=True)
    else:
        subprocess.run([str(GRADE_VENV / "bin" / "pip"), "install", "-q", "--no-deps",
                        "--force-reinstall", str(REPO)], check=True)
    return grade


def timed(command, cwd, env):
    """Wall time and CPU time (user + system, the command and its children) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def compare(first, second, cwd, env, runs, second_cwd=None):
    """Medians of (wall, cpu) for both commands (the second in SECOND_CWD when given),
    run alternately so that a machine whose speed drifts (a shared virtual machine)
    slows both alike."""
    results = {0: [], 1: []}
    where = (cwd, second_cwd or cwd)
    timed(first, where[0], env), timed(second, where[1], env)  # warm caches
    for _ in range(runs):
        for which, command in enumerate((first, second)):
            results[which].append(timed(command, where[which], env))
    return [(statistics.median(w for w, _ in results[k]), statistics.median(c for _, c in results[k]))
            for k in (0, 1)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    fa19 = assignment.load()
    ws = _workspace(fa19, fa19.reference / "hog.py")
    failing = _workspace(fa19, fa19.template / "hog.py")
    env = {**os.environ, "HOME": tempfile.mkdtemp(), "http_proxy": "http://127.0.0.1:9",
           "https_proxy": "http://127.0.0.1:9"}
    ok = [str(ok_command()), "--local", "--config", "bench.ok"]
    grade = [str(installed_grade())]
    for label, extra in (("-q 01", ["-q", "01"]), ("every question", [])):
        (ok_wall, ok_cpu), (grade_wall, grade_cpu) = compare(ok + extra, grade + extra, ws, env,
                                                             args.runs)
        print(f"{label:15} wall: ok {ok_wall:.3f} s, grade {grade_wall:.3f} s, "
              f"ratio {grade_wall / ok_wall:.2f}   "
              f"cpu: ok {ok_cpu:.3f} s, grade {grade_cpu:.3f} s, ratio {grade_cpu / ok_cpu:.2f}")
    (passing, _), (failed, _) = compare(grade, grade, ws, env, args.runs, second_cwd=failing)
    print(f"{'the template':15} wall: grade failing {failed:.3f} s against passing "
          f"{passing:.3f} s, ratio {failed / passing:.2f}")
    (ok_wall, _), (grade_wall, _) = compare(ok, grade, failing, env, args.runs)
    print(f"{'':15} wall: ok {ok_wall:.3f} s, grade {grade_wall:.3f} s on the template, "
          f"ratio {grade_wall / ok_wall:.2f}")


def _workspace(fa19, source: Path) -> Path:
    """A workspace holding SOURCE, with an ok configuration naming its case files."""
    ws = Path(tempfile.mkdtemp()) / "hog"
    workspace.init(fa19, ws)
    shutil.copy(source, ws / "hog.py")
    tests = {f"tests/{p.name}": "ok_test" for p in sorted((ws / "tests").glob("[0-9]*.py"))}
    (ws / "bench.ok").write_text(json.dumps({"name": fa19.name, "src": ["hog.py"], "tests": tests,
                                             "protocols": ["file_contents", "grading"]}))
    return ws


if __name__ == "__main__":
    main()
