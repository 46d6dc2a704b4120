"""`grade` as a student meets it: in a workspace, through the real command."""

import json
import re
import shutil
import sys
from pathlib import Path

import pexpect
import pytest

from conftest import run_grade

ANSI = re.compile(r"\x1b\[")


def test_the_template_fails_with_a_case_a_student_can_act_on(student_ws):
    result = run_grade("-q", "01", cwd=student_ws)
    assert result.returncode == 1
    out = result.stdout
    assert "Question 1 › Suite 1 › Case 1" in out
    assert ">>> roll_dice(2, make_test_dice(4, 6, 1))" in out
    assert re.search(r"Expected:\s+10\s+Got:\s+\(nothing\)", out)
    assert "grade -q 01 --case 1" in out
    assert not ANSI.search(out), "no colour when output is not a terminal"


def test_the_reference_passes_everything_with_full_marks(solved_ws):
    result = run_grade("--score", cwd=solved_ws)
    assert result.returncode == 0, result.stdout
    assert "22 / 22" in result.stdout and "All questions run passed" in result.stdout


def test_json_record_is_machine_readable(student_ws):
    result = run_grade("-q", "02", "-q", "04", "--json", "-", cwd=student_ws)
    record = json.loads(result.stdout)
    assert result.returncode == 1
    assert record["score"] == 0 and record["max_score"] == 3 and record["error"] is None
    assert set(record["questions"]) == {"02", "04"}
    assert record["questions"]["02"] == {"name": "Question 2", "score": 0, "max_score": 1,
                                         "status": "failed",
                                         "passed": 0, "failed": 1, "locked": 0, "not_run": 4,
                                         "hint": "02-no-return",
                                         "hint_text": "Looks like free_bacon returns None: a "
                                         "return statement may be missing, or a value "
                                         "computed and not returned."}
    assert record["run"] == {"questions_run": ["02", "04"], "questions_in_all": 14,
                             "cases": None, "complete": False}
    assert "Question 2" in result.stderr


def test_verbose_runs_every_case(student_ws):
    quiet = run_grade("-q", "02", "--json", "-", cwd=student_ws)
    loud = run_grade("-q", "02", "-v", "--json", "-", cwd=student_ws)
    assert json.loads(quiet.stdout)["questions"]["02"]["failed"] == 1
    assert json.loads(loud.stdout)["questions"]["02"]["failed"] == 5
    assert loud.stderr.count("Expected:") == 5


def test_one_case_can_be_rerun(solved_ws):
    (solved_ws / "hog.py").write_text((solved_ws / "hog.py").read_text().replace(
        "return 10 - min(score // 10, score % 10)", "return 10 - max(score // 10, score % 10)"))
    result = run_grade("-q", "02", "--case", "4", cwd=solved_ws)
    assert result.returncode == 1
    assert "Case 4" in result.stdout and "Case 1" not in result.stdout
    assert run_grade("-q", "02", "--case", "99", cwd=solved_ws).returncode == 2


def test_a_slow_case_times_out_and_the_rest_still_run(solved_ws):
    source = (solved_ws / "hog.py").read_text()
    (solved_ws / "hog.py").write_text(source.replace(
        "    # BEGIN PROBLEM 3\n", "    # BEGIN PROBLEM 3\n    while opponent_score == 35:\n        pass\n"))
    result = run_grade("-q", "03", "-q", "02", "--timeout", "1", "--json", "-", cwd=solved_ws)
    record = json.loads(result.stdout)
    assert record["questions"]["03"]["status"] == "timeout"
    assert record["questions"]["02"]["status"] == "passed"
    assert "Timed out" in result.stderr


@pytest.mark.parametrize("args, words", [
    (["-q", "13"], "no question 13"),
    (["--timeout", "-1"], "Invalid value"),
    (["--frobnicate"], "No such option"),
])
def test_usage_errors_exit_2(student_ws, args, words):
    result = run_grade(*args, cwd=student_ws)
    assert result.returncode == 2 and words in result.stderr
    assert "Traceback" not in result.stderr


def test_missing_hog_py_is_explained(student_ws):
    (student_ws / "hog.py").unlink()
    result = run_grade(cwd=student_ws)
    assert result.returncode == 2
    assert "no hog.py" in result.stderr and "Traceback" not in result.stderr


def test_a_course_folder_without_its_ok_configuration_is_explained(tmp_path):
    """A lab folder whose lab05.ok was deleted (or never downloaded) was told to find
    hog.py, another assignment's file (hunt22 #6)."""
    shutil.copytree(Path(__file__).parent.parent / "examples" / "ok" / "lab05", tmp_path / "lab",
                    ignore=shutil.ignore_patterns("*.ok", "__pycache__"))
    result = run_grade(cwd=tmp_path / "lab")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "no ok configuration" in result.stderr and "no hog.py" not in result.stderr


def test_outside_a_workspace_is_explained(tmp_path):
    result = run_grade(cwd=tmp_path)
    assert result.returncode == 2 and "grade init" in result.stderr


def test_a_broken_case_file_is_named(student_ws):
    (student_ws / "tests" / "03.py").write_text("test = {'points': 2, 'suites': [}\n")
    result = run_grade("-q", "03", cwd=student_ws)
    assert result.returncode == 2 and "03.py" in result.stderr and "not valid Python" in result.stderr


def test_a_syntax_error_fails_every_question_once(student_ws):
    (student_ws / "hog.py").write_text("def roll_dice(:\n    pass\n")
    result = run_grade("--json", "-", cwd=student_ws)
    record = json.loads(result.stdout)
    assert result.returncode == 1 and "syntax error" in record["error"]
    assert {q["status"] for q in record["questions"].values()} == {"error"}
    assert result.stderr.count("syntax error") == 1 and "line 1" in result.stderr


def test_printing_debug_lines_is_allowed(solved_ws):
    source = (solved_ws / "hog.py").read_text()
    (solved_ws / "hog.py").write_text(source.replace(
        "    # BEGIN PROBLEM 2\n", "    # BEGIN PROBLEM 2\n    print('DEBUG: score is', score)\n"))
    assert run_grade("-q", "02", cwd=solved_ws).returncode == 0


def test_interactive_session_opens_at_the_failing_case(student_ws):
    child = pexpect.spawn(sys.executable, ["-m", "grader.cli", "-q", "01", "-i"],
                          cwd=str(student_ws), encoding="utf-8", timeout=30,
                          env={"PATH": "/usr/bin:/bin", "TERM": "dumb", "NO_COLOR": "1"})
    child.expect("You are at the failing line")
    child.expect(">>> ")
    child.sendline("roll_dice(2, make_test_dice(4, 6, 1)) is None")
    child.expect("True")
    child.sendline("exit()")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_init_refuses_to_overwrite_work(student_ws):
    result = run_grade("init", str(student_ws))
    assert result.returncode == 2 and "not empty" in result.stderr


def test_student_workspace_has_no_hidden_cases(student_ws, fa19):
    from grader.load import casefile
    staff = casefile.load_questions(fa19.cases)
    mine = casefile.load_questions(student_ws / "tests")
    assert sum(c.hidden for q in staff for c in q.cases) > 0
    assert sum(c.hidden for q in mine for c in q.cases) == 0
    assert sorted(p.name for p in student_ws.iterdir()) == ["dice.py", "grade.json", "hog.ok",
                                                           "hog.py", "tests", "ucb.py"]


def test_locked_cases_are_named_even_when_another_case_fails(tmp_path, fa19):
    ws = tmp_path / "locked"
    assert run_grade("init", str(ws)).returncode == 0
    result = run_grade("-q", "02", cwd=ws)
    assert result.returncode == 1
    assert "Expected:" in result.stdout
    assert "2 case(s) locked (1, 2)" in result.stdout and "grade -u -q 02" in result.stdout


def test_a_narrow_terminal_still_shows_the_whole_failing_line(student_ws):
    child = pexpect.spawn(sys.executable, ["-m", "grader.cli", "-q", "05a"], cwd=str(student_ws),
                          encoding="utf-8", timeout=60, dimensions=(24, 60),
                          env={"PATH": "/usr/bin:/bin", "TERM": "xterm"})
    child.expect(pexpect.EOF)
    screen = re.sub(r"\x1b\[[0-9;]*m", "", child.before).replace("\r", "")
    assert ("dice=make_test_dice(3), goal=20, feral_hogs=False)" in screen), screen
    assert ANSI.search(child.before), "colour on a terminal"


def test_ctrl_c_reports_the_questions_that_ran_and_only_the_rest_as_not_run(solved_ws):
    """Question 1 passes, 2 fails, 3 sleeps: Ctrl-C while 3 runs shows the summary of 1
    and 2 (and 2's failure) and lists only 3 and 4 as not run."""
    import io
    import os
    source = (solved_ws / "hog.py").read_text()
    source = source.replace("    return 10 - min(score // 10, score % 10)\n",
                            "    return 10 - max(score // 10, score % 10)\n", 1)
    source = source.replace("    # BEGIN PROBLEM 3\n",
                            "    # BEGIN PROBLEM 3\n    import time; time.sleep(120)\n", 1)
    (solved_ws / "hog.py").write_text(source)
    child = pexpect.spawn(sys.executable, ["-m", "grader.cli", "-q", "1", "-q", "2", "-q", "3",
                                           "-q", "4", "--timeout", "300"],
                          cwd=str(solved_ws), encoding="utf-8", timeout=60,
                          dimensions=(50, 160), env={**os.environ, "NO_COLOR": "1"})
    child.logfile_read = screen = io.StringIO()
    child.expect(r"Question 3 › Case 1: running for")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    said = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen.getvalue())
    assert child.exitstatus == 130
    assert "Traceback" not in said and "Aborted" not in said
    assert "Question 2 › Suite" in said, "the failure of a question that ran is shown"
    summary = said[said.index("Summary"):]
    assert re.search(r"Question 1\s*│\s*passed", summary), summary
    assert re.search(r"Question 2\s*│\s*failed", summary), summary
    assert "Question 3 │" not in summary and "Question 4 │" not in summary
    assert "Stopped by Ctrl-C: not run: Question 3, Question 4." in " ".join(said.split())


INTERACTIVE_LAB = {
    "lab.ok": json.dumps({"name": "Lab", "src": ["lab.py"], "tests": {"tests/*.py": "ok_test"},
                          "default_tests": ["q1", "q2"], "protocols": ["grading"]}),
    "lab.py": ("def double(x):\n    if not isinstance(x, int):\n        raise TypeError(x)\n"
               "    return 2 * x - 1\n\n\ndef add_item(x, items=[]):\n"
               "    items.append(x)\n    return items\n"),
    "tests/q1.py": ("test = {'name': 'q1', 'points': 1, 'suites': [{'type': 'doctest', "
                    "'setup': '>>> from lab import *\\n>>> #', 'cases': [{'code': "
                    "'>>> # Testing double on a few numbers\\n>>> double(\"a\")\\n"
                    "Traceback (most recent call last):\\nTypeError: a\\n>>> x = double(3)\\n"
                    ">>> x\\n6'}]}]}\n"),
    "tests/q2.py": ("test = {'name': 'q2', 'points': 1, 'suites': [{'type': 'doctest', "
                    "'setup': '>>> from lab import *', 'cases': [{'code': '>>> add_item(1)\\n[1]'}, "
                    "{'code': '>>> result = add_item(2)\\n>>> result\\n[2]'}]}]}\n")}


@pytest.mark.parametrize("question,line,shown", [("q1", "print('x is', x)", "x is 5"),
                                                 ("q2", "print('result is', result)",
                                                  "result is [1, 2]")])
def test_the_interactive_session_holds_what_the_failing_line_saw(tmp_path, question, line,
                                                                 shown):
    """`-i` replays the case in a new Python: a line that is only a comment (a case's
    `>>> # Testing ...`, a setup's closing `>>> #`) or one whose error the case expects
    stopped the replay, so the session lacked the case's names; and the earlier cases
    were not run, so a mutable default's list looked right where the failure said it
    was not (hunt22)."""
    for name, text in INTERACTIVE_LAB.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    child = pexpect.spawn(sys.executable, ["-m", "grader.cli", "-q", question, "-i"],
                          cwd=str(tmp_path), encoding="utf-8", timeout=30,
                          env={"PATH": "/usr/bin:/bin", "TERM": "dumb", "NO_COLOR": "1"})
    child.expect("You are at the failing line")
    seen = child.before
    child.expect(">>> ")
    child.sendline(line)
    child.expect(re.escape(shown))
    child.sendline("exit()")
    child.expect(pexpect.EOF)
    child.close()
    assert "SyntaxError" not in seen, seen
