"""The worker processes themselves: spawning one under its guard, its lifeline, the pipes
to and from it, and ending it with all it started.

Apart from the runner (runner.py, which decides what runs and judges nothing either), so
that a student's own run can start its worker before the grader's other modules load
(`grader.entry`): this module needs only the standard library's process tools.
"""

from __future__ import annotations

import collections
import errno
import os
from .ready import readable, ready
import signal
import subprocess
import sys
import threading
import time
import weakref

TYPE_CHECKING = False
if TYPE_CHECKING:  # (pathlib, typing and json cost a student's run ~5 ms before its worker starts)
    from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "worker.py")
GUARD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "guard.py")
GUARD_GRACE = 2.0  # seconds the guard may take to kill what the student code started
TICK = 0.25  # seconds between looks at the clock and the progress display while a case runs
STDERR_CAP = 16 * 1024
# past the cap, a pause after each pipe's worth: a flood then waits on its own full pipe
# (about 30 MB a second at most) instead of costing the grader a core
DRAIN_PAUSE = 0.002
ECHO_CAP = 256 * 1024  # bytes of a run's workers' standard error shown on a student's terminal
ECHO_CUT = (b"\n(grade: the rest of what this code writes to standard error is not shown: "
            b"over 256 KiB)\n")


class Echo:
    """Where the standard error of a run's workers is also shown (a student's own
    terminal, descriptor FD), made printable, ECHO_CAP bytes in all: what ok, running the
    code in its own process, shows (a debugging print to sys.stderr, a warning at import).
    One budget for all the run's workers: a worker per case must not multiply it."""

    def __init__(self, fd: int, cap: int = ECHO_CAP):
        self.fd, self.left = fd, cap
        self.lock = threading.Lock()

    def show(self, text: str) -> bool:
        """Show TEXT; False once the budget is spent."""
        from ..untrusted import printable  # (at the first text: most runs have none)
        data = printable(text).encode()
        with self.lock:
            if self.left <= 0:
                return False
            part = data[:self.left]
            self.left -= len(part)
            if self.left <= 0:
                part += ECHO_CUT
            try:
                while part:
                    part = part[os.write(self.fd, part):]
            except OSError:
                pass
            return self.left > 0


def _drain(stream, sink: bytearray, echo: Optional[Echo] = None) -> None:
    """Read a pipe to its end, keeping only the first STDERR_CAP bytes. The rest is
    spliced to /dev/null in the kernel, a pipe's worth per call and DRAIN_PAUSE: code that
    floods its standard error costs the grader next to nothing (read 4 KiB at a time as
    fast as it came, it cost the grader most of a core of its own, outside every limit).
    ECHO: where what it reads is also shown, as it comes, while its budget lasts."""
    fd = stream.fileno()
    decoder = None  # made at the first text to show (most runs have none: no import here)
    while len(sink) < STDERR_CAP or echo is not None:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return
        if not chunk:
            return
        sink.extend(chunk[: max(0, STDERR_CAP - len(sink))])
        if echo is not None:  # as text a terminal acts on nothing of (attack29 F1)
            if decoder is None:
                import codecs
                decoder = codecs.getincrementaldecoder("utf-8")("replace")
            if not echo.show(decoder.decode(chunk)):
                echo = None
    with open(os.devnull, "wb") as null:
        splice = getattr(os, "splice", None)
        while True:
            try:
                moved = splice(fd, null.fileno(), 1 << 20) if splice else len(os.read(fd, 1 << 20))
            except OSError:
                if splice is None:
                    return
                splice = None  # not on this system or for this pipe: read instead
                continue
            if not moved:
                return
            time.sleep(DRAIN_PAUSE)


def _drain_and_close(stream, sink: bytearray, echo: Optional[Echo] = None) -> None:
    with stream:
        _drain(stream, sink, echo)


def _signal_name(returncode: int) -> str:
    try:
        return signal.Signals(-returncode).name
    except ValueError:
        return f"signal {-returncode}"


# Errors of fork/exec that say "not now" rather than "never": a busy machine must not
# cost a student a case. EFAULT: an exec of a valid path from the vfork'd child that
# CPython uses can fail so while the grader's other threads (bulk's judges) run; seen
# once in a CI run, gone on the next try.
TRANSIENT = {errno.EAGAIN, errno.ENOMEM, errno.ETXTBSY, errno.EINTR, errno.EMFILE, errno.ENFILE,
             errno.EFAULT}


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


def wait_exit(process: subprocess.Popen, timeout: Optional[float] = None) -> bool:
    """Whether PROCESS exits within TIMEOUT seconds (it is not reaped: see end_group).
    Woken by its exit where Linux gives a pidfd: polling cost every finished worker
    ~5 ms of the student's wait."""
    if process.returncode is None and hasattr(os, "pidfd_open"):
        try:
            pidfd = os.pidfd_open(process.pid)
        except OSError:  # an old kernel, or the process is gone: polling tells
            pass
        else:
            try:
                os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
                return bool(readable([pidfd], timeout))
            except ChildProcessError:  # reaped already: the pid is no longer ours
                return True
            finally:
                os.close(pidfd)
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
    return exited


def end_group(process: subprocess.Popen, timeout: Optional[float] = None,
              wake: bool = False) -> Optional[int]:
    """Wait up to TIMEOUT for a session leader to exit, then kill its whole group and reap
    it; return its exit status, or None if it had to be killed. The group is killed
    before the leader is reaped: until then the leader's pid, which is the group's id,
    cannot be reused by another process. WAKE: continue the group first, where nothing
    is judged by how it ends (a worker whose results are in): a guard that the code it
    guards stopped (SIGSTOP, its own uid) held every such close for all of TIMEOUT. (A
    strategy's reading judges it: a guard stopped there means the entry is refused.)"""
    if wake and process.returncode is None and timeout:
        try:
            os.killpg(process.pid, signal.SIGCONT)  # (a sandbox's guard is no leader)
        except OSError:
            pass
    exited = wait_exit(process, timeout)
    if process.returncode is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        process.wait()
    return process.returncode if exited else None


PIPE_CHUNK = 65536  # bytes handed to one write() on a pipe


class Outbox:
    """Bytes on their way into a child's pipe (STREAM, a Popen's stdin), written only as
    fast as the child reads them: the pipe's end is made non-blocking, `push` writes
    what the pipe takes now, and `flush` waits for the rest until a deadline. A child
    that stops reading (or dies) can never block the grader in a write."""

    def __init__(self, stream, data: bytes = b""):
        self.stream = stream
        self.fd = stream.fileno()
        os.set_blocking(self.fd, False)
        self.pending = memoryview(data)
        self.broken = False  # the child is gone: what was left is dropped

    def push(self) -> bool:
        """Write what the pipe takes now, without waiting; whether nothing is left (all
        written, or the child gone)."""
        while self.pending and not self.broken:
            try:
                written = os.write(self.fd, self.pending[:PIPE_CHUNK])
            except BlockingIOError:
                return False
            except (OSError, ValueError):  # a broken pipe: the child is gone
                self.broken = True
                self.pending = memoryview(b"")
                break
            self.pending = self.pending[written:]
        return True

    def flush(self, timeout: float) -> bool:
        """Write the rest within TIMEOUT seconds (0: only what the pipe takes now);
        whether the child took it all."""
        deadline = time.monotonic() + timeout
        while not self.push():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                ready((), [self.fd], min(left, TICK))
            except (OSError, ValueError):
                self.broken = True
                break
        return not self.broken

    def close(self) -> None:
        try:
            self.stream.close()  # its buffer is empty: we write past it
        except (OSError, ValueError):
            pass


def feed(stream, data: bytes, timeout: float) -> bool:
    """Write DATA into a child's pipe STREAM within TIMEOUT seconds (made non-blocking
    for good); False when the child did not take it all (it stopped reading, or died)."""
    return Outbox(stream, data).flush(timeout)


class Halted(Exception):
    """No student code is started any more: the run was interrupted (see `halt`)."""


_LIVE: "weakref.WeakSet[Lifeline]" = weakref.WeakSet()  # lifelines of running guards
_LIVE_LOCK = threading.Lock()
_HALTED = threading.Event()


def halt() -> None:
    """End all student code this process runs, now, from any thread, and start no more
    (`guarded` raises Halted) until `unhalt`: what an interrupted bulk run does, so
    that the threads grading submissions come back at once, whatever they wait on."""
    with _LIVE_LOCK:
        _HALTED.set()
        lifelines = list(_LIVE)
    for lifeline in lifelines:
        lifeline.cut()


def unhalt() -> None:
    _HALTED.clear()


def halted() -> bool:
    return _HALTED.is_set()


class Lifeline:
    """The pipe that keeps a guard (guard.py) and what it runs alive: only the grader
    holds its write end, so it closes when the grader is done or dies, however. It may
    be cut from another thread (`halt`): its fds are only touched under its lock."""

    def __init__(self):
        self.read_fd, self.write_fd = os.pipe()  # neither is inherited by other children
        os.set_blocking(self.write_fd, False)  # asking for a stack never waits on the guard
        self.lock = threading.Lock()

    def spawned(self) -> None:
        """The guard has its end now: ours must not outlive the grader's interest."""
        if self.read_fd >= 0:
            os.close(self.read_fd)
            self.read_fd = -1

    def ask_stack(self) -> None:
        with self.lock:
            if self.write_fd < 0:
                return
            try:
                os.write(self.write_fd, b"s")
            except OSError:  # BlockingIOError too: the guard has not read the last one
                pass

    def end(self) -> None:
        """Ask the guard to end everything and exit with guard.ENDED, then cut: unless
        the student code killed its guard, which then ends by SIGKILL (see `ended`)."""
        with self.lock:
            if self.write_fd >= 0:
                try:
                    os.write(self.write_fd, b"e")
                except OSError:  # the guard is gone
                    pass
        self.cut()

    def cut(self) -> None:
        with self.lock:
            for name in ("read_fd", "write_fd"):
                fd = getattr(self, name)
                if fd >= 0:
                    os.close(fd)
                    setattr(self, name, -1)


def guarded(argv: Sequence[str], **options) -> Tuple[subprocess.Popen, Lifeline]:
    """spawn ARGV, whose "{lifeline}" part becomes the guard's lifeline fd; Halted
    once `halt` was called."""
    lifeline = Lifeline()
    with _LIVE_LOCK:
        if _HALTED.is_set():
            lifeline.cut()
            raise Halted("the run was interrupted: no more student code is started")
        _LIVE.add(lifeline)
    argv = [str(lifeline.read_fd) if part == "{lifeline}" else part for part in argv]
    pass_fds = tuple(options.pop("pass_fds", ())) + (lifeline.read_fd,)
    with lifeline.lock:  # a halt meanwhile cuts it once the guard holds its end
        if lifeline.read_fd < 0:
            raise Halted("the run was interrupted: no more student code is started")
        try:
            process = spawn(argv, pass_fds=pass_fds, start_new_session=True, **options)
        except BaseException:
            os.close(lifeline.read_fd)
            os.close(lifeline.write_fd)
            lifeline.read_fd = lifeline.write_fd = -1
            raise
        lifeline.spawned()
    return process, lifeline


def _module_of(script: str) -> str:
    """grader/run/worker.py -> grader.run.worker, wherever the grader lives."""
    from pathlib import Path
    parts = Path(script).with_suffix("").parts
    return ".".join(parts[len(parts) - 1 - parts[::-1].index("grader"):])


def script_argv(script: str) -> List[str]:
    """One of the grader's scripts on a command line: its path, or `-c SOURCE` when it is
    no file (the grader runs from the zip `grade publish` puts in a workspace) or must
    be read by a user who cannot read the grader's files (`scripts.INLINE`)."""
    from . import scripts
    if os.path.isfile(script) and not scripts.INLINE:
        return [str(script)]
    return ["-c", scripts.source(_module_of(script))]


def guard_argv(python: str, script: str, *args: str) -> List[str]:
    """The argv running SCRIPT under guard.py (a Runner or Sandbox `wrap` goes around it)."""
    return [python, "-I", "-S", "-B", *script_argv(GUARD), "{lifeline}", *script_argv(script),
            *args]


class Worker:
    """One worker process (under its guard) and the pipe it reports on."""

    def __init__(self, command: Sequence[str], env: Optional[Dict[str, str]],
                 echo: Optional[Echo] = None):
        self.command = list(command)
        # where its standard error is also shown (see _drain), and with it what reaches
        # its descriptor 1 past sys.stdout (os.write(1, ...), a subprocess's output)
        self.echo = echo
        read_fd, write_fd = os.pipe()
        errors_read, errors_write = os.pipe()
        self.stderr = bytearray()
        argv = [str(write_fd) if part == "{fd}" else part for part in command]
        try:
            self.process, self.lifeline = guarded(
                argv, stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL if echo is None else errors_write,
                stderr=errors_write, pass_fds=(write_fd,), env=env)
        except BaseException:
            os.close(read_fd)
            os.close(errors_read)
            raise
        finally:
            os.close(write_fd)
            os.close(errors_write)
        self.channel = os.fdopen(read_fd, "rb", buffering=0)
        errors = os.fdopen(errors_read, "rb", buffering=0)
        self.outbox: Optional[Outbox] = None  # the job, while the worker has not taken it all
        # messages read for the runner while it was away (see Runner._serving_gates)
        self.stash: "collections.deque[Tuple[str, Any]]" = collections.deque()
        self.buffer = bytearray()
        self.newline = -1  # where the first line of BUFFER ends, if it does
        self.received = 0
        self.drainer = threading.Thread(target=_drain_and_close,
                                        args=(errors, self.stderr, echo), daemon=True)
        self.drainer.start()

    def send_job(self, job: Dict) -> None:
        """Start writing JOB to the worker: what its pipe takes now; the rest is written
        while `next_message` waits, under the deadline of the wait. (The student's
        import may have forged "ready" and stopped reading: the job is then never all
        taken, and its first case times out.)"""
        import json
        self.outbox = Outbox(self.process.stdin, json.dumps(job).encode() + b"\n")
        self._feed()

    def _feed(self) -> None:
        if self.outbox is not None and self.outbox.push():
            self.outbox = None  # all of it; the pipe stays open for the verdicts

    def has_message(self) -> bool:
        """Whether a report line is waiting to be read (it may not be whole yet)."""
        if self.newline >= 0:
            return True
        try:
            return bool(readable([self.channel], 0))
        except (OSError, ValueError):
            return True

    def verdict(self, go: bool) -> None:
        """Tell the worker, waiting at a gated example, whether its case goes on. A byte
        the pipe does not take now is dropped: the worker then waits out its limit."""
        if self.outbox is not None:
            return  # it has not read its job: it is at no gate
        try:
            os.write(self.process.stdin.fileno(), b"g" if go else b"s")
        except (OSError, ValueError):
            pass

    def next_message(self, timeout: float, limit: int = 1 << 20,
                     total: Optional[int] = None, wake: Optional[int] = None) -> Tuple[str, Any]:
        """The next line of the report channel, read under limits:
        ("message", dict), ("timeout", None), ("eof", None), ("garbage", why),
        ("overflow", None) when the line grows past LIMIT bytes, or ("flood", None) when
        this worker's reports pass TOTAL bytes in all. Reading stops at either. A byte on
        the descriptor WAKE ends the wait early, as a timeout."""
        from . import messages  # (its model and judge load after the worker starts)
        deadline = time.monotonic() + timeout
        while self.newline < 0:
            if len(self.buffer) > limit:
                return "overflow", None
            if total is not None and self.received > total:
                return "flood", None
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return "timeout", None
            writing = [self.outbox.fd] if self.outbox is not None else []
            reading = [self.channel] if wake is None else [self.channel, wake]
            ready_now, writable = ready(reading, writing, remaining)
            if writable:
                self._feed()
            if wake is not None and wake in ready_now:
                return "timeout", None
            if not ready_now:
                continue
            chunk = self.channel.read(65536)
            if not chunk:
                return "eof", None
            self.received += len(chunk)
            at = chunk.find(b"\n")
            if at >= 0:
                self.newline = len(self.buffer) + at
            self.buffer += chunk
        if self.newline > limit:
            return "overflow", None
        line = bytes(self.buffer[:self.newline])
        del self.buffer[:self.newline + 1]
        self.newline = self.buffer.find(b"\n")
        try:
            return "message", messages.parse(line)
        except messages.Malformed as error:
            return "garbage", str(error)

    def close(self, grace: float = 0.0) -> None:
        """End the worker and everything it started: called once its results are in,
        or it is dead, or must die. GRACE is how long it may take to exit by itself;
        then its guard kills what is left, and its process group is killed after."""
        if grace:
            wait_exit(self.process, grace)
        self.outbox = None
        try:
            self.process.stdin.close()
        except (OSError, ValueError):
            pass
        self.lifeline.cut()
        end_group(self.process, timeout=GUARD_GRACE, wake=True)
        self.drainer.join(timeout=1)
        self.channel.close()

    def death_note(self, diagnose: Callable[[], str] = lambda: "",
                   who: str = "the process running your code") -> str:
        self.close(grace=2.0)  # its exit status (or a sandbox's report of it) says how it died
        known = diagnose()
        if known:
            return known
        code = self.process.returncode
        tail = self.stderr.decode("utf-8", "replace").strip().splitlines()[-3:]
        if code is not None and code < 0:
            how = f"was killed by {_signal_name(code)}"
        elif code is not None and code > 128 and code - 128 in signal.valid_signals():
            how = f"was killed by {_signal_name(128 - code)}"  # as a sandbox reports it
        else:
            how = f"exited with status {code}"
        note = f"{who} {how}"
        return note + (": " + " / ".join(tail) if tail else "")


LATER = "-"  # a worker's folder and modules, when it is started before they are known


def adopt_orphans() -> bool:
    """Make this process a child subreaper (Linux 3.4+): a process of the student's that
    its guard no longer reaches (it killed the guard after detaching, in a run with no
    sandbox, where it has the grader's own uid) is re-parented here instead of to init,
    where `end_strays` ends it before the run writes a result. False where there is none."""
    from .guard import become_subreaper
    return become_subreaper()


def end_strays(timeout: float = GUARD_GRACE) -> int:
    """Kill every child this process still has, again as orphans come (`adopt_orphans`),
    until none is left or TIMEOUT passes; return how many were killed. For a run whose
    workers are all closed: whatever is left is student code that escaped its guard."""
    killed = set()
    for _ in range(max(1, int(timeout / 0.002))):  # rounds, not a clock: code that stops
        try:                                       # this process awhile gains nothing
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:  # none at all: the usual end, with no look at /proc
            return len(killed)
        from .guard import children_by_scan  # (here: the usual end never needs it)
        for pid in children_by_scan() or []:
            try:
                os.kill(pid, signal.SIGKILL)
                killed.add(pid)
            except OSError:
                pass
        time.sleep(0.002)
    return len(killed)


def start_early() -> Worker:
    """A worker started before the grader has found the folder it grades, with this
    interpreter and no sandbox: what a student's own run starts first, so that the
    interpreter's start and the worker's imports overlap the grader's own. A Runner that
    takes it (`Runner.start`) tells it its folder and modules. What its code writes to
    standard error is shown on the grader's, as ok shows it."""
    fd = stderr_fd()
    return Worker(guard_argv(sys.executable, WORKER, "{fd}", LATER), None,
                  echo=Echo(fd) if fd is not None else None)


def stderr_fd() -> Optional[int]:
    """The descriptor of this process's standard error, if it has one."""
    try:
        return sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # (io.UnsupportedOperation is both)
        return None
