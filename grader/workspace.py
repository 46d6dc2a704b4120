"""Student workspaces: the folder a student works in, made by `grade init`.

A workspace holds the template files, `tests/NN.py` (the student version of the
staff cases: hidden cases left out), `hog.ok`, the configuration ok reads, so
the course's own client works on the same folder, and `grade.json`, which names the
edition (ok refuses keys it does not know in its own file), so students never type it.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

import grader
from .load import casefile
from .assignment import Assignment
from .untrusted import loads as json_loads

EDITION_FILE = "grade.json"


class WorkspaceError(Exception):
    """The folder is not a usable workspace; the message says what to do."""


def student_version(data: Dict) -> Dict:
    """The staff case-file dict without hidden cases (suites left empty are dropped)."""
    out = {key: value for key, value in data.items() if key != "suites"}
    suites = []
    for suite in data.get("suites", []):
        cases = [case for case in suite.get("cases", []) if not case.get("hidden", False)]
        if cases or suite.get("type") == "fuzz":
            suites.append({**suite, "cases": cases})
    out["suites"] = suites
    return out


# Transforms a student case-file dict before it is written (locking plugs in here).
CaseTransform = Callable[[str, Dict], Dict]


def write_student_cases(assignment: Assignment, tests: Path,
                        transform: Optional[CaseTransform] = None) -> List[Path]:
    from .hog.fuzz import suite as fuzz_suite

    tests.mkdir(parents=True, exist_ok=True)
    # ok imports case files as `tests.NN`: a regular package, so that no other `tests`
    # package on ok's path can shadow the workspace's.
    (tests / "__init__.py").touch()
    written = []
    for key in assignment.config.get("questions") or casefile.question_keys(assignment.cases):
        data = student_version(casefile.read_case_data(assignment.cases / f"{key}.py"))
        if transform is not None:
            data = transform(key, data)
        data = fuzz_suite.record(assignment, key, data, tests)
        path = tests / f"{key}.py"
        casefile.write_case_data(path, data)
        written.append(path)
    _write_hints(assignment, tests)
    return written


def _write_hints(assignment: Assignment, tests: Path) -> None:
    """The catalogue of likely mistakes, as students may see it (grader/hints.py)."""
    from . import hints
    source = hints.path_for(assignment)
    if source is None:
        return
    hints.load(source)  # a broken catalogue is a broken case file: never handed out
    data = json.loads(source.read_text(encoding="utf-8"))
    (tests / hints.CATALOGUE).write_text(json.dumps(hints.for_students(data), indent=1) + "\n",
                                         encoding="utf-8")


def ok_config(assignment: Assignment) -> Dict:
    return {"name": assignment.name, "endpoint": "", "src": [assignment.source],
            "tests": {"tests/*.py": "ok_test"},
            "protocols": ["file_contents", "unlock", "grading", "scoring"]}


def unlocked(key: str, data: Dict) -> Dict:
    """A case-file dict with every case unlocked (the answers are plain text already)."""
    return {**data, "suites": [{**suite, "cases": [{**case, "locked": False}
                                                   for case in suite.get("cases", [])]}
                               for suite in data.get("suites", [])]}


def init(assignment: Assignment, folder: Path, *, transform: Optional[CaseTransform] = unlocked,
         force: bool = False) -> Path:
    """Create a fresh workspace in FOLDER (which must not exist or be empty). With FORCE,
    a folder with files in it is refreshed instead (see `refresh`): nothing a student
    wrote is overwritten."""
    folder = Path(folder)
    if folder.exists() and any(folder.iterdir()):
        if not force:
            raise WorkspaceError(
                f"{folder} already exists and is not empty: choose a new folder, or restore "
                f"only its tests (your own files are kept) with `grade init {folder} --tests-only`")
        refresh(assignment, folder, transform=transform, add_missing=True)
        return folder
    import shutil  # here and in publish: `grade` itself only needs `find`

    if assignment.is_ok:
        from . import okfolder
        if assignment.template is None:
            raise WorkspaceError(okfolder.no_template_message(assignment))
        folder.mkdir(parents=True, exist_ok=True)
        try:
            okfolder.write_student_folder(assignment, folder, transform)
        except okfolder.NoTemplate as error:
            raise WorkspaceError(str(error)) from None
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    for name in assignment.student_files:
        shutil.copy(assignment.template / name, folder / name)
    write_student_cases(assignment, folder / "tests", transform)
    _write_config(assignment, folder)
    return folder


def config_name(assignment: Assignment) -> str:
    """The workspace's ok configuration, named after the file the student writes
    (`hog.ok` beside `hog.py`), as a course's own folder names it."""
    return f"{assignment.module}.ok"


def _write_config(assignment: Assignment, folder: Path) -> None:
    (folder / config_name(assignment)).write_text(json.dumps(ok_config(assignment), indent=2) + "\n",
                                 encoding="utf-8")
    (folder / EDITION_FILE).write_text(json.dumps(edition_record(assignment), indent=2) + "\n",
                                       encoding="utf-8")


BACKUP = ".grade-backup"


@dataclass
class Refreshed:
    """What `refresh` did, for the message a student reads."""

    folder: Path
    kept: List[str]  # starter files already there, left as they were
    added: List[str]  # starter files that were missing, copied in
    backup: Optional[Path]  # where the replaced tests (and config) now are
    unlocks_kept: int  # unlocked cases carried over into the new tests

    def lines(self) -> List[str]:
        """What happened, for the student."""
        out = [f"Restored the tests in {self.folder}"]
        if self.kept:
            out.append(f"Kept your {', '.join(self.kept)} as they were.")
        if self.added:
            out.append(f"Added the missing starter file(s) {', '.join(self.added)}.")
        if self.unlocks_kept:
            out.append(f"{self.unlocks_kept} case(s) you had unlocked stay unlocked.")
        if self.backup is not None:
            out.append(f"The old tests are kept in {self.backup}.")
        return out


def _same_lines(a: str, b: str) -> bool:
    """Equal up to white space and blank lines: an unlocked case's code against the
    staff's plain one."""
    def lines(text: str) -> List[str]:
        return [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    return lines(a) == lines(b)


def _carry_unlocks(old: Dict, plain: Dict, unmarked_locked: bool = False) -> Tuple[Dict, int]:
    """PLAIN (a student case-file dict before locking) with the cases the student had
    already unlocked in OLD marked unlocked, so that restoring the tests does not
    lock them again. A case counts as unlocked only if its text in OLD is the staff's
    plain text (the unlocker writes exactly that), so nothing unverified is trusted.
    UNMARKED_LOCKED: a case with no `locked` key is locked too (an ok folder's, as
    `ok --lock` locks it; review30 #9: its unlock was lost)."""
    from .locking import hashes as locking
    from .load.casewrite import apply

    changes = {}
    for path, case, kind in locking.case_paths(plain):
        if case.get("locked", unmarked_locked) is not True:
            continue
        try:
            mine = old["suites"][path[1]]["cases"][path[3]]
        except (KeyError, IndexError, TypeError):
            continue
        if not isinstance(mine, dict) or mine.get("locked") is True:
            continue
        if kind == "concept":
            same = (isinstance(mine.get("answer"), str) and isinstance(case.get("answer"), str)
                    and _same_lines(mine["answer"], case["answer"]))
        else:
            same = (isinstance(mine.get("code"), str) and isinstance(case.get("code"), str)
                    and _same_lines(mine["code"], case["code"]))
        if same:
            changes[path + ("locked",)] = False
    return (apply(plain, changes) if changes else plain), len(changes)


def refresh(assignment: Assignment, folder: Path, *,
            transform: Optional[CaseTransform] = unlocked, add_missing: bool = False
            ) -> Refreshed:
    """Restore the tests of the workspace FOLDER without touching the student's files.

    The new tests are written beside the old ones, then the old `tests/` (and
    hog.ok, grade.json) move to `.grade-backup/<time>/` and the new ones take their
    place. Cases the student had unlocked stay unlocked. With ADD_MISSING, starter
    files that are missing are copied in; a starter file that exists is never replaced.
    """
    import shutil

    folder = Path(folder)
    if not folder.is_dir():
        raise WorkspaceError(f"{folder} is not a folder")
    if assignment.is_ok:
        return _refresh_ok(assignment, folder, transform=transform, add_missing=add_missing)
    old_tests = folder / "tests"
    carried = [0]

    def carry(key: str, data: Dict) -> Dict:
        path = old_tests / f"{key}.py"
        if path.is_file():
            try:
                data, count = _carry_unlocks(casefile.read_case_data(path), data)
                carried[0] += count
            except casefile.CaseFileError:
                pass  # a broken old file has nothing to carry over
        return transform(key, data) if transform is not None else data

    staging = folder / f".tests.new-{os.getpid()}"
    if staging.exists():
        shutil.rmtree(staging)
    try:
        write_student_cases(assignment, staging, carry)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    backup = _backup_folder(folder)
    moved = False
    for name in ("tests", config_name(assignment), EDITION_FILE):  # all else is theirs
        if (folder / name).exists() or (folder / name).is_symlink():
            backup.mkdir(parents=True, exist_ok=True)
            os.replace(folder / name, backup / name)
            moved = True
    os.replace(staging, old_tests)
    _write_config(assignment, folder)
    kept, added = [], []
    for name in assignment.student_files:
        if (folder / name).exists():
            kept.append(name)
        elif add_missing:
            shutil.copy(assignment.template / name, folder / name)
            added.append(name)
    return Refreshed(folder=folder, kept=kept, added=added, backup=backup if moved else None,
                     unlocks_kept=carried[0])


def _backup_folder(folder: Path) -> Path:
    import time
    stamp = time.strftime("%Y%m%d-%H%M%S")
    backup = folder / BACKUP / stamp
    suffix = 1
    while backup.exists():
        suffix += 1
        backup = folder / BACKUP / f"{stamp}-{suffix}"
    return backup


def _refresh_ok(assignment: Assignment, folder: Path, *,
                transform: Optional[CaseTransform], add_missing: bool) -> Refreshed:
    """`refresh` for an ok assignment: its case files (wherever NAME.ok finds them) and
    the configuration are replaced, the old ones kept in .grade-backup/; with
    ADD_MISSING, every file of the assignment that is missing is added. The student's
    sources and every file already there are left as they are."""
    import shutil
    from . import okfolder

    if assignment.template is None:
        raise WorkspaceError(okfolder.no_template_message(assignment))
    carried = [0]
    staff_cases = {p.stem: p.resolve().relative_to(assignment.folder)
                   for p in okfolder.case_files(assignment)}

    def carry(key: str, data: Dict) -> Dict:
        path = folder / staff_cases.get(key, Path("tests") / f"{key}.py")
        if path.is_file():
            try:
                data, count = _carry_unlocks(casefile.read_case_data(path), data,
                                             unmarked_locked=True)
                carried[0] += count
            except casefile.CaseFileError:
                pass
        return transform(key, data) if transform is not None else data

    staging = folder / f".tests.new-{os.getpid()}"
    if staging.exists():
        shutil.rmtree(staging)
    try:
        try:
            written = okfolder.write_student_folder(assignment, staging, carry)
        except okfolder.NoTemplate as error:
            raise WorkspaceError(str(error)) from None
        config = assignment.ok.path.resolve().relative_to(assignment.folder)
        replaced = set(staff_cases.values()) | {config}
        backup = _backup_folder(folder)
        moved = False
        for relative in sorted(replaced):
            target = folder / relative
            if target.exists() or target.is_symlink():
                (backup / relative).parent.mkdir(parents=True, exist_ok=True)
                os.replace(target, backup / relative)
                moved = True
        kept, added = [], []
        for relative in written:
            target = folder / relative
            if relative in replaced:
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(staging / relative, target)
            elif target.exists() or target.is_symlink():
                if relative.as_posix() in assignment.sources:
                    kept.append(relative.as_posix())
            elif add_missing or relative.name == "__init__.py":
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(staging / relative, target)
                added.append(relative.as_posix())
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return Refreshed(folder=folder, kept=kept, added=added, backup=backup if moved else None,
                     unlocks_kept=carried[0])


def edition_record(assignment: Assignment) -> Dict:
    """grade.json: the edition, and its settings, so that the workspace can be graded
    where the edition is not installed (by the runner `publish` puts in it)."""
    record: Dict = {"edition": assignment.edition}
    if assignment.folder is not None:
        record["assignment"] = str(assignment.folder)
    record["settings"] = assignment.config
    return record


WINDOWS_DEVICES = {"CON", "PRN", "AUX", "NUL", *(f"COM{n}" for n in range(1, 10)),
                   *(f"LPT{n}" for n in range(1, 10))}


def publish(assignment: Assignment, out: Path, *, transform: Optional[CaseTransform] = unlocked,
            folder: Optional[str] = None, runner: bool = True) -> Path:
    """Write the workspace students receive as a zip archive OUT (its files under FOLDER/),
    replacing OUT only once the archive is complete, with a README saying how to grade
    it. With RUNNER, the workspace carries the self-contained `grade` (see
    `grader.standalone`); without, the README's commands are the installed `grade`'s."""
    out = Path(out)
    if out.suffix.lower() != ".zip":
        raise WorkspaceError(f"{out}: the archive name must end in .zip")
    if not out.parent.exists():
        raise WorkspaceError(f"the folder {out.parent} does not exist (create it first)")
    if not out.parent.is_dir():
        raise WorkspaceError(f"{out.parent} is not a folder")
    import shutil
    import tempfile
    import zipfile

    if folder is None:  # the folder the archive unpacks to: the assignment's name, as
        # every system names a folder (a course's "Project 2: Cats" has a ':', which
        # Windows refuses: hunt22)
        folder = assignment.name if assignment.is_ok else assignment.module
        folder = " ".join(re.sub(r'[<>:"/\\|?*\x00-\x1f]', " ", folder).split()).strip(". ")
        if not folder or folder.split(".")[0].upper() in WINDOWS_DEVICES:
            folder = f"assignment {folder}".strip()
    with tempfile.TemporaryDirectory() as scratch:
        root = init(assignment, Path(scratch) / folder, transform=transform)
        from . import standalone
        if runner:
            try:
                standalone.write(root, assignment)
            except standalone.RunnerError as error:
                raise WorkspaceError(str(error)) from None
        else:
            standalone.write_readme(root, assignment, runner=False)
        partial = Path(scratch) / "out.zip"
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in sorted(root.rglob("*")):
                if path.is_file() or (path.is_dir() and not any(path.iterdir())):
                    archive.write(path, Path(folder) / path.relative_to(root))  # (modes too)
        shutil.copy(partial, out.with_name(f".{out.name}.tmp"))
        os.replace(out.with_name(f".{out.name}.tmp"), out)
    return out


@dataclass
class Workspace:
    root: Path
    source: Path
    tests: Path
    name: str
    assignment: Assignment

    @property
    def bank(self):
        """The workspace's tests: what `-q` names and what runs."""
        return self.assignment.bank(self.root)

    def missing_sources(self) -> List[str]:
        """The files the student writes that are not there: as in ok, the tests that need
        one fail (saying why) and the others run."""
        if self.assignment.ok is None:
            return []
        return [name for name in self.assignment.sources if not (self.root / name).is_file()]

    def own_files(self) -> List[Path]:
        """What a report written into the workspace must never replace: the student's
        files, the tests, and the files that say what the workspace is."""
        # a course's construct_check.py, ucb.py; the published runner (`python3 grade`)
        helpers = [*sorted(self.root.glob("*.py")),
                   *([self.root / "grade"] if (self.root / "grade").is_file() else [])]
        if self.assignment.ok is not None:
            return [*(self.root / name for name in self.assignment.sources),
                    self.assignment.ok.path, self.tests, *helpers]
        return [self.source, *(self.root / name for name in self.assignment.support),
                self.root / config_name(self.assignment), self.root / EDITION_FILE, self.tests,
                *helpers]


def assignment_of(root: Path) -> Assignment:
    """The assignment a workspace (or a staff case folder) was made for: what its
    grade.json names, the edition of an assignment.json beside the cases, else the
    default edition."""
    from . import assignment as assignments
    from .hog import family
    record: Dict = {}
    for candidate in (root / EDITION_FILE, root / "tests" / assignments.SETTINGS):
        if candidate.is_file():
            try:
                record = json_loads(candidate.read_text(encoding="utf-8"))
            except ValueError:
                raise WorkspaceError(f"{candidate} is not valid JSON") from None
            if not isinstance(record, dict):
                raise WorkspaceError(f"{candidate} must hold a JSON object")
            break
    if not record and not family.editions():
        raise WorkspaceError(f"{root} is not a project folder (it has no {EDITION_FILE}): "
                             "go to the folder you downloaded, the one holding "
                             f"{EDITION_FILE} and tests/, and run `{grader.PROGRAM}` there")
    settings = record.get("settings")
    own = isinstance(settings, dict)  # the workspace can describe itself
    folder, edition = record.get("assignment"), record.get("edition")
    try:
        if folder and (Path(folder).is_dir() or not own):
            return assignments.load(path=Path(folder))
        if not folder and (not own or (edition or family.DEFAULT_EDITION)
                           in family.editions()):
            return assignments.load(edition)
        return assignments.from_settings(settings, root / "tests", str(edition or ""))
    except assignments.AssignmentError as error:
        raise WorkspaceError(f"{root}: {error}") from None


def _ok_workspace(root: Path, config: Path) -> Workspace:
    """A course's ok folder, graded as ok grades it."""
    from . import assignment as assignments
    try:
        assignment = assignments.from_ok(config)
    except assignments.AssignmentError as error:
        raise WorkspaceError(str(error)) from None
    return Workspace(root=root, source=root / assignment.source, tests=root / "tests",
                     name=assignment.name, assignment=assignment)


def has_edition_record(folder: Path) -> bool:
    """Whether FOLDER's grade.json is this grader's record of a Hog workspace's edition
    (a JSON object naming an edition or holding its settings), not a course's own data
    file of that name (a lab that reads grades from it is an ok assignment: hunt23 #6)."""
    path = Path(folder) / EDITION_FILE
    if not path.is_file():
        return False
    try:
        record = json_loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return True  # a damaged record (says so where it is read): a course's data parses
    return isinstance(record, dict) and (isinstance(record.get("edition"), str)
                                         or isinstance(record.get("settings"), dict))


def find(root: Path, assignment: Optional[Assignment] = None,
         config_file: Optional[str] = None) -> Workspace:
    """The workspace at ROOT, or a WorkspaceError saying what is missing. Its assignment
    is ASSIGNMENT, or the one the folder names (CONFIG_FILE: which of its ok
    configurations, as ok's --config)."""
    root = Path(root).resolve()
    if not root.is_dir():
        raise WorkspaceError(f"{root} is not a folder")
    if assignment is None and (config_file is not None or not has_edition_record(root)):
        from .load import okconfig
        try:
            config = okconfig.choose(root, config_file)
        except okconfig.OkConfigError as error:
            raise WorkspaceError(str(error)) from None
        if config is not None:
            return _ok_workspace(root, config)
    if assignment is None:
        assignment = assignment_of(root)
    name = assignment.name
    config = root / config_name(assignment)
    if config.is_file():
        try:
            name = json_loads(config.read_text(encoding="utf-8")).get("name", name)
        except ValueError:
            raise WorkspaceError(f"{config} is not valid JSON") from None
    tests = root / "tests"
    if not tests.is_dir():
        raise WorkspaceError(
            f"no tests/ folder in {root}: run `grade` in your project folder, "
            "or create one with `grade init DIR`")
    source = root / assignment.source
    if not source.is_file() and not has_edition_record(root) and any(root.glob("*.py")):
        raise WorkspaceError(  # another assignment's folder, not Hog's (hunt22 #6)
            f"no ok configuration (a NAME.ok file) in {root}: it comes with the "
            "assignment's files, and says what to grade (a Hog project made by "
            "`grade init DIR` has hog.py instead)")
    if not source.is_file():
        raise WorkspaceError(f"no {assignment.source} in {root}: it is the file you write "
                             f"(the starter copy comes with `grade init DIR`)")
    return Workspace(root=root, source=source, tests=tests, name=name, assignment=assignment)
