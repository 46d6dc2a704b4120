"""`grade` and the real ok client agree test by test, points included, on every bank in
examples/ok/ (a homework, labs, a two-file project): on the solution, on the starter
template, and on one-bug variants of the solution made by `grade mutate`'s generator.
Where ok cannot run a folder at all (a project's typing.py, scheme suites), grade
still grades what it can, and says what it does not run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_grade
from grader import assignment as assignments
from grader import mutate
from okcourse import BANKS, copy_bank
from okfolders import grade_points, ok_points

COMPARABLE = ["hw02", "hw03", "lab03", "lab05", "proj02b"]
PER_BANK = 6


def sampled_mutants(bank: str):
    mutants = mutate.ok_mutants(assignments.load(path=BANKS / bank))
    step = max(1, len(mutants) // PER_BANK)
    return [pytest.param(bank, m.file, m.source, id=f"{bank}:{m.id[:50]}")
            for m in mutants[::step]][:PER_BANK]


@pytest.mark.parametrize("bank", COMPARABLE)
@pytest.mark.parametrize("src", [None, "template"], ids=["solution", "template"])
def test_solution_and_template_score_as_ok_scores_them(bank, src, ok_command, tmp_path):
    folder = copy_bank(bank, tmp_path, src=src)
    assert grade_points(folder) == ok_points(ok_command, folder)


@pytest.mark.parametrize("bank,file,source",
                         [p for bank in COMPARABLE for p in sampled_mutants(bank)])
def test_one_bug_variants_score_as_ok_scores_them(bank, file, source, ok_command, tmp_path):
    folder = copy_bank(bank, tmp_path)
    (folder / file).write_text(source, encoding="utf-8")
    assert grade_points(folder) == ok_points(ok_command, folder)


def test_locked_tests_score_as_ok_scores_them(ok_command, tmp_path):
    """A lab as students get it, locked by ok itself: locked suites earn nothing."""
    folder = copy_bank("lab03", tmp_path, locked=True)
    assert grade_points(folder) == ok_points(ok_command, folder)


def test_a_project_ok_cannot_start_is_graded(tmp_path):
    """ok crashes on a typing.py (its own imports find the student's file)."""
    folder = copy_bank("proj02", tmp_path)
    done = run_grade("--score", "--json", "-", cwd=folder)
    record = json.loads(done.stdout)
    assert done.returncode == 0, done.stderr
    assert record["score"] == record["max_score"] > 0


def test_scheme_suites_are_named_and_the_python_is_graded(tmp_path):
    folder = copy_bank("lab09", tmp_path)
    done = run_grade("--score", cwd=folder)
    assert "does not run scheme suites" in done.stdout
    assert "All questions run passed" in done.stdout, done.stdout
    template = copy_bank("lab09", tmp_path / "t", src="template")
    assert run_grade(cwd=template).returncode == 1
    scheme_file = run_grade("-q", "tests.scm", "--score", "--json", "-", cwd=folder)
    record = json.loads(scheme_file.stdout)["questions"]["tests.scm"]
    assert record["status"] == "unsupported" and record["max_score"] == 0, record


def test_verify_names_the_tests_it_could_not_check():
    """`grade verify` said "the solution passes every test" of a bank whose SQL tests
    it had not run (hunt22 #7)."""
    done = run_grade("verify", "--assignment", str(BANKS / "lab09"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "not checked: over-twice, old-dogs" in done.stdout
    assert "passes every test this grader runs" in done.stdout


def test_gradescope_never_shows_a_test_it_did_not_run_as_passed(tmp_path):
    """A test of scheme or sqlite suites only was a green "passed" test on Gradescope,
    even for an empty lab09.sql (hunt22 #4): it is now no test, and the output names it
    as not graded here; a test that also has such a suite says how many of its cases
    did not run."""
    from grader.gradescope import results
    from grader.okfolder import staff_questions
    import shutil
    subs = tmp_path / "subs" / "ann"
    subs.mkdir(parents=True)
    for name in ("lab09.py", "lab09.scm"):
        shutil.copy(BANKS / "lab09" / name, subs / name)
    (subs / "lab09.sql").write_text("")
    out = tmp_path / "out"
    done = run_grade("bulk", str(tmp_path / "subs"), "--assignment", str(BANKS / "lab09"),
                     "--out", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    shown = json.loads((out / "gradescope" / "ann" / "results.json").read_text())
    assert [t["number"] for t in shown["tests"]] == ["flatten", "mixed"]
    assert all(t["status"] == "passed" for t in shown["tests"]), shown["tests"]
    assert "Not graded here" in shown["output"] and "over-twice, old-dogs" in shown["output"]
    assert shown["output"].startswith("Graded with 2 cases.")  # (of 5: review23 F5)
    mixed = next(t for t in shown["tests"] if t["number"] == "mixed")
    assert "1 in a language this grader does not run" in mixed["output"]
    not_graded = {"id": "bob", "score": 0, "max_score": 3, "error": "no lab09.py",
                  "failures": [], "questions": {}}
    questions = staff_questions(assignments.load(path=BANKS / "lab09"))
    assert [t["number"] for t in results(not_graded, questions)["tests"]] == ["flatten", "mixed"]


# What real students' files do when the module is imported (each a line or a few at the
# top of a source file), graded by both clients on a bank each, the bank turning with the
# habit: what the file reads (itself, the folder, the network), prints, asks, changes.
IMPORT_HABITS = {
    "reads_itself": "_SOURCE = open(__file__, encoding='utf-8').read()\n",
    "reads_the_folder": "import os as _os\n_HERE = sorted(_os.listdir('.'))\n",
    "network": ("try:\n    import urllib.request as _url\n"
                "    _url.urlopen('http://127.0.0.1:9/', timeout=1)\n"
                "except Exception as _error:\n    print('offline:', type(_error).__name__)\n"),
    "prints": "print('loading', __name__)\n",
    "asks": "try:\n    _NAME = input('name? ')\nexcept EOFError:\n    _NAME = None\n",
    "names_exit": "EXIT, QUIT = exit, quit\n",
    "chdir_and_back": "import os as _os\n_BACK = _os.getcwd()\n_os.chdir('/')\n_os.chdir(_BACK)\n",
    "main_guard": ("import argparse as _argparse\nif __name__ == '__main__':\n"
                   "    _argparse.ArgumentParser().parse_args()\n"),
    "recursion_limit": "import sys as _sys\n_sys.setrecursionlimit(4000)\n",
    "sys_argv": "import sys as _sys\nVERBOSE = len(_sys.argv) > 1 and '-v' in _sys.argv\n",
}


@pytest.mark.parametrize("habit", sorted(IMPORT_HABITS))
def test_code_run_at_import_is_graded_as_ok_grades_it(habit, ok_command, tmp_path):
    bank = COMPARABLE[sorted(IMPORT_HABITS).index(habit) % len(COMPARABLE)]
    folder = copy_bank(bank, tmp_path)
    sources = assignments.load(path=folder).sources
    target = folder / sources[-1]  # a project's second file, where it has one
    target.write_text(IMPORT_HABITS[habit] + target.read_text(encoding="utf-8"), encoding="utf-8")
    ok = ok_points(ok_command, folder)
    assert sum(score for score, _ in ok.values()) > 0, ok  # the habit left the bank gradable
    assert grade_points(folder) == ok


# A lab shipping its Scheme interpreter as a zip file named `scheme` (run as `python3
# scheme`): ok's scheme console puts the relative path `scheme` first on sys.path and
# imports `scheme` as it loads a scheme suite, before any test runs (hunt26 G).
MINI_SCHEME = {
    "__main__.py": "import scheme\n",
    "pair.py": ("class Pair:\n    def __init__(self, first, rest):\n"
                "        self.first, self.rest = first, rest\n"
                "    def __repr__(self):\n        return f'Pair({self.first!r}, {self.rest!r})'\n"),
    "scheme.py": ("print('Welcome to a small Scheme')\n"
                  "class SchemeError(Exception):\n    pass\n"
                  "def create_global_frame():\n    return {}\n"
                  "def read_line(line):\n    return line.strip('()').split()\n"
                  "def scheme_eval(expression, frame):\n"
                  "    operator, *operands = expression\n"
                  "    if operator != '+':\n        raise SchemeError('unknown: ' + operator)\n"
                  "    return sum(int(operand) for operand in operands)\n"
                  "def repl_str(value):\n    return str(value)\n"),
}
ZIP_LAB = {
    "lab.ok": ('{"name": "Lab Z", "src": ["lab.py"], "tests": {"tests/*.py": "ok_test"}, '
               '"protocols": ["file_contents", "grading"]}\n'),
    "lab.py": "from pair import Pair\n\ndef two():\n    return Pair(1, Pair(2, None))\n",
    "tests/__init__.py": "",
    "tests/q1.py": ("test = {'name': 'q1', 'points': 1, 'suites': [{'type': 'doctest', "
                    "'scored': True, 'setup': '>>> from lab import *', 'cases': "
                    "[{'code': '>>> two()\\nPair(1, Pair(2, None))'}]}]}\n"),
    "tests/q2.py": ("test = {'name': 'q2', 'points': 1, 'suites': [{'type': 'scheme', "
                    "'scored': True, 'cases': [{'code': 'scm> (+ 1 2)\\n3'}]}]}\n"),
    "tests/q3.py": ("test = {'name': 'q3', 'points': 1, 'suites': [{'type': 'doctest', "
                    "'scored': True, 'cases': [{'code': '>>> import scheme\\n"
                    ">>> scheme.repl_str(5)\\n\\'5\\''}]}]}\n"),
}


def test_a_lab_shipping_its_interpreter_as_a_zip_is_graded_as_ok_grades_it(ok_command,
                                                                           tmp_path):
    """A module found only in the `scheme` zip (pair.py) imports in the Python tests, and
    what scheme.py prints at import lands in no test, in ok as in grade (grade runs no
    scheme suite: q2 is named and not counted); in bulk too, the zip being given data."""
    from okfolders import write_folder
    import zipfile
    folder = write_folder(tmp_path / "lab", ZIP_LAB)
    with zipfile.ZipFile(folder / "scheme", "w") as archive:
        for name, text in MINI_SCHEME.items():
            archive.writestr(name, text)
    ok = ok_points(ok_command, folder)
    assert ok == {"q1": (1.0, 1.0), "q2": (1.0, 1.0), "q3": (1.0, 1.0)}, ok
    graded = grade_points(folder)
    assert graded == {"q1": (1.0, 1.0), "q2": (0.0, 0.0), "q3": (1.0, 1.0)}, graded
    subs = tmp_path / "subs" / "ann"
    subs.mkdir(parents=True)
    (subs / "lab.py").write_text(ZIP_LAB["lab.py"])
    out = tmp_path / "out"
    done = run_grade("bulk", str(tmp_path / "subs"), "--assignment", str(folder),
                     "--out", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    import csv
    row, = csv.DictReader((out / "grades.csv").open())
    assert (row["id"], row["q1"], row["q3"]) == ("ann", "1", "1"), row
