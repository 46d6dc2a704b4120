"""Any folder with an ok configuration grades as the course's own ok client grades it
(issue 16): the doctest protocol, ok_test files with doctest, wwpp and concept suites,
ok's points spread over scored suites, default tests, and the traps real course
folders hold (a source named like a standard module, a second source file that does
not compile, helpers in tests/, data read at import, suites of other languages).

The agreement is tested on a class of inputs, not one: the solution and every
one-bug variant `grade mutate` makes of it, graded by ok and by `grade`, test by test,
points included.
"""

from __future__ import annotations

import json
import textwrap
import shutil
from pathlib import Path

import pytest

from conftest import run_grade
from grader import assignment as assignments
from grader import mutate
from okcourse import run_ok
from okfolders import grade_points, ok_points, write_folder

HOMEWORK = {
    "hw04.ok": json.dumps({
        "name": "Homework 4", "endpoint": "cal/cs61a/fa99/hw04", "src": ["hw04.py"],
        "tests": {"hw04.py": "doctest", "tests/*.py": "ok_test"},
        "default_tests": ["digits_sum", "compose_all", "Counter.tick", "Counter.reset",
                          "shout", "split_at", "ratio", "q6"],
        "protocols": ["file_contents", "analytics", "grading", "backup"]}),
    "hw04.py": '''HW_SOURCE_FILE = __file__


def digits_sum(n):
    """The sum of the digits of N, without a loop.

    >>> digits_sum(0)
    0
    >>> digits_sum(907)
    16
    >>> from construct_check import check
    >>> check(HW_SOURCE_FILE, 'digits_sum', ['While', 'For'])
    True
    """
    if n < 10:
        return n
    return n % 10 + digits_sum(n // 10)


def compose_all(*fs):
    """A function that applies every f of FS, the last first.

    >>> inc = lambda x: x + 1
    >>> double = lambda x: 2 * x
    >>> compose_all(inc, double)(5)
    11
    >>> compose_all()(3)
    3
    """
    def composed(x):
        for f in reversed(fs):
            x = f(x)
        return x
    return composed


class Counter:
    """Counts ticks.

    >>> c = Counter(2)
    >>> c.tick()
    3
    """

    def __init__(self, start=0):
        self.count = start

    def tick(self):
        """
        >>> c = Counter()
        >>> c.tick(); c.tick()
        1
        2
        """
        self.count = self.count + 1
        return self.count

    def reset(self):
        """
        >>> c = Counter(5)
        >>> c.reset()
        >>> c.count
        0
        """
        self.count = 0


def shout(words):
    """Print each word in capitals, one per line, and return how many.

    >>> shout(['a', 'bc'])
    A
    BC
    2
    """
    count = 0
    for word in words:
        print(word.upper())
        count += 1
    return count


def split_at(s, k):
    """S cut into its first K characters and the rest; K must be in range.

    >>> split_at('hello', 2)
    ('he', 'llo')
    >>> split_at('hi', 3)
    Traceback (most recent call last):
    ...
    ValueError: k out of range
    """
    if k < 0 or k > len(s):
        raise ValueError('k out of range')
    return s[:k], s[k:]


def ratio(a, b):
    """
    >>> ratio(3, 4)
    0.75
    >>> ratio(1, 0) is None
    True
    """
    if b == 0:
        return None
    return a / b


def helper(x):
    return x * 2
''',
    "construct_check.py": '''"""Says whether a function of a file avoids some constructs (our own checker)."""
import ast


def check(source_file, function, disallow, source=None):
    if source is None:
        with open(source_file) as f:
            source = f.read()
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == function:
            found = {type(n).__name__ for n in ast.walk(node)}
            bad = sorted(set(disallow) & found)
            if bad:
                print('Found', ', '.join(bad), 'in', function)
                return False
            return True
    print('No function', function)
    return False
''',
    "tests/__init__.py": "",
    "tests/q6.py": '''test = {
  'name': 'q6',
  'points': 3,
  'suites': [
    {'type': 'doctest', 'scored': True, 'setup': '>>> from hw04 import *', 'cases': [
      {'code': """
      >>> digits_sum(1234)
      10
      >>> ratio(1, 2)
      0.5
      """, 'hidden': False, 'locked': False}]},
    {'type': 'doctest', 'scored': True, 'setup': '>>> from hw04 import *', 'cases': [
      {'code': """
      >>> split_at('abc', 0)
      ('', 'abc')
      """, 'hidden': False, 'locked': False},
      {'code': """
      >>> shout([])
      0
      >>> helper(4)
      8
      """, 'hidden': False, 'locked': False}]},
    {'type': 'wwpp', 'cases': [
      {'code': """
      >>> 3 + 4
      7
      """, 'hidden': False, 'locked': False}]},
    {'type': 'concept', 'cases': [
      {'question': 'Which is a higher-order function?', 'answer': 'compose_all',
       'choices': ['compose_all', 'digits_sum'], 'hidden': False, 'locked': False}]},
  ]
}
''',
}


@pytest.fixture(scope="module")
def homework(tmp_path_factory) -> Path:
    return write_folder(tmp_path_factory.mktemp("staff") / "hw04", HOMEWORK)


def variant(root: Path, homework: Path, name: str, source: str) -> Path:
    folder = root / name / "hw04"
    shutil.copytree(homework, folder)
    (folder / "hw04.py").write_text(source, encoding="utf-8")
    return folder


def test_solution_scores_as_ok_scores_it(homework, ok_command):
    ours = grade_points(homework)
    assert ours == ok_points(ok_command, homework)
    # Counter.tick's `c.tick(); c.tick()` shows nothing in ok's console (not an
    # expression): its doctest fails in ok, and so in grade
    assert ours["Counter.tick"] == (0, 1)
    assert sum(score for score, _ in ours.values()) == 9


def variants(count: int):
    """A spread of one-bug versions of the homework (every kind of mutant, each function)."""
    folder_assignment = None
    source = HOMEWORK["hw04.py"]
    keys = json.loads(HOMEWORK["hw04.ok"])["default_tests"]
    mutants = mutate.generate(source, keys, mutate.Config(), whole_functions=True)
    step = max(1, len(mutants) // count)
    return [pytest.param(m.source, id=m.id[:60]) for m in mutants[::step]][:count]


@pytest.mark.parametrize("source", variants(24))
def test_one_bug_variants_score_as_ok_scores_them(source, homework, ok_command, tmp_path):
    """Partial credit included: q6 spreads its 3 points over two scored suites."""
    folder = variant(tmp_path, homework, "v", source)
    assert grade_points(folder) == ok_points(ok_command, folder)


def test_a_named_test_is_found_in_any_letter_case_or_suggested(homework):
    done = run_grade("-q", "counter.RESET", cwd=homework)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Counter.reset" in done.stdout
    wrong = run_grade("-q", "digit_sum", cwd=homework)
    assert wrong.returncode == 2
    assert "did you mean digits_sum" in wrong.stderr


def test_a_test_outside_default_tests_runs_when_named(homework):
    """`helper` has no docstring: ok scores it as passing (its --score path runs no
    example) and fails it in a plain run ("No doctests found")."""
    scored = run_grade("-q", "helper", "--score", "--json", "-", cwd=homework)
    assert json.loads(scored.stdout)["questions"]["helper"]["status"] == "passed"
    plain = run_grade("-q", "helper", "--json", "-", cwd=homework)
    assert json.loads(plain.stdout)["questions"]["helper"]["status"] == "error"


def test_the_default_run_is_default_tests_in_their_order(homework):
    record = json.loads(run_grade("--json", "-", cwd=homework).stdout)
    assert list(record["questions"]) == json.loads(HOMEWORK["hw04.ok"])["default_tests"]


def test_a_deleted_function_fails_its_own_test_only(homework, tmp_path):
    source = HOMEWORK["hw04.py"].replace("def ratio(a, b):", "def _gone(a, b):")
    folder = variant(tmp_path, homework, "gone", source)
    record = json.loads(run_grade("--json", "-", cwd=folder).stdout)["questions"]
    assert record["ratio"]["status"] == "error"
    assert record["digits_sum"]["status"] == "passed"
    assert record["q6"]["status"] == "failed"  # it calls ratio


def test_a_missing_source_is_named_as_the_reason_its_tests_are_missing(homework, tmp_path):
    """Without hw04.py each of its tests said "was the function or its doctests
    deleted?", and `-q ratio` said there is no such question."""
    folder = variant(tmp_path, homework, "missing", HOMEWORK["hw04.py"])
    (folder / "hw04.py").unlink()
    for args in ([], ["-q", "ratio"]):
        done = run_grade(*args, cwd=folder)
        assert done.returncode == 1, done.stderr
        assert "no test ratio: there is no hw04.py here" in done.stdout


def test_a_source_that_does_not_compile_fails_every_test_with_the_reason(homework, tmp_path):
    source = HOMEWORK["hw04.py"].replace("def helper(x):", "def helper(x)")
    folder = variant(tmp_path, homework, "syntax", source)
    done = run_grade("--json", "-", cwd=folder)
    record = json.loads(done.stdout)["questions"]
    assert done.returncode == 1
    assert all(q["score"] == 0 for q in record.values())
    assert "syntax error" in done.stderr and "line" in done.stderr


# What a folder may hold that Python runs or that is merely odd, which the grader once
# read with a traceback aimed at the student (attack27 F3): a coding no "replace" handler
# decodes, a source nested too deeply for the parser, JSON nested too deeply.
ODD_FILES = {
    "idna": ("hw04.py", lambda text: "# coding: idna\n" + text),
    "deep source": ("hw04.py", lambda text: "x = " + "-" * 5000 + "1\n" + text),
    "deep ok": ("hw04.ok", lambda text: "[" * 100000 + "]" * 100000),
    "deep hints": ("hints.json", lambda text: '{"hints": ' + "[" * 100000 + "]" * 100000 + "}"),
    "deep examples cache": ("tests/__pycache__/q6.examples.json",
                            lambda text: "[" * 100000 + "]" * 100000),
    "a list for a suite type": ("tests/q7.py", lambda text: (
        "test = {'name': 'q7', 'points': 1, 'suites': [{'type': ['scheme'], 'cases': []}]}\n")),
}


@pytest.mark.parametrize("odd", sorted(ODD_FILES))
def test_odd_files_get_an_answer_never_a_traceback(odd, homework, tmp_path, request):
    name, change = ODD_FILES[odd]
    folder = variant(tmp_path, homework, "odd", HOMEWORK["hw04.py"].replace(
        "return", "return 1 +", 1))  # a failing run reads the hints too
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(change(path.read_text(encoding="utf-8") if path.exists() else ""),
                    encoding="utf-8")
    for args in ((), ("--score",), ("--list",), ("-q", "q6", "--score")):
        done = run_grade(*args, cwd=folder)
        assert done.returncode in (0, 1, 2), (args, done.stdout[-800:], done.stderr[-800:])
        assert "Traceback" not in done.stdout + done.stderr, (args, done.stderr[-800:])
    if odd == "idna":  # Python runs such a file (its docstrings read through the codec)
        (folder / name).write_text(change(HOMEWORK["hw04.py"]), encoding="utf-8")
        assert grade_points(folder) == ok_points(request.getfixturevalue("ok_command"), folder)


def test_a_source_that_fails_at_import_says_so_in_each_test(homework, tmp_path):
    """The doctest protocol's setup is the grader's own import, which the student never
    wrote: its failure is told as the import's (hunt27 #3: "the case's setup raised")."""
    folder = variant(tmp_path, homework, "asks", "NAME = input('name? ')\n" + HOMEWORK["hw04.py"])
    done = run_grade("--score", cwd=folder)
    assert done.returncode == 1 and "EOFError" in done.stdout + done.stderr
    assert "importing hw04 raised an error" in done.stdout + done.stderr, done.stdout[-1500:]
    assert "setup raised" not in done.stdout + done.stderr


PROJECT = {
    "typing.ok": json.dumps({
        "name": "Project 2: Typing", "src": ["typing.py", "utils.py"],
        "tests": {"tests/*.py": "ok_test"}, "default_tests": ["01", "02", "03"],
        "protocols": ["file_contents", "grading"]}),
    "typing.py": '''"""A typing trainer (our own small version)."""
from utils import lower, WORDS


def accuracy(typed, reference):
    typed_words, reference_words = typed.split(), reference.split()
    if not typed_words:
        return 0.0
    right = sum(a == b for a, b in zip(typed_words, reference_words))
    return 100.0 * right / len(typed_words)


def known(word):
    return lower(word) in WORDS
''',
    "utils.py": '''import os

with open(os.path.join(os.path.dirname(__file__), "data", "words.txt")) as _f:
    WORDS = set(_f.read().split())


def lower(s):
    return s.lower()
''',
    "data/words.txt": "cat\ndog\nhog\n",
    "helpers.py": "def twice(x):\n    return 2 * x\n",
    "tests/__init__.py": "",
    "tests/checks.py": "def close(a, b):\n    return abs(a - b) < 1e-9\n",
    "tests/01.py": '''test = {'name': 'Problem 1', 'points': 1, 'suites': [
  {'type': 'doctest', 'setup': '>>> from typing import *', 'cases': [
    {'code': ">>> accuracy('a b c', 'a x c')\\n66.66666666666667"},
    {'code': ">>> accuracy('', 'a')\\n0.0"}]}]}
''',
    "tests/02.py": '''test = {'name': 'Problem 2', 'points': 2, 'suites': [
  {'type': 'doctest', 'setup': '>>> from typing import known\\n>>> from tests.checks import close',
   'cases': [{'code': ">>> known('HOG'), known('pig')\\n(True, False)\\n>>> close(0.1 + 0.2, 0.3)\\nTrue"}]}]}
''',
    "tests/03.py": '''test = {'name': 'Problem 3', 'points': 1, 'suites': [
  {'type': 'doctest', 'setup': '>>> from helpers import twice', 'cases': [
    {'code': ">>> twice(21)\\n42"}]},
  {'type': 'scheme', 'cases': [{'code': "scm> (+ 1 2)\\n3"}]}]}
''',
}


@pytest.fixture
def project(tmp_path) -> Path:
    return write_folder(tmp_path / "typing", PROJECT)


def test_a_source_named_like_a_standard_module_is_the_one_imported(project):
    """ok itself cannot grade this folder (its own imports of `typing` find the
    student's file); grade runs the student's typing.py, helpers from tests/ and the
    folder, and the word list read at import."""
    done = run_grade("--score", "--json", "-", cwd=project)
    record = json.loads(done.stdout)
    assert done.returncode == 0, done.stderr
    assert {k: q["score"] for k, q in record["questions"].items()} == {"01": 1, "02": 2, "03": 1}


def test_suites_of_other_languages_are_named_and_not_counted(project):
    done = run_grade("--score", "-q", "03", cwd=project)
    assert done.returncode == 0
    assert "does not run scheme suites" in done.stdout
    assert "1 / 1" in done.stdout


def test_a_second_source_that_does_not_compile_fails_the_tests_that_import_it(project):
    (project / "utils.py").write_text("def lower(s)\n    return s\n", encoding="utf-8")
    record = json.loads(run_grade("--json", "-", cwd=project).stdout)["questions"]
    assert record["01"]["status"] == "error" and record["02"]["status"] == "error"
    assert record["03"]["status"] == "passed"


@pytest.mark.parametrize("args", [["--json", "-"], ["--hints", "-"]])
def test_mutating_a_solution_that_does_not_compile_is_a_clear_error(project, args):
    """Mutants are made in the grader's own process from the solution's text: a second
    source file with a syntax error once crashed `grade mutate` with a traceback."""
    (project / "utils.py").write_text("def lower(s)\n    return s\n", encoding="utf-8")
    done = run_grade("mutate", "--assignment", str(project), *args, timeout=300)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and not done.stdout
    assert "utils.py: the solution does not compile (line 1)" in done.stderr


def test_mutate_measures_a_homework_bank(homework):
    """A mutant is killed by any test the solution passes; the table groups mutants by
    the test named like their function; what survives names a gap in the bank."""
    done = run_grade("mutate", "--assignment", str(homework), "--json", "-", timeout=300)
    record = json.loads(done.stdout)
    assert done.returncode == 1  # the bank has gaps
    survivors = set(record["new_survivors"])
    killed = {m["id"] for m in record["mutants"] if m["failed"]}
    # no doctest of digits_sum has a number of 10 or more: `n <= 10` passes them all
    assert "digits_sum: if n < 10: -> if (n <= 10):" in survivors
    # q6 calls digits_sum(1234): subtracting the rest is caught there, not by its own test
    minus = "digits_sum: return n % 10 + digits_sum(n // 10) -> return (n % 10 - digits_sum(n // 10))"
    assert minus in killed and set(record["mutants"][[m["id"] for m in record["mutants"]].index(minus)]["failed"]) == {"q6"}
    assert record["scores"]["shout"]["survivors"] == 0
    # Counter.tick's own doctest fails on the solution: it kills nothing
    assert all("Counter.tick" not in m["failed"] for m in record["mutants"])


# What a function prints before returning 1, and whether ok drops it (its doctest
# expects 1 alone, so it passes exactly when the printed line is dropped). ok 1.18.1's
# rule, client/utils/debug.py: re.sub(r'^DEBUG[: ].*\n', '', printed, re.M | re.I).
DEBUG_PRINTS = {
    "lower_space": ("print('debug x')", True),
    "upper_space": ("print('DEBUG x')", True),
    "upper_colon": ("print('DEBUG:x')", True),
    "title_colon": ("print('Debug: x')", True),
    "print_args": ("print('debug', 42)", True),
    "split_writes": ("sys.stdout.write('deB'); sys.stdout.write('uG: x\\n')", True),
    "carriage_return_inside": ("print('DEBUG: x\\rkept')", True),
    "other_line_end_inside": ("print('DEBUG: x\\u2028kept\\x0cmore')", True),
    "many": ("for i in range(100000): print('DEBUG:', i)", True),
    "tab": ("print('DEBUG\\tx')", False),
    "no_separator": ("print('DEBUGx')", False),
    "indented": ("print(' DEBUG: x')", False),
    "after_carriage_return": ("print('x\\rDEBUG: y')", False),
    "no_newline": ("print('DEBUG: x', end='')", False),
    "long_no_newline": ("print('DEBUG: ' + 'x' * 300000, end='')", False),
}


def test_debug_lines_are_dropped_exactly_as_ok_drops_them(tmp_path, ok_command):
    """ok's own client and `grade` side by side: the same lines dropped (any letter case,
    a colon or a space, a line being what ends with "\\n"), the rest kept; a returned
    value is never dropped, even when its repr looks like a DEBUG line."""
    functions = [f'def {name}():\n    """\n    >>> {name}()\n    1\n    """\n'
                 f'    {body}\n    return 1\n' for name, (body, _) in DEBUG_PRINTS.items()]
    functions.append('class Shown:\n    def __repr__(self):\n        return "DEBUG: value"\n\n\n'
                     'def value_like_debug():\n    """\n    >>> value_like_debug()\n'
                     '    DEBUG: value\n    """\n    return Shown()\n')
    functions.append('def unfinished_then_value():\n    """\n    >>> unfinished_then_value()\n'
                     '    DEBUG: x1\n    """\n    print("DEBUG: x", end="")\n    return 1\n')
    names = [*DEBUG_PRINTS, "value_like_debug", "unfinished_then_value"]
    folder = write_folder(tmp_path / "dbg", {
        "dbg.ok": json.dumps({"name": "Debug lines", "endpoint": "cal/cs61a/fa99/dbg",
                              "src": ["dbg.py"], "tests": {"dbg.py": "doctest"},
                              "default_tests": names, "protocols": ["file_contents", "grading"]}),
        "dbg.py": "import sys\n\n\n" + "\n\n".join(functions)})
    ok = ok_points(ok_command, folder)
    passed_under_ok = {name for name, (score, _) in ok.items() if score}
    expected = {name for name, (_, dropped) in DEBUG_PRINTS.items() if dropped}
    assert passed_under_ok == expected | {"value_like_debug", "unfinished_then_value"}
    assert grade_points(folder) == ok


@pytest.mark.parametrize("matches", [True, False, "spaced"],
                         ids=["finds files", "finds none", "a known one spaced"])
def test_an_unknown_test_source_is_refused_where_ok_refuses_it(tmp_path, ok_command, matches):
    """ok refuses a configuration whose `tests` names a source it has no module for
    ("Invalid test source"), but only when the pattern finds a file; `grade` said the
    folder had no test (or graded the rest without a word)."""
    folder = tmp_path / "hw"
    folder.mkdir()
    (folder / "hw.py").write_text('def f():\n    """\n    >>> f()\n    1\n    """\n    return 1\n')
    (folder / "hw.ok").write_text(json.dumps({
        "name": "Homework", "src": ["hw.py"],
        "tests": {"hw.py": " doctest" if matches == "spaced" else "doctest,okk_test"}
        if matches else {"hw.py": "doctest", "none/*.py": "okk_test"},
        "protocols": ["grading"]}))
    done = run_grade(cwd=folder)
    by_ok = run_ok(ok_command, folder)
    source = " doctest" if matches == "spaced" else "okk_test"  # (ok imports it as written)
    assert (f"Invalid test source: {source}" in by_ok.stdout + by_ok.stderr) is bool(matches)
    if matches:
        assert done.returncode == 2 and "hw.py" in done.stderr
        assert f"names the test source {source!r}, which ok does not know" in done.stderr
        assert "Traceback" not in done.stderr + done.stdout
    else:
        assert done.returncode == 0, done.stdout + done.stderr


LOAD_TIME = {
    "cf.ok": json.dumps({"name": "CF", "src": ["cf.py"], "tests": {"tests/*.py": "ok_test"},
                         "default_tests": ["q1", "q2", "q3"], "protocols": ["grading"]}),
    "cf.py": 'print("Welcome to the project!")\n\n\n'
             "def depth(n):\n    return 0 if n == 0 else 1 + depth(n - 1)\n",
    "tests/__init__.py": "",
    "tests/support/checker.py": "def check(n):\n    return n > 0\n",
    # statements beyond a case file's data, as course staff write them
    "tests/q1.py": "import sys\nLIMIT = 10000\nsys.setrecursionlimit(LIMIT)\n\n" + textwrap.dedent('''\
        test = {'name': 'q1', 'points': 1, 'suites': [{'type': 'doctest', 'scored': True,
          'setup': '>>> from cf import *', 'cases': [{'code': """
          >>> depth(3000)
          3000
          """}]}]}
        '''),
    "tests/q2.py": "import os, sys\n"
                   "sys.path.insert(0, os.path.join(os.path.dirname(__file__), 'support'))\n\n"
                   + textwrap.dedent('''\
        test = {'name': 'q2', 'points': 1, 'suites': [{'type': 'doctest', 'scored': True,
          'setup': '>>> from checker import check', 'cases': [{'code': """
          >>> check(3)
          True
          """}]}]}
        '''),
    "tests/q3.py": "from cf import *  # what the cases call\n\n" + textwrap.dedent('''\
        test = {'name': 'q3', 'points': 1, 'suites': [{'type': 'doctest', 'scored': True,
          'setup': '', 'cases': [{'code': """
          >>> from cf import *
          >>> depth(3)
          3
          """}]}]}
        '''),
}


def test_a_case_files_data_is_never_sent_to_a_worker_as_code():
    """Only statements beyond the data run in the worker; data under any target shape
    stays data (review24 R4), and a number a statement reads goes with it (R3)."""
    from grader.load import casefile
    import tempfile
    folder = Path(tempfile.mkdtemp())
    (folder / "q1.py").write_text(
        "import sys\nLIMIT = 10000\nsys.setrecursionlimit(LIMIT)\n"
        "SECRET: str = '>>> f(7)\\n49'\nHIDDEN, SHOWN = ['>>> g(2)'], []\nNAME = 'q1'\n"
        "print(NAME)\ntest = {'name': NAME, 'points': 1, 'suites': []}\n")
    assert casefile.read_literal(folder / "q1.py")["name"] == "q1"
    assert casefile.load_time_code(folder / "q1.py") == \
        "import sys\nLIMIT = 10000\nsys.setrecursionlimit(LIMIT)\n"


def test_a_case_files_own_statements_run_before_any_test_as_ok_runs_them(tmp_path, ok_command):
    """ok imports every case file while it loads: a recursion limit raised there, a
    helper folder put on sys.path, the student's module imported (what it prints then
    lands in no test) hold for every test. grade read the data and dropped the rest
    without a word (hunt23 #4): 1 of 3 where ok gives 3, in a student's run and in bulk."""
    ours = write_folder(tmp_path / "ours" / "cf", LOAD_TIME)
    theirs = write_folder(tmp_path / "theirs" / "cf", LOAD_TIME)  # (ok rewrites case files)
    expected = {"q1": (1.0, 1.0), "q2": (1.0, 1.0), "q3": (1.0, 1.0)}
    assert ok_points(ok_command, theirs) == expected
    assert grade_points(ours) == expected
    subs = tmp_path / "subs" / "ann"
    subs.mkdir(parents=True)
    (subs / "cf.py").write_text(LOAD_TIME["cf.py"])
    done = run_grade("bulk", str(subs.parent), "--assignment", str(ours),
                     "--out", str(tmp_path / "out"), timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    record, = json.loads((tmp_path / "out" / "results.json").read_text())["submissions"]
    assert record["score"] == 3, record


STATEFUL = {
    "hw.ok": json.dumps({"name": "HW", "src": ["hw.py"],
                         "tests": {"hw.py": "doctest", "tests/*.py": "ok_test"},
                         "default_tests": ["Counter", "flatten", "q3"],
                         "protocols": ["grading"]}),
    "hw.py": textwrap.dedent('''\
        import random


        class Counter:
            """
            >>> c = Counter()
            >>> Counter.instances
            1
            >>> n = random.randrange(1000)
            """
            instances = 0
            drawn = []

            def __init__(self):
                Counter.instances += 1
                Counter.drawn.append(random.randrange(1000))


        def flatten(items):
            """
            >>> flatten([1, [2]])
            [1, 2]
            """
            while True:  # the student's bug
                pass
        '''),
    "tests/__init__.py": "",
    "tests/q3.py": textwrap.dedent('''\
        test = {'name': 'q3', 'points': 1, 'suites': [{'type': 'doctest', 'scored': True,
          'setup': '>>> from hw import *', 'cases': [{'code': """
          >>> Counter.instances
          1
          >>> len(Counter.drawn)
          1
          """}, {'code': """
          >>> import random
          >>> random.randrange(10 ** 9)
          %d
          """}]}]}
        '''),
}


def test_a_loop_does_not_take_what_earlier_tests_left_in_the_module(tmp_path, ok_command):
    """ok runs every test in one process: after a loop times out, a later test still
    sees what earlier ones left (an instance count, where `random` is). grade's fresh
    worker imported the module again, and the later test failed where ok passes it
    (hunt23 #2): a worker that replaces a stopped one now runs the earlier cases again,
    quietly, first; in a student's run and in bulk alike."""
    import random
    random.seed(0)  # as ok's loader leaves it; then the doctest draws one, q3's case 1 none
    random.randrange(1000), random.randrange(1000)
    files = {**STATEFUL, "tests/q3.py": STATEFUL["tests/q3.py"] % random.randrange(10 ** 9)}
    ours = write_folder(tmp_path / "ours" / "hw", files)
    theirs = write_folder(tmp_path / "theirs" / "hw", files)
    expected = {"Counter": (1.0, 1.0), "flatten": (0.0, 1.0), "q3": (1.0, 1.0)}
    assert ok_points(ok_command, theirs, "--timeout", "1") == expected
    assert grade_points(ours, "--timeout", "1") == expected
    subs = tmp_path / "subs" / "ann"
    subs.mkdir(parents=True)
    (subs / "hw.py").write_text(files["hw.py"])
    done = run_grade("bulk", str(subs.parent), "--assignment", str(ours), "--timeout", "1",
                     "--out", str(tmp_path / "out"), timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    record, = json.loads((tmp_path / "out" / "results.json").read_text())["submissions"]
    assert record["score"] == 2, record


def test_a_helper_in_a_case_file_reading_its_data_is_no_change_to_it(tmp_path, ok_command):
    """A `def` whose body reads the file's data changes nothing when ok imports the file,
    nor does a `__main__` block: grade refused the whole assignment for either (hunt23
    #5). A statement that runs at import and reads the data is still refused."""
    files = {
        "cfh.ok": json.dumps({"name": "CFH", "src": ["cfh.py"],
                              "tests": {"tests/*.py": "ok_test"}, "protocols": ["grading"]}),
        "cfh.py": "def f(x):\n    return x + 1\n",
        "tests/__init__.py": "",
        "tests/q1.py": "SIZES = [1, 2, 3]\n\n\ndef sample():\n    return list(SIZES)\n\n\n"
                       + textwrap.dedent('''\
            test = {'name': 'q1', 'points': 1, 'suites': [{'type': 'doctest', 'scored': True,
              'setup': '>>> from cfh import *\\n>>> from tests.q1 import sample',
              'cases': [{'code': """
              >>> [f(x) for x in sample()]
              [2, 3, 4]
              """}]}]}

            if __name__ == '__main__':
                print(test)
            '''),
    }
    ours = write_folder(tmp_path / "ours" / "cfh", files)
    theirs = write_folder(tmp_path / "theirs" / "cfh", files)
    assert grade_points(ours) == ok_points(ok_command, theirs) == {"q1": (1.0, 1.0)}
    for reads in ("print(SIZES, test['name'])\n", "assert test['points'] == 1\n",
                  "EXTRA = [1]\ndel EXTRA\n"):  # read the data, change nothing (hunt23 #5)
        (ours / "tests" / "q1.py").write_text(files["tests/q1.py"] + reads)
        assert grade_points(ours) == {"q1": (1.0, 1.0)}, reads
    (ours / "tests" / "q1.py").write_text(files["tests/q1.py"] + "SIZES.append(4)\n")
    done = run_grade(cwd=ours)
    assert done.returncode == 2 and "q1.py, line" in done.stderr, done.stderr


def test_a_courses_own_grade_json_and_hints_json_are_its_data(tmp_path, ok_command):
    """A lab that reads its data from grade.json was taken for a Hog workspace (no test
    ran: "no hog.py"), and one reading hints.json for this grader's catalogue of
    mistakes (a failing test stopped the whole run), even one with a "hints" list of
    its own (hunt23 #6, #6b, 6c)."""
    lab = textwrap.dedent('''\
        import json


        def average(name):
            """
            >>> average('ada')
            88.0
            """
            with open('grade.json') as f:
                scores = json.load(f)[name]
            return sum(scores) / len(scores) + 1  # the student's bug


        def tip(n):
            """
            >>> tip(0)
            'use a loop'
            """
            with open('hints.json') as f:
                return json.load(f)['hints'][n]['text']
        ''')
    files = {"lab07.ok": json.dumps({"name": "Lab 7", "src": ["lab07.py"],
                                     "tests": {"lab07.py": "doctest"},
                                     "default_tests": ["average", "tip"],
                                     "protocols": ["grading"]}),
             "lab07.py": lab, "grade.json": json.dumps({"ada": [90, 85]}),
             "hints.json": json.dumps({"hints": [{"question": "tip", "text": "use a loop"},
                                                 {"question": "tip", "text": "recurse"}]})}
    ours = write_folder(tmp_path / "ours" / "lab07", files)
    theirs = write_folder(tmp_path / "theirs" / "lab07", files)
    expected = {"average": (0.0, 1.0), "tip": (1.0, 1.0)}
    assert ok_points(ok_command, theirs) == expected
    assert grade_points(ours) == expected


@pytest.mark.parametrize("listed", [True, False], ids=["default_tests", "every test"])
def test_a_private_method_is_named_as_ok_names_it(tmp_path, ok_command, listed):
    """ok names a test by what dir() of the imported class lists: `__check` of Account
    is `Account._Account__check` (and `__Inner`'s `__m` is `_Account__Inner._Inner__m`);
    grade read `Account.__check` off the file, and the test ok's name lists was missing
    (hunt23 #7)."""
    source = textwrap.dedent('''\
        class Account:
            """
            >>> Account(3).balance
            3
            """
            def __init__(self, balance):
                self.balance = balance

            def __check(self, amount):
                """
                >>> Account(3)._Account__check(5)
                False
                """
                return amount <= self.balance

            class __Inner:
                def __m(self):
                    """
                    >>> 1
                    1
                    """


        class Savings(Account):  # inherits _Account__check (review24 R5)
            """
            >>> Savings(1).balance
            1
            """
        ''')
    config = {"name": "Bank", "src": ["bank.py"], "tests": {"bank.py": "doctest"},
              "protocols": ["grading"]}
    if listed:
        config["default_tests"] = ["Account", "Account._Account__check"]
    files = {"bank.ok": json.dumps(config), "bank.py": source}
    ours = write_folder(tmp_path / "ours" / "bank", files)
    theirs = write_folder(tmp_path / "theirs" / "bank", files)
    expected = ok_points(ok_command, theirs)
    assert "Account._Account__check" in expected
    assert listed or "Savings._Account__check" in expected
    assert grade_points(ours) == expected


def test_the_next_command_a_run_suggests_works_in_a_shell(tmp_path):
    """A test named with a space ("Question 1", as ok's banks name them): the closing
    line said `Next: grade -q Question 1`, which a shell splits (hunt23)."""
    import shlex
    folder = write_folder(tmp_path / "dn", {
        "dn.ok": json.dumps({"name": "DN", "src": ["dn.py"], "tests": {"tests/*.py": "ok_test"},
                             "default_tests": ["Question 1"], "protocols": ["grading"]}),
        "dn.py": "def f():\n    return 2\n", "tests/__init__.py": "",
        "tests/q1.py": "test = {'name': 'Question 1', 'points': 1, 'suites': [{'type': "
                       "'doctest', 'scored': True, 'setup': '>>> from dn import *', "
                       "'cases': [{'code': '>>> f()\\n1'}]}]}\n"})
    done = run_grade(cwd=folder)
    suggested = done.stdout.rsplit("Next: ", 1)[1].strip()
    program, *args = shlex.split(suggested)
    again = run_grade(*args, cwd=folder)
    assert program == "grade" and again.returncode == 1, again.stdout + again.stderr
    assert "Question 1" in again.stdout


def test_a_case_file_its_setup_imports_runs_its_statements_once(tmp_path, ok_command):
    """ok imports each case file once, as a module: a setup that imports it again
    (`from tests.q1 import sample`) finds it loaded. grade ran its statements, then the
    import ran them again (hunt23 #12: a count ok leaves at 1 was 2)."""
    files = {
        "w.ok": json.dumps({"name": "W", "src": ["w.py"], "tests": {"tests/*.py": "ok_test"},
                            "protocols": ["grading"]}),
        "w.py": "def f(x):\n    return x + 1\n",
        "tests/__init__.py": "", "registry.py": "COUNT = 0\n",
        "tests/q1.py": "import registry\nregistry.COUNT += 1\n\n\n"
                       "def sample():\n    return [1, 2]\n\n\n" + textwrap.dedent('''\
            test = {'name': 'q1', 'points': 1, 'suites': [{'type': 'doctest', 'scored': True,
              'setup': '>>> from w import *\\n>>> from tests.q1 import sample\\n>>> import registry',
              'cases': [{'code': """
              >>> [f(x) for x in sample()]
              [2, 3]
              >>> registry.COUNT
              1
              """}]}]}
            '''),
    }
    ours = write_folder(tmp_path / "ours" / "w", files)
    theirs = write_folder(tmp_path / "theirs" / "w", files)
    assert grade_points(ours) == ok_points(ok_command, theirs) == {"q1": (1.0, 1.0)}


def _typed_case_file(where: str, key: str, value) -> dict:
    test = {"name": "q1", "points": 1,
            "suites": [{"type": "doctest", "scored": True, "setup": "", "teardown": "",
                        "cases": [{"code": ">>> 1 + 1\n2", "hidden": False, "locked": False}]}]}
    if where == "concept":
        test["suites"] = [{"type": "concept", "cases": [{"question": "Q?", "answer": "A"}]}]
    place = {"test": test, "suite": test["suites"][0], "case": test["suites"][0]["cases"][0],
             "concept": test["suites"][0]["cases"][0]}
    if value is MISSING:
        del place[where][key]
    else:
        place[where][key] = value
    return test


MISSING = object()


# (where, key, value): ok's own type for the key is String, Boolean (`in (True, False)`)
# or a list; the last three are values ok accepts.
TYPED_KEYS = [("test", "description", 5), ("test", "partner", 1), ("test", "name", 3),
              ("suite", "scored", "yes"), ("suite", "scored", None), ("suite", "setup", None),
              ("suite", "teardown", ["x"]), ("case", "hidden", "no"), ("case", "locked", 2),
              ("case", "code", None),
              # a key ok needs, missing (a case's `code` misspelt `Code` passed: hunt25 D)
              ("test", "suites", MISSING), ("suite", "type", MISSING),
              ("suite", "cases", MISSING), ("case", "code", MISSING),
              ("concept", "answer", MISSING), ("concept", "question", MISSING),
              ("suite", "scored", 1), ("case", "hidden", 0), ("test", "description", "why")]


# ok's own loader of an ok_test file, run by ok's interpreter on each file named: prints
# the files it refuses (one ok run a file cost 3 s each)
OK_LOADS = """
import json, sys, types
from client import exceptions
from client.sources import ok_test
args = types.SimpleNamespace(verbose=False, interactive=False, timeout=10)
assign = types.SimpleNamespace(endpoint="", cmd_args=args)
refused = []
for path in sys.argv[1:]:
    try:
        ok_test.load(path, None, assign)
    except exceptions.LoadingException as error:
        refused.append(path) if "Cannot load OK test" in str(error) else None
print(json.dumps(refused))
"""


def test_a_known_key_of_the_wrong_type_is_refused_where_ok_refuses_it(tmp_path, ok_command):
    """ok checks each key it knows by its type and refuses the assignment over
    `'scored': 'yes'` or `'setup': None`; `grade` read them its own way and graded a bank ok
    never graded (`'scored': None` as unscored, hunt23 #1). Each value is loaded by ok's
    own loader and by grade's: both refuse it, or both read it."""
    import subprocess
    from grader.load import casefile
    paths = []
    for n, (where, key, value) in enumerate(TYPED_KEYS):
        paths.append(tmp_path / f"q{n}.py")
        paths[-1].write_text("test = " + repr(_typed_case_file(where, key, value)) + "\n")
    python = ok_command.parent / "python"
    by_ok = subprocess.run([str(python), "-c", OK_LOADS, *(p.name for p in paths)],
                           cwd=tmp_path, capture_output=True, text=True, timeout=120,
                           check=True, stdin=subprocess.DEVNULL)  # (an absolute path hangs ok)
    refused_by_ok = {Path(p).name for p in json.loads(by_ok.stdout)}
    assert len(refused_by_ok) == len(TYPED_KEYS) - 3, by_ok.stdout
    for path, (where, key, value) in zip(paths, TYPED_KEYS):
        try:
            casefile.load_question(path)
            refused = False
        except casefile.CaseFileError as error:
            refused = True
            assert repr(key) in str(error), error
        assert refused is (path.name in refused_by_ok), (where, key, value)
    folder = write_folder(tmp_path / "v", {
        "v.ok": json.dumps({"name": "V", "src": ["v.py"], "tests": {"tests/*.py": "ok_test"},
                            "default_tests": ["q1"], "protocols": ["grading"]}),
        "v.py": "", "tests/__init__.py": "",
        "tests/q1.py": "test = " + repr(_typed_case_file("suite", "scored", None)) + "\n"})
    done = run_grade("--score", cwd=folder)
    assert done.returncode == 2 and "'scored' must be True or False" in done.stderr, done
    assert "Traceback" not in done.stderr + done.stdout


def test_a_tests_description_is_shown_after_it_fails_as_ok_prints_it(tmp_path):
    """Staff write a hint in a test's `description`; ok prints it after the test's cases
    (hunt28 #5: grade read it and showed it nowhere). Shown where the test fails, as
    text (no markup of the console's is read in it)."""
    def case_file(name):
        return ("test = {'name': '%s', 'points': 1, 'description': 'Hint: [bold]return[/bold], "
                "do not print.', 'suites': [{'type': 'doctest', 'scored': True, "
                "'setup': '>>> from lab import *', 'teardown': '', 'cases': [{'code': "
                "'>>> %s(2)\\n4', 'hidden': False, 'locked': False}]}]}\n" % (name, name))
    folder = write_folder(tmp_path / "lab", {
        "lab.ok": json.dumps({"name": "lab", "src": ["lab.py"], "tests": {"tests/*.py": "ok_test"},
                              "default_tests": ["wrong", "right"], "protocols": ["grading"]}),
        "lab.py": "def wrong(x):\n    return x * 3\n\n\ndef right(x):\n    return x * 2\n",
        "tests/__init__.py": "", "tests/wrong.py": case_file("wrong"),
        "tests/right.py": case_file("right")})
    shown = run_grade(cwd=folder).stdout
    assert shown.count("Hint: [bold]return[/bold], do not print.") == 1, shown
    assert shown.index("Hint:") > shown.index("wrong ›")


STDERR_WRITERS = {  # how code writes to standard error, and where: what ok shows of each
    "print in a function": ("    import sys\n    print('ERR-in-ratio', a, file=sys.stderr)\n",
                            "ERR-in-ratio 3"),
    "a warning": ("    import warnings\n    warnings.warn('ERR-warned')\n", "ERR-warned"),
    "the descriptor": ("    import os\n    os.write(2, b'ERR-raw\\n')\n", "ERR-raw"),
    "standard output's descriptor": ("    import os\n    os.write(1, b'OUT-raw\\n')\n",
                                     "OUT-raw"),
    "a subprocess": ("    import subprocess, sys\n    subprocess.run([sys.executable, '-c', "
                     "'print(1 + 1, \"OUT-child\")'])\n", "2 OUT-child"),
    "a compile-time warning at import": ("    if a is 'ERR':\n        pass\n",
                                         '"is" with a literal'),
}


@pytest.mark.parametrize("how", sorted(STDERR_WRITERS))
def test_what_the_code_writes_to_standard_error_is_shown_as_ok_shows_it(tmp_path, ok_command,
                                                                         how):
    """ok runs the code in its own process, so a student's debugging print to sys.stderr,
    a warning, a SyntaxWarning at import, or what bypasses sys.stdout (os.write(1), a
    subprocess) reach the terminal; grade's worker reads them and shows them on grade's
    standard error (never on its report, never in a score)."""
    body, shown = STDERR_WRITERS[how]
    source = HOMEWORK["hw04.py"].replace("    if b == 0:\n        return None\n",
                                   body + "    if b == 0:\n        return None\n")
    assert source != HOMEWORK["hw04.py"]
    folder = write_folder(tmp_path / "hw", {**HOMEWORK, "hw04.py": source})
    done = run_grade("-q", "ratio", cwd=folder)  # (first: ok leaves a .pyc, compiled once)
    assert shown in done.stderr and shown not in done.stdout
    assert done.returncode == 0 and "1/1" in done.stdout  # (it passes, as in ok)
    ok = run_ok(ok_command, folder, "-q", "ratio")
    assert shown in ok.stderr + ok.stdout


def test_a_flood_of_standard_error_is_cut_on_the_terminal(tmp_path):
    flood = "    import sys\n    for _ in range(40000):\n        print('x' * 99, file=sys.stderr)\n"
    source = HOMEWORK["hw04.py"].replace("    if b == 0:\n        return None\n",
                                   flood + "    if b == 0:\n        return None\n")
    folder = write_folder(tmp_path / "hw", {**HOMEWORK, "hw04.py": source})
    done = run_grade("-q", "ratio", cwd=folder)
    assert 256 * 1024 <= len(done.stderr) < 300 * 1024
    assert done.stderr.rstrip().endswith("not shown: over 256 KiB)")
    assert done.returncode == 0


def test_what_the_file_prints_when_imported_is_shown_once_as_ok_shows_it(tmp_path, ok_command):
    """Students leave their own checks at the bottom of the file (`print(f(3))`): ok
    prints what they print as it loads the file, before the tests. grade shows it once
    (not again for each worker that imports the file), before the first report, in no
    test; a file that prints nothing adds nothing."""
    source = HOMEWORK["hw04.py"] + "\nprint('my check:', ratio(3, 4))\n"
    folder = write_folder(tmp_path / "hw", {**HOMEWORK, "hw04.py": source})
    ok = run_ok(ok_command, folder, "-q", "ratio", "-q", "split_at")
    assert "my check: 0.75" in ok.stdout
    done = run_grade("-q", "ratio", "-q", "split_at", "-q", "q6", cwd=folder)
    assert done.stdout.count("my check: 0.75") == 1
    assert done.stdout.index("hw04.py printed this when it was imported") < \
        done.stdout.index("my check: 0.75") < done.stdout.index("Summary")
    quiet = run_grade("-q", "ratio", cwd=write_folder(tmp_path / "quiet", HOMEWORK))
    assert "when it was imported" not in quiet.stdout


@pytest.mark.parametrize("where", ["raised at import", "standard error", "printed at import"])
def test_control_sequences_from_the_code_never_reach_the_terminal(tmp_path, where):
    """What the code raises, writes to standard error or prints reaches the student's
    terminal written out (`\\x1b`): a clipboard write (OSC 52), a title, a screen clear,
    a right-to-left override act on nothing (attack29 F1: an import's traceback was
    printed raw)."""
    evil = r"'\x1b]52;c;ZWNobw==\x07 \x1b]0;TITLE\x1b\\ \x1b[2J \u202e \x9b31m'"
    line = {"raised at import": f"raise ValueError({evil})\n",
            "standard error": f"import sys\nprint({evil}, file=sys.stderr)\n",
            "printed at import": f"print({evil})\n"}[where]
    import os
    import sys
    import pexpect
    if where == "raised at import":  # a module every case needs (Hog's hog.py): the run's error
        from grader import workspace
        fa19 = assignments.load()
        folder = workspace.init(fa19, tmp_path / "hog")
        (folder / "hog.py").write_text((fa19.reference / "hog.py").read_text() + line)
        question = "01"
    else:
        folder = write_folder(tmp_path / "hw", {**HOMEWORK, "hw04.py": HOMEWORK["hw04.py"] + line})
        question = "ratio"
    terminal = pexpect.spawn(sys.executable, ["-m", "grader.cli", "-q", question], cwd=str(folder),
                             env={**os.environ, "TERM": "xterm-256color", "COLUMNS": "120"},
                             encoding="utf-8", timeout=60)  # where rich writes for a terminal
    said = terminal.read()
    for bad in ("\x1b]", "\x1b[2J", "\x07", "\u202e", "\x9b"):
        assert bad not in said, (bad, said[-600:])
    assert "\\x1b]52;c;ZWNobw==" in said


def test_a_syntax_error_in_a_doctest_file_shows_its_line_and_caret(tmp_path, ok_command):
    """Beginners find a syntax error by the line and caret Python shows (often it is the
    line before the one named): ok shows them; each test of the file says so too."""
    source = HOMEWORK["hw04.py"].replace("    if b == 0:\n", "    if b == 0\n")
    folder = write_folder(tmp_path / "hw", {**HOMEWORK, "hw04.py": source})
    lineno = source.splitlines().index("    if b == 0") + 1
    ok = run_ok(ok_command, folder, "-q", "ratio")
    assert "    if b == 0\n" in ok.stdout + ok.stderr
    done = run_grade("-q", "ratio", cwd=folder)
    assert f"hw04.py has a syntax error on line {lineno}:" in done.stdout
    shown = done.stdout.splitlines()
    at = shown.index("    if b == 0")
    assert shown[at + 1].strip() == "^" and shown[at + 2] == "SyntaxError: expected ':'"


def test_what_a_suites_setup_prints_is_shown_under_its_line_as_ok_shows_it(tmp_path, ok_command):
    """A project's tests import the student's module in their setup: what it prints then
    (a helper module announcing itself) is shown under that line of the failing case's
    session, as ok shows it, and never compared."""
    case = {"code": ">>> double(2)\n4", "hidden": False, "locked": False}
    files = {"p.ok": json.dumps({"name": "P", "src": ["p.py", "helper.py"],
                                 "tests": {"tests/q*.py": "ok_test"}, "default_tests": ["q1"],
                                 "protocols": ["grading"]}),
             "p.py": "from helper import *\n\ndef double(x):\n    return x + 1\n",
             "helper.py": "print('helper loading')\n", "tests/__init__.py": "",
             "tests/q1.py": "test = " + repr({"name": "q1", "points": 1, "suites": [
                 {"type": "doctest", "scored": True, "setup": ">>> from p import *",
                  "teardown": "", "cases": [case]}]}) + "\n"}
    folder = write_folder(tmp_path / "p", files)
    ok = run_ok(ok_command, folder, "-q", "q1")
    assert ok.stdout.index(">>> from p import *") < ok.stdout.index("helper loading")
    done = run_grade("-q", "q1", cwd=folder)
    lines = [line.strip() for line in done.stdout.splitlines()]
    at = lines.index(">>> from p import *")
    assert lines[at + 1:at + 3] == ["helper loading", ">>> double(2)"]
    assert done.stdout.count("helper loading") == 1 and done.returncode == 1


def test_what_the_import_writes_to_standard_error_is_shown_once(tmp_path):
    """A worker that replaces one whose case ended its process imports the file again
    and replays the cases before: what those wrote to standard error was shown once
    already, as ok's one process writes it once (review29 #2)."""
    source = ("import sys\nprint('ERR-at-import', file=sys.stderr)\n" + HOMEWORK["hw04.py"]
              .replace('    if k < 0 or k > len(s):\n',
                       '    import os\n    if k == 3:\n        os._exit(3)\n'
                       '    if k < 0 or k > len(s):\n'))
    folder = write_folder(tmp_path / "hw", {**HOMEWORK, "hw04.py": source})
    done = run_grade("-q", "split_at", "-q", "ratio", "-q", "q6", cwd=folder)
    assert "stopped the interpreter" in done.stdout or "exited with status 3" in done.stdout
    assert done.stderr.count("ERR-at-import") == 1, done.stderr


def test_the_echo_has_one_budget_for_all_the_workers_of_a_run(tmp_path):
    """Code that floods standard error with control bytes (each shown as four
    characters) and then ends its worker, in every test: the run's workers share one
    256 KiB budget, counted as shown (attack30 F3: 89 MB reached the terminal)."""
    names = [f"f{i}" for i in range(6)]
    source = "import os\n\n\ndef flood():\n    os.write(2, b'\\x01' * 300000)\n    os._exit(1)\n" + \
        "".join(f'\n\ndef {name}():\n    """\n    >>> {name}()\n    1\n    """\n    flood()\n'
                for name in names)
    config = {"name": "HW", "src": ["hw.py"], "tests": {"hw.py": "doctest"},
              "default_tests": names, "protocols": ["grading"]}
    folder = write_folder(tmp_path / "hw", {"hw.ok": json.dumps(config), "hw.py": source})
    done = run_grade(cwd=folder, timeout=300)
    assert done.stdout.count("exited with status 1") >= len(names) - 1
    assert 256 * 1024 <= len(done.stderr.encode()) < 260 * 1024
    assert done.stderr.count("not shown: over 256 KiB") == 1 and "\x01" not in done.stderr
