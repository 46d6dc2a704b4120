"""Fixtures shared by the tests: the staff questions, and grading a hog.py of our own."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Callable, Dict, Iterable, Optional

import pytest

from grader import assignment as assignments
from grader import casefile
from grader.model import GradeResult, Question
from grader.runner import Runner
from grader.session import grade


@pytest.fixture(scope="session")
def fa19():
    return assignments.load("fa19")


@pytest.fixture(scope="session")
def staff_questions(fa19) -> Dict[str, Question]:
    """Every staff question, hidden cases included, by key ("05a")."""
    return {q.key: q for q in casefile.load_questions(fa19.cases)}


GradeHog = Callable[..., GradeResult]


@pytest.fixture(scope="session")
def grade_hog(fa19, staff_questions, tmp_path_factory) -> GradeHog:
    """grade_hog(source, keys=None) grades the hog.py text SOURCE, with the reference's
    support files beside it, on the staff cases (all questions unless KEYS), as staff
    grading does: locks ignored, a question stops at its first failing case."""

    def run(source: str, keys: Optional[Iterable[str]] = None,
            timeout: float = 10.0) -> GradeResult:
        folder = tmp_path_factory.mktemp("submission")
        (folder / fa19.source).write_text(source, encoding="utf-8")
        for name in fa19.support:
            shutil.copy(Path(fa19.reference) / name, folder / name)
        wanted = list(staff_questions) if keys is None else list(keys)
        runner = Runner(src=folder, timeout=timeout, preflight=(fa19.module,))
        return grade([staff_questions[k] for k in wanted], runner, respect_locks=False)

    return run
