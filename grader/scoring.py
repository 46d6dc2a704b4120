"""Points for a question: every case of its scored suites ran and passed, or nothing."""

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
    # Points need every scored case of the question to have run and passed: a run of
    # some cases (`--case`) never earns the points of the rest.
    passed = {r.case.number for r in results if r.status == "passed"}
    wanted = [c for c in question.cases if c.suite.scored] or question.cases
    full = status == "passed" and all(c.number in passed for c in wanted)
    return QuestionResult(question, status, question.points if full else 0, results)
