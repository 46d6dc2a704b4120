"""`grade bulk`: grade a whole class's submissions, each in a sandbox, into OUT.

Submissions are found (`discover`), graded in parallel with the staff cases, hidden ones
included (`grade_submission`), and each result goes to the SQLite store the moment it is
known. The files staff read (results.json, grades.csv, gradescope/, report.html) are
always rebuilt from the store, in id order, so an interrupted and resumed run writes
exactly what an uninterrupted one does.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import lzma
import queue
import shutil
import signal
import stat
import struct
import tempfile
import zipfile
import zlib
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                           TimeElapsedColumn, TimeRemainingColumn)
from rich.text import Text

from ..load import casefile
from ..assignment import Assignment
from ..judge import DEBUG_PRINTED, REPR_PRINTED, prompt, raised_beyond_got
from ..model import CaseResult, GradeResult, Question
from ..run.process import Halted, halt, halted, unhalt
from ..run.runner import LOOP_LOOKS, Runner, cpu_allowance, prompts_of, wall_cap
from ..safe_files import (MAX_ARCHIVE, MAX_SOURCE, WORDS, Ambiguous, Entry, Refused, kind_of,
                          LEFTOVER_RULE, LEFTOVER_WORDS, leftover, locate, walk)
from ..run import cgroups
from ..run.sandbox import (INSIDE_SRC, Limits, Sandbox, bwrap_problem, copy_helpers, helper_files,
                           lease_problem)
from ..session import grade, kinds_for, prepare
from ..untrusted import CallInfo, folded, is_safe_name, one_line, printable, safe_name, shown_name
from .report import ERRORS
from .store import Store

SEED = 61  # random.seed(SEED) before every Hog case: re-runs agree (an ok one: Assignment.seeding)
UNPROTECTED = ("--no-sandbox: submissions run with resource limits only. They can read "
               "the reference, the cases and every other submission, write anywhere this "
               "user can (the input folder, OUT, the grader), use the network, and kill "
               "the grader. Use this only for code you trust.")


GRADER_FAILED = 3  # exit status: every report written, but some submissions not graded


class BulkError(Exception):
    """The run cannot start as asked (bad input, no sandbox, unusable OUT)."""


# --- finding the submissions -------------------------------------------------------

@dataclass
class Submission:
    """One student's entry. ID is a safe file name (used under OUT); NAME is the entry's
    name as given, kept when the id had to differ from it."""

    id: str
    source: Optional[bytes] = None
    problem: Optional[str] = None  # why it cannot be graded: the submission's own doing
    name: Optional[str] = None
    failure: Optional[CallInfo] = None  # the grader failed on it (a bug, or a broken input)
    # an ok assignment's: every source file by name, None for one the submission lacks
    files: Optional[Dict[str, Optional[bytes]]] = None

    @property
    def digest(self) -> str:
        if self.files is not None and self.problem is None and self.failure is None:
            digest = hashlib.sha256()
            for name in sorted(self.files):
                data = self.files[name]
                digest.update(name.encode() + (b"\1" + data if data is not None else b"\0"))
                digest.update(hashlib.sha256(data or b"").digest())
            return digest.hexdigest()
        data = self.source if self.source is not None else \
            (self.problem or (self.failure.error if self.failure else "") or "").encode()
        return hashlib.sha256(data).hexdigest()


KIND_WORDS = {kind: WORDS[kind] for kind in ("link", "special")}
DEPTH = 6  # wrapper/wrapper/wrapper/student/folder/SOURCE: how deep the tree is looked at
MAX_LISTED = 12  # files named when no source is found
NAME_CAP = 1024  # characters kept of a name as given (the id is made safe apart)



def _walk_folder(top: Path, sources: Tuple[str, ...] = ()) -> List[Entry]:
    """Every entry under TOP down to DEPTH, links never followed; each read part by
    part below TOP (`safe_files.read_below`). In a folder of very many entries, those
    named like SOURCES (any letter case) are still found (`walk` keeps the rest that can
    hold a submission)."""
    names = {PurePosixPath(source).name.lower() for source in sources}
    return walk(top, DEPTH, enter=lambda name: not leftover(name), limit=MAX_SOURCE,
                keep=lambda name: name.lower() in names)


def _walk_zip(path, students: bool = False) -> Tuple[List[Entry], List[Submission]]:
    """The zip's entries (PATH: a file, or a file object), and a refused submission per
    entry whose path is unsafe. An entry that cannot be read is a grader failure in the
    class's zip (a broken export: --resume tries it again), and the student's own doing
    in a zip of the STUDENTS' own (Unreadable: told to them)."""
    try:
        archive = zipfile.ZipFile(path)
        infos = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise BulkError(f"{path} cannot be read as a zip file: {error}") from None
    entries, refused = [], []
    for info in infos:
        name = info.filename
        if info.create_system != 3:  # not made on Unix: Windows tools (PowerShell's
            name = name.replace("\\", "/")  # Compress-Archive) write backslashes, as unzip reads them
        parts = tuple(p for p in PurePosixPath(name.lstrip("/")).parts if p not in ("", "."))
        if not parts:
            continue
        if ".." in parts:
            refused.append(Submission(name, problem=(
                f"the zip entry {one_line(shown_name(name))!r} points outside the archive "
                "(its path holds ..): refused")))
            continue
        mode = info.external_attr >> 16
        if info.is_dir():
            kind = "dir"
        elif info.create_system == 3 and stat.S_IFMT(mode):  # made on Unix, with a file type
            kind = kind_of(mode)
        else:
            kind = "file"

        def read(info: zipfile.ZipInfo = info) -> Optional[bytes]:
            cap = MAX_ARCHIVE if info.filename.lower().endswith(".zip") else MAX_SOURCE
            try:
                with archive.open(info) as handle:
                    data = handle.read(cap + 1)
            except (zipfile.BadZipFile, RuntimeError, NotImplementedError, EOFError,
                    ValueError, OSError, zlib.error, lzma.LZMAError) as error:
                if not students:
                    raise
                raise Unreadable(f"{one_line(shown_name(info.filename))} cannot be read "
                                 f"from the zip ({one_line(str(error), 200)})") from None
            return None if len(data) > cap else data

        entries.append(Entry(parts, kind, read))
    return entries, refused


def _unwrap(entries: List[Entry], source: str, sources: Tuple[str, ...] = ()) -> List[Entry]:
    """Strip wrapping folders (as course exports have): while everything is in one
    folder that holds no source file itself (SOURCE, or any of SOURCES) and no loose .py
    beside it."""
    names = {name.lower() for name in (source, *sources)}
    while True:
        visible = [e for e in entries if not leftover(e.parts[0])]
        tops = {e.parts[0] for e in visible}
        if len(tops) != 1:
            return entries
        (top,) = tops
        inside = [e for e in visible if len(e.parts) > 1]
        if not inside or any(e.kind != "dir" for e in visible if len(e.parts) == 1) or any(
                len(e.parts) == 2 and e.parts[1].lower() in names for e in inside):
            return entries
        entries = [Entry(e.parts[1:], e.kind, e.read) for e in inside]


def _locate(name: str, files: List[Entry], source: str
            ) -> Tuple[Optional[Entry], Optional[Submission]]:
    """Where SOURCE is in one student's folder (`safe_files.locate`; None when nowhere),
    or why it cannot be taken (a Submission with the problem)."""
    inside = [Entry(e.parts[1:], e.kind, e.read) for e in files if len(e.parts) > 1]
    try:
        found = locate(inside, source)
    except Ambiguous as error:
        return None, Submission(name, problem=str(error))
    if found is not None:
        return found, None
    last = PurePosixPath(source).name.lower()
    folders = [e for e in inside if e.kind == "dir" and len(e.parts) in (1, 2)
               and e.parts[-1].lower() == last]
    if folders:
        return None, Submission(name, problem=f"{one_line(shown_name(folders[0].shown))} is a "
                                              "folder: refused, submit the file itself")
    return None, None


def _find_source(name: str, files: List[Entry], source: str) -> Submission:
    """The submission in one student's folder: its source file, found by `_locate`."""
    entry, problem = _locate(name, files, source)
    if problem is not None:
        return problem
    if entry is None:
        return _nothing_found(name, files, f"no {source}")
    return _load(name, entry, entry.shown)


def _nothing_found(name: str, files: List[Entry], missing: str) -> Submission:
    """A submission without what is wanted (MISSING says what): the files it holds
    instead, and a link among them, which is never followed."""
    listed = ["/".join(e.parts[1:]) for e in files if e.kind != "dir" and len(e.parts) > 1]
    if not listed:
        passed_over = sorted({e.parts[-1] for e in files if e.kind == "dir"
                              and len(e.parts) > 1 and leftover(e.parts[-1])})
        if passed_over:
            return Submission(name, problem=f"{missing} in the submission, outside "
                              f"{one_line(', '.join(passed_over[:MAX_LISTED]), 300)}: "
                              f"{LEFTOVER_WORDS}")
        folders = ["/".join(e.parts[1:]) for e in files if e.kind == "dir" and len(e.parts) > 1]
        if folders:  # files only deeper than DEPTH (a zip of /Users/ann/Desktop/...)
            deepest = max(folders, key=lambda folder: folder.count("/"))
            return Submission(name, problem=(
                f"{missing} in the submission: it holds folders only, as deep as the grader "
                f"looks ({one_line(shown_name(deepest), 300)}): submit the file itself, or "
                "the folder that holds it"))
        return Submission(name, problem=f"{missing} in the submission (it is empty)")
    more = f" and {len(listed) - MAX_LISTED} more" if len(listed) > MAX_LISTED else ""
    shown = one_line(", ".join(listed[:MAX_LISTED]), 600)
    links = [e for e in files if e.kind == "link" and len(e.parts) > 1]
    why = (f"; {one_line(shown_name('/'.join(links[0].parts[1:])), 200)} is a symbolic link: "
           "links are not followed, submit the files themselves") if links else ""
    return Submission(name, problem=f"{missing} in the submission; it holds: {shown}{more}"
                                    f"{why}")


def _find_sources(name: str, files: List[Entry], sources: Tuple[str, ...]) -> Submission:
    """The submission of an assignment of several source files in one student's folder:
    each found as one source is (`_locate`), wherever the others are (they are graded
    at their configured places). A file that is missing is recorded as missing: its
    tests fail, the others are graded."""
    found: Dict[str, Optional[bytes]] = {}
    for source in sources:
        entry, problem = _locate(name, files, source)
        if problem is not None:
            return problem
        if entry is None:
            found[source] = None
            continue
        loaded = _load(name, entry, entry.shown)
        if loaded.problem is not None:
            return loaded
        found[source] = loaded.source
    if all(data is None for data in found.values()):
        return _nothing_found(name, files, f"none of {', '.join(sources)}")
    return Submission(name, files=found)


def _inside_zip(name: str, entry: Entry, shown: str, find) -> Submission:
    """The submission inside a student's own zip file (ID.zip, or the one zip in ID/):
    its entries read as a folder's, FIND looking in them for the sources."""
    import io
    loaded = _load(name, entry, shown)
    if loaded.source is None:
        return loaded
    listing = _directory_size(io.BytesIO(loaded.source))
    if listing is not None and listing > MAX_DIRECTORY:
        return Submission(name, problem=f"{one_line(shown_name(shown))} lists more files "
                                        f"than a submission holds ({listing // 1024} KiB of "
                                        "names): refused")
    try:
        entries, refused = _walk_zip(io.BytesIO(loaded.source), students=True)
    except BulkError:
        return Submission(name, problem=f"{one_line(shown_name(shown))} cannot be read as a "
                                        "zip file")
    if refused:
        return Submission(name, problem=f"{one_line(shown_name(shown))}: "
                                        f"{refused[0].problem}")
    kept = [Entry((name, *e.parts), e.kind, e.read) for e in entries if len(e.parts) < DEPTH]
    deep = {e.parts[:DEPTH - 1] for e in entries if len(e.parts) >= DEPTH}  # (a zip of a
    kept += [Entry((name, *parts), "dir") for parts in sorted(deep)]  # whole path)
    return find(name, kept)


# the most bytes of file names and headers a student's zip may list (~20000 files):
# `zipfile` makes an object of each, in the grader, before anything is read; a zip of
# nothing but listings (700 000 in 32 MiB) cost 20 s and 725 MB
MAX_DIRECTORY = 1 << 20


def _directory_size(handle) -> Optional[int]:
    """The size of the zip HANDLE's central directory, read from its end record (None
    when there is none: not a zip, which the reading then says)."""
    try:
        record = zipfile._EndRecData(handle)
    except (OSError, ValueError, AttributeError, struct.error, zipfile.BadZipFile):
        return None  # (the reading then says it is no zip)
    return None if record is None else record[zipfile._ECD_SIZE]


class Unreadable(Exception):
    """A zip entry that cannot be read (bad CRC, encrypted, unknown compression)."""


def _load(name: str, entry: Entry, shown: str) -> Submission:
    if entry.kind in KIND_WORDS:
        return Submission(name, problem=f"{one_line(shown_name(shown))} is "
                                        f"{KIND_WORDS[entry.kind]}: refused, submit the file itself")
    try:
        data = entry.read()
    except Unreadable as unreadable:
        return Submission(name, problem=str(unreadable))
    except Refused as refused:  # swapped for a link or special file since the walk
        part = one_line(shown_name(refused.shown.split("/")[-1]))
        return Submission(name, problem=f"{one_line(shown_name(shown))}: {part} is "
                                        f"{WORDS[refused.kind]}: refused, submit the file itself")
    if data is None:
        cap = MAX_ARCHIVE if shown.lower().endswith(".zip") else MAX_SOURCE
        return Submission(name, problem=f"{one_line(shown_name(shown))} is larger than "
                                        f"{cap // 1024} KiB")
    return Submission(name, source=data)


TOOL_FOLDERS = {"__MACOSX", "__pycache__", ".git", ".svn", ".hg", ".DS_Store",
                ".ipynb_checkpoints", ".idea", ".vscode"}


def _classify(entries: List[Entry], source: str,
              sources: Optional[Tuple[str, ...]] = None,
              passed_over: Optional[List[str]] = None) -> List[Submission]:
    """One submission per top-level folder, and per loose ID.py file (when one file is
    all a student writes). Each is found on its own: whatever goes wrong while finding
    one is recorded with it. SOURCES: the files of an ok assignment (each submission
    then carries `files`). PASSED_OVER gets the names of top-level `leftover` folders
    no tool is known to make (`__jdoe`, `.old`): never graded, but said, not silent."""
    groups: Dict[str, List[Entry]] = {}
    for entry in entries:
        if not leftover(entry.parts[0]):
            groups.setdefault(entry.parts[0], []).append(entry)
        elif (passed_over is not None and entry.parts[0] not in TOOL_FOLDERS
              and entry.parts[0] not in passed_over
              and (len(entry.parts) > 1 or entry.kind == "dir"  # (zips may list files only)
                   or entry.parts[0].lower().endswith((".py", ".zip")))):
            passed_over.append(entry.parts[0])
    found: List[Submission] = []
    for top, group in sorted(groups.items()):
        head = next((e for e in group if len(e.parts) == 1), None)
        loose = top.lower().endswith(".py") and (sources is None or len(sources) == 1)
        if sources is not None and len(sources) > 1:
            find = lambda name, group: _find_sources(name, group, sources)
        else:
            find = lambda name, group: _find_source(name, group, source)
        if head is None or head.kind == "dir":
            name = top
            step = lambda group=group, name=name, find=find: _found_or_zipped(name, group, find)
        elif top.lower().endswith(".zip"):  # one zip per student (a link is refused)
            name = top[:-4]
            step = lambda head=head, name=name, top=top, find=find: _inside_zip(
                name, head, top, find)
        elif loose or (head.kind == "link" and "." not in top):
            name = top[:-3] if loose else top
            step = lambda head=head, name=name, top=top: _load(name, head, top)
        elif top.lower().endswith(OTHER_ARCHIVES):
            name = top[:next(len(top) - len(end) for end in OTHER_ARCHIVES
                             if top.lower().endswith(end))]
            step = lambda name=name, top=top: Submission(name, problem=(
                f"{one_line(shown_name(top))} is an archive grade bulk does not open: unpack "
                "it, or give it as a zip"))
        else:
            continue  # a loose file that is not a submission (a README, say)
        info = CallInfo.from_call(step)
        submission = info.value if info.value is not None else Submission(name, failure=info)
        if sources is not None and submission.files is None and submission.source is not None:
            submission.files = {source: submission.source}
        found.append(submission)
    by_name: Dict[str, Submission] = {}
    for submission in found:
        if submission.id in by_name:
            by_name[submission.id] = Submission(submission.id, problem=(
                f"{one_line(shown_name(submission.id))} is given twice (a folder, a "
                f"{source} or a zip of that name): keep one"))
        else:
            by_name[submission.id] = submission
    return [by_name[name] for name in sorted(by_name)]


OTHER_ARCHIVES = (".tar.gz", ".tgz", ".tar.bz2", ".tar.xz", ".tar", ".7z", ".rar", ".gz")


def _found_or_zipped(name: str, group: List[Entry], find) -> Submission:
    """FIND's submission in a student's folder; where it finds no source and the folder
    holds one zip file (what the student uploaded, as some exports keep it), the one
    inside that zip."""
    found = find(name, group)
    if found.problem is None:
        return found
    zips = [e for e in group if len(e.parts) == 2 and e.kind == "file"
            and e.parts[1].lower().endswith(".zip")]
    if len(zips) != 1:
        return found
    return _inside_zip(name, zips[0], "/".join(zips[0].parts[1:]), find)


def _name_safely(submissions: List[Submission]) -> List[Submission]:
    """Give each submission a safe, unique id; keep the name as given when it differs.
    Ids that a file system folding case would take for one (`Alice`, `alice`) are
    unique too: the first in order keeps its own."""
    taken: Set[str] = set()
    keys: Set[str] = set()  # the ids kept, folded
    renamed = []
    for submission in sorted(submissions, key=lambda s: s.id):
        key = folded(submission.id)
        if is_safe_name(submission.id) and key not in keys:
            taken.add(submission.id)
            keys.add(key)
        else:
            renamed.append(submission)
    for submission in renamed:
        given = submission.id
        submission.id = safe_name(given, taken)
        submission.name = shown_name(given)
        if len(submission.name) > NAME_CAP:  # a zip's entry names run to 64 KiB
            submission.name = submission.name[:NAME_CAP] + "… (truncated)"
        taken.add(submission.id)
    return sorted(submissions, key=lambda s: s.id)


def discover(path: Path, source: str, sources: Optional[List[str]] = None,
             passed_over: Optional[List[str]] = None) -> List[Submission]:
    """The submissions in PATH (a folder or a .zip), sorted by id.

    Accepted layouts: `ID/hog.py` per student (or one or two folders deeper, the name in
    any case), `ID.py` per student, or `ID.zip` per student (or one zip in `ID/`: what
    the student uploaded), possibly inside wrapping folders (as course exports often
    are). Links and special files are refused, never followed.

    SOURCES (an ok assignment's `src`): every submission carries `files`, each source
    by name; with several sources, `ID/<each source>` (or one folder deeper), a missing
    one recorded as None; with one, as for SOURCE.
    """
    if sources is not None:
        sources = tuple(sources)
        source = sources[0]
    path = Path(path)
    refused: List[Submission] = []
    try:
        if path.is_file() and zipfile.is_zipfile(path):
            entries, refused = _walk_zip(path)
        elif path.is_dir():  # staff chose PATH: a link to it is fine; links inside are not
            entries = _walk_folder(path, (source, *(sources or ())))
        else:
            raise BulkError(f"{path} is neither a folder nor a zip file of submissions")
    except OSError as error:
        raise BulkError(f"cannot read the submissions in {path}: {error}") from None
    found = _classify(_unwrap(entries, source, sources or ()), source, sources,
                      passed_over) + refused
    if not found:
        if sources is not None and len(sources) > 1:
            raise BulkError(f"no submissions in {path}: expected one folder per student "
                            f"holding {', '.join(sources)}")
        raise BulkError(f"no submissions in {path}: expected one folder per student holding "
                        f"{source}, or one ID.py file per student")
    return _name_safely(found)


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
    # when students see the points of questions with hidden cases, in gradescope/ID/
    hidden_visibility: str = "after_published"
    wall: Optional[float] = None  # seconds for all of a submission's cases (default: wall_cap)
    stop_repeated_loops: bool = False  # Runner.loop_looks: a loop met again stops early

    @property
    def wall_cap(self) -> float:
        return self.wall if self.wall is not None else wall_cap(self.timeout, self.time_budget)

    @property
    def time_budget(self) -> float:
        return self.budget if self.budget is not None else 5 * self.timeout

    def limits_for(self, questions: List[Question]) -> Limits:
        return Limits(cpu=cpu_allowance(self.wall_cap, prompts_of(questions), self.timeout))


def _clean(text: str, folder: Path) -> str:
    """Paths as the student knows them (hog.py), the same whatever the temp folder; and
    what a terminal would act on written out, as everywhere the text is shown: staff
    read results.json and the store with tools that print it raw (`jq -r`: attack29 F2)."""
    return printable(text.replace(f"{folder}/", "").replace(f"{INSIDE_SRC}/", ""))


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
        if result.repr_printed:
            parts += [REPR_PRINTED, _indent(result.repr_printed)]
        if result.debug_printed:
            parts += [DEBUG_PRINTED, _indent(result.debug_printed)]
        if raised_beyond_got(result):
            parts += ["Your code raised:", result.traceback.rstrip()]
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


def _base(submission: Submission) -> Dict[str, Any]:
    record: Dict[str, Any] = {"id": submission.id}
    if submission.name is not None:  # written out where a terminal would act on it
        record["name"] = printable(submission.name, keep_newlines=False)
    return record


def make_record(submission: Submission, result: GradeResult, folder: Path,
                starters: Sequence[str] = ()) -> Dict[str, Any]:
    """The record of SUBMISSION graded in FOLDER; STARTERS: its source files that were
    missing and were graded as the template holds them."""
    record = {**_base(submission), **result.record()}
    if starters:
        record["starters"] = list(starters)
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
        ran = {case.case.number: case.status for case in question.case_results}
        entry["verdicts"] = [ran.get(case.number, "not run") for case in question.question.cases]
        output = "\n\n".join(texts)
        if question.message:
            entry["message"] = _clean(question.message, folder)
            output = entry["message"] + ("\n\n" + output if output else "")
        notes = [_clean(c.note, folder) for c in question.case_results
                 if c.note and not c.case.hidden]
        hidden_notes = [_clean(c.note, folder) for c in question.case_results
                        if c.note and c.case.hidden]
        if notes:
            entry["notes"] = notes
        if hidden_notes:  # a hidden case's note says its verdict: shown only with it
            entry["hidden_notes"] = hidden_notes
        if notes or hidden_notes:
            output = "\n".join(notes + hidden_notes) + ("\n\n" + output if output else "")
        entry["output"] = output
    record["failures"] = failures
    return record


def error_record(submission: Submission, questions: List[Question],
                 message: str) -> Dict[str, Any]:
    """Zero for every question, with MESSAGE as the reason."""
    return {**_base(submission), "score": 0, "max_score": sum(q.points for q in questions),
            "error": message, "failures": [],
            "questions": {q.key: {"name": q.name, "score": 0, "max_score": q.points,
                                  "status": "error", "passed": 0, "failed": 0,
                                  "output": message} for q in questions}}


def failure_record(submission: Submission, questions: List[Question],
                   info: CallInfo) -> Dict[str, Any]:
    """The grader itself failed on SUBMISSION: say so (it is not the student's doing),
    keep the traceback for errors/ID.txt, and mark it for --resume to grade again."""
    message = (f"the grader failed on this submission ({info.error}); this is not a verdict "
               f"on the code: the traceback is in {ERRORS}/{submission.id}.txt, and "
               "--resume grades it again")
    record = error_record(submission, questions, message)
    record["grader_failed"] = True
    record["traceback"] = info.traceback or info.error or ""
    return record


def graded_record(submission: Submission, questions: List[Question], assignment: Assignment,
                  settings: Settings, slot: int = 0) -> Dict[str, Any]:
    """SUBMISSION's record, whatever happens: a grade, the reason it has none, or the
    grader's own failure on it (nothing raised here ends the run)."""
    if submission.failure is not None:
        return failure_record(submission, questions, submission.failure)
    if submission.problem is not None:
        return error_record(submission, questions, submission.problem)

    def step() -> Dict[str, Any]:
        record = grade_submission(submission, questions, assignment, settings, slot)
        json.dumps(record)  # what the store will need: a record it cannot keep fails here
        return record

    info = CallInfo.from_call(step)
    return info.value if info.value is not None else failure_record(submission, questions, info)


def grade_submission(submission: Submission, questions: List[Question], assignment: Assignment,
                     settings: Settings, slot: int = 0) -> Dict[str, Any]:
    """Grade one submission in a fresh sandboxed copy; return its record (may raise:
    `graded_record` is the safe entry)."""
    if submission.source is None and submission.files is None:
        return error_record(submission, questions, submission.problem or "not graded")
    with tempfile.TemporaryDirectory(prefix="hog-bulk-") as tmp:
        folder = Path(tmp) / "submission"
        folder.mkdir()
        starters: List[str] = []
        if assignment.is_ok:
            from ..okfolder import write_grading_folder
            starters = write_grading_folder(assignment, folder, submission.files or {})
        else:
            (folder / assignment.source).write_bytes(submission.source)
            for name in assignment.support:
                shutil.copy(assignment.template / name, folder / name)
        if settings.helper_folder is not None:
            copy_helpers(settings.helper_folder, folder, settings.helpers)
        with Sandbox(folder, slot=slot, limits=settings.limits_for(questions),
                     isolate=settings.sandbox,
                     hide=settings.hide, cgroup=settings.cgroups) as box:
            runner = Runner(src=box.src, timeout=settings.timeout, budget=settings.time_budget,
                            wall_cap=settings.wall_cap,
                            wrap=box.wrap, preflight=assignment.preflight,
                            warm=assignment.warm, **assignment.seeding(SEED),
                            clock=box.clock, diagnose=box.diagnose,
                            own_modules=assignment.modules,
                            loop_looks=LOOP_LOOKS if settings.stop_repeated_loops else ())
            try:
                result = grade(questions, runner, assignment=assignment, verbose=True,
                               respect_locks=False, stop_on_timeout=True, ok_suites=True)
            finally:
                runner.close()
        return make_record(submission, result, folder, starters)


# --- the run -----------------------------------------------------------------------

def load_cases(assignment: Assignment, folder: Optional[Path]) -> List[Question]:
    if assignment.is_ok:
        if folder is not None:
            raise BulkError("--cases is for Hog's case folders: an ok assignment is graded "
                            f"with the tests its {assignment.ok.path.name} names")
        from ..okfolder import scored_questions
        folder = assignment.folder
        try:
            questions = scored_questions(assignment)
        except casefile.CaseFileError as error:
            raise BulkError(f"a case file is broken: {error}") from None
        if not questions:
            raise BulkError(f"{assignment.ok.path} names no test that exists in {folder}")
    else:
        questions = _hog_cases(assignment, folder)
        folder = Path(folder) if folder is not None else assignment.cases
    locked = locked_cases(questions)
    if locked:
        shown = ", ".join(locked[:3]) + (f" and {len(locked) - 3} more" if len(locked) > 3 else "")
        raise BulkError(f"{folder} holds locked cases ({shown}): their answers are hashes, "
                        "so no submission could pass them. Bulk grading needs case files "
                        "with answers: the assignment's own (leave out --cases) or a staff "
                        "copy, not a student workspace's tests/")
    prepare(questions, kinds_for(assignment))
    return questions


def _hog_cases(assignment: Assignment, folder: Optional[Path]) -> List[Question]:
    folder = Path(folder) if folder is not None else assignment.cases
    keys = casefile.question_keys(folder)
    if not keys:
        raise BulkError(f"no case files in {folder}")
    order = [k for k in assignment.config.get("questions", []) if k in keys]
    order += [k for k in keys if k not in order]
    try:
        return casefile.load_questions(folder, order)
    except casefile.CaseFileError as error:
        raise BulkError(f"a case file is broken: {error}") from None


def locked_cases(questions: List[Question]) -> List[str]:
    """The cases whose answers are locked (hashed), as "Question 1 case 2"."""
    from ..locking.hashes import is_token

    return [f"{q.name} case {c.number}" for q in questions for c in q.cases
            if any(e.locked for e in c.examples) or is_token(c.answer or "")]


def cases_digest(questions: List[Question], files: Sequence[Path] = ()) -> str:
    """What a kept record was graded with: the case files, and FILES (an ok folder's
    own files every submission is staged with: its helpers, data, the case files'
    package, whose change changes verdicts too: hunt21 F12)."""
    digest = hashlib.sha256()
    for question in questions:
        digest.update(question.key.encode() + b"\0")
        if question.path is not None:
            digest.update(Path(question.path).read_bytes())
    for path in files:
        digest.update(str(path).encode() + b"\0")
        try:
            digest.update(Path(path).read_bytes())
        except OSError:
            pass
    return digest.hexdigest()


def _hypothesis_home(folder: Optional[str]) -> None:
    """Where hypothesis (the fuzz shrinker) keeps its files: even without an example
    database it caches constants in ./.hypothesis, and a bulk run writes nothing
    outside OUT. None restores its default."""
    from hypothesis.configuration import set_hypothesis_home_dir

    set_hypothesis_home_dir(folder)


@dataclass
class Outcome:
    submissions: List[Submission]
    records: List[Dict[str, Any]]
    graded: int  # how many were graded in this run (the rest came from the store)
    failed: List[str] = field(default_factory=list)  # ids the grader failed on (errors/ID.txt)
    passed_over: List[str] = field(default_factory=list)  # top-level folders never graded


def run(source: Path, out: Path, assignment: Assignment, questions: List[Question],
        settings: Settings, *, resume: bool = False,
        on_start: Callable[[int, int], None] = lambda total, done: None,
        on_done: Callable[[Dict[str, Any]], None] = lambda record: None) -> Outcome:
    """Grade every submission in SOURCE not yet in OUT's store; write OUT's files.

    Interrupted (KeyboardInterrupt: Ctrl-C, or SIGTERM under `main`), it stops all
    submission code at once, keeps what finished before, writes OUT's files for that,
    and raises the interrupt again: `--resume` grades the rest."""
    from . import report as bulk_report

    if settings.sandbox and bwrap_problem() is not None:
        raise BulkError(f"cannot sandbox submissions: {bwrap_problem()}. Install it "
                        "(apt-get install bubblewrap), or pass --no-sandbox for trusted code")
    if settings.sandbox and lease_problem() is not None:
        raise BulkError(f"cannot give submissions uids of their own: {lease_problem()}")
    if settings.cgroups and cgroups.problem() is not None:
        raise BulkError(f"cannot limit each submission's memory, processes and CPU: "
                        f"{cgroups.problem()}. Run as root (or in a delegated cgroup v2), or "
                        "pass --no-cgroups to keep per-process limits only")
    passed_over: List[str] = []
    submissions = discover(source, assignment.source,
                           assignment.sources if assignment.is_ok else None, passed_over)
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise BulkError(f"--out {out} exists and is not a folder")
    if assignment.is_ok:  # kept in the staff folder, neither is staged with a submission
        for path, option in ((out, "--out"), (Path(source), "the submissions")):
            if path.resolve() == Path(assignment.folder).resolve():
                raise BulkError(f"{option} cannot be the assignment folder itself: every "
                                "submission is graded in a copy of it; use a folder of its own")
        assignment = dataclasses.replace(assignment, apart=(Path(source).resolve(), out.resolve()))
    settings.hide = sorted({Path(source).resolve(), out.resolve(), assignment.reference,
                            assignment.cases, *[q.path.parent for q in questions if q.path]})
    folders = sorted({q.path.parent for q in questions if q.path})
    # helper modules and data files beside the cases, as under ok (an ok folder's
    # are staged whole with each submission)
    if len(folders) == 1 and not assignment.is_ok:
        settings.helper_folder = folders[0]
        from ..staff_copies import screen_of
        settings.helpers = helper_files(
            folders[0], [q.path for q in questions],
            screen=screen_of(Path(assignment.reference), assignment.template,
                             [assignment.source], questions))
    try:
        store = Store(out)
    except OSError as error:
        raise BulkError(f"--out {out} cannot be used: {error.strerror or error}") from None
    scratch = tempfile.TemporaryDirectory(prefix="hog-bulk-hypothesis-")
    _hypothesis_home(scratch.name)
    interrupted: Optional[BaseException] = None
    try:
        from ..okfolder import folder_files
        staged = ([assignment.folder / r for r in folder_files(assignment)]
                  if assignment.is_ok else [])
        if assignment.is_ok and assignment.template is not None:  # a missing file's copy
            staged += [assignment.template / name for name in assignment.sources]
        kept = store.begin({"assignment": assignment.name,
                            "cases": cases_digest(questions, staged),
                            "timeout": settings.timeout, "budget": settings.time_budget,
                            "sandbox": settings.sandbox, "seed": assignment.seeding(SEED)["seed"],
                            **({"stop_repeated_loops": True} if settings.stop_repeated_loops
                               else {})}, resume)
        todo = [s for s in submissions if kept.get(s.id) != s.digest]
        on_start(len(submissions), len(submissions) - len(todo))
        slots: "queue.Queue[int]" = queue.Queue()
        for slot in range(settings.jobs):
            slots.put(slot)

        def work(submission: Submission) -> Dict[str, Any]:
            slot = slots.get()
            try:
                record = graded_record(submission, questions, assignment, settings, slot)
            finally:
                slots.put(slot)
            if halted():  # its code may have been stopped midway: not a verdict
                raise Halted("the run was interrupted while grading this submission")
            return record

        unsaved: Dict[str, Dict[str, Any]] = {}  # records the store refused: reported anyway

        def keep(submission: Submission, record: Dict[str, Any]) -> Dict[str, Any]:
            stored = CallInfo.from_call(lambda: store.put(
                submission.id, submission.digest, record, retry=bool(record.get("grader_failed"))))
            if stored.error is not None:
                record = failure_record(submission, questions, stored)
                again = CallInfo.from_call(lambda: store.put(
                    submission.id, submission.digest, record, retry=True))
                if again.error is not None:
                    unsaved[submission.id] = record
            return record

        pool = ThreadPoolExecutor(max_workers=settings.jobs)
        futures = {pool.submit(work, s): s for s in todo}
        kept_ids = set()
        try:
            for future in as_completed(futures):
                submission = futures[future]
                record = keep(submission, future.result())
                kept_ids.add(submission.id)
                on_done(record)
        except BaseException as error:  # Ctrl-C, SIGTERM (see main): stop now, report
            interrupted = error
            halt()  # every submission's code ends now, and none starts
            pool.shutdown(wait=True, cancel_futures=True)  # so this wait is short
            for future, submission in futures.items():  # finished before the halt: kept
                if (submission.id not in kept_ids and future.done() and not future.cancelled()
                        and future.exception() is None):
                    keep(submission, future.result())
        finally:
            pool.shutdown(wait=True)
            unhalt()
        records = [unsaved.get(s.id) or r for s, r in
                   zip(submissions, store.records([s.id for s in submissions], missing=True))
                   if unsaved.get(s.id) or r]
    finally:
        store.close()
        _hypothesis_home(None)
        scratch.cleanup()
    failed = bulk_report.write_all(out, assignment, questions, records,
                                   settings.hidden_visibility)
    if interrupted is not None:
        raise interrupted  # the reports hold what finished; --resume grades the rest
    return Outcome(submissions, records, len(todo), failed, sorted(passed_over))


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
        line = printable(f"[{self.done}/{self.total}] {record['id']}: "
                         f"{record['score']:g}/{record['max_score']:g}"
                         + (f" ({record['error'].splitlines()[0]})" if record["error"] else ""),
                         keep_newlines=False)
        if self.progress is not None:
            self.progress.advance(self.task)
        else:
            self.console.print(line, markup=False, highlight=False)

    def stop(self) -> None:
        if self.progress is not None:
            self.progress.stop()


@contextlib.contextmanager
def _terminate_as_interrupt():
    """SIGTERM (`kill`, a scheduler's stop) interrupts the run as Ctrl-C does: `run`
    then stops at once and still writes the reports."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: no signal reaches this run
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _listed(names: List[str], shown: int = 10) -> str:
    """The first SHOWN of NAMES, printable, and how many more there are."""
    listed = ", ".join(printable(name, keep_newlines=False) for name in names[:shown])
    return listed + (f" and {len(names) - shown} more" if len(names) > shown else "")


def main(assignment: Assignment, source: Path, out: Path, *, jobs: int, resume: bool,
         timeout: float, budget: Optional[float], sandbox: bool, cases: Optional[Path],
         use_cgroups: bool = True, hidden_visibility: str = "after_published",
         stop_repeated_loops: bool = False) -> int:
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
                            cgroups=use_cgroups, hidden_visibility=hidden_visibility,
                            stop_repeated_loops=stop_repeated_loops)
        with _terminate_as_interrupt():
            outcome = run(source, out, assignment, questions, settings, resume=resume,
                          on_start=display.start, on_done=display.finish)
    except (BulkError, StoreError) as error:
        display.stop()
        report.print_error(errors, str(error))
        return 2
    except KeyboardInterrupt:
        display.stop()
        report.print_error(errors, f"interrupted: the submissions graded so far are kept and "
                           f"reported in {out} (results.json, grades.csv, gradescope/, "
                           "report.html); run again with --resume to grade the rest")
        return 130
    display.stop()
    console.print(bulk_report.summary_table(questions, outcome.records))
    rates = bulk_report.win_rate_facts(outcome.records)
    if rates:
        console.print(rates.capitalize() + ".")
    console.print(f"Wrote {out}: results.json, grades.csv, gradescope/, report.html")
    if outcome.passed_over:
        errors.print(Text(f"Not graded: {_listed(outcome.passed_over)} ({LEFTOVER_RULE}; "
                          "rename a student's folder to grade it)", style="yellow"))
    if outcome.failed:
        report.print_error(errors, f"the grader failed on {len(outcome.failed)} submission(s) "
                           f"({_listed(outcome.failed)}): tracebacks in {Path(out) / ERRORS}; they are "
                           "recorded as not graded, and --resume grades them again")
        return GRADER_FAILED
    return 0
