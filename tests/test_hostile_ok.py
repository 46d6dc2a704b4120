"""Attacks on the grading of an ok assignment, each one a student's code that reaches
into the worker it runs in (its frames, its report channel, its job stream) to get
points it did not earn. Graded with `grade bulk`, as staff grade a class; the honest
classmates beside each attacker must keep their scores. Each attacker first makes sure
it found what it reaches for (else its case errs with "internals not found"), so that
a change of the worker cannot make its test pass without the attack being tried."""

from __future__ import annotations

import csv
import json
import sys
import subprocess
from pathlib import Path

import pytest

from grader.run.sandbox import bwrap_problem

needs_bwrap = pytest.mark.skipif(bwrap_problem() is not None, reason=str(bwrap_problem()))

SOLUTION = '''\
def is_even(n):
    return n % 2 == 0


def square(x):
    return x * x
'''

Q_EVEN = {"name": "q_even", "points": 2, "suites": [{
    "type": "doctest", "scored": True, "setup": ">>> from lab import *", "teardown": "",
    "cases": [
        {"code": ">>> is_even(2)\nTrue\n>>> is_even(3)\nFalse\n>>> square(2)\n4",
         "hidden": False, "locked": False},
        {"code": ">>> is_even(7)\nFalse\n>>> is_even(12)\nTrue\n>>> is_even(0)\nTrue\n"
                 ">>> is_even(9)\nFalse\n>>> square(5)\n25", "hidden": True, "locked": False},
    ]}]}
Q_SQUARE = {"name": "q_square", "points": 1, "suites": [{
    "type": "doctest", "scored": True, "setup": ">>> from lab import *\n>>> x = 3",
    "teardown": "", "cases": [{"code": ">>> square(x)\n9\n>>> square(4)\n16\n>>> square(5)\n25",
                               "hidden": False, "locked": False}]}]}

FIND_WORKER = '''
import sys as _sys


def _worker_frames():
    main = examples = None
    frame = _sys._getframe()
    while frame is not None:
        if frame.f_code.co_name == "run_examples" and "gate" in frame.f_locals:
            examples = frame
        if frame.f_code.co_name == "main" and "job" in frame.f_locals:
            main = frame
        frame = frame.f_back
    if main is None or examples is None or "PROMPTS" not in main.f_globals:
        raise AssertionError("internals not found")
    return main, examples
'''

# is_even computes nothing: it reports a guess ("True") at each gate of the running
# case as if the worker did, and reads whether the grader says to go on
ORACLE = FIND_WORKER + '''

_learned = {}


def is_even(n):
    main, examples = _worker_frames()
    send, stream = main.f_locals["send"], main.f_locals["job_stream"]
    gate = examples.f_locals["gate"]
    cells = dict(zip(gate.__code__.co_freevars, gate.__closure__))
    case = cells["case"].cell_contents
    at = examples.f_locals["index"]
    if (case["id"], at) not in _learned:
        for index, source in enumerate(case["examples"][:-1]):
            if index >= at and "is_even" in source:
                send({"example": [case["id"], index],
                      "output": {"printed": "True\\n", "raised": None, "truncated": False,
                                 "cuts": [], "lines": 1}})
                _learned[(case["id"], index)] = stream.read(1) == b"g"
        asked = {i for (c, i) in _learned if c == case["id"]}
        honest = cells["passes"].cell_contents
        cells["passes"].cell_contents = (
            lambda c, i, o: (c["id"] == case["id"] and i in asked) or honest(c, i, o))
    return _learned.get((case["id"], at))  # None where it could not ask


def square(x):
    return x * x
'''

# square is too slow for its limit the first time; meanwhile it says, as the worker
# would, that the case's next prompt began: each such message restarted the clock
PROMPT_FORGER = FIND_WORKER + '''
import time


def is_even(n):
    return n % 2 == 0


_first = [True]


def square(x):
    if not _first:
        return x * x
    _first.clear()
    main, _ = _worker_frames()
    prompts = main.f_globals["PROMPTS"]
    case = next(c for c in main.f_locals["job"]["cases"] if c["id"] == prompts.case)
    total = len(case["setup"]) + len(case["examples"]) + len(case["teardown"])
    start, mark = time.process_time(), time.monotonic()
    while time.process_time() - start < 1.6:
        if time.monotonic() - mark > 0.6 and prompts.count < total:
            prompts.count += 1
            prompts.send({"prompt": [prompts.case, prompts.count]})
            mark = time.monotonic()
    prompts.send = lambda message: None  # no later prompt message out of turn
    return x * x
'''

SLOW = SOLUTION.replace("def square(x):\n", "_first = [True]\n\n\ndef square(x):\n"
                        "    import time\n    start = time.process_time()\n"
                        "    while _first and time.process_time() - start < 1.6:\n"
                        "        pass\n    _first.clear()\n")


def make_lab(root: Path) -> Path:
    lab = root / "lab"
    (lab / "tests").mkdir(parents=True)
    (lab / "lab.ok").write_text(json.dumps({
        "name": "Lab H", "src": ["lab.py"], "tests": {"tests/*.py": "ok_test"},
        "default_tests": ["q_even", "q_square"]}))
    (lab / "tests" / "__init__.py").write_text("")
    for test in (Q_EVEN, Q_SQUARE):
        (lab / "tests" / f"{test['name']}.py").write_text(f"test = {test!r}\n")
    (lab / "lab.py").write_text(SOLUTION)
    (lab / "template").mkdir()
    (lab / "template" / "lab.py").write_text(SOLUTION.replace("return", "pass  #"))
    return lab


def grade_class(tmp_path: Path, lab: Path, sources: dict, *options: str) -> dict:
    subs = tmp_path / "subs"
    subs.mkdir()
    for sid, text in sources.items():
        (subs / f"{sid}.py").write_text(text)
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "grader.cli", "bulk", str(subs),
                           "--assignment", str(lab), "--out", str(out), *options],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 1), done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    records = json.loads((out / "results.json").read_text())["submissions"]
    with open(out / "grades.csv", newline="") as handle:
        rows = {row["id"]: row for row in csv.DictReader(handle)}
    return {r["id"]: (r, rows[r["id"]]) for r in records}


def failure_texts(record) -> str:
    return json.dumps(record)


@needs_bwrap
def test_gate_verdicts_tell_the_code_nothing_about_a_hidden_case(tmp_path):
    """A gate's verdict (go on, or stop) answered a hidden example's output that the
    code reported itself: an is_even computing nothing passed the hidden case by
    guessing True at each gate and reading the verdict. A hidden case's failing gate
    now ends the worker unanswered: a wrong guess fails the case, as any wrong output."""
    lab = make_lab(tmp_path)
    graded = grade_class(tmp_path, lab, {
        "honest": SOLUTION, "wrong": SOLUTION.replace("n % 2 == 0", "n % 2 == 1"),
        "oracle": ORACLE}, "--timeout", "5")
    assert float(graded["honest"][1]["q_even"]) == 2
    record, row = graded["oracle"]
    assert "internals not found" not in failure_texts(record)
    assert float(row["q_even"]) == float(graded["wrong"][1]["q_even"]) == 0
    assert record["questions"]["q_even"]["verdicts"] == ["passed", "failed"]


@needs_bwrap
def test_a_prompt_gets_one_limit_whatever_the_code_says_of_prompts(tmp_path):
    """The worker says when each prompt of a case begins, and each prompt has its own
    limit: code that wrote those messages itself gave one slow prompt the time of the
    case's later ones. An example's start is now taken only past the gate before it."""
    lab = make_lab(tmp_path)
    graded = grade_class(tmp_path, lab, {"honest": SOLUTION, "slow": SLOW,
                                         "forger": PROMPT_FORGER}, "--timeout", "1")
    assert float(graded["honest"][1]["q_square"]) == 1
    record, row = graded["forger"]
    assert "internals not found" not in failure_texts(record)
    assert float(row["q_square"]) == float(graded["slow"][1]["q_square"]) == 0
    assert "a prompt before its gate" in failure_texts(record)


LISTER = SOLUTION.replace("def is_even(n):\n    return n % 2 == 0\n", '''def is_even(n):
    import os
    return sorted(os.path.relpath(os.path.join(top, name))
                  for top, _, names in os.walk(".") for name in names
                  if "__pycache__" not in top)
''')


@needs_bwrap
def test_staff_leftovers_reach_no_submission_and_no_student(tmp_path):
    """A staff folder holds what an editor leaves (the solution as lab.py~, a case file
    as #q_even.py#, q_even.py.orig) and copies kept by hand: each carried the solution
    or the hidden cases into every sandbox (code printed them into its own output) and
    into the folder students get. A helper beside the tests still goes everywhere."""
    lab = make_lab(tmp_path)
    case = (lab / "tests" / "q_even.py").read_text()
    leftovers = {"lab.py~": SOLUTION, "tests/#q_even.py#": case, "tests/q_even.py.orig": case,
                 "tests/q_even.py~": case, "old/solution.py": SOLUTION,
                 "tests/cases.txt": case}
    for name, text in leftovers.items():
        (lab / name).parent.mkdir(parents=True, exist_ok=True)
        (lab / name).write_text(text)
    (lab / "tests" / "words.txt").write_text("a helper's data\n")
    graded = grade_class(tmp_path, lab, {"lister": LISTER}, "--timeout", "5")
    seen = failure_texts(graded["lister"][0])
    assert "tests/words.txt" in seen  # the listing worked
    for name in leftovers:
        assert name not in seen, name
    done = subprocess.run([sys.executable, "-m", "grader.cli", "init", str(tmp_path / "ws"),
                           "--assignment", str(lab)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    handed = {p.relative_to(tmp_path / "ws").as_posix() for p in (tmp_path / "ws").rglob("*")}
    assert "tests/words.txt" in handed and not handed & set(leftovers), handed


@needs_bwrap
def test_the_staff_catalogue_of_mistakes_reaches_no_submission_and_students_a_cut(tmp_path):
    """hints.json names, for each likely mistake, the solution's lines that mutants broke
    and what hidden cases print: code that read it in its sandbox took the staff's line
    for a function it never wrote (+7 points in a Hog class). The grader reads it; no
    sandbox holds it (Hog's cases folder, an ok folder), and students get it without
    mutants and hidden cases' signatures."""
    from grader import assignment as assignments
    from grader.run.sandbox import helper_files
    fa19 = assignments.load()
    assert (fa19.cases / "hints.json").is_file()
    assert "hints.json" not in {p.name for p in helper_files(fa19.cases)}
    lab = make_lab(tmp_path)
    (lab / "hints.json").write_text(json.dumps({"version": 1, "hints": [
        {"id": "even-flipped", "question": "q_even", "text": "Looks like even and odd swap.",
         "signatures": [{"1": "0: False"}, {"h1": "0: True"}],
         "mutants": ["is_even: return n % 2 == 0"]}]}))
    graded = grade_class(tmp_path, lab, {"lister": LISTER}, "--timeout", "5")
    seen = failure_texts(graded["lister"][0])
    assert "tests/q_even.py" not in seen and "lab.ok" in seen  # the listing worked
    assert "hints.json" not in seen
    done = subprocess.run([sys.executable, "-m", "grader.cli", "init", str(tmp_path / "ws"),
                           "--assignment", str(lab)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    handed = json.loads((tmp_path / "ws" / "hints.json").read_text())
    assert handed["hints"] == [{"id": "even-flipped", "question": "q_even",
                                "text": "Looks like even and odd swap.",
                                "signatures": [{"1": "0: False"}]}]


ADAPTIVE = SOLUTION.replace("def is_even(n):\n    return n % 2 == 0\n", '''_guess, _calls = {}, []


def is_even(n):
    """Computes nothing: guesses True, and flips a guess when the same call comes twice
    in a row (the case after its first one was not run: that guess failed)."""
    if _calls and _calls[-1] == n:
        _guess[n] = not _guess.get(n, True)
    _calls.append(n)
    return _guess.setdefault(n, True)
''')


@needs_bwrap
def test_a_failing_hidden_case_tells_the_code_nothing_either(tmp_path):
    """After a hidden case failed, the next case of its suite was skipped in the same
    worker, whose code thus learned that its guess was wrong, and answered the same
    hidden call right when a later suite asked it again (0 -> 1 point of 2, as in ok,
    which runs everything in one process). The worker is ended unanswered instead."""
    lab = make_lab(tmp_path)
    hidden = {"name": "q_even", "points": 2, "suites": [
        {"type": "doctest", "scored": True, "setup": ">>> from lab import *", "teardown": "",
         "cases": [{"code": ">>> is_even(7)\nFalse", "hidden": True, "locked": False},
                   {"code": ">>> is_even(8)\nTrue", "hidden": True, "locked": False}]},
        {"type": "doctest", "scored": True, "setup": ">>> from lab import *", "teardown": "",
         "cases": [{"code": ">>> is_even(7)\nFalse", "hidden": True, "locked": False}]}]}
    (lab / "tests" / "q_even.py").write_text(f"test = {hidden!r}\n")
    always = SOLUTION.replace("return n % 2 == 0", "return True")
    graded = grade_class(tmp_path, lab, {"honest": SOLUTION, "always": always,
                                         "adaptive": ADAPTIVE}, "--timeout", "5")
    assert float(graded["honest"][1]["q_even"]) == 2
    assert float(graded["always"][1]["q_even"]) == 0
    assert float(graded["adaptive"][1]["q_even"]) == 0, graded["adaptive"][0]["questions"]
