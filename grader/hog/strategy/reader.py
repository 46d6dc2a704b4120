"""Read strategies from students' files into 100x100 tables, never importing their code.

Each file is copied, as hog.py, into a fresh folder with the assignment's support files
and `strategy_table.py --serve` runs on it in a child process: inside the bubblewrap
sandbox when it works here, else under resource limits only (fine for a student's own
file). The child never sends a verdict or a table: it answers the grader's questions,
one score pair and one byte at a time (`interview`), and the grader builds the table
itself, checking every answer (a number of dice, the same when asked again in another
order, all within the budget on the grader's clock). Whatever the student's code writes
on the child's descriptors can only be answers to questions it was asked, so a forged
table or verdict is junk, and the entry is invalid. A child that loops, crashes or
writes junk is an invalid strategy; every read and write has a deadline; and whatever
goes wrong in the grader while reading one entry stays with that entry.
"""

from __future__ import annotations

import itertools
import os
import queue
import random
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, List, Optional, Sequence, Tuple

from . import table as strategy_table
from ... import safe_files, untrusted
from ...assignment import Assignment
from ...run.guard import ENDED as GUARD_ENDED
from ...run.process import GUARD_GRACE, Outbox, end_group, guard_argv, guarded
from ...run.ready import readable
from ...untrusted import CallInfo, one_line
from ...run.sandbox import Limits, Sandbox, bwrap_problem

SCRIPT = Path(strategy_table.__file__).resolve()
HELLO_CAP = 4096  # bytes of the child's hello line (its team name, or why there is none)
BATCH = 10000  # questions written at once: a whole round (20 KB, within a pipe) per round trip
SIBLING_CAP = 1 << 20  # helper modules beside a student's hog.py, bytes each
START_SECONDS = 5.0  # interpreter start and the file's import, on top of the budget
ANSWERED_GRACE = 10.0  # for a guard to end the child that answered all (a loaded machine)


class StrategyFileError(Exception):
    """The path cannot be read as a strategy file at all (a usage error)."""


@dataclass
class StrategyRead:
    """What reading one file gave: a table, or the reason there is none."""

    source: Path
    table: Optional[List[List[int]]] = None
    error: Optional[str] = None
    team: Optional[str] = None
    seconds: float = 0.0
    no_function: bool = False  # the file has no such function (a usage error, not a bad strategy)
    failure: Optional[str] = None  # the grader's own traceback, when it failed on this entry

    @property
    def valid(self) -> bool:
        return self.table is not None


class RefusedEntry(Exception):
    """The entry is a link or a special file: never followed, never read."""


def _read(top: Path, parts, shown: str) -> bytes:
    """The file TOP/PARTS (`safe_files.read_below`): a link, special file or folder on
    its way, or a file over SIBLING_CAP, is a RefusedEntry."""
    try:
        data = safe_files.read_below(top, parts, SIBLING_CAP)
    except safe_files.Refused as refused:
        raise RefusedEntry(f"{refused.shown} is {safe_files.WORDS[refused.kind]}: refused, "
                           "submit the file itself") from None
    if data is None:
        raise RefusedEntry(f"{shown} is larger than {SIBLING_CAP // 1024} KiB: refused")
    return data


def _copy_submission(source: Path, folder: Path, assignment: Assignment,
                     siblings: bool) -> None:
    """FOLDER gets SOURCE as the assignment's source file, the support files, and (with
    SIBLINGS) small top-level modules of a folder entry or of the file's own folder.
    Links and special files are refused (an entry's) or skipped (a sibling): every file
    is read part by part below SOURCE's folder, never through a link."""
    top = source.parent
    if os.path.isdir(source) and not os.path.islink(source):
        parts = (source.name, assignment.source)
        shown = f"{source.name}/{assignment.source}"
    else:
        parts, shown = (source.name,), source.name
    main = _read(top, parts, shown)
    if siblings:
        here = Path(top, *parts[:-1])
        found = [e for e in safe_files.walk(here, 1, limit=SIBLING_CAP)
                 if e.kind == "file" and e.parts[-1].endswith(".py")]
        for entry in found[:50]:
            try:
                data = entry.read()
            except (safe_files.Refused, OSError):
                continue
            if data is not None:
                (folder / entry.parts[-1]).write_bytes(data)
    (folder / assignment.source).write_bytes(main)
    for name in assignment.support:
        shutil.copy(assignment.template / name, folder / name)


def check_source(path: Path, assignment: Assignment) -> Path:
    """The Python file a strategy path stands for; StrategyFileError if there is none."""
    path = Path(path)
    main = path / assignment.source if path.is_dir() else path
    if not main.exists():
        raise StrategyFileError(f"{main} does not exist")
    if not main.is_file():
        raise StrategyFileError(f"{main} is not a file")
    try:
        compile(main.read_bytes(), str(main), "exec", dont_inherit=True)
    except SyntaxError as error:
        where = f", line {error.lineno}" if error.lineno else ""
        raise StrategyFileError(f"{main}{where} has a syntax error: {error.msg}") from None
    except ValueError as error:  # null bytes
        raise StrategyFileError(f"{main} is not Python source: {error}") from None
    except (RecursionError, MemoryError):  # (Python itself refuses it the same way)
        raise StrategyFileError(f"{main} is nested too deeply to compile") from None
    return main


def last_json_line(data: bytes) -> Optional[dict]:
    for line in reversed(data.decode("utf-8", "replace").splitlines()):
        if line.strip():
            try:
                value = untrusted.loads(line)
            except ValueError:
                return None
            return value if isinstance(value, dict) else None
    return None


TEAM_CAP = 100  # characters of a team name, after unprintables are dropped
ERROR_CAP = 500


def read_strategy(source: Path, assignment: Assignment, function: str = "final_strategy", *,
                  budget: float = strategy_table.BUDGET, sandbox: Optional[bool] = None,
                  slot: int = 0, siblings: bool = False, cgroup: bool = False) -> StrategyRead:
    """Read FUNCTION of the file (or folder entry) SOURCE into a table.

    SANDBOX: True requires bubblewrap, False uses resource limits only, None picks
    bubblewrap when it works here. CGROUP: in a control group of its own (memory and
    one core's worth of CPU for all its processes: entries read side by side cannot
    starve each other).
    """
    start = time.perf_counter()
    isolate = bwrap_problem() is None if sandbox is None else sandbox
    with tempfile.TemporaryDirectory(prefix="hog-strategy-") as tmp:
        folder = Path(tmp) / "submission"
        folder.mkdir()
        try:
            _copy_submission(Path(source), folder, assignment, siblings)
        except RefusedEntry as error:
            return StrategyRead(Path(source), error=str(error),
                                seconds=time.perf_counter() - start)
        with Sandbox(folder, slot=slot, isolate=isolate, cgroup=cgroup,
                     limits=Limits(cpu=int(2 * budget + START_SECONDS))) as box:
            result = read_in(box, Path(assignment.source).stem, function, budget)
    seconds = time.perf_counter() - start
    team = result.get("team")
    team = one_line(team, TEAM_CAP) or None if isinstance(team, str) else None
    table = result.get("table")
    if not is_table(table):
        error = one_line(str(result.get("error") or "the strategy reader gave no table"),
                         ERROR_CAP)
        shown = f"{Path(source).name}/{assignment.source}" if Path(source).is_dir() \
            else Path(source).name
        missing = f"{assignment.source} has no function {function}"
        return StrategyRead(Path(source), error=error.replace(assignment.source, shown),
                            team=team, seconds=seconds, no_function=error == missing)
    return StrategyRead(Path(source), table=table, team=team, seconds=seconds)


def is_table(table) -> bool:
    return (isinstance(table, list) and len(table) == strategy_table.GOAL
            and all(isinstance(row, list) and len(row) == strategy_table.GOAL
                    and all(type(v) is int and 0 <= v <= strategy_table.MAX_DICE for v in row)
                    for row in table))


class _Gone(Exception):
    """The child's channel ended (it exited or was killed) WHEN (words)."""

    def __init__(self, when: str):
        super().__init__(when)
        self.when = when


class _Junk(Exception):
    """Something other than the reader's answers came on the channel WHEN (words)."""

    def __init__(self, when: str):
        super().__init__(when)
        self.when = when


class _Answers:
    """The read end of the child's answer pipe, read only under deadlines."""

    def __init__(self, fd: int):
        self.fd = fd
        os.set_blocking(fd, False)
        self.buffer = bytearray()
        self.ended = False  # every writer closed it: the child is gone

    def _fill(self, deadline: float) -> bool:
        """Read what came, waiting until DEADLINE; False when nothing came in time or the
        pipe ended."""
        if self.ended:
            return False
        left = deadline - time.monotonic()
        if not readable([self.fd], max(0.0, left)):
            return False
        try:
            chunk = os.read(self.fd, 65536)
        except BlockingIOError:
            return True
        self.ended = not chunk
        self.buffer += chunk
        return not self.ended

    def take(self, count: int, deadline: float) -> bytes:
        """Up to COUNT bytes: fewer when the deadline passed or the pipe ended first."""
        while len(self.buffer) < count and self._fill(deadline):
            pass
        taken = bytes(self.buffer[:count])
        del self.buffer[:count]
        return taken

    def line(self, cap: int, deadline: float, when: str) -> Optional[bytes]:
        """One line (without its newline) of at most CAP bytes; None when it did not come
        in time. _Junk when it grows past CAP, _Gone when the pipe ends first."""
        while b"\n" not in self.buffer[:cap + 1]:
            if len(self.buffer) > cap:
                raise _Junk(when)
            if not self._fill(deadline):
                if self.ended:
                    raise _Gone(when)
                return None
        at = self.buffer.index(b"\n")
        line = bytes(self.buffer[:at])
        del self.buffer[:at + 1]
        return line

    def quiet(self, when: str) -> None:
        """_Junk if anything came that no question asked for (forged ahead)."""
        if self.buffer or self._fill(time.monotonic()):
            raise _Junk(when)


def questions(goal: int = strategy_table.GOAL) -> List[List[Tuple[int, int]]]:
    """The two rounds of questions: every pair in order, then again in a shuffled order
    (the same on every read, so a verdict can be reproduced), so that a strategy whose
    answers depend on what it was asked before is caught."""
    pairs = [(score, opponent) for score in range(goal) for opponent in range(goal)]
    again = pairs[:]
    random.Random(goal).shuffle(again)
    return [pairs, again]


ROUNDS = questions()


class _Budget:
    """When the budget for the answers runs out: BUDGET seconds of wall time from the
    first question, or, with CPU (the child's CPU seconds, its control group's), once
    the child has used BUDGET seconds of CPU, so that a loaded machine never makes a
    correct strategy too slow; within WALL_FACTOR budgets of wall time either way."""

    WALL_FACTOR = 3

    def __init__(self, budget: float, cpu: Optional[Callable[[], float]] = None):
        self.budget, self.cpu = budget, cpu
        self.cpu_before = cpu() if cpu is not None else 0.0
        now = time.monotonic()
        self.deadline = now + budget
        self.cap = now + self.WALL_FACTOR * budget

    def extend(self) -> bool:
        """Whether the deadline moved on: the child used less CPU than the budget."""
        if self.cpu is None:
            return False
        left = self.budget - (self.cpu() - self.cpu_before)
        now = time.monotonic()
        if left < 0.01 or now >= self.cap:
            return False
        self.deadline = min(self.cap, now + left)
        return True


def interview(stdin, answers: _Answers, name: str, budget: float,
              cpu: Optional[Callable[[], float]] = None) -> dict:
    """Ask the child every score pair twice (ROUNDS) and build the table from its
    answers: {"table": rows, "team": ...}, or {"error": words, "team": ...}. Its hello
    must come within the budget and START_SECONDS, every answer within the budget from
    the first question. _Gone or _Junk when the channel ends or carries anything else."""
    hello_words = "before it was ready (at import)"
    raw = answers.line(HELLO_CAP, time.monotonic() + budget + START_SECONDS, hello_words)
    if raw is None:
        return {"error": f"importing the file did not finish within "
                         f"{budget + START_SECONDS:g} s"}
    try:
        hello = untrusted.loads(raw)
    except ValueError:
        raise _Junk(hello_words) from None
    if not isinstance(hello, dict) or len(hello) != 1 or not {"team", "error"} & set(hello):
        raise _Junk(hello_words)
    team = hello.get("team")
    if "error" in hello:
        return {"error": hello["error"], "team": team}
    deadline = _Budget(budget, cpu)
    told: List[List[int]] = []
    problem = None
    for pairs in ROUNDS:
        told.append([])
        for at in range(0, len(pairs), BATCH):
            got, problem = _ask(stdin, answers, pairs[at:at + BATCH], name, budget, deadline)
            told[-1] += got
            if problem:
                break
        if problem:
            break
    goal = strategy_table.GOAL
    table = [[0] * goal for _ in range(goal)]
    for (score, opponent), value in zip(ROUNDS[0], told[0]):
        table[score][opponent] = value
    again = told[1] if len(told) > 1 else []
    changed = [(pair, value) for pair, value in zip(ROUNDS[1], again)
               if table[pair[0]][pair[1]] != value]
    if changed:
        (score, opponent), value = min(changed)
        problem = (f"{name}({score}, {opponent}) returned {table[score][opponent]} and then "
                   f"{value} when asked again; it must be a pure function of the two scores")
    return {"error": problem, "team": team} if problem else {"table": table, "team": team}


def _ask(stdin, answers: _Answers, batch: List[Tuple[int, int]], name: str, budget: float,
         spent: _Budget) -> Tuple[List[int], Optional[str]]:
    """The child's answers to BATCH, and why they stop short (in words): what the
    strategy did at a pair instead of answering, or that its budget was SPENT."""
    answers.quiet(f"before {name}{batch[0]} was asked")
    outbox = Outbox(stdin, bytes(itertools.chain.from_iterable(batch)))
    outbox.flush(max(0.0, spent.deadline - time.monotonic()))
    while outbox.pending and not outbox.broken and spent.extend():
        outbox.flush(max(0.0, spent.deadline - time.monotonic()))
    if outbox.broken:
        raise _Gone(f"while {name}{batch[0]} was asked")
    got = answers.take(len(batch), spent.deadline)
    while len(got) < len(batch) and not answers.ended and strategy_table.REFUSED not in got \
            and spent.extend():
        got += answers.take(len(batch) - len(got), spent.deadline)
    deadline = spent.deadline
    if len(got) == len(batch) and max(got, default=0) <= strategy_table.MAX_DICE:
        return list(got), None  # every pair answered with a number of dice (REFUSED > MAX_DICE)
    values: List[int] = []
    for (score, opponent), value in zip(batch, got):
        where = f"{name}({score}, {opponent})"
        if value == strategy_table.REFUSED:
            answers.buffer[:0] = got[len(values) + 1:]  # the start of its words
            return values, f"{where} {_refusal(answers, deadline, where)}"
        if value > strategy_table.MAX_DICE:
            raise _Junk(f"while {where} was asked (it answered byte {value})")
        values.append(value)
    if len(values) < len(batch):
        if answers.ended:
            raise _Gone(f"while {name}{batch[len(values)]} was asked")
        pairs = strategy_table.GOAL ** 2
        return values, (f"{name} is too slow: answering all {pairs} score pairs twice took "
                        f"more than {budget:g} s (stopped at {name}{batch[len(values)]})")
    return values, None


def _refusal(answers: _Answers, deadline: float, where: str) -> str:
    """The child's words for what its strategy did instead of answering WHERE."""
    line = answers.line(4 * ERROR_CAP, deadline + 1.0, f"while {where} was asked")
    try:
        words = untrusted.loads(line) if line is not None else None
    except ValueError:
        words = None
    if not isinstance(words, str):
        raise _Junk(f"while {where} was asked")
    return words


def read_in(box, module: str, function: str, budget: float) -> dict:
    """Interview FUNCTION of MODULE in BOX's source folder, in a child BOX wraps (a
    Sandbox, or the Runner grading a submission: its own confinement):
    {"table": rows, "team": ...} built here, or {"error": words, ...}."""
    argv = box.wrap(guard_argv(box.python, SCRIPT, str(box.src), function, "--serve", "{fd}",
                               module))
    return _run(argv, function, budget, getattr(box, "clock", None), getattr(box, "env", None))


def _run(argv: List[str], name: str, budget: float,
         cpu: Optional[Callable[[], float]] = None, env: Optional[dict] = None) -> dict:
    """Interview the child ARGV runs (its "{fd}" becomes the write end of the answer
    pipe, its stdin the questions) in ENV (a sandboxed runner's: its guard then keeps
    the code from the kernel's keyrings), then end it and everything it started."""
    read_fd, write_fd = os.pipe()
    try:
        process, lifeline = guarded(
            [str(write_fd) if part == "{fd}" else part for part in argv],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(write_fd,),
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
                 **(env or {})})
    except BaseException:
        os.close(read_fd)
        raise
    finally:
        os.close(write_fd)
    answers = _Answers(read_fd)
    try:
        result: object = interview(process.stdin, answers, name, budget, cpu)
    except (_Gone, _Junk) as ended:
        result = ended
    finally:
        try:
            process.stdin.close()
        except (OSError, ValueError):
            pass
        os.close(read_fd)
    if isinstance(result, dict) and "table" in result:
        lifeline.end()  # its guard kills all the reading started, and says it is alive
    elif not isinstance(result, _Gone):
        lifeline.cut()
    answered = isinstance(result, dict) and "table" in result
    # how a child that is gone ended; after `end`, whether its guard could say so
    code = end_group(process, ANSWERED_GRACE if answered else GUARD_GRACE)
    lifeline.cut()
    if answered and code != GUARD_ENDED:
        # the file killed the guard at import: its SIGKILL may take effect only after
        # the answers came (a loaded machine), but it can never let the guard say so
        result = _Gone("after its answers")
    if isinstance(result, _Junk):
        return {"error": "something other than the strategy's answers came on the grader's "
                         f"channel {result.when}: the file wrote on its file descriptors?"}
    if isinstance(result, _Gone):
        how = ("was killed" if code is None
               else f"was killed by signal {code - 128}" if code > 128
               else f"exited with status {code}" if code >= 0
               else f"was killed by signal {-code}")
        return {"error": f"the process reading the strategy {how} {result.when} "
                         "(did the file exit or crash?)"}
    return result


def read_many(sources: Sequence[Path], assignment: Assignment, function: str = "final_strategy",
              *, jobs: int = 2, budget: float = strategy_table.BUDGET,
              sandbox: Optional[bool] = None, cgroup: bool = False,
              on_read: Callable[[StrategyRead], None] = lambda read: None) -> List[StrategyRead]:
    """Read every source, JOBS at a time (each in its own sandbox slot); in order."""
    slots: "queue.Queue[int]" = queue.Queue()
    for slot in range(jobs):
        slots.put(slot)

    def one(source: Path) -> StrategyRead:
        slot = slots.get()
        try:
            info = CallInfo.from_call(lambda: read_strategy(
                source, assignment, function, budget=budget, sandbox=sandbox, slot=slot,
                cgroup=cgroup))
        finally:
            slots.put(slot)
        read = info.value if info.value is not None else StrategyRead(
            Path(source), error=f"the grader failed on this entry ({info.error}); this is "
                                "not a verdict on the strategy", failure=info.traceback)
        CallInfo.from_call(lambda: on_read(read))
        return read

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(one, sources))
