"""What `grade` costs before a student's first case: the worker's script runs from the
bytecode compiled beside it, and the student's own command lines need no staff library."""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from conftest import run_grade
from grader.run import process as processes, runner
from grader.run.sandbox import bwrap_problem


def _with_bytecode(tmp_path: Path, source: str, cached: str) -> Path:
    """A script whose cached bytecode (valid for its timestamp and size, as pip writes
    it) says something else than its source: which one ran shows which was used."""
    script = tmp_path / "script.py"
    script.write_text(source)
    pyc = Path(importlib.util.cache_from_source(str(script)))
    pyc.parent.mkdir()
    stat = script.stat()
    code = compile(cached, str(script), "exec")
    data = importlib._bootstrap_external._code_to_timestamp_pyc(code, int(stat.st_mtime),
                                                                stat.st_size)
    pyc.write_bytes(data)
    return script


def _guarded(script: Path, *args: str) -> str:
    read_fd, write_fd = os.pipe()  # the lifeline: held open by us while it runs
    try:
        done = subprocess.run([sys.executable, "-I", "-S", "-B", str(processes.GUARD), str(read_fd),
                               str(script), *args], pass_fds=(read_fd,), capture_output=True,
                              text=True, timeout=30)
    finally:
        os.close(read_fd)
        os.close(write_fd)
    return done.stdout


def test_guard_runs_the_bytecode_compiled_beside_a_script(tmp_path):
    script = _with_bytecode(tmp_path, "print('source', __file__)\n",
                            "import sys\nprint('cached', __file__, sys.argv[1:])\n")
    assert _guarded(script, "a") == f"cached {script} ['a']\n"


def test_guard_compiles_a_script_whose_bytecode_is_stale(tmp_path):
    script = _with_bytecode(tmp_path, "print('source')\n", "print('cached')\n")
    script.write_text("print('edited again')\n")  # another size: the bytecode is not its own
    assert _guarded(script) == "edited again\n"


def _imported(argv, cwd) -> set:
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "grader.cli", *argv],
                          cwd=cwd, capture_output=True, text=True, timeout=120)
    return {line.split("|")[-1].strip() for line in done.stderr.splitlines()
            if line.startswith("import time:")}


STAFF = {"click", "grader.cli", "grader.outputs", "jinja2", "hypothesis"}
SUITE_KINDS = {"grader.hog.fuzz.suite", "grader.hog.strategy.suite"}  # fuzz games, win rates
# what only locking, decrypting or writing a case file needs (~4 ms of every -q run)
LOCKING = {"hashlib", "hmac", "tempfile", "ctypes"}  # (ctypes: _ctypes alone sets the subreaper)


@pytest.mark.parametrize("argv, needless", [(["-q", "01"], STAFF | SUITE_KINDS | LOCKING), ([], STAFF),
                                            (["--score", "-v", "--question=01"], STAFF)])
def test_a_students_run_imports_no_staff_library(solved_ws, argv, needless):
    imported = _imported(argv, solved_ws)
    assert "grader.run.runner" in imported  # it did grade
    assert not needless & imported


def test_a_homeworks_docstrings_are_parsed_once_then_read_from_the_cache(tmp_path):
    """`grade` in a homework folder reads the doctest protocol's cases from the parse
    kept beside the source once it was made: doctest (~10 ms, with pdb and unittest)
    is imported only when a docstring changed, and the verdicts follow the edit."""
    from okcourse import copy_bank
    folder = copy_bank("hw02", tmp_path)
    first = subprocess.run([sys.executable, "-m", "grader.cli", "--score"], cwd=folder,
                           capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stdout + first.stderr
    imported = _imported(["--score"], folder)
    assert "grader.run.runner" in imported and "doctest" not in imported
    source = folder / "hw02.py"
    source.write_text(source.read_text().replace(">>> product(3, identity)      # 1 * 2 * 3\n"
                                                 "    6\n",
                                                 ">>> product(3, identity)      # 1 * 2 * 3\n"
                                                 "    7\n", 1))
    edited = subprocess.run([sys.executable, "-m", "grader.cli", "-q", "product"], cwd=folder,
                            capture_output=True, text=True, timeout=120)
    assert edited.returncode == 1 and "Expected:" in edited.stdout and "7" in edited.stdout


def test_a_students_run_prints_what_clicks_commands_print(student_ws):
    """`-d .` goes through click (an option only it reads): the same run, the same
    report, status and rerun commands."""
    argv = ["-q", "01", "--question=06", "-v", "--score"]
    plain, through_click = run_grade(*argv, cwd=student_ws), \
        run_grade(*argv, "-d", ".", cwd=student_ws)
    assert (plain.returncode, plain.stdout, plain.stderr) == \
        (through_click.returncode, through_click.stdout, through_click.stderr)
    assert plain.returncode == 1 and "grade -q 01 --case 1" in plain.stdout
    assert "click" in _imported(["-q", "01", "-d", "."], student_ws)


def test_a_students_mistake_is_still_clicks_to_explain(solved_ws):
    done = run_grade("-q", cwd=solved_ws)
    assert done.returncode == 2 and "Option '-q' requires an argument" in done.stderr
    done = run_grade("-q", "99", cwd=solved_ws)
    assert done.returncode == 2 and "no question 99" in done.stderr


TOKENS = ["-q", "--question", "01", "05a", "-v", "--verbose", "--score", "-q01", "-qv",
          "--question=05a", "--question=", "-", "", "-x", "-vq", "--", "play", "--help",
          "--case", "3", "-u", "--timeout", "--local", "--nointeract", "--debug", "--server"]


@given(st.lists(st.sampled_from(TOKENS), max_size=6))
def test_the_plain_reading_is_clicks(argv):
    """Whatever the student's run reads by itself, click reads the same way: the same
    questions and flags, no command, every other option at its default."""
    from grader import cli, entry
    plain = entry.plain_run(argv)
    if plain is None:
        return
    ctx = cli.main.make_context("grade", list(argv), resilient_parsing=False)
    assert ctx.invoked_subcommand is None and not ctx.args and not getattr(ctx, "_protected_args", ())
    questions, verbose, score = plain
    assert ctx.params == {"questions": questions, "verbose": verbose, "score": score,
                          "cases": (), "timeout": 10.0, "json_path": None,
                          "interactive": False, "unlock": False, "seed": None,
                          "list_only": False, "root": Path("."), "config": None,
                          "all_tests": False, "suite": None, "keys": (), "score_out": None}


def test_a_finished_worker_is_seen_ending_at_once(monkeypatch):
    """The grader waits for every worker's exit: woken by it, not polling (which cost a
    short run ~5 ms)."""
    def no_polling(seconds):
        raise AssertionError(f"wait_exit slept {seconds} s instead of being woken")
    monkeypatch.setattr(processes.time, "sleep", no_polling)
    for _ in range(5):
        child = subprocess.Popen([sys.executable, "-I", "-S", "-c",
                                  "import time; time.sleep(0.05)"])
        started = time.monotonic()
        assert processes.wait_exit(child, timeout=10)
        assert time.monotonic() - started < 5
        child.wait()
    quick = subprocess.Popen([sys.executable, "-I", "-S", "-c", "import time; time.sleep(30)"])
    try:
        assert not processes.wait_exit(quick, timeout=0.1)
    finally:
        quick.kill()
        quick.wait()


def test_a_sandboxed_guard_runs_the_bytecode_compiled_beside_a_script(tmp_path):
    """Bulk grading runs every worker in a sandbox: the scripts' bytecode is shown
    there too."""
    from grader.run.sandbox import Sandbox
    folder = tmp_path / "submission"
    folder.mkdir()
    script = _with_bytecode(tmp_path, "print('source')\n", "print('cached')\n")
    with Sandbox(folder, slot=41) as box:
        process, lifeline = processes.guarded(
            box.wrap(processes.guard_argv(box.python, script)), stdout=subprocess.PIPE)
        try:
            out = process.stdout.read()
        finally:
            lifeline.cut()
            processes.end_group(process, timeout=processes.GUARD_GRACE)
            process.stdout.close()
    assert out == b"cached\n"


def _modules_after(code: str, cwd=None) -> set:
    done = subprocess.run([sys.executable, "-c", f"{code}\nimport sys\nprint(*sys.modules)"],
                          cwd=cwd, capture_output=True, text=True, timeout=60, check=True)
    return set(done.stdout.split())


@pytest.mark.parametrize("argv", [["-q", "01"], ["--list"], ["-q", "01", "--score", "-v"]])
def test_a_student_file_named_like_any_module_the_grader_loads_is_never_the_graders(
        solved_ws, argv):
    """`python -m` puts the folder graded first on the module path: a student's file named
    like a standard module the grader loads (json.py, typing.py, re.py, ...) must not be
    what the grader imports. Every such name at once: each top-level standard module the
    grader's process loads that the reference's own files do not import (those the
    student's code would meet anyway)."""
    grader_loads = _modules_after("import grader.entry, grader.cli, grader.student, "
                                  "grader.report, grader.session, grader.run.runner")
    students_load = _modules_after("import hog", cwd=solved_ws)
    names = {name for name in grader_loads - students_load
             if "." not in name and name in sys.stdlib_module_names}
    assert {"json", "typing", "pathlib"} <= names | students_load
    for name in names:
        (solved_ws / f"{name}.py").write_text(f"raise SystemExit('POISONED by {name}.py')\n")
    done = run_grade(*argv, cwd=solved_ws)
    assert "POISONED" not in done.stdout + done.stderr
    assert done.returncode == 0, done.stderr



def _holding_many_descriptors(argv, cwd) -> subprocess.CompletedProcess:
    """`grade ARGV` in CWD from a process holding 1100 open descriptors (as a
    long-lived staff process may), numbered up past 1024."""
    script = ("import os, resource, sys\n"
              "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
              "if hard != resource.RLIM_INFINITY and hard < 2048:\n"
              "    sys.exit('cannot open 1100 descriptors here')\n"
              "resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 2048), hard))\n"
              "held = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]\n"
              "from grader.entry import main\n"
              f"main({list(argv)!r})\n")
    return subprocess.run([sys.executable, "-c", script], cwd=cwd, capture_output=True,
                          text=True, timeout=300)


def test_a_grader_holding_descriptors_past_1024_still_grades(solved_ws, tmp_path, fa19):
    """select(2) takes no descriptor numbered 1024 or above, and a child given one keeps
    its number: every wait on a worker, its guard, a game or a strategy failed the
    submission ("filedescriptor out of range in select()"). A student's whole run, and
    a bulk run (sandboxed where bwrap is), from such a process."""
    done = _holding_many_descriptors([], solved_ws)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert done.stdout.rstrip().endswith("All questions run passed."), done.stdout[-2000:]
    (tmp_path / "class" / "ada").mkdir(parents=True)
    shutil.copy(fa19.reference / "hog.py", tmp_path / "class" / "ada" / "hog.py")
    sandbox = [] if bwrap_problem() is None else ["--no-sandbox"]
    done = _holding_many_descriptors(["bulk", "class", "--out", "out", *sandbox], tmp_path)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    record = json.loads((tmp_path / "out" / "results.json").read_text())["submissions"][0]
    assert (record["score"], record["error"]) == (record["max_score"], None), record


def test_a_partial_runs_total_follows_the_case_files_points(solved_ws):
    """A partial run's total counts every question's points, remembered between runs in
    tests/__pycache__ (reading every case file cost each -q run ~4 ms): a case file
    edited since, same size or not, counts its new points."""
    def total():
        done = run_grade("-q", "01", "--score", cwd=solved_ws)
        return re.search(r"\((\d+) of (\d+) points\)", done.stdout + done.stderr).group(2)
    before = int(total())
    case = solved_ws / "tests" / "02.py"
    text = case.read_text()
    old = re.search(r"'points': (\d+)", text).group(1)
    case.write_text(text.replace(f"'points': {old}", f"'points': {int(old) + 4}", 1))
    assert int(total()) == before + 4
    case.write_text(text.replace(f"'points': {old}", f"'points': {(int(old) + 1) % 10}", 1))
    assert int(total()) == before + (int(old) + 1) % 10 - int(old)  # the same size
    assert (solved_ws / "tests" / "__pycache__" / "points.json").is_file()
