"""Points for a question.

Hog's rule ("all"): every case of its scored suites ran and passed, or nothing. ok's
rule ("suites", any ok assignment): the points are spread evenly over the scored
suites, and a suite earns its share when every one of its cases ran and passed with
none locked. Suites this grader does not run (scheme, sqlite) count for nothing.
"""

from __future__ import annotations

from typing import List, Optional

from .load.casefile import FOREIGN_SUITE_TYPES
from .model import CaseResult, Question, QuestionResult

_FAILING = ("failed", "error", "timeout")


def _status(results: List[CaseResult], counted: Optional[List[CaseResult]] = None) -> str:
    """A question's status: its first failure among COUNTED (default: all RESULTS)."""
    first_bad = next((r for r in (results if counted is None else counted)
                      if r.status in _FAILING), None)
    if first_bad is not None:
        return first_bad.status
    if any(r.status == "locked" for r in results):  # a locked concept case holds it back too
        return "locked"
    if results and all(r.status == "unsupported" for r in results):
        return "unsupported"
    return "passed"


def score_question(question: Question, results: List[CaseResult]) -> QuestionResult:
    if question.error:
        return QuestionResult(question, "error", 0, results, message=question.error)
    if question.scoring == "suites":
        return _by_suites(question, results)
    scored = [r for r in results if r.case.suite.scored]
    status = _status(results, scored or results)
    # Points need every scored case of the question to have run and passed: a run of
    # some cases (`--case`) never earns the points of the rest.
    passed = {r.case.number for r in results if r.status == "passed"}
    wanted = [c for c in question.cases if c.suite.scored] or question.cases
    full = status == "passed" and all(c.number in passed for c in wanted)
    return QuestionResult(question, status, question.points if full else 0, results)


def _by_suites(question: Question, results: List[CaseResult]) -> QuestionResult:
    status = _status(results)
    passed = {r.case.number for r in results if r.status == "passed"}
    scored = [s for s in question.suites if s.scored and s.type not in FOREIGN_SUITE_TYPES]
    earned = sum(all(c.number in passed for c in suite.cases) for suite in scored)
    score = question.points * earned / len(scored) if scored else 0.0
    return QuestionResult(question, status, score, results)
