"""`grade` in a student workspace: load the cases, run them, show and record the result."""

from __future__ import annotations

import contextlib
import json
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, List, Optional, Sequence, Set

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


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP: `grade` stops as it does for Ctrl-C (exit status 128 + N)."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def stop_signals() -> Iterator[None]:
    def stop(signum, frame):
        raise Stopped(signum)
    saved = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


@dataclass
class Progress:
    """The questions a run means to grade, and those it finished: what an interrupt
    reports as not run."""

    planned: List[Question] = field(default_factory=list)
    finished: Set[str] = field(default_factory=set)

    def not_run(self) -> List[Question]:
        return [q for q in self.planned if q.key not in self.finished]


class Ticker:
    """On a terminal, while a case runs past a second: which one, and for how long."""

    def __init__(self, console):
        self.console = console
        self.status = None

    def __call__(self, question: Optional[Question], case, seconds: float) -> None:
        if question is None:
            if self.status is not None:
                self.status.stop()
                self.status = None
            return
        text = f"{question.name} › Case {case.number}: running for {seconds:.0f} s"
        if self.status is None:
            self.status = self.console.status(text)
            self.status.start()
        else:
            self.status.update(text)


def run(ws: Workspace, assignment: Assignment, options: Options) -> int:
    """Grade the workspace; return the exit status (0 all passed, 1 otherwise, 130
    after Ctrl-C). However `grade` ends, the student code it started ends with it:
    here by closing the runner, and by each worker's guard when grade is killed."""
    progress = Progress()
    runner = Runner(src=ws.root, timeout=options.timeout, preflight=(assignment.module,))
    try:
        with stop_signals():
            runner.start()
            return _run(ws, options, runner, progress)
    except KeyboardInterrupt as stop:
        runner.close()
        return interrupted(progress, stop)
    finally:
        runner.close()


def interrupted(progress: Progress, stop: KeyboardInterrupt) -> int:
    from . import report
    signum = stop.signum if isinstance(stop, Stopped) else signal.SIGINT
    how = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
    missing = progress.not_run()
    names = ", ".join(q.name for q in missing)
    text = f"Stopped by {how}: " + (f"not run: {names}." if missing else "every question had run.")
    try:
        report.print_error(report.make_console(stderr=True), text)
    except (OSError, ValueError):  # a closed terminal
        pass
    return 128 + signum


def _run(ws: Workspace, options: Options, runner: Runner,
         progress: Optional[Progress] = None) -> int:
    from .fuzz import suite as fuzz_suite
    from . import interactive
    from . import report  # after the worker has started
    from .session import grade

    console = report.make_console(stderr=options.json_path == "-")
    try:
        questions = load_workspace_questions(ws, options.questions)
        if progress is not None:
            progress.planned = list(questions)
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
        if progress is not None:
            progress.finished.add(result.question.key)
        block = report.question_block(result, options.verbose)
        if block is not None:
            console.print(block)

    ticker = Ticker(console) if console.is_terminal else None
    try:
        result = grade(questions, runner, assignment=ws.assignment, verbose=options.verbose,
                       case_numbers=options.cases, on_question=show, on_running=ticker)
    finally:
        if ticker is not None:
            ticker(None, None, 0.0)
    if result.error:
        report.print_error(console, result.error)
    console.print()
    console.print(report.summary(result, score=options.score))
    console.print(report.closing_line(result))
    if options.json_path:
        write_json(result, options.json_path)
    if options.interact:
        failing = next((c for q in result.questions for c in q.case_results
                        if c.status in ("failed", "error", "timeout")), None)
        if failing is not None:
            interactive.start(ws.root, failing)
    return 0 if result.all_passed else 1
