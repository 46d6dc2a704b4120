"""Read an ok configuration (`NAME.ok`): which files the student writes, and which tests
grade them, as the course's own ok client reads it.

Only what grading needs is kept: `name`, `src`, `tests` (file or glob, with an
optional `:parameter`, mapped to a comma-separated list of protocols: `doctest` for the
examples inside a source file, `ok_test` for case files), `default_tests` and
`protocols`. Unknown keys are ignored (ok refuses them: docs/ok-differences.md); the server's protocols
(backup, analytics, file_contents, ...) mean nothing to a local grader. One key of this
grader's own, in NAME.grader.json beside NAME.ok (ok refuses a key it does not know, so
they cannot go in NAME.ok): `staff_only`, patterns (`notes.md`, `solutions/*`) of the
staff folder's files no student and no graded submission is handed (the sidecar too);
and `given`, patterns of the only files, beside the sources and the tests, that they are
handed (`["utils.py", "data/*", "tests/__init__.py"]`): without it, every other file
that passes `grader.staff_copies`'s checks.
"""

from __future__ import annotations

import glob
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional, Tuple, Union

from ..untrusted import loads as json_loads

SOURCES = ("doctest", "ok_test", "scheme_test")  # the test sources ok reads (scheme_test's
# files are named and not run)


# what a worker imports before its first case (Runner.warm): a module name, a case file's
# own statements (module name, path, code), or an ok console's module (module, path entry)
Warm = Union[str, Tuple[str, str, str], Tuple[str, str]]
CONSOLES = ("scheme", "logic")  # suite types whose ok console imports a module of that name


def _consoles(path: Path) -> List[str]:
    """The console modules ok imports as it builds the suites of the case file at PATH."""
    from . import casefile
    try:
        suites = casefile.read_literal(path).get("suites")
    except (casefile.CaseFileError, AttributeError):
        return []
    types = [suite.get("type") for suite in suites if isinstance(suite, dict)
             and isinstance(suite.get("type"), str)] if isinstance(suites, list) else []
    return [kind for kind in dict.fromkeys(types) if kind in CONSOLES]


class OkConfigError(Exception):
    """A configuration ok would refuse too; the message names the file and the problem."""


@dataclass
class OkConfig:
    path: Path
    name: str
    src: List[str]
    # (pattern, parameter, source) in the order the file gives them
    tests: List[Tuple[str, str, str]] = field(default_factory=list)
    default_tests: List[str] = field(default_factory=list)
    protocols: List[str] = field(default_factory=list)
    staff_only: List[str] = field(default_factory=list)  # patterns of staff's own files
    given: Optional[List[str]] = None  # patterns of the only other files copies get

    @property
    def folder(self) -> Path:
        return self.path.parent

    @property
    def modules(self) -> List[str]:
        """The importable names of the student's source files (`typing.py` -> typing)."""
        return [Path(name).with_suffix("").as_posix().replace("/", ".")
                for name in self.src if name.endswith(".py")]


    def loaded_modules(self, folder: Optional[Path] = None) -> List[Warm]:
        """What ok's loader imports before any test, in its order (the configuration's
        `tests`, as written): the files whose docstrings are tests (the doctest
        protocol), and the packages of the case files (`tests` for `tests/q*.py`)
        whose `__init__.py` holds code, since ok imports each case file as a module
        (`tests.q1`): a `sys.path` entry for a course helper, a higher recursion limit;
        then, for a case file with statements beyond its data, (name, path, code); after
        a case file with a `scheme` or `logic` suite, (module, path entry): ok's console
        for it puts the relative path `scheme` first on `sys.path` (where 61A labs ship
        their interpreter as a zip file of that name) and imports `scheme` as it builds
        the suite (hunt26 G).
        An `__init__.py` its own glob matches is a case file to ok, not a package run."""
        root = Path(folder or self.folder)
        cases = {Path(found).resolve() for pattern, _, source in self.tests
                 if source == "ok_test"
                 for found in glob.glob(os.path.join(glob.escape(str(root)), pattern))}
        names: List[str] = []
        for pattern, _, source in self.tests:
            found: List[str] = []
            if source == "doctest":
                found = self._doctest_files(root, pattern)
            elif source == "ok_test":
                parts = Path(pattern).parent.parts
                for depth in range(1, len(parts) + 1):
                    if glob.has_magic(parts[depth - 1]):
                        break
                    init = root.joinpath(*parts[:depth], "__init__.py")
                    if _has_code(init) and init.resolve() not in cases:
                        found.append(".".join(parts[:depth]))
                found += self._case_file_code(root, pattern)
            names += [name for name in found if name not in names]
        return names

    @staticmethod
    def _case_file_code(root: Path, pattern: str) -> List[Warm]:
        """(module name, path in the folder, code) of each case file PATTERN finds whose
        statements beyond its data ok runs as it imports the file (`casefile.load_time_code`)."""
        from . import casefile
        entries = []
        for found in sorted(glob.glob(os.path.join(glob.escape(str(root)), pattern))):
            path = Path(found)
            if path.suffix != ".py" or path.name == "__init__.py" or not path.is_file():
                continue
            try:
                raw = path.read_bytes()
            except OSError:
                continue
            if not casefile._TEST_ASSIGNMENT.search(raw):
                continue
            code = casefile.load_time_code(path, raw)
            if code is not None:
                relative = path.relative_to(root).as_posix()
                entries.append((relative[:-3].replace("/", "."), relative, code))
            if any(kind.encode() in raw for kind in CONSOLES):  # (else no need to parse it)
                entries += [(console, console) for console in _consoles(path)]
        return entries

    def doctest_modules(self, folder: Optional[Path] = None) -> List[str]:
        """The importable names of the files whose docstrings are tests (the doctest
        protocol), found in FOLDER (the configuration's own by default): ok imports
        each while it loads the tests, before any runs."""
        root = Path(folder or self.folder)
        names: List[str] = []
        for pattern, _, source in self.tests:
            if source == "doctest":
                names += [n for n in self._doctest_files(root, pattern) if n not in names]
        return names

    @staticmethod
    def _doctest_files(root: Path, pattern: str) -> List[str]:
        names = []
        for found in sorted(glob.glob(os.path.join(glob.escape(str(root)), pattern))):
            path = Path(found)
            if path.suffix == ".py" and path.is_file():
                name = path.relative_to(root).with_suffix("").as_posix().replace("/", ".")
                if name not in names:
                    names.append(name)
        return names


def _has_code(path: Path) -> bool:
    try:
        return path.is_file() and bool(path.read_bytes().strip())
    except OSError:
        return False


def _configs(folder: Path) -> List[Path]:
    """The `*.ok` files in FOLDER, as ok's `glob.glob` finds them: hidden ones left out
    (macOS's `._lab.ok` beside `lab.ok`, copied through a USB stick, stopped every run)."""
    return sorted(p for p in Path(folder).glob("*.ok")
                  if not p.name.startswith(".") and p.is_file())


def find(folder: Path, strict: bool = False) -> Optional[Path]:
    """The folder's ok configuration: the only `*.ok` there; with several, the one named
    like the folder, else the first by name, or, when STRICT (a staff command grading a
    class with it), an OkConfigError: one is not graded in place of another unsaid."""
    configs = _configs(folder)
    if not configs:
        return None
    for config in configs:
        if config.stem == Path(folder).resolve().name:
            return config
    if strict and len(configs) > 1:
        names = ", ".join(p.name for p in configs)
        example = Path(folder) / configs[0].name
        raise OkConfigError(f"{folder} holds several ok configurations ({names}): name the "
                            f"one to grade with, e.g. --assignment {example}")
    return configs[0]


def choose(folder: Path, name: Optional[str] = None) -> Optional[Path]:
    """The configuration a student's run in FOLDER grades, as ok picks it: NAME (ok's
    --config) when given, else the only `*.ok` there; several without a NAME are refused,
    as ok refuses them, rather than one graded in place of another."""
    if name is not None:
        path = Path(folder) / name
        if path.suffix != ".ok" or not path.is_file():
            raise OkConfigError(f"--config {name}: no such ok configuration in {folder} "
                                "(a NAME.ok file)")
        return path
    configs = _configs(folder)
    if len(configs) > 1:
        names = ", ".join(p.name for p in configs)
        raise OkConfigError(f"{folder} holds several ok configurations ({names}): name the "
                            f"one to grade with --config, e.g. grade --config {configs[0].name}")
    return configs[0] if configs else None


def _matches(root: Path, pattern: str) -> bool:
    """Whether PATTERN finds a file ok would load tests from (an empty `__init__.py` it
    skips): ok refuses an unknown test source only then."""
    return any(not (Path(found).name == "__init__.py" and not _has_code(Path(found)))
               for found in glob.glob(os.path.join(glob.escape(str(root)), pattern)))


_ITEMS = {"src": "file names", "default_tests": "test names", "protocols": "protocol names",
          "staff_only": "file patterns", "given": "file patterns"}


def _strings(value, what: str, path: Path) -> List[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise OkConfigError(f"{path}: {what!r} must be a list of {_ITEMS.get(what, 'strings')}")
    return list(value)


def sidecar(path: Path) -> Path:
    """NAME.grader.json beside the configuration NAME.ok: this grader's settings."""
    return Path(path).with_name(Path(path).stem + ".grader.json")


def _own_settings(path: Path) -> Tuple[List[str], Optional[List[str]]]:
    """The `staff_only` and `given` patterns of the configuration's sidecar (none, and
    None, without one)."""
    side = sidecar(path)
    if not side.is_file():
        return [], None
    try:
        data = json_loads(side.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise OkConfigError(f"{side} cannot be read as JSON: {error}") from None
    if not isinstance(data, dict):
        raise OkConfigError(f"{side} must hold a JSON object")
    given = _strings(data["given"], "given", side) if "given" in data else None
    return _strings(data.get("staff_only"), "staff_only", side), given


def read(path: Path) -> OkConfig:
    path = Path(path)
    try:
        data = json_loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise OkConfigError(f"{path} cannot be read: {error.strerror or error}") from None
    except ValueError as error:
        raise OkConfigError(f"{path} is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise OkConfigError(f"{path} must hold a JSON object")
    name = data.get("name", path.stem)
    tests = data.get("tests", {})
    if not isinstance(tests, dict):
        raise OkConfigError(f"{path}: 'tests' must map files to protocols")
    entries = []
    for pattern, sources in tests.items():
        if not isinstance(sources, str):
            raise OkConfigError(f"{path}: the protocol of {pattern!r} must be a string")
        file_pattern, _, parameter = str(pattern).partition(":")
        for source in sources.split(","):  # (ok imports each as written: " doctest" too)
            if source not in SOURCES and _matches(path.parent, file_pattern):
                raise OkConfigError(f"{path}: {pattern!r} names the test source {source!r}, "
                                    f"which ok does not know (it knows {', '.join(SOURCES)})")
            entries.append((file_pattern, parameter, source.strip()))
    staff_only, given = _own_settings(path)
    return OkConfig(path=path, name=str(name), src=_strings(data.get("src"), "src", path),
                    tests=entries,
                    default_tests=_strings(data.get("default_tests"), "default_tests", path),
                    protocols=_strings(data.get("protocols"), "protocols", path),
                    staff_only=[sidecar(path).name, *staff_only], given=given)
