"""Multi-file ok projects and their traps, graded by the real ok client and by `grade`:
a second source file imported by the first or broken, data files read at import,
`input()`, course helpers imported from the folder or as `tests.x`, test names that
differ from the file stem, and sources named like standard modules (where ok crashes
and `grade` still grades: docs/ok-differences.md)."""

from __future__ import annotations

import json

import pytest

from conftest import run_grade
from okfolders import grade_points, ok_points, write_folder


def _case(code: str, setup: str, name: str) -> str:
    suite = {"type": "doctest", "scored": True, "setup": setup, "teardown": "",
             "cases": [{"code": code, "hidden": False, "locked": False}]}
    return "test = " + repr({"name": name, "points": 1, "suites": [suite]}) + "\n"


def project(name, src, files, tests, glob="tests/*.py", default=None) -> dict:
    """An ok folder: NAME.ok, FILES, and TESTS (stem -> (code, setup[, name]))."""
    config = {"name": name, "src": src, "tests": {glob: "ok_test"},
              "protocols": ["file_contents", "grading", "scoring"]}
    if default:
        config["default_tests"] = default
    out = {f"{name}.ok": json.dumps(config), "tests/__init__.py": "", **files}
    for stem, (code, setup, *title) in tests.items():
        out[f"tests/{stem}.py"] = _case(code, setup, title[0] if title else stem)
    return out


CHECK = ("import ast\n"
         "def check(source_file, name, banned):\n"
         "    kinds = {type(n).__name__ for n in ast.walk(ast.parse(open(source_file).read()))}\n"
         "    return not (set(banned) & kinds)\n")
PROJECTS = {
    "second_file": project("p", ["main.py", "helper.py"], {
        "main.py": "from helper import inc\ndef twice(x):\n    return inc(inc(x))\n",
        "helper.py": "def inc(x):\n    return x + 1\n"}, {
        "q1": (">>> twice(1)\n3", ">>> from main import *"),
        "q2": (">>> inc(1)\n2", ">>> from helper import *")}),
    "second_file_broken": project("p", ["main.py", "helper.py"], {
        "main.py": "def twice(x):\n    return 2 * x\n",
        "helper.py": "def inc(x)\n    return x + 1\n"}, {
        "q1": (">>> twice(1)\n2", ">>> from main import *"),
        "q2": (">>> inc(1)\n2", ">>> from helper import *")}),
    "data_at_import": project("p", ["cats.py"], {
        "cats.py": "import os\nWORDS = open('words.txt').read().split()\n"
                   "MORE = open(os.path.join(os.path.dirname(__file__), 'data', 'more.txt'))"
                   ".read().split()\ndef count():\n    return len(WORDS) + len(MORE)\n",
        "words.txt": "a b c\n", "data/more.txt": "d e\n"}, {
        "q1": (">>> count()\n5", ">>> from cats import *")}),
    "input_calls": project("p", ["ask.py", "other.py"], {
        "ask.py": "NAME = input('name? ')\ndef one():\n    return 1\n",
        "other.py": "def ask():\n    return input('? ')\n"}, {
        "q1": (">>> one()\n1", ">>> from ask import *"),
        "q2": (">>> ask()\nTraceback (most recent call last):\n  ...\n"
               "EOFError: EOF when reading a line", ">>> from other import *")}),
    "course_helpers": project("p", ["hw.py"], {
        "hw.py": "def fact(n):\n    return 1 if n == 0 else n * fact(n - 1)\n",
        "construct_check.py": CHECK, "tests/helper.py": "def expect(x):\n    return x\n"}, {
        "q1": (">>> from construct_check import check\n>>> check('hw.py', 'fact', ['For'])\n"
               "True\n>>> fact(4)\n24", ">>> from hw import *"),
        "q2": (">>> from tests.helper import expect\n>>> expect(fact(3))\n6",
               ">>> from hw import *")}, glob="tests/q*.py"),
    "names_and_order": project("p", ["nm.py"], {"nm.py": "def one():\n    return 1\n"}, {
        "q01": (">>> one()\n1", ">>> from nm import *", "Question 1"),
        "q02": (">>> one()\n2", ">>> from nm import *", "question-two"),
        "Q03": (">>> one()\n1", ">>> from nm import *")}, default=["q02", "Q03", "q01"]),
}


@pytest.mark.parametrize("kind", sorted(PROJECTS))
def test_a_project_scores_as_in_ok(ok_command, tmp_path, kind):
    files = PROJECTS[kind]
    mine = write_folder(tmp_path / "grade" / "p", files)
    ok = ok_points(ok_command, write_folder(tmp_path / "ok" / "p", files))
    assert grade_points(mine) == ok


def test_q_takes_the_file_stem_or_the_test_name_in_any_case(tmp_path):
    folder = write_folder(tmp_path / "p", PROJECTS["names_and_order"])
    for typed in ("q01", "Q01", "Question 1", "QUESTION 1"):
        assert grade_points(folder, "-q", typed) == {"Question 1": (1, 1)}, typed
    done = run_grade("-q", "nope", cwd=folder)
    assert done.returncode == 2 and "no question nope" in done.stdout + done.stderr


@pytest.mark.parametrize("module", ["typing", "string", "random", "re", "json", "utils"])
def test_a_source_named_like_a_standard_module_is_graded(tmp_path, module):
    files = project("p", [f"{module}.py"], {f"{module}.py": "def double(x):\n    return 2 * x\n"}, {
        "q1": (">>> double(2)\n4", f">>> from {module} import *"),
        "q2": (f">>> import {module}\n>>> {module}.double(3)\n6", "")})
    assert grade_points(write_folder(tmp_path / "p", files)) == {"q1": (1, 1), "q2": (1, 1)}
