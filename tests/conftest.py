import contextlib
import fcntl
import os
import sys

# An environment that says PYTHONDONTWRITEBYTECODE=1 (this machine's does) made every
# process of the run compile from source what it imports: each xdist worker's collection
# (pytest rewrites and compiles every test module: 10.8 s of CPU against 4.9 s with
# bytecode kept) and every `python -m grader.cli` child (0.27 s against 0.16 s), a few
# thousand of them. The suite keeps bytecode for its own processes and their children
# (the grader's workers still run with -B: nothing is written beside a student's code).
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    sys.dont_write_bytecode = False
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path
from typing import Callable, Dict, Iterable, Optional

import pytest
from hypothesis import settings

# The suite is a gate for landing, so by default every run draws the same examples: a red
# run can be repeated exactly.  `pytest --hypothesis-profile=explore` draws fresh ones.
settings.register_profile("default", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile("default")

from grader import assignment as assignments
from grader.load import casefile
from grader import workspace
from grader.model import GradeResult, Question
from grader.run.runner import Runner
from grader.session import grade

# A suite started in the background of a shell without job control (`pytest &` in a
# script) inherits SIGINT ignored, and so would every `grade` its Ctrl-C tests start:
# they get Python's own handler back (a child then starts with the default).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def fa19():
    return assignments.load()


def run_grade(*args, cwd=None, input=None, env=None, timeout=120):
    """The real `grade` command in a child process, as a student runs it."""
    full_env = {**os.environ, "COLUMNS": "120", **(env or {})}
    full_env.pop("FORCE_COLOR", None)
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], cwd=cwd, input=input,
                          capture_output=True, text=True, env=full_env, timeout=timeout)


@pytest.fixture
def student_ws(tmp_path, fa19):
    """A fresh unlocked student workspace holding the untouched template."""
    return workspace.init(fa19, tmp_path / "hog")


@pytest.fixture
def solved_ws(student_ws, fa19):
    """A workspace whose hog.py is the reference solution."""
    shutil.copy(fa19.reference / "hog.py", student_ws / "hog.py")
    return student_ws


@pytest.fixture(scope="session")
def staff_questions(fa19) -> Dict[str, Question]:
    """Every staff question, hidden cases included, by key ("05a")."""
    return {q.key: q for q in casefile.load_questions(fa19.cases)}


@pytest.fixture(scope="session")
def grade_hog(fa19, staff_questions, tmp_path_factory) -> Callable[..., GradeResult]:
    """grade_hog(source, keys=None) grades the hog.py text SOURCE, with the reference's
    support files beside it, on the staff cases (all questions unless KEYS), as staff
    grading does: locks ignored, a question stops at its first failing case. Tests call
    it from threads, so the folder of all runs is made here, once, and each run's own
    folder by mkdtemp (pytest's numbered folders are not safe across threads)."""
    base = tmp_path_factory.mktemp("submissions")

    def run(source: str, keys: Optional[Iterable[str]] = None,
            timeout: float = 10.0) -> GradeResult:
        folder = Path(tempfile.mkdtemp(dir=base))
        (folder / fa19.source).write_text(source, encoding="utf-8")
        for name in fa19.support:
            shutil.copy(Path(fa19.reference) / name, folder / name)
        wanted = list(staff_questions) if keys is None else list(keys)
        runner = Runner(src=folder, timeout=timeout, preflight=(fa19.module,))
        return grade([staff_questions[k] for k in wanted], runner, respect_locks=False)

    return run


OK_VERSION = "1.18.1"
OK_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "hog-grader"


@contextlib.contextmanager
def cache_lock(name: str):
    """One test process at a time builds a cached tool (the test workers run at once)."""
    OK_CACHE.mkdir(parents=True, exist_ok=True)
    with open(OK_CACHE / f".{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def mutation_run(edition: str):
    """EDITION's whole `grade mutate` run (cached on disk by its digest), computed by one
    test worker while another that wants it waits and then reads the cache: test_mutation
    checks it, test_hints observes its killed mutants (a cold run, as CI's always is,
    paid an edition twice, or a sample of it again)."""
    from grader import mutate
    with cache_lock(f"mutation-{edition}"):
        return mutate.run(assignments.load(edition))


@pytest.fixture(scope="session")
def session_once(tmp_path_factory):
    """session_once(name, compute): COMPUTE() once per test session. Under pytest-xdist
    worksteal a module's tests may run in several workers, each setting up the module's
    fixtures again (test_hints' observations of the real bug classes: ~60 s of CPU for
    Fall 2019's); the first worker to ask computes the value and pickles it in the
    session's shared temporary folder, under a lock, and the others read it."""
    import pickle
    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "session-once"
    shared.mkdir(parents=True, exist_ok=True)
    memo = {}

    def once(name: str, compute: Callable[[], object]):
        if name not in memo:
            with open(shared / f"{name}.lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                path = shared / f"{name}.pickle"
                if path.exists():
                    memo[name] = pickle.loads(path.read_bytes())
                else:
                    memo[name] = compute()
                    part = path.with_suffix(".part")
                    part.write_bytes(pickle.dumps(memo[name]))
                    part.rename(path)
        return memo[name]
    return once


@pytest.fixture(scope="session")
def ok_wheel():
    """The real ok client's wheel (pip package `okpy`), fetched from PyPI once and cached."""
    folder = OK_CACHE / "okwheel"
    wheel = folder / f"okpy-{OK_VERSION}-py3-none-any.whl"
    with cache_lock("okwheel"):
        if not wheel.exists():
            subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d",
                            str(folder), f"okpy=={OK_VERSION}"], check=True, timeout=300)
    return wheel


@pytest.fixture(scope="session")
def ok_command():
    """The `ok` command, installed in a virtual environment of its own (it pins old
    versions of requests and coverage that must not leak into ours). A marker written
    last tells a finished build from one cut short, which is built again."""
    venv = OK_CACHE / f"okvenv-{OK_VERSION}"
    ok, built = venv / "bin" / "ok", venv / ".built"
    with cache_lock("okvenv"):
        if not built.exists():
            shutil.rmtree(venv, ignore_errors=True)
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            subprocess.run([str(venv / "bin" / "pip"), "install", "-q", f"okpy=={OK_VERSION}"],
                           check=True, timeout=600)
            built.touch()
    return ok


def _parse_under_the_graders_lock() -> None:
    """CPython 3.11 fails one of two `ast.parse` calls running at once in two threads
    ("AST constructor recursion depth mismatch"): the grader parses under one lock
    (`grader.asts`), but pytest parses too, unlocked, when it shows a failing test's
    source, and a grader thread still at work beside it then crashed the whole session
    (an INTERNALERROR, no test reported). In the test process pytest's parsing takes the
    grader's lock as well."""
    import ast
    from grader import asts
    unlocked = ast.parse

    def parse(*args, **kwargs):
        with asts._LOCK:
            return unlocked(*args, **kwargs)

    ast.parse = parse


_parse_under_the_graders_lock()


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: one test worker more than the cores. Many tests spend their time
    waiting (on a worker process, a timeout, a sandbox starting): with a worker per core
    the machine was a fifth idle (a cold run on two cores: 1035 s at 143% CPU against
    916 s at 161% with three workers). Tests whose assertion is about waiting run alone."""
    return (os.cpu_count() or 1) + 1


# Files holding the suite's longest tests (single tests of 10-85 s, or a module fixture
# that grades a whole pool), run first: under pytest-xdist a long test that starts last
# keeps one core busy while the other has nothing left, and the run waits for it.
# Whole files move, in their own order, so module fixtures are still set up once.
LONGEST_FIRST = ("test_hostile_class.py", "test_examples.py", "test_cgroups.py",
                 "test_mutation.py", "test_hints.py", "test_gradescope.py", "test_styles.py")


def _alone_locks() -> Optional[tuple]:
    """The two lock files every xdist worker of this run shares (None without xdist)."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if not run:
        return None
    base = Path(tempfile.gettempdir()) / f"hog-grader-alone-{run}"
    return base.with_suffix(".turnstile"), base.with_suffix(".room")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """A test marked `alone` runs with no other test beside it (under xdist): its
    assertion is about time a submission WAITS (wall time beyond CPU time), which on two
    cores busy with other tests grows with their load, not with the grader's doing. Every
    test holds the room shared; an `alone` one holds it exclusively, and the turnstile
    keeps the next tests out while it waits for the room to empty (flock alone would
    let shared holders starve it)."""
    locks = _alone_locks()
    if locks is None:
        yield
        return
    turnstile, room = (open(path, "a") for path in locks)
    try:
        fcntl.flock(turnstile, fcntl.LOCK_EX)
        if item.get_closest_marker("alone"):
            fcntl.flock(room, fcntl.LOCK_EX)
        else:
            fcntl.flock(room, fcntl.LOCK_SH)
            fcntl.flock(turnstile, fcntl.LOCK_UN)
        yield
    finally:
        turnstile.close()
        room.close()


def pytest_collection_modifyitems(config, items):
    """The longest files first; the tests marked `alone` last, where the test the other
    worker must finish before one starts is a short one (early, it waited on a 70 s one)."""
    def rank(item):
        name = item.path.name
        return (item.get_closest_marker("alone") is not None,
                LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST))
    items.sort(key=rank)
