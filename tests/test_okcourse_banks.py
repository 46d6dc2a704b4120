"""The ok banks in examples/ok/ (issue 16): each is graded by the real ok client as a
course's students would run it, so `grade` can be checked against ok test by test.

The expected breakdowns below are ok's own (okpy 1.18.1, `ok --local --score`): full
marks for the staff copy (the solution), and for the template (the starters) 0 on every
scored test it cannot pass. Where ok cannot run a bank at all (proj02: typing.py;
lab09: scheme suites), what it does instead is pinned.
"""

from __future__ import annotations

import ast
import json
import filecmp
import shutil
from pathlib import Path

import pytest

from conftest import run_grade
from okcourse import BANKS, copy_bank, ok_breakdown, run_ok

HW02_DEFAULT = ["product", "accumulate", "count_digit", "make_repeater", "announce_digits",
                "nth_digit", "Tally", "Tally.add", "Tally.total"]
HW03_DEFAULT = ["count_sevens", "zigzag", "next_bigger_coin", "count_ways", "hanoi_moves",
                "nameless_factorial", "Account", "Account.withdraw", "make_tracker",
                "digit_stream"]
LAB03_SCORED = ["wwpp-scored", "digit_sum", "skip_mul", "skip-mul-more", "is_prime",
                "grid_paths", "paths-and-primes"]


def full(names, points=None):
    points = points or {}
    return {n: (float(points.get(n, 1)), float(points.get(n, 1))) for n in names}


EXPECTED = {
    "hw02": (
        {**full(HW02_DEFAULT), "compose_repeat": (2.0, 2.0), "tally_more": (1.0, 1.0)},
        # compose is given, so compose_repeat's first suite passes: partial credit
        {**{n: (0.0, 1.0) for n in HW02_DEFAULT}, "compose_repeat": (1.0, 2.0),
         "tally_more": (0.0, 1.0)},
    ),
    "hw03": (
        {**full(HW03_DEFAULT), "reverse-order": (0.0, 0.0)},
        {**{n: (1.0 if n == "next_bigger_coin" else 0.0, 1.0) for n in HW03_DEFAULT},
         "reverse-order": (0.0, 0.0)},
    ),
    "lab03": (
        {"wwpp-recursion": (0.0, 0.0), "concepts": (0.0, 0.0),
         **full(LAB03_SCORED, {"paths-and-primes": 2})},
        # a scored wwpp suite passes whatever the code (here unlocked)
        {"wwpp-recursion": (0.0, 0.0), "wwpp-scored": (1.0, 1.0), "concepts": (0.0, 0.0),
         **{n: (0.0, 2.0 if n == "paths-and-primes" else 1.0)
            for n in LAB03_SCORED if n != "wwpp-scored"}},
    ),
    "lab05": (
        {**full(["count_leaves", "tree_max", "replace_label", "prune_deeper",
                 "Question 1", "Question 2"]), "Question 3": (2.0, 2.0)},
        {**{n: (0.0, 1.0) for n in ["count_leaves", "tree_max", "replace_label",
                                    "prune_deeper", "Question 1", "Question 2"]},
         "Question 3": (0.0, 2.0)},
    ),
    "proj02b": (
        full([f"Problem {n}" for n in range(1, 7)],
             {"Problem 2": 2, "Problem 4": 2, "Problem 5": 2}),
        {f"Problem {n}": (0.0, 2.0 if n in (2, 4, 5) else 1.0) for n in range(1, 7)},
    ),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_ok_gives_the_solution_full_marks_and_the_template_none(tmp_path, ok_command, name):
    solution, template = EXPECTED[name]
    assert ok_breakdown(ok_command, copy_bank(name, tmp_path / "sol")) == solution
    assert ok_breakdown(ok_command, copy_bank(name, tmp_path / "tpl", "template")) == template


def test_every_bank_has_the_course_shape():
    for name in ["hw02", "hw03", "lab03", "lab05", "proj02", "proj02b", "lab09"]:
        bank = BANKS / name
        config = json.loads(next(bank.glob("*.ok")).read_text())
        assert (bank / "README.md").exists(), name
        assert all((bank / src).exists() for src in config["src"]), name
        # the starters: of the files with student work, and the given helpers (utils.py)
        # as they are, which a submission may leave out
        starters = [p.name for p in (bank / "template").iterdir() if p.is_file()]
        assert starters and set(starters) <= set(config["src"]), name
        for src in starters:
            if src.endswith(".py"):
                starter = (bank / "template" / src).read_text()
                assert "*** YOUR CODE HERE ***" in starter \
                    or starter == (bank / src).read_text(), (name, src)
                ast.parse(starter)


def test_hw02_names_every_callable_but_scores_the_ones_without_doctests(tmp_path,
                                                                        ok_command):
    """--all runs what default_tests leaves out: Tally.__init__, compose and the module's
    lambdas have no doctests. Scoring gives each 1/1 (ok scores an empty doctest); a
    plain run stops at the first, "No doctests found"."""
    folder = copy_bank("hw02", tmp_path)
    every = ok_breakdown(ok_command, folder, "--all")
    extra = ["Tally.__init__", "compose", "identity", "increment", "square", "triple"]
    assert set(every) == set(EXPECTED["hw02"][0]) | set(extra)
    assert all(every[n] == (1.0, 1.0) for n in extra)
    done = run_ok(ok_command, folder, "--all")
    assert "-- No doctests found for Tally.__init__ --" in done.stdout
    assert "Doctests for Tally.add" not in done.stdout  # stopped at the first failure


def test_hw02_construct_check_reports_loops(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(BANKS / "hw02"))
    from construct_check import check
    source = (BANKS / "hw02" / "hw02.py").read_text()
    assert check("hw02.py", "count_digit", ["While", "For"], source=source)
    assert not check("hw02.py", "product", ["While", "For"], source=source)
    assert not check("hw02.py", "count_digit", ["Recursion"], source=source)


def test_lab03_locked_by_ok_and_unlocked_with_the_answers(tmp_path, ok_command):
    """template/tests is what `ok --lock` makes of the staff tests; the solution scores
    nothing where a case is still locked, and everything once answers.json is typed to
    `ok -u` (in default_tests order)."""
    staff = copy_bank("lab03", tmp_path / "staff")
    assert "Locking tests" in run_ok(ok_command, staff, "--lock").stdout
    template_tests = BANKS / "lab03" / "template" / "tests"
    for path in template_tests.glob("*.py"):
        assert filecmp.cmp(path, staff / "tests" / path.name, shallow=False), path.name

    student = copy_bank("lab03", tmp_path / "student", locked=True)
    locked = ok_breakdown(ok_command, student)
    assert locked["wwpp-scored"] == (0.0, 1.0) and locked["skip-mul-more"] == (0.0, 1.0)
    assert locked["paths-and-primes"] == (1.0, 2.0) and locked["digit_sum"] == (1.0, 1.0)

    answers = json.loads((BANKS / "lab03" / "answers.json").read_text())
    order = json.loads((student / "lab03.ok").read_text())["default_tests"]
    typed = "".join(line + "\n" for key in order for line in answers.get(key, []))
    unlock = run_ok(ok_command, student, "-u", input=typed)
    assert "Not quite" not in unlock.stdout and "Traceback" not in unlock.stdout, unlock.stdout
    assert ok_breakdown(ok_command, student) == EXPECTED["lab03"][0]


@pytest.mark.parametrize("how", ["init", "publish"])
def test_a_workspace_grade_makes_of_an_ok_assignment_unlocks_with_ok_too(tmp_path,
                                                                        ok_command, how):
    """hunt30 F7: `grade init`/`publish --assignment` locked with this grader's salted
    scheme by default, which `ok -u` can never open: a course that gives students the
    folder and ok lost every scored wwpp and concept point. An ok assignment's cases are
    now locked as ok locks them, unless staff choose otherwise."""
    staff = BANKS / "lab03"
    ws = tmp_path / "ws"
    if how == "init":
        done = run_grade("init", str(ws), "--assignment", str(staff))
    else:
        done = run_grade("publish", str(tmp_path / "ws.zip"), "--assignment", str(staff),
                         "--no-runner")
        shutil.unpack_archive(tmp_path / "ws.zip", ws)
        ws = next(p.parent for p in ws.rglob("lab03.ok"))
    assert done.returncode == 0, done.stdout + done.stderr
    (ws / "lab03.py").write_text((staff / "lab03.py").read_text())
    assert ok_breakdown(ok_command, ws)["wwpp-scored"] == (0.0, 1.0)
    answers = json.loads((staff / "answers.json").read_text())
    order = json.loads((ws / "lab03.ok").read_text())["default_tests"]
    typed = "".join(line + "\n" for key in order for line in answers.get(key, []))
    unlock = run_ok(ok_command, ws, "-u", input=typed)
    assert "Not quite" not in unlock.stdout and "Traceback" not in unlock.stdout, unlock.stdout
    assert ok_breakdown(ok_command, ws) == EXPECTED["lab03"][0]
    salted = tmp_path / "salted"
    assert run_grade("init", str(salted), "--assignment", str(staff), "--scheme",
                     "salted").returncode == 0
    assert "$hg1$" in (salted / "tests" / "wwpp-scored.py").read_text()
    assert "$hg1$" not in (ws / "tests" / "wwpp-scored.py").read_text()


def test_ok_cannot_start_on_a_source_named_typing(tmp_path, ok_command):
    for src in (None, "template"):
        done = run_ok(ok_command, copy_bank("proj02", tmp_path / str(src), src), "--score")
        assert done.returncode == 1
        assert "cannot import name 'Tuple' from 'typing'" in done.stderr
        assert "Point breakdown" not in done.stdout


def test_proj02b_is_proj02_with_the_source_renamed():
    a, b = BANKS / "proj02", BANKS / "proj02b"
    rename = {"typing.py": "typer.py"}
    files = sorted(p.relative_to(a) for p in a.rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts
                   and p.name not in ("README.md", "OK_NOTES.md", "proj02.grader.json"))
    for rel in files:
        twin = b / rel.parent / rename.get(rel.name, rel.name)
        text = (a / rel).read_text().replace("from typing import", "from typer import")
        text = text.replace("'typing.py'", "'typer.py'").replace('"typing.py"', '"typer.py"')
        assert twin.read_text() == text, rel


def test_ok_refuses_a_lab_with_scheme_suites_without_a_scheme_module(tmp_path, ok_command):
    folder = copy_bank("lab09", tmp_path)
    for args in (["--score"], ["-q", "flatten"]):
        done = run_ok(ok_command, folder, *args)
        assert done.returncode == 0
        assert "Error: Could not import scheme" in done.stdout + done.stderr
        assert "Point breakdown" not in done.stdout and "Doctests for" not in done.stdout


def test_an_error_answer_locked_by_ok_stays_clear_and_unlocks_as_in_ok(tmp_path, ok_command):
    """`ok --lock` hashes expected lines but leaves an error's traceback in the clear,
    with `# locked` under it, which ok then reads as part of the error (the answer is
    not locked). grade's -u stopped at it ("cannot be unlocked here"), and a scored
    what-would-Python-display case lost its point."""
    lab = tmp_path / "lab"
    (lab / "tests").mkdir(parents=True)
    (lab / "lab.ok").write_text(json.dumps({
        "name": "Lab Y", "src": ["lab.py"], "tests": {"tests/*.py": "ok_test"},
        "default_tests": ["wwpp", "q1"], "protocols": ["lock", "unlock", "grading"]}))
    (lab / "lab.py").write_text("def parse(s):\n    return int(s)\n")
    (lab / "tests" / "__init__.py").write_text("")
    sessions = {"wwpp": (">>> x = [1, 2]\n>>> x[0]\n1\n>>> x[5]\nTraceback (most recent call "
                         "last):\n  ...\nIndexError: list index out of range\n>>> len(x)\n2",
                         "wwpp", "", 1),
                "q1": (">>> parse('12')\n12\n>>> parse('x')\nTraceback (most recent call last):"
                       "\n  ...\nValueError: invalid literal for int() with base 10: 'x'\n"
                       ">>> parse('7') + 1\n8", "doctest", ">>> from lab import *", 1)}
    for name, (code, kind, setup, points) in sessions.items():
        suite = {"type": kind, "scored": True, "cases": [{"code": code, "hidden": False}],
                 **({"setup": setup, "teardown": ""} if setup else {})}
        (lab / "tests" / f"{name}.py").write_text(
            "test = " + repr({"name": name, "points": points, "suites": [suite]}) + "\n")
    assert "Locking tests" in run_ok(ok_command, lab, "--lock").stdout
    config = json.loads((lab / "lab.ok").read_text())
    config["protocols"].remove("lock")
    (lab / "lab.ok").write_text(json.dumps(config))
    assert "# locked" in (lab / "tests" / "wwpp.py").read_text()
    typed = "1\n2\n12\n8\n"
    theirs, mine = (shutil.copytree(lab, tmp_path / who) for who in ("ok", "grade"))
    run_ok(ok_command, theirs, "-u", input=typed)
    done = run_grade("-u", cwd=mine, input=typed)
    assert "cannot be unlocked here" not in done.stdout + done.stderr
    # the wwpp case counts, unlocked; the doctest case is unlocked and fails on the
    # `# locked` its error now ends with, in ok as here
    assert ok_breakdown(ok_command, theirs) == {"wwpp": (1.0, 1.0), "q1": (0.0, 1.0)}
    record = json.loads(run_grade("--score", "--json", "-", cwd=mine).stdout)
    assert {k: (q["score"], q["max_score"]) for k, q in record["questions"].items()} == {
        "wwpp": (1.0, 1), "q1": (0.0, 1)}
    assert record["questions"]["q1"]["status"] == "failed"


def test_a_plain_answer_marked_locked_is_said_before_any_question(tmp_path):
    """hunt30 F2: a hand-edited case whose `# locked` line follows plain text (no hash)
    cannot be checked; ok asks for it forever, grade asked once and then said so. It
    is said before anything is asked, and the next case is unlocked as before."""
    lab = tmp_path / "lab"
    (lab / "tests").mkdir(parents=True)
    (lab / "lab.ok").write_text(json.dumps({
        "name": "Lab P", "src": ["lab.py"], "tests": {"tests/*.py": "ok_test"},
        "default_tests": ["pl"], "protocols": ["unlock", "grading"]}))
    (lab / "lab.py").write_text("")
    (lab / "tests" / "pl.py").write_text("test = " + repr({"name": "pl", "points": 1, "suites": [
        {"type": "wwpp", "scored": True, "cases": [
            {"code": ">>> 1 + 1\n2\n# locked\n", "locked": True},
            {"code": ">>> 2 + 2\n4\n", "locked": True}]},
        {"type": "concept", "scored": True, "cases": [  # (review30 #3: unlocked unasked)
            {"question": "What does f do?", "answer": "twice its argument",
             "choices": ["twice its argument", "nothing"], "locked": True}]}]}) + "\n")
    done = run_grade("-u", cwd=lab, input="2\n")
    said = done.stdout
    assert "cannot be unlocked here: not a locked answer this grader knows: '2'" in said
    assert "? " not in said.split("Case 1")[1].split("cannot be unlocked here")[0]
    assert "Case 2 unlocked" in said and "Still locked: pl Suite 1 › Case 1, Suite 2" in said
    assert "knows: 'twice its argument'" in said
    assert json.loads(run_grade("--score", "--json", "-", cwd=lab).stdout)["score"] == 0


def test_verbose_shows_answered_wwpp_and_concept_cases_as_ok_v_does(tmp_path, ok_command):
    """`ok -v` shows an unlocked what-would-Python-display case's session and a concept
    case's question and answer (neither runs); grade -v showed a tick."""
    lab = copy_bank("lab03", tmp_path / "lab")
    ok = run_ok(ok_command, lab, "-q", "wwpp-scored", "-q", "concepts", "-v").stdout
    mine = run_grade("-q", "wwpp-scored", "-q", "concepts", "-v", cwd=lab).stdout
    strip = lambda text: [line.strip() for line in text.splitlines()]  # noqa: E731
    for text in (ok, mine):
        lines = strip(text)
        start = lines.index(">>> f(23)")
        assert lines[start:start + 6] == [">>> f(23)", "6", ">>> f(9) > f(19)", "False",
                                          ">>> 1 / 0", "Error"], text
        at = lines.index("Q: How many times is digit_sum called, in all, to compute "
                         "digit_sum(507)?")
        assert lines[at + 1] == "A: 3", text
