"""The staff cases accept correct work written unlike the reference, and hold up as a set.

A solution in tests/solutions/ holds only what a student writes; it is appended to the
untouched template, whose stubs its definitions replace, and the whole file is graded.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from grader.verify import verify

SOLUTIONS = sorted(Path(__file__).with_name("solutions").glob("*.py"))


def test_there_are_solutions_in_three_styles_at_least():
    assert len(SOLUTIONS) >= 3


@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda path: path.stem)
def test_solution_in_another_style_gets_full_marks(solution, fa19, grade_hog):
    template = (Path(fa19.template) / fa19.source).read_text(encoding="utf-8")
    result = grade_hog(template + "\n\n" + solution.read_text(encoding="utf-8"))
    assert result.error is None, result.error
    failed = {q.question.key: next((c.case.code.strip() + f"\n  got: {c.got or c.message}"
                                    for c in q.case_results if not c.passed), q.status)
              for q in result.questions if q.status != "passed"}
    assert not failed, f"{solution.stem} fails:\n" + "\n".join(
        f"{key}: {why}" for key, why in failed.items())
    assert result.score == result.max_score == 22


def test_template_alone_scores_nothing(fa19, grade_hog):
    """The solutions' marks come from their code, not from the template they extend."""
    template = (Path(fa19.template) / fa19.source).read_text(encoding="utf-8")
    assert grade_hog(template).score == 0


def test_verify_reference_passes_every_case_and_template_fails_every_question(fa19):
    verdict = verify(fa19)
    assert verdict.ok, "\n".join(verdict.problems)
    reference_cases = [c for q in verdict.reference.questions for c in q.case_results]
    assert any(c.case.hidden for c in reference_cases), "no hidden case was run"
    assert all(c.passed for c in reference_cases)
    assert verdict.reference.score == verdict.reference.max_score == 22
    scored = [q for q in verdict.template.questions if q.question.points > 0]
    assert scored and all(q.score == 0 for q in scored)


def test_grade_verify_command_exits_zero():
    done = subprocess.run([str(Path(sys.executable).with_name("grade")), "verify"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
