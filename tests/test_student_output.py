"""What `grade` tells a student, driven as a student drives it: the real command in a
child process. A run says what ran, how far each question got, and never shows points
that were not earned; long prints and tracebacks appear once, cut to a readable size."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import run_grade
from grader.bulk.grading import failure_text
from grader.load import casefile

SLOW = settings(max_examples=6, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])
KEYS = ["00", "01", "02", "03", "04", "05a", "05b", "06", "07", "08", "09", "10", "11", "12"]


def table_rows(out: str):
    """{question name: [status, cases cell, points cell]} from the summary table."""
    rows = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip("│ ").split("│")]
        if len(cells) >= 3 and cells[0].startswith("Question "):
            rows[cells[0]] = cells[1:]
    return rows


def patch(ws, old, new, extra=""):
    """WS's hog.py: the reference with OLD replaced by NEW (fresh on every call: the
    examples of one test share the workspace)."""
    from grader import assignment
    source = (assignment.load().reference / "hog.py").read_text()
    assert source.count(old) == 1
    (ws / "hog.py").write_text(source.replace(old, new) + extra)


@SLOW
@given(numbers=st.sets(st.integers(1, 12), min_size=1, max_size=6),
       keys=st.lists(st.sampled_from(KEYS), min_size=0, max_size=4, unique=True))
def test_a_partial_run_never_counts_points_it_did_not_earn(solved_ws, fa19, numbers, keys):
    """A run of some questions counts theirs only, and says it is partial. With --score,
    --case is left aside as ok's --score leaves it (every scored case of a question is
    run and scored: the points are ok's); without it, a question some of whose cases
    did not run earns nothing."""
    questions = {q.key: q for q in casefile.load_questions(solved_ws / "tests")}
    chosen = keys or KEYS
    numbers = (numbers & {c.number for k in chosen for c in questions[k].cases}) or {1}
    args = [a for k in keys for a in ("-q", k)] + [a for n in sorted(numbers)
                                                   for a in ("--case", str(n))]
    result = run_grade(*args, "--score", "--json", "-", cwd=solved_ws)
    assert result.returncode == 0, result.stderr
    assert "--suite and --case are left aside" in result.stderr
    record = json.loads(result.stdout)
    earned = 0
    for key in chosen:
        entry = record["questions"][key]
        scored = [c for c in questions[key].cases if c.suite.scored]  # --score runs no other
        assert entry["not_run"] == 0 and entry["score"] == questions[key].points
        earned += entry["score"]
        row = table_rows(result.stderr)[questions[key].name]
        assert row[1].startswith(f"{len(scored)}/{len(scored)} passed" if scored
                                 else "unscored: --score skips it")
        assert row[2] == f"{questions[key].points:g} / {questions[key].points:g}"
    assert record["score"] == earned and record["run"]["cases"] is None
    total = re.search(r"Total\s*│.*│\s*([\d.]+) / ([\d.]+)", result.stderr)
    assert float(total.group(1)) == earned
    assert ("Partial run" in result.stderr) == bool(keys)

    plain = json.loads(run_grade(*args, "--json", "-", cwd=solved_ws).stdout)
    assert plain["run"]["complete"] is False and plain["run"]["cases"] == sorted(numbers)
    for key in chosen:
        entry = plain["questions"][key]
        ran = [c for c in questions[key].cases if c.number in numbers]
        assert entry["not_run"] == len(questions[key].cases) - len(ran)
        assert entry["score"] == (questions[key].points if not entry["not_run"] else 0)


@pytest.mark.parametrize("verbose", [False, True])
def test_the_cases_column_agrees_with_what_ran(tmp_path, verbose):
    ws = tmp_path / "ws"
    assert run_grade("init", str(ws)).returncode == 0  # locked cases, the template's code
    result = run_grade(*(["-v"] if verbose else []), "--json", "-", cwd=ws)
    record = json.loads(result.stdout)
    rows = table_rows(result.stderr)
    questions = {q.key: q for q in casefile.load_questions(ws / "tests")}
    for key, entry in record["questions"].items():
        cell = rows[questions[key].name][1]
        total = len(questions[key].cases)
        assert cell.startswith(f"{entry['passed']}/{total} passed"), cell
        assert (f"{entry['locked']} locked" in cell) == bool(entry["locked"])
        assert (f"{entry['not_run']} not run" in cell) == bool(entry["not_run"])
        assert entry["passed"] + entry["failed"] + entry["locked"] + entry["not_run"] == total
        if verbose:
            assert entry["not_run"] == 0
        elif entry["failed"]:
            assert re.search(r"case \d+ (failed|timed out|raised an error)", cell), cell


@SLOW
@given(lines=st.integers(31, 30_000), text=st.sampled_from(["roll", "x" * 30, "score: 1 2"]))
def test_a_forgotten_print_is_shown_once_cut_to_head_and_tail(solved_ws, lines, text):
    patch(solved_ws, "    # BEGIN PROBLEM 1\n",
          f"    # BEGIN PROBLEM 1\n    for i in range({lines}):\n        print({text!r}, i)\n")
    result = run_grade("-q", "01", cwd=solved_ws)
    out = result.stdout
    assert result.returncode == 1
    assert f"{text} 0\n" in out and f"{text} 19\n" in out
    assert out.count(f"{text} 0\n") == 1, "shown once, not in the transcript too"
    assert f"{text} 20\n" not in out
    assert f"{text} {lines - 1}\n" in out
    printed = lines + 1  # and the value the case prints
    assert f"Your code printed {printed:,} lines here" in out
    assert 'print("DEBUG:", ...)' in out
    cut = int(re.search(r"\[\.\.\. ([\d,]+) more line\(s\) cut \.\.\.\]", out).group(1)
              .replace(",", ""))
    assert cut == printed - 30
    assert len(out.splitlines()) < 80


def test_a_short_output_is_shown_whole(solved_ws):
    patch(solved_ws, "    # BEGIN PROBLEM 1\n",
          "    # BEGIN PROBLEM 1\n    for i in range(12):\n        print('roll', i)\n")
    out = run_grade("-q", "01", cwd=solved_ws).stdout
    assert all(f"roll {i}\n" in out for i in range(12))
    assert "cut" not in out and "DEBUG" not in out


@SLOW
@given(error=st.sampled_from(["ValueError", "ZeroDivisionError", "KeyError", "RuntimeError"]),
       depth=st.integers(0, 3))
def test_a_traceback_is_printed_once(solved_ws, error, depth):
    helpers = "".join(f"def helper{i}():\n    return helper{i + 1}()\n" for i in range(depth))
    helpers += f"def helper{depth}():\n    raise {error}('deep trouble')\n"
    patch(solved_ws, "    # BEGIN PROBLEM 2\n", "    # BEGIN PROBLEM 2\n    helper0()\n",
          "\n" + helpers)
    out = run_grade("-q", "02", cwd=solved_ws).stdout
    assert out.count("Traceback (most recent call last)") == 1
    assert out.count(f"raise {error}('deep trouble')") == 1
    assert out.count("in helper0") == 1


def key_spellings(key: str):
    number, letter = re.fullmatch(r"0*(\d+)([a-z]?)", key).groups()
    forms = [number + letter, number.zfill(2) + letter]
    return st.tuples(st.sampled_from(forms), st.sampled_from(["", "q", "Q", "question ",
                                                              "Question "]),
                     st.booleans()).map(
        lambda t: (t[1] + t[0]).upper() if t[2] else t[1] + t[0])


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_questions_are_named_as_a_person_types_them(student_ws, data):
    key = data.draw(st.sampled_from(KEYS))
    typed = data.draw(key_spellings(key))
    result = run_grade("-u", "-q", typed, cwd=student_ws, input="")
    assert result.returncode == 0, (typed, result.stderr)
    assert f"Run them with: grade -q {key}" in result.stdout


@pytest.mark.parametrize("typed, suggestion", [("5", "05a or 05b"), ("05c", "05a or 05b"),
                                               ("13", "12"), ("Q5A ", None), ("q 12", None)])
def test_a_wrong_question_name_gets_the_nearest(student_ws, typed, suggestion):
    result = run_grade("-q", typed, cwd=student_ws)
    if suggestion is None:
        assert result.returncode in (0, 1), result.stderr
        return
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"no question {typed}: did you mean {suggestion}" in result.stderr


def staff_folder(tmp_path, fa19, hog_source=None):
    """A folder graded with the staff case files themselves, as staff run them."""
    folder = tmp_path / "staff"
    shutil.copytree(fa19.cases, folder / "tests")
    for name in fa19.student_files:
        shutil.copy(fa19.reference / name, folder / name)
    if hog_source is not None:
        (folder / "hog.py").write_text(hog_source)
    return folder


@pytest.mark.parametrize("seed", [3, 11])
def test_staff_cases_marked_locked_run_in_the_staff_folder(tmp_path, fa19, seed):
    marked = sum(c.locked for c in casefile.load_question(fa19.cases / "05a.py").cases)
    assert marked, "the staff file marks cases to lock"
    folder = staff_folder(tmp_path, fa19)
    result = run_grade("--seed", str(seed), "-q", "05a", "-v", "--json", "-", cwd=folder)
    assert result.returncode == 0, result.stderr
    entry = json.loads(result.stdout)["questions"]["05a"]
    assert entry["locked"] == 0 and entry["status"] == "passed"
    assert "grade -u" not in result.stderr and "locked" not in result.stderr


def test_rerun_commands_keep_the_options_that_change_the_run(tmp_path, fa19):
    source = (fa19.reference / "hog.py").read_text().replace(
        "        say = say(score0, score1)\n", "        say(score0, score1)\n")
    folder = staff_folder(tmp_path, fa19, source)
    result = run_grade("--seed", "3", "-v", "-q", "6", "--timeout", "20", "-d", str(folder))
    assert result.returncode == 1
    commands = re.findall(r"(?:Run just this case|Next): (grade .*)", result.stdout)
    assert len(commands) > 1
    for command in commands:
        assert "--seed 3" in command and "--timeout 20" in command and f"-d {folder}" in command
    fuzz = result.stdout[result.stdout.index("(seed 3)"):]
    command = re.search(r"Run just this case: (grade .*)", fuzz).group(1)
    rerun = subprocess.run([sys.executable, "-m", "grader.cli", *command.split()[1:]],
                           capture_output=True, text=True, timeout=300)
    assert rerun.returncode == 1 and "(seed 3)" in rerun.stdout


def list_rows(out: str):
    rows = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip("│ ").split("│")]
        if len(cells) == 5 and cells[0].startswith("Question "):
            rows[cells[1]] = (float(cells[2]), int(cells[3]), int(cells[4]))
    return rows


def test_list_names_questions_points_and_locked_cases(tmp_path, fa19):
    from locktools import answers_for
    ws = tmp_path / "ws"
    assert run_grade("init", str(ws)).returncode == 0
    listed = run_grade("--list", cwd=ws)
    assert listed.returncode == 0, listed.stderr
    rows = list_rows(listed.stdout)
    questions = {q.key: q for q in casefile.load_questions(ws / "tests")}
    assert set(rows) == set(questions)
    for key, question in questions.items():
        assert rows[key] == (question.points, len(question.cases),
                             sum(c.locked for c in question.cases))
    assert sum(points for points, _, _ in rows.values()) == 22
    assert "grade -u" in listed.stdout
    typed = answers_for("03", "salted", cases=fa19.cases)
    assert run_grade("-u", "-q", "3", cwd=ws, input="\n".join(typed) + "\n").returncode == 0
    after = list_rows(run_grade("--list", cwd=ws).stdout)
    assert after["03"][2] == 0 and rows["03"][2] > 0
    assert {k: v for k, v in after.items() if k != "03"} == \
        {k: v for k, v in rows.items() if k != "03"}
    chosen = list_rows(run_grade("--list", "-q", "5A", "-q", "q12", cwd=ws).stdout)
    assert set(chosen) == {"05a", "12"}


def test_an_error_raised_outside_the_students_code_is_shown_once(student_ws, grade_hog,
                                                                  fa19):
    """The template's make_averaged returns None, and the case calls it: the TypeError
    has no frame of the student's, so its one line (Got's last) is all there is to show,
    once, in the terminal and on Gradescope alike."""
    error = "TypeError: 'NoneType' object is not callable"
    out = run_grade("-q", "08", cwd=student_ws).stdout
    assert out.count(error) == 1 and "Your code raised" not in out
    result = grade_hog((fa19.template / "hog.py").read_text(), ["08"])
    failed = next(c for c in result.questions[0].case_results if c.status == "failed")
    text = failure_text(failed)  # what bulk's records and Gradescope's output show
    assert text.count(error) == 1 and "Your code raised" not in text


def test_an_error_in_the_students_frames_still_shows_them(solved_ws, grade_hog):
    patch(solved_ws, "    # BEGIN PROBLEM 8\n", "    # BEGIN PROBLEM 8\n    return None()\n")
    out = run_grade("-q", "08", cwd=solved_ws).stdout
    assert "Your code raised:" in out and "in make_averaged" in out
    result = grade_hog((solved_ws / "hog.py").read_text(), ["08"])
    failed = next(c for c in result.questions[0].case_results if c.status == "failed")
    text = failure_text(failed)  # bulk and Gradescope show them too
    assert "Your code raised:" in text and "in make_averaged" in text


def test_a_failure_shows_its_suites_setup_as_ok_shows_it(tmp_path):
    """`>>> a.balance` failing means little without the setup that made `a` (ok prints
    the suite's setup lines before the case's): the session shown starts with them, in
    the student's run and in a bulk report alike."""
    from okfolders import write_folder
    suite = {"type": "doctest", "scored": True,
             "setup": ">>> from bank import *\n>>> a = Account('Ann')\n>>> a.deposit(100)",
             "cases": [{"code": ">>> a.balance\n100\n>>> a.withdraw(40)\n60", "hidden": False,
                        "locked": False}]}
    folder = write_folder(tmp_path / "bank", {
        "bank.ok": json.dumps({"name": "Bank", "src": ["bank.py"],
                               "tests": {"tests/*.py": "ok_test"}}),
        "bank.py": ("class Account:\n    def __init__(self, name):\n        self.balance = 0\n"
                    "    def deposit(self, n):\n        self.balance += n\n"
                    "    def withdraw(self, n):\n        self.balance -= n + 1\n"
                    "        return self.balance\n"),
        "tests/__init__.py": "",
        "tests/q1.py": "test = " + repr({"name": "q1", "points": 1, "suites": [suite]}) + "\n"})
    out = run_grade("-q", "q1", cwd=folder).stdout
    session = [line.strip() for line in out.splitlines() if line.strip().startswith(">>>")]
    assert session == [">>> from bank import *", ">>> a = Account('Ann')", ">>> a.deposit(100)",
                       ">>> a.balance", ">>> a.withdraw(40)"], out


def test_a_setup_that_loops_is_named_and_the_case_is_not_listed(tmp_path):
    """A suite's setup that never ends: the session showed every setup and case line
    with nothing under them, as if the case's last line looped (hunt12)."""
    from okfolders import write_folder
    suite = {"type": "doctest", "scored": True,
             "setup": ">>> from lab import *\n>>> spin()", "cases": [
                 {"code": ">>> settled\n1", "hidden": False, "locked": False}]}
    folder = write_folder(tmp_path / "lab", {
        "lab.ok": json.dumps({"name": "L", "src": ["lab.py"], "tests": {"tests/*.py": "ok_test"}}),
        "lab.py": "settled = 1\n\n\ndef spin():\n    while True:\n        pass\n",
        "tests/__init__.py": "",
        "tests/q1.py": "test = " + repr({"name": "q1", "points": 1, "suites": [suite]}) + "\n"})
    out = run_grade("-q", "q1", "--timeout", "1", cwd=folder).stdout
    assert "in the suite's setup" in out and ">>> spin()" in out and ">>> settled" not in out, out
