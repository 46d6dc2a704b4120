"""`grade` in a student workspace: load the cases, run them, show and record the result."""

from __future__ import annotations

import contextlib
import importlib
import json
import re
import shlex
import signal
import sys
import threading
from dataclasses import dataclass, field
from typing import Any, Iterator, List, Optional, Sequence, Set

import grader
from .load import casefile
from .assignment import Assignment
from .model import GradeResult, Question, QuestionResult
from .run.process import stderr_fd
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
    suite: Optional[int] = None  # ok's --suite: CASES then number the cases within it
    timeout: float = 10.0
    json_path: Optional[str] = None
    interact: bool = False
    seed: Optional[int] = None
    rerun: str = ""  # options a rerun must repeat (`--seed 3`, `-d DIR`)
    score_out: Optional[str] = None  # ok's --score-out: its point breakdown, to this file


_TYPED_KEY = re.compile(r"(?:q|question|problem)?[\s_-]*0*(\d+)\s*([a-z]?)")


def resolve_key(typed: str, known: Sequence[str]) -> str:
    """The question key a person meant: `5a`, `05A`, `q1`, `1` and `Question 5a` all
    name the file the output calls "Question 5a" (05a.py); otherwise a UsageProblem
    with the nearest names."""
    if typed.strip() in known:  # `Tree` beside `tree`: the exact name wins, as in ok
        return typed.strip()
    text = typed.strip().lower()
    by_lower: dict = {}
    for key in known:
        by_lower.setdefault(key.lower(), []).append(key)
    if text in by_lower:
        if len(by_lower[text]) > 1:
            raise UsageProblem(f"no question {typed}: did you mean "
                               f"{' or '.join(by_lower[text])}? (letter case tells them apart)")
        return by_lower[text][0]
    match = _TYPED_KEY.fullmatch(text)
    if match:
        number, letter = match.groups()
        for candidate in (f"{int(number):02d}{letter}", f"{int(number)}{letter}"):
            if len(by_lower.get(candidate, ())) == 1:
                return by_lower[candidate][0]
        near = [key for key in known if key.lower().startswith(f"{int(number):02d}")]
    else:
        near = []
    if not near:
        import difflib
        near = difflib.get_close_matches(text, list(known), n=2, cutoff=0.5)
    hint = f": did you mean {' or '.join(near)}?" if near else ""
    raise UsageProblem(f"no question {typed}{hint} (questions: {', '.join(known)})")


def resolve_keys(ws: Workspace, keys: Sequence[str]) -> List[str]:
    """The tests KEYS name, or the ones that run when none is named."""
    bank = ws.bank
    known = bank.keys()
    if not known and not keys and bank.default_keys():
        return bank.default_keys()
    if not known:
        if ws.assignment.is_ok:
            raise UsageProblem(f"{ws.assignment.ok.path.name} names no test that exists "
                               f"in {ws.root}")
        raise UsageProblem(f"no case files in {ws.tests}: {grader.restore_tests_advice(ws.assignment.source)}")
    wanted: List[str] = []
    # a default test that does not exist is named too: run, it says why it is missing
    known = list(dict.fromkeys([*known, *bank.default_keys()]))
    for typed in keys:
        try:
            key = resolve_key(typed, known)
        except UsageProblem:
            key = _key_by_name(bank, typed) if ws.assignment.is_ok else None
            if key is None:
                raise
        if key not in wanted:
            wanted.append(key)
    return wanted or bank.default_keys()


def _key_by_name(bank, typed: str) -> Optional[str]:
    """The test whose case file's `name` is TYPED (any letter case): ok takes only the
    file stem, but the summary shows the name, which a student then types."""
    wanted = typed.strip().casefold()
    for key, (source, path, _) in bank.index().items():
        if source != "ok_test":
            continue
        try:
            name = casefile.read_literal(path).get("name")
        except casefile.CaseFileError:
            continue
        if isinstance(name, str) and name.strip().casefold() == wanted:
            return key
    return None


def _has_hidden_answers(case) -> bool:
    """Whether CASE really hides an answer: Hog's staff case files mark cases `locked`
    with their answers in plain text (they are locked when a workspace is made), and
    such a case runs like any other."""
    from .locking import hashes as locking
    if case.is_concept:
        return locking.is_token(str(case.raw.get("answer", "")))
    if case.suite.type == "doctest":
        return any(example.locked for example in case.examples)
    return case.locked


def load_workspace_questions(ws: Workspace, keys: Sequence[str]) -> List[Question]:
    """The Questions KEYS name. In an ok folder a case marked `locked` is locked
    whatever its answers hold, as ok treats it (scored 0 until `-u` unlocks it), since
    the course's students see the same verdict from ok."""
    questions = ws.bank.load(resolve_keys(ws, keys))
    if ws.assignment.is_ok:
        return questions
    for question in questions:
        for case in question.cases:
            if case.locked and not _has_hidden_answers(case):
                case.locked = False
    return questions


def _fail_without_doctests(bank, questions: Sequence[Question]) -> None:
    """A run without --score fails a doctest-protocol test with no docstring, as ok's
    does ("No doctests found"): nothing was checked. (Scored, ok gives it its point, and
    so does `grade --score`; a docstring of text alone passes in either, as in ok.)"""
    import textwrap
    index = bank.index()
    for question in questions:
        source, _, target = index.get(question.key, ("", None, None))
        if (source == "doctest" and not question.error and not isinstance(target, str)
                and not textwrap.dedent(getattr(target, "docstring", None) or "")):
            question.suites = []
            question.error = (f"no doctests found for {question.name}: it has no docstring "
                              "(ok fails it too; with --score it earns its point, as in ok)")


def write_json(result: GradeResult, path: str, scope: Optional[dict] = None) -> None:
    """The record, with SCOPE (what was run of the whole) so that a reader can tell a
    partial run's total from a score."""
    record = result.record()
    if scope is not None:
        record["run"] = scope
    from . import outputs
    try:
        outputs.write_text(json.dumps(record, indent=2) + "\n", path, "--json")
    except outputs.OutputError as error:
        raise UsageProblem(str(error)) from None


def breakdown(result: GradeResult) -> str:
    """ok's point breakdown, as `ok --score --score-out FILE` writes it (a course's
    scripts read it): each test's points as ok prints them (a float earned of the
    points its file gives), then the total."""
    lines, total = ["Point breakdown"], 0
    for question in result.questions:
        earned = float(question.score)
        lines.append(f"    {question.question.name}: {earned}/{question.question.points}")
        total += earned
    return "\n".join(lines + ["", "Score:", f"    Total: {total}", ""])


def write_breakdown(result: GradeResult, path: str) -> None:
    from . import outputs
    try:
        outputs.write_text(breakdown(result), path, "--score-out")
    except outputs.OutputError as error:
        raise UsageProblem(str(error)) from None


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
    """The questions a run means to grade and the results of those it finished: what
    an interrupt summarises, and reports the rest of as not run."""

    planned: List[Question] = field(default_factory=list)
    results: List[QuestionResult] = field(default_factory=list)
    console: Any = None  # where the run's report goes
    score: bool = False
    questions_in_all: int = 0
    points_in_all: float = 0.0

    def not_run(self) -> List[Question]:
        finished = {r.question.key for r in self.results}
        return [q for q in self.planned if q.key not in finished]


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


_LOADING: List[threading.Thread] = []  # the report's import, when a thread runs it


def load_report_meanwhile() -> None:
    """Import the report (rich, ~25 ms) in a thread, started when the runner first waits
    for its worker (runner.meanwhile): it loads while the runner waits in select, and
    the job goes to the worker the moment it is ready instead of after the import."""
    if not _LOADING:
        _LOADING.append(threading.Thread(target=importlib.import_module,
                                         args=(f"{__package__}.report",), daemon=True))
        _LOADING[0].start()


def report_module():
    """grader.report, once the thread importing it (if any) is done: a module that another
    thread is still executing can be seen half made (under Python 3.9, `from . import
    report` then gave one without its functions)."""
    for thread in _LOADING:
        thread.join()
    from . import report
    return report


def run(ws: Workspace, assignment: Assignment, options: Options, early=None) -> int:
    """Grade the workspace; return the exit status (0 all passed, 1 otherwise, 130
    after Ctrl-C). However `grade` ends, the student code it started ends with it:
    here by closing the runner, and by each worker's guard when grade is killed.
    EARLY: a worker `process.start_early` started, which the runner takes."""
    progress = Progress()
    runner = Runner(src=ws.root, timeout=options.timeout, preflight=assignment.preflight,
                    warm=assignment.warm, **assignment.seeding(),
                    own_modules=assignment.modules, show_wants=True,
                    strip_ansi=not _on_a_terminal(), argv=("ok", *sys.argv[1:]),
                    user_site=True, echo=stderr_fd())
    try:
        with stop_signals():
            runner.start(early)
            return _run(ws, options, runner, progress)
    except KeyboardInterrupt as stop:
        runner.close()
        return interrupted(progress, stop)
    finally:
        runner.close()
        from .run.process import end_strays
        end_strays()  # (however the run ends: an interrupted one too)


def _on_a_terminal() -> bool:
    """Whether this run prints to a terminal (ok then compares colour codes as printed)."""
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def interrupted(progress: Progress, stop: KeyboardInterrupt) -> int:
    """The summary of the questions that finished (passed or not), then which were not
    run; exit status 128 + the signal (130 for Ctrl-C)."""
    report = report_module()
    signum = stop.signum if isinstance(stop, Stopped) else signal.SIGINT
    how = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
    missing = progress.not_run()
    names = ", ".join(q.name for q in missing)
    text = f"Stopped by {how}: " + (f"not run: {names}." if missing else "every question had run.")
    try:
        if progress.results and progress.console is not None:
            done = GradeResult(list(progress.results))
            progress.console.print()
            progress.console.print(report.summary(done, score=progress.score))
            note = report.scope_note(done, progress.questions_in_all, progress.points_in_all,
                                     score=progress.score)
            if note is not None:
                progress.console.print(note)
        report.print_error(report.make_console(stderr=True), text)
    except (OSError, ValueError):  # a closed terminal
        pass
    return 128 + signum


def _run(ws: Workspace, options: Options, runner: Runner,
         progress: Optional[Progress] = None) -> int:
    from .session import grade

    try:
        questions = load_workspace_questions(ws, options.questions)
    except casefile.CaseFileError as error:
        raise UsageProblem(f"a case file is broken: {error}") from None
    bank = ws.bank
    if ws.assignment.is_ok and not options.score:
        _fail_without_doctests(bank, questions)
    missing = ws.missing_sources()
    if missing:
        report = report_module()
        report.make_console(stderr=True).print(
            f"note: no {', '.join(missing)} here ({ws.assignment.ok.path.name} names "
            f"{'it' if len(missing) == 1 else 'them'} as the file(s) you write): the tests "
            "that need it fail, the others run", highlight=False)
    everything = bank.default_keys()
    points_in_all = sum(q.points for q in questions) + sum(
        bank.points(key) for key in everything if key not in {q.key for q in questions})
    consoles: List[Any] = []

    def console_now():
        """The report's console, made when first needed."""
        if not consoles:
            report = report_module()
            consoles.append(report.make_console(stderr=options.json_path == "-"))
            if progress is not None:
                progress.console = consoles[0]
        return consoles[0]

    runner.meanwhile = load_report_meanwhile
    if progress is not None:
        progress.planned = list(questions)
        progress.score = options.score
        progress.questions_in_all, progress.points_in_all = len(everything), points_in_all
    if options.seed is not None:
        from .hog.fuzz import suite as fuzz_suite
        try:
            fuzz_suite.set_seed(questions, options.seed)
        except fuzz_suite.FuzzSetupError as error:
            raise UsageProblem(str(error)) from None
    if options.score and (options.suite is not None or options.cases is not None):
        # ok's --score scores every case of a question, whatever --suite or --case say:
        # the points (and --score-out's breakdown) are its
        console_now().print("--score scores every case of the question, as ok's does: "
                            "--suite and --case are left aside", style="dim", markup=False,
                            highlight=False)
        options.suite = options.cases = None
    if options.suite is not None:
        options.cases = _suite_cases(questions, options.suite, options.cases)
    if options.cases is not None:
        numbers = {c.number for q in questions for c in q.cases}
        missing = sorted(options.cases - numbers)
        if missing:
            raise UsageProblem(f"no case {', '.join(map(str, missing))} in "
                               f"{', '.join(q.key for q in questions)}")

    def loaded_first():
        """What the student's files printed when imported, once, before any report (ok
        prints it while it loads; it is in no test)."""
        if runner.loaded and not consoles_told:
            consoles_told.append(True)
            console_now().print(report_module().loaded_block(runner.loaded))

    consoles_told: List[bool] = []

    def show(result):
        if progress is not None:
            progress.results.append(result)
        loaded_first()
        block = report_module().question_block(result, options.verbose, extra=options.rerun)
        if block is not None:
            console_now().print(block)

    tickers: List[Ticker] = []

    def running(question: Optional[Question], case, seconds: float) -> None:
        """On a terminal, which case runs past a second."""
        if not tickers and question is not None and console_now().is_terminal:
            tickers.append(Ticker(console_now()))
        if tickers:
            tickers[0](question, case, seconds)

    try:
        result = grade(questions, runner, assignment=ws.assignment, verbose=options.verbose,
                       case_numbers=options.cases, on_question=show, on_running=running,
                       scored_only=options.score, hidden_apart=False)
    finally:
        running(None, None, 0.0)
    runner.close()
    from .run.process import end_strays
    end_strays()  # before anything is written: nothing of the code's may touch it after
    from . import interactive, report
    loaded_first()
    console = console_now()
    if result.error:
        report.print_error(console, result.error)
    console.print()
    console.print(report.summary(result, score=options.score))
    note = report.scope_note(result, len(everything), points_in_all, score=options.score)
    if note is not None:
        console.print(note)
    run_all = " ".join([grader.PROGRAM] + [f"-q {shlex.quote(q.key)}" for q in questions
                                    if len(questions) < len(everything)]
                       + ([options.rerun] if options.rerun else []))
    console.print(report.closing_line(result, extra=options.rerun, run_all=run_all))
    if options.json_path:
        write_json(result, options.json_path, scope={
            "questions_run": [q.key for q in questions], "questions_in_all": len(everything),
            "cases": sorted(options.cases) if options.cases else None,
            "complete": len(questions) == len(everything) and all(
                q.complete for q in result.questions)})
    if options.score_out:
        write_breakdown(result, options.score_out)
    if options.interact:
        for question in result.questions:
            ran = question.case_results
            at = next((i for i, c in enumerate(ran)
                       if c.status in ("failed", "error", "timeout")), None)
            if at is not None:
                interactive.start(ws.root, ran[at],
                                  [c.case for c in ran[:at] if c.status == "passed"])
                break
    return 0 if result.all_passed else 1


def _suite_cases(questions: Sequence[Question], suite: int,
                 cases: Optional[Set[int]]) -> Set[int]:
    """The question's case numbers (as `--case` takes them) of ok's `--suite SUITE
    [--case N]`, where N counts the cases within the suite."""
    if len(questions) != 1:
        raise UsageProblem("--suite needs one question (-q NAME)")
    (question,) = questions
    if suite > len(question.suites):
        raise UsageProblem(f"no suite {suite} in {question.key}: it has "
                           f"{len(question.suites)}")
    within = question.suites[suite - 1].cases
    missing = sorted((cases or set()) - set(range(1, len(within) + 1)))
    if missing:
        raise UsageProblem(f"no case {', '.join(map(str, missing))} in suite {suite} of "
                           f"{question.key}: it has {len(within)}")
    return {case.number for index, case in enumerate(within, 1)
            if not cases or index in cases}


def list_questions(ws: Workspace, keys: Sequence[str] = ()) -> int:
    """`grade --list`: each question with the name `-q` takes, its points, its cases and
    how many of them are still locked."""
    report = report_module()
    try:
        questions = load_workspace_questions(ws, keys)
    except casefile.CaseFileError as error:
        raise UsageProblem(f"a case file is broken: {error}") from None
    report.make_console().print(report.question_list(questions))
    return 0


def encrypted_files(ws: Workspace) -> List[Path]:
    """The files ok would decrypt in WS: its tests and the files the student writes."""
    import glob
    import os
    from pathlib import Path
    config = ws.assignment.ok
    if config is None:
        return sorted({*ws.tests.glob("*.py"), ws.source})
    tests = [Path(name) for pattern, _, source in config.tests
             if source in ("ok_test", "scheme_test")
             for name in glob.glob(os.path.join(glob.escape(str(ws.root)), pattern))]
    return sorted({*tests, *(ws.root / name for name in ws.assignment.sources)})


def decrypt(ws: Workspace, given: Sequence[str]) -> int:
    """`grade --decrypt KEY`: open the encrypted tests of WS with the keys the course
    gave, in place, as ok's --decrypt does; 0 when no file is left encrypted."""
    from .load import encrypted
    keys = encrypted.keys_in(" ".join(given)) or list(given)
    done, left, damaged = encrypted.decrypt_files(encrypted_files(ws), keys)
    report = report_module()
    console, errors = report.make_console(), report.make_console(stderr=True)
    for path in done:
        console.print(f"decrypted {path.relative_to(ws.root)}", style="green", highlight=False)
    for path, why in damaged:
        report.print_error(errors, f"{path.relative_to(ws.root)} cannot be decrypted: {why}")
    if left:
        names = ", ".join(str(path.relative_to(ws.root)) for path in left)
        report.print_error(errors, f"no key given opens {names}: check the key the course "
                                    "gave for it (copy it whole: 52 letters and digits, "
                                    "then 9999)")
    if not (done or left or damaged):
        console.print("No file here is encrypted.", highlight=False)
    return 1 if left or damaged else 0
