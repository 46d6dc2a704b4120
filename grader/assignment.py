"""Which assignment is graded: its files, its tests and its settings.

Any ok assignment is a folder with an ok configuration (`NAME.ok`), as a course ships
it (`from_ok`): its source files, helpers, data and tests. Given to a staff command
(`--assignment DIR`), the folder holds the solution in its source files and, in
`template/`, the starter versions students receive.

An assignment of case files (`cases/*.py` in ok's format, with `.grader.json` sidecars
for the suites only this grader runs) is a folder `PATH/reference`,
`PATH/student_template`, `PATH/cases`, whose `cases/assignment.json` holds the settings:
`source` and `support` (the files the student writes and those shipped beside it),
and, for an assignment of the Hog family, `rules` (a module of `grader.hog.editions`,
or a `.py` file in the folder) which the plug-ins read (win rates, fuzzing, the
browser game); the family fills in what such settings leave out (hog.py, beside dice.py
and ucb.py). Hog's editions ship with the grader in that shape (`grader.hog.family`).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

if TYPE_CHECKING:
    from .load.okconfig import OkConfig

SETTINGS = "assignment.json"


OK_SEED = 0  # random's seed at the first test of an ok run (see Assignment.seeding)


class AssignmentError(Exception):
    """No such edition, or an assignment folder that is not usable; says which and why."""


@dataclass
class Assignment:
    name: str  # ok's assignment name: the key of its locked-case hashes
    edition: str
    reference: Optional[Path]  # None in a workspace graded without the staff files
    template: Optional[Path]
    cases: Path
    source: str  # the file the student writes (the first, for an ok assignment)
    support: List[str] = field(default_factory=list)
    config: Dict[str, Any] = field(default_factory=dict)
    folder: Optional[Path] = None  # set for an assignment given as a folder (--assignment)
    ok: Optional["OkConfig"] = None  # set for an ok assignment (a folder with NAME.ok)
    # paths inside FOLDER that are not the course's (a bulk run's submissions and output,
    # kept beside the assignment): no copy of the folder ever holds them
    apart: Tuple[Path, ...] = ()

    @property
    def is_ok(self) -> bool:
        return self.ok is not None

    @property
    def sources(self) -> List[str]:
        """The files the student writes."""
        return list(self.ok.src) if self.ok is not None else [self.source]

    def bank(self, root: Path, docstrings: Optional[Path] = None):
        """The tests of a copy of this assignment at ROOT (a workspace, a submission's
        folder): its ok configuration's, else the case files in ROOT/tests."""
        from .load.okbank import CaseFolderBank, OkBank
        if self.ok is not None:
            return OkBank(self.ok, root, docstrings)
        return CaseFolderBank(Path(root) / "tests")

    @property
    def modules(self) -> tuple:
        """The importable names of the student's files: a worker makes sure that these
        names mean the student's files, not a standard module of the same name."""
        return tuple(self.ok.modules) if self.ok is not None else (self.module,)

    @property
    def preflight(self) -> tuple:
        """The modules a worker imports before its first case. An ok assignment's tests
        import what they need themselves (one whose source does not import fails its
        own tests only, as in ok)."""
        return () if self.ok is not None else (self.module,)

    @functools.cached_property
    def warm(self) -> tuple:
        """The modules a worker imports before its first case whatever they do (an
        error, a print, a slow import count for no test): as ok imports the files whose
        docstrings are tests, and the case files' packages and own statements, while it
        loads, before any test runs and with no timer. Worked out once (it reads every
        case file; bulk starts a runner per submission)."""
        if self.ok is None:
            return ()
        return tuple(self.ok.loaded_modules())

    def seeding(self, seed: Optional[int] = None) -> Dict[str, Any]:
        """How a worker seeds `random` (a Runner's `seed` and `seed_each_case`). ok
        imports pytutor while it loads, whose top level runs `random.seed(0)`: at an
        ok assignment's first test `random` is always in that state, after the
        doctest sources' own imports, and its cases go on drawing from it (hunt20); and,
        as in ok's one process, a worker that replaces a stopped one first runs again
        what its predecessors ran (Runner.replay: hunt23 #2). A Hog edition's cases get
        SEED before each, where re-runs must agree (bulk)."""
        if self.ok is not None:
            return {"seed": OK_SEED, "seed_each_case": False, "replay": True}
        return {"seed": seed, "seed_each_case": True}

    @property
    def module(self) -> str:
        return Path(self.source).stem

    @property
    def student_files(self) -> List[str]:
        return [self.source] + list(self.support)

    @property
    def questions(self) -> List[str]:
        """The question keys in the assignment's order (settings first, then the files)."""
        if self.ok is not None:
            return self.bank(self.folder).keys()
        from .load import casefile
        keys = casefile.question_keys(self.cases)
        order = [k for k in self.config.get("questions", []) if k in keys]
        return order + [k for k in keys if k not in order]

    @property
    def has_rules(self) -> bool:
        """Whether the settings name a game's rules: what Hog's plug-in commands read."""
        return self.ok is None and bool(self.config.get("rules"))

    def rules(self):
        """The edition's rules module (see `grader.hog.editions`)."""
        from .hog import editions as rule_modules
        return rule_modules.load(self.config.get("rules", self.edition), self.folder)


def _build(edition: str, reference: Path, template: Path, cases: Path,
           folder: Optional[Path] = None) -> Assignment:
    settings = cases / SETTINGS
    try:
        config = json.loads(settings.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise AssignmentError(f"{settings} is missing: an assignment's cases folder holds "
                              "its settings") from None
    except (OSError, ValueError) as error:
        raise AssignmentError(f"{settings} cannot be read: {error}") from None
    from .hog import family
    config = family.with_defaults(config)
    problem = settings_problem(config)
    if problem:
        raise AssignmentError(f"{settings} {problem}")
    for part, path in (("reference", reference), ("template", template)):
        if not path.is_dir():
            raise AssignmentError(f"the assignment has no {part} folder ({path})")
    return Assignment(name=config["name"], edition=str(config.get("edition", edition)),
                      reference=reference, template=template, cases=cases,
                      source=config["source"], support=list(config.get("support", [])),
                      config=config, folder=folder)


def load(edition: Optional[str] = None, path: Optional[Path] = None) -> Assignment:
    """The shipped EDITION (default fa19), or the assignment folder PATH."""
    if path is not None:
        path = Path(path).resolve()
        if path.is_file() and path.suffix == ".ok":
            return from_ok(path)
        if not path.is_dir():
            raise AssignmentError(f"{path} is neither a folder nor an ok configuration "
                                  "(NAME.ok)")
        from .load import okconfig
        try:
            config = okconfig.find(path, strict=True)
        except okconfig.OkConfigError as error:
            raise AssignmentError(str(error)) from None
        if config is not None and not (path / "cases" / SETTINGS).is_file():
            return from_ok(config)
        return _build(path.name, path / "reference", path / "student_template",
                      path / "cases", folder=path)
    from .hog import family
    edition = edition or family.DEFAULT_EDITION
    known = family.editions()
    if edition not in known:
        raise AssignmentError(f"no edition {edition!r} (editions: {', '.join(known)})")
    return _build(edition, *family.folders(edition))


def from_ok(path: Path) -> Assignment:
    """The assignment of an ok configuration PATH (`FOLDER/NAME.ok`)."""
    from .load import okconfig
    try:
        config = okconfig.read(path)
    except okconfig.OkConfigError as error:
        raise AssignmentError(str(error)) from None
    folder = config.folder.resolve()
    sources = config.src or [f"{config.name}.py"]
    template = folder / "template"
    return Assignment(name=config.name, edition="", reference=folder,
                      template=template if template.is_dir() else None,
                      cases=folder / "tests", source=sources[0], support=sources[1:],
                      config={"title": config.name}, folder=folder, ok=config)


def from_settings(config: Dict[str, Any], cases: Path, edition: str = "") -> Assignment:
    """The assignment a workspace describes itself (its grade.json keeps the settings):
    what grading a student's copy needs when the staff files are not installed (the
    self-contained runner of a published workspace). It has no reference or template."""
    from .hog import family
    config = family.with_defaults(config)
    problem = settings_problem(config)
    if problem:
        raise AssignmentError(f"the workspace's settings {problem}")
    return Assignment(name=config["name"], edition=str(config.get("edition", edition)),
                      reference=None, template=None, cases=Path(cases),
                      source=config["source"], support=list(config.get("support", [])),
                      config=config)


def settings_problem(config: Any) -> str:
    """What is wrong with an assignment's settings, or "" when nothing is."""
    if not isinstance(config, dict) or not isinstance(config.get("name"), str):
        return "must be a JSON object with a \"name\""
    source = config.get("source")
    if not isinstance(source, str) or not source.endswith(".py") or "/" in source:
        return "must name the file the student writes: \"source\", e.g. \"hw01.py\""
    support = config.get("support", [])
    if not isinstance(support, list) or not all(isinstance(name, str) for name in support):
        return "must list the files shipped beside the source in \"support\" (names)"
    return ""


class AssignmentBound:
    """Base of suite kinds that read the assignment: it is loaded on first use, so
    a kind made without one grades the default edition."""

    def __init__(self, assignment: Optional[Assignment] = None):
        self._assignment = assignment

    @property
    def assignment(self) -> Assignment:
        if self._assignment is None:
            self._assignment = load()
        return self._assignment
