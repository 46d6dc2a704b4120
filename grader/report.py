"""Show a grading run to a student: each failure they can act on, then a summary."""

from __future__ import annotations

import sys
from typing import Optional

from rich.console import Console, Group
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from .model import CaseResult, GradeResult, QuestionResult

STATUS_STYLE = {"passed": "green", "failed": "red", "error": "red", "timeout": "yellow",
                "locked": "magenta"}


def _points(value: float) -> str:
    return f"{value:g}"


def rerun_command(result: QuestionResult, case: Optional[CaseResult] = None) -> str:
    command = f"grade -q {result.question.key}"
    return command + (f" --case {case.case.number}" if case is not None else "")


def _indent(text: str, by: int = 4) -> str:
    """Indent by hand: rich's Padding crops lines to the terminal's width, and a student
    must see (and copy) a case's whole line."""
    pad = " " * by
    return "\n".join(pad + line for line in text.rstrip("\n").splitlines()) or pad + "(nothing)"


def failure(result: QuestionResult, case: CaseResult) -> Group:
    """One failing case: where it is, the session, expected against got, how to rerun."""
    parts = []
    where = f"{result.question.name} › Suite {case.case.suite.number} › Case {case.case.number}"
    parts.append(Text(where, style="bold"))
    if case.transcript:
        parts.append(Text(_indent(case.transcript, 2)))
    if case.status == "timeout":
        parts.append(Text(f"Timed out: {case.message}", style="yellow"))
        if case.traceback:
            parts.append(Text(_indent(case.traceback, 2)))
    elif case.status == "error" and not case.expected:
        parts.append(Text(f"Error: {case.message}", style="red"))
        if case.traceback:
            parts.append(Text(_indent(case.traceback, 2)))
    else:
        if case.message:
            parts.append(Text(case.message, style="red"))
        parts.append(Text("Expected:", style="green"))
        parts.append(Text(_indent(case.expected)))
        parts.append(Text("Got:", style="red"))
        parts.append(Text(_indent(case.got)))
        if case.traceback:
            parts.append(Text("Your code raised:", style="red"))
            parts.append(Text(_indent(case.traceback, 2)))
    parts.append(Text.assemble(("Run just this case: ", "dim"), (rerun_command(result, case), "bold cyan")))
    return Group(*parts)


def question_block(result: QuestionResult, verbose: bool = False) -> Optional[Group]:
    """What a finished question prints: nothing when it passed, its failures otherwise."""
    notes = [Text(c.note) for c in result.case_results if c.note]
    if result.status == "passed" and not verbose and not notes:
        return None
    parts = [Rule(Text(f"{result.question.name}", style="bold"), align="left"), *notes]
    if result.status == "error" and result.message:
        parts.append(Text(result.message, style="red"))
        return Group(*parts)
    locked = [c for c in result.case_results if c.status == "locked"]
    bad = [c for c in result.case_results if c.status in ("failed", "error", "timeout")]
    if verbose:
        for case in result.case_results:
            if case.status == "passed":
                parts.append(Text(f"✓ Case {case.case.number} passed", style="green"))
    for case in bad:
        parts.append(failure(result, case))
    if locked:
        numbers = ", ".join(str(c.case.number) for c in locked)
        parts.append(Text(f"{len(locked)} case(s) locked ({numbers}): they do not count "
                          "until you unlock them.", style="magenta"))
        parts.append(Text.assemble(("Unlock them with: ", "dim"),
                                   (f"grade -u -q {result.question.key}", "bold cyan")))
    return Group(*parts)


def summary(result: GradeResult, score: bool = False) -> Table:
    table = Table(title="Summary", title_justify="left", show_footer=score)
    table.add_column("Question", footer="Total" if score else "")
    table.add_column("Status")
    table.add_column("Cases passed", justify="right")
    if score:
        table.add_column("Points", justify="right",
                         footer=f"{_points(result.score)} / {_points(result.max_score)}")
    for q in result.questions:
        row = [q.question.name, Text(q.status, style=STATUS_STYLE.get(q.status, "")),
               f"{q.passed}/{len(q.question.cases)}"]
        if score:
            row.append(f"{_points(q.score)} / {_points(q.max_score)}")
        table.add_row(*row)
    return table


def closing_line(result: GradeResult) -> Text:
    if result.error:
        return Text("Your code could not be graded: fix the error above first.", style="bold red")
    if result.all_passed:
        return Text("All questions run passed.", style="bold green")
    failed = [q for q in result.questions if q.status not in ("passed",)]
    first = failed[0]
    hint = (f"grade -u -q {first.question.key}" if first.status == "locked"
            else rerun_command(first))
    return Text.assemble((f"{len(failed)} question(s) not passed yet. Next: ", "bold"),
                         (hint, "bold cyan"))


def make_console(stderr: bool = False) -> Console:
    # The stream is bound now: code that swaps sys.stdout later (tracing the reference
    # captures its prints) must not swallow the report.
    return Console(file=sys.stderr if stderr else sys.stdout, highlight=False, soft_wrap=True)


def print_error(console: Console, message: str) -> None:
    console.print(Text("Error: ", style="bold red") + Text(message))
