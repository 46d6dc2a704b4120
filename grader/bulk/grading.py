"""`grade bulk`: grade a whole class's submissions, each in a sandbox, into OUT.

Submissions are found (`discover`), graded in parallel with the staff cases, hidden ones
included (`grade_submission`), and each result goes to the SQLite store the moment it is
known. The files staff read (results.json, grades.csv, gradescope/, report.html) are
always rebuilt from the store, in id order, so an interrupted and resumed run writes
exactly what an uninterrupted one does.
"""

from __future__ import annotations

import hashlib
import math
import queue
import shutil
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                           TimeElapsedColumn, TimeRemainingColumn)
from rich.text import Text

from ..load import casefile
from ..assignment import Assignment
from ..judge import prompt
from ..model import CaseResult, GradeResult, Question
from ..run.runner import Runner
from ..run import cgroups
from ..run.sandbox import INSIDE_SRC, Limits, Sandbox, bwrap_problem, copy_helpers, helper_files
from ..session import grade, kinds_for, prepare
from .store import Store

MAX_SOURCE = 1 << 20
SEED = 61  # every case starts from random.seed(SEED): re-runs give the same results
UNPROTECTED = ("--no-sandbox: submissions run with resource limits only. They can read "
               "the reference, the cases and every other submission, write anywhere this "
               "user can (the input folder, OUT, the grader), use the network, and kill "
               "the grader. Use this only for code you trust.")


class BulkError(Exception):
    """The run cannot start as asked (bad input, no sandbox, unusable OUT)."""


@dataclass
class Submission:
    id: str
    source: Optional[bytes] = None
    problem: Optional[str] = None  # why it cannot be graded, when it cannot

    @property
    def digest(self) -> str:
        data = self.source if self.source is not None else (self.problem or "").encode()
        return hashlib.sha256(data).hexdigest()


# --- finding the submissions -------------------------------------------------------

def _skipped(part: str) -> bool:
    return part.startswith(".") or part.startswith("__")


def _classify(files: Dict[Tuple[str, ...], Callable[[], Optional[bytes]]], source: str,
              folders: Iterable[str]) -> List[Submission]:
    found: Dict[str, Submission] = {}
    loose = {parts[0][:-3]: read for parts, read in files.items()
             if len(parts) == 1 and parts[0].endswith(".py")}
    nested = {parts[0]: read for parts, read in files.items()
              if len(parts) == 2 and parts[1] == source}
    for name in sorted(set(folders) | set(nested)):
        if name in nested:
            found[name] = _load(name, nested[name], source)
        else:
            found[name] = Submission(name, problem=f"no {source} in the submission")
    for name, read in sorted(loose.items()):
        if name in found:
            found[name] = Submission(name, problem=f"both {name}/{source} and {name}.py given")
        else:
            found[name] = _load(name, read, f"{name}.py")
    return [found[name] for name in sorted(found)]


def _load(name: str, read: Callable[[], Optional[bytes]], shown: str) -> Submission:
    data = read()
    if data is None:
        return Submission(name, problem=f"{shown} is larger than {MAX_SOURCE // 1024} KiB")
    return Submission(name, source=data)


def discover(path: Path, source: str = "hog.py") -> List[Submission]:
    """The submissions in PATH (a folder or a .zip), sorted by id.

    Accepted layouts: `ID/hog.py` per student, or `ID.py` per student, possibly inside
    one wrapping folder (as course exports often are).
    """
    path = Path(path)
    if path.is_file() and zipfile.is_zipfile(path):
        return _discover_zip(path, source)
    if not path.is_dir():
        raise BulkError(f"{path} is neither a folder nor a zip file of submissions")
    files: Dict[Tuple[str, ...], Callable[[], Optional[bytes]]] = {}
    folders = []
    for entry in sorted(path.iterdir()):
        if _skipped(entry.name):
            continue
        if entry.is_dir():
            folders.append(entry.name)
            candidate = entry / source
            if candidate.is_file():
                files[(entry.name, source)] = _file_reader(candidate)
        elif entry.is_file():
            files[(entry.name,)] = _file_reader(entry)
    loose = [parts for parts in files if len(parts) == 1 and parts[0].endswith(".py")]
    if len(folders) == 1 and not loose and not (path / folders[0] / source).is_file():
        return discover(path / folders[0], source)  # one wrapping folder
    found = _classify(files, source, folders)
    if not found:
        raise BulkError(f"no submissions in {path}: expected one folder per student holding "
                        f"{source}, or one ID.py file per student")
    return found


def _file_reader(path: Path) -> Callable[[], Optional[bytes]]:
    def read() -> Optional[bytes]:
        if path.stat().st_size > MAX_SOURCE:
            return None
        return path.read_bytes()
    return read


def _discover_zip(path: Path, source: str) -> List[Submission]:
    try:
        archive = zipfile.ZipFile(path)
        infos = [i for i in archive.infolist()]
    except (zipfile.BadZipFile, OSError) as error:
        raise BulkError(f"{path} cannot be read as a zip file: {error}") from None
    entries = []
    for info in infos:
        parts = tuple(p for p in PurePosixPath(info.filename).parts if p not in ("", "."))
        if not parts or ".." in parts or any(_skipped(p) for p in parts):
            continue
        entries.append((parts, info))
    while entries and len({parts[0] for parts, _ in entries}) == 1 and \
            all(len(parts) > 1 for parts, info in entries if not info.is_dir()) and \
            not any(len(parts) == 2 and parts[1] == source for parts, _ in entries):
        entries = [(parts[1:], info) for parts, info in entries if len(parts) > 1]

    def reader(info: zipfile.ZipInfo) -> Callable[[], Optional[bytes]]:
        return lambda: None if info.file_size > MAX_SOURCE else archive.read(info)

    files = {parts: reader(info) for parts, info in entries if not info.is_dir()}
    folders = sorted({parts[0] for parts, info in entries if len(parts) > 1 or info.is_dir()})
    found = _classify(files, source, folders)
    if not found:
        raise BulkError(f"no submissions in {path}: expected ID/{source} or ID.py entries")
    return found


# --- grading one submission --------------------------------------------------------

@dataclass
class Settings:
    timeout: float = 10.0
    budget: Optional[float] = None  # default: 5 timeouts
    sandbox: bool = True
    jobs: int = 2
    hide: List[Path] = field(default_factory=list)  # folders to keep out of sight
    cgroups: bool = True  # each submission in a control group; timeouts in its CPU time
    helpers: List[Path] = field(default_factory=list)  # of helper_folder, shown read-only
    helper_folder: Optional[Path] = None

    @property
    def time_budget(self) -> float:
        return self.budget if self.budget is not None else 5 * self.timeout

    @property
    def limits(self) -> Limits:
        return Limits(cpu=int(math.ceil(self.timeout + self.time_budget)))


def _clean(text: str, folder: Path) -> str:
    """Paths as the student knows them (hog.py), the same whatever the temp folder."""
    return text.replace(f"{folder}/", "").replace(f"{INSIDE_SRC}/", "")


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.rstrip("\n").splitlines()) or "    (nothing)"


def failure_text(result: CaseResult) -> str:
    """One failing case in plain text: the session, then expected against got."""
    parts = [result.transcript or "\n".join(prompt(e.source) for e in result.case.examples)]
    if result.status == "timeout":
        parts.append(f"Timed out: {result.message}")
        if result.traceback:
            parts.append(result.traceback.rstrip())
    elif result.status == "error" and not result.expected:
        parts.append(f"Error: {result.message}")
        if result.traceback:
            parts.append(result.traceback.rstrip())
    else:
        if result.message:
            parts.append(result.message)
        parts += ["Expected:", _indent(result.expected), "Got:", _indent(result.got)]
    return "\n".join(p for p in parts if p)


def failure_summary(result: CaseResult) -> str:
    """A one-line gist, the same for students who fail the same way."""
    if result.status == "timeout":
        return "timed out"
    if result.status == "error":
        line = (result.traceback.strip().splitlines() or [result.message])[-1]
        return (line or result.message).splitlines()[0][:120] if line else "error"
    def first(text: str, width: int) -> str:
        lines = text.strip().splitlines()
        if not lines:
            return "(nothing)"
        return lines[0][:width] + (" …" if len(lines) > 1 or len(lines[0]) > width else "")
    return f"got {first(result.got, 80)}, expected {first(result.expected, 60)}"


def short_error(message: str) -> str:
    """First and last line of a long error: what went wrong, and the exception."""
    lines = [line.strip() for line in message.strip().splitlines() if line.strip()]
    if len(lines) <= 1:
        return lines[0] if lines else message
    return f"{lines[0].rstrip(':')}: {lines[-1]}"


def make_record(submission: Submission, result: GradeResult, folder: Path) -> Dict[str, Any]:
    record = result.record()
    record["id"] = submission.id
    if record["error"]:
        record["error"] = short_error(_clean(record["error"], folder))
    failures = []
    for question in result.questions:
        texts = []
        for case in question.case_results:
            if case.status not in ("failed", "error", "timeout"):
                continue
            title = f"Case {case.case.number}" + (" (hidden)" if case.case.hidden else "")
            detail = _clean(failure_text(case), folder)
            texts.append(f"{title}: {case.status}\n{detail}")
            failures.append({"question": question.question.key, "case": case.case.number,
                             "hidden": case.case.hidden, "status": case.status,
                             "summary": _clean(failure_summary(case), folder),
                             "detail": detail})
        entry = record["questions"][question.question.key]
        entry["name"] = question.question.name
        output = "\n\n".join(texts)
        if question.message:
            output = _clean(question.message, folder) + ("\n\n" + output if output else "")
        notes = [_clean(c.note, folder) for c in question.case_results if c.note]
        if notes:
            entry["notes"] = notes
            output = "\n".join(notes) + ("\n\n" + output if output else "")
        entry["output"] = output
    record["failures"] = failures
    return record


def error_record(submission: Submission, questions: List[Question]) -> Dict[str, Any]:
    message = submission.problem or "not graded"
    return {"id": submission.id, "score": 0,
            "max_score": sum(q.points for q in questions), "error": message, "failures": [],
            "questions": {q.key: {"name": q.name, "score": 0, "max_score": q.points,
                                  "status": "error", "passed": 0, "failed": 0,
                                  "output": message} for q in questions}}


def grade_submission(submission: Submission, questions: List[Question], assignment: Assignment,
                     settings: Settings, slot: int = 0) -> Dict[str, Any]:
    """Grade one submission in a fresh sandboxed copy; return its record."""
    if submission.source is None:
        return error_record(submission, questions)
    with tempfile.TemporaryDirectory(prefix="hog-bulk-") as tmp:
        folder = Path(tmp) / "submission"
        folder.mkdir()
        (folder / assignment.source).write_bytes(submission.source)
        for name in assignment.support:
            shutil.copy(assignment.template / name, folder / name)
        if settings.helper_folder is not None:
            copy_helpers(settings.helper_folder, folder, settings.helpers)
        with Sandbox(folder, slot=slot, limits=settings.limits, isolate=settings.sandbox,
                     hide=settings.hide, cgroup=settings.cgroups) as box:
            runner = Runner(src=box.src, timeout=settings.timeout, budget=settings.time_budget,
                            wrap=box.wrap, preflight=(assignment.module,), seed=SEED,
                            clock=box.clock, diagnose=box.diagnose)
            try:
                result = grade(questions, runner, assignment=assignment, verbose=True,
                               respect_locks=False, stop_on_timeout=True)
            finally:
                runner.close()
        return make_record(submission, result, folder)


# --- the run -----------------------------------------------------------------------

def load_cases(assignment: Assignment, folder: Optional[Path]) -> List[Question]:
    folder = Path(folder) if folder is not None else assignment.cases
    keys = casefile.question_keys(folder)
    if not keys:
        raise BulkError(f"no case files in {folder}")
    order = [k for k in assignment.config.get("questions", []) if k in keys]
    order += [k for k in keys if k not in order]
    try:
        questions = casefile.load_questions(folder, order)
    except casefile.CaseFileError as error:
        raise BulkError(f"a case file is broken: {error}") from None
    prepare(questions, kinds_for(assignment))
    return questions


def cases_digest(questions: List[Question]) -> str:
    digest = hashlib.sha256()
    for question in questions:
        digest.update(question.key.encode() + b"\0")
        if question.path is not None:
            digest.update(Path(question.path).read_bytes())
    return digest.hexdigest()


@dataclass
class Outcome:
    submissions: List[Submission]
    records: List[Dict[str, Any]]
    graded: int  # how many were graded in this run (the rest came from the store)


def run(source: Path, out: Path, assignment: Assignment, questions: List[Question],
        settings: Settings, *, resume: bool = False,
        on_start: Callable[[int, int], None] = lambda total, done: None,
        on_done: Callable[[Dict[str, Any]], None] = lambda record: None) -> Outcome:
    """Grade every submission in SOURCE not yet in OUT's store; write OUT's files."""
    from . import report as bulk_report

    if settings.sandbox and bwrap_problem() is not None:
        raise BulkError(f"cannot sandbox submissions: {bwrap_problem()}. Install it "
                        "(apt-get install bubblewrap), or pass --no-sandbox for trusted code")
    if settings.cgroups and cgroups.problem() is not None:
        raise BulkError(f"cannot limit each submission's memory, processes and CPU: "
                        f"{cgroups.problem()}. Run as root (or in a delegated cgroup v2), or "
                        "pass --no-cgroups to keep per-process limits only")
    submissions = discover(source, assignment.source)
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise BulkError(f"--out {out} exists and is not a folder")
    settings.hide = sorted({Path(source).resolve(), out.resolve(), assignment.reference,
                            assignment.cases, *[q.path.parent for q in questions if q.path]})
    folders = sorted({q.path.parent for q in questions if q.path})
    if len(folders) == 1:  # helper modules and data files beside the cases, as under ok
        settings.helper_folder = folders[0]
        settings.helpers = helper_files(folders[0], [q.path for q in questions])
    store = Store(out)
    try:
        kept = store.begin({"assignment": assignment.name, "cases": cases_digest(questions),
                            "timeout": settings.timeout, "budget": settings.time_budget,
                            "sandbox": settings.sandbox, "seed": SEED}, resume)
        todo = [s for s in submissions if kept.get(s.id) != s.digest]
        on_start(len(submissions), len(submissions) - len(todo))
        slots: "queue.Queue[int]" = queue.Queue()
        for slot in range(settings.jobs):
            slots.put(slot)

        def work(submission: Submission) -> Dict[str, Any]:
            slot = slots.get()
            try:
                return grade_submission(submission, questions, assignment, settings, slot)
            finally:
                slots.put(slot)

        with ThreadPoolExecutor(max_workers=settings.jobs) as pool:
            futures = {pool.submit(work, s): s for s in todo}
            try:
                for future in as_completed(futures):
                    submission = futures[future]
                    record = future.result()
                    store.put(submission.id, submission.digest, record)
                    on_done(record)
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
        records = store.records([s.id for s in submissions])
    finally:
        store.close()
    bulk_report.write_all(out, assignment, questions, records)
    return Outcome(submissions, records, len(todo))


# --- the command ---------------------------------------------------------------------

class _Rate(ProgressColumn):
    def render(self, task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.2f}/s" if speed else "-/s", style="cyan")


class Display:
    """Progress as submissions finish: a live bar on a terminal, plain lines otherwise."""

    def __init__(self, console: Console):
        self.console = console
        self.progress: Optional[Progress] = None
        self.total = self.done = 0

    def start(self, total: int, done: int) -> None:
        self.total, self.done = total, done
        if done:
            self.console.print(f"Resuming: {done} of {total} submission(s) already graded.")
        if self.console.is_terminal:
            self.progress = Progress(TextColumn("Grading"), BarColumn(), MofNCompleteColumn(),
                                     _Rate(), TimeElapsedColumn(), TextColumn("left"),
                                     TimeRemainingColumn(), console=self.console)
            self.progress.start()
            self.task = self.progress.add_task("grading", total=total, completed=done)

    def finish(self, record: Dict[str, Any]) -> None:
        self.done += 1
        line = (f"[{self.done}/{self.total}] {record['id']}: "
                f"{record['score']:g}/{record['max_score']:g}"
                + (f" ({record['error'].splitlines()[0]})" if record["error"] else ""))
        if self.progress is not None:
            self.progress.advance(self.task)
        else:
            self.console.print(line, markup=False, highlight=False)

    def stop(self) -> None:
        if self.progress is not None:
            self.progress.stop()


def main(assignment: Assignment, source: Path, out: Path, *, jobs: int, resume: bool,
         timeout: float, budget: Optional[float], sandbox: bool, cases: Optional[Path],
         use_cgroups: bool = True) -> int:
    """`grade bulk`: grade, show progress and the summary; return the exit status."""
    from . import report as bulk_report
    from .. import report
    from .store import StoreError

    console = report.make_console()
    errors = report.make_console(stderr=True)
    display = Display(console)
    try:
        questions = load_cases(assignment, cases)
        if not sandbox:
            errors.print(Text("WARNING: " + UNPROTECTED, style="bold red"))
        settings = Settings(timeout=timeout, budget=budget, sandbox=sandbox, jobs=jobs,
                            cgroups=use_cgroups)
        outcome = run(source, out, assignment, questions, settings, resume=resume,
                      on_start=display.start, on_done=display.finish)
    except (BulkError, StoreError) as error:
        display.stop()
        report.print_error(errors, str(error))
        return 2
    except KeyboardInterrupt:
        display.stop()
        report.print_error(errors, f"interrupted: finished results are kept in {out}; "
                           "run again with --resume to grade the rest")
        return 130
    display.stop()
    console.print(bulk_report.summary_table(questions, outcome.records))
    rates = bulk_report.win_rate_facts(outcome.records)
    if rates:
        console.print(rates.capitalize() + ".")
    console.print(f"Wrote {out}: results.json, grades.csv, gradescope/, report.html")
    return 0
