"""`grade verify`: the staff cases hold up: the reference passes every case (hidden
ones too), and every scored question fails on the untouched template (a case that
passes on the template asserts nothing)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List

from .load import casefile
from .assignment import Assignment
from .model import GradeResult
from .run.runner import Runner
from .session import grade


@dataclass
class Verdict:
    reference: GradeResult
    template: GradeResult
    problems: List[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(assignment: Assignment, timeout: float = 30.0) -> Verdict:
    questions = casefile.load_questions(assignment.cases)
    module = (assignment.module,)
    reference = grade(questions, Runner(src=assignment.reference, timeout=timeout,
                                        preflight=module), assignment=assignment,
                      verbose=True, respect_locks=False)
    template = grade(questions, Runner(src=assignment.template, timeout=timeout,
                                       preflight=module), assignment=assignment,
                     verbose=True, respect_locks=False)
    problems = []
    for result in reference.questions:
        for case in result.case_results:
            if case.status != "passed":
                problems.append(f"reference: {result.question.name} case {case.case.number} "
                                f"is {case.status}: {case.message or case.got!r}")
    for result in template.questions:
        if result.question.points > 0 and result.score > 0:
            problems.append(f"template: {result.question.name} scores on the untouched "
                            "template: its cases assert nothing")
    return Verdict(reference, template, problems)
