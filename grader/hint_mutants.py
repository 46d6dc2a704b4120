"""`grade mutate --hints`: what each killed mutant shows a student, for naming mistakes.

`grade mutate` grades a mutant only as far as its verdict needs (fuzz suites first, the
cases that reach it). A student's run goes in the assignment's order and stops at each
question's first failure, so each killed mutant is graded again that way on the
questions it failed, and the fingerprints of its cases (grader/hints.py) are kept: the
evidence a student with that mistake would give. Cached like `grade mutate`'s results.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from . import hints
from .assignment import Assignment
from .model import Question

Observed = Tuple[str, str, Dict[str, str]]  # (mutant id, question, case key -> fingerprint)


def _unshrunk(questions: Sequence[Question]) -> List[Question]:
    """Copies of QUESTIONS whose fuzz suites do not shrink a failing game: the
    fingerprint is the first failing game's, and shrinking costs seconds."""
    out = []
    for question in questions:
        copied = copy.copy(question)
        copied.suites = []
        for suite in question.suites:
            suite = copy.copy(suite)
            if suite.type == "fuzz":
                suite.raw = {**suite.raw, "shrink": 0}
            suite.cases = [copy.copy(case) for case in suite.cases]
            for case in suite.cases:
                case.suite = suite
            copied.suites.append(suite)
        out.append(copied)
    return out


def grade_source(assignment: Assignment, files: Dict[str, bytes], questions: List[Question],
                 timeout: float = 5.0):
    """The GradeResult of FILES (source name -> text) on QUESTIONS, as a student's run
    grades them (in order, each question stopping at its first failure)."""
    if assignment.is_ok:
        from .okfolder import grade_copy, sources_in
        return grade_copy(assignment, {**sources_in(assignment, Path(assignment.folder)),
                                       **files}, timeout, questions)
    from .run.runner import Runner
    from .session import grade
    with tempfile.TemporaryDirectory(prefix="hint-mutant-") as folder:
        for name, data in files.items():
            (Path(folder) / name).write_bytes(data)
        for name in assignment.support:
            shutil.copy(Path(assignment.reference) / name, Path(folder) / name)
        runner = Runner(src=Path(folder), timeout=timeout, preflight=assignment.preflight,
                        own_modules=assignment.modules)
        try:
            return grade(questions, runner, assignment=assignment, respect_locks=False)
        finally:
            runner.close()


def staff_questions(assignment: Assignment) -> List[Question]:
    if assignment.is_ok:
        from .okfolder import staff_questions as ok_questions
        return _unshrunk(ok_questions(assignment))
    from .load import casefile
    return _unshrunk(casefile.load_questions(assignment.cases))


def observe(run, jobs: Optional[int] = None, use_cache: bool = True) -> List[Observed]:
    """(mutant id, question, evidence) for every question every killed mutant of RUN (a
    `mutate.Run`) fails."""
    from . import mutate
    assignment: Assignment = run.assignment
    killed = [o for o in run.outcomes if o.killed]
    cache = None
    if not assignment.is_ok:
        cache = mutate.cache_dir() / f"{assignment.edition}-{mutate.digest(assignment)}-hints.json"
        if use_cache and cache.is_file():
            try:
                stored = [tuple(item) for item in json.loads(cache.read_text(encoding="utf-8"))]
                if {m for m, _, _ in stored} >= {o.mutant.id for o in killed}:
                    return [(m, q, dict(e)) for m, q, e in stored]
            except (OSError, ValueError, TypeError):
                pass
    questions = {q.key: q for q in staff_questions(assignment)}

    def one(outcome) -> List[Observed]:
        mutant = outcome.mutant
        wanted = [questions[k] for k in outcome.failed if k in questions]
        name = mutant.file or assignment.source
        result = grade_source(assignment, {name: mutant.source.encode()}, wanted)
        return [(mutant.id, q.question.key, hints.evidence(q)) for q in result.questions
                if q.status in ("failed", "error", "timeout")]

    with ThreadPoolExecutor(max(1, jobs or 2 * (os.cpu_count() or 1))) as pool:
        observed = [item for items in pool.map(one, killed) for item in items]
    if cache is not None:
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            partial = cache.with_name(f".{cache.name}.{os.getpid()}.tmp")
            partial.write_text(json.dumps(observed), encoding="utf-8")
            os.replace(partial, cache)
        except OSError:
            pass
    return observed


def proposals(run, jobs: Optional[int] = None, use_cache: bool = True) -> dict:
    """What `grade mutate --hints` writes: entries to name, grouped by first failure, and
    how many killed mutants the catalogue already names."""
    assignment = run.assignment
    path = hints.path_for(assignment)
    catalogue = hints.load(path) if path is not None else None
    observed = observe(run, jobs=jobs, use_cache=use_cache)
    groups = hints.propose(observed, catalogue)
    named = sum(len(g["mutants"]) for g in groups if "known" in g)
    return {"catalogue": str(path) if path else None, "failing_questions": len(observed),
            "named": named, "groups": groups}
