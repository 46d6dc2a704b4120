"""A case that times out says which of its lines was running and where the student's
code was stuck; `-i` opens at that line; a long case shows that it is running."""

import json
import os
import re
import sys
import textwrap
import time

import pexpect
import pytest
from hypothesis import given, settings, strategies as st

from grader.judge import judge_case
from grader.model import Case, Example, Suite
from grader.run.runner import LOOP_LOOKS, CaseJob, Runner, loop_signature

from conftest import run_grade

# Ways to be stuck: each defines stuck(n) that never returns, through FRAMES (the
# student's functions that must appear on the stack, outermost first).
STUCK = {
    "loop": ("def stuck(n):\n    while True:\n        n += 1\n", ["stuck"]),
    "helper": ("def stuck(n):\n    return spin(n)\n"
               "def spin(n):\n    while n >= 0:\n        n = n + 1\n", ["stuck", "spin"]),
    "recursion": ("def stuck(n):\n    return deep(n, 30)\n"
                  "def deep(n, k):\n    if k:\n        return deep(n, k - 1)\n"
                  "    while True:\n        pass\n", ["stuck", "deep"]),
    "sleeps": ("import time\ndef stuck(n):\n    while True:\n        time.sleep(0.05)\n",
               ["stuck"]),
    "generator": ("def stuck(n):\n    return sum(count())\n"
                  "def count():\n    k = 0\n    while True:\n        yield k\n        k += 1\n",
                  ["stuck", "count"]),
    "lambda": ("spin = lambda: [0 for _ in iter(int, 1)]\ndef stuck(n):\n    return spin()\n",
               ["stuck", "<lambda>"]),
}


def doctest_case(sources):
    suite = Suite(number=1, type="doctest")
    return Case(number=1, suite=suite, examples=[Example(s, "1\n") for s in sources])


@settings(max_examples=12, deadline=None)
@given(style=st.sampled_from(sorted(STUCK)), before=st.integers(0, 3), after=st.integers(0, 2))
def test_a_timeout_names_the_running_line_and_the_stack(tmp_path_factory, style, before, after):
    folder = tmp_path_factory.mktemp("stuck")
    body, frames = STUCK[style]
    (folder / "hog.py").write_text(body)
    sources = ([f"print({i})\n" for i in range(before)] + [f"stuck({before})\n"]
               + [f"print('never {i}')\n" for i in range(after)])
    runner = Runner(preflight=("hog",), src=folder, timeout=1.0)
    (_, run), = runner.run([CaseJob(0, sources, setup=["from hog import *\n"])])
    assert run.status == "timeout" and run.running == before
    result = judge_case(doctest_case(sources), run)
    assert result.status == "timeout" and result.failed_example == before
    lines = result.transcript.splitlines()
    assert lines[-1] == f">>> stuck({before})"
    assert "never" not in result.transcript
    assert [line for line in lines if not line.startswith(">>>")] == [str(i) for i in range(before)]
    stack = result.traceback
    assert f"stuck({before})" in stack
    at = [stack.index(f", in {name}\n") for name in frames]
    assert at == sorted(at), "frames outermost first"
    assert "worker.py" not in stack and "guard.py" not in stack


def test_code_that_blocks_the_signal_still_times_out(tmp_path):
    (tmp_path / "hog.py").write_text(textwrap.dedent("""
        import signal
        def stuck(n):
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR2})
            signal.signal(signal.SIGUSR2, signal.SIG_IGN)
            while True:
                pass
        """))
    runner = Runner(preflight=("hog",), src=tmp_path, timeout=1.0)
    started = time.monotonic()
    (_, run), (_, after) = runner.run([CaseJob(0, ["stuck(1)\n"], setup=["from hog import *\n"]),
                                       CaseJob(1, ["print('next')\n"])])
    assert run.status == "timeout" and run.stack == "" and run.running is None
    assert [o.printed for o in after.outputs] == ["next\n"]
    assert time.monotonic() - started < 1.0 + runner.stack_wait + 8


BUSY = ("import time as _time\n"
        "def busy(seconds):\n"
        "    end = _time.monotonic() + seconds\n"
        "    while _time.monotonic() < end:\n"
        "        pass\n"
        "    return 'done'\n")


@pytest.mark.parametrize("style", ["loop", "helper", "recursion", "lambda", "sleeps"])
def test_a_case_looping_where_an_earlier_one_timed_out_is_stopped_early(tmp_path, style):
    """With loop_looks (`grade bulk --stop-repeated-loops`), one loop reached from
    question after question costs one limit, not one each: a
    later case found at the stack where the first was stopped, each time it is looked
    at (Runner's LOOP_LOOKS), is stopped then, with that stack. A slow case elsewhere
    keeps its whole limit, and the stack of a timeout is no verdict on other cases."""
    (tmp_path / "hog.py").write_text(STUCK[style][0] + BUSY)
    timeout = 3.0  # busy spins 0.8 s of wall time, past every look, however loaded the machine
    runner = Runner(preflight=("hog",), src=tmp_path, timeout=timeout, loop_looks=LOOP_LOOKS)
    setup = ["from hog import *\n"]
    jobs = [CaseJob(0, ["stuck(0)\n"], setup=setup), CaseJob(1, ["busy(0.8)\n"], setup=setup),
            *[CaseJob(i, ["print('first')\n", f"stuck({i})\n"], setup=setup)
              for i in range(2, 5)],
            CaseJob(5, ["print('after')\n"])]
    started = time.monotonic()
    runs = [run for _, run in runner.run(jobs)]
    took = time.monotonic() - started
    first, slow, again, after = runs[0], runs[1], runs[2:5], runs[5]
    assert first.status == "timeout" and "did not finish within 3 s" in first.message
    assert slow.status == "ran" and slow.outputs[-1].printed == "'done'\n"
    for run in again:
        assert run.status == "timeout" and run.running == 1
        assert "looping where an earlier case of this submission ran out of time" in run.message
        assert loop_signature(run.stack) == loop_signature(first.stack)  # not its case line
        assert [o.printed for o in run.outputs][:1] == ["first\n"]
    assert after.outputs[0].printed == "after\n"
    # the first limit, 0.8 s busy, then 0.15 of a limit each: far from 4 more limits
    assert took < timeout + 0.8 + 3 * (0.15 * timeout + 0.5) + 1.5, took


def test_a_loop_is_the_same_loop_at_any_of_its_lines_but_not_from_another_caller():
    """A look may land on any line of a loop (the sleep in it, or the loop's test when
    the machine is loaded): that is the loop that timed out. Reached from another line
    of a caller, or in another function, it is another loop, which keeps its limit."""
    def stack(*frames):
        return "Traceback (most recent call last):\n" + "".join(
            f'  File "{file}", line {line}, in {name}\n    code\n' for file, line, name in frames)
    case = ("<case>", 1, "<module>")
    at_sleep = stack(case, ("hog.py", 9, "play"), ("hog.py", 3, "stuck"))
    at_test = stack(("<case>", 7, "<module>"), ("hog.py", 9, "play"), ("hog.py", 2, "stuck"))
    assert loop_signature(at_sleep) == loop_signature(at_test)
    assert loop_signature(at_sleep) != loop_signature(
        stack(case, ("hog.py", 10, "play"), ("hog.py", 3, "stuck")))
    assert loop_signature(at_sleep) != loop_signature(
        stack(case, ("hog.py", 9, "play"), ("hog.py", 3, "spin")))
    assert loop_signature(stack(case)) == ()


@pytest.mark.parametrize("looks", [(), LOOP_LOOKS], ids=["default", "stop-repeated-loops"])
def test_a_slow_case_in_a_loop_that_timed_out_keeps_its_whole_limit_by_default(tmp_path,
                                                                              looks):
    """As ok: a loop that timed out for one input and is slow but finishes for another
    passes there (0.3 of its limit). Only staff's opt-in stops it early, its price."""
    (tmp_path / "hog.py").write_text("def count_to(n):\n    k = 0\n    while k != n:\n"
                                     "        k += 1\n    return k\n")
    started = time.perf_counter()
    for n in range(0, 10 ** 9, 10 ** 5):  # how far this machine counts in a second
        if time.perf_counter() - started > 0.3:
            break
        k = 0
        while k != 10 ** 5:
            k += 1
    per_second = n / (time.perf_counter() - started)
    timeout = 2.0
    runner = Runner(preflight=("hog",), src=tmp_path, timeout=timeout, loop_looks=looks)
    # (stopped early, a longer count still finishes past the last look however fast the
    # worker counts compared with the measure above)
    slow = int((0.8 if looks else 0.3) * timeout * per_second)
    setup = ["from hog import *\n"]
    (_, looped), (_, counted) = runner.run([CaseJob(0, ["count_to(-1)\n"], setup=setup),
                                           CaseJob(1, [f"count_to({slow})\n"], setup=setup)])
    assert looped.status == "timeout"
    if not looks:
        assert counted.status == "ran" and counted.outputs[-1].printed == f"{slow}\n"
    else:
        assert counted.status == "timeout" and "looping where an earlier case" in counted.message


def stuck_workspace(student_ws):
    """Question 2 solved, except that free_bacon(0) loops (in a helper)."""
    source = (student_ws / "hog.py").read_text()
    (student_ws / "hog.py").write_text(source + textwrap.dedent("""
        def free_bacon(score):
            if score == 0:
                return wait_for_it(score)
            return 10 - min(score // 10, score % 10)

        def wait_for_it(score):
            while True:
                score += 1
        """))
    return student_ws


def test_grade_shows_the_stuck_line_and_where_the_code_was(student_ws):
    stuck_workspace(student_ws)
    done = run_grade("-q", "02", "--case", "3", "--timeout", "1", cwd=student_ws)
    out = done.stdout
    assert done.returncode == 1, out + done.stderr
    assert ">>> free_bacon(7)\n  10\n  >>> free_bacon(0)" in out
    assert "free_bacon(9)" not in out
    assert "Timed out" in out
    assert 'File "<case>", line 1, in <module>' in out and "free_bacon(0)" in out
    where = out[out.index(", in wait_for_it"):]
    assert "score += 1" in where or "while True:" in where
    assert "running for" not in out  # not a terminal


def spawn_grade(cwd, *args):
    env = {**os.environ, "COLUMNS": "120", "TERM": "xterm"}
    env.pop("NO_COLOR", None)
    return pexpect.spawn(sys.executable, ["-m", "grader.cli", *args], cwd=str(cwd), env=env,
                         encoding="utf-8", timeout=90)


def test_interactive_opens_before_the_line_that_timed_out(student_ws):
    stuck_workspace(student_ws)
    child = spawn_grade(student_ws, "-q", "02", "--case", "3", "--timeout", "1", "-i")
    child.expect("did not finish in time")
    child.expect(">>> ")
    child.sendline("free_bacon(7), free_bacon(9)")
    child.expect(r"\(10, 10\)")
    child.sendline("exit()")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_a_long_case_shows_that_it_is_running_on_a_terminal(student_ws):
    stuck_workspace(student_ws)
    child = spawn_grade(student_ws, "-q", "02", "--case", "3", "--timeout", "4")
    child.expect(r"Question 2 › Case 3: running for \d+ s")
    child.expect("Timed out")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


@pytest.mark.parametrize("timeout", ["1"])
def test_a_hanging_import_says_where_it_hangs(student_ws, timeout):
    source = (student_ws / "hog.py").read_text()
    (student_ws / "hog.py").write_text(source + "def setup_forever():\n"
                                       "    while True:\n        pass\nsetup_forever()\n")
    done = run_grade("-q", "02", "--timeout", timeout, cwd=student_ws)
    assert done.returncode == 1
    text = done.stdout + done.stderr
    assert "did not finish" in text and ", in setup_forever" in text


def test_a_hanging_import_shows_no_importlib_frames(student_ws):
    """The stack of an import that never ends starts at the student's own line: the
    import machinery's frames ("<frozen importlib._bootstrap>") are not theirs."""
    source = (student_ws / "hog.py").read_text()
    (student_ws / "hog.py").write_text("while True:\n    pass\n" + source)
    done = run_grade("-q", "01", "--timeout", "1", cwd=student_ws)
    text = done.stdout + done.stderr
    stack = text[text.index("Stopped here (most recent call last):"):].splitlines()
    assert re.search(r'hog\.py", line [12], in <module>$', stack[1]), stack
    assert "frozen" not in text and "importlib" not in text and "<case>" not in text


def test_a_question_stops_at_its_first_failure_without_waiting_for_the_next_case(solved_ws):
    """An off-by-one roll_dice fails 5a's case 1 and loops forever in case 2 (a player
    rolling one die never scores): `grade` shows case 1's failure at once, never waiting
    out case 2's timeout in a worker that goes on with the batch; `-v` still runs it all."""
    source = (solved_ws / "hog.py").read_text()
    (solved_ws / "hog.py").write_text(source.replace("for _ in range(num_rolls):",
                                                     "for _ in range(num_rolls - 1):"))
    started = time.monotonic()
    result = run_grade("-q", "05a", "--timeout", "60", "--json", "-", cwd=solved_ws)
    took = time.monotonic() - started
    assert took < 20, f"took {took:.1f} s: the worker ran on into case 2's loop"
    record = json.loads(result.stdout)["questions"]["05a"]
    assert (record["failed"], record["not_run"]) == (1, 11)
    assert "Question 5a › Suite 1 › Case 1" in result.stderr and "Case 2" not in result.stderr
    loud = run_grade("-q", "05a", "-v", "--timeout", "3", "--json", "-", cwd=solved_ws)
    record = json.loads(loud.stdout)["questions"]["05a"]
    assert record["not_run"] == 0 and record["passed"] + record["failed"] == 12
    assert re.search(r"Case 2\n(.*\n)*?Timed out", loud.stderr)
