"""Run cases in worker processes and collect what the student code printed and raised.

Every case runs in a child process (`worker.py`), never in the grader. A case that
outlives its timeout, or a worker that dies (sys.exit from a thread, os._exit, a
segfault), costs that case only: the worker's whole process group is killed and a
fresh worker takes the remaining cases. A time budget bounds how long one submission
can make the grader wait in all.
"""

from __future__ import annotations

import errno
import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from ..model import CaseRun, ExampleOutput, RaisedException

WORKER = Path(__file__).with_name("worker.py")
STDERR_CAP = 16 * 1024


@dataclass
class CaseJob:
    """What the worker needs to run one case: sources only, never expected outputs."""

    id: int
    examples: List[str]
    setup: List[str] = field(default_factory=list)
    teardown: List[str] = field(default_factory=list)
    output_cap: Optional[int] = None  # this case's own cap on what each example prints

    def payload(self) -> Dict:
        payload = {"id": self.id, "examples": self.examples, "setup": self.setup,
                   "teardown": self.teardown}
        if self.output_cap is not None:
            payload["output_cap"] = self.output_cap
        return payload


class SubmissionError(Exception):
    """The submission cannot be run at all (it does not import, say)."""


def _raised(data: Optional[Dict]) -> Optional[RaisedException]:
    if not data:
        return None
    return RaisedException(type=str(data.get("type", "")), line=str(data.get("line", "")),
                           traceback=str(data.get("traceback", "")))


def _count(value) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _outputs(data: List[Dict]) -> List[ExampleOutput]:
    """The examples' outputs as the worker reported them; anything not shaped like one
    (student code can write to the channel too) stops the list there."""
    if not isinstance(data, list):
        return []
    shaped = []
    for item in data:
        if not isinstance(item, dict) or not isinstance(item.get("raised") or {}, dict):
            break
        shaped.append(item)
    return [ExampleOutput(printed=str(item.get("printed", "")), raised=_raised(item.get("raised")),
                          truncated=bool(item.get("truncated")),
                          tail=str(item.get("tail", ""))[-8192:],
                          lines=_count(item.get("lines"))) for item in shaped]


def _drain(stream, sink: bytearray) -> None:
    """Read a pipe to its end, keeping only the first STDERR_CAP bytes."""
    while True:
        chunk = stream.read(4096)
        if not chunk:
            return
        if len(sink) < STDERR_CAP:
            sink.extend(chunk[: STDERR_CAP - len(sink)])


def _signal_name(returncode: int) -> str:
    try:
        return signal.Signals(-returncode).name
    except ValueError:
        return f"signal {-returncode}"


# Errors of fork/exec that say "not now" rather than "never": a busy machine must not
# cost a student a case.
TRANSIENT = {errno.EAGAIN, errno.ENOMEM, errno.ETXTBSY, errno.EINTR, errno.EMFILE, errno.ENFILE}


def spawn(argv: Sequence[str], attempts: int = 4, **options) -> subprocess.Popen:
    """subprocess.Popen, tried again (with a short pause) when the error is transient."""
    for attempt in range(attempts):
        try:
            return subprocess.Popen(argv, **options)
        except OSError as error:
            if error.errno not in TRANSIENT or attempt == attempts - 1:
                raise
            time.sleep(0.05 * 2 ** attempt)
    raise AssertionError("unreachable")


def end_group(process: subprocess.Popen, timeout: Optional[float] = None) -> Optional[int]:
    """Wait up to TIMEOUT for a session leader to exit, then kill its whole group and reap
    it; return its exit status, or None if it had to be killed. The group is killed
    before the leader is reaped: until then the leader's pid, which is the group's id,
    cannot be reused by another process."""
    deadline = None if timeout is None else time.monotonic() + timeout
    exited = process.returncode is not None
    while not exited and (deadline is None or time.monotonic() < deadline):
        try:
            exited = os.waitid(os.P_PID, process.pid,
                               os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
        except ChildProcessError:
            exited = True
        if not exited:
            time.sleep(0.005)
    if process.returncode is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        process.wait()
    return process.returncode if exited else None


class Worker:
    """One worker process and the pipe it reports on."""

    def __init__(self, command: Sequence[str], env: Optional[Dict[str, str]]):
        read_fd, write_fd = os.pipe()
        self.stderr = bytearray()
        argv = [str(write_fd) if part == "{fd}" else part for part in command]
        try:
            self.process = spawn(
                argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                pass_fds=(write_fd,), start_new_session=True, env=env)
        except BaseException:
            os.close(read_fd)
            raise
        finally:
            os.close(write_fd)
        self.channel = os.fdopen(read_fd, "rb", buffering=0)
        self.buffer = b""
        self.drainer = threading.Thread(target=_drain, args=(self.process.stderr, self.stderr),
                                        daemon=True)
        self.drainer.start()

    def send_job(self, job: Dict) -> None:
        try:
            self.process.stdin.write(json.dumps(job).encode())
            self.process.stdin.close()
        except (BrokenPipeError, ValueError):
            pass

    def next_message(self, timeout: float) -> Tuple[str, Optional[Dict]]:
        """("message", dict), ("timeout", None), ("eof", None), or ("garbage", None)."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return "timeout", None
            ready, _, _ = select.select([self.channel], [], [], remaining)
            if not ready:
                continue
            chunk = self.channel.read(65536)
            if not chunk:
                return "eof", None
            self.buffer += chunk
            if len(self.buffer) > 64 * 1024 * 1024:
                return "garbage", None
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            message = json.loads(line)
        except ValueError:
            return "garbage", None
        return ("message", message) if isinstance(message, dict) else ("garbage", None)

    def close(self, grace: float = 0.0) -> None:
        """End the worker and everything it started: called once its results are in,
        or it is dead, or must die. GRACE is how long it may take to exit by itself."""
        end_group(self.process, timeout=grace)
        self.drainer.join(timeout=1)
        self.channel.close()

    def death_note(self) -> str:
        self.close(grace=2.0)  # its exit status (or a sandbox's report of it) says how it died
        code = self.process.returncode
        tail = self.stderr.decode("utf-8", "replace").strip().splitlines()[-3:]
        if code is not None and code < 0:
            how = f"was killed by {_signal_name(code)}"
        elif code is not None and code > 128 and code - 128 in signal.valid_signals():
            how = f"was killed by {_signal_name(128 - code)}"  # as a sandbox reports it
        else:
            how = f"exited with status {code}"
        note = f"the process running your code {how}"
        return note + (": " + " / ".join(tail) if tail else "")


@dataclass
class Runner:
    """Runs CaseJobs for one submission folder.

    `command` wraps the worker (a sandbox prepends its own argv); `budget` is the
    total time, in seconds, timeouts and crashes may cost before the remaining cases
    are given up on.
    """

    src: Path
    timeout: float = 10.0
    budget: Optional[float] = None
    python: str = sys.executable
    preflight: Sequence[str] = ("hog",)
    wrap: Callable[[List[str]], List[str]] = lambda argv: argv
    env: Optional[Dict[str, str]] = None
    worker_path: Path = WORKER
    output_cap: int = 65536
    seed: Optional[int] = None  # the worker seeds `random` with it before every case

    def __post_init__(self) -> None:
        self._early: Optional[Worker] = None

    def command(self) -> List[str]:
        from . import scripts
        if Path(self.worker_path).is_file() and not scripts.INLINE:
            script = [str(self.worker_path)]
        else:  # the grader runs from a zip (the runner `grade publish` builds), or inline
            script = scripts.argv("grader.run.worker")
        return self.wrap([self.python, "-I", "-S", "-B", *script, "{fd}",
                          str(self.src), *self.preflight])

    def start(self) -> "Runner":
        """Start the first worker now (interpreter and student import) so that it gets
        ready while the grader loads its cases; `run` uses it."""
        if self._early is None:
            self._early = Worker(self.command(), self.env)
        return self

    def _spawn(self) -> Worker:
        worker, self._early = self._early, None
        return worker if worker is not None else Worker(self.command(), self.env)

    def close(self) -> None:
        """Stop a worker started early and never used."""
        if self._early is not None:
            self._early.close()
            self._early = None

    def run(self, jobs: Sequence[CaseJob],
            skip: Callable[[int], bool] = lambda job_id: False) -> Iterator[Tuple[int, CaseRun]]:
        """Yield (job id, CaseRun) for every job, in order.

        After a timeout or crash, jobs for which SKIP says true are not given to the
        next worker (they are yielded as "skipped"): a question that already failed
        need not pay for another infinite loop. Raises SubmissionError before the
        first case if the submission does not import. A caller that stops iterating
        early (closes the generator) stops the worker too.
        """
        live: List[Worker] = []  # closed when the caller stops early (GeneratorExit)
        try:
            pending = list(jobs)
            wasted = 0.0
            first = True
            while pending:
                if not first:
                    for job in [j for j in pending if skip(j.id)]:
                        yield job.id, CaseRun(status="skipped")
                    pending = [j for j in pending if not skip(j.id)]
                    if not pending:
                        return
                if self.budget is not None and wasted >= self.budget:
                    for job in pending:
                        yield job.id, CaseRun(status="timeout", message=(
                            "not run: this submission already used its time budget "
                            f"({self.budget:g} s) on cases that timed out or crashed"))
                    return
                worker = self._spawn()
                live.append(worker)
                kind, message = worker.next_message(self.timeout)
                if kind != "message" or "ready" not in message:
                    note = self._preflight_failure(worker, kind, message)
                    if first:
                        raise SubmissionError(note)
                    for job_ in pending:
                        yield job_.id, CaseRun(status="crashed", message=note)
                    return
                worker.send_job({"output_cap": self.output_cap, "seed": self.seed,
                                 "cases": [j.payload() for j in pending]})
                first = False
                while pending:
                    current = pending[0]
                    started = time.monotonic()
                    kind, message = worker.next_message(self.timeout)
                    elapsed = time.monotonic() - started
                    if kind == "message" and message.get("id") == current.id:
                        pending.pop(0)
                        if "setup_error" in message:
                            raised = _raised(message["setup_error"])
                            yield current.id, CaseRun(status="setup-error", duration=elapsed,
                                                      message=raised.traceback if raised else "")
                        else:
                            yield current.id, CaseRun(outputs=_outputs(message.get("outputs", [])),
                                                      duration=elapsed)
                        continue
                    if kind == "timeout":
                        worker.close()
                        run = CaseRun(status="timeout", duration=elapsed, message=(
                            f"did not finish within {self.timeout:g} s "
                            "(an infinite loop, or far too slow)"))
                    elif kind == "message" and message.get("done"):
                        worker.close()
                        run = CaseRun(status="crashed", duration=elapsed,
                                      message="the worker skipped this case")
                    elif kind == "eof":
                        run = CaseRun(status="crashed", duration=elapsed, message=worker.death_note())
                    else:
                        worker.close()
                        run = CaseRun(status="crashed", duration=elapsed, message=(
                            "the code wrote over the grader's report channel"))
                    wasted += elapsed
                    pending.pop(0)
                    yield current.id, run
                    break
                else:
                    worker.close()
        finally:
            for worker in live:
                if worker.process.returncode is None:
                    worker.close()

    def _preflight_failure(self, worker: Worker, kind: str, message: Optional[Dict]) -> str:
        name = f"{self.preflight[0]}.py" if self.preflight else "the submission"
        if kind == "timeout":
            worker.close()
            return (f"importing {name} did not finish within {self.timeout:g} s "
                    "(code at the top level of the file loops or waits?)")
        if kind == "message" and "preflight_error" in message:
            worker.close()
            raised = _raised(message["preflight_error"])
            lineno = message["preflight_error"].get("lineno")
            if isinstance(lineno, int):
                return f"{name} has a syntax error on line {lineno}:\n{raised.traceback}"
            return f"importing {name} raised an error:\n{raised.traceback}"
        if kind == "eof":
            return f"importing {name} stopped the interpreter: {worker.death_note()}"
        worker.close()
        return f"importing {name} wrote over the grader's report channel"
