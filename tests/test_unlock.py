"""`grade -u` driven like a student: through a real pseudo-terminal, and through pipes."""

from __future__ import annotations

import os
import re
import signal
import sys
import time
import types

import shutil

import pexpect
import pytest
from hypothesis import assume, given, settings, strategies as st

from grader.load import casefile
from grader.locking.unlock import setup_to_show
from conftest import run_grade
from locktools import DATA, answers_for, grade, locked_marks, make_workspace, spawn

PROMPT = r"(\(line \d+\))?\? "


def choose(child: pexpect.spawn, wanted: str) -> str:
    """The number the unlocker shows for the choice WANTED."""
    child.expect("Choose the number")
    child.expect(r"\? ")
    shown = dict(re.findall(r"(\d+)\) (.*?)\r?\n", child.before))
    return next(number for number, text in shown.items() if text.strip() == wanted)


def test_right_and_wrong_answers_on_a_terminal(tmp_path):
    ws = make_workspace(tmp_path / "ws")
    child = spawn(ws, "-q", "01", "-q", "02")
    child.expect(r"roll_dice\(3, make_test_dice\(4, 6, 1\)\)")
    child.expect(PROMPT)
    child.sendline("13")
    child.expect("Not quite")
    child.expect(PROMPT)
    child.sendline("  1 ")
    child.expect("OK!")
    child.expect("Case 1 unlocked")
    child.expect(">>> s\r\n")
    child.expect(PROMPT)
    child.sendline('"hi"')  # the same literal as 'hi'
    child.expect("OK!")
    child.expect(r"\(line 1\)\? ")
    child.sendline("hi")
    child.expect(r"\(line 2\)\? ")
    child.sendline("hi hi")
    child.expect("Not quite")
    child.expect(r"\(line 2\)\? ")
    child.sendline("hihi")
    child.expect(r"roll_dice\(0\)")
    child.expect(PROMPT)
    child.sendline("AssertionError")
    child.expect("Not quite")
    child.expect(PROMPT)
    child.sendline("error")
    child.expect(r">>> print\('a', 'b'\)")
    child.expect(PROMPT)
    child.sendline("a b")
    child.expect(">>> None")
    child.expect(PROMPT)
    child.sendline("Nothing")
    child.expect("Case 2 unlocked")
    child.expect("Q: What does roll_dice return")
    wrong = choose(child, "It returns 0")
    child.sendline(wrong)
    child.expect("Not quite")
    child.expect(PROMPT)
    child.sendline("It returns 1")  # by text
    child.expect("Case 4 unlocked")
    child.expect(r"free_bacon\(35\)")
    child.expect(PROMPT)
    child.sendline("7")
    child.expect(r"free_bacon\(71\)")
    child.sendline(choose(child, "9"))  # by number
    child.expect("All locked cases unlocked")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in child.before
    for key in ("01", "02"):
        data = casefile.read_literal(ws / "tests" / f"{key}.py")
        assert not any(locked_marks(data))
    result = grade(ws, "-q", "01", "-q", "02", "-v")
    assert result.returncode == 0, result.stdout
    assert "locked" not in result.stdout.lower()


@pytest.mark.parametrize("stop", ["exit()", "ctrl-c", "ctrl-d"])
def test_stopping_keeps_what_was_unlocked(tmp_path, stop):
    ws = make_workspace(tmp_path / "ws", solved=False)
    untouched = (ws / "tests" / "02.py").read_bytes()
    mtime = (ws / "tests" / "02.py").stat().st_mtime_ns
    child = spawn(ws)
    child.expect(PROMPT)
    child.sendline("1")
    child.expect("Case 1 unlocked")
    child.expect(PROMPT)
    child.sendline("'hi'")
    child.expect(r"\(line 1\)\? ")
    if stop == "exit()":
        child.sendline("exit()")
    elif stop == "ctrl-c":
        child.sendintr()
    else:
        child.sendeof()
    child.expect("Exiting the unlocker")
    child.expect(pexpect.EOF)
    child.close()
    out = child.before
    assert child.exitstatus == (130 if stop == "ctrl-c" else 0)  # exit() and Ctrl-D: as ok
    assert "Traceback" not in out
    assert "Still locked: 01 Suite 1 › Case 2, Suite 2 › Case 1" in out  # ok's numbers
    assert "Still locked: 02 case 1" in out
    assert "grade -u -q 01 -q 02" in out
    data = casefile.read_literal(ws / "tests" / "01.py")
    assert locked_marks(data) == [False, True, False, True]
    assert (ws / "tests" / "02.py").read_bytes() == untouched
    assert (ws / "tests" / "02.py").stat().st_mtime_ns == mtime
    assert not list((ws / "tests").glob(".*tmp"))


def test_plain_pipes(tmp_path):
    ws = make_workspace(tmp_path / "ws")
    typed = answers_for("01", "salted")
    result = grade(ws, "-u", "-q", "01", input="\n".join(["4"] + typed) + "\n")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("Not quite") == 1
    assert "All locked cases unlocked" in result.stdout
    # The transcript shows what was typed, as on a terminal.
    assert "(line 2)? hihi" in result.stdout
    assert grade(ws, "-q", "01").returncode == 0


def test_end_of_piped_input_stops_cleanly(tmp_path):
    ws = make_workspace(tmp_path / "ws")
    result = grade(ws, "-u", input="1\n'hi'\n")
    assert result.returncode == 0
    assert "Traceback" not in result.stdout + result.stderr
    assert "Still locked: 01 Suite 1 › Case 2, Suite 2 › Case 1" in result.stdout


def test_nothing_to_unlock(tmp_path):
    ws = make_workspace(tmp_path / "ws", scheme="unlocked")
    result = grade(ws, "-u", "-q", "02", input="")
    assert result.returncode == 0
    assert "Nothing to unlock" in result.stdout and "grade -q 02" in result.stdout


def test_unknown_question_is_a_usage_error(tmp_path):
    ws = make_workspace(tmp_path / "ws")
    result = grade(ws, "-u", "-q", "99", input="")
    assert result.returncode == 2
    assert "no question 99" in result.stderr and "Traceback" not in result.stderr


def test_kill_during_the_write_leaves_every_file_whole(tmp_path):
    """SIGKILL while the unlocked case is being written (slowed down by the test hook):
    the case file is the old one, whole; the next run unlocks and saves it."""
    ws = make_workspace(tmp_path / "ws")
    path = ws / "tests" / "01.py"
    data = casefile.read_literal(path)
    data["padding"] = "x" * 400_000  # several write chunks
    from grader.load.casefile import dump
    path.write_text(dump(data), encoding="utf-8")
    before = path.read_bytes()
    child = spawn(ws, "-q", "01", GRADE_TEST_WRITE_DELAY="0.5")
    child.expect(PROMPT)
    child.sendline("1")
    deadline = time.time() + 20
    while not list((ws / "tests").glob(".01.py.*.tmp")) and time.time() < deadline:
        time.sleep(0.02)
    temp = list((ws / "tests").glob(".01.py.*.tmp"))
    assert temp, "the write never started"
    time.sleep(0.6)  # some chunks written, not all
    assert 0 < temp[0].stat().st_size < len(before)
    os.kill(child.pid, signal.SIGKILL)
    child.expect(pexpect.EOF)
    child.close()
    assert path.read_bytes() == before
    assert casefile.load_question(path).cases[0].locked
    result = grade(ws, "-u", "-q", "01", input="\n".join(answers_for("01", "salted")) + "\n")
    assert result.returncode == 0, result.stdout
    assert casefile.read_literal(path)["padding"] == data["padding"]
    assert grade(ws, "-q", "01").returncode == 0


FUNCTION_CASES = """test = {
  'name': 'Question F',
  'points': 1,
  'suites': [
    {
      'type': 'doctest',
      'setup': '>>> from hog import *',
      'cases': [
        {'code': '>>> make_test_dice(1)\\n'
                 '<function make_test_dice.<locals>.dice at 0x7f00deadbeef>',
         'locked': True},
        {'code': '>>> always_roll(3)\\nFunction', 'locked': True},
        {'code': '>>> roll_dice(0)\\nTraceback (most recent call last):\\n  ...\\n'
                 'AssertionError: Must roll at least once.',
         'locked': True}
      ]
    }
  ]
}
"""


@pytest.mark.parametrize("scheme", ["salted", "ok"])
@pytest.mark.parametrize("word", ["Function", "function", " FUNCTION "])
def test_the_answer_word_function_unlocks_a_case_that_then_passes(tmp_path, scheme, word):
    cases = tmp_path / "cases"
    shutil.copytree(DATA, cases)
    (cases / "07.py").write_text(FUNCTION_CASES)
    ws = make_workspace(tmp_path / "ws", scheme=scheme, cases=cases)
    child = spawn(ws, "-q", "7")
    child.expect(r"make_test_dice\(1\)")
    child.expect(PROMPT)
    child.sendline(word)
    child.expect("OK!")
    child.expect(r"always_roll\(3\)")
    child.expect(PROMPT)
    child.sendline(word)
    child.expect("OK!")
    if scheme == "salted":  # ok's scheme shows tracebacks in the clear: nothing to ask
        child.expect(r"roll_dice\(0\)")
        child.expect(PROMPT)
        child.sendline("AssertionError")
        child.expect("Not quite")
        child.expect("the answer is the word Error")
        child.expect(PROMPT)
        child.sendline("error")
        child.expect("OK!")
    child.expect("All locked cases unlocked")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    result = grade(ws, "-q", "07", "-v")
    assert result.returncode == 0, result.stdout
    assert "3/3 passed" in result.stdout


@pytest.mark.parametrize("typed", ["it returns 1", "IT RETURNS 1", "  It   returns 1 "])
def test_choices_by_text_ignore_case_and_a_wrong_number_is_just_wrong(tmp_path, typed):
    ws = make_workspace(tmp_path / "ws")
    typed_before = answers_for("01", "salted")[:-1]
    result = grade(ws, "-u", "-q", "01", input="\n".join(typed_before) + "\n")
    assert result.returncode == 0 and "Still locked: 01 Suite 2 › Case 1" in result.stdout
    child = spawn(ws, "-q", "01")
    wrong = choose(child, "It returns 0")
    child.sendline(wrong)
    child.expect(r"Not quite\. Try again! --\r\n")
    assert "Choose a number" not in child.before + child.after
    child.expect(PROMPT)
    child.sendline("17")
    child.expect("Not quite. Try again! -- Choose a number from 1 to 3, or type the choice.")
    child.expect(PROMPT)
    child.sendline("It returns 2")
    child.expect("Choose a number from 1 to 3")
    child.expect(PROMPT)
    child.sendline(typed)
    child.expect("OK!")
    child.expect("All locked cases unlocked")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("key, shown, left_out", [
    ("05a", [], ["def turns", "def recorded", "def calls", "log = []"]),
    ("05b", ["def turns(rolls0, rolls1):"], ["def recorded", "def calls", "log = []"]),
])
def test_a_locked_case_shows_the_setup_it_needs_not_every_helper(tmp_path, key, shown,
                                                                    left_out):
    """Fall 2019's play suites share a 37-line setup of helpers: a case shows its call,
    the import and the helpers it calls, and says where the rest is."""
    ws = tmp_path / "ws"
    assert run_grade("init", str(ws)).returncode == 0
    child = spawn(ws, "-q", key)
    child.expect(r"Case 1 ")
    child.expect(PROMPT)
    screen = child.before
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert ">>> from hog import *" in screen and ">>> play(" in screen
    assert all(line in screen for line in shown)
    assert not [line for line in left_out if line in screen]
    assert re.search(rf"\(and \d+ more setup lines, not needed here: see tests/{key}\.py\)",
                     screen)
    assert len(screen.splitlines()) < 25


# Setup statements of the shapes course banks use: definitions, bindings, and lines that
# change state without binding a name (hunt30 F1: those were left out, and the session
# shown implied a wrong answer).
SETUP_LINES = {  # line -> the lines it needs before it
    "import types": [], "ns = types.SimpleNamespace(v=1)": ["import types"],
    "ns.v = 2": ["ns = types.SimpleNamespace(v=1)"], "ns.v += 3": ["ns = types.SimpleNamespace(v=1)"],
    "items = [1, 2]": [], "items.append(3)": ["items = [1, 2]"],
    "items.sort(reverse=True)": ["items = [1, 2]"], "items[0] = 9": ["items = [1, 2]"],
    "n = items.pop()": ["items = [1, 2]"], "other = [5]": [],
    "other.extend(items)": ["other = [5]", "items = [1, 2]"], "d = {}": [],
    "d['k'] = len(items)": ["d = {}", "items = [1, 2]"],
    "def make():\n    count = [0]\n    def c():\n        count[0] += 1\n"
    "        return count[0]\n    return c": [],
    "c = make()": ["def make():\n    count = [0]\n    def c():\n        count[0] += 1\n"
                   "        return count[0]\n    return c"],
    "c()": ["c = make()"], "def last():\n    return items[-1]": [],
    "def value():\n    return ns.v": [], "total = sum(other)": ["other = [5]"],
    "from probe_lab import *": [], "popped = stock.pop()": ["from probe_lab import *"],
    "probe_lab_size = len(stock)": ["from probe_lab import *"],
}
CASE_CODES = ["items", "other", "last()", "value()", "c()", "d", "n", "total", "ns.v",
              "stocked()"]
PROBE_LAB = "stock = [1, 2, 3]\n\ndef stocked():\n    return sum(stock)\n"


def _run(lines, code):
    """CODE's value after LINES ran, or the type of the error it raised (None when the
    setup itself raised)."""
    lab = types.ModuleType("probe_lab")  # a course's module, afresh: its state is
    exec(PROBE_LAB, lab.__dict__)  # read by its functions, unseen by the setup's names
    sys.modules["probe_lab"] = lab
    scope = {}
    try:
        for line in lines:
            exec(line, scope)
    except Exception:
        return None
    try:
        return repr(eval(code, scope))
    except Exception as error:
        return type(error).__name__


def _with_needs(picked):
    """PICKED with the lines each needs put before it (each of those once)."""
    out = []
    for line in picked:
        for need in SETUP_LINES[line]:
            for deeper in SETUP_LINES[need]:
                if deeper not in out:
                    out.append(deeper)
            if need not in out:
                out.append(need)
        out.append(line)
    return out


@settings(max_examples=300, deadline=None)
@given(picked=st.lists(st.sampled_from(sorted(SETUP_LINES)), min_size=1, max_size=10),
       data=st.data())
def test_the_setup_shown_for_a_locked_case_gives_the_answer_the_whole_setup_gives(picked,
                                                                                  data):
    """Whatever the suite's setup, a student who runs the lines shown before a locked
    case (ok shows them all; grade leaves out the helpers the case does not use) gets
    the answer the case expects."""
    picked = _with_needs(picked)
    answers = {code: _run(picked, code) for code in CASE_CODES}
    codes = [code for code, answer in answers.items() if answer not in (None, "NameError")]
    assume(codes)
    code = data.draw(st.sampled_from(codes))
    setup = "".join(">>> " + line.replace("\n", "\n... ") + "\n" for line in picked)
    shown, left_out = setup_to_show(setup, ">>> " + code)
    statements = "\n".join(shown).replace(">>> ", "\x00").replace("... ", "")
    kept = [part.rstrip("\n") for part in statements.split("\x00") if part.strip()]
    assert _run(kept, code) == answers[code], (kept, code)
    assert left_out == sum(line.count("\n") + 1 for line in picked) - len(shown)


EXIT_WORD_CASES = """
test = {
  'name': 'Question 7',
  'points': 1,
  'suites': [
    {
      'type': 'wwpp',
      'scored': True,
      'cases': [{'code': ">>> print('exit')\\nexit\\n>>> print('quit')\\nquit", 'locked': True}]
    }
  ]
}
"""


def test_the_words_exit_and_quit_are_answers_only_exit_and_quit_calls_stop(tmp_path):
    """As in ok, only exit() and quit() stop the unlocker: a case that prints the word
    `exit` is unlocked by typing it (it was a dead end: the word stopped the run)."""
    cases = tmp_path / "cases"
    shutil.copytree(DATA, cases)
    (cases / "07.py").write_text(EXIT_WORD_CASES)
    ws = make_workspace(tmp_path / "ws", cases=cases)
    result = grade(ws, "-u", "-q", "07", input="exit\nquit\n")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "All locked cases unlocked" in result.stdout
    stopped = grade(ws, "-u", "-q", "01", input="exit()\n")
    assert stopped.returncode == 0 and "Still locked" in stopped.stdout


def test_a_shared_case_files_escape_sequences_reach_no_terminal(tmp_path):
    """Case files are what students pass around ("my unlocked tests"): a test's name, a
    locked case's question and choices with an OSC 52 (write the clipboard), a title or a
    screen reset went raw to the terminal of whoever ran `grade`, `--list` or `-u` on them
    (attack25 F5). They are shown escaped, as a student's output is."""
    import json
    osc = "\x1b]52;c;ZXZpbA==\x1b\\"
    folder = tmp_path / "lab"
    (folder / "tests").mkdir(parents=True)
    (folder / "lab.py").write_text("")
    (folder / "tests" / "__init__.py").write_text("")
    (folder / "lab.ok").write_text(json.dumps({
        "name": "Lab", "src": ["lab.py"], "tests": {"tests/*.py": "ok_test"},
        "default_tests": ["q1"], "protocols": ["grading"]}))
    case = {"question": f"Which? {osc}\x1bc", "choices": ["\x1b]0;TITLE\x07one", "two"],
            "answer": "0123456789abcdef0123456789abcdef", "locked": True, "hidden": False}
    (folder / "tests" / "q1.py").write_text("test = " + repr({
        "name": f"q1 {osc}", "points": 1,
        "suites": [{"type": "concept", "scored": True, "cases": [case]}]}) + "\n")
    for args, given in ((), None), (("--list",), None), (("-u",), "exit()\n"):
        done = run_grade(*args, cwd=folder, input=given)
        shown = done.stdout + done.stderr
        assert "\x1b" not in shown and "\x07" not in shown, (args, shown)
        assert "ZXZpbA==" in shown, (args, shown)  # shown, escaped
    assert "\\x1b]0;TITLE" in done.stdout and "\\x1bc" in done.stdout, done.stdout
