"""The small data objects that join the pipeline's stages.

load cases (`casefile`) -> run student code (`runner` + `worker`) -> judge outputs
(`judge`) -> score (`scoring`) -> report (`report`). Each stage takes and returns
these objects only, so a stage can be replaced (a sandboxed runner, a JSON
reporter) without touching the others.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple


@dataclass(frozen=True)
class Example:
    """One `>>>` prompt of a doctest case and the output it must produce."""

    source: str
    want: str
    locked: bool = False  # `want` holds hashes of the expected lines, not the lines
    choices: Tuple[str, ...] = ()  # ok's `# choice:` lines, offered when unlocking


@dataclass
class Case:
    """One case of a suite: doctest code, or a concept (multiple choice) question."""

    number: int  # 1-based, across the question's suites: what `--case N` names
    suite: "Suite"
    hidden: bool = False
    locked: bool = False
    code: str = ""  # doctest cases: the `>>>` session as written in the file
    examples: List[Example] = field(default_factory=list)
    question: str = ""  # concept cases
    choices: List[str] = field(default_factory=list)
    answer: str = ""
    raw: Dict[str, Any] = field(default_factory=dict)

    @property
    def is_concept(self) -> bool:
        return self.suite.type == "concept"

    @property
    def in_suite(self) -> int:
        """Its 1-based place in its own suite: what ok's labels and `--suite S --case K`
        count (`number` counts across the question's suites)."""
        return next((i for i, c in enumerate(self.suite.cases, 1) if c is self), self.number)

    @property
    def label(self) -> str:
        """`Suite 2 › Case 1`, numbered as ok numbers it."""
        return f"Suite {self.suite.number} › Case {self.in_suite}"


@dataclass
class Suite:
    number: int  # 1-based within the question
    type: str  # "doctest", "wwpp", "concept", "fuzz", "winrate"; or one this grader does not run
    scored: bool = True
    setup: str = ""
    teardown: str = ""
    cases: List[Case] = field(default_factory=list)
    raw: Dict[str, Any] = field(default_factory=dict)
    setup_examples: List[Example] = field(default_factory=list)  # doctest suites: parsed
    teardown_examples: List[Example] = field(default_factory=list)
    path: Optional[Path] = None  # the case file it came from: data files are found beside it


@dataclass
class Question:
    key: str  # "05a": the case file's stem, what `-q` names
    name: str  # "Question 5a"
    points: float
    suites: List[Suite]
    path: Optional[Path] = None
    # "all": the points need every scored case to pass (Hog's rule); "suites": ok's rule,
    # the points spread evenly over the scored suites that pass with nothing locked
    scoring: str = "all"
    error: str = ""  # why the question fails before anything runs (no doctests, say)
    description: str = ""  # the case file's own words (staff's hint), which ok prints after it

    @property
    def cases(self) -> List[Case]:
        return [case for suite in self.suites for case in suite.cases]


@dataclass(frozen=True)
class RaisedException:
    """An exception raised by student code, as the worker saw it."""

    type: str
    line: str  # "Type: str(exception)\n": what ok compares
    traceback: str  # the student's frames only


@dataclass(frozen=True)
class ExampleOutput:
    """What running one example printed and raised (no verdict yet)."""

    printed: str
    raised: Optional[RaisedException] = None
    truncated: bool = False
    cuts: Tuple[Tuple[int, int], ...] = ()  # (offset in `printed`, characters cut there)
    lines: int = 0  # lines printed in all, cut ones too (DEBUG lines are not printed)
    aside: str = ""  # what a shown value's repr printed: ok shows it, never compares it
    debug: str = ""  # the DEBUG lines printed: ok shows them, never compares them
    debug_at: Tuple[int, ...] = ()  # where each DEBUG line was printed, in `printed`


@dataclass
class CaseRun:
    """The worker's account of one case: outputs of its examples, or why there are none."""

    outputs: List[ExampleOutput] = field(default_factory=list)
    status: str = "ran"  # "ran", "timeout", "crashed", "setup-error"
    message: str = ""  # for timeout/crash: what happened, in words
    duration: float = 0.0
    running: Optional[int] = None  # timeout: the example that was running (outputs end with it)
    # timeout: the prompts of (setup, examples, teardown; None: all) that ran before the
    # one that looped, which a replay runs again (none where the worker did not say)
    replay: Optional[Tuple[Optional[int], int, Optional[int]]] = None
    stack: str = ""  # timeout: where the student's code was when it was stopped
    teardown_error: str = ""  # the traceback of the suite's teardown, when it raised
    setup_printed: List[str] = field(default_factory=list)  # what each setup line printed


@dataclass
class CaseResult:
    case: Case
    status: str  # "passed", "failed", "error", "timeout", "locked", "unsupported" (not run here)
    failed_example: Optional[int] = None  # index into case.examples
    expected: str = ""
    got: str = ""
    traceback: str = ""
    message: str = ""
    transcript: str = ""  # the session up to the failure, as the student would see it
    note: str = ""  # a line shown under the question whatever the verdict (a win rate, say)
    printed_lines: int = 0  # set when `got` is a cut-down view of a long output: its length
    repr_printed: str = ""  # what the failing line's shown value's repr printed (not compared)
    debug_printed: str = ""  # the failing line's DEBUG lines (not compared)
    facts: Dict[str, Any] = field(default_factory=dict)  # merged into the question's record
    fingerprint: str = ""  # what its verdict shows, before texts are clipped (grader/hints.py)

    @property
    def passed(self) -> bool:
        return self.status == "passed"


@dataclass
class QuestionResult:
    question: Question
    status: str  # "passed", "failed", "locked", "error", "timeout"
    score: float
    case_results: List[CaseResult] = field(default_factory=list)
    message: str = ""
    hint: Any = None  # the catalogue's likely mistake behind a failure (a hints.Hint)
    left_out: int = 0  # cases not meant to run: unscored suites' at --score (as in ok)

    @property
    def max_score(self) -> float:
        return 0 if self.status == "unsupported" else self.question.points

    @property
    def passed(self) -> int:
        return sum(r.status == "passed" for r in self.case_results)

    @property
    def failed(self) -> int:
        return sum(r.status in ("failed", "error", "timeout") for r in self.case_results)

    @property
    def locked(self) -> int:
        return sum(r.status == "locked" for r in self.case_results)

    @property
    def not_run(self) -> int:
        """Cases with no verdict: left out (`--case`), or after the first failure."""
        return len(self.question.cases) - self.left_out - len(self.case_results)

    @property
    def complete(self) -> bool:
        return self.not_run == 0

    def record(self) -> Dict[str, Any]:
        record = {"name": self.question.name, "score": self.score,
                  "max_score": self.max_score, "status": self.status,
                  "passed": self.passed, "failed": self.failed, "locked": self.locked,
                  "not_run": self.not_run}
        for case in self.case_results:
            record.update(case.facts)
        if self.hint is not None:
            record["hint"], record["hint_text"] = self.hint.id, self.hint.sentence()
        return record


@dataclass
class GradeResult:
    questions: List[QuestionResult]
    error: Optional[str] = None  # the submission could not be graded at all (e.g. syntax error)

    @property
    def score(self) -> float:
        return sum(q.score for q in self.questions)

    @property
    def max_score(self) -> float:
        return sum(q.max_score for q in self.questions)

    @property
    def all_passed(self) -> bool:
        return self.error is None and all(q.status in ("passed", "unsupported")
                                          for q in self.questions)

    def record(self) -> Dict[str, Any]:
        """The machine-readable record `--json` writes and bulk grading keeps."""
        return {"score": self.score, "max_score": self.max_score, "error": self.error,
                "questions": {q.question.key: q.record() for q in self.questions}}
