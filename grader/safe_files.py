"""Reading the files students hand over, without being led anywhere else.

Any name in a submission may be a symbolic link (to the reference, to another student's
file, to a root-only file the grader can read and the student cannot), a folder where a
file was expected, a fifo that blocks its reader for ever, a device that never ends, or
a file too large to hold. `grade bulk`, the Gradescope runner and the contest reader
read them here, and only here:

- `walk` lists a tree with `lstat`: a link is listed as a link, never entered;
- `read_below` opens a file part by part below a folder: each folder on the way with
  O_NOFOLLOW | O_DIRECTORY relative to the one before it, the file itself with
  O_NOFOLLOW | O_NONBLOCK, each checked with `fstat` once open. A link or special file
  swapped in after the walk is refused as well, what is read is always below the
  folder, and a fifo never blocks;
- at most LIMIT bytes are read: a larger file is reported as such (None), never held.

Hard links are not refused. A hard link is the file itself, not a path to follow, and a
student cannot make one to a file out of their reach: on Gradescope the submission is
written by Gradescope from uploaded files, a zip (no hard links in the format) or a git
repository (none either); `grade bulk` and `grade contest` read staff's own folders,
and Linux's protected_hardlinks stops a user from linking a file they cannot read.
Counting links (st_nlink) would refuse honest copies (`cp -al`, deduplicating backups).
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Callable, List, Optional, Sequence, Tuple

from .untrusted import one_line

MAX_SOURCE = 1 << 20  # bytes of a submitted source file
MAX_ARCHIVE = 32 << 20  # bytes of a student's own zip (a project's data files beside the source)
FOLDER_CAP = 10_000  # entries listed in full in one folder of a student's
LISTING_CAP = 100_000  # ... and past them, of what can hold a submission (a class's listing)

WORDS = {"link": "a symbolic link", "special": "not a regular file (a fifo, device or socket)",
         "dir": "a folder"}


class Ambiguous(Exception):
    """A submission holds its source more than once at one depth: which one was meant
    is the student's to say (bulk and the Gradescope bundle tell it alike)."""

    def __init__(self, source: str, shown: Sequence[str]):
        super().__init__(f"more than one {source} in the submission "
                         f"({one_line(', '.join(shown))}): keep only one")


def tail_is(entry: "Entry", shape: Sequence[str], exact: bool = True) -> bool:
    """Whether ENTRY's path ends with the parts SHAPE (any letter case unless EXACT)."""
    tail = entry.parts[-len(shape):]
    return (tuple(tail) == tuple(shape) if exact
            else [p.lower() for p in tail] == [p.lower() for p in shape])


def leftover(folder: str) -> bool:
    """Whether FOLDER (a name) holds no submission: a hidden one (`.git`, `.old`) or a
    tool's (`__MACOSX`, an archiver's copies; `__pycache__`). Bulk and the Gradescope
    bundle never look in one: a copy of the source there is not graded, nor makes
    the one that is ambiguous."""
    return folder.startswith(".") or folder.startswith("__")


LEFTOVER_RULE = "a hidden folder or a tool's (.x, __x) is never graded"
LEFTOVER_WORDS = LEFTOVER_RULE + ": put the file at the top of the submission"


def locate(entries: Sequence["Entry"], source: str) -> Optional["Entry"]:
    """SOURCE among a submission's ENTRIES (their parts relative to it), the one rule of
    bulk and the Gradescope bundle: the fewest folders around the file first (an old
    copy is deeper), up to two; a source the configuration puts in a folder
    (`code/hw05.py`: ok submits it under that path) with its folder before its file
    name alone; the name's letter case as given before another. None when it is not
    found so; Ambiguous when two are. Entries in a `leftover` folder are passed over."""
    wanted = tuple(PurePosixPath(source).parts)
    shapes = [wanted] + ([wanted[-1:]] if len(wanted) > 1 else [])
    for depth in (1, 2, 3):
        for shape in shapes:
            for exact in (True, False):
                found = [e for e in entries if len(e.parts) == depth + len(shape) - 1
                         and e.kind != "dir" and tail_is(e, shape, exact)
                         and not any(leftover(part) for part in e.parts[:-1])]
                if len(found) > 1:
                    raise Ambiguous(source, [e.shown for e in found[:10]])
                if found:
                    return found[0]
    return None


def kind_of(mode: int) -> str:
    """"file", "dir", "link" or "special" (fifo, device, socket), from a mode."""
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "dir"
    return "file" if stat.S_ISREG(mode) else "special"


class Refused(Exception):
    """A part of the path is a link, a special file, or a folder where a file was
    expected: it was not followed, and nothing of it was read."""

    def __init__(self, shown: str, kind: str):
        super().__init__(f"{shown} is {WORDS.get(kind, kind)}")
        self.shown = shown
        self.kind = kind


def _flags(last: bool) -> int:
    return (os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NOCTTY | os.O_NONBLOCK
            | (0 if last else os.O_DIRECTORY))


def read_below(top: Path, parts: Sequence[str], limit: int = MAX_SOURCE) -> Optional[bytes]:
    """The bytes of the regular file TOP/PARTS..., or None when it is larger than LIMIT.
    TOP itself is the caller's choice (it may be a link); no part below it may be a
    link, a special file or (but the last) anything other than a folder: Refused."""
    if not parts or any(p in ("", ".", "..") or "/" in p or "\0" in p for p in parts):
        raise ValueError(f"not a relative path of plain names: {list(parts)!r}")
    fd = os.open(top, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for depth, part in enumerate(parts, 1):
            last = depth == len(parts)
            shown = "/".join(parts[:depth])
            kind = kind_of(os.stat(part, dir_fd=fd, follow_symlinks=False).st_mode)
            if kind != ("file" if last else "dir"):
                raise Refused(shown, kind)  # seen before opening: a device is never opened
            try:
                opened = os.open(part, _flags(last), dir_fd=fd)
            except OSError as error:  # swapped since the lstat
                if error.errno in (errno.ELOOP, errno.ENOTDIR):
                    raise Refused(shown, "link" if error.errno == errno.ELOOP else "special") \
                        from None
                raise
            os.close(fd)
            fd = opened
            kind = kind_of(os.fstat(fd).st_mode)
            if kind != ("file" if last else "dir"):
                raise Refused(shown, kind)
        with os.fdopen(fd, "rb") as handle:
            fd = -1
            data = handle.read(limit + 1)
    finally:
        if fd >= 0:
            os.close(fd)
    return None if len(data) > limit else data


def reader(top: Path, parts: Sequence[str],
           limit: int = MAX_SOURCE) -> Callable[[], Optional[bytes]]:
    """`read_below(TOP, PARTS, LIMIT)`, for later."""
    parts = tuple(parts)
    return lambda: read_below(top, parts, limit)


@dataclass
class Entry:
    """A file or folder found below a folder, as a path of parts below it."""

    parts: Tuple[str, ...]
    kind: str  # "file", "dir", "link" or "special" (fifo, device, socket)
    read: Callable[[], Optional[bytes]] = lambda: None  # None when over the limit

    @property
    def shown(self) -> str:
        return "/".join(self.parts)


def walk(top: Path, depth: int, enter: Callable[[str], bool] = lambda name: True,
         limit: int = MAX_SOURCE, keep: Callable[[str], bool] = lambda name: False
         ) -> List[Entry]:
    """Every entry below TOP down to DEPTH parts, sorted, links never followed; a folder
    is entered only when ENTER(its name). An unreadable folder below TOP is listed as a
    special entry "(unreadable: why)" inside it. A folder below TOP lists its first
    FOLDER_CAP entries and, past them, the KEEP names and, up to LISTING_CAP, what can
    hold a submission (a folder, a `.py`, a `.zip`: a wrapping folder of a class's
    export holds one per student); nothing else (a student's folder of 200 000 junk
    files held 250 MiB of the grader's memory: attack21 K11), with a special entry
    "(N more entries not read)" for what was left."""
    entries: List[Entry] = []

    def visit(folder: Path, parts: Tuple[str, ...]) -> None:
        items, skipped, more = [], 0, 0
        with os.scandir(folder) as scan:
            for item in scan:
                if parts and len(items) >= FOLDER_CAP and not keep(item.name):
                    if more < LISTING_CAP and (item.name.lower().endswith((".py", ".zip"))
                                               or item.is_dir(follow_symlinks=False)):
                        more += 1
                        items.append(item)
                        continue
                    skipped += 1
                else:
                    items.append(item)
        items.sort(key=lambda item: item.name)
        if skipped:
            entries.append(Entry(parts + (f"({skipped} more entries not read)",), "special"))
        for item in items:
            here = parts + (item.name,)
            kind = kind_of(item.stat(follow_symlinks=False).st_mode)
            cap = max(limit, MAX_ARCHIVE) if item.name.lower().endswith(".zip") else limit
            entries.append(Entry(here, kind, reader(top, here, cap)))
            if kind == "dir" and len(here) < depth and enter(item.name):
                try:
                    visit(Path(item.path), here)
                except OSError as error:  # one unreadable folder stays with its owner
                    entries.append(Entry(here + (f"(unreadable: {error.strerror})",),
                                         "special"))

    visit(Path(top), ())
    return entries
