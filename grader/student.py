"""`grade` in a student workspace: load the cases, run them, show and record the result."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional, Sequence, Set

from .load import casefile
from .assignment import Assignment
from .model import GradeResult, Question
from .run.runner import Runner
from .workspace import Workspace


class UsageProblem(Exception):
    """A request that cannot be carried out as asked (exit status 2)."""


@dataclass
class Options:
    questions: Sequence[str] = ()
    verbose: bool = False
    score: bool = False
    cases: Optional[Set[int]] = None
    timeout: float = 10.0
    json_path: Optional[str] = None
    interact: bool = False
    seed: Optional[int] = None


def load_workspace_questions(ws: Workspace, keys: Sequence[str]) -> List[Question]:
    known = casefile.question_keys(ws.tests)
    wanted = list(keys) or known
    unknown = [k for k in wanted if k not in known]
    if unknown:
        raise UsageProblem(f"no question {', '.join(unknown)} in {ws.tests} "
                           f"(questions: {', '.join(known)})")
    return casefile.load_questions(ws.tests, wanted)


def write_json(result: GradeResult, path: str) -> None:
    text = json.dumps(result.record(), indent=2) + "\n"
    if path == "-":
        sys.stdout.write(text)
    else:
        Path(path).write_text(text, encoding="utf-8")


def run(ws: Workspace, assignment: Assignment, options: Options) -> int:
    """Grade the workspace; return the exit status (0 all passed, 1 otherwise)."""
    runner = Runner(src=ws.root, timeout=options.timeout, preflight=(assignment.module,))
    runner.start()
    try:
        return _run(ws, options, runner)
    finally:
        runner.close()


def _run(ws: Workspace, options: Options, runner: Runner) -> int:
    from .fuzz import suite as fuzz_suite
    from . import interactive
    from . import report  # after the worker has started
    from .session import grade

    console = report.make_console(stderr=options.json_path == "-")
    try:
        questions = load_workspace_questions(ws, options.questions)
    except casefile.CaseFileError as error:
        raise UsageProblem(f"a case file is broken: {error}") from None
    if options.seed is not None:
        try:
            fuzz_suite.set_seed(questions, options.seed)
        except fuzz_suite.FuzzSetupError as error:
            raise UsageProblem(str(error)) from None
    if options.cases is not None:
        numbers = {c.number for q in questions for c in q.cases}
        missing = sorted(options.cases - numbers)
        if missing:
            raise UsageProblem(f"no case {', '.join(map(str, missing))} in "
                               f"{', '.join(q.key for q in questions)}")

    def show(result):
        block = report.question_block(result, options.verbose)
        if block is not None:
            console.print(block)

    result = grade(questions, runner, assignment=ws.assignment, verbose=options.verbose,
                   case_numbers=options.cases, on_question=show)
    if result.error:
        report.print_error(console, result.error)
    console.print()
    console.print(report.summary(result, score=options.score))
    console.print(report.closing_line(result))
    if options.json_path:
        write_json(result, options.json_path)
    if options.interact:
        failing = next((c for q in result.questions for c in q.case_results
                        if c.status in ("failed", "error")), None)
        if failing is not None:
            interactive.start(ws.root, failing)
    return 0 if result.all_passed else 1
