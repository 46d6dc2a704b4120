"""The staff commands on an ok assignment folder (issue 16): a course's folder with the
solution in its sources and the starter versions in template/. Each test runs the real
`grade` (and, where the verdict must match, the real ok client) on small ok folders
built here: a homework (doctest protocol + one ok_test file) and a two-file project."""

import csv
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import run_grade
from okfolders import grade_points, ok_points

HW_OK = {"name": "hw", "endpoint": "cal/cs61a/fa20/hw", "src": ["hw.py"],
         "tests": {"hw.py": "doctest", "tests/*.py": "ok_test"},
         "default_tests": ["add_one", "double", "q3"],
         "protocols": ["file_contents", "analytics", "unlock", "grading", "scoring", "backup"]}

HW_SOLUTION = '''\
def add_one(x):
    """Return x plus one.

    >>> add_one(1)
    2
    >>> add_one(-1)
    0
    """
    return x + 1


def double(x):
    """Return twice x.

    >>> double(3)
    6
    """
    return x * 2


def helper(x):
    """A helper the template gives.

    >>> helper(2)
    4
    """
    return x * x


def square_all(s):
    return [helper(x) for x in s]
'''

HW_TEMPLATE = (HW_SOLUTION.replace("    return x + 1\n", '    "*** YOUR CODE HERE ***"\n')
               .replace("    return x * 2\n", '    "*** YOUR CODE HERE ***"\n')
               .replace("    return [helper(x) for x in s]\n", '    "*** YOUR CODE HERE ***"\n'))

HW_Q3 = '''\
test = {
  'name': 'q3',
  'points': 2,
  'suites': [
    {
      'cases': [
        {'code': r"""
        >>> square_all([1, 2])
        [1, 4]
        """, 'hidden': False, 'locked': False},
        {'code': r"""
        >>> square_all([3])
        [9]
        """, 'hidden': False, 'locked': True},
        {'code': r"""
        >>> square_all([5, 6])
        [25, 36]
        >>> 'SECRET-HIDDEN-CASE'
        'SECRET-HIDDEN-CASE'
        """, 'hidden': True, 'locked': False}
      ],
      'scored': True,
      'setup': r"""
      >>> from hw import *
      """,
      'teardown': '',
      'type': 'doctest'
    },
    {
      'cases': [
        {'code': r"""
        >>> 1 + 1
        2
        >>> print('hi')
        hi
        """, 'hidden': False, 'locked': True}
      ],
      'scored': False,
      'type': 'wwpp'
    }
  ]
}
'''

PROJ_OK = {"name": "proj", "endpoint": "cal/cs61a/fa20/proj", "src": ["proj.py", "utils.py"],
           "tests": {"tests/*.py": "ok_test"},
           "protocols": ["file_contents", "grading", "scoring", "unlock", "backup"]}
UTILS = 'def words(text):\n    return text.lower().split()\n'
PROJ = ('from utils import words\n\n\ndef count(path):\n    with open(path) as f:\n'
        '        return len(words(f.read()))\n\n\ndef shout(text):\n'
        '    return " ".join(w.upper() for w in words(text))\n')
UTILS_TEMPLATE = 'def words(text):\n    "*** YOUR CODE HERE ***"\n'
PROJ_TEMPLATE = ('from utils import words\n\n\ndef count(path):\n    "*** YOUR CODE HERE ***"\n\n\n'
                 'def shout(text):\n    "*** YOUR CODE HERE ***"\n')


def _case_file(name, points, setup, cases):
    rendered = ",\n".join(f"        {{'code': r\"\"\"\n{code}\n        \"\"\", 'hidden': {hidden}, "
                          f"'locked': False}}" for code, hidden in cases)
    return (f"test = {{\n  'name': {name!r},\n  'points': {points},\n  'suites': [\n    {{\n"
            f"      'cases': [\n{rendered}\n      ],\n      'scored': True,\n"
            f"      'setup': r\"\"\"\n{setup}\n      \"\"\",\n      'teardown': '',\n"
            f"      'type': 'doctest'\n    }}\n  ]\n}}\n")


def case_bank(folder: Path, source: str, tests: dict, default_tests=None) -> Path:
    """FOLDER as an ok assignment named after it: its one source file (SOURCE's text),
    and ok_test files TESTS (name -> text) in tests/, a package as ok imports it."""
    name = folder.name
    (folder / "tests").mkdir(parents=True)
    config = {"name": name, "src": [f"{name}.py"], "tests": {"tests/*.py": "ok_test"},
              "protocols": ["grading"]}
    if default_tests:
        config["default_tests"] = default_tests
    (folder / f"{name}.ok").write_text(json.dumps(config))
    (folder / f"{name}.py").write_text(source)
    (folder / "tests" / "__init__.py").write_text("")
    for test, text in tests.items():
        (folder / "tests" / f"{test}.py").write_text(text)
    return folder


def make_hw(root: Path, template: bool = True) -> Path:
    folder = root / "hw"
    (folder / "tests").mkdir(parents=True)
    (folder / "hw.ok").write_text(json.dumps(HW_OK, indent=2))
    (folder / "hw.py").write_text(HW_SOLUTION)
    (folder / "tests" / "__init__.py").write_text("")
    (folder / "tests" / "q3.py").write_text(HW_Q3)
    if template:
        (folder / "template").mkdir()
        (folder / "template" / "hw.py").write_text(HW_TEMPLATE)
    return folder


def make_proj(root: Path) -> Path:
    folder = root / "proj"
    for sub in ("tests", "template", "data"):
        (folder / sub).mkdir(parents=True)
    (folder / "proj.ok").write_text(json.dumps(PROJ_OK, indent=2))
    (folder / "proj.py").write_text(PROJ)
    (folder / "utils.py").write_text(UTILS)
    (folder / "template" / "proj.py").write_text(PROJ_TEMPLATE)
    (folder / "template" / "utils.py").write_text(UTILS_TEMPLATE)
    (folder / "data" / "words.txt").write_text("One two Three four\n")
    (folder / "tests" / "__init__.py").write_text("")
    (folder / "paths.py").write_text('DATA = "data/words.txt"\n')  # a helper the course gives
    (folder / "tests" / "01.py").write_text(_case_file(
        "Problem 1", 2, "        >>> from utils import words",
        [("        >>> words('A b')\n        ['a', 'b']", False),
         ("        >>> words('')\n        []", True)]))
    (folder / "tests" / "02.py").write_text(_case_file(
        "Problem 2", 3, "        >>> from proj import *\n        >>> from paths import DATA",
        [("        >>> count(DATA)\n        4", False),
         ("        >>> shout('hi there')\n        'HI THERE'", False)]))
    return folder


def run_ok(ok_command, folder: Path, *args, input=None) -> str:
    env = {**os.environ, "HOME": str(folder.parent), "http_proxy": "http://127.0.0.1:9",
           "https_proxy": "http://127.0.0.1:9"}
    env.pop("PYTHONPATH", None)
    done = subprocess.run([str(ok_command), "--local", *args], cwd=folder, env=env,
                          capture_output=True, text=True, input=input, timeout=300)
    return done.stdout + done.stderr


def ok_total(output: str) -> float:
    match = re.search(r"Total: ([\d.]+)", output)
    assert match, output
    return float(match.group(1))


def bulk_rows(submissions, staff: Path, out: Path, *args: str) -> dict:
    """`grade bulk SUBMISSIONS --assignment STAFF --out OUT ARGS`, which must succeed: its
    grades.csv, a row per submission id."""
    done = run_grade("bulk", str(submissions), "--assignment", str(staff), "--out", str(out),
                     *args)
    assert done.returncode == 0, done.stdout + done.stderr
    return {row["id"]: row for row in csv.DictReader((out / "grades.csv").open())}


def ok_score_of(ok_command, staff: Path, files: dict, where: Path, *args: str) -> float:
    """What ok gives a submission (FILES: name -> text, None for a file left out) on the
    staff folder, every case unlocked (bulk runs them all)."""
    folder = where / f"ok-{len(list(where.glob('ok-*')))}"
    shutil.copytree(staff, folder, ignore=shutil.ignore_patterns("template", "__pycache__"))
    for path in (folder / "tests").glob("*.py"):
        path.write_text(path.read_text().replace("'locked': True", "'locked': False"))
    for name, text in files.items():
        if text is None:
            (folder / name).unlink()
        else:
            (folder / name).write_text(text)
    return ok_total(run_ok(ok_command, folder, "--score", *args))


def lab_totals(tmp_path: Path, ok_command, solution: str, bulk_args=(), ok_args=(),
               default_tests=None):
    """A one-file doctest lab (tmp_path/lab, SOLUTION its lab.py) and a class of one
    student who hands SOLUTION in (tmp_path/subs/ann.py): (bulk's total with BULK_ARGS,
    ok --score's with OK_ARGS)."""
    config = {"name": "Lab", "src": ["lab.py"], "tests": {"lab.py": "doctest"}}
    if default_tests is not None:
        config["default_tests"] = default_tests
    lab, subs = tmp_path / "lab", tmp_path / "subs"
    lab.mkdir()
    subs.mkdir()
    (lab / "lab.ok").write_text(json.dumps(config))
    (lab / "lab.py").write_text(solution)
    (subs / "ann.py").write_text(solution)
    rows = bulk_rows(subs, lab, tmp_path / "out", *bulk_args)
    total = list(rows["ann"].values())[-1]  # ("submission total" beside a question "total")
    return float(total), ok_score_of(ok_command, lab, {"lab.py": solution}, tmp_path, *ok_args)


def no_traceback(done):
    assert "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr


# --- verify ---------------------------------------------------------------------------

def test_verify_passes_the_solution_and_reports_what_the_template_scores(tmp_path):
    hw = make_hw(tmp_path)
    done = run_grade("verify", "--assignment", str(hw))
    assert done.returncode == 0, done.stdout + done.stderr
    out = " ".join(done.stdout.split())
    for test in ("add_one", "double", "q3", "helper", "square_all"):  # every test, not only default
        assert test in out
    assert "template: helper scores 1 of 1 on the untouched template" in out
    assert "template: double" not in out


def test_verify_fails_when_the_solution_fails_a_hidden_case(tmp_path):
    hw = make_hw(tmp_path)
    (hw / "tests" / "q3.py").write_text(HW_Q3.replace("[25, 36]", "[25, 37]"))
    done = run_grade("verify", "--assignment", str(hw))
    assert done.returncode == 1
    assert "solution: q3 case 3 is failed" in " ".join((done.stdout + done.stderr).split())



# Code that does something only once: a count of calls, a word list loaded with a message
# (printed in q1's setup in ok, where nothing is compared), a print at the top of the file
ONCE = {"solution": "import functools\n\nseen = []\n\ndef note(x):\n    seen.append(x)\n"
                    "    return len(seen)\n\n@functools.lru_cache(None)\ndef words():\n"
                    "    return ['cat', 'dog']\n\ndef valid(w):\n    return w in words()\n"}
ONCE["loads_loudly"] = ONCE["solution"].replace("def words():\n",
                                                "def words():\n    print('Loading words...')\n")
ONCE["prints_at_import"] = "print('testing', 1)\n" + ONCE["solution"]


def test_a_hidden_case_sees_what_the_cases_before_it_left_as_in_ok(tmp_path, ok_command):
    """ok runs every case in order in one process. Bulk and Gradescope run hidden cases
    apart (no output a student sees may come from a worker that ran one), from a fresh
    import: a hidden case after a visible one, both counting calls, failed the solution;
    something printed once (a word list loaded with a message, a print at the top of the
    file) was printed again in the hidden case and failed it (hunt25 E). The hidden
    cases' worker first replays, quietly, the visible cases before them in ok's order:
    every verdict is ok's, in a student's run, verify and bulk alike."""
    q1 = _case_file("q1", 1, "        >>> from keep import *\n        >>> _ = words()",
                    [("        >>> valid('cat')\n        True", False)])
    q2 = _case_file("q2", 1, "        >>> from keep import *",
                    [("        >>> note('a')\n        1", False),
                     ("        >>> note('b')\n        2\n        >>> valid('emu')\n"
                      "        False", True)])
    folder = case_bank(tmp_path / "keep", ONCE["solution"], {"q1": q1, "q2": q2})
    subs = tmp_path / "subs"
    subs.mkdir()
    for name, text in ONCE.items():
        (subs / f"{name}.py").write_text(text)
    rows = bulk_rows(subs, folder, tmp_path / "out")
    for name, text in ONCE.items():
        by_ok = ok_score_of(ok_command, folder, {"keep.py": text}, tmp_path)
        assert by_ok == 2.0 and float(list(rows[name].values())[-1]) == by_ok, (name, rows)
    done = run_grade("--score", cwd=folder)
    assert done.returncode == 0 and "2 / 2" in done.stdout, done.stdout + done.stderr
    checked = run_grade("verify", "--assignment", str(folder))
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_hidden_case_is_not_cut_short_by_loops_in_later_questions(tmp_path):
    """Bulk runs hidden cases after every visible one: a later question's loop spent the
    submission's budget first, and a correct hidden case that needs more than the 1 s
    left after it timed out (hunt17 #7; ok runs it first, with its whole timeout). It is
    charged what the cases before it in ok's order spent."""
    staff = case_bank(
        tmp_path / "m", "import time\n\ndef slow():\n    start = time.process_time()\n"
        "    while time.process_time() - start < 1.4:\n        pass\n    return 1\n\n"
        "def spin():\n    while True:\n        pass\n",
        {"a": _case_file("a", 1, "        >>> from m import *",
                         [("        >>> slow()\n        1", True)]),
         "b": _case_file("b", 1, "        >>> from m import *",
                         [("        >>> spin()\n        1", False)])},
        default_tests=["a", "b"])
    subs = tmp_path / "subs"
    (subs / "sol").mkdir(parents=True)
    shutil.copy(staff / "m.py", subs / "sol" / "m.py")
    rows = bulk_rows(subs, staff, tmp_path / "out", "--timeout", "3", "--budget", "3",
                     "--jobs", "1")
    assert (rows["sol"]["a"], rows["sol"]["b"]) == ("1", "0")



def test_verify_fails_a_bank_whose_solution_scores_less_than_it_passes(tmp_path, ok_command):
    """An unscored suite left what a scored one needs: a plain run passes, `ok --score`
    (which runs no unscored suite) gives the solution 0, and verify said the tests hold
    (hunt17 #1)."""
    folder = case_bank(tmp_path / "count", "seen = []\n\ndef tick():\n    seen.append(1)\n"
                       "    return len(seen)\n", {"u": (
        "test = {'name': 'u', 'points': 1, 'suites': ["
        "{'type': 'doctest', 'scored': False, 'setup': '>>> from count import *', "
        "'cases': [{'code': '>>> tick()\\n1'}]}, "
        "{'type': 'doctest', 'scored': True, 'setup': '>>> from count import *', "
        "'cases': [{'code': '>>> tick()\\n2'}]}]}\n")})
    assert ok_total(run_ok(ok_command, folder, "--score")) == 0.0
    checked = run_grade("verify", "--assignment", str(folder))
    assert checked.returncode == 1
    said = " ".join((checked.stdout + checked.stderr).split())
    assert "u suite 2 case 1 passes in a plain run but is failed as `ok --score`" in said



def test_verify_names_every_case_bulk_fails_as_bulk_runs_them(tmp_path):
    """Verify's check of the bulk order ran on after a failure where bulk stops the suite:
    a later test that bulk fails (a case bulk never ran had left what it needs) was not
    named, and cases were named by their number across suites (hunt17 #4)."""
    setup = "        >>> from tally import *"
    folder = case_bank(tmp_path / "tally", "seen = {}\n\ndef tick(name):\n"
                       "    seen[name] = seen.get(name, 0) + 1\n    return seen[name]\n", {
        "a": _case_file("a", 1, setup, [
            ("        >>> tick('y')\n        1", True), ("        >>> tick('y')\n        2", False),
            ("        >>> tick('x')\n        1", False)]),
        "b": _case_file("b", 1, setup, [("        >>> tick('x')\n        2", False)])},
        default_tests=["a", "b"])
    checked = run_grade("verify", "--assignment", str(folder))
    said = " ".join((checked.stdout + checked.stderr).split())
    assert checked.returncode == 1
    assert "a suite 1 case 2 passes in a plain run but is failed in `grade bulk`" in said
    assert "b suite 1 case 1 passes in a plain run but is failed in `grade bulk`" in said



def test_gradescope_shows_full_marks_as_passed_whatever_an_unscored_suite_did(tmp_path):
    """A full-score test was "failed" because an unscored suite failed, and a hidden case
    of an unscored suite, which decides no points, held the test's score back until
    publication (hunt17 #5)."""
    staff = case_bank(tmp_path / "hw", HW_SOLUTION, {"q": (
        "test = {'name': 'q', 'points': 2, 'suites': ["
        "{'type': 'doctest', 'scored': True, 'setup': '>>> from hw import *', "
        "'cases': [{'code': '>>> add_one(1)\\n2'}]}, "
        "{'type': 'doctest', 'scored': False, 'setup': '>>> from hw import *', "
        "'cases': [{'code': '>>> add_one(1)\\n5'}, "
        "{'code': '>>> add_one(2)\\n7', 'hidden': True}]}]}\n")})
    subs = tmp_path / "subs"
    for sid in ("ann", "bob"):
        (subs / sid).mkdir(parents=True)
        (subs / sid / "hw.py").write_text(HW_SOLUTION)
    bulk_rows(subs, staff, tmp_path / "out")
    results = json.loads((tmp_path / "out" / "gradescope" / "ann" / "results.json").read_text())
    assert [(t["number"], t["score"], t["max_score"], t["status"]) for t in results["tests"]] \
        == [("q", 2, 2, "passed")]


def test_gradescope_shows_no_hidden_verdict_through_a_test_worth_nothing(tmp_path):
    """A test worth 0 whose hidden case sits in an unscored suite has one visible test:
    its pass/fail colour was the hidden case's verdict, an oracle on its expected output
    before publication (attack19 A6). It is the public cases' now."""
    staff = case_bank(tmp_path / "hw", HW_SOLUTION, {"q": (
        "test = {'name': 'q', 'points': 0, 'suites': ["
        "{'type': 'doctest', 'scored': False, 'setup': '>>> from hw import *', "
        "'cases': [{'code': '>>> add_one(1)\\n2'}, "
        "{'code': '>>> add_one(2)\\n3', 'hidden': True}]}]}\n")})
    subs = tmp_path / "subs"
    for sid, source in (("right", HW_SOLUTION), ("wrong_at_2", HW_SOLUTION.replace(
            "def add_one(x):\n", "def add_one(x):\n    if x == 2:\n        return 99\n", 1))):
        (subs / sid).mkdir(parents=True)
        (subs / sid / "hw.py").write_text(source)
    bulk_rows(subs, staff, tmp_path / "out")
    shown = {sid: json.loads((tmp_path / "out" / "gradescope" / sid / "results.json")
                             .read_text())["tests"] for sid in ("right", "wrong_at_2")}
    assert shown["right"] == shown["wrong_at_2"]
    assert [(t["number"], t["status"]) for t in shown["right"]] == [("q", "passed")]


# --- init, publish, lock ----------------------------------------------------------------

def test_init_hands_out_the_template_and_locks_as_ok_does(tmp_path, ok_command):
    hw = make_hw(tmp_path)
    ws = tmp_path / "ws"
    done = run_grade("init", str(ws), "--assignment", str(hw), "--scheme", "ok")
    assert done.returncode == 0, done.stderr
    assert sorted(p.relative_to(ws).as_posix() for p in ws.rglob("*") if p.is_file()) == \
        ["hw.ok", "hw.py", "tests/__init__.py", "tests/q3.py"]
    assert (ws / "hw.py").read_text() == HW_TEMPLATE
    cases = (ws / "tests" / "q3.py").read_text()
    assert "SECRET-HIDDEN-CASE" not in cases and "[9]" not in cases
    assert cases.count("# locked") == 3  # the doctest case and both lines of the wwpp case
    # the course's own client unlocks our hashes, the wwpp suite's too
    out = run_ok(ok_command, ws, "-q", "q3", "-u", input="[9]\n2\nhi\n")
    assert "OK! All cases for q3 unlocked." in out, out
    # and, unlocked, the solution scores the same under ok and grade
    (ws / "hw.py").write_text(HW_SOLUTION)
    result = tmp_path / "r.json"
    run_grade("--json", str(result), cwd=ws)
    assert json.loads(result.read_text())["score"] == ok_total(run_ok(ok_command, ws, "--score")) == 4


LOCKS_Q4 = {"name": "q4", "points": 1, "suites": [
    {"type": "wwpp", "scored": True, "cases": [
        {"code": ">>> 2 + 2\nWWPP-NO-KEY-4"},                       # no key: ok locks it
        {"code": ">>> 3 + 3\nWWPP-OPEN-6", "locked": False},        # left open
        {"code": ">>> 4 + 4\nWWPP-MARKED-8", "locked": True}]},     # marked (plain text)
    {"type": "concept", "scored": False, "cases": [
        {"question": "Which?", "answer": "CONCEPT-NO-KEY", "choices": ["CONCEPT-NO-KEY", "b"]}]},
    {"type": "doctest", "scored": True, "setup": ">>> from hw import *", "cases": [
        {"code": ">>> square_all([7])\n[49]"},
        {"code": ">>> 'DOCTEST-HIDDEN'\n'DOCTEST-HIDDEN'", "hidden": True}]}]}


def _locked_flags(folder: Path) -> list:
    from grader.load import casefile
    from grader.locking.hashes import case_paths
    data = casefile.read_literal(folder / "tests" / "q4.py")
    return [(path, case.get("locked")) for path, case, _ in case_paths(data)]


def test_init_locks_the_cases_ok_lock_locks_and_leaves_out_staff_only_files(tmp_path, ok_command):
    """`ok --lock` (how a course makes its students' tests) locks every case with no
    `locked` key, not only those marked: init and publish lock the same cases (all
    three kinds), never hand out a hidden case, and leave out the files the
    `staff_only` patterns of hw.grader.json name (ok refuses keys of ours in hw.ok)."""
    hw = make_hw(tmp_path)
    (hw / "hw.grader.json").write_text(json.dumps({"staff_only": ["NOTES.md", "keys/*"]}))
    (hw / "NOTES.md").write_text("grading notes\n")
    (hw / "keys").mkdir()
    (hw / "keys" / "q4.txt").write_text("WWPP-NO-KEY-4\n")
    (hw / "tests" / "q4.py").write_text("test = " + repr(LOCKS_Q4) + "\n")
    by_ok = tmp_path / "by-ok"
    shutil.copytree(hw, by_ok, ignore=shutil.ignore_patterns("template"))
    run_ok(ok_command, by_ok, "--lock")
    ws = tmp_path / "ws"
    done = run_grade("init", str(ws), "--assignment", str(hw), "--scheme", "ok")
    assert done.returncode == 0, done.stderr
    assert _locked_flags(ws) == _locked_flags(by_ok)
    assert [flag for _, flag in _locked_flags(ws)] == [True, False, True, True, True]
    text = (ws / "tests" / "q4.py").read_text()
    for secret in ("WWPP-NO-KEY-4", "WWPP-MARKED-8", "'answer': 'CONCEPT-NO-KEY'",
                   "DOCTEST-HIDDEN", "[49]"):
        assert secret not in text, secret
    assert "WWPP-OPEN-6" in text
    for staff in ("NOTES.md", "keys", "hw.grader.json"):
        assert not (ws / staff).exists(), staff
    out = tmp_path / "hw.zip"
    assert run_grade("publish", str(out), "--assignment", str(hw)).returncode == 0
    names = zipfile.ZipFile(out).namelist()
    assert not [n for n in names if "NOTES" in n or "keys/" in n or "grader.json" in n], names
    # ok unlocks what grade locked, the case with no key too
    unlocked = run_ok(ok_command, ws, "-q", "q4", "-u",
                      input="WWPP-NO-KEY-4\nWWPP-MARKED-8\nCONCEPT-NO-KEY\n[49]\n")
    assert "OK! All cases for q4 unlocked." in unlocked, unlocked


def test_publish_zips_the_student_folder_with_a_runner_that_speaks_of_the_assignment(tmp_path):
    proj = make_proj(tmp_path)
    out = tmp_path / "proj.zip"
    done = run_grade("publish", str(out), "--assignment", str(proj))
    assert done.returncode == 0, done.stderr
    with zipfile.ZipFile(out) as archive:
        names = sorted(archive.namelist())
        assert names == sorted(["proj/README.md", "proj/data/words.txt", "proj/grade", "proj/proj.ok",
                         "proj/paths.py", "proj/proj.py", "proj/tests/01.py", "proj/tests/02.py",
                                "proj/tests/__init__.py", "proj/utils.py"])
        assert archive.read("proj/utils.py").decode() == UTILS_TEMPLATE
        readme = archive.read("proj/README.md").decode()
        assert "`proj.py` and `utils.py`" in readme and "hog.py" not in readme
        assert "Hog" not in readme and "Question 12" not in readme
        assert b"words('')" not in archive.read("proj/tests/01.py")  # the hidden case


def test_publish_names_the_folder_as_every_system_can(tmp_path):
    """A course names its projects "Project 2: Typing Trainer": the archive unpacked
    to a folder of that name, which Windows refuses (hunt22)."""
    proj = make_proj(tmp_path)
    config = json.loads((proj / "proj.ok").read_text())
    for name, folder in (('Project 2: Cats/"Typing"?', "Project 2 Cats Typing"),
                         ("Homework 2: Trees ...", "Homework 2 Trees"), ("con", "assignment con")):
        (proj / "proj.ok").write_text(json.dumps({**config, "name": name}))
        out = tmp_path / "proj.zip"
        assert run_grade("publish", str(out), "--assignment", str(proj)).returncode == 0
        with zipfile.ZipFile(out) as archive:
            assert {entry.split("/")[0] for entry in archive.namelist()} == {folder}
        out.unlink()


def test_publish_and_init_refuse_to_hand_out_the_solution_without_a_template(tmp_path):
    hw = make_hw(tmp_path, template=False)
    out = tmp_path / "hw.zip"
    for args in (("publish", str(out)), ("init", str(tmp_path / "ws"))):
        done = run_grade(*args, "--assignment", str(hw))
        assert done.returncode == 2
        assert "template/ is missing: publishing would hand out the solution" in done.stderr
        no_traceback(done)
    assert not out.exists() and not (tmp_path / "ws").exists()


def test_lock_with_ok_scheme_locks_wwpp_suites_with_the_folders_name(tmp_path):
    hw = make_hw(tmp_path)
    done = run_grade("lock", str(hw / "tests"), "--scheme", "ok")
    assert done.returncode == 0, done.stderr
    import hmac
    text = (hw / "tests" / "q3.py").read_text()
    for line in ("2", "hi", "[9]"):
        assert hmac.new(b"hw", line.encode(), "md5").hexdigest() in text


def test_lock_hashes_as_ok_does_where_ok_runs_and_salted_in_a_hog_workspace(tmp_path):
    """Without --scheme: an ok folder's tests/ and its template/tests/ are locked as ok
    locks them (ok -u opens them; review30 #2: template/tests/ got salted tokens); a
    Hog workspace's tests/ keep the salted scheme its hog.ok does not change (#4)."""
    import hmac
    hw = make_hw(tmp_path)
    (hw / "template" / "tests").mkdir(parents=True, exist_ok=True)
    shutil.copy(hw / "tests" / "q3.py", hw / "template" / "tests" / "q3.py")
    for folder in (hw / "tests", hw / "template" / "tests"):
        done = run_grade("lock", str(folder))
        assert done.returncode == 0, done.stderr
        text = (folder / "q3.py").read_text()
        assert hmac.new(b"hw", b"2", "md5").hexdigest() in text and "$hg1$" not in text
    ws = tmp_path / "ws"
    assert run_grade("init", str(ws), "--unlocked").returncode == 0
    case = next(p for p in sorted((ws / "tests").glob("*.py"))
                if "'locked': False" in p.read_text())
    case.write_text(case.read_text().replace("'locked': False", "'locked': True", 1))
    done = run_grade("lock", str(ws / "tests"))
    assert done.returncode == 0, done.stderr
    assert "$hg1$" in case.read_text()


def test_restoring_the_tests_keeps_an_unlocked_case_that_had_no_locked_key(tmp_path):
    """A case with no `locked` key is locked in the workspace (as `ok --lock` locks it);
    once the student unlocked it, `grade init . --tests-only` kept it locked again
    (review30 #9)."""
    hw = make_hw(tmp_path)
    q3 = (hw / "tests" / "q3.py").read_text()
    (hw / "tests" / "q3.py").write_text(q3.replace(
        "hi\n        \"\"\", 'hidden': False, 'locked': True}",
        "hi\n        \"\"\", 'hidden': False}"))
    assert "'hidden': False}" in (hw / "tests" / "q3.py").read_text()
    ws = tmp_path / "ws"
    assert run_grade("init", str(ws), "--assignment", str(hw)).returncode == 0
    unlocked = run_grade("-u", "-q", "q3", cwd=ws, input="[9]\n2\nhi\n")
    assert "All locked cases unlocked" in unlocked.stdout, unlocked.stdout
    again = run_grade("init", ".", "--tests-only", "--assignment", str(hw), cwd=ws)
    assert again.returncode == 0, again.stderr
    assert "2 case(s) you had unlocked stay unlocked" in again.stdout, again.stdout
    assert "Nothing to unlock" in run_grade("-u", "-q", "q3", cwd=ws, input="").stdout


def test_copies_of_the_solution_or_of_cases_never_reach_a_copy_of_the_folder(tmp_path):
    """The staff folder is what every sandbox and every student's workspace is made
    from: a copy of the solution was left out only when byte for byte the same, and a
    copy of a case file only when it parsed (attack22 C2, C1: a `last-term/` solution
    with a line added, or a zip of the tests, gave every hidden case and full marks)."""
    from grader import assignment as assignments
    from grader.okfolder import folder_files
    hw = make_hw(tmp_path)
    (hw / "last-term").mkdir()
    (hw / "last-term" / "hw.py").write_text("# the fall's version\n" + HW_SOLUTION)
    (hw / "hw_sol.py").write_text(HW_SOLUTION.replace("return x + 1", "return 1 + x"))
    with zipfile.ZipFile(hw / "tests" / "before-edits.zip", "w") as archive:
        archive.writestr("q3.py", HW_Q3)
    (hw / "drafts").mkdir()
    (hw / "drafts" / "q3.py").write_text(HW_Q3 + "more = [\n")
    (hw / "helper.py").write_text("def add_one(x):\n    return x + 1\n")  # a course's helper
    # the same, judged by content, whatever the name (C3): an old copy, a zip renamed,
    # a solution with a statement added to each function, the script that wrote the
    # hidden cases
    (hw / "last-term" / "hw.py.old").write_text("# spring\n" + HW_SOLUTION)
    shutil.copy(hw / "tests" / "before-edits.zip", hw / "tests" / "before-edits.zip.old")
    (hw / "last-term" / "longer.py").write_text(HW_SOLUTION.replace(
        "    return x", "    x = x\n    return x").replace("    return [", "    s = s\n    return ["))
    (hw / "make_q3.py").write_text("HIDDEN = ['square_all([5, 6])']\n")
    # compressed behind a header, or bare (C5): binary content that is no image is
    # left out; an image a course's GUI shows is not
    import zlib
    (hw / "tests" / "backup.run").write_bytes(
        b"#!/bin/sh\nexit 0\n" + (hw / "tests" / "before-edits.zip").read_bytes())
    (hw / "tests" / "q3.dat").write_bytes(zlib.compress(HW_Q3.encode()))
    (hw / "ant.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8)
    import base64  # and a saved e-mail with the tests attached, in base64 (C6)
    (hw / "tests-before-edits.eml").write_text(
        "Subject: tests\nContent-Transfer-Encoding: base64\n\n"
        + base64.encodebytes((hw / "tests" / "before-edits.zip").read_bytes()).decode())
    import binascii  # or uuencoded (C7)
    archive = (hw / "tests" / "before-edits.zip").read_bytes()
    (hw / "tests.uu").write_text("begin 644 tests.zip\n" + "".join(
        binascii.b2a_uu(archive[at:at + 45]).decode() for at in range(0, len(archive), 45))
        + "`\nend\n")
    kept = {p.as_posix() for p in folder_files(assignments.load(path=hw))}
    assert {"helper.py", "ant.png"} <= kept
    assert not kept & {"last-term/hw.py", "hw_sol.py", "tests/before-edits.zip", "drafts/q3.py",
                       "last-term/hw.py.old", "tests/before-edits.zip.old",
                       "last-term/longer.py", "make_q3.py", "tests/backup.run",
                       "tests/q3.dat", "tests-before-edits.eml", "tests.uu"}, kept
    ws = tmp_path / "ws"
    assert run_grade("init", str(ws), "--assignment", str(hw)).returncode == 0
    assert (ws / "helper.py").exists() and not (ws / "last-term").exists()
    said = run_grade("verify", "--assignment", str(hw)).stdout  # staff see both lists
    assert "left out of every copy: last-term/longer.py (it holds the solution's work)" in said
    assert "beside the sources and tests: ant.png, helper.py, tests/__init__.py" in said


def test_the_files_a_course_needs_are_never_left_out(tmp_path):
    """The checks above once left out what a course needs, so the solution failed in
    every copy (review23 F1, F2, F4): data in binary or with long lines (a FASTA file,
    Excel's UTF-16 CSV, a pickle, an SQLite database), a helper quoting a hidden case's
    import line, a helper whose getters are the solution's."""
    import pickle
    import sqlite3
    from grader import assignment as assignments
    from grader.okfolder import folder_files
    hw = make_hw(tmp_path)
    (hw / "data").mkdir()
    (hw / "data" / "genome.fa").write_text(">seq\n" + "ACGT" * 15 + "\n" + "GATTACA" * 9 + "\n")
    (hw / "data" / "scores.csv").write_bytes("name,score\nada,10\n".encode("utf-16"))
    (hw / "data" / "freq.pkl").write_bytes(pickle.dumps({"a": 1, "b": [2, 3]}))
    with sqlite3.connect(hw / "data" / "words.db") as db:
        db.execute("CREATE TABLE words (word TEXT)")
    q3 = (hw / "tests" / "q3.py").read_text()
    (hw / "tests" / "q3.py").write_text(q3.replace(
        "        >>> square_all([5, 6])\n",
        "        >>> from checks import check_it\n        >>> from tests.hw import same\n"
        "        >>> square_all([5, 6])\n"))
    (hw / "tests" / "hw.py").write_text("def same(x):\n    return x\n")  # named as the source
    (hw / "checks.py").write_text('"""Use: >>> from checks import check_it"""\n'
                                  "def check_it():\n    return True\n")
    (hw / "show.py").write_text("def add_one(x):\n    return x + 1\n\n\n"
                                "def double(x):\n    return x * 2\n")
    # a module the solution imports is copied whatever it holds (its own `test`)
    (hw / "hw.py").write_text("import tools\nimport show\n" + HW_SOLUTION)
    (hw / "tools.py").write_text("test = {'name': 'not a case'}\n")
    kept = {p.as_posix() for p in folder_files(assignments.load(path=hw))}
    assert {"data/genome.fa", "data/scores.csv", "data/freq.pkl", "data/words.db",
            "checks.py", "show.py", "tools.py", "tests/hw.py"} <= kept


def test_the_ok_client_a_course_folder_ships_is_left_out_by_name(tmp_path, ok_wheel):
    """Every course folder holds `ok`, the client as one zip file: verify named it as
    "an archive holding client/...pyc: bytecode", which reads like an alarm."""
    import zipfile
    from grader import assignment as assignments
    from grader.okfolder import left_out
    hw = make_hw(tmp_path)
    with zipfile.ZipFile(ok_wheel) as wheel, zipfile.ZipFile(hw / "ok", "w") as client:
        client.writestr("__main__.py", "from client.cli import ok\nok.main()\n")
        for name in wheel.namelist():
            if name.startswith("client/"):
                client.writestr(name, wheel.read(name))
    assert [(p.as_posix(), why) for p, why in left_out(assignments.load(path=hw))] == \
        [("ok", "the ok client (no student's code needs it)")]


def test_given_names_the_only_other_files_a_copy_gets(tmp_path):
    """No check of what a file holds is complete (a copy of the tests encoded some other
    way: attack22): a course may name, in NAME.grader.json, the files copies get beside
    the sources, the tests and the configuration; every other is left out."""
    from grader import assignment as assignments
    from grader.okfolder import folder_files, left_out
    hw = make_hw(tmp_path)
    (hw / "helper.py").write_text("X = 1\n")
    (hw / "notes.txt").write_text("the answers, rot13\n")
    (hw / "hw.grader.json").write_text(json.dumps({"given": ["helper.py", "tests/__init__.py"]}))
    assignment = assignments.load(path=hw)
    kept = {p.as_posix() for p in folder_files(assignment)}
    assert kept == {"helper.py", "hw.ok", "hw.py", "tests/__init__.py", "tests/q3.py"}
    assert [(p.as_posix(), why) for p, why in left_out(assignment)] == \
        [("notes.txt", "not among the files hw.grader.json names as `given`")]


# --- bulk and gradescope ---------------------------------------------------------------

def test_bulk_grades_a_project_as_ok_grades_each_submission(tmp_path, ok_command):
    proj = make_proj(tmp_path)
    subs = tmp_path / "export" / "course" / "submissions"  # exports nest one folder deeper
    given = {"alice": {"proj.py": PROJ, "utils.py": UTILS},
             "bob": {"proj.py": PROJ, "utils.py": None},  # uploaded only the file he changed
             "carol": {"proj.py": PROJ_TEMPLATE, "utils.py": UTILS}}
    for sid, files in given.items():
        folder = subs / sid / ("nested" if sid == "carol" else "")
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            if text is not None:
                (folder / name).write_text(text)
    out = tmp_path / "out"
    rows = bulk_rows(tmp_path / "export", proj, out)
    records = {r["id"]: r for r in json.loads((out / "results.json").read_text())["submissions"]}
    for sid, files in given.items():  # a file left out is the starter's, as in his folder
        files = {name: UTILS_TEMPLATE if text is None else text for name, text in files.items()}
        expected = ok_score_of(ok_command, proj, files, tmp_path)
        assert float(rows[sid]["total"]) == records[sid]["score"] == expected, sid
    assert [float(rows["carol"][q]) for q in ("01", "02")] == [2, 0]
    assert records["bob"]["starters"] == ["utils.py"]
    assert "starters" not in records["alice"]


def test_a_source_file_without_a_starter_copy_fails_its_own_tests_saying_so(tmp_path):
    """A submission's missing source file is the template's copy (hunt22 #1: a course's
    given utils.py, which the students upload no copy of, cost every test); without
    one, it is a module that fails to import with the reason, never the staff's copy
    (the solution)."""
    from grader import assignment as assignments
    from grader.okfolder import write_grading_folder
    proj = make_proj(tmp_path)
    (proj / "template" / "utils.py").unlink()
    into = tmp_path / "staged"
    assert write_grading_folder(assignments.load(path=proj), into, {"proj.py": PROJ.encode()}) \
        == []
    assert "utils.py is missing from the submission" in (into / "utils.py").read_text()
    (proj / "template" / "utils.py").write_text(UTILS_TEMPLATE)
    into = tmp_path / "again"
    assert write_grading_folder(assignments.load(path=proj), into,
                                {"proj.py": PROJ.encode()}) == ["utils.py"]
    assert (into / "utils.py").read_text() == UTILS_TEMPLATE


def test_bulk_grades_loose_homework_files_with_the_staff_doctests(tmp_path, ok_command):
    hw = make_hw(tmp_path)
    subs = tmp_path / "subs"
    subs.mkdir()
    cheat = HW_TEMPLATE.replace('    >>> double(3)\n    6\n', '    >>> 1\n    1\n')
    given = {"ann": HW_SOLUTION, "ben": HW_TEMPLATE, "cheat": cheat}
    for sid, text in given.items():
        (subs / f"{sid}.py").write_text(text)
    out = tmp_path / "out"
    rows = bulk_rows(subs, hw, out)
    # what ok --score grades: the default tests (a function without examples, such as
    # the given helper, is no free point)
    assert [name for name in rows["ann"] if name in ("add_one", "double", "q3", "helper",
                                                     "square_all")] == HW_OK["default_tests"]
    for sid in ("ann", "ben"):
        assert float(rows[sid]["total"]) == \
            ok_score_of(ok_command, hw, {"hw.py": given[sid]}, tmp_path)
    assert float(rows["ann"]["total"]) == 4 and float(rows["ben"]["total"]) == 0
    # the doctests are the staff's: editing one's own docstring passes nothing
    assert float(rows["cheat"]["double"]) == 0


def test_gradescope_bundle_grades_the_project_one_test_per_question(tmp_path):
    """A source in a subfolder of the upload is found; one the student did not upload
    (the course's given utils.py) is graded as the template holds it (hunt22 #1: the
    bundle carried no template, so it failed every test)."""
    proj = make_proj(tmp_path)
    (proj / "template" / "utils.py").write_text(UTILS)  # given, as a course gives it
    bundle = tmp_path / "gs.zip"
    done = run_grade("gradescope", str(bundle), "--assignment", str(proj))
    assert done.returncode == 0, done.stderr
    root = tmp_path / "ag"
    (root / "source").mkdir(parents=True)
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(root / "source")
        assert sorted(n for n in archive.namelist() if n.startswith("assignment/template/")) \
            == ["assignment/template/proj.py", "assignment/template/utils.py"]
        assert "Students submit `proj.py` and `utils.py`" in archive.read("README.md").decode()
    (root / "submission" / "sub").mkdir(parents=True)
    (root / "submission" / "sub" / "proj.py").write_text(PROJ)
    env = {**os.environ, "PYTHONPATH": str(root / "source" / "grader_pkg")}
    ran = subprocess.run([sys.executable, "-m", "grader.gradescope", "--root", str(root)],
                         env=env, capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    data = json.loads((root / "results" / "results.json").read_text())
    scored = [t for t in data["tests"] if t["max_score"] > 0]
    assert [(t["name"], t["score"], t["max_score"]) for t in scored] == \
        [("Problem 1", 2, 2), ("Problem 2", 3, 3)]
    assert "graded as the starter files hold them: utils.py" in data["output"]



def folder_src_staff(staff: Path) -> Path:
    """A staff folder whose configuration puts its source in a folder (`hw05/hw.py`)."""
    (staff / "hw05").mkdir(parents=True)
    (staff / "hw.ok").write_text(json.dumps({
        "name": "hw", "src": ["hw05/hw.py"], "tests": {"hw05/hw.py": "doctest"},
        "default_tests": ["add_one", "double"], "protocols": ["grading"]}))
    (staff / "hw05" / "hw.py").write_text(HW_SOLUTION)
    return staff


def test_a_source_the_configuration_puts_in_a_folder_is_found_in_bulk_and_the_bundle(tmp_path):
    """`"src": ["hw05/hw.py"]`: ok submits the file under that path; bulk and the bundle
    compared only file names with the whole path, so every submission "had no
    hw05/hw.py" (hunt16 #4). Found with its folder, else by its name alone."""
    staff = folder_src_staff(tmp_path / "staff")
    subs = tmp_path / "subs"
    (subs / "as_ok_submits" / "hw05").mkdir(parents=True)
    (subs / "as_ok_submits" / "hw05" / "hw.py").write_text(HW_SOLUTION)
    (subs / "flat").mkdir()
    (subs / "flat" / "hw.py").write_text(HW_SOLUTION)
    rows = bulk_rows(subs, staff, tmp_path / "out")
    assert {sid: row["total"] for sid, row in rows.items()} == {"as_ok_submits": "2",
                                                                 "flat": "2"}
    bundle = tmp_path / "gs.zip"
    assert run_grade("gradescope", str(bundle), "--assignment", str(staff)).returncode == 0
    root = tmp_path / "ag"
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(root / "source")
    (root / "submission" / "hw05").mkdir(parents=True)
    (root / "submission" / "hw05" / "hw.py").write_text(HW_SOLUTION)
    env = {**os.environ, "PYTHONPATH": str(root / "source" / "grader_pkg"),
           "HOG_GRADESCOPE_SANDBOX": "limits"}
    ran = subprocess.run([sys.executable, "-m", "grader.gradescope", "--root", str(root)],
                         env=env, capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert json.loads((root / "results" / "results.json").read_text())["score"] == 2



WRONG = HW_SOLUTION.replace("return x + 1", "return x + 2")
FOLDER_LAYOUTS = {
    "an old copy deeper": {"old/hw05/hw.py": WRONG, "hw.py": HW_SOLUTION},
    "a name in another case beside": {"hw05/hw.py": HW_SOLUTION, "HW05/hw.py": WRONG},
    "a folder named like the file": {"hw05/hw.py/notes.txt": "x", "hw.py": HW_SOLUTION},
}


@pytest.mark.parametrize("layout", sorted(FOLDER_LAYOUTS))
def test_bulk_and_the_bundle_find_the_same_file(tmp_path, layout):
    """One rule in both (attack18 H2, attack17 F8): the fewest folders around the file
    first, its configured folder before its name alone, the name's case as given first.
    An old copy one folder deeper was graded instead of the file at the top."""
    staff = folder_src_staff(tmp_path / "staff")
    subs = tmp_path / "subs"
    for name, text in FOLDER_LAYOUTS[layout].items():
        (subs / "s" / name).parent.mkdir(parents=True, exist_ok=True)
        (subs / "s" / name).write_text(text)
    (subs / "t").mkdir()  # a second student: a class of one is read as a wrapping folder
    (subs / "t" / "hw.py").write_text(HW_SOLUTION)
    assert bulk_rows(subs, staff, tmp_path / "out")["s"]["total"] == "2"
    bundle = tmp_path / "gs.zip"
    assert run_grade("gradescope", str(bundle), "--assignment", str(staff)).returncode == 0
    root = tmp_path / "ag"
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(root / "source")
    shutil.copytree(subs / "s", root / "submission")
    env = {**os.environ, "PYTHONPATH": str(root / "source" / "grader_pkg"),
           "HOG_GRADESCOPE_SANDBOX": "limits"}
    ran = subprocess.run([sys.executable, "-m", "grader.gradescope", "--root", str(root)],
                         env=env, capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert json.loads((root / "results" / "results.json").read_text())["score"] == 2


# --- Hog's own commands ------------------------------------------------------------------

@pytest.mark.parametrize("command", [["winrate", "x.py"], ["optimal"], ["contest", "x", "--out", "o"]])
def test_hog_only_commands_say_an_ok_assignment_has_no_such_plug_in(tmp_path, command):
    hw = make_hw(tmp_path)
    (tmp_path / "x").mkdir()
    done = run_grade(*command, "--assignment", str(hw), cwd=tmp_path)
    assert done.returncode == 2
    assert f"is an ok assignment: it has no `grade {command[0]}` plug-in" in \
        " ".join(done.stderr.split())
    no_traceback(done)


def test_bulk_stops_a_suite_at_its_first_failing_case_as_ok_score_does(tmp_path, ok_command):
    """Bulk runs every case for its reports, but not those after a suite's first failing
    case: ok never runs them, and what they would change (a list the next test reads)
    would cost a student a point ok gives."""
    lab = tmp_path / "lab"
    (lab / "tests").mkdir(parents=True)
    (lab / "lab.ok").write_text(json.dumps({"name": "Lab", "src": ["lab.py"],
                                            "tests": {"tests/*.py": "ok_test"}}))
    (lab / "tests" / "__init__.py").write_text("")
    setup = ">>> from lab import *"
    for stem, cases in {"q1": [">>> double(2)\n4", ">>> SEEN.append('q1 case 2')"],
                        "q2": [">>> SEEN\n[]"]}.items():
        (lab / "tests" / f"{stem}.py").write_text("test = " + repr({
            "name": stem, "points": 1, "suites": [{
                "type": "doctest", "scored": True, "setup": setup,
                "cases": [{"code": code, "hidden": False, "locked": False} for code in cases]}]}))
    solution = "SEEN = []\n\ndef double(x):\n    return 2 * x\n"
    (lab / "lab.py").write_text(solution)
    subs = tmp_path / "subs"
    subs.mkdir()
    given = {"right": solution, "off_by_one": solution.replace("2 * x", "2 * x + 1")}
    for sid, text in given.items():
        (subs / f"{sid}.py").write_text(text)
    out = tmp_path / "out"
    rows = bulk_rows(subs, lab, out)
    for sid, text in given.items():
        assert float(rows[sid]["total"]) == ok_score_of(ok_command, lab, {"lab.py": text},
                                                        tmp_path), sid
    assert [float(rows["off_by_one"][q]) for q in ("q1", "q2")] == [0, 1]


def test_bulk_lets_code_write_files_in_its_folder_as_ok_does(tmp_path, ok_command):
    """An I/O lab saves a file beside its source and reads it back: ok lets it, and so
    does bulk, in a copy of the folder private to each worker."""
    solution = ('def save(words, path):\n    """\n    >>> save(["a", "b"], "saved.txt")\n'
                '    >>> open("saved.txt").read().split()\n    [\'a\', \'b\']\n    """\n'
                '    with open(path, "w") as f:\n        f.write("\\n".join(words))\n')
    bulk, ok = lab_totals(tmp_path, ok_command, solution)
    assert bulk == 1.0 == ok
    assert not (tmp_path / "subs" / "saved.txt").exists()
    assert not (tmp_path / "lab" / "saved.txt").exists()


def test_bulk_lets_correct_code_be_slow_in_every_case_as_ok_does(tmp_path, ok_command):
    """Six tests of 0.4 s of CPU each, at --timeout 1 --budget 0.5: each within its
    limit, as ok sees them. A worker runs case after case, and its CPU time limit was
    timeout + budget (2 s): the kernel killed it in the fifth, a case ok passes."""
    tests = "".join(f'def q{i}():\n    """\n    >>> q{i}()\n    {i}\n    """\n    spin()\n'
                    f"    return {i}\n\n" for i in range(6))
    solution = ("import time\n\ndef spin():\n    start = time.process_time()\n"
                "    while time.process_time() - start < 0.4:\n        pass\n\n" + tests)
    # (ok at its default timeout: its clock is the wall's, which a busy machine stretches)
    bulk, ok = lab_totals(tmp_path, ok_command, solution, ("--timeout", "1", "--budget", "0.5"))
    assert bulk == 7.0 == ok  # spin too: no examples


def test_bulk_charges_no_budget_for_cases_that_sleep_and_pass(tmp_path, ok_command):
    """Three cases that sleep 0.6 s and pass, then one that needs 1.3 s of CPU, at
    --timeout 4 --budget 1: ok passes all four. Their sleep was charged to the budget,
    which then gave the last case 1 s: it failed. (ok at its default timeout: it times
    the wall clock, which a busy machine stretches.)"""
    naps = "".join(f'def nap{i}():\n    """\n    >>> nap{i}()\n    {i}\n    """\n'
                   f"    time.sleep(0.6)\n    return {i}\n\n" for i in range(3))
    solution = ("import time\n\n" + naps + 'def total():\n    """\n    >>> total()\n    1\n'
                '    """\n    start = time.process_time()\n'
                "    while time.process_time() - start < 1.3:\n        pass\n    return 1\n")
    bulk, ok = lab_totals(tmp_path, ok_command, solution, ("--timeout", "4", "--budget", "1"),
                          default_tests=["nap0", "nap1", "nap2", "total"])
    assert bulk == 4.0 == ok


def test_bulk_lets_cases_share_randoms_state_as_ok_does(tmp_path, ok_command):
    """ok never seeds `random`: a case that seeds it and the next that goes on drawing
    (\"the dice go on from where the last case left them\") pass in its one process.
    Bulk seeded it before every case, so the staff's own solution scored 0 of 2; it now
    seeds it once per worker."""
    solution = "import random\n\ndef roll(n):\n    return [random.randint(1, 6) for _ in range(n)]\n"
    random_ = __import__("random")
    random_.seed(7)
    first, second = ([random_.randint(1, 6) for _ in range(3)] for _ in range(2))
    lab = tmp_path / "lab"
    (lab / "tests").mkdir(parents=True)
    (lab / "dice.ok").write_text(json.dumps({"name": "Dice", "src": ["dice.py"],
                                             "tests": {"tests/*.py": "ok_test"}}))
    (lab / "dice.py").write_text(solution)
    (lab / "tests" / "__init__.py").write_text("")
    (lab / "tests" / "roll.py").write_text("test = " + repr({
        "name": "roll", "points": 2, "suites": [{
            "type": "doctest", "scored": True, "teardown": "",
            "setup": ">>> import random\n>>> from dice import *",
            "cases": [{"code": f">>> random.seed(7)\n>>> roll(3)\n{first}", "hidden": False},
                      {"code": f">>> roll(3)\n{second}", "hidden": False}]}]}))
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "ann.py").write_text(solution)
    rows = bulk_rows(subs, lab, tmp_path / "out")
    assert float(rows["ann"]["total"]) == ok_score_of(ok_command, lab, {}, tmp_path) == 2.0


def test_bulk_gives_the_code_the_builtins_a_plain_python3_has_as_ok_does(tmp_path, ok_command):
    """`exit`, `quit` and `help` come from `site`, which the sandboxed worker did not run:
    a module naming `exit` at import failed every test in bulk (ok: full marks)."""
    solution = ('EXIT = exit\n\n\ndef safe_call():\n    """\n    >>> safe_call()\n    \'bye\'\n'
                '    """\n    try:\n        quit()\n    except SystemExit:\n        return \'bye\'\n\n\n'
                'def helped():\n    """\n    >>> callable(help)\n    True\n    """\n')
    assert lab_totals(tmp_path, ok_command, solution) == (2.0, 2.0)


def test_bulk_lets_code_use_multiprocessing_and_ask_its_user_name_as_ok_does(tmp_path, ok_command):
    """A process pool, a lock and a queue need /dev/shm (the sandbox's was read-only:
    PermissionError), and `getpass.getuser()` a user name (the sandbox's user has no
    entry in the password database: KeyError at import failed every test). ok passes
    them; so does bulk now."""
    solution = (
        "import getpass\nimport multiprocessing\n\nUSER = getpass.getuser()\n\n"
        "def _square(x):\n    return x * x\n\n"
        'def squares(n):\n    """\n    >>> squares(4)\n    [0, 1, 4, 9]\n    """\n'
        "    with multiprocessing.Pool(2) as pool:\n        return pool.map(_square, range(n))\n\n"
        'def locked():\n    """\n    >>> locked()\n    True\n    """\n'
        "    lock = multiprocessing.Lock()\n    with lock:\n        return True\n\n"
        'def queued():\n    """\n    >>> queued()\n    5\n    """\n'
        "    q = multiprocessing.Queue()\n    q.put(5)\n    return q.get(timeout=5)\n\n"
        'def named():\n    """\n    >>> isinstance(named(), str) and named() != ""\n    True\n'
        '    """\n    return USER\n')
    bulk, ok = lab_totals(tmp_path, ok_command, solution)
    assert bulk == 5.0 == ok  # _square too: no examples


def test_random_is_in_seed_0s_state_at_the_first_test_as_in_ok(ok_command, tmp_path):
    """ok imports pytutor while it loads, and pytutor's top level runs random.seed(0):
    at the first test `random` is in that state, whatever a doctest source seeded at
    import, and later cases go on drawing from it. Staff who write expected numbers by
    running ok got numbers grade never drew: unseeded in a student's run, seed 61 in
    bulk and on Gradescope (hunt20 #2)."""
    import random
    rng = random.Random(0)
    pick = rng.randint(1, 100)
    three, five = [rng.randint(1, 6) for _ in range(3)], [rng.randint(1, 6) for _ in range(5)]
    source = ('import random\nrandom.seed(2023)\n\n'
              f'def pick():\n    """\n    >>> pick()\n    {pick}\n    """\n'
              '    return random.randint(1, 100)\n\n'
              'def roll(n):\n    return [random.randint(1, 6) for _ in range(n)]\n')
    case_file = ("test = {'name': 'roll', 'points': 1, 'suites': [{'type': 'doctest', "
                 "'scored': True, 'setup': '>>> from hw import *', 'cases': ["
                 f"{{'code': '>>> roll(3)\\n{three}'}}, {{'code': '>>> roll(5)\\n{five}'}}]}}]}}\n")
    staff = tmp_path / "staff"
    staff.mkdir()
    (staff / "hw.ok").write_text(json.dumps({
        "name": "HW", "src": ["hw.py"], "default_tests": ["pick", "roll"],
        "tests": {"hw.py": "doctest", "tests/*.py": "ok_test"},
        "protocols": ["file_contents", "grading", "scoring"]}))
    (staff / "hw.py").write_text(source)
    (staff / "tests").mkdir()
    (staff / "tests" / "__init__.py").write_text("")
    (staff / "tests" / "roll.py").write_text(case_file)
    ok = ok_points(ok_command, staff)
    assert ok == {"pick": (1.0, 1.0), "roll": (1.0, 1.0)}
    assert grade_points(staff) == ok
    (tmp_path / "class" / "alice").mkdir(parents=True)
    (tmp_path / "class" / "alice" / "hw.py").write_text(source)
    row = bulk_rows(tmp_path / "class", staff, tmp_path / "out")["alice"]
    assert (row["pick"], row["roll"]) == ("1", "1"), row


def test_resume_refuses_a_staff_folder_whose_staged_files_changed(tmp_path):
    """A record kept by `--resume` must have been graded with what it is graded with
    now: bulk's digest held the case files only, so a changed helper or
    `tests/__init__.py` (which runs before any test) mixed old verdicts with new ones
    (hunt21 F12)."""
    staff = make_hw(tmp_path, template=False)
    (tmp_path / "class" / "alice").mkdir(parents=True)
    (tmp_path / "class" / "alice" / "hw.py").write_text(HW_SOLUTION)
    out = tmp_path / "out"
    bulk_rows(tmp_path / "class", staff, out)
    assert run_grade("bulk", str(tmp_path / "class"), "--assignment", str(staff), "--out",
                     str(out), "--resume").returncode == 0
    (staff / "tests" / "__init__.py").write_text("import sys\nsys.setrecursionlimit(5000)\n")
    refused = run_grade("bulk", str(tmp_path / "class"), "--assignment", str(staff),
                        "--out", str(out), "--resume")
    assert refused.returncode == 2 and "different settings" in refused.stderr, refused.stderr


# --- a staff folder as a course repository keeps it ----------------------------------------

REPO_LAB = '''\
import os
import subprocess

from ucb import trace


def words():
    """The words the shared word list holds."""
    with open("data/words.txt") as f:
        return f.read().split()


def save(text):
    """Write TEXT into output/, which the folder keeps empty."""
    with open(os.path.join("output", "result.txt"), "w") as f:
        return f.write(text)


def tool():
    """What the folder's own script prints."""
    return subprocess.run(["./tool.sh"], capture_output=True, text=True).stdout.strip()


def log(line):
    """Add LINE to the given log; how many lines it then has."""
    with open("log.txt", "a") as f:
        f.write(line + "\\n")
    with open("log.txt") as f:
        return len(f.readlines())
'''


def repo_lab(root: Path) -> Path:
    """A lab as a course repository lays it out: ucb.py, the word list and one case file
    are symbolic links into a shared folder beside it, output/ holds only a .gitkeep,
    and tool.sh is an executable script the code runs."""
    shared, staff = root / "shared", root / "lab"
    (shared / "data").mkdir(parents=True)
    (shared / "ucb.py").write_text("def trace(fn):\n    return fn\n")
    (shared / "data" / "words.txt").write_text("apple kiwi\n")
    (shared / "q1.py").write_text(
        "test = {'name': 'q1', 'points': 1, 'suites': [{'type': 'doctest', 'scored': True, "
        "'setup': '>>> from lab import *', 'cases': [{'code': '>>> words()\\n"
        "[\\'apple\\', \\'kiwi\\']'}]}]}\n")
    (staff / "tests").mkdir(parents=True)
    (staff / "tests" / "__init__.py").write_text("")
    for name, code, want in (("q2", "save('hi')", "2"), ("q3", "tool()", "'ran'"),
                             ("q4", "log('two')", "2")):
        (staff / "tests" / f"{name}.py").write_text("test = " + repr({
            "name": name, "points": 1, "suites": [{
                "type": "doctest", "scored": True, "setup": ">>> from lab import *",
                "cases": [{"code": f">>> {code}\n{want}"}]}]}) + "\n")
    (staff / "lab.ok").write_text(json.dumps({
        "name": "Lab", "src": ["lab.py"], "tests": {"tests/q*.py": "ok_test"},
        "default_tests": ["q1", "q2", "q3", "q4"], "protocols": ["file_contents", "grading"]}))
    (staff / "lab.py").write_text(REPO_LAB)
    (staff / "template").mkdir()
    (staff / "template" / "lab.py").write_text(REPO_LAB)
    (staff / "output").mkdir()
    (staff / "output" / ".gitkeep").write_text("")
    (staff / "tool.sh").write_text("#!/bin/sh\necho ran\n")
    (staff / "tool.sh").chmod(0o755)
    (staff / "log.txt").write_text("one\n")
    (staff / "ucb.py").symlink_to("../shared/ucb.py")
    (staff / "data").symlink_to("../shared/data")
    (staff / "tests" / "q1.py").symlink_to("../../shared/q1.py")
    return staff


def test_links_empty_folders_and_scripts_of_a_staff_folder_reach_every_copy(tmp_path):
    """A course repository links shared files in (ok follows the links), keeps an empty
    folder with a .gitkeep and ships a script and a log the code adds to: bulk crashed on
    the linked case file for every submission (hunt26 B), the linked helper and data
    were left out of every copy, the empty folder was never made (C), the script lost
    its execute bit, and, graded as root, the given log was read-only to the code (A)."""
    staff = repo_lab(tmp_path)
    local = shutil.copytree(staff, tmp_path / "local", symlinks=True)  # links still reach
    assert "4 / 4" in " ".join(run_grade("--score", cwd=local).stdout.split())
    done = run_grade("verify", "--assignment", str(staff))
    assert done.returncode == 0, done.stdout + done.stderr
    subs = tmp_path / "subs"
    for sid in ("s", "t"):
        (subs / sid).mkdir(parents=True)
        (subs / sid / "lab.py").write_text(REPO_LAB)
    rows = bulk_rows(subs, staff, tmp_path / "out")
    assert [rows[sid]["total"] for sid in ("s", "t")] == ["4", "4"], rows
    bundle = tmp_path / "gs.zip"
    assert run_grade("gradescope", str(bundle), "--assignment", str(staff)).returncode == 0
    with zipfile.ZipFile(bundle) as archive:
        entries = {info.filename: info.external_attr >> 16 for info in archive.infolist()}
    for name in ("ucb.py", "data/words.txt", "tests/q1.py", "output/"):
        assert f"assignment/{name}" in entries, name
    assert entries["assignment/tool.sh"] & 0o111
    published = tmp_path / "lab.zip"
    done = run_grade("publish", str(published), "--assignment", str(staff))
    assert done.returncode == 0, done.stdout + done.stderr
    with zipfile.ZipFile(published) as archive:
        entries = {Path(*Path(info.filename).parts[1:]).as_posix()
                   + ("/" if info.is_dir() else ""): info.external_attr >> 16
                   for info in archive.infolist()}
    for name in ("ucb.py", "data/words.txt", "tests/q1.py", "output/"):
        assert name in entries, (name, sorted(entries))
    assert entries["tool.sh"] & 0o111


def test_a_helper_imported_only_by_another_helper_is_copied(tmp_path):
    """`settings.py`, with a top-level `test = False` debugging flag, imported by the
    `utils.py` the solution imports: taken for a case file under a name no test reads,
    it was left out of every copy and every submission failed importing it (hunt26 D).
    A helper of a kept helper is kept as the sources' own are; a data file is no
    bytecode for its first bytes alone."""
    staff = tmp_path / "lab"
    (staff / "tests").mkdir(parents=True)
    (staff / "tests" / "__init__.py").write_text("")
    (staff / "tests" / "q1.py").write_text("test = " + repr({
        "name": "q1", "points": 1, "suites": [{"type": "doctest", "scored": True,
                                              "cases": [{"code": ">>> from lab import f\n>>> f()\n3"}]}]}) + "\n")
    (staff / "lab.ok").write_text(json.dumps({
        "name": "Lab", "src": ["lab.py"], "tests": {"tests/q*.py": "ok_test"},
        "protocols": ["file_contents", "grading"]}))
    lab = "from utils import size\n\n\ndef f():\n    return size()\n"
    (staff / "lab.py").write_text(lab)
    (staff / "utils.py").write_text("import settings\n\n\ndef size():\n    return settings.SIZE\n")
    (staff / "settings.py").write_text("SIZE = 3\ntest = False  # True prints debugging\n")
    # a Windows text file whose first line is one Greek letter: its first bytes read as
    # a .pyc's header (two bytes, CR LF), and it was left out as bytecode
    (staff / "letters.txt").write_bytes("\u03bb\r\n\u03bc\r\n\u03c0\r\n".encode())
    (staff / "template").mkdir()
    (staff / "template" / "lab.py").write_text(lab)
    done = run_grade("verify", "--assignment", str(staff))
    assert done.returncode == 0 and "left out" not in done.stdout, done.stdout + done.stderr
    (tmp_path / "subs" / "s").mkdir(parents=True)
    (tmp_path / "subs" / "s" / "lab.py").write_text(lab)
    (tmp_path / "subs" / "t").mkdir()
    (tmp_path / "subs" / "t" / "lab.py").write_text(lab)
    assert bulk_rows(tmp_path / "subs", staff, tmp_path / "out")["s"]["total"] == "1"


def test_with_no_default_tests_a_function_only_the_solution_has_is_no_test(tmp_path, ok_command):
    """ok tests the functions of the file it is given: with no default_tests, a helper of
    the staff's own solution that template/ lacks cost every student a point in bulk and
    on Gradescope, and showed them its examples (attack27 F2). It is no test there now,
    as in ok, and `grade verify` names it; an example only the solution's docstring
    has is named too (bulk grades the solution's)."""
    staff = make_hw(tmp_path)
    config = json.loads((staff / "hw.ok").read_text())
    del config["default_tests"]
    (staff / "hw.ok").write_text(json.dumps(config))
    extra = ('\n\ndef digits_of(n):\n    """The staff\'s own helper.\n\n'
             '    >>> digits_of(2024)\n    [2, 0, 2, 4]\n    """\n'
             '    return [int(d) for d in str(n)]\n')
    (staff / "hw.py").write_text(HW_SOLUTION.replace(
        "    >>> double(3)\n    6\n", "    >>> double(3)\n    6\n    >>> double(10 ** 20)\n"
        "    200000000000000000000\n") + extra)
    student = HW_SOLUTION  # the template filled in: no digits_of
    submissions = tmp_path / "subs"
    (submissions / "ann").mkdir(parents=True)
    (submissions / "ann" / "hw.py").write_text(student)
    row = bulk_rows(submissions, staff, tmp_path / "out")["ann"]
    assert "digits_of" not in row and row["add_one"] == row["double"] == "1", row
    assert float(row["total"]) == ok_score_of(ok_command, staff, {"hw.py": student}, tmp_path)
    done = run_grade("verify", "--assignment", str(staff))
    assert done.returncode == 0, done.stdout + done.stderr
    notes = " ".join(done.stdout.split())
    assert "not graded in bulk and on Gradescope: digits_of" in notes, done.stdout
    assert "the solution's examples are not the template's: double" in notes, done.stdout


def test_verify_names_hidden_examples_whose_output_a_check_decides(tmp_path):
    """A hidden example that prints a check's True (`f(xs) == sorted(xs)`, a helper's
    verdict) passes for code whose objects answer `==` themselves or that replaces the
    helper at import, in grade as in ok (attack27 F1): verify names each such case, and
    no case that shows a value or calls the student's own function."""
    staff = make_hw(tmp_path)
    q3 = HW_Q3.replace(
        "'hidden': True, 'locked': False}\n      ],",
        "'hidden': True, 'locked': False},\n"
        "        {'code': '>>> xs = [3, 1]\\n>>> square_all(xs) == [9, 1]\\nTrue', "
        "'hidden': True, 'locked': False},\n"
        "        {'code': '>>> no_negatives(square_all([-2]))\\nTrue', "
        "'hidden': True, 'locked': False},\n"
        "        {'code': '>>> helper(3) > 8\\nTrue', 'hidden': False, 'locked': False},\n"
        "        {'code': '>>> add_one(1) == 2\\nTrue', 'hidden': True, 'locked': True},\n"
        "        {'code': '>>> callable(square_all)\\nTrue', 'hidden': True, 'locked': False}\n"
        "      ],")
    q3 = q3.replace(">>> from hw import *", ">>> from hw import *\n      >>> from tests.helpers "
                    "import no_negatives")
    (staff / "tests" / "q3.py").write_text(q3)
    (staff / "tests" / "helpers.py").write_text("def no_negatives(xs):\n"
                                                "    return all(x >= 0 for x in xs)\n")
    done = run_grade("verify", "--assignment", str(staff))
    assert done.returncode == 0, done.stdout + done.stderr
    notes = " ".join(done.stdout.split())
    assert "a check's verdict, not a value: q3 case 4, q3 case 5, q3 case 7, q3 case 8." in notes, notes


def test_a_function_the_configuration_names_is_a_test_though_the_template_lacks_it(tmp_path):
    """`"hw.py:digits_of": "doctest"` names a test: ok runs it in every student's file
    (refusing a file without it), so bulk grades it even where template/ lacks the
    function (students write it from scratch), and verify says students must write it
    (review27 F6: it was dropped with the staff's own helpers)."""
    staff = make_hw(tmp_path)
    config = json.loads((staff / "hw.ok").read_text())
    del config["default_tests"]
    config["tests"] = {"hw.py:digits_of": "doctest", **config["tests"]}
    (staff / "hw.ok").write_text(json.dumps(config))
    extra = ('\n\ndef digits_of(n):\n    """Its digits.\n\n'
             '    >>> digits_of(2024)\n    [2, 0, 2, 4]\n    """\n'
             '    return [int(d) for d in str(n)]\n')
    (staff / "hw.py").write_text(HW_SOLUTION + extra)
    submissions = tmp_path / "subs"
    (submissions / "ann").mkdir(parents=True)
    (submissions / "ann" / "hw.py").write_text(HW_SOLUTION + extra)
    row = bulk_rows(submissions, staff, tmp_path / "out")["ann"]
    assert row.get("digits_of") == "1", row
    done = run_grade("verify", "--assignment", str(staff))
    notes = " ".join(done.stdout.split())
    assert "hw.ok names digits_of, which template/ does not define" in notes, done.stdout


def test_a_class_and_its_results_kept_in_the_staff_folder_reach_no_copy(tmp_path):
    """Staff who grade from inside the assignment folder (`grade bulk submissions
    --assignment . --out out`) keep the class's code and the run's output in it: no
    sandbox, published folder or bundle may hold either, this run's or an earlier one's
    (attack28 F4: a classmate's code exec'd for full marks, the class's grades printed,
    hidden cases answered from report.html or the live results.sqlite)."""
    hw = make_hw(tmp_path)
    subs = hw / "submissions"
    (subs / "alice").mkdir(parents=True)
    (subs / "alice" / "hw.py").write_text(HW_SOLUTION)
    (subs / "ben").mkdir()
    (subs / "ben" / "hw.py").write_text(HW_TEMPLATE)
    borrow = ("\nimport glob as _g, os as _o\n"
              "for _p in _g.glob(_o.path.join(_o.path.dirname(_o.path.abspath(__file__)), "
              "'**', '*.py'), recursive=True):\n"
              "    if 'alice' in _p:\n"
              "        exec(open(_p).read(), globals())\n")
    (subs / "mallory.py").write_text(HW_TEMPLATE + borrow)
    snoop = ("import glob as _g\n"
             "SEEN = ' '.join(open(p, errors='replace').read() for pattern in "
             "('**/grades.csv', '**/results.sqlite', '**/report.html') "
             "for p in _g.glob(pattern, recursive=True))\n")
    (subs / "snoop.py").write_text(HW_TEMPLATE.replace(
        '    """Return x plus one.', '    """Return x plus one.').replace(
        "def add_one(x):", snoop + "\n\ndef add_one(x):\n    print(len(SEEN), SEEN[:300])\n"
        "    return x + 1\n\n\ndef unused(x):", 1))
    for run, out in enumerate(("out", "out-late")):
        rows = bulk_rows(subs, hw, hw / out, "--no-cgroups")
        assert float(rows["alice"]["total"]) == 4, rows
        assert float(rows["mallory"]["total"]) == 0, (run, rows["mallory"])
        results = json.loads((hw / out / "results.json").read_text())
        seen = next(s for s in results["submissions"] if s["id"] == "snoop")
        said = seen["questions"]["add_one"]["output"]
        assert "Got:\n    0 \n" in said, said[:2000]  # it found nothing to print
        assert "alice" not in said and "SECRET-HIDDEN-CASE" not in said, said[:2000]
    for command, archive in (("publish", tmp_path / "hw.zip"),
                             ("gradescope", tmp_path / "bundle.zip")):
        done = run_grade(command, str(archive), "--assignment", str(hw))
        assert done.returncode == 0, done.stdout + done.stderr
        with zipfile.ZipFile(archive) as opened:
            names = opened.namelist()
        assert not [n for n in names if re.search(r"/(submissions|out|out-late)/", n)], names
    said = run_grade("verify", "--assignment", str(hw)).stdout
    assert "submissions/mallory.py (it defines the functions students write" in " ".join(said.split())
    # OUT or the submissions as the folder itself: every copy would hold the reports (or
    # be empty, its own store making it an output): refused, nothing written
    for args in (["bulk", str(subs), "--assignment", str(hw), "--out", str(hw)],
                 ["bulk", str(hw), "--assignment", str(hw), "--out", str(tmp_path / "o3")]):
        done = run_grade(*args)
        assert done.returncode == 2 and "cannot be the assignment folder" in done.stderr, done
    assert not (hw / "grades.csv").exists() and not (tmp_path / "o3").exists()
