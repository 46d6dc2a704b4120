"""Mistakes students make in any assignment are named for an ok assignment with no
catalogue of its own (grader/common_mistakes.py): each from the first failing example
alone, only where its sentence holds, never for a right answer or a plain wrong value."""

from __future__ import annotations

import json

import pytest

from conftest import run_grade
from okfolders import write_folder

# function -> (docstring example, body, the hint expected or None)
MISTAKES = {
    "greet": (">>> greet('Ann')\nHello, Ann", "return 'Hello, ' + name", "common-returns-text"),
    "label": (">>> label('x')\n'three'", "print('three')", "common-prints-text"),
    "count_digits": (">>> count_digits(123)\n3", "return str(len(str(name)))",
                     "common-value-as-text"),
    "pair": (">>> pair(1)\n[1, 1]", "return str([name, name])", "common-value-as-text"),
    "double": (">>> print(double(2))\n4", "print(2 * name)", "common-prints-then-none"),
    "total": (">>> total([1, 2, 3])\n6", "s = 0\n    for x in name:\n        s += x",
              "common-shows-nothing"),
    "announce": (">>> announce(2)\nTwo is here", "'Two is here'.upper()",
                 "common-prints-nothing"),
    "count_down": (">>> count_down(3)\n0", "return count_down(name - 1)",
                   "common-recursion-too-deep"),
    "plots": (">>> plots(1)\n1", "import matplotlibb\n    return name", "common-missing-module"),
    "squares": (">>> squares([1, 2])\n[1, 4]", "return map(lambda x: x * x, name)",
                "common-lazy-sequence"),
    "evens": (">>> evens(4)\n[0, 2]", "return range(0, name, 2)", "common-lazy-sequence"),
    "mean": (">>> mean([1, 2])\n1.5", "return sum(name) // len(name)", "common-lost-fraction"),
    "ask": (">>> ask(1)\n2", "return int(input('How many? ')) + name", "common-asks-for-input"),
    "forgot_return": (">>> forgot_return(3)\n6", "print('DEBUG: n is', name)\n    name * 2",
                      "common-shows-nothing"),
    "other_repr": (">>> other_repr(1)\nBox(1)", "class Box:\n        def __repr__(self):\n"
                   "            print('computing')\n            return 'Box(2)'\n    return Box()",
                   None),
    "debugged": (">>> debugged(3)\n6", "print('DEBUG: result is', 2 * name)", "common-debug-only"),
    "boxed": (">>> boxed(1)\nBox(1)", "class Box:\n        def __repr__(self):\n"
              "            print('Box(1)')\n            return ''\n    return Box()",
              "common-repr-prints"),
    # near misses: a plain wrong value, other text, a printed value, an error, a right one
    "wrong_value": (">>> wrong_value(2)\n5", "return 4", None),
    "other_text": (">>> other_text(1)\nHello, Ann", "return 'Hello, Bob'", None),
    "quoted_other": (">>> quoted_other(1)\n'a'", "print('b')", None),
    "fraction_off": (">>> fraction_off(1)\n1.5", "return 2", None),
    "list_wrong": (">>> list_wrong(1)\n[1, 4]", "return [1, 5]", None),
    "statement": (">>> x = statement(1)\n>>> x\n3", "return 2", None),
    "type_error": (">>> type_error(1)\n3", "return name + 'a'", None),
    "right": (">>> right(2)\n4", "return 4", None),
    "own_eof": (">>> own_eof(1)\n2", "raise EOFError('no more')", None),
}


def homework() -> dict:
    source = "".join(f'def {fn}(name):\n    """\n    ' + example.replace("\n", "\n    ")
                     + f'\n    """\n    {body}\n\n\n'
                     for fn, (example, body, _) in MISTAKES.items())
    config = {"name": "HW", "src": ["hw.py"], "tests": {"hw.py": "doctest"},
              "default_tests": list(MISTAKES), "protocols": ["grading"]}
    return {"hw.ok": json.dumps(config), "hw.py": source}


def test_each_common_mistake_is_named_and_nothing_else(tmp_path):
    folder = write_folder(tmp_path / "hw", homework())
    done = run_grade("--json", "-", cwd=folder)
    record = json.loads(done.stdout)["questions"]
    assert {fn: q.get("hint") for fn, q in record.items()} == {
        fn: hint for fn, (_, _, hint) in MISTAKES.items()}
    assert record["right"]["status"] == "passed"
    shown = run_grade(cwd=folder).stdout
    assert "Looks like the function returns the text where the example expects it printed" \
        in " ".join(shown.split())


def test_bulk_counts_students_per_common_mistake(tmp_path):
    files = homework()
    staff = write_folder(tmp_path / "hw", {**files, "hw.py": files["hw.py"]
                                           .replace("return 'Hello, ' + name",
                                                    "print('Hello, ' + name)")})
    subs = tmp_path / "subs"
    for student in ("ann", "bob"):
        write_folder(subs, {f"{student}.py": files["hw.py"]})
    done = run_grade("bulk", str(subs), "--assignment", str(staff), "--out", str(tmp_path / "out"),
                     "--no-sandbox", "--no-cgroups", timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads((tmp_path / "out" / "results.json").read_text())
    counted = {(row["question"], row["id"]): row["students"] for row in results["hints"]}
    assert counted[("greet", "common-returns-text")] == 2, results["hints"]


@pytest.mark.parametrize("catalogue", [True, False])
def test_a_catalogue_entry_comes_first(tmp_path, catalogue):
    """Where the folder's catalogue names the question's mistake, its entry is shown (a
    common hint only where it names none)."""
    files = homework()
    if catalogue:
        files["hints.json"] = json.dumps({"version": 1, "hints": [
            {"id": "greet-returns", "question": "greet", "text": "greet returns its greeting",
             "signatures": [{"1": "~0: value"}]}]})
    folder = write_folder(tmp_path / "hw", files)
    record = json.loads(run_grade("--json", "-", "-q", "greet", cwd=folder).stdout)
    assert record["questions"]["greet"]["hint"] == (
        "greet-returns" if catalogue else "common-returns-text")


def test_a_hidden_case_never_names_a_common_mistake(tmp_path):
    """The hint is shown where students see the visible cases (Gradescope's public
    test): named from a hidden case, it told whether a guess was the hidden expected
    output. A hidden case that fails first with a common mistake's look names nothing;
    the visible case's plain wrong value names nothing either."""
    def suite(code, hidden):
        return {"type": "doctest", "scored": True, "setup": ">>> from hw import *",
                "cases": [{"code": code, "hidden": hidden, "locked": False}]}
    files = {"hw.ok": json.dumps({"name": "HW", "src": ["hw.py"],
                                  "tests": {"tests/*.py": "ok_test"}}),
             "hw.py": "def greet(name):\n    return 'Hello, ' + name\n",
             "tests/__init__.py": "",
             "tests/greet.py": "test = " + repr({"name": "greet", "points": 1, "suites": [
                 suite(">>> greet('Ann')\nHello, Ann", True),
                 suite(">>> greet('Bob')\nHi, Bob", False)]}) + "\n"}
    staff = write_folder(tmp_path / "hw", {**files, "hw.py": "def greet(name):\n"
                                           "    print('Hello, ' + name)\n"})
    subs = write_folder(tmp_path / "subs", {"ann.py": files["hw.py"]})
    done = run_grade("bulk", str(subs), "--assignment", str(staff), "--out", str(tmp_path / "out"),
                     "--no-sandbox", "--no-cgroups", timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    record = json.loads((tmp_path / "out" / "results.json").read_text())["submissions"][0]
    assert record["questions"]["greet"]["status"] == "failed"
    assert "hint" not in record["questions"]["greet"]


def one_test_homework(root, name, source):
    """A doctest-protocol homework at ROOT whose hw.py is SOURCE, testing NAME."""
    config = {"name": "HW", "src": ["hw.py"], "tests": {"hw.py": "doctest"},
              "default_tests": [name], "protocols": ["grading"]}
    return write_folder(root, {"hw.ok": json.dumps(config), "hw.py": source})


def test_what_a_repr_prints_is_shown_as_ok_shows_it_and_never_compared(tmp_path, ok_command):
    """A __repr__ that prints its text and returns '' fails in ok and here (only what
    it returns is compared), but ok's terminal shows what it printed: the student sees
    it here too, apart from what was compared, capped, and hinted at."""
    from okcourse import run_ok
    source = ('class Box:\n    def __repr__(self):\n        print("Box(1)" + "!" * SPAM)\n'
              '        return ""\n\n\nSPAM = 0\n\n\ndef boxed():\n    """\n    >>> boxed()\n'
              '    Box(1)\n    """\n    return Box()\n')
    folder = one_test_homework(tmp_path / "hw", "boxed", source)
    ok = run_ok(ok_command, folder, "-q", "boxed", "--score")
    assert "Box(1)" in ok.stdout and "Total: 0.0" in ok.stdout
    done = run_grade("-q", "boxed", "--score", cwd=folder)
    lines = done.stdout.splitlines()
    got = lines.index("Got:")
    assert lines[got + 1].strip() == "(nothing)"
    assert lines[got + 2].startswith("The repr of the value shown printed this")
    assert lines[got + 3].strip() == "Box(1)"
    assert "Looks like the value's __repr__ prints its text" in " ".join(done.stdout.split())
    assert done.returncode == 1
    (folder / "hw.py").write_text(source.replace("SPAM = 0", "SPAM = 10 ** 6"))
    flood = run_grade("-q", "boxed", cwd=folder)
    assert 2000 < len(flood.stdout) < 8000 and flood.returncode == 1


def test_debug_lines_are_shown_as_ok_shows_them_and_never_compared(tmp_path, ok_command):
    """CS 61A tells students to start debugging prints with DEBUG: so that ok shows them
    while it grades, and compares only the rest: a failing line's DEBUG lines are shown
    apart from what was compared, capped (a flood of them costs nothing), and a result
    printed only in a DEBUG line is named."""
    from okcourse import run_ok
    source = ('def total(n):\n    """\n    >>> total(3)\n    6\n    """\n    s = 0\n'
              '    for k in range(n):\n        print("DEBUG: k =", k, "s =", s)\n'
              '        s += k\n    print("debug", "x" * SPAM)\n    return s\n\n\nSPAM = 0\n')
    folder = one_test_homework(tmp_path / "hw", "total", source)
    ok = run_ok(ok_command, folder, "-q", "total", "--score")
    assert "DEBUG: k = 2 s = 1" in ok.stdout and "Total: 0.0" in ok.stdout
    done = run_grade("-q", "total", "--score", cwd=folder)
    lines = [line.strip() for line in done.stdout.splitlines()]
    got = lines.index("Got:")
    assert lines[got + 1] == "3" and lines[got + 2].startswith("Your DEBUG lines here")
    assert lines[got + 3:got + 7] == ["DEBUG: k = 0 s = 0", "DEBUG: k = 1 s = 0",
                                      "DEBUG: k = 2 s = 1", "debug"]
    assert done.returncode == 1
    (folder / "hw.py").write_text(source.replace("SPAM = 0", "SPAM = 10 ** 6").replace(
        "range(n)", "range(n * 10 ** 5)"))
    flood = run_grade("-q", "total", cwd=folder, timeout=300)
    assert len(flood.stdout) < 8000 and flood.returncode == 1


def test_verbose_shows_each_passing_session_with_its_debug_lines_as_ok_v_does(tmp_path,
                                                                             ok_command):
    """`ok -v` prints every passing case's session, DEBUG lines in it: a student checks
    there what the tests asked. `grade -v` showed a tick per passing case."""
    from okcourse import run_ok
    source = ('def total(n):\n    """\n    >>> total(3)\n    start\n    end\n    3\n'
              '    >>> print("two", total(2))\n    start\n    end\n    two 1\n    """\n'
              '    s = 0\n    print("start")\n    for k in range(n):\n'
              '        print("DEBUG: k =", k)\n        s += k\n    print("end")\n    return s\n')
    folder = one_test_homework(tmp_path / "hw", "total", source)
    ok = run_ok(ok_command, folder, "-q", "total", "-v")
    session = [">>> total(3)", "start", "DEBUG: k = 0", "DEBUG: k = 1", "DEBUG: k = 2", "end",
               "3", '>>> print("two", total(2))', "start", "DEBUG: k = 0", "DEBUG: k = 1",
               "end", "two 1"]
    ok_lines = [line.strip() for line in ok.stdout.splitlines()]
    start = ok_lines.index(session[0])
    assert ok_lines[start:start + len(session)] == session, ok.stdout
    done = run_grade("-q", "total", "-v", cwd=folder)
    lines = [line.strip() for line in done.stdout.splitlines()]
    assert done.returncode == 0 and any(line.startswith("✓ total") for line in lines)
    start = lines.index(session[0])
    assert lines[start:start + len(session)] == session, done.stdout
    quiet = run_grade("-q", "total", cwd=folder)
    assert "total(3)" not in quiet.stdout and "DEBUG" not in quiet.stdout
