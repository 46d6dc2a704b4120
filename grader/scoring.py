"""Points for a question: all of its scored suites pass, or nothing."""

from __future__ import annotations

from typing import List

from .model import CaseResult, Question, QuestionResult

_FAILING = ("failed", "error", "timeout")


def score_question(question: Question, results: List[CaseResult]) -> QuestionResult:
    scored = [r for r in results if r.case.suite.scored]
    counted = scored or results
    first_bad = next((r for r in counted if r.status in _FAILING), None)
    if first_bad is not None:
        status = first_bad.status
    elif any(r.status == "locked" for r in results):  # a locked concept case holds it back too
        status = "locked"
    else:
        status = "passed"
    full = status == "passed" and all(r.status == "passed" for r in scored)
    return QuestionResult(question, status, question.points if full else 0, results)
