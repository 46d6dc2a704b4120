"""Read strategies from students' files into 100x100 tables, never importing their code.

Each file is copied, as hog.py, into a fresh folder with the assignment's support files
and `strategy_table.py` runs on it in a child process: inside the bubblewrap sandbox
when it works here, else under resource limits only (fine for a student's own file).
The child writes its verdict on a private pipe, never its output: what the student's
code prints (an atexit hook too) is thrown away, and exactly one verdict is accepted.
Every limit (the table's shape and values, the team name) is checked again here, on
what arrived. A child that loops, crashes or writes junk is an invalid strategy, and
whatever goes wrong in the grader while reading one entry stays with that entry.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, List, Optional, Sequence

from . import table as strategy_table
from .. import safe_files
from ..assignment import Assignment
from ..run.runner import GUARD_GRACE, end_group, guard_argv, guarded, wait_exit
from ..untrusted import CallInfo, one_line
from ..run.sandbox import Limits, Sandbox, bwrap_problem

SCRIPT = Path(strategy_table.__file__).resolve()
OUTPUT_CAP = 1 << 20  # the table is ~30 kB of JSON; more is junk
SIBLING_CAP = 1 << 20  # helper modules beside a student's hog.py, bytes each
START_SECONDS = 5.0  # interpreter start and the file's import, on top of twice the budget


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
    return main


def last_json_line(data: bytes) -> Optional[dict]:
    for line in reversed(data.decode("utf-8", "replace").splitlines()):
        if line.strip():
            try:
                value = json.loads(line)
            except ValueError:
                return None
            return value if isinstance(value, dict) else None
    return None


def only_verdict(data: bytes) -> Optional[dict]:
    """The one JSON object DATA holds as its only line, else None (nothing, junk, or
    more than one verdict: someone else wrote on the channel)."""
    lines = [line for line in data.split(b"\n") if line.strip()]
    if len(lines) != 1:
        return None
    try:
        value = json.loads(lines[0])
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


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
            argv = box.wrap(guard_argv(box.python, SCRIPT, str(box.src), function,
                                       f"{budget:g}", "{fd}"))
            result = _run(argv, 2 * budget + START_SECONDS)
    seconds = time.perf_counter() - start
    if isinstance(result, str):
        return StrategyRead(Path(source), error=result, seconds=seconds)
    team = result.get("team")
    team = one_line(team, TEAM_CAP) or None if isinstance(team, str) else None
    table = result.get("table")
    if not is_table(table):
        error = one_line(str(result.get("error") or "the strategy reader gave no table"),
                         ERROR_CAP)
        shown = f"{Path(source).name}/{assignment.source}" if Path(source).is_dir() \
            else Path(source).name
        return StrategyRead(Path(source), error=error.replace(assignment.source, shown),
                            team=team, seconds=seconds,
                            no_function=error == f"hog.py has no function {function}")
    return StrategyRead(Path(source), table=table, team=team, seconds=seconds)


def is_table(table) -> bool:
    return (isinstance(table, list) and len(table) == strategy_table.GOAL
            and all(isinstance(row, list) and len(row) == strategy_table.GOAL
                    and all(type(v) is int and 0 <= v <= strategy_table.MAX_DICE for v in row)
                    for row in table))


def _drain(stream, sink: bytearray, cap: int) -> None:
    while True:
        chunk = stream.read(65536)
        if not chunk:
            return
        if len(sink) <= cap:
            sink.extend(chunk[: cap + 1 - len(sink)])


def _run(argv: List[str], timeout: float):
    """The child's verdict (a dict), or what went wrong with it (a str). ARGV's "{fd}"
    becomes the write end of a pipe only the grader reads."""
    read_fd, write_fd = os.pipe()
    try:
        process, lifeline = guarded(
            [str(write_fd) if part == "{fd}" else part for part in argv],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(write_fd,),
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"})
    except BaseException:
        os.close(read_fd)
        raise
    finally:
        os.close(write_fd)
    received = bytearray()
    with os.fdopen(read_fd, "rb", buffering=0) as channel:
        drainer = threading.Thread(target=_drain, args=(channel, received, OUTPUT_CAP),
                                   daemon=True)
        drainer.start()
        finished = wait_exit(process, timeout)
        lifeline.cut()  # its guard kills all the reading started
        code = end_group(process, GUARD_GRACE)  # the whole group is gone: the pipe's writers too
        drainer.join(timeout=5)
    if not finished or code is None:
        return f"reading the strategy did not finish within {timeout:g} s"
    if len(received) > OUTPUT_CAP:
        return ("the process reading the strategy sent more than "
                f"{OUTPUT_CAP // 1024} KiB on the grader's channel")
    verdict = only_verdict(bytes(received))
    if verdict is None:
        how = (f"was killed by signal {code - 128}" if code > 128
               else f"exited with status {code}" if code >= 0 else f"was killed by signal {-code}")
        if received.strip():
            return (f"the process reading the strategy {how} and its verdict was not the "
                    "only thing on the grader's channel (the file wrote over it?)")
        return (f"the process reading the strategy {how} without a verdict "
                "(did the file exit or crash?)")
    return verdict


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
