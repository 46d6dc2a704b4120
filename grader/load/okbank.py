"""The tests of an ok assignment, as its configuration names them, in ok's order.

A bank answers the three questions every run asks: which tests exist (what `-q`
takes), which run when none is named (`default_tests`, else all), and the Questions
of some of them. A Hog workspace's bank is its folder of case files; an ok folder's
is its `NAME.ok`: case files (`ok_test`) and the docstrings of source files
(`doctest`), each test named as ok names it.
"""

from __future__ import annotations

import glob
import json
import os
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Tuple

from .. import asts
from ..model import Case, Question, Suite
from ..untrusted import loads as json_loads
from . import casefile, doctests, encrypted
from .okconfig import OkConfig

_TEST_ASSIGNMENT = casefile._TEST_ASSIGNMENT


def encrypted_message(relative: str, what: str) -> str:
    """Why a test cannot run while RELATIVE is encrypted, and what to do."""
    return (f"{relative} is encrypted: this {what} opens with a key the course gives when "
            "it releases it; then run `grade --decrypt KEY` in this folder (as ok's "
            "`python3 ok --decrypt KEY`)")


class CaseFolderBank:
    """A folder of case files (a Hog workspace's tests/, a staff case folder)."""

    scoring = "all"

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self._points: Optional[Dict[str, list]] = None  # stem -> [mtime_ns, size, points]

    def keys(self) -> List[str]:
        return casefile.question_keys(self.folder)

    def default_keys(self) -> List[str]:
        return self.keys()

    def load(self, keys: Optional[Iterable[str]] = None) -> List[Question]:
        return casefile.load_questions(self.folder, keys)

    def points(self, key: str) -> float:
        """The points of question KEY, remembered in __pycache__/points.json beside the
        case files (a partial run's total reads every other question's: parsing each
        file took a -q run ~4 ms), keyed by each file's size and time of change."""
        path = self.folder / f"{key}.py"
        try:
            stat = path.stat()
        except OSError:
            return 0
        cache = self._points_cache()
        entry = cache.get(key)
        if (isinstance(entry, list) and len(entry) == 3 and entry[:2] == [stat.st_mtime_ns, stat.st_size]
                and isinstance(entry[2], (int, float)) and not isinstance(entry[2], bool)):
            return entry[2]
        try:
            points = casefile.read_literal(path).get("points", 0)
        except casefile.CaseFileError:
            points = 0
        if not isinstance(points, (int, float)) or isinstance(points, bool):
            points = 0
        cache[key] = [stat.st_mtime_ns, stat.st_size, points]
        self._save_points(cache)
        return points

    def _points_cache(self) -> Dict[str, list]:
        if self._points is None:
            try:
                data = json_loads((self.folder / "__pycache__" / "points.json").read_text())
                self._points = data if isinstance(data, dict) else {}
            except (OSError, ValueError):
                self._points = {}
        return self._points

    def _save_points(self, cache: Dict[str, list]) -> None:
        """Best effort, as the examples' cache (casefile.ParseCache)."""
        target = self.folder / "__pycache__" / "points.json"
        try:
            target.parent.mkdir(exist_ok=True)
            partial = target.with_name(f".points.json.{os.getpid()}.tmp")
            partial.write_text(json.dumps(cache))
            os.replace(partial, target)
        except OSError:
            pass


class OkBank:
    """The tests an ok configuration names. ROOT is the folder the configuration's
    globs are read in (ok's working directory); DOCSTRINGS, where the doctest protocol
    reads the source files (the student's own by default; bulk grading reads the
    staff's, which a submission cannot edit)."""

    scoring = "suites"

    def __init__(self, config: OkConfig, root: Optional[Path] = None,
                 docstrings: Optional[Path] = None):
        self.config = config
        self.root = Path(root or config.folder)
        self.docstrings = Path(docstrings or self.root)
        self._index: Optional[Dict[str, Tuple[str, Path, object]]] = None

    def _files(self, pattern: str) -> List[Path]:
        found = sorted(glob.glob(os.path.join(glob.escape(str(self.root)), pattern)))
        return [Path(name) for name in found]

    def index(self) -> Dict[str, Tuple[str, Path, object]]:
        """test name -> (source, file, what loads it), in ok's order; a later test of
        the same name replaces an earlier one, as in ok."""
        if self._index is not None:
            return self._index
        index: Dict[str, Tuple[str, Path, object]] = {}
        for pattern, parameter, source in self.config.tests:
            if source == "ok_test":
                for path in self._files(pattern):
                    if path.suffix != ".py" or not path.is_file():
                        continue
                    if encrypted.file_is_encrypted(path):  # a test counted, and failing
                        index[path.stem] = ("encrypted", path, None)
                    elif self._is_case_file(path):  # not an __init__.py or a helper module
                        index[path.stem] = ("ok_test", path, None)
            elif source == "scheme_test":
                for path in self._files(pattern):
                    if path.suffix == ".scm" and path.is_file():
                        index[path.relative_to(self.root).as_posix()] = ("scheme_test", path,
                                                                         None)
            elif source == "doctest":
                for path in self._files(pattern):
                    if path.suffix != ".py" or not path.is_file():
                        continue
                    relative = path.relative_to(self.root).as_posix()
                    for name, target in self._doctest_targets(relative, parameter).items():
                        index[name] = ("doctest", path, target)
        self._index = index
        return index

    @staticmethod
    def _is_case_file(path: Path) -> bool:
        try:
            return bool(_TEST_ASSIGNMENT.search(path.read_bytes()))
        except OSError:
            return False

    def _doctest_targets(self, relative: str, parameter: str) -> Dict[str, object]:
        """The callables of one source file (or just PARAMETER), read from the copy the
        docstrings come from. When that file cannot be read, the tests are the ones
        the configuration expects, each failing with the reason."""
        path = self.docstrings / relative
        try:
            targets = doctests.discover(asts.read_source(path), relative)
        except (OSError, doctests.DiscoveryError) as error:
            why = (f"{relative} cannot be read: {error.strerror or error}"
                   if isinstance(error, OSError) else str(error))
            if encrypted.file_is_encrypted(path):
                why = encrypted_message(relative, "file")
            names = [parameter] if parameter else (self.config.default_tests or [relative])
            return {name: why for name in names}
        found = {t.name: t for t in targets}
        if parameter:
            return {parameter: found.get(parameter, f"{relative} has no function {parameter}")}
        return found

    def keys(self) -> List[str]:
        return list(self.index())

    def default_keys(self) -> List[str]:
        """What runs when no test is named: `default_tests` (a missing one is kept: it
        fails with the reason, where ok refuses to run at all), else every test."""
        if not self.config.default_tests:
            return self.keys()
        return list(dict.fromkeys(self.config.default_tests))

    def load(self, keys: Optional[Iterable[str]] = None) -> List[Question]:
        index = self.index()
        chosen = list(dict.fromkeys(keys)) if keys is not None else self.default_keys()
        questions = []
        caches: Dict[Path, casefile.ParseCache] = {}
        for key in chosen:
            if key not in index:
                if keys is not None and key not in self.config.default_tests:
                    raise KeyError(key)
                questions.append(self._missing(key))
                continue
            source, path, target = index[key]
            if source == "ok_test":
                question = casefile.load_question(path)
                question.key = key
            elif source == "scheme_test":
                question = self._scheme_test(key, path)
            elif source == "encrypted":
                question = self._missing(key, encrypted_message(
                    path.relative_to(self.root).as_posix(), "test"), path)
            else:
                module = doctests.module_name(path.relative_to(self.root).as_posix())
                if isinstance(target, str):
                    question = self._missing(key, target, path)
                else:
                    if path not in caches:
                        caches[path] = casefile.ParseCache(path)
                    question = doctests.question(target, path, module, caches[path])
            question.scoring = "suites"
            questions.append(question)
        for cache in caches.values():
            cache.save()
        return questions

    @staticmethod
    def _scheme_test(key: str, path: Path) -> Question:
        """A Scheme file of tests (ok's scheme_test source): one scheme suite, which this
        grader names and does not run."""
        suite = Suite(number=1, type="scheme", path=path)
        suite.cases.append(Case(number=1, suite=suite))
        return Question(key=key, name=key, points=1, suites=[suite], path=path)

    def _missing(self, key: str, why: str = "", path: Optional[Path] = None) -> Question:
        question = Question(key=key, name=key, points=1, suites=[], path=path,
                            scoring="suites")
        absent = [] if why else [pattern for pattern, _, source in self.config.tests
                                 if source == "doctest" and not self._files(pattern)]
        if absent:  # (its functions' tests are what is missing, likely)
            why = (f"no test {key}: there is no {' or '.join(absent)} here, the file the "
                   "configuration reads its doctests from")
        question.error = why or (f"no test {key}: the configuration expects it (was the "
                                 "function or its doctests deleted?)")
        return question

    def points(self, key: str) -> float:
        source, path, _ = self.index().get(key, ("doctest", None, None))
        if source in ("doctest", "scheme_test", "encrypted"):  # (ok counts 1 for each)
            return 1
        try:
            points = casefile.read_literal(path).get("points", 0)
        except casefile.CaseFileError:
            return 0
        return points if isinstance(points, (int, float)) and not isinstance(points, bool) else 0
