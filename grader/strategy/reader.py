"""Read strategies from students' files into 100x100 tables, never importing their code.

Each file is copied, as hog.py, into a fresh folder with the assignment's support files
and `strategy_table.py` runs on it in a child process: inside the bubblewrap sandbox
when it works here, else under resource limits only (fine for a student's own file).
The child's verdict is its last line of output; nothing it prints can change the table
of another entry, and a child that loops, crashes or floods its output is reported as
an invalid strategy.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, List, Optional, Sequence

from . import table as strategy_table
from ..assignment import Assignment
from ..run.runner import GUARD_GRACE, end_group, guard_argv, guarded, wait_exit
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

    @property
    def valid(self) -> bool:
        return self.table is not None


def _copy_submission(source: Path, folder: Path, assignment: Assignment,
                     siblings: bool) -> None:
    """FOLDER gets SOURCE as the assignment's source file, the support files, and (with
    SIBLINGS) small top-level modules of a folder entry or of the file's own folder."""
    main = source / assignment.source if source.is_dir() else source
    if siblings:
        for path in sorted(main.parent.glob("*.py"))[:50]:
            if path.is_file() and path.stat().st_size <= SIBLING_CAP:
                shutil.copy(path, folder / path.name)
    shutil.copy(main, folder / assignment.source)
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
        _copy_submission(Path(source), folder, assignment, siblings)
        with Sandbox(folder, slot=slot, isolate=isolate, cgroup=cgroup,
                     limits=Limits(cpu=int(2 * budget + START_SECONDS))) as box:
            argv = box.wrap(guard_argv(box.python, SCRIPT, str(box.src), function,
                                       f"{budget:g}"))
            result = _run(argv, 2 * budget + START_SECONDS, Path(tmp) / "out")
    seconds = time.perf_counter() - start
    if isinstance(result, str):
        return StrategyRead(Path(source), error=result, seconds=seconds)
    team = result.get("team") if isinstance(result.get("team"), str) else None
    table = result.get("table")
    if not is_table(table):
        error = str(result.get("error") or "the strategy reader gave no table")
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


def _run(argv: List[str], timeout: float, out_path: Path):
    """The child's verdict (a dict), or what went wrong with it (a str)."""
    with open(out_path, "w+b") as out:
        process, lifeline = guarded(argv, stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=subprocess.DEVNULL,
                                    env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                                         "LANG": "C.UTF-8"})
        finished = wait_exit(process, timeout)
        lifeline.cut()
        code = end_group(process, GUARD_GRACE)
        if not finished or code is None:
            return f"reading the strategy did not finish within {timeout:g} s"
        out.seek(max(0, out.seek(0, os.SEEK_END) - OUTPUT_CAP))
        verdict = last_json_line(out.read())
    if verdict is None:
        how = (f"was killed by signal {code - 128}" if code > 128
               else f"exited with status {code}" if code >= 0 else f"was killed by signal {-code}")
        return (f"the process reading the strategy {how} without a verdict "
                "(did the file exit, crash, or print over the grader's output?)")
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
            read = read_strategy(source, assignment, function, budget=budget, sandbox=sandbox,
                                 slot=slot, cgroup=cgroup)
        finally:
            slots.put(slot)
        on_read(read)
        return read

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(one, sources))
