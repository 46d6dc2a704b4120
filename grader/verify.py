"""`grade verify`: the staff cases hold up: the reference passes every case (hidden
ones too), and every scored question fails on the untouched template (a case that
passes on the template asserts nothing).

For an ok assignment (a folder with NAME.ok) the solution is the folder's own source
files and every test of the configuration runs, default tests and all others; the
template (DIR/template/, when there is one) is graded in a copy of the folder with the
starter sources overlaid. A scored test the template passes is reported, not counted
as a problem: a homework's template may well pass a test of a helper it gives."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional

from .load import casefile
from .assignment import Assignment
from .model import GradeResult
from .run.runner import Runner
from .session import grade

NOT_RUN = ("unsupported",)  # suites this grader says and does not count (scheme, sqlite)


@dataclass
class Verdict:
    reference: GradeResult
    template: Optional[GradeResult]
    problems: List[str] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)  # worth knowing, not a failure

    @property
    def ok(self) -> bool:
        return not self.problems


def _reference_problems(result: GradeResult, who: str = "reference") -> List[str]:
    problems = []
    if result.error:
        problems.append(f"{who}: {result.error}")
    for question in result.questions:
        if question.status in NOT_RUN:
            continue
        if question.question.error:
            problems.append(f"{who}: {question.question.name}: {question.question.error}")
        for case in question.case_results:
            if case.status not in ("passed",) + NOT_RUN:
                problems.append(f"{who}: {question.question.name} case {case.case.number} "
                                f"is {case.status}: {case.message or case.got!r}")
    return problems


def _apart_problems(in_place: GradeResult, other: GradeResult, how: str) -> List[str]:
    """The solution's cases that pass in a plain run but fail when run another way
    (HOW): hidden cases after the others, from a fresh import, as bulk and Gradescope
    run them (no output a student sees may come from a worker that ran one); or with no
    unscored suite run, as `--score` runs. Such a case depends on what other cases leave
    in the module (a global, a class attribute): every student would lose it."""
    passed = {(r.question.name, c.case.number) for r in in_place.questions
              for c in r.case_results if c.status == "passed"}
    return [f"solution: {r.question.name} suite {c.case.suite.number} case "
            f"{c.case.suite.cases.index(c.case) + 1} passes in a plain run but is {c.status} "
            f"{how}: make it not depend on what other cases leave in the module "
            f"({c.message or c.got!r})"
            for r in other.questions for c in r.case_results
            if (r.question.name, c.case.number) in passed
            and c.status not in ("passed",) + NOT_RUN]


def _own_names(assignment: Assignment) -> set:
    """The names the solution's source files define at their top level, and the
    modules' own names: what a student writes."""
    from . import asts
    names = set(assignment.modules)
    for name in assignment.sources:
        try:
            tree = asts.parse(asts.read_source(Path(assignment.folder) / name), name)
        except (OSError, SyntaxError):
            continue
        names.update(node.name for node in tree.body if isinstance(
            node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)))
    return names


def _is_check(source: str, own: set) -> bool:
    """Whether a prompt's expression asks a question the student's objects or code can
    answer themselves: a comparison (`f(x) == sorted(x)`, under `not`), or a call of a
    function that is not the student's (`no_repeats(dedup(xs))`, `all(...)`)."""
    from . import asts
    try:
        node = asts.parse(source.strip(), mode="eval").body
    except SyntaxError:
        return False
    while isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        node = node.operand
    if isinstance(node, ast.Compare):  # (an identity no object can fake)
        return not all(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops)
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id not in own)  # (a method is the student's object's own)


def _check_style(assignment: Assignment, questions) -> List[str]:
    """The hidden cases with an example that prints True or False from such a check: a
    constant the code need not know (attack27 F1)."""
    own = _own_names(assignment)
    found = []
    for question in questions:
        for case in question.cases:
            if case.hidden and case.suite.type == "doctest" and any(
                    not e.locked and e.want.strip() in ("True", "False")
                    and _is_check(e.source, own) for e in case.examples):
                found.append(f"{question.name} case {case.number}")
    return found


def verify(assignment: Assignment, timeout: float = 30.0) -> Verdict:
    if assignment.is_ok:
        return verify_ok(assignment, timeout)
    questions = casefile.load_questions(assignment.cases)
    module = (assignment.module,)
    reference = grade(questions, Runner(src=assignment.reference, timeout=timeout,
                                        preflight=module, show_wants=True, **assignment.seeding()),
                      assignment=assignment,
                      verbose=True, respect_locks=False)
    template = grade(questions, Runner(src=assignment.template, timeout=timeout,
                                       preflight=module, show_wants=True, **assignment.seeding()),
                      assignment=assignment,
                     verbose=True, respect_locks=False)
    problems = _reference_problems(reference)
    for result in template.questions:
        if result.question.points > 0 and result.score > 0:
            problems.append(f"template: {result.question.name} scores on the untouched "
                            "template: its cases assert nothing")
    return Verdict(reference, template, problems)


def verify_ok(assignment: Assignment, timeout: float = 30.0) -> Verdict:
    from . import okfolder
    questions = okfolder.staff_questions(assignment)
    # the solution too is graded in a copy: nothing is written into the staff folder
    reference = okfolder.grade_copy(assignment, okfolder.sources_in(assignment, assignment.folder),
                                    timeout, questions, verbose=True)
    template = None
    if assignment.template is not None:
        template = okfolder.grade_copy(
            assignment, okfolder.sources_in(assignment, assignment.template), timeout,
            questions, verbose=True)
    problems = _reference_problems(reference, "solution")
    solution = okfolder.sources_in(assignment, assignment.folder)
    if not problems and any(not s.scored for q in questions for s in q.suites):
        problems = _apart_problems(reference, okfolder.grade_copy(
            assignment, solution, timeout, questions, verbose=True, scored_only=True),
            "as `ok --score` and `grade --score` run it (no unscored suite runs first)")
    if not problems and any(c.hidden for q in questions for c in q.cases):
        problems = _apart_problems(reference, okfolder.grade_copy(
            assignment, solution, timeout, questions, verbose=True, as_bulk=True),
            "in `grade bulk` and Gradescope, which run hidden cases after the others from a "
            "fresh import")
    notes = []
    foreign = [r.question.name for r in reference.questions if r.status in NOT_RUN]
    if foreign:  # (ok runs them: a solution that fails them is not seen here)
        notes.append(f"not checked: {', '.join(foreign)} (scheme or sqlite suites, which this "
                     "grader does not run: check them with the course's own client)")
    cases = {path.resolve() for path in okfolder.case_files(assignment)}
    own = {Path(assignment.ok.path.name), okfolder.catalogue_path(assignment),
           *map(Path, assignment.sources)}
    copied = [relative.as_posix() for relative in okfolder.folder_files(assignment)
              if relative not in own and (assignment.folder / relative).resolve() not in cases]
    if copied:  # what no check can judge (a script that prints answers), staff can
        notes.append("copied into every sandbox and every student's folder, beside the "
                     f"sources and tests: {', '.join(copied)}")
    for relative, why in okfolder.left_out(assignment):
        notes.append(f"left out of every copy: {relative.as_posix()} ({why})")
    named = okfolder.solution_only(assignment, named=True)
    if named:
        notes.append(f"{assignment.ok.path.name} names {', '.join(named)}, which template/ "
                     "does not define: students must write them (ok refuses to load a file "
                     "without one, for every test)")
    if not assignment.ok.default_tests:
        alone = okfolder.solution_only(assignment)
        if alone:
            notes.append(f"not graded in bulk and on Gradescope: {', '.join(alone)} (the "
                         "solution's own functions: template/ has none, and with no "
                         "default_tests ok tests the functions of the file it is given)")
    checks = _check_style(assignment, questions)
    if checks:
        notes.append("hidden examples that print a check's verdict, not a value: "
                     f"{', '.join(checks)}. What an example prints is computed beside the "
                     "student's code, which can answer such a check itself (an object equal to "
                     "everything, a replaced helper), in grade as in ok; show the value "
                     "instead (`>>> my_sort(xs)` / `[1, 2, 3]`): the code cannot know it")
    apart = okfolder.examples_apart(assignment, questions)
    if apart:
        notes.append(f"the solution's examples are not the template's: {', '.join(apart)} "
                     "(bulk and Gradescope grade the solution's, and show them when they fail)")
    if template is None:
        notes.append(f"no {assignment.folder}/template/: the starter files were not checked "
                     "(and `grade publish` refuses to hand out the solution)")
    else:
        for result in template.questions:
            if result.max_score > 0 and result.score > 0:
                notes.append(f"template: {result.question.name} scores {result.score:g} of "
                             f"{result.max_score:g} on the untouched template (fine for a "
                             "helper the template gives; otherwise its cases assert nothing)")
    return Verdict(reference, template, problems, notes)
