"""Student code runs in a worker process that cannot stop or fool the grader."""

import errno
import os
import sys
import textwrap
import time

import pytest
from hypothesis import given, settings, strategies as st

from grader.run import WorkerStartError
from grader.run.runner import CaseJob, Runner, SubmissionError


def submission(tmp_path, body="def f():\n    return 1\n"):
    (tmp_path / "hog.py").write_text(textwrap.dedent(body))
    return tmp_path


def run_all(runner, *sources):
    jobs = [CaseJob(i, [s], setup=["from hog import *\n"]) for i, s in enumerate(sources)]
    return [run for _, run in runner.run(jobs)]


def test_an_infinite_loop_times_out_and_the_rest_still_run(tmp_path):
    runner = Runner(preflight=("hog",), src=submission(tmp_path), timeout=0.5)
    start = time.monotonic()
    loop, after = run_all(runner, "while True: pass\n", "f()\n")
    assert loop.status == "timeout" and "0.5 s" in loop.message
    assert after.status == "ran" and after.outputs[0].printed == "1\n"
    assert time.monotonic() - start < 5


def test_a_loop_ignoring_signals_is_still_stopped(tmp_path):
    body = """
    import signal
    def f():
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, signal.SIG_IGN)
        while True:
            pass
    """
    runner = Runner(preflight=("hog",), src=submission(tmp_path, body), timeout=0.5)
    (run,) = run_all(runner, "f()\n")
    assert run.status == "timeout"


@pytest.mark.parametrize("source, words", [
    ("import os; os._exit(7)\n", "exited with status 7"),
    ("import ctypes; ctypes.string_at(0)\n", "SIGSEGV"),
    ("import os, signal; os.kill(os.getpid(), signal.SIGKILL)\n", "SIGKILL"),
])
def test_a_worker_that_dies_costs_only_its_case(tmp_path, source, words):
    runner = Runner(preflight=("hog",), src=submission(tmp_path), timeout=5)
    dead, after = run_all(runner, source, "f()\n")
    assert dead.status == "crashed" and words in dead.message
    assert after.outputs[0].printed == "1\n"


def test_exits_stdin_and_exceptions_are_reported_as_outputs(tmp_path):
    runner = Runner(preflight=("hog",), src=submission(tmp_path), timeout=5)
    exit_, read, raised = run_all(runner, "import sys; sys.exit(3)\n", "input()\n", "1/0\n")
    assert exit_.outputs[0].raised.type == "SystemExit"
    assert read.outputs[0].raised.type == "EOFError"
    assert raised.outputs[0].raised.line == "ZeroDivisionError: division by zero\n"


def test_tracebacks_show_the_students_frames_only(tmp_path):
    runner = Runner(preflight=("hog",), src=submission(tmp_path, "def f():\n    return g()\ndef g():\n    return 1 / 0\n"))
    (run,) = run_all(runner, "f()\n")
    text = run.outputs[0].raised.traceback
    assert "hog.py\", line 2, in f" in text and "line 4, in g" in text
    assert "<case>" not in text
    assert "worker.py" not in text


def test_floods_of_output_are_cut(tmp_path):
    runner = Runner(preflight=("hog",), src=submission(tmp_path), timeout=5, output_cap=1000)
    (run,) = run_all(runner, "for i in range(10**5): print('spam' * 10)\n")
    output = run.outputs[0]
    assert output.truncated and len(output.printed) <= 2000
    assert output.cuts == ((1000, 41 * 10 ** 5 - len(output.printed)),)


def test_writing_over_the_report_channel_is_an_error_not_a_pass(tmp_path):
    runner = Runner(preflight=("hog",), src=submission(tmp_path), timeout=5)
    forge = ("for fd in map(int, __import__('os').listdir('/proc/self/fd')):\n"
             "    try: __import__('os').write(fd, b'{\"id\": 0, \"outputs\": [garbage\\n')\n"
             "    except OSError: pass\n")
    forged, after = run_all(runner, forge, "f()\n")
    assert forged.status == "crashed" and "report channel" in forged.message
    assert after.status == "ran"


FORGE_PROMPTS = ("import os as _os, time as _time\n"
                 "def forge(case, numbers):\n"
                 "    for fd in map(int, _os.listdir('/proc/self/fd')):\n"
                 "        for n in numbers:\n"
                 "            try: _os.write(fd, b'{\"prompt\": [%d, %d]}\\n' % (case, n))\n"
                 "            except OSError: pass\n"
                 "def forge_forever(case, numbers):\n"
                 "    while True:\n"
                 "        forge(case, numbers)\n"
                 "        _time.sleep(0.05)\n")


@pytest.mark.parametrize("numbers,words", [
    ([3], "a prompt out of turn"),  # the setup's prompt and the case's: no third one
    ([1], "a prompt out of turn"),  # the first prompt is never announced
    ([2, 2], "a prompt out of turn"),  # each is announced once
])
def test_a_forged_prompt_is_junk_not_more_time(tmp_path, numbers, words):
    runner = Runner(preflight=("hog",), src=submission(tmp_path, FORGE_PROMPTS), timeout=5)
    forged, after = run_all(runner, f"forge(0, {numbers})\nwhile True: pass\n", "f = 1\n")
    assert forged.status == "crashed" and words in forged.message
    assert after.status == "ran"


def test_forged_prompts_give_a_loop_no_more_than_the_cases_own_prompts(tmp_path):
    """Each prompt has the whole limit, as in ok: a loop that announces every prompt of
    its case at once, again and again, still ends within one limit per prompt."""
    runner = Runner(preflight=("hog",), src=submission(tmp_path, FORGE_PROMPTS), timeout=0.5)
    loop = "forge_forever(0, [3, 4])\n"
    start = time.monotonic()
    (_, run), = runner.run([CaseJob(0, [loop, "1\n", "2\n"], setup=["from hog import *\n"])])
    assert run.status in ("timeout", "crashed")
    assert time.monotonic() - start < 4 * 0.5 + 2  # its four prompts (with the setup's)


FORGE_EXAMPLE = ("import os as _os\n"
                 "def forge_example(case, index):\n"
                 "    line = b'{\"example\": [%d, %d], \"output\": {\"printed\": \"1\\\\n\"}}\\n'\n"
                 "    for fd in map(int, _os.listdir('/proc/self/fd')):\n"
                 "        try: _os.write(fd, line % (case, index))\n"
                 "        except OSError: pass\n"
                 "def steal_verdicts():\n"
                 "    for fd in map(int, _os.listdir('/proc/self/fd')):\n"
                 "        try:\n"
                 "            _os.set_blocking(fd, False)\n"
                 "            _os.read(fd, 1 << 16)\n"
                 "        except OSError: pass\n")


def gated(i, sources):
    return CaseJob(i, sources, setup=["from hog import *\n"],
                   gate=lambda index, output: output.printed == "1\n")


@pytest.mark.parametrize("forged", ["forge_example(0, 1)", "forge_example(0, 0); 5",
                                    "forge_example(1, 0)"])
def test_a_forged_example_report_is_junk_not_a_verdict(tmp_path, forged):
    """Only the worker reports a gated example, once, in order: a report out of turn (an
    example not run yet, one again, another case's) crashes the case."""
    runner = Runner(preflight=("hog",), src=submission(tmp_path, FORGE_EXAMPLE), timeout=5)
    runs = dict(runner.run([gated(0, ["1\n", forged + "\n", "1\n"]), gated(1, ["1\n", "1\n"])]))
    assert runs[0].status == "crashed" and "report channel" in runs[0].message
    assert runs[1].status == "ran" and len(runs[1].outputs) == 2


FLOOD = ("import os as _os\n"
         "def _writable(fd):\n"
         "    try: return int(open(f'/proc/self/fdinfo/{fd}').read().split('flags:')[1].split()[0], 8) & 3 == 1\n"
         "    except (OSError, IndexError, ValueError): return False\n"
         "def flood(line, times):\n"
         "    for fd in [fd for fd in map(int, _os.listdir('/proc/self/fd')) if fd > 2 and _writable(fd)]:\n"
         "        for _ in range(times):\n"
         "            _os.write(fd, line)\n")


@pytest.mark.parametrize("line", ["b'{}\\n' * 4096, 400",
                                  "b'{\"id\": 1, \"outputs\": [' + b'{}, ' * 200000 + b'{}]}\\n', 8"],
                         ids=["junk", "case-shaped"])
def test_a_worker_flooding_its_report_while_the_grader_is_away_costs_it_nothing(tmp_path, line):
    """While the grader judges a case (a slow verdict: Hog's shrinker ran 10 s), a
    thread answers the gates of the case running ahead. Every line read meanwhile was
    kept for later: two submissions writing junk grew the grader by 340 MB, one writing
    lines shaped as reports (800 KB of empty objects, ~19 MB parsed) by a GB, and the
    class's run was killed for memory (attack19 A4). The thread now stops at the first
    line an honest worker never sends, or past a MiB of them."""
    runner = Runner(preflight=("hog",), src=submission(tmp_path, FLOOD), timeout=5)
    jobs = [gated(0, ["1\n", "1\n"]), gated(1, [f"flood({line}); print(1)\n", "1\n"])]
    jobs += [gated(i, ["1\n", "1\n"]) for i in range(2, 30)]  # (an honest worker's share)
    kept = []
    runs = {}
    for job_id, run in runner.run(jobs):
        runs[job_id] = run
        if job_id == 0:
            time.sleep(1.0)  # judging, away from the worker
            kept = [sum(len(repr(message)) for _, message in worker.stash)
                    for worker in runner._live]
    assert runs[0].status == "ran"
    assert max(kept) < 3 << 20, kept  # (a MiB, and the line that passed it)


def test_a_gate_stops_the_case_and_a_stolen_verdict_costs_only_a_timeout(tmp_path):
    runner = Runner(preflight=("hog",), src=submission(tmp_path, FORGE_EXAMPLE), timeout=1)
    jobs = [gated(0, ["2\n", "while True: pass\n"]),  # fails at once: the loop never runs
            gated(1, ["steal_verdicts(); 1\n", "1\n"]),
            gated(2, ["1\n", "1\n", "1\n"])]
    start = time.monotonic()
    runs = dict(runner.run(jobs))
    assert runs[0].status == "ran" and len(runs[0].outputs) == 1
    assert runs[1].status in ("ran", "timeout")  # the verdict may come after the theft
    assert runs[2].status == "ran" and len(runs[2].outputs) == 3
    assert time.monotonic() - start < 5


@pytest.mark.parametrize("show_wants", [False, True])
def test_gates_judge_each_example_whether_the_worker_may_pass_some_itself(tmp_path, show_wants):
    """In a student's own run the worker passes an example printing what it must (plain
    wants) without asking; it asks the grader about the others, in order; a failure stops
    the case either way."""
    runner = Runner(preflight=("hog",), src=submission(tmp_path), timeout=5,
                    show_wants=show_wants)
    wants = ["1\n", None, "1\n", "1\n"]
    def job(i, sources):
        return CaseJob(i, sources, setup=["from hog import *\n"], plain_wants=wants,
                       gate=lambda index, output: output.printed == "1\n")
    runs = dict(runner.run([job(0, ["1\n", "1\n", "1\n", "1\n"]),
                            job(1, ["1\n", "1\n", "2\n", "while True: pass\n"]),
                            job(2, ["1\n", "3\n", "while True: pass\n", "1\n"])]))
    assert [len(runs[i].outputs) for i in range(3)] == [4, 3, 2]
    assert all(run.status == "ran" for run in runs.values())


@pytest.mark.parametrize("show_wants", [False, True])
def test_a_case_after_a_failing_one_never_starts_when_it_waits_for_its_verdict(
        tmp_path, show_wants):
    """ok runs no case of a suite after its first failing one: a waiting case starts only
    once the grader has judged the one before it (in a student's own run, a case that
    passed by its plain wants lets the next start without asking), so code ok never
    runs neither loops nor leaves state behind."""
    marker = tmp_path / "ran"
    runner = Runner(preflight=("hog",), src=submission(tmp_path), timeout=1,
                    show_wants=show_wants)
    jobs = [CaseJob(0, ["1\n"], plain_wants=["1\n"]),
            CaseJob(1, ["1\n"], plain_wants=["1\n"], wait=True),
            CaseJob(2, ["2\n"], plain_wants=["1\n"], wait=True),
            CaseJob(3, [f"open({str(marker)!r}, 'w').close()\n", "while True: pass\n"],
                    wait=True),
            CaseJob(4, ["while True: pass\n"], wait=True),
            CaseJob(5, ["1\n"], plain_wants=["1\n"])]
    failed = set()

    def skip(job_id):
        return job_id in (3, 4) and bool(failed)

    start = time.monotonic()
    runs = {}
    for job_id, run in runner.run(jobs, skip=skip):
        runs[job_id] = run
        if run.status == "ran" and [o.printed for o in run.outputs] != ["1\n"]:
            failed.add(job_id)
    assert failed == {2}
    assert [runs[i].status for i in range(6)] == ["ran", "ran", "ran", "skipped", "skipped",
                                                  "ran"]
    assert not marker.exists()
    assert time.monotonic() - start < 5


FORGE_START = ("import os as _os\n"
               "def forge_start(case):\n"
               "    for fd in map(int, _os.listdir('/proc/self/fd')):\n"
               "        try: _os.write(fd, b'{\"start\": %d}\\n' % case)\n"
               "        except OSError: pass\n")


@pytest.mark.parametrize("forged", ["forge_start(1)", "forge_start(0)"])
def test_a_forged_request_to_start_is_junk_not_a_verdict(tmp_path, forged):
    runner = Runner(preflight=("hog",), src=submission(tmp_path, FORGE_START), timeout=5)
    runs = dict(runner.run([CaseJob(0, [forged + "\n", "1\n"], setup=["from hog import *\n"]),
                            CaseJob(1, ["1\n"], wait=True)]))
    assert runs[0].status == "crashed" and "report channel" in runs[0].message
    assert runs[1].status == "ran" and runs[1].outputs[0].printed == "1\n"


def test_children_left_behind_are_killed(tmp_path):
    pid_file = tmp_path / "child.pid"
    body = f"""
    import os, time
    def f():
        pid = os.fork()
        if pid == 0:
            time.sleep(60)
            os._exit(0)
        open({str(pid_file)!r}, 'w').write(str(pid))
        while True:
            pass
    """
    runner = Runner(preflight=("hog",), src=submission(tmp_path, body), timeout=0.5)
    (run,) = run_all(runner, "f()\n")
    assert run.status == "timeout"
    child = int(pid_file.read_text())
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        try:
            os.waitpid(child, os.WNOHANG)
        except ChildProcessError:
            pass
        time.sleep(0.05)
    else:
        pytest.fail("the forked child outlived its case")


@pytest.mark.parametrize("body, words", [
    ("def f(:\n", "syntax error"),
    ("raise ValueError('at import')\n", "ValueError: at import"),
    ("while True:\n    pass\n", "did not finish"),
    ("import os\nos._exit(0)\n", "stopped the interpreter"),
])
def test_a_submission_that_does_not_import_is_one_clear_error(tmp_path, body, words):
    runner = Runner(preflight=("hog",), src=submission(tmp_path, body), timeout=1)
    with pytest.raises(SubmissionError, match=words):
        run_all(runner, "f()\n", "f()\n")


@pytest.mark.parametrize("python, words", [
    ("sys.stderr.write('cannot map the interpreter'); sys.exit(127)",
     "exited with status 127: cannot map the interpreter"),
    ("time.sleep(30)", "did not start within 3 s"),  # (the import's limit: 3 timeouts)
    ("os.write(int(sys.argv[[a.endswith('worker.py') for a in sys.argv].index(True) + 1]),"
     " b'{\"ready\": true}\\n')", "something else before its first message"),
])
def test_a_worker_that_never_starts_is_the_graders_failure(tmp_path, python, words):
    """Before its first message, sent before the submission's folder is on its path, a
    worker has run none of the submission's code: its death, hang or junk there (a
    sandbox or an interpreter that cannot start) is the grader's failure, which bulk
    grades again and a student's run reports with exit status 3, never an import error
    of the code, a zero."""
    fake = tmp_path / "python"
    fake.write_text(f"#!{sys.executable}\nimport os, sys, time\n{python}\n")
    fake.chmod(0o755)
    (tmp_path / "code").mkdir()
    runner = Runner(preflight=("hog",), src=submission(tmp_path / "code"), timeout=1,
                    python=str(fake))
    with pytest.raises(WorkerStartError, match=words) as raised:
        run_all(runner, "f()\n")
    assert not isinstance(raised.value, SubmissionError)
    assert "before any of the submission's code ran" in str(raised.value)


def test_a_spent_wall_cap_while_a_worker_starts_is_the_submissions_not_the_graders(tmp_path):
    """The wall cap coming due while a later worker (or the hidden cases' first) starts
    is the submission's doing, as before the first message existed: its cases are not
    run for the cap, never a grader failure graded again on every --resume (review29)."""
    runner = Runner(preflight=("hog",), src=submission(tmp_path), timeout=2, wall_cap=100.0,
                    replay=True)
    try:
        jobs = [CaseJob(0, ["import os; os._exit(7)\n"], setup=["from hog import *\n"]),
                CaseJob(1, ["f()\n"], setup=["from hog import *\n"])]
        seen = []
        for job_id, run in runner.run(jobs):
            seen.append((job_id, run.status, run.message))
            runner.waited = runner.wall_cap - 0.001  # spent by the time the next one starts
        assert [s[:2] for s in seen] == [(0, "crashed"), (1, "timeout")]
        assert seen[1][2].startswith("not run: this submission's cases already took")
        with pytest.raises(SubmissionError) as raised:  # the hidden batch: its cases only
            list(runner.run([CaseJob(2, ["f()\n"])], carry=True))
        assert not isinstance(raised.value, WorkerStartError)
    finally:
        runner.close()


def test_once_the_budget_is_spent_the_other_cases_still_run_with_a_short_limit(tmp_path):
    """A loop in one function must not cost the points of another that runs after it:
    the budget shortens the limit of the remaining cases, it never fails them unrun."""
    runner = Runner(preflight=("hog",), src=submission(tmp_path), timeout=1.0, budget=1.0, spent_timeout=0.3)
    start = time.monotonic()
    runs = run_all(runner, "while True: pass\n", "while True: pass\n", "f()\n",
                   "while True: pass\n", "f()\n")
    took = time.monotonic() - start
    assert [r.status for r in runs] == ["timeout", "timeout", "ran", "timeout", "ran"]
    assert runs[2].outputs[0].printed == runs[4].outputs[0].printed == "1\n"
    assert "0.3 s" in runs[1].message and "time budget (1 s)" in runs[1].message
    assert "budget" not in runs[0].message
    assert took < 1.0 + 2 * 0.3 + 4, f"{took:.1f} s: the later loops had the full second"


@pytest.mark.alone  # its assertion is about wall time, which the import's counts in
def test_a_submission_that_waits_in_every_case_is_stopped_at_its_wall_cap(tmp_path):
    runner = Runner(preflight=("hog",), src=submission(tmp_path), timeout=1.0, wall_cap=1.5)
    start = time.monotonic()
    runs = run_all(runner, *["import time; time.sleep(0.6)\n"] * 5)
    assert time.monotonic() - start < 1.5 + 3
    assert [r.status for r in runs] == ["ran", "ran", "timeout", "timeout", "timeout"]
    assert "1.5 s of wall time in all" in runs[2].message
    assert runs[3].message.startswith("not run:") and "wall time" in runs[3].message


def test_a_transient_spawn_failure_is_tried_again(tmp_path, monkeypatch):
    import errno
    import subprocess as real
    from grader.run import process as runner_module
    calls = []
    original = real.Popen

    def flaky(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise OSError(errno.EAGAIN, "Resource temporarily unavailable")
        return original(*args, **kwargs)

    monkeypatch.setattr(runner_module.subprocess, "Popen", flaky)
    (run,) = run_all(Runner(preflight=("hog",), src=submission(tmp_path), timeout=5), "f()\n")
    assert run.outputs[0].printed == "1\n" and len(calls) >= 2
    fds = len(os.listdir("/proc/self/fd"))
    monkeypatch.setattr(runner_module.subprocess, "Popen",
                        lambda *a, **k: (_ for _ in ()).throw(OSError(errno.ENOENT, "gone")))
    with pytest.raises(OSError):
        run_all(Runner(preflight=("hog",), src=submission(tmp_path), timeout=5), "f()\n")
    assert len(os.listdir("/proc/self/fd")) == fds, "no pipe left open after a failed spawn"


@pytest.mark.parametrize("unwanted, same_worker", [("f()\n", True),
                                                   ("while True: pass\n", False)])
def test_cases_stopped_by_a_verdict_cost_no_wait_and_fast_ones_no_new_worker(
        tmp_path, unwanted, same_worker):
    """The caller stops cases while the worker runs the batch (a question failed): an
    unwanted case that reports at once is read past by the same worker, one that loops
    is not waited for (the next wanted case runs in a fresh worker, long before any
    timeout)."""
    runner = Runner(preflight=("hog",), src=submission(tmp_path), timeout=60)
    jobs = [CaseJob(i, [s], setup=["from hog import *\n"]) for i, s in enumerate(
        ["__import__('os').getpid()\n", unwanted, unwanted, "__import__('os').getpid()\n"])]
    stopped = set()
    runs = {}
    start = time.monotonic()
    for job_id, run in runner.run(jobs, skip=stopped.__contains__):
        runs[job_id] = run
        if job_id == 0:
            stopped.update({1, 2})
    assert time.monotonic() - start < 20
    assert [runs[i].status for i in range(4)] == ["ran", "skipped", "skipped", "ran"]
    pids = [runs[i].outputs[0].printed for i in (0, 3)]
    assert (pids[0] == pids[1]) == same_worker


def test_the_graders_own_process_parses_only_under_one_lock():
    """Bulk grading judges submissions in threads; CPython 3.11's AST constructor keeps
    its depth in state all threads share, so two parses at once can raise SystemError
    ("AST constructor recursion depth mismatch": seen in a CI run). Every parse in the
    grader's process goes through grader.asts; the child processes' scripts (one
    thread each) may parse as they like."""
    import re
    from pathlib import Path
    import grader
    children = {"worker.py", "guard.py", "driver.py", "table.py", "asts.py"}
    found = []
    package = Path(grader.__file__).parent
    for path in package.rglob("*.py"):
        if path.name in children or path.relative_to(package).parts[0] == "data":
            continue  # (installed, grader/data holds the editions' case files: data)
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#")[0]
            if re.search(r"\bast\.(parse|literal_eval)\((?!node)", code) or "PyCF_ONLY_AST" in code:
                found.append(f"{path.name}:{number}: {line.strip()}")
    assert found == []


def test_a_loop_on_a_busy_machine_is_told_it_ran_out_of_cpu_time(tmp_path):
    """A looping case given a third of a core reaches its CPU limit as its wall limit
    (three limits) comes: it is the same infinite loop as on an idle machine, told in
    the same words (a resumed bulk run must write what the first run wrote)."""
    started = time.monotonic()
    third_of_a_core = lambda: (time.monotonic() - started) * 0.33  # noqa: E731
    folder = submission(tmp_path, "def spin():\n    while True:\n        pass\n")
    runner = Runner(preflight=("hog",), src=folder, timeout=1, clock=third_of_a_core)
    (_, run), = runner.run([CaseJob(0, ["import hog\n", "hog.spin()\n"])])
    assert run.status == "timeout"
    assert run.message.startswith("did not finish within 1 s of CPU time (an infinite loop")


@pytest.mark.parametrize("code", [errno.EAGAIN, errno.EFAULT])
def test_a_spawn_that_fails_for_now_is_tried_again(monkeypatch, code):
    """fork/exec errors that say "not now" (EFAULT from a vfork'd exec beside the
    grader's threads, seen in a CI run) cost a case nothing: the next try runs."""
    import subprocess
    from grader.run import process as runner_module
    real, failures = subprocess.Popen, [code]

    def flaky(*args, **options):
        if failures:
            raise OSError(failures.pop(), os.strerror(code))
        return real(*args, **options)
    monkeypatch.setattr(runner_module.subprocess, "Popen", flaky)
    process = runner_module.spawn([sys.executable, "-c", "pass"])
    assert process.wait(timeout=30) == 0 and not failures


LINES = ["5", "", "a b", "Traceback (most recent call last):", "  ...", "ValueError",
         "ValueError: x", "# locked", "# note: x", "Function", "<function f at 0x7f1>",
         "<function f at 0x7f2>", "<BLANKLINE>", "True", "1"]


@settings(max_examples=300, deadline=None)
@given(want=st.lists(st.sampled_from(LINES), max_size=4),
       printed=st.lists(st.sampled_from(LINES), max_size=4), newline=st.booleans())
def test_what_the_worker_may_pass_itself_the_grader_passes_too(want, printed, newline):
    """A gate the worker passes without asking (its printed lines are the plain want's)
    is one the grader's judge passes, exactly or not: it never runs on past a failure."""
    from grader.judge import check_example, plain_want
    from grader.model import Example, ExampleOutput
    example = Example("f()\n", "\n".join(want) + ("\n" if newline else ""))
    text = "\n".join(printed) + "\n"
    passes_in_worker = (plain_want(example) is not None
                        and text.splitlines() == plain_want(example).splitlines())
    if passes_in_worker:
        for exact in (True, False):
            assert check_example(example, ExampleOutput(printed=text), exact)


# --- a worker started before the grader knew its folder (a student's own run) --------------

def test_a_worker_started_early_is_told_its_folder_and_modules_and_grades(tmp_path):
    from grader.run import process
    folder = submission(tmp_path, "import os\nWHERE = os.getcwd()\ndef f():\n    return 7\n")
    early = process.start_early()
    runner = Runner(preflight=("hog",), own_modules=("hog",), src=folder,
                    echo=process.stderr_fd()).start(early)  # (as a student's run: see student.py)
    try:
        assert runner._early is early  # taken, not a second worker
        (first,) = run_all(runner, "print(f(), WHERE)\n")
        assert first.status == "ran"
        assert first.outputs[0].printed == f"7 {folder}\n"  # imported in its folder
    finally:
        runner.close()
    assert early.process.poll() is not None


@pytest.mark.parametrize("how", ["sandboxed", "another environment", "standard error kept"])
def test_a_worker_started_early_is_ended_where_the_runner_would_start_another(tmp_path, how):
    from grader.run import process
    early = process.start_early()
    options = {"sandboxed": {"wrap": lambda argv: ["env", *argv]},
               "another environment": {"env": {**os.environ, "EXTRA": "1"}},
               "standard error kept": {}}[how]  # (a student's run shows it: not bulk's)
    runner = Runner(preflight=("hog",), src=submission(tmp_path), **options).start(early)
    try:
        assert runner._early is not early
        assert early.process.wait(timeout=10) is not None
        (first,) = run_all(runner, "print(f())\n")
        assert first.outputs[0].printed == "1\n"
    finally:
        runner.close()


@pytest.mark.parametrize("top, ran", [
    ("print('loaded')\nraise ValueError('at import')\n", "None"),  # ignored: as ok loads it
    ("import time\ntime.sleep(0.5)\nprint('slow')\nx = 1\n", "1"),  # past one timeout: kept
])
def test_a_warm_module_is_imported_first_whatever_it_prints_or_raises(tmp_path, top, ran):
    (tmp_path / "lab.py").write_text(top)
    runner = Runner(src=tmp_path, warm=("lab",), timeout=0.3)
    (_, run), = runner.run([CaseJob(0, ["import sys\n",
                                        "print(getattr(sys.modules.get('lab'), 'x', None))\n"])])
    assert run.status == "ran" and run.outputs[1].printed == ran + "\n"
    assert all("loaded" not in o.printed and "slow" not in o.printed for o in run.outputs)


def test_a_warm_module_that_never_finishes_importing_is_named(tmp_path):
    (tmp_path / "lab.py").write_text("while True:\n    pass\n")
    runner = Runner(src=tmp_path, warm=("lab",), timeout=0.2)
    with pytest.raises(SubmissionError, match=r"importing lab\.py did not finish within 0\.6 s"):
        list(runner.run([CaseJob(0, ["1\n"])]))


def test_a_slow_import_has_three_timeouts_as_ok_lets_it_finish(tmp_path):
    """ok's first case that imports a slow module times out, but the import goes on in
    its thread and every later case finds it done: an import is given three timeouts."""
    runner = Runner(preflight=("hog",), timeout=0.5, src=submission(
        tmp_path, "import time\ntime.sleep(0.8)\n\ndef f():\n    return 1\n"))
    runs = run_all(runner, "f()\n", "f()\n")
    assert [r.status for r in runs] == ["ran", "ran"]


def test_code_that_stops_its_guard_holds_no_close(tmp_path):
    """Code that SIGSTOPs the guard above it (its own uid) made every close of its
    worker wait the guard's whole grace (2 s a worker; 14 s of a Hog submission's slot
    in bulk without a sandbox): the guard is woken before it is waited for."""
    body = ("import os, signal\n"
            "if b'guard' in open('/proc/%d/cmdline' % os.getppid(), 'rb').read():\n"
            "    os.kill(os.getppid(), signal.SIGSTOP)\n"
            "def f():\n    return 1\n")
    runner = Runner(preflight=("hog",), src=submission(tmp_path, body), timeout=5)
    started = time.monotonic()
    try:
        job = CaseJob(0, ["f()\n"], setup=["from hog import *\n"])
        runs = [run for _, run in runner.run([job])]
    finally:
        runner.close()
    assert runs[0].status == "ran" and runs[0].outputs[0].printed == "1\n", runs[0]
    assert time.monotonic() - started < 1.5


def test_a_worker_replacing_a_stopped_one_runs_the_earlier_cases_again_first(tmp_path):
    """Runner.replay (ok assignments): what earlier cases left in the module (here a
    list they append to) is there again after a loop's worker is stopped; a case that
    stopped at its failing example is run again only that far. A replay that does not
    finish (the code loops the second time) costs its wait, then the rest runs without."""
    body = ("calls = []\n"
            "def f(x):\n    calls.append(x)\n    return len(calls)\n"
            "def once():\n    import os\n"
            "    while os.path.exists('ran-once'):\n        pass\n"
            "    open('ran-once', 'w').close()\n")
    runner = Runner(preflight=("hog",), src=submission(tmp_path, body), timeout=0.5,
                    replay=True, show_wants=True)
    setup = ["from hog import *\n"]
    jobs = [CaseJob(0, ["f(1)\n", "f(2)\n", "f(3)\n"], setup=setup,
                    gate=lambda index, output: output.printed == "1\n"),
            CaseJob(1, ["while True: pass\n"], setup=setup),
            CaseJob(2, ["calls\n"], setup=setup)]
    runs = [run for _, run in runner.run(jobs)]
    assert [o.printed for o in runs[0].outputs] == ["1\n", "2\n"]  # stopped at its 2nd
    assert runs[1].status == "timeout"
    assert [o.printed for o in runs[2].outputs] == ["[1, 2]\n"]  # not [] (a fresh import)
    runner.close()
    loops_again = Runner(preflight=("hog",), src=submission(tmp_path, body), timeout=0.5,
                         replay=True)
    jobs = [CaseJob(0, ["f(1)\n", "f(2)\n", "once()\n"], setup=setup),
            CaseJob(1, ["while True: pass\n"], setup=setup),
            CaseJob(2, ["calls\n"], setup=setup)]
    runs = [run for _, run in loops_again.run(jobs)]
    loops_again.close()
    assert runs[0].status == "ran" and runs[1].status == "timeout"
    assert [o.printed for o in runs[2].outputs] == ["[]\n"]  # as before replays


def test_a_replay_has_the_time_its_cases_took_and_keeps_the_hidden_ones_of_a_trusted_run(tmp_path):
    """Earlier cases that together took longer than an import's limit each got replayed
    into nothing (the limit was the import's: hunt23 #11), and a student's or staff's
    own run left its hidden cases out of the replay, though they ran in place as in ok
    (hunt23 #10)."""
    body = ("import time as _t\nLOG = []\n"
            "def add(x):\n    _t.sleep(0.3)\n    LOG.append(x)\n")  # 1.8 s in all: > 3 x 0.5
    runner = Runner(preflight=("hog",), src=submission(tmp_path, body), timeout=0.5,
                    replay=True, show_wants=True)
    setup = ["from hog import *\n"]
    jobs = [CaseJob(i, [f"add({i})\n"], setup=setup, secret=i == 4) for i in range(6)]
    jobs += [CaseJob(6, ["while True: pass\n"], setup=setup), CaseJob(7, ["LOG\n"], setup=setup)]
    runs = [run for _, run in runner.run(jobs)]
    runner.close()
    assert runs[6].status == "timeout"
    assert [o.printed for o in runs[7].outputs] == ["[0, 1, 2, 3, 4, 5]\n"]


def test_a_replay_runs_teardowns_and_the_timed_out_case_up_to_its_loop(tmp_path):
    """As in ok's one process: a case stopped at a failing prompt still ran its teardown
    (hunt23 #13), and a case that timed out ran its setup, its prompts before the loop
    and, once stopped, its teardown (#14); the replay leaves none of them out."""
    body = ("LOG = []\n"
            "def add(x):\n    LOG.append(x)\n    return len(LOG)\n"
            "def spin():\n    while True:\n        pass\n")
    runner = Runner(preflight=("hog",), src=submission(tmp_path, body), timeout=0.5,
                    replay=True, show_wants=True)
    setup = ["from hog import *\n"]
    jobs = [CaseJob(0, ["add('g1')\n", "add('g2')\n"], setup=setup, teardown=["add('t0')\n"],
                    gate=lambda index, output: False),
            CaseJob(1, ["add('a')\n", "spin()\n"], setup=setup + ["add('s1')\n"],
                    teardown=["add('t1')\n"]),
            CaseJob(2, ["LOG\n"], setup=setup)]
    runs = [run for _, run in runner.run(jobs)]
    runner.close()
    assert len(runs[0].outputs) == 1 and runs[1].status == "timeout" and runs[1].running == 1
    assert [o.printed for o in runs[2].outputs] == ["['g1', 't0', 's1', 'a', 't1']\n"]


def test_a_replay_keeps_what_ran_before_a_loop_in_a_setup_or_a_teardown(tmp_path):
    """ok stops a setup at its looping prompt (no example, no teardown after it) and a
    teardown at its own, keeping what ran before; the replay did neither, losing the
    whole case (review24 R6: a later test failed where ok passed it)."""
    body = "LOG = []\ndef add(x):\n    LOG.append(x)\ndef spin():\n    while True:\n        pass\n"
    runner = Runner(preflight=("hog",), src=submission(tmp_path, body), timeout=0.5,
                    replay=True, show_wants=True)
    setup = ["from hog import *\n"]
    jobs = [CaseJob(0, ["add('x0')\n"], setup=setup + ["add('s0')\n", "spin()\n", "add('no')\n"],
                    teardown=["add('no')\n"]),
            CaseJob(1, ["add('x1')\n"], setup=setup + ["add('s1')\n"],
                    teardown=["add('t1')\n", "spin()\n", "add('no')\n"]),
            CaseJob(2, ["LOG\n"], setup=setup)]
    runs = [run for _, run in runner.run(jobs)]
    runner.close()
    assert [run.status for run in runs[:2]] == ["timeout", "timeout"]
    assert runs[0].replay == (2, 0, 0) and runs[1].replay == (None, 1, 1)
    assert [o.printed for o in runs[2].outputs] == ["['s0', 's1', 'x1', 't1']\n"]


def test_a_setup_or_teardown_stops_at_its_first_error_as_in_ok(tmp_path):
    """ok stops a setup, and a teardown, at the first prompt that raises; the worker ran
    the rest of them, in the case and in a replay (review27 F4: a later test saw what
    those prompts did, where ok's did not)."""
    body = "LOG = []\ndef add(x):\n    LOG.append(x)\ndef spin():\n    while True:\n        pass\n"
    runner = Runner(preflight=("hog",), src=submission(tmp_path, body), timeout=0.5,
                    replay=True, show_wants=True)
    setup = ["from hog import *\n"]
    jobs = [CaseJob(0, ["add('x0')\n"], setup=setup + ["add('s0')\n", "1/0\n", "add('no')\n"]),
            CaseJob(1, ["add('x1')\n"], setup=setup, teardown=["1/0\n", "add('no')\n"]),
            CaseJob(2, ["spin()\n"], setup=setup),  # a replay of all the above follows
            CaseJob(3, ["LOG\n"], setup=setup)]
    runs = [run for _, run in runner.run(jobs)]
    runner.close()
    assert [run.status for run in runs[:3]] == ["setup-error", "ran", "timeout"], runs
    assert runs[1].teardown_error
    assert [o.printed for o in runs[3].outputs] == ["['s0', 'x1']\n"]


def test_the_hidden_cases_first_replay_of_the_visible_ones_costs_no_wall_cap(tmp_path):
    """The hidden cases' first worker replays the visible cases before them (carry), as
    ok's one process would have run them; that is the grader's choice, not the code's, and
    costs the wall cap nothing, as the worker's import does not (attack26 F4: correct code
    whose visible cases took seconds of CPU lost its hidden case as if it had waited).
    The clock here counts all wall time as CPU, so only a charged replay can reach the cap."""
    folder = submission(tmp_path, "import time\ndef work():\n    time.sleep(1.5)\n"
                        "    return 'done'\ndef f():\n    return 1\n")
    runner = Runner(preflight=("hog",), src=folder, timeout=5.0, clock=time.monotonic,
                    wall_cap=1.0, replay=True)
    visible = [run for _, run in runner.run(
        [CaseJob(0, ["import hog\n", "hog.work()\n"])])]
    hidden = [run for _, run in runner.run(
        [CaseJob(1, ["import hog\n", "hog.f()\n"], secret=True)], carry=True)]
    assert visible[0].status == "ran", visible[0]
    assert hidden[0].status == "ran", hidden[0].message
    assert hidden[0].outputs[-1].printed.strip() == "1"
    assert runner.waited < 1.0
