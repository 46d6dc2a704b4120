"""Copies of a staff ok-assignment folder: what students receive, and what one
submission is graded in.

A staff folder DIR is the course folder with the solution in its source files (the
ones NAME.ok lists in `src`) and, in DIR/template/, the starter versions students get.
Everything else in it (the configuration, helper modules, data files, tests/) is the
assignment's, and travels as it is, except:

- the case files (`ok_test`): students get them without hidden cases, the cases
  marked `locked` locked; a graded submission gets none of them (their answers and
  hidden cases are staff's: the worker is handed each case, it never reads the file);
- `template/`, which is staff's alone; dot files (.ok_storage, .git, ...) and caches;
  the files the configuration's `staff_only` patterns name (staff's notes, say).

Symbolic links in the staff folder are followed, as ok follows them (a course keeps a
shared `ucb.py` or a data folder once); folders with no file to copy (an `output/`
kept by a `.gitkeep`) are made empty in every copy, where the code may write into them;
a file's execute bits travel with it.
"""

from __future__ import annotations

import fnmatch
import json
import os
import shutil
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional, Set, Tuple

from . import staff_copies
from .assignment import Assignment
from .load import casefile, okconfig
from .model import Question

TEMPLATE = "template"
MISSING = ('raise ImportError({message!r})\n')


class NoTemplate(Exception):
    """The staff folder has no template/: handing it out would hand out the solution."""


def no_template_message(assignment: Assignment) -> str:
    return (f"{assignment.folder}/{TEMPLATE}/ is missing: publishing would hand out the "
            f"solution. Put the starter version of {', '.join(assignment.sources)} there.")


def case_files(assignment: Assignment, root: Optional[Path] = None) -> List[Path]:
    """The ok_test case files the configuration names in ROOT (default: the staff folder)."""
    bank = assignment.bank(root or assignment.folder)
    return [path for source, path, _ in bank.index().values() if source == "ok_test"]


def all_keys(bank) -> List[str]:
    """Every test of BANK, the default tests first (ok's order within each)."""
    default = bank.default_keys()
    return default + [key for key in bank.keys() if key not in default]


def staff_questions(assignment: Assignment) -> List[Question]:
    """Every test of the staff folder, hidden cases included, default tests first; the
    doctest protocol read from the staff's (solution's) docstrings."""
    bank = assignment.bank(assignment.folder)
    return bank.load(all_keys(bank))


def scored_questions(assignment: Assignment) -> List[Question]:
    """The tests `ok --score` grades (the configuration's default tests, every test when
    it names none), hidden cases included, from the staff folder: what a class is graded
    on. A function without examples that no default test names is worth no point. With
    no default tests, ok tests the functions of the file it is given: a function of the
    solution's own that template/ does not have is no test (attack27 F2: it cost every
    student a point, and showed them the staff's helper)."""
    bank = assignment.bank(assignment.folder)
    keys = bank.default_keys()
    if not bank.config.default_tests:
        alone = set(solution_only(assignment, bank))
        keys = [key for key in keys if key not in alone]
    return bank.load(keys)


def _template_files(assignment: Assignment, bank) -> Dict[Path, Dict[str, Optional[str]]]:
    """Each doctest-protocol file of BANK (relative path) whose template/ copy can be read
    -> that copy's functions and their docstrings (None: none), each file read once."""
    from . import asts
    from .load import doctests
    files: Dict[Path, Dict[str, Optional[str]]] = {}
    for source, path, _ in bank.index().values():
        relative = Path(path).relative_to(bank.root)
        if source != "doctest" or relative in files:
            continue
        try:
            files[relative] = {t.name: t.docstring for t in doctests.discover(
                asts.read_source(assignment.folder / TEMPLATE / relative), relative.as_posix())}
        except (OSError, doctests.DiscoveryError):
            pass  # no template of this file, or one that cannot be read (verify says why)
    return files


def solution_only(assignment: Assignment, bank=None, named: bool = False) -> List[str]:
    """The doctest-protocol tests of the solution whose function the template's copy of
    its file does not have: the staff's own helpers, which students were never given.
    NAMED: instead, those of them the configuration names (`"hw.py:helper"`), which are
    tests all the same (ok refuses to load a file without them)."""
    bank = bank or assignment.bank(assignment.folder)
    files = _template_files(assignment, bank)
    explicit = {parameter for _, parameter, source in bank.config.tests
                if source == "doctest" and parameter}
    return [key for key, (source, path, _) in bank.index().items()
            if source == "doctest" and (key in explicit) == named
            and key not in files.get(Path(path).relative_to(bank.root), {key: None})]


def examples_apart(assignment: Assignment, questions: Iterable[Question]) -> List[str]:
    """The doctest-protocol tests whose examples in the solution's docstring are not
    the template's: graded (and shown on failure) as the solution's say."""
    from .load import doctests
    bank = assignment.bank(assignment.folder)
    files = _template_files(assignment, bank)
    apart = []
    for question in questions:
        source, path, staff = bank.index().get(question.key, ("", None, None))
        given = files.get(Path(path).relative_to(bank.root), {}) if source == "doctest" else {}
        if (question.key in given and isinstance(staff, doctests.Target)
                and _session(staff.docstring) != _session(given[question.key])):
            apart.append(question.key)
    return apart


def _session(docstring: Optional[str]) -> str:
    """The examples ok reads from DOCSTRING (the text itself where it cannot read them)."""
    from .load import doctests
    try:
        return doctests.ok_code(docstring or "").strip()
    except casefile.CaseFileError:
        return (docstring or "").strip()


def _skipped(relative: Path) -> bool:
    parts = relative.parts
    return parts[0] == TEMPLATE or any(p.startswith(".") or p == "__pycache__" for p in parts)


# an editor's backups and leftovers: never part of an assignment, often a copy of the
# solution (hw.py~) or of a case file with its hidden cases (#q1.py#, q1.py.orig)
LEFTOVERS = ("*~", "#*#", "*.orig", "*.rej", "*.bak", "*.swp", "*.swo")  # (not *.save: a game's data)


def folder_files(assignment: Assignment) -> List[Path]:
    """The staff folder's own files (relative paths), what every copy starts from: not
    an editor's leftover, nor a file that holds the solution's work or a case (its
    expected outputs and hidden cases) under a name the configuration does not read as
    a test, or that cannot be checked (`staff_copies`), which staff keep by accident and
    no student may see, nor another configuration than the assignment's (a copy then
    grades and opens with its own)."""
    return list(_listed(assignment)[0])


def left_out(assignment: Assignment) -> List[Tuple[Path, str]]:
    """The staff folder's files that no copy gets because of what they hold (relative
    paths), with why: `grade verify` names them."""
    return list(_listed(assignment)[1])


def _walk(root: Path, apart: Iterable[Path] = ()) -> Tuple[List[Path], List[Path]]:
    """(files, folders) under ROOT, relative, sorted, symbolic links followed (each real
    folder once: a link to a folder above it is no loop), what `_skipped` skips left out,
    and what is no course data: the paths APART (resolved) and a bulk run's output."""
    files: List[Path] = []
    folders: List[Path] = []
    seen: Set[Tuple[int, int]] = set()
    apart = {Path(path).resolve() for path in apart}
    for top, dirs, names in os.walk(root, followlinks=True):
        here = Path(top)
        try:
            stat = here.stat()
        except OSError:
            dirs[:] = []
            continue
        if (stat.st_dev, stat.st_ino) in seen or here != Path(root) and (
                here.resolve() in apart or is_bulk_output(here)):
            dirs[:] = []
            continue
        seen.add((stat.st_dev, stat.st_ino))
        relative = here.relative_to(root)
        dirs[:] = [d for d in dirs if not _skipped(relative / d)]
        if relative != Path("."):
            folders.append(relative)
        files += [relative / name for name in names
                  if not _skipped(relative / name) and (here / name).is_file()
                  and (here / name).resolve() not in apart]
    return sorted(files), sorted(folders)


def is_bulk_output(folder: Path) -> bool:
    """Whether FOLDER is a `grade bulk` run's OUT (its results store is there): the
    class's grades, its code's outputs, the hidden cases it failed, never course data,
    whether it is the running one or an earlier run's (attack28 F4)."""
    from .bulk.store import FILENAME
    try:
        with open(folder / FILENAME, "rb") as store:
            return store.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def folder_dirs(assignment: Assignment) -> List[Path]:
    """The staff folder's folders that no copied file makes (relative paths): empty, or
    holding only dot files (`output/.gitkeep`), which every copy makes empty, so that the
    code may write into them as in the course's folder. A folder whose files were all
    left out, or that the `staff_only` patterns name, is not made."""
    files, folders = _walk(assignment.folder, assignment.apart)
    holding = {parent for relative in files for parent in relative.parents}
    staff = assignment.ok.staff_only
    return [folder for folder in folders
            if folder not in holding and not _matches(folder, staff)]


def _listed(assignment: Assignment) -> Tuple[List[Path], List[Tuple[Path, str]]]:
    root = assignment.folder
    listing = []
    for relative in _walk(root, assignment.apart)[0]:
        stat = (root / relative).stat()
        listing.append((relative, stat.st_mtime_ns, stat.st_size))
    templates = [] if assignment.template is None else [
        (name, (assignment.template / name).stat().st_mtime_ns)
        for name in assignment.sources if (assignment.template / name).is_file()]
    key = (str(root), assignment.ok.path.name, tuple(assignment.sources), tuple(listing),
           tuple(templates), tuple(assignment.apart))
    found = _KEPT.get(key)
    if found is None:  # (bulk stages every submission from it: read the folder once)
        found = _kept_files(assignment, [relative for relative, _, _ in listing])
        _KEPT.clear()
        _KEPT[key] = found
    return found


_KEPT: Dict[tuple, Tuple[List[Path], List[Tuple[Path, str]]]] = {}


def _kept_files(assignment: Assignment, listing: List[Path]
                ) -> Tuple[List[Path], List[Tuple[Path, str]]]:
    root = assignment.folder
    cases = {path.resolve() for path in case_files(assignment)}
    screen = staff_copies.screen_of(root, assignment.template, assignment.sources,
                                    staff_questions(assignment))
    candidates: List[Path] = []
    left: List[Tuple[Path, str]] = []
    staff, given = assignment.ok.staff_only, assignment.ok.given
    side = okconfig.sidecar(assignment.ok.path).name
    catalogue = catalogue_path(assignment)
    others = {name for relative in listing if len(relative.parts) == 1
              and relative.suffix == ".ok" and relative.name != assignment.ok.path.name
              for name in (relative.name, relative.stem + ".grader.json")}
    kept = []
    for relative in listing:
        path = root / relative
        if len(relative.parts) == 1 and relative.name in others:
            continue  # another configuration (or its sidecar): copies use this one only
        if _matches(relative, staff):
            continue
        if relative.as_posix() in (*assignment.sources, assignment.ok.path.name) \
                or path.resolve() in cases or relative == catalogue:
            kept.append(relative)
        elif given is not None:  # staff name what copies get, and vouch for it
            if _matches(relative, given):
                kept.append(relative)
            else:
                left.append((relative, f"not among the files {side} names as `given`"))
        elif not any(fnmatch.fnmatchcase(path.name, pattern) for pattern in LEFTOVERS):
            candidates.append(relative)
    others_kept, screened = staff_copies.split(screen, root, candidates)
    return sorted(kept + others_kept), left + screened


def _matches(relative: Path, patterns: Iterable[str]) -> bool:
    """Whether RELATIVE, or a folder it is in, matches one of PATTERNS."""
    return any(fnmatch.fnmatchcase(part.as_posix(), pattern)
               for part in (relative, *list(relative.parents)[:-1]) for pattern in patterns)


def catalogue_path(assignment: Assignment) -> Optional[Path]:
    """Where the folder's catalogue of likely mistakes is, relative to it (None without
    one): the grader reads it; the code it grades never sees it, students a cut of it."""
    from . import hints
    path = hints.path_for(assignment)
    root = assignment.folder.resolve()
    if path is None or not path.resolve().is_relative_to(root):
        return None
    return path.resolve().relative_to(root)


def _copy(source: Path, target: Path) -> None:
    """SOURCE's bytes to TARGET, with its execute bits (a script the code runs)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    executable = source.stat().st_mode & 0o111
    if executable:
        target.chmod(target.stat().st_mode | executable)


def _make_folders(assignment: Assignment, into: Path) -> None:
    for relative in folder_dirs(assignment):
        (into / relative).mkdir(parents=True, exist_ok=True)


def _case_paths(assignment: Assignment) -> Set[Path]:
    """The case files' paths relative to the staff folder, as found in it (a linked
    case file is where its link is, not where it points)."""
    return {path.relative_to(assignment.folder) for path in case_files(assignment)}


def write_student_folder(assignment: Assignment, into: Path,
                         transform: Optional[Callable[[str, Dict], Dict]] = None, *,
                         skip: Iterable[str] = (), only_tests: bool = False) -> List[Path]:
    """Write into INTO what students receive: the folder's files, the template's sources
    instead of the solution's, the case files without hidden cases and (TRANSFORM)
    locked. SKIP: relative paths not to write (a student's files kept by a refresh);
    ONLY_TESTS: write the case files alone. Returns the relative paths written."""
    from .workspace import student_version
    if assignment.template is None:
        raise NoTemplate(no_template_message(assignment))
    root, into = assignment.folder, Path(into)
    cases = _case_paths(assignment)
    sources = set(assignment.sources)
    skip = {Path(name) for name in skip}
    catalogue = catalogue_path(assignment)
    written = []
    for relative in folder_files(assignment):
        if relative in skip or (only_tests and relative not in cases):
            continue
        if relative == catalogue:  # as students may see it: no solution lines, no hidden cases
            from . import hints
            hints.load(root / relative)  # a broken catalogue is never handed out
            data = hints.for_students(json.loads((root / relative).read_text(encoding="utf-8")))
            (into / relative).parent.mkdir(parents=True, exist_ok=True)
            (into / relative).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        elif relative in cases:
            data = student_version(casefile.read_case_data(root / relative))
            if transform is not None:
                data = transform(relative.stem, data)
            (into / relative).parent.mkdir(parents=True, exist_ok=True)
            casefile.write_case_data(into / relative, data)
        elif relative.as_posix() in sources:
            continue  # below, from the template
        else:
            _copy(root / relative, into / relative)
        written.append(relative)
    if not only_tests:
        for name in assignment.sources:
            if Path(name) in skip:
                continue
            starter = assignment.template / name
            if not starter.is_file():
                raise NoTemplate(f"{starter} is missing: the template must hold the starter "
                                 f"version of every source file ({', '.join(assignment.sources)})")
            _copy(starter, into / name)
            written.append(Path(name))
        _make_folders(assignment, into)
    _keep_packages(into, cases)
    return written


def _keep_packages(into: Path, cases: Iterable[Path]) -> None:
    """The case files' folders stay packages (ok imports `tests.NAME`; helpers are
    imported as `tests.x`), whether or not the case files themselves are there."""
    for relative in cases:
        init = into / relative.parent / "__init__.py"
        if relative.parent != Path(".") and not init.exists():
            init.parent.mkdir(parents=True, exist_ok=True)
            init.touch()


def write_grading_folder(assignment: Assignment, into: Path,
                         files: Dict[str, Optional[bytes]]) -> List[str]:
    """Stage one submission in INTO: the folder's helpers and data (no case file, no
    solution, no template) with the student's FILES (source name -> bytes) on top. A
    source the submission lacks is the template's copy, as the student's own folder
    holds it (a course's given `utils.py`, which a student need not upload: hunt22 #1);
    without one, a module that fails to import, saying so, so that its tests fail with
    the reason and the others are still graded. Returns the names taken from the
    template."""
    root, into = assignment.folder, Path(into)
    cases = _case_paths(assignment)
    sources: Set[str] = set(assignment.sources)
    catalogue = catalogue_path(assignment)
    for relative in folder_files(assignment):
        if relative in cases or relative.as_posix() in sources or relative == catalogue:
            continue
        _copy(root / relative, into / relative)
    _make_folders(assignment, into)
    _keep_packages(into, cases)
    starters = []
    for name in assignment.sources:
        target = into / name
        target.parent.mkdir(parents=True, exist_ok=True)
        data = files.get(name)
        starter = assignment.template / name if assignment.template is not None else None
        if data is None and starter is not None and starter.is_file():
            data = starter.read_bytes()
            starters.append(name)
        elif data is None:
            data = (MISSING.format(message=f"{name} is missing from the submission").encode()
                    if name.endswith(".py") else b"")
        target.write_bytes(data)
    return starters


def grade_copy(assignment: Assignment, files: Dict[str, Optional[bytes]], timeout: float,
               questions: Optional[List[Question]] = None, verbose: bool = False,
               scored_only: bool = False, as_bulk: bool = False, respect_locks: bool = False):
    """Grade a scratch copy of the staff folder (write_grading_folder) holding FILES
    (source name -> bytes, None for a missing one) on QUESTIONS (default: every staff
    test): the GradeResult. What `verify` grades the solution and template in, and
    `mutate` each mutant. Hidden cases run in their place, as in ok; SCORED_ONLY runs
    no unscored suite, as `ok --score`; AS_BULK runs as `grade bulk` and Gradescope do
    (hidden cases apart, a suite stopped at its first failure: session.grade);
    RESPECT_LOCKS skips the locked cases, as a student's run does until they are unlocked."""
    import tempfile
    from .run.runner import Runner
    from .session import grade
    if questions is None:
        questions = staff_questions(assignment)
    with tempfile.TemporaryDirectory(prefix="grade-copy-") as scratch:
        folder = Path(scratch) / "work"
        write_grading_folder(assignment, folder, files)
        runner = Runner(src=folder, timeout=timeout, preflight=assignment.preflight,
                        warm=assignment.warm, **assignment.seeding(),
                        own_modules=assignment.modules, show_wants=True)
        try:
            return grade(questions, runner, assignment=assignment, verbose=verbose,
                         respect_locks=respect_locks, hidden_apart=as_bulk,
                         scored_only=scored_only, ok_suites=as_bulk,
                         stop_on_timeout=as_bulk)
        finally:
            runner.close()


def sources_in(assignment: Assignment, folder: Path) -> Dict[str, Optional[bytes]]:
    """The assignment's source files as FOLDER holds them (the staff folder: the
    solution; its template/: the starters), None for one it lacks."""
    return {name: (folder / name).read_bytes() if (folder / name).is_file() else None
            for name in assignment.sources}
