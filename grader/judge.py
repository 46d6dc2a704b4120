"""Turn what a case printed and raised into a verdict, with ok's own rules.

Runs in the grader, outside any sandbox: expected outputs never reach student code.
"""

from __future__ import annotations

import dataclasses
import re
from typing import List, Optional, Tuple

from .model import Case, CaseResult, CaseRun, Example, ExampleOutput

STORED_CAP = 16 * 1024  # characters kept of each text of a case's result


_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+>")
_FUNCTION_REPR = re.compile(r"^<(function|bound method|built-in function|lambda)\b.*>$")


def _as_written(wants: List[str], gots: List[str]) -> List[str]:
    """GOTS (lines) with what a case cannot spell out exactly written as the case may: a
    line that is a function's repr becomes the answer word `Function` where the case
    says so (what a student types to unlock it), and memory addresses are the case's own."""
    out = []
    for w, g in zip(wants, gots):
        if w.strip() == "Function" and _FUNCTION_REPR.match(g.strip()):
            g = w
        elif " at 0x" in w and _ADDRESS.search(g):
            addresses = iter(_ADDRESS.findall(w))
            g = _ADDRESS.sub(lambda m: next(addresses, m.group(0)), g)
        out.append(g)
    return out


def prompt(source: str) -> str:
    lines = source.rstrip("\n").splitlines() or [""]
    return "\n".join([">>> " + lines[0]] + ["... " + line for line in lines[1:]])


def with_cuts(output: ExampleOutput) -> str:
    """What the example printed, each cut marked where it was made."""
    text, parts, start = output.printed, [], 0
    for offset, count in output.cuts:
        parts.append(text[start:offset])
        if parts[-1] and not parts[-1].endswith("\n"):
            parts.append("\n")
        parts.append(f"[... {count} characters cut here: the output was far too long ...]\n")
        start = offset
    parts.append(text[start:])
    if output.truncated and not output.cuts:
        parts.append("\n[... output cut here: it was too long ...]\n")
    return "".join(parts)


HEAD_LINES, TAIL_LINES = 20, 10  # what is shown of an output longer than both
_CUT_MARK = re.compile(r"^\[\.\.\. (\d+ characters cut here|output cut here)")


def bounded(output: ExampleOutput) -> Tuple[str, int]:
    """What OUTPUT printed, cut to its first and last lines when
    long, with one line saying how many were cut; and the number of lines it printed
    when it was cut down (0 when shown whole). The worker's own cuts count as cut lines:
    OUTPUT.lines is what it printed in all."""
    text = with_cuts(output)
    lines = [line for line in text.splitlines(True) if not _CUT_MARK.match(line)]
    cut_by_worker = bool(output.cuts) or output.truncated
    total = max(output.lines, len(lines))
    if not cut_by_worker and total <= HEAD_LINES + TAIL_LINES:
        return text, 0
    head = lines[:HEAD_LINES]
    end = lines[HEAD_LINES:][-TAIL_LINES:]
    cut = max(total - len(head) - len(end), 0)
    if head and not head[-1].endswith("\n"):
        head[-1] += "\n"
    marker = f"[... {cut:,} more line(s) cut ...]\n" if cut else "[... cut ...]\n"
    return "".join(head) + marker + "".join(end), total


def show_output(output: ExampleOutput) -> str:
    text, _ = bounded(output)
    if output.raised is not None:
        text += output.raised.traceback
    return text


def transcript(examples: List[Example], outputs: List[ExampleOutput], upto: int,
               last_output: bool = True) -> str:
    """The session up to and including example UPTO, as the student's own run printed
    it (a line's DEBUG lines where it printed them: ok shows them, never compares
    them); without what UPTO printed when LAST_OUTPUT is false (a failure shows that
    once, as what the code got)."""
    parts = []
    for index, example in enumerate(examples[: upto + 1]):
        parts.append(prompt(example.source))
        if index < len(outputs) and (last_output or index < upto):
            shown = _with_debug(outputs[index]).rstrip("\n")
            if shown:
                parts.append(shown)
    return "\n".join(parts)


def _with_debug(output: ExampleOutput) -> str:
    """What OUTPUT shows in a session, its DEBUG lines where they were printed (before
    the rest when the text shown was cut, or their places were not kept)."""
    shown, debug = show_output(output), output.debug
    lines = [line if line.endswith("\n") else line + "\n" for line in debug.splitlines(True)]
    if not lines:
        return shown
    if (output.cuts or output.truncated or len(lines) != len(output.debug_at)
            or not shown.startswith(output.printed)):
        return "".join(lines) + shown
    parts, last = [], 0
    for at, line in zip(output.debug_at, lines):
        parts += [shown[last:at], line]
        last = at
    return "".join(parts) + shown[last:]


_TRACEBACK_HEADERS = ("Traceback (most recent call last):", "Traceback (innermost last):")
_STATUS_LINE = re.compile(r"^#\s*(.+?):\s*(.*)\s*$")
_LOCKED_LINE = re.compile(r"^#\s*locked\s*$")


def ok_answer(want: str) -> Tuple[bool, List[str]]:
    """An expected output as ok reads it (okpy 1.18.1, `CodeAnswer.update`): whether it
    is an exception (its first line a traceback header) and the lines compared. An
    exception's lines are those from the first that starts with a letter or digit (the
    stack, `  ...`, is skipped); an output drops every `# word: text` line."""
    exception, lines = False, []
    for line in want.splitlines():
        if exception:
            if lines or (line and line[0].isalnum()):
                lines.append(line)
        elif not lines and line in _TRACEBACK_HEADERS:
            exception = True
        elif not (_LOCKED_LINE.match(line) or _STATUS_LINE.match(line)):
            lines.append(line)
    return exception, lines


def _lines_match(want: List[str], got: List[str], exact: bool) -> bool:
    return want == got or (not exact and len(want) == len(got)
                           and _as_written(want, got) == want)


def check_example(example: Example, output: ExampleOutput, exact: bool = False) -> bool:
    """ok's verdict (`Console._compare`): the lines printed (a value's repr after them)
    equal the expected lines, exactly (no doctest leniency: `True` is not `1`,
    `<BLANKLINE>` is text); an exception matches an expected traceback whose lines
    after the stack are `Type: str(exception)` (the bare class name, `ValueError: ` for
    an empty message), or an expected output that is the type's name alone, whatever
    was printed before it (even past the cap on what is kept). Unless
    EXACT (an ok assignment, judged as ok judges it), a function's repr also matches the
    answer word `Function` and a memory address the case's own (what a student typed
    to unlock a case of a Hog workspace, which then runs)."""
    exception, want = ok_answer(example.want)
    raised = output.raised
    if raised is not None:  # what was printed before it is not compared (a cut either)
        if exception:
            return want == detail_lines(raised.line)
        return want == [raised.type]
    return not output.truncated and not exception and _lines_match(
        want, output.printed.splitlines(), exact)


def detail_lines(line: str) -> List[str]:
    """The lines of an exception's `Type: message` as ok compares them (the message's
    own lines; one that ends with a newline adds no empty line): LINE is the worker's,
    which ends with one newline of its own."""
    return (line[:-1] if line.endswith("\n") else line).splitlines()


def plain_want(example: Example) -> Optional[str]:
    """The text whose lines, printed with nothing raised, pass EXAMPLE by ok's rule
    (`check_example`), when that is all it takes: None for a locked example, an
    expected exception, `# word:` lines or a function's repr or an address (which a
    printed line may match in other words)."""
    if example.locked:
        return None
    exception, want = ok_answer(example.want)
    if exception or want != example.want.splitlines() or any(
            line.strip() == "Function" or " at 0x" in line for line in want):
        return None
    return example.want


def judge_case(case: Case, run: CaseRun, exact: bool = False) -> CaseResult:
    """CASE's verdict from RUN, with the session a failure shows starting at its suite's
    setup lines, as ok shows them (where `a` comes from, in `>>> a.balance`)."""
    result = _judge(case, run, exact)
    printed = run.setup_printed if not case.hidden else []  # (staff's lines, in a hidden case)
    setup = "\n".join(prompt(e.source) + ("\n" + printed[i].rstrip("\n")
                                          if i < len(printed) and printed[i].strip() else "")
                      for i, e in enumerate(case.suite.setup_examples))
    if setup:
        result.transcript = setup + ("\n" + result.transcript if result.transcript else "")
    return result


def _judge(case: Case, run: CaseRun, exact: bool) -> CaseResult:
    examples = case.examples
    if run.status == "timeout":
        if run.running is not None and run.running < len(examples):
            return CaseResult(case, "timeout", message=run.message, failed_example=run.running,
                              traceback=run.stack,
                              transcript=transcript(examples, run.outputs, run.running))
        if not run.outputs and case.suite.setup_examples:  # its setup lines are shown
            return CaseResult(case, "timeout", traceback=run.stack,
                              message=f"{run.message}, in the suite's setup")
        if examples and len(run.outputs) >= len(examples) and case.suite.teardown_examples:
            return CaseResult(case, "timeout", traceback=run.stack,
                              message=f"{run.message}, in the suite's teardown",
                              transcript=transcript(examples, run.outputs, len(examples) - 1))
        return CaseResult(case, "timeout", message=run.message, traceback=run.stack,
                          transcript="\n".join(prompt(e.source) for e in examples))
    if run.status == "crashed":
        return CaseResult(case, "error", message=run.message,
                          transcript="\n".join(prompt(e.source) for e in examples))
    if run.status == "setup-error":
        return CaseResult(case, "error", traceback=run.message, message=_setup_words(case))
    for index, example in enumerate(examples):
        if index >= len(run.outputs):
            output: Optional[ExampleOutput] = None
        else:
            output = run.outputs[index]
        if output is None:
            return CaseResult(case, "error", failed_example=index,
                              message="the code stopped the case before this line ran",
                              transcript=transcript(examples, run.outputs, index - 1))
        if not check_example(example, output, exact):
            got, printed = bounded(output)
            message = "output was cut: it was far too long" if output.truncated else ""
            if output.raised is None and not output.truncated:
                message = _unseen_difference(ok_answer(example.want)[1],
                                             output.printed.splitlines()) or message
            if output.raised is not None:
                got += output.raised.line
                if ok_answer(example.want) == (False, detail_lines(output.raised.line)):
                    message = ("the error expected is written without its first lines: "
                               "an error is expected as `Traceback (most recent call "
                               "last):`, then `  ...`, then its last line (or as its "
                               "type's name alone)")
            return CaseResult(
                case, "failed", failed_example=index, expected=example.want, got=got,
                traceback=output.raised.traceback if output.raised else "",
                message=message,
                transcript=transcript(examples, run.outputs, index, last_output=False),
                printed_lines=printed, repr_printed=output.aside,
                debug_printed=output.debug)
    if run.teardown_error:
        return CaseResult(case, "error", traceback=run.teardown_error,
                          message="the case's teardown raised an error",
                          transcript=transcript(examples, run.outputs, len(examples) - 1))
    return CaseResult(case, "passed",
                      transcript=transcript(examples, run.outputs, len(examples) - 1))


def _unseen_difference(want: List[str], got: List[str]) -> str:
    """Words for a difference the Expected/Got display does not show: blank lines, or
    spaces at the ends of lines ("" when there is another)."""
    def seen(lines):
        return [line.rstrip() for line in lines if line.strip()]
    if want == got or seen(want) != seen(got):
        return ""
    blank = sum(not line.strip() for line in got) - sum(not line.strip() for line in want)
    if blank:
        return (f"what differs is {abs(blank)} blank line(s) {'more' if blank > 0 else 'fewer'} "
                f"than expected (printed {len(got)} line(s), {len(want)} expected), which the "
                "display below does not show")
    return "what differs is spaces at the end of a line, which the display below does not show"


REPR_PRINTED = ("The repr of the value shown printed this (ok shows it too; what a repr prints "
                "is never compared, only the text it returns):")
DEBUG_PRINTED = "Your DEBUG lines here (shown, as ok shows them; never compared):"


def raised_beyond_got(result: CaseResult) -> str:
    """The traceback a failure shows under its Got: none when it is only the exception's
    line (raised outside the student's frames), which Got already ends with."""
    text = result.traceback.strip()
    return "" if not text or result.got.rstrip().endswith(text) else result.traceback


def clip(text: str, cap: int = STORED_CAP) -> str:
    """TEXT cut to about CAP characters: its head and tail, and how much was left out."""
    if len(text) <= cap:
        return text
    half = cap // 2
    return (text[:half] + f"\n[... {len(text) - 2 * half} characters not kept (truncated) ...]\n"
            + text[len(text) - half:])


RESULT_TEXTS = ("expected", "got", "traceback", "message", "transcript", "note",
                "repr_printed", "debug_printed")


def clipped(result: CaseResult, cap: int = STORED_CAP) -> CaseResult:
    """RESULT with each of its texts clipped: what a case stores and shows is bounded,
    whatever the submission printed."""
    if all(len(getattr(result, name)) <= cap for name in RESULT_TEXTS):
        return result
    return dataclasses.replace(result, **{name: clip(getattr(result, name), cap)
                                          for name in RESULT_TEXTS})


SUBMISSION_CAP = 128 * 1024  # characters of failure texts one submission may store in all
SPENT_CAP = 80  # characters of each text kept once that is spent (an expected "10" stays)
FAILED = ("failed", "error", "timeout")


class Room:
    """What one submission may still store of its results' texts: STORED_CAP per text,
    TOTAL in all. Past TOTAL each text keeps SPENT_CAP at most, so a record (in
    results.json, the SQLite store, Gradescope's output, the report) stays small
    however many cases fail and whatever each prints or raises."""

    def __init__(self, total: int = SUBMISSION_CAP):
        self.left = total

    def text(self, text: str) -> str:
        kept = clip(text, min(STORED_CAP, max(self.left, SPENT_CAP)))
        self.left -= len(kept)
        return kept

    def keep(self, result: CaseResult) -> CaseResult:
        """RESULT clipped; the texts reports keep of it (all of a failure's, a passed
        case's note) taken from the room left."""
        stored = RESULT_TEXTS if result.status in FAILED else ("note",)
        changed = {}
        for name in RESULT_TEXTS:
            text = getattr(result, name)
            kept = self.text(text) if name in stored else clip(text)
            if kept is not text:
                changed[name] = kept
        return dataclasses.replace(result, **changed) if changed else result


def _setup_words(case: Case) -> str:
    """What raised, for a case whose setup did: importing the module, where the setup is
    only that (the doctest protocol's, which the student never wrote), else the setup."""
    setup = case.suite.setup_examples
    words = setup[0].source.split() if len(setup) == 1 else []
    if len(words) == 4 and words[0] == "from" and words[2:] == ["import", "*"]:
        return f"importing {words[1]} raised an error"
    return "the case's setup raised an error"
