"""Show a grading run to a student: each failure they can act on, then a summary."""

from __future__ import annotations

import shlex
import sys
from typing import Optional

from rich.console import Console, Group
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

import grader
from .model import CaseResult, GradeResult, QuestionResult
from .judge import DEBUG_PRINTED, REPR_PRINTED, raised_beyond_got
from .untrusted import printable

STATUS_STYLE = {"passed": "green", "failed": "red", "error": "red", "timeout": "yellow",
                "locked": "magenta", "unsupported": "yellow"}


def _points(value: float) -> str:
    return f"{value:g}"


def rerun_command(result: QuestionResult, case: Optional[CaseResult] = None,
                  extra: str = "") -> str:
    """The command that runs this question (or case) again; EXTRA holds the options of
    the run that change what it does (`--seed 3`, `-d DIR`), so the rerun is the same."""
    command = f"{grader.PROGRAM} -q {shlex.quote(result.question.key)}"
    if case is not None and len(result.question.suites) > 1:
        command += f" --suite {case.case.suite.number} --case {case.case.in_suite}"
    elif case is not None:
        command += f" --case {case.case.number}"
    return command + (f" {extra}" if extra else "")


def _indent(text: str, by: int = 4) -> str:
    """Indent by hand: rich's Padding crops lines to the terminal's width, and a student
    must see (and copy) a case's whole line. The text came from the student's code:
    what a terminal would act on is written out (`\\x1b`)."""
    pad = " " * by
    return ("\n".join(pad + line for line in printable(text).rstrip("\n").splitlines())
            or pad + "(nothing)")


def _said(text: str, style: Optional[str] = None) -> Text:
    """A message that may quote the student's code or output, made printable."""
    return Text(printable(text), style=style)


def loaded_block(loaded: "list[tuple[str, str]]") -> Group:
    """What the student's files printed when they were imported, by file."""
    parts = []
    for module, text in loaded:
        parts.append(_said(f"{module.replace('.', '/')}.py printed this when it was imported "
                           "(as ok shows it; it is part of no test):", style="dim"))
        parts.append(Text(_indent(text)))
    return Group(*parts)


def failure(result: QuestionResult, case: CaseResult, extra: str = "") -> Group:
    """One failing case: where it is, the session, expected against got, how to rerun."""
    parts = []
    where = f"{result.question.name} › {case.case.label}"
    parts.append(Text(where, style="bold"))
    if case.transcript:
        parts.append(Text(_indent(case.transcript, 2)))
    if case.status == "timeout":
        parts.append(_said(f"Timed out: {case.message}", style="yellow"))
        if case.traceback:
            parts.append(Text(_indent(case.traceback, 2)))
    elif case.status == "error" and not case.expected:
        parts.append(_said(f"Error: {case.message}", style="red"))
        if case.traceback:
            parts.append(Text(_indent(case.traceback, 2)))
    else:
        if case.message:
            parts.append(_said(case.message, style="red"))
        parts.append(Text("Expected:", style="green"))
        parts.append(Text(_indent(case.expected)))
        parts.append(Text("Got:", style="red"))
        parts.append(Text(_indent(case.got)))
        if case.repr_printed:
            parts.append(Text(REPR_PRINTED, style="yellow"))
            parts.append(Text(_indent(case.repr_printed)))
        if case.debug_printed:
            parts.append(Text(DEBUG_PRINTED, style="yellow"))
            parts.append(Text(_indent(case.debug_printed)))
        if case.printed_lines:
            parts.append(Text(
                f"Your code printed {case.printed_lines:,} lines here. A print left in your "
                "code? Print with print(\"DEBUG:\", ...) and the grader ignores the line.",
                style="yellow"))
        if raised_beyond_got(case):
            parts.append(Text("Your code raised:", style="red"))
            parts.append(Text(_indent(case.traceback, 2)))
    parts.append(Text.assemble(("Run just this case: ", "dim"),
                               (rerun_command(result, case, extra), "bold cyan")))
    return Group(*parts)


def question_block(result: QuestionResult, verbose: bool = False,
                   extra: str = "") -> Optional[Group]:
    """What a finished question prints: nothing when it passed, its failures otherwise."""
    notes = [_said(c.note) for c in result.case_results if c.note]
    foreign = [c for c in result.case_results if c.status == "unsupported"]
    if foreign:
        notes.append(Text(f"{len(foreign)} case(s) not run: {foreign[0].message}.",
                          style="yellow"))
    if result.status == "passed" and not verbose and not notes:
        return None
    parts = [Rule(Text(f"{result.question.name}", style="bold"), align="left"), *notes]
    if result.status == "error" and result.message:
        parts.append(_said(result.message, style="red"))
        return Group(*parts)
    locked = [c for c in result.case_results if c.status == "locked"]
    bad = [c for c in result.case_results if c.status in ("failed", "error", "timeout")]
    if verbose:  # each passing case's session too, as ok -v shows it
        for case in result.case_results:
            if case.status == "passed":
                parts.append(Text(f"✓ {result.question.name} › {case.case.label} passed",
                                  style="green"))
                if case.transcript:
                    parts.append(Text(_indent(case.transcript, 2)))
    for case in bad:
        parts.append(failure(result, case, extra))
    if result.hint is not None:
        parts.append(_said(f"{result.hint.sentence()} (hint {result.hint.id})", style="bold yellow"))
    if bad and result.question.description:  # ok prints it after the test's cases
        parts.append(_said(result.question.description, style="cyan"))
    if locked:
        numbers = ", ".join(str(c.case.number) for c in locked)
        parts.append(Text(f"{len(locked)} case(s) locked ({numbers}): they do not count "
                          "until you unlock them.", style="magenta"))
        parts.append(Text.assemble(("Unlock them with: ", "dim"),
                                   (unlock_command(result, extra), "bold cyan")))
    return Group(*parts)


_WORDS = {"failed": "failed", "error": "raised an error", "timeout": "timed out"}


def cases_cell(q: QuestionResult) -> str:
    """How a question's cases went, in words: what passed, where it stopped, what was
    locked, and what never ran (a count of passes alone reads as failures)."""
    if q.status == "error" and not q.case_results:
        return "not run"
    total = len(q.question.cases) - q.left_out
    if total == 0 and q.left_out:
        return "unscored: --score skips it"
    parts = [f"{q.passed}/{total} passed"]
    bad = [c for c in q.case_results if c.status in _WORDS]
    if len(bad) == 1:
        parts.append(f"case {bad[0].case.number} {_WORDS[bad[0].status]}")
    elif bad:
        parts.append(f"{len(bad)} failed")
    if q.locked:
        parts.append(f"{q.locked} locked")
    if q.not_run:
        parts.append(f"{q.not_run} not run")
    return ", ".join(parts)


def points_cell(q: QuestionResult) -> Text:
    if q.status == "passed" and not q.complete:
        return Text(f"- / {_points(q.max_score)}", style="dim")
    return Text(f"{_points(q.score)} / {_points(q.max_score)}")


def summary(result: GradeResult, score: bool = False) -> Table:
    table = Table(title="Summary", title_justify="left", show_footer=score)
    table.add_column("Question", footer="Total" if score else "")
    table.add_column("Status")
    table.add_column("Cases")
    if score:
        table.add_column("Points", justify="right",
                         footer=f"{_points(result.score)} / {_points(result.max_score)}")
    for q in result.questions:
        row = [q.question.name, Text(q.status, style=STATUS_STYLE.get(q.status, "")),
               cases_cell(q)]
        if score:
            row.append(points_cell(q))
        table.add_row(*row)
    return table


def scope_note(result: GradeResult, questions_in_all: int, points_in_all: float,
               score: bool = False) -> Optional[Text]:
    """With points shown: what the run left out, so that a partial total is never read
    as the score."""
    if not score:
        return None
    notes = []
    if len(result.questions) < questions_in_all:
        notes.append(f"{len(result.questions)} of {questions_in_all} questions run "
                     f"({_points(result.max_score)} of {_points(points_in_all)} points)")
    unscored = [q for q in result.questions if q.status == "passed" and not q.complete]
    if unscored:
        notes.append(f"{len(unscored)} question(s) passed only the cases run and score "
                     "nothing until all their cases run")
    if not notes:
        return None
    return Text("Partial run: " + "; ".join(notes) + ".", style="yellow")


def unlock_command(result: QuestionResult, extra: str = "") -> str:
    return f"{grader.PROGRAM} -u -q {shlex.quote(result.question.key)}" + (f" {extra}" if extra else "")


def closing_line(result: GradeResult, extra: str = "", run_all: str = "") -> Text:
    """The last line: what to do next. RUN_ALL is the command that runs every case of
    this run's questions."""
    if result.error:
        return Text("Your code could not be graded: fix the error above first.", style="bold red")
    if result.all_passed:
        left = sum(q.not_run for q in result.questions)
        if left:
            return Text.assemble((f"Every case run passed; {left} case(s) not run. Run them "
                                  "all: ", "bold green"),
                                 (run_all or grader.PROGRAM, "bold cyan"))
        return Text("All questions run passed.", style="bold green")
    failed = [q for q in result.questions if q.status not in ("passed", "unsupported")]
    first = failed[0]
    hint = (unlock_command(first, extra) if first.status == "locked"
            else rerun_command(first, extra=extra))
    return Text.assemble((f"{len(failed)} question(s) not passed yet. Next: ", "bold"),
                         (hint, "bold cyan"))


def question_list(questions) -> Table:
    """The questions of a workspace: what `-q` takes, points, cases, locked cases."""
    table = Table(title="Questions", title_justify="left", show_footer=True)
    table.add_column("Question", footer="Total", overflow="fold")
    # what a student types: never cut with "…" (the other columns give way)
    table.add_column("-q", no_wrap=True, min_width=max((len(q.key) for q in questions), default=2))
    table.add_column("Points", justify="right",
                     footer=_points(sum(q.points for q in questions)))
    table.add_column("Cases", justify="right", footer=str(sum(len(q.cases) for q in questions)))
    locked_total = sum(c.locked for q in questions for c in q.cases)
    table.add_column("Locked", justify="right", footer=str(locked_total))
    for q in questions:
        locked = sum(c.locked for c in q.cases)
        table.add_row(q.name, q.key, _points(q.points), str(len(q.cases)),
                      Text(str(locked), style="magenta") if locked else "0")
    if locked_total:
        table.caption = (f"Unlock with: {grader.PROGRAM} -u -q KEY "
                         f"(or {grader.PROGRAM} -u for all)")
        table.caption_justify = "left"
    return table


def make_console(stderr: bool = False) -> Console:
    # The stream is bound now: code that swaps sys.stdout later (tracing the reference
    # captures its prints) must not swallow the report. No emoji codes: the report has
    # none, and their table is a module a run imported while a student waited.
    return Console(file=sys.stderr if stderr else sys.stdout, highlight=False, soft_wrap=True,
                   emoji=False)


def print_error(console: Console, message: str) -> None:
    """MESSAGE may quote the student's code or what it raised (an import's traceback):
    made printable, as every text of theirs is."""
    console.print(Text("Error: ", style="bold red") + Text(printable(message)))
