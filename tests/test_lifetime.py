"""Student code never outlives `grade`, however `grade` ends: Ctrl-C, SIGTERM, SIGKILL,
a closed terminal. Each ending is tried on a free_bacon that loops forever, plainly or
ignoring signals while it forks detached children and a double-forked daemon."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

RECORD = '''
import os as _os, signal as _signal, time as _time
def _record(role):
    with open(_os.path.join({pids!r}, f"{{role}}-{{_os.getpid()}}"), "w") as f:
        f.write(str(_os.getpid()))
def _deaf():
    for sig in (_signal.SIGINT, _signal.SIGTERM, _signal.SIGHUP, _signal.SIGQUIT,
                _signal.SIGUSR1, _signal.SIGUSR2):
        _signal.signal(sig, _signal.SIG_IGN)
'''

VARIANTS = {
    "loop": {"pids": 1, "body": '''
def free_bacon(score):
    _record("main")
    while True:
        pass
'''},
    "escapes": {"pids": 4, "body": '''
def free_bacon(score):
    _deaf()
    for _ in range(2):
        if _os.fork() == 0:
            _os.setsid()
            _deaf()
            _record("detached")
            while True:
                _time.sleep(0.01)
    if _os.fork() == 0:
        if _os.fork() == 0:
            _os.setsid()
            _deaf()
            _record("daemon")
            while True:
                pass
        _os._exit(0)
    _record("main")
    while True:
        pass
'''},
}


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def wait_for(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    pytest.fail(f"timed out waiting for {what}")


def workspace(student_ws: Path, variant: str) -> Path:
    pids = student_ws / "pids"
    pids.mkdir()
    source = (student_ws / "hog.py").read_text()
    spec = VARIANTS[variant]
    (student_ws / "hog.py").write_text(source + RECORD.format(pids=str(pids)) + spec["body"])
    return pids


def recorded(pids: Path):
    return [int(p.read_text()) for p in pids.iterdir() if p.read_text()]


def kill_recorded(pids: Path) -> None:
    for pid in recorded(pids):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def env():
    return {**os.environ, "COLUMNS": "120", "TERM": "dumb"}


def start(student_ws: Path, how: str):
    argv = [sys.executable, "-m", "grader.cli", "-q", "02", "--timeout", "300"]
    if how in ("ctrl-c", "hangup"):
        return pexpect.spawn(argv[0], argv[1:], cwd=str(student_ws), env=env(),
                             encoding="utf-8", timeout=60)
    return subprocess.Popen(argv, cwd=student_ws, env=env(), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("how", ["ctrl-c", "sigterm", "sigkill", "hangup"])
def test_student_code_dies_with_grade(student_ws, variant, how):
    pids = workspace(student_ws, variant)
    grade = start(student_ws, how)
    try:
        wait_for(lambda: len(recorded(pids)) >= VARIANTS[variant]["pids"], 90,
                 "the student code to start")
        time.sleep(0.3)
        students = recorded(pids)
        assert all(alive(pid) for pid in students)
        if how == "ctrl-c":
            grade.sendintr()
            grade.expect(pexpect.EOF, timeout=60)
            grade.close()
            assert grade.exitstatus == 130
            said = " ".join(grade.before.split())
            assert "Stopped by Ctrl-C: not run: Question 2" in said
            assert "Traceback" not in said and "Aborted" not in said
        elif how == "hangup":
            os.close(grade.child_fd)
            wait_for(lambda: os.waitpid(grade.pid, os.WNOHANG)[0] != 0, 60, "grade to end")
        else:
            grade.send_signal(signal.SIGTERM if how == "sigterm" else signal.SIGKILL)
            out, err = grade.communicate(timeout=60)
            if how == "sigterm":
                assert grade.returncode == 128 + signal.SIGTERM
                assert "Stopped by SIGTERM: not run: Question 2" in " ".join(err.split())
            else:
                assert grade.returncode == -signal.SIGKILL
        wait_for(lambda: not any(alive(pid) for pid in students), 20,
                 f"the student processes {students} to die")
    finally:
        kill_recorded(pids)
        if isinstance(grade, subprocess.Popen):
            grade.kill()
            grade.wait()
        elif how != "hangup" and grade.isalive():
            grade.close(force=True)


@pytest.mark.parametrize("args, folder", [([], "empty"), (["-q", "nothing"], "workspace")])
def test_the_worker_started_first_dies_when_grade_stops_before_using_it(student_ws, tmp_path,
                                                                         args, folder):
    """A student's run starts its worker before it has found the workspace: when there is
    none, or the question asked for is not one, grade says so and nothing it started is
    left (the worker's guard sees its lifeline close)."""
    where = tmp_path / "empty" if folder == "empty" else student_ws
    where.mkdir(exist_ok=True)
    done = subprocess.run([sys.executable, "-m", "grader.cli", *args], cwd=where, env=env(),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    pattern = f"{os.sep}grader{os.sep}run{os.sep}guard.py"

    def workers_left():
        left = []
        for entry in Path("/proc").iterdir():
            try:
                command = (entry / "cmdline").read_bytes().split(b"\0")
                if entry.name.isdigit() and any(pattern.encode() in part for part in command) \
                        and Path(f"/proc/{entry.name}/cwd").resolve() == where.resolve():
                    left.append(int(entry.name))
            except OSError:
                continue
        return [pid for pid in left if alive(pid)]
    wait_for(lambda: not workers_left(), 10, "the early worker to end")


ESCAPE = '''
def free_bacon(score):
    """Detach a child, then SIGKILL the guard (same uid, no sandbox): the child, out of
    the guard's reach, waits for grade to exit and then rewrites what grade wrote."""
    guard = _os.getppid()
    with open(f"/proc/{{guard}}/stat") as stat:
        grader = int(stat.read().rsplit(")", 1)[1].split()[1])
    if _os.fork() == 0:
        _os.setsid()
        if _os.fork() == 0:
            _deaf()
            _record("escaped")
            while _os.path.exists(f"/proc/{{grader}}"):
                _time.sleep(0.01)
            with open({result!r}, "w") as forged:
                forged.write('{{"score": 22, "forged": true}}')
            while True:
                _time.sleep(0.01)
        _os._exit(0)
    _time.sleep(0.2)
    _os.kill(guard, _signal.SIGKILL)
    return 0
'''


def test_code_that_kills_its_guard_still_dies_before_grade_writes_its_result(student_ws):
    """Code with the grader's own uid (a student's run: no sandbox) detaches a child and
    kills its guard: the child was re-parented to init, lived on after grade, and
    rewrote the --json file a CI reads (22/22 for 10/22). grade adopts such orphans and
    ends them before writing anything."""
    pids = student_ws / "pids"
    pids.mkdir()
    result = student_ws / "result.json"
    source = (student_ws / "hog.py").read_text()
    (student_ws / "hog.py").write_text(source + RECORD.format(pids=str(pids))
                                       + ESCAPE.format(result=str(result)))
    try:
        done = subprocess.run([sys.executable, "-m", "grader.cli", "-q", "02", "--json",
                               str(result)], cwd=student_ws, env=env(), capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 1, done.stdout + done.stderr  # question 2 fails
        escaped = recorded(pids)
        assert escaped, "the code did not run"
        time.sleep(1.0)
        assert not any(alive(pid) for pid in escaped)
        record = json.loads(result.read_text())
        assert "forged" not in record and record["questions"]["02"]["status"] != "passed"
    finally:
        kill_recorded(pids)
