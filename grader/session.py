"""One grading run: plan the cases of some questions, run them, judge and score them.

Suite kinds plug in through SUITE_KINDS (type name -> a class made with the assignment
being graded): each turns a case into a CaseJob for the worker and judges the CaseRun
that comes back. Doctest suites are the framework's own; PLUGIN_KINDS names the modules
of the kinds an assignment's case files may ask for by type (Hog's fuzzing of `play`
and win rate of a final strategy), imported only when a question has such a suite.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Callable, Dict, Iterable, List, Optional, Protocol, Set

from .assignment import Assignment
from .assignment import load as load_assignment
from . import hints
from .judge import Room, check_example, judge_case, plain_want
from .model import Case, CaseResult, CaseRun, GradeResult, Question, QuestionResult
from .load.casefile import FOREIGN_SUITE_TYPES
from .run.runner import CaseJob, Runner, SubmissionError
from .scoring import score_question


class SuiteKind(Protocol):
    def job(self, case: Case, job_id: int) -> CaseJob: ...

    def judge(self, case: Case, run: CaseRun, runner: Optional[Runner] = None) -> CaseResult:
        """RUNNER lets a kind run more student code for its verdict (fuzzing shrinks a
        failing game that way); most kinds ignore it."""


DEFAULT_CAP = Runner.output_cap  # characters an example may print by default
LONGEST_CAP = 8 << 20  # ... at most, however long the output a case expects


class DoctestKind:
    def __init__(self, assignment: Optional[Assignment] = None):
        # an ok assignment's examples are judged exactly as ok judges them
        self.exact = assignment is not None and assignment.is_ok

    def job(self, case: Case, job_id: int) -> CaseJob:
        examples = case.examples
        longest = max((len(e.want) for e in examples), default=0)
        room = 2 * longest + 4096  # a case expecting a long output is given room for it
        if case.hidden:  # the code can read its job: a power of two tells no exact length
            room = 1 << (room - 1).bit_length()
        return CaseJob(id=job_id, examples=[e.source for e in examples],
                       output_cap=min(room, LONGEST_CAP) if room > DEFAULT_CAP else None,
                       setup=[e.source for e in case.suite.setup_examples],
                       teardown=[e.source for e in case.suite.teardown_examples],
                       gate=lambda index, output: check_example(examples[index], output,
                                                                self.exact),
                       plain_wants=None if case.hidden else [plain_want(e) for e in examples],
                       secret=case.hidden)

    def judge(self, case: Case, run: CaseRun, runner: Optional[Runner] = None) -> CaseResult:
        return judge_case(case, run, self.exact)


SUITE_KINDS: Dict[str, Callable[[Optional[Assignment]], SuiteKind]] = {"doctest": DoctestKind}


def kinds_for(assignment: Optional[Assignment],
              types: Optional[Set[str]] = None) -> Dict[str, SuiteKind]:
    """One instance of every suite kind (of those named TYPES), bound to ASSIGNMENT (the
    default edition when None)."""
    return {name: make(assignment) for name, make in SUITE_KINDS.items()
            if types is None or name in types}


@dataclass
class Plan:
    question: Question
    cases: List[Case]


def locked_numbers(question: Question, cases: Iterable[Case]) -> Set[int]:
    """The numbers of CASES (QUESTION's) that a student's run skips until they are
    unlocked: the locked ones and, where QUESTION is scored by suites, every case after
    a locked one in its suite (ok counts those as locked too)."""
    out: Set[int] = set()
    suites: Set[int] = set()
    for case in cases:
        if case.locked or (question.scoring == "suites" and case.suite.number in suites):
            suites.add(case.suite.number)
            out.add(case.number)
    return out


def plan(questions: Iterable[Question], case_numbers: Optional[Set[int]] = None,
         scored_only: bool = False) -> List[Plan]:
    return [Plan(q, [c for c in q.cases if (case_numbers is None or c.number in case_numbers)
                     and (c.suite.scored or not scored_only)])
            for q in questions]


def _answered(case) -> str:
    """An unlocked concept or wwpp case as `ok -v` shows it: the question and its
    answer, or the session with its answers."""
    if case.is_concept:
        return f"Q: {textwrap.dedent(case.question).strip()}\nA: {case.answer}"
    return textwrap.dedent(case.code).strip("\n")


def grade(questions: Iterable[Question], runner: Runner, *,
          assignment: Optional[Assignment] = None, verbose: bool = False,
          case_numbers: Optional[Set[int]] = None, respect_locks: bool = True,
          on_question: Optional[Callable[[QuestionResult], None]] = None,
          stop_on_timeout: bool = False,
          on_running: Optional[Callable[[Optional[Question], Optional[Case], float], None]]
          = None, scored_only: bool = False, ok_suites: bool = False,
          hidden_apart: bool = True) -> GradeResult:
    """Grade QUESTIONS with RUNNER. Unless VERBOSE, a question stops at its first failure;
    with STOP_ON_TIMEOUT, even a verbose run stops a question whose case timed out or
    crashed (its other cases would likely cost a timeout each). SCORED_ONLY runs no case
    of an unscored suite, as `ok --score` runs none (what they would change in the
    student's module, later tests never see). OK_SUITES: even when VERBOSE, a suite of
    a question ok scores by suites stops at its first failing case, as `ok --score`
    stops it: bulk grading runs every case for its reports, and gives ok's points.

    Staff case files mark with `locked` the cases to lock when publishing, with their
    answers in plain text: staff runs pass RESPECT_LOCKS=False to run them.

    HIDDEN_APART: hidden cases run after the others, in a worker of their own (what bulk
    and Gradescope need: no output a student sees comes from a worker that ran one).
    Runs whose reader has the case files anyway (a student's own folder, staff checks)
    pass False: every case runs in its place, as ok runs them, so a hidden case sees
    what the cases before it left in the module (the solution failed `grade verify`
    where one did).
    """
    questions = list(questions)
    assignment = assignment or load_assignment()
    kinds = kinds_for(assignment,
                      {suite.type for question in questions for suite in question.suites})
    prepare(questions, kinds)
    plans = plan(questions, case_numbers, scored_only)
    results: Dict[int, Dict[int, CaseResult]] = {i: {} for i in range(len(plans))}
    jobs: List[CaseJob] = []
    owner: Dict[int, tuple] = {}
    for p_index, item in enumerate(plans):
        locked = locked_numbers(item.question, item.cases) if respect_locks else set()
        for case in item.cases:
            if case.number in locked:
                results[p_index][case.number] = CaseResult(case, "locked", message="locked")
            elif case.suite.type in ("concept", "wwpp"):  # answered when unlocked: not run
                results[p_index][case.number] = CaseResult(case, "passed",
                                                           transcript=_answered(case))
            elif case.suite.type in FOREIGN_SUITE_TYPES:
                results[p_index][case.number] = CaseResult(
                    case, "unsupported", message=f"this grader does not run {case.suite.type} "
                    "suites: use the course's own client for them; they count for nothing here")
            elif case.suite.type in kinds:
                job_id = len(jobs)
                jobs.append(kinds[case.suite.type].job(case, job_id))
                owner[job_id] = (p_index, case)
            else:
                results[p_index][case.number] = CaseResult(
                    case, "error", message=f"this grader cannot run {case.suite.type!r} suites")
    for job in jobs:  # a kind may start work its verdict needs beside the worker's
        case = owner[job.id][1]
        start = getattr(kinds[case.suite.type], "start", None)
        if start is not None:
            start(case, runner)
    stopped: Set[int] = set()  # questions whose remaining cases are not run
    stopped_suites: Set[tuple] = set()  # (question, suite) pairs, for ok's scoring
    question_results: List[Optional[QuestionResult]] = [None] * len(plans)
    apart = [j for j in jobs if owner[j.id][1].hidden] if hidden_apart else []
    hidden_left = {owner[j.id][0] for j in apart}
    room = Room()  # one submission's: its failures' texts are bounded in all

    def finish_before(upto: int) -> None:
        """Score, in order, every question before UPTO not scored yet whose cases have
        all run: jobs run in question order, hidden ones in a run of their own after."""
        for p_index in range(upto):
            if p_index in hidden_left:
                return
            if question_results[p_index] is None:
                item = plans[p_index]
                ordered = [results[p_index][c.number] for c in item.cases
                           if c.number in results[p_index]]
                scored = score_question(item.question, ordered)
                if scored_only:
                    scored.left_out = sum(not c.suite.scored for c in item.question.cases)
                question_results[p_index] = hints.attach(
                    scored, lambda: hints.load_for(assignment), common=assignment.is_ok)
                if on_question:
                    on_question(question_results[p_index])

    def running(job_id: Optional[int], seconds: float) -> None:
        if on_running is not None:
            if job_id is None:
                on_running(None, None, 0.0)
            else:
                p_index, case = owner[job_id]
                on_running(plans[p_index].question, case, seconds)

    def skip(job_id: int) -> bool:
        p_index, case = owner[job_id]
        return p_index in stopped or (p_index, case.suite.number) in stopped_suites

    def run_all(batch: List[CaseJob], hidden_batch: bool = False) -> None:
        """Run BATCH; a question is scored (and ON_QUESTION told) as soon as its last
        case in the batch is back or it has stopped, not when the next question's first
        case is back: an interrupted run then knows every question that did finish."""
        last = {owner[job.id][0]: job.id for job in batch}
        following = {job.id: later.id for job, later in zip(batch, batch[1:])}
        own = 0.0  # what the hidden cases' own timeouts cost the budget
        if hidden_batch and batch:
            runner.wasted = base = spent_before(batch[0].id)
        for job_id, run in runner.run(batch, skip=skip, carry=hidden_batch):
            p_index, case = owner[job_id]
            finish_before(p_index)
            if not (skip(job_id) or run.status == "skipped"):
                judge(p_index, case, run)
            if hidden_batch and job_id in following:
                own += runner.wasted - base
                runner.wasted = base = spent_before(following[job_id]) + own
            elif not hidden_batch:
                spent_by[job_id] = runner.wasted
            if job_id == last[p_index] or p_index in stopped:
                if hidden_batch or p_index in stopped:  # no hidden case of it is left to run
                    hidden_left.discard(p_index)
                finish_before(p_index + 1)

    spent_by: Dict[int, float] = {}  # the budget spent once each case run first was back

    def spent_before(job_id: int) -> float:
        """The budget the cases before JOB_ID in ok's order had spent: a hidden case, run
        after every visible one, is not cut short by loops in later questions."""
        earlier = [spent for other, spent in spent_by.items() if other < job_id]
        return max(earlier, default=0.0)

    def judge(p_index: int, case: Case, run: CaseRun) -> None:
        result = kinds[case.suite.type].judge(case, run, runner=runner)
        result.fingerprint = hints.fingerprint(result) or ""
        result = room.keep(result)
        results[p_index][case.number] = result
        bad = result.status in ("failed", "error", "timeout")
        scope = failure_stops(plans[p_index].question, verbose, ok_suites)
        by_suites = plans[p_index].question.scoring == "suites"
        if by_suites and ((bad and scope) or run.status in ("timeout", "crashed")):
            # ok stops a suite at its first failure and scores every suite
            stopped_suites.add((p_index, case.suite.number))
        elif bad and scope:
            stopped.add(p_index)
        elif stop_on_timeout and run.status in ("timeout", "crashed"):
            stopped.add(p_index)

    # Hidden cases run in a worker run of their own, after the visible ones: no worker
    # that runs a visible case (whose output students see) is ever sent a hidden one.
    kept_apart = {j.id for j in apart}
    visible = [j for j in jobs if j.id not in kept_apart]
    for batch in (visible, apart):
        wait_for_verdicts(batch, owner, plans, verbose, ok_suites)
    saved_progress = runner.progress
    runner.progress = running if on_running is not None else saved_progress
    try:
        try:
            run_all(visible)
        except SubmissionError as error:
            message = room.text(str(error))
            out = [QuestionResult(item.question, "error", 0, message=room.text(message))
                   for item in plans]
            return GradeResult(out, error=message)
        hidden = [j for j in apart if owner[j.id][0] not in stopped]
        try:
            if hidden:
                run_all(hidden, hidden_batch=True)
        except SubmissionError as error:  # its import failed this time: hidden cases only
            for job in hidden:
                p_index, case = owner[job.id]
                results[p_index][case.number] = room.keep(
                    CaseResult(case, "error", message=str(error)))
    finally:
        runner.progress = saved_progress
    hidden_left.clear()
    finish_before(len(plans))
    return GradeResult([r for r in question_results if r is not None])


def failure_stops(question: Question, verbose: bool, ok_suites: bool) -> Optional[str]:
    """What a failing case of QUESTION stops: "suite" (ok scores it by suites, and stops
    a suite at its first failure), "question", or None (a verbose run goes on)."""
    if question.scoring == "suites":
        return "suite" if ok_suites or not verbose else None
    return None if verbose else "question"


def wait_for_verdicts(batch: List[CaseJob], owner: Dict[int, tuple], plans: List[Plan],
                      verbose: bool, ok_suites: bool) -> None:
    """Mark the doctest cases of BATCH that a failure of the case before them stops
    (`failure_stops`): they start only once that verdict is known, so that code ok
    would never run never changes what later cases see. Other kinds run ahead: their
    verdicts are slow (a game replayed), and their cases call the student's functions
    without keeping state."""
    for before, job in zip(batch, batch[1:]):
        (p_before, case_before), (p_index, case) = owner[before.id], owner[job.id]
        scope = failure_stops(plans[p_index].question, verbose, ok_suites)
        job.wait = (case.suite.type == "doctest" and p_before == p_index and (
            scope == "question"
            or scope == "suite" and case_before.suite.number == case.suite.number))


def prepare(questions: List[Question], kinds: Dict[str, SuiteKind]) -> None:
    """Let suite kinds adjust the questions before grading (a configured threshold can
    make a question worth points, say)."""
    for kind in kinds.values():
        if hasattr(kind, "prepare"):
            kind.prepare(questions)


PLUGIN_KINDS: Dict[str, str] = {"fuzz": "grader.hog.fuzz.suite:FuzzKind",
                                "winrate": "grader.hog.strategy.suite:WinrateKind"}


def _plugin(target: str) -> Callable[[Optional[Assignment]], SuiteKind]:
    def make(assignment: Optional[Assignment]) -> SuiteKind:
        import importlib
        module, name = target.split(":")
        return getattr(importlib.import_module(module), name)(assignment)
    return make


for _type, _target in PLUGIN_KINDS.items():
    SUITE_KINDS.setdefault(_type, _plugin(_target))
