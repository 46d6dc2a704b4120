"""Run cases in worker processes and collect what the student code printed and raised.

Every case runs in a child process (`worker.py`), never in the grader. A case that
outlives its timeout, or a worker that dies (sys.exit from a thread, os._exit, a
segfault), costs that case only: the worker's whole process group is killed and a
fresh worker takes the remaining cases. A time budget bounds how long one submission
can make the grader wait in all.

Nothing a child does can make the grader wait without a deadline: every read from a
child is a select with a deadline, and every write to one goes through an `Outbox`,
which writes only what the pipe takes at once (the rest while waiting for the child's
reports, or within a deadline). A child whose code forged the word the grader waits
for and then stopped reading costs a timeout, never a hung grader.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import select
import signal
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from ..model import CaseRun, ExampleOutput
from . import WorkerStartError, messages
from .messages import Malformed, Replay
from .process import LATER, TICK, WORKER, Echo, Outbox, Worker, guard_argv

# A case stopped by its wall limit having had this share of its CPU time ran out of CPU
# time between two looks at the clock: it is told it did, as on an idle machine.
CPU_NEARLY_SPENT = 0.9
# seconds a worker may take to report cases the grader no longer wants, after a failure:
# fast ones are read past (cheaper than a new worker), one that runs on costs no more
SKIP_GRACE = 0.2
# Staff may ask (Runner.loop_looks) that once a case of a submission ran out of time,
# each prompt of its later cases be looked at when it has used these shares of its
# limit: at the very stack where that case was stopped each time, it is stopped as
# looping there again (see `_await`). A looping submission then costs one limit, not one
# a question; the price is a slow case that would have finished in time in a loop that
# timed out once (ok waits the whole limit, so it is off by default).
LOOP_LOOKS = (0.05, 0.1, 0.15)


def loop_signature(stack: str) -> Tuple[str, ...]:
    """The student's frames of a stack report (the case's own lines left out, which
    differ from case to case): where a loop is. Each caller's file, line and function,
    and the innermost function without its line: a loop of several lines (a sleep in
    it, or a signal that lands between its lines under load) is one loop wherever in
    it a look finds it."""
    frames = [line.strip() for line in stack.splitlines()
              if line.startswith('  File "') and not line.startswith('  File "<case>"')]
    if frames:
        frames[-1] = re.sub(r", line \d+, in ", ", in ", frames[-1])
    return tuple(frames)


@dataclass
class CaseJob:
    """What the worker needs to run one case: sources only, never expected outputs."""

    id: int
    examples: List[str]
    setup: List[str] = field(default_factory=list)
    teardown: List[str] = field(default_factory=list)
    output_cap: Optional[int] = None  # this case's own cap on what each example prints
    # gate(index, output): whether the case goes on after its example INDEX printed
    # OUTPUT, judged in the grader as it comes; ok stops a case at its first failing
    # prompt, whose successors then never run (nor change what later tests see)
    gate: Optional[Callable[[int, ExampleOutput], bool]] = field(default=None, repr=False,
                                                                  compare=False)
    # per example, the lines printing which passes it by ok's rule, where that is all it
    # takes (None elsewhere): where the student's code may read its expected outputs
    # anyway (their own run, in their own folder), the worker then passes a gate
    # without asking. Never sent to a sandbox, nor for hidden cases.
    plain_wants: Optional[List[Optional[str]]] = field(default=None, repr=False,
                                                       compare=False)
    # start only once the grader says so, unless the case before it in the worker passed
    # by its plain wants: ok runs no case of a suite after its first failing one, whose
    # code then never changes what later cases and tests see
    wait: bool = False
    # its expected outputs are the staff's alone (a hidden case): where the code is not
    # trusted with wants (bulk, Gradescope), a gate it fails ends the worker instead of
    # telling it "stop", so that code reporting outputs of its own choosing never learns
    # whether one was right (a guess that is wrong fails the case)
    secret: bool = False

    @property
    def prompts(self) -> int:
        """The prompts the case runs: its suite's setup, its examples, the teardown."""
        return len(self.setup) + len(self.examples) + len(self.teardown)

    @property
    def gated(self) -> bool:
        return self.gate is not None and len(self.examples) > 1

    def replay_payload(self, counts: Replay) -> Dict:
        """This case to run again, quietly, in a worker that replaces a stopped one: its
        setup, its first examples (those that ran, or those before the one that timed
        out), its teardown (which ok runs after a failing prompt too); COUNTS, the
        prompts of each (None: all), are less where a loop in the setup or the teardown
        stopped it."""
        setup, examples, teardown = counts
        return {"id": self.id, "examples": self.examples[:examples],
                "setup": self.setup[:setup], "teardown": self.teardown[:teardown],
                "replay": True}

    def payload(self, show_wants: bool = False, first: bool = False) -> Dict:
        """FIRST: the first case a worker is given, whose predecessors were all judged
        before the worker was started (it never waits)."""
        payload = {"id": self.id, "examples": self.examples, "setup": self.setup,
                   "teardown": self.teardown}
        if self.output_cap is not None:
            payload["output_cap"] = self.output_cap
        if self.gated:
            payload["gate"] = True
        if self.wait and not first:
            payload["wait"] = True
        if show_wants and self.plain_wants is not None:
            payload["wants"] = self.plain_wants
        return payload


def unwrapped(argv: List[str]) -> List[str]:
    """A Runner's wrap where its workers run as they are (a student's own run)."""
    return argv


class SubmissionError(Exception):
    """The submission cannot be run at all (it does not import, say)."""


# ok imports the files whose docstrings are tests with no timer, and a module a case
# imports in a thread that goes on past its timeout (later cases wait for it and pass):
# a worker's imports get this many timeouts (experiments left at the top level of hog.py
# that take 17 s cost ok one question, and cost grade none, not every one)
IMPORT_FACTOR = 3


def wall_cap(timeout: float, budget: float) -> float:
    """What a graded submission's cases may wait in all (Runner.wall_cap): far more than
    correct code waits on a busy machine, far less than code that sleeps just under its
    limit in every case would hold a job slot for."""
    return 2 * budget + 10 * timeout


def cpu_allowance(cap: float, prompts: int, timeout: float) -> int:
    """A graded worker's CPU time limit (RLIMIT_CPU, the kernel's net under the runner's
    own clocks): what a submission's PROMPTS may compute as ok times them (each its whole
    TIMEOUT), and CAP, what they may wait. A worker runs case after case, so correct code
    that is slow in many of them adds up, and must never be killed by the kernel where the
    runner's limits (and ok) let it finish. (It was timeout + budget: 40 correct cases of
    0.65 s each, at --timeout 2, lost a case to SIGXCPU every 12 s.)"""
    return int(math.ceil(cap + prompts * timeout)) + 1


def prompts_of(questions) -> int:
    """The prompts the cases of QUESTIONS run (a case without examples, a fuzz or win-rate
    one, as one)."""
    return sum(max(1, len(suite.setup_examples) + len(case.examples)
                   + len(suite.teardown_examples))
               for question in questions for suite in question.suites for case in suite.cases)


STASH_BYTES = 1 << 20  # what a worker's reports may hold while the run is away judging


@dataclass
class Runner:
    """Runs CaseJobs for one submission folder.

    `command` wraps the worker (a sandbox prepends its own argv). `budget` is the
    time, in seconds, a submission may waste (what its timeouts and crashes cost: a case
    that finishes within its limits costs none, however long it sleeps or waits for a
    core, as in ok); once it is spent, the remaining cases still run, each with
    `spent_timeout` at most, so that a question's verdict never depends on the questions
    run before it (unless one of its cases needs longer than that). `wall_cap` bounds
    what all its cases together may wait: past it the rest are not run (only code that
    waits or loops in case after case gets there).
    """

    src: Path
    timeout: float = 10.0
    budget: Optional[float] = None
    python: str = sys.executable
    preflight: Sequence[str] = ()
    wrap: Callable[[List[str]], List[str]] = unwrapped  # a sandbox's (Sandbox.wrap), if any
    env: Optional[Dict[str, str]] = None
    worker_path: Path = WORKER
    output_cap: int = 65536
    seed: Optional[int] = None  # the worker seeds `random` with it before every case,
    # or only once before its first (an ok assignment's: its cases share `random`'s state
    # in one process, as in ok, which seeds it once while it loads: Assignment.seeding)
    seed_each_case: bool = True
    case_bytes: int = 48 << 20  # the most the grader reads for one case's report
    total_bytes: int = 128 << 20  # ... and from this submission in all
    # progress(job id, seconds) while a case runs past a second; progress(None, 0) after
    progress: Optional[Callable[[Optional[int], float], None]] = None
    stack_wait: float = 1.0  # how long a timed-out case may take to say where it is
    # clock(): CPU seconds the submission has used (its control group's): timeouts are
    # then charged in CPU time, so a starved case is not stopped for its neighbours'
    # use of the machine; a case that waits is stopped after wall_factor x timeout
    clock: Optional[Callable[[], float]] = None
    wall_factor: float = 3.0
    spent_timeout: float = 1.0  # each case's limit once the budget is spent
    loop_looks: Sequence[float] = ()  # LOOP_LOOKS to stop loops met again early; () never
    echo: Optional[int] = None  # a descriptor shown the workers' standard error (process._drain)
    # seconds all the cases together may wait: with a clock, their wall time beyond their
    # CPU time (sleeping, waiting; correct work, however long, is bounded by the
    # timeouts alone, as in ok); without one, their wall time
    wall_cap: Optional[float] = None
    diagnose: Callable[[], str] = lambda: ""  # why a worker died, if a sandbox knows more
    own_modules: Sequence[str] = ()  # the student's module names (see worker.py's --own)
    # modules imported before the first case, their errors and prints ignored (worker.py's
    # --warm), with IMPORT_FACTOR x timeout for the worker to get ready; an entry (name,
    # path, code) runs CODE as the module NAME at PATH in the folder would (a case file's
    # statements beyond its data, which ok runs as it imports the file)
    warm: Sequence[Union[str, Tuple[str, str, str]]] = ()
    # a worker that replaces a stopped one (a timeout, a crash) first runs again, quietly,
    # the cases its predecessors ran, a timed-out one up to the prompt that looped (hidden
    # ones left out where the code is not trusted with them): ok runs every test in one
    # process, where a later test sees what earlier ones left in the module (an instance
    # count, a cache, where `random` is). Dropped for the run if a replay does not finish.
    replay: bool = False
    # whether the worker may be told what passes an example (CaseJob.plain_wants): only
    # where the code run can read the case files itself (a student's own folder) or is
    # staff's own (a reference, its mutants)
    show_wants: bool = False
    # remove colour codes from what the code prints, as ok does where its own output is
    # no terminal (an autograder's run, a pipe); a student's run in a terminal keeps them
    strip_ansi: bool = True
    # the code's sys.argv: ok's own command line, as the code runs in ok's process (a
    # student's `grade ARGS` passes `ok ARGS`; an autograder's run is `ok --local --score`)
    argv: Sequence[str] = ("ok", "--local", "--score")
    # the user's own site-packages (~/.local) on the code's path, as in the python3 ok
    # runs in: a student's own run only (a sandbox's HOME is shared or empty: a `.pth`
    # one submission left there would run in the next one's workers)
    user_site: bool = False
    # grader work that needs no worker (importing the report), done once, at the first
    # wait: while the first worker starts, or else while it runs the first cases
    meanwhile: Optional[Callable[[], None]] = None

    def __post_init__(self) -> None:
        self._early: Optional[Worker] = None
        self._started = False  # whether a worker was started (see _new_worker)
        self._echo: Optional[Echo] = None  # the workers' shown standard error (see `echo`)
        # what the first worker's imports of the student's files printed (module, text):
        # ok shows it while it loads, in no test
        self.loaded: List[Tuple[str, str]] = []
        self._live: List[Worker] = []  # workers not closed yet: close() ends them all
        self.received = 0  # bytes read from this submission's workers so far
        self.wasted = 0.0  # seconds its timeouts and crashes have cost so far
        self.cost = 0.0  # what the last wait cost (see _await)
        self.cpu_used = 0.0  # CPU seconds the last case used, with a clock
        self.waited = 0.0  # seconds spent waiting on this submission's workers (wall_cap)
        self._gated: Dict[int, int] = {}  # job id -> its next example to reach a gate
        self._gate_outputs: Dict[int, List[Any]] = {}  # a secret job's outputs at its gates
        self._stopped: Dict[int, List[Any]] = {}  # secret jobs ended at a failing gate
        self._loops: set = set()  # loop_signature of each case stopped by its CPU limit
        # the stack report of the case stopped by `_await` as looping where one timed out
        self._looped: Optional[Tuple[Optional[int], str, list, Optional[Replay]]] = None
        # (case, examples run, seconds) of each case run, for replays (see `run`'s CARRY)
        self._ran: List[Tuple[CaseJob, Replay, float]] = []

    @property
    def spent(self) -> bool:
        """Whether the time budget is used up (cases then run with spent_timeout)."""
        return self.budget is not None and self.wasted >= self.budget

    @property
    def limit(self) -> float:
        """The time limit of the next case."""
        return min(self.timeout, self.spent_timeout) if self.spent else self.timeout

    def _not_run_for_cap(self) -> CaseRun:
        return CaseRun(status="timeout", message=(
            f"not run: this submission's cases already {self._cap_words()}, all a "
            "submission may take"))

    def _cap_words(self) -> str:
        if self.clock is not None:
            return (f"waited {self.wall_cap:g} s in all beyond their CPU time (they sleep, wait "
                    "or loop)")
        return f"took {self.wall_cap:g} s of wall time in all (they wait, sleep or loop)"

    @property
    def import_limit(self) -> float:
        """The time a worker may take to get ready (its imports)."""
        return self.timeout * (IMPORT_FACTOR if self.warm or self.preflight else 1)

    def _count_whole_wait(self) -> None:
        """Count the whole of the last wait, its CPU time too, against the wall cap: the
        import of a worker that replaces a stopped one, and its replay. Correct code pays
        them again through no choice of its own, so they cost no budget (a correct slow
        case after them keeps its whole limit: review24 R1, R10); but code that ends its
        worker in every question must not get a fresh, uncounted import and replay for
        each (attack23 F3, review24 R2). Without a clock the wall time counted already."""
        if self.clock is not None:
            self.waited += self.cpu_used

    def worker_args(self, quiet: bool = False) -> List[str]:
        """What a worker is told after its report fd: its folder and modules. QUIET: what
        it writes before its first case of its own (its imports, the cases it replays)
        goes nowhere, where its standard error is shown (see `echo`): it was shown once."""
        own = [f"--own={','.join(self.own_modules)}"] if self.own_modules else []
        warm = [f"--warm={json.dumps([list(w) if isinstance(w, tuple) else w for w in self.warm])}"] \
            if self.warm else []
        return [str(self.src), *own, *warm, "--argv=" + json.dumps(list(self.argv)),
                *(["--quiet-start"] if quiet and self.echo is not None else []),
                *(["--user-site"] if self.user_site else []), *self.preflight]

    def command(self, quiet: bool = False) -> List[str]:
        return self.wrap(guard_argv(self.python, self.worker_path, "{fd}",
                                    *self.worker_args(quiet)))

    def start(self, early: Optional[Worker] = None) -> "Runner":
        """Start the first worker now (interpreter and student import) so that it gets
        ready while the grader loads its cases; `run` uses it. EARLY: one already started
        by `process.start_early`, which it takes if it was started as this runner would
        start it, telling it its folder and modules (else it is ended)."""
        if early is not None and self._early is None:
            if early.command == self.wrap(guard_argv(self.python, self.worker_path, "{fd}",
                                                     LATER)) and self.env is None \
                    and (early.echo.fd if early.echo is not None else None) == self.echo:
                line = json.dumps({"args": self.worker_args()}).encode() + b"\n"
                if Outbox(early.process.stdin, line).flush(self.timeout):
                    self._live.append(early)
                    self._early = early
                    self._started = True
                    self._echo = early.echo  # (its budget is the run's)
                    return self
            early.close()
        if self._early is None:
            self._early = self._new_worker()
        return self

    @property
    def sandboxed(self) -> bool:
        """Whether its workers run wrapped (bulk, Gradescope): beside them, the grader
        starts no other process of the submission's (where processes of one uid share
        no pid namespace, one could end the workers as they start: attack30 F4)."""
        return self.wrap is not unwrapped

    def _new_worker(self) -> Worker:
        """A worker: quiet at its start (`worker_args`) past the runner's first, whose
        imports' output was shown, as ok's one process writes it once."""
        self._live = [w for w in self._live if w.process.returncode is None]
        if self._echo is None and self.echo is not None:
            self._echo = Echo(self.echo)
        worker = Worker(self.command(quiet=self._started), self.env, self._echo)
        self._started = True
        self._live.append(worker)
        return worker

    def _spawn(self) -> Worker:
        worker, self._early = self._early, None
        return worker if worker is not None else self._new_worker()

    def close(self) -> None:
        """End every worker of this runner still running (one started early and never
        used, one whose run was abandoned by an interrupt) and all they started."""
        self._early = None
        while self._live:
            self._live.pop().close()

    def run(self, jobs: Sequence[CaseJob], skip: Callable[[int], bool] = lambda job_id: False,
            carry: bool = False) -> Iterator[Tuple[int, CaseRun]]:
        """Yield (job id, CaseRun) for every job, in order.

        CARRY (with `replay`): the cases of the runs before this one, which came before
        its jobs in ok's order, are replayed by its first worker too: the hidden cases,
        run apart after the visible ones, then see what those left in the module, as in
        ok (a word list loaded once with a message, a module imported once with a print
        at its top: printed again, they failed a hidden case ok passed; hunt25 E).

        SKIP is asked again after every yield (the caller judges each case as it comes
        back): jobs for which it says true are never given to a new worker. The worker
        running the batch already has them: their reports are read past while they come
        within SKIP_GRACE seconds of the stop, else the worker is ended and a fresh one
        takes the jobs still wanted. A question that already failed then costs neither
        another infinite loop nor a wait, and fast failures no new worker. Skipped jobs
        are yielded as "skipped". Raises
        SubmissionError before the first case if the submission does not import. The
        time budget and the byte caps hold across calls: they bound the submission,
        not one run.
        """
        pending = list(jobs)
        first = True
        if not carry:
            self._ran = []
        ran = self._ran
        while pending:
            for job in [j for j in pending if skip(j.id)]:
                yield job.id, CaseRun(status="skipped")
            pending = [j for j in pending if not skip(j.id)]
            if not pending:
                return
            if self.wall_cap is not None and self.waited >= self.wall_cap:
                for job in pending:
                    yield job.id, self._not_run_for_cap()
                return
            if self.received > self.total_bytes:
                for job in pending:
                    yield job.id, CaseRun(status="crashed", message=self._flood_note("not run: "))
                return
            worker = self._spawn()
            if not worker.has_message():
                self._meanwhile()  # the worker is still starting: use the wait
            kind, message, _ = self._await(worker, None, 1 << 20)
            hello = kind == "message" and messages.kind_or_none(message) == "hello"
            if hello:
                kind, message, _ = self._await(worker, None, 1 << 20)
            elif first and not carry and not (kind == "timeout" and message == "cap"):
                # (a later worker's start is judged as before: the wall cap its cases spent,
                # or processes of the submission's own still running beside it)
                raise WorkerStartError(self._start_failure(worker, kind))
            if not first:
                self._count_whole_wait()
            ready = hello and kind == "message" and messages.kind_or_none(message) == "ready"
            if ready and first and not carry:
                self.loaded = messages.loaded(message)
            if not ready and kind == "timeout" and message == "cap" and not first:
                worker.close()  # the wall cap came while a new worker imported the code
                for job in pending:
                    yield job.id, self._not_run_for_cap()
                return
            if not ready:
                note = self._preflight_failure(worker, kind, message)
                if first:
                    raise SubmissionError(note)
                for job_ in pending:
                    yield job_.id, CaseRun(status="crashed", message=note)
                return
            for job in pending:
                self._gated[job.id] = 0
            before = [(job, count, seconds) for job, count, seconds in ran
                      if job.id < pending[0].id] if self.replay else []
            replays = [job.replay_payload(count) for job, count, _ in before]
            worker.send_job({"output_cap": self.output_cap, "seed": self.seed,
                             "seed_each": self.seed_each_case,
                             "strip_ansi": self.strip_ansi,
                             "cases": replays + [j.payload(self.show_wants, first=not i)
                                                 for i, j in enumerate(pending)]})
            if replays:  # the import's limit, and twice what the cases took the first time
                kind, message, _ = self._await(worker, None, 1 << 20, allowance=(
                    self.import_limit + 2 * sum(seconds for _, _, seconds in before)))
                if not first:  # a replacement's; a carry (hidden cases' first worker) is
                    self._count_whole_wait()  # ours to pay, as its import (attack26 F4)
                if not (kind == "message" and messages.kind_or_none(message) == "replayed"):
                    worker.close()
                    self.replay = False  # (the code differs from run to run: as before)
                    continue
            self._meanwhile()  # or the time it runs the cases
            first = False
            grace_until: Optional[float] = None
            told: Optional[CaseJob] = None  # the case this worker last reported on
            while pending:
                current = pending[0]
                if current.id in self._stopped:  # at a gate, by the thread serving gates
                    worker.close()
                    pending.pop(0)
                    yield current.id, self._stopped_run(current.id, 0.0)
                    break  # a fresh worker takes the rest
                if skip(current.id):
                    if told is not None and told.secret and not self.show_wants:
                        # the secret case it reported failed: reading past the next
                        # case would tell its code so (it could answer a hidden call
                        # repeated later otherwise); a fresh worker takes the rest
                        worker.close()
                        break
                    if grace_until is None:
                        grace_until = time.monotonic() + SKIP_GRACE
                    if self._read_past(worker, current, grace_until):
                        pending.pop(0)
                        with self._serving_gates(worker, pending):
                            yield current.id, CaseRun(status="skipped")
                        continue
                    worker.close()  # busy on an unwanted case: a new worker takes the rest
                    break
                grace_until = None
                cap = current.output_cap if current.output_cap is not None else self.output_cap
                limit = messages.case_byte_limit(current.prompts, cap, self.case_bytes)
                kind, message, elapsed = self._await(worker, current, limit)
                if current.id not in self._stopped:
                    self._gate_outputs.pop(current.id, None)  # (kept for a stop at a gate)
                if current.id in self._stopped:
                    pending.pop(0)
                    yield current.id, self._stopped_run(current.id, elapsed)
                    break
                run = None
                if kind == "message":
                    run = self._case_run(worker, current, message, cap, elapsed)
                    if run is not None and run.status in ("ran", "setup-error"):
                        pending.pop(0)
                        told = current
                        if self.show_wants or not current.secret:  # (bulk keeps them apart)
                            ran.append((current, (None, len(run.outputs), None), run.duration))
                        with self._serving_gates(worker, pending):
                            yield current.id, run
                        continue
                if kind == "timeout":
                    run = self._timed_out(worker, current, cap, limit, elapsed, message)
                    if run.replay is not None and (self.show_wants or not current.secret):
                        ran.append((current, run.replay, run.duration))  # up to its loop
                elif kind == "eof":
                    run = CaseRun(status="crashed", duration=elapsed,
                                  message=worker.death_note(self.diagnose))
                elif kind == "overflow":
                    worker.close()
                    run = CaseRun(status="crashed", duration=elapsed, message=(
                        f"this case's report grew past {limit >> 20} MiB: the grader stopped "
                        "reading it (far too much output)"))
                elif kind == "flood":
                    worker.close()
                    run = CaseRun(status="crashed", duration=elapsed, message=self._flood_note())
                elif kind == "garbage":
                    worker.close()
                    run = CaseRun(status="crashed", duration=elapsed, message=(
                        f"the code wrote over the grader's report channel ({message})"))
                self.wasted += self.cost
                pending.pop(0)
                yield current.id, run
                break
            else:
                worker.close()

    def _stopped_run(self, job_id: int, elapsed: float) -> CaseRun:
        """A secret job ended at its failing gate: what it printed up to there."""
        self._gate_outputs.pop(job_id, None)
        return CaseRun(status="ran", outputs=self._stopped.pop(job_id), duration=elapsed)

    def _meanwhile(self) -> None:
        if self.meanwhile is not None:
            work, self.meanwhile = self.meanwhile, None
            work()

    def _read_past(self, worker: Worker, job: CaseJob, deadline: float) -> bool:
        """Whether WORKER reported JOB, which is not wanted any more, by DEADLINE."""
        started = time.monotonic()
        try:
            while True:
                kind, message = self._next(worker, max(0.0, deadline - time.monotonic()),
                                           self.case_bytes)
                what = messages.kind_or_none(message) if kind == "message" else None
                if what in ("example", "start"):  # at a gate: it need not go on
                    worker.verdict(False)
                elif what != "prompt":
                    break
        finally:
            self.waited += time.monotonic() - started
        if what != "case":
            return False
        try:
            return messages.case_id(message) == job.id
        except Malformed:
            return False

    def _await(self, worker: Worker, job: Optional[CaseJob], limit: int,
               allowance: Optional[float] = None) -> Tuple[str, Any, float]:
        """(kind, message, seconds) of the worker's next message for JOB (None: the
        import, or a replay, whose limit is ALLOWANCE when given), or ("timeout", "cpu",
        "wall" or "cap", seconds) when it ran out of
        time. As ok times each prompt, the limit holds for each of the case's prompts:
        the worker says when the next one starts (a "prompt" message, at most once per
        prompt, in order; any other is junk). `self.cost` is then what the wait costs the
        submission's budget: the CPU time its group used since the last prompt began
        when there is a clock (a timeout costs one limit), else the seconds waited.
        A gated JOB's examples are judged here as they come (each its output's
        message, in order, all but the last), and the worker told whether to go on."""
        started = time.monotonic()
        since = started  # when the running prompt began
        used_before = self.clock() if self.clock is not None else 0.0
        cpu_start = used_before
        job_id = job.id if job is not None else None
        prompts = job.prompts if job is not None else 1
        timeout = self.limit if job is not None else (
            allowance if allowance is not None else self.import_limit)
        cap_left = self.wall_cap - self.waited if self.wall_cap is not None else float("inf")
        shown = False
        prompt = 1
        looks = list(self.loop_looks) if job is not None and self._loops else []
        looking = False  # a stack was asked for and has not come yet

        def waited(now: float) -> float:
            """What this wait counts against the wall cap (see wall_cap)."""
            if self.clock is None:
                return now - started
            return max(0.0, now - started - (self.clock() - cpu_start))

        def charge(now: float) -> None:
            """What the running prompt has cost so far: self.cost, and with a clock
            self.cpu_used."""
            if self.clock is None:
                self.cost = now - since
                return
            self.cpu_used = self.clock() - used_before
            self.cost = min(self.cpu_used, timeout)

        try:
            while True:
                now = time.monotonic()
                elapsed = now - started
                charge(now)
                if self.clock is None:
                    left, why = timeout - (now - since), "wall"
                else:
                    cpu_left = timeout - self.cpu_used
                    wall_left = self.wall_factor * timeout - (now - since)
                    left, why = ((cpu_left, "cpu") if cpu_left <= wall_left
                                 else (wall_left, "wall"))
                if cap_left - waited(now) < left:
                    left, why = cap_left - waited(now), "cap"
                used = self.cpu_used if self.clock is not None else now - since
                if looks and not looking and used >= looks[0] * timeout:
                    looks.pop(0)
                    worker.lifeline.ask_stack()
                    looking = True
                if looks and not looking:
                    left = min(left, max(0.01, looks[0] * timeout - used))
                if left <= 0:
                    if self.clock is not None:
                        self.cost = timeout
                        if why == "wall" and self.cpu_used >= CPU_NEARLY_SPENT * timeout:
                            why = "cpu"  # it was looping: its CPU limit came due meanwhile
                    return "timeout", why, elapsed
                kind, message = self._next(worker, min(left, TICK), limit)
                what = messages.kind_or_none(message) if kind == "message" else None
                if what == "example":
                    wrong = self._pass_gate(worker, message, [job] if job is not None else [])
                    if wrong:
                        return "garbage", wrong, time.monotonic() - started
                    if job_id in self._stopped:  # its worker is ended (see CaseJob.secret)
                        return "stopped", None, time.monotonic() - started
                    continue
                if what == "start":  # asks to start JOB, which is still wanted
                    try:
                        asked = messages.start(message)
                    except Malformed as error:
                        return "garbage", str(error), time.monotonic() - started
                    if job_id is None or asked != job_id or not job.wait:
                        return "garbage", "a case asked to start out of turn", \
                            time.monotonic() - started
                    worker.verdict(True)
                    continue
                if what == "stack":
                    if not looking:
                        return "garbage", "a stack report nobody asked for", \
                            time.monotonic() - started
                    looking = False
                    try:
                        report = messages.stack(message, len(job.examples),
                                                job.output_cap or self.output_cap,
                                                (len(job.setup), len(job.teardown)))
                    except Malformed as error:
                        return "garbage", str(error), time.monotonic() - started
                    if loop_signature(report[1]) not in self._loops:
                        looks = []  # it is elsewhere: it runs its whole limit
                    elif not looks:
                        charge(time.monotonic())
                        self._looped = report
                        return "timeout", "loop", time.monotonic() - started
                    continue
                if what == "prompt":
                    try:
                        case, number = messages.prompt(message)
                    except Malformed as error:
                        return "garbage", str(error), time.monotonic() - started
                    if job_id is None or case != job_id or not prompt < number <= prompts:
                        return "garbage", "a prompt out of turn", time.monotonic() - started
                    if self._before_its_gate(job, number):
                        return "garbage", "a prompt before its gate", time.monotonic() - started
                    prompt = number
                    since = time.monotonic()
                    used_before = self.clock() if self.clock is not None else 0.0
                    if not looking:
                        looks = list(self.loop_looks) if self._loops else []
                    continue
                if kind != "timeout":
                    now = time.monotonic()
                    charge(now)
                    return kind, message, now - started
                if (self.progress is not None and job_id is not None
                        and time.monotonic() - since >= 1.0):
                    self.progress(job_id, time.monotonic() - since)
                    shown = True
        finally:
            self.waited += waited(time.monotonic())
            if shown:
                self.progress(None, 0.0)

    def _before_its_gate(self, job: CaseJob, number: int) -> bool:
        """Whether prompt NUMBER of JOB says an example begins whose gate before it was
        not passed here. A prompt's clock restarts at its message, which the student's
        code can write too: where every gate is judged here (no plain wants shown), an
        example's start is known, and a slow one cannot claim the time of those after."""
        if not job.gated or self.show_wants:
            return False
        example = number - len(job.setup) - 1  # the example (or teardown) it begins
        return self._gated.get(job.id, 0) < min(example, len(job.examples) - 1)

    def _pass_gate(self, worker: Worker, message: Dict[str, Any],
                   jobs: Sequence[CaseJob]) -> str:
        """Judge the gated example MESSAGE reports and tell WORKER whether its case goes
        on; "" when done, else why the message is junk (not one of JOBS' next examples)."""
        try:
            case, index = messages.example_place(message)
        except Malformed as error:
            return str(error)
        job = next((job for job in jobs if job.id == case and job.gated), None)
        if job is None or index < self._gated.get(case, 0) or index >= len(job.examples) - 1:
            return "an example out of turn"  # once each, in order (some pass in the worker)
        secret = job.secret and not self.show_wants  # (staff's own code need not be kept out)
        if secret and index != self._gated.get(case, 0):
            return "an example out of turn"  # (a secret job's gates are all asked here)
        cap = job.output_cap if job.output_cap is not None else self.output_cap
        try:
            output = messages.example_output(message, messages.example_limit(cap))
        except Malformed as error:
            return str(error)
        self._gated[case] = index + 1
        go = job.gate(index, output)
        if secret:
            self._gate_outputs.setdefault(case, []).append(output)
            if not go:
                self._stopped[case] = self._gate_outputs.pop(case)
                worker.close()
                return ""
        worker.verdict(go)
        return ""

    @contextlib.contextmanager
    def _serving_gates(self, worker: Worker, jobs: Sequence[CaseJob]) -> Iterator[None]:
        """While the caller judges a case (the run is away, at a yield), answer WORKER's
        gates of JOBS from a thread, so that a worker running ahead on the next case does
        not wait for the grader's slow verdicts (a game replayed, a question printed).
        Whatever else it reads waits in the worker's stash, in order, for the run; a
        report too long for it is left unread."""
        if (self.show_wants or worker.process.returncode is not None
                or not any(job.gated for job in jobs)):
            yield  # passing examples pass their gates in the worker (show_wants)
            return
        stop = threading.Event()
        wake_read, wake_write = os.pipe()
        limit = min(STASH_BYTES, messages.case_byte_limit(1, max(
            [j.output_cap for j in jobs if j.output_cap is not None] + [self.output_cap]),
            self.case_bytes))  # (a longer line is left unread, for the run's own limit)

        # all an honest worker sends meanwhile: each prompt's start, a gate at a case's
        # start, each case's report and the end; past that (anything else, more of it,
        # or STASH_BYTES of it: each line parsed takes ~25 times its size) the thread
        # stops, and the run meets the rest under its own limits (a worker flooding its
        # pipe while the run was away grew the grader by a GB, attack19 A4)
        most = sum(job.prompts + 2 for job in jobs) + 1
        expected = ("prompt", "start", "case", "done")
        first_byte = worker.received

        def serve() -> None:
            running = 0  # the job the worker is at: the first of JOBS it has not reported
            stashed = 0
            try:
                while not stop.is_set():
                    kind, message = self._read(worker, 1.0, limit, wake=wake_read)
                    if kind == "timeout":
                        continue
                    if kind == "overflow":
                        return  # unread: the run reads it under the case's own limit
                    what = messages.kind_or_none(message) if kind == "message" else None
                    if (what == "example"
                            and not self._pass_gate(worker, message, jobs[running:running + 1])):
                        continue
                    if what == "case":
                        running += 1
                    worker.stash.append((kind, message))
                    stashed += 1
                    if (kind != "message" or what not in expected or stashed >= most
                            or worker.received - first_byte > STASH_BYTES):
                        return
            except (OSError, ValueError):  # the worker was closed meanwhile
                pass

        server = threading.Thread(target=serve, daemon=True)
        server.start()
        try:
            yield
        finally:
            stop.set()
            os.write(wake_write, b"x")
            server.join()
            os.close(wake_read)
            os.close(wake_write)

    def _timed_out(self, worker: Worker, job: CaseJob, cap: int, limit: int, elapsed: float,
                   why: str) -> CaseRun:
        """The timeout of JOB, with where its code was when stopped if it says so within
        stack_wait (code that blocks the signal is stopped all the same)."""
        cpu_used = self.cpu_used
        timeout = self.limit
        spent = self.spent
        if why == "loop" and self._looped is not None:
            (running, stack, outputs, replay), self._looped = self._looped, None
        else:
            running, stack, outputs, replay = self._ask_stack(worker, job, cap, limit)
        if running is not None:
            replay = (None, running, None)
        worker.close()
        if (why == "cpu" or why == "wall" and self.clock is None) and loop_signature(stack):
            self._loops.add(loop_signature(stack))
        if why == "loop":
            used = (f"{cpu_used:.1f} of its {timeout:g} s of CPU time" if self.clock is not None
                    else f"{elapsed:.1f} of its {timeout:g} s")
            words = (f"stopped after {used}: it was looping where an earlier case of this "
                     "submission ran out of time (in the same function, reached the same "
                     f"way, each of the {len(self.loop_looks)} times it was looked at), so it "
                     "would run out of time again")
        elif why == "cap":
            words = f"stopped: this submission's cases {self._cap_words()}, its limit"
        elif why == "wall" and self.clock is not None:
            wall = f"did not finish within {self.wall_factor * timeout:g} s"
            if cpu_used < timeout / 2:
                words = f"{wall} (it waits or sleeps: it used {cpu_used:.1f} s of CPU time)"
            else:
                words = (f"{wall}, having had {cpu_used:.1f} of its {timeout:g} s of CPU "
                         "time (a very busy machine, or far too slow)")
        else:
            words = (f"did not finish within {timeout:g} s "
                     + ("of CPU time " if self.clock is not None else "")
                     + "(an infinite loop, or far too slow)")
        if spent and timeout < self.timeout:
            words += (f"; this submission had used its time budget ({self.budget:g} s) on "
                      f"earlier cases, so its other cases run with {timeout:g} s each")
        known = self.diagnose()
        if known:
            words += f"; meanwhile {known}"
        return CaseRun(status="timeout", duration=elapsed, message=words, running=running,
                       stack=stack, outputs=outputs, replay=replay)

    def _ask_stack(self, worker: Worker, job: CaseJob, cap: int,
                   limit: int) -> Tuple[Optional[int], str, list, Optional[Replay]]:
        worker.lifeline.ask_stack()
        deadline = time.monotonic() + self.stack_wait
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None, "", [], None
            kind, message = self._next(worker, left, limit)
            if kind != "message":
                return None, "", [], None
            if messages.kind_or_none(message) == "stack":
                try:
                    return messages.stack(message, len(job.examples), cap,
                                          (len(job.setup), len(job.teardown)))
                except Malformed:
                    return None, "", [], None

    def _next(self, worker: Worker, timeout: float, limit: int) -> Tuple[str, Any]:
        if worker.stash:
            return worker.stash.popleft()
        return self._read(worker, timeout, limit)

    def _read(self, worker: Worker, timeout: float, limit: int,
              wake: Optional[int] = None) -> Tuple[str, Any]:
        before = worker.received
        try:
            return worker.next_message(timeout, limit,
                                       total=self.total_bytes - self.received + before,
                                       wake=wake)
        finally:
            self.received += worker.received - before

    def _flood_note(self, prefix: str = "") -> str:
        return (f"{prefix}this submission's reports passed {self.total_bytes >> 20} MiB in all: "
                "the grader stopped reading them (far too much output)")

    def _case_run(self, worker: Worker, job: CaseJob, message: Dict[str, Any], cap: int,
                  elapsed: float) -> CaseRun:
        """The CaseRun a message reports for JOB; the worker is closed when the message
        is not a well-formed report of JOB (a crashed case, then)."""
        try:
            kind = messages.kind(message)
            if kind == "done":
                worker.close()
                return CaseRun(status="crashed", duration=elapsed,
                               message="the worker skipped this case")
            if kind != "case":
                raise Malformed(f"an unexpected {kind} message")
            if messages.case_id(message) != job.id:
                raise Malformed("a report for another case")
            return messages.case_run(message, len(job.examples), cap, elapsed)
        except Malformed as error:
            worker.close()
            return CaseRun(status="crashed", duration=elapsed, message=(
                f"the code wrote over the grader's report channel ({error})"))

    def _start_failure(self, worker: Worker, kind: str) -> str:
        who = "the process that runs the submission's code"
        if kind == "eof":
            note = worker.death_note(self.diagnose, who)
        else:
            worker.close()
            note = (f"{who} did not start within {self.import_limit:g} s" if kind == "timeout"
                    else f"{who} sent something else before its first message")
        return (f"{note} (before any of the submission's code ran: a failure of the grader "
                "or its sandbox, not of the code)")

    def _preflight_failure(self, worker: Worker, kind: str, message: Any) -> str:
        modules = list(self.preflight) or [m for m in self.warm if isinstance(m, str)]
        name = " and ".join(f"{m}.py" for m in modules) if modules else "the submission"
        if kind == "timeout":
            _, stack, _, _ = self._ask_stack(worker, CaseJob(-1, []), self.output_cap, 1 << 20)
            worker.close()
            return (f"importing {name} did not finish within {self.import_limit:g} s "
                    "(code at the top level of the file loops or waits?)"
                    + (f"\n{stack}" if stack else ""))
        if kind == "eof":
            return (f"importing {name} stopped the interpreter: "
                    f"{worker.death_note(self.diagnose)}")
        worker.close()
        if kind == "message" and messages.kind_or_none(message) == "preflight_error":
            try:
                raised = messages.raised(message["preflight_error"], "preflight_error")
            except Malformed:
                raised = None
            if raised is not None:
                lineno = messages.lineno(message["preflight_error"])
                if lineno is not None:
                    return f"{name} has a syntax error on line {lineno}:\n{raised.traceback}"
                return f"importing {name} raised an error:\n{raised.traceback}"
        return f"importing {name} wrote over the grader's report channel"
