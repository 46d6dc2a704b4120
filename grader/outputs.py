"""Check where a command will write before it does the work.

A run that grades a class for ten minutes and then fails on a missing folder has
wasted the ten minutes: every command that writes a file or a folder checks its
target first, with these, and stops with one line saying what is wrong.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Iterable, Union


class OutputError(Exception):
    """The place a command would write to cannot be written; says which and why."""


def _existing_ancestor(path: Path) -> Path:
    for candidate in [path, *path.parents]:
        if candidate.exists() or candidate.is_symlink():
            return candidate
    return Path("/")


def _probe(folder: Path, what: str, shown: Path) -> None:
    """Really create (and remove) a file in FOLDER: permission bits, read-only mounts
    and root's privileges are all answered by trying."""
    try:
        with tempfile.TemporaryFile(dir=folder, prefix=".grade-probe-"):
            pass
    except OSError as error:
        reason = error.strerror or str(error)
        raise OutputError(f"cannot write {what} {shown}: {folder} is not writable ({reason})"
                          ) from None


def file_target(path: Union[str, Path], what: str = "") -> None:
    """PATH can be written as a file: its folder exists and is writable, and PATH is
    not a folder. `-` (standard output) always can."""
    if str(path) == "-":
        return
    shown = Path(path)
    full = Path(os.path.abspath(path))
    label = f"{what} " if what else ""
    if full.is_dir():
        raise OutputError(f"cannot write {label}{shown}: it is a folder")
    parent = full.parent
    if not parent.exists():
        raise OutputError(f"cannot write {label}{shown}: the folder {shown.parent} does not "
                          "exist (create it first)")
    if not parent.is_dir():
        raise OutputError(f"cannot write {label}{shown}: {shown.parent} is not a folder")
    if full.exists() and not os.access(full, os.W_OK):
        raise OutputError(f"cannot write {label}{shown}: the file is read-only")
    _probe(parent, what or "to", shown)


def folder_target(path: Union[str, Path], what: str = "") -> None:
    """PATH can be used as an output folder: it is a writable folder, or it can be
    created (its nearest existing ancestor is a writable folder)."""
    shown = Path(path)
    full = Path(os.path.abspath(path))
    label = f"{what} " if what else ""
    if full.exists() and not full.is_dir():
        raise OutputError(f"cannot write {label}{shown}: it exists and is not a folder")
    base = _existing_ancestor(full)
    if not base.is_dir():
        raise OutputError(f"cannot create {label}{shown}: {base} is a file, not a folder")
    _probe(base, what or "to", shown)


def _same_file(one: Path, other: Path) -> bool:
    """Whether ONE and OTHER are one file under two names (a hard link)."""
    try:
        return one.is_file() and other.is_file() and os.path.samefile(one, other)
    except OSError:
        return False


def spares(path: Union[str, Path], own: "Iterable[Path]", what: str = "") -> None:
    """PATH is none of OWN (files, or folders meant whole) nor inside one: a report
    never replaces the student's code or the file naming the workspace's edition."""
    if str(path) == "-":
        return
    full = Path(os.path.realpath(path))
    label = f"{what} " if what else ""
    for mine in own:
        mine = Path(os.path.realpath(mine))
        if full == mine or mine in full.parents or _same_file(full, mine):
            raise OutputError(f"cannot write {label}{path}: it is the workspace's own "
                              f"{mine.name}{'/' if mine.is_dir() else ''} (choose another "
                              "name, such as results.json)")


def write_text(text: str, path: Union[str, Path], what: str) -> None:
    """TEXT to PATH, or to standard output for "-"; OutputError (naming WHAT, the
    option that gave PATH) when the file cannot be written. Written beside PATH and
    renamed over it: whatever stood there (a file the graded code wrote first and made
    read-only, say) is replaced whole or, when that fails, removed, never left as the
    result."""
    if str(path) == "-":
        import sys
        sys.stdout.write(text)
        return
    target = Path(path)
    try:
        fd, partial = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                       dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
            os.chmod(partial, 0o644)
            os.replace(partial, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(partial)
            raise
    except OSError as error:
        with contextlib.suppress(OSError):
            if target.is_file() and not target.is_symlink():
                target.unlink()
        raise OutputError(f"could not write {what} {path}: {error.strerror or error}") from None
